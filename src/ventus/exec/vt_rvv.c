/* Zve32x with Ventus semantics: vsetvl*, integer vector arithmetic, compares writing 0/1 per lane,
   vmv/vmerge (vmv.s.x broadcasts), vmv.x.s from every active lane, packed mask logic in v0-style
   bit masks, and the vector loads/stores (every lane owns one 32-bit element). Every vector
   instruction touches only the lanes of the SIMT mask below vl. */
#include "vt_ops.h"

#include <string.h>

/* Sets vl and vtype: SEW=32 with LMUL=1 (VLMAX = threads per warp) or 2, or SEW=8 with LMUL=1;
   anything else sets vill as RVV says. */
static void vt_setvl(vt_group *g, vt_warp *w, const vt_inst *in, uint32_t avl, uint32_t vtype, int keep_vl)
{
    /* seed 003: LMUL 1 and 2 at SEW 32 (vt_vmode.c runs LMUL 2), and SEW 8 for the int8 ops */
    int ok = (vtype & ~0xffu) == 0 && (((vtype >> 3 & 7) == 2 && (vtype & 7) <= 1) || (vtype & 0x3f) == 0);
    uint32_t vlmax = g->numt << (vtype & 1);
    w->vtype = ok ? vtype : 0x80000000u;
    w->vl = !ok ? 0 : keep_vl ? (w->vl < vlmax ? w->vl : vlmax) : (avl < vlmax ? avl : vlmax);
    w->vstart = 0;
    w->mstatus |= 0x600u | 0x80000000u; /* VS dirty, SD */
    vt_set_x(g, w, in->rd, w->vl);
    if (g->tracing) {
        vt_record(g, VT_W_CSR, 0x008, 0, 0, 4);
        vt_record(g, VT_W_CSR, 0xc20, 0, w->vl, 4);
        vt_record(g, VT_W_CSR, 0xc21, 0, w->vtype, 4);
        vt_record(g, VT_W_CSR, 0x300, 0, w->mstatus, 4);
    }
}

/* vl = min(AVL, VLMAX), AVL = rs1 (x0 with rd != x0: VLMAX; x0 and rd = x0: keep vl) */
int vt_x_vsetvli(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t avl = in->rs1 ? w->x[in->rs1] : in->rd ? 0xffffffffu : 0;
    vt_setvl(g, w, in, avl, (uint32_t)in->imm, !in->rs1 && !in->rd);
    return 0;
}

/* vl = min(uimm5, VLMAX) */
int vt_x_vsetivli(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_setvl(g, w, in, in->word >> 15 & 31, (uint32_t)in->imm, 0);
    return 0;
}

/* like vsetvli with vtype from rs2 */
int vt_x_vsetvl(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t avl = in->rs1 ? w->x[in->rs1] : in->rd ? 0xffffffffu : 0;
    vt_setvl(g, w, in, avl, w->x[in->rs2], !in->rs1 && !in->rd);
    return 0;
}

/* Defines a lane-wise op: vd[l] = EXPR with a = vs2[l], b = vs1[l] / rs1 / imm. */
#define VT_VBIN(name, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t act = vt_active(g, w, in), s = 0; \
        const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        if (bv) /* (a loop each: a choice per lane keeps the 32-lane pass from vectorizing) */ \
            VT_LANES_SET(g, d, act, uint32_t a = av[l]; uint32_t b = bv[l], (expr)); \
        else \
            VT_LANES_SET(g, d, act, uint32_t a = av[l]; uint32_t b = s, (expr)); \
        vt_vwritten(g, in->rd, act); \
        return 0; \
    }

#define SA ((int32_t)a)
#define SB ((int32_t)b)

