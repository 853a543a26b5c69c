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


# NaN results (docs/isa-notes-rdna3.md, "NaN results"): every value a gfx1100 row of AMD rocjitsu's
# emulation/rocjitsu/tests/valu_fp_mode_test.cpp (ROCm/rocm-systems commit
# 0005084e1c4abb7e0a137fb31096bf462f60290d), its test function and case named per group. MODE as
# ours: round32 [1:0], round16/64 [3:2], f32 denormals [5:4], f16/f64 denormals [7:6], DX10_CLAMP 8,
# IEEE 9.

def _mov(*vals):
    return ['v_mov_b32 v%d, %#x' % (i + 1, v) for i, v in enumerate(vals)]


def _pair(h):
    return h * 0x10001


HW_NAN = []
# --- 1. IEEE = 0 returns a signalling NaN source unquieted (IEEE = 1 quiets it); with several NaN
# sources the first in operand order wins, signalling or not ---
# binary_f32_policy_cases FirstNan / SecondNan ("expected raw bits were captured on gfx1100/gfx1201")
HW_NAN += [('%s(%#x, %#x), MODE %#x' % (op, a, b, m), m, _mov(a, b) + ['%s v40, v1, v2' % op],
                 0x7fc01abc if m & 0x200 else 0x7f801abc, 1)
                for op in ('v_add_f32', 'v_add_f32_e64', 'v_mul_f32', 'v_mul_f32_e64')
                for a, b in ((0x7f801abc, 0xffc00222), (0x3f800000, 0x7f801abc))
                for m in (0x000, 0x031, 0x200)]
# dx9_fma_cases ("captured gfx1100/gfx1201 boundary and payload witnesses")
HW_NAN += [('v_fma_dx9_zero_f32(%#x, %#x, %#x), MODE %#x' % (a, b, c, m), m,
                 _mov(a, b, c) + ['v_fma_dx9_zero_f32 v40, v1, v2, v3'], 0x7fc00012 if m & 0x200 else 0x7f800012, 1)
                for a, b, c in ((0x7f800012, 0x3f800000, 0x3f800000), (0x3f800000, 0x7f800012, 0x3f800000),
                                (0x3f800000, 0x3f800000, 0x7f800012), (0, 0x7f800000, 0x7f800012))
                for m in (0x000, 0x0f3, 0x200)]
HW_NAN += [('v_fmac_dx9_zero_f32(sNaN, 1.0, acc 1.0), MODE 0', 0,
                 _mov(0x7f800012, 0x3f800000) + ['v_mov_b32 v40, 0x3f800000', 'v_fmac_dx9_zero_f32 v40, v1, v2'],
                 0x7f800012, 1)]
# f16_fma_nan_cases ("raw witnesses captured on gfx1100/gfx1201"), scalar and packed
HW_NAN += [('%s(%#x, %#x, %#x), MODE %#x' % (op, a, b, c, m), m,
                 _mov(*([_pair(v) for v in (a, b, c)] if 'pk' in op else (a, b, c))) + ['%s v40, v1, v2, v3' % op],
                 (_pair if 'pk' in op else int)(want | (0x200 if m & 0x200 else 0)), 1)
                for op in ('v_fma_f16', 'v_pk_fma_f16')
                for a, b, c, want in ((0x7c01, 0x3c00, 0, 0x7c01), (0x3c00, 0xfc12, 0x7e01, 0xfc12),
                                      (0x3c00, 0x3c00, 0x7c01, 0x7c01), (0x7fc1, 0xff80, 0xff80, 0x7fc1))
                for m in (0x000, 0x0c0, 0x200)]
# fma_mix_f32_cases SignalingNan / IeeeNan ("raw gfx1100/gfx1201 captures")
HW_NAN += [('v_fma_mix_f32(sNaN, 1.0, 1.0), MODE %#x' % m, m,
                 _mov(0x7f800012, 0x3f800000, 0x3f800000) + ['v_fma_mix_f32 v40, v1, v2, v3'], want, 1)
                for m, want in ((0x000, 0x7f800012), (0x200, 0x7fc00012))]
# ValuFpModeHelpers.PackedF16NanSelection ("physical gfx1100/gfx1201 captures"): add/mul take the
# first NaN; min/max follow the guide's IEEE / non-IEEE pseudocode
HW_NAN += [('v_pk_%s_f16(%#x, %#x), MODE %#x' % (op, a, b, 0xc0 | ie << 9), 0xc0 | ie << 9,
                 _mov(_pair(a), _pair(b)) + ['v_pk_%s_f16 v40, v1, v2' % op], _pair(want[ie]), 1)
                for op, a, b, want in (('add', 0x7c01, 0xff80, (0x7c01, 0x7e01)), ('mul', 0x3c00, 0x7c01, (0x7c01, 0x7e01)),
                                       ('add', 0x7fc1, 0xfc02, (0x7fc1, 0x7fc1)), ('min', 0x7fc1, 0xfc02, (0x7fc1, 0xfe02)),
                                       ('max', 0x3c00, 0x7c01, (0x3c00, 0x7e01)), ('min', 0x7c01, 0xff80, (0x7c01, 0x7e01)))
                for ie in (0, 1)]
# transcendental_policy_cases ("raw gfx1100/gfx1201 witnesses"), half_log_exp_arithmetic_cases
# ("raw gfx1100/gfx1201 captures"), trig_fp_cases SignalingNan (gfx1100/gfx1201 captures)
HW_NAN += [('%s(%#x)%s, MODE %#x' % (op, v, mods, m), m, _mov(v) + ['%s v40, v1%s' % (op, mods)], want, 1)
                for op, v, mods, m, want in (
                    ('v_rcp_f32_e64', 0x7f800001, '', 0x000, 0x7f800001), ('v_rsq_f32_e64', 0x7f800001, '', 0x000, 0x7f800001),
                    ('v_rcp_f16_e64', 0x7c01, '', 0x000, 0x7c01), ('v_rsq_f16_e64', 0x7c01, '', 0x200, 0x7e01),
                    ('v_sqrt_f16_e64', 0x7c01, ' mul:2', 0x000, 0x7c01), ('v_sin_f16_e64', 0x7c01, '', 0x000, 0x7c01),
                    ('v_cos_f16_e64', 0x7c01, '', 0x000, 0x7c01), ('v_log_f16_e64', 0xfc01, ' clamp', 0x030, 0xfc01),
                    ('v_exp_f16_e64', 0x7c01, ' mul:2', 0x030, 0x7c01),
                    ('v_sin_f32', 0xff812345, '', 0x0f0, 0xff812345), ('v_cos_f32', 0xff812345, '', 0x0f0, 0xff812345),
                    ('v_sin_f32', 0xff812345, '', 0x2f0, 0xffc12345))]
