/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cc.h"
#include "cli_launch.h"
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
    "       wavesim run --isa ventus KERNEL.elf --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]...\n"
    "                   [--dump N:FILE]... [--warp-threads N] [Ventus options]\n"
    "       wavesim run --isa ventus A.metadata A.data [B.metadata B.data ...] [--dump-mem ADDR:NBYTES:FILE]...\n"
    "                   [Ventus options]\n"
    "  run a kernel of an HSA code object on a simulated gfx1100, a kernel of a Ventus ELF file (crt0\n"
    "  included, as the Ventus compiler links it) as pocl's Ventus device launches it, or Ventus\n"
    "  test-vector launches in order on one memory.\n"
    "  --kernel NAME              the kernel to run\n"
    "  --global X[,Y[,Z]]         work-items per dimension (RDNA3: need not be a multiple of --local;\n"
    "                             Ventus: must be)\n"
    "  --local X[,Y[,Z]]          work-group size (required; at most 1024 work-items)\n"
    "  --offset X[,Y[,Z]]         global work offset\n"
    "  --arg SPEC                 the next kernel argument, in order:\n"
    "                               i32:V u32:V i64:V u64:V f32:V f64:V  a value (C syntax; must fit)\n"
    "                               buf:PATH      a device buffer holding the bytes of a regular file\n"
    "                               zeros:NBYTES  a zeroed device buffer\n"
    "                               local:NBYTES  dynamic LDS for a __local pointer (RDNA3)\n"
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
    "  --no-fast-paths            the executor's reference paths only, none of its speed\n"
    "                             tricks: the same results and traces, slower (to rule a fast path out)\n"
    "  --no-translate             RDNA3: interpret only, no translation of the code to host code\n"
    "                             (the fast paths stay on): the same results, slower\n"
    "  Ventus: --warp-threads N   threads per warp of a kernel file's launch (pocl's NUM_THREAD; 1 to 32, a\n"
    "                             power of two dividing the work-group; default the largest such up to 32)\n"
    "          --dump-mem ADDR:NBYTES:FILE writes device memory after the last launch;\n"
    "          --timeline=FILE draws the launches one after another on 2 cores, one workgroup each;\n"
    "          --trace=spike[=FILE] writes the reference simulator's commit log;\n"
    "          --threads, --max-instructions and --stats as above.\n"
    "       wavesim run --batch FILE|-\n"
    "  (RDNA3) many runs in one process: each line of FILE (\"-\": standard input, read as it comes) holds\n"
    "  the arguments of one `wavesim run`, as words separated by blanks ('...' or \"...\" around a word\n"
    "  with blanks; empty lines and lines starting with # are skipped). After each run, its messages\n"
    "  written, a line \"--- exit N\" (N: the exit status that run would have had) goes to standard\n"
    "  output. The batch's own exit status is 0, or 2 when a line cannot be read.\n";
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
    "  run --isa ventus KERNEL.elf --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]... [--dump N:FILE]...\n"
    "                                                        run a kernel of a Ventus ELF file\n"
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

typedef struct {
    ws_arg arg;
    uint64_t size;       /* buffers: bytes, for --dump */
} run_arg;

/* One --arg SPEC as a launch argument; buffers are allocated and filled on the device. */
static int run_write(void *dev, uint64_t addr, const void *p, size_t n)
{
    return ws_write(dev, addr, p, n);
}

