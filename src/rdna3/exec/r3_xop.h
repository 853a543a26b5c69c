/* The execution form of RDNA3 instructions: built once per code object and wave size from the
   decoded instructions, with the handler bound and every operand field the executor needs
   extracted, so executing an instruction never looks at encoding bits again. */
#ifndef WAVESIM_R3_XOP_H
#define WAVESIM_R3_XOP_H

#include <stddef.h>
#include <stdint.h>

#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_loader.h"

struct r3_wave;
typedef struct r3_xop r3_xop;
typedef void (*r3_exec_fn)(struct r3_wave *w, const r3_xop *x);

/* How the VALU operand fields were encoded: e32 forms address 16-bit halves with VGPR bit 7,
   VOP3 forms with OPSEL; only VOP3 carries ABS/NEG/OMOD/CLAMP. */
typedef enum { R3X_E32, R3X_VOP3, R3X_VOP3P, R3X_OTHER } r3_xenc;

/* Statistics classes. */
typedef enum { R3C_SALU, R3C_SMEM, R3C_VALU, R3C_VMEM, R3C_LDS, R3C_BRANCH, R3C_OTHER, R3C_VOPD, R3C_COUNT } r3_xclass;

struct r3_xop {
    r3_exec_fn fn;            /* NULL: not implemented (a clean fault) */
    const r3_inst *in;        /* the decoded instruction: its text and the less common fields */
    const r3_xop *y;          /* VOPD: the Y half, which reads the registers as they were before X */
    r3_exec_fn xfn;           /* VOPD: the X half's function (fn runs both halves when vopd_direct,
                                 r3_vopd_both, so the loop's short path takes the pair as one) */
    uint32_t next_pc;         /* byte offset of the following instruction */
    uint32_t literal;
    uint16_t src[3];          /* source codes: < 256 scalar or constant (255 the literal), >= 256 VGPR;
                                 SOP1/SOP2/SOPC/SOPK: SSRC0, SSRC1 */
    uint16_t vdst;            /* destination field: a VGPR number, or an SGPR code for scalar results
                                 (SOP1/SOP2/SOPK SDST) */
    uint16_t sdst;            /* lane-mask destination: VOP3SD SDST, VOPC-in-VOP3 VDST, else VCC (106) */
    uint16_t simm16;          /* SOPK and SOPP: the 16-bit immediate */
    uint8_t seq;              /* the next execution form (this one + 1) is the instruction at next_pc */
    uint8_t absorb;           /* fast paths: how many instructions that do nothing (r3_does_nothing),
                                 all of one class, follow this one straight on; the run loop counts
                                 them with it, without running them, unless it branched or stopped */
    uint8_t vopd_direct;      /* VOPD: the Y half reads no VGPR the X half writes, so X's result
                                 need not wait for Y's reads */
    uint8_t plain;            /* fast paths: the run loop's short path will do: implemented, no VOPD
                                 but a vopd_direct one, cannot wait on another workgroup, and no
                                 hazard to track (a VALU or VOPD
                                 instruction only in a program without a reader of r3_wave.hz_prev:
                                 r3_reads_hazards) */
    uint8_t enc;              /* r3_xenc */
    uint8_t row_src;          /* VALU, bit k: source k is a VGPR read as it is (not through DPP), so a
                                 32-lane fast path may read its register row in place (r3_src_b32_view) */
    uint8_t row_src_f;        /* ... and has no ABS/NEG either (r3_src_f32_view) */
    uint8_t f32_as_is;        /* VOP1/VOP2/VOPC/VOP3 without DPP, ABS, NEG, OMOD or CLAMP: nothing
                                 applies to its f32 sources or result but MODE (r3_f32_direct) */
    uint8_t cls;              /* r3_xclass */
    uint8_t neg, abs;         /* bit k: modifier on source k (VOP3; e32 DPP16 from the DPP word) */
    uint8_t opsel;            /* VOP3: bit k selects the high half of 16-bit source k, bit 3 the result's;
                                 VOP3P: the low-half selects */
    uint8_t opsel_hi, neg_hi; /* VOP3P: high-half selects and negates */
    uint8_t omod, clamp;
    uint8_t dpp;              /* 0, 8 or 16 */
    uint8_t dpp_fi, dpp_bc;   /* fetch inactive lanes; bound_ctrl (out-of-range or inactive sources read 0) */
    uint8_t row_mask, bank_mask;
    uint16_t dpp_ctrl;
    uint32_t dpp8;            /* DPP8: eight 3-bit lane selects */
    uint64_t dpp_lanes;       /* lanes the DPP row and bank masks let write (all without DPP) */
    /* FLAT, GLOBAL, SCRATCH: the address terms, decoded once (r3_vmem_address reads them per lane);
       DATA in src[1] and VDST in vdst, as for DS */
    int32_t mem_offset;       /* the instruction offset: signed 13-bit (GLOBAL, SCRATCH), 12-bit (FLAT) */
    uint16_t mem_vaddr, mem_saddr;
    uint8_t mem_form;         /* r3_xmem */
    /* DS: ADDR, DATA0, DATA1 in src[0..2], VDST in vdst, OFFSET0 | OFFSET1 << 8 in mem_offset;
       SMEM: SBASE * 2 and SOFFSET in src[0..1], SDATA in vdst, the signed OFFSET in mem_offset */
    uint8_t ds_gds;           /* the GDS bit */
    uint8_t lds_direct;       /* reads source code 254, LDS direct, which gfx11 lacks: fn is NULL and
                                 running it faults (r3_reads_lds_direct) */
};

/* How a FLAT/GLOBAL/SCRATCH lane forms its address. */
typedef enum {
    R3XM_FLAT,                /* 64-bit VADDR + offset, then the aperture */
    R3XM_GLOBAL_V,            /* 64-bit VADDR + offset */
    R3XM_GLOBAL_SV,           /* 64-bit SADDR + 32-bit VADDR + offset */
    R3XM_GLOBAL_ST,           /* 64-bit SADDR + 4 x lane + offset (the addtid forms) */
    R3XM_SCRATCH,             /* offset (+ VADDR with SVE) (+ SADDR unless null), 32 bits */
} r3_xmem;

typedef struct {
    r3_xop *ops;              /* one per decoded instruction, same index as the code object's */
    r3_xop *halves;           /* VOPD Y halves */
    r3_inst *half_insts;      /* the Y halves as decoded instructions of their own */
    size_t n, nhalves;
    int device_waits;         /* the code has GWS or ordered-count instructions: run co-resident */
    struct r3_jit *jit;       /* the translated code (r3_jit.h) */
} r3_xprog;

/* Builds the execution form of every instruction for one wave size; returns 0, or -1 when out of
   memory. */
int r3_xprog_build(r3_xprog *p, const r3_codeobj *co, int wave64);
void r3_xprog_free(r3_xprog *p);

#endif
