/* RDNA3 wave state and the operand helpers every instruction class shares: scalar and vector source
   fetch (registers, inline constants, literals, DPP, 16-bit halves), input modifiers, and result
   write-back with output modifiers, MODE denormal handling and the out-of-range VGPR rules. */
#ifndef WAVESIM_R3_WAVE_H
#define WAVESIM_R3_WAVE_H

/* The address the dispatcher gives hidden_hostcall_buffer and the printf buffer slot. wavesim
   implements no host services (ROCm's device libraries reach printf through them), so nothing is
   mapped there: a kernel that calls one faults inside this range, and the fault says why. */
#define R3_HOSTCALL_BASE 0x00007e0000000000ull
#define R3_HOSTCALL_SPAN 0x0000000100000000ull

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/fp.h"
#include "common/lanes.h"
#include "core/core_mem.h"
#include "core/core_simt.h"
#include "r3_xop.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_loader.h"

/* The operand helpers are forced inline for the same reason as fp.h's (FP_INLINE): the x86-64-v3
   clones of the instruction functions (LANES_MULTIVERSION) would otherwise call them. */
#define R3_INLINE FP_INLINE

#define R3_MAX_LANES 64

/* MODE register bits (as s_getreg sees them; the descriptor's rsrc1 supplies bits 7:0). */
#define R3_MODE_ROUND32(m) ((m) & 3u)
#define R3_MODE_ROUND64(m) ((m) >> 2 & 3u)    /* f16 and f64 */
#define R3_MODE_DENORM_IN32 0x10u             /* f32 denormal inputs kept (else flushed) */
#define R3_MODE_DENORM_OUT32 0x20u            /* f32 denormal results kept (else flushed) */
#define R3_MODE_DENORM_IN64 0x40u             /* f16/f64 */
#define R3_MODE_DENORM_OUT64 0x80u
#define R3_MODE_DX10_CLAMP 0x100u             /* clamp turns NaN into 0 */
#define R3_MODE_IEEE 0x200u                   /* IEEE mode: NaN sources quieted, min/max sNaN rules; no OMOD */
#define R3_MODE_FP16_OVFL 0x800000u           /* f16 overflow saturates (r3_f16_round) */

/* MODE.FP16_OVFL: an f16 result h that is an overflow (`overflowed`: it came from finite values; true
   infinities stay) becomes the largest finite f16 of its sign (guide, MODE register; rocjitsu's
   gfx1100 f16_fma_omod and legacy captures) */
static inline uint32_t r3_f16_ovfl(uint32_t mode, uint32_t h, int overflowed)
{
    return (mode & R3_MODE_FP16_OVFL) && overflowed && (h & 0x7fffu) == 0x7c00u ? (h & 0x8000u) | 0x7bffu : h;
}
/* A value rounded to f16 in MODE's f16 rounding, an overflow as r3_f16_ovfl says */
static inline uint32_t r3_f16_round(uint32_t mode, double d)
{
    return r3_f16_ovfl(mode, fp_f64_to_f16(d, (fp_round)R3_MODE_ROUND64(mode)), d - d == 0.0 /* (d finite) */);
}

struct r3_group;

#define R3_MEMO 4 /* device allocations a wave remembers (r3_wave.memo) */

