#!/usr/bin/env python3
# Differential assembler test: random valid encodings of the claimed formats are disassembled by
# llvm-mc-19 into a text corpus; that text is assembled by llvm-mc-19 (the oracle bytes) and by
# wavesim. Bytes must be equal, and wavesim's disassembly of its own bytes must equal LLVM's.
import argparse
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
sys.path.insert(0, HERE)
from llvm_probe import assemble, disassemble  # noqa: E402
from llvm_dis_diff import gen  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--count', type=int, default=10000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--formats', required=True)
    ap.add_argument('--wave64', action='store_true')
    ap.add_argument('--show', type=int, default=20)
    ap.add_argument('--every-opcode', action='store_true')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fmts = args.formats.split(',')
    cands = [gen(fmts[i % len(fmts)], rng, True) for i in range(args.count)]
    texts = {r[0] for r in disassemble(cands, wave64=args.wave64) if isinstance(r, tuple)}
    if args.every_opcode:  # LLVM's text of every table row (the generator keeps it as a comment)
        for fmt in fmts:
            names = ['vopdx', 'vopdy'] if fmt == 'VOPD' else [fmt.lower()]
            for line in (l for n in names for l in open(os.path.join(HERE, '..', '..', 'isa', 'rdna3', n + '.def'))):
                m = re.search(r'/\* (.*) \*/$', line)
                if line.startswith('R3OP(') and m:
                    texts.add(m.group(1))
    texts = sorted(texts)
    ref = assemble(texts, wave64=args.wave64)
    lines = [t for t, r in zip(texts, ref) if r[0] == 'ok']
    want = [r[2] for r in ref if r[0] == 'ok']
    flag = ['--wave64'] if args.wave64 else []
    ours = subprocess.run([args.tool, '--asm'] + flag, input='\n'.join(lines) + '\n', capture_output=True,
                          text=True, check=True).stdout.splitlines()
    bad = 0
    back_in = []
    for text, w, o in zip(lines, want, ours):
        wh = ' '.join('%08x' % int.from_bytes(w[i:i + 4], 'little') for i in range(0, len(w), 4))
        if o != wh:
            bad += 1
            if bad <= args.show:
                print('MISMATCH %s\n  llvm: %s\n  ours: %s' % (text, wh, o))
        else:
            back_in.append((text, o))
    back = subprocess.run([args.tool] + flag, input=''.join(o + '\n' for _, o in back_in), capture_output=True,
                          text=True, check=True).stdout.splitlines()
    # the round trip is judged against LLVM's own disassembly of the same bytes: text -> bytes ->
    # text is not always the identity for LLVM either (ds_swizzle bitmasks print canonically)
    again = disassemble([[int(x, 16) for x in o.split()] for _, o in back_in], wave64=args.wave64)
    rt_bad = 0
    for (text, o), b, a in zip(back_in, back, again):
        if not isinstance(a, tuple) or b.split('\t')[0] != a[0]:
            rt_bad += 1
            if rt_bad <= args.show:
                print('ROUNDTRIP %s -> %s -> %s' % (text, o, b))
    print('assembler diff: %d lines (from %d encodings), %d byte mismatches, %d round-trip mismatches' % (
        len(lines), len(cands), bad, rt_bad))
    return 1 if bad or rt_bad or not lines else 0


if __name__ == '__main__':
    sys.exit(main())
