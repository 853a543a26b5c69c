/* RDNA3 DS instructions: LDS (or, with the GDS bit, GDS) loads, stores and atomics, the
   two-address forms, lane swizzles and permutes, append/consume, and the device-wide GWS barriers,
   semaphores and ordered count of seed 004, which park a wave until its turn comes. */
#include <stdint.h>
#include <string.h>

#include "r3_exec.h"
#include "r3_sync.h"
#include "r3_vmem.h"


/* The operand fields r3_xop_fill extracted for DS: OFFSET0 | OFFSET1 << 8 and its two bytes. */
static uint32_t r3_ds_offset(const r3_xop *x)
{
    return (uint32_t)x->mem_offset;
}

static uint32_t r3_ds_offset0(const r3_xop *x)
{
    return (uint32_t)x->mem_offset & 0xffu;
}

static uint32_t r3_ds_offset1(const r3_xop *x)
{
    return (uint32_t)x->mem_offset >> 8;
}

static uint32_t r3_ds_addr(const r3_wave *w, const r3_xop *x, int lane)
{
    return r3_vrow(w, x->src[0])[lane] + r3_ds_offset(x);
}

/* The bytes [addr, addr + n) in LDS, or with the GDS bit in the GDS window M0 describes (M0[31:16]
   its base, M0[15:0] its size in bytes: RDNA3 guide 12.6 and the GDS column of 13.4.3); NULL out
   of range (stores are dropped, loads read 0). */
static uint8_t *r3_ds_mem(r3_wave *w, const r3_xop *x, uint64_t addr, uint32_t n)
{
    if (x->ds_gds) {
        uint32_t m0 = w->sgpr[125], base = m0 >> 16, size = m0 & 0xffffu;
        if (addr + n > size || base + addr + n > R3_GDS_BYTES)
            return NULL;
        return w->group->sync->gds + base + addr;
    }
    return r3_lds_bytes(w, addr, n);
}

/* GDS is one lane wide: with the GDS bit an instruction acts for the lowest active lane only, and
   for none with EXEC 0 (RDNA3 guide 12.6 and 13.4.2 = seed 004). r3_gds_lane narrows EXEC for the
   instruction (returning the wave's EXEC), r3_gds_done restores it. */
static uint64_t r3_gds_lane(r3_wave *w, const r3_xop *x)
{
    uint64_t mask = r3_exec_mask(w);
    if (x->ds_gds)
        r3_set_exec(w, mask & (0 - mask));
    return mask;
}

static void r3_gds_done(r3_wave *w, const r3_xop *x, uint64_t mask)
{
    if (x->ds_gds)
        r3_set_exec(w, mask);
}

/* An instruction function that honours the one-lane rule of GDS. */
#define DS_OP(name, call)                        \
    OP(name)                                     \
    {                                            \
        uint64_t saved_exec = r3_gds_lane(w, x); \
        call;                                    \
        r3_gds_done(w, x, saved_exec);           \
    }

/* M0[15:0]: the base address of append/consume and the add-TID forms. */
static uint32_t r3_ds_m0_base(const r3_wave *w)
{
    return w->sgpr[125] & 0xffffu;
}

/* The LDS (or GDS) bytes of lane l at ADDR + OFFSET. */
static uint8_t *r3_ds_lane(r3_wave *w, const r3_xop *x, int l, unsigned bytes)
{
    return r3_ds_mem(w, x, r3_ds_addr(w, x, l), bytes);
}

/* Fast path for LDS loads and stores of whole dwords (no GDS): the fields read once, every lane's
   bytes found before anything moves (out of range: loads read 0, stores are dropped, as in
   r3_ds_mem), then the moves. Returns 0 when it does not apply. */
LANES_MULTIVERSION static int r3_ds_dwords(r3_wave *w, const r3_xop *x, unsigned bytes, int store)
{
    if (!w->group->fast_paths || bytes % 4 || x->ds_gds)
        return 0;
    uint64_t mask = r3_exec_mask(w);
    const uint32_t *addr = r3_vrow(w, x->src[0]);
    uint32_t off = r3_ds_offset(x), size = w->group->lds_size;
    uint8_t *lds = w->group->lds, *at[R3_MAX_LANES];
    unsigned reg = store ? x->src[1] : x->vdst;
    if (w->fast32 && mask == 0xffffffffu) {
        /* every lane of a 32-lane wave: when the highest address is inside the LDS, so is every
           lane's (no 32-bit wrap either), and no lane needs a test; at consecutive dwords (a row of
           a tile, a reduction's slots) the data moves as one block */
        uint32_t top = 0, seq = 1;
        for (int l = 0; l < 32; l++) {
            top = addr[l] > top ? addr[l] : top;
            seq &= addr[l] == addr[0] + 4u * (uint32_t)l;
        }
        if ((uint64_t)top + off + bytes <= size) {
            if (seq && bytes == 4) {
                if (store)
                    memcpy(lds + addr[0] + off, r3_vrow(w, reg), 32 * 4);
                else
                    memcpy(r3_vrow_w(w, reg), lds + addr[0] + off, 32 * 4);
                return 1;
            }
            for (int l = 0; l < 32; l++)
                at[l] = lds + addr[l] + off;
            r3_dword_moves(w, mask, at, reg, bytes / 4, store, 0);
            return 1;
        }
    }
    for (int l = 0; l < w->lanes; l++) {
        uint32_t a = addr[l] + off; /* 32-bit, as r3_ds_addr */
        at[l] = (uint64_t)a + bytes <= size ? lds + a : NULL;
    }
    r3_dword_moves(w, mask, at, reg, bytes / 4, store, 1);
    return 1;
}

