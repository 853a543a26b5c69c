/* RDNA3 code object loader: ELF checks, the NT_AMDGPU_METADATA note (MessagePack), kernel
   descriptors found through their NAME.kd symbols, and predecoding of the code. */
#include "r3_loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/elf64.h"
#include "common/le.h"
#include "common/msgpack.h"
#include "r3_codeobj.h"

#define R3_EM_AMDGPU 224

static int r3_fail(char *err, size_t errsize, const char *msg)
{
    snprintf(err, errsize, "%s", msg);
    return -1;
}

static int r3_str_eq(const msgpack_value *v, const char *s)
{
    return v->type == MSGPACK_STR && v->len == strlen(s) && memcmp(v->str, s, v->len) == 0;
}

static void r3_copy_str(char *dst, size_t size, const msgpack_value *v)
{
    size_t n = v->type == MSGPACK_STR && v->str ? (v->len < size - 1 ? v->len : size - 1) : 0;
    if (n)
        memcpy(dst, v->str, n);
    dst[n] = '\0';
}

static uint64_t r3_uint(const msgpack_value *v)
{
    return v->type == MSGPACK_UINT ? v->u : v->type == MSGPACK_INT && v->i >= 0 ? (uint64_t)v->i : 0;
}

/* Reads a map entry's scalar value; a nested array or map is skipped whole (v keeps its header). */
static int r3_read_value(const uint8_t *b, size_t n, size_t *pos, msgpack_value *v)
{
    size_t save = *pos;
    if (msgpack_read(b, n, pos, v))
        return -1;
    if (v->type == MSGPACK_ARRAY || v->type == MSGPACK_MAP) {
        *pos = save;
        return msgpack_skip(b, n, pos);
    }
    return 0;
}

static int r3_parse_arg(const uint8_t *b, size_t n, size_t *pos, r3_kernel_arg *a)
{
    msgpack_value m, k, v;
    memset(a, 0, sizeof *a);
    if (msgpack_read(b, n, pos, &m) || m.type != MSGPACK_MAP)
        return -1;
    for (uint64_t i = 0; i < m.u; i++) {
        if (msgpack_read(b, n, pos, &k) || r3_read_value(b, n, pos, &v))
            return -1;
        if (r3_str_eq(&k, ".offset"))
            a->offset = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".size"))
            a->size = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".value_kind") && v.type != MSGPACK_STR)
            return -2; /* the kind decides how dispatch fills the slot: it must be a name */
        else if (r3_str_eq(&k, ".value_kind"))
            r3_copy_str(a->value_kind, sizeof a->value_kind, &v);
        else if (r3_str_eq(&k, ".name"))
            r3_copy_str(a->name, sizeof a->name, &v);
        else if (r3_str_eq(&k, ".type_name"))
            r3_copy_str(a->type_name, sizeof a->type_name, &v);
        else if (r3_str_eq(&k, ".address_space"))
            r3_copy_str(a->address_space, sizeof a->address_space, &v);
        else if (r3_str_eq(&k, ".access"))
            r3_copy_str(a->access, sizeof a->access, &v);
        else if (r3_str_eq(&k, ".is_const"))
            a->is_const = v.type == MSGPACK_BOOL ? v.u != 0 : 0;
        else if (r3_str_eq(&k, ".is_volatile"))
            a->is_volatile = v.type == MSGPACK_BOOL ? v.u != 0 : 0;
        else if (r3_str_eq(&k, ".is_restrict"))
            a->is_restrict = v.type == MSGPACK_BOOL ? v.u != 0 : 0;
    }
    a->kind = strcmp(a->value_kind, "global_buffer") == 0 ? R3_ARG_GLOBAL_BUFFER
              : strcmp(a->value_kind, "by_value") == 0 ? R3_ARG_BY_VALUE
              : strcmp(a->value_kind, "dynamic_shared_pointer") == 0 ? R3_ARG_DYNAMIC_LDS
              : strcmp(a->value_kind, "image") == 0 ? R3_ARG_IMAGE
              : strcmp(a->value_kind, "sampler") == 0 ? R3_ARG_SAMPLER
              : strncmp(a->value_kind, "hidden_", 7) == 0 ? R3_ARG_HIDDEN : R3_ARG_OTHER;
    return 0;
}

