/* RDNA3 buffer instructions (MUBUF, MTBUF) and scalar buffer loads through a V# resource: addressing
   with index, offset, stride, swizzle and SOFFSET, the range check of every OOB_SELECT mode
   (seed 001 and reference 1.6), and the format loads and stores with their data conversion and
   DST_SEL. Out-of-range loads read 0 (1 for SEL_1), stores and atomics are dropped. */
#include <stdint.h>
#include <string.h>

#include "core/core_mem.h"
#include "r3_buffmt.h"
#include "r3_exec.h"
#include "r3_vmem.h"


/* How a buffer load or store moves its data. */
enum {
    BUF_STORE = 1,  /* memory = VDATA (else VDATA = memory) */
    BUF_SEXT = 2,   /* sub-dword loads sign-extend */
    BUF_D16 = 4,    /* 16-bit halves of VDATA */
    BUF_HI = 8,     /* D16 starting at the high half */
    BUF_TYPED = 16, /* MTBUF: the instruction's format, DST_SEL identity */
    BUF_LDS = 32    /* loads into LDS at M0[15:0] + OFFSET + 4 * lane instead of VDATA */
};

/* A buffer resource (V#), four SGPRs. */
typedef struct {
    uint64_t base;
    uint32_t stride, num_records;
    uint8_t swizzle, index_stride, add_tid, oob, type, format;
    uint8_t unbound; /* MUBUF through a V# of FORMAT 0 (INVALID) without ADD_TID: every access out of range */
    uint8_t dst_sel[4];
} r3_vsharp;

static void r3_vsharp_read(const r3_wave *w, unsigned code, r3_vsharp *v)
{
    uint32_t d[4] = {0, 0, 0, 0};
    for (unsigned k = 0; k < 4; k++)
        if (code + k < 124) /* null (124) reads as an all-zero descriptor */
            d[k] = w->sgpr[code + k];
    v->base = d[0] | (uint64_t)(d[1] & 0xffff) << 32;
    v->stride = (d[1] >> 16) & 0x3fff;
    v->swizzle = (uint8_t)(d[1] >> 30);
    v->num_records = d[2];
    for (unsigned c = 0; c < 4; c++)
        v->dst_sel[c] = (uint8_t)((d[3] >> (3 * c)) & 7);
    v->format = (uint8_t)((d[3] >> 12) & 0x3f);
    v->index_stride = (uint8_t)((d[3] >> 21) & 3);
    v->add_tid = (uint8_t)((d[3] >> 23) & 1);
    v->oob = (uint8_t)((d[3] >> 28) & 3);
    v->type = (uint8_t)(d[3] >> 30);
}

/* One lane's access: the terms the range check looks at and the byte address. */
typedef struct {
    uint32_t index, offset, soffset;
    uint64_t linear; /* index * stride + offset, before any swizzle */
    uint64_t addr;
} r3_buf_lane;

static void r3_buf_lane_of(const r3_wave *w, const r3_xop *x, const r3_vsharp *v, int lane, r3_buf_lane *b)
{
    const r3_inst *in = x->in;
    unsigned vaddr = r3_field_value(in, R3F_VADDR), idxen = r3_field_value(in, R3F_IDXEN);
    uint32_t vidx = idxen ? r3_vrow(w, vaddr)[lane] : 0;
    uint32_t voff = r3_field_value(in, R3F_OFFEN) ? r3_vrow(w, vaddr + idxen)[lane] : 0;
    b->index = vidx + (v->add_tid ? (uint32_t)lane : 0);
    b->offset = voff + r3_field_value(in, R3F_OFFSET);
    b->soffset = r3_scalar32(w, r3_field_value(in, R3F_SOFFSET), in->literal);
    b->linear = (uint64_t)b->index * v->stride + b->offset;
    uint64_t off = b->linear;
    if (v->swizzle && (idxen || v->add_tid)) {
        /* records interleaved in groups of INDEX_STRIDE elements; SOFFSET is added afterwards */
        uint32_t esize = v->swizzle == 3 ? 16 : 4, group = 8u << v->index_stride;
        off = ((uint64_t)(b->index / group) * v->stride + (uint64_t)(b->offset / esize) * esize) * group +
              (uint64_t)(b->index % group) * esize + b->offset % esize;
    }
    b->addr = v->base + b->soffset + off;
}