static void r3_ds_load(r3_wave *w, const r3_xop *x, unsigned bytes, int sext, int d16, int hi)
{
    if (!d16 && !hi && r3_ds_dwords(w, x, bytes, 0))
        return;
    r3_lane_moves(w, x, r3_ds_lane, bytes, 0, sext, d16, hi);
}

static void r3_ds_store(r3_wave *w, const r3_xop *x, unsigned bytes, int hi)
{
    if (!hi && r3_ds_dwords(w, x, bytes, 1))
        return;
    r3_lane_moves(w, x, r3_ds_lane, bytes, 1, 0, 0, hi);
}

/* The LDS dword at a (a 32-bit address), or 0 when it is not all inside the LDS (as r3_ds_mem). */
R3_INLINE uint32_t r3_ds_dword_or_0(const uint8_t *lds, uint32_t lds_size, uint32_t a)
{
    uint32_t v = 0;
    if ((uint64_t)a + 4 <= lds_size)
        memcpy(&v, lds + a, 4);
    return v;
}

/* Eight lanes of ds_load_2addr_b32 from b0: on consecutive dwords, two 32-byte blocks; with
   `broadcast`, all on the dword at b0 (a row broadcast), each value in the eight lanes, read as the
   32 bytes from it with its lane 0 put everywhere (a load and a broadcast, where a dword through a
   general register became a chain of inserts). Either way the caller has checked 32 bytes. */
R3_INLINE void r3_ds_row_move(const uint8_t *lds, uint32_t b0, uint32_t o0, uint32_t o1, uint32_t *t0, uint32_t *t1,
                              int broadcast)
{
    lanes_u32x8 v0, v1; /* (8-lane vectors: one load and one store per move, each load forwarded from
                           a store of the same width) */
    memcpy(&v0, lds + b0 + o0, sizeof v0);
    memcpy(&v1, lds + b0 + o1, sizeof v1);
    if (broadcast) {
        v0 = LANES_BROADCAST8(v0);
        v1 = LANES_BROADCAST8(v1);
    }
    memcpy(t0, &v0, sizeof v0);
    memcpy(t1, &v1, sizeof v1);
}

/* Fast path of ds_load_2addr_b32 (and its stride64 form) for 32 active lanes, in groups of 8 lanes.
   Tiled kernels read rows of LDS: a group on consecutive dwords moves as two 32-byte blocks, a group
   on one dword (a row broadcast) as two broadcasts, after a range test; other groups go lane by lane
   (a dword outside LDS reads 0; addresses wrap at 32 bits, as r3_ds_addr). A tiled kernel's load has
   one pattern in all four groups, so that is tested first for the four at once, then group by
   group. All addresses are read before a result is written: VDST may be ADDR. Inline in the
   instruction functions (both builds, common/lanes.h), so no call between builds. Returns 0 when
   the instruction is not of this shape. */
