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
                    lambda d, want=[f32(x + y) for x, y in zip(a, b)]: [('c', unpack('f', d[2]), want, 0)]))
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
                    lambda d, want=dot_ref(): [('partial', unpack('f', d[2]), want, 0)]))
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
                    lambda d, want=call_ref(3): [('out', unpack('i', d[0]), want, 0)]))
    # saxpy: one fma per element (the reference rounds the exact a*x+y once, like fmaf)
    n = 777
    a = f32(1.75)
    x = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    y = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    from fractions import Fraction
    fma = lambda p, q, r: f32(float(Fraction(p) * Fraction(q) + Fraction(r)))
    out.append(Case('saxpy', 'saxpy.cl', 'saxpy', str(n), '64',
                    [('f32', repr(a)), ('buf', pack('f', x)), ('buf', pack('f', y)), ('u32', n)],
                    lambda d, want=[fma(a, xi, yi) for xi, yi in zip(x, y)]: [('y', unpack('f', d[2]), want, 0)]))
    # atomics: global and local, integer and a histogram
    n, wg = 512, 128
    v = [rng.randrange(-5000, 5000) for _ in range(n)]

    def atomics_ref():
        g = [sum(v), n, min(v), max(v), 0, 2 * n, sum(v), max(v), min(v), n]
        hist = [0] * 16
        for x_ in v:
            hist[x_ & 15] += 1
        return g, hist
    out.append(Case('atomics', 'atomics.cl', 'atomics', str(n), str(wg),
                    [('buf', pack('i', [0, 0, 0x7fffffff, -0x80000000, 0, 0, 0, -0x80000000, 0x7fffffff, 0])),
                     ('buf', pack('i', v)), ('zeros', 64), ('zeros', 4 * n), ('zeros', 4 * (n // wg))],
                    lambda d, ref=atomics_ref(), n=n: [
                        ('g', [x_ for i, x_ in enumerate(unpack('i', d[0])) if i != 4],
                         [x_ for i, x_ in enumerate(ref[0]) if i != 4], 0),
                        ('hist', unpack('i', d[2]), ref[1], 0), ('xchg', unpack('i', d[3]), [1] * n, 0)]))
    fv = [float(rng.randrange(-1000, 1000)) for _ in range(1024)]
    out.append(Case('fatomic', 'fatomic.cl', 'fatomic', '1024', '256',
                    [('zeros', 4), ('buf', pack('f', fv))],
                    lambda d, want=[f32(sum(fv))]: [('sum', unpack('f', d[0]), want, 0)]))
    # sgemm naive and tiled: the same fma chain in k order
    n = 32
    A = [f32(rng.uniform(-1, 1)) for _ in range(n * n)]
    B = [f32(rng.uniform(-1, 1)) for _ in range(n * n)]

    def sgemm_ref():
        C = []
        for r in range(n):
            for c in range(n):
                s = 0.0
                for k in range(n):
                    s = fma(A[r * n + k], B[k * n + c], s)
                C.append(s)
        return C
    ref_c = sgemm_ref()
    for kname in ('sgemm', 'sgemm_tiled'):
        out.append(Case(kname, 'sgemm.cl', kname, '%d,%d' % (n, n), '16,16',
                        [('buf', pack('f', A)), ('buf', pack('f', B)), ('zeros', 4 * n * n), ('i32', n)],
                        lambda d, want=ref_c: [('C', unpack('f', d[2]), want, 0)]))
    # integer division, modulo and shifts
    n = 256
    ia = [rng.randrange(-2**31, 2**31) for _ in range(n)]
    ib = [rng.choice([rng.randrange(1, 1000), -rng.randrange(1, 1000), rng.randrange(1, 2**31)]) for _ in range(n)]

    def tdiv(p, q):
        r = abs(p) // abs(q)
        return r if (p >= 0) == (q >= 0) else -r

    def wrap(x_, bits):
        return (x_ + 2**(bits - 1)) % 2**bits - 2**(bits - 1)

    def intmix_ref():
        o32, o64 = [], []
        for x_, y_ in zip(ia, ib):
            ux, uy = x_ % 2**32, y_ % 2**32
            o32 += [wrap(tdiv(x_, y_), 32), wrap(x_ - tdiv(x_, y_) * y_, 32), wrap((ux // uy) ^ (ux % uy), 32),
                    wrap(wrap(x_ << (y_ & 31), 32) + (x_ >> (y_ & 7)) + (ux >> (uy & 15)), 32)]
            lx, ly = x_ * 100003, y_
            o64 += [wrap(tdiv(lx, ly), 64), wrap(lx - tdiv(lx, ly) * ly + (lx >> 7), 64)]
        return o32, o64
    out.append(Case('intmix', 'intmix.cl', 'intmix', str(n), '64',
                    [('buf', pack('i', ia)), ('buf', pack('i', ib)), ('zeros', 16 * n), ('zeros', 16 * n)],
                    lambda d, ref=intmix_ref(): [('o32', unpack('i', d[2]), ref[0], 0),
                                                 ('o64', unpack('q', d[3]), ref[1], 0)]))
    # divergent control flow
    n = 300
    cv = [rng.randrange(1, 100000) for _ in range(n)]

    def collatz(x_):
        st = 0
        while x_ != 1 and st < 1000:
            if x_ & 1:
                x_ = x_ // 3 if x_ % 3 == 0 else (3 * x_ + 1) % 2**32
            else:
                x_ >>= 1
            st += 1
        return st
    out.append(Case('divergent', 'divergent.cl', 'divergent', str(n), '64',
                    [('buf', pack('I', cv)), ('zeros', 4 * n)],
                    lambda d, want=[collatz(x_) for x_ in cv]: [('steps', unpack('I', d[1]), want, 0)]))
    # 3-D grid with partial groups in every dimension and a global offset
    gx, gy, gz, lx, ly, lz, ox, oy, oz = 10, 6, 3, 4, 4, 2, 5, 7, 11

    def grid_ref():
        res = []
        for z in range(gz):
            for y_ in range(gy):
                for x_ in range(gx):
                    res += [x_ + ox, y_ + oy, z + oz, x_ % lx + 100 * (y_ % ly) + 10000 * (z % lz) + 1000000 * (x_ // lx)]
        return res
    out.append(Case('grid3d', 'grid3d.cl', 'grid3d', '%d,%d,%d' % (gx, gy, gz), '%d,%d,%d' % (lx, ly, lz),
                    [('zeros', 16 * gx * gy * gz), ('u32', gx), ('u32', gy)],
                    lambda d, want=grid_ref(): [('ids', unpack('I', d[0]), want, 0)], offset='%d,%d,%d' % (ox, oy, oz)))
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
