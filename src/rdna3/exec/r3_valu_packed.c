/* RDNA3 packed and mixed-precision VALU (mostly VOP3P): two 16-bit lanes per register with
   OP_SEL/OP_SEL_HI choosing each half's source halves and NEG/NEG_HI negating them, the fma_mix
   forms, and the dot products. fma_mix (to f32) sums exactly and rounds once, mixlo/mixhi round
   that f32 result again to f16; the f32 dot products are one gfx11 DOT2 step (r3_dot2_step), the
   16-bit ones an exact sum rounded once. */
#include "r3_valu.h"

/* The low and high 16-bit operands of source k for the two halves of a packed result. */
static void pk_halves(const r3_xop *x, int k, uint32_t v, int is_float, uint32_t *lo, uint32_t *hi)
{
    int e32 = x->enc == R3X_E32; /* v_pk_fmac_f16 (VOP2): no operand selection, halves in place */
    *lo = !e32 && (x->opsel >> k & 1) ? v >> 16 : v & 0xffffu;
    *hi = e32 || (x->opsel_hi >> k & 1) ? v >> 16 : v & 0xffffu;
    if (is_float) {
        *lo ^= (uint32_t)(x->neg >> k & 1) << 15;
        *hi ^= (uint32_t)(x->neg_hi >> k & 1) << 15;
    }
}

typedef enum { PK_F16, PK_U16, PK_I16 } pk_type;

/* One packed operation: op(a, b, c) applied to the low and the high halves. */
typedef uint32_t (*pk_fn)(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int clamp);

/* nsrc sources; with `acc` the last one is the destination's old value (halves in place); `sel`: a
   min/max, whose result keeps a denormal when input denormals are kept (r3_dst_f16_sel). */
static void pk_run_sel(r3_wave *w, const r3_xop *x, int nsrc, pk_type t, pk_fn fn, int acc, int sel)
{
    uint32_t s[3][R3_MAX_LANES], r[R3_MAX_LANES];
    int flush = t == PK_F16 && !(w->mode & R3_MODE_DENORM_IN64);
    for (int k = 0; k < nsrc; k++) {
        if (acc && k == nsrc - 1)
            memcpy(s[k], r3_dst_row(w, x), sizeof s[k]);
        else
            r3_src_raw(w, x, k, R3_CONST_PK16, s[k]);
    }
    int rt = t == PK_F16 ? r3_round_enter(w, 1) : -1;
    for (int l = 0; l < LANES; l++) {
        uint32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        for (int k = 0; k < nsrc; k++) {
            if (acc && k == nsrc - 1) {
                lo[k] = s[k][l] & 0xffffu;
                hi[k] = s[k][l] >> 16;
            } else {
                pk_halves(x, k, s[k][l], t == PK_F16, &lo[k], &hi[k]);
            }
            if (flush) {
                lo[k] = fp_flush16(lo[k]);
                hi[k] = fp_flush16(hi[k]);
            }
        }
        uint32_t rl = fn(w, lo[0], lo[1], lo[2], x->clamp) & 0xffffu, rh = fn(w, hi[0], hi[1], hi[2], x->clamp) & 0xffffu;
        if (t == PK_F16 && !(w->mode & R3_MODE_DENORM_OUT64) && !(sel && (w->mode & R3_MODE_DENORM_IN64))) {
            rl = fp_flush16(rl);
            rh = fp_flush16(rh);
        }
        r[l] = rl | rh << 16;
    }
    r3_round_leave(rt);
    r3_dst_b32(w, x, r);
}

static void pk_run_acc(r3_wave *w, const r3_xop *x, int nsrc, pk_type t, pk_fn fn, int acc)
{
    pk_run_sel(w, x, nsrc, t, fn, acc, 0);
}

static void pk_run(r3_wave *w, const r3_xop *x, int nsrc, pk_type t, pk_fn fn)
{
    pk_run_sel(w, x, nsrc, t, fn, 0, 0);
}

/* Float CLAMP to [0, 1] of an f16 result (NaN to 0 with DX10_CLAMP; -0 to +0, guide 7.2 and 7.4, CLMP). */
static uint32_t clamp16(const r3_wave *w, uint32_t h, int clamp)
{
    if (!clamp)
        return h;
    if (fp_isnan16(h))
        return (w->mode & R3_MODE_DX10_CLAMP) ? 0 : h;
    return (h & 0x8000u) ? 0 : h > 0x3c00u ? 0x3c00u : h;
}

