/* Reference model of RDNA3 VALU operations for tests/exec/valu_vectors.py, written from the ISA
   guide's operation descriptions and docs/isa-notes-rdna3.md, sharing no code with the executor.
   f32/f64 arithmetic runs on the host FPU under fesetround; every rounding to f16 (and every
   narrowing conversion) goes through round_exact(), an exact integer rounder. Flushed output
   denormals follow the gfx1100 MODE rules of docs/isa-notes-rdna3.md ("MODE rules measured on
   gfx1100"): tininess after rounding (tiny_exact), OMOD on the rounded and flushed result
   (output_mods).
   Usage: valu_ref --types OP    prints the operand types of OP ("-" when unknown)
          valu_ref OP            reads "MODE A B C CARRY LANE DINIT [NEG ABS OMOD CLAMP [OPSEL OPSEL_HI]]"
                                 lines (hex),
                                 prints "D MASK TOL"
                                 (D 64-bit hex, MASK the lane's bit of the written SGPR mask,
                                 TOL the ulps the result may be off: 1 for transcendentals). */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_dot2.h"
#include "ref_wide.h"

/* -frounding-math (see valu_vectors.py) stands in for FENV_ACCESS, which gcc ignores */

typedef unsigned __int128 u128;

typedef struct {
    uint32_t mode;
    uint64_t s[3];
    int carry, lane;
    uint64_t dinit;
    uint64_t d;  /* result register contents */
    int mask;    /* SGPR mask bit (compare result, carry out) */
    int tol;     /* ulps the result may differ by (transcendentals) */
    unsigned neg, abs_, clamp, opsel, opsel_hi; /* modifier fields (the mix ops read them) */
} ctx;

/* ---------- bit views ---------- */
static float f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t b32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static double f64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
static uint64_t b64(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }

/* format parameters: mantissa bits, exponent bits */
typedef struct { int man, exp; } fmt;
static const fmt F16 = {10, 5}, F32 = {23, 8}, F64 = {52, 11}, BF16 = {7, 8};

static uint64_t fmt_expmask(fmt f) { return ((1ull << f.exp) - 1) << f.man; }
static uint64_t fmt_sign(fmt f) { return 1ull << (f.man + f.exp); }
static int is_nan(uint64_t b, fmt f) { return (b & fmt_expmask(f)) == fmt_expmask(f) && (b & ((1ull << f.man) - 1)); }
static int is_snan(uint64_t b, fmt f) { return is_nan(b, f) && !(b >> (f.man - 1) & 1); }
static int is_inf(uint64_t b, fmt f) { return (b & ~fmt_sign(f)) == fmt_expmask(f); }
static int is_denorm(uint64_t b, fmt f) { return !(b & fmt_expmask(f)) && (b & ((1ull << f.man) - 1)); }
static int is_zero(uint64_t b, fmt f) { return !(b & ~fmt_sign(f)); }
static uint64_t quiet(uint64_t b, fmt f) { return b | 1ull << (f.man - 1); }
/* the default NaN is negative (0xffc00000, 0xfe00): rocjitsu's gfx1100 captures of invalid f16 fmas,
   the guide's transcendental examples; docs/isa-notes-rdna3.md "NaN results" */
static uint64_t default_nan(fmt f) { return fmt_sign(f) | fmt_expmask(f) | 1ull << (f.man - 1); }

/* MODE: [1:0] f32 round, [3:2] f16/f64 round, bit 4/5 f32 denormal in/out kept, 6/7 f16/f64, 8 DX10, 9 IEEE
   (FP16_OVFL, bit 23, is not modelled: valu_vectors.py sets MODE[9:0] only) */
static int rnd32(const ctx *c) { return c->mode & 3; }
static int rnd64(const ctx *c) { return c->mode >> 2 & 3; }

static uint64_t flush(uint64_t b, fmt f, int keep) { return !keep && is_denorm(b, f) ? b & fmt_sign(f) : b; }
static uint64_t in32(const ctx *c, uint64_t b) { return flush(b, F32, c->mode & 0x10); }
static uint64_t out32(const ctx *c, uint64_t b) { return flush(b, F32, c->mode & 0x20); }
static uint64_t in16(const ctx *c, uint64_t b) { return flush(b, F16, c->mode & 0x40); }
static uint64_t out16(const ctx *c, uint64_t b) { return flush(b, F16, c->mode & 0x80); }
static uint64_t in64(const ctx *c, uint64_t b) { return flush(b, F64, c->mode & 0x40); }
static uint64_t out64(const ctx *c, uint64_t b) { return flush(b, F64, c->mode & 0x80); }
/* whether MODE keeps f's output denormals */
static int keeps(const ctx *c, fmt f) { return (c->mode & (f.man == 23 ? 0x20 : 0x80)) != 0; }

