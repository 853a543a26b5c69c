/* RDNA3 scalar ALU and program control: SOP1, SOP2, SOPK, SOPC and SOPP instructions. */
#include <stdint.h>

#include "r3_exec.h"

/* Operand shorthands: S0/S1 are the 32-bit sources, S0Q/S1Q the 64-bit ones, K the SOPK immediate
   (the fields as r3_xop_fill extracted them). */
#define S0 r3_scalar32(w, x->src[0], x->literal)
#define S1 r3_scalar32(w, x->src[1], x->literal)
#define S0Q r3_scalar64(w, x->src[0], x->literal, 0)
#define S1Q r3_scalar64(w, x->src[1], x->literal, 0)
#define K ((uint32_t)(int32_t)(int16_t)x->simm16)
#define DST ((unsigned)x->vdst)
#define D(v) r3_write_sgpr(w, DST, (uint32_t)(v))
#define DQ(v) r3_write_sgpr64(w, DST, (uint64_t)(v))
#define SDSTV w->sgpr[DST & 127]
#define SDSTQ ((uint64_t)w->sgpr[DST & 127] | (uint64_t)w->sgpr[(DST + 1) & 127] << 32)

/* ---- moves and bit manipulation (SOP1) ---- */

/* D = S0 */
OP(s_mov_b32) { D(S0); }
/* D = S0 (64-bit) */
OP(s_mov_b64) { DQ(S0Q); }
/* if SCC then D = S0 */
OP(s_cmov_b32) { if (w->scc) D(S0); }
/* if SCC then D = S0 (64-bit) */
OP(s_cmov_b64) { if (w->scc) DQ(S0Q); }
/* D = ~S0; SCC = D != 0 */
OP(s_not_b32) { uint32_t r = ~S0; D(r); w->scc = r != 0; }
/* D = ~S0 (64-bit); SCC = D != 0 */
OP(s_not_b64) { uint64_t r = ~S0Q; DQ(r); w->scc = r != 0; }
/* D = bit-reversed S0 */
OP(s_brev_b32) { uint32_t v = S0, r = 0; for (int i = 0; i < 32; i++) r |= ((v >> i) & 1u) << (31 - i); D(r); }
/* D = number of set bits in S0; SCC = D != 0 */
OP(s_bcnt1_i32_b32) { uint32_t r = (uint32_t)__builtin_popcount(S0); D(r); w->scc = r != 0; }
/* D = number of set bits in S0 (64-bit); SCC = D != 0 */
OP(s_bcnt1_i32_b64) { uint32_t r = (uint32_t)__builtin_popcountll(S0Q); D(r); w->scc = r != 0; }
/* D = index of the lowest set bit of S0, or -1 */
OP(s_ctz_i32_b32) { uint32_t v = S0; D(v ? (uint32_t)__builtin_ctz(v) : 0xffffffffu); }
/* D = index of the lowest set bit of S0 (64-bit), or -1 */
OP(s_ctz_i32_b64) { uint64_t v = S0Q; D(v ? (uint32_t)__builtin_ctzll(v) : 0xffffffffu); }
/* D = index of the highest set bit of S0 counted from bit 31, or -1 */
OP(s_clz_i32_u32) { uint32_t v = S0; D(v ? (uint32_t)__builtin_clz(v) : 0xffffffffu); }
/* D = sign-extended low byte of S0 */
OP(s_sext_i32_i8) { D((uint32_t)(int32_t)(int8_t)S0); }
/* D = sign-extended low half of S0 */
OP(s_sext_i32_i16) { D((uint32_t)(int32_t)(int16_t)S0); }
/* D = |S0|; SCC = D != 0 */
OP(s_abs_i32) { int32_t v = (int32_t)S0; uint32_t r = v < 0 ? 0u - (uint32_t)v : (uint32_t)v; D(r); w->scc = r != 0; }

static uint64_t brev64(uint64_t v)
{
    uint64_t r = 0;
    for (int i = 0; i < 64; i++)
        r |= ((v >> i) & 1u) << (63 - i);
    return r;
}

/* Leading bits equal to the sign bit before the first that differs, or -1 when all are equal. */
static uint32_t cls64(uint64_t v, int bits)
{
    uint64_t sign = v >> (bits - 1) & 1;
    for (int i = 1; i < bits; i++)
        if ((v >> (bits - 1 - i) & 1) != sign)
            return (uint32_t)i;
    return 0xffffffffu;
}

