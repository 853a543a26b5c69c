/* The device-wide state workgroups of one dispatch share: GDS memory, the 64 GWS resources (barriers
   and semaphores, seed 004) and the ordered-count unit, which serves waves in creation order. */
#ifndef WAVESIM_R3_SYNC_H
#define WAVESIM_R3_SYNC_H

#include <pthread.h>
#include <stdint.h>

#include "core/core_wait.h"

#define R3_GDS_BYTES 4096u
#define R3_GWS_RESOURCES 64
#define R3_ORDERED_COUNTERS 64

typedef struct {
    uint32_t waves;        /* barrier: waves that arrived in the current round */
    uint32_t round;        /* barrier: completed rounds */
    uint32_t counter;      /* semaphore value (also what gws_init wrote) */
    uint32_t releases;     /* sema_release_all calls: a waiting sema_p passes when this changes */
} r3_gws;

typedef struct r3_sync {
    core_wait wait;           /* its lock guards what follows; core_wait_changed on every change a
                                 waiting wave may need (r3_sync_changed) */
    r3_gws gws[R3_GWS_RESOURCES];
    uint32_t ordered[R3_ORDERED_COUNTERS];
    uint64_t ordered_next;    /* creation index of the wave the ordered-count unit serves next */
    uint8_t *ended;           /* per wave, by creation index: 1 once it is done with ordered counts
                                 (NULL unless the dispatch runs co-resident: no ordered count then) */
    uint64_t nwaves;
    uint8_t gds[R3_GDS_BYTES];
} r3_sync;

/* Prepares the unit for a dispatch, tracking the ordered-count turns of `nwaves` waves (0: the
   kernel has no ordered count); 0 or -1. It makes `wait`, whose lock guards the state. */
int r3_sync_init(r3_sync *s, uint64_t nwaves);
void r3_sync_free(r3_sync *s);

/* The lock GWS, ordered count and GDS state are changed under. */
static inline void r3_sync_lock(r3_sync *s) { pthread_mutex_lock(&s->wait.lock); }
static inline void r3_sync_unlock(r3_sync *s) { pthread_mutex_unlock(&s->wait.lock); }

/* Records that wave `order` will issue no more ordered counts (it ended or said wave_done), moving
   the ordered-count unit past it and every ended wave after it. Call with the lock held; nothing
   to do when the unit tracks no waves. */
void r3_sync_wave_finished(r3_sync *s, uint64_t order);

/* Marks a change a waiting wave may be waiting for. Call with the lock held. */
static inline void r3_sync_changed(r3_sync *s) { core_wait_changed(&s->wait); }

#endif
