/* RDNA3 assembler back end: operand syntax of seed 002 (registers, inline constants, literals,
   modifiers, symbolic operands), matched against the table rows of a mnemonic and encoded. */
#include "r3_asm.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3_codec.h"
#include "r3_mimg.h"
#include "r3_symbolic.h"

typedef struct {
    const r3_operand *o;
    unsigned width;
    const char *at;
} r3_deferred_width;

typedef struct {
    const char *start;        /* the whole line, for error columns */
    r3_deferred_width deferred[4]; /* memory operands whose width depends on modifiers */
    int ndeferred;
    unsigned vaddr_width;     /* registers given in a buffer/scratch VADDR place, 0 for off */
    int dpp_mode;             /* parsing a DPP form: src0 goes to the DPP dword */
    unsigned vopd_ydst;       /* the full VGPR number of a VOPD Y destination */
    int dpp8, dpp16, fi, bound_ctrl; /* what the modifiers asked for */
    int dpp_ctrl_seen;        /* the DPP control comes first, before masks, bound_ctrl and fi */
    unsigned dpp_ctrl, row_mask, bank_mask, dpp8_lanes, dpp_src0, dpp_mods, dpp_word;
    const asm_expr_env *env;
    int wave64;
    uint32_t w[3];
    int has_literal;
    uint32_t literal;
    int literal_fixup;        /* the literal is a fixup's (never shared with another operand) */
    int smem_bare_offset;     /* SMEM: an offset stood in the SOFFSET place (no offset: may follow) */
    int lds_direct_ok;        /* parsing a VOPD SRC0, where llvm-mc-19 takes lds_direct (code 254) */
    char err[160];
    const char *errpos;
} r3_asm_state;

static int r3_fail(r3_asm_state *st, const char *at, const char *msg)
{
    if (!st->err[0]) {
        snprintf(st->err, sizeof st->err, "%s", msg);
        st->errpos = at;
    }
    return -1;
}

static int r3_word_is(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_';
}

/* ---- registers ---- */

typedef struct {
    const char *name;
    unsigned code, width;   /* width 0: fits an operand of any width */
    const char *gfx11_error; /* llvm-mc-19's message when gfx11 has no such operand */
} r3_named_reg;

#define R3_NO_VCCZ "execz and vccz are not supported on this GPU"
#define R3_NO_LDS_DIRECT "lds_direct is not supported on this GPU"

static const r3_named_reg r3_named_regs[] = {
    {"vcc_lo", 106, 1, NULL}, {"vcc_hi", 107, 1, NULL}, {"vcc", 106, 2, NULL}, {"exec_lo", 126, 1, NULL}, {"exec_hi", 127, 1, NULL},
    {"exec", 126, 2, NULL}, {"m0", 125, 1, NULL}, {"null", 124, 0, NULL}, {"src_shared_base", 235, 0, NULL}, {"shared_base", 235, 0, NULL},
    {"src_shared_limit", 236, 0, NULL}, {"shared_limit", 236, 0, NULL}, {"src_private_base", 237, 0, NULL},
    {"private_base", 237, 0, NULL}, {"src_private_limit", 238, 0, NULL}, {"private_limit", 238, 0, NULL},
    {"src_pops_exiting_wave_id", 239, 0, "register not available on this GPU"},
    {"src_vccz", 251, 1, R3_NO_VCCZ}, {"vccz", 251, 1, R3_NO_VCCZ}, {"src_execz", 252, 1, R3_NO_VCCZ},
    {"execz", 252, 1, R3_NO_VCCZ}, {"src_scc", 253, 0, NULL}, {"scc", 253, 0, NULL},
    {"src_lds_direct", 254, 1, R3_NO_LDS_DIRECT}, {"lds_direct", 254, 1, R3_NO_LDS_DIRECT},
};

/* A named register at p (vcc, exec_lo, m0, src_scc...): 1 with its code and width; 0 when none,
   or when gfx11 has none (the failure then carries llvm-mc-19's message). */
static int r3_parse_named_reg(r3_asm_state *st, const char **pp, unsigned *code, unsigned *width)
{
    for (size_t i = 0; i < sizeof r3_named_regs / sizeof r3_named_regs[0]; i++)
        if (r3_word_is(*pp, r3_named_regs[i].name)) {
            if (r3_named_regs[i].gfx11_error && !(st->lds_direct_ok && r3_named_regs[i].code == 254)) {
                r3_fail(st, *pp, r3_named_regs[i].gfx11_error);
                return 0;
            }
            *code = r3_named_regs[i].code;
            *width = r3_named_regs[i].width;
            *pp += strlen(r3_named_regs[i].name);
            return 1;
        }
    return 0;
}

static int r3_parse_index(r3_asm_state *st, const char **pp, int64_t *v)
{
    asm_value val;
    char err[96];
    /* an absolute expression: llvm-mc-19 knows no label's value where it parses one */
    if (asm_expr_parse(pp, st->env, &val, err, sizeof err) || val.is_float || val.undefined || val.any_label ||
        val.forward)
        return -1;
    *v = val.i;
    return 0;
}

/* v3, v[0:3], v[2*2], s.., ttmp..: returns 1 and the code/width when *pp starts a register. */
static int r3_parse_file_reg(r3_asm_state *st, const char **pp, unsigned *code, unsigned *width)
{
    const char *p = *pp;
    unsigned base;
    int limit;
    if (strncmp(p, "ttmp", 4) == 0) {
        base = 108;
        limit = 16;
        p += 4;
    } else if (*p == 'v' || *p == 's') {
        base = *p == 'v' ? 256 : 0;
        limit = *p == 'v' ? 256 : 106;
        p++;
    } else {
        return 0;
    }
    int64_t first, last;
    if (isdigit((unsigned char)*p)) {
        const char *q = p;
        while (isdigit((unsigned char)*q))
            q++;
        if (isalpha((unsigned char)*q) || *q == '_')
            return 0;
        first = last = 0;
        for (const char *d = p; d < q; d++)
            if ((first = first * 10 + (*d - '0')) > 100000) /* far past any register file */
                return 0;
        last = first;
        p = q;
    } else if (*p == '[') {
        p++;
        if (r3_parse_index(st, &p, &first))
            return 0;
        p = asm_skip_space(p);
        last = first;
        if (*p == ':') {
            p++;
            if (r3_parse_index(st, &p, &last))
                return 0;
            p = asm_skip_space(p);
        }
        if (*p != ']')
            return 0;
        p++;
    } else {
        return 0;
    }
    if (first < 0 || last < first || last >= limit)
        return 0;
    *code = base + (unsigned)first;
    *width = (unsigned)(last - first + 1);
    *pp = p;
    return 1;
}

static int r3_parse_register(r3_asm_state *st, const char **pp, unsigned *code, unsigned *width);

/* Whether a register (not a symbol or number) starts at p: "-x" is an expression, "-v1" a modifier. */
static int r3_starts_register(r3_asm_state *st, const char *p)
{
    unsigned code, width;
    return r3_parse_register(st, &p, &code, &width);
}

static int r3_parse_register(r3_asm_state *st, const char **pp, unsigned *code, unsigned *width)
{
    const char *p = *pp;
    if (*p == '[') { /* [s0,s1,...]: consecutive registers */
        const char *q = asm_skip_space(p + 1);
        unsigned c0 = 0, w = 0;
        for (;;) { /* SP3's [vcc], [exec_lo,exec_hi], [m0] too */
            unsigned c, cw;
            if (!r3_parse_file_reg(st, &q, &c, &cw) && !r3_parse_named_reg(st, &q, &c, &cw))
                return 0;
            if (!cw) { /* [scc]: a register of any width stands alone */
                q = asm_skip_space(q);
                if (w || *q != ']')
                    return 0;
                *pp = q + 1;
                *code = c;
                *width = 0;
                return 1;
            }
            if (w && c != c0 + w)
                return 0;
            if (!w)
                c0 = c;
            w += cw;
            q = asm_skip_space(q);
            if (*q == ',') {
                q = asm_skip_space(q + 1);
                continue;
            }
            if (*q != ']')
                return 0;
            *pp = q + 1;
            *code = c0;
            *width = w;
            return 1;
        }
    }
    if (r3_parse_file_reg(st, pp, code, width))
        return 1;
    (void)p;
    return r3_parse_named_reg(st, pp, code, width);
}

/* ---- constants ---- */

static uint16_t r3_f32_to_f16_bits(float f, int *overflow)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
    *overflow = 0;
    if (exp == 0xff)
        return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31) {
        *overflow = 1;
        return (uint16_t)(sign | 0x7c00);
    }
    if (e <= 0) { /* subnormal half: round to nearest even */
        if (e < -10)
            return (uint16_t)sign;
        man |= 0x800000;
        unsigned shift = (unsigned)(14 - e);
        uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
        h++;
    if (h >= 0x7c00)
        *overflow = 1;
    return (uint16_t)(sign | h);
}

static const double r3_inline_floats[8] = {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0};

/* The inline code for a value already in the operand's bit pattern, or 0 if it needs a literal. */
static unsigned r3_inline_code_for_bits(uint64_t bits, r3_literal_class cls)
{
    static const uint16_t bf16_floats[8] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080};
    if (cls == R3L_V2F16 || cls == R3L_V2BF16 || cls == R3L_BF16) { /* the integers, then the 16-bit float patterns */
        int32_t iv = cls == R3L_BF16 ? (int16_t)bits : (int32_t)bits; /* (0.0 is 0, 0xffffffff -1) */
        if (iv >= -16 && iv <= 64)
            return iv >= 0 ? 128 + (unsigned)iv : 192 + (unsigned)-iv;
        int bf = cls != R3L_V2F16;
        for (int i = 0; i < 8; i++) {
            int ovf;
            if (bits == (bf ? bf16_floats[i] : r3_f32_to_f16_bits((float)r3_inline_floats[i], &ovf)))
                return 240 + (unsigned)i;
        }
        return bits == (bf ? 0x3e22u : 0x3118u) ? 248 : 0;
    }
    int wide = cls == R3L_I64 || cls == R3L_F64;
    int64_t sv = cls == R3L_I16 || cls == R3L_F16 ? (int16_t)bits : wide ? (int64_t)bits : (int32_t)bits;
    if (sv >= 0 && sv <= 64)
        return 128 + (unsigned)sv;
    if (sv >= -16 && sv < 0)
        return 192 + (unsigned)-sv;
    for (int i = 0; i < 8; i++) {
        double d = r3_inline_floats[i];
        float f = (float)d;
        uint32_t f32;
        uint64_t f64;
        int ovf;
        memcpy(&f32, &f, 4);
        memcpy(&f64, &d, 8);
        if ((cls == R3L_F16 && bits == r3_f32_to_f16_bits(f, &ovf)) || (cls == R3L_B32 && bits == f32) ||
            (wide && bits == f64))
            return 240 + (unsigned)i;
    }
    if ((cls == R3L_F16 && bits == 0x3118) || (cls == R3L_B32 && bits == 0x3e22f983) ||
        (wide && bits == 0x3fc45f306dc9c882ull))
        return 248;
    return 0;
}

/* A double rounded to a narrower float type, LLVM-style: overflow to infinity and underflow (a
   tiny result that is not exact) are errors; returns -1 for them. to_half: 0 f32, 1 f16, 2 bf16. */
static int r3_round_float(double d, int to_half, uint64_t *bits)
{
    if (!to_half) {
        float f = (float)d;
        uint32_t b;
        if ((isinf(f) && !isinf(d)) || (d != 0 && fabs((double)f) < 1.1754943508222875e-38 && (double)f != d))
            return -1;
        memcpy(&b, &f, 4);
        *bits = b;
        return 0;
    }
    /* f16: 11 bits of precision, exponent bias 15, the smallest subnormal 2^-24; bf16: 8, 127, 2^-133 */
    const int prec = to_half == 2 ? 8 : 11, bias = to_half == 2 ? 127 : 15, min_ulp = to_half == 2 ? -133 : -24;
    const unsigned exp_max = to_half == 2 ? 255 : 31;
    if (isnan(d)) {
        *bits = to_half == 2 ? 0x7fc0 : 0x7e00;
        return 0;
    }
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (isinf(a)) {
        *bits = sign | (exp_max << (prec - 1));
        return 0;
    }
    int e;
    double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    if (a == 0) {
        *bits = sign;
        return 0;
    }
    /* unit in the last place: the smallest subnormal's for subnormals, 2^(e-prec) for normals */
    int ulp_exp = e - prec < min_ulp ? min_ulp : e - prec;
    double q = ldexp(a, -ulp_exp);
    double r = nearbyint(q); /* the default rounding mode: to nearest, ties to even */
    const uint32_t hidden = 1u << (prec - 1);
    if (r == 0 || (ulp_exp == min_ulp && r != q && r < hidden))
        return -1; /* underflow */
    uint32_t mant = (uint32_t)r;
    int ex = ulp_exp + (prec - 1) + bias; /* biased exponent when mant has prec bits */
    if (mant >= 2 * hidden) {
        mant >>= 1;
        ex++;
    }
    if (ulp_exp == min_ulp && mant < hidden) {
        *bits = sign | mant;
        return 0;
    }
    if (ex >= (int)exp_max) { /* overflow: an error, but bf16 (as llvm-mc-19) only beyond f32's range */
        if (to_half == 2 && !isinf((float)d)) {
            *bits = sign | (exp_max << (prec - 1));
            return 0;
        }
        return -1;
    }
    (void)m;
    *bits = sign | (uint32_t)ex << (prec - 1) | (mant & (hidden - 1));
    return 0;
}

