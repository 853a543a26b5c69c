/* ELF32 reading and writing for Ventus kernels. Every offset read from the file is bounds-checked:
   a malformed image is an error, never an out-of-range read. */
#include "elf32.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static void wr32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i); }
static void wr16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

static int in_file(size_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= size - off;
}

static void copy_name(char *dst, size_t dsize, const uint8_t *data, size_t size, uint64_t off)
{
    size_t n = 0;
    while (off + n < size && data[off + n] && n + 1 < dsize) {
        dst[n] = (char)data[off + n];
        n++;
    }
    dst[n] = '\0';
}

int elf32_parse(const uint8_t *d, size_t size, elf32_file *f, char *err, size_t errsize)
{
    memset(f, 0, sizeof *f);
    if (size < 52 || memcmp(d, "\177ELF", 4) != 0)
        return snprintf(err, errsize, "not an ELF file"), -1;
    if (d[4] != 1 || d[5] != 1)
        return snprintf(err, errsize, "not a 32-bit little-endian ELF file"), -1;
    f->type = rd16(d + 16);
    f->machine = rd16(d + 18);
    f->entry = rd32(d + 24);
    uint32_t phoff = rd32(d + 28), shoff = rd32(d + 32);
    uint16_t phentsize = rd16(d + 42), phnum = rd16(d + 44), shentsize = rd16(d + 46), shnum = rd16(d + 48);
    uint16_t shstrndx = rd16(d + 50);
    if ((phnum && (phentsize < 32 || !in_file(size, phoff, (uint64_t)phnum * phentsize))) ||
        (shnum && (shentsize < 40 || !in_file(size, shoff, (uint64_t)shnum * shentsize))))
        return snprintf(err, errsize, "header tables lie outside the file"), -1;
    f->segs = calloc(phnum ? phnum : 1, sizeof *f->segs);
    f->secs = calloc(shnum ? shnum : 1, sizeof *f->secs);
    if (!f->segs || !f->secs)
        return elf32_free(f), snprintf(err, errsize, "out of memory"), -1;
    for (int i = 0; i < phnum; i++) {
        const uint8_t *p = d + phoff + (size_t)i * phentsize;
        if (rd32(p) != 1) /* PT_LOAD */
            continue;
        elf32_segment *s = &f->segs[f->nsegs++];
        s->offset = rd32(p + 4);
        s->vaddr = rd32(p + 8);
        s->filesz = rd32(p + 16);
        s->memsz = rd32(p + 20);
        s->flags = rd32(p + 24);
        if (!in_file(size, s->offset, s->filesz) || s->memsz < s->filesz)
            return elf32_free(f), snprintf(err, errsize, "segment %d lies outside the file", i), -1;
    }
    const uint8_t *strtab_hdr = shstrndx < shnum ? d + shoff + (size_t)shstrndx * shentsize : NULL;
    uint32_t shstr_off = strtab_hdr ? rd32(strtab_hdr + 16) : 0, shstr_size = strtab_hdr ? rd32(strtab_hdr + 20) : 0;
    if (strtab_hdr && !in_file(size, shstr_off, shstr_size))
        return elf32_free(f), snprintf(err, errsize, "section name table lies outside the file"), -1;
    for (int i = 0; i < shnum; i++) {
        const uint8_t *p = d + shoff + (size_t)i * shentsize;
        elf32_section *s = &f->secs[i];
        uint32_t name = rd32(p);
        if (strtab_hdr && name < shstr_size)
            copy_name(s->name, sizeof s->name, d, shstr_off + shstr_size, shstr_off + name);
        s->type = rd32(p + 4);
        s->flags = rd32(p + 8);
        s->addr = rd32(p + 12);
        s->offset = rd32(p + 16);
        s->size = rd32(p + 20);
        if (s->type != 8 /* NOBITS */ && !in_file(size, s->offset, s->size))
            return elf32_free(f), snprintf(err, errsize, "section %d lies outside the file", i), -1;
    }
    f->nsecs = shnum;
    for (int i = 0; i < shnum; i++) {
        const uint8_t *p = d + shoff + (size_t)i * shentsize;
        if (f->secs[i].type != 2 /* SYMTAB */)
            continue;
        uint32_t link = rd32(p + 24), entsize = rd32(p + 36);
        if (link >= (uint32_t)shnum || entsize < 16)
            continue;
        const elf32_section *str = &f->secs[link];
        uint32_t n = f->secs[i].size / entsize;
        elf32_symbol *syms = realloc(f->syms, (size_t)(f->nsyms + n + 1) * sizeof *syms);
        if (!syms)
            return elf32_free(f), snprintf(err, errsize, "out of memory"), -1;
        f->syms = syms;
        for (uint32_t k = 0; k < n; k++) {
            const uint8_t *e = d + f->secs[i].offset + (size_t)k * entsize;
            elf32_symbol *s = &f->syms[f->nsyms++];
            memset(s, 0, sizeof *s);
            uint32_t name = rd32(e);
            if (name < str->size)
                copy_name(s->name, sizeof s->name, d, (size_t)str->offset + str->size, (uint64_t)str->offset + name);
            s->value = rd32(e + 4);
            s->size = rd32(e + 8);
            s->type = e[12] & 15;
            s->bind = e[12] >> 4;
            s->shndx = rd16(e + 14);
        }
    }
    return 0;
}

