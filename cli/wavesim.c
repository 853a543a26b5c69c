/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "cli_cc.h"
#include "cli_util.h"
#include "cli_ventus.h"
#include "common/elf64.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_codeobj.h"
#include "rdna3/exec/r3_exec.h"
#include "ventus/codec/vt_asm.h"
#include "wavesim/wavesim.h"

static const char usage[] =
    "usage: wavesim <command> [options]\n"
    "\n"
    "commands:\n"
    "  as  [--isa rdna3] [--mcpu gfx1100] [--wave64] IN.s -o OUT  assemble to an HSA code object (ELF)\n"
    "  as  ... --hex IN.s                                     print each instruction's dwords\n"
    "  dis [--isa rdna3] [--mcpu gfx1100] [--wave64] FILE     disassemble the code sections of an ELF file\n"
    "  dis ... --hex \"WORD WORD ...\"                         disassemble raw little-endian dwords (\"-\": stdin)\n"
    "  run CODE_OBJECT --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]... [--dump N:FILE]...\n"
    "      [--offset X[,Y[,Z]]] [--threads N] [--max-instructions N] [--stats] [--trace[=FILE]]\n"
    "      [--alignment-mode unaligned|dword|dword-strict|strict]   SH_MEM_CONFIG alignment (default unaligned)\n"
    "      [--compute-units N] [--groups-per-cu N] [--lds-bytes N]   the simulated device (gfx1100: 96, 16, 65536)\n"
    "                                                         run a kernel of an HSA code object\n"
    "      SPEC: i32:V u32:V i64:V u64:V f32:V f64:V  a value;  buf:PATH  a buffer holding a file;\n"
    "            zeros:NBYTES  a zeroed buffer;  local:NBYTES  dynamic LDS for a __local pointer\n"
    "  cc  [--wave64] [CLANG OPTIONS] KERNEL.cl -o OUT.hsaco   compile OpenCL C for wavesim (clang-19 and\n"
    "                                                         the builtin library; see wavesim cc --help)\n"
    "  isa [--isa rdna3] [--missing]                          which instructions the executor runs, by format\n"
    "                                                         (--missing: list the ones it does not)\n"
    "  help                                                   this text\n"
    "\n"
    "Ventus (乘影):\n"
    "  as  --isa ventus IN.s (-o OUT.elf | --hex)             GNU RISC-V syntax; ELF32 with code at 0x80000000\n"
    "  dis --isa ventus FILE | --hex [--pc ADDR] \"WORD ...\"  text as the Ventus llvm-objdump prints it\n"
    "  run --isa ventus A.metadata A.data [B.metadata B.data ...] [--dump-mem ADDR:NBYTES:FILE]...\n"
    "      [--threads N] [--max-instructions N] [--stats] [--trace=spike[=FILE]]\n"
    "                                                         run test-vector launches in order on one memory\n";

static const char *g_mcpu = "gfx1100";
static int g_ventus; /* --isa ventus */

/* Reads a whole input file, saying so on stderr when it cannot. */
static char *read_input(const char *cmd, const char *path, size_t *size)
{
    char *data = cli_read_file(path, size);
    if (!data)
        fprintf(stderr, "wavesim %s: cannot read '%s'\n", cmd, path);
    return data;
}

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
            if (!r3_mach_of_cpu(cpu)) {
                fprintf(stderr, "wavesim: unsupported --mcpu '%s' (gfx1100, gfx1101, gfx1102, gfx1103, "
                                "gfx1150 or gfx1151)\n", cpu);
                return -1;
            }
            g_mcpu = cpu;
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
            return fprintf(stderr, "wavesim as: unknown option '%s'\n", argv[a]), 2;
        else
            in = argv[a];
    }
    if (!in || (!hex && !outpath)) {
        fputs(usage, stderr);
        return 2;
    }
    size_t size;
    char *src = read_input("as", in, &size);
    if (!src)
        return 1;
    asm_result res;
    vt_asm_ctx vt_ctx = {0};
    asm_isa isa = g_ventus ? vt_asm_isa(&vt_ctx) : r3_asm_isa(&wave64);
    int rc = asm_source(in, src, &isa, &res);
    free(src);
    vt_asm_ctx_free(&vt_ctx);
    if (rc) {
        fprintf(stderr, "%s\n", res.error);
        asm_result_free(&res);
        return 1;
    }
    if (hex)
        cli_print_items(&res);
    if (outpath) {
        uint8_t *img;
        size_t n;
        char err[256];
        if (g_ventus ? vt_image_build(&res, &img, &n, err, sizeof err)
                     : r3_codeobj_build(&res, g_mcpu, &img, &n, err, sizeof err)) {
            fprintf(stderr, "wavesim as: %s: %s\n", in, err);
            asm_result_free(&res);
            return 1;
        }
        FILE *f = fopen(outpath, "wb");
        int ok = f && fwrite(img, 1, n, f) == n;
        if (f && fclose(f))
            ok = 0;
        free(img);
        if (!ok) {
            fprintf(stderr, "wavesim as: cannot write '%s'\n", outpath);
            asm_result_free(&res);
            return 1;
        }
    }
    asm_result_free(&res);
    return 0;
}

