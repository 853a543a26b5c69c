/* Map and unmap: a buffer filled through a write mapping, a USE_HOST_PTR buffer whose host memory
   a kernel updates (seen through a read mapping), and an ALLOC_HOST_PTR buffer read by mapping. */
#include "app.h"

static const char *src = "__kernel void square(__global int *a) { int i = get_global_id(0); a[i] = a[i] * a[i]; }\n";

int main(void)
{
    enum { N = 2000 };
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "square");
    cl_int err;
    size_t global = N;
    /* 1: fill through a mapping */
    cl_mem a = app_buffer(CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, N * sizeof(int32_t), NULL);
    int32_t *m = clEnqueueMapBuffer(app_queue, a, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, N * sizeof(int32_t), 0,
                                    NULL, NULL, &err);
    CHECK(err);
    for (int i = 0; i < N; i++)
        m[i] = i - 1000;
    CHECK(clEnqueueUnmapMemObject(app_queue, a, m, 0, NULL, NULL));
    CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    m = clEnqueueMapBuffer(app_queue, a, CL_TRUE, CL_MAP_READ, 0, N * sizeof(int32_t), 0, NULL, NULL, &err);
    CHECK(err);
    for (int i = 0; i < N; i++)
        EXPECT(m[i] == (i - 1000) * (i - 1000));
    app_ints("mapped", m, N);
    cl_uint maps;
    CHECK(clGetMemObjectInfo(a, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL));
    EXPECT(maps == 1);
    CHECK(clEnqueueUnmapMemObject(app_queue, a, m, 0, NULL, NULL));
    /* 2: USE_HOST_PTR: the application's array is the storage */
    static int32_t host[N];
    for (int i = 0; i < N; i++)
        host[i] = 3 * i;
    cl_mem b = app_buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof host, host);
    CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    int32_t *hb = clEnqueueMapBuffer(app_queue, b, CL_TRUE, CL_MAP_READ, 0, sizeof host, 0, NULL, NULL, &err);
    CHECK(err);
    for (int i = 0; i < N; i++)
        EXPECT(hb[i] == 9 * i * i);
    app_ints("host", hb, N);
    CHECK(clEnqueueUnmapMemObject(app_queue, b, hb, 0, NULL, NULL));
    /* 3: a partial mapping at an offset, written, then the whole buffer read */
    int32_t *part = clEnqueueMapBuffer(app_queue, b, CL_TRUE, CL_MAP_WRITE, 100 * sizeof(int32_t), 10 * sizeof(int32_t),
                                       0, NULL, NULL, &err);
    CHECK(err);
    for (int i = 0; i < 10; i++)
        part[i] = -i;
    CHECK(clEnqueueUnmapMemObject(app_queue, b, part, 0, NULL, NULL));
    static int32_t back[N];
    CHECK(clEnqueueReadBuffer(app_queue, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
    for (int i = 0; i < 10; i++)
        EXPECT(back[100 + i] == -i);
    app_ints("partial", back, N);
    clReleaseMemObject(a), clReleaseMemObject(b);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
