/* `wavesim dis|run --isa ventus`: disassembly of ELF32 files and raw words in the Ventus
   llvm-objdump form, runs of test-vector launches (.metadata/.data) and of a user's kernel file
   (an NDRange launch made as the Ventus pocl device makes it). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "cli_ventus.h"
#include "cli_launch.h"
#include "cli_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wavesim/ventus.h"
#include "wavesim/wavesim_tools.h"

int cli_ventus_selected(int argc, char **argv)
{
    for (int a = 2; a + 1 < argc; a++)
        if (strcmp(argv[a], "--isa") == 0 && strcmp(argv[a + 1], "ventus") == 0)
            return 1;
    return 0;
}

static int vt_dis(int argc, char **argv)
{
    uint32_t pc = 0;
    int hex = 0;
    const char *file = NULL;
    size_t n = 0;
    uint32_t *words = NULL;
    char *input = NULL;
    int rc = 0;
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--isa") == 0 && a + 1 < argc) {
            a++;
        } else if (strcmp(argv[a], "--pc") == 0 && a + 1 < argc) {
            uint64_t v;
            if (cli_parse_u64(argv[++a], 0, UINT32_MAX, &v)) {
                fprintf(stderr, "wavesim dis: bad --pc '%s' (0 to 0xffffffff)\n", argv[a]);
                rc = 2;
                goto out;
            }
            pc = (uint32_t)v;
        } else if (strcmp(argv[a], "--hex") == 0) {
            hex = 1;
        } else if (hex) {
            size_t sz;
            free(input);
            input = strcmp(argv[a], "-") == 0 ? cli_read_input("dis", "-", &sz) : strdup(argv[a]);
            if (!input) {
                rc = 1;
                goto out;
            }
            const char *bad;
            if (cli_hex_words(input, &words, &n, &bad)) {
                if (bad)
                    fprintf(stderr, "wavesim dis: bad hex word '%.*s'\n", (int)strcspn(bad, " ,\t\r\n"), bad);
                rc = bad ? 2 : 1;
                goto out;
            }
        } else if (argv[a][0] == '-' && argv[a][1]) {
            fprintf(stderr, "wavesim dis: unknown option '%s' (see wavesim dis --help)\n", argv[a]);
            rc = 2;
            goto out;
        } else if (file) {
            fprintf(stderr, "wavesim dis: more than one input file ('%s' and '%s')\n", file, argv[a]);
            rc = 2;
            goto out;
        } else {
            file = argv[a];
        }
    }
    ws_tool_options to = {WS_ISA_VENTUS, 0, NULL};
    if (hex) {
        rc = ws_disassemble_words(&to, words, n, pc, cli_fwrite_chunk, stdout) ? 1 : 0;
    } else if (file) {
        size_t size;
        char *data = cli_read_input("dis", file, &size);
        char err[256];
        if (!data)
            rc = 1;
        else if (ws_disassemble_object(&to, data, size, cli_fwrite_chunk, stdout, err, sizeof err)) {
            fprintf(stderr, "wavesim dis: %s: %s\n", file, err);
            rc = 1;
        }
        free(data);
    } else {
        fprintf(stderr, "wavesim dis: no input file (see wavesim dis --help)\n");
        rc = 2;
    }
out:
    free(words);
    free(input);
    return rc;
}

typedef struct {
    uint32_t addr, size;
    const char *path;
} vt_dump;

/* Device printf text goes to standard output. */
static void vt_print_out(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    fwrite(text, 1, len, stdout);
}

/* --trace=spike: the commit log lines into the trace file. */
static void vt_trace_out(void *ctx, const char *text, size_t len)
{
    fwrite(text, 1, len, ctx);
}

/* --timeline=FILE */
static int vt_fill_timeline(void *ctx, FILE *f)
{
    if (vt_session_timeline(ctx, cli_fwrite_chunk, f) == 0)
        return 0;
    fprintf(stderr, "wavesim run: writing the timeline failed\n");
    return -1;
}

static int vt_write(void *session, uint64_t addr, const void *p, size_t n)
{
    return vt_session_write(session, addr, p, n);
}

