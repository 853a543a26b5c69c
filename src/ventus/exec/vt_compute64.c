/* The 64-bit compute format of seed 003 ("自定义64位计算指令"): integer and float add, sub, mul, min and
   max on 16-, 32- or 64-bit sources (VSSIZE) giving 16-, 32- or 64-bit results (VDSIZE), with OPSEL
   picking the half of a 16-bit operand (bit 0 vs2, 1 vs1, 2 vd), ABS and NEG on the sources (bit 0
   src1 = vs1, bit 1 src2 = vs2) and OMOD scaling the result (x2, x4, /2). 64-bit operands are even
   register pairs. Our reading of the open points: the op runs in the wider of the two sizes (the
   sources widen exactly), OMOD scales in that size, then the result converts to VDSIZE; floats round by
   frm (RMM not supported) and NaN results are canonical; integer sources extend by the op's
   signedness and the result is truncated. */
#include "vt_ops.h"

#include <math.h>

#include "common/fp.h"
#include "ventus/codec/vt_vop64.h"

/* Source bits of lane l: a half of register r (hi selects), the register, or the pair r, r+1. */
static uint64_t vt_c64_read(const vt_group *g, const vt_warp *w, unsigned r, uint32_t l, unsigned size, int hi)
{
    uint32_t v = vt_vreg(g, w, r)[l];
    if (size == 16)
        return hi ? v >> 16 : v & 0xffffu;
    return size == 32 ? v : v | (uint64_t)vt_vreg(g, w, r + 1)[l] << 32;
}

static double vt_c64_to_double(uint64_t b, unsigned size)
{
    return size == 16 ? fp_f16_to_f64((uint32_t)b) : size == 32 ? (double)fp_f32((uint32_t)b) : fp_f64(b);
}

/* v (exact in double) rounded to a float of `size` bits, as bits; NaN canonical. */
static uint64_t vt_c64_from_double(double v, unsigned size, fp_round r)
{
    if (isnan(v))
        return size == 16 ? 0x7e00u : size == 32 ? 0x7fc00000u : 0x7ff8000000000000ull;
    return size == 16 ? fp_f64_to_f16(v, r) : size == 32 ? fp_f64_to_f32(v, r) : fp_b64(v);
}

/* minimumNumber / maximumNumber (-0 < +0); a signalling NaN raises NV. */
static double vt_c64_minmax(double a, double b, int max, uint32_t *flags)
{
    if (isnan(a) && isnan(b))
        return NAN;
    if (isnan(a) || isnan(b))
        return isnan(a) ? b : a;
    if (a == b)
        return signbit(a) == signbit(b) ? a : (max ? (signbit(a) ? b : a) : (signbit(a) ? a : b));
    (void)flags;
    return (a < b) != max ? a : b;
}

/* One float lane: the op in the compute size ct, OMOD, then VDSIZE. */
static uint64_t vt_c64_float(const vt_vop64_desc *d, uint64_t xa, uint64_t xb, fp_round rm, uint32_t *flags)
{
    unsigned ss = d->ssize, ct = d->ssize > d->dsize ? d->ssize : d->dsize;
    uint64_t sign = 1ull << (ss - 1);
    if (d->abs & 2) xa &= ~sign;
    if (d->neg & 2) xa ^= sign;
    if (d->abs & 1) xb &= ~sign;
    if (d->neg & 1) xb ^= sign;
    double a = vt_c64_to_double(xa, ss), b = vt_c64_to_double(xb, ss), r;
    volatile float fa = (float)a, fb = (float)b, fr;
    switch (d->kind) {
    case VOP_FMIN: r = vt_c64_minmax(a, b, 0, flags); break;
    case VOP_FMAX: r = vt_c64_minmax(a, b, 1, flags); break;
    default:
        if (ct == 32) { /* host f32 arithmetic rounds once */
            fr = d->kind == VOP_FADD ? fa + fb : d->kind == VOP_FSUB ? fa - fb : fa * fb;
            r = fr;
        } else { /* f64 on the host; f16 sums and products are exact in double, rounded below */
            volatile double t = d->kind == VOP_FADD ? a + b : d->kind == VOP_FSUB ? a - b : a * b;
            r = t;
        }
        break;
    }
    if (ct == 16 && !isnan(r))
        r = fp_f16_to_f64(fp_f64_to_f16(r, rm));
    if (d->omod) {
        volatile double s = d->omod == 1 ? 2.0 : d->omod == 2 ? 4.0 : 0.5;
        if (ct == 32) {
            fr = (float)r * (float)s;
            r = fr;
        } else {
            volatile double t = r * s;
            r = t;
            if (ct == 16 && !isnan(r))
                r = fp_f16_to_f64(fp_f64_to_f16(r, rm));
        }
    }
    return vt_c64_from_double(r, d->dsize, rm);
}

