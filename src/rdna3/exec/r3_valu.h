/* What the VALU instruction files share: the handler shape, the lane-loop templates each class of
   operation expands from, and the NaN result rule. Each template fetches typed sources through the
   operand helpers, runs one expression per lane, and writes through the typed result helper. */
#ifndef WAVESIM_R3_VALU_H
#define WAVESIM_R3_VALU_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "common/fp.h"
#include "r3_exec.h"

#define LANES (w->lanes)

/* The NaN a float operation returns (docs/isa-notes-rdna3.md, "NaN results"): the first NaN source
   in operand order, quieted in IEEE mode and returned bit for bit (a signalling NaN too) when
   MODE.IEEE is 0, else (an invalid operation: inf - inf, 0 * inf) the NEGATIVE default NaN. Evidence:
   the guide's MODE table (IEEE = 1 quiets signalling NaNs as IEEE 754-2008 says) and gfx1100 register
   captures in AMD's rocjitsu tests (valu_fp_mode_test.cpp: v_add/mul_f32, the f16 and dx9 fmas,
   transcendentals keep an sNaN with IEEE = 0; v_fma_f16 invalid cases give 0xfe00). `ieee` is MODE's
   IEEE bit (R3_IEEE) or 1 where an instruction quiets whatever MODE says. `r` is returned unchanged
   when it is not a NaN. */
#define R3_IEEE(w) ((w)->mode & R3_MODE_IEEE)
R3_INLINE uint32_t r3_nan32(int ieee, uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
    if (!fp_isnan32(r))
        return r;
    uint32_t n = fp_isnan32(a) ? a : fp_isnan32(b) ? b : fp_isnan32(c) ? c : 0xffc00000u;
    return ieee ? fp_quiet32(n) : n;
}

R3_INLINE uint64_t r3_nan64(int ieee, uint64_t r, uint64_t a, uint64_t b, uint64_t c)
{
    if (!fp_isnan64(r))
        return r;
    uint64_t n = fp_isnan64(a) ? a : fp_isnan64(b) ? b : fp_isnan64(c) ? c : 0xfff8000000000000ull;
    return ieee ? fp_quiet64(n) : n;
}

R3_INLINE uint32_t r3_nan16(int ieee, uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
    if (!fp_isnan16(r))
        return r;
    uint32_t n = fp_isnan16(a) ? a : fp_isnan16(b) ? b : fp_isnan16(c) ? c : 0xfe00u;
    return ieee ? fp_quiet16(n) : n;
}

/* An fma's NaN: an invalid product (0 * inf of the sources as read, input denormals already flushed)
   gives the negative default NaN even when the addend is a NaN (rocjitsu's gfx1100 captures of
   v_fma_f16, v_pk_fma_f16 and v_fma_mixlo/hi_f16: "an invalid product takes precedence"); otherwise
   r3_nan*'s rule. r3_inf_times_zero: of two values of a format whose magnitude bits are `mag` and
   whose infinity is `inf`, one is +-0 and the other +-inf. */
R3_INLINE int r3_inf_times_zero(uint64_t a, uint64_t b, uint64_t mag, uint64_t inf)
{
    a &= mag, b &= mag;
    return (a == 0 && b == inf) || (a == inf && b == 0);
}
R3_INLINE uint32_t r3_nan32_fma(int ieee, uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
    return fp_isnan32(r) && r3_inf_times_zero(a, b, 0x7fffffffu, 0x7f800000u) ? 0xffc00000u
                                                                               : r3_nan32(ieee, r, a, b, c);
}
R3_INLINE uint64_t r3_nan64_fma(int ieee, uint64_t r, uint64_t a, uint64_t b, uint64_t c)
{
    return fp_isnan64(r) && r3_inf_times_zero(a, b, 0x7fffffffffffffffull, 0x7ff0000000000000ull)
               ? 0xfff8000000000000ull
               : r3_nan64(ieee, r, a, b, c);
}
R3_INLINE uint32_t r3_nan16_fma(int ieee, uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
    return fp_isnan16(r) && r3_inf_times_zero(a, b, 0x7fffu, 0x7c00u) ? 0xfe00u : r3_nan16(ieee, r, a, b, c);
}

/* f16 results with output denormals flushed (MODE.DENORM_OUT64 clear): the smallest normal becomes a
   zero of its sign when the exact value hi + lo was tiny after rounding to 11 bits (as r3_tiny32) */