static void host_round(int r)
{
    static const int m[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    fesetround(m[r]);
}

/* Rounds (-1)^neg * mag * 2^e to format f in rounding mode r (0 RNE, 1 +inf, 2 -inf, 3 zero), exactly. */
static uint64_t round_exact(int neg, u128 mag, int e, fmt f, int r)
{
    uint64_t sign = neg ? fmt_sign(f) : 0;
    if (mag == 0)
        return sign;
    int top = 127;
    while (!(mag >> top & 1))
        top--;
    int bias = (1 << (f.exp - 1)) - 1, emin = 1 - bias;
    int exp = top + e;                     /* value in [2^exp, 2^(exp+1)) */
    int lsb = (exp < emin ? emin : exp) - f.man; /* weight of the result's last mantissa bit */
    int sh = lsb - e;                      /* bits of mag below the last kept bit */
    u128 q, rem = 0, half = 0;
    int sticky_half = 0;
    if (sh <= 0) {
        q = mag << -sh;
    } else if (sh >= 128) {
        q = 0;
        rem = mag;
        sticky_half = -1; /* below half */
    } else {
        q = mag >> sh;
        rem = mag & (((u128)1 << sh) - 1);
        half = (u128)1 << (sh - 1);
    }
    int up;
    int below = sticky_half == -1 ? 1 : rem < half, exact = rem == 0, tie = sticky_half == 0 && sh > 0 && rem == half;
    switch (r) {
    case 0: up = !exact && !below && (!tie || (q & 1)); break;
    case 1: up = !exact && !neg; break;
    case 2: up = !exact && neg; break;
    default: up = 0;
    }
    q += up;
    /* q is the significand in units of 2^lsb */
    int biased;
    if (q >> (f.man + 1)) { /* carried into a new binade */
        q >>= 1;
        lsb++;
    }
    if (q >> f.man) {
        biased = lsb + f.man + bias;
    } else {
        biased = 0; /* denormal (or zero) */
    }
    if (biased >= (1 << f.exp) - 1) { /* overflow: infinity, or the largest finite toward zero */
        int to_inf = r == 0 || (r == 1 && !neg) || (r == 2 && neg);
        return to_inf ? sign | fmt_expmask(f) : sign | (fmt_expmask(f) - (1ull << f.man)) | ((1ull << f.man) - 1);
    }
    return sign | (uint64_t)biased << f.man | (uint64_t)(q & ((1ull << f.man) - 1));
}


/* Exact value of a finite float: (-1)^neg * mag * 2^e. */
static void decompose(uint64_t b, fmt f, int *neg, u128 *mag, int *e)
{
    int bias = (1 << (f.exp - 1)) - 1;
    *neg = (int)(b >> (f.man + f.exp) & 1);
    uint64_t ex = (b & fmt_expmask(f)) >> f.man, m = b & ((1ull << f.man) - 1);
    if (ex) {
        *mag = m | 1ull << f.man;
        *e = (int)ex - bias - f.man;
    } else {
        *mag = m;
        *e = 1 - bias - f.man;
    }
}

/* Converts finite-or-special bits between formats with rounding r; NaN keeps the top payload bits, quieted. */
static uint64_t convert(uint64_t b, fmt from, fmt to, int r)
{
    int neg = (int)(b >> (from.man + from.exp) & 1);
    if (is_nan(b, from)) {
        uint64_t pay = b & ((1ull << from.man) - 1);
        pay = to.man >= from.man ? pay << (to.man - from.man) : pay >> (from.man - to.man);
        return (neg ? fmt_sign(to) : 0) | fmt_expmask(to) | pay | 1ull << (to.man - 1);
    }
    if (is_inf(b, from))
        return (neg ? fmt_sign(to) : 0) | fmt_expmask(to);
    u128 mag;
    int e;
    decompose(b, from, &neg, &mag, &e);
    return round_exact(neg, mag, e, to, r);
}

static int biased_exp(uint64_t b, fmt f) { return (int)((b & fmt_expmask(f)) >> f.man); }

/* Tininess after rounding, for results whose output denormals are flushed: the exact value
   (-1)^neg * mag * 2^e is tiny when, rounded to f's precision (24 bits f32, 11 f16, 53 f64) with an
   unbounded exponent in mode r, it is below the smallest normal; a tiny result is a zero of its sign.
   Lifted by 2^(man+2) (exact), a value that might round to the smallest normal lies in the normal
   range, where round_exact keeps every bit of precision. Evidence: rocjitsu's gfx1100 captures
   binary_f32_policy_cases Positive/NegativeTinySignificand, dx9_fma_cases TinyBeforePacking,
   ValuFpModeHelpers F16FmaFlushesBeforePacking (docs/isa-notes-rdna3.md, "MODE rules measured"). */
static int tiny_exact(int neg, u128 mag, int e, fmt f, int r)
{
    int k = f.man + 2;
    return mag && biased_exp(round_exact(neg, mag, e + k, f, r), f) < 1 + k;
}

/* round_exact for a result whose output denormals are flushed unless `keep`: tininess after rounding
   (tiny_exact) decides, not the value rounded on the denormal grid, so a value that rounds up to
   the smallest normal there can still give a zero */
static uint64_t round_out(int neg, u128 mag, int e, fmt f, int r, int keep)
{
    if (!keep && tiny_exact(neg, mag, e, f, r))
        return neg ? fmt_sign(f) : 0;
    return round_exact(neg, mag, e, f, r);
}

/* convert() to a result format whose output denormals are flushed unless `keep` (round_out) */
static uint64_t convert_out(uint64_t b, fmt from, fmt to, int r, int keep)
{
    if (is_nan(b, from) || is_inf(b, from))
        return convert(b, from, to, r);
    int neg, e;
    u128 mag;
    decompose(b, from, &neg, &mag, &e);
    return round_out(neg, mag, e, to, r, keep);
}

/* A NaN source as a result: quieted in IEEE mode, as it is (a signalling NaN too) with MODE.IEEE = 0
   (the guide's MODE table; rocjitsu's gfx1100 captures) */
static uint64_t qnan(const ctx *c, uint64_t b, fmt f) { return (c->mode & 0x200) ? quiet(b, f) : b; }

/* The first NaN source (qnan), or the default NaN. */
static uint64_t nan_of(const ctx *c, fmt f, int n, const uint64_t *v)
{
    for (int i = 0; i < n; i++)
        if (is_nan(v[i], f))
            return qnan(c, v[i], f);
    return default_nan(f);
}

/* an fma's product is invalid (0 * inf of the sources after input flushing): the default NaN even
   with a NaN addend (rocjitsu's gfx1100 captures of v_fma_f16 and v_fma_mixlo/hi_f16) */
static int inf_times_zero(uint64_t a, uint64_t b, fmt f)
{
    return (is_zero(a, f) && is_inf(b, f)) || (is_inf(a, f) && is_zero(b, f));
}

/* ---------- f32 / f64 arithmetic on the host ---------- */
typedef enum { ADD, SUB, MUL, FMA, DIVIDE } arith;

static uint64_t fma_exact(fmt f, uint64_t a, uint64_t b, uint64_t d, int k, int r, int *zero);

/* The output flush of a host result rb of (x * y + z) * 2^k (finite sources), rounded in mode r:
   with output denormals flushed, tininess after rounding (tiny_exact) on the exact value, which
   fma_exact rounds lifted by a further 2^(man+2). Only a result at most the smallest normal can be
   tiny (a larger one came from a value that rounds at least to 2^emin at full precision). */
static uint64_t host_out(const ctx *c, fmt f, int r, uint64_t rb, uint64_t x, uint64_t y, uint64_t z, int k)
{
    if (keeps(c, f) || is_nan(rb, f) || is_inf(rb, f) || is_zero(rb, f) || (rb & ~fmt_sign(f)) > 1ull << f.man)
        return rb;
    int zero, lift = f.man + 2;
    uint64_t v = fma_exact(f, x, y, z, k + lift, r, &zero);
    return !zero && biased_exp(v, f) >= 1 + lift ? rb : rb & fmt_sign(f);
}

/* x op y (op z) as the fma x * y' + z' host_out tests: an addition is x * 1 + y */
static void as_fma(fmt f, arith op, uint64_t *y, uint64_t *z)
{
    uint64_t one = f.man == 23 ? 0x3f800000 : 0x3ff0000000000000ull;
    if (op == ADD || op == SUB)
        *z = op == SUB ? *y ^ fmt_sign(f) : *y, *y = one;
    else if (op == MUL)
        *z = 0;
}

static uint64_t arith32(const ctx *c, arith op, uint64_t a, uint64_t b, uint64_t d)
{
    a = in32(c, a), b = in32(c, b), d = in32(c, d);
    host_round(rnd32(c));
    /* volatile sources and result: gcc moves arithmetic across fesetround even with -frounding-math */
    volatile float x = f32((uint32_t)a), y = f32((uint32_t)b), z = f32((uint32_t)d);
    volatile float r = op == ADD ? x + y : op == SUB ? x - y : op == MUL ? x * y : fmaf(x, y, z);
    host_round(0);
    uint32_t rb = b32(r);
    if (is_nan(rb, F32)) {
        uint64_t v[3] = {a, b, d};
        return op == FMA && inf_times_zero(a, b, F32) ? default_nan(F32) : nan_of(c, F32, op == FMA ? 3 : 2, v);
    }
    as_fma(F32, op, &b, &d);
    return host_out(c, F32, rnd32(c), rb, a, b, d, 0);
}

static uint64_t arith64(const ctx *c, arith op, uint64_t a, uint64_t b, uint64_t d)
{
    a = in64(c, a), b = in64(c, b), d = in64(c, d);
    host_round(rnd64(c));
    volatile double x = f64(a), y = f64(b), z = f64(d); /* (volatile: as in arith32) */
    volatile double r = op == ADD ? x + y : op == SUB ? x - y : op == MUL ? x * y : fma(x, y, z);
    host_round(0);
    uint64_t rb = b64(r);
    if (is_nan(rb, F64)) {
        uint64_t v[3] = {a, b, d};
        return op == FMA && inf_times_zero(a, b, F64) ? default_nan(F64) : nan_of(c, F64, op == FMA ? 3 : 2, v);
    }
    as_fma(F64, op, &b, &d);
    return host_out(c, F64, rnd64(c), rb, a, b, d, 0);
}

/* f16 arithmetic: exact integer sums of the scaled operands, one rounding. */
static uint64_t arith16(const ctx *c, arith op, uint64_t a, uint64_t b, uint64_t d)
{
    a = in16(c, a & 0xffff), b = in16(c, b & 0xffff), d = in16(c, d & 0xffff);
    uint64_t v[3] = {a, b, d};
    int n = op == FMA ? 3 : 2;
    if (op == FMA && inf_times_zero(a, b, F16))
        return default_nan(F16);
    for (int i = 0; i < n; i++)
        if (is_nan(v[i], F16))
            return nan_of(c, F16, n, v);
    if (op == SUB)
        b ^= 0x8000, op = ADD;
    /* infinities */
    int ia = is_inf(a, F16), ib = is_inf(b, F16), id = op == FMA && is_inf(d, F16);
    int sa = (int)(a >> 15), sb = (int)(b >> 15), sd = (int)(d >> 15);
    if (op == ADD) {
        if (ia && ib && sa != sb)
            return default_nan(F16);
        if (ia || ib)
            return ia ? a : b;
    } else {
        int pinf = ia || ib;
        if (pinf && (is_zero(a, F16) || is_zero(b, F16)))
            return default_nan(F16);
        if (op == MUL && pinf)
            return (uint64_t)((sa ^ sb) << 15) | 0x7c00;
        if (op == FMA) {
            if (pinf && id && (sa ^ sb) != sd)
                return default_nan(F16);
            if (pinf)
                return (uint64_t)((sa ^ sb) << 15) | 0x7c00;
            if (id)
                return d;
        }
    }
    /* exact: every f16 is k * 2^-24; products k * 2^-48 */
    int na, nb, nd, ea, eb, ed;
    u128 ma, mb, md;
    decompose(a, F16, &na, &ma, &ea);
    decompose(b, F16, &nb, &mb, &eb);
    decompose(d, F16, &nd, &md, &ed);
    __int128 x, y;
    int e;
    if (op == ADD) {
        x = (__int128)(ma << (ea + 24)) * (na ? -1 : 1);
        y = (__int128)(mb << (eb + 24)) * (nb ? -1 : 1);
        e = -24;
    } else {
        x = (__int128)((ma * mb) << (ea + eb + 48)) * ((na ^ nb) ? -1 : 1);
        y = op == FMA ? (__int128)(md << (ed + 48)) * (nd ? -1 : 1) : 0;
        e = -48;
    }
    __int128 s = x + y;
    int neg;
    if (s == 0) { /* exact zero: IEEE sign rules (two zero addends keep a common sign; else +0, -0 rounding down) */
        int sx = op == ADD ? na : (na ^ nb), sy = op == ADD ? nb : nd;
        if (op == MUL)
            return (uint64_t)sx << 15;
        if (x == 0 && y == 0)
            neg = rnd64(c) == 2 ? (sx || sy) : (sx && sy);
        else
            neg = rnd64(c) == 2;
        return (uint64_t)neg << 15;
    }
    neg = s < 0;
    u128 mag = (u128)(neg ? -s : s);
    /* f16 arithmetic: tininess after rounding at 11 bits (ValuFpModeHelpers F16FmaFlushesBeforePacking) */
    return round_out(neg, mag, e, F16, rnd64(c), keeps(c, F16));
}

/* ---------- compares ---------- */
typedef struct { const char *name; int lt, eq, gt, un; } pred;
static const pred preds[] = {
    {"f", 0, 0, 0, 0}, {"lt", 1, 0, 0, 0}, {"eq", 0, 1, 0, 0}, {"le", 1, 1, 0, 0}, {"gt", 0, 0, 1, 0},
    {"lg", 1, 0, 1, 0}, {"ge", 0, 1, 1, 0}, {"o", 1, 1, 1, 0}, {"u", 0, 0, 0, 1}, {"nge", 1, 0, 0, 1},
    {"nlg", 0, 1, 0, 1}, {"ngt", 1, 1, 0, 1}, {"nle", 0, 0, 1, 1}, {"neq", 1, 0, 1, 1}, {"nlt", 0, 1, 1, 1},
    {"t", 1, 1, 1, 1}, {"ne", 1, 0, 1, 0},
};

static int fcmp(const pred *p, const ctx *c, fmt f, uint64_t a, uint64_t b)
{
    if (!strcmp(p->name, "f"))
        return 0;
    if (!strcmp(p->name, "t"))
        return 1;
    if (f.man == 23)
        a = in32(c, a), b = in32(c, b);
    else if (f.man == 10)
        a = in16(c, a), b = in16(c, b);
    else
        a = in64(c, a), b = in64(c, b);
    if (is_nan(a, f) || is_nan(b, f))
        return p->un;
    double x, y;
    if (f.man == 52)
        x = f64(a), y = f64(b);
    else if (f.man == 23)
        x = f32((uint32_t)a), y = f32((uint32_t)b);
    else
        x = f64(convert(a, F16, F64, 0)), y = f64(convert(b, F16, F64, 0));
    return x < y ? p->lt : x > y ? p->gt : p->eq;
}

static int icmp(const pred *p, __int128 x, __int128 y)
{
    if (!strcmp(p->name, "f"))
        return 0;
    if (!strcmp(p->name, "t"))
        return 1;
    return x < y ? p->lt : x > y ? p->gt : p->eq;
}

static int fclass(uint64_t v, fmt f, uint32_t m)
{
    int neg = (int)(v >> (f.man + f.exp) & 1), bit;
    if (is_snan(v, f)) bit = 0;
    else if (is_nan(v, f)) bit = 1;
    else if (is_inf(v, f)) bit = neg ? 2 : 9;
    else if (is_zero(v, f)) bit = neg ? 5 : 6;
    else if (is_denorm(v, f)) bit = neg ? 4 : 7;
    else bit = neg ? 3 : 8;
    return (int)(m >> bit & 1);
}

/* ---------- the operation table ---------- */
#define S0 (c->s[0])
#define S1 (c->s[1])
#define S2 (c->s[2])
#define U32(x) ((uint32_t)(x))
#define I32(x) ((int32_t)(uint32_t)(x))
#define U16(x) ((uint16_t)(x))
#define I16(x) ((int16_t)(uint16_t)(x))
#define D32(v) (c->d = (c->dinit & 0xffffffff00000000ull) | (uint32_t)(v))
#define D16(v) (c->d = (c->dinit & 0xffffffffffff0000ull) | (uint16_t)(v))
#define D64(v) (c->d = (uint64_t)(v))
#define OPFN(n) static void op_##n(ctx *c)

static uint32_t bfe_u(uint32_t v, uint32_t off, uint32_t w) { off &= 31, w &= 31; return w == 0 ? 0 : (uint32_t)(((uint64_t)v >> off) & ((1ull << w) - 1)); }

OPFN(add_nc_u32) { D32(U32(S0) + U32(S1)); }
OPFN(sub_nc_u32) { D32(U32(S0) - U32(S1)); }
OPFN(subrev_nc_u32) { D32(U32(S1) - U32(S0)); }
OPFN(add_nc_i32) { D32(U32(S0) + U32(S1)); }
OPFN(sub_nc_i32) { D32(U32(S0) - U32(S1)); }
OPFN(mul_i32_i24) { D32((uint32_t)((int64_t)((int32_t)(U32(S0) << 8) >> 8) * ((int32_t)(U32(S1) << 8) >> 8))); }
OPFN(mul_hi_i32_i24) { D32((uint32_t)((uint64_t)((int64_t)((int32_t)(U32(S0) << 8) >> 8) * ((int32_t)(U32(S1) << 8) >> 8)) >> 32)); }
OPFN(mul_u32_u24) { D32((uint32_t)((uint64_t)(U32(S0) & 0xffffff) * (U32(S1) & 0xffffff))); }
OPFN(mul_hi_u32_u24) { D32((uint32_t)(((uint64_t)(U32(S0) & 0xffffff) * (U32(S1) & 0xffffff)) >> 32)); }
OPFN(min_i32) { D32(I32(S0) < I32(S1) ? S0 : S1); }
OPFN(max_i32) { D32(I32(S0) > I32(S1) ? S0 : S1); }
OPFN(min_u32) { D32(U32(S0) < U32(S1) ? S0 : S1); }
OPFN(max_u32) { D32(U32(S0) > U32(S1) ? S0 : S1); }
OPFN(lshlrev_b32) { D32(U32(S1) << (S0 & 31)); }
OPFN(lshrrev_b32) { D32(U32(S1) >> (S0 & 31)); }
OPFN(ashrrev_i32) { D32((uint32_t)(I32(S1) >> (S0 & 31))); }
OPFN(and_b32) { D32(S0 & S1); }
OPFN(or_b32) { D32(S0 | S1); }
OPFN(xor_b32) { D32(S0 ^ S1); }
OPFN(xnor_b32) { D32(~(S0 ^ S1)); }
OPFN(not_b32) { D32(~S0); }
OPFN(mov_b32) { D32(S0); }
OPFN(bfrev_b32) { uint32_t v = U32(S0), r = 0; for (int i = 0; i < 32; i++) r |= (v >> i & 1) << (31 - i); D32(r); }
OPFN(clz_i32_u32) { uint32_t v = U32(S0); int n = -1; for (int i = 31; i >= 0; i--) if (v >> i & 1) { n = 31 - i; break; } D32((uint32_t)n); }
OPFN(ctz_i32_b32) { uint32_t v = U32(S0); int n = -1; for (int i = 0; i < 32; i++) if (v >> i & 1) { n = i; break; } D32((uint32_t)n); }
OPFN(cls_i32) { uint32_t v = U32(S0); int n = -1; for (int i = 30; i >= 0; i--) if ((v >> i & 1) != (v >> 31)) { n = 30 - i + 1; break; } D32((uint32_t)n); }
OPFN(cvt_i32_i16) { D32((uint32_t)(int32_t)I16(S0)); }
OPFN(cvt_u32_u16) { D32(U16(S0)); }
OPFN(not_b16) { D16(~S0); }
OPFN(bfe_u32) { D32(bfe_u(U32(S0), U32(S1), U32(S2))); }
/* the guide shifts S0 as a signed value: bits above bit 31 read as its sign */
OPFN(bfe_i32) { uint32_t w = U32(S2) & 31, v = w ? (uint32_t)(I32(S0) >> (S1 & 31)) & (uint32_t)((1ull << w) - 1) : 0; D32(w && (v >> (w - 1) & 1) ? v | ~(uint32_t)((1ull << w) - 1) : v); }
OPFN(bfi_b32) { D32((S0 & S1) | (~S0 & S2)); }
OPFN(bfm_b32) { D32((uint32_t)(((1ull << (S0 & 31)) - 1) << (S1 & 31))); }
OPFN(bcnt_u32_b32) { D32((uint32_t)__builtin_popcount(U32(S0)) + U32(S1)); }
OPFN(alignbit_b32) { D32((uint32_t)((((uint64_t)U32(S0) << 32) | U32(S1)) >> (S2 & 31))); }
OPFN(alignbyte_b32) { D32((uint32_t)((((uint64_t)U32(S0) << 32) | U32(S1)) >> (8 * (S2 & 3)))); }
OPFN(xor3_b32) { D32(S0 ^ S1 ^ S2); }
OPFN(or3_b32) { D32(S0 | S1 | S2); }
OPFN(and_or_b32) { D32((S0 & S1) | S2); }
OPFN(lshl_or_b32) { D32((U32(S0) << (S1 & 31)) | U32(S2)); }
OPFN(lshl_add_u32) { D32((U32(S0) << (S1 & 31)) + U32(S2)); }
OPFN(add_lshl_u32) { D32((U32(S0) + U32(S1)) << (S2 & 31)); }
OPFN(add3_u32) { D32(U32(S0) + U32(S1) + U32(S2)); }
OPFN(xad_u32) { D32((U32(S0) ^ U32(S1)) + U32(S2)); }
OPFN(mad_u32_u24) { D32((uint32_t)((uint64_t)(U32(S0) & 0xffffff) * (U32(S1) & 0xffffff)) + U32(S2)); }
OPFN(mad_i32_i24) { D32((uint32_t)((int64_t)((int32_t)(U32(S0) << 8) >> 8) * ((int32_t)(U32(S1) << 8) >> 8)) + U32(S2)); }
OPFN(mad_u32_u16) { D32((uint32_t)U16(S0) * U16(S1) + U32(S2)); }
OPFN(mad_i32_i16) { D32((uint32_t)((int32_t)I16(S0) * I16(S1)) + U32(S2)); }
OPFN(mul_lo_u32) { D32(U32(S0) * U32(S1)); }
OPFN(mul_hi_u32) { D32((uint32_t)(((uint64_t)U32(S0) * U32(S1)) >> 32)); }
OPFN(mul_hi_i32) { D32((uint32_t)((uint64_t)((int64_t)I32(S0) * I32(S1)) >> 32)); }
OPFN(min3_i32) { int32_t a = I32(S0), b = I32(S1), d = I32(S2), m = a < b ? a : b; D32((uint32_t)(m < d ? m : d)); }
OPFN(max3_i32) { int32_t a = I32(S0), b = I32(S1), d = I32(S2), m = a > b ? a : b; D32((uint32_t)(m > d ? m : d)); }
OPFN(min3_u32) { uint32_t a = U32(S0), b = U32(S1), d = U32(S2), m = a < b ? a : b; D32(m < d ? m : d); }
OPFN(max3_u32) { uint32_t a = U32(S0), b = U32(S1), d = U32(S2), m = a > b ? a : b; D32(m > d ? m : d); }
static int64_t med3(int64_t a, int64_t b, int64_t d) { int64_t lo = a < b ? a : b, hi = a < b ? b : a; return d < lo ? lo : d > hi ? hi : d; }
OPFN(med3_i32) { D32((uint32_t)med3(I32(S0), I32(S1), I32(S2))); }
OPFN(med3_u32) { D32((uint32_t)med3(U32(S0), U32(S1), U32(S2))); }
/* guide: V_MAXMIN_U32 D = v_min_u32(v_max_u32(S0, S1), S2); V_MINMAX_U32 D = v_max_u32(v_min_u32(S0, S1), S2)
   (and _I32 alike). Independent check: clang-19 selects v_maxmin_i32 for OpenCL clamp(x, lo, hi). */
OPFN(maxmin_u32) { uint32_t m = U32(S0) > U32(S1) ? U32(S0) : U32(S1); D32(m < U32(S2) ? m : U32(S2)); }
OPFN(minmax_u32) { uint32_t m = U32(S0) < U32(S1) ? U32(S0) : U32(S1); D32(m > U32(S2) ? m : U32(S2)); }
OPFN(maxmin_i32) { int32_t m = I32(S0) > I32(S1) ? I32(S0) : I32(S1); D32((uint32_t)(m < I32(S2) ? m : I32(S2))); }
OPFN(minmax_i32) { int32_t m = I32(S0) < I32(S1) ? I32(S0) : I32(S1); D32((uint32_t)(m > I32(S2) ? m : I32(S2))); }
OPFN(sad_u8) { uint32_t s = U32(S2); for (int i = 0; i < 4; i++) s += (uint32_t)abs((int)(S0 >> 8 * i & 255) - (int)(S1 >> 8 * i & 255)); D32(s); }
OPFN(sad_hi_u8) { uint32_t s = 0; for (int i = 0; i < 4; i++) s += (uint32_t)abs((int)(S0 >> 8 * i & 255) - (int)(S1 >> 8 * i & 255)); D32((s << 16) + U32(S2)); }
OPFN(sad_u16) { uint32_t s = U32(S2); for (int i = 0; i < 2; i++) s += (uint32_t)abs((int)(S0 >> 16 * i & 0xffff) - (int)(S1 >> 16 * i & 0xffff)); D32(s); }
OPFN(sad_u32) { D32((U32(S0) > U32(S1) ? U32(S0) - U32(S1) : U32(S1) - U32(S0)) + U32(S2)); }
OPFN(msad_u8) { uint32_t s = U32(S2); for (int i = 0; i < 4; i++) if (S1 >> 8 * i & 255) s += (uint32_t)abs((int)(S0 >> 8 * i & 255) - (int)(S1 >> 8 * i & 255)); D32(s); }
/* quad SADs (guide): four byte-windows of S0 (at bytes 0, 1, 2, 3) against S1, each accumulated
   onto its 16-bit lane of S2 and truncated to 16 bits; mqsad masks bytes where S1's byte is 0 */
static uint32_t sad4(uint32_t a, uint32_t b, uint32_t acc, int masked)
{
    for (int i = 0; i < 4; i++)
        if (!masked || (b >> 8 * i & 255))
            acc += (uint32_t)abs((int)(a >> 8 * i & 255) - (int)(b >> 8 * i & 255));
    return acc;
}
static uint64_t qsad(const ctx *c, int masked)
{
    uint64_t r = 0;
    for (int k = 0; k < 4; k++)
        r |= (uint64_t)(sad4((uint32_t)(S0 >> 8 * k), U32(S1), (uint32_t)(S2 >> 16 * k & 0xffff), masked) & 0xffff) << 16 * k;
    return r;
}
OPFN(qsad_pk_u16_u8) { D64(qsad(c, 0)); }
OPFN(mqsad_pk_u16_u8) { D64(qsad(c, 1)); }
OPFN(lerp_u8) { uint32_t r = 0; for (int i = 0; i < 4; i++) { uint32_t a = S0 >> 8 * i & 255, b = S1 >> 8 * i & 255, rd = S2 >> 8 * i & 1; r |= ((a + b + rd) >> 1 & 255) << 8 * i; } D32(r); }
OPFN(perm_b32)
{
    uint64_t bytes = ((uint64_t)U32(S0) << 32) | U32(S1);
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) {
        unsigned sel = S2 >> 8 * i & 255, b;
        if (sel <= 7) b = bytes >> 8 * sel & 255;
        else if (sel == 8) b = (bytes >> 15 & 1) * 255;
        else if (sel == 9) b = (bytes >> 31 & 1) * 255;
        else if (sel == 10) b = (bytes >> 47 & 1) * 255;
        else if (sel == 11) b = (bytes >> 63 & 1) * 255;
        else if (sel == 12) b = 0;
        else b = 255;
        r |= b << 8 * i;
    }
    D32(r);
}
OPFN(mad_u64_u32) { D64((uint64_t)U32(S0) * U32(S1) + S2); c->mask = (u128)U32(S0) * U32(S1) + S2 > UINT64_MAX; }
/* guide: { D1.i1, D0.i64 } = 65'I(S0.i32) * 65'I(S1.i32) + 65'I(S2.i64): the mask bit is bit 64 of the
   exact sum (its sign: the sum always fits in 65 bits) */