static int r3_parse_kernel(const uint8_t *b, size_t n, size_t *pos, r3_kernel *kern, char *symbol, size_t symsize)
{
    msgpack_value m, k, v;
    memset(kern, 0, sizeof *kern);
    symbol[0] = '\0';
    kern->kernarg_align = 8;
    if (msgpack_read(b, n, pos, &m) || m.type != MSGPACK_MAP)
        return -1;
    for (uint64_t i = 0; i < m.u; i++) {
        if (msgpack_read(b, n, pos, &k))
            return -1;
        if (r3_str_eq(&k, ".args")) {
            if (kern->args || msgpack_read(b, n, pos, &v) || v.type != MSGPACK_ARRAY || v.u > 4096)
                return -1; /* .args given twice, or not an array */
            kern->args = calloc(v.u ? v.u : 1, sizeof *kern->args);
            if (!kern->args)
                return -1;
            kern->nargs = (int)v.u;
            for (uint64_t a = 0; a < v.u; a++) {
                int rc = r3_parse_arg(b, n, pos, &kern->args[a]);
                if (rc == -2)
                    snprintf(kern->name, sizeof kern->name, "argument %llu: .value_kind is not a string",
                             (unsigned long long)a);
                if (rc)
                    return rc;
            }
            continue;
        }
        if (r3_str_eq(&k, ".reqd_workgroup_size")) { /* [x, y, z] */
            if (msgpack_read(b, n, pos, &v) || v.type != MSGPACK_ARRAY)
                return -1;
            for (uint64_t d = 0; d < v.u; d++) {
                msgpack_value e;
                if (r3_read_value(b, n, pos, &e))
                    return -1;
                if (d < 3)
                    kern->reqd_workgroup_size[d] = (uint32_t)r3_uint(&e);
            }
            continue;
        }
        if (r3_read_value(b, n, pos, &v))
            return -1;
        if (r3_str_eq(&k, ".name"))
            r3_copy_str(kern->name, sizeof kern->name, &v);
        else if (r3_str_eq(&k, ".symbol"))
            r3_copy_str(symbol, symsize, &v);
        else if (r3_str_eq(&k, ".kernarg_segment_size"))
            kern->kernarg_size = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".kernarg_segment_align"))
            kern->kernarg_align = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".group_segment_fixed_size"))
            kern->group_segment_fixed_size = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".private_segment_fixed_size"))
            kern->private_segment_fixed_size = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".max_flat_workgroup_size"))
            kern->max_flat_workgroup_size = (uint32_t)r3_uint(&v);
        else if (r3_str_eq(&k, ".wavefront_size"))
            kern->wave64 = r3_uint(&v) == 64;
    }
    return 0;
}

