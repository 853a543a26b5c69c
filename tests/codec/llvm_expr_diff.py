#!/usr/bin/env python3
# Seed-002 operand syntax against llvm-mc-19: random absolute expressions over every number form
# (decimal, 0b binary, 0 octal, 0x hex, 0ffh, floats in decimal and hex) and every operator and
# precedence level, used as 16-, 32- and 64-bit integer and float operands, plus symbols defined with
# '=' and .set. Both assemblers must agree on every line: the same bytes, or both reject it.
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
from llvm_probe import assemble  # noqa: E402

BINOPS = ['*', '/', '%', '+', '-', '<<', '>>', '==', '!=', '<>', '<', '<=', '>', '>=', '|', '^', '&', '&&', '||']
UNOPS = ['-', '~', '!', '+']


def number(rng):
    v = rng.choice([rng.randrange(0, 70), rng.randrange(0, 1 << 16), rng.randrange(0, 1 << 33)])
    form = rng.randrange(5)
    if form == 0:
        return str(v)
    if form == 1:
        return bin(v).replace('0b', '0b')
    if form == 2:
        return '0' + oct(v)[2:] if v else '0'
    if form == 3:
        return hex(v)
    return '0' + format(v, 'x') + 'h'


def expr(rng, depth):
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice([number(rng), 'x', 'y']) if rng.random() < 0.9 else number(rng)
    k = rng.random()
    if k < 0.15:
        return rng.choice(UNOPS) + expr(rng, depth - 1)
    if k < 0.3:
        return '(' + expr(rng, depth - 1) + ')'
    return expr(rng, depth - 1) + ' ' + rng.choice(BINOPS) + ' ' + expr(rng, depth - 1)


def floatlit(rng):
    v = rng.choice([0.5, 1.0, 2.0, 4.0, -0.5, 0.15915494, 1.5, 65504.0, 65600.0, 3.0e38, 1e-8, rng.uniform(-1e5, 1e5)])
    form = rng.randrange(3)
    if form == 0:
        return repr(float(v))
    if form == 1:
        return '%e' % v
    return float(v).hex()


INSTS = ['s_mov_b32 s0, %s', 's_mov_b64 s[0:1], %s', 's_add_u32 s0, s1, %s', 'v_add_nc_u16 v0, %s, v1',
         'v_add_f16 v0, %s, v1', 'v_add_f32 v0, %s, v1', 'v_add_f64 v[0:1], %s, v[2:3]', 's_movk_i32 s0, %s',
         'v_mov_b32 v0, %s', 's_bfe_i64 s[0:1], %s, s3', 's_bfe_u64 s[0:1], %s, s3', 'v_ceil_f64 v[0:1], %s',
         'v_add_u16 v0, %s, v1']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--count', type=int, default=3000)
    ap.add_argument('--seed', type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for i in range(args.count):
        inst = rng.choice(INSTS)
        operand = floatlit(rng) if rng.random() < 0.3 else expr(rng, rng.randrange(1, 4))
        lines.append(inst % operand)
    # symbols: x with '=', y with .set, both before use
    prelude = ['x = %s' % number(rng), '.set y, %s' % number(rng)]
    ref = assemble(prelude + lines)[2:]
    src = '\n'.join(prelude + lines) + '\n'
    ours = subprocess.run([args.tool, '--asm-file'], input=src, capture_output=True, text=True,
                          check=True).stdout.splitlines()
    bad = 0
    agree_ok = agree_err = 0
    for line, r, o in zip(lines, ref, ours):
        if r[0] == 'skip':
            continue
        if r[0] == 'err':
            ok = o.startswith('<error>')
            agree_err += ok
        else:
            want = ' '.join('%08x' % int.from_bytes(r[2][i:i + 4], 'little') for i in range(0, len(r[2]), 4))
            ok = o == want
            agree_ok += ok
        if not ok:
            bad += 1
            if bad <= 20:
                print('MISMATCH %s\n  llvm: %s\n  ours: %s' % (line, r[1:] if r[0] == 'err' else want, o))
    print('expression diff: %d lines, %d encoded alike, %d rejected by both, %d mismatches' % (
        len(lines), agree_ok, agree_err, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
