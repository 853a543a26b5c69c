/* The matrix multiply-add instructions of seed 003 ("自定义矩阵乘加指令"): MMA (32-bit, major opcode
   0x0a, the Ventus LLVM backend's layout and values; also 0x61, the opcode of the reference test
   vectors' `.insn r 0x61` kernels) and MMA64 (64-bit, major 0x3f, the seed's fields), decoded into
   one description that the printer, the assembler and the executor share. */
#ifndef WAVESIM_VT_MMA_H
#define WAVESIM_VT_MMA_H

#include <stddef.h>
#include <stdint.h>

#include "vt_isa.h"

/* A/B element types (MMA's 4-bit atype; MMA64's DT extends it: wavesim-chosen values 3 up). */
enum { VT_MMA_TF32 = 0, VT_MMA_F16 = 1, VT_MMA_BF16 = 2, VT_MMA_E4M3 = 3, VT_MMA_E5M2 = 4, VT_MMA_S8 = 8,
       VT_MMA_U8 = 9 };

typedef struct {
    uint8_t is64;
    uint8_t shape, dt, ct, al, bl;  /* the fields */
    uint8_t rnd, sp, wg, a_reg;     /* MMA64 only: RD, SP, wg, a */
    uint8_t m, n, k;                /* the shape in elements */
    uint8_t ebits;                  /* A/B element bits: 32 (tf32), 16, 8 */
    uint8_t is_int;                 /* integer A/B (int32 C/D) */
    uint8_t a_regs, b_regs, c_regs; /* registers per operand window (32 lanes each) */
} vt_mma_desc;

/* Decodes the fields of an MMA or MMA64 instruction; returns 0 for a combination wavesim runs,
   -1 otherwise (d still holds the fields). */
int vt_mma_decode(const vt_inst *in, vt_mma_desc *d);

/* The mnemonic ("mma.m16n8k16.row.col.f32.f16.f16.f32", "mma64....[.rz]") of a supported d. */
void vt_mma_name(const vt_mma_desc *d, char *buf, size_t size);

/* Parses a mnemonic of vt_mma_name's form into d (and validates it); 0, or -1. */
int vt_mma_parse(const char *mn, vt_mma_desc *d);

/* The instruction bits of d's fields: the word of MMA, or the low and high words of MMA64 (without
   registers and opcode). */
void vt_mma_fields(const vt_mma_desc *d, uint32_t *lo, uint32_t *hi);

#endif
