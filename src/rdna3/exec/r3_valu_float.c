/* RDNA3 VALU floating point: f32, f16 and f64 arithmetic, fused multiply-add forms, min/max with
   the IEEE-mode NaN rules, rounding, transcendentals, frexp/ldexp, the division helpers, cube-map
   and trig pre-operation. Transcendentals return the correctly rounded (or libm) value where the
   hardware is specified to within about 1 ulp. */
#include "r3_valu.h"

#include <fenv.h>
#include <float.h>

/* ---- f32 and f64 arithmetic ---- */

/* D = S0 + S1 */
R3_F32_2(v_add_f32, fx + fy)
/* D = S0 - S1 */
R3_F32_2(v_sub_f32, fx - fy)
/* D = S1 - S0; a NaN result is the first NaN of the guide's expression S1 - S0 (S1 first) */
OP(v_subrev_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    r3_src_f32(w, x, 1, b);
    int rt = r3_round_enter(w, 0);
    for (int l = 0; l < LANES; l++)
        r[l] = r3_nan32(R3_IEEE(w), fp_b32(fp_f32(b[l]) - fp_f32(a[l])), b[l], a[l], a[l]);
    r3_round_leave(rt);
    r3_dst_f32(w, x, r);
}
/* D = S0 * S1 */
R3_F32_2(v_mul_f32, fx * fy)
/* D = S0 * S1, but 0 times anything (even Inf or NaN) is +0 (DX9 rule) */
R3_F32_2(v_mul_dx9_zero_f32, fx == 0.0f || fy == 0.0f ? 0.0f : fx * fy)
/* D = S0 * S1 + S2, one rounding: see fma32 */
/* D = S0 * S1, with the lighting special case: S1 = -MAX_FLOAT, -Inf or NaN, or S2 <= 0 or NaN, gives -MAX_FLOAT */
R3_F32_3(v_mullit_f32, (fy == -3.40282347e38f || fy == -INFINITY || isnan(fy) || !(fz > 0.0f)) ? -3.40282347e38f : fx * fy)
/* r3_tiny64_fma in a frame scaled by 2^600 so that nothing underflows: the product's error by an fma,
   the sum's by two-sums, renormalised until the low part is below half an ulp of the high one */
void r3_tiny64_fma(const r3_wave *w, int n, const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *r)
{
    for (int l = 0; l < n; l++) {
        if ((w->mode & R3_MODE_DENORM_OUT64) || (r[l] & 0x7fffffffffffffffull) != 0x0010000000000000ull)
            continue;
        double x = ldexp(fp_f64(a[l]), 600), y = fp_f64(b[l]), z = c ? ldexp(fp_f64(c[l]), 600) : 0.0;
        double p = x * y, pe = fma(x, y, -p), lo, e;
        double hi = fp_two_sum(p, z, &lo);
        hi = fp_two_sum(hi, pe, &e); /* fold pe, then the rest, into hi */
        hi = fp_two_sum(hi, lo + e, &lo);
        if (fp_tiny_after_rounding(hi, lo, 53, -1022 + 600, (fp_round)R3_MODE_ROUND64(w->mode)))
            r[l] &= 0x8000000000000000ull;
    }
}

/* D = S0 + S1 (f64) */
R3_F64_2(v_add_f64, dx + dy, 0)
/* D = S0 * S1 (f64) */
R3_F64_2(v_mul_f64, dx * dy, 1)
/* D = S0 * S1 + S2, one rounding (f64) */
R3_F64_3(v_fma_f64, fma(dx, dy, dz))

/* fma with the addend from S2 or (the accumulator forms) from the destination. With `dx9`, a zero
   factor gives the addend (+0 added): the product, even of an infinity or NaN, drops out, so only
   the addend can make the result NaN. */
/* The reference form of r3_fma32_lanes (r3_fma_lanes.c): each lane on its own, the NaN rule at once. */
static void fma32_lanes_reference(int n, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r, int dx9,
                                  int ieee)
{
    for (int l = 0; l < n; l++) {
        float fx = fp_f32(a[l]), fy = fp_f32(b[l]), fz = fp_f32(c[l]);
        if (dx9 && (fx == 0.0f || fy == 0.0f))
            r[l] = r3_nan32(ieee, fp_b32(fz + 0.0f), c[l], c[l], c[l]);
        else
            r[l] = r3_nan32_fma(ieee, fp_b32(__builtin_fmaf(fx, fy, fz)), a[l], b[l], c[l]);
    }
}

/* fast path: the vectorized pass (ws_options.no_fast_paths turns it off) */
R3_INLINE void fma32_run(const r3_wave *w, int n, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r,
                      int dx9)
{
    if (w->group->fast_paths)
        r3_fma32_lanes(n, a, b, c, r, dx9, R3_IEEE(w));
    else
        fma32_lanes_reference(n, a, b, c, r, dx9, R3_IEEE(w));
}

/* Output denormals flushed: the fma results that rounded to the smallest normal, tested for tininess
   after rounding on the exact a * b + c (r3_tiny32_fma; with dx9 a zero factor drops the product,
   even an infinite one). Host in round-to-nearest (after r3_round_leave). */
static void fma32_tiny(const r3_wave *w, int n, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r,
                       int dx9)
{
    for (int l = 0; l < n; l++)
        if (dx9 ? r3_tiny32_candidate_flushed(r[l]) : r3_tiny32_candidate(w, r[l])) { /* (dx9: always flushed) */
            double fx = fp_f32(a[l]), fy = fp_f32(b[l]);
            int drop = dx9 && (fx == 0.0 || fy == 0.0);
            r[l] = r3_tiny32_fma(w, r[l], drop ? 0.0 : fx, drop ? 0.0 : fy, fp_f32(c[l]), 0);
        }
}

/* The f32 fmas outside the direct shape (their instruction functions, with the direct shape
   inline, are in r3_fma_lanes.c): ABS/NEG, flushed inputs, OMOD/CLAMP, a rounding mode, DPP,
   wave64, the reference paths. */
LANES_MULTIVERSION void r3_fma32_any(r3_wave *w, const r3_xop *x, int dx9, int acc)
{
    uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], tc[R3_MAX_LANES], r[R3_MAX_LANES];
    const uint32_t *a = r3_src_f32_view(w, x, 0, ta), *b = r3_src_f32_view(w, x, 1, tb), *c = tc;
    if (acc) {
        if (w->mode & R3_MODE_DENORM_IN32) {
            c = r3_dst_row(w, x); /* read in place, as the views are */
        } else { /* the accumulator is an input like any source */
            for (int l = 0; l < LANES; l++)
                tc[l] = fp_flush32(r3_dst_row(w, x)[l]);
        }
    } else {
        c = r3_src_f32_view(w, x, 2, tc);
    }
    int rt = r3_round_enter(w, 0);
    fma32_run(w, LANES, a, b, c, r, dx9);
    r3_round_leave(rt);
    fma32_tiny(w, LANES, a, b, c, r, dx9);
    if (dx9) /* output denormals flushed in every MODE (rocjitsu's gfx1100 dx9_fma_cases captures) */
        r3_dst_f32_flushed(w, x, r);
    else
        r3_dst_f32(w, x, r);
}