/* D = bit-reversed S0 (64-bit) */
OP(s_brev_b64) { DQ(brev64(S0Q)); }
/* D = number of leading zeros of S0 (64-bit), or -1 */
OP(s_clz_i32_u64) { uint64_t v = S0Q; D(v ? (uint32_t)__builtin_clzll(v) : 0xffffffffu); }
/* D = position of the first bit differing from the sign bit, or -1 */
OP(s_cls_i32) { D(cls64(S0, 32)); }
/* D = position of the first bit differing from the sign bit (64-bit), or -1 */
OP(s_cls_i32_i64) { D(cls64(S0Q, 64)); }
/* D = number of zero bits of S0; SCC = D != 0 */
OP(s_bcnt0_i32_b32) { uint32_t r = 32u - (uint32_t)__builtin_popcount(S0); D(r); w->scc = r != 0; }
/* D = number of zero bits of S0 (64-bit); SCC = D != 0 */
OP(s_bcnt0_i32_b64) { uint32_t r = 64u - (uint32_t)__builtin_popcountll(S0Q); D(r); w->scc = r != 0; }
/* D[S0[4:0]] = 0 */
OP(s_bitset0_b32) { D(SDSTV & ~(1u << (S0 & 31))); }
/* D[S0[5:0]] = 0 (64-bit) */
OP(s_bitset0_b64) { DQ(SDSTQ & ~(1ull << (S0 & 63))); }
/* D[S0[4:0]] = 1 */
OP(s_bitset1_b32) { D(SDSTV | (1u << (S0 & 31))); }
/* D[S0[5:0]] = 1 (64-bit) */
OP(s_bitset1_b64) { DQ(SDSTQ | (1ull << (S0 & 63))); }
/* D = each bit of S0 twice */
OP(s_bitreplicate_b64_b32)
{
    uint32_t v = S0;
    uint64_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= (uint64_t)(v >> i & 1) * 3ull << (2 * i);
    DQ(r);
}
/* D bit i = any bit of quad i of S0; SCC = D != 0 */
static uint64_t quadmask(uint64_t v, int bits)
{
    uint64_t r = 0;
    for (int q = 0; q < bits / 4; q++)
        r |= (uint64_t)((v >> (4 * q) & 15) != 0) << q;
    return r;
}
/* D bit i = quad i of S0 is not zero; SCC = D != 0 */
OP(s_quadmask_b32) { uint32_t r = (uint32_t)quadmask(S0, 32); D(r); w->scc = r != 0; }
/* D bit i = quad i of S0 is not zero (64-bit); SCC = D != 0 */
OP(s_quadmask_b64) { uint64_t r = quadmask(S0Q, 64); DQ(r); w->scc = r != 0; }
/* D = whole quads of S0 where any bit is set; SCC = D != 0 */
static uint64_t wqm(uint64_t v, int bits)
{
    uint64_t r = 0;
    for (int q = 0; q < bits / 4; q++)
        if (v >> (4 * q) & 15)
            r |= 15ull << (4 * q);
    return r;
}
/* D = whole quads of S0 where any bit is set; SCC = D != 0 */
OP(s_wqm_b32) { uint32_t r = (uint32_t)wqm(S0, 32); D(r); w->scc = r != 0; }
/* D = whole quads of S0 where any bit is set (64-bit); SCC = D != 0 */
OP(s_wqm_b64) { uint64_t r = wqm(S0Q, 64); DQ(r); w->scc = r != 0; }

/* M0-relative SGPR moves: the index is unsigned; codes outside s0..s105 read 0 and write nothing */
static uint32_t sgpr_rel(const r3_wave *w, unsigned base, uint32_t add)
{
    uint64_t i = (uint64_t)base + add;
    return i < 106 ? w->sgpr[i] : 0;
}
static void sgpr_rel_write(r3_wave *w, unsigned base, uint32_t add, uint32_t v)
{
    uint64_t i = (uint64_t)base + add;
    if (i < 106)
        w->sgpr[i] = v;
}
/* D = SGPR[S0 + M0] */
OP(s_movrels_b32) { D(sgpr_rel(w, x->src[0], w->sgpr[125])); }
/* D = SGPR[S0 + M0] (64-bit) */
OP(s_movrels_b64)
{
    unsigned s = x->src[0];
    DQ((uint64_t)sgpr_rel(w, s, w->sgpr[125]) | (uint64_t)sgpr_rel(w, s + 1, w->sgpr[125]) << 32);
}
/* SGPR[D + M0] = S0 */
OP(s_movreld_b32) { sgpr_rel_write(w, DST, w->sgpr[125], S0); }
/* SGPR[D + M0] = S0 (64-bit) */
OP(s_movreld_b64)
{
    uint64_t v = S0Q;
    sgpr_rel_write(w, DST, w->sgpr[125], (uint32_t)v);
    sgpr_rel_write(w, DST + 1, w->sgpr[125], (uint32_t)(v >> 32));
}
/* SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]] */
OP(s_movrelsd_2_b32)
{
    uint32_t m0 = w->sgpr[125];
    sgpr_rel_write(w, DST, m0 >> 16 & 0x3ff, sgpr_rel(w, x->src[0], m0 & 0x3ff));
}

