/* RDNA3 decoder: finds the format from the prefix bits, the opcode in the table, the literal, and
   rejects what LLVM 19 rejects (operand values outside their class, must-be-zero fields). */
#include "r3_codec.h"
#include "r3_mimg.h"

#include <string.h>

/* Formats in the order their prefixes must be tested: longer prefixes shadow shorter ones. */
static const r3_format r3_probe_order[] = {
    R3_VOPDX, R3_VOP3P, R3_SOP1, R3_SOPC, R3_SOPP, R3_SOPK, R3_SOP2,
    R3_SMEM, R3_VOP3, R3_DS, R3_MUBUF, R3_MTBUF, R3_FLAT, R3_SCRATCH, R3_GLOBAL,
    R3_VOP1, R3_VOPC, R3_VOP2, R3_VINTERP, R3_LDSDIR, R3_EXP, R3_MIMG,
};

/* Fields that take the 255 = literal code: VALU/SALU sources and the buffer SOFFSET. */
static int r3_is_source_field(const r3_opinfo *op, r3_field f)
{
    return f == R3F_SRC0 || f == R3F_SRC1 || f == R3F_SRC2 || f == R3F_SSRC0 || f == R3F_SSRC1 ||
           (f == R3F_SOFFSET && (op->format == R3_MUBUF || op->format == R3_MTBUF));
}

/* A VGPR tuple may not run past v255. */
static int r3_vgpr_ranges_valid(const r3_inst *in, int wave64)
{
    const r3_opinfo *op = in->op;
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        if (o->kind != R3K_REG)
            continue;
        unsigned code = r3_operand_code(in, o);
        if (code >= 256 && code - 256 + r3_operand_width(in, o, wave64) > 256)
            return 0;
    }
    if (r3_returns_old_value(in) && r3_field_value(in, R3F_VDST) + op->operand[1].width /
            (op->traits & R3T_CMPSWAP ? 2u : 1u) > 256)
        return 0;
    if (op->noperands && (op->format == R3_MUBUF || op->format == R3_MTBUF || op->format == R3_SCRATCH) &&
        r3_field_value(in, op->format == R3_SCRATCH ? R3F_ADDR : R3F_VADDR) + r3_vaddr_width(in) > 256)
        return 0;
    return 1;
}

static int r3_has_src0(const r3_opinfo *op)
{
    for (int i = 0; i < op->noperands; i++)
        if (op->operand[i].field == R3F_SRC0)
            return 1;
    return 0;
}

static int r3_needs_literal(const r3_opinfo *op, const uint32_t *w)
{
    if (op->has_literal_k)
        return 1;
    const r3_format_desc *fd = &r3_formats[op->format];
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        if ((o->kind == R3K_REG || o->kind == R3K_MASK) && r3_is_source_field(op, (r3_field)o->field) &&
            r3_get(w, fd->field[o->field]) == 255)
            return 1;
    }
    return 0;
}

/* Wave64 WMMA accumulators are 4-register tuples: SGPR tuples that the (wave32, 8-register) rule
   rejects as misaligned are accepted when 4-aligned, with the usual class comment. */
static int r3_wave64_wmma_tuple(const r3_opinfo *op, const r3_operand *o, unsigned v, int wave64)
{
    if (!wave64 || !r3_is_wmma_acc(op, o) || v >= 256)
        return 0;
    return (v < 106 && v % 4 == 0) || (v >= 108 && v < 124 && (v - 108) % 4 == 0);
}

int r3_is_high_half_vgpr(const r3_opinfo *op, const r3_operand *o, unsigned v)
{
    /* an 8-bit VDST/VSRC1 of VOP1/VOP2 whose rule takes v0-v127 only: a 16-bit register (fake16's Lo128) */
    return (op->format == R3_VOP1 || op->format == R3_VOP2) && (o->field == R3F_VDST || o->field == R3F_VSRC1) &&
           o->kind == R3K_REG &&
           r3_rules[o->rule].ncodes == 4 && v >= 128 && r3_rule_char(o, 0) == 'o' && r3_rule_char(o, v) == '.';
}

static int r3_operands_valid(const r3_opinfo *op, const uint32_t *w, int dpp, uint32_t dpp_word, unsigned flags)
{
    int wave64 = flags & R3_DECODE_WAVE64;
    const r3_format_desc *fd = &r3_formats[op->format];
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        if (o->kind != R3K_REG && o->kind != R3K_MASK)
            continue;
        unsigned v = r3_get(w, fd->field[o->field]);
        if (dpp && o->field == R3F_SRC0)
            v = 256 + (dpp_word & 0xff); /* DPP reads src0 from the DPP dword, always a VGPR */
        if (r3_rule_char(o, v) == '.' && !r3_wave64_wmma_tuple(op, o, v, wave64) &&
            !((flags & R3_DECODE_HALVES) && r3_is_high_half_vgpr(op, o, v)))
            return 0;
        /* the rules were probed in wave32: in wave64 a lane mask is an aligned pair */
        if (wave64 && o->kind == R3K_MASK && v < 124 && (v % 2 || r3_rule_char(o, v + 1) == '.'))
            return 0;
    }
    if (dpp == 16 && op->format != R3_VOP3 && op->format != R3_VOP3P) {
        for (int b = 0; b < 4; b++)
            if (op->dppmods[b] == 'Z' && ((dpp_word >> (20 + b)) & 1))
                return 0;
    } else if (dpp) { /* VOP3 DPP: the NEG bits of the VOP3 word, judged per source */
        for (int b = 0; b < 3; b++)
            if (op->dppmods[b] == 'Z' && ((r3_get(w, fd->field[R3F_NEG]) >> b) & 1))
                return 0;
    }
    /* LLVM rejects encodings whose unused fields are not zero for these opcodes */
    for (int fi = 1; fi < R3F_COUNT; fi++)
        if (fd->field[fi].width) {
            unsigned v = r3_get(w, fd->field[fi]), d = r3_field_default((r3_format)op->format, (r3_field)fi);
            if ((op->optional[fi] == R3_OPT_ZERO && v != d) || ((v ^ d) & op->zero_bits[fi]) ||
                (op->optional[fi] == R3_OPT_REQUIRED && !v))
                return 0;
        }
    return 1;
}

