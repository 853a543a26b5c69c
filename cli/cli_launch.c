/* The launch options of `wavesim run` shared by RDNA3 code objects and Ventus kernel files (see
   cli_launch.h): the same spelling, limits and messages for both ISAs. */
#include "cli_launch.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_util.h"

int cli_arg_fill(cli_arg *a, const char *spec, uint64_t addr,
                 int (*write)(void *ctx, uint64_t addr, const void *p, size_t n), void *ctx)
{
    int bad = 0;
    if (a->data) {
        bad = a->nbytes && write(ctx, addr, a->data, (size_t)a->nbytes);
        free(a->data);
        a->data = NULL;
        if (bad)
            fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", spec);
        return bad ? -1 : 0;
    }
    if (!a->path)
        return 0;
    FILE *f = fopen(a->path, "rb");
    if (!f)
        return fprintf(stderr, "wavesim run: cannot read '%s': %s\n", a->path, strerror(errno)), -1;
    static char piece[1 << 20];
    uint64_t done = 0;
    while (!bad && done < a->nbytes) {
        size_t want = a->nbytes - done < sizeof piece ? (size_t)(a->nbytes - done) : sizeof piece;
        size_t got = fread(piece, 1, want, f);
        if (got != want) {
            fprintf(stderr, "wavesim run: cannot read '%s': %s\n", a->path, ferror(f) ? "read error" : "it became shorter");
            bad = 1;
        } else if (write(ctx, addr + done, piece, got)) {
            fprintf(stderr, "wavesim run: out of device memory for --arg %s\n", spec);
            bad = 1;
        }
        done += got;
    }
    fclose(f);
    return bad ? -1 : 0;
}

void cli_launch_init(cli_launch *l)
{
    memset(l, 0, sizeof *l);
    for (int d = 0; d < 3; d++)
        l->local[d] = 1;
}

/* "X[,Y[,Z]]" into three sizes (missing ones are dflt), each in [lo, hi]; returns the number
   given, or 0 on error. */
static int parse_dims(const char *s, uint64_t out[3], uint64_t dflt, uint64_t lo, uint64_t hi)
{
    out[0] = out[1] = out[2] = dflt;
    int n = 0;
    char part[32];
    while (n < 3) {
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= sizeof part)
            return 0;
        memcpy(part, s, len);
        part[len] = '\0';
        if (cli_parse_u64(part, lo, hi, &out[n++]))
            return 0;
        s += len;
        if (!*s)
            return n;
        s++; /* the comma */
    }
    return 0;
}

int cli_launch_option(cli_launch *l, const char *o, const char *v)
{
    int sized = strcmp(o, "--global") == 0 || strcmp(o, "--local") == 0 || strcmp(o, "--offset") == 0;
    if (!sized && strcmp(o, "--kernel") && strcmp(o, "--arg") && strcmp(o, "--dump"))
        return 0;
    if (!v)
        return fprintf(stderr, "wavesim run: %s needs a value\n", o), -1;
    if (strcmp(o, "--kernel") == 0) {
        l->kernel = v;
    } else if (sized) {
        uint64_t *dst = o[2] == 'g' ? l->global : o[2] == 'l' ? l->local : l->offset;
        int n = o[2] == 'g'   ? parse_dims(v, dst, 1, 1, UINT32_MAX)
                : o[2] == 'l' ? parse_dims(v, dst, 1, 1, 1024)
                              : parse_dims(v, dst, 0, 0, UINT64_MAX);
        if (!n)
            return fprintf(stderr, "wavesim run: bad %s '%s' (X[,Y[,Z]], each %s)\n", o, v,
                           o[2] == 'g' ? "1 to 4294967295" : o[2] == 'l' ? "1 to 1024" : "a non-negative integer"), -1;
        if (o[2] == 'g')
            l->dims = n;
        if (o[2] == 'l')
            l->have_local = 1;
    } else if (strcmp(o, "--arg") == 0) {
        if (l->nspecs == CLI_LAUNCH_MAX_ARGS)
            return fprintf(stderr, "wavesim run: more than %d arguments\n", CLI_LAUNCH_MAX_ARGS), -1;
        l->specs[l->nspecs++] = v;
    } else { /* --dump N:FILE */
        char *end;
        errno = 0;
        long idx = strtol(v, &end, 10);
        if (end == v || *end != ':' || !end[1] || idx < 0 || idx >= CLI_LAUNCH_MAX_ARGS || errno ||
            l->ndumps == CLI_LAUNCH_MAX_ARGS)
            return fprintf(stderr, "wavesim run: bad --dump '%s' (N:FILE)\n", v), -1;
        l->dumps[l->ndumps].index = (int)idx;
        l->dumps[l->ndumps++].path = end + 1;
    }
    return 1;
}

