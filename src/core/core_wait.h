/* Where the host threads of a co-resident dispatch wait: a thread whose waves all wait on something
   another workgroup does sleeps until a change; when every thread still running waits, nothing can
   change any more, which is a deadlock. The state the waves wait on (an ISA's GWS, counters...) is
   changed under `lock` and announced with core_wait_changed. */
#ifndef WAVESIM_CORE_WAIT_H
#define WAVESIM_CORE_WAIT_H

#include <pthread.h>
#include <stdint.h>

typedef struct core_wait {
    pthread_mutex_t lock;
    pthread_cond_t changed;   /* broadcast on every change a waiting wave may need */
    uint64_t version;         /* bumped with every such change */
    int threads_running, threads_waiting;
    int stop;                 /* a fault or a deadlock: every thread leaves */
    int deadlock;             /* every running thread's waves were waiting */
} core_wait;

/* Made by whoever owns the waited-for state (its lock is that state's); the dispatcher sets the
   thread count (core_wait_reset) when a co-resident dispatch starts. */
void core_wait_init(core_wait *w);
void core_wait_free(core_wait *w);
void core_wait_reset(core_wait *w, int threads);

/* Marks a change a waiting wave may be waiting for. Call with the lock held. */
void core_wait_changed(core_wait *w);

/* The version a thread saw before it ran its waves (what core_wait_sleep compares with). */
uint64_t core_wait_version(const core_wait *w);

/* A host thread whose waves all wait: sleeps until something changes after `seen` (returns 0), or
   returns -1 when every running thread waits too (a deadlock: w->deadlock) or the dispatch stopped. */
int core_wait_sleep(core_wait *w, uint64_t seen);

/* A host thread that has no workgroups left. */
void core_wait_thread_done(core_wait *w);

/* Stops the dispatch (a fault elsewhere): waiting threads return. */
void core_wait_stop(core_wait *w);
/* Whether the dispatch stopped. */
int core_wait_stopped(const core_wait *w);

#endif
