/* RDNA3 scalar ALU and program control: SOP1, SOP2, SOPK, SOPC and SOPP instructions. */
#include <stdint.h>

#include "r3_exec.h"

/* Operand shorthands: S0/S1 are the 32-bit sources, S0Q/S1Q the 64-bit ones, K the SOPK immediate. */
#define S0 r3_scalar32(w, r3_field_value(x->in, R3F_SSRC0), x->literal)
#define S1 r3_scalar32(w, r3_field_value(x->in, R3F_SSRC1), x->literal)
#define S0Q r3_scalar64(w, r3_field_value(x->in, R3F_SSRC0), x->literal, 0)
#define S1Q r3_scalar64(w, r3_field_value(x->in, R3F_SSRC1), x->literal, 0)
#define K ((uint32_t)(int32_t)(int16_t)r3_field_value(x->in, R3F_SIMM16))
#define DST r3_field_value(x->in, R3F_SDST)
#define D(v) r3_write_sgpr(w, DST, (uint32_t)(v))
#define DQ(v) r3_write_sgpr64(w, DST, (uint64_t)(v))
#define SDSTV w->sgpr[DST & 127]
#define OP(name) static void name(r3_wave *w, const r3_xop *x)

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

/* ---- EXEC manipulation (SOP1): D = EXEC, then EXEC = f(S0, EXEC), SCC = EXEC != 0 ---- */

static void r3_saveexec(r3_wave *w, const r3_xop *x, int op)
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
    default: r = ~s | e; break;
    }
    if (!w->wave64)
        r &= 0xffffffffu;
    if (w->wave64)
        DQ(e);
    else
        D(e);
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

/* ---- program counter (SOP1) ---- */