/* ---- EXEC manipulation (SOP1): D = EXEC, then EXEC = f(S0, EXEC), SCC = EXEC != 0 ---- */

R3_INLINE void r3_saveexec(r3_wave *w, const r3_xop *x, int op)
{
    uint64_t s = w->wave64 ? S0Q : S0, e = r3_exec_mask(w), r;
    switch (op) {
    case 0: r = s & e; break;
    case 1: r = s | e; break;
    case 2: r = s ^ e; break;
    case 3: r = s & ~e; break;
    case 4: r = s | ~e; break;
    case 5: r = ~(s & e); break;
    case 6: r = ~(s | e); break;
    case 7: r = ~(s ^ e); break;
    case 8: r = ~s & e; break;
    case 9: r = ~s | e; break;
    case 10: r = ~s & e; break; /* and_not0_wrexec */
    default: r = s & ~e; break; /* and_not1_wrexec */
    }
    if (!w->wave64)
        r &= 0xffffffffu;
    uint64_t saved = op >= 10 ? r : e; /* the wrexec forms write the new EXEC */
    if (w->wave64)
        DQ(saved);
    else
        D(saved);
    r3_set_exec(w, r);
    w->scc = r != 0;
}

/* D = EXEC; EXEC = S0 & EXEC */
OP(s_and_saveexec_b32) { r3_saveexec(w, x, 0); }
/* D = EXEC; EXEC = S0 | EXEC */
OP(s_or_saveexec_b32) { r3_saveexec(w, x, 1); }
/* D = EXEC; EXEC = S0 ^ EXEC */
OP(s_xor_saveexec_b32) { r3_saveexec(w, x, 2); }
/* D = EXEC; EXEC = ~S0 & EXEC */
OP(s_and_not0_saveexec_b32) { r3_saveexec(w, x, 8); }
/* D = EXEC; EXEC = S0 & ~EXEC */
OP(s_and_not1_saveexec_b32) { r3_saveexec(w, x, 3); }
/* D = EXEC; EXEC = S0 | ~EXEC */
OP(s_or_not1_saveexec_b32) { r3_saveexec(w, x, 4); }
/* D = EXEC; EXEC = ~(S0 & EXEC) */
OP(s_nand_saveexec_b32) { r3_saveexec(w, x, 5); }
/* D = EXEC; EXEC = ~(S0 | EXEC) */
OP(s_nor_saveexec_b32) { r3_saveexec(w, x, 6); }
/* D = EXEC; EXEC = ~(S0 ^ EXEC) */
OP(s_xnor_saveexec_b32) { r3_saveexec(w, x, 7); }
/* D = EXEC; EXEC = ~S0 | EXEC */
OP(s_or_not0_saveexec_b32) { r3_saveexec(w, x, 9); }
/* EXEC = ~S0 & EXEC; D = EXEC */
OP(s_and_not0_wrexec_b32) { r3_saveexec(w, x, 10); }
/* EXEC = S0 & ~EXEC; D = EXEC */
OP(s_and_not1_wrexec_b32) { r3_saveexec(w, x, 11); }

/* ---- program counter (SOP1) ---- */

/* D = address of the next instruction */
OP(s_getpc_b64) { DQ(r3_codeobj_pc_base(w->group->co) + w->pc); }
/* PC = target (a byte address). The wave's PC is an offset into the loaded code object, so a target
   more than 4 GiB away is a fault here, not a jump to its low 32 bits (which can land back inside
   the code); a target outside the code but within reach faults at the next fetch. */
static void r3_jump(r3_wave *w, const char *name, uint64_t target)
{
    uint64_t base = r3_codeobj_pc_base(w->group->co);
    if (target < base || target - base > UINT32_MAX)
        r3_fault(w, "%s to 0x%llx: outside the code (loaded at 0x%llx)", name, (unsigned long long)target,
                 (unsigned long long)base);
    else
        w->pc = (uint32_t)(target - base);
}

/* PC = S0 */
OP(s_setpc_b64) { r3_jump(w, "s_setpc_b64", S0Q); }
/* D = address of the next instruction; PC = S0 */
OP(s_swappc_b64)
{
    uint64_t target = S0Q;
    DQ(r3_codeobj_pc_base(w->group->co) + w->pc);
    r3_jump(w, "s_swappc_b64", target);
}

/* ---- arithmetic (SOP2) ---- */

