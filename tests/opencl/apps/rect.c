/* Rectangular transfers: a 2-D tile written into a padded device image with WriteBufferRect, moved
   within and between buffers with CopyBufferRect, read back with ReadBufferRect, and a 3-D box. */
#include "app.h"

static const char *src = "__kernel void inc(__global int *a) { a[get_global_id(0)] += 1; }\n";

int main(void)
{
    enum { W = 40, H = 30, D = 4 };
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "inc");
    static int32_t host[W * H * D], tile[12 * 9 * 3], out[W * H * D];
    for (int i = 0; i < 12 * 9 * 3; i++)
        tile[i] = i + 1;
    cl_mem a = app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
    cl_mem b = app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
    size_t rowp = W * sizeof(int32_t), slicep = W * H * sizeof(int32_t);
    size_t borigin[3] = {5 * sizeof(int32_t), 7, 1}, horigin[3] = {0, 0, 0}, region[3] = {12 * sizeof(int32_t), 9, 3};
    CHECK(clEnqueueWriteBufferRect(app_queue, a, CL_FALSE, borigin, horigin, region, rowp, slicep,
                                   12 * sizeof(int32_t), 12 * 9 * sizeof(int32_t), tile, 0, NULL, NULL));
    size_t global = W * H * D;
    CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    size_t src_o[3] = {5 * sizeof(int32_t), 7, 1}, dst_o[3] = {20 * sizeof(int32_t), 2, 0};
    CHECK(clEnqueueCopyBufferRect(app_queue, a, b, src_o, dst_o, region, rowp, slicep, rowp, slicep, 0, NULL, NULL));
    size_t in_o[3] = {0, 0, 0}, far_o[3] = {26 * sizeof(int32_t), 18, 1};
    size_t small[3] = {6 * sizeof(int32_t), 5, 1};
    CHECK(clEnqueueCopyBufferRect(app_queue, b, b, in_o, far_o, small, rowp, slicep, rowp, slicep, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, a, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 9; y++)
            for (int x = 0; x < 12; x++)
                EXPECT(out[(1 + z) * W * H + (7 + y) * W + 5 + x] == tile[z * 108 + y * 12 + x] + 1);
    app_ints("a", out, W * H * D);
    static int32_t got[8 * 10 * 3];
    size_t ro[3] = {18 * sizeof(int32_t), 1, 0}, rr[3] = {8 * sizeof(int32_t), 10, 3};
    CHECK(clEnqueueReadBufferRect(app_queue, b, CL_TRUE, ro, horigin, rr, rowp, slicep, 0, 0, got, 0, NULL, NULL));
    app_ints("b", got, 8 * 10 * 3);
    EXPECT(clEnqueueCopyBufferRect(app_queue, a, a, src_o, src_o, region, rowp, slicep, rowp, slicep, 0, NULL, NULL) ==
           CL_MEM_COPY_OVERLAP);
    clReleaseMemObject(a), clReleaseMemObject(b);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
