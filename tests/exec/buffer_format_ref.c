/* Reference model of the gfx11 buffer data formats for tests/exec/buffer_formats.py, written from
   seed 001 independently of the executor: its own format table (by value), and conversions that
   find the nearest representable value by binary search over encodings with exact comparisons.
   Usage: buffer_format_ref load|store FORMAT D16 N < input > expected   (exit 3: invalid format) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT };

typedef struct {
    int n, bits[4], kind; /* component widths, X first */
} fmt;

static int fmt_of(int v, fmt *f)
{
    static const int k6[] = {UNORM, SNORM, USCALED, SSCALED, UINT, SINT};
    static const int k7[] = {UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT};
    static const int k3[] = {UINT, SINT, FLOAT};
    static const int k1010102[] = {UNORM, SNORM, UINT, SINT};
    memset(f, 0, sizeof *f);
    int w = 0;
    if (v >= 1 && v <= 6) { f->n = 1; w = 8; f->kind = k6[v - 1]; } /* 1 = 8_UNORM (the guide's Table 52) */
    else if (v >= 7 && v <= 13) { f->n = 1; w = 16; f->kind = k7[v - 7]; }
    else if (v >= 14 && v <= 19) { f->n = 2; w = 8; f->kind = k7[v - 14]; }
    else if (v >= 20 && v <= 22) { f->n = 1; w = 32; f->kind = k3[v - 20]; }
    else if (v >= 23 && v <= 29) { f->n = 2; w = 16; f->kind = k7[v - 23]; }
    else if (v == 30) { f->n = 3; f->bits[0] = 11; f->bits[1] = 11; f->bits[2] = 10; f->kind = FLOAT; return 0; }
    else if (v == 31) { f->n = 3; f->bits[0] = 10; f->bits[1] = 11; f->bits[2] = 11; f->kind = FLOAT; return 0; }
    else if (v >= 32 && v <= 35) { f->n = 4; f->bits[0] = 2; f->bits[1] = f->bits[2] = f->bits[3] = 10; f->kind = k1010102[v - 32]; return 0; }
    else if (v >= 36 && v <= 41) { f->n = 4; f->bits[0] = f->bits[1] = f->bits[2] = 10; f->bits[3] = 2; f->kind = k7[v - 36]; return 0; }
    else if (v >= 42 && v <= 47) { f->n = 4; w = 8; f->kind = k7[v - 42]; }
    else if (v >= 48 && v <= 50) { f->n = 2; w = 32; f->kind = k3[v - 48]; }
    else if (v >= 51 && v <= 57) { f->n = 4; w = 16; f->kind = k7[v - 51]; }
    else if (v >= 58 && v <= 60) { f->n = 3; w = 32; f->kind = k3[v - 58]; }
    else if (v >= 61 && v <= 63) { f->n = 4; w = 32; f->kind = k3[v - 61]; }
    else return -1;
    for (int c = 0; c < f->n; c++)
        f->bits[c] = w;
    return 0;
}

static int fmt_size(const fmt *f)
{
    int s = 0;
    for (int c = 0; c < f->n; c++)
        s += f->bits[c];
    return s / 8;
}

/* ---- float encodings: value of a non-negative finite encoding, by exponent and mantissa widths ---- */

static long double enc_value(uint32_t e, int mbits)
{
    uint32_t ex = e >> mbits, m = e & ((1u << mbits) - 1);
    int bias = mbits == 23 ? 127 : 15;
    if (ex == 0)
        return ldexpl((long double)m, 1 - bias - mbits);
    return ldexpl((long double)(m | 1u << mbits), (int)ex - bias - mbits);
}

/* Non-negative num/den (den > 0, both exact) to the nearest encoding with `ebits` exponent bits
   (RNE, overflow to infinity), or toward zero (truncate: the largest finite at most). */
static uint32_t enc_nearest(long double num, long double den, int ebits, int mbits, int truncate)
{
    uint32_t inf = ((1u << ebits) - 1) << mbits, lo = 0, hi = inf - 1; /* largest e with value*den <= num */
    if (num == 0)
        return 0;
    if (isinf(num))
        return truncate ? inf - 1 : inf;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo + 1) / 2;
        if (enc_value(mid, mbits) * den <= num)
            lo = mid;
        else
            hi = mid - 1;
    }
    if (truncate)
        return lo;
    long double below = num - enc_value(lo, mbits) * den;
    long double step = (lo + 1 < inf ? enc_value(lo + 1, mbits) : ldexpl(1.0L, (1 << (ebits - 1))) ) * den - num;
    if (below < step || (below == step && !(lo & 1)))
        return lo;
    return lo + 1; /* may be the infinity encoding */
}