/* D = S0 + S1; SCC = carry out */
OP(s_add_u32) { uint64_t r = (uint64_t)S0 + S1; D(r); w->scc = (int)(r >> 32); }
/* D = S0 - S1; SCC = borrow */
OP(s_sub_u32) { uint32_t a = S0, b = S1; D(a - b); w->scc = b > a; }
/* D = S0 + S1 + SCC; SCC = carry out */
OP(s_addc_u32) { uint64_t r = (uint64_t)S0 + S1 + (uint64_t)w->scc; D(r); w->scc = (int)(r >> 32); }
/* D = S0 - S1 - SCC; SCC = borrow */
OP(s_subb_u32) { uint64_t a = S0, b = (uint64_t)S1 + (uint64_t)w->scc; D(a - b); w->scc = b > a; }
/* D = S0 + S1; SCC = signed overflow */
OP(s_add_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; int32_t r = (int32_t)((uint32_t)a + (uint32_t)b); D(r); w->scc = ((a ^ r) & (b ^ r)) < 0; }
/* D = S0 - S1; SCC = signed overflow */
OP(s_sub_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; int32_t r = (int32_t)((uint32_t)a - (uint32_t)b); D(r); w->scc = ((a ^ b) & (a ^ r)) < 0; }
/* D = S0 * S1 (low 32 bits) */
OP(s_mul_i32) { D(S0 * S1); }
/* D = high 32 bits of S0 * S1, unsigned */
OP(s_mul_hi_u32) { D(((uint64_t)S0 * S1) >> 32); }
/* D = high 32 bits of S0 * S1, signed */
OP(s_mul_hi_i32) { D((uint64_t)((int64_t)(int32_t)S0 * (int32_t)S1) >> 32); }
/* D = min(S0, S1) signed; SCC = S0 < S1 */
OP(s_min_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; D(a < b ? a : b); w->scc = a < b; }
/* D = min(S0, S1) unsigned; SCC = S0 < S1 */
OP(s_min_u32) { uint32_t a = S0, b = S1; D(a < b ? a : b); w->scc = a < b; }
/* D = max(S0, S1) signed; SCC = S0 > S1 */
OP(s_max_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; D(a > b ? a : b); w->scc = a > b; }
/* D = max(S0, S1) unsigned; SCC = S0 > S1 */
OP(s_max_u32) { uint32_t a = S0, b = S1; D(a > b ? a : b); w->scc = a > b; }
/* D = SCC ? S0 : S1 */
OP(s_cselect_b32) { D(w->scc ? S0 : S1); }
/* D = SCC ? S0 : S1 (64-bit) */
OP(s_cselect_b64) { DQ(w->scc ? S0Q : S1Q); }
/* D = (S0 << 1) + S1; SCC = carry out */
OP(s_lshl1_add_u32) { uint64_t r = ((uint64_t)S0 << 1) + S1; D(r); w->scc = (r >> 32) != 0; }
/* D = (S0 << 2) + S1; SCC = carry out */
OP(s_lshl2_add_u32) { uint64_t r = ((uint64_t)S0 << 2) + S1; D(r); w->scc = (r >> 32) != 0; }
/* D = (S0 << 3) + S1; SCC = carry out */
OP(s_lshl3_add_u32) { uint64_t r = ((uint64_t)S0 << 3) + S1; D(r); w->scc = (r >> 32) != 0; }
/* D = (S0 << 4) + S1; SCC = carry out */
OP(s_lshl4_add_u32) { uint64_t r = ((uint64_t)S0 << 4) + S1; D(r); w->scc = (r >> 32) != 0; }

/* ---- logic and shifts (SOP2): SCC = D != 0 ---- */

