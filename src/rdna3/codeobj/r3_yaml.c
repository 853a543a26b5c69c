/* YAML to MessagePack for code-object metadata: a recursive descent over indented lines. */
#include "r3_yaml.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *text;   /* the line's content after its indentation */
    size_t len;
    int indent;
    int lineno;
} asm_yaml_line;

typedef struct {
    asm_yaml_line *lines;
    int n, pos;
    msgpack_writer *out;
    char *err;
    size_t errsize;
    int depth;
} asm_yaml;

static int asm_yaml_fail(asm_yaml *y, int lineno, const char *msg)
{
    snprintf(y->err, y->errsize, "metadata line %d: %s", lineno, msg);
    return -1;
}

/* A scalar: quoted strings, true/false, integers, or a plain string. */
static void asm_yaml_scalar(asm_yaml *y, const char *s, size_t n)
{
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n >= 2 && s[0] == '[' && s[n - 1] == ']') { /* a flow sequence of scalars: [a, b] or [] */
        const char *p = s + 1, *end = s + n - 1;
        uint32_t count = 0;
        for (const char *q = p; q < end; q++)
            count += *q == ',';
        while (p < end && isspace((unsigned char)*p))
            p++;
        msgpack_write_array(y->out, p < end ? count + 1 : 0);
        while (p < end) {
            const char *e = memchr(p, ',', (size_t)(end - p));
            if (!e)
                e = end;
            const char *b = p;
            while (b < e && isspace((unsigned char)*b))
                b++;
            asm_yaml_scalar(y, b, (size_t)(e - b));
            p = e < end ? e + 1 : end;
        }
        return;
    }
    if (n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n - 1] == s[0]) {
        char buf[1024];
        size_t k = 0;
        for (size_t i = 1; i + 1 < n && k < sizeof buf; i++) {
            if (s[0] == '\'' && s[i] == '\'' && s[i + 1] == '\'')
                i++;
            else if (s[0] == '"' && s[i] == '\\' && i + 2 < n)
                i++;
            buf[k++] = s[i];
        }
        msgpack_write_str(y->out, buf, k);
        return;
    }
    if (n == 4 && strncmp(s, "true", 4) == 0) {
        msgpack_write_bool(y->out, 1);
        return;
    }
    if (n == 5 && strncmp(s, "false", 5) == 0) {
        msgpack_write_bool(y->out, 0);
        return;
    }
    size_t i = s[0] == '-' ? 1 : 0;
    int digits = i < n;
    for (size_t k = i; k < n; k++)
        digits &= isdigit((unsigned char)s[k]) != 0;
    if (digits && n < 20) {
        char buf[24];
        memcpy(buf, s, n);
        buf[n] = '\0';
        if (s[0] == '-')
            msgpack_write_int(y->out, strtoll(buf, NULL, 10));
        else
            msgpack_write_uint(y->out, strtoull(buf, NULL, 10));
        return;
    }
    msgpack_write_str(y->out, s, n);
}

static int asm_yaml_node(asm_yaml *y, int indent);

/* Whether the line is a sequence item ("- ...") */
static int asm_yaml_is_item(const asm_yaml_line *l)
{
    return l->len > 1 && l->text[0] == '-' && l->text[1] == ' ';
}

/* "key: value" of a mapping line: the key's length, and where the value starts (or NULL). */
static size_t asm_yaml_key(const asm_yaml_line *l, const char **value)
{
    for (size_t i = 0; i + 1 <= l->len; i++)
        if (l->text[i] == ':' && (i + 1 == l->len || l->text[i + 1] == ' ')) {
            const char *v = l->text + i + 1;
            while (v < l->text + l->len && *v == ' ')
                v++;
            *value = v < l->text + l->len ? v : NULL;
            return i;
        }
    *value = NULL;
    return 0;
}