/* Prints instructions; with an ELF file, also labels and addresses (like llvm-objdump -d). */
static int dis_words(const uint32_t *words, size_t n, int wave64, const elf64_file *elf, const elf64_section *sec)
{
    size_t i = 0;
    char text[512];
    while (i < n) {
        uint64_t addr = sec ? sec->addr + 4 * i : 0;
        for (int k = 0; elf && k < elf->nsyms; k++) {
            const elf64_symbol *s = &elf->syms[k];
            if (s->name[0] && s->value == addr && s->type != 3 /* STT_SECTION */ &&
                s->shndx < elf->nsecs && &elf->secs[s->shndx] == sec)
                printf("\n%s:\n", s->name);
        }
        r3_inst in;
        r3_decode_status st = r3_decode(words + i, n - i, wave64, &in);
        size_t len = st == R3_DECODE_OK ? in.nwords : 1;
        if (st != R3_DECODE_OK)
            snprintf(text, sizeof text, ".long 0x%08x ; %s", words[i], st == R3_DECODE_TRUNCATED ? "truncated" : "invalid");
        else
            r3_print(&in, wave64, text, sizeof text);
        if (sec) {
            printf("\t%-48s // %012llX:", text, (unsigned long long)addr);
            for (size_t k = 0; k < len; k++)
                printf(" %08X", words[i + k]);
            printf("\n");
        } else {
            printf("%s\n", text);
        }
        i += len;
    }
    return 0;
}

static int dis_elf(const char *path, int wave64)
{
    size_t size;
    char *data = read_input("dis", path, &size);
    if (!data)
        return 1;
    elf64_file elf;
    char err[256];
    if (elf64_parse((const uint8_t *)data, size, &elf, err, sizeof err)) {
        fprintf(stderr, "wavesim dis: %s: %s\n", path, err);
        free(data);
        return 1;
    }
    if (elf.machine != 224) {
        fprintf(stderr, "wavesim dis: %s: not an AMDGPU ELF file (machine %u)\n", path, elf.machine);
        elf64_free(&elf);
        free(data);
        return 1;
    }
    int any = 0;
    for (int i = 0; i < elf.nsecs; i++) {
        const elf64_section *sec = &elf.secs[i];
        if (!(sec->flags & ELF64_SHF_EXECINSTR) || sec->type == ELF64_SHT_NOBITS)
            continue;
        size_t n = (size_t)(sec->size / 4);
        uint32_t *words = malloc(n ? n * 4 : 4);
        if (!words)
            break;
        for (size_t k = 0; k < n; k++) {
            const uint8_t *b = (const uint8_t *)data + sec->offset + 4 * k;
            words[k] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
        printf("%sDisassembly of section %s:\n", any ? "\n" : "", sec->name);
        dis_words(words, n, wave64, &elf, sec);
        free(words);
        any = 1;
    }
    elf64_free(&elf);
    free(data);
    if (!any) {
        fprintf(stderr, "wavesim dis: %s: no code sections\n", path);
        return 1;
    }
    return 0;
}

static int cmd_dis(int argc, char **argv)
{
    int wave64 = 0;
    int a = parse_common(argc, argv, 2, &wave64);
    if (a < 0)
        return 2;
    if (a < argc && strcmp(argv[a], "--hex") == 0) {
        size_t n = 0;
        uint32_t *words = NULL;
        char *input = NULL; /* "--hex -": words from standard input */
        if (a + 2 == argc && strcmp(argv[a + 1], "-") == 0) {
            size_t sz;
            input = cli_read_file("-", &sz);
            if (!input) {
                free(words);
                return fprintf(stderr, "wavesim dis: cannot read standard input\n"), 1;
            }
        }
        for (a++; a < argc; a++) {
            const char *bad;
            if (cli_hex_words(input ? input : argv[a], &words, &n, &bad)) {
                if (bad)
                    fprintf(stderr, "wavesim dis: bad hex word near '%.10s'\n", bad);
                free(words);
                free(input);
                return bad ? 2 : 1;
            }
            if (input)
                break;
        }
        int rc = dis_words(words, n, wave64, NULL, NULL);
        free(words);
        free(input);
        return rc;
    }
    if (a + 1 == argc)
        return dis_elf(argv[a], wave64);
    fputs(usage, stderr);
    return 2;
}

/* "X[,Y[,Z]]" into three sizes (missing ones are 1); returns the number given, or 0 on error. */
static int parse_dims(const char *s, uint64_t out[3], uint64_t dflt)
{
    out[0] = out[1] = out[2] = dflt;
    int n = 0;
    while (*s && n < 3) {
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        if (end == s)
            return 0;
        out[n++] = v;
        s = end;
        if (*s == ',')
            s++;
        else if (*s)
            return 0;
    }
    return *s ? 0 : n;
}

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : -1;
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
        return fprintf(stderr, "wavesim run: bad --arg '%s' (see wavesim help)\n", spec), -1;
    snprintf(kind, sizeof kind, "%.*s", (int)(colon - spec), spec);
    const char *val = colon + 1;
    char *end = NULL;
    memset(ra, 0, sizeof *ra);
    if (strcmp(kind, "buf") == 0 || strcmp(kind, "zeros") == 0) {
        size_t size = 0;
        char *data = NULL;
        if (kind[0] == 'b') {
            data = read_input("run", val, &size);
            if (!data)
                return -1;
        } else {
            size = (size_t)strtoull(val, &end, 0);
            if (end == val || *end)
                return fprintf(stderr, "wavesim run: bad size in --arg %s\n", spec), -1;
        }
        uint64_t addr = ws_alloc(dev, size);
        if (!addr || (data && size && ws_write(dev, addr, data, size))) {
            free(data);
            return fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", spec), -1;
        }
        free(data);
        ra->arg = (ws_arg){WS_ARG_BUFFER, addr, 8};
        ra->size = size;
        return 0;
    }
    if (strcmp(kind, "local") == 0) {
        unsigned long long n = strtoull(val, &end, 0);
        if (end == val || *end || n > 65536)
            return fprintf(stderr, "wavesim run: bad size in --arg %s\n", spec), -1;
        ra->arg = (ws_arg){WS_ARG_LOCAL, 0, (uint32_t)n};
        return 0;
    }
    int is64 = strcmp(kind, "i64") == 0 || strcmp(kind, "u64") == 0 || strcmp(kind, "f64") == 0;
    if (!is64 && strcmp(kind, "i32") && strcmp(kind, "u32") && strcmp(kind, "f32"))
        return fprintf(stderr, "wavesim run: bad --arg '%s' (see wavesim help)\n", spec), -1;
    uint64_t bits;
    if (kind[0] == 'f') {
        double d = strtod(val, &end);
        float f = (float)d;
        uint32_t b32;
        memcpy(&b32, &f, 4);
        if (is64)
            memcpy(&bits, &d, 8);
        else
            bits = b32;
    } else {
        bits = kind[0] == 'i' ? (uint64_t)strtoll(val, &end, 0) : strtoull(val, &end, 0);
        if (!is64)
            bits &= 0xffffffffu;
    }
    if (end == val || *end)
        return fprintf(stderr, "wavesim run: bad value in --arg %s\n", spec), -1;
    ra->arg = (ws_arg){WS_ARG_VALUE, bits, is64 ? 8u : 4u};
    return 0;
}