/* The literal class of a source: its rule's, or by the opcode's traits two f16/bf16 values (packed
   sources) or one bf16 (SRC2 of a bf16 opcode), which the disassembler's probes cannot tell from a
   dword (isa/rdna3/traits.def). */
static r3_literal_class r3_operand_literal_class(const r3_opinfo *op, const r3_operand *o)
{
    r3_literal_class cls = (r3_literal_class)r3_rules[o->rule].lit;
    int bf = (op->traits & R3T_BF16) != 0;
    if (((op->traits & R3T_PACKED_AB) && (o->field == R3F_SRC0 || o->field == R3F_SRC1)) ||
        ((op->traits & R3T_PACKED_C) && o->field == R3F_SRC2))
        return bf ? R3L_V2BF16 : R3L_V2F16;
    if ((op->traits & R3T_BF16_C) && o->field == R3F_SRC2)
        return R3L_BF16;
    return cls;
}

/* Encodes a numeric operand for a source: an inline code, or 255 with the literal dword. The rules
   are LLVM 19's (seed 002 plus what llvm-mc does): integers -16..64 are inline for every type; other
   integers must truncate to the operand width (16 or 32 bits) without losing information; floats
   convert to the operand's float type (f32 for 32-bit and 16-bit integer operands), must not
   overflow or underflow, and use an inline constant when one has the same bits. The operand's class
   is r3_operand_literal_class; two opcodes bend the 16-bit float rules (below). */
static int r3_encode_constant(r3_asm_state *st, const r3_opinfo *op, const r3_operand *o, const char *at,
                              const asm_value *v, unsigned *code)
{
    uint64_t bits;
    r3_literal_class cls = r3_operand_literal_class(op, o);
    if (cls == R3L_NONE)
        cls = R3L_B32;
    /* v_dot2_bf16_bf16 (R3T_BF16_C) wants its bf16 floats to be f16s too; the VOP3 dot2s' A and B
       take some inexact f16s */
    const int bf16_f16_range = (op->traits & R3T_BF16_C) != 0;
    const int vop3_dot2_ab = op->format == R3_VOP3 && (op->traits & R3T_PACKED_AB) &&
                             (o->field == R3F_SRC0 || o->field == R3F_SRC1);
    if (v->is_float) {
        double d = v->f;
        for (int i = 0; i < 8; i++)
            if (d == r3_inline_floats[i]) {
                *code = 240 + (unsigned)i;
                return 0;
            }
        /* bf16: llvm-mc-19 takes the token 0.15915494 (the f32 1/(2pi) as it prints it) as the inline
           constant, but any other spelling near it (0.15915494309189532, 0.159154937) as the bf16
           literal 0x3e23 */
        if ((cls == R3L_V2BF16 || cls == R3L_BF16) && d == 0.15915494) {
            *code = 248;
            return 0;
        }
        switch (cls) {
        case R3L_F16:
        case R3L_V2F16: /* (packed: the half in the literal's low half) */
        case R3L_BF16:
        case R3L_V2BF16: {
            /* the VOP3 dot2s' A and B (v_dot2_f16_f16, v_dot2_bf16_bf16): llvm-mc-19 takes a value
               whose f16, rounded however inexactly, has the bits of an inline integer (1.0e-8: 0,
               3.0e-8: 1), and encodes that inline, or for bf16 the value's own bf16 bits as a literal;
               every other operand, and other inexact values here, it refuses */
            int ovf = 0;
            uint16_t h = vop3_dot2_ab && d > 0 ? r3_f32_to_f16_bits((float)d, &ovf) : 0xffff;
            if (h <= 64) {
                bits = h;
                if (cls == R3L_V2BF16) {
                    if (r3_round_float(d, 2, &bits))
                        return r3_fail(st, at, "invalid operand for instruction");
                    goto literal;
                }
                break;
            }
            if (r3_round_float(d, cls == R3L_BF16 || cls == R3L_V2BF16 ? 2 : 1, &bits))
                return r3_fail(st, at, "invalid operand for instruction");
            /* v_dot2_bf16_bf16 (R3T_BF16_C): llvm-mc-19 also wants the value to be an f16 (no
               overflow, no inexact subnormal) */
            if ((cls == R3L_BF16 || (cls == R3L_V2BF16 && bf16_f16_range)) && r3_round_float(d, 1, &(uint64_t){0}))
                return r3_fail(st, at, "invalid operand for instruction");
            break;
        }
        case R3L_I64: /* only the inline constants convert to a 64-bit integer operand */
            if (d != 0.15915494309189532)
                return r3_fail(st, at, "invalid operand for instruction");
            *code = 248;
            return 0;
        case R3L_F64:
            memcpy(&bits, &d, 8);
            break;
        default: /* 32-bit operands, and 16-bit integer ones, take the f32 bits */
            if (cls == R3L_I16 && r3_round_float(d, 1, &bits)) /* but must fit an f16 */
                return r3_fail(st, at, "invalid operand for instruction");
            if (r3_round_float(d, 0, &bits))
                return r3_fail(st, at, "invalid operand for instruction");
            if (cls == R3L_I16) {
                if (bits == 0x3e22f983 || bits == 0) { /* 1/(2pi), and 0.0 as the integer 0 */
                    *code = bits ? 248 : 128;
                    return 0;
                }
                goto literal;
            }
            break;
        }
    } else {
        int64_t i = v->i;
        if (i >= -16 && i <= 64) { /* inline integers whatever the operand type */
            *code = i >= 0 ? 128 + (unsigned)i : 192 + (unsigned)-i;
            return 0;
        }
        if (cls == R3L_F64 || cls == R3L_I64) { /* a 64-bit value that is itself an inline constant */
            unsigned ic = r3_inline_code_for_bits((uint64_t)i, cls);
            if (ic) {
                *code = ic;
                return 0;
            }
        }
        unsigned wbits = cls == R3L_I16 || cls == R3L_F16 || cls == R3L_BF16 ? 16 : 32;
        uint64_t hi = (uint64_t)i >> wbits;
        uint64_t all = ~0ull >> wbits;
        int negfit = hi == all && ((uint64_t)i >> (wbits - 1) & 1);
        if (hi != 0 && !negfit)
            return r3_fail(st, at, "invalid operand for instruction");
        bits = (uint64_t)i & ((1ull << wbits) - 1);
        if (cls == R3L_I16 || cls == R3L_I64) /* no float patterns for integer 16/64-bit operands */
            goto literal;
        if (cls == R3L_F64)
            bits <<= 32;
    }
    {
        unsigned ic = r3_inline_code_for_bits(bits, cls);
        if (ic) {
            *code = ic;
            return 0;
        }
    }
literal:;
    uint32_t lit = cls == R3L_F64 ? (uint32_t)(bits >> 32) : (uint32_t)bits;
    if (st->has_literal && (st->literal != lit || st->literal_fixup))
        return r3_fail(st, at, "only one unique literal operand is allowed");
    st->has_literal = 1;
    st->literal = lit;
    *code = 255;
    return 0;
}

/* ---- operands ---- */

typedef struct {
    int neg, abs, sext; /* sext also sets neg: it is the same NEG bit, on an integer source */
} r3_src_mods;

static int r3_is_source(r3_field f)
{
    return f == R3F_SRC0 || f == R3F_SRC1 || f == R3F_SRC2 || f == R3F_SSRC0 || f == R3F_SSRC1;
}

static int r3_nsources(const r3_opinfo *op)
{
    int n = 0;
    for (int i = 0; i < op->noperands; i++)
        if (r3_is_source((r3_field)op->operand[i].field))
            n++;
    return n;
}

/* SYM@rel32@lo, SYM@rel32@hi, SYM@abs32@lo, SYM@abs32@hi, optionally + or - an addend. */
static int r3_is_reloc(const char *p)
{
    const char *e = p;
    while (isalnum((unsigned char)*e) || *e == '_' || *e == '.' || *e == '$')
        e++;
    return e > p && (strncmp(e, "@rel32@", 7) == 0 || strncmp(e, "@abs32@", 7) == 0);
}

/* The code object is written already linked, so these resolve here: rel32 is S + A - P with P the
   address of the literal dword (after the instruction's own dwords), abs32 is S + A. */
static int r3_parse_reloc(r3_asm_state *st, const r3_opinfo *op, const char **pp, unsigned *code)
{
    const char *p = *pp, *at = p;
    const char *e = p;
    while (isalnum((unsigned char)*e) || *e == '_' || *e == '.' || *e == '$')
        e++;
    int rel = strncmp(e, "@rel32@", 7) == 0;
    const char *part = e + 7;
    int hi = strncmp(part, "hi", 2) == 0;
    if (!hi && strncmp(part, "lo", 2) != 0)
        return r3_fail(st, at, "invalid relocation");
    p = asm_skip_space(part + 2);
    int64_t addend = 0;
    if (*p == '+' || *p == '-') {
        asm_value a;
        char err[96];
        int neg = *p == '-';
        p++;
        if (asm_expr_parse(&p, st->env, &a, err, sizeof err) || a.is_float || a.undefined)
            return r3_fail(st, at, "invalid relocation addend");
        addend = neg ? -a.i : a.i;
    }
    int64_t sym = 0;
    int known = st->env && st->env->lookup ? st->env->lookup(st->env->ctx, at, (size_t)(e - at), &sym) : 0;
    uint64_t v = 0;
    if (known) { /* unknown in the first pass: the size does not depend on the value */
        int64_t place = st->env->pc + 4 * r3_formats[op->format].nwords;
        v = (uint64_t)(sym + addend - (rel ? place : 0));
    }
    if (st->env && st->env->relocation) /* an absolute label address cannot follow the image */
        st->env->relocation(st->env->ctx, rel || (known & ~ASM_SYM_LATER) != 2, known ? NULL : at,
                            known ? 0 : (size_t)(e - at));
    uint32_t lit = hi ? (uint32_t)(v >> 32) : (uint32_t)v;
    if (st->has_literal) /* a fixup's literal is never shared */
        return r3_fail(st, at, "only one unique literal operand is allowed");
    st->has_literal = 1;
    st->literal = lit;
    st->literal_fixup = 1;
    *code = 255;
    *pp = p;
    return 0;
}

/* Whether the text [p, end) holds a word that LLVM reads as a register name (s, v, a, acc or ttmp
   and digits), out of range or of a file gfx11 lacks, which it never takes as a symbol. */
static int r3_names_register(const char *p, const char *end)
{
    static const char *const files[] = {"ttmp", "acc", "s", "v", "a"};
    while (p < end) {
        if (!isalpha((unsigned char)*p) && *p != '_' && *p != '.') {
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$'))
            p++;
        for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
            size_t n = strlen(files[k]);
            const char *d = w + n;
            if ((size_t)(p - w) > n && strncmp(w, files[k], n) == 0) {
                while (d < p && isdigit((unsigned char)*d))
                    d++;
                if (d == p)
                    return 1;
            }
        }
    }
    return 0;
}

/* An operand whose value is not known where it is written (a label, '.', a symbol defined further
   on): llvm-mc-19 gives it a 32-bit literal with a fixup, in a 32-bit source of the SOP and e32 VOP
   encodings only. The fixup is PC-relative to the literal's address when a symbol stands outside a
   subtraction (LLVM's needsPCRel), else the value itself (a difference of labels). A PC-relative
   fixup to an absolute symbol leaves a relocation in LLVM's object with zero bytes; so does this
   assembler, and notes it (a code object cannot hold it). */
static int r3_symbolic_literal(r3_asm_state *st, const r3_opinfo *op, const char *at, const asm_value *v,
                               r3_literal_class cls)
{
    int e32 = op->format == R3_SOP1 || op->format == R3_SOP2 || op->format == R3_SOPC || op->format == R3_VOP1 ||
              op->format == R3_VOP2 || op->format == R3_VOPC;
    if (!e32 || st->dpp_mode || v->is_float || (cls != R3L_B32 && cls != R3L_NONE))
        return r3_fail(st, at, "invalid operand for instruction");
    if (st->has_literal) /* a fixup's literal is never shared */
        return r3_fail(st, at, "only one unique literal operand is allowed");
    uint32_t lit = 0;
    if (!v->undefined) {
        int64_t place = st->env->pc + 4; /* the literal follows the instruction's one dword */
        if (v->nonlinear || (v->pc_relative ? v->labels > 1 || v->labels < 0 : v->labels != 0))
            return r3_fail(st, at, "expected relocatable expression");
        lit = (uint32_t)(v->pc_relative ? v->i - place : v->i);
        if (v->pc_relative && !v->labels && st->env->relocation) /* S + A - P: a linker's value */
            st->env->relocation(st->env->ctx, 1, NULL, 0);
    } else if (st->env && st->env->relocation) { /* a symbol defined nowhere: llvm-mc's object leaves it
                                                     to a relocation, a code object cannot */
        st->env->relocation(st->env->ctx, 1, v->undefined_name, v->undefined_len);
    }
    st->has_literal = 1;
    st->literal = lit;
    st->literal_fixup = 1;
    return 0;
}

/* Fields that take constants: VALU/SALU sources and the buffer SOFFSET. */
static int r3_takes_constant(const r3_opinfo *op, r3_field f)
{
    return r3_is_source(f) || (f == R3F_SOFFSET && (op->format == R3_MUBUF || op->format == R3_MTBUF));
}

/* The field value for a register code of the common code space, or -1 if the field cannot hold it. */
static int r3_field_from_code(const r3_operand *o, unsigned code)
{
    switch (o->field) {
    case R3F_SBASE: return code % 2 || code >= 256 ? -1 : (int)(code / 2);
    case R3F_SRSRC: return code % 4 || code >= 256 ? -1 : (int)(code / 4);
    default:
        if (r3_is_source((r3_field)o->field))
            return (int)code;
        if (o->file == 'v' || o->file == 't')
            return code >= 256 ? (int)(code - 256) : -1;
        return code < 256 ? (int)code : -1;
    }
}