/* A kernel file's arguments: the kernel_arg_buffer bytes (seed 003; packing per pocl's Ventus device:
   a buffer is its 4-byte device address, a value is aligned to its size) and each buffer's place for
   --dump. Returns 0, or -1 after printing why. */
static int vt_kernel_args(vt_session *session, const cli_launch *l, uint8_t *bytes, size_t *nbytes,
                          uint64_t addr[], uint64_t size[])
{
    size_t at = 0;
    for (int i = 0; i < l->nspecs; i++) {
        cli_arg a;
        if (cli_arg_parse(l->specs[i], &a))
            return -1;
        addr[i] = size[i] = 0;
        uint64_t value = a.bits;
        uint32_t width = a.size;
        if (a.kind == CLI_ARG_LOCAL)
            return fprintf(stderr, "wavesim run: --arg %s: __local arguments are not supported for Ventus kernels "
                           "(declare the array inside the kernel)\n", l->specs[i]), -1;
        if (a.kind == CLI_ARG_BUFFER) {
            uint64_t at_dev = a.nbytes < 0x70000000u ? vt_session_alloc(session, a.nbytes) : 0;
            if (!at_dev) {
                free(a.data);
                return fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", l->specs[i]), -1;
            }
            if (cli_arg_fill(&a, l->specs[i], at_dev, vt_write, session))
                return -1;
            addr[i] = value = at_dev;
            size[i] = a.nbytes;
            width = 4; /* 32-bit device addresses */
        }
        at = (at + width - 1) / width * width;
        for (uint32_t b = 0; b < width; b++)
            bytes[at + b] = (uint8_t)(value >> (8 * b));
        at += width;
    }
    *nbytes = at;
    return 0;
}

/* Runs launches given as METADATA DATA pairs on one memory, or one NDRange of a kernel file, then
   writes the requested dumps. */