/* fmamk: D = S0 * K + S1; fmaak: D = S0 * S1 + K (K the literal) */
R3_INLINE void fmak32(r3_wave *w, const r3_xop *x, int k_is_addend)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    r3_src_f32(w, x, 1, b);
    uint32_t k[R3_MAX_LANES], kv = w->mode & R3_MODE_DENORM_IN32 ? x->literal : fp_flush32(x->literal);
    for (int l = 0; l < LANES; l++) /* K is a source like the others: MODE's input control flushes it */
        k[l] = kv;
    int rt = r3_round_enter(w, 0);
    if (k_is_addend)
        fma32_run(w, LANES, a, b, k, r, 0);
    else
        fma32_run(w, LANES, a, k, b, r, 0);
    r3_round_leave(rt);
    if (k_is_addend)
        fma32_tiny(w, LANES, a, b, k, r, 0);
    else
        fma32_tiny(w, LANES, a, k, b, r, 0);
    r3_dst_f32(w, x, r);
}
/* D = S0 * K + S1 */
OP(v_fmamk_f32) { fmak32(w, x, 0); }
/* D = S0 * S1 + K */
OP(v_fmaak_f32) { fmak32(w, x, 1); }

/* ldexp's exact cases: a normal number whose scaled exponent stays normal only changes its exponent
   field (no rounding in any mode), and a zero stays itself. Returns those bits and sets *exact when
   a is such a case; branch-free, so the 32-lane pass vectorizes. */
R3_INLINE uint32_t ldexp32_exact(uint32_t a, int32_t n, uint32_t *exact)
{
    int32_t e = (int32_t)(a >> 23 & 0xff);
    n = n < -512 ? -512 : n > 512 ? 512 : n; /* (e + n cannot overflow; the range test stays) */
    uint32_t zero = (a & 0x7fffffffu) == 0;
    *exact = ((e >= 1) & (e <= 254) & (e + n >= 1) & (e + n <= 254)) | zero;
    return zero ? a : (a & 0x807fffffu) | (uint32_t)(e + n) << 23;
}

/* a * 2^n for f32 bits a: with `fast` the exact cases without libm, everything else by ldexpf. */
R3_INLINE uint32_t ldexp32(uint32_t a, int32_t n, int fast)
{
    uint32_t exact, r = ldexp32_exact(a, n, &exact);
    return fast && exact ? r : fp_b32(ldexpf(fp_f32(a), n));
}

/* D = S0 * 2^S1 (S1 a signed integer) */
OP(v_ldexp_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    int rt = r3_round_enter(w, 0), fast = w->group->fast_paths;
    if (w->fast32) { /* ldexp32's fast cases in one pass the compiler vectorizes, then the other lanes */
        uint32_t other = 0;
        for (int l = 0; l < 32; l++) {
            uint32_t exact;
            r[l] = ldexp32_exact(a[l], (int32_t)b[l], &exact);
            other |= lanes_bit[l] & -(uint32_t)!exact;
        }
        for (int l = 0; other && l < 32; l++)
            if (other & lanes_bit[l])
                r[l] = r3_nan32(1, ldexp32(a[l], (int32_t)b[l], 0), a[l], a[l], a[l]);
    } else {
        for (int l = 0; l < LANES; l++)
            r[l] = r3_nan32(1, ldexp32(a[l], (int32_t)b[l], fast), a[l], a[l], a[l]);
    }
    r3_round_leave(rt);
    for (int l = 0; l < LANES; l++) /* tininess on the exact a * 2^n (a double holds it: |n| clamped) */
        if (r3_tiny32_candidate(w, r[l]))
            r[l] = r3_tiny32(w, r[l], ldexp((double)fp_f32(a[l]), (int32_t)b[l] < -400 ? -400 : (int32_t)b[l]), 0.0);
    r3_dst_f32(w, x, r);
}

/* D = S0 * 2^S1 (f64) */
OP(v_ldexp_f64)
{
    uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    uint32_t b[R3_MAX_LANES];
    r3_src_f64(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    int rt = r3_round_enter(w, 1);
    for (int l = 0; l < LANES; l++)
        r[l] = r3_nan64(1, fp_b64(ldexp(fp_f64(a[l]), (int32_t)b[l])), a[l], a[l], a[l]);
    r3_round_leave(rt);
    for (int l = 0; l < LANES; l++) /* tininess (r3_tiny64_fma's rule) on the exact a * 2^n: a * 2^(n + 600) */
        if (!(w->mode & R3_MODE_DENORM_OUT64) && (r[l] & 0x7fffffffffffffffull) == 0x0010000000000000ull &&
            fp_tiny_after_rounding(ldexp(fp_f64(a[l]), (int32_t)b[l] + 600), 0.0, 53, -1022 + 600,
                                   (fp_round)R3_MODE_ROUND64(w->mode)))
            r[l] &= 0x8000000000000000ull;
    r3_dst_f64(w, x, r);
}

/* ---- min / max: IEEE mode quiets and returns a signalling NaN; otherwise a NaN operand loses;
   -0 counts as less than +0 ---- */

R3_INLINE int fw_isnan(int width, uint64_t v)
{
    return width == 16 ? fp_isnan16((uint32_t)v) : width == 32 ? fp_isnan32((uint32_t)v) : fp_isnan64(v);
}

R3_INLINE int fw_issnan(int width, uint64_t v)
{
    return width == 16 ? fp_issnan16((uint32_t)v) : width == 32 ? fp_issnan32((uint32_t)v) : fp_issnan64(v);
}

R3_INLINE uint64_t fw_quiet(int width, uint64_t v)
{
    return width == 16 ? fp_quiet16((uint32_t)v) : width == 32 ? fp_quiet32((uint32_t)v) : fp_quiet64(v);
}

R3_INLINE double fw_value(int width, uint64_t v)
{
    return width == 16 ? r3_h((uint32_t)v) : width == 32 ? (double)fp_f32((uint32_t)v) : fp_f64(v);
}

uint64_t r3_fminmax(int ieee, int width, uint64_t p, uint64_t q, int want_max)
{
    if (ieee && fw_issnan(width, p))
        return fw_quiet(width, p);
    if (ieee && fw_issnan(width, q))
        return fw_quiet(width, q);
    /* the guide tests S1 before S0: with two (quiet) NaNs the result is S0 */
    if (fw_isnan(width, q))
        return p;
    if (fw_isnan(width, p))
        return q;
    double fp = fw_value(width, p), fq = fw_value(width, q);
    if (fp == fq) /* -0 counts as less than +0 */
        return (int)(p >> (width - 1) & 1) == !want_max ? p : q;
    return (want_max ? fp > fq : fp < fq) ? p : q;
}

#define FMIN(wd, p, q) r3_fminmax(ie, wd, p, q, 0)
#define FMAX(wd, p, q) r3_fminmax(ie, wd, p, q, 1)

/* v_med3: with a NaN operand the minimum of the three; otherwise the larger of the two operands
   that are not the maximum. "max3 == S0" compares values, so +0 == -0 (guide pseudocode; LLVM's
   fmed3 constant folding compares the same way): med3(-0, -0, +0) = max(-0, +0) = +0. */
R3_INLINE uint64_t med3(int ie, int wd, uint64_t p, uint64_t q, uint64_t s)
{
    if (fw_isnan(wd, p) || fw_isnan(wd, q) || fw_isnan(wd, s))
        return FMIN(wd, FMIN(wd, p, q), s);
    double mx = fw_value(wd, FMAX(wd, FMAX(wd, p, q), s));
    return mx == fw_value(wd, p) ? FMAX(wd, q, s) : mx == fw_value(wd, q) ? FMAX(wd, p, s) : FMAX(wd, p, q);
}

/* Selections (min, max, med) return one of their operands' bits: no NaN rewriting. */
#define SEL(name, wd, fetch, store, expr)                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];       \
        int ie = (w->mode & R3_MODE_IEEE) != 0;                                            \
        fetch(w, x, 0, a);                                                                 \
        fetch(w, x, 1, b);                                                                 \
        if (x->enc == R3X_VOP3)                                                            \
            fetch(w, x, 2, c);                                                             \
        else                                                                               \
            memset(c, 0, sizeof c);                                                        \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (uint32_t)(expr);                                                       \
        store(w, x, r);                                                                    \
    }