static int r3_set_field(r3_asm_state *st, const r3_opinfo *op, r3_field f, uint32_t v)
{
    r3_bits b = r3_formats[op->format].field[f];
    if (!b.width)
        return -1;
    r3_set(st->w, b, v);
    return 0;
}

/* Whether a source takes float input modifiers (neg/abs): the table's per-source NEG column for
   VOP3 forms (P, and not an integer sext), its DPP16 modifier column for the e32 forms. */
static int r3_takes_fp_mods(const r3_opinfo *op, const r3_operand *o)
{
    int i = o->field == R3F_SRC0 ? 0 : o->field == R3F_SRC1 || o->field == R3F_VSRC1 ? 1 : o->field == R3F_SRC2 ? 2 : -1;
    if (i < 0)
        return 0;
    if (op->print_bits[R3F_NEG] >> i & 1)
        return !(op->sext_bits >> i & 1);
    if (op->format == R3_VOP1 || op->format == R3_VOP2 || op->format == R3_VOPC)
        return i < 2 && op->dppmods[2 * i] == 'f';
    return 0;
}

static int r3_parse_reg_operand(r3_asm_state *st, const r3_opinfo *op, const r3_operand *o, const char **pp,
                                r3_src_mods *mods)
{
    const char *p = *pp, *at = p;
    int neg_call = 0, abs_call = 0;
    int sext_call = 0;
    int vop3_mods = op->format == R3_VOP3 || op->format == R3_VINTERP ||
                    (op->format == R3_VOP3P && (op->traits & R3T_MIX)) ||
                    (st->dpp_mode && (o->field == R3F_SRC0 || o->field == R3F_VSRC1));
    int modded = r3_is_source((r3_field)o->field) || o->field == R3F_VSRC1;
    if (modded && vop3_mods && strncmp(p, "sext(", 5) == 0) {
        sext_call = mods->neg = mods->sext = 1; /* integer sources: the NEG bit sign-extends */
        p += 5;
    } else if (modded && vop3_mods) {
        if (strncmp(p, "neg(", 4) == 0) {
            neg_call = mods->neg = 1;
            p += 4;
        } else if (*p == '-' && (p[1] == '|' || r3_starts_register(st, p + 1))) {
            mods->neg = 1;
            p++;
        }
        if (strncmp(p, "abs(", 4) == 0) {
            abs_call = mods->abs = 1;
            p += 4;
        } else if (*p == '|') {
            mods->abs = 1;
            p++;
        }
    }
    unsigned code, width;
    unsigned want = o->kind == R3K_MASK ? (st->wave64 ? 2u : 1u) : o->width;
    st->lds_direct_ok = (op->format == R3_VOPDX || op->format == R3_VOPDY) && o->field == R3F_SRC0;
    const r3_rule *rule = &r3_rules[o->rule];
    /* null as a GLOBAL SADDR: llvm-mc-19 refuses it with a VADDR pair, and with one VADDR encodes the
       code of off, which makes that VADDR a pair; wavesim refuses both (SCRATCH's null means off) */
    if (o->field == R3F_SADDR && op->format == R3_GLOBAL && r3_word_is(p, "null"))
        return r3_fail(st, at, "invalid operand for instruction");
    if (o->field == R3F_SADDR && r3_word_is(p, "off")) {
        r3_set_field(st, op, R3F_SADDR, 124);
        *pp = p + 3;
        return 0;
    }
    if (o->file == 't' && p[0] == 'v' && isdigit((unsigned char)p[1])) { /* true16: v<N>.l / v<N>.h */
        char *end;
        unsigned long idx = strtoul(p + 1, &end, 10);
        if (idx > 127 || end[0] != '.' || (end[1] != 'l' && end[1] != 'h') || isalnum((unsigned char)end[2]))
            return r3_fail(st, at, "invalid operand for instruction");
        code = 256 + (unsigned)idx + (end[1] == 'h' ? 128u : 0u);
        width = 1;
        p = end + 2;
    } else if (r3_parse_register(st, &p, &code, &width)) {
        int shaped = (o->field == R3F_ADDR && op->format == R3_GLOBAL) ||
                     (o->field == R3F_VDATA && (op->format == R3_MUBUF || op->format == R3_MTBUF)) ||
                     r3_is_wmma_acc(op, o);
        if (shaped && st->ndeferred < 4) { /* checked once the modifiers are known */
            st->deferred[st->ndeferred++] = (r3_deferred_width){o, width, at};
            want = width;
        }
        if (width && width != want)
            return r3_fail(st, at, "invalid operand for instruction");
    } else if (r3_takes_constant(op, (r3_field)o->field) && r3_is_reloc(p)) {
        if (r3_parse_reloc(st, op, &p, &code))
            return -1;
    } else if (r3_takes_constant(op, (r3_field)o->field)) {
        asm_value v;
        if (p[0] == '-' && p[1] == '-' && r3_takes_fp_mods(op, o)) /* LLVM: a broken neg modifier */
            return r3_fail(st, at, "invalid syntax, expected 'neg' modifier");
        char err[96], inner[128];
        const char *bar = mods->abs && !abs_call ? strchr(p, '|') : NULL;
        if (bar && (size_t)(bar - p) < sizeof inner) { /* |expr|: the bar is not an operator here */
            const char *ip = inner;
            memcpy(inner, p, (size_t)(bar - p));
            inner[bar - p] = '\0';
            if (asm_expr_parse(&ip, st->env, &v, err, sizeof err) || *asm_skip_space(ip))
                return r3_fail(st, at, "invalid operand for instruction");
            p = bar;
        } else if (asm_expr_parse(&p, st->env, &v, err, sizeof err)) {
            return r3_fail(st, at, err);
        }
        if (v.undefined || v.any_label || v.forward) {
            if (r3_names_register(at, p)) /* s106, v300, a0: registers to LLVM, never symbols */
                return r3_fail(st, at, "register index is out of range");
            for (size_t k = 0; k < sizeof r3_named_regs / sizeof r3_named_regs[0]; k++) /* vccz... */
                if (r3_named_regs[k].gfx11_error && r3_word_is(asm_skip_space(at), r3_named_regs[k].name))
                    return r3_fail(st, at, r3_named_regs[k].gfx11_error);
            if (r3_symbolic_literal(st, op, at, &v, (r3_literal_class)rule->lit))
                return -1;
            code = 255;
        } else if (r3_encode_constant(st, op, o, at, &v, &code)) {
            return -1;
        }
        /* WMMA's C takes no literal and no 1/(2pi): llvm-mc-19 refuses both ("invalid operand"),
           though the disassembler prints code 248 */
        if ((op->traits & R3T_WMMA) && (code == 255 || code == 248))
            return r3_fail(st, at, "invalid operand for instruction");
        /* nor a lane select (v_readlane, v_writelane SRC1) */
        if ((op->traits & R3T_LANE_SELECT) && o->field == R3F_SRC1 && code == 255)
            return r3_fail(st, at, "invalid operand for instruction");
        /* nor does a buffer's SOFFSET take a literal (its inline constants it does) */
        if ((op->format == R3_MUBUF || op->format == R3_MTBUF) && o->field == R3F_SOFFSET && code == 255)
            return r3_fail(st, at, "invalid operand for instruction");
    } else {
        return r3_fail(st, at, "invalid operand for instruction");
    }
    p = asm_skip_space(p);
    if (abs_call || (mods->abs && !abs_call)) {
        if (*p != (abs_call ? ')' : '|'))
            return r3_fail(st, p, "expected closing '|'");
        p++;
    }
    p = asm_skip_space(p);
    if (neg_call || sext_call) {
        if (*p != ')')
            return r3_fail(st, p, "expected ')'");
        p++;
    }
    if (st->dpp_mode && o->field == R3F_SRC1 && code < 256) /* LLVM's assembler: VOP3 DPP src1 is a VGPR */
        return r3_fail(st, at, "invalid operand for instruction");
    if (st->dpp_mode && code == 255) /* ... and a DPP form has no literal (SRC2 takes inline constants) */
        return r3_fail(st, at, "invalid operand for instruction");
    if (st->dpp_mode && o->field == R3F_SRC0) { /* DPP: src0 is a VGPR held in the DPP dword */
        if (code < 256 || r3_rule_char(o, code) != 'o')
            return r3_fail(st, at, "invalid operand for instruction");
        st->dpp_src0 = code - 256;
        *pp = p;
        return 0;
    }
    /* A register-class operand (no inline constant: the rule marks code 128 invalid) takes fewer
       special sources in llvm-mc-19's assembler than the disassembler prints there without a comment:
       a VGPR one (VGPR_32, VReg_*, VRegOrLds_32) none of null, the apertures (src_shared_base ..) and
       SCC; a 32-bit SGPR one (s_movrels_b32) no aperture; a 64-bit one (s_movrels_b64, s_setpc_b64,
       s_rfe_b64) no SCC */
    const char *cls = r3_rules[o->rule].regclass;
    if (o->kind == R3K_REG && r3_rule_char(o, 128) != 'o') {
        int vgpr = cls && (!strncmp(cls, "VGPR", 4) || !strncmp(cls, "VReg", 4)), aperture = code >= 235 && code <= 238;
        if (vgpr ? code == 124 || aperture || code == 253
                 : o->file == 's' && (o->width == 2 ? code == 253 : o->width == 1 && aperture))
            return r3_fail(st, at, "invalid operand for instruction");
    }
    /* nor null for 4 registers or more (s_buffer_* SBASE, MUBUF/MTBUF SRSRC, SMEM SDATA of 128 bits
       and up); for 32 or 64 bits it takes null */
    if (code == 124 && o->width >= 4)
        return r3_fail(st, at, "invalid operand for instruction");
    int fv = o->field == R3F_SOFFSET && code < 256 ? (int)code : r3_field_from_code(o, code);
    if (op->format == R3_VOPDY && o->field == R3F_VDST && fv >= 0) { /* stored without its low bit */
        st->vopd_ydst = (unsigned)fv;
        fv >>= 1;
    }
    if (fv < 0 || r3_rule_char(o, (unsigned)fv) != 'o')
        return r3_fail(st, at, "invalid operand for instruction");
    r3_set_field(st, op, (r3_field)o->field, (uint32_t)fv);
    *pp = p;
    return 0;
}

/* counter(N) lists: "vmcnt(0) lgkmcnt(0)", separated by spaces, '&' or ','. */
static int r3_parse_waitcnt(r3_asm_state *st, const char **pp, unsigned *out)
{
    static const struct {
        const char *name;
        unsigned lo, width;
    } cnt[] = {{"vmcnt", 10, 6}, {"expcnt", 0, 3}, {"lgkmcnt", 4, 6}};
    const char *p = *pp;
    unsigned v = 0xffff & ~0x8u;
    v = (63u << 10) | 7u | (63u << 4);
    int any = 0;
    for (;;) {
        p = asm_skip_space(p);
        size_t k;
        for (k = 0; k < 3; k++)
            if (strncmp(p, cnt[k].name, strlen(cnt[k].name)) == 0 && p[strlen(cnt[k].name)] == '(')
                break;
        if (k == 3)
            break;
        p += strlen(cnt[k].name) + 1;
        int64_t n;
        if (r3_parse_index(st, &p, &n) || *p != ')')
            return r3_fail(st, p, "expected a counter value");
        if (n < 0 || n >= (1 << cnt[k].width))
            return r3_fail(st, p, "too large value for ") ;
        p++;
        v = (v & ~(((1u << cnt[k].width) - 1) << cnt[k].lo)) | ((unsigned)n << cnt[k].lo);
        any = 1;
        const char *q = asm_skip_space(p);
        if (*q == '&' || *q == ',')
            p = q + 1;
    }
    if (!any)
        return 1;
    *out = v;
    *pp = p;
    return 0;
}