typedef struct r3_wave {
    core_wave core;              /* on the SIMT core: running, at the barrier, blocked on GWS or the
                                    ordered-count unit (its instruction runs again), or done; its
                                    index in the workgroup (core.id) and instruction count */
    uint32_t sgpr[128];          /* s0..s105, vcc 106/107, ttmp 108..123, null 124, m0 125, exec 126/127 */
    uint32_t (*vgpr)[R3_MAX_LANES];
    int scc;
    uint32_t pc;                 /* offset in the code object's code of the next instruction */
    uint32_t inst_pc;            /* offset of the instruction executing now */
    int wave64, lanes;
    int fast32;                  /* fast paths on (r3_group.fast_paths) and 32 lanes: the inline
                                    operand paths below may copy whole rows */
    uint32_t mode;               /* MODE register: R3_MODE_* */
    int sync_waiting;            /* it already arrived at a GWS barrier or semaphore wait ... */
    uint32_t sync_seen;          /* ... when the resource's round (or release count) was this */
    uint64_t order;              /* creation index in the dispatch (ordered count) */
    struct r3_group *group;
    uint8_t *scratch;            /* private memory: lanes x scratch_per_lane bytes */
    uint32_t scratch_per_lane;
    int nvgprs;                  /* VGPRs the kernel allocated: others read as v0, writes are dropped */
    uint64_t dpp_off;            /* lanes whose write a DPP source fetch disabled */
    /* hazards seed 000 leaves to software: what the previous VALU instruction was (R3_HZ_*), and
       for a WMMA the VGPRs of its D; handlers set hz_next, the run loop moves it to hz_prev */
    uint8_t hz_prev, hz_next;
    uint16_t hz_dst, hz_ndst, hz_next_dst, hz_next_ndst;
    /* VOPD: the X half's result waits until the Y half has read its sources */
    int defer;
    unsigned pending_reg;
    uint64_t pending_mask;
    /* From here on a starting wave is not cleared whole (r3_init_wave): the buffers are written
       before they are read, the strings emptied. */
    uint32_t pending[R3_MAX_LANES];
    uint32_t sink[R3_MAX_LANES]; /* where writes to out-of-range VGPRs go */
    /* the last R3_MEMO device allocations the global accesses of the waves in this place of the
       workgroup slot hit (a kernel's accesses go to a few buffers: its arguments, its inputs and
       outputs), kept from one wave to the next: a dispatch's allocations stay as they are while it
       runs, and a slot lives for one dispatch. Base, size (0: none yet) and host bytes; the next
       one found replaces entry memo_next, in turn. */
    struct {
        uint64_t base, size;
        uint8_t *data;
    } memo[R3_MEMO];
    unsigned memo_next;
    /* a fault stops the dispatch: why, and where */
    int fault;
    char fault_msg[160];
    char warn_line[400];         /* tracing: the first warning of this instruction, printed after its line */
    unsigned warn_more;          /* ... and how many more it raised */
} r3_wave;

typedef void (*r3_trace_fn)(void *ctx, const char *line);

enum { R3_HZ_NONE, R3_HZ_WMMA, R3_HZ_CMPX };

/* Warnings: what a program should not rely on but the hardware lets run (hazards the ISA leaves to
   software, accesses the alignment mode rejects). Counted per kind; the first of each is kept. */
typedef enum { R3W_MEMVIOL, R3W_WMMA_HAZARD, R3W_PERMLANE_HAZARD, R3W_COUNT } r3_warning;
typedef struct {
    uint64_t count[R3W_COUNT];
    char first[R3W_COUNT][320];
} r3_warnings;

/* SH_MEM_CONFIG.alignment_mode for non-format memory accesses (seed 001). */
typedef enum { R3_ALIGN_DWORD, R3_ALIGN_DWORD_STRICT, R3_ALIGN_STRICT, R3_ALIGN_UNALIGNED } r3_align_mode;

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
    const r3_xprog *xp;          /* the execution form for this dispatch's wave size */
    const r3_kernel *kern;
    core_mem *mem;
    uint8_t *lds;
    uint32_t lds_size;
    uint32_t id[3];
    core_group *core;            /* the workgroup on the SIMT core: barrier, instruction budget */
    r3_trace_fn trace;           /* the slow path: NULL unless tracing */
    void *trace_ctx;
    r3_trace_snap *snap;
    struct r3_sync *sync;        /* GDS, GWS and ordered count, shared by the dispatch */
    r3_warnings *warn;           /* the running thread's warning counts */
    uint8_t align_mode;          /* r3_align_mode */
    uint8_t fast_paths;          /* r3_launch.fast_paths */
    uint8_t translate;           /* r3_launch.translate */
} r3_group;

R3_INLINE uint64_t r3_exec_mask(const r3_wave *w)
{
    return (uint64_t)w->sgpr[126] | (w->wave64 ? (uint64_t)w->sgpr[127] << 32 : 0);
}

R3_INLINE void r3_set_exec(r3_wave *w, uint64_t v)
{
    w->sgpr[126] = (uint32_t)v;
    if (w->wave64)
        w->sgpr[127] = (uint32_t)(v >> 32);
}

R3_INLINE uint64_t r3_vcc(const r3_wave *w)
{
    return (uint64_t)w->sgpr[106] | (w->wave64 ? (uint64_t)w->sgpr[107] << 32 : 0);
}

/* A VGPR row to read (out of range reads v0) or to write (out of range writes nowhere). */
R3_INLINE const uint32_t *r3_vrow(const r3_wave *w, unsigned r)
{
    return w->vgpr[r < (unsigned)w->nvgprs ? r : 0];
}

