/* RDNA3 image instructions (MIMG) on linear images: the T# and S# descriptors, texel addressing
   with mip levels and array slices, format conversion through the buffer data formats, loads,
   stores, atomics, resource queries, and sampling (nearest and bilinear filters, mip filters, the
   eight clamp modes, border colours, depth compare, texel offsets, gather4, LOD from explicit
   values, user derivatives or the lanes of a quad). Every reading cites docs/image-facts.md (the
   guide, ROCm and Mesa sources); where the sources are silent the reading is OpenCL C 3.0's
   (chapter 8) or is marked as wavesim's in docs/isa-notes-rdna3.md ("Images"). Tiled layouts,
   MSAA, anisotropy and seamless cube filtering are not run (a clean fault or the stated
   simplification). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "common/fp.h"
#include "core/core_mem.h"
#include "r3_buffmt.h"
#include "r3_exec.h"
#include "r3_image.h"
#include "r3_vmem.h"
#include "rdna3/codec/r3_mimg.h"

/* What an image instruction does besides its class (facts F6.1, F6.2: the suffix key of the
   guide's Table 49): the VGPRs it reads before the coordinates and how it chooses the LOD. */
enum {
    IMG_MIP = 1 << 0,     /* loads/stores: a mip level after the coordinates */
    IMG_PCK = 1 << 1,     /* no format conversion */
    IMG_SGN = 1 << 2,     /* packed loads sign-extend */
    IMG_O = 1 << 3,       /* texel offsets (one dword first) */
    IMG_B = 1 << 4,       /* LOD bias */
    IMG_C = 1 << 5,       /* depth-compare reference */
    IMG_D = 1 << 6,       /* user derivatives */
    IMG_G16 = 1 << 7,     /* 16-bit derivatives */
    IMG_L = 1 << 8,       /* explicit LOD after the coordinates */
    IMG_CL = 1 << 9,      /* LOD clamp after the coordinates */
    IMG_LZ = 1 << 10,     /* level 0 */
    IMG_GATHER = 1 << 11, /* gather4: one channel of the 2x2 footprint */
    IMG_GET_LOD = 1 << 12 /* image_get_lod: the LOD, not a texel */
};

/* The image resource T# (facts F1). */
typedef struct {
    uint64_t base;
    unsigned format, type, dim, sw_mode, bc_swizzle;
    unsigned base_level, last_level, max_mip, base_array, last_array, array_pitch;
    uint32_t width, height, depth;   /* of level 0; depth only for 3D */
    uint32_t pitch;                  /* 1D/2D: the pitch field + 1, else 0 */
    uint32_t layers;                 /* arrays and cube maps: slices in the view */
    uint8_t dst_sel[4];
    int all_zero, is_array, is_3d, one_row;
    const r3_buffmt *f;              /* NULL: a format wavesim does not convert */
} r3_tsharp;

/* The sampler S# (facts F2). */
typedef struct {
    uint8_t clamp[3], compare, unnormalized, mag, min, z_filter, mip_filter, border;
    double min_lod, max_lod, lod_bias;
} r3_ssharp;

enum { SEL_0 = 0, SEL_1 = 1, SEL_X = 4 };
enum { TYPE_1D = 8, TYPE_2D, TYPE_3D, TYPE_CUBE, TYPE_1D_ARRAY, TYPE_2D_ARRAY, TYPE_2D_MSAA, TYPE_2D_MSAA_ARRAY };
enum { CLAMP_WRAP, CLAMP_MIRROR, CLAMP_LAST_TEXEL, CLAMP_MIRROR_ONCE_LAST_TEXEL, CLAMP_HALF_BORDER,
       CLAMP_MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER, CLAMP_MIRROR_ONCE_BORDER };
#define R3_IMG_BORDER INT64_MIN /* an axis index that selects the border colour */

static uint32_t r3_img_bits(uint32_t word, unsigned lo, unsigned n)
{
    return (word >> lo) & ((1u << n) - 1);
}

/* Round a double to the nearest float32 (ties to even) whatever the host rounding mode: every
   float32 step of the filter is one such rounding of an exact or double-rounding-safe value. */
static float r3_rf(double x)
{
    return fp_f32(fp_f64_to_f32(x, FP_RNE));
}

/* Reads the T# at SGPR code (8 dwords, 4 with R128; the upper ones then read as 0). */
static void r3_tsharp_read(const r3_wave *w, unsigned code, int r128, r3_tsharp *t)
{
    uint32_t d[8] = {0};
    for (unsigned k = 0; k < (r128 ? 4u : 8u); k++)
        if (code + k < 124)
            d[k] = w->sgpr[code + k];
    memset(t, 0, sizeof *t);
    int any = 0;
    for (int k = 0; k < 8; k++)
        any |= d[k] != 0;
    t->all_zero = !any; /* "a resource that is all zeros is treated as unbound" */
    t->base = ((uint64_t)d[0] | (uint64_t)r3_img_bits(d[1], 0, 8) << 32) << 8;
    t->max_mip = r3_img_bits(d[1], 16, 4);
    t->format = r3_img_bits(d[1], 20, 8);
    t->width = (r3_img_bits(d[1], 30, 2) | r3_img_bits(d[2], 0, 12) << 2) + 1;
    t->height = r3_img_bits(d[2], 14, 14) + 1;
    for (int c = 0; c < 4; c++)
        t->dst_sel[c] = (uint8_t)r3_img_bits(d[3], 3 * (unsigned)c, 3);
    t->base_level = r3_img_bits(d[3], 12, 4);
    t->last_level = r3_img_bits(d[3], 16, 4);
    t->sw_mode = r3_img_bits(d[3], 20, 5);
    t->bc_swizzle = r3_img_bits(d[3], 25, 3);
    t->type = r3_img_bits(d[3], 28, 4);
    t->dim = t->type & 7;
    unsigned depth_field = r3_img_bits(d[4], 0, 13);
    t->base_array = r3_img_bits(d[4], 16, 13);
    t->array_pitch = r3_img_bits(d[5], 0, 4);
    t->is_array = t->type == TYPE_1D_ARRAY || t->type == TYPE_2D_ARRAY || t->type == TYPE_CUBE ||
                  t->type == TYPE_2D_MSAA_ARRAY;
    t->is_3d = t->type == TYPE_3D;
    t->one_row = t->type == TYPE_1D || t->type == TYPE_1D_ARRAY;
    t->depth = t->is_3d ? depth_field + 1 : 1;
    t->last_array = depth_field; /* arrays and cube maps: the last slice of the view */
    t->layers = t->is_array ? depth_field - t->base_array + 1 : 1;
    if (t->type == TYPE_1D || t->type == TYPE_2D || t->type == TYPE_2D_MSAA) {
        uint32_t field = depth_field | r3_img_bits(d[4], 13, 1) << 13;
        t->pitch = field ? field + 1 : 0; /* 0: derived as for the other types */
    }
    t->f = r3_imgfmt_of(t->format);
}

