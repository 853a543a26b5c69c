/* What a compute prefix (PREFIX / PREFIXI, seed 003 "自定义计算前缀指令") does to the instruction after
   it: ABS and NEG take the absolute value or negate its sources (bit 0 src1 = vs1/rs1/imm, bit 1 src2
   = vs2/rs2, bit 2 src3 = the multiply-add accumulator or rs3), and pair makes a vector op work on
   64-bit data in even-aligned register pairs (low word in n, high in n+1; seed 003 "寄存器"): 64-bit
   integers, and fp64 for the float ops. */
#include "vt_ops.h"

#include <fenv.h>
#include <math.h>

#include "common/fp.h"

/* The operation of an instruction, whatever its form (.vv/.vx/.vi), by its executor function. */
typedef enum {
    P_NONE, P_ADD, P_SUB, P_RSUB, P_AND, P_OR, P_XOR, P_SLL, P_SRL, P_SRA, P_MUL, P_MULH, P_MULHU, P_MULHSU,
    P_DIV, P_DIVU, P_REM, P_REMU, P_MIN, P_MINU, P_MAX, P_MAXU, P_SEQ, P_SNE, P_SLT, P_SLTU, P_SLE, P_SLEU,
    P_SGT, P_SGTU, P_MACC, P_NMSAC, P_MADD, P_NMSUB, P_MERGE, P_SADDU, P_SADD, P_SSUBU, P_SSUB,
    F_FIRST, F_ADD = F_FIRST, F_SUB, F_RSUB, F_MUL, F_DIV, F_RDIV, F_MIN, F_MAX, F_SGNJ, F_SGNJN, F_SGNJX,
    F_EQ, F_NE, F_LT, F_LE, F_GT, F_GE, F_MACC, F_NMACC, F_MSAC, F_NMSAC, F_MADD, F_NMADD, F_MSUB, F_NMSUB,
    F_SQRT
} vt_pkind;

static vt_pkind vt_pair_kind(const vt_inst *in)
{
    static const struct {
        vt_exec_fn f;
        vt_pkind k;
    } map[] = {
        {vt_x_vadd, P_ADD}, {vt_x_vsub, P_SUB}, {vt_x_vrsub, P_RSUB}, {vt_x_vand, P_AND}, {vt_x_vor, P_OR},
        {vt_x_vxor, P_XOR}, {vt_x_vsll, P_SLL}, {vt_x_vsrl, P_SRL}, {vt_x_vsra, P_SRA}, {vt_x_vmul, P_MUL},
        {vt_x_vmulh, P_MULH}, {vt_x_vmulhu, P_MULHU}, {vt_x_vmulhsu, P_MULHSU}, {vt_x_vdiv, P_DIV},
        {vt_x_vdivu, P_DIVU}, {vt_x_vrem, P_REM}, {vt_x_vremu, P_REMU}, {vt_x_vmin, P_MIN}, {vt_x_vminu, P_MINU},
        {vt_x_vmax, P_MAX}, {vt_x_vmaxu, P_MAXU}, {vt_x_vmseq, P_SEQ}, {vt_x_vmsne, P_SNE}, {vt_x_vmslt, P_SLT},
        {vt_x_vmsltu, P_SLTU}, {vt_x_vmsle, P_SLE}, {vt_x_vmsleu, P_SLEU}, {vt_x_vmsgt, P_SGT},
        {vt_x_vmsgtu, P_SGTU}, {vt_x_vmacc, P_MACC}, {vt_x_vnmsac, P_NMSAC}, {vt_x_vmadd, P_MADD},
        {vt_x_vnmsub, P_NMSUB}, {vt_x_vmerge, P_MERGE}, {vt_x_vsaddu, P_SADDU}, {vt_x_vsadd, P_SADD},
        {vt_x_vssubu, P_SSUBU}, {vt_x_vssub, P_SSUB},
        {vt_x_vfadd, F_ADD}, {vt_x_vfsub, F_SUB}, {vt_x_vfrsub, F_RSUB}, {vt_x_vfmul, F_MUL}, {vt_x_vfdiv, F_DIV},
        {vt_x_vfrdiv, F_RDIV}, {vt_x_vfmin, F_MIN}, {vt_x_vfmax, F_MAX}, {vt_x_vfsgnj, F_SGNJ},
        {vt_x_vfsgnjn, F_SGNJN}, {vt_x_vfsgnjx, F_SGNJX}, {vt_x_vmfeq, F_EQ}, {vt_x_vmfne, F_NE},
        {vt_x_vmflt, F_LT}, {vt_x_vmfle, F_LE}, {vt_x_vmfgt, F_GT}, {vt_x_vmfge, F_GE}, {vt_x_vfmacc, F_MACC},
        {vt_x_vfnmacc, F_NMACC}, {vt_x_vfmsac, F_MSAC}, {vt_x_vfnmsac, F_NMSAC}, {vt_x_vfmadd, F_MADD},
        {vt_x_vfnmadd, F_NMADD}, {vt_x_vfmsub, F_MSUB}, {vt_x_vfnmsub, F_NMSUB}, {vt_x_vfsqrt, F_SQRT},
    };
    vt_exec_fn f = vt_exec_table[in->op];
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].f == f)
            return map[i].k;
    return P_NONE;
}

