/* The dispatch timeline: per-workgroup records kept while the dispatch runs, and the Chrome trace
   laid out from them afterwards (see core_timeline.h for the time model). */
#include "core_timeline.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TL_MAX_GROUPS (1ull << 22)
#define TL_MAX_ARRIVALS 65536 /* per workgroup; beyond it the group's barrier waits are not drawn */

typedef struct {
    uint32_t wave;
    uint64_t count;
} tl_arrival;

typedef struct {
    uint32_t id[3];
    int nwaves, started, overflow;
    tl_arrival *arr;
    uint32_t narr, cap;
    int fault_wave;
    uint64_t fault_count;
    char *fault_msg;
} tl_group;

struct core_timeline {
    uint64_t ngroups;
    int wpg;
    tl_group *groups;
    uint64_t *ends; /* ngroups x wpg instruction counts */
};

core_timeline *core_timeline_new(uint64_t groups, int waves_per_group, char *err, size_t errsize)
{
    if (groups > TL_MAX_GROUPS) {
        snprintf(err, errsize, "a timeline holds at most %llu workgroups; this dispatch has %llu",
                 (unsigned long long)TL_MAX_GROUPS, (unsigned long long)groups);
        return NULL;
    }
    core_timeline *t = calloc(1, sizeof *t);
    if (t) {
        t->ngroups = groups;
        t->wpg = waves_per_group > 0 ? waves_per_group : 1;
        t->groups = calloc(groups ? groups : 1, sizeof *t->groups);
        t->ends = calloc((groups ? groups : 1) * (uint64_t)t->wpg, sizeof *t->ends);
    }
    if (!t || !t->groups || !t->ends) {
        core_timeline_free(t);
        snprintf(err, errsize, "out of memory for the timeline");
        return NULL;
    }
    return t;
}

void core_timeline_free(core_timeline *t)
{
    if (!t)
        return;
    for (uint64_t i = 0; t->groups && i < t->ngroups; i++) {
        free(t->groups[i].arr);
        free(t->groups[i].fault_msg);
    }
    free(t->groups);
    free(t->ends);
    free(t);
}

static tl_group *tl_at(core_timeline *t, uint64_t item, int wave)
{
    return t && item < t->ngroups && wave >= 0 && wave < t->wpg ? &t->groups[item] : NULL;
}

void core_timeline_group(core_timeline *t, uint64_t item, const uint32_t id[3], int nwaves)
{
    tl_group *g = tl_at(t, item, 0);
    if (!g)
        return;
    memcpy(g->id, id, sizeof g->id);
    g->nwaves = nwaves < t->wpg ? nwaves : t->wpg;
    g->started = 1;
    g->fault_wave = -1;
}

void core_timeline_barrier(core_timeline *t, uint64_t item, int wave, uint64_t count)
{
    tl_group *g = tl_at(t, item, wave);
    if (!g || g->overflow)
        return;
    if (g->narr == g->cap) {
        uint32_t cap = g->cap ? g->cap * 2 : 16;
        tl_arrival *a = cap <= TL_MAX_ARRIVALS ? realloc(g->arr, cap * sizeof *a) : NULL;
        if (!a) { /* too many (or no memory): this group is drawn without its barrier waits */
            g->overflow = 1;
            return;
        }
        g->arr = a;
        g->cap = cap;
    }
    g->arr[g->narr++] = (tl_arrival){(uint32_t)wave, count};
}

void core_timeline_wave_end(core_timeline *t, uint64_t item, int wave, uint64_t count)
{
    if (tl_at(t, item, wave))
        t->ends[item * (uint64_t)t->wpg + (uint64_t)wave] = count;
}

void core_timeline_stop_at(core_timeline *t, uint64_t item)
{
    for (uint64_t i = item + 1; t && i < t->ngroups; i++)
        t->groups[i].started = 0;
}

void core_timeline_fault(core_timeline *t, uint64_t item, int wave, uint64_t count, const char *msg)
{
    tl_group *g = tl_at(t, item, wave);
    if (!g || g->fault_msg)
        return;
    g->fault_wave = wave;
    g->fault_count = count;
    size_t n = strlen(msg ? msg : "");
    g->fault_msg = malloc(n + 1);
    if (g->fault_msg)
        memcpy(g->fault_msg, msg ? msg : "", n + 1);
}

