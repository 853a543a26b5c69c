#!/usr/bin/env python3
# Every buffer data format converted both ways: tbuffer loads and stores (plain and D16) and
# buffer_*_d16_hi_format_x run by wavesim, against the C reference model in buffer_format_ref.c. Loads read random element bits
# (NaNs, denormals, extremes included); stores write special, random and tie-breaking values.
import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

GROUPS, LOCAL = 4, 64
N = GROUPS * LOCAL
SPECIAL32 = [0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f812345,
             0xffc00001, 0x00000001, 0x80000001, 0x477fff00, 0x47800000, 0x4b7fffff, 0x3c008081, 0x40000000,
             0xc0000000, 0x7f7fffff, 0x38000000, 0x33800000, 0x477fe000, 0x477ff000, 0x7fffffff, 0x00ffffff]
SPECIAL16 = [0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x0001, 0x8001, 0x7bff, 0x5bf8,
             0x5bf9, 0xc000, 0x7fff, 0x7ff0]


def element_size(fmt):
    """Bytes of one element of format value fmt (0: not a format), by value range."""
    table = [(1, 6, 8), (7, 13, 16), (14, 19, 16), (20, 22, 32), (23, 29, 32), (30, 41, 32), (42, 47, 32),
             (48, 50, 64), (51, 57, 64), (58, 60, 96), (61, 63, 128)]
    for lo, hi, bits in table:
        if lo <= fmt <= hi:
            return bits // 8
    return 0


def store_value(rng, d16):
    if d16:
        halves = []
        for _ in range(2):
            r = rng.random()
            h = rng.choice(SPECIAL16) if r < 0.3 else rng.getrandbits(16) if r < 0.6 else \
                struct.unpack('<H', struct.pack('<e', rng.uniform(-2.5, 2.5)))[0]
            halves.append(h)
        return halves[0] | halves[1] << 16
    r = rng.random()
    if r < 0.25:
        return rng.choice(SPECIAL32)
    if r < 0.45:
        return rng.getrandbits(32)
    if r < 0.6:  # exact ties between unorm/snorm steps and small integers
        k, d = rng.randrange(0, 1024), rng.choice((255, 127, 65535, 32767, 1023, 511, 3, 1))
        return struct.unpack('<I', struct.pack('<f', (k + 0.5) / d))[0]
    if r < 0.7:
        return rng.choice((0, 1, 2, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 0x7fffffff, 0x80000000,
                           0xffffffff, 0xffff8000, 0xffffff80, 0xfffffe00, 511, 512, 1023, 1024))
    return struct.unpack('<I', struct.pack('<f', rng.uniform(-300, 70000) if rng.random() < 0.5 else
                                          rng.uniform(-1.5, 1.5)))[0]


HI_KEEP = 0x1234  # the low half of VDATA that a d16_hi load must keep