R3_INLINE uint32_t r3_tiny16(const r3_wave *w, uint32_t h, double hi, double lo)
{
    if ((w->mode & R3_MODE_DENORM_OUT64) || (h & 0x7fffu) != 0x0400u)
        return h;
    return fp_tiny_after_rounding(hi, lo, 11, -14, (fp_round)R3_MODE_ROUND64(w->mode)) ? h & 0x8000u : h;
}

/* f16 arithmetic runs in double (exact for + - *, and correctly rounded once for / and sqrt, so
   rounding that to f16 is exact too); this rounds the double to f16 in the MODE's f16 rounding,
   an overflow as MODE.FP16_OVFL says, a tiny result as r3_tiny16 says (d taken as exact). */
R3_INLINE uint32_t r3_to_f16(const r3_wave *w, double d)
{
    return r3_tiny16(w, r3_f16_round(w->mode, d), d, 0.0);
}

R3_INLINE double r3_h(uint32_t h)
{
    return fp_f16_to_f64(h);
}

/* The min (or max) of two floats of `width` bits (16, 32, 64) with the ISA's rules: in IEEE mode a
   signalling NaN is quieted and returned, otherwise a NaN operand loses; -0 < +0. */
uint64_t r3_fminmax(int ieee, int width, uint64_t p, uint64_t q, int want_max);

/* One gfx11 DOT2 step, C + a0 * b0 + a1 * b1 (r3_valu_packed.c): f16 or bf16 factors (modifiers
   applied), C and the result f32 bits, or f16/bf16 bits for the 16-bit-result WMMA steps; with
   fp16_ovfl (MODE.FP16_OVFL) an f16 result that overflows is the largest finite value. */
typedef enum { R3_DOT_OUT_F32, R3_DOT_OUT_F16, R3_DOT_OUT_BF16 } r3_dot_out;
#define R3_DOT_FACTOR_NAN 0xffc00a3du /* the result of any NaN factor (gfx1100 captures) */
uint32_t r3_dot2_step(uint32_t a0, uint32_t b0, uint32_t a1, uint32_t b1, uint32_t acc, int bf16, r3_dot_out out,
                      int fp16_ovfl);

/* a * b + c on f16 bits, exactly rounded once in the MODE's f16 rounding (NaN rule applied). */
uint32_t r3_fma16(const r3_wave *w, uint32_t a, uint32_t b, uint32_t c);

/* ---- lane-loop templates: a, b, c are the raw source bits; x, y, z their values ---- */

/* `body` for every lane l: over a constant 32 lanes in a 32-lane wave with the fast paths on (a loop
   GCC -O2 vectorizes only when its trip count is a constant; the bodies read their sources through
   views and write only r[l]: LANES_INDEPENDENT), else over the wave's lanes (the reference path; the
   same body). */
#define R3_EACH_LANE(body)                                                                 \
    do {                                                                                   \
        if (w->fast32) {                                                                   \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                body;                                                                      \
            }                                                                              \
        } else {                                                                           \
            for (int l = 0; l < LANES; l++) {                                              \
                body;                                                                      \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* R3_EACH_LANE with the 32-lane pass split on the instruction's CLAMP bit: the integer templates'
   expressions choose between a saturating and a plain form by x->clamp, which GCC would otherwise
   evaluate both ways in every lane and blend. */
#define R3_EACH_LANE_BY_CLAMP(body)                                                        \
    do {                                                                                   \
        if (w->fast32 && x->clamp) {                                                       \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                body;                                                                      \
            }                                                                              \
        } else                                                                             \
            R3_EACH_LANE(body);                                                            \
    } while (0)

/* 32-bit lanes through the named fetch and store helpers (integer and bitwise operations,
   conversions), 1..3 sources; each source read through its fetch helper's view (F##_view: the
   register row itself when nothing applies to it, r3_src_b32_view) */
#define R3_MAP1(name, F0, store, expr) R3_MAP1_FN(OP(name), F0, store, expr)
#define R3_MAP2(name, F0, F1, store, expr) R3_MAP2_FN(OP(name), F0, F1, store, expr)
#define R3_MAP3(name, F0, F1, F2, store, expr) R3_MAP3_FN(OP(name), F0, F1, F2, store, expr)
/* (the bodies, under the function header `fn`: an instruction function, or a template's reference
   function, R3_REF) */
#define R3_MAP1_FN(fn, F0, store, expr)                                                    \
    fn                                                                                     \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], r[R3_MAX_LANES];                                        \
        const uint32_t *a = F0##_view(w, x, 0, ta);                                        \
        R3_EACH_LANE_BY_CLAMP(r[l] = (expr));                                              \
        store(w, x, r);                                                                    \
    }