OPFN(mad_i64_i32)
{
    __int128 r = (__int128)((int64_t)I32(S0) * I32(S1)) + (int64_t)S2;
    D64((uint64_t)r);
    c->mask = r < 0;
}
OPFN(lshlrev_b64) { D64(S1 << (S0 & 63)); }
OPFN(lshrrev_b64) { D64(S1 >> (S0 & 63)); }
OPFN(ashrrev_i64) { D64((uint64_t)((int64_t)S1 >> (S0 & 63))); }
OPFN(add_co_u32) { D32(U32(S0) + U32(S1)); c->mask = (uint64_t)U32(S0) + U32(S1) > 0xffffffffu; }
OPFN(sub_co_u32) { D32(U32(S0) - U32(S1)); c->mask = U32(S1) > U32(S0); }
OPFN(subrev_co_u32) { D32(U32(S1) - U32(S0)); c->mask = U32(S0) > U32(S1); }
OPFN(add_co_ci_u32) { uint64_t r = (uint64_t)U32(S0) + U32(S1) + (unsigned)c->carry; D32(r); c->mask = r >> 32 != 0; }
OPFN(sub_co_ci_u32) { D32(U32(S0) - U32(S1) - (unsigned)c->carry); c->mask = (uint64_t)U32(S1) + (unsigned)c->carry > U32(S0); }
OPFN(subrev_co_ci_u32) { D32(U32(S1) - U32(S0) - (unsigned)c->carry); c->mask = (uint64_t)U32(S0) + (unsigned)c->carry > U32(S1); }
OPFN(cndmask_b32) { D32(c->carry ? S1 : S0); }
OPFN(cndmask_b16) { D16(c->carry ? S1 : S0); }
/* 16-bit integer */
OPFN(add_nc_u16) { D16(U16(S0) + U16(S1)); }
OPFN(sub_nc_u16) { D16(U16(S0) - U16(S1)); }
OPFN(add_nc_i16) { D16(U16(S0) + U16(S1)); }
OPFN(sub_nc_i16) { D16(U16(S0) - U16(S1)); }
OPFN(mul_lo_u16) { D16(U16(S0) * U16(S1)); }
OPFN(max_u16) { D16(U16(S0) > U16(S1) ? S0 : S1); }
OPFN(min_u16) { D16(U16(S0) < U16(S1) ? S0 : S1); }
OPFN(max_i16) { D16(I16(S0) > I16(S1) ? S0 : S1); }
OPFN(min_i16) { D16(I16(S0) < I16(S1) ? S0 : S1); }
OPFN(lshlrev_b16) { D16(U16(S1) << (S0 & 15)); }
OPFN(lshrrev_b16) { D16(U16(S1) >> (S0 & 15)); }
OPFN(ashrrev_i16) { D16(I16(S1) >> (S0 & 15)); }
OPFN(and_b16) { D16(S0 & S1); }
OPFN(or_b16) { D16(S0 | S1); }
OPFN(xor_b16) { D16(S0 ^ S1); }
OPFN(mad_u16) { D16(U16(S0) * U16(S1) + U16(S2)); }
OPFN(mad_i16) { D16(I16(S0) * I16(S1) + I16(S2)); }
OPFN(min3_i16) { int a = I16(S0), b = I16(S1), d = I16(S2), m = a < b ? a : b; D16(m < d ? m : d); }
OPFN(max3_i16) { int a = I16(S0), b = I16(S1), d = I16(S2), m = a > b ? a : b; D16(m > d ? m : d); }
OPFN(min3_u16) { int a = U16(S0), b = U16(S1), d = U16(S2), m = a < b ? a : b; D16(m < d ? m : d); }
OPFN(max3_u16) { int a = U16(S0), b = U16(S1), d = U16(S2), m = a > b ? a : b; D16(m > d ? m : d); }
OPFN(med3_i16) { D16(med3(I16(S0), I16(S1), I16(S2))); }
OPFN(med3_u16) { D16(med3(U16(S0), U16(S1), U16(S2))); }
OPFN(pack_b32_f16) { D32(U16(S0) | (uint32_t)U16(S1) << 16); }
OPFN(cvt_pk_u16_u32) { D32((U32(S0) > 0xffff ? 0xffff : U32(S0)) | (U32(S1) > 0xffff ? 0xffff : U32(S1)) << 16); }
static uint32_t sat16(int32_t v) { return (uint16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }
OPFN(cvt_pk_i16_i32) { D32(sat16(I32(S0)) | sat16(I32(S1)) << 16); }
OPFN(sat_pk_u8_i16) { uint32_t r = 0; for (int i = 0; i < 2; i++) { int v = (int16_t)(S0 >> 16 * i); r |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << 8 * i; } D16(r); }
/* f32 arithmetic */
OPFN(add_f32) { D32(arith32(c, ADD, S0, S1, 0)); }
OPFN(sub_f32) { D32(arith32(c, SUB, S0, S1, 0)); }
/* guide: D = S1 - S0, so a NaN result is the first NaN of that expression (S1 first) */
OPFN(subrev_f32) { D32(arith32(c, SUB, S1, S0, 0)); }
OPFN(mul_f32) { D32(arith32(c, MUL, S0, S1, 0)); }
OPFN(fma_f32) { D32(arith32(c, FMA, S0, S1, S2)); }
OPFN(fmac_f32) { D32(arith32(c, FMA, S0, S1, c->dinit)); }
OPFN(add_f64) { D64(arith64(c, ADD, S0, S1, 0)); }
OPFN(mul_f64) { D64(arith64(c, MUL, S0, S1, 0)); }
OPFN(fma_f64) { D64(arith64(c, FMA, S0, S1, S2)); }
OPFN(add_f16) { D16(arith16(c, ADD, S0, S1, 0)); }
OPFN(sub_f16) { D16(arith16(c, SUB, S0, S1, 0)); }
OPFN(subrev_f16) { D16(arith16(c, SUB, S1, S0, 0)); }
OPFN(mul_f16) { D16(arith16(c, MUL, S0, S1, 0)); }
OPFN(fma_f16) { D16(arith16(c, FMA, S0, S1, S2)); }
OPFN(fmac_f16) { D16(arith16(c, FMA, S0, S1, c->dinit)); }

/* min/max (guide): IEEE mode returns a signalling NaN source quieted; otherwise a NaN loses; -0 < +0 */
static uint64_t fminmax(const ctx *c, fmt f, uint64_t a, uint64_t b, int max)
{
    if (f.man == 23) a = in32(c, a), b = in32(c, b);
    else if (f.man == 10) a = in16(c, a), b = in16(c, b);
    else a = in64(c, a), b = in64(c, b);
    int ieee = c->mode >> 9 & 1;
    if (ieee && is_snan(a, f)) return quiet(a, f);
    if (ieee && is_snan(b, f)) return quiet(b, f);
    /* guide V_MIN_F32/V_MAX_F32 (and f16/f64): after the signalling NaNs, "elsif isQuietNAN(S1) then
       D = S0 elsif isQuietNAN(S0) then D = S1" (IEEE=0 alike with isNAN): S1 is tested first */
    if (is_nan(b, f)) return a;
    if (is_nan(a, f)) return b;
    double x = f.man == 52 ? f64(a) : f.man == 23 ? f32((uint32_t)a) : f64(convert(a, F16, F64, 0));
    double y = f.man == 52 ? f64(b) : f.man == 23 ? f32((uint32_t)b) : f64(convert(b, F16, F64, 0));
    int a_less = x < y || (x == y && (a >> (f.man + f.exp) & 1) && !(b >> (f.man + f.exp) & 1));
    return max ? (a_less ? b : a) : (a_less ? a : b);
}
OPFN(min_f32) { D32(fminmax(c, F32, S0, S1, 0)); }
OPFN(max_f32) { D32(fminmax(c, F32, S0, S1, 1)); }
OPFN(min_f64) { D64(fminmax(c, F64, S0, S1, 0)); }
OPFN(max_f64) { D64(fminmax(c, F64, S0, S1, 1)); }
OPFN(min_f16) { D16(fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 0)); }
OPFN(max_f16) { D16(fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 1)); }
OPFN(min3_f32) { D32(fminmax(c, F32, fminmax(c, F32, S0, S1, 0), S2, 0)); }
OPFN(max3_f32) { D32(fminmax(c, F32, fminmax(c, F32, S0, S1, 1), S2, 1)); }
/* guide: V_MINMAX_F32 D = v_max_f32(v_min_f32(S0, S1), S2); V_MAXMIN_F32 D = v_min_f32(v_max_f32(S0, S1), S2) */
OPFN(minmax_f32) { D32(fminmax(c, F32, fminmax(c, F32, S0, S1, 0), S2, 1)); }
OPFN(maxmin_f32) { D32(fminmax(c, F32, fminmax(c, F32, S0, S1, 1), S2, 0)); }
OPFN(min3_f16) { D16(fminmax(c, F16, fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 0), S2 & 0xffff, 0)); }
OPFN(max3_f16) { D16(fminmax(c, F16, fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 1), S2 & 0xffff, 1)); }
OPFN(minmax_f16) { D16(fminmax(c, F16, fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 0), S2 & 0xffff, 1)); }
OPFN(maxmin_f16) { D16(fminmax(c, F16, fminmax(c, F16, S0 & 0xffff, S1 & 0xffff, 1), S2 & 0xffff, 0)); }

