/* Program binaries: build from source, take CL_PROGRAM_BINARIES, make a second program from them,
   and run a kernel of each; the arguments are reported by clGetKernelArgInfo. */
#include "app.h"

static const char *src = "__kernel void poly(__global const int *x, __global int *y, const int a) {\n"
                         "    int i = get_global_id(0); y[i] = a * x[i] * x[i] + 3 * x[i] - 7;\n"
                         "}\n";

int main(void)
{
    enum { N = 777 };
    app_init(0);
    cl_program p = app_build(src, NULL);
    size_t size;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
    EXPECT(size > 0);
    unsigned char *bin = malloc(size);
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
    cl_int status, err;
    cl_program p2 = clCreateProgramWithBinary(app_ctx, 1, &app_device, &size, (const unsigned char **)&bin, &status, &err);
    CHECK(err);
    CHECK(status);
    CHECK(clBuildProgram(p2, 1, &app_device, NULL, NULL, NULL));
    cl_program_binary_type type;
    CHECK(clGetProgramBuildInfo(p2, app_device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
    EXPECT(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
    static int32_t x[N], y1[N], y2[N];
    for (int i = 0; i < N; i++)
        x[i] = (int32_t)(app_rand() % 200) - 100;
    cl_mem dx = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x);
    cl_mem dy = app_buffer(CL_MEM_WRITE_ONLY, sizeof y1, NULL);
    int a = 5;
    cl_program progs[2] = {p, p2};
    int32_t *outs[2] = {y1, y2};
    for (int i = 0; i < 2; i++) {
        cl_kernel k = app_kernel(progs[i], "poly");
        CHECK(clSetKernelArg(k, 0, sizeof dx, &dx));
        CHECK(clSetKernelArg(k, 1, sizeof dy, &dy));
        CHECK(clSetKernelArg(k, 2, sizeof a, &a));
        size_t global = N;
        CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(app_queue, dy, CL_TRUE, 0, sizeof y1, outs[i], 0, NULL, NULL));
        if (i == 0) {
            char name[64], type_name[64];
            cl_kernel_arg_address_qualifier aq;
            cl_kernel_arg_type_qualifier tq;
            CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL));
            CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof type_name, type_name, NULL));
            CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
            CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL));
            EXPECT(strcmp(name, "x") == 0 && strcmp(type_name, "int*") == 0);
            EXPECT(aq == CL_KERNEL_ARG_ADDRESS_GLOBAL && tq == CL_KERNEL_ARG_TYPE_CONST);
            CHECK(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
            EXPECT(aq == CL_KERNEL_ARG_ADDRESS_PRIVATE);
        }
        clReleaseKernel(k);
    }
    EXPECT(memcmp(y1, y2, sizeof y1) == 0);
    for (int i = 0; i < N; i++)
        EXPECT(y1[i] == a * x[i] * x[i] + 3 * x[i] - 7);
    app_ints("y", y1, N);
    free(bin);
    clReleaseMemObject(dx), clReleaseMemObject(dy);
    clReleaseProgram(p), clReleaseProgram(p2);
    app_finish();
    return 0;
}
