/* MMA and MMA64 fields, names and validity (see vt_mma.h and docs/isa-notes-ventus.md). */
#include "vt_mma.h"

#include <stdio.h>
#include <string.h>

static uint32_t field(uint32_t w, int hi, int lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1);
}

/* The element type names, by DT; NULL for a value wavesim does not run. */
static const char *vt_mma_type(unsigned dt)
{
    static const char *const names[16] = {"tf32", "f16", "bf16", "e4m3", "e5m2", NULL, NULL, NULL, "s8", "u8"};
    return dt < 16 ? names[dt] : NULL;
}

static const char *vt_mma_ctype(const vt_mma_desc *d)
{
    return d->is_int ? "s32" : d->ct ? "f32" : "f16";
}

/* Derived sizes; the validity rules of the LLVM backend (MMA: tf32 with the k8 shapes and f32 C/D,
   f16 with the k16 shapes, bf16 with k16 and f32 C/D) and, for MMA64, ours. */
static int vt_mma_complete(vt_mma_desc *d)
{
    d->m = d->shape & 1 ? 16 : 8;
    d->n = d->shape & 2 ? 16 : 8;
    d->ebits = d->dt == VT_MMA_TF32 ? 32 : d->dt <= VT_MMA_BF16 ? 16 : 8;
    d->is_int = d->dt >= VT_MMA_S8;
    d->k = (uint8_t)((d->shape < 4 ? 16 : 8) * (d->ebits == 8 ? 2 : 1));
    unsigned per = 32u * 32 / d->ebits; /* elements in one register (32 lanes) */
    d->a_regs = (uint8_t)(d->m * d->k / per);
    d->b_regs = (uint8_t)(d->n * d->k / per);
    d->c_regs = (uint8_t)(d->m * d->n / (d->ct || d->is_int ? 32 : 64));
    if (!vt_mma_type(d->dt) || (!d->is64 && d->dt > VT_MMA_BF16))
        return -1;
    if (d->dt == VT_MMA_TF32 && d->shape < 4)
        return -1;
    if ((d->dt == VT_MMA_F16 || d->dt == VT_MMA_BF16) && d->shape >= 4)
        return -1;
    if (!d->ct && d->dt != VT_MMA_F16)
        return -1;
    if (d->is64 && (d->sp || d->wg || d->a_reg || (d->is_int && d->rnd > 1)))
        return -1;
    return 0;
}

int vt_mma_decode(const vt_inst *in, vt_mma_desc *d)
{
    memset(d, 0, sizeof *d);
    uint32_t lo = in->word, hi = in->word2;
    if (in->len == 8) {
        d->is64 = 1;
        d->dt = (uint8_t)field(hi, 31, 28);
        d->shape = (uint8_t)field(hi, 27, 25);
        d->al = (uint8_t)field(hi, 8, 8);
        d->bl = (uint8_t)field(hi, 7, 7);
        d->ct = (uint8_t)field(hi, 6, 6);
        d->sp = (uint8_t)field(hi, 5, 4);
        d->rnd = (uint8_t)field(lo, 19, 18);
        d->wg = (uint8_t)field(lo, 17, 17);
        d->a_reg = (uint8_t)field(lo, 16, 16);
    } else {
        d->dt = (uint8_t)field(lo, 31, 28);
        d->shape = (uint8_t)field(lo, 27, 25);
        d->al = (uint8_t)field(lo, 14, 14);
        d->bl = (uint8_t)field(lo, 13, 13);
        d->ct = (uint8_t)field(lo, 12, 12);
    }
    return vt_mma_complete(d);
}

static void vt_mma_shape_name(const vt_mma_desc *d, char *buf, size_t size)
{
    snprintf(buf, size, "m%un%uk%u", d->m, d->n, d->k);
}

