/* An inclusive prefix sum: a Hillis-Steele scan per work-group, the group totals scanned by a
   second kernel, and a third that adds them back (three kernels, one program, in-order queue). */
#include "app.h"

static const char *src =
    "__kernel void scan_groups(__global int *data, __global int *totals, __local int *t) {\n"
    "    int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);\n"
    "    t[l] = data[g];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int off = 1; off < n; off <<= 1) {\n"
    "        int v = l >= off ? t[l - off] : 0;\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        t[l] += v;\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    data[g] = t[l];\n"
    "    if (l == n - 1) totals[get_group_id(0)] = t[l];\n"
    "}\n"
    "__kernel void scan_serial(__global int *totals, int n) {\n"
    "    for (int i = 1; i < n; i++) totals[i] += totals[i - 1];\n"
    "}\n"
    "__kernel void add_back(__global int *data, __global const int *totals) {\n"
    "    int grp = get_group_id(0);\n"
    "    if (grp > 0) data[get_global_id(0)] += totals[grp - 1];\n"
    "}\n";

int main(void)
{
    enum { N = 64 * 256, L = 256 };
    static int32_t data[N], out[N];
    for (int i = 0; i < N; i++)
        data[i] = (int32_t)(app_rand() % 100);
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k1 = app_kernel(p, "scan_groups"), k2 = app_kernel(p, "scan_serial"), k3 = app_kernel(p, "add_back");
    cl_mem dd = app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data);
    cl_mem dt = app_buffer(CL_MEM_READ_WRITE, (N / L) * sizeof(int32_t), NULL);
    int ng = N / L;
    CHECK(clSetKernelArg(k1, 0, sizeof dd, &dd));
    CHECK(clSetKernelArg(k1, 1, sizeof dt, &dt));
    CHECK(clSetKernelArg(k1, 2, L * sizeof(int32_t), NULL));
    CHECK(clSetKernelArg(k2, 0, sizeof dt, &dt));
    CHECK(clSetKernelArg(k2, 1, sizeof ng, &ng));
    CHECK(clSetKernelArg(k3, 0, sizeof dd, &dd));
    CHECK(clSetKernelArg(k3, 1, sizeof dt, &dt));
    size_t global = N, local = L;
    CHECK(clEnqueueNDRangeKernel(app_queue, k1, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueTask(app_queue, k2, 0, NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(app_queue, k3, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dd, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    int32_t run = 0;
    for (int i = 0; i < N; i++) {
        run += data[i];
        EXPECT(out[i] == run);
    }
    app_ints("scan", out, N);
    clReleaseMemObject(dd), clReleaseMemObject(dt);
    clReleaseKernel(k1), clReleaseKernel(k2), clReleaseKernel(k3), clReleaseProgram(p);
    app_finish();
    return 0;
}