/* Whether `size` bytes at byte `at` of the lane's access are outside the buffer. */
static int r3_buf_out_of_range(const r3_vsharp *v, const r3_buf_lane *b, uint32_t at, uint32_t size)
{
    if (v->unbound)
        return 1;
    uint64_t end = (uint64_t)b->offset + at + size;
    switch (v->oob) {
    case 0:
        return b->index >= v->num_records || end > v->stride;
    case 1:
        return b->index >= v->num_records;
    case 2:
        return v->num_records == 0;
    default:
        if (v->swizzle && v->stride)
            return b->index >= v->num_records || end > v->stride;
        return b->linear + b->soffset + at + size > v->num_records;
    }
}

/* The host bytes of an in-range access, or NULL with a fault when no buffer backs them. */
static uint8_t *r3_buf_bytes(r3_wave *w, uint64_t addr, uint32_t n, int lane)
{
    uint8_t *p = r3_device_bytes(w, addr, n);
    if (!p)
        r3_fault(w, "lane %d: %u-byte buffer access at 0x%llx is outside every allocation", lane, n,
                 (unsigned long long)addr);
    return p;
}

/* The host bytes of component [at, at+n) of a lane's access, or NULL when it is out of range
   (dropped) or faults (w->fault set). */
static uint8_t *r3_buf_component(r3_wave *w, const r3_vsharp *v, const r3_buf_lane *b, uint32_t at, uint32_t n,
                                 int lane)
{
    return r3_buf_out_of_range(v, b, at, n) ? NULL : r3_buf_bytes(w, b->addr + at, n, lane);
}

/* A resource whose TYPE is not a buffer makes the instruction do nothing. One whose data format is
   0 (INVALID) without ADD_TID_ENABLE is unbound for MUBUF: loads return zero and stores are
   ignored (guide 9.6 "Unbound Resources", seed 001: "keyed off the data-format being set to zero
   (INVALID), and for MUBUF the add_tid_en = false"); r3_buf_format clears it for MTBUF, whose
   format is the instruction's. */
static int r3_buf_resource(const r3_wave *w, const r3_xop *x, r3_vsharp *v)
{
    r3_vsharp_read(w, r3_field_value(x->in, R3F_SRSRC) * 4, v);
    v->unbound = v->format == 0 && !v->add_tid;
    return v->type == 0;
}

/* LDS-destination loads: lane l's dword goes to LDS at M0[15:0] + OFFSET + 4 * l (the instruction
   offset applies to both addresses); beyond the workgroup's LDS it is dropped. */
static void r3_buf_to_lds(r3_wave *w, const r3_xop *x, int l, uint32_t v)
{
    uint8_t *p = r3_lds_bytes(w, (w->sgpr[125] & 0xffffu) + r3_field_value(x->in, R3F_OFFSET) + 4u * (unsigned)l, 4);
    if (p)
        memcpy(p, &v, 4);
}

/* Plain loads and stores of `bytes` per lane, each dword range-checked on its own (out-of-range
   dwords read 0 or are dropped). Loads: `sext` sign-extends sub-dword data, `d16` writes the low
   (or with `hi` the high) half of VDATA, and TFE writes 0 to the dword after the data (no texture
   fault in a buffer). Stores take the high half of VDATA with `hi`. */