/* conversions */
static int64_t to_int(double x, int64_t lo, int64_t hi) { return x != x ? 0 : x <= (double)lo ? lo : x >= (double)hi ? hi : (int64_t)x; }
OPFN(cvt_i32_f32) { D32((uint32_t)to_int(f32((uint32_t)in32(c, S0)), INT32_MIN, INT32_MAX)); }
OPFN(cvt_u32_f32) { D32((uint32_t)to_int(f32((uint32_t)in32(c, S0)), 0, UINT32_MAX)); }
OPFN(cvt_i32_f64) { D32((uint32_t)to_int(f64(in64(c, S0)), INT32_MIN, INT32_MAX)); }
OPFN(cvt_u32_f64) { D32((uint32_t)to_int(f64(in64(c, S0)), 0, UINT32_MAX)); }
OPFN(cvt_f64_i32) { D64(b64((double)I32(S0))); }
OPFN(cvt_f64_u32) { D64(b64((double)U32(S0))); }
static uint64_t int_to_f(const ctx *c, int neg, uint64_t mag, fmt f, int r) { (void)c; return round_exact(neg, mag, 0, f, r); }
OPFN(cvt_f32_i32) { int32_t v = I32(S0); D32(out32(c, int_to_f(c, v < 0, v < 0 ? -(uint64_t)(int64_t)v : (uint64_t)v, F32, rnd32(c)))); }
OPFN(cvt_f32_u32) { D32(out32(c, int_to_f(c, 0, U32(S0), F32, rnd32(c)))); }
OPFN(cvt_f32_ubyte0) { D32(b32((float)(S0 & 255))); }
OPFN(cvt_f32_ubyte1) { D32(b32((float)(S0 >> 8 & 255))); }
OPFN(cvt_f32_ubyte2) { D32(b32((float)(S0 >> 16 & 255))); }
OPFN(cvt_f32_ubyte3) { D32(b32((float)(S0 >> 24 & 255))); }
OPFN(cvt_off_f32_i4) { D32(b32((float)((int)(S0 << 28 >> 28 & 15) - ((S0 & 8) ? 16 : 0)) / 16.0f)); }
OPFN(cvt_f32_f64) { uint64_t a = in64(c, S0); D32(is_nan(a, F64) ? quiet(convert(a, F64, F32, 0), F32) : convert_out(a, F64, F32, rnd32(c), keeps(c, F32))); }
OPFN(cvt_f64_f32) { uint64_t a = in32(c, S0); D64(is_nan(a, F32) ? quiet(convert(a, F32, F64, 0), F64) : convert(a, F32, F64, 0)); }
OPFN(cvt_f16_f32) { uint64_t a = in32(c, S0); D16(is_nan(a, F32) ? quiet(convert(a, F32, F16, 0), F16) : convert_out(a, F32, F16, rnd64(c), keeps(c, F16))); }
OPFN(cvt_f32_f16) { uint64_t a = in16(c, S0 & 0xffff); D32(is_nan(a, F16) ? quiet(convert(a, F16, F32, 0), F32) : convert(a, F16, F32, 0)); }
OPFN(cvt_floor_i32_f32) { D32((uint32_t)to_int(floor(f32((uint32_t)in32(c, S0))), INT32_MIN, INT32_MAX)); }
/* guide: f32_to_i32(floor(S0.f32 + 0.5F)), the sum an f32 addition (to nearest even) */
/* floor of the exact S0 + 0.5 (AMD rocjitsu's gfx1100/gfx1201 captures: halves round up, 0.49999997
   gives 0), not of the f32 sum the guide's pseudocode types */
OPFN(cvt_nearest_i32_f32) { D32((uint32_t)to_int(floor((double)f32((uint32_t)in32(c, S0)) + 0.5), INT32_MIN, INT32_MAX)); }
OPFN(cvt_f16_u16) { D16(out16(c, int_to_f(c, 0, U16(S0), F16, rnd64(c)))); }
OPFN(cvt_f16_i16) { int v = I16(S0); D16(out16(c, int_to_f(c, v < 0, (uint64_t)(v < 0 ? -v : v), F16, rnd64(c)))); }
OPFN(cvt_u16_f16) { D16((uint16_t)to_int(f64(convert(in16(c, S0 & 0xffff), F16, F64, 0)), 0, 65535)); }
OPFN(cvt_i16_f16) { D16((uint16_t)to_int(f64(convert(in16(c, S0 & 0xffff), F16, F64, 0)), -32768, 32767)); }

/* rounding to integral values */
static uint64_t integral(const ctx *c, fmt f, uint64_t a, double (*fn)(double))
{
    a = f.man == 23 ? in32(c, a) : f.man == 10 ? in16(c, a) : in64(c, a);
    if (is_nan(a, f))
        return qnan(c, a, f);
    double x = f.man == 52 ? f64(a) : f.man == 23 ? f32((uint32_t)a) : f64(convert(a, F16, F64, 0));
    double y = fn(x);
    uint64_t r = f.man == 52 ? b64(y) : convert(b64(y), F64, f, 0);
    if (y == 0) /* keep the source's sign */
        r = a & fmt_sign(f);
    return r;
}
static double rne(double x) { double r = nearbyint(x); return r; }
OPFN(trunc_f32) { D32(integral(c, F32, S0, trunc)); }
OPFN(ceil_f32) { D32(integral(c, F32, S0, ceil)); }
OPFN(floor_f32) { D32(integral(c, F32, S0, floor)); }
OPFN(rndne_f32) { D32(integral(c, F32, S0, rne)); }
OPFN(trunc_f64) { D64(integral(c, F64, S0, trunc)); }
OPFN(ceil_f64) { D64(integral(c, F64, S0, ceil)); }
OPFN(floor_f64) { D64(integral(c, F64, S0, floor)); }
OPFN(rndne_f64) { D64(integral(c, F64, S0, rne)); }
OPFN(trunc_f16) { D16(integral(c, F16, S0 & 0xffff, trunc)); }
OPFN(ceil_f16) { D16(integral(c, F16, S0 & 0xffff, ceil)); }
OPFN(floor_f16) { D16(integral(c, F16, S0 & 0xffff, floor)); }
OPFN(rndne_f16) { D16(integral(c, F16, S0 & 0xffff, rne)); }

/* ---------- more float operations ---------- */
static uint64_t fin(const ctx *c, fmt f, uint64_t a) { return f.man == 23 ? in32(c, a) : f.man == 10 ? in16(c, a) : in64(c, a); }
static uint64_t fout(const ctx *c, fmt f, uint64_t a) { return f.man == 23 ? out32(c, a) : f.man == 10 ? out16(c, a) : out64(c, a); }
static int fround(const ctx *c, fmt f) { return f.man == 23 ? rnd32(c) : rnd64(c); }

/* S0 * 2^S1, rounded once */
static uint64_t ldexp_ref(const ctx *c, fmt f, uint64_t a, int64_t k)
{
    a = fin(c, f, a);
    if (is_nan(a, f))
        return quiet(a, f);
    if (is_inf(a, f) || is_zero(a, f))
        return a;
    int neg, e;
    u128 mag;
    decompose(a, f, &neg, &mag, &e);
    if (k > 4000) k = 4000;
    if (k < -4000) k = -4000;
    return round_out(neg, mag, e + (int)k, f, fround(c, f), keeps(c, f));
}
OPFN(ldexp_f32) { D32(ldexp_ref(c, F32, U32(S0), I32(S1))); }
OPFN(ldexp_f64) { D64(ldexp_ref(c, F64, S0, I32(S1))); }
OPFN(ldexp_f16) { D16(ldexp_ref(c, F16, U16(S0), I16(S1))); }

/* mantissa in [0.5, 1) with the sign; infinity unchanged, NaN quieted (the general NaN rule) */
static uint64_t frexp_mant(const ctx *c, fmt f, uint64_t a)
{
    a = fin(c, f, a);
    if (is_nan(a, f))
        return quiet(a, f);
    if (is_inf(a, f) || is_zero(a, f))
        return a;
    int neg, e;
    u128 mag;
    decompose(a, f, &neg, &mag, &e);
    int top = 0;
    while (mag >> (top + 1))
        top++;
    return round_exact(neg, mag, -top - 1, f, 0);
}
static int64_t frexp_exp(const ctx *c, fmt f, uint64_t a)
{
    a = fin(c, f, a);
    if (is_nan(a, f) || is_inf(a, f) || is_zero(a, f))
        return 0;
    int neg, e;
    u128 mag;
    decompose(a, f, &neg, &mag, &e);
    int top = 0;
    while (mag >> (top + 1))
        top++;
    return e + top + 1;
}
OPFN(frexp_mant_f32) { D32(frexp_mant(c, F32, U32(S0))); }
OPFN(frexp_mant_f64) { D64(frexp_mant(c, F64, S0)); }
OPFN(frexp_mant_f16) { D16(frexp_mant(c, F16, U16(S0))); }
OPFN(frexp_exp_i32_f32) { D32((uint32_t)frexp_exp(c, F32, U32(S0))); }
OPFN(frexp_exp_i32_f64) { D32((uint32_t)frexp_exp(c, F64, S0)); }
OPFN(frexp_exp_i16_f16) { D16((uint16_t)frexp_exp(c, F16, U16(S0))); }

/* S0 - floor(S0), at most the largest value below 1; NaN quieted, infinity gives NaN */
static uint64_t fract_ref(const ctx *c, fmt f, uint64_t a)
{
    a = fin(c, f, a);
    if (is_nan(a, f))
        return qnan(c, a, f);
    if (is_inf(a, f))
        return default_nan(f);
    uint64_t one_below = convert(b64(1.0), F64, f, 0) - 1;
    if (f.man == 52) {
        host_round(rnd64(c));
        volatile double x = f64(a), r = x - floor(x); /* (volatile: as in arith32) */
        host_round(0);
        uint64_t rb = b64(r);
        return fout(c, f, r > 0 && rb > one_below ? one_below : rb);
    }
    if (f.man == 23) {
        host_round(rnd32(c));
        volatile float x = f32((uint32_t)a), r = x - floorf(x);
        host_round(0);
        uint64_t rb = b32(r);
        return fout(c, f, r > 0 && rb > one_below ? one_below : rb);
    }
    /* f16: the exact difference rounded once; an exact zero is -0 only when rounding down */
    double x = f64(convert(a, F16, F64, 0)), r = x - floor(x); /* exact in double */
    uint64_t rb = r == 0 ? (rnd64(c) == 2 ? 0x8000 : 0) : convert_out(b64(r), F64, F16, rnd64(c), keeps(c, F16));
    return fout(c, f, r > 0 && rb > one_below ? one_below : rb);
}
OPFN(fract_f32) { D32(fract_ref(c, F32, U32(S0))); }
OPFN(fract_f64) { D64(fract_ref(c, F64, S0)); }
OPFN(fract_f16) { D16(fract_ref(c, F16, U16(S0))); }

/* med3 (guide): min3 when a source is NaN, else the one of the three not at an extreme; "max3 ==
   S0" compares values (+0 == -0) */
static double fvalue(fmt f, uint64_t b) { return f.man == 52 ? f64(b) : f.man == 23 ? f32((uint32_t)b) : f64(convert(b, F16, F64, 0)); }
static uint64_t med3f(const ctx *c, fmt f, uint64_t a, uint64_t b, uint64_t d)
{
    if (is_nan(fin(c, f, a), f) || is_nan(fin(c, f, b), f) || is_nan(fin(c, f, d), f))
        return fminmax(c, f, fminmax(c, f, a, b, 0), d, 0);
    double mx = fvalue(f, fminmax(c, f, fminmax(c, f, a, b, 1), d, 1));
    if (mx == fvalue(f, fin(c, f, a)))
        return fminmax(c, f, b, d, 1);
    if (mx == fvalue(f, fin(c, f, b)))
        return fminmax(c, f, a, d, 1);
    return fminmax(c, f, a, b, 1);
}
OPFN(med3_f32) { D32(med3f(c, F32, U32(S0), U32(S1), U32(S2))); }
OPFN(med3_f16) { D16(med3f(c, F16, U16(S0), U16(S1), U16(S2))); }

/* DX9 rule: a zero factor (after input flushing) gives +0, or the addend plus +0 */
OPFN(mul_dx9_zero_f32) { uint64_t a = in32(c, U32(S0)), b = in32(c, U32(S1)); D32(is_zero(a, F32) || is_zero(b, F32) ? 0 : arith32(c, MUL, a, b, 0)); }
/* the dx9 fmas flush their output denormals whatever MODE says (tininess after rounding too); their
   inputs follow MODE (rocjitsu's gfx1100 dx9_fma_cases TinyBeforePacking: 0 in all 32 MODEs) */
static uint64_t fma_dx9(const ctx *c, uint64_t a, uint64_t b, uint64_t d)
{
    ctx k = *c;
    k.mode &= ~0x20u;
    a = in32(c, a), b = in32(c, b), d = in32(c, d);
    if (is_zero(a, F32) || is_zero(b, F32))
        return arith32(&k, ADD, d, 0, 0);
    return arith32(&k, FMA, a, b, d);
}
OPFN(fma_dx9_zero_f32) { D32(fma_dx9(c, U32(S0), U32(S1), U32(S2))); }
OPFN(fmac_dx9_zero_f32) { D32(fma_dx9(c, U32(S0), U32(S1), U32(c->dinit))); }
/* fmamk: S0 * K + S1; fmaak: S0 * S1 + K (K is the literal, passed as S2) */
OPFN(fmamk_f32) { D32(arith32(c, FMA, U32(S0), U32(S2), U32(S1))); }
OPFN(fmaak_f32) { D32(arith32(c, FMA, U32(S0), U32(S1), U32(S2))); }
OPFN(fmamk_f16) { D16(arith16(c, FMA, U16(S0), U16(S2), U16(S1))); }
OPFN(fmaak_f16) { D16(arith16(c, FMA, U16(S0), U16(S1), U16(S2))); }

/* float to integer with truncation and saturation, NaN gives 0 */
static uint32_t f2sat(const ctx *c, fmt f, uint64_t a, int64_t lo, int64_t hi)
{
    a = fin(c, f, a);
    double x = f.man == 23 ? f32((uint32_t)a) : f.man == 52 ? f64(a) : f64(convert(a, F16, F64, 0));
    return (uint32_t)to_int(x, lo, hi);
}
OPFN(cvt_pk_i16_f32) { D32((f2sat(c, F32, U32(S0), -32768, 32767) & 0xffff) | f2sat(c, F32, U32(S1), -32768, 32767) << 16); }
OPFN(cvt_pk_u16_f32) { D32((f2sat(c, F32, U32(S0), 0, 65535) & 0xffff) | f2sat(c, F32, U32(S1), 0, 65535) << 16); }
OPFN(cvt_pk_u8_f32) { unsigned sh = 8 * (S1 & 3); D32((U32(S2) & ~(255u << sh)) | f2sat(c, F32, U32(S0), 0, 255) << sh); }
static uint32_t f16rtz(const ctx *c, uint64_t a)
{
    a = in32(c, a);
    return (uint32_t)(is_nan(a, F32) ? quiet(convert(a, F32, F16, 0), F16) : convert_out(a, F32, F16, 3, keeps(c, F16)));
}
OPFN(cvt_pk_rtz_f16_f32) { D32(f16rtz(c, U32(S0)) | f16rtz(c, U32(S1)) << 16); }
/* normalised: clamp to [-1, 1] (or [0, 1]), scale to the integer range, round to nearest even */
static uint32_t norm(const ctx *c, fmt f, uint64_t a, int sign)
{
    a = fin(c, f, a);
    if (is_nan(a, f))
        return 0;
    double x = f.man == 23 ? f32((uint32_t)a) : f64(convert(a, F16, F64, 0));
    double lo = sign ? -1.0 : 0.0;
    x = x < lo ? lo : x > 1.0 ? 1.0 : x;
    return (uint32_t)(int32_t)nearbyint(x * (sign ? 32767.0 : 65535.0)) & 0xffff;
}
OPFN(cvt_pk_norm_i16_f32) { D32(norm(c, F32, U32(S0), 1) | norm(c, F32, U32(S1), 1) << 16); }
OPFN(cvt_pk_norm_u16_f32) { D32(norm(c, F32, U32(S0), 0) | norm(c, F32, U32(S1), 0) << 16); }
OPFN(cvt_pk_norm_i16_f16) { D32(norm(c, F16, U16(S0), 1) | norm(c, F16, U16(S1), 1) << 16); }
OPFN(cvt_pk_norm_u16_f16) { D32(norm(c, F16, U16(S0), 0) | norm(c, F16, U16(S1), 0) << 16); }
OPFN(cvt_norm_i16_f16) { D16(norm(c, F16, U16(S0), 1)); }
OPFN(cvt_norm_u16_f16) { D16(norm(c, F16, U16(S0), 0)); }
OPFN(mov_b16) { D16(S0); }
/* bits of S0 set below this lane (lanes 0-31: mbcnt_lo, 32-63: mbcnt_hi), plus S1 */
OPFN(mbcnt_lo_u32_b32) { int n = c->lane < 32 ? c->lane : 32; D32((uint32_t)__builtin_popcountll(U32(S0) & ((1ull << n) - 1)) + U32(S1)); }
OPFN(mbcnt_hi_u32_b32) { int n = c->lane > 32 ? c->lane - 32 : 0; D32((uint32_t)__builtin_popcountll(U32(S0) & ((1ull << n) - 1)) + U32(S1)); }