#define SEL32(name, expr) SEL(name, 32, r3_src_f32, r3_dst_f32_sel, expr)
#define SEL16(name, expr) SEL(name, 16, r3_src_f16, r3_dst_f16_sel, expr)
/* D = min(S0, S1) */
SEL32(v_min_f32, FMIN(32, a[l], b[l]))
/* D = max(S0, S1) */
SEL32(v_max_f32, FMAX(32, a[l], b[l]))
/* D = min(S0, S1, S2) */
SEL32(v_min3_f32, FMIN(32, FMIN(32, a[l], b[l]), c[l]))
/* D = max(S0, S1, S2) */
SEL32(v_max3_f32, FMAX(32, FMAX(32, a[l], b[l]), c[l]))
/* D = the median of S0, S1, S2 */
SEL32(v_med3_f32, med3(ie, 32, a[l], b[l], c[l]))
/* D = max(min(S0, S1), S2) (guide V_MINMAX_F32; clang-19 selects it for fmax(fmin(x, a), b)) */
SEL32(v_minmax_f32, FMAX(32, FMIN(32, a[l], b[l]), c[l]))
/* D = min(max(S0, S1), S2) (guide V_MAXMIN_F32; clang-19 selects it for fmin(fmax(x, lo), hi)) */
SEL32(v_maxmin_f32, FMIN(32, FMAX(32, a[l], b[l]), c[l]))
/* D = min(S0, S1) (f16) */
SEL16(v_min_f16, FMIN(16, a[l], b[l]))
/* D = max(S0, S1) (f16) */
SEL16(v_max_f16, FMAX(16, a[l], b[l]))
/* D = min(S0, S1, S2) (f16) */
SEL16(v_min3_f16, FMIN(16, FMIN(16, a[l], b[l]), c[l]))
/* D = max(S0, S1, S2) (f16) */
SEL16(v_max3_f16, FMAX(16, FMAX(16, a[l], b[l]), c[l]))
/* D = the median of S0, S1, S2 (f16) */
SEL16(v_med3_f16, med3(ie, 16, a[l], b[l], c[l]))
/* D = max(min(S0, S1), S2) (f16; guide V_MINMAX_F16) */
SEL16(v_minmax_f16, FMAX(16, FMIN(16, a[l], b[l]), c[l]))
/* D = min(max(S0, S1), S2) (f16; guide V_MAXMIN_F16) */
SEL16(v_maxmin_f16, FMIN(16, FMAX(16, a[l], b[l]), c[l]))

static void minmax64(r3_wave *w, const r3_xop *x, int want_max)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    int ie = (w->mode & R3_MODE_IEEE) != 0;
    r3_src_f64(w, x, 0, a);
    r3_src_f64(w, x, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = r3_fminmax(ie, 64, a[l], b[l], want_max);
    r3_dst_f64_sel(w, x, r);
}
/* D = min(S0, S1) (f64) */
OP(v_min_f64) { minmax64(w, x, 0); }
/* D = max(S0, S1) (f64) */
OP(v_max_f64) { minmax64(w, x, 1); }

/* ---- rounding and fractions ---- */

/* x - floor(x), never reaching 1.0 (the largest value below 1 instead); Inf gives NaN */
static float fract32(float v) { return isinf(v) ? NAN : isnan(v) ? v : fminf(v - floorf(v), 0x1.fffffep-1f); }
static double fract64(double v) { return isinf(v) ? NAN : isnan(v) ? v : fmin(v - floor(v), 0x1.fffffffffffffp-1); }
static double fract16(double v) { return isinf(v) ? NAN : isnan(v) ? v : fmin(v - floor(v), 0x1.ffcp-1); }

/* Round to the nearest integer, ties to even, whatever the host rounding mode is. */
R3_INLINE double rne64(double v)
{
    if (isnan(v) || isinf(v) || fabs(v) >= 0x1p52)
        return v;
    double t = trunc(v), d = fabs(v - t);
    if (d > 0.5 || (d == 0.5 && fmod(t, 2.0) != 0))
        t += v < 0 ? -1.0 : 1.0;
    return t == 0 ? copysign(0.0, v) : t;
}

/* D = trunc(S0) */
R3_F32_1(v_trunc_f32, truncf(fx))
/* D = ceil(S0) */
R3_F32_1(v_ceil_f32, ceilf(fx))
/* D = floor(S0) */
R3_F32_1(v_floor_f32, floorf(fx))
/* D = S0 rounded to the nearest integer, ties to even */
R3_F32_1(v_rndne_f32, (float)rne64(fx))
/* D = S0 - floor(S0), below 1.0 */
R3_F32_1(v_fract_f32, fract32(fx))
/* D = trunc(S0) (f64) */
R3_F64_1(v_trunc_f64, trunc(dx))
/* D = ceil(S0) (f64) */
R3_F64_1(v_ceil_f64, ceil(dx))
/* D = floor(S0) (f64) */
R3_F64_1(v_floor_f64, floor(dx))
/* D = S0 rounded to the nearest integer, ties to even (f64) */
R3_F64_1(v_rndne_f64, rne64(dx))
/* D = S0 - floor(S0), below 1.0 (f64) */
R3_F64_1(v_fract_f64, fract64(dx))

/* ---- transcendentals (correctly rounded or libm results; hardware is within about 1 ulp) ---- */

/* sin or cos of 2 pi v, v in revolutions: whole and quarter turns are removed exactly first, so
   large inputs keep their fraction bits and quarter turns give exact zeros and ones (a zero sine
   has v's sign, a zero cosine is +0, as sinpi/cospi define them); infinities give NaN (made the
   negative default NaN by r3_nan*). */
static double turn_sincos(double v, int cosine)
{
    if (isinf(v) || isnan(v)) /* a NaN source comes back by r3_nan*'s rule, not through an int */
        return NAN;
    /* trunc and round ignore the host rounding mode (rint would follow it: 1e-45 rounds up to 1) */
    double fr = v - trunc(v), q = round(4 * fr), a = (fr - q / 4) * 6.283185307179586476925;
    int k = ((int)q + cosine) & 3;
    double r = k == 0 ? sin(a) : k == 1 ? cos(a) : k == 2 ? -sin(a) : -cos(a);
    /* a zero result is +0 except sin(-0): the guide's own example is V_SIN_F32(-MAX_FLT) = 0x00000000 */
    return r == 0 ? (cosine || v != 0 ? 0.0 : v) : r;
}

