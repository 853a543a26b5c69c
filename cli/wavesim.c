/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cc.h"
#include "cli_util.h"
#include "cli_ventus.h"
#include "wavesim/wavesim.h"
#include "wavesim/wavesim_tools.h"

#define WAVESIM_VERSION "0.14"

static const char help_as[] =
    "usage: wavesim as [--isa rdna3|ventus] [--mcpu CPU] [--wave64] IN.s (-o OUT | --hex)\n"
    "  assemble IN.s (\"-\": standard input) to an HSA code object v5 (RDNA3) or an ELF32 image with\n"
    "  code at 0x80000000 (Ventus, GNU RISC-V syntax); --hex prints each instruction's dwords instead.\n"
    "  --isa rdna3|ventus   instruction set (default rdna3)\n"
    "  --mcpu CPU           gfx1100 (default), gfx1101, gfx1102, gfx1103, gfx1150, gfx1151\n"
    "  --wave64             wave64 syntax and code object\n"
    "  -o OUT               output file (written whole or not at all)\n"
    "  --hex                print one line of hex dwords per instruction\n";
static const char help_dis[] =
    "usage: wavesim dis [--isa rdna3|ventus] [--mcpu CPU] [--wave64] FILE\n"
    "       wavesim dis [--isa rdna3|ventus] [--wave64] [--pc ADDR] --hex \"WORD WORD ...\"|-\n"
    "  disassemble the code sections of an ELF file, or raw little-endian dwords (\"-\": standard input);\n"
    "  the text is LLVM 19's (RDNA3) or the reference object.dump's (Ventus).\n"
    "  --isa rdna3|ventus   instruction set (default rdna3)\n"
    "  --mcpu CPU           gfx1100 (default), gfx1101, gfx1102, gfx1103, gfx1150, gfx1151\n"
    "  --wave64             decode as wave64\n"
    "  --pc ADDR            (Ventus --hex) address of the first word, for branch targets\n"
    "  --hex                the operands are hex words, not a file\n";
static const char help_run[] =
    "usage: wavesim run CODE_OBJECT --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]...\n"
    "                   [--dump N:FILE]... [options]\n"
    "       wavesim run --isa ventus A.metadata A.data [B.metadata B.data ...] [--dump-mem ADDR:NBYTES:FILE]...\n"
    "                   [--threads N] [--max-instructions N] [--stats] [--trace=spike[=FILE]] [--timeline=FILE]\n"
    "  run a kernel of an HSA code object on a simulated gfx1100 (or Ventus test-vector launches in\n"
    "  order on one memory).\n"
    "  --kernel NAME              the kernel to run\n"
    "  --global X[,Y[,Z]]         work-items per dimension (need not be a multiple of --local)\n"
    "  --local X[,Y[,Z]]          work-group size (required; at most 1024 work-items)\n"
    "  --offset X[,Y[,Z]]         global work offset\n"
    "  --arg SPEC                 the next kernel argument, in order:\n"
    "                               i32:V u32:V i64:V u64:V f32:V f64:V  a value (C syntax; must fit)\n"
    "                               buf:PATH      a device buffer holding the bytes of a regular file\n"
    "                               zeros:NBYTES  a zeroed device buffer\n"
    "                               local:NBYTES  dynamic LDS for a __local pointer\n"
    "  --dump N:FILE              write the final bytes of buffer argument N (0-based) to FILE\n"
    "  --threads N                host threads (default: all cores; capped at the cores)\n"
    "  --max-instructions N       instruction budget per workgroup (N >= 1; default 200000000)\n"
    "  --stats                    statistics on standard output after the run (see the README)\n"
    "  --trace[=FILE]             one line per executed instruction (default standard output)\n"
    "  --timeline=FILE            a Chrome/Perfetto trace (JSON; open in ui.perfetto.dev): one track per\n"
    "                             compute unit, workgroup slot and wave, a span per wave, barrier waits\n"
    "                             and faults; time counts instructions, not cycles (see the README)\n"
    "  --alignment-mode MODE      SH_MEM_CONFIG alignment: unaligned (default), dword, dword-strict, strict\n"
    "  --compute-units N          simulated compute units (default 96)\n"
    "  --groups-per-cu N          resident workgroups per compute unit (default 16)\n"
    "  --lds-bytes N              LDS per workgroup (default 65536)\n"
    "  Ventus: --dump-mem ADDR:NBYTES:FILE writes device memory after the last launch;\n"
    "          --timeline=FILE draws the launches one after another on 2 cores, one workgroup each;\n"
    "          --trace=spike[=FILE] writes the reference simulator's commit log.\n";
