/* Ventus assembler: operand parsing per format (the inverse of the printer), pseudo-instructions
   and `.insn`, with immediate range checks and GNU as's expansions of li/la/call/tail. */
#include "vt_asm.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/elf32.h"
#include "vt_isa.h"
#include "vt_mma.h"
#include "vt_vop64.h"

#define MAXOPS 8

typedef struct {
    const asm_expr_env *env;
    char *err;
    size_t errsize;
    int failed;
} vt_ps;

static int fail(vt_ps *ps, const char *fmt, ...)
{
    if (!ps->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->err, ps->errsize, fmt, ap);
        va_end(ap);
    }
    ps->failed = 1;
    return -1;
}

static const char *const abi[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                    "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                    "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

static int xreg(const char *s)
{
    for (int i = 0; i < 32; i++)
        if (strcmp(s, abi[i]) == 0)
            return i;
    if (strcmp(s, "fp") == 0)
        return 8;
    if ((s[0] == 'x' || s[0] == 'f') && isdigit((unsigned char)s[1])) {
        char *end;
        long v = strtol(s + 1, &end, 10);
        if (!*end && v < 32)
            return (int)v;
    }
    return -1;
}

static int vreg(const char *s)
{
    if (s[0] == 'v' && isdigit((unsigned char)s[1])) {
        char *end;
        long v = strtol(s + 1, &end, 10);
        if (!*end && v < 32)
            return (int)v;
    }
    return -1;
}

static int X(vt_ps *ps, const char *s)
{
    int r = xreg(s);
    return r < 0 ? fail(ps, "expected a scalar register, got '%s'", s) : r;
}

static int V(vt_ps *ps, const char *s)
{
    int r = vreg(s);
    return r < 0 ? fail(ps, "expected a vector register, got '%s'", s) : r;
}

/* A register of either file, for .insn. */
static int XV(vt_ps *ps, const char *s)
{
    int r = xreg(s);
    if (r < 0)
        r = vreg(s);
    return r < 0 ? fail(ps, "expected a register, got '%s'", s) : r;
}

/* An expression that must use the whole text; undefined symbols count as 0 while sizing. */
static int64_t expr(vt_ps *ps, const char *s, int *relocatable)
{
    const char *p = s;
    asm_value v;
    char err[160];
    if (asm_expr_parse(&p, ps->env, &v, err, sizeof err))
        return fail(ps, "%s", err), 0;
    p = asm_skip_space(p);
    if (*p)
        return fail(ps, "unexpected '%s' after expression", p), 0;
    if (v.is_float)
        return fail(ps, "expected an integer, got a float"), 0;
    if (v.undefined && ps->env->pass)
        return fail(ps, "undefined symbol in '%s'", s), 0;
    if (relocatable)
        *relocatable = v.relocatable || v.undefined;
    return v.undefined ? 0 : v.i;
}

static int32_t imm_range(vt_ps *ps, const char *s, int64_t lo, int64_t hi)
{
    int64_t v = expr(ps, s, NULL);
    if (!ps->failed && (v < lo || v > hi))
        fail(ps, "immediate %lld out of range [%lld, %lld]", (long long)v, (long long)lo, (long long)hi);
    return (int32_t)v;
}

/* A branch or jump target: an address expression, as an offset from this instruction. */
static int32_t target(vt_ps *ps, const char *s, int bits)
{
    int64_t v = expr(ps, s, NULL) - ps->env->pc;
    if (!ps->env->pass || ps->failed)
        return 0;
    if (v & 1)
        return fail(ps, "branch target is not 2-byte aligned"), 0;
    if (v < -(1ll << (bits - 1)) || v >= (1ll << (bits - 1)))
        return fail(ps, "branch target out of range (%lld bytes)", (long long)v), 0;
    return (int32_t)v;
}

/* "imm(reg)" or "(reg)": the immediate text and the register text. */
static int memop(vt_ps *ps, char *s, char **imm, char **reg)
{
    char *open = strrchr(s, '(');
    size_t n = strlen(s);
    if (!open || n < 3 || s[n - 1] != ')')
        return fail(ps, "expected imm(register), got '%s'", s);
    s[n - 1] = '\0';
    *open = '\0';
    *reg = open + 1;
    while (**reg == ' ')
        (*reg)++;
    char *e = *reg + strlen(*reg);
    while (e > *reg && e[-1] == ' ')
        *--e = '\0';
    *imm = *s ? s : "0";
    return 0;
}

static uint32_t enc_i(uint32_t w, int32_t imm) { return w | ((uint32_t)imm & 0xfff) << 20; }
static uint32_t enc_s(uint32_t w, int32_t imm)
{
    return w | ((uint32_t)imm >> 5 & 0x7f) << 25 | ((uint32_t)imm & 31) << 7;
}
static uint32_t enc_b(uint32_t w, int32_t off)
{
    uint32_t o = (uint32_t)off;
    return w | (o >> 12 & 1) << 31 | (o >> 5 & 0x3f) << 25 | (o >> 1 & 15) << 8 | (o >> 11 & 1) << 7;
}
static uint32_t enc_j(uint32_t w, int32_t off)
{
    uint32_t o = (uint32_t)off;
    return w | (o >> 20 & 1) << 31 | (o >> 1 & 0x3ff) << 21 | (o >> 11 & 1) << 20 | (o >> 12 & 0xff) << 12;
}
static uint32_t RD(int r) { return (uint32_t)r << 7; }
static uint32_t RS1(int r) { return (uint32_t)r << 15; }
static uint32_t RS2(int r) { return (uint32_t)r << 20; }

static const vt_opinfo *find(const char *mn, vt_opcode *op)
{
    for (int i = 1; i < VT_OP_COUNT; i++)
        if (strcmp(vt_ops[i].mnemonic, mn) == 0) {
            *op = (vt_opcode)i;
            return &vt_ops[i];
        }
    return NULL;
}

static uint32_t match_of(const char *mn)
{
    vt_opcode op;
    const vt_opinfo *o = find(mn, &op);
    return o ? o->match : 0;
}

static int rounding(vt_ps *ps, const char *s)
{
    static const char *const rm[8] = {"rne", "rtz", "rdn", "rup", "rmm", NULL, NULL, "dyn"};
    for (int i = 0; i < 8; i++)
        if (rm[i] && strcmp(s, rm[i]) == 0)
            return i;
    return fail(ps, "unknown rounding mode '%s'", s);
}

static uint32_t vtype(vt_ps *ps, char **ops, int n)
{
    if (n == 1 && (isdigit((unsigned char)ops[0][0])))
        return (uint32_t)imm_range(ps, ops[0], 0, 2047);
    uint32_t sew = 8, lmul = 0, ta = 0, ma = 0;
    static const char *const lm[8] = {"m1", "m2", "m4", "m8", "", "mf8", "mf4", "mf2"};
    for (int i = 0; i < n; i++) {
        const char *s = ops[i];
        int k;
        if (s[0] == 'e' && (k = atoi(s + 1)) && (k == 8 || k == 16 || k == 32 || k == 64))
            sew = (uint32_t)k;
        else if (strcmp(s, "ta") == 0 || strcmp(s, "tu") == 0)
            ta = s[1] == 'a';
        else if (strcmp(s, "ma") == 0 || strcmp(s, "mu") == 0)
            ma = s[1] == 'a';
        else {
            int found = 0;
            for (int j = 0; j < 8; j++)
                if (lm[j][0] && strcmp(s, lm[j]) == 0)
                    lmul = (uint32_t)j, found = 1;
            if (!found)
                return (uint32_t)fail(ps, "bad vtype field '%s'", s);
        }
    }
    uint32_t vsew = sew == 8 ? 0 : sew == 16 ? 1 : sew == 32 ? 2 : 3;
    return ma << 7 | ta << 6 | vsew << 3 | lmul;
}

/* Encodes a table instruction with its operands. Returns the word (ps->failed on error). */
static uint32_t encode_op(vt_ps *ps, vt_opcode op, const char *suffix, char **ops, int n)
{
    const vt_opinfo *o = &vt_ops[op];
    uint32_t w = o->match;
    int masked = n > 0 && strcmp(ops[n - 1], "v0.t") == 0;
    int nv = n - masked;
    static const int want[VT_FORMAT_COUNT] = {
        [VT_R] = 3, [VT_SHIFT] = 3, [VT_I] = 3, [VT_JALR] = 2, [VT_LOAD] = 2, [VT_STORE] = 2, [VT_B] = 3,
        [VT_U] = 2, [VT_J] = 2, [VT_CSR] = 3, [VT_CSRI] = 3, [VT_FENCE] = 2, [VT_NONE] = 0, [VT_LR] = 2,
        [VT_AMO] = 3, [VT_FR] = 3, [VT_FRN] = 3, [VT_FR1] = 2, [VT_FR1N] = 2, [VT_FR4] = 4, [VT_VSETVLI] = -3,
        [VT_VSETIVLI] = -3, [VT_VSETVL] = 3, [VT_VLE] = 2, [VT_VLSE] = 3, [VT_VLX] = 3, [VT_V_VV] = 3,
        [VT_V_VX] = 3, [VT_V_VF] = 3, [VT_V_VI] = 3, [VT_V_VIU] = 3, [VT_V_VVM] = 4, [VT_V_VXM] = 4,
        [VT_V_VIM] = 4, [VT_V_VFM] = 4, [VT_V_MVV] = 2, [VT_V_MVX] = 2, [VT_V_MVI] = 2, [VT_V_MVF] = 2,
        [VT_V_FMA_VV] = 3, [VT_V_FMA_VX] = 3, [VT_V_FMA_VF] = 3, [VT_V_MM] = 3, [VT_V_XS] = 2, [VT_V_SX] = 2,
        [VT_V_SF] = 2, [VT_V_VID] = 1, [VT_V_V1] = 2, [VT_VB] = 3, [VT_JOIN] = 3, [VT_VADD12] = 3,
        [VT_XRRR] = 3, [VT_BARRIER] = 3, [VT_PVL] = 2, [VT_PVS] = 2, [VT_VL12] = 2, [VT_VS12] = 2,
        [VT_V_CSR] = 2, [VT_PFX] = 4, [VT_PFXM] = 5, [VT_V3] = 3, [VT_XVV] = 3,
    };
    int need = want[o->format];
    int rm_opt = o->format == VT_FR || o->format == VT_FR1 || o->format == VT_FR4;
    int vm_ok = o->format >= VT_VLE && o->format <= VT_V_V1 && !(o->mask & (1u << 25));
    if (masked && !vm_ok)
        return (uint32_t)fail(ps, "%s cannot be masked", o->mnemonic);
    if (need >= 0 && nv != need && !(rm_opt && nv == need + 1))
        return (uint32_t)fail(ps, "%s takes %d operands", o->mnemonic, need);
    if (need < 0 && nv < 2)
        return (uint32_t)fail(ps, "%s takes a register, an AVL and a vtype", o->mnemonic);
    if (rm_opt) {
        if (nv == need + 1) {
            int r = rounding(ps, ops[need]);
            w = (w & ~0x7000u) | (uint32_t)(r < 0 ? 0 : r) << 12;
        } else if (!(o->mask & 0x7000)) {
            w |= 7u << 12;
        }
    }
    if (vm_ok && !masked && o->format != VT_V_VVM && o->format != VT_V_VXM && o->format != VT_V_VIM &&
        o->format != VT_V_VFM)
        w |= 1u << 25;
    if (suffix[0]) { /* .aq / .rl / .aqrl on atomics */
        if (o->format != VT_AMO && o->format != VT_LR)
            return (uint32_t)fail(ps, "unknown suffix '%s'", suffix);
        w |= (strstr(suffix, "aq") ? 1u << 26 : 0) | (strstr(suffix, "rl") ? 1u << 25 : 0);
    }
    char *imm, *reg;
    switch (o->format) {
    case VT_R: case VT_FR: case VT_FRN:
        return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | RS2(X(ps, ops[2]));
    case VT_SHIFT: return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | (uint32_t)imm_range(ps, ops[2], 0, 31) << 20;
    case VT_I:
        if (op == VT_OP_REGEXT || op == VT_OP_REGEXTI)
            return enc_i(w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])), imm_range(ps, ops[2], 0, 4095));
        return enc_i(w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])), imm_range(ps, ops[2], -2048, 2047));
    case VT_JALR: case VT_LOAD:
        if (memop(ps, ops[1], &imm, &reg))
            return 0;
        return enc_i(w | RD(X(ps, ops[0])) | RS1(X(ps, reg)), imm_range(ps, imm, -2048, 2047));
    case VT_STORE:
        if (memop(ps, ops[1], &imm, &reg))
            return 0;
        return enc_s(w | RS2(X(ps, ops[0])) | RS1(X(ps, reg)), imm_range(ps, imm, -2048, 2047));
    case VT_B: return enc_b(w | RS1(X(ps, ops[0])) | RS2(X(ps, ops[1])), target(ps, ops[2], 13));
    case VT_VB: return enc_b(w | RS2(V(ps, ops[0])) | RS1(V(ps, ops[1])), target(ps, ops[2], 13));
    case VT_U: return w | RD(X(ps, ops[0])) | ((uint32_t)imm_range(ps, ops[1], 0, 0xfffff) << 12);
    case VT_J: return enc_j(w | RD(X(ps, ops[0])), target(ps, ops[1], 21));
    case VT_CSR: case VT_CSRI: {
        int csr = vt_csr_number(ops[1], strlen(ops[1]));
        if (csr < 0)
            csr = imm_range(ps, ops[1], 0, 4095);
        uint32_t src = o->format == VT_CSR ? (uint32_t)X(ps, ops[2]) : (uint32_t)imm_range(ps, ops[2], 0, 31);
        return w | RD(X(ps, ops[0])) | RS1((int)src) | (uint32_t)csr << 20;
    }
    case VT_FENCE: {
        uint32_t sets[2] = {0, 0};
        for (int k = 0; k < 2; k++)
            for (const char *c = ops[k]; *c; c++) {
                const char *at = strchr("wroi", *c);
                if (!at)
                    return (uint32_t)fail(ps, "bad fence set '%s'", ops[k]);
                sets[k] |= 1u << (at - "wroi");
            }
        return w | sets[0] << 24 | sets[1] << 20;
    }
    case VT_NONE: return w;
    case VT_LR:
    case VT_AMO: {
        char *a = ops[o->format == VT_LR ? 1 : 2];
        size_t len = strlen(a);
        if (len < 3 || a[0] != '(' || a[len - 1] != ')')
            return (uint32_t)fail(ps, "expected (register), got '%s'", a);
        a[len - 1] = '\0';
        w |= RD(X(ps, ops[0])) | RS1(X(ps, a + 1));
        return o->format == VT_AMO ? w | RS2(X(ps, ops[1])) : w;
    }
    case VT_FR1: case VT_FR1N: return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1]));
    case VT_FR4:
        return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | RS2(X(ps, ops[2])) | (uint32_t)X(ps, ops[3]) << 27;
    case VT_VSETVLI:
        return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | (vtype(ps, ops + 2, n - 2) & 0x7ff) << 20;
    case VT_VSETIVLI:
        return w | RD(X(ps, ops[0])) | (uint32_t)imm_range(ps, ops[1], 0, 31) << 15 |
               (vtype(ps, ops + 2, n - 2) & 0x3ff) << 20;
    case VT_VSETVL: return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | RS2(X(ps, ops[2]));
    case VT_VLE: case VT_VLSE: case VT_VLX: {
        size_t len = strlen(ops[1]);
        if (len < 3 || ops[1][0] != '(' || ops[1][len - 1] != ')')
            return (uint32_t)fail(ps, "expected (register), got '%s'", ops[1]);
        ops[1][len - 1] = '\0';
        w |= RD(V(ps, ops[0])) | RS1(X(ps, ops[1] + 1));
        if (o->format == VT_VLSE)
            w |= RS2(X(ps, ops[2]));
        if (o->format == VT_VLX)
            w |= RS2(V(ps, ops[2]));
        return w;
    }
    case VT_V_VV: case VT_V_MM: return w | RD(V(ps, ops[0])) | RS2(V(ps, ops[1])) | RS1(V(ps, ops[2]));
    case VT_V_VX: case VT_V_VF: return w | RD(V(ps, ops[0])) | RS2(V(ps, ops[1])) | RS1(X(ps, ops[2]));
    case VT_V_VI: return w | RD(V(ps, ops[0])) | RS2(V(ps, ops[1])) | ((uint32_t)imm_range(ps, ops[2], -16, 15) & 31) << 15;
    case VT_V_VIU: return w | RD(V(ps, ops[0])) | RS2(V(ps, ops[1])) | (uint32_t)imm_range(ps, ops[2], 0, 31) << 15;
    case VT_V_VVM: case VT_V_VXM: case VT_V_VIM: case VT_V_VFM:
        if (strcmp(ops[3], "v0") != 0)
            return (uint32_t)fail(ps, "the mask operand must be v0");
        w |= RD(V(ps, ops[0])) | RS2(V(ps, ops[1]));
        if (o->format == VT_V_VVM)
            return w | RS1(V(ps, ops[2]));
        if (o->format == VT_V_VIM)
            return w | ((uint32_t)imm_range(ps, ops[2], -16, 15) & 31) << 15;
        return w | RS1(X(ps, ops[2]));
    case VT_V_MVV: return w | RD(V(ps, ops[0])) | RS1(V(ps, ops[1]));
    case VT_V_MVX: case VT_V_MVF: case VT_V_SX: case VT_V_SF: return w | RD(V(ps, ops[0])) | RS1(X(ps, ops[1]));
    case VT_V_MVI: return w | RD(V(ps, ops[0])) | ((uint32_t)imm_range(ps, ops[1], -16, 15) & 31) << 15;
    case VT_V_FMA_VV: return w | RD(V(ps, ops[0])) | RS1(V(ps, ops[1])) | RS2(V(ps, ops[2]));
    case VT_V_FMA_VX: case VT_V_FMA_VF: return w | RD(V(ps, ops[0])) | RS1(X(ps, ops[1])) | RS2(V(ps, ops[2]));
    case VT_V_XS: return w | RD(X(ps, ops[0])) | RS2(V(ps, ops[1]));
    case VT_V_VID: return w | RD(V(ps, ops[0]));
    case VT_V_V1: return w | RD(V(ps, ops[0])) | RS2(V(ps, ops[1]));
    case VT_JOIN: return enc_s(w | RS2(X(ps, ops[0])) | RS1(X(ps, ops[1])), imm_range(ps, ops[2], -2048, 2047));
    case VT_VADD12: return enc_i(w | RD(V(ps, ops[0])) | RS1(V(ps, ops[1])), imm_range(ps, ops[2], 0, 4095));
    case VT_XRRR: return w | RD(X(ps, ops[0])) | RS1(X(ps, ops[1])) | RS2(X(ps, ops[2]));
    case VT_BARRIER: /* barrier x0, x0, IMM5 (the Ventus LLVM's order; the immediate is in the rs1 field) */
        return w | RD(X(ps, ops[0])) | RS2(X(ps, ops[1])) | RS1(imm_range(ps, ops[2], 0, 31));
    case VT_PVL: case VT_PVS: case VT_VL12: case VT_VS12: {
        if (memop(ps, ops[1], &imm, &reg))
            return 0;
        int eleven = o->format == VT_PVL || o->format == VT_PVS;
        int32_t v = imm_range(ps, imm, eleven ? -1024 : -2048, eleven ? 1023 : 2047);
        w |= RS1(V(ps, reg));
        if (o->format == VT_PVL)
            return w | RD(V(ps, ops[0])) | ((uint32_t)v & 0x7ff) << 20;
        if (o->format == VT_VL12)
            return enc_i(w | RD(V(ps, ops[0])), v);
        if (o->format == VT_VS12)
            return enc_s(w | RS2(V(ps, ops[0])), v);
        return w | RS2(V(ps, ops[0])) | ((uint32_t)v >> 5 & 0x3f) << 25 | ((uint32_t)v & 31) << 7;
    }
    case VT_V_CSR: {
        int csr = vt_csr_number(ops[1], strlen(ops[1]));
        if (csr < 0)
            csr = imm_range(ps, ops[1], 0, 4095);
        return w | RD(V(ps, ops[0])) | (uint32_t)csr << 20;
    }
    case VT_PFX:
        return enc_i(w, imm_range(ps, ops[0], 0, 4095)) | (uint32_t)imm_range(ps, ops[1], 0, 1) << 19 |
               (uint32_t)imm_range(ps, ops[2], 0, 7) << 16 | (uint32_t)imm_range(ps, ops[3], 0, 7) << 13;
    case VT_PFXM: /* the width selects the row's major opcode (bits 6:5) */
        return enc_i(w & ~0x60u, imm_range(ps, ops[0], 0, 4095)) | (uint32_t)imm_range(ps, ops[1], 0, 1) << 19 |
               (uint32_t)imm_range(ps, ops[2], 0, 15) << 15 | (uint32_t)imm_range(ps, ops[3], 0, 3) << 7 |
               (uint32_t)imm_range(ps, ops[4], 0, 3) << 5;
    case VT_V3: return w | RD(V(ps, ops[0])) | RS1(V(ps, ops[1])) | RS2(V(ps, ops[2]));
    case VT_XVV: return w | RD(X(ps, ops[0])) | RS1(V(ps, ops[1])) | RS2(V(ps, ops[2]));
    case VT_VOP64: return (uint32_t)fail(ps, "the 64-bit compute format is written v64.OP.DTYPE.STYPE");
    case VT_MMA: case VT_MMA61: case VT_MMA64:
        return (uint32_t)fail(ps, "%s needs its full name (%s.SHAPE.ALAYOUT.BLAYOUT.DTYPE.ATYPE.BTYPE.CTYPE)",
                              o->mnemonic, o->mnemonic);
    case VT_FORMAT_COUNT: break;
    }
    return (uint32_t)fail(ps, "internal: no encoder for %s", o->mnemonic);
}

