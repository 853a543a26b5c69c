/* RDNA3 VALU conversions: between integers and f16/f32/f64, between float widths, normalised and
   packed forms. Float to integer truncates toward zero, saturates, and turns NaN into 0. */
#include "r3_valu.h"

static uint32_t to_u32(double d) { return isnan(d) || d <= 0 ? 0 : d >= 4294967295.0 ? 0xffffffffu : (uint32_t)d; }
R3_INLINE uint32_t to_i32(double d)
{
    return isnan(d) ? 0 : d <= -2147483648.0 ? 0x80000000u : d >= 2147483647.0 ? 0x7fffffffu : (uint32_t)(int32_t)d;
}
static uint32_t to_u16(double d) { return isnan(d) || d <= 0 ? 0 : d >= 65535.0 ? 0xffffu : (uint32_t)d; }
R3_INLINE uint32_t to_i16(double d)
{
    return isnan(d) ? 0 : d <= -32768.0 ? 0x8000u : d >= 32767.0 ? 0x7fffu : (uint32_t)(int32_t)d & 0xffffu;
}

/* Round to nearest even without depending on the host rounding mode (values here are small). */
R3_INLINE double rne(double v)
{
    double t = floor(v), d = v - t;
    return d > 0.5 || (d == 0.5 && fmod(t, 2.0) != 0) ? t + 1 : t;
}

/* Normalised 16-bit integers: [-1, 1] to [-32767, 32767], [0, 1] to [0, 65535]; NaN gives 0. */
static uint32_t snorm16(double v) { return isnan(v) ? 0 : (uint32_t)(int32_t)rne(fmax(-1.0, fmin(1.0, v)) * 32767.0) & 0xffffu; }
static uint32_t unorm16(double v) { return isnan(v) ? 0 : (uint32_t)rne(fmax(0.0, fmin(1.0, v)) * 65535.0); }

/* An integer to f16 or f32 under the MODE's rounding (exact integer rounding). */
R3_INLINE uint32_t int_to_f16(const r3_wave *w, int64_t v)
{
    return fp_pack(&fp_half, v < 0, v < 0 ? (uint64_t)-v : (uint64_t)v, 0, 0, (fp_round)R3_MODE_ROUND64(w->mode));
}

R3_INLINE uint32_t int_to_f32(const r3_wave *w, int64_t v)
{
    /* fast paths, round to nearest even: the host's conversion (its mode outside r3_round_enter)
       rounds the same, IEEE 754 conversions being correctly rounded */
    if (w->fast32 && R3_MODE_ROUND32(w->mode) == FP_RNE)
        return fp_b32((float)v);
    return fp_pack(&fp_single, v < 0, v < 0 ? (uint64_t)-v : (uint64_t)v, 0, 0, (fp_round)R3_MODE_ROUND32(w->mode));
}

/* ---- one 32-bit source, 32-bit result ---- */

#define CVT32(name, fetch, expr, store) R3_MAP1(name, fetch, store, expr)
/* D = (u32)trunc(S0), saturating, NaN -> 0 */
CVT32(v_cvt_u32_f32, r3_src_f32, to_u32(fp_f32(a[l])), r3_dst_b32)
/* D = (i32)trunc(S0), saturating, NaN -> 0 */
CVT32(v_cvt_i32_f32, r3_src_f32, to_i32(fp_f32(a[l])), r3_dst_b32)
/* D = (i32)floor(S0), saturating, NaN -> 0 */
CVT32(v_cvt_floor_i32_f32, r3_src_f32, to_i32(floor(fp_f32(a[l]))), r3_dst_b32)
/* D = (i32)floor(S0 + 0.5) with the exact sum, halves rounding up (AMD rocjitsu's captures on gfx1100
   and gfx1201: 0.49999997 gives 0; the guide's pseudocode types the sum as an f32 addition, which
   would give 1). Saturating, NaN -> 0. (The sum of an f32 and 0.5 is exact in double.) */
