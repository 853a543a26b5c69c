/* A 256-bin histogram with atomics: per-group bins in __local memory (atomic_inc), merged into the
   global histogram with atomic_add; a second kernel counts with global atomics only. */
#include "app.h"

static const char *src =
    "__kernel void hist_local(__global const uchar *in, int n, __global uint *bins) {\n"
    "    __local uint h[256];\n"
    "    for (int i = get_local_id(0); i < 256; i += get_local_size(0)) h[i] = 0;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&h[in[i]]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int i = get_local_id(0); i < 256; i += get_local_size(0)) atomic_add(&bins[i], h[i]);\n"
    "}\n"
    "__kernel void hist_global(__global const uchar *in, __global uint *bins) {\n"
    "    atomic_inc(&bins[in[get_global_id(0)]]);\n"
    "}\n";

int main(void)
{
    enum { N = 1 << 16 };
    static uint8_t in[N];
    uint32_t want[256] = {0}, h1[256], h2[256];
    for (int i = 0; i < N; i++) {
        in[i] = (uint8_t)((app_rand() % 256) * (app_rand() % 3 ? 1 : 0));
        want[in[i]]++;
    }
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k1 = app_kernel(p, "hist_local"), k2 = app_kernel(p, "hist_global");
    cl_mem din = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in);
    cl_mem b1 = app_buffer(CL_MEM_READ_WRITE, sizeof h1, NULL), b2 = app_buffer(CL_MEM_READ_WRITE, sizeof h2, NULL);
    uint32_t zero = 0;
    CHECK(clEnqueueFillBuffer(app_queue, b1, &zero, sizeof zero, 0, sizeof h1, 0, NULL, NULL));
    CHECK(clEnqueueFillBuffer(app_queue, b2, &zero, sizeof zero, 0, sizeof h2, 0, NULL, NULL));
    int n = N;
    CHECK(clSetKernelArg(k1, 0, sizeof din, &din));
    CHECK(clSetKernelArg(k1, 1, sizeof n, &n));
    CHECK(clSetKernelArg(k1, 2, sizeof b1, &b1));
    CHECK(clSetKernelArg(k2, 0, sizeof din, &din));
    CHECK(clSetKernelArg(k2, 1, sizeof b2, &b2));
    size_t g1 = 4096, l1 = 128, g2 = N, l2 = 256;
    CHECK(clEnqueueNDRangeKernel(app_queue, k1, 1, NULL, &g1, &l1, 0, NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(app_queue, k2, 1, NULL, &g2, &l2, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, b1, CL_TRUE, 0, sizeof h1, h1, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, b2, CL_TRUE, 0, sizeof h2, h2, 0, NULL, NULL));
    EXPECT(memcmp(h1, want, sizeof want) == 0);
    EXPECT(memcmp(h2, want, sizeof want) == 0);
    app_ints("local", (const int32_t *)h1, 256);
    app_ints("global", (const int32_t *)h2, 256);
    clReleaseMemObject(din), clReleaseMemObject(b1), clReleaseMemObject(b2);
    clReleaseKernel(k1), clReleaseKernel(k2), clReleaseProgram(p);
    app_finish();
    return 0;
}