static long double f32_value(uint32_t b)
{
    long double v = enc_value(b & 0x7fffffffu, 23);
    return b >> 31 ? -v : v;
}

static long double f16_value(uint32_t h)
{
    long double v = enc_value(h & 0x7fffu, 10);
    return h >> 15 & 1 ? -v : v;
}

static int f32_nan(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static int f16_nan(uint32_t h) { return (h & 0x7fffu) > 0x7c00u; }

/* f32 from num/den with sign; f16 likewise (truncating when asked) */
static uint32_t to_f32(int neg, long double num, long double den)
{
    return (neg ? 0x80000000u : 0) | enc_nearest(num, den, 8, 23, 0);
}

static uint32_t to_f16(int neg, long double num, long double den, int truncate)
{
    return (neg ? 0x8000u : 0) | enc_nearest(num, den, 5, 10, truncate);
}

/* ---- one component ---- */

static uint64_t get_bits(const uint8_t *p, int at, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)(p[(at + i) / 8] >> ((at + i) % 8) & 1) << i;
    return v;
}

static void put_bits(uint8_t *p, int at, int n, uint64_t v)
{
    for (int i = 0; i < n; i++) {
        uint8_t bit = (uint8_t)(1u << ((at + i) % 8));
        p[(at + i) / 8] = (uint8_t)((v >> i & 1) ? p[(at + i) / 8] | bit : p[(at + i) / 8] & ~bit);
    }
}

/* Small unsigned float (5-bit exponent, mbits mantissa) raw -> value, NaN flagged. */
static long double small_value(uint32_t raw, int mbits, int *nan, int *inf)
{
    *nan = (raw >> mbits) == 31 && (raw & ((1u << mbits) - 1));
    *inf = raw == (31u << mbits);
    return enc_value(raw, mbits);
}

static uint32_t load_comp(const fmt *f, int b, uint64_t raw, int d16)
{
    int64_t s = b == 64 ? 0 : (raw >> (b - 1) & 1) ? (int64_t)raw - ((int64_t)1 << b) : (int64_t)raw;
    long double num = 0, den = 1;
    int neg = 0;
    switch (f->kind) {
    case UINT:
        return d16 && raw > 0xffff ? 0xffff : (uint32_t)raw;
    case SINT:
        if (d16)
            return (uint32_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s) & 0xffffu;
        return (uint32_t)(int32_t)s;
    case UNORM: num = (long double)raw; den = (long double)((1ull << b) - 1); break;
    case SNORM:
        den = (long double)((1ll << (b - 1)) - 1);
        num = s < -(int64_t)den ? -den : (long double)s;
        break;
    case USCALED: num = (long double)raw; break;
    case SSCALED: num = (long double)s; break;
    default:
        if (b == 32) {
            if (!d16)
                return (uint32_t)raw;
            if (f32_nan((uint32_t)raw))
                return (uint32_t)(raw >> 16 & 0x8000u) | 0x7e00u | (uint32_t)(raw >> 13 & 0x3ffu);
            if (((uint32_t)raw & 0x7fffffffu) == 0x7f800000u)
                return (uint32_t)(raw >> 16 & 0x8000u) | 0x7c00u;
            long double v = f32_value((uint32_t)raw);
            return to_f16(v < 0, fabsl(v), 1, 1); /* the seed: f32 to f16 truncates */
        }
        if (b == 16) {
            if (d16)
                return (uint32_t)raw;
            if (f16_nan((uint32_t)raw))
                return (uint32_t)(raw >> 15 & 1) << 31 | 0x7fc00000u | (uint32_t)(raw & 0x3ffu) << 13;
            long double v = f16_value((uint32_t)raw);
            if ((raw & 0x7fff) == 0x7c00)
                return (uint32_t)(raw >> 15 & 1) << 31 | 0x7f800000u;
            return to_f32(v < 0, fabsl(v), 1);
        } else {
            int nan, inf, mb = b - 5;
            long double v = small_value((uint32_t)raw, mb, &nan, &inf);
            if (nan) /* payload to the top of the target mantissa, quiet */
                return d16 ? 0x7e00u | (uint32_t)(raw & ((1u << mb) - 1)) << (10 - mb)
                           : 0x7fc00000u | (uint32_t)(raw & ((1u << mb) - 1)) << (23 - mb);
            if (inf)
                return d16 ? 0x7c00u : 0x7f800000u;
            return d16 ? to_f16(0, v, 1, 0) : to_f32(0, v, 1);
        }
    }
    if (num < 0) {
        neg = 1;
        num = -num;
    }
    return d16 ? to_f16(neg, num, den, 0) : to_f32(neg, num, den);
}