/* Walks the note section for NT_AMDGPU_METADATA and reads amdhsa.kernels. */
static int r3_parse_metadata(const uint8_t *note, size_t size, r3_codeobj *co, char (**symbols)[160], char *err,
                             size_t errsize)
{
    size_t off = 0;
    while (off + 12 <= size) {
        uint32_t namesz = note[off] | note[off + 1] << 8 | note[off + 2] << 16 | (uint32_t)note[off + 3] << 24;
        uint32_t descsz = note[off + 4] | note[off + 5] << 8 | note[off + 6] << 16 | (uint32_t)note[off + 7] << 24;
        uint32_t type = note[off + 8] | note[off + 9] << 8 | note[off + 10] << 16 | (uint32_t)note[off + 11] << 24;
        size_t name_off = off + 12, desc_off = name_off + ((size_t)namesz + 3) / 4 * 4;
        if (namesz > size || descsz > size || desc_off > size || descsz > size - desc_off)
            return r3_fail(err, errsize, "corrupt note section");
        if (type == 32 && namesz == 7 && memcmp(note + name_off, "AMDGPU", 7) == 0) {
            const uint8_t *b = note + desc_off;
            size_t n = descsz, pos = 0;
            msgpack_value m, k, v;
            if (msgpack_read(b, n, &pos, &m) || m.type != MSGPACK_MAP)
                return r3_fail(err, errsize, "corrupt code object metadata");
            for (uint64_t i = 0; i < m.u; i++) {
                if (msgpack_read(b, n, &pos, &k))
                    return r3_fail(err, errsize, "corrupt code object metadata");
                if (!r3_str_eq(&k, "amdhsa.kernels")) {
                    if (msgpack_skip(b, n, &pos))
                        return r3_fail(err, errsize, "corrupt code object metadata");
                    continue;
                }
                if (co->kernels)
                    return r3_fail(err, errsize, "corrupt code object metadata: amdhsa.kernels given twice");
                if (msgpack_read(b, n, &pos, &v) || v.type != MSGPACK_ARRAY || v.u > 4096)
                    return r3_fail(err, errsize, "corrupt code object metadata");
                co->kernels = calloc(v.u ? v.u : 1, sizeof *co->kernels);
                *symbols = calloc(v.u ? v.u : 1, sizeof **symbols);
                if (!co->kernels || !*symbols)
                    return r3_fail(err, errsize, "out of memory");
                for (uint64_t kk = 0; kk < v.u; kk++) {
                    co->nkernels++;
                    int rc = r3_parse_kernel(b, n, &pos, &co->kernels[kk], (*symbols)[kk], sizeof (*symbols)[kk]);
                    if (rc == -2) {
                        snprintf(err, errsize, "corrupt kernel metadata: %s", co->kernels[kk].name);
                        return -1;
                    }
                    if (rc)
                        return r3_fail(err, errsize, "corrupt kernel metadata");
                }
            }
            return 0;
        }
        off = desc_off + ((size_t)descsz + 3) / 4 * 4;
    }
    return r3_fail(err, errsize, "no AMDGPU metadata note");
}

