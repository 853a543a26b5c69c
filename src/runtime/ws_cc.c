/* OpenCL C compilation for the simulator (ws_cc in wavesim.h): runs clang-19 with the options gfx1100
   code objects need and an OpenCL builtin library, so unmodified OpenCL kernels compile. Shared by
   `wavesim cc` and the OpenCL platform. Nothing here prints: clang's own output goes to the caller's
   log descriptor. */
#define _POSIX_C_SOURCE 200809L
#include "wavesim/wavesim.h"

#include <errno.h>
#include <stdint.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char ws_cc_header[] =
#include "wavesim_cl_text.h"
    ;

/* Where the ROCm device libraries may live: $WAVESIM_DEVICE_LIBS, Debian's rocm-device-libs, ROCm. */
static const char *const ws_cc_device_lib_dirs[] = {
    "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
    "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
    "/opt/rocm/amdgcn/bitcode",
    "/opt/rocm/lib/llvm/lib/clang/19/lib/amdgcn/bitcode",
};

static int ws_cc_fail(char *err, size_t errsize, const char *msg)
{
    if (err && errsize)
        snprintf(err, errsize, "%s", msg);
    return -1;
}

static int ws_cc_is_exec(const char *path)
{
    return access(path, X_OK) == 0;
}

const char *ws_cc_clang(void)
{
    static _Thread_local char buf[4096];
    const char *env = getenv("WAVESIM_CLANG");
    if (env && *env)
        return env;
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        if (n && snprintf(buf, sizeof buf, "%.*s/clang-19", (int)n, path) < (int)sizeof buf && ws_cc_is_exec(buf))
            return buf;
        path = end ? end + 1 : NULL;
    }
    return ws_cc_is_exec("/usr/lib/llvm-19/bin/clang") ? "/usr/lib/llvm-19/bin/clang" : NULL;
}

/* The device-library directory (holding ocml.bc) into buf, or NULL. */
static const char *ws_cc_device_libs(char *buf, size_t size)
{
    const char *env = getenv("WAVESIM_DEVICE_LIBS");
    if (env && *env) {
        snprintf(buf, size, "%s/ocml.bc", env);
        if (access(buf, R_OK) != 0)
            return NULL;
        snprintf(buf, size, "%s", env);
        return buf;
    }
    for (size_t i = 0; i < sizeof ws_cc_device_lib_dirs / sizeof *ws_cc_device_lib_dirs; i++) {
        snprintf(buf, size, "%s/ocml.bc", ws_cc_device_lib_dirs[i]);
        if (access(buf, R_OK) == 0)
            return ws_cc_device_lib_dirs[i];
    }
    return NULL;
}

static int ws_cc_has_option(const ws_cc_options *o, const char *option)
{
    for (int a = 0; a < o->nclang_args; a++)
        if (strcmp(o->clang_args[a], option) == 0)
            return 1;
    return 0;
}

/* The bitcode libraries AMD's OpenCL compiler links, each as -Xclang -mlink-builtin-bitcode -Xclang
   PATH (the paths kept in paths[], 10 entries). The oclc_* libraries are constants that select code
   paths; gfx11 has no oclc_isa_version file in ROCm 5.2, and the gfx1030 one is used: every test of
   __oclc_ISA_version in ocml/ockl/opencl 5.2 compares against 9010 or less, so 10300 and 11000 select
   the same code (docs/isa-notes-rdna3.md). Returns the new argument count. */
static int ws_cc_link_device_libs(const char *dir, const ws_cc_options *o, const char **args, int n,
                                  char paths[][4300])
{
    int unsafe = ws_cc_has_option(o, "-cl-unsafe-math-optimizations") || ws_cc_has_option(o, "-cl-fast-relaxed-math");
    int finite = ws_cc_has_option(o, "-cl-finite-math-only") || ws_cc_has_option(o, "-cl-fast-relaxed-math");
    const char *libs[] = {
        "opencl",
        "ocml",
        "ockl",
        "oclc_isa_version_1030",
        "oclc_abi_version_500",
        o->wave64 || ws_cc_has_option(o, "-mwavefrontsize64") ? "oclc_wavefrontsize64_on"
                                                               : "oclc_wavefrontsize64_off",
        ws_cc_has_option(o, "-cl-denorms-are-zero") ? "oclc_daz_opt_on" : "oclc_daz_opt_off",
        finite ? "oclc_finite_only_on" : "oclc_finite_only_off",
        unsafe ? "oclc_unsafe_math_on" : "oclc_unsafe_math_off",
        ws_cc_has_option(o, "-cl-fp32-correctly-rounded-divide-sqrt") ? "oclc_correctly_rounded_sqrt_on"
                                                                     : "oclc_correctly_rounded_sqrt_off",
    };
    for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s.bc", dir, libs[i]);
        args[n++] = "-Xclang";
        args[n++] = "-mlink-builtin-bitcode";
        args[n++] = "-Xclang";
        args[n++] = paths[i];
    }
    return n;
}

