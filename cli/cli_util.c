/* Input files, option values, whole-or-nothing output files and hex-word lists for the wavesim
   command. */
#define _POSIX_C_SOURCE 200809L
#include "cli_util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wavesim/wavesim.h"

char *cli_read_input(const char *cmd, const char *path, size_t *size)
{
    if (strcmp(path, "-") == 0) {
        char *buf = ws_read_stream(stdin, size);
        if (!buf)
            fprintf(stderr, "wavesim %s: cannot read standard input: out of memory\n", cmd);
        return buf;
    }
    struct stat st; /* checked before opening: opening a FIFO would block */
    if (stat(path, &st) != 0) {
        fprintf(stderr, "wavesim %s: cannot read '%s': %s\n", cmd, path, strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "wavesim %s: cannot read '%s': %s\n", cmd, path,
                S_ISDIR(st.st_mode) ? "Is a directory" : "not a regular file");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "wavesim %s: cannot read '%s': %s\n", cmd, path, strerror(errno));
        return NULL;
    }
    char *buf = ws_read_stream(f, size);
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        fprintf(stderr, "wavesim %s: cannot read '%s': %s\n", cmd, path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    return buf;
}

int cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    while (isspace((unsigned char)*s))
        s++;
    if (!isdigit((unsigned char)*s)) /* no sign: strtoull would wrap "-1" */
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *end || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (end == s || *end || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int cli_threads(const char *cmd, const char *value)
{
    uint64_t n;
    if (cli_parse_u64(value, 1, UINT64_MAX, &n)) {
        fprintf(stderr, "wavesim %s: bad --threads '%s' (a positive integer)\n", cmd, value);
        return -1;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1)
        cores = 1;
    if (n > (uint64_t)cores) {
        fprintf(stderr, "wavesim %s: note: --threads %s capped at the host's %ld cores\n", cmd, value, cores);
        n = (uint64_t)cores;
    }
    return (int)n;
}

int cli_out_open(cli_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    struct stat st; /* a device, FIFO or symlink (/dev/null, /dev/stdout) is written through as it is */
    size_t n = strlen(path);
    o->path = malloc(n + 1);
    if (!o->path)
        return -1;
    memcpy(o->path, path, n + 1);
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "wb");
        if (!o->f)
            goto fail;
        return 0;
    }
    o->tmp = malloc(n + 16);
    if (!o->tmp)
        goto fail;
    snprintf(o->tmp, n + 16, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0)
        goto fail;
    mode_t mask = umask(0); /* the mode a plain fopen would give: 0666 less the umask */
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        close(fd);
        unlink(o->tmp);
        goto fail;
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
        goto fail;
    }
    return 0;
fail:
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    return -1;
}

int cli_out_close(cli_out *o, int ok, const char *cmd)
{
    if (!o->f)
        return 0;
    int rc = 0;
    if (o->f == stdout) {
        rc = fflush(stdout) ? -1 : 0;
    } else {
        int write_ok = !ferror(o->f);
        if (fclose(o->f))
            write_ok = 0;
        if (o->tmp) { /* the temporary file replaces PATH only when all of it was written */
            if (ok && write_ok && rename(o->tmp, o->path) != 0)
                write_ok = 0;
            if (!ok || !write_ok)
                unlink(o->tmp);
        }
        if (ok && !write_ok) {
            rc = -1;
            fprintf(stderr, "wavesim %s: cannot write '%s': %s\n", cmd, o->path, strerror(errno ? errno : EIO));
        }
    }
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return rc;
}

int cli_write_stream(const char *cmd, const char *path, int (*fill)(void *ctx, FILE *f), void *ctx)
{
    cli_out o;
    if (cli_out_open(&o, path)) {
        fprintf(stderr, "wavesim %s: cannot write '%s': %s\n", cmd, path, strerror(errno));
        return -1;
    }
    int ok = fill(ctx, o.f) == 0;
    return cli_out_close(&o, ok, cmd) || !ok ? -1 : 0;
}

int cli_fwrite_chunk(void *file, const char *text, size_t len)
{
    return fwrite(text, 1, len, file) == len ? 0 : -1;
}

typedef struct {
    const void *data;
    size_t n;
} cli_bytes;

static int cli_fill_bytes(void *ctx, FILE *f)
{
    const cli_bytes *b = ctx;
    return fwrite(b->data, 1, b->n, f) == b->n ? 0 : -1;
}

int cli_write_file(const char *cmd, const char *path, const void *data, size_t n)
{
    cli_bytes b = {data, n};
    return cli_write_stream(cmd, path, cli_fill_bytes, &b);
}

int cli_wants_help(int argc, char **argv, int first)
{
    for (int a = first; a < argc; a++)
        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0)
            return 1;
    return 0;
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
        if (!isxdigit((unsigned char)*p)) {
            *bad = p;
            return -1;
        }
        errno = 0;
        unsigned long long v = strtoull(p, &end, 16);
        if (end == p || v > 0xffffffffull || errno == ERANGE ||
            (*end && *end != ' ' && *end != ',' && *end != '\t' && *end != '\n' && *end != '\r')) {
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

void cli_print_peak_memory(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0) /* ru_maxrss is in KiB on Linux */
        printf("  peak resident memory: %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
}
