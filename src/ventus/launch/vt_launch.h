/* Ventus launches: the `.metadata`/`.data` test-vector pair (reference 3.1), device memory with the
   Ventus memory map (LDS window 0x70000000, code 0x80000000, buffers from 0x90000000), and the
   dispatch of a launch's workgroups on host threads. */
#ifndef WAVESIM_VT_LAUNCH_H
#define WAVESIM_VT_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_mem.h"
#include "core/core_timeline.h"
#include "ventus/exec/vt_exec.h"

#define VT_MAX_BUFFERS 64

/* One launch as the metadata file describes it. */
typedef struct {
    uint64_t start_pc, kernel_id, kernel_size[3], wf_size, wg_size, knl_base, lds_size, pds_size, sgpr, vgpr,
        pds_base;
    uint32_t nbuf;
    uint64_t base[VT_MAX_BUFFERS], size[VT_MAX_BUFFERS], alloc[VT_MAX_BUFFERS];
    int has_pc;            /* 0: the older layout without the start-PC field */
    /* the newer layout (48 words before the buffer table, ventus-2025.md: the 90-word vecadd_0_full
       form): the NDRange of the launch; has_ndrange 0 for the older layouts */
    int has_ndrange;
    uint64_t work_dim, nthread_global[3], nthread_local[3], tid_offset[3];
} vt_meta;

/* Parses metadata text (one hex u32 per line, u64 fields low word first; the three layouts: 26, 28
   or 48 words before the buffer table). */
int vt_meta_parse(const char *text, vt_meta *m, char *err, size_t errsize);

/* Parses data text into words (malloc'ed). */
int vt_data_parse(const char *text, uint32_t **words, size_t *nwords, char *err, size_t errsize);

typedef struct {
    uint64_t instructions, lane_instructions, workgroups, warps;
    uint64_t class_count[VT_CLS_COUNT];
    double seconds;
} vt_stats;

/* Called after each instruction while tracing (workgroups then run one at a time, in order). */
typedef void (*vt_commit_fn)(void *ctx, const vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in);

typedef struct {
    int threads;                 /* 0: all host cores */
    uint64_t max_instructions;   /* per workgroup; 0: default */
    vt_commit_fn trace;
    void *trace_ctx;
    /* device printf text of each workgroup, handed over in workgroup order after the launch */
    void (*print)(void *ctx, const char *text, size_t len);
    void *print_ctx;
    /* when set, *timeline receives the launch's timeline (also after a fault; the caller frees it) */
    core_timeline **timeline;
    int no_fast_paths;           /* the reference paths only: every vector register cleared per
                                    workgroup, memory accessed lane by lane through the general path */
} vt_run_options;

/* Writes the launch's buffers from `data` (allocating what is missing, keeping earlier contents
   of memory otherwise) and runs its workgroups to completion. Returns 0, or -1 with one line. */
int vt_launch_run(core_mem *mem, const vt_meta *m, const uint32_t *data, size_t nwords, const vt_run_options *o,
                  vt_stats *stats, char *err, size_t errsize);

/* A launch from values (the driver API): `m` with no buffers to load. */
int vt_launch_dispatch(core_mem *mem, const vt_meta *m, const vt_run_options *o, vt_stats *stats, char *err,
                       size_t errsize);

/* Makes sure [base, base+size) is device memory. An allocation that holds the range is kept (with
   its contents); otherwise the allocations the range overlaps are released (the Ventus runtime
   reuses freed addresses) and a new zeroed one is made, rounded up to whole 4 KiB pages like the
   reference device's but stopping at the next allocation. Returns 0, or -1 when out of memory. */
int vt_mem_ensure(core_mem *mem, uint64_t base, uint64_t size);

#endif
