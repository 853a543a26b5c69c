#!/usr/bin/env python3
# The VALU coverage report: every gfx1100 VALU table row, whether the executor implements it
# (`wavesim isa --missing`) and whether a reference-model test verified it in wave32 and wave64
# (the --covered lists of valu_vectors.py, wmma_matrix.py and lane_ops.py), and whether its model was
# checked against the pseudocode of AMD's RDNA3 ISA guide (issue 15: the --covered list of
# valu_pcode_check.py, given with --pcode). Writes the report and prints it; the untested rows are
# listed by name. Fails unless every row is implemented, verified and checked against the guide.
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p', 'vopdx', 'vopdy']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--pcode', default='', help="valu_pcode_check.py's list of rows checked against the guide")
    ap.add_argument('covered', nargs='*')
    args = ap.parse_args()
    rows = []
    for t in TABLES:
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', t + '.def')):
            m = re.match(r'R3OP\((\w+), (0x[0-9a-f]+), (\w+),', line)
            if m:
                rows.append((t, m.group(3)))
    missing = set(subprocess.run([args.tool, 'isa', '--missing'], capture_output=True, text=True).stdout.split())
    covered = set()
    for path in args.covered:
        if os.path.exists(path):
            covered |= set(open(path).read().split())
    def tested(table, name):
        return name in covered
    pcode = set(open(args.pcode).read().split()) if args.pcode and os.path.exists(args.pcode) else set()
    checked = [r for r in rows if r[1] in pcode]
    impl = [r for r in rows if r[1] not in missing]
    done = [r for r in rows if tested(*r)]
    lines = ['VALU coverage, gfx1100 table rows (%s):' % ', '.join(TABLES),
             '  implemented by the executor: %d/%d (%.1f%%)' % (len(impl), len(rows), 100.0 * len(impl) / len(rows)),
             '  verified against a reference model in wave32 and wave64: %d/%d (%.1f%%)'
             % (len(done), len(rows), 100.0 * len(done) / len(rows)),
             "  checked against the guide's pseudocode (a second, independent model): %d/%d (%.1f%%)"
             % (len(checked), len(rows), 100.0 * len(checked) / len(rows)),
             '  not implemented: ' + (' '.join(n for _, n in rows if n in missing) or '-'),
             '  not verified: ' + (' '.join(n for t, n in rows if not tested(t, n)) or '-'),
             "  not checked against the guide's pseudocode: " + (' '.join(n for _, n in rows if n not in pcode) or '-')]
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('\n'.join(lines))
    return 0 if len(impl) == len(done) == len(checked) == len(rows) else 1


if __name__ == '__main__':
    sys.exit(main())