static int r3_lookup_name(const char *p, size_t n, const char *(*name_of)(unsigned), unsigned limit, unsigned *out)
{
    for (unsigned i = 0; i < limit; i++) {
        const char *nm = name_of(i);
        if (nm && strlen(nm) == n && strncmp(nm, p, n) == 0) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

static int r3_parse_name_or_value(r3_asm_state *st, const char **pp, const char *(*name_of)(unsigned),
                                  unsigned limit, unsigned *out)
{
    const char *p = asm_skip_space(*pp);
    const char *q = p;
    while (isalnum((unsigned char)*q) || *q == '_')
        q++;
    if (q > p && isalpha((unsigned char)*p) && r3_lookup_name(p, (size_t)(q - p), name_of, limit, out)) {
        *pp = q;
        return 0;
    }
    int64_t v;
    if (r3_parse_index(st, &p, &v) || v < 0 || v >= (int64_t)limit)
        return -1;
    *out = (unsigned)v;
    *pp = p;
    return 0;
}

static int r3_parse_call_args(r3_asm_state *st, const char **pp, unsigned *args, int max)
{
    int n = 0;
    const char *p = *pp;
    while (n < max) {
        p = asm_skip_space(p);
        if (*p != ',')
            break;
        int64_t v;
        p++;
        if (r3_parse_index(st, &p, &v) || v < 0 || v > 0xffffffffll)
            return -1;
        args[n++] = (unsigned)v;
    }
    p = asm_skip_space(p);
    if (*p != ')')
        return -1;
    *pp = p + 1;
    return n;
}

static int r3_parse_symbolic(r3_asm_state *st, const r3_operand *o, const char **pp, unsigned *out)
{
    const char *p = *pp;
    unsigned args[2] = {0, 0};
    if (o->kind == R3K_WAITCNT)
        return r3_parse_waitcnt(st, pp, out);
    if (o->kind == R3K_SENDMSG && strncmp(p, "sendmsg(", 8) == 0) {
        p += 8;
        unsigned id;
        /* llvm-mc-19: an 8-bit id, a 3-bit operation and a 2-bit stream */
        if (r3_parse_name_or_value(st, &p, r3_sendmsg_name, 256, &id) || r3_parse_call_args(st, &p, args, 2) < 0 ||
            args[0] > 7 || args[1] > 3)
            return r3_fail(st, *pp, "invalid message id");
        *out = id | (args[0] << 4) | (args[1] << 8);
        *pp = p;
        return 0;
    }
    if (o->kind == R3K_HWREG && strncmp(p, "hwreg(", 6) == 0) {
        p += 6;
        unsigned id;
        int n;
        if (r3_parse_name_or_value(st, &p, r3_hwreg_name, 64, &id) || (n = r3_parse_call_args(st, &p, args, 2)) < 0 ||
            n == 1 || id > 63 || args[0] > 31 || (n == 2 && (args[1] < 1 || args[1] > 32)))
            return r3_fail(st, *pp, "invalid hardware register");
        *out = id | (args[0] << 6) | ((n == 2 ? args[1] - 1 : 31) << 11);
        *pp = p;
        return 0;
    }
    if (o->kind == R3K_DELAY && (strncmp(p, "instid", 6) == 0 || strncmp(p, "instskip", 8) == 0)) {
        unsigned v = 0;
        for (;;) {
            int which = strncmp(p, "instid0(", 8) == 0 ? 0 : strncmp(p, "instskip(", 9) == 0 ? 1
                        : strncmp(p, "instid1(", 8) == 0 ? 2 : -1;
            if (which < 0)
                return r3_fail(st, p, "invalid field name");
            p += which == 1 ? 9 : 8;
            const char *q = p;
            while (isalnum((unsigned char)*q) || *q == '_')
                q++;
            const char *const *names = which == 1 ? r3_delay_skip_names : r3_delay_instid_names;
            unsigned n = which == 1 ? 8 : 16, k;
            for (k = 0; k < n; k++)
                if (names[k] && strlen(names[k]) == (size_t)(q - p) && strncmp(names[k], p, (size_t)(q - p)) == 0)
                    break;
            if (k == n || *q != ')')
                return r3_fail(st, p, "invalid value name");
            v |= k << (which == 0 ? 0 : which == 1 ? 4 : 7);
            p = asm_skip_space(q + 1);
            if (*p != '|')
                break;
            p = asm_skip_space(p + 1);
        }
        *out = v;
        *pp = p;
        return 0;
    }
    if (o->kind == R3K_DEPCTR && strncmp(p, "depctr_", 7) == 0) {
        unsigned v = 0; /* fields not named keep their defaults; bits outside the fields are zero */
        for (int i = 0; i < 7; i++)
            v |= r3_depctr_fields[i].dflt << r3_depctr_fields[i].lo;
        for (;;) {
            p = asm_skip_space(p);
            int k;
            for (k = 0; k < 7; k++) {
                size_t n = strlen(r3_depctr_fields[k].name);
                if (strncmp(p, r3_depctr_fields[k].name, n) == 0 && p[n] == '(')
                    break;
            }
            if (k == 7)
                break;
            const r3_depctr_field *f = &r3_depctr_fields[k];
            p += strlen(f->name) + 1;
            int64_t n;
            if (r3_parse_index(st, &p, &n) || *p != ')' || n < 0 || n >= (1 << f->width))
                return r3_fail(st, p, "invalid value");
            p++;
            v = (v & ~(((1u << f->width) - 1) << f->lo)) | ((unsigned)n << f->lo);
        }
        *out = v;
        *pp = p;
        return 0;
    }
    return 1; /* not symbolic: a plain expression */
}

static int r3_is_branch(const r3_opinfo *op)
{
    return (op->traits & R3T_BRANCH) != 0; /* s_branch, s_cbranch_*, s_call_b64, s_subvector_loop_* */
}

/* s_version operands may name UC_VERSION_* constants; other symbols resolve as usual. */
static int r3_version_lookup(void *ctx, const char *name, size_t len, int64_t *value)
{
    static const struct {
        const char *name;
        int64_t value;
    } names[] = {{"UC_VERSION_GFX7", 0},       {"UC_VERSION_GFX10", 4},      {"UC_VERSION_GFX11", 6},
                 {"UC_VERSION_GFX12", 9},      {"UC_VERSION_W64_BIT", 0x2000}, {"UC_VERSION_W32_BIT", 0x4000},
                 {"UC_VERSION_MDP_BIT", 0x8000}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == len && strncmp(names[i].name, name, len) == 0) {
            *value = names[i].value;
            return 1;
        }
    const asm_expr_env *outer = ctx;
    return outer && outer->lookup ? outer->lookup(outer->ctx, name, len, value) : 0;
}

static int r3_parse_imm_operand(r3_asm_state *st, const r3_opinfo *op, const r3_operand *o, const char **pp)
{
    const char *at = *pp;
    unsigned v, rc, rw;
    const char *probe = at;
    if (r3_parse_register(st, &probe, &rc, &rw))
        return r3_fail(st, at, "invalid operand for instruction");
    int r = r3_parse_symbolic(st, o, pp, &v);
    if (r < 0)
        return -1;
    if (r > 0) {
        asm_value val;
        char err[96];
        asm_expr_env version_env = {r3_version_lookup, (void *)st->env, st->env ? st->env->pc : 0, st->env ? st->env->pass : 1, NULL};
        const asm_expr_env *env = op->traits & R3T_VERSION ? &version_env : st->env;
        if (asm_expr_parse(pp, env, &val, err, sizeof err))
            return r3_fail(st, at, err);
        int k_operand = o->kind == R3K_LIT || (o->kind == R3K_HEX && op->has_literal_k);
        int any = (op->traits & (R3T_IMM_ANY | R3T_IMM_EXPR)) != 0;
        if ((val.is_float && !k_operand && !any) ||
            ((val.undefined || val.any_label || val.forward) && !r3_is_branch(op))) /* no fixup there */
            return r3_fail(st, at, "invalid operand for instruction");
        int64_t x = val.i;
        if (val.is_float && !k_operand) { /* llvm-mc-19 takes a float's f64 bits; in an MC expression
                                             (R3T_IMM_EXPR) a minus negates those bits as an integer */
            double mag = (op->traits & R3T_IMM_EXPR) && val.f < 0 ? -val.f : val.f;
            uint64_t bits;
            memcpy(&bits, &mag, sizeof bits);
            x = (op->traits & R3T_IMM_EXPR) && val.f < 0 ? (int64_t)(0 - bits) : (int64_t)bits;
        }
        if (r3_is_branch(op) && val.relocatable && !val.undefined) { /* a label, alone (llvm-mc-19) */
            const char *t = asm_skip_space(at), *e = t;
            while (e < *pp && (isalnum((unsigned char)*e) || *e == '_' || *e == '.' || *e == '$' || *e == '@'))
                e++;
            if (e == t || (*asm_skip_space(e) && asm_skip_space(e) < *pp))
                return r3_fail(st, at, "expected an absolute expression or a label");
        }
        if (r3_is_branch(op) && (val.undefined || val.relocatable)) {
            if (val.undefined && st->env && st->env->pass == 1) { /* as llvm-mc-19 does for an object file */
                char msg[160];
                const char *name = asm_skip_space(at);
                snprintf(msg, sizeof msg, "undefined label '%.*s'", (int)(*pp - name), name);
                return r3_fail(st, at, msg);
            }
            if (val.undefined)
                x = 0;
            else
                x = (x - (st->env->pc + 4)) / 4;
        }
        if (k_operand) { /* a literal dword of its own: fmamk/fmaak K, s_setreg_imm32_b32 */
            int half = o->kind == R3K_HEX && (op->traits & R3T_K_HALF);
            uint32_t lit;
            if (val.is_float && o->kind == R3K_LIT) {
                uint64_t bits; /* s_setreg_imm32_b32: the low half of the f64 bits (llvm-mc-19) */
                memcpy(&bits, &val.f, sizeof bits);
                lit = (uint32_t)bits;
            } else if (val.is_float) {
                float f = (float)val.f;
                int ovf = 0;
                if (half) {
                    lit = r3_f32_to_f16_bits(f, &ovf);
                } else {
                    memcpy(&lit, &f, 4);
                    ovf = isinf(f) && !isinf(val.f);
                }
                if (ovf)
                    return r3_fail(st, at, "invalid operand for instruction");
            } else {
                unsigned bits = half ? 16 : 32;
                uint64_t hi = (uint64_t)x >> bits;
                /* s_setreg_imm32_b32 keeps the low 32 bits of any value (llvm-mc-19) */
                if (o->kind != R3K_LIT && hi != 0 && !(hi == (~0ull >> bits) && ((uint64_t)x >> (bits - 1) & 1)))
                    return r3_fail(st, at, "invalid operand for instruction");
                lit = (uint32_t)((uint64_t)x & (half ? 0xffffu : 0xffffffffu));
            }
            if (st->has_literal && (st->literal != lit || st->literal_fixup))
                return r3_fail(st, at, "only one unique literal operand is allowed");
            st->has_literal = 1;
            st->literal = lit;
            return 0;
        }
        /* llvm-mc-19's ranges: any value, low bits kept (R3T_IMM_ANY/EXPR); 0..0xffff (R3T_IMM_U16);
           else -0x8000..0xffff */
        if (!any && (x < ((op->traits & R3T_IMM_U16) ? 0 : -32768) || x > 65535))
            return r3_fail(st, at, "invalid operand for instruction");
        v = (unsigned)x & 0xffff;
    }
    r3_field f = op->format == R3_SMEM ? R3F_SDATA : op->format == R3_SOP1 ? R3F_SSRC0 : R3F_SIMM16;
    r3_set_field(st, op, f, v);
    return 0;
}

static int r3_parse_operand(r3_asm_state *st, const r3_opinfo *op, const r3_operand *o, const char **pp,
                            r3_src_mods *mods)
{
    const char *p = *pp;
    switch (o->kind) {
    case R3K_REG:
    case R3K_MASK:
        if (op->format == R3_SMEM && o->field == R3F_SOFFSET && !isalpha((unsigned char)*p)) {
            asm_value v; /* a bare offset in the SOFFSET place */
            char err[96];
            if (asm_expr_parse(pp, st->env, &v, err, sizeof err) || v.is_float || v.undefined ||
                v.i < ((op->traits & R3T_SMEM_UOFFSET) ? 0 : -(1 << 20)) || v.i >= (1 << 20))
                return r3_fail(st, p, "invalid operand for instruction");
            r3_set_field(st, op, R3F_SOFFSET, 124);
            r3_set_field(st, op, R3F_OFFSET, (uint32_t)v.i & 0x1fffff);
            st->smem_bare_offset = 1;
            return 0;
        }
        if (op->format == R3_EXP && r3_word_is(p, "off")) { /* a channel the export leaves out */
            unsigned bit = 1u << (o->field - R3F_EXPSRC0);
            r3_set_field(st, op, R3F_EN, r3_get(st->w, r3_formats[R3_EXP].field[R3F_EN]) & ~bit);
            *pp = p + 3;
            return 0;
        }
        return r3_parse_reg_operand(st, op, o, pp, mods);
    case R3K_ATTR: { /* attrN.c: N <= 32, c one of x y z w */
        char *end;
        if (strncmp(p, "attr", 4) != 0 || !isdigit((unsigned char)p[4]))
            return r3_fail(st, p, "invalid operand for instruction");
        unsigned long n = strtoul(p + 4, &end, 10);
        const char *chan = end[0] == '.' ? strchr("xyzw", end[1]) : NULL;
        if (!chan || !end[1] || isalnum((unsigned char)end[2]))
            return r3_fail(st, p, "invalid operand for instruction");
        if (n > 32) /* LLVM's assembler stops at 32 (its disassembler prints up to 63) */
            return r3_fail(st, p, "out of bounds interpolation attribute number");
        r3_set_field(st, op, R3F_ATTR, (uint32_t)n);
        r3_set_field(st, op, R3F_ATTRCHAN, (uint32_t)(chan - "xyzw"));
        *pp = end + 2;
        return 0;
    }
    case R3K_TARGET: { /* an export target by the name LLVM prints */
        const char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_')
            q++;
        unsigned t;
        if (!r3_lookup_name(p, (size_t)(q - p), r3_exp_target_name, 64, &t) || strncmp(p, "invalid_target", 14) == 0)
            return r3_fail(st, p, "invalid exp target");
        r3_set_field(st, op, R3F_TARGET, t);
        *pp = q;
        return 0;
    }
    case R3K_VCC:
        if (!r3_word_is(p, st->wave64 ? "vcc" : "vcc_lo"))
            return r3_fail(st, p, "invalid operand for instruction");
        *pp = p + (st->wave64 ? 3 : 6);
        return 0;
    case R3K_OFF: { /* the VADDR place of buffer and scratch instructions: off or VGPRs */
        unsigned code, width;
        if (r3_word_is(p, "off")) {
            *pp = p + 3;
            return 0;
        }
        if (!r3_parse_register(st, pp, &code, &width) || code < 256 || code - 256 + width > 256)
            return r3_fail(st, p, "invalid operand for instruction");
        r3_set_field(st, op, op->format == R3_SCRATCH ? R3F_ADDR : R3F_VADDR, code - 256);
        if (op->format == R3_SCRATCH)
            r3_set_field(st, op, R3F_SVE, 1);
        st->vaddr_width = width;
        return 0;
    }
    case R3K_NULL:
        if (!r3_word_is(p, o->kind == R3K_OFF ? "off" : "null"))
            return r3_fail(st, p, "invalid operand for instruction");
        *pp = p + (o->kind == R3K_OFF ? 3 : 4);
        return 0;
    default:
        return r3_parse_imm_operand(st, op, o, pp);
    }
}

/* swizzle(MODE,args) of ds_swizzle_b32, after "swizzle(": the encodings r3_swizzle_text prints. */
static int r3_parse_swizzle(r3_asm_state *st, const char **pp, unsigned *out)
{
    const char *p = *pp;
    int64_t a[4];
    int n = 0;
    static const char *const modes[] = {"QUAD_PERM", "SWAP", "REVERSE", "BROADCAST", "BITMASK_PERM"};
    int mode = -1;
    for (int i = 0; i < 5; i++)
        if (strncmp(p, modes[i], strlen(modes[i])) == 0 && !isalpha((unsigned char)p[strlen(modes[i])])) {
            mode = i;
            p += strlen(modes[i]);
        }
    if (mode < 0)
        return -1;
    if (mode == 4) { /* BITMASK_PERM,"01pi?" */
        p = asm_skip_space(p);
        if (*p != ',')
            return -1;
        p = asm_skip_space(p + 1);
        if (*p != '"')
            return -1;
        unsigned and_ = 0, or_ = 0, xor_ = 0;
        for (int i = 0; i < 5; i++) {
            unsigned m = 16u >> i;
            switch (p[1 + i]) {
            case '0': break;
            case '1': or_ |= m; break;
            case 'p': and_ |= m; break;
            case 'i': and_ |= m; xor_ |= m; break;
            default: return -1;
            }
        }
        if (p[6] != '"')
            return -1;
        p = asm_skip_space(p + 7);
        if (*p != ')')
            return -1;
        *out = and_ | or_ << 5 | xor_ << 10;
        *pp = p + 1;
        return 0;
    }
    for (;;) {
        p = asm_skip_space(p);
        if (*p == ')')
            break;
        if (*p != ',' || n == 4)
            return -1;
        p++;
        if (r3_parse_index(st, &p, &a[n++]))
            return -1;
    }
    *pp = p + 1;
    switch (mode) {
    case 0:
        if (n != 4)
            return -1;
        for (int i = 0; i < 4; i++)
            if (a[i] < 0 || a[i] > 3)
                return -1;
        *out = 0x8000 | (unsigned)(a[0] | a[1] << 2 | a[2] << 4 | a[3] << 6);
        return 0;
    case 1:
        if (n != 1 || a[0] < 1 || a[0] > 16 || (a[0] & (a[0] - 1)))
            return -1;
        *out = 31 | (unsigned)a[0] << 10;
        return 0;
    case 2:
        if (n != 1 || a[0] < 2 || a[0] > 32 || (a[0] & (a[0] - 1)))
            return -1;
        *out = 31 | (unsigned)(a[0] - 1) << 10;
        return 0;
    default:
        if (n != 2 || a[0] < 2 || a[0] > 32 || (a[0] & (a[0] - 1)) || a[1] < 0 || a[1] >= a[0])
            return -1;
        *out = (31 & ~(unsigned)(a[0] - 1)) | (unsigned)a[1] << 5;
        return 0;
    }
}

/* A list of small numbers "[a,b,...]" at *pp; returns the count or -1. */
static int r3_parse_number_list(r3_asm_state *st, const char **pp, int64_t *vals, int max)
{
    const char *p = *pp;
    int n = 0;
    if (*p != '[')
        return -1;
    p++;
    for (;;) {
        if (n == max || r3_parse_index(st, &p, &vals[n++]))
            return -1;
        p = asm_skip_space(p);
        if (*p == ']')
            break;
        if (*p != ',')
            return -1;
        p++;
    }
    *pp = p + 1;
    return n;
}

/* DPP controls: returns 0 when the word at `at` (n characters) was one, 1 when it was not. */
static int r3_parse_dpp_modifier(r3_asm_state *st, const char *at, size_t n, const char **pp)
{
    const char *q = at + n;
    int64_t v[8];
#define R3_KEY(k) (n == strlen(k) && strncmp(at, k, n) == 0)
    if (R3_KEY("row_mirror") || R3_KEY("row_half_mirror")) {
        st->dpp16 = st->dpp_ctrl_seen = 1;
        st->dpp_ctrl = R3_KEY("row_mirror") ? 0x140 : 0x141;
        *pp = q;
        return 0;
    }
    if (*q != ':')
        return 1;
    q++;
    if (R3_KEY("quad_perm") || R3_KEY("dpp8")) {
        int cnt = r3_parse_number_list(st, &q, v, 8);
        int want = R3_KEY("dpp8") ? 8 : 4, lim = R3_KEY("dpp8") ? 7 : 3;
        if (cnt != want)
            return r3_fail(st, at, "invalid dpp control");
        unsigned bits = 0;
        for (int i = 0; i < cnt; i++) {
            if (v[i] < 0 || v[i] > lim)
                return r3_fail(st, at, "invalid dpp control");
            bits |= (unsigned)v[i] << ((want == 8 ? 3 : 2) * i);
        }
        st->dpp_ctrl_seen = 1;
        if (want == 8) {
            st->dpp8 = 1;
            st->dpp8_lanes = bits;
        } else {
            st->dpp16 = 1;
            st->dpp_ctrl = bits;
        }
        *pp = q;
        return 0;
    }
    static const struct {
        const char *key;
        unsigned base, lo, hi;
    } rows[] = {{"row_shl", 0x100, 1, 15}, {"row_shr", 0x110, 1, 15}, {"row_ror", 0x120, 1, 15},
                {"row_share", 0x150, 0, 15}, {"row_xmask", 0x160, 0, 15}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
        if (R3_KEY(rows[k].key)) {
            if (r3_parse_index(st, &q, &v[0]) || v[0] < rows[k].lo || v[0] > rows[k].hi)
                return r3_fail(st, at, "invalid dpp control");
            st->dpp16 = st->dpp_ctrl_seen = 1;
            st->dpp_ctrl = rows[k].base + (unsigned)v[0];
            *pp = q;
            return 0;
        }
    if ((R3_KEY("row_mask") || R3_KEY("bank_mask") || R3_KEY("bound_ctrl") || R3_KEY("fi")) && !st->dpp_ctrl_seen)
        return r3_fail(st, at, "not a valid operand.");
    if (R3_KEY("row_mask") || R3_KEY("bank_mask") || R3_KEY("bound_ctrl") || R3_KEY("fi")) {
        if (r3_parse_index(st, &q, &v[0]) || v[0] < 0 || v[0] > (R3_KEY("fi") || R3_KEY("bound_ctrl") ? 1 : 15))
            return r3_fail(st, at, "invalid dpp control");
        if (R3_KEY("row_mask"))
            st->row_mask = (unsigned)v[0];
        else if (R3_KEY("bank_mask"))
            st->bank_mask = (unsigned)v[0];
        else if (R3_KEY("fi"))
            st->fi = (int)v[0];
        else
            st->bound_ctrl = 1; /* bound_ctrl:0 is an old spelling of the same bit */
        if (!R3_KEY("fi"))
            st->dpp16 = 1;
        *pp = q;
        return 0;
    }
#undef R3_KEY
    return 1;
}

/* Trailing modifiers: offset:, glc, clamp, mul:, op_sel:[...], ... */
/* The legacy split MTBUF format "BUF_DATA_FORMAT_x, BUF_NUM_FORMAT_y" (either order; a missing one
   is 8 or UNORM, LLVM's defaults) in [nm, end): the unified gfx11 format llvm-mc-19 encodes for it
   (isa/rdna3/mtbuf_split.def). Returns 0, or -1 when it is no such pair. */
static int r3_split_format(const char *nm, const char *end, unsigned *out)
{
    static const struct {
        const char *dfmt, *nfmt;
        unsigned ufmt;
    } pairs[] = {
#define R3FMT_SPLIT(d, n, u) {d, n, u},
#include "../../../isa/rdna3/mtbuf_split.def"
#undef R3FMT_SPLIT
    };
    char dfmt[40] = "BUF_DATA_FORMAT_8", nfmt[40] = "BUF_NUM_FORMAT_UNORM";
    int have_d = 0, have_n = 0;
    for (const char *p = nm; p < end;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == ','))
            p++;
        const char *q = p;
        while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
            q++;
        if (q == p) {
            if (p < end)
                return -1;
            break;
        }
        size_t n = (size_t)(q - p);
        if (n >= sizeof dfmt)
            return -1;
        if (n > 16 && strncmp(p, "BUF_DATA_FORMAT_", 16) == 0 && !have_d++)
            snprintf(dfmt, sizeof dfmt, "%.*s", (int)n, p);
        else if (n > 15 && strncmp(p, "BUF_NUM_FORMAT_", 15) == 0 && !have_n++)
            snprintf(nfmt, sizeof nfmt, "%.*s", (int)n, p);
        else
            return -1;
        p = q;
    }
    if (!have_d && !have_n)
        return -1;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (strcmp(pairs[i].dfmt, dfmt) == 0 && strcmp(pairs[i].nfmt, nfmt) == 0) {
            *out = pairs[i].ufmt;
            return 0;
        }
    return -1;
}

/* Where a modifier may stand: llvm-mc-19 takes an instruction's optional operands only in the
   order of its assembly string (the order it prints them); glc, slc and dlc share a place, as do
   the DPP controls (r3_parse_dpp_modifier orders those). -1: a name with no fixed place. */
static int r3_modifier_rank(const r3_opinfo *op, const char *name, size_t n)
{
    static const char *const order[] = {"format", "idxen", "offen", "offset", "offset0", "offset1", "op_sel",
                                        "op_sel_hi", "neg_lo", "neg_hi", "clamp", "mul", "div", "glc", "slc",
                                        "dlc", "gds", "tfe", "done", "row_en", "wait_exp", "wait_vdst"};
    static const char *const dpp[] = {"quad_perm", "row_shl", "row_shr", "row_ror", "row_mirror", "row_half_mirror",
                                      "row_share", "row_xmask", "dpp8", "row_mask", "bank_mask", "bound_ctrl", "fi"};
    for (size_t k = 0; k < sizeof dpp / sizeof dpp[0]; k++)
        if (strlen(dpp[k]) == n && strncmp(dpp[k], name, n) == 0)
            return 100;
    for (int k = 0; k < (int)(sizeof order / sizeof order[0]); k++)
        if (strlen(order[k]) == n && strncmp(order[k], name, n) == 0) {
            if (op->format == R3_VINTERP && k == 10)
                return 0; /* VINTERP: clamp comes first */
            if (k == 12 || k == 14 || k == 15)
                return k == 12 ? 11 : 13; /* div with mul; slc and dlc with glc */
            return k;
        }
    return -1;
}

static int r3_parse_modifiers(r3_asm_state *st, const r3_opinfo *op, const char *p)
{
    int last_rank = -1;
    const char *seen[24];
    size_t seen_len[24];
    int nseen = 0;
    for (;;) {
        p = asm_skip_space(p);
        if (!*p)
            return 0;
        const char *at = p;
        const char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_')
            q++;
        size_t n = (size_t)(q - p);
        for (int k = 0; k < nseen; k++) /* each modifier at most once */
            if (seen_len[k] == n && strncmp(seen[k], at, n) == 0)
                return r3_fail(st, at, "invalid operand for instruction");
        if (nseen == 24)
            return r3_fail(st, at, "invalid operand for instruction");
        seen[nseen] = at;
        seen_len[nseen++] = n;
        int rank = r3_modifier_rank(op, at, n);
        if (rank >= 0 && rank < last_rank)
            return r3_fail(st, at, "not a valid operand.");
        if (rank >= 0)
            last_rank = rank;
        int64_t v = 1;
        if (*q == ':' && q[1] == '[' && n == 6 && strncmp(at, "format", 6) == 0 && op->format == R3_MTBUF) {
            const char *nm = q + 2, *e = strchr(nm, ']'); /* format:[BUF_FMT_...] */
            unsigned f;
            if (!e || (!r3_lookup_name(nm, (size_t)(e - nm), r3_buffer_format_name, 128, &f) &&
                       r3_split_format(nm, e, &f)))
                return r3_fail(st, at, "unsupported format");
            r3_set_field(st, op, R3F_FMT, f);
            p = e + 1;
            continue;
        }
        if (st->dpp_mode) {
            int r = r3_parse_dpp_modifier(st, at, n, &p);
            if (r < 0)
                return -1;
            if (r == 0)
                continue;
        }
        if (*q == ':' && strncmp(q + 1, "swizzle(", 8) == 0 && op->format == R3_DS) {
            unsigned sw;
            const char *e = q + 9;
            if (r3_parse_swizzle(st, &e, &sw))
                return r3_fail(st, at, "invalid swizzle");
            r3_set_field(st, op, R3F_OFFSET0, sw & 0xff);
            r3_set_field(st, op, R3F_OFFSET1, sw >> 8);
            p = e;
            continue;
        }
        if (*q == ':') {
            q++;
            if (*q == '[') { /* bit lists: op_sel:[0,1,...] */
                unsigned bits = 0;
                int i = 0;
                q++;
                for (;; i++) {
                    int64_t b;
                    if (i == 4 || r3_parse_index(st, &q, &b) || (b != 0 && b != 1)) /* LLVM: 1 to 4 entries */
                        return r3_fail(st, at, "invalid op_sel operand");
                    bits |= (unsigned)b << i;
                    q = asm_skip_space(q);
                    if (*q == ']')
                        break;
                    if (*q != ',')
                        return r3_fail(st, at, "expected a comma or a closing square bracket");
                    q++;
                }
                q++;
                v = bits | ((int64_t)(i + 1) << 8);
            } else if (r3_parse_index(st, &q, &v)) {
                return r3_fail(st, at, "expected an absolute expression");
            }
        }
        p = q;
#define R3_MOD(name) (n == strlen(name) && strncmp(at, name, n) == 0)
        if (R3_MOD("glc") || R3_MOD("slc") || R3_MOD("dlc") || R3_MOD("clamp") || R3_MOD("gds") ||
            R3_MOD("offen") || R3_MOD("idxen") || R3_MOD("tfe")) {
            r3_field f = R3_MOD("glc") ? R3F_GLC : R3_MOD("slc") ? R3F_SLC : R3_MOD("dlc") ? R3F_DLC
                         : R3_MOD("clamp") ? R3F_CLAMP : R3_MOD("gds") ? R3F_GDS : R3_MOD("offen") ? R3F_OFFEN
                         : R3_MOD("idxen") ? R3F_IDXEN : R3F_TFE;
            if ((op->optional[f] != R3_OPT_PRINTED && op->optional[f] != R3_OPT_REQUIRED) ||
                (f == R3F_TFE && (op->traits & R3T_STORE)) || /* LLVM's assembler: no tfe on stores */
                r3_set_field(st, op, f, 1))
                return r3_fail(st, at, "invalid operand for instruction");
        } else if (R3_MOD("offset") && op->format == R3_DS) {
            if (v < 0 || v > 0xffff)
                return r3_fail(st, at, "invalid operand for instruction");
            r3_set_field(st, op, R3F_OFFSET0, (uint32_t)v & 0xff);
            r3_set_field(st, op, R3F_OFFSET1, (uint32_t)v >> 8);
        } else if ((R3_MOD("offset0") || R3_MOD("offset1")) && op->format == R3_DS) {
            if (v < 0 || v > 0xff)
                return r3_fail(st, at, "invalid operand for instruction");
            r3_set_field(st, op, R3_MOD("offset0") ? R3F_OFFSET0 : R3F_OFFSET1, (uint32_t)v);
        } else if (R3_MOD("offset") && (op->format == R3_MUBUF || op->format == R3_MTBUF)) {
            /* llvm-mc-19 checks 16 bits and encodes the low 12 (docs/isa-notes-rdna3.md) */
            if (v < 0 || v > 0xffff)
                return r3_fail(st, at, "expected a 16-bit unsigned offset");
            r3_set_field(st, op, R3F_OFFSET, (uint32_t)v & 0xfff);
        } else if (R3_MOD("offset") && (op->format == R3_FLAT || op->format == R3_GLOBAL || op->format == R3_SCRATCH)) {
            int64_t lo = op->format == R3_FLAT ? 0 : -4096, hi = op->format == R3_FLAT ? 0xfff : 4095;
            if (v < lo || v > hi)
                return r3_fail(st, at, "invalid operand for instruction");
            r3_set_field(st, op, R3F_OFFSET, (uint32_t)v & 0x1fff);
        } else if (R3_MOD("format") && op->format == R3_MTBUF) {
            if (v < 0 || v > 127)
                return r3_fail(st, at, "invalid format");
            r3_set_field(st, op, R3F_FMT, (uint32_t)v);
        } else if (R3_MOD("offset") && op->format == R3_SMEM) {
            if (st->smem_bare_offset) /* llvm-mc-19: an offset in the SOFFSET place and offset: */
                return r3_fail(st, at, "invalid operand for instruction");
            if (v < ((op->traits & R3T_SMEM_UOFFSET) ? 0 : -(1 << 20)) || v >= (1 << 20))
                return r3_fail(st, at, (op->traits & R3T_SMEM_UOFFSET) ? "expected a 20-bit unsigned offset"
                                                                        : "expected a 21-bit signed offset");
            r3_set_field(st, op, R3F_OFFSET, (uint32_t)v & 0x1fffff);
        } else if (R3_MOD("wait_exp") && op->format == R3_VINTERP) {
            if (v < 0 || v > 7)
                return r3_fail(st, at, "invalid operand for instruction");
            r3_set_field(st, op, R3F_WAITEXP, (uint32_t)v);
        } else if (R3_MOD("wait_vdst") && op->format == R3_LDSDIR) {
            if (v < 0 || v > 15)
                return r3_fail(st, at, "invalid operand for instruction");
            r3_set_field(st, op, R3F_WAITVDST, (uint32_t)v);
        } else if ((R3_MOD("done") || R3_MOD("row_en")) && op->format == R3_EXP) {
            r3_set_field(st, op, R3_MOD("done") ? R3F_DONE : R3F_ROW, 1);
        } else if (R3_MOD("op_sel") && (op->format == R3_VOP3 || op->format == R3_VINTERP) && op->opsel_len) {
            /* a list of 1 to 4 entries: one per source, then the destination; llvm-mc-19 ignores
               entries past those, and refuses a set entry the opcode has no OP_SEL bit for */
            unsigned list = (unsigned)v & 0xff & ((1u << op->opsel_len) - 1), bits = 0;
            if (!(v >> 8))
                return r3_fail(st, at, "invalid op_sel operand");
            for (int b = 0; b < 4; b++)
                if (op->opsel_pos[b] >= '0' && op->opsel_pos[b] <= '9' && (list >> (op->opsel_pos[b] - '0') & 1))
                    bits |= 1u << b;
            if ((unsigned)__builtin_popcount(bits) != (unsigned)__builtin_popcount(list))
                return r3_fail(st, at, "invalid op_sel operand");
            r3_set_field(st, op, R3F_OPSEL, bits);
        } else if ((R3_MOD("op_sel") || R3_MOD("op_sel_hi") || R3_MOD("neg_lo") || R3_MOD("neg_hi")) &&
                   op->format == R3_VOP3P) {
            /* 1 to 4 entries, one per source, later ones ignored (llvm-mc-19); WMMA takes no op_sel or
               op_sel_hi, and the fma_mix rows take their negations as source modifiers only */
            r3_field which = R3_MOD("op_sel") ? R3F_OPSEL : R3_MOD("op_sel_hi") ? R3F_OPSEL_HI
                             : R3_MOD("neg_lo") ? R3F_NEG : R3F_NEG_HI;
            unsigned list = (unsigned)v & 0xff & ((1u << r3_nsources(op)) - 1);
            if (!(v >> 8) || (!op->print_bits[which] && !(which == R3F_OPSEL_HI && op->print_bits[R3F_OPSEL_HI2])) ||
                ((op->traits & R3T_MIX) && (which == R3F_NEG || which == R3F_NEG_HI)))
                return r3_fail(st, at, "invalid op_sel operand");
            if (R3_MOD("op_sel")) {
                r3_set_field(st, op, R3F_OPSEL, list);
            } else if (R3_MOD("op_sel_hi")) {
                r3_set_field(st, op, R3F_OPSEL_HI, list & 3);
                if (r3_nsources(op) == 3) /* with two sources the third bit keeps its default */
                    r3_set_field(st, op, R3F_OPSEL_HI2, list >> 2 & 1);
            } else {
                r3_set_field(st, op, R3_MOD("neg_lo") ? R3F_NEG : R3F_NEG_HI, list);
            }
        } else if ((R3_MOD("mul") || R3_MOD("div")) && op->format == R3_VOP3 &&
                   op->optional[R3F_OMOD] == R3_OPT_PRINTED) {
            unsigned omod = R3_MOD("div") ? (v == 2 ? 3u : 0u) : v == 2 ? 1u : v == 4 ? 2u : 0u;
            if (!omod && v != 1)
                return r3_fail(st, at, "invalid mul value.");
            r3_set_field(st, op, R3F_OMOD, omod);
        } else {
            return r3_fail(st, at, "invalid operand for instruction");
        }
#undef R3_MOD
    }
}

/* Top-level operands before the modifiers: commas outside brackets and parentheses, plus one. */
static int r3_count_operands(const char *p)
{
    int depth = 0, n = *asm_skip_space(p) ? 1 : 0;
    for (; *p; p++) {
        if (*p == '[' || *p == '(')
            depth++;
        else if (*p == ']' || *p == ')')
            depth--;
        else if (*p == ',' && depth == 0)
            n++;
    }
    return n;
}

/* VALU reads at most two scalar values (gfx11): distinct SGPRs, including implicit VCC and lane-mask
   sources, plus one literal. */
/* The constant-bus limit of an opcode: 2 on gfx11, 1 for those isa/rdna3/constant_bus.def lists. */
static unsigned r3_constant_bus_limit(const r3_opinfo *op)
{
    static const char *const one[] = {
#define R3BUS1(m) m,
#include "../../../isa/rdna3/constant_bus.def"
#undef R3BUS1
    };
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
        if (strcmp(op->mnemonic, one[i]) == 0)
            return 1;
    return 2;
}

static int r3_check_constant_bus(r3_asm_state *st, const r3_opinfo *op)
{
    if (op->format != R3_VOP1 && op->format != R3_VOP2 && op->format != R3_VOPC && op->format != R3_VOP3 &&
        op->format != R3_VOP3P)
        return 0;
    unsigned regs[4], widths[4], n = 0;
    int seen_source = 0;
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        unsigned code;
        if (r3_is_source((r3_field)o->field) && (o->kind == R3K_REG || o->kind == R3K_MASK)) {
            seen_source = 1;
            if (st->dpp_mode && o->field == R3F_SRC0)
                continue;
            code = r3_get(st->w, r3_formats[op->format].field[o->field]);
        } else if (o->kind == R3K_VCC && seen_source) {
            code = 106; /* an implicit VCC source (v_cndmask_b32_e32, v_add_co_ci_u32_e32) */
        } else {
            continue;
        }
        if (!r3_reads_constant_bus(code))
            continue;
        /* s0 and s[0:1] are two values; lane masks are one register or a pair by wave size */
        unsigned width = o->kind == R3K_VCC || o->kind == R3K_MASK ? (st->wave64 ? 2u : 1u) : o->width;
        int dup = 0;
        for (unsigned k = 0; k < n; k++)
            dup |= regs[k] == code && widths[k] == width;
        if (!dup && n < 4) {
            regs[n] = code;
            widths[n++] = width;
        }
    }
    /* v_div_fmas reads VCC without naming it */
    if (op->traits & R3T_DIV_FMAS) {
        int dup = 0;
        for (unsigned k = 0; k < n; k++)
            dup |= regs[k] == 106 && widths[k] == (st->wave64 ? 2u : 1u);
        if (!dup)
            n++;
    }
    if (n + (unsigned)(st->has_literal || op->has_literal_k) > r3_constant_bus_limit(op))
        return r3_fail(st, st->start, "invalid operand (violates constant bus restrictions)");
    return 0;
}

