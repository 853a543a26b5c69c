/* IEEE-754 rounding and conversions done in integer arithmetic, so every rounding mode is exact
   and independent of the host's floating-point environment. */
#include "fp.h"

#include <fenv.h>
#include <math.h>

const fp_format fp_half = {11, -14, 15, 5};
const fp_format fp_bfloat = {8, -126, 127, 8};
const fp_format fp_single = {24, -126, 127, 8};

static int fp_round_up(fp_round r, int neg, uint64_t kept, uint64_t rem, uint64_t half, int below_half_nonzero)
{
    /* rem: the dropped bits relative to half (rem == half is a tie unless something lies below) */
    int inexact = rem != 0 || below_half_nonzero;
    switch (r) {
    case FP_RNE: return rem > half || (rem == half && (below_half_nonzero || (kept & 1)));
    case FP_RMM: return rem >= half && half != 0;
    case FP_RUP: return inexact && !neg;
    case FP_RDN: return inexact && neg;
    default: return 0;
    }
}

uint32_t fp_pack(const fp_format *f, int neg, uint64_t mag, int exp, int sticky, fp_round r)
{
    int frac_bits = f->precision - 1;
    uint32_t sign = neg ? 1u << (f->exp_bits + frac_bits) : 0;
    uint32_t max_finite = (((1u << f->exp_bits) - 2) << frac_bits) | ((1u << frac_bits) - 1);
    uint32_t inf = ((1u << f->exp_bits) - 1) << frac_bits;
    if (mag == 0) { /* only a dropped remainder: zero or the smallest denormal */
        int up = sticky && ((r == FP_RUP && !neg) || (r == FP_RDN && neg));
        return sign | (up ? 1u : 0u);
    }
    int lead = 63 - __builtin_clzll(mag);
    int e = exp + lead; /* value in [2^e, 2^(e+1)) */
    mag <<= 63 - lead;
    int shift = 64 - f->precision + (e < f->emin ? f->emin - e : 0);
    uint64_t kept, rem, half;
    int below = sticky;
    if (shift < 64) {
        kept = mag >> shift;
        rem = mag & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    } else { /* everything drops: the rounding bit is mag's top bit only when shift == 64 */
        kept = 0;
        rem = shift == 64 ? mag : 0;
        half = shift == 64 ? 1ull << 63 : 1;
        below = sticky || (shift > 64);
    }
    if (fp_round_up(r, neg, kept, rem, half, below))
        kept++;
    if (e < f->emin) /* denormal (a carry into the implicit bit makes the smallest normal) */
        return sign | (uint32_t)kept;
    if (kept >> f->precision) {
        kept >>= 1;
        e++;
    }
    if (e > f->emax) {
        int to_inf = r == FP_RNE || r == FP_RMM || (r == FP_RUP && !neg) || (r == FP_RDN && neg);
        return sign | (to_inf ? inf : max_finite);
    }
    return sign | ((uint32_t)(e - f->emin + 1) << frac_bits) | ((uint32_t)kept & ((1u << frac_bits) - 1));
}

void fp_unpack64(double d, int *neg, uint64_t *mag, int *exp)
{
    uint64_t b = fp_b64(d);
    unsigned be = (unsigned)(b >> 52 & 0x7ff);
    *neg = (int)(b >> 63);
    *mag = (b & 0xfffffffffffffull) | (be ? 1ull << 52 : 0);
    *exp = (be ? (int)be : 1) - 1075;
}

/* NaNs and infinities keep their sign and the top bits of the payload, quieted. */
static uint32_t fp_special_from64(const fp_format *f, double d)
{
    uint64_t b = fp_b64(d);
    int frac_bits = f->precision - 1;
    uint32_t sign = (uint32_t)(b >> 63) << (f->exp_bits + frac_bits);
    uint32_t inf = ((1u << f->exp_bits) - 1) << frac_bits;
    if (isinf(d))
        return sign | inf;
    return sign | inf | (1u << (frac_bits - 1)) | (uint32_t)((b & 0xfffffffffffffull) >> (52 - frac_bits));
}

static uint32_t fp_from64(const fp_format *f, double d, fp_round r)
{
    if (isnan(d) || isinf(d))
        return fp_special_from64(f, d);
    int neg, exp;
    uint64_t mag;
    fp_unpack64(d, &neg, &mag, &exp);
    return fp_pack(f, neg, mag, exp, 0, r);
}

double fp_f16_to_f64(uint32_t h)
{
    h &= 0xffffu;
    uint64_t sign = (uint64_t)(h >> 15) << 63;
    unsigned e = (h >> 10) & 31, m = h & 1023;
    if (e == 31)
        return fp_f64(sign | 0x7ff0000000000000ull | ((uint64_t)m << 42));
    double v = e ? ldexp((double)(m | 1024), (int)e - 25) : ldexp((double)m, -24);
    return sign ? -v : v;
}

uint32_t fp_f64_to_f16(double d, fp_round r)
{
    return fp_from64(&fp_half, d, r);
}

uint32_t fp_f64_to_f32(double d, fp_round r)
{
    return fp_from64(&fp_single, d, r);
}

float fp_bf16_to_f32(uint32_t h)
{
    return fp_f32((h & 0xffffu) << 16);
}

uint32_t fp_f32_to_bf16(float f, fp_round r)
{
    return fp_from64(&fp_bfloat, (double)f, r);
}

int fp_host_round(fp_round r)
{
    static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST};
    int old = fegetround();
    fesetround(modes[r]);
    return old;
}

void fp_host_restore(int previous)
{
    fesetround(previous);
}
