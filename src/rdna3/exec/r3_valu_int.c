/* RDNA3 VALU integer operations: 32/64-bit and 16-bit arithmetic, bitwise, shifts, carries,
   multiplies and multiply-adds, bit fields, min/max/median, byte permutes, SAD family, lerp. */
#include <stdlib.h>

#include "r3_valu.h"

/* Integer CLAMP saturates instead of wrapping. */
static uint32_t sat_u32(uint64_t v) { return v > 0xffffffffu ? 0xffffffffu : (uint32_t)v; }
static uint32_t sat_i32(int64_t v) { return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v); }
static uint32_t sat_u16(int64_t v) { return (uint32_t)(v > 0xffff ? 0xffff : v < 0 ? 0 : v); }
static uint32_t sat_i16(int64_t v) { return (uint32_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v) & 0xffffu; }
static int32_t i24(uint32_t v) { return (int32_t)(v << 8) >> 8; }
static int32_t i16(uint32_t v) { return (int16_t)(uint16_t)v; }

/* ---- 32-bit add and subtract (CLAMP saturates) ---- */

/* D = S0 + S1 (unsigned; CLAMP saturates) */
R3_U32_2(v_add_nc_u32, x->clamp ? sat_u32((uint64_t)a[l] + b[l]) : a[l] + b[l])
/* D = S0 - S1 (unsigned; CLAMP saturates at 0) */
R3_U32_2(v_sub_nc_u32, x->clamp ? (a[l] < b[l] ? 0 : a[l] - b[l]) : a[l] - b[l])
/* D = S1 - S0 (unsigned; CLAMP saturates at 0) */
R3_U32_2(v_subrev_nc_u32, x->clamp ? (b[l] < a[l] ? 0 : b[l] - a[l]) : b[l] - a[l])
/* D = S0 + S1 (signed; CLAMP saturates) */
R3_U32_2(v_add_nc_i32, x->clamp ? sat_i32((int64_t)(int32_t)a[l] + (int32_t)b[l]) : a[l] + b[l])
/* D = S0 - S1 (signed; CLAMP saturates) */
R3_U32_2(v_sub_nc_i32, x->clamp ? sat_i32((int64_t)(int32_t)a[l] - (int32_t)b[l]) : a[l] - b[l])

/* ---- bitwise and shifts ---- */

/* D = S0 & S1 */
R3_U32_2(v_and_b32, a[l] & b[l])
/* D = S0 | S1 */
R3_U32_2(v_or_b32, a[l] | b[l])
/* D = S0 ^ S1 */
R3_U32_2(v_xor_b32, a[l] ^ b[l])
/* D = ~(S0 ^ S1) */
R3_U32_2(v_xnor_b32, ~(a[l] ^ b[l]))
/* D = ~S0 */
R3_U32_1(v_not_b32, ~a[l])
/* D = S1 << S0[4:0] */
R3_U32_2(v_lshlrev_b32, b[l] << (a[l] & 31))
/* D = S1 >> S0[4:0] (logical) */
R3_U32_2(v_lshrrev_b32, b[l] >> (a[l] & 31))
/* D = S1 >> S0[4:0] (arithmetic) */
R3_U32_2(v_ashrrev_i32, (uint32_t)((int32_t)b[l] >> (a[l] & 31)))
/* D = (S0 << S1[4:0]) + S2 */
R3_U32_3(v_lshl_add_u32, (a[l] << (b[l] & 31)) + c[l])
/* D = (S0 + S1) << S2[4:0] */
R3_U32_3(v_add_lshl_u32, (a[l] + b[l]) << (c[l] & 31))
/* D = S0 + S1 + S2 */
R3_U32_3(v_add3_u32, a[l] + b[l] + c[l])
/* D = (S0 << S1[4:0]) | S2 */
R3_U32_3(v_lshl_or_b32, (a[l] << (b[l] & 31)) | c[l])
/* D = (S0 & S1) | S2 */
R3_U32_3(v_and_or_b32, (a[l] & b[l]) | c[l])
/* D = S0 | S1 | S2 */
R3_U32_3(v_or3_b32, a[l] | b[l] | c[l])
/* D = S0 ^ S1 ^ S2 */
R3_U32_3(v_xor3_b32, a[l] ^ b[l] ^ c[l])
/* D = (S0 ^ S1) + S2 */
R3_U32_3(v_xad_u32, (a[l] ^ b[l]) + c[l])

/* ---- 64-bit shifts ---- */

enum { SHL64, SHR64, SAR64 };

/* Fast path of the 64-bit shifts (a 32-lane wave, S1 a VGPR pair, no DPP): on the 32-bit halves,
   each shifted by the lane's amount mod 32 and the bits crossing between them moved by a second
   shift, the halves chosen by bit 5 of the amount, so the lanes vectorize as 32-bit lanes (the
   64-bit form joins the halves and splits them again). Returns 0 when the case is not one of these. */
