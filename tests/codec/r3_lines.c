/* Test tool. Default: for each input line of hex words, prints the first instruction's text and size
   ("<invalid>"/"<truncated>" when it does not decode). With --asm: for each input line of assembly,
   prints its dwords in hex, or "<error> message"; --asm-file also takes "x = expr" and ".set"
   symbol definitions. Scripts diff all of it against llvm-mc-19. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna3/codec/r3_asm.h"
#include "rdna3/codec/r3_codec.h"

static void disassemble_lines(int wave64)
{
    char line[4096], text[512];
    while (fgets(line, sizeof line, stdin)) {
        uint32_t w[16];
        size_t n = 0;
        char *p = line;
        while (n < 16) {
            char *end;
            unsigned long v = strtoul(p, &end, 16);
            if (end == p)
                break;
            w[n++] = (uint32_t)v;
            p = end;
        }
        r3_inst in;
        r3_decode_status st = r3_decode(w, n, wave64, &in);
        if (st == R3_DECODE_OK) {
            r3_print(&in, wave64, text, sizeof text);
            printf("%s\t%u\n", text, in.nwords * 4u);
        } else {
            printf("%s\n", st == R3_DECODE_INVALID ? "<invalid>" : "<truncated>");
        }
    }
}

/* --asm-file: "NAME = expr" and ".set NAME, expr" lines define absolute symbols for the
   instruction lines that follow; only instruction lines produce output. */
typedef struct {
    char name[32];
    int64_t value;
} r3_test_sym;

static r3_test_sym test_syms[64];
static int ntest_syms;

static int test_lookup(void *ctx, const char *name, size_t len, int64_t *value)
{
    (void)ctx;
    for (int i = 0; i < ntest_syms; i++)
        if (strlen(test_syms[i].name) == len && strncmp(test_syms[i].name, name, len) == 0) {
            *value = test_syms[i].value;
            return 1;
        }
    return 0;
}

static int define_symbol(const char *line, const asm_expr_env *env)
{
    char name[32];
    const char *p = line;
    if (strncmp(p, ".set ", 5) == 0)
        p += 5;
    size_t n = strcspn(p, " =,");
    if (n == 0 || n >= sizeof name || ntest_syms == 64)
        return 0;
    memcpy(name, p, n);
    name[n] = '\0';
    p += n;
    while (*p == ' ' || *p == '=' || *p == ',')
        p++;
    asm_value v;
    char err[128];
    if (asm_expr_parse(&p, env, &v, err, sizeof err))
        return 0;
    snprintf(test_syms[ntest_syms].name, sizeof test_syms[0].name, "%s", name);
    test_syms[ntest_syms++].value = v.i;
    return 1;
}

static void assemble_lines(int wave64, int with_symbols)
{
    char line[4096], err[256];
    asm_expr_env env = {with_symbols ? test_lookup : NULL, NULL, 0, 1, NULL};
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (with_symbols && (strncmp(line, ".set ", 5) == 0 || strstr(line, " = "))) {
            define_symbol(line, &env);
            continue;
        }
        r3_encoding enc;
        int col;
        if (r3_assemble(line, wave64, &env, &enc, err, sizeof err, &col)) {
            printf("<error> %d: %s\n", col, err);
            continue;
        }
        for (int i = 0; i < enc.nwords; i++)
            printf("%s%08x", i ? " " : "", enc.words[i]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    int wave64 = 0, as = 0, as_file = 0;
    for (int a = 1; a < argc; a++) {
        wave64 |= strcmp(argv[a], "--wave64") == 0;
        as |= strcmp(argv[a], "--asm") == 0;
        as_file |= strcmp(argv[a], "--asm-file") == 0;
    }
    if (r3_isa_init() != 0) {
        fprintf(stderr, "r3_lines: malformed instruction table\n");
        return 3;
    }
    if (as || as_file)
        assemble_lines(wave64, as_file);
    else
        disassemble_lines(wave64);
    return 0;
}
