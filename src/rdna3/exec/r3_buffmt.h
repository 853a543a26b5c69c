/* Buffer data formats (the FORMAT of a V# or an MTBUF instruction): component layout read from the
   format's name in isa/rdna3/buffer_formats.def, and conversion of one component between memory
   and a VGPR (32-bit, or 16-bit for the D16 instructions) in both directions. */
#ifndef WAVESIM_R3_BUFFMT_H
#define WAVESIM_R3_BUFFMT_H

#include <stdint.h>

typedef enum { R3BF_UNORM, R3BF_SNORM, R3BF_USCALED, R3BF_SSCALED, R3BF_UINT, R3BF_SINT, R3BF_FLOAT,
               R3BF_SRGB,        /* image formats only: sRGB-encoded colour, linear alpha */
               R3BF_SHARED_EXP   /* 5_9_9_9_FLOAT: three 9-bit mantissas, one 5-bit exponent (W) */
} r3_bf_kind;

typedef struct {
    int ncomp;
    uint8_t bits[4], shift[4]; /* X..W, packed from bit 0 upwards (names list them from the top) */
    uint8_t kind;              /* r3_bf_kind */
    uint32_t size;             /* bytes of one element */
} r3_buffmt;

/* Reads every format's layout from its name, once (r3_exec_init calls it). */
void r3_buffmt_init(void);

/* The layout of format value v; NULL for BUF_FMT_INVALID and unknown values. */
const r3_buffmt *r3_buffmt_of(unsigned v);

/* The layout of an image's T# FORMAT (8 bits): the buffer formats, and the image-only ones of the
   guide's Table 52 (64-72: sRGB, 5_9_9_9, 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4, 4_4); NULL for others. */
const r3_buffmt *r3_imgfmt_of(unsigned v);

/* Component c's raw bits (zero-extended), and writing raw bits into it: the packed image accesses
   (no conversion). */
uint32_t r3_buffmt_raw(const r3_buffmt *f, const uint8_t *p, int c);
void r3_buffmt_put_raw(const r3_buffmt *f, uint8_t *p, int c, uint32_t raw);

/* Component c of an element (its bytes at p) as the VGPR value a load returns: f32 or a 32-bit
   integer, or with d16 an f16 or 16-bit integer. */
uint32_t r3_buffmt_load(const r3_buffmt *f, const uint8_t *p, int c, int d16);

/* Writes VGPR value v (as above) into component c of the element at p, converted. */
void r3_buffmt_store(const r3_buffmt *f, uint8_t *p, int c, uint32_t v, int d16);

/* The value DST_SEL = SEL_1 gives: 1.0 (f32 or f16) for float-like formats, 1 for integers. */
uint32_t r3_buffmt_one(const r3_buffmt *f, int d16);

#endif
