/* RDNA3 format layouts and the opcode table, expanded from isa/rdna3/ tables and parsed once at start-up. */
#include "r3_isa.h"
#include "r3_mimg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B(d, l, w) {(d), (l), (w)}

const r3_format_desc r3_formats[R3_FORMAT_COUNT] = {
    [R3_SOP2] = {"SOP2", 0x80000000u, 0xc0000000u, 1, B(0, 23, 7),
                 {[R3F_SDST] = B(0, 16, 7), [R3F_SSRC1] = B(0, 8, 8), [R3F_SSRC0] = B(0, 0, 8)}},
    [R3_SOPK] = {"SOPK", 0xb0000000u, 0xf0000000u, 1, B(0, 23, 5),
                 {[R3F_SDST] = B(0, 16, 7), [R3F_SIMM16] = B(0, 0, 16)}},
    [R3_SOP1] = {"SOP1", 0xbe800000u, 0xff800000u, 1, B(0, 8, 8),
                 {[R3F_SDST] = B(0, 16, 7), [R3F_SSRC0] = B(0, 0, 8)}},
    [R3_SOPC] = {"SOPC", 0xbf000000u, 0xff800000u, 1, B(0, 16, 7),
                 {[R3F_SSRC1] = B(0, 8, 8), [R3F_SSRC0] = B(0, 0, 8)}},
    [R3_SOPP] = {"SOPP", 0xbf800000u, 0xff800000u, 1, B(0, 16, 7), {[R3F_SIMM16] = B(0, 0, 16)}},
    [R3_SMEM] = {"SMEM", 0xf4000000u, 0xfc000000u, 2, B(0, 18, 8),
                 {[R3F_SDATA] = B(0, 6, 7), [R3F_SBASE] = B(0, 0, 6), [R3F_GLC] = B(0, 14, 1),
                  [R3F_DLC] = B(0, 13, 1), [R3F_OFFSET] = B(1, 0, 21), [R3F_SOFFSET] = B(1, 25, 7)}},
    [R3_VOP2] = {"VOP2", 0x00000000u, 0x80000000u, 1, B(0, 25, 6),
                 {[R3F_VDST] = B(0, 17, 8), [R3F_VSRC1] = B(0, 9, 8), [R3F_SRC0] = B(0, 0, 9)}},
    [R3_VOP1] = {"VOP1", 0x7e000000u, 0xfe000000u, 1, B(0, 9, 8),
                 {[R3F_VDST] = B(0, 17, 8), [R3F_SRC0] = B(0, 0, 9)}},
    [R3_VOPC] = {"VOPC", 0x7c000000u, 0xfe000000u, 1, B(0, 17, 8),
                 {[R3F_VSRC1] = B(0, 9, 8), [R3F_SRC0] = B(0, 0, 9)}},
    [R3_VOP3] = {"VOP3", 0xd4000000u, 0xfc000000u, 2, B(0, 16, 10),
                 {[R3F_VDST] = B(0, 0, 8), [R3F_ABS] = B(0, 8, 3), [R3F_OPSEL] = B(0, 11, 4),
                  [R3F_SDST] = B(0, 8, 7), [R3F_CLAMP] = B(0, 15, 1), [R3F_SRC0] = B(1, 0, 9),
                  [R3F_SRC1] = B(1, 9, 9), [R3F_SRC2] = B(1, 18, 9), [R3F_OMOD] = B(1, 27, 2),
                  [R3F_NEG] = B(1, 29, 3)}},
    [R3_VOP3P] = {"VOP3P", 0xcc000000u, 0xff000000u, 2, B(0, 16, 7),
                  {[R3F_VDST] = B(0, 0, 8), [R3F_NEG_HI] = B(0, 8, 3), [R3F_OPSEL] = B(0, 11, 3),
                   [R3F_OPSEL_HI2] = B(0, 14, 1), [R3F_CLAMP] = B(0, 15, 1), [R3F_SRC0] = B(1, 0, 9),
                   [R3F_SRC1] = B(1, 9, 9), [R3F_SRC2] = B(1, 18, 9), [R3F_OPSEL_HI] = B(1, 27, 2),
                   [R3F_NEG] = B(1, 29, 3)}},
    [R3_DS] = {"DS", 0xd8000000u, 0xfc000000u, 2, B(0, 18, 8),
               {[R3F_OFFSET0] = B(0, 0, 8), [R3F_OFFSET1] = B(0, 8, 8), [R3F_GDS] = B(0, 17, 1),
                [R3F_ADDR] = B(1, 0, 8), [R3F_DATA0] = B(1, 8, 8), [R3F_DATA1] = B(1, 16, 8),
                [R3F_VDST] = B(1, 24, 8)}},
    [R3_MUBUF] = {"MUBUF", 0xe0000000u, 0xfc000000u, 2, B(0, 18, 8),
                  {[R3F_OFFSET] = B(0, 0, 12), [R3F_SLC] = B(0, 12, 1), [R3F_DLC] = B(0, 13, 1),
                   [R3F_GLC] = B(0, 14, 1), [R3F_VADDR] = B(1, 0, 8), [R3F_VDATA] = B(1, 8, 8),
                   [R3F_SRSRC] = B(1, 16, 5), [R3F_TFE] = B(1, 21, 1), [R3F_OFFEN] = B(1, 22, 1),
                   [R3F_IDXEN] = B(1, 23, 1), [R3F_SOFFSET] = B(1, 24, 8)}},
    [R3_MTBUF] = {"MTBUF", 0xe8000000u, 0xfc000000u, 2, B(0, 15, 4),
                  {[R3F_OFFSET] = B(0, 0, 12), [R3F_SLC] = B(0, 12, 1), [R3F_DLC] = B(0, 13, 1),
                   [R3F_GLC] = B(0, 14, 1), [R3F_FMT] = B(0, 19, 7), [R3F_VADDR] = B(1, 0, 8),
                   [R3F_VDATA] = B(1, 8, 8), [R3F_SRSRC] = B(1, 16, 5), [R3F_TFE] = B(1, 21, 1),
                   [R3F_OFFEN] = B(1, 22, 1), [R3F_IDXEN] = B(1, 23, 1), [R3F_SOFFSET] = B(1, 24, 8)}},
#define R3_FLAT_FIELDS                                                                            \
    {[R3F_OFFSET] = B(0, 0, 13), [R3F_DLC] = B(0, 13, 1), [R3F_GLC] = B(0, 14, 1),               \
     [R3F_SLC] = B(0, 15, 1), [R3F_ADDR] = B(1, 0, 8), [R3F_DATA] = B(1, 8, 8),                  \
     [R3F_SADDR] = B(1, 16, 7), [R3F_SVE] = B(1, 23, 1), [R3F_VDST] = B(1, 24, 8)}
    [R3_VOPDX] = {"VOPDX", 0xc8000000u, 0xfc000000u, 2, B(0, 22, 4),
                  {[R3F_VDST] = B(1, 24, 8), [R3F_SRC0] = B(0, 0, 9), [R3F_VSRC1] = B(0, 9, 8)}},
    /* VDSTY holds bits 7:1 of the destination; bit 0 is the inverse of VDSTX's */
    [R3_VOPDY] = {"VOPDY", 0xc8000000u, 0xfc000000u, 2, B(0, 17, 5),
                  {[R3F_VDST] = B(1, 17, 7), [R3F_SRC0] = B(1, 0, 9), [R3F_VSRC1] = B(1, 9, 8)}},
    [R3_FLAT] = {"FLAT", 0xdc000000u, 0xfc030000u, 2, B(0, 18, 7), R3_FLAT_FIELDS},
    [R3_SCRATCH] = {"SCRATCH", 0xdc010000u, 0xfc030000u, 2, B(0, 18, 7), R3_FLAT_FIELDS},
    [R3_GLOBAL] = {"GLOBAL", 0xdc020000u, 0xfc030000u, 2, B(0, 18, 7), R3_FLAT_FIELDS},
    [R3_VINTERP] = {"VINTERP", 0xcd000000u, 0xff000000u, 2, B(0, 16, 7),
                    {[R3F_VDST] = B(0, 0, 8), [R3F_WAITEXP] = B(0, 8, 3), [R3F_OPSEL] = B(0, 11, 4),
                     [R3F_CLAMP] = B(0, 15, 1), [R3F_SRC0] = B(1, 0, 9), [R3F_SRC1] = B(1, 9, 9),
                     [R3F_SRC2] = B(1, 18, 9), [R3F_NEG] = B(1, 29, 3)}},
    [R3_LDSDIR] = {"LDSDIR", 0xce000000u, 0xffc00000u, 1, B(0, 20, 2),
                   {[R3F_VDST] = B(0, 0, 8), [R3F_ATTRCHAN] = B(0, 8, 2), [R3F_ATTR] = B(0, 10, 6),
                    [R3F_WAITVDST] = B(0, 16, 4)}},
    /* EXP has no opcode field: its one row is opcode 0 */
    [R3_EXP] = {"EXP", 0xf8000000u, 0xfc000000u, 2, B(0, 0, 0),
                {[R3F_EN] = B(0, 0, 4), [R3F_TARGET] = B(0, 4, 6), [R3F_DONE] = B(0, 11, 1), [R3F_ROW] = B(0, 13, 1),
                 [R3F_EXPSRC0] = B(1, 0, 8), [R3F_EXPSRC1] = B(1, 8, 8), [R3F_EXPSRC2] = B(1, 16, 8),
                 [R3F_EXPSRC3] = B(1, 24, 8)}},
    /* the NSA dword (extra address registers) is a third dword only when NSA is set */
    [R3_MIMG] = {"MIMG", 0xf0000000u, 0xfc000000u, 2, B(0, 18, 8),
                 {[R3F_NSA] = B(0, 0, 1), [R3F_DIM] = B(0, 2, 3), [R3F_UNORM] = B(0, 7, 1), [R3F_DMASK] = B(0, 8, 4),
                  [R3F_SLC] = B(0, 12, 1), [R3F_DLC] = B(0, 13, 1), [R3F_GLC] = B(0, 14, 1), [R3F_R128] = B(0, 15, 1),
                  [R3F_A16] = B(0, 16, 1), [R3F_D16] = B(0, 17, 1), [R3F_VADDR] = B(1, 0, 8), [R3F_VDATA] = B(1, 8, 8),
                  [R3F_SRSRC] = B(1, 16, 5), [R3F_TFE] = B(1, 21, 1), [R3F_LWE] = B(1, 22, 1),
                  [R3F_SSAMP] = B(1, 26, 5)}},
};

