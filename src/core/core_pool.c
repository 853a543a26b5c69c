/* Thread pool over work items with an atomic item counter and deterministic failure reporting. */
#define _POSIX_C_SOURCE 200809L
#include "core_pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
    core_item_fn fn;
    void *ctx;
    uint64_t n;
    uint64_t next;           /* atomic */
    uint64_t first_failed;   /* atomic minimum */
} core_pool;

typedef struct {
    core_pool *pool;
    int thread;
} core_worker;

static void *core_worker_main(void *arg)
{
    core_worker *wk = arg;
    core_pool *p = wk->pool;
    for (;;) {
        uint64_t item = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED);
        /* items past a failure need not run: the failure is already the lowest such item or lower */
        if (item >= p->n || item > __atomic_load_n(&p->first_failed, __ATOMIC_RELAXED))
            break;
        if (p->fn(p->ctx, item, wk->thread)) {
            uint64_t cur = __atomic_load_n(&p->first_failed, __ATOMIC_RELAXED);
            while (item < cur && !__atomic_compare_exchange_n(&p->first_failed, &cur, item, 1, __ATOMIC_RELAXED,
                                                              __ATOMIC_RELAXED))
                ;
        }
    }
    return NULL;
}

int core_pool_run(uint64_t n, int nthreads, core_item_fn fn, void *ctx, uint64_t *failed)
{
    core_pool p = {fn, ctx, n, 0, UINT64_MAX};
    if (nthreads < 1)
        nthreads = 1;
    if ((uint64_t)nthreads > n)
        nthreads = n ? (int)n : 1;
    pthread_t *tids = nthreads > 1 ? calloc((size_t)nthreads, sizeof *tids) : NULL;
    core_worker *wks = calloc((size_t)nthreads, sizeof *wks);
    if (!wks || (nthreads > 1 && !tids)) {
        free(tids);
        free(wks);
        nthreads = 1;
        core_worker one = {&p, 0};
        core_worker_main(&one);
    } else {
        int started = 0;
        for (int t = 0; t < nthreads; t++) {
            wks[t] = (core_worker){&p, t};
            if (t > 0 && pthread_create(&tids[t], NULL, core_worker_main, &wks[t]) == 0)
                started = t;
            else if (t > 0)
                break;
        }
        core_worker_main(&wks[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tids[t], NULL);
        free(tids);
        free(wks);
    }
    if (p.first_failed != UINT64_MAX) {
        if (failed)
            *failed = p.first_failed;
        return -1;
    }
    return 0;
}

int core_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
