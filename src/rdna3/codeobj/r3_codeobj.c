/* RDNA3 code object writer: sections at their assembled addresses, a .note with the metadata as
   MessagePack, and a symbol table, in an ET_DYN AMDGPU HSA ELF64 image. */
#include "r3_codeobj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r3_yaml.h"
#include "common/elf64.h"
#include "common/le.h"
#include "common/msgpack.h"

#define R3_EM_AMDGPU 224
#define R3_ELFOSABI_AMDGPU_HSA 64
#define R3_NT_AMDGPU_METADATA 32

uint32_t r3_mach_of_cpu(const char *mcpu)
{
    static const struct {
        const char *name;
        uint32_t mach;
    } cpus[] = {{"gfx1100", 0x41}, {"gfx1101", 0x46}, {"gfx1102", 0x47}, {"gfx1103", 0x44},
                {"gfx1150", 0x43}, {"gfx1151", 0x4a}};
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++)
        if (strcmp(cpus[i].name, mcpu) == 0)
            return cpus[i].mach;
    return 0;
}

/* Note record: namesz, descsz, type, "AMDGPU\0" padded to 4, the descriptor padded to 4. */
static uint8_t *r3_note(const uint8_t *desc, size_t n, size_t *size)
{
    size_t total = 12 + 8 + (n + 3) / 4 * 4;
    uint8_t *p = calloc(1, total);
    if (!p)
        return NULL;
    p[0] = 7;
    for (int i = 0; i < 4; i++)
        p[4 + i] = (uint8_t)(n >> (8 * i));
    p[8] = R3_NT_AMDGPU_METADATA;
    memcpy(p + 12, "AMDGPU", 7);
    memcpy(p + 20, desc, n);
    *size = total;
    return p;
}