void elf32_free(elf32_file *f)
{
    free(f->secs);
    free(f->syms);
    free(f->segs);
    memset(f, 0, sizeof *f);
}

int elf32_write_exec(const uint8_t *code, uint32_t size, uint32_t addr, const elf32_out_symbol *syms, int nsyms,
                     uint8_t **image, size_t *image_size)
{
    static const char shstr[] = "\0.text\0.symtab\0.strtab\0.shstrtab";
    size_t strsize = 1;
    for (int i = 0; i < nsyms; i++)
        strsize += strlen(syms[i].name) + 1;
    size_t code_off = 0x1000, sym_off = (code_off + size + 3) & ~(size_t)3;
    size_t symsize = 16 * (size_t)(nsyms + 1);
    size_t str_off = sym_off + symsize, shstr_off = str_off + strsize;
    size_t sh_off = (shstr_off + sizeof shstr + 3) & ~(size_t)3;
    size_t total = sh_off + 5 * 40;
    uint8_t *im = calloc(1, total);
    if (!im)
        return -1;
    memcpy(im, "\177ELF\1\1\1", 7);
    wr16(im + 16, 2); /* ET_EXEC */
    wr16(im + 18, ELF32_EM_RISCV);
    wr32(im + 20, 1);
    wr32(im + 24, addr);
    wr32(im + 28, 52);
    wr32(im + 32, (uint32_t)sh_off);
    wr16(im + 40, 52);
    wr16(im + 42, 32);
    wr16(im + 44, 1);
    wr16(im + 46, 40);
    wr16(im + 48, 5);
    wr16(im + 50, 4);
    uint8_t *ph = im + 52;
    wr32(ph, 1);
    wr32(ph + 4, (uint32_t)code_off);
    wr32(ph + 8, addr);
    wr32(ph + 12, addr);
    wr32(ph + 16, size);
    wr32(ph + 20, size);
    wr32(ph + 24, 5); /* R+X */
    wr32(ph + 28, 0x1000);
    memcpy(im + code_off, code, size);
    size_t str_at = 1, next_sym = 1;
    for (int pass = 0; pass < 2; pass++) /* locals first, as ELF requires */
        for (int i = 0; i < nsyms; i++) {
            if (syms[i].global != pass)
                continue;
            uint8_t *e = im + sym_off + 16 * next_sym;
            wr32(e, (uint32_t)str_at);
            wr32(e + 4, syms[i].value);
            e[12] = (uint8_t)((syms[i].global ? 1 : 0) << 4 | (syms[i].func ? 2 : 0));
            wr16(e + 14, 1);
            strcpy((char *)im + str_off + str_at, syms[i].name);
            str_at += strlen(syms[i].name) + 1;
            next_sym++;
        }
    size_t first_global = 1;
    for (int i = 0; i < nsyms; i++)
        first_global += !syms[i].global;
    memcpy(im + shstr_off, shstr, sizeof shstr);
    uint8_t *sh = im + sh_off;
    /* 1 .text */
    wr32(sh + 40, 1); wr32(sh + 44, 1); wr32(sh + 48, 6); wr32(sh + 52, addr); wr32(sh + 56, (uint32_t)code_off);
    wr32(sh + 60, size); wr32(sh + 72, 4);
    /* 2 .symtab */
    wr32(sh + 80, 7); wr32(sh + 84, 2); wr32(sh + 96, (uint32_t)sym_off); wr32(sh + 100, (uint32_t)symsize);
    wr32(sh + 104, 3); wr32(sh + 108, (uint32_t)first_global); wr32(sh + 112, 4); wr32(sh + 116, 16);
    /* 3 .strtab */
    wr32(sh + 120, 15); wr32(sh + 124, 3); wr32(sh + 136, (uint32_t)str_off); wr32(sh + 140, (uint32_t)strsize);
    wr32(sh + 152, 1);
    /* 4 .shstrtab */
    wr32(sh + 160, 23); wr32(sh + 164, 3); wr32(sh + 176, (uint32_t)shstr_off); wr32(sh + 180, sizeof shstr);
    wr32(sh + 192, 1);
    *image = im;
    *image_size = total;
    return 0;
}
