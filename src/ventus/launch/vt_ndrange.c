/* NDRange launches of a user's kernel the way the Ventus pocl device makes them: the ELF loaded, the
   NDRange metadata buffer and private memory allocated, the warp shape chosen. */
#include "vt_ndrange.h"

#include <stdio.h>
#include <string.h>

#include "common/elf32.h"
#include "common/le.h"
#include "ventus/codec/vt_asm.h"
#include "ventus/exec/vt_exec.h"

uint64_t vt_heap_alloc(vt_heap *h, uint64_t size)
{
    uint64_t rounded = (size + 4095) & ~4095ull;
    if (!rounded)
        rounded = 4096;
    if (h->next < VT_ALLOC_BASE)
        h->next = VT_ALLOC_BASE;
    if (h->next + rounded > 0x100000000ull || core_mem_alloc_at(h->mem, h->next, rounded))
        return 0;
    uint64_t at = h->next;
    h->next += rounded;
    return at;
}

int vt_load_elf(core_mem *mem, const uint8_t *image, size_t size, uint32_t *entry, uint32_t *extent, char *err,
                size_t errsize)
{
    *extent = 0;
    elf32_file elf;
    if (elf32_parse(image, size, &elf, err, errsize))
        return -1;
    int rc = 0;
    if (elf.machine != ELF32_EM_RISCV) {
        snprintf(err, errsize, "not a RISC-V ELF file");
        rc = -1;
    } else if (vt_mem_ensure(mem, VT_CODE_BASE, VT_CODE_REGION)) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
    }
    for (int i = 0; !rc && i < elf.nsegs; i++) {
        const elf32_segment *s = &elf.segs[i];
        uint8_t *p = s->vaddr >= VT_CODE_BASE && s->vaddr - VT_CODE_BASE + (uint64_t)s->memsz <= VT_CODE_REGION
                         ? core_mem_ptr(mem, s->vaddr, s->memsz) : NULL;
        if (!p || s->filesz > s->memsz || (uint64_t)s->offset + s->filesz > size) {
            snprintf(err, errsize, "segment at 0x%x (%u bytes) is outside the code region 0x%x..0x%x", s->vaddr,
                     s->memsz, VT_CODE_BASE, VT_CODE_BASE + VT_CODE_REGION);
            rc = -1;
        } else {
            memcpy(p, image + s->offset, s->filesz);
            memset(p + s->filesz, 0, s->memsz - s->filesz);
            if (s->vaddr - VT_CODE_BASE + s->memsz > *extent)
                *extent = s->vaddr - VT_CODE_BASE + s->memsz;
        }
    }
    if (!rc && !elf.nsegs) {
        snprintf(err, errsize, "no loadable segment");
        rc = -1;
    }
    *entry = elf.entry;
    elf32_free(&elf);
    return rc;
}

int vt_elf_symbol(const uint8_t *image, size_t size, const char *name, uint32_t *value, char *err, size_t errsize)
{
    elf32_file elf;
    if (elf32_parse(image, size, &elf, err, errsize))
        return -1;
    int found = 0;
    for (int i = 0; i < elf.nsyms && !found; i++)
        if (strcmp(elf.syms[i].name, name) == 0 && elf.syms[i].shndx != 0) {
            *value = elf.syms[i].value;
            found = 1;
        }
    elf32_free(&elf);
    if (!found)
        snprintf(err, errsize, "no kernel '%s' in the file's symbols", name);
    return found ? 0 : -1;
}

int vt_ndrange_shape(vt_ndrange *r, uint32_t work_dim, const uint64_t global[3], const uint64_t local[3],
                     const uint64_t offset[3], char *err, size_t errsize)
{
    r->work_dim = work_dim;
    for (int d = 0; d < 3; d++) {
        if (global[d] > 0xffffffffu || local[d] > 0xffffffffu || offset[d] > 0xffffffffu)
            return snprintf(err, errsize, "sizes and offsets must fit 32 bits (dimension %d)", d), -1;
        r->global[d] = (uint32_t)global[d];
        r->local[d] = (uint32_t)local[d];
        r->offset[d] = (uint32_t)offset[d];
    }
    return 0;
}