R3_INLINE uint32_t *r3_vrow_w(r3_wave *w, unsigned r)
{
    return r < (unsigned)w->nvgprs ? w->vgpr[r] : w->sink;
}

void r3_fault(r3_wave *w, const char *fmt, ...);
/* Counts a warning of the running instruction; the first of its kind keeps the text (wave, PC,
   instruction, reason) and a trace gets a "warning:" line. */
void r3_warn(r3_wave *w, r3_warning kind, const char *fmt, ...);
const char *r3_warning_name(r3_warning kind);
/* "wave W of workgroup (X,Y,Z), pc 0x...: TEXT: " for messages about the running instruction. */
int r3_where(const r3_wave *w, char *buf, size_t size);

/* Scalar sources: SGPRs and specials, inline constants, the literal. 64-bit reads of inline float
   constants give the f64 value; `f64` says the operand is a double (a literal is its high half). */
/* The special codes: apertures, vccz, execz, scc; 0 for null and reserved codes. */
uint32_t r3_special32(const r3_wave *w, unsigned code);
/* The f32 inline constants 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi) (codes 240..248). */
extern const uint32_t r3_f32_inline[9];
/* Inline: the register codes (SGPRs, VCC, TTMPs, M0, EXEC), the literal, the integer and f32 inline
   constants; the special codes out of line. */
R3_INLINE uint32_t r3_scalar32(const r3_wave *w, unsigned code, uint32_t literal)
{
    if (code < 128 && code != 124)
        return w->sgpr[code];
    if (code == 255)
        return literal;
    if (code >= 128 && code <= 192)
        return code - 128;
    if (code >= 193 && code <= 208)
        return (uint32_t)-(int32_t)(code - 192);
    if (code >= 240 && code <= 248)
        return r3_f32_inline[code - 240];
    return r3_special32(w, code);
}
uint64_t r3_scalar64(const r3_wave *w, unsigned code, uint32_t literal, int f64);
/* How a 64-bit operand takes a 32-bit literal: zero-extended, sign-extended, or as the high half. */
typedef enum { R3_U64, R3_I64, R3_F64 } r3_kind64;
/* The value of 64-bit source k when it is scalar or constant (x->src[k] < 256). */
R3_INLINE uint64_t r3_scalar64_src(const r3_wave *w, const r3_xop *x, int k, r3_kind64 kind)
{
    unsigned code = x->src[k];
    if (code != 255)
        return r3_scalar64(w, code, x->literal, kind == R3_F64);
    return kind == R3_F64 ? (uint64_t)x->literal << 32
           : kind == R3_I64 ? (uint64_t)(int64_t)(int32_t)x->literal : (uint64_t)x->literal;
}
/* An SGPR write: s0..s105, VCC, TTMPs, M0, EXEC (its high half only in wave64); others are dropped. */
R3_INLINE void r3_write_sgpr(r3_wave *w, unsigned code, uint32_t v)
{
    if (code < 124 || code == 125 || code == 126 || (code == 127 && w->wave64))
        w->sgpr[code] = v;
}
void r3_write_sgpr64(r3_wave *w, unsigned code, uint64_t v);

/* ---- VALU sources, all lanes; the handler names the operand type ---- */

/* 32 bits as they are: integer and bitwise operands, moves (float constants as f32 bits). */
void r3_src_b32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);
/* f32: ABS/NEG applied, denormals flushed when MODE says so. */
void r3_src_f32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);

/* Fast path of the 32-bit sources, inline in every instruction function: a source without DPP (and,
   for f32, without input flushing) in a 32-lane wave is one block copy of a constant size, or one
   scalar read and broadcast, then ABS/NEG as a sign-bit pass. The _any functions are the reference
   paths (--no-fast-paths). */

/* A 32-bit source of a 32-lane wave without DPP: the VGPR row, or the scalar value in every lane. */
R3_INLINE void r3_src_fetch32(const r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    unsigned code = x->src[k];
    if (code >= 256) {
        lanes_copy32(v, r3_vrow(w, code - 256u));
        return;
    }
    uint32_t c = r3_scalar32(w, code, x->literal);
    for (int l = 0; l < 32; l++)
        v[l] = c;
}

R3_INLINE void r3_src_b32(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    if (w->fast32 && (k || !x->dpp))
        r3_src_fetch32(w, x, k, v);
    else
        r3_src_b32_any(w, x, k, v);
}

