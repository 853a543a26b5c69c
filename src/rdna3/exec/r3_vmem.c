/* RDNA3 memory instructions: SMEM loads, GLOBAL/FLAT/SCRATCH loads, stores and atomics, and the
   cache controls (no effect in a functional model). Atomics use
   host atomic operations, so they stay atomic across the host threads running workgroups. */
#include <stdint.h>
#include <string.h>

#include "common/fp.h"
#include "r3_exec.h"
#include "r3_vmem.h"


/* Flat address apertures (high 32 bits), matching src_shared_base and src_private_base. */
#define R3_LDS_APERTURE 0x10000u
#define R3_PRIVATE_APERTURE 0x20000u

/* ---- address spaces ---- */

typedef enum { R3_SPACE_GLOBAL, R3_SPACE_LDS, R3_SPACE_PRIVATE } r3_space;

int r3_misaligned(r3_wave *w, uint64_t *addr, unsigned bytes, int lane)
{
    unsigned mode = w->group->align_mode, need = bytes < 4 ? bytes : 4;
    if (mode == R3_ALIGN_UNALIGNED)
        return 0;
    if (mode == R3_ALIGN_DWORD) {
        *addr &= ~(uint64_t)(need - 1);
        return 0;
    }
    if (mode == R3_ALIGN_STRICT)
        need = bytes & (bytes - 1) ? 4 : bytes; /* 12 bytes (b96): a dword */
    if (*addr % need == 0)
        return 0;
    r3_warn(w, R3W_MEMVIOL, "lane %d: %u-byte access at 0x%llx is not %u-byte aligned (alignment mode %s)", lane,
            bytes, (unsigned long long)*addr, need, mode == R3_ALIGN_STRICT ? "STRICT" : "DWORD_STRICT");
    return 1;
}

uint8_t *r3_lds_bytes(r3_wave *w, uint64_t addr, uint32_t n)
{
    r3_group *g = w->group;
    return addr + n <= g->lds_size ? g->lds + addr : NULL;
}

uint8_t *r3_device_lookup(r3_wave *w, uint64_t addr, uint64_t n)
{
    const core_alloc *a = core_mem_lookup(w->group->mem, addr);
    if (!a || n > a->size - (addr - a->base))
        return NULL;
    unsigned k = w->memo_next;
    w->memo[k].base = a->base;
    w->memo[k].size = a->size;
    w->memo[k].data = a->data;
    w->memo_next = (k + 1) % R3_MEMO;
    return a->data + (addr - a->base);
}

/* The host bytes behind an access of n bytes, or NULL (a fault for global memory, a dropped access
   for LDS and private memory out of range, as the hardware does). */
static uint8_t *r3_locate(r3_wave *w, r3_space space, uint64_t addr, uint32_t n, int lane)
{
    switch (space) {
    case R3_SPACE_LDS:
        return r3_lds_bytes(w, addr, n);
    case R3_SPACE_PRIVATE:
        return addr + n <= w->scratch_per_lane ? w->scratch + (size_t)lane * w->scratch_per_lane + addr : NULL;
    default: {
        uint8_t *p = r3_device_bytes(w, addr, n);
        if (!p && addr - R3_HOSTCALL_BASE < R3_HOSTCALL_SPAN)
            r3_fault(w, "lane %d: kernel printf (or another host service) is not implemented", lane);
        else if (!p)
            r3_fault(w, "lane %d: %u-byte access at 0x%llx is outside every buffer", lane, n,
                     (unsigned long long)addr);
        return p;
    }
    }
}

/* A flat address names global memory or, inside an aperture, LDS or private memory. */
static r3_space r3_flat_space(uint64_t *addr)
{
    uint32_t hi = (uint32_t)(*addr >> 32);
    if (hi == R3_LDS_APERTURE || hi == R3_PRIVATE_APERTURE) {
        *addr &= 0xffffffffu;
        return hi == R3_LDS_APERTURE ? R3_SPACE_LDS : R3_SPACE_PRIVATE;
    }
    return R3_SPACE_GLOBAL;
}

