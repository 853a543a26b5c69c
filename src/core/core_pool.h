/* A host thread pool for independent work items (workgroups): each thread takes the items of its own
   contiguous range in order, then helps with the others'; the lowest-numbered failing item is the one
   reported, so results do not depend on the thread count. */
#ifndef WAVESIM_CORE_POOL_H
#define WAVESIM_CORE_POOL_H

#include <stddef.h>
#include <stdint.h>

/* Runs one item on a thread; returns 0 or -1. `thread` (0..nthreads-1) selects per-thread state. */
typedef int (*core_item_fn)(void *ctx, uint64_t item, int thread);

/* Runs items 0..n-1 on nthreads threads (1: on the caller). Returns -1 and the lowest failing item
   in *failed when any fails; items after it may or may not have run. */
int core_pool_run(uint64_t n, int nthreads, core_item_fn fn, void *ctx, uint64_t *failed);

/* The number of host cores. */
int core_cpu_count(void);

#endif