R3_INLINE int r3_ds_load2_rows(r3_wave *w, const r3_xop *x, uint32_t stride)
{
    if (!w->fast32 || w->sgpr[126] != 0xffffffffu || x->ds_gds)
        return 0;
    static const lanes_u32x8 step = {0, 4, 8, 12, 16, 20, 24, 28};
    const uint8_t *lds = w->group->lds;
    uint32_t lds_size = w->group->lds_size;
    const uint32_t *base = r3_vrow(w, x->src[0]);
    uint32_t *t0 = r3_vrow_w(w, x->vdst), *t1 = r3_vrow_w(w, x->vdst + 1u);
    uint32_t o0 = r3_ds_offset0(x) * 4 * stride, o1 = r3_ds_offset1(x) * 4 * stride, hi = o0 > o1 ? o0 : o1;
    /* (the four groups as four named vectors, which GCC keeps in registers; arrays of vectors it
       moved through the stack in halves) */
    lanes_u32x8 ba, bb, bc, bd;
    memcpy(&ba, base, sizeof ba);
    memcpy(&bb, base + 8, sizeof bb);
    memcpy(&bc, base + 16, sizeof bc);
    memcpy(&bd, base + 24, sizeof bd);
    uint32_t b0[4] = {ba[0], bb[0], bc[0], bd[0]};
    uint32_t top = b0[0] > b0[1] ? b0[0] : b0[1], top2 = b0[2] > b0[3] ? b0[2] : b0[3];
    top = top > top2 ? top : top2;
    int fits = (uint64_t)top + hi + 32 <= lds_size; /* every group's 32 bytes at both offsets */
    lanes_u32x8 any = ((ba - (b0[0] + step)) | (bb - (b0[1] + step))) | ((bc - (b0[2] + step)) | (bd - (b0[3] + step)));
    if (fits && lanes_all_zero8(&any)) {
        for (int g = 0; g < 4; g++)
            r3_ds_row_move(lds, b0[g], o0, o1, t0 + 8 * g, t1 + 8 * g, 0);
        return 1;
    }
    any = ((ba - b0[0]) | (bb - b0[1])) | ((bc - b0[2]) | (bd - b0[3]));
    if (fits && lanes_all_zero8(&any)) {
        for (int g = 0; g < 4; g++)
            r3_ds_row_move(lds, b0[g], o0, o1, t0 + 8 * g, t1 + 8 * g, 1);
        return 1;
    }
    uint32_t addr[32]; /* (mixed groups: every address copied out before a result overwrites ADDR) */
    memcpy(addr, &ba, sizeof ba);
    memcpy(addr + 8, &bb, sizeof bb);
    memcpy(addr + 16, &bc, sizeof bc);
    memcpy(addr + 24, &bd, sizeof bd);
    for (int g = 0; g < 32; g += 8) {
        lanes_u32x8 b, v0, v1;
        memcpy(&b, addr + g, sizeof b);
        uint32_t first = b[0];
        lanes_u32x8 off_consecutive = b - (first + step), off_uniform = b - first;
        int group_fits = (uint64_t)first + hi + 32 <= lds_size;
        if (group_fits && lanes_all_zero8(&off_consecutive)) {
            r3_ds_row_move(lds, first, o0, o1, t0 + g, t1 + g, 0);
        } else if (group_fits && lanes_all_zero8(&off_uniform)) {
            r3_ds_row_move(lds, first, o0, o1, t0 + g, t1 + g, 1);
        } else {
            for (int j = 0; j < 8; j++) {
                v0[j] = r3_ds_dword_or_0(lds, lds_size, b[j] + o0);
                v1[j] = r3_ds_dword_or_0(lds, lds_size, b[j] + o1);
            }
            memcpy(t0 + g, &v0, sizeof v0);
            memcpy(t1 + g, &v1, sizeof v1);
        }
    }
    return 1;
}

/* ds_load_2addr / ds_store_2addr: two elements at ADDR + OFFSET0 * size and ADDR + OFFSET1 * size
   (size scaled by 64 for the stride64 forms). */
static void r3_ds_2addr(r3_wave *w, const r3_xop *x, unsigned bytes, unsigned stride, int store)
{
    const r3_group *g = w->group;
    uint64_t mask = r3_exec_mask(w);
    unsigned words = bytes / 4;
    const uint32_t *base = r3_vrow(w, x->src[0]);
    uint32_t off[2] = {r3_ds_offset0(x) * bytes * stride, r3_ds_offset1(x) * bytes * stride};
    const uint8_t *lds = g->lds;
    uint32_t lds_size = g->lds_size;
    if (g->fast_paths && !store && words == 1 && !x->ds_gds) { /* fast path: the common case, free of aliasing reloads */
        uint32_t *t0 = r3_vrow_w(w, x->vdst), *t1 = r3_vrow_w(w, x->vdst + 1u);
        for (int l = 0; l < w->lanes; l++) {
            if (!(mask >> l & 1))
                continue;
            uint32_t b = base[l]; /* (read before t0 may overwrite it: VDST may be ADDR) */
            t0[l] = r3_ds_dword_or_0(lds, lds_size, b + off[0]);
            t1[l] = r3_ds_dword_or_0(lds, lds_size, b + off[1]);
        }
        return;
    }
    const uint32_t *from[2][2]; /* stores: the DATA0 and DATA1 registers of each element */
    uint32_t *to[2][2];         /* loads: VDST onwards */
    for (unsigned e = 0; e < 2; e++)
        for (unsigned k = 0; k < words; k++) {
            from[e][k] = r3_vrow(w, (e ? x->src[2] : x->src[1]) + k);
            to[e][k] = r3_vrow_w(w, x->vdst + e * words + k);
        }
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t lane_base = base[l]; /* read before the first element may overwrite it */
        for (int e = 0; e < 2; e++) {
            uint8_t *p = r3_ds_mem(w, x, (uint64_t)(uint32_t)(lane_base + off[e]), bytes);
            for (unsigned k = 0; k < words; k++) {
                if (store) {
                    if (p)
                        memcpy(p + 4 * k, &from[e][k][l], 4);
                } else {
                    uint32_t v = 0;
                    if (p)
                        memcpy(&v, p + 4 * k, 4);
                    to[e][k][l] = v;
                }
            }
        }
    }
}

/* A 32- or 64-bit operand of lane l from the VGPR pair (or single VGPR) at r. */
static uint64_t r3_ds_operand(const r3_wave *w, unsigned r, int wide, int l)
{
    uint64_t v = r3_vrow(w, r)[l];
    return wide ? v | (uint64_t)r3_vrow(w, r + 1)[l] << 32 : v;
}