#define LOGIC32(name, expr) OP(name) { uint32_t a = S0, b = S1, r = (expr); (void)a; (void)b; D(r); w->scc = r != 0; }
#define LOGIC64(name, expr) OP(name) { uint64_t a = S0Q, b = S1Q, r = (expr); (void)a; (void)b; DQ(r); w->scc = r != 0; }
/* D = S0 & S1 */
LOGIC32(s_and_b32, a & b)
/* D = S0 & S1 (64-bit) */
LOGIC64(s_and_b64, a & b)
/* D = S0 | S1 */
LOGIC32(s_or_b32, a | b)
/* D = S0 | S1 (64-bit) */
LOGIC64(s_or_b64, a | b)
/* D = S0 ^ S1 */
LOGIC32(s_xor_b32, a ^ b)
/* D = S0 ^ S1 (64-bit) */
LOGIC64(s_xor_b64, a ^ b)
/* D = S0 & ~S1 */
LOGIC32(s_and_not1_b32, a & ~b)
/* D = S0 & ~S1 (64-bit) */
LOGIC64(s_and_not1_b64, a & ~b)
/* D = S0 | ~S1 */
LOGIC32(s_or_not1_b32, a | ~b)
/* D = S0 | ~S1 (64-bit) */
LOGIC64(s_or_not1_b64, a | ~b)
/* D = ~(S0 & S1) */
LOGIC32(s_nand_b32, ~(a & b))
/* D = ~(S0 | S1) */
LOGIC32(s_nor_b32, ~(a | b))
/* D = ~(S0 ^ S1) */
LOGIC32(s_xnor_b32, ~(a ^ b))
/* D = S0 << S1[4:0] */
LOGIC32(s_lshl_b32, a << (b & 31))
/* D = S0 << S1[5:0] (64-bit) */
LOGIC64(s_lshl_b64, a << (b & 63))
/* D = S0 >> S1[4:0] (logical) */
LOGIC32(s_lshr_b32, a >> (b & 31))
/* D = S0 >> S1[5:0] (64-bit, logical) */
LOGIC64(s_lshr_b64, a >> (b & 63))
/* D = S0 >> S1[4:0] (arithmetic) */
LOGIC32(s_ashr_i32, (uint32_t)((int32_t)a >> (b & 31)))
/* D = S0 >> S1[5:0] (64-bit, arithmetic) */
LOGIC64(s_ashr_i64, (uint64_t)((int64_t)a >> (b & 63)))
/* D = the S1[22:16]-bit field of S0 at bit S1[4:0], zero-extended; SCC = D != 0 */
OP(s_bfe_u32)
{
    uint32_t a = S0, b = S1, width = (b >> 16) & 127, r;
    r = width ? (a >> (b & 31)) & (uint32_t)((1ull << (width > 32 ? 32 : width)) - 1) : 0;
    D(r);
    w->scc = r != 0;
}
/* D = signext_from_bit((S0.i32 >> S1[4:0]) & mask of S1[22:16] bits, the width); SCC = D != 0 */
OP(s_bfe_i32)
{
    uint32_t a = S0, b = S1, width = (b >> 16) & 127, off = b & 31;
    int32_t r = 0;
    if (width) {
        if (width > 32)
            width = 32;
        /* the shift is arithmetic (guide: S0.i32 >> S1[4:0]): a field running past bit 31 takes
           copies of the sign, as LLVM's BFE folding has it */
        uint32_t v = (uint32_t)((int32_t)a >> off) & (uint32_t)((1ull << width) - 1);
        r = width == 32 ? (int32_t)v : (int32_t)(v << (32 - width)) >> (32 - width);
    }
    D(r);
    w->scc = r != 0;
}
/* D = S0.i32 - S1.i32 in 32 bits, negated when negative; SCC = D != 0 (guide S_ABSDIFF_I32: the
   difference wraps, docs/isa-notes-rdna3.md) */
OP(s_absdiff_i32)
{
    uint32_t d = S0 - S1;
    uint32_t r = (d >> 31) ? 0u - d : d;
    D(r);
    w->scc = r != 0;
}
/* D = ~(S0 & S1) (64-bit) */
LOGIC64(s_nand_b64, ~(a & b))
/* D = ~(S0 | S1) (64-bit) */
LOGIC64(s_nor_b64, ~(a | b))
/* D = ~(S0 ^ S1) (64-bit) */
LOGIC64(s_xnor_b64, ~(a ^ b))
/* D = ((1 << S0[4:0]) - 1) << S1[4:0] */
OP(s_bfm_b32) { D(((1u << (S0 & 31)) - 1) << (S1 & 31)); }
/* D = ((1 << S0[5:0]) - 1) << S1[5:0] (64-bit) */
OP(s_bfm_b64) { DQ(((1ull << (S0 & 63)) - 1) << (S1 & 63)); }
/* D = the S1[22:16]-bit field of S0 at bit S1[5:0] (64-bit), zero-extended; SCC = D != 0 */
OP(s_bfe_u64)
{
    uint64_t a = S0Q;
    uint32_t b = S1, width = (b >> 16) & 127;
    uint64_t r = width ? (a >> (b & 63)) & (width >= 64 ? ~0ull : (1ull << width) - 1) : 0;
    DQ(r);
    w->scc = r != 0;
}
/* D = signext_from_bit((S0.i64 >> S1[5:0]) & mask of S1[22:16] bits, the width); SCC = D != 0 */
OP(s_bfe_i64)
{
    uint64_t a = S0Q;
    uint32_t b = S1, width = (b >> 16) & 127;
    int64_t r = 0;
    if (width) {
        if (width > 64)
            width = 64;
        uint64_t v = (uint64_t)((int64_t)a >> (b & 63)) & (width == 64 ? ~0ull : (1ull << width) - 1); /* (as above) */
        r = width == 64 ? (int64_t)v : (int64_t)(v << (64 - width)) >> (64 - width);
    }
    DQ(r);
    w->scc = r != 0;
}
/* D = {S1[15:0], S0[31:16]} */
OP(s_pack_hl_b32_b16) { D((S0 >> 16) | (S1 << 16)); }
/* D = {S1[15:0], S0[15:0]} */
OP(s_pack_ll_b32_b16) { D((S0 & 0xffff) | (S1 << 16)); }
/* D = {S1[31:16], S0[15:0]} */
OP(s_pack_lh_b32_b16) { D((S0 & 0xffff) | (S1 & 0xffff0000u)); }
/* D = {S1[31:16], S0[31:16]} */
OP(s_pack_hh_b32_b16) { D((S0 >> 16) | (S1 & 0xffff0000u)); }

