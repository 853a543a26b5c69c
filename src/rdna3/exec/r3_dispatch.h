/* RDNA3 kernel dispatch: the kernarg block with its hidden arguments, the initial SGPRs and VGPR of
   every wave (HSA order, USER_SGPR_COUNT from rsrc2), and the workgroups run on the SIMT core. */
#ifndef WAVESIM_R3_DISPATCH_H
#define WAVESIM_R3_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_device.h"
#include "core/core_mem.h"
#include "core/core_timeline.h"
#include "r3_exec.h"
#include "rdna3/codeobj/r3_loader.h"

typedef struct {
    uint64_t instructions, lane_instructions;
    uint64_t by_class[R3C_COUNT];   /* r3_xclass */
    uint64_t workgroups, waves;
    r3_warnings warn;
} r3_stats;

typedef struct {
    uint32_t global[3], local[3];   /* in work-items; global need not be a multiple of local */
    uint64_t offset[3];
    int dims;
    uint32_t dynamic_lds;           /* bytes of dynamic LDS after the static group segment */
    int threads;                    /* host threads; 0 = all cores */
    const core_device *device;
    uint64_t max_instructions;      /* per workgroup; 0 = the default */
    r3_trace_fn trace;              /* when set: one line per instruction, workgroups in order */
    void *trace_ctx;
    uint8_t align_mode;             /* r3_align_mode */
    uint8_t fast_paths;             /* 0: the reference paths only (ws_options.no_fast_paths) */
    uint8_t translate;              /* with fast_paths: run translated code (r3_jit.h; ws_options.no_translate) */
    /* when set, *timeline receives the dispatch's timeline (also after a fault; the caller frees it) */
    core_timeline **timeline;
} r3_launch;

/* Runs a kernel whose execution form (for its wave size) is `xp`. `kernarg` holds the explicit arguments laid out at their metadata offsets
   (kern->kernarg_size bytes); hidden arguments are filled in here. Returns 0, or -1 with one line. */
int r3_dispatch(const r3_codeobj *co, const r3_xprog *xp, const r3_kernel *kern, core_mem *mem, const uint8_t *kernarg,
                const r3_launch *launch, r3_stats *stats, char *err, size_t errsize);

#endif
