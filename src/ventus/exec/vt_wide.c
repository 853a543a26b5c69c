/* Widening vector ops of seed 003 ("RVV widening", "2*SEW位宽元素通过寄存器对实现"): the 64-bit result of
   each lane goes to an even register pair (low word vd, high vd+1). .vv/.vx/.vf: 64 = 32 op 32; .wv: both
   sources are 64-bit pairs and .wx/.wf a pair and the (extended) 32-bit scalar (seed 003: 64 = 64 op 64).
   Integer sources extend by the op's signedness; float ones are f32 widened to f64 exactly, the op then
   rounds to f64 by frm. */
#include "vt_ops.h"

#include <math.h>

#include "common/fp.h"

static uint64_t vt_w_pair(const vt_group *g, const vt_warp *w, unsigned r, uint32_t l)
{
    return vt_vreg(g, w, r)[l] | (uint64_t)vt_vreg(g, w, r + 1)[l] << 32;
}

/* Register checks shared by the forms: vd (and a wide vs2 / vs1) even and in range. */
static int vt_w_regs(vt_group *g, vt_warp *w, const vt_inst *in, int wide2, int wide1)
{
    if ((in->rd & 1) || (wide2 && (in->rs2 & 1)) || (wide1 && (in->rs1 & 1)))
        return vt_fault(g, w, "%s with an odd register of a 64-bit pair", vt_ops[in->op].mnemonic);
    if (in->rd + 1 >= VT_NUM_VREGS || in->rs2 + 1 >= VT_NUM_VREGS || in->rs1 + 1 >= VT_NUM_VREGS)
        return vt_fault(g, w, "%s: a register pair past v255", vt_ops[in->op].mnemonic);
    return 0;
}

static void vt_w_write(vt_group *g, vt_warp *w, const vt_inst *in, uint32_t act, const uint64_t *res)
{
    uint32_t *lo = vt_vreg(g, w, in->rd), *hi = vt_vreg(g, w, in->rd + 1u);
    VT_FOR_LANES(g, act, l)
    {
        lo[l] = (uint32_t)res[l];
        hi[l] = (uint32_t)(res[l] >> 32);
    }
    vt_vwritten(g, in->rd, act);
    vt_vwritten(g, in->rd + 1u, act);
}

/* The two integer sources of lane l, extended: a from vs2, b from vs1 / rs1 (sa, sb: signed). */
static void vt_w_int_src(const vt_group *g, const vt_warp *w, const vt_inst *in, uint32_t l, int wide, int sa, int sb,
                         uint64_t *a, uint64_t *b)
{
    int vec = vt_ops[in->op].format == VT_V_VV || vt_ops[in->op].format == VT_V_FMA_VV;
    uint32_t x = vec ? vt_vreg(g, w, in->rs1)[l] : w->x[in->rs1], y = vt_vreg(g, w, in->rs2)[l];
    *a = wide ? vt_w_pair(g, w, in->rs2, l) : sa ? (uint64_t)(int64_t)(int32_t)y : y;
    *b = wide && vec ? vt_w_pair(g, w, in->rs1, l) : sb ? (uint64_t)(int64_t)(int32_t)x : x;
}

/* Defines an integer widening op: R(a, b, c) with a = vs2, b = vs1/rs1, c = the old pair vd. */
#define VT_WINT(name, sa, sb, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        int wide = (in->word >> 28) == 0xd; /* funct6 1101xx: the .wv / .wx forms */ \
        int vec = vt_ops[in->op].format == VT_V_VV || vt_ops[in->op].format == VT_V_FMA_VV; \
        if (vt_w_regs(g, w, in, wide, wide && vec)) \
            return -1; \
        uint32_t act = vt_active(g, w, in); \
        uint64_t res[VT_MAX_LANES]; \
        VT_FOR_LANES(g, act, l) \
        { \
            uint64_t a, b, c = vt_w_pair(g, w, in->rd, l); \
            vt_w_int_src(g, w, in, l, wide, sa, sb, &a, &b); \
            (void)c; \
            res[l] = (expr); \
        } \
        vt_w_write(g, w, in, act, res); \
        return 0; \
    }

