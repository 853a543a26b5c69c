#!/usr/bin/env python3
"""Runs every Ventus reference test vector (../shared/ventus-cases or --cases) with
`wavesim run --isa ventus` and compares the final buffers with the expected.*.hex files, and the
user buffers after each launch with per-launch/after_*.hex (by running the launch prefixes).
Expected values come from the reference spike simulator cross-checked against CPU results."""
from vt_cases import default_cases, words
import argparse, glob, os, subprocess, sys, tempfile

def run(tool, case, launches, dumps, threads, extra=()):
    cmd = [tool, 'run', '--isa', 'ventus', '--threads', str(threads)] + list(extra)
    for l in launches:
        cmd += [os.path.join(case, l + '.metadata'), os.path.join(case, l + '.data')]
    for base, size, path in dumps:
        cmd += ['--dump-mem', '0x%x:%d:%s' % (base, size, path)]
    return subprocess.run(cmd, capture_output=True, text=True)

def compare(label, want, path, nbytes):
    data = open(path, 'rb').read()
    got = [int.from_bytes(data[i:i + 4].ljust(4, b'\0'), 'little') for i in range(0, nbytes, 4)]
    want = want[:len(got)]
    bad = [i for i in range(len(want)) if want[i] != got[i]]
    if bad:
        i = bad[0]
        print('FAIL %s: %d of %d words differ, first at word %d: want %08x got %08x' % (label, len(bad), len(want), i, want[i], got[i]))
        return 1
    return 0

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--cases', default=default_cases())
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--per-launch', action='store_true', help='also check the snapshots after each launch')
    ap.add_argument('--no-fast-paths', action='store_true', help="run the executor's reference paths only")
    a = ap.parse_args()
    cases = sorted(glob.glob(os.path.join(a.cases, '*', '*', 'expected.txt')))
    if not cases:
        print('no test vectors under %s' % a.cases)
        return 1
    failures = checked = 0
    tmp = tempfile.mkdtemp()
    for exp in cases:
        case = os.path.dirname(exp)
        name = os.path.relpath(case, a.cases)
        launches = [l.strip() for l in open(os.path.join(case, 'launches.txt')) if l.strip()]
        entries = [l.split() for l in open(exp) if l.strip()]
        dumps = []
        for k, (f, launch, idx, base, size) in enumerate(entries):
            dumps.append((int(base, 16), int(size, 16), os.path.join(tmp, 'd%d.bin' % k)))
        extra = ['--no-fast-paths'] if a.no_fast_paths else []
        r = run(a.tool, case, launches, dumps, a.threads, extra)
        if r.returncode:
            print('FAIL %s: exit %d: %s' % (name, r.returncode, r.stderr.strip()))
            failures += 1
            continue
        bad = 0
        for (f, launch, idx, base, size), (b, n, path) in zip(entries, dumps):
            bad += compare('%s %s' % (name, f), words(os.path.join(case, f)), path, n)
            checked += 1
        if a.per_launch:
            for i, launch in enumerate(launches):
                snaps = sorted(glob.glob(os.path.join(case, 'per-launch', 'after_%s.*.hex' % launch)))
                if not snaps:
                    continue
                # after_L.I.hex: buffer I of the first launch's table; after_L.K.I.hex: of launch K's
                sd = []
                for s in snaps:
                    parts = os.path.basename(s)[len('after_%s.' % launch):-4].split('.')
                    table = parts[0] if len(parts) == 2 else launches[0]
                    j = int(parts[-1])
                    meta = words(os.path.join(case, table + '.metadata'))
                    head = 28 if len(meta) == 28 + 6 * meta[26] else 26
                    nbuf = meta[head - 2]
                    base = meta[head + 2 * j]
                    size = meta[head + 2 * nbuf + 2 * j]
                    sd.append((base, size, os.path.join(tmp, 's%d.bin' % len(sd)), s))
                r = run(a.tool, case, launches[:i + 1], [(x[0], x[1], x[2]) for x in sd], a.threads, extra)
                if r.returncode:
                    print('FAIL %s after %s: %s' % (name, launch, r.stderr.strip()))
                    bad += 1
                    continue
                for base, size, path, s in sd:
                    bad += compare('%s %s' % (name, os.path.basename(s)), words(s), path, size)
                    checked += 1
        failures += bad > 0
        print('%s %s (%d launches)' % ('FAIL' if bad else 'ok  ', name, len(launches)))
    print('%d cases, %d buffers compared, %d cases failing' % (len(cases), checked, failures))
    return 1 if failures else 0

if __name__ == '__main__':
    sys.exit(main())