/* Runs args[0] (looked up on PATH when it has no slash) with args, its output to log_fd when >= 0.
   Returns its exit status, or -1 with `err`. posix_spawn, not fork: OpenCL host programs have threads. */
static int ws_cc_spawn(const char **args, int log_fd, char *err, size_t errsize)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa))
        return ws_cc_fail(err, errsize, "out of memory");
    if (log_fd >= 0) {
        posix_spawn_file_actions_adddup2(&fa, log_fd, 1);
        posix_spawn_file_actions_adddup2(&fa, log_fd, 2);
    }
    pid_t pid;
    int rc = posix_spawnp(&pid, args[0], &fa, NULL, (char *const *)args, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc) {
        snprintf(err, errsize, "cannot run %s: %s", args[0], strerror(rc));
        return -1;
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errsize, "cannot wait for %s: %s", args[0], strerror(errno));
            return -1;
        }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* What ws_cc runs, in args (room for o->nclang_args + 64 entries; lib_paths 16 entries): clang, the
   gfx1100 options, the builtin library (the device libraries in device_libs, else -include header
   when header is not NULL) and the caller's arguments. Returns the argument count. */
static int ws_cc_args(const ws_cc_options *o, const char *clang, const char *device_libs, const char *header,
                      const char **args, char (*lib_paths)[4300], char *mcpu, size_t mcpusize)
{
    snprintf(mcpu, mcpusize, "-mcpu=%s", o->mcpu && *o->mcpu ? o->mcpu : "gfx1100");
    int n = 0;
    args[n++] = clang;
    if (!o->link_only) {
        args[n++] = "-x";
        args[n++] = "cl";
        args[n++] = "-cl-std=CL2.0";
    }
    args[n++] = "-target";
    args[n++] = "amdgcn-amd-amdhsa";
    args[n++] = mcpu;
    args[n++] = "-nogpulib";
    if (o->wave64)
        args[n++] = "-mwavefrontsize64";
    if (device_libs && !o->link_only) {
        n = ws_cc_link_device_libs(device_libs, o, args, n, lib_paths);
    } else if (header) {
        args[n++] = "-include";
        args[n++] = header;
    }
    for (int a = 0; a < o->nclang_args; a++)
        args[n++] = o->clang_args[a];
    args[n] = NULL;
    return n;
}

/* The command line ws_cc runs, in memory of its own (ws_cc_argv_make, ws_cc_argv_free). */
typedef struct {
    const char **args;
    char (*lib_paths)[4300];
    char mcpu[80];
    int n;
} ws_cc_argv;

/* Fills *av as ws_cc_args does. Returns 0, or -1 (out of memory; *av holds nothing to free). */
static int ws_cc_argv_make(ws_cc_argv *av, const ws_cc_options *o, const char *clang, const char *device_libs,
                           const char *header)
{
    av->lib_paths = malloc(16 * sizeof *av->lib_paths);
    av->args = calloc((size_t)o->nclang_args + 64, sizeof *av->args);
    if (!av->args || !av->lib_paths) {
        free(av->args);
        free(av->lib_paths);
        return -1;
    }
    av->n = ws_cc_args(o, clang, device_libs, header, av->args, av->lib_paths, av->mcpu, sizeof av->mcpu);
    return 0;
}

static void ws_cc_argv_free(ws_cc_argv *av)
{
    free(av->args);
    free(av->lib_paths);
}

/* Checks the options and finds clang and the builtin library, as ws_cc and ws_cc_command both need.
   Returns 0, or -1 with `err`. */
static int ws_cc_choose(const ws_cc_options *o, const char **clang, const char **device_libs, char *libs_buf,
                        size_t libs_size, char *note, size_t notesize, char *err, size_t errsize)
{
    if (note && notesize)
        note[0] = '\0';
    *clang = ws_cc_clang();
    if (!*clang)
        return ws_cc_fail(err, errsize, "clang-19 not found (apt-get install clang-19 lld-19, or set WAVESIM_CLANG)");
    if (o->builtins && strcmp(o->builtins, "rocm") != 0 && strcmp(o->builtins, "wavesim") != 0)
        return ws_cc_fail(err, errsize, "the builtin library must be rocm or wavesim");
    *device_libs = o->builtins && strcmp(o->builtins, "wavesim") == 0 ? NULL
                                                                       : ws_cc_device_libs(libs_buf, libs_size);
    if (!*device_libs && o->builtins && strcmp(o->builtins, "rocm") == 0)
        return ws_cc_fail(err, errsize, "ROCm device libraries not found (apt-get install rocm-device-libs, or set "
                                        "WAVESIM_DEVICE_LIBS to the directory holding ocml.bc)");
    if (!*device_libs && !o->builtins && !o->link_only && note && notesize)
        snprintf(note, notesize, "ROCm device libraries not found; using wavesim's own builtins, whose math "
                                 "functions are not OpenCL-conformant (apt-get install rocm-device-libs)");
    return 0;
}

