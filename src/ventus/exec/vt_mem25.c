/* The custom vector loads and stores of seed 003 ("自定义立即数访存指令"): the flat family (vlw12 and
   friends, the space chosen by vs1's range), the global, local and private families, the 12D family
   (a 64-bit address in an even register pair), the classic private ones (workgroup-interleaved,
   reference 1.3), and what a PREFIX_MEMORY before one of them changes: the address space, a 64-bit
   pair address, and 64/96/128-bit data moved to or from consecutive registers. */
#include "vt_ops.h"

#include <string.h>

/* Bytes moved and sign extension: loads by funct3 (000 b, 001 h, 010 w, 100 bu, 101 hu); the classic
   private stores by funct3 (000 b, 001 h, 010 w); the other stores 111 b, 011 h, 110 w. */
static uint32_t vt_mem25_size(const vt_inst *in, int is_store, int *sign)
{
    unsigned f3 = in->word >> 12 & 7;
    *sign = !is_store && !(f3 & 4);
    if (!is_store || vt_ops[in->op].format == VT_PVS)
        return 1u << (f3 & 3);
    return f3 == 7 ? 1 : f3 == 3 ? 2 : 4;
}

/* Private memory of seed 003's 2025 formula: ((a[31:2] << 2) * num_thread_per_warp + a[1:0] +
   thread_idx_in_warp << 2 + csr_pds[wid]), each warp's region pdsSize x threads long. */
static uint32_t vt_private25(const vt_group *g, const vt_warp *w, uint32_t l, uint32_t a)
{
    uint32_t base = g->csr_pds + (uint32_t)w->core.id * g->numt * g->pds_size;
    return base + (a & ~3u) * g->numt + l * 4 + (a & 3);
}

/* Private memory of the classic vlw.v family: word-interleaved over the whole workgroup. */
static uint32_t vt_private_wg(const vt_group *g, const vt_warp *w, uint32_t l, uint32_t a)
{
    return g->csr_pds + (a & ~3u) * g->numw * g->numt + ((uint32_t)w->core.id * g->numt + l) * 4 + (a & 3);
}

/* The device address of lane l's access at a (= base + offset), base being what the flat range check
   looks at. */
static uint32_t vt_space_addr(const vt_group *g, const vt_warp *w, int space, uint32_t l, uint64_t base, uint32_t a)
{
    switch (space) {
    case VT_SP_FLAT: /* seed 003: global / local by the gds and lds ranges, private when vs1[31:24] == 0 */
        if (base - VT_LDS_BASE < g->lds_size)
            return a;
        return base >> 24 ? a : vt_private25(g, w, l, a);
    case VT_SP_GLOBAL: return a + 0; /* + csr_gds, which is 0 (vt_csr25.c) */
    case VT_SP_LOCAL: return a + VT_LDS_BASE; /* + csr_lds */
    case VT_SP_PRIVATE: return vt_private25(g, w, l, a);
    case VT_SP_PRIVATE_WG: return vt_private_wg(g, w, l, a);
    default: return a;
    }
}

/* Fast path of the word accesses to global memory (no trace): when every active lane's address lies
   in the allocation the last access used, outside the LDS window (and, for the flat space, its base
   has bits 31:24 set, so that vt_space_addr takes it as global), the words move without the per-lane
   lookups. Returns 0 (nothing done) when some lane's does not: the general path then runs (and
   reports what is wrong), as the addresses are all checked before anything moves. */
static int vt_global_words(vt_group *g, vt_warp *w, const vt_inst *in, uint32_t act, const uint32_t *lo,
                           unsigned data_reg, int is_store, int flat)
{
    const core_alloc *a = g->last;
    uint32_t imm = (uint32_t)in->imm, inside = 1;
    if (!act)
        return 0;
    uint32_t first = lo[__builtin_ctz(act)] + imm; /* the allocation of the first active lane's address */
    if (!a || first < a->base || first - a->base >= a->size)
        a = core_mem_lookup(g->mem, first);
    if (!a || a->size < 4 || a->base + a->size > 0x100000000ull)
        return 0;
    /* one unsigned compare per lane: addr - base <= size - 4 (the allocation lies below 4 GiB) */
    uint32_t base = (uint32_t)a->base, span = (uint32_t)(a->size - 4), lds = g->lds_size;
    if (g->fast32) /* all 32 lanes checked, the inactive ones pass (vectorized: VT_EACH32) */
        VT_EACH32(l)
        {
            uint32_t addr = lo[l] + imm;
            inside &= ((addr - VT_LDS_BASE >= lds) & (addr - base <= span) & (!flat | (lo[l] >> 24 != 0))) |
                      !(act & lanes_bit[l]);
        }
    else
        VT_FOR_LANES(g, act, l)
        {
            uint32_t addr = lo[l] + imm;
            inside &= (addr - VT_LDS_BASE >= lds) & (addr - base <= span) & (!flat | (lo[l] >> 24 != 0));
        }
    if (!inside)
        return 0;
    g->last = a;
    uint32_t *reg = vt_vreg(g, w, data_reg);
    if (act == 0xffffffffu && g->fast32) { /* every lane: no mask test */
        uint32_t consecutive = 1;
        VT_EACH32(l) consecutive &= lo[l] == lo[0] + 4u * (uint32_t)l;
        if (consecutive) { /* a coalesced access: one block (in range: the lanes' words all are) */
            uint8_t *p = a->data + (lo[0] + imm - base);
            if (is_store)
                lanes_copy32(p, reg);
            else
                lanes_copy32(reg, p);
        } else if (is_store)
            VT_EACH32(l) memcpy(a->data + (lo[l] + imm - base), &reg[l], 4);
        else
            VT_EACH32(l) memcpy(&reg[l], a->data + (lo[l] + imm - base), 4);
    } else
        VT_FOR_LANES(g, act, l)
        {
            uint8_t *p = a->data + (lo[l] + imm - base);
            if (is_store)
                memcpy(p, &reg[l], 4);
            else
                memcpy(&reg[l], p, 4);
        }
    if (!is_store)
        vt_vwritten(g, data_reg, act);
    return 1;
}

