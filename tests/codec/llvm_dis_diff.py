#!/usr/bin/env python3
# Differential disassembly test: random encodings with valid format prefixes, decoded by
# llvm-mc-19 and by wavesim; the verdict (valid/invalid), size and text must agree.
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
from llvm_probe import disassemble  # noqa: E402

# (format, prefix value, prefix mask, opcode field lo, opcode width, opcode limit)
FORMATS = {
    'SOP2': (0x80000000, 0xc0000000, 23, 7, 0x60), 'SOPK': (0xb0000000, 0xf0000000, 23, 5, 0x1d),
    'SOP1': (0xbe800000, 0xff800000, 8, 8, 256), 'SOPC': (0xbf000000, 0xff800000, 16, 7, 128),
    'SOPP': (0xbf800000, 0xff800000, 16, 7, 128), 'SMEM': (0xf4000000, 0xfc000000, 18, 8, 256),
    'VOP2': (0x00000000, 0x80000000, 25, 6, 0x3e), 'VOP1': (0x7e000000, 0xfe000000, 9, 8, 256),
    'VOPC': (0x7c000000, 0xfe000000, 17, 8, 256), 'VOP3': (0xd4000000, 0xfc000000, 16, 10, 1024),
    'VOP3P': (0xcc000000, 0xff000000, 16, 7, 128), 'DS': (0xd8000000, 0xfc000000, 18, 8, 256),
    'MUBUF': (0xe0000000, 0xfc000000, 18, 8, 256), 'MTBUF': (0xe8000000, 0xfc000000, 15, 4, 16),
    'FLAT': (0xdc000000, 0xfc030000, 18, 7, 128), 'SCRATCH': (0xdc010000, 0xfc030000, 18, 7, 128),
    'GLOBAL': (0xdc020000, 0xfc030000, 18, 7, 128), 'VOPD': (0xc8000000, 0xfc000000, 22, 4, 16),
    'VINTERP': (0xcd000000, 0xff000000, 16, 7, 128), 'LDSDIR': (0xce000000, 0xffc00000, 20, 2, 4),
    'EXP': (0xf8000000, 0xfc000000, 0, 0, 1), 'MIMG': (0xf0000000, 0xfc000000, 18, 8, 256),
}


def known_opcodes(fmt):
    """Opcodes of the format present in our tables (so random words mostly hit real opcodes)."""
    path = os.path.join(HERE, '..', '..', 'isa', 'rdna3', ('vopdx' if fmt == 'VOPD' else fmt.lower()) + '.def')
    ops = []
    for line in open(path):
        if line.startswith('R3OP('):
            ops.append(int(line.split(',')[1], 16))
    return ops


def gen(fmt, rng, sparse):
    pv, pm, lo, width, limit = FORMATS[fmt]
    ops = known_opcodes(fmt)
    w0 = rng.getrandbits(32)
    w1 = rng.getrandbits(32)
    if sparse:  # most fields zero, a few random: reaches the valid encodings LLVM accepts
        w0 &= rng.getrandbits(32) & rng.getrandbits(32)
        w1 &= rng.getrandbits(32) & rng.getrandbits(32)
    w0 = (w0 & ~pm) | pv
    op = rng.choice(ops) if ops and rng.random() < 0.9 else rng.randrange(limit)
    w0 = (w0 & ~(((1 << width) - 1) << lo)) | (op << lo)
    # FLAT needs saddr = off to be valid at all, GLOBAL and SCRATCH have both forms: bias towards it
    if fmt in ('FLAT', 'GLOBAL', 'SCRATCH') and rng.random() < (0.9 if fmt == 'FLAT' else 0.4):
        w1 = (w1 & ~(0x7f << 16)) | (124 << 16)
    # VALU words are mostly valid with few modifier bits; reach the DPP forms now and then
    if fmt in ('VOP3', 'VOP3P') and rng.random() < 0.5:
        w0 &= ~(0x7f << 8)
        w1 &= ~(7 << 29)
    if fmt in ('VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P') and rng.random() < 0.15:
        w = 0 if fmt in ('VOP1', 'VOP2', 'VOPC') else 1
        code = rng.choice((250, 233, 234))
        if w == 0:
            w0 = (w0 & ~0x1ff) | code
        else:
            w1 = (w1 & ~0x1ff) | code
    # image instructions without a sampler need SSAMP = 0; BVH ones a fixed DMASK/UNORM/R128
    if fmt == 'MIMG' and rng.random() < 0.5:
        w1 &= ~(0x1f << 26)
    if fmt == 'MIMG' and op in (0x19, 0x1a) and rng.random() < 0.7:
        w0 = (w0 & ~0x2ff9c) | 0x8f80
        w1 &= ~(0x600000 | (0x1f << 26))
    return [w0 & 0xffffffff, w1, rng.getrandbits(32)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--count', type=int, default=10000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--formats', default=','.join(FORMATS))
    ap.add_argument('--wave64', action='store_true')
    ap.add_argument('--show', type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fmts = args.formats.split(',')
    cands = [gen(fmts[i % len(fmts)], rng, i % 2 == 0) for i in range(args.count)]
    ref = disassemble(cands, wave64=args.wave64)
    # the same s_nop padding LLVM saw follows each candidate (a literal may be taken from it)
    inp = ''.join(' '.join('%08x' % w for w in list(c) + [0xbf800000] * 5) + '\n' for c in cands)
    cmd = [args.tool] + (['--wave64'] if args.wave64 else [])
    ours = subprocess.run(cmd, input=inp, capture_output=True, text=True, check=True).stdout.splitlines()
    bad = 0
    valid = 0
    per_fmt = {}
    skipped = 0
    crashed = 0
    for i, (c, r, o) in enumerate(zip(cands, ref, ours)):
        fmt = fmts[i % len(fmts)]
        if r == 'misaligned':  # the previous candidate's padding was swallowed; no verdict
            skipped += 1
            continue
        if r == 'crash':  # llvm-objdump crashed on it (image tuples past v255): no verdict
            crashed += 1
            continue
        want = '<invalid>' if r is None else '%s\t%d' % r
        got = o
        if got == '<truncated>':
            got = '<invalid>'
        if r is not None:
            valid += 1
        if want != got:
            bad += 1
            per_fmt[fmt] = per_fmt.get(fmt, 0) + 1
            if bad <= args.show:
                print('MISMATCH %s %s\n  llvm: %s\n  ours: %s' % (fmt, ' '.join('%08x' % w for w in c), want, got))
    print('disassembly diff: %d candidates (%d valid per LLVM, %d unaligned, %d crash llvm-objdump), '
          '%d mismatches %s' % (len(cands), valid, skipped, crashed, bad, per_fmt))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