static void r3_buf_plain(r3_wave *w, const r3_xop *x, unsigned bytes, unsigned how)
{
    int store = how & BUF_STORE, sext = how & BUF_SEXT ? 1 : 0, d16 = how & BUF_D16 ? 1 : 0, hi = how & BUF_HI ? 1 : 0;
    r3_vsharp v;
    if (!r3_buf_resource(w, x, &v))
        return;
    const r3_inst *in = x->in;
    unsigned vd = r3_field_value(in, R3F_VDATA), words = d16 ? 1 : (bytes + 3) / 4;
    int tfe = !store && r3_field_value(in, R3F_TFE);
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_buf_lane b;
        r3_buf_lane_of(w, x, &v, l, &b);
        uint32_t val[4] = {0, 0, 0, 0};
        if (store)
            r3_lane_store_data(w, vd, l, bytes, hi, val);
        int skip = r3_misaligned(w, &b.addr, bytes, l); /* the load reads 0, the store is dropped */
        for (unsigned at = 0; !skip && at < bytes; at += 4) {
            uint32_t n = bytes - at < 4 ? bytes - at : 4;
            uint8_t *p = r3_buf_component(w, &v, &b, at, n, l);
            if (w->fault)
                return;
            if (p)
                memcpy(store ? p : (uint8_t *)&val[at / 4], store ? (uint8_t *)&val[at / 4] : p, n);
        }
        if (how & BUF_LDS)
            r3_buf_to_lds(w, x, l, r3_load_extend(val[0], bytes, sext));
        else if (!store)
            r3_lane_load_result(w, vd, l, val, bytes, sext, d16, hi);
        if (tfe)
            r3_vrow_w(w, vd + words)[l] = 0;
    }
}

/* Whether the lane's buffer access is misaligned to `align` bytes: then the dispatch stops with
   MEMVIOL. */
static int r3_buf_misaligned(r3_wave *w, const r3_buf_lane *b, uint32_t align, int lane)
{
    if (b->addr % align == 0)
        return 0;
    r3_fault(w, "lane %d: MEMVIOL: buffer access at 0x%llx is not %u-byte aligned", lane, (unsigned long long)b->addr,
             align);
    return 1;
}

/* Buffer atomics: all-or-nothing range check, aligned to the data size (MEMVIOL otherwise);
   VDATA holds the operand (the compare value follows it), the old value returns there with GLC. */
static void r3_buf_atomic(r3_wave *w, const r3_xop *x, r3_atomic op, int wide)
{
    r3_vsharp v;
    if (!r3_buf_resource(w, x, &v))
        return;
    const r3_inst *in = x->in;
    unsigned vd = r3_field_value(in, R3F_VDATA), n = wide ? 8 : 4;
    int ret = (int)r3_field_value(in, R3F_GLC);
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_buf_lane b;
        r3_buf_lane_of(w, x, &v, l, &b);
        if (r3_buf_out_of_range(&v, &b, 0, n)) { /* dropped; a returning atomic reads 0 like a load */
            if (ret) {
                r3_vrow_w(w, vd)[l] = 0;
                if (wide)
                    r3_vrow_w(w, vd + 1)[l] = 0;
            }
            continue;
        }
        if (r3_buf_misaligned(w, &b, n, l))
            return;
        uint8_t *p = r3_buf_bytes(w, b.addr, n, l);
        if (!p)
            return;
        r3_lane_atomic(w, p, op, wide, vd, ret ? (int)vd : -1, l, r3_fp_rules(w, 0, wide));
    }
}

/* Format loads and stores: one element of the data format (the V#'s, or the instruction's for
   MTBUF) is range-checked as a whole and aligned to min(element size, 4) bytes (MEMVIOL otherwise);
   `count` components move, converted, through the V#'s DST_SEL (MUBUF) or in order (MTBUF: X000,
   XY00, ...). D16 packs two 16-bit components per VGPR (from the high half on with `hi`); halves
   not written keep their value. */
