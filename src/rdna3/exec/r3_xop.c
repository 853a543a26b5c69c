/* Builds the execution form of decoded RDNA3 instructions: binds each to its handler and extracts
   sources, destinations, modifiers and DPP controls once. */
#include "r3_xop.h"

#include <stdlib.h>
#include <string.h>

#include "r3_exec.h"
#include "r3_jit.h"

static r3_xclass r3_class_of(const r3_opinfo *op)
{
    switch (op->format) {
    case R3_SOP1: case R3_SOP2: case R3_SOPK: case R3_SOPC: return R3C_SALU;
    case R3_SMEM: return R3C_SMEM;
    case R3_VOP1: case R3_VOP2: case R3_VOPC: case R3_VOP3: case R3_VOP3P: return R3C_VALU;
    case R3_MUBUF: case R3_MTBUF: case R3_FLAT: case R3_GLOBAL: case R3_SCRATCH: return R3C_VMEM;
    case R3_DS: return R3C_LDS;
    case R3_SOPP: return R3C_BRANCH;
    case R3_VOPDX: return R3C_VOPD;
    default: return R3C_OTHER;
    }
}

/* The source code of field f (VSRC1 fields name VGPRs only; DPP moves SRC0 into the DPP word). */
static uint16_t r3_xsrc(const r3_inst *in, r3_field f)
{
    if (!r3_formats[in->op->format].field[f].width)
        return 0;
    if (in->dpp && f == R3F_SRC0)
        return (uint16_t)(256 + (in->dpp_word & 0xff));
    unsigned v = r3_field_value(in, f);
    return (uint16_t)(f == R3F_VSRC1 ? 256 + v : v);
}

