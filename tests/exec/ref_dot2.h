/* The gfx11 DOT2 step for the test models (valu_ref.c's dot2 f32 rows, wmma_ref.c's float WMMAs),
   written from the rules of docs/isa-notes-rdna3.md "Dot products and WMMA": AMD rocjitsu's
   hardware-characterized model (ROCm/rocm-systems emulation/rocjitsu, shared/gfx11_dot2.h,
   dot_packed16.h, mma_exec.h) as checked against its Radeon Pro W7900 (gfx1100) register captures
   (5,007 of 5,007 results). Not derived from src/: the executor's r3_dot2_step is checked against
   this and against the captures themselves (tests/exec/hw_captures.py).
   value = C + a0*b0 + a1*b1 on one fixed-point grid, opposing terms in ones' complement. */
#ifndef REF_DOT2_H
#define REF_DOT2_H

#include <stdint.h>

enum { REF_DOT_F32, REF_DOT_F16, REF_DOT_BF16 };
#define REF_DOT_FACTOR_NAN 0xffc00a3du
#define REF_DOT_INVALID 0xffc00000u

/* a 16-bit factor: nonzero significand? its integer significand and the exponent of its lowest bit */
static int64_t ref_dot_sig(uint32_t x, int bf16)
{
    int fb = bf16 ? 7 : 10;
    int64_t m = x & ((1 << fb) - 1);
    if ((x & 0x7fff) >> fb)
        return m | (int64_t)1 << fb;
    return bf16 ? 0 : m; /* bf16 denormals read as zero, f16 ones are kept */
}
static int ref_dot_ae(uint32_t x, int bf16)
{
    int fb = bf16 ? 7 : 10, e = (int)((x & 0x7fff) >> fb);
    return (e > 1 ? e : 1) - (bf16 ? 127 : 15);
}

/* floor(log2(v)) of v > 0 */
static int ref_dot_log2(uint64_t v)
{
    int n = -1;
    while (v) {
        v >>= 1;
        n++;
    }
    return n;
}

/* v / 2^sh rounded to nearest, ties to even (sh may be negative: an exact left shift) */
static uint64_t ref_dot_round(uint64_t v, int sh)
{
    if (sh <= 0)
        return v << -sh;
    if (sh > 63)
        return 0;
    uint64_t q = v >> sh, rest = v - (q << sh), half = (uint64_t)1 << (sh - 1);
    if (rest > half || (rest == half && (q & 1)))
        q++;
    return q;
}

/* an f32-domain special value (NaN, infinity) as a 16-bit result */
static uint32_t ref_dot_narrow_special(uint32_t v, int bf16)
{
    if (v == REF_DOT_FACTOR_NAN)
        return bf16 ? 0xfffd : 0xfe3d;
    if (bf16)
        return v >> 16;
    return (v >> 16 & 0x8000) | 0x7c00 | (v >> 13 & 0x3ff);
}