/* vd = vs2 + b */
VT_VBIN(vadd, a + b)
/* vd = vs2 - b */
VT_VBIN(vsub, a - b)
/* vd = b - vs2 */
VT_VBIN(vrsub, b - a)
/* vd = min unsigned */
VT_VBIN(vminu, a < b ? a : b)
/* vd = min signed */
VT_VBIN(vmin, SA < SB ? a : b)
/* vd = max unsigned */
VT_VBIN(vmaxu, a > b ? a : b)
/* vd = max signed */
VT_VBIN(vmax, SA > SB ? a : b)
/* vd = vs2 & b */
VT_VBIN(vand, a & b)
/* vd = vs2 | b */
VT_VBIN(vor, a | b)
/* vd = vs2 ^ b */
VT_VBIN(vxor, a ^ b)
/* vd = vs2 << b[4:0] */
VT_VBIN(vsll, a << (b & 31))
/* vd = vs2 >> b[4:0] logical */
VT_VBIN(vsrl, a >> (b & 31))
/* vd = vs2 >> b[4:0] arithmetic */
VT_VBIN(vsra, (uint32_t)(SA >> (b & 31)))
/* vd = (vs2 == b) as 0/1 (Ventus: a value per lane, not a mask bit) */
VT_VBIN(vmseq, a == b)
/* vd = (vs2 != b) as 0/1 */
VT_VBIN(vmsne, a != b)
/* vd = (vs2 < b) unsigned, 0/1 */
VT_VBIN(vmsltu, a < b)
/* vd = (vs2 < b) signed, 0/1 */
VT_VBIN(vmslt, SA < SB)
/* vd = (vs2 <= b) unsigned, 0/1 */
VT_VBIN(vmsleu, a <= b)
/* vd = (vs2 <= b) signed, 0/1 */
VT_VBIN(vmsle, SA <= SB)
/* vd = (vs2 > b) unsigned, 0/1 */
VT_VBIN(vmsgtu, a > b)
/* vd = (vs2 > b) signed, 0/1 */
VT_VBIN(vmsgt, SA > SB)
/* vd = low 32 bits of vs2 * b */
VT_VBIN(vmul, a * b)
/* vd = high 32 bits, signed * signed */
VT_VBIN(vmulh, (uint32_t)((uint64_t)((int64_t)SA * SB) >> 32))
/* vd = high 32 bits, unsigned * unsigned */
VT_VBIN(vmulhu, (uint32_t)(((uint64_t)a * b) >> 32))
/* vd = high 32 bits, signed vs2 * unsigned b */
VT_VBIN(vmulhsu, (uint32_t)((uint64_t)((int64_t)SA * (int64_t)b) >> 32))
/* vd = vs2 / b unsigned (/0: all ones) */
VT_VBIN(vdivu, b ? a / b : 0xffffffffu)
/* vd = vs2 / b signed (/0: -1; INT_MIN/-1: INT_MIN) */
VT_VBIN(vdiv, !b ? 0xffffffffu : (a == 0x80000000u && b == 0xffffffffu) ? a : (uint32_t)(SA / SB))
/* vd = vs2 % b unsigned (%0: vs2) */
VT_VBIN(vremu, b ? a % b : a)
/* vd = vs2 % b signed (%0: vs2; INT_MIN%-1: 0) */
VT_VBIN(vrem, !b ? a : (a == 0x80000000u && b == 0xffffffffu) ? 0 : (uint32_t)(SA % SB))

/* Saturating ops set vxsat when they clamp. */
#define VT_VSAT(name, wide, lo, hi) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t act = vt_active(g, w, in), s = 0, sat = 0; \
        const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        VT_FOR_LANES(g, act, l) \
        { \
            uint32_t a = av[l], b = bv ? bv[l] : s; \
            int64_t r = (wide); \
            sat |= r < (lo) || r > (hi); \
            d[l] = (uint32_t)(r < (lo) ? (lo) : r > (hi) ? (hi) : r); \
        } \
        if (sat) \
            w->vxsat |= 1; /* vxsat is bit 0 of the vcsr that w->vxsat holds */ \
        vt_vwritten(g, in->rd, act); \
        return 0; \
    }