/* ---- compares (SOPC): SCC = the comparison ---- */

#define CMP32(name, T, cmp) OP(name) { T a = (T)S0, b = (T)S1; w->scc = a cmp b; }
/* SCC = S0 == S1 (signed) */
CMP32(s_cmp_eq_i32, int32_t, ==)
/* SCC = S0 != S1 (signed) */
CMP32(s_cmp_lg_i32, int32_t, !=)
/* SCC = S0 > S1 (signed) */
CMP32(s_cmp_gt_i32, int32_t, >)
/* SCC = S0 >= S1 (signed) */
CMP32(s_cmp_ge_i32, int32_t, >=)
/* SCC = S0 < S1 (signed) */
CMP32(s_cmp_lt_i32, int32_t, <)
/* SCC = S0 <= S1 (signed) */
CMP32(s_cmp_le_i32, int32_t, <=)
/* SCC = S0 == S1 (unsigned) */
CMP32(s_cmp_eq_u32, uint32_t, ==)
/* SCC = S0 != S1 (unsigned) */
CMP32(s_cmp_lg_u32, uint32_t, !=)
/* SCC = S0 > S1 (unsigned) */
CMP32(s_cmp_gt_u32, uint32_t, >)
/* SCC = S0 >= S1 (unsigned) */
CMP32(s_cmp_ge_u32, uint32_t, >=)
/* SCC = S0 < S1 (unsigned) */
CMP32(s_cmp_lt_u32, uint32_t, <)
/* SCC = S0 <= S1 (unsigned) */
CMP32(s_cmp_le_u32, uint32_t, <=)
/* SCC = S0 == S1 (64-bit) */
OP(s_cmp_eq_u64) { w->scc = S0Q == S1Q; }
/* SCC = S0 != S1 (64-bit) */
OP(s_cmp_lg_u64) { w->scc = S0Q != S1Q; }
/* SCC = bit S1[4:0] of S0 is 0 */
OP(s_bitcmp0_b32) { w->scc = !((S0 >> (S1 & 31)) & 1); }
/* SCC = bit S1[4:0] of S0 is 1 */
OP(s_bitcmp1_b32) { w->scc = (S0 >> (S1 & 31)) & 1; }
/* SCC = bit S1[5:0] of S0 is 0 (64-bit) */
OP(s_bitcmp0_b64) { w->scc = !((S0Q >> (S1 & 63)) & 1); }
/* SCC = bit S1[5:0] of S0 is 1 (64-bit) */
OP(s_bitcmp1_b64) { w->scc = (int)((S0Q >> (S1 & 63)) & 1); }

/* ---- SOPK ---- */

/* D = sign-extended 16-bit immediate */
OP(s_movk_i32) { D(K); }
/* if SCC then D = sign-extended immediate */
OP(s_cmovk_i32) { if (w->scc) D(K); }
/* D = D + immediate; SCC = signed overflow */
OP(s_addk_i32) { int32_t a = (int32_t)SDSTV, b = (int32_t)K; int32_t r = (int32_t)((uint32_t)a + (uint32_t)b); D(r); w->scc = ((a ^ r) & (b ^ r)) < 0; }
/* D = D * immediate */
OP(s_mulk_i32) { D(SDSTV * K); }
#define CMPK(name, T, cmp, imm) OP(name) { w->scc = (T)SDSTV cmp (T)(imm); }
/* SCC = D == simm16 */
CMPK(s_cmpk_eq_i32, int32_t, ==, K)
/* SCC = D != simm16 */
CMPK(s_cmpk_lg_i32, int32_t, !=, K)
/* SCC = D > simm16 */
CMPK(s_cmpk_gt_i32, int32_t, >, K)
/* SCC = D >= simm16 */
CMPK(s_cmpk_ge_i32, int32_t, >=, K)
/* SCC = D < simm16 */
CMPK(s_cmpk_lt_i32, int32_t, <, K)
/* SCC = D <= simm16 */
CMPK(s_cmpk_le_i32, int32_t, <=, K)
/* SCC = D == uimm16 */
CMPK(s_cmpk_eq_u32, uint32_t, ==, x->simm16)
/* SCC = D != uimm16 */
CMPK(s_cmpk_lg_u32, uint32_t, !=, x->simm16)
/* SCC = D > uimm16 */
CMPK(s_cmpk_gt_u32, uint32_t, >, x->simm16)
/* SCC = D >= uimm16 */
CMPK(s_cmpk_ge_u32, uint32_t, >=, x->simm16)
/* SCC = D < uimm16 */
CMPK(s_cmpk_lt_u32, uint32_t, <, x->simm16)
/* SCC = D <= uimm16 */
CMPK(s_cmpk_le_u32, uint32_t, <=, x->simm16)

