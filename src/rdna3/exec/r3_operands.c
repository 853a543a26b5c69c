/* RDNA3 operand helpers: every source fetch (SGPRs, inline constants, literals, DPP lane selection,
   16-bit halves, ABS/NEG, input denormals) and every write-back (OMOD, CLAMP, output denormals,
   write masks, out-of-range VGPRs, VOPD ordering) lives here, so instruction functions only state
   their arithmetic. */
#include "r3_wave.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/fp.h"

void r3_fault(r3_wave *w, const char *fmt, ...)
{
    if (w->fault)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->fault_msg, sizeof w->fault_msg, fmt, ap);
    va_end(ap);
    w->fault = 1;
}

const char *r3_warning_name(r3_warning kind)
{
    static const char *const names[R3W_COUNT] = {"MEMVIOL", "WMMA hazard", "permlane hazard"};
    return (unsigned)kind < R3W_COUNT ? names[kind] : "?";
}

void r3_warn(r3_wave *w, r3_warning kind, const char *fmt, ...)
{
    r3_warnings *wn = w->group->warn;
    if (!wn)
        return;
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (wn->count[kind]++ == 0) {
        int n = r3_where(w, wn->first[kind], sizeof wn->first[kind]);
        snprintf(wn->first[kind] + n, sizeof wn->first[kind] - (size_t)n, "%s", msg);
    }
    if (w->group->trace) { /* the instruction's first warning, and how many followed it */
        if (w->warn_line[0])
            w->warn_more++;
        else
            snprintf(w->warn_line, sizeof w->warn_line, "warning: %s: %s", r3_warning_name(kind), msg);
    }
}

/* Inline float constants 0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2 pi) (codes 240..248) per width. */
const uint32_t r3_f32_inline[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                         0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
static const uint64_t r3_f64_inline[9] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                         0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                         0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882};
static const uint32_t r3_f16_inline[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};

uint32_t r3_special32(const r3_wave *w, unsigned code)
{
    switch (code) {
    case 235: /* src_shared_base / limit: the LDS aperture, high half of 64-bit flat addresses */
    case 236: return 0x10000;
    case 237: /* src_private_base / limit */
    case 238: return 0x20000;
    case 251: return r3_vcc(w) == 0;      /* vccz */
    case 252: return r3_exec_mask(w) == 0; /* execz */
    case 253: return (uint32_t)w->scc;
    default: return 0;                    /* null and reserved codes */
    }
}

uint64_t r3_scalar64(const r3_wave *w, unsigned code, uint32_t literal, int f64)
{
    if (code < 124 || code == 126)
        return (uint64_t)w->sgpr[code] | (uint64_t)w->sgpr[code + 1] << 32;
    if (code >= 128 && code <= 192)
        return code - 128;
    if (code >= 193 && code <= 208)
        return (uint64_t)-(int64_t)(code - 192);
    if (code >= 240 && code <= 248)
        return r3_f64_inline[code - 240];
    if (code == 255)
        return f64 ? (uint64_t)literal << 32 : literal;
    if (code >= 235 && code <= 238) /* apertures are 64-bit addresses */
        return (uint64_t)r3_special32(w, code) << 32;
    return r3_special32(w, code);
}

void r3_write_sgpr64(r3_wave *w, unsigned code, uint64_t v)
{
    r3_write_sgpr(w, code, (uint32_t)v);
    r3_write_sgpr(w, code + 1, (uint32_t)(v >> 32));
}

/* ---- DPP: the source lane each lane reads through src0 ---- */

/* The lane DPP16 control `c` makes lane l read, or -1 outside its row of 16. */
static int r3_dpp16_lane(unsigned c, int l)
{
    int row = l & ~15, i = l & 15, n = (int)(c & 15);
    if (c <= 0xff)
        return (l & ~3) | (int)(c >> (2 * (l & 3)) & 3);     /* quad_perm */
    if (c >= 0x101 && c <= 0x10f)
        return i + n < 16 ? l + n : -1;                      /* row_shl */
    if (c >= 0x111 && c <= 0x11f)
        return i - n >= 0 ? l - n : -1;                      /* row_shr */
    if (c >= 0x121 && c <= 0x12f)
        return row + ((i - n) & 15);                         /* row_ror */
    if (c == 0x140)
        return row + 15 - i;                                 /* row_mirror */
    if (c == 0x141)
        return (l & ~7) + 7 - (l & 7);                       /* row_half_mirror */
    if (c >= 0x150 && c <= 0x15f)
        return row + n;                                      /* row_share */
    if (c >= 0x160 && c <= 0x16f)
        return row + (i ^ n);                                /* row_xmask */
    return -1;
}