/* Widths that depend on modifiers (TFE, OFFEN/IDXEN, SADDR = off, GLC on atomics, wave size). */
static int r3_check_shapes(r3_asm_state *st, const r3_opinfo *op, int returning)
{
    r3_inst in;
    memset(&in, 0, sizeof in);
    in.op = op;
    memcpy(in.w, st->w, sizeof in.w);
    for (int i = 0; i < st->ndeferred; i++)
        if (st->deferred[i].width != r3_operand_width(&in, st->deferred[i].o, st->wave64))
            return r3_fail(st, st->deferred[i].at, "invalid operand for instruction");
    if ((op->format == R3_MUBUF || op->format == R3_MTBUF || op->format == R3_SCRATCH) && op->noperands &&
        st->vaddr_width != r3_vaddr_width(&in))
        return r3_fail(st, st->start, "invalid operand for instruction");
    if (returning != r3_returns_old_value(&in))
        return r3_fail(st, st->start, "invalid operand for instruction");
    for (int f = 1; f < R3F_COUNT; f++)
        if (op->optional[f] == R3_OPT_REQUIRED && !r3_get(st->w, r3_formats[op->format].field[f]))
            return r3_fail(st, st->start, "invalid operand for instruction");
    return 0;
}

/* Puts the DPP form together: the src0 code selecting DPP16 or DPP8, and the DPP dword. */
static int r3_finish_dpp(r3_asm_state *st, const r3_opinfo *op, const r3_src_mods *mods)
{
    int vop3 = op->format == R3_VOP3 || op->format == R3_VOP3P;
    if (!st->dpp_ctrl_seen)
        return r3_fail(st, st->start, "too few operands for instruction");
    if (st->dpp8 == st->dpp16 && st->dpp8)
        return r3_fail(st, st->start, "invalid operand for instruction");
    if ((st->dpp8 ? !op->dpp8_name[0] : !op->dpp16_name[0]))
        return r3_fail(st, st->start, "invalid operand for instruction");
    unsigned word;
    if (st->dpp8) {
        r3_set_field(st, op, R3F_SRC0, st->fi ? 234 : 233);
        word = st->dpp_src0 | st->dpp8_lanes << 8;
    } else {
        r3_set_field(st, op, R3F_SRC0, 250);
        word = st->dpp_src0 | st->dpp_ctrl << 8 | (unsigned)st->fi << 18 | (unsigned)st->bound_ctrl << 19 |
               st->bank_mask << 24 | st->row_mask << 28;
    }
    if (!vop3) { /* VOP1/VOP2/VOPC: source modifiers live in the DPP dword (DPP16 only) */
        for (int k = 0; k < 2; k++) {
            const r3_src_mods *m = &mods[k];
            int any = k == 1 && (op->traits & R3T_SRC1_ANY_MODS);
            if ((m->neg && !any && op->dppmods[2 * k] != (m->sext ? 's' : 'f')) ||
                (m->abs && !any && op->dppmods[2 * k + 1] != 'f') || ((m->neg || m->abs) && st->dpp8))
                return r3_fail(st, st->start, "invalid operand for instruction");
            word |= (unsigned)m->neg << (20 + 2 * k) | (unsigned)m->abs << (21 + 2 * k);
        }
    }
    st->dpp_word = word;
    return 0;
}