static void r3_buf_format(r3_wave *w, const r3_xop *x, int count, unsigned how)
{
    int store = how & BUF_STORE, d16 = how & BUF_D16 ? 1 : 0, typed = how & BUF_TYPED, hi = how & BUF_HI ? 1 : 0;
    r3_vsharp v;
    if (!r3_buf_resource(w, x, &v))
        return;
    if (typed)
        v.unbound = 0;
    const r3_inst *in = x->in;
    const r3_buffmt *f = r3_buffmt_of(typed ? r3_field_value(in, R3F_FMT) : v.format);
    uint8_t sel[4];
    for (int c = 0; c < 4; c++)
        sel[c] = typed ? (uint8_t)(f && c < f->ncomp ? 4 + c : 0) : v.dst_sel[c];
    unsigned vd = r3_field_value(in, R3F_VDATA), regs = d16 ? (unsigned)(count + 1) / 2 : (unsigned)count;
    uint32_t one = f ? r3_buffmt_one(f, d16) : 0;
    uint64_t mask = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        r3_buf_lane b;
        r3_buf_lane_of(w, x, &v, l, &b);
        uint8_t *p = NULL;
        if (f) {
            if (r3_buf_misaligned(w, &b, f->size < 4 ? f->size : 4, l))
                return;
            if (!r3_buf_out_of_range(&v, &b, 0, f->size) && !(p = r3_buf_bytes(w, b.addr, f->size, l)))
                return;
        }
        uint32_t data[4] = {0, 0, 0, 0}, lds_word = 0;
        for (int k = 0; k < count; k++) {
            int h = k + hi; /* D16: the half this component occupies */
            uint32_t *r = store ? NULL : how & BUF_LDS ? &lds_word : &r3_vrow_w(w, vd + (unsigned)(d16 ? h / 2 : k))[l];
            if (store) {
                uint32_t word = r3_vrow(w, vd + (unsigned)(d16 ? h / 2 : k))[l];
                data[k] = d16 ? (h & 1 ? word >> 16 : word & 0xffffu) : word;
                continue;
            }
            unsigned s = sel[k];
            uint32_t val = s == 1 ? one : (s >= 4 && p && (int)s - 4 < f->ncomp) ? r3_buffmt_load(f, p, (int)s - 4, d16) : 0;
            if (d16)
                *r = h & 1 ? (*r & 0xffffu) | val << 16 : (*r & 0xffff0000u) | (val & 0xffffu);
            else
                *r = val;
        }
        if (store && p)
            for (int m = 0; m < f->ncomp; m++) { /* every memory component is written, from DST_SEL */
                unsigned s = sel[m];
                r3_buffmt_store(f, p, m, s == 1 ? one : (s >= 4 && (int)s - 4 < count) ? data[s - 4] : 0, d16);
            }
        if (how & BUF_LDS)
            r3_buf_to_lds(w, x, l, lds_word);
        else if (!store && r3_field_value(in, R3F_TFE))
            r3_vrow_w(w, vd + regs)[l] = 0;
    }
}

