/* `wavesim cc`: runs clang-19 on OpenCL C with the options gfx1100 code objects need and an OpenCL
   builtin library, so unmodified OpenCL kernels compile for the simulator. The library is AMD's own
   (the ROCm device libraries, linked as bitcode the way AMD's OpenCL compiler links them) when they
   are installed, else wavesim's header include/wavesim/wavesim_cl.h, whose math functions are the
   bare hardware instructions and not OpenCL-conformant (sin/cos lose accuracy far from zero). */
#define _POSIX_C_SOURCE 200809L
#include "cli_cc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char cli_cc_header[] =
#include "wavesim_cl_text.h"
    ;

static const char cli_cc_usage[] =
    "usage: wavesim cc [--wave64] [--mcpu gfx1100] [--builtins rocm|wavesim] [CLANG OPTIONS] KERNEL.cl\n"
    "                  -o OUT.hsaco\n"
    "Compiles OpenCL C to an HSA code object that `wavesim run` loads, with clang-19 and an OpenCL\n"
    "builtin library. Other options (-O3, -D, -I, -S, -c, -cl-*) go to clang unchanged. The compiler\n"
    "is $WAVESIM_CLANG, else clang-19 on PATH, else /usr/lib/llvm-19/bin/clang.\n"
    "  --builtins rocm     AMD's ROCm device libraries (ocml, ockl, opencl bitcode from $WAVESIM_DEVICE_LIBS,\n"
    "                      else Debian's rocm-device-libs or /opt/rocm), with the oclc control libraries\n"
    "                      chosen from --wave64, -cl-denorms-are-zero, -cl-finite-math-only,\n"
    "                      -cl-unsafe-math-optimizations/-cl-fast-relaxed-math and\n"
    "                      -cl-fp32-correctly-rounded-divide-sqrt (the default when they are installed)\n"
    "  --builtins wavesim  wavesim's own header: work-item functions, atomics, and math as the bare\n"
    "                      hardware instructions (not OpenCL-conformant: sin/cos/exp/log lose accuracy);\n"
    "                      the default, with a warning, when the device libraries are missing\n";

/* Where the ROCm device libraries may live: $WAVESIM_DEVICE_LIBS, Debian's rocm-device-libs, ROCm. */
static const char *const cli_cc_device_lib_dirs[] = {
    "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
    "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
    "/opt/rocm/amdgcn/bitcode",
    "/opt/rocm/lib/llvm/lib/clang/19/lib/amdgcn/bitcode",
};

static int cli_cc_is_exec(const char *path)
{
    return access(path, X_OK) == 0;
}

/* The clang to run: $WAVESIM_CLANG, clang-19 on PATH, or LLVM 19's own directory. */
static const char *cli_cc_clang(char *buf, size_t size)
{
    const char *env = getenv("WAVESIM_CLANG");
    if (env && *env)
        return env;
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        if (n && snprintf(buf, size, "%.*s/clang-19", (int)n, path) < (int)size && cli_cc_is_exec(buf))
            return buf;
        path = end ? end + 1 : NULL;
    }
    return cli_cc_is_exec("/usr/lib/llvm-19/bin/clang") ? "/usr/lib/llvm-19/bin/clang" : NULL;
}

/* The device-library directory (holding ocml.bc), or NULL. */
static const char *cli_cc_device_libs(void)
{
    static char buf[4200];
    const char *env = getenv("WAVESIM_DEVICE_LIBS");
    if (env && *env) {
        snprintf(buf, sizeof buf, "%s/ocml.bc", env);
        return access(buf, R_OK) == 0 ? env : NULL;
    }
    for (size_t i = 0; i < sizeof cli_cc_device_lib_dirs / sizeof *cli_cc_device_lib_dirs; i++) {
        snprintf(buf, sizeof buf, "%s/ocml.bc", cli_cc_device_lib_dirs[i]);
        if (access(buf, R_OK) == 0)
            return cli_cc_device_lib_dirs[i];
    }
    return NULL;
}

static int cli_cc_has_option(int argc, char **argv, const char *option)
{
    for (int a = 2; a < argc; a++)
        if (strcmp(argv[a], option) == 0)
            return 1;
    return 0;
}

/* The bitcode libraries AMD's OpenCL compiler links, each as -Xclang -mlink-builtin-bitcode -Xclang
   PATH into args (the paths are kept in paths[], 10 entries). The oclc_* libraries are constants
   that select code paths; gfx11 has no oclc_isa_version file in ROCm 5.2, and the gfx1030 one is
   used: every test of __oclc_ISA_version in ocml/ockl/opencl 5.2 compares against 9010 or less, so
   10300 and 11000 select the same code (docs/isa-notes-rdna3.md). Returns the new argument count. */
