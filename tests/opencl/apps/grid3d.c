/* A 3-D grid with a global offset: with an explicit local size, with a NULL local size on sizes
   that are multiples of nothing, and (where the device reports non-uniform work-group support;
   PoCL 3.1 does not) with partial work-groups, checked here and not printed. Every work-item
   records its ids, which must agree with the index arithmetic. */
#include "app.h"

static const char *src =
    "__kernel void ids(__global int *out, int ox, int oy, int oz, int sx, int sy) {\n"
    "    int x = get_global_id(0) - ox, y = get_global_id(1) - oy, z = get_global_id(2) - oz;\n"
    "    int i = (z * sy + y) * sx + x;\n"
    "    out[4 * i + 0] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2);\n"
    "    out[4 * i + 1] = get_group_id(0) + 10 * get_group_id(1) + 100 * get_group_id(2);\n"
    "    out[4 * i + 2] = get_global_offset(0) + get_global_offset(1) + get_global_offset(2);\n"
    "    out[4 * i + 3] = get_work_dim() * 1000 + get_global_size(0) + get_global_size(1) + get_global_size(2);\n"
    "}\n";

int main(void)
{
    enum { SX = 13, SY = 7, SZ = 5, N = SX * SY * SZ };
    app_init(0);
    cl_program p = app_build(src, "-cl-std=CL2.0");
    cl_kernel k = app_kernel(p, "ids");
    cl_mem d = app_buffer(CL_MEM_READ_WRITE, 4 * N * sizeof(int32_t), NULL);
    int ox = 3, oy = 1, oz = 2, sx = SX, sy = SY;
    CHECK(clSetKernelArg(k, 0, sizeof d, &d));
    CHECK(clSetKernelArg(k, 1, sizeof ox, &ox));
    CHECK(clSetKernelArg(k, 2, sizeof oy, &oy));
    CHECK(clSetKernelArg(k, 3, sizeof oz, &oz));
    CHECK(clSetKernelArg(k, 4, sizeof sx, &sx));
    CHECK(clSetKernelArg(k, 5, sizeof sy, &sy));
    size_t offset[3] = {3, 1, 2}, global[3] = {SX, SY, SZ}, local[3] = {4, 3, 2};
    static int32_t out[4 * N];
    /* uniform groups: 12x6x4 of the grid in 4x3x2 groups, printed */
    size_t even[3] = {12, 6, 4};
    int ex = 12, ey = 6;
    CHECK(clSetKernelArg(k, 4, sizeof ex, &ex));
    CHECK(clSetKernelArg(k, 5, sizeof ey, &ey));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 3, offset, even, local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, d, CL_TRUE, 0, 4 * 12 * 6 * 4 * sizeof(int32_t), out, 0, NULL, NULL));
    app_ints("uniform", out, 4 * 12 * 6 * 4);
    CHECK(clSetKernelArg(k, 4, sizeof sx, &sx));
    CHECK(clSetKernelArg(k, 5, sizeof sy, &sy));
    cl_bool non_uniform = CL_FALSE;
    clGetDeviceInfo(app_device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof non_uniform, &non_uniform, NULL);
    if (non_uniform) {
        CHECK(clEnqueueNDRangeKernel(app_queue, k, 3, offset, global, local, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(app_queue, d, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        for (int z = 0; z < SZ; z++)
            for (int y = 0; y < SY; y++)
                for (int x = 0; x < SX; x++) {
                    int i = (z * SY + y) * SX + x;
                    EXPECT(out[4 * i] == x % 4 + 10 * (y % 3) + 100 * (z % 2));
                    EXPECT(out[4 * i + 1] == x / 4 + 10 * (y / 3) + 100 * (z / 2));
                    EXPECT(out[4 * i + 2] == 6 && out[4 * i + 3] == 3000 + SX + SY + SZ);
                }
    }
    /* NULL local size: the group shape is the platform's choice, so only the offsets and sizes print */
    CHECK(clEnqueueFillBuffer(app_queue, d, &(int32_t){-1}, 4, 0, sizeof out, 0, NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 3, offset, global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, d, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    int32_t sizes[N];
    for (int i = 0; i < N; i++) {
        EXPECT(out[4 * i + 2] == 6);
        sizes[i] = out[4 * i + 3];
    }
    app_ints("null-local", sizes, N);
    clReleaseMemObject(d);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
