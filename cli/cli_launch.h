/* The kernel-launch options both ISAs' `wavesim run` share: --kernel, --global, --local, --offset,
   --arg SPEC and --dump N:FILE, parsed and checked the same way, and each --arg SPEC read into its
   kind and bytes (the ISA's command then places it in device memory). */
#ifndef WAVESIM_CLI_LAUNCH_H
#define WAVESIM_CLI_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

enum { CLI_LAUNCH_MAX_ARGS = 64 };

typedef struct {
    const char *kernel;
    uint64_t global[3], local[3], offset[3];
    int dims;                   /* dimensions --global gave; 0 before */
    int have_local;
    const char *specs[CLI_LAUNCH_MAX_ARGS];
    int nspecs;
    struct {
        int index;              /* the buffer argument */
        const char *path;
    } dumps[CLI_LAUNCH_MAX_ARGS];
    int ndumps;
} cli_launch;

void cli_launch_init(cli_launch *l);
/* Option o with its value v (NULL when none follows): 1 when it is a launch option and took v, 0
   when it is not one, -1 after printing why it is wrong (a missing or bad value). */
int cli_launch_option(cli_launch *l, const char *o, const char *v);
/* After the options: 0, or -1 after printing what is missing (--kernel, --global, --local). */
int cli_launch_check(const cli_launch *l);

/* One --arg SPEC. */
enum { CLI_ARG_VALUE, CLI_ARG_BUFFER, CLI_ARG_LOCAL };
typedef struct {
    int kind;
    uint64_t bits;              /* VALUE: the value's bits */
    uint32_t size;              /* VALUE: 4 or 8 bytes; LOCAL: bytes of LDS */
    char *data;                 /* BUFFER: standard input's bytes (malloc'ed), else NULL */
    const char *path;           /* BUFFER: the regular file to read (cli_arg_fill), NULL for zeros:N */
    uint64_t nbytes;            /* BUFFER: its size */
} cli_arg;
/* 0, or -1 after printing why the spec is wrong or its file cannot be read. */
int cli_arg_parse(const char *spec, cli_arg *a);
/* A BUFFER argument's bytes into device memory at addr through write (ws_write or
   vt_session_write), its file read a piece at a time, so a large input is not held twice while it
   is copied; frees a->data. 0, or -1 after printing why (a file that changed size, a read error,
   a failed write). */
int cli_arg_fill(cli_arg *a, const char *spec, uint64_t addr,
                 int (*write)(void *ctx, uint64_t addr, const void *p, size_t n), void *ctx);

#endif