static void trace_line(void *ctx, const char *line)
{
    fprintf((FILE *)ctx, "%s\n", line);
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *kname = NULL;
    uint64_t global[3] = {0, 0, 0}, local[3] = {1, 1, 1}, offset[3] = {0, 0, 0};
    int dims = 0, stats_flag = 0, nspecs = 0, ndumps = 0;
    ws_options opt;
    memset(&opt, 0, sizeof opt);
    FILE *trace = NULL;
    const char *trace_path = NULL;
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
            int n = parse_dims(v, dst, o[2] == 'o' ? 0 : 1);
            if (!n)
                return fprintf(stderr, "wavesim run: bad %s '%s'\n", o, v), 2;
            if (o[2] == 'g')
                dims = n;
            a++;
        } else if (strcmp(o, "--threads") == 0 && v) {
            opt.threads = atoi(v);
            if (opt.threads < 1)
                return fprintf(stderr, "wavesim run: bad --threads '%s'\n", v), 2;
            a++;
        } else if ((strcmp(o, "--compute-units") == 0 || strcmp(o, "--groups-per-cu") == 0 ||
                    strcmp(o, "--lds-bytes") == 0) && v) {
            long n = strtol(v, NULL, 0);
            if (n < 1 || n > 1 << 24)
                return fprintf(stderr, "wavesim run: bad %s '%s'\n", o, v), 2;
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
            opt.max_instructions = strtoull(v, NULL, 0);
            a++;
        } else if (strcmp(o, "--stats") == 0) {
            stats_flag = 1;
        } else if (strcmp(o, "--trace") == 0 || strncmp(o, "--trace=", 8) == 0) {
            trace_path = o[7] ? o + 8 : "-";
        } else if (strcmp(o, "--arg") == 0 && v) {
            if (nspecs == 64)
                return fprintf(stderr, "wavesim run: too many arguments\n"), 2;
            specs[nspecs++] = v;
            a++;
        } else if (strcmp(o, "--dump") == 0 && v) {
            char *end;
            long idx = strtol(v, &end, 10);
            if (end == v || *end != ':' || idx < 0 || ndumps == 64)
                return fprintf(stderr, "wavesim run: bad --dump '%s' (N:FILE)\n", v), 2;
            dumps[ndumps].index = (int)idx;
            dumps[ndumps++].path = end + 1;
            a++;
        } else if (o[0] == '-') {
            return fprintf(stderr, "wavesim run: unknown option '%s'\n", o), 2;
        } else if (!path) {
            path = o;
        } else {
            return fprintf(stderr, "wavesim run: unexpected argument '%s'\n", o), 2;
        }
    }
    if (!path || !kname || !dims)
        return fprintf(stderr, "wavesim run: need CODE_OBJECT, --kernel and --global (see wavesim help)\n"), 2;
    ws_dims wd;
    memset(&wd, 0, sizeof wd);
    for (int d = 0; d < 3; d++) {
        if (global[d] == 0 || global[d] > 0xffffffffu || local[d] == 0 || local[d] > 1024)
            return fprintf(stderr, "wavesim run: bad grid size\n"), 2;
        wd.global[d] = (uint32_t)global[d];
        wd.local[d] = (uint32_t)local[d];
        wd.offset[d] = offset[d];
    }
    wd.dims = dims;
    if (trace_path) {
        trace = strcmp(trace_path, "-") == 0 ? stdout : fopen(trace_path, "w");
        if (!trace)
            return fprintf(stderr, "wavesim run: cannot write '%s'\n", trace_path), 1;
        opt.trace = trace_line;
        opt.trace_ctx = trace;
    }
    size_t size;
    char *data = read_input("run", path, &size);
    if (!data) {
        if (trace && trace != stdout)
            fclose(trace);
        return 1;
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
    if (ws_launch(dev, prog, kname, &wd, wargs, nspecs, &st, err, sizeof err)) {
        fprintf(stderr, "wavesim run: %s: %s\n", path, err);
        goto out;
    }
    for (int d = 0; d < ndumps; d++) {
        const run_arg *ra = &args[dumps[d].index];
        char *buf = malloc(ra->size ? (size_t)ra->size : 1);
        int bad = !buf || ws_read(dev, ra->arg.value, buf, (size_t)ra->size) ||
                  write_file(dumps[d].path, buf, (size_t)ra->size);
        free(buf);
        if (bad) {
            fprintf(stderr, "wavesim run: cannot write '%s'\n", dumps[d].path);
            goto out;
        }
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
    }
    rc = 0;
out:
    ws_program_free(prog);
    ws_device_destroy(dev);
    if (trace && trace != stdout)
        fclose(trace);
    return rc;
}

