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

/* Rows wavesim does not run yet: the graphics formats (handler `none`) have no function; the rows
   isa/rdna3/unimplemented.def lists have a placeholder, which r3_exec_fn_of reports as none. The
   fetch loop turns both into the fault "not implemented by wavesim yet". */
#define r3x_none NULL
#define R3_UNIMPLEMENTED(h) OP(h) { (void)w; (void)x; }
#include "../../../isa/rdna3/unimplemented.def"
#undef R3_UNIMPLEMENTED
static const r3_exec_fn r3_placeholders[] = {
#define R3_UNIMPLEMENTED(h) r3x_##h,
#include "../../../isa/rdna3/unimplemented.def"
#undef R3_UNIMPLEMENTED
};

/* Row k of the codec's table (r3_isa_at(k)) runs r3_fns[k]. */
static const r3_exec_fn r3_fns[] = {
#define R3OP(fmt, op, mn, opnds, opt, nb, handler) r3x_##handler,
#include "rdna3/codec/r3_rows.h"
#undef R3OP
};
#define R3_NFNS (sizeof r3_fns / sizeof r3_fns[0])

static size_t r3_nfns_bound;

int r3_exec_init(void)
{
    if (r3_nfns_bound)
        return 0;
    r3_buffmt_init();
    if (r3_isa_count() != R3_NFNS)
        return -1;
    for (size_t i = 0; i < R3_NFNS; i++)
        r3_nfns_bound += r3_exec_fn_of(r3_isa_at(i)) != NULL;
    return 0;
}

r3_exec_fn r3_exec_fn_of(const r3_opinfo *op)
{
    size_t k = (size_t)(op - r3_isa_at(0));
    r3_exec_fn fn = k < R3_NFNS ? r3_fns[k] : NULL;
    for (size_t i = 0; fn && i < sizeof r3_placeholders / sizeof r3_placeholders[0]; i++)
        if (fn == r3_placeholders[i])
            return NULL;
    return fn;
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
