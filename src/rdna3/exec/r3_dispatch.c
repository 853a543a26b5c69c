/* RDNA3 dispatch: kernarg and hidden arguments (code object v5 layout), per-wave initial state from
   the kernel descriptor, and the RDNA3 operations of the SIMT core (src/core/core_simt.h), whose
   dispatcher spreads the workgroups over the host threads. Kernels that use GWS or ordered count
   run co-resident: each host thread keeps several workgroups in flight and switches between them
   while their waves wait, as many at once as the device holds. */
#include "r3_dispatch.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/le.h"
#include "core/core_mem.h"
#include "core/core_pool.h"
#include "core/core_simt.h"
#include "r3_sync.h"

#define R3_DEFAULT_BUDGET 200000000ull
#define R3_MAX_WAVES 32   /* 1024 work-items in wave32 */
#define R3_QUANTUM 2000   /* co-resident: instructions per wave turn (spin-waits on memory work) */

/* A workgroup slot a host thread reuses: the group, its waves and their registers, LDS and private
   memory. */
typedef struct {
    r3_group g;
    r3_wave waves[R3_MAX_WAVES];
    core_wave *wave_ptrs[R3_MAX_WAVES];
    uint32_t (*vgprs)[R3_MAX_LANES]; /* the waves' VGPR rows, r3_dispatch_ctx.vgprs each, one after another
                                        (a wave reads and writes no others: r3_vrow) */
    uint8_t *lds, *scratch;
    uint64_t scratch_bytes;
    int thread;
} r3_slot;

typedef struct {
    const r3_codeobj *co;
    const r3_xprog *xp;
    const r3_kernel *kern;
    core_mem *mem;
    const r3_launch *l;
    uint32_t groups[3];
    uint64_t kernarg_addr, dispatch_addr;
    uint32_t lds_size, scratch_per_lane;
    int lanes, waves_per_group;
    int vgprs;                  /* per wave: r3_kd_vgprs */
    r3_sync sync;
    r3_warnings *warn;          /* per host thread */
    r3_trace_snap *snap;        /* tracing runs on one thread */
} r3_dispatch_ctx;

/* Hidden arguments of code object v5, by value kind. */
static void r3_hidden(uint8_t *ka, const r3_kernel_arg *a, const r3_dispatch_ctx *c)
{
    const r3_launch *l = c->l;
    const char *k = a->value_kind;
    uint64_t v = 0;
    /* r3_check_kernel (loader) refuses the per-dimension kinds without a _x, _y or _z suffix; the
       clamp only keeps an index from any other kind inside the arrays */
    size_t len = strlen(k);
    int dim = len ? k[len - 1] - 'x' : 0;
    if (dim < 0 || dim > 2)
        dim = 0;
    /* full work-groups only: AMD's ockl computes get_num_groups as block_count + (remainder != 0) and
       get_local_size as group_id < block_count ? group_size : remainder (LLVM D131276) */
    if (strncmp(k, "hidden_block_count_", 19) == 0)
        v = l->global[dim] / l->local[dim];
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
    else if (strcmp(k, "hidden_hostcall_buffer") == 0)
        v = R3_HOSTCALL_BASE;
    if (a->offset + a->size <= c->kern->kernarg_size && a->size <= 8)
        le_put(ka + a->offset, v, (int)a->size);
}

/* The printf buffer slot of code object v5's implicit arguments (72 bytes after their start, the
   first hidden argument): ROCm 5.2's OpenCL library reads it in __printf_alloc even when the
   metadata lists no hidden_printf_buffer. wavesim has no printf, so an unlisted slot gets the
   guard address, and a kernel that prints faults with a message saying why. */
static void r3_printf_slot(uint8_t *ka, uint32_t ksize, const r3_kernel *kern)
{
    uint32_t base = UINT32_MAX;
    for (int i = 0; i < kern->nargs; i++)
        if (kern->args[i].kind == R3_ARG_HIDDEN && kern->args[i].offset < base)
            base = kern->args[i].offset;
    if (base == UINT32_MAX || base > ksize || ksize - base < 80)
        return;
    for (int i = 0; i < kern->nargs; i++) /* a listed argument there keeps its value */
        if (kern->args[i].offset < base + 80 && kern->args[i].offset + kern->args[i].size > base + 72)
            return;
    le_put(ka + base + 72, R3_HOSTCALL_BASE, 8);
}

/* The VGPRs a wave of the kernel allocates: the descriptor's granulated count, blocks of 8 in wave32
   and 4 in wave64 (at most 256) */
