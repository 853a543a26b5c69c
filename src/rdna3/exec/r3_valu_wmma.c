/* RDNA3 wave matrix multiply-accumulate: D = A x B + C on 16x16x16 tiles. Register layout: A[m][k]
   in lane m (lanes 0-15; the replicas in 16-31 are not read), element k packed along the VGPRs;
   B[k][n] in lane n the same way; C and D element (m, n) in VGPR m / (lanes / 16) at lane
   16 * (m % (lanes / 16)) + n. Sums are formed in double and rounded once (round to nearest even). */
#include "r3_valu.h"

typedef enum { W_F16, W_BF16, W_IU8, W_IU4 } wmma_in;
typedef enum { O_F32, O_F16, O_BF16, O_I32 } wmma_out;

/* Element k of lane `lane`'s A or B fragment starting at VGPR `base`, as a value. */
static double wmma_elem(const r3_wave *w, unsigned base, int lane, int k, wmma_in t, int is_signed, int neg_lo,
                        int neg_hi)
{
    if (t == W_F16 || t == W_BF16) {
        uint32_t v = r3_vrow(w, base + (unsigned)k / 2)[lane] >> (16 * (k & 1)) & 0xffffu;
        if ((k & 1) ? neg_hi : neg_lo)
            v ^= 0x8000u;
        return t == W_F16 ? r3_h(v) : (double)fp_bf16_to_f32(v);
    }
    int bits = t == W_IU8 ? 8 : 4, per = 32 / bits;
    int64_t v = r3_vrow(w, base + (unsigned)(k / per))[lane] >> (bits * (k % per)) & ((1u << bits) - 1);
    if (is_signed && (v >> (bits - 1)))
        v -= (int64_t)1 << bits;
    return (double)v;
}

static void wmma(r3_wave *w, const r3_xop *x, wmma_in tin, wmma_out tout)
{
    int rows_per_vgpr = LANES / 16;
    unsigned a = x->src[0] - 256u, b = x->src[1] - 256u;
    int integer = tin == W_IU8 || tin == W_IU4;
    int sa = integer && (x->neg & 1), sb = integer && (x->neg >> 1 & 1);
    int half = x->opsel >> 2 & 1; /* f16/bf16 C and D live in one half of each VGPR */
    double acc[16][16];
    /* C: registers, or an inline constant / literal (f16 and bf16 constants fill both halves) */
    uint32_t cconst[R3_MAX_LANES];
    if (x->src[2] < 256)
        r3_src_raw(w, x, 2, tout == O_F16 ? R3_CONST_REP16 : tout == O_BF16 ? R3_CONST_REPBF16 : R3_CONST_F32, cconst);
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 16; n++) {
            int lane = 16 * (m % rows_per_vgpr) + n;
            uint32_t raw = x->src[2] >= 256 ? r3_vrow(w, x->src[2] - 256u + (unsigned)(m / rows_per_vgpr))[lane] : cconst[0];
            double c;
            switch (tout) {
            case O_F32: c = fp_f32(raw); break;
            case O_I32: c = (double)(int32_t)raw; break;
            case O_F16: c = r3_h(raw >> (16 * half) & 0xffffu); break;
            default: c = fp_bf16_to_f32(raw >> (16 * half) & 0xffffu); break;
            }
            if (!integer) { /* NEG_HI[2] is abs and NEG[2] negates C */
                if (x->neg_hi >> 2 & 1)
                    c = fabs(c);
                if (x->neg >> 2 & 1)
                    c = -c;
            }
            acc[m][n] = c;
        }
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 16; n++) {
            double s = 0;
            for (int k = 0; k < 16; k++)
                s += wmma_elem(w, a, m, k, tin, sa, x->neg & 1, x->neg_hi & 1) *
                     wmma_elem(w, b, n, k, tin, sb, x->neg >> 1 & 1, x->neg_hi >> 1 & 1);
            acc[m][n] += s;
        }
    uint64_t exec = r3_exec_mask(w);
    for (int m = 0; m < 16; m++) {
        uint32_t *d = r3_vrow_w(w, x->vdst + (unsigned)(m / rows_per_vgpr));
        for (int n = 0; n < 16; n++) {
            int lane = 16 * (m % rows_per_vgpr) + n;
            if (!(exec >> lane & 1))
                continue;
            double v = acc[m][n];
            switch (tout) {
            case O_F32: d[lane] = isnan(v) ? 0x7fc00000u : fp_f64_to_f32(v, FP_RNE); break;
            case O_I32: {
                int64_t iv = (int64_t)v;
                if (x->clamp)
                    iv = iv > INT32_MAX ? INT32_MAX : iv < INT32_MIN ? INT32_MIN : iv;
                d[lane] = (uint32_t)iv;
                break;
            }
            default: {
                uint32_t h = tout == O_F16 ? fp_f64_to_f16(v, FP_RNE) : fp_f32_to_bf16((float)v, FP_RNE);
                if (isnan(v))
                    h = tout == O_F16 ? 0x7e00u : 0x7fc0u;
                d[lane] = half ? (d[lane] & 0xffffu) | h << 16 : (d[lane] & 0xffff0000u) | h;
                break;
            }
            }
        }
    }
}
/* D.f32 = A.f16 x B.f16 + C.f32 */
OP(v_wmma_f32_16x16x16_f16) { wmma(w, x, W_F16, O_F32); }
/* D.f32 = A.bf16 x B.bf16 + C.f32 */
OP(v_wmma_f32_16x16x16_bf16) { wmma(w, x, W_BF16, O_F32); }
/* D.f16 = A.f16 x B.f16 + C.f16 (C and D in the halves OP_SEL[2] names) */
OP(v_wmma_f16_16x16x16_f16) { wmma(w, x, W_F16, O_F16); }
/* D.bf16 = A.bf16 x B.bf16 + C.bf16 (C and D in the halves OP_SEL[2] names) */
OP(v_wmma_bf16_16x16x16_bf16) { wmma(w, x, W_BF16, O_BF16); }
/* D.i32 = A.iu8 x B.iu8 + C.i32 (signedness per NEG[1:0]; CLAMP saturates) */
OP(v_wmma_i32_16x16x16_iu8) { wmma(w, x, W_IU8, O_I32); }
/* D.i32 = A.iu4 x B.iu4 + C.i32 (signedness per NEG[1:0]; CLAMP saturates) */
OP(v_wmma_i32_16x16x16_iu4) { wmma(w, x, W_IU4, O_I32); }

/* raises the illegal-instruction exception */
OP(v_illegal) { (void)x; r3_fault(w, "v_illegal: illegal instruction"); }

const r3_handler r3_valu_wmma_handlers[] = {
    H(v_wmma_f32_16x16x16_f16), H(v_wmma_f32_16x16x16_bf16), H(v_wmma_f16_16x16x16_f16),
    H(v_wmma_bf16_16x16x16_bf16), H(v_wmma_i32_16x16x16_iu8), H(v_wmma_i32_16x16x16_iu4), H(v_illegal),
};
const size_t r3_valu_wmma_nhandlers = sizeof r3_valu_wmma_handlers / sizeof r3_valu_wmma_handlers[0];