static const char help_isa[] =
    "usage: wavesim isa [--isa rdna3] [--missing]\n"
    "  how many instructions of each RDNA3 format the executor runs; --missing lists the others.\n";

static const char usage[] =
    "usage: wavesim <command> [options]   (wavesim <command> --help for each command's options)\n"
    "\n"
    "commands:\n"
    "  as  [--isa rdna3|ventus] [--mcpu gfx1100] [--wave64] IN.s -o OUT   assemble to an ELF object/code object\n"
    "  as  ... --hex IN.s                                    print each instruction's dwords\n"
    "  dis [--isa rdna3|ventus] [--mcpu gfx1100] [--wave64] FILE   disassemble the code sections of an ELF file\n"
    "  dis ... --hex \"WORD WORD ...\"                        disassemble raw little-endian dwords (\"-\": stdin)\n"
    "  run CODE_OBJECT --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]... [--dump N:FILE]...\n"
    "                                                        run a kernel of an HSA code object\n"
    "  run --isa ventus A.metadata A.data [B.metadata B.data ...] [--dump-mem ADDR:NBYTES:FILE]...\n"
    "                                                        run Ventus test-vector launches in order on one memory\n"
    "  cc  [--wave64] [CLANG OPTIONS] KERNEL.cl -o OUT.hsaco  compile OpenCL C for wavesim (clang-19)\n"
    "  isa [--isa rdna3] [--missing]                         which instructions the executor runs\n"
    "  help, --help                                          this text\n"
    "  --version                                             the version\n";

static const char *g_mcpu = "gfx1100";
static int g_ventus; /* --isa ventus */

/* Common options; returns the index of the first argument it does not know, or -1 on error. */
static int parse_common(int argc, char **argv, int first, int *wave64)
{
    int a = first;
    for (; a < argc; a++) {
        if (strcmp(argv[a], "--wave64") == 0) {
            *wave64 = 1;
        } else if (strcmp(argv[a], "--isa") == 0 && a + 1 < argc) {
            g_ventus = strcmp(argv[++a], "ventus") == 0;
            if (strcmp(argv[a], "rdna3") != 0 && !g_ventus) {
                fprintf(stderr, "wavesim: unknown ISA '%s' (rdna3 or ventus)\n", argv[a]);
                return -1;
            }
        } else if (strcmp(argv[a], "--mcpu") == 0 && a + 1 < argc) {
            const char *cpu = argv[++a];
            if (!ws_mcpu_supported(cpu)) {
                fprintf(stderr, "wavesim: unsupported --mcpu '%s' (gfx1100, gfx1101, gfx1102, gfx1103, "
                                "gfx1150 or gfx1151)\n", cpu);
                return -1;
            }
            g_mcpu = cpu;
        } else if (strcmp(argv[a], "--isa") == 0 || strcmp(argv[a], "--mcpu") == 0) {
            fprintf(stderr, "wavesim: %s needs a value\n", argv[a]);
            return -1;
        } else {
            break;
        }
    }
    return a;
}