unsigned r3_field_default(r3_format fmt, r3_field f)
{
    switch (f) {
    case R3F_SADDR: return 124;
    case R3F_SOFFSET: return fmt == R3_SMEM ? 124 : 0;
    case R3F_OPSEL_HI: return 3;
    case R3F_OPSEL_HI2: return 1;
    case R3F_FMT: return 1;
    case R3F_EN: return 15;
    default: return 0;
    }
}

typedef struct {
    const char *mnemonic;
    uint8_t format;
    uint16_t opcode;
    const char *operands, *optional;
    uint8_t probe_bytes;
} r3_row;

#ifndef R3_PREPARSED /* the pre-parsed build has the rows as r3_preparsed[] (below) instead */
static const r3_row r3_rows[] = {
#define R3OP(fmt, op, mn, opnds, opt, nb, handler) {#mn, R3_##fmt, op, opnds, opt, nb},
#include "r3_rows.h"
#undef R3OP
};

#define R3_NROWS (sizeof r3_rows / sizeof r3_rows[0])
#else
#define R3_NROWS (sizeof r3_preparsed / sizeof r3_preparsed[0])
#endif

static const char *const r3_field_names[R3F_COUNT] = {
    [R3F_VDST] = "vdst", [R3F_SDST] = "sdst", [R3F_SRC0] = "src0", [R3F_SRC1] = "src1",
    [R3F_SRC2] = "src2", [R3F_VSRC1] = "vsrc1", [R3F_SSRC0] = "ssrc0", [R3F_SSRC1] = "ssrc1",
    [R3F_SIMM16] = "simm16", [R3F_SDATA] = "sdata", [R3F_SBASE] = "sbase", [R3F_OFFSET] = "offset",
    [R3F_SOFFSET] = "soffset", [R3F_GLC] = "glc", [R3F_DLC] = "dlc", [R3F_SLC] = "slc",
    [R3F_CLAMP] = "clamp", [R3F_OMOD] = "omod", [R3F_ABS] = "abs", [R3F_OPSEL] = "opsel",
    [R3F_NEG] = "neg", [R3F_OPSEL_HI] = "opsel_hi", [R3F_OPSEL_HI2] = "opsel_hi2",
    [R3F_NEG_HI] = "neg_hi", [R3F_ADDR] = "addr", [R3F_DATA0] = "data0", [R3F_DATA1] = "data1",
    [R3F_OFFSET0] = "offset0", [R3F_OFFSET1] = "offset1", [R3F_GDS] = "gds", [R3F_VDATA] = "vdata",
    [R3F_VADDR] = "vaddr", [R3F_SRSRC] = "srsrc", [R3F_OFFEN] = "offen", [R3F_IDXEN] = "idxen",
    [R3F_TFE] = "tfe", [R3F_FMT] = "format", [R3F_SADDR] = "saddr", [R3F_SVE] = "sve", [R3F_DATA] = "data",
    [R3F_WAITEXP] = "waitexp", [R3F_ATTRCHAN] = "attrchan", [R3F_ATTR] = "attr", [R3F_WAITVDST] = "waitvdst",
    [R3F_EXPSRC0] = "expsrc0", [R3F_EXPSRC1] = "expsrc1", [R3F_EXPSRC2] = "expsrc2", [R3F_EXPSRC3] = "expsrc3",
    [R3F_EN] = "en", [R3F_TARGET] = "target", [R3F_DONE] = "done", [R3F_ROW] = "row",
    [R3F_NSA] = "nsa", [R3F_DIM] = "dim", [R3F_UNORM] = "unorm", [R3F_DMASK] = "dmask", [R3F_R128] = "r128",
    [R3F_A16] = "a16", [R3F_D16] = "d16", [R3F_LWE] = "lwe", [R3F_SSAMP] = "ssamp",
};

