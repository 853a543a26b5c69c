/* Buffer and image data-format conversions (seed 001; images through the same data path, docs/
   image-facts.md F3/F4): normalised and scaled integers to and from floats with round-to-nearest-
   even and clamping, integers saturated, the packed 10/11-bit unsigned floats, f32 to f16 by
   truncation (the one conversion the seed says truncates), and for images sRGB and the shared-
   exponent 5_9_9_9 (loads). */
#include "r3_buffmt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/fp.h"
#include "rdna3/codec/r3_symbolic.h"

/* The unsigned 11- and 10-bit floats of 10_11_11 and 11_11_10: 5-bit exponent, no sign. */
static const fp_format r3_uf11 = {7, -14, 15, 5}, r3_uf10 = {6, -14, 15, 5};

#define R3_BUFFMT_VALUES 128 /* the FORMAT field is 7 bits in MTBUF, 6 in the V# */

static r3_buffmt r3_buffmts[R3_BUFFMT_VALUES];
static uint8_t r3_buffmt_valid[R3_BUFFMT_VALUES];

/* The image-only formats 64..72 of the guide's Table 52 (docs/image-facts.md F3): component
   widths from X (the least significant bits) up. */
#define R3_IMGFMT_FIRST 64
static const struct {
    uint8_t ncomp, bits[4], kind;
} r3_imgfmt_rows[] = {
    {1, {8}, R3BF_SRGB},                       /* 64 8_SRGB */
    {2, {8, 8}, R3BF_SRGB},                    /* 65 8_8_SRGB */
    {4, {8, 8, 8, 8}, R3BF_SRGB},              /* 66 8_8_8_8_SRGB */
    {4, {9, 9, 9, 5}, R3BF_SHARED_EXP},        /* 67 5_9_9_9_FLOAT */
    {3, {5, 6, 5}, R3BF_UNORM},                /* 68 5_6_5_UNORM */
    {4, {5, 5, 5, 1}, R3BF_UNORM},             /* 69 1_5_5_5_UNORM */
    {4, {1, 5, 5, 5}, R3BF_UNORM},             /* 70 5_5_5_1_UNORM */
    {4, {4, 4, 4, 4}, R3BF_UNORM},             /* 71 4_4_4_4_UNORM */
    {2, {4, 4}, R3BF_UNORM},                   /* 72 4_4_UNORM */
};
#define R3_IMGFMT_COUNT (sizeof r3_imgfmt_rows / sizeof r3_imgfmt_rows[0])
static r3_buffmt r3_imgfmts[R3_IMGFMT_COUNT];

/* The layout of format value v from its name; 0, or -1 for no format. */
static int r3_buffmt_parse(unsigned v, r3_buffmt *f)
{
    /* 1 is 8_UNORM (the guide's Table 52, ROCr's 8-bit R images): LLVM's table leaves it out only
       because it is the default format, which the disassembler does not print */
    const char *name = v == 1 ? "BUF_FMT_8_UNORM" : r3_buffer_format_name(v);
    static const char *const kinds[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "FLOAT"};
    if (!name || strncmp(name, "BUF_FMT_", 8) != 0)
        return -1;
    memset(f, 0, sizeof *f);
    int widths[4], n = 0;
    const char *p = name + 8;
    while (*p >= '0' && *p <= '9' && n < 4) {
        widths[n++] = (int)strtol(p, (char **)&p, 10);
        if (*p == '_')
            p++;
    }
    f->kind = 0xff;
    for (int k = 0; k < 7; k++)
        if (strcmp(p, kinds[k]) == 0)
            f->kind = (uint8_t)k;
    if (!n || f->kind == 0xff)
        return -1;
    f->ncomp = n;
    unsigned at = 0;
    for (int c = 0; c < n; c++) { /* the name lists W first: X is the last number */
        f->bits[c] = (uint8_t)widths[n - 1 - c];
        f->shift[c] = (uint8_t)at;
        at += f->bits[c];
    }
    f->size = at / 8;
    return 0;
}

static uint32_t r3_bf_get(const r3_buffmt *f, const uint8_t *p, int c)
{
    uint64_t v = 0;
    unsigned lo = f->shift[c] / 8, n = (f->shift[c] % 8 + f->bits[c] + 7) / 8;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[lo + i] << (8 * i);
    v >>= f->shift[c] % 8;
    return (uint32_t)(f->bits[c] == 32 ? v : v & ((1ull << f->bits[c]) - 1));
}

