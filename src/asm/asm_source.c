/* Assembler driver: line splitting, comments, labels, '=' and .set, data and alignment directives. */
#include "asm_source.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    asm_result *r;
    int pass;
} asm_ctx;

static asm_symbol *asm_find(asm_result *r, const char *name, size_t len)
{
    for (size_t i = 0; i < r->nsyms; i++)
        if (strlen(r->syms[i].name) == len && strncmp(r->syms[i].name, name, len) == 0)
            return &r->syms[i];
    return NULL;
}

static int asm_lookup(void *vctx, const char *name, size_t len, int64_t *value)
{
    asm_ctx *c = vctx;
    asm_symbol *s = asm_find(c->r, name, len);
    if (!s || (s->is_label && s->value < 0))
        return 0;
    *value = s->value;
    return s->is_label ? 2 : 1;
}

static asm_symbol *asm_define(asm_result *r, const char *name, size_t len)
{
    asm_symbol *s = asm_find(r, name, len);
    if (s)
        return s;
    if (len >= sizeof r->syms[0].name)
        return NULL;
    if (r->nsyms == r->syms_cap) {
        size_t cap = r->syms_cap ? r->syms_cap * 2 : 16;
        asm_symbol *n = realloc(r->syms, cap * sizeof *n);
        if (!n)
            return NULL;
        r->syms = n;
        r->syms_cap = cap;
    }
    s = &r->syms[r->nsyms++];
    memset(s, 0, sizeof *s);
    memcpy(s->name, name, len);
    s->value = -1;
    s->defined_pass = -1;
    return s;
}

static int asm_emit(asm_result *r, const uint8_t *bytes, size_t n)
{
    if (r->text_size + n > r->text_cap) {
        size_t cap = r->text_cap ? r->text_cap * 2 : 256;
        while (cap < r->text_size + n)
            cap *= 2;
        uint8_t *t = realloc(r->text, cap);
        if (!t)
            return -1;
        r->text = t;
        r->text_cap = cap;
    }
    if (bytes)
        memcpy(r->text + r->text_size, bytes, n);
    else
        memset(r->text + r->text_size, 0, n);
    r->text_size += n;
    return 0;
}

static int asm_add_item(asm_result *r, uint32_t offset, uint8_t size)
{
    if (r->nitems == r->items_cap) {
        size_t cap = r->items_cap ? r->items_cap * 2 : 64;
        asm_item *n = realloc(r->items, cap * sizeof *n);
        if (!n)
            return -1;
        r->items = n;
        r->items_cap = cap;
    }
    r->items[r->nitems].offset = offset;
    r->items[r->nitems].size = size;
    r->nitems++;
    return 0;
}

static int asm_error(asm_result *r, const char *file, int line, int col, const char *msg)
{
    snprintf(r->error, sizeof r->error, "%s:%d:%d: error: %s", file, line, col + 1, msg);
    return -1;
}

/* Cuts the comment off a line (';' or '//' outside strings). */
static void asm_strip_comment(char *s)
{
    int in_str = 0;
    for (char *p = s; *p; p++) {
        if (*p == '"')
            in_str = !in_str;
        if (!in_str && (*p == ';' || (p[0] == '/' && p[1] == '/'))) {
            *p = '\0';
            return;
        }
    }
}

static int asm_data_directive(asm_ctx *c, const char *args, int size, const asm_expr_env *env, char *err,
                              size_t errsize)
{
    const char *p = args;
    for (;;) {
        asm_value v;
        p = asm_skip_space(p);
        if (asm_expr_parse(&p, env, &v, err, errsize))
            return -1;
        if (v.is_float) {
            snprintf(err, errsize, "expected an integer expression");
            return -1;
        }
        uint8_t b[8];
        for (int i = 0; i < size; i++)
            b[i] = (uint8_t)((uint64_t)v.i >> (8 * i));
        if (asm_emit(c->r, b, (size_t)size))
            return -1;
        p = asm_skip_space(p);
        if (*p != ',')
            break;
        p++;
    }
    if (*p) {
        snprintf(err, errsize, "unexpected token in directive");
        return -1;
    }
    return 0;
}

