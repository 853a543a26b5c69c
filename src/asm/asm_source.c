/* Assembler driver: line splitting, comments, sections, labels, '=' and .set, symbol attributes,
   data, fill and alignment directives, ISA block directives, and the two-pass layout. */
#include "asm_source.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Code and data start after the ELF header and program headers of the code object. */
#define ASM_LOAD_BASE 0x100

typedef struct {
    asm_result *r;
    const asm_isa *isa;
    int pass;
    int cur;                 /* current section */
    const char *file;
    int lineno;
    /* an ISA block being collected */
    const char *block_end;
    char block_name[48], block_args[256];
    char **block_lines;
    int block_n, block_cap, block_line0;
    int in_text_block;
    size_t text_block_len, text_block_cap;
    /* symbols an assignment's expression names (collected while it is parsed) and, for each
       assigned symbol, the ones it named before they had a value: the edges of a definition cycle */
    int collecting, defer_depth;
    uint64_t gen; /* counts symbol definitions: a deferred value is cached until the next one */
    char (*refs)[96];
    size_t nrefs, refs_cap;
    struct asm_dep {
        char owner[96], name[96];
    } *deps;
    size_t ndeps, deps_cap;
} asm_ctx;

static int asm_error(asm_ctx *c, int col, const char *msg)
{
    snprintf(c->r->error, sizeof c->r->error, "%s:%d:%d: error: %s", c->file, c->lineno, col + 1, msg);
    return -1;
}

int asm_find_section(const asm_result *r, const char *name)
{
    for (int i = 0; i < r->nsecs; i++)
        if (strcmp(r->secs[i].name, name) == 0)
            return i;
    return -1;
}

/* Symbols are found through a hash index, so a text with many labels assembles in linear time. */
static uint32_t asm_hash(const char *name, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (uint8_t)name[i]) * 16777619u;
    return h;
}

static asm_symbol *asm_find(asm_result *r, const char *name, size_t len)
{
    if (!r->sym_nslots)
        return NULL;
    for (size_t i = asm_hash(name, len) & (r->sym_nslots - 1);; i = (i + 1) & (r->sym_nslots - 1)) {
        uint32_t k = r->sym_slots[i];
        if (!k)
            return NULL;
        asm_symbol *s = &r->syms[k - 1];
        if (strncmp(s->name, name, len) == 0 && s->name[len] == '\0')
            return s;
    }
}

/* Puts syms[index] into the hash index, growing it to keep it at most half full. */
static int asm_index_symbol(asm_result *r, size_t index)
{
    if (2 * (r->nsyms + 1) > r->sym_nslots) {
        size_t n = r->sym_nslots ? 2 * r->sym_nslots : 64;
        uint32_t *slots = calloc(n, sizeof *slots);
        if (!slots)
            return -1;
        free(r->sym_slots);
        r->sym_slots = slots;
        r->sym_nslots = n;
        for (size_t k = 0; k < r->nsyms; k++)
            if (k != index)
                asm_index_symbol(r, k);
    }
    const char *name = r->syms[index].name;
    size_t i = asm_hash(name, strlen(name)) & (r->sym_nslots - 1);
    while (r->sym_slots[i])
        i = (i + 1) & (r->sym_nslots - 1);
    r->sym_slots[i] = (uint32_t)index + 1;
    return 0;
}

const asm_symbol *asm_find_symbol(const asm_result *r, const char *name)
{
    return asm_find((asm_result *)r, name, strlen(name));
}

static int64_t asm_pc(const asm_ctx *c);