R3_INLINE int shift64_halves(r3_wave *w, const r3_xop *x, int kind)
{
    if (!w->fast32 || x->dpp || x->src[1] < 256)
        return 0;
    uint32_t a[R3_MAX_LANES], lo[32], hi[32], rl[32], rh[32];
    r3_src_b32(w, x, 0, a);
    lanes_copy32(lo, r3_vrow(w, x->src[1] - 256u));
    lanes_copy32(hi, r3_vrow(w, x->src[1] - 255u));
    for (int l = 0; l < 32; l++) {
        uint32_t k = a[l] & 31, big = -(a[l] >> 5 & 1); /* big: the amount is 32..63 */
        if (kind == SHL64) {
            uint32_t sl = lo[l] << k, sh = hi[l] << k | (lo[l] >> 1) >> (31 - k);
            rl[l] = sl & ~big;
            rh[l] = (sh & ~big) | (sl & big);
        } else {
            uint32_t fill = kind == SAR64 ? (uint32_t)((int32_t)hi[l] >> 31) : 0;
            uint32_t sh = kind == SAR64 ? (uint32_t)((int32_t)hi[l] >> k) : hi[l] >> k;
            uint32_t sl = lo[l] >> k | (hi[l] << 1) << (31 - k);
            rh[l] = (sh & ~big) | (fill & big);
            rl[l] = (sl & ~big) | (sh & big);
        }
    }
    lanes_blend32(r3_vrow_w(w, x->vdst), rl, w->sgpr[126]);
    lanes_blend32(r3_vrow_w(w, x->vdst + 1u), rh, w->sgpr[126]);
    return 1;
}

/* (S1 through `fetch`: a literal sign-extends for the signed S1 of v_ashrrev_i64, as for every i64
   operand, and zero-extends for the b64 ones: "Inline constants by operand type") */
#define SHIFT64(name, kind, fetch, expr)                                                   \
    OP(name)                                                                               \
    {                                                                                      \
        if (shift64_halves(w, x, kind))                                                    \
            return;                                                                        \
        uint32_t a[R3_MAX_LANES];                                                          \
        uint64_t b[R3_MAX_LANES], r[R3_MAX_LANES];                                         \
        r3_src_b32(w, x, 0, a);                                                            \
        fetch(w, x, 1, b);                                                                 \
        R3_EACH_LANE(r[l] = (expr));                                                       \
        r3_dst_b64(w, x, r);                                                               \
    }
/* D = S1 << S0[5:0] */
SHIFT64(v_lshlrev_b64, SHL64, r3_src_u64, b[l] << (a[l] & 63))
/* D = S1 >> S0[5:0] (logical) */
SHIFT64(v_lshrrev_b64, SHR64, r3_src_u64, b[l] >> (a[l] & 63))
/* D = S1 >> S0[5:0] (arithmetic) */
SHIFT64(v_ashrrev_i64, SAR64, r3_src_i64, (uint64_t)((int64_t)b[l] >> (a[l] & 63)))

/* ---- multiplies ---- */

/* D = low 32 bits of S0 * S1 */
R3_U32_2(v_mul_lo_u32, a[l] * b[l])
/* D = high 32 bits of S0 * S1, unsigned */
R3_U32_2(v_mul_hi_u32, (uint32_t)(((uint64_t)a[l] * b[l]) >> 32))
/* D = high 32 bits of S0 * S1, signed */
R3_U32_2(v_mul_hi_i32, (uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32))
/* D = S0[23:0] * S1[23:0], signed, low 32 bits */
R3_U32_2(v_mul_i32_i24, (uint32_t)((int64_t)i24(a[l]) * i24(b[l])))
/* D = bits 63:32 of S0[23:0] * S1[23:0], signed */
R3_U32_2(v_mul_hi_i32_i24, (uint32_t)((uint64_t)((int64_t)i24(a[l]) * i24(b[l])) >> 32))
/* D = S0[23:0] * S1[23:0], unsigned, low 32 bits */
R3_U32_2(v_mul_u32_u24, (a[l] & 0xffffffu) * (b[l] & 0xffffffu))
/* D = bits 63:32 of S0[23:0] * S1[23:0], unsigned */
R3_U32_2(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(a[l] & 0xffffffu) * (b[l] & 0xffffffu)) >> 32))
/* D = S0[23:0] * S1[23:0] + S2, unsigned (CLAMP saturates) */
R3_U32_3(v_mad_u32_u24, x->clamp ? sat_u32((uint64_t)(a[l] & 0xffffffu) * (b[l] & 0xffffffu) + c[l])
                                 : (a[l] & 0xffffffu) * (b[l] & 0xffffffu) + c[l])