static int r3_try_row(r3_asm_state *st, const r3_opinfo *op, const char *p)
{
    const r3_format_desc *fd = &r3_formats[op->format];
    memset(st->w, 0, sizeof st->w);
    st->has_literal = 0;
    st->literal = 0;
    st->literal_fixup = 0;
    st->w[0] = fd->prefix;
    r3_set(st->w, fd->opcode, op->opcode);
    st->ndeferred = 0;
    st->vaddr_width = 0;
    st->dpp8 = st->dpp16 = st->fi = st->bound_ctrl = st->dpp_ctrl_seen = 0;
    st->dpp_ctrl = 0;
    st->row_mask = st->bank_mask = 15;
    st->dpp8_lanes = st->dpp_src0 = st->dpp_word = 0;
    for (int f = 1; f < R3F_COUNT; f++) { /* fields not written keep the value LLVM gives them */
        unsigned d = r3_field_default((r3_format)op->format, (r3_field)f);
        if (fd->field[f].width && d && (f != R3F_SOFFSET || r3_op_has_operand(op, R3F_SOFFSET)))
            r3_set(st->w, fd->field[f], d);
    }
    if (op->format == R3_VOP3 && op->opcode >= 0x80 && op->opcode < 0x100)
        r3_set(st->w, fd->field[R3F_VDST], 126); /* v_cmpx_*_e64 write exec_lo */
    if (op->format == R3_VOP3P && (op->traits & R3T_MIX)) { /* op_sel_hi defaults to 0 there */
        r3_set(st->w, fd->field[R3F_OPSEL_HI], 0);
        r3_set(st->w, fd->field[R3F_OPSEL_HI2], 0);
    }
    r3_src_mods mods[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    p = asm_skip_space(p);
    int returning = 0;
    if ((op->format == R3_FLAT || op->format == R3_GLOBAL) && (op->traits & R3T_ATOMIC) &&
        op->noperands >= 2 && op->operand[0].field != R3F_VDST && r3_count_operands(p) == op->noperands + 1) {
        unsigned code, width; /* the returned value comes first; GLC must say so */
        const char *at = p;
        if (!r3_parse_register(st, &p, &code, &width) || code < 256 ||
            width != (op->traits & R3T_CMPSWAP ? op->operand[1].width / 2 : op->operand[1].width))
            return r3_fail(st, at, "invalid operand for instruction");
        r3_set_field(st, op, R3F_VDST, code - 256);
        p = asm_skip_space(p);
        if (*p != ',')
            return r3_fail(st, p, "invalid operand for instruction");
        p = asm_skip_space(p + 1);
        returning = 1;
    }
    /* the implicit VCC operands of an e32 or DPP form (VOPC's destination, v_cndmask's mask, the
       carries of v_add_co_ci) may all be left out, as llvm-mc-19 allows; some written and some not
       is an error */
    int nvcc = 0, parsed = 0;
    for (int i = 0; i < op->noperands; i++)
        nvcc += op->operand[i].kind == R3K_VCC;
    int skip_vcc = nvcc && !returning && r3_count_operands(p) == op->noperands - nvcc;
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        int si = o->field == R3F_SRC0 ? 0 : o->field == R3F_SRC1 || o->field == R3F_VSRC1 ? 1
                 : o->field == R3F_SRC2 ? 2 : 0;
        if (skip_vcc && o->kind == R3K_VCC)
            continue;
        if (o->omit_zero && (!*p || isalpha((unsigned char)*p)))
            continue;
        /* SMEM: llvm-mc-19 takes the offset operand as optional (offset 0, SOFFSET null), but not an
           offset: modifier in its place */
        if (op->format == R3_SMEM && o->field == R3F_SOFFSET && i == op->noperands - 1 &&
            (!*p || (isalpha((unsigned char)*p) && strncmp(p, "offset", 6) != 0)))
            continue;
        if (i == 1 && op->operand[0].kind == R3K_TARGET) {
            /* exp TARGET vsrc0, ...: a space, no comma, after the target */
        } else if (parsed) {
            if (*p != ',')
                return r3_fail(st, p, *p ? "invalid operand for instruction" : "too few operands for instruction");
            p = asm_skip_space(p + 1);
        }
        if (r3_parse_operand(st, op, o, &p, &mods[si]))
            return -1;
        parsed++;
        p = asm_skip_space(p);
    }
    if (*p == ',')
        return r3_fail(st, p, "invalid operand for instruction");
    if ((op->traits & R3T_NULL_SDST) && r3_get(st->w, fd->field[R3F_SDST]) != 124)
        return r3_fail(st, st->start, "src0 must be null");
    if (op->format == R3_VOP3P && (op->traits & R3T_MIX)) { /* fma_mix: -x, |x| per source */
        unsigned neg = 0, abs = 0;
        for (int k = 0; k < 3; k++) {
            neg |= (unsigned)mods[k].neg << k;
            abs |= (unsigned)mods[k].abs << k;
        }
        r3_set_field(st, op, R3F_NEG, neg);
        r3_set_field(st, op, R3F_NEG_HI, abs);
    }
    if (op->format == R3_VINTERP) {
        unsigned neg = 0;
        for (int k = 0; k < 3; k++) {
            if (mods[k].abs || mods[k].sext)
                return r3_fail(st, p, "invalid operand for instruction");
            neg |= (unsigned)mods[k].neg << k;
        }
        r3_set_field(st, op, R3F_NEG, neg);
    }
    if (op->format == R3_VOP3) {
        unsigned neg = 0, abs = 0;
        for (int k = 0; k < 3; k++) {
            neg |= (unsigned)mods[k].neg << k;
            abs |= (unsigned)mods[k].abs << k;
        }
        for (int k = 0; k < 3; k++) { /* each modifier only where LLVM prints it for this opcode and form */
            int ok_neg = st->dpp_mode ? op->dppmods[k] == (mods[k].sext ? 's' : 'f')
                                      : ((mods[k].sext ? op->sext_bits : op->print_bits[R3F_NEG]) >> k & 1);
            ok_neg |= k == 1 && (op->traits & R3T_SRC1_ANY_MODS);
            if ((mods[k].neg && !ok_neg) || (mods[k].abs && !(op->print_bits[R3F_ABS] >> k & 1)))
                return r3_fail(st, p, "invalid operand for instruction");
        }
        r3_set_field(st, op, R3F_NEG, neg);
        if (!op->vop3sd) /* VOP3SD keeps its carry-out there */
            r3_set_field(st, op, R3F_ABS, abs);
    }
    if (r3_parse_modifiers(st, op, p))
        return -1;
    if (st->dpp_mode && r3_finish_dpp(st, op, mods))
        return -1;
    if (r3_check_constant_bus(st, op))
        return -1;
    return r3_check_shapes(st, op, returning);
}

