/* The SIMT core: workgroup barrier, the scheduler (one loop, two policies), and the dispatcher over
   the host thread pool with per-thread statistics, ordered output, the lowest failing workgroup,
   the timeline, and co-resident workgroups for waves that wait on other workgroups. */
#include "core_simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core_pool.h"

/* ---- workgroup barrier ---- */

int core_barrier_arrive(core_group *g, core_wave *w, uint64_t icount)
{
    if (g->timeline)
        core_timeline_barrier(g->timeline, g->item, w->id, icount);
    w->barrier_gen = g->barrier_gen;
    if (++g->arrived == g->live) { /* the last one: every wave goes on */
        g->arrived = 0;
        g->barrier_gen++;
        return 1;
    }
    w->state = CORE_WAVE_BARRIER;
    return 0;
}

int core_barrier_waits(core_group *g, core_wave *w)
{
    if (w->barrier_gen != g->barrier_gen) {
        w->state = CORE_WAVE_RUNNING;
        return 0;
    }
    return 1;
}

void core_wave_end(core_group *g, core_wave *w)
{
    if (w->state == CORE_WAVE_DONE)
        return;
    w->state = CORE_WAVE_DONE;
    g->live--;
    if (g->live && g->arrived == g->live) {
        g->arrived = 0;
        g->barrier_gen++;
    }
}

int core_group_print(core_group *g, const char *text, size_t len)
{
    if (g->out_len + len + 1 > g->out_cap) {
        size_t cap = g->out_cap ? g->out_cap : 256;
        while (cap < g->out_len + len + 1)
            cap *= 2;
        char *grown = realloc(g->out, cap);
        if (!grown)
            return -1;
        g->out = grown;
        g->out_cap = cap;
    }
    memcpy(g->out + g->out_len, text, len);
    g->out_len += len;
    g->out[g->out_len] = '\0';
    return 0;
}

/* ---- scheduler ---- */

/* Runs the workgroup's waves as far as they go: 0 when all ended, 1 (co-resident) when every wave
   still running waits on another workgroup or a time slice is over, -1 with err on a fault. */
static int core_group_run(const core_isa *isa, void *slot, core_group *g, core_stats *st, uint64_t quantum,
                          int *fault_wave, char *err, size_t errsize)
{
    if (isa->policy == CORE_SCHED_ROUND_ROBIN) { /* (never co-resident: no time slice applies) */
        if (isa->run_turns(slot, g, st, fault_wave)) {
            isa->fault_text(slot, g, g->waves[*fault_wave], err, errsize);
            return -1;
        }
        return 0;
    }
    for (;;) {
        int parked = 0;
        uint64_t before = st->instructions;
        for (int i = 0; i < g->nwaves && g->live; i++) {
            core_wave *w = g->waves[i];
            if (w->state == CORE_WAVE_DONE)
                continue;
            if (w->state == CORE_WAVE_BARRIER && core_barrier_waits(g, w))
                continue;
            w->state = CORE_WAVE_RUNNING; /* a blocked wave tries its instruction again */
            if (isa->run(slot, g, w, quantum, st)) {
                *fault_wave = i;
                isa->fault_text(slot, g, w, err, errsize);
                return -1;
            }
            parked += w->state == CORE_WAVE_BLOCKED;
        }
        if (!g->live)
            return 0;
        if (quantum || (parked && st->instructions == before))
            return 1; /* time slice over, or nothing moved: only another workgroup can unblock these */
        if (!parked && st->instructions == before) {
            *fault_wave = -1;
            snprintf(err, errsize, "workgroup (%u,%u,%u): waves stopped without reaching the barrier", g->id[0],
                     g->id[1], g->id[2]);
            return -1;
        }
    }
}

/* ---- dispatcher ---- */

typedef struct {
    uint64_t item;
    char *text;
    size_t len;
} core_output;