static int run_parse_arg(ws_device *dev, const char *spec, run_arg *ra)
{
    cli_arg a;
    if (cli_arg_parse(spec, &a))
        return -1;
    memset(ra, 0, sizeof *ra);
    if (a.kind == CLI_ARG_VALUE) {
        ra->arg = (ws_arg){WS_ARG_VALUE, a.bits, a.size, NULL};
    } else if (a.kind == CLI_ARG_LOCAL) {
        ra->arg = (ws_arg){WS_ARG_LOCAL, 0, a.size, NULL};
    } else {
        uint64_t addr = a.nbytes <= SIZE_MAX ? ws_alloc(dev, (size_t)a.nbytes) : 0;
        if (!addr) {
            free(a.data);
            return fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", spec), -1;
        }
        if (cli_arg_fill(&a, spec, addr, run_write, dev))
            return -1;
        ra->arg = (ws_arg){WS_ARG_BUFFER, addr, 8, NULL};
        ra->size = a.nbytes;
    }
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
    const char *path = NULL;
    int stats_flag = 0;
    if (cli_wants_help(argc, argv, 2))
        return fputs(help_run, stdout), 0;
    ws_options opt;
    memset(&opt, 0, sizeof opt);
    cli_out trace = {0};
    const char *trace_path = NULL, *timeline_path = NULL;
    cli_launch l;
    cli_launch_init(&l);
    for (int a = 2; a < argc; a++) {
        const char *o = argv[a];
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        int took = cli_launch_option(&l, o, v);
        if (took < 0)
            return 2;
        if (took) {
            a++;
        } else if (strcmp(o, "--isa") == 0 && v) {
            if (strcmp(v, "rdna3") != 0)
                return fprintf(stderr, "wavesim run: unknown ISA '%s' (rdna3 or ventus)\n", v), 2;
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
        } else if (strcmp(o, "--no-fast-paths") == 0) {
            opt.no_fast_paths = 1;
        } else if (strcmp(o, "--no-translate") == 0) {
            opt.no_translate = 1;
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
        } else if (strcmp(o, "--dump-mem") == 0 || strncmp(o, "--trace=spike", 13) == 0 ||
                   strcmp(o, "--warp-threads") == 0) {
            return fprintf(stderr, "wavesim run: %s applies to --isa ventus\n", o), 2;
        } else if (o[0] == '-' && o[1]) {
            int known = strcmp(o, "--threads") == 0 || strcmp(o, "--max-instructions") == 0 || strcmp(o, "--isa") == 0 ||
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
    if (cli_launch_check(&l))
        return 2;
    ws_dims wd;
    memset(&wd, 0, sizeof wd);
    for (int d = 0; d < 3; d++) {
        wd.global[d] = (uint32_t)l.global[d];
        wd.local[d] = (uint32_t)l.local[d];
        wd.offset[d] = l.offset[d];
    }
    wd.dims = l.dims;
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
    run_arg args[CLI_LAUNCH_MAX_ARGS];
    ws_arg wargs[CLI_LAUNCH_MAX_ARGS];
    ws_program *prog = dev ? ws_program_load(dev, data, size, err, sizeof err) : NULL;
    free(data);
    if (!prog) {
        fprintf(stderr, "wavesim run: %s: %s\n", path, dev ? err : "out of memory");
        goto out;
    }
    for (int i = 0; i < l.nspecs; i++) {
        if (run_parse_arg(dev, l.specs[i], &args[i]))
            goto out;
        wargs[i] = args[i].arg;
    }
    for (int d = 0; d < l.ndumps; d++)
        if (l.dumps[d].index >= l.nspecs || args[l.dumps[d].index].arg.kind != WS_ARG_BUFFER) {
            fprintf(stderr, "wavesim run: --dump %d: argument %d is not a buffer\n", l.dumps[d].index, l.dumps[d].index);
            goto out;
        }
    ws_stats st;
    int launched = ws_launch(dev, prog, l.kernel, &wd, wargs, l.nspecs, &st, err, sizeof err);
    if (launched)
        fprintf(stderr, "wavesim run: %s: %s\n", path, err);
    /* written after a fault too: it shows where the fault happened */
    if (timeline_path && cli_write_stream("run", timeline_path, fill_timeline, dev))
        goto out;
    if (launched)
        goto out;
    for (int d = 0; d < l.ndumps; d++) {
        const run_arg *ra = &args[l.dumps[d].index];
        char *buf = malloc(ra->size ? (size_t)ra->size : 1);
        if (!buf || ws_read(dev, ra->arg.value, buf, (size_t)ra->size)) {
            free(buf);
            fprintf(stderr, "wavesim run: --dump %d: cannot read the buffer back\n", l.dumps[d].index);
            goto out;
        }
        int bad = cli_write_file("run", l.dumps[d].path, buf, (size_t)ra->size);
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

/* One line of a batch split into words (blanks separate them; '...' or "..." keeps blanks in one). The
   words point into line, which is modified; -1 when a quote is not closed or there are too many. */
static int batch_words(char *line, char **words, int max)
{
    int n = 0;
    char *r = line;
    while (*r) {
        while (*r == ' ' || *r == '\t' || *r == '\r' || *r == '\n')
            r++;
        if (!*r)
            break;
        if (n == max)
            return -1;
        char *w = r, *o = r;
        words[n++] = w;
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
    return n;
}

/* wavesim run --batch FILE: every line one run, in this process (a test suite's thousands of small
   launches pay no process start each); "--- exit N" after each so a caller can pair the answers. */
static int cmd_run_batch(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f)
        return fprintf(stderr, "wavesim run: cannot read batch '%s': %s\n", path, strerror(errno)), 1;
    enum { MAX_WORDS = 4 * CLI_LAUNCH_MAX_ARGS + 64 };
    char *line = NULL;
    size_t cap = 0;
    int rc = 0, lineno = 0;
    for (;;) {
        errno = 0;
        if (getline(&line, &cap, f) < 0) {
            if (!feof(f)) {
                fprintf(stderr, "wavesim run: %s reading batch line %d\n",
                        errno == ENOMEM ? "out of memory" : strerror(errno), lineno + 1);
                rc = 2;
            }
            break;
        }
        lineno++;
        char *argv[MAX_WORDS + 2] = {"wavesim", "run"};
        int n = batch_words(line, argv + 2, MAX_WORDS);
        if (n < 0) {
            fprintf(stderr, "wavesim run: batch line %d: unclosed quote or more than %d words\n", lineno, MAX_WORDS);
            printf("--- exit 2\n");
            fflush(stdout);
            continue;
        }
        if (n == 0 || argv[2][0] == '#')
            continue;
        const char *refused = cli_ventus_selected(n + 2, argv) ? "a batch runs RDNA3 code objects" : NULL;
        for (int w = 2; w < n + 2 && !refused; w++)
            if (strcmp(argv[w], "--batch") == 0)
                refused = "--batch does not nest";
            else if (f == stdin && strcmp(argv[w], "-") == 0)
                refused = "standard input holds the batch, not a code object";
        int status = 2;
        if (refused)
            fprintf(stderr, "wavesim run: batch line %d: %s\n", lineno, refused);
        else
            status = cmd_run(n + 2, argv);
        fflush(stderr);
        printf("--- exit %d\n", status);
        fflush(stdout);
    }
    free(line);
    if (f != stdin)
        fclose(f);
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
    if (strcmp(cmd, "run") == 0 && argc >= 3 && strcmp(argv[2], "--batch") == 0)
        return argc == 4 ? cmd_run_batch(argv[3])
                         : (fprintf(stderr, "wavesim run: --batch takes one FILE (\"-\": standard input) and nothing else\n"), 2);
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
