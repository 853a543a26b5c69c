#!/usr/bin/env python3
# `pocl_run --batch`: the PoCL side of the OpenCL tests runs its launches in one process that builds
# each program once. Its answers must equal separate pocl_run processes': the same dumped buffers and
# exit statuses, a source file rewritten between lines is built again (programs are kept by their
# text, not their path), build options are part of the key, and bad lines are refused without ending
# the batch.
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batchproc  # noqa: E402

SOURCES = [
    '__kernel void k(__global uint *a, uint v) { a[get_global_id(0)] = a[get_global_id(0)] * 3u + v; }\n'
    '__kernel void j(__global uint *a, uint v) { a[get_global_id(0)] ^= v << (get_global_id(0) & 7); }\n',
    # the same path, new text: kernel k now adds instead of multiplying
    '__kernel void k(__global uint *a, uint v) { a[get_global_id(0)] = a[get_global_id(0)] + v + BIAS; }\n',
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--pocl', required=True)
    pocl = ap.parse_args().pocl
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'k.cl')
        init = os.path.join(tmp, 'in.bin')
        with open(init, 'wb') as f:
            f.write(bytes(range(256)))
        runs = []  # (source text, words)
        for n, (text, kernel, options) in enumerate([(SOURCES[0], 'k', None), (SOURCES[0], 'j', None),
                                                     (SOURCES[1], 'k', '-DBIAS=5'), (SOURCES[1], 'k', '-DBIAS=9'),
                                                     (SOURCES[1], 'nope', '-DBIAS=1'), (SOURCES[1], 'k', None)]):
            words = [src, '--kernel', kernel, '--global', '64', '--local', '16', '--arg', 'buf:' + init,
                     '--arg', 'u32:%d' % (n + 7), '--dump', '0:%s/DUMP-%d.bin' % (tmp, n)]
            runs.append((text, words + (['--options', options] if options else [])))
        answers = {}
        for how in ('single', 'batch'):
            for n, (text, words) in enumerate(runs):
                with open(src, 'w') as f:
                    f.write(text)
                words = [w.replace('DUMP', how) for w in words]
                if how == 'single':
                    p = subprocess.run([pocl] + words, capture_output=True, text=True)
                else:
                    p = batchproc.run([pocl], words)
                out = os.path.join(tmp, '%s-%d.bin' % (how, n))
                dump = open(out, 'rb').read() if os.path.exists(out) else None
                answers[how, n] = (p.returncode, dump)
        for n in range(len(runs)):
            if answers['single', n] != answers['batch', n]:
                fails.append('line %d: alone %r, in a batch %r' % (n, answers['single', n][0], answers['batch', n][0]))
        # the statuses themselves: four good runs, a missing kernel, a build error (BIAS undefined)
        want = [0, 0, 0, 0, 1, 1]
        got = [answers['batch', n][0] for n in range(len(runs))]
        if got != want:
            fails.append('statuses %s, want %s' % (got, want))
        if answers['batch', 2][1] == answers['batch', 3][1]:
            fails.append('-DBIAS=5 and -DBIAS=9 gave the same buffer: the options are not part of the program key')
        # refused lines do not end the batch
        p = batchproc.process([pocl]).run_line("'unclosed")
        with open(src, 'w') as f:
            f.write(SOURCES[0])
        q = batchproc.run([pocl], runs[0][1][:-2])  # without its --dump
        if p.returncode != 2 or 'unclosed quote' not in p.stderr:
            fails.append('an unclosed quote: exit %d %r' % (p.returncode, p.stderr))
        if q.returncode != 0:
            fails.append('the run after a refused line: exit %d %r' % (q.returncode, q.stderr))
    for f in fails:
        print('FAIL', f)
    print('pocl_run --batch: %d runs compared with separate processes, %d problems' % (len(runs), len(fails)))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