# adjacent_fp_cases Gfx1100ScaleF64SignalingNaNMode* (gfx1100; MODE 0..255: IEEE is 0)
HW_NAN += [('v_div_scale_f64(sNaN, sNaN, x), MODE %#x' % m, m,
                 _mov(0x510b2fa8, 0x7ff19bde, 0xc874d413, 0x90fe0a8f) +
                 ['v_div_scale_f64 v[40:41], vcc_lo, v[1:2], v[1:2], v[3:4]'], 0x7ff19bde510b2fa8, 2)
                for m in (0x00, 0x11, 0xff)]
# ... and the instructions that quiet whatever IEEE says (adjacent_fp_cases, "checked independently
# on gfx1100/gfx1201"): these pass today and must keep passing
HW_NAN += [('v_frexp_mant_f32(0xff80002a), MODE 0xf0', 0xf0, _mov(0xff80002a) + ['v_frexp_mant_f32 v40, v1'],
                 0xffc0002a, 1),
                ('v_div_fixup_f16(0, 1.0, 0xfc2a), MODE 0xf0', 0xf0, _mov(0, 0x3c00, 0xfc2a) +
                 ['v_div_fixup_f16 v40, v1, v2, v3'], 0xfe2a, 1)]

# --- 2. an invalid operation gives the negative default NaN (f16 0xfe00), and an invalid product
# (0 x inf after input flushing) beats a NaN addend ---
# f16_fma_nan_cases InvalidProductFirst / InvalidFiniteAddend / OppositeInfinities / FlushedProductFirst
HW_NAN += [('%s(%#x, %#x, %#x), MODE %#x' % (op, a, b, c, m), m,
                 _mov(*([_pair(v) for v in (a, b, c)] if 'pk' in op else (a, b, c))) + ['%s v40, v1, v2, v3' % op],
                 (_pair if 'pk' in op else int)(want), 1)
                for op in ('v_fma_f16', 'v_pk_fma_f16')
                for m in (0x000, 0x040, 0x2c0)
                for a, b, c, want in ((0, 0x7c00, 0x7e01, 0xfe00), (0, 0x7c00, 0x3c00, 0xfe00),
                                      (0x7c00, 0x3c00, 0xfc00, 0xfe00),
                                      (1, 0x7c00, 0x7e01, 0x7e01 if m & 0x40 else 0xfe00))]
# fma_mix_half_cases ("both cards prioritize an invalid product over the addend NaN"), MODE 0
HW_NAN += [('%s(%#x, %#x, 0x7fe9a000), MODE 0' % (op, a, b), 0, _mov(a, b, 0x7fe9a000) + ['%s v40, v1, v2, v3' % op],
                 want << (16 if op.endswith('hi_f16') else 0), 1)
                for op in ('v_fma_mixlo_f16', 'v_fma_mixhi_f16')
                for a, b, want in ((0, 0x7f800000, 0xfe00), (0x7f800000, 0, 0xfe00), (0x7fc12000, 0x3f800000, 0x7e09))]
# half_log_exp_arithmetic_cases LogInvalidClamp, adjacent_fp_cases FixupF16Invalid (pass today)
HW_NAN += [('v_log_f16(-1.0) clamp, MODE 0x30', 0x30, _mov(0xbc00) + ['v_log_f16_e64 v40, v1 clamp'], 0xfe00, 1),
                ('v_div_fixup_f16(-3.0, 0, 0), MODE 0xf0', 0xf0, _mov(0xc200, 0, 0) + ['v_div_fixup_f16 v40, v1, v2, v3'],
                 0xfe00, 1)]

CASES += HW_NAN


# dot2 and WMMA arithmetic (docs/isa-notes-rdna3.md "Dot products and WMMA"): gfx1100 (W7900) captures
# in AMD rocjitsu's tests/fixtures/float_dot (gfx1100_cases.h, packed_wmma_cases.h,
# packed_operand_cases.h) and tests/gfx11_dot2_test.cpp, the source named per case; a WMMA case
# sets the A, B and C lanes its element reads (EXEC set by hand) and reads the element back with
# v_readlane.
def _wmma_all_lanes(inst, a, b, c=None, before=()):
    """The lines of a WMMA case whose matrices are uniform: on every lane A (v8-v15) all `a`, B
    (v16-v23) all `b`, C (v24-v31) all `c` (None: `inst` takes an inline C), D (v40-v47) preset to
    0x56781234 (a 16-bit result keeps the other half); `before` runs first. v40's lane 0 holds the
    result."""
    lanes = ['s_mov_b32 exec_lo, -1'] + ['v_mov_b32 v%d, %#x' % (r, v) for base, v in ((8, a), (16, b), (40, 0x56781234))
                                         for r in range(base, base + 8)]
    if c is not None:
        lanes += ['v_mov_b32 v%d, %#x' % (r, c) for r in range(24, 32)]
    return list(before) + lanes + [inst, 'v_nop', 's_mov_b32 exec_lo, 1']