/* The address of each lane for FLAT, GLOBAL and SCRATCH forms. */
static r3_space r3_vmem_address(const r3_wave *w, const r3_xop *x, int lane, uint64_t *addr)
{
    uint64_t off = (uint64_t)(int64_t)x->mem_offset;
    const uint32_t *v = r3_vrow(w, x->mem_vaddr & 0x1ff); /* the decoded terms: r3_xop_fill */
    switch (x->mem_form) {
    case R3XM_SCRATCH: {
        uint64_t a = off;
        if (x->mem_vaddr != 0xffff)
            a += v[lane];
        if (x->mem_saddr != 124)
            a += w->sgpr[x->mem_saddr];
        *addr = a & 0xffffffffu;
        return R3_SPACE_PRIVATE;
    }
    case R3XM_GLOBAL_V:
        *addr = ((uint64_t)v[lane] | (uint64_t)r3_vrow(w, x->mem_vaddr + 1u)[lane] << 32) + off;
        return R3_SPACE_GLOBAL;
    case R3XM_GLOBAL_SV:
    case R3XM_GLOBAL_ST: /* the forms without VADDR (addtid) take the lane's dword slot instead */
        *addr = ((uint64_t)w->sgpr[x->mem_saddr] | (uint64_t)w->sgpr[x->mem_saddr + 1] << 32) +
                (x->mem_form == R3XM_GLOBAL_SV ? v[lane] : 4u * (uint32_t)lane) + off;
        return R3_SPACE_GLOBAL;
    default: /* FLAT: 12-bit unsigned offset */
        *addr = ((uint64_t)v[lane] | (uint64_t)r3_vrow(w, x->mem_vaddr + 1u)[lane] << 32) + off;
        return r3_flat_space(addr);
    }
}

/* ---- FLAT / GLOBAL / SCRATCH loads and stores ---- */

/* The host bytes lane `l` accesses, or NULL when the access is dropped (w->fault is set when it
   faults instead). */
static uint8_t *r3_lane_mem(r3_wave *w, const r3_xop *x, int l, unsigned bytes)
{
    uint64_t addr;
    r3_space sp = r3_vmem_address(w, x, l, &addr);
    return r3_misaligned(w, &addr, bytes, l) ? NULL : r3_locate(w, sp, addr, bytes, l);
}

/* A dword per lane of a full 32-lane wave, lane l's at base + lo[l] - low (every one inside the
   allocation base points into): the groups of eight lanes on consecutive dwords (a row of a 2D work-group's
   tile) move as one 32-byte block, the other groups lane by lane. The addresses are copied first, so
   a VDST that is the address register sees them unchanged until they are all used. */
R3_INLINE void r3_dword_rows(r3_wave *w, uint8_t *base, const uint32_t *lo, uint32_t low, unsigned reg, int store)
{
    uint32_t start[33], apart = 0; /* start[l + 1]: lane l's offset less 4 x its place in its group,
                                       one value for all of a consecutive group */
    for (int l = 0; l < 32; l++)
        start[l + 1] = lo[l] - low - 4u * (uint32_t)(l & 7);
    start[0] = start[1];
    for (int l = 0; l < 32; l++) /* bit l: lane l's value differs from lane l - 1's */
        apart |= lanes_bit[l] & -(uint32_t)(start[l + 1] != start[l]);
    uint32_t *row = store ? (uint32_t *)r3_vrow(w, reg) : r3_vrow_w(w, reg);
    for (int g = 0; g < 32; g += 8) {
        if (!(apart & 0xfeu << g)) { /* (the group's first lane may differ from the lane before) */
            if (store)
                memcpy(base + start[g + 1], row + g, 32);
            else
                memcpy(row + g, base + start[g + 1], 32);
            continue;
        }
        for (int l = g; l < g + 8; l++) {
            uint8_t *at = base + (start[l + 1] + 4u * (uint32_t)(l & 7)); /* (in 32 bits: lo[l] - low) */
            if (store)
                memcpy(at, &row[l], 4);
            else
                memcpy(&row[l], at, 4);
        }
    }
}

