/* RDNA3 code objects: HSA code object v5 ELF images written from assembled sections (kernel
   descriptors, symbols, the NT_AMDGPU_METADATA note). */
#ifndef WAVESIM_R3_CODEOBJ_H
#define WAVESIM_R3_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>

#include "asm/asm_source.h"

/* e_flags machine value for a gfx11 processor name (gfx1100...gfx1151), or 0 if unknown. */
uint32_t r3_mach_of_cpu(const char *mcpu);

/* Builds the code object of an assembled program. Returns 0, or -1 with a message. */
int r3_codeobj_build(const asm_result *r, const char *mcpu, uint8_t **out, size_t *size, char *err, size_t errsize);

#endif
