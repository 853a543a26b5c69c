/* Vector instructions under the vtype settings seed 003 adds to SEW=32/LMUL=1 ("RV32V-Register State:
   仅支持LMUL=1和2"; "FixedPointArithmetic: 添加int8支持"):
   - LMUL=2: a register group is the even register and the next; element i of a group lives in lane
     i mod numt of register i / numt, so VLMAX is twice the threads per warp. An element-wise instruction
     runs as two passes, the second on the registers + 1 for the elements numt .. vl-1 (a unit-stride or
     strided access's base advanced by numt elements, vid's values by numt);
   - SEW=8: every lane holds one int8 element in the low byte of its 32-bit slot (seed 003: each thread
     writes its own element position); the saturating add/sub work on it and write the result
     sign-extended (signed ops) or zero-extended (unsigned ones); loads, stores and moves run as usual. */
#include "vt_ops.h"

/* Formats whose lanes are independent elements (every vector operand register taken with its pair). */
static int vt_elementwise(const vt_inst *in)
{
    switch (vt_ops[in->op].format) {
    case VT_V_VV: case VT_V_VX: case VT_V_VF: case VT_V_VI: case VT_V_VIU: case VT_V_MVV: case VT_V_MVX:
    case VT_V_MVI: case VT_V_MVF: case VT_V_FMA_VV: case VT_V_FMA_VX: case VT_V_FMA_VF: case VT_V_SX:
    case VT_V_SF: case VT_V_V1: case VT_V_VID: case VT_V_XS: case VT_VLE: case VT_VLSE: case VT_VLX:
    case VT_VL12: case VT_VS12: case VT_PVL: case VT_PVS: case VT_V3:
        break;
    default: return 0;
    }
    vt_exec_fn f = vt_exec_table[in->op]; /* not the cross-lane or fixed-width customs */
    return f != vt_x_shuffle && f != vt_x_vftta && f != vt_x_cp_dma;
}

static int vt_is_widening(const vt_inst *in)
{
    return (in->word & 0x7f) == 0x57 && (in->word >> 30) == 3 && (in->word >> 12 & 3) != 0; /* funct6 11xxxx, OPM/OPF */
}

/* Which operand fields are vector registers: 1 rd, 2 rs1, 4 rs2, 8 rs3. */
static unsigned vt_vector_fields(vt_format f)
{
    switch (f) {
    case VT_V_VV: case VT_V_FMA_VV: case VT_V3: return 1 | 2 | 4 | (f == VT_V_FMA_VV ? 8 : 0);
    case VT_V_VX: case VT_V_VF: case VT_V_VI: case VT_V_VIU: case VT_V_V1: return 1 | 4;
    case VT_V_FMA_VX: case VT_V_FMA_VF: return 1 | 4 | 8;
    case VT_V_MVV: return 1 | 2;
    case VT_V_MVX: case VT_V_MVI: case VT_V_MVF: case VT_V_SX: case VT_V_SF: case VT_V_VID: return 1;
    case VT_V_XS: return 4;
    case VT_VLE: case VT_VLSE: return 1;
    case VT_VLX: return 1 | 4;
    case VT_VL12: case VT_PVL: return 1 | 2;
    case VT_VS12: case VT_PVS: return 2 | 4;
    default: return 0;
    }
}

