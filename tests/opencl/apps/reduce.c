/* A work-group tree reduction in __local memory given as a kernel argument (clSetKernelArg with a
   size and no value), partial sums per group, summed again on the device by a second launch. */
#include "app.h"

static const char *src =
    "__kernel void reduce(__global const int *in, __global int *out, __local int *tmp, int n) {\n"
    "    int g = get_global_id(0), l = get_local_id(0);\n"
    "    int acc = 0;\n"
    "    for (int i = g; i < n; i += get_global_size(0)) acc += in[i];\n"
    "    tmp[l] = acc;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
    "        if (l < s) tmp[l] += tmp[l + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0) out[get_group_id(0)] = tmp[0];\n"
    "}\n";

int main(void)
{
    enum { N = 100000, L = 128 };
    static int32_t in[N];
    int64_t want = 0;
    for (int i = 0; i < N; i++) {
        in[i] = (int32_t)(app_rand() % 2001) - 1000;
        want += in[i];
    }
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "reduce");
    size_t groups = (N + L - 1) / L;
    cl_mem din = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in);
    cl_mem dpart = app_buffer(CL_MEM_READ_WRITE, groups * sizeof(int32_t), NULL);
    cl_mem dsum = app_buffer(CL_MEM_READ_WRITE, sizeof(int32_t), NULL);
    int n = N;
    CHECK(clSetKernelArg(k, 0, sizeof din, &din));
    CHECK(clSetKernelArg(k, 1, sizeof dpart, &dpart));
    CHECK(clSetKernelArg(k, 2, L * sizeof(int32_t), NULL));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t global = groups * L, local = L;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
    /* second pass: one group, as large as the kernel allows (CL_KERNEL_WORK_GROUP_SIZE), over the
       partial sums (each work-item first adds up its share) */
    size_t l2;
    CHECK(clGetKernelWorkGroupInfo(k, app_device, CL_KERNEL_WORK_GROUP_SIZE, sizeof l2, &l2, NULL));
    EXPECT(l2 >= 64);
    while (l2 & (l2 - 1))
        l2 &= l2 - 1;
    int ng = (int)groups;
    CHECK(clSetKernelArg(k, 0, sizeof dpart, &dpart));
    CHECK(clSetKernelArg(k, 1, sizeof dsum, &dsum));
    CHECK(clSetKernelArg(k, 2, l2 * sizeof(int32_t), NULL));
    CHECK(clSetKernelArg(k, 3, sizeof ng, &ng));
    size_t g2 = l2;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &g2, &l2, 0, NULL, NULL));
    static int32_t part[(N + L - 1) / L];
    int32_t sum;
    CHECK(clEnqueueReadBuffer(app_queue, dpart, CL_TRUE, 0, sizeof part, part, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dsum, CL_TRUE, 0, sizeof sum, &sum, 0, NULL, NULL));
    EXPECT(sum == want);
    app_ints("partial", part, groups);
    app_ints("sum", &sum, 1);
    clReleaseMemObject(din), clReleaseMemObject(dpart), clReleaseMemObject(dsum);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