static uint32_t f16_add(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)
{
    (void)c;
    return clamp16(w, r3_nan16(R3_IEEE(w), r3_to_f16(w, r3_h(a) + r3_h(b)), a, b, b), cl);
}

static uint32_t f16_mul(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)
{
    (void)c;
    return clamp16(w, r3_nan16(R3_IEEE(w), r3_to_f16(w, r3_h(a) * r3_h(b)), a, b, b), cl);
}

static uint32_t f16_fma(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)
{
    return clamp16(w, r3_fma16(w, a, b, c), cl);
}

static uint32_t f16_min(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)
{
    (void)c;
    return clamp16(w, (uint32_t)r3_fminmax((w->mode & R3_MODE_IEEE) != 0, 16, a, b, 0), cl);
}

static uint32_t f16_max(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)
{
    (void)c;
    return clamp16(w, (uint32_t)r3_fminmax((w->mode & R3_MODE_IEEE) != 0, 16, a, b, 1), cl);
}

/* 16-bit integer halves; CLAMP saturates. */
#define PK_INT(fname, expr)                                                                \
    static uint32_t fname(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c, int cl)   \
    {                                                                                      \
        (void)w;                                                                           \
        (void)c;                                                                           \
        (void)cl;                                                                          \
        int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;                         \
        (void)sa;                                                                          \
        (void)sb;                                                                          \
        (void)sc;                                                                          \
        return (uint32_t)(expr);                                                           \
    }
static int32_t sat(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }
PK_INT(u16_add, cl ? sat((int32_t)(a + b), 0, 65535) : (int32_t)(a + b))
PK_INT(u16_sub, cl ? sat((int32_t)a - (int32_t)b, 0, 65535) : (int32_t)(a - b))
PK_INT(i16_add, cl ? sat(sa + sb, -32768, 32767) : sa + sb)
PK_INT(i16_sub, cl ? sat(sa - sb, -32768, 32767) : sa - sb)
PK_INT(u16_mul_lo, a * b)
PK_INT(u16_mad, cl ? (int64_t)a * b + c > 65535 ? 65535 : (int32_t)(a * b + c) : (int32_t)(a * b + c))
PK_INT(i16_mad, cl ? sat(sa * sb + sc, -32768, 32767) : sa * sb + sc)
PK_INT(b16_lshl, b << (a & 15))
PK_INT(b16_lshr, b >> (a & 15))
PK_INT(i16_ashr, sb >> (a & 15))
PK_INT(i16_min, sa < sb ? sa : sb)
PK_INT(i16_max, sa > sb ? sa : sb)
PK_INT(u16_min, a < b ? a : b)
PK_INT(u16_max, a > b ? a : b)

