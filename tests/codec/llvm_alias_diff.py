#!/usr/bin/env python3
# Old mnemonics (s_load_dword, ds_read_b32, v_add_u32, ...): every alias in isa/rdna3/aliases.def is
# used in place of its current name in LLVM's text of that instruction; llvm-mc-19 and wavesim must
# give the same bytes.
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.join(HERE, '..', '..', 'isa', 'rdna3')
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
from llvm_probe import assemble  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    texts = {}
    for fn in os.listdir(ISA):
        for line in open(os.path.join(ISA, fn)):
            m = re.match(r'R3OP\(\w+, 0x[0-9a-f]+, (\w+), .*/\* (.*) \*/$', line)
            if m:
                texts.setdefault(re.sub(r'_e(32|64)$', '', m.group(1)), m.group(2))
    lines = []
    for line in open(os.path.join(ISA, 'aliases.def')):
        m = re.match(r'R3ALIAS\("(\w+)", "(\w+)"\)', line)
        if m and m.group(2) in texts:
            t = texts[m.group(2)]
            lines.append(m.group(1) + t[t.index(' '):] if ' ' in t else m.group(1))
    ref = assemble(lines)
    ours = subprocess.run([args.tool, '--asm'], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                          check=True).stdout.splitlines()
    bad = 0
    for line, r, o in zip(lines, ref, ours):
        want = ' '.join('%08x' % int.from_bytes(r[2][i:i + 4], 'little') for i in range(0, len(r[2]), 4)) \
            if r[0] == 'ok' else '<error>'
        if (r[0] == 'ok' and o != want) or (r[0] == 'err' and not o.startswith('<error>')):
            bad += 1
            print('MISMATCH %s\n  llvm: %s\n  ours: %s' % (line, want, o))
    print('aliases: %d old mnemonics, %d mismatches' % (len(lines), bad))
    return 1 if bad or len(lines) < 100 else 0


if __name__ == '__main__':
    sys.exit(main())
