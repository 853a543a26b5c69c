/* The out-of-line 32-lane masked blend of common/lanes.h, in the two builds a host may run: 8-lane
   vectors for x86-64-v3 and 4-lane ones for the baseline, the one for this host picked when the
   program loads. */
#include "common/lanes.h"

/* Four 32-bit lanes: one SSE2 register. The baseline build of the blend uses these, not lanes_u32x8:
   a 32-byte vector compare has no SSE2 instruction, and GCC lowers it lane by lane there. */
typedef uint32_t lanes_u32x4 __attribute__((vector_size(16)));

/* The body of both builds: `lanes` 32-bit lanes a step (4 or 8), each lane's mask bit made a lane
   mask through lanes_bit and compared for equality (SSE2 and AVX2 both have that compare). */
#define LANES_BLEND_BODY(vec, lanes)                                                       \
    for (int i = 0; i < 32; i += (lanes)) {                                                \
        vec dv, vv, bit;                                                                   \
        memcpy(&dv, d + i, sizeof dv);                                                     \
        memcpy(&vv, v + i, sizeof vv);                                                     \
        memcpy(&bit, lanes_bit + i, sizeof bit);                                           \
        vec sel = (vec)((((vec){0} + mask) & bit) == bit);                                 \
        dv = (vv & sel) | (dv & ~sel);                                                     \
        memcpy(d + i, &dv, sizeof dv);                                                     \
    }

static void lanes_blend32_4(uint32_t *d, const uint32_t *v, uint32_t mask)
{
#pragma GCC unroll 8
    LANES_BLEND_BODY(lanes_u32x4, 4)
}

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && !defined(LANES_ONE_VERSION)
__attribute__((target("arch=x86-64-v3"))) static void lanes_blend32_8(uint32_t *d, const uint32_t *v, uint32_t mask)
{
#pragma GCC unroll 4
    LANES_BLEND_BODY(lanes_u32x8, 8)
}

typedef void (*lanes_blend_fn)(uint32_t *d, const uint32_t *v, uint32_t mask);

static lanes_blend_fn lanes_blend32_pick(void)
{
    __builtin_cpu_init(); /* (a resolver may run before the constructors that would do it) */
    return __builtin_cpu_supports("x86-64-v3") ? lanes_blend32_8 : lanes_blend32_4;
}

void lanes_blend32_partial(uint32_t *d, const uint32_t *v, uint32_t mask) __attribute__((ifunc("lanes_blend32_pick")));
#else
void lanes_blend32_partial(uint32_t *d, const uint32_t *v, uint32_t mask)
{
    lanes_blend32_4(d, v, mask);
}
#endif