/* D = {S0.hi + S1.hi, S0.lo + S1.lo} (f16) */
OP(v_pk_add_f16) { pk_run(w, x, 2, PK_F16, f16_add); }
/* D = {S0.hi * S1.hi, S0.lo * S1.lo} (f16) */
OP(v_pk_mul_f16) { pk_run(w, x, 2, PK_F16, f16_mul); }
/* D = per half S0 * S1 + S2, one rounding (f16) */
OP(v_pk_fma_f16) { pk_run(w, x, 3, PK_F16, f16_fma); }
/* D = per half min(S0, S1) (f16) */
OP(v_pk_min_f16) { pk_run_sel(w, x, 2, PK_F16, f16_min, 0, 1); }
/* D = per half max(S0, S1) (f16) */
OP(v_pk_max_f16) { pk_run_sel(w, x, 2, PK_F16, f16_max, 0, 1); }
/* D = per half S0 + S1 (u16; CLAMP saturates) */
OP(v_pk_add_u16) { pk_run(w, x, 2, PK_U16, u16_add); }
/* D = per half S0 - S1 (u16; CLAMP saturates) */
OP(v_pk_sub_u16) { pk_run(w, x, 2, PK_U16, u16_sub); }
/* D = per half S0 + S1 (i16; CLAMP saturates) */
OP(v_pk_add_i16) { pk_run(w, x, 2, PK_I16, i16_add); }
/* D = per half S0 - S1 (i16; CLAMP saturates) */
OP(v_pk_sub_i16) { pk_run(w, x, 2, PK_I16, i16_sub); }
/* D = per half low 16 bits of S0 * S1 */
OP(v_pk_mul_lo_u16) { pk_run(w, x, 2, PK_U16, u16_mul_lo); }
/* D = per half S0 * S1 + S2 (u16; CLAMP saturates) */
OP(v_pk_mad_u16) { pk_run(w, x, 3, PK_U16, u16_mad); }
/* D = per half S0 * S1 + S2 (i16; CLAMP saturates) */
OP(v_pk_mad_i16) { pk_run(w, x, 3, PK_I16, i16_mad); }
/* D = per half S1 << S0[3:0] */
OP(v_pk_lshlrev_b16) { pk_run(w, x, 2, PK_U16, b16_lshl); }
/* D = per half S1 >> S0[3:0] (logical) */
OP(v_pk_lshrrev_b16) { pk_run(w, x, 2, PK_U16, b16_lshr); }
/* D = per half S1 >> S0[3:0] (arithmetic) */
OP(v_pk_ashrrev_i16) { pk_run(w, x, 2, PK_I16, i16_ashr); }
/* D = per half min(S0, S1) (i16) */
OP(v_pk_min_i16) { pk_run(w, x, 2, PK_I16, i16_min); }
/* D = per half max(S0, S1) (i16) */
OP(v_pk_max_i16) { pk_run(w, x, 2, PK_I16, i16_max); }
/* D = per half min(S0, S1) (u16) */
OP(v_pk_min_u16) { pk_run(w, x, 2, PK_U16, u16_min); }
/* D = per half max(S0, S1) (u16) */
OP(v_pk_max_u16) { pk_run(w, x, 2, PK_U16, u16_max); }

/* D = per half S0 * S1 + D, one rounding (f16; VOP2, no operand selection) */
OP(v_pk_fmac_f16) { pk_run_acc(w, x, 3, PK_F16, f16_fma, 1); }

/* ---- fma_mix: each source is f32, or an f16 half when its OP_SEL_HI bit is set; NEG negates and
   NEG_HI takes the absolute value ---- */

/* Source k of a mix instruction as f32 bits (an f16 half converts exactly), with input flushing by
   its own width's mode, then NEG_HI as abs and NEG as negate. */
static void mix_source(r3_wave *w, const r3_xop *x, int k, uint32_t out[R3_MAX_LANES])
{
    int f16 = x->opsel_hi >> k & 1;
    uint32_t raw[R3_MAX_LANES];
    r3_src_raw(w, x, k, f16 ? R3_CONST_PK16 : R3_CONST_F32, raw);
    for (int l = 0; l < LANES; l++) {
        uint32_t b;
        if (f16) {
            uint32_t h = (x->opsel >> k & 1) ? raw[l] >> 16 : raw[l] & 0xffffu;
            if (!(w->mode & R3_MODE_DENORM_IN64))
                h = fp_flush16(h);
            b = fp_b32((float)r3_h(h));
        } else {
            b = raw[l];
            if (!(w->mode & R3_MODE_DENORM_IN32))
                b = fp_flush32(b);
        }
        if (x->neg_hi >> k & 1)
            b &= 0x7fffffffu;
        if (x->neg >> k & 1)
            b ^= 0x80000000u;
        out[l] = b;
    }
}

/* mix: 0 f32 result, 1 f16 to the low half, 2 f16 to the high half. The fma is exact and rounded to
   f32 by the f32 rounding mode. The f16 forms round twice, as the guide writes it (D.f16 =
   f32_to_f16(fma(...))), but both times by the f16 rounding mode: gfx1100 rounds an exact value 0.14
   f32 ulp below f16 0x340c to 0x340b toward -inf and toward zero with the f32 field at nearest even,
   where an f32 step in the f32 mode would land on 0x340c (rocjitsu's fma_mix_half_cases captures;
   docs/isa-notes-rdna3.md "fma_mix"). */