/* ABS and NEG of source k on 32 lanes of f32 bits (sign bit cleared, then flipped). */
R3_INLINE void r3_mods32_fast(const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    uint32_t clear = (x->abs >> k & 1) ? 0x80000000u : 0, flip = (x->neg >> k & 1) ? 0x80000000u : 0;
    if (clear | flip)
        for (int l = 0; l < 32; l++)
            v[l] = (v[l] & ~clear) ^ flip;
}

R3_INLINE void r3_src_f32(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    if (w->fast32 && (k || !x->dpp) && (w->mode & R3_MODE_DENORM_IN32)) {
        r3_src_fetch32(w, x, k, v);
        r3_mods32_fast(x, k, v);
    } else {
        r3_src_f32_any(w, x, k, v);
    }
}
/* Source k's 32-bit lanes for reading only, as a pointer: in a 32-lane wave with the fast paths on,
   a VGPR source with nothing to apply (no DPP; for f32 no ABS/NEG and no input flushing) is its
   register row itself, with no copy; anything else is fetched into `tmp` by the helpers above. The
   lane loops read the view before the result is written (results go to a local array first). */
R3_INLINE const uint32_t *r3_src_b32_view(r3_wave *w, const r3_xop *x, int k, uint32_t tmp[R3_MAX_LANES])
{
    if (w->fast32 && (x->row_src >> k & 1))
        return r3_vrow(w, x->src[k] - 256u);
    r3_src_b32(w, x, k, tmp);
    return tmp;
}
R3_INLINE const uint32_t *r3_src_f32_view(r3_wave *w, const r3_xop *x, int k, uint32_t tmp[R3_MAX_LANES])
{
    if (w->fast32 && (x->row_src_f >> k & 1) && (w->mode & R3_MODE_DENORM_IN32))
        return r3_vrow(w, x->src[k] - 256u);
    r3_src_f32(w, x, k, tmp);
    return tmp;
}
/* The direct shape of f32 arithmetic: a 32-lane wave with the fast paths on, an instruction with
   nothing to apply to its f32 sources or result (r3_xop.f32_as_is), and a MODE that keeps f32
   denormals in and out and rounds to nearest even (the host's own mode between instructions). Its
   sources are read as they are (r3_src_direct), its result written as it is (r3_dst_put32), with no
   rounding-mode switch: one test instead of one per operand. */
R3_INLINE int r3_f32_direct(const r3_wave *w, const r3_xop *x)
{
    const uint32_t keep = R3_MODE_DENORM_IN32 | R3_MODE_DENORM_OUT32;
    return w->fast32 && x->f32_as_is && (w->mode & (keep | 3u)) == keep;
}
/* A 32-bit source of the direct shape: its register row, or the scalar value in every lane of tmp. */
R3_INLINE const uint32_t *r3_src_direct(const r3_wave *w, const r3_xop *x, int k, uint32_t tmp[R3_MAX_LANES])
{
    if (x->src[k] >= 256)
        return r3_vrow(w, x->src[k] - 256u);
    r3_src_fetch32(w, x, k, tmp);
    return tmp;
}
/* f32 bits with ABS/NEG but no denormal flushing: moves, selects, class tests. */
void r3_src_mod32_any(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);
R3_INLINE void r3_src_mod32(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES])
{
    if (w->fast32 && (k || !x->dpp)) {
        r3_src_fetch32(w, x, k, v);
        r3_mods32_fast(x, k, v);
    } else {
        r3_src_mod32_any(w, x, k, v);
    }
}
/* 16 bits in bits 15:0 (the half OPSEL or VGPR bit 7 names; f16 bits for float constants). */
void r3_src_b16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);
/* f16: as b16 with ABS/NEG and the f16 denormal mode. */
void r3_src_f16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);
void r3_src_mod16(r3_wave *w, const r3_xop *x, int k, uint32_t v[R3_MAX_LANES]);
/* (16-bit sources are always fetched: their views are `tmp`, for the templates that take views) */
R3_INLINE const uint32_t *r3_src_b16_view(r3_wave *w, const r3_xop *x, int k, uint32_t tmp[R3_MAX_LANES])
{
    r3_src_b16(w, x, k, tmp);
    return tmp;
}
R3_INLINE const uint32_t *r3_src_f16_view(r3_wave *w, const r3_xop *x, int k, uint32_t tmp[R3_MAX_LANES])
{
    r3_src_f16(w, x, k, tmp);
    return tmp;
}
/* 64 bits: unsigned (a literal zero-extends), signed (a literal sign-extends), f64 (a literal is the
   high half; ABS/NEG and the f64 denormal mode apply). */