/* ---------- packed 16-bit (VOP3P, default op_sel: low from low, high from high) ---------- */
#define PK(n, expr)                                                                                          \
    OPFN(n) {                                                                                                \
        uint32_t r = 0;                                                                                      \
        for (int h = 0; h < 2; h++) {                                                                        \
            uint32_t a = U32(S0) >> 16 * h & 0xffff, b = U32(S1) >> 16 * h & 0xffff, d = U32(S2) >> 16 * h & 0xffff; \
            (void)d;                                                                                         \
            r |= (uint32_t)((expr) & 0xffff) << 16 * h;                                                      \
        }                                                                                                    \
        D32(r);                                                                                              \
    }
PK(pk_add_u16, a + b)
PK(pk_sub_u16, a - b)
PK(pk_add_i16, a + b)
PK(pk_sub_i16, a - b)
PK(pk_mul_lo_u16, a * b)
PK(pk_mad_u16, a * b + d)
PK(pk_mad_i16, (uint32_t)((int16_t)a * (int16_t)b + (int16_t)d))
PK(pk_lshlrev_b16, b << (a & 15))
PK(pk_lshrrev_b16, b >> (a & 15))
PK(pk_ashrrev_i16, (uint32_t)((int16_t)b >> (a & 15)))
PK(pk_max_u16, a > b ? a : b)
PK(pk_min_u16, a < b ? a : b)
PK(pk_max_i16, (int16_t)a > (int16_t)b ? a : b)
PK(pk_min_i16, (int16_t)a < (int16_t)b ? a : b)
PK(pk_add_f16, arith16(c, ADD, a, b, 0))
PK(pk_mul_f16, arith16(c, MUL, a, b, 0))
PK(pk_fma_f16, arith16(c, FMA, a, b, d))
PK(pk_min_f16, fminmax(c, F16, a, b, 0))
PK(pk_max_f16, fminmax(c, F16, a, b, 1))
OPFN(pk_fmac_f16)
{
    uint32_t r = 0;
    for (int h = 0; h < 2; h++)
        r |= (uint32_t)arith16(c, FMA, U32(S0) >> 16 * h & 0xffff, U32(S1) >> 16 * h & 0xffff, c->dinit >> 16 * h & 0xffff) << 16 * h;
    D32(r);
}
/* integer dot products: unsigned elements unless a NEG bit says signed (none here) */
OPFN(dot4_u32_u8) { uint32_t s = U32(S2); for (int i = 0; i < 4; i++) s += (S0 >> 8 * i & 255) * (S1 >> 8 * i & 255); D32(s); }
OPFN(dot4_i32_iu8) { uint32_t s = U32(S2); for (int i = 0; i < 4; i++) s += (S0 >> 8 * i & 255) * (S1 >> 8 * i & 255); D32(s); }
OPFN(dot8_u32_u4) { uint32_t s = U32(S2); for (int i = 0; i < 8; i++) s += (S0 >> 4 * i & 15) * (S1 >> 4 * i & 15); D32(s); }
OPFN(dot8_i32_iu4) { uint32_t s = U32(S2); for (int i = 0; i < 8; i++) s += (S0 >> 4 * i & 15) * (S1 >> 4 * i & 15); D32(s); }

/* ---------- cube map (guide): the major axis decides ---------- */
static void cube(const ctx *c, float *id, float *sc, float *tc, float *ma)
{
    float x = f32((uint32_t)in32(c, U32(S0))), y = f32((uint32_t)in32(c, U32(S1))), z = f32((uint32_t)in32(c, U32(S2)));
    volatile float axis, twice; /* (volatile: as in arith32) */
    if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y)) {
        *id = z < 0 ? 5 : 4, *sc = z < 0 ? -x : x, *tc = -y, axis = z;
    } else if (fabsf(y) >= fabsf(x)) {
        *id = y < 0 ? 3 : 2, *sc = x, *tc = y < 0 ? -z : z, axis = y;
    } else {
        *id = x < 0 ? 1 : 0, *sc = x < 0 ? z : -z, *tc = -y, axis = x;
    }
    host_round(rnd32(c)); /* 2 * major axis may overflow */
    twice = 2 * axis;
    host_round(0);
    *ma = twice;
}
/* a NaN coordinate result follows the general rule: the first NaN source, quieted */
static uint32_t cube_out(const ctx *c, float r)
{
    uint64_t v[3] = {in32(c, U32(S0)), in32(c, U32(S1)), in32(c, U32(S2))};
    return is_nan(b32(r), F32) ? (uint32_t)nan_of(c, F32, 3, v) : (uint32_t)out32(c, b32(r));
}
OPFN(cubeid_f32) { float a, b, d, e; cube(c, &a, &b, &d, &e); D32(b32(a)); }
/* the s and t coordinates as the guide's pseudocode writes them: a source copied or negated (a sign
   flip: a NaN is not quieted) */
static uint32_t cube_st(const ctx *c, int t)
{
    uint32_t x = (uint32_t)in32(c, U32(S0)), y = (uint32_t)in32(c, U32(S1)), z = (uint32_t)in32(c, U32(S2)), n = 0x80000000u;
    float fx = f32(x), fy = f32(y), fz = f32(z);
    if (fabsf(fz) >= fabsf(fx) && fabsf(fz) >= fabsf(fy))
        return t ? y ^ n : fz < 0 ? x ^ n : x;
    if (fabsf(fy) >= fabsf(fx))
        return t ? (fy < 0 ? z ^ n : z) : x;
    return t ? y ^ n : fx < 0 ? z : z ^ n;
}
OPFN(cubesc_f32) { D32(out32(c, cube_st(c, 0))); }
OPFN(cubetc_f32) { D32(out32(c, cube_st(c, 1))); }
OPFN(cubema_f32) { float a, b, d, e; cube(c, &a, &b, &d, &e); D32(cube_out(c, e)); }

/* ---------- transcendentals: the exact value (long double), rounded (f64 by MODE, f32 and f16 to
   nearest even); the hardware is specified to about 1 ulp, so these rows are compared with a
   tolerance of 1 ulp ---------- */
typedef enum { T_RCP, T_RSQ, T_SQRT, T_EXP, T_LOG, T_SIN, T_COS } tfn;

/* v rounded to f in rmode; output denormals flushed unless keep (round_out) */
static uint64_t ld_to(long double v, fmt f, int rmode, int keep)
{
    if (v != v)
        return default_nan(f);
    if (isinf(v))
        return (v < 0 ? fmt_sign(f) : 0) | fmt_expmask(f);
    int neg = signbit(v) != 0;
    long double m = fabsl(v);
    if (m == 0)
        return neg ? fmt_sign(f) : 0;
    int e;
    long double fr = frexpl(m, &e);            /* m = fr * 2^e, fr in [0.5, 1) */
    u128 mag = (u128)ldexpl(fr, 64);           /* 64 significant bits: exact for long double */
    return round_out(neg, mag, e - 64, f, rmode, keep);
}

static long double to_ld(uint64_t b, fmt f)
{
    if (f.man == 52) return f64(b);
    if (f.man == 23) return f32((uint32_t)b);
    return f64(convert(b, F16, F64, 0));
}

static uint64_t transcendental(const ctx *c, fmt f, tfn t, uint64_t a)
{
    a = fin(c, f, a);
    /* f32 rcp/rsq/sqrt/exp/log take and make no denormals in any MODE (LLVM 19's
       AMDGPUInstCombineIntrinsic: "f32 instruction doesn't handle denormals"; AMDGPUUsage) */
    int ftz = f.man == 23 && t != T_SIN && t != T_COS;
    a = flush(a, f, !ftz);
    /* f32 and f16 results round to nearest even whatever MODE's rounding says (rocjitsu's gfx1100
       captures trig_fp_cases Rdna3SinE32Subnormal: v_sin_f32(-2^-149) is -6 ulps under round toward
       -inf; half_log_exp_arithmetic_cases ExpSingleRounding); f64 ones by MODE */
    int rm = f.man == 52 ? rnd64(c) : 0, keep = !ftz && keeps(c, f);
    if (is_nan(a, f))
        return qnan(c, a, f);
    long double x = to_ld(a, f), r;
    int neg = (int)(a >> (f.man + f.exp) & 1);
    switch (t) {
    case T_RCP: r = 1.0L / x; break;
    case T_RSQ: r = x == 0 ? (neg ? -INFINITY : INFINITY) : 1.0L / sqrtl(x); break;
    case T_SQRT: r = x == 0 ? x : sqrtl(x); break;
    case T_EXP: r = exp2l(x); break;
    case T_LOG: r = x == 0 ? -INFINITY : log2l(x); break;
    default: { /* revolutions: sin(2 pi x) from the fraction's quarter turn and remainder (exact) */
        if (isinf(x)) /* guide: V_SIN_F32(0x7f800000) => 0xffc00000 */
            return default_nan(f) | fmt_sign(f);
        long double fr = x - truncl(x), q = roundl(4 * fr), rem = fr - q / 4;
        long double ang = rem * 6.283185307179586476925286766559L;
        int k = (int)(((long)q % 4 + 4 + (t == T_COS)) % 4);
        r = k == 0 ? sinl(ang) : k == 1 ? cosl(ang) : k == 2 ? -sinl(ang) : -cosl(ang);
        if (r == 0) /* zeros are +0 but sin(-0) (guide example: V_SIN_F32(0xff7fffff) => 0x00000000) */
            r = t == T_COS || x != 0 ? 0.0L : (neg ? -0.0L : 0.0L);
    }
    }
    if (r != r) /* an invalid input: the negative default NaN (guide: V_LOG_F32(0xbf800000) => 0xffc00000) */
        return default_nan(f) | fmt_sign(f);
    if (t == T_EXP && (isinf(r) || r == 0) && !isinf(x)) /* beyond long double: round a huge or tiny value */
        return round_out(0, 1, r == 0 ? -100000 : 100000, f, rm, keep);
    return ld_to(r, f, rm, keep);
}
#define TR(n, f, t, D) OPFN(n) { c->tol = 1; D(transcendental(c, f, t, (f).man == 52 ? S0 : (f).man == 23 ? U32(S0) : U16(S0))); }
TR(rcp_f32, F32, T_RCP, D32)
TR(rcp_iflag_f32, F32, T_RCP, D32)
TR(rsq_f32, F32, T_RSQ, D32)
TR(sqrt_f32, F32, T_SQRT, D32)
TR(exp_f32, F32, T_EXP, D32)
TR(log_f32, F32, T_LOG, D32)
TR(sin_f32, F32, T_SIN, D32)
TR(cos_f32, F32, T_COS, D32)
TR(rcp_f64, F64, T_RCP, D64)
TR(rsq_f64, F64, T_RSQ, D64)
TR(sqrt_f64, F64, T_SQRT, D64)
TR(rcp_f16, F16, T_RCP, D16)
TR(rsq_f16, F16, T_RSQ, D16)
TR(sqrt_f16, F16, T_SQRT, D16)
TR(exp_f16, F16, T_EXP, D16)
TR(log_f16, F16, T_LOG, D16)
TR(sin_f16, F16, T_SIN, D16)
TR(cos_f16, F16, T_COS, D16)

/* ---------- dot2: acc + a.lo * b.lo + a.hi * b.hi, exact, one rounding ---------- */
/* Adds x (format f) or x * y to the wide sum; returns 0, or records an infinity / NaN. */
typedef struct {
    wide w;
    int nan, pinf, ninf, nonzero, pos_zero, neg_zero;
} dot_acc;

static void dot_term(dot_acc *d, fmt f, uint64_t x, int have_y, fmt g, uint64_t y)
{
    int nx, ny = 0, ex, ey = 0;
    u128 mx, my = 1;
    int zx = is_zero(x, f), zy = have_y && is_zero(y, g);
    int s = (int)(x >> (f.man + f.exp) & 1) ^ (have_y ? (int)(y >> (g.man + g.exp) & 1) : 0);
    if (is_nan(x, f) || (have_y && is_nan(y, g)) || (is_inf(x, f) && zy) || (have_y && is_inf(y, g) && zx)) {
        d->nan = 1;
        return;
    }
    if (is_inf(x, f) || (have_y && is_inf(y, g))) {
        *(s ? &d->ninf : &d->pinf) = 1;
        return;
    }
    decompose(x, f, &nx, &mx, &ex);
    if (have_y)
        decompose(y, g, &ny, &my, &ey);
    if (mx && my) {
        wide_add_shifted(&d->w, nx ^ ny, (uint64_t)(mx * my), ex + ey);
        d->nonzero = 1;
    } else {
        *(s ? &d->neg_zero : &d->pos_zero) = 1;
    }
}

/* The rounded total of a dot_acc, or nanv. */
static uint64_t dot_result(const dot_acc *d, fmt out, int rmode, uint64_t nanv)
{
    if (d->nan || (d->pinf && d->ninf))
        return nanv;
    if (d->pinf || d->ninf)
        return (d->ninf ? fmt_sign(out) : 0) | fmt_expmask(out);
    if (wide_is_zero(&d->w))
        return wide_zero_sign(d->nonzero, d->pos_zero, d->neg_zero, rmode) ? fmt_sign(out) : 0;
    return wide_round(d->w, out.man, out.exp, rmode);
}

