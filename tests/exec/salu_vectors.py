#!/usr/bin/env python3
# The scalar ALU rows (SOP1, SOP2, SOPC, SOPK) that compute on SGPRs and SCC, run as assembly
# kernels against a Python model written here from the RDNA3 guide's SOP descriptions (each
# function's comment restates its operation), not from the executor. Each wave of a run takes its
# own S0, S1 (64 bits each), SCC and old destination from an input record, runs the one instruction
# on s[16:17], s[18:19] into s[24:25] and stores the destination pair and SCC; the model gives the
# same three values. Edge values (0, 1, -1, the sign bits, shift counts 0, 31, 32, 63) are mixed in,
# and rows the guide gives functional examples for run those too (GUIDE_EXAMPLES), the model
# checked against them.
# The 32-bit EXEC rows (saveexec, wrexec) run with EXEC taken from the record too, and EXEC is
# stored beside the destination; the 64-bit ones run in wave64 kernels, EXEC taken from the record's
# old-destination field. The M0-relative moves (s_movrels/s_movreld, 32 and 64 bits) run with M0 from
# the record's EXEC field, over the record's own eight SGPRs (even M0 for the 64-bit forms, as the
# guide requires). Rows left out: the PC, messages, hardware registers, waits, and s_bfe with a field
# width of 32 or more (which the guide's text leaves open).
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

WAVES = 128      # waves per run, one input record each
RECORD = 32      # S0 (8 bytes), S1 (8), SCC (4), EXEC (4), old destination (8)
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def sext16(v):
    v &= 0xffff
    return v - 0x10000 if v >> 15 else v


def popcount(v):
    return bin(v).count('1')


def clz(v, bits):
    """Leading zeros counted from the MSB, -1 (all ones) when v is 0 (S_CLZ_I32_U32/U64)."""
    return M32 if v == 0 else bits - v.bit_length()


def cls(v, bits):
    """Position from the MSB of the first bit that differs from the sign bit, -1 when every bit is
    the sign (S_CLS_I32, S_CLS_I32_I64)."""
    sign = v >> (bits - 1) & 1
    for k in range(1, bits):
        if (v >> (bits - 1 - k) & 1) != sign:
            return k
    return M32


def ctz(v):
    """Index of the lowest set bit, -1 when v is 0 (S_CTZ_I32_B32/B64)."""
    return M32 if v == 0 else (v & -v).bit_length() - 1


def brev(v, bits):
    return int(format(v, '0%db' % bits)[::-1], 2)


def quadmask(v, quads):
    return sum(1 << i for i in range(quads) if v >> (4 * i) & 15)


def wqm(v, quads):
    return sum(15 << (4 * i) for i in range(quads) if v >> (4 * i) & 15)


def bitreplicate(v):
    return sum(3 << (2 * i) for i in range(32) if v >> i & 1)


def bfe(s0, s1, bits, signed):
    """S_BFE_*: (S0 >> S1[4:0]) & ((1 << S1[22:16]) - 1) (S1[5:0] for 64 bits), the shift
    arithmetic in the signed forms (S0.i32 >> ...), then signext_from_bit(tmp, width) there; width
    0 gives 0. A field running past the register's top thus takes copies of the sign bit."""
    off, width = s1 & (bits - 1), s1 >> 16 & 0x7f
    src = s0 - (1 << bits) if signed and s0 >> (bits - 1) else s0
    field = (src >> off) & ((1 << width) - 1)
    if signed and width and field >> (width - 1) & 1:
        field -= 1 << width
    return field & ((1 << bits) - 1)


def add_i32(a, b):
    """S_ADD_I32: D = S0 + S1; SCC = signed overflow (the operands' signs agree and the result's
    differs)."""
    d = (a + b) & M32
    return d, int((a >> 31) == (b >> 31) and (a >> 31) != (d >> 31))


def sub_i32(a, b):
    """S_SUB_I32: D = S0 - S1; SCC = signed overflow."""
    d = (a - b) & M32
    return d, int((a >> 31) != (b >> 31) and (a >> 31) != (d >> 31))