/* A vector register v0..v(limit-1). */
static int vreg_below(vt_ps *ps, const char *s, int limit)
{
    char *end;
    long v = s[0] == 'v' && isdigit((unsigned char)s[1]) ? strtol(s + 1, &end, 10) : -1;
    if (v < 0 || *end || v >= limit)
        return fail(ps, "expected a vector register v0..v%d, got '%s'", limit - 1, s);
    return (int)v;
}

/* mma.* (one word) and mma64.* (two): the name gives the fields (vt_mma_parse). */
static int encode_mma(vt_ps *ps, const char *mn, char **ops, int n, uint32_t *w)
{
    vt_mma_desc d;
    if (vt_mma_parse(mn, &d))
        return fail(ps, "unknown matrix multiply-add '%s' (shape, layouts and types as the MMA table allows)", mn);
    uint32_t lo, hi;
    vt_mma_fields(&d, &lo, &hi);
    if (!d.is64) {
        if (n != 3)
            return fail(ps, "%s takes 3 operands (vd, vs1, vs2)", mn);
        w[0] = lo | 0x0a | RD(vreg_below(ps, ops[0], 32)) | RS1(vreg_below(ps, ops[1], 32)) |
               RS2(vreg_below(ps, ops[2], 32));
        return 1;
    }
    if (n != 4)
        return fail(ps, "%s takes 4 operands (vd, vs1, vs2, vs3)", mn);
    uint32_t rd = (uint32_t)vreg_below(ps, ops[0], 256), r1 = (uint32_t)vreg_below(ps, ops[1], 256);
    uint32_t r2 = (uint32_t)vreg_below(ps, ops[2], 256), r3 = (uint32_t)vreg_below(ps, ops[3], 256);
    w[0] = lo | 0x3f | rd << 20 | (r3 & 15) << 28;
    w[1] = hi | r2 << 17 | r1 << 9 | r3 >> 4;
    return 2;
}

