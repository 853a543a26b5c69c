/* The device-wide state workgroups of one dispatch share: GDS memory, the 64 GWS resources (barriers
   and semaphores, seed 004) and the ordered-count unit, which serves waves in creation order. */
#ifndef WAVESIM_R3_SYNC_H
#define WAVESIM_R3_SYNC_H

#include <pthread.h>
#include <stdint.h>

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
    pthread_mutex_t lock;
    pthread_cond_t changed;   /* broadcast on every state change a waiting wave may need */
    uint64_t version;         /* bumped with every such change */
    r3_gws gws[R3_GWS_RESOURCES];
    uint32_t ordered[R3_ORDERED_COUNTERS];
    uint64_t ordered_next;    /* creation index of the wave the ordered-count unit serves next */
    uint8_t *ended;           /* per wave, by creation index: 1 once it is done with ordered counts
                                 (NULL unless the dispatch runs co-resident: no ordered count then) */
    uint64_t nwaves;
    int threads_running, threads_waiting;
    int stop;                 /* a fault or a deadlock: every thread leaves */
    int deadlock;             /* every running thread's waves were waiting */
    uint8_t gds[R3_GDS_BYTES];
} r3_sync;

/* Prepares the unit for a dispatch run by `threads` host threads, tracking the ordered-count turns
of `nwaves` waves (0: the kernel has no ordered count); 0 or -1. */
int r3_sync_init(r3_sync *s, uint64_t nwaves, int threads);
void r3_sync_free(r3_sync *s);

/* Records that wave `order` will issue no more ordered counts (it ended or said wave_done), moving
   the ordered-count unit past it and every ended wave after it. Call with the lock held; nothing
   to do when the unit tracks no waves. */
void r3_sync_wave_finished(r3_sync *s, uint64_t order);

/* Marks a change a waiting wave may be waiting for. Call with the lock held. */
void r3_sync_changed(r3_sync *s);

/* A host thread whose waves all wait: sleeps until something changes after `seen` (returns 0), or
   returns -1 when every running thread waits too (a deadlock) or the dispatch stopped. */
int r3_sync_wait(r3_sync *s, uint64_t seen);

/* A host thread that has no workgroups left. */
void r3_sync_thread_done(r3_sync *s);

/* Stops the dispatch (a fault elsewhere): waiting threads return. */
void r3_sync_stop(r3_sync *s);

#endif