typedef struct {
    void **slots;             /* ISA state for one workgroup each */
    core_group *groups;       /* the workgroup each slot holds */
    int *busy;
    int nslots;
    core_stats st;
    uint64_t failed_item;
    char err[512];
    core_output *outs;        /* what its workgroups printed */
    size_t nouts, outs_cap;
    int oom;
} core_thread;

typedef struct {
    const core_dispatch_desc *d;
    core_thread *threads;
    uint64_t total, next_item;
} core_dispatch_ctx;

static void core_record_failure(core_thread *t, uint64_t item, const char *err)
{
    if (item < t->failed_item) {
        t->failed_item = item;
        snprintf(t->err, sizeof t->err, "%s", err);
    }
}

/* Makes workgroup `item` current in slot k of thread t. Returns 0 or -1 (recorded as its failure). */
static int core_start(core_dispatch_ctx *c, core_thread *t, int k, uint64_t item)
{
    const core_dispatch_desc *d = c->d;
    core_group *g = &t->groups[k];
    char *out = g->out; /* the text buffer is kept for the next workgroup */
    size_t cap = g->out_cap;
    memset(g, 0, sizeof *g);
    g->out = out;
    g->out_cap = cap;
    g->item = item;
    g->id[0] = (uint32_t)(item % d->groups[0]);
    g->id[1] = (uint32_t)(item / d->groups[0] % d->groups[1]);
    g->id[2] = (uint32_t)(item / ((uint64_t)d->groups[0] * d->groups[1]));
    g->budget = d->budget;
    g->timeline = d->timeline;
    char err[512];
    if (d->isa->start(d->ctx, t->slots[k], g, err, sizeof err)) {
        core_record_failure(t, item, err);
        return -1;
    }
    g->live = g->nwaves;
    for (int i = 0; i < g->nwaves; i++) {
        core_wave *w = g->waves[i];
        w->state = CORE_WAVE_RUNNING;
        w->id = i;
        w->barrier_gen = 0;
        w->icount = 0;
    }
    if (d->timeline)
        core_timeline_group(d->timeline, item, g->id, g->nwaves);
    t->st.workgroups++;
    t->st.waves += (uint64_t)g->nwaves;
    t->busy[k] = 1;
    return 0;
}

/* The workgroup in slot k ended (rc 0) or failed (rc -1, err its message; fault_wave the wave whose
   instruction faulted, -1 for a workgroup-level error). */
static void core_finish(core_dispatch_ctx *c, core_thread *t, int k, int rc, int fault_wave, const char *err)
{
    const core_dispatch_desc *d = c->d;
    core_group *g = &t->groups[k];
    if (d->timeline) {
        for (int i = 0; i < g->nwaves; i++)
            core_timeline_wave_end(d->timeline, g->item, i, g->waves[i]->icount);
        for (int i = 0; rc && fault_wave < 0 && i < g->nwaves; i++)
            if (g->waves[i]->state != CORE_WAVE_DONE)
                fault_wave = i; /* a workgroup-level error: the first wave still running */
        if (rc && fault_wave >= 0)
            core_timeline_fault(d->timeline, g->item, fault_wave, g->waves[fault_wave]->icount, err);
    }
    if (d->isa->finish)
        d->isa->finish(d->ctx, t->slots[k], g, rc);
    if (rc)
        core_record_failure(t, g->item, err);
    if (g->out_len && d->print) { /* handed out in workgroup order after the dispatch */
        if (t->nouts == t->outs_cap) {
            size_t ncap = t->outs_cap ? 2 * t->outs_cap : 16;
            core_output *n = realloc(t->outs, ncap * sizeof *n);
            if (!n) {
                t->oom = 1;
                ncap = 0;
            } else {
                t->outs = n;
                t->outs_cap = ncap;
            }
        }
        char *copy = t->nouts < t->outs_cap ? malloc(g->out_len) : NULL;
        if (copy) {
            memcpy(copy, g->out, g->out_len);
            t->outs[t->nouts++] = (core_output){g->item, copy, g->out_len};
        } else {
            t->oom = 1;
        }
    }
    g->out_len = 0;
    t->busy[k] = 0;
}