static void r3_bf_put(const r3_buffmt *f, uint8_t *p, int c, uint32_t raw)
{
    unsigned lo = f->shift[c] / 8, sh = f->shift[c] % 8, n = (sh + f->bits[c] + 7) / 8;
    uint64_t mask = (f->bits[c] == 32 ? 0xffffffffull : (1ull << f->bits[c]) - 1) << sh, v = (uint64_t)raw << sh, old = 0;
    for (unsigned i = 0; i < n; i++)
        old |= (uint64_t)p[lo + i] << (8 * i);
    v = (old & ~mask) | (v & mask);
    for (unsigned i = 0; i < n; i++)
        p[lo + i] = (uint8_t)(v >> (8 * i));
}

/* Exact value of an unsigned small float (10 or 11 bits) as a double. */
static double r3_uf_value(uint32_t raw, int mant_bits)
{
    unsigned e = raw >> mant_bits, m = raw & ((1u << mant_bits) - 1);
    if (e == 31) /* a NaN keeps its payload at the top of the mantissa */
        return m ? fp_f64(0x7ff8000000000000ull | (uint64_t)m << (52 - mant_bits)) : INFINITY;
    return e ? ldexp((double)(m | 1u << mant_bits), (int)e - 15 - mant_bits) : ldexp((double)m, -14 - mant_bits);
}

