/* The co-resident dispatch's waiting room: threads sleep while their waves wait, and a deadlock is
   told from a pause by counting the threads that wait. */
#include "core_wait.h"

void core_wait_init(core_wait *w)
{
    core_wait_reset(w, 0);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->changed, NULL);
}

void core_wait_reset(core_wait *w, int threads)
{
    w->version = 0;
    w->threads_running = threads;
    w->threads_waiting = 0;
    w->stop = 0;
    w->deadlock = 0;
}

void core_wait_free(core_wait *w)
{
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->changed);
}

void core_wait_changed(core_wait *w)
{
    __atomic_fetch_add(&w->version, 1, __ATOMIC_RELEASE);
    w->threads_waiting = 0; /* woken threads count as running even before they get the lock back */
    pthread_cond_broadcast(&w->changed);
}

uint64_t core_wait_version(const core_wait *w)
{
    return __atomic_load_n(&w->version, __ATOMIC_ACQUIRE);
}

/* Nobody is left to change anything: called with the lock held. */
static void core_wait_check_deadlock(core_wait *w)
{
    if (w->threads_running > 0 && w->threads_waiting == w->threads_running) {
        w->deadlock = 1;
        __atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&w->changed);
    }
}

int core_wait_sleep(core_wait *w, uint64_t seen)
{
    int rc = 0;
    pthread_mutex_lock(&w->lock);
    if (w->version == seen && !w->stop) {
        w->threads_waiting++;
        core_wait_check_deadlock(w);
        while (w->version == seen && !w->stop)
            pthread_cond_wait(&w->changed, &w->lock);
    }
    if (w->stop)
        rc = -1;
    pthread_mutex_unlock(&w->lock);
    return rc;
}

void core_wait_thread_done(core_wait *w)
{
    pthread_mutex_lock(&w->lock);
    w->threads_running--;
    core_wait_check_deadlock(w);
    pthread_mutex_unlock(&w->lock);
}

void core_wait_stop(core_wait *w)
{
    pthread_mutex_lock(&w->lock);
    __atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
}

int core_wait_stopped(const core_wait *w)
{
    return __atomic_load_n(&w->stop, __ATOMIC_RELAXED);
}