static void r3_ds_result(r3_wave *w, unsigned r, int wide, int l, uint64_t v)
{
    r3_vrow_w(w, r)[l] = (uint32_t)v;
    if (wide)
        r3_vrow_w(w, r + 1)[l] = (uint32_t)(v >> 32);
}

/* Whether an n-byte atomic at addr is misaligned: a memory violation (guide 12.7: LDS and GDS
   "report Memory Violation (memviol) for misaligned atomics"), a fault as for buffer and global
   atomics. */
static int r3_ds_atomic_misaligned(r3_wave *w, int lane, uint32_t addr, unsigned n)
{
    if (addr % n == 0)
        return 0;
    r3_fault(w, "lane %d: misaligned %u-byte LDS atomic at 0x%x", lane, n, addr);
    return 1;
}

/* DS atomics: memory = op(memory, DATA0[, DATA1]), the old value to VDST for the _rtn forms. An
   access outside LDS is dropped (and returns 0); a misaligned one faults
   (r3_ds_atomic_misaligned). */
static void r3_ds_atomic(r3_wave *w, const r3_xop *x, r3_atomic op, int ret, int wide)
{
    uint64_t mask = r3_exec_mask(w);
    unsigned vd = x->vdst, d0 = x->src[1], d1 = x->src[2];
    unsigned n = wide ? 8 : 4, fp = r3_fp_rules(w, 1, wide);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t a = r3_ds_addr(w, x, l);
        if (r3_ds_atomic_misaligned(w, l, a, n))
            return;
        uint8_t *p = r3_ds_mem(w, x, a, n);
        uint64_t old = 0, v = r3_ds_operand(w, d0, wide, l), c = r3_ds_operand(w, d1, wide, l);
        if (p)
            old = wide ? r3_atomic64((uint64_t *)(void *)p, op, v, c, fp)
                       : r3_atomic32((uint32_t *)(void *)p, op, (uint32_t)v, (uint32_t)c, fp);
        if (ret)
            r3_ds_result(w, vd, wide, l, old);
    }
}

/* ds_storexchg_2addr_rtn: two exchanges at ADDR + OFFSET0 * size and ADDR + OFFSET1 * size (size
   times 64 for stride64), both old values to VDST. */
static void r3_ds_xchg2(r3_wave *w, const r3_xop *x, int wide, unsigned stride)
{
    uint64_t mask = r3_exec_mask(w);
    unsigned n = wide ? 8 : 4, vd = x->vdst;
    unsigned data[2] = {x->src[1], x->src[2]};
    uint32_t off[2] = {r3_ds_offset0(x) * n * stride, r3_ds_offset1(x) * n * stride};
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t base = r3_vrow(w, x->src[0])[l];
        uint64_t old[2] = {0, 0};
        for (int e = 0; e < 2; e++) {
            uint32_t a = base + off[e];
            if (r3_ds_atomic_misaligned(w, l, a, n))
                return;
            uint8_t *p = r3_ds_mem(w, x, a, n);
            uint64_t v = r3_ds_operand(w, data[e], wide, l);
            if (p)
                old[e] = wide ? r3_atomic64((uint64_t *)(void *)p, A_SWAP, v, 0, 0)
                              : r3_atomic32((uint32_t *)(void *)p, A_SWAP, (uint32_t)v, 0, 0);
        }
        for (int e = 0; e < 2; e++)
            r3_ds_result(w, vd + (unsigned)e * (wide ? 2u : 1u), wide, l, old[e]);
    }
}

/* ds_load/store with d16 and add-TID forms */
static void r3_ds_addtid(r3_wave *w, const r3_xop *x, int store)
{
    uint64_t mask = r3_exec_mask(w);
    unsigned reg = store ? x->src[1] : x->vdst;
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_ds_mem(w, x, (uint64_t)r3_ds_m0_base(w) + r3_ds_offset(x) + 4u * (unsigned)l, 4);
        if (store) {
            if (p)
                memcpy(p, &r3_vrow(w, reg)[l], 4);
        } else {
            uint32_t v = 0;
            if (p)
                memcpy(&v, p, 4);
            r3_vrow_w(w, reg)[l] = v;
        }
    }
}

/* ds_condxchg32_rtn_b64: at the 8-byte-aligned address, each dword is replaced by bits 30:0 of its
   DATA dword when that dword's bit 31 is set; the old dwords return to VDST. */
static void r3_ds_condxchg(r3_wave *w, const r3_xop *x)
{
    uint64_t mask = r3_exec_mask(w);
    unsigned vd = x->vdst, d0 = x->src[1];
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_ds_mem(w, x, r3_ds_addr(w, x, l) & ~7u, 8);
        for (unsigned k = 0; k < 2; k++) {
            uint32_t old = 0, v = r3_vrow(w, d0 + k)[l];
            if (p) {
                memcpy(&old, p + 4 * k, 4);
                if (v >> 31) {
                    v &= 0x7fffffffu;
                    memcpy(p + 4 * k, &v, 4);
                }
            }
            r3_vrow_w(w, vd + k)[l] = old;
        }
    }
}

