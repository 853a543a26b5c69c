/* The 64-bit compute format of seed 003 ("自定义64位计算指令"): fields, names and text, shared by the
   printer, the assembler and the executor. The operations are the rows of isa/ventus/vop64.def. */
#ifndef WAVESIM_VT_VOP64_H
#define WAVESIM_VT_VOP64_H

#include <stddef.h>
#include <stdint.h>

#include "vt_isa.h"

enum {
#define VT_VOP64(name, f3, f6, kind) kind,
#include "../../../isa/ventus/vop64.def"
#undef VT_VOP64
    VOP_COUNT
};

typedef struct {
    const char *name;
    uint8_t kind, is_float;
    uint8_t ssize, dsize;   /* bits: 16, 32, 64 */
    uint8_t omod, opsel, abs, neg;
} vt_vop64_desc;

/* The fields of a VOP64 instruction; 0 for an operation and sizes wavesim runs, -1 otherwise. */
int vt_vop64_decode(const vt_inst *in, vt_vop64_desc *d);

/* Its text ("v64.fadd.f32.f16\tv1, v2, v3, opsel=1"). */
void vt_vop64_text(const vt_inst *in, const vt_vop64_desc *d, char *buf, size_t size);

/* Encodes "v64.OP.DTYPE.STYPE" with operands vd, vs2, vs1 [, opsel=N] [, abs=N] [, neg=N] [, omod=N];
   0 with the two words, or -1 with a message. */
int vt_vop64_encode(const char *mn, char **ops, int n, uint32_t *lo, uint32_t *hi, char *err, size_t errsize);

#endif