/* "b32", "i16", "f16", "i64", "f64" or "" (none); the second character is read only when present */
#define r3_literal_class_of(s)                                                                        \
    (sizeof(s) < 4 ? R3L_NONE : (s)[0] == 'b' ? R3L_B32                                               \
     : (s)[sizeof(s) > 2 ? 1 : 0] == '1' ? ((s)[0] == 'i' ? R3L_I16 : R3L_F16)                        \
     : (s)[0] == 'i' ? R3L_I64 : R3L_F64)

const r3_rule r3_rules[] = {
#define R3RULE(id, codes, cls, lit) [id] = {codes, cls, r3_literal_class_of(lit), sizeof codes - 1},
#include "../../../isa/rdna3/rules.def"
#undef R3RULE
};
#define R3_NRULES (sizeof r3_rules / sizeof r3_rules[0])

int r3_op_has_operand(const r3_opinfo *op, r3_field f)
{
    for (int i = 0; i < op->noperands; i++)
        if (op->operand[i].field == f)
            return 1;
    return 0;
}

unsigned r3_vopd_ydst(const uint32_t *w)
{
    return r3_get(w, r3_formats[R3_VOPDY].field[R3F_VDST]) << 1 | ((w[1] >> 24 & 1) ^ 1);
}

/* The registers one half of a VOPD reads and writes, for the bank and parity rules. */
typedef struct {
    unsigned dst, src0, vsrc1;
    int src2_is;   /* which operand uses the SRC2 port: 0 none, 1 dst (fmac, dot2acc), 2 vsrc1 (fmamk) */
} r3_vopd_half;

