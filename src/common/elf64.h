/* ELF64 little-endian images: a writer that lays out a loadable image (file offset = address) and a
   bounds-checked reader. Used for AMDGPU code objects (and later RISC-V ELF32 is separate). */
#ifndef WAVESIM_ELF64_H
#define WAVESIM_ELF64_H

#include <stddef.h>
#include <stdint.h>

enum { ELF64_SHT_PROGBITS = 1, ELF64_SHT_SYMTAB = 2, ELF64_SHT_STRTAB = 3, ELF64_SHT_NOTE = 7,
       ELF64_SHT_NOBITS = 8 };
enum { ELF64_SHF_WRITE = 1, ELF64_SHF_ALLOC = 2, ELF64_SHF_EXECINSTR = 4 };
enum { ELF64_ET_REL = 1, ELF64_ET_EXEC = 2, ELF64_ET_DYN = 3 };

typedef struct {
    const char *name;
    uint32_t type;
    uint64_t flags, addr, align, entsize;
    const uint8_t *data;
    uint64_t size;
    uint32_t link, info;    /* section indices are 1-based in the written file (0 is the null section) */
} elf64_out_section;

typedef struct {
    uint8_t osabi, abiversion;
    uint16_t type, machine;
    uint32_t flags;
} elf64_out_header;

/* Builds the image; allocated sections must already have addresses at or above 0x100. Returns 0,
   or -1 when out of memory. */
int elf64_build(const elf64_out_header *h, const elf64_out_section *secs, int nsecs, uint8_t **out, size_t *size);

typedef struct {
    const char *name;
    uint32_t type;
    uint64_t flags, addr, offset, size, align, entsize;
    uint32_t link, info;
} elf64_section;

typedef struct {
    const char *name;
    uint64_t value, size;
    uint16_t shndx;
    uint8_t bind, type, visibility;
} elf64_symbol;

typedef struct {
    const uint8_t *data;
    size_t size;
    uint16_t type, machine;
    uint8_t osabi, abiversion;
    uint32_t flags;
    elf64_section *secs;
    int nsecs;
    elf64_symbol *syms;
    int nsyms;
} elf64_file;

/* Parses an ELF64 little-endian image held in memory (which must outlive the result). Returns 0, or
   -1 with a message for anything malformed or truncated. */
int elf64_parse(const uint8_t *data, size_t size, elf64_file *out, char *err, size_t errsize);
void elf64_free(elf64_file *f);
const elf64_section *elf64_find_section(const elf64_file *f, const char *name);

#endif
