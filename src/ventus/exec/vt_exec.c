/* The Ventus step: predecoded code, one instruction of a warp through the dispatch table built from
   isa/ventus/ventus.def, memory routing (LDS window or device allocations), faults, and the warps'
   registers of a workgroup (the schedule is the SIMT core's). */
#include "vt_ops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const vt_exec_fn vt_exec_table[VT_OP_COUNT] = {
#define VT_OP(id, mn, fmt, match, mask, sem, cls) [VT_OP_##id] = vt_x_##sem,
#include "../../../isa/ventus/ventus.def"
#include "../../../isa/ventus/ventus2025.def"
#undef VT_OP
};

static int vt_xregs_ok(const vt_inst *in);

int vt_code_build(vt_code *code, uint32_t base, const uint8_t *data, uint32_t bytes)
{
    code->base = base;
    code->count = bytes / 4;
    code->insts = calloc(code->count ? code->count : 1, sizeof *code->insts);
    code->xs = calloc(code->count ? code->count : 1, sizeof *code->xs);
    if (!code->insts || !code->xs) {
        vt_code_free(code);
        return -1;
    }
#define WORD(i) ((uint32_t)data[4 * (i)] | (uint32_t)data[4 * (i) + 1] << 8 | (uint32_t)data[4 * (i) + 2] << 16 | \
                 (uint32_t)data[4 * (i) + 3] << 24)
    for (uint32_t i = 0; i < code->count; i++) {
        uint32_t w = WORD(i);
        if (vt_inst_length(w) == 8 && i + 1 < code->count) {
            /* a 64-bit instruction; its second word, if ever executed, is an illegal instruction */
            vt_decode64(w, WORD(i + 1), &code->insts[i]);
            memset(&code->insts[i + 1], 0, sizeof code->insts[i + 1]);
            code->insts[i + 1].word = WORD(i + 1);
            code->insts[i + 1].len = 4;
        } else {
            vt_decode(w, &code->insts[i]);
        }
        if (i && vt_is_prefix(&code->insts[i - 1]))
            vt_apply_prefix(code->insts[i - 1].word, &code->insts[i]);
        if (code->insts[i].len == 8)
            i++;
    }
#undef WORD
    for (uint32_t i = 0; i < code->count; i++) { /* (after the loop: a prefix changes the next instruction) */
        const vt_inst *in = &code->insts[i];
        vt_xinst *x = &code->xs[i];
        x->xbad = in->op != VT_OP_INVALID && !vt_xregs_ok(in);
        x->cls = (uint8_t)vt_ops[in->op].cls;
        x->lanes = x->cls == VT_CLS_VALU || x->cls == VT_CLS_VMEM;
        x->fn = in->op == VT_OP_INVALID || x->xbad || (in->pfx & (VT_PFX_PAIR | VT_PFX_MOD)) ? NULL
                                                                                          : vt_exec_table[in->op];
    }
    return 0;
}

void vt_code_free(vt_code *code)
{
    free(code->insts);
    free(code->xs);
    memset(code, 0, sizeof *code);
}

int vt_group_alloc(vt_group *g, uint32_t numw, uint32_t numt)
{
    g->numw = numw;
    g->numt = numt;
    g->warps = calloc(numw, sizeof *g->warps);
    g->wave_ptrs = calloc(numw, sizeof *g->wave_ptrs);
    g->sub_gen = calloc(numw, sizeof *g->sub_gen);
    g->sub_count = calloc(numw, sizeof *g->sub_count);
    if (!g->warps || !g->wave_ptrs || !g->sub_gen || !g->sub_count)
        return -1;
    for (uint32_t i = 0; i < numw; i++) {
        vt_warp *w = &g->warps[i];
        w->v = malloc((size_t)(VT_NUM_VREGS + VT_SCRATCH_REGS) * numt * sizeof *w->v);
        w->stack = malloc(VT_SIMT_DEPTH * sizeof *w->stack);
        if (!w->v || !w->stack)
            return -1;
        w->vrows = VT_NUM_VREGS; /* not cleared yet: the first reset clears them all */
        g->wave_ptrs[i] = &w->core;
    }
    return 0;
}