static void r3_ssharp_read(const r3_wave *w, unsigned code, r3_ssharp *s)
{
    uint32_t d[4] = {0};
    for (unsigned k = 0; k < 4; k++)
        if (code + k < 124)
            d[k] = w->sgpr[code + k];
    for (unsigned a = 0; a < 3; a++)
        s->clamp[a] = (uint8_t)r3_img_bits(d[0], 3 * a, 3);
    s->compare = (uint8_t)r3_img_bits(d[0], 12, 3);
    s->unnormalized = (uint8_t)r3_img_bits(d[0], 15, 1);
    s->min_lod = r3_img_bits(d[1], 0, 12) / 256.0;
    s->max_lod = r3_img_bits(d[1], 12, 12) / 256.0;
    int bias = (int)(r3_img_bits(d[2], 0, 14) << 18) >> 18, sec = (int)(r3_img_bits(d[2], 14, 6) << 26) >> 26;
    s->lod_bias = bias / 256.0 + sec / 16.0; /* s6.8 plus LOD_BIAS_SEC (s2.4) */
    s->mag = (uint8_t)(r3_img_bits(d[2], 20, 2) & 1); /* the aniso filters filter as their base (no anisotropy) */
    s->min = (uint8_t)(r3_img_bits(d[2], 22, 2) & 1);
    s->z_filter = (uint8_t)r3_img_bits(d[2], 24, 2);
    s->mip_filter = (uint8_t)r3_img_bits(d[2], 26, 2);
    s->border = (uint8_t)r3_img_bits(d[3], 30, 2);
}

/* ---------- linear layout (facts F4.1: Addrlib's gfx11 linear surfaces) ---------- */

static uint32_t r3_img_level_size(uint32_t size, unsigned level)
{
    uint32_t v = size >> level;
    return v ? v : 1;
}

/* Row pitch in texels of a level: the T# pitch for a single-level 1D/2D image, else the width
   aligned to 256 bytes. */
static uint64_t r3_img_pitch(const r3_tsharp *t, unsigned level, unsigned nlevels)
{
    uint32_t bpe = t->f->size, align = 256 / bpe, wl = r3_img_level_size(t->width, level);
    if (nlevels == 1 && t->pitch)
        return t->pitch;
    return ((uint64_t)wl + align - 1) / align * align;
}

/* The byte address of texel (x, y) of slice `slice` (absolute) at absolute level `level`: each
   slice holds the levels from the smallest at offset 0 up to level 0. */
static uint64_t r3_img_texel_addr(const r3_tsharp *t, uint32_t x, uint32_t y, uint32_t slice, unsigned level)
{
    unsigned nlevels = t->type == TYPE_2D_MSAA || t->type == TYPE_2D_MSAA_ARRAY ? 1 : t->max_mip + 1;
    uint64_t slice_size = 0, level_off = 0;
    for (int l = (int)nlevels - 1; l >= 0; l--) {
        if ((unsigned)l == level)
            level_off = slice_size;
        slice_size += r3_img_pitch(t, (unsigned)l, nlevels) * r3_img_level_size(t->height, (unsigned)l) * t->f->size;
    }
    return t->base + slice * slice_size + level_off + ((uint64_t)y * r3_img_pitch(t, level, nlevels) + x) * t->f->size;
}

/* Whether the image can be accessed at all: linear and of a known format (else a fault). */
static int r3_img_usable(r3_wave *w, const r3_tsharp *t)
{
    if (t->all_zero)
        return 1;
    if (t->sw_mode)
        return r3_fault(w, "image in swizzle mode %u: wavesim runs linear images only (SW_MODE 0)", t->sw_mode), 0;
    if (!t->f)
        return r3_fault(w, "image format %u is not one wavesim converts", t->format), 0;
    if (t->type < TYPE_1D)
        return r3_fault(w, "image resource of type %u (not an image)", t->type), 0;
    if (t->type >= TYPE_2D_MSAA)
        return r3_fault(w, "MSAA images are not supported by wavesim"), 0;
    return 1;
}

/* A texel of a no-sampler access: (slice, absolute level) when (x, y, z) at view level `mip` is
   inside the image (z: the 3D depth, or the slice / cube face relative to BASE_ARRAY), else 0
   (facts F4.4: out-of-range loads read zeros, stores and atomics are dropped). */
static int r3_img_in_range(const r3_tsharp *t, uint32_t x, uint32_t y, uint32_t z, uint32_t mip, uint32_t *slice,
                           unsigned *level, uint32_t *row)
{
    if (t->all_zero || mip > 15 || t->base_level + mip > t->last_level)
        return 0;
    unsigned l = t->base_level + mip;
    if (x >= r3_img_level_size(t->width, l))
        return 0;
    if (t->one_row)
        y = 0;
    else if (y >= r3_img_level_size(t->height, l))
        return 0;
    if (t->is_3d) {
        if (z >= r3_img_level_size(t->depth, l))
            return 0;
        *slice = (t->array_pitch & 1 ? t->base_array : 0) + z;
    } else if (t->is_array) {
        if ((uint64_t)t->base_array + z > t->last_array)
            return 0;
        *slice = t->base_array + z;
    } else {
        *slice = 0;
    }
    *level = l;
    *row = y;
    return 1;
}

/* ---------- texels: memory components and DST_SEL (facts F4.2, F4.3) ---------- */

/* The four memory components X..W of a texel as VGPR words (f32 bits, or integers for UINT/SINT
   formats; with d16 their 16-bit D16 forms, converted from the exact values: facts F6.3);
   components the format lacks read 0, 0, 0, 1. NULL p: all zero (out of range). */
static void r3_img_components(const r3_tsharp *t, const uint8_t *p, int d16, uint32_t out[4])
{
    uint32_t one = r3_buffmt_one(t->f, d16);
    for (int c = 0; c < 4; c++)
        out[c] = !p ? 0 : c < t->f->ncomp ? r3_buffmt_load(t->f, p, c, d16) : c == 3 ? one : 0;
}

/* Shader channel values from memory components through DST_SEL. */
static void r3_img_dst_sel(const r3_tsharp *t, const uint32_t comp[4], uint32_t one, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        unsigned s = t->dst_sel[c];
        out[c] = s == SEL_1 ? one : s >= SEL_X ? comp[s - SEL_X] : 0;
    }
}

/* The host bytes of an in-range texel, or NULL with a fault when no allocation backs them. */
static uint8_t *r3_img_bytes(r3_wave *w, const r3_tsharp *t, uint32_t x, uint32_t row, uint32_t slice, unsigned level,
                             int lane)
{
    uint64_t a = r3_img_texel_addr(t, x, row, slice, level);
    uint8_t *p = r3_device_bytes(w, a, t->f->size);
    if (!p)
        r3_fault(w, "lane %d: image texel at 0x%llx is outside every allocation", lane, (unsigned long long)a);
    return p;
}

/* ---------- addresses (facts F6.2) ---------- */

/* The address dwords of lane l: the NSA operands (or the one VGPR range) in order. */
static int r3_img_addr_words(const r3_wave *w, const r3_xop *x, int l, uint32_t *a, int max)
{
    r3_mimg_layout lay;
    if (r3_mimg_layout_of(x->in, &lay))
        return 0;
    int n = 0;
    for (unsigned k = 0; k < lay.naddr; k++)
        for (unsigned i = 0; i < lay.addr_width[k] && n < max; i++)
            a[n++] = r3_vrow(w, lay.addr[k] + i)[l];
    return n;
}

/* Coordinates of the body: `n` values from dword `at` on, 16 bits each (two per dword) with A16. */
static void r3_img_body(const uint32_t *a, int at, int n, int a16, uint32_t *out)
{
    for (int k = 0; k < n; k++)
        out[k] = a16 ? (a[at + k / 2] >> (16 * (k & 1))) & 0xffffu : a[at + k];
}

