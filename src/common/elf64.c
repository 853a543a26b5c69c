/* ELF64 writer (loadable image, one PT_LOAD and one PT_NOTE) and bounds-checked reader. */
#include "elf64.h"
#include "le.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int elf64_build(const elf64_out_header *h, const elf64_out_section *secs, int nsecs, uint8_t **out, size_t *size)
{
    /* section name table */
    size_t shstr_size = 1 + sizeof ".shstrtab";
    for (int i = 0; i < nsecs; i++)
        shstr_size += strlen(secs[i].name) + 1;
    uint64_t *offs = calloc((size_t)nsecs + 1, sizeof *offs);
    char *shstr = calloc(1, shstr_size);
    if (!offs || !shstr) {
        free(offs);
        free(shstr);
        return -1;
    }
    uint64_t end = 64 + 2 * 56, load_end = end;
    int has_note = 0, has_write = 0;
    for (int i = 0; i < nsecs; i++) /* allocated sections sit at their address */
        if (secs[i].flags & ELF64_SHF_ALLOC) {
            offs[i] = secs[i].addr;
            if (secs[i].addr + secs[i].size > load_end)
                load_end = secs[i].addr + secs[i].size;
            has_note |= secs[i].type == ELF64_SHT_NOTE;
            has_write |= (secs[i].flags & ELF64_SHF_WRITE) != 0;
        }
    end = load_end;
    for (int i = 0; i < nsecs; i++)
        if (!(secs[i].flags & ELF64_SHF_ALLOC)) {
            uint64_t a = secs[i].align ? secs[i].align : 1;
            end = (end + a - 1) / a * a;
            offs[i] = end;
            end += secs[i].type == ELF64_SHT_NOBITS ? 0 : secs[i].size;
        }
    uint64_t shstr_off = end;
    end += shstr_size;
    uint64_t shoff = (end + 7) / 8 * 8;
    int shnum = nsecs + 2;
    size_t total = (size_t)(shoff + (uint64_t)shnum * 64);
    uint8_t *img = calloc(1, total);
    if (!img) {
        free(offs);
        free(shstr);
        return -1;
    }
    /* ELF header */
    memcpy(img, "\x7f" "ELF", 4);
    img[4] = 2; /* ELFCLASS64 */
    img[5] = 1; /* little endian */
    img[6] = 1;
    img[7] = h->osabi;
    img[8] = h->abiversion;
    le_put(img + 16, h->type, 2);
    le_put(img + 18, h->machine, 2);
    le_put(img + 20, 1, 4);
    le_put(img + 32, 64, 8);      /* e_phoff */
    le_put(img + 40, shoff, 8);
    le_put(img + 48, h->flags, 4);
    le_put(img + 52, 64, 2);
    le_put(img + 54, 56, 2);
    le_put(img + 56, has_note ? 2 : 1, 2);
    le_put(img + 58, 64, 2);
    le_put(img + 60, (uint64_t)shnum, 2);
    le_put(img + 62, (uint64_t)shnum - 1, 2);
    /* PT_LOAD over everything allocated; PT_NOTE over the first note section */
    uint8_t *ph = img + 64;
    le_put(ph + 0, 1, 4);
    le_put(ph + 4, 4 | 1 | (has_write ? 2 : 0), 4); /* R X (W) */
    le_put(ph + 32, load_end, 8);
    le_put(ph + 40, load_end, 8);
    le_put(ph + 48, 0x1000, 8);
    for (int i = 0; i < nsecs && has_note; i++)
        if (secs[i].type == ELF64_SHT_NOTE && (secs[i].flags & ELF64_SHF_ALLOC)) {
            ph = img + 64 + 56;
            le_put(ph + 0, 4, 4);
            le_put(ph + 4, 4, 4);
            le_put(ph + 8, offs[i], 8);
            le_put(ph + 16, secs[i].addr, 8);
            le_put(ph + 24, secs[i].addr, 8);
            le_put(ph + 32, secs[i].size, 8);
            le_put(ph + 40, secs[i].size, 8);
            le_put(ph + 48, 4, 8);
            break;
        }
    /* contents and section headers */
    size_t name_at = 1;
    for (int i = 0; i < nsecs; i++) {
        const elf64_out_section *s = &secs[i];
        if (s->data && s->type != ELF64_SHT_NOBITS)
            memcpy(img + offs[i], s->data, (size_t)s->size);
        uint8_t *sh = img + shoff + (uint64_t)(i + 1) * 64;
        le_put(sh + 0, name_at, 4);
        strcpy(shstr + name_at, s->name);
        name_at += strlen(s->name) + 1;
        le_put(sh + 4, s->type, 4);
        le_put(sh + 8, s->flags, 8);
        le_put(sh + 16, s->addr, 8);
        le_put(sh + 24, offs[i], 8);
        le_put(sh + 32, s->size, 8);
        le_put(sh + 40, s->link, 4);
        le_put(sh + 44, s->info, 4);
        le_put(sh + 48, s->align ? s->align : 1, 8);
        le_put(sh + 56, s->entsize, 8);
    }
    uint8_t *sh = img + shoff + (uint64_t)(nsecs + 1) * 64;
    le_put(sh + 0, name_at, 4);
    strcpy(shstr + name_at, ".shstrtab");
    le_put(sh + 4, ELF64_SHT_STRTAB, 4);
    le_put(sh + 24, shstr_off, 8);
    le_put(sh + 32, shstr_size, 8);
    le_put(sh + 48, 1, 8);
    memcpy(img + shstr_off, shstr, shstr_size);
    free(offs);
    free(shstr);
    *out = img;
    *size = total;
    return 0;
}