/* Appends text to out (size bytes, used so far *len), in single quotes unless it needs none.
   Returns -1, leaving out as it was, when the word and its terminator do not fit. */
static int ws_cc_append_word(char *out, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text), quotes = 0;
    int plain = n && strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                  "-_./=:+,@%") == n;
    for (const char *c = text; *c; c++)
        quotes += *c == '\'';
    size_t need = (*len ? 1 : 0) + (plain ? n : n + 2 + 3 * quotes);
    if (*len + need + 1 > size)
        return -1;
    if (*len)
        out[(*len)++] = ' ';
    if (!plain)
        out[(*len)++] = '\'';
    for (const char *c = text; *c; c++) {
        if (*c == '\'' && !plain) { /* ' closes, an escaped quote, ' reopens */
            memcpy(out + *len, "'\\''", 4);
            *len += 4;
        } else {
            out[(*len)++] = *c;
        }
    }
    if (!plain)
        out[(*len)++] = '\'';
    out[*len] = '\0';
    return 0;
}

int ws_cc_command(const ws_cc_options *o, char *out, size_t outsize, char *err, size_t errsize)
{
    const char *clang, *device_libs;
    char libs_buf[4200];
    if (ws_cc_choose(o, &clang, &device_libs, libs_buf, sizeof libs_buf, NULL, 0, err, errsize))
        return -1;
    /* the header has no path until ws_cc writes it: name it by its content (FNV-1a, 64 bits) */
    uint64_t hash = 0xcbf29ce484222325u;
    for (size_t i = 0; i + 1 < sizeof ws_cc_header; i++)
        hash = (hash ^ (unsigned char)ws_cc_header[i]) * 0x100000001b3u;
    char header[80];
    snprintf(header, sizeof header, "wavesim_cl.h@fnv1a64:%016llx", (unsigned long long)hash);
    int use_header = !device_libs && !o->link_only;
    ws_cc_argv av;
    if (ws_cc_argv_make(&av, o, clang, device_libs, use_header ? header : NULL))
        return ws_cc_fail(err, errsize, "out of memory");
    size_t len = 0;
    int fits = outsize > 0;
    if (fits)
        out[0] = '\0';
    for (int a = 0; a < av.n && fits; a++)
        fits = ws_cc_append_word(out, outsize, &len, av.args[a]) == 0;
    ws_cc_argv_free(&av);
    if (!fits)
        return ws_cc_fail(err, errsize, "the command line is longer than the buffer given");
    return 0;
}

int ws_cc(const ws_cc_options *o, char *note, size_t notesize, char *err, size_t errsize)
{
    const char *clang, *device_libs;
    char libs_buf[4200];
    if (ws_cc_choose(o, &clang, &device_libs, libs_buf, sizeof libs_buf, note, notesize, err, errsize))
        return -1;
    /* wavesim's builtin header goes to a private temporary directory for the compiler to include */
    const char *tmp = getenv("TMPDIR");
    char dir[4096] = "", header[4200] = "";
    int use_header = !device_libs && !o->link_only;
    if (use_header) {
        snprintf(dir, sizeof dir, "%s/wavesim-cc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir)) {
            snprintf(err, errsize, "cannot create a temporary directory: %s", strerror(errno));
            return -1;
        }
        snprintf(header, sizeof header, "%s/wavesim_cl.h", dir);
        FILE *f = fopen(header, "w");
        int ok = f && fwrite(ws_cc_header, 1, sizeof ws_cc_header - 1, f) == sizeof ws_cc_header - 1;
        if (f && fclose(f) != 0)
            ok = 0;
        if (!ok) {
            unlink(header);
            rmdir(dir);
            return ws_cc_fail(err, errsize, "cannot write the builtin header to a temporary directory");
        }
    }
    int status;
    ws_cc_argv av;
    if (ws_cc_argv_make(&av, o, clang, device_libs, use_header ? header : NULL)) {
        status = ws_cc_fail(err, errsize, "out of memory");
    } else {
        status = ws_cc_spawn(av.args, o->log_fd, err, errsize);
        ws_cc_argv_free(&av);
    }
    if (use_header) {
        unlink(header);
        rmdir(dir);
    }
    return status;
}