/* Body sizes per DIM: coordinates of loads/stores (facts F6.2 table) and of sampler ops. */
static const int r3_img_nbody[8] = {1, 2, 3, 3, 2, 3, 3, 4};
static const int r3_img_nderiv[8] = {2, 4, 6, 4, 2, 4, 4, 4};

/* Coordinates (x, y, z) of a no-sampler body: z is r, the slice or the cube face id. */
static void r3_img_xyz(unsigned dim, const uint32_t *b, uint32_t *x, uint32_t *y, uint32_t *z)
{
    *x = b[0];
    *y = dim == 0 || dim == 4 ? 0 : b[1];
    *z = dim == 4 ? b[1] : dim == 2 || dim == 3 || dim == 5 ? b[2] : 0;
}

/* The texel lane l of a no-sampler instruction addresses: its coordinates from the address VGPRs
   (with the mip level after them for MIP), and whether it lies inside the image (then slice,
   absolute level and row say where). */
typedef struct {
    uint32_t x, y, z, mip, slice, row;
    unsigned level;
    int in_range;
} r3_img_texel;

static void r3_img_lane_texel(const r3_wave *w, const r3_xop *x, const r3_tsharp *t, int l, int mip, r3_img_texel *tx)
{
    unsigned dim = r3_field_value(x->in, R3F_DIM);
    uint32_t a[16], b[5];
    r3_img_addr_words(w, x, l, a, 16);
    r3_img_body(a, 0, r3_img_nbody[dim] + (mip ? 1 : 0), (int)r3_field_value(x->in, R3F_A16), b);
    r3_img_xyz(dim, b, &tx->x, &tx->y, &tx->z);
    tx->mip = mip ? b[r3_img_nbody[dim]] : 0;
    tx->in_range = r3_img_in_range(t, tx->x, tx->y, tx->z, tx->mip, &tx->slice, &tx->level, &tx->row);
}

/* The instruction's T# (SRSRC, 8 dwords or 4 with R128); 0 after a fault when it cannot be used. */
static int r3_img_resource(r3_wave *w, const r3_xop *x, r3_tsharp *t)
{
    r3_tsharp_read(w, r3_field_value(x->in, R3F_SRSRC) * 4, (int)r3_field_value(x->in, R3F_R128), t);
    return r3_img_usable(w, t);
}

/* ---------- loads, stores, atomics ---------- */

/* Writes `n` channel values (32-bit words) to VDATA as consecutive VGPRs, or with D16 as 16-bit
   halves (values already 16-bit when `halves`, else float channels to f16 by truncation and
   integers saturated), then the TFE dword. */
static void r3_img_write_vdata(r3_wave *w, const r3_xop *x, int l, const uint32_t *vals, int n, int isint, int sint,
                               int halves, int tfe)
{
    unsigned vd = r3_field_value(x->in, R3F_VDATA);
    int d16 = (int)r3_field_value(x->in, R3F_D16);
    if (!d16) {
        for (int k = 0; k < n; k++)
            r3_vrow_w(w, vd + (unsigned)k)[l] = vals[k];
    } else {
        for (int k = 0; k < (n + 1) / 2; k++) {
            uint32_t word = 0;
            for (int h = 0; h < 2 && 2 * k + h < n; h++) {
                uint32_t v = vals[2 * k + h], half;
                if (halves)
                    half = v & 0xffffu;
                else if (!isint)
                    half = fp_f64_to_f16((double)fp_f32(v), FP_RTZ);
                else if (sint)
                    half = (uint32_t)((int32_t)v > 32767 ? 32767 : (int32_t)v < -32768 ? -32768 : (int32_t)v) & 0xffffu;
                else
                    half = v > 0xffffu ? 0xffffu : v;
                word |= half << (16 * h);
            }
            r3_vrow_w(w, vd + (unsigned)k)[l] = word;
        }
        n = (n + 1) / 2;
    }
    if (tfe) /* TEXEL_FAIL and LOD_WARNING: non-PRT memory never fails */
        r3_vrow_w(w, vd + (unsigned)n)[l] = 0;
}

/* image_load*: the texel's channels (converted, or packed raw with PCK) selected by DMASK. */
static void r3_img_load(r3_wave *w, const r3_xop *x, unsigned how)
{
    const r3_inst *in = x->in;
    r3_tsharp t;
    if (!r3_img_resource(w, x, &t))
        return;
    unsigned dmask = r3_field_value(in, R3F_DMASK);
    int tfe = (int)r3_field_value(in, R3F_TFE), d16 = (int)r3_field_value(in, R3F_D16);
    int isint = t.all_zero || (how & IMG_PCK) || t.f->kind == R3BF_UINT || t.f->kind == R3BF_SINT;
    int sint = !t.all_zero && ((how & IMG_PCK) ? 0 : t.f->kind == R3BF_SINT);
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_img_texel tx;
        r3_img_lane_texel(w, x, &t, l, (how & IMG_MIP) != 0, &tx);
        uint32_t comp[4] = {0, 0, 0, 0}, ch[4], vals[4];
        const uint8_t *p = NULL;
        if (dmask && tx.in_range && !(p = r3_img_bytes(w, &t, tx.x, tx.row, tx.slice, tx.level, l)))
            return;
        if (how & IMG_PCK) { /* raw components, zero- or sign-extended; missing ones read 0 */
            for (int c = 0; p && c < t.f->ncomp; c++) {
                uint32_t raw = r3_buffmt_raw(t.f, p, c), bits = t.f->bits[c];
                comp[c] = (how & IMG_SGN) && bits < 32 && (raw >> (bits - 1) & 1) ? raw | ~0u << bits : raw;
            }
            r3_img_dst_sel(&t, comp, 1, ch);
        } else if (t.all_zero) {
            memset(ch, 0, sizeof ch);
        } else {
            r3_img_components(&t, p, d16, comp);
            r3_img_dst_sel(&t, comp, r3_buffmt_one(t.f, d16), ch);
        }
        int n = 0;
        for (int c = 0; c < 4; c++)
            if (dmask >> c & 1)
                vals[n++] = ch[c];
        if (!n) /* DMASK 0 acts as 1 and returns zero */
            vals[n++] = 0;
        r3_img_write_vdata(w, x, l, vals, n, isint, sint, d16 && !(how & IMG_PCK), tfe);
    }
}

/* Writes a whole texel from channel values R, G, B, A: memory component c takes the channel whose
   DST_SEL is X + c (the last such channel), 0 when none does; converted by the format, or raw. */
static void r3_img_put_texel(const r3_buffmt *f, const uint8_t dst_sel[4], const uint32_t rgba[4], int raw, uint8_t *p)
{
    for (int m = 0; m < f->ncomp; m++) {
        uint32_t v = 0;
        for (int c = 0; c < 4; c++)
            if (dst_sel[c] == SEL_X + m)
                v = rgba[c];
        if (raw)
            r3_buffmt_put_raw(f, p, m, v);
        else
            r3_buffmt_store(f, p, m, v, 0);
    }
}

/* The 32-bit channel value of a D16 half as a store takes it: integers widened, f16 to f32. */
static uint32_t r3_img_d16_value(const r3_tsharp *t, uint32_t h)
{
    if (t->f->kind == R3BF_UINT)
        return h;
    if (t->f->kind == R3BF_SINT)
        return (uint32_t)(int32_t)(int16_t)h;
    return fp_f64_to_f32(fp_f16_to_f64(h), FP_RNE);
}

