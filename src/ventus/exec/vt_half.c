/* Half-precision instructions of the newest Ventus LLVM backend (seed 003: fp16 and bf16 support):
   the vcvt conversions, packed f16x2 / bf16x2 add, mul and fma, and the approximate special functions
   in f32, f16x2 and bf16x2. Semantics of the reference simulator (ventus_custom_arith.h, ref 1.9.11):
   halves are widened exactly to f32, the operation runs in f32 (round to nearest even), the result is
   rounded to nearest even to the half format; NaN results are canonical (0x7fc00000, 0x7e00, 0x7fc0). */
#include "vt_ops.h"

#include <math.h>

#include "common/fp.h"

static float vt_h2f(uint32_t h, int bf) { return bf ? fp_f32((h & 0xffffu) << 16) : (float)fp_f16_to_f64(h & 0xffffu); }

static uint32_t vt_f2h(float f, int bf)
{
    if (isnan(f))
        return bf ? 0x7fc0u : 0x7e00u;
    return bf ? fp_f32_to_bf16(f, FP_RNE) : fp_f64_to_f16(f, FP_RNE);
}

static uint32_t vt_canon32(float f) { return isnan(f) ? 0x7fc00000u : fp_b32(f); }

/* vd = vs2 converted (funct6 0 f16 -> f32, 1 f32 -> f16, 2 bf16 -> f32, 3 f32 -> bf16; a half result
   in the low 16 bits, the high ones zero; bf16 -> f32 is the bit pattern shifted, NaNs included) */
int vt_x_vcvt(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = vt_active(g, w, in), op = in->word >> 26 & 3;
    const uint32_t *s = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    VT_FOR_LANES(g, act, l)
    {
        uint32_t x = s[l];
        d[l] = op == 0 ? vt_canon32(vt_h2f(x, 0)) : op == 1 ? vt_f2h(fp_f32(x), 0) : op == 2 ? (x & 0xffffu) << 16
                                                                                              : vt_f2h(fp_f32(x), 1);
    }
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* per half: vd = vs1 + vs2, vs1 * vs2 or vs1 * vs2 + vd (funct6 0, 1, 2; funct3 0 f16x2, 1 bf16x2) */
int vt_x_vpacked(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = vt_active(g, w, in), op = in->word >> 26 & 3, bf = in->word >> 12 & 1;
    const uint32_t *a = vt_vreg(g, w, in->rs1), *b = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    int saved = fp_host_round(FP_RNE);
    VT_FOR_LANES(g, act, l)
    {
        uint32_t out = 0;
        for (int h = 0; h < 2; h++) {
            float x = vt_h2f(a[l] >> 16 * h, bf), y = vt_h2f(b[l] >> 16 * h, bf), c = vt_h2f(d[l] >> 16 * h, bf);
            volatile float r = op == 0 ? x + y : op == 1 ? x * y : x * y + c; /* the product is exact in f32 */
            out |= vt_f2h(r, bf) << 16 * h;
        }
        d[l] = out;
    }
    fp_host_restore(saved);
    vt_vwritten(g, in->rd, act);
    return 0;
}

/* One special function in f32 (the reference simulator's formulas: gelu's tanh form, silu = x / (1 + e^-x)). */
static float vt_sfu(float x, unsigned op)
{
    switch (op) {
    case 0: return exp2f(x);
    case 1: return log2f(x);
    case 2: return 1.0f / x;
    case 3: return sqrtf(x);
    case 4: return 1.0f / sqrtf(x);
    case 5: return sinf(x);
    case 6: return cosf(x);
    case 7: return tanhf(x);
    case 8: return 0.5f * x * (1.0f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
    default: return x / (1.0f + expf(-x));
    }
}

/* vd = f(vs2) for f32, or per half for f16x2 / bf16x2 (funct3 0, 1, 2) */
int vt_x_vsfu(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = vt_active(g, w, in), op = in->word >> 26 & 63, mode = in->word >> 12 & 7;
    const uint32_t *s = vt_vreg(g, w, in->rs2);
    uint32_t *d = vt_vreg(g, w, in->rd);
    int saved = fp_host_round(FP_RNE);
    VT_FOR_LANES(g, act, l)
    {
        if (mode == 0) {
            d[l] = vt_canon32(vt_sfu(fp_f32(s[l]), op));
            continue;
        }
        uint32_t out = 0;
        for (int h = 0; h < 2; h++)
            out |= vt_f2h(vt_sfu(vt_h2f(s[l] >> 16 * h, mode == 2), op), mode == 2) << 16 * h;
        d[l] = out;
    }
    fp_host_restore(saved);
    vt_vwritten(g, in->rd, act);
    return 0;
}