static void fma_mix(r3_wave *w, const r3_xop *x, int mix)
{
    uint32_t s[3][R3_MAX_LANES], r[R3_MAX_LANES];
    for (int k = 0; k < 3; k++)
        mix_source(w, x, k, s[k]);
    for (int l = 0; l < LANES; l++) {
        fp_dot d;
        memset(&d, 0, sizeof d);
        fp_dot_product(&d, &fp_single, s[0][l], &fp_single, s[1][l]);
        fp_dot_value(&d, &fp_single, s[2][l]);
        if (d.nan || (d.pinf && d.ninf)) { /* the result is a NaN: r3_nan32_fma's (an invalid product, else
                                              the first NaN source) */
            uint32_t n = r3_nan32_fma(R3_IEEE(w), 0xffc00000u, s[0][l], s[1][l], s[2][l]);
            r[l] = mix ? fp_f64_to_f16((double)fp_f32(n), FP_RNE) : n;
        } else {
            if (!mix) {
                r[l] = fp_dot_round(&d, &fp_single, (fp_round)R3_MODE_ROUND32(w->mode), 0);
                if (r3_tiny32_candidate(w, r[l])) /* tininess on the exact a * b + c */
                    r[l] = r3_tiny32_fma(w, r[l], fp_f32(s[0][l]), fp_f32(s[1][l]), fp_f32(s[2][l]), 0);
            } else { /* to f32, then f16, both in the f16 rounding (FP16_OVFL as r3_f16_ovfl says;
                        tininess judged at the f16 step, on the f32 value) */
                fp_round r16 = (fp_round)R3_MODE_ROUND64(w->mode);
                double v32 = (double)fp_f32(fp_dot_round(&d, &fp_single, r16, 0));
                r[l] = r3_f16_ovfl(w->mode, r3_tiny16(w, fp_f64_to_f16(v32, r16), v32, 0.0), !d.pinf && !d.ninf);
            }
        }
    }
    if (mix == 0) {
        r3_dst_f32(w, x, r);
        return;
    }
    uint64_t lanes = r3_write_lanes(w, x);
    uint32_t *d = r3_vrow_w(w, x->vdst);
    for (int l = 0; l < LANES; l++) {
        uint32_t h = r[l];
        if (!(w->mode & R3_MODE_DENORM_OUT64))
            h = fp_flush16(h);
        h = clamp16(w, h, x->clamp);
        if (lanes >> l & 1)
            d[l] = mix == 1 ? (d[l] & 0xffff0000u) | h : (d[l] & 0xffffu) | h << 16;
    }
}
/* D = fma(S0, S1, S2) in f32, each source f32 or an f16 half */
OP(v_fma_mix_f32) { fma_mix(w, x, 0); }
/* D[15:0] = (f16)fma(S0, S1, S2) (the high half keeps its value) */
OP(v_fma_mixlo_f16) { fma_mix(w, x, 1); }
/* D[31:16] = (f16)fma(S0, S1, S2) (the low half keeps its value) */
OP(v_fma_mixhi_f16) { fma_mix(w, x, 2); }

/* ---- dot products ---- */

/* A NaN input of format fin as a quiet NaN of the result format fout (widening keeps the payload's
   top bits, as the guide's f16_to_f32 does). */
static uint32_t dot_nan_as(const fp_format *fin, const fp_format *fout, uint32_t v)
{
    if (fin == fout)
        return v | 1u << (fin->precision - 2);
    return fp_quiet32(fin == &fp_half ? fp_b32((float)r3_h(v)) : fp_b32(fp_bf16_to_f32(v)));
}

/* The NaN result of the guide's dot2 statements tmp = acc; tmp += a.lo * b.lo; tmp += a.hi * b.hi:
   a NaN operand, the first in statement order, quieted; 0 * inf or inf - inf the default NaN dflt;
   a NaN tmp stays. Only NaN and infinity classes matter (finite sums never make a NaN). */
static uint32_t dot2_nan(const fp_format *fin, uint32_t a, uint32_t b, const fp_format *fout, uint32_t acc,
                         uint32_t dflt)
{
    int tneg, e;
    uint64_t m;
    int k = fp_split(fout, acc, &tneg, &m, &e);
    if (k == 2)
        return dot_nan_as(fout, fout, acc);
    int tinf = k == 1;
    for (int h = 0; h < 2; h++) {
        uint32_t x = a >> 16 * h & 0xffffu, y = b >> 16 * h & 0xffffu;
        int xn, yn;
        uint64_t xm = 0, ym = 0;
        int kx = fp_split(fin, x, &xn, &xm, &e), ky = fp_split(fin, y, &yn, &ym, &e);
        if (kx == 2 || ky == 2)
            return dot_nan_as(fin, fout, kx == 2 ? x : y);
        int pinf = kx == 1 || ky == 1, pneg = xn ^ yn;
        if ((kx == 1 && ky == 0 && !ym) || (ky == 1 && kx == 0 && !xm) || (pinf && tinf && pneg != tneg))
            return dflt;
        if (pinf)
            tinf = 1, tneg = pneg;
    }
    return dflt;
}