#define R3_MAP2_FN(fn, F0, F1, store, expr)                                                \
    fn                                                                                     \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], r[R3_MAX_LANES];                      \
        const uint32_t *a = F0##_view(w, x, 0, ta), *b = F1##_view(w, x, 1, tb);           \
        R3_EACH_LANE_BY_CLAMP(r[l] = (expr));                                              \
        store(w, x, r);                                                                    \
    }
#define R3_MAP3_FN(fn, F0, F1, F2, store, expr)                                            \
    fn                                                                                     \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], tc[R3_MAX_LANES], r[R3_MAX_LANES];    \
        const uint32_t *a = F0##_view(w, x, 0, ta), *b = F1##_view(w, x, 1, tb);           \
        const uint32_t *c = F2##_view(w, x, 2, tc);                                        \
        R3_EACH_LANE_BY_CLAMP(r[l] = (expr));                                              \
        store(w, x, r);                                                                    \
    }
/* The direct shape of the 32-bit integer templates: a 32-lane wave with the fast paths on, an
   instruction without DPP or CLAMP, not a VOPD X half whose result waits for its Y half (w->defer).
   Its sources are read in place (r3_src_direct) and its result goes straight into the destination
   row, in EXEC's lanes: each lane reads only its own lane of each source and rows coincide or are
   apart, so the row may also be a source. The template's own function holds only this path; the
   reference path (every other case, and --no-fast-paths) is a function of its own, so the direct
   one needs no room for the reference's arrays. */
R3_INLINE int r3_b32_direct(const r3_wave *w, const r3_xop *x)
{
    return w->fast32 && !x->dpp && !x->clamp && !w->defer;
}
/* An instruction form with nothing set: the expressions of the direct shape read their CLAMP bit
   from it (0, known to the compiler), not from the instruction, whose bit a store to a row might
   alias as far as the compiler knows. CLAMP is the only field an R3_U32_* expression may read: any
   other would read 0 here (an expression that needs one belongs in another template). */
static const r3_xop r3_xop_bare;
/* `expr` for the 32 lanes into destination row d_ under EXEC mask m_ (all lanes: no blend). */
#define R3_DIRECT_LANES(expr)                                                              \
    do {                                                                                   \
        uint32_t *d_ = r3_vrow_w(w, x->vdst), m_ = w->sgpr[126];                           \
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"")      \
        const r3_xop *const x = &r3_xop_bare; /* (on purpose: see r3_xop_bare) */          \
        _Pragma("GCC diagnostic pop")                                                      \
        (void)x;                                                                           \
        if (m_ == 0xffffffffu) {                                                           \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++)                                                   \
                d_[l] = (expr);                                                            \
        } else {                                                                           \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                uint32_t v_ = (expr);                                                      \
                d_[l] = (m_ & lanes_bit[l]) ? v_ : d_[l];                                  \
            }                                                                              \
        }                                                                                  \
    } while (0)
/* The reference function of a template (r3_ref_<name>): out of line, so the instruction function
   holding the direct shape stays small. */
#define R3_REF(name)                                                                       \
    static LANES_MULTIVERSION __attribute__((noinline)) void r3_ref_##name(r3_wave *w, const r3_xop *x)
/* The instruction function of an R3_U32_* template: the direct shape, `sources` declaring a, b, c
   in place (from ta, tb, tc for scalars), else the reference function. */
#define R3_U32_OP(name, sources, expr)                                                     \
    OP(name)                                                                               \
    {                                                                                      \
        if (!r3_b32_direct(w, x)) {                                                        \
            r3_ref_##name(w, x);                                                           \
            return;                                                                        \
        }                                                                                  \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], tc[R3_MAX_LANES];                     \
        (void)tb, (void)tc;                                                                \
        sources;                                                                           \
        R3_DIRECT_LANES(expr);                                                             \
    }
#define R3_U32_A const uint32_t *a = r3_src_direct(w, x, 0, ta)
#define R3_U32_AB R3_U32_A, *b = r3_src_direct(w, x, 1, tb)
#define R3_U32_ABC R3_U32_AB, *c = r3_src_direct(w, x, 2, tc)
#define R3_U32_1(name, expr)                                                               \
    R3_MAP1_FN(R3_REF(name), r3_src_b32, r3_dst_b32, expr)                                 \
    R3_U32_OP(name, R3_U32_A, expr)
