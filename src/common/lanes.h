/* 32-lane helpers both executors share: the build of hot functions for x86-64-v3 beside the
   baseline, a mask bit per lane as a table, and 32-lane copies and masked blends as GCC/clang
   generic vectors. They exist so that lane loops over a constant 32 lanes vectorize. */
#ifndef WAVESIM_LANES_H
#define WAVESIM_LANES_H

#include <stdint.h>
#include <string.h>

#include "common/fp.h" /* FP_INLINE: forced inline, which the helpers here are for the same reason */

/* Instruction functions and fetch loops are built twice, for x86-64-v3 (AVX2, its variable shifts
   and gathers, FMA, POPCNT) and the baseline, the version picked when the program loads (GCC's and
   clang's target_clones): the same results, as C11 keeps floating-point contraction off, the fused
   multiply-add rounds once either way and a gather loads what the scalar loads do. Sanitizer builds
   check the code, not the host's instruction set: they build one version (and so compile in half
   the time). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#define LANES_ONE_VERSION 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define LANES_ONE_VERSION 1
#endif
#endif
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && !defined(LANES_ONE_VERSION)
#define LANES_MULTIVERSION __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define LANES_MULTIVERSION
#endif

/* Before a lane loop that reads its sources through pointers (register rows, r3_src_*_view) and
   writes a local array: each lane reads only its own sources and writes only its own result, so no
   iteration depends on another. Without the promise GCC -O2, which adds no run-time overlap check,
   would not vectorize the loop. (Clang's vectorizer adds the check itself; its assume_safety pragma
   also demands vectorization and warns where a loop cannot be, so clang builds get nothing.) */
#if defined(__clang__)
#define LANES_INDEPENDENT
#elif defined(__GNUC__)
#define LANES_INDEPENDENT _Pragma("GCC ivdep")
#else
#define LANES_INDEPENDENT
#endif

/* Lane l's bit of a 32-lane mask. Lane loops over a constant 32 lanes that test a mask as
   `m & lanes_bit[l]`, or build one as an OR of `lanes_bit[l] & -(uint32_t)cond` (branch-free), are
   loops GCC vectorizes with the baseline x86-64 (SSE2); `m >> l & 1` needs a shift per lane by a
   varying amount, which SSE2 lacks, and stays a loop of 32 scalar steps. */
static const uint32_t lanes_bit[32] = {
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
    1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
    1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
    1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31,
};

/* The lanes set in a mask, counted inline (in the baseline build, without POPCNT,
   __builtin_popcountll is a call into libgcc; the x86-64-v3 clones turn this into POPCNT). */
FP_INLINE uint64_t lanes_count(uint64_t m)
{
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (m * 0x0101010101010101ull) >> 56;
}

/* Eight 32-bit lanes as one GCC/clang generic vector: SSE2 pairs in the baseline build, one AVX2
   register in the x86-64-v3 clones. Used where the vectorizer would need a run-time overlap check
   (which GCC -O2 does not add) because a source row and a register row might be the same memory. */
typedef uint32_t lanes_u32x8 __attribute__((vector_size(32)));

/* 32 lanes copied as four 8-lane vectors: one AVX2 store per 8 lanes in the x86-64-v3 clones, so the
   lane loop that then reads them 8 at a time gets its data forwarded from the store (the 16-byte
   moves of an inline memcpy would make every such load wait). Either side may be at any byte address
   (guest memory of an unaligned access), hence the untyped pointers. */
FP_INLINE void lanes_copy32(void *d, const void *v)
{
    lanes_u32x8 t0, t1, t2, t3; /* (written out: GCC -O2 keeps a 4-step loop as a loop) */
    const unsigned char *from = v;
    unsigned char *to = d;
    memcpy(&t0, from, sizeof t0);
    memcpy(&t1, from + 32, sizeof t1);
    memcpy(&t2, from + 64, sizeof t2);
    memcpy(&t3, from + 96, sizeof t3);
    memcpy(to, &t0, sizeof t0);
    memcpy(to + 32, &t1, sizeof t1);
    memcpy(to + 64, &t2, sizeof t2);
    memcpy(to + 96, &t3, sizeof t3);
}

/* Lane 0 of v in all eight lanes (one broadcast instruction with AVX2). */
#if defined(__clang__)
#define LANES_BROADCAST8(v) __builtin_shufflevector(v, v, 0, 0, 0, 0, 0, 0, 0, 0)
#else
#define LANES_BROADCAST8(v) __builtin_shuffle(v, (lanes_u32x8){0})
#endif

/* Whether all eight lanes of *v are zero (the four 64-bit halves ORed; by pointer, as no helper
   here takes or returns a vector: -Wpsabi). */
FP_INLINE int lanes_all_zero8(const lanes_u32x8 *v)
{
    uint64_t q[4];
    memcpy(q, v, sizeof q);
    return !((q[0] | q[1]) | (q[2] | q[3]));
}

/* The lanes of mask take v, the others keep d, for a mask with some lanes clear (common/lanes.c): out of
   line, built as two functions, one for x86-64-v3 in 8-lane vectors (about 37 instructions) and one
   for the baseline in 4-lane ones, since a compare of 32-byte vectors has no SSE2 instruction and
   GCC lowers it lane by lane there, and picked once when the program loads (an ifunc). A
   target_clones function cannot do this: both its builds come from one source. */
void lanes_blend32_partial(uint32_t *d, const uint32_t *v, uint32_t mask);

/* The lanes of mask take v, the others keep d. */
FP_INLINE void lanes_blend32(uint32_t *d, const uint32_t *v, uint32_t mask)
{
    if (mask == 0xffffffffu)
        lanes_copy32(d, v);
    else
        lanes_blend32_partial(d, v, mask);
}

#endif