/* VOPD: both halves must be known opcodes with valid operands; one literal serves both. */
static r3_decode_status r3_decode_vopd(const uint32_t *words, size_t avail, const r3_opinfo *opx, r3_inst *out)
{
    const r3_opinfo *opy = r3_isa_lookup(R3_VOPDY, r3_get(words, r3_formats[R3_VOPDY].opcode));
    if (!opy)
        return R3_DECODE_INVALID;
    out->op = opx;
    out->opy = opy;
    out->nwords = 2;
    out->has_literal = 0;
    out->literal = 0;
    out->dpp = 0;
    out->dpp_word = 0;
    out->w[0] = words[0];
    out->w[1] = words[1];
    out->w[2] = 0;
    if (!r3_operands_valid(opx, out->w, 0, 0, 0) || !r3_operands_valid(opy, out->w, 0, 0, 0))
        return R3_DECODE_INVALID;
    if (r3_needs_literal(opx, out->w) || r3_needs_literal(opy, out->w)) {
        if (avail < 3)
            return R3_DECODE_TRUNCATED;
        out->literal = words[2];
        out->nwords = 3;
        out->has_literal = 1;
    }
    return R3_DECODE_OK;
}

/* Image instructions: with NSA, a third dword holds the extra address registers. */
static r3_decode_status r3_decode_mimg(const uint32_t *words, size_t avail, const r3_opinfo *op, r3_inst *out)
{
    memset(out, 0, sizeof *out);
    out->op = op;
    out->w[0] = words[0];
    out->w[1] = words[1];
    out->nwords = 2;
    if (r3_field_value(out, R3F_NSA)) {
        if (avail < 3)
            return R3_DECODE_TRUNCATED;
        out->w[2] = words[2];
        out->nwords = 3;
    }
    r3_mimg_layout layout;
    return r3_mimg_fields_valid(out) && r3_mimg_layout_of(out, &layout) == 0 ? R3_DECODE_OK : R3_DECODE_INVALID;
}

r3_decode_status r3_decode(const uint32_t *words, size_t avail, unsigned flags, r3_inst *out)
{
    int wave64 = flags & R3_DECODE_WAVE64;
    if (avail < 1)
        return R3_DECODE_TRUNCATED;
    uint32_t w0 = words[0];
    for (size_t k = 0; k < sizeof r3_probe_order / sizeof r3_probe_order[0]; k++) {
        r3_format f = r3_probe_order[k];
        const r3_format_desc *fd = &r3_formats[f];
        if ((w0 & fd->prefix_mask) != fd->prefix)
            continue;
        if (f == R3_VOP3P && (w0 & (1u << 23))) /* reserved bit above the VOP3P opcode */
            return R3_DECODE_INVALID;
        if (avail < fd->nwords)
            return R3_DECODE_TRUNCATED;
        const r3_opinfo *op = r3_isa_lookup(f, r3_get(words, fd->opcode));
        if (!op)
            return R3_DECODE_INVALID;
        if (f == R3_VOPDX) /* dual issue exists in wave32 only */
            return wave64 ? R3_DECODE_INVALID : r3_decode_vopd(words, avail, op, out);
        if (f == R3_MIMG)
            return r3_decode_mimg(words, avail, op, out);
        out->op = op;
        out->opy = NULL;
        out->nwords = fd->nwords;
        out->has_literal = 0;
        out->literal = 0;
        out->dpp = 0;
        out->dpp_word = 0;
        for (int i = 0; i < 3; i++)
            out->w[i] = i < fd->nwords ? words[i] : 0;
        if ((f == R3_VOP1 || f == R3_VOP2 || f == R3_VOPC || f == R3_VOP3 || f == R3_VOP3P) && r3_has_src0(op)) {
            /* src0 = 250 (DPP16) or 233/234 (DPP8) adds a DPP dword after the instruction */
            unsigned src0 = r3_get(out->w, fd->field[R3F_SRC0]);
            if ((src0 == 250 && op->dpp16_name[0]) || ((src0 == 233 || src0 == 234) && op->dpp8_name[0])) {
                if (avail < (size_t)fd->nwords + 1)
                    return R3_DECODE_TRUNCATED;
                out->dpp = src0 == 250 ? 16 : 8;
                out->dpp_word = words[fd->nwords];
                out->w[fd->nwords] = words[fd->nwords];
                out->nwords = (uint8_t)(fd->nwords + 1);
            } else if (src0 == 250 || src0 == 233 || src0 == 234) {
                return R3_DECODE_INVALID;
            }
        }
        if (!r3_operands_valid(op, out->w, out->dpp, out->dpp_word, flags) || !r3_vgpr_ranges_valid(out, wave64))
            return R3_DECODE_INVALID;
        if (r3_needs_literal(op, out->w)) { /* the literal follows the DPP dword, if any */
            if (avail < (size_t)out->nwords + 1)
                return R3_DECODE_TRUNCATED;
            out->literal = words[out->nwords];
            out->nwords++;
            out->has_literal = 1;
        }
        return R3_DECODE_OK;
    }
    return R3_DECODE_INVALID;
}