static int asm_lookup(void *vctx, const char *name, size_t len, int64_t *value)
{
    asm_ctx *c = vctx;
    asm_symbol *s = asm_find(c->r, name, len);
    if (c->collecting && len < sizeof c->refs[0]) {
        if (c->nrefs == c->refs_cap) {
            size_t cap = c->refs_cap ? 2 * c->refs_cap : 8;
            char(*n)[96] = realloc(c->refs, cap * sizeof *n);
            if (n) {
                c->refs = n;
                c->refs_cap = cap;
            }
        }
        if (c->nrefs < c->refs_cap) {
            memcpy(c->refs[c->nrefs], name, len);
            c->refs[c->nrefs++][len] = '\0';
        }
    }
    if (!s || s->defined_pass < 0)
        return 0;
    if (s->deferred && s->deferred_pass == c->pass && s->deferred_gen == c->gen) { /* memoized */
        *value = s->deferred_value;
        return s->deferred_kind;
    }
    if (s->deferred && c->defer_depth < 256) {
        /* a variable defined through symbols set after it: its expression now, as llvm-mc
           evaluates such a variable where it is used (cycles were refused in the first pass) */
        asm_expr_env env = {asm_lookup, c, asm_pc(c), c->pass, NULL};
        const char *x = s->deferred;
        asm_value v;
        char err[160];
        int collecting = c->collecting;
        c->collecting = 0;
        c->defer_depth++;
        int bad = asm_expr_parse(&x, &env, &v, err, sizeof err);
        c->defer_depth--;
        c->collecting = collecting;
        s->deferred_pass = c->pass;
        s->deferred_gen = c->gen;
        s->deferred_kind = bad || v.undefined || v.is_float ? 0 : v.relocatable ? 2 : 1;
        s->deferred_value = *value = s->deferred_kind ? v.i : 0;
        return s->deferred_kind;
    }
    /* a label's address follows from its section's final address (forward references in pass 2) */
    *value = s->section >= 0 ? (int64_t)c->r->secs[s->section].addr + s->offset : s->value;
    return (s->section >= 0 || s->relocatable ? 2 : 1) | (s->defined_pass != c->pass ? ASM_SYM_LATER : 0);
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
    s = &r->syms[r->nsyms];
    memset(s, 0, sizeof *s);
    memcpy(s->name, name, len);
    s->section = -1;
    s->defined_pass = -1;
    s->deferred_pass = -1;
    if (asm_index_symbol(r, r->nsyms))
        return NULL;
    r->nsyms++;
    return s;
}