void vt_group_reset(vt_group *g, uint32_t start_pc)
{
    for (uint32_t i = 0; i < g->numw; i++) {
        vt_warp *w = &g->warps[i];
        uint32_t *v = w->v;
        vt_simt_entry *stack = w->stack;
        size_t rows = w->vrows < VT_NUM_VREGS && g->fast_paths ? w->vrows : VT_NUM_VREGS;
        memset(v, 0, rows * g->numt * sizeof *v);
        memset(w, 0, sizeof *w); /* vrows 0: every row is zero now */
        w->v = v;
        w->stack = stack;
        w->core.id = (int)i;
        w->pc = start_pc;
        w->mask = g->numt >= 32 ? 0xffffffffu : (1u << g->numt) - 1;
        /* what spike's boot ROM leaves behind when it jumps to the kernel (reference logs) */
        w->x[5] = start_pc;
        w->x[10] = i;
        w->x[11] = 0x1020;
    }
    memset(g->sub_gen, 0, g->numw * sizeof *g->sub_gen);
    memset(g->sub_count, 0, g->numw * sizeof *g->sub_count);
    g->instructions = 0;
    g->faulted = 0;
    g->fault[0] = '\0';
    g->last = NULL;
    g->nwrites = 0;
}

/* Frees every LDS page and directory. */
static void vt_lds_free(vt_group *g)
{
    for (uint32_t d = 0; d < VT_LDS_DIRS; d++) {
        for (uint32_t i = 0; g->lds_pages[d] && i < 1u << VT_LDS_DIR_BITS; i++)
            free(g->lds_pages[d][i]);
        free(g->lds_pages[d]);
        g->lds_pages[d] = NULL;
    }
    free(g->lds_made);
    g->lds_made = NULL;
    g->nlds_made = g->lds_made_cap = 0;
}

void vt_group_lds_clear(vt_group *g)
{
    /* kept for the next workgroup up to VT_LDS_KEEP_PAGES: workgroups touching other pages each
       would otherwise make every clear longer and the slot larger */
    if (!g->fast_paths || g->nlds_made > VT_LDS_KEEP_PAGES) {
        vt_lds_free(g);
        return;
    }
    for (uint32_t i = 0; i < g->nlds_made; i++) /* (a page's calloc and free cost more than this) */
        memset(g->lds_made[i], 0, 1u << VT_LDS_PAGE_BITS);
}

void vt_group_free(vt_group *g)
{
    for (uint32_t i = 0; g->warps && i < g->numw; i++) {
        free(g->warps[i].v);
        free(g->warps[i].stack);
    }
    vt_lds_free(g);
    free(g->warps);
    free(g->wave_ptrs);
    free(g->writes);
    free(g->sub_gen);
    free(g->sub_count);
    g->sub_gen = g->sub_count = NULL;
    g->warps = NULL;
    g->wave_ptrs = NULL;
    g->writes = NULL;
}

int vt_fault(vt_group *g, const vt_warp *w, const char *fmt, ...)
{
    if (g->faulted)
        return -1;
    g->faulted = 1;
    g->fault_warp = w ? (uint32_t)w->core.id : 0;
    g->fault_pc = w ? w->pc : 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fault, sizeof g->fault, fmt, ap);
    va_end(ap);
    return -1;
}

