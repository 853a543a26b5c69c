#!/usr/bin/env python3
# The six WMMA instructions on random matrices against the C reference tests/exec/wmma_ref.c, in
# wave32 and wave64: every NEG_LO/NEG_HI combination for the float forms (and OP_SEL[2] for the
# f16/bf16 results), signedness (NEG_LO[1:0]) and CLAMP for the integer forms. Matrix values are
# random in a wide range; some runs add zeros, denormals, infinities and NaNs. Half the runs issue the
# WMMA under a partial (or zero) EXEC, which it ignores: the guide's pseudocode (16.10) saves EXEC,
# sets it to all ones for the multiply and restores it, so every lane of D is written (3.2.3: EXEC
# of zero "does not skip WMMA").
import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

VARIANTS = [('f32_16x16x16_f16', 16, False), ('f32_16x16x16_bf16', 16, False), ('f16_16x16x16_f16', 16, True),
            ('bf16_16x16x16_bf16', 16, True), ('i32_16x16x16_iu8', 8, False), ('i32_16x16x16_iu4', 4, False)]


def regs(wave, bits):
    return 16 * bits // 32, 16 // (wave // 16)  # A/B VGPRs, C/D VGPRs


def kernel(vi, wave, neg_lo, neg_hi, opsel, clamp, exec_mask=None):
    name, bits, _ = VARIANTS[vi]
    ab, cd = regs(wave, bits)
    rng = lambda base, n: 'v[%d:%d]' % (base, base + n - 1)
    mods = asmkit.bits3('op_sel', 4 if opsel else 0) + asmkit.bits3('neg_lo', neg_lo) + asmkit.bits3('neg_hi', neg_hi)
    if clamp:
        mods += ' clamp'
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 'v_lshlrev_b32 v1, 2, v0']
    k = 0
    for base, n in ((16, ab), (24, ab), (32, cd), (40, cd)):  # register image k at byte 4 * wave * k
        for i in range(n):
            body += ['s_add_u32 s10, s4, %d' % (4 * wave * k), 's_addc_u32 s11, s5, 0',
                     'global_load_b32 v%d, v1, s[10:11]' % (base + i)]
            k += 1
    body += ['s_waitcnt vmcnt(0)']
    if exec_mask is not None:  # EXEC for the WMMA alone
        body += ['s_mov_b32 exec_lo, 0x%x' % (exec_mask & 0xffffffff)] + \
            (['s_mov_b32 exec_hi, 0x%x' % (exec_mask >> 32)] if wave == 64 else [])
    body += ['v_wmma_%s %s, %s, %s, %s%s' % (name, rng(40, cd), rng(16, ab), rng(24, ab), rng(32, cd), mods)]
    if exec_mask is not None:
        body += ['s_mov_b64 exec, -1' if wave == 64 else 's_mov_b32 exec_lo, -1']
    for i in range(cd):
        body += ['s_add_u32 s10, s6, %d' % (4 * wave * i), 's_addc_u32 s11, s7, 0',
                 'global_store_b32 v1, v%d, s[10:11]' % (40 + i)]
    body += ['s_waitcnt vmcnt(0)', 's_endpgm']
    tag = 'w%d_%d_%d_%d_%d_%d%s' % (wave, vi, neg_lo, neg_hi, opsel, clamp, '' if exec_mask is None else '_x')
    return asmkit.Kernel('wmma_' + tag, body, nargs=2, vgprs=48, wave64=wave == 64)


def element(rng, vi, special):
    """16 random bits (or 8/4) for one A/B element."""
    name, bits, _ = VARIANTS[vi]
    if bits < 16:
        return rng.getrandbits(bits)
    if special and rng.random() < 0.1:
        return rng.choice([0, 0x8000, 1, 0x8001, 0x7c00, 0xfc00, 0x7e00]) if 'f16' in name.split('_')[-1] \
            else rng.choice([0, 0x8000, 1, 0x7f80, 0xff80, 0x7fc0])
    if name.endswith('_f16'):
        return rng.getrandbits(1) << 15 | rng.randrange(9, 20) << 10 | rng.getrandbits(10)
    return rng.getrandbits(1) << 15 | rng.randrange(110, 145) << 7 | rng.getrandbits(7)