def absdiff(a, b):
    """S_ABSDIFF_I32: D = S0.i32 - S1.i32 in 32 bits (wrapping), negated when negative; SCC = D != 0."""
    d = (a - b) & M32
    d = (-d) & M32 if d >> 31 else d
    return d, int(d != 0)


def lshl_add(n):
    """S_LSHLn_ADD_U32: tmp = (S0 << n) + S1 in 64 bits; SCC = tmp >= 2^32; D = tmp[31:0]."""
    def f(a, b, scc, d):
        t = (a << n) + b
        return t & M32, int(t >> 32 != 0)
    return f


# name: (operands, function (s0, s1, scc, d) -> (d, scc)). operands: the instruction's operand text
# over s16/s18 (sources) and s24 (destination), '[...]' for pairs; each function gets S0/S1 reduced to
# the operand widths and the old destination (32 or 64 bits by the destination width).
A32, AB32, A64, AB64 = 's24, s16', 's24, s16, s18', 's[24:25], s[16:17]', 's[24:25], s[16:17], s[18:19]'
SH64 = 's[24:25], s[16:17], s18'
OPS = {
    # SOP2: D = S0 op S1
    's_add_u32': (AB32, lambda a, b, c, d: ((a + b) & M32, int(a + b > M32))),  # SCC = carry out
    's_sub_u32': (AB32, lambda a, b, c, d: ((a - b) & M32, int(b > a))),  # SCC = borrow
    's_add_i32': (AB32, lambda a, b, c, d: add_i32(a, b)),
    's_sub_i32': (AB32, lambda a, b, c, d: sub_i32(a, b)),
    's_addc_u32': (AB32, lambda a, b, c, d: ((a + b + c) & M32, int(a + b + c > M32))),  # D = S0 + S1 + SCC
    's_subb_u32': (AB32, lambda a, b, c, d: ((a - b - c) & M32, int(b + c > a))),  # D = S0 - S1 - SCC
    's_absdiff_i32': (AB32, lambda a, b, c, d: absdiff(a, b)),
    's_lshl_b32': (AB32, lambda a, b, c, d: ((a << (b & 31)) & M32, int((a << (b & 31)) & M32 != 0))),
    's_lshl_b64': (SH64, lambda a, b, c, d: ((a << (b & 63)) & M64, int((a << (b & 63)) & M64 != 0))),
    's_lshr_b32': (AB32, lambda a, b, c, d: (a >> (b & 31), int(a >> (b & 31) != 0))),
    's_lshr_b64': (SH64, lambda a, b, c, d: (a >> (b & 63), int(a >> (b & 63) != 0))),
    's_ashr_i32': (AB32, lambda a, b, c, d: ((s32(a) >> (b & 31)) & M32, int(s32(a) >> (b & 31) != 0))),
    's_ashr_i64': (SH64, lambda a, b, c, d: ((s64(a) >> (b & 63)) & M64, int(s64(a) >> (b & 63) != 0))),
    's_lshl1_add_u32': (AB32, lshl_add(1)), 's_lshl2_add_u32': (AB32, lshl_add(2)),
    's_lshl3_add_u32': (AB32, lshl_add(3)), 's_lshl4_add_u32': (AB32, lshl_add(4)),
    # min/max: D = the smaller (larger) source; SCC = S0 < S1 (min), S0 > S1 (max): a strict compare
    # for max too, where the guide's pseudocode writes SCC = S0 >= S1 (docs/isa-notes-rdna3.md,
    # "S_MAX's SCC on equal operands")
    's_min_i32': (AB32, lambda a, b, c, d: (a if s32(a) < s32(b) else b, int(s32(a) < s32(b)))),
    's_min_u32': (AB32, lambda a, b, c, d: (a if a < b else b, int(a < b))),
    's_max_i32': (AB32, lambda a, b, c, d: (a if s32(a) > s32(b) else b, int(s32(a) > s32(b)))),
    's_max_u32': (AB32, lambda a, b, c, d: (a if a > b else b, int(a > b))),
    's_mul_i32': (AB32, lambda a, b, c, d: ((a * b) & M32, c)),  # SCC unchanged
    's_mul_hi_u32': (AB32, lambda a, b, c, d: ((a * b) >> 32, c)),
    's_mul_hi_i32': (AB32, lambda a, b, c, d: (((s32(a) * s32(b)) >> 32) & M32, c)),
    's_cselect_b32': (AB32, lambda a, b, c, d: (a if c else b, c)),  # D = SCC ? S0 : S1
    's_cselect_b64': (AB64, lambda a, b, c, d: (a if c else b, c)),
    's_bfe_u32': (AB32, lambda a, b, c, d: (bfe(a, b, 32, 0), int(bfe(a, b, 32, 0) != 0))),
    's_bfe_i32': (AB32, lambda a, b, c, d: (bfe(a, b, 32, 1), int(bfe(a, b, 32, 1) != 0))),
    's_bfe_u64': (SH64, lambda a, b, c, d: (bfe(a, b, 64, 0), int(bfe(a, b, 64, 0) != 0))),
    's_bfe_i64': (SH64, lambda a, b, c, d: (bfe(a, b, 64, 1), int(bfe(a, b, 64, 1) != 0))),
    # S_BFM: a mask of S0 ones shifted left by S1 (SCC unchanged)
    's_bfm_b32': (AB32, lambda a, b, c, d: ((((1 << (a & 31)) - 1) << (b & 31)) & M32, c)),
    's_bfm_b64': ('s[24:25], s16, s18', lambda a, b, c, d: ((((1 << (a & 63)) - 1) << (b & 63)) & M64, c)),
    # S_PACK_xy_B32_B16: D = {S1 half y, S0 half x}
    's_pack_ll_b32_b16': (AB32, lambda a, b, c, d: ((b & 0xffff) << 16 | (a & 0xffff), c)),
    's_pack_lh_b32_b16': (AB32, lambda a, b, c, d: ((b >> 16) << 16 | (a & 0xffff), c)),
    's_pack_hh_b32_b16': (AB32, lambda a, b, c, d: ((b >> 16) << 16 | (a >> 16), c)),
    's_pack_hl_b32_b16': (AB32, lambda a, b, c, d: ((b & 0xffff) << 16 | (a >> 16), c)),
    # SOP1
    's_mov_b32': (A32, lambda a, b, c, d: (a, c)), 's_mov_b64': (A64, lambda a, b, c, d: (a, c)),
    's_cmov_b32': (A32, lambda a, b, c, d: (a if c else d, c)),  # D = S0 when SCC
    's_cmov_b64': (A64, lambda a, b, c, d: (a if c else d, c)),
    's_brev_b32': (A32, lambda a, b, c, d: (brev(a, 32), c)), 's_brev_b64': (A64, lambda a, b, c, d: (brev(a, 64), c)),
    's_ctz_i32_b32': (A32, lambda a, b, c, d: (ctz(a), c)), 's_ctz_i32_b64': ('s24, s[16:17]', lambda a, b, c, d: (ctz(a), c)),
    's_clz_i32_u32': (A32, lambda a, b, c, d: (clz(a, 32), c)),
    's_clz_i32_u64': ('s24, s[16:17]', lambda a, b, c, d: (clz(a, 64), c)),
    's_cls_i32': (A32, lambda a, b, c, d: (cls(a, 32), c)), 's_cls_i32_i64': ('s24, s[16:17]', lambda a, b, c, d: (cls(a, 64), c)),
    's_sext_i32_i8': (A32, lambda a, b, c, d: ((a & 0xff) - (0x100 if a & 0x80 else 0) & M32, c)),
    's_sext_i32_i16': (A32, lambda a, b, c, d: (sext16(a) & M32, c)),
    # S_BITSETx: bit S0[4:0] (S0[5:0]) of the destination set to x, the others kept
    's_bitset0_b32': (A32, lambda a, b, c, d: (d & ~(1 << (a & 31)) & M32, c)),
    's_bitset1_b32': (A32, lambda a, b, c, d: (d | 1 << (a & 31), c)),
    's_bitset0_b64': ('s[24:25], s16', lambda a, b, c, d: (d & ~(1 << (a & 63)) & M64, c)),
    's_bitset1_b64': ('s[24:25], s16', lambda a, b, c, d: (d | 1 << (a & 63), c)),
    's_bitreplicate_b64_b32': ('s[24:25], s16', lambda a, b, c, d: (bitreplicate(a), c)),
    's_abs_i32': (A32, lambda a, b, c, d: (abs(s32(a)) & M32, int(abs(s32(a)) & M32 != 0))),
    's_bcnt0_i32_b32': (A32, lambda a, b, c, d: (32 - popcount(a), int(32 - popcount(a) != 0))),
    's_bcnt0_i32_b64': ('s24, s[16:17]', lambda a, b, c, d: (64 - popcount(a), int(64 - popcount(a) != 0))),
    's_bcnt1_i32_b32': (A32, lambda a, b, c, d: (popcount(a), int(popcount(a) != 0))),
    's_bcnt1_i32_b64': ('s24, s[16:17]', lambda a, b, c, d: (popcount(a), int(popcount(a) != 0))),
    's_quadmask_b32': (A32, lambda a, b, c, d: (quadmask(a, 8), int(quadmask(a, 8) != 0))),
    's_quadmask_b64': (A64, lambda a, b, c, d: (quadmask(a, 16), int(quadmask(a, 16) != 0))),
    's_wqm_b32': (A32, lambda a, b, c, d: (wqm(a, 8), int(wqm(a, 8) != 0))),
    's_wqm_b64': (A64, lambda a, b, c, d: (wqm(a, 16), int(wqm(a, 16) != 0))),
    's_not_b32': (A32, lambda a, b, c, d: (~a & M32, int(~a & M32 != 0))),
    's_not_b64': (A64, lambda a, b, c, d: (~a & M64, int(~a & M64 != 0))),
    # SOPC: SCC = S0 op S1, no destination
    's_cmp_eq_u64': ('s[16:17], s[18:19]', lambda a, b, c, d: (d, int(a == b))),
    's_cmp_lg_u64': ('s[16:17], s[18:19]', lambda a, b, c, d: (d, int(a != b))),
    's_bitcmp0_b32': ('s16, s18', lambda a, b, c, d: (d, int(not a >> (b & 31) & 1))),
    's_bitcmp1_b32': ('s16, s18', lambda a, b, c, d: (d, int(a >> (b & 31) & 1))),
    's_bitcmp0_b64': ('s[16:17], s18', lambda a, b, c, d: (d, int(not a >> (b & 63) & 1))),
    's_bitcmp1_b64': ('s[16:17], s18', lambda a, b, c, d: (d, int(a >> (b & 63) & 1))),
}
# the bitwise SOP2 rows: D = S0 op S1, SCC = D != 0
for _name, _f in (('and', lambda a, b: a & b), ('or', lambda a, b: a | b), ('xor', lambda a, b: a ^ b),
                  ('nand', lambda a, b: ~(a & b)), ('nor', lambda a, b: ~(a | b)), ('xnor', lambda a, b: ~(a ^ b)),
                  ('and_not1', lambda a, b: a & ~b), ('or_not1', lambda a, b: a | ~b)):
    for _bits, _ops, _m in ((32, AB32, M32), (64, AB64, M64)):
        OPS['s_%s_b%d' % (_name, _bits)] = (_ops, lambda a, b, c, d, f=_f, m=_m: (f(a, b) & m, int(f(a, b) & m != 0)))
