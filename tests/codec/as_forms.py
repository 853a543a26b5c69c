#!/usr/bin/env python3
# Operand forms of every RDNA3 table row against llvm-mc-19, both ways: each row's LLVM probe text
# (the comment in isa/rdna3/*.def) is varied and every variant assembled by llvm-mc-19 and by
# wavesim; the two must agree on accepting it and on its bytes. The variants: every number in the
# text replaced by boundary values (ranges, sign, truncation, floats where an integer is expected),
# op_sel/op_sel_hi/neg_lo/neg_hi lists of 1 to 5 entries, each operand left out in turn (optional and
# implicit operands), modifiers out of order or added before and after the others, and the mnemonic
# with and without its _e32/_e64/_dpp suffixes.
import argparse
import collections
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from llvm_probe import assemble  # noqa: E402

VALUES = ['-1', '0', '1', '-16', '64', '65', '0x7f', '0x80', '0xff', '0x100', '0xfff', '0x1000', '0x7fff', '0x8000',
          '-0x8000', '-0x8001', '0xffff', '0x10000', '0xfffff', '0x100000', '0x1fffff', '0x200000', '-0x100000',
          '-0x100001', '0xffffffff', '0x100000000', '0xffffffffffffffff', '-0x80000000', '1.0', '0.5', '-4.0',
          '1.1', '-1.1']
LISTS = ['[1]', '[0,1]', '[1,0,1]', '[1,1,1,1]', '[0,0,0,1]', '[1,1,1,1,1]', '[2]']
LIST_MODS = ['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi']
NUMBER = re.compile(r'(?<![\w\[:.])(-?(0x[0-9a-f]+|\d+(\.\d+)?))(?![\w\]:(])')


def probe_texts(tables):
    for t in tables:
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', t + '.def')):
            m = re.search(r'/\* (.*) \*/$', line)
            if line.startswith('R3OP(') and m:
                yield m.group(1)


def split_operands(rest):
    """The operands before the modifiers (commas outside brackets), and the modifier text."""
    ops, depth, cur = [], 0, ''
    words = rest.split(' ')
    # operands end where a word without a comma follows one that ends without a comma
    text = rest
    i, start = 0, 0
    while i < len(text):
        c = text[i]
        if c in '[(':
            depth += 1
        elif c in '])':
            depth -= 1
        elif c == ',' and depth == 0:
            ops.append(text[start:i].strip())
            start = i + 1
        i += 1
    last = text[start:].strip()
    m = re.match(r'(\S+(?:\s*\[[^\]]*\])?)(.*)$', last)
    if m and '[' in last and last.startswith('['):  # an NSA list
        m = re.match(r'(\[[^\]]*\])(.*)$', last)
    if m:
        ops.append(m.group(1))
        mods = m.group(2).strip()
    else:
        mods = ''
    del words, cur
    return ops, mods


def variants(text, rng):
    out = set()
    for m in NUMBER.finditer(text):
        for v in VALUES:
            out.add(text[:m.start()] + v + text[m.end():])
    head, _, rest = text.partition(' ')
    for mod in LIST_MODS:
        if head.startswith(('v_pk_', 'v_dot', 'v_fma_mix', 'v_wmma', 'v_fma_f16', 'v_mad_', 'v_add_nc', 'v_sub_nc',
                            'v_pack', 'v_interp', 'v_cvt_pk', 'v_max', 'v_min', 'v_med3', 'v_alignb')):
            base = re.sub(r' %s:\[[^\]]*\]' % mod, '', text)
            for lst in LISTS:
                out.add('%s %s:%s' % (base, mod, lst))
    if rest:
        ops, mods = split_operands(rest)
        for k in range(len(ops)):
            kept = ops[:k] + ops[k + 1:]
            out.add(('%s %s %s' % (head, ', '.join(kept), mods)).strip())
    if rest:  # modifiers out of order, and common ones put before and after the others
        ops, mods = split_operands(rest)
        ms = re.findall(r'\S+:\[[^\]]*\]|\S+', mods)
        if len(ms) > 1:
            out.add('%s %s %s' % (head, ', '.join(ops), ' '.join(reversed(ms))))
        for extra in ('clamp', 'glc', 'offset:4', 'op_sel:[0,0,0,0]', 'tfe', 'gds', 'mul:2', 'offen', 'idxen', 'dlc'):
            if ms and extra.split(':')[0] not in mods:
                out.add('%s %s %s %s' % (head, ', '.join(ops), extra, mods))
                out.add('%s %s %s %s' % (head, ', '.join(ops), mods, extra))
    for suffix in ('', '_e32', '_e64', '_dpp', '_e64_dpp'):
        name = re.sub(r'(_e32|_e64|_dpp|_e64_dpp)$', '', head) + suffix
        if name != head:
            out.add(name + (' ' + rest if rest else ''))
    return out


def words(r):
    return ' '.join('%08x' % int.from_bytes(r[2][i:i + 4], 'little') for i in range(0, len(r[2]), 4))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True, help='r3_lines (its --asm mode)')
    ap.add_argument('--tables', default='sop1,sop2,sopk,sopc,sopp,smem,ds,mubuf,mtbuf,flat,global,scratch,'
                    'vop1,vop2,vopc,vop3,vop3p,vinterp,ldsdir,exp,mimg')
    ap.add_argument('--wave64', action='store_true')
    ap.add_argument('--sample', type=float, default=1.0, help='share of the variants to check')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--show', type=int, default=40)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = set()
    for t in probe_texts(args.tables.split(',')):
        lines |= variants(t, rng)
    lines = sorted(lines)
    if args.sample < 1.0:
        lines = [l for l in lines if rng.random() < args.sample]
    ref = assemble(lines, wave64=args.wave64)
    flag = ['--wave64'] if args.wave64 else []
    ours = subprocess.run([args.tool, '--asm'] + flag, input='\n'.join(lines) + '\n', capture_output=True, text=True,
                          check=True).stdout.splitlines()
    bad = []
    counts = collections.Counter()
    for line, r, o in zip(lines, ref, ours):
        if r[0] == 'skip':
            counts['skip'] += 1
            continue
        if r[0] == 'err':
            counts['rejected'] += 1
            if not o.startswith('<error>'):
                bad.append('ACCEPTED BY US (llvm-mc-19: %s): %s -> %s' % (r[1], line, o))
        else:
            counts['accepted'] += 1
            if o != words(r):
                bad.append('LLVM GIVES %s, WE %s: %s' % (words(r), o, line))
    for b in bad[:args.show]:
        print(b)
    print('operand forms: %d variants of %s rows; llvm-mc-19 accepts %d and rejects %d; %d disagree' % (
        len(lines), args.tables, counts['accepted'], counts['rejected'], len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
