/* The Ventus assembler: GNU RISC-V syntax for every row of isa/ventus/ventus.def, the usual
   pseudo-instructions (li, la, mv, not, neg, j, jr, call, tail, ret, nop, beqz, csrr, ...) and `.insn`,
   connected to the shared assembler driver; code is placed at 0x80000000 as Ventus kernels are. */
#ifndef WAVESIM_VT_ASM_H
#define WAVESIM_VT_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "asm/asm_source.h"

#define VT_CODE_BASE 0x80000000u

/* Sizes chosen while sizing (pass 0), so that pass 1 emits the same layout. */
typedef struct {
    uint8_t *sizes;
    size_t n, cap, next;
    int pass;
} vt_asm_ctx;

/* Encodes one line (instruction, pseudo-instruction or .insn) into up to 2 words. Returns the byte
   count, or -1 with err/errcol. */
int vt_asm_encode(void *ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err, size_t errsize,
                  int *errcol);

/* The ELF32 executable of an assembly result: every allocated section as one segment from
   VT_CODE_BASE, with the labels as symbols. Returns 0 and a malloc'ed image, or -1 with err. */
int vt_image_build(const asm_result *res, uint8_t **image, size_t *size, char *err, size_t errsize);

/* The assembler-driver description; ctx must outlive the assembly and be zeroed first. */
asm_isa vt_asm_isa(vt_asm_ctx *ctx);
void vt_asm_ctx_free(vt_asm_ctx *ctx);

#endif