/* One workgroup from start to end (nothing waits on other workgroups). */
static int core_run_item(void *vctx, uint64_t item, int thread)
{
    core_dispatch_ctx *c = vctx;
    const core_dispatch_desc *d = c->d;
    core_thread *t = &c->threads[thread];
    if (core_start(c, t, 0, item))
        return -1;
    char err[512];
    int fault_wave = -1;
    int rc = core_group_run(d->isa, t->slots[0], &t->groups[0], &t->st, 0, &fault_wave, err, sizeof err);
    if (rc == 1)
        snprintf(err, sizeof err, "workgroup (%u,%u,%u): waves wait on another workgroup (GWS) outside a co-resident "
                 "dispatch", t->groups[0].id[0], t->groups[0].id[1], t->groups[0].id[2]);
    core_finish(c, t, 0, rc ? -1 : 0, fault_wave, err);
    return rc ? -1 : 0;
}

/* Co-resident: host thread `index` keeps up to nslots workgroups in flight, running each as far as
   it goes and starting new ones as others end; it sleeps while all of its waves wait. */
static int core_run_coresident(void *vctx, uint64_t index, int thread)
{
    core_dispatch_ctx *c = vctx;
    const core_dispatch_desc *d = c->d;
    core_thread *t = &c->threads[index];
    core_wait *wait = d->wait;
    char err[512];
    (void)thread;
    for (;;) {
        int busy = 0;
        for (int k = 0; k < t->nslots; k++) {
            if (!t->busy[k] && !core_wait_stopped(wait)) {
                uint64_t item = __atomic_fetch_add(&c->next_item, 1, __ATOMIC_RELAXED);
                if (item < c->total && core_start(c, t, k, item)) {
                    core_wait_stop(wait);
                    return -1;
                }
            }
            busy += t->busy[k];
        }
        if (!busy)
            break;
        uint64_t seen = core_wait_version(wait), before = t->st.instructions;
        int ended = 0;
        for (int k = 0; k < t->nslots; k++) {
            if (!t->busy[k])
                continue;
            int fault_wave = -1;
            int rc = core_group_run(d->isa, t->slots[k], &t->groups[k], &t->st, d->quantum, &fault_wave, err,
                                    sizeof err);
            if (rc < 0) {
                core_finish(c, t, k, -1, fault_wave, err);
                core_wait_stop(wait);
                return -1;
            }
            if (rc == 0) {
                core_finish(c, t, k, 0, -1, "");
                ended = 1;
            }
        }
        if (ended || t->st.instructions != before)
            continue;
        if (core_wait_sleep(wait, seen)) {
            if (!wait->deadlock)
                return 0; /* another thread faulted and reports it */
            for (int k = 0; k < t->nslots; k++)
                if (t->busy[k]) {
                    const core_group *g = &t->groups[k];
                    snprintf(err, sizeof err,
                             "deadlock: every resident wave waits on GWS or ordered count (workgroup (%u,%u,%u) among "
                             "them; at most %llu workgroups are resident at once)",
                             g->id[0], g->id[1], g->id[2], (unsigned long long)d->resident);
                    core_finish(c, t, k, -1, -1, err);
                    break;
                }
            return -1;
        }
    }
    core_wait_thread_done(wait);
    return 0;
}

static int core_output_cmp(const void *a, const void *b)
{
    uint64_t x = ((const core_output *)a)->item, y = ((const core_output *)b)->item;
    return x < y ? -1 : x > y;
}