static int cmd_as(int argc, char **argv)
{
    int wave64 = 0, hex = 0;
    const char *in = NULL, *outpath = NULL;
    if (cli_wants_help(argc, argv, 2))
        return fputs(help_as, stdout), 0;
    for (int a = 2; a < argc; a++) {
        int next = parse_common(argc, argv, a, &wave64);
        if (next < 0)
            return 2;
        if (next > a) {
            a = next - 1;
            continue;
        }
        if (strcmp(argv[a], "--hex") == 0)
            hex = 1;
        else if (strcmp(argv[a], "-o") == 0 && a + 1 < argc)
            outpath = argv[++a];
        else if (argv[a][0] == '-' && argv[a][1])
            return fprintf(stderr, "wavesim as: unknown option '%s' (see wavesim as --help)\n", argv[a]), 2;
        else if (in)
            return fprintf(stderr, "wavesim as: more than one input file ('%s' and '%s')\n", in, argv[a]), 2;
        else
            in = argv[a];
    }
    if (!in)
        return fprintf(stderr, "wavesim as: no input file (see wavesim as --help)\n"), 2;
    if (!hex && !outpath)
        return fprintf(stderr, "wavesim as: no output: give -o OUT or --hex\n"), 2;
    size_t size;
    char *src = cli_read_input("as", in, &size);
    if (!src)
        return 1;
    ws_tool_options to = {g_ventus ? WS_ISA_VENTUS : WS_ISA_RDNA3, wave64, g_mcpu};
    ws_assembly *a;
    char err[1024];
    int rc = ws_assemble(&to, src, size, in, &a, err, sizeof err);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (hex)
        ws_assembly_hex(a, cli_fwrite_chunk, stdout);
    if (outpath) {
        void *img;
        size_t n;
        if (ws_assembly_object(a, &img, &n, err, sizeof err)) {
            fprintf(stderr, "wavesim as: %s: %s\n", in, err);
            ws_assembly_free(a);
            return 1;
        }
        rc = cli_write_file("as", outpath, img, n);
        free(img);
    }
    ws_assembly_free(a);
    return rc ? 1 : 0;
}

/* An object file's listing (llvm-objdump -d layout). */
static int dis_object(const char *path, int wave64)
{
    size_t size;
    char *data = cli_read_input("dis", path, &size);
    if (!data)
        return 1;
    ws_tool_options to = {WS_ISA_RDNA3, wave64, g_mcpu};
    char err[512];
    int rc = ws_disassemble_object(&to, data, size, cli_fwrite_chunk, stdout, err, sizeof err);
    free(data);
    if (rc)
        fprintf(stderr, "wavesim dis: %s: %s\n", path, err);
    return rc ? 1 : 0;
}

static int cmd_dis(int argc, char **argv)
{
    int wave64 = 0, hex = 0;
    const char *pos[256];
    int npos = 0;
    if (cli_wants_help(argc, argv, 2))
        return fputs(help_dis, stdout), 0;
    for (int a = 2; a < argc; a++) {
        int next = parse_common(argc, argv, a, &wave64);
        if (next < 0)
            return 2;
        if (next > a) {
            a = next - 1;
            continue;
        }
        if (strcmp(argv[a], "--hex") == 0)
            hex = 1;
        else if (strcmp(argv[a], "--pc") == 0)
            return fprintf(stderr, "wavesim dis: --pc applies to --isa ventus\n"), 2;
        else if (argv[a][0] == '-' && argv[a][1])
            return fprintf(stderr, "wavesim dis: unknown option '%s' (see wavesim dis --help)\n", argv[a]), 2;
        else if (npos == 256)
            return fprintf(stderr, "wavesim dis: too many arguments\n"), 2;
        else
            pos[npos++] = argv[a];
    }
    if (!hex) {
        if (npos == 1)
            return dis_object(pos[0], wave64);
        if (npos == 0)
            return fprintf(stderr, "wavesim dis: no input file (see wavesim dis --help)\n"), 2;
        return fprintf(stderr, "wavesim dis: more than one input file ('%s' and '%s')\n", pos[0], pos[1]), 2;
    }
    size_t n = 0;
    uint32_t *words = NULL;
    for (int i = 0; i < npos; i++) {
        char *input = NULL; /* "--hex -": words from standard input */
        if (strcmp(pos[i], "-") == 0) {
            size_t sz;
            if (!(input = cli_read_input("dis", "-", &sz))) {
                free(words);
                return 1;
            }
        }
        const char *bad;
        int rc = cli_hex_words(input ? input : pos[i], &words, &n, &bad);
        if (rc) {
            if (bad)
                fprintf(stderr, "wavesim dis: bad hex word '%.*s'\n", (int)strcspn(bad, " ,\t\r\n"), bad);
            else
                fprintf(stderr, "wavesim dis: out of memory\n");
        }
        free(input);
        if (rc) {
            free(words);
            return bad ? 2 : 1;
        }
    }
    if (!n) {
        free(words);
        return fprintf(stderr, "wavesim dis: --hex: no words given\n"), 2;
    }
    ws_tool_options to = {WS_ISA_RDNA3, wave64, g_mcpu};
    int rc = ws_disassemble_words(&to, words, n, 0, cli_fwrite_chunk, stdout);
    free(words);
    return rc ? 1 : 0;
}

