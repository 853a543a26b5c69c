/* Whole-stream reads with a doubling buffer. */
#include "file.h"

#include <stdlib.h>

char *file_read_all(FILE *f, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *nb = realloc(buf, 2 * cap + 1);
        if (!nb) {
            free(buf);
            return NULL;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf) {
        buf[n] = '\0';
        *size = n;
    }
    return buf;
}