/* image_store*: the DMASK channels from VDATA (missing ones 0) land in memory through the inverse
   of DST_SEL (memory component c takes the channel whose DST_SEL is X + c, 0 when none does),
   converted by the format (or raw with PCK); the whole element is written. */
static void r3_img_store(r3_wave *w, const r3_xop *x, unsigned how)
{
    const r3_inst *in = x->in;
    r3_tsharp t;
    if (!r3_img_resource(w, x, &t) || t.all_zero)
        return;
    unsigned dmask = r3_field_value(in, R3F_DMASK), vd = r3_field_value(in, R3F_VDATA);
    int d16 = (int)r3_field_value(in, R3F_D16);
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_img_texel tx;
        r3_img_lane_texel(w, x, &t, l, (how & IMG_MIP) != 0, &tx);
        if (!tx.in_range)
            continue;
        uint32_t rgba[4] = {0, 0, 0, 0};
        int k = 0;
        for (int c = 0; c < 4; c++) {
            if (!(dmask >> c & 1))
                continue;
            if (d16) {
                uint32_t h = (r3_vrow(w, vd + (unsigned)k / 2)[l] >> (16 * (k & 1))) & 0xffffu;
                rgba[c] = (how & IMG_PCK) ? h : r3_img_d16_value(&t, h);
            } else {
                rgba[c] = r3_vrow(w, vd + (unsigned)k)[l];
            }
            k++;
        }
        uint8_t *p = r3_img_bytes(w, &t, tx.x, tx.row, tx.slice, tx.level, l);
        if (!p)
            return;
        r3_img_put_texel(t.f, t.dst_sel, rgba, (how & IMG_PCK) != 0, p);
    }
}

/* image_atomic_*: the element as one 32-bit (DMASK 0x1, cmpswap 0x3) or 64-bit (0x3, cmpswap 0xf)
   integer; the old value returns to VDATA with GLC. Out of range: dropped, a returning atomic
   reads 0 (facts F4.4). */
static void r3_img_atomic(r3_wave *w, const r3_xop *x, r3_atomic op)
{
    const r3_inst *in = x->in;
    r3_tsharp t;
    if (!r3_img_resource(w, x, &t))
        return;
    unsigned dmask = r3_field_value(in, R3F_DMASK), vd = r3_field_value(in, R3F_VDATA);
    int ret = (int)r3_field_value(in, R3F_GLC);
    int wide = op == A_CMPSWAP ? dmask == 0xf : dmask == 0x3;
    if (!t.all_zero && t.f->size != (wide ? 8u : 4u)) {
        r3_fault(w, "image atomic of %d bits on a %u-byte element", wide ? 64 : 32, t.f->size);
        return;
    }
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_img_texel tx;
        r3_img_lane_texel(w, x, &t, l, 0, &tx);
        if (!tx.in_range) {
            if (ret) {
                r3_vrow_w(w, vd)[l] = 0;
                if (wide)
                    r3_vrow_w(w, vd + 1)[l] = 0;
            }
            continue;
        }
        uint8_t *p = r3_img_bytes(w, &t, tx.x, tx.row, tx.slice, tx.level, l);
        if (!p)
            return;
        r3_lane_atomic(w, p, op, wide, vd, ret ? (int)vd : -1, l, 0);
    }
}

/* image_get_resinfo: {width, height, depth or layers, levels} of the view's level in the address
   VGPR, DMASK-selected (facts F6.1; Mesa's reading for the cases the guide leaves open). */
static void r3_img_resinfo(r3_wave *w, const r3_xop *x)
{
    const r3_inst *in = x->in;
    r3_tsharp t;
    r3_tsharp_read(w, r3_field_value(in, R3F_SRSRC) * 4, (int)r3_field_value(in, R3F_R128), &t);
    unsigned dmask = r3_field_value(in, R3F_DMASK);
    int a16 = (int)r3_field_value(in, R3F_A16);
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t a[16], mip, info[4] = {0, 0, 0, 0}, vals[4];
        r3_img_addr_words(w, x, l, a, 16);
        r3_img_body(a, 0, 1, a16, &mip);
        if (!t.all_zero) {
            unsigned level = t.base_level + mip;
            info[0] = level > 31 ? 1 : r3_img_level_size(t.width, level);
            info[1] = level > 31 ? 1 : r3_img_level_size(t.height, level);
            info[2] = t.is_3d ? (level > 31 ? 1 : r3_img_level_size(t.depth, level)) : t.is_array ? t.layers : 1;
            info[3] = t.type == TYPE_2D_MSAA || t.type == TYPE_2D_MSAA_ARRAY ? 1 : t.last_level - t.base_level + 1;
        }
        int n = 0;
        for (int c = 0; c < 4; c++)
            if (dmask >> c & 1)
                vals[n++] = info[c];
        if (!n)
            vals[n++] = 0;
        r3_img_write_vdata(w, x, l, vals, n, 1, 0, 0, (int)r3_field_value(in, R3F_TFE));
    }
}

/* ---------- sampling (facts F7) ---------- */

/* Texel index i on an axis of `size` texels under a clamp mode: an index in [0, size), or
   R3_IMG_BORDER (facts F7.3). */
static int64_t r3_img_address(int64_t i, int64_t size, unsigned mode)
{
    switch (mode) {
    case CLAMP_WRAP:
        return ((i % size) + size) % size;
    case CLAMP_MIRROR: {
        int64_t p = ((i % (2 * size)) + 2 * size) % (2 * size);
        return p < size ? p : 2 * size - 1 - p;
    }
    case CLAMP_MIRROR_ONCE_LAST_TEXEL:
    case CLAMP_MIRROR_ONCE_HALF_BORDER:
    case CLAMP_MIRROR_ONCE_BORDER:
        if (i < 0)
            i = -1 - i;
        mode = mode == CLAMP_MIRROR_ONCE_LAST_TEXEL ? CLAMP_LAST_TEXEL : CLAMP_BORDER;
        break;
    default:
        break;
    }
    if (mode == CLAMP_LAST_TEXEL)
        return i < 0 ? 0 : i > size - 1 ? size - 1 : i;
    return i >= 0 && i < size ? i : R3_IMG_BORDER; /* border and half-border */
}

/* A texel-space coordinate rounded to the texture unit's 8 sub-texel bits (a 1/256 texel grid,
   ties to even; docs/isa-notes-rdna3.md "Images": RADV's subTexelPrecisionBits, the S#
   TRUNC_COORD field, and ROCm's nearest-sampler coordinate snapping, which picks the intended
   texel only on such hardware). */
static double r3_img_subtexel(double u)
{
    double s = u * 256.0, f = floor(s), d = s - f;
    if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
        f += 1.0;
    return f / 256.0;
}

/* One axis of the filter footprint: up to two (index, weight) pairs from the unnormalized
   float32 coordinate u on the sub-texel grid. Nearest: floor(u); linear: floor(u - 0.5) and the
   next, weights 1 - a and a with a = frac(u - 0.5) (OpenCL C 8.2; a is a multiple of 1/256). */