/* vd = clamp(vs2 + b) unsigned */
VT_VSAT(vsaddu, (int64_t)a + b, 0, 0xffffffffLL)
/* vd = clamp(vs2 + b) signed */
VT_VSAT(vsadd, (int64_t)SA + SB, -0x80000000LL, 0x7fffffffLL)
/* vd = clamp(vs2 - b) unsigned */
VT_VSAT(vssubu, (int64_t)a - b, 0, 0xffffffffLL)
/* vd = clamp(vs2 - b) signed */
VT_VSAT(vssub, (int64_t)SA - SB, -0x80000000LL, 0x7fffffffLL)

/* Defines a multiply-add: vd = EXPR over s1 = vs1[l] / rs1, s2 = vs2[l] and acc = old vd (vs3). */
#define VT_VMA(name, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t act = vt_active(g, w, in), s = 0; \
        const uint32_t *v1 = vt_vsrc1(g, w, in, &s), *v2 = vt_vreg(g, w, in->rs2), *acc = vt_vreg(g, w, in->rs3); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        VT_LANES_SET(g, d, act, uint32_t s1 = v1 ? v1[l] : s; uint32_t s2 = v2[l]; uint32_t c = acc[l], (expr)); \
        vt_vwritten(g, in->rd, act); \
        return 0; \
    }

/* vd = vs1 * vs2 + vd */
VT_VMA(vmacc, s1 * s2 + c)
/* vd = -(vs1 * vs2) + vd */
VT_VMA(vnmsac, c - s1 * s2)
/* vd = vs1 * vd + vs2 */
VT_VMA(vmadd, s1 * c + s2)
/* vd = -(vs1 * vd) + vs2 */
VT_VMA(vnmsub, s2 - s1 * c)

/* vd = v0 mask bit ? b : vs2 (vmerge); vd = b (vmv.v.*, vmv.s.x and vfmv: vm=1). The SIMT mask
   still applies; v0 selects instead of masking. */
