/* RDNA3 image (MIMG) register layouts. LLVM 19 picks an instruction variant from the computed data
   size (DMASK channels, halved by D16, plus one for TFE) and address size (DIM, A16, opcode); when
   no variant has both sizes, or a widened register would run past v255, it keeps the default. */
#include "r3_mimg.h"

#include <stdlib.h>
#include <string.h>

#define R3_MIMG_ENTRIES 32 /* [nsa][a16][dim] */

typedef struct {
    uint8_t n;                            /* 0: no variant for this address size */
    uint8_t width[R3_MIMG_MAX_ADDR];
} r3_mimg_shape;

typedef struct {
    uint8_t known, sampler, gather, bvh;
    uint8_t vdata_by_size[6];             /* [computed size 1..5] -> printed width, 0: no variant */
    uint8_t default_vdata;
    r3_mimg_shape default_shape[2];       /* the default variant's addresses: [nsa] */
    r3_mimg_shape shape[R3_MIMG_ENTRIES];
    uint32_t must0, val0, must1, val1;
    char srsrc_ok[33], ssamp_ok[33];
} r3_mimg_info;

typedef struct {
    unsigned opcode;
    const char *kind, *vdata, *default_plain, *default_nsa, *shapes;
    unsigned default_vdata;
    uint32_t must0, val0, must1, val1;
    const char *srsrc, *ssamp;
} r3_mimg_row;

static const r3_mimg_row r3_mimg_rows[] = {
#define R3MIMG(op, kind, vd, dvd, plain, nsa, shapes, m0, v0, m1, v1, srsrc, ssamp) \
    {op, kind, vd, plain, nsa, shapes, dvd, m0, v0, m1, v1, srsrc, ssamp},
#include "../../../isa/rdna3/mimg_layout.def"
#undef R3MIMG
};

static r3_mimg_info r3_mimg_infos[256];

/* "1.1.3" -> widths {1, 1, 3}; "-" -> no variant. Returns the characters read, or -1. */
static int r3_mimg_parse_shape(const char *s, r3_mimg_shape *out)
{
    const char *p = s;
    memset(out, 0, sizeof *out);
    if (*p == '-')
        return 1;
    while (*p >= '0' && *p <= '9') {
        if (out->n >= R3_MIMG_MAX_ADDR)
            return -1;
        out->width[out->n++] = (uint8_t)strtoul(p, (char **)&p, 10);
        if (*p != '.')
            break;
        p++;
    }
    return out->n ? (int)(p - s) : -1;
}

int r3_mimg_init(void)
{
    for (size_t i = 0; i < sizeof r3_mimg_rows / sizeof r3_mimg_rows[0]; i++) {
        const r3_mimg_row *row = &r3_mimg_rows[i];
        r3_mimg_info *info = &r3_mimg_infos[row->opcode & 0xff];
        info->known = 1;
        info->sampler = strstr(row->kind, "sampler") != NULL;
        info->gather = strstr(row->kind, "gather") != NULL;
        info->bvh = strstr(row->kind, "bvh") != NULL;
        if (strlen(row->vdata) != 5 || strlen(row->srsrc) != 32 || (info->sampler && strlen(row->ssamp) != 32))
            return -1;
        for (int k = 1; k <= 5; k++)
            info->vdata_by_size[k] = (uint8_t)(row->vdata[k - 1] - '0');
        info->default_vdata = (uint8_t)row->default_vdata;
        if (!info->bvh && (r3_mimg_parse_shape(row->default_plain, &info->default_shape[0]) < 0 ||
                           r3_mimg_parse_shape(row->default_nsa, &info->default_shape[1]) < 0))
            return -1;
        const char *p = row->shapes;
        for (int e = 0; e < R3_MIMG_ENTRIES; e++) {
            while (*p == ' ')
                p++;
            int n = r3_mimg_parse_shape(p, &info->shape[e]);
            if (n < 0)
                return -1;
            p += n;
        }
        info->must0 = row->must0;
        info->val0 = row->val0;
        info->must1 = row->must1;
        info->val1 = row->val1;
        memcpy(info->srsrc_ok, row->srsrc, 33);
        if (info->sampler)
            memcpy(info->ssamp_ok, row->ssamp, 33);
    }
    return 0;
}