/* Fast path for GLOBAL loads and stores of whole dwords, and of bytes and shorts into or from a whole
   register (`sext`: the signed loads), in the default (unaligned) mode: the lane addresses computed
   in one loop, every lane's bytes found (mostly in the allocation the wave hit last) before anything
   moves, then the moves. Returns 0 when it does not apply or some lane's access is not plain
   (outside every buffer, a host service): the general path then runs the instruction from the
   start, as nothing was written yet. */
LANES_MULTIVERSION static int r3_global_fast(r3_wave *w, const r3_xop *x, unsigned bytes, int store, int sext)
{
    if (!w->group->fast_paths || (bytes % 4 && bytes > 2) || w->group->align_mode != R3_ALIGN_UNALIGNED ||
        (x->mem_form != R3XM_GLOBAL_V && x->mem_form != R3XM_GLOBAL_SV))
        return 0;
    uint64_t mask = r3_exec_mask(w), off = (uint64_t)(int64_t)x->mem_offset;
    const uint32_t *lo = r3_vrow(w, x->mem_vaddr & 0x1ff), *hi = r3_vrow(w, (x->mem_vaddr + 1u) & 0x1ff);
    uint64_t base = x->mem_form == R3XM_GLOBAL_SV
                        ? (uint64_t)w->sgpr[x->mem_saddr] | (uint64_t)w->sgpr[x->mem_saddr + 1] << 32 : 0;
    unsigned reg = store ? x->src[1] : x->vdst;
    uint8_t *at[R3_MAX_LANES];
    if (w->fast32 && mask == 0xffffffffu) {
        /* 32 active lanes whose addresses share their high half (GLOBAL_V) or base (GLOBAL_SV): the
           span from the lowest to the highest low half in 32-bit passes, and when it lies in one
           allocation, one lookup for the wave instead of one per lane; at consecutive dwords (a
           coalesced access) the data moves as one block */
        uint64_t base64 = base;
        uint32_t same = 1;
        if (x->mem_form == R3XM_GLOBAL_V) {
            for (int l = 0; l < 32; l++) /* all 32 (not 1..31): a trip count the vectorizer takes */
                same &= hi[l] == hi[0];
            base64 = (uint64_t)hi[0] << 32;
        }
        if (same) {
            uint32_t low = lo[0], high = lo[0] + 124u, seq = 1;
            for (int l = 0; l < 32; l++)
                seq &= lo[l] == lo[0] + 4u * (uint32_t)l;
            if (!seq || high < low) { /* (consecutive dwords without a wrap span lo[0] .. lo[0] + 124) */
                high = low;
                for (int l = 0; l < 32; l++) {
                    low = lo[l] < low ? lo[l] : low;
                    high = lo[l] > high ? lo[l] : high;
                }
            }
            uint64_t first = base64 + low + off, span = (uint64_t)(high - low) + bytes;
            uint8_t *p = NULL;
            if (span <= (1u << 20) && ((p = r3_device_memo(w, first, span)) || (p = r3_device_lookup(w, first, span)))) {
                if (seq && bytes == 4) {
                    if (store)
                        memcpy(p, r3_vrow(w, reg), 32 * 4);
                    else
                        memcpy(r3_vrow_w(w, reg), p, 32 * 4);
                    return 1;
                }
                if (bytes == 4) {
                    r3_dword_rows(w, p, lo, low, reg, store);
                    return 1;
                }
                for (int l = 0; l < 32; l++)
                    at[l] = p + (lo[l] - low);
                if (bytes < 4)
                    r3_subdword_moves(w, mask, at, reg, bytes, store, sext);
                else
                    r3_dword_moves(w, mask, at, reg, bytes / 4, store, 0);
                return 1;
            }
        }
    }
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t a = (x->mem_form == R3XM_GLOBAL_SV ? base + lo[l] : ((uint64_t)lo[l] | (uint64_t)hi[l] << 32)) + off;
        if (!(at[l] = r3_device_memo(w, a, bytes)) && !(at[l] = r3_device_lookup(w, a, bytes)))
            return 0; /* (fast paths are on here: checked above) */
    }
    if (bytes < 4)
        r3_subdword_moves(w, mask, at, reg, bytes, store, sext);
    else
        r3_dword_moves(w, mask, at, reg, bytes / 4, store, 0);
    return 1;
}