void r3_src_u64_any(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES]);
/* Fast path: a VGPR pair of a 32-lane wave, joined inline. */
R3_INLINE void r3_src_u64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES])
{
    unsigned code = x->src[k];
    if (!w->fast32 || code < 256) {
        r3_src_u64_any(w, x, k, v);
        return;
    }
    const uint32_t *lo = r3_vrow(w, code - 256u), *hi = r3_vrow(w, code - 255u);
    for (int l = 0; l < 32; l++)
        v[l] = (uint64_t)lo[l] | (uint64_t)hi[l] << 32;
}
void r3_src_i64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES]);
void r3_src_f64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES]);
/* An f64 source with ABS/NEG but no denormal flushing (v_cmp_class_f64). */
void r3_src_mod64(r3_wave *w, const r3_xop *x, int k, uint64_t v[R3_MAX_LANES]);
/* How inline constants fill a raw 32-bit packed or mixed-precision operand: as f32 bits; 16-bit
   (f16 or integer) in the low half only; bf16 (an f32 constant's high half) in the low half;
   or the 16-bit value replicated into both halves (dot2 f16/bf16 sources). Literals are 32 bits. */
typedef enum { R3_CONST_F32, R3_CONST_PK16, R3_CONST_BF16, R3_CONST_REP16, R3_CONST_REPBF16 } r3_const_kind;
void r3_src_raw(r3_wave *w, const r3_xop *x, int k, r3_const_kind kind, uint32_t v[R3_MAX_LANES]);
/* A lane mask read from SGPRs (a pair in wave64): carry-in and select operands. */
uint64_t r3_src_mask(const r3_wave *w, const r3_xop *x, int k);
/* ... in a 32-lane wave, inline: VCC for the e32 forms, else source k. */
R3_INLINE uint32_t r3_src_mask32(const r3_wave *w, const r3_xop *x, int k)
{
    return x->enc != R3X_VOP3 ? w->sgpr[106] : r3_scalar32(w, x->src[k], x->literal);
}

/* ---- VALU results for the lanes that write (EXEC, DPP row/bank masks and disabled lanes) ---- */

uint64_t r3_write_lanes(const r3_wave *w, const r3_xop *x);
void r3_dst_b32_any(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES]);
/* f32: OMOD, CLAMP and the output denormal mode, then written. */
void r3_dst_f32_any(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES]);

/* Fast path of the 32-bit results: without DPP, the EXEC lanes of a 32-lane wave blended in (and,
   for f32, nothing to apply: no OMOD, CLAMP or output flushing); the X half of a VOPD whose Y half
   reads what X writes (w->defer) keeps them aside instead, for the fetch loop to blend in after Y. */
R3_INLINE int r3_dst_plain(const r3_wave *w, const r3_xop *x)
{
    return w->fast32 && !x->dpp;
}

R3_INLINE void r3_dst_put32(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES])
{
    if (!w->defer) {
        lanes_blend32(r3_vrow_w(w, x->vdst), v, w->sgpr[126]);
        return;
    }
    lanes_copy32(w->pending, v);
    w->pending_reg = x->vdst;
    w->pending_mask = w->sgpr[126];
    w->defer = 0;
}

R3_INLINE void r3_dst_b32(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES])
{
    if (r3_dst_plain(w, x))
        r3_dst_put32(w, x, v);
    else
        r3_dst_b32_any(w, x, v);
}

R3_INLINE void r3_dst_f32(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    if (r3_dst_plain(w, x) && !x->omod && !x->clamp && (w->mode & R3_MODE_DENORM_OUT32))
        r3_dst_put32(w, x, v);
    else
        r3_dst_f32_any(w, x, v);
}
/* The result of a min/max/med3 selection: with input denormals kept it is written as a denormal
   whatever the output denormal mode says (guide, V_MIN_F32 and the other min/max Notes: "this
   operation outputs as a denorm regardless of output denorm mode"); OMOD and CLAMP as usual. */
void r3_dst_f32_keep(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES]);
/* The result of an instruction that flushes its output denormals whatever MODE says (the dx9 fmas):
   flushed, and OMOD whenever IEEE = 0 (rocjitsu's gfx1100 captures, docs/isa-notes-rdna3.md) */
