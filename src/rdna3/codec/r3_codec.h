/* RDNA3 instruction decoding and LLVM-compatible printing of decoded instructions. */
#ifndef WAVESIM_R3_CODEC_H
#define WAVESIM_R3_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "r3_isa.h"

typedef struct {
    const r3_opinfo *op;
    const r3_opinfo *opy;  /* VOPD: the Y half (op is the X half) */
    uint8_t nwords;   /* total size in dwords, literal included */
    uint8_t has_literal;
    uint32_t literal;
    uint32_t w[3];    /* the instruction's dwords without the literal */
    uint8_t dpp;      /* 0, 16 (DPP16) or 8 (DPP8): w[nwords-1] is then the DPP dword */
    uint32_t dpp_word;
} r3_inst;

typedef enum {
    R3_DECODE_OK = 0,
    R3_DECODE_INVALID = -1,   /* no instruction has this encoding */
    R3_DECODE_TRUNCATED = -2  /* the encoding needs more dwords than were given */
} r3_decode_status;

/* Decode flags. HALVES accepts what LLVM 19's fake16 disassembler refuses but the hardware runs:
   a 16-bit VOP1/VOP2 operand in a VGPR's high half (bit 7 of VDST/VSRC1, seed 000). The loader decodes
   for execution with it; the disassembler without, to print as LLVM does. */
enum { R3_DECODE_WAVE64 = 1, R3_DECODE_HALVES = 2 };

/* Decodes one instruction from words[0..avail); flags are R3_DECODE_* (1 alone: wave64). */
r3_decode_status r3_decode(const uint32_t *words, size_t avail, unsigned flags, r3_inst *out);

/* Whether operand o (of op) holding v is a 16-bit e32 VDST/VSRC1 in a VGPR's high half that LLVM 19
   refuses (it prints as vN.h). */
int r3_is_high_half_vgpr(const r3_opinfo *op, const r3_operand *o, unsigned v);

/* Prints the instruction as LLVM 19 does (no leading tab); returns the text length. */
size_t r3_print(const r3_inst *in, int wave64, char *buf, size_t size);

/* The value of a named field of the instruction's format (0 when the format has no such field). */
static inline unsigned r3_field_value(const r3_inst *in, r3_field f)
{
    return r3_get(in->w, r3_formats[in->op->format].field[f]);
}

unsigned r3_operand_code(const r3_inst *in, const r3_operand *o);
const char *r3_special_name(unsigned code, unsigned width);
unsigned r3_vaddr_width(const r3_inst *in);
unsigned r3_operand_width(const r3_inst *in, const r3_operand *opd, int wave64);
int r3_returns_old_value(const r3_inst *in);
int r3_is_wmma_acc(const r3_opinfo *op, const r3_operand *opd);

#endif