def accum(rng, vi, special):
    name, _, halves = VARIANTS[vi]
    if name.startswith('i32'):
        return rng.choice([rng.getrandbits(32), rng.randrange(-1000, 1000) & 0xffffffff, 0x7fffff00, 0x80000100])
    if halves:
        return element(rng, vi, special) | element(rng, vi, special) << 16
    v = struct.unpack('<I', struct.pack('<f', rng.uniform(-100, 100)))[0]
    if special and rng.random() < 0.1:
        v = rng.choice([0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x80000000])
    return v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=4)
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    ap.add_argument('--sample', type=float, default=1.0, help='fraction of the modifier combinations to run')
    ap.add_argument('--covered', default='', help='write the WMMA rows verified in both wave sizes here')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, 'wmma_ref')
        subprocess.run([args.cc, '-std=c11', '-O1', '-Wall', '-Wextra', '-Werror', os.path.join(here, 'wmma_ref.c'),
                        '-o', ref], check=True)
        combos = []
        for vi, (name, bits, halves) in enumerate(VARIANTS):
            if bits < 16:
                combos += [(vi, nl, 0, 0, cl) for nl in range(4) for cl in (0, 1)]
            else:
                combos += [(vi, nl, nh, op, 0) for nl in range(8) for nh in range(8) for op in ((0, 1) if halves else (0,))]
        combos = [c for c in combos if rng.random() < args.sample or c[1:] == (0, 0, 0, 0)]
        inp, out = os.path.join(tmp, 'in'), os.path.join(tmp, 'out')
        runs = 0
        for wave in (32, 64):
            execs = [None if rng.random() < 0.5 else rng.choice([0, rng.getrandbits(wave), 1 << (wave - 1)])
                     for _ in combos]
            ks = [kernel(vi, wave, nl, nh, op, cl, ex) for (vi, nl, nh, op, cl), ex in zip(combos, execs)]
            hsaco = asmkit.build(args.tool, ks, tmp, 'wmma%d' % wave, wave64=wave == 64)
            for (vi, nl, nh, op, cl), k in zip(combos, ks):
                name, bits, _ = VARIANTS[vi]
                ab, cd = regs(wave, bits)
                special = rng.random() < 0.3
                per = 32 // bits
                img = []
                for _ in range(2 * ab):  # A then B: lanes 0-15 real, the replicas copy them
                    row = [sum(element(rng, vi, special) << (bits * j) for j in range(per)) for _ in range(16)]
                    img.append([row[l % 16] for l in range(wave)])
                img += [[accum(rng, vi, special) for _ in range(wave)] for _ in range(cd)]
                img += [[rng.getrandbits(32) for _ in range(wave)] for _ in range(cd)]
                with open(inp, 'wb') as f:
                    for r in img:
                        f.write(struct.pack('<%dI' % wave, *r))
                text = '%d %d %d %d %d %d\n' % (vi, wave, nl, nh, 4 if op else 0, cl) + \
                    '\n'.join(' '.join('%x' % v for v in r) for r in img) + '\n'
                want = subprocess.run([ref], input=text, capture_output=True, text=True, check=True).stdout.split()
                p = asmkit.run(args.tool, hsaco, k.name, wave, wave, ['buf:' + inp, 'zeros:%d' % (4 * wave * cd)], {1: out})
                runs += 1
                if p.returncode:
                    print('FAIL %s: %s' % (k.name, p.stderr.strip()))
                    bad += 1
                    continue
                got = struct.unpack('<%dI' % (wave * cd), open(out, 'rb').read())
                for i, (g, wv) in enumerate(zip(got, want)):
                    checked += 1
                    if g != int(wv, 16):
                        bad += 1
                        if bad <= 20:
                            print('MISMATCH %s VGPR %d lane %d: want %s got %08x' % (k.name, i // wave, i % wave, wv, g))
    if args.covered and not bad:
        with open(args.covered, 'w') as f:
            f.write(''.join('v_wmma_%s\n' % v[0] for v in VARIANTS))
    print('wmma: %d runs (6 variants, modifier combinations, wave32/64), %d results, %d mismatches' % (runs, checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