static int r3_img_axis(float u, int64_t size, unsigned mode, int linear, int64_t idx[2], float wt[2])
{
    if (isnan(u))
        u = 0; /* undefined coordinates (OpenCL 8.2) get a defined texel */
    if (u > 0x1p30f)
        u = 0x1p30f;
    if (u < -0x1p30f)
        u = -0x1p30f;
    if (mode == CLAMP_HALF_BORDER || mode == CLAMP_MIRROR_ONCE_HALF_BORDER) { /* at most half a texel of border */
        double lo = mode == CLAMP_HALF_BORDER ? -0.5 : -((double)size + 0.5), hi = (double)size + 0.5;
        u = r3_rf(u < lo ? lo : u > hi ? hi : u);
    }
    if (!linear) {
        idx[0] = r3_img_address((int64_t)floor(r3_img_subtexel(u)), size, mode);
        wt[0] = 1.0f;
        return 1;
    }
    double tt = r3_img_subtexel(r3_rf((double)u - 0.5));
    double i0 = floor(tt);
    float a = r3_rf(tt - i0);
    idx[0] = r3_img_address((int64_t)i0, size, mode);
    idx[1] = r3_img_address((int64_t)i0 + 1, size, mode);
    wt[0] = r3_rf(1.0 - a);
    wt[1] = a;
    return 2;
}

/* A sampled texel: memory components as floats (flushed) or integers, the border colour for
   R3_IMG_BORDER (transparent black, opaque black or opaque white, channels ordered by
   BC_SWIZZLE into memory order), depth-compared on X with _C. */
typedef struct {
    const r3_tsharp *t;
    const r3_ssharp *s;
    int isint, compare;
    float zref;
} r3_img_fetch;

static const char *const r3_bc_orders[8] = {"xyzw", "xwyz", "wzyx", "wxyz", "zyxw", "yxwz", "xyzw", "xyzw"};

static int r3_img_compare(unsigned fn, float ref, float v)
{
    switch (fn) {
    case 1: return ref < v;
    case 2: return ref == v;
    case 3: return ref <= v;
    case 4: return ref > v;
    case 5: return ref != v;
    case 6: return ref >= v;
    case 7: return 1;
    default: return 0;
    }
}

static int r3_img_fetch_texel(r3_wave *w, const r3_img_fetch *fe, int64_t x, int64_t y, uint32_t slice, unsigned level,
                              int lane, uint32_t out[4])
{
    const r3_tsharp *t = fe->t;
    if (x == R3_IMG_BORDER || y == R3_IMG_BORDER) {
        uint32_t one = fe->isint ? 1 : 0x3f800000u, rgba[4] = {0, 0, 0, 0};
        if (fe->s->border == 1)
            rgba[3] = one;
        else if (fe->s->border == 2)
            rgba[0] = rgba[1] = rgba[2] = rgba[3] = one;
        const char *order = r3_bc_orders[t->bc_swizzle];
        for (int c = 0; c < 4; c++)
            out[c] = rgba[strchr("xyzw", order[c]) - "xyzw"];
    } else {
        const uint8_t *p = r3_img_bytes(w, t, (uint32_t)x, (uint32_t)y, slice, level, lane);
        if (!p)
            return -1;
        r3_img_components(t, p, 0, out);
        if (!fe->isint)
            for (int c = 0; c < 4; c++)
                out[c] = fp_flush32(out[c]);
    }
    if (fe->compare)
        out[0] = r3_img_compare(fe->s->compare, fe->zref, fp_f32(out[0])) ? 0x3f800000u : 0;
    return 0;
}

/* The filtered memory components at one absolute level: the footprint's texels weighted by the
   product of their axis weights (x, y, z order, float32 each step) and summed left to right in
   x-fastest order, every product and partial sum a float32 (OpenCL 8.2's sum). */