static r3_vopd_half r3_vopd_regs(const r3_opinfo *op, const uint32_t *w, unsigned dst)
{
    r3_vopd_half h;
    const r3_format_desc *fd = &r3_formats[op->format];
    h.dst = dst;
    h.src0 = r3_get(w, fd->field[R3F_SRC0]);
    h.vsrc1 = r3_op_has_operand(op, R3F_VSRC1) ? 256 + r3_get(w, fd->field[R3F_VSRC1]) : 0;
    h.src2_is = op->traits & R3T_FMAMK ? 2 : op->traits & R3T_ACC ? 1 : 0;
    return h;
}

int r3_reads_constant_bus(unsigned code)
{
    return (code < 128 && code != 124) || (code >= 235 && code <= 238) || code == 253;
}

const char *r3_vopd_rule(const r3_opinfo *x, const r3_opinfo *y, const uint32_t *w, unsigned ydst, int literal)
{
    /* at most two scalar values: distinct SGPRs (VCC for v_dual_cndmask_b32) and the shared
       literal; inline constants are free */
    unsigned scalars[4], ns = 0;
    const r3_opinfo *ops[2] = {x, y};
    for (int h = 0; h < 2; h++) {
        unsigned src0 = r3_get(w, r3_formats[ops[h]->format].field[R3F_SRC0]);
        /* (v_dual_cndmask_b32's implicit VCC is a value of its own to llvm-mc-19, apart from a
           vcc_lo source: 1106 here) */
        unsigned cand[2] = {src0, ops[h]->traits & R3T_CNDMASK ? 1106u : 999u};
        for (int k = 0; k < 2; k++) {
            if (cand[k] != 1106 && !r3_reads_constant_bus(cand[k]))
                continue;
            int dup = 0;
            for (unsigned i = 0; i < ns; i++)
                dup |= scalars[i] == cand[k];
            if (!dup)
                scalars[ns++] = cand[k];
        }
    }
    if (ns + (unsigned)(literal != 0) > 2)
        return "invalid operand (violates constant bus restrictions)";
    unsigned xdst = 256 + (w[1] >> 24);
    if ((xdst & 1) == (ydst & 1))
        return "one dst register must be even and the other odd";
    r3_vopd_half hx = r3_vopd_regs(x, w, xdst), hy = r3_vopd_regs(y, w, ydst);
    if (hx.src0 >= 256 && hy.src0 >= 256 && hx.src0 % 4 == hy.src0 % 4)
        return "src0 operands must use different VGPR banks";
    if (hx.vsrc1 && hy.vsrc1 && hx.src2_is != 2 && hy.src2_is != 2 && hx.vsrc1 % 4 == hy.vsrc1 % 4)
        return "src1 operands must use different VGPR banks";
    if (hx.src2_is && hy.src2_is) {
        unsigned a = hx.src2_is == 1 ? hx.dst : hx.vsrc1, b = hy.src2_is == 1 ? hy.dst : hy.vsrc1;
        if (a % 2 == b % 2)
            return "src2 operands must use different VGPR banks";
    }
    return NULL;
}

