#!/usr/bin/env python3
# Float atomics against a model of seed 004 written here: NaN selection and quieting, signed zeros,
# infinities and denormal flushing by MODE, for the DS, buffer and global forms of add, min, max and
# compare-swap, in all four f32 denormal modes. Every lane works on its own (memory, data, compare)
# triple and returns the old value; the final memory is read back too.
import argparse
import itertools
import os
import random
import struct
import sys
import tempfile
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

VALUES = [
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3fc00000, 0xc0200000, 0x40400000,
    0x7f800000, 0xff800000,                         # +-inf
    0x7fc00000, 0x7fc12345, 0xffc00001,             # quiet NaNs
    0x7f800001, 0xff812345, 0x7fa00000,             # signalling NaNs
    0x00000001, 0x007fffff, 0x80000010, 0x80400000,  # denormals
    0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x33800000,
]
LANES = 32


# ---- the model: IEEE single values as bit patterns ----

def is_nan(b):
    return (b & 0x7fffffff) > 0x7f800000


def is_snan(b):
    return is_nan(b) and not b & 0x400000


def quiet(b):
    return b | 0x400000 if is_nan(b) else b


def is_inf(b):
    return (b & 0x7fffffff) == 0x7f800000


def flush(b):
    return b & 0x80000000 if (b & 0x7f800000) == 0 else b


def exact(b):
    """The exact value of a finite single."""
    sign = -1 if b >> 31 else 1
    e, m = (b >> 23) & 0xff, b & 0x7fffff
    return sign * (Fraction(m, 1 << 23) * Fraction(2) ** (1 - 127) if e == 0 else Fraction(m | 1 << 23, 1 << 23) * Fraction(2) ** (e - 127))


def to_single(v):
    """v (a Fraction) rounded to nearest even as single bits; overflow is infinity."""
    if v == 0:
        return 0
    sign = 0x80000000 if v < 0 else 0
    a = abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)
    q = a / Fraction(2) ** (e - 23)  # significand scaled to 24 bits
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    if n == 1 << 24:
        n >>= 1
        e += 1
    if e > 127:
        return sign | 0x7f800000
    if n < 1 << 23:  # denormal
        return sign | n
    return sign | (e + 127) << 23 | (n & 0x7fffff)


def order(b, nan_high):
    """Seed 004 min/max order: QNaN lowest for max (highest for min), -0 below +0."""
    if is_nan(b):
        return float('inf') if nan_high else float('-inf')
    mag = b & 0x7fffffff
    return -mag - 1 if b >> 31 else mag


def f_minmax(src0, src1, is_max, flush_in):
    if is_snan(src0):
        return quiet(src0)
    if is_snan(src1):
        return quiet(src1)
    c0, c1 = (flush(src0), flush(src1)) if flush_in else (src0, src1)
    k0, k1 = order(c0, not is_max), order(c1, not is_max)
    better = k1 > k0 if is_max else k1 < k0
    return src1 if better else src0


def f_add(src0, src1, flush_in, flush_out):
    if flush_in:
        src0, src1 = flush(src0), flush(src1)
    if is_nan(src0) or is_nan(src1):
        return quiet(src0 if is_nan(src0) else src1)
    if is_inf(src0) and is_inf(src1):
        return src0 if src0 == src1 else 0xffc00000
    if is_inf(src0) or is_inf(src1):
        return src0 if is_inf(src0) else src1
    r = to_single(exact(src0) + exact(src1))
    if flush_out:
        r = flush(r)
    return 0 if (r & 0x7fffffff) == 0 else r


def f_cmpswap(old, src, cmp, flush_in):
    o, c = (flush(old), flush(cmp)) if flush_in else (old, cmp)
    if is_nan(o) or is_nan(c):
        return old
    same = (o & 0x7fffffff) == 0 and (c & 0x7fffffff) == 0 or o == c
    if not same:
        return old
    return flush(src) if flush_in else src


def model(unit, op, mode, mem, data, cmp):
    """(returned old value, final memory) for one lane; mode holds MODE's f32 denormal bits."""
    keep_in, keep_out = mode & 1, mode & 2
    if unit == 'ds':
        add_in, add_out = not keep_in, not keep_out
    else:  # memory float atomics: add inputs always flushed, result kept
        add_in, add_out = True, False
    if op == 'add':
        new = f_add(mem, data, add_in, add_out)
    elif op in ('min', 'max'):
        new = f_minmax(mem, data, op == 'max', not keep_in)
    else:
        new = f_cmpswap(mem, data, cmp, not keep_in)
    return mem, new


# ---- kernels ----

