/* RDNA3 vector ALU: integer, f16/f32/f64 arithmetic, conversions, compares and lane operations
   (VOP1, VOP2, VOPC, VOP3, VOP3SD and the VOPD halves). Sources come through the shared helpers,
   so each function states only its per-lane arithmetic. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "r3_exec.h"

#define LANES w->lanes
#define OP(name) static void name(r3_wave *w, const r3_inst *in)

/* The field of source k: VOP2, VOPC and VOPD name their second source VSRC1. */
static r3_field r3_srcf(const r3_inst *in, int k)
{
    int e32 = in->op->format == R3_VOP2 || in->op->format == R3_VOPC || in->op->format == R3_VOPDX ||
              in->op->format == R3_VOPDY;
    return k == 0 ? R3F_SRC0 : k == 1 ? (e32 ? R3F_VSRC1 : R3F_SRC1) : R3F_SRC2;
}

static void src32(const r3_wave *w, const r3_inst *in, int k, uint32_t v[R3_MAX_LANES])
{
    r3_vsrc32(w, in, r3_srcf(in, k), v);
}

static void srcf32(const r3_wave *w, const r3_inst *in, int k, uint32_t v[R3_MAX_LANES])
{
    r3_vsrc32(w, in, r3_srcf(in, k), v);
    r3_fmods32(in, k, v, w->lanes);
}

static void srcf64(const r3_wave *w, const r3_inst *in, int k, uint64_t v[R3_MAX_LANES])
{
    r3_vsrc64(w, in, r3_srcf(in, k), 1, v);
    r3_fmods64(in, k, v, w->lanes);
}

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint32_t b32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint64_t b64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* IEEE half <-> single, round to nearest even (NaNs keep their payload's top bits, quieted). */
static float f16(uint32_t h)
{
    uint32_t s = (h & 0x8000u) << 16, e = (h >> 10) & 31, m = h & 1023;
    if (e == 31)
        return f32(s | 0x7f800000u | (m << 13) | (m ? 0x400000u : 0));
    if (e == 0) {
        float v = (float)m * 5.9604644775390625e-8f;
        return s ? -v : v;
    }
    return f32(s | ((e + 112) << 23) | (m << 13));
}

static uint32_t h16(float f)
{
    uint32_t x = b32(f), sign = (x >> 16) & 0x8000u, exp = (x >> 23) & 255, man = x & 0x7fffffu;
    if (exp == 255)
        return sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0);
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return sign | 0x7c00u;
    if (e <= 0) {
        if (e < -10)
            return sign;
        man |= 0x800000u;
        unsigned shift = (unsigned)(14 - e);
        uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1)))
            h++;
        return sign | h;
    }
    uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
        h++;
    return sign | h;
}

static uint64_t execm(const r3_wave *w)
{
    return r3_exec_mask(w);
}

static void dst32(r3_wave *w, const r3_inst *in, const uint32_t r[R3_MAX_LANES])
{
    r3_vdst32(w, r3_vdst(in), r, execm(w));
}

static void dst64(r3_wave *w, const r3_inst *in, const uint64_t r[R3_MAX_LANES])
{
    r3_vdst64(w, r3_vdst(in), r, execm(w));
}

/* ---- two-source 32-bit integer operations ---- */

#define INT2(name, expr)                                                                   \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        dst32(w, in, r);                                                               \
    }
/* D = S0 + S1 */
INT2(v_add_nc_u32, a[l] + b[l])
/* D = S0 - S1 */
INT2(v_sub_nc_u32, a[l] - b[l])
/* D = S1 - S0 */
INT2(v_subrev_nc_u32, b[l] - a[l])
/* D = S0 & S1 */
INT2(v_and_b32, a[l] & b[l])
/* D = S0 | S1 */
INT2(v_or_b32, a[l] | b[l])
/* D = S0 ^ S1 */
INT2(v_xor_b32, a[l] ^ b[l])
/* D = ~(S0 ^ S1) */
INT2(v_xnor_b32, ~(a[l] ^ b[l]))
/* D = S1 << S0[4:0] */
INT2(v_lshlrev_b32, b[l] << (a[l] & 31))
/* D = S1 >> S0[4:0] (logical) */
INT2(v_lshrrev_b32, b[l] >> (a[l] & 31))
/* D = S1 >> S0[4:0] (arithmetic) */
INT2(v_ashrrev_i32, (uint32_t)((int32_t)b[l] >> (a[l] & 31)))
/* D = low 32 bits of S0 * S1 */
INT2(v_mul_lo_u32, a[l] * b[l])
/* D = high 32 bits of S0 * S1, unsigned */
INT2(v_mul_hi_u32, (uint32_t)(((uint64_t)a[l] * b[l]) >> 32))
/* D = high 32 bits of S0 * S1, signed */
INT2(v_mul_hi_i32, (uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32))
/* D = S0[23:0] * S1[23:0], signed, low 32 bits */
INT2(v_mul_i32_i24, (uint32_t)((int64_t)((int32_t)(a[l] << 8) >> 8) * ((int32_t)(b[l] << 8) >> 8)))
/* D = S0[23:0] * S1[23:0], unsigned, low 32 bits */
INT2(v_mul_u32_u24, (a[l] & 0xffffffu) * (b[l] & 0xffffffu))
/* D = high bits of S0[23:0] * S1[23:0], signed */
INT2(v_mul_hi_i32_i24, (uint32_t)((uint64_t)((int64_t)((int32_t)(a[l] << 8) >> 8) * ((int32_t)(b[l] << 8) >> 8)) >> 32))
/* D = high bits of S0[23:0] * S1[23:0], unsigned */
INT2(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(a[l] & 0xffffffu) * (b[l] & 0xffffffu)) >> 32))
/* D = min(S0, S1) signed */
INT2(v_min_i32, (int32_t)a[l] < (int32_t)b[l] ? a[l] : b[l])
/* D = max(S0, S1) signed */
INT2(v_max_i32, (int32_t)a[l] > (int32_t)b[l] ? a[l] : b[l])
/* D = min(S0, S1) unsigned */
INT2(v_min_u32, a[l] < b[l] ? a[l] : b[l])
/* D = max(S0, S1) unsigned */
INT2(v_max_u32, a[l] > b[l] ? a[l] : b[l])
/* D = popcount(S0) + S1 */
INT2(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a[l]) + b[l])
/* D = {S1[15:0], S0[15:0]} */
INT2(v_pack_b32_f16, (a[l] & 0xffffu) | (b[l] << 16))

/* D = S0 with bits counted in lanes below this one: D = popcount(S0 & lanemask_lo) + S1 */
OP(v_mbcnt_lo_u32_b32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = (uint32_t)__builtin_popcount(a[l] & (l >= 32 ? 0xffffffffu : (uint32_t)((1ull << l) - 1))) + b[l];
    dst32(w, in, r);
}

/* D = popcount(S0 & lanemask of lanes 32..l-1) + S1 */
OP(v_mbcnt_hi_u32_b32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = (uint32_t)__builtin_popcount(a[l] & (l <= 32 ? 0u : (uint32_t)((1ull << (l - 32)) - 1))) + b[l];
    dst32(w, in, r);
}

/* ---- one-source 32-bit integer operations ---- */