static int cli_cc_link_device_libs(const char *dir, int argc, char **argv, char **args, int n,
                                   char paths[][4300])
{
    int unsafe = cli_cc_has_option(argc, argv, "-cl-unsafe-math-optimizations") ||
                 cli_cc_has_option(argc, argv, "-cl-fast-relaxed-math");
    int finite = cli_cc_has_option(argc, argv, "-cl-finite-math-only") ||
                 cli_cc_has_option(argc, argv, "-cl-fast-relaxed-math");
    const char *libs[] = {
        "opencl",
        "ocml",
        "ockl",
        "oclc_isa_version_1030",
        "oclc_abi_version_500",
        cli_cc_has_option(argc, argv, "--wave64") || cli_cc_has_option(argc, argv, "-mwavefrontsize64")
            ? "oclc_wavefrontsize64_on"
            : "oclc_wavefrontsize64_off",
        cli_cc_has_option(argc, argv, "-cl-denorms-are-zero") ? "oclc_daz_opt_on" : "oclc_daz_opt_off",
        finite ? "oclc_finite_only_on" : "oclc_finite_only_off",
        unsafe ? "oclc_unsafe_math_on" : "oclc_unsafe_math_off",
        cli_cc_has_option(argc, argv, "-cl-fp32-correctly-rounded-divide-sqrt") ? "oclc_correctly_rounded_sqrt_on"
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

int cli_cc_main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
        fputs(cli_cc_usage, argc < 3 ? stderr : stdout);
        return argc < 3 ? 2 : 0;
    }
    char clang_buf[4096];
    const char *clang = cli_cc_clang(clang_buf, sizeof clang_buf);
    if (!clang) {
        fprintf(stderr, "wavesim cc: clang-19 not found (apt-get install clang-19 lld-19, or set WAVESIM_CLANG)\n");
        return 1;
    }
    const char *builtins = NULL;
    for (int a = 2; a < argc; a++)
        if (strcmp(argv[a], "--builtins") == 0) {
            if (a + 1 == argc) {
                fprintf(stderr, "wavesim cc: --builtins needs a value (rocm or wavesim)\n");
                return 2;
            }
            builtins = argv[++a];
        }
    if (builtins && strcmp(builtins, "rocm") != 0 && strcmp(builtins, "wavesim") != 0) {
        fprintf(stderr, "wavesim cc: --builtins must be rocm or wavesim, not '%s'\n", builtins);
        return 2;
    }
    const char *device_libs = builtins && strcmp(builtins, "wavesim") == 0 ? NULL : cli_cc_device_libs();
    if (!device_libs && builtins && strcmp(builtins, "rocm") == 0) {
        fprintf(stderr, "wavesim cc: ROCm device libraries not found (apt-get install rocm-device-libs, or set "
                        "WAVESIM_DEVICE_LIBS to the directory holding ocml.bc)\n");
        return 1;
    }
    if (!device_libs && !builtins)
        fprintf(stderr, "wavesim cc: warning: ROCm device libraries not found; using wavesim's own builtins, whose "
                        "math functions are not OpenCL-conformant (apt-get install rocm-device-libs)\n");
    /* wavesim's builtin header goes to a private temporary directory for the compiler to include */
    const char *tmp = getenv("TMPDIR");
    char dir[4096] = "", header[4200] = "";
    static char lib_paths[16][4300];
    int ok = 1;
    if (!device_libs) {
        snprintf(dir, sizeof dir, "%s/wavesim-cc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir)) {
            fprintf(stderr, "wavesim cc: cannot create a temporary directory: %s\n", strerror(errno));
            return 1;
        }
        snprintf(header, sizeof header, "%s/wavesim_cl.h", dir);
        FILE *f = fopen(header, "w");
        ok = f && fwrite(cli_cc_header, 1, sizeof cli_cc_header - 1, f) == sizeof cli_cc_header - 1;
        if (f && fclose(f) != 0)
            ok = 0;
    }
    int status = 1;
    char **args = calloc((size_t)argc + 64, sizeof *args);
    if (!ok || !args) {
        fprintf(stderr, "wavesim cc: %s\n", args ? "cannot write the builtin header" : "out of memory");
        goto out;
    }
    int n = 0;
    const char *mcpu = "-mcpu=gfx1100";
    static char mcpu_buf[64];
    args[n++] = (char *)clang;
    args[n++] = "-x";
    args[n++] = "cl";
    args[n++] = "-cl-std=CL2.0";
    args[n++] = "-target";
    args[n++] = "amdgcn-amd-amdhsa";
    int mcpu_at = n++;
    args[n++] = "-nogpulib";
    if (device_libs) {
        n = cli_cc_link_device_libs(device_libs, argc, argv, args, n, lib_paths);
    } else {
        args[n++] = "-include";
        args[n++] = header;
    }
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--builtins") == 0 && a + 1 < argc) {
            a++;
        } else if (strcmp(argv[a], "--wave64") == 0) {
            args[n++] = "-mwavefrontsize64";
        } else if (strcmp(argv[a], "--mcpu") == 0 && a + 1 < argc) {
            snprintf(mcpu_buf, sizeof mcpu_buf, "-mcpu=%s", argv[++a]);
            mcpu = mcpu_buf;
        } else {
            args[n++] = argv[a];
        }
    }
    args[mcpu_at] = (char *)mcpu;
    args[n] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(args[0], args);
        fprintf(stderr, "wavesim cc: cannot run %s: %s\n", args[0], strerror(errno));
        _exit(127);
    }
    int ws = 0;
    if (pid < 0 || waitpid(pid, &ws, 0) < 0)
        fprintf(stderr, "wavesim cc: cannot run %s\n", clang);
    else
        status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 1;
out:
    free(args);
    if (!device_libs) {
        unlink(header);
        rmdir(dir);
    }
    return status;
}
