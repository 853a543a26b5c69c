/* The SIMT core both ISAs run on: the part of a wave (a Ventus warp) the core manages, workgroups
   and their barrier, one scheduler whose policy each ISA chooses, and one dispatcher that spreads a
   dispatch's workgroups over the host threads, merges their statistics, keeps their output in
   workgroup order, reports the lowest-numbered failing workgroup, records the timeline, and runs
   workgroups co-resident when their waves wait on each other. Each ISA plugs in through a core_isa
   operations table; nothing here names an instruction. */
#ifndef WAVESIM_CORE_SIMT_H
#define WAVESIM_CORE_SIMT_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_timeline.h"
#include "core/core_wait.h"

typedef enum {
    CORE_WAVE_RUNNING,
    CORE_WAVE_BARRIER,   /* arrived at the workgroup barrier; waits for the rest */
    CORE_WAVE_BLOCKED,   /* waits on something another workgroup does (GWS, ordered count): its
                            instruction runs again when the wave is resumed */
    CORE_WAVE_DONE
} core_wave_state;

/* What the core knows of a wave; each ISA's wave state embeds one. */
typedef struct core_wave {
    uint8_t state;            /* core_wave_state */
    int id;                   /* index in the workgroup */
    uint32_t barrier_gen;     /* the barrier generation it arrived in */
    uint64_t icount;          /* instructions executed (a Ventus barrier re-executed while waiting
                                 does not count) */
} core_wave;

#define CORE_CLASSES 16       /* instruction classes an ISA may count (its own numbering) */

typedef struct core_stats {
    uint64_t instructions, lane_instructions, workgroups, waves;
    uint64_t by_class[CORE_CLASSES];
} core_stats;

/* A workgroup on the core. The ISA fills waves/nwaves/id when it starts one (core_isa.start). */
typedef struct core_group {
    uint64_t item;            /* its number in the dispatch (x fastest) */
    uint32_t id[3];
    core_wave **waves;
    int nwaves;
    int live, arrived;        /* waves not done; of those, waves at the barrier */
    uint32_t barrier_gen;     /* completed barriers */
    uint64_t budget;          /* instructions left before the workgroup counts as runaway */
    core_timeline *timeline;  /* NULL unless recording */
    char *out;                /* text the workgroup printed (core_group_print), in order */
    size_t out_len, out_cap;
} core_group;

/* A wave arrives at the workgroup barrier: returns 1 when it was the last one the barrier waited for
   (every wave may go on), else marks it waiting and returns 0. `icount` is the wave's instruction
   count including the barrier (for the timeline). */
int core_barrier_arrive(core_group *g, core_wave *w, uint64_t icount);
/* Whether a wave that arrived still waits (0 once the barrier completed: it runs again). */
int core_barrier_waits(core_group *g, core_wave *w);
/* A wave ends; a barrier the others wait at completes if it waited only for this one. */
void core_wave_end(core_group *g, core_wave *w);
/* Appends text to what the workgroup printed (handed to the dispatch's print callback in
   workgroup order after the dispatch); returns 0 or -1 when out of memory. */
int core_group_print(core_group *g, const char *text, size_t len);

typedef enum {
    CORE_SCHED_UNTIL_BLOCKED, /* each wave runs until it waits, ends or faults (RDNA3) */
    CORE_SCHED_ROUND_ROBIN    /* one instruction per wave per turn (Ventus: spike's INTERLEAVE=1,
                                 which the reference commit logs pin) */
} core_sched_policy;

/* An ISA's operations. `ctx` is the dispatch's ISA state, `slot` one workgroup's worth of ISA
   state (registers, LDS...) that a host thread reuses. */
typedef struct core_isa {
    core_sched_policy policy;
    /* a workgroup slot for host thread `thread`; NULL when out of memory */
    void *(*slot_new)(void *ctx, int thread);
    void (*slot_free)(void *ctx, void *slot);
    /* starts workgroup g->item (ids, budget and timeline set) in slot: its waves into g->waves and
       g->nwaves; 0, or -1 with err */
    int (*start)(void *ctx, void *slot, core_group *g, char *err, size_t errsize);
    /* CORE_SCHED_UNTIL_BLOCKED: runs wave w (state RUNNING) for at most `max` instructions (0: no
       limit) or until it waits, ends or faults, counting into st; 0, or -1 on a fault */
    int (*run)(void *slot, core_group *g, core_wave *w, uint64_t max, core_stats *st);
    /* CORE_SCHED_ROUND_ROBIN: runs turns until the workgroup ends, in each turn every wave not done
       one instruction in wave order (a wave waiting at a barrier executes it again), counting into
       st; 0, or -1 on a fault with the faulting wave's index in *fault_wave. (The ISA's own loop:
       one call per instruction through the core was most of the cost of a simple instruction.) */
    int (*run_turns)(void *slot, core_group *g, core_stats *st, int *fault_wave);
    /* the one line a fault of wave w gives (where: wave, pc, instruction; and why) */
    void (*fault_text)(void *slot, core_group *g, core_wave *w, char *buf, size_t size);
    /* the workgroup ended (rc 0) or faulted (-1); NULL when there is nothing to do */
    void (*finish)(void *ctx, void *slot, core_group *g, int rc);
} core_isa;

typedef struct {
    const core_isa *isa;
    void *ctx;
    uint32_t groups[3];       /* workgroups along x, y, z */
    int threads;              /* host threads (1 runs on the caller) */
    uint64_t budget;          /* instructions per workgroup before it counts as runaway */
    core_timeline *timeline;  /* NULL, or one made for this dispatch */
    /* co-resident: every host thread keeps up to `resident` workgroups (over all threads) in flight,
       running each wave for `quantum` instructions a turn; `wait` (made by the ISA, whose shared state
       signals it) is where threads sleep while all their waves are blocked */
    int coresident;
    uint64_t resident, quantum;
    core_wait *wait;
    /* text the workgroups printed, in workgroup order (NULL: dropped) */
    void (*print)(void *ctx, const char *text, size_t len);
    void *print_ctx;
} core_dispatch_desc;

/* Runs every workgroup of the dispatch to its end. Returns 0, or -1 with the lowest-numbered
   failing workgroup's message in err (the same whatever the thread count). Statistics of the
   workgroups that ran are added to *st (when not NULL). */
int core_dispatch(const core_dispatch_desc *d, core_stats *st, char *err, size_t errsize);

#endif
