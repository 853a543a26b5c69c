/* Bitonic sort of 4096 keys: one kernel launched once per stage and pass, its arguments changed
   between launches (each launch keeps the arguments it was enqueued with). */
#include "app.h"

static const char *src =
    "__kernel void bitonic_step(__global uint *a, uint j, uint k) {\n"
    "    uint i = get_global_id(0), l = i ^ j;\n"
    "    if (l > i) {\n"
    "        uint x = a[i], y = a[l];\n"
    "        if (((i & k) == 0 && x > y) || ((i & k) != 0 && x < y)) { a[i] = y; a[l] = x; }\n"
    "    }\n"
    "}\n";

int main(void)
{
    enum { N = 4096 };
    static uint32_t keys[N], out[N];
    for (int i = 0; i < N; i++)
        keys[i] = app_rand();
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel kern = app_kernel(p, "bitonic_step");
    cl_mem d = app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof keys, keys);
    CHECK(clSetKernelArg(kern, 0, sizeof d, &d));
    size_t global = N, local = 64;
    for (cl_uint k = 2; k <= N; k <<= 1)
        for (cl_uint j = k >> 1; j > 0; j >>= 1) {
            CHECK(clSetKernelArg(kern, 1, sizeof j, &j));
            CHECK(clSetKernelArg(kern, 2, sizeof k, &k));
            CHECK(clEnqueueNDRangeKernel(app_queue, kern, 1, NULL, &global, &local, 0, NULL, NULL));
        }
    CHECK(clEnqueueReadBuffer(app_queue, d, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (int i = 1; i < N; i++)
        EXPECT(out[i - 1] <= out[i]);
    app_ints("sorted", (const int32_t *)out, N);
    clReleaseMemObject(d);
    clReleaseKernel(kern), clReleaseProgram(p);
    app_finish();
    return 0;
}
