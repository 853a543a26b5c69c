/* RDNA3 code object loader: HSA code object v5 ELF images from clang-19 or `wavesim as`; kernels
   from the metadata note and their descriptors, and the whole code predecoded once. */
#ifndef WAVESIM_R3_LOADER_H
#define WAVESIM_R3_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "r3_kd.h"
#include "rdna3/codec/r3_codec.h"

typedef enum {
    R3_ARG_GLOBAL_BUFFER, R3_ARG_BY_VALUE, R3_ARG_DYNAMIC_LDS, R3_ARG_HIDDEN, R3_ARG_IMAGE, R3_ARG_SAMPLER, R3_ARG_OTHER
} r3_arg_kind;

typedef struct {
    char name[64];
    char type_name[64];
    char value_kind[48];
    char address_space[16];  /* .address_space (global, constant, local...), "" when absent */
    char access[16];         /* .access (read_only, write_only, read_write), "" when absent */
    uint8_t is_const, is_volatile, is_restrict;
    uint32_t offset, size;
    r3_arg_kind kind;
} r3_kernel_arg;

typedef struct {
    char name[128];
    r3_kd kd;
    uint64_t kd_addr, code_addr;
    uint32_t kernarg_size, kernarg_align;
    uint32_t group_segment_fixed_size, private_segment_fixed_size;
    uint32_t reqd_workgroup_size[3];   /* .reqd_workgroup_size, zeros when absent */
    uint32_t max_flat_workgroup_size;  /* 0 when absent */
    int wave64;
    r3_kernel_arg *args;
    int nargs;
} r3_kernel;

typedef struct {
    uint32_t pc;     /* offset of the instruction in the code */
    r3_inst inst;
} r3_decoded;

/* Bytes of the image: size bytes at address addr come from image + from. */
typedef struct {
    uint64_t addr, size, from;
} r3_image_piece;

/* A dynamic relocation of the image (R_AMDGPU_RELATIVE64: the load address plus the addend). */
typedef struct {
    uint64_t offset;
    int64_t addend;
} r3_reloc;

typedef struct {
    uint8_t *image;          /* the file contents of the allocated sections, one after another */
    r3_image_piece *pieces;  /* where each of them goes in the load image */
    int npieces;
    uint64_t image_size;     /* the whole span from address 0, NOBITS sections (.bss) included (zeroes) */
    r3_reloc *relocs;
    size_t nrelocs;
    uint64_t load_base;      /* where the runtime placed the image in device memory (0 until placed) */
    uint8_t *code;           /* a copy of the executable bytes */
    uint64_t code_addr, code_size;
    r3_decoded *insts;       /* every instruction, predecoded in wave32 and wave64 */
    r3_decoded *insts64;
    int32_t *index;          /* code offset / 4 -> instruction index, -1 inside an instruction */
    size_t ninsts;
    r3_kernel *kernels;
    int nkernels;
    uint32_t mach;
} r3_codeobj;

/* Loads an image held in memory. Returns 0, or -1 with one line saying what is wrong. */
int r3_codeobj_load(const uint8_t *data, size_t size, r3_codeobj *out, char *err, size_t errsize);
void r3_codeobj_free(r3_codeobj *co);
/* Writes the image relocated for load address base into dst, which holds image_size zeroed bytes
   (only the sections with file contents are written, so gaps and .bss cost nothing until touched). */
void r3_codeobj_place(const r3_codeobj *co, uint64_t base, uint8_t *dst);
/* The device address of the first code byte once placed: what s_getpc sees. */
static inline uint64_t r3_codeobj_pc_base(const r3_codeobj *co)
{
    return co->load_base + co->code_addr;
}
const r3_kernel *r3_codeobj_kernel(const r3_codeobj *co, const char *name);

#endif
