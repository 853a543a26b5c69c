/* pocl_run: runs one OpenCL C kernel natively on the host's OpenCL platform (PoCL in CI) with the
   argument syntax of `wavesim run`, so the tests can compare wavesim's buffers with those of an
   OpenCL implementation nobody here wrote. A test tool, not part of wavesim: it links libOpenCL.

   `make bench` uses it for the native time of the same kernels (--time).

   usage: pocl_run SOURCE.cl --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--offset X[,Y[,Z]]]
                   [--options "BUILD OPTIONS"] [--arg SPEC]... [--dump N:FILE]... [--time N]
                   [--partial-groups yes]
   SPEC: i32:V u32:V i64:V u64:V f32:V f64:V buf:PATH zeros:NBYTES local:NBYTES (as wavesim run).
   --time N: after the first launch (PoCL compiles the work-group function on first use), N more,
   and prints the fastest as "S s native on PoCL"; the dumps hold the buffers after all of them.
   --partial-groups yes: a global size need not be a multiple of the local size (OpenCL 2.0
   non-uniform work-groups, for a platform that supports them; PoCL 3.1 does not). */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_ARGS = 64 };

struct kernel_arg {
    char kind[8];
    size_t size;       /* bytes of a value, a buffer or a local allocation */
    unsigned char value[8];
    unsigned char *data; /* buffer contents (NULL for zeros) */
    cl_mem mem;
};

static int fail(const char *what, cl_int err)
{
    fprintf(stderr, "pocl_run: %s failed (OpenCL error %d)\n", what, (int)err);
    return 1;
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "pocl_run: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    *size = n;
    return buf;
}

/* "X[,Y[,Z]]" -> dims[3] (missing dimensions 1); returns the dimension count or 0. */
static cl_uint parse_dims(const char *s, size_t dims[3])
{
    cl_uint n = 0;
    dims[0] = dims[1] = dims[2] = 1;
    while (n < 3) {
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        if (end == s)
            return 0;
        if (v == 0)
            return 0; /* zero-sized dimensions are refused */
        dims[n++] = (size_t)v;
        if (*end == 0)
            return n;
        if (*end != ',')
            return 0;
        s = end + 1;
    }
    return 0;
}