/* `.insn FORMAT ...` (r, i, s, b, u, j) or `.insn WORD`. */
static uint32_t encode_insn(vt_ps *ps, char *kind, char **ops, int n)
{
    int want = !strcmp(kind, "r") ? 6 : !strcmp(kind, "i") || !strcmp(kind, "b") ? 5 : !strcmp(kind, "s") ? 4
             : !strcmp(kind, "u") || !strcmp(kind, "j") ? 3 : 0;
    if (!want) {
        if (n)
            return (uint32_t)fail(ps, "unknown .insn format '%s'", kind);
        return (uint32_t)imm_range(ps, kind, 0, 0xffffffffll);
    }
    if (n != want)
        return (uint32_t)fail(ps, ".insn %s takes %d operands", kind, want);
    uint32_t w = (uint32_t)imm_range(ps, ops[0], 0, 127);
    char *imm, *reg;
    switch (kind[0]) {
    case 'r':
        return w | (uint32_t)imm_range(ps, ops[1], 0, 7) << 12 | (uint32_t)imm_range(ps, ops[2], 0, 127) << 25 |
               RD(XV(ps, ops[3])) | RS1(XV(ps, ops[4])) | RS2(XV(ps, ops[5]));
    case 'i':
        return enc_i(w | (uint32_t)imm_range(ps, ops[1], 0, 7) << 12 | RD(XV(ps, ops[2])) | RS1(XV(ps, ops[3])),
                     imm_range(ps, ops[4], -2048, 4095));
    case 's':
        if (memop(ps, ops[3], &imm, &reg))
            return 0;
        return enc_s(w | (uint32_t)imm_range(ps, ops[1], 0, 7) << 12 | RS2(XV(ps, ops[2])) | RS1(XV(ps, reg)),
                     imm_range(ps, imm, -2048, 2047));
    case 'b':
        return enc_b(w | (uint32_t)imm_range(ps, ops[1], 0, 7) << 12 | RS1(XV(ps, ops[2])) | RS2(XV(ps, ops[3])),
                     target(ps, ops[4], 13));
    case 'u': return w | RD(XV(ps, ops[1])) | (uint32_t)imm_range(ps, ops[2], 0, 0xfffff) << 12;
    default: return enc_j(w | RD(XV(ps, ops[1])), target(ps, ops[2], 21));
    }
}

