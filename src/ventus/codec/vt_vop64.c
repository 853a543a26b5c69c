/* VOP64 fields, names and text (vt_vop64.h; docs/isa-notes-ventus.md). */
#include "vt_vop64.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    uint8_t f3, f6, kind;
} vt_vop64_rows[] = {
#define VT_VOP64(name, f3, f6, kind) {name, f3, f6, kind},
#include "../../../isa/ventus/vop64.def"
#undef VT_VOP64
};
#define NROWS (sizeof vt_vop64_rows / sizeof vt_vop64_rows[0])

static uint32_t field(uint32_t w, int hi, int lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1);
}

int vt_vop64_decode(const vt_inst *in, vt_vop64_desc *d)
{
    uint32_t lo = in->word, hi = in->word2;
    memset(d, 0, sizeof *d);
    unsigned f3 = field(lo, 13, 11), f6 = field(hi, 31, 26), ss = field(lo, 10, 9), ds = field(lo, 8, 7);
    d->omod = (uint8_t)field(hi, 8, 7);
    d->opsel = (uint8_t)field(hi, 6, 4);
    d->abs = (uint8_t)field(lo, 19, 17);
    d->neg = (uint8_t)field(lo, 16, 14);
    d->ssize = (uint8_t)(16u << ss);
    d->dsize = (uint8_t)(16u << ds);
    for (size_t i = 0; i < NROWS; i++)
        if (vt_vop64_rows[i].f3 == f3 && vt_vop64_rows[i].f6 == f6) {
            d->name = vt_vop64_rows[i].name;
            d->kind = vt_vop64_rows[i].kind;
            d->is_float = f3 == 1;
        }
    /* 57 and 35:28 reserved, size 3 reserved */
    if (!d->name || field(hi, 25, 25) || field(hi, 3, 0) || field(lo, 31, 28) || ss == 3 || ds == 3)
        return -1;
    return 0;
}

void vt_vop64_text(const vt_inst *in, const vt_vop64_desc *d, char *buf, size_t size)
{
    char t = d->is_float ? 'f' : 'i';
    int n = snprintf(buf, size, "v64.%s.%c%u.%c%u\tv%u, v%u, v%u", d->name, t, d->dsize, t, d->ssize, in->rd, in->rs2,
                     in->rs1);
    const char *names[4] = {"opsel", "abs", "neg", "omod"};
    unsigned vals[4] = {d->opsel, d->abs, d->neg, d->omod};
    for (int k = 0; k < 4 && n > 0 && (size_t)n < size; k++)
        if (vals[k])
            n += snprintf(buf + n, size - (size_t)n, ", %s=%u", names[k], vals[k]);
}

/* "vN" with N < 256, or -1. */
static int vop_vreg(const char *s)
{
    char *end;
    if (s[0] != 'v' || !isdigit((unsigned char)s[1]))
        return -1;
    long v = strtol(s + 1, &end, 10);
    return *end || v > 255 ? -1 : (int)v;
}

/* "f16", "i32", ...: the size code (0 16, 1 32, 2 64), or -1 when the type letter is not t. */
static int vop_type(const char *s, char t)
{
    if (s[0] != t)
        return -1;
    return !strcmp(s + 1, "16") ? 0 : !strcmp(s + 1, "32") ? 1 : !strcmp(s + 1, "64") ? 2 : -1;
}

int vt_vop64_encode(const char *mn, char **ops, int n, uint32_t *lo, uint32_t *hi, char *err, size_t errsize)
{
    char name[16], dt[8], st[8];
    const char *p = mn + 4; /* after "v64." */
    size_t a = strcspn(p, "."), b, c;
    if (strncmp(mn, "v64.", 4) || a >= sizeof name)
        return snprintf(err, errsize, "unknown 64-bit compute op '%s'", mn), -1;
    memcpy(name, p, a);
    name[a] = '\0';
    p += a + (p[a] == '.');
    b = strcspn(p, ".");
    if (b >= sizeof dt || !p[b])
        return snprintf(err, errsize, "'%s': write v64.OP.DTYPE.STYPE", mn), -1;
    memcpy(dt, p, b);
    dt[b] = '\0';
    p += b + 1;
    c = strlen(p);
    if (c >= sizeof st)
        return snprintf(err, errsize, "'%s': write v64.OP.DTYPE.STYPE", mn), -1;
    memcpy(st, p, c + 1);
    int row = -1;
    for (size_t i = 0; i < NROWS; i++)
        if (!strcmp(vt_vop64_rows[i].name, name))
            row = (int)i;
    if (row < 0)
        return snprintf(err, errsize, "unknown 64-bit compute op '%s'", name), -1;
    char t = vt_vop64_rows[row].f3 == 1 ? 'f' : 'i';
    int ds = vop_type(dt, t), ss = vop_type(st, t);
    if (ds < 0 || ss < 0)
        return snprintf(err, errsize, "'%s': types are %c16, %c32 or %c64", mn, t, t, t), -1;
    if (n < 3 || n > 7)
        return snprintf(err, errsize, "%s takes vd, vs2, vs1 and optional opsel=, abs=, neg=, omod=", mn), -1;
    int vd = vop_vreg(ops[0]), v2 = vop_vreg(ops[1]), v1 = vop_vreg(ops[2]);
    if (vd < 0 || v2 < 0 || v1 < 0)
        return snprintf(err, errsize, "expected vector registers v0..v255"), -1;
    unsigned mods[4] = {0, 0, 0, 0}; /* opsel, abs, neg, omod */
    static const char *const keys[4] = {"opsel=", "abs=", "neg=", "omod="};
    for (int k = 3; k < n; k++) {
        int found = 0;
        for (int m = 0; m < 4; m++)
            if (!strncmp(ops[k], keys[m], strlen(keys[m]))) {
                char *end;
                unsigned long v = strtoul(ops[k] + strlen(keys[m]), &end, 0);
                if (*end || v > (m == 3 ? 3u : 7u))
                    return snprintf(err, errsize, "bad modifier '%s'", ops[k]), -1;
                mods[m] = (unsigned)v;
                found = 1;
            }
        if (!found)
            return snprintf(err, errsize, "unknown modifier '%s'", ops[k]), -1;
    }
    *hi = (uint32_t)vt_vop64_rows[row].f6 << 26 | (uint32_t)v2 << 17 | (uint32_t)v1 << 9 | mods[3] << 7 | mods[0] << 4;
    *lo = (uint32_t)vd << 20 | mods[1] << 17 | mods[2] << 14 | (uint32_t)vt_vop64_rows[row].f3 << 11 |
          (uint32_t)ss << 9 | (uint32_t)ds << 7 | 0x7f;
    return 0;
}
