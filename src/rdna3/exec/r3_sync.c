/* GWS, ordered count and GDS state of one dispatch, with the bookkeeping that lets host threads
   sleep while their waves wait and tells a deadlock (every resident wave waiting) from a pause. */
#include "r3_sync.h"

#include <stdlib.h>
#include <string.h>

int r3_sync_init(r3_sync *s, uint64_t nwaves, int threads)
{
    memset(s, 0, sizeof *s);
    s->ended = nwaves ? calloc(nwaves, 1) : NULL;
    if (nwaves && !s->ended)
        return -1;
    s->nwaves = nwaves;
    s->threads_running = threads;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->changed, NULL);
    return 0;
}

void r3_sync_free(r3_sync *s)
{
    free(s->ended);
    s->ended = NULL;
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->changed);
}

void r3_sync_changed(r3_sync *s)
{
    __atomic_fetch_add(&s->version, 1, __ATOMIC_RELEASE);
    s->threads_waiting = 0; /* woken threads count as running even before they get the lock back */
    pthread_cond_broadcast(&s->changed);
}

void r3_sync_wave_finished(r3_sync *s, uint64_t order)
{
    if (!s->ended || order >= s->nwaves || s->ended[order])
        return;
    s->ended[order] = 1;
    while (s->ordered_next < s->nwaves && s->ended[s->ordered_next])
        s->ordered_next++;
    r3_sync_changed(s);
}

int r3_sync_wait(r3_sync *s, uint64_t seen)
{
    int rc = 0;
    pthread_mutex_lock(&s->lock);
    if (s->version == seen && !s->stop) {
        s->threads_waiting++;
        if (s->threads_waiting == s->threads_running) { /* nobody is left to change anything */
            s->deadlock = 1;
            __atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
            pthread_cond_broadcast(&s->changed);
        }
        while (s->version == seen && !s->stop)
            pthread_cond_wait(&s->changed, &s->lock);
    }
    if (s->stop)
        rc = -1;
    pthread_mutex_unlock(&s->lock);
    return rc;
}

void r3_sync_thread_done(r3_sync *s)
{
    pthread_mutex_lock(&s->lock);
    s->threads_running--;
    if (s->threads_running > 0 && s->threads_waiting == s->threads_running) {
        s->deadlock = 1;
            __atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&s->changed);
    }
    pthread_mutex_unlock(&s->lock);
}

void r3_sync_stop(r3_sync *s)
{
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}
