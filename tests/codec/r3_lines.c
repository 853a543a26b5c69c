/* Test tool: for each input line of hex words, prints the first instruction's text and size
   ("<invalid>" or "<truncated>" when it does not decode), so scripts can diff against llvm-mc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna3/codec/r3_codec.h"

int main(int argc, char **argv)
{
    int wave64 = argc > 1 && strcmp(argv[1], "--wave64") == 0;
    if (r3_isa_init() != 0)
        return 3;
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
    return 0;
}