/* Splits "a, b(c), d" into trimmed operands (commas inside parentheses stay). */
static int split_ops(char *s, char **ops)
{
    int n = 0, depth = 0;
    s = (char *)asm_skip_space(s);
    if (!*s)
        return 0;
    ops[n++] = s;
    for (char *p = s; *p; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        else if (*p == ',' && !depth) {
            *p = '\0';
            if (n == MAXOPS)
                return -1;
            ops[n++] = (char *)asm_skip_space(p + 1);
        }
    }
    for (int i = 0; i < n; i++) {
        char *e = ops[i] + strlen(ops[i]);
        while (e > ops[i] && (e[-1] == ' ' || e[-1] == '\t'))
            *--e = '\0';
    }
    return n;
}

/* Rewrites a pseudo-instruction as the table instruction(s) it stands for; returns the count of
   words written to w, 0 when `mn` is not a pseudo-instruction. */
static int pseudo(vt_ps *ps, const char *mn, char **ops, int n, uint32_t *w, int li_size)
{
#define NEED(k) \
    if (n != (k)) \
        return fail(ps, "%s takes %d operands", mn, k), 1;
    uint32_t addi = match_of("addi");
    if (!strcmp(mn, "nop")) {
        NEED(0);
        return w[0] = addi, 1;
    }
    if (!strcmp(mn, "li")) {
        NEED(2);
        int rd = X(ps, ops[0]);
        int64_t v = expr(ps, ops[1], NULL);
        if (v < -0x80000000ll || v > 0xffffffffll)
            return fail(ps, "li value out of 32-bit range"), 1;
        int32_t val = (int32_t)(uint32_t)v, lo = (int32_t)((uint32_t)val << 20) >> 20;
        uint32_t hi = ((uint32_t)val - (uint32_t)lo) >> 12;
        int small = val >= -2048 && val < 2048;
        /* one word (addi, or lui when the low 12 bits are zero) or lui + addi; the second pass
           keeps the first pass's size (li_size bytes) */
        int natural = small || !lo ? 1 : 2, nwords = li_size ? li_size / 4 : natural;
        if (nwords < natural)
            return fail(ps, "li value changed size between passes"), 1;
        if (nwords == 1 && small)
            return w[0] = enc_i(addi | RD(rd), val), 1;
        w[0] = match_of("lui") | RD(rd) | hi << 12;
        if (nwords == 1)
            return 1;
        w[1] = enc_i(addi | RD(rd) | RS1(rd), lo);
        return 2;
    }
    if (!strcmp(mn, "la") || !strcmp(mn, "call") || !strcmp(mn, "tail")) {
        int la = mn[0] == 'l';
        NEED(la ? 2 : 1);
        int rd = la ? X(ps, ops[0]) : mn[0] == 'c' ? 1 : 6;
        int64_t off = expr(ps, ops[la], NULL) - ps->env->pc;
        if (!ps->env->pass)
            off = 0;
        int32_t lo = (int32_t)((uint32_t)off << 20) >> 20;
        uint32_t hi = (((uint32_t)off - (uint32_t)lo) >> 12) & 0xfffff;
        w[0] = match_of("auipc") | RD(rd) | hi << 12;
        w[1] = la ? enc_i(addi | RD(rd) | RS1(rd), lo) : enc_i(match_of("jalr") | RD(mn[0] == 'c' ? 1 : 0) | RS1(rd), lo);
        return 2;
    }
    static const struct {
        const char *name, *real, *form;
    } simple[] = {
        /* form: operands of the real instruction built from the pseudo's %0 %1 %2 */
        {"mv", "addi", "%0,%1,0"}, {"not", "xori", "%0,%1,-1"}, {"neg", "sub", "%0,zero,%1"},
        {"vnot.v", "vxor.vi", "%0,%1,-1"}, {"vneg.v", "vrsub.vx", "%0,%1,zero"},
        {"seqz", "sltiu", "%0,%1,1"}, {"snez", "sltu", "%0,zero,%1"}, {"sltz", "slt", "%0,%1,zero"},
        {"sgtz", "slt", "%0,zero,%1"}, {"beqz", "beq", "%0,zero,%1"}, {"bnez", "bne", "%0,zero,%1"},
        {"blez", "bge", "zero,%0,%1"}, {"bgez", "bge", "%0,zero,%1"}, {"bltz", "blt", "%0,zero,%1"},
        {"bgtz", "blt", "zero,%0,%1"}, {"bgt", "blt", "%1,%0,%2"}, {"ble", "bge", "%1,%0,%2"},
        {"bgtu", "bltu", "%1,%0,%2"}, {"bleu", "bgeu", "%1,%0,%2"}, {"j", "jal", "zero,%0"},
        {"jr", "jalr", "zero,0(%0)"}, {"ret", "jalr", "zero,0(ra)"}, {"csrr", "csrrs", "%0,%1,zero"},
        {"csrw", "csrrw", "zero,%0,%1"}, {"csrs", "csrrs", "zero,%0,%1"}, {"csrc", "csrrc", "zero,%0,%1"},
        {"csrwi", "csrrwi", "zero,%0,%1"}, {"csrsi", "csrrsi", "zero,%0,%1"}, {"csrci", "csrrci", "zero,%0,%1"},
        {"frflags", "csrrs", "%0,fflags,zero"}, {"fsflags", "csrrw", "zero,fflags,%0"},
        {"frrm", "csrrs", "%0,frm,zero"}, {"fsrm", "csrrw", "zero,frm,%0"}, {"frcsr", "csrrs", "%0,fcsr,zero"},
        {"fscsr", "csrrw", "zero,fcsr,%0"}, {"rdcycle", "csrrs", "%0,cycle,zero"},
        {"rdtime", "csrrs", "%0,time,zero"}, {"rdinstret", "csrrs", "%0,instret,zero"},
        {"fsflagsi", "csrrwi", "zero,fflags,%0"}, {"fsrmi", "csrrwi", "zero,frm,%0"},
        {"vnot.v", "vxor.vi", "%0,%1,-1"}, {"vneg.v", "vrsub.vx", "%0,%1,zero"},
        {"vfneg.v", "vfsgnjn.vv", "%0,%1,%1"}, {"vfabs.v", "vfsgnjx.vv", "%0,%1,%1"},
        {"fence", "fence", "iorw,iorw"},
    };
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
        if (strcmp(mn, simple[i].name) != 0)
            continue;
        if (!strcmp(mn, "fence") && n)
            return 0;
        int maxref = -1;
        for (const char *f = simple[i].form; *f; f++)
            if (*f == '%')
                maxref = f[1] - '0' > maxref ? f[1] - '0' : maxref;
        NEED(maxref + 1);
        char buf[256] = "", *out = buf;
        for (const char *f = simple[i].form; *f && out < buf + sizeof buf - 64; f++) {
            if (*f == '%') {
                const char *o = ops[*++f - '0'];
                size_t len = strlen(o);
                if (len > 60)
                    return fail(ps, "operand too long"), 1;
                memcpy(out, o, len);
                out += len;
            } else {
                *out++ = *f;
            }
        }
        *out = '\0';
        char *sub[MAXOPS];
        int k = split_ops(buf, sub);
        vt_opcode op = VT_OP_INVALID;
        find(simple[i].real, &op);
        w[0] = encode_op(ps, op, "", sub, k);
        return 1;
    }
    /* one-operand jal / jalr: the link register is ra */
    if ((!strcmp(mn, "jal") || !strcmp(mn, "jalr")) && n == 1) {
        if (mn[3] == 'r') {
            char buf[80];
            snprintf(buf, sizeof buf, "0(%s)", ops[0]);
            char *sub[2] = {"ra", buf};
            return w[0] = encode_op(ps, VT_OP_JALR, "", sub, 2), 1;
        }
        char *sub[2] = {"ra", ops[0]};
        return w[0] = encode_op(ps, VT_OP_JAL, "", sub, 2), 1;
    }
    /* jalr rd, rs1, imm (three-operand form) */
    if (!strcmp(mn, "jalr") && n == 3) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s(%s)", ops[2], ops[1]);
        char *sub[2] = {ops[0], buf};
        return w[0] = encode_op(ps, VT_OP_JALR, "", sub, 2), 1;
    }
    return 0;
