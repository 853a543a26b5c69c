/* The lanes of the RDNA3 f32 fused multiply-adds (v_fma_f32, v_fmac_f32, fmamk/fmaak and the DX9
   forms) and of v_sqrt_f32, and the instruction functions of the four f32 fmas (their direct
   shape computed here, every other case by r3_fma32_any in r3_valu_float.c), in a file of their
   own because the Makefile builds it without -frounding-math: under that flag GCC treats fmaf and
   sqrtf as calls that may touch memory and will not vectorize the lanes. Nothing here depends on
   the flag: there is no constant to fold and no addition but `+ 0.0f` (never folded away: -0 + 0 is
   +0), and the caller has set the rounding mode (r3_round_enter) that the vector instructions round
   in, so the results are those of the per-lane reference loops (fma32_lanes_reference and
   R3_TRANS32's lane loop; --no-fast-paths). */
#include <stdint.h>

#include "common/fp.h"
#include "r3_exec.h"
#include "r3_valu.h"

/* 32 lanes of the f32 fmas: r = a * b + c rounded once, NaN rules of r3_nan32_fma (`ieee`: MODE's
   IEEE bit); with dx9 a zero factor gives c + 0. One pass the compiler vectorizes (a constant trip count, which -O2's cheap
   vectorizer needs; the sources may be one row, r is apart from them), then the NaN rule when a lane
   made a NaN. */
R3_INLINE void fma32_lanes32(const uint32_t *restrict a, const uint32_t *restrict b, const uint32_t *restrict c,
                             uint32_t *restrict r, int dx9, int ieee)
{
    uint32_t nan = 0;
    if (dx9) {
        for (int l = 0; l < 32; l++) {
            float fx = fp_f32(a[l]), fy = fp_f32(b[l]), fz = fp_f32(c[l]);
            float v = fx == 0.0f || fy == 0.0f ? fz + 0.0f : __builtin_fmaf(fx, fy, fz);
            r[l] = fp_b32(v);
            nan |= (uint32_t)(v != v); /* (NaN: unordered with itself) */
        }
    } else {
        for (int l = 0; l < 32; l++) {
            float v = __builtin_fmaf(fp_f32(a[l]), fp_f32(b[l]), fp_f32(c[l]));
            r[l] = fp_b32(v);
            nan |= (uint32_t)(v != v);
        }
    }
    for (int l = 0; nan && l < 32; l++) {
        float fx = fp_f32(a[l]), fy = fp_f32(b[l]);
        if (dx9 && (fx == 0.0f || fy == 0.0f))
            r[l] = r3_nan32(ieee, r[l], c[l], c[l], c[l]);
        else
            r[l] = r3_nan32_fma(ieee, r[l], a[l], b[l], c[l]);
    }
}

/* The lanes of the f32 fmas, 32 at a time (n is 32 or 64). */
LANES_MULTIVERSION void r3_fma32_lanes(int n, const uint32_t *restrict a, const uint32_t *restrict b, const uint32_t *restrict c,
                                    uint32_t *restrict r, int dx9, int ieee)
{
    for (int base = 0; base < n; base += 32)
        fma32_lanes32(a + base, b + base, c + base, r + base, dx9, ieee);
}

/* A whole f32 fma of the direct shape (r3_f32_direct): D = S0 * S1 + (acc ? D : S2), with dx9's rule,
   sources read and the result written here, so the lanes stay in registers. (The direct shape
   rounds to nearest even, the host's mode between instructions: no mode switch here for the
   compiler to keep the arithmetic behind.) */
R3_INLINE void fma32_direct(r3_wave *w, const r3_xop *x, int dx9, int acc)
{
    uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], tc[R3_MAX_LANES], r[R3_MAX_LANES];
    const uint32_t *a = r3_src_direct(w, x, 0, ta), *b = r3_src_direct(w, x, 1, tb);
    fma32_lanes32(a, b, acc ? r3_dst_row(w, x) : r3_src_direct(w, x, 2, tc), r, dx9, R3_IEEE(w));
    r3_dst_put32(w, x, r);
}

/* The f32 fma instruction functions: the direct shape here, the rest in r3_valu_float.c. */
#define R3_FMA32(name, dx9, acc)                                                           \
    OP(name)                                                                               \
    {                                                                                      \
        if (!(dx9) && r3_f32_direct(w, x)) /* (dx9 forms always flush their output) */     \
            fma32_direct(w, x, dx9, acc);                                                  \
        else                                                                               \
            r3_fma32_any(w, x, dx9, acc);                                                  \
    }
/* D = S0 * S1 + S2, one rounding */
R3_FMA32(v_fma_f32, 0, 0)
/* D = S0 * S1 + D, one rounding */
R3_FMA32(v_fmac_f32, 0, 1)
/* D = S0 * S1 + D; S0 or S1 zero gives D (DX9 rule) */
R3_FMA32(v_fmac_dx9_zero_f32, 1, 1)
/* D = S0 * S1 + S2, one rounding; S0 or S1 zero gives S2 (DX9 rule) */
R3_FMA32(v_fma_dx9_zero_f32, 1, 0)

/* v_sqrt_f32's 32 lanes, R3_F32_TRANS's rules: a denormal input reads as a zero of its sign, a NaN
   result is the source NaN (quieted when `ieee`) or (from a negative input) the negative default NaN. (No result
   of a square root of a normal number is denormal, so the output flush has nothing to do.) */
LANES_MULTIVERSION void r3_sqrt32_lanes(const uint32_t *restrict a, uint32_t *restrict r, int ieee)
{
    uint32_t nan = 0;
    for (int l = 0; l < 32; l++) {
        r[l] = fp_b32(__builtin_sqrtf(fp_f32(fp_flush32(a[l]))));
        nan |= (uint32_t)fp_isnan32(r[l]);
    }
    for (int l = 0; nan && l < 32; l++)
        if (fp_isnan32(r[l]))
            r[l] = fp_isnan32(a[l]) ? (ieee ? fp_quiet32(a[l]) : a[l]) : 0xffc00000u;
}
