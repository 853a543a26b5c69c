/* Events across two queues: a kernel held back by a user event that another thread completes, a
   second queue waiting on the first queue's event, event callbacks, markers, and profiling
   timestamps that must be ordered (queued <= submit <= start <= end). */
#include <pthread.h>
#include <unistd.h>

#include "app.h"

static const char *src = "__kernel void fill(__global int *a, int v) { a[get_global_id(0)] = v + get_global_id(0); }\n"
                         "__kernel void twice(__global int *a) { a[get_global_id(0)] *= 2; }\n";

static int callbacks;
static void CL_CALLBACK on_complete(cl_event e, cl_int status, void *user)
{
    (void)e;
    if (status == CL_COMPLETE)
        __atomic_add_fetch((int *)user, 1, __ATOMIC_SEQ_CST);
}

static void *release_later(void *arg)
{
    usleep(20000);
    clSetUserEventStatus(*(cl_event *)arg, CL_COMPLETE);
    return NULL;
}

int main(void)
{
    enum { N = 512 };
    app_init(CL_QUEUE_PROFILING_ENABLE);
    cl_int err;
    cl_command_queue q2 = clCreateCommandQueue(app_ctx, app_device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_program p = app_build(src, NULL);
    cl_kernel kf = app_kernel(p, "fill"), kt = app_kernel(p, "twice");
    cl_mem d = app_buffer(CL_MEM_READ_WRITE, N * sizeof(int32_t), NULL);
    int v = 1000;
    CHECK(clSetKernelArg(kf, 0, sizeof d, &d));
    CHECK(clSetKernelArg(kf, 1, sizeof v, &v));
    CHECK(clSetKernelArg(kt, 0, sizeof d, &d));
    cl_event gate = clCreateUserEvent(app_ctx, &err);
    CHECK(err);
    size_t global = N, local = 64;
    cl_event e_fill, e_twice, e_marker;
    CHECK(clEnqueueNDRangeKernel(app_queue, kf, 1, NULL, &global, &local, 1, &gate, &e_fill));
    CHECK(clSetEventCallback(e_fill, CL_COMPLETE, on_complete, &callbacks));
    cl_int st;
    CHECK(clGetEventInfo(e_fill, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    EXPECT(st > CL_COMPLETE); /* still held by the user event */
    CHECK(clEnqueueNDRangeKernel(q2, kt, 1, NULL, &global, &local, 1, &e_fill, &e_twice));
    CHECK(clSetEventCallback(e_twice, CL_COMPLETE, on_complete, &callbacks));
    CHECK(clEnqueueMarkerWithWaitList(q2, 0, NULL, &e_marker));
    pthread_t t;
    EXPECT(pthread_create(&t, NULL, release_later, &gate) == 0);
    CHECK(clWaitForEvents(1, &e_marker));
    pthread_join(t, NULL);
    CHECK(clFinish(app_queue));
    CHECK(clFinish(q2));
    int32_t out[N];
    CHECK(clEnqueueReadBuffer(q2, d, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        EXPECT(out[i] == 2 * (v + i));
    EXPECT(__atomic_load_n(&callbacks, __ATOMIC_SEQ_CST) == 2);
    cl_event evs[2] = {e_fill, e_twice};
    for (int i = 0; i < 2; i++) {
        cl_ulong t4[4];
        for (int j = 0; j < 4; j++)
            CHECK(clGetEventProfilingInfo(evs[i], CL_PROFILING_COMMAND_QUEUED + (cl_profiling_info)j, sizeof t4[j],
                                          &t4[j], NULL));
        EXPECT(t4[0] <= t4[1] && t4[1] <= t4[2] && t4[2] <= t4[3]);
    }
    cl_ulong end_fill, start_twice;
    CHECK(clGetEventProfilingInfo(e_fill, CL_PROFILING_COMMAND_END, sizeof end_fill, &end_fill, NULL));
    CHECK(clGetEventProfilingInfo(e_twice, CL_PROFILING_COMMAND_START, sizeof start_twice, &start_twice, NULL));
    EXPECT(end_fill <= start_twice);
    app_ints("out", out, N);
    clReleaseEvent(gate), clReleaseEvent(e_fill), clReleaseEvent(e_twice), clReleaseEvent(e_marker);
    clReleaseMemObject(d);
    clReleaseKernel(kf), clReleaseKernel(kt), clReleaseProgram(p);
    clReleaseCommandQueue(q2);
    app_finish();
    return 0;
}