def kernel(fmt, store, d16, size, hi=0):
    """tbuffer_*_format_xyzw (instruction format), or with hi buffer_*_d16_hi_format_x (the V#'s
    format, identity DST_SEL)."""
    name = 'f%d_%s%s%s' % (fmt, 's' if store else 'l', '_d16' if d16 else '', '_hi' if hi else '')
    regs = 'v[2:3]' if d16 else 'v[2:5]'
    if hi:
        op = 'buffer_%s_d16_hi_format_x v2, v1, s[12:15], 0 idxen' % ('store' if store else 'load')
        word3 = 0x10000000 | fmt << 12 | 4 | 5 << 3 | 6 << 6 | 7 << 9
    else:
        op = 'tbuffer_%s_%sformat_xyzw %s, v1, s[12:15], 0 format:%d idxen' % (  # LLVM's operand order
            'store' if store else 'load', 'd16_' if d16 else '', regs, fmt)
        word3 = 0x10000000
    base = 's6' if store else 's4'
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_lshl_b32 s8, s2, 6',
            'v_add_nc_u32 v1, s8, v0', 'v_lshlrev_b32 v6, 4, v1',
            's_mov_b32 s12, %s' % base, 's_and_b32 s13, s%d, 0xffff' % (int(base[1:]) + 1),
            's_or_b32 s13, s13, 0x%x' % (size << 16), 's_mov_b32 s14, -1', 's_mov_b32 s15, 0x%x' % word3,
            'v_mov_b32 v2, 0x%x' % (HI_KEEP if hi else 0), 'v_mov_b32 v3, 0', 'v_mov_b32 v4, 0', 'v_mov_b32 v5, 0']
    if store:
        body += ['global_load_b128 v[2:5], v6, s[4:5]', 's_waitcnt vmcnt(0)', op, 's_waitcnt vmcnt(0)']
    else:
        body += [op, 's_waitcnt vmcnt(0)', 'global_store_b128 v6, v[2:5], s[6:7]']
    return asmkit.Kernel(name, body + ['s_endpgm'], nargs=2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=11)
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    bad = checked = formats = 0
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, 'ref')
        subprocess.run([args.cc, '-std=c11', '-O1', '-Wall', '-Werror', os.path.join(here, 'buffer_format_ref.c'),
                        '-o', ref, '-lm'], check=True)
        combos = []
        for fmt in range(0, 64):
            size = element_size(fmt)
            valid = subprocess.run([ref, 'load', str(fmt), '0', '0'], input=b'').returncode != 3
            if valid != (size > 0):
                print('FAIL reference and size table disagree on format %d' % fmt)
                bad += 1
            if not valid:
                continue
            formats += 1
            combos += [(fmt, store, d16, size, 0) for store in (0, 1) for d16 in (0, 1)]
            combos += [(fmt, store, 1, size, 1) for store in (0, 1)]
        ks = [kernel(*c) for c in combos]
        hsaco = asmkit.build(args.tool, ks, tmp, 'formats')
        inp, out = os.path.join(tmp, 'in'), os.path.join(tmp, 'out')
        for (fmt, store, d16, size, hi), k in zip(combos, ks):
            if store:
                data = b''.join(struct.pack('<4I', *[store_value(rng, d16) for _ in range(4)]) for _ in range(N))
                outsize = N * size
            else:
                data = bytes(rng.getrandbits(8) for _ in range(N * size))
                outsize = N * 16
            with open(inp, 'wb') as f:
                f.write(data)
            ref_in = data
            if hi and store:  # only X moves, from the high half of the first dword; Y, Z, W store 0
                ref_in = b''.join(struct.pack('<4I', struct.unpack_from('<I', data, 16 * i)[0] >> 16, 0, 0, 0)
                                  for i in range(N))
            want = subprocess.run([ref, 'store' if store else 'load', str(fmt), str(d16), str(N)], input=ref_in,
                                  capture_output=True, check=True).stdout
            if hi and not store:  # X lands in the high half, the low half keeps its value
                want = b''.join(struct.pack('<4I', (struct.unpack_from('<I', want, 16 * i)[0] & 0xffff) << 16 |
                                            HI_KEEP, 0, 0, 0) for i in range(N))
            p = asmkit.run(args.tool, hsaco, k.name, N, LOCAL, ['buf:' + inp, 'zeros:%d' % outsize], {1: out})
            if p.returncode:
                print('FAIL %s: %s' % (k.name, p.stderr.strip()))
                bad += 1
                continue
            got = open(out, 'rb').read()
            unit = size if store else 16
            for i in range(N):
                checked += 1
                if got[i * unit:(i + 1) * unit] != want[i * unit:(i + 1) * unit]:
                    bad += 1
                    if bad <= 25:
                        src = data[i * (16 if store else size):(i + 1) * (16 if store else size)]
                        print('MISMATCH %s lane %d input %s: want %s got %s' % (
                            k.name, i, src.hex(), want[i * unit:(i + 1) * unit].hex(), got[i * unit:(i + 1) * unit].hex()))
    print('buffer formats: %d formats, %d kernels, %d lane results, %d mismatches' % (formats, len(ks), checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