int vt_x_vmerge(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = w->mask & vt_vl_mask(w), s = 0, sel = in->vm ? 0xffffffffu : vt_vreg(g, w, 0)[0];
    const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    if (g->fast32) {
        uint32_t r[32];
        /* (both sources read in every lane, and chosen by a mask: a load under a condition keeps GCC
           from vectorizing the loop) */
        if (bv)
            VT_EACH32(l)
            {
                uint32_t m = -(uint32_t)((sel & lanes_bit[l]) != 0);
                r[l] = (bv[l] & m) | (av[l] & ~m);
            }
        else
            VT_EACH32(l)
            {
                uint32_t m = -(uint32_t)((sel & lanes_bit[l]) != 0);
                r[l] = (s & m) | (av[l] & ~m);
            }
        lanes_blend32(d, r, act);
    } else
        VT_FOR_LANES(g, act, l)
            d[l] = sel >> l & 1 ? (bv ? bv[l] : s) : av[l];
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* rd = vs2[l] for every active lane in lane order, so the highest active lane's value stays
   (Ventus: every lane writes; several lanes writing is the program's problem) */
int vt_x_vmv_x_s(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = w->mask;
    const uint32_t *v = vt_vreg(g, w, in->rs2);
    VT_FOR_LANES(g, act, l)
        vt_set_x(g, w, in->rd, v[l]);
    return 0;
}

/* vd[l] = l */
int vt_x_vid(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = vt_active(g, w, in);
    uint32_t *d = vt_vreg(g, w, in->rd);
    VT_FOR_LANES(g, act, l)
        d[l] = l;
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* Defines a mask-register logical op on the packed bits 0..vl-1 of element 0 (RVV layout, as spike
   keeps v0 masks). */
#define VT_VMASK(name, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t a = vt_vreg(g, w, in->rs2)[0], b = vt_vreg(g, w, in->rs1)[0]; \
        uint32_t keep = ~vt_vl_mask(w); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        d[0] = (d[0] & keep) | ((expr) & ~keep); \
        vt_vwritten(g, in->rd, 1); \
        return 0; \
    }

/* vd = vs2 & ~vs1 */
VT_VMASK(vmandn, a & ~b)
/* vd = vs2 & vs1 */
VT_VMASK(vmand, a & b)
/* vd = vs2 | vs1 */
VT_VMASK(vmor, a | b)
/* vd = vs2 ^ vs1 */
VT_VMASK(vmxor, a ^ b)
/* vd = vs2 | ~vs1 */
VT_VMASK(vmorn, a | ~b)
/* vd = ~(vs2 & vs1) */
VT_VMASK(vmnand, ~(a & b))
/* vd = ~(vs2 | vs1) */
VT_VMASK(vmnor, ~(a | b))
/* vd = ~(vs2 ^ vs1) */
VT_VMASK(vmxnor, ~(a ^ b))

/* The element size of a vector load/store from its width field: 8, 16 or 32 bits. */
static uint32_t vt_esize(const vt_inst *in)
{
    unsigned width = in->word >> 12 & 7;
    return width == 0 ? 1 : width == 5 ? 2 : 4;
}

/* Loads lane l's element at addr into vd (zero-extended below 32 bits). */
static int vt_vload_lane(vt_group *g, vt_warp *w, uint32_t *d, uint32_t l, uint32_t addr, uint32_t size)
{
    const uint8_t *p = vt_mem_at(g, addr, size);
    if (!p)
        return vt_fault(g, w, "vector load of %u bytes at 0x%08x (lane %u) outside any buffer", size, addr, l);
    uint32_t v = 0;
    memcpy(&v, p, size);
    d[l] = v;
    if (g->tracing)
        vt_record(g, VT_W_LOAD, l, addr, v, size);
    return 0;
}

static int vt_vstore_lane(vt_group *g, vt_warp *w, uint32_t v, uint32_t l, uint32_t addr, uint32_t size)
{
    uint8_t *p = vt_mem_at(g, addr, size);
    if (!p)
        return vt_fault(g, w, "vector store of %u bytes at 0x%08x (lane %u) outside any buffer", size, addr, l);
    memcpy(p, &v, size);
    if (g->tracing)
        vt_record(g, VT_W_STORE, l, addr, size < 4 ? v & ((1u << 8 * size) - 1) : v, size);
    return 0;
}

/* Defines a vector load/store whose lane address is ADDR (base = rs1). */
#define VT_VMEM(name, is_store, addr_expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t act = vt_active(g, w, in), size = vt_esize(in), base = w->x[in->rs1]; \
        const uint32_t *idx = vt_vreg(g, w, in->rs2); \
        uint32_t *vd = vt_vreg(g, w, in->rd); \
        (void)idx; \
        VT_FOR_LANES(g, act, l) \
        { \
            uint32_t addr = (addr_expr); \
            if (is_store ? vt_vstore_lane(g, w, vd[l], l, addr, size) : vt_vload_lane(g, w, vd, l, addr, size)) \
                return -1; \
        } \
        if (!(is_store)) \
            vt_vwritten(g, in->rd, act); \
        return 0; \
    }

/* vd[l] = mem[rs1 + l*esize] (unit stride; vle8/vle16: one element per lane) */
VT_VMEM(vle, 0, base + l * size)
/* mem[rs1 + l*esize] = vs3[l] */
VT_VMEM(vse, 1, base + l * size)
/* vd[l] = mem[rs1 + l*rs2] */
VT_VMEM(vlse, 0, base + l * w->x[in->rs2])
/* mem[rs1 + l*rs2] = vs3[l] */
VT_VMEM(vsse, 1, base + l * w->x[in->rs2])
/* vd[l] = mem[rs1 + vs2[l]] */
VT_VMEM(vlx, 0, base + idx[l])
/* mem[rs1 + vs2[l]] = vs3[l] */
VT_VMEM(vsx, 1, base + idx[l])