/* The NaN a transcendental returns is r3_nan*'s with the one source: that source (quieted when
   MODE.IEEE is 1; with IEEE = 0 a signalling NaN comes back as it is: rocjitsu's gfx1100 captures of
   v_rcp/rsq/sin/cos_f32 and the f16 rcp/sqrt/sin/cos/log/exp), or from an invalid input (log, sqrt
   or rsq of a negative value or -inf, sin or cos of an infinity) the NEGATIVE default NaN, as the
   guide's functional examples give it: V_LOG_F32(0xbf800000) => 0xffc00000, V_SQRT_F16(0xfc00) =>
   0xfe00, V_SIN_F32(0x7f800000) => 0xffc00000 (f64: by analogy). */

/* One-source transcendental lane loops, NaN results by r3_nan* (above): f32 with `edge` mapping the
   input and the result bits (the identity, or a flush the instruction does whatever MODE says),
   f64, and f16 computed in double and rounded once. The f32 and f16 ones round to nearest even
   whatever MODE's rounding says (rocjitsu's gfx1100 captures: v_sin_f32 of -2^-149 is -6 ulps under
   round-toward-minus-infinity, v_exp_f16 ExpSingleRounding); their results go out through
   r3_dst_f32_trans (OMOD whenever IEEE = 0). */
#define R3_BITS_AS_IS(v) (v)
#define R3_TRANS32(name, expr, edge) R3_TRANS32_BY(name, expr, edge, 0, r3_no_lanes32)
R3_INLINE void r3_no_lanes32(const uint32_t *a, uint32_t *r, int ieee) { (void)a, (void)r, (void)ieee; }
/* ... with the function `lanes32` doing a 32-lane wave's lanes with the fast paths on (`has32`) */
#define R3_TRANS32_BY(name, expr, edge, has32, lanes32)                                    \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_f32(w, x, 0, a);                                                            \
        if (has32 && w->fast32) /* (rounding to nearest even whatever MODE says: see above) */ \
            lanes32(a, r, R3_IEEE(w));                                                     \
        else                                                                               \
            R3_EACH_LANE(float fx = fp_f32(edge(a[l]));                                    \
                r[l] = edge(r3_nan32(R3_IEEE(w), fp_b32(expr), a[l], a[l], a[l])));        \
        r3_dst_f32_trans(w, x, r, edge(0x1u) == 0); /* (edge flushes: so does the output) */ \
    }
#define R3_TRANS64(name, expr)                                                             \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_f64(w, x, 0, a);                                                            \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double dx = fp_f64(a[l]);                                                      \
            r[l] = r3_nan64(R3_IEEE(w), fp_b64(expr), a[l], a[l], a[l]);                   \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        r3_dst_f64(w, x, r);                                                               \
    }
/* f16 transcendentals round to nearest even whatever MODE says, and MODE.FP16_OVFL turns every
   infinite result of a finite source into the largest finite value of its sign, log(0) and 1/0 too
   (rocjitsu's gfx1100 captures: half_log_exp_arithmetic_cases ExpSingleRounding,
   LogPreserveInput, LogZeroSaturate; transcendental_policy_cases RcpZeroSaturate) */
R3_INLINE uint32_t r3_trans16_round(const r3_wave *w, double d, uint32_t src)
{
    return r3_f16_ovfl(w->mode, fp_f64_to_f16(d, FP_RNE), (src & 0x7fffu) != 0x7c00u);
}
#define R3_TRANS16(name, expr)                                                             \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_f16(w, x, 0, a);                                                            \
        for (int l = 0; l < LANES; l++) {                                                  \
            double hx = r3_h(a[l]);                                                        \
            r[l] = r3_nan16(R3_IEEE(w), r3_trans16_round(w, expr, a[l]), a[l], a[l], a[l]); \
        }                                                                                  \
        r3_dst_f16(w, x, r);                                                               \
    }

/* The f32 transcendental unit takes no denormals and makes none, whatever MODE says: a denormal
   input reads as a zero of its sign and a denormal result is written as one. Evidence: LLVM 19's
   AMDGPUInstCombineIntrinsic ("f32 instruction doesn't handle denormals"; log of a denormal folds to
   -inf, exp2 of one to 1.0, rcp "always flushes denormal results"), AMDGPUUsage (log2/exp2 do not
   natively support denormal inputs) and LLVM's lowering, which scales denormal inputs before these
   instructions; docs/isa-notes-rdna3.md. */
#define R3_F32_TRANS(name, expr) R3_TRANS32(name, expr, fp_flush32)
/* D = 1 / S0 (guide V_RCP_F32) */
R3_F32_TRANS(v_rcp_f32, 1.0f / fx)
/* D = 1 / S0 (the integer-division variant, guide V_RCP_IFLAG_F32) */
R3_F32_TRANS(v_rcp_iflag_f32, 1.0f / fx)
/* D = 1 / sqrt(S0) (guide V_RSQ_F32) */
R3_F32_TRANS(v_rsq_f32, (float)(1.0 / sqrt((double)fx)))
/* D = sqrt(S0) (guide V_SQRT_F32); 32 lanes at a time by r3_sqrt32_lanes (the same rules) */
R3_TRANS32_BY(v_sqrt_f32, sqrtf(fx), fp_flush32, 1, r3_sqrt32_lanes)
/* D = 2^S0 (guide V_EXP_F32) */
R3_F32_TRANS(v_exp_f32, exp2f(fx))
/* D = log2(S0) (guide V_LOG_F32) */
R3_F32_TRANS(v_log_f32, log2f(fx))
/* D = sin(2 pi S0): S0 in revolutions */
R3_TRANS32(v_sin_f32, (float)turn_sincos(fx, 0), R3_BITS_AS_IS)
/* D = cos(2 pi S0) */
R3_TRANS32(v_cos_f32, (float)turn_sincos(fx, 1), R3_BITS_AS_IS)
/* D = 1 / S0 (f64) */
R3_TRANS64(v_rcp_f64, 1.0 / dx)
/* D = 1 / sqrt(S0) (f64; in long double, so one rounding dominates in every mode) */
R3_TRANS64(v_rsq_f64, (double)(1.0L / sqrtl((long double)dx)))
/* D = sqrt(S0) (f64) */
R3_TRANS64(v_sqrt_f64, sqrt(dx))

/* ---- f16 arithmetic: computed in double, rounded once to f16 ---- */

