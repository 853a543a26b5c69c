/* RDNA3 (gfx11) instruction formats and the opcode table built from isa/rdna3/ tables.
   Formats are code (field layouts below); opcodes are data (the .def rows). */
#ifndef WAVESIM_R3_ISA_H
#define WAVESIM_R3_ISA_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    R3_SOP2, R3_SOPK, R3_SOP1, R3_SOPC, R3_SOPP, R3_SMEM,
    R3_VOP2, R3_VOP1, R3_VOPC, R3_VOP3, R3_VOP3P,
    R3_DS, R3_MUBUF, R3_MTBUF, R3_FLAT, R3_SCRATCH, R3_GLOBAL,
    R3_VOPDX, R3_VOPDY,  /* the two halves of a VOPD dual-issue instruction */
    R3_VINTERP, R3_LDSDIR, R3_EXP,  /* graphics: parameter interpolation, LDS parameter loads, export */
    R3_MIMG,                        /* image memory: decoded and printed, not executed */
    R3_FORMAT_COUNT
} r3_format;

/* Every named bit field of every format. */
typedef enum {
    R3F_NONE,
    R3F_VDST, R3F_SDST, R3F_SRC0, R3F_SRC1, R3F_SRC2, R3F_VSRC1, R3F_SSRC0, R3F_SSRC1, R3F_SIMM16,
    R3F_SDATA, R3F_SBASE, R3F_OFFSET, R3F_SOFFSET, R3F_GLC, R3F_DLC, R3F_SLC,
    R3F_CLAMP, R3F_OMOD, R3F_ABS, R3F_OPSEL, R3F_NEG, R3F_OPSEL_HI, R3F_OPSEL_HI2, R3F_NEG_HI,
    R3F_ADDR, R3F_DATA0, R3F_DATA1, R3F_OFFSET0, R3F_OFFSET1, R3F_GDS,
    R3F_VDATA, R3F_VADDR, R3F_SRSRC, R3F_OFFEN, R3F_IDXEN, R3F_TFE, R3F_FMT, R3F_SADDR, R3F_SVE, R3F_DATA,
    R3F_WAITEXP, R3F_ATTRCHAN, R3F_ATTR, R3F_WAITVDST,
    R3F_EXPSRC0, R3F_EXPSRC1, R3F_EXPSRC2, R3F_EXPSRC3, R3F_EN, R3F_TARGET, R3F_DONE, R3F_ROW,
    R3F_NSA, R3F_DIM, R3F_UNORM, R3F_DMASK, R3F_R128, R3F_A16, R3F_D16, R3F_LWE, R3F_SSAMP,
    R3F_COUNT
} r3_field;

typedef struct {
    uint8_t dword, lo, width;
} r3_bits;

typedef struct {
    const char *name;
    uint32_t prefix, prefix_mask; /* on dword 0 */
    uint8_t nwords;               /* dwords before any literal */
    r3_bits opcode;
    r3_bits field[R3F_COUNT];     /* width 0: the format has no such field */
} r3_format_desc;

/* How an operand is written. */
typedef enum {
    R3K_REG,      /* a register field: file + width */
    R3K_MASK,     /* a lane mask SGPR: one register in wave32, a pair in wave64 */
    R3K_VCC,      /* implicit vcc_lo / vcc */
    R3K_OFF,      /* the literal word "off" */
    R3K_UDEC,     /* an immediate field printed in unsigned decimal */
    R3K_IMM,      /* an immediate field printed in decimal up to 64, hex above */
    R3K_HEX,      /* an immediate field (or the fmamk/fmaak K literal) printed in hex */
    R3K_LIT,      /* a mandatory literal dword printed like a 32-bit source */
    R3K_WAITCNT, R3K_DELAY, R3K_SENDMSG, R3K_HWREG, R3K_DEPCTR, R3K_NULL,
    R3K_ATTR,     /* LDSDIR: attrN.c from the ATTR and ATTRCHAN fields */
    R3K_TARGET    /* EXP: the export target's name */
} r3_operand_kind;

typedef struct {
    uint8_t kind;   /* r3_operand_kind */
    uint8_t field;  /* r3_field */
    char file;      /* 'v' or 's' */
    uint8_t width;  /* in dwords */
    uint8_t omit_zero; /* an immediate left out of the text when zero */
    uint16_t rule;  /* index into r3_rules: which field values LLVM accepts */
} r3_operand;

/* Literal classes: how a literal dword (or an inline constant's value) is printed for an operand. */
/* (the last three only where the assembler reads an operand by its opcode's traits, R3T_PACKED_AB,
   R3T_PACKED_C, R3T_BF16: two f16 or bf16 values in a dword, or one bf16) */
typedef enum { R3L_NONE, R3L_B32, R3L_I16, R3L_F16, R3L_I64, R3L_F64, R3L_V2F16, R3L_V2BF16, R3L_BF16 } r3_literal_class;

/* Which values of a register field LLVM accepts, probed from llvm-mc-19 (isa/rdna3/rules.def). */
typedef struct {
    const char *codes;   /* per field value: 'o' valid, '.' invalid encoding, 'c' valid with a comment */
    const char *regclass;/* the register class LLVM names in its "Invalid register" comment */
    uint8_t lit;         /* r3_literal_class */
    uint16_t ncodes;
} r3_rule;

extern const r3_rule r3_rules[];

/* The rule character for field value v of an operand: scalar codes index directly; VGPRs (9-bit
   source fields at 256+, or 8-bit VGPR fields) map to the probed low/high half of the file. */
char r3_rule_char(const r3_operand *o, unsigned v);

/* What LLVM does with an optional field of one opcode when it is non-zero. */
enum { R3_OPT_PRINTED = 0, R3_OPT_IGNORED = 1, R3_OPT_ZERO = 2, R3_OPT_REQUIRED = 3 /* must be 1 */ };