/* ---- writing ---- */

typedef struct {
    core_timeline_write_fn fn;
    void *ctx;
    char buf[65536];
    size_t len;
    int failed, first;
} tl_out;

static void tl_flush(tl_out *o)
{
    if (!o->failed && o->len && o->fn(o->ctx, o->buf, o->len))
        o->failed = 1;
    o->len = 0;
}

static void tl_put(tl_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tl_put(tl_out *o, const char *fmt, ...)
{
    if (sizeof o->buf - o->len < 1024)
        tl_flush(o);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->len, sizeof o->buf - o->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n < sizeof o->buf - o->len ? (size_t)n : sizeof o->buf - o->len - 1;
}

/* Starts the next event of the traceEvents array. */
static void tl_event(tl_out *o)
{
    tl_put(o, o->first ? "\n" : ",\n");
    o->first = 0;
}

/* A JSON string (quotes included), at most 400 characters of s. */
static void tl_string(tl_out *o, const char *s)
{
    char q[2048];
    size_t n = 0;
    q[n++] = '"';
    for (size_t i = 0; s[i] && i < 400; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            q[n++] = '\\';
            q[n++] = (char)c;
        } else if (c < 0x20) {
            n += (size_t)snprintf(q + n, sizeof q - n, "\\u%04x", c);
        } else {
            q[n++] = (char)c;
        }
    }
    q[n++] = '"';
    q[n] = 0;
    tl_put(o, "%s", q);
}

/* Lays out one workgroup starting at `start`: wave spans, barrier waits and its fault; returns the
   time its last wave ends. */
static uint64_t tl_group_events(tl_out *o, const core_timeline *t, int launch, uint64_t item, int cu, int tid0,
                                uint64_t start, const char *unit, uint64_t *clock, uint64_t *done, uint32_t *next)
{
    const tl_group *g = &t->groups[item];
    const uint64_t *ends = t->ends + item * (uint64_t)t->wpg;
    int n = g->nwaves;
    for (int w = 0; w < n; w++) {
        clock[w] = start;
        done[w] = 0;
        next[w] = 0;
    }
    /* barrier k releases every wave that reaches it when the last of them arrives */
    if (!g->overflow) {
        for (uint32_t k = 0;; k++) {
            uint64_t release = 0;
            int any = 0;
            for (int w = 0; w < n; w++) {
                /* wave w's k-th arrival: scan on from where its previous one was */
                while (next[w] < g->narr && g->arr[next[w]].wave != (uint32_t)w)
                    next[w]++;
                if (next[w] >= g->narr)
                    continue;
                uint64_t arrive = clock[w] + (g->arr[next[w]].count - done[w]);
                release = arrive > release ? arrive : release;
                any = 1;
            }
            if (!any)
                break;
            for (int w = 0; w < n; w++) {
                if (next[w] >= g->narr)
                    continue;
                uint64_t arrive = clock[w] + (g->arr[next[w]].count - done[w]);
                if (release > arrive) {
                    tl_event(o);
                    tl_put(o, "{\"name\":\"barrier wait\",\"cat\":\"barrier\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,"
                              "\"ts\":%llu,\"dur\":%llu,\"args\":{\"barrier\":%u}}",
                           cu, tid0 + w,
                           (unsigned long long)arrive, (unsigned long long)(release - arrive), k);
                }
                done[w] = g->arr[next[w]].count;
                clock[w] = release;
                next[w]++;
            }
        }
    }
    uint64_t end = start;
    for (int w = 0; w < n; w++) {
        uint64_t count = ends[w];
        uint64_t stop = clock[w] + (count > done[w] ? count - done[w] : 0);
        end = stop > end ? stop : end;
        tl_event(o);
        tl_put(o, "{\"name\":\"wg(%u,%u,%u) %s %d\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%llu,"
                  "\"dur\":%llu,\"args\":{\"workgroup\":[%u,%u,%u],\"%s\":%d,\"instructions\":%llu,\"launch\":%d}}",
               g->id[0], g->id[1], g->id[2], unit, w, unit, cu,
               tid0 + w, (unsigned long long)start,
               (unsigned long long)(stop - start), g->id[0], g->id[1], g->id[2], unit, w, (unsigned long long)count, launch);
        if (g->fault_msg && g->fault_wave == w) {
            tl_event(o);
            tl_put(o, "{\"name\":\"fault\",\"cat\":\"fault\",\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%d,"
                      "\"ts\":%llu,\"args\":{\"message\":",
                   cu, tid0 + w,
                   (unsigned long long)stop);
            tl_string(o, g->fault_msg);
            tl_put(o, "}}");
        }
    }
    return end;
}