/* D = S0 + S1 (f16) */
R3_F16_2(v_add_f16, hx + hy)
/* D = S0 - S1 (f16) */
R3_F16_2(v_sub_f16, hx - hy)
/* D = S1 - S0 (f16); a NaN result is the first NaN of S1 - S0 (S1 first) */
OP(v_subrev_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f16(w, x, 0, a);
    r3_src_f16(w, x, 1, b);
    int rt = r3_round_enter(w, 1); /* the exact difference's zero sign follows the mode */
    for (int l = 0; l < LANES; l++)
        r[l] = r3_nan16(R3_IEEE(w), r3_to_f16(w, r3_h(b[l]) - r3_h(a[l])), b[l], a[l], a[l]);
    r3_round_leave(rt);
    r3_dst_f16(w, x, r);
}
/* D = S0 * S1 (f16) */
R3_F16_2(v_mul_f16, hx * hy)
/* D = S0 * 2^S1 (S1 a signed 16-bit integer) */
OP(v_ldexp_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f16(w, x, 0, a);
    r3_src_b16(w, x, 1, b);
    for (int l = 0; l < LANES; l++) {
        /* beyond +-64 every f16 over- or underflows anyway; clamping keeps the double finite and
           nonzero, so the f16 rounding still sees the direction (RUP of a tiny positive is 2^-24) */
        int k = (int16_t)b[l];
        k = k > 64 ? 64 : k < -64 ? -64 : k;
        r[l] = r3_nan16(1, r3_to_f16(w, ldexp(r3_h(a[l]), k)), a[l], a[l], a[l]);
    }
    r3_dst_f16(w, x, r);
}
/* D = trunc(S0) (f16) */
R3_F16_1(v_trunc_f16, trunc(hx))
/* D = ceil(S0) (f16) */
R3_F16_1(v_ceil_f16, ceil(hx))
/* D = floor(S0) (f16) */
R3_F16_1(v_floor_f16, floor(hx))
/* D = S0 rounded to the nearest integer, ties to even (f16) */
R3_F16_1(v_rndne_f16, rne64(hx))
/* D = S0 - floor(S0), below 1.0 (f16) */
R3_F16_1(v_fract_f16, fract16(hx))
/* D = 1 / S0 (f16) */
R3_TRANS16(v_rcp_f16, 1.0 / hx)
/* D = 1 / sqrt(S0) (f16) */
R3_TRANS16(v_rsq_f16, 1.0 / sqrt(hx))
/* D = sqrt(S0) (f16) */
R3_TRANS16(v_sqrt_f16, sqrt(hx))
/* D = 2^S0 (f16) */
R3_TRANS16(v_exp_f16, exp2(hx))
/* D = log2(S0) (f16) */
R3_TRANS16(v_log_f16, log2(hx))
/* D = sin(2 pi S0) (f16) */
R3_TRANS16(v_sin_f16, turn_sincos(hx, 0))
/* D = cos(2 pi S0) (f16) */
R3_TRANS16(v_cos_f16, turn_sincos(hx, 1))

/* The exact value of a * b + c for f16 operands, rounded once to f16: the product is exact in
   double, and the sum is split into a rounded part and its exact error (two-sum) so the final
   rounding sees every bit. */
uint32_t r3_fma16(const r3_wave *w, uint32_t pa, uint32_t pb, uint32_t pc)
{
    double p = r3_h(pa) * r3_h(pb), c = r3_h(pc);
    if (isnan(p) || isinf(p) || isinf(c) || isnan(c))
        return r3_nan16_fma(R3_IEEE(w), r3_to_f16(w, p + c), pa, pb, pc);
    double err, s = fp_two_sum(p, c, &err);
    int neg, exp;
    uint64_t mag;
    if (s == 0) { /* IEEE: zeros of one sign keep it, anything else is +0 (-0 rounding down) */
        int down = R3_MODE_ROUND64(w->mode) == FP_RDN, np = signbit(p) != 0, nc = signbit(c) != 0;
        int zero_neg = p == 0 && c == 0 ? (down ? np || nc : np && nc) : down;
        return zero_neg ? 0x8000u : 0;
    }
    fp_unpack64(s, &neg, &mag, &exp);
    /* fold the error in as extra low-order bits: mag * 2^11 +- |err| in the same units */
    int sticky = 0;
    uint64_t m = mag << 11;
    int e = exp - 11;
    if (err != 0) {
        double units = ldexp(fabs(err), -e);
        uint64_t whole = units >= 1.0 ? (uint64_t)units : 0;
        int frac = units != (double)whole;
        if ((err < 0) == (neg != 0)) { /* same sign: magnitude grows */
            m += whole;
            sticky = frac;
        } else {
            m -= whole + (uint64_t)frac;
            sticky = frac;
        }
    }
    uint32_t h = fp_pack(&fp_half, neg, m, e, sticky, (fp_round)R3_MODE_ROUND64(w->mode));
    return r3_tiny16(w, r3_f16_ovfl(w->mode, h, 1 /* (finite sources) */), s, err);
}

/* D = S0 * S1 + S2 (f16), one rounding */
OP(v_fma_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f16(w, x, 0, a);
    r3_src_f16(w, x, 1, b);
    r3_src_f16(w, x, 2, c);
    for (int l = 0; l < LANES; l++)
        r[l] = r3_fma16(w, a[l], b[l], c[l]);
    r3_dst_f16(w, x, r);
}

/* D = S0 * S1 + D (f16), one rounding */
OP(v_fmac_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f16(w, x, 0, a);
    r3_src_f16(w, x, 1, b);
    const uint32_t *d = r3_dst_row(w, x);
    int hi = x->enc == R3X_E32 ? x->vdst >> 7 & 1 : x->opsel >> 3 & 1;
    if (x->enc == R3X_E32)
        d = r3_vrow(w, x->vdst & 127u);
    int flush = !(w->mode & R3_MODE_DENORM_IN64); /* the accumulator is an input like any source */
    for (int l = 0; l < LANES; l++) {
        uint32_t acc = hi ? d[l] >> 16 : d[l] & 0xffffu;
        r[l] = r3_fma16(w, a[l], b[l], flush ? fp_flush16(acc) : acc);
    }
    r3_dst_f16(w, x, r);
}

/* fmamk: D = S0 * K + S1; fmaak: D = S0 * S1 + K (f16, K the literal's low half) */
static void fmak16(r3_wave *w, const r3_xop *x, int k_is_addend)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES], k = x->literal & 0xffffu;
    if (!(w->mode & R3_MODE_DENORM_IN64)) /* K is a source like the others: MODE's input control flushes it */
        k = fp_flush16(k);
    r3_src_f16(w, x, 0, a);
    r3_src_f16(w, x, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = k_is_addend ? r3_fma16(w, a[l], b[l], k) : r3_fma16(w, a[l], k, b[l]);
    r3_dst_f16(w, x, r);
}
/* D = S0 * K + S1 (f16) */
OP(v_fmamk_f16) { fmak16(w, x, 0); }
/* D = S0 * S1 + K (f16) */
OP(v_fmaak_f16) { fmak16(w, x, 1); }

/* ---- frexp ---- */

R3_INLINE uint32_t frexp_exp(double v)
{
    int e = 0;
    if (!isinf(v) && !isnan(v))
        frexp(v, &e);
    return (uint32_t)e;
}

/* frexp's exact cases: a normal number's mantissa keeps sign and fraction under the exponent of 0.5,
   its exponent is the field less 126; a zero is its own mantissa, exponent 0. Returns the mantissa
   bits, the exponent in *exp, and sets *exact when a is such a case (branch-free, for the pass). */
R3_INLINE uint32_t frexp32_exact(uint32_t a, uint32_t *exp, uint32_t *exact)
{
    uint32_t e = a >> 23 & 0xff, zero = (a & 0x7fffffffu) == 0;
    *exact = ((e >= 1) & (e <= 254)) | zero;
    *exp = zero ? 0 : e - 126;
    return zero ? a : (a & 0x807fffffu) | 126u << 23;
}