char r3_rule_char(const r3_operand *o, unsigned v)
{
    const r3_rule *r = &r3_rules[o->rule];
    if (r->ncodes == 260) /* 9-bit source: 256 scalar codes, then v0, v127, v128, v255 */
        return v < 256 ? r->codes[v] : r->codes[256 + (v - 256 >= 128 ? 2 : 0)];
    if (r->ncodes == 4)   /* 8-bit VGPR field */
        return r->codes[v >= 128 ? 2 : 0];
    return v < r->ncodes ? r->codes[v] : '.';
}

#ifdef R3_PREPARSED
/* The rows as the table generator (tools/r3_gen_tables.c) parsed them at build time, traits bound:
   r3_preparsed[] in table order and r3_preparsed_by_name[] (start-up then parses nothing). */
#include "r3_isa_tables.h"
static const r3_opinfo *r3_infos = r3_preparsed;
#else
static r3_opinfo r3_infos_parsed[R3_NROWS];
static const r3_opinfo *r3_infos = r3_infos_parsed;
#endif
static int16_t *r3_by_opcode[R3_FORMAT_COUNT];
static const uint16_t *r3_by_name; /* indices sorted by mnemonic */
static int r3_ready;

const char *r3_isa_field_name(r3_field f)
{
    return f < R3F_COUNT && r3_field_names[f] ? r3_field_names[f] : "?";
}

#ifndef R3_PREPARSED /* the parser of the table texts: the generator and unprepared builds */
static r3_field r3_field_lookup(const char *s, size_t n)
{
    for (int f = 1; f < R3F_COUNT; f++)
        if (strlen(r3_field_names[f]) == n && memcmp(r3_field_names[f], s, n) == 0)
            return (r3_field)f;
    return R3F_NONE;
}

/* Parses "vdst:v1 src0:v2 %vcc_lo off imm sym" into operand descriptors. */
static int r3_parse_operands(const char *spec, r3_opinfo *info)
{
    const char *p = spec;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *end = p;
        while (*end && *end != ' ')
            end++;
        if (info->noperands >= R3_MAX_OPERANDS)
            return -1;
        r3_operand *o = &info->operand[info->noperands++];
        const char *colon = memchr(p, ':', (size_t)(end - p));
        if (*p == '%') {
            o->kind = R3K_VCC;
        } else if (end - p == 3 && memcmp(p, "off", 3) == 0) {
            o->kind = R3K_OFF;
        } else if (!colon || strncmp(p, "sym:", 4) == 0) {
            static const struct { const char *name; uint8_t kind; } words[] = {
                {"udec", R3K_UDEC}, {"imm", R3K_IMM}, {"dec", R3K_UDEC}, {"hex", R3K_HEX}, {"waitcnt", R3K_WAITCNT}, {"delay", R3K_DELAY},
                {"sendmsg", R3K_SENDMSG}, {"hwreg", R3K_HWREG}, {"depctr", R3K_DEPCTR}, {"null", R3K_NULL},
                {"attr", R3K_ATTR}, {"target", R3K_TARGET}};
            size_t n = (size_t)(end - p);
            int found = 0;
            if (n > 1 && p[n - 1] == '0' && strncmp(p, "sym:", 4) != 0) { /* "imm0": left out when zero */
                o->omit_zero = 1;
                n--;
            }
            for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
                if (strlen(words[k].name) == n && memcmp(words[k].name, p, n) == 0) {
                    o->kind = words[k].kind;
                    found = 1;
                }
            if (!found && strncmp(p, "sym:", 4) == 0) {
                o->kind = R3K_LIT; /* the probe's literal printed as a constant */
                found = 1;
            }
            if (!found)
                return -1;
        } else {
            o->field = (uint8_t)r3_field_lookup(p, (size_t)(colon - p));
            if (o->field == R3F_NONE)
                return -1;
            o->kind = colon[1] == 'm' ? R3K_MASK : R3K_REG;
            o->file = colon[1] == 'm' ? 's' : colon[1];
            o->width = colon[1] == 'm' ? 1 : (uint8_t)atoi(colon + 2);
            const char *slash = memchr(p, '/', (size_t)(end - p));
            if (!slash || slash[1] != 'R')
                return -1;
            unsigned rule = (unsigned)atoi(slash + 2);
            if (rule >= R3_NRULES)
                return -1;
            o->rule = (uint8_t)rule;
        }
        p = end;
    }
    return 0;
}