static int asm_section_index(asm_result *r, const char *name, size_t len, uint32_t flags)
{
    for (int i = 0; i < r->nsecs; i++)
        if (strlen(r->secs[i].name) == len && strncmp(r->secs[i].name, name, len) == 0)
            return i;
    if (len >= sizeof r->secs[0].name)
        return -1;
    if (r->nsecs == r->secs_cap) {
        int cap = r->secs_cap ? r->secs_cap * 2 : 8;
        asm_section *n = realloc(r->secs, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        r->secs = n;
        r->secs_cap = cap;
    }
    asm_section *s = &r->secs[r->nsecs];
    memset(s, 0, sizeof *s);
    memcpy(s->name, name, len);
    s->flags = flags;
    s->align = 1;
    return r->nsecs++;
}

static int asm_emit(asm_ctx *c, const uint8_t *bytes, size_t n)
{
    asm_section *s = &c->r->secs[c->cur];
    if (s->size + n > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        while (cap < s->size + n)
            cap *= 2;
        uint8_t *t = realloc(s->data, cap);
        if (!t)
            return -1;
        s->data = t;
        s->cap = cap;
    }
    if (bytes)
        memcpy(s->data + s->size, bytes, n);
    else
        memset(s->data + s->size, 0, n);
    s->size += n;
    return 0;
}

static int asm_add_item(asm_result *r, int section, uint32_t offset, uint8_t size)
{
    if (r->nitems == r->items_cap) {
        size_t cap = r->items_cap ? r->items_cap * 2 : 64;
        asm_item *n = realloc(r->items, cap * sizeof *n);
        if (!n)
            return -1;
        r->items = n;
        r->items_cap = cap;
    }
    r->items[r->nitems++] = (asm_item){section, offset, size};
    return 0;
}

static int64_t asm_pc(const asm_ctx *c)
{
    const asm_section *s = &c->r->secs[c->cur];
    return (int64_t)(s->addr + s->size);
}

/* Cuts the comment off a line (';', '//' or '#' at the start, outside strings). */
static void asm_strip_comment(char *s)
{
    int in_str = 0;
    const char *first = s;
    while (*first == ' ' || *first == '\t')
        first++;
    if (*first == '#') {
        *s = '\0';
        return;
    }
    for (char *p = s; *p; p++) {
        if (*p == '"' && (p == s || p[-1] != '\\'))
            in_str = !in_str;
        if (!in_str && (*p == ';' || (p[0] == '/' && p[1] == '/'))) {
            *p = '\0';
            return;
        }
    }
}

static const char *asm_symbol_end(const char *p)
{
    while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$' || *p == '@')
        p++;
    return p;
}

/* Records the instruction being encoded as a relocation site (asm_reloc_site), in the final pass. */
static void asm_note_relocation(void *vctx, int linkable, const char *undefined, size_t len)
{
    asm_ctx *c = vctx;
    asm_result *r = c->r;
    if (c->pass != 1)
        return;
    if (r->nrelocs == r->relocs_cap) {
        size_t cap = r->relocs_cap ? 2 * r->relocs_cap : 8;
        asm_reloc_site *t = realloc(r->relocs, cap * sizeof *t);
        if (!t)
            return; /* asm_emit fails next on the same shortage */
        r->relocs = t;
        r->relocs_cap = cap;
    }
    asm_reloc_site *site = &r->relocs[r->nrelocs++];
    *site = (asm_reloc_site){c->cur, r->secs[c->cur].size, (uint8_t)(linkable != 0), "", c->lineno};
    if (undefined)
        snprintf(site->undefined, sizeof site->undefined, "%.*s", (int)(len < 63 ? len : 63), undefined);
}

static int asm_expr_value(asm_ctx *c, const char **p, const asm_expr_env *env, asm_value *out, const char *line)
{
    char err[160];
    const char *at = *p;
    if (asm_expr_parse(p, env, out, err, sizeof err))
        return asm_error(c, (int)(at - line), err);
    if (out->is_float)
        return asm_error(c, (int)(at - line), "expected an integer expression");
    if (out->undefined && c->pass == 1)
        return asm_error(c, (int)(at - line), "expression refers to an undefined symbol");
    return 0;
}

static int asm_expr(asm_ctx *c, const char **p, const asm_expr_env *env, int64_t *v, const char *line)
{
    asm_value val;
    if (asm_expr_value(c, p, env, &val, line))
        return -1;
    *v = val.i;
    return 0;
}

static int asm_data(asm_ctx *c, const char *args, int size, const asm_expr_env *env, const char *line)
{
    const char *p = args;
    for (;;) {
        asm_value val;
        p = asm_skip_space(p);
        if (asm_expr_value(c, &p, env, &val, line))
            return -1;
        int64_t v = val.i;
        asm_section *sec = &c->r->secs[c->cur];
        if (c->pass == 1 && val.relocatable && (sec->flags & ASM_SEC_ALLOC)) {
            asm_result *r = c->r;
            if (r->naddr_refs == r->addr_refs_cap) {
                size_t cap = r->addr_refs_cap ? 2 * r->addr_refs_cap : 16;
                asm_addr_ref *t = realloc(r->addr_refs, cap * sizeof *t);
                if (!t)
                    return asm_error(c, 0, "out of memory");
                r->addr_refs = t;
                r->addr_refs_cap = cap;
            }
            r->addr_refs[r->naddr_refs++] = (asm_addr_ref){c->cur, sec->size, (uint8_t)size};
        }
        uint8_t b[8];
        for (int i = 0; i < size; i++)
            b[i] = (uint8_t)((uint64_t)v >> (8 * i));
        if (asm_emit(c, b, (size_t)size))
            return asm_error(c, 0, "out of memory");
        p = asm_skip_space(p);
        if (*p != ',')
            break;
        p++;
    }
    if (*p)
        return asm_error(c, (int)(p - line), "unexpected token in directive");
    return 0;
}

/* .ascii/.asciz/.string "text" with C escapes. */
static int asm_string(asm_ctx *c, const char *p, int zero, const char *line)
{
    for (;;) {
        p = asm_skip_space(p);
        if (*p != '"')
            return asm_error(c, (int)(p - line), "expected string");
        for (p++; *p && *p != '"'; p++) {
            uint8_t b = (uint8_t)*p;
            if (*p == '\\' && p[1]) {
                p++;
                b = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == '0' ? 0 : (uint8_t)*p;
            }
            if (asm_emit(c, &b, 1))
                return asm_error(c, 0, "out of memory");
        }
        if (*p != '"')
            return asm_error(c, (int)(p - line), "unterminated string");
        if (zero && asm_emit(c, NULL, 1))
            return asm_error(c, 0, "out of memory");
        p = asm_skip_space(p + 1);
        if (*p != ',')
            return *p ? asm_error(c, (int)(p - line), "unexpected token in directive") : 0;
        p++;
    }
}

/* Pads the current section to 2^log2 bytes with a fill pattern of `width` bytes. */
static int asm_align(asm_ctx *c, int64_t log2, int64_t fill, int width, int have_fill)
{
    if (log2 < 0 || log2 > 16)
        return asm_error(c, 0, "invalid alignment value");
    asm_section *s = &c->r->secs[c->cur];
    size_t align = (size_t)1 << log2;
    if (align > s->align)
        s->align = (uint32_t)align;
    /* code is padded with s_nop words unless a fill is given, as LLVM does */
    if (!have_fill && (s->flags & ASM_SEC_EXEC)) {
        fill = 0xbf800000;
        width = 4;
    }
    while (s->size % align) {
        size_t k = s->size % (size_t)width ? 1 : (size_t)width;
        uint8_t b[4];
        for (size_t i = 0; i < k; i++)
            b[i] = k == 1 ? 0 : (uint8_t)((uint64_t)fill >> (8 * i));
        if (asm_emit(c, b, k))
            return asm_error(c, 0, "out of memory");
        s = &c->r->secs[c->cur];
    }
    return 0;
}

static int asm_text_block_line(asm_ctx *c, const char *line)
{
    asm_result *r = c->r;
    size_t n = strlen(line);
    if (c->pass == 1)
        return 0;
    if (c->text_block_len + n + 2 > c->text_block_cap) {
        size_t cap = c->text_block_cap ? c->text_block_cap * 2 : 4096;
        while (cap < c->text_block_len + n + 2)
            cap *= 2;
        char *m = realloc(r->text_block, cap);
        if (!m)
            return asm_error(c, 0, "out of memory");
        r->text_block = m;
        c->text_block_cap = cap;
    }
    memcpy(r->text_block + c->text_block_len, line, n);
    c->text_block_len += n;
    r->text_block[c->text_block_len++] = '\n';
    r->text_block[c->text_block_len] = '\0';
    return 0;
}

static int asm_symbol_directive(asm_ctx *c, const char *dir, size_t n, const char *args, const char *line,
                                const asm_expr_env *env)
{
    const char *s0 = asm_skip_space(args), *s1 = asm_symbol_end(s0);
    if (s1 == s0)
        return asm_error(c, (int)(s0 - line), "expected symbol name");
    asm_symbol *sym = asm_define(c->r, s0, (size_t)(s1 - s0));
    if (!sym)
        return asm_error(c, (int)(s0 - line), "symbol name too long");
#define IS(d) (n == strlen(d) && strncmp(dir, d, n) == 0)
    if (IS(".globl") || IS(".global"))
        sym->binding = ASM_BIND_GLOBAL;
    else if (IS(".weak"))
        sym->binding = ASM_BIND_WEAK;
    else if (IS(".local"))
        sym->binding = ASM_BIND_LOCAL;
    else if (IS(".hidden"))
        sym->visibility = ASM_VIS_HIDDEN;
    else if (IS(".protected"))
        sym->visibility = ASM_VIS_PROTECTED;
    else if (IS(".type")) {
        const char *t = strchr(s1, '@');
        sym->type = t && strncmp(t, "@function", 9) == 0 ? ASM_TYPE_FUNC
                    : t && strncmp(t, "@object", 7) == 0 ? ASM_TYPE_OBJECT : ASM_TYPE_NONE;
    } else if (IS(".size")) {
        const char *p = asm_skip_space(s1);
        int64_t v;
        if (*p != ',')
            return asm_error(c, (int)(p - line), "expected comma");
        p++;
        if (asm_expr(c, &p, env, &v, line))
            return -1;
        sym->size = (uint64_t)v;
    }
#undef IS
    return 0;
}

static int asm_check_assignment(asm_ctx *c, const char *sym, size_t len, const char *line, const char *at,
                                const char *end);

static int asm_directive(asm_ctx *c, char *p, const char *line, const asm_expr_env *env)
{
    asm_result *r = c->r;
    char *q = p;
    while (*q && !isspace((unsigned char)*q))
        q++;
    size_t n = (size_t)(q - p);
    const char *args = asm_skip_space(q);
#define DIR(s) (n == strlen(s) && strncmp(p, s, n) == 0)
    /* ISA block directives collect their lines until the matching end */
    for (const char *const *b = c->isa->block_directives; b && *b; b += 2)
        if (DIR(b[0])) {
            c->block_end = b[1];
            snprintf(c->block_name, sizeof c->block_name, "%s", b[0]);
            snprintf(c->block_args, sizeof c->block_args, "%s", args);
            c->block_n = 0;
            c->block_line0 = c->lineno;
            return 0;
        }
    if (c->isa->text_block[0] && DIR(c->isa->text_block[0])) {
        c->in_text_block = 1;
        return 0;
    }
    if (DIR(".byte"))
        return asm_data(c, args, 1, env, line);
    if (DIR(".short") || DIR(".hword") || DIR(".2byte"))
        return asm_data(c, args, 2, env, line);
    if (DIR(".long") || DIR(".word") || DIR(".4byte") || DIR(".int"))
        return asm_data(c, args, 4, env, line);
    if (DIR(".quad") || DIR(".8byte"))
        return asm_data(c, args, 8, env, line);
    if (DIR(".ascii"))
        return asm_string(c, args, 0, line);
    if (DIR(".asciz") || DIR(".string"))
        return asm_string(c, args, 1, line);
    if (DIR(".p2align") || DIR(".align") || DIR(".balign") || DIR(".p2alignl") || DIR(".p2alignw")) {
        const char *x = args;
        int64_t v[3] = {0, 0, 0};
        int have = 0;
        for (int k = 0; k < 3; k++) {
            x = asm_skip_space(x);
            if (!*x)
                break;
            if (k && *x++ != ',')
                return asm_error(c, (int)(x - line), "expected comma");
            x = asm_skip_space(x);
            if (k && *x == ',')
                continue;
            if (asm_expr(c, &x, env, &v[k], line))
                return -1;
            have = k;
        }
        int64_t log2 = v[0];
        if (DIR(".balign")) {
            for (log2 = 0; ((int64_t)1 << log2) < v[0] && log2 < 17; log2++)
                ;
        }
        return asm_align(c, log2, v[1], DIR(".p2alignl") ? 4 : DIR(".p2alignw") ? 2 : 1, have >= 1);
    }
    if (DIR(".fill") || DIR(".zero") || DIR(".space") || DIR(".skip")) {
        const char *x = args;
        int64_t cnt, size = 1, val = 0;
        if (asm_expr(c, &x, env, &cnt, line))
            return -1;
        x = asm_skip_space(x);
        if (DIR(".fill") && *x == ',') {
            x++;
            if (asm_expr(c, &x, env, &size, line))
                return -1;
            x = asm_skip_space(x);
        }
        if (*x == ',') {
            x++;
            if (asm_expr(c, &x, env, &val, line))
                return -1;
        }
        if (cnt < 0 || cnt > (1 << 24) || size < 0 || size > 8)
            return asm_error(c, (int)(args - line), "invalid fill size");
        for (int64_t i = 0; size > 0 && i < cnt; i++) { /* a zero size emits nothing */
            uint8_t b[8];
            for (int k = 0; k < size; k++)
                b[k] = DIR(".fill") && k >= 4 ? 0 : (uint8_t)((uint64_t)val >> (8 * k));
            if (asm_emit(c, b, (size_t)size))
                return asm_error(c, 0, "out of memory");
        }
        return 0;
    }
    if (DIR(".set") || DIR(".equ")) {
        const char *s0 = args, *s1 = asm_symbol_end(s0);
        const char *x = asm_skip_space(s1);
        if (s1 == s0 || *x != ',')
            return asm_error(c, (int)(x - line), "expected comma");
        x++;
        asm_value v;
        char err[160];
        const char *at = asm_skip_space(x);
        c->collecting = 1;
        c->nrefs = 0;
        int bad = asm_expr_parse(&x, env, &v, err, sizeof err);
        c->collecting = 0;
        if (bad)
            return asm_error(c, (int)(x - line), err);
        if (asm_check_assignment(c, s0, (size_t)(s1 - s0), line, at, x))
            return -1;
        asm_symbol *s = asm_define(r, s0, (size_t)(s1 - s0));
        if (!s)
            return asm_error(c, (int)(s0 - line), "symbol name too long");
        s->value = v.i;
        s->deferred_pass = -1; /* a new definition: its deferred value is computed again */
        s->relocatable = (uint8_t)(v.relocatable && !v.undefined);
        s->section = -1;
        s->defined_pass = c->pass;
        c->gen++;
        return 0;
    }
    if (DIR(".text") || DIR(".data") || DIR(".section") || DIR(".rodata")) {
        const char *name = DIR(".section") ? args : p;
        size_t len = DIR(".section") ? (size_t)(strcspn(args, ", \t")) : n;
        if (*name == '"') { /* .section ".note.GNU-stack" */
            name++;
            len = strcspn(name, "\"");
        }
        uint32_t flags = 0;
        if (DIR(".text") || (len >= 5 && strncmp(name, ".text", 5) == 0))
            flags = ASM_SEC_ALLOC | ASM_SEC_EXEC;
        else if (DIR(".data"))
            flags = ASM_SEC_ALLOC | ASM_SEC_WRITE;
        else if (DIR(".rodata"))
            flags = ASM_SEC_ALLOC;
        const char *fl = strchr(args, ',');
        if (DIR(".section") && fl) {
            const char *f = asm_skip_space(fl + 1);
            if (*f == '"') {
                flags = 0;
                for (f++; *f && *f != '"'; f++)
                    flags |= *f == 'a' ? ASM_SEC_ALLOC : *f == 'w' ? ASM_SEC_WRITE : *f == 'x' ? ASM_SEC_EXEC : 0;
            }
        } else if (DIR(".section") && len >= 7 && strncmp(name, ".rodata", 7) == 0) {
            flags = ASM_SEC_ALLOC;
        }
        int idx = asm_section_index(r, name, len, flags);
        if (idx < 0)
            return asm_error(c, (int)(args - line), "invalid section name");
        c->cur = idx;
        return 0;
    }
    if (DIR(".globl") || DIR(".global") || DIR(".weak") || DIR(".local") || DIR(".hidden") ||
        DIR(".protected") || DIR(".type") || DIR(".size"))
        return asm_symbol_directive(c, p, n, args, line, env);
    if (c->isa->directive) {
        char err[256];
        int took = c->isa->directive(c->isa->ctx, p, n, args, env, r, err, sizeof err);
        if (took < 0)
            return asm_error(c, (int)(args - line), err);
        if (took)
            return 0;
    }
    if (DIR(".ident") || DIR(".file") || DIR(".addrsig") || DIR(".addrsig_sym") || DIR(".loc") ||
        (n > 5 && strncmp(p, ".cfi_", 5) == 0))
        return 0; /* no bytes in a code object */
#undef DIR
    return asm_error(c, (int)(p - line), "unknown directive");
}

static int asm_finish_block(asm_ctx *c, const char *line)
{
    asm_expr_env env = {asm_lookup, c, asm_pc(c), c->pass, NULL};
    uint8_t out[256];
    char err[256], label[96] = "";
    int n = c->isa->block ? c->isa->block(c->isa->ctx, c->block_name, c->block_args, c->block_lines, c->block_n,
                                          &env, out, label, sizeof label, err, sizeof err)
                          : -1;
    for (int i = 0; i < c->block_n; i++)
        free(c->block_lines[i]);
    c->block_n = 0;
    c->block_end = NULL;
    if (n < 0) {
        c->lineno = c->block_line0;
        return asm_error(c, 0, c->isa->block ? err : "unknown directive");
    }
    (void)line;
    if (label[0]) {
        asm_symbol *s = asm_define(c->r, label, strlen(label));
        if (!s)
            return asm_error(c, 0, "symbol name too long");
        s->section = c->cur;
        s->offset = (int64_t)c->r->secs[c->cur].size;
        s->value = asm_pc(c);
        s->defined_pass = c->pass;
        c->gen++;
        s->binding = ASM_BIND_GLOBAL;
        s->type = ASM_TYPE_OBJECT;
        s->size = (uint64_t)n;
        /* a descriptor shares the binding and visibility of the kernel it describes */
        const asm_symbol *k = asm_find(c->r, c->block_args, strcspn(c->block_args, " \t"));
        if (k) {
            s = asm_find(c->r, label, strlen(label));
            s->binding = k->binding;
            s->visibility = k->visibility;
        }
    }
    return asm_emit(c, out, (size_t)n) ? asm_error(c, 0, "out of memory") : 0;
}

/* Whether the definition of `name` reaches `target` through names used before they had a value:
   a search over the recorded edges, each expanded once (seen[] marks them), so a chain of any
   length or a graph with many paths costs at most edges^2 steps. */
static int asm_reaches(const asm_ctx *c, const char *name, const char *target, unsigned char *seen)
{
    if (strcmp(name, target) == 0)
        return 1;
    for (size_t i = 0; i < c->ndeps; i++)
        if (!seen[i] && strcmp(c->deps[i].owner, name) == 0) {
            seen[i] = 1;
            if (asm_reaches(c, c->deps[i].name, target, seen))
                return 1;
        }
    return 0;
}

/* `sym = expr` in the first pass: rejects a definition that depends on itself (llvm-mc-19's
   "Recursive use of 'sym'"), then records the names expr used before they had a value. */
static int asm_check_assignment(asm_ctx *c, const char *sym, size_t len, const char *line, const char *at,
                                const char *end)
{
    char name[96];
    if (len >= sizeof name || c->pass != 0)
        return 0;
    /* a definition through symbols not yet set keeps its text (evaluated where it is used) */
    asm_symbol *owner = asm_define(c->r, sym, len);
    if (!owner)
        return asm_error(c, 0, "symbol name too long");
    free(owner->deferred);
    owner->deferred = NULL;
    for (size_t i = 0; i < c->nrefs; i++) {
        const asm_symbol *t = asm_find(c->r, c->refs[i], strlen(c->refs[i]));
        if (!t || (t->defined_pass != c->pass && t->section < 0) || t->deferred) {
            size_t n = (size_t)(end - at);
            owner->deferred = malloc(n + 1);
            if (!owner->deferred)
                return asm_error(c, 0, "out of memory");
            memcpy(owner->deferred, at, n);
            owner->deferred[n] = '\0';
            break;
        }
    }
    memcpy(name, sym, len);
    name[len] = '\0';
    const asm_symbol *self = asm_find(c->r, sym, len);
    int self_defined = self && self->defined_pass == c->pass;
    unsigned char *seen = calloc(c->ndeps + 1, 1);
    if (!seen)
        return asm_error(c, 0, "out of memory");
    for (size_t i = 0; i < c->nrefs; i++) {
        int direct = strcmp(c->refs[i], name) == 0;
        if ((direct && !self_defined) || (!direct && asm_reaches(c, c->refs[i], name, seen))) {
            free(seen);
            char msg[160];
            snprintf(msg, sizeof msg, "Recursive use of '%s'", name);
            return asm_error(c, (int)(at - line), msg);
        }
    }
    free(seen);
    size_t keep = 0;
    for (size_t i = 0; i < c->ndeps; i++)
        if (strcmp(c->deps[i].owner, name) != 0)
            c->deps[keep++] = c->deps[i];
    c->ndeps = keep;
    for (size_t i = 0; i < c->nrefs; i++) {
        const asm_symbol *t = asm_find(c->r, c->refs[i], strlen(c->refs[i]));
        if (t && (t->defined_pass == c->pass || t->section >= 0))
            continue; /* already has its value (labels never form cycles) */
        if (c->ndeps == c->deps_cap) {
            size_t cap = c->deps_cap ? 2 * c->deps_cap : 16;
            struct asm_dep *n = realloc(c->deps, cap * sizeof *n);
            if (!n)
                return asm_error(c, 0, "out of memory");
            c->deps = n;
            c->deps_cap = cap;
        }
        memcpy(c->deps[c->ndeps].owner, name, len + 1);
        memcpy(c->deps[c->ndeps++].name, c->refs[i], strlen(c->refs[i]) + 1);
    }
    return 0;
}

static int asm_line(asm_ctx *c, char *line)
{
    asm_result *r = c->r;
    char *p = (char *)asm_skip_space(line);
    if (c->in_text_block) {
        if (strncmp(p, c->isa->text_block[1], strlen(c->isa->text_block[1])) == 0) {
            c->in_text_block = 0;
            return 0;
        }
        return asm_text_block_line(c, line);
    }
    asm_strip_comment(line);
    if (c->block_end) {
        if (strncmp(p, c->block_end, strlen(c->block_end)) == 0)
            return asm_finish_block(c, line);
        if (c->block_n == c->block_cap) {
            int cap = c->block_cap ? c->block_cap * 2 : 64;
            char **nl = realloc(c->block_lines, (size_t)cap * sizeof *nl);
            if (!nl)
                return asm_error(c, 0, "out of memory");
            c->block_lines = nl;
            c->block_cap = cap;
        }
        c->block_lines[c->block_n] = malloc(strlen(p) + 1);
        if (!c->block_lines[c->block_n])
            return asm_error(c, 0, "out of memory");
        strcpy(c->block_lines[c->block_n++], p);
        return 0;
    }
    asm_expr_env env = {asm_lookup, c, asm_pc(c), c->pass, NULL};
    /* labels */
    for (;;) {
        const char *q = asm_symbol_end(p);
        if (q > p && *q == ':' && q[1] != ':') {
            asm_symbol *s = asm_define(r, p, (size_t)(q - p));
            if (!s)
                return asm_error(c, (int)(p - line), "symbol name too long");
            if (s->defined_pass == c->pass)
                return asm_error(c, (int)(p - line), "invalid symbol redefinition");
            s->defined_pass = c->pass;
        c->gen++;
            s->section = c->cur;
            s->offset = (int64_t)r->secs[c->cur].size;
            s->value = asm_pc(c);
            p = (char *)asm_skip_space(q + 1);
            continue;
        }
        break;
    }
    if (!*p)
        return 0;
    /* assignment: sym = expr */
    {
        const char *q = asm_symbol_end(p);
        const char *e = asm_skip_space(q);
        if (q > p && *e == '=' && e[1] != '=') {
            const char *x = e + 1;
            asm_value v;
            char err[160];
            c->collecting = 1;
            c->nrefs = 0;
            int bad = asm_expr_parse(&x, &env, &v, err, sizeof err);
            c->collecting = 0;
            if (bad)
                return asm_error(c, (int)(x - line), err);
            if (asm_check_assignment(c, p, (size_t)(q - p), line, asm_skip_space(e + 1), x))
                return -1;
            asm_symbol *s = asm_define(r, p, (size_t)(q - p));
            if (!s)
                return asm_error(c, (int)(p - line), "symbol name too long");
            s->value = v.i;
            s->deferred_pass = -1; /* a new definition: its deferred value is computed again */
        s->relocatable = (uint8_t)(v.relocatable && !v.undefined);
            s->section = -1;
            s->defined_pass = c->pass;
        c->gen++;
            return 0;
        }
    }
    /* an ISA's own instruction directive (RISC-V `.insn`) goes to its encoder */
    int isa_directive = 0;
    for (const char *const *d = c->isa->insn_directives; d && *d && !isa_directive; d++)
        isa_directive = strncmp(p, *d, strlen(*d)) == 0 && (p[strlen(*d)] == ' ' || p[strlen(*d)] == '\t');
    if (*p == '.' && !isa_directive)
        return asm_directive(c, p, line, &env);
    uint8_t bytes[16];
    char err[256];
    int col = 0;
    size_t at = r->secs[c->cur].size;
    env.relocation = asm_note_relocation;
    int n = c->isa->encode(c->isa->ctx, p, &env, bytes, err, sizeof err, &col);
    if (n < 0)
        return asm_error(c, (int)(p - line) + col, err);
    if (asm_emit(c, bytes, (size_t)n) || asm_add_item(r, c->cur, (uint32_t)at, (uint8_t)n))
        return asm_error(c, 0, "out of memory");
    return 0;
}

/* Fixes the load address of every allocated section, in order, each at its alignment. */
static void asm_layout(asm_result *r, uint64_t base)
{
    uint64_t addr = base ? base : ASM_LOAD_BASE;
    for (int i = 0; i < r->nsecs; i++) {
        asm_section *s = &r->secs[i];
        if (!(s->flags & ASM_SEC_ALLOC) || !s->size)
            continue;
        addr = (addr + s->align - 1) / s->align * s->align;
        s->addr = addr;
        addr += s->size;
    }
}

int asm_source(const char *filename, const char *src, const asm_isa *isa, asm_result *result)
{
    memset(result, 0, sizeof *result);
    asm_ctx c;
    memset(&c, 0, sizeof c);
    c.r = result;
    c.isa = isa;
    c.file = filename;
    size_t len = strlen(src);
    char *buf = malloc(len + 1);
    if (!buf || asm_section_index(result, ".text", 5, ASM_SEC_ALLOC | ASM_SEC_EXEC) != 0) {
        free(buf);
        snprintf(result->error, sizeof result->error, "%s: error: out of memory", filename);
        return -1;
    }
    int rc = 0;
    for (c.pass = 0; c.pass < 2 && !rc; c.pass++) {
        if (c.pass == 1)
            asm_layout(result, isa->load_base);
        for (int i = 0; i < result->nsecs; i++)
            result->secs[i].size = 0;
        result->nitems = 0;
        c.cur = 0;
        memcpy(buf, src, len + 1);
        char *line = buf;
        c.lineno = 1;
        while (line && !rc) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            size_t l = strlen(line);
            if (l && line[l - 1] == '\r')
                line[l - 1] = '\0';
            rc = asm_line(&c, line);
            line = nl ? nl + 1 : NULL;
            c.lineno++;
        }
        if (!rc && (c.block_end || c.in_text_block)) {
            c.lineno = c.block_end ? c.block_line0 : c.lineno - 1;
            rc = asm_error(&c, 0, "unterminated block directive");
        }
    }
    for (int i = 0; i < c.block_n; i++)
        free(c.block_lines[i]);
    free(c.block_lines);
    free(c.refs);
    free(c.deps);
    free(buf);
    return rc;
}

void asm_result_free(asm_result *r)
{
    for (int i = 0; i < r->nsecs; i++)
        free(r->secs[i].data);
    free(r->secs);
    free(r->items);
    free(r->addr_refs);
    free(r->relocs);
    for (size_t i = 0; i < r->nsyms; i++)
        free(r->syms[i].deferred);
    free(r->syms);
    free(r->sym_slots);
    free(r->text_block);
    memset(r, 0, sizeof *r);
}