/* ---- hardware registers (SOPK): hwreg(id, offset, size) in simm16 ---- */

/* The readable value of hardware register `id` (MODE is the wave's; others as far as modelled). */
static uint32_t hwreg_read(const r3_wave *w, unsigned id)
{
    const r3_group *g = w->group;
    switch (id) {
    case 1: return w->mode;
    case 2: /* STATUS: SCC, EXECZ, VCCZ, IN_TG, VALID */
        return (uint32_t)w->scc | (r3_exec_mask(w) == 0) << 9 | (r3_vcc(w) == 0) << 10 | 1u << 11 | 1u << 16;
    case 5: return (uint32_t)((w->nvgprs / (w->wave64 ? 4 : 8)) - 1) << 8; /* GPR_ALLOC: VGPR size */
    case 6: return (g->lds_size + 511) / 512 << 12;                          /* LDS_ALLOC: size */
    case 23: return (uint32_t)w->core.id & 31;                                     /* HW_ID1: wave id */
    case 29: return (uint32_t)(w->core.icount & 0xfffff);                          /* SHADER_CYCLES */
    default: return 0;
    }
}

static void hwreg_write(r3_wave *w, unsigned simm16, uint32_t v)
{
    unsigned id = simm16 & 63, off = simm16 >> 6 & 31, size = (simm16 >> 11 & 31) + 1;
    uint32_t mask = (size >= 32 ? 0xffffffffu : (1u << size) - 1) << off;
    if (id == 1) /* only MODE is writable here; writes to the others have no effect */
        w->mode = (w->mode & ~mask) | ((v << off) & mask);
}

/* D = hwreg bits [offset + size - 1 : offset] */
OP(s_getreg_b32)
{
    unsigned h = x->simm16, off = h >> 6 & 31, size = (h >> 11 & 31) + 1;
    D((hwreg_read(w, h & 63) >> off) & (size >= 32 ? 0xffffffffu : (1u << size) - 1));
}
/* hwreg bits [offset + size - 1 : offset] = SGPR (the SDST field names the source) */
OP(s_setreg_b32) { hwreg_write(w, x->simm16, SDSTV); }
/* hwreg bits [offset + size - 1 : offset] = the literal */
OP(s_setreg_imm32_b32) { hwreg_write(w, x->simm16, x->literal); }
/* D = address of the next instruction; PC += simm16 * 4 + 4 */
OP(s_call_b64)
{
    DQ(r3_codeobj_pc_base(w->group->co) + w->pc);
    w->pc = w->inst_pc + 4 + (uint32_t)((int32_t)(int16_t)x->simm16 * 4);
}
/* SDST = the value a returning message asks for (the real-time clock is the wave's instruction
   count, so runs stay deterministic; the others have no meaning here and read 0) */
OP(s_sendmsg_rtn_b32) { D(x->src[0] == 0x83 ? (uint32_t)w->core.icount : 0); }
OP(s_sendmsg_rtn_b64) { DQ(x->src[0] == 0x83 ? w->core.icount : 0); }
/* return from a trap handler: there is none */
OP(s_rfe_b64) { (void)x; r3_fault(w, "s_rfe_b64 outside a trap handler (wavesim runs none)"); }

/* ---- SOPP: branches and program control ---- */

R3_INLINE void r3_branch(r3_wave *w, const r3_xop *x, int taken)
{
    if (taken)
        w->pc = w->inst_pc + 4 + (uint32_t)((int32_t)(int16_t)x->simm16 * 4);
}