#define R3_MAX_OPERANDS 6

/* Traits of an opcode the codec needs beyond its operands (isa/rdna3/traits.def says what each
   means and which opcodes have it). */
enum {
    R3T_MIX = 1u << 0,
    R3T_WMMA = 1u << 1,
    R3T_VERSION = 1u << 2,
    R3T_DS_2ADDR = 1u << 3,
    R3T_DS_SWIZZLE = 1u << 4,
    R3T_ATOMIC = 1u << 5,
    R3T_CMPSWAP = 1u << 6,
    R3T_FMAMK = 1u << 7,
    R3T_ACC = 1u << 8,
    R3T_CNDMASK = 1u << 9,
    R3T_BRANCH = 1u << 10,
    R3T_K_HALF = 1u << 11,
    R3T_STORE = 1u << 12,
    R3T_DIV_FMAS = 1u << 13,
    R3T_MSAA = 1u << 14,
    R3T_IMM_ANY = 1u << 15,
    R3T_IMM_EXPR = 1u << 16,
    R3T_IMM_U16 = 1u << 17,
    R3T_SMEM_UOFFSET = 1u << 18,
    R3T_NULL_SDST = 1u << 19,
    R3T_PACKED_AB = 1u << 20,
    R3T_PACKED_C = 1u << 21,
    R3T_BF16 = 1u << 22,
    R3T_BF16_C = 1u << 23,
    R3T_LANE_SELECT = 1u << 24,
    R3T_SRC1_ANY_MODS = 1u << 25
};

typedef struct {
    const char *mnemonic;
    uint8_t format;          /* r3_format */
    uint16_t opcode;
    uint8_t noperands;
    uint8_t probe_bytes;     /* instruction size LLVM reported for the probe */
    r3_operand operand[R3_MAX_OPERANDS];
    uint8_t optional[R3F_COUNT]; /* R3_OPT_* for fields not used as operands */
    uint8_t zero_bits[R3F_COUNT];  /* bits LLVM rejects when they differ from the default */
    uint8_t print_bits[R3F_COUNT]; /* bits that show in the text (per-source modifiers) */
    uint8_t sext_bits;       /* NEG bits of integer sources, printed as sext(...) */
    char opsel_pos[5];       /* for each OPSEL bit, its place in the printed op_sel list, or '-' */
    uint8_t opsel_len;       /* entries in the printed op_sel list, 0 if it never prints */
    uint8_t has_literal_k;   /* fmamk/fmaak/setreg_imm32: a mandatory literal dword */
    uint8_t vop3sd;          /* VOP3 with a scalar destination (VOP3SD): bits 8..14 are SDST, not ABS/OPSEL */
    char dpp16_name[40];     /* mnemonic of the DPP16 form, empty when there is none */
    char dpp8_name[40];      /* mnemonic of the DPP8 form, empty when there is none */
    char dppmods[5];         /* DPP16 neg0 abs0 neg1 abs1 bits: f float mod, s sext, I ignored, Z invalid */
    uint32_t traits;         /* R3T_* from isa/rdna3/traits.def */
} r3_opinfo;

extern const r3_format_desc r3_formats[R3_FORMAT_COUNT];

/* Whether one of op's operands is written in field f. */
int r3_op_has_operand(const r3_opinfo *op, r3_field f);

/* VOPD (w: the pair's two dwords): the Y destination register (VDSTY holds bits 7:1, bit 0 is the
   inverse of VDSTX's); and the pairing rule the halves x and y break, in LLVM's words, or NULL:
   at most two scalar values, destinations of opposite parity, each source port's VGPRs in
   different banks. */
unsigned r3_vopd_ydst(const uint32_t *w);
/* Whether a source code reads the constant bus, as llvm-mc-19 counts it: the SGPRs and the special
   registers below 128 but null, the apertures (src_shared_base .. src_private_limit) and SCC. */
int r3_reads_constant_bus(unsigned code);
const char *r3_vopd_rule(const r3_opinfo *x, const r3_opinfo *y, const uint32_t *w, unsigned ydst, int literal);

/* The value a field holds when an instruction does not use it (null SGPR, all-ones op_sel_hi...). */
unsigned r3_field_default(r3_format fmt, r3_field f);

/* Builds the decoded opcode tables once; returns 0, or -1 if a table row is malformed. The rows
   come parsed from the build (R3_PREPARSED: $(BUILD)/gen/r3_isa_tables.h); without it they are
   parsed here. */
int r3_isa_init(void);
#ifdef R3_TABLE_GENERATOR
#include <stdio.h>
/* tools/r3_gen_tables.c: the parsed rows as the C of r3_isa_tables.h; 0 or -1. */
int r3_isa_write_tables(FILE *out);
#endif
const r3_opinfo *r3_isa_lookup(r3_format fmt, unsigned opcode);
const r3_opinfo *r3_isa_find(const char *mnemonic, size_t len, int *count);
/* The k-th row (0 <= k < count) named mnemonic, in table order of the name index. */
const r3_opinfo *r3_isa_find_nth(const char *mnemonic, size_t len, int k);
size_t r3_isa_count(void);
const r3_opinfo *r3_isa_at(size_t i);
const char *r3_isa_field_name(r3_field f);

static inline uint32_t r3_get(const uint32_t *w, r3_bits b)
{
    return b.width ? (w[b.dword] >> b.lo) & (uint32_t)((1ull << b.width) - 1) : 0;
}

static inline void r3_set(uint32_t *w, r3_bits b, uint32_t v)
{
    uint32_t mask = (uint32_t)((1ull << b.width) - 1);
    w[b.dword] = (w[b.dword] & ~(mask << b.lo)) | ((v & mask) << b.lo);
}

#endif