static int vt_run(int argc, char **argv)
{
    const char *files[256];
    int nfiles = 0, ndumps = 0, show_stats = 0;
    vt_dump dumps[64];
    vt_session_options o = {0};
    o.print = vt_print_out;
    const char *trace_path = NULL, *timeline_path = NULL, *launch_option = NULL;
    int trace = 0;
    uint64_t warp_threads = 0;
    cli_launch l;
    cli_launch_init(&l);
    for (int a = 2; a < argc; a++) {
        const char *s = argv[a];
        int took = cli_launch_option(&l, s, a + 1 < argc ? argv[a + 1] : NULL);
        if (took < 0)
            return 2;
        if (took) {
            launch_option = s;
            a++;
        } else if (strcmp(s, "--isa") == 0 && a + 1 < argc) {
            a++;
        } else if (strcmp(s, "--threads") == 0 && a + 1 < argc) {
            o.threads = cli_threads("run", argv[++a]);
            if (o.threads < 1)
                return 2;
        } else if (strcmp(s, "--warp-threads") == 0 && a + 1 < argc) {
            if (cli_parse_u64(argv[++a], 1, 32, &warp_threads) || (warp_threads & (warp_threads - 1))) {
                fprintf(stderr, "wavesim run: bad --warp-threads '%s' (1, 2, 4, 8, 16 or 32)\n", argv[a]);
                return 2;
            }
            launch_option = s;
        } else if (strcmp(s, "--max-instructions") == 0 && a + 1 < argc) {
            if (cli_parse_u64(argv[++a], 1, UINT64_MAX, &o.max_instructions)) {
                fprintf(stderr, "wavesim run: bad --max-instructions '%s' (a positive integer)\n", argv[a]);
                return 2;
            }
        } else if (strcmp(s, "--no-fast-paths") == 0) {
            o.no_fast_paths = 1;
        } else if (strcmp(s, "--stats") == 0) {
            show_stats = 1;
        } else if (strcmp(s, "--timeline") == 0 || strncmp(s, "--timeline=", 11) == 0) {
            if (!s[10] || !s[11]) {
                fprintf(stderr, "wavesim run: --timeline needs =FILE\n");
                return 2;
            }
            timeline_path = s + 11;
        } else if (strncmp(s, "--trace=spike", 13) == 0 && (s[13] == '\0' || s[13] == '=')) {
            trace = 1;
            trace_path = s[13] ? s + 14 : NULL;
        } else if (strcmp(s, "--dump-mem") == 0 && a + 1 < argc) {
            char *p = argv[++a], *end, num[32];
            uint64_t addr = 0, size = 0;
            const char *c1 = strchr(p, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
            end = (char *)c2;
            int bad = !c1 || !c2 || !c2[1] || ndumps == 64 || c1 - p >= 32 || c2 - c1 - 1 >= 32;
            if (!bad) {
                snprintf(num, sizeof num, "%.*s", (int)(c1 - p), p);
                bad = cli_parse_u64(num, 0, UINT32_MAX, &addr) != 0;
                snprintf(num, sizeof num, "%.*s", (int)(c2 - c1 - 1), c1 + 1);
                bad = bad || cli_parse_u64(num, 0, UINT32_MAX, &size) != 0;
            }
            if (bad) {
                fprintf(stderr, "wavesim run: bad --dump-mem '%s' (ADDR:NBYTES:FILE)\n", p);
                return 2;
            }
            dumps[ndumps++] = (vt_dump){(uint32_t)addr, (uint32_t)size, end + 1};
        } else if (s[0] == '-' && s[1]) {
            if (strcmp(s, "--threads") == 0 || strcmp(s, "--max-instructions") == 0 || strcmp(s, "--dump-mem") == 0 ||
                strcmp(s, "--warp-threads") == 0)
                fprintf(stderr, "wavesim run: %s needs a value\n", s);
            else
                fprintf(stderr, "wavesim run: unknown option '%s' for --isa ventus (see wavesim run --help)\n", s);
            return 2;
        } else if (nfiles < 256) {
            files[nfiles++] = s;
        } else {
            fprintf(stderr, "wavesim run: more than 128 launches\n");
            return 2;
        }
    }
    /* a kernel file (ELF) or METADATA DATA pairs */
    char *kernel_file = NULL;
    size_t kernel_size = 0;
    if (nfiles == 1) {
        kernel_file = cli_read_input("run", files[0], &kernel_size);
        if (!kernel_file)
            return 1;
        if (kernel_size < 4 || memcmp(kernel_file, "\x7f" "ELF", 4) != 0) {
            free(kernel_file);
            fprintf(stderr, "wavesim run --isa ventus: '%s' is not an ELF file; expected a kernel file or METADATA "
                    "DATA pairs, one per launch\n", files[0]);
            return 2;
        }
        if (cli_launch_check(&l)) {
            free(kernel_file);
            return 2;
        }
    } else if (!nfiles || nfiles % 2) {
        fprintf(stderr, "wavesim run --isa ventus: expected a kernel file (ELF) or METADATA DATA pairs, one per launch\n");
        return 2;
    } else if (launch_option) {
        fprintf(stderr, "wavesim run: %s applies to a kernel file, not to METADATA DATA launches\n", launch_option);
        return 2;
    }
    FILE *tf = NULL;
    cli_out tout = {0};
    if (trace) {
        if (cli_out_open(&tout, trace_path && *trace_path ? trace_path : "-")) {
            fprintf(stderr, "wavesim run: cannot write trace '%s': %s\n", trace_path, strerror(errno));
            free(kernel_file);
            return 1;
        }
        tf = tout.f;
        o.trace = vt_trace_out;
        o.trace_ctx = tf;
    }
    o.timeline = timeline_path != NULL;
    vt_session *session = vt_session_new(&o);
    if (!session) {
        fprintf(stderr, "wavesim run: out of memory\n");
        if (tf)
            cli_out_close(&tout, 0, "run");
        free(kernel_file);
        return 1;
    }
    int rc = 0;
    char err[512];
    uint64_t buf_addr[CLI_LAUNCH_MAX_ARGS], buf_size[CLI_LAUNCH_MAX_ARGS];
    if (kernel_file) {
        uint8_t argbytes[CLI_LAUNCH_MAX_ARGS * 8];
        size_t nargbytes = 0;
        if (vt_session_load_elf(session, kernel_file, kernel_size, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s: %s\n", files[0], err);
            rc = 1;
        } else if (vt_kernel_args(session, &l, argbytes, &nargbytes, buf_addr, buf_size)) {
            rc = 1;
        }
        for (int d = 0; d < l.ndumps && !rc; d++)
            if (l.dumps[d].index >= l.nspecs || !buf_addr[l.dumps[d].index]) {
                fprintf(stderr, "wavesim run: --dump %d: argument %d is not a buffer\n", l.dumps[d].index,
                        l.dumps[d].index);
                rc = 1;
            }
        if (!rc) {
            vt_kernel_launch k = {l.kernel, (uint32_t)l.dims, {0}, {0}, {0}, argbytes, nargbytes, (uint32_t)warp_threads};
            memcpy(k.global, l.global, sizeof k.global);
            memcpy(k.local, l.local, sizeof k.local);
            memcpy(k.offset, l.offset, sizeof k.offset);
            if (tf)
                fprintf(tf, "# launch 0 %s %s\n", files[0], l.kernel);
            if (vt_session_kernel(session, &k, err, sizeof err)) {
                fprintf(stderr, "wavesim run: %s: %s\n", files[0], err);
                rc = 1;
            }
        }
        free(kernel_file);
    }
    for (int i = 0; i < nfiles && !kernel_file && !rc; i += 2) {
        size_t ms, ds;
        char *mt = cli_read_input("run", files[i], &ms), *dt = mt ? cli_read_input("run", files[i + 1], &ds) : NULL;
        const char *which = "run";
        if (tf)
            fprintf(tf, "# launch %d %s\n", i / 2, files[i]);
        if (!mt || !dt) {
            rc = 1;
        } else if (vt_session_launch(session, mt, dt, &which, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s: %s\n", files[strcmp(which, "data") == 0 ? i + 1 : i], err);
            rc = 1;
        }
        free(mt);
        free(dt);
    }
    for (int d = 0; d < l.ndumps && !rc; d++) {
        int i = l.dumps[d].index;
        const void *p = vt_session_memory(session, (uint32_t)buf_addr[i], (uint32_t)buf_size[i]);
        if (!p || cli_write_file("run", l.dumps[d].path, p, (size_t)buf_size[i]))
            rc = 1;
    }
    for (int i = 0; i < ndumps && !rc; i++) {
        const void *p = vt_session_memory(session, dumps[i].addr, dumps[i].size);
        if (!p) {
            fprintf(stderr, "wavesim run: --dump-mem 0x%x:%u is not inside one buffer\n", dumps[i].addr, dumps[i].size);
            rc = 1;
        } else if (cli_write_file("run", dumps[i].path, p, dumps[i].size)) {
            rc = 1;
        }
    }
    if (show_stats && !rc) {
        /* the same first line as RDNA3's --stats, on standard output (a warp instruction is a "wave"
           instruction; lane-instructions count the vector ones per active thread) */
        vt_session_stats stats;
        vt_session_stats_get(session, &stats);
        double s = stats.seconds > 0 ? stats.seconds : 1e-9;
        printf("instructions: %llu wave, %llu lane in %.3f s (%.1f M lane-instructions/s, %.2f M wave-instructions/s)\n",
               (unsigned long long)stats.instructions, (unsigned long long)stats.lane_instructions, stats.seconds,
               (double)stats.lane_instructions / s / 1e6, (double)stats.instructions / s / 1e6);
        printf("  %llu workgroups, %llu warps\n", (unsigned long long)stats.workgroups, (unsigned long long)stats.warps);
        for (int k = 0; k < VT_SESSION_CLASSES; k++)
            printf("%s%s %llu", k ? ", " : "  ", vt_session_class_name(k), (unsigned long long)stats.class_count[k]);
        printf("\n");
        cli_print_peak_memory();
    }
    if (tf && cli_out_close(&tout, 1, "run"))
        rc = 1;
    /* the launches that ran, the last one also when it faulted */
    if (timeline_path && cli_write_stream("run", timeline_path, vt_fill_timeline, session))
        rc = 1;
    vt_session_free(session);
    return rc;
}

int cli_ventus_main(int argc, char **argv)
{
    if (strcmp(argv[1], "run") == 0)
        return vt_run(argc, argv);
    if (strcmp(argv[1], "dis") == 0)
        return vt_dis(argc, argv);
    fprintf(stderr, "wavesim %s: not available for --isa ventus\n", argv[1]);
    return 2;
}