HW_DOT = [
    # gfx1100_cases.h kDot2F16Cases[2]  wavesim~ 0x3f800000
    ('dot2_f32_f16 (0x3c00bc00, 0x3c003c00, 0x3f800000)', MODE_DENORMS, _mov(0x3c00bc00, 0x3c003c00, 0x3f800000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x3f7fffff, 1),
    # gfx1100_cases.h kDot2F16Cases[7]  wavesim~ 0x3f800000
    ('dot2_f32_f16 (0x3c00bc00, 0x3c000000, 0x00000000)', MODE_DENORMS, _mov(0x3c00bc00, 0x3c000000, 0x0) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x3f7fffff, 1),
    # gfx1100_cases.h kDot2F16Cases[8]  wavesim~ 0x3f800000
    ('dot2_f32_f16 (0x3c003c00, 0x3c000000, 0x80000000)', MODE_DENORMS, _mov(0x3c003c00, 0x3c000000, 0x80000000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x3f800001, 1),
    # gfx1100_cases.h kDot2F16Cases[14]  wavesim~ 0x7fc02000
    ('dot2_f32_f16 (0x3c007e01, 0x3c003c00, 0x00000000)', MODE_DENORMS, _mov(0x3c007e01, 0x3c003c00, 0x0) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xffc00a3d, 1),
    # gfx1100_cases.h kDot2F16Cases[18]  wavesim~ 0x7fc12345
    ('dot2_f32_f16 (0x7c007e01, 0x00003c00, 0x7fc12345)', MODE_DENORMS, _mov(0x7c007e01, 0x3c00, 0x7fc12345) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xffc00a3d, 1),
    # gfx1100_cases.h kDot2F16Cases[19]  wavesim~ 0x7fc12345
    ('dot2_f32_f16 (0x3c007c00, 0x3c000000, 0x7fc12345)', MODE_DENORMS, _mov(0x3c007c00, 0x3c000000, 0x7fc12345) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xffc00000, 1),
    # gfx1100_cases.h kDot2F16Cases[12]  wavesim~ agrees
    ('dot2_f32_f16 (0x3c003c00, 0x3c003c00, 0x7f812345)', MODE_DENORMS, _mov(0x3c003c00, 0x3c003c00, 0x7f812345) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x7fc12345, 1),
    # gfx1100_cases.h kDot2F16Cases[21]  wavesim~ agrees
    ('dot2_f32_f16 (0x80000000, 0x3c003c00, 0x00800000)', MODE_DENORMS, _mov(0x80000000, 0x3c003c00, 0x800000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x800000, 1),
    # gfx1100_cases.h kDot2F16Cases[25]  wavesim~ 0xa7800000
    ('dot2_f32_f16 (0x00000001, 0x3c008001, 0x00000000)', MODE_DENORMS, _mov(0x1, 0x3c008001, 0x0) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xa7880000, 1),
    # gfx1100_cases.h kDot2F16Cases[5]  wavesim~ 0x3f800000
    ('dot2_f32_f16 (0x4800c800, 0x48004800, 0x3f800000)', MODE_DENORMS, _mov(0x4800c800, 0x48004800, 0x3f800000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x3f7fffc0, 1),
    # gfx1100_cases.h kDot2F16Cases[31]  wavesim~ agrees
    ('dot2_f32_f16 (0x058ef3f3, 0x2b241c4a, 0xb8eed486)', MODE_DENORMS, _mov(0x58ef3f3, 0x2b241c4a, 0xb8eed486) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xc2886106, 1),
    # gfx1100_cases.h kDot2F16Cases[44]  wavesim~ agrees
    ('dot2_f32_f16 (0xbc003c00, 0x0001fbff, 0x7f800000)', MODE_DENORMS, _mov(0xbc003c00, 0x1fbff, 0x7f800000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0x7f800000, 1),
    # gfx1100_cases.h kDot2F16Cases[46]  wavesim~ agrees
    ('dot2_f32_f16 (0x8000fc00, 0x04013c00, 0x00800000)', MODE_DENORMS, _mov(0x8000fc00, 0x4013c00, 0x800000) + ['v_dot2_f32_f16 v40, v1, v2, v3'], 0xff800000, 1),
    # gfx1100_cases.h kDot2BF16Cases[23]  wavesim~ 0x800000
    ('dot2_f32_bf16 (0x00800000, 0x3f808000, 0x00000000)', MODE_DENORMS, _mov(0x800000, 0x3f808000, 0x0) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x0, 1),
    # gfx1100_cases.h kDot2BF16Cases[24]  wavesim~ 0x800001
    ('dot2_f32_bf16 (0x00800000, 0x3f808000, 0x00000001)', MODE_DENORMS, _mov(0x800000, 0x3f808000, 0x1) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x0, 1),
    # gfx1100_cases.h kDot2BF16Cases[25]  wavesim~ 0x7000000
    ('dot2_f32_bf16 (0x00000001, 0x3f804980, 0x00000000)', MODE_DENORMS, _mov(0x1, 0x3f804980, 0x0) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x0, 1),
    # gfx1100_cases.h kDot2BF16Cases[26]  wavesim~ agrees
    ('dot2_f32_bf16 (0x00000700, 0x3f803f80, 0x00000000)', MODE_DENORMS, _mov(0x700, 0x3f803f80, 0x0) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x7000000, 1),
    # gfx1100_cases.h kDot2BF16Cases[30]  wavesim~ agrees
    ('dot2_f32_bf16 (0xf9e2d6b1, 0xe2adf60c, 0xeddb846f)', MODE_DENORMS, _mov(0xf9e2d6b1, 0xe2adf60c, 0xeddb846f) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x7f800000, 1),
    # gfx1100_cases.h kDot2BF16Cases[31]  wavesim~ agrees
    ('dot2_f32_bf16 (0x49b3fce2, 0x573a122b, 0x246a3c33)', MODE_DENORMS, _mov(0x49b3fce2, 0x573a122b, 0x246a3c33) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x61820e00, 1),
    # gfx1100_cases.h kDot2BF16Cases[40]  wavesim~ agrees
    ('dot2_f32_bf16 (0x811e011e, 0x3cfd3cfd, 0x80000000)', MODE_DENORMS, _mov(0x811e011e, 0x3cfd3cfd, 0x80000000) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x0, 1),
    # gfx1100_cases.h kDot2BF16Cases[28]  wavesim~ 0x0
    ('dot2_f32_bf16 (0xff7f7f7f, 0x7f7f7f7f, 0x00000000)', MODE_DENORMS, _mov(0xff7f7f7f, 0x7f7f7f7f, 0x0) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0xff800000, 1),
    # gfx1100_cases.h kDot2BF16Cases[27]  wavesim~ agrees
    ('dot2_f32_bf16 (0x00800080, 0x3f003f00, 0x00000000)', MODE_DENORMS, _mov(0x800080, 0x3f003f00, 0x0) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x800000, 1),
    # gfx1100_cases.h kDot2BF16Cases[35]  wavesim~ 0x5d504184
    ('dot2_f32_bf16 (0xc395629b, 0xd9633359, 0xdc60025c)', MODE_DENORMS, _mov(0xc395629b, 0xd9633359, 0xdc60025c) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0x5d504185, 1),
    # gfx1100_cases.h kDot2BF16Cases[50]  wavesim~ 0xffec0000
    ('dot2_f32_bf16 (0xff940080, 0x8001ffec, 0xff800000)', MODE_DENORMS, _mov(0xff940080, 0x8001ffec, 0xff800000) + ['v_dot2_f32_bf16 v40, v1, v2, v3'], 0xffc00a3d, 1),
    # gfx11_dot2_test.cpp InlineSourcesMatchHardware (bf16, selector 129)  wavesim~ 0x30000
    ('dot2_f32_bf16 integer 1 constant', MODE_DENORMS, _mov(0x40003f80) + ['v_dot2_f32_bf16 v40, 1, v1, 0'], 0x0, 1),
    # gfx11_dot2_test.cpp InlineSourcesMatchHardware (f16, selector 242, select 2)
    ('dot2_f32_f16 1.0 constant, op_sel:[1,0,0] op_sel_hi:[0,1,0] (lo from the empty high half)', MODE_DENORMS, _mov(0x40003c00) + ['v_dot2_f32_f16 v40, 1.0, v1, 0 op_sel:[1,0,0] op_sel_hi:[0,1,0]'], 0x40000000, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x1a061100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x0 B=0x0 C=1', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], 1', 0x0, 0x0), 0x56780001, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x1b061100')  wavesim~ 0x5678fe00
    ('wmma_f16_16x16x16_f16 A=0x0 B=0x0 C=-1', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], -1', 0x0, 0x0), 0x5678ffff, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x1b421100')  wavesim~ 0x5678fe00
    ('wmma_f16_16x16x16_f16 A=0x0 B=0x0 C=-16', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], -16', 0x0, 0x0), 0x5678fff0, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x1be21100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x0 B=0x0 C=0.15915494', MODE_DENORMS, _wmma_all_lanes('.long 0xcc424028, 0x1be22108  // v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], 0.15915494 (248; llvm-mc takes no 1/(2pi) there)', 0x0, 0x0), 0x56783118, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 0x40003c00, 0x44004200, c=0xc500c500), 0x56785530, 1),
    # packed_operand_cases.h row ('0xcc426018', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x55301234, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x3c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_lo:[1,0,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[1,0,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0x56785060, 1),
    # packed_operand_cases.h row ('0xcc426018', '0x3c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_lo:[1,0,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[1,0,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0x50601234, 1),
    # packed_operand_cases.h row ('0xcc424018', '0x9c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_lo:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x567855d0, 1),
    # packed_operand_cases.h row ('0xcc426018', '0x9c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_lo:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x55d01234, 1),
    # packed_operand_cases.h row ('0xcc424218', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_hi:[0,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_hi:[0,1,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0x5678d1a0, 1),
    # packed_operand_cases.h row ('0xcc426218', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_hi:[0,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_hi:[0,1,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0xd1a01234, 1),
    # packed_operand_cases.h row ('0xcc424318', '0x7c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_lo:[1,1,0] neg_hi:[1,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[1,1,0] neg_hi:[1,1,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0x56785530, 1),
    # packed_operand_cases.h row ('0xcc426318', '0x7c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_lo:[1,1,0] neg_hi:[1,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[1,1,0] neg_hi:[1,1,0]', 0x40003c00, 0x44004200, c=0xc500c500), 0x55301234, 1),
    # packed_operand_cases.h row ('0xcc424418', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_hi:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x567855d0, 1),
    # packed_operand_cases.h row ('0xcc426418', '0x1c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_hi:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x55d01234, 1),
    # packed_operand_cases.h row ('0xcc424418', '0x9c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 neg_lo:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[0,0,1] neg_hi:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x56785530, 1),
    # packed_operand_cases.h row ('0xcc426418', '0x9c421100')  wavesim~ agrees
    ('wmma_f16_16x16x16_f16 A=0x40003c00 B=0x44004200 C=0xc500c500 op_sel:[0,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1]', 0x40003c00, 0x44004200, c=0xc500c500), 0x55301234, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x1a061100')  wavesim~ 0x56780001
    ('wmma_bf16_16x16x16_bf16 A=0x0 B=0x0 C=1', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], 1', 0x0, 0x0), 0x56780000, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x1b061100')  wavesim~ 0x5678ffc0
    ('wmma_bf16_16x16x16_bf16 A=0x0 B=0x0 C=-1', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], -1', 0x0, 0x0), 0x5678ffff, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x1b421100')  wavesim~ 0x5678ffc0
    ('wmma_bf16_16x16x16_bf16 A=0x0 B=0x0 C=-16', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], -16', 0x0, 0x0), 0x5678fff0, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x1be21100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x0 B=0x0 C=0.15915494', MODE_DENORMS, _wmma_all_lanes('.long 0xcc434028, 0x1be22108  // v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], 0.15915494 (248)', 0x0, 0x0), 0x56783e22, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x567842a6, 1),
    # packed_operand_cases.h row ('0xcc436018', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x42a61234, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x3c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_lo:[1,0,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[1,0,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x5678420c, 1),
    # packed_operand_cases.h row ('0xcc436018', '0x3c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_lo:[1,0,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[1,0,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x420c1234, 1),
    # packed_operand_cases.h row ('0xcc434018', '0x9c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_lo:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x567842ba, 1),
    # packed_operand_cases.h row ('0xcc436018', '0x9c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_lo:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x42ba1234, 1),
    # packed_operand_cases.h row ('0xcc434218', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_hi:[0,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_hi:[0,1,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x5678c234, 1),
    # packed_operand_cases.h row ('0xcc436218', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_hi:[0,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_hi:[0,1,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0xc2341234, 1),
    # packed_operand_cases.h row ('0xcc434318', '0x7c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_lo:[1,1,0] neg_hi:[1,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[1,1,0] neg_hi:[1,1,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x567842a6, 1),
    # packed_operand_cases.h row ('0xcc436318', '0x7c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_lo:[1,1,0] neg_hi:[1,1,0]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[1,1,0] neg_hi:[1,1,0]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x42a61234, 1),
    # packed_operand_cases.h row ('0xcc434418', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_hi:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x567842ba, 1),
    # packed_operand_cases.h row ('0xcc436418', '0x1c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_hi:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x42ba1234, 1),
    # packed_operand_cases.h row ('0xcc434418', '0x9c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 neg_lo:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] neg_lo:[0,0,1] neg_hi:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x567842a6, 1),
    # packed_operand_cases.h row ('0xcc436418', '0x9c421100')  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 A=0x40003f80 B=0x40804040 C=0xc0a0c0a0 op_sel:[0,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1]', MODE_DENORMS, _wmma_all_lanes('v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1]', 0x40003f80, 0x40804040, c=0xc0a0c0a0), 0x42a61234, 1),
    # packed_wmma_test.cpp HardwareOverflowModeAtIntermediateSteps
    ('wmma_f16 intermediate overflow, pattern 1, MODE.FP16_OVFL', MODE_DENORMS,
     ['s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1', 's_mov_b32 exec_lo, -1', 'v_mov_b32 v8, 0x7bff7bff', 'v_mov_b32 v9, 0xfbff', 'v_mov_b32 v10, 0x0', 'v_mov_b32 v11, 0x0', 'v_mov_b32 v12, 0x0', 'v_mov_b32 v13, 0x0', 'v_mov_b32 v14, 0x0', 'v_mov_b32 v15, 0x0', 'v_mov_b32 v16, 0x40004000', 'v_mov_b32 v17, 0x3c00', 'v_mov_b32 v18, 0x0', 'v_mov_b32 v19, 0x0', 'v_mov_b32 v20, 0x0', 'v_mov_b32 v21, 0x0', 'v_mov_b32 v22, 0x0', 'v_mov_b32 v23, 0x0', 'v_mov_b32 v24, 0', 'v_mov_b32 v25, 0', 'v_mov_b32 v26, 0', 'v_mov_b32 v27, 0', 'v_mov_b32 v28, 0', 'v_mov_b32 v29, 0', 'v_mov_b32 v30, 0', 'v_mov_b32 v31, 0', 'v_mov_b32 v40, 0x56781234', 'v_mov_b32 v41, 0x56781234', 'v_mov_b32 v42, 0x56781234', 'v_mov_b32 v43, 0x56781234', 'v_mov_b32 v44, 0x56781234', 'v_mov_b32 v45, 0x56781234', 'v_mov_b32 v46, 0x56781234', 'v_mov_b32 v47, 0x56781234', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 's_mov_b32 exec_lo, 1'], 0x56789800, 1),
    # packed_wmma_test.cpp HardwareOverflowModeAtIntermediateSteps
    ('wmma_f16 intermediate overflow, pattern 2, MODE.FP16_OVFL', MODE_DENORMS,
     ['s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1', 's_mov_b32 exec_lo, -1', 'v_mov_b32 v8, 0xfbfffbff', 'v_mov_b32 v9, 0x7bff', 'v_mov_b32 v10, 0x0', 'v_mov_b32 v11, 0x0', 'v_mov_b32 v12, 0x0', 'v_mov_b32 v13, 0x0', 'v_mov_b32 v14, 0x0', 'v_mov_b32 v15, 0x0', 'v_mov_b32 v16, 0x40004000', 'v_mov_b32 v17, 0x3c00', 'v_mov_b32 v18, 0x0', 'v_mov_b32 v19, 0x0', 'v_mov_b32 v20, 0x0', 'v_mov_b32 v21, 0x0', 'v_mov_b32 v22, 0x0', 'v_mov_b32 v23, 0x0', 'v_mov_b32 v24, 0', 'v_mov_b32 v25, 0', 'v_mov_b32 v26, 0', 'v_mov_b32 v27, 0', 'v_mov_b32 v28, 0', 'v_mov_b32 v29, 0', 'v_mov_b32 v30, 0', 'v_mov_b32 v31, 0', 'v_mov_b32 v40, 0x56781234', 'v_mov_b32 v41, 0x56781234', 'v_mov_b32 v42, 0x56781234', 'v_mov_b32 v43, 0x56781234', 'v_mov_b32 v44, 0x56781234', 'v_mov_b32 v45, 0x56781234', 'v_mov_b32 v46, 0x56781234', 'v_mov_b32 v47, 0x56781234', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 's_mov_b32 exec_lo, 1'], 0x56781c00, 1),
    # packed_wmma_test.cpp HardwareOverflowModeAtIntermediateSteps
    ('wmma_f16 intermediate overflow, pattern 1', MODE_DENORMS,
     ['s_mov_b32 exec_lo, -1', 'v_mov_b32 v8, 0x7bff7bff', 'v_mov_b32 v9, 0xfbff', 'v_mov_b32 v10, 0x0', 'v_mov_b32 v11, 0x0', 'v_mov_b32 v12, 0x0', 'v_mov_b32 v13, 0x0', 'v_mov_b32 v14, 0x0', 'v_mov_b32 v15, 0x0', 'v_mov_b32 v16, 0x40004000', 'v_mov_b32 v17, 0x3c00', 'v_mov_b32 v18, 0x0', 'v_mov_b32 v19, 0x0', 'v_mov_b32 v20, 0x0', 'v_mov_b32 v21, 0x0', 'v_mov_b32 v22, 0x0', 'v_mov_b32 v23, 0x0', 'v_mov_b32 v24, 0', 'v_mov_b32 v25, 0', 'v_mov_b32 v26, 0', 'v_mov_b32 v27, 0', 'v_mov_b32 v28, 0', 'v_mov_b32 v29, 0', 'v_mov_b32 v30, 0', 'v_mov_b32 v31, 0', 'v_mov_b32 v40, 0x56781234', 'v_mov_b32 v41, 0x56781234', 'v_mov_b32 v42, 0x56781234', 'v_mov_b32 v43, 0x56781234', 'v_mov_b32 v44, 0x56781234', 'v_mov_b32 v45, 0x56781234', 'v_mov_b32 v46, 0x56781234', 'v_mov_b32 v47, 0x56781234', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 's_mov_b32 exec_lo, 1'], 0x56787c00, 1),
    # gfx1100_cases.h kWmmaIntegerResult[0]  wavesim~ 0xc0000000
    ('wmma_f32_16x16x16_f16 integer matrix element (0,0)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xbc00c800', 'v_mov_b32 v9, 0xc4004600', 'v_mov_b32 v10, 0xc7004200', 'v_mov_b32 v11, 0x47000000', 'v_mov_b32 v12, 0x4400c200', 'v_mov_b32 v13, 0x3c00c600', 'v_mov_b32 v14, 0xc0004800', 'v_mov_b32 v15, 0xc5004500', 's_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v16, 0xc000c800', 'v_mov_b32 v17, 0xc7004400', 'v_mov_b32 v18, 0x4500bc00', 'v_mov_b32 v19, 0xc600', 'v_mov_b32 v20, 0xc5004600', 'v_mov_b32 v21, 0x47003c00', 'v_mov_b32 v22, 0x4000c400', 'v_mov_b32 v23, 0xc2004800', 's_mov_b32 exec_lo, 0x1', 'v_mov_b32 v24, 0xc2800000', 'v_mov_b32 v40, 0x0', 'v_wmma_f32_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 0', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0xbfffffc0, 1),
    # gfx1100_cases.h kWmmaIntegerResult[1]  wavesim~ 0xc2780000
    ('wmma_f32_16x16x16_f16 integer matrix element (0,1)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xbc00c800', 'v_mov_b32 v9, 0xc4004600', 'v_mov_b32 v10, 0xc7004200', 'v_mov_b32 v11, 0x47000000', 'v_mov_b32 v12, 0x4400c200', 'v_mov_b32 v13, 0x3c00c600', 'v_mov_b32 v14, 0xc0004800', 'v_mov_b32 v15, 0xc5004500', 's_mov_b32 exec_lo, 0x20002', 'v_mov_b32 v16, 0xc8004200', 'v_mov_b32 v17, 0x4400c000', 'v_mov_b32 v18, 0xbc00c700', 'v_mov_b32 v19, 0xc6004500', 'v_mov_b32 v20, 0x46000000', 'v_mov_b32 v21, 0x3c00c500', 'v_mov_b32 v22, 0xc4004700', 'v_mov_b32 v23, 0x48004000', 's_mov_b32 exec_lo, 0x2', 'v_mov_b32 v24, 0xc24c0000', 'v_mov_b32 v40, 0x0', 'v_wmma_f32_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 1', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0xc277fffe, 1),
    # gfx1100_cases.h kWmmaIntegerResult[13]  wavesim~ 0x41c00000
    ('wmma_f32_16x16x16_f16 integer matrix element (0,13)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xbc00c800', 'v_mov_b32 v9, 0xc4004600', 'v_mov_b32 v10, 0xc7004200', 'v_mov_b32 v11, 0x47000000', 'v_mov_b32 v12, 0x4400c200', 'v_mov_b32 v13, 0x3c00c600', 'v_mov_b32 v14, 0xc0004800', 'v_mov_b32 v15, 0xc5004500', 's_mov_b32 exec_lo, 0x20002000', 'v_mov_b32 v16, 0x4500bc00', 'v_mov_b32 v17, 0xc600', 'v_mov_b32 v18, 0xc5004600', 'v_mov_b32 v19, 0x47003c00', 'v_mov_b32 v20, 0x4000c400', 'v_mov_b32 v21, 0xc2004800', 'v_mov_b32 v22, 0xc8004200', 'v_mov_b32 v23, 0x4400c000', 's_mov_b32 exec_lo, 0x2000', 'v_mov_b32 v24, 0xc1c00000', 'v_mov_b32 v40, 0x0', 'v_wmma_f32_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 13', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x41bffffd, 1),
    # gfx1100_cases.h kWmmaIntegerResult[0]  wavesim~ 0xc0000000
    ('wmma_f32_16x16x16_bf16 integer matrix element (0,0)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xbf80c100', 'v_mov_b32 v9, 0xc08040c0', 'v_mov_b32 v10, 0xc0e04040', 'v_mov_b32 v11, 0x40e00000', 'v_mov_b32 v12, 0x4080c040', 'v_mov_b32 v13, 0x3f80c0c0', 'v_mov_b32 v14, 0xc0004100', 'v_mov_b32 v15, 0xc0a040a0', 's_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v16, 0xc000c100', 'v_mov_b32 v17, 0xc0e04080', 'v_mov_b32 v18, 0x40a0bf80', 'v_mov_b32 v19, 0xc0c0', 'v_mov_b32 v20, 0xc0a040c0', 'v_mov_b32 v21, 0x40e03f80', 'v_mov_b32 v22, 0x4000c080', 'v_mov_b32 v23, 0xc0404100', 's_mov_b32 exec_lo, 0x1', 'v_mov_b32 v24, 0xc2800000', 'v_mov_b32 v40, 0x0', 'v_wmma_f32_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 0', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0xbfffffc0, 1),
    # gfx1100_cases.h kWmmaIntegerResult[2]  wavesim~ 0xc1a00000
    ('wmma_f32_16x16x16_bf16 integer matrix element (0,2)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xbf80c100', 'v_mov_b32 v9, 0xc08040c0', 'v_mov_b32 v10, 0xc0e04040', 'v_mov_b32 v11, 0x40e00000', 'v_mov_b32 v12, 0x4080c040', 'v_mov_b32 v13, 0x3f80c0c0', 'v_mov_b32 v14, 0xc0004100', 'v_mov_b32 v15, 0xc0a040a0', 's_mov_b32 exec_lo, 0x40004', 'v_mov_b32 v16, 0x4040c040', 'v_mov_b32 v17, 0xc000c100', 'v_mov_b32 v18, 0xc0e04080', 'v_mov_b32 v19, 0x40a0bf80', 'v_mov_b32 v20, 0xc0c0', 'v_mov_b32 v21, 0xc0a040c0', 'v_mov_b32 v22, 0x40e03f80', 'v_mov_b32 v23, 0x4000c080', 's_mov_b32 exec_lo, 0x4', 'v_mov_b32 v24, 0xc2180000', 'v_mov_b32 v40, 0x0', 'v_wmma_f32_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 2', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0xc1a00002, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][0][3][142]  wavesim~ 0x567802f6
    ('wmma_f16_16x16x16_f16 fixture 3 element (8,14): f16 C aligned with a -14 exponent floor', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x1000100', 'v_mov_b32 v8, 0x8621b557', 'v_mov_b32 v9, 0xaab81b70', 'v_mov_b32 v10, 0x1ad6a09f', 'v_mov_b32 v11, 0xa8f52adc', 'v_mov_b32 v12, 0x41c0a0b', 'v_mov_b32 v13, 0xb9e9b373', 'v_mov_b32 v14, 0x2f401448', 'v_mov_b32 v15, 0x137194a4', 's_mov_b32 exec_lo, 0x40004000', 'v_mov_b32 v16, 0xaa770000', 'v_mov_b32 v17, 0x3238dda', 'v_mov_b32 v18, 0x1d4088a1', 'v_mov_b32 v19, 0x96b68d82', 'v_mov_b32 v20, 0x2a8d1076', 'v_mov_b32 v21, 0x800e00a4', 'v_mov_b32 v22, 0x25c9728', 'v_mov_b32 v23, 0x181b033f', 's_mov_b32 exec_lo, 0x4000', 'v_mov_b32 v28, 0x567881a7', 'v_mov_b32 v44, 0x56780000', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v44, 14', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x567802f7, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][0][4][166]  wavesim~ 0x5678879f
    ('wmma_f16_16x16x16_f16 fixture 4 element (10,6): f16 C aligned with a -14 exponent floor', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x4000400', 'v_mov_b32 v8, 0x891b0e39', 'v_mov_b32 v9, 0xa3c125a5', 'v_mov_b32 v10, 0x72796f2', 'v_mov_b32 v11, 0x873bbba3', 'v_mov_b32 v12, 0x9a191dab', 'v_mov_b32 v13, 0x182b177d', 'v_mov_b32 v14, 0xba2b1e70', 'v_mov_b32 v15, 0x17e214c1', 's_mov_b32 exec_lo, 0x400040', 'v_mov_b32 v16, 0x9f7c250f', 'v_mov_b32 v17, 0x1a5983e4', 'v_mov_b32 v18, 0x8d0d8026', 'v_mov_b32 v19, 0xac0601ce', 'v_mov_b32 v20, 0x3eca573', 'v_mov_b32 v21, 0x83d2076d', 'v_mov_b32 v22, 0x82338299', 'v_mov_b32 v23, 0x967b1652', 's_mov_b32 exec_lo, 0x40', 'v_mov_b32 v29, 0x56780260', 'v_mov_b32 v45, 0x56780000', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v45, 6', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x5678879d, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][0][2][48]  wavesim~ 0x56787bfa
    ('wmma_f16_16x16x16_f16 fixture 2 element (3,0): each step rounds straight to f16', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x80008', 'v_mov_b32 v8, 0x4700c200', 'v_mov_b32 v9, 0x47004800', 'v_mov_b32 v10, 0x4400c400', 'v_mov_b32 v11, 0x4600c500', 'v_mov_b32 v12, 0xc8004500', 'v_mov_b32 v13, 0x40003c00', 'v_mov_b32 v14, 0xc0004600', 'v_mov_b32 v15, 0x44004200', 's_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v16, 0xbc00c700', 'v_mov_b32 v17, 0xc800c500', 'v_mov_b32 v18, 0xc8004800', 'v_mov_b32 v19, 0xc000c800', 'v_mov_b32 v20, 0x4700c200', 'v_mov_b32 v21, 0x40003c00', 'v_mov_b32 v22, 0xbc004500', 'v_mov_b32 v23, 0xc4000000', 's_mov_b32 exec_lo, 0x10000', 'v_mov_b32 v25, 0x56787bff', 'v_mov_b32 v41, 0x56780000', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v41, 16', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x56787bf9, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][0][5][180]  wavesim~ 0x5678d682
    ('wmma_f16_16x16x16_f16 fixture 5 element (11,4): cancellation', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x8000800', 'v_mov_b32 v8, 0xfbe27be2', 'v_mov_b32 v9, 0xed996d99', 'v_mov_b32 v10, 0x4421c421', 'v_mov_b32 v11, 0x93fc13fc', 'v_mov_b32 v12, 0x6572e572', 'v_mov_b32 v13, 0xc03c403c', 'v_mov_b32 v14, 0x9d891d89', 'v_mov_b32 v15, 0xfbb67bb6', 's_mov_b32 exec_lo, 0x100010', 'v_mov_b32 v16, 0xfa53fa53', 'v_mov_b32 v17, 0x9830983', 'v_mov_b32 v18, 0xbd60bd60', 'v_mov_b32 v19, 0x1f6e1f6e', 'v_mov_b32 v20, 0x39c139c1', 'v_mov_b32 v21, 0x1f811f81', 'v_mov_b32 v22, 0xa232a232', 'v_mov_b32 v23, 0xe4aae4aa', 's_mov_b32 exec_lo, 0x100000', 'v_mov_b32 v29, 0x5678d682', 'v_mov_b32 v45, 0x56780000', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v45, 20', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x5678c000, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][0][2][15]  wavesim~ 0x5678fe00
    ('wmma_f16_16x16x16_f16 fixture 2 element (0,15): NaN factor gives 0xfe3d', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0x4800', 'v_mov_b32 v9, 0xc2004600', 'v_mov_b32 v10, 0x48004500', 'v_mov_b32 v11, 0xc6004600', 'v_mov_b32 v12, 0xc600c000', 'v_mov_b32 v13, 0xc400c000', 'v_mov_b32 v14, 0xc500bc00', 'v_mov_b32 v15, 0xbc00c700', 's_mov_b32 exec_lo, 0x80008000', 'v_mov_b32 v16, 0x4000c200', 'v_mov_b32 v17, 0xc4004000', 'v_mov_b32 v18, 0xc700', 'v_mov_b32 v19, 0x45004000', 'v_mov_b32 v20, 0xfe01c800', 'v_mov_b32 v21, 0x47004700', 'v_mov_b32 v22, 0x4700c700', 'v_mov_b32 v23, 0x47004600', 's_mov_b32 exec_lo, 0x8000', 'v_mov_b32 v24, 0x567803ff', 'v_mov_b32 v40, 0x56780000', 'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 15', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x5678fe3d, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][1][2][7]  wavesim~ agrees
    ('wmma_bf16_16x16x16_bf16 fixture 2 element (0,7): bf16 step truncates f32 (no inf)', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0x4100', 'v_mov_b32 v9, 0xc04040c0', 'v_mov_b32 v10, 0x410040a0', 'v_mov_b32 v11, 0xc0c040c0', 'v_mov_b32 v12, 0xc0c0c000', 'v_mov_b32 v13, 0xc080c000', 'v_mov_b32 v14, 0xc0a0bf80', 'v_mov_b32 v15, 0xbf80c0e0', 's_mov_b32 exec_lo, 0x800080', 'v_mov_b32 v16, 0xc0e0bf80', 'v_mov_b32 v17, 0x40004000', 'v_mov_b32 v18, 0x40c04040', 'v_mov_b32 v19, 0xc080c0c0', 'v_mov_b32 v20, 0xbf8040e0', 'v_mov_b32 v21, 0xc0404080', 'v_mov_b32 v22, 0xc000bf80', 'v_mov_b32 v23, 0x40a0c040', 's_mov_b32 exec_lo, 0x80', 'v_mov_b32 v24, 0x56787f7f', 'v_mov_b32 v40, 0x56780000', 'v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 7', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x56787f7f, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][1][0][0]  wavesim~ 0x567843c7
    ('wmma_bf16_16x16x16_bf16 fixture 0 element (0,0): bf16 random', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0xc1923f01', 'v_mov_b32 v9, 0xbfd5c14f', 'v_mov_b32 v10, 0x3e6c3d81', 'v_mov_b32 v11, 0xbd46bf32', 'v_mov_b32 v12, 0x42023df0', 'v_mov_b32 v13, 0x41dbc15e', 'v_mov_b32 v14, 0x3dc2bdfe', 'v_mov_b32 v15, 0xc0a43cc0', 's_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v16, 0x3d1c413e', 'v_mov_b32 v17, 0x3daa3d94', 'v_mov_b32 v18, 0x3e99c0fe', 'v_mov_b32 v19, 0xbef63d67', 'v_mov_b32 v20, 0x3ce2c24f', 'v_mov_b32 v21, 0xbf8b3e8e', 'v_mov_b32 v22, 0x41483fd5', 'v_mov_b32 v23, 0xc2a742e0', 's_mov_b32 exec_lo, 0x1', 'v_mov_b32 v24, 0x56783f35', 'v_mov_b32 v40, 0x56780000', 'v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 0', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x567843c6, 1),
    # packed_wmma_cases.h kPackedWmmaExpected[0][0][1][6][1]  wavesim~ 0x56788122
    ('wmma_bf16_16x16x16_bf16 fixture 6 element (0,1): bf16 aligned underflow', MODE_DENORMS,
     ['s_mov_b32 exec_lo, 0x10001', 'v_mov_b32 v8, 0x264c178a', 'v_mov_b32 v9, 0x21391eb3', 'v_mov_b32 v10, 0x9e8e2ee4', 'v_mov_b32 v11, 0x87a50e58', 'v_mov_b32 v12, 0x187f085a', 'v_mov_b32 v13, 0xa69431a3', 'v_mov_b32 v14, 0x1e0abcb8', 'v_mov_b32 v15, 0x8fa69fb8', 's_mov_b32 exec_lo, 0x20002', 'v_mov_b32 v16, 0x9a5826a3', 'v_mov_b32 v17, 0x1e8e9e81', 'v_mov_b32 v18, 0x9dcd8ed4', 'v_mov_b32 v19, 0x368e2efe', 'v_mov_b32 v20, 0xa79a37e1', 'v_mov_b32 v21, 0x98448d02', 'v_mov_b32 v22, 0x1e3182a9', 'v_mov_b32 v23, 0x2bdc1fa1', 's_mov_b32 exec_lo, 0x2', 'v_mov_b32 v24, 0x5678807e', 'v_mov_b32 v40, 0x56780000', 'v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[24:31]', 'v_nop', 'v_readlane_b32 s8, v40, 1', 's_mov_b32 exec_lo, 1', 'v_mov_b32 v40, s8'], 0x567880c2, 1),
]
CASES += HW_DOT


def run_cases(tool, cases, label):
    """Runs each case in its own kernel of one code object; prints what differs, then a summary line;
    returns the number of cases that differ."""
    ks = []
    for i, (what, mode, lines, _, dwords) in enumerate(cases):
        body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mov_b32 exec_lo, 1'] + lines + \
               ['v_mov_b32 v63, 0'] + ['global_store_b32 v63, v%d, s[4:5] offset:%d' % (40 + k, 4 * k)
                                       for k in range(dwords)] + ['s_endpgm']
        ks.append(asmkit.Kernel('hw%d' % i, body, nargs=1, vgprs=64, float_mode=mode))
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(tool, ks, tmp, 'hw')
        out = os.path.join(tmp, 'out')
        for (what, mode, lines, want, dwords), k in zip(cases, ks):
            p = asmkit.run(tool, hsaco, k.name, 1, 1, ['zeros:8'], {0: out})
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
    print('%s: %d cases, %d differ' % (label, len(cases), bad))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    return 1 if run_cases(args.tool, CASES, 'hardware captures') else 0


if __name__ == '__main__':
    sys.exit(main())
