/* RDNA3 execution: the row -> function table and the fetch/execute loop of one wave over predecoded
   instructions with VOPD pairing (the workgroup, its barrier and the scheduling of its waves are the
   SIMT core's). */
#include "r3_buffmt.h"
#include "r3_exec.h"
#include "r3_jit.h"
#include "r3_sync.h"
#include "r3_trace.h"

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

static int r3_exec_ready;

int r3_exec_init(void)
{
    if (r3_exec_ready)
        return 0;
    r3_buffmt_init();
    if (r3_isa_count() != R3_NFNS)
        return -1;
    r3_exec_ready = 1;
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
    size_t n = 0;
    for (size_t i = 0; i < R3_NFNS; i++)
        n += r3_exec_fn_of(r3_isa_at(i)) != NULL;
    return n;
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
    int n = snprintf(buf, size, "wave %d of workgroup (%u,%u,%u), pc 0x%llx: %s: ", w->core.id, g->id[0], g->id[1],
                     g->id[2], (unsigned long long)(co->code_addr + w->inst_pc), text);
    return n < 0 ? 0 : (size_t)n < size ? n : (int)size - 1;
}

void r3_fault_text(const r3_wave *w, char *err, size_t errsize)
{
    int n = r3_where(w, err, errsize);
    snprintf(err + n, errsize - (size_t)n, "%s", w->fault_msg);
}

/* A VOPD whose Y half reads nothing the X half writes: X, then Y (the fetch loop's short path runs
   it as one instruction; r3_xop.xfn). */
void r3_vopd_both(r3_wave *w, const r3_xop *x)
{
    x->xfn(w, x);
    x->y->fn(w, x->y);
}

int r3_reads_hazards(r3_exec_fn fn)
{
    return fn == r3x_v_permlane16_b32 || fn == r3x_v_permlanex16_b32 || fn == r3x_v_wmma_f32_16x16x16_f16 ||
           fn == r3x_v_wmma_f32_16x16x16_bf16 || fn == r3x_v_wmma_f16_16x16x16_f16 ||
           fn == r3x_v_wmma_bf16_16x16x16_bf16 || fn == r3x_v_wmma_i32_16x16x16_iu8 ||
           fn == r3x_v_wmma_i32_16x16x16_iu4;
}

/* One instruction the long way (VOPD pairing, hazard state); 1 when the wave blocked instead (it runs
   the instruction again when resumed). */
static inline __attribute__((always_inline)) int r3_step_full(r3_wave *w, const r3_xop *x, const int fast)
{
    if (x->y && x->vopd_direct && fast) { /* VOPD whose Y reads nothing X writes */
        x->xfn(w, x);
        x->y->fn(w, x->y);
    } else if (x->y) { /* VOPD: X computes, Y computes from the same old values, then X's result lands */
        w->defer = 1;
        w->pending_mask = 0;
        x->xfn(w, x);
        w->defer = 0;
        x->y->fn(w, x->y);
        uint32_t *d = r3_vrow_w(w, w->pending_reg);
        if (w->fast32)
            lanes_blend32(d, w->pending, (uint32_t)w->pending_mask);
        else
            for (int l = 0; l < w->lanes; l++)
                if (w->pending_mask >> l & 1)
                    d[l] = w->pending[l];
    } else {
        x->fn(w, x);
        if (w->core.state == CORE_WAVE_BLOCKED)
            return 1;
    }
    if (x->cls == R3C_VALU || x->cls == R3C_VOPD) { /* what the next VALU instruction sees before it */
        w->hz_prev = w->hz_next;
        w->hz_dst = w->hz_next_dst;
        w->hz_ndst = w->hz_next_ndst;
        w->hz_next = R3_HZ_NONE;
    }
    return 0;
}

int r3_exec_step(r3_wave *w, const r3_xop *x) { return r3_step_full(w, x, 1); }

/* The fetch/execute loop, inlined three times by r3_wave_run: with `traced` a constant 0 the compiler
   drops every trace test from the loop that runs untraced. The budget and the lane count live in
   locals (registers) and go back to the group and the statistics when the loop ends; the wave's
   instruction count (which instructions read) is kept current, and the statistics' count follows
   from it. */