#define INT1(name, expr)                                                                   \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        src32(w, in, 0, a);                                                                \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        dst32(w, in, r);                                                                   \
    }
static uint32_t bitrev32(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((v >> i) & 1u) << (31 - i);
    return r;
}
/* D = ~S0 */
INT1(v_not_b32, ~a[l])
/* D = S0 with its bits reversed */
INT1(v_bfrev_b32, bitrev32(a[l]))
/* D = number of leading zeros of S0, or -1 when S0 is 0 */
INT1(v_clz_i32_u32, a[l] ? (uint32_t)__builtin_clz(a[l]) : 0xffffffffu)
/* D = number of trailing zeros of S0, or -1 when S0 is 0 */
INT1(v_ctz_i32_b32, a[l] ? (uint32_t)__builtin_ctz(a[l]) : 0xffffffffu)
/* D = number of leading bits equal to the sign bit, minus one; -1 for 0 and -1 */
INT1(v_cls_i32, (a[l] == 0 || a[l] == 0xffffffffu) ? 0xffffffffu : (uint32_t)__builtin_clz((a[l] >> 31) ? ~a[l] : a[l]) - 1)

/* ---- three-source 32-bit integer operations ---- */

#define INT3(name, expr)                                                                   \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];       \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        src32(w, in, 2, c);                                                                \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        dst32(w, in, r);                                                               \
    }
/* D = (S0 << S1[4:0]) + S2 */
INT3(v_lshl_add_u32, (a[l] << (b[l] & 31)) + c[l])
/* D = (S0 + S1) << S2[4:0] */
INT3(v_add_lshl_u32, (a[l] + b[l]) << (c[l] & 31))
/* D = S0 + S1 + S2 */
INT3(v_add3_u32, a[l] + b[l] + c[l])
/* D = (S0 << S1[4:0]) | S2 */
INT3(v_lshl_or_b32, (a[l] << (b[l] & 31)) | c[l])
/* D = (S0 & S1) | S2 */
INT3(v_and_or_b32, (a[l] & b[l]) | c[l])
/* D = S0 | S1 | S2 */
INT3(v_or3_b32, a[l] | b[l] | c[l])
/* D = S0 ^ S1 ^ S2 */
INT3(v_xor3_b32, a[l] ^ b[l] ^ c[l])
/* D = S1[4:0]-bit shift... bitfield: D = (S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1) */
INT3(v_bfe_u32, (c[l] & 31) ? (a[l] >> (b[l] & 31)) & ((1u << (c[l] & 31)) - 1) : 0)
/* D = signed bitfield of S0 at S1[4:0], S2[4:0] bits wide */
INT3(v_bfe_i32, (c[l] & 31) ? (uint32_t)(((int32_t)(a[l] << (32 - ((b[l] & 31) + (c[l] & 31) > 32 ? 32 - (b[l] & 31) : (c[l] & 31)) - (b[l] & 31))) >> (32 - ((b[l] & 31) + (c[l] & 31) > 32 ? 32 - (b[l] & 31) : (c[l] & 31))))) : 0)
/* D = (S0 & S1) | (~S0 & S2) */
INT3(v_bfi_b32, (a[l] & b[l]) | (~a[l] & c[l]))
/* D = S0[23:0] * S1[23:0] + S2, unsigned */
INT3(v_mad_u32_u24, (a[l] & 0xffffffu) * (b[l] & 0xffffffu) + c[l])
/* D = S0[23:0] * S1[23:0] + S2, signed */
INT3(v_mad_i32_i24, (uint32_t)((int32_t)(a[l] << 8) >> 8) * (uint32_t)((int32_t)(b[l] << 8) >> 8) + c[l])
/* D = ({S0, S1} >> (8 * S2[1:0]))[31:0] */
INT3(v_alignbyte_b32, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (8 * (c[l] & 3))))
/* D = ({S0, S1} >> S2[4:0])[31:0] */
INT3(v_alignbit_b32, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (c[l] & 31)))
/* D = max(min(S0, S1), min(max(S0, S1), S2)) signed: the median */
INT3(v_med3_i32, (uint32_t)((int32_t)a[l] > (int32_t)b[l] ? ((int32_t)b[l] > (int32_t)c[l] ? (int32_t)b[l] : ((int32_t)a[l] < (int32_t)c[l] ? (int32_t)a[l] : (int32_t)c[l])) : ((int32_t)a[l] > (int32_t)c[l] ? (int32_t)a[l] : ((int32_t)b[l] < (int32_t)c[l] ? (int32_t)b[l] : (int32_t)c[l]))))
/* D = min(S0, S1, S2) signed */
INT3(v_min3_i32, (uint32_t)((int32_t)a[l] < (int32_t)b[l] ? ((int32_t)a[l] < (int32_t)c[l] ? a[l] : c[l]) : ((int32_t)b[l] < (int32_t)c[l] ? b[l] : c[l])))
/* D = max(S0, S1, S2) signed */
INT3(v_max3_i32, (uint32_t)((int32_t)a[l] > (int32_t)b[l] ? ((int32_t)a[l] > (int32_t)c[l] ? a[l] : c[l]) : ((int32_t)b[l] > (int32_t)c[l] ? b[l] : c[l])))
/* D = min(S0, S1, S2) unsigned */
INT3(v_min3_u32, a[l] < b[l] ? (a[l] < c[l] ? a[l] : c[l]) : (b[l] < c[l] ? b[l] : c[l]))
/* D = max(S0, S1, S2) unsigned */
INT3(v_max3_u32, a[l] > b[l] ? (a[l] > c[l] ? a[l] : c[l]) : (b[l] > c[l] ? b[l] : c[l]))

static void carry_out(r3_wave *w, const r3_inst *in, uint64_t bits);

/* D = S0 * S1 + S2 as 64-bit unsigned; SDST = carry out of the addition */
OP(v_mad_u64_u32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];
    uint64_t c[R3_MAX_LANES], r[R3_MAX_LANES], carry = 0;
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    r3_vsrc64(w, in, R3F_SRC2, 0, c);
    uint64_t mask = execm(w);
    for (int l = 0; l < LANES; l++) {
        uint64_t p = (uint64_t)a[l] * b[l];
        r[l] = p + c[l];
        if (r[l] < p && (mask >> l & 1))
            carry |= 1ull << l;
    }
    dst64(w, in, r);
    carry_out(w, in, carry);
}

/* D = S0 * S1 + S2 as 64-bit signed; SDST = signed overflow of the addition */
OP(v_mad_i64_i32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];
    uint64_t c[R3_MAX_LANES], r[R3_MAX_LANES], over = 0;
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    r3_vsrc64(w, in, R3F_SRC2, 0, c);
    for (int l = 0; l < LANES; l++) {
        uint64_t p = (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]);
        r[l] = p + c[l];
        over |= (uint64_t)(((~(p ^ c[l]) & (p ^ r[l])) >> 63) & 1) << l;
    }
    dst64(w, in, r);
    carry_out(w, in, over);
}

/* ---- carries: VOP2 forms use VCC, VOP3SD forms SDST and SRC2 ---- */

static uint64_t carry_in(const r3_wave *w, const r3_inst *in)
{
    return in->op->format == R3_VOP3 ? r3_scalar64(w, r3_src_code(in, R3F_SRC2), in, 0) : r3_vcc(w);
}

