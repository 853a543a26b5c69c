/* Exact sums for the test reference models (wmma_ref.c, valu_ref.c): a wide two's complement
   fixed-point accumulator and its single rounding to nearest even. Test code only. */
#ifndef WAVESIM_TEST_REF_WIDE_H
#define WAVESIM_TEST_REF_WIDE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A fixed-point number: 12 words, two's complement, the binary point at bit 400. */
#define WORDS 12
#define POINT 400
typedef struct { uint64_t w[WORDS]; } wide;

static void wide_add_shifted(wide *acc, int neg, uint64_t mag, int exp2)
{
    /* adds (-1)^neg * mag * 2^exp2 */
    wide t;
    memset(&t, 0, sizeof t);
    int pos = POINT + exp2;
    if (pos < 0 || pos >= 64 * WORDS - 64)
        abort();
    int wi = pos / 64, sh = pos % 64;
    t.w[wi] |= mag << sh;
    if (sh && wi + 1 < WORDS)
        t.w[wi + 1] |= mag >> (64 - sh);
    if (neg) { /* two's complement negate */
        int carry = 1;
        for (int i = 0; i < WORDS; i++) {
            uint64_t v = ~t.w[i] + (uint64_t)carry;
            carry = carry && v == 0;
            t.w[i] = v;
        }
    }
    unsigned __int128 c = 0;
    for (int i = 0; i < WORDS; i++) {
        c += (unsigned __int128)acc->w[i] + t.w[i];
        acc->w[i] = (uint64_t)c;
        c >>= 64;
    }
}

static int wide_bit(const wide *x, int b) { return (int)(x->w[b / 64] >> (b % 64) & 1); }

/* Rounds the accumulator to a float with `man` mantissa and `ex` exponent bits; rounding mode r:
   0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero. */
static uint32_t wide_round(wide acc, int man, int ex, int r)
{
    int neg = (int)(acc.w[WORDS - 1] >> 63);
    if (neg) {
        int carry = 1;
        for (int i = 0; i < WORDS; i++) {
            uint64_t v = ~acc.w[i] + (uint64_t)carry;
            carry = carry && v == 0;
            acc.w[i] = v;
        }
    }
    uint32_t sign = (uint32_t)neg << (man + ex);
    int top = 64 * WORDS - 1;
    while (top >= 0 && !wide_bit(&acc, top))
        top--;
    if (top < 0)
        return sign; /* exact zero: -0 only from a negative accumulation of zeros, which sums never give */
    int bias = (1 << (ex - 1)) - 1, e = top - POINT, emin = 1 - bias;
    int lsb = (e < emin ? emin : e) - man + POINT; /* bit index of the last kept bit */
    uint64_t q = 0;
    for (int b = top; b >= lsb && b >= 0; b--)
        q = q << 1 | (uint64_t)wide_bit(&acc, b);
    if (lsb > top) /* everything below the last kept bit */
        q = 0;
    int half = lsb - 1 >= 0 ? wide_bit(&acc, lsb - 1) : 0, sticky = 0;
    for (int b = lsb - 2; b >= 0 && !sticky; b--)
        sticky = wide_bit(&acc, b);
    int inexact = half || sticky;
    if (r == 0 ? half && (sticky || (q & 1)) : r == 1 ? inexact && !neg : r == 2 ? inexact && neg : 0)
        q++;
    int exp_field;
    if (q >> (man + 1)) {
        q >>= 1;
        lsb++;
    }
    exp_field = q >> man ? lsb - POINT + man + bias : 0;
    if (exp_field >= (1 << ex) - 1) {
        int to_inf = r == 0 || (r == 1 && !neg) || (r == 2 && neg);
        return sign | (to_inf ? ((1u << ex) - 1) << man : (((1u << ex) - 2) << man) | ((1u << man) - 1));
    }
    return sign | (uint32_t)exp_field << man | (uint32_t)(q & ((1u << man) - 1));
}

/* Whether the accumulator is exactly zero, and the sign IEEE gives such a total: zeros of one sign
   keep it; a cancellation, or mixed zeros, give +0, or -0 rounding down (r == 2). */
static int wide_is_zero(const wide *x)
{
    for (int i = 0; i < WORDS; i++)
        if (x->w[i])
            return 0;
    return 1;
}

static int wide_zero_sign(int nonzero, int pos_zero, int neg_zero, int r)
{
    return nonzero ? r == 2 : r == 2 ? neg_zero : neg_zero && !pos_zero;
}

#endif