int r3_codeobj_build(const asm_result *r, const char *mcpu, uint8_t **out, size_t *size, char *err, size_t errsize)
{
    uint32_t mach = r3_mach_of_cpu(mcpu);
    if (!mach) {
        snprintf(err, errsize, "unknown processor '%s'", mcpu);
        return -1;
    }
    int nsecs = 0, ret = -1;
    elf64_out_section *secs = calloc((size_t)r->nsecs + 5, sizeof *secs);
    int *elf_index = calloc((size_t)r->nsecs + 1, sizeof *elf_index);
    uint8_t *note = NULL, *symtab = NULL, *rela = NULL;
    char *strtab = NULL;
    msgpack_writer mp = {0};
    if (!secs || !elf_index)
        goto oom;
    uint64_t end = 0x100;
    for (int i = 0; i < r->nsecs; i++) {
        const asm_section *s = &r->secs[i];
        if (!(s->flags & ASM_SEC_ALLOC) || !s->size)
            continue;
        elf_index[i] = nsecs + 1;
        secs[nsecs++] = (elf64_out_section){s->name, ELF64_SHT_PROGBITS,
                                            ELF64_SHF_ALLOC | ((s->flags & ASM_SEC_EXEC) ? ELF64_SHF_EXECINSTR : 0) |
                                                ((s->flags & ASM_SEC_WRITE) ? ELF64_SHF_WRITE : 0),
                                            s->addr, s->align, 0, s->data, s->size, 0, 0};
        if (s->addr + s->size > end)
            end = s->addr + s->size;
    }
    for (size_t i = 0; i < r->nrelocs; i++)
        if (r->relocs[i].undefined[0]) { /* ld.lld's "undefined symbol": nothing here can resolve it */
            snprintf(err, errsize, "line %d (%s+0x%llx): undefined symbol '%s': a code object cannot hold a "
                     "reference to a symbol defined nowhere in its source (a kernel calling library functions "
                     "needs them linked in: wavesim cc does that)",
                     r->relocs[i].line, r->secs[r->relocs[i].section].name, (unsigned long long)r->relocs[i].offset,
                     r->relocs[i].undefined);
            goto fail;
        }
    for (size_t i = 0; i < r->nrelocs; i++)
        if (!r->relocs[i].linkable) { /* an absolute 32-bit address: the image may load anywhere */
            snprintf(err, errsize, "%s+0x%llx: an instruction's literal holds a label's absolute address "
                     "(@abs32), which a code object loaded at any address cannot relocate",
                     r->secs[r->relocs[i].section].name, (unsigned long long)r->relocs[i].offset);
            goto fail;
        }
    /* data holding a label's address: R_AMDGPU_RELATIVE64 (the load address plus the link address),
       as ld.lld writes for clang's pointer tables; a 32-bit address cannot be relocated so */
    if (r->naddr_refs) {
        rela = calloc(r->naddr_refs, 24);
        if (!rela)
            goto oom;
        for (size_t i = 0; i < r->naddr_refs; i++) {
            const asm_addr_ref *a = &r->addr_refs[i];
            const asm_section *s = &r->secs[a->section];
            if (a->size != 8) {
                snprintf(err, errsize, "%s+0x%llx: a %u-byte datum holds a label's address, which a code object "
                         "cannot relocate (use .quad)", s->name, (unsigned long long)a->offset, a->size);
                goto fail;
            }
            uint64_t addend = le_get(s->data + a->offset, 8);
            le_put(rela + 24 * i, s->addr + a->offset, 8);
            le_put(rela + 24 * i + 8, 13, 8); /* R_AMDGPU_RELATIVE64, no symbol */
            le_put(rela + 24 * i + 16, addend, 8);
        }
        end = (end + 7) / 8 * 8;
        secs[nsecs++] = (elf64_out_section){".rela.dyn", 4 /* SHT_RELA */, ELF64_SHF_ALLOC, end, 8, 24, rela,
                                            r->naddr_refs * 24, 0, 0};
        end += r->naddr_refs * 24;
    }
    if (r->text_block) {
        size_t note_size;
        if (r3_yaml_to_msgpack(r->text_block, &mp, err, errsize) || r3_yaml_check_hsa(mp.data, mp.len, err, errsize))
            goto fail;
        note = r3_note(mp.data, mp.len, &note_size);
        if (!note)
            goto oom;
        end = (end + 3) / 4 * 4;
        secs[nsecs++] = (elf64_out_section){".note", ELF64_SHT_NOTE, ELF64_SHF_ALLOC, end, 4, 0, note, note_size, 0, 0};
        end += note_size;
    }
    /* symbols: locals first (ELF requires it), assembler temporaries (.L*) left out */
    size_t nsym = 1, strsize = 1;
    for (size_t i = 0; i < r->nsyms; i++)
        if (strncmp(r->syms[i].name, ".L", 2) != 0) {
            nsym++;
            strsize += strlen(r->syms[i].name) + 1;
        }
    symtab = calloc(nsym, 24);
    strtab = calloc(1, strsize);
    if (!symtab || !strtab)
        goto oom;
    size_t k = 1, so = 1, first_global = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            first_global = k;
        for (size_t i = 0; i < r->nsyms; i++) {
            const asm_symbol *s = &r->syms[i];
            if (strncmp(s->name, ".L", 2) == 0 || (s->binding != ASM_BIND_LOCAL) != pass)
                continue;
            uint8_t *e = symtab + 24 * k++;
            le_put(e, so, 4);
            strcpy(strtab + so, s->name);
            so += strlen(s->name) + 1;
            int bind = s->binding == ASM_BIND_GLOBAL ? 1 : s->binding == ASM_BIND_WEAK ? 2 : 0;
            int type = s->type == ASM_TYPE_FUNC ? 2 : s->type == ASM_TYPE_OBJECT ? 1 : 0;
            e[4] = (uint8_t)(bind << 4 | type);
            e[5] = (uint8_t)(s->visibility == ASM_VIS_HIDDEN ? 2 : s->visibility == ASM_VIS_PROTECTED ? 3 : 0);
            int shndx = s->section >= 0 ? elf_index[s->section] : 0xfff1; /* SHN_ABS */
            le_put(e + 6, (uint64_t)shndx, 2);
            le_put(e + 8, s->section >= 0 ? r->secs[s->section].addr + (uint64_t)s->offset : (uint64_t)s->value, 8);
            le_put(e + 16, s->size, 8);
        }
    }
    int symtab_index = nsecs + 1;
    secs[nsecs++] = (elf64_out_section){".symtab", ELF64_SHT_SYMTAB, 0, 0, 8, 24, symtab, nsym * 24,
                                        (uint32_t)symtab_index + 1, (uint32_t)first_global};
    secs[nsecs++] = (elf64_out_section){".strtab", ELF64_SHT_STRTAB, 0, 0, 1, 0, (uint8_t *)strtab, strsize, 0, 0};
    int cov = r->object_version ? r->object_version : 5;
    elf64_out_header h = {R3_ELFOSABI_AMDGPU_HSA, (uint8_t)(cov - 2), ELF64_ET_DYN, R3_EM_AMDGPU, mach};
    if (elf64_build(&h, secs, nsecs, out, size))
        goto oom;
    ret = 0;
    goto fail;
oom:
    snprintf(err, errsize, "out of memory");
fail:
    msgpack_writer_free(&mp);
    free(note);
    free(rela);
    free(symtab);
    free(strtab);
    free(secs);
    free(elf_index);
    return ret;
}
