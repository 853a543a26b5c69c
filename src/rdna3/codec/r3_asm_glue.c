/* Connects the RDNA3 instruction encoder and kernel-descriptor builder to the assembler driver. */
#include "r3_asm_glue.h"

#include <stdio.h>
#include <string.h>

#include "r3_asm.h"
#include "rdna3/codeobj/r3_kd.h"

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

/* .amdhsa_kernel NAME: the 64-byte descriptor NAME.kd, whose entry offset points at NAME. */
int r3_asm_block(void *isa_ctx, const char *directive, const char *args, char *const *lines, int nlines,
                 const asm_expr_env *env, uint8_t *out, char *label, size_t labelsize, char *err, size_t errsize)
{
    const int *wave64 = isa_ctx;
    if (strcmp(directive, ".amdhsa_kernel") != 0) {
        snprintf(err, errsize, "unknown directive");
        return -1;
    }
    size_t n = strcspn(args, " \t");
    if (!n) {
        snprintf(err, errsize, "expected symbol name after .amdhsa_kernel");
        return -1;
    }
    r3_kd kd;
    if (r3_kd_from_directives(lines, nlines, *wave64, &kd, err, errsize))
        return -1;
    int64_t entry = 0;
    if (env->lookup && env->lookup(env->ctx, args, n, &entry))
        kd.entry_offset = entry - env->pc;
    r3_kd_encode(&kd, out);
    snprintf(label, labelsize, "%.*s.kd", (int)n, args);
    return R3_KD_SIZE;
}

asm_isa r3_asm_isa(int *wave64)
{
    static const char *const blocks[] = {".amdhsa_kernel", ".end_amdhsa_kernel", NULL};
    asm_isa isa = {wave64, r3_asm_encode, r3_asm_block, blocks, NULL, 0};
    return isa;
}
