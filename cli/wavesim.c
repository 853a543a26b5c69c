/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "common/elf64.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_codeobj.h"

static const char usage[] =
    "usage: wavesim <command> [options]\n"
    "\n"
    "commands:\n"
    "  as  [--isa rdna3] [--mcpu gfx1100] [--wave64] IN.s -o OUT  assemble to an HSA code object (ELF)\n"
    "  as  ... --hex IN.s                                     print each instruction's dwords\n"
    "  dis [--isa rdna3] [--mcpu gfx1100] [--wave64] FILE     disassemble the code sections of an ELF file\n"
    "  dis ... --hex \"WORD WORD ...\"                         disassemble raw little-endian dwords (\"-\": stdin)\n"
    "  help                                                   this text\n"
    "\n"
    "Not yet available: run, the Ventus ISA.\n";

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

int main(int argc, char **argv)
{
    if (r3_isa_init() != 0) {
        fprintf(stderr, "wavesim: internal error: malformed instruction table\n");
        return 3;
    }
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
