/* Assembler expression evaluator: precedence climbing over the operator table of seed 002. */
#include "asm_expr.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

const char *asm_skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static int asm_is_symbol_start(int c)
{
    return isalpha(c) || c == '_' || c == '.';
}

static int asm_is_symbol_char(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '@';
}

/* Integer forms: decimal, 0b binary, 0 octal, 0x hex. (Seed 002 also lists the 0ffh suffix form;
   llvm-mc-19 rejects it for AMDGPU, and so do we.) */
static int asm_parse_number(const char **pp, asm_value *out, char *err, size_t errsize)
{
    const char *p = *pp;
    const char *end = p;
    while (isalnum((unsigned char)*end) || *end == '.')
        end++;
    /* floats: a decimal separator or exponent, or a hex float with a p exponent */
    int is_hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    const char *q = p;
    int has_dot = 0, has_exp = 0;
    while (q < end) {
        if (*q == '.')
            has_dot = 1;
        if (!is_hex && (*q == 'e' || *q == 'E'))
            has_exp = 1;
        if (is_hex && (*q == 'p' || *q == 'P'))
            has_exp = 1;
        q++;
    }
    if (has_dot || has_exp) {
        char *fend;
        /* exponent signs are part of the literal */
        double d = strtod(p, &fend);
        if (fend == p) {
            snprintf(err, errsize, "invalid floating-point literal");
            return -1;
        }
        /* llvm-mc reads an exponent without digits ("1e", "1e+") as no exponent */
        if ((*fend == 'e' || *fend == 'E') && !is_hex) {
            const char *x = fend + 1;
            if (*x == '+' || *x == '-')
                x++;
            if (!isdigit((unsigned char)*x))
                fend = (char *)x;
        }
        out->is_float = 1;
        out->f = d;
        *pp = fend;
        return 0;
    }
    uint64_t v = 0;
    int base = 10;
    const char *digits = p;
    const char *dend = end;
    if (is_hex) {
        base = 16;
        digits = p + 2;
    } else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B') && end - p > 2) {
        base = 2;
        digits = p + 2;
    } else if (p[0] == '0' && end - p > 1) {
        base = 8;
        digits = p + 1;
    }
    if (digits >= dend) {
        snprintf(err, errsize, "invalid number");
        return -1;
    }
    for (const char *d = digits; d < dend; d++) {
        int c = tolower((unsigned char)*d);
        int dv = isdigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : 99;
        if (dv >= base) {
            snprintf(err, errsize, "invalid number");
            return -1;
        }
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base) { /* llvm-mc-19 rejects these too */
            snprintf(err, errsize, "literal value out of range");
            return -1;
        }
        v = v * (uint64_t)base + (uint64_t)dv;
    }
    out->is_float = 0;
    out->i = (int64_t)v;
    *pp = end;
    return 0;
}

static int asm_parse_binary(const char **pp, const asm_expr_env *env, int min_prec, asm_value *out, char *err,
                            size_t errsize);

static int asm_parse_primary_body(const char **pp, const asm_expr_env *env, asm_value *out, char *err,
                                  size_t errsize);

/* Nesting (parentheses, unary operators, and symbols whose definitions are evaluated where they
   are used) is bounded, so no text can exhaust the stack (found by fuzz_vt_asm). Per thread: the
   parser keeps no other state. */
static _Thread_local int asm_expr_depth;

static int asm_parse_primary(const char **pp, const asm_expr_env *env, asm_value *out, char *err, size_t errsize)
{
    if (asm_expr_depth >= 1000) {
        memset(out, 0, sizeof *out);
        snprintf(err, errsize, "expression nested too deeply");
        return -1;
    }
    asm_expr_depth++;
    int rc = asm_parse_primary_body(pp, env, out, err, errsize);
    asm_expr_depth--;
    return rc;
}

static int asm_parse_primary_body(const char **pp, const asm_expr_env *env, asm_value *out, char *err,
                                  size_t errsize)
{
    const char *p = asm_skip_space(*pp);
    memset(out, 0, sizeof *out);
    if (*p == '(') {
        p++;
        if (asm_parse_binary(&p, env, 0, out, err, errsize))
            return -1;
        p = asm_skip_space(p);
        if (*p != ')') {
            snprintf(err, errsize, "expected ')'");
            return -1;
        }
        *pp = p + 1;
        return 0;
    }
    if (*p == '-' || *p == '+' || *p == '~' || *p == '!') {
        char op = *p++;
        if (asm_parse_primary(&p, env, out, err, errsize))
            return -1;
        if (out->is_float) {
            if (op == '-')
                out->f = -out->f;
            else if (op != '+') {
                snprintf(err, errsize, "invalid operator on a floating-point value");
                return -1;
            }
        } else if (op == '-') {
            out->i = (int64_t)(0 - (uint64_t)out->i);
            out->labels = -out->labels;
        } else if (op == '~') {
            out->i = ~out->i;
        } else if (op == '!') {
            out->i = !out->i;
        }
        if ((op == '~' || op == '!') && out->labels)
            out->nonlinear = 1;
        *pp = p;
        return 0;
    }
    if (isdigit((unsigned char)*p)) {
        *pp = p;
        return asm_parse_number(pp, out, err, errsize);
    }
    if (*p == '.' && isdigit((unsigned char)p[1])) /* ".5": a float, as llvm-mc reads it */
        return asm_parse_number(pp, out, err, errsize);
    if (*p == '.' && !asm_is_symbol_char((unsigned char)p[1])) {
        out->i = env ? env->pc : 0;
        out->relocatable = 1;
        out->labels = 1;
        out->any_label = 1;
        out->pc_relative = 1;
        *pp = p + 1;
        return 0;
    }
    if (asm_is_symbol_start((unsigned char)*p)) {
        const char *s = p;
        while (asm_is_symbol_char((unsigned char)*p))
            p++;
        int64_t v = 0;
        int kind = env && env->lookup ? env->lookup(env->ctx, s, (size_t)(p - s), &v) : 0;
        out->forward = kind == 0 || (kind & ASM_SYM_LATER);
        kind &= ~ASM_SYM_LATER;
        out->undefined = kind == 0;
        out->undefined_name = kind == 0 ? s : NULL;
        out->undefined_len = kind == 0 ? (size_t)(p - s) : 0;
        out->relocatable = kind != 1;
        out->labels = kind == 2;
        out->any_label = kind == 2;
        out->pc_relative = 1;
        out->i = v;
        *pp = p;
        return 0;
    }
    snprintf(err, errsize, "expected an expression");
    return -1;
}