static int r3_img_filter(r3_wave *w, const r3_img_fetch *fe, unsigned level, uint32_t layer, const float *coord,
                         int normalized, int lin_xy, int lin_z, const int *offs, int lane, uint32_t out[4])
{
    const r3_tsharp *t = fe->t;
    int naxes = t->dim == 0 || t->dim == 4 ? 1 : t->dim == 2 ? 3 : 2;
    int64_t sizes[3] = {r3_img_level_size(t->width, level), r3_img_level_size(t->height, level),
                        r3_img_level_size(t->depth, level)};
    int64_t idx[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    float wt[3][2] = {{1, 1}, {1, 1}, {1, 1}};
    int cnt[3] = {1, 1, 1};
    for (int ax = 0; ax < naxes; ax++) {
        int linear = !fe->isint && (ax == 2 ? lin_z : lin_xy); /* integer formats are point-sampled */
        float u = normalized ? r3_rf((double)coord[ax] * (double)sizes[ax]) : coord[ax];
        if (offs)
            u = r3_rf((double)u + offs[ax]);
        cnt[ax] = r3_img_axis(u, sizes[ax], fe->s->clamp[ax], linear, idx[ax], wt[ax]);
    }
    float acc[4] = {0, 0, 0, 0};
    int first = 1;
    for (int k = 0; k < cnt[2]; k++)
        for (int j = 0; j < cnt[1]; j++)
            for (int i = 0; i < cnt[0]; i++) {
                uint32_t v[4];
                uint32_t slice = naxes == 3 ? (idx[2][k] == R3_IMG_BORDER ? 0 : (uint32_t)idx[2][k]) +
                                                  (t->array_pitch & 1 ? t->base_array : 0)
                                            : layer;
                int64_t yy = naxes >= 2 ? idx[1][j] : 0;
                if (naxes == 3 && idx[2][k] == R3_IMG_BORDER)
                    yy = R3_IMG_BORDER;
                if (r3_img_fetch_texel(w, fe, idx[0][i], yy, slice, level, lane, v))
                    return -1;
                if (cnt[0] * cnt[1] * cnt[2] == 1) {
                    memcpy(out, v, sizeof v);
                    return 0;
                }
                float wgt = wt[0][i];
                if (naxes >= 2)
                    wgt = r3_rf((double)wgt * wt[1][j]);
                if (naxes == 3)
                    wgt = r3_rf((double)wgt * wt[2][k]);
                for (int c = 0; c < 4; c++) {
                    float prod = r3_rf((double)wgt * fp_f32(v[c]));
                    acc[c] = first ? r3_rf(0.0 + prod) : r3_rf((double)acc[c] + prod);
                }
                first = 0;
            }
    for (int c = 0; c < 4; c++)
        out[c] = fp_b32(acc[c]);
    return 0;
}

/* The absolute layer of an array or cube sample: arrays clamp(rint(slice)) (OpenCL 8.4); cube
   maps face_id = slice * 8 + face (guide 10.3), filtered as six separate faces. */
static uint32_t r3_img_layer(const r3_tsharp *t, float c)
{
    if (t->type != TYPE_1D_ARRAY && t->type != TYPE_2D_ARRAY && t->type != TYPE_CUBE)
        return 0;
    double r = isnan(c) ? 0 : nearbyint(c) < 0 ? 0 : nearbyint(c); /* the host rounds to nearest even */
    if (r > 65535.0)
        r = 65535.0;
    uint32_t s = (uint32_t)r;
    if (t->type == TYPE_CUBE) {
        uint32_t face = s % 8 > 5 ? 5 : s % 8;
        s = s / 8 * 6 + face;
    }
    return t->base_array + (s > t->layers - 1 ? t->layers - 1 : s);
}

/* A sampler instruction's inputs for one lane, from its address VGPRs (facts F6.2:
   {offset}{bias}{z-compare}{derivatives}{body}). */
typedef struct {
    int offs[3], has_offs;
    float bias, zref, derivs[6], coord[4], lod, clamp;
} r3_img_sargs;

static float r3_img_half_or_float(uint32_t v, int half)
{
    return half ? (float)fp_f16_to_f64(v & 0xffffu) : fp_f32(v);
}

static void r3_img_sample_args(const r3_tsharp *t, const uint32_t *a, unsigned how, int a16, r3_img_sargs *s)
{
    int at = 0;
    memset(s, 0, sizeof *s);
    if (how & IMG_O) { /* 6-bit signed X [5:0], Y [13:8], Z [21:16] */
        for (int k = 0; k < 3; k++)
            s->offs[k] = (int)((a[at] >> (8 * k)) << 26) >> 26;
        s->has_offs = 1;
        at++;
    }
    if (how & IMG_B)
        s->bias = r3_img_half_or_float(a[at++], a16);
    if (how & IMG_C)
        s->zref = fp_f32(a[at++]);
    if (how & IMG_D) {
        int nd = r3_img_nderiv[t->dim];
        if (how & IMG_G16) { /* two 16-bit derivatives per dword, z alone in its dword (A16 leaves them
                                 32-bit: LLVM's register layouts, isa/rdna3/mimg_layout.def) */
            uint32_t h[8];
            int nv = nd == 6 ? 4 : 2;
            for (int k = 0; k < nv; k++)
                h[2 * k] = a[at + k] & 0xffffu, h[2 * k + 1] = a[at + k] >> 16;
            static const int pick2[2] = {0, 2}, pick4[4] = {0, 1, 2, 3}, pick6[6] = {0, 1, 2, 4, 5, 6};
            const int *pick = nd == 2 ? pick2 : nd == 4 ? pick4 : pick6;
            for (int k = 0; k < nd; k++)
                s->derivs[k] = (float)fp_f16_to_f64(h[pick[k]]);
            at += nv;
        } else {
            for (int k = 0; k < nd; k++)
                s->derivs[k] = fp_f32(a[at + k]);
            at += nd;
        }
    }
    int nb = r3_img_nbody[t->dim] > 3 ? 3 : r3_img_nbody[t->dim];
    uint32_t b[5] = {0}; /* (r3_img_body fills what is read; -O3 cannot tell) */
    r3_img_body(a, at, nb + ((how & (IMG_L | IMG_CL)) ? 1 : 0), a16, b);
    for (int k = 0; k < nb; k++)
        s->coord[k] = r3_img_half_or_float(b[k], a16);
    if (how & IMG_L)
        s->lod = r3_img_half_or_float(b[nb], a16);
    if (how & IMG_CL)
        s->clamp = r3_img_half_or_float(b[nb], a16);
}

/* The raw LOD from texel-space derivatives: log2 of the longer of the two gradient vectors
   (computed in double, rounded to float32; wavesim's reading: the guide gives no formula). */
static float r3_img_raw_lod(const double *dx, const double *dy, int n)
{
    double sx = 0, sy = 0;
    for (int k = 0; k < n; k++)
        sx += dx[k] * dx[k], sy += dy[k] * dy[k];
    double rho = sqrt(sx > sy ? sx : sy);
    return r3_rf(rho > 0 ? log2(rho) : -INFINITY);
}

/* The derivative axes of a DIM (no slice axis) and the level-0 sizes that scale them. */
static int r3_img_deriv_axes(const r3_tsharp *t)
{
    return t->dim == 0 || t->dim == 4 ? 1 : t->dim == 2 ? 3 : 2;
}

/* image_sample*, image_gather4*, image_get_lod. */
static void r3_img_sample(r3_wave *w, const r3_xop *x, unsigned how)
{
    const r3_inst *in = x->in;
    r3_tsharp t;
    r3_ssharp s;
    if (!r3_img_resource(w, x, &t))
        return;
    r3_ssharp_read(w, r3_field_value(in, R3F_SSAMP) * 4, &s);
    unsigned dmask = r3_field_value(in, R3F_DMASK);
    int a16 = (int)r3_field_value(in, R3F_A16), tfe = (int)r3_field_value(in, R3F_TFE);
    int normalized = !r3_field_value(in, R3F_UNORM) && !s.unnormalized;
    int isint = !t.all_zero && (t.f->kind == R3BF_UINT || t.f->kind == R3BF_SINT);
    int naxes = r3_img_deriv_axes(&t);
    uint64_t mask = r3_exec_mask(w);
    r3_img_sargs sa[R3_MAX_LANES];
    for (int l = 0; l < w->lanes; l++) { /* every lane: implicit derivatives read the whole quad */
        uint32_t a[16] = {0};
        r3_img_addr_words(w, x, l, a, 16);
        r3_img_sample_args(&t, a, how, a16, &sa[l]);
    }
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        const r3_img_sargs *g = &sa[l];
        uint32_t res[4] = {0, 0, 0, 0}, vals[4];
        int n = 0;
        if (t.all_zero) {
            /* unbound: zeros */
        } else {
            double sizes[3] = {t.width, t.height, t.depth};
            /* the raw LOD: explicit, from user derivatives, or from the quad's coordinates */
            float raw = 0;
            if (how & IMG_D) {
                double dx[3], dy[3];
                for (int k = 0; k < naxes; k++) {
                    double scale = normalized ? sizes[k] : 1.0;
                    dx[k] = g->derivs[k] * scale;
                    dy[k] = g->derivs[naxes + k] * scale;
                }
                raw = r3_img_raw_lod(dx, dy, naxes);
            } else if (!(how & (IMG_L | IMG_LZ))) {
                const r3_img_sargs *q = &sa[l & ~3];
                double dx[3], dy[3];
                for (int k = 0; k < naxes; k++) {
                    double scale = normalized ? sizes[k] : 1.0;
                    double u0 = normalized ? r3_rf(q[0].coord[k] * scale) : q[0].coord[k];
                    double u1 = normalized ? r3_rf(q[1].coord[k] * scale) : q[1].coord[k];
                    double u2 = normalized ? r3_rf(q[2].coord[k] * scale) : q[2].coord[k];
                    dx[k] = u1 - u0;
                    dy[k] = u2 - u0;
                }
                raw = r3_img_raw_lod(dx, dy, naxes);
            }
            double lod = how & IMG_L ? g->lod : raw;
            float leff = 0;
            if (!(how & IMG_LZ)) {
                double v = r3_rf(lod + g->bias + s.lod_bias);
                v = v < s.min_lod ? s.min_lod : v > s.max_lod ? s.max_lod : v;
                if ((how & IMG_CL) && v > g->clamp)
                    v = g->clamp;
                leff = (float)v;
            }
            if (how & IMG_GET_LOD) {
                res[0] = fp_b32(leff);
                res[1] = fp_b32(raw);
                goto select;
            }
            int mag = !(leff > 0);
            int lin_xy = (mag ? s.mag : s.min) == 1;
            int lin_z = s.z_filter == 0 ? lin_xy : s.z_filter == 2;
            unsigned nlev = t.last_level - t.base_level;
            unsigned lv[2] = {0, 0};
            float lw[2] = {1, 0};
            int nl = 1;
            if (s.mip_filter == 0 || (how & IMG_LZ)) {
                lv[0] = 0;
            } else if (s.mip_filter == 1 || (how & IMG_GATHER)) {
                double p = floor((double)leff + 0.5);
                lv[0] = p < 0 ? 0 : p > nlev ? nlev : (unsigned)p;
            } else {
                double lp = leff > 0 ? leff : 0, l0 = floor(lp);
                float fr = r3_rf(lp - l0);
                lv[0] = l0 > nlev ? nlev : (unsigned)l0;
                lv[1] = l0 + 1 > nlev ? nlev : (unsigned)l0 + 1;
                lw[0] = r3_rf(1.0 - fr);
                lw[1] = fr;
                nl = fr == 0 ? 1 : 2;
            }
            r3_img_fetch fe = {&t, &s, isint, (how & IMG_C) != 0, g->zref};
            uint32_t layer = r3_img_layer(&t, g->coord[t.dim == 4 ? 1 : 2]);
            if (how & IMG_GATHER) { /* one channel of the 2x2 footprint: (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
                unsigned level = t.base_level + lv[0];
                int64_t idx[2][2];
                float wt[2][2];
                for (int ax = 0; ax < 2; ax++) {
                    double size = r3_img_level_size(ax ? t.height : t.width, level);
                    float u = normalized ? r3_rf((double)g->coord[ax] * size) : g->coord[ax];
                    if (g->has_offs)
                        u = r3_rf((double)u + g->offs[ax]);
                    r3_img_axis(u, (int64_t)size, s.clamp[ax], 1, idx[ax], wt[ax]);
                }
                int ch = __builtin_ctz(dmask ? dmask : 1);
                static const int gi[4] = {0, 1, 1, 0}, gj[4] = {1, 1, 0, 0};
                for (int k = 0; k < 4; k++) {
                    uint32_t comp[4], chans[4];
                    if (r3_img_fetch_texel(w, &fe, idx[0][gi[k]], idx[1][gj[k]], layer, level, l, comp))
                        return;
                    r3_img_dst_sel(&t, comp, isint ? 1 : 0x3f800000u, chans);
                    vals[k] = chans[ch];
                }
                r3_img_write_vdata(w, x, l, vals, 4, isint, t.f->kind == R3BF_SINT, 0, tfe);
                continue;
            }
            float acc[4] = {0, 0, 0, 0};
            for (int k = 0; k < nl; k++) {
                uint32_t v[4];
                if (r3_img_filter(w, &fe, t.base_level + lv[k], layer, g->coord, normalized, lin_xy, lin_z,
                                  g->has_offs ? g->offs : NULL, l, v))
                    return;
                if (nl == 1) {
                    memcpy(res, v, sizeof v);
                    break;
                }
                for (int c = 0; c < 4; c++) {
                    float prod = r3_rf((double)lw[k] * fp_f32(v[c]));
                    acc[c] = k ? r3_rf((double)acc[c] + prod) : prod;
                }
            }
            if (nl == 2)
                for (int c = 0; c < 4; c++)
                    res[c] = fp_b32(acc[c]);
            uint32_t chans[4];
            r3_img_dst_sel(&t, res, isint ? 1 : 0x3f800000u, chans);
            for (int c = 0; c < 4; c++)
                res[c] = isint ? chans[c] : fp_flush32(chans[c]);
        }
    select:
        for (int c = 0; c < 4; c++)
            if (dmask >> c & 1)
                vals[n++] = res[c];
        if (!n) /* "DMASK==0: the TA overrides DMASK=1 and puts zeros in VGPR" (facts F6.3) */
            vals[n++] = 0;
        r3_img_write_vdata(w, x, l, vals, n, isint, !t.all_zero && t.f->kind == R3BF_SINT, 0, tfe);
    }
}

/* image_load*: from the view's level 0, or the level in the address (MIP); converted by the
   format, or packed raw (PCK, sign-extended with SGN) */
OP(image_load) { r3_img_load(w, x, 0); }
OP(image_load_mip) { r3_img_load(w, x, IMG_MIP); }
OP(image_load_pck) { r3_img_load(w, x, IMG_PCK); }
OP(image_load_pck_sgn) { r3_img_load(w, x, IMG_PCK | IMG_SGN); }
OP(image_load_mip_pck) { r3_img_load(w, x, IMG_MIP | IMG_PCK); }
OP(image_load_mip_pck_sgn) { r3_img_load(w, x, IMG_MIP | IMG_PCK | IMG_SGN); }
/* image_store*: the element written whole through the inverse DST_SEL */
OP(image_store) { r3_img_store(w, x, 0); }
OP(image_store_mip) { r3_img_store(w, x, IMG_MIP); }
OP(image_store_pck) { r3_img_store(w, x, IMG_PCK); }
OP(image_store_mip_pck) { r3_img_store(w, x, IMG_MIP | IMG_PCK); }
/* image_atomic_*: memory = op(memory, DATA) on the element as one integer (guide 16.18) */
OP(image_atomic_swap) { r3_img_atomic(w, x, A_SWAP); }
OP(image_atomic_cmpswap) { r3_img_atomic(w, x, A_CMPSWAP); }
OP(image_atomic_add) { r3_img_atomic(w, x, A_ADD); }
OP(image_atomic_sub) { r3_img_atomic(w, x, A_SUB); }
OP(image_atomic_smin) { r3_img_atomic(w, x, A_SMIN); }
OP(image_atomic_umin) { r3_img_atomic(w, x, A_UMIN); }
OP(image_atomic_smax) { r3_img_atomic(w, x, A_SMAX); }
OP(image_atomic_umax) { r3_img_atomic(w, x, A_UMAX); }
OP(image_atomic_and) { r3_img_atomic(w, x, A_AND); }
OP(image_atomic_or) { r3_img_atomic(w, x, A_OR); }
OP(image_atomic_xor) { r3_img_atomic(w, x, A_XOR); }
OP(image_atomic_inc) { r3_img_atomic(w, x, A_INC); }
OP(image_atomic_dec) { r3_img_atomic(w, x, A_DEC); }
/* image_get_resinfo: {width, height, depth, levels} of a level */
OP(image_get_resinfo) { r3_img_resinfo(w, x); }
/* image_sample*: filtered texel; suffixes (guide Table 49): D derivatives, L lod, B bias, LZ level
   0, C depth compare, O offsets, CL lod clamp, G16 16-bit derivatives */
OP(image_sample) { r3_img_sample(w, x, 0); }
OP(image_sample_d) { r3_img_sample(w, x, IMG_D); }
OP(image_sample_l) { r3_img_sample(w, x, IMG_L); }
OP(image_sample_b) { r3_img_sample(w, x, IMG_B); }
OP(image_sample_lz) { r3_img_sample(w, x, IMG_LZ); }
OP(image_sample_c) { r3_img_sample(w, x, IMG_C); }
OP(image_sample_c_d) { r3_img_sample(w, x, IMG_C | IMG_D); }
OP(image_sample_c_l) { r3_img_sample(w, x, IMG_C | IMG_L); }
OP(image_sample_c_b) { r3_img_sample(w, x, IMG_C | IMG_B); }
OP(image_sample_c_lz) { r3_img_sample(w, x, IMG_C | IMG_LZ); }
OP(image_sample_o) { r3_img_sample(w, x, IMG_O); }
OP(image_sample_d_o) { r3_img_sample(w, x, IMG_D | IMG_O); }
OP(image_sample_l_o) { r3_img_sample(w, x, IMG_L | IMG_O); }
OP(image_sample_b_o) { r3_img_sample(w, x, IMG_B | IMG_O); }
OP(image_sample_lz_o) { r3_img_sample(w, x, IMG_LZ | IMG_O); }
OP(image_sample_c_o) { r3_img_sample(w, x, IMG_C | IMG_O); }
OP(image_sample_c_d_o) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_O); }
OP(image_sample_c_l_o) { r3_img_sample(w, x, IMG_C | IMG_L | IMG_O); }
OP(image_sample_c_b_o) { r3_img_sample(w, x, IMG_C | IMG_B | IMG_O); }
OP(image_sample_c_lz_o) { r3_img_sample(w, x, IMG_C | IMG_LZ | IMG_O); }
OP(image_sample_d_g16) { r3_img_sample(w, x, IMG_D | IMG_G16); }
OP(image_sample_c_d_g16) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_G16); }
OP(image_sample_d_o_g16) { r3_img_sample(w, x, IMG_D | IMG_O | IMG_G16); }
OP(image_sample_c_d_o_g16) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_O | IMG_G16); }
OP(image_sample_cl) { r3_img_sample(w, x, IMG_CL); }
OP(image_sample_d_cl) { r3_img_sample(w, x, IMG_D | IMG_CL); }
OP(image_sample_b_cl) { r3_img_sample(w, x, IMG_B | IMG_CL); }
OP(image_sample_c_cl) { r3_img_sample(w, x, IMG_C | IMG_CL); }
OP(image_sample_c_d_cl) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_CL); }
OP(image_sample_c_b_cl) { r3_img_sample(w, x, IMG_C | IMG_B | IMG_CL); }
OP(image_sample_cl_o) { r3_img_sample(w, x, IMG_CL | IMG_O); }
OP(image_sample_d_cl_o) { r3_img_sample(w, x, IMG_D | IMG_CL | IMG_O); }
OP(image_sample_b_cl_o) { r3_img_sample(w, x, IMG_B | IMG_CL | IMG_O); }
OP(image_sample_c_cl_o) { r3_img_sample(w, x, IMG_C | IMG_CL | IMG_O); }
OP(image_sample_c_d_cl_o) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_CL | IMG_O); }
OP(image_sample_c_b_cl_o) { r3_img_sample(w, x, IMG_C | IMG_B | IMG_CL | IMG_O); }
OP(image_sample_c_d_cl_g16) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_CL | IMG_G16); }
OP(image_sample_d_cl_o_g16) { r3_img_sample(w, x, IMG_D | IMG_CL | IMG_O | IMG_G16); }
OP(image_sample_c_d_cl_o_g16) { r3_img_sample(w, x, IMG_C | IMG_D | IMG_CL | IMG_O | IMG_G16); }
OP(image_sample_d_cl_g16) { r3_img_sample(w, x, IMG_D | IMG_CL | IMG_G16); }
/* image_gather4*: one channel (DMASK) of the 2x2 bilinear footprint */
OP(image_gather4) { r3_img_sample(w, x, IMG_GATHER); }
OP(image_gather4_l) { r3_img_sample(w, x, IMG_GATHER | IMG_L); }
OP(image_gather4_b) { r3_img_sample(w, x, IMG_GATHER | IMG_B); }
OP(image_gather4_lz) { r3_img_sample(w, x, IMG_GATHER | IMG_LZ); }
OP(image_gather4_c) { r3_img_sample(w, x, IMG_GATHER | IMG_C); }
OP(image_gather4_c_lz) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_LZ); }
OP(image_gather4_o) { r3_img_sample(w, x, IMG_GATHER | IMG_O); }
OP(image_gather4_lz_o) { r3_img_sample(w, x, IMG_GATHER | IMG_LZ | IMG_O); }
OP(image_gather4_c_lz_o) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_LZ | IMG_O); }
OP(image_gather4_cl) { r3_img_sample(w, x, IMG_GATHER | IMG_CL); }
OP(image_gather4_b_cl) { r3_img_sample(w, x, IMG_GATHER | IMG_B | IMG_CL); }
OP(image_gather4_c_cl) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_CL); }
OP(image_gather4_c_l) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_L); }
OP(image_gather4_c_b) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_B); }
OP(image_gather4_c_b_cl) { r3_img_sample(w, x, IMG_GATHER | IMG_C | IMG_B | IMG_CL); }
/* image_get_lod: {clamped LOD, raw LOD} from the quad's coordinates */
OP(image_get_lod) { r3_img_sample(w, x, IMG_GET_LOD); }