static void carry_out(r3_wave *w, const r3_inst *in, uint64_t bits)
{
    uint64_t live = execm(w);
    bits &= live;
    unsigned code = in->op->format == R3_VOP3 ? r3_field_value(in, R3F_SDST) : 106;
    if (w->wave64)
        r3_write_sgpr64(w, code, bits);
    else
        r3_write_sgpr(w, code, (uint32_t)bits);
}

#define CARRY(name, expr_sum, expr_carry, use_in)                                         \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        uint64_t cin = (use_in) ? carry_in(w, in) : 0, cout = 0;                           \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        for (int l = 0; l < LANES; l++) {                                                  \
            uint64_t ci = cin >> l & 1;                                                    \
            (void)ci;                                                                      \
            r[l] = (uint32_t)(expr_sum);                                                   \
            cout |= (uint64_t)(expr_carry) << l;                                           \
        }                                                                                  \
        dst32(w, in, r);                                                               \
        carry_out(w, in, cout);                                                            \
    }
/* D = S0 + S1; carry out */
CARRY(v_add_co_u32, (uint64_t)a[l] + b[l], ((uint64_t)a[l] + b[l]) >> 32, 0)
/* D = S0 - S1; borrow out */
CARRY(v_sub_co_u32, a[l] - b[l], b[l] > a[l], 0)
/* D = S1 - S0; borrow out */
CARRY(v_subrev_co_u32, b[l] - a[l], a[l] > b[l], 0)
/* D = S0 + S1 + carry in; carry out */
CARRY(v_add_co_ci_u32, (uint64_t)a[l] + b[l] + ci, ((uint64_t)a[l] + b[l] + ci) >> 32, 1)
/* D = S0 - S1 - borrow in; borrow out */
CARRY(v_sub_co_ci_u32, (uint64_t)a[l] - b[l] - ci, (uint64_t)b[l] + ci > a[l], 1)
/* D = S1 - S0 - borrow in; borrow out */
CARRY(v_subrev_co_ci_u32, (uint64_t)b[l] - a[l] - ci, (uint64_t)a[l] + ci > b[l], 1)

/* D = lane mask bit ? S1 : S0 (VCC in VOP2, SRC2 in VOP3) */
OP(v_cndmask_b32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    uint64_t sel = in->op->format == R3_VOP3 ? r3_scalar64(w, r3_src_code(in, R3F_SRC2), in, 0) : r3_vcc(w);
    srcf32(w, in, 0, a);
    srcf32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = (sel >> l & 1) ? b[l] : a[l];
    dst32(w, in, r);
}

/* ---- 64-bit shifts ---- */

#define SHIFT64(name, expr)                                                                \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES];                                                          \
        uint64_t b[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        src32(w, in, 0, a);                                                                \
        r3_vsrc64(w, in, R3F_SRC1, 0, b);                                                  \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        dst64(w, in, r);                                                               \
    }
/* D = S1 << S0[5:0] */
SHIFT64(v_lshlrev_b64, b[l] << (a[l] & 63))
/* D = S1 >> S0[5:0] (logical) */
SHIFT64(v_lshrrev_b64, b[l] >> (a[l] & 63))
/* D = S1 >> S0[5:0] (arithmetic) */
SHIFT64(v_ashrrev_i64, (uint64_t)((int64_t)b[l] >> (a[l] & 63)))

/* ---- moves and lane operations ---- */

/* D = S0 */
OP(v_mov_b32)
{
    uint32_t a[R3_MAX_LANES];
    src32(w, in, 0, a);
    dst32(w, in, a);
}

/* D = S0 (no operation in a functional model beyond the move) */
OP(v_nop) { (void)w; (void)in; }

/* SDST = S0 from the first active lane (lane 0 when EXEC is zero) */
OP(v_readfirstlane_b32)
{
    uint32_t a[R3_MAX_LANES];
    uint64_t e = execm(w);
    src32(w, in, 0, a);
    r3_write_sgpr(w, r3_field_value(in, R3F_VDST), a[e ? __builtin_ctzll(e) : 0]);
}

/* SDST = S0 from lane S1 (the lane number's high bits are ignored) */
OP(v_readlane_b32)
{
    uint32_t a[R3_MAX_LANES];
    src32(w, in, 0, a);
    uint32_t lane = r3_scalar32(w, r3_src_code(in, R3F_SRC1), in) & (uint32_t)(w->lanes - 1);
    r3_write_sgpr(w, r3_field_value(in, R3F_VDST), a[lane]);
}

/* VDST[lane S1] = S0, whatever EXEC holds */
OP(v_writelane_b32)
{
    uint32_t v = r3_scalar32(w, r3_src_code(in, R3F_SRC0), in);
    uint32_t lane = r3_scalar32(w, r3_src_code(in, R3F_SRC1), in) & (uint32_t)(w->lanes - 1);
    w->vgpr[r3_field_value(in, R3F_VDST)][lane] = v;
}

/* ---- f32 arithmetic ---- */

#define F32_2(name, expr)                                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        srcf32(w, in, 0, a);                                                               \
        srcf32(w, in, 1, b);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            float x = f32(a[l]), y = f32(b[l]);                                            \
            r[l] = b32(expr);                                                              \
        }                                                                                  \
        r3_fout32(in, r, LANES);                                                           \
        dst32(w, in, r);                                                               \
    }
/* D = S0 + S1 */
F32_2(v_add_f32, x + y)
/* D = S0 - S1 */
F32_2(v_sub_f32, x - y)
/* D = S1 - S0 */
F32_2(v_subrev_f32, y - x)
/* D = S0 * S1 */
F32_2(v_mul_f32, x * y)
/* D = min(S0, S1), a NaN operand loses (IEEE mode quiets signalling NaNs) */
F32_2(v_min_f32, isnan(x) ? y : isnan(y) ? x : (x < y || (x == y && signbit(x))) ? x : y)
/* D = max(S0, S1), a NaN operand loses */
F32_2(v_max_f32, isnan(x) ? y : isnan(y) ? x : (x > y || (x == y && !signbit(x))) ? x : y)
/* D = S0 * 2^S1 */
OP(v_ldexp_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    srcf32(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = b32(ldexpf(f32(a[l]), (int32_t)b[l]));
    r3_fout32(in, r, LANES);
    dst32(w, in, r);
}

/* D = S0 * S1 + S2, one rounding */
OP(v_fma_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    srcf32(w, in, 0, a);
    srcf32(w, in, 1, b);
    srcf32(w, in, 2, c);
    for (int l = 0; l < LANES; l++)
        r[l] = b32(fmaf(f32(a[l]), f32(b[l]), f32(c[l])));
    r3_fout32(in, r, LANES);
    dst32(w, in, r);
}

/* D = S0 * S1 + D, one rounding */
OP(v_fmac_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    srcf32(w, in, 0, a);
    srcf32(w, in, 1, b);
    const uint32_t *d = w->vgpr[r3_vdst(in) & 255];
    for (int l = 0; l < LANES; l++)
        r[l] = b32(fmaf(f32(a[l]), f32(b[l]), f32(d[l])));
    r3_fout32(in, r, LANES);
    dst32(w, in, r);
}

/* D = S0 * K + S1 (fmamk) */
OP(v_fmamk_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = b32(fmaf(f32(a[l]), f32(in->literal), f32(b[l])));
    dst32(w, in, r);
}

/* D = S0 * S1 + K (fmaak) */
OP(v_fmaak_f32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = b32(fmaf(f32(a[l]), f32(b[l]), f32(in->literal)));
    dst32(w, in, r);
}

/* Drop whole revolutions exactly (x - rint(x) is exact in f32) before scaling in double, so
   large inputs keep all their fraction bits; infinities give NaN like the hardware. */
static double revolutions_to_radians(float x)
{
    if (isinf(x))
        return NAN;
    return (double)(x - rintf(x)) * 6.283185307179586476925;
}

#define F32_1(name, expr)                                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        srcf32(w, in, 0, a);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            float x = f32(a[l]);                                                           \
            r[l] = b32(expr);                                                              \
        }                                                                                  \
        r3_fout32(in, r, LANES);                                                           \
        dst32(w, in, r);                                                               \
    }