/* Copies the value of a "key:value" token into dst; returns 1 if the token had that key. */
static int r3_take_attr(const char *p, const char *key, char *dst, size_t size)
{
    size_t k = strlen(key);
    if (strncmp(p, key, k) != 0)
        return 0;
    size_t n = strcspn(p + k, " ");
    if (n >= size)
        n = size - 1;
    memcpy(dst, p + k, n);
    dst[n] = '\0';
    return 1;
}

static int r3_parse_optional(const char *spec, r3_opinfo *info)
{
    for (int f = 0; f < R3F_COUNT; f++)
        info->optional[f] = R3_OPT_PRINTED;
    const char *p = spec;
    while (*p) {
        while (*p == ' ')
            p++;
        if (r3_take_attr(p, "dpp:", info->dpp16_name, sizeof info->dpp16_name) ||
            r3_take_attr(p, "dpp8:", info->dpp8_name, sizeof info->dpp8_name) ||
            r3_take_attr(p, "dppmods:", info->dppmods, sizeof info->dppmods) ||
            r3_take_attr(p, "opselpos:", info->opsel_pos, sizeof info->opsel_pos)) {
            p += strcspn(p, " ");
            continue;
        }
        if (strncmp(p, "opsellen:", 9) == 0) {
            info->opsel_len = (uint8_t)atoi(p + 9);
            p += strcspn(p, " ");
            continue;
        }
        const char *eq = strchr(p, '=');
        if (!eq)
            break;
        r3_field f = r3_field_lookup(p, (size_t)(eq - p));
        if (f == R3F_NONE)
            return -1;
        size_t n = strcspn(eq + 1, " ");
        for (size_t b = 0; b < n && b < 8; b++) {
            if (eq[1 + b] == 'Z')
                info->zero_bits[f] |= (uint8_t)(1u << b);
            if (eq[1 + b] == 'P')
                info->print_bits[f] |= (uint8_t)(1u << b);
            if (eq[1 + b] == 'S' && f == R3F_NEG)
                info->sext_bits |= (uint8_t)(1u << b);
        }
        if (n == 1)
            info->optional[f] = eq[1] == 'Z' ? R3_OPT_ZERO : eq[1] == 'I' ? R3_OPT_IGNORED
                                : eq[1] == 'R' ? R3_OPT_REQUIRED : R3_OPT_PRINTED;
        else /* judged bit by bit through zero_bits/print_bits */
            info->optional[f] = info->print_bits[f] || info->sext_bits ? R3_OPT_PRINTED : R3_OPT_IGNORED;
        p = eq + 1 + n;
    }
    return 0;
}

static int r3_name_cmp(const void *a, const void *b)
{
    return strcmp(r3_infos[*(const uint16_t *)a].mnemonic, r3_infos[*(const uint16_t *)b].mnemonic);
}

/* Gives every row named in isa/rdna3/traits.def its traits; -1 when a name matches no row. */
/* FNV-1a over a text, continuing from h. */
static uint32_t r3_text_hash(const char *s, uint32_t h)
{
    while (*s)
        h = (h ^ (uint8_t)*s++) * 16777619u;
    return h;
}

