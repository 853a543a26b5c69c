/* IEEE-754 helpers the executors share: bit casts, rounding a value to f16, bf16 or f32 under any
   rounding mode, conversions, NaN quieting and denormal flushing. No ISA knowledge here. */
#ifndef WAVESIM_FP_H
#define WAVESIM_FP_H

#include <stdint.h>
#include <string.h>

/* Rounding modes, numbered as GPU MODE registers and RISC-V frm (0..3 overlap on purpose only for
   the first: callers map their own encodings). */
typedef enum { FP_RNE = 0, FP_RUP = 1, FP_RDN = 2, FP_RTZ = 3, FP_RMM = 4 } fp_round;

/* A binary floating-point format of at most 32 bits. */
typedef struct {
    int precision;      /* significand bits including the implicit one */
    int emin, emax;     /* unbiased exponent range of normal numbers */
    int exp_bits;
} fp_format;

extern const fp_format fp_half, fp_bfloat, fp_single;

/* The small helpers below are forced inline: GCC does not inline a plain inline function into a
   function built for another target (the x86-64-v3 clones of the lane loops), and a call per lane
   would stop those loops from being vectorized. */
#if defined(__GNUC__)
#define FP_INLINE static inline __attribute__((always_inline))
#else
#define FP_INLINE static inline
#endif

FP_INLINE float fp_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

FP_INLINE uint32_t fp_b32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

FP_INLINE double fp_f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

FP_INLINE uint64_t fp_b64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* The encoding of (-1)^neg * mag * 2^exp in format f, rounded by r; `sticky` says a nonzero
   amount smaller than one unit of mag's last bit was dropped. Overflow gives infinity or the
   largest finite value as the mode says; results below the normal range are denormals. */
uint32_t fp_pack(const fp_format *f, int neg, uint64_t mag, int exp, int sticky, fp_round r);

/* Exact value of a finite double as sign, 53-bit integer significand and exponent. */
void fp_unpack64(double d, int *neg, uint64_t *mag, int *exp);

/* Knuth's two-sum: a + b rounded, and in *err the exact rounding error (the host rounding to
   nearest, no overflow), so that a + b = sum + *err exactly. */
FP_INLINE double fp_two_sum(double a, double b, double *err)
{
    double sum = a + b, v = sum - a;
    *err = (a - (sum - v)) + (b - v);
    return sum;
}

/* Tininess after rounding: whether the exact value hi + lo (lo the rounding error of hi, 0 when hi is
   exact), rounded to p bits of precision with an unbounded exponent in mode r, has a magnitude below
   2^emin, the smallest normal. Exact for values near 2^emin; a result that rounded to the smallest
   normal on the denormal grid may still be tiny this way (RDNA3 flushes it: docs/isa-notes-rdna3.md). */
int fp_tiny_after_rounding(double hi, double lo, int p, int emin, fp_round r);

/* Conversions (exact where the target is wider; NaNs keep their top payload bits, quieted). */
double fp_f16_to_f64(uint32_t h);
uint32_t fp_f64_to_f16(double d, fp_round r);
uint32_t fp_f64_to_f32(double d, fp_round r);
float fp_bf16_to_f32(uint32_t h);
uint32_t fp_f32_to_bf16(float f, fp_round r);

/* Quiet forms of NaNs (other values unchanged). */
FP_INLINE uint32_t fp_quiet16(uint32_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) ? h | 0x200u : h; }
FP_INLINE uint32_t fp_quiet32(uint32_t b) { return (b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) ? b | 0x400000u : b; }
FP_INLINE uint64_t fp_quiet64(uint64_t b)
{
    return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (b & 0xfffffffffffffull) ? b | 0x8000000000000ull : b;
}

FP_INLINE int fp_isnan16(uint32_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu); }
FP_INLINE int fp_isnan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
FP_INLINE int fp_isnan64(uint64_t b) { return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
FP_INLINE int fp_issnan16(uint32_t h) { return fp_isnan16(h) && !(h & 0x200u); }
FP_INLINE int fp_issnan32(uint32_t b) { return fp_isnan32(b) && !(b & 0x400000u); }
FP_INLINE int fp_issnan64(uint64_t b) { return fp_isnan64(b) && !(b & 0x8000000000000ull); }

/* Denormals to signed zero. */
FP_INLINE uint32_t fp_flush16(uint32_t h) { return (h & 0x7c00u) == 0 ? h & 0x8000u : h; }
FP_INLINE uint32_t fp_flush32(uint32_t b) { return (b & 0x7f800000u) == 0 ? b & 0x80000000u : b; }
FP_INLINE uint64_t fp_flush64(uint64_t b) { return (b & 0x7ff0000000000000ull) == 0 ? b & 0x8000000000000000ull : b; }

/* Exact sums: terms (-1)^neg * mag * 2^exp with exp in [-380, 310] (every product of two f32
   values, and the f32 values themselves) add without rounding in a two's complement fixed-point
   number; fp_sum_round rounds the total once. An exact zero total is +0. */
#define FP_SUM_WORDS 12
typedef struct {
    uint64_t w[FP_SUM_WORDS];
} fp_sum;

void fp_sum_add(fp_sum *s, int neg, uint64_t mag, int exp);
uint32_t fp_sum_round(const fp_sum *s, const fp_format *f, fp_round r);

/* An exact dot product in progress: the finite part, the special values seen, and for the sign of
   an exact zero total (IEEE: zeros of one sign keep it) how many terms were zero, -0 or not. */
typedef struct {
    fp_sum sum;
    int nan, pinf, ninf;
    int nonzero, pos_zero, neg_zero;
} fp_dot;

/* Adds a * b (encodings of formats fa, fb) or the value v of format f. */
void fp_dot_product(fp_dot *d, const fp_format *fa, uint32_t a, const fp_format *fb, uint32_t b);
void fp_dot_value(fp_dot *d, const fp_format *f, uint32_t v);
/* The total rounded to f; `nan` when an input was NaN or gave 0 x inf or inf - inf. An exact zero
   total is -0 when every term was -0 (or, rounding down, any was), else +0 (-0 rounding down). */
uint32_t fp_dot_round(const fp_dot *d, const fp_format *f, fp_round r, uint32_t nan);

/* A finite value of format f (bits of at most 32) as sign, integer significand and exponent;
   returns 0, or 1 for an infinity and 2 for a NaN (then only *neg is set). */
int fp_split(const fp_format *f, uint32_t bits, int *neg, uint64_t *mag, int *exp);

/* Sets the host rounding mode for the arithmetic that follows; returns the previous one. */
int fp_host_round(fp_round r);
void fp_host_restore(int previous);

#endif