CVT32(v_cvt_nearest_i32_f32, r3_src_f32, to_i32(floor((double)fp_f32(a[l]) + 0.5)), r3_dst_b32)
/* D = (f32)S0 unsigned */
CVT32(v_cvt_f32_u32, r3_src_b32, int_to_f32(w, a[l]), r3_dst_f32)
/* D = (f32)S0 signed */
CVT32(v_cvt_f32_i32, r3_src_b32, int_to_f32(w, (int32_t)a[l]), r3_dst_f32)
/* D = (f32)S0[7:0] */
CVT32(v_cvt_f32_ubyte0, r3_src_b32, fp_b32((float)(a[l] & 255)), r3_dst_f32)
/* D = (f32)S0[15:8] */
CVT32(v_cvt_f32_ubyte1, r3_src_b32, fp_b32((float)(a[l] >> 8 & 255)), r3_dst_f32)
/* D = (f32)S0[23:16] */
CVT32(v_cvt_f32_ubyte2, r3_src_b32, fp_b32((float)(a[l] >> 16 & 255)), r3_dst_f32)
/* D = (f32)S0[31:24] */
CVT32(v_cvt_f32_ubyte3, r3_src_b32, fp_b32((float)(a[l] >> 24)), r3_dst_f32)
/* D = S0[3:0] as a signed 4-bit value times 1/16 */
CVT32(v_cvt_off_f32_i4, r3_src_b32, fp_b32((float)((int32_t)(a[l] << 28) >> 28) * 0.0625f), r3_dst_f32)
/* D = (f32)S0.f16 */
CVT32(v_cvt_f32_f16, r3_src_f16, fp_b32((float)r3_h(a[l])), r3_dst_f32)
/* D = S0.u16 zero-extended */
CVT32(v_cvt_u32_u16, r3_src_b16, a[l], r3_dst_b32)
/* D = S0.i16 sign-extended */
CVT32(v_cvt_i32_i16, r3_src_b16, (uint32_t)(int32_t)(int16_t)a[l], r3_dst_b32)
/* D.f16 = (f16)S0 */
CVT32(v_cvt_f16_f32, r3_src_f32, r3_to_f16(w, fp_f32(a[l])), r3_dst_f16)
/* D.f16 = (f16)S0.u16 */
CVT32(v_cvt_f16_u16, r3_src_b16, int_to_f16(w, a[l]), r3_dst_f16)
/* D.f16 = (f16)S0.i16 */
CVT32(v_cvt_f16_i16, r3_src_b16, int_to_f16(w, (int16_t)a[l]), r3_dst_f16)
/* D.u16 = (u16)trunc(S0.f16), saturating, NaN -> 0 */
CVT32(v_cvt_u16_f16, r3_src_f16, to_u16(r3_h(a[l])), r3_dst_b16)
/* D.i16 = (i16)trunc(S0.f16), saturating, NaN -> 0 */
CVT32(v_cvt_i16_f16, r3_src_f16, to_i16(r3_h(a[l])), r3_dst_b16)
/* D.i16 = S0.f16 clamped to [-1, 1] times 32767, rounded */
CVT32(v_cvt_norm_i16_f16, r3_src_f16, snorm16(r3_h(a[l])), r3_dst_b16)
/* D.u16 = S0.f16 clamped to [0, 1] times 65535, rounded */
CVT32(v_cvt_norm_u16_f16, r3_src_f16, unorm16(r3_h(a[l])), r3_dst_b16)
/* D.u16 = {saturate_u8(S0.i16[1]), saturate_u8(S0.i16[0])} */
CVT32(v_sat_pk_u8_i16, r3_src_b32,
      (uint32_t)((int16_t)a[l] < 0 ? 0 : (int16_t)a[l] > 255 ? 255 : (int16_t)a[l]) |
          (uint32_t)((int16_t)(a[l] >> 16) < 0 ? 0 : (int16_t)(a[l] >> 16) > 255 ? 255 : (int16_t)(a[l] >> 16)) << 8,
      r3_dst_b16)

/* ---- f64 ---- */

#define CVT_TO64(name, fetch, expr)                                                        \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES];                                                          \
        uint64_t r[R3_MAX_LANES];                                                          \
        fetch(w, x, 0, a);                                                                 \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        r3_dst_f64(w, x, r);                                                               \
    }
/* D = (f64)S0 signed */
CVT_TO64(v_cvt_f64_i32, r3_src_b32, fp_b64((double)(int32_t)a[l]))
/* D = (f64)S0 unsigned */
CVT_TO64(v_cvt_f64_u32, r3_src_b32, fp_b64((double)a[l]))
/* D = (f64)S0 (exact; NaNs quieted) */
CVT_TO64(v_cvt_f64_f32, r3_src_f32, fp_quiet64(fp_b64((double)fp_f32(a[l]))))