/* The lane ds_swizzle_b32 lane l reads (RDNA3 guide 16.15, DS_SWIZZLE_B32 pseudocode), offset =
   {OFFSET1, OFFSET0}: at or above 0xe000 the FFT mode (bit-reversed lane within 32, shifted right by
   the popcount of mask OFFSET[4:0], the mask bits kept); at or above 0xc000 the rotate mode (by
   OFFSET[9:5] lanes, right when OFFSET[10] is set, the mask bits kept, wrapping at 32 lanes as the
   guide's examples do); else with OFFSET[15] a per-quad permutation (two bits per lane); else
   ((lane & and) | or) ^ xor within each 32 lanes. */
static unsigned r3_swizzle_lane(uint32_t off, unsigned l)
{
    unsigned half = l & 32u, i = l & 31u, m = off & 31u;
    if (off >= 0xe000u) {
        unsigned rev = 0;
        for (int b = 0; b < 5; b++)
            rev |= (i >> b & 1u) << (4 - b);
        return half | (rev >> __builtin_popcount(m)) | (i & m);
    }
    if (off >= 0xc000u) {
        unsigned rot = off >> 5 & 31u;
        unsigned moved = (off & 0x400u) ? i - rot : i + rot;
        return half | (i & m) | (moved & ~m & 31u);
    }
    if (off & 0x8000u)
        return (l & ~3u) | ((off >> (2 * (l & 3))) & 3u);
    return half | ((((i & off) | (off >> 5)) ^ (off >> 10)) & 31u);
}

/* ds_swizzle_b32: VDST = ADDR's VGPR of the lane r3_swizzle_lane picks; inactive sources read 0. */
static void r3_ds_swizzle(r3_wave *w, const r3_xop *x)
{
    uint32_t off = r3_ds_offset(x), out[R3_MAX_LANES];
    uint64_t mask = r3_exec_mask(w);
    const uint32_t *src = r3_vrow(w, x->src[0]);
    for (int l = 0; l < w->lanes; l++) {
        unsigned s = r3_swizzle_lane(off, (unsigned)l);
        out[l] = (mask >> s & 1) ? src[s] : 0;
    }
    uint32_t *d = r3_vrow_w(w, x->vdst);
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = out[l];
}

/* ds_permute_b32 (each lane sends DATA0 to lane (ADDR + OFFSET) / 4; unsent lanes get 0, the
   highest sender wins) and ds_bpermute_b32 (each lane reads DATA0 of lane (ADDR + OFFSET) / 4,
   0 from an inactive lane). Only index bits [6:2] count and a wave64 permutes each 32-lane half on
   its own (RDNA3 guide 12.5.2; LLVM's supportsWaveWideBPermute() is false for gfx11 wave64). */
static void r3_ds_permute(r3_wave *w, const r3_xop *x, int backward)
{
    uint64_t mask = r3_exec_mask(w);
    const uint32_t *addr = r3_vrow(w, x->src[0]), *data = r3_vrow(w, x->src[1]);
    uint32_t out[R3_MAX_LANES] = {0};
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        unsigned other = ((unsigned)l & 32u) | (((addr[l] + r3_ds_offset(x)) >> 2) & 31u);
        if (backward)
            out[l] = (mask >> other & 1) ? data[other] : 0;
        else
            out[other] = data[l];
    }
    uint32_t *d = r3_vrow_w(w, x->vdst);
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = out[l];
}

/* ds_append / ds_consume: the dword at M0[15:0] + OFFSET grows (or shrinks) by the number of
   active lanes; every active lane receives the value before. */
static void r3_ds_append(r3_wave *w, const r3_xop *x, int consume)
{
    uint64_t mask = r3_exec_mask(w);
    uint32_t count = (uint32_t)__builtin_popcountll(mask), old = 0;
    /* in GDS the window's base (M0[31:16]) is the counter's address, the offset relative to it */
    uint32_t a = (x->ds_gds ? 0 : r3_ds_m0_base(w)) + r3_ds_offset(x);
    uint8_t *p = (a & 3) ? NULL : r3_ds_mem(w, x, a, 4);
    if (p && count)
        old = r3_atomic32((uint32_t *)(void *)p, consume ? A_SUB : A_ADD, count, 0, 0);
    uint32_t *d = r3_vrow_w(w, x->vdst);
    for (int l = 0; l < w->lanes; l++)
        if (mask >> l & 1)
            d[l] = old;
}

/* ds_bvh_stack_rtn_b32, per lane: the stack holds 8 << OFFSET1[5:4] dwords at ADDR[31:18] * 4 + 128 *
   (index mod size), index = ADDR[17:0]. If DATA0 (last visited) is not INVALID and equals no DATA1
   value, nothing is pushed; else DATA1[3], [2], [1] are pushed (index++, held at 2^18 - 1) until one
   equals DATA0, skipping INVALIDs, and DATA1[0] is returned if reached and valid. Otherwise a pop:
   index 0 returns 0xfffffffe (empty), else --index, and the entry is returned and set to INVALID.
   ADDR gets the new index. AMD GPURT's ds_store_stack model, LLPC, RADV; docs/isa-notes-rdna3.md */
