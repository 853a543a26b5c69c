/* RDNA3 dispatch: kernarg and hidden arguments (code object v5 layout), per-wave initial state from
   the kernel descriptor, and workgroups spread over the host threads. */
#include "r3_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core_pool.h"

#define R3_DEFAULT_BUDGET 200000000ull
#define R3_MAX_WAVES 32   /* 1024 work-items in wave32 */

typedef struct {
    r3_wave waves[R3_MAX_WAVES];
    uint32_t (*vgprs)[256][R3_MAX_LANES];
    uint8_t *lds, *scratch;
    r3_trace_snap *snap;
    r3_stats stats;
    uint64_t failed_item;
    char err[512];
} r3_thread;

typedef struct {
    const r3_codeobj *co;
    const r3_xprog *xp;
    const r3_kernel *kern;
    core_mem *mem;
    const r3_launch *l;
    uint32_t groups[3];
    uint64_t kernarg_addr, dispatch_addr;
    uint32_t lds_size, scratch_per_lane;
    int lanes;
    r3_thread *threads;
} r3_dispatch_ctx;

static void r3_put(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Hidden arguments of code object v5, by value kind. */
static void r3_hidden(uint8_t *ka, const r3_kernel_arg *a, const r3_dispatch_ctx *c)
{
    const r3_launch *l = c->l;
    const char *k = a->value_kind;
    uint64_t v = 0;
    int dim = k[strlen(k) - 1] - 'x';
    if (strncmp(k, "hidden_block_count_", 19) == 0)
        v = c->groups[dim];
    else if (strncmp(k, "hidden_group_size_", 18) == 0)
        v = l->local[dim];
    else if (strncmp(k, "hidden_remainder_", 17) == 0)
        v = l->global[dim] % l->local[dim];
    else if (strncmp(k, "hidden_global_offset_", 21) == 0)
        v = l->offset[dim];
    else if (strcmp(k, "hidden_grid_dims") == 0)
        v = (uint64_t)l->dims;
    else if (strcmp(k, "hidden_dynamic_lds_size") == 0)
        v = l->dynamic_lds;
    else if (strcmp(k, "hidden_private_base") == 0)
        v = 0x20000;
    else if (strcmp(k, "hidden_shared_base") == 0)
        v = 0x10000;
    if (a->offset + a->size <= c->kern->kernarg_size && a->size <= 8)
        r3_put(ka + a->offset, v, (int)a->size);
}

static void r3_init_wave(const r3_dispatch_ctx *c, r3_wave *w, r3_group *g, int wave, const uint32_t size[3])
{
    const r3_kd *kd = &c->kern->kd;
    uint32_t (*vgpr)[R3_MAX_LANES] = w->vgpr;
    uint8_t *scratch = w->scratch;
    memset(w, 0, sizeof *w);
    w->vgpr = vgpr;
    w->scratch = scratch;
    w->scratch_per_lane = c->scratch_per_lane;
    if (scratch)
        memset(scratch, 0, (size_t)c->lanes * c->scratch_per_lane);
    w->wave64 = c->lanes == 64;
    w->lanes = c->lanes;
    w->id = wave;
    w->group = g;
    /* MODE from the descriptor: round and denormal modes (rsrc1 bits 19:12), DX10 clamp (bit 21),
       IEEE (bit 23) */
    w->mode = ((kd->rsrc1 >> 12) & 0xff) | ((kd->rsrc1 >> 21 & 1) ? R3_MODE_DX10_CLAMP : 0) |
              ((kd->rsrc1 >> 23 & 1) ? R3_MODE_IEEE : 0);
    /* granulated VGPR count: blocks of 8 in wave32, 4 in wave64 */
    w->nvgprs = (int)((kd->rsrc1 & 0x3f) + 1) * (w->wave64 ? 4 : 8);
    if (w->nvgprs > 256)
        w->nvgprs = 256;
    /* the allocated VGPRs start at zero (the others are never read or written) */
    memset(vgpr, 0, (size_t)w->nvgprs * sizeof *vgpr);
    w->pc = (uint32_t)(c->kern->code_addr - c->co->code_addr);
    /* user SGPRs in HSA order, then the system SGPRs from USER_SGPR_COUNT on */
    unsigned s = 0;
    uint16_t props = kd->properties;
    if (props & 1)
        s += 4; /* private segment buffer: not used with architected flat scratch */
    if (props & 2) {
        w->sgpr[s] = (uint32_t)c->dispatch_addr;
        w->sgpr[s + 1] = (uint32_t)(c->dispatch_addr >> 32);
        s += 2;
    }
    if (props & 4)
        s += 2; /* queue pointer: no queue */
    if (props & 8) {
        w->sgpr[s] = (uint32_t)c->kernarg_addr;
        w->sgpr[s + 1] = (uint32_t)(c->kernarg_addr >> 32);
        s += 2;
    }
    s = (kd->rsrc2 >> 1) & 31;
    for (int d = 0; d < 3; d++)
        if (kd->rsrc2 & (1u << (7 + d)))
            w->sgpr[s++] = g->id[d];
    if (kd->rsrc2 & (1u << 10)) /* workgroup info: first wave flag and the group's wave count */
        w->sgpr[s++] = (wave == 0 ? 1u << 31 : 0) | (uint32_t)((size[0] * size[1] * size[2] + (unsigned)c->lanes - 1) / (unsigned)c->lanes);
    /* packed work-item ids in v0, and EXEC over the work-items this wave holds */
    unsigned ids = (kd->rsrc2 >> 11) & 3, n = size[0] * size[1] * size[2];
    uint64_t exec = 0;
    for (int l = 0; l < c->lanes; l++) {
        unsigned flat = (unsigned)(wave * c->lanes + l);
        if (flat >= n)
            break;
        unsigned x = flat % size[0], y = flat / size[0] % size[1], z = flat / (size[0] * size[1]);
        vgpr[0][l] = x | (ids >= 1 ? y << 10 : 0) | (ids >= 2 ? z << 20 : 0);
        exec |= 1ull << l;
    }
    r3_set_exec(w, exec);
}

static int r3_run_item(void *vctx, uint64_t item, int thread)
{
    r3_dispatch_ctx *c = vctx;
    r3_thread *t = &c->threads[thread];
    const r3_launch *l = c->l;
    r3_group g;
    memset(&g, 0, sizeof g);
    g.co = c->co;
    g.xp = c->xp;
    g.kern = c->kern;
    g.mem = c->mem;
    g.lds = t->lds;
    g.lds_size = c->lds_size;
    g.id[0] = (uint32_t)(item % c->groups[0]);
    g.id[1] = (uint32_t)(item / c->groups[0] % c->groups[1]);
    g.id[2] = (uint32_t)(item / ((uint64_t)c->groups[0] * c->groups[1]));
    g.budget = l->max_instructions ? l->max_instructions : R3_DEFAULT_BUDGET;
    g.trace = l->trace;
    g.trace_ctx = l->trace_ctx;
    g.snap = t->snap;
    uint32_t size[3];
    for (int d = 0; d < 3; d++) { /* the last group along a dimension may be partial */
        uint32_t start = g.id[d] * l->local[d];
        size[d] = l->global[d] - start < l->local[d] ? l->global[d] - start : l->local[d];
    }
    memset(t->lds, 0, c->lds_size);
    int nwaves = (int)((size[0] * size[1] * size[2] + (unsigned)c->lanes - 1) / (unsigned)c->lanes);
    for (int i = 0; i < nwaves; i++) {
        t->waves[i].vgpr = t->vgprs[i];
        t->waves[i].scratch = t->scratch ? t->scratch + (size_t)i * (size_t)c->lanes * c->scratch_per_lane : NULL;
        r3_init_wave(c, &t->waves[i], &g, i, size);
    }
    char err[512];
    t->stats.workgroups++;
    t->stats.waves += (uint64_t)nwaves;
    if (r3_run_group(&g, t->waves, nwaves, &t->stats, err, sizeof err)) {
        if (item < t->failed_item) {
            t->failed_item = item;
            snprintf(t->err, sizeof t->err, "%s", err);
        }
        return -1;
    }
    return 0;
}

int r3_dispatch(const r3_codeobj *co, const r3_xprog *xp, const r3_kernel *kern, core_mem *mem, const uint8_t *kernarg,
                const r3_launch *l, r3_stats *stats, char *err, size_t errsize)
{
    r3_dispatch_ctx c;
    memset(&c, 0, sizeof c);
    c.co = co;
    c.xp = xp;
    c.kern = kern;
    c.mem = mem;
    c.l = l;
    c.lanes = kern->wave64 ? 64 : 32;
    uint64_t total = 1;
    for (int d = 0; d < 3; d++) {
        if (!l->local[d] || !l->global[d]) {
            snprintf(err, errsize, "global and local sizes must be at least 1 in every dimension");
            return -1;
        }
        c.groups[d] = (l->global[d] + l->local[d] - 1) / l->local[d];
        total *= c.groups[d];
    }
    uint64_t wg = (uint64_t)l->local[0] * l->local[1] * l->local[2];
    if (wg > 1024 || (wg + (unsigned)c.lanes - 1) / (unsigned)c.lanes > R3_MAX_WAVES) {
        snprintf(err, errsize, "workgroup of %llu work-items is larger than 1024", (unsigned long long)wg);
        return -1;
    }
    c.lds_size = kern->group_segment_fixed_size + l->dynamic_lds;
    if (c.lds_size > l->device->lds_bytes) {
        snprintf(err, errsize, "the kernel needs %u bytes of LDS; a workgroup has %u", c.lds_size, l->device->lds_bytes);
        return -1;
    }
    /* private memory: the fixed size, plus room for a dynamic call stack */
    c.scratch_per_lane = kern->private_segment_fixed_size + ((kern->kd.properties >> 11 & 1) ? 16384 : 0);
    /* kernarg block (explicit arguments given, hidden ones filled here) and the dispatch packet */
    uint32_t ksize = kern->kernarg_size ? kern->kernarg_size : 256;
    c.kernarg_addr = core_mem_alloc(mem, ksize);
    c.dispatch_addr = core_mem_alloc(mem, 64);
    uint8_t *ka = c.kernarg_addr ? core_mem_ptr(mem, c.kernarg_addr, ksize) : NULL;
    uint8_t *pkt = c.dispatch_addr ? core_mem_ptr(mem, c.dispatch_addr, 64) : NULL;
    if (!ka || !pkt) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    memcpy(ka, kernarg, ksize);
    for (int i = 0; i < kern->nargs; i++)
        if (kern->args[i].kind == R3_ARG_HIDDEN)
            r3_hidden(ka, &kern->args[i], &c);
    r3_put(pkt + 2, (uint64_t)l->dims, 2);
    for (int d = 0; d < 3; d++) {
        r3_put(pkt + 4 + 2 * d, l->local[d], 2);
        r3_put(pkt + 12 + 4 * d, l->global[d], 4);
    }
    r3_put(pkt + 24, c.scratch_per_lane, 4);
    r3_put(pkt + 28, c.lds_size, 4);
    r3_put(pkt + 40, c.kernarg_addr, 8);
    int nthreads = l->trace ? 1 : l->threads > 0 ? l->threads : core_cpu_count();
    if ((uint64_t)nthreads > total)
        nthreads = (int)total;
    c.threads = calloc((size_t)nthreads, sizeof *c.threads);
    int rc = -1;
    if (!c.threads) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    int wpg = (int)((wg + (unsigned)c.lanes - 1) / (unsigned)c.lanes);
    for (int t = 0; t < nthreads; t++) {
        r3_thread *th = &c.threads[t];
        th->failed_item = UINT64_MAX;
        th->vgprs = calloc((size_t)wpg, sizeof *th->vgprs);
        th->lds = calloc(1, c.lds_size ? c.lds_size : 1);
        th->scratch = c.scratch_per_lane ? calloc((size_t)wpg * (size_t)c.lanes, c.scratch_per_lane) : NULL;
        th->snap = l->trace ? malloc(sizeof *th->snap) : NULL;
        if (!th->vgprs || !th->lds || (c.scratch_per_lane && !th->scratch) || (l->trace && !th->snap)) {
            snprintf(err, errsize, "out of memory");
            goto out;
        }
    }
    uint64_t failed = 0;
    if (core_pool_run(total, nthreads, r3_run_item, &c, &failed)) {
        for (int t = 0; t < nthreads; t++)
            if (c.threads[t].failed_item == failed)
                snprintf(err, errsize, "%s", c.threads[t].err);
        goto out;
    }
    rc = 0;
out:
    for (int t = 0; c.threads && t < nthreads; t++) {
        r3_thread *th = &c.threads[t];
        if (stats) {
            stats->instructions += th->stats.instructions;
            stats->workgroups += th->stats.workgroups;
            stats->waves += th->stats.waves;
            stats->lane_instructions += th->stats.lane_instructions;
            for (int k = 0; k < R3C_COUNT; k++)
                stats->by_class[k] += th->stats.by_class[k];
        }
        free(th->vgprs);
        free(th->lds);
        free(th->scratch);
        free(th->snap);
    }
    free(c.threads);
    core_mem_release(mem, c.kernarg_addr);
    core_mem_release(mem, c.dispatch_addr);
    return rc;
}