/* buffer_{load,store}_format_*: converted through the V#'s FORMAT and DST_SEL */
OP(buffer_load_format_x) { r3_buf_format(w, x, 1, 0); }
OP(buffer_load_format_xy) { r3_buf_format(w, x, 2, 0); }
OP(buffer_load_format_xyz) { r3_buf_format(w, x, 3, 0); }
OP(buffer_load_format_xyzw) { r3_buf_format(w, x, 4, 0); }
OP(buffer_store_format_x) { r3_buf_format(w, x, 1, BUF_STORE); }
OP(buffer_store_format_xy) { r3_buf_format(w, x, 2, BUF_STORE); }
OP(buffer_store_format_xyz) { r3_buf_format(w, x, 3, BUF_STORE); }
OP(buffer_store_format_xyzw) { r3_buf_format(w, x, 4, BUF_STORE); }
OP(buffer_load_d16_format_x) { r3_buf_format(w, x, 1, BUF_D16); }
OP(buffer_load_d16_format_xy) { r3_buf_format(w, x, 2, BUF_D16); }
OP(buffer_load_d16_format_xyz) { r3_buf_format(w, x, 3, BUF_D16); }
OP(buffer_load_d16_format_xyzw) { r3_buf_format(w, x, 4, BUF_D16); }
OP(buffer_store_d16_format_x) { r3_buf_format(w, x, 1, BUF_STORE | BUF_D16); }
OP(buffer_store_d16_format_xy) { r3_buf_format(w, x, 2, BUF_STORE | BUF_D16); }
OP(buffer_store_d16_format_xyz) { r3_buf_format(w, x, 3, BUF_STORE | BUF_D16); }
OP(buffer_store_d16_format_xyzw) { r3_buf_format(w, x, 4, BUF_STORE | BUF_D16); }
/* buffer_{load,store}_d16_hi_format_x: X in the high half of VDATA */
OP(buffer_load_d16_hi_format_x) { r3_buf_format(w, x, 1, BUF_D16 | BUF_HI); }
OP(buffer_store_d16_hi_format_x) { r3_buf_format(w, x, 1, BUF_STORE | BUF_D16 | BUF_HI); }
/* tbuffer_{load,store}_format_*: converted through the instruction's FORMAT */
OP(tbuffer_load_format_x) { r3_buf_format(w, x, 1, BUF_TYPED); }
OP(tbuffer_load_format_xy) { r3_buf_format(w, x, 2, BUF_TYPED); }
OP(tbuffer_load_format_xyz) { r3_buf_format(w, x, 3, BUF_TYPED); }
OP(tbuffer_load_format_xyzw) { r3_buf_format(w, x, 4, BUF_TYPED); }
OP(tbuffer_store_format_x) { r3_buf_format(w, x, 1, BUF_STORE | BUF_TYPED); }
OP(tbuffer_store_format_xy) { r3_buf_format(w, x, 2, BUF_STORE | BUF_TYPED); }
OP(tbuffer_store_format_xyz) { r3_buf_format(w, x, 3, BUF_STORE | BUF_TYPED); }
OP(tbuffer_store_format_xyzw) { r3_buf_format(w, x, 4, BUF_STORE | BUF_TYPED); }
OP(tbuffer_load_d16_format_x) { r3_buf_format(w, x, 1, BUF_D16 | BUF_TYPED); }
OP(tbuffer_load_d16_format_xy) { r3_buf_format(w, x, 2, BUF_D16 | BUF_TYPED); }
OP(tbuffer_load_d16_format_xyz) { r3_buf_format(w, x, 3, BUF_D16 | BUF_TYPED); }
OP(tbuffer_load_d16_format_xyzw) { r3_buf_format(w, x, 4, BUF_D16 | BUF_TYPED); }
OP(tbuffer_store_d16_format_x) { r3_buf_format(w, x, 1, BUF_STORE | BUF_D16 | BUF_TYPED); }
OP(tbuffer_store_d16_format_xy) { r3_buf_format(w, x, 2, BUF_STORE | BUF_D16 | BUF_TYPED); }
OP(tbuffer_store_d16_format_xyz) { r3_buf_format(w, x, 3, BUF_STORE | BUF_D16 | BUF_TYPED); }
OP(tbuffer_store_d16_format_xyzw) { r3_buf_format(w, x, 4, BUF_STORE | BUF_D16 | BUF_TYPED); }

