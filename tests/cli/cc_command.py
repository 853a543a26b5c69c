#!/usr/bin/env python3
# `wavesim cc --print-command` prints the clang command `wavesim cc` runs, word for word: the test
# compile cache (tests/oracle_cache.py wavesim_cc) keys code objects on that line, so a difference
# would serve stale objects. A stand-in clang ($WAVESIM_CLANG, a script recording its arguments) is
# run by `wavesim cc` for every builtin library, wave size and option set below, and its arguments
# must be the printed words; wavesim's header, a temporary file when cc runs, must have the content
# the printed hash names.
import argparse
import os
import shlex
import subprocess
import sys
import tempfile

FORMS = [
    [],
    ['-O3'],
    ['--wave64', '-O0'],
    ['--builtins', 'wavesim', '-O3'],
    ['--builtins', 'wavesim', '--wave64', '-cl-std=CL1.2', '-DX=1'],
    ['--builtins', 'rocm', '-cl-fast-relaxed-math', '-cl-denorms-are-zero'],
    ['--builtins', 'rocm', '--wave64', '-cl-finite-math-only', '-cl-fp32-correctly-rounded-divide-sqrt'],
    ['--mcpu', 'gfx1101', "-DQUOTE='a b'"],
]


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return '%016x' % h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, 'clang-19')
        record = os.path.join(tmp, 'argv')
        # the stand-in writes each argument on its own line (NUL-free) and copies an -include'd header
        with open(fake, 'w') as f:
            f.write('#!/bin/sh\n: > "%s"\nprev=\nfor a in "$0" "$@"; do printf "%%s\\n" "$a" >> "%s"\n'
                    '  [ "$prev" = -include ] && cp "$a" "%s.h"\n  prev=$a\ndone\n' % (record, record, record))
        os.chmod(fake, 0o755)
        env = dict(os.environ, WAVESIM_CLANG=fake)
        src, obj = os.path.join(tmp, 'k.cl'), os.path.join(tmp, 'k.hsaco')
        open(src, 'w').write('__kernel void k(__global int *p) { *p = 1; }\n')
        for form in FORMS:
            words = form + [src, '-o', obj]
            printed = subprocess.run([args.tool, 'cc', '--print-command'] + words, capture_output=True, text=True,
                                     env=env)
            ran = subprocess.run([args.tool, 'cc'] + words, capture_output=True, text=True, env=env)
            if printed.returncode or ran.returncode:
                print('FAIL %s: exit %d/%d: %s%s' % (form, printed.returncode, ran.returncode, printed.stderr,
                                                     ran.stderr))
                failed += 1
                continue
            want = shlex.split(printed.stdout)
            got = open(record).read().split('\n')[:-1]
            header = [i for i, w in enumerate(want) if w.startswith('wavesim_cl.h@fnv1a64:')]
            for i in header:  # the header: a temporary path when run, its content hash when printed
                content = open(record + '.h', 'rb').read()
                if want[i] != 'wavesim_cl.h@fnv1a64:' + fnv1a64(content):
                    print('FAIL %s: header hash %s, content hashes to %s' % (form, want[i], fnv1a64(content)))
                    failed += 1
                want[i] = got[i] if i < len(got) else want[i]
            if want != got:
                print('FAIL %s:\n  printed %s\n  ran     %s' % (form, want, got))
                failed += 1
            else:
                print('ok %s (%d words%s)' % (' '.join(form) or '(defaults)', len(got),
                                              ', header by hash' if header else ''))
    print('cc --print-command: %d forms, %d failed' % (len(FORMS), failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