#define R3_U32_2(name, expr)                                                               \
    R3_MAP2_FN(R3_REF(name), r3_src_b32, r3_src_b32, r3_dst_b32, expr)                     \
    R3_U32_OP(name, R3_U32_AB, expr)
#define R3_U32_3(name, expr)                                                               \
    R3_MAP3_FN(R3_REF(name), r3_src_b32, r3_src_b32, r3_src_b32, r3_dst_b32, expr)         \
    R3_U32_OP(name, R3_U32_ABC, expr)
/* 16-bit integer / bitwise: sources in bits 15:0, the result's low 16 bits are written */
#define R3_U16_1(name, expr) R3_MAP1(name, r3_src_b16, r3_dst_b16, expr)
#define R3_U16_2(name, expr) R3_MAP2(name, r3_src_b16, r3_src_b16, r3_dst_b16, expr)
#define R3_U16_3(name, expr) R3_MAP3(name, r3_src_b16, r3_src_b16, r3_src_b16, r3_dst_b16, expr)

/* The lane loop of the f32 templates: `vals` (R3_F32_X1..3) declares the lanes' float values, `expr`
   gives the result, p, q, s are the raw sources of r3_nan32's rule. In a 32-lane wave with the fast
   paths on, one pass the compiler vectorizes, then the NaN rule only when some lane made a NaN
   (r3_nan32 leaves other values as they are); otherwise lane by lane. */
#define R3_F32_X1 float fx = fp_f32(a[l])
#define R3_F32_X2 R3_F32_X1; float fy = fp_f32(b[l])
#define R3_F32_X3 R3_F32_X2; float fz = fp_f32(c[l])
/* The 32-lane pass: the lanes computed in a loop the compiler vectorizes, each result tested for NaN
   as a float (an unordered compare of itself), then r3_nan32's rule for all lanes when one made a NaN
   (it leaves the other values as they are). */
#define R3_F32_PASS32(vals, expr, p, q, s)                                                 \
    do {                                                                                   \
        uint32_t nan_ = 0;                                                                 \
        const int ieee_ = R3_IEEE(w);                                                      \
        LANES_INDEPENDENT                                                                  \
        for (int l = 0; l < 32; l++) {                                                     \
            vals;                                                                          \
            float v_ = (expr);                                                             \
            r[l] = fp_b32(v_);                                                             \
            nan_ |= (uint32_t)(v_ != v_);                                                  \
        }                                                                                  \
        if (nan_)                                                                          \
            for (int l = 0; l < 32; l++)                                                   \
                r[l] = r3_nan32(ieee_, r[l], p, q, s);                                     \
    } while (0)