/* Binary operators and their precedence, higher binding tighter. llvm-mc-19 uses GNU as precedence
   for AMDGPU, which differs from the table in seed 002: * / % << >> bind tightest, then | ^ & !
   (or-not), then + -, then comparisons, then &&, then ||. */
static int asm_binary_op(const char *p, int *prec, int *len)
{
    static const struct {
        const char *tok;
        int prec;
    } ops[] = {{"&&", 2}, {"||", 1}, {"==", 3}, {"!=", 3}, {"<>", 3}, {"<=", 3}, {">=", 3}, {"<<", 6},
               {">>", 6}, {"|", 5},  {"^", 5},  {"&", 5},  {"!", 5},  {"<", 3},  {">", 3},  {"+", 4},
               {"-", 4},  {"*", 6},  {"/", 6},  {"%", 6}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].tok);
        if (strncmp(p, ops[i].tok, n) == 0) {
            *prec = ops[i].prec;
            *len = (int)n;
            return 1;
        }
    }
    return 0;
}

static int64_t asm_apply(const char *op, int len, int64_t a, int64_t b, int *div0)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    if (len == 2) {
        switch (op[0] * 256 + op[1]) {
        case '&' * 256 + '&': return a && b;
        case '|' * 256 + '|': return a || b;
        /* comparisons are all ones when true, as in LLVM's MC expressions */
        case '=' * 256 + '=': return -(int64_t)(a == b);
        case '!' * 256 + '=':
        case '<' * 256 + '>': return -(int64_t)(a != b);
        case '<' * 256 + '=': return -(int64_t)(a <= b);
        case '>' * 256 + '=': return -(int64_t)(a >= b);
        case '<' * 256 + '<': return (int64_t)(ua << (ub & 63));
        case '>' * 256 + '>': return (int64_t)(ua >> (ub & 63)); /* logical, as llvm-mc */
        default: return 0;
        }
    }
    switch (op[0]) {
    case '|': return (int64_t)(ua | ub);
    case '^': return (int64_t)(ua ^ ub);
    case '&': return (int64_t)(ua & ub);
    case '!': return (int64_t)(ua | ~ub); /* or-not, as in GNU as */
    case '<': return -(int64_t)(a < b);
    case '>': return -(int64_t)(a > b);
    case '+': return (int64_t)(ua + ub);
    case '-': return (int64_t)(ua - ub);
    case '*': return (int64_t)(ua * ub);
    case '/':
    case '%':
        if (b == 0 || (a == INT64_MIN && b == -1)) {
            *div0 = 1;
            return 0;
        }
        return op[0] == '/' ? a / b : a % b;
    default: return 0;
    }
}

static int asm_parse_binary(const char **pp, const asm_expr_env *env, int min_prec, asm_value *out, char *err,
                            size_t errsize)
{
    if (asm_parse_primary(pp, env, out, err, errsize))
        return -1;
    for (;;) {
        const char *p = asm_skip_space(*pp);
        int prec, len;
        if (!asm_binary_op(p, &prec, &len) || prec < min_prec)
            return 0;
        asm_value rhs;
        p += len;
        if (asm_parse_binary(&p, env, prec + 1, &rhs, err, errsize))
            return -1;
        if (out->is_float || rhs.is_float) {
            snprintf(err, errsize, "floating-point expressions are not supported");
            return -1;
        }
        int div0 = 0;
        out->i = asm_apply(asm_skip_space(*pp), len, out->i, rhs.i, &div0);
        if (div0) {
            snprintf(err, errsize, "division by zero");
            return -1;
        }
        if (!out->undefined && rhs.undefined) {
            out->undefined_name = rhs.undefined_name;
            out->undefined_len = rhs.undefined_len;
        }
        out->undefined |= rhs.undefined;
        out->forward |= rhs.forward;
        out->any_label |= rhs.any_label;
        out->nonlinear |= rhs.nonlinear;
        char opc = *asm_skip_space(*pp);
        if (len == 1 && (opc == '+' || opc == '-')) {
            out->labels += opc == '-' ? -rhs.labels : rhs.labels;
        } else if (out->labels || rhs.labels) {
            out->nonlinear = 1;
            out->labels = 0;
        }
        /* LLVM's needsPCRel: a subtraction makes its operands data, anything else keeps a symbol */
        out->pc_relative = len == 1 && opc == '-' ? 0 : out->pc_relative | rhs.pc_relative;
        if (len == 1 && opc == '-' && out->relocatable && rhs.relocatable)
            out->relocatable = 0; /* label - label is absolute */
        else
            out->relocatable |= rhs.relocatable;
        *pp = p;
    }
}

int asm_expr_parse(const char **p, const asm_expr_env *env, asm_value *out, char *err, size_t errsize)
{
    return asm_parse_binary(p, env, 0, out, err, errsize);
}