# the 32-bit compares: SCC = S0 op S1 as signed or unsigned
_CMPS = {'eq': lambda x, y: x == y, 'lg': lambda x, y: x != y, 'gt': lambda x, y: x > y, 'ge': lambda x, y: x >= y,
         'lt': lambda x, y: x < y, 'le': lambda x, y: x <= y}
for _p, _f in _CMPS.items():
    OPS['s_cmp_%s_i32' % _p] = ('s16, s18', lambda a, b, c, d, f=_f: (d, int(f(s32(a), s32(b)))))
    OPS['s_cmp_%s_u32' % _p] = ('s16, s18', lambda a, b, c, d, f=_f: (d, int(f(a, b))))

# SOPK: the destination register is also the source; K a 16-bit immediate (sign-extended for the
# signed rows and movk, cmovk, addk, mulk; zero-extended for the unsigned compares)
KOPS = {
    's_movk_i32': lambda d, k, c: (sext16(k) & M32, c),
    's_cmovk_i32': lambda d, k, c: (sext16(k) & M32 if c else d, c),
    's_addk_i32': lambda d, k, c: add_i32(d, sext16(k) & M32),
    's_mulk_i32': lambda d, k, c: ((s32(d) * sext16(k)) & M32, c),
}
for _p, _f in _CMPS.items():
    KOPS['s_cmpk_%s_i32' % _p] = lambda d, k, c, f=_f: (d, int(f(s32(d), sext16(k))))
    KOPS['s_cmpk_%s_u32' % _p] = lambda d, k, c, f=_f: (d, int(f(d, k)))

