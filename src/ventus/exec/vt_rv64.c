/* RV64I and RV64A with seed 003's register-pair semantics ("RV64I ... 源操作数与目的操作数为相邻寄存器对
   拼接产生的64比特数据，寄存器对拼接偶对齐"): the W ops work on 64-bit values in even scalar register pairs
   (low word in n, high in n+1), ld/sd and the .d atomics take a 64-bit pair address and move 32-bit data.
   The pair of x0 reads as 0 and a result for it is dropped (our choice: x1 is ra, not a high word). */
#include "vt_ops.h"

#include <string.h>

/* Checks that the pair fields `fields` (1 rd, 2 rs1, 4 rs2) are even; 0, or -1 after a fault. */
static int vt_pairs_ok(vt_group *g, vt_warp *w, const vt_inst *in, unsigned fields)
{
    if (((fields & 1) && (in->rd & 1)) || ((fields & 2) && (in->rs1 & 1)) || ((fields & 4) && (in->rs2 & 1)))
        return vt_fault(g, w, "%s with an odd register of a 64-bit pair (pairs are even-aligned)", vt_ops[in->op].mnemonic);
    if (in->rd + 1 >= VT_NUM_XREGS || in->rs1 + 1 >= VT_NUM_XREGS || in->rs2 + 1 >= VT_NUM_XREGS)
        return vt_fault(g, w, "%s: a register pair past x63", vt_ops[in->op].mnemonic);
    return 0;
}

static uint64_t vt_xpair(const vt_warp *w, unsigned r)
{
    return r ? w->x[r] | (uint64_t)w->x[r + 1] << 32 : 0;
}

static void vt_set_xpair(vt_group *g, vt_warp *w, unsigned r, uint64_t v)
{
    if (!r)
        return;
    vt_set_x(g, w, r, (uint32_t)v);
    vt_set_x(g, w, r + 1, (uint32_t)(v >> 32));
}

/* The second operand: the rs2 pair, or the immediate (sign-extended; shift amounts as encoded). */
static uint64_t vt_w_src2(const vt_warp *w, const vt_inst *in)
{
    return vt_ops[in->op].format == VT_R ? vt_xpair(w, in->rs2) : (uint64_t)(int64_t)in->imm;
}

static int vt_pair_alu(vt_group *g, vt_warp *w, const vt_inst *in, int kind)
{
    unsigned fields = vt_ops[in->op].format == VT_R ? 7 : 3;
    if (vt_pairs_ok(g, w, in, fields))
        return -1;
    uint64_t a = vt_xpair(w, in->rs1), b = vt_w_src2(w, in), r;
    switch (kind) {
    case 0: r = a + b; break;
    case 1: r = a - b; break;
    case 2: r = a << (b & 63); break;
    case 3: r = a >> (b & 63); break;
    default: r = (uint64_t)((int64_t)a >> (b & 63)); break;
    }
    vt_set_xpair(g, w, in->rd, r);
    return 0;
}

/* rd pair = rs1 pair + rs2 pair / sext(imm12) (addw, addiw) */
int vt_x_addw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_pair_alu(g, w, in, 0); }
/* rd pair = rs1 pair - rs2 pair (subw) */
int vt_x_subw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_pair_alu(g, w, in, 1); }
/* rd pair = rs1 pair << (rs2[5:0] or shamt) (sllw, slliw) */
int vt_x_sllw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_pair_alu(g, w, in, 2); }
/* rd pair = rs1 pair >> amount, logical (srlw, srliw) */
int vt_x_srlw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_pair_alu(g, w, in, 3); }
/* rd pair = rs1 pair >> amount, arithmetic (sraw, sraiw) */
int vt_x_sraw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_pair_alu(g, w, in, 4); }