/* acc + a.lo * b.lo + a.hi * b.hi, exact, rounded once (acc of the result format fout); a NaN
   result follows the guide's statement order (dot2_nan, default NaN dflt). */
static uint32_t dot2(uint32_t a, uint32_t b, uint32_t acc, int bf16, const fp_format *fout, fp_round r, uint32_t dflt)
{
    const fp_format *fin = bf16 ? &fp_bfloat : &fp_half;
    fp_dot d;
    memset(&d, 0, sizeof d);
    fp_dot_value(&d, fout, acc);
    fp_dot_product(&d, fin, a & 0xffffu, fin, b & 0xffffu);
    fp_dot_product(&d, fin, a >> 16, fin, b >> 16);
    if (d.nan || (d.pinf && d.ninf))
        return dot2_nan(fin, a, b, fout, acc, dflt);
    return fp_dot_round(&d, fout, r, dflt);
}

/* ---- the gfx11 DOT2 step: dot2 f32 forms and every float WMMA step ----
   C + a0*b0 + a1*b1 as gfx1100 computes it (AMD rocjitsu's hardware-characterized gfx11_dot2 model,
   checked bit for bit against its W7900 register captures; ROCm/rocm-systems issue 12056 describes
   the same adder on gfx1151; docs/isa-notes-rdna3.md "Dot products and WMMA"): the exact products
   and C on one grid 2^G, G = max(the products' exponent sum - 24, the largest lead - 26), bits
   below it truncated; a term whose sign opposes C's adds its ones' complement (-m - 1, zeros too);
   the total rounded to nearest even, an f32 result below 2^-126 written as +0. f16 factors keep
   their denormals, bf16 ones and an f32 C denormal read as zero; MODE plays no part. */
typedef struct {
    uint64_t sig; /* significand (0: a zero term) */
    int exp;      /* exponent of its lowest bit */
    int neg;
} dot_term;

#define DOT_NO_LEAD (-1024)

static int dot_lead(const dot_term *t)
{
    return t->sig ? t->exp + 63 - __builtin_clzll(t->sig) : DOT_NO_LEAD;
}

/* a factor's integer significand (bf16 denormals read as zero) and the exponent of its integer bit */
static uint64_t dot_sig(uint32_t x, int bf16)
{
    int fb = bf16 ? 7 : 10;
    uint32_t e = (x & 0x7fffu) >> fb, m = x & ((1u << fb) - 1);
    return e ? (1u << fb) | m : bf16 ? 0 : m;
}
static int dot_aexp(uint32_t x, int bf16)
{
    int fb = bf16 ? 7 : 10, e = (int)((x & 0x7fffu) >> fb);
    return (e ? e : 1) - (bf16 ? 127 : 15);
}

static uint64_t dot_rne(uint64_t v, int sh)
{
    if (sh <= 0)
        return v << -sh;
    if (sh >= 64)
        return 0;
    uint64_t q = v >> sh, r = v & ((1ull << sh) - 1), half = 1ull << (sh - 1);
    return q + (r > half || (r == half && (q & 1)));
}

/* The sum `units` x 2^grid (in the frame of C's sign) as f32 bits: RNE to 24 bits, then below
   2^-126 +0, above the range infinity. */
static uint32_t dot_pack32(int64_t units, int grid, int frame_neg)
{
    if (!units)
        return 0;
    uint32_t sign = (uint32_t)((units < 0) != frame_neg) << 31;
    uint64_t mag = (uint64_t)(units < 0 ? -units : units);
    int top = 63 - __builtin_clzll(mag), e = top + grid;
    uint64_t sig = dot_rne(mag, top - 23);
    if (sig == 1ull << 24)
        sig >>= 1, e++;
    if (e < -126)
        return 0;
    if (e > 127)
        return sign | 0x7f800000u;
    return sign | (uint32_t)(e + 127) << 23 | (uint32_t)(sig & 0x7fffffu);
}

