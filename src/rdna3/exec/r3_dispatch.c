/* RDNA3 dispatch: kernarg and hidden arguments (code object v5 layout), per-wave initial state from
   the kernel descriptor, and workgroups spread over the host threads. Kernels that use GWS or
   ordered count run co-resident: each host thread keeps several workgroups in flight and switches
   between them while their waves wait, as many at once as the device holds. */
#include "r3_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/le.h"
#include "core/core_mem.h"
#include "core/core_pool.h"
#include "r3_sync.h"

#define R3_DEFAULT_BUDGET 200000000ull
#define R3_MAX_WAVES 32   /* 1024 work-items in wave32 */
#define R3_QUANTUM 2000   /* co-resident: instructions per wave turn (spin-waits on memory work) */

/* A resident workgroup: its waves and their registers, LDS and private memory. */
typedef struct {
    r3_group g;
    r3_wave waves[R3_MAX_WAVES];
    int nwaves, busy;
    uint64_t item;
    uint32_t (*vgprs)[256][R3_MAX_LANES];
    uint8_t *lds, *scratch;
    uint64_t scratch_bytes;
} r3_slot;

typedef struct {
    r3_slot *slots;           /* one, or several when workgroups run co-resident */
    int nslots;
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
    int lanes, waves_per_group;
    uint64_t total, next_item;  /* workgroups, and the next one to start (co-resident mode) */
    r3_thread *threads;
    r3_sync sync;
    core_timeline *timeline;    /* NULL unless the launch asked for one */
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

static void r3_init_wave(const r3_dispatch_ctx *c, r3_wave *w, r3_group *g, int wave, const uint32_t size[3])
{
    const r3_kd *kd = &c->kern->kd;
    uint32_t (*vgpr)[R3_MAX_LANES] = w->vgpr;
    uint8_t *scratch = w->scratch;
    memset(w, 0, sizeof *w);
    w->vgpr = vgpr;
    w->scratch = scratch;
    w->scratch_per_lane = c->scratch_per_lane;
    if (scratch) /* large scratch areas drop their pages instead of writing zeros over them */
        core_mem_pages_clear(scratch, (uint64_t)c->lanes * c->scratch_per_lane);
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

/* Buffers of a slot, made on first use. */
static int r3_slot_alloc(const r3_dispatch_ctx *c, r3_slot *sl)
{
    if (sl->vgprs)
        return 0;
    size_t wpg = (size_t)c->waves_per_group;
    sl->vgprs = calloc(wpg, sizeof *sl->vgprs);
    sl->lds = calloc(1, c->lds_size ? c->lds_size : 1);
    sl->scratch = c->scratch_per_lane ? core_mem_pages_new((uint64_t)wpg * (uint64_t)c->lanes * c->scratch_per_lane) : NULL;
    sl->scratch_bytes = c->scratch_per_lane ? (uint64_t)wpg * (uint64_t)c->lanes * c->scratch_per_lane : 0;
    return sl->vgprs && sl->lds && (!c->scratch_per_lane || sl->scratch) ? 0 : -1;
}

static void r3_slot_free(r3_slot *sl)
{
    free(sl->vgprs);
    free(sl->lds);
    core_mem_pages_free(sl->scratch, sl->scratch_bytes);
}

/* Makes workgroup `item` resident in a slot: its group state and initialised waves. */
static void r3_slot_start(r3_dispatch_ctx *c, r3_thread *t, r3_slot *sl, uint64_t item)
{
    const r3_launch *l = c->l;
    r3_group *g = &sl->g;
    memset(g, 0, sizeof *g);
    g->co = c->co;
    g->xp = c->xp;
    g->kern = c->kern;
    g->mem = c->mem;
    g->lds = sl->lds;
    g->lds_size = c->lds_size;
    g->sync = &c->sync;
    g->id[0] = (uint32_t)(item % c->groups[0]);
    g->id[1] = (uint32_t)(item / c->groups[0] % c->groups[1]);
    g->id[2] = (uint32_t)(item / ((uint64_t)c->groups[0] * c->groups[1]));
    g->budget = l->max_instructions ? l->max_instructions : R3_DEFAULT_BUDGET;
    g->trace = l->trace;
    g->trace_ctx = l->trace_ctx;
    g->snap = t->snap;
    g->align_mode = l->align_mode;
    uint32_t size[3];
    for (int d = 0; d < 3; d++) { /* the last group along a dimension may be partial */
        uint32_t start = g->id[d] * l->local[d];
        size[d] = l->global[d] - start < l->local[d] ? l->global[d] - start : l->local[d];
    }
    memset(sl->lds, 0, c->lds_size);
    sl->nwaves = (int)((size[0] * size[1] * size[2] + (unsigned)c->lanes - 1) / (unsigned)c->lanes);
    for (int i = 0; i < sl->nwaves; i++) {
        r3_wave *w = &sl->waves[i];
        w->vgpr = sl->vgprs[i];
        w->scratch = sl->scratch ? sl->scratch + (size_t)i * (size_t)c->lanes * c->scratch_per_lane : NULL;
        r3_init_wave(c, w, g, i, size);
        w->order = item * (uint64_t)c->waves_per_group + (uint64_t)i;
    }
    for (int i = sl->nwaves; c->sync.ended && i < c->waves_per_group; i++) { /* waves a partial group lacks never come */
        pthread_mutex_lock(&c->sync.lock);
        r3_sync_wave_finished(&c->sync, item * (uint64_t)c->waves_per_group + (uint64_t)i);
        pthread_mutex_unlock(&c->sync.lock);
    }
    sl->item = item;
    sl->busy = 1;
    g->timeline = c->timeline;
    g->item = item;
    if (c->timeline)
        core_timeline_group(c->timeline, item, g->id, sl->nwaves);
    t->stats.workgroups++;
    t->stats.waves += (uint64_t)sl->nwaves;
}

/* The timeline's record of a workgroup that ended (rc 0) or faulted (rc < 0, err its message). */
static void r3_timeline_end(const r3_dispatch_ctx *c, const r3_slot *sl, int rc, const char *err)
{
    if (!c->timeline)
        return;
    int culprit = -1; /* the faulting wave, else (a workgroup-level error) the first one still running */
    for (int i = 0; i < sl->nwaves; i++) {
        core_timeline_wave_end(c->timeline, sl->item, i, sl->waves[i].icount);
        if (rc < 0 && sl->waves[i].fault)
            culprit = i;
    }
    for (int i = 0; rc < 0 && culprit < 0 && i < sl->nwaves; i++)
        if (!sl->waves[i].done)
            culprit = i;
    if (culprit >= 0)
        core_timeline_fault(c->timeline, sl->item, culprit, sl->waves[culprit].icount, err);
}

static void r3_record_failure(r3_thread *t, uint64_t item, const char *err)
{
    if (item < t->failed_item) {
        t->failed_item = item;
        snprintf(t->err, sizeof t->err, "%s", err);
    }
}

/* One workgroup from start to end (the usual mode: nothing waits on other workgroups). */
static int r3_run_item(void *vctx, uint64_t item, int thread)
{
    r3_dispatch_ctx *c = vctx;
    r3_thread *t = &c->threads[thread];
    r3_slot *sl = &t->slots[0];
    r3_slot_start(c, t, sl, item);
    char err[512];
    int rc = r3_run_group(&sl->g, sl->waves, sl->nwaves, &t->stats, err, sizeof err);
    if (rc == 1)
        snprintf(err, sizeof err, "workgroup (%u,%u,%u): waves wait on GWS outside a co-resident dispatch",
                 sl->g.id[0], sl->g.id[1], sl->g.id[2]);
    r3_timeline_end(c, sl, rc ? -1 : 0, err);
    if (rc) {
        r3_record_failure(t, item, err);
        return -1;
    }
    return 0;
}

/* Co-resident mode: one host thread keeps up to nslots workgroups in flight, running each as far as
   it goes and starting new ones as others end; it sleeps when all of its waves wait. */
static int r3_run_coresident(void *vctx, uint64_t index, int thread)
{
    r3_dispatch_ctx *c = vctx;
    r3_thread *t = &c->threads[index];
    r3_sync *s = &c->sync;
    char err[512];
    (void)thread;
    for (;;) {
        int busy = 0;
        for (int k = 0; k < t->nslots; k++) {
            r3_slot *sl = &t->slots[k];
            if (!sl->busy && !__atomic_load_n(&s->stop, __ATOMIC_RELAXED)) {
                uint64_t item = __atomic_fetch_add(&c->next_item, 1, __ATOMIC_RELAXED);
                if (item < c->total) {
                    if (r3_slot_alloc(c, sl)) {
                        r3_record_failure(t, item, "out of memory");
                        r3_sync_stop(s);
                        return -1;
                    }
                    r3_slot_start(c, t, sl, item);
                    sl->g.quantum = R3_QUANTUM;
                }
            }
            busy += sl->busy;
        }
        if (!busy)
            break;
        uint64_t seen = __atomic_load_n(&s->version, __ATOMIC_ACQUIRE), before = t->stats.instructions;
        int ended = 0;
        for (int k = 0; k < t->nslots; k++) {
            r3_slot *sl = &t->slots[k];
            if (!sl->busy)
                continue;
            int rc = r3_run_group(&sl->g, sl->waves, sl->nwaves, &t->stats, err, sizeof err);
            if (rc <= 0)
                r3_timeline_end(c, sl, rc, err);
            if (rc < 0) {
                r3_record_failure(t, sl->item, err);
                r3_sync_stop(s);
                return -1;
            }
            if (rc == 0) {
                sl->busy = 0;
                ended = 1;
            }
        }
        if (ended || t->stats.instructions != before)
            continue;
        if (r3_sync_wait(s, seen)) {
            if (!s->deadlock)
                return 0; /* another thread faulted and reports it */
            for (int k = 0; k < t->nslots; k++)
                if (t->slots[k].busy) {
                    const r3_group *g = &t->slots[k].g;
                    snprintf(err, sizeof err,
                             "deadlock: every resident wave waits on GWS or ordered count (workgroup (%u,%u,%u) among "
                             "them; at most %llu workgroups are resident at once)",
                             g->id[0], g->id[1], g->id[2], (unsigned long long)core_device_resident_groups(c->l->device));
                    r3_record_failure(t, t->slots[k].item, err);
                    break;
                }
            return -1;
        }
    }
    r3_sync_thread_done(s);
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
    if ((uint64_t)nthreads > total)
        nthreads = (int)total;
    c.total = total;
    c.waves_per_group = (int)((wg + (unsigned)c.lanes - 1) / (unsigned)c.lanes);
    if (l->timeline) {
        *l->timeline = c.timeline = core_timeline_new(total, c.waves_per_group, err, errsize);
        if (!c.timeline) {
            core_mem_release(mem, c.kernarg_addr);
            core_mem_release(mem, c.dispatch_addr);
            return -1;
        }
    }
    int coresident = xp->device_waits;
    uint64_t resident = core_device_resident_groups(l->device);
    if (resident > total)
        resident = total;
    int nslots = coresident ? (int)((resident + (uint64_t)nthreads - 1) / (uint64_t)nthreads) : 1;
    c.threads = calloc((size_t)nthreads, sizeof *c.threads);
    int rc = -1, sync_ready = 0;
    if (!c.threads || r3_sync_init(&c.sync, coresident ? total * (uint64_t)c.waves_per_group : 0, nthreads)) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    sync_ready = 1;
    for (int t = 0; t < nthreads; t++) {
        r3_thread *th = &c.threads[t];
        th->failed_item = UINT64_MAX;
        th->nslots = nslots;
        th->slots = calloc((size_t)nslots, sizeof *th->slots);
        th->snap = l->trace ? malloc(sizeof *th->snap) : NULL;
        if (!th->slots || (l->trace && !th->snap) || (!coresident && r3_slot_alloc(&c, &th->slots[0]))) {
            snprintf(err, errsize, "out of memory");
            goto out;
        }
    }
    uint64_t failed = 0;
    if (core_pool_run(coresident ? (uint64_t)nthreads : total, nthreads, coresident ? r3_run_coresident : r3_run_item,
                      &c, &failed)) {
        uint64_t lowest = UINT64_MAX;
        for (int t = 0; t < nthreads; t++)
            if (c.threads[t].failed_item < lowest) {
                lowest = c.threads[t].failed_item;
                snprintf(err, errsize, "%s", c.threads[t].err);
            }
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
            for (int k = 0; k < R3W_COUNT; k++) {
                if (!stats->warn.count[k])
                    memcpy(stats->warn.first[k], th->stats.warn.first[k], sizeof stats->warn.first[k]);
                stats->warn.count[k] += th->stats.warn.count[k];
            }
        }
        for (int k = 0; th->slots && k < th->nslots; k++)
            r3_slot_free(&th->slots[k]);
        free(th->slots);
        free(th->snap);
    }
    free(c.threads);
    if (sync_ready)
        r3_sync_free(&c.sync);
    core_mem_release(mem, c.kernarg_addr);
    core_mem_release(mem, c.dispatch_addr);
    return rc;
}