/* The NaN result of the dot2 pseudocode's statements tmp = acc; tmp += x0 * y0; tmp += x1 * y1
   (acc in the result format out): a NaN operand, the first in statement order, quieted (an f16 or
   bf16 one widened to out as f16_to_f32 does); 0 * inf or inf - inf the default NaN; a NaN tmp
   stays. Only the NaN and infinity classes matter: finite values never make a NaN. */
static uint64_t dot2_nan(fmt in, const uint64_t *xs, const uint64_t *ys, uint64_t acc, fmt out)
{
    if (is_nan(acc, out))
        return quiet(acc, out);
    int tinf = is_inf(acc, out), tneg = (int)(acc >> (out.man + out.exp) & 1);
    for (int h = 0; h < 2; h++) {
        uint64_t x = xs[h], y = ys[h];
        if (is_nan(x, in) || is_nan(y, in))
            return convert(is_nan(x, in) ? x : y, in, out, 0);
        int xi = is_inf(x, in), yi = is_inf(y, in), pneg = (int)((x ^ y) >> (in.man + in.exp) & 1);
        if ((xi && is_zero(y, in)) || (yi && is_zero(x, in)) || ((xi || yi) && tinf && pneg != tneg))
            return default_nan(out);
        if (xi || yi)
            tinf = 1, tneg = pneg;
    }
    return default_nan(out); /* not reached: the caller saw a NaN */
}

static uint64_t dot2_ref(const ctx *c, fmt in, int flush_in, uint64_t a, uint64_t b, fmt facc, uint64_t acc, fmt out,
                         int rmode)
{
    dot_acc d;
    memset(&d, 0, sizeof d);
    uint64_t xs[2], ys[2];
    for (int h = 0; h < 2; h++) {
        uint64_t x = a >> 16 * h & 0xffff, y = b >> 16 * h & 0xffff;
        if (flush_in)
            x = flush(x, in, 0), y = flush(y, in, 0);
        xs[h] = x, ys[h] = y;
        dot_term(&d, in, x, 1, in, y);
    }
    dot_term(&d, facc, acc, 0, facc, 0);
    (void)c;
    if (d.nan || (d.pinf && d.ninf))
        return dot2_nan(in, xs, ys, acc, out);
    return dot_result(&d, out, rmode, 0);
}
/* the f32 forms: one gfx11 DOT2 step (ref_dot2.h), whatever MODE says */
static uint32_t dot2_step32(uint64_t a, uint64_t b, uint64_t acc, int bf16)
{
    return ref_dot_step((uint32_t)a & 0xffff, (uint32_t)b & 0xffff, (uint32_t)a >> 16 & 0xffff, (uint32_t)b >> 16 & 0xffff,
                        (uint32_t)acc, bf16, REF_DOT_F32);
}
OPFN(dot2_f32_f16) { D32(dot2_step32(U32(S0), U32(S1), U32(S2), 0)); }
OPFN(dot2acc_f32_f16) { D32(dot2_step32(U32(S0), U32(S1), U32(c->dinit), 0)); }
OPFN(dot2_f32_bf16) { D32(dot2_step32(U32(S0), U32(S1), U32(S2), 1)); }
/* the 16-bit forms keep denormals (f16) and round to nearest even (seed 000) */
OPFN(dot2_f16_f16) { D16(dot2_ref(c, F16, 0, U32(S0), U32(S1), F16, U16(S2), F16, 0)); }
OPFN(dot2_bf16_bf16) { D16(flush(dot2_ref(c, BF16, 1, U32(S0), U32(S1), BF16, flush(U16(S2), BF16, 0), BF16, 0), BF16, 0)); }
/* fma_mix: source k is f32, or with OP_SEL_HI[k] the f16 half OP_SEL[k] names (converted exactly);
   inputs flush by their own width's mode; ABS (NEG_HI) then NEG; one exact fma rounded to f32 (f32
   mode); the mixlo/mixhi forms round it to f32 and then to f16 (the guide's f32_to_f16(fma(..))
   rounds twice), both in the f16 mode (rocjitsu's gfx1100 fma_mix_half_cases Arch6MixHalf*Round2/3:
   0x340b, where an f32 step in the f32 mode gives 0x340c); output flush (tininess after rounding
   at the f16 step, of the f32 value it rounds) and CLAMP here. */
static uint64_t mix_src(const ctx *c, int k)
{
    uint64_t v;
    if (c->opsel_hi >> k & 1)
        v = convert(in16(c, c->s[k] >> (16 * (c->opsel >> k & 1)) & 0xffff), F16, F32, 0);
    else
        v = in32(c, c->s[k] & 0xffffffff);
    if (c->abs_ >> k & 1)
        v &= 0x7fffffff;
    if (c->neg >> k & 1)
        v ^= 0x80000000;
    return v;
}
static uint64_t fma_mix(const ctx *c, int f16)
{
    uint64_t v[3] = {mix_src(c, 0), mix_src(c, 1), mix_src(c, 2)};
    dot_acc d;
    memset(&d, 0, sizeof d);
    dot_term(&d, F32, v[0], 1, F32, v[1]);
    dot_term(&d, F32, v[2], 0, F32, 0);
    int nan = d.nan || (d.pinf && d.ninf);
    uint64_t n = inf_times_zero(v[0], v[1], F32) ? default_nan(F32) : nan_of(c, F32, 3, v);
    if (!f16) {
        if (nan)
            return n;
        uint64_t r = dot_result(&d, F32, rnd32(c), 0);
        return host_out(c, F32, rnd32(c), r, v[0], v[1], v[2], 0);
    }
    uint64_t h = nan ? convert(n, F32, F16, 0) : convert_out(dot_result(&d, F32, rnd64(c), 0), F32, F16, rnd64(c), keeps(c, F16));
    if (c->clamp) /* to [0, 1]; NaN to 0 with DX10_CLAMP, else kept; -0 to +0 (guide 7.2, CLMP) */
        h = is_nan(h, F16) ? ((c->mode & 0x100) ? 0 : h) : (h & 0x8000) ? 0 : h > 0x3c00 ? 0x3c00 : h;
    return h;
}
OPFN(fma_mix_f32) { D32(fma_mix(c, 0)); }
OPFN(fma_mixlo_f16) { D16(fma_mix(c, 1)); }
OPFN(fma_mixhi_f16) { c->d = (c->dinit & 0xffffffff0000ffffull) | fma_mix(c, 1) << 16; }

/* ---------- division helpers (guide pseudocode; our readings in docs/isa-notes-rdna3.md) ---------- */

/* v_div_fixup: S0 the quotient, S1 the denominator, S2 the numerator: NaN sources (numerator first)
   quieted; 0/0 and inf/inf the negative default NaN; x/0 and inf/y infinity; x/inf and 0/y zero, all
   with the quotient's sign; for f32/f64 a quotient below the smallest denormal (exponent difference
   past the format) zero and a NaN S0 (the refinement overflowed) infinity (the f16 pseudocode has
   neither check); else S0's magnitude with that sign. */
static uint64_t div_fixup_ref(const ctx *c, fmt f, uint64_t q, uint64_t d, uint64_t n)
{
    q = fin(c, f, q), d = fin(c, f, d), n = fin(c, f, n);
    uint64_t sign = ((d ^ n) & fmt_sign(f));
    if (is_nan(n, f))
        return quiet(n, f);
    if (is_nan(d, f))
        return quiet(d, f);
    if ((is_zero(d, f) && is_zero(n, f)) || (is_inf(d, f) && is_inf(n, f)))
        return fmt_sign(f) | default_nan(f);
    if (is_zero(d, f) || is_inf(n, f))
        return sign | fmt_expmask(f);
    if (is_inf(d, f) || is_zero(n, f))
        return sign;
    if (f.man == 10 && (is_nan(q, f) || is_inf(q, f))) { /* overflow by MODE (rocjitsu, gfx1100/gfx1201) */
        int r = rnd64(c);
        return sign | (r == 3 || r == (sign ? 1 : 2) ? fmt_expmask(f) - 1 : fmt_expmask(f));
    }
    if (f.man == 10)
        return fout(c, f, (q & ~fmt_sign(f)) | sign);
    if (biased_exp(n, f) - biased_exp(d, f) < -(f.man == 52 ? 1075 : 150))
        return sign;
    if (is_nan(q, f))
        return sign | fmt_expmask(f);
    return fout(c, f, (q & ~fmt_sign(f)) | sign);
}
OPFN(div_fixup_f32) { D32(div_fixup_ref(c, F32, U32(S0), U32(S1), U32(S2))); }
OPFN(div_fixup_f64) { D64(div_fixup_ref(c, F64, S0, S1, S2)); }
OPFN(div_fixup_f16) { D16(div_fixup_ref(c, F16, U16(S0), U16(S1), U16(S2))); }

/* A finite value as (-1)^neg * mag * 2^e. */
static void split_exact(uint64_t v, fmt f, int *neg, u128 *mag, int *e)
{
    int bias = (1 << (f.exp - 1)) - 1, be = biased_exp(v, f);
    uint64_t m = v & ((1ull << f.man) - 1);
    *neg = (int)(v >> (f.man + f.exp) & 1);
    if (be)
        m |= 1ull << f.man;
    else
        be = 1;
    *mag = m;
    *e = be - bias - f.man;
}

static int bitlen(u128 v) { int n = 0; while (v) v >>= 1, n++; return n; }

/* a * b + d, times 2^k, rounded once (mode r): the exact value in a 128-bit window. The larger term
   is placed with its top bit at 124; a smaller term reaching below the window can only be more than
   2^17 times smaller there, so its lost bits act as a sticky bit (two guard bits, +-1). Returns 0
   with *zero set for an exact zero total. */
static uint64_t fma_exact(fmt f, uint64_t a, uint64_t b, uint64_t d, int k, int r, int *zero)
{
    int na, nb, nd, ea, eb, ed;
    u128 ma, mb, md;
    split_exact(a, f, &na, &ma, &ea);
    split_exact(b, f, &nb, &mb, &eb);
    split_exact(d, f, &nd, &md, &ed);
    u128 mp = ma * mb; /* at most 106 bits */
    int ep = ea + eb, np = na ^ nb;
    *zero = 0;
    if (!mp && !md) {
        *zero = 1;
        return 0;
    }
    /* the larger magnitude first */
    int p_big = !md || (mp && bitlen(mp) + ep > bitlen(md) + ed);
    u128 big = p_big ? mp : md, small = p_big ? md : mp;
    int ebig = p_big ? ep : ed, esmall = p_big ? ed : ep, nbig = p_big ? np : nd, nsmall = p_big ? nd : np;
    int sh = 124 - bitlen(big);
    u128 acc = big << sh;
    int base = ebig - sh, sticky = 0;
    if (small) {
        int t = esmall - base;
        u128 part;
        if (t >= 0) {
            part = small << t;
        } else if (-t >= 128) {
            part = 0;
            sticky = 1;
        } else {
            part = small >> -t;
            sticky = (small & (((u128)1 << -t) - 1)) != 0;
        }
        if (nsmall == nbig) {
            acc += part;
        } else if (part > acc) { /* equal top exponents: the "smaller" term was the larger (exact here) */
            acc = part - acc;
            nbig = nsmall;
        } else {
            acc -= part;
        }
    }
    if (!acc && !sticky) {
        *zero = 1;
        return 0;
    }
    acc <<= 2;
    if (sticky)
        acc = nsmall == nbig ? acc + 1 : acc - 1;
    return round_exact(nbig, acc, base - 2 + k, f, r);
}

/* v_div_fmas: fma(S0, S1, S2), and with VCC set scaled by 2^64 (f64: 2^128) when S2's exponent field
   is above the bias, else by 2^-64 (2^-128), the fma and the scaling rounded once: AMD's
   hardware-checked emulator rocjitsu (ROCm/rocm-systems emulation/rocjitsu, shared/division.h) and
   tinygrad's hardware tests; the guide's "2^64 * fma(...)" with its two roundings gives 1-ulp errors
   in clang's a/b for subnormal quotients (kernel div_subnormal). Sources keep their denormals in
   every MODE (the guide's Notes), the result is flushed by MODE. */
static uint64_t div_fmas_ref(const ctx *c, fmt f, uint64_t a, uint64_t b, uint64_t d)
{
    ctx k = *c;
    k.mode |= f.man == 52 ? 0xc0 : 0x30; /* guide Notes: input denormals are not flushed; the output flush comes last */
    uint64_t r = f.man == 52 ? arith64(&k, FMA, a, b, d) : arith32(&k, FMA, a, b, d);
    uint64_t x = a, y = b, z = d;
    int k2 = 0;
    if (c->carry && !is_nan(r, f) && !is_inf(x, f) && !is_inf(y, f) && !is_inf(z, f)) {
        int scale = f.man == 52 ? 128 : 64, zero;
        k2 = biased_exp(z, f) > (f.man == 52 ? 1023 : 127) ? scale : -scale;
        uint64_t e = fma_exact(f, x, y, z, k2, fround(c, f), &zero);
        if (!zero)
            r = e;
    }
    return host_out(c, f, fround(c, f), r, x, y, z, k2); /* the output flush, tininess after rounding */
}
OPFN(div_fmas_f32) { D32(div_fmas_ref(c, F32, U32(S0), U32(S1), U32(S2))); }
OPFN(div_fmas_f64) { D64(div_fmas_ref(c, F64, S0, S1, S2)); }

/* v_div_scale: S0 the value to scale, S1 the denominator, S2 the numerator; VCC says the quotient
   will need unscaling (div_fmas). The rules of AMD's hardware-checked emulator rocjitsu (checked on
   gfx1100/gfx1201), which states that the guide's pseudocode with its DENORM tests does not
   reproduce hardware; on biased exponent fields de = exp(S1), ne = exp(S2), delta = ne - de:
   delta >= 96 (f64 768): VCC, the denominator scaled up; de == 0: both up; de >= 253 (f64 2045):
   VCC when delta <= -96, both scaled down except the numerator then; delta <= -96: VCC, the
   numerator up; ne <= 24 (f64 53): both up. A zero S1 or S2 gives NaN 0xffc00000 with that VCC;
   an infinite or NaN S0 is returned as it is. The scaling is exact or rounds to nearest. */