/* D = S0[23:0] * S1[23:0] + S2, signed (CLAMP saturates) */
R3_U32_3(v_mad_i32_i24, x->clamp ? sat_i32((int64_t)i24(a[l]) * i24(b[l]) + (int32_t)c[l])
                                 : (uint32_t)((int64_t)i24(a[l]) * i24(b[l]) + (int32_t)c[l]))

/* The 16-bit halves OPSEL picks of the first two sources, and a 32-bit third source. */
#define MAD16(name, expr) R3_MAP3(name, r3_src_b16, r3_src_b16, r3_src_b32, r3_dst_b32, expr)
/* D = S0.u16 * S1.u16 + S2 (CLAMP saturates) */
MAD16(v_mad_u32_u16, x->clamp ? sat_u32((uint64_t)a[l] * b[l] + c[l]) : a[l] * b[l] + c[l])
/* D = S0.i16 * S1.i16 + S2 (signed; CLAMP saturates) */
MAD16(v_mad_i32_i16, x->clamp ? sat_i32((int64_t)i16(a[l]) * i16(b[l]) + (int32_t)c[l])
                              : (uint32_t)(i16(a[l]) * i16(b[l])) + c[l])

/* Carry-out of the 64-bit multiply-adds goes to SDST: for the unsigned form the carry out of bit
   63; for the signed form, as the guide's pseudocode writes it ({ D1.i1, D0.i64 } = 65-bit
   S0 * S1 + S2), bit 64 of the exact 65-bit sum, i.e. whether it is negative (no hardware
   evidence; CLAMP still saturates on signed overflow). */
/* The 32-lane pass of mad64's fast path in 32-bit halves: lo/hi = a * b + (chi:clo), the carry out
   of each lane (signed: bit 64 of the 65-bit sum) as a lane mask; with `uniform` every lane's
   product is lane 0's (computed once). */
R3_INLINE uint32_t mad64_halves32(const uint32_t *a, const uint32_t *b, const uint32_t *clo, const uint32_t *chi,
                                  uint32_t *restrict lo, uint32_t *restrict hi, int is_signed, const int uniform)
{
    uint64_t pu = is_signed ? (uint64_t)((int64_t)(int32_t)a[0] * (int32_t)b[0]) : (uint64_t)a[0] * b[0];
    uint32_t carry = 0;
    LANES_INDEPENDENT
    for (int l = 0; l < 32; l++) {
        uint64_t p = uniform ? pu
                     : is_signed ? (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) : (uint64_t)a[l] * b[l];
        uint32_t plo = (uint32_t)p, phi = (uint32_t)(p >> 32);
        lo[l] = plo + clo[l];
        uint32_t k = lo[l] < plo;
        hi[l] = phi + chi[l] + k;
        uint32_t out = is_signed ? (hi[l] >> 31) ^ ((~(phi ^ chi[l]) & (phi ^ hi[l])) >> 31)
                                 : (hi[l] < phi) | (k & (hi[l] == phi));
        carry |= lanes_bit[l] & -out;
    }
    return carry;
}
R3_INLINE void mad64(r3_wave *w, const r3_xop *x, int is_signed)
{
    if (w->fast32 && !x->clamp && !x->dpp && x->src[2] >= 256) {
        /* a VGPR pair addend (what compilers write): one pass in 32-bit halves with the sources in
           place, the product's halves plus the addend's rows, the low half's carry into the high
           one, the carry out of the high half (signed: the 65-bit sum's sign, as below), then the
           halves written (all read first: the addend may be the destination) */
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], lo[R3_MAX_LANES], hi[R3_MAX_LANES], carry32 = 0;
        const uint32_t *sa = r3_src_direct(w, x, 0, ta), *sb = r3_src_direct(w, x, 1, tb);
        const uint32_t *clo = r3_vrow(w, x->src[2] - 256u), *chi = r3_vrow(w, x->src[2] - 255u);
        if (x->src[0] < 256 && x->src[1] < 256) /* two scalar factors: one product for every lane */
            carry32 = mad64_halves32(sa, sb, clo, chi, lo, hi, is_signed, 1);
        else
            carry32 = mad64_halves32(sa, sb, clo, chi, lo, hi, is_signed, 0);
        lanes_blend32(r3_vrow_w(w, x->vdst), lo, w->sgpr[126]);
        lanes_blend32(r3_vrow_w(w, x->vdst + 1u), hi, w->sgpr[126]);
        r3_dst_mask(w, x, carry32);
        return;
    }
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES];
    uint64_t c[R3_MAX_LANES], r[R3_MAX_LANES], carry = 0;
    r3_src_b32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    if (is_signed)
        r3_src_i64(w, x, 2, c);
    else
        r3_src_u64(w, x, 2, c);
    for (int l = 0; l < LANES; l++) {
        uint64_t p = is_signed ? (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) : (uint64_t)a[l] * b[l];
        r[l] = p + c[l];
        int over = is_signed ? (int)(((~(p ^ c[l]) & (p ^ r[l])) >> 63) & 1) : r[l] < p;
        /* bit 64 of the signed 65-bit sum: the 64-bit sum's sign, inverted when it overflowed */
        int bit64 = is_signed ? (int)(r[l] >> 63) ^ over : over;
        if (over && x->clamp) /* saturate */
            r[l] = is_signed ? ((int64_t)p < 0 ? 0x8000000000000000ull : 0x7fffffffffffffffull) : ~0ull;
        carry |= (uint64_t)bit64 << l;
    }
    r3_dst_b64(w, x, r);
    r3_dst_mask(w, x, carry);
}
/* D = S0 * S1 + S2 as 64-bit unsigned; SDST = carry out */
OP(v_mad_u64_u32) { mad64(w, x, 0); }
/* D = S0 * S1 + S2 as 64-bit signed; SDST = bit 64 of the 65-bit result (guide pseudocode) */
OP(v_mad_i64_i32) { mad64(w, x, 1); }