#define R3_F32_LANES(vals, expr, p, q, s)                                                  \
    do {                                                                                   \
        if (w->fast32) {                                                                   \
            R3_F32_PASS32(vals, expr, p, q, s);                                            \
        } else {                                                                           \
            for (int l = 0; l < LANES; l++) {                                              \
                vals;                                                                      \
                r[l] = r3_nan32(R3_IEEE(w), fp_b32(expr), p, q, s);                        \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* Output denormals flushed: a result that rounded to the smallest normal (either sign) on the
   denormal grid becomes a zero of its sign when its exact value hi + lo was tiny after rounding to
   24 bits (fp_tiny_after_rounding; gfx1100 captures, docs/isa-notes-rdna3.md "Tininess"). Run with
   the host in round-to-nearest (after r3_round_leave). */
R3_INLINE int r3_tiny32_candidate(const r3_wave *w, uint32_t r)
{
    return !(w->mode & R3_MODE_DENORM_OUT32) && (r & 0x7fffffffu) == 0x00800000u;
}
/* ... for an instruction that flushes its output whatever MODE says */
R3_INLINE int r3_tiny32_candidate_flushed(uint32_t r) { return (r & 0x7fffffffu) == 0x00800000u; }
R3_INLINE uint32_t r3_tiny32(const r3_wave *w, uint32_t r, double hi, double lo)
{
    return fp_tiny_after_rounding(hi, lo, 24, -126, (fp_round)R3_MODE_ROUND32(w->mode)) ? r & 0x80000000u : r;
}
/* ... on the exact x * y + z (f32 values: the product is exact in a double, the sum's error comes back
   by fp_two_sum), scaled by 2^k */
R3_INLINE uint32_t r3_tiny32_fma(const r3_wave *w, uint32_t r, double x, double y, double z, int k)
{
    double err, sum = fp_two_sum(x * y, z, &err);
    return r3_tiny32(w, r, ldexp(sum, k), ldexp(err, k));
}
/* An f32 result r of the exact value d (a double holding it exactly), tininess as r3_tiny32 says */
R3_INLINE uint32_t r3_tiny32_of(const r3_wave *w, uint32_t r, double d)
{
    return r3_tiny32_candidate(w, r) ? r3_tiny32(w, r, d, 0.0) : r;
}
/* ... for the expression-defined forms below: each candidate lane's `expr` again with double x, y, z,
   exact for the products and sums these forms make */
#define R3_F32_TINY(expr, c_)                                                              \
    do {                                                                                   \
        for (int l = 0; l < LANES; l++)                                                    \
            if (r3_tiny32_candidate(w, r[l])) {                                            \
                double fx = fp_f32(a[l]), fy = fp_f32(b[l]), fz = fp_f32(c_[l]);           \
                (void)fx, (void)fy, (void)fz;                                              \
                r[l] = r3_tiny32(w, r[l], (double)(expr), 0.0);                            \
            }                                                                              \
    } while (0)

/* f32 arithmetic in the MODE's f32 rounding; x, y, z are floats, the result a float */
#define R3_F32_1(name, expr)                                                               \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], r[R3_MAX_LANES];                                        \
        if (r3_f32_direct(w, x)) {                                                         \
            const uint32_t *a = r3_src_direct(w, x, 0, ta);                                \
            R3_F32_PASS32(R3_F32_X1, expr, a[l], a[l], a[l]);                              \
            r3_dst_put32(w, x, r);                                                         \
            return;                                                                        \
        }                                                                                  \
        const uint32_t *a = r3_src_f32_view(w, x, 0, ta);                                  \
        int rt = r3_round_enter(w, 0);                                                     \
        R3_F32_LANES(R3_F32_X1, expr, a[l], a[l], a[l]);                                   \
        r3_round_leave(rt);                                                                \
        r3_dst_f32(w, x, r);                                                               \
    }
#define R3_F32_2(name, expr)                                                               \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], r[R3_MAX_LANES];                      \
        if (r3_f32_direct(w, x)) {                                                         \
            const uint32_t *a = r3_src_direct(w, x, 0, ta), *b = r3_src_direct(w, x, 1, tb); \
            R3_F32_PASS32(R3_F32_X2, expr, a[l], b[l], b[l]);                              \
            r3_dst_put32(w, x, r);                                                         \
            return;                                                                        \
        }                                                                                  \
        const uint32_t *a = r3_src_f32_view(w, x, 0, ta), *b = r3_src_f32_view(w, x, 1, tb); \
        int rt = r3_round_enter(w, 0);                                                     \
        R3_F32_LANES(R3_F32_X2, expr, a[l], b[l], b[l]);                                   \
        r3_round_leave(rt);                                                                \
        R3_F32_TINY(expr, b);                                                              \
        r3_dst_f32(w, x, r);                                                               \
    }

/* r = a * b + c per lane, rounded once in the current mode, with r3_nan32_fma's NaN rule; with dx9 a
   zero factor gives c + 0 (r3_fma_lanes.c, built without -frounding-math so the lanes vectorize). */
/* v_sqrt_f32 on 32 lanes (the same file, for the same reason) */
void r3_sqrt32_lanes(const uint32_t *restrict a, uint32_t *restrict r, int ieee);
/* An f32 fma outside the direct shape (r3_valu_float.c): D = S0 * S1 + (acc ? D : S2), with dx9's
   rule (a zero factor gives the addend + 0). */
void r3_fma32_any(r3_wave *w, const r3_xop *x, int dx9, int acc);
void r3_fma32_lanes(int n, const uint32_t *restrict a, const uint32_t *restrict b, const uint32_t *restrict c,
                    uint32_t *restrict r, int dx9, int ieee);

#define R3_F32_3(name, expr)                                                               \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], tc[R3_MAX_LANES], r[R3_MAX_LANES];    \
        if (r3_f32_direct(w, x)) {                                                         \
            const uint32_t *a = r3_src_direct(w, x, 0, ta), *b = r3_src_direct(w, x, 1, tb); \
            const uint32_t *c = r3_src_direct(w, x, 2, tc);                                \
            R3_F32_PASS32(R3_F32_X3, expr, a[l], b[l], c[l]);                              \
            r3_dst_put32(w, x, r);                                                         \
            return;                                                                        \
        }                                                                                  \
        const uint32_t *a = r3_src_f32_view(w, x, 0, ta), *b = r3_src_f32_view(w, x, 1, tb); \
        const uint32_t *c = r3_src_f32_view(w, x, 2, tc);                                  \
        int rt = r3_round_enter(w, 0);                                                     \
        R3_F32_LANES(R3_F32_X3, expr, a[l], b[l], c[l]);                                   \
        r3_round_leave(rt);                                                                \
        R3_F32_TINY(expr, c);                                                              \
        r3_dst_f32(w, x, r);                                                               \
    }