OP(ds_bvh_stack_rtn_b32)
{
    const uint32_t invalid = 0xffffffffu, index_max = 0x3ffffu;
    uint64_t mask = r3_exec_mask(w);
    unsigned size = 8u << (r3_ds_offset1(x) >> 4 & 3u);
    unsigned va = x->src[0], vd = x->vdst;
    unsigned d0 = x->src[1], d1 = x->src[2];
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t addr = r3_vrow(w, va)[l], last = r3_vrow(w, d0)[l], data[4], ret = invalid;
        for (unsigned k = 0; k < 4; k++)
            data[k] = r3_vrow(w, d1 + k)[l];
        uint32_t base = (addr >> 18) * 4u, index = addr & index_max;
        int scan = last == invalid || data[0] == last || data[1] == last || data[2] == last || data[3] == last;
        for (int k = 3; k >= 0 && scan; k--) {
            scan = last == invalid || data[k] != last;
            if (!scan || data[k] == invalid)
                continue;
            if (k == 0) {
                ret = data[0];
                break;
            }
            uint8_t *p = r3_lds_bytes(w, base + 128u * (index % size), 4);
            if (p)
                memcpy(p, &data[k], 4);
            if (index != index_max)
                index++;
        }
        if (ret == invalid && index == 0) {
            ret = 0xfffffffeu;
        } else if (ret == invalid) {
            uint8_t *p = r3_lds_bytes(w, base + 128u * (--index % size), 4);
            ret = 0;
            if (p) {
                memcpy(&ret, p, 4);
                memcpy(p, &invalid, 4);
            }
        }
        r3_vrow_w(w, vd)[l] = ret;
        r3_vrow_w(w, va)[l] = (addr & ~index_max) | index;
    }
}

/* ---- GWS and ordered count: one lane, the lowest active (lane 0 when EXEC is zero and the
   instruction is one that still acts then) ---- */

static int r3_gws_lane(const r3_wave *w, int acts_without_exec)
{
    uint64_t mask = r3_exec_mask(w);
    if (mask)
        return __builtin_ctzll(mask);
    return acts_without_exec ? 0 : -1;
}

/* The resource: M0[21:16] + OFFSET0[5:0], modulo 64. */
static r3_gws *r3_gws_resource(r3_wave *w, const r3_xop *x)
{
    unsigned id = ((w->sgpr[125] >> 16 & 63u) + (r3_ds_offset0(x) & 63u)) % R3_GWS_RESOURCES;
    return &w->group->sync->gws[id];
}

/* The wave waits: the instruction runs again once something changed. */
static void r3_sync_park(r3_wave *w)
{
    w->core.state = CORE_WAVE_BLOCKED;
    w->pc = w->inst_pc;
}

typedef enum { GWS_INIT, GWS_BARRIER, GWS_SEMA_V, GWS_SEMA_BR, GWS_SEMA_P, GWS_RELEASE_ALL } r3_gws_op;

/* One GWS operation under the dispatch's lock. The barrier completes a round when DATA + 1 waves
   have arrived; sema_p passes when the counter is positive (taking one) or after a release_all. */
static void r3_gws_do(r3_wave *w, const r3_xop *x, r3_gws_op op)
{
    int acts = op == GWS_INIT || op == GWS_BARRIER || op == GWS_SEMA_BR;
    int lane = r3_gws_lane(w, acts);
    if (lane < 0)
        return;
    r3_sync *s = w->group->sync;
    uint32_t value = r3_vrow(w, x->src[0])[lane];
    r3_sync_lock(s);
    r3_gws *r = r3_gws_resource(w, x);
    switch (op) {
    case GWS_INIT:
        memset(r, 0, sizeof *r);
        r->counter = value;
        r3_sync_changed(s);
        break;
    case GWS_BARRIER:
        if (w->sync_waiting) {
            if (r->round != w->sync_seen)
                w->sync_waiting = 0;
            else
                r3_sync_park(w);
        } else if (++r->waves >= value + 1ull) {
            r->waves = 0;
            r->round++;
            r3_sync_changed(s);
        } else {
            w->sync_waiting = 1;
            w->sync_seen = r->round;
            r3_sync_park(w);
        }
        break;
    case GWS_SEMA_V:
    case GWS_SEMA_BR:
        r->counter += op == GWS_SEMA_V ? 1 : value;
        r3_sync_changed(s);
        break;
    case GWS_SEMA_P:
        if (w->sync_waiting && r->releases != w->sync_seen) {
            w->sync_waiting = 0;
        } else if (r->counter > 0) {
            r->counter--;
            w->sync_waiting = 0;
            r3_sync_changed(s);
        } else {
            if (!w->sync_waiting)
                w->sync_seen = r->releases;
            w->sync_waiting = 1;
            r3_sync_park(w);
        }
        break;
    case GWS_RELEASE_ALL:
        r->releases++;
        r3_sync_changed(s);
        break;
    }
    r3_sync_unlock(s);
}

