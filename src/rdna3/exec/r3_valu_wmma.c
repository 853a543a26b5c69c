/* RDNA3 wave matrix multiply-accumulate: D = A x B + C on 16x16x16 tiles. Register layout: A[m][k]
   in lane m (lanes 0-15; the replicas in 16-31 are not read), element k packed along the VGPRs;
   B[k][n] in lane n the same way; C and D element (m, n) in VGPR m / (lanes / 16) at lane
   16 * (m % (lanes / 16)) + n. A float element is eight chained gfx11 DOT2 steps (r3_dot2_step). */
#include "r3_valu.h"

typedef enum { W_F16, W_BF16, W_IU8, W_IU4 } wmma_in;
typedef enum { O_F32, O_F16, O_BF16, O_I32 } wmma_out;

/* Integer element k of lane `lane`'s A or B fragment starting at VGPR `base` (8 or 4 bits). */
static int64_t wmma_int(const r3_wave *w, unsigned base, int lane, int k, int bits, int is_signed)
{
    int per = 32 / bits;
    int64_t v = r3_vrow(w, base + (unsigned)(k / per))[lane] >> (bits * (k % per)) & ((1u << bits) - 1);
    return is_signed && (v >> (bits - 1)) ? v - ((int64_t)1 << bits) : v;
}

/* Seed 000: a WMMA whose A or B overlaps the D of the WMMA just before it (no VALU between)
   reads a result that is not ready; we compute with the finished value and warn. */
static void wmma_hazard(r3_wave *w, unsigned a, unsigned b, unsigned nab, unsigned d, unsigned nd)
{
    if (w->hz_prev == R3_HZ_WMMA) {
        unsigned d0 = w->hz_dst, d1 = w->hz_dst + w->hz_ndst;
        int ov_a = a < d1 && d0 < a + nab, ov_b = b < d1 && d0 < b + nab;
        if (ov_a || ov_b)
            r3_warn(w, R3W_WMMA_HAZARD, "%s v[%u:%u] is the D of the WMMA just before it (needs an independent VALU "
                    "instruction or v_nop between)", ov_a ? "A" : "B", ov_a ? a : b, (ov_a ? a : b) + nab - 1);
    }
    w->hz_next = R3_HZ_WMMA;
    w->hz_next_dst = (uint16_t)d;
    w->hz_next_ndst = (uint16_t)nd;
}

static void wmma(r3_wave *w, const r3_xop *x, wmma_in tin, wmma_out tout)
{
    int rows_per_vgpr = LANES / 16;
    unsigned a = x->src[0] - 256u, b = x->src[1] - 256u;
    int in_bits = tin == W_IU8 ? 8 : tin == W_IU4 ? 4 : 16;
    wmma_hazard(w, a, b, (unsigned)(16 * in_bits / 32), x->vdst, (unsigned)(16 / rows_per_vgpr));
    int integer = tin == W_IU8 || tin == W_IU4;
    int sa = integer && (x->neg & 1), sb = integer && (x->neg >> 1 & 1);
    int half = x->opsel >> 2 & 1; /* f16/bf16 C and D live in one half of each VGPR */
    r3_dot_out o = tout == O_F32 ? R3_DOT_OUT_F32 : tout == O_F16 ? R3_DOT_OUT_F16 : R3_DOT_OUT_BF16;
    int fp16_ovfl = (w->mode & R3_MODE_FP16_OVFL) != 0;
    /* C: registers, or an inline constant / literal (f16 and bf16 constants fill both halves) */
    uint32_t cconst[R3_MAX_LANES];
    if (x->src[2] < 256)
        r3_src_raw(w, x, 2, tout == O_F16 ? R3_CONST_REP16 : tout == O_BF16 ? R3_CONST_REPBF16 : R3_CONST_F32, cconst);
    uint32_t res[16][16];
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 16; n++) {
            int lane = 16 * (m % rows_per_vgpr) + n;
            uint32_t raw = x->src[2] >= 256 ? r3_vrow(w, x->src[2] - 256u + (unsigned)(m / rows_per_vgpr))[lane] : cconst[0];
            if (integer) {
                int64_t s = (int32_t)raw;
                for (int k = 0; k < 16; k++)
                    s += wmma_int(w, a, m, k, tin == W_IU8 ? 8 : 4, sa) * wmma_int(w, b, n, k, tin == W_IU8 ? 8 : 4, sb);
                if (x->clamp)
                    s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
                res[m][n] = (uint32_t)s;
                continue;
            }
            /* C with NEG_HI[2] as abs and NEG[2] as negate; then eight chained DOT2 steps over the K
               pairs (0,1), (2,3) ... (14,15), C entering the first, each rounded in the result format
               (r3_dot2_step; AMD rocjitsu's mma_exec and gfx1100 captures: one exact sum differs in
               105 of 256 captured elements) */
            uint32_t c = tout == O_F32 ? raw : raw >> (16 * half) & 0xffffu, csign = tout == O_F32 ? 0x80000000u : 0x8000u;
            if (x->neg_hi >> 2 & 1)
                c &= ~csign;
            if (x->neg >> 2 & 1)
                c ^= csign;
            for (int k = 0; k < 16; k += 2) { /* NEG/NEG_HI negate the low/high (even/odd k) halves */
                uint32_t e[4];
                for (int h = 0; h < 2; h++) {
                    uint32_t va = r3_vrow(w, a + (unsigned)k / 2)[m] >> (16 * h) & 0xffffu;
                    uint32_t vb = r3_vrow(w, b + (unsigned)k / 2)[n] >> (16 * h) & 0xffffu;
                    int neg_bits = h ? x->neg_hi : x->neg;
                    e[2 * h] = va ^ (uint32_t)(neg_bits & 1) << 15;
                    e[2 * h + 1] = vb ^ (uint32_t)(neg_bits >> 1 & 1) << 15;
                }
                c = r3_dot2_step(e[0], e[1], e[2], e[3], c, tin == W_BF16, o, fp16_ovfl);
            }
            res[m][n] = c;
        }
    /* every lane, whatever EXEC holds: the guide's pseudocode (16.10) sets EXEC to all ones for the
       multiply and restores it after */
    for (int m = 0; m < 16; m++) {
        uint32_t *d = r3_vrow_w(w, x->vdst + (unsigned)(m / rows_per_vgpr));
        for (int n = 0; n < 16; n++) {
            int lane = 16 * (m % rows_per_vgpr) + n;
            uint32_t h = res[m][n];
            d[lane] = tout == O_F32 || tout == O_I32 ? h : half ? (d[lane] & 0xffffu) | h << 16 : (d[lane] & 0xffff0000u) | h;
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

