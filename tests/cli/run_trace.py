#!/usr/bin/env python3
# `wavesim run --trace`: one line per executed instruction (as many as --stats counts), workgroups
# in order whatever --threads says, identical run to run, and register values that agree with an
# independent host computation of the kernel (vadd: c = a + b in IEEE single precision).
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r'^wg\((\d+),(\d+),(\d+)\) w(\d+) pc=0x([0-9a-f]+) exec=0x([0-9a-f]+) (\S+)(.*)$')


def main():
    tool = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, 'vadd.hsaco')
        subprocess.run([tool, 'cc', '-O3', os.path.join(HERE, '..', 'kernels', 'vadd.cl'), '-o', obj], check=True)
        n = 40
        a = [float(i) * 1.25 + 0.1 for i in range(n)]
        b = [1.0 / (i + 3) for i in range(n)]
        for name, vals in (('a', a), ('b', b)):
            open(os.path.join(tmp, name), 'wb').write(struct.pack('%df' % n, *vals))
        want = [struct.unpack('f', struct.pack('f', struct.unpack('f', struct.pack('f', x))[0] +
                                                struct.unpack('f', struct.pack('f', y))[0]))[0] for x, y in zip(a, b)]
        traces = []
        for threads in ('1', '2', '2'):
            path = os.path.join(tmp, 'trace%d.txt' % len(traces))
            p = subprocess.run([tool, 'run', obj, '--kernel', 'vadd', '--global', str(n), '--local', '32',
                                '--arg', 'buf:' + os.path.join(tmp, 'a'), '--arg', 'buf:' + os.path.join(tmp, 'b'),
                                '--arg', 'zeros:%d' % (4 * n), '--arg', 'i32:%d' % n, '--threads', threads,
                                '--stats', '--trace=' + path], capture_output=True, text=True)
            if p.returncode:
                print('run failed:', p.stderr)
                return 1
            m = re.search(r'instructions: (\d+) wave', p.stdout)
            traces.append((open(path).read().splitlines(), int(m.group(1)) if m else -1))
        lines, count = traces[0]
        if len(lines) != count:
            problems.append('%d trace lines for %d instructions' % (len(lines), count))
        if any(t[0] != lines for t in traces[1:]):
            problems.append('traces differ between runs or thread counts')
        groups, adds = [], 0
        for ln in lines:
            m = LINE.match(ln)
            if not m:
                problems.append('malformed line: ' + ln[:120])
                continue
            wg = int(m.group(1))
            if not groups or groups[-1] != wg:
                groups.append(wg)
            exec_mask = int(m.group(6), 16)
            if wg == 1 and exec_mask & ~0xff:
                problems.append('workgroup 1 holds 8 work-items but exec=%x' % exec_mask)
            if m.group(7) == 'v_add_f32_e32':
                adds += 1
                dst = re.search(r'v(\d+)=\[([^\]]*)\]', m.group(8))
                lanes = dst.group(2).split() if dst else []
                base = 32 * wg
                for l, v in enumerate(lanes):
                    if exec_mask >> l & 1:
                        got = struct.unpack('f', bytes.fromhex(v)[::-1])[0]
                        if got != want[base + l]:
                            problems.append('lane %d of group %d: %r, want %r' % (l, wg, got, want[base + l]))
                    elif v != '--------':
                        problems.append('inactive lane %d shows %s' % (l, v))
        if groups != [0, 1]:
            problems.append('workgroups traced in order %r' % groups)
        if adds != 2:
            problems.append('%d v_add_f32 lines, want 2' % adds)
    for p_ in problems[:20]:
        print(p_)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