static int r3_predecode(r3_codeobj *co, char *err, size_t errsize)
{
    size_t nwords = (size_t)(co->code_size / 4);
    uint32_t *w = malloc(nwords ? nwords * 4 : 4);
    co->insts = calloc(nwords ? nwords : 1, sizeof *co->insts);
    co->insts64 = calloc(nwords ? nwords : 1, sizeof *co->insts64);
    co->index = malloc((nwords ? nwords : 1) * sizeof *co->index);
    if (!w || !co->insts || !co->insts64 || !co->index) {
        free(w);
        return r3_fail(err, errsize, "out of memory");
    }
    for (size_t i = 0; i < nwords; i++) {
        const uint8_t *b = co->code + 4 * i;
        w[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        co->index[i] = -1;
    }
    /* Both wave sizes decode the same lengths; the wave64 copy differs in operand widths only. */
    for (size_t i = 0; i < nwords;) {
        r3_decoded *d = &co->insts[co->ninsts], *d64 = &co->insts64[co->ninsts];
        d->pc = d64->pc = (uint32_t)(4 * i);
        co->index[i] = (int32_t)co->ninsts;
        size_t len = 1;
        if (r3_decode(w + i, nwords - i, R3_DECODE_HALVES, &d->inst) == R3_DECODE_OK)
            len = d->inst.nwords;
        else
            d->inst.op = NULL; /* executing it is an illegal-instruction fault */
        const char *broken = d->inst.op && d->inst.opy ? r3_vopd_rule(d->inst.op, d->inst.opy, d->inst.w,
                                                                       r3_vopd_ydst(d->inst.w), d->inst.has_literal)
                                                        : NULL;
        if (broken) { /* decodable, but the hardware cannot issue the pair */
            char text[200];
            r3_print(&d->inst, 0, text, sizeof text);
            free(w);
            snprintf(err, errsize, "illegal instruction at code offset 0x%zx: %s: VOPD pairing rule: %s", 4 * i, text,
                     broken);
            return -1;
        }
        if (r3_decode(w + i, nwords - i, R3_DECODE_WAVE64 | R3_DECODE_HALVES, &d64->inst) != R3_DECODE_OK ||
            d64->inst.nwords != len)
            d64->inst.op = NULL;
        co->ninsts++;
        i += len;
    }
    free(w);
    return 0;
}

/* The hidden argument kinds that carry a dimension: they must end in _x, _y or _z. */
static int r3_bad_dim_kind(const char *k)
{
    static const char *const fam[] = {"hidden_block_count_", "hidden_group_size_", "hidden_remainder_",
                                      "hidden_global_offset_"};
    for (size_t i = 0; i < sizeof fam / sizeof *fam; i++) {
        size_t n = strlen(fam[i]);
        if (strncmp(k, fam[i], n) == 0)
            return !(k[n] >= 'x' && k[n] <= 'z' && k[n + 1] == '\0');
    }
    return 0;
}

/* Checks what dispatch trusts: argument slots inside the kernarg segment, known dimension
   suffixes, segment sizes a gfx11 workgroup can have. */
static int r3_check_kernel(const r3_kernel *kern, char *err, size_t errsize)
{
    const r3_kd *kd = &kern->kd;
    if (kern->kernarg_size > 65536 || kd->kernarg_size > 65536) {
        snprintf(err, errsize, "kernel '%s': kernarg_segment_size %u is larger than 65536", kern->name,
                 kern->kernarg_size > kd->kernarg_size ? kern->kernarg_size : kd->kernarg_size);
        return -1;
    }
    if (kern->group_segment_fixed_size > 65536 || kd->group_segment_fixed_size > 65536) {
        snprintf(err, errsize, "kernel '%s': group_segment_fixed_size %u is more LDS than a gfx11 workgroup has (65536)",
                 kern->name, kern->group_segment_fixed_size > kd->group_segment_fixed_size ? kern->group_segment_fixed_size
                                                                                            : kd->group_segment_fixed_size);
        return -1;
    }
    uint32_t ksize = kern->kernarg_size ? kern->kernarg_size : kd->kernarg_size;
    for (int i = 0; i < kern->nargs; i++) {
        const r3_kernel_arg *a = &kern->args[i];
        if (r3_bad_dim_kind(a->value_kind)) {
            snprintf(err, errsize, "kernel '%s': argument %d: unknown .value_kind '%s'", kern->name, i, a->value_kind);
            return -1;
        }
        if ((uint64_t)a->offset + a->size > ksize) {
            snprintf(err, errsize, "kernel '%s': argument %d (.offset %u, .size %u) lies outside the %u-byte kernarg segment",
                     kern->name, i, a->offset, a->size, ksize);
            return -1;
        }
    }
    return 0;
}

enum { R3_SHT_RELA = 4, R3_R_AMDGPU_NONE = 0, R3_R_AMDGPU_RELATIVE64 = 13 };
/* A load image spanning more than this is refused rather than allocated (clang's images are
   kilobytes; a program-scope array in .bss may make them megabytes). */
#define R3_IMAGE_MAX (256ull << 20)

/* The load image: every SHF_ALLOC section's file contents and where they go (NOBITS sections are
   zeroes), and the dynamic relocations of the RELA sections among them. Global variables and
   constant tables of OpenCL programs live there and are reached PC-relatively, so the image must be
   device memory. The host copy holds only file bytes, so it is never larger than the file. */
static int r3_build_image(const elf64_file *elf, const uint8_t *data, r3_codeobj *co, char *err, size_t errsize)
{
    uint64_t end = 0, bytes = 0;
    size_t nrel = 0;
    int npieces = 0;
    for (int i = 0; i < elf->nsecs; i++) {
        const elf64_section *s = &elf->secs[i];
        if (!(s->flags & ELF64_SHF_ALLOC))
            continue;
        if (s->addr > R3_IMAGE_MAX || s->size > R3_IMAGE_MAX - s->addr) {
            snprintf(err, errsize, "section '%s' lies beyond the %llu-byte load image limit", s->name,
                     (unsigned long long)R3_IMAGE_MAX);
            return -1;
        }
        if (s->addr + s->size > end)
            end = s->addr + s->size;
        if (s->type == ELF64_SHT_NOBITS || !s->size)
            continue;
        if (s->size > (uint64_t)elf->size || s->offset > (uint64_t)elf->size - s->size) {
            snprintf(err, errsize, "section '%s' lies outside the file", s->name);
            return -1;
        }
        bytes += s->size;
        npieces++;
        if (s->type == R3_SHT_RELA)
            nrel += (size_t)(s->size / 24);
    }
    co->image_size = end;
    co->image = malloc(bytes ? (size_t)bytes : 1);
    co->pieces = calloc(npieces ? (size_t)npieces : 1, sizeof *co->pieces);
    co->relocs = calloc(nrel ? nrel : 1, sizeof *co->relocs);
    if (!co->image || !co->pieces || !co->relocs) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    uint64_t from = 0;
    for (int i = 0; i < elf->nsecs; i++) {
        const elf64_section *s = &elf->secs[i];
        if (!(s->flags & ELF64_SHF_ALLOC) || s->type == ELF64_SHT_NOBITS || !s->size)
            continue;
        memcpy(co->image + from, data + s->offset, (size_t)s->size);
        co->pieces[co->npieces++] = (r3_image_piece){s->addr, s->size, from};
        from += s->size;
        if (s->type != R3_SHT_RELA)
            continue;
        for (uint64_t at = 0; at + 24 <= s->size; at += 24) {
            const uint8_t *r = data + s->offset + at;
            uint64_t offset = le_get(r, 8), info = le_get(r + 8, 8);
            uint32_t type = (uint32_t)info;
            if (type == R3_R_AMDGPU_NONE)
                continue;
            if (type != R3_R_AMDGPU_RELATIVE64) {
                snprintf(err, errsize, "dynamic relocation type %u at 0x%llx is not supported (only R_AMDGPU_RELATIVE64)",
                         type, (unsigned long long)offset);
                return -1;
            }
            if (offset > end || end - offset < 8) {
                snprintf(err, errsize, "dynamic relocation at 0x%llx lies outside the load image",
                         (unsigned long long)offset);
                return -1;
            }
            co->relocs[co->nrelocs].offset = offset;
            co->relocs[co->nrelocs].addend = (int64_t)le_get(r + 16, 8);
            co->nrelocs++;
        }
    }
    return 0;
}

void r3_codeobj_place(const r3_codeobj *co, uint64_t base, uint8_t *dst)
{
    for (int i = 0; i < co->npieces; i++)
        memcpy(dst + co->pieces[i].addr, co->image + co->pieces[i].from, (size_t)co->pieces[i].size);
    for (size_t i = 0; i < co->nrelocs; i++)
        le_put(dst + co->relocs[i].offset, base + (uint64_t)co->relocs[i].addend, 8);
}

int r3_codeobj_load(const uint8_t *data, size_t size, r3_codeobj *co, char *err, size_t errsize)
{
    memset(co, 0, sizeof *co);
    elf64_file elf;
    char (*symbols)[160] = NULL;
    if (elf64_parse(data, size, &elf, err, errsize))
        return -1;
    int rc = -1;
    if (elf.machine != R3_EM_AMDGPU) {
        snprintf(err, errsize, "not an AMDGPU code object (ELF machine %u)", elf.machine);
        goto out;
    }
    co->mach = elf.flags & 0xff;
    if (co->mach < 0x41 || co->mach > 0x4a) {
        snprintf(err, errsize, "code object is for another GPU (e_flags mach 0x%x); gfx11 expected", co->mach);
        goto out;
    }
    const elf64_section *text = NULL, *note = NULL;
    for (int i = 0; i < elf.nsecs; i++) {
        if ((elf.secs[i].flags & ELF64_SHF_EXECINSTR) && elf.secs[i].type != ELF64_SHT_NOBITS && !text)
            text = &elf.secs[i];
        if (elf.secs[i].type == ELF64_SHT_NOTE && !note)
            note = &elf.secs[i];
    }
    if (!text || !note) {
        snprintf(err, errsize, "code object has no %s", text ? "metadata note" : "code section");
        goto out;
    }
    if (r3_parse_metadata(data + note->offset, (size_t)note->size, co, &symbols, err, errsize))
        goto out;
    if (r3_build_image(&elf, data, co, err, errsize))
        goto out;
    co->code_addr = text->addr;
    co->code_size = text->size & ~3ull;
    co->code = malloc(co->code_size ? (size_t)co->code_size : 1);
    if (!co->code) {
        snprintf(err, errsize, "out of memory");
        goto out;
    }
    memcpy(co->code, data + text->offset, (size_t)co->code_size);
    for (int k = 0; k < co->nkernels; k++) {
        r3_kernel *kern = &co->kernels[k];
        const elf64_symbol *kd = NULL;
        for (int s = 0; s < elf.nsyms && !kd; s++)
            if (strcmp(elf.syms[s].name, symbols[k]) == 0)
                kd = &elf.syms[s];
        if (!kd || kd->shndx == 0 || kd->shndx >= elf.nsecs) {
            snprintf(err, errsize, "kernel '%s': descriptor symbol '%s' not found", kern->name, symbols[k]);
            goto out;
        }
        const elf64_section *sec = &elf.secs[kd->shndx];
        if (kd->value < sec->addr || kd->value - sec->addr > sec->size || sec->size - (kd->value - sec->addr) < 64 ||
            sec->type == ELF64_SHT_NOBITS) {
            snprintf(err, errsize, "kernel '%s': descriptor outside its section", kern->name);
            goto out;
        }
        r3_kd_decode(data + sec->offset + (kd->value - sec->addr), &kern->kd);
        kern->kd_addr = kd->value;
        kern->code_addr = kd->value + (uint64_t)kern->kd.entry_offset;
        if (kern->code_addr < co->code_addr || kern->code_addr - co->code_addr >= co->code_size ||
            (kern->code_addr & 3)) {
            snprintf(err, errsize, "kernel '%s': entry point outside the code", kern->name);
            goto out;
        }
        if (r3_check_kernel(kern, err, errsize))
            goto out;
        /* the descriptor's properties decide the wave size */
        kern->wave64 = !(kern->kd.properties & (1u << 10));
        if (!kern->kernarg_size)
            kern->kernarg_size = kern->kd.kernarg_size;
        if (!kern->group_segment_fixed_size)
            kern->group_segment_fixed_size = kern->kd.group_segment_fixed_size;
        if (!kern->private_segment_fixed_size)
            kern->private_segment_fixed_size = kern->kd.private_segment_fixed_size;
    }
    if (r3_predecode(co, err, errsize))
        goto out;
    rc = 0;
out:
    free(symbols);
    elf64_free(&elf);
    if (rc)
        r3_codeobj_free(co);
    return rc;
}

void r3_codeobj_free(r3_codeobj *co)
{
    for (int k = 0; k < co->nkernels; k++)
        free(co->kernels[k].args);
    free(co->kernels);
    free(co->image);
    free(co->pieces);
    free(co->relocs);
    free(co->code);
    free(co->insts);
    free(co->insts64);
    free(co->index);
    memset(co, 0, sizeof *co);
}

const r3_kernel *r3_codeobj_kernel(const r3_codeobj *co, const char *name)
{
    for (int k = 0; k < co->nkernels; k++)
        if (strcmp(co->kernels[k].name, name) == 0)
            return &co->kernels[k];
    return NULL;
}