static void r3_xop_fill(r3_xop *x, const r3_inst *in, uint32_t pc)
{
    const r3_opinfo *op = in->op;
    memset(x, 0, sizeof *x);
    x->in = in;
    x->fn = r3_exec_fn_of(op);
    x->next_pc = pc + 4u * in->nwords;
    x->literal = in->literal;
    x->cls = (uint8_t)r3_class_of(op);
    x->sdst = 106;
    x->dpp_lanes = ~0ull;
    switch (op->format) {
    case R3_VOP1: case R3_VOP2: case R3_VOPC: case R3_VOPDX: case R3_VOPDY:
        x->enc = R3X_E32;
        x->src[0] = r3_xsrc(in, R3F_SRC0);
        x->src[1] = r3_xsrc(in, R3F_VSRC1);
        x->src[2] = 0;
        x->vdst = (uint16_t)r3_field_value(in, R3F_VDST);
        if (op->format == R3_VOPDY)
            x->vdst = (uint16_t)r3_vopd_ydst(in->w);
        break;
    case R3_VOP3: case R3_VOP3P:
        x->enc = op->format == R3_VOP3 ? R3X_VOP3 : R3X_VOP3P;
        x->src[0] = r3_xsrc(in, R3F_SRC0);
        x->src[1] = r3_xsrc(in, R3F_SRC1);
        x->src[2] = r3_xsrc(in, R3F_SRC2);
        x->vdst = (uint16_t)r3_field_value(in, R3F_VDST);
        x->neg = (uint8_t)r3_field_value(in, R3F_NEG);
        x->clamp = (uint8_t)r3_field_value(in, R3F_CLAMP);
        if (op->format == R3_VOP3) {
            x->sdst = (uint16_t)(op->vop3sd ? r3_field_value(in, R3F_SDST) : r3_field_value(in, R3F_VDST));
            if (!op->vop3sd) {
                x->abs = (uint8_t)r3_field_value(in, R3F_ABS);
                x->opsel = (uint8_t)r3_field_value(in, R3F_OPSEL);
            }
            x->omod = (uint8_t)r3_field_value(in, R3F_OMOD);
        } else {
            x->opsel = (uint8_t)r3_field_value(in, R3F_OPSEL);
            x->opsel_hi = (uint8_t)(r3_field_value(in, R3F_OPSEL_HI) | r3_field_value(in, R3F_OPSEL_HI2) << 2);
            x->neg_hi = (uint8_t)r3_field_value(in, R3F_NEG_HI);
        }
        break;
    case R3_FLAT: case R3_GLOBAL: case R3_SCRATCH: {
        x->enc = R3X_OTHER;
        unsigned saddr = r3_field_value(in, R3F_SADDR), off = r3_field_value(in, R3F_OFFSET);
        x->mem_vaddr = (uint16_t)r3_field_value(in, R3F_ADDR);
        x->mem_saddr = (uint16_t)saddr;
        x->src[1] = (uint16_t)r3_field_value(in, R3F_DATA);
        x->vdst = (uint16_t)r3_field_value(in, R3F_VDST);
        x->mem_offset = op->format == R3_FLAT ? (int32_t)(off & 0xfff) : (int32_t)(off << 19) >> 19;
        x->mem_form = op->format == R3_FLAT      ? R3XM_FLAT
                      : op->format == R3_SCRATCH ? R3XM_SCRATCH
                      : saddr == 124             ? R3XM_GLOBAL_V
                      : r3_op_has_operand(op, R3F_ADDR) ? R3XM_GLOBAL_SV
                                                        : R3XM_GLOBAL_ST;
        if (op->format == R3_SCRATCH && !r3_field_value(in, R3F_SVE))
            x->mem_vaddr = 0xffff; /* no VADDR term */
        break;
    }
    case R3_DS: /* the operand fields of LDS/GDS instructions (r3_ds.c) */
        x->enc = R3X_OTHER;
        x->src[0] = (uint16_t)r3_field_value(in, R3F_ADDR);
        x->src[1] = (uint16_t)r3_field_value(in, R3F_DATA0);
        x->src[2] = (uint16_t)r3_field_value(in, R3F_DATA1);
        x->vdst = (uint16_t)r3_field_value(in, R3F_VDST);
        x->mem_offset = (int32_t)(r3_field_value(in, R3F_OFFSET0) | r3_field_value(in, R3F_OFFSET1) << 8);
        x->ds_gds = (uint8_t)r3_field_value(in, R3F_GDS);
        break;
    case R3_SMEM: /* SBASE (as an SGPR number), SOFFSET, SDATA and the signed 21-bit OFFSET (r3_sload) */
        x->enc = R3X_OTHER;
        x->src[0] = (uint16_t)(r3_field_value(in, R3F_SBASE) * 2);
        x->src[1] = (uint16_t)r3_field_value(in, R3F_SOFFSET);
        x->vdst = (uint16_t)r3_field_value(in, R3F_SDATA);
        x->mem_offset = (int32_t)(r3_field_value(in, R3F_OFFSET) << 11) >> 11;
        break;
    case R3_SOP1: case R3_SOP2: case R3_SOPC: case R3_SOPK: case R3_SOPP:
        /* the scalar operand fields, so SALU functions and branches read no encoding bits */
        x->enc = R3X_OTHER;
        x->src[0] = (uint16_t)r3_field_value(in, R3F_SSRC0);
        x->src[1] = (uint16_t)r3_field_value(in, R3F_SSRC1);
        x->vdst = (uint16_t)r3_field_value(in, R3F_SDST);
        x->simm16 = (uint16_t)r3_field_value(in, R3F_SIMM16);
        break;
    default:
        x->enc = R3X_OTHER;
        break;
    }
    if (in->dpp == 16) {
        uint32_t d = in->dpp_word;
        x->dpp = 16;
        x->dpp_ctrl = (uint16_t)(d >> 8 & 0x1ff);
        x->dpp_fi = (uint8_t)(d >> 18 & 1);
        x->dpp_bc = (uint8_t)(d >> 19 & 1);
        x->bank_mask = (uint8_t)(d >> 24 & 15);
        x->row_mask = (uint8_t)(d >> 28 & 15);
        x->dpp_lanes = 0;
        for (int l = 0; l < 64; l++)
            if ((x->row_mask >> (l >> 4) & 1) && (x->bank_mask >> (l >> 2 & 3) & 1))
                x->dpp_lanes |= 1ull << l;
        if (x->enc == R3X_E32) { /* e32 forms take src0/src1 neg and abs from the DPP word */
            x->neg = (uint8_t)((d >> 20 & 1) | (d >> 22 & 1) << 1);
            x->abs = (uint8_t)((d >> 21 & 1) | (d >> 23 & 1) << 1);
        }
    } else if (in->dpp == 8) {
        x->dpp = 8;
        x->dpp8 = in->dpp_word >> 8;
        x->dpp_fi = r3_field_value(in, R3F_SRC0) == 234; /* DPP8FI */
        x->dpp_bc = 1;
        x->row_mask = x->bank_mask = 15;
    }
    x->f32_as_is = (x->enc == R3X_E32 || x->enc == R3X_VOP3) && !x->dpp && !x->abs && !x->neg && !x->omod &&
                   !x->clamp;
    if (x->enc != R3X_OTHER)
        for (int k = 0; k < 3; k++)
            if (x->src[k] >= 256 && (k || !x->dpp)) {
                x->row_src |= (uint8_t)(1u << k);
                if (!((x->abs | x->neg) >> k & 1))
                    x->row_src_f |= (uint8_t)(1u << k);
            }
}

/* Does the instruction read source code 254 (LDS direct)? gfx11 has no such operand: llvm-mc-19
   refuses `lds_direct` on gfx1100 ("not supported on this GPU") but for a VOPD SRC0, and gfx11 reads
   LDS that way through the LDSDIR encoding (lds_direct_load) instead, so no compiler emits it and no
   source we have says what the hardware returns. Running it is a fault, not a silent 0
   (docs/isa-notes-rdna3.md). */
