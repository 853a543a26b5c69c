/* RDNA3 memory helpers shared by the vector-memory instruction files (FLAT/GLOBAL/SCRATCH, buffers,
   DS): host-atomic read-modify-write of 32- and 64-bit words with the ISA's operations, including
   the float-atomic NaN and denormal rules of seed 004. */
#ifndef WAVESIM_R3_VMEM_H
#define WAVESIM_R3_VMEM_H

#include <stdint.h>
#include <string.h>

#include "r3_wave.h"

typedef enum { A_ADD, A_SUB, A_RSUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX, A_AND, A_OR, A_XOR, A_MSKOR, A_SWAP, A_INC,
               A_DEC, A_WRAP, A_CMPSWAP, A_FCMPSWAP, A_FADD, A_FMIN, A_FMAX, A_CSUB } r3_atomic;

/* Denormal handling of a float atomic (seed 004): which inputs and outputs are flushed to zero. */
#define R3_FP_FLUSH_IN 1u      /* min, max and compare-swap inputs (the compared values) */
#define R3_FP_ADD_FLUSH_IN 2u  /* add inputs */
#define R3_FP_ADD_FLUSH_OUT 4u /* add result */

/* The rules for a wave's float atomics: the LDS unit follows MODE's input and output denormal bits;
   memory atomics flush add inputs always and take min/max/cmpswap flushing from MODE's input bit. */
unsigned r3_fp_rules(const r3_wave *w, int lds, int wide);

/* Atomically applies op to *p (operand v, compare value cmp, float rules fp); returns the old value. */
uint32_t r3_atomic32(uint32_t *p, r3_atomic op, uint32_t v, uint32_t cmp, unsigned fp);
uint64_t r3_atomic64(uint64_t *p, r3_atomic op, uint64_t v, uint64_t cmp, unsigned fp);

/* SH_MEM_CONFIG.alignment_mode for a non-format access of `bytes` at *addr: DWORD mode clears the
   address bits below min(bytes, 4); DWORD_STRICT (min(bytes, 4)) and STRICT (bytes) report a
   misaligned access as a MEMVIOL warning and return 1: the load reads 0, the store is dropped. */
int r3_misaligned(r3_wave *w, uint64_t *addr, unsigned bytes, int lane);

/* r3_device_bytes without the memo: searches the allocations and remembers the one found. */
uint8_t *r3_device_lookup(r3_wave *w, uint64_t addr, uint64_t n);

/* The fast path's memo: [addr, addr + n) inside one of the allocations the wave's last accesses hit
   (r3_wave.memo: the next access mostly falls in one of them too), as host bytes, or NULL. */
R3_INLINE uint8_t *r3_device_memo(const r3_wave *w, uint64_t addr, uint64_t n)
{
    for (int k = 0; k < R3_MEMO; k++) {
        uint64_t at = addr - w->memo[k].base;
        if (at < w->memo[k].size && n <= w->memo[k].size - at)
            return w->memo[k].data + at;
    }
    return NULL;
}

/* Device memory [addr, addr + n) as host bytes, or NULL when no allocation holds it all. Inline, as
   every lane of every memory instruction asks. */
R3_INLINE uint8_t *r3_device_bytes(r3_wave *w, uint64_t addr, uint64_t n)
{
    uint8_t *p = w->group->fast_paths ? r3_device_memo(w, addr, n) : NULL;
    return p ? p : r3_device_lookup(w, addr, n);
}

/* The data of a whole-dword access whose host bytes every lane has already found: at[l] for each
   lane in EXEC (with `nullable`, NULL: a load reads 0, a store is dropped), moved from or to the
   `words` registers from `reg`. The fast paths find every address before moving anything, so a
   fallback to the general path, or a VDST that overlaps the address registers, sees the registers
   unchanged. Inline, with `nullable` a constant at each call, so the global path has no NULL test. */
R3_INLINE void r3_dword_moves(r3_wave *w, uint64_t mask, uint8_t *const *at, unsigned reg, unsigned words,
                                  int store, int nullable)
{
    if (w->fast32 && mask == 0xffffffffu && !nullable) { /* every lane of a 32-lane wave: no tests */
        for (unsigned k = 0; k < words; k++) {
            if (store) {
                const uint32_t *row = r3_vrow(w, reg + k);
                for (int l = 0; l < 32; l++)
                    memcpy(at[l] + 4 * k, &row[l], 4);
            } else {
                uint32_t *row = r3_vrow_w(w, reg + k);
                for (int l = 0; l < 32; l++)
                    memcpy(&row[l], at[l] + 4 * k, 4);
            }
        }
        return;
    }
    for (unsigned k = 0; k < words; k++) {
        if (store) {
            const uint32_t *row = r3_vrow(w, reg + k);
            for (int l = 0; l < w->lanes; l++)
                if (mask >> l & 1 && (!nullable || at[l]))
                    memcpy(at[l] + 4 * k, &row[l], 4);
        } else {
            uint32_t *row = r3_vrow_w(w, reg + k);
            for (int l = 0; l < w->lanes; l++)
                if (mask >> l & 1) {
                    uint32_t v = 0;
                    if (!nullable || at[l])
                        memcpy(&v, at[l] + 4 * k, 4);
                    row[l] = v;
                }
        }
    }
}

