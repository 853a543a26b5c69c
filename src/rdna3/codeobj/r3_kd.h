/* RDNA3 kernel descriptors: the 64-byte AMDHSA descriptor, built from .amdhsa_* directives and
   read back by the loader (field layout: ../shared/spec/rdna3-reference.md section 1.1). */
#ifndef WAVESIM_R3_KD_H
#define WAVESIM_R3_KD_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t group_segment_fixed_size, private_segment_fixed_size, kernarg_size;
    int64_t entry_offset;    /* kernel code address minus descriptor address */
    uint32_t rsrc1, rsrc2, rsrc3;
    uint16_t properties;
    uint16_t kernarg_preload;
} r3_kd;

#define R3_KD_SIZE 64

void r3_kd_encode(const r3_kd *kd, uint8_t out[R3_KD_SIZE]);
void r3_kd_decode(const uint8_t in[R3_KD_SIZE], r3_kd *kd);

/* Builds a descriptor from the lines of an .amdhsa_kernel block (one ".amdhsa_NAME VALUE" each);
   entry_offset is left to the caller. Returns 0, or -1 with a message. wave64_default is the
   target's wave size when .amdhsa_wavefront_size32 is absent. */
int r3_kd_from_directives(char *const *lines, int nlines, int wave64_default, r3_kd *kd, char *err, size_t errsize);

#endif