/* Lanes read their DPP source lane; a lane whose source is out of range, or inactive without
   fetch-inactive, reads 0 with bound_ctrl and otherwise does not write (w->dpp_off). */
static void r3_dpp_fetch(r3_wave *w, const r3_xop *x, const uint32_t *row, uint32_t v[R3_MAX_LANES])
{
    uint64_t exec = r3_exec_mask(w), off = 0;
    for (int l = 0; l < w->lanes; l++) {
        int s = x->dpp == 8 ? (l & ~7) | (int)(x->dpp8 >> (3 * (l & 7)) & 7) : r3_dpp16_lane(x->dpp_ctrl, l);
        if (s >= 0 && s < w->lanes && ((exec >> s & 1) || x->dpp_fi)) {
            v[l] = row[s];
        } else {
            v[l] = 0;
            if (!x->dpp_bc)
                off |= 1ull << l;
        }
    }
    w->dpp_off = off;
}

/* ---- sources ---- */

/* A 16-bit operand's half: VGPR bit 7 in e32 encodings, OPSEL in VOP3. */
static int r3_src_hi(const r3_xop *x, int k)
{
    if (x->enc == R3X_E32)
        return x->src[k] >= 256 && ((x->src[k] - 256) & 128);
    return x->opsel >> k & 1;
}

static void r3_fetch32(r3_wave *w, const r3_xop *x, int k, int half, uint32_t v[R3_MAX_LANES])
{
    unsigned code = x->src[k];
    if (code >= 256) {
        unsigned r = code - 256;
        if (half && x->enc == R3X_E32)
            r &= 127;
        const uint32_t *row = r3_vrow(w, r);
        if (k == 0 && x->dpp)
            r3_dpp_fetch(w, x, row, v);
        else if (w->lanes == 32) /* a constant size: the copy is inlined, not a libc call */
            memcpy(v, row, 32 * 4);
        else
            memcpy(v, row, (size_t)w->lanes * 4);
        return;
    }
    uint32_t c = half && code >= 240 && code <= 248 ? r3_f16_inline[code - 240] : r3_scalar32(w, code, x->literal);
    for (int l = 0; l < w->lanes; l++)
        v[l] = c;
}

void r3_src_raw(r3_wave *w, const r3_xop *x, int k, r3_const_kind kind, uint32_t v[R3_MAX_LANES])
{
    unsigned code = x->src[k];
    int inline_const = (code >= 128 && code <= 208) || (code >= 240 && code <= 248);
    if (code >= 256 || !inline_const || kind == R3_CONST_F32) {
        r3_fetch32(w, x, k, 0, v);
        return;
    }
    uint32_t c;
    if (code >= 240)
        c = kind == R3_CONST_PK16 || kind == R3_CONST_REP16 ? r3_f16_inline[code - 240] : r3_f32_inline[code - 240] >> 16;
    else
        c = r3_scalar32(w, code, x->literal) & 0xffffu;
    if (kind == R3_CONST_REP16 || kind == R3_CONST_REPBF16)
        c |= c << 16;
    for (int l = 0; l < w->lanes; l++)
        v[l] = c;
}

void r3_src_b32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_fetch32(w, x, k, 0, v);
}

static void r3_mods32(const r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES], int flush)
{
    uint32_t clear = (x->abs >> k & 1) ? 0x80000000u : 0, flip = (x->neg >> k & 1) ? 0x80000000u : 0;
    if (!clear && !flip && !flush)
        return;
    for (int l = 0; l < w->lanes; l++) {
        uint32_t b = (v[l] & ~clear) ^ flip;
        v[l] = flush ? fp_flush32(b) : b;
    }
}

void r3_src_f32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_fetch32(w, x, k, 0, v);
    r3_mods32(w, x, k, v, !(w->mode & R3_MODE_DENORM_IN32));
}

void r3_src_mod32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_fetch32(w, x, k, 0, v);
    r3_mods32(w, x, k, v, 0);
}

