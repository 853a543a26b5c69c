#!/usr/bin/env python3
# No mnemonic text decides semantics in src/: what an opcode is (atomic, fma_mix, a branch...) comes
# from the tables (isa/rdna3/traits.def, the Ventus rows), never from comparing its name with a
# piece of a mnemonic. Fails on any strcmp/strncmp/strstr/memcmp in src/ whose string literal is a
# piece of an RDNA3 or Ventus mnemonic (4 characters or more), except the listed sites, which read
# text on purpose: the assemblers parsing what a user typed (an _e32/_e64 suffix, a `v_dual_ X ::
# Y` pair, the MTBUF `format:` and MIMG `dmask:` keywords (`dmask` is inside v_cndmask), the Ventus
# pseudo-instructions call/jalr/fence, the dotted text of a Ventus MMA instruction the assembler
# reads: mma or mma64, and its wrap modifier; the code object metadata's `.value_kind: image`), the kind
# column of isa/rdna3/mimg_layout.def. (RDNA3 instruction functions are bound to rows at compile
# time through the handler column, src/rdna3/exec/r3_exec.c.)
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
ALLOWED = {('r3_asm.c', '_e32'), ('r3_asm.c', '_e64'), ('r3_asm.c', 'v_dual_'), ('r3_asm.c', 'format'), ('r3_asm.c', 'dmask'),
           ('vt_asm.c', 'call'), ('vt_asm.c', 'jalr'), ('vt_asm.c', 'fence'), ('vt_mma.c', 'mma64'), ('vt_mma.c', 'wrap'), ('r3_loader.c', 'image'), ('r3_mimg.c', 'gather')}
CALL = re.compile(r'\b(strstr|strncmp|strcmp|memcmp)\s*\(([^;{}]*)')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def mnemonics():
    names = set()
    for d in ('rdna3', 'ventus'):
        for fn in os.listdir(os.path.join(ROOT, 'isa', d)):
            for line in open(os.path.join(ROOT, 'isa', d, fn), encoding='utf-8'):
                m = re.match(r'R3OP\(\w+, 0x[0-9a-f]+, (\w+),', line) or re.match(r'VT_OP\(\w+, *"([^"]+)"', line)
                if m:
                    names.add(m.group(1))
    return names


def main():
    names = mnemonics()
    joined = '\n'.join(sorted(names))
    bad, calls = [], 0
    for d, _, files in os.walk(os.path.join(ROOT, 'src')):
        for fn in sorted(files):
            if not fn.endswith('.c'):
                continue
            text = open(os.path.join(d, fn), encoding='utf-8').read()
            for m in CALL.finditer(text):
                calls += 1
                for lit in LITERAL.findall(m.group(2)):
                    if len(lit) >= 4 and lit in joined and (fn, lit) not in ALLOWED:
                        line = text.count('\n', 0, m.start()) + 1
                        bad.append('%s:%d: %s(... "%s" ...)' % (os.path.relpath(os.path.join(d, fn), ROOT), line,
                                                             m.group(1), lit))
    for b in bad:
        print('mnemonic text decides semantics: ' + b)
    print('mnemonic semantics: %d string comparisons in src/, %d name a piece of a mnemonic (%d mnemonics)'
          % (calls, len(bad), len(names)))
    return 1 if bad or len(names) < 1000 else 0


if __name__ == '__main__':
    sys.exit(main())
