/* RDNA3 image (MIMG) instructions: which registers an encoding names, as LLVM 19 decodes them.
   The widths depend on DMASK, D16, TFE, DIM, A16 and NSA through per-opcode tables (mimg_layout.def). */
#ifndef WAVESIM_R3_MIMG_H
#define WAVESIM_R3_MIMG_H

#include <stdint.h>

#include "r3_codec.h"

#define R3_MIMG_MAX_ADDR 5 /* gfx11 NSA: up to five address operands, the last may be a tuple */

typedef struct {
    uint8_t vdata, vdata_width;
    uint8_t naddr;                        /* 1 without NSA */
    uint8_t nsa;                          /* addresses printed as a [list] */
    uint8_t addr[R3_MIMG_MAX_ADDR];       /* first VGPR of each address operand */
    uint8_t addr_width[R3_MIMG_MAX_ADDR];
    uint8_t srsrc_width;                  /* 8 SGPRs, or 4 for the BVH instructions */
    uint8_t has_ssamp;
    uint8_t bvh;
} r3_mimg_layout;

/* Parses the layout table; returns 0, or -1 if a row is malformed. Called by r3_isa_init. */
int r3_mimg_init(void);

/* Checks the fixed bits and the resource fields of an image instruction whose opcode is known;
   returns 1 if LLVM accepts the encoding. */
int r3_mimg_fields_valid(const r3_inst *in);

/* The registers the instruction names; returns 0, or -1 when LLVM rejects the encoding. */
int r3_mimg_layout_of(const r3_inst *in, r3_mimg_layout *out);

/* What an image opcode takes besides VDATA and the addresses: a sampler (SSAMP); the fixed BVH
   layout (4-SGPR resource, no DMASK/DIM); gather semantics (DMASK picks one channel of four). */
int r3_mimg_has_sampler(const r3_opinfo *op);
int r3_mimg_is_bvh(const r3_opinfo *op);
int r3_mimg_is_gather(const r3_opinfo *op);
/* The fixed bits of an opcode's two dwords: (w & must) must equal val. */
void r3_mimg_fixed_bits(const r3_opinfo *op, uint32_t must[2], uint32_t val[2]);

/* What LLVM 19's assembler checks of an encoded image instruction against the registers its text
   named (written: vdata, vdata_width, naddr, nsa, addr_width): that an instruction variant with
   those register widths exists, that VDATA holds the data DMASK, D16 and TFE ask for, that the
   addresses are those DIM, A16 and NSA ask for, the atomic, gather and MSAA rules, and the fixed
   and resource fields. Returns NULL, or llvm-mc-19's message. */
const char *r3_mimg_check_written(const r3_inst *in, const r3_mimg_layout *written);

#endif