static uint32_t ref_dot_step(uint32_t a0, uint32_t b0, uint32_t a1, uint32_t b1, uint32_t acc, int bf16, int out)
{
    uint32_t inf = bf16 ? 0x7f80 : 0x7c00;
    uint32_t x[2] = {a0, a1}, y[2] = {b0, b1};
    if (out == REF_DOT_BF16) {
        acc <<= 16;
    } else if (out == REF_DOT_F16) { /* exact widening; a NaN keeps its payload unquieted */
        uint32_t s = (acc & 0x8000) << 16, e = acc >> 10 & 31, m = acc & 0x3ff;
        if (e == 31)
            acc = s | 0x7f800000 | m << 13;
        else if (e)
            acc = s | (e + 112) << 23 | m << 13;
        else if (!m)
            acc = s;
        else {
            int lz = 10 - ref_dot_log2(m); /* shifts to bring the top bit to bit 10 */
            acc = s | (uint32_t)(113 - lz) << 23 | ((m << lz) & 0x3ff) << 13;
        }
    }
    uint32_t special = 0;
    for (int i = 0; i < 2; i++)
        if ((x[i] & 0x7fff) > inf || (y[i] & 0x7fff) > inf)
            special = REF_DOT_FACTOR_NAN;
    int pinf = 0, ninf = 0;
    for (int i = 0; i < 2 && !special; i++) {
        int xi = (x[i] & 0x7fff) == inf, yi = (y[i] & 0x7fff) == inf;
        if ((xi && !ref_dot_sig(y[i], bf16)) || (yi && !ref_dot_sig(x[i], bf16)))
            special = REF_DOT_INVALID;
    }
    for (int i = 0; i < 2 && !special; i++)
        if ((x[i] & 0x7fff) == inf || (y[i] & 0x7fff) == inf) {
            if ((x[i] ^ y[i]) & 0x8000)
                ninf = 1;
            else
                pinf = 1;
        }
    if (!special && pinf && ninf)
        special = REF_DOT_INVALID;
    if (!special && (acc & 0x7fffffff) > 0x7f800000)
        special = acc | 0x400000;
    if (!special && (pinf || ninf || (acc & 0x7fffffff) == 0x7f800000)) {
        pinf |= acc == 0x7f800000;
        ninf |= acc == 0xff800000;
        special = pinf && ninf ? REF_DOT_INVALID : ninf ? 0xff800000 : 0x7f800000;
    }
    if (special)
        return out == REF_DOT_F32 ? special : ref_dot_narrow_special(special, bf16);
    /* three terms: C and the two products, each (significand, exponent of its lowest bit, sign) */
    int64_t sig[3];
    int lsb[3], neg[3], fb = bf16 ? 7 : 10;
    uint32_t ce = acc >> 23 & 255;
    sig[0] = ce ? (acc & 0x7fffff) | 0x800000 : 0; /* an f32 denormal C reads as zero */
    lsb[0] = (int)ce - 150;
    neg[0] = (int)(acc >> 31);
    int have = sig[0] != 0, pgrid = -100000;
    for (int i = 0; i < 2; i++) {
        sig[1 + i] = ref_dot_sig(x[i], bf16) * ref_dot_sig(y[i], bf16);
        int ae = ref_dot_ae(x[i], bf16) + ref_dot_ae(y[i], bf16);
        lsb[1 + i] = ae - 2 * fb;
        neg[1 + i] = (int)((x[i] ^ y[i]) >> 15 & 1);
        if (sig[1 + i]) {
            have = 1;
            if (ae - 24 > pgrid)
                pgrid = ae - 24;
        }
    }
    if (!have)
        return 0;
    int top = -100000;
    for (int i = 0; i < 3; i++) {
        int lead = sig[i] ? lsb[i] + ref_dot_log2((uint64_t)sig[i]) : -100000;
        if (i == 0 && out == REF_DOT_F16 && lead < -14)
            lead = -14; /* the f16-result step aligns C as if it were at least 2^-14 */
        if (lead > top)
            top = lead;
    }
    int grid = pgrid > top - 26 ? pgrid : top - 26;
    int64_t total = 0;
    for (int i = 0; i < 3; i++) {
        int sh = lsb[i] - grid;
        int64_t m = sig[i] == 0 || sh < -63 ? 0 : sh < 0 ? sig[i] >> -sh : sig[i] << sh; /* truncated */
        total += neg[i] == neg[0] ? m : -m - 1; /* an opposing term: its ones' complement */
    }
    if (total == 0)
        return 0;
    int rneg = (total < 0) != neg[0];
    uint64_t mag = (uint64_t)(total < 0 ? -total : total);
    int t = ref_dot_log2(mag), e = t + grid;
    if (out == REF_DOT_F16) {
        uint32_t s16 = (uint32_t)rneg << 15;
        if (e < -14) { /* an f16 denormal result, quantum 2^-24 */
            uint64_t q = ref_dot_round(mag, -24 - grid);
            return q ? s16 | (uint32_t)q : 0;
        }
        uint64_t q = ref_dot_round(mag, t - 10);
        if (q >> 11)
            q >>= 1, e++;
        return e > 15 ? s16 | 0x7c00 : s16 | (uint32_t)(e + 15) << 10 | (uint32_t)(q & 0x3ff);
    }
    uint64_t q = ref_dot_round(mag, t - 23);
    if (q >> 24)
        q >>= 1, e++;
    uint32_t r = e < -126 ? 0 : e > 127 ? (uint32_t)rneg << 31 | 0x7f800000
                                       : (uint32_t)rneg << 31 | (uint32_t)(e + 127) << 23 | (uint32_t)(q & 0x7fffff);
    return out == REF_DOT_BF16 ? r >> 16 : r; /* bf16: the f32 result truncated */
}

#endif
