/* Arguments by value that are not 4 or 8 bytes: a float4, an int3, a struct; and a __constant
   buffer argument. */
#include "app.h"

typedef struct {
    cl_int count;
    cl_float scale;
    cl_long base;
    cl_short tag;
} params;

static const char *src =
    "typedef struct { int count; float scale; long base; short tag; } params;\n"
    "__kernel void apply(__global float4 *out, float4 offset, int3 mul, params p, __constant int *table) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i >= p.count) return;\n"
    "    float4 v = (float4)(i * mul.x, i * mul.y, i * mul.z, (float)(p.base + p.tag));\n"
    "    out[i] = v * p.scale + offset + (float4)(table[i % 4]);\n"
    "}\n";

int main(void)
{
    enum { N = 200 };
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "apply");
    cl_mem out = app_buffer(CL_MEM_WRITE_ONLY, N * sizeof(cl_float4), NULL);
    int32_t table[4] = {1, 20, 300, 4000};
    cl_mem dt = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof table, table);
    cl_float4 offset = {{0.5f, -0.25f, 2.0f, 8.0f}};
    cl_int3 mul = {{2, -3, 5, 0}};
    params prm;
    memset(&prm, 0, sizeof prm);
    prm.count = 150;
    prm.scale = 1.5f;
    prm.base = 1000;
    prm.tag = 7;
    CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CHECK(clSetKernelArg(k, 1, sizeof offset, &offset));
    CHECK(clSetKernelArg(k, 2, sizeof mul, &mul));
    CHECK(clSetKernelArg(k, 3, sizeof prm, &prm));
    CHECK(clSetKernelArg(k, 4, sizeof dt, &dt));
    float zero = 0;
    CHECK(clEnqueueFillBuffer(app_queue, out, &zero, sizeof zero, 0, N * sizeof(cl_float4), 0, NULL, NULL));
    size_t global = N;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    static cl_float4 res[N];
    CHECK(clEnqueueReadBuffer(app_queue, out, CL_TRUE, 0, sizeof res, res, 0, NULL, NULL));
    for (int i = 0; i < 150; i++)
        EXPECT(res[i].s[3] == 1007.0f * 1.5f + 8.0f + (float)table[i % 4]);
    EXPECT(res[150].s[0] == 0.0f);
    app_floats("out", 0, (const float *)res, 4 * N);
    clReleaseMemObject(out), clReleaseMemObject(dt);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
