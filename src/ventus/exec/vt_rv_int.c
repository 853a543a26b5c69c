/* RV32I, M and A on the warp's scalar registers (warp-uniform: scalar instructions ignore the SIMT
   mask), CSR access including the Ventus CSRs, and fences. */
#include "vt_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XS1 (w->x[in->rs1])
#define XS2 (vt_src2(w, in))

/* Defines vt_x_NAME: rd = EXPR over a = rs1 and b = rs2 or the immediate. */
#define VT_ALU(name, expr) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t a = XS1, b = XS2; \
        (void)a; (void)b; \
        vt_set_x(g, w, in->rd, (expr)); \
        return 0; \
    }

/* rd = rs1 + b */
VT_ALU(add, a + b)
/* rd = rs1 - rs2 */
VT_ALU(sub, a - b)
/* rd = rs1 << b[4:0] */
VT_ALU(sll, a << (b & 31))
/* rd = rs1 >> b[4:0] (logical) */
VT_ALU(srl, a >> (b & 31))
/* rd = rs1 >> b[4:0] (arithmetic) */
VT_ALU(sra, (uint32_t)((int32_t)a >> (b & 31)))
/* rd = (signed) rs1 < b */
VT_ALU(slt, (int32_t)a < (int32_t)b)
/* rd = (unsigned) rs1 < b */
VT_ALU(sltu, a < b)
/* rd = rs1 ^ b */
VT_ALU(xor, a ^ b)
/* rd = rs1 | b */
VT_ALU(or, a | b)
/* rd = rs1 & b */
VT_ALU(and, a & b)
/* rd = low 32 bits of rs1 * rs2 */
VT_ALU(mul, a * b)
/* rd = high 32 bits of signed rs1 * signed rs2 */
VT_ALU(mulh, (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32))
/* rd = high 32 bits of signed rs1 * unsigned rs2 */
VT_ALU(mulhsu, (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)b) >> 32))
/* rd = high 32 bits of unsigned rs1 * rs2 */
VT_ALU(mulhu, (uint32_t)(((uint64_t)a * b) >> 32))
/* rd = rs1 / rs2 signed; /0 gives -1, INT_MIN/-1 gives INT_MIN */
VT_ALU(div, !b ? 0xffffffffu : (a == 0x80000000u && b == 0xffffffffu) ? a : (uint32_t)((int32_t)a / (int32_t)b))
/* rd = rs1 / rs2 unsigned; /0 gives all ones */
VT_ALU(divu, b ? a / b : 0xffffffffu)
/* rd = rs1 % rs2 signed; %0 gives rs1, INT_MIN%-1 gives 0 */
VT_ALU(rem, !b ? a : (a == 0x80000000u && b == 0xffffffffu) ? 0 : (uint32_t)((int32_t)a % (int32_t)b))
/* rd = rs1 % rs2 unsigned; %0 gives rs1 */
VT_ALU(remu, b ? a % b : a)

/* rd = imm20 << 12 */
int vt_x_lui(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_set_x(g, w, in->rd, (uint32_t)in->imm);
    return 0;
}

/* rd = pc + (imm20 << 12) */
int vt_x_auipc(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_set_x(g, w, in->rd, w->pc + (uint32_t)in->imm);
    return 0;
}

/* rd = pc + 4; pc += imm */
int vt_x_jal(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_set_x(g, w, in->rd, w->pc + 4);
    w->npc = w->pc + (uint32_t)in->imm;
    return 0;
}

/* rd = pc + 4; pc = (rs1 + imm) & ~1 */
int vt_x_jalr(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t target = (w->x[in->rs1] + (uint32_t)in->imm) & ~1u;
    vt_set_x(g, w, in->rd, w->pc + 4);
    w->npc = target;
    return 0;
}

/* Defines a conditional branch: pc += imm when COND(rs1, rs2). */
#define VT_BRANCH(name, cond) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        (void)g; \
        uint32_t a = w->x[in->rs1], b = w->x[in->rs2]; \
        if (cond) \
            w->npc = w->pc + (uint32_t)in->imm; \
        return 0; \
    }