/* D = 1 / S0 (hardware precision: within 1 ulp) */
F32_1(v_rcp_f32, 1.0f / x)
/* D = 1 / S0, integer-division variant: same result, no denormal flush of the input */
F32_1(v_rcp_iflag_f32, 1.0f / x)
/* D = 1 / sqrt(S0) (within 1 ulp) */
F32_1(v_rsq_f32, 1.0f / sqrtf(x))
/* D = sqrt(S0) (within 1 ulp) */
F32_1(v_sqrt_f32, sqrtf(x))
/* D = 2^S0 (within 1 ulp) */
F32_1(v_exp_f32, exp2f(x))
/* D = log2(S0) (within 1 ulp) */
F32_1(v_log_f32, log2f(x))
/* D = sin(2 pi S0): S0 is in revolutions */
F32_1(v_sin_f32, (float)sin(revolutions_to_radians(x)))
/* D = cos(2 pi S0) */
F32_1(v_cos_f32, (float)cos(revolutions_to_radians(x)))
/* D = trunc(S0) */
F32_1(v_trunc_f32, truncf(x))
/* D = ceil(S0) */
F32_1(v_ceil_f32, ceilf(x))
/* D = floor(S0) */
F32_1(v_floor_f32, floorf(x))
/* D = S0 rounded to the nearest even integer */
F32_1(v_rndne_f32, rintf(x))
/* D = S0 - floor(S0) */
F32_1(v_fract_f32, isinf(x) ? NAN : x - floorf(x))

/* ---- conversions ---- */

static uint32_t cvt_u32(double d)
{
    return isnan(d) ? 0 : d <= 0 ? 0 : d >= 4294967295.0 ? 0xffffffffu : (uint32_t)d;
}

static uint32_t cvt_i32(double d)
{
    return isnan(d) ? 0 : d <= -2147483648.0 ? 0x80000000u : d >= 2147483647.0 ? 0x7fffffffu : (uint32_t)(int32_t)d;
}

#define CVT(name, T_in, fetch, expr, T_out, store)                                         \
    OP(name)                                                                               \
    {                                                                                      \
        T_in a[R3_MAX_LANES];                                                              \
        T_out r[R3_MAX_LANES];                                                             \
        fetch;                                                                             \
        for (int l = 0; l < LANES; l++)                                                    \
            r[l] = (expr);                                                                 \
        store;                                                                             \
    }
/* D = (u32)trunc(S0), saturating, NaN -> 0 */
CVT(v_cvt_u32_f32, uint32_t, srcf32(w, in, 0, a), cvt_u32(f32(a[l])), uint32_t, dst32(w, in, r))
/* D = (i32)trunc(S0), saturating, NaN -> 0 */
CVT(v_cvt_i32_f32, uint32_t, srcf32(w, in, 0, a), cvt_i32(f32(a[l])), uint32_t, dst32(w, in, r))
/* D = (f32)S0 unsigned */
CVT(v_cvt_f32_u32, uint32_t, src32(w, in, 0, a), b32((float)a[l]), uint32_t, dst32(w, in, r))
/* D = (f32)S0 signed */
CVT(v_cvt_f32_i32, uint32_t, src32(w, in, 0, a), b32((float)(int32_t)a[l]), uint32_t, dst32(w, in, r))
/* D = (f64)S0 signed */
CVT(v_cvt_f64_i32, uint32_t, src32(w, in, 0, a), b64((double)(int32_t)a[l]), uint64_t, dst64(w, in, r))
/* D = (f64)S0 unsigned */
CVT(v_cvt_f64_u32, uint32_t, src32(w, in, 0, a), b64((double)a[l]), uint64_t, dst64(w, in, r))
/* D = (f64)S0 */
CVT(v_cvt_f64_f32, uint32_t, srcf32(w, in, 0, a), b64((double)f32(a[l])), uint64_t, dst64(w, in, r))
/* D = (f32)S0, rounded to nearest even */
CVT(v_cvt_f32_f64, uint64_t, srcf64(w, in, 0, a), b32((float)f64(a[l])), uint32_t, dst32(w, in, r))
/* D = (i32)trunc(S0), saturating, NaN -> 0 */
CVT(v_cvt_i32_f64, uint64_t, srcf64(w, in, 0, a), cvt_i32(f64(a[l])), uint32_t, dst32(w, in, r))
/* D = (u32)trunc(S0), saturating, NaN -> 0 */
CVT(v_cvt_u32_f64, uint64_t, srcf64(w, in, 0, a), cvt_u32(f64(a[l])), uint32_t, dst32(w, in, r))
/* D.f16 = (f16)S0, upper half zero */
CVT(v_cvt_f16_f32, uint32_t, srcf32(w, in, 0, a), h16(f32(a[l])), uint32_t, dst32(w, in, r))
/* D = (f32)S0.f16 */
CVT(v_cvt_f32_f16, uint32_t, src32(w, in, 0, a), b32(f16(a[l] & 0xffff)), uint32_t, dst32(w, in, r))
/* D = (f32)S0[7:0] */
CVT(v_cvt_f32_ubyte0, uint32_t, src32(w, in, 0, a), b32((float)(a[l] & 255)), uint32_t, dst32(w, in, r))

/* ---- f16 arithmetic (results in the low half, the high half is zeroed) ---- */

#define F16_2(name, expr)                                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        for (int l = 0; l < LANES; l++) {                                                  \
            float x = f16(a[l] & 0xffff), y = f16(b[l] & 0xffff);                          \
            r[l] = h16(expr);                                                              \
        }                                                                                  \
        dst32(w, in, r);                                                               \
    }
/* D = S0 + S1 (f16) */
F16_2(v_add_f16, x + y)
/* D = S0 * S1 (f16) */
F16_2(v_mul_f16, x * y)
/* D = S0 - S1 (f16) */
F16_2(v_sub_f16, x - y)

/* D = S0 * S1 + S2 (f16), one rounding */
OP(v_fma_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    src32(w, in, 2, c);
    for (int l = 0; l < LANES; l++)
        r[l] = h16((float)fma((double)f16(a[l] & 0xffff), (double)f16(b[l] & 0xffff), (double)f16(c[l] & 0xffff)));
    dst32(w, in, r);
}