/* Makes a zeroed LDS page at *p and lists it in lds_made. Returns 0 or -1 (out of memory). */
static int vt_lds_page_new(vt_group *g, uint8_t **p)
{
    if (g->nlds_made == g->lds_made_cap) {
        uint32_t cap = g->lds_made_cap ? 2 * g->lds_made_cap : 16;
        uint8_t **made = realloc(g->lds_made, cap * sizeof *made);
        if (!made)
            return -1;
        g->lds_made = made;
        g->lds_made_cap = cap;
    }
    if (!(*p = calloc(1, 1u << VT_LDS_PAGE_BITS)))
        return -1;
    g->lds_made[g->nlds_made++] = *p;
    return 0;
}

uint8_t *vt_mem_at(vt_group *g, uint32_t addr, uint32_t len)
{
    uint32_t off = addr - VT_LDS_BASE;
    if (off < g->lds_size && len <= g->lds_size - off) {
        uint32_t page = off >> VT_LDS_PAGE_BITS, in = off & ((1u << VT_LDS_PAGE_BITS) - 1);
        uint32_t dir = page >> VT_LDS_DIR_BITS, slot = page & ((1u << VT_LDS_DIR_BITS) - 1);
        if (in + len > 1u << VT_LDS_PAGE_BITS)
            return NULL; /* an access across a 4 KiB boundary of LDS: reported as outside */
        if (!g->lds_pages[dir] && !(g->lds_pages[dir] = calloc(1u << VT_LDS_DIR_BITS, sizeof(uint8_t *))))
            return NULL;
        uint8_t **p = &g->lds_pages[dir][slot];
        if (!*p && vt_lds_page_new(g, p))
            return NULL;
        return *p + in;
    }
    const core_alloc *a = g->last;
    if (!a || addr < a->base || addr - a->base >= a->size)
        a = core_mem_lookup(g->mem, addr);
    if (!a || len > a->size - (addr - a->base))
        return NULL;
    g->last = a;
    return a->data + (addr - a->base);
}

void vt_record(vt_group *g, int kind, uint32_t index, uint32_t addr, uint32_t value, uint32_t size)
{
    if (g->nwrites == g->writes_cap) {
        int cap = g->writes_cap ? 2 * g->writes_cap : 64;
        vt_write *nw = realloc(g->writes, (size_t)cap * sizeof *nw);
        if (!nw)
            return;
        g->writes = nw;
        g->writes_cap = cap;
    }
    g->writes[g->nwrites++] = (vt_write){kind, index, addr, value, size};
}

/* Which fields of each format name scalar registers (1 rd, 2 rs1, 4 rs2, 8 rs3): REGEXT can
   extend them past the 64 the warp has. */
static const uint8_t vt_scalar_fields[VT_FORMAT_COUNT] = {
    [VT_R] = 7, [VT_SHIFT] = 3, [VT_I] = 3, [VT_JALR] = 3, [VT_LOAD] = 3, [VT_STORE] = 6, [VT_B] = 6, [VT_U] = 1,
    [VT_J] = 1, [VT_CSR] = 3, [VT_CSRI] = 1, [VT_LR] = 3, [VT_AMO] = 7, [VT_FR] = 7, [VT_FRN] = 7, [VT_FR1] = 3,
    [VT_FR1N] = 3, [VT_FR4] = 15, [VT_VSETVLI] = 3, [VT_VSETIVLI] = 1, [VT_VSETVL] = 7, [VT_VLE] = 2,
    [VT_VLSE] = 6, [VT_VLX] = 2, [VT_V_VX] = 2, [VT_V_VF] = 2, [VT_V_VXM] = 2, [VT_V_VFM] = 2, [VT_V_MVX] = 2,
    [VT_V_MVF] = 2, [VT_V_FMA_VX] = 2, [VT_V_FMA_VF] = 2, [VT_V_XS] = 1, [VT_V_SX] = 2, [VT_V_SF] = 2,
    [VT_JOIN] = 6, [VT_XRRR] = 7, [VT_BARRIER] = 5, [VT_XVV] = 1,
};