int vt_ndrange_prepare(vt_heap *h, const vt_ndrange *r, vt_meta *m, char *err, size_t errsize)
{
    if (r->work_dim < 1 || r->work_dim > 3)
        return snprintf(err, errsize, "work_dim %u: 1 to 3", r->work_dim), -1;
    uint64_t items = 1, groups = 1;
    for (int d = 0; d < 3; d++) {
        if (!r->global[d] || !r->local[d])
            return snprintf(err, errsize, "sizes must be at least 1 in every dimension"), -1;
        if (r->global[d] % r->local[d]) /* OpenCL 1.2: pocl's Ventus device runs whole work-groups */
            return snprintf(err, errsize, "global size %u is not a multiple of local size %u (dimension %d): the "
                            "Ventus device runs whole work-groups", r->global[d], r->local[d], d), -1;
        items *= r->local[d];
        groups *= r->global[d] / r->local[d];
        /* checked at each step: three 32-bit factors would overflow 64 bits */
        if (groups > 0xffffffffu)
            return snprintf(err, errsize, "more than 2^32 - 1 work-groups"), -1;
        if (items > 1024)
            return snprintf(err, errsize, "a work-group of more than 1024 work-items"), -1;
    }
    uint32_t wf = r->threads_per_warp;
    if (!wf) /* warps of equal width covering the work-group exactly */
        for (wf = VT_MAX_LANES; items % wf; wf /= 2)
            ;
    if (wf > VT_MAX_LANES || (wf & (wf - 1)) || items % wf)
        return snprintf(err, errsize, "%u threads per warp: a power of two up to %d that divides the work-group size "
                        "(%llu)", wf, VT_MAX_LANES, (unsigned long long)items), -1;
    uint32_t warps = (uint32_t)(items / wf);
    /* pocl's order after the argument buffer: private memory (4 KiB per work-item of the whole
       NDRange, capped at VT_PDS_CAP as pocl caps it; a work-group past the cap that touches its
       private memory faults), then the 64-byte metadata buffer */
    uint64_t pds_bytes = groups * items * VT_PDS_PER_ITEM;
    if (pds_bytes > VT_PDS_CAP)
        pds_bytes = VT_PDS_CAP;
    uint64_t pds = vt_heap_alloc(h, pds_bytes);
    uint64_t knl = pds ? vt_heap_alloc(h, 64) : 0;
    uint8_t *meta = knl ? core_mem_ptr(h->mem, knl, 64) : NULL;
    if (!meta)
        return snprintf(err, errsize, "device memory exhausted (%llu bytes of private memory and the metadata)",
                        (unsigned long long)pds_bytes), -1;
    /* the metadata buffer (seed 003): KNL_ENTRY, KNL_ARG_BASE, KNL_WORK_DIM, global, local, offset,
       KNL_PRINT_ADDR, KNL_PRINT_SIZE, 4 bytes each */
    le_put(meta + 0, r->entry, 4);
    le_put(meta + 4, r->arg_base, 4);
    le_put(meta + 8, r->work_dim, 4);
    for (int d = 0; d < 3; d++) {
        le_put(meta + 12 + 4 * d, r->global[d], 4);
        le_put(meta + 24 + 4 * d, r->local[d], 4);
        le_put(meta + 36 + 4 * d, r->offset[d], 4);
    }
    le_put(meta + 48, r->print_addr, 4);
    le_put(meta + 52, r->print_size, 4);
    memset(m, 0, sizeof *m);
    m->has_pc = 1;
    m->start_pc = r->start_pc;
    /* the program as the one buffer of the launch, so that only it is predecoded */
    m->nbuf = 1;
    m->base[0] = VT_CODE_BASE;
    m->size[0] = m->alloc[0] = r->code_bytes;
    for (int d = 0; d < 3; d++)
        m->kernel_size[d] = r->global[d] / r->local[d];
    m->wf_size = wf;
    m->wg_size = warps;
    m->knl_base = knl;
    m->lds_size = VT_LDS_SIZE;
    m->pds_size = VT_PDS_PER_ITEM;
    m->pds_base = pds;
    return 0;
}
