#!/usr/bin/env python3
# The memory coverage report: every gfx1100 memory table row (DS, MUBUF, MTBUF, FLAT, GLOBAL,
# SCRATCH, SMEM), whether the executor implements it (`wavesim isa --missing`) and whether a test
# verified it against a model written from the guide and the seeds in wave32 and wave64 (the
# --covered list of mem_ops.py). Rows that are not compute opcodes are listed with the reason;
# every other row counts. Writes the report and prints it; fails unless every compute row is
# implemented and verified.
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = ['ds', 'mubuf', 'mtbuf', 'flat', 'global', 'scratch', 'smem']
NOT_COMPUTE = {
    'ds_add_gs_reg_rtn': 'adds to the GDS stream-out registers, which only the geometry-shader stage uses '
                         '(RDNA3 guide 12.6.1 and the opcode text: "only used by the GS stage")',
    'ds_sub_gs_reg_rtn': 'subtracts from the GDS stream-out registers (same as ds_add_gs_reg_rtn)',
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--out', required=True)
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
    compute = [r for r in rows if r[1] not in NOT_COMPUTE]
    lines = ['Memory coverage, gfx1100 table rows (%s); verified = executed against a model of the guide '
             'and seeds 001/004 in wave32 and wave64:' % ', '.join(TABLES),
             '  %-8s %8s %8s %12s %9s' % ('format', 'rows', 'compute', 'implemented', 'verified')]
    for t in TABLES:
        tr = [n for tt, n in compute if tt == t]
        lines.append('  %-8s %8d %8d %12d %9d' % (t, sum(1 for tt, _ in rows if tt == t), len(tr),
                                                 sum(1 for n in tr if n not in missing), sum(1 for n in tr if n in covered)))
    impl = [n for _, n in compute if n not in missing]
    done = [n for _, n in compute if n in covered]
    lines += ['  compute rows implemented: %d/%d (%.1f%%)' % (len(impl), len(compute), 100.0 * len(impl) / len(compute)),
              '  compute rows verified against a model: %d/%d (%.1f%%)'
              % (len(done), len(compute), 100.0 * len(done) / len(compute)),
              '  not compute opcodes (not counted):']
    lines += ['    %s: %s' % (n, why) for n, why in sorted(NOT_COMPUTE.items())]
    lines += ['  not implemented: ' + (' '.join(n for _, n in compute if n in missing) or '-'),
              '  not verified: ' + (' '.join(n for _, n in compute if n not in covered) or '-')]
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('\n'.join(lines))
    return 0 if len(impl) == len(done) == len(compute) else 1


if __name__ == '__main__':
    sys.exit(main())