static int asm_line(asm_ctx *c, const char *file, int lineno, char *line, asm_encode_fn encode, void *isa_ctx)
{
    asm_result *r = c->r;
    char err[256];
    asm_expr_env env = {asm_lookup, c, (int64_t)r->text_size};
    char *p = (char *)asm_skip_space(line);
    /* labels */
    for (;;) {
        char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_' || *q == '.' || *q == '$')
            q++;
        if (q > p && *q == ':' && q[1] != ':') {
            asm_symbol *s = asm_define(r, p, (size_t)(q - p));
            if (!s)
                return asm_error(r, file, lineno, (int)(p - line), "symbol name too long");
            if (s->defined_pass == c->pass)
                return asm_error(r, file, lineno, (int)(p - line), "invalid symbol redefinition");
            s->defined_pass = c->pass;
            s->is_label = 1;
            s->value = (int64_t)r->text_size;
            p = (char *)asm_skip_space(q + 1);
            continue;
        }
        break;
    }
    if (!*p)
        return 0;
    /* assignment: sym = expr */
    {
        char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_' || *q == '.' || *q == '$')
            q++;
        char *e = (char *)asm_skip_space(q);
        if (q > p && *e == '=' && e[1] != '=') {
            const char *x = e + 1;
            asm_value v;
            if (asm_expr_parse(&x, &env, &v, err, sizeof err))
                return asm_error(r, file, lineno, (int)(x - line), err);
            asm_symbol *s = asm_define(r, p, (size_t)(q - p));
            if (!s)
                return asm_error(r, file, lineno, (int)(p - line), "symbol name too long");
            s->value = v.i;
            s->is_label = v.relocatable;
            return 0;
        }
    }
    if (*p == '.') {
        char *q = p;
        while (*q && !isspace((unsigned char)*q))
            q++;
        size_t n = (size_t)(q - p);
        const char *args = asm_skip_space(q);
#define DIR(s) (n == strlen(s) && strncmp(p, s, n) == 0)
        int rc = 0;
        if (DIR(".byte"))
            rc = asm_data_directive(c, args, 1, &env, err, sizeof err);
        else if (DIR(".short") || DIR(".hword") || DIR(".2byte"))
            rc = asm_data_directive(c, args, 2, &env, err, sizeof err);
        else if (DIR(".long") || DIR(".word") || DIR(".4byte"))
            rc = asm_data_directive(c, args, 4, &env, err, sizeof err);
        else if (DIR(".quad") || DIR(".8byte"))
            rc = asm_data_directive(c, args, 8, &env, err, sizeof err);
        else if (DIR(".p2align") || DIR(".align")) {
            asm_value v;
            const char *x = args;
            if (asm_expr_parse(&x, &env, &v, err, sizeof err))
                return asm_error(r, file, lineno, (int)(x - line), err);
            if (v.i < 0 || v.i > 16)
                return asm_error(r, file, lineno, (int)(args - line), "invalid alignment value");
            size_t align = (size_t)1 << v.i;
            while (r->text_size % align) { /* pad code with s_nop words, as LLVM does */
                static const uint8_t nop[4] = {0x00, 0x00, 0x80, 0xbf};
                size_t k = r->text_size % 4 ? 4 - r->text_size % 4 : 4;
                if (asm_emit(r, k == 4 ? nop : NULL, k))
                    return -1;
            }
        } else if (DIR(".set")) {
            const char *x = args;
            const char *s0 = x;
            while (isalnum((unsigned char)*x) || *x == '_' || *x == '.' || *x == '$')
                x++;
            const char *s1 = x;
            x = asm_skip_space(x);
            if (s1 == s0 || *x != ',')
                return asm_error(r, file, lineno, (int)(x - line), "expected comma");
            x++;
            asm_value v;
            if (asm_expr_parse(&x, &env, &v, err, sizeof err))
                return asm_error(r, file, lineno, (int)(x - line), err);
            asm_symbol *s = asm_define(r, s0, (size_t)(s1 - s0));
            if (!s)
                return asm_error(r, file, lineno, (int)(s0 - line), "symbol name too long");
            s->value = v.i;
            s->is_label = v.relocatable;
        } else if (DIR(".globl") || DIR(".global")) {
            const char *x = args;
            const char *s0 = x;
            while (isalnum((unsigned char)*x) || *x == '_' || *x == '.' || *x == '$')
                x++;
            asm_symbol *s = asm_define(r, s0, (size_t)(x - s0));
            if (s)
                s->is_global = 1;
        } else if (DIR(".text") || DIR(".amdgcn_target") || DIR(".amdhsa_code_object_version") || DIR(".type") ||
                   DIR(".size") || DIR(".section") || DIR(".ident") || DIR(".file")) {
            /* one code section; target and symbol attributes carry no bytes */
        } else {
            return asm_error(r, file, lineno, (int)(p - line), "unknown directive");
        }
#undef DIR
        if (rc)
            return asm_error(r, file, lineno, (int)(args - line), err);
        return 0;
    }
    uint8_t bytes[16];
    int col = 0;
    size_t at = r->text_size;
    int n = encode(isa_ctx, p, &env, bytes, err, sizeof err, &col);
    if (n < 0)
        return asm_error(r, file, lineno, (int)(p - line) + col, err);
    if (asm_emit(r, bytes, (size_t)n) || asm_add_item(r, (uint32_t)at, (uint8_t)n))
        return asm_error(r, file, lineno, 0, "out of memory");
    return 0;
}

int asm_source(const char *filename, const char *src, asm_encode_fn encode, void *isa_ctx, asm_result *result)
{
    memset(result, 0, sizeof *result);
    asm_ctx c = {result, 0};
    size_t len = strlen(src);
    char *buf = malloc(len + 1);
    if (!buf) {
        snprintf(result->error, sizeof result->error, "%s: error: out of memory", filename);
        return -1;
    }
    for (c.pass = 0; c.pass < 2; c.pass++) {
        result->text_size = 0;
        result->nitems = 0;
        memcpy(buf, src, len + 1);
        char *line = buf;
        int lineno = 1;
        while (line) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            asm_strip_comment(line);
            size_t l = strlen(line);
            if (l && line[l - 1] == '\r')
                line[l - 1] = '\0';
            if (asm_line(&c, filename, lineno, line, encode, isa_ctx)) {
                free(buf);
                return -1;
            }
            line = nl ? nl + 1 : NULL;
            lineno++;
        }
    }
    free(buf);
    return 0;
}

void asm_result_free(asm_result *r)
{
    free(r->text);
    free(r->items);
    free(r->syms);
    memset(r, 0, sizeof *r);
}
