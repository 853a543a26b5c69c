/* Separate compilation: two sources compiled with clCompileProgram (one includes an embedded header
   program under its include name), a library made with -create-library, and an executable linked
   from the library and the second object. */
#include "app.h"

static const char *header = "#define SCALE 3\nint helper(int x);\n";
static const char *lib_src = "#include \"inc/common.h\"\nint helper(int x) { return SCALE * x + 1; }\n";
static const char *main_src = "#include \"inc/common.h\"\n"
                              "__kernel void use(__global int *a) { int i = get_global_id(0); a[i] = helper(a[i]) * SCALE; }\n";

static cl_program compile(const char *text, cl_program hdr)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(app_ctx, 1, &text, NULL, &err);
    CHECK(err);
    const char *name = "inc/common.h";
    err = clCompileProgram(p, 1, &app_device, "-cl-std=CL1.2", 1, &hdr, &name, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(p, app_device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "error: compile failed (%d): %s\n", (int)err, log);
        exit(1);
    }
    cl_program_binary_type t;
    CHECK(clGetProgramBuildInfo(p, app_device, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL));
    EXPECT(t == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
    return p;
}

int main(void)
{
    enum { N = 300 };
    app_init(0);
    cl_int err;
    cl_program hdr = clCreateProgramWithSource(app_ctx, 1, &header, NULL, &err);
    CHECK(err);
    cl_program lib_obj = compile(lib_src, hdr), main_obj = compile(main_src, hdr);
    cl_program lib = clLinkProgram(app_ctx, 1, &app_device, "-create-library", 1, &lib_obj, NULL, NULL, &err);
    CHECK(err);
    cl_program_binary_type t;
    CHECK(clGetProgramBuildInfo(lib, app_device, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL));
    EXPECT(t == CL_PROGRAM_BINARY_TYPE_LIBRARY);
    cl_program inputs[2] = {main_obj, lib};
    cl_program exe = clLinkProgram(app_ctx, 1, &app_device, NULL, 2, inputs, NULL, NULL, &err);
    CHECK(err);
    cl_kernel k = app_kernel(exe, "use");
    static int32_t a[N];
    for (int i = 0; i < N; i++)
        a[i] = i - 150;
    cl_mem d = app_buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof a, a);
    CHECK(clSetKernelArg(k, 0, sizeof d, &d));
    size_t global = N;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, d, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        EXPECT(a[i] == (3 * (i - 150) + 1) * 3);
    app_ints("a", a, N);
    clReleaseMemObject(d);
    clReleaseKernel(k);
    clReleaseProgram(exe), clReleaseProgram(lib), clReleaseProgram(lib_obj), clReleaseProgram(main_obj);
    clReleaseProgram(hdr);
    app_finish();
    return 0;
}