int r3_mimg_fields_valid(const r3_inst *in)
{
    const r3_mimg_info *info = &r3_mimg_infos[in->op->opcode & 0xff];
    if (!info->known || (in->w[0] & info->must0) != info->val0 || (in->w[1] & info->must1) != info->val1)
        return 0;
    if (info->srsrc_ok[r3_field_value(in, R3F_SRSRC)] != 'o')
        return 0;
    unsigned ssamp = r3_field_value(in, R3F_SSAMP);
    return info->sampler ? info->ssamp_ok[ssamp] == 'o' : ssamp == 0;
}

/* The data size LLVM computes before it looks for a variant. */
static unsigned r3_mimg_data_size(const r3_inst *in, const r3_mimg_info *info)
{
    unsigned size = info->gather ? 4 : (unsigned)__builtin_popcount(r3_field_value(in, R3F_DMASK));
    if (size == 0)
        size = 1;
    if (r3_field_value(in, R3F_D16))
        size = (size + 1) / 2;
    return size + r3_field_value(in, R3F_TFE);
}

static void r3_mimg_place(r3_mimg_layout *out, const r3_inst *in, const r3_mimg_shape *shape)
{
    out->naddr = shape->n;
    for (unsigned i = 0; i < shape->n; i++) {
        /* the first address is VADDR; the NSA dword holds the others, one byte each */
        out->addr[i] = (uint8_t)(i == 0 ? r3_field_value(in, R3F_VADDR) : (in->w[2] >> (8 * (i - 1))) & 0xff);
        out->addr_width[i] = shape->width[i];
    }
}

static int r3_mimg_fits(const r3_mimg_layout *l)
{
    unsigned last = l->naddr - 1u;
    return l->vdata + l->vdata_width <= 256 && l->addr[last] + l->addr_width[last] <= 256;
}

int r3_mimg_layout_of(const r3_inst *in, r3_mimg_layout *out)
{
    const r3_mimg_info *info = &r3_mimg_infos[in->op->opcode & 0xff];
    if (!info->known)
        return -1;
    memset(out, 0, sizeof *out);
    unsigned nsa = r3_field_value(in, R3F_NSA);
    unsigned entry = nsa * 16 + r3_field_value(in, R3F_A16) * 8 + r3_field_value(in, R3F_DIM);
    out->vdata = (uint8_t)r3_field_value(in, R3F_VDATA);
    out->nsa = (uint8_t)nsa;
    out->srsrc_width = info->bvh ? 4 : 8;
    out->has_ssamp = info->sampler;
    out->bvh = info->bvh;
    if (info->bvh) { /* fixed layouts: the tuples are decoded as they stand */
        out->vdata_width = info->default_vdata;
        r3_mimg_place(out, in, &info->shape[entry]);
        for (unsigned i = 0; i < out->naddr; i++)
            if (out->addr[i] + out->addr_width[i] > 256)
                return -1;
        return out->vdata + out->vdata_width <= 256 ? 0 : -1;
    }
    const r3_mimg_shape *dflt = &info->default_shape[nsa];
    out->vdata_width = info->default_vdata;
    r3_mimg_place(out, in, dflt);
    if (!r3_mimg_fits(out)) /* the default variant's registers must exist */
        return -1;
    unsigned width = info->vdata_by_size[r3_mimg_data_size(in, info)];
    const r3_mimg_shape *shape = &info->shape[entry];
    if (width && shape->n) {
        out->vdata_width = (uint8_t)width;
        r3_mimg_place(out, in, shape);
        if (r3_mimg_fits(out))
            return 0;
    }
    out->vdata_width = info->default_vdata;
    r3_mimg_place(out, in, dflt);
    return 0;
}

int r3_mimg_has_sampler(const r3_opinfo *op)
{
    return r3_mimg_infos[op->opcode & 0xff].sampler;
}

int r3_mimg_is_bvh(const r3_opinfo *op)
{
    return r3_mimg_infos[op->opcode & 0xff].bvh;
}

int r3_mimg_is_gather(const r3_opinfo *op)
{
    return r3_mimg_infos[op->opcode & 0xff].gather;
}

void r3_mimg_fixed_bits(const r3_opinfo *op, uint32_t must[2], uint32_t val[2])
{
    const r3_mimg_info *info = &r3_mimg_infos[op->opcode & 0xff];
    must[0] = info->must0, must[1] = info->must1;
    val[0] = info->val0, val[1] = info->val1;
}

/* Whether some variant of the opcode has a VDATA tuple of this width. */
static int r3_mimg_vdata_variant(const r3_mimg_info *info, unsigned width)
{
    for (int k = 1; k <= 5; k++)
        if (info->vdata_by_size[k] == width)
            return 1;
    return info->default_vdata == width;
}

