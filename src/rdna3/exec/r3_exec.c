/* RDNA3 executor core: the row -> function table, the fetch/execute loop over predecoded
   instructions, VOPD pairing, and cooperative scheduling of a workgroup's waves at barriers. */
#include "r3_buffmt.h"
#include "r3_exec.h"
#include "r3_sync.h"
#include "r3_trace.h"
#include "core/core_timeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static r3_exec_fn *r3_fns;
static size_t r3_nfns_bound;

static r3_exec_fn r3_find_handler(const char *name, size_t n)
{
    static const struct {
        const r3_handler *h;
        const size_t *n;
    } classes[] = {{r3_salu_handlers, &r3_salu_nhandlers},           {r3_vmem_handlers, &r3_vmem_nhandlers},
                   {r3_valu_int_handlers, &r3_valu_int_nhandlers},   {r3_valu_float_handlers, &r3_valu_float_nhandlers},
                   {r3_valu_cvt_handlers, &r3_valu_cvt_nhandlers},   {r3_valu_cmp_handlers, &r3_valu_cmp_nhandlers},
                   {r3_valu_lane_handlers, &r3_valu_lane_nhandlers}, {r3_valu_packed_handlers, &r3_valu_packed_nhandlers},
                   {r3_valu_wmma_handlers, &r3_valu_wmma_nhandlers}, {r3_buffer_handlers, &r3_buffer_nhandlers},
                   {r3_ds_handlers, &r3_ds_nhandlers}};
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++)
        for (size_t i = 0; i < *classes[c].n; i++)
            if (strlen(classes[c].h[i].name) == n && strncmp(classes[c].h[i].name, name, n) == 0)
                return classes[c].h[i].fn;
    return NULL;
}

int r3_exec_init(void)
{
    if (r3_fns)
        return 0;
    r3_buffmt_init();
    size_t n = r3_isa_count();
    r3_fns = calloc(n ? n : 1, sizeof *r3_fns);
    if (!r3_fns)
        return -1;
    for (size_t i = 0; i < n; i++) {
        const char *m = r3_isa_at(i)->mnemonic;
        size_t len = strlen(m);
        if (len > 4 && (strcmp(m + len - 4, "_e32") == 0 || strcmp(m + len - 4, "_e64") == 0))
            len -= 4;
        char name[96];
        if (strncmp(m, "v_dual_", 7) == 0) /* VOPD halves share the semantics of the VOP2 forms */
            len = (size_t)snprintf(name, sizeof name, "v_%.*s", (int)(len - 7), m + 7);
        else
            snprintf(name, sizeof name, "%.*s", (int)len, m);
        r3_fns[i] = r3_find_handler(name, len < sizeof name ? len : sizeof name - 1);
        r3_nfns_bound += r3_fns[i] != NULL;
    }
    return 0;
}

r3_exec_fn r3_exec_fn_of(const r3_opinfo *op)
{
    return r3_fns ? r3_fns[op - r3_isa_at(0)] : NULL;
}

size_t r3_exec_count(void)
{
    return r3_nfns_bound;
}

int r3_where(const r3_wave *w, char *buf, size_t size)
{
    const r3_group *g = w->group;
    const r3_codeobj *co = g->co;
    char text[256] = "<undecodable word>";
    if (w->inst_pc < co->code_size && !(w->inst_pc & 3) && co->index[w->inst_pc / 4] >= 0) {
        const r3_inst *in = g->xp->ops[co->index[w->inst_pc / 4]].in;
        if (in->op)
            r3_print(in, w->wave64, text, sizeof text);
    }
    int n = snprintf(buf, size, "wave %d of workgroup (%u,%u,%u), pc 0x%llx: %s: ", w->id, g->id[0], g->id[1],
                     g->id[2], (unsigned long long)(co->code_addr + w->inst_pc), text);
    return n < 0 ? 0 : (size_t)n < size ? n : (int)size - 1;
}

static void r3_fault_text(const r3_wave *w, char *err, size_t errsize)
{
    int n = r3_where(w, err, errsize);
    snprintf(err + n, errsize - (size_t)n, "%s", w->fault_msg);
}