/* ---- carries: VOP2 forms use VCC, VOP3SD forms SDST and SRC2 ---- */

/* sum/carry: the lane's 64-bit result and carry, the reference; sum32/carry32: the same in 32-bit
   arithmetic with the carry-in ci as 0 or 1, the fast path's form (a pass the compiler vectorizes,
   reading and building the masks through lanes_bit). */
#define CARRY(name, sum, carry, sum32, carry32, use_in)                                    \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES], r[R3_MAX_LANES];                      \
        if (w->fast32 && !x->clamp) { /* sources in place but through DPP; carry in inline */ \
            const uint32_t *a = x->dpp ? (r3_src_b32(w, x, 0, ta), ta) : r3_src_direct(w, x, 0, ta); \
            const uint32_t *b = r3_src_direct(w, x, 1, tb);                                \
            uint32_t cin32 = (use_in) ? r3_src_mask32(w, x, 2) : 0;                         \
            uint32_t cout32 = 0;                                                           \
            if (!x->dpp && !w->defer) { /* the sum straight into the row (R3_DIRECT_LANES) */ \
                uint32_t *d = r3_vrow_w(w, x->vdst), m = w->sgpr[126];                     \
                LANES_INDEPENDENT                                                          \
                for (int l = 0; l < 32; l++) {                                             \
                    uint32_t ci = (cin32 & lanes_bit[l]) != 0;                             \
                    (void)ci;                                                              \
                    uint32_t v = (sum32);                                                  \
                    cout32 |= lanes_bit[l] & -(uint32_t)(carry32);                         \
                    d[l] = (m & lanes_bit[l]) ? v : d[l];                                  \
                }                                                                          \
                r3_dst_mask(w, x, cout32);                                                 \
                return;                                                                    \
            }                                                                              \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                uint32_t ci = (cin32 & lanes_bit[l]) != 0;                               \
                (void)ci;                                                                  \
                r[l] = (sum32);                                                            \
                cout32 |= lanes_bit[l] & -(uint32_t)(carry32);                           \
            }                                                                              \
            r3_dst_b32(w, x, r);                                                           \
            r3_dst_mask(w, x, cout32);                                                     \
            return;                                                                        \
        }                                                                                  \
        uint32_t *a = ta, *b = tb;                                                         \
        uint64_t cin = (use_in) ? r3_src_mask(w, x, 2) : 0, cout = 0;                     \
        r3_src_b32(w, x, 0, a);                                                            \
        r3_src_b32(w, x, 1, b);                                                            \
        for (int l = 0; l < LANES; l++) {                                                  \
            uint64_t ci = cin >> l & 1;                                                    \
            (void)ci;                                                                      \
            uint64_t s = (sum), co = (carry);                                              \
            r[l] = x->clamp && co ? ((s >> 63) ? 0 : 0xffffffffu) : (uint32_t)s;           \
            cout |= co << l;                                                               \
        }                                                                                  \
        r3_dst_b32(w, x, r);                                                               \
        r3_dst_mask(w, x, cout);                                                           \
    }
