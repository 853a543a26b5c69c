/* Shared scaffolding of the OpenCL application tests: plain OpenCL host code against <CL/cl.h> and
   the ICD loader, nothing of wavesim's. Each application takes the first platform the loader offers
   (the tests choose it with OCL_ICD_VENDORS), runs its kernels, and prints its results in a form
   tests/opencl/run_apps.py compares between two platforms:
     "i NAME v v v..."          integers, equal
     "f NAME ULP x x x..."      floats as hex bits, within ULP units in the last place
     "a NAME TOL x x x..."      floats as hex bits, within TOL of each other (absolute)
   A check that fails prints "error: ..." on stderr and exits 1. */
#ifndef APP_H
#define APP_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cl_platform_id app_platform;
static cl_device_id app_device;
static cl_context app_ctx;
static cl_command_queue app_queue;

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cl_int app_err_ = (call);                                                        \
        if (app_err_ != CL_SUCCESS) {                                                    \
            fprintf(stderr, "error: %s:%d: %s returned %d\n", __FILE__, __LINE__, #call, \
                    (int)app_err_);                                                      \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

#define EXPECT(cond)                                                                 \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "error: %s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

/* The first platform and its first GPU, else its first device; a context and a queue. */
static inline void app_init(cl_command_queue_properties props)
{
    cl_uint n = 0;
    CHECK(clGetPlatformIDs(1, &app_platform, &n));
    EXPECT(n >= 1);
    if (clGetDeviceIDs(app_platform, CL_DEVICE_TYPE_GPU, 1, &app_device, NULL) != CL_SUCCESS)
        CHECK(clGetDeviceIDs(app_platform, CL_DEVICE_TYPE_ALL, 1, &app_device, NULL));
    char name[256];
    CHECK(clGetPlatformInfo(app_platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
    fprintf(stderr, "platform: %s\n", name);
    cl_int err;
    app_ctx = clCreateContext(NULL, 1, &app_device, NULL, NULL, &err);
    CHECK(err);
    app_queue = clCreateCommandQueue(app_ctx, app_device, props, &err);
    CHECK(err);
}

static inline void app_finish(void)
{
    CHECK(clReleaseCommandQueue(app_queue));
    CHECK(clReleaseContext(app_ctx));
}

/* Builds source; on failure prints the build log and exits. */
static inline cl_program app_build(const char *source, const char *options)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(app_ctx, 1, &source, NULL, &err);
    CHECK(err);
    err = clBuildProgram(p, 1, &app_device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[16384] = "";
        clGetProgramBuildInfo(p, app_device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "error: build failed (%d):\n%s\n", (int)err, log);
        exit(1);
    }
    return p;
}

static inline cl_kernel app_kernel(cl_program p, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    CHECK(err);
    return k;
}

static inline cl_mem app_buffer(cl_mem_flags flags, size_t size, void *host)
{
    cl_int err;
    cl_mem m = clCreateBuffer(app_ctx, flags, size, host, &err);
    CHECK(err);
    return m;
}

static inline void app_ints(const char *name, const int32_t *v, size_t n)
{
    printf("i %s", name);
    for (size_t i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

static inline void app_floats(const char *name, int ulp, const float *v, size_t n)
{
    printf("f %s %d", name, ulp);
    for (size_t i = 0; i < n; i++) {
        uint32_t b;
        memcpy(&b, &v[i], 4);
        printf(" %08x", b);
    }
    printf("\n");
}

static inline void app_floats_abs(const char *name, double tol, const float *v, size_t n)
{
    printf("a %s %.9g", name, tol);
    for (size_t i = 0; i < n; i++) {
        uint32_t b;
        memcpy(&b, &v[i], 4);
        printf(" %08x", b);
    }
    printf("\n");
}

static inline void app_doubles(const char *name, int ulp, const double *v, size_t n)
{
    printf("d %s %d", name, ulp);
    for (size_t i = 0; i < n; i++) {
        uint64_t b;
        memcpy(&b, &v[i], 8);
        printf(" %016llx", (unsigned long long)b);
    }
    printf("\n");
}

/* A reproducible pseudo-random sequence (the same on every platform). */
static uint32_t app_rand_state = 12345;
static inline uint32_t app_rand(void)
{
    app_rand_state = app_rand_state * 1664525u + 1013904223u;
    return app_rand_state >> 8;
}

#endif
