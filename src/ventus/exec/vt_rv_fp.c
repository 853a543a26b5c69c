/* Zfinx: single-precision float on the scalar registers, with RISC-V rounding modes, canonical NaNs
   and the fflags accrued exceptions; also the float helpers the vector float ops share. */
#include "vt_ops.h"

#include <fenv.h>
#include <math.h>

#include "common/fp.h"

/* Host exception flags to RISC-V fflags. */
static uint32_t vt_host_flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);
    return (e & FE_INEXACT ? VT_NX : 0) | (e & FE_UNDERFLOW ? VT_UF : 0) | (e & FE_OVERFLOW ? VT_OF : 0) |
           (e & FE_DIVBYZERO ? VT_DZ : 0) | (e & FE_INVALID ? VT_NV : 0);
}

void vt_add_fflags(vt_group *g, vt_warp *w, uint32_t flags)
{
    if ((w->fflags | flags) != w->fflags || (g->tracing && flags)) {
        w->fflags |= flags;
        if (g->tracing)
            vt_record(g, VT_W_CSR, 0x001, 0, w->fflags, 4);
    }
}

/* The RISC-V rounding modes 0-4 (RNE, RTZ, RDN, RUP, RMM) as common/fp.h names them */
static const fp_round vt_round[5] = {FP_RNE, FP_RTZ, FP_RDN, FP_RUP, FP_RMM};

/* Rounding: RISC-V rm 0-4, 7 = frm (the host runs RMM as RNE, vt_rmm fixes ties). Returns -1 for
   reserved modes. */
int vt_fp_begin(vt_group *g, vt_warp *w, unsigned rm, int *saved)
{
    if (rm == 7)
        rm = w->frm;
    if (rm > 4)
        return vt_fault(g, w, "reserved rounding mode %u", rm);
    *saved = fp_host_round(vt_round[rm]);
    if (fetestexcept(FE_ALL_EXCEPT)) /* (reading the flags costs less than clearing them) */
        feclearexcept(FE_ALL_EXCEPT);
    return 0;
}

float vt_rmm(float rne, vt_exact_op op, double a, double b, double c)
{
    fexcept_t flags; /* the double evaluation must not touch the op's exception flags */
    fegetexceptflag(&flags, FE_ALL_EXCEPT);
    feclearexcept(FE_INEXACT);
    volatile double d = op(a, b, c);
    int exact = !fetestexcept(FE_INEXACT);
    fesetexceptflag(&flags, FE_ALL_EXCEPT);
    /* a tie (25 significant bits) is exact in double: round that value itself; a result double
       cannot hold exactly is no tie, and RNE already agrees with RMM */
    return exact ? fp_f32(fp_f64_to_f32(d, FP_RMM)) : rne;
}

void vt_fp_end(vt_group *g, vt_warp *w, int saved)
{
    uint32_t flags = vt_host_flags();
    fp_host_restore(saved);
    vt_add_fflags(g, w, flags);
}

uint32_t vt_fp_canon(float f)
{
    uint32_t b = fp_b32(f);
    return fp_isnan32(b) ? VT_CANON_NAN : b;
}

/* IEEE 754-2019 minimumNumber/maximumNumber with -0 < +0 (RISC-V F 2.2). */
uint32_t vt_fmin(uint32_t a, uint32_t b, uint32_t *flags, int max)
{
    if (fp_issnan32(a) || fp_issnan32(b))
        *flags |= VT_NV;
    if (fp_isnan32(a) && fp_isnan32(b))
        return VT_CANON_NAN;
    if (fp_isnan32(a))
        return b;
    if (fp_isnan32(b))
        return a;
    float fa = fp_f32(a), fb = fp_f32(b);
    if (fa == fb) /* ±0: min prefers -0, max +0 */
        return max ? a & b : a | b;
    return (fa < fb) != max ? a : b;
}