/* D = S0 + S1; carry out (in 32 bits: the sum wrapped below S0) */
CARRY(v_add_co_u32, (uint64_t)a[l] + b[l], ((uint64_t)a[l] + b[l]) >> 32, a[l] + b[l], a[l] + b[l] < a[l], 0)
/* D = S0 - S1; borrow out */
CARRY(v_sub_co_u32, (uint64_t)a[l] - b[l], (uint64_t)(b[l] > a[l]), a[l] - b[l], b[l] > a[l], 0)
/* D = S1 - S0; borrow out */
CARRY(v_subrev_co_u32, (uint64_t)b[l] - a[l], (uint64_t)(a[l] > b[l]), b[l] - a[l], a[l] > b[l], 0)
/* D = S0 + S1 + carry in; carry out (in 32 bits: the sum wrapped below S0, or to S0 with a carry in) */
CARRY(v_add_co_ci_u32, (uint64_t)a[l] + b[l] + ci, ((uint64_t)a[l] + b[l] + ci) >> 32, a[l] + b[l] + ci,
      (a[l] + b[l] + ci < a[l]) | (ci & (a[l] + b[l] + ci == a[l])), 1)
/* D = S0 - S1 - borrow in; borrow out */
CARRY(v_sub_co_ci_u32, (uint64_t)a[l] - b[l] - ci, (uint64_t)((uint64_t)b[l] + ci > a[l]), a[l] - b[l] - ci,
      (b[l] > a[l]) | (ci & (b[l] == a[l])), 1)
/* D = S1 - S0 - borrow in; borrow out */
CARRY(v_subrev_co_ci_u32, (uint64_t)b[l] - a[l] - ci, (uint64_t)((uint64_t)a[l] + ci > b[l]), b[l] - a[l] - ci,
      (a[l] > b[l]) | (ci & (a[l] == b[l])), 1)

/* ---- bit counting and bit fields ---- */

R3_INLINE uint32_t bitrev32(uint32_t v)
{
    v = (v >> 1 & 0x55555555u) | (v & 0x55555555u) << 1;
    v = (v >> 2 & 0x33333333u) | (v & 0x33333333u) << 2;
    v = (v >> 4 & 0x0f0f0f0fu) | (v & 0x0f0f0f0fu) << 4;
    v = (v >> 8 & 0x00ff00ffu) | (v & 0x00ff00ffu) << 8;
    return v >> 16 | v << 16;
}

R3_INLINE uint32_t bfe_i32(uint32_t v, uint32_t off, uint32_t width)
{
    if (!width)
        return 0;
    uint32_t t = (uint32_t)((int32_t)v >> off) & (width == 32 ? ~0u : (1u << width) - 1);
    return width == 32 ? t : (uint32_t)((int32_t)(t << (32 - width)) >> (32 - width));
}

/* D = S0 with its bits reversed */
R3_U32_1(v_bfrev_b32, bitrev32(a[l]))
/* D = number of leading zeros of S0, or -1 when S0 is 0 */
R3_U32_1(v_clz_i32_u32, a[l] ? (uint32_t)__builtin_clz(a[l]) : 0xffffffffu)
/* D = number of trailing zeros of S0, or -1 when S0 is 0 */
R3_U32_1(v_ctz_i32_b32, a[l] ? (uint32_t)__builtin_ctz(a[l]) : 0xffffffffu)
/* D = position (from bit 31) of the first bit differing from the sign bit, or -1 */
R3_U32_1(v_cls_i32, (a[l] == 0 || a[l] == 0xffffffffu) ? 0xffffffffu
                                                       : (uint32_t)__builtin_clz((a[l] >> 31) ? ~a[l] : a[l]))
/* D = popcount(S0) + S1 */
R3_U32_2(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a[l]) + b[l])
/* D = ((1 << S0[4:0]) - 1) << S1[4:0] */
R3_U32_2(v_bfm_b32, ((1u << (a[l] & 31)) - 1) << (b[l] & 31))
/* D = (S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1) */
R3_U32_3(v_bfe_u32, (a[l] >> (b[l] & 31)) & ((1u << (c[l] & 31)) - 1))
/* D = the S2[4:0]-bit field of S0 at bit S1[4:0], sign-extended */
R3_U32_3(v_bfe_i32, bfe_i32(a[l], b[l] & 31, c[l] & 31))
/* D = (S0 & S1) | (~S0 & S2) */
R3_U32_3(v_bfi_b32, (a[l] & b[l]) | (~a[l] & c[l]))
/* D = ({S0, S1} >> (8 * S2[1:0]))[31:0] */
R3_U32_3(v_alignbyte_b32, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (8 * (c[l] & 3))))
/* D = ({S0, S1} >> S2[4:0])[31:0] */
R3_U32_3(v_alignbit_b32, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (c[l] & 31)))

/* D = popcount(S0 & lanes below this one among 0..31) + S1 */
OP(v_mbcnt_lo_u32_b32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_b32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = (uint32_t)__builtin_popcount(a[l] & (l >= 32 ? 0xffffffffu : (uint32_t)((1ull << l) - 1))) + b[l];
    r3_dst_b32(w, x, r);
}

