#!/usr/bin/env python3
"""The Ventus coverage report (issue 19): every row of isa/ventus/ventus.def, whether the executor
implements it (a vt_x_<semantics> function in src/ventus/exec/) and which test verified it against
an independent oracle:
 - qemu_diff.py: the standard rows against QEMU (--qemu, the file its --covered wrote);
 - trace_diff.py: every row an instruction of a reference spike log executes, when that log matched
   instruction by instruction (--trace-log, the test's output: its "ok   LOG" lines name the logs
   that matched; the rows are decoded here from the logs' instruction words);
 - vfp_ops.py: the float rows of its exact rational model (--vfp-log, the test's output, counted
   when it reports no mismatch).
Rows without an oracle are listed with the reason: standard rows whose Ventus semantics differ on
purpose (qemu_diff.NOT_COMPARED) and custom rows that no reference log executes (the reference
simulator does not run here). The rows of isa/ventus/ventus2025.def, when present, are listed in
their own section. Writes the report (--out) and prints its summary; fails unless every row is
implemented and every row that has an oracle was verified."""
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import qemu_diff  # noqa: E402
from vt_cases import default_cases  # noqa: E402

ROOT = qemu_diff.ROOT
LOG_LINE = re.compile(r'^core\s+\d+: 3 0x([0-9a-f]{8}) \(0x([0-9a-f]{8})\)')
# trace_diff.py does not compare these writes (docs/isa-notes-ventus.md, "Traces"): the log is no
# oracle for the row
TRACE_BLIND = {'fmv.w.x': "spike keeps fmv.w.x's result in an F register Zfinx does not have: the x write "
                          "is not compared"}
CUSTOM_WHY = {
    'vadd12.vi': 'no reference log runs it; its immediate is unsigned in seed 003 and the Ventus LLVM, '
                 'sign-extended in spike (reference 1.2)',
    'vsub12.vi': 'no reference log runs it (spike/RTL only, not in seed 003 or the LLVM; reference 1.2)',
    'vftta.vv': "no reference log runs it: spike's experimental tensor step (reference 1.7)",
    'vfexp': "no reference log runs it: the host's expf, as spike computes it (reference 1.7)",
}


def table(path):
    rows = []
    if os.path.exists(path):
        for line in open(path):
            m = qemu_diff.ROW.search(line)
            if m:
                rows.append({'id': m.group(1), 'mn': m.group(2), 'match': int(m.group(4), 16),
                             'mask': int(m.group(5), 16), 'sem': m.group(6), 'cls': m.group(7)})
    return rows


def implemented_semantics():
    """The semantics names with a vt_x_ function: defined directly or through a VT_* macro."""
    sems = set()
    for path in glob.glob(os.path.join(ROOT, 'src', 'ventus', 'exec', '*.c')):
        text = open(path).read()
        sems |= set(re.findall(r'^int vt_x_(\w+)\(', text, re.M))
        sems |= set(re.findall(r'^VT_[A-Z0-9_]+\((\w+),', text, re.M))
    return sems


def decode(rows, word):
    for r in rows:
        if word & r['mask'] == r['match']:
            return r['mn']
    return None


def log_rows(rows, path):
    """The rows the kernel instructions of a reference log execute."""
    seen = set()
    words = set()
    for line in open(path, errors='replace'):
        m = LOG_LINE.match(line)
        if m and int(m.group(1), 16) >= 0x80000000:
            words.add(int(m.group(2), 16))
    for w in words:
        mn = decode(rows, w)
        if mn:
            seen.add(mn)
    return seen