/* ... as f16 bits: RNE straight to f16, denormal results kept (a zero one +0), overflow infinity,
   or the largest finite value with MODE.FP16_OVFL (gfx1100 captures of WMMA f16 steps) */
static uint32_t dot_pack16(int64_t units, int grid, int frame_neg, int fp16_ovfl)
{
    if (!units)
        return 0;
    uint32_t sign = (uint32_t)((units < 0) != frame_neg) << 15;
    uint64_t mag = (uint64_t)(units < 0 ? -units : units);
    int top = 63 - __builtin_clzll(mag), e = top + grid;
    uint64_t sig = dot_rne(mag, e < -14 ? -24 - grid : top - 10);
    if (e < -14)
        return sig ? sign | (uint32_t)sig : 0;
    if (sig == 1ull << 11)
        sig >>= 1, e++;
    if (e > 15)
        return sign | (fp16_ovfl ? 0x7bffu : 0x7c00u);
    return sign | (uint32_t)(e + 15) << 10 | (uint32_t)(sig & 0x3ffu);
}

/* f16 bits widened exactly to f32 bits; a NaN keeps its payload, not quieted (the host conversion
   would quiet it) */
static uint32_t dot_widen16(uint32_t h)
{
    if ((h & 0x7c00u) == 0x7c00u)
        return (h & 0x8000u) << 16 | 0x7f800000u | (h & 0x3ffu) << 13;
    return fp_b32((float)r3_h(h));
}

/* a special (NaN, infinity) f32-domain result in a 16-bit result format */
static uint32_t dot_special16(uint32_t v, int bf16)
{
    if (v == R3_DOT_FACTOR_NAN)
        return bf16 ? 0xfffdu : 0xfe3du;
    return bf16 ? v >> 16 : (v >> 16 & 0x8000u) | 0x7c00u | (v >> 13 & 0x3ffu);
}

uint32_t r3_dot2_step(uint32_t a0, uint32_t b0, uint32_t a1, uint32_t b1, uint32_t acc, int bf16, r3_dot_out out,
                      int fp16_ovfl)
{
    int packed = out != R3_DOT_OUT_F32;
    uint32_t inf = bf16 ? 0x7f80u : 0x7c00u, f[4] = {a0, b0, a1, b1};
    if (packed)
        acc = bf16 ? acc << 16 : dot_widen16(acc);
    uint32_t special = 0;
    int pinf = 0, ninf = 0;
    for (int i = 0; i < 4 && !special; i++) /* a NaN factor: one fixed NaN, whatever else */
        if ((f[i] & 0x7fffu) > inf)
            special = R3_DOT_FACTOR_NAN;
    for (int p = 0; p < 4 && !special; p += 2) { /* inf x 0 (a zero significand) */
        int xi = (f[p] & 0x7fffu) == inf, yi = (f[p + 1] & 0x7fffu) == inf;
        if ((xi && !dot_sig(f[p + 1], bf16)) || (yi && !dot_sig(f[p], bf16)))
            special = 0xffc00000u;
        else if (xi || yi)
            *((f[p] ^ f[p + 1]) & 0x8000u ? &ninf : &pinf) = 1;
    }
    if (!special && pinf && ninf)
        special = 0xffc00000u;
    if (!special && (acc & 0x7fffffffu) > 0x7f800000u) /* a NaN C, quieted, payload kept */
        special = acc | 0x00400000u;
    if (!special) {
        pinf |= acc == 0x7f800000u;
        ninf |= acc == 0xff800000u;
        if (pinf || ninf)
            special = pinf && ninf ? 0xffc00000u : ninf ? 0xff800000u : 0x7f800000u;
    }
    if (special)
        return packed ? dot_special16(special, bf16) : special;
    int fb = bf16 ? 7 : 10;
    dot_term t[3];
    uint32_t ce = acc >> 23 & 0xffu;
    t[0] = (dot_term){ce ? (acc & 0x7fffffu) | 0x800000u : 0, (int)ce - 150, (int)(acc >> 31)};
    int pg = DOT_NO_LEAD;
    for (int p = 0; p < 2; p++) {
        uint32_t x = f[2 * p], y = f[2 * p + 1];
        int ae = dot_aexp(x, bf16) + dot_aexp(y, bf16);
        t[1 + p] = (dot_term){dot_sig(x, bf16) * dot_sig(y, bf16), ae - 2 * fb, (int)((x ^ y) >> 15 & 1)};
        if (t[1 + p].sig && ae > pg)
            pg = ae;
    }
    if (!t[0].sig && !t[1].sig && !t[2].sig)
        return 0;
    pg -= 24;
    int lead = dot_lead(&t[0]);
    if (out == R3_DOT_OUT_F16 && lead < -14) /* the f16-result step aligns C as if at least 2^-14 */
        lead = -14;
    for (int i = 1; i < 3; i++)
        if (dot_lead(&t[i]) > lead)
            lead = dot_lead(&t[i]);
    int grid = pg > lead - 26 ? pg : lead - 26;
    int64_t total = 0;
    for (int i = 0; i < 3; i++) {
        int sh = t[i].exp - grid;
        uint64_t mag = !t[i].sig || sh <= -64 ? 0 : sh < 0 ? t[i].sig >> -sh : t[i].sig << sh;
        total += t[i].neg != t[0].neg ? -(int64_t)mag - 1 : (int64_t)mag; /* ones' complement */
    }
    if (out == R3_DOT_OUT_F16)
        return dot_pack16(total, grid, t[0].neg, fp16_ovfl);
    uint32_t r = dot_pack32(total, grid, t[0].neg);
    return out == R3_DOT_OUT_BF16 ? r >> 16 : r; /* bf16: the f32 result truncated */
}