/* D = S0 * S1 + D (f16), one rounding */
OP(v_fmac_f16)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    src32(w, in, 0, a);
    src32(w, in, 1, b);
    const uint32_t *d = w->vgpr[r3_vdst(in) & 255];
    for (int l = 0; l < LANES; l++)
        r[l] = h16((float)fma((double)f16(a[l] & 0xffff), (double)f16(b[l] & 0xffff), (double)f16(d[l] & 0xffff)));
    dst32(w, in, r);
}

/* ---- f64 arithmetic ---- */

#define F64_2(name, expr)                                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];                        \
        srcf64(w, in, 0, a);                                                               \
        srcf64(w, in, 1, b);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            double x = f64(a[l]), y = f64(b[l]);                                           \
            r[l] = b64(expr);                                                              \
        }                                                                                  \
        r3_fout64(in, r, LANES);                                                           \
        dst64(w, in, r);                                                               \
    }
/* D = S0 + S1 */
F64_2(v_add_f64, x + y)
/* D = S0 * S1 */
F64_2(v_mul_f64, x * y)
/* D = min(S0, S1), a NaN operand loses */
F64_2(v_min_f64, isnan(x) ? y : isnan(y) ? x : (x < y || (x == y && signbit(x))) ? x : y)
/* D = max(S0, S1), a NaN operand loses */
F64_2(v_max_f64, isnan(x) ? y : isnan(y) ? x : (x > y || (x == y && !signbit(x))) ? x : y)

/* D = S0 * S1 + S2, one rounding */
OP(v_fma_f64)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    srcf64(w, in, 0, a);
    srcf64(w, in, 1, b);
    srcf64(w, in, 2, c);
    for (int l = 0; l < LANES; l++)
        r[l] = b64(fma(f64(a[l]), f64(b[l]), f64(c[l])));
    r3_fout64(in, r, LANES);
    dst64(w, in, r);
}

/* D = S0 * 2^S1 */
OP(v_ldexp_f64)
{
    uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    uint32_t b[R3_MAX_LANES];
    srcf64(w, in, 0, a);
    src32(w, in, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = b64(ldexp(f64(a[l]), (int32_t)b[l]));
    r3_fout64(in, r, LANES);
    dst64(w, in, r);
}

#define F64_1(name, expr)                                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        srcf64(w, in, 0, a);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            double x = f64(a[l]);                                                          \
            r[l] = b64(expr);                                                              \
        }                                                                                  \
        r3_fout64(in, r, LANES);                                                           \
        dst64(w, in, r);                                                               \
    }
/* D = 1 / S0 (hardware gives an approximation the compiler refines; we give the exact value) */
F64_1(v_rcp_f64, 1.0 / x)
/* D = 1 / sqrt(S0) */
F64_1(v_rsq_f64, 1.0 / sqrt(x))
/* D = sqrt(S0) */
F64_1(v_sqrt_f64, sqrt(x))
/* D = trunc(S0) */
F64_1(v_trunc_f64, trunc(x))
/* D = floor(S0) */
F64_1(v_floor_f64, floor(x))
/* D = ceil(S0) */
F64_1(v_ceil_f64, ceil(x))
/* D = S0 rounded to the nearest even integer */
F64_1(v_rndne_f64, rint(x))
/* D = S0 - floor(S0) */
F64_1(v_fract_f64, isinf(x) ? NAN : x - floor(x))

/* ---- division helpers: the scale / refine / fix-up sequence compilers emit for IEEE division ---- */

/* The constants of the division helpers for one float width. */
typedef struct {
    int f64;            /* 0: f32, 1: f64 */
    int scale;          /* the exponent shift div_scale and div_fmas apply: 64 or 128 */
    int near_max;       /* exponent difference at which the quotient nears the largest float */
    int tiny_exp;       /* biased exponent at or below which the numerator counts as tiny */
    int emax;           /* biased exponent of infinities and NaNs */
    double min_normal;
} r3_divfmt;

static const r3_divfmt div_f32 = {0, 64, 96, 23, 255, 1.17549435082228750797e-38};
static const r3_divfmt div_f64 = {1, 128, 768, 53, 2047, 2.22507385850720138309e-308};

/* The biased exponent field of x in the format's width. */
static int div_exponent(const r3_divfmt *f, double x)
{
    return f->f64 ? (int)(b64(x) >> 52 & 0x7ff) : (int)(b32((float)x) >> 23 & 0xff);
}

static int div_denormal(const r3_divfmt *f, double x)
{
    return x != 0 && fabs(x) < f->min_normal;
}

static double div_round(const r3_divfmt *f, double x)
{
    return f->f64 ? x : (double)(float)x;
}

static uint32_t frexp_exp(double x)
{
    int e = 0;
    if (!isinf(x) && !isnan(x))
        frexp(x, &e);
    return (uint32_t)e;
}

/* The division helpers work on doubles; f32 operands live in the low half of each value. */
static double div_load(const r3_divfmt *f, uint64_t v)
{
    return f->f64 ? f64(v) : (double)f32((uint32_t)v);
}

static uint64_t div_store(const r3_divfmt *f, double d)
{
    return f->f64 ? b64(d) : b32((float)d);
}

static void div_fetch3(const r3_wave *w, const r3_inst *in, const r3_divfmt *f, uint64_t a[R3_MAX_LANES],
                       uint64_t b[R3_MAX_LANES], uint64_t c[R3_MAX_LANES])
{
    uint64_t *dst[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        if (f->f64) {
            srcf64(w, in, k, dst[k]);
            continue;
        }
        uint32_t t[R3_MAX_LANES];
        srcf32(w, in, k, t);
        for (int l = 0; l < LANES; l++)
            dst[k][l] = t[l];
    }
}

static void div_write(r3_wave *w, const r3_inst *in, const r3_divfmt *f, uint64_t r[R3_MAX_LANES])
{
    if (f->f64) {
        r3_fout64(in, r, LANES);
        dst64(w, in, r);
        return;
    }
    uint32_t t[R3_MAX_LANES];
    for (int l = 0; l < LANES; l++)
        t[l] = (uint32_t)r[l];
    r3_fout32(in, t, LANES);
    dst32(w, in, t);
}

/* One lane of v_div_scale: S0 is the value to scale (numerator or denominator), S1 the
   denominator, S2 the numerator. Scales both operands together when the reciprocal or the
   quotient would lose precision, and sets *vcc when only one of them may be scaled (the
   quotient then needs div_fmas to undo it). */
static double div_scale(const r3_divfmt *f, double s0, double s1, double s2, int *vcc)
{
    double q = f->f64 ? s2 / s1 : (double)((float)s2 / (float)s1);
    *vcc = 0;
    if (s2 == 0 || s1 == 0)
        return NAN;
    if (div_exponent(f, s2) - div_exponent(f, s1) >= f->near_max) {
        *vcc = 1;
        return s0 == s1 ? div_round(f, ldexp(s0, f->scale)) : s0;
    }
    if (div_denormal(f, s1))
        return div_round(f, ldexp(s0, f->scale));
    int rcp_tiny = div_denormal(&div_f64, 1.0 / s1);
    if (rcp_tiny && div_denormal(f, q)) {
        *vcc = 1;
        return s0 == s1 ? div_round(f, ldexp(s0, -f->scale)) : s0;
    }
    if (rcp_tiny)
        return div_round(f, ldexp(s0, -f->scale));
    if (div_denormal(f, q)) {
        *vcc = 1;
        return s0 == s2 ? div_round(f, ldexp(s0, f->scale)) : s0;
    }
    if (div_exponent(f, s2) <= f->tiny_exp)
        return div_round(f, ldexp(s0, f->scale));
    return s0;
}