/* "X[,Y[,Z]]" into three sizes (missing ones are dflt), each in [lo, hi]; returns the number
   given, or 0 on error. */
static int parse_dims(const char *s, uint64_t out[3], uint64_t dflt, uint64_t lo, uint64_t hi)
{
    out[0] = out[1] = out[2] = dflt;
    int n = 0;
    char part[32];
    while (n < 3) {
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= sizeof part)
            return 0;
        memcpy(part, s, len);
        part[len] = '\0';
        if (cli_parse_u64(part, lo, hi, &out[n++]))
            return 0;
        s += len;
        if (!*s)
            return n;
        s++; /* the comma */
    }
    return 0;
}

typedef struct {
    ws_arg arg;
    uint64_t size;       /* buffers: bytes, for --dump */
} run_arg;

/* One --arg SPEC as a launch argument; buffers are allocated and filled on the device. */
static int run_parse_arg(ws_device *dev, const char *spec, run_arg *ra)
{
    const char *colon = strchr(spec, ':');
    char kind[8];
    if (!colon || colon - spec >= (long)sizeof kind)
        return fprintf(stderr, "wavesim run: bad --arg '%s' (KIND:VALUE; see wavesim run --help)\n", spec), -1;
    snprintf(kind, sizeof kind, "%.*s", (int)(colon - spec), spec);
    const char *val = colon + 1;
    memset(ra, 0, sizeof *ra);
    if (strcmp(kind, "buf") == 0 || strcmp(kind, "zeros") == 0) {
        size_t size = 0;
        char *data = NULL;
        if (kind[0] == 'b') {
            data = cli_read_input("run", val, &size);
            if (!data)
                return -1;
        } else {
            uint64_t n;
            if (cli_parse_u64(val, 0, (uint64_t)1 << 40, &n))
                return fprintf(stderr, "wavesim run: bad size '%s' in --arg %s (0 to 2^40 bytes)\n", val, spec), -1;
            size = (size_t)n;
        }
        uint64_t addr = ws_alloc(dev, size);
        if (!addr || (data && size && ws_write(dev, addr, data, size))) {
            free(data);
            return fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", spec), -1;
        }
        free(data);
        ra->arg = (ws_arg){WS_ARG_BUFFER, addr, 8, NULL};
        ra->size = size;
        return 0;
    }
    if (strcmp(kind, "local") == 0) {
        uint64_t n;
        if (cli_parse_u64(val, 0, 65536, &n))
            return fprintf(stderr, "wavesim run: bad size '%s' in --arg %s (0 to 65536 bytes)\n", val, spec), -1;
        ra->arg = (ws_arg){WS_ARG_LOCAL, 0, (uint32_t)n, NULL};
        return 0;
    }
    int is64 = strcmp(kind, "i64") == 0 || strcmp(kind, "u64") == 0 || strcmp(kind, "f64") == 0;
    if (!is64 && strcmp(kind, "i32") && strcmp(kind, "u32") && strcmp(kind, "f32"))
        return fprintf(stderr, "wavesim run: unknown kind '%s' in --arg %s (i32 u32 i64 u64 f32 f64 buf zeros local)\n",
                       kind, spec), -1;
    uint64_t bits;
    int ok;
    if (kind[0] == 'f') {
        char *end;
        errno = 0;
        double d = strtod(val, &end);
        float f = (float)d;
        ok = end != val && !*end && !(errno == ERANGE && isinf(d)) && (is64 || !isinf(f) || isinf(d));
        uint32_t b32;
        memcpy(&b32, &f, 4);
        if (is64)
            memcpy(&bits, &d, 8);
        else
            bits = b32;
    } else if (kind[0] == 'u') {
        /* unsigned: 0 .. 2^N-1 */
        ok = !cli_parse_u64(val, 0, is64 ? UINT64_MAX : UINT32_MAX, &bits);
    } else {
        /* signed: -2^(N-1) .. 2^(N-1)-1, or a bit pattern written in hex up to 2^N-1 */
        int64_t v;
        ok = !cli_parse_i64(val, is64 ? INT64_MIN : INT32_MIN, is64 ? INT64_MAX : INT32_MAX, &v);
        bits = (uint64_t)v;
        if (!ok && (strncmp(val, "0x", 2) == 0 || strncmp(val, "0X", 2) == 0))
            ok = !cli_parse_u64(val, 0, is64 ? UINT64_MAX : UINT32_MAX, &bits);
        if (!is64)
            bits &= 0xffffffffu;
    }
    if (!ok)
        return fprintf(stderr, "wavesim run: bad value '%s' in --arg %s (not a number or out of range for %s)\n", val,
                       spec, kind), -1;
    ra->arg = (ws_arg){WS_ARG_VALUE, bits, is64 ? 8u : 4u, NULL};
    return 0;
}