void r3_dst_f32_flushed(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES]);
/* The result of an f32 transcendental: OMOD whenever IEEE = 0, rounding to nearest even (an overflow
   infinite), and flushed whatever MODE says with `always_flush` (all but sin and cos) (rocjitsu's
   gfx1100 captures RcpScaleDenormMode, RsqScaleDenormMode, CosScaleDenormMode; its log_exp rows) */
void r3_dst_f32_trans_any(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES], int always_flush);
R3_INLINE void r3_dst_f32_trans(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES], int always_flush)
{
    if (!x->omod && !x->clamp && (always_flush || (w->mode & R3_MODE_DENORM_OUT32)))
        r3_dst_b32(w, x, v); /* nothing but the write (an always-flushing one's values come flushed) */
    else
        r3_dst_f32_trans_any(w, x, v, always_flush);
}
R3_INLINE void r3_dst_f32_sel(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES])
{
    if ((w->mode & (R3_MODE_DENORM_IN32 | R3_MODE_DENORM_OUT32)) == R3_MODE_DENORM_IN32)
        r3_dst_f32_keep(w, x, v);
    else
        r3_dst_f32(w, x, v);
}
/* 16-bit results go to one half of the VGPR; the other half keeps its value. */
void r3_dst_b16(r3_wave *w, const r3_xop *x, const uint32_t v[R3_MAX_LANES]);
void r3_dst_f16(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES]);
void r3_dst_f16_sel(r3_wave *w, const r3_xop *x, uint32_t v[R3_MAX_LANES]);
void r3_dst_b64_any(r3_wave *w, const r3_xop *x, const uint64_t v[R3_MAX_LANES]);
/* Fast path: the EXEC lanes of a 32-lane wave without DPP, both halves blended inline. */
R3_INLINE void r3_dst_b64(r3_wave *w, const r3_xop *x, const uint64_t v[R3_MAX_LANES])
{
    if (!w->fast32 || x->dpp) {
        r3_dst_b64_any(w, x, v);
        return;
    }
    uint32_t m = w->sgpr[126], *lo = r3_vrow_w(w, x->vdst), *hi = r3_vrow_w(w, x->vdst + 1u);
    if (m == 0xffffffffu) { /* every lane: the halves split off, no blend */
        for (int l = 0; l < 32; l++)
            lo[l] = (uint32_t)v[l];
        for (int l = 0; l < 32; l++)
            hi[l] = (uint32_t)(v[l] >> 32);
        return;
    }
    for (int l = 0; l < 32; l++) /* two passes: one row each, so that no overlap check is needed */
        lo[l] = (m & lanes_bit[l]) ? (uint32_t)v[l] : lo[l];
    for (int l = 0; l < 32; l++)
        hi[l] = (m & lanes_bit[l]) ? (uint32_t)(v[l] >> 32) : hi[l];
}
void r3_dst_f64(r3_wave *w, const r3_xop *x, uint64_t v[R3_MAX_LANES]);
void r3_dst_f64_sel(r3_wave *w, const r3_xop *x, uint64_t v[R3_MAX_LANES]);
/* A lane-mask result (carry-out, V_CMP): inactive lanes read 0. Goes to SDST or VCC. */
void r3_dst_mask_any(r3_wave *w, const r3_xop *x, uint64_t bits);
/* Fast path: a 32-lane wave without DPP, the EXEC lanes kept, inline. */
R3_INLINE void r3_dst_mask(r3_wave *w, const r3_xop *x, uint64_t bits)
{
    if (w->fast32 && !x->dpp)
        r3_write_sgpr(w, x->sdst, (uint32_t)bits & w->sgpr[126]);
    else
        r3_dst_mask_any(w, x, bits);
}

/* The VGPR row of the destination (fmac-style accumulators read it as a source). */
R3_INLINE const uint32_t *r3_dst_row(const r3_wave *w, const r3_xop *x)
{
    return r3_vrow(w, x->vdst);
}

/* Host rounding for f32 (wide = 0) or f16/f64 (wide = 1) arithmetic per MODE; returns a token for
   r3_round_leave, -1 when the mode is round-to-nearest-even and nothing changed. */
R3_INLINE int r3_round_enter(const r3_wave *w, int wide)
{
    unsigned r = wide ? R3_MODE_ROUND64(w->mode) : R3_MODE_ROUND32(w->mode);
    return r ? fp_host_round((fp_round)r) : -1; /* inline: round-to-nearest-even costs one test */
}

R3_INLINE void r3_round_leave(int token)
{
    if (token >= 0)
        fp_host_restore(token);
}

#endif