/* Whether the instruction's sources are floats (vector float ops, Zfinx scalar float ops). */
static int vt_is_float_op(const vt_inst *in)
{
    const char *mn = vt_ops[in->op].mnemonic;
    return vt_ops[in->op].cls == VT_CLS_FPU || (mn[0] == 'v' && mn[1] == 'f') ||
           (mn[0] == 'v' && mn[1] == 'm' && mn[2] == 'f');
}

/* ABS then NEG on a 32-bit source. */
static uint32_t vt_mod32(uint32_t v, int abs, int neg, int is_float)
{
    if (is_float)
        return (abs ? v & 0x7fffffffu : v) ^ (neg ? 0x80000000u : 0);
    if (abs && (int32_t)v < 0)
        v = 0u - v;
    return neg ? 0u - v : v;
}

static uint64_t vt_mod64(uint64_t v, int abs, int neg, int is_float)
{
    if (is_float)
        return (abs ? v & ~(1ull << 63) : v) ^ (neg ? 1ull << 63 : 0);
    if (abs && (int64_t)v < 0)
        v = 0 - v;
    return neg ? 0 - v : v;
}

/* Which operand the format reads where: src1 a vector (1), a scalar register (2) or the immediate (3). */
static int vt_src1_kind(vt_format f)
{
    switch (f) {
    case VT_V_VV: case VT_V_VVM: case VT_V_MVV: case VT_V_FMA_VV: return 1;
    case VT_V_VX: case VT_V_VF: case VT_V_VXM: case VT_V_VFM: case VT_V_MVX: case VT_V_MVF: case VT_V_FMA_VX:
    case VT_V_FMA_VF: case VT_V_SX: case VT_V_SF: return 2;
    case VT_V_VI: case VT_V_VIU: case VT_V_VIM: case VT_V_MVI: return 3;
    default: return 0;
    }
}

static int vt_is_fma(vt_format f) { return f == VT_V_FMA_VV || f == VT_V_FMA_VX || f == VT_V_FMA_VF; }

/* ABS/NEG on 32-bit operands: the sources are copied, modified, into scratch registers past v255 /
   x63 and the instruction runs on them. */