/* D = the mantissa of S0 in [0.5, 1) with S0's sign; NaN and infinities pass through. Fast path:
   frexp32_exact's cases without libm. */
OP(v_frexp_mant_f32)
{
    uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    int rt = r3_round_enter(w, 0), fast = w->group->fast_paths;
    uint32_t other = 0xffffffffu; /* the lanes the loop below computes */
    if (w->fast32) { /* normal numbers and zeros in one pass the compiler vectorizes */
        other = 0;
        for (int l = 0; l < 32; l++) {
            uint32_t e, exact;
            r[l] = frexp32_exact(a[l], &e, &exact);
            other |= lanes_bit[l] & -(uint32_t)!exact;
        }
    }
    for (int l = 0; other && l < LANES; l++) {
        if (l < 32 && !(other & lanes_bit[l]))
            continue;
        uint32_t e, exact, m = frexp32_exact(a[l], &e, &exact);
        float fx = fp_f32(a[l]);
        r[l] = fast && exact ? m : r3_nan32(1, fp_b32(isinf(fx) || isnan(fx) ? fx : frexpf(fx, &(int){0})), a[l], a[l], a[l]);
    }
    r3_round_leave(rt);
    r3_dst_f32(w, x, r);
}
/* D = the mantissa of S0 (f64) */
R3_F64_1_Q(v_frexp_mant_f64, isinf(dx) || isnan(dx) ? dx : frexp(dx, &(int){0}), 1)
/* D = the mantissa of S0 (f16) */
R3_F16_1_Q(v_frexp_mant_f16, isinf(hx) || isnan(hx) ? hx : frexp(hx, &(int){0}), 1)

/* D = the exponent e of S0 = m * 2^e, m in [0.5, 1); 0 for NaN, infinities and zero */
OP(v_frexp_exp_i32_f32)
{
    uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    int fast = w->group->fast_paths;
    uint32_t other = 0xffffffffu; /* the lanes the loop below computes */
    if (w->fast32) { /* normal numbers and zeros in one pass the compiler vectorizes */
        other = 0;
        for (int l = 0; l < 32; l++) {
            uint32_t exact;
            frexp32_exact(a[l], &r[l], &exact);
            other |= lanes_bit[l] & -(uint32_t)!exact;
        }
    }
    for (int l = 0; other && l < LANES; l++) { /* fast path: frexp32_exact's cases */
        if (l < 32 && !(other & lanes_bit[l]))
            continue;
        uint32_t e, exact;
        frexp32_exact(a[l], &e, &exact);
        r[l] = fast && exact ? e : frexp_exp(fp_f32(a[l]));
    }
    r3_dst_b32(w, x, r);
}

/* D = the exponent of S0 (f64) */
OP(v_frexp_exp_i32_f64)
{
    uint64_t a[R3_MAX_LANES];
    uint32_t r[R3_MAX_LANES];
    r3_src_f64(w, x, 0, a);
    for (int l = 0; l < LANES; l++)
        r[l] = frexp_exp(fp_f64(a[l]));
    r3_dst_b32(w, x, r);
}

/* D.i16 = the exponent of S0 (f16) */
OP(v_frexp_exp_i16_f16)
{
    uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f16(w, x, 0, a);
    for (int l = 0; l < LANES; l++)
        r[l] = frexp_exp(r3_h(a[l])) & 0xffffu;
    r3_dst_b16(w, x, r);
}

/* ---- division helpers: the scale / refine / fix-up sequence compilers emit for IEEE division ---- */

/* The constants of the division helpers for one float width. */
typedef struct {
    int wide;           /* 0: f32, 1: f64 */
    int scale;          /* the exponent shift div_scale and div_fmas apply: 64 or 128 */
    int near_max;       /* exponent difference at which the quotient nears the largest float */
    int tiny_exp;       /* biased exponent at or below which the numerator counts as tiny */
    int bias;
} divfmt;

static const divfmt div_f32 = {0, 64, 96, 24, 127};
static const divfmt div_f64 = {1, 128, 768, 53, 1023};

static int div_exponent(const divfmt *f, double v)
{
    return f->wide ? (int)(fp_b64(v) >> 52 & 0x7ff) : (int)(fp_b32((float)v) >> 23 & 0xff);
}

static double div_round(const divfmt *f, double v)
{
    return f->wide ? v : (double)(float)v;
}

/* fma(s0, s1, s2) in the width of f, rounded once by the host's rounding mode */
static double div_fma(const divfmt *f, double s0, double s1, double s2)
{
    return f->wide ? fma(s0, s1, s2) : (double)fmaf((float)s0, (float)s1, (float)s2);
}

/* One lane of v_div_scale: S0 is the value to scale (numerator or denominator), S1 the
   denominator, S2 the numerator. Both operands are scaled together by 2^+-64 (f64: 2^+-128) when
   the reciprocal or the quotient would leave the normal range; *vcc says the quotient must be
   rescaled by div_fmas. The rules are those of AMD's hardware-checked emulator rocjitsu
   (gfx1100/gfx1201): the guide's pseudocode, with its DENORM tests, does not reproduce hardware
   (a huge denominator must be scaled down, since v_rcp_f32 flushes a denormal result). With a
   zero S1 or S2 the result is NaN and VCC keeps the value the exponents give (1/0 and 0/1: 1). */
static double div_scale(const divfmt *f, double s0, double s1, double s2, int *vcc)
{
    int de = div_exponent(f, fabs(s1)), ne = div_exponent(f, fabs(s2)), delta = ne - de;
    int maxexp = 2 * f->bias + 1; /* the all-ones exponent field */
    int is_den = f->wide ? fp_b64(s0) == fp_b64(s1) : fp_b32((float)s0) == fp_b32((float)s1);
    int adjust = 0;
    *vcc = 0;
    if (delta >= f->near_max) {
        *vcc = 1;
        adjust = is_den ? f->scale : 0;
    } else if (de == 0) {
        adjust = f->scale;
    } else if (de >= maxexp - 2) {
        *vcc = delta <= -f->near_max;
        adjust = *vcc && !is_den ? 0 : -f->scale;
    } else if (delta <= -f->near_max) {
        *vcc = 1;
        adjust = is_den ? 0 : f->scale;
    } else if (ne <= f->tiny_exp) {
        adjust = f->scale;
    }
    if (s1 == 0 || s2 == 0)
        return -NAN; /* 0xffc00000 */
    if (isinf(s0) || isnan(s0))
        return s0;
    return div_round(f, ldexp(s0, adjust));
}

/* fma(s0, s1, s2) * 2^k rounded once in the host's (MODE's) rounding mode: the fma is computed in
   long double rounding to odd (toward zero, with the last bit set when inexact), which a later
   rounding to at most 64-2 bits rounds exactly as the infinitely precise value would. */