/* VDST = memory (`sext` sign-extends sub-dword data, `d16` writes a half, `hi` the high one) */
R3_INLINE void r3_vload(r3_wave *w, const r3_xop *x, unsigned bytes, int sext, int d16, int hi)
{
    if (!d16 && !hi && r3_global_fast(w, x, bytes, 0, sext))
        return;
    r3_lane_moves(w, x, r3_lane_mem, bytes, 0, sext, d16, hi);
}

/* memory = DATA (from its high half with `hi`) */
R3_INLINE void r3_vstore(r3_wave *w, const r3_xop *x, unsigned bytes, int hi)
{
    if (!hi && r3_global_fast(w, x, bytes, 1, 0))
        return;
    r3_lane_moves(w, x, r3_lane_mem, bytes, 1, 0, 0, hi);
}

void r3_lane_load_result(r3_wave *w, unsigned vd, int l, uint32_t v[4], unsigned bytes, int sext, int d16, int hi)
{
    v[0] = r3_load_extend(v[0], bytes, sext);
    if (d16) { /* the other half of the register keeps its value */
        uint32_t *d = &r3_vrow_w(w, vd)[l];
        *d = hi ? (*d & 0xffffu) | (v[0] << 16) : (*d & 0xffff0000u) | (v[0] & 0xffffu);
        return;
    }
    for (unsigned k = 0; k < (bytes + 3) / 4; k++)
        r3_vrow_w(w, vd + k)[l] = v[k];
}

void r3_lane_store_data(const r3_wave *w, unsigned vs, int l, unsigned bytes, int hi, uint32_t v[4])
{
    for (unsigned k = 0; k < (bytes + 3) / 4; k++)
        v[k] = r3_vrow(w, vs + k)[l];
    if (hi)
        v[0] >>= 16;
}


