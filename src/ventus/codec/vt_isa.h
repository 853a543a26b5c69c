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
    VT_FORMAT_COUNT
} vt_format;

/* What an instruction is, for statistics and scheduling. */
typedef enum { VT_CLS_ALU, VT_CLS_BRANCH, VT_CLS_SMEM, VT_CLS_ATOMIC, VT_CLS_FPU, VT_CLS_OTHER, VT_CLS_VALU,
               VT_CLS_VMEM, VT_CLS_SIMT, VT_CLS_COUNT } vt_class;

typedef enum {
    VT_OP_INVALID,
#define VT_OP(id, mn, fmt, match, mask, sem, cls) VT_OP_##id,
#include "../../../isa/ventus/ventus.def"
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
    uint8_t rd, rs1, rs2, rs3;
    uint8_t vm;           /* 1: unmasked (RVV vm bit) */
    uint8_t rm;           /* funct3 rounding-mode field of scalar float ops */
    int32_t imm;          /* the format's immediate, sign-extended where it is signed; CSR number */
    uint32_t word;
} vt_inst;

/* Decodes one word (no prefix). */
void vt_decode(uint32_t word, vt_inst *in);

/* Applies the prefix word `prefix` (a REGEXT or REGEXTI) to the instruction that follows it. */
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
