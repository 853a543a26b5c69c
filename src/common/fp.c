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

int fp_tiny_after_rounding(double hi, double lo, int p, int emin, fp_round r)
{
    int neg = hi < 0 || (hi == 0 && lo < 0);
    double mag = fabs(hi), err = neg ? -lo : lo, min = ldexp(1.0, emin);
    /* the largest magnitude that rounds below 2^emin: the midpoint of 2^emin and its neighbour below
       (2^emin - 2^(emin-p)) when rounding to nearest, a tie rounding up to the even 2^emin; that
       neighbour when rounding away from zero; anything below 2^emin when rounding toward zero */
    int away = (r == FP_RUP && !neg) || (r == FP_RDN && neg);
    if (r == FP_RNE || r == FP_RMM) {
        double mid = min - ldexp(1.0, emin - p - 1);
        return mag < mid || (mag == mid && err < 0);
    }
    if (away) {
        double below = min - ldexp(1.0, emin - p);
        return mag < below || (mag == below && err <= 0);
    }
    return mag < min || (mag == min && err < 0);
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

/* (fesetround writes the x87 and SSE control registers, which costs more than reading one: a mode
   the host already has is not set again) */
int fp_host_round(fp_round r)
{
    static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST};
    int old = fegetround();
    if (modes[r] != old)
        fesetround(modes[r]);
    return old;
}

void fp_host_restore(int previous)
{
    if (fegetround() != previous)
        fesetround(previous);
}

#define FP_SUM_POINT 384 /* bit index of 2^0 */

void fp_sum_add(fp_sum *s, int neg, uint64_t mag, int exp)
{
    int pos = FP_SUM_POINT + exp;
    if (!mag || pos < 0 || pos > 64 * FP_SUM_WORDS - 128)
        return; /* outside the documented range: callers never pass such terms */
    uint64_t t[FP_SUM_WORDS] = {0};
    int wi = pos / 64, sh = pos % 64;
    t[wi] = mag << sh;
    t[wi + 1] = sh ? mag >> (64 - sh) : 0;
    unsigned carry = neg ? 1u : 0u; /* negation: add the complement plus one */
    for (int i = 0; i < FP_SUM_WORDS; i++) {
        uint64_t v = neg ? ~t[i] : t[i];
        uint64_t r = s->w[i] + v;
        unsigned c1 = r < v;
        uint64_t r2 = r + carry;
        carry = c1 | (r2 < r);
        s->w[i] = r2;
    }
}

uint32_t fp_sum_round(const fp_sum *s, const fp_format *f, fp_round r)
{
    uint64_t m[FP_SUM_WORDS];
    int neg = (int)(s->w[FP_SUM_WORDS - 1] >> 63);
    unsigned carry = 1;
    for (int i = 0; i < FP_SUM_WORDS; i++) { /* magnitude */
        m[i] = neg ? ~s->w[i] + carry : s->w[i];
        if (neg)
            carry = carry && m[i] == 0;
    }
    int top = FP_SUM_WORDS - 1;
    while (top >= 0 && !m[top])
        top--;
    if (top < 0)
        return 0;
    /* the 64 bits from the leading one down, and whether anything below them is set */
    int lead = 63 - __builtin_clzll(m[top]), bit = 64 * top + lead; /* index of the leading one */
    int low = bit - 63; /* mag holds bits [low, bit]: value = mag * 2^(low - point), sticky below */
    uint64_t mag;
    int sticky = 0;
    if (low <= 0) { /* then top == 0: the whole magnitude is m[0] */
        mag = m[0] << -low;
    } else {
        int wi = low / 64, sh = low % 64;
        mag = m[wi] >> sh;
        if (sh && wi + 1 < FP_SUM_WORDS)
            mag |= m[wi + 1] << (64 - sh);
        sticky = sh && (m[wi] & ((1ull << sh) - 1)) != 0;
        for (int i = 0; i < wi && !sticky; i++)
            sticky = m[i] != 0;
    }
    return fp_pack(f, neg, mag, low - FP_SUM_POINT, sticky, r);
}

int fp_split(const fp_format *f, uint32_t bits, int *neg, uint64_t *mag, int *exp)
{
    int frac = f->precision - 1;
    uint32_t e = bits >> frac & ((1u << f->exp_bits) - 1), m = bits & ((1u << frac) - 1);
    *neg = (int)(bits >> (frac + f->exp_bits) & 1);
    if (e == (1u << f->exp_bits) - 1)
        return m ? 2 : 1;
    *mag = e ? m | 1u << frac : m;
    *exp = (e ? (int)e - 1 : 0) + f->emin - frac;
    return 0;
}

void fp_dot_product(fp_dot *d, const fp_format *fa, uint32_t a, const fp_format *fb, uint32_t b)
{
    int na, nb, ea = 0, eb = 0; /* (set by fp_split for finite values, the only ones read) */
    uint64_t ma = 0, mb = 0;
    int ka = fp_split(fa, a, &na, &ma, &ea), kb = fp_split(fb, b, &nb, &mb, &eb);
    if (ka == 2 || kb == 2 || (ka == 1 && kb == 0 && !mb) || (kb == 1 && ka == 0 && !ma))
        d->nan = 1;
    else if (ka == 1 || kb == 1)
        *(na ^ nb ? &d->ninf : &d->pinf) = 1;
    else if (ma && mb) {
        fp_sum_add(&d->sum, na ^ nb, ma * mb, ea + eb);
        d->nonzero = 1;
    } else {
        *(na ^ nb ? &d->neg_zero : &d->pos_zero) = 1;
    }
}

void fp_dot_value(fp_dot *d, const fp_format *f, uint32_t v)
{
    int n, e;
    uint64_t m = 0;
    int k = fp_split(f, v, &n, &m, &e);
    if (k == 2)
        d->nan = 1;
    else if (k == 1)
        *(n ? &d->ninf : &d->pinf) = 1;
    else if (m) {
        fp_sum_add(&d->sum, n, m, e);
        d->nonzero = 1;
    } else {
        *(n ? &d->neg_zero : &d->pos_zero) = 1;
    }
}

uint32_t fp_dot_round(const fp_dot *d, const fp_format *f, fp_round r, uint32_t nan)
{
    if (d->nan || (d->pinf && d->ninf))
        return nan;
    if (d->pinf || d->ninf) {
        int frac = f->precision - 1;
        return (uint32_t)d->ninf << (frac + f->exp_bits) | ((1u << f->exp_bits) - 1) << frac;
    }
    int exact_zero = 1;
    for (int i = 0; i < FP_SUM_WORDS; i++)
        exact_zero &= d->sum.w[i] == 0;
    if (!exact_zero)
        return fp_sum_round(&d->sum, f, r);
    int neg = d->nonzero ? r == FP_RDN : r == FP_RDN ? d->neg_zero : d->neg_zero && !d->pos_zero;
    return (uint32_t)neg << (f->precision - 1 + f->exp_bits);
}
