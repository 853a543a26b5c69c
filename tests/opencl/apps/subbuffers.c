/* Sub-buffers: four views of one buffer, each written by its own launch, read back through the
   parent; an overlapping read-only view reads what the others wrote. */
#include "app.h"

static const char *src = "__kernel void mark(__global int *a, int tag) { a[get_global_id(0)] = tag * 10000 + get_global_id(0); }\n"
                         "__kernel void copy(__global const int *a, __global int *b) { b[get_global_id(0)] = a[get_global_id(0)]; }\n";

int main(void)
{
    enum { PART = 1024, N = 4 * PART };
    app_init(0);
    cl_uint align_bits;
    CHECK(clGetDeviceInfo(app_device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL));
    EXPECT(PART * sizeof(int32_t) % (align_bits / 8) == 0);
    cl_program p = app_build(src, NULL);
    cl_kernel km = app_kernel(p, "mark"), kc = app_kernel(p, "copy");
    cl_mem whole = app_buffer(CL_MEM_READ_WRITE, N * sizeof(int32_t), NULL);
    cl_mem parts[4];
    cl_int err;
    for (int i = 0; i < 4; i++) {
        cl_buffer_region r = {i * PART * sizeof(int32_t), PART * sizeof(int32_t)};
        parts[i] = clCreateSubBuffer(whole, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
        CHECK(err);
        int tag = i + 1;
        CHECK(clSetKernelArg(km, 0, sizeof parts[i], &parts[i]));
        CHECK(clSetKernelArg(km, 1, sizeof tag, &tag));
        size_t global = PART;
        CHECK(clEnqueueNDRangeKernel(app_queue, km, 1, NULL, &global, NULL, 0, NULL, NULL));
    }
    cl_buffer_region mid = {PART * sizeof(int32_t) / 2 * 2 + 0, 2 * PART * sizeof(int32_t)};
    cl_mem view = clCreateSubBuffer(whole, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &mid, &err);
    CHECK(err);
    cl_mem out = app_buffer(CL_MEM_WRITE_ONLY, 2 * PART * sizeof(int32_t), NULL);
    CHECK(clSetKernelArg(kc, 0, sizeof view, &view));
    CHECK(clSetKernelArg(kc, 1, sizeof out, &out));
    size_t g2 = 2 * PART;
    CHECK(clEnqueueNDRangeKernel(app_queue, kc, 1, NULL, &g2, NULL, 0, NULL, NULL));
    static int32_t all[N], copied[2 * PART];
    CHECK(clEnqueueReadBuffer(app_queue, whole, CL_TRUE, 0, sizeof all, all, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, out, CL_TRUE, 0, sizeof copied, copied, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        EXPECT(all[i] == (i / PART + 1) * 10000 + i % PART);
    EXPECT(memcmp(copied, all + PART, sizeof copied) == 0);
    size_t off;
    cl_mem assoc;
    CHECK(clGetMemObjectInfo(parts[2], CL_MEM_OFFSET, sizeof off, &off, NULL));
    CHECK(clGetMemObjectInfo(parts[2], CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL));
    EXPECT(off == 2 * PART * sizeof(int32_t) && assoc == whole);
    app_ints("whole", all, N);
    for (int i = 0; i < 4; i++)
        clReleaseMemObject(parts[i]);
    clReleaseMemObject(view), clReleaseMemObject(out), clReleaseMemObject(whole);
    clReleaseKernel(km), clReleaseKernel(kc), clReleaseProgram(p);
    app_finish();
    return 0;
}
