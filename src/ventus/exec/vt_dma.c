/* The asynchronous copies of seed 003 ("自定义异步数据拷贝指令"): cp_dma (per thread, 4/8/16 bytes, the part
   beyond the source size zero-filled), cp_dma_bulk (a warp's large copy, 16-byte aligned), cp_dma_tensor
   (a box of a tensor of up to 5 dimensions, described in two vector registers) and cp_dma_mbarrier
   (wait for the warp's copies and for the group of 4 warps, vt_sync25.c). The simulator completes a
   copy when the instruction executes, so the wait is the group barrier alone. Destinations are shared
   memory (the LDS window, absolute addresses); docs/isa-notes-ventus.md gives the field choices. */
#include "vt_ops.h"

#include <string.h>

/* Copies n bytes within device memory, 4 bytes at a time when both ends allow (an LDS page is 4 KiB). */
static int vt_dma_copy(vt_group *g, vt_warp *w, uint32_t dst, uint32_t src, uint32_t n)
{
    for (uint32_t i = 0; i < n;) {
        uint32_t step = !((dst + i) & 3) && !((src + i) & 3) && n - i >= 4 ? 4 : 1;
        const uint8_t *s = vt_mem_at(g, src + i, step);
        uint8_t *d = vt_mem_at(g, dst + i, step);
        if (!s || !d)
            return vt_fault(g, w, "DMA copy from 0x%08x to 0x%08x outside memory", src + i, dst + i);
        memmove(d, s, step);
        i += step;
    }
    return 0;
}

/* One byte of a destination (0, or -1 after a fault). */
static int vt_dma_fill(vt_group *g, vt_warp *w, uint32_t addr, uint8_t v)
{
    uint8_t *p = vt_mem_at(g, addr, 1);
    if (!p)
        return vt_fault(g, w, "DMA fill at 0x%08x outside memory", addr);
    *p = v;
    return 0;
}

static int vt_in_lds(const vt_group *g, uint32_t addr, uint32_t n)
{
    return addr - VT_LDS_BASE < g->lds_size && n <= g->lds_size - (addr - VT_LDS_BASE);
}

/* per lane: shared[vd] = global[vs1] for vs2 (srcsize) bytes, then zeros up to the copy size */
int vt_x_cp_dma(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t size = 4u << (in->word >> 25 & 3), act = w->mask & vt_vl_mask(w);
    const uint32_t *dst = vt_vreg(g, w, in->rd), *src = vt_vreg(g, w, in->rs1), *len = vt_vreg(g, w, in->rs2);
    VT_FOR_LANES(g, act, l)
    {
        if (len[l] > size)
            return vt_fault(g, w, "cp_dma source size %u above the copy size %u (lane %u)", len[l], size, l);
        if (!vt_in_lds(g, dst[l], size))
            return vt_fault(g, w, "cp_dma destination 0x%08x (lane %u) is not shared memory", dst[l], l);
        if (vt_dma_copy(g, w, dst[l], src[l], len[l]))
            return -1;
        for (uint32_t i = len[l]; i < size; i++)
            if (vt_dma_fill(g, w, dst[l] + i, 0))
                return -1;
    }
    return 0;
}

/* shared[rd] = global[rs1] for rs2 bytes; all three 16-byte aligned, the size 16 .. 2^32 - 16 */
int vt_x_cp_dma_bulk(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t dst = w->x[in->rd], src = w->x[in->rs1], n = w->x[in->rs2];
    if ((dst | src | n) & 15 || !n)
        return vt_fault(g, w, "cp_dma_bulk needs 16-byte aligned addresses and size (0x%08x, 0x%08x, %u)", dst, src, n);
    if (!vt_in_lds(g, dst, n))
        return vt_fault(g, w, "cp_dma_bulk destination 0x%08x + %u is not shared memory", dst, n);
    return vt_dma_copy(g, w, dst, src, n);
}

/* The NaN an out-of-bounds element gets with oobfill = 1, by element size. */
static uint64_t vt_oob_nan(uint32_t esize)
{
    return esize == 1 ? 0x7f : esize == 2 ? 0x7e00 : esize == 4 ? 0x7fc00000u : 0x7ff8000000000000ull;
}

