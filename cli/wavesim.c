/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "common/elf64.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_codeobj.h"
#include "rdna3/codeobj/r3_loader.h"
#include "rdna3/exec/r3_dispatch.h"

static const char usage[] =
    "usage: wavesim <command> [options]\n"
    "\n"
    "commands:\n"
    "  as  [--isa rdna3] [--mcpu gfx1100] [--wave64] IN.s -o OUT  assemble to an HSA code object (ELF)\n"
    "  as  ... --hex IN.s                                     print each instruction's dwords\n"
    "  dis [--isa rdna3] [--mcpu gfx1100] [--wave64] FILE     disassemble the code sections of an ELF file\n"
    "  dis ... --hex \"WORD WORD ...\"                         disassemble raw little-endian dwords (\"-\": stdin)\n"
    "  run CODE_OBJECT --kernel NAME --global X[,Y[,Z]] --local X[,Y[,Z]] [--arg SPEC]... [--dump N:FILE]...\n"
    "      [--offset X[,Y[,Z]]] [--threads N] [--max-instructions N] [--stats]\n"
    "                                                         run a kernel of an HSA code object\n"
    "      SPEC: i32:V u32:V i64:V u64:V f32:V f64:V  a value;  buf:PATH  a buffer holding a file;\n"
    "            zeros:NBYTES  a zeroed buffer;  local:NBYTES  dynamic LDS for a __local pointer\n"
    "  help                                                   this text\n"
    "\n"
    "Not yet available: the Ventus ISA.\n";

static char *read_file(const char *path, size_t *size)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
        }
        buf = nb;
    }
    if (f != stdin)
        fclose(f);
    if (buf) {
        buf[n] = '\0';
        *size = n;
    }
    return buf;
}

static const char *g_mcpu = "gfx1100";

