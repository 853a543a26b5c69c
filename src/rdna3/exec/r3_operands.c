/* RDNA3 operand helpers: every source fetch, input and output modifier and write-back goes through
   here, so instruction functions only state their arithmetic. */
#include "r3_wave.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

static const uint32_t r3_f32_inline[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                         0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
static const uint64_t r3_f64_inline[9] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                         0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                         0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882};

static uint32_t r3_special32(const r3_wave *w, unsigned code)
{
    const r3_group *g = w->group;
    switch (code) {
    case 124: return 0;
    case 235: /* src_shared_base / limit: the LDS aperture, high half of 64-bit flat addresses */
    case 236: return 0x10000;
    case 237:
    case 238: return 0x20000;
    case 251: return (w->sgpr[106] | (w->wave64 ? w->sgpr[107] : 0)) == 0;
    case 252: return (w->sgpr[126] | (w->wave64 ? w->sgpr[127] : 0)) == 0;
    case 253: return (uint32_t)w->scc;
    default: (void)g; return 0;
    }
}

uint32_t r3_scalar32(const r3_wave *w, unsigned code, const r3_inst *in)
{
    if (code < 124 || code == 125 || code == 126 || code == 127)
        return w->sgpr[code];
    if (code >= 128 && code <= 192)
        return code - 128;
    if (code >= 193 && code <= 208)
        return (uint32_t)-(int32_t)(code - 192);
    if (code >= 240 && code <= 248)
        return r3_f32_inline[code - 240];
    if (code == 255)
        return in->literal;
    return r3_special32(w, code);
}

uint64_t r3_scalar64(const r3_wave *w, unsigned code, const r3_inst *in, int f64)
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
        return f64 ? (uint64_t)in->literal << 32 : in->literal;
    if (code >= 235 && code <= 238) /* apertures are 64-bit addresses */
        return (uint64_t)r3_special32(w, code) << 32;
    return r3_special32(w, code);
}

void r3_write_sgpr(r3_wave *w, unsigned code, uint32_t v)
{
    if (code < 124 || code == 125 || code == 126 || (code == 127 && w->wave64))
        w->sgpr[code] = v;
}

void r3_write_sgpr64(r3_wave *w, unsigned code, uint64_t v)
{
    r3_write_sgpr(w, code, (uint32_t)v);
    r3_write_sgpr(w, code + 1, (uint32_t)(v >> 32));
}

unsigned r3_vdst(const r3_inst *in)
{
    unsigned v = r3_field_value(in, R3F_VDST);
    if (in->op->format == R3_VOPDY)
        return v << 1 | (((in->w[1] >> 24) & 1) ^ 1);
    return v;
}

unsigned r3_src_code(const r3_inst *in, r3_field f)
{
    if (in->dpp && f == R3F_SRC0)
        return 256 + (in->dpp_word & 0xff);
    unsigned v = r3_field_value(in, f);
    return f == R3F_VSRC1 ? 256 + v : v;
}

void r3_vsrc32(const r3_wave *w, const r3_inst *in, r3_field f, uint32_t out[R3_MAX_LANES])
{
    unsigned code = r3_src_code(in, f);
    if (code >= 256) {
        memcpy(out, w->vgpr[code - 256], (size_t)w->lanes * 4);
        return;
    }
    uint32_t v = r3_scalar32(w, code, in);
    for (int l = 0; l < w->lanes; l++)
        out[l] = v;
}

void r3_vsrc64(const r3_wave *w, const r3_inst *in, r3_field f, int f64, uint64_t out[R3_MAX_LANES])
{
    unsigned code = r3_src_code(in, f);
    if (code >= 256) {
        unsigned r = code - 256;
        for (int l = 0; l < w->lanes; l++)
            out[l] = (uint64_t)w->vgpr[r][l] | (uint64_t)w->vgpr[(r + 1) & 255][l] << 32;
        return;
    }
    uint64_t v = r3_scalar64(w, code, in, f64);
    for (int l = 0; l < w->lanes; l++)
        out[l] = v;
}

static int r3_mod_bit(const r3_inst *in, r3_field f, int k)
{
    return in->op->format == R3_VOP3 && ((r3_field_value(in, f) & in->op->print_bits[f]) >> k & 1);
}

void r3_fmods32(const r3_inst *in, int k, uint32_t v[R3_MAX_LANES], int lanes)
{
    uint32_t clear = r3_mod_bit(in, R3F_ABS, k) ? 0x80000000u : 0, flip = r3_mod_bit(in, R3F_NEG, k) ? 0x80000000u : 0;
    if (!clear && !flip)
        return;
    for (int l = 0; l < lanes; l++)
        v[l] = (v[l] & ~clear) ^ flip;
}

void r3_fmods64(const r3_inst *in, int k, uint64_t v[R3_MAX_LANES], int lanes)
{
    uint64_t sign = 1ull << 63;
    uint64_t clear = r3_mod_bit(in, R3F_ABS, k) ? sign : 0, flip = r3_mod_bit(in, R3F_NEG, k) ? sign : 0;
    if (!clear && !flip)
        return;
    for (int l = 0; l < lanes; l++)
        v[l] = (v[l] & ~clear) ^ flip;
}

void r3_vdst32(r3_wave *w, unsigned vgpr, const uint32_t v[R3_MAX_LANES], uint64_t mask)
{
    if (w->defer) { /* VOPD X half: written after the Y half has read its sources */
        w->pending_reg = vgpr & 255;
        w->pending_mask = mask;
        memcpy(w->pending, v, sizeof w->pending);
        w->defer = 0;
        return;
    }
    uint32_t *d = w->vgpr[vgpr & 255];
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = v[l];
}

void r3_vdst64(r3_wave *w, unsigned vgpr, const uint64_t v[R3_MAX_LANES], uint64_t mask)
{
    uint32_t *lo = w->vgpr[vgpr & 255], *hi = w->vgpr[(vgpr + 1) & 255];
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1) {
            lo[l] = (uint32_t)v[l];
            hi[l] = (uint32_t)(v[l] >> 32);
        }
}

void r3_fout32(const r3_inst *in, uint32_t v[R3_MAX_LANES], int lanes)
{
    if (in->op->format != R3_VOP3)
        return;
    unsigned omod = in->op->optional[R3F_OMOD] == R3_OPT_PRINTED ? r3_field_value(in, R3F_OMOD) : 0;
    int clamp = r3_field_value(in, R3F_CLAMP);
    if (!omod && !clamp)
        return;
    static const float scale[4] = {1.0f, 2.0f, 4.0f, 0.5f};
    for (int l = 0; l < lanes; l++) {
        float f;
        memcpy(&f, &v[l], 4);
        f *= scale[omod];
        if (clamp)
            f = isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
        memcpy(&v[l], &f, 4);
    }
}

void r3_fout64(const r3_inst *in, uint64_t v[R3_MAX_LANES], int lanes)
{
    if (in->op->format != R3_VOP3)
        return;
    unsigned omod = in->op->optional[R3F_OMOD] == R3_OPT_PRINTED ? r3_field_value(in, R3F_OMOD) : 0;
    int clamp = r3_field_value(in, R3F_CLAMP);
    if (!omod && !clamp)
        return;
    static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
    for (int l = 0; l < lanes; l++) {
        double d;
        memcpy(&d, &v[l], 8);
        d *= scale[omod];
        if (clamp)
            d = isnan(d) ? 0.0 : d < 0.0 ? 0.0 : d > 1.0 ? 1.0 : d;
        memcpy(&v[l], &d, 8);
    }
}