/* LLVM's order of msgpack kinds (msgpack::Type: Int, UInt, Nil, Boolean, Float, String, Binary,
   Array, Map), by which its Document orders map keys of different kinds */
static int asm_yaml_kind_rank(msgpack_type t)
{
    static const int rank[] = {[MSGPACK_INT] = 0, [MSGPACK_UINT] = 1, [MSGPACK_NIL] = 2, [MSGPACK_BOOL] = 3,
                               [MSGPACK_FLOAT] = 4, [MSGPACK_STR] = 5, [MSGPACK_BIN] = 6, [MSGPACK_ARRAY] = 7,
                               [MSGPACK_MAP] = 8, [MSGPACK_BAD] = 9};
    return rank[t];
}

typedef struct {
    size_t start, end; /* one key and its value in the writer's buffer */
    msgpack_value key;
} asm_yaml_pair;

/* llvm-mc writes a map with its keys in order (a std::map in msgpack::Document): by kind, then
   value, strings bytewise with a shorter prefix first */
static int asm_yaml_pair_cmp(const void *pa, const void *pb)
{
    const msgpack_value *a = &((const asm_yaml_pair *)pa)->key, *b = &((const asm_yaml_pair *)pb)->key;
    if (a->type != b->type)
        return asm_yaml_kind_rank(a->type) - asm_yaml_kind_rank(b->type);
    switch (a->type) {
    case MSGPACK_INT: return (a->i > b->i) - (a->i < b->i);
    case MSGPACK_UINT: case MSGPACK_BOOL: return (a->u > b->u) - (a->u < b->u);
    case MSGPACK_STR: case MSGPACK_BIN: {
        int c = memcmp(a->str, b->str, a->len < b->len ? a->len : b->len);
        return c ? c : (a->len > b->len) - (a->len < b->len);
    }
    default: return 0;
    }
}

/* Puts the `count` pairs written from `start` on in key order. Returns 0 or -1 (out of memory). */
static int asm_yaml_sort_pairs(asm_yaml *y, size_t start, const size_t *starts, int count)
{
    msgpack_writer *w = y->out;
    if (count < 2 || w->failed)
        return 0;
    asm_yaml_pair *pairs = malloc((size_t)count * sizeof *pairs);
    uint8_t *copy = malloc(w->len - start);
    if (!pairs || !copy) {
        free(pairs);
        free(copy);
        return -1;
    }
    for (int k = 0; k < count; k++) {
        size_t pos = starts[k];
        pairs[k].start = starts[k];
        pairs[k].end = k + 1 < count ? starts[k + 1] : w->len;
        if (msgpack_read(w->data, w->len, &pos, &pairs[k].key))
            pairs[k].key.type = MSGPACK_BAD;
    }
    qsort(pairs, (size_t)count, sizeof *pairs, asm_yaml_pair_cmp);
    size_t at = 0;
    for (int k = 0; k < count; k++) {
        memcpy(copy + at, w->data + pairs[k].start, pairs[k].end - pairs[k].start);
        at += pairs[k].end - pairs[k].start;
    }
    memcpy(w->data + start, copy, at);
    free(pairs);
    free(copy);
    return 0;
}

