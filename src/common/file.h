/* Reading a whole stream into memory (files named on command lines and by API calls). */
#ifndef WAVESIM_FILE_H
#define WAVESIM_FILE_H

#include <stddef.h>
#include <stdio.h>

/* All bytes of f, NUL-terminated (malloc'ed); NULL when out of memory. */
char *file_read_all(FILE *f, size_t *size);

#endif
