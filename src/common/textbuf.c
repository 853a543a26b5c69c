/* Appending formatted text to a fixed buffer. */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>

void textbuf_put(textbuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}