/* branch if rs1 == rs2 */
VT_BRANCH(beq, a == b)
/* branch if rs1 != rs2 */
VT_BRANCH(bne, a != b)
/* branch if rs1 < rs2 (signed) */
VT_BRANCH(blt, (int32_t)a < (int32_t)b)
/* branch if rs1 >= rs2 (signed) */
VT_BRANCH(bge, (int32_t)a >= (int32_t)b)
/* branch if rs1 < rs2 (unsigned) */
VT_BRANCH(bltu, a < b)
/* branch if rs1 >= rs2 (unsigned) */
VT_BRANCH(bgeu, a >= b)

/* Bytes moved by a scalar load/store (funct3 width) and whether a load sign-extends. */
static uint32_t vt_width(const vt_inst *in, int *sign)
{
    unsigned f3 = in->word >> 12 & 7;
    *sign = !(f3 & 4);
    return 1u << (f3 & 3);
}

/* Reads size bytes little-endian, sign- or zero-extended. */
static uint32_t vt_load_value(const uint8_t *p, uint32_t size, int sign)
{
    uint32_t v = 0;
    memcpy(&v, p, size); /* little-endian host */
    if (sign && size < 4) {
        uint32_t m = 1u << (8 * size - 1);
        v = (v ^ m) - m;
    }
    return v;
}

/* rd = sign/zero-extended memory[rs1 + imm] (lb, lh, lw, lbu, lhu; flw: Zfinx, a float into an x register,
   Ventus LLVM VentusInstrInfoF.td FLW on GPRF32) */
int vt_x_load(vt_group *g, vt_warp *w, const vt_inst *in)
{
    int sign;
    uint32_t size = vt_width(in, &sign), addr = w->x[in->rs1] + (uint32_t)in->imm;
    const uint8_t *p = vt_mem_at(g, addr, size);
    if (!p)
        return vt_fault(g, w, "load of %u bytes at 0x%08x outside any buffer", size, addr);
    uint32_t v = vt_load_value(p, size, sign);
    vt_set_x(g, w, in->rd, v);
    if (g->tracing)
        vt_record(g, VT_W_LOAD, 0, addr, v, size);
    return 0;
}

/* memory[rs1 + imm] = low bytes of rs2 (sb, sh, sw; fsw: Zfinx, from an x register) */
int vt_x_store(vt_group *g, vt_warp *w, const vt_inst *in)
{
    int sign;
    uint32_t size = vt_width(in, &sign), addr = w->x[in->rs1] + (uint32_t)in->imm, v = w->x[in->rs2];
    uint8_t *p = vt_mem_at(g, addr, size);
    if (!p)
        return vt_fault(g, w, "store of %u bytes at 0x%08x outside any buffer", size, addr);
    memcpy(p, &v, size);
    if (g->tracing)
        vt_record(g, VT_W_STORE, 0, addr, size < 4 ? v & ((1u << 8 * size) - 1) : v, size);
    return 0;
}

/* no effect: memory is coherent in the simulator */
int vt_x_fence(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)g, (void)w, (void)in;
    return 0;
}

/* ecall and ebreak do not exist on Ventus (seed 003) */
int vt_x_illegal(vt_group *g, vt_warp *w, const vt_inst *in)
{
    return vt_fault(g, w, "illegal instruction 0x%08x (%s is not supported by Ventus)", in->word,
                    vt_ops[in->op].mnemonic);
}

/* The word of a 32-bit atomic at rs1 (naturally aligned), or NULL after a fault. */
static uint32_t *vt_amo_addr(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t addr = w->x[in->rs1];
    if (addr & 3) {
        vt_fault(g, w, "misaligned atomic at 0x%08x", addr);
        return NULL;
    }
    uint8_t *p = vt_mem_at(g, addr, 4);
    if (!p)
        vt_fault(g, w, "atomic at 0x%08x outside any buffer", addr);
    if (p && g->tracing)
        vt_record(g, VT_W_LOAD, 0, addr, 0, 4);
    return (uint32_t *)(void *)p;
}

/* Defines an AMO: rd = old memory word; memory = OP(old, rs2), atomically across host threads. */
#define VT_AMO(name, op) \
    int vt_x_##name(vt_group *g, vt_warp *w, const vt_inst *in) \
    { \
        uint32_t *p = vt_amo_addr(g, w, in); \
        if (!p) \
            return -1; \
        uint32_t b = w->x[in->rs2], old = __atomic_load_n(p, __ATOMIC_RELAXED), nv; \
        do { \
            uint32_t a = old; \
            nv = (op); \
        } while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)); \
        vt_set_x(g, w, in->rd, old); \
        return 0; \
    }