static int elf64_fail(char *err, size_t errsize, const char *msg)
{
    snprintf(err, errsize, "%s", msg);
    return -1;
}

/* A NUL-terminated string inside a string table section, or NULL. */
static const char *elf64_string(const elf64_file *f, const elf64_section *tab, uint64_t off)
{
    if (!tab || tab->type == ELF64_SHT_NOBITS || tab->offset > f->size || tab->size > f->size - tab->offset ||
        off >= tab->size)
        return NULL;
    const char *s = (const char *)f->data + tab->offset + off;
    return memchr(s, '\0', (size_t)(tab->size - off)) ? s : NULL;
}

int elf64_parse(const uint8_t *d, size_t size, elf64_file *f, char *err, size_t errsize)
{
    memset(f, 0, sizeof *f);
    if (size < 64 || memcmp(d, "\x7f" "ELF", 4) != 0)
        return elf64_fail(err, errsize, "not an ELF file");
    if (d[4] != 2 || d[5] != 1)
        return elf64_fail(err, errsize, "not a 64-bit little-endian ELF file");
    f->data = d;
    f->size = size;
    f->osabi = d[7];
    f->abiversion = d[8];
    f->type = (uint16_t)le_get(d + 16, 2);
    f->machine = (uint16_t)le_get(d + 18, 2);
    f->flags = (uint32_t)le_get(d + 48, 4);
    uint64_t shoff = le_get(d + 40, 8);
    uint64_t shentsize = le_get(d + 58, 2), shnum = le_get(d + 60, 2), shstrndx = le_get(d + 62, 2);
    if (shnum == 0)
        return 0;
    if (shentsize != 64 || shoff > size || shnum > (size - shoff) / 64 || shstrndx >= shnum)
        return elf64_fail(err, errsize, "truncated or corrupt section header table");
    f->secs = calloc((size_t)shnum, sizeof *f->secs);
    if (!f->secs)
        return elf64_fail(err, errsize, "out of memory");
    f->nsecs = (int)shnum;
    for (uint64_t i = 0; i < shnum; i++) {
        const uint8_t *sh = d + shoff + i * 64;
        elf64_section *s = &f->secs[i];
        s->type = (uint32_t)le_get(sh + 4, 4);
        s->flags = le_get(sh + 8, 8);
        s->addr = le_get(sh + 16, 8);
        s->offset = le_get(sh + 24, 8);
        s->size = le_get(sh + 32, 8);
        s->link = (uint32_t)le_get(sh + 40, 4);
        s->info = (uint32_t)le_get(sh + 44, 4);
        s->align = le_get(sh + 48, 8);
        s->entsize = le_get(sh + 56, 8);
        if (s->type != ELF64_SHT_NOBITS && (s->offset > size || s->size > size - s->offset)) {
            elf64_free(f);
            return elf64_fail(err, errsize, "section extends past the end of the file");
        }
    }
    for (uint64_t i = 0; i < shnum; i++) {
        const uint8_t *sh = d + shoff + i * 64;
        f->secs[i].name = elf64_string(f, &f->secs[shstrndx], le_get(sh, 4));
        if (!f->secs[i].name)
            f->secs[i].name = "";
    }
    for (int i = 0; i < f->nsecs; i++) {
        const elf64_section *st = &f->secs[i];
        if (st->type != ELF64_SHT_SYMTAB)
            continue;
        if (st->entsize != 24 || st->link >= (uint32_t)f->nsecs) {
            elf64_free(f);
            return elf64_fail(err, errsize, "corrupt symbol table");
        }
        size_t n = (size_t)(st->size / 24);
        f->syms = calloc(n ? n : 1, sizeof *f->syms);
        if (!f->syms) {
            elf64_free(f);
            return elf64_fail(err, errsize, "out of memory");
        }
        for (size_t k = 0; k < n; k++) {
            const uint8_t *e = d + st->offset + k * 24;
            elf64_symbol *sym = &f->syms[f->nsyms++];
            sym->name = elf64_string(f, &f->secs[st->link], le_get(e, 4));
            if (!sym->name)
                sym->name = "";
            sym->bind = e[4] >> 4;
            sym->type = e[4] & 15;
            sym->visibility = e[5] & 3;
            sym->shndx = (uint16_t)le_get(e + 6, 2);
            sym->value = le_get(e + 8, 8);
            sym->size = le_get(e + 16, 8);
        }
        break;
    }
    return 0;
}

void elf64_free(elf64_file *f)
{
    free(f->secs);
    free(f->syms);
    memset(f, 0, sizeof *f);
}

const elf64_section *elf64_find_section(const elf64_file *f, const char *name)
{
    for (int i = 0; i < f->nsecs; i++)
        if (strcmp(f->secs[i].name, name) == 0)
            return &f->secs[i];
    return NULL;
}
