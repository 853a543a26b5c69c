/* The RDNA3 encoder as an asm_encode_fn for the assembler driver; isa_ctx points to an int wave64. */
#ifndef WAVESIM_R3_ASM_GLUE_H
#define WAVESIM_R3_ASM_GLUE_H

#include "asm/asm_source.h"

int r3_asm_encode(void *isa_ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err,
                  size_t errsize, int *errcol);

#endif