/* mem = rs2 */
VT_AMO(amoswap, ((void)a, b))
/* mem = mem + rs2 */
VT_AMO(amoadd, a + b)
/* mem = mem ^ rs2 */
VT_AMO(amoxor, a ^ b)
/* mem = mem & rs2 */
VT_AMO(amoand, a & b)
/* mem = mem | rs2 */
VT_AMO(amoor, a | b)
/* mem = min(mem, rs2) signed */
VT_AMO(amomin, (int32_t)a < (int32_t)b ? a : b)
/* mem = max(mem, rs2) signed */
VT_AMO(amomax, (int32_t)a > (int32_t)b ? a : b)
/* mem = min(mem, rs2) unsigned */
VT_AMO(amominu, a < b ? a : b)
/* mem = max(mem, rs2) unsigned */
VT_AMO(amomaxu, a > b ? a : b)

/* rd = mem[rs1]; the warp reserves the word (RISC-V A 8.2: LR.W registers a reservation set) */
int vt_x_lr(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t *p = vt_amo_addr(g, w, in);
    if (!p)
        return -1;
    uint32_t v = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    w->resv = w->x[in->rs1] | 1;
    w->resv_val = v;
    vt_set_x(g, w, in->rd, v);
    return 0;
}

/* With the reservation of the warp's last lr.w on rs1's word: mem[rs1] = rs2, rd = 0; otherwise rd = 1
   and memory stays. Either way the reservation ends (RISC-V A 8.2: "The SC must fail if the address is
   not within the reservation set of the most recent LR"; "executing an SC instruction invalidates any
   reservation held by this hart"). Another warp's store in between shows as a changed word, which
   fails the sc too (QEMU's reading: a store of the same value goes unseen). */
