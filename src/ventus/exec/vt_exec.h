/* The Ventus SIMT executor: warps of 4..32 lanes with 64 scalar and 256 vector registers, the SIMT
   stack of reference 1.4, and a workgroup run in the round-robin schedule (one instruction per warp
   per turn, spike's INTERLEAVE=1; vt_group_turns). The workgroup and its barrier are the SIMT core's
   (src/core/core_simt.h). */
#ifndef WAVESIM_VT_EXEC_H
#define WAVESIM_VT_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_mem.h"
#include "core/core_simt.h"
#include "ventus/codec/vt_isa.h"

#define VT_LDS_BASE 0x70000000u
#define VT_LDS_WINDOW 0x10000000u /* the LDS region of the Ventus memory map */
#define VT_LDS_PAGE_BITS 12
#define VT_LDS_DIR_BITS 8 /* pages per directory: 2^8 */
#define VT_LDS_KEEP_PAGES 64 /* LDS pages a workgroup slot keeps zeroed for the next one (256 KiB) */
#define VT_LDS_DIRS (VT_LDS_WINDOW >> (VT_LDS_PAGE_BITS + VT_LDS_DIR_BITS))
#define VT_NUM_XREGS 64
#define VT_NUM_VREGS 256
#define VT_SCRATCH_REGS 3 /* rows past the architectural registers for modified operands */
#define VT_MAX_LANES 32
#define VT_SIMT_DEPTH 1024

/* Custom CSR numbers (reference 1.8). */
enum {
    VT_CSR_TID = 0x800, VT_CSR_NUMW, VT_CSR_NUMT, VT_CSR_KNL, VT_CSR_WGID, VT_CSR_WID, VT_CSR_LDS, VT_CSR_PDS,
    VT_CSR_GIDX, VT_CSR_GIDY, VT_CSR_GIDZ, VT_CSR_PRINT, VT_CSR_RPC,
    /* per-lane (read with csrrsv; ventus-gpgpu threadIdx branch) and the 2025 scalar ones */
    VT_CSR_GLOBAL_ID_X, VT_CSR_GLOBAL_ID_Y, VT_CSR_GLOBAL_ID_Z, VT_CSR_GLOBAL_LINEAR_ID,
    VT_CSR_LOCAL_ID_X, VT_CSR_LOCAL_ID_Y, VT_CSR_LOCAL_ID_Z, VT_CSR_GDS
};

struct vt_group;
struct vt_warp;
typedef int (*vt_exec_fn)(struct vt_group *g, struct vt_warp *w, const vt_inst *in);

/* What the fetch loop needs of instruction i besides the instruction, found once when the code is
   built. */
typedef struct {
    vt_exec_fn fn;                    /* its instruction function when it runs as it is (a valid
                                         instruction without a pair or modifier prefix and with
                                         x0-x63 only); NULL: the fetch loop's checked path */
    uint8_t cls;                      /* its statistics class (vt_class) */
    uint8_t xbad;                     /* it names a scalar register above x63 (a REGEXT prefix) */
    uint8_t lanes;                    /* its class counts lane-instructions (vector ALU and memory) */
} vt_xinst;

/* A predecoded code region: instruction i is at base + 4i. */
typedef struct {
    uint32_t base;
    uint32_t count;
    vt_inst *insts;
    vt_xinst *xs;                     /* per word, beside insts */
} vt_code;

typedef struct {
    uint32_t r_pc, else_pc, else_mask;
} vt_simt_entry;

typedef struct vt_warp {
    core_wave core;                   /* state, warp id (core.id), barrier generation and instruction
                                         count (barrier re-executions while waiting excluded) */
    uint32_t pc, npc;
    uint32_t x[VT_NUM_XREGS + VT_SCRATCH_REGS]; /* + scratch for the prefix modifiers (vt_pair.c) */
    uint32_t *v;                      /* VT_NUM_VREGS (+ VT_SCRATCH_REGS) rows of numt lanes */
    uint32_t vrows;                   /* rows [0, vrows) may be nonzero, the others are zero: vt_vreg
                                         (every access to a row) raises it, so that a reset clears only
                                         the rows a workgroup touched */
    uint32_t mask;                    /* SIMT active-lane mask */
    vt_simt_entry *stack;
    int depth;
    uint32_t rpc, vl, vtype, vstart, vxsat, fflags, frm, mstatus, mtvec, mscratch, print;
    uint32_t resv, resv_val;          /* lr.w's reservation: the word's address | 1 (0: none), its value */
    uint8_t sub_wait;                 /* waits at a sub-group barrier (vt_sync25.c) for generation sub_gen */
    uint32_t sub_gen;
} vt_warp;

/* One register or memory write, recorded for traces. */
typedef struct {
    enum { VT_W_X, VT_W_V, VT_W_CSR, VT_W_LOAD, VT_W_STORE, VT_W_SIMT } kind;
    uint32_t index, addr, value, size;
} vt_write;

