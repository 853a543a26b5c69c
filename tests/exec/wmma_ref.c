/* Reference model of the six RDNA3 WMMA instructions for tests/exec/wmma_matrix.py, from the
   register layouts of seed 000 and docs/isa-notes-rdna3.md: A[m][k] in lane m (k packed along the
   VGPRs), B[k][n] in lane n, C/D element (m, n) in VGPR m / (wave / 16) at lane
   16 * (m % (wave / 16)) + n. Sums are exact (a wide fixed-point accumulator) and rounded once to
   nearest even; an exact zero follows IEEE's sign rule.
   stdin: "VARIANT WAVE NEG_LO NEG_HI OPSEL CLAMP" then the A, B, C and old-D register images as
   hex words, VGPR by VGPR, lane by lane; stdout: the D image. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_wide.h"

enum { F32_F16, F32_BF16, F16_F16, BF16_BF16, I32_IU8, I32_IU4 };

/* A float value as (neg, mantissa, exponent); returns 1 for infinity, 2 for NaN. */
static int split(uint32_t bits, int man, int ex, int *neg, uint64_t *mag, int *exp2)
{
    int bias = (1 << (ex - 1)) - 1;
    uint32_t e = bits >> man & ((1u << ex) - 1), m = bits & ((1u << man) - 1);
    *neg = (int)(bits >> (man + ex) & 1);
    if (e == (1u << ex) - 1)
        return m ? 2 : 1;
    *mag = e ? m | 1u << man : m;
    *exp2 = (e ? (int)e : 1) - bias - man;
    return 0;
}

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
    int fman = variant == F32_F16 || variant == F16_F16 ? 10 : 7, fex = variant == F32_F16 || variant == F16_F16 ? 5 : 8;
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
            wide acc;
            memset(&acc, 0, sizeof acc);
            int nan = 0, pinf = 0, ninf = 0, neg, e, nonzero = 0, pos_zero = 0, neg_zero = 0;
            uint64_t mag;
            /* C, with NEG_HI[2] as abs and NEG_LO[2] as negate */
            int cm = variant <= F32_BF16 ? 23 : fman, ce = variant <= F32_BF16 ? 8 : fex;
            uint32_t cbits = variant <= F32_BF16 ? craw : craw >> (16 * half) & 0xffff;
            if (neg_hi & 4) cbits &= ~(1u << (cm + ce));
            if (neg_lo & 4) cbits ^= 1u << (cm + ce);
            int k0 = split(cbits, cm, ce, &neg, &mag, &e);
            if (k0 == 2)
                nan = 1;
            else if (k0 == 1)
                *(neg ? &ninf : &pinf) = 1;
            else if (mag)
                wide_add_shifted(&acc, neg, mag, e), nonzero = 1;
            else
                *(neg ? &neg_zero : &pos_zero) = 1;
            for (int k = 0; k < 16; k++) {
                uint32_t a = A[k / 2][m] >> (16 * (k & 1)) & 0xffff, b = B[k / 2][n] >> (16 * (k & 1)) & 0xffff;
                if ((k & 1 ? neg_hi : neg_lo) & 1) a ^= 0x8000;
                if ((k & 1 ? neg_hi : neg_lo) & 2) b ^= 0x8000;
                int na, nb, ea, eb;
                uint64_t ma, mb;
                int ka = split(a, fman, fex, &na, &ma, &ea), kb = split(b, fman, fex, &nb, &mb, &eb);
                if (ka == 2 || kb == 2 || (ka == 1 && kb == 0 && mb == 0) || (kb == 1 && ka == 0 && ma == 0)) {
                    nan = 1;
                    continue;
                }
                if (ka == 1 || kb == 1) {
                    *((na ^ nb) ? &ninf : &pinf) = 1;
                    continue;
                }
                if (ma && mb)
                    wide_add_shifted(&acc, na ^ nb, ma * mb, ea + eb), nonzero = 1;
                else
                    *((na ^ nb) ? &neg_zero : &pos_zero) = 1;
            }
            uint32_t out;
            int om = variant <= F32_BF16 ? 23 : fman, oe = variant <= F32_BF16 ? 8 : fex;
            if (nan || (pinf && ninf))
                out = variant <= F32_BF16 ? 0x7fc00000u : variant == F16_F16 ? 0x7e00u : 0x7fc0u;
            else if (pinf || ninf)
                out = (uint32_t)ninf << (om + oe) | (((1u << oe) - 1) << om);
            else if (wide_is_zero(&acc))
                out = (uint32_t)wide_zero_sign(nonzero, pos_zero, neg_zero, 0) << (om + oe);
            else
                out = wide_round(acc, om, oe, 0);
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