/* buffer_load_*: VDATA = buffer[address] */
OP(buffer_load_b32) { r3_buf_plain(w, x, 4, 0); }
OP(buffer_load_b64) { r3_buf_plain(w, x, 8, 0); }
OP(buffer_load_b96) { r3_buf_plain(w, x, 12, 0); }
OP(buffer_load_b128) { r3_buf_plain(w, x, 16, 0); }
OP(buffer_load_u8) { r3_buf_plain(w, x, 1, 0); }
OP(buffer_load_i8) { r3_buf_plain(w, x, 1, BUF_SEXT); }
OP(buffer_load_u16) { r3_buf_plain(w, x, 2, 0); }
OP(buffer_load_i16) { r3_buf_plain(w, x, 2, BUF_SEXT); }
OP(buffer_load_d16_b16) { r3_buf_plain(w, x, 2, BUF_D16); }
OP(buffer_load_d16_hi_b16) { r3_buf_plain(w, x, 2, BUF_D16 | BUF_HI); }
OP(buffer_load_d16_u8) { r3_buf_plain(w, x, 1, BUF_D16); }
OP(buffer_load_d16_i8) { r3_buf_plain(w, x, 1, BUF_SEXT | BUF_D16); }
OP(buffer_load_d16_hi_u8) { r3_buf_plain(w, x, 1, BUF_D16 | BUF_HI); }
OP(buffer_load_d16_hi_i8) { r3_buf_plain(w, x, 1, BUF_SEXT | BUF_D16 | BUF_HI); }
/* buffer_load_lds_*: LDS[M0 + OFFSET + 4 * lane] = buffer[address], widened to a dword */
OP(buffer_load_lds_u8) { r3_buf_plain(w, x, 1, BUF_LDS); }
OP(buffer_load_lds_i8) { r3_buf_plain(w, x, 1, BUF_LDS | BUF_SEXT); }
OP(buffer_load_lds_u16) { r3_buf_plain(w, x, 2, BUF_LDS); }
OP(buffer_load_lds_i16) { r3_buf_plain(w, x, 2, BUF_LDS | BUF_SEXT); }
OP(buffer_load_lds_b32) { r3_buf_plain(w, x, 4, BUF_LDS); }
OP(buffer_load_lds_format_x) { r3_buf_format(w, x, 1, BUF_LDS); }
/* buffer_store_*: buffer[address] = VDATA */
OP(buffer_store_b32) { r3_buf_plain(w, x, 4, BUF_STORE); }
OP(buffer_store_b64) { r3_buf_plain(w, x, 8, BUF_STORE); }
OP(buffer_store_b96) { r3_buf_plain(w, x, 12, BUF_STORE); }
OP(buffer_store_b128) { r3_buf_plain(w, x, 16, BUF_STORE); }
OP(buffer_store_b8) { r3_buf_plain(w, x, 1, BUF_STORE); }
OP(buffer_store_b16) { r3_buf_plain(w, x, 2, BUF_STORE); }
OP(buffer_store_d16_hi_b8) { r3_buf_plain(w, x, 1, BUF_STORE | BUF_HI); }
OP(buffer_store_d16_hi_b16) { r3_buf_plain(w, x, 2, BUF_STORE | BUF_HI); }
/* buffer_atomic_*: buffer[address] = op(buffer[address], VDATA) */
OP(buffer_atomic_add_u32) { r3_buf_atomic(w, x, A_ADD, 0); }
OP(buffer_atomic_sub_u32) { r3_buf_atomic(w, x, A_SUB, 0); }
OP(buffer_atomic_csub_u32) { r3_buf_atomic(w, x, A_CSUB, 0); }
OP(buffer_atomic_min_i32) { r3_buf_atomic(w, x, A_SMIN, 0); }
OP(buffer_atomic_min_u32) { r3_buf_atomic(w, x, A_UMIN, 0); }
OP(buffer_atomic_max_i32) { r3_buf_atomic(w, x, A_SMAX, 0); }
OP(buffer_atomic_max_u32) { r3_buf_atomic(w, x, A_UMAX, 0); }
OP(buffer_atomic_and_b32) { r3_buf_atomic(w, x, A_AND, 0); }
OP(buffer_atomic_or_b32) { r3_buf_atomic(w, x, A_OR, 0); }
OP(buffer_atomic_xor_b32) { r3_buf_atomic(w, x, A_XOR, 0); }
OP(buffer_atomic_swap_b32) { r3_buf_atomic(w, x, A_SWAP, 0); }
OP(buffer_atomic_inc_u32) { r3_buf_atomic(w, x, A_INC, 0); }
OP(buffer_atomic_dec_u32) { r3_buf_atomic(w, x, A_DEC, 0); }
OP(buffer_atomic_cmpswap_b32) { r3_buf_atomic(w, x, A_CMPSWAP, 0); }
OP(buffer_atomic_add_f32) { r3_buf_atomic(w, x, A_FADD, 0); }
OP(buffer_atomic_cmpswap_f32) { r3_buf_atomic(w, x, A_FCMPSWAP, 0); }
OP(buffer_atomic_min_f32) { r3_buf_atomic(w, x, A_FMIN, 0); }
OP(buffer_atomic_max_f32) { r3_buf_atomic(w, x, A_FMAX, 0); }
OP(buffer_atomic_add_u64) { r3_buf_atomic(w, x, A_ADD, 1); }
OP(buffer_atomic_sub_u64) { r3_buf_atomic(w, x, A_SUB, 1); }
OP(buffer_atomic_min_i64) { r3_buf_atomic(w, x, A_SMIN, 1); }
OP(buffer_atomic_min_u64) { r3_buf_atomic(w, x, A_UMIN, 1); }
OP(buffer_atomic_max_i64) { r3_buf_atomic(w, x, A_SMAX, 1); }
OP(buffer_atomic_max_u64) { r3_buf_atomic(w, x, A_UMAX, 1); }
OP(buffer_atomic_and_b64) { r3_buf_atomic(w, x, A_AND, 1); }
OP(buffer_atomic_or_b64) { r3_buf_atomic(w, x, A_OR, 1); }
OP(buffer_atomic_xor_b64) { r3_buf_atomic(w, x, A_XOR, 1); }
OP(buffer_atomic_swap_b64) { r3_buf_atomic(w, x, A_SWAP, 1); }
OP(buffer_atomic_inc_u64) { r3_buf_atomic(w, x, A_INC, 1); }
OP(buffer_atomic_dec_u64) { r3_buf_atomic(w, x, A_DEC, 1); }
OP(buffer_atomic_cmpswap_b64) { r3_buf_atomic(w, x, A_CMPSWAP, 1); }