static int vt_xregs_ok(const vt_inst *in)
{
    uint8_t f = vt_scalar_fields[vt_ops[in->op].format];
    return !((f & 1 && in->rd >= VT_NUM_XREGS) || (f & 2 && in->rs1 >= VT_NUM_XREGS) ||
             (f & 4 && in->rs2 >= VT_NUM_XREGS) || (f & 8 && in->rs3 >= VT_NUM_XREGS));
}

/* One instruction of warp w (inlined into vt_group_turns' loop; with `traced` a constant 0, the copy
   for runs nobody traces has no trace work). */
static inline __attribute__((always_inline)) int vt_warp_step(vt_group *g, vt_warp *w, core_stats *st,
                                                                uint64_t *budget, const int traced)
{
    if ((*budget)-- == 0)
        return vt_fault(g, w, "runaway: more than the workgroup's instruction budget (--max-instructions)%s",
                        g->core->arrived ? "; warps are waiting at a barrier that never completes" : "");
    const vt_code *code = g->code;
    uint32_t pc = w->pc, idx = (pc - code->base) / 4;
    if (pc < code->base || idx >= code->count || (pc & 3))
        return vt_fault(g, w, "pc 0x%08x is outside the kernel code", pc);
    const vt_inst *in = &code->insts[idx];
    const vt_xinst *x = &code->xs[idx];
    w->npc = pc + in->len;
    if (traced)
        g->nwrites = 0;
    /* a waiting warp executes its barrier (or sub-group barrier) again */
    int spinning = w->core.state == CORE_WAVE_BARRIER || w->sub_wait;
    int rc;
    if (x->fn && ((w->vtype & 0x3f) == 0x10 || !w->vl)) /* the common case, checked when the code was built */
        rc = x->fn(g, w, in);
    else if (in->op == VT_OP_INVALID)
        return vt_fault(g, w, "illegal instruction 0x%08x", in->word);
    else if (x->xbad)
        return vt_fault(g, w, "scalar register index above x63 (REGEXT prefix)");
    else if ((w->vtype & 0x3f) != 0x10 && w->vl) /* LMUL=2 or SEW=8 (vt_vmode.c) */
        rc = vt_run_vmode(g, w, in);
    else if (in->pfx & (VT_PFX_PAIR | VT_PFX_MOD))
        rc = vt_run_prefixed(g, w, in);
    else
        rc = vt_exec_table[in->op](g, w, in);
    if (rc)
        return rc;
    w->core.icount += !spinning;
    g->instructions++; /* (the statistics' count follows from it: vt_group_turns) */
    st->by_class[x->cls]++;
    if (x->lanes)
        st->lane_instructions += lanes_count(w->mask);
    if (traced && g->on_commit)
        g->on_commit(g->trace_ctx, g, w, pc, in);
    if (w->core.state != CORE_WAVE_DONE)
        w->pc = w->npc;
    return 0;
}

static inline __attribute__((always_inline)) int vt_turns(vt_group *g, core_stats *st, int *fault_warp,
                                                            const int traced)
{
    core_group *cg = g->core;
    uint64_t budget = cg->budget, issued = g->instructions; /* (the budget in a register) */
    int rc = 0;
    while (cg->live && !rc)
        for (uint32_t i = 0; i < g->numw && cg->live; i++) {
            vt_warp *w = &g->warps[i];
            if (w->core.state != CORE_WAVE_DONE && vt_warp_step(g, w, st, &budget, traced)) {
                *fault_warp = (int)i;
                rc = -1;
                break;
            }
        }
    cg->budget = budget;
    st->instructions += g->instructions - issued;
    return rc;
}

/* (built for x86-64-v3 too, common/lanes.h: there the lane count is one POPCNT instruction) */
LANES_MULTIVERSION int vt_group_turns(vt_group *g, core_stats *st, int *fault_warp)
{
    if (g->tracing || g->on_commit)
        return vt_turns(g, st, fault_warp, 1);
    return vt_turns(g, st, fault_warp, 0);
}
