/* Internal to the Ventus executor: the declarations of every instruction function (one per
   `semantics` name of isa/ventus/ventus.def) and helpers the instruction files share. */
#ifndef WAVESIM_VT_OPS_H
#define WAVESIM_VT_OPS_H

#include "vt_exec.h"

#include "common/lanes.h"

#define VT_OP(id, mn, fmt, match, mask, sem, cls) int vt_x_##sem(vt_group *g, vt_warp *w, const vt_inst *in);
#include "../../../isa/ventus/ventus.def"
#include "../../../isa/ventus/ventus2025.def"
#undef VT_OP

/* The second operand of a scalar ALU op: rs2, or the I-type / shift immediate. */
static inline uint32_t vt_src2(const vt_warp *w, const vt_inst *in)
{
    vt_format f = vt_ops[in->op].format;
    return f == VT_R ? w->x[in->rs2] : (uint32_t)in->imm;
}

/* The scalar or immediate operand of a vector op (.vx/.vf/.vi forms and vmv/vmerge), and its
   vector register for .vv forms (NULL otherwise). */
static inline const uint32_t *vt_vsrc1(const vt_group *g, const vt_warp *w, const vt_inst *in, uint32_t *scalar)
{
    switch (vt_ops[in->op].format) {
    case VT_V_VV: case VT_V_VVM: case VT_V_MVV: case VT_V_FMA_VV: case VT_V_MM:
        return vt_vreg(g, w, in->rs1);
    case VT_V_VI: case VT_V_VIU: case VT_V_VIM: case VT_V_MVI:
        *scalar = (uint32_t)in->imm;
        return NULL;
    default:
        *scalar = w->x[in->rs1];
        return NULL;
    }
}

/* After a vector op wrote register r of the lanes in `active`: trace it. */
static inline void vt_vwritten(vt_group *g, unsigned r, uint32_t active)
{
    if (g->tracing)
        vt_record(g, VT_W_V, r, active, 0, 0);
}

/* Loops over the lanes of `active` (l is the lane index). */
#define VT_FOR_LANES(g, active, l) \
    for (uint32_t l = 0; l < (g)->numt; l++) \
        if ((active) >> l & 1)

/* Loops over all 32 lanes of a 32-thread warp (g->fast32): a constant trip count and no mask test
   make it a loop the compiler vectorizes. Bodies that run under it compute into a temporary that
   lanes_blend32 (common/lanes.h) then stores for the active lanes only, so they must be pure
   functions of their operands (no flags, no faults) for the inactive lanes they also compute. */
#define VT_EACH32(l) for (uint32_t l = 0; l < 32; l++)

/* d[l] = EXPR for the lanes of `active`, DECL declaring what EXPR reads of lane l (statements, no
   top-level comma): with g->fast32 all 32 lanes into a temporary, then blended; else lane by lane. */
#define VT_LANES_SET(g, d, active, decl, expr) \
    do { \
        if ((g)->fast32) { \
            uint32_t r_[32]; \
            VT_EACH32(l) \
            { \
                decl; \
                r_[l] = (expr); \
            } \
            lanes_blend32(d, r_, active); \
        } else \
            VT_FOR_LANES(g, active, l) \
            { \
                decl; \
                d[l] = (expr); \
            } \
    } while (0)

/* Floating point: canonical NaN, the fflags bits, and an operation run under the rounding mode
   `rm` (RISC-V encoding; 7 = dynamic frm) with the host's exception flags folded into fflags. */
#define VT_CANON_NAN 0x7fc00000u
enum { VT_NX = 1, VT_UF = 2, VT_OF = 4, VT_DZ = 8, VT_NV = 16 };
int vt_fp_begin(vt_group *g, vt_warp *w, unsigned rm, int *saved);
/* RMM (ties away), which the host lacks: the op runs under RNE; vt_rmm then evaluates the same
   expression in double (op, on a/b/c) and, when that is exact, rounds it to float ties-away. */
typedef double (*vt_exact_op)(double a, double b, double c);
float vt_rmm(float rne, vt_exact_op op, double a, double b, double c);
/* Expressions written once for float (the result) and double (vt_rmm's exact value) */
#define VT_FMA3(x, y, z) _Generic((x), float: fmaf, default: fma)(x, y, z)
#define VT_SQRT(x) _Generic((x), float: sqrtf, default: sqrt)(x)
void vt_fp_end(vt_group *g, vt_warp *w, int saved);
uint32_t vt_fp_canon(float f);
uint32_t vt_fmin(uint32_t a, uint32_t b, uint32_t *flags, int max);
uint32_t vt_fcmp(uint32_t a, uint32_t b, uint32_t *flags, int kind); /* 0 eq, 1 lt, 2 le */
uint32_t vt_fclass(uint32_t a);
uint32_t vt_f2i(uint32_t a, unsigned rm, int is_unsigned, uint32_t *flags);
uint32_t vt_i2f(uint32_t a, unsigned rm, int is_unsigned, uint32_t *flags);
void vt_add_fflags(vt_group *g, vt_warp *w, uint32_t flags);

/* Sub-group barriers (vt_sync25.c): warp w arrives at the barrier of its group of `size` warps
   (warps wid / size); returns 1 when the warp may go on, 0 when it waits (it executes the
   instruction again next turn). vt_subbar_end releases a group that waited only for an ending warp. */
int vt_subbar_arrive(vt_group *g, vt_warp *w, uint32_t size);
void vt_subbar_end(vt_group *g, vt_warp *w);

/* The lane loop of the custom vector loads and stores (vt_mem25.c): the address space of the
   instruction (or of a PREFIX_MEMORY before it), 64-bit pair addresses, multiword widths. */
enum { VT_SP_FLAT, VT_SP_GLOBAL, VT_SP_PRIVATE, VT_SP_LOCAL, VT_SP_PRIVATE_WG, VT_SP_ABS };
int vt_vmem25(vt_group *g, vt_warp *w, const vt_inst *in, int is_store, int space);

/* An instruction after a PREFIX / PREFIXI with pair, ABS or NEG set (vt_pair.c). */
int vt_run_prefixed(vt_group *g, vt_warp *w, const vt_inst *in);
/* An instruction while vtype is LMUL=2 or SEW=8 (vt_vmode.c). */
int vt_run_vmode(vt_group *g, vt_warp *w, const vt_inst *in);

/* The 2025 scalar CSRs (vt_csr25.c): their value, or -1 for a CSR they do not know. */
int vt_csr25_read(const vt_group *g, const vt_warp *w, uint32_t csr, uint32_t *v);

#endif
