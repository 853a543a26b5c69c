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

/* AMD's object directives: .amdgcn_target (the target string; the code object writer takes the
   target from --mcpu, so it is accepted and not used) and .amdhsa_code_object_version N. */
static int r3_asm_directive(void *ctx, const char *name, size_t len, const char *args, const asm_expr_env *env,
                            asm_result *r, char *err, size_t errsize)
{
    (void)ctx;
    if (len == 14 && strncmp(name, ".amdgcn_target", 14) == 0)
        return 1;
    if (len == 27 && strncmp(name, ".amdhsa_code_object_version", 27) == 0) {
        asm_value v;
        const char *x = args;
        if (asm_expr_parse(&x, env, &v, err, errsize))
            return -1;
        r->object_version = (int)v.i;
        return 1;
    }
    return 0;
}

asm_isa r3_asm_isa(int *wave64)
{
    static const char *const blocks[] = {".amdhsa_kernel", ".end_amdhsa_kernel", NULL};
    asm_isa isa = {wave64, r3_asm_encode, r3_asm_block, blocks, NULL, 0, {".amdgpu_metadata", ".end_amdgpu_metadata"},
                   r3_asm_directive};
    return isa;
}