static int vt_run_modified(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_inst m = *in;
    vt_format f = vt_ops[in->op].format;
    int fl = vt_is_float_op(in);
    m.pfx &= (uint8_t) ~(VT_PFX_MOD | VT_PFX_PAIR);
#define MODBIT(k) (in->pabs >> (k) & 1), (in->pneg >> (k) & 1)
    if (vt_ops[in->op].cls != VT_CLS_VALU) { /* scalar: rs1, rs2 (or the immediate), rs3 */
        w->x[VT_NUM_XREGS] = vt_mod32(w->x[in->rs1], MODBIT(0), fl);
        m.rs1 = VT_NUM_XREGS;
        if (f == VT_R || f == VT_FR || f == VT_FRN || f == VT_FR4) {
            w->x[VT_NUM_XREGS + 1] = vt_mod32(w->x[in->rs2], MODBIT(1), fl);
            m.rs2 = VT_NUM_XREGS + 1;
        } else {
            m.imm = (int32_t)vt_mod32((uint32_t)in->imm, MODBIT(1), 0);
        }
        if (f == VT_FR4) {
            w->x[VT_NUM_XREGS + 2] = vt_mod32(w->x[in->rs3], MODBIT(2), fl);
            m.rs3 = VT_NUM_XREGS + 2;
        }
        return vt_exec_table[in->op](g, w, &m);
    }
    uint32_t n = g->numt;
    switch (vt_src1_kind(f)) {
    case 1: {
        const uint32_t *s = vt_vreg(g, w, in->rs1);
        uint32_t *d = vt_vreg(g, w, VT_NUM_VREGS);
        for (uint32_t l = 0; l < n; l++)
            d[l] = vt_mod32(s[l], MODBIT(0), fl);
        m.rs1 = VT_NUM_VREGS;
        break;
    }
    case 2:
        w->x[VT_NUM_XREGS] = vt_mod32(w->x[in->rs1], MODBIT(0), fl);
        m.rs1 = VT_NUM_XREGS;
        break;
    case 3: m.imm = (int32_t)vt_mod32((uint32_t)in->imm, MODBIT(0), 0); break;
    default: break;
    }
    const uint32_t *s2 = vt_vreg(g, w, in->rs2), *s3 = vt_vreg(g, w, in->rs3);
    uint32_t *d2 = vt_vreg(g, w, VT_NUM_VREGS + 1), *d3 = vt_vreg(g, w, VT_NUM_VREGS + 2);
    for (uint32_t l = 0; l < n; l++) {
        d2[l] = vt_mod32(s2[l], MODBIT(1), fl);
        d3[l] = vt_mod32(s3[l], MODBIT(2), fl);
    }
    m.rs2 = VT_NUM_VREGS + 1;
    if (vt_is_fma(f))
        m.rs3 = VT_NUM_VREGS + 2;
#undef MODBIT
    return vt_exec_table[in->op](g, w, &m);
}

/* fp64 helpers: canonical NaN, minimumNumber/maximumNumber, compares (RISC-V D rules). */
#define VT_CANON_NAN64 0x7ff8000000000000ull
static uint64_t vt_d(double d) { return fp_isnan64(fp_b64(d)) ? VT_CANON_NAN64 : fp_b64(d); }

static uint64_t vt_fmin64(uint64_t a, uint64_t b, uint32_t *flags, int max)
{
    if (fp_issnan64(a) || fp_issnan64(b))
        *flags |= VT_NV;
    if (fp_isnan64(a) && fp_isnan64(b))
        return VT_CANON_NAN64;
    if (fp_isnan64(a))
        return b;
    if (fp_isnan64(b))
        return a;
    double x = fp_f64(a), y = fp_f64(b);
    if (x == y)
        return max ? a & b : a | b;
    return (x < y) != max ? a : b;
}

/* 0 eq (quiet), 1 lt, 2 le (signalling) */
static uint64_t vt_fcmp64(uint64_t a, uint64_t b, uint32_t *flags, int kind)
{
    if (fp_isnan64(a) || fp_isnan64(b)) {
        if (kind || fp_issnan64(a) || fp_issnan64(b))
            *flags |= VT_NV;
        return 0;
    }
    double x = fp_f64(a), y = fp_f64(b);
    return kind == 0 ? x == y : kind == 1 ? x < y : x <= y;
}

static uint64_t vt_sat64(__int128 r, __int128 lo, __int128 hi, int *sat)
{
    if (r < lo || r > hi)
        *sat = 1;
    return (uint64_t)(r < lo ? lo : r > hi ? hi : r);
}

