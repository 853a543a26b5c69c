/* Helpers the subcommands share: reading input files ("-": standard input) with the reason when
   they cannot be read, strict number parsing for option values, output files written whole or not
   at all (a temporary file renamed into place), per-command help, and the hex-word lists of
   `dis --hex`. */
#ifndef WAVESIM_CLI_UTIL_H
#define WAVESIM_CLI_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The whole file, NUL-terminated (malloc'ed). Only regular files and "-" are read (a device such
   as /dev/zero would never end); on failure prints "wavesim CMD: cannot read 'PATH': REASON" and
   returns NULL. */
char *cli_read_input(const char *cmd, const char *path, size_t *size);

/* Strict unsigned/signed integers in C syntax (decimal, 0x hex, 0 octal): the whole text, within
   [lo, hi]. Return 0, or -1 when the text is not such a number or is out of range. */
int cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
int cli_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* --threads N: a positive count, capped at the host's cores with a note on stderr. Returns the
   count, or -1 (message printed) when N is not a positive integer. */
int cli_threads(const char *cmd, const char *value);

/* An output file written whole or not at all: data goes to a temporary file beside PATH that
   cli_out_close renames into place (or removes when ok is 0), so a failed run leaves no half file
   and two processes never interleave their lines in one file. "-" is standard output. */
typedef struct {
    FILE *f;
    char *path, *tmp;
} cli_out;
int cli_out_open(cli_out *o, const char *path);
/* Returns 0, or -1 when the file could not be written (message printed, file removed). */
int cli_out_close(cli_out *o, int ok, const char *cmd);
/* Writes PATH as one cli_out whose contents fill(ctx, f) writes (returning 0, or -1 after printing
   why); returns 0 or -1 (message printed). */
int cli_write_stream(const char *cmd, const char *path, int (*fill)(void *ctx, FILE *f), void *ctx);
/* Writes n bytes to PATH as one cli_out; returns 0 or -1 (message printed). */
int cli_write_file(const char *cmd, const char *path, const void *data, size_t n);
/* A text sink for the library's writers (ws_write_fn and its kin): appends to the FILE * ctx;
   0, or -1 when the write failed. */
int cli_fwrite_chunk(void *file, const char *text, size_t len);

/* True when argv[first..] asks for help (--help or -h). */
int cli_wants_help(int argc, char **argv, int first);
/* The last --stats line of both ISAs: the process's peak resident memory (getrusage). */
void cli_print_peak_memory(void);

/* Appends the hex words of text (separated by spaces, commas or newlines; "0x" allowed) to
   *words (malloc'ed, *n of them). Returns 0, or -1 with *bad at the offending text (*bad NULL when
   out of memory). */
int cli_hex_words(const char *text, uint32_t **words, size_t *n, const char **bad);

#endif