int vt_x_sc(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t *p = vt_amo_addr(g, w, in);
    if (!p)
        return -1;
    uint32_t expect = w->resv_val;
    int ok = w->resv == (w->x[in->rs1] | 1) &&
             __atomic_compare_exchange_n(p, &expect, w->x[in->rs2], 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    w->resv = 0;
    vt_set_x(g, w, in->rd, !ok);
    return 0;
}

/* The CSR's current value; -1 for a CSR Ventus does not have. */
static int vt_csr_read(vt_group *g, vt_warp *w, uint32_t csr, uint32_t *v)
{
    switch (csr) {
    case 0x001: *v = w->fflags; break;
    case 0x002: *v = w->frm; break;
    case 0x003: *v = w->frm << 5 | w->fflags; break;
    case 0x008: *v = w->vstart; break;
    case 0x009: *v = w->vxsat & 1; break; /* w->vxsat holds vcsr: vxsat bit 0, vxrm bits 2:1 (RVV 1.0 3.10) */
    case 0x00a: *v = w->vxsat >> 1 & 3; break;
    case 0x00f: *v = w->vxsat & 7; break;
    case 0x300: *v = w->mstatus; break;
    case 0x301: *v = 0x40000000u | 1u << 0 | 1u << 8 | 1u << 12 | 1u << 21; break; /* RV32 I M A V */
    case 0x305: *v = w->mtvec; break;
    case 0x340: *v = w->mscratch; break;
    case 0x304: case 0x341: case 0x342: case 0x343: case 0x344: *v = 0; break;
    case 0xb00: case 0xc00: case 0xc01: *v = (uint32_t)g->instructions; break;
    case 0xb02: case 0xc02: *v = (uint32_t)g->instructions; break;
    case 0xc20: *v = w->vl; break;
    case 0xc21: *v = w->vtype; break;
    case 0xc22: *v = g->numt * 4; break;
    case 0xf11: case 0xf12: case 0xf13: *v = 0; break;
    case 0xf14: *v = (uint32_t)w->core.id; break;
    case VT_CSR_TID: *v = (uint32_t)w->core.id * g->numt; break;
    case VT_CSR_NUMW: *v = g->numw; break;
    case VT_CSR_NUMT: *v = g->numt; break;
    case VT_CSR_KNL: *v = g->csr_knl; break;
    case VT_CSR_WGID: *v = g->wgid; break;
    case VT_CSR_WID: *v = (uint32_t)w->core.id; break;
    case VT_CSR_LDS: *v = VT_LDS_BASE; break;
    case VT_CSR_PDS: *v = g->csr_pds; break;
    case VT_CSR_GIDX: case VT_CSR_GIDY: case VT_CSR_GIDZ: *v = g->gid[csr - VT_CSR_GIDX]; break;
    case VT_CSR_PRINT: *v = w->print; break;
    case VT_CSR_RPC: *v = w->rpc; break;
    default: return vt_csr25_read(g, w, csr, v);
    }
    return 0;
}

/* The print-buffer protocol: a warp that finished writing text to the print buffer (address and
   size at KNL_PRINT_ADDR/KNL_PRINT_SIZE, offsets 48 and 52 of the kernel metadata) sets CSR_PRINT;
   the host takes the text (up to the first NUL) and clears the flag, so the write reads back 0. */
static uint32_t vt_print_handshake(vt_group *g, uint32_t v)
{
    if (!v)
        return 0;
    const uint8_t *meta = vt_mem_at(g, g->csr_knl + 48, 8);
    uint32_t addr = 0, size = 0;
    if (meta) {
        memcpy(&addr, meta, 4);
        memcpy(&size, meta + 4, 4);
    }
    const uint8_t *text = size ? vt_mem_at(g, addr, size) : NULL;
    if (!text)
        return 0;
    const uint8_t *nul = memchr(text, 0, size);
    size_t n = nul ? (size_t)(nul - text) : size;
    core_group_print(g->core, (const char *)text, n); /* out of memory: the text is lost, nothing else */
    return 0;
}

/* Writes a CSR; read-only ones (ids, counters, vl/vtype) ignore writes. */
static void vt_csr_write(vt_group *g, vt_warp *w, uint32_t csr, uint32_t v)
{
    switch (csr) {
    case 0x001: w->fflags = v & 31; break;
    case 0x002: w->frm = v & 7; break;
    case 0x003: w->fflags = v & 31; w->frm = v >> 5 & 7; break;
    case 0x008: w->vstart = v; break;
    case 0x009: w->vxsat = (w->vxsat & 6) | (v & 1); break;
    case 0x00a: w->vxsat = (w->vxsat & 1) | (v & 3) << 1; break;
    case 0x00f: w->vxsat = v & 7; break;
    case 0x300: /* an enabled FS or VS reads back dirty, with SD, as in the reference simulator */
        w->mstatus = v | (v & 0x6000u ? 0x6000u : 0) | (v & 0x600u ? 0x600u : 0);
        w->mstatus = (w->mstatus & 0x7fffffffu) | ((w->mstatus & 0x6600u) ? 0x80000000u : 0);
        break;
    case 0x305: w->mtvec = v; break;
    case 0x340: w->mscratch = v; break;
    case VT_CSR_PRINT: w->print = vt_print_handshake(g, v); break;
    case VT_CSR_RPC: w->rpc = v; break;
    default: return;
    }
    if (g->tracing && !vt_csr_read(g, w, csr, &v))
        vt_record(g, VT_W_CSR, csr, 0, v, 4);
}

/* The shared body of the six CSR instructions: rd = old CSR; CSR = f(old, operand). */
static int vt_csr_op(vt_group *g, vt_warp *w, const vt_inst *in, int kind, int imm_form)
{
    uint32_t csr = (uint32_t)in->imm, old;
    if (vt_csr_read(g, w, csr, &old))
        return vt_fault(g, w, "access to CSR 0x%03x, which Ventus does not have", csr);
    uint32_t operand = imm_form ? (in->word >> 15 & 31) : w->x[in->rs1];
    int writes = kind == 0 || (in->word >> 15 & 31) != 0;
    vt_set_x(g, w, in->rd, old);
    if (writes)
        vt_csr_write(g, w, csr, kind == 0 ? operand : kind == 1 ? old | operand : old & ~operand);
    return 0;
}

/* rd = csr; csr = rs1 */
int vt_x_csrrw(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 0, 0); }
/* rd = csr; csr |= rs1 */
int vt_x_csrrs(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 1, 0); }
/* rd = csr; csr &= ~rs1 */
int vt_x_csrrc(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 2, 0); }
/* rd = csr; csr = uimm5 */
int vt_x_csrrwi(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 0, 1); }
/* rd = csr; csr |= uimm5 */
int vt_x_csrrsi(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 1, 1); }
/* rd = csr; csr &= ~uimm5 */
int vt_x_csrrci(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_csr_op(g, w, in, 2, 1); }