int core_timeline_write(const core_timeline *const *ts, int n, const core_device *dev, const char *isa,
                        const char *unit, core_timeline_write_fn fn, void *ctx)
{
    int cus = dev->compute_units > 0 ? dev->compute_units : 1;
    int slots = dev->groups_per_cu > 0 ? dev->groups_per_cu : 1;
    int wpg = 1;
    for (int k = 0; k < n; k++)
        wpg = ts[k]->wpg > wpg ? ts[k]->wpg : wpg;
    tl_out *o = calloc(1, sizeof *o);
    uint64_t *free_at = calloc((size_t)cus * (size_t)slots, sizeof *free_at);
    uint8_t *named = calloc((size_t)cus * (size_t)slots, 1);
    uint64_t *clock = calloc((size_t)wpg, sizeof *clock), *done = calloc((size_t)wpg, sizeof *done);
    uint32_t *next = calloc((size_t)wpg, sizeof *next);
    int rc = -1;
    if (!o || !free_at || !named || !clock || !done || !next)
        goto out;
    o->fn = fn;
    o->ctx = ctx;
    o->first = 1;
    tl_put(o, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"isa\":");
    tl_string(o, isa);
    tl_put(o, ",\"time\":\"instructions issued by each %s (one per unit; not cycles)\",\"compute_units\":%d,"
              "\"workgroups_per_compute_unit\":%d,\"launches\":%d},\"traceEvents\":[",
           unit, cus, slots, n);
    uint64_t launch_start = 0;
    for (int k = 0; k < n; k++) {
        const core_timeline *t = ts[k];
        uint64_t launch_end = launch_start;
        for (size_t i = 0; i < (size_t)cus * (size_t)slots; i++)
            free_at[i] = launch_start;
        for (uint64_t item = 0; item < t->ngroups; item++) {
            const tl_group *g = &t->groups[item];
            if (!g->started)
                continue; /* never ran: the dispatch stopped at an earlier fault */
            int cu = (int)(item % (uint64_t)cus), slot = 0;
            uint64_t *f = free_at + (size_t)cu * (size_t)slots;
            for (int s = 1; s < slots; s++)
                if (f[s] < f[slot])
                    slot = s;
            if (!named[(size_t)cu * (size_t)slots + (size_t)slot]) {
                if (!named[(size_t)cu * (size_t)slots]) {
                    tl_event(o);
                    tl_put(o, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"compute unit %d\"}}",
                           cu, cu);
                    tl_event(o);
                    tl_put(o, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"sort_index\":%d}}",
                           cu, cu);
                }
                for (int w = 0; w < wpg; w++) {
                    tl_event(o);
                    tl_put(o, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%llu,\"args\":{\"name\":"
                              "\"slot %d %s %d\"}}",
                           cu, (unsigned long long)slot * (unsigned long long)wpg + (unsigned long long)w, slot, unit, w);
                }
                named[(size_t)cu * (size_t)slots + (size_t)slot] = 1;
            }
            f[slot] = tl_group_events(o, t, k, item, cu, slot * wpg, f[slot], unit, clock, done, next);
            launch_end = f[slot] > launch_end ? f[slot] : launch_end;
        }
        launch_start = launch_end;
    }
    tl_put(o, "\n]}\n");
    tl_flush(o);
    rc = o->failed ? -1 : 0;
out:
    free(o);
    free(free_at);
    free(named);
    free(clock);
    free(done);
    free(next);
    return rc;
}
