/* `wavesim cc`: OpenCL C to an HSA code object for `wavesim run`, through ws_cc (the compiler driver
   in the runtime: clang-19, gfx1100 options, an OpenCL builtin library). */
#include "cli_cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wavesim/wavesim.h"

static const char cli_cc_usage[] =
    "usage: wavesim cc [--wave64] [--mcpu gfx1100] [--builtins rocm|wavesim] [--print-command]\n"
    "                  [CLANG OPTIONS] KERNEL.cl -o OUT.hsaco\n"
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
    "                      the default, with a warning, when the device libraries are missing\n"
    "  --print-command     print the clang command line instead of running it (wavesim's header is\n"
    "                      named by its content hash: the line identifies the compiled output)\n";

int cli_cc_main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
        fputs(cli_cc_usage, argc < 3 ? stderr : stdout);
        return argc < 3 ? 2 : 0;
    }
    ws_cc_options o;
    memset(&o, 0, sizeof o);
    o.log_fd = -1;
    int print_command = 0;
    const char **pass = calloc((size_t)argc, sizeof *pass);
    if (!pass) {
        fprintf(stderr, "wavesim cc: out of memory\n");
        return 1;
    }
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--builtins") == 0) {
            if (a + 1 == argc) {
                fprintf(stderr, "wavesim cc: --builtins needs a value (rocm or wavesim)\n");
                free(pass);
                return 2;
            }
            o.builtins = argv[++a];
            if (strcmp(o.builtins, "rocm") != 0 && strcmp(o.builtins, "wavesim") != 0) {
                fprintf(stderr, "wavesim cc: --builtins must be rocm or wavesim, not '%s'\n", o.builtins);
                free(pass);
                return 2;
            }
        } else if (strcmp(argv[a], "--print-command") == 0) {
            print_command = 1;
        } else if (strcmp(argv[a], "--wave64") == 0) {
            o.wave64 = 1;
        } else if (strcmp(argv[a], "--mcpu") == 0 && a + 1 < argc) {
            o.mcpu = argv[++a];
        } else {
            pass[o.nclang_args++] = argv[a];
        }
    }
    o.clang_args = pass;
    char note[300], err[4400];
    if (print_command) {
        size_t size = 65536;
        char *line = malloc(size);
        int rc = line ? ws_cc_command(&o, line, size, err, sizeof err) : -1;
        if (!line)
            snprintf(err, sizeof err, "out of memory");
        if (rc == 0)
            printf("%s\n", line);
        else
            fprintf(stderr, "wavesim cc: %s\n", err);
        free(line);
        free(pass);
        return rc == 0 ? 0 : 1;
    }
    fflush(NULL);
    int rc = ws_cc(&o, note, sizeof note, err, sizeof err);
    if (note[0])
        fprintf(stderr, "wavesim cc: warning: %s\n", note);
    if (rc < 0)
        fprintf(stderr, "wavesim cc: %s\n", err);
    free(pass);
    return rc < 0 ? 1 : rc;
}
