/* Test tool. Default: for each input line of hex words, prints the first instruction's text and size
   ("<invalid>"/"<truncated>" when it does not decode). With --asm: for each input line of assembly,
   prints its dwords in hex, or "<error> message". Scripts diff both against llvm-mc-19. */
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

static void assemble_lines(int wave64)
{
    char line[4096], err[256];
    asm_expr_env env = {NULL, NULL, 0};
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
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
    int wave64 = 0, as = 0;
    for (int a = 1; a < argc; a++) {
        wave64 |= strcmp(argv[a], "--wave64") == 0;
        as |= strcmp(argv[a], "--asm") == 0;
    }
    if (r3_isa_init() != 0) {
        fprintf(stderr, "r3_lines: malformed instruction table\n");
        return 3;
    }
    if (as)
        assemble_lines(wave64);
    else
        disassemble_lines(wave64);
    return 0;
}