static uint64_t store_comp(const fmt *f, int b, uint32_t v, int d16)
{
    if (f->kind == UINT) {
        uint64_t u = d16 ? (v & 0xffff) : v, max = b == 32 ? 0xffffffffull : (1ull << b) - 1;
        return u > max ? max : u;
    }
    if (f->kind == SINT) {
        int64_t x = d16 ? (int16_t)(v & 0xffff) : (int32_t)v, hi = ((int64_t)1 << (b - 1)) - 1;
        x = x > hi ? hi : x < -hi - 1 ? -hi - 1 : x;
        return (uint64_t)x & (b == 32 ? 0xffffffffull : (1ull << b) - 1);
    }
    int nan = d16 ? f16_nan(v & 0xffff) : f32_nan(v);
    int isinf_ = d16 ? (v & 0x7fff) == 0x7c00 : (v & 0x7fffffff) == 0x7f800000;
    int neg = d16 ? (v >> 15 & 1) : (int)(v >> 31);
    long double x = isinf_ ? (neg ? -INFINITY : INFINITY) : nan ? 0 : d16 ? f16_value(v & 0xffff) : f32_value(v);
    uint64_t mask = b == 64 ? ~0ull : (1ull << b) - 1;
    long double umax = (long double)((1ull << b) - 1), smax = (long double)((1ll << (b - 1)) - 1);
    switch (f->kind) {
    case UNORM: return nan ? 0 : (uint64_t)nearbyintl(fminl(fmaxl(x, 0), 1) * umax);
    case SNORM: return nan ? 0 : (uint64_t)(int64_t)nearbyintl(fminl(fmaxl(x, -1), 1) * smax) & mask;
    case USCALED: return nan ? 0 : (uint64_t)nearbyintl(fminl(fmaxl(x, 0), umax));
    case SSCALED: return nan ? 0 : (uint64_t)(int64_t)nearbyintl(fminl(fmaxl(x, -smax - 1), smax)) & mask;
    default:
        if (b == 32) {
            if (!d16)
                return v;
            if (nan)
                return (uint32_t)neg << 31 | 0x7fc00000u | (v & 0x3ffu) << 13;
            return isinf_ ? (uint32_t)neg << 31 | 0x7f800000u : to_f32(neg, fabsl(x), 1);
        }
        if (b == 16) {
            if (d16)
                return v & 0xffff;
            if (nan)
                return (uint32_t)neg << 15 | 0x7e00u | (v >> 13 & 0x3ffu);
            return isinf_ ? (uint32_t)neg << 15 | 0x7c00u : to_f16(neg, fabsl(x), 1, 1);
        } else {
            int mb = b - 5;
            if (nan)
                return (31u << mb) | 1u << (mb - 1);
            if (neg || x == 0)
                return 0;
            if (isinf_)
                return 31u << mb;
            return enc_nearest(x, 1, 5, mb, 0);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 5)
        return 2;
    int store = strcmp(argv[1], "store") == 0, d16 = atoi(argv[3]), n = atoi(argv[4]);
    fmt f;
    if (fmt_of(atoi(argv[2]), &f))
        return 3;
    int size = fmt_size(&f);
    for (int l = 0; l < n; l++) {
        if (store) { /* input: four VGPR dwords per lane; output: one element */
            uint32_t r[4];
            uint8_t el[16] = {0};
            if (fread(r, 4, 4, stdin) != 4)
                return 4;
            int at = 0;
            for (int c = 0; c < f.n; c++) {
                uint32_t v = d16 ? (c & 1 ? r[c / 2] >> 16 : r[c / 2] & 0xffff) : r[c];
                put_bits(el, at, f.bits[c], store_comp(&f, f.bits[c], v, d16));
                at += f.bits[c];
            }
            fwrite(el, 1, (size_t)size, stdout);
        } else { /* input: one element per lane; output: four dwords of VGPRs (zero before the load) */
            uint8_t el[16];
            uint32_t r[4] = {0, 0, 0, 0};
            if (fread(el, 1, (size_t)size, stdin) != (size_t)size)
                return 4;
            int at = 0;
            for (int c = 0; c < f.n; c++) {
                uint32_t v = load_comp(&f, f.bits[c], get_bits(el, at, f.bits[c]), d16);
                at += f.bits[c];
                if (d16)
                    r[c / 2] |= (v & 0xffff) << (16 * (c & 1));
                else
                    r[c] = v;
            }
            fwrite(r, 4, 4, stdout);
        }
    }
    return 0;
}