static int r3_kd_vgprs(const r3_kd *kd, int lanes)
{
    int n = (int)((kd->rsrc1 & 0x3f) + 1) * (lanes == 64 ? 4 : 8);
    return n > 256 ? 256 : n;
}

static void r3_init_wave(const r3_dispatch_ctx *c, r3_wave *w, r3_group *g, int wave, const uint32_t size[3])
{
    const r3_kd *kd = &c->kern->kd;
    uint32_t (*vgpr)[R3_MAX_LANES] = w->vgpr;
    uint8_t *scratch = w->scratch;
    /* the buffers from `pending` on need no zeros (r3_wave); the size goes through an empty asm so the
       compiler calls the C library's memset (vector stores) instead of inlining `rep stos`, whose
       start-up cost made this line a fifth of an empty kernel's time */
    size_t clear = offsetof(r3_wave, pending);
    __asm__("" : "+r"(clear));
    memset(w, 0, clear);
    w->fault = 0;
    w->fault_msg[0] = '\0';
    w->warn_line[0] = '\0';
    w->warn_more = 0;
    w->vgpr = vgpr;
    w->scratch = scratch;
    w->scratch_per_lane = c->scratch_per_lane;
    if (scratch) /* large scratch areas drop their pages instead of writing zeros over them */
        core_mem_pages_clear(scratch, (uint64_t)c->lanes * c->scratch_per_lane);
    w->wave64 = c->lanes == 64;
    w->lanes = c->lanes;
    w->group = g;
    w->fast32 = g->fast_paths && c->lanes == 32;
    /* MODE from the descriptor: round and denormal modes (rsrc1 bits 19:12), DX10 clamp (bit 21),
       IEEE (bit 23), FP16_OVFL (bit 26) */
    w->mode = ((kd->rsrc1 >> 12) & 0xff) | ((kd->rsrc1 >> 21 & 1) ? R3_MODE_DX10_CLAMP : 0) |
              ((kd->rsrc1 >> 23 & 1) ? R3_MODE_IEEE : 0) | ((kd->rsrc1 >> 26 & 1) ? R3_MODE_FP16_OVFL : 0);
    w->nvgprs = c->vgprs;
    /* the allocated VGPRs start at zero (the others are never read or written); in wave32 only the
       first 32 lanes of each row: nothing writes the other 32 in a wave32 dispatch, so they keep the
       zeros the slot's calloc gave them (r3_slot_new; a slot serves one dispatch) */
    if (w->wave64) {
        memset(vgpr, 0, (size_t)w->nvgprs * sizeof *vgpr);
    } else {
        static const uint32_t zeros[32]; /* (a copy: vector stores, where gcc makes a memset `rep stos`) */
        for (int r = 0; r < w->nvgprs; r++)
            memcpy(vgpr[r], zeros, sizeof zeros);
    }
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
    unsigned flat = (unsigned)(wave * c->lanes); /* lane 0's item; the others count on from it */
    /* work-group sizes that are powers of two (most): X, Y, Z by shifts and masks, no divisions */
    unsigned s0 = (unsigned)__builtin_ctz(size[0]), s1 = (unsigned)__builtin_ctz(size[1]), x, y, z;
    int pow2 = size[0] == 1u << s0 && size[1] == 1u << s1;
    if (pow2) {
        x = flat & (size[0] - 1);
        y = flat >> s0 & (size[1] - 1);
        z = flat >> (s0 + s1);
    } else {
        x = flat % size[0];
        y = flat / size[0] % size[1];
        z = flat / (size[0] * size[1]);
    }
    if (flat + (unsigned)c->lanes <= n && x + (unsigned)c->lanes <= size[0]) { /* one row: y, z fixed */
        uint32_t yz = (ids >= 1 ? y << 10 : 0) | (ids >= 2 ? z << 20 : 0);
        if (c->lanes == 32) /* (a constant trip count: the loop vectorizes) */
            for (int l = 0; l < 32; l++)
                vgpr[0][l] = (x + (unsigned)l) | yz;
        else
            for (int l = 0; l < c->lanes; l++)
                vgpr[0][l] = (x + (unsigned)l) | yz;
        r3_set_exec(w, c->lanes == 64 ? ~0ull : (1ull << c->lanes) - 1);
        return;
    }
    if (c->lanes == 32 && flat + 32 <= n && pow2) {
        /* a full wave over rows of a work-group whose sizes are powers of two: every lane's X, Y, Z
           by shifts and masks, in a loop that vectorizes */
        uint32_t my = ids >= 1 ? ~0u : 0, mz = ids >= 2 ? ~0u : 0;
        for (int l = 0; l < 32; l++) {
            uint32_t f = flat + (uint32_t)l, row = f >> s0;
            vgpr[0][l] = (f & (size[0] - 1)) | ((row & (size[1] - 1)) << 10 & my) | ((row >> s1) << 20 & mz);
        }
        r3_set_exec(w, 0xffffffffu);
        return;
    }
    for (int l = 0; l < c->lanes && flat + (unsigned)l < n; l++) {
        vgpr[0][l] = x | (ids >= 1 ? y << 10 : 0) | (ids >= 2 ? z << 20 : 0);
        exec |= 1ull << l;
        if (++x == size[0]) {
            x = 0;
            if (++y == size[1])
                y = 0, z++;
        }
    }
    r3_set_exec(w, exec);
}