/* D = popcount(S0 & lanes below this one among 32..63) + S1 */
OP(v_mbcnt_hi_u32_b32)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_b32(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    for (int l = 0; l < LANES; l++)
        r[l] = (uint32_t)__builtin_popcount(a[l] & (l <= 32 ? 0u : (uint32_t)((1ull << (l - 32)) - 1))) + b[l];
    r3_dst_b32(w, x, r);
}

/* ---- min, max, median ---- */

static uint32_t min_i(uint32_t p, uint32_t q) { return (int32_t)p < (int32_t)q ? p : q; }
static uint32_t max_i(uint32_t p, uint32_t q) { return (int32_t)p > (int32_t)q ? p : q; }
static uint32_t min_u(uint32_t p, uint32_t q) { return p < q ? p : q; }
static uint32_t max_u(uint32_t p, uint32_t q) { return p > q ? p : q; }
static uint32_t med_i(uint32_t p, uint32_t q, uint32_t s) { return max_i(min_i(p, q), min_i(max_i(p, q), s)); }
static uint32_t med_u(uint32_t p, uint32_t q, uint32_t s) { return max_u(min_u(p, q), min_u(max_u(p, q), s)); }

/* D = min(S0, S1) signed */
R3_U32_2(v_min_i32, min_i(a[l], b[l]))
/* D = max(S0, S1) signed */
R3_U32_2(v_max_i32, max_i(a[l], b[l]))
/* D = min(S0, S1) unsigned */
R3_U32_2(v_min_u32, min_u(a[l], b[l]))
/* D = max(S0, S1) unsigned */
R3_U32_2(v_max_u32, max_u(a[l], b[l]))
/* D = min(S0, S1, S2) signed */
R3_U32_3(v_min3_i32, min_i(min_i(a[l], b[l]), c[l]))
/* D = max(S0, S1, S2) signed */
R3_U32_3(v_max3_i32, max_i(max_i(a[l], b[l]), c[l]))
/* D = min(S0, S1, S2) unsigned */
R3_U32_3(v_min3_u32, min_u(min_u(a[l], b[l]), c[l]))
/* D = max(S0, S1, S2) unsigned */
R3_U32_3(v_max3_u32, max_u(max_u(a[l], b[l]), c[l]))
/* D = the median of S0, S1, S2, signed */
R3_U32_3(v_med3_i32, med_i(a[l], b[l], c[l]))
/* D = the median of S0, S1, S2, unsigned */
R3_U32_3(v_med3_u32, med_u(a[l], b[l], c[l]))
/* D = max(min(S0, S1), S2) signed (guide V_MINMAX_I32) */
R3_U32_3(v_minmax_i32, max_i(min_i(a[l], b[l]), c[l]))
/* D = min(max(S0, S1), S2) signed (guide V_MAXMIN_I32; clang-19 selects it for clamp(x, lo, hi)) */
R3_U32_3(v_maxmin_i32, min_i(max_i(a[l], b[l]), c[l]))
/* D = max(min(S0, S1), S2) unsigned (guide V_MINMAX_U32) */
R3_U32_3(v_minmax_u32, max_u(min_u(a[l], b[l]), c[l]))
/* D = min(max(S0, S1), S2) unsigned (guide V_MAXMIN_U32) */
R3_U32_3(v_maxmin_u32, min_u(max_u(a[l], b[l]), c[l]))

/* ---- 16-bit integer operations (the other half of the destination keeps its value) ---- */