static int r3_bind_traits(void)
{
    static const struct {
        const char *mnemonic;
        uint32_t traits;
    } table[] = {
#define R3_TRAITS(m, t) {#m, t},
#include "../../../isa/rdna3/traits.def"
#undef R3_TRAITS
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        int count = 0;
        size_t len = strlen(table[i].mnemonic);
        if (!r3_isa_find(table[i].mnemonic, len, &count) || !count)
            return -1;
        for (int k = 0; k < count; k++)
            r3_infos_parsed[r3_isa_find_nth(table[i].mnemonic, len, k) - r3_infos].traits |= table[i].traits;
    }
    return 0;
}

/* Parses every row's operand and optional texts, sorts the name index and binds the traits: what
   the table generator does once at build time (and builds without it, such as the fuzzers, at
   start-up). */
static int r3_isa_parse(void)
{
    uint16_t *by_name = malloc(R3_NROWS * sizeof(uint16_t));
    if (!by_name)
        return -1;
    /* Rows of one format with the same operand and optional texts parse alike: each distinct
       triple is parsed once and copied */
    enum { SLOTS = 4096 };
    static int16_t parsed[SLOTS];
    for (size_t slot = 0; slot < SLOTS; slot++)
        parsed[slot] = -1;
    for (size_t i = 0; i < R3_NROWS; i++) {
        const r3_row *row = &r3_rows[i];
        r3_opinfo *info = &r3_infos_parsed[i];
        size_t slot = r3_text_hash(row->optional, r3_text_hash(row->operands, 2166136261u ^ row->format)) & (SLOTS - 1);
        int same = -1;
        for (; parsed[slot] >= 0; slot = (slot + 1) & (SLOTS - 1)) {
            const r3_row *o = &r3_rows[parsed[slot]];
            if (o->format == row->format && strcmp(o->operands, row->operands) == 0 &&
                strcmp(o->optional, row->optional) == 0) {
                same = parsed[slot];
                break;
            }
        }
        if (same >= 0) {
            *info = r3_infos_parsed[same];
        } else {
            if (r3_parse_operands(row->operands, info) || r3_parse_optional(row->optional, info)) {
                free(by_name);
                return -1;
            }
            parsed[slot] = (int16_t)i;
        }
        info->mnemonic = row->mnemonic;
        info->format = row->format;
        info->opcode = row->opcode;
        info->probe_bytes = row->probe_bytes;
        for (int k = 0; k < info->noperands; k++)
            if ((info->operand[k].kind == R3K_HEX &&
                 (row->format == R3_VOP2 || row->format == R3_VOPDX || row->format == R3_VOPDY)) ||
                info->operand[k].kind == R3K_LIT)
                info->has_literal_k = 1;
        for (int k = 0; k < info->noperands; k++)
            if (row->format == R3_VOP3 && info->operand[k].field == R3F_SDST)
                info->vop3sd = 1;
        if (info->vop3sd) /* the probe saw those bits change the text only through SDST */
            info->print_bits[R3F_ABS] = info->print_bits[R3F_OPSEL] = 0;
        by_name[i] = (uint16_t)i;
    }
    qsort(by_name, R3_NROWS, sizeof(uint16_t), r3_name_cmp);
    r3_by_name = by_name;
    return r3_bind_traits();
}
#endif

int r3_isa_init(void)
{
    if (r3_ready)
        return 0;
#ifdef R3_PREPARSED
    r3_by_name = r3_preparsed_by_name;
#else
    if (r3_isa_parse())
        return -1;
#endif
    for (int f = 0; f < R3_FORMAT_COUNT; f++) {
        size_t n = (size_t)1 << r3_formats[f].opcode.width;
        r3_by_opcode[f] = malloc(n * sizeof(int16_t));
        if (!r3_by_opcode[f])
            return -1;
        for (size_t i = 0; i < n; i++)
            r3_by_opcode[f][i] = -1;
    }
    for (size_t i = 0; i < R3_NROWS; i++)
        r3_by_opcode[r3_infos[i].format][r3_infos[i].opcode] = (int16_t)i;
    if (r3_mimg_init())
        return -1;
    r3_ready = 1;
    return 0;
}

#ifdef R3_TABLE_GENERATOR
/* Writes the parsed rows as C (r3_isa_tables.h, which builds with R3_PREPARSED include): every field
   of every r3_opinfo by name, so a changed struct changes the output or fails to compile. */