/* One lane of v_div_fmas: fma(S0, S1, S2), then undo div_scale's one-sided scaling when VCC is
   set: a large quotient was computed with the denominator scaled up, a small one with the
   numerator scaled up. */
static double div_fmas(const r3_divfmt *f, double s0, double s1, double s2, int vcc)
{
    double r = f->f64 ? fma(s0, s1, s2) : (double)fmaf((float)s0, (float)s1, (float)s2);
    if (!vcc)
        return r;
    int big = div_exponent(f, s2) > (f->emax >> 1);
    return div_round(f, ldexp(r, big ? f->scale : -f->scale));
}

static double quiet_nan(double x)
{
    return f64(b64(x) | 0x0008000000000000ull);
}

/* One lane of v_div_fixup: S0 the computed quotient, S1 the denominator, S2 the numerator; gives
   the IEEE special cases (NaN, infinities, zeros, overflow, underflow) the refinement cannot. */
static double div_fixup(const r3_divfmt *f, double s0, double s1, double s2)
{
    int neg = signbit(s1) != signbit(s2);
    if (isnan(s2))
        return quiet_nan(s2);
    if (isnan(s1))
        return quiet_nan(s1);
    if ((s1 == 0 && s2 == 0) || (isinf(s1) && isinf(s2)))
        return -NAN;
    if (s1 == 0 || isinf(s2))
        return neg ? -INFINITY : INFINITY;
    if (isinf(s1) || s2 == 0)
        return neg ? -0.0 : 0.0;
    if (div_exponent(f, s2) - div_exponent(f, s1) < -(f->f64 ? 1075 : 150))
        return neg ? -0.0 : 0.0;
    if (isnan(s0)) /* the refinement overflowed internally: the true quotient is out of range */
        return neg ? -INFINITY : INFINITY;
    return neg ? -fabs(s0) : fabs(s0);
}

static void div_scale_lanes(r3_wave *w, const r3_inst *in, const r3_divfmt *f)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES], vcc = 0;
    div_fetch3(w, in, f, a, b, c);
    for (int l = 0; l < LANES; l++) {
        int v;
        r[l] = div_store(f, div_scale(f, div_load(f, a[l]), div_load(f, b[l]), div_load(f, c[l]), &v));
        vcc |= (uint64_t)v << l;
    }
    div_write(w, in, f, r);
    carry_out(w, in, vcc);
}
/* D = S0 scaled by 2^64 when needed for an accurate S2 / S1; VCC = quotient needs unscaling */
OP(v_div_scale_f32) { div_scale_lanes(w, in, &div_f32); }
/* D = S0 scaled by 2^128 when needed for an accurate S2 / S1; VCC = quotient needs unscaling */
OP(v_div_scale_f64) { div_scale_lanes(w, in, &div_f64); }

static void div_fmas_lanes(r3_wave *w, const r3_inst *in, const r3_divfmt *f)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES], vcc = r3_vcc(w);
    div_fetch3(w, in, f, a, b, c);
    for (int l = 0; l < LANES; l++)
        r[l] = div_store(f, div_fmas(f, div_load(f, a[l]), div_load(f, b[l]), div_load(f, c[l]), vcc >> l & 1));
    div_write(w, in, f, r);
}
/* D = S0 * S1 + S2, times 2^(+-64) when VCC (undoing div_scale) */
OP(v_div_fmas_f32) { div_fmas_lanes(w, in, &div_f32); }
/* D = S0 * S1 + S2, times 2^(+-128) when VCC (undoing div_scale) */
OP(v_div_fmas_f64) { div_fmas_lanes(w, in, &div_f64); }

static void div_fixup_lanes(r3_wave *w, const r3_inst *in, const r3_divfmt *f)
{
    uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], c[R3_MAX_LANES], r[R3_MAX_LANES];
    div_fetch3(w, in, f, a, b, c);
    for (int l = 0; l < LANES; l++)
        r[l] = div_store(f, div_fixup(f, div_load(f, a[l]), div_load(f, b[l]), div_load(f, c[l])));
    div_write(w, in, f, r);
}
/* D = the quotient S0 of S2 / S1 with IEEE special cases applied */
OP(v_div_fixup_f32) { div_fixup_lanes(w, in, &div_f32); }
/* D = the quotient S0 of S2 / S1 with IEEE special cases applied (f64) */
OP(v_div_fixup_f64) { div_fixup_lanes(w, in, &div_f64); }

/* ---- frexp ---- */

/* D = the mantissa of S0 in [0.5, 1) with S0's sign; NaN and infinities pass through */
F32_1(v_frexp_mant_f32, isinf(x) || isnan(x) ? x : frexpf(x, &(int){0}))
/* D = the mantissa of S0 (f64) */
F64_1(v_frexp_mant_f64, isinf(x) || isnan(x) ? x : frexp(x, &(int){0}))

/* D = the exponent e of S0 = m * 2^e, m in [0.5, 1); 0 for NaN, infinities and zero */
CVT(v_frexp_exp_i32_f32, uint32_t, srcf32(w, in, 0, a), frexp_exp(f32(a[l])), uint32_t, dst32(w, in, r))
/* D = the exponent of S0 (f64) */
CVT(v_frexp_exp_i32_f64, uint64_t, srcf64(w, in, 0, a), frexp_exp(f64(a[l])), uint32_t, dst32(w, in, r))

/* ---- compares: VOPC writes VCC (e32) or SDST (e64); v_cmpx writes EXEC ---- */

static void cmp_result(r3_wave *w, const r3_inst *in, uint64_t bits, int cmpx)
{
    bits &= execm(w);
    if (!w->wave64)
        bits &= 0xffffffffu;
    if (cmpx) {
        r3_set_exec(w, bits);
        return;
    }
    unsigned code = in->op->format == R3_VOP3 ? r3_field_value(in, R3F_VDST) : 106;
    if (w->wave64)
        r3_write_sgpr64(w, code, bits);
    else
        r3_write_sgpr(w, code, (uint32_t)bits);
}

#define CMPI(name, T, expr, cmpx)                                                          \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];                                         \
        uint64_t bits = 0;                                                                 \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        for (int l = 0; l < LANES; l++) {                                                  \
            T x = (T)a[l], y = (T)b[l];                                                    \
            (void)x; (void)y;                                                              \
            bits |= (uint64_t)(expr) << l;                                                 \
        }                                                                                  \
        cmp_result(w, in, bits, cmpx);                                                     \
    }
#define CMPQ(name, T, expr, cmpx)                                                          \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], bits = 0;                               \
        r3_vsrc64(w, in, r3_srcf(in, 0), 0, a);                                            \
        r3_vsrc64(w, in, r3_srcf(in, 1), 0, b);                                            \
        for (int l = 0; l < LANES; l++) {                                                  \
            T x = (T)a[l], y = (T)b[l];                                                    \
            (void)x; (void)y;                                                              \
            bits |= (uint64_t)(expr) << l;                                                 \
        }                                                                                  \
        cmp_result(w, in, bits, cmpx);                                                     \
    }
