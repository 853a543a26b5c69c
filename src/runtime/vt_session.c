/* Ventus sessions (vt_session_* in ventus.h): launches from .metadata/.data texts, or of a user's
   kernel file as pocl's Ventus device makes them, in order on one memory, with the spike-format
   trace and the timeline. */
#include "wavesim/ventus.h"

#include <stdlib.h>
#include <string.h>

#include "core/core_device.h"
#include "core/core_mem.h"
#include "core/core_timeline.h"
#include "ventus/exec/vt_trace.h"
#include "ventus/launch/vt_launch.h"
#include "ventus/launch/vt_ndrange.h"

enum { VT_SESSION_MAX_LAUNCHES = 128 };

struct vt_session {
    vt_session_options opt;
    core_mem mem;
    vt_heap heap;               /* buffers of kernel runs */
    uint8_t *elf;               /* the kernel file loaded (for its symbols) */
    size_t elf_size;
    uint32_t entry, code_bytes;
    vt_stats stats;
    core_timeline *timelines[VT_SESSION_MAX_LAUNCHES];
    int launches;
};

_Static_assert((int)VT_SESSION_CLASSES == (int)VT_CLS_COUNT, "the public class count is the executor's");

static void vt_session_commit(void *ctx, const vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in)
{
    const vt_session *s = ctx;
    char line[8192];
    size_t n = vt_spike_format(g, w, pc, in, line, sizeof line);
    s->opt.trace(s->opt.trace_ctx, line, n < sizeof line ? n : sizeof line - 1);
}

static void vt_session_print(void *ctx, const char *text, size_t len)
{
    const vt_session *s = ctx;
    if (s->opt.print)
        s->opt.print(s->opt.print_ctx, text, len);
}

vt_session *vt_session_new(const vt_session_options *options)
{
    vt_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (options)
        s->opt = *options;
    core_mem_init(&s->mem);
    s->heap.mem = &s->mem;
    s->heap.next = VT_ALLOC_BASE;
    return s;
}

/* What every launch of the session runs with: threads, budget, printf, trace, its timeline slot. */
static void vt_session_run_options(vt_session *s, vt_run_options *o)
{
    memset(o, 0, sizeof *o);
    o->threads = s->opt.threads;
    o->max_instructions = s->opt.max_instructions;
    o->no_fast_paths = s->opt.no_fast_paths;
    o->print = vt_session_print;
    o->print_ctx = s;
    if (s->opt.trace) {
        o->trace = vt_session_commit;
        o->trace_ctx = s;
    }
    o->timeline = s->opt.timeline ? &s->timelines[s->launches] : NULL;
}

int vt_session_launch(vt_session *s, const char *metadata, const char *data, const char **which, char *err,
                      size_t errsize)
{
    vt_meta m;
    uint32_t *words = NULL;
    size_t nwords = 0;
    *which = "metadata";
    if (s->launches == VT_SESSION_MAX_LAUNCHES) {
        snprintf(err, errsize, "more than %d launches", VT_SESSION_MAX_LAUNCHES);
        return -1;
    }
    if (vt_meta_parse(metadata, &m, err, errsize))
        return -1;
    *which = "data";
    if (vt_data_parse(data, &words, &nwords, err, errsize))
        return -1;
    *which = "run";
    vt_run_options o;
    vt_session_run_options(s, &o);
    int rc = vt_launch_run(&s->mem, &m, words, nwords, &o, &s->stats, err, errsize);
    free(words);
    s->launches++; /* also when it faulted: its timeline shows where */
    return rc;
}

int vt_session_load_elf(vt_session *s, const void *image, size_t size, char *err, size_t errsize)
{
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        return snprintf(err, errsize, "out of memory"), -1;
    memcpy(copy, image, size);
    if (vt_load_elf(&s->mem, copy, size, &s->entry, &s->code_bytes, err, errsize)) {
        free(copy);
        return -1;
    }
    free(s->elf);
    s->elf = copy;
    s->elf_size = size;
    return 0;
}

uint64_t vt_session_alloc(vt_session *s, uint64_t size)
{
    return vt_heap_alloc(&s->heap, size);
}

int vt_session_write(vt_session *s, uint64_t addr, const void *data, size_t size)
{
    uint8_t *p = addr <= 0xffffffffu ? core_mem_ptr(&s->mem, addr, size) : NULL;
    if (!p)
        return -1;
    memcpy(p, data, size);
    return 0;
}

int vt_session_kernel(vt_session *s, const vt_kernel_launch *k, char *err, size_t errsize)
{
    if (!s->elf)
        return snprintf(err, errsize, "no kernel file loaded"), -1;
    if (s->launches == VT_SESSION_MAX_LAUNCHES)
        return snprintf(err, errsize, "more than %d launches", VT_SESSION_MAX_LAUNCHES), -1;
    vt_ndrange r;
    memset(&r, 0, sizeof r);
    r.start_pc = s->entry;
    r.code_bytes = s->code_bytes;
    if (vt_elf_symbol(s->elf, s->elf_size, k->kernel, &r.entry, err, errsize))
        return -1;
    if (vt_ndrange_shape(&r, k->work_dim, k->global, k->local, k->offset, err, errsize))
        return -1;
    r.threads_per_warp = k->threads_per_warp;
    uint64_t args = vt_heap_alloc(&s->heap, k->args_size ? k->args_size : 4);
    if (!args || (k->args_size && vt_session_write(s, args, k->args, k->args_size)))
        return snprintf(err, errsize, "device memory exhausted (the argument buffer)"), -1;
    r.arg_base = (uint32_t)args;
    vt_meta m;
    if (vt_ndrange_prepare(&s->heap, &r, &m, err, errsize))
        return -1;
    vt_run_options o;
    vt_session_run_options(s, &o);
    int rc = vt_launch_dispatch(&s->mem, &m, &o, &s->stats, err, errsize);
    s->launches++;
    return rc;
}

const void *vt_session_memory(vt_session *s, uint32_t addr, uint32_t size)
{
    return core_mem_ptr(&s->mem, addr, size);
}

void vt_session_stats_get(const vt_session *s, vt_session_stats *stats)
{
    stats->instructions = s->stats.instructions;
    stats->lane_instructions = s->stats.lane_instructions;
    stats->workgroups = s->stats.workgroups;
    stats->warps = s->stats.warps;
    memcpy(stats->class_count, s->stats.class_count, sizeof stats->class_count);
    stats->seconds = s->stats.seconds;
}

const char *vt_session_class_name(int cls)
{
    static const char *const names[VT_CLS_COUNT] = {"alu", "branch", "scalar-mem", "atomic", "fpu", "other",
                                                    "valu", "vmem", "simt"};
    return cls >= 0 && cls < VT_CLS_COUNT ? names[cls] : "?";
}

int vt_session_timeline(const vt_session *s, int (*fn)(void *ctx, const char *text, size_t len), void *ctx)
{
    const core_timeline *ran[VT_SESSION_MAX_LAUNCHES];
    int n = 0;
    while (n < s->launches && s->timelines[n]) {
        ran[n] = s->timelines[n];
        n++;
    }
    core_device dev = {2, 1, 65536};
    return core_timeline_write(ran, n, &dev, "ventus", "warp", fn, ctx) ? -1 : 0;
}

void vt_session_free(vt_session *s)
{
    if (!s)
        return;
    for (int i = 0; i < VT_SESSION_MAX_LAUNCHES; i++)
        core_timeline_free(s->timelines[i]);
    core_mem_free_all(&s->mem);
    free(s->elf);
    free(s);
}
