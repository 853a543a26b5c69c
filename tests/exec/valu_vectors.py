#!/usr/bin/env python3
# Every VALU table row the reference model knows, run as an assembly kernel in wave32 and wave64
# over edge-case and random vectors under several MODE settings, against tests/exec/valu_ref.c (an
# independent C model). The instruction text is the row's own probe text from isa/rdna3/*.def
# (v8 result, v16/v24/v32 sources, s8/s12 mask results, s48/vcc carry-in), so each encoding
# (VOP1/VOP2/VOPC e32, VOP3/VOP3SD e64) is exercised as LLVM writes it.
# Prints a coverage report: VALU rows implemented by the executor and rows tested here.
import argparse
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p']
LANES = 256          # vectors per run
HEADER = 64          # input bytes before the per-lane records (MODE at 0)
RECORD = 64          # per lane: A, B, C, DINIT (8 bytes each), CARRY (4)
# MODE values: f32 round [1:0], f16/f64 round [3:2], denormals kept [7:4], DX10_CLAMP 8, IEEE 9
FLOAT_MODES = [0x3f0, 0x300, 0x3f5, 0x3fa, 0x3ff, 0x1f0, 0x330, 0x3c0]
INT_MODES = [0x3f0]
KLIT = {'k32': 0x3fc00001, 'k16': 0x3e01}  # the literal K of fmamk/fmaak rows (f16 uses the low half)

F32 = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
       0x3f800000, 0xbf800000, 0x3f000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
       0xffc00000, 0x7f800001, 0xff812345, 0x7fffffff, 0x4b000000, 0x4b7fffff, 0xcf000000, 0x4f000000,
       0x4f800000, 0x3effffff, 0x3f000001, 0x40490fdb, 0x33800000, 0x477fe000, 0x477ff000, 0x38800000]
F16 = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3800, 0x7bff,
       0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0xfd23, 0x7fff, 0x6400, 0x67ff, 0xf800, 0x3bff,
       0x3801, 0x4248, 0x1400, 0x5bf8, 0x3555, 0x0200]
F64 = [0x0, 0x8000000000000000, 0x1, 0x8000000000000001, 0x000fffffffffffff, 0x0010000000000000,
       0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
       0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
       0xfff4000000012345, 0x4330000000000000, 0x433fffffffffffff, 0xc1e0000000000000, 0x41e0000000000000,
       0x41f0000000000000, 0x3fdfffffffffffff, 0x400921fb54442d18, 0x36a0000000000000, 0x47efffffe0000000,
       0x3810000000000000, 0x380fffffffffffff]
INTS = [0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0xffffff, 0x1000000,
        0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x12345678, 0xdeadbeef, 0x00ff00ff]


def values(rng, t, n):
    """n operand values of type t: every edge case first, then random ones of that type."""
    if t in ('f32',):
        base, rnd = F32, lambda: rng.choice([rng.getrandbits(32), struct.unpack('<I', struct.pack('<f', rng.uniform(-1e4, 1e4)))[0]])
    elif t == 'f16':
        base, rnd = F16, lambda: rng.choice([rng.getrandbits(16), struct.unpack('<H', struct.pack('<e', rng.uniform(-300, 300)))[0]])
    elif t == 'f64':
        base, rnd = F64, lambda: rng.choice([rng.getrandbits(64), struct.unpack('<Q', struct.pack('<d', rng.uniform(-1e9, 1e9)))[0]])
    elif t == 'pf16':
        base = [a | b << 16 for a, b in zip(F16, F16[7:] + F16[:7])]
        rnd = lambda: rng.choice(F16) | rng.getrandbits(16) << 16 if rng.random() < 0.5 else rng.getrandbits(32)
    elif t in ('k32', 'k16'):
        base, rnd = [KLIT[t]], lambda: KLIT[t]
    elif t in ('sh32', 'sh16'):
        base, rnd = list(range(0, 40)) + [0xffffffe0, 0x120], lambda: rng.getrandbits(32)
    elif t == 'cls':
        base, rnd = [1 << i for i in range(10)] + [0x3ff, 0, 0x155, 0x2aa], lambda: rng.getrandbits(10)
    elif t == 'sel32':
        base, rnd = [0x03020100, 0x07060504, 0x0c0d0e0f, 0x08090a0b, 0x0b0a0908], \
            lambda: sum(rng.randrange(16) << 8 * i for i in range(4))
    elif t in ('i64', 'u64', 'b64'):
        base = [0, 1, 0xffffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0xffffffff, 0x100000000]
        rnd = lambda: rng.getrandbits(64)
    elif t in ('i16', 'u16', 'b16'):
        base, rnd = [0, 1, 0x7fff, 0x8000, 0xffff, 0x00ff, 0xff00, 0x8001, 0x7ffe] + [v & 0xffff for v in INTS], \
            lambda: rng.getrandbits(32)
    else:
        base, rnd = INTS, lambda: rng.getrandbits(32)
    out = list(base)
    if n == 0:
        return out
    rng.shuffle(out)
    while len(out) < n:
        out.append(rnd())
    return out[:n]