/* ---- image (MIMG) instructions ---- */

/* One VGPR operand of an image instruction (VDATA, an address): its register number and width. */
static int r3_parse_mimg_vgpr(r3_asm_state *st, const char **pp, unsigned *reg, unsigned *width)
{
    const char *at = *pp;
    unsigned code;
    if (!r3_parse_file_reg(st, pp, &code, width) || code < 256)
        return r3_fail(st, at, "invalid operand for instruction");
    *reg = code - 256;
    return 0;
}

/* An SGPR tuple of an image instruction (the resource, the sampler): returns its field value (the
   first register in fours; ttmps from 27). */
static int r3_parse_mimg_sgprs(r3_asm_state *st, const char **pp, unsigned width, unsigned *field)
{
    const char *at = *pp;
    unsigned code, w;
    if (!r3_parse_register(st, pp, &code, &w) || code >= 124 || w != width)
        return r3_fail(st, at, "invalid operand for instruction");
    if (code % 4)
        return r3_fail(st, at, "invalid register alignment");
    *field = code / 4;
    return 0;
}

/* dim:NAME with NAME one of LLVM's suffixes (1D ... 2D_MSAA_ARRAY, any case), alone or after
   SQ_RSRC_IMG_; a leading number and the identifier after it must touch (2D, not 2 D). */
static int r3_parse_mimg_dim(const char **pp, unsigned *dim)
{
    static const char *const names[8] = {"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA",
                                         "2D_MSAA_ARRAY"};
    const char *p = *pp, *e = p;
    while (isalnum((unsigned char)*e) || *e == '_')
        e++;
    if (e - p > 12 && strncmp(p, "SQ_RSRC_IMG_", 12) == 0)
        p += 12;
    for (unsigned d = 0; d < 8; d++) {
        size_t i = 0, n = strlen(names[d]);
        while (i < n && p + i < e && toupper((unsigned char)p[i]) == names[d][i])
            i++;
        if (i == n && p + n == e) {
            *dim = d;
            *pp = e;
            return 0;
        }
    }
    return -1;
}

/* "VDATA, VADDR or [VADDR, ...], SRSRC[, SSAMP]" then the modifiers in LLVM 19's fixed order: dmask,
   dim, unorm, glc/slc/dlc (any order), r128, a16, tfe, lwe, d16, each flag also as noNAME; the BVH
   instructions take a16 alone. The encoding is then checked against the register widths the
   opcode's variants allow (r3_mimg_check_written), as llvm-mc-19 checks them. */
static int r3_assemble_mimg(r3_asm_state *st, const r3_opinfo *op, const char *p, r3_encoding *out)
{
    enum { SLOT_DMASK, SLOT_DIM, SLOT_UNORM, SLOT_CPOL, SLOT_R128, SLOT_A16, SLOT_TFE, SLOT_LWE, SLOT_D16 };
    static const struct { const char *name; int slot; r3_field field; } flags[] = {
        {"unorm", SLOT_UNORM, R3F_UNORM}, {"glc", SLOT_CPOL, R3F_GLC}, {"slc", SLOT_CPOL, R3F_SLC},
        {"dlc", SLOT_CPOL, R3F_DLC}, {"r128", SLOT_R128, R3F_R128}, {"a16", SLOT_A16, R3F_A16},
        {"tfe", SLOT_TFE, R3F_TFE}, {"lwe", SLOT_LWE, R3F_LWE}, {"d16", SLOT_D16, R3F_D16}};
    const r3_format_desc *fd = &r3_formats[R3_MIMG];
    int bvh = r3_mimg_is_bvh(op);
    r3_mimg_layout written;
    memset(&written, 0, sizeof written);
    uint32_t w[3] = {fd->prefix, 0, 0};
    r3_set(w, fd->opcode, op->opcode);
    unsigned reg, width, field;
    p = asm_skip_space(p);
    if (r3_parse_mimg_vgpr(st, &p, &reg, &width))
        return -1;
    written.vdata = (uint8_t)reg, written.vdata_width = (uint8_t)width;
    r3_set(w, fd->field[R3F_VDATA], reg);
    p = asm_skip_space(p);
    if (*p++ != ',')
        return r3_fail(st, p - 1, "invalid operand for instruction");
    p = asm_skip_space(p);
    if (*p == '[') { /* a list: NSA when it names more than one */
        p = asm_skip_space(p + 1);
        for (;;) {
            if (written.naddr == R3_MIMG_MAX_ADDR)
                return r3_fail(st, p, "invalid operand for instruction");
            if (r3_parse_mimg_vgpr(st, &p, &reg, &width))
                return -1;
            written.addr[written.naddr] = (uint8_t)reg;
            written.addr_width[written.naddr++] = (uint8_t)width;
            p = asm_skip_space(p);
            if (*p == ']')
                break;
            if (*p++ != ',')
                return r3_fail(st, p - 1, "expected a comma or a closing square bracket");
            p = asm_skip_space(p);
        }
        p++;
        written.nsa = written.naddr > 1;
    } else {
        if (r3_parse_mimg_vgpr(st, &p, &reg, &width))
            return -1;
        written.addr[0] = (uint8_t)reg, written.addr_width[0] = (uint8_t)width;
        written.naddr = 1;
    }
    r3_set(w, fd->field[R3F_VADDR], written.addr[0]);
    r3_set(w, fd->field[R3F_NSA], written.nsa);
    for (unsigned i = 1; i < written.naddr; i++) /* the NSA dword: one byte per further address */
        w[2] |= (uint32_t)written.addr[i] << (8 * (i - 1));
    p = asm_skip_space(p);
    if (*p++ != ',')
        return r3_fail(st, p - 1, "invalid operand for instruction");
    p = asm_skip_space(p);
    if (r3_parse_mimg_sgprs(st, &p, bvh ? 4 : 8, &field))
        return -1;
    r3_set(w, fd->field[R3F_SRSRC], field);
    if (r3_mimg_has_sampler(op)) {
        p = asm_skip_space(p);
        if (*p++ != ',')
            return r3_fail(st, p - 1, "not a valid operand.");
        p = asm_skip_space(p);
        if (r3_parse_mimg_sgprs(st, &p, 4, &field))
            return -1;
        r3_set(w, fd->field[R3F_SSAMP], field);
    }
    int slot = -1, have_dim = 0;
    unsigned cpol_seen = 0;
    for (;;) {
        p = asm_skip_space(p);
        if (*p == ',')
            p = asm_skip_space(p + 1);
        if (!*p)
            break;
        const char *at = p, *q = p;
        while (isalnum((unsigned char)*q) || *q == '_')
            q++;
        size_t n = (size_t)(q - at);
        if (!bvh && n == 5 && strncmp(at, "dmask", 5) == 0 && *q == ':' && slot < SLOT_DMASK) {
            int64_t v;
            q++;
            if (r3_parse_index(st, &q, &v))
                return r3_fail(st, q, "expected absolute expression");
            r3_set(w, fd->field[R3F_DMASK], (uint32_t)v & 0xf); /* LLVM keeps the low four bits */
            slot = SLOT_DMASK;
            p = q;
            continue;
        }
        if (!bvh && n == 3 && strncmp(at, "dim", 3) == 0 && *q == ':' && slot < SLOT_DIM) {
            unsigned dim;
            q++;
            if (r3_parse_mimg_dim(&q, &dim))
                return r3_fail(st, q, "invalid dim value");
            r3_set(w, fd->field[R3F_DIM], dim);
            slot = SLOT_DIM;
            have_dim = 1;
            p = q;
            continue;
        }
        int negated = n > 2 && at[0] == 'n' && at[1] == 'o';
        size_t k = 0, count = sizeof flags / sizeof flags[0];
        for (; k < count; k++)
            if (strlen(flags[k].name) == n - (negated ? 2 : 0) && strncmp(flags[k].name, at + (negated ? 2 : 0), strlen(flags[k].name)) == 0)
                break;
        if (k == count || *q == ':' || (bvh && flags[k].slot != SLOT_A16) || flags[k].slot < slot ||
            (flags[k].slot == slot && slot != SLOT_CPOL))
            return r3_fail(st, at, "invalid operand for instruction");
        if (flags[k].slot == SLOT_CPOL) {
            if (cpol_seen & (1u << k))
                return r3_fail(st, at, "duplicate cache policy modifier");
            cpol_seen |= 1u << k;
        }
        r3_set(w, fd->field[flags[k].field], !negated);
        slot = flags[k].slot;
        p = q;
    }
    if (!bvh && !have_dim)
        return r3_fail(st, st->start, "operands are not valid for this GPU or mode");
    if (bvh) { /* the fixed fields (DMASK 0xf, UNORM, R128) */
        uint32_t must[2], val[2];
        r3_mimg_fixed_bits(op, must, val);
        w[0] |= val[0], w[1] |= val[1];
    }
    r3_inst in;
    memset(&in, 0, sizeof in);
    in.op = op;
    memcpy(in.w, w, sizeof w);
    const char *msg = r3_mimg_check_written(&in, &written);
    if (msg)
        return r3_fail(st, st->start, msg);
    out->nwords = written.nsa ? 3 : 2;
    memcpy(out->words, w, sizeof w);
    return 0;
}

