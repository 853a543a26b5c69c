/* Zve32f with Ventus semantics: lane-wise single-precision vector float arithmetic under frm (RVV
   float ops have no static rounding field), canonical NaNs, fflags, compares writing 0/1 per lane,
   conversions, and the custom vfexp and vftta. */
#include "vt_ops.h"

#include <math.h>

#include "common/fp.h"

/* x, quieted if it is a signalling NaN: vt_rmm widens its operands to double, and widening a
   signalling NaN signals invalid (IEEE 754-2019 5.4.2, RISC-V F 11.2: only the op's own operands may
   raise NV; c is the old vd, which a non-multiply-add op does not read) */
static float vt_quiet(float x)
{
    uint32_t b = fp_b32(x);
    return fp_issnan32(b) ? fp_f32(b | 0x400000u) : x;
}

/* Defines a float op: vd[l] = EXPR with a = vs2[l], b = vs1[l] or the scalar rs1 and c = the old
   vd[l] (the accumulator of the multiply-adds), under frm. */
#define VT_VFBIN(name, expr) \
    static double vt_exact_##name(double a, double b, double c) \
    { \
        (void)a, (void)b, (void)c; \
        return (expr); \
    } \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        int saved = 0; \
        if (vt_fp_begin(g, w, 7, &saved)) \
            return -1; \
        uint32_t act = vt_active(g, w, in), s = 0; \
        const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2), *cv = vt_vreg(g, w, in->rs3); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        if (g->fast32 && act == 0xffffffffu && w->frm != 4) { \
            /* every lane active and no RMM fix-up: one pass over 32 lanes (vectorized where the op \
               has a vector form; the lanes' flags are the flags of the lanes computed). The results \
               are stored before vt_fp_end, a call, so that they are computed under frm. */ \
            uint32_t splat[32], out[32]; \
            if (!bv) \
                VT_EACH32(l) splat[l] = s; \
            const uint32_t *bl = bv ? bv : splat; \
            VT_EACH32(l) \
            { \
                float a = fp_f32(av[l]), b = fp_f32(bl[l]), c = fp_f32(cv[l]); \
                (void)a, (void)b, (void)c; \
                uint32_t r = fp_b32(expr); \
                out[l] = fp_isnan32(r) ? VT_CANON_NAN : r; \
            } \
            lanes_copy32(d, out); \
            vt_fp_end(g, w, saved); \
            vt_vwritten(g, in->rd, act); \
            return 0; \
        } \
        VT_FOR_LANES(g, act, l) \
        { \
            float a = fp_f32(av[l]), b = fp_f32(bv ? bv[l] : s), c = fp_f32(cv[l]); \
            (void)a, (void)b, (void)c; \
            volatile float r = (expr); \
            if (w->frm == 4) \
                r = vt_rmm(r, vt_exact_##name, vt_quiet(a), vt_quiet(b), vt_quiet(c)); \
            d[l] = vt_fp_canon(r); \
        } \
        vt_fp_end(g, w, saved); \
        vt_vwritten(g, in->rd, act); \
        return 0; \
    }

/* vd = vs2 + b */
VT_VFBIN(vfadd, a + b)
/* vd = vs2 - b */
VT_VFBIN(vfsub, a - b)
/* vd = b - vs2 */
VT_VFBIN(vfrsub, b - a)
/* vd = vs2 * b */
VT_VFBIN(vfmul, a * b)
/* vd = vs2 / b */
VT_VFBIN(vfdiv, a / b)
/* vd = b / vs2 */
VT_VFBIN(vfrdiv, b / a)
/* vd = sqrt(vs2) */
VT_VFBIN(vfsqrt, VT_SQRT(a))
/* vd = e^vs2 (custom VFEXP; the host's expf, as the reference simulator computes it) */
VT_VFBIN(vfexp, expf((float)a))

/* Defines an op on bit patterns with flags: vd[l] = EXPR(a, b); with ROUNDS it rounds by frm, and a
   reserved frm is an illegal instruction. */
#define VT_VFBITS_RM(name, rounds, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        if ((rounds) && w->frm > 4) \
            return vt_fault(g, w, "reserved rounding mode %u", w->frm); \
        uint32_t act = vt_active(g, w, in), s = 0, flags = 0; \
        const uint32_t *bv = vt_vsrc1(g, w, in, &s), *av = vt_vreg(g, w, in->rs2); \
        uint32_t *d = vt_vreg(g, w, in->rd); \
        VT_FOR_LANES(g, act, l) \
        { \
            uint32_t a = av[l], b = bv ? bv[l] : s; \
            (void)a, (void)b; \
            d[l] = (expr); \
        } \
        vt_add_fflags(g, w, flags); \
        vt_vwritten(g, in->rd, act); \
        return 0; \
    }
#define VT_VFBITS(name, expr) VT_VFBITS_RM(name, 0, expr)
#define VT_VFCVT(name, expr) VT_VFBITS_RM(name, 1, expr)