static int asm_yaml_mapping(asm_yaml *y, int indent)
{
    int count = 0;
    for (int i = y->pos; i < y->n && y->lines[i].indent >= indent; i++) /* items at this indent: a key's sequence */
        if (y->lines[i].indent == indent && !asm_yaml_is_item(&y->lines[i]))
            count++;
    msgpack_write_map(y->out, (uint32_t)count);
    size_t start = y->out->len, *starts = malloc((size_t)(count ? count : 1) * sizeof *starts);
    if (!starts)
        return asm_yaml_fail(y, y->lines[y->pos].lineno, "out of memory");
    int rc = 0;
    for (int k = 0; k < count && !rc; k++) {
        /* the keys counted above: a nested value that ran over them makes the text malformed */
        if (y->pos >= y->n || y->lines[y->pos].indent != indent) {
            rc = asm_yaml_fail(y, y->pos < y->n ? y->lines[y->pos].lineno : y->lines[y->n - 1].lineno,
                               "malformed mapping");
            break;
        }
        asm_yaml_line *l = &y->lines[y->pos];
        const char *value;
        size_t klen = asm_yaml_key(l, &value);
        if (!klen) {
            rc = asm_yaml_fail(y, l->lineno, "expected 'key: value'");
            break;
        }
        starts[k] = y->out->len;
        asm_yaml_scalar(y, l->text, klen);
        y->pos++;
        if (value) {
            asm_yaml_scalar(y, value, (size_t)(l->text + l->len - value));
        } else if (y->pos < y->n && (y->lines[y->pos].indent > indent ||
                                     (y->lines[y->pos].indent == indent && asm_yaml_is_item(&y->lines[y->pos])))) {
            rc = asm_yaml_node(y, y->lines[y->pos].indent); /* nested, or a sequence at the key's indent */
        } else {
            msgpack_write_array(y->out, 0); /* no value: llvm-mc-19 writes an empty array */
        }
    }
    if (!rc && asm_yaml_sort_pairs(y, start, starts, count))
        rc = asm_yaml_fail(y, y->lines[y->n - 1].lineno, "out of memory");
    free(starts);
    return rc;
}

static int asm_yaml_sequence(asm_yaml *y, int indent)
{
    int count = 0;
    for (int i = y->pos; i < y->n && y->lines[i].indent >= indent; i++) {
        const asm_yaml_line *l = &y->lines[i];
        if (l->indent != indent)
            continue;
        if (!asm_yaml_is_item(l))
            break; /* a sequence at its key's indent ends at the next key */
        count++;
    }
    msgpack_write_array(y->out, (uint32_t)count);
    for (int k = 0; k < count; k++) {
        if (y->pos >= y->n || y->lines[y->pos].indent != indent)
            return asm_yaml_fail(y, y->pos < y->n ? y->lines[y->pos].lineno : y->lines[y->n - 1].lineno,
                                 "malformed sequence");
        asm_yaml_line *l = &y->lines[y->pos];
        if (!asm_yaml_is_item(l))
            return asm_yaml_fail(y, l->lineno, "expected '- '");
        const char *value;
        asm_yaml_line rest = {l->text + 2, l->len - 2, indent + 2, l->lineno};
        while (rest.len && rest.text[0] == ' ') {
            rest.text++;
            rest.len--;
            rest.indent++;
        }
        if (asm_yaml_key(&rest, &value)) { /* "- key: ..." opens a mapping at the item's indent */
            *l = rest;
            if (asm_yaml_mapping(y, rest.indent))
                return -1;
        } else {
            asm_yaml_scalar(y, rest.text, rest.len);
            y->pos++;
        }
    }
    return 0;
}

static int asm_yaml_node(asm_yaml *y, int indent)
{
    if (++y->depth > 64)
        return asm_yaml_fail(y, y->lines[y->pos].lineno, "nested too deeply");
    asm_yaml_line *l = &y->lines[y->pos];
    int rc = asm_yaml_is_item(l) ? asm_yaml_sequence(y, indent) : asm_yaml_mapping(y, indent);
    y->depth--;
    return rc;
}