# the EXEC rows: (new EXEC from S0 and the old EXEC, destination = old EXEC (saveexec) or new EXEC
# (wrexec)); SCC = the new EXEC != 0
XOPS = {
    'and_saveexec': (lambda s, e: s & e, 0), 'or_saveexec': (lambda s, e: s | e, 0),
    'xor_saveexec': (lambda s, e: s ^ e, 0), 'nand_saveexec': (lambda s, e: ~(s & e), 0),
    'nor_saveexec': (lambda s, e: ~(s | e), 0), 'xnor_saveexec': (lambda s, e: ~(s ^ e), 0),
    'and_not0_saveexec': (lambda s, e: ~s & e, 0), 'or_not0_saveexec': (lambda s, e: ~s | e, 0),
    'and_not1_saveexec': (lambda s, e: s & ~e, 0), 'or_not1_saveexec': (lambda s, e: s | ~e, 0),
    'and_not0_wrexec': (lambda s, e: ~s & e, 1), 'and_not1_wrexec': (lambda s, e: s & ~e, 1),
}

# the M0-relative moves (guide, SOP1: S_MOVRELS D = SGPR[SRC0 + M0], S_MOVRELD SGPR[DST + M0] = S0;
# the _B64 forms move a pair, "M0 and the SGPR index must be even"): (text, M0 values, model of the
# new s[24:25] from the record's eight SGPRs s16..s23 = S0 lo/hi, S1 lo/hi, SCC, M0, old destination
# lo/hi, which s[24:25] also start as). s_movreld writes from s22 on, so M0 0 and 1 leave s[24:25]
# as they were and 2, 3 land in them.
def _sgprs(s0, s1, scc, m0, dinit):
    return [s0 & M32, s0 >> 32, s1 & M32, s1 >> 32, scc, m0, dinit & M32, dinit >> 32]