static inline __attribute__((always_inline)) int r3_wave_loop(r3_group *g, r3_wave *w, uint64_t max, core_stats *st,
                                                                const int traced, const int common)
{
    const r3_codeobj *co = g->co;
    const r3_xop *ops = g->xp->ops;
    core_group *cg = g->core;
    const int fast = common || g->fast_paths;
    const r3_xop *x = NULL; /* the instruction that ran last */
    const uint64_t icount0 = w->core.icount;
    uint64_t budget = cg->budget, lanes = 0;
    int rc = 0;
    /* the translated code for runs without turns (max 0), untraced, fast paths on */
    const r3_jit *jit = !traced && !max && fast && g->translate && g->xp->jit && g->xp->jit->code ? g->xp->jit : NULL;
    while (w->core.state == CORE_WAVE_RUNNING) {
        uint32_t pc = w->pc;
        if (jit && pc < co->code_size && !(pc & 3) && co->index[pc / 4] >= 0) {
            size_t k = (size_t)co->index[pc / 4];
            if (jit->len[k] && budget >= jit->len[k]) { /* translated code from here (r3_jit.h) */
                uint64_t before = w->core.icount;
                lanes += r3_jit_run(jit, k, w, st->by_class);
                budget -= w->core.icount - before;
                x = NULL;
                if (w->fault) {
                    rc = -1;
                    break;
                }
                continue;
            }
        }
        if (x && x->seq && pc == x->next_pc && fast) {
            x++; /* straight on: the next instruction in the code is the next execution form */
        } else {
            if (pc >= co->code_size || (pc & 3) || co->index[pc / 4] < 0) {
                w->inst_pc = pc;
                r3_fault(w, "the program counter left the code or points inside an instruction");
                rc = -1;
                break;
            }
            x = &ops[co->index[pc / 4]];
        }
        w->inst_pc = pc;
        uint64_t exec;
        if (!traced && fast && x->plain && budget) { /* the short path (r3_xop.plain says what it skips) */
            w->pc = x->next_pc;
            exec = common ? w->sgpr[126] : r3_exec_mask(w);
            x->fn(w, x);
        } else {
            if (!x->fn) {
                r3_fault(w, x->lds_direct ? "source src_lds_direct (code 254): gfx11 has no LDS-direct operand "
                                            "(lds_direct_load reads LDS that way)"
                            : x->in->op ? "instruction not implemented by wavesim yet" : "illegal instruction");
                rc = -1;
                break;
            }
            if (budget == 0) {
                r3_fault(w, "instruction budget exhausted (a kernel that never ends? see --max-instructions)");
                rc = -1;
                break;
            }
            w->pc = x->next_pc;
            if (traced)
                r3_trace_before(w, g->snap);
            exec = r3_exec_mask(w);
            if (r3_step_full(w, x, fast))
                break; /* not executed yet: it runs again when resumed */
        }
        budget--;
        lanes += lanes_count(exec);
        st->by_class[x->cls]++;
        w->core.icount++;
        if (traced) {
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
            rc = -1;
            break;
        }
        unsigned k = x->absorb; /* do-nothing instructions straight after it: counted, not run */
        if (!traced && k && fast && w->pc == x->next_pc && w->core.state == CORE_WAVE_RUNNING && budget >= k &&
            (common || !max || max > k)) {
            budget -= k;
            w->core.icount += k;
            st->by_class[x[1].cls] += k;
            lanes += k * lanes_count(common ? w->sgpr[126] : r3_exec_mask(w));
            max -= max ? k : 0;
            x += k;
            w->pc = x->next_pc;
        }
        if (!common && max && --max == 0)
            break; /* co-resident: the other workgroups' turn (one may be what this wave waits for) */
    }
    cg->budget = budget;
    st->instructions += w->core.icount - icount0;
    st->lane_instructions += lanes;
    if (rc)
        return rc;
    if (w->core.state == CORE_WAVE_DONE && g->sync->ended) { /* an ended wave gives up its ordered-count turn */
        r3_sync_lock(g->sync);
        r3_sync_wave_finished(g->sync, w->order);
        r3_sync_unlock(g->sync);
    }
    return 0;
}

/* (built for x86-64-v3 too: there the lane count is one POPCNT instruction). A third copy of the loop
   serves the common case, a 32-lane wave running to its end with the fast paths on and no trace:
   EXEC is one SGPR and no instruction count limits the run. */
LANES_MULTIVERSION int r3_wave_run(r3_group *g, r3_wave *w, uint64_t max, core_stats *st)
{
    if (g->trace)
        return r3_wave_loop(g, w, max, st, 1, 0);
    if (g->fast_paths && !max && !w->wave64)
        return r3_wave_loop(g, w, 0, st, 0, 1);
    return r3_wave_loop(g, w, max, st, 0, 0);
}
