/* Assembler expressions (seed 002): integer and float literal forms, symbols, '.', and the binary
   and unary operators with their precedence levels. ISA-independent. */
#ifndef WAVESIM_ASM_EXPR_H
#define WAVESIM_ASM_EXPR_H

#include <stddef.h>
#include <stdint.h>

/* Looks a symbol up: returns 1 and sets *value for an absolute symbol, 2 for a label (an address),
   0 when it is not defined (yet). */
typedef int (*asm_symbol_fn)(void *ctx, const char *name, size_t len, int64_t *value);

typedef struct {
    asm_symbol_fn lookup;
    void *ctx;
    int64_t pc;            /* the value of '.' */
    int pass;              /* 0: sizing (labels ahead are undefined), 1: final encoding */
} asm_expr_env;

typedef struct {
    int is_float;          /* a bare float literal (expressions on floats are not supported) */
    double f;
    int64_t i;
    int undefined;         /* referenced a symbol not defined yet */
    int relocatable;       /* referenced a label or '.' */
} asm_value;

/* Parses an expression at *p; advances *p past it. Returns 0, or -1 with a message in err. */
int asm_expr_parse(const char **p, const asm_expr_env *env, asm_value *out, char *err, size_t errsize);

/* Skips spaces and tabs. */
const char *asm_skip_space(const char *p);

#endif
