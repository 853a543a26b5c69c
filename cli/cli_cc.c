/* `wavesim cc`: runs clang-19 on OpenCL C with the options gfx1100 code objects need and wavesim's
   builtin library force-included, so unmodified OpenCL kernels compile for the simulator. */
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
    "usage: wavesim cc [--wave64] [--mcpu gfx1100] [CLANG OPTIONS] KERNEL.cl -o OUT.hsaco\n"
    "Compiles OpenCL C to an HSA code object that `wavesim run` loads, with clang-19 and wavesim's\n"
    "OpenCL builtin library (work-item functions, barriers, atomics, math). Other options (-O3, -D, -I,\n"
    "-S, -c, -cl-*) go to clang unchanged. The compiler is $WAVESIM_CLANG, else clang-19 on PATH,\n"
    "else /usr/lib/llvm-19/bin/clang.\n";

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
    /* the builtin library goes to a private temporary directory for the compiler to include */
    const char *tmp = getenv("TMPDIR");
    char dir[4096], header[4200];
    snprintf(dir, sizeof dir, "%s/wavesim-cc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "wavesim cc: cannot create a temporary directory: %s\n", strerror(errno));
        return 1;
    }
    snprintf(header, sizeof header, "%s/wavesim_cl.h", dir);
    FILE *f = fopen(header, "w");
    int ok = f && fwrite(cli_cc_header, 1, sizeof cli_cc_header - 1, f) == sizeof cli_cc_header - 1;
    if (f && fclose(f) != 0)
        ok = 0;
    int status = 1;
    char **args = calloc((size_t)argc + 16, sizeof *args);
    if (!ok || !args) {
        fprintf(stderr, "wavesim cc: cannot write %s\n", header);
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
    args[n++] = "-include";
    args[n++] = header;
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--wave64") == 0) {
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
    unlink(header);
    rmdir(dir);
    return status;
}