static void trace_line(void *ctx, const char *line)
{
    fprintf((FILE *)ctx, "%s\n", line);
}

/* --timeline=FILE: the last launch's timeline into f; 0, or -1 with a message. */
static int fill_timeline(void *dev, FILE *f)
{
    char err[200];
    if (ws_timeline_write(dev, cli_fwrite_chunk, f, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "wavesim run: timeline: %s\n", err);
    return -1;
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *kname = NULL;
    uint64_t global[3] = {0, 0, 0}, local[3] = {1, 1, 1}, offset[3] = {0, 0, 0};
    int dims = 0, have_local = 0, stats_flag = 0, nspecs = 0, ndumps = 0;
    if (cli_wants_help(argc, argv, 2))
        return fputs(help_run, stdout), 0;
    ws_options opt;
    memset(&opt, 0, sizeof opt);
    cli_out trace = {0};
    const char *trace_path = NULL, *timeline_path = NULL;
    const char *specs[64];
    struct {
        int index;
        const char *path;
    } dumps[64];
    for (int a = 2; a < argc; a++) {
        const char *o = argv[a];
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (strcmp(o, "--isa") == 0 && v) {
            if (strcmp(v, "rdna3") != 0)
                return fprintf(stderr, "wavesim run: unknown ISA '%s' (rdna3 or ventus)\n", v), 2;
            a++;
        } else if (strcmp(o, "--kernel") == 0 && v) {
            kname = v;
            a++;
        } else if ((strcmp(o, "--global") == 0 || strcmp(o, "--local") == 0 || strcmp(o, "--offset") == 0) && v) {
            uint64_t *dst = o[2] == 'g' ? global : o[2] == 'l' ? local : offset;
            int n = o[2] == 'g'   ? parse_dims(v, dst, 1, 1, UINT32_MAX)
                    : o[2] == 'l' ? parse_dims(v, dst, 1, 1, 1024)
                                  : parse_dims(v, dst, 0, 0, UINT64_MAX);
            if (!n)
                return fprintf(stderr, "wavesim run: bad %s '%s' (X[,Y[,Z]], each %s)\n", o, v,
                               o[2] == 'g' ? "1 to 4294967295" : o[2] == 'l' ? "1 to 1024" : "a non-negative integer"), 2;
            if (o[2] == 'g')
                dims = n;
            if (o[2] == 'l')
                have_local = 1;
            a++;
        } else if (strcmp(o, "--threads") == 0 && v) {
            opt.threads = cli_threads("run", v);
            if (opt.threads < 1)
                return 2;
            a++;
        } else if ((strcmp(o, "--compute-units") == 0 || strcmp(o, "--groups-per-cu") == 0 ||
                    strcmp(o, "--lds-bytes") == 0) && v) {
            uint64_t n;
            if (cli_parse_u64(v, 1, 1 << 24, &n))
                return fprintf(stderr, "wavesim run: bad %s '%s' (1 to 16777216)\n", o, v), 2;
            if (o[2] == 'c')
                opt.compute_units = (int)n;
            else if (o[2] == 'g')
                opt.groups_per_cu = (int)n;
            else
                opt.lds_bytes = (uint32_t)n;
            a++;
        } else if (strcmp(o, "--alignment-mode") == 0 && v) {
            static const char *const modes[] = {"unaligned", "dword", "dword-strict", "strict"};
            opt.alignment_mode = -1;
            for (int m = 0; m < 4; m++)
                if (strcmp(v, modes[m]) == 0)
                    opt.alignment_mode = m;
            if (opt.alignment_mode < 0)
                return fprintf(stderr, "wavesim run: bad --alignment-mode '%s' (unaligned, dword, dword-strict, strict)\n", v), 2;
            a++;
        } else if (strcmp(o, "--max-instructions") == 0 && v) {
            if (cli_parse_u64(v, 1, UINT64_MAX, &opt.max_instructions))
                return fprintf(stderr, "wavesim run: bad --max-instructions '%s' (a positive integer)\n", v), 2;
            a++;
        } else if (strcmp(o, "--stats") == 0) {
            stats_flag = 1;
        } else if (strcmp(o, "--trace") == 0 || strncmp(o, "--trace=", 8) == 0) {
            trace_path = o[7] ? o + 8 : "-";
        } else if (strcmp(o, "--timeline") == 0 || strncmp(o, "--timeline=", 11) == 0) {
            if (!o[10] || !o[11])
                return fprintf(stderr, "wavesim run: --timeline needs =FILE\n"), 2;
            timeline_path = o + 11;
            opt.timeline = 1;
        } else if (strcmp(o, "--arg") == 0 && v) {
            if (nspecs == 64)
                return fprintf(stderr, "wavesim run: too many arguments\n"), 2;
            specs[nspecs++] = v;
            a++;
        } else if (strcmp(o, "--dump") == 0 && v) {
            char *end;
            errno = 0;
            long idx = strtol(v, &end, 10);
            if (end == v || *end != ':' || !end[1] || idx < 0 || idx >= 64 || errno || ndumps == 64)
                return fprintf(stderr, "wavesim run: bad --dump '%s' (N:FILE)\n", v), 2;
            dumps[ndumps].index = (int)idx;
            dumps[ndumps++].path = end + 1;
            a++;
        } else if (strcmp(o, "--dump-mem") == 0 || strncmp(o, "--trace=spike", 13) == 0) {
            return fprintf(stderr, "wavesim run: %s applies to --isa ventus\n", o), 2;
        } else if (o[0] == '-' && o[1]) {
            int known = strcmp(o, "--kernel") == 0 || strcmp(o, "--global") == 0 || strcmp(o, "--local") == 0 ||
                        strcmp(o, "--offset") == 0 || strcmp(o, "--threads") == 0 || strcmp(o, "--arg") == 0 ||
                        strcmp(o, "--dump") == 0 || strcmp(o, "--max-instructions") == 0 || strcmp(o, "--isa") == 0 ||
                        strcmp(o, "--alignment-mode") == 0 || strcmp(o, "--compute-units") == 0 ||
                        strcmp(o, "--groups-per-cu") == 0 || strcmp(o, "--lds-bytes") == 0;
            if (known)
                return fprintf(stderr, "wavesim run: %s needs a value\n", o), 2;
            return fprintf(stderr, "wavesim run: unknown option '%s' (see wavesim run --help)\n", o), 2;
        } else if (!path) {
            path = o;
        } else {
            return fprintf(stderr, "wavesim run: unexpected argument '%s'\n", o), 2;
        }
    }
    if (!path)
        return fprintf(stderr, "wavesim run: no code object given (see wavesim run --help)\n"), 2;
    if (!kname)
        return fprintf(stderr, "wavesim run: missing --kernel NAME\n"), 2;
    if (!dims)
        return fprintf(stderr, "wavesim run: missing --global X[,Y[,Z]]\n"), 2;
    if (!have_local)
        return fprintf(stderr, "wavesim run: missing --local X[,Y[,Z]] (the work-group size)\n"), 2;
    if (local[0] * local[1] * local[2] > 1024)
        return fprintf(stderr, "wavesim run: --local %llux%llux%llu is more than 1024 work-items\n",
                       (unsigned long long)local[0], (unsigned long long)local[1], (unsigned long long)local[2]), 2;
    ws_dims wd;
    memset(&wd, 0, sizeof wd);
    for (int d = 0; d < 3; d++) {
        wd.global[d] = (uint32_t)global[d];
        wd.local[d] = (uint32_t)local[d];
        wd.offset[d] = offset[d];
    }
    wd.dims = dims;
    size_t size;
    char *data = cli_read_input("run", path, &size);
    if (!data)
        return 1;
    if (trace_path) {
        if (!*trace_path || cli_out_open(&trace, trace_path)) {
            free(data);
            return fprintf(stderr, "wavesim run: cannot write trace '%s': %s\n", trace_path,
                           *trace_path ? strerror(errno) : "empty file name"), 1;
        }
        opt.trace = trace_line;
        opt.trace_ctx = trace.f;
    }
    ws_device *dev = ws_device_create(&opt);
    char err[600];
    int rc = 1;
    run_arg args[64];
    ws_arg wargs[64];
    ws_program *prog = dev ? ws_program_load(dev, data, size, err, sizeof err) : NULL;
    free(data);
    if (!prog) {
        fprintf(stderr, "wavesim run: %s: %s\n", path, dev ? err : "out of memory");
        goto out;
    }
    for (int i = 0; i < nspecs; i++) {
        if (run_parse_arg(dev, specs[i], &args[i]))
            goto out;
        wargs[i] = args[i].arg;
    }
    for (int d = 0; d < ndumps; d++)
        if (dumps[d].index >= nspecs || args[dumps[d].index].arg.kind != WS_ARG_BUFFER) {
            fprintf(stderr, "wavesim run: --dump %d: argument %d is not a buffer\n", dumps[d].index, dumps[d].index);
            goto out;
        }
    ws_stats st;
    int launched = ws_launch(dev, prog, kname, &wd, wargs, nspecs, &st, err, sizeof err);
    if (launched)
        fprintf(stderr, "wavesim run: %s: %s\n", path, err);
    /* written after a fault too: it shows where the fault happened */
    if (timeline_path && cli_write_stream("run", timeline_path, fill_timeline, dev))
        goto out;
    if (launched)
        goto out;
    for (int d = 0; d < ndumps; d++) {
        const run_arg *ra = &args[dumps[d].index];
        char *buf = malloc(ra->size ? (size_t)ra->size : 1);
        if (!buf || ws_read(dev, ra->arg.value, buf, (size_t)ra->size)) {
            free(buf);
            fprintf(stderr, "wavesim run: --dump %d: cannot read the buffer back\n", dumps[d].index);
            goto out;
        }
        int bad = cli_write_file("run", dumps[d].path, buf, (size_t)ra->size);
        free(buf);
        if (bad)
            goto out;
    }
    for (int k = 0; k < WS_WARN_COUNT; k++)
        if (st.warnings[k])
            fprintf(stderr, "wavesim run: warning: %llu x %s, first: %s\n", (unsigned long long)st.warnings[k],
                    ws_warning_name(k), st.first_warning[k]);
    if (stats_flag) {
        double s = st.seconds > 0 ? st.seconds : 1e-9;
        printf("instructions: %llu wave, %llu lane in %.3f s (%.1f M lane-instructions/s, %.2f M wave-instructions/s)\n",
               (unsigned long long)st.wave_instructions, (unsigned long long)st.lane_instructions, st.seconds,
               (double)st.lane_instructions / s / 1e6, (double)st.wave_instructions / s / 1e6);
        printf("  %llu workgroups, %llu waves of %d lanes, %.1f%% of lanes active\n", (unsigned long long)st.workgroups,
               (unsigned long long)st.waves, st.wave_size,
               st.wave_instructions ? 100.0 * (double)st.lane_instructions / ((double)st.wave_instructions * st.wave_size) : 0.0);
        printf("  salu %llu, smem %llu, valu %llu, vopd %llu, vmem %llu, lds %llu, branch/control %llu\n",
               (unsigned long long)st.salu, (unsigned long long)st.smem, (unsigned long long)st.valu,
               (unsigned long long)st.vopd, (unsigned long long)st.vmem, (unsigned long long)st.lds,
               (unsigned long long)st.branch);
        printf("  warnings: %llu MEMVIOL, %llu WMMA hazard, %llu permlane hazard\n",
               (unsigned long long)st.warnings[WS_WARN_MEMVIOL], (unsigned long long)st.warnings[WS_WARN_WMMA_HAZARD],
               (unsigned long long)st.warnings[WS_WARN_PERMLANE_HAZARD]);
        cli_print_peak_memory();
    }
    rc = 0;
out:
    ws_program_free(prog);
    ws_device_destroy(dev);
    /* a trace is kept when the run faulted: it shows the way to the fault */
    if (trace.f && cli_out_close(&trace, 1, "run"))
        rc = 1;
    return rc;
}

/* Executor coverage: per encoding format, how many of its instructions run (the codec knows all). */
static int cmd_isa(int argc, char **argv)
{
    int missing = 0;
    if (cli_wants_help(argc, argv, 2))
        return fputs(help_isa, stdout), 0;
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--missing") == 0)
            missing = 1;
        else if (strcmp(argv[a], "--isa") == 0 && a + 1 < argc && strcmp(argv[a + 1], "rdna3") == 0)
            a++;
        else if (strcmp(argv[a], "--isa") == 0)
            return fprintf(stderr, "wavesim isa: %s (the executor report is for --isa rdna3)\n",
                           a + 1 < argc ? "only rdna3" : "--isa needs a value"), 2;
        else if (argv[a][0] != '-')
            return fprintf(stderr, "wavesim isa: unexpected argument '%s'\n", argv[a]), 2;
        else
            return fprintf(stderr, "wavesim isa: unknown option '%s' (see wavesim isa --help)\n", argv[a]), 2;
    }
    return ws_isa_report(missing, cli_fwrite_chunk, stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "wavesim: no command given (see wavesim help)\n");
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "as") == 0)
        return cmd_as(argc, argv); /* both ISAs */
    if ((strcmp(cmd, "run") == 0 || strcmp(cmd, "dis") == 0) && cli_ventus_selected(argc, argv))
        return cli_wants_help(argc, argv, 2) ? fputs(cmd[0] == 'r' ? help_run : help_dis, stdout), 0
                                             : cli_ventus_main(argc, argv);
    if (strcmp(cmd, "cc") == 0)
        return cli_cc_main(argc, argv);
    /* the RDNA3 commands build the instruction tables first (the Ventus ones and cc need none) */
    char init_err[200];
    if ((strcmp(cmd, "run") == 0 || strcmp(cmd, "dis") == 0 || strcmp(cmd, "isa") == 0) &&
        ws_init(init_err, sizeof init_err)) {
        fprintf(stderr, "wavesim: %s\n", init_err);
        return 3;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc, argv);
    if (strcmp(cmd, "dis") == 0)
        return cmd_dis(argc, argv);
    if (strcmp(cmd, "isa") == 0)
        return cmd_isa(argc, argv);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("wavesim %s (RDNA3 gfx11 and Ventus; C11)\n", WAVESIM_VERSION);
        return 0;
    }
    fprintf(stderr, "wavesim: unknown command '%s' (see wavesim help)\n", cmd);
    return 2;
}