static void *r3_slot_new(void *ctx, int thread)
{
    const r3_dispatch_ctx *c = ctx;
    /* (zeroed: the waves' allocation memo, r3_wave.memo, starts empty, and a slot serves one
       dispatch only, so the memo never outlives the allocations it names) */
    r3_slot *sl = calloc(1, sizeof *sl);
    if (!sl)
        return NULL;
    size_t wpg = (size_t)c->waves_per_group;
    sl->thread = thread;
    sl->vgprs = calloc(wpg * (size_t)c->vgprs, sizeof *sl->vgprs);
    sl->lds = calloc(1, c->lds_size ? c->lds_size : 1);
    sl->scratch_bytes = c->scratch_per_lane ? (uint64_t)wpg * (uint64_t)c->lanes * c->scratch_per_lane : 0;
    sl->scratch = sl->scratch_bytes ? core_mem_pages_new(sl->scratch_bytes) : NULL;
    for (int i = 0; i < R3_MAX_WAVES; i++)
        sl->wave_ptrs[i] = &sl->waves[i].core;
    if (!sl->vgprs || !sl->lds || (sl->scratch_bytes && !sl->scratch)) {
        free(sl->vgprs);
        free(sl->lds);
        core_mem_pages_free(sl->scratch, sl->scratch_bytes);
        free(sl);
        return NULL;
    }
    return sl;
}

static void r3_slot_free(void *ctx, void *slot)
{
    r3_slot *sl = slot;
    (void)ctx;
    free(sl->vgprs);
    free(sl->lds);
    core_mem_pages_free(sl->scratch, sl->scratch_bytes);
    free(sl);
}

/* Workgroup cg->item in a slot: its group state and initialised waves. */
static int r3_start(void *ctx, void *slot, core_group *cg, char *err, size_t errsize)
{
    r3_dispatch_ctx *c = ctx;
    r3_slot *sl = slot;
    const r3_launch *l = c->l;
    r3_group *g = &sl->g;
    uint64_t item = cg->item;
    (void)err, (void)errsize;
    memset(g, 0, sizeof *g);
    g->co = c->co;
    g->xp = c->xp;
    g->kern = c->kern;
    g->mem = c->mem;
    g->lds = sl->lds;
    g->lds_size = c->lds_size;
    g->sync = &c->sync;
    g->core = cg;
    for (int d = 0; d < 3; d++)
        g->id[d] = cg->id[d];
    g->trace = l->trace;
    g->trace_ctx = l->trace_ctx;
    g->snap = c->snap;
    g->warn = &c->warn[sl->thread];
    g->align_mode = l->align_mode;
    g->fast_paths = l->fast_paths;
    g->translate = l->translate;
    uint32_t size[3];
    for (int d = 0; d < 3; d++) { /* the last group along a dimension may be partial */
        uint32_t start = g->id[d] * l->local[d];
        size[d] = l->global[d] - start < l->local[d] ? l->global[d] - start : l->local[d];
    }
    memset(sl->lds, 0, c->lds_size);
    int nwaves = (int)((size[0] * size[1] * size[2] + (unsigned)c->lanes - 1) / (unsigned)c->lanes);
    for (int i = 0; i < nwaves; i++) {
        r3_wave *w = &sl->waves[i];
        w->vgpr = sl->vgprs + (size_t)i * (size_t)c->vgprs;
        w->scratch = sl->scratch ? sl->scratch + (size_t)i * (size_t)c->lanes * c->scratch_per_lane : NULL;
        r3_init_wave(c, w, g, i, size);
        w->order = item * (uint64_t)c->waves_per_group + (uint64_t)i;
    }
    for (int i = nwaves; c->sync.ended && i < c->waves_per_group; i++) { /* waves a partial group lacks never come */
        r3_sync_lock(&c->sync);
        r3_sync_wave_finished(&c->sync, item * (uint64_t)c->waves_per_group + (uint64_t)i);
        r3_sync_unlock(&c->sync);
    }
    cg->waves = sl->wave_ptrs;
    cg->nwaves = nwaves;
    return 0;
}

