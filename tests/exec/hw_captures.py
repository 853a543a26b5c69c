#!/usr/bin/env python3
# Results captured from RDNA3 hardware by others, run on wavesim: each case is one instruction on
# given register values and the result a real GPU wrote. The source of every value is AMD's rocjitsu
# emulator (ROCm/rocm-systems, emulation/rocjitsu), whose tests carry register captures from a Radeon
# Pro W7900 (gfx1100) and values checked on gfx1100 and gfx1201; no value here comes from wavesim or
# from a model of ours. Cases wavesim does not match yet are listed in docs/isa-notes-rdna3.md
# ("Hardware captures that contradict readings below"), not here: every case below must pass.
import argparse
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

MODE_DENORMS = 0x3f0   # IEEE, DX10_CLAMP, all denormals kept, round to nearest even

# (what, MODE, instructions leaving the result in v40 (and v41 for 64-bit results), captured result,
#  result dwords)
CASES = [
    # v_dot2_f32_bf16 with an inline constant: its f32 bits' high half in both bf16 halves (the
    # other source holds bf16 (1.0, 2.0)); gfx11_dot2 tests, W7900 captures
    ('dot2_f32_bf16 1.0 constant', MODE_DENORMS,
     ['v_mov_b32 v1, 0x40003f80', 'v_dot2_f32_bf16 v40, 1.0, v1, 0'], 0x40400000, 1),
    ('dot2_f32_bf16 1/(2pi) constant', MODE_DENORMS,
     ['v_mov_b32 v1, 0x40003f80', 'v_dot2_f32_bf16 v40, 0.15915494, v1, 0'], 0x3ef30000, 1),
    # v_dot2_f32_f16 with an inline constant: f16 bits in the low half only (other source f16 (1.0, 2.0))
    ('dot2_f32_f16 1.0 constant', MODE_DENORMS,
     ['v_mov_b32 v1, 0x40003c00', 'v_dot2_f32_f16 v40, 1.0, v1, 0'], 0x3f800000, 1),
    ('dot2_f32_f16 integer 1 constant', MODE_DENORMS,
     ['v_mov_b32 v1, 0x40003c00', 'v_dot2_f32_f16 v40, 1, v1, 0'], 0x33800000, 1),
    # v_cvt_nearest_i32_f32: the exact S0 + 0.5, halves up (conversion captures, gfx1100/gfx1201)
    ('cvt_nearest_i32_f32 0.49999997', MODE_DENORMS,
     ['v_mov_b32 v1, 0x3effffff', 'v_cvt_nearest_i32_f32 v40, v1'], 0, 1),
    ('cvt_nearest_i32_f32 8388609', MODE_DENORMS,
     ['v_mov_b32 v1, 0x4b000001', 'v_cvt_nearest_i32_f32 v40, v1'], 8388609, 1),
    ('cvt_nearest_i32_f32 -8388609', MODE_DENORMS,
     ['v_mov_b32 v1, 0xcb000001', 'v_cvt_nearest_i32_f32 v40, v1'], (-8388609) & 0xffffffff, 1),
    # f32 transcendentals take and make no denormals; invalid inputs give the negative default NaN
    # (transcendental tests, gfx1100 and gfx1201 captures)
    ('sqrt_f32 of the smallest denormal', MODE_DENORMS, ['v_mov_b32 v1, 1', 'v_sqrt_f32 v40, v1'], 0, 1),
    ('sqrt_f32 of -denormal', MODE_DENORMS, ['v_mov_b32 v1, 0x80000001', 'v_sqrt_f32 v40, v1'], 0x80000000, 1),
    ('rsq_f32 of -denormal', MODE_DENORMS, ['v_mov_b32 v1, 0x80000001', 'v_rsq_f32 v40, v1'], 0xff800000, 1),
    ('rcp_f32 of 2^127', MODE_DENORMS, ['v_mov_b32 v1, 0x7f000000', 'v_rcp_f32 v40, v1'], 0, 1),
    ('rsq_f32 of -1', MODE_DENORMS, ['v_rsq_f32 v40, -1.0'], 0xffc00000, 1),
    ('sqrt_f32 of -inf', MODE_DENORMS, ['v_mov_b32 v1, 0xff800000', 'v_sqrt_f32 v40, v1'], 0xffc00000, 1),
    ('sin_f32 of inf', MODE_DENORMS, ['v_mov_b32 v1, 0x7f800000', 'v_sin_f32 v40, v1'], 0xffc00000, 1),
    # sin/cos take revolutions: zero signs and exact quarter turns (gfx1100/gfx1201 captures)
    ('sin_f32 of -0', MODE_DENORMS, ['v_mov_b32 v1, 0x80000000', 'v_sin_f32 v40, v1'], 0x80000000, 1),
    ('sin_f32 of 0.5', MODE_DENORMS, ['v_sin_f32 v40, 0.5'], 0, 1),
    ('cos_f32 of 0.25', MODE_DENORMS, ['v_mov_b32 v1, 0x3e800000', 'v_cos_f32 v40, v1'], 0, 1),
    ('sin_f32 of the largest f32', MODE_DENORMS, ['v_mov_b32 v1, 0x7f7fffff', 'v_sin_f32 v40, v1'], 0, 1),
    ('sin_f32 of -largest f32', MODE_DENORMS, ['v_mov_b32 v1, 0xff7fffff', 'v_sin_f32 v40, v1'], 0, 1),
    ('sin_f32 of the smallest denormal', MODE_DENORMS, ['v_mov_b32 v1, 1', 'v_sin_f32 v40, v1'], 6, 1),
    # v_div_fixup_f16: a NaN or infinite quotient with ordinary S1, S2 is an overflow rounded by the
    # f16 MODE rounding (div_fixup_f16, checked on gfx1100 and gfx1201)
] + [('div_fixup_f16 (%#x, %#x, 1.0), MODE round %d' % (q, d, r), 0x3f0 | r << 2,
      ['v_mov_b32 v1, %#x' % q, 'v_mov_b32 v2, %#x' % d, 'v_div_fixup_f16 v40, v1, v2, 1.0'], want, 1)
     for q, d, r, want in ((0x7e2a, 0x3c00, 0, 0x7c00), (0x7e2a, 0x3c00, 3, 0x7bff), (0x7e2a, 0x3c00, 2, 0x7bff),
                           (0x7e2a, 0x3c00, 1, 0x7c00), (0x7c00, 0xbc00, 1, 0xfbff), (0x7e2a, 0xbc00, 0, 0xfc00))
    # v_trig_preop_f64: 1184 bits of 2/pi, truncated, in every rounding mode (trig_preop captures)
] + [('trig_preop_f64 1.0 segment 0, MODE round %d' % r, 0x3f0 | r | r << 2,
      ['v_trig_preop_f64 v[40:41], 1.0, 0'], 0x3fe45f306dc9c882, 2) for r in range(4)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    ks = []
    for i, (what, mode, lines, _, dwords) in enumerate(CASES):
        body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mov_b32 exec_lo, 1'] + lines + \
               ['v_mov_b32 v63, 0'] + ['global_store_b32 v63, v%d, s[4:5] offset:%d' % (40 + k, 4 * k)
                                       for k in range(dwords)] + ['s_endpgm']
        ks.append(asmkit.Kernel('hw%d' % i, body, nargs=1, vgprs=64, float_mode=mode))
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, ks, tmp, 'hw')
        out = os.path.join(tmp, 'out')
        for (what, mode, lines, want, dwords), k in zip(CASES, ks):
            p = asmkit.run(args.tool, hsaco, k.name, 1, 1, ['zeros:8'], {0: out})
            if p.returncode:
                print('FAIL %s: %s' % (what, p.stderr.strip()))
                bad += 1
                continue
            words = struct.unpack('<2I', open(out, 'rb').read())
            got = words[0] | (words[1] << 32 if dwords == 2 else 0)
            if got != want:
                print('MISMATCH %s (MODE 0x%x; %s): captured 0x%x, wavesim 0x%x' % (what, mode, '; '.join(lines),
                                                                                 want, got))
                bad += 1
    print('hardware captures: %d cases, %d differ' % (len(CASES), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