/* The 64-bit address pair(rs1) + off as a device pointer for `len` bytes, or NULL after a fault. */
static uint8_t *vt_pair_addr(vt_group *g, vt_warp *w, const vt_inst *in, int64_t off, uint32_t len, uint32_t *addr)
{
    if (vt_pairs_ok(g, w, in, 2))
        return NULL;
    uint64_t a = vt_xpair(w, in->rs1) + (uint64_t)off;
    if (a >> 32 || a + len > 0x100000000ull) {
        vt_fault(g, w, "%s at 0x%llx, above the 32-bit device memory", vt_ops[in->op].mnemonic, (unsigned long long)a);
        return NULL;
    }
    *addr = (uint32_t)a;
    uint8_t *p = vt_mem_at(g, *addr, len);
    if (!p)
        vt_fault(g, w, "%s of %u bytes at 0x%08x outside any buffer", vt_ops[in->op].mnemonic, len, *addr);
    return p;
}

/* rd = the 32-bit word at pair(rs1) + imm (ld) */
int vt_x_ld(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t addr, v;
    uint8_t *p = vt_pair_addr(g, w, in, in->imm, 4, &addr);
    if (!p)
        return -1;
    memcpy(&v, p, 4);
    vt_set_x(g, w, in->rd, v);
    if (g->tracing)
        vt_record(g, VT_W_LOAD, 0, addr, v, 4);
    return 0;
}

/* the 32-bit word at pair(rs1) + imm = rs2 (sd) */
int vt_x_sd(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t addr, v = w->x[in->rs2];
    uint8_t *p = vt_pair_addr(g, w, in, in->imm, 4, &addr);
    if (!p)
        return -1;
    memcpy(p, &v, 4);
    if (g->tracing)
        vt_record(g, VT_W_STORE, 0, addr, v, 4);
    return 0;
}

/* The naturally aligned word of a .d atomic at pair(rs1), or NULL after a fault. */
static uint32_t *vt_amo_d_addr(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t addr;
    if (vt_pairs_ok(g, w, in, 2))
        return NULL;
    if (vt_xpair(w, in->rs1) & 3) {
        vt_fault(g, w, "misaligned atomic at 0x%llx", (unsigned long long)vt_xpair(w, in->rs1));
        return NULL;
    }
    uint8_t *p = vt_pair_addr(g, w, in, 0, 4, &addr);
    if (p && g->tracing)
        vt_record(g, VT_W_LOAD, 0, addr, 0, 4);
    return (uint32_t *)(void *)p;
}

/* rd = mem[pair(rs1)]; mem = OP(old, rs2), 32-bit, atomically (amo*.d; funct5 selects OP) */
int vt_x_amo_d(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t *p = vt_amo_d_addr(g, w, in);
    if (!p)
        return -1;
    uint32_t b = w->x[in->rs2], old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
    unsigned f5 = in->word >> 27;
    do {
        uint32_t a = old;
        switch (f5) {
        case 0x01: nv = b; break;
        case 0x00: nv = a + b; break;
        case 0x04: nv = a ^ b; break;
        case 0x0c: nv = a & b; break;
        case 0x08: nv = a | b; break;
        case 0x10: nv = (int32_t)a < (int32_t)b ? a : b; break;
        case 0x14: nv = (int32_t)a > (int32_t)b ? a : b; break;
        case 0x18: nv = a < b ? a : b; break;
        default: nv = a > b ? a : b; break;
        }
    } while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    vt_set_x(g, w, in->rd, old);
    return 0;
}

/* rd = mem[pair(rs1)] (lr.d: the warp's reservation, as lr.w) */
int vt_x_lr_d(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t *p = vt_amo_d_addr(g, w, in);
    if (!p)
        return -1;
    vt_set_x(g, w, in->rd, __atomic_load_n(p, __ATOMIC_SEQ_CST));
    return 0;
}

/* mem[pair(rs1)] = rs2; rd = 0 (sc.d) */
int vt_x_sc_d(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t *p = vt_amo_d_addr(g, w, in);
    if (!p)
        return -1;
    __atomic_store_n(p, w->x[in->rs2], __ATOMIC_SEQ_CST);
    vt_set_x(g, w, in->rd, 0);
    return 0;
}