/* A bf16 denormal to a zero of its sign. */
static uint32_t bf16_flush(uint32_t h)
{
    return (h & 0x7f80u) ? h : h & 0x8000u;
}

/* The two factors of a dot source: VOP3P picks them with OP_SEL/OP_SEL_HI and negates them with
   NEG/NEG_HI (pk_halves; a gfx1100 capture: v_dot2_f32_f16 with the inline 1.0 and op_sel:[1,0,0]
   reads the empty high half for the low product); VOP2 and VOPD take the halves in place. */
static void dot_factors(const r3_xop *x, int k, uint32_t v, uint32_t *lo, uint32_t *hi)
{
    if (x->enc == R3X_VOP3P) {
        pk_halves(x, k, v, 1, lo, hi);
    } else {
        *lo = v & 0xffffu;
        *hi = v >> 16;
    }
}

/* D.f32 = S0.lo * S1.lo + S0.hi * S1.hi + S2.f32 (f16 or bf16 halves): one r3_dot2_step */
static void dot2_f32(r3_wave *w, const r3_xop *x, int bf16, int acc_is_dst)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    /* an inline constant: f16 bits in the low half only (f16 sources), the f32 constant's high half
       in both halves (bf16 sources), as register captures from a gfx1100 show (AMD rocjitsu,
       gfx11_dot2 tests; the guide's table after 7.5.1 says the same of DOT2_F32_BF16) */
    r3_src_raw(w, x, 0, bf16 ? R3_CONST_REPBF16 : R3_CONST_PK16, a);
    r3_src_raw(w, x, 1, bf16 ? R3_CONST_REPBF16 : R3_CONST_PK16, b);
    if (acc_is_dst)
        memcpy(c, r3_dst_row(w, x), (size_t)LANES * 4);
    else
        r3_src_raw(w, x, 2, R3_CONST_F32, c);
    for (int l = 0; l < LANES; l++) {
        uint32_t a0, a1, b0, b1, pc = c[l];
        dot_factors(x, 0, a[l], &a0, &a1);
        dot_factors(x, 1, b[l], &b0, &b1);
        if (x->enc == R3X_VOP3P) { /* NEG_HI[2] is abs and NEG[2] negates the f32 accumulator */
            if (x->neg_hi >> 2 & 1)
                pc &= 0x7fffffffu;
            if (x->neg >> 2 & 1)
                pc ^= 0x80000000u;
        }
        r[l] = r3_dot2_step(a0, b0, a1, b1, pc, bf16, R3_DOT_OUT_F32, 0);
    }
    r3_dst_f32(w, x, r);
}
/* D = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32 */
OP(v_dot2_f32_f16) { dot2_f32(w, x, 0, 0); }
/* D = S0.bf16[0] * S1.bf16[0] + S0.bf16[1] * S1.bf16[1] + S2.f32 */
OP(v_dot2_f32_bf16) { dot2_f32(w, x, 1, 0); }
/* D = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + D.f32 */
OP(v_dot2acc_f32_f16) { dot2_f32(w, x, 0, 1); }