/* The component as a real number (float-like kinds) or an integer widened to 64 bits. */
static double r3_bf_real(const r3_buffmt *f, int c, uint32_t raw)
{
    unsigned b = f->bits[c];
    int64_t s = b == 32 ? (int32_t)raw : (int64_t)raw - ((raw >> (b - 1)) & 1 ? (int64_t)1 << b : 0);
    switch (f->kind) {
    case R3BF_UNORM: return (double)raw / (double)((1ull << b) - 1);
    case R3BF_SNORM: return fmax((double)s / (double)((1ll << (b - 1)) - 1), -1.0);
    case R3BF_USCALED: return (double)raw;
    case R3BF_SSCALED: return (double)s;
    case R3BF_SRGB: { /* OpenCL C 3.0 8.3.5 (the guide gives no formula); alpha is linear */
        double v = (double)raw / 255.0;
        return c == 3 ? v : v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    default:
        if (b == 16)
            return fp_f16_to_f64(raw);
        if (b == 32)
            return (double)fp_f32(raw);
        return r3_uf_value(raw, b - 5);
    }
}

uint32_t r3_buffmt_load(const r3_buffmt *f, const uint8_t *p, int c, int d16)
{
    uint32_t raw = r3_bf_get(f, p, c);
    unsigned b = f->bits[c];
    if (f->kind == R3BF_SHARED_EXP) { /* mantissa * 2^(E - 15 - 9); W reads as the exponent's value 1.0 */
        double v = c == 3 ? 1.0 : ldexp((double)raw, (int)r3_bf_get(f, p, 3) - 24);
        return d16 ? fp_f64_to_f16(v, FP_RNE) : fp_f64_to_f32(v, FP_RNE);
    }
    if (f->kind == R3BF_UINT)
        return d16 && raw > 0xffffu ? 0xffffu : raw;
    if (f->kind == R3BF_SINT) {
        int32_t s = b == 32 ? (int32_t)raw : (int32_t)(raw << (32 - b)) >> (32 - b);
        if (d16)
            s = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
        return d16 ? (uint32_t)s & 0xffffu : (uint32_t)s;
    }
    if (f->kind == R3BF_FLOAT && b == 32)
        return d16 ? fp_f64_to_f16((double)fp_f32(raw), FP_RTZ) : raw;
    if (f->kind == R3BF_FLOAT && b == 16 && d16)
        return raw;
    double v = r3_bf_real(f, c, raw);
    return d16 ? fp_f64_to_f16(v, FP_RNE) : fp_f64_to_f32(v, FP_RNE);
}

/* Round half to even of a finite double. */
static double r3_rne(double x)
{
    double fl = floor(x), diff = x - fl;
    if (diff > 0.5 || (diff == 0.5 && fmod(fl, 2.0) != 0.0))
        return fl + 1.0;
    return fl;
}

static double r3_clampd(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

uint32_t r3_buffmt_raw(const r3_buffmt *f, const uint8_t *p, int c)
{
    return r3_bf_get(f, p, c);
}

void r3_buffmt_put_raw(const r3_buffmt *f, uint8_t *p, int c, uint32_t raw)
{
    r3_bf_put(f, p, c, raw);
}

void r3_buffmt_store(const r3_buffmt *f, uint8_t *p, int c, uint32_t v, int d16)
{
    unsigned b = f->bits[c];
    uint32_t raw;
    if (f->kind == R3BF_SRGB || f->kind == R3BF_SHARED_EXP) { /* read-only formats (ROCr refuses sRGB writes) */
        double x = d16 ? fp_f16_to_f64(v) : (double)fp_f32(v);
        if (f->kind == R3BF_SRGB && c < 3) { /* OpenCL C 3.0 8.3.5 */
            x = isnan(x) ? 0 : x > 1 ? 1 : x < 0 ? 0 : x < 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
            raw = (uint32_t)floor(x * 255 + 0.5);
        } else {
            raw = isnan(x) ? 0 : (uint32_t)r3_rne(r3_clampd(x, 0, 1) * (double)((1u << b) - 1));
        }
        r3_bf_put(f, p, c, raw);
        return;
    }
    if (f->kind == R3BF_UINT) {
        uint64_t u = d16 ? (v & 0xffffu) : v, max = b == 32 ? 0xffffffffull : (1ull << b) - 1;
        raw = (uint32_t)(u > max ? max : u);
    } else if (f->kind == R3BF_SINT) {
        int64_t s = d16 ? (int16_t)v : (int32_t)v, hi = ((int64_t)1 << (b - 1)) - 1;
        raw = (uint32_t)(s > hi ? hi : s < -hi - 1 ? -hi - 1 : s);
    } else {
        double x = d16 ? fp_f16_to_f64(v) : (double)fp_f32(v);
        double umax = (double)((1ull << b) - 1), smax = (double)((1ll << (b - 1)) - 1);
        switch (f->kind) {
        case R3BF_UNORM: raw = isnan(x) ? 0 : (uint32_t)r3_rne(r3_clampd(x, 0, 1) * umax); break;
        case R3BF_SNORM: raw = isnan(x) ? 0 : (uint32_t)(int32_t)r3_rne(r3_clampd(x, -1, 1) * smax); break;
        case R3BF_USCALED: raw = isnan(x) ? 0 : (uint32_t)r3_rne(r3_clampd(x, 0, umax)); break;
        case R3BF_SSCALED: raw = isnan(x) ? 0 : (uint32_t)(int32_t)r3_rne(r3_clampd(x, -smax - 1, smax)); break;
        default:
            if (b == 32)
                raw = d16 ? fp_f64_to_f32(x, FP_RNE) : v;
            else if (b == 16)
                raw = d16 ? (v & 0xffffu) : fp_f64_to_f16(x, FP_RTZ);
            else if (isnan(x)) /* unsigned small floats: NaN stays NaN, negatives become 0 */
                raw = (31u << (b - 5)) | 1u << (b - 6);
            else if (x <= 0)
                raw = 0;
            else {
                int neg, exp;
                uint64_t mag;
                if (isinf(x))
                    raw = 31u << (b - 5);
                else {
                    fp_unpack64(x, &neg, &mag, &exp);
                    raw = fp_pack(b == 11 ? &r3_uf11 : &r3_uf10, 0, mag, exp, 0, FP_RNE);
                }
            }
            break;
        }
    }
    r3_bf_put(f, p, c, raw);
}

void r3_buffmt_init(void)
{
    for (unsigned v = 0; v < R3_BUFFMT_VALUES; v++)
        r3_buffmt_valid[v] = r3_buffmt_parse(v, &r3_buffmts[v]) == 0;
    for (unsigned k = 0; k < R3_IMGFMT_COUNT; k++) {
        r3_buffmt *f = &r3_imgfmts[k];
        unsigned at = 0;
        f->ncomp = r3_imgfmt_rows[k].ncomp;
        f->kind = r3_imgfmt_rows[k].kind;
        for (int c = 0; c < f->ncomp; c++) {
            f->bits[c] = r3_imgfmt_rows[k].bits[c];
            f->shift[c] = (uint8_t)at;
            at += f->bits[c];
        }
        f->size = at / 8;
    }
}

const r3_buffmt *r3_imgfmt_of(unsigned v)
{
    if (v < R3_IMGFMT_FIRST)
        return r3_buffmt_of(v);
    return v - R3_IMGFMT_FIRST < R3_IMGFMT_COUNT ? &r3_imgfmts[v - R3_IMGFMT_FIRST] : NULL;
}

const r3_buffmt *r3_buffmt_of(unsigned v)
{
    return v < R3_BUFFMT_VALUES && r3_buffmt_valid[v] ? &r3_buffmts[v] : NULL;
}

uint32_t r3_buffmt_one(const r3_buffmt *f, int d16)
{
    if (f->kind == R3BF_UINT || f->kind == R3BF_SINT)
        return 1;
    return d16 ? 0x3c00u : 0x3f800000u;
}