/* One integer lane: sources extended by the op's signedness, 64-bit arithmetic, OMOD, truncation. */
static uint64_t vt_c64_int(const vt_vop64_desc *d, uint64_t xa, uint64_t xb)
{
    int uns = d->kind == VOP_MINU || d->kind == VOP_MAXU;
    unsigned sh = 64 - d->ssize;
    int64_t a = uns ? (int64_t)(xa << sh >> sh) : (int64_t)(xa << sh) >> sh;
    int64_t b = uns ? (int64_t)(xb << sh >> sh) : (int64_t)(xb << sh) >> sh;
    if (d->abs & 2 && a < 0) a = (int64_t)(0 - (uint64_t)a);
    if (d->neg & 2) a = (int64_t)(0 - (uint64_t)a);
    if (d->abs & 1 && b < 0) b = (int64_t)(0 - (uint64_t)b);
    if (d->neg & 1) b = (int64_t)(0 - (uint64_t)b);
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b, r;
    switch (d->kind) {
    case VOP_ADD: r = ua + ub; break;
    case VOP_SUB: r = ua - ub; break;
    case VOP_MUL: r = ua * ub; break;
    case VOP_MIN: r = a < b ? ua : ub; break;
    case VOP_MAX: r = a > b ? ua : ub; break;
    case VOP_MINU: r = ua < ub ? ua : ub; break;
    default: r = ua > ub ? ua : ub; break;
    }
    if (d->omod == 1 || d->omod == 2)
        r <<= d->omod;
    else if (d->omod == 3)
        r = uns ? r >> 1 : (uint64_t)((int64_t)r >> 1);
    return d->dsize == 64 ? r : r & ((1ull << d->dsize) - 1);
}

/* vd = vs2 OP vs1 in the 64-bit compute format (no vm bit: the active lanes below vl) */
int vt_x_vop64(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_vop64_desc d;
    if (vt_vop64_decode(in, &d))
        return vt_fault(g, w, "64-bit compute instruction with a reserved field or an unknown operation");
    if ((d.ssize == 64 && ((in->rs1 | in->rs2) & 1)) || (d.dsize == 64 && (in->rd & 1)) ||
        in->rd + 1 >= VT_NUM_VREGS || in->rs1 + 1 >= VT_NUM_VREGS || in->rs2 + 1 >= VT_NUM_VREGS)
        return vt_fault(g, w, "64-bit compute operands in odd registers (pairs are even-aligned) or past v255");
    static const fp_round modes[4] = {FP_RNE, FP_RTZ, FP_RDN, FP_RUP};
    if (d.is_float && w->frm > 3)
        return vt_fault(g, w, "64-bit compute float op under frm %u (RMM and the reserved modes are not supported)",
                        w->frm);
    int saved = d.is_float ? fp_host_round(modes[w->frm]) : 0;
    uint32_t act = w->mask & vt_vl_mask(w), flags = 0;
    uint64_t res[VT_MAX_LANES];
    VT_FOR_LANES(g, act, l)
    {
        uint64_t a = vt_c64_read(g, w, in->rs2, l, d.ssize, d.opsel & 1);
        uint64_t b = vt_c64_read(g, w, in->rs1, l, d.ssize, d.opsel >> 1 & 1);
        res[l] = d.is_float ? vt_c64_float(&d, a, b, modes[w->frm & 3], &flags) : vt_c64_int(&d, a, b);
    }
    if (d.is_float)
        fp_host_restore(saved);
    uint32_t *lo = vt_vreg(g, w, in->rd), *hi = vt_vreg(g, w, in->rd + 1u);
    VT_FOR_LANES(g, act, l)
    {
        if (d.dsize == 16)
            lo[l] = d.opsel & 4 ? (lo[l] & 0xffffu) | (uint32_t)res[l] << 16 : (lo[l] & 0xffff0000u) | (uint32_t)res[l];
        else
            lo[l] = (uint32_t)res[l];
        if (d.dsize == 64)
            hi[l] = (uint32_t)(res[l] >> 32);
    }
    vt_vwritten(g, in->rd, act);
    if (d.dsize == 64)
        vt_vwritten(g, in->rd + 1u, act);
    return 0;
}