def _movreld(width):
    def f(s0, s1, scc, m0, dinit):
        regs = _sgprs(s0, s1, scc, m0, dinit) + [dinit & M32, dinit >> 32]  # s16..s25
        for k in range(width):
            regs[6 + m0 + k] = s0 >> (32 * k) & M32
        return regs[8] | regs[9] << 32
    return f


MOVREL = {
    's_movrels_b32': ('s_movrels_b32 s24, s16', range(8),
                      lambda s0, s1, scc, m0, d: (d & ~M32) | _sgprs(s0, s1, scc, m0, d)[m0]),
    's_movrels_b64': ('s_movrels_b64 s[24:25], s[16:17]', range(0, 8, 2),
                      lambda s0, s1, scc, m0, d: _sgprs(s0, s1, scc, m0, d)[m0] | _sgprs(s0, s1, scc, m0, d)[m0 + 1] << 32),
    's_movreld_b32': ('s_movreld_b32 s22, s16', range(4), _movreld(1)),
    's_movreld_b64': ('s_movreld_b64 s[22:23], s[16:17]', (0, 2), _movreld(2)),
}

# the guide's own functional examples (S0, S1, D): the first waves of the row's run take these
# operands, and the model must give these results too
GUIDE_EXAMPLES = {
    's_absdiff_i32': [(0x00000002, 0x00000005, 0x00000003), (0xffffffff, 0x00000000, 0x00000001),
                      (0x80000000, 0x00000000, 0x80000000), (0x80000000, 0x00000001, 0x7fffffff),
                      (0x80000000, 0xffffffff, 0x7fffffff), (0x80000000, 0xfffffffe, 0x7ffffffe)],
}

EDGES = [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0x80000000_00000000, 0x7fffffff_ffffffff, M64, 31, 32, 63, 64,
         0x10, 0xf0f0f0f0, 0x00010000]