/* A loaded value of `bytes` (1, 2 or 4) widened to a dword, zero- or (sext) sign-extended. */
R3_INLINE uint32_t r3_load_extend(uint32_t v, unsigned bytes, int sext)
{
    if (bytes == 1)
        return sext ? (uint32_t)(int32_t)(int8_t)v : v & 0xff;
    if (bytes == 2)
        return sext ? (uint32_t)(int32_t)(int16_t)v : v & 0xffff;
    return v;
}

/* As r3_dword_moves, for a byte or a short per lane (loads widened into the whole of VDST by
   r3_load_extend; stores write DATA's low bytes): the forms other than D16. */
R3_INLINE void r3_subdword_moves(r3_wave *w, uint64_t mask, uint8_t *const *at, unsigned reg, unsigned bytes,
                                 int store, int sext)
{
    if (store) {
        const uint32_t *row = r3_vrow(w, reg);
        for (int l = 0; l < w->lanes; l++)
            if (mask >> l & 1)
                memcpy(at[l], &row[l], bytes); /* (the low bytes: a little-endian host, as everywhere) */
    } else {
        uint32_t *row = r3_vrow_w(w, reg);
        for (int l = 0; l < w->lanes; l++)
            if (mask >> l & 1) {
                uint32_t v = 0;
                memcpy(&v, at[l], bytes);
                row[l] = r3_load_extend(v, bytes, sext);
            }
    }
}

/* The LDS bytes [addr, addr + n) of the wave's workgroup, or NULL when out of range. */
uint8_t *r3_lds_bytes(r3_wave *w, uint64_t addr, uint32_t n);


/* Writes lane l's loaded bytes (v) to the VGPRs at vd: sub-dword data zero- or (sext) sign-extended;
   d16 writes only the low (or with hi the high) half of vd. */
void r3_lane_load_result(r3_wave *w, unsigned vd, int l, uint32_t v[4], unsigned bytes, int sext, int d16, int hi);

/* Gathers lane l's store data from the VGPRs at vs (the high half of vs with hi). */
void r3_lane_store_data(const r3_wave *w, unsigned vs, int l, unsigned bytes, int hi, uint32_t v[4]);

/* Where lane `lane` of an access of `bytes` lands: host bytes, or NULL when the access is dropped
   (w->fault set when it faults instead). */
typedef uint8_t *(*r3_lane_locator)(r3_wave *w, const r3_xop *x, int lane, unsigned bytes);


/* Lane l's atomic on the word at p: the operand (and the compare value after it) from the VGPRs
   at `data`; the old value goes to VGPR `ret_reg` unless it is negative. */
void r3_lane_atomic(r3_wave *w, uint8_t *p, r3_atomic op, int wide, unsigned data, int ret_reg, int l, unsigned fp);

/* The per-lane load/store loop of FLAT/GLOBAL/SCRATCH and DS: loads write VDST (r3_lane_load_result),
   stores read the DATA (DS: DATA0) registers, src[1] of the execution form (r3_lane_store_data);
   dropped loads read 0. Inline, so each caller's locator inlines into its loop (global loads are a
   hot path). */
R3_INLINE void r3_lane_moves(r3_wave *w, const r3_xop *x, r3_lane_locator at, unsigned bytes, int store, int sext,
                             int d16, int hi)
{
    uint64_t mask = r3_exec_mask(w);
    unsigned reg = store ? x->src[1] : x->vdst;
    if (w->group->fast_paths && bytes % 4 == 0 && !d16 && !hi) {
        /* fast path: whole dwords, the register rows looked up once, not per lane and dword */
        unsigned words = bytes / 4;
        uint32_t *row[4];
        for (unsigned k = 0; k < words; k++)
            row[k] = store ? (uint32_t *)r3_vrow(w, reg + k) : r3_vrow_w(w, reg + k);
        for (int l = 0; l < w->lanes; l++) {
            if (!(mask >> l & 1))
                continue;
            uint8_t *p = at(w, x, l, bytes);
            if (w->fault)
                return;
            for (unsigned k = 0; k < words; k++) {
                if (store) {
                    if (p)
                        memcpy(p + 4 * k, &row[k][l], 4);
                } else {
                    uint32_t v = 0;
                    if (p)
                        memcpy(&v, p + 4 * k, 4);
                    row[k][l] = v;
                }
            }
        }
        return;
    }
    for (int l = 0; l < w->lanes; l++) {
        if (!(mask >> l & 1))
            continue;
        uint8_t *p = at(w, x, l, bytes);
        if (w->fault)
            return;
        uint32_t v[4] = {0, 0, 0, 0};
        if (store) {
            if (p) {
                r3_lane_store_data(w, reg, l, bytes, hi, v);
                memcpy(p, v, bytes);
            }
        } else {
            if (p)
                memcpy(v, p, bytes);
            r3_lane_load_result(w, reg, l, v, bytes, sext, d16, hi);
        }
    }
}

#endif