#define CMPF(name, expr, cmpx)                                                             \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];                                         \
        uint64_t bits = 0;                                                                 \
        srcf32(w, in, 0, a);                                                               \
        srcf32(w, in, 1, b);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            double x = f32(a[l]), y = f32(b[l]);                                           \
            (void)x; (void)y;                                                              \
            bits |= (uint64_t)(expr) << l;                                                 \
        }                                                                                  \
        cmp_result(w, in, bits, cmpx);                                                     \
    }
#define CMPD(name, expr, cmpx)                                                             \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], bits = 0;                               \
        srcf64(w, in, 0, a);                                                               \
        srcf64(w, in, 1, b);                                                               \
        for (int l = 0; l < LANES; l++) {                                                  \
            double x = f64(a[l]), y = f64(b[l]);                                           \
            (void)x; (void)y;                                                              \
            bits |= (uint64_t)(expr) << l;                                                 \
        }                                                                                  \
        cmp_result(w, in, bits, cmpx);                                                     \
    }
#define CMPH(name, expr, cmpx)                                                             \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];                                         \
        uint64_t bits = 0;                                                                 \
        src32(w, in, 0, a);                                                                \
        src32(w, in, 1, b);                                                                \
        for (int l = 0; l < LANES; l++) {                                                  \
            double x = f16(a[l] & 0xffff), y = f16(b[l] & 0xffff);                         \
            (void)x; (void)y;                                                              \
            bits |= (uint64_t)(expr) << l;                                                 \
        }                                                                                  \
        cmp_result(w, in, bits, cmpx);                                                     \
    }