def operand(rng, bfe_field=0):
    if bfe_field:  # a field offset and a width below the register's (the field may run past its top),
        off = rng.randrange(bfe_field)  # junk in the other bits
        width = rng.randrange(0, bfe_field)
        return (rng.getrandbits(64) & ~0x7f003f) | off | width << 16
    return rng.choice(EDGES) if rng.random() < 0.3 else rng.getrandbits(64) >> rng.choice([0, 0, 32, 48, 59])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--only', default='')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    cases = []  # (row, instruction text, model(s0, s1, scc, d) -> (d, scc), dst64, src widths)
    for name, (ops, f) in sorted(OPS.items()):
        if args.only and not name.startswith(args.only):
            continue
        cases.append((name, '%s %s' % (name, ops), f, ops.startswith('s[24:25]'), ops))
    for name, f in sorted(KOPS.items()):
        if args.only and not name.startswith(args.only):
            continue
        for k in (rng.getrandbits(16), 0x8000, 0x7fff, 0xffff, 0):
            cases.append((name, '%s s24, 0x%x' % (name, k), lambda a, b, c, d, f=f, k=k: f(d, k, c), False, 's24'))
    for name, (f, wr) in sorted(XOPS.items()):
        row = 's_%s_b32' % name
        if args.only and not row.startswith(args.only):
            continue
        cases.append((row, '%s %s' % (row, A32), lambda a, b, c, d, e, f=f, wr=wr: (f(a, e) & M32, wr), False, 'exec'))
        row = 's_%s_b64' % name
        if args.only and not row.startswith(args.only):
            continue
        cases.append((row, '%s %s' % (row, A64), lambda a, b, c, d, e, f=f, wr=wr: (f(a, e) & M64, wr), True, 'exec64'))
    for name, (text, m0s, f) in sorted(MOVREL.items()):
        if args.only and not name.startswith(args.only):
            continue
        cases.append((name, text, (f, m0s), True, 'm0'))
    ks = []
    for i, (name, text, f, dst64, ops) in enumerate(cases):
        # EXEC from the record for the instruction, stored after it (in wave64 its high half in a
        # second store, 16 bytes on)
        on_exec, wave64 = ops in ('exec', 'exec64'), ops == 'exec64'
        around = (['s_mov_b32 exec_lo, s21', text, 's_mov_b32 s27, exec_lo', 's_mov_b32 s28, 0',
                   's_mov_b32 exec_lo, -1'] if ops == 'exec' else
                  ['s_mov_b64 exec, s[22:23]', text, 's_mov_b64 s[28:29], exec', 's_mov_b32 s27, s28',
                   's_mov_b32 s28, s29', 's_mov_b64 exec, -1'] if wave64 else
                  ['s_mov_b32 m0, s21', text, 's_mov_b32 s27, 0', 's_mov_b32 s28, 0'] if ops == 'm0' else
                  [text, 's_mov_b32 s27, 0', 's_mov_b32 s28, 0'])
        body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_lshl_b32 s8, s2, 5',
                's_load_b256 s[16:23], s[4:5], s8', 's_lshl_b32 s9, s2, 5', 's_waitcnt lgkmcnt(0)',
                's_mov_b64 s[24:25], s[22:23]', 's_cmp_lg_u32 s20, 0'] + around + \
               ['s_cselect_b32 s26, 1, 0', 'v_mov_b32 v1, s24', 'v_mov_b32 v2, s25', 'v_mov_b32 v3, s26',
                'v_mov_b32 v4, s27', 'v_mov_b32 v5, s9', 'v_mov_b32 v6, s28',
                'global_store_b128 v5, v[1:4], s[6:7]', 'global_store_b32 v5, v6, s[6:7] offset:16', 's_endpgm']
        ks.append(asmkit.Kernel('salu%d' % i, body, nargs=2, vgprs=8, sgprs=32, wave64=wave64))
    runs = checked = bad = 0
    rows_bad = set()
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, ks, tmp, 'salu')
        inp, out = os.path.join(tmp, 'in'), os.path.join(tmp, 'out')
        for (name, text, f, dst64, ops), k in zip(cases, ks):
            on_exec, wave64, on_m0 = ops in ('exec', 'exec64'), ops == 'exec64', ops == 'm0'
            src_ops = (['s'] if ops == 'exec' else ['s[16:17]'] if wave64 else ['s'] if on_m0 else ops.split(', ')[1:]
                       if not name.startswith(('s_cmp', 's_bitcmp')) else ops.split(', '))
            wide = [o.startswith('s[') for o in src_ops] + [False, False]
            bfe_bits = 64 if name.startswith('s_bfe_') and name.endswith('64') else 32 if name.startswith('s_bfe_') else 0
            recs = []
            data = bytearray()
            examples = GUIDE_EXAMPLES.get(name, [])
            for wv in range(WAVES):
                s0, s1 = operand(rng), operand(rng, bfe_bits)
                if wv < len(examples):
                    s0, s1 = examples[wv][:2]
                scc, dinit = rng.getrandbits(1), rng.getrandbits(64)
                ex = rng.choice([0, M32, rng.getrandbits(32)]) if ops == 'exec' else rng.choice(f[1]) if on_m0 else 0
                if wave64:  # the 64-bit EXEC comes in the old destination's place
                    dinit = rng.choice([0, M64, M32, M32 << 32, rng.getrandbits(64)])
                recs.append((s0, s1, scc, dinit, ex))
                data += struct.pack('<QQIIQ', s0, s1, scc, ex, dinit)
            with open(inp, 'wb') as fh:
                fh.write(data)
            lanes = 64 if wave64 else 32
            p = asmkit.run(args.tool, hsaco, k.name, WAVES * lanes, lanes, ['buf:' + inp, 'zeros:%d' % (32 * WAVES)],
                           {1: out})
            # (each wave stores its destination pair, SCC, EXEC and EXEC's high half in 32 bytes)
            runs += 1
            if p.returncode:
                print('FAIL %s: %s' % (text, p.stderr.strip()))
                bad += 1
                rows_bad.add(name)
                continue
            got = open(out, 'rb').read()
            for wv, (s0, s1, scc, dinit, ex) in enumerate(recs):
                a = s0 if wide[0] else s0 & M32
                b = s1 if wide[1] else s1 & M32
                d_old = dinit if dst64 else dinit & M32
                if wave64:  # the same for the 64-bit EXEC, which came in dinit
                    new_exec, wr = f(s0, b, scc, d_old, dinit)
                    wd, wscc, wexec = new_exec if wr else dinit, int(new_exec != 0), new_exec
                elif on_exec:  # f gives the new EXEC and whether D is it (wrexec) or the old EXEC
                    new_exec, wr = f(a, b, scc, d_old, ex)
                    wd, wscc, wexec = new_exec if wr else ex, int(new_exec != 0), new_exec
                elif on_m0:  # SCC unchanged
                    wd, wscc, wexec = f[0](s0, s1, scc, ex, dinit), scc, 0
                else:
                    wd, wscc = f(a, b, scc, d_old)
                    wexec = 0
                want = wd if dst64 else (dinit & ~M32) | (wd & M32)
                if wv < len(examples) and wd != examples[wv][2]:  # the model against the guide's example
                    print('MODEL %s: S0 %08x S1 %08x gives %08x, the guide says %08x' % (name, a, b, wd, examples[wv][2]))
                    bad += 1
                d_lo, d_hi, g_scc, g_exec, g_exec_hi = struct.unpack_from('<IIIII', got, 32 * wv)
                g_exec |= g_exec_hi << 32
                checked += 1
                if (d_lo | d_hi << 32, g_scc, g_exec) != (want, wscc, wexec):
                    bad += 1
                    if name not in rows_bad:
                        print('MISMATCH %s: s0 %016x s1 %016x scc %d exec/m0 %08x d %016x: want %016x scc %d exec %x, '
                              'got %016x scc %d exec %x' % (text, s0, s1, scc, ex, dinit, want, wscc, wexec,
                                                              d_lo | d_hi << 32, g_scc, g_exec))
                    rows_bad.add(name)
    rows = len({c[0] for c in cases})
    print('salu vectors: %d rows, %d runs, %d wave results, %d mismatches (%d rows)' % (rows, runs, checked, bad,
                                                                                        len(rows_bad)))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
