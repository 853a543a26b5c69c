#!/usr/bin/env python3
# OpenCL C kernels compiled by clang-19 and run by `wavesim run`, checked against a reference the
# host computes independently (Python with IEEE single/double rounding through struct). Every kernel
# runs at -O3 and -O0, in wave32 and wave64, with --threads 1 and --threads 2 (results must be equal).
import argparse
import math
import os
import random
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, '..', 'kernels')


def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]


def pack(fmt, vals):
    return struct.pack('%d%s' % (len(vals), fmt), *vals)


def unpack(fmt, data):
    return list(struct.unpack('%d%s' % (len(data) // struct.calcsize(fmt), fmt), data))


class Case:
    """A kernel run: source, kernel name, grid, arguments and how to check the dumped buffers."""

    def __init__(self, name, src, kernel, glob, loc, args, check, offset=None):
        self.name, self.src, self.kernel, self.glob, self.loc = name, src, kernel, glob, loc
        self.args, self.check, self.offset = args, check, offset


def cases(rng):
    out = []
    n = 1000
    a = [f32(rng.uniform(-100, 100)) for _ in range(n)]
    b = [f32(rng.uniform(-100, 100)) for _ in range(n)]
    out.append(Case('vadd', 'vadd.cl', 'vadd', '1000', '64',
                    [('buf', pack('f', a)), ('buf', pack('f', b)), ('zeros', 4 * n), ('i32', n)],
                    lambda d: [('c', unpack('f', d[2]), [f32(x + y) for x, y in zip(a, b)], 0)]))
    m = 256
    x = [f32(rng.uniform(-1, 1)) for _ in range(m * 4)]
    y = [f32(rng.uniform(-1, 1)) for _ in range(m * 4)]

    def dot_ref():
        parts = []
        for g in range(4):
            tmp = [f32(x[g * m + i] * y[g * m + i]) for i in range(m)]
            s = m // 2
            while s > 0:
                for i in range(s):
                    tmp[i] = f32(tmp[i] + tmp[i + s])
                s //= 2
            parts.append(tmp[0])
        return parts
    out.append(Case('dot', 'reduce.cl', 'dot', str(4 * m), str(m),
                    [('buf', pack('f', x)), ('buf', pack('f', y)), ('zeros', 16), ('local', 4 * m)],
                    lambda d: [('partial', unpack('f', d[2]), dot_ref(), 0)]))
    iv = [rng.randrange(-1000, 1000) for _ in range(64)]

    def call_ref(k):
        res = []
        for i in range(64):
            priv = [iv[(i + j) & 63] ^ j for j in range(16)]
            wsum = lambda v, cnt, kk: sum(v[j] * (j + kk) for j in range(cnt))
            r = wsum(priv, 16, k) + wsum(priv[8:], 8, k + 1)
            res.append((r + 2**31) % 2**32 - 2**31)
        return res
    out.append(Case('call', 'call.cl', 'call', '64', '32',
                    [('zeros', 256), ('buf', pack('i', iv)), ('i32', 3)],
                    lambda d: [('out', unpack('i', d[0]), call_ref(3), 0)]))
    return out


def compare(name, got, want, ulps):
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        if isinstance(w, float):
            same = (math.isnan(g) and math.isnan(w)) or g == w or (
                ulps and abs(g - w) <= ulps * abs(math.ulp(w)) if not math.isinf(w) else g == w)
        else:
            same = g == w
        if not same:
            bad.append((i, g, w))
    if len(got) != len(want):
        bad.append(('length', len(got), len(want)))
    return bad


def run_case(tool, c, opt, wave64, tmp):
    obj = os.path.join(tmp, '%s-%s-%d.hsaco' % (c.name, opt, 64 if wave64 else 32))
    if not os.path.exists(obj):
        subprocess.run(['clang-19', '-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', '-mcpu=gfx1100',
                        '-nogpulib', '-I', KERNELS, '-' + opt, os.path.join(KERNELS, c.src), '-o', obj]
                       + (['-mwavefrontsize64'] if wave64 else []), check=True, capture_output=True)
    results = {}
    for threads in (1, 2):
        cmd = [tool, 'run', obj, '--kernel', c.kernel, '--global', c.glob, '--local', c.loc,
               '--threads', str(threads)]
        if c.offset:
            cmd += ['--offset', c.offset]
        dumps = {}
        for i, (kind, val) in enumerate(c.args):
            if kind == 'buf':
                p = os.path.join(tmp, 'in%d.bin' % i)
                open(p, 'wb').write(val)
                cmd += ['--arg', 'buf:' + p]
            else:
                cmd += ['--arg', '%s:%s' % (kind, val)]
            if kind in ('buf', 'zeros'):
                dumps[i] = os.path.join(tmp, 'out%d-%d.bin' % (i, threads))
                cmd += ['--dump', '%d:%s' % (i, dumps[i])]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            return 'wavesim failed: ' + (p.stderr.strip() or 'exit %d' % p.returncode)
        results[threads] = {i: open(f, 'rb').read() for i, f in dumps.items()}
    if results[1] != results[2]:
        return 'results differ between --threads 1 and --threads 2'
    problems = []
    for label, got, want, ulps in c.check(results[1]):
        bad = compare(c.name, got, want, ulps)
        if bad:
            problems.append('%s: %d wrong, first %r' % (label, len(bad), bad[:3]))
    return '; '.join(problems)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--only')
    args = ap.parse_args()
    rng = random.Random(5)
    failed = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for c in cases(rng):
            if args.only and c.name != args.only:
                continue
            for opt in ('O3', 'O0'):
                for wave64 in (False, True):
                    total += 1
                    err = run_case(args.tool, c, opt, wave64, tmp)
                    label = '%s -%s wave%d' % (c.name, opt, 64 if wave64 else 32)
                    print('%-28s %s' % (label, 'ok' if not err else err))
                    failed += bool(err)
    print('kernels: %d runs, %d failed' % (total, failed))
    return 1 if failed or not total else 0


if __name__ == '__main__':
    sys.exit(main())