/* s_buffer_load_bN: SDATA = N bits at V#.base + OFFSET + SOFFSET, the low two bits of the base and
   of the offset sum ignored (guide 8.1.2: addr = (base & ~3) + (offset & ~3)); a dword at or beyond
   (STRIDE or 1) * NUM_RECORDS bytes reads 0. */
static void r3_sbuf_load(r3_wave *w, const r3_xop *x, unsigned dwords)
{
    r3_vsharp v;
    r3_vsharp_read(w, x->src[0], &v);
    unsigned soff = x->src[1];
    uint64_t off = ((uint64_t)(int64_t)x->mem_offset + (soff != 124 ? w->sgpr[soff] : 0)) & 0xfffffffcu;
    uint64_t limit = (uint64_t)(v.stride ? v.stride : 1) * v.num_records;
    unsigned d = x->vdst;
    for (unsigned k = 0; k < dwords; k++) {
        uint32_t val = 0;
        if (off + 4 * k < limit) {
            uint8_t *p = r3_buf_bytes(w, (v.base & ~3ull) + off + 4 * k, 4, 0);
            if (!p)
                return;
            memcpy(&val, p, 4);
        }
        r3_write_sgpr(w, d + k, val);
    }
}

OP(s_buffer_load_b32) { r3_sbuf_load(w, x, 1); }
OP(s_buffer_load_b64) { r3_sbuf_load(w, x, 2); }
OP(s_buffer_load_b128) { r3_sbuf_load(w, x, 4); }
OP(s_buffer_load_b256) { r3_sbuf_load(w, x, 8); }
OP(s_buffer_load_b512) { r3_sbuf_load(w, x, 16); }