/* feq (quiet), flt, fle (signalling on any NaN). */
uint32_t vt_fcmp(uint32_t a, uint32_t b, uint32_t *flags, int kind)
{
    if (fp_isnan32(a) || fp_isnan32(b)) {
        if (kind || fp_issnan32(a) || fp_issnan32(b))
            *flags |= VT_NV;
        return 0;
    }
    float fa = fp_f32(a), fb = fp_f32(b);
    return kind == 0 ? fa == fb : kind == 1 ? fa < fb : fa <= fb;
}

uint32_t vt_fclass(uint32_t a)
{
    int neg = a >> 31;
    uint32_t e = a >> 23 & 0xff, m = a & 0x7fffff;
    if (e == 0xff)
        return m ? (m & 0x400000 ? 1u << 9 : 1u << 8) : neg ? 1u : 1u << 7;
    if (e == 0)
        return m ? (neg ? 1u << 2 : 1u << 5) : (neg ? 1u << 3 : 1u << 4);
    return neg ? 1u << 1 : 1u << 6;
}

/* float -> int32/uint32 with the rounding mode, saturating, NaN to the largest value. */
uint32_t vt_f2i(uint32_t a, unsigned rm, int is_unsigned, uint32_t *flags)
{
    float f = fp_f32(a);
    if (fp_isnan32(a)) {
        *flags |= VT_NV;
        return is_unsigned ? 0xffffffffu : 0x7fffffffu;
    }
    double d = f, r;
    switch (rm) {
    case 1: r = trunc(d); break;
    case 2: r = floor(d); break;
    case 3: r = ceil(d); break;
    case 4: r = round(d); break;
    default: { /* nearest, ties to even */
        double fl = floor(d), diff = d - fl;
        r = diff > 0.5 || (diff == 0.5 && fmod(fl, 2.0) != 0.0) ? fl + 1.0 : fl;
        break;
    }
    }
    double lo = is_unsigned ? 0.0 : -2147483648.0, hi = is_unsigned ? 4294967295.0 : 2147483647.0;
    if (r < lo || r > hi) {
        *flags |= VT_NV;
        return r < lo ? (is_unsigned ? 0u : 0x80000000u) : (is_unsigned ? 0xffffffffu : 0x7fffffffu);
    }
    if (r != d)
        *flags |= VT_NX;
    return is_unsigned ? (uint32_t)r : (uint32_t)(int32_t)r;
}

/* int32/uint32 -> float rounded by rm (0-4; RMM included, which the host cannot do). */
uint32_t vt_i2f(uint32_t a, unsigned rm, int is_unsigned, uint32_t *flags)
{
    int neg = !is_unsigned && (a >> 31);
    uint32_t mag = neg ? 0u - a : a, r = fp_pack(&fp_single, neg, mag, 0, 0, vt_round[rm]);
    if (fabs((double)fp_f32(r)) != (double)mag) /* both exact in double */
        *flags |= VT_NX;
    return r;
}

static unsigned vt_rm(const vt_warp *w, const vt_inst *in)
{
    return in->rm == 7 ? w->frm : in->rm;
}

/* Defines a float op rd = EXPR(a, b, c) of rs1, rs2, rs3 under the instruction's rounding mode. */
#define VT_FBIN(name, expr) \
    static double vt_exact_##name(double a, double b, double c) \
    { \
        (void)a, (void)b, (void)c; \
        return (expr); \
    } \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        int saved = 0; \
        if (vt_fp_begin(g, w, in->rm, &saved)) \
            return -1; \
        float a = fp_f32(w->x[in->rs1]), b = fp_f32(w->x[in->rs2]), c = fp_f32(w->x[in->rs3]); \
        (void)a, (void)b, (void)c; \
        volatile float r = (expr); \
        if (vt_rm(w, in) == 4) \
            r = vt_rmm(r, vt_exact_##name, a, b, c); \
        vt_fp_end(g, w, saved); \
        vt_set_x(g, w, in->rd, vt_fp_canon(r)); \
        return 0; \
    }

