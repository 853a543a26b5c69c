/* A 5-point stencil iterated 20 times between two buffers (ping-pong), 2-D, with a NULL local
   size (the platform picks the work-group shape). */
#include "app.h"

static const char *src =
    "__kernel void jacobi(__global const float *in, __global float *out, int w, int h) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) { out[y * w + x] = in[y * w + x]; return; }\n"
    "    out[y * w + x] = 0.25f * (in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] +\n"
    "                              in[(y + 1) * w + x]);\n"
    "}\n";

int main(void)
{
    enum { W = 96, H = 80 };
    static float grid[W * H], out[W * H];
    for (int i = 0; i < W * H; i++)
        grid[i] = (float)(app_rand() % 1000) / 8.0f;
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "jacobi");
    cl_mem b[2] = {app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof grid, grid),
                   app_buffer(CL_MEM_READ_WRITE, sizeof grid, NULL)};
    int w = W, h = H;
    CHECK(clSetKernelArg(k, 2, sizeof w, &w));
    CHECK(clSetKernelArg(k, 3, sizeof h, &h));
    size_t global[2] = {W, H};
    for (int it = 0; it < 20; it++) {
        CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &b[it & 1]));
        CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &b[(it + 1) & 1]));
        CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
    }
    CHECK(clEnqueueReadBuffer(app_queue, b[0], CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    /* the sum of four, then a multiplication by 0.25 (exact): the same on both unless one contracts
       differently, which four additions cannot */
    app_floats("grid", 0, out, W * H);
    clReleaseMemObject(b[0]), clReleaseMemObject(b[1]);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