/* LMUL=2: the two passes. */
static int vt_run_lmul2(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_format f = vt_ops[in->op].format;
    if (!vt_elementwise(in) || vt_is_widening(in) || (in->pfx & (VT_PFX_PAIR | VT_PFX_MEM)))
        return vt_fault(g, w, "%s is not supported with LMUL=2", vt_ops[in->op].mnemonic);
    if (f >= VT_VLE && f <= VT_V_V1 && !in->vm && !(vt_ops[in->op].mask >> 25 & 1)) /* an RVV form with v0.t */
        return vt_fault(g, w, "masked %s with LMUL=2 is not supported", vt_ops[in->op].mnemonic);
    unsigned vf = vt_vector_fields(f);
    uint16_t regs[4] = {in->rd, in->rs1, in->rs2, in->rs3};
    for (int k = 0; k < 4; k++)
        if (vf >> k & 1 && ((regs[k] & 1) || regs[k] + 1 >= VT_NUM_VREGS))
            return vt_fault(g, w, "%s with LMUL=2 needs even registers (v%u)", vt_ops[in->op].mnemonic, regs[k]);
    uint32_t vl = w->vl, n = g->numt;
    w->vl = vl < n ? vl : n;
    int rc = vt_exec_table[in->op](g, w, in);
    if (rc || vl <= n || f == VT_V_XS) {
        w->vl = vl;
        return rc;
    }
    vt_inst m = *in;
    if (vf & 1)
        m.rd++;
    if (vf & 2)
        m.rs1++;
    if (vf & 4)
        m.rs2++;
    if (vf & 8)
        m.rs3++;
    if (f == VT_VLE || f == VT_VLSE) { /* the base of the second half */
        uint32_t width = in->word >> 12 & 7, esize = width == 0 ? 1 : width == 5 ? 2 : 4;
        w->x[VT_NUM_XREGS] = w->x[in->rs1] + n * (f == VT_VLE ? esize : w->x[in->rs2]);
        m.rs1 = VT_NUM_XREGS;
    }
    w->vl = vl - n;
    rc = vt_exec_table[in->op](g, w, &m);
    if (!rc && f == VT_V_VID) { /* the second register holds elements numt .. */
        uint32_t act = vt_active(g, w, &m), *d = vt_vreg(g, w, m.rd);
        VT_FOR_LANES(g, act, l)
            d[l] += n;
    }
    w->vl = vl;
    return rc;
}

/* SEW=8: the saturating int8 add and subtract. */
static int vt_run_int8(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_exec_fn f = vt_exec_table[in->op];
    int kind = f == vt_x_vsaddu ? 0 : f == vt_x_vsadd ? 1 : f == vt_x_vssubu ? 2 : f == vt_x_vssub ? 3 : -1;
    if (kind < 0) {
        vt_format fm = vt_ops[in->op].format;
        if (vt_ops[in->op].cls == VT_CLS_VMEM || fm == VT_V_MVV || fm == VT_V_MVX || fm == VT_V_MVI ||
            fm == VT_V_SX || fm == VT_V_VID || fm == VT_V_XS || f == vt_x_vmerge)
            return f(g, w, in);
        return vt_fault(g, w, "%s at SEW=8 (the int8 support is the saturating vsadd, vsaddu, vssub, vssubu)",
                        vt_ops[in->op].mnemonic);
    }
    uint32_t act = vt_active(g, w, in), s = 0, sat = 0;
    const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    int sgn = kind & 1;
    int32_t lo = sgn ? -128 : 0, hi = sgn ? 127 : 255;
    VT_FOR_LANES(g, act, l)
    {
        uint32_t x = av[l] & 0xff, y = (bv ? bv[l] : s) & 0xff;
        int32_t a = sgn ? (int8_t)x : (int32_t)x, b = sgn ? (int8_t)y : (int32_t)y;
        int32_t r = kind < 2 ? a + b : a - b;
        sat |= r < lo || r > hi;
        r = r < lo ? lo : r > hi ? hi : r;
        d[l] = (uint32_t)r & (sgn ? 0xffffffffu : 0xffu);
    }
    if (sat)
        w->vxsat = 1;
    vt_vwritten(g, in->rd, act);
    return 0;
}

int vt_run_vmode(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_class cls = vt_ops[in->op].cls;
    if ((cls != VT_CLS_VALU && cls != VT_CLS_VMEM) || (w->vtype >> 31) || !w->vl)
        return in->pfx & (VT_PFX_PAIR | VT_PFX_MOD) ? vt_run_prefixed(g, w, in) : vt_exec_table[in->op](g, w, in);
    if ((w->vtype & 0x3f) == 0)
        return vt_run_int8(g, w, in);
    if ((w->vtype & 7) == 1)
        return vt_run_lmul2(g, w, in);
    return in->pfx & (VT_PFX_PAIR | VT_PFX_MOD) ? vt_run_prefixed(g, w, in) : vt_exec_table[in->op](g, w, in);
}