/* Whether a VADDR tuple of `written` registers holds `needed` addresses without NSA: LLVM also takes
   8 registers where 5 to 7 are needed. */
static int r3_mimg_tuple_fits(unsigned needed, unsigned written)
{
    return written == needed || (written == 8 && needed >= 5 && needed <= 7);
}

/* Whether some variant of the opcode without NSA has a VADDR tuple of this width (r3_mimg_tuple_fits). */
static int r3_mimg_vaddr_variant(const r3_mimg_info *info, unsigned width)
{
    for (int e = 0; e < R3_MIMG_ENTRIES / 2; e++)
        if (info->shape[e].n == 1 && r3_mimg_tuple_fits(info->shape[e].width[0], width))
            return 1;
    return info->default_shape[0].n == 1 && info->default_shape[0].width[0] == width;
}

static int r3_mimg_same_shape(const r3_mimg_shape *s, const r3_mimg_layout *w)
{
    if (s->n != w->naddr)
        return 0;
    for (unsigned i = 0; i < s->n; i++)
        if (s->width[i] != w->addr_width[i])
            return 0;
    return 1;
}

/* As r3_mimg_same_shape, but where exactly five addresses are needed, the fifth (the last the NSA
   encoding has, which holds the remaining addresses as one tuple in other variants) may be written
   as wide as it is in the opcode's widest variant: the most addresses any DIM and A16 takes, less
   four. llvm-mc-19 takes image_sample_c_d_o 1D (eleven addresses at most) with
   [v0, v1, v2, v3, v[4:10]] and encodes v4, not v[4:11]; image_sample_c_b_o 2D (six at most) with
   v[4:5], not v[4:6]; where more than five are needed, only the exact tuple. */
static int r3_mimg_nsa_fits(const r3_mimg_info *info, const r3_mimg_shape *s, const r3_mimg_layout *w)
{
    if (s->n != w->naddr)
        return 0;
    unsigned most = 0;
    for (int e = 0; e < R3_MIMG_ENTRIES; e++) {
        unsigned t = 0;
        for (unsigned i = 0; i < info->shape[e].n; i++)
            t += info->shape[e].width[i];
        most = t > most ? t : most;
    }
    for (unsigned i = 0; i < s->n; i++)
        if (s->width[i] != w->addr_width[i] &&
            !(i == 4 && i + 1 == s->n && s->width[i] == 1 && w->addr_width[i] + 4u <= most))
            return 0;
    return 1;
}

const char *r3_mimg_check_written(const r3_inst *in, const r3_mimg_layout *written)
{
    static const char invalid[] = "invalid operand for instruction";
    const r3_mimg_info *info = &r3_mimg_infos[in->op->opcode & 0xff];
    if (!info->known || (in->w[0] & info->must0) != info->val0 || (in->w[1] & info->must1) != info->val1)
        return invalid;
    unsigned entry = written->nsa * 16 + r3_field_value(in, R3F_A16) * 8 + r3_field_value(in, R3F_DIM);
    const r3_mimg_shape *want = &info->shape[entry];
    if (info->bvh) { /* fixed layouts: four data registers, the addresses by A16 and NSA */
        if (written->vdata_width != info->default_vdata)
            return invalid;
        if (!r3_mimg_same_shape(want, written))
            return "image address size does not match a16";
    } else {
        unsigned dmask = r3_field_value(in, R3F_DMASK);
        if (!r3_mimg_vdata_variant(info, written->vdata_width) ||
            (!written->nsa && !r3_mimg_vaddr_variant(info, written->addr_width[0])))
            return invalid;
        if (written->vdata_width != r3_mimg_data_size(in, info))
            return in->op->traits & R3T_ATOMIC ? "image data size does not match dmask and tfe"
                                                : "image data size does not match dmask, d16 and tfe";
        int fits = written->nsa ? r3_mimg_nsa_fits(info, want, written)
                                : want->n == 1 && r3_mimg_tuple_fits(want->width[0], written->addr_width[0]);
        if (!fits)
            return "image address size does not match dim and a16";
        if ((in->op->traits & R3T_ATOMIC) && dmask != 0x1 && dmask != 0x3 && dmask != 0xf)
            return "invalid atomic image dmask";
        if (info->gather && __builtin_popcount(dmask) != 1)
            return "invalid image_gather dmask: only one bit must be set";
        if ((in->op->traits & R3T_MSAA) && r3_field_value(in, R3F_DIM) < 6)
            return "invalid dim; must be MSAA type";
    }
    return r3_mimg_fields_valid(in) ? NULL : invalid;
}
