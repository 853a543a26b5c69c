/* RDNA3 wave state and the operand helpers every instruction class shares: scalar and vector source
   fetch (registers, inline constants, literals), input modifiers, and result write-back. */
#ifndef WAVESIM_R3_WAVE_H
#define WAVESIM_R3_WAVE_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_mem.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_loader.h"

#define R3_MAX_LANES 64

struct r3_group;

typedef struct r3_wave {
    uint32_t sgpr[128];          /* s0..s105, vcc 106/107, ttmp 108..123, null 124, m0 125, exec 126/127 */
    uint32_t (*vgpr)[R3_MAX_LANES];
    int scc;
    uint32_t pc;                 /* offset in the code object's code of the next instruction */
    uint32_t inst_pc;            /* offset of the instruction executing now */
    int wave64, lanes;
    uint32_t mode;               /* round and denorm modes as in rsrc1 bits 12..19, plus ieee/dx10 */
    int done, at_barrier;
    int id;                      /* wave index in the workgroup */
    struct r3_group *group;
    uint8_t *scratch;            /* private memory: lanes x scratch_per_lane bytes */
    uint32_t scratch_per_lane;
    int nvgprs;                  /* VGPRs the kernel allocated (what a trace compares) */
    uint64_t icount;             /* instructions executed */
    /* VOPD: the X half's result waits until the Y half has read its sources */
    int defer;
    unsigned pending_reg;
    uint64_t pending_mask;
    uint32_t pending[R3_MAX_LANES];
    /* a fault stops the dispatch: why, and where */
    int fault;
    char fault_msg[160];
} r3_wave;

typedef void (*r3_trace_fn)(void *ctx, const char *line);

/* Register contents before the traced instruction, to report what it changed. */
typedef struct {
    uint32_t sgpr[128];
    int scc;
    uint32_t vgpr[256][R3_MAX_LANES];
    char line[12288];            /* the line being built */
    size_t len;
} r3_trace_snap;

typedef struct r3_group {
    const r3_codeobj *co;
    const r3_kernel *kern;
    core_mem *mem;
    uint8_t *lds;
    uint32_t lds_size;
    uint32_t id[3];
    uint64_t budget;             /* instructions left before the dispatch is declared runaway */
    r3_trace_fn trace;           /* the slow path: NULL unless tracing */
    void *trace_ctx;
    r3_trace_snap *snap;
} r3_group;

typedef void (*r3_exec_fn)(r3_wave *w, const r3_inst *in);

static inline uint64_t r3_exec_mask(const r3_wave *w)
{
    return (uint64_t)w->sgpr[126] | (w->wave64 ? (uint64_t)w->sgpr[127] << 32 : 0);
}

static inline void r3_set_exec(r3_wave *w, uint64_t v)
{
    w->sgpr[126] = (uint32_t)v;
    if (w->wave64)
        w->sgpr[127] = (uint32_t)(v >> 32);
}

static inline uint64_t r3_vcc(const r3_wave *w)
{
    return (uint64_t)w->sgpr[106] | (w->wave64 ? (uint64_t)w->sgpr[107] << 32 : 0);
}

void r3_fault(r3_wave *w, const char *fmt, ...);

/* Scalar sources: SGPRs and specials, inline constants, the literal. 64-bit reads of inline float
   constants give the f64 value; `f64` says the operand is a double (a literal is its high half). */
uint32_t r3_scalar32(const r3_wave *w, unsigned code, const r3_inst *in);
uint64_t r3_scalar64(const r3_wave *w, unsigned code, const r3_inst *in, int f64);
void r3_write_sgpr(r3_wave *w, unsigned code, uint32_t v);
void r3_write_sgpr64(r3_wave *w, unsigned code, uint64_t v);

/* The VGPR a VALU instruction writes (VOPD Y halves keep only bits 7:1 of it). */
unsigned r3_vdst(const r3_inst *in);

/* The code of a source operand field (9-bit space: VGPRs at 256+). */
unsigned r3_src_code(const r3_inst *in, r3_field f);

/* Vector sources for all lanes: 32-bit values, or 64-bit values from a VGPR pair. */
void r3_vsrc32(const r3_wave *w, const r3_inst *in, r3_field f, uint32_t out[R3_MAX_LANES]);
void r3_vsrc64(const r3_wave *w, const r3_inst *in, r3_field f, int f64, uint64_t out[R3_MAX_LANES]);

/* VOP3 input modifiers of source k (0..2) for a float of `bits` width: abs, then neg, on the sign. */
void r3_fmods32(const r3_inst *in, int k, uint32_t v[R3_MAX_LANES], int lanes);
void r3_fmods64(const r3_inst *in, int k, uint64_t v[R3_MAX_LANES], int lanes);

/* Writes a 32-bit (or 64-bit pair) VGPR result for the lanes in `mask`. */
void r3_vdst32(r3_wave *w, unsigned vgpr, const uint32_t v[R3_MAX_LANES], uint64_t mask);
void r3_vdst64(r3_wave *w, unsigned vgpr, const uint64_t v[R3_MAX_LANES], uint64_t mask);

/* VOP3 output modifiers (OMOD, then CLAMP to [0,1]) on float results. */
void r3_fout32(const r3_inst *in, uint32_t v[R3_MAX_LANES], int lanes);
void r3_fout64(const r3_inst *in, uint64_t v[R3_MAX_LANES], int lanes);

#endif