/* D = S0 + S1 (u16; CLAMP saturates) */
R3_U16_2(v_add_nc_u16, x->clamp ? sat_u16((int64_t)a[l] + b[l]) : a[l] + b[l])
/* D = S0 - S1 (u16; CLAMP saturates at 0) */
R3_U16_2(v_sub_nc_u16, x->clamp ? sat_u16((int64_t)a[l] - b[l]) : a[l] - b[l])
/* D = S0 + S1 (i16; CLAMP saturates) */
R3_U16_2(v_add_nc_i16, x->clamp ? sat_i16((int64_t)i16(a[l]) + i16(b[l])) : a[l] + b[l])
/* D = S0 - S1 (i16; CLAMP saturates) */
R3_U16_2(v_sub_nc_i16, x->clamp ? sat_i16((int64_t)i16(a[l]) - i16(b[l])) : a[l] - b[l])
/* D = low 16 bits of S0 * S1 */
R3_U16_2(v_mul_lo_u16, a[l] * b[l])
/* D = S0 & S1 (16-bit) */
R3_U16_2(v_and_b16, a[l] & b[l])
/* D = S0 | S1 (16-bit) */
R3_U16_2(v_or_b16, a[l] | b[l])
/* D = S0 ^ S1 (16-bit) */
R3_U16_2(v_xor_b16, a[l] ^ b[l])
/* D = ~S0 (16-bit) */
R3_U16_1(v_not_b16, ~a[l])
/* D = S1 << S0[3:0] (16-bit) */
R3_U16_2(v_lshlrev_b16, b[l] << (a[l] & 15))
/* D = S1 >> S0[3:0] (16-bit, logical) */
R3_U16_2(v_lshrrev_b16, b[l] >> (a[l] & 15))
/* D = S1 >> S0[3:0] (16-bit, arithmetic) */
R3_U16_2(v_ashrrev_i16, (uint32_t)(i16(b[l]) >> (a[l] & 15)))
/* D = min(S0, S1) (i16) */
R3_U16_2(v_min_i16, i16(a[l]) < i16(b[l]) ? a[l] : b[l])
/* D = max(S0, S1) (i16) */
R3_U16_2(v_max_i16, i16(a[l]) > i16(b[l]) ? a[l] : b[l])
/* D = min(S0, S1) (u16) */
R3_U16_2(v_min_u16, a[l] < b[l] ? a[l] : b[l])
/* D = max(S0, S1) (u16) */
R3_U16_2(v_max_u16, a[l] > b[l] ? a[l] : b[l])
/* D = S0 * S1 + S2 (u16; CLAMP saturates) */
R3_U16_3(v_mad_u16, x->clamp ? sat_u16((int64_t)a[l] * b[l] + c[l]) : a[l] * b[l] + c[l])
/* D = S0 * S1 + S2 (i16; CLAMP saturates) */
R3_U16_3(v_mad_i16, x->clamp ? sat_i16((int64_t)i16(a[l]) * i16(b[l]) + i16(c[l])) : a[l] * b[l] + c[l])
/* D = min(S0, S1, S2) (i16) */
R3_U16_3(v_min3_i16, (uint32_t)(i16(a[l]) < i16(b[l]) ? (i16(a[l]) < i16(c[l]) ? a[l] : c[l]) : (i16(b[l]) < i16(c[l]) ? b[l] : c[l])))
/* D = max(S0, S1, S2) (i16) */
R3_U16_3(v_max3_i16, (uint32_t)(i16(a[l]) > i16(b[l]) ? (i16(a[l]) > i16(c[l]) ? a[l] : c[l]) : (i16(b[l]) > i16(c[l]) ? b[l] : c[l])))
/* D = min(S0, S1, S2) (u16) */
R3_U16_3(v_min3_u16, min_u(min_u(a[l], b[l]), c[l]))
/* D = max(S0, S1, S2) (u16) */
R3_U16_3(v_max3_u16, max_u(max_u(a[l], b[l]), c[l]))
/* D = the median of S0, S1, S2 (i16) */
R3_U16_3(v_med3_i16, med_i((uint32_t)i16(a[l]), (uint32_t)i16(b[l]), (uint32_t)i16(c[l])))
/* D = the median of S0, S1, S2 (u16) */
R3_U16_3(v_med3_u16, med_u(a[l], b[l], c[l]))

/* ---- byte permute, SAD family, lerp ---- */

/* One byte of v_perm_b32: a byte of {S0, S1}, a sign fill, or a constant. */
R3_INLINE uint32_t perm_byte(uint64_t data, uint32_t sel)
{
    sel &= 0xff;
    if (sel >= 13)
        return 0xff;
    if (sel == 12)
        return 0;
    if (sel >= 8) /* the sign of byte 1, 3, 5 or 7 */
        return (data >> (16 * (sel - 8) + 15) & 1) ? 0xff : 0;
    return (uint32_t)(data >> (8 * sel)) & 0xff;
}

R3_INLINE uint32_t perm(uint32_t s0, uint32_t s1, uint32_t s2)
{
    uint64_t d = (uint64_t)s0 << 32 | s1;
    return perm_byte(d, s2) | perm_byte(d, s2 >> 8) << 8 | perm_byte(d, s2 >> 16) << 16 | perm_byte(d, s2 >> 24) << 24;
}

/* Sum of |a.byte - b.byte| over 4 bytes; masked: bytes where b is 0 do not count. */
R3_INLINE uint32_t sad_u8(uint32_t p, uint32_t q, int masked)
{
    uint32_t s = 0;
    for (int i = 0; i < 32; i += 8) {
        int pb = (int)(p >> i & 255), qb = (int)(q >> i & 255);
        if (!masked || qb)
            s += (uint32_t)(pb > qb ? pb - qb : qb - pb);
    }
    return s;
}

R3_INLINE uint32_t lerp_u8(uint32_t p, uint32_t q, uint32_t s)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8)
        r |= (((p >> i & 255) + (q >> i & 255) + (s >> i & 1)) >> 1) << i;
    return r;
}

