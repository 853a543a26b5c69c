/* The wavesim command: the only place that talks to the user (subcommands as, dis, help). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"

static const char usage[] =
    "usage: wavesim <command> [options]\n"
    "\n"
    "commands:\n"
    "  as  [--isa rdna3] [--mcpu gfx1100] [--wave64] IN.s --hex   assemble; print each instruction's dwords\n"
    "  dis [--isa rdna3] [--mcpu gfx1100] [--wave64] --hex \"WORD WORD ...\"\n"
    "                                                         disassemble raw little-endian dwords (\"-\": stdin)\n"
    "  help                                                   this text\n"
    "\n"
    "Not yet available: as -o (ELF code objects), dis FILE (ELF input), run, the Ventus ISA.\n";

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
            if (strncmp(cpu, "gfx11", 5) != 0) {
                fprintf(stderr, "wavesim: unsupported --mcpu '%s' (gfx11xx expected)\n", cpu);
                return -1;
            }
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
    if (outpath && !hex) {
        fprintf(stderr, "wavesim as: ELF output (-o) is not implemented yet; use --hex\n");
        return 2;
    }
    size_t size;
    char *src = read_file(in, &size);
    if (!src) {
        fprintf(stderr, "wavesim as: cannot read '%s'\n", in);
        return 1;
    }
    asm_result res;
    int rc = asm_source(in, src, r3_asm_encode, &wave64, &res);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", res.error);
        asm_result_free(&res);
        return 1;
    }
    for (size_t i = 0; i < res.nitems; i++) {
        const uint8_t *b = res.text + res.items[i].offset;
        for (int k = 0; k < res.items[i].size / 4; k++)
            printf("%s%02x%02x%02x%02x", k ? " " : "", b[4 * k + 3], b[4 * k + 2], b[4 * k + 1], b[4 * k]);
        printf("\n");
    }
    asm_result_free(&res);
    return 0;
}

static int dis_words(const uint32_t *words, size_t n, int wave64)
{
    size_t i = 0;
    char text[512];
    while (i < n) {
        r3_inst in;
        r3_decode_status st = r3_decode(words + i, n - i, wave64, &in);
        if (st != R3_DECODE_OK) {
            printf(".long 0x%08x ; %s\n", words[i], st == R3_DECODE_TRUNCATED ? "truncated" : "invalid");
            i++;
            continue;
        }
        r3_print(&in, wave64, text, sizeof text);
        printf("%s\n", text);
        i += in.nwords;
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
        int rc = dis_words(words, n, wave64);
        free(words);
        free(input);
        return rc;
    }
    if (a < argc) {
        fprintf(stderr, "wavesim dis: ELF input is not implemented yet; use --hex\n");
        return 2;
    }
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