def vfp_rows():
    import vfp_ops
    out = set(vfp_ops.SCALAR_OPS)
    for name, (kind, _) in vfp_ops.OPS.items():
        out |= {name} if kind == 'v' else {name + '.vf'} if kind == 'f' else {name + '.vv', name + '.vf'}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--qemu', help="qemu_diff.py's --covered file")
    ap.add_argument('--trace-log', help="trace_diff.py's output")
    ap.add_argument('--vfp-log', help="vfp_ops.py's output")
    ap.add_argument('--cases', default=default_cases())
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    rows = table(qemu_diff.TABLE)
    sems = implemented_semantics()
    read = lambda p: open(p).read() if p and os.path.exists(p) else ''
    by = {r['mn']: [] for r in rows}
    for mn in read(args.qemu).split():
        if mn in by:
            by[mn].append('qemu_diff')
    # the reference logs: which rows each executes; those of the logs trace_diff matched are verified
    logs = sorted(glob.glob(os.path.join(args.cases, '*', '*', '*.log')))
    matched = set(re.findall(r'^ok\s+(\S+\.log) \(', read(args.trace_log), re.M))
    in_logs = {}
    for path in logs:
        name = os.path.relpath(path, args.cases)
        for mn in log_rows(rows, path):
            in_logs.setdefault(mn, []).append(name)
            if name in matched and mn not in TRACE_BLIND and 'trace_diff' not in by[mn]:
                by[mn].append('trace_diff')
    vfp = read(args.vfp_log)
    vfp_ok = re.search(r'ventus float ops: (\d+) runs, (\d+) results, 0 mismatches', vfp)
    vfp_set = vfp_rows()
    if vfp_ok and int(vfp_ok.group(1)):
        for mn in vfp_set:
            if mn in by:
                by[mn].append('vfp_ops')
    lines, missing, no_oracle, unverified = [], [], [], []
    oracle_rows = []
    for r in rows:
        mn = r['mn']
        std = qemu_diff.standard(r)
        why = None
        if std and mn in qemu_diff.NOT_COMPARED and mn not in in_logs:
            why = 'changed by Ventus on purpose: ' + qemu_diff.NOT_COMPARED[mn]
        elif not std and mn not in in_logs:
            why = CUSTOM_WHY.get(mn, 'custom; no reference log runs it, and the reference simulator (the '
                                     'Ventus spike) does not run here')
        impl = r['sem'] in sems
        if not impl:
            missing.append(mn)
        note = ' (an illegal instruction, as Ventus has none)' if r['sem'] == 'illegal' else ''
        if why:
            no_oracle.append((mn, why))
            status = 'no oracle: ' + why
        else:
            oracle_rows.append(mn)
            if not by[mn]:
                unverified.append(mn)
            status = 'verified by ' + ', '.join(by[mn]) if by[mn] else 'NOT VERIFIED'
            if mn in qemu_diff.PARTIAL:
                status += ' (in part: %s)' % qemu_diff.PARTIAL[mn]
        lines.append('  %-18s %-6s %-6s %s%s  %s' % (mn, 'std' if std else 'custom', r['cls'],
                                                   'implemented' if impl else 'NOT IMPLEMENTED', note, status))
    done = len(oracle_rows) - len(unverified)
    pct = 100.0 * done / len(oracle_rows) if oracle_rows else 0.0
    std_rows = [r for r in rows if qemu_diff.standard(r)]
    summary = [
        'Ventus coverage, isa/ventus/ventus.def: %d rows (%d standard, %d custom)' % (len(rows), len(std_rows),
                                                                                  len(rows) - len(std_rows)),
        '  implemented by the executor: %d/%d' % (len(rows) - len(missing), len(rows)),
        '  rows with an independent oracle: %d; verified: %d (%.1f%%)' % (len(oracle_rows), done, pct),
        '    by qemu_diff (QEMU): %d, by trace_diff (reference spike logs): %d, by vfp_ops (exact model): %d'
        % tuple(sum(1 for mn in oracle_rows if t in by[mn]) for t in ('qemu_diff', 'trace_diff', 'vfp_ops')),
        '  reference logs matched by trace_diff: %d of %d' % (len(matched & {os.path.relpath(p, args.cases) for p in logs}),
                                                             len(logs)),
        '  rows without an oracle (%d):' % len(no_oracle)]
    summary += ['    %s: %s' % x for x in no_oracle]
    summary += ['  not implemented: ' + (' '.join(missing) or '-'), '  not verified: ' + (' '.join(unverified) or '-')]
    extra = table(os.path.join(ROOT, 'isa', 'ventus', 'ventus2025.def'))
    if extra:
        summary.append('  isa/ventus/ventus2025.def: %d rows, %d implemented; no independent oracle (the 2025 '
                       'research encodings: no reference log or simulator here runs them): %s'
                       % (len(extra), sum(1 for r in extra if r['sem'] in sems), ' '.join(sorted({r['mn'] for r in extra}))))
    report = summary + ['', 'Every row (mnemonic, kind, class, executor, oracle):'] + lines
    with open(args.out, 'w') as f:
        f.write('\n'.join(report) + '\n')
    print('\n'.join(summary))
    print('(every row: %s)' % args.out)
    return 0 if not missing and not unverified and oracle_rows else 1


if __name__ == '__main__':
    sys.exit(main())