/* PC += simm16 * 4 + 4 */
OP(s_branch) { r3_branch(w, x, 1); }
/* branch if SCC == 0 */
OP(s_cbranch_scc0) { r3_branch(w, x, !w->scc); }
/* branch if SCC == 1 */
OP(s_cbranch_scc1) { r3_branch(w, x, w->scc); }
/* branch if VCC == 0 */
OP(s_cbranch_vccz) { r3_branch(w, x, r3_vcc(w) == 0); }
/* branch if VCC != 0 */
OP(s_cbranch_vccnz) { r3_branch(w, x, r3_vcc(w) != 0); }
/* branch if EXEC == 0 */
OP(s_cbranch_execz) { r3_branch(w, x, r3_exec_mask(w) == 0); }
/* branch if EXEC != 0 */
OP(s_cbranch_execnz) { r3_branch(w, x, r3_exec_mask(w) != 0); }
/* end the wave */
OP(s_endpgm) { (void)x; core_wave_end(w->group->core, &w->core); }
/* wait until every wave of the workgroup has arrived */
OP(s_barrier) { (void)x; core_barrier_arrive(w->group->core, &w->core, w->core.icount + 1); }
/* MODE[3:0] = simm16[3:0] (f32 and f16/f64 round modes) */
OP(s_round_mode) { w->mode = (w->mode & ~0xfu) | (x->simm16 & 0xfu); }
/* MODE[7:4] = simm16[3:0] (f32 and f16/f64 denormal modes) */
OP(s_denorm_mode) { w->mode = (w->mode & ~0xf0u) | (x->simm16 & 0xfu) << 4; }
/* enter the trap handler: there is none, so the dispatch stops with a fault */
OP(s_trap) { r3_fault(w, "s_trap %u: no trap handler", x->simm16 & 0xff); }
/* halt the wave: a halted wave never ends, so the dispatch stops with a fault */
OP(s_sethalt)
{
    if (x->simm16 & 1)
        r3_fault(w, "wave halted by s_sethalt");
}
/* send a message, then halt */
OP(s_sendmsghalt) { (void)x; r3_fault(w, "wave halted by s_sendmsghalt"); }
/* end the wave (after a context save: the same here) */
OP(s_endpgm_saved) { (void)x; core_wave_end(w->group->core, &w->core); }
/* No functional effect: the debugger branches (no debugger is attached, never taken); waits, delays,
   clauses, priorities, prefetch and cache hints (a functional model completes memory operations in
   order); messages without a reply; performance counters and trace data. */
#define R3_NOTHING_OPS(X)                                                                  \
    X(s_cbranch_cdbgsys) X(s_cbranch_cdbguser) X(s_cbranch_cdbgsys_or_user)                \
    X(s_cbranch_cdbgsys_and_user) X(s_waitcnt) X(s_waitcnt_vscnt) X(s_waitcnt_vmcnt)       \
    X(s_waitcnt_expcnt) X(s_waitcnt_lgkmcnt) X(s_waitcnt_depctr) X(s_delay_alu) X(s_clause) \
    X(s_nop) X(s_sendmsg) X(s_setprio) X(s_sleep) X(s_icache_inv)                          \
    X(s_set_inst_prefetch_distance) X(s_code_end) X(s_wait_idle) X(s_version) X(s_setkill) \
    X(s_wait_event) X(s_wakeup) X(s_incperflevel) X(s_decperflevel) X(s_ttracedata)        \
    X(s_ttracedata_imm)
#define OP_NOTHING(name) OP(name) { (void)w; (void)x; }
R3_NOTHING_OPS(OP_NOTHING)
#undef OP_NOTHING

int r3_does_nothing(r3_exec_fn fn)
{
#define R3_NOTHING_FN(name) r3x_##name,
    static const r3_exec_fn nothing[] = {R3_NOTHING_OPS(R3_NOTHING_FN)};
#undef R3_NOTHING_FN
    for (size_t i = 0; fn && i < sizeof nothing / sizeof nothing[0]; i++)
        if (fn == nothing[i])
            return 1;
    return 0;
}
/* the _b64 forms run the same code: the EXEC width follows the wave size (r3_saveexec) */
OP(s_or_not0_saveexec_b64) { r3x_s_or_not0_saveexec_b32(w, x); }
OP(s_and_not0_wrexec_b64) { r3x_s_and_not0_wrexec_b32(w, x); }
OP(s_and_not1_wrexec_b64) { r3x_s_and_not1_wrexec_b32(w, x); }
OP(s_and_saveexec_b64) { r3x_s_and_saveexec_b32(w, x); }
OP(s_or_saveexec_b64) { r3x_s_or_saveexec_b32(w, x); }
OP(s_xor_saveexec_b64) { r3x_s_xor_saveexec_b32(w, x); }
OP(s_and_not0_saveexec_b64) { r3x_s_and_not0_saveexec_b32(w, x); }
OP(s_and_not1_saveexec_b64) { r3x_s_and_not1_saveexec_b32(w, x); }
OP(s_or_not1_saveexec_b64) { r3x_s_or_not1_saveexec_b32(w, x); }
OP(s_nand_saveexec_b64) { r3x_s_nand_saveexec_b32(w, x); }
OP(s_nor_saveexec_b64) { r3x_s_nor_saveexec_b32(w, x); }
OP(s_xnor_saveexec_b64) { r3x_s_xnor_saveexec_b32(w, x); }

