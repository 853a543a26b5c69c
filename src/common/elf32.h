/* ELF32 little-endian files (Ventus RISC-V kernels): reading sections, symbols and loadable
   segments, and writing a minimal executable with one code segment and its symbols. */
#ifndef WAVESIM_ELF32_H
#define WAVESIM_ELF32_H

#include <stddef.h>
#include <stdint.h>

#define ELF32_EM_RISCV 243

typedef struct {
    char name[64];
    uint32_t type, flags, addr, offset, size;
} elf32_section;

typedef struct {
    char name[96];
    uint32_t value, size;
    uint8_t type, bind;
    uint16_t shndx;
} elf32_symbol;

typedef struct {
    uint32_t vaddr, offset, filesz, memsz, flags;
} elf32_segment;

typedef struct {
    uint16_t type, machine;
    uint32_t entry;
    elf32_section *secs;
    int nsecs;
    elf32_symbol *syms;
    int nsyms;
    elf32_segment *segs;
    int nsegs;
} elf32_file;

/* Parses an image (kept by the caller); returns 0, or -1 with one line in err. */
int elf32_parse(const uint8_t *data, size_t size, elf32_file *out, char *err, size_t errsize);
void elf32_free(elf32_file *f);

typedef struct {
    const char *name;
    uint32_t value;
    int global, func;
} elf32_out_symbol;

/* Builds an executable RISC-V image: `code` loaded at `addr` (section .text, entry = addr) and the
   symbols given (all in .text). Returns 0 and a malloc'ed image, or -1 when out of memory. */
int elf32_write_exec(const uint8_t *code, uint32_t size, uint32_t addr, const elf32_out_symbol *syms, int nsyms,
                     uint8_t **image, size_t *image_size);

#endif