/* Hands the workgroups' text to the print callback in workgroup order. */
static int core_print_outputs(const core_dispatch_desc *d, core_thread *threads, int n)
{
    size_t total = 0, k = 0;
    int oom = 0;
    for (int t = 0; t < n; t++) {
        total += threads[t].nouts;
        oom |= threads[t].oom;
    }
    core_output *all = total ? malloc(total * sizeof *all) : NULL;
    if (total && !all)
        oom = 1;
    for (int t = 0; t < n; t++)
        for (size_t i = 0; i < threads[t].nouts; i++) {
            if (all)
                all[k++] = threads[t].outs[i];
            else
                free(threads[t].outs[i].text);
        }
    if (all) {
        qsort(all, total, sizeof *all, core_output_cmp);
        for (size_t i = 0; i < total; i++) {
            d->print(d->print_ctx, all[i].text, all[i].len);
            free(all[i].text);
        }
    }
    free(all);
    return oom ? -1 : 0;
}

int core_dispatch(const core_dispatch_desc *d, core_stats *st, char *err, size_t errsize)
{
    if (d->coresident && d->isa->policy == CORE_SCHED_ROUND_ROBIN) { /* run_turns has no time slice */
        snprintf(err, errsize, "co-resident dispatch needs an ISA that runs waves until they wait");
        return -1;
    }
    core_dispatch_ctx c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.total = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
    int nthreads = d->threads > 0 ? d->threads : 1;
    if ((uint64_t)nthreads > c.total)
        nthreads = c.total ? (int)c.total : 1;
    int nslots = 1;
    if (d->coresident) {
        uint64_t resident = d->resident < c.total ? d->resident : c.total;
        nslots = resident > (uint64_t)nthreads ? (int)((resident + (uint64_t)nthreads - 1) / (uint64_t)nthreads) : 1;
        core_wait_reset(d->wait, nthreads);
    }
    int rc = -1;
    c.threads = calloc((size_t)nthreads, sizeof *c.threads);
    if (!c.threads) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    for (int t = 0; t < nthreads; t++) {
        core_thread *th = &c.threads[t];
        th->failed_item = UINT64_MAX;
        th->nslots = nslots;
        th->slots = calloc((size_t)nslots, sizeof *th->slots);
        th->groups = calloc((size_t)nslots, sizeof *th->groups);
        th->busy = calloc((size_t)nslots, sizeof *th->busy);
        if (!th->slots || !th->groups || !th->busy) {
            snprintf(err, errsize, "out of memory");
            goto out;
        }
        for (int k = 0; k < nslots; k++)
            if (!(th->slots[k] = d->isa->slot_new(d->ctx, t))) {
                snprintf(err, errsize, "out of memory");
                goto out;
            }
    }
    uint64_t failed = 0;
    if (core_pool_run(d->coresident ? (uint64_t)nthreads : c.total, nthreads,
                      d->coresident ? core_run_coresident : core_run_item, &c, &failed)) {
        uint64_t lowest = UINT64_MAX;
        for (int t = 0; t < nthreads; t++)
            if (c.threads[t].failed_item < lowest) {
                lowest = c.threads[t].failed_item;
                snprintf(err, errsize, "%s", c.threads[t].err);
            }
        if (d->timeline && !d->coresident)
            core_timeline_stop_at(d->timeline, lowest);
    } else {
        rc = 0;
    }
    if (d->print && core_print_outputs(d, c.threads, nthreads) && !rc) {
        snprintf(err, errsize, "out of memory (the workgroups' printed text)");
        rc = -1;
    }
out:
    for (int t = 0; c.threads && t < nthreads; t++) {
        core_thread *th = &c.threads[t];
        if (st) {
            st->instructions += th->st.instructions;
            st->lane_instructions += th->st.lane_instructions;
            st->workgroups += th->st.workgroups;
            st->waves += th->st.waves;
            for (int k = 0; k < CORE_CLASSES; k++)
                st->by_class[k] += th->st.by_class[k];
        }
        for (int k = 0; th->slots && k < th->nslots; k++) {
            if (th->slots[k])
                d->isa->slot_free(d->ctx, th->slots[k]);
            free(th->groups ? th->groups[k].out : NULL);
        }
        free(th->slots);
        free(th->groups);
        free(th->busy);
        free(th->outs);
    }
    free(c.threads);
    return rc;
}