static uint64_t div_scale_ref(ctx *c, fmt f, uint64_t s0, uint64_t d, uint64_t n)
{
    s0 = fin(c, f, s0), d = fin(c, f, d), n = fin(c, f, n);
    int wide = f.man == 52, scale = wide ? 128 : 64, near_max = wide ? 768 : 96, tiny = wide ? 53 : 24;
    int top = wide ? 2045 : 253;
    int de = biased_exp(d, f), ne = biased_exp(n, f), delta = ne - de, is_den = s0 == d, adjust = 0;
    c->mask = 0;
    if (delta >= near_max) {
        c->mask = 1;
        adjust = is_den ? scale : 0;
    } else if (de == 0) {
        adjust = scale;
    } else if (de >= top) {
        c->mask = delta <= -near_max;
        adjust = c->mask && !is_den ? 0 : -scale;
    } else if (delta <= -near_max) {
        c->mask = 1;
        adjust = is_den ? 0 : scale;
    } else if (ne <= tiny) {
        adjust = scale;
    }
    if (is_zero(n, f) || is_zero(d, f))
        return default_nan(f) | fmt_sign(f);
    if (is_nan(s0, f))
        return qnan(c, s0, f);
    if (is_inf(s0, f))
        return s0;
    ctx k = *c;
    k.mode &= ~0xfu; /* the scaling rounds to nearest; MODE's output flush (tininess after rounding) */
    return fout(c, f, adjust ? ldexp_ref(&k, f, s0, adjust) : s0);
}
OPFN(div_scale_f32) { D32(div_scale_ref(c, F32, U32(S0), U32(S1), U32(S2))); }
OPFN(div_scale_f64) { D64(div_scale_ref(c, F64, S0, S1, S2)); }

/* V_MULLIT_F32 (guide): S1 = -MAX_FLOAT, -inf or NaN, or S2 <= 0 or NaN gives -MAX_FLOAT, else S0 * S1 */
OPFN(mullit_f32)
{
    uint64_t b = in32(c, U32(S1)), d = in32(c, U32(S2));
    if (b == 0xff7fffff || b == 0xff800000 || is_nan(b, F32) || is_nan(d, F32) || !(f32((uint32_t)d) > 0))
        D32(0xff7fffff);
    else
        D32(arith32(c, MUL, U32(S0), b, 0));
}

typedef struct {
    const char *name, *types; /* "dst src0 src1 src2" of b32 i32 u32 f32 b16 f16 b64 f64 ... ("-" none) */
    void (*fn)(ctx *);
} opdef;

#define E(n, t) {#n, t, op_##n}
static const opdef ops[] = {
    E(add_nc_u32, "u32 u32 u32 -"), E(sub_nc_u32, "u32 u32 u32 -"), E(subrev_nc_u32, "u32 u32 u32 -"),
    E(add_nc_i32, "i32 i32 i32 -"), E(sub_nc_i32, "i32 i32 i32 -"),
    E(mul_i32_i24, "i32 i32 i32 -"), E(mul_hi_i32_i24, "i32 i32 i32 -"), E(mul_u32_u24, "u32 u32 u32 -"),
    E(mul_hi_u32_u24, "u32 u32 u32 -"), E(min_i32, "i32 i32 i32 -"), E(max_i32, "i32 i32 i32 -"),
    E(min_u32, "u32 u32 u32 -"), E(max_u32, "u32 u32 u32 -"), E(lshlrev_b32, "b32 sh32 b32 -"),
    E(lshrrev_b32, "b32 sh32 b32 -"), E(ashrrev_i32, "i32 sh32 i32 -"), E(and_b32, "b32 b32 b32 -"),
    E(or_b32, "b32 b32 b32 -"), E(xor_b32, "b32 b32 b32 -"), E(xnor_b32, "b32 b32 b32 -"), E(not_b32, "b32 b32 - -"),
    E(mov_b32, "b32 b32 - -"), E(bfrev_b32, "b32 b32 - -"), E(clz_i32_u32, "i32 b32 - -"), E(ctz_i32_b32, "i32 b32 - -"),
    E(cls_i32, "i32 i32 - -"), E(cvt_i32_i16, "i32 i16 - -"), E(cvt_u32_u16, "u32 u16 - -"), E(not_b16, "b16 b16 - -"),
    E(bfe_u32, "u32 u32 sh32 sh32"), E(bfe_i32, "i32 i32 sh32 sh32"), E(bfi_b32, "b32 b32 b32 b32"),
    E(bfm_b32, "b32 sh32 sh32 -"), E(bcnt_u32_b32, "u32 b32 u32 -"), E(alignbit_b32, "b32 b32 b32 sh32"),
    E(alignbyte_b32, "b32 b32 b32 sh32"), E(xor3_b32, "b32 b32 b32 b32"), E(or3_b32, "b32 b32 b32 b32"),
    E(and_or_b32, "b32 b32 b32 b32"), E(lshl_or_b32, "b32 b32 sh32 b32"), E(lshl_add_u32, "u32 u32 sh32 u32"),
    E(add_lshl_u32, "u32 u32 u32 sh32"), E(add3_u32, "u32 u32 u32 u32"), E(xad_u32, "u32 u32 u32 u32"),
    E(mad_u32_u24, "u32 u32 u32 u32"), E(mad_i32_i24, "i32 i32 i32 i32"), E(mad_u32_u16, "u32 u16 u16 u32"),
    E(mad_i32_i16, "i32 i16 i16 i32"), E(mul_lo_u32, "u32 u32 u32 -"), E(mul_hi_u32, "u32 u32 u32 -"),
    E(mul_hi_i32, "i32 i32 i32 -"), E(min3_i32, "i32 i32 i32 i32"), E(max3_i32, "i32 i32 i32 i32"),
    E(min3_u32, "u32 u32 u32 u32"), E(max3_u32, "u32 u32 u32 u32"), E(med3_i32, "i32 i32 i32 i32"),
    E(med3_u32, "u32 u32 u32 u32"), E(maxmin_u32, "u32 u32 u32 u32"), E(minmax_u32, "u32 u32 u32 u32"),
    E(maxmin_i32, "i32 i32 i32 i32"), E(minmax_i32, "i32 i32 i32 i32"), E(sad_u8, "u32 u32 u32 u32"),
    E(sad_hi_u8, "u32 u32 u32 u32"), E(sad_u16, "u32 u32 u32 u32"), E(sad_u32, "u32 u32 u32 u32"),
    E(msad_u8, "u32 u32 u32 u32"), E(lerp_u8, "u32 u32 u32 u32"), E(perm_b32, "b32 b32 b32 sel32"),
    E(mad_u64_u32, "u64 u32 u32 u64"), E(mad_i64_i32, "i64 i32 i32 i64"), E(lshlrev_b64, "b64 sh32 b64 -"),
    E(lshrrev_b64, "b64 sh32 b64 -"), E(ashrrev_i64, "i64 sh32 i64 -"), E(add_co_u32, "u32 u32 u32 -"),
    E(sub_co_u32, "u32 u32 u32 -"), E(subrev_co_u32, "u32 u32 u32 -"), E(add_co_ci_u32, "u32 u32 u32 -"),
    E(sub_co_ci_u32, "u32 u32 u32 -"), E(subrev_co_ci_u32, "u32 u32 u32 -"), E(cndmask_b32, "b32 b32 b32 -"),
    E(cndmask_b16, "b16 b16 b16 -"),
    E(add_nc_u16, "u16 u16 u16 -"), E(sub_nc_u16, "u16 u16 u16 -"), E(add_nc_i16, "i16 i16 i16 -"),
    E(sub_nc_i16, "i16 i16 i16 -"), E(mul_lo_u16, "u16 u16 u16 -"), E(max_u16, "u16 u16 u16 -"),
    E(min_u16, "u16 u16 u16 -"), E(max_i16, "i16 i16 i16 -"), E(min_i16, "i16 i16 i16 -"),
    E(lshlrev_b16, "b16 sh16 b16 -"), E(lshrrev_b16, "b16 sh16 b16 -"), E(ashrrev_i16, "i16 sh16 i16 -"),
    E(and_b16, "b16 b16 b16 -"), E(or_b16, "b16 b16 b16 -"), E(xor_b16, "b16 b16 b16 -"),
    E(mad_u16, "u16 u16 u16 u16"), E(mad_i16, "i16 i16 i16 i16"), E(min3_i16, "i16 i16 i16 i16"),
    E(max3_i16, "i16 i16 i16 i16"), E(min3_u16, "u16 u16 u16 u16"), E(max3_u16, "u16 u16 u16 u16"),
    E(med3_i16, "i16 i16 i16 i16"), E(med3_u16, "u16 u16 u16 u16"), E(pack_b32_f16, "b32 f16 f16 -"),
    E(cvt_pk_u16_u32, "b32 u32 u32 -"), E(cvt_pk_i16_i32, "b32 i32 i32 -"), E(sat_pk_u8_i16, "b16 b32 - -"),
    E(add_f32, "f32 f32 f32 -"), E(sub_f32, "f32 f32 f32 -"), E(subrev_f32, "f32 f32 f32 -"),
    E(mul_f32, "f32 f32 f32 -"), E(fma_f32, "f32 f32 f32 f32"), E(fmac_f32, "f32 f32 f32 -"),
    E(add_f64, "f64 f64 f64 -"), E(mul_f64, "f64 f64 f64 -"), E(fma_f64, "f64 f64 f64 f64"),
    E(add_f16, "f16 f16 f16 -"), E(sub_f16, "f16 f16 f16 -"), E(subrev_f16, "f16 f16 f16 -"),
    E(mul_f16, "f16 f16 f16 -"), E(fma_f16, "f16 f16 f16 f16"), E(fmac_f16, "f16 f16 f16 -"),
    E(min_f32, "f32 f32 f32 -"), E(max_f32, "f32 f32 f32 -"), E(min_f64, "f64 f64 f64 -"),
    E(max_f64, "f64 f64 f64 -"), E(min_f16, "f16 f16 f16 -"), E(max_f16, "f16 f16 f16 -"),
    E(min3_f32, "f32 f32 f32 f32"), E(max3_f32, "f32 f32 f32 f32"), E(minmax_f32, "f32 f32 f32 f32"),
    E(maxmin_f32, "f32 f32 f32 f32"), E(min3_f16, "f16 f16 f16 f16"), E(max3_f16, "f16 f16 f16 f16"),
    E(minmax_f16, "f16 f16 f16 f16"), E(maxmin_f16, "f16 f16 f16 f16"),
    E(cvt_i32_f32, "i32 f32 - -"), E(cvt_u32_f32, "u32 f32 - -"), E(cvt_i32_f64, "i32 f64 - -"),
    E(cvt_u32_f64, "u32 f64 - -"), E(cvt_f64_i32, "f64 i32 - -"), E(cvt_f64_u32, "f64 u32 - -"),
    E(cvt_f32_i32, "f32 i32 - -"), E(cvt_f32_u32, "f32 u32 - -"), E(cvt_f32_ubyte0, "f32 u32 - -"),
    E(cvt_f32_ubyte1, "f32 u32 - -"), E(cvt_f32_ubyte2, "f32 u32 - -"), E(cvt_f32_ubyte3, "f32 u32 - -"),
    E(cvt_off_f32_i4, "f32 u32 - -"), E(cvt_f32_f64, "f32 f64 - -"), E(cvt_f64_f32, "f64 f32 - -"),
    E(cvt_f16_f32, "f16 f32 - -"), E(cvt_f32_f16, "f32 f16 - -"), E(cvt_floor_i32_f32, "i32 f32 - -"),
    E(cvt_nearest_i32_f32, "i32 f32 - -"), E(cvt_f16_u16, "f16 u16 - -"), E(cvt_f16_i16, "f16 i16 - -"),
    E(cvt_u16_f16, "u16 f16 - -"), E(cvt_i16_f16, "i16 f16 - -"),
    E(trunc_f32, "f32 f32 - -"), E(ceil_f32, "f32 f32 - -"), E(floor_f32, "f32 f32 - -"), E(rndne_f32, "f32 f32 - -"),
    E(trunc_f64, "f64 f64 - -"), E(ceil_f64, "f64 f64 - -"), E(floor_f64, "f64 f64 - -"), E(rndne_f64, "f64 f64 - -"),
    E(ldexp_f32, "f32 f32 i32 -"), E(ldexp_f64, "f64 f64 i32 -"), E(ldexp_f16, "f16 f16 i16 -"),
    E(frexp_mant_f32, "f32 f32 - -"), E(frexp_mant_f64, "f64 f64 - -"), E(frexp_mant_f16, "f16 f16 - -"),
    E(frexp_exp_i32_f32, "i32 f32 - -"), E(frexp_exp_i32_f64, "i32 f64 - -"), E(frexp_exp_i16_f16, "i16 f16 - -"),
    E(fract_f32, "f32 f32 - -"), E(fract_f64, "f64 f64 - -"), E(fract_f16, "f16 f16 - -"),
    E(med3_f32, "f32 f32 f32 f32"), E(med3_f16, "f16 f16 f16 f16"), E(mul_dx9_zero_f32, "f32 f32 f32 -"),
    E(fma_dx9_zero_f32, "f32 f32 f32 f32"), E(fmac_dx9_zero_f32, "f32 f32 f32 -"), E(fmamk_f32, "f32 f32 f32 k32"),
    E(fmaak_f32, "f32 f32 f32 k32"), E(fmamk_f16, "f16 f16 f16 k16"), E(fmaak_f16, "f16 f16 f16 k16"),
    E(cvt_pk_i16_f32, "b32 f32 f32 -"), E(cvt_pk_u16_f32, "b32 f32 f32 -"), E(cvt_pk_u8_f32, "b32 f32 u32 b32"),
    E(cvt_pk_rtz_f16_f32, "b32 f32 f32 -"), E(cvt_pk_norm_i16_f32, "b32 f32 f32 -"),
    E(cvt_pk_norm_u16_f32, "b32 f32 f32 -"), E(cvt_pk_norm_i16_f16, "b32 f16 f16 -"),
    E(cvt_pk_norm_u16_f16, "b32 f16 f16 -"), E(cvt_norm_i16_f16, "i16 f16 - -"), E(cvt_norm_u16_f16, "u16 f16 - -"),
    E(mov_b16, "b16 b16 - -"), E(mbcnt_lo_u32_b32, "u32 b32 u32 -"), E(mbcnt_hi_u32_b32, "u32 b32 u32 -"),
    E(pk_add_u16, "b32 b32 b32 -"), E(pk_sub_u16, "b32 b32 b32 -"), E(pk_add_i16, "b32 b32 b32 -"),
    E(pk_sub_i16, "b32 b32 b32 -"), E(pk_mul_lo_u16, "b32 b32 b32 -"), E(pk_mad_u16, "b32 b32 b32 b32"),
    E(pk_mad_i16, "b32 b32 b32 b32"), E(pk_lshlrev_b16, "b32 sh32 b32 -"), E(pk_lshrrev_b16, "b32 sh32 b32 -"),
    E(pk_ashrrev_i16, "b32 sh32 b32 -"), E(pk_max_u16, "b32 b32 b32 -"), E(pk_min_u16, "b32 b32 b32 -"),
    E(pk_max_i16, "b32 b32 b32 -"), E(pk_min_i16, "b32 b32 b32 -"), E(pk_add_f16, "pf16 pf16 pf16 -"),
    E(pk_mul_f16, "pf16 pf16 pf16 -"), E(pk_fma_f16, "pf16 pf16 pf16 pf16"), E(pk_min_f16, "pf16 pf16 pf16 -"),
    E(pk_max_f16, "pf16 pf16 pf16 -"), E(pk_fmac_f16, "pf16 pf16 pf16 -"),
    E(dot4_u32_u8, "u32 u32 u32 u32"), E(dot4_i32_iu8, "i32 u32 u32 i32"), E(dot8_u32_u4, "u32 u32 u32 u32"),
    E(dot8_i32_iu4, "i32 u32 u32 i32"),
    E(cubeid_f32, "f32 f32 f32 f32"), E(cubesc_f32, "f32 f32 f32 f32"), E(cubetc_f32, "f32 f32 f32 f32"),
    E(cubema_f32, "f32 f32 f32 f32"),
    E(rcp_f32, "f32 f32 - -"), E(rcp_iflag_f32, "f32 f32 - -"), E(rsq_f32, "f32 f32 - -"), E(sqrt_f32, "f32 f32 - -"),
    E(exp_f32, "f32 f32 - -"), E(log_f32, "f32 f32 - -"), E(sin_f32, "f32 f32 - -"), E(cos_f32, "f32 f32 - -"),
    E(rcp_f64, "f64 f64 - -"), E(rsq_f64, "f64 f64 - -"), E(sqrt_f64, "f64 f64 - -"), E(rcp_f16, "f16 f16 - -"),
    E(rsq_f16, "f16 f16 - -"), E(sqrt_f16, "f16 f16 - -"), E(exp_f16, "f16 f16 - -"), E(log_f16, "f16 f16 - -"),
    E(sin_f16, "f16 f16 - -"), E(cos_f16, "f16 f16 - -"),
    E(dot2_f32_f16, "f32 pf16 pf16 f32"), E(dot2acc_f32_f16, "f32 pf16 pf16 -"), E(dot2_f32_bf16, "f32 pbf16 pbf16 f32"),
    E(dot2_f16_f16, "f16 pf16 pf16 f16"), E(dot2_bf16_bf16, "bf16 pbf16 pbf16 bf16"), E(mullit_f32, "f32 f32 f32 f32"),
    E(fma_mix_f32, "f32 mix mix mix"), E(fma_mixlo_f16, "b32 mix mix mix"), E(fma_mixhi_f16, "b32 mix mix mix"),
    E(qsad_pk_u16_u8, "b64 b64 u32 b64"), E(mqsad_pk_u16_u8, "b64 b64 u32 b64"),
    E(div_fixup_f32, "f32 f32 f32 f32"), E(div_fixup_f64, "f64 f64 f64 f64"), E(div_fixup_f16, "f16 f16 f16 f16"), E(div_fmas_f32, "f32 f32 f32 f32"),
    E(div_fmas_f64, "f64 f64 f64 f64"), E(div_scale_f32, "f32 f32 f32 f32"), E(div_scale_f64, "f64 f64 f64 f64"),
    E(trunc_f16, "f16 f16 - -"), E(ceil_f16, "f16 f16 - -"), E(floor_f16, "f16 f16 - -"), E(rndne_f16, "f16 f16 - -"),
};