int r3_yaml_to_msgpack(const char *yaml, msgpack_writer *out, char *err, size_t errsize)
{
    asm_yaml y = {NULL, 0, 0, out, err, errsize, 0};
    int cap = 0, lineno = 0;
    for (const char *p = yaml; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        lineno++;
        int indent = 0;
        while ((size_t)indent < n && p[indent] == ' ')
            indent++;
        const char *t = p + indent;
        size_t tl = n - (size_t)indent;
        while (tl && (t[tl - 1] == ' ' || t[tl - 1] == '\r'))
            tl--;
        int skip = tl == 0 || t[0] == '#' || (tl == 3 && (strncmp(t, "---", 3) == 0 || strncmp(t, "...", 3) == 0));
        if (!skip) {
            if (y.n == cap) {
                cap = cap ? cap * 2 : 128;
                asm_yaml_line *nl = realloc(y.lines, (size_t)cap * sizeof *nl);
                if (!nl) {
                    free(y.lines);
                    snprintf(err, errsize, "out of memory");
                    return -1;
                }
                y.lines = nl;
            }
            y.lines[y.n++] = (asm_yaml_line){t, tl, indent, lineno};
        }
        p = e ? e + 1 : p + n;
    }
    int rc = 0;
    if (!y.n)
        msgpack_write_map(out, 0);
    else
        rc = asm_yaml_node(&y, y.lines[0].indent);
    if (!rc && y.pos < y.n)
        rc = asm_yaml_fail(&y, y.lines[y.pos].lineno, "unexpected indentation");
    if (!rc && out->failed) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
    }
    free(y.lines);
    return rc;
}

/* Checks the array at *pos (count elements of `kind`, or any count when count < 0) and skips it. */
static int asm_yaml_check_array(const uint8_t *mp, size_t len, size_t *pos, int count, msgpack_type kind)
{
    msgpack_value v;
    if (msgpack_read(mp, len, pos, &v) || v.type != MSGPACK_ARRAY || (count >= 0 && v.u != (uint64_t)count))
        return -1;
    for (uint64_t i = 0; i < v.u; i++) {
        size_t at = *pos;
        msgpack_value e;
        if (kind == MSGPACK_BAD) { /* any element */
            if (msgpack_skip(mp, len, pos))
                return -1;
            continue;
        }
        if (msgpack_read(mp, len, &at, &e) ||
            !(e.type == kind || (kind == MSGPACK_UINT && e.type == MSGPACK_INT)) || msgpack_skip(mp, len, pos))
            return -1;
    }
    return 0;
}

int r3_yaml_check_hsa(const uint8_t *mp, size_t len, char *err, size_t errsize)
{
    size_t pos = 0;
    msgpack_value root;
    int version = 0, kernels = 0;
    if (msgpack_read(mp, len, &pos, &root) || root.type != MSGPACK_MAP) {
        snprintf(err, errsize, "invalid HSA metadata: not a map");
        return -1;
    }
    for (uint64_t i = 0; i < root.u; i++) {
        msgpack_value key;
        if (msgpack_read(mp, len, &pos, &key))
            break;
        const char *what = NULL;
        int bad = 0;
        if (key.type == MSGPACK_STR && key.len == 14 && memcmp(key.str, "amdhsa.version", 14) == 0) {
            version = 1;
            what = "amdhsa.version must be two integers";
            bad = asm_yaml_check_array(mp, len, &pos, 2, MSGPACK_UINT);
        } else if (key.type == MSGPACK_STR && key.len == 14 && memcmp(key.str, "amdhsa.kernels", 14) == 0) {
            kernels = 1;
            what = "amdhsa.kernels must be a sequence";
            bad = asm_yaml_check_array(mp, len, &pos, -1, MSGPACK_BAD);
        } else if (key.type == MSGPACK_STR && key.len == 13 && memcmp(key.str, "amdhsa.printf", 13) == 0) {
            what = "amdhsa.printf must be a sequence of strings";
            bad = asm_yaml_check_array(mp, len, &pos, -1, MSGPACK_STR);
        } else {
            bad = msgpack_skip(mp, len, &pos);
            what = "unreadable value";
        }
        if (bad) {
            snprintf(err, errsize, "invalid HSA metadata: %s", what);
            return -1;
        }
    }
    if (!version || !kernels) {
        snprintf(err, errsize, "invalid HSA metadata: %s missing", !version ? "amdhsa.version" : "amdhsa.kernels");
        return -1;
    }
    return 0;
}