static double fma_scaled(const divfmt *f, double s0, double s1, double s2, int k)
{
#if LDBL_MANT_DIG == 64 || LDBL_MANT_DIG == 113 /* x87 extended or IEEE quad */
    int mode = fegetround();
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    long double r = fmal((long double)s0, (long double)s1, (long double)s2);
    int inexact = fetestexcept(FE_INEXACT) != 0;
    fesetround(mode);
    if (r == 0) /* exact (the range of long double holds every such fma): the plain fma's sign */
        return div_fma(f, s0, s1, s2);
    if (inexact && r != 0 && isfinite(r)) {
        int e;
        long double m = frexpl(fabsl(r), &e);
        uint64_t bits = (uint64_t)ldexpl(m, 64) | 1u;
        r = copysignl(ldexpl((long double)bits, e - 64), r);
    }
    r = ldexpl(r, k);
    return f->wide ? (double)r : (double)(float)r;
#else
    /* no wide long double: f32 rounds to odd in double (53 >= 24 + 2 bits), f64 rounds twice */
    if (f->wide)
        return ldexp(fma(s0, s1, s2), k);
    int mode = fegetround();
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    double r = fma(s0, s1, s2);
    int inexact = fetestexcept(FE_INEXACT) != 0;
    fesetround(mode);
    if (r == 0)
        return div_fma(f, s0, s1, s2);
    if (inexact && isfinite(r))
        r = fp_f64(fp_b64(r) | 1u);
    return (double)(float)ldexp(r, k);
#endif
}

/* One lane of v_div_fmas: fma(S0, S1, S2), and with VCC the one-sided scaling undone by 2^+-64
   (f64: 2^+-128; up when S2's exponent field is above the bias), fma and scaling rounded once as
   the hardware does (rocjitsu; a double rounding gave 1-ulp errors in clang's a/b). The sources
   keep their denormals whatever MODE says (the guide's Notes); the result is flushed by MODE. */
static double div_fmas(const divfmt *f, double s0, double s1, double s2, int vcc)
{
    if (!vcc || !isfinite(s0) || !isfinite(s1) || !isfinite(s2))
        return div_fma(f, s0, s1, s2);
    return fma_scaled(f, s0, s1, s2, div_exponent(f, s2) > f->bias ? f->scale : -f->scale);
}

/* One lane of v_div_fixup: S0 the computed quotient, S1 the denominator, S2 the numerator; the
   IEEE special cases the refinement cannot produce. */
static double div_fixup(const divfmt *f, double s0, double s1, double s2)
{
    int neg = signbit(s1) != signbit(s2);
    if (isnan(s2))
        return s2;
    if (isnan(s1))
        return s1;
    if ((s1 == 0 && s2 == 0) || (isinf(s1) && isinf(s2)))
        return -NAN;
    if (s1 == 0 || isinf(s2))
        return neg ? -INFINITY : INFINITY;
    if (isinf(s1) || s2 == 0)
        return neg ? -0.0 : 0.0;
    if (div_exponent(f, s2) - div_exponent(f, s1) < -(f->wide ? 1075 : 150))
        return neg ? -0.0 : 0.0;
    if (isnan(s0)) /* the refinement overflowed internally: the true quotient is out of range */
        return neg ? -INFINITY : INFINITY;
    return neg ? -fabs(s0) : fabs(s0);
}

typedef enum { DIV_SCALE, DIV_FMAS, DIV_FIXUP } divop;

static void div_lanes(r3_wave *w, const r3_xop *x, const divfmt *f, divop op)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES], vcc = 0;
    uint64_t vcc_in = op == DIV_FMAS ? r3_vcc(w) : 0;
    uint64_t *src[3] = {a, b, c};
    int keep_denormals = op == DIV_FMAS; /* guide, V_DIV_FMAS Notes: input denormals are not flushed */
    for (int k = 0; k < 3; k++) {
        if (f->wide) {
            (keep_denormals ? r3_src_mod64 : r3_src_f64)(w, x, k, src[k]);
            continue;
        }
        uint32_t t[R3_MAX_LANES];
        (keep_denormals ? r3_src_mod32 : r3_src_f32)(w, x, k, t);
        for (int l = 0; l < LANES; l++)
            src[k][l] = t[l];
    }
    int rt = op == DIV_FMAS ? r3_round_enter(w, f->wide) : -1; /* div_fmas is an fma: MODE rounds it */
    for (int l = 0; l < LANES; l++) {
        double s0 = f->wide ? fp_f64(a[l]) : fp_f32((uint32_t)a[l]);
        double s1 = f->wide ? fp_f64(b[l]) : fp_f32((uint32_t)b[l]);
        double s2 = f->wide ? fp_f64(c[l]) : fp_f32((uint32_t)c[l]);
        double d;
        if (op == DIV_SCALE) {
            int v;
            d = div_scale(f, s0, s1, s2, &v);
            vcc |= (uint64_t)v << l;
        } else if (op == DIV_FMAS) {
            d = div_fmas(f, s0, s1, s2, (int)(vcc_in >> l & 1));
        } else {
            d = div_fixup(f, s0, s1, s2);
        }
        if (f->wide) {
            uint64_t bits = fp_b64(d);
            r[l] = isnan(s2) ? fp_quiet64(c[l]) : isnan(s1) && op == DIV_FIXUP ? fp_quiet64(b[l]) : bits;
        } else {
            uint32_t bits = fp_b32((float)d);
            r[l] = isnan(s2) ? fp_quiet32((uint32_t)c[l]) : isnan(s1) && op == DIV_FIXUP ? fp_quiet32((uint32_t)b[l]) : bits;
        }
        if (op == DIV_FMAS) /* an fma's NaN rule (div_scale's own rule follows) */
            r[l] = f->wide ? r3_nan64_fma(R3_IEEE(w), fp_b64(d), a[l], b[l], c[l])
                           : r3_nan32_fma(R3_IEEE(w), fp_b32((float)d), (uint32_t)a[l], (uint32_t)b[l], (uint32_t)c[l]);
        if (op == DIV_SCALE) /* rocjitsu: a zero S1/S2 first, then S0 itself if infinite or NaN (a
                                signalling NaN unquieted with IEEE = 0: gfx1100 captures) */
            r[l] = s1 == 0 || s2 == 0 ? (f->wide ? 0xfff8000000000000ull : 0xffc00000u)
                   : isnan(s0)        ? (f->wide ? r3_nan64(R3_IEEE(w), a[l], a[l], a[l], a[l])
                                                 : r3_nan32(R3_IEEE(w), (uint32_t)a[l], (uint32_t)a[l], (uint32_t)a[l], (uint32_t)a[l]))
                   : f->wide          ? fp_b64(d)
                                      : fp_b32((float)d);
    }
    r3_round_leave(rt);
    if (f->wide) {
        r3_dst_f64(w, x, r);
    } else {
        uint32_t t[R3_MAX_LANES];
        for (int l = 0; l < LANES; l++) {
            t[l] = (uint32_t)r[l];
            if (op == DIV_FMAS && r3_tiny32_candidate(w, t[l])) { /* tininess on the exact fma, then the
                                                                     VCC scaling (exact) */
                double s2 = fp_f32((uint32_t)c[l]);
                int k = (vcc_in >> l & 1) ? (div_exponent(f, s2) > f->bias ? f->scale : -f->scale) : 0;
                t[l] = r3_tiny32_fma(w, t[l], fp_f32((uint32_t)a[l]), fp_f32((uint32_t)b[l]), s2, k);
            }
        }
        r3_dst_f32(w, x, t);
    }
    if (op == DIV_SCALE)
        r3_dst_mask(w, x, vcc);
}
/* D = S0 scaled by 2^+-64 when needed for an accurate S2 / S1; VCC = the quotient needs unscaling */
OP(v_div_scale_f32) { div_lanes(w, x, &div_f32, DIV_SCALE); }
/* D = S0 scaled by 2^+-128 when needed for an accurate S2 / S1 (f64) */
OP(v_div_scale_f64) { div_lanes(w, x, &div_f64, DIV_SCALE); }
/* D = S0 * S1 + S2, times 2^+-64 when VCC (undoing div_scale) */
OP(v_div_fmas_f32) { div_lanes(w, x, &div_f32, DIV_FMAS); }
/* D = S0 * S1 + S2, times 2^+-128 when VCC (f64) */
OP(v_div_fmas_f64) { div_lanes(w, x, &div_f64, DIV_FMAS); }
/* D = the quotient S0 of S2 / S1 with the IEEE special cases applied */
OP(v_div_fixup_f32) { div_lanes(w, x, &div_f32, DIV_FIXUP); }
/* D = the quotient S0 of S2 / S1 with the IEEE special cases applied (f64) */
OP(v_div_fixup_f64) { div_lanes(w, x, &div_f64, DIV_FIXUP); }