/* D = bytes of {S0, S1} chosen by each byte of S2 (8..11: sign fills, 12: 0, 13+: 0xff) */
R3_U32_3(v_perm_b32, perm(a[l], b[l], c[l]))
/* D = S2 + sum of |S0.byte - S1.byte| (CLAMP saturates) */
R3_U32_3(v_sad_u8, x->clamp ? sat_u32((uint64_t)sad_u8(a[l], b[l], 0) + c[l]) : sad_u8(a[l], b[l], 0) + c[l])
/* D = S2 + (sum of |S0.byte - S1.byte|) << 16 */
R3_U32_3(v_sad_hi_u8, x->clamp ? sat_u32(((uint64_t)sad_u8(a[l], b[l], 0) << 16) + c[l]) : (sad_u8(a[l], b[l], 0) << 16) + c[l])
/* D = S2 + |S0.lo16 - S1.lo16| + |S0.hi16 - S1.hi16| */
R3_U32_3(v_sad_u16, c[l] + (uint32_t)abs((int)(a[l] & 0xffff) - (int)(b[l] & 0xffff)) +
                        (uint32_t)abs((int)(a[l] >> 16) - (int)(b[l] >> 16)))
/* D = S2 + |S0 - S1| (CLAMP saturates) */
R3_U32_3(v_sad_u32, x->clamp ? sat_u32((uint64_t)(a[l] > b[l] ? a[l] - b[l] : b[l] - a[l]) + c[l])
                             : (a[l] > b[l] ? a[l] - b[l] : b[l] - a[l]) + c[l])
/* D = S2 + sum of |S0.byte - S1.byte| over bytes where S1.byte != 0 */
R3_U32_3(v_msad_u8, x->clamp ? sat_u32((uint64_t)sad_u8(a[l], b[l], 1) + c[l]) : sad_u8(a[l], b[l], 1) + c[l])
/* D.byte = (S0.byte + S1.byte + S2.bit0-of-byte) >> 1 */
R3_U32_3(v_lerp_u8, lerp_u8(a[l], b[l], c[l]))

/* Four SADs of the reference S1 against the 32-bit windows of S0 at byte offsets 0..3, each added to
   an accumulator from S2: 16-bit packed (qsad/mqsad_pk) or 32-bit (mqsad_u32). */
static void qsad(r3_wave *w, const r3_xop *x, int masked, int wide)
{
    uint64_t a[R3_MAX_LANES], c[R3_MAX_LANES], c2[R3_MAX_LANES], r[R3_MAX_LANES], r2[R3_MAX_LANES];
    uint32_t b[R3_MAX_LANES];
    r3_src_u64(w, x, 0, a);
    r3_src_b32(w, x, 1, b);
    r3_src_u64(w, x, 2, c);
    if (wide) { /* S2 and D are 128-bit: the second pair follows */
        r3_xop hi = *x;
        hi.src[2] = (uint16_t)(x->src[2] >= 256 ? x->src[2] + 2 : x->src[2]);
        r3_src_u64(w, &hi, 2, c2);
    }
    for (int l = 0; l < LANES; l++) {
        r[l] = r2[l] = 0;
        for (int i = 0; i < 4; i++) {
            uint32_t win = (uint32_t)(a[l] >> (8 * i));
            if (wide) {
                uint64_t acc = i < 2 ? c[l] >> (32 * i) : c2[l] >> (32 * (i - 2));
                uint64_t s = (uint64_t)sad_u8(win, b[l], 1) + (uint32_t)acc;
                uint32_t v = x->clamp ? sat_u32(s) : (uint32_t)s;
                if (i < 2)
                    r[l] |= (uint64_t)v << (32 * i);
                else
                    r2[l] |= (uint64_t)v << (32 * (i - 2));
            } else {
                uint32_t s = sad_u8(win, b[l], masked) + (uint32_t)(c[l] >> (16 * i) & 0xffff);
                r[l] |= (uint64_t)(x->clamp ? (s > 0xffff ? 0xffff : s) : s & 0xffff) << (16 * i);
            }
        }
    }
    r3_dst_b64(w, x, r);
    if (wide) {
        r3_xop hi = *x;
        hi.vdst = (uint16_t)(x->vdst + 2);
        r3_dst_b64(w, &hi, r2);
    }
}
/* D.u16[i] = S2.u16[i] + SAD(S0 bytes i..i+3, S1) */
OP(v_qsad_pk_u16_u8) { qsad(w, x, 0, 0); }
/* D.u16[i] = S2.u16[i] + masked SAD(S0 bytes i..i+3, S1) */
OP(v_mqsad_pk_u16_u8) { qsad(w, x, 1, 0); }
/* D.u32[i] = S2.u32[i] + masked SAD(S0 bytes i..i+3, S1) (128-bit S2 and D) */
OP(v_mqsad_u32_u8) { qsad(w, x, 1, 1); }