int vt_vmem25(vt_group *g, vt_warp *w, const vt_inst *in, int is_store, int space)
{
    int sign, pair = space == VT_SP_ABS;
    uint32_t size = vt_mem25_size(in, is_store, &sign), nwords = 1, act = w->mask;
    if (in->pfx & VT_PFX_MEM) {
        static const int spaces[4] = {-1, VT_SP_GLOBAL, VT_SP_PRIVATE, VT_SP_LOCAL};
        if (in->mspace)
            space = spaces[in->mspace];
        pair |= (in->pfx & VT_PFX_MEM64) != 0;
        if (in->mwidth)
            nwords = in->mwidth + 1u, size = 4, sign = 0;
    }
    unsigned data_reg = is_store ? in->rs2 : in->rd;
    if (pair && (in->rs1 & 1))
        return vt_fault(g, w, "a 64-bit address in the odd register v%u (register pairs are even-aligned)", in->rs1);
    if (data_reg + nwords > VT_NUM_VREGS || (pair && in->rs1 + 1u >= VT_NUM_VREGS))
        return vt_fault(g, w, "register v%u + %u is past v255", data_reg, nwords - 1);
    const uint32_t *lo = vt_vreg(g, w, in->rs1), *hi = pair ? vt_vreg(g, w, in->rs1 + 1u) : NULL;
    if (g->fast_paths && !g->tracing && (space == VT_SP_GLOBAL || space == VT_SP_FLAT) && !pair && nwords == 1 &&
        size == 4 && vt_global_words(g, w, in, act, lo, data_reg, is_store, space == VT_SP_FLAT))
        return 0;
    VT_FOR_LANES(g, act, l)
    {
        uint64_t base = lo[l] | (hi ? (uint64_t)hi[l] << 32 : 0), a64 = base + (uint64_t)(int64_t)in->imm;
        if (!pair)
            a64 &= 0xffffffffu;
        if (a64 >> 32)
            return vt_fault(g, w, "address 0x%llx (lane %u) above the 32-bit device memory", (unsigned long long)a64, l);
        for (uint32_t k = 0; k < nwords; k++) {
            uint32_t addr = vt_space_addr(g, w, space, l, base, (uint32_t)a64 + 4 * k);
            uint32_t *reg = vt_vreg(g, w, data_reg + k);
            uint8_t *p = vt_mem_at(g, addr, size);
            if (!p)
                return vt_fault(g, w, "%s of %u bytes at 0x%08x (lane %u) outside any buffer",
                                is_store ? "store" : "load", size, addr, l);
            if (is_store) {
                memcpy(p, &reg[l], size);
                if (g->tracing)
                    vt_record(g, VT_W_STORE, l, addr, size < 4 ? reg[l] & ((1u << 8 * size) - 1) : reg[l], size);
                continue;
            }
            uint32_t v = 0;
            memcpy(&v, p, size);
            if (sign && size < 4) {
                uint32_t m = 1u << (8 * size - 1);
                v = (v ^ m) - m;
            }
            reg[l] = v;
            if (g->tracing)
                vt_record(g, VT_W_LOAD, l, addr, v, size);
        }
    }
    for (uint32_t k = 0; !is_store && k < nwords; k++)
        vt_vwritten(g, data_reg + k, act);
    return 0;
}

/* vd[l] = memory at vs1[l] + imm12 + csr_gds (vlb/vlh/vlw/vlbu/vlhu_global.v, seed 003) */
int vt_x_vlglobal(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_GLOBAL); }
/* memory at vs1[l] + imm12 + csr_gds = vs2[l] (vsb/vsh/vsw_global.v) */
int vt_x_vsglobal(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_GLOBAL); }
/* vd[l] = local memory at vs1[l] + imm12 + csr_lds (v*_local.v) */
int vt_x_vllocal(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_LOCAL); }
/* local memory at vs1[l] + imm12 + csr_lds = vs2[l] */
int vt_x_vslocal(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_LOCAL); }
/* vd[l] = private memory at vs1[l] + imm12, the 2025 per-warp interleave (v*_private.v) */
int vt_x_vlprivate(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_PRIVATE); }
/* private memory at vs1[l] + imm12 = vs2[l] */
int vt_x_vsprivate(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_PRIVATE); }
/* vd[l] = memory at {vs1+1, vs1}[l] + imm12 (v*12d.v: a 64-bit address in an even pair) */
int vt_x_vl12d(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_ABS); }
/* memory at {vs1+1, vs1}[l] + imm12 = vs2[l] */
int vt_x_vs12d(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_ABS); }