/* rd = rs1 + rs2 */
VT_FBIN(fadd, a + b)
/* rd = rs1 - rs2 */
VT_FBIN(fsub, a - b)
/* rd = rs1 * rs2 */
VT_FBIN(fmul, a * b)
/* rd = rs1 / rs2 */
VT_FBIN(fdiv, a / b)
/* rd = sqrt(rs1) */
VT_FBIN(fsqrt, VT_SQRT(a))
/* rd = rs1*rs2 + rs3, one rounding */
VT_FBIN(fmadd, VT_FMA3(a, b, c))
/* rd = rs1*rs2 - rs3 */
VT_FBIN(fmsub, VT_FMA3(a, b, -c))
/* rd = -(rs1*rs2) + rs3 */
VT_FBIN(fnmsub, VT_FMA3(-a, b, c))
/* rd = -(rs1*rs2) - rs3 */
VT_FBIN(fnmadd, VT_FMA3(-a, b, -c))

/* Defines an op on the bit patterns: rd = EXPR(a, b) with flags; with ROUNDS the instruction's rm
   is a rounding mode, and a reserved one is an illegal instruction. */
#define VT_FBITS_RM(name, rounds, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        if ((rounds) && vt_rm(w, in) > 4) \
            return vt_fault(g, w, "reserved rounding mode %u", vt_rm(w, in)); \
        uint32_t a = w->x[in->rs1], b = w->x[in->rs2], flags = 0; \
        (void)b; \
        uint32_t r = (expr); \
        vt_add_fflags(g, w, flags); \
        vt_set_x(g, w, in->rd, r); \
        return 0; \
    }
#define VT_FBITS(name, expr) VT_FBITS_RM(name, 0, expr)
#define VT_FCVT(name, expr) VT_FBITS_RM(name, 1, expr)

/* rd = |rs1| with the sign of rs2 */
VT_FBITS(fsgnj, (a & 0x7fffffffu) | (b & 0x80000000u))
/* rd = |rs1| with the opposite sign of rs2 */
VT_FBITS(fsgnjn, (a & 0x7fffffffu) | (~b & 0x80000000u))
/* rd = rs1 with its sign xor rs2's */
VT_FBITS(fsgnjx, a ^ (b & 0x80000000u))
/* rd = minimumNumber(rs1, rs2) */
VT_FBITS(fmin, vt_fmin(a, b, &flags, 0))
/* rd = maximumNumber(rs1, rs2) */
VT_FBITS(fmax, vt_fmin(a, b, &flags, 1))
/* rd = rs1 == rs2 (quiet) */
VT_FBITS(feq, vt_fcmp(a, b, &flags, 0))
/* rd = rs1 < rs2 (signalling) */
VT_FBITS(flt, vt_fcmp(a, b, &flags, 1))
/* rd = rs1 <= rs2 (signalling) */
VT_FBITS(fle, vt_fcmp(a, b, &flags, 2))
/* rd = the class bit of rs1 */
VT_FBITS(fclass, vt_fclass(a))
/* rd = rs1 (fmv.x.w / fmv.w.x: one register file under Zfinx) */
VT_FBITS(fmv, a)
/* rd = (int32) rs1, rounded and saturated */
VT_FCVT(fcvt_w_s, vt_f2i(a, vt_rm(w, in), 0, &flags))
/* rd = (uint32) rs1, rounded and saturated */
VT_FCVT(fcvt_wu_s, vt_f2i(a, vt_rm(w, in), 1, &flags))

/* rd = (float) signed rs1, rounded */
VT_FCVT(fcvt_s_w, vt_i2f(a, vt_rm(w, in), 0, &flags))
/* rd = (float) unsigned rs1, rounded */
VT_FCVT(fcvt_s_wu, vt_i2f(a, vt_rm(w, in), 1, &flags))