void r3_src_b16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_fetch32(w, x, k, 1, v);
    int hi = r3_src_hi(x, k);
    for (int l = 0; l < w->lanes; l++)
        v[l] = hi ? v[l] >> 16 : v[l] & 0xffffu;
}

static void r3_mods16(const r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES], int flush)
{
    uint32_t clear = (x->abs >> k & 1) ? 0x8000u : 0, flip = (x->neg >> k & 1) ? 0x8000u : 0;
    if (!clear && !flip && !flush)
        return;
    for (int l = 0; l < w->lanes; l++) {
        uint32_t b = (v[l] & ~clear) ^ flip;
        v[l] = flush ? fp_flush16(b) : b;
    }
}

void r3_src_f16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_src_b16(w, x, k, v);
    r3_mods16(w, x, k, v, !(w->mode & R3_MODE_DENORM_IN64));
}

void r3_src_mod16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    r3_src_b16(w, x, k, v);
    r3_mods16(w, x, k, v, 0);
}

static void r3_fetch64(r3_wave *w, const r3_xop *x, int k, r3_kind64 kind, uint64_t v[R3_MAX_LANES])
{
    unsigned code = x->src[k];
    if (code >= 256) {
        const uint32_t *lo = r3_vrow(w, code - 256), *hi = r3_vrow(w, code - 255);
        for (int l = 0; l < w->lanes; l++)
            v[l] = (uint64_t)lo[l] | (uint64_t)hi[l] << 32;
        return;
    }
    uint64_t c = r3_scalar64_src(w, x, k, kind);
    for (int l = 0; l < w->lanes; l++)
        v[l] = c;
}

void r3_src_u64_any(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES])
{
    r3_fetch64(w, x, k, R3_U64, v);
}

void r3_src_i64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES])
{
    r3_fetch64(w, x, k, R3_I64, v);
}

static void r3_mods64(const r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES], int flush)
{
    uint64_t sign = 1ull << 63;
    uint64_t clear = (x->abs >> k & 1) ? sign : 0, flip = (x->neg >> k & 1) ? sign : 0;
    if (!clear && !flip && !flush)
        return;
    for (int l = 0; l < w->lanes; l++) {
        uint64_t b = (v[l] & ~clear) ^ flip;
        v[l] = flush ? fp_flush64(b) : b;
    }
}

void r3_src_f64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES])
{
    r3_fetch64(w, x, k, R3_F64, v);
    r3_mods64(w, x, k, v, !(w->mode & R3_MODE_DENORM_IN64));
}

void r3_src_mod64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES])
{
    r3_fetch64(w, x, k, R3_F64, v);
    r3_mods64(w, x, k, v, 0);
}

uint64_t r3_src_mask(const r3_wave *w, const r3_xop *x, int k)
{
    if (!w->wave64)
        return r3_src_mask32(w, x, k);
    return x->enc != R3X_VOP3 ? r3_vcc(w) : r3_scalar64(w, x->src[k], x->literal, 0);
}

/* ---- results ---- */

uint64_t r3_write_lanes(const r3_wave *w, const r3_xop *x)
{
    uint64_t m = r3_exec_mask(w);
    return x->dpp ? m & x->dpp_lanes & ~w->dpp_off : m;
}

static void r3_put32(r3_wave *w, unsigned reg, const uint32_t v[R3_MAX_LANES], uint64_t mask)
{
    if (w->defer) { /* VOPD X half: written after the Y half has read its sources */
        w->pending_reg = reg;
        w->pending_mask = mask;
        memcpy(w->pending, v, sizeof w->pending);
        w->defer = 0;
        return;
    }
    uint32_t *d = r3_vrow_w(w, reg);
    if (mask == ~0ull >> (64 - w->lanes)) {
        memcpy(d, v, (size_t)w->lanes * 4);
        return;
    }
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = v[l];
}

void r3_dst_b32_any(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES])
{
    r3_put32(w, x->vdst, v, r3_write_lanes(w, x));
}

/* Whether OMOD scales results: never in IEEE mode or with output denormals enabled. */
static int r3_omod_applies(const r3_wave *w, const r3_xop *x, uint32_t denorm_out)
{
    return x->omod && !(w->mode & R3_MODE_IEEE) && !(w->mode & denorm_out);
}