/* D = the quotient S0 of S2 / S1 with the IEEE special cases applied (f16). A NaN or infinite S0
   with ordinary S1 and S2 is an overflow: infinity, or the largest finite value where MODE rounds
   toward zero (AMD rocjitsu, checked on gfx1100 and gfx1201: (0x7e2a, 1, 1) gives 0x7c00 under
   round to nearest and 0x7bff toward zero; the guide's pseudocode returns S0's magnitude). */
OP(v_div_fixup_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    fp_round rnd = (fp_round)R3_MODE_ROUND64(w->mode);
    r3_src_f16(w, x, 0, a);
    r3_src_f16(w, x, 1, b);
    r3_src_f16(w, x, 2, c);
    for (int l = 0; l < LANES; l++) {
        double s1 = r3_h(b[l]), s2 = r3_h(c[l]);
        uint32_t sign = (b[l] ^ c[l]) & 0x8000u;
        if (fp_isnan16(c[l]))
            r[l] = fp_quiet16(c[l]);
        else if (fp_isnan16(b[l]))
            r[l] = fp_quiet16(b[l]);
        else if ((s1 == 0 && s2 == 0) || (isinf(s1) && isinf(s2)))
            r[l] = 0xfe00u;
        else if (s1 == 0 || isinf(s2))
            r[l] = sign | 0x7c00u;
        else if (isinf(s1) || s2 == 0)
            r[l] = sign;
        else if ((a[l] & 0x7c00u) == 0x7c00u) /* a NaN or infinite quotient: overflow, rounded by MODE */
            r[l] = sign | (rnd == FP_RTZ || rnd == (sign ? FP_RUP : FP_RDN) ? 0x7bffu : 0x7c00u);
        else
            r[l] = sign | (a[l] & 0x7fffu);
    }
    r3_dst_f16(w, x, r);
}

/* ---- cube maps ---- */

/* The major axis of (S0, S1, S2) = (x, y, z): 2 for z, 1 for y, 0 for x (ties prefer z, then y). */
R3_INLINE int cube_axis(float cx, float cy, float cz)
{
    if (fabsf(cz) >= fabsf(cx) && fabsf(cz) >= fabsf(cy))
        return 2;
    return fabsf(cy) >= fabsf(cx) ? 1 : 0;
}

R3_INLINE float cube_id(float cx, float cy, float cz)
{
    int a = cube_axis(cx, cy, cz);
    float v = a == 2 ? cz : a == 1 ? cy : cx;
    return (float)(2 * a + (v < 0.0f));
}

/* The face's s (t = 0) or t (t = 1) coordinate exactly as the guide's pseudocode writes it: one of
   the sources, copied or negated, where negation is a sign flip (a NaN keeps its payload, is not
   quieted; comparisons with NaN are false). No other evidence exists for the NaN cases; the
   literal pseudocode is the reference. */
R3_INLINE uint32_t cube_coord(uint32_t bx, uint32_t by, uint32_t bz, int t)
{
    float cx = fp_f32(bx), cy = fp_f32(by), cz = fp_f32(bz);
    int a = cube_axis(cx, cy, cz);
    const uint32_t neg = 0x80000000u;
    if (t)
        return a == 1 ? (cy < 0.0f ? bz ^ neg : bz) : by ^ neg;
    return a == 2 ? (cz < 0.0f ? bx ^ neg : bx) : a == 1 ? bx : (cx < 0.0f ? bz : bz ^ neg);
}

static void cube_st(r3_wave *w, const r3_xop *x, int t)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    r3_src_f32(w, x, 1, b);
    r3_src_f32(w, x, 2, c);
    for (int l = 0; l < LANES; l++)
        r[l] = cube_coord(a[l], b[l], c[l], t);
    r3_dst_f32(w, x, r);
}

R3_INLINE float cube_ma(float cx, float cy, float cz)
{
    int a = cube_axis(cx, cy, cz);
    return 2.0f * (a == 2 ? cz : a == 1 ? cy : cx);
}

/* D = the cube face id of the direction (S0, S1, S2): 0..5 for +x, -x, +y, -y, +z, -z */
R3_F32_3(v_cubeid_f32, cube_id(fx, fy, fz))
/* D = the face's s coordinate (before division by the major axis; guide V_CUBESC_F32 pseudocode) */
OP(v_cubesc_f32) { cube_st(w, x, 0); }
/* D = the face's t coordinate (before division by the major axis; guide V_CUBETC_F32 pseudocode) */
OP(v_cubetc_f32) { cube_st(w, x, 1); }
/* D = 2 * the major axis component */
R3_F32_3(v_cubema_f32, cube_ma(fx, fy, fz))

/* ---- trig pre-operation ---- */

/* 2/pi as 1184 fraction bits, most significant first (the bits the instruction's table holds;
   segments reading past them give 0, as LLVM's constant folding models the hardware). */
static const uint32_t two_over_pi[37] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046};

/* The 53 bits of 2/pi starting `segment * 53` bits in (further in for huge S0), scaled to their
   place: used to reduce large arguments of sin/cos exactly. */
static double trig_preop(double s0, uint32_t segment)
{
    int e = (int)(fp_b64(s0) >> 52 & 0x7ff);
    unsigned shift = (segment & 31) * 53 + (e > 1077 ? (unsigned)(e - 1077) : 0);
    unsigned idx = shift >> 5, bs = shift & 31;
    if (idx + 2 >= sizeof two_over_pi / sizeof two_over_pi[0])
        return 0.0;
    uint64_t hi = (uint64_t)two_over_pi[idx] << 32 | two_over_pi[idx + 1], lo = (uint64_t)two_over_pi[idx + 2] << 32;
    if (bs)
        hi = hi << bs | lo >> (64 - bs);
    int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);
    return ldexp((double)(hi >> 11), scale);
}

/* D = a 53-bit piece of 2/pi, selected by S1[4:0] and S0's exponent */
OP(v_trig_preop_f64)
{
    uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    uint32_t b[R3_MAX_LANES];
    r3_src_f64(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = fp_isnan64(a[l]) ? fp_quiet64(a[l]) : fp_b64(trig_preop(fp_f64(a[l]), b[l]));
    r3_dst_f64(w, x, r);
}