/* f64 arithmetic in the MODE's f64 rounding (the _Q forms: `ieee` 1 for an instruction that quiets a
   NaN whatever MODE.IEEE says) */
#define R3_F64_1(name, expr) R3_F64_1_Q(name, expr, R3_IEEE(w))
#define R3_F64_1_Q(name, expr, quiets)                                                     \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_f64(w, x, 0, a);                                                            \
        const int ieee = (quiets);                                                         \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double dx = fp_f64(a[l]);                                                      \
            r[l] = r3_nan64(ieee, fp_b64(expr), a[l], a[l], a[l]);                         \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        r3_dst_f64(w, x, r);                                                               \
    }
/* f64 results with output denormals flushed that rounded to the smallest normal: tiny after rounding
   to 53 bits (fp_tiny_after_rounding) on the exact a * b + c (c NULL: a * b); host in
   round-to-nearest (after r3_round_leave) */
void r3_tiny64_fma(const r3_wave *w, int n, const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *r);
/* (with `product`, expr is dx * dy: its tininess by r3_tiny64_fma; a sum's tiny results are exact) */
#define R3_F64_2(name, expr, product)                                                      \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        r3_src_f64(w, x, 0, a);                                                            \
        r3_src_f64(w, x, 1, b);                                                            \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double dx = fp_f64(a[l]), dy = fp_f64(b[l]);                                   \
            r[l] = r3_nan64(R3_IEEE(w), fp_b64(expr), a[l], b[l], b[l]);                   \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        if (product)                                                                       \
            r3_tiny64_fma(w, LANES, a, b, NULL, r);                                        \
        r3_dst_f64(w, x, r);                                                               \
    }
#define R3_F64_3(name, expr)                                                               \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];       \
        r3_src_f64(w, x, 0, a);                                                            \
        r3_src_f64(w, x, 1, b);                                                            \
        r3_src_f64(w, x, 2, c);                                                            \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double dx = fp_f64(a[l]), dy = fp_f64(b[l]), dz = fp_f64(c[l]);                \
            r[l] = r3_nan64_fma(R3_IEEE(w), fp_b64(expr), a[l], b[l], c[l]);               \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        r3_tiny64_fma(w, LANES, a, b, c, r); /* (expr is the fma of dx, dy, dz) */         \
        r3_dst_f64(w, x, r);                                                               \
    }

/* f16 arithmetic: hx, hy, hz are the values as doubles; `expr` is a double rounded once to f16 */
#define R3_F16_1(name, expr) R3_F16_1_Q(name, expr, R3_IEEE(w))
#define R3_F16_1_Q(name, expr, quiets)                                                     \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_f16(w, x, 0, a);                                                            \
        const int ieee = (quiets);                                                         \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double hx = r3_h(a[l]);                                                        \
            r[l] = r3_nan16(ieee, r3_to_f16(w, expr), a[l], a[l], a[l]);                   \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        r3_dst_f16(w, x, r);                                                               \
    }
#define R3_F16_2(name, expr)                                                               \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        r3_src_f16(w, x, 0, a);                                                            \
        r3_src_f16(w, x, 1, b);                                                            \
        int rt = r3_round_enter(w, 1);                                                     \
        for (int l = 0; l < LANES; l++) {                                                  \
            double hx = r3_h(a[l]), hy = r3_h(b[l]);                                       \
            r[l] = r3_nan16(R3_IEEE(w), r3_to_f16(w, expr), a[l], b[l], b[l]);             \
        }                                                                                  \
        r3_round_leave(rt);                                                                \
        r3_dst_f16(w, x, r);                                                               \
    }

#endif