/* shared[rd..] = the box of the tensor: vs1 lanes 0-12 (datatype, rank, global address, dims 1-5,
   strides of dims 2-5 and one unused), vs2 lanes 0-14 (box address, box dims 1-5, element strides
   1-5, interleave, swizzle, L2 promotion, oobfill); the box lands densely, dimension 1 fastest */
int vt_x_cp_dma_tensor(vt_group *g, vt_warp *w, const vt_inst *in)
{
    if (g->numt < 16)
        return vt_fault(g, w, "cp_dma_tensor reads 15 lanes of its descriptors: a warp of %u lanes is too narrow",
                        g->numt);
    const uint32_t *t = vt_vreg(g, w, in->rs1), *b = vt_vreg(g, w, in->rs2);
    uint32_t dtype = t[0], rank = t[1], gaddr = t[2], dst = w->x[in->rd];
    if (dtype > 3 || rank < 1 || rank > 5 || b[11] || b[12] || b[14] > 1)
        return vt_fault(g, w, "cp_dma_tensor: datatype %u, rank %u, interleave %u, swizzle %u, oobfill %u not supported",
                        dtype, rank, b[11], b[12], b[14]);
    uint32_t esize = 1u << dtype, dim[5], stride[5], box[5], estr[5], cnt[5], c[5];
    uint64_t total = 1;
    for (uint32_t d = 0; d < 5; d++) {
        int used = d < rank;
        dim[d] = used ? t[3 + d] : 1;
        stride[d] = d == 0 ? esize : used ? t[8 + d - 1] : 0;
        box[d] = used ? b[1 + d] : 1;
        estr[d] = used ? b[6 + d] : 1;
        if (!dim[d] || !box[d] || box[d] > 256 || !estr[d] || estr[d] > 8 || (d && used && stride[d] & 15))
            return vt_fault(g, w, "cp_dma_tensor: dimension %u (size %u, stride %u, box %u, element stride %u) invalid",
                            d + 1, dim[d], stride[d], box[d], estr[d]);
        cnt[d] = (box[d] + estr[d] - 1) / estr[d];
        total *= cnt[d];
    }
    /* the box origin's coordinates from its address */
    uint32_t off = b[0] - gaddr;
    if (b[0] < gaddr || off % esize)
        return vt_fault(g, w, "cp_dma_tensor: box address 0x%08x is not an element of the tensor at 0x%08x", b[0], gaddr);
    for (uint32_t d = rank; d-- > 1;) {
        c[d] = off / stride[d];
        off %= stride[d];
    }
    c[0] = off / esize;
    for (uint32_t d = rank; d < 5; d++)
        c[d] = 0;
    if (!vt_in_lds(g, dst, (uint32_t)(total * esize)) || total * esize > 0xffffffffu)
        return vt_fault(g, w, "cp_dma_tensor destination 0x%08x + %llu bytes is not shared memory", dst,
                        (unsigned long long)(total * esize));
    for (uint64_t i = 0; i < total; i++) {
        uint64_t rest = i, src = gaddr;
        int inside = 1;
        for (uint32_t d = 0; d < 5; d++) {
            uint64_t gc = c[d] + rest % cnt[d] * estr[d];
            rest /= cnt[d];
            inside &= gc < dim[d];
            src += gc * stride[d];
        }
        uint32_t to = dst + (uint32_t)(i * esize);
        if (inside && src + esize <= 0x100000000ull) {
            if (vt_dma_copy(g, w, to, (uint32_t)src, esize))
                return -1;
            continue;
        }
        uint64_t fill = b[14] ? vt_oob_nan(esize) : 0;
        for (uint32_t k = 0; k < esize; k++)
            if (vt_dma_fill(g, w, to + k, (uint8_t)(fill >> 8 * k)))
                return -1;
    }
    return 0;
}

/* waits until the warp's copies are done (they are) and the 4 warps of its group arrived */
int vt_x_cp_dma_mbarrier(vt_group *g, vt_warp *w, const vt_inst *in)
{
    (void)in;
    if (!vt_subbar_arrive(g, w, 4))
        w->npc = w->pc;
    return 0;
}
