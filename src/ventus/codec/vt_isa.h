/* Ventus (乘影) instruction formats and the opcode table built from isa/ventus/ventus.def, the decoded
   instruction form the executor runs, and the REGEXT/REGEXTI prefix rules (reference 1.5). */
#ifndef WAVESIM_VT_ISA_H
#define WAVESIM_VT_ISA_H

#include <stddef.h>
#include <stdint.h>

/* Operand layouts: how the fields of a word are read, printed and parsed. */
typedef enum {
    VT_R, VT_SHIFT, VT_I, VT_JALR, VT_LOAD, VT_STORE, VT_B, VT_U, VT_J, VT_CSR, VT_CSRI, VT_FENCE, VT_NONE,
    VT_LR, VT_AMO, VT_FR, VT_FRN, VT_FR1, VT_FR1N, VT_FR4,
    VT_VSETVLI, VT_VSETIVLI, VT_VSETVL, VT_VLE, VT_VLSE, VT_VLX,
    VT_V_VV, VT_V_VX, VT_V_VF, VT_V_VI, VT_V_VIU, VT_V_VVM, VT_V_VXM, VT_V_VIM, VT_V_VFM,
    VT_V_MVV, VT_V_MVX, VT_V_MVI, VT_V_MVF, VT_V_FMA_VV, VT_V_FMA_VX, VT_V_FMA_VF, VT_V_MM,
    VT_V_XS, VT_V_SX, VT_V_SF, VT_V_VID, VT_V_V1,
    VT_VB, VT_JOIN, VT_VADD12, VT_XRRR, VT_BARRIER, VT_PVL, VT_PVS, VT_VL12, VT_VS12,
    /* the 2025 formats (seed 003; isa/ventus/ventus2025.def) */
    VT_V_CSR,     /* csrrsv vd, csr */
    VT_PFX,       /* prefix/prefixi IMM12, PAIR, ABS, NEG */
    VT_PFXM,      /* prefix_memory IMM12, PAIR, HINT, SPACE, WIDTH */
    VT_MMA,       /* mma.SHAPE.LAYOUTS.TYPES vd, vs1, vs2 (the name from the fields; vt_mma.h) */
    VT_MMA61,     /* the same fields on major 0x61, printed as `.insn r 0x61, ...` */
    VT_MMA64,     /* mma64.SHAPE.LAYOUTS.TYPES[.RND] vd, vs1, vs2, vs3 (64-bit) */
    VT_V3,        /* vd, vs1, vs2 (cp_dma: destination, source, source size) */
    VT_XVV,       /* rd, vs1, vs2 (cp_dma_tensor: the shared address, the tensor map and the box) */
    VT_VOP64,     /* v64.OP.DTYPE.STYPE vd, vs2, vs1[, modifiers] (64-bit; vt_vop64.h) */
    VT_FORMAT_COUNT
} vt_format;

/* What an instruction is, for statistics and scheduling. */
typedef enum { VT_CLS_ALU, VT_CLS_BRANCH, VT_CLS_SMEM, VT_CLS_ATOMIC, VT_CLS_FPU, VT_CLS_OTHER, VT_CLS_VALU,
               VT_CLS_VMEM, VT_CLS_SIMT, VT_CLS_COUNT } vt_class;

typedef enum {
    VT_OP_INVALID,
#define VT_OP(id, mn, fmt, match, mask, sem, cls) VT_OP_##id,
#include "../../../isa/ventus/ventus.def"
#include "../../../isa/ventus/ventus2025.def"
#undef VT_OP
    VT_OP_COUNT
} vt_opcode;

typedef struct {
    const char *mnemonic;
    vt_format format;
    uint32_t match, mask;
    vt_class cls;
} vt_opinfo;

extern const vt_opinfo vt_ops[VT_OP_COUNT];

/* One decoded instruction. Register indices are the full 8-bit ones after a REGEXT prefix (the
   5-bit fields of `word` are what the printer shows). rs3 is the separate third source of
   multiply-add forms; without a prefix it equals the vd field, as the ISA says. */
typedef struct {
    uint16_t op;          /* vt_opcode; VT_OP_INVALID for a word no row matches */
    uint16_t rd, rs1, rs2, rs3;   /* 0..255 (the executor's scratch operands: 256 up) */
    uint8_t vm;           /* 1: unmasked (RVV vm bit) */
    uint8_t rm;           /* funct3 rounding-mode field of scalar float ops */
    int32_t imm;          /* the format's immediate, sign-extended where it is signed; CSR number */
    uint32_t word;
    uint32_t word2;       /* the high word of a 64-bit instruction (len 8) */
    uint8_t len;          /* bytes: 4, or 8 for the 64-bit formats */
    uint8_t pfx;          /* VT_PFX_* bits: what a PREFIX / PREFIXI / PREFIX_MEMORY before it set */
    uint8_t pabs, pneg;   /* compute prefix: ABS and NEG per source (bit 0 src1, 1 src2, 2 src3) */
    uint8_t mspace, mwidth, mhint; /* memory prefix: address space (0 default, 1 global, 2 private,
                                      3 local), data width (words - 1), cache hint */
} vt_inst;

enum { VT_PFX_PAIR = 1, VT_PFX_MOD = 2, VT_PFX_MEM = 4, VT_PFX_MEM64 = 8 };

/* The length in bytes of the instruction whose first word is w: 8 for the 64-bit formats (major
   opcodes 0x3f and 0x7f, wavesim-chosen), else 4. */
int vt_inst_length(uint32_t w);
/* Decodes a 64-bit instruction (low word first); when no 64-bit row matches, the low word is an
   unknown instruction of length 4 (the next word is decoded on its own). */
void vt_decode64(uint32_t lo, uint32_t hi, vt_inst *in);

/* Decodes one word (no prefix); a 64-bit instruction's first word alone is unknown. */
void vt_decode(uint32_t word, vt_inst *in);

/* Applies the prefix word `prefix` (REGEXT, REGEXTI, PREFIX, PREFIXI or PREFIX_MEMORY) to the
   instruction that follows it. */
void vt_apply_prefix(uint32_t prefix, vt_inst *in);
int vt_is_prefix(const vt_inst *in);

/* A CSR's assembler name, or NULL; `llvm_prints` says whether llvm-objdump shows the name. */
const char *vt_csr_name(uint32_t csr, int *llvm_prints);
/* The number of a CSR name (with or without the CSR_ prefix, any case), or -1. */
int vt_csr_number(const char *name, size_t len);

/* The ABI name of scalar register r (0..31). */
const char *vt_xreg_name(unsigned r);

/* Looks up a symbol name for an address (branch targets); NULL when there is none. */
typedef const char *(*vt_symbol_fn)(void *ctx, uint32_t addr);

/* Prints an instruction the way the Ventus `llvm-objdump -d` dumps do ("mnemonic\toperands",
   aliases applied, branch targets as absolute addresses at `pc` with <symbol> when known).
   Returns the length written (truncated to size). */
int vt_print(const vt_inst *in, uint32_t pc, vt_symbol_fn sym, void *symctx, char *out, size_t size);

#endif