/* ---------- the host's side: layouts and descriptors as the code above reads them ---------- */

uint32_t r3_image_element_bytes(unsigned format)
{
    const r3_buffmt *f = r3_imgfmt_of(format);
    return f && 256 % f->size == 0 ? f->size : 0;
}

uint64_t r3_image_row_pitch(unsigned format, uint32_t width)
{
    uint32_t bpe = r3_image_element_bytes(format);
    if (!bpe)
        return 0;
    uint64_t align = 256 / bpe;
    return ((uint64_t)width + align - 1) / align * align * bpe;
}

void r3_image_tsharp(const r3_image_desc *d, uint32_t t[8])
{
    memset(t, 0, 8 * sizeof *t);
    uint64_t a = d->addr >> 8;
    uint32_t w1 = d->width - 1, h1 = d->height - 1;
    t[0] = (uint32_t)a;
    t[1] = (uint32_t)(a >> 32 & 0xff) | (d->format & 0xff) << 20 | (w1 & 3) << 30;
    t[2] = (w1 >> 2 & 0xfff) | (h1 & 0x3fff) << 14;
    for (int c = 0; c < 4; c++)
        t[3] |= (uint32_t)(d->dst_sel[c] & 7) << (3 * c);
    t[3] |= (uint32_t)(d->type & 15) << 28; /* BASE_LEVEL = LAST_LEVEL = 0, SW_MODE 0 (linear), BC_SWIZZLE 0 */
    if (d->type == TYPE_3D)
        t[4] = (d->depth - 1) & 0x1fff;
    else if (d->type == TYPE_1D_ARRAY || d->type == TYPE_2D_ARRAY)
        t[4] = (d->layers - 1) & 0x1fff; /* the last slice; BASE_ARRAY 0 */
    else { /* pitch - 1 in texels */
        uint32_t bpe = r3_image_element_bytes(d->format);
        t[4] = bpe ? (uint32_t)(r3_image_row_pitch(d->format, d->width) / bpe - 1) & 0x3fff : 0;
    }
}

void r3_image_ssharp(const uint8_t clamp[3], int unnormalized, int linear, unsigned border, uint32_t s[4])
{
    s[0] = (uint32_t)(clamp[0] & 7) | (uint32_t)(clamp[1] & 7) << 3 | (uint32_t)(clamp[2] & 7) << 6 |
           (uint32_t)(unnormalized ? 1 : 0) << 15;
    s[1] = 4095u << 12; /* MIN_LOD 0, MAX_LOD 4095 (15.996) */
    s[2] = linear ? 1u << 20 | 1u << 22 : 0; /* XY_MAG_FILTER, XY_MIN_FILTER; Z and mip filters none */
    s[3] = (border & 3u) << 30;
}

int r3_image_encode(unsigned format, const uint8_t dst_sel[4], const uint32_t rgba[4], uint8_t *texel)
{
    const r3_buffmt *f = r3_imgfmt_of(format);
    if (!f)
        return -1;
    memset(texel, 0, f->size);
    r3_img_put_texel(f, dst_sel, rgba, 0, texel);
    return 0;
}
