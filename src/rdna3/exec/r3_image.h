/* RDNA3 image resources seen from the host: the linear layout the executor reads (r3_image.c), the
   T# and S# encodings and the conversion of a texel, so that a runtime builds images and
   descriptors exactly as the executor decodes them. Field positions: docs/image-facts.md F1, F2.
   The format tables must be built first (r3_exec_init). */
#ifndef WAVESIM_R3_IMAGE_H
#define WAVESIM_R3_IMAGE_H

#include <stdint.h>

/* Bytes per texel of a T# FORMAT, 0 for one wavesim does not convert. */
uint32_t r3_image_element_bytes(unsigned format);

/* Row pitch in bytes of a level-0 row of `width` texels: Addrlib's linear pitch (the width aligned
   to 256 bytes of texels). */
uint64_t r3_image_row_pitch(unsigned format, uint32_t width);

typedef struct {
    unsigned type, format;       /* T# TYPE (8 1D, 9 2D, 10 3D, 12 1D array, 13 2D array) and FORMAT */
    uint8_t dst_sel[4];
    uint32_t width, height, depth, layers;
    uint64_t addr;               /* 256-byte aligned */
} r3_image_desc;

/* The 8-dword T# of a single-level linear image (pitch written for 1D/2D as ROCr writes it). */
void r3_image_tsharp(const r3_image_desc *d, uint32_t t[8]);

/* An S#: clamp modes, unnormalized coordinates, bilinear (else point) filtering, border type,
   MAX_LOD 4095 and no mip filter (ROCr's PopulateSamplerSrd). */
void r3_image_ssharp(const uint8_t clamp[3], int unnormalized, int linear, unsigned border, uint32_t s[4]);

/* Writes one texel for channel values R, G, B, A (f32 bits, or integers for UINT/SINT formats)
   through the inverse DST_SEL, converted as image_store converts; -1 for an unknown format. */
int r3_image_encode(unsigned format, const uint8_t dst_sel[4], const uint32_t rgba[4], uint8_t *texel);

#endif
