/* A user's kernel launched as the Ventus OpenCL stack (pocl's Ventus device) launches one (seed 003,
   "驱动提供的功能"): an ELF32 kernel file loaded by its segments, the 64-byte NDRange metadata buffer
   (KNL_ENTRY ... KNL_PRINT_SIZE), the kernel_arg_buffer the caller filled, private memory for
   every work-item, and warps of one thread count covering each work-group. */
#ifndef WAVESIM_VT_NDRANGE_H
#define WAVESIM_VT_NDRANGE_H

#include <stddef.h>
#include <stdint.h>

#include "core/core_mem.h"
#include "ventus/launch/vt_launch.h"

#define VT_ALLOC_BASE 0x90000000u  /* device buffers, in the Ventus memory map */
#define VT_CODE_REGION 0x10000000u /* bytes reserved for code and data at VT_CODE_BASE (0x80000000) */
#define VT_PDS_PER_ITEM 4096u     /* private memory per work-item: what the reference launches allocate
                                     (pdsSize 0x1000; seed 003 names 1 kB the default) */
#define VT_PDS_CAP 0x10000000u    /* pocl's cap on one launch's private memory */
#define VT_LDS_SIZE 0x1000u       /* the ldsSize pocl's Ventus device passes for every launch */

/* Device memory with the Ventus memory map and a bump allocator for buffers (4 KiB pages). */
typedef struct {
    core_mem *mem;
    uint64_t next;              /* the next buffer address */
} vt_heap;

/* A buffer of `size` bytes (zeroed) at the next free address; 0 when device memory is exhausted. */
uint64_t vt_heap_alloc(vt_heap *h, uint64_t size);

/* Loads the PT_LOAD segments of an ELF32 RISC-V file into the code region (from 0x80000000).
   Returns 0 with the entry point and the bytes from VT_CODE_BASE to the end of the last segment
   (what a launch predecodes), or -1 with err. */
int vt_load_elf(core_mem *mem, const uint8_t *image, size_t size, uint32_t *entry, uint32_t *extent, char *err,
                size_t errsize);

/* The value of symbol `name` in an ELF32 image; 0, or -1 with err. */
int vt_elf_symbol(const uint8_t *image, size_t size, const char *name, uint32_t *value, char *err, size_t errsize);

typedef struct {
    uint32_t start_pc;          /* where the warps start: the program's entry (crt0's _start) */
    uint32_t code_bytes;        /* the loaded program from VT_CODE_BASE (vt_load_elf's extent) */
    uint32_t entry;             /* the kernel function _start calls (KNL_ENTRY) */
    uint32_t work_dim;          /* 1 to 3 */
    uint32_t global[3], local[3], offset[3];  /* unused dimensions: 1, 1, 0 */
    uint32_t arg_base;          /* the kernel_arg_buffer (KNL_ARG_BASE) */
    uint32_t print_addr, print_size;          /* the printf buffer, 0 when none */
    uint32_t threads_per_warp;  /* 0: the largest power of two up to 32 dividing the work-group size */
} vt_ndrange;

/* Sets work_dim, global, local and offset from 64-bit API values; 0, or -1 with err when one does
   not fit 32 bits. */
int vt_ndrange_shape(vt_ndrange *r, uint32_t work_dim, const uint64_t global[3], const uint64_t local[3],
                     const uint64_t offset[3], char *err, size_t errsize);

/* Makes the launch of an NDRange: checks the sizes (uniform work-groups of at most 1024 work-items),
   allocates and fills the metadata buffer and the private memory, and describes the launch in *m.
   Returns 0, or -1 with err. */
int vt_ndrange_prepare(vt_heap *h, const vt_ndrange *r, vt_meta *m, char *err, size_t errsize);

#endif