/* Runs a wave until it ends, reaches a barrier, waits on GWS or faults. */
static int r3_run_wave(r3_group *g, r3_wave *w, r3_stats *st, char *err, size_t errsize)
{
    const r3_codeobj *co = g->co;
    const r3_xop *ops = g->xp->ops;
    w->blocked = 0;
    uint64_t slice = g->quantum;
    while (!w->done && !w->at_barrier && !w->blocked) {
        if (g->quantum && slice-- == 0)
            break; /* co-resident: let the other workgroups run (one may be what this wave waits for) */
        uint32_t pc = w->pc;
        if (pc >= co->code_size || (pc & 3) || co->index[pc / 4] < 0) {
            w->inst_pc = pc;
            r3_fault(w, "the program counter left the code or points inside an instruction");
            r3_fault_text(w, err, errsize);
            return -1;
        }
        const r3_xop *x = &ops[co->index[pc / 4]];
        w->inst_pc = pc;
        if (!x->fn) {
            r3_fault(w, x->in->op ? "instruction not implemented by wavesim yet" : "illegal instruction");
            r3_fault_text(w, err, errsize);
            return -1;
        }
        if (g->budget-- == 0) {
            r3_fault(w, "instruction budget exhausted (a kernel that never ends? see --max-instructions)");
            r3_fault_text(w, err, errsize);
            return -1;
        }
        w->pc = x->next_pc;
        if (g->trace)
            r3_trace_before(w, g->snap);
        uint64_t exec = r3_exec_mask(w);
        if (x->y) { /* VOPD: X computes, Y computes from the same old values, then X's result lands */
            w->defer = 1;
            w->pending_mask = 0;
            x->fn(w, x);
            w->defer = 0;
            x->y->fn(w, x->y);
            uint32_t *d = r3_vrow_w(w, w->pending_reg);
            for (int l = 0; l < w->lanes; l++)
                if (w->pending_mask >> l & 1)
                    d[l] = w->pending[l];
        } else {
            x->fn(w, x);
            if (w->blocked) { /* not executed yet: it runs again when the wave is resumed */
                g->budget++;
                break;
            }
        }
        if (x->cls == R3C_VALU || x->cls == R3C_VOPD) { /* what the next VALU instruction sees before it */
            w->hz_prev = w->hz_next;
            w->hz_dst = w->hz_next_dst;
            w->hz_ndst = w->hz_next_ndst;
            w->hz_next = R3_HZ_NONE;
        }
        st->instructions++;
        st->lane_instructions += (uint64_t)__builtin_popcountll(exec);
        st->by_class[x->cls]++;
        w->icount++;
        if (g->trace) {
            r3_trace_after(w, x->in, g->snap, g->trace, g->trace_ctx);
            if (w->warn_line[0]) {
                size_t n = strlen(w->warn_line);
                if (w->warn_more)
                    snprintf(w->warn_line + n, sizeof w->warn_line - n, " (+%u more)", w->warn_more);
                g->trace(g->trace_ctx, w->warn_line);
                w->warn_line[0] = 0;
                w->warn_more = 0;
            }
        }
        if (w->fault) {
            r3_fault_text(w, err, errsize);
            return -1;
        }
    }
    return 0;
}

int r3_run_group(r3_group *g, r3_wave *waves, int nwaves, r3_stats *st, char *err, size_t errsize)
{
    g->warn = &st->warn;
    for (;;) {
        int running = 0, waiting = 0, parked = 0;
        uint64_t before = st->instructions;
        for (int i = 0; i < nwaves; i++) {
            r3_wave *w = &waves[i];
            if (w->done)
                continue;
            int was_waiting = w->at_barrier;
            if (!was_waiting && r3_run_wave(g, w, st, err, errsize))
                return -1;
            if (!was_waiting && w->at_barrier && g->timeline)
                core_timeline_barrier(g->timeline, g->item, i, w->icount);
            if (w->done && g->sync->ended) { /* an ended wave gives up its ordered-count turn */
                pthread_mutex_lock(&g->sync->lock);
                r3_sync_wave_finished(g->sync, w->order);
                pthread_mutex_unlock(&g->sync->lock);
            }
            running += !w->done;
            waiting += w->at_barrier;
            parked += w->blocked;
        }
        if (!running)
            return 0;
        if (waiting == running) { /* every wave still running waits at s_barrier: release them together */
            for (int i = 0; i < nwaves; i++)
                waves[i].at_barrier = 0;
            continue;
        }
        if (g->quantum || (parked && st->instructions == before))
            return 1; /* time slice over, or nothing moved: only another workgroup can unblock these waves */
        if (!parked) {
            snprintf(err, errsize, "workgroup (%u,%u,%u): waves stopped without reaching the barrier", g->id[0],
                     g->id[1], g->id[2]);
            return -1;
        }
    }
}
