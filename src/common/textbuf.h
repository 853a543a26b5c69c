/* Text built piece by piece into a caller's fixed buffer (printers, trace lines): output past the
   end is dropped, and `len` still counts it so callers can see the truncation. */
#ifndef WAVESIM_TEXTBUF_H
#define WAVESIM_TEXTBUF_H

#include <stddef.h>

typedef struct {
    char *buf;
    size_t size, len;
} textbuf;

/* Appends printf-formatted text. */
void textbuf_put(textbuf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
