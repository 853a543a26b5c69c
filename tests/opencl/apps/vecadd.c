/* Vector addition: buffers made from host memory, one 1-D launch, a blocking read. */
#include "app.h"

static const char *src = "__kernel void add(__global const float *a, __global const float *b, __global float *c,\n"
                         "                  int n) {\n"
                         "    int i = get_global_id(0);\n"
                         "    if (i < n) c[i] = a[i] + b[i];\n"
                         "}\n";

int main(void)
{
    enum { N = 10000 };
    static float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)(app_rand() % 100000) / 7.0f;
        b[i] = (float)(app_rand() % 100000) / 13.0f;
    }
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "add");
    cl_mem da = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a);
    cl_mem db = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b);
    cl_mem dc = app_buffer(CL_MEM_WRITE_ONLY, sizeof c, NULL);
    int n = N;
    CHECK(clSetKernelArg(k, 0, sizeof da, &da));
    CHECK(clSetKernelArg(k, 1, sizeof db, &db));
    CHECK(clSetKernelArg(k, 2, sizeof dc, &dc));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t global = 10240, local = 256;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        EXPECT(c[i] == a[i] + b[i]); /* one correctly rounded addition */
    app_floats("c", 0, c, N);
    clReleaseMemObject(da), clReleaseMemObject(db), clReleaseMemObject(dc);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
