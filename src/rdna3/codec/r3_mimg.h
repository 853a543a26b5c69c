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

#endif
