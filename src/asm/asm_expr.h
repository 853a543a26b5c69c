/* Assembler expressions (seed 002): integer and float literal forms, symbols, '.', and the binary
   and unary operators with their precedence levels. ISA-independent. */
#ifndef WAVESIM_ASM_EXPR_H
#define WAVESIM_ASM_EXPR_H

#include <stddef.h>
#include <stdint.h>

/* Looks a symbol up: returns 1 and sets *value for an absolute symbol, 2 for a label (an address),
   0 when it is not defined (yet); ASM_SYM_LATER added to 1 or 2 when its definition comes after the
   current line (known from an earlier pass). */
enum { ASM_SYM_LATER = 4 };
typedef int (*asm_symbol_fn)(void *ctx, const char *name, size_t len, int64_t *value);

typedef struct {
    asm_symbol_fn lookup;
    void *ctx;
    int64_t pc;            /* the value of '.' */
    int pass;              /* 0: sizing (labels ahead are undefined), 1: final encoding */
    /* the instruction being encoded ends in a literal that llvm-mc's relocatable object leaves to a
       relocation (zero bytes there); linkable: a linker resolves it from this image alone, as the
       bytes given do; undefined (len bytes, else NULL): the symbol it refers to is defined nowhere in
       the source, so only a linker with another object could (NULL: not recorded) */
    void (*relocation)(void *ctx, int linkable, const char *undefined, size_t len);
} asm_expr_env;

typedef struct {
    int is_float;          /* a bare float literal (expressions on floats are not supported) */
    double f;
    int64_t i;
    int undefined;         /* referenced a symbol not defined yet */
    const char *undefined_name; /* the first such symbol, in the parsed text (undefined_len bytes) */
    size_t undefined_len;
    int relocatable;       /* referenced a label or '.' (and no difference cancelled it) */
    int forward;           /* referenced a symbol defined after this line */
    int any_label;         /* referenced a label or '.' (even where a difference cancels it) */
    int labels;            /* the net count of label terms: +1 for a label or '.', -1 for a subtracted one */
    int nonlinear;         /* a label under an operator other than +, - and unary minus */
    int pc_relative;       /* LLVM's rule for a fixup: a symbol not under a subtraction (needsPCRel) */
} asm_value;

/* Parses an expression at *p; advances *p past it. Returns 0, or -1 with a message in err. */
int asm_expr_parse(const char **p, const asm_expr_env *env, asm_value *out, char *err, size_t errsize);

/* Skips spaces and tabs. */
const char *asm_skip_space(const char *p);

#endif
