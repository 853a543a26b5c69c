/* The Ventus custom instructions: SIMT divergence (vbranch pushes, join pops; reference 1.4, spike's
   order: the path with fewer lanes first), setrpc, the REGEXT prefixes, endprg, barrier with
   generation counting, vadd12/vsub12 and the classic custom memory ops (private interleaved, 12-bit
   flat; their lane loop is vt_vmem25 in vt_mem25.c). */
#include "vt_ops.h"

#include <string.h>

#include "core/core_timeline.h"

/* Pushes an entry on the warp's SIMT stack; a fault when it is full. */
static int vt_push(vt_group *g, vt_warp *w, uint32_t r_pc, uint32_t else_pc, uint32_t mask)
{
    if (w->depth >= VT_SIMT_DEPTH)
        return vt_fault(g, w, "SIMT stack overflow (more than %d nested divergent branches)", VT_SIMT_DEPTH);
    w->stack[w->depth++] = (vt_simt_entry){r_pc, else_pc, mask};
    return 0;
}

/* vbeq/vbne/vblt/vbge/vbltu/vbgeu: active lanes where vs2 OP vs1 go to pc+imm, the others to pc+4;
   a split pushes the reconvergence entry {rpc, rpc, mask} and the path that runs second. */
int vt_x_vbranch(vt_group *g, vt_warp *w, const vt_inst *in)
{
    const uint32_t *a = vt_vreg(g, w, in->rs2), *b = vt_vreg(g, w, in->rs1);
    uint32_t taken = 0, m = w->mask;
    unsigned f3 = in->word >> 12 & 7;
    if (g->fast32) /* every lane compared, one loop per condition (vt_ops.h, VT_EACH32) */
        switch (f3) {
        case 0: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)(a[l] == b[l]); break;
        case 1: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)(a[l] != b[l]); break;
        case 4: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)((int32_t)a[l] < (int32_t)b[l]); break;
        case 5: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)((int32_t)a[l] >= (int32_t)b[l]); break;
        case 6: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)(a[l] < b[l]); break;
        default: VT_EACH32(l) taken |= lanes_bit[l] & -(uint32_t)(a[l] >= b[l]); break;
        }
    taken &= m;
    for (uint32_t l = 0; !g->fast32 && l < g->numt; l++) {
        if (!(m >> l & 1))
            continue;
        uint32_t x = a[l], y = b[l];
        int c = f3 == 0 ? x == y : f3 == 1 ? x != y : f3 == 4 ? (int32_t)x < (int32_t)y
              : f3 == 5 ? (int32_t)x >= (int32_t)y : f3 == 6 ? x < y : x >= y;
        taken |= (uint32_t)c << l;
    }
    uint32_t fall = m & ~taken, target = w->pc + (uint32_t)in->imm;
    if (!taken) {
        w->mask = fall;
    } else if (!fall) {
        w->mask = taken;
        w->npc = target;
    } else {
        if (vt_push(g, w, w->rpc, w->rpc, m))
            return -1;
        if (__builtin_popcount(fall) < __builtin_popcount(taken)) {
            if (vt_push(g, w, w->rpc, target, taken))
                return -1;
            w->mask = fall;
        } else {
            if (vt_push(g, w, w->rpc, w->pc + 4, fall))
                return -1;
            w->mask = taken;
            w->npc = target;
        }
    }
    if (g->tracing)
        vt_record(g, VT_W_SIMT, 0, 0, 0, 0);
    return 0;
}

/* at the top entry's reconvergence pc: switch to its mask and pc and pop; elsewhere no effect */
int vt_x_join(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)in;
    if (w->depth && w->stack[w->depth - 1].r_pc == w->pc) {
        const vt_simt_entry *e = &w->stack[--w->depth];
        w->mask = e->else_mask;
        w->npc = e->else_pc;
    }
    if (g->tracing)
        vt_record(g, VT_W_SIMT, 0, 0, 0, 0);
    return 0;
}

/* rpc = rd = rs1 + imm12 */
int vt_x_setrpc(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t v = w->x[in->rs1] + (uint32_t)in->imm;
    vt_set_x(g, w, in->rd, v);
    w->rpc = v;
    if (g->tracing) {
        vt_record(g, VT_W_CSR, VT_CSR_RPC, 0, v, 4);
        vt_record(g, VT_W_SIMT, 0, 0, 0, 0);
    }
    return 0;
}

/* no effect when executed: the decoder applied the prefix to the next instruction */
int vt_x_regext(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)g, (void)w, (void)in;
    return 0;
}

/* the warp ends; a barrier the other warps wait at completes if it waited only for this one */
int vt_x_endprg(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)in;
    core_wave_end(g->core, &w->core);
    vt_subbar_end(g, w);
    return 0;
}

/* waits until every warp of the workgroup that has not ended reaches a barrier (the core's
   workgroup barrier): a waiting warp executes the barrier again each turn (as the reference
   simulator does, so traces match) until the generation it arrived in is complete */
int vt_x_barrier(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)in;
    if (w->core.state == CORE_WAVE_BARRIER) {
        if (core_barrier_waits(g->core, &w->core))
            w->npc = w->pc;
        return 0;
    }
    if (!core_barrier_arrive(g->core, &w->core, w->core.icount + 1)) /* the barrier is instruction icount + 1 */
        w->npc = w->pc;
    return 0;
}

/* vd = vs1 + uimm12 (unsigned, as seed 003 and the Ventus LLVM define it) */
int vt_x_vadd12(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = w->mask;
    const uint32_t *a = vt_vreg(g, w, in->rs1);
    uint32_t *d = vt_vreg(g, w, in->rd);
    VT_FOR_LANES(g, act, l)
        d[l] = a[l] + (uint32_t)in->imm;
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* vd = vs1 - uimm12 */
int vt_x_vsub12(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = w->mask;
    const uint32_t *a = vt_vreg(g, w, in->rs1);
    uint32_t *d = vt_vreg(g, w, in->rd);
    VT_FOR_LANES(g, act, l)
        d[l] = a[l] - (uint32_t)in->imm;
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* vd[l] = private memory at vs1[l] + imm11 (vlb/vlh/vlw/vlbu/vlhu.v; word-interleaved over the
   workgroup, reference 1.3) */
int vt_x_pvl(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_PRIVATE_WG); }
/* private memory at vs1[l] + imm11 = vs2[l] (vsb/vsh/vsw.v) */
int vt_x_pvs(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_PRIVATE_WG); }
/* vd[l] = memory at vs1[l] + imm12 (vlb12...vlhu12.v: flat, the space by vs1's range, seed 003) */
int vt_x_vl12(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 0, VT_SP_FLAT); }
/* memory at vs1[l] + imm12 = vs2[l] (vsb12/vsh12/vsw12.v) */
int vt_x_vs12(vt_group *g, vt_warp *w, const vt_inst *in) { return vt_vmem25(g, w, in, 1, VT_SP_FLAT); }
