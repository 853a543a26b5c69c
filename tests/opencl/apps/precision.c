/* double and half: correctly rounded double operations (+ - * / sqrt fma) must agree bit for bit;
   half conversions (vload_half, vstore_half, vstore_half_rtz) are exact operations too. */
#include "app.h"

static const char *src =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "__kernel void dbl(__global const double *a, __global const double *b, __global double *out) {\n"
    "    int i = get_global_id(0);\n"
    "    double x = a[i], y = b[i];\n"
    "    out[6 * i + 0] = x + y;\n"
    "    out[6 * i + 1] = x - y;\n"
    "    out[6 * i + 2] = x * y;\n"
    "    out[6 * i + 3] = x / y;\n"
    "    out[6 * i + 4] = sqrt(fabs(x));\n"
    "    out[6 * i + 5] = fma(x, y, -x);\n"
    "}\n"
    "__kernel void halves(__global const float *f, __global half *h, __global half *hz, __global float *back) {\n"
    "    int i = get_global_id(0);\n"
    "    vstore_half(f[i], i, h);\n"
    "    vstore_half_rtz(f[i], i, hz);\n"
    "    back[i] = vload_half(i, h);\n"
    "}\n";

int main(void)
{
    enum { N = 512 };
    static double a[N], b[N], out[6 * N];
    static float f[N], back[N];
    static uint16_t h[N], hz[N];
    for (int i = 0; i < N; i++) {
        a[i] = ((double)app_rand() - 8388608.0) / ((double)(app_rand() % 1000) + 0.5);
        b[i] = ((double)app_rand() + 1.0) / 977.0;
        uint32_t bits = app_rand() << 8 | (app_rand() & 0xff);
        memcpy(&f[i], &bits, 4);
        if (f[i] != f[i])
            f[i] = (float)i; /* NaN payloads are implementation-defined through half */
    }
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel kd = app_kernel(p, "dbl"), kh = app_kernel(p, "halves");
    cl_mem da = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a);
    cl_mem db = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b);
    cl_mem dout = app_buffer(CL_MEM_WRITE_ONLY, sizeof out, NULL);
    cl_mem df = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof f, f);
    cl_mem dh = app_buffer(CL_MEM_READ_WRITE, sizeof h, NULL), dhz = app_buffer(CL_MEM_READ_WRITE, sizeof hz, NULL);
    cl_mem dback = app_buffer(CL_MEM_WRITE_ONLY, sizeof back, NULL);
    CHECK(clSetKernelArg(kd, 0, sizeof da, &da));
    CHECK(clSetKernelArg(kd, 1, sizeof db, &db));
    CHECK(clSetKernelArg(kd, 2, sizeof dout, &dout));
    CHECK(clSetKernelArg(kh, 0, sizeof df, &df));
    CHECK(clSetKernelArg(kh, 1, sizeof dh, &dh));
    CHECK(clSetKernelArg(kh, 2, sizeof dhz, &dhz));
    CHECK(clSetKernelArg(kh, 3, sizeof dback, &dback));
    size_t global = N, local = 64;
    CHECK(clEnqueueNDRangeKernel(app_queue, kd, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(app_queue, kh, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dh, CL_TRUE, 0, sizeof h, h, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dhz, CL_TRUE, 0, sizeof hz, hz, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dback, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        EXPECT(out[6 * i] == a[i] + b[i] && out[6 * i + 2] == a[i] * b[i] && out[6 * i + 3] == a[i] / b[i]);
    app_doubles("double", 0, out, 6 * N);
    int32_t hw[N], hzw[N];
    for (int i = 0; i < N; i++) {
        hw[i] = h[i];
        hzw[i] = hz[i];
    }
    app_ints("half", hw, N);
    app_ints("half_rtz", hzw, N);
    app_floats("back", 0, back, N);
    clReleaseMemObject(da), clReleaseMemObject(db), clReleaseMemObject(dout), clReleaseMemObject(df);
    clReleaseMemObject(dh), clReleaseMemObject(dhz), clReleaseMemObject(dback);
    clReleaseKernel(kd), clReleaseKernel(kh), clReleaseProgram(p);
    app_finish();
    return 0;
}