/* One lane of a 64-bit op: a = src2 (vs2), b = src1, c = src3 (the accumulator). */
static uint64_t vt_op64(vt_pkind k, uint64_t a, uint64_t b, uint64_t c, uint32_t *flags, int *sat)
{
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    double x = fp_f64(a), y = fp_f64(b), z = fp_f64(c);
    switch (k) {
    case P_ADD: return a + b;
    case P_SUB: return a - b;
    case P_RSUB: return b - a;
    case P_AND: return a & b;
    case P_OR: return a | b;
    case P_XOR: return a ^ b;
    case P_SLL: return a << (b & 63);
    case P_SRL: return a >> (b & 63);
    case P_SRA: return (uint64_t)(sa >> (b & 63));
    case P_MUL: return a * b;
    case P_MULH: return (uint64_t)((__int128)sa * sb >> 64);
    case P_MULHU: return (uint64_t)((unsigned __int128)a * b >> 64);
    case P_MULHSU: return (uint64_t)((__int128)sa * (__int128)(unsigned __int128)b >> 64);
    case P_DIV: return !b ? ~0ull : (sa == INT64_MIN && sb == -1) ? a : (uint64_t)(sa / sb);
    case P_DIVU: return b ? a / b : ~0ull;
    case P_REM: return !b ? a : (sa == INT64_MIN && sb == -1) ? 0 : (uint64_t)(sa % sb);
    case P_REMU: return b ? a % b : a;
    case P_MIN: return sa < sb ? a : b;
    case P_MINU: return a < b ? a : b;
    case P_MAX: return sa > sb ? a : b;
    case P_MAXU: return a > b ? a : b;
    case P_SEQ: return a == b;
    case P_SNE: return a != b;
    case P_SLT: return sa < sb;
    case P_SLTU: return a < b;
    case P_SLE: return sa <= sb;
    case P_SLEU: return a <= b;
    case P_SGT: return sa > sb;
    case P_SGTU: return a > b;
    case P_MACC: return b * a + c;
    case P_NMSAC: return c - b * a;
    case P_MADD: return b * c + a;
    case P_NMSUB: return a - b * c;
    case P_MERGE: return b;
    case P_SADDU: return vt_sat64((__int128)a + b, 0, (__int128)UINT64_MAX, sat);
    case P_SADD: return vt_sat64((__int128)sa + sb, INT64_MIN, INT64_MAX, sat);
    case P_SSUBU: return vt_sat64((__int128)a - b, 0, (__int128)UINT64_MAX, sat);
    case P_SSUB: return vt_sat64((__int128)sa - sb, INT64_MIN, INT64_MAX, sat);
    case F_ADD: return vt_d(x + y);
    case F_SUB: return vt_d(x - y);
    case F_RSUB: return vt_d(y - x);
    case F_MUL: return vt_d(x * y);
    case F_DIV: return vt_d(x / y);
    case F_RDIV: return vt_d(y / x);
    case F_SQRT: return vt_d(sqrt(x));
    case F_MIN: return vt_fmin64(a, b, flags, 0);
    case F_MAX: return vt_fmin64(a, b, flags, 1);
    case F_SGNJ: return (a & ~(1ull << 63)) | (b & 1ull << 63);
    case F_SGNJN: return (a & ~(1ull << 63)) | (~b & 1ull << 63);
    case F_SGNJX: return a ^ (b & 1ull << 63);
    case F_EQ: return vt_fcmp64(a, b, flags, 0);
    case F_NE: return !vt_fcmp64(a, b, flags, 0);
    case F_LT: return vt_fcmp64(a, b, flags, 1);
    case F_LE: return vt_fcmp64(a, b, flags, 2);
    case F_GT: return vt_fcmp64(b, a, flags, 1);
    case F_GE: return vt_fcmp64(b, a, flags, 2);
    case F_MACC: return vt_d(fma(y, x, z));
    case F_NMACC: return vt_d(fma(-y, x, -z));
    case F_MSAC: return vt_d(fma(y, x, -z));
    case F_NMSAC: return vt_d(fma(-y, x, z));
    case F_MADD: return vt_d(fma(y, z, x));
    case F_NMADD: return vt_d(fma(-y, z, -x));
    case F_MSUB: return vt_d(fma(y, z, -x));
    case F_NMSUB: return vt_d(fma(-y, z, x));
    default: return 0;
    }
}