/* ds_gws_*: device-wide barriers and semaphores */
OP(ds_gws_init) { r3_gws_do(w, x, GWS_INIT); }
OP(ds_gws_barrier) { r3_gws_do(w, x, GWS_BARRIER); }
OP(ds_gws_sema_v) { r3_gws_do(w, x, GWS_SEMA_V); }
OP(ds_gws_sema_br) { r3_gws_do(w, x, GWS_SEMA_BR); }
OP(ds_gws_sema_p) { r3_gws_do(w, x, GWS_SEMA_P); }
OP(ds_gws_sema_release_all) { r3_gws_do(w, x, GWS_RELEASE_ALL); }

/* ds_ordered_count: VDST = counter[OFFSET0 / 4], then counter += ADDR's value (or = with the swap
   instruction, OFFSET1[4]), served in wave-creation order; OFFSET1[1] (wave_done) hands the turn
   to the next wave. */
OP(ds_ordered_count)
{
    int lane = r3_gws_lane(w, 1);
    r3_sync *s = w->group->sync;
    unsigned idx = (r3_ds_offset0(x) >> 2) % R3_ORDERED_COUNTERS, flags = r3_ds_offset1(x);
    uint32_t value = r3_vrow(w, x->src[0])[lane], old;
    r3_sync_lock(s);
    if (s->ordered_next != w->order) {
        r3_sync_unlock(s);
        r3_sync_park(w);
        return;
    }
    old = s->ordered[idx];
    s->ordered[idx] = (flags & 0x10u) ? value : old + value;
    if (flags & 2u)
        r3_sync_wave_finished(s, w->order);
    r3_sync_unlock(s);
    r3_vrow_w(w, x->vdst)[lane] = old;
}

/* ds_load_*: VDST = LDS[ADDR + OFFSET] */
DS_OP(ds_load_b32, r3_ds_load(w, x, 4, 0, 0, 0))
DS_OP(ds_load_b64, r3_ds_load(w, x, 8, 0, 0, 0))
DS_OP(ds_load_b96, r3_ds_load(w, x, 12, 0, 0, 0))
DS_OP(ds_load_b128, r3_ds_load(w, x, 16, 0, 0, 0))
DS_OP(ds_load_u8, r3_ds_load(w, x, 1, 0, 0, 0))
DS_OP(ds_load_i8, r3_ds_load(w, x, 1, 1, 0, 0))
DS_OP(ds_load_u16, r3_ds_load(w, x, 2, 0, 0, 0))
DS_OP(ds_load_i16, r3_ds_load(w, x, 2, 1, 0, 0))
/* d16 forms: the low (or high) half of VDST, the other half kept */
DS_OP(ds_load_u8_d16, r3_ds_load(w, x, 1, 0, 1, 0))
DS_OP(ds_load_u8_d16_hi, r3_ds_load(w, x, 1, 0, 1, 1))
DS_OP(ds_load_i8_d16, r3_ds_load(w, x, 1, 1, 1, 0))
DS_OP(ds_load_i8_d16_hi, r3_ds_load(w, x, 1, 1, 1, 1))
DS_OP(ds_load_u16_d16, r3_ds_load(w, x, 2, 0, 1, 0))
DS_OP(ds_load_u16_d16_hi, r3_ds_load(w, x, 2, 0, 1, 1))
/* ds_store_*: LDS[ADDR + OFFSET] = DATA0 (its high half for _d16_hi) */
DS_OP(ds_store_b32, r3_ds_store(w, x, 4, 0))
DS_OP(ds_store_b64, r3_ds_store(w, x, 8, 0))
DS_OP(ds_store_b96, r3_ds_store(w, x, 12, 0))
DS_OP(ds_store_b128, r3_ds_store(w, x, 16, 0))
DS_OP(ds_store_b8, r3_ds_store(w, x, 1, 0))
DS_OP(ds_store_b16, r3_ds_store(w, x, 2, 0))
DS_OP(ds_store_b8_d16_hi, r3_ds_store(w, x, 1, 1))
DS_OP(ds_store_b16_d16_hi, r3_ds_store(w, x, 2, 1))
/* LDS[M0[15:0] + OFFSET + lane * 4] = DATA0, and the load back */
DS_OP(ds_store_addtid_b32, r3_ds_addtid(w, x, 1))
DS_OP(ds_load_addtid_b32, r3_ds_addtid(w, x, 0))
/* two-address forms */
DS_OP(ds_load_2addr_b32, if (!r3_ds_load2_rows(w, x, 1)) r3_ds_2addr(w, x, 4, 1, 0))
DS_OP(ds_load_2addr_b64, r3_ds_2addr(w, x, 8, 1, 0))
DS_OP(ds_load_2addr_stride64_b32, if (!r3_ds_load2_rows(w, x, 64)) r3_ds_2addr(w, x, 4, 64, 0))
DS_OP(ds_load_2addr_stride64_b64, r3_ds_2addr(w, x, 8, 64, 0))
DS_OP(ds_store_2addr_b32, r3_ds_2addr(w, x, 4, 1, 1))
DS_OP(ds_store_2addr_b64, r3_ds_2addr(w, x, 8, 1, 1))
DS_OP(ds_store_2addr_stride64_b32, r3_ds_2addr(w, x, 4, 64, 1))
DS_OP(ds_store_2addr_stride64_b64, r3_ds_2addr(w, x, 8, 64, 1))
DS_OP(ds_storexchg_2addr_rtn_b32, r3_ds_xchg2(w, x, 0, 1))
DS_OP(ds_storexchg_2addr_stride64_rtn_b32, r3_ds_xchg2(w, x, 0, 64))
DS_OP(ds_storexchg_2addr_rtn_b64, r3_ds_xchg2(w, x, 1, 1))
DS_OP(ds_storexchg_2addr_stride64_rtn_b64, r3_ds_xchg2(w, x, 1, 64))
/* lane data movement through the LDS crossbar */
OP(ds_swizzle_b32) { r3_ds_swizzle(w, x); }
OP(ds_permute_b32) { r3_ds_permute(w, x, 0); }
OP(ds_bpermute_b32) { r3_ds_permute(w, x, 1); }
/* append buffers */
OP(ds_append) { r3_ds_append(w, x, 0); }
OP(ds_consume) { r3_ds_append(w, x, 1); }
DS_OP(ds_condxchg32_rtn_b64, r3_ds_condxchg(w, x))
/* ds_nop: nothing */
OP(ds_nop) { (void)w; (void)x; }