/* Integer compares: x, y are the lanes' S0 and S1 in the instruction's type. */
#define INT_CMPS(P, T, MAC)                                                                \
    MAC(P##lt_##T, T##_t, x < y, 0) MAC(P##eq_##T, T##_t, x == y, 0) MAC(P##le_##T, T##_t, x <= y, 0) \
    MAC(P##gt_##T, T##_t, x > y, 0) MAC(P##ne_##T, T##_t, x != y, 0) MAC(P##ge_##T, T##_t, x >= y, 0)
#define INT_CMPXS(P, T, MAC)                                                               \
    MAC(P##lt_##T, T##_t, x < y, 1) MAC(P##eq_##T, T##_t, x == y, 1) MAC(P##le_##T, T##_t, x <= y, 1) \
    MAC(P##gt_##T, T##_t, x > y, 1) MAC(P##ne_##T, T##_t, x != y, 1) MAC(P##ge_##T, T##_t, x >= y, 1)
/* v_cmp[x]_{lt,eq,le,gt,ne,ge}_{i32,u32,i16,u16,i64,u64}: the lane bit = S0 cmp S1 */
INT_CMPS(v_cmp_, int32, CMPI)
INT_CMPS(v_cmp_, uint32, CMPI)
INT_CMPS(v_cmp_, int16, CMPI)
INT_CMPS(v_cmp_, uint16, CMPI)
INT_CMPS(v_cmp_, int64, CMPQ)
INT_CMPS(v_cmp_, uint64, CMPQ)
INT_CMPXS(v_cmpx_, int32, CMPI)
INT_CMPXS(v_cmpx_, uint32, CMPI)
INT_CMPXS(v_cmpx_, int16, CMPI)
INT_CMPXS(v_cmpx_, uint16, CMPI)
INT_CMPXS(v_cmpx_, int64, CMPQ)
INT_CMPXS(v_cmpx_, uint64, CMPQ)
/* Float compares: ordered ones are false with a NaN, the "n" forms are their negations. */
#define FLT_CMPS(P, T, MAC, X)                                                             \
    MAC(P##f_##T, 0, X) MAC(P##lt_##T, x < y, X) MAC(P##eq_##T, x == y, X) MAC(P##le_##T, x <= y, X) \
    MAC(P##gt_##T, x > y, X) MAC(P##lg_##T, x < y || x > y, X) MAC(P##ge_##T, x >= y, X)               \
    MAC(P##o_##T, !isnan(x) && !isnan(y), X) MAC(P##u_##T, isnan(x) || isnan(y), X)                    \
    MAC(P##nge_##T, !(x >= y), X) MAC(P##nlg_##T, !(x < y || x > y), X) MAC(P##ngt_##T, !(x > y), X)    \
    MAC(P##nle_##T, !(x <= y), X) MAC(P##neq_##T, !(x == y), X) MAC(P##nlt_##T, !(x < y), X)           \
    MAC(P##t_##T, 1, X)
/* v_cmp[x]_{f,lt,eq,le,gt,lg,ge,o,u,nge,nlg,ngt,nle,neq,nlt,t}_{f16,f32,f64} */
FLT_CMPS(v_cmp_, f32, CMPF, 0)
FLT_CMPS(v_cmpx_, f32, CMPF, 1)
FLT_CMPS(v_cmp_, f64, CMPD, 0)
FLT_CMPS(v_cmpx_, f64, CMPD, 1)
FLT_CMPS(v_cmp_, f16, CMPH, 0)
FLT_CMPS(v_cmpx_, f16, CMPH, 1)

/* The class bits of a double for v_cmp_class: sNaN, qNaN, -inf, -normal, -denorm, -0, +0, +denorm,
   +normal, +inf (bits 0..9). */
static int fclass(double v, int is_snan)
{
    if (isnan(v))
        return is_snan ? 0 : 1;
    if (isinf(v))
        return signbit(v) ? 2 : 9;
    if (v == 0)
        return signbit(v) ? 5 : 6;
    int normal = fabs(v) >= 2.2250738585072014e-308;
    return signbit(v) ? (normal ? 3 : 4) : (normal ? 8 : 7);
}

/* lane bit = the class of S0 is one of the classes set in S1 (f64) */
OP(v_cmp_class_f64)
{
    uint64_t a[R3_MAX_LANES], bits = 0;
    uint32_t m[R3_MAX_LANES];
    srcf64(w, in, 0, a);
    src32(w, in, 1, m);
    for (int l = 0; l < LANES; l++) {
        int c = fclass(f64(a[l]), isnan(f64(a[l])) && !(a[l] >> 51 & 1));
        bits |= (uint64_t)(m[l] >> c & 1) << l;
    }
    cmp_result(w, in, bits, 0);
}

/* lane bit = the class of S0 is one of the classes set in S1 (f32) */
OP(v_cmp_class_f32)
{
    uint32_t a[R3_MAX_LANES], m[R3_MAX_LANES];
    uint64_t bits = 0;
    srcf32(w, in, 0, a);
    src32(w, in, 1, m);
    for (int l = 0; l < LANES; l++) {
        float x = f32(a[l]);
        int c = isnan(x) ? !(a[l] >> 22 & 1) ? 0 : 1
                : fabsf(x) < 1.17549435e-38f && x != 0 ? (signbit(x) ? 4 : 7) : fclass((double)x, 0);
        bits |= (uint64_t)(m[l] >> c & 1) << l;
    }
    cmp_result(w, in, bits, 0);
}

const r3_handler r3_valu_handlers[] = {
#define H(name) {#name, name}
    H(v_add_nc_u32), H(v_sub_nc_u32), H(v_subrev_nc_u32), H(v_and_b32), H(v_or_b32), H(v_xor_b32),
    H(v_xnor_b32), H(v_lshlrev_b32), H(v_lshrrev_b32), H(v_ashrrev_i32), H(v_mul_lo_u32), H(v_mul_hi_u32),
    H(v_mul_hi_i32), H(v_mul_i32_i24), H(v_mul_u32_u24), H(v_mul_hi_i32_i24), H(v_mul_hi_u32_u24),
    H(v_min_i32), H(v_max_i32), H(v_min_u32), H(v_max_u32), H(v_bcnt_u32_b32), H(v_pack_b32_f16),
    H(v_mbcnt_lo_u32_b32), H(v_mbcnt_hi_u32_b32), H(v_lshl_add_u32), H(v_add_lshl_u32), H(v_add3_u32),
    H(v_lshl_or_b32), H(v_and_or_b32), H(v_or3_b32), H(v_xor3_b32), H(v_bfe_u32), H(v_bfe_i32), H(v_bfi_b32),
    H(v_mad_u32_u24), H(v_mad_i32_i24), H(v_alignbyte_b32), H(v_alignbit_b32), H(v_med3_i32), H(v_min3_i32),
    H(v_max3_i32), H(v_min3_u32), H(v_max3_u32), H(v_mad_u64_u32), H(v_mad_i64_i32), H(v_add_co_u32),
    H(v_sub_co_u32), H(v_subrev_co_u32), H(v_add_co_ci_u32), H(v_sub_co_ci_u32), H(v_subrev_co_ci_u32),
    H(v_cndmask_b32), H(v_lshlrev_b64), H(v_lshrrev_b64), H(v_ashrrev_i64), H(v_mov_b32), H(v_nop),
    H(v_readfirstlane_b32), H(v_readlane_b32), H(v_writelane_b32), H(v_add_f32), H(v_sub_f32), H(v_subrev_f32),
    H(v_mul_f32), H(v_min_f32), H(v_max_f32), H(v_ldexp_f32), H(v_fma_f32), H(v_fmac_f32), H(v_fmamk_f32),
    H(v_fmaak_f32), H(v_rcp_f32), H(v_rcp_iflag_f32), H(v_rsq_f32), H(v_sqrt_f32), H(v_exp_f32), H(v_log_f32),
    H(v_sin_f32), H(v_cos_f32), H(v_trunc_f32), H(v_ceil_f32), H(v_floor_f32), H(v_rndne_f32), H(v_fract_f32),
    H(v_cvt_u32_f32), H(v_cvt_i32_f32), H(v_cvt_f32_u32), H(v_cvt_f32_i32), H(v_cvt_f64_i32), H(v_cvt_f64_u32),
    H(v_cvt_f64_f32), H(v_cvt_f32_f64), H(v_cvt_i32_f64), H(v_cvt_u32_f64), H(v_cvt_f16_f32), H(v_cvt_f32_f16),
    H(v_cvt_f32_ubyte0), H(v_add_f16), H(v_mul_f16), H(v_sub_f16), H(v_fma_f16), H(v_fmac_f16), H(v_add_f64),
    H(v_mul_f64), H(v_min_f64), H(v_max_f64), H(v_fma_f64), H(v_ldexp_f64), H(v_rcp_f64), H(v_rsq_f64),
    H(v_sqrt_f64), H(v_trunc_f64), H(v_floor_f64), H(v_ceil_f64), H(v_rndne_f64), H(v_fract_f64),
    H(v_cmp_class_f64), H(v_cmp_class_f32), H(v_div_scale_f32), H(v_div_scale_f64), H(v_div_fmas_f32),
    H(v_div_fmas_f64), H(v_div_fixup_f32), H(v_div_fixup_f64), H(v_frexp_mant_f32), H(v_frexp_mant_f64),
    H(v_frexp_exp_i32_f32), H(v_frexp_exp_i32_f64), H(v_not_b32), H(v_bfrev_b32), H(v_clz_i32_u32), H(v_ctz_i32_b32),
    H(v_cls_i32),
#define CMP_NAMES(T) {"v_cmp_lt_" #T, v_cmp_lt_##T}, {"v_cmp_eq_" #T, v_cmp_eq_##T}, {"v_cmp_le_" #T, v_cmp_le_##T}, \
    {"v_cmp_gt_" #T, v_cmp_gt_##T}, {"v_cmp_ne_" #T, v_cmp_ne_##T}, {"v_cmp_ge_" #T, v_cmp_ge_##T},                  \
    {"v_cmpx_lt_" #T, v_cmpx_lt_##T}, {"v_cmpx_eq_" #T, v_cmpx_eq_##T}, {"v_cmpx_le_" #T, v_cmpx_le_##T},           \
    {"v_cmpx_gt_" #T, v_cmpx_gt_##T}, {"v_cmpx_ne_" #T, v_cmpx_ne_##T}, {"v_cmpx_ge_" #T, v_cmpx_ge_##T}
    /* the table calls them i32/u32/..., the functions int32/uint32/... */
#define CMP_NAMES2(N, T) {"v_cmp_lt_" #N, v_cmp_lt_##T}, {"v_cmp_eq_" #N, v_cmp_eq_##T}, {"v_cmp_le_" #N, v_cmp_le_##T}, \
    {"v_cmp_gt_" #N, v_cmp_gt_##T}, {"v_cmp_ne_" #N, v_cmp_ne_##T}, {"v_cmp_ge_" #N, v_cmp_ge_##T},                      \
    {"v_cmpx_lt_" #N, v_cmpx_lt_##T}, {"v_cmpx_eq_" #N, v_cmpx_eq_##T}, {"v_cmpx_le_" #N, v_cmpx_le_##T},               \
    {"v_cmpx_gt_" #N, v_cmpx_gt_##T}, {"v_cmpx_ne_" #N, v_cmpx_ne_##T}, {"v_cmpx_ge_" #N, v_cmpx_ge_##T}
    CMP_NAMES2(i32, int32), CMP_NAMES2(u32, uint32), CMP_NAMES2(i16, int16), CMP_NAMES2(u16, uint16),
    CMP_NAMES2(i64, int64), CMP_NAMES2(u64, uint64),
#define FCMP_NAMES(P, T) {#P "f_" #T, P##f_##T}, {#P "lt_" #T, P##lt_##T}, {#P "eq_" #T, P##eq_##T},      \
    {#P "le_" #T, P##le_##T}, {#P "gt_" #T, P##gt_##T}, {#P "lg_" #T, P##lg_##T}, {#P "ge_" #T, P##ge_##T}, \
    {#P "o_" #T, P##o_##T}, {#P "u_" #T, P##u_##T}, {#P "nge_" #T, P##nge_##T}, {#P "nlg_" #T, P##nlg_##T}, \
    {#P "ngt_" #T, P##ngt_##T}, {#P "nle_" #T, P##nle_##T}, {#P "neq_" #T, P##neq_##T},                   \
    {#P "nlt_" #T, P##nlt_##T}, {#P "t_" #T, P##t_##T}
    FCMP_NAMES(v_cmp_, f32), FCMP_NAMES(v_cmpx_, f32), FCMP_NAMES(v_cmp_, f64), FCMP_NAMES(v_cmpx_, f64),
    FCMP_NAMES(v_cmp_, f16), FCMP_NAMES(v_cmpx_, f16),
#undef H
};
const size_t r3_valu_nhandlers = sizeof r3_valu_handlers / sizeof r3_valu_handlers[0];