static uint64_t vt_pair_read(const vt_group *g, const vt_warp *w, unsigned r, uint32_t l)
{
    return vt_vreg(g, w, r)[l] | (uint64_t)vt_vreg(g, w, r + 1)[l] << 32;
}

/* A vector op on 64-bit data in register pairs (PREFIX pair = 1). */
static int vt_run_pair(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_pkind k = vt_pair_kind(in);
    vt_format f = vt_ops[in->op].format;
    if (k == P_NONE || vt_ops[in->op].cls != VT_CLS_VALU)
        return vt_fault(g, w, "PREFIX pair on %s, which has no 64-bit form", vt_ops[in->op].mnemonic);
    int s1 = vt_src1_kind(f), fl = k >= F_FIRST, fma3 = vt_is_fma(f);
    if ((in->rd | in->rs2 | (s1 == 1 || s1 == 2 ? in->rs1 : 0) | (fma3 ? in->rs3 : 0)) & 1)
        return vt_fault(g, w, "PREFIX pair with an odd register (register pairs are even-aligned)");
    if (in->rd + 1 >= VT_NUM_VREGS || in->rs2 + 1 >= VT_NUM_VREGS || in->rs1 + 1 >= VT_NUM_VREGS ||
        in->rs3 + 1 >= VT_NUM_VREGS || (s1 == 2 && in->rs1 + 1 >= VT_NUM_XREGS))
        return vt_fault(g, w, "PREFIX pair past the last register");
    int saved = 0;
    if (fl && w->frm == 4)
        return vt_fault(g, w, "fp64 under the RMM rounding mode is not supported");
    if (fl && vt_fp_begin(g, w, 7, &saved))
        return -1;
    uint32_t act = k == P_MERGE ? w->mask & vt_vl_mask(w) : vt_active(g, w, in), flags = 0;
    uint32_t sel = k == P_MERGE && !in->vm ? vt_vreg(g, w, 0)[0] : 0xffffffffu;
    uint64_t scalar = s1 == 2 ? (in->rs1 ? w->x[in->rs1] | (uint64_t)w->x[in->rs1 + 1] << 32 : 0)
                    : (uint64_t)(int64_t)in->imm;
    int sat = 0, cmp = (k >= P_SEQ && k <= P_SGTU) || (k >= F_EQ && k <= F_GE);
    uint64_t res[VT_MAX_LANES];
    VT_FOR_LANES(g, act, l)
    {
        uint64_t a = vt_pair_read(g, w, in->rs2, l), b = s1 == 1 ? vt_pair_read(g, w, in->rs1, l) : scalar;
        uint64_t c = vt_pair_read(g, w, fma3 ? in->rs3 : in->rd, l);
        a = vt_mod64(a, in->pabs >> 1 & 1, in->pneg >> 1 & 1, fl);
        b = vt_mod64(b, in->pabs & 1, in->pneg & 1, fl);
        c = vt_mod64(c, in->pabs >> 2 & 1, in->pneg >> 2 & 1, fl);
        res[l] = k == P_MERGE && !(sel >> l & 1) ? a : vt_op64(k, a, b, c, &flags, &sat);
    }
    if (fl)
        vt_fp_end(g, w, saved);
    vt_add_fflags(g, w, flags);
    if (sat)
        w->vxsat = 1;
    uint32_t *lo = vt_vreg(g, w, in->rd), *hi = vt_vreg(g, w, in->rd + 1u);
    VT_FOR_LANES(g, act, l)
    {
        lo[l] = (uint32_t)res[l];
        hi[l] = cmp ? 0 : (uint32_t)(res[l] >> 32);
    }
    vt_vwritten(g, in->rd, act);
    vt_vwritten(g, in->rd + 1u, act);
    return 0;
}

int vt_run_prefixed(vt_group *g, vt_warp *w, const vt_inst *in)
{
    if (in->pfx & VT_PFX_PAIR)
        return vt_run_pair(g, w, in);
    return vt_run_modified(g, w, in);
}