/* Executor coverage: per encoding format, how many of its instructions run (the codec knows all). */
static int cmd_isa(int argc, char **argv)
{
    int missing = 0;
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "--missing") == 0)
            missing = 1;
        else if (strcmp(argv[a], "--isa") == 0 && a + 1 < argc && strcmp(argv[a + 1], "rdna3") == 0)
            a++;
        else
            return fprintf(stderr, "wavesim isa: unknown option '%s' (see wavesim help)\n", argv[a]), 2;
    }
    size_t total = 0, done = 0;
    for (int f = 0; f < R3_FORMAT_COUNT; f++) {
        size_t n = 0, ok = 0;
        for (size_t i = 0; i < r3_isa_count(); i++) {
            const r3_opinfo *op = r3_isa_at(i);
            if (op->format != f)
                continue;
            n++;
            ok += r3_exec_fn_of(op) != NULL;
            if (missing && !r3_exec_fn_of(op))
                printf("%s\n", op->mnemonic);
        }
        if (!missing)
            printf("%-8s %4zu of %4zu\n", r3_formats[f].name, ok, n);
        total += n;
        done += ok;
    }
    if (!missing)
        printf("%-8s %4zu of %4zu encodings executable\n", "total", done, total);
    return 0;
}

int main(int argc, char **argv)
{
    if (r3_isa_init() != 0 || r3_exec_init() != 0) {
        fprintf(stderr, "wavesim: internal error: malformed instruction table\n");
        return 3;
    }
    if (argc >= 2 && strcmp(argv[1], "as") == 0)
        return cmd_as(argc, argv); /* both ISAs */
    if (argc >= 2 && cli_ventus_selected(argc, argv))
        return cli_ventus_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return cmd_run(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "as") == 0)
        return cmd_as(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "dis") == 0)
        return cmd_dis(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "isa") == 0)
        return cmd_isa(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "cc") == 0)
        return cli_cc_main(argc, argv);
    if (argc >= 2 && (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    fputs(usage, stderr);
    return 2;
}