#define CVT_FROM64(name, expr, store)                                                      \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES];                                                          \
        uint32_t r[R3_MAX_LANES];                                                          \
        r3_src_f64(w, x, 0, a);                                                            \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        store(w, x, r);                                                                    \
    }
/* D = (f32)S0 under the f32 rounding mode */
CVT_FROM64(v_cvt_f32_f64, r3_tiny32_of(w, fp_f64_to_f32(fp_f64(a[l]), (fp_round)R3_MODE_ROUND32(w->mode)), fp_f64(a[l])),
           r3_dst_f32)
/* D = (i32)trunc(S0), saturating, NaN -> 0 */
CVT_FROM64(v_cvt_i32_f64, to_i32(fp_f64(a[l])), r3_dst_b32)
/* D = (u32)trunc(S0), saturating, NaN -> 0 */
CVT_FROM64(v_cvt_u32_f64, to_u32(fp_f64(a[l])), r3_dst_b32)

/* ---- two sources packed into one 32-bit result: D = {f(S1), f(S0)} ---- */

#define CVT_PK(name, fetch, expr)                                                          \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        fetch(w, x, 0, a);                                                                 \
        fetch(w, x, 1, b);                                                                 \
        for (int l = 0; l < LANES; l++) {                                                  \
            uint32_t lo, hi;                                                               \
            uint32_t v = a[l];                                                             \
            lo = (expr);                                                                   \
            v = b[l];                                                                      \
            hi = (expr);                                                                   \
            r[l] = (lo & 0xffffu) | hi << 16;                                              \
        }                                                                                  \
        r3_dst_b32(w, x, r);                                                               \
    }
/* An f16 result with MODE's f16 output denormal rule, as every float result gets. */
R3_INLINE uint32_t out16(const r3_wave *w, uint32_t h)
{
    return (w->mode & R3_MODE_DENORM_OUT64) ? h : fp_flush16(h);
}
/* D = {(f16)S1, (f16)S0}, rounded toward zero */
CVT_PK(v_cvt_pk_rtz_f16_f32, r3_src_f32, out16(w, fp_f64_to_f16(fp_f32(v), FP_RTZ)))
/* D = {snorm16(S1), snorm16(S0)} */
CVT_PK(v_cvt_pk_norm_i16_f32, r3_src_f32, snorm16(fp_f32(v)))
/* D = {unorm16(S1), unorm16(S0)} */
CVT_PK(v_cvt_pk_norm_u16_f32, r3_src_f32, unorm16(fp_f32(v)))
/* D = {snorm16(S1.f16), snorm16(S0.f16)} */
CVT_PK(v_cvt_pk_norm_i16_f16, r3_src_f16, snorm16(r3_h(v)))
/* D = {unorm16(S1.f16), unorm16(S0.f16)} */
CVT_PK(v_cvt_pk_norm_u16_f16, r3_src_f16, unorm16(r3_h(v)))
/* D = {(i16)S1, (i16)S0} from f32, truncating and saturating */
CVT_PK(v_cvt_pk_i16_f32, r3_src_f32, to_i16(fp_f32(v)))
/* D = {(u16)S1, (u16)S0} from f32, truncating and saturating */
CVT_PK(v_cvt_pk_u16_f32, r3_src_f32, to_u16(fp_f32(v)))
/* D = {saturate_i16(S1), saturate_i16(S0)} */
CVT_PK(v_cvt_pk_i16_i32, r3_src_b32, (int32_t)v < -32768 ? 0x8000u : (int32_t)v > 32767 ? 0x7fffu : v & 0xffffu)
/* D = {saturate_u16(S1), saturate_u16(S0)} */
CVT_PK(v_cvt_pk_u16_u32, r3_src_b32, v > 0xffffu ? 0xffffu : v)
/* D = {S1.f16, S0.f16} (input modifiers apply, no denormal flushing) */
CVT_PK(v_pack_b32_f16, r3_src_mod16, v)

/* D = S2 with byte S1[1:0] replaced by saturate_u8(trunc(S0)) */
OP(v_cvt_pk_u8_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_f32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    r3_src_b32(w, x, 2, c);
    for (int l = 0; l < LANES; l++) {
        unsigned sh = 8 * (b[l] & 3);
        uint32_t byte = to_u32(fp_f32(a[l]));
        r[l] = (c[l] & ~(0xffu << sh)) | (byte > 255 ? 255u : byte) << sh;
    }
    r3_dst_b32(w, x, r);
}

