/* Input files and hex-word lists for the wavesim command. */
#include "cli_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file.h"

char *cli_read_file(const char *path, size_t *size)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = file_read_all(f, size);
    if (f != stdin)
        fclose(f);
    return buf;
}

int cli_hex_words(const char *p, uint32_t **words, size_t *n, const char **bad)
{
    size_t cap = *n;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        char *end;
        unsigned long long v = strtoull(p, &end, 16);
        if (end == p || v > 0xffffffffull) {
            *bad = p;
            return -1;
        }
        if (*n == cap || !*words) {
            cap = cap ? 2 * cap : 64;
            uint32_t *nw = realloc(*words, cap * sizeof *nw);
            if (!nw) {
                *bad = NULL;
                return -1;
            }
            *words = nw;
        }
        (*words)[(*n)++] = (uint32_t)v;
        p = end;
    }
    return 0;
}

void cli_print_items(const asm_result *res)
{
    for (size_t i = 0; i < res->nitems; i++) {
        const uint8_t *b = res->secs[res->items[i].section].data + res->items[i].offset;
        for (int k = 0; k < res->items[i].size / 4; k++)
            printf("%s%02x%02x%02x%02x", k ? " " : "", b[4 * k + 3], b[4 * k + 2], b[4 * k + 1], b[4 * k]);
        printf("\n");
    }
}
