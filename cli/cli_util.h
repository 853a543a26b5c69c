/* Helpers the subcommands share: reading an input file ("-": standard input) and the hex-word
   lists of `dis --hex`. */
#ifndef WAVESIM_CLI_UTIL_H
#define WAVESIM_CLI_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The whole file, NUL-terminated (malloc'ed), or NULL when it cannot be read. */
char *cli_read_file(const char *path, size_t *size);

/* Appends the hex words of text (separated by spaces, commas or newlines; "0x" allowed) to
   *words (malloc'ed, *n of them). Returns 0, or -1 with *bad at the offending text (*bad NULL when
   out of memory). */
int cli_hex_words(const char *text, uint32_t **words, size_t *n, const char **bad);

/* `as --hex`: each assembled item's words in memory order, one line per instruction. */
#include "asm/asm_source.h"
void cli_print_items(const asm_result *res);

#endif
