/* Native reference timing for `make bench`: runs one OpenCL kernel on the first OpenCL device
   (PoCL on the CPU) with the same grid and arguments wavesim runs, and prints the kernel time.
   usage: pocl_time FILE.cl KERNEL GLOBAL[,Y] LOCAL[,Y] ARG... (ARG as `wavesim run`: f32:V u32:V
   i32:V zeros:N buf:FILE local:N) */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[size] = 0;
        *n = (size_t)size;
    }
    return buf;
}

static int dims_of(const char *s, size_t d[2])
{
    d[1] = 1;
    return sscanf(s, "%zu,%zu", &d[0], &d[1]) >= 1 ? (strchr(s, ',') ? 2 : 1) : 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: pocl_time FILE.cl KERNEL GLOBAL LOCAL ARG...\n");
        return 2;
    }
    size_t srclen, global[2], local[2];
    char *src = slurp(argv[1], &srclen);
    int dims = dims_of(argv[3], global);
    if (!src || !dims || dims_of(argv[4], local) != dims) {
        fprintf(stderr, "pocl_time: bad source or sizes\n");
        return 2;
    }
    cl_platform_id plat;
    cl_device_id dev;
    cl_int err;
    if (clGetPlatformIDs(1, &plat, NULL) || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) {
        fprintf(stderr, "pocl_time: no OpenCL device\n");
        return 1;
    }
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    const char *srcs[1] = {src};
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, &srclen, &err);
    if (clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL)) {
        char log[8192] = "";
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "pocl_time: build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, argv[2], &err);
    if (err) {
        fprintf(stderr, "pocl_time: no kernel %s\n", argv[2]);
        return 1;
    }
    for (int a = 5; a < argc; a++) {
        const char *spec = argv[a], *v = strchr(spec, ':');
        cl_uint idx = (cl_uint)(a - 5);
        if (!v)
            return 2;
        v++;
        if (strncmp(spec, "f32:", 4) == 0) {
            float f = strtof(v, NULL);
            err = clSetKernelArg(k, idx, 4, &f);
        } else if (strncmp(spec, "u32:", 4) == 0 || strncmp(spec, "i32:", 4) == 0) {
            cl_int i = (cl_int)strtol(v, NULL, 0);
            err = clSetKernelArg(k, idx, 4, &i);
        } else if (strncmp(spec, "local:", 6) == 0) {
            err = clSetKernelArg(k, idx, (size_t)strtoull(v, NULL, 0), NULL);
        } else {
            size_t n = 0;
            char *data = NULL;
            if (strncmp(spec, "buf:", 4) == 0)
                data = slurp(v, &n);
            else
                n = (size_t)strtoull(v, NULL, 0);
            cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), n ? n : 4, data, &err);
            free(data);
            if (!err && !data) {
                char zero = 0;
                err = clEnqueueFillBuffer(q, m, &zero, 1, 0, n ? n : 4, 0, NULL, NULL);
            }
            if (!err)
                err = clSetKernelArg(k, idx, sizeof m, &m);
        }
        if (err) {
            fprintf(stderr, "pocl_time: argument %s: error %d\n", spec, err);
            return 1;
        }
    }
    clFinish(q);
    /* one warm-up launch (PoCL compiles the work-group function on first use), then the timed one */
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (clEnqueueNDRangeKernel(q, k, (cl_uint)dims, NULL, global, local, 0, NULL, NULL) || clFinish(q)) {
            fprintf(stderr, "pocl_time: launch failed\n");
            return 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (rep > 0 && s < best)
            best = s;
    }
    printf("%.4f s native on PoCL\n", best);
    free(src);
    return 0;
}