/* OMOD and CLAMP, then the output denormal flush when `flush`, then the write; `omod_on` whether
   OMOD scales (r3_omod_applies, or IEEE = 0 alone for an instruction that always flushes), `omod_rne`
   whether it rounds to nearest even whatever MODE says (the transcendental unit: an overflow is
   infinite) */
static void r3_dst_f32_mods(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES], int flush, int omod_on,
                            int omod_rne)
{
    int omod = omod_on;
    if (omod || x->clamp || flush) {
        static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
        fp_round rnd = omod_rne ? FP_RNE : (fp_round)R3_MODE_ROUND32(w->mode);
        for (int l = 0; l < w->lanes; l++) {
            uint32_t b = v[l];
            if (omod && !fp_isnan32(b)) {
                /* OMOD scales the rounded and flushed result (a tiny one enters as 0) exactly, then
                   rounds in MODE's rounding (an overflow too), a tiny result after rounding becoming a
                   zero of its sign, a zero +0 (rocjitsu's gfx1100 omod_underflow_cases and
                   LdexpF32OmodOverflow) */
                b = flush ? fp_flush32(b) : b;
                double s = (double)fp_f32(b) * scale[x->omod];
                b = fp_f64_to_f32(s, rnd);
                if ((b & 0x7fffffffu) == 0)
                    b = 0;
                else if (flush && (b & 0x7fffffffu) == 0x00800000u && fp_tiny_after_rounding(s, 0.0, 24, -126, rnd))
                    b &= 0x80000000u;
            }
            if (x->clamp) {
                if (fp_isnan32(b))
                    b = (w->mode & R3_MODE_DX10_CLAMP) ? 0 : b; /* without DX10_CLAMP a NaN passes unchanged */
                else if (b >> 31) /* below 0, and -0: "-0 is clamped to +0" (guide 7.2, CLMP) */
                    b = 0;
                else if (fp_f32(b) > 1.0f)
                    b = 0x3f800000u;
            }
            v[l] = flush ? fp_flush32(b) : b;
        }
    }
    r3_dst_b32(w, x, v);
}

void r3_dst_f32_any(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    r3_dst_f32_mods(w, x, v, !(w->mode & R3_MODE_DENORM_OUT32), r3_omod_applies(w, x, R3_MODE_DENORM_OUT32), 0);
}

void r3_dst_f32_keep(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    r3_dst_f32_mods(w, x, v, 0, r3_omod_applies(w, x, R3_MODE_DENORM_OUT32), 0);
}

void r3_dst_f32_flushed(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    r3_dst_f32_mods(w, x, v, 1, x->omod && !(w->mode & R3_MODE_IEEE), 0);
}

void r3_dst_f32_trans_any(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES], int always_flush)
{
    r3_dst_f32_mods(w, x, v, always_flush || !(w->mode & R3_MODE_DENORM_OUT32), x->omod && !(w->mode & R3_MODE_IEEE),
                    1);
}

void r3_dst_b16(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES])
{
    unsigned reg = x->vdst;
    int hi;
    if (x->enc == R3X_E32) {
        hi = reg >> 7 & 1;
        reg &= 127;
    } else {
        hi = x->opsel >> 3 & 1;
    }
    uint64_t mask = r3_write_lanes(w, x);
    uint32_t *d = r3_vrow_w(w, reg);
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = hi ? (d[l] & 0xffffu) | (v[l] << 16) : (d[l] & 0xffff0000u) | (v[l] & 0xffffu);
}

static void r3_dst_f16_mods(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES], int flush)
{
    int omod = r3_omod_applies(w, x, R3_MODE_DENORM_OUT64);
    if (omod || x->clamp || flush) {
        static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
        fp_round rnd = (fp_round)R3_MODE_ROUND64(w->mode);
        for (int l = 0; l < w->lanes; l++) {
            uint32_t b = v[l] & 0xffffu;
            if (omod && !fp_isnan16(b)) { /* (as for f32; FP16_OVFL as r3_f16_round says) */
                b = flush ? fp_flush16(b) : b;
                double s = fp_f16_to_f64(b) * scale[x->omod];
                b = r3_f16_round(w->mode, s);
                if ((b & 0x7fffu) == 0)
                    b = 0;
                else if (flush && (b & 0x7fffu) == 0x0400u && fp_tiny_after_rounding(s, 0.0, 11, -14, rnd))
                    b &= 0x8000u;
            }
            if (x->clamp) {
                if (fp_isnan16(b))
                    b = (w->mode & R3_MODE_DX10_CLAMP) ? 0 : b; /* without DX10_CLAMP a NaN passes unchanged */
                else if (b & 0x8000u) /* below 0, and -0, to +0 (guide 7.2, CLMP) */
                    b = 0;
                else if (b > 0x3c00u)
                    b = 0x3c00u;
            }
            v[l] = flush ? fp_flush16(b) : b;
        }
    }
    r3_dst_b16(w, x, v);
}