static int parse_arg(const char *spec, struct kernel_arg *a)
{
    const char *colon = strchr(spec, ':');
    if (!colon || colon - spec >= (long)sizeof a->kind) {
        fprintf(stderr, "pocl_run: bad --arg %s\n", spec);
        return 1;
    }
    memset(a, 0, sizeof *a);
    memcpy(a->kind, spec, (size_t)(colon - spec));
    const char *v = colon + 1;
    if (!strcmp(a->kind, "i32") || !strcmp(a->kind, "u32")) {
        uint32_t x = (uint32_t)strtoll(v, NULL, 0);
        if (!strcmp(a->kind, "u32"))
            x = (uint32_t)strtoull(v, NULL, 0);
        memcpy(a->value, &x, 4);
        a->size = 4;
    } else if (!strcmp(a->kind, "i64") || !strcmp(a->kind, "u64")) {
        uint64_t x = v[0] == '-' ? (uint64_t)strtoll(v, NULL, 0) : strtoull(v, NULL, 0);
        memcpy(a->value, &x, 8);
        a->size = 8;
    } else if (!strcmp(a->kind, "f32")) {
        float x = strtof(v, NULL);
        memcpy(a->value, &x, 4);
        a->size = 4;
    } else if (!strcmp(a->kind, "f64")) {
        double x = strtod(v, NULL);
        memcpy(a->value, &x, 8);
        a->size = 8;
    } else if (!strcmp(a->kind, "buf")) {
        a->data = read_file(v, &a->size);
        if (!a->data)
            return 1;
    } else if (!strcmp(a->kind, "zeros") || !strcmp(a->kind, "local")) {
        a->size = (size_t)strtoull(v, NULL, 0);
    } else {
        fprintf(stderr, "pocl_run: unknown argument kind in %s\n", spec);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *source_path = NULL, *kernel_name = NULL, *options = "";
    size_t global[3], local[3], offset[3] = {0, 0, 0};
    cl_uint dims = 0, local_dims = 0;
    int have_offset = 0, time_runs = 0, partial_groups = 0;
    struct kernel_arg args[MAX_ARGS];
    int nargs = 0;
    const char *dump_path[MAX_ARGS] = {0};

    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (o[0] != '-') {
            source_path = o;
            continue;
        }
        if (!v) {
            fprintf(stderr, "pocl_run: %s needs a value\n", o);
            return 2;
        }
        i++;
        if (!strcmp(o, "--kernel"))
            kernel_name = v;
        else if (!strcmp(o, "--global"))
            dims = parse_dims(v, global);
        else if (!strcmp(o, "--local"))
            local_dims = parse_dims(v, local);
        else if (!strcmp(o, "--offset"))
            have_offset = parse_dims(v, offset) != 0;
        else if (!strcmp(o, "--options"))
            options = v;
        else if (!strcmp(o, "--time"))
            time_runs = atoi(v);
        else if (!strcmp(o, "--partial-groups"))
            partial_groups = !strcmp(v, "yes");
        else if (!strcmp(o, "--arg")) {
            if (nargs == MAX_ARGS || parse_arg(v, &args[nargs]))
                return 2;
            nargs++;
        } else if (!strcmp(o, "--dump")) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end != ':' || n < 0 || n >= MAX_ARGS) {
                fprintf(stderr, "pocl_run: bad --dump %s\n", v);
                return 2;
            }
            dump_path[n] = end + 1;
        } else {
            fprintf(stderr, "pocl_run: unknown option %s\n", o);
            return 2;
        }
    }
    if (!source_path || !kernel_name || !dims || !local_dims) {
        fprintf(stderr, "pocl_run: need SOURCE --kernel --global --local\n");
        return 2;
    }
    if (local_dims > dims)
        dims = local_dims;
    for (cl_uint d = 0; d < dims; d++)
        if (global[d] % local[d] && !partial_groups) {
            fprintf(stderr, "pocl_run: global size %zu is not a multiple of local size %zu (OpenCL 1.2)\n",
                    global[d], local[d]);
            return 3;
        }

    size_t source_size;
    char *source = (char *)read_file(source_path, &source_size);
    if (!source)
        return 2;
    char *text = realloc(source, source_size + 1);
    if (!text)
        return 2;
    text[source_size] = 0;

    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    if ((err = clGetPlatformIDs(1, &platform, NULL)) != CL_SUCCESS)
        return fail("clGetPlatformIDs (is an OpenCL ICD such as pocl-opencl-icd installed?)", err);
    if ((err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL)) != CL_SUCCESS)
        return fail("clGetDeviceIDs", err);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    if (!ctx)
        return fail("clCreateContext", err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
    if (!queue)
        return fail("clCreateCommandQueue", err);
    const char *texts[1] = {text};
    cl_program prog = clCreateProgramWithSource(ctx, 1, texts, NULL, &err);
    if (!prog)
        return fail("clCreateProgramWithSource", err);
    err = clBuildProgram(prog, 1, &device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t log_size = 0;
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
        char *log = malloc(log_size + 1);
        if (log && clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL) == CL_SUCCESS) {
            log[log_size] = 0;
            fprintf(stderr, "%s\n", log);
        }
        free(log);
        return fail("clBuildProgram", err);
    }
    cl_kernel kernel = clCreateKernel(prog, kernel_name, &err);
    if (!kernel)
        return fail("clCreateKernel", err);

    for (int i = 0; i < nargs; i++) {
        struct kernel_arg *a = &args[i];
        if (!strcmp(a->kind, "buf") || !strcmp(a->kind, "zeros")) {
            size_t size = a->size ? a->size : 1;
            a->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size, NULL, &err);
            if (!a->mem)
                return fail("clCreateBuffer", err);
            unsigned char *init = a->data;
            if (!init && !(init = calloc(1, size)))
                return 2;
            err = clEnqueueWriteBuffer(queue, a->mem, CL_TRUE, 0, size, init, 0, NULL, NULL);
            if (init != a->data)
                free(init);
            if (err != CL_SUCCESS)
                return fail("clEnqueueWriteBuffer", err);
            err = clSetKernelArg(kernel, (cl_uint)i, sizeof(cl_mem), &a->mem);
        } else if (!strcmp(a->kind, "local")) {
            err = clSetKernelArg(kernel, (cl_uint)i, a->size, NULL);
        } else {
            err = clSetKernelArg(kernel, (cl_uint)i, a->size, a->value);
        }
        if (err != CL_SUCCESS) {
            fprintf(stderr, "pocl_run: argument %d (%s): ", i, a->kind);
            return fail("clSetKernelArg", err);
        }
    }
    err = clEnqueueNDRangeKernel(queue, kernel, dims, have_offset ? offset : NULL, global, local, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return fail("clEnqueueNDRangeKernel", err);
    if ((err = clFinish(queue)) != CL_SUCCESS)
        return fail("clFinish", err);
    double best = 1e30;
    for (int rep = 0; rep < time_runs; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        err = clEnqueueNDRangeKernel(queue, kernel, dims, have_offset ? offset : NULL, global, local, 0, NULL, NULL);
        if (err != CL_SUCCESS || (err = clFinish(queue)) != CL_SUCCESS)
            return fail("clEnqueueNDRangeKernel", err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (secs < best)
            best = secs;
    }
    if (time_runs > 0)
        printf("%.4f s native on PoCL\n", best);
    for (int i = 0; i < nargs; i++) {
        if (!dump_path[i])
            continue;
        if (!args[i].mem) {
            fprintf(stderr, "pocl_run: --dump %d names a non-buffer argument\n", i);
            return 2;
        }
        unsigned char *out = malloc(args[i].size ? args[i].size : 1);
        if (!out)
            return 2;
        if (args[i].size &&
            (err = clEnqueueReadBuffer(queue, args[i].mem, CL_TRUE, 0, args[i].size, out, 0, NULL, NULL)) != CL_SUCCESS)
            return fail("clEnqueueReadBuffer", err);
        FILE *f = fopen(dump_path[i], "wb");
        if (!f || fwrite(out, 1, args[i].size, f) != args[i].size || fclose(f)) {
            fprintf(stderr, "pocl_run: cannot write %s\n", dump_path[i]);
            return 2;
        }
        free(out);
    }
    for (int i = 0; i < nargs; i++) {
        if (args[i].mem)
            clReleaseMemObject(args[i].mem);
        free(args[i].data);
    }
    clReleaseKernel(kernel);
    clReleaseProgram(prog);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free(text);
    return 0;
}