static void r3_put_bytes(FILE *out, const char *name, const void *p, size_t n)
{
    fprintf(out, ".%s = {", name);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s%u", i ? "," : "", ((const uint8_t *)p)[i]);
    fprintf(out, "}, ");
}

int r3_isa_write_tables(FILE *out)
{
    if (r3_isa_init())
        return -1;
    fprintf(out, "/* Generated at build time by tools/r3_gen_tables.c from the isa/rdna3 tables; do not edit. */\n");
    fprintf(out, "static const r3_opinfo r3_preparsed[%zu] = {\n", (size_t)R3_NROWS);
    for (size_t i = 0; i < R3_NROWS; i++) {
        const r3_opinfo *o = &r3_infos[i];
        fprintf(out, "{.mnemonic = \"%s\", .format = %u, .opcode = %u, .noperands = %u, .probe_bytes = %u, .operand = {",
                o->mnemonic, o->format, o->opcode, o->noperands, o->probe_bytes);
        for (int k = 0; k < R3_MAX_OPERANDS; k++) {
            const r3_operand *d = &o->operand[k];
            fprintf(out, "%s{%u, %u, %u, %u, %u, %u}", k ? ", " : "", d->kind, d->field, (unsigned)(uint8_t)d->file,
                    d->width, d->omit_zero, d->rule);
        }
        fprintf(out, "}, ");
        r3_put_bytes(out, "optional", o->optional, sizeof o->optional);
        r3_put_bytes(out, "zero_bits", o->zero_bits, sizeof o->zero_bits);
        r3_put_bytes(out, "print_bits", o->print_bits, sizeof o->print_bits);
        fprintf(out, ".sext_bits = %u, ", o->sext_bits);
        r3_put_bytes(out, "opsel_pos", o->opsel_pos, sizeof o->opsel_pos);
        fprintf(out, ".opsel_len = %u, .has_literal_k = %u, .vop3sd = %u, ", o->opsel_len, o->has_literal_k, o->vop3sd);
        r3_put_bytes(out, "dpp16_name", o->dpp16_name, sizeof o->dpp16_name);
        r3_put_bytes(out, "dpp8_name", o->dpp8_name, sizeof o->dpp8_name);
        r3_put_bytes(out, "dppmods", o->dppmods, sizeof o->dppmods);
        fprintf(out, ".traits = 0x%xu},\n", o->traits);
    }
    fprintf(out, "};\nstatic const uint16_t r3_preparsed_by_name[%zu] = {", (size_t)R3_NROWS);
    for (size_t i = 0; i < R3_NROWS; i++)
        fprintf(out, "%s%u", !i ? "\n" : i % 32 ? ", " : ",\n", r3_by_name[i]);
    fprintf(out, "\n};\n");
    return ferror(out) ? -1 : 0;
}
#endif

const r3_opinfo *r3_isa_lookup(r3_format fmt, unsigned opcode)
{
    if (fmt >= R3_FORMAT_COUNT || opcode >= (1u << r3_formats[fmt].opcode.width))
        return NULL;
    int idx = r3_by_opcode[fmt][opcode];
    return idx < 0 ? NULL : &r3_infos[idx];
}

const r3_opinfo *r3_isa_find(const char *mnemonic, size_t len, int *count)
{
    size_t lo = 0, hi = R3_NROWS;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *m = r3_infos[r3_by_name[mid]].mnemonic;
        int c = strncmp(m, mnemonic, len);
        if (c == 0 && m[len] != '\0')
            c = 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0;
    while (lo + (size_t)n < R3_NROWS) {
        const char *m = r3_infos[r3_by_name[lo + (size_t)n]].mnemonic;
        if (strncmp(m, mnemonic, len) != 0 || m[len] != '\0')
            break;
        n++;
    }
    if (count)
        *count = n;
    return n ? &r3_infos[r3_by_name[lo]] : NULL;
}

const r3_opinfo *r3_isa_find_nth(const char *mnemonic, size_t len, int k)
{
    int count = 0;
    const r3_opinfo *first = r3_isa_find(mnemonic, len, &count);
    if (!first || k < 0 || k >= count)
        return NULL;
    size_t idx = (size_t)(first - r3_infos);
    size_t pos = 0;
    while (r3_by_name[pos] != idx)
        pos++;
    return &r3_infos[r3_by_name[pos + (size_t)k]];
}

size_t r3_isa_count(void)
{
    return R3_NROWS;
}

const r3_opinfo *r3_isa_at(size_t i)
{
    return i < R3_NROWS ? &r3_infos[i] : NULL;
}