/* vd = minimumNumber(vs2, b) */
VT_VFBITS(vfmin, vt_fmin(a, b, &flags, 0))
/* vd = maximumNumber(vs2, b) */
VT_VFBITS(vfmax, vt_fmin(a, b, &flags, 1))
/* vd = |vs2| with b's sign */
VT_VFBITS(vfsgnj, (a & 0x7fffffffu) | (b & 0x80000000u))
/* vd = |vs2| with b's sign inverted */
VT_VFBITS(vfsgnjn, (a & 0x7fffffffu) | (~b & 0x80000000u))
/* vd = vs2 with sign xor b's */
VT_VFBITS(vfsgnjx, a ^ (b & 0x80000000u))
/* vd = (vs2 == b) 0/1, quiet */
VT_VFBITS(vmfeq, vt_fcmp(a, b, &flags, 0))
/* vd = (vs2 != b) 0/1, quiet */
VT_VFBITS(vmfne, !vt_fcmp(a, b, &flags, 0))
/* vd = (vs2 < b) 0/1, signalling */
VT_VFBITS(vmflt, vt_fcmp(a, b, &flags, 1))
/* vd = (vs2 <= b) 0/1, signalling */
VT_VFBITS(vmfle, vt_fcmp(a, b, &flags, 2))
/* vd = (vs2 > rs1) 0/1, signalling */
VT_VFBITS(vmfgt, vt_fcmp(b, a, &flags, 1))
/* vd = (vs2 >= rs1) 0/1, signalling */
VT_VFBITS(vmfge, vt_fcmp(b, a, &flags, 2))
/* vd = class bits of vs2 */
VT_VFBITS(vfclass, vt_fclass(a))
/* vd = (uint32) vs2 rounded by frm, saturated */
VT_VFCVT(vfcvt_xu_f, vt_f2i(a, w->frm, 1, &flags))
/* vd = (int32) vs2 rounded by frm, saturated */
VT_VFCVT(vfcvt_x_f, vt_f2i(a, w->frm, 0, &flags))
/* vd = (uint32) vs2 truncated, saturated */
VT_VFBITS(vfcvt_rtz_xu_f, vt_f2i(a, 1, 1, &flags))
/* vd = (int32) vs2 truncated, saturated */
VT_VFBITS(vfcvt_rtz_x_f, vt_f2i(a, 1, 0, &flags))
/* vd = (float) signed vs2, rounded by frm */
VT_VFCVT(vfcvt_f_x, vt_i2f(a, w->frm, 0, &flags))
/* vd = (float) unsigned vs2, rounded by frm */
VT_VFCVT(vfcvt_f_xu, vt_i2f(a, w->frm, 1, &flags))

/* vd = +(vs1*vs2) + vd */
VT_VFBIN(vfmacc, VT_FMA3(b, a, c))
/* vd = -(vs1*vs2) - vd */
VT_VFBIN(vfnmacc, VT_FMA3(-b, a, -c))
/* vd = +(vs1*vs2) - vd */
VT_VFBIN(vfmsac, VT_FMA3(b, a, -c))
/* vd = -(vs1*vs2) + vd */
VT_VFBIN(vfnmsac, VT_FMA3(-b, a, c))
/* vd = +(vs1*vd) + vs2 */
VT_VFBIN(vfmadd, VT_FMA3(b, c, a))
/* vd = -(vs1*vd) - vs2 */
VT_VFBIN(vfnmadd, VT_FMA3(-b, c, -a))
/* vd = +(vs1*vd) - vs2 */
VT_VFBIN(vfmsub, VT_FMA3(b, c, -a))
/* vd = -(vs1*vd) + vs2 */
VT_VFBIN(vfnmsub, VT_FMA3(-b, c, a))

/* Custom VFTTA.VV, the experimental tensor step of the reference simulator (reference 1.7): lanes of
   the lower half accumulate vd[i] += sum_j vs1[(i>>2)*8+j] * vs2[(i&3)*8+j], j < vl/4, in float;
   lanes of the upper half get i + 7. */
int vt_x_vftta(vt_group *g, vt_warp *w, const vt_inst *in)
{
    int saved = 0;
    if (vt_fp_begin(g, w, 7, &saved))
        return -1;
    uint32_t act = w->mask, n = w->vl / 4;
    const uint32_t *a = vt_vreg(g, w, in->rs1), *b = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    uint32_t half = w->vl / 2, out[VT_MAX_LANES];
    for (uint32_t i = 0; i < w->vl && i < g->numt; i++) {
        if (i >= half) {
            out[i] = i + 7;
            continue;
        }
        float acc = fp_f32(d[i]);
        for (uint32_t j = 0; j < n; j++) {
            uint32_t ia = (i >> 2) * 8 + j, ib = (i & 3) * 8 + j;
            if (ia < g->numt && ib < g->numt)
                acc += fp_f32(a[ia]) * fp_f32(b[ib]);
        }
        out[i] = fp_b32(acc);
    }
    for (uint32_t i = 0; i < w->vl && i < g->numt; i++)
        if (act >> i & 1)
            d[i] = out[i];
    vt_fp_end(g, w, saved);
    vt_vwritten(g, in->rd, act);
    return 0;
}