static const char *const r3_aliases[][2] = {
#define R3ALIAS(old, cur) {old, cur},
#include "../../../isa/rdna3/aliases.def"
#undef R3ALIAS
};

/* Whether a row named without a suffix also answers to name_e64 (its VOP3/VOP3P encoding) or
   name_e32 (VOP1/VOP2/VOPC) as LLVM accepts. The lane moves with a scalar destination or S0
   (v_readlane, v_writelane, v_readfirstlane) take _e32 whatever their encoding, never _e64. */
static int r3_takes_suffix(const r3_opinfo *op, int e64)
{
    int vop3 = op->format == R3_VOP3 || op->format == R3_VOP3P;
    if (!vop3 && op->format != R3_VOP1 && op->format != R3_VOP2 && op->format != R3_VOPC)
        return op->format == R3_VINTERP ? e64 : !e64; /* llvm-mc-19 drops a forced _e32 elsewhere */
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *o = &op->operand[i];
        if (o->kind == R3K_REG && o->file == 's' && (o->field == R3F_VDST || o->field == R3F_SRC0))
            return !e64;
    }
    return e64 == vop3;
}

/* Maps an old mnemonic (optionally with _e32/_e64) to its current name; returns 0 if it is none. */
static int r3_unalias(const char *m, size_t n, char *out, size_t size)
{
    size_t stem = n;
    if (n > 4 && (strncmp(m + n - 4, "_e32", 4) == 0 || strncmp(m + n - 4, "_e64", 4) == 0))
        stem = n - 4;
    for (size_t i = 0; i < sizeof r3_aliases / sizeof r3_aliases[0]; i++) {
        size_t k = strlen(r3_aliases[i][0]);
        if ((k == n || k == stem) && strncmp(r3_aliases[i][0], m, k) == 0) {
            snprintf(out, size, "%s%.*s", r3_aliases[i][1], (int)(n - k), m + k);
            return 1;
        }
    }
    return 0;
}

/* v_dual_X ... :: v_dual_Y ...: both halves from their own table, in one pair of dwords. */
static int r3_assemble_vopd(r3_asm_state *st, const char *x, const char *y, r3_encoding *out)
{
    const r3_opinfo *ops[2] = {NULL, NULL};
    uint32_t words[2][3];
    int lit[2] = {0, 0};
    uint32_t litv[2] = {0, 0};
    const char *parts[2] = {x, y};
    if (st->wave64)
        return r3_fail(st, st->start, "instruction not supported on this GPU");
    for (int h = 0; h < 2; h++) {
        const char *m = asm_skip_space(parts[h]), *e = m;
        while (*e && *e != ' ' && *e != '\t')
            e++;
        r3_format f = h ? R3_VOPDY : R3_VOPDX;
        for (unsigned opc = 0; opc < (1u << r3_formats[f].opcode.width) && !ops[h]; opc++) {
            const r3_opinfo *op = r3_isa_lookup(f, opc);
            if (!op || strlen(op->mnemonic) != (size_t)(e - m) || strncmp(op->mnemonic, m, (size_t)(e - m)) != 0)
                continue;
            if (r3_try_row(st, op, e))
                return -1;
            ops[h] = op;
            memcpy(words[h], st->w, sizeof st->w);
            lit[h] = st->has_literal || op->has_literal_k;
            litv[h] = st->literal;
        }
        if (!ops[h])
            return r3_fail(st, m, "invalid instruction");
    }
    if (lit[0] && lit[1] && litv[0] != litv[1])
        return r3_fail(st, st->start, "only one unique literal operand is allowed");
    uint32_t w[2] = {words[0][0] | words[1][0], words[0][1] | words[1][1]};
    const char *broken = r3_vopd_rule(ops[0], ops[1], w, 256 + st->vopd_ydst, lit[0] || lit[1]);
    if (broken)
        return r3_fail(st, st->start, broken);
    out->words[0] = w[0];
    out->words[1] = w[1];
    out->nwords = 2;
    if (lit[0] || lit[1])
        out->words[out->nwords++] = lit[0] ? litv[0] : litv[1];
    return 0;
}

static int r3_assemble_clean(const char *text, int wave64, const asm_expr_env *env, r3_encoding *out, char *err,
                             size_t errsize, int *errcol);

int r3_assemble(const char *text, int wave64, const asm_expr_env *env, r3_encoding *out, char *err, size_t errsize,
                int *errcol)
{
    /* block comments read as a single space, as in LLVM's lexer (disassembly prints some); the
       line may be of any length */
    char *clean = malloc(strlen(text) + 1);
    if (!clean) {
        snprintf(err, errsize, "out of memory");
        *errcol = 0;
        return -1;
    }
    size_t cn = 0;
    for (const char *c = text; *c;) {
        if (c[0] == '/' && c[1] == '*') {
            const char *e = strstr(c + 2, "*/");
            c = e ? e + 2 : c + strlen(c);
            clean[cn++] = ' ';
            continue;
        }
        clean[cn++] = *c++;
    }
    clean[cn] = '\0';
    int rc = r3_assemble_clean(clean, wave64, env, out, err, errsize, errcol);
    free(clean);
    return rc;
}

static int r3_assemble_clean(const char *text, int wave64, const asm_expr_env *env, r3_encoding *out, char *err,
                             size_t errsize, int *errcol)
{
    r3_asm_state st;
    memset(&st, 0, sizeof st);
    st.start = text;
    st.env = env;
    st.wave64 = wave64;
    const char *p = asm_skip_space(text);
    const char *m = p;
    const char *dual = strstr(text, "::");
    if (dual && strncmp(m, "v_dual_", 7) == 0) {
        size_t xn = (size_t)(dual - text);
        char *xpart = malloc(xn + 1);
        if (!xpart)
            return snprintf(err, errsize, "out of memory"), *errcol = 0, -1;
        memcpy(xpart, text, xn);
        xpart[xn] = '\0';
        st.start = xpart;
        int ok = r3_assemble_vopd(&st, xpart, dual + 2, out) == 0;
        if (!ok) {
            snprintf(err, errsize, "%s", st.err[0] ? st.err : "invalid operand for instruction");
            *errcol = st.errpos >= xpart && st.errpos < xpart + xn ? (int)(st.errpos - xpart)
                      : st.errpos ? (int)(st.errpos - text) : 0;
        }
        free(xpart);
        return ok ? 0 : -1;
    }
    while (*p && *p != ' ' && *p != '\t')
        p++;
    size_t mlen = (size_t)(p - m);
    char renamed[96];
    const char *mnemonic_at = m; /* in text, for error columns (m may point into renamed) */
    if (r3_unalias(m, mlen, renamed, sizeof renamed)) { /* an old spelling LLVM still accepts */
        m = renamed;
        mlen = strlen(renamed);
    }
    char name[96];
    if (mlen >= sizeof name - 8) {
        snprintf(err, errsize, "invalid instruction");
        *errcol = (int)(mnemonic_at - text);
        return -1;
    }
    /* the mnemonic as written, then with _e32 / _e64 added; and a written _e32 / _e64 suffix on a row
       named without one (v_nop_e64, v_fma_f32_e64) selects that encoding of the plain name */
    static const char *const suffixes[] = {"", "_e32", "_e64", "-"};
    int tried = 0, suffixed = mlen > 4 && (strncmp(m + mlen - 4, "_e32", 4) == 0 || strncmp(m + mlen - 4, "_e64", 4) == 0);
    for (int s = 0; s < 4; s++) {
        if (s && s < 3 && suffixed)
            continue;
        if (s == 3 && !suffixed)
            break;
        if (s == 3)
            snprintf(name, sizeof name, "%.*s", (int)mlen - 4, m);
        else
            snprintf(name, sizeof name, "%.*s%s", (int)mlen, m, suffixes[s]);
        int count = 0;
        r3_isa_find(name, strlen(name), &count);
        for (int k = 0; k < count; k++) {
            const r3_opinfo *op = r3_isa_find_nth(name, strlen(name), k);
            if (s == 3 && !r3_takes_suffix(op, m[mlen - 2] == '6'))
                continue;
            tried = 1;
            if (op->format == R3_MIMG) {
                if (r3_assemble_mimg(&st, op, p, out) == 0)
                    return 0;
                continue;
            }
            if (r3_try_row(&st, op, p) == 0) {
                const r3_format_desc *fd = &r3_formats[op->format];
                out->nwords = fd->nwords;
                memcpy(out->words, st.w, sizeof st.w);
                if (st.has_literal || op->has_literal_k)
                    out->words[out->nwords++] = st.literal;
                return 0;
            }
        }
    }
    /* DPP forms: by their own mnemonic (v_add_f32_dpp, v_add_f32_e64_dpp, v_cmp_lt_f16 with DPP
       controls) or by the plain one with DPP controls; e32 rows come before VOP3 rows */
    for (size_t i = 0; i < r3_isa_count(); i++) {
        const r3_opinfo *op = r3_isa_at(i);
        if (!op->dpp16_name[0] && !op->dpp8_name[0])
            continue;
        size_t bl = strlen(op->mnemonic);
        int plain = (bl == mlen && strncmp(op->mnemonic, m, mlen) == 0) ||
                    (bl == mlen + 4 && strncmp(op->mnemonic, m, mlen) == 0 &&
                     (strcmp(op->mnemonic + mlen, "_e32") == 0 || strcmp(op->mnemonic + mlen, "_e64") == 0));
        int named = (strlen(op->dpp16_name) == mlen && strncmp(op->dpp16_name, m, mlen) == 0) ||
                    (strlen(op->dpp8_name) == mlen && strncmp(op->dpp8_name, m, mlen) == 0);
        /* VOPC DPP names have no suffix, so "v_cmp_lt_f16" may also mean its VOP3 DPP form */
        int vopc_e64 = op->format == R3_VOP3 && bl == mlen + 4 && strncmp(op->mnemonic, m, mlen) == 0;
        if (!plain && !named && !vopc_e64)
            continue;
        tried = 1;
        st.dpp_mode = 1;
        if (r3_try_row(&st, op, p) == 0 && (st.dpp8 || st.dpp16 || named)) {
            const r3_format_desc *fd = &r3_formats[op->format];
            out->nwords = fd->nwords;
            memcpy(out->words, st.w, sizeof st.w);
            out->words[out->nwords++] = st.dpp_word;
            if (st.has_literal)
                out->words[out->nwords++] = st.literal;
            return 0;
        }
        st.dpp_mode = 0;
    }
    if (!tried) {
        snprintf(err, errsize, "invalid instruction");
        *errcol = (int)(mnemonic_at - text);
        return -1;
    }
    snprintf(err, errsize, "%s", st.err[0] ? st.err : "invalid operand for instruction");
    *errcol = (int)((st.errpos ? st.errpos : m) - text);
    return -1;
}
