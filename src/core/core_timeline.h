/* A timeline of one dispatch for both ISAs: what each wave (warp) of each workgroup did, recorded by
   the dispatcher while it runs and written afterwards as a Chrome/Perfetto trace (JSON). Recording is
   per workgroup, by the host thread running it, so no locks; the picture is laid out afterwards from
   workgroup order and instruction counts only, so it is the same for any number of host threads.
   Time is counted in instructions, not cycles: every wave issues one instruction per time unit, a
   barrier releases its waves when the last one arrives, and a compute unit starts each workgroup
   assigned to it (round robin, the way the dispatcher hands them out) in its first free slot. */
#ifndef WAVESIM_CORE_TIMELINE_H
#define WAVESIM_CORE_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "core_device.h"

typedef struct core_timeline core_timeline;

/* Receives the JSON text piece by piece; returns 0, or -1 to stop writing. */
typedef int (*core_timeline_write_fn)(void *ctx, const char *text, size_t len);

/* A timeline for `groups` workgroups of at most `waves_per_group` waves; NULL with a message in err
   when that is more than a timeline holds (2^22 workgroups) or memory runs out. */
core_timeline *core_timeline_new(uint64_t groups, int waves_per_group, char *err, size_t errsize);
void core_timeline_free(core_timeline *t);

/* Workgroup `item` (its id and wave count) started. */
void core_timeline_group(core_timeline *t, uint64_t item, const uint32_t id[3], int nwaves);
/* Wave `wave` of workgroup `item` arrived at a barrier after `count` of its instructions. */
void core_timeline_barrier(core_timeline *t, uint64_t item, int wave, uint64_t count);
/* The wave ended (or stopped: the workgroup faulted) after `count` instructions. */
void core_timeline_wave_end(core_timeline *t, uint64_t item, int wave, uint64_t count);
/* The wave faulted at its instruction number `count` (msg: the fault text, copied). */
void core_timeline_fault(core_timeline *t, uint64_t item, int wave, uint64_t count, const char *msg);

/* The dispatch stopped at the fault of workgroup `item`: later workgroups some host thread had
   already started are left out, so the picture does not depend on the thread count. */
void core_timeline_stop_at(core_timeline *t, uint64_t item);

/* Writes the trace of n dispatches run one after another (each starts when the one before has
   ended): one process per compute unit, one thread per workgroup slot and wave, a span per wave
   (workgroup id, instructions, launch number), a span per barrier wait, an instant event per fault.
   `unit` names a wave ("wave" or "warp"), `isa` goes into the trace's metadata. Returns 0 or -1 (the
   writer refused). */
int core_timeline_write(const core_timeline *const *t, int n, const core_device *dev, const char *isa,
                        const char *unit, core_timeline_write_fn fn, void *ctx);

#endif
