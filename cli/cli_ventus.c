/* `wavesim dis|run --isa ventus`: disassembly of ELF32 files and raw words in the Ventus
   llvm-objdump form, and runs of test-vector launches (.metadata/.data). */
#include "cli_ventus.h"
#include "cli_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/elf32.h"
#include "ventus/codec/vt_isa.h"
#include "ventus/exec/vt_trace.h"
#include "ventus/launch/vt_launch.h"

int cli_ventus_selected(int argc, char **argv)
{
    for (int a = 2; a + 1 < argc; a++)
        if (strcmp(argv[a], "--isa") == 0 && strcmp(argv[a + 1], "ventus") == 0)
            return 1;
    return 0;
}

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Symbol lookup for branch targets: the ELF's function and label symbols. */
static const char *elf_symbol_at(void *ctx, uint32_t addr)
{
    const elf32_file *elf = ctx;
    for (int i = 0; i < elf->nsyms; i++)
        if (elf->syms[i].value == addr && elf->syms[i].name[0] && elf->syms[i].type != 3 && elf->syms[i].type != 4)
            return elf->syms[i].name;
    return NULL;
}

static void dis_print(const uint32_t *words, size_t n, uint32_t pc, const elf32_file *elf)
{
    char text[256];
    for (size_t i = 0; i < n; i++, pc += 4) {
        vt_inst in;
        vt_decode(words[i], &in);
        vt_print(&in, pc, elf ? elf_symbol_at : NULL, (void *)elf, text, sizeof text);
        if (!elf) {
            printf("%s\n", text);
            continue;
        }
        const char *label = elf_symbol_at((void *)elf, pc);
        if (label)
            printf("\n%08x <%s>:\n", pc, label);
        uint32_t w = words[i];
        printf("%08x: %02x %02x %02x %02x  \t%s\n", pc, w & 255, w >> 8 & 255, w >> 16 & 255, w >> 24, text);
    }
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
            input = strcmp(argv[a], "-") == 0 ? cli_read_input("dis", "-", &sz) : dup_string(argv[a]);
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
    if (hex) {
        dis_print(words, n, pc, NULL);
    } else if (file) {
        size_t size;
        char *data = cli_read_input("dis", file, &size);
        elf32_file elf;
        char err[256];
        if (!data) {
            rc = 1;
        } else if (elf32_parse((const uint8_t *)data, size, &elf, err, sizeof err)) {
            fprintf(stderr, "wavesim dis: %s: %s\n", file, err);
            rc = 1;
        } else {
            if (elf.machine != ELF32_EM_RISCV) {
                fprintf(stderr, "wavesim dis: %s: not a RISC-V ELF file (machine %u)\n", file, elf.machine);
                rc = 1;
            }
            for (int i = 0; !rc && i < elf.nsecs; i++) {
                const elf32_section *s = &elf.secs[i];
                if (!(s->flags & 4) || s->type == 8)
                    continue;
                printf("\nDisassembly of section %s:\n", s->name);
                size_t nw = s->size / 4;
                uint32_t *ws = malloc(nw ? nw * 4 : 4);
                if (!ws) {
                    rc = 1;
                    break;
                }
                for (size_t k = 0; k < nw; k++) {
                    const uint8_t *b = (const uint8_t *)data + s->offset + 4 * k;
                    ws[k] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
                }
                dis_print(ws, nw, s->addr, &elf);
                free(ws);
            }
            elf32_free(&elf);
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

typedef struct {
    FILE *out;
} vt_spike_trace;

/* Device printf text goes to standard output. */
static void vt_print_out(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    fwrite(text, 1, len, stdout);
}

/* --trace=spike: every committed instruction in the reference simulator's log format. */
static void vt_spike_commit(void *ctx, const vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in)
{
    vt_spike_trace *t = ctx;
    char line[8192];
    size_t n = vt_spike_format(g, w, pc, in, line, sizeof line);
    fwrite(line, 1, n < sizeof line ? n : sizeof line - 1, t->out);
}

typedef struct {
    const core_timeline *ran[128]; /* the launches that ran, in order */
    int n;
} vt_timelines;

/* --timeline=FILE: the launches in order on the Ventus device the driver reports (2 cores, one
   workgroup resident on each), into f; 0, or -1 with a message. */
static int vt_fill_timeline(void *ctx, FILE *f)
{
    const vt_timelines *t = ctx;
    core_device dev = {2, 1, 65536};
    if (core_timeline_write(t->ran, t->n, &dev, "ventus", "warp", cli_fwrite_chunk, f) == 0)
        return 0;
    fprintf(stderr, "wavesim run: writing the timeline failed\n");
    return -1;
}

/* Runs launches given as METADATA DATA pairs on one memory, then writes the requested dumps. */
static int vt_run(int argc, char **argv)
{
    const char *files[256];
    int nfiles = 0, ndumps = 0, show_stats = 0;
    vt_dump dumps[64];
    vt_run_options o = {0};
    o.print = vt_print_out;
    const char *trace_path = NULL, *timeline_path = NULL;
    core_timeline *timelines[128] = {0};
    int trace = 0;
    for (int a = 2; a < argc; a++) {
        const char *s = argv[a];
        if (strcmp(s, "--isa") == 0 && a + 1 < argc) {
            a++;
        } else if (strcmp(s, "--threads") == 0 && a + 1 < argc) {
            o.threads = cli_threads("run", argv[++a]);
            if (o.threads < 1)
                return 2;
        } else if (strcmp(s, "--max-instructions") == 0 && a + 1 < argc) {
            if (cli_parse_u64(argv[++a], 1, UINT64_MAX, &o.max_instructions)) {
                fprintf(stderr, "wavesim run: bad --max-instructions '%s' (a positive integer)\n", argv[a]);
                return 2;
            }
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
            if (strcmp(s, "--threads") == 0 || strcmp(s, "--max-instructions") == 0 || strcmp(s, "--dump-mem") == 0)
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
    if (!nfiles || nfiles % 2) {
        fprintf(stderr, "wavesim run --isa ventus: expected METADATA DATA pairs, one per launch\n");
        return 2;
    }
    FILE *tf = NULL;
    cli_out tout = {0};
    vt_spike_trace st = {0};
    if (trace) {
        if (cli_out_open(&tout, trace_path && *trace_path ? trace_path : "-")) {
            fprintf(stderr, "wavesim run: cannot write trace '%s': %s\n", trace_path, strerror(errno));
            return 1;
        }
        tf = tout.f;
        st.out = tf;
        o.trace = vt_spike_commit;
        o.trace_ctx = &st;
    }
    core_mem mem;
    core_mem_init(&mem);
    vt_stats stats = {0};
    int rc = 0;
    for (int i = 0; i < nfiles && !rc; i += 2) {
        size_t ms, ds;
        char *mt = cli_read_input("run", files[i], &ms), *dt = mt ? cli_read_input("run", files[i + 1], &ds) : NULL;
        char err[512];
        vt_meta m;
        uint32_t *words = NULL;
        size_t nwords = 0;
        if (tf)
            fprintf(tf, "# launch %d %s\n", i / 2, files[i]);
        o.timeline = timeline_path ? &timelines[i / 2] : NULL;
        if (!mt || !dt) {
            rc = 1;
        } else if (vt_meta_parse(mt, &m, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s: %s\n", files[i], err);
            rc = 1;
        } else if (vt_data_parse(dt, &words, &nwords, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s: %s\n", files[i + 1], err);
            rc = 1;
        } else if (vt_launch_run(&mem, &m, words, nwords, &o, &stats, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s: %s\n", files[i], err);
            rc = 1;
        }
        free(words);
        free(mt);
        free(dt);
    }
    for (int i = 0; i < ndumps && !rc; i++) {
        const uint8_t *p = core_mem_ptr(&mem, dumps[i].addr, dumps[i].size);
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
        double s = stats.seconds > 0 ? stats.seconds : 1e-9;
        printf("instructions: %llu wave, %llu lane in %.3f s (%.1f M lane-instructions/s, %.2f M wave-instructions/s)\n",
               (unsigned long long)stats.instructions, (unsigned long long)stats.lane_instructions, stats.seconds,
               (double)stats.lane_instructions / s / 1e6, (double)stats.instructions / s / 1e6);
        printf("  %llu workgroups, %llu warps\n", (unsigned long long)stats.workgroups, (unsigned long long)stats.warps);
        static const char *const cls[VT_CLS_COUNT] = {"alu", "branch", "scalar-mem", "atomic", "fpu", "other",
                                                       "valu", "vmem", "simt"};
        for (int k = 0; k < VT_CLS_COUNT; k++)
            printf("%s%s %llu", k ? ", " : "  ", cls[k], (unsigned long long)stats.class_count[k]);
        printf("\n");
        cli_print_peak_memory();
    }
    if (tf && cli_out_close(&tout, 1, "run"))
        rc = 1;
    /* the launches that ran, the last one also when it faulted */
    vt_timelines ran = {.n = 0};
    while (ran.n < nfiles / 2 && timelines[ran.n]) {
        ran.ran[ran.n] = timelines[ran.n];
        ran.n++;
    }
    if (timeline_path && cli_write_stream("run", timeline_path, vt_fill_timeline, &ran))
        rc = 1;
    for (int i = 0; i < nfiles / 2; i++)
        core_timeline_free(timelines[i]);
    core_mem_free_all(&mem);
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
