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
   non-uniform work-groups, for a platform that supports them; PoCL 3.1 does not).

   pocl_run --batch FILE|-: every line holds the arguments of one run (blank-separated words, '...' or
   "..." quoting; blank and # lines skipped) and "--- exit N" follows each run on stdout. The platform
   is set up once and each program is built once per source text and options, so a test's hundreds
   of launches pay PoCL's start-up (about 0.2 s) once, not per launch. */
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

/* What the runs of one process share: the platform, and the programs built so far (by source text and
   options), so a batch builds each program once as PoCL would for one host program. */
struct built_program {
    char *text, *options;
    cl_program prog;
};
static struct {
    int ready;
    cl_platform_id platform;
    cl_device_id device;
    cl_context ctx;
    cl_command_queue queue;
    struct built_program *programs;
    int nprograms;
} session;

static int session_open(void)
{
    cl_int err;
    if (session.ready)
        return 0;
    if ((err = clGetPlatformIDs(1, &session.platform, NULL)) != CL_SUCCESS)
        return fail("clGetPlatformIDs (is an OpenCL ICD such as pocl-opencl-icd installed?)", err);
    if ((err = clGetDeviceIDs(session.platform, CL_DEVICE_TYPE_ALL, 1, &session.device, NULL)) != CL_SUCCESS)
        return fail("clGetDeviceIDs", err);
    session.ctx = clCreateContext(NULL, 1, &session.device, NULL, NULL, &err);
    if (!session.ctx)
        return fail("clCreateContext", err);
    session.queue = clCreateCommandQueue(session.ctx, session.device, 0, &err);
    if (!session.queue)
        return fail("clCreateCommandQueue", err);
    session.ready = 1;
    return 0;
}

static void session_close(void)
{
    for (int i = 0; i < session.nprograms; i++) {
        clReleaseProgram(session.programs[i].prog);
        free(session.programs[i].text);
        free(session.programs[i].options);
    }
    free(session.programs);
    if (session.ready) {
        clReleaseCommandQueue(session.queue);
        clReleaseContext(session.ctx);
    }
    memset(&session, 0, sizeof session);
}

/* The program of TEXT built with OPTIONS: built now, or the one an earlier run of this process built
   (only successful builds are kept, so a failing one prints its log every time). NULL on failure. */
static cl_program session_program(const char *text, const char *options)
{
    for (int i = 0; i < session.nprograms; i++)
        if (!strcmp(session.programs[i].text, text) && !strcmp(session.programs[i].options, options))
            return session.programs[i].prog;
    cl_int err;
    const char *texts[1] = {text};
    cl_program prog = clCreateProgramWithSource(session.ctx, 1, texts, NULL, &err);
    if (!prog)
        return fail("clCreateProgramWithSource", err), NULL;
    err = clBuildProgram(prog, 1, &session.device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t log_size = 0;
        clGetProgramBuildInfo(prog, session.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
        char *log = malloc(log_size + 1);
        if (log && clGetProgramBuildInfo(prog, session.device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL) == CL_SUCCESS) {
            log[log_size] = 0;
            fprintf(stderr, "%s\n", log);
        }
        free(log);
        clReleaseProgram(prog);
        return fail("clBuildProgram", err), NULL;
    }
    struct built_program *more = realloc(session.programs, (size_t)(session.nprograms + 1) * sizeof *more);
    char *text_copy = strdup(text), *options_copy = strdup(options);
    if (!more || !text_copy || !options_copy) {
        if (more)
            session.programs = more;
        free(text_copy);
        free(options_copy);
        clReleaseProgram(prog);
        fprintf(stderr, "pocl_run: out of memory\n");
        return NULL;
    }
    session.programs = more;
    session.programs[session.nprograms++] = (struct built_program){text_copy, options_copy, prog};
    return prog;
}

/* One launch's objects, released by launch_free whatever way the run ends. */
struct launch {
    struct kernel_arg args[MAX_ARGS];
    int nargs;
    cl_kernel kernel;
};

static void launch_free(struct launch *l)
{
    for (int i = 0; i < l->nargs; i++) {
        if (l->args[i].mem)
            clReleaseMemObject(l->args[i].mem);
        free(l->args[i].data);
    }
    if (l->kernel)
        clReleaseKernel(l->kernel);
}

/* One run: argv as on the command line (argv[0] unused). Returns the exit status. */
static int launch_run(struct launch *l, int argc, char **argv)
{
    const char *source_path = NULL, *kernel_name = NULL, *options = "";
    size_t global[3], local[3], offset[3] = {0, 0, 0};
    cl_uint dims = 0, local_dims = 0;
    int have_offset = 0, time_runs = 0, partial_groups = 0;
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
            if (l->nargs == MAX_ARGS || parse_arg(v, &l->args[l->nargs]))
                return 2;
            l->nargs++;
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
    if (session_open()) {
        free(text);
        return 1;
    }
    cl_context ctx = session.ctx;
    cl_command_queue queue = session.queue;
    cl_program prog = session_program(text, options);
    free(text);
    if (!prog)
        return 1;
    l->kernel = clCreateKernel(prog, kernel_name, &err);
    if (!l->kernel)
        return fail("clCreateKernel", err);

    for (int i = 0; i < l->nargs; i++) {
        struct kernel_arg *a = &l->args[i];
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
            err = clSetKernelArg(l->kernel, (cl_uint)i, sizeof(cl_mem), &a->mem);
        } else if (!strcmp(a->kind, "local")) {
            err = clSetKernelArg(l->kernel, (cl_uint)i, a->size, NULL);
        } else {
            err = clSetKernelArg(l->kernel, (cl_uint)i, a->size, a->value);
        }
        if (err != CL_SUCCESS) {
            fprintf(stderr, "pocl_run: argument %d (%s): ", i, a->kind);
            return fail("clSetKernelArg", err);
        }
    }
    err = clEnqueueNDRangeKernel(queue, l->kernel, dims, have_offset ? offset : NULL, global, local, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return fail("clEnqueueNDRangeKernel", err);
    if ((err = clFinish(queue)) != CL_SUCCESS)
        return fail("clFinish", err);
    double best = 1e30;
    for (int rep = 0; rep < time_runs; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        err = clEnqueueNDRangeKernel(queue, l->kernel, dims, have_offset ? offset : NULL, global, local, 0, NULL, NULL);
        if (err != CL_SUCCESS || (err = clFinish(queue)) != CL_SUCCESS)
            return fail("clEnqueueNDRangeKernel", err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (secs < best)
            best = secs;
    }
    if (time_runs > 0)
        printf("%.4f s native on PoCL\n", best);
    for (int i = 0; i < l->nargs; i++) {
        if (!dump_path[i])
            continue;
        if (!l->args[i].mem) {
            fprintf(stderr, "pocl_run: --dump %d names a non-buffer argument\n", i);
            return 2;
        }
        unsigned char *out = malloc(l->args[i].size ? l->args[i].size : 1);
        if (!out)
            return 2;
        if (l->args[i].size &&
            (err = clEnqueueReadBuffer(queue, l->args[i].mem, CL_TRUE, 0, l->args[i].size, out, 0, NULL, NULL)) != CL_SUCCESS)
            return fail("clEnqueueReadBuffer", err);
        FILE *f = fopen(dump_path[i], "wb");
        if (!f || fwrite(out, 1, l->args[i].size, f) != l->args[i].size || fclose(f)) {
            fprintf(stderr, "pocl_run: cannot write %s\n", dump_path[i]);
            return 2;
        }
        free(out);
    }
    return 0;
}

static int run_once(int argc, char **argv)
{
    struct launch l = {0}; /* 64 arguments of 48 bytes: the stack holds it */
    int rc = launch_run(&l, argc, argv);
    launch_free(&l);
    return rc;
}

/* Splits LINE in place into blank-separated words ('...' and "..." quote). Returns the count, or -1
   for an unclosed quote or more than MAX words. */
static int split_words(char *line, char **words, int max)
{
    int n = 0;
    char *r = line;
    for (;;) {
        while (*r == ' ' || *r == '\t' || *r == '\r' || *r == '\n')
            r++;
        if (!*r)
            return n;
        if (n == max)
            return -1;
        char *o = r;
        words[n++] = r;
        while (*r && *r != ' ' && *r != '\t' && *r != '\r' && *r != '\n') {
            if (*r == '\'' || *r == '"') {
                char q = *r++;
                while (*r && *r != q)
                    *o++ = *r++;
                if (!*r)
                    return -1;
                r++;
            } else {
                *o++ = *r++;
            }
        }
        if (*r)
            r++;
        *o = 0;
    }
}

/* --batch FILE|-: one run per line, "--- exit N" after each (stderr flushed first). */
static int run_batch(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "pocl_run: cannot read batch %s: %s\n", path, strerror(errno));
        return 2;
    }
    enum { MAX_WORDS = 4 * MAX_ARGS + 32 };
    char *words[MAX_WORDS + 1];
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) >= 0) {
        int n = split_words(line, words + 1, MAX_WORDS);
        if (n == 0 || (n > 0 && words[1][0] == '#'))
            continue;
        int rc = 2;
        if (n < 0)
            fprintf(stderr, "pocl_run: batch line with an unclosed quote or more than %d words\n", MAX_WORDS);
        else
            rc = run_once(n + 1, words);
        fflush(stderr);
        printf("--- exit %d\n", rc);
        fflush(stdout);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    session_close();
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--batch"))
        return run_batch(argv[2]);
    int rc = run_once(argc, argv);
    session_close();
    return rc;
}