def vectors(rng, types):
    """LANES (a, b, c, carry) tuples: the edge cases of each source against each other, then random."""
    srcs = [t for t in types[1:4]]
    cols = []
    for t in srcs:
        cols.append(values(rng, t, LANES) if t != '-' else [0] * LANES)
    # pair every edge value of src0 with every edge value of src1 where they fit
    e0 = values(rng, srcs[0], 0) if srcs[0] != '-' else [0]
    e1 = values(rng, srcs[1], 0) if srcs[1] != '-' else [0]
    pairs = [(x, y) for x in e0 for y in e1]
    rng.shuffle(pairs)
    for i, (x, y) in enumerate(pairs[:LANES // 2]):
        cols[0][i] = x
        cols[1][i] = y
    for k, t in enumerate(srcs):  # a literal operand is the same in every lane
        if t in KLIT:
            cols[k] = [KLIT[t]] * LANES
    return [(cols[0][i], cols[1][i], cols[2][i], rng.getrandbits(1)) for i in range(LANES)]


def parse_rows():
    rows = []
    for t in TABLES:
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', t + '.def')):
            m = re.match(r'R3OP\((\w+), (0x[0-9a-f]+), (\w+), "([^"]*)".*/\* (.*) \*/', line)
            if m:
                rows.append({'table': t, 'mnemonic': m.group(3), 'operands': m.group(4), 'text': m.group(5)})
    return rows


def base_name(mnemonic):
    return re.sub(r'_e(32|64)$', '', mnemonic[2:])


def row_text(row, wave):
    """The probe text with wave64 mask pairs; and which register holds the mask result."""
    text = row['text']
    name = row['mnemonic']
    mask = None
    if name.startswith('v_cmpx'):
        mask = 'exec'
    elif re.match(r'v_\w+ vcc_lo,', text):
        mask = 'vcc'
    elif re.match(r'v_\w+ s8,', text):
        mask = 's8'
    elif re.match(r'v_\w+ v\S+ s12,', text) or re.match(r'v_\w+ v\[\d+:\d+\], s12,', text):
        mask = 's12'
    if wave == 64:
        text = text.replace('vcc_lo', 'vcc').replace(' s8,', ' s[8:9],').replace(' s12,', ' s[12:13],')
        text = re.sub(r's48$', 's[48:49]', text)
    return text, mask


def kernel(row, wave, idx, types):
    text, mask = row_text(row, wave)
    for t in types:
        if t in KLIT:
            text = text.replace('0xbf800000', '0x%x' % KLIT[t])
    w64 = wave == 64
    pair = (lambda r: 's[%d:%d]' % (r, r + 1)) if w64 else (lambda r: 's%d' % r)
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_load_b32 s20, s[4:5], 0x0',
            's_waitcnt lgkmcnt(0)', 's_setreg_b32 hwreg(HW_REG_MODE, 0, 10), s20',
            's_mul_i32 s21, s2, %d' % wave, 'v_add_nc_u32 v1, s21, v0', 'v_lshlrev_b32 v2, 4, v1',
            'v_lshlrev_b32 v1, 6, v1',
            'global_load_b64 v[16:17], v1, s[4:5] offset:%d' % HEADER,
            'global_load_b64 v[24:25], v1, s[4:5] offset:%d' % (HEADER + 8),
            'global_load_b64 v[32:33], v1, s[4:5] offset:%d' % (HEADER + 16),
            'global_load_b64 v[8:9], v1, s[4:5] offset:%d' % (HEADER + 24),
            'global_load_b32 v34, v1, s[4:5] offset:%d' % (HEADER + 32), 's_waitcnt vmcnt(0)',
            'v_cmp_ne_u32_e32 %s, 0, v34' % ('vcc' if w64 else 'vcc_lo'),
            'v_cmp_ne_u32_e64 %s, 0, v34' % pair(48),
            's_mov_b64 s[8:9], 0', 's_mov_b64 s[12:13], 0', 'v_mov_b32 v10, 0', text]
    if mask == 'exec':
        body += ['s_mov_b64 s[50:51], exec' if w64 else 's_mov_b32 s50, exec_lo',
                 's_mov_b64 exec, -1' if w64 else 's_mov_b32 exec_lo, -1']
        src = pair(50)
    else:
        src = {'vcc': 'vcc' if w64 else 'vcc_lo', 's8': pair(8), 's12': pair(12)}.get(mask)
    if src:
        body.append('v_cndmask_b32_e64 v10, 0, 1, %s' % src)
    body += ['global_store_b96 v2, v[8:10], s[6:7]', 's_endpgm']
    return asmkit.Kernel('k%d_w%d' % (idx, wave), body, nargs=2, vgprs=40, sgprs=56, wave64=w64), mask


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    ap.add_argument('--modes', type=int, default=len(FLOAT_MODES), help='float MODE settings per row (wave32)')
    ap.add_argument('--only', default='', help='regex: rows to run')
    ap.add_argument('--report', default='', help='write the coverage report here')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    missing = set(subprocess.run([args.tool, 'isa', '--missing'], capture_output=True, text=True).stdout.split())
    rows = parse_rows()
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, 'valu_ref')
        subprocess.run([args.cc, '-std=c11', '-O1', '-Wall', '-Wextra', '-Werror', '-frounding-math',
                        os.path.join(here, 'valu_ref.c'), '-o', ref, '-lm'], check=True)
        types = {}
        for r in rows:
            b = base_name(r['mnemonic'])
            if b not in types:
                types[b] = subprocess.run([ref, '--types', b], capture_output=True, text=True).stdout.split()
        todo = [r for r in rows if types[base_name(r['mnemonic'])] != ['-'] and r['mnemonic'] not in missing
                and (not args.only or re.search(args.only, r['mnemonic']))]
        ks = []
        for i, r in enumerate(todo):
            for wave in (32, 64):
                k, mask = kernel(r, wave, i, types[base_name(r['mnemonic'])])
                ks.append((r, wave, k, mask))
        hsaco = {wave: asmkit.build(args.tool, [k for _, w, k, _ in ks if w == wave], tmp, 'valu%d' % wave,
                                    wave64=wave == 64) for wave in (32, 64)}
        inp, out = os.path.join(tmp, 'in'), os.path.join(tmp, 'out')
        bad = checked = runs = 0
        tested = set()
        for r, wave, k, mask in ks:
            b = base_name(r['mnemonic'])
            t = types[b]
            is_float = any(x.startswith('f') or x == 'pf16' for x in t)
            modes = FLOAT_MODES[:args.modes] if is_float else INT_MODES
            if wave == 64:
                modes = modes[:2]
            row_bad = 0
            for mode in modes:
                vec = vectors(rng, t)
                dinit = [rng.getrandbits(64) for _ in range(LANES)]
                data = bytearray(HEADER)
                struct.pack_into('<I', data, 0, mode)
                lines = []
                for lane, ((a, bb, c, carry), di) in enumerate(zip(vec, dinit)):
                    data += struct.pack('<QQQQI', a, bb, c, di, carry) + bytes(RECORD - 36)
                    lines.append('%x %x %x %x %x %x %x' % (mode, a, bb, c, carry, lane % wave, di))
                with open(inp, 'wb') as f:
                    f.write(data)
                want = subprocess.run([ref, b], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                                      check=True).stdout.split('\n')
                p = asmkit.run(args.tool, hsaco[wave], k.name, LANES, wave, ['buf:' + inp, 'zeros:%d' % (16 * LANES)],
                               {1: out})
                runs += 1
                if p.returncode:
                    print('FAIL %s w%d mode %x: %s' % (r['mnemonic'], wave, mode, p.stderr.strip()))
                    bad += 1
                    row_bad += 1
                    continue
                got = open(out, 'rb').read()
                wide = t[0] in ('f64', 'i64', 'u64', 'b64')
                for lane in range(LANES):
                    d_lo, d_hi, m = struct.unpack_from('<III', got, 16 * lane)
                    wd, wm = want[lane].split()
                    wd = int(wd, 16)
                    have_d = d_lo | d_hi << 32
                    ok = have_d == wd and (mask is None or m == int(wm))
                    checked += 1
                    if not ok:
                        bad += 1
                        row_bad += 1
                        if row_bad <= 3:
                            a, bb, c, carry = vec[lane]
                            print('MISMATCH %s w%d mode %03x lane %d: a %x b %x c %x carry %d dinit %x: want %016x/%s got %016x/%d%s'
                                  % (r['mnemonic'], wave, mode, lane, a, bb, c, carry, dinit[lane], wd, wm, have_d, m,
                                     ' (64-bit result)' if wide else ''))
            if not row_bad:
                tested.add((r['mnemonic'], wave))
    valu = [r['mnemonic'] for r in rows]
    impl = [m for m in valu if m not in missing]
    both = [m for m in valu if (m, 32) in tested and (m, 64) in tested]
    report = ['VALU coverage (gfx1100 rows of %s):' % ', '.join(TABLES),
              '  implemented: %d/%d (%.1f%%)' % (len(impl), len(valu), 100.0 * len(impl) / len(valu)),
              '  tested against the reference model, wave32 and wave64: %d/%d (%.1f%%)'
              % (len(both), len(valu), 100.0 * len(both) / len(valu)),
              '  not tested: ' + ' '.join(m for m in valu if m not in both)]
    if args.report:
        with open(args.report, 'w') as f:
            f.write('\n'.join(report) + '\n')
    print('\n'.join(report[:3]))
    print('valu vectors: %d rows, %d runs, %d lane results, %d mismatches' % (len(todo), runs, checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