/* D = address of the next instruction */
OP(s_getpc_b64) { DQ(w->group->co->code_addr + w->pc); }
/* PC = S0 */
OP(s_setpc_b64) { w->pc = (uint32_t)(S0Q - w->group->co->code_addr); }
/* D = address of the next instruction; PC = S0 */
OP(s_swappc_b64)
{
    uint64_t target = S0Q;
    DQ(w->group->co->code_addr + w->pc);
    w->pc = (uint32_t)(target - w->group->co->code_addr);
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
/* D = bits of S0 selected as for s_bfe_u32, sign-extended */
OP(s_bfe_i32)
{
    uint32_t a = S0, b = S1, width = (b >> 16) & 127, off = b & 31;
    int32_t r = 0;
    if (width) {
        if (width > 32)
            width = 32;
        uint32_t v = (a >> off) & (uint32_t)((1ull << width) - 1);
        r = width == 32 ? (int32_t)v : (int32_t)(v << (32 - width)) >> (32 - width);
    }
    D(r);
    w->scc = r != 0;
}
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
CMPK(s_cmpk_eq_u32, uint32_t, ==, r3_field_value(x->in, R3F_SIMM16))
/* SCC = D != uimm16 */
CMPK(s_cmpk_lg_u32, uint32_t, !=, r3_field_value(x->in, R3F_SIMM16))
/* SCC = D > uimm16 */
CMPK(s_cmpk_gt_u32, uint32_t, >, r3_field_value(x->in, R3F_SIMM16))
/* SCC = D >= uimm16 */
CMPK(s_cmpk_ge_u32, uint32_t, >=, r3_field_value(x->in, R3F_SIMM16))
/* SCC = D < uimm16 */
CMPK(s_cmpk_lt_u32, uint32_t, <, r3_field_value(x->in, R3F_SIMM16))
/* SCC = D <= uimm16 */
CMPK(s_cmpk_le_u32, uint32_t, <=, r3_field_value(x->in, R3F_SIMM16))

/* ---- SOPP: branches and program control ---- */

static void r3_branch(r3_wave *w, const r3_xop *x, int taken)
{
    if (taken)
        w->pc = w->inst_pc + 4 + (uint32_t)((int32_t)(int16_t)r3_field_value(x->in, R3F_SIMM16) * 4);
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
OP(s_endpgm) { (void)x; w->done = 1; }
/* wait until every wave of the workgroup has arrived */
OP(s_barrier) { (void)x; w->at_barrier = 1; }
/* no functional effect in a functional model: memory operations complete in order */
OP(s_nop_like) { (void)w; (void)x; }

const r3_handler r3_salu_handlers[] = {
#define H(name) {#name, name}
    H(s_mov_b32), H(s_mov_b64), H(s_cmov_b32), H(s_cmov_b64), H(s_not_b32), H(s_not_b64), H(s_brev_b32),
    H(s_bcnt1_i32_b32), H(s_bcnt1_i32_b64), H(s_ctz_i32_b32), H(s_ctz_i32_b64), H(s_clz_i32_u32),
    H(s_sext_i32_i8), H(s_sext_i32_i16), H(s_abs_i32), H(s_and_saveexec_b32), H(s_or_saveexec_b32),
    H(s_xor_saveexec_b32), H(s_and_not0_saveexec_b32), H(s_and_not1_saveexec_b32), H(s_or_not1_saveexec_b32),
    H(s_nand_saveexec_b32), H(s_nor_saveexec_b32), H(s_xnor_saveexec_b32), H(s_getpc_b64), H(s_setpc_b64),
    H(s_swappc_b64), H(s_add_u32), H(s_sub_u32), H(s_addc_u32), H(s_subb_u32), H(s_add_i32), H(s_sub_i32),
    H(s_mul_i32), H(s_mul_hi_u32), H(s_mul_hi_i32), H(s_min_i32), H(s_min_u32), H(s_max_i32), H(s_max_u32),
    H(s_cselect_b32), H(s_cselect_b64), H(s_lshl1_add_u32), H(s_lshl2_add_u32), H(s_lshl3_add_u32),
    H(s_lshl4_add_u32), H(s_and_b32), H(s_and_b64), H(s_or_b32), H(s_or_b64), H(s_xor_b32), H(s_xor_b64),
    H(s_and_not1_b32), H(s_and_not1_b64), H(s_or_not1_b32), H(s_or_not1_b64), H(s_nand_b32), H(s_nor_b32),
    H(s_xnor_b32), H(s_lshl_b32), H(s_lshl_b64), H(s_lshr_b32), H(s_lshr_b64), H(s_ashr_i32), H(s_ashr_i64),
    H(s_bfe_u32), H(s_bfe_i32), H(s_pack_ll_b32_b16), H(s_pack_lh_b32_b16), H(s_pack_hh_b32_b16),
    H(s_cmp_eq_i32), H(s_cmp_lg_i32), H(s_cmp_gt_i32), H(s_cmp_ge_i32), H(s_cmp_lt_i32), H(s_cmp_le_i32),
    H(s_cmp_eq_u32), H(s_cmp_lg_u32), H(s_cmp_gt_u32), H(s_cmp_ge_u32), H(s_cmp_lt_u32), H(s_cmp_le_u32),
    H(s_cmp_eq_u64), H(s_cmp_lg_u64), H(s_bitcmp0_b32), H(s_bitcmp1_b32), H(s_movk_i32), H(s_cmovk_i32),
    H(s_addk_i32), H(s_mulk_i32), H(s_cmpk_eq_i32), H(s_cmpk_lg_i32), H(s_cmpk_gt_i32), H(s_cmpk_ge_i32),
    H(s_cmpk_lt_i32), H(s_cmpk_le_i32), H(s_cmpk_eq_u32), H(s_cmpk_lg_u32), H(s_cmpk_gt_u32), H(s_cmpk_ge_u32),
    H(s_cmpk_lt_u32), H(s_cmpk_le_u32), H(s_branch), H(s_cbranch_scc0), H(s_cbranch_scc1), H(s_cbranch_vccz),
    H(s_cbranch_vccnz), H(s_cbranch_execz), H(s_cbranch_execnz), H(s_endpgm), H(s_barrier),
#undef H
    /* the wave64 forms of the EXEC instructions share the functions: the wave size decides */
    {"s_and_saveexec_b64", s_and_saveexec_b32}, {"s_or_saveexec_b64", s_or_saveexec_b32},
    {"s_xor_saveexec_b64", s_xor_saveexec_b32}, {"s_and_not0_saveexec_b64", s_and_not0_saveexec_b32},
    {"s_and_not1_saveexec_b64", s_and_not1_saveexec_b32}, {"s_or_not1_saveexec_b64", s_or_not1_saveexec_b32},
    {"s_nand_saveexec_b64", s_nand_saveexec_b32}, {"s_nor_saveexec_b64", s_nor_saveexec_b32},
    {"s_xnor_saveexec_b64", s_xnor_saveexec_b32},
    /* ordering and scheduling hints: no effect in a functional model */
    {"s_waitcnt", s_nop_like}, {"s_waitcnt_vscnt", s_nop_like}, {"s_waitcnt_vmcnt", s_nop_like},
    {"s_waitcnt_expcnt", s_nop_like}, {"s_waitcnt_lgkmcnt", s_nop_like}, {"s_waitcnt_depctr", s_nop_like},
    {"s_delay_alu", s_nop_like}, {"s_clause", s_nop_like}, {"s_nop", s_nop_like}, {"s_sendmsg", s_nop_like},
    {"s_setprio", s_nop_like}, {"s_sleep", s_nop_like}, {"s_icache_inv", s_nop_like},
    {"s_set_inst_prefetch_distance", s_nop_like}, {"s_code_end", s_nop_like}, {"s_wait_idle", s_nop_like},
};
const size_t r3_salu_nhandlers = sizeof r3_salu_handlers / sizeof r3_salu_handlers[0];