static int r3_reads_lds_direct(const r3_inst *in)
{
    static const r3_field sources[] = {R3F_SRC0, R3F_SRC1, R3F_SRC2, R3F_SSRC0, R3F_SSRC1};
    for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++)
        if (r3_op_has_operand(in->op, sources[i]) && r3_xsrc(in, sources[i]) == 254)
            return 1;
    return 0;
}

int r3_xprog_build(r3_xprog *p, const r3_codeobj *co, int wave64)
{
    memset(p, 0, sizeof *p);
    const r3_decoded *insts = wave64 ? co->insts64 : co->insts;
    size_t nvopd = 0;
    for (size_t i = 0; i < co->ninsts; i++)
        nvopd += insts[i].inst.op && insts[i].inst.opy;
    p->ops = calloc(co->ninsts ? co->ninsts : 1, sizeof *p->ops);
    p->halves = calloc(nvopd ? nvopd : 1, sizeof *p->halves);
    p->half_insts = calloc(nvopd ? nvopd : 1, sizeof *p->half_insts);
    if (!p->ops || !p->halves || !p->half_insts) {
        r3_xprog_free(p);
        return -1;
    }
    p->n = co->ninsts;
    for (size_t i = 0; i < co->ninsts; i++) {
        const r3_inst *in = &insts[i].inst;
        r3_xop *x = &p->ops[i];
        if (!in->op) { /* undecodable: executing it is an illegal-instruction fault */
            memset(x, 0, sizeof *x);
            x->in = in;
            x->next_pc = insts[i].pc + 4;
            continue;
        }
        r3_inst xin = *in;
        r3_xop_fill(x, in, insts[i].pc);
        if (r3_reads_lds_direct(in)) {
            x->lds_direct = 1;
            x->fn = NULL;
        }
        p->device_waits |= r3_ds_waits_on_device(x->fn);
        if (!in->opy)
            continue;
        /* VOPD: X and Y halves each look like a VOP2 instruction of their own */
        xin.opy = NULL;
        r3_inst *yin = &p->half_insts[p->nhalves];
        *yin = xin;
        yin->op = in->opy;
        r3_xop *y = &p->halves[p->nhalves++];
        r3_xop_fill(y, yin, insts[i].pc);
        x->lds_direct |= (uint8_t)r3_reads_lds_direct(yin);
        x->y = y;
        x->cls = R3C_VOPD;
        /* Y reads SRC0, VSRC1 and, accumulating (fmac, dot2acc), its own VDST */
        int clash = y->vdst == x->vdst;
        for (int k = 0; k < 3; k++)
            clash |= y->src[k] >= 256 && y->src[k] - 256u == x->vdst;
        x->vopd_direct = (uint8_t)!clash;
        x->xfn = x->fn;
        if (!y->fn || x->lds_direct)
            x->fn = x->xfn = NULL;
        else if (x->vopd_direct && x->fn)
            x->fn = r3_vopd_both;
    }
    for (size_t i = 0; i + 1 < co->ninsts; i++)
        p->ops[i].seq = insts[i + 1].pc == p->ops[i].next_pc;
    for (size_t i = co->ninsts; i-- > 1;) { /* from the end: the do-nothing runs after each instruction */
        r3_xop *x = &p->ops[i - 1], *next = &p->ops[i];
        if (!x->seq || next->y || !r3_does_nothing(next->fn))
            continue;
        x->absorb = 1;
        if (next->absorb && next->absorb < 255 && next[1].cls == next->cls)
            x->absorb = (uint8_t)(next->absorb + 1);
    }
    int hazards = 0; /* does anything read what the previous VALU instruction was? */
    for (size_t i = 0; i < co->ninsts; i++)
        hazards |= r3_reads_hazards(p->ops[i].fn);
    for (size_t i = 0; i < co->ninsts; i++) {
        r3_xop *x = &p->ops[i];
        x->plain = x->fn && (!x->y || x->vopd_direct) && !r3_ds_waits_on_device(x->fn) &&
                   !(hazards && (x->cls == R3C_VALU || x->cls == R3C_VOPD));
    }
    {
        if (!(p->jit = malloc(sizeof *p->jit)) || r3_jit_build(p->jit, p->ops, p->n, wave64)) {
            r3_xprog_free(p);
            return -1;
        }
    }
    return 0;
}

void r3_xprog_free(r3_xprog *p)
{
    free(p->ops);
    free(p->halves);
    free(p->half_insts);
    if (p->jit)
        r3_jit_free(p->jit);
    free(p->jit);
    memset(p, 0, sizeof *p);
}
