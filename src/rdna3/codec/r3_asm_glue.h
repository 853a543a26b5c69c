/* The RDNA3 back end of the assembler driver: instruction encoding and the .amdhsa_kernel block;
   isa_ctx points to an int, non-zero for wave64. */
#ifndef WAVESIM_R3_ASM_GLUE_H
#define WAVESIM_R3_ASM_GLUE_H

#include "asm/asm_source.h"

int r3_asm_encode(void *isa_ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err,
                  size_t errsize, int *errcol);
int r3_asm_block(void *isa_ctx, const char *directive, const char *args, char *const *lines, int nlines,
                 const asm_expr_env *env, uint8_t *out, char *label, size_t labelsize, char *err, size_t errsize);
/* The driver hooks for RDNA3, with *wave64 selecting the wave size. */
asm_isa r3_asm_isa(int *wave64);

#endif
