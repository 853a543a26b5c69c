#!/usr/bin/env python3
# `wavesim run --batch`: many runs in one process must answer exactly as the same runs started one
# process each (exit status, messages, --stats output and dumped buffers), in order, with
# "--- exit N" after each; blank and # lines are skipped, quotes keep blanks in a word, and a line
# that cannot be read, a nested --batch or a Ventus run is refused without ending the batch. Run
# with the ASan+UBSan build, so a leak across the batch's runs fails the batch's own exit status.
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def steady(text):
    """The output without what differs from run to run: host time, rates, the process's peak memory."""
    text = re.sub(r' in [0-9.]+ s \([^)]*\)', ' in T s (R)', text)
    return re.sub(r'peak resident memory: .*', 'peak resident memory: M', text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    tool = ap.parse_args().tool
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        spaced = os.path.join(tmp, 'with space')
        os.mkdir(spaced)
        bad = os.path.join(tmp, 'bad.hsaco')
        saxpy = os.path.join(spaced, 'saxpy.hsaco')
        subprocess.run([tool, 'as', os.path.join(HERE, 'bad_kernels.s'), '-o', bad], check=True)
        subprocess.run([tool, 'as', os.path.join(ROOT, 'examples', 'saxpy.s'), '-o', saxpy], check=True)
        n = 1000
        with open(os.path.join(tmp, 'x.bin'), 'wb') as f:
            f.write(struct.pack('<%df' % n, *[i * 0.25 for i in range(n)]))
        with open(os.path.join(tmp, 'y.bin'), 'wb') as f:
            f.write(struct.pack('<%df' % n, *[1.0 - i for i in range(n)]))
        one = ['--global', '1', '--local', '1']
        runs = [
            [saxpy, '--kernel', 'saxpy', '--global', '1000', '--local', '64', '--arg', 'f32:2.5',
             '--arg', 'buf:' + os.path.join(tmp, 'x.bin'), '--arg', 'buf:' + os.path.join(tmp, 'y.bin'),
             '--arg', 'u32:1000', '--dump', '2:{out}', '--stats', '--threads', '2'],
            [bad, '--kernel', 'wild'] + one + ['--arg', 'zeros:16'],
            [bad, '--kernel', 'illegal'] + one,
            [bad, '--kernel', 'nope'] + one,
            [bad, '--kernel', 'forever', '--max-instructions', '100000'] + one,
            [bad, '--kernel', 'greedy', '--lds-bytes', '16384'] + one,
            [os.path.join(tmp, 'missing.hsaco'), '--kernel', 'wild'] + one,
            [bad, '--kernel', 'wild'] + one + ['--arg', 'what:3'],
            [bad, '--kernel', 'wild', '--global', '1'],
            [saxpy, '--kernel', 'saxpy', '--global', '100', '--local', '32', '--arg', 'f32:-1',
             '--arg', 'buf:' + os.path.join(tmp, 'y.bin'), '--arg', 'buf:' + os.path.join(tmp, 'x.bin'),
             '--arg', 'u32:100', '--dump', '2:{out}', '--threads', '1'],
        ]
        # one process per run
        alone = []
        for i, r in enumerate(runs):
            words = [w.replace('{out}', os.path.join(tmp, 'alone%d.bin' % i)) for w in r]
            p = subprocess.run([tool, 'run'] + words, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            alone.append((p.returncode, steady(p.stdout.decode())))
        statuses = {st for st, _ in alone}
        if statuses != {0, 1, 2}:
            fails.append('the runs alone should include successes, faults and usage errors: %s' % sorted(statuses))
        # the same runs as one batch, with lines the batch skips or refuses between them
        lines = ['# a comment', '']
        for i, r in enumerate(runs):
            words = [w.replace('{out}', os.path.join(tmp, 'batch%d.bin' % i)) for w in r]
            lines.append(' '.join("'%s'" % w if ' ' in w else w for w in words))
        lines += ['%s --kernel "wild' % bad, '--batch x', '--isa ventus a.metadata a.data', '   ']
        p = subprocess.run([tool, 'run', '--batch', '-'], input=('\n'.join(lines) + '\n').encode(), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        text = p.stdout.decode()
        if p.returncode:
            fails.append('the batch ended with status %d:\n%s' % (p.returncode, text[-2000:]))
        parts = text.split('--- exit ')
        answers = []
        for k, part in enumerate(parts[1:]):
            status, _, rest = part.partition('\n')
            # what follows a marker up to the next one is the next run's output
            answers.append(int(status))
            parts[k + 1] = rest
        outputs = parts[:len(answers)]
        if len(answers) != len(runs) + 3:
            fails.append('%d "--- exit" lines for %d runs and 3 refused lines' % (len(answers), len(runs)))
        for i, (st, out) in enumerate(alone):
            if i >= len(answers):
                break
            got = steady(outputs[i]).replace(os.path.join(tmp, 'batch'), os.path.join(tmp, 'alone'))
            if answers[i] != st or got != out:
                fails.append('run %d: alone exit %d %r, in the batch exit %d %r' % (i, st, out, answers[i], got))
            a, b = os.path.join(tmp, 'alone%d.bin' % i), os.path.join(tmp, 'batch%d.bin' % i)
            if os.path.exists(a) != os.path.exists(b) or (os.path.exists(a) and open(a, 'rb').read() != open(b, 'rb').read()):
                fails.append('run %d: the dumped buffer differs' % i)
        want_refusals = ['unclosed quote', '--batch does not nest', 'a batch runs RDNA3 code objects']
        for k, why in enumerate(want_refusals):
            i = len(runs) + k
            if i >= len(answers) or answers[i] != 2 or why not in outputs[i]:
                fails.append('refused line %d: want exit 2 and %r, got %s' % (
                    k, why, (answers[i], outputs[i]) if i < len(answers) else 'nothing'))
        if not os.path.exists(os.path.join(tmp, 'alone0.bin')):
            fails.append('the first run wrote no dump')
        # a batch file that does not exist, and --batch with more arguments
        p = subprocess.run([tool, 'run', '--batch', os.path.join(tmp, 'nope.txt')], capture_output=True, text=True)
        if p.returncode != 1 or 'cannot read batch' not in p.stderr:
            fails.append('missing batch file: exit %d %r' % (p.returncode, p.stderr))
        p = subprocess.run([tool, 'run', '--batch', '-', '--kernel', 'x'], capture_output=True, text=True)
        if p.returncode != 2 or 'one FILE' not in p.stderr:
            fails.append('--batch with more arguments: exit %d %r' % (p.returncode, p.stderr))
    for f in fails:
        print('FAIL', f)
    print('run --batch: %d runs compared with separate processes, %d problems' % (len(runs), len(fails)))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