void r3_dst_f16(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    r3_dst_f16_mods(w, x, v, !(w->mode & R3_MODE_DENORM_OUT64));
}

void r3_dst_f16_sel(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    r3_dst_f16_mods(w, x, v, !(w->mode & (R3_MODE_DENORM_OUT64 | R3_MODE_DENORM_IN64)));
}

void r3_dst_b64_any(r3_wave *w, const r3_xop *x, const uint64_t v[R3_MAX_LANES])
{
    uint64_t mask = r3_write_lanes(w, x);
    uint32_t *lo = r3_vrow_w(w, x->vdst), *hi = r3_vrow_w(w, x->vdst + 1u);
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1) {
            lo[l] = (uint32_t)v[l];
            hi[l] = (uint32_t)(v[l] >> 32);
        }
}

static void r3_dst_f64_mods(r3_wave *w, const r3_xop *x, uint64_t v[R3_MAX_LANES], int flush)
{
    int omod = r3_omod_applies(w, x, R3_MODE_DENORM_OUT64);
    if (omod || x->clamp || flush) {
        static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
        for (int l = 0; l < w->lanes; l++) {
            uint64_t b = v[l];
            if (omod && !fp_isnan64(b)) { /* (as for f32: the flushed result scaled in MODE's rounding) */
                b = flush ? fp_flush64(b) : b;
                double in = fp_f64(b), d = in * scale[x->omod];
                fp_round rnd = (fp_round)R3_MODE_ROUND64(w->mode);
                int neg = signbit(d) != 0;
                if (isinf(d) && !isinf(in) && (rnd == FP_RTZ || (rnd == FP_RUP && neg) || (rnd == FP_RDN && !neg)))
                    d = neg ? -DBL_MAX : DBL_MAX; /* an overflow that MODE rounds to the largest finite value */
                b = fp_b64(d);
                if ((b & 0x7fffffffffffffffull) == 0)
                    b = 0;
                else if (flush && fabs(d) == DBL_MIN && fabs(in) < 2 * DBL_MIN)
                    b &= 0x8000000000000000ull; /* tiny after rounding (in / 2 is exact at 53 bits): a signed zero */
            }
            if (x->clamp) {
                if (fp_isnan64(b))
                    b = (w->mode & R3_MODE_DX10_CLAMP) ? 0 : b; /* without DX10_CLAMP a NaN passes unchanged */
                else if (b >> 63) /* below 0, and -0, to +0 (guide 7.2, CLMP) */
                    b = 0;
                else if (fp_f64(b) > 1.0)
                    b = 0x3ff0000000000000ull;
            }
            v[l] = flush ? fp_flush64(b) : b;
        }
    }
    r3_dst_b64(w, x, v);
}

void r3_dst_f64(r3_wave *w, const r3_xop *x, uint64_t v[R3_MAX_LANES])
{
    r3_dst_f64_mods(w, x, v, !(w->mode & R3_MODE_DENORM_OUT64));
}

void r3_dst_f64_sel(r3_wave *w, const r3_xop *x, uint64_t v[R3_MAX_LANES])
{
    r3_dst_f64_mods(w, x, v, !(w->mode & (R3_MODE_DENORM_OUT64 | R3_MODE_DENORM_IN64)));
}

void r3_dst_mask_any(r3_wave *w, const r3_xop *x, uint64_t bits)
{
    bits &= r3_write_lanes(w, x); /* lanes EXEC, DPP row/bank masks or DPP sources leave out read 0 */
    if (w->wave64)
        r3_write_sgpr64(w, x->sdst, bits);
    else
        r3_write_sgpr(w, x->sdst, (uint32_t)bits);
}
