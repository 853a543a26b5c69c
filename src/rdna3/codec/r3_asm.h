/* RDNA3 assembler back end: parses one instruction in LLVM 19 syntax and encodes it from the tables. */
#ifndef WAVESIM_R3_ASM_H
#define WAVESIM_R3_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "asm/asm_expr.h"

typedef struct {
    uint32_t words[4];
    int nwords;
} r3_encoding;

/* Encodes the instruction text (mnemonic and operands, no label or comment). Returns 0, or -1 with
   an LLVM-style message in err and the column (0-based) it refers to in *errcol. */
int r3_assemble(const char *text, int wave64, const asm_expr_env *env, r3_encoding *out, char *err, size_t errsize,
                int *errcol);

#endif
