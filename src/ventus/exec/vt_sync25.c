/* Sub-group barriers of the 2025 ISA (seed 003): barriersub, whose scope is the sub-group, and the
   group-of-4-warps wait of cp_dma_mbarrier. They are a Ventus-side barrier beside the core's
   workgroup barrier: warps are split into groups of `size` consecutive warps (wid / size), each group
   counts its arrivals and completed generations (vt_group.sub_count / sub_gen), and a waiting warp
   executes its instruction again each turn, as the workgroup barrier does; a warp that ends counts as
   arrived for the rest of the launch. docs/isa-notes-ventus.md explains the scope chosen. */
#include "vt_ops.h"

/* The warps of w's group that have not ended. */
static uint32_t vt_subbar_live(const vt_group *g, uint32_t first, uint32_t size)
{
    uint32_t live = 0;
    for (uint32_t i = first; i < first + size && i < g->numw; i++)
        live += g->warps[i].core.state != CORE_WAVE_DONE;
    return live;
}

int vt_subbar_arrive(vt_group *g, vt_warp *w, uint32_t size)
{
    if (size == 1) /* a group of one warp is complete when it arrives (the counters are size 4's) */
        return 1;
    uint32_t grp = (uint32_t)w->core.id / size, first = grp * size;
    if (w->sub_wait) {
        if (g->sub_gen[grp] == w->sub_gen)
            return 0;
        w->sub_wait = 0;
        return 1;
    }
    if (++g->sub_count[grp] >= vt_subbar_live(g, first, size)) {
        g->sub_count[grp] = 0;
        g->sub_gen[grp]++;
        return 1;
    }
    w->sub_wait = 1;
    w->sub_gen = g->sub_gen[grp];
    return 0;
}

void vt_subbar_end(vt_group *g, vt_warp *w)
{
    /* any group size: the groups w belongs to for the sizes in use (1 never waits; 4 for cp_dma) */
    static const uint32_t sizes[] = {4};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t grp = (uint32_t)w->core.id / sizes[k], first = grp * sizes[k];
        if (g->sub_count[grp] && g->sub_count[grp] >= vt_subbar_live(g, first, sizes[k])) {
            g->sub_count[grp] = 0;
            g->sub_gen[grp]++;
        }
    }
}

/* barrier with memory_scope = sub_group (seed 003): the sub-group is the warp (its lanes execute in
   lock step), so the barrier waits for no other warp; imm[4:3] must be 0 and imm[2:0] are the fence
   flags, which a simulator with coherent memory needs no action for */
int vt_x_barriersub(vt_group *g, vt_warp *w, const vt_inst *in)
{
    if (in->imm >> 3)
        return vt_fault(g, w, "barriersub with memory scope bits imm[4:3] = %d (seed 003: they are 0)", in->imm >> 3);
    if (!vt_subbar_arrive(g, w, 1))
        w->npc = w->pc;
    return 0;
}