static int r3_run(void *slot, core_group *cg, core_wave *w, uint64_t max, core_stats *st)
{
    (void)cg;
    return r3_wave_run(&((r3_slot *)slot)->g, (r3_wave *)w, max, st);
}

static void r3_fault_line(void *slot, core_group *cg, core_wave *w, char *buf, size_t size)
{
    (void)slot, (void)cg;
    r3_fault_text((const r3_wave *)w, buf, size);
}

static const core_isa r3_core_isa = {CORE_SCHED_UNTIL_BLOCKED, r3_slot_new, r3_slot_free, r3_start, r3_run, NULL,
                                     r3_fault_line, NULL};

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
        c.groups[d] = (uint32_t)(((uint64_t)l->global[d] + l->local[d] - 1) / l->local[d]);
        total *= c.groups[d];
        if (total > (1ull << 48)) {
            snprintf(err, errsize, "the grid has more than 2^48 workgroups");
            return -1;
        }
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
    r3_printf_slot(ka, ksize, kern);
    le_put(pkt + 2, (uint64_t)l->dims, 2);
    for (int d = 0; d < 3; d++) {
        le_put(pkt + 4 + 2 * d, l->local[d], 2);
        le_put(pkt + 12 + 4 * d, l->global[d], 4);
    }
    le_put(pkt + 24, c.scratch_per_lane, 4);
    le_put(pkt + 28, c.lds_size, 4);
    le_put(pkt + 40, c.kernarg_addr, 8);
    int nthreads = l->trace ? 1 : l->threads > 0 ? l->threads : core_cpu_count();
    c.waves_per_group = (int)((wg + (unsigned)c.lanes - 1) / (unsigned)c.lanes);
    c.vgprs = r3_kd_vgprs(&kern->kd, c.lanes);
    core_dispatch_desc d;
    memset(&d, 0, sizeof d);
    d.isa = &r3_core_isa;
    d.ctx = &c;
    memcpy(d.groups, c.groups, sizeof d.groups);
    d.threads = nthreads;
    d.budget = l->max_instructions ? l->max_instructions : R3_DEFAULT_BUDGET;
    d.coresident = xp->device_waits;
    d.resident = core_device_resident_groups(l->device);
    d.quantum = R3_QUANTUM;
    d.wait = &c.sync.wait;
    int rc = -1, sync_ready = 0;
    c.warn = calloc((size_t)nthreads, sizeof *c.warn);
    c.snap = l->trace ? malloc(sizeof *c.snap) : NULL;
    if (!c.warn || (l->trace && !c.snap) ||
        r3_sync_init(&c.sync, d.coresident ? total * (uint64_t)c.waves_per_group : 0)) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    sync_ready = 1;
    if (l->timeline && !(*l->timeline = d.timeline = core_timeline_new(total, c.waves_per_group, err, errsize)))
        goto out;
    core_stats cs;
    memset(&cs, 0, sizeof cs);
    rc = core_dispatch(&d, &cs, err, errsize);
    if (stats) {
        stats->instructions += cs.instructions;
        stats->lane_instructions += cs.lane_instructions;
        stats->workgroups += cs.workgroups;
        stats->waves += cs.waves;
        for (int k = 0; k < R3C_COUNT; k++)
            stats->by_class[k] += cs.by_class[k];
        for (int t = 0; t < nthreads; t++) /* the first warning of each kind from the lowest thread */
            for (int k = 0; k < R3W_COUNT; k++) {
                if (!stats->warn.count[k])
                    memcpy(stats->warn.first[k], c.warn[t].first[k], sizeof stats->warn.first[k]);
                stats->warn.count[k] += c.warn[t].count[k];
            }
    }
out:
    free(c.warn);
    free(c.snap);
    if (sync_ready)
        r3_sync_free(&c.sync);
    core_mem_release(mem, c.kernarg_addr);
    core_mem_release(mem, c.dispatch_addr);
    return rc;
}