#define LOADS(P)                                                                                  \
    OP(P##_load_b32) { r3_vload(w, x, 4, 0, 0, 0); }                                              \
    OP(P##_load_b64) { r3_vload(w, x, 8, 0, 0, 0); }                                              \
    OP(P##_load_b96) { r3_vload(w, x, 12, 0, 0, 0); }                                             \
    OP(P##_load_b128) { r3_vload(w, x, 16, 0, 0, 0); }                                            \
    OP(P##_load_u8) { r3_vload(w, x, 1, 0, 0, 0); }                                               \
    OP(P##_load_i8) { r3_vload(w, x, 1, 1, 0, 0); }                                               \
    OP(P##_load_u16) { r3_vload(w, x, 2, 0, 0, 0); }                                              \
    OP(P##_load_i16) { r3_vload(w, x, 2, 1, 0, 0); }                                              \
    OP(P##_load_d16_b16) { r3_vload(w, x, 2, 0, 1, 0); }                                          \
    OP(P##_load_d16_hi_b16) { r3_vload(w, x, 2, 0, 1, 1); }                                       \
    OP(P##_load_d16_u8) { r3_vload(w, x, 1, 0, 1, 0); }                                           \
    OP(P##_load_d16_i8) { r3_vload(w, x, 1, 1, 1, 0); }                                           \
    OP(P##_load_d16_hi_u8) { r3_vload(w, x, 1, 0, 1, 1); }                                        \
    OP(P##_load_d16_hi_i8) { r3_vload(w, x, 1, 1, 1, 1); }                                        \
    OP(P##_store_b32) { r3_vstore(w, x, 4, 0); }                                                  \
    OP(P##_store_b64) { r3_vstore(w, x, 8, 0); }                                                  \
    OP(P##_store_b96) { r3_vstore(w, x, 12, 0); }                                                 \
    OP(P##_store_b128) { r3_vstore(w, x, 16, 0); }                                                \
    OP(P##_store_b8) { r3_vstore(w, x, 1, 0); }                                                   \
    OP(P##_store_b16) { r3_vstore(w, x, 2, 0); }                                                  \
    OP(P##_store_d16_hi_b8) { r3_vstore(w, x, 1, 1); }                                            \
    OP(P##_store_d16_hi_b16) { r3_vstore(w, x, 2, 1); }
/* {global,flat,scratch}_load_*: VDST = memory[address]; *_store_*: memory[address] = DATA */
LOADS(global)
LOADS(flat)
LOADS(scratch)
/* global_{load,store}_addtid_b32: the dword at SADDR + OFFSET + 4 * lane */
OP(global_load_addtid_b32) { r3_vload(w, x, 4, 0, 0, 0); }
OP(global_store_addtid_b32) { r3_vstore(w, x, 4, 0); }

/* ---- atomics (32-bit and 64-bit), old value returned with GLC ---- */

/* ---- float atomics (seed 004) ---- */

static int r3_fnan(uint64_t b, int wide) { return wide ? fp_isnan64(b) : fp_isnan32((uint32_t)b); }
static int r3_fsnan(uint64_t b, int wide) { return wide ? fp_issnan64(b) : fp_issnan32((uint32_t)b); }
static uint64_t r3_fquiet(uint64_t b, int wide) { return wide ? fp_quiet64(b) : fp_quiet32((uint32_t)b); }
static uint64_t r3_fflush(uint64_t b, int wide) { return wide ? fp_flush64(b) : fp_flush32((uint32_t)b); }

/* Position in the min/max order: -0 sorts below +0; a quiet NaN sorts below everything (max) or
   above everything (min). */
static int64_t r3_fkey(uint64_t b, int wide, int nan_high)
{
    if (r3_fnan(b, wide))
        return nan_high ? INT64_MAX : INT64_MIN;
    uint64_t sign = wide ? 1ull << 63 : 1ull << 31;
    int64_t mag = (int64_t)(b & (sign - 1));
    return (b & sign) ? -mag - 1 : mag;
}

/* Min and max: a signalling NaN wins (quieted, src0 first); otherwise the order above, on inputs
   flushed when asked, returning the unflushed source; ties keep src0 (the memory value). */
static uint64_t r3_fminmax(uint64_t src0, uint64_t src1, int wide, int max, unsigned fp)
{
    if (r3_fsnan(src0, wide))
        return r3_fquiet(src0, wide);
    if (r3_fsnan(src1, wide))
        return r3_fquiet(src1, wide);
    uint64_t c0 = (fp & R3_FP_FLUSH_IN) ? r3_fflush(src0, wide) : src0;
    uint64_t c1 = (fp & R3_FP_FLUSH_IN) ? r3_fflush(src1, wide) : src1;
    int64_t k0 = r3_fkey(c0, wide, !max), k1 = r3_fkey(c1, wide, !max);
    return (max ? k1 > k0 : k1 < k0) ? src1 : src0;
}

/* Compare-swap: swaps only when neither value is NaN and they are equal (+0 == -0); with input
   flushing the comparison and the stored value are flushed. */
static uint64_t r3_fcmpswap(uint64_t old, uint64_t src, uint64_t cmp, int wide, unsigned fp)
{
    int flush = (fp & R3_FP_FLUSH_IN) != 0;
    uint64_t o = flush ? r3_fflush(old, wide) : old, c = flush ? r3_fflush(cmp, wide) : cmp;
    if (r3_fnan(o, wide) || r3_fnan(c, wide))
        return old;
    int equal = wide ? fp_f64(o) == fp_f64(c) : fp_f32((uint32_t)o) == fp_f32((uint32_t)c);
    return equal ? (flush ? r3_fflush(src, wide) : src) : old;
}

/* f32 add, rounded to nearest even whatever MODE says: a NaN input comes out quieted (src0's when
   both are), opposite infinities give the negative default NaN, and a zero sum is +0. */
static uint32_t r3_fadd32(uint32_t src0, uint32_t src1, unsigned fp)
{
    if (fp & R3_FP_ADD_FLUSH_IN) {
        src0 = fp_flush32(src0);
        src1 = fp_flush32(src1);
    }
    if (fp_isnan32(src0) || fp_isnan32(src1))
        return fp_quiet32(fp_isnan32(src0) ? src0 : src1);
    if ((src0 & 0x7fffffffu) == 0x7f800000u && (src1 & 0x7fffffffu) == 0x7f800000u && src0 != src1)
        return 0xffc00000u;
    uint32_t r = fp_b32(fp_f32(src0) + fp_f32(src1));
    if (fp & R3_FP_ADD_FLUSH_OUT)
        r = fp_flush32(r);
    return (r & 0x7fffffffu) == 0 ? 0 : r;
}

unsigned r3_fp_rules(const r3_wave *w, int lds, int wide)
{
    uint32_t in = wide ? R3_MODE_DENORM_IN64 : R3_MODE_DENORM_IN32, out = wide ? R3_MODE_DENORM_OUT64 : R3_MODE_DENORM_OUT32;
    unsigned fp = (w->mode & in) ? 0 : R3_FP_FLUSH_IN;
    if (lds)
        return fp | ((w->mode & in) ? 0 : R3_FP_ADD_FLUSH_IN) | ((w->mode & out) ? 0 : R3_FP_ADD_FLUSH_OUT);
    return fp | R3_FP_ADD_FLUSH_IN;
}

/* ---- atomics (32-bit and 64-bit), old value returned with GLC ---- */

/* The value an atomic leaves in memory, given the old value, the operand and the second operand
   (compare value, or-mask, wrap increment); 32-bit operands live in the low halves. */
static uint64_t r3_atomic_new(r3_atomic op, int wide, uint64_t old, uint64_t v, uint64_t cmp, unsigned fp)
{
    int64_t so = wide ? (int64_t)old : (int32_t)old, sv = wide ? (int64_t)v : (int32_t)v;
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    switch (op) {
    case A_ADD: return (old + v) & mask;
    case A_SUB: return (old - v) & mask;
    case A_RSUB: return (v - old) & mask;
    case A_CSUB: return old > v ? old - v : 0;
    case A_SMIN: return sv < so ? v : old;
    case A_UMIN: return v < old ? v : old;
    case A_SMAX: return sv > so ? v : old;
    case A_UMAX: return v > old ? v : old;
    case A_AND: return old & v;
    case A_OR: return old | v;
    case A_XOR: return old ^ v;
    case A_MSKOR: return (old & ~v) | cmp;
    case A_SWAP: return v;
    case A_INC: return old >= v ? 0 : old + 1;
    case A_DEC: return old == 0 || old > v ? v : old - 1;
    case A_WRAP: return (old >= v ? old - v : old + cmp) & mask;
    case A_CMPSWAP: return old == cmp ? v : old;
    case A_FCMPSWAP: return r3_fcmpswap(old, v, cmp, wide, fp);
    case A_FADD: return r3_fadd32((uint32_t)old, (uint32_t)v, fp);
    case A_FMIN: return r3_fminmax(old, v, wide, 0, fp);
    case A_FMAX: return r3_fminmax(old, v, wide, 1, fp);
    default: return old;
    }
}

uint32_t r3_atomic32(uint32_t *p, r3_atomic op, uint32_t v, uint32_t cmp, unsigned fp)
{
    uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
    do
        nv = (uint32_t)r3_atomic_new(op, 0, old, v, cmp, fp);
    while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

uint64_t r3_atomic64(uint64_t *p, r3_atomic op, uint64_t v, uint64_t cmp, unsigned fp)
{
    uint64_t old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
    do
        nv = r3_atomic_new(op, 1, old, v, cmp, fp);
    while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

/* FLAT/GLOBAL atomics: DATA holds the operand (and the compare value after it for cmpswap). */
static void r3_vatomic(r3_wave *w, const r3_xop *x, r3_atomic op, int wide)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vs = x->src[1], vd = x->vdst;
    int ret = r3_returns_old_value(in);
    unsigned n = wide ? 8 : 4;
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t addr;
        r3_space sp = r3_vmem_address(w, x, l, &addr);
        if (addr % n) {
            r3_fault(w, "lane %d: misaligned atomic at 0x%llx", l, (unsigned long long)addr);
            return;
        }
        uint8_t *p = r3_locate(w, sp, addr, n, l);
        if (w->fault)
            return;
        if (!p)
            continue;
        r3_lane_atomic(w, p, op, wide, vs, ret ? (int)vd : -1, l, r3_fp_rules(w, sp == R3_SPACE_LDS, wide));
    }
}

void r3_lane_atomic(r3_wave *w, uint8_t *p, r3_atomic op, int wide, unsigned data, int ret_reg, int l, unsigned fp)
{
    unsigned step = wide ? 2 : 1;
    uint64_t v = r3_vrow(w, data)[l], c = r3_vrow(w, data + step)[l];
    if (wide) {
        v |= (uint64_t)r3_vrow(w, data + 1)[l] << 32;
        c |= (uint64_t)r3_vrow(w, data + 3)[l] << 32;
    }
    uint64_t old = wide ? r3_atomic64((uint64_t *)(void *)p, op, v, c, fp)
                        : r3_atomic32((uint32_t *)(void *)p, op, (uint32_t)v, (uint32_t)c, fp);
    if (ret_reg >= 0) {
        r3_vrow_w(w, (unsigned)ret_reg)[l] = (uint32_t)old;
        if (wide)
            r3_vrow_w(w, (unsigned)ret_reg + 1)[l] = (uint32_t)(old >> 32);
    }
}

#define ATOMICS(P)                                                                                 \
    OP(P##_atomic_add_u32) { r3_vatomic(w, x, A_ADD, 0); }                                        \
    OP(P##_atomic_sub_u32) { r3_vatomic(w, x, A_SUB, 0); }                                        \
    OP(P##_atomic_min_i32) { r3_vatomic(w, x, A_SMIN, 0); }                                       \
    OP(P##_atomic_min_u32) { r3_vatomic(w, x, A_UMIN, 0); }                                       \
    OP(P##_atomic_max_i32) { r3_vatomic(w, x, A_SMAX, 0); }                                       \
    OP(P##_atomic_max_u32) { r3_vatomic(w, x, A_UMAX, 0); }                                       \
    OP(P##_atomic_and_b32) { r3_vatomic(w, x, A_AND, 0); }                                        \
    OP(P##_atomic_or_b32) { r3_vatomic(w, x, A_OR, 0); }                                          \
    OP(P##_atomic_xor_b32) { r3_vatomic(w, x, A_XOR, 0); }                                        \
    OP(P##_atomic_swap_b32) { r3_vatomic(w, x, A_SWAP, 0); }                                      \
    OP(P##_atomic_inc_u32) { r3_vatomic(w, x, A_INC, 0); }                                        \
    OP(P##_atomic_dec_u32) { r3_vatomic(w, x, A_DEC, 0); }                                        \
    OP(P##_atomic_cmpswap_b32) { r3_vatomic(w, x, A_CMPSWAP, 0); }                                \
    OP(P##_atomic_add_f32) { r3_vatomic(w, x, A_FADD, 0); }                                       \
    OP(P##_atomic_cmpswap_f32) { r3_vatomic(w, x, A_FCMPSWAP, 0); }                               \
    OP(P##_atomic_min_f32) { r3_vatomic(w, x, A_FMIN, 0); }                                       \
    OP(P##_atomic_max_f32) { r3_vatomic(w, x, A_FMAX, 0); }                                       \
    OP(P##_atomic_add_u64) { r3_vatomic(w, x, A_ADD, 1); }                                        \
    OP(P##_atomic_sub_u64) { r3_vatomic(w, x, A_SUB, 1); }                                        \
    OP(P##_atomic_min_i64) { r3_vatomic(w, x, A_SMIN, 1); }                                       \
    OP(P##_atomic_min_u64) { r3_vatomic(w, x, A_UMIN, 1); }                                       \
    OP(P##_atomic_max_i64) { r3_vatomic(w, x, A_SMAX, 1); }                                       \
    OP(P##_atomic_max_u64) { r3_vatomic(w, x, A_UMAX, 1); }                                       \
    OP(P##_atomic_and_b64) { r3_vatomic(w, x, A_AND, 1); }                                        \
    OP(P##_atomic_or_b64) { r3_vatomic(w, x, A_OR, 1); }                                          \
    OP(P##_atomic_xor_b64) { r3_vatomic(w, x, A_XOR, 1); }                                        \
    OP(P##_atomic_swap_b64) { r3_vatomic(w, x, A_SWAP, 1); }                                      \
    OP(P##_atomic_inc_u64) { r3_vatomic(w, x, A_INC, 1); }                                        \
    OP(P##_atomic_dec_u64) { r3_vatomic(w, x, A_DEC, 1); }                                        \
    OP(P##_atomic_cmpswap_b64) { r3_vatomic(w, x, A_CMPSWAP, 1); }
/* {global,flat}_atomic_*: memory = op(memory, DATA), old value to VDST with GLC */
ATOMICS(global)
ATOMICS(flat)
/* memory = memory - DATA clamped at 0 (global only on gfx11) */
OP(global_atomic_csub_u32) { r3_vatomic(w, x, A_CSUB, 0); }

/* ---- SMEM ---- */

/* SDATA = bytes loaded from SBASE + offset + SOFFSET, the two low bits of each term ignored (guide
   8.1.1: "All components of the address (base, offset, inst_offset, M0) ... the two LSBs are
   ignored"; of the sum, two terms with low bits would carry into bit 2) */
R3_INLINE void r3_sload(r3_wave *w, const r3_xop *x, unsigned dwords)
{
    unsigned base = x->src[0], soff = x->src[1];
    uint64_t addr = (((uint64_t)w->sgpr[base] | (uint64_t)w->sgpr[base + 1] << 32) & ~3ull) +
                    ((uint64_t)(int64_t)x->mem_offset & ~3ull) + ((soff != 124 ? w->sgpr[soff] : 0) & ~3u);
    /* (the memo and lookup inline; r3_locate only for a failed access's fault) */
    uint8_t *p = r3_device_bytes(w, addr, dwords * 4);
    if (!p && !(p = r3_locate(w, R3_SPACE_GLOBAL, addr, dwords * 4, 0)))
        return;
    unsigned d = x->vdst;
    for (unsigned k = 0; k < dwords; k++) {
        uint32_t v;
        memcpy(&v, p + 4 * k, 4);
        r3_write_sgpr(w, d + k, v);
    }
}

/* s_load_bN: SDATA = N bits of memory */
OP(s_load_b32) { r3_sload(w, x, 1); }
OP(s_load_b64) { r3_sload(w, x, 2); }
OP(s_load_b128) { r3_sload(w, x, 4); }
OP(s_load_b256) { r3_sload(w, x, 8); }
OP(s_load_b512) { r3_sload(w, x, 16); }

/* cache invalidates and writebacks: no caches in a functional model */
/* cache invalidations and address-translation probes: nothing is cached, no state changes */
OP(buffer_gl0_inv) { (void)w; (void)x; }
OP(buffer_gl1_inv) { (void)w; (void)x; }
OP(s_dcache_inv) { (void)w; (void)x; }
OP(s_gl1_inv) { (void)w; (void)x; }
OP(s_atc_probe) { (void)w; (void)x; }
OP(s_atc_probe_buffer) { (void)w; (void)x; }