/* vd = vs2 + b, unsigned */
VT_WINT(vwaddu, 0, 0, a + b)
/* vd = vs2 + b, signed */
VT_WINT(vwadd, 1, 1, a + b)
/* vd = vs2 - b, unsigned */
VT_WINT(vwsubu, 0, 0, a - b)
/* vd = vs2 - b, signed */
VT_WINT(vwsub, 1, 1, a - b)
/* vd = vs2 * b, unsigned */
VT_WINT(vwmulu, 0, 0, a * b)
/* vd = vs2 (signed) * b (unsigned) */
VT_WINT(vwmulsu, 1, 0, a * b)
/* vd = vs2 * b, signed */
VT_WINT(vwmul, 1, 1, a * b)
/* vd += vs1 * vs2, unsigned */
VT_WINT(vwmaccu, 0, 0, c + b * a)
/* vd += vs1 * vs2, signed */
VT_WINT(vwmacc, 1, 1, c + b * a)
/* vd += vs1 (signed) * vs2 (unsigned) */
VT_WINT(vwmaccsu, 0, 1, c + b * a)
/* vd += rs1 (unsigned) * vs2 (signed) */
VT_WINT(vwmaccus, 1, 0, c + b * a)

#define VT_CANON_NAN64 0x7ff8000000000000ull
static uint64_t vt_w_d(double d) { return fp_isnan64(fp_b64(d)) ? VT_CANON_NAN64 : fp_b64(d); }

/* A float source: an f32 (bits) widened exactly, or an f64 pair. A signalling f32 NaN stays
   signalling in f64 (the widening itself must not signal; the op does). */
static double vt_w_f64(uint32_t f)
{
    if (fp_isnan32(f))
        return fp_f64((uint64_t)(f >> 31) << 63 | 0x7ff0000000000000ull | (uint64_t)(f & 0x7fffffu) << 29);
    return (double)fp_f32(f);
}

/* Defines a float widening op: R(a, b, c) on doubles a = vs2, b = vs1/rs1, c = the old pair vd. */
#define VT_WFLT(name, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        int wide = (in->word >> 28) == 0xd, vec = vt_ops[in->op].format == VT_V_VV || vt_ops[in->op].format == VT_V_FMA_VV; \
        if (vt_w_regs(g, w, in, wide, wide && vec)) \
            return -1; \
        if (w->frm == 4) \
            return vt_fault(g, w, "fp64 under the RMM rounding mode is not supported"); \
        int saved = 0; \
        if (vt_fp_begin(g, w, 7, &saved)) \
            return -1; \
        uint32_t act = vt_active(g, w, in); \
        uint64_t res[VT_MAX_LANES]; \
        VT_FOR_LANES(g, act, l) \
        { \
            double a = wide ? fp_f64(vt_w_pair(g, w, in->rs2, l)) : vt_w_f64(vt_vreg(g, w, in->rs2)[l]); \
            double b = wide && vec ? fp_f64(vt_w_pair(g, w, in->rs1, l)) \
                                   : vt_w_f64(vec ? vt_vreg(g, w, in->rs1)[l] : w->x[in->rs1]); \
            double c = fp_f64(vt_w_pair(g, w, in->rd, l)); \
            (void)c; \
            res[l] = vt_w_d(expr); \
        } \
        vt_fp_end(g, w, saved); \
        vt_w_write(g, w, in, act, res); \
        return 0; \
    }

/* vd = vs2 + b */
VT_WFLT(vfwadd, a + b)
/* vd = vs2 - b */
VT_WFLT(vfwsub, a - b)
/* vd = vs2 * b */
VT_WFLT(vfwmul, a * b)
/* vd = +(vs1 * vs2) + vd */
VT_WFLT(vfwmacc, fma(b, a, c))
/* vd = -(vs1 * vs2) - vd */
VT_WFLT(vfwnmacc, fma(-b, a, -c))
/* vd = +(vs1 * vs2) - vd */
VT_WFLT(vfwmsac, fma(b, a, -c))
/* vd = -(vs1 * vs2) + vd */
VT_WFLT(vfwnmsac, fma(-b, a, c))
