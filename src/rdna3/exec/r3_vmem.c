/* RDNA3 memory instructions: SMEM loads, GLOBAL/FLAT/SCRATCH loads, stores and atomics, DS (LDS)
   loads, stores and atomics, and the cache controls (no effect in a functional model). Atomics use
   host atomic operations, so they stay atomic across the host threads running workgroups. */
#include <stdint.h>
#include <string.h>

#include "r3_exec.h"
#include "r3_vmem.h"

#define OP(name) static void name(r3_wave *w, const r3_xop *x)

/* Flat address apertures (high 32 bits), matching src_shared_base and src_private_base. */
#define R3_LDS_APERTURE 0x10000u
#define R3_PRIVATE_APERTURE 0x20000u

/* ---- address spaces ---- */

typedef enum { R3_SPACE_GLOBAL, R3_SPACE_LDS, R3_SPACE_PRIVATE } r3_space;

/* The host bytes behind an access of n bytes, or NULL (a fault for global memory, a dropped access
   for LDS and private memory out of range, as the hardware does). */
static uint8_t *r3_locate(r3_wave *w, r3_space space, uint64_t addr, uint32_t n, int lane)
{
    r3_group *g = w->group;
    switch (space) {
    case R3_SPACE_LDS:
        return addr + n <= g->lds_size ? g->lds + addr : NULL;
    case R3_SPACE_PRIVATE:
        return addr + n <= w->scratch_per_lane ? w->scratch + (size_t)lane * w->scratch_per_lane + addr : NULL;
    default: {
        uint8_t *p = core_mem_ptr(g->mem, addr, n);
        if (!p)
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
    const r3_inst *in = x->in;
    int32_t off = (int32_t)(r3_field_value(in, R3F_OFFSET) << 19) >> 19;
    unsigned saddr = r3_field_value(in, R3F_SADDR), vaddr = r3_field_value(in, R3F_ADDR);
    switch (in->op->format) {
    case R3_SCRATCH: {
        uint64_t a = (uint64_t)(int64_t)off;
        if (r3_field_value(in, R3F_SVE))
            a += r3_vrow(w, vaddr)[lane];
        if (saddr != 124)
            a += w->sgpr[saddr];
        *addr = a & 0xffffffffu;
        return R3_SPACE_PRIVATE;
    }
    case R3_GLOBAL:
        if (saddr == 124)
            *addr = ((uint64_t)r3_vrow(w, vaddr)[lane] | (uint64_t)r3_vrow(w, vaddr + 1)[lane] << 32) + (uint64_t)(int64_t)off;
        else
            *addr = ((uint64_t)w->sgpr[saddr] | (uint64_t)w->sgpr[saddr + 1] << 32) + r3_vrow(w, vaddr)[lane] +
                    (uint64_t)(int64_t)off;
        return R3_SPACE_GLOBAL;
    default: /* FLAT: 12-bit unsigned offset */
        *addr = ((uint64_t)r3_vrow(w, vaddr)[lane] | (uint64_t)r3_vrow(w, vaddr + 1)[lane] << 32) +
                (r3_field_value(in, R3F_OFFSET) & 0xfff);
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
    return r3_locate(w, sp, addr, bytes, l);
}

/* Loads `bytes` per lane into VDST; `sext` sign-extends sub-dword loads, `d16` writes a half. */
static void r3_vload(r3_wave *w, const r3_xop *x, unsigned bytes, int sext, int d16, int hi)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vd = r3_field_value(in, R3F_VDST);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_lane_mem(w, x, l, bytes);
        if (w->fault)
            return;
        uint32_t v[4] = {0, 0, 0, 0};
        if (p)
            memcpy(v, p, bytes);
        r3_lane_load_result(w, vd, l, v, bytes, sext, d16, hi);
    }
}

void r3_lane_load_result(r3_wave *w, unsigned vd, int l, uint32_t v[4], unsigned bytes, int sext, int d16, int hi)
{
    if (bytes == 1)
        v[0] = sext ? (uint32_t)(int32_t)(int8_t)v[0] : v[0] & 0xff;
    else if (bytes == 2)
        v[0] = sext ? (uint32_t)(int32_t)(int16_t)v[0] : v[0] & 0xffff;
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

static void r3_vstore(r3_wave *w, const r3_xop *x, unsigned bytes, int hi)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vs = r3_field_value(in, R3F_DATA);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_lane_mem(w, x, l, bytes);
        if (w->fault)
            return;
        if (!p)
            continue;
        uint32_t v[4];
        r3_lane_store_data(w, vs, l, bytes, hi, v);
        memcpy(p, v, bytes);
    }
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

/* ---- atomics (32-bit and 64-bit), old value returned with GLC ---- */

/* The value an atomic leaves in memory, given the old value, the operand and the compare value
   (32-bit operands live in the low halves; float operations are f32). */
static uint64_t r3_atomic_new(r3_atomic op, int wide, uint64_t old, uint64_t v, uint64_t cmp)
{
    int64_t so = wide ? (int64_t)old : (int32_t)old, sv = wide ? (int64_t)v : (int32_t)v;
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    float fo, fv, fr;
    uint32_t o32 = (uint32_t)old, v32 = (uint32_t)v, r32;
    switch (op) {
    case A_ADD: return (old + v) & mask;
    case A_SUB: return (old - v) & mask;
    case A_CSUB: return old > v ? old - v : 0;
    case A_SMIN: return sv < so ? v : old;
    case A_UMIN: return v < old ? v : old;
    case A_SMAX: return sv > so ? v : old;
    case A_UMAX: return v > old ? v : old;
    case A_AND: return old & v;
    case A_OR: return old | v;
    case A_XOR: return old ^ v;
    case A_SWAP: return v;
    case A_INC: return old >= v ? 0 : old + 1;
    case A_DEC: return old == 0 || old > v ? v : old - 1;
    case A_CMPSWAP: return old == cmp ? v : old;
    case A_FADD:
    case A_FMIN:
    case A_FMAX:
        memcpy(&fo, &o32, 4);
        memcpy(&fv, &v32, 4);
        fr = op == A_FADD ? fo + fv
             : fo != fo   ? fv
             : fv != fv   ? fo
             : op == A_FMIN ? (fv < fo ? fv : fo)
                            : (fv > fo ? fv : fo);
        memcpy(&r32, &fr, 4);
        return r32;
    default: return old;
    }
}

uint32_t r3_atomic32(uint32_t *p, r3_atomic op, uint32_t v, uint32_t cmp)
{
    uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
    do
        nv = (uint32_t)r3_atomic_new(op, 0, old, v, cmp);
    while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

uint64_t r3_atomic64(uint64_t *p, r3_atomic op, uint64_t v, uint64_t cmp)
{
    uint64_t old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
    do
        nv = r3_atomic_new(op, 1, old, v, cmp);
    while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

/* FLAT/GLOBAL atomics: DATA holds the operand (and the compare value after it for cmpswap). */
static void r3_vatomic(r3_wave *w, const r3_xop *x, r3_atomic op, int wide)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vs = r3_field_value(in, R3F_DATA), vd = r3_field_value(in, R3F_VDST);
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
        r3_lane_atomic(w, p, op, wide, vs, ret ? (int)vd : -1, l);
    }
}

void r3_lane_atomic(r3_wave *w, uint8_t *p, r3_atomic op, int wide, unsigned data, int ret_reg, int l)
{
    unsigned step = wide ? 2 : 1;
    uint64_t v = r3_vrow(w, data)[l], c = r3_vrow(w, data + step)[l];
    if (wide) {
        v |= (uint64_t)r3_vrow(w, data + 1)[l] << 32;
        c |= (uint64_t)r3_vrow(w, data + 3)[l] << 32;
    }
    uint64_t old = wide ? r3_atomic64((uint64_t *)(void *)p, op, v, c)
                        : r3_atomic32((uint32_t *)(void *)p, op, (uint32_t)v, (uint32_t)c);
    if (ret_reg >= 0) {
        r3_vrow_w(w, (unsigned)ret_reg)[l] = (uint32_t)old;
        if (wide)
            r3_vrow_w(w, (unsigned)ret_reg + 1)[l] = (uint32_t)(old >> 32);
    }
}

#define ATOMICS(P)                                                                                 \
    OP(P##_atomic_add_u32) { r3_vatomic(w, x, A_ADD, 0); }                                        \
    OP(P##_atomic_sub_u32) { r3_vatomic(w, x, A_SUB, 0); }                                        \
    OP(P##_atomic_csub_u32) { r3_vatomic(w, x, A_CSUB, 0); }                                      \
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

/* ---- SMEM ---- */

/* SDATA = bytes loaded from SBASE + offset + SOFFSET */
static void r3_sload(r3_wave *w, const r3_xop *x, unsigned dwords)
{
    const r3_inst *in = x->in;
    unsigned base = r3_field_value(in, R3F_SBASE) * 2, soff = r3_field_value(in, R3F_SOFFSET);
    int32_t off = (int32_t)(r3_field_value(in, R3F_OFFSET) << 11) >> 11;
    uint64_t addr = ((uint64_t)w->sgpr[base] | (uint64_t)w->sgpr[base + 1] << 32) + (uint64_t)(int64_t)off +
                    (soff != 124 ? w->sgpr[soff] : 0);
    addr &= ~3ull; /* scalar loads ignore the low address bits */
    uint8_t *p = r3_locate(w, R3_SPACE_GLOBAL, addr, dwords * 4, 0);
    if (!p)
        return;
    unsigned d = r3_field_value(in, R3F_SDATA);
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

/* ---- DS (LDS) ---- */

static uint32_t r3_ds_addr(const r3_wave *w, const r3_xop *x, int lane)
{
    const r3_inst *in = x->in;
    return r3_vrow(w, r3_field_value(in, R3F_ADDR))[lane] + (r3_field_value(in, R3F_OFFSET0) | r3_field_value(in, R3F_OFFSET1) << 8);
}

static void r3_ds_load(r3_wave *w, const r3_xop *x, unsigned bytes, int sext)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vd = r3_field_value(in, R3F_VDST);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_locate(w, R3_SPACE_LDS, r3_ds_addr(w, x, l), bytes, l);
        uint32_t v[4] = {0, 0, 0, 0};
        if (p)
            memcpy(v, p, bytes);
        r3_lane_load_result(w, vd, l, v, bytes, sext, 0, 0);
    }
}

static void r3_ds_store(r3_wave *w, const r3_xop *x, unsigned bytes)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vs = r3_field_value(in, R3F_DATA0);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = r3_locate(w, R3_SPACE_LDS, r3_ds_addr(w, x, l), bytes, l);
        if (!p)
            continue;
        uint32_t v[4];
        r3_lane_store_data(w, vs, l, bytes, 0, v);
        memcpy(p, v, bytes);
    }
}

/* ds_load_2addr / ds_store_2addr: two elements at ADDR + OFFSET0 * size and ADDR + OFFSET1 * size
   (size scaled by 64 for the stride64 forms). */
static void r3_ds_2addr(r3_wave *w, const r3_xop *x, unsigned bytes, unsigned stride, int store)
{
    const r3_inst *in = x->in;
    const r3_group *g = w->group;
    uint64_t mask = r3_exec_mask(w);
    unsigned words = bytes / 4;
    const uint32_t *base = r3_vrow(w, r3_field_value(in, R3F_ADDR));
    uint32_t off[2] = {r3_field_value(in, R3F_OFFSET0) * bytes * stride, r3_field_value(in, R3F_OFFSET1) * bytes * stride};
    const uint32_t *from[2][2]; /* stores: the DATA0 and DATA1 registers of each element */
    uint32_t *to[2][2];         /* loads: VDST onwards */
    for (unsigned e = 0; e < 2; e++)
        for (unsigned k = 0; k < words; k++) {
            from[e][k] = r3_vrow(w, r3_field_value(in, e ? R3F_DATA1 : R3F_DATA0) + k);
            to[e][k] = r3_vrow_w(w, r3_field_value(in, R3F_VDST) + e * words + k);
        }
    const uint8_t *lds = g->lds;
    uint32_t lds_size = g->lds_size;
    if (!store && words == 1) { /* the common case, kept free of aliasing reloads */
        uint32_t *t0 = to[0][0], *t1 = to[1][0];
        for (int l = 0; l < w->lanes; l++) {
            if (!(mask >> l & 1))
                continue;
            uint32_t b = base[l], a0 = b + off[0], a1 = b + off[1], v0 = 0, v1 = 0;
            if ((uint64_t)a0 + 4 <= lds_size)
                memcpy(&v0, lds + a0, 4);
            if ((uint64_t)a1 + 4 <= lds_size)
                memcpy(&v1, lds + a1, 4);
            t0[l] = v0;
            t1[l] = v1;
        }
        return;
    }
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t lane_base = base[l]; /* read before the first element may overwrite it */
        for (int e = 0; e < 2; e++) {
            uint32_t a = lane_base + off[e];
            uint8_t *p = (uint64_t)a + bytes <= g->lds_size ? g->lds + a : NULL; /* outside: dropped, reads 0 */
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

/* DS atomics: memory = op(memory, DATA0), the old value to VDST for the _rtn forms. */
static void r3_ds_atomic(r3_wave *w, const r3_xop *x, r3_atomic op, int ret)
{
    const r3_inst *in = x->in;
    uint64_t mask = r3_exec_mask(w);
    unsigned vd = r3_field_value(in, R3F_VDST), d0 = r3_field_value(in, R3F_DATA0), d1 = r3_field_value(in, R3F_DATA1);
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint32_t a = r3_ds_addr(w, x, l);
        uint8_t *p = (a & 3) ? NULL : r3_locate(w, R3_SPACE_LDS, a, 4, l);
        uint32_t old = 0;
        if (p)
            old = r3_atomic32((uint32_t *)(void *)p, op, r3_vrow(w, d0)[l], r3_vrow(w, d1)[l]);
        if (ret)
            r3_vrow_w(w, vd)[l] = old;
    }
}

/* ds_load_*: VDST = LDS[ADDR + OFFSET] */
OP(ds_load_b32) { r3_ds_load(w, x, 4, 0); }
OP(ds_load_b64) { r3_ds_load(w, x, 8, 0); }
OP(ds_load_b96) { r3_ds_load(w, x, 12, 0); }
OP(ds_load_b128) { r3_ds_load(w, x, 16, 0); }
OP(ds_load_u8) { r3_ds_load(w, x, 1, 0); }
OP(ds_load_i8) { r3_ds_load(w, x, 1, 1); }
OP(ds_load_u16) { r3_ds_load(w, x, 2, 0); }
OP(ds_load_i16) { r3_ds_load(w, x, 2, 1); }
/* ds_store_*: LDS[ADDR + OFFSET] = DATA0 */
OP(ds_store_b32) { r3_ds_store(w, x, 4); }
OP(ds_store_b64) { r3_ds_store(w, x, 8); }
OP(ds_store_b96) { r3_ds_store(w, x, 12); }
OP(ds_store_b128) { r3_ds_store(w, x, 16); }
OP(ds_store_b8) { r3_ds_store(w, x, 1); }
OP(ds_store_b16) { r3_ds_store(w, x, 2); }
/* two-address forms */
OP(ds_load_2addr_b32) { r3_ds_2addr(w, x, 4, 1, 0); }
OP(ds_load_2addr_b64) { r3_ds_2addr(w, x, 8, 1, 0); }
OP(ds_load_2addr_stride64_b32) { r3_ds_2addr(w, x, 4, 64, 0); }
OP(ds_load_2addr_stride64_b64) { r3_ds_2addr(w, x, 8, 64, 0); }
OP(ds_store_2addr_b32) { r3_ds_2addr(w, x, 4, 1, 1); }
OP(ds_store_2addr_b64) { r3_ds_2addr(w, x, 8, 1, 1); }
OP(ds_store_2addr_stride64_b32) { r3_ds_2addr(w, x, 4, 64, 1); }
OP(ds_store_2addr_stride64_b64) { r3_ds_2addr(w, x, 8, 64, 1); }
/* LDS atomics without and with the old value returned */
OP(ds_add_u32) { r3_ds_atomic(w, x, A_ADD, 0); }
OP(ds_add_rtn_u32) { r3_ds_atomic(w, x, A_ADD, 1); }
OP(ds_sub_u32) { r3_ds_atomic(w, x, A_SUB, 0); }
OP(ds_sub_rtn_u32) { r3_ds_atomic(w, x, A_SUB, 1); }
OP(ds_min_i32) { r3_ds_atomic(w, x, A_SMIN, 0); }
OP(ds_min_rtn_i32) { r3_ds_atomic(w, x, A_SMIN, 1); }
OP(ds_max_i32) { r3_ds_atomic(w, x, A_SMAX, 0); }
OP(ds_max_rtn_i32) { r3_ds_atomic(w, x, A_SMAX, 1); }
OP(ds_min_u32) { r3_ds_atomic(w, x, A_UMIN, 0); }
OP(ds_min_rtn_u32) { r3_ds_atomic(w, x, A_UMIN, 1); }
OP(ds_max_u32) { r3_ds_atomic(w, x, A_UMAX, 0); }
OP(ds_max_rtn_u32) { r3_ds_atomic(w, x, A_UMAX, 1); }
OP(ds_and_b32) { r3_ds_atomic(w, x, A_AND, 0); }
OP(ds_and_rtn_b32) { r3_ds_atomic(w, x, A_AND, 1); }
OP(ds_or_b32) { r3_ds_atomic(w, x, A_OR, 0); }
OP(ds_or_rtn_b32) { r3_ds_atomic(w, x, A_OR, 1); }
OP(ds_xor_b32) { r3_ds_atomic(w, x, A_XOR, 0); }
OP(ds_xor_rtn_b32) { r3_ds_atomic(w, x, A_XOR, 1); }
OP(ds_inc_u32) { r3_ds_atomic(w, x, A_INC, 0); }
OP(ds_inc_rtn_u32) { r3_ds_atomic(w, x, A_INC, 1); }
OP(ds_dec_u32) { r3_ds_atomic(w, x, A_DEC, 0); }
OP(ds_dec_rtn_u32) { r3_ds_atomic(w, x, A_DEC, 1); }
OP(ds_storexchg_rtn_b32) { r3_ds_atomic(w, x, A_SWAP, 1); }
OP(ds_cmpstore_b32) { r3_ds_atomic(w, x, A_CMPSWAP, 0); }
OP(ds_cmpstore_rtn_b32) { r3_ds_atomic(w, x, A_CMPSWAP, 1); }
OP(ds_add_f32) { r3_ds_atomic(w, x, A_FADD, 0); }
OP(ds_add_rtn_f32) { r3_ds_atomic(w, x, A_FADD, 1); }

/* cache invalidates and writebacks: no caches in a functional model */
OP(r3_cache_nop) { (void)w; (void)x; }

const r3_handler r3_vmem_handlers[] = {
#define H(name) {#name, name}
#define LOAD_NAMES(P) H(P##_load_b32), H(P##_load_b64), H(P##_load_b96), H(P##_load_b128), H(P##_load_u8), \
    H(P##_load_i8), H(P##_load_u16), H(P##_load_i16), H(P##_load_d16_b16), H(P##_load_d16_hi_b16),             \
    H(P##_load_d16_u8), H(P##_load_d16_i8), H(P##_load_d16_hi_u8), H(P##_load_d16_hi_i8), H(P##_store_b32),   \
    H(P##_store_b64), H(P##_store_b96), H(P##_store_b128), H(P##_store_b8), H(P##_store_b16),                \
    H(P##_store_d16_hi_b8), H(P##_store_d16_hi_b16)
    LOAD_NAMES(global), LOAD_NAMES(flat), LOAD_NAMES(scratch),
#define ATOMIC_NAMES(P) H(P##_atomic_add_u32), H(P##_atomic_sub_u32), H(P##_atomic_csub_u32),              \
    H(P##_atomic_min_i32), H(P##_atomic_min_u32), H(P##_atomic_max_i32), H(P##_atomic_max_u32),            \
    H(P##_atomic_and_b32), H(P##_atomic_or_b32), H(P##_atomic_xor_b32), H(P##_atomic_swap_b32),             \
    H(P##_atomic_inc_u32), H(P##_atomic_dec_u32), H(P##_atomic_cmpswap_b32), H(P##_atomic_add_f32),         \
    H(P##_atomic_min_f32), H(P##_atomic_max_f32), H(P##_atomic_add_u64), H(P##_atomic_sub_u64),             \
    H(P##_atomic_min_i64), H(P##_atomic_min_u64), H(P##_atomic_max_i64), H(P##_atomic_max_u64),            \
    H(P##_atomic_and_b64), H(P##_atomic_or_b64), H(P##_atomic_xor_b64), H(P##_atomic_swap_b64),            \
    H(P##_atomic_inc_u64), H(P##_atomic_dec_u64), H(P##_atomic_cmpswap_b64)
    ATOMIC_NAMES(global), ATOMIC_NAMES(flat),
    H(s_load_b32), H(s_load_b64), H(s_load_b128), H(s_load_b256), H(s_load_b512),
    H(ds_load_b32), H(ds_load_b64), H(ds_load_b96), H(ds_load_b128), H(ds_load_u8), H(ds_load_i8), H(ds_load_u16),
    H(ds_load_i16), H(ds_store_b32), H(ds_store_b64), H(ds_store_b96), H(ds_store_b128), H(ds_store_b8),
    H(ds_store_b16), H(ds_load_2addr_b32), H(ds_load_2addr_b64), H(ds_load_2addr_stride64_b32),
    H(ds_load_2addr_stride64_b64), H(ds_store_2addr_b32), H(ds_store_2addr_b64), H(ds_store_2addr_stride64_b32),
    H(ds_store_2addr_stride64_b64), H(ds_add_u32), H(ds_add_rtn_u32), H(ds_sub_u32), H(ds_sub_rtn_u32),
    H(ds_min_i32), H(ds_min_rtn_i32), H(ds_max_i32), H(ds_max_rtn_i32), H(ds_min_u32), H(ds_min_rtn_u32),
    H(ds_max_u32), H(ds_max_rtn_u32), H(ds_and_b32), H(ds_and_rtn_b32), H(ds_or_b32), H(ds_or_rtn_b32),
    H(ds_xor_b32), H(ds_xor_rtn_b32), H(ds_inc_u32), H(ds_inc_rtn_u32), H(ds_dec_u32), H(ds_dec_rtn_u32),
    H(ds_storexchg_rtn_b32), H(ds_cmpstore_b32), H(ds_cmpstore_rtn_b32), H(ds_add_f32), H(ds_add_rtn_f32),
#undef H
    {"buffer_gl0_inv", r3_cache_nop}, {"buffer_gl1_inv", r3_cache_nop}, {"s_dcache_inv", r3_cache_nop},
    {"s_gl1_inv", r3_cache_nop}, {"s_atc_probe", r3_cache_nop}, {"s_atc_probe_buffer", r3_cache_nop},
};
const size_t r3_vmem_nhandlers = sizeof r3_vmem_handlers / sizeof r3_vmem_handlers[0];
