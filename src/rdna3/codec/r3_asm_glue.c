/* Connects the RDNA3 instruction encoder to the ISA-independent assembler driver. */
#include "r3_asm_glue.h"

#include <string.h>

#include "r3_asm.h"

int r3_asm_encode(void *isa_ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err,
                  size_t errsize, int *errcol)
{
    const int *wave64 = isa_ctx;
    r3_encoding enc;
    if (r3_assemble(text, *wave64, env, &enc, err, errsize, errcol))
        return -1;
    for (int i = 0; i < enc.nwords; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + b] = (uint8_t)(enc.words[i] >> (8 * b));
    return 4 * enc.nwords;
}
