#!/usr/bin/env python3
# Every VALU row (VOP1, VOP2, VOPC, VOP3, VOP3P, VINTERP) with each of its register sources replaced by
# operands of every kind: float and integer constants (inline or literal, f16/bf16/f32 patterns written
# as integers), scalar and special registers, and source modifiers; and every scalar operand of the
# SALU, SMEM, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF, DS and MIMG rows replaced by registers of every
# width and kind, off, null and constants. llvm-mc-19 is the oracle: a line
# it takes wavesim must encode to the same bytes, a line it refuses wavesim must refuse. The one
# exception is a line whose bytes, disassembled, name another operand than the line did (a special
# register truncated into a 7-bit field, an ABS the encoding has no field for): wavesim refuses
# those on purpose (docs/isa-notes-rdna3.md, "Assembler: operands llvm-mc-19 re-encodes").
# Found this way (2026-11-27): packed f16/bf16 literals, SCC and the apertures in VGPR operands and
# on the constant bus, literals in lane selects and VOP3 DPP, v_ldexp_f16's SRC1 modifiers.
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
sys.path.insert(0, HERE)
from llvm_probe import assemble, disassemble  # noqa: E402
from llvm_asm_negative import reencoded  # noqa: E402

TABLES = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p', 'vinterp']
CONSTANTS = ['1.5', '0x3f800000', '0x3c00', '0x3118', '0x3e22f983', '-2.0', '0x12345678', '0xc000', '0.15915494',
             '0xffff', '65', '-17', '64', '-16', '0.5', '0.0', '-0.0', '0', '0xffffffff', '3.814697265625e-06',
             '0.159154937', '3.4e38', '1.0e-5', '1.0e-8', '3.0e-8', '-1.0e-8']
REGISTERS = ['s5', 'm0', 'vcc_lo', 'exec_lo', 'scc', 'src_shared_base', 'null']
SCALAR_TABLES = ['sop1', 'sop2', 'sopc', 'sopk', 'smem', 'flat', 'global', 'scratch', 'mubuf', 'mtbuf', 'ds', 'mimg']
SCALAR_KINDS = ['s5', 's[4:5]', 's[4:7]', 'm0', 'vcc_lo', 'vcc', 'exec_lo', 'exec', 'null', 'scc', 'src_scc',
                'src_shared_base', 'ttmp5', 'ttmp[4:7]', '0', '1', '64', '65', '-1', '-16', '-17', '0.5', '1.5',
                '0x12345678', 'off', 'v5', 'v[4:5]']


def replaced(table, operand, first, kinds):
    """Each row's LLVM-printed example with one operand (from index `first` on) that matches the
    pattern `operand` replaced by each of kinds(operand) (its trailing modifiers kept)."""
    out = []
    for line in open(os.path.join(HERE, '..', '..', 'isa', 'rdna3', table + '.def')):
        m = re.search(r'R3OP\(\w+, [^,]+, \w+, "[^"]*".*/\* (.*) \*/$', line)
        if not m:
            continue
        parts = m.group(1).split(None, 1)
        if len(parts) < 2:
            continue
        ops = [o.strip() for o in re.split(r',(?![^\[]*\])', parts[1])]
        for k in range(first, len(ops)):
            head = ops[k].split(' ', 1)
            tail = ' ' + head[1] if len(head) > 1 else ''
            if re.match(operand, head[0]):
                out += ['%s %s' % (parts[0], ', '.join(ops[:k] + [kind + tail] + ops[k + 1:])) for kind in kinds(head[0])]
    return out


def source_kinds(reg):
    """A VALU register source's replacements: constants, registers, and the register with modifiers."""
    return CONSTANTS + REGISTERS + ['-' + reg, '|' + reg + '|', '-|' + reg + '|']


def words(b):
    return [int.from_bytes(b[i:i + 4], 'little') for i in range(0, len(b), 4)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True, help='r3_lines (reads lines, prints words or <error>)')
    args = ap.parse_args()
    lines = ([l for t in TABLES for l in replaced(t, r'^v\d+$', 1, source_kinds)] +
             [l for t in SCALAR_TABLES
              for l in replaced(t, r'^(s\d+|s\[\d+:\d+\]|null|off|m0|vcc|exec)$', 0, lambda reg: SCALAR_KINDS)])
    ref = assemble(lines)
    ours = subprocess.run([args.tool, '--asm'], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                          check=True).stdout.splitlines()
    bad, differ = [], []
    for l, r, o in zip(lines, ref, ours):
        if r[0] == 'skip':
            continue
        if r[0] == 'err':
            if not o.startswith('<error>'):
                bad.append((l, o))
        elif r[0] == 'ok':
            want = ' '.join('%08x' % w for w in words(r[2]))
            if o != want:
                differ.append((l, want, o, r[2]))
    refused, kept = [], []
    if differ:
        texts = disassemble([words(b) for _, _, _, b in differ])
        for (l, w, o, b), t in zip(differ, texts):
            if o.startswith('<error>') and reencoded(l, t[0] if isinstance(t, tuple) else ''):
                refused.append(l)
            else:
                kept.append((l, w, o))
    for l, o in bad[:30]:
        print('ACCEPTED BY US, REJECTED BY LLVM: %s -> %s' % (l, o))
    for l, w, o in kept[:int(os.environ.get("SHOW", 30))]:
        print('ACCEPTED BY LLVM AS %s, BY US AS %s: %s' % (w, o, l))
    taken = sum(1 for r in ref if r[0] == 'ok')
    print('operand kinds: %d lines (%d rows' % (len(lines), len({l.split()[0] for l in lines})) +
          '), llvm-mc-19 takes %d: %d encoded otherwise; refuses %d: %d taken by wavesim; %d that it re-encodes '
          'as another operand, refused' % (taken, len(kept), len(lines) - taken, len(bad), len(refused)))
    return 1 if bad or kept or taken < 1000 else 0


if __name__ == '__main__':
    sys.exit(main())
