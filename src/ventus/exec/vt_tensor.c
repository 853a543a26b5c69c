/* The matrix multiply-adds of seed 003: MMA and MMA64, D = A x B + C on register windows of a full
   32-lane warp. Register layout (the reference simulator's, spike ventus_custom.cc via the sbt-sim
   MMA notes): A is rs1 .. rs1 + a_regs - 1, B rs2 .., C rd (MMA) or rs3 (MMA64), D rd; element idx of
   a window is in register idx / per-register count, lane (idx mod count) / packing, packed low half
   (or byte) first. A element idx is (m, k) = (idx / K, idx mod K) row-major (AL = 0) or (idx mod M,
   idx / M) column-major; B is (k, n) = (idx / N, idx mod N) row-major (BL = 1, seed 003) or
   (idx mod K, idx / K); C/D (m, n) = (idx / N, idx mod N). Each D element is the exact value of
   C + sum of A x B, rounded once (float: by RD, RNE for MMA; int: saturated or wrapped). */
#include "vt_ops.h"

#include <math.h>
#include <string.h>

#include "common/fp.h"
#include "ventus/codec/vt_mma.h"

/* An fp8 element as f32 bits (exact): E4M3 (bias 7, no infinity, S.1111.111 NaN) or E5M2 (IEEE-like). */
static uint32_t vt_fp8_to_f32(uint32_t b, int e5m2)
{
    int neg = b >> 7 & 1, eb = e5m2 ? 5 : 4, mb = 7 - eb, bias = e5m2 ? 15 : 7;
    int e = (int)(b >> mb & ((1u << eb) - 1)), m = (int)(b & ((1u << mb) - 1));
    float v;
    if (e5m2 && e == 31)
        v = m ? NAN : INFINITY;
    else if (!e5m2 && e == 15 && m == 7)
        v = NAN;
    else if (!e)
        v = ldexpf((float)m, 1 - bias - mb);
    else
        v = ldexpf((float)(m | 1 << mb), e - bias - mb);
    return fp_b32(neg ? -v : v) | (uint32_t)neg << 31;
}

/* Element `idx` of an A or B window (ebits-bit elements) as f32 bits, or as an integer. */
static uint32_t vt_mma_elem(vt_group *g, vt_warp *w, unsigned base, unsigned idx, const vt_mma_desc *d, int32_t *iv)
{
    unsigned per_lane = 32 / d->ebits, per_reg = 32 * per_lane;
    uint32_t word = vt_vreg(g, w, base + idx / per_reg)[idx % per_reg / per_lane];
    uint32_t e = per_lane == 1 ? word : word >> (idx % per_lane * d->ebits) & ((1u << d->ebits) - 1);
    switch (d->dt) {
    case VT_MMA_TF32: return e & 0xffffe000u; /* tf32: the low 13 fraction bits are dropped */
    case VT_MMA_F16: return fp_b32((float)fp_f16_to_f64(e));
    case VT_MMA_BF16: return e << 16;
    case VT_MMA_E4M3: return vt_fp8_to_f32(e, 0);
    case VT_MMA_E5M2: return vt_fp8_to_f32(e, 1);
    case VT_MMA_S8: *iv = (int8_t)e; return 0;
    default: *iv = (int32_t)e; return 0;
    }
}

/* vd.. = A x B + C over a full warp (seed 003 "自定义矩阵乘加指令"; ref 1.9.3/1.9.4) */
int vt_x_mma(vt_group *g, vt_warp *w, const vt_inst *in)
{
    vt_mma_desc d;
    if (vt_mma_decode(in, &d))
        return vt_fault(g, w, "matrix multiply-add with an unsupported shape / type / layout combination");
    if (g->numt != 32 || w->mask != 0xffffffffu || w->vl != 32)
        return vt_fault(g, w, "matrix multiply-add needs a full warp: 32 lanes, all active, vl 32");
    unsigned ra = in->rs1, rb = in->rs2, rc = d.is64 ? in->rs3 : in->rd, rd = in->rd;
    if (ra + d.a_regs > VT_NUM_VREGS || rb + d.b_regs > VT_NUM_VREGS || rc + d.c_regs > VT_NUM_VREGS ||
        rd + d.c_regs > VT_NUM_VREGS)
        return vt_fault(g, w, "matrix multiply-add register window past v255");
    unsigned M = d.m, N = d.n, K = d.k;
    static const fp_round modes[4] = {FP_RNE, FP_RTZ, FP_RDN, FP_RUP};
    fp_round mode = modes[d.rnd & 3];
    uint32_t A[16][64], B[64][16];     /* f32 bits, or integers */
    int32_t Ai[16][64], Bi[64][16];
    for (unsigned idx = 0; idx < M * K; idx++) {
        unsigned m = d.al ? idx % M : idx / K, k = d.al ? idx / M : idx % K;
        A[m][k] = vt_mma_elem(g, w, ra, idx, &d, &Ai[m][k]);
    }
    for (unsigned idx = 0; idx < N * K; idx++) {
        unsigned k = d.bl ? idx / N : idx % K, n = d.bl ? idx % N : idx / K;
        B[k][n] = vt_mma_elem(g, w, rb, idx, &d, &Bi[k][n]);
    }
    uint32_t out[16 * 16];
    int half = !d.ct && !d.is_int; /* f16 C/D, two per register lane */
    for (unsigned m = 0; m < M; m++)
        for (unsigned n = 0; n < N; n++) {
            unsigned idx = m * N + n;
            uint32_t c = half ? vt_vreg(g, w, rc + idx / 64)[idx % 64 / 2] >> (idx % 2 * 16) & 0xffffu
                              : vt_vreg(g, w, rc + idx / 32)[idx % 32];
            if (d.is_int) {
                int64_t acc = (int32_t)c;
                for (unsigned k = 0; k < K; k++)
                    acc += (int64_t)Ai[m][k] * Bi[k][n];
                out[idx] = d.rnd ? (uint32_t)acc : acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? (uint32_t)INT32_MIN
                                                                                                 : (uint32_t)acc;
                continue;
            }
            fp_dot dot;
            memset(&dot, 0, sizeof dot);
            fp_dot_value(&dot, half ? &fp_half : &fp_single, c);
            for (unsigned k = 0; k < K; k++)
                fp_dot_product(&dot, &fp_single, A[m][k], &fp_single, B[k][n]);
            out[idx] = fp_dot_round(&dot, half ? &fp_half : &fp_single, mode, half ? 0x7e00u : 0x7fc00000u);
        }
    for (unsigned r = 0; r < d.c_regs; r++) {
        uint32_t *dst = vt_vreg(g, w, rd + r);
        for (unsigned l = 0; l < 32; l++)
            dst[l] = half ? out[r * 64 + l * 2] | out[r * 64 + l * 2 + 1] << 16 : out[r * 32 + l];
        vt_vwritten(g, rd + r, 0xffffffffu);
    }
    return 0;
}