/* LDS atomics, 32- and 64-bit, without and with the old value returned:
   memory = op(memory, DATA0) (rsub: DATA0 - memory; mskor: (memory & ~DATA0) | DATA1;
   wrap: memory >= DATA0 ? memory - DATA0 : memory + DATA1; cmpstore: DATA1 == memory ? DATA0) */
#define DS_ATOMIC(name, op, wide) \
    DS_OP(ds_##name, r3_ds_atomic(w, x, op, 0, wide))
#define DS_ATOMIC_RTN(name, op, wide) \
    DS_OP(ds_##name, r3_ds_atomic(w, x, op, 1, wide))
#define DS_ATOMIC_PAIR(base, suffix, op, wide) \
    DS_ATOMIC(base##_##suffix, op, wide) DS_ATOMIC_RTN(base##_rtn_##suffix, op, wide)
#define DS_ATOMIC_INT(W, U, I, B, wide)                                                              \
    DS_ATOMIC_PAIR(add, U, A_ADD, wide) DS_ATOMIC_PAIR(sub, U, A_SUB, wide)                           \
    DS_ATOMIC_PAIR(rsub, U, A_RSUB, wide) DS_ATOMIC_PAIR(inc, U, A_INC, wide)                         \
    DS_ATOMIC_PAIR(dec, U, A_DEC, wide) DS_ATOMIC_PAIR(min, I, A_SMIN, wide)                          \
    DS_ATOMIC_PAIR(max, I, A_SMAX, wide) DS_ATOMIC_PAIR(min, U, A_UMIN, wide)                         \
    DS_ATOMIC_PAIR(max, U, A_UMAX, wide) DS_ATOMIC_PAIR(and, B, A_AND, wide)                          \
    DS_ATOMIC_PAIR(or, B, A_OR, wide) DS_ATOMIC_PAIR(xor, B, A_XOR, wide)                             \
    DS_ATOMIC_PAIR(mskor, B, A_MSKOR, wide) DS_ATOMIC_PAIR(cmpstore, B, A_CMPSWAP, wide)              \
    DS_ATOMIC_RTN(storexchg_rtn_##B, A_SWAP, wide)
DS_ATOMIC_INT(32, u32, i32, b32, 0)
DS_ATOMIC_INT(64, u64, i64, b64, 1)
/* float atomics with the seed 004 NaN, zero and denormal rules */
DS_ATOMIC_PAIR(add, f32, A_FADD, 0)
DS_ATOMIC_PAIR(min, f32, A_FMIN, 0)
DS_ATOMIC_PAIR(max, f32, A_FMAX, 0)
DS_ATOMIC_PAIR(cmpstore, f32, A_FCMPSWAP, 0)
DS_ATOMIC_PAIR(min, f64, A_FMIN, 1)
DS_ATOMIC_PAIR(max, f64, A_FMAX, 1)
DS_ATOMIC_PAIR(cmpstore, f64, A_FCMPSWAP, 1)
DS_ATOMIC_RTN(wrap_rtn_b32, A_WRAP, 0)


int r3_ds_waits_on_device(r3_exec_fn fn)
{
    return fn == r3x_ds_gws_init || fn == r3x_ds_gws_barrier || fn == r3x_ds_gws_sema_v || fn == r3x_ds_gws_sema_br ||
           fn == r3x_ds_gws_sema_p || fn == r3x_ds_gws_sema_release_all || fn == r3x_ds_ordered_count;
}