/* What one workgroup sees; shared by its warps. */
typedef struct vt_group {
    const vt_code *code;
    core_mem *mem;
    uint8_t **lds_pages[VT_LDS_DIRS]; /* the LDS window in 4 KiB pages, made (zeroed) on first touch */
    uint8_t **lds_made;               /* the pages made, in order: with the fast paths a workgroup's end
                                         zeroes them for the next workgroup of the slot instead of
                                         freeing them */
    uint32_t nlds_made, lds_made_cap;
    uint32_t lds_size;
    uint32_t numw, numt;
    uint32_t csr_knl, csr_pds, wgid, gid[3];
    uint32_t pds_size;                /* private bytes per thread (the 2025 per-warp private layout) */
    /* the launch's NDRange when its metadata gave one (the 48-word layout): threads per dimension of
       the grid and of a workgroup, the global id offset; otherwise read from the kernel metadata
       buffer (seed 003 KNL_* fields) */
    int has_ndrange;
    uint32_t nd_global[3], nd_local[3], nd_offset[3];
    uint32_t ksize[3];                /* workgroups per dimension */
    uint32_t *sub_gen, *sub_count;    /* per group of warps: completed sub-barriers, warps arrived */
    vt_warp *warps;
    core_wave **wave_ptrs;            /* each warp's core part, for the core's group */
    core_group *core;                 /* the workgroup on the SIMT core: barrier, budget, printed text */
    uint64_t instructions;            /* issued in this workgroup (the cycle and instret CSRs) */
    /* the first fault: which warp, where, why */
    int faulted;
    uint32_t fault_warp, fault_pc;
    char fault[160];
    /* tracing (slow path): writes of the current instruction */
    int tracing;
    int fast_paths;                   /* the speed tricks on (vt_run_options.no_fast_paths unset) */
    int fast32;                       /* fast paths and 32 threads a warp: lane loops over a constant
                                         32 lanes, which the compiler vectorizes (vt_ops.h) */
    vt_write *writes;
    int nwrites, writes_cap;
    void (*on_commit)(void *ctx, const struct vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in);
    void *trace_ctx;
    /* the last allocation a lookup hit (speeds up runs of accesses to one buffer) */
    const core_alloc *last;
} vt_group;

extern const vt_exec_fn vt_exec_table[VT_OP_COUNT];

/* Predecodes [base, base+bytes) of memory image `data`, applying REGEXT/REGEXTI prefixes to the
   instruction after each. Returns 0, or -1 when out of memory. */
int vt_code_build(vt_code *code, uint32_t base, const uint8_t *data, uint32_t bytes);
void vt_code_free(vt_code *code);

/* Makes room for numw warps of numt lanes (registers and SIMT stacks); 0, or -1 when out of memory
   (vt_group_free frees what was made). */
int vt_group_alloc(vt_group *g, uint32_t numw, uint32_t numt);
/* Starts a workgroup on g's warps: registers zero, pc = start, what spike's boot ROM leaves in x5,
   x10 and x11, no fault, an empty LDS window. */
void vt_group_reset(vt_group *g, uint32_t start_pc);
/* Empties the LDS window the workgroup touched: its pages zeroed for the next workgroup (fast paths) or
   freed. */
void vt_group_lds_clear(vt_group *g);
void vt_group_free(vt_group *g);

/* Runs the workgroup to its end in turns, the reference simulator's round robin: in each turn every
   warp not done executes one instruction, in warp order (a waiting warp executes its barrier again),
   counted into st. Returns 0, or -1 on a fault (g->fault; the warp's index in *fault_warp), also
   when the workgroup's instruction budget is spent. */
int vt_group_turns(vt_group *g, core_stats *st, int *fault_warp);

/* Records a fault (the first one wins); returns -1 so executors can `return vt_fault(...)`. */
int vt_fault(vt_group *g, const vt_warp *w, const char *fmt, ...);

/* Host pointer for `len` bytes at device address `addr` (LDS window or a memory allocation); NULL
   when outside both. */
uint8_t *vt_mem_at(vt_group *g, uint32_t addr, uint32_t len);

/* Trace recording (only when g->tracing). */
void vt_record(vt_group *g, int kind, uint32_t index, uint32_t addr, uint32_t value, uint32_t size);

static inline uint32_t *vt_vreg(const vt_group *g, const vt_warp *w, unsigned r)
{
    if (r >= w->vrows) /* (warps are never const objects: the callers that only read hold const pointers) */
        ((vt_warp *)w)->vrows = r + 1;
    return w->v + (size_t)r * g->numt;
}

/* Writes a scalar register (x0 stays zero). */
static inline void vt_set_x(vt_group *g, vt_warp *w, unsigned r, uint32_t value)
{
    if (r) {
        w->x[r] = value;
        if (g->tracing)
            vt_record(g, VT_W_X, r, 0, value, 4);
    }
}

/* The lanes below vl. */
static inline uint32_t vt_vl_mask(const vt_warp *w)
{
    return w->vl >= 32 ? 0xffffffffu : (1u << w->vl) - 1;
}

/* Lanes a vector instruction touches: SIMT mask, lanes below vl, and (vm=0) the v0 mask bits. */
static inline uint32_t vt_active(const vt_group *g, const vt_warp *w, const vt_inst *in)
{
    uint32_t m = w->mask & vt_vl_mask(w);
    if (!in->vm)
        m &= vt_vreg(g, w, 0)[0];
    return m;
}

#endif