def body(unit, op, mode):
    """Lane i of group g: triple at in[(g * 32 + i) * 16], results (old, final) to out at the same place."""
    pre = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)',
           's_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), %d' % (mode | 0xc),
           'v_lshlrev_b32 v1, 4, v0', 's_lshl_b32 s8, s2, 9', 'v_add_nc_u32 v1, s8, v1',
           'global_load_b128 v[2:5], v1, s[4:5]', 's_waitcnt vmcnt(0)']
    cmp = op == 'cmpswap'
    if unit == 'ds':
        name = {'add': 'ds_add_rtn_f32', 'min': 'ds_min_rtn_f32', 'max': 'ds_max_rtn_f32',
                'cmpswap': 'ds_cmpstore_rtn_f32'}[op]
        core = ['v_lshlrev_b32 v6, 2, v0', 'ds_store_b32 v6, v2',
                '%s v7, v6, v3%s' % (name, ', v4' if cmp else ''), 's_waitcnt lgkmcnt(0)',
                'ds_load_b32 v8, v6', 's_waitcnt lgkmcnt(0)']
    else:
        name = {'add': 'add_f32', 'min': 'min_f32', 'max': 'max_f32', 'cmpswap': 'cmpswap_f32'}[op]
        data = 'v[3:4]' if cmp else 'v3'
        core = ['global_store_b32 v1, v2, s[6:7] offset:4', 's_waitcnt vmcnt(0)']
        if unit == 'global':
            core += ['global_atomic_%s v7, v1, %s, s[6:7] offset:4 glc' % (name, data)]
        else:  # raw buffer over the output: stride 0, NUM_RECORDS large, OOB_SELECT 3
            core += ['s_mov_b32 s12, s6', 's_and_b32 s13, s7, 0xffff', 's_mov_b32 s14, -1',
                     's_mov_b32 s15, 0x30014000', 'v_mov_b32 v9, v3', 'v_mov_b32 v10, v4',
                     'buffer_atomic_%s %s, v1, s[12:15], 0 offen offset:4 glc' % (name, 'v[9:10]' if cmp else 'v9'),
                     's_waitcnt vmcnt(0)', 'v_mov_b32 v7, v9']
        core += ['s_waitcnt vmcnt(0)', 'global_load_b32 v8, v1, s[6:7] offset:4', 's_waitcnt vmcnt(0)']
    return pre + core + ['global_store_b64 v1, v[7:8], s[6:7]', 's_endpgm']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=9)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    combos = [(u, o, m) for u in ('ds', 'buffer', 'global') for o in ('add', 'min', 'max', 'cmpswap') for m in range(4)]
    ks = [asmkit.Kernel('%s_%s_m%d' % c, body(*c), nargs=2, lds=LANES * 4) for c in combos]
    pairs = list(itertools.product(VALUES, VALUES))
    triples = []
    for mem, data in pairs:  # compare against the memory value itself, its zero twin, or another value
        choice = rng.random()
        cmp = mem if choice < 0.4 else (mem ^ 0x80000000) if choice < 0.55 else flush(mem) if choice < 0.7 else rng.choice(VALUES)
        triples.append((mem, data, cmp))
    n = (len(triples) + LANES - 1) // LANES * LANES
    triples += [(0, 0, 0)] * (n - len(triples))
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, ks, tmp, 'fatomic')
        inp = os.path.join(tmp, 'in')
        with open(inp, 'wb') as f:
            f.write(b''.join(struct.pack('<4I', m, d, c, 0) for m, d, c in triples))
        for (unit, op, mode), k in zip(combos, ks):
            out = os.path.join(tmp, 'out')
            p = asmkit.run(args.tool, hsaco, k.name, n, LANES, ['buf:' + inp, 'zeros:%d' % (16 * n)], {1: out})
            if p.returncode:
                print('FAIL %s: %s' % (k.name, p.stderr.strip()))
                bad += 1
                continue
            got = open(out, 'rb').read()
            for i, (mem, data, cmp) in enumerate(triples):
                want = model(unit, op, mode, mem, data, cmp)
                have = struct.unpack_from('<2I', got, 16 * i)
                checked += 1
                if tuple(have) != want:
                    bad += 1
                    if bad <= 20:
                        print('MISMATCH %s mem 0x%08x data 0x%08x cmp 0x%08x: want old 0x%08x new 0x%08x, got 0x%08x 0x%08x'
                              % (k.name, mem, data, cmp, want[0], want[1], have[0], have[1]))
    print('float atomics: %d kernels, %d lane results, %d mismatches' % (len(ks), checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