/* Compares: v_cmp[x]_<pred>_<type>, v_cmp[x]_class_<type>. Returns 1 when name is one. */
static int compare(const char *name, ctx *c, char *types, size_t tsize)
{
    char pname[8], tname[8];
    const char *p = name;
    if (strncmp(p, "cmpx_", 5) == 0)
        p += 5;
    else if (strncmp(p, "cmp_", 4) == 0)
        p += 4;
    else
        return 0;
    const char *us = strrchr(p, '_');
    if (!us || (size_t)(us - p) >= sizeof pname || strlen(us + 1) >= sizeof tname)
        return 0;
    memcpy(pname, p, (size_t)(us - p));
    pname[us - p] = 0;
    strcpy(tname, us + 1);
    int bits = atoi(tname + 1);
    char kind = tname[0];
    if (bits != 16 && bits != 32 && bits != 64)
        return 0;
    fmt f = bits == 16 ? F16 : bits == 32 ? F32 : F64;
    if (!strcmp(pname, "class")) {
        if (kind != 'f')
            return 0;
        if (types)
            snprintf(types, tsize, "mask %s cls -", tname);
        else
            c->mask = fclass(bits == 16 ? S0 & 0xffff : bits == 32 ? S0 & 0xffffffff : S0, f, U32(S1));
        return 1;
    }
    const pred *pr = NULL;
    for (size_t i = 0; i < sizeof preds / sizeof preds[0]; i++)
        if (!strcmp(preds[i].name, pname))
            pr = &preds[i];
    if (!pr)
        return 0;
    if (types) {
        snprintf(types, tsize, "mask %s %s -", tname, tname);
        return 1;
    }
    uint64_t m = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t a = S0 & m, b = S1 & m;
    if (kind == 'f')
        c->mask = fcmp(pr, c, f, a, b);
    else if (kind == 'i')
        c->mask = icmp(pr, bits == 16 ? (int16_t)a : bits == 32 ? (int32_t)a : (int64_t)a,
                       bits == 16 ? (int16_t)b : bits == 32 ? (int32_t)b : (int64_t)b);
    else
        c->mask = icmp(pr, a, b);
    return 1;
}

/* Whether a type token names a float format (and which). */
static int float_type(const char *t, fmt *f)
{
    if (!strcmp(t, "f16")) { *f = F16; return 1; }
    if (!strcmp(t, "f32")) { *f = F32; return 1; }
    if (!strcmp(t, "f64")) { *f = F64; return 1; }
    *f = F32;
    return 0;
}

/* The sign bits NEG and ABS act on for a source of type t (none for integers). */
static uint64_t sign_bits(const char *t)
{
    if (!strcmp(t, "f16") || !strcmp(t, "bf16"))
        return 0x8000;
    if (!strcmp(t, "pf16") || !strcmp(t, "pbf16"))
        return 0x80008000;
    if (!strcmp(t, "f32"))
        return 0x80000000;
    return !strcmp(t, "f64") ? 1ull << 63 : 0;
}

/* The output modifiers on the result field of the register contents d, which the operation has
   rounded and (unless `keep`) flushed with tininess after rounding: OMOD (x2, x4, /2; `omod_on` says
   whether it applies) scales that value exactly and rounds it in mode `omod_rnd`, a tiny scaled
   result becoming a zero of its sign (when flushed) and a zero result +0 (rocjitsu's gfx1100
   omod_underflow_cases: -(2^-126 - 2^-150) after div:2 is -0; the other captures read the scaled
   value after the arithmetic's rounding: f16_fma_omod_cases "round the arithmetic before applying
   OMOD", adjacent_fp_cases LdexpF32OmodOverflow / LdexpF64OmodOverflow: the largest finite value
   toward zero); then CLAMP to [0, 1] (NaN to 0 with DX10_CLAMP, else unchanged, a signalling NaN too;
   -0 to +0: guide 7.2, the CLMP field, "-0 is clamped to +0"); then the output flush. */
static uint64_t output_mods(uint64_t d, fmt f, unsigned omod, int omod_on, int omod_rnd, unsigned clamp, uint32_t mode,
                            int keep)
{
    int bits = f.man == 52 ? 64 : f.man == 23 ? 32 : 16;
    uint64_t field = bits == 64 ? ~0ull : (1ull << bits) - 1, r = d & field, sign = fmt_sign(f);
    if (omod && omod_on && !is_nan(r, f) && !is_inf(r, f)) {
        int neg, e;
        u128 mag;
        decompose(flush(r, f, keep), f, &neg, &mag, &e);
        e += omod == 1 ? 1 : omod == 2 ? 2 : -1;
        r = round_exact(neg, mag, e, f, omod_rnd);
        if (is_zero(r, f))
            r = 0;
        else if (!keep && tiny_exact(neg, mag, e, f, omod_rnd))
            r &= sign;
    }
    if (clamp) {
        if (is_nan(r, f))
            r = (mode & 0x100) ? 0 : r; /* without DX10_CLAMP a NaN passes unchanged */
        else if (r & sign) /* below 0, and -0 */
            r = 0;
        else if (!(r & sign) && r > convert(b64(1.0), F64, f, 0))
            r = convert(b64(1.0), F64, f, 0);
    }
    r = flush(r, f, keep);
    return (d & ~field) | r;
}

/* min, max, min3, max3, med3, minmax, maxmin and the packed min/max: float selections */
static int is_selection(const char *name)
{
    static const char *const stems[] = {"min_f", "max_f", "min3_f", "max3_f", "med3_f", "minmax_f", "maxmin_f",
                                        "pk_min_f16", "pk_max_f16"};
    for (size_t i = 0; i < sizeof stems / sizeof stems[0]; i++)
        if (!strncmp(name, stems[i], strlen(stems[i])))
            return 1;
    return 0;
}

/* the dx9 fmas: output denormals flushed and OMOD whenever IEEE = 0, whatever the denormal MODE says
   (rocjitsu's gfx1100 dx9_fma_cases: the TinyBeforePacking captures; its Omod rows, a model) */
static int is_dx9_fma(const char *name) { return !strcmp(name, "fma_dx9_zero_f32") || !strcmp(name, "fmac_dx9_zero_f32"); }

/* the f32 transcendentals: 2 for rcp, rcp_iflag, rsq, sqrt, exp, log (output denormals always
   flushed), 1 for sin, cos (MODE's output flush), else 0 */
static int trans32(const char *name)
{
    static const char *const always[] = {"rcp_f32", "rcp_iflag_f32", "rsq_f32", "sqrt_f32", "exp_f32", "log_f32"};
    for (size_t i = 0; i < sizeof always / sizeof always[0]; i++)
        if (!strcmp(name, always[i]))
            return 2;
    return !strcmp(name, "sin_f32") || !strcmp(name, "cos_f32");
}

static const opdef *find(const char *name)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(ops[i].name, name))
            return &ops[i];
    return NULL;
}

/* A scalar 16-bit operand type (OP_SEL picks its half) */
static int is_half(const char *t)
{
    return !strcmp(t, "f16") || !strcmp(t, "i16") || !strcmp(t, "u16") || !strcmp(t, "b16") || !strcmp(t, "bf16");
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--types")) {
        char t[64];
        const opdef *o = find(argv[2]);
        if (o)
            puts(o->types);
        else if (compare(argv[2], NULL, t, sizeof t))
            puts(t);
        else
            puts("-");
        return 0;
    }
    if (argc != 2)
        return 2;
    const opdef *o = find(argv[1]);
    char t[64];
    int is_cmp = !o && compare(argv[1], NULL, t, sizeof t);
    if (!o && !is_cmp)
        return 3;
    char types[4][8] = {"", "", "", ""};
    sscanf(o ? o->types : t, "%7s %7s %7s %7s", types[0], types[1], types[2], types[3]);
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        ctx c;
        memset(&c, 0, sizeof c);
        unsigned long long a, b, d, di;
        unsigned mode, carry, lane, neg = 0, abs_ = 0, omod = 0, clamp = 0, opsel = 0, opsel_hi = 0;
        if (sscanf(line, "%x %llx %llx %llx %x %x %llx %x %x %x %x %x %x", &mode, &a, &b, &d, &carry, &lane, &di, &neg,
                   &abs_, &omod, &clamp, &opsel, &opsel_hi) < 7)
            return 4;
        c.neg = neg, c.abs_ = abs_, c.clamp = clamp, c.opsel = opsel, c.opsel_hi = opsel_hi;
        c.mode = mode, c.s[0] = a, c.s[1] = b, c.s[2] = d, c.carry = (int)carry, c.lane = (int)lane, c.dinit = di;
        /* VOP3 OP_SEL on scalar 16-bit operands: bit k reads source k's high half, bit 3 writes the
           high half of a 16-bit D (and reads a D accumulator, as fmac's, from there) */
        int dst_hi = (opsel >> 3 & 1) && is_half(types[0]);
        for (int k = 0; k < 3; k++)
            if (is_half(types[k + 1]))
                c.s[k] = c.s[k] >> (16 * (opsel >> k & 1)) & 0xffff;
        if (dst_hi)
            c.dinit = di >> 16;
        c.d = c.dinit;
        /* input modifiers on float sources: ABS clears, NEG flips the sign (before denormal flushing);
           on a packed 16-bit source (VOP3 dot2) both halves */
        for (int k = 0; k < 3; k++) {
            uint64_t sign = sign_bits(types[k + 1]);
            if (abs_ >> k & 1)
                c.s[k] &= ~sign;
            if (neg >> k & 1)
                c.s[k] ^= sign;
        }
        if (o)
            o->fn(&c);
        else
            compare(argv[1], &c, NULL, 0);
        fmt fd;
        if (float_type(types[0], &fd) && (omod || clamp)) {
            uint32_t outbit = fd.man == 23 ? 0x20 : 0x80, inbit = fd.man == 23 ? 0x10 : 0x40;
            int dx9 = is_dx9_fma(argv[1]), tr = trans32(argv[1]), ieee = (mode & 0x200) != 0;
            /* the result's output flush: a min/max result is a denormal whenever input denormals
               are kept (the guide's V_MIN_F32 Notes: "outputs as a denorm regardless of output
               denorm mode") */
            int keep = !dx9 && tr != 2 && ((mode & outbit) || (is_selection(argv[1]) && (mode & inbit)));
            /* OMOD only with IEEE = 0 and the format's output denormals flushed (guide; min/max too
               look at the output mode); the dx9 fmas and the f32 transcendentals whenever IEEE = 0
               (rocjitsu's dx9_fma_cases Omod rows; its gfx1100 transcendental_policy_cases
               RcpScaleDenormMode, RsqScaleDenormMode, CosScaleDenormMode with MODE 0xf0); the f32
               transcendentals' scaling rounds to nearest even, an overflow infinite
               (transcendental_policy_cases RcpScaleOverflow, log_exp_policy_cases Scale*) */
            int omod_on = !ieee && (dx9 || tr || !(mode & outbit));
            int omod_rnd = tr ? 0 : fd.man == 23 ? (int)(mode & 3) : (int)(mode >> 2 & 3);
            c.d = output_mods(c.d, fd, omod, omod_on, omod_rnd, clamp, mode, keep);
        }
        if (dst_hi)
            c.d = (di & 0xffffffff0000ffffull) | (c.d & 0xffff) << 16;
        printf("%016llx %d %d\n", (unsigned long long)c.d, c.mask, c.tol);
    }
    return 0;
}
