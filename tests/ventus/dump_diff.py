#!/usr/bin/env python3
"""Checks the Ventus disassembler and assembler against every object.dump of the reference test
vectors (the Ventus llvm-objdump output): `wavesim dis --isa ventus --hex` must print each
instruction's text (whitespace-normalised, branch targets as absolute addresses without the
<symbol>), and `wavesim as --isa ventus --hex` must turn that text back into the same word."""
from vt_cases import default_cases
import argparse, glob, os, re, subprocess, sys, tempfile

INSN = re.compile(r'^([0-9a-f]+):\s+((?:[0-9a-f]{2} ){4})\s*\t(.*)$')

def norm(text):
    text = re.sub(r'\s*<[^>]*>', '', text)
    return ' '.join(text.replace('\t', ' ').replace(',', ', ').split()).replace(' ,', ',')

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--cases', default=default_cases())
    ap.add_argument('--no-asm', action='store_true')
    a = ap.parse_args()
    insns = []
    for d in sorted(glob.glob(os.path.join(a.cases, '*', '*', 'object.dump'))):
        for line in open(d):
            m = INSN.match(line.rstrip('\n'))
            if m:
                b = m.group(2).split()
                insns.append((int(m.group(1), 16), int(b[3] + b[2] + b[1] + b[0], 16), norm(m.group(3)), d))
    if not insns:
        print('no object.dump files under %s' % a.cases)
        return 1
    bad = 0
    # disassembly: runs of consecutive addresses in one call each
    runs, cur = [], []
    for ins in insns:
        if cur and (ins[0] != cur[-1][0] + 4 or ins[3] != cur[-1][3]):
            runs.append(cur)
            cur = []
        cur.append(ins)
    runs.append(cur)
    for run in runs:
        words = ' '.join('%08x' % i[1] for i in run)
        r = subprocess.run([a.tool, 'dis', '--isa', 'ventus', '--pc', hex(run[0][0]), '--hex', words],
                           capture_output=True, text=True)
        got = r.stdout.splitlines()
        for k, ins in enumerate(run):
            g = norm(got[k]) if k < len(got) else '<missing>'
            if g != ins[2]:
                bad += 1
                if bad <= 20:
                    print('dis %08x %08x: want "%s" got "%s"' % (ins[0], ins[1], ins[2], g))
    ndis = len(insns)
    # assembly: each distinct text at its address (branch targets are absolute there)
    nasm = 0
    if not a.no_asm:
        seen = {}
        for pc, w, text, d in insns:
            seen.setdefault((pc if re.search(r'0x[0-9a-f]+$', text) else 0, text), w)
        tmp = tempfile.mkdtemp()
        src = os.path.join(tmp, 'all.s')
        with open(src, 'w') as f:
            for k, ((pc, text), w) in enumerate(seen.items()):
                # a branch target is absolute: write it relative to a label at the instruction
                m = re.match(r'^(.*\s)0x([0-9a-f]+)$', text)
                if m and pc:
                    f.write('L%d:\n\t%sL%d + %d\n' % (k, m.group(1), k, int(m.group(2), 16) - pc))
                else:
                    f.write('\t%s\n' % text)
        r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
        if r.returncode:
            print('as failed: %s' % r.stderr.strip())
            return 1
        got = r.stdout.split()
        want = list(seen.items())
        if len(got) != len(want):
            print('as: %d words for %d instructions' % (len(got), len(want)))
            return 1
        for ((pc, text), w), g in zip(want, got):
            nasm += 1
            if int(g, 16) != w:
                bad += 1
                if bad <= 40:
                    print('as "%s": want %08x got %s' % (text, w, g))
    print('%d instructions disassembled, %d distinct texts assembled, %d mismatches' % (ndis, nasm, bad))
    return 1 if bad else 0

if __name__ == '__main__':
    sys.exit(main())