/* D.f16 (or bf16) = S0.lo * S1.lo + S0.hi * S1.hi + S2 half (VOP3: OP_SEL picks S2's half and the
   result's); round to nearest even; bf16 flushes every denormal. */
static void dot2_16(r3_wave *w, const r3_xop *x, int bf16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_const_kind kind = bf16 ? R3_CONST_REPBF16 : R3_CONST_REP16;
    r3_src_raw(w, x, 0, kind, a);
    r3_src_raw(w, x, 1, kind, b);
    r3_src_raw(w, x, 2, kind, c);
    /* VOP3 ABS/NEG: on both halves of the packed sources, on S2's half */
    uint32_t clr[3], flip[3];
    for (int k = 0; k < 3; k++) {
        clr[k] = (x->abs >> k & 1) ? 0x80008000u : 0;
        flip[k] = (x->neg >> k & 1) ? 0x80008000u : 0;
    }
    for (int l = 0; l < LANES; l++) {
        uint32_t acc = (x->opsel >> 2 & 1) ? c[l] >> 16 : c[l] & 0xffffu, pa = a[l], pb = b[l];
        pa = (pa & ~clr[0]) ^ flip[0];
        pb = (pb & ~clr[1]) ^ flip[1];
        acc = (acc & ~clr[2] & 0xffffu) ^ (flip[2] & 0xffffu);
        if (bf16) {
            pa = bf16_flush(pa & 0xffffu) | bf16_flush(pa >> 16) << 16;
            pb = bf16_flush(pb & 0xffffu) | bf16_flush(pb >> 16) << 16;
            acc = bf16_flush(acc);
        }
        const fp_format *f = bf16 ? &fp_bfloat : &fp_half;
        uint32_t h = dot2(pa, pb, acc, bf16, f, FP_RNE, bf16 ? 0xffc0u : 0xfe00u);
        r[l] = bf16 ? bf16_flush(h) : h;
    }
    r3_dst_b16(w, x, r);
}
/* D.f16 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f16 */
OP(v_dot2_f16_f16) { dot2_16(w, x, 0); }
/* D.bf16 = S0.bf16[0] * S1.bf16[0] + S0.bf16[1] * S1.bf16[1] + S2.bf16 */
OP(v_dot2_bf16_bf16) { dot2_16(w, x, 1); }

/* Integer dot products of 4 bytes or 8 nibbles: NEG[0]/NEG[1] make S0/S1 signed (iu forms);
   CLAMP saturates the 32-bit sum. */
static void dot_int(r3_wave *w, const r3_xop *x, int bits, int iu)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    int sa = iu && (x->neg & 1), sb = iu && (x->neg >> 1 & 1);
    r3_src_b32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    r3_src_b32(w, x, 2, c);
    for (int l = 0; l < LANES; l++) {
        int64_t s = iu ? (int64_t)(int32_t)c[l] : (int64_t)c[l];
        for (int i = 0; i < 32; i += bits) {
            int64_t p = (int64_t)(a[l] >> i & ((1u << bits) - 1)), q = (int64_t)(b[l] >> i & ((1u << bits) - 1));
            if (sa && (p >> (bits - 1)))
                p -= (int64_t)1 << bits;
            if (sb && (q >> (bits - 1)))
                q -= (int64_t)1 << bits;
            s += p * q;
        }
        if (x->clamp)
            s = iu ? (s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s) : (s > 0xffffffffll ? 0xffffffffll : s);
        r[l] = (uint32_t)s;
    }
    r3_dst_b32(w, x, r);
}
/* D = S2 + sum of S0.byte * S1.byte (signedness per NEG[1:0]) */
OP(v_dot4_i32_iu8) { dot_int(w, x, 8, 1); }
/* D = S2 + sum of S0.byte * S1.byte (unsigned) */
OP(v_dot4_u32_u8) { dot_int(w, x, 8, 0); }
/* D = S2 + sum of S0.nibble * S1.nibble (signedness per NEG[1:0]) */
OP(v_dot8_i32_iu4) { dot_int(w, x, 4, 1); }
/* D = S2 + sum of S0.nibble * S1.nibble (unsigned) */
OP(v_dot8_u32_u4) { dot_int(w, x, 4, 0); }