#undef NEED
}

int vt_asm_encode(void *vctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err, size_t errsize,
                  int *errcol)
{
    vt_asm_ctx *ctx = vctx;
    if (env->pass != ctx->pass) {
        ctx->pass = env->pass;
        ctx->next = 0;
    }
    *errcol = 0;
    char line[512];
    size_t len = strlen(text);
    if (len >= sizeof line)
        return snprintf(err, errsize, "line too long"), -1;
    memcpy(line, text, len + 1);
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *p = line;
    while (*p && !isspace((unsigned char)*p))
        p++;
    char mn[64];
    size_t ml = (size_t)(p - line);
    if (!ml || ml >= sizeof mn)
        return snprintf(err, errsize, "expected an instruction"), -1;
    memcpy(mn, line, ml);
    mn[ml] = '\0';
    for (char *c = mn; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    vt_ps ps = {env, err, errsize, 0};
    char *ops[MAXOPS];
    int n;
    uint32_t words[2];
    int nw = 0;
    if (!strcmp(mn, ".insn")) {
        char *rest = (char *)asm_skip_space(p), *kind = rest;
        while (*rest && !isspace((unsigned char)*rest) && *rest != ',')
            rest++;
        int comma = *rest == ',';
        if (*rest)
            *rest++ = '\0';
        n = split_ops(rest, ops);
        if (n < 0)
            return snprintf(err, errsize, "too many operands"), -1;
        if (comma && !strcmp(kind, "8") && n == 1) { /* `.insn 8, VALUE`: one 64-bit instruction (GNU as form) */
            char *end;
            unsigned long long v = strtoull(ops[0], &end, 0);
            if (*end || ops[0][0] == '-')
                return snprintf(err, errsize, "bad 64-bit instruction value '%s'", ops[0]), -1;
            words[0] = (uint32_t)v;
            words[1] = (uint32_t)(v >> 32);
            nw = 2;
        } else if (comma && !strcmp(kind, "4") && n == 1) {
            words[0] = (uint32_t)imm_range(&ps, ops[0], 0, 0xffffffffll);
            nw = 1;
        } else {
            words[0] = encode_insn(&ps, kind, ops, n);
            nw = 1;
        }
    } else if (!strncmp(mn, "v64.", 4)) {
        n = split_ops(p, ops);
        if (n < 0)
            return snprintf(err, errsize, "too many operands"), -1;
        if (vt_vop64_encode(mn, ops, n, &words[0], &words[1], err, errsize))
            return -1;
        nw = 2;
    } else if (!strncmp(mn, "mma.", 4) || !strncmp(mn, "mma64.", 6)) {
        n = split_ops(p, ops);
        if (n < 0)
            return snprintf(err, errsize, "too many operands"), -1;
        nw = encode_mma(&ps, mn, ops, n, words);
    } else {
        n = split_ops(p, ops);
        if (n < 0)
            return snprintf(err, errsize, "too many operands"), -1;
        int li_size = 0;
        if (!strcmp(mn, "li") && env->pass && ctx->next < ctx->n)
            li_size = ctx->sizes[ctx->next];
        else if (!strcmp(mn, "li") && n == 2) {
            int reloc = 0;
            vt_ps q = {env, err, errsize, 0};
            expr(&q, ops[1], &reloc);
            if (reloc)
                li_size = 8; /* a label or a symbol defined later: always lui + addi */
        }
        nw = pseudo(&ps, mn, ops, n, words, li_size);
        if (!nw && !ps.failed) {
            vt_opcode op = VT_OP_INVALID;
            char base[64], *dot = NULL;
            snprintf(base, sizeof base, "%s", mn);
            if (!find(base, &op)) {
                /* atomics with .aq, .rl or .aqrl */
                dot = strstr(base, ".aq");
                if (!dot)
                    dot = strstr(base, ".rl");
                if (dot)
                    *dot = '\0';
                if (!dot || !find(base, &op))
                    return snprintf(err, errsize, "unknown instruction '%s'", mn), -1;
            }
            words[0] = encode_op(&ps, op, dot ? mn + (dot - base) : "", ops, n);
            nw = 1;
            vt_inst back;
            vt_decode(words[0], &back);
            if (!ps.failed && strcmp(vt_ops[back.op].mnemonic, vt_ops[op].mnemonic))
                /* two families share an encoding (vlb_local.v and vcvt.*: docs/isa-notes-ventus.md) */
                return snprintf(err, errsize, "%s with these operands encodes as %s: not encodable", vt_ops[op].mnemonic,
                                vt_ops[back.op].mnemonic), -1;
        }
    }
    if (ps.failed)
        return -1;
    if (!env->pass) {
        if (ctx->n == ctx->cap) {
            size_t cap = ctx->cap ? 2 * ctx->cap : 256;
            uint8_t *s = realloc(ctx->sizes, cap);
            if (!s)
                return snprintf(err, errsize, "out of memory"), -1;
            ctx->sizes = s;
            ctx->cap = cap;
        }
        ctx->sizes[ctx->n++] = (uint8_t)(4 * nw);
    }
    ctx->next++;
    for (int i = 0; i < nw; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + b] = (uint8_t)(words[i] >> (8 * b));
    return 4 * nw;
}

int vt_image_build(const asm_result *res, uint8_t **image, size_t *size, char *err, size_t errsize)
{
    uint64_t end = VT_CODE_BASE;
    for (int i = 0; i < res->nsecs; i++)
        if ((res->secs[i].flags & ASM_SEC_ALLOC) && res->secs[i].size && res->secs[i].addr + res->secs[i].size > end)
            end = res->secs[i].addr + res->secs[i].size;
    uint8_t *code = calloc(1, (size_t)(end - VT_CODE_BASE) + 4);
    elf32_out_symbol *syms = calloc(res->nsyms + 1, sizeof *syms);
    int nsyms = 0, rc = -1;
    if (code && syms) {
        for (int i = 0; i < res->nsecs; i++)
            if ((res->secs[i].flags & ASM_SEC_ALLOC) && res->secs[i].size)
                memcpy(code + (res->secs[i].addr - VT_CODE_BASE), res->secs[i].data, res->secs[i].size);
        for (size_t i = 0; i < res->nsyms; i++)
            if (res->syms[i].section >= 0)
                syms[nsyms++] = (elf32_out_symbol){res->syms[i].name, (uint32_t)res->syms[i].value,
                                                   res->syms[i].binding != ASM_BIND_LOCAL,
                                                   res->syms[i].type == ASM_TYPE_FUNC};
        rc = elf32_write_exec(code, (uint32_t)(end - VT_CODE_BASE), VT_CODE_BASE, syms, nsyms, image, size);
    }
    if (rc)
        snprintf(err, errsize, "out of memory");
    free(code);
    free(syms);
    return rc;
}

asm_isa vt_asm_isa(vt_asm_ctx *ctx)
{
    static const char *const insn[] = {".insn", NULL};
    asm_isa isa = {ctx, vt_asm_encode, NULL, NULL, insn, VT_CODE_BASE, {NULL, NULL}, NULL};
    return isa;
}

void vt_asm_ctx_free(vt_asm_ctx *ctx)
{
    free(ctx->sizes);
    memset(ctx, 0, sizeof *ctx);
}