void vt_mma_name(const vt_mma_desc *d, char *buf, size_t size)
{
    static const char *const rnd_f[4] = {"", ".rz", ".rm", ".rp"}, *const rnd_i[4] = {"", ".wrap", "", ""};
    char shape[16];
    vt_mma_shape_name(d, shape, sizeof shape);
    const char *t = vt_mma_type(d->dt), *c = vt_mma_ctype(d);
    snprintf(buf, size, "%s.%s.%s.%s.%s.%s.%s.%s%s", d->is64 ? "mma64" : "mma", shape, d->al ? "col" : "row",
             d->bl ? "row" : "col", c, t, t, c, d->is64 ? (d->is_int ? rnd_i : rnd_f)[d->rnd & 3] : "");
}

int vt_mma_parse(const char *mn, vt_mma_desc *d)
{
    char parts[10][12];
    int n = 0;
    for (const char *p = mn; *p && n < 10;) {
        size_t len = strcspn(p, ".");
        if (len >= sizeof parts[0])
            return -1;
        memcpy(parts[n], p, len);
        parts[n++][len] = '\0';
        p += len + (p[len] == '.');
    }
    memset(d, 0, sizeof *d);
    if (n < 8 || n > 9 || (strcmp(parts[0], "mma") && strcmp(parts[0], "mma64")))
        return -1;
    d->is64 = parts[0][3] == '6';
    if (n == 9 && !d->is64)
        return -1;
    for (unsigned dt = 0; dt < 16; dt++)
        if (vt_mma_type(dt) && !strcmp(parts[5], vt_mma_type(dt)))
            d->dt = (uint8_t)dt;
    if (!vt_mma_type(d->dt) || strcmp(parts[5], vt_mma_type(d->dt)) || strcmp(parts[5], parts[6]) ||
        strcmp(parts[4], parts[7]))
        return -1;
    if (!strcmp(parts[4], "f16"))
        d->ct = 0;
    else if (!strcmp(parts[4], "f32") || !strcmp(parts[4], "s32"))
        d->ct = 1;
    else
        return -1;
    if ((strcmp(parts[2], "row") && strcmp(parts[2], "col")) || (strcmp(parts[3], "row") && strcmp(parts[3], "col")))
        return -1;
    d->al = parts[2][0] == 'c';
    d->bl = parts[3][0] == 'r';
    if (n == 9) {
        static const char *const rnd[4] = {"", "rz", "rm", "rp"};
        int found = 0;
        for (int r = 1; r < 4; r++)
            if (!strcmp(parts[8], rnd[r]))
                d->rnd = (uint8_t)r, found = 1;
        if (!strcmp(parts[8], "wrap"))
            d->rnd = 1, found = 2;
        if (!found)
            return -1;
        int is_int = d->dt >= VT_MMA_S8;
        if ((found == 2) != is_int)
            return -1;
    }
    for (unsigned shape = 0; shape < 8; shape++) {
        vt_mma_desc t = *d;
        t.shape = (uint8_t)shape;
        char name[16];
        if (vt_mma_complete(&t) == 0) {
            vt_mma_shape_name(&t, name, sizeof name);
            if (!strcmp(name, parts[1]) && strcmp(parts[4], vt_mma_ctype(&t)) == 0) {
                *d = t;
                return 0;
            }
        }
    }
    return -1;
}

void vt_mma_fields(const vt_mma_desc *d, uint32_t *lo, uint32_t *hi)
{
    if (d->is64) {
        *hi = (uint32_t)d->dt << 28 | (uint32_t)d->shape << 25 | (uint32_t)d->al << 8 | (uint32_t)d->bl << 7 |
              (uint32_t)d->ct << 6 | (uint32_t)d->sp << 4;
        *lo = (uint32_t)d->rnd << 18 | (uint32_t)d->wg << 17 | (uint32_t)d->a_reg << 16;
        return;
    }
    *hi = 0;
    *lo = (uint32_t)d->dt << 28 | (uint32_t)d->shape << 25 | (uint32_t)d->al << 14 | (uint32_t)d->bl << 13 |
          (uint32_t)d->ct << 12;
}
