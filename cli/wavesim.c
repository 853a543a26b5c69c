/* The wavesim command: the only place that talks to the user (subcommands as, dis, run, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/rdna3/codec/r3_codec.h"

static int cmd_dis_hex(int wave64, int argc, char **argv)
{
    uint32_t words[4096];
    size_t n = 0;
    for (int a = 0; a < argc; a++) {
        char *p = argv[a];
        while (*p) {
            while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
                p++;
            if (!*p)
                break;
            char *end;
            unsigned long v = strtoul(p, &end, 16);
            if (end == p || n >= sizeof words / sizeof words[0]) {
                fprintf(stderr, "wavesim dis: bad hex word near '%.10s'\n", p);
                return 2;
            }
            words[n++] = (uint32_t)v;
            p = end;
        }
    }
    size_t i = 0;
    char text[256];
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

int main(int argc, char **argv)
{
    if (r3_isa_init() != 0) {
        fprintf(stderr, "wavesim: internal error: malformed instruction table\n");
        return 3;
    }
    if (argc >= 2 && strcmp(argv[1], "dis") == 0) {
        int wave64 = 0, a = 2;
        for (; a < argc; a++) {
            if (strcmp(argv[a], "--wave64") == 0)
                wave64 = 1;
            else if (strcmp(argv[a], "--hex") == 0)
                return cmd_dis_hex(wave64, argc - a - 1, argv + a + 1);
        }
    }
    fprintf(stderr, "usage: wavesim dis [--wave64] --hex \"WORD WORD ...\"\n");
    return 2;
}
