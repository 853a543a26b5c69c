#!/usr/bin/env python3
# Old mnemonics (s_load_dword, ds_read_b32, v_add_u32, ...): every alias in isa/rdna3/aliases.def is
# used in place of its current name in LLVM's text of that instruction, and every VALU row named
# without a suffix is written with _e32 and _e64 (v_nop_e64, v_fma_f32_e64, v_swap_b32_e64);
# llvm-mc-19 and wavesim must give the same bytes or both reject the line.
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
    plain = []  # VALU rows named without a suffix: their text with _e32 and _e64 added
    for fn in sorted(os.listdir(ISA)):
        for line in open(os.path.join(ISA, fn)):
            m = re.match(r'R3OP\((\w+), 0x[0-9a-f]+, (\w+), .*/\* (.*) \*/$', line)
            if m:
                texts.setdefault(re.sub(r'_e(32|64)$', '', m.group(2)), m.group(3))
                if m.group(1) in ('VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P') and not re.search(r'_e(32|64)$', m.group(2)):
                    t = m.group(3)
                    head, sep, rest = t.partition(' ')
                    plain += [head + suffix + sep + rest for suffix in ('_e32', '_e64')]
    lines = []
    for line in open(os.path.join(ISA, 'aliases.def')):
        m = re.match(r'R3ALIAS\("(\w+)", "(\w+)"\)', line)
        if m and m.group(2) in texts:
            t = texts[m.group(2)]
            lines.append(m.group(1) + t[t.index(' '):] if ' ' in t else m.group(1))
    aliases = len(lines)
    lines += sorted(set(plain))
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
    print('aliases: %d old mnemonics and %d _e32/_e64 spellings, %d mismatches' % (aliases, len(lines) - aliases, bad))
    return 1 if bad or aliases < 100 else 0


if __name__ == '__main__':
    sys.exit(main())
