/* Reference model of the six RDNA3 WMMA instructions for tests/exec/wmma_matrix.py, from the
   register layouts of seed 000 and docs/isa-notes-rdna3.md: A[m][k] in lane m (k packed along the
   VGPRs), B[k][n] in lane n, C/D element (m, n) in VGPR m / (wave / 16) at lane
   16 * (m % (wave / 16)) + n. A float element is eight chained gfx11 DOT2 steps (ref_dot2.h).
   stdin: "VARIANT WAVE NEG_LO NEG_HI OPSEL CLAMP" then the A, B, C and old-D register images as
   hex words, VGPR by VGPR, lane by lane; stdout: the D image. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_dot2.h"

enum { F32_F16, F32_BF16, F16_F16, BF16_BF16, I32_IU8, I32_IU4 };

int main(void)
{
    int variant, wave, neg_lo, neg_hi, opsel, clamp;
    if (scanf("%d %d %d %d %d %d", &variant, &wave, &neg_lo, &neg_hi, &opsel, &clamp) != 6)
        return 2;
    int integer = variant >= I32_IU8, bits = variant == I32_IU8 ? 8 : variant == I32_IU4 ? 4 : 16;
    int ab_regs = 16 * bits / 32, cd_regs = 16 / (wave / 16);
    static uint32_t A[16][64], B[16][64], C[16][64], D[16][64];
    uint32_t (*img[4])[64] = {A, B, C, D};
    int nregs[4] = {ab_regs, ab_regs, cd_regs, cd_regs};
    for (int r = 0; r < 4; r++)
        for (int v = 0; v < nregs[r]; v++)
            for (int l = 0; l < wave; l++)
                if (scanf("%x", &img[r][v][l]) != 1)
                    return 3;
    int rows = wave / 16, half = opsel >> 2 & 1;
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 16; n++) {
            int lane = 16 * (m % rows) + n, reg = m / rows;
            uint32_t craw = C[reg][lane];
            if (integer) {
                int64_t s = (int32_t)craw;
                for (int k = 0; k < 16; k++) {
                    int per = 32 / bits;
                    int64_t a = A[k / per][m] >> (bits * (k % per)) & ((1u << bits) - 1);
                    int64_t b = B[k / per][n] >> (bits * (k % per)) & ((1u << bits) - 1);
                    if ((neg_lo & 1) && a >> (bits - 1)) a -= 1ll << bits;
                    if ((neg_lo & 2) && b >> (bits - 1)) b -= 1ll << bits;
                    s += a * b;
                }
                if (clamp)
                    s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
                D[reg][lane] = (uint32_t)s;
                continue;
            }
            /* C, with NEG_HI[2] as abs and NEG_LO[2] as negate; then eight chained DOT2 steps over the
               K pairs (0,1) ... (14,15), C entering the first, each rounded (ref_dot2.h) */
            int f32c = variant <= F32_BF16, bf16 = variant == F32_BF16 || variant == BF16_BF16;
            uint32_t csign = f32c ? 0x80000000u : 0x8000u;
            uint32_t out = f32c ? craw : craw >> (16 * half) & 0xffff;
            if (neg_hi & 4) out &= ~csign;
            if (neg_lo & 4) out ^= csign;
            for (int k = 0; k < 16; k += 2) {
                uint32_t f[4];
                for (int h = 0; h < 2; h++) {
                    uint32_t a = A[k / 2][m] >> (16 * h) & 0xffff, b = B[k / 2][n] >> (16 * h) & 0xffff;
                    if ((h ? neg_hi : neg_lo) & 1) a ^= 0x8000;
                    if ((h ? neg_hi : neg_lo) & 2) b ^= 0x8000;
                    f[2 * h] = a, f[2 * h + 1] = b;
                }
                out = ref_dot_step(f[0], f[1], f[2], f[3], out, bf16,
                                   f32c ? REF_DOT_F32 : variant == F16_F16 ? REF_DOT_F16 : REF_DOT_BF16);
            }
            if (variant <= F32_BF16)
                D[reg][lane] = out;
            else
                D[reg][lane] = half ? (D[reg][lane] & 0xffffu) | out << 16 : (D[reg][lane] & 0xffff0000u) | out;
        }
    for (int v = 0; v < cd_regs; v++)
        for (int l = 0; l < wave; l++)
            printf("%08x%c", D[v][l], l == wave - 1 ? '\n' : ' ');
    return 0;
}