int cli_launch_check(const cli_launch *l)
{
    if (!l->kernel)
        return fprintf(stderr, "wavesim run: missing --kernel NAME\n"), -1;
    if (!l->dims)
        return fprintf(stderr, "wavesim run: missing --global X[,Y[,Z]]\n"), -1;
    if (!l->have_local)
        return fprintf(stderr, "wavesim run: missing --local X[,Y[,Z]] (the work-group size)\n"), -1;
    if (l->local[0] * l->local[1] * l->local[2] > 1024)
        return fprintf(stderr, "wavesim run: --local %llux%llux%llu is more than 1024 work-items\n",
                       (unsigned long long)l->local[0], (unsigned long long)l->local[1],
                       (unsigned long long)l->local[2]), -1;
    return 0;
}

int cli_arg_parse(const char *spec, cli_arg *ra)
{
    const char *colon = strchr(spec, ':');
    char kind[8];
    if (!colon || colon - spec >= (long)sizeof kind)
        return fprintf(stderr, "wavesim run: bad --arg '%s' (KIND:VALUE; see wavesim run --help)\n", spec), -1;
    snprintf(kind, sizeof kind, "%.*s", (int)(colon - spec), spec);
    const char *val = colon + 1;
    memset(ra, 0, sizeof *ra);
    if (strcmp(kind, "buf") == 0) {
        ra->kind = CLI_ARG_BUFFER;
        if (strcmp(val, "-") == 0) { /* standard input: read now, its size unknown before */
            size_t size = 0;
            ra->data = cli_read_input("run", val, &size);
            ra->nbytes = size;
            return ra->data ? 0 : -1;
        }
        struct stat st; /* (stat before opening: opening a FIFO would block) */
        if (stat(val, &st) != 0)
            return fprintf(stderr, "wavesim run: cannot read '%s': %s\n", val, strerror(errno)), -1;
        if (!S_ISREG(st.st_mode))
            return fprintf(stderr, "wavesim run: cannot read '%s': %s\n", val,
                           S_ISDIR(st.st_mode) ? "Is a directory" : "not a regular file"), -1;
        ra->path = val;
        ra->nbytes = (uint64_t)st.st_size;
        return 0;
    }
    if (strcmp(kind, "zeros") == 0) {
        if (cli_parse_u64(val, 0, (uint64_t)1 << 40, &ra->nbytes))
            return fprintf(stderr, "wavesim run: bad size '%s' in --arg %s (0 to 2^40 bytes)\n", val, spec), -1;
        ra->kind = CLI_ARG_BUFFER;
        return 0;
    }
    if (strcmp(kind, "local") == 0) {
        uint64_t n;
        if (cli_parse_u64(val, 0, 65536, &n))
            return fprintf(stderr, "wavesim run: bad size '%s' in --arg %s (0 to 65536 bytes)\n", val, spec), -1;
        ra->kind = CLI_ARG_LOCAL;
        ra->size = (uint32_t)n;
        return 0;
    }
    int is64 = strcmp(kind, "i64") == 0 || strcmp(kind, "u64") == 0 || strcmp(kind, "f64") == 0;
    if (!is64 && strcmp(kind, "i32") && strcmp(kind, "u32") && strcmp(kind, "f32"))
        return fprintf(stderr, "wavesim run: unknown kind '%s' in --arg %s (i32 u32 i64 u64 f32 f64 buf zeros local)\n",
                       kind, spec), -1;
    uint64_t bits;
    int ok;
    if (kind[0] == 'f') {
        char *end;
        errno = 0;
        double d = strtod(val, &end);
        float f = (float)d;
        ok = end != val && !*end && !(errno == ERANGE && isinf(d)) && (is64 || !isinf(f) || isinf(d));
        uint32_t b32;
        memcpy(&b32, &f, 4);
        if (is64)
            memcpy(&bits, &d, 8);
        else
            bits = b32;
    } else if (kind[0] == 'u') {
        /* unsigned: 0 .. 2^N-1 */
        ok = !cli_parse_u64(val, 0, is64 ? UINT64_MAX : UINT32_MAX, &bits);
    } else {
        /* signed: -2^(N-1) .. 2^(N-1)-1, or a bit pattern written in hex up to 2^N-1 */
        int64_t v;
        ok = !cli_parse_i64(val, is64 ? INT64_MIN : INT32_MIN, is64 ? INT64_MAX : INT32_MAX, &v);
        bits = (uint64_t)v;
        if (!ok && (strncmp(val, "0x", 2) == 0 || strncmp(val, "0X", 2) == 0))
            ok = !cli_parse_u64(val, 0, is64 ? UINT64_MAX : UINT32_MAX, &bits);
        if (!is64)
            bits &= 0xffffffffu;
    }
    if (!ok)
        return fprintf(stderr, "wavesim run: bad value '%s' in --arg %s (not a number or out of range for %s)\n", val,
                       spec, kind), -1;
    ra->kind = CLI_ARG_VALUE;
    ra->bits = bits;
    ra->size = is64 ? 8u : 4u;
    return 0;
}