/* Reads a whole input file, saying so on stderr when it cannot. */
static char *read_input(const char *cmd, const char *path, size_t *size)
{
    char *data = read_file(path, size);
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
            if (strcmp(argv[++a], "rdna3") != 0) {
                fprintf(stderr, "wavesim: ISA '%s' is not available yet (rdna3 is)\n", argv[a]);
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
    asm_isa isa = r3_asm_isa(&wave64);
    int rc = asm_source(in, src, &isa, &res);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", res.error);
        asm_result_free(&res);
        return 1;
    }
    if (hex) {
        for (size_t i = 0; i < res.nitems; i++) {
            const uint8_t *b = res.secs[res.items[i].section].data + res.items[i].offset;
            for (int k = 0; k < res.items[i].size / 4; k++)
                printf("%s%02x%02x%02x%02x", k ? " " : "", b[4 * k + 3], b[4 * k + 2], b[4 * k + 1], b[4 * k]);
            printf("\n");
        }
    }
    if (outpath) {
        uint8_t *img;
        size_t n;
        char err[256];
        if (r3_codeobj_build(&res, g_mcpu, &img, &n, err, sizeof err)) {
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
        size_t n = 0, cap = 64;
        uint32_t *words = malloc(cap * sizeof *words);
        if (!words)
            return 1;
        char *input = NULL; /* "--hex -": words from standard input */
        if (a + 2 == argc && strcmp(argv[a + 1], "-") == 0) {
            size_t sz;
            input = read_file("-", &sz);
            if (!input) {
                free(words);
                return fprintf(stderr, "wavesim dis: cannot read standard input\n"), 1;
            }
        }
        for (a++; a < argc; a++) {
            char *p = input ? input : argv[a];
            while (*p) {
                while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
                    p++;
                if (!*p)
                    break;
                char *end;
                unsigned long long v = strtoull(p, &end, 16);
                if (end == p || v > 0xffffffffull) {
                    fprintf(stderr, "wavesim dis: bad hex word near '%.10s'\n", p);
                    free(words);
                    free(input);
                    return 2;
                }
                if (n == cap) {
                    uint32_t *nw = realloc(words, 2 * cap * sizeof *words);
                    if (!nw) {
                        free(words);
                        free(input);
                        return 1;
                    }
                    words = nw;
                    cap *= 2;
                }
                words[n++] = (uint32_t)v;
                p = end;
            }
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

typedef struct {
    char kind[8];
    const char *value;
    uint64_t addr;       /* buffers */
    uint64_t size;
    int dump;
    const char *dump_path;
} run_arg;

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : -1;
}

/* Puts one explicit argument into the kernarg block per its metadata entry. */
static int run_place_arg(core_mem *mem, run_arg *ra, const r3_kernel_arg *ka, uint8_t *kernarg, uint32_t *lds_off,
                         uint32_t *dyn_lds, char *err, size_t errsize)
{
    int is_buf = strcmp(ra->kind, "buf") == 0 || strcmp(ra->kind, "zeros") == 0;
    int is_local = strcmp(ra->kind, "local") == 0;
    if (ka->kind == R3_ARG_GLOBAL_BUFFER && !is_buf) {
        snprintf(err, errsize, "argument '%s' is a global buffer; give buf:PATH or zeros:NBYTES", ka->name);
        return -1;
    }
    if (ka->kind == R3_ARG_DYNAMIC_LDS && !is_local) {
        snprintf(err, errsize, "argument '%s' is a __local pointer; give local:NBYTES", ka->name);
        return -1;
    }
    if (ka->kind == R3_ARG_BY_VALUE && (is_buf || is_local)) {
        snprintf(err, errsize, "argument '%s' is a value of %u bytes; give i32:, u32:, f32:, i64:, u64: or f64:", ka->name,
                 ka->size);
        return -1;
    }
    uint8_t v[8] = {0};
    unsigned n = 8;
    if (is_buf) {
        uint64_t size = 0;
        char *data = NULL;
        if (strcmp(ra->kind, "buf") == 0) {
            size_t sz;
            data = read_file(ra->value, &sz);
            if (!data) {
                snprintf(err, errsize, "cannot read '%s'", ra->value);
                return -1;
            }
            size = sz;
        } else {
            char *end;
            size = strtoull(ra->value, &end, 0);
            if (*end || end == ra->value) {
                snprintf(err, errsize, "bad size in zeros:%s", ra->value);
                return -1;
            }
        }
        ra->addr = core_mem_alloc(mem, size);
        ra->size = size;
        if (!ra->addr) {
            free(data);
            snprintf(err, errsize, "out of device memory for a %llu-byte buffer", (unsigned long long)size);
            return -1;
        }
        if (data && size)
            memcpy(core_mem_ptr(mem, ra->addr, size), data, size);
        free(data);
        for (int i = 0; i < 8; i++)
            v[i] = (uint8_t)(ra->addr >> (8 * i));
    } else if (is_local) {
        char *end;
        unsigned long long size = strtoull(ra->value, &end, 0);
        if (*end || end == ra->value || size > 65536) {
            snprintf(err, errsize, "bad size in local:%s", ra->value);
            return -1;
        }
        uint32_t off = *lds_off;
        *lds_off += (uint32_t)size;
        *dyn_lds += (uint32_t)size;
        for (int i = 0; i < 4; i++)
            v[i] = (uint8_t)(off >> (8 * i));
        n = 4;
    } else {
        char *end;
        int is64 = ra->kind[1] == '6';
        if (ra->kind[0] == 'f') {
            double d = strtod(ra->value, &end);
            if (is64) {
                memcpy(v, &d, 8);
            } else {
                float f = (float)d;
                memcpy(v, &f, 4);
            }
        } else {
            unsigned long long u = ra->kind[0] == 'i' ? (unsigned long long)strtoll(ra->value, &end, 0)
                                                      : strtoull(ra->value, &end, 0);
            for (int i = 0; i < 8; i++)
                v[i] = (uint8_t)(u >> (8 * i));
        }
        if (*end || end == ra->value) {
            snprintf(err, errsize, "bad value in %s:%s", ra->kind, ra->value);
            return -1;
        }
        n = is64 ? 8 : 4;
        if (ka->size != n) {
            snprintf(err, errsize, "argument '%s' has %u bytes, %s:%s gives %u", ka->name, ka->size, ra->kind, ra->value, n);
            return -1;
        }
    }
    if (ka->offset + (ka->size < n ? ka->size : n) > 0x100000) {
        snprintf(err, errsize, "argument '%s' lies outside the kernarg block", ka->name);
        return -1;
    }
    memcpy(kernarg + ka->offset, v, ka->size < n ? ka->size : n);
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *kname = NULL;
    uint64_t global[3] = {0, 0, 0}, local[3] = {1, 1, 1}, offset[3] = {0, 0, 0};
    int dims = 0, stats_flag = 0;
    r3_launch l;
    memset(&l, 0, sizeof l);
    run_arg args[64];
    int nargs = 0;
    struct {
        int index;
        const char *path;
    } dumps[64];
    int ndumps = 0;
    for (int a = 2; a < argc; a++) {
        const char *o = argv[a];
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (strcmp(o, "--isa") == 0 && v) {
            if (strcmp(v, "rdna3") != 0)
                return fprintf(stderr, "wavesim run: ISA '%s' is not available yet\n", v), 2;
            a++;
        } else if (strcmp(o, "--kernel") == 0 && v) {
            kname = v;
            a++;
        } else if (strcmp(o, "--global") == 0 && v) {
            if (!(dims = parse_dims(v, global, 1)))
                return fprintf(stderr, "wavesim run: bad --global '%s'\n", v), 2;
            a++;
        } else if (strcmp(o, "--local") == 0 && v) {
            if (!parse_dims(v, local, 1))
                return fprintf(stderr, "wavesim run: bad --local '%s'\n", v), 2;
            a++;
        } else if (strcmp(o, "--offset") == 0 && v) {
            if (!parse_dims(v, offset, 0))
                return fprintf(stderr, "wavesim run: bad --offset '%s'\n", v), 2;
            a++;
        } else if (strcmp(o, "--threads") == 0 && v) {
            l.threads = atoi(v);
            if (l.threads < 1)
                return fprintf(stderr, "wavesim run: bad --threads '%s'\n", v), 2;
            a++;
        } else if (strcmp(o, "--max-instructions") == 0 && v) {
            l.max_instructions = strtoull(v, NULL, 0);
            a++;
        } else if (strcmp(o, "--stats") == 0) {
            stats_flag = 1;
        } else if (strcmp(o, "--arg") == 0 && v) {
            const char *colon = strchr(v, ':');
            static const char *const kinds[] = {"i32", "u32", "i64", "u64", "f32", "f64", "buf", "zeros", "local"};
            size_t k;
            for (k = 0; colon && k < sizeof kinds / sizeof kinds[0]; k++)
                if (strlen(kinds[k]) == (size_t)(colon - v) && strncmp(kinds[k], v, (size_t)(colon - v)) == 0)
                    break;
            if (!colon || k == sizeof kinds / sizeof kinds[0] || nargs == 64)
                return fprintf(stderr, "wavesim run: bad --arg '%s' (see wavesim help)\n", v), 2;
            memset(&args[nargs], 0, sizeof args[nargs]);
            snprintf(args[nargs].kind, sizeof args[nargs].kind, "%s", kinds[k]);
            args[nargs++].value = colon + 1;
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
    if (!path || !kname || !dims) {
        fprintf(stderr, "wavesim run: need CODE_OBJECT, --kernel and --global (see wavesim help)\n");
        return 2;
    }
    for (int d = 0; d < 3; d++) {
        if (global[d] == 0 || global[d] > 0xffffffffu || local[d] == 0 || local[d] > 1024)
            return fprintf(stderr, "wavesim run: bad grid size\n"), 2;
        l.global[d] = (uint32_t)global[d];
        l.local[d] = (uint32_t)local[d];
        l.offset[d] = offset[d];
    }
    l.dims = dims;
    size_t size;
    char *data = read_input("run", path, &size);
    if (!data)
        return 1;
    r3_codeobj co;
    char err[600];
    int rc = 1;
    core_mem mem;
    core_mem_init(&mem);
    uint8_t *kernarg = NULL;
    if (r3_codeobj_load((const uint8_t *)data, size, &co, err, sizeof err)) {
        fprintf(stderr, "wavesim run: %s: %s\n", path, err);
        free(data);
        return 1;
    }
    free(data);
    const r3_kernel *k = r3_codeobj_kernel(&co, kname);
    if (!k) {
        fprintf(stderr, "wavesim run: %s: no kernel named '%s'\n", path, kname);
        goto out;
    }
    int explicit_args = 0;
    for (int i = 0; i < k->nargs; i++)
        explicit_args += k->args[i].kind != R3_ARG_HIDDEN;
    if (explicit_args != nargs) {
        fprintf(stderr, "wavesim run: kernel '%s' takes %d arguments, %d given\n", kname, explicit_args, nargs);
        goto out;
    }
    kernarg = calloc(1, k->kernarg_size ? k->kernarg_size : 256);
    if (!kernarg)
        goto out;
    uint32_t lds_off = k->group_segment_fixed_size, dyn_lds = 0;
    for (int i = 0, j = 0; i < k->nargs; i++) {
        const r3_kernel_arg *ka = &k->args[i];
        if (ka->kind == R3_ARG_HIDDEN)
            continue;
        if (ka->offset + ka->size > (k->kernarg_size ? k->kernarg_size : 256)) {
            fprintf(stderr, "wavesim run: %s: argument %d lies outside the kernarg block\n", path, j);
            goto out;
        }
        if (run_place_arg(&mem, &args[j], ka, kernarg, &lds_off, &dyn_lds, err, sizeof err)) {
            fprintf(stderr, "wavesim run: %s\n", err);
            goto out;
        }
        j++;
    }
    l.dynamic_lds = dyn_lds;
    for (int d = 0; d < ndumps; d++)
        if (dumps[d].index >= nargs || !args[dumps[d].index].addr) {
            fprintf(stderr, "wavesim run: --dump %d: argument %d is not a buffer\n", dumps[d].index, dumps[d].index);
            goto out;
        }
    r3_stats st;
    memset(&st, 0, sizeof st);
    if (r3_dispatch(&co, k, &mem, kernarg, &l, &st, err, sizeof err)) {
        fprintf(stderr, "wavesim run: %s: kernel '%s': %s\n", path, kname, err);
        goto out;
    }
    for (int d = 0; d < ndumps; d++) {
        const run_arg *ra = &args[dumps[d].index];
        if (write_file(dumps[d].path, core_mem_ptr(&mem, ra->addr, ra->size ? ra->size : 1), (size_t)ra->size)) {
            fprintf(stderr, "wavesim run: cannot write '%s'\n", dumps[d].path);
            goto out;
        }
    }
    if (stats_flag) {
        static const char *const names[8] = {"salu", "smem", "valu", "vmem", "lds", "branch", "other", "vopd"};
        printf("instructions: %llu wave, %llu lane\n", (unsigned long long)st.instructions,
               (unsigned long long)st.lane_instructions);
        for (int c = 0; c < 8; c++)
            if (st.by_class[c])
                printf("  %-7s %llu\n", names[c], (unsigned long long)st.by_class[c]);
    }
    rc = 0;
out:
    free(kernarg);
    core_mem_free_all(&mem);
    r3_codeobj_free(&co);
    return rc;
}

int main(int argc, char **argv)
{
    if (r3_isa_init() != 0 || r3_exec_init() != 0) {
        fprintf(stderr, "wavesim: internal error: malformed instruction table\n");
        return 3;
    }
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return cmd_run(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "as") == 0)
        return cmd_as(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "dis") == 0)
        return cmd_dis(argc, argv);
    if (argc >= 2 && (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    fputs(usage, stderr);
    return 2;
}
