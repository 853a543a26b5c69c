#!/usr/bin/env python3
# OpenCL C kernels compiled by clang-19 and run by `wavesim run`, checked against a reference the
# host computes independently (Python with IEEE single/double rounding through struct). Every kernel
# runs at -O3 and -O0, in wave32 and wave64, with --threads 1 and --threads 2 (results must be equal).
import argparse
import math
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

import batchproc
import cases_more

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_cache  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, '..', 'kernels')


def f32(x):
    """x rounded to single precision (to nearest even; beyond the largest float, infinity)."""
    if abs(x) >= 2.0 ** 128 * (1 - 2.0 ** -25) and not math.isinf(x):
        return math.copysign(math.inf, x)
    return struct.unpack('f', struct.pack('f', x))[0]


def pack(fmt, vals):
    return struct.pack('%d%s' % (len(vals), fmt), *vals)


def unpack(fmt, data):
    return list(struct.unpack('%d%s' % (len(data) // struct.calcsize(fmt), fmt), data))


class Case:
    """A kernel run: source, kernel name, grid, arguments and how to check the dumped buffers."""

    def __init__(self, name, src, kernel, glob, loc, args, check, offset=None, flags=(), waves=(32, 64),
                 pocl=True, pocl_exclude=None):
        self.name, self.src, self.kernel, self.glob, self.loc = name, src, kernel, glob, loc
        self.args, self.check, self.offset, self.flags, self.waves = args, check, offset, list(flags), waves
        # True; 'pad' when the grid is non-uniform and the kernel bounds-checks its index, so PoCL (OpenCL
        # 1.2: uniform groups only) runs it on the grid rounded up to whole groups; or why PoCL cannot
        # run this case (printed with the results)
        self.pocl = pocl
        # (why, predicate(label, index)): values where OpenCL lets implementations differ
        self.pocl_exclude = pocl_exclude


def cases(rng):
    out = []
    n = 1000
    a = [f32(rng.uniform(-100, 100)) for _ in range(n)]
    b = [f32(rng.uniform(-100, 100)) for _ in range(n)]
    out.append(Case('vadd', 'vadd.cl', 'vadd', '1000', '64',
                    [('buf', pack('f', a)), ('buf', pack('f', b)), ('zeros', 4 * n), ('i32', n)],
                    lambda d, want=[f32(x + y) for x, y in zip(a, b)]: [('c', unpack('f', d[2]), want, 0)],
                    pocl='pad'))
    # the guard masks lanes of whole groups: the last wave ends with fewer lanes in EXEC than it
    # started with, so a lane count taken after an instruction instead of before it shows in --stats
    # (in code that restores EXEC the differences cancel)
    out.append(Case('vadd-guard', 'vadd.cl', 'vadd', '1024', '64',
                    [('buf', pack('f', a + [0.0] * 24)), ('buf', pack('f', b + [0.0] * 24)), ('zeros', 4096),
                     ('i32', n)],
                    lambda d, want=[f32(x + y) for x, y in zip(a, b)] + [0.0] * 24: [('c', unpack('f', d[2]), want, 0)]))
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
    out.append(Case('dot', 'reduce.cl', 'reduce_dot', str(4 * m), str(m),
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
                    lambda d, want=[fma(a, xi, yi) for xi, yi in zip(x, y)]: [('y', unpack('f', d[2]), want, 0)],
                    pocl='pad'))
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
                    lambda d, want=[collatz(x_) for x_ in cv]: [('steps', unpack('I', d[1]), want, 0)],
                    pocl='non-uniform work-groups, which PoCL 3.1 (OpenCL C 1.2) lacks'))
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
                    lambda d, want=grid_ref(): [('ids', unpack('I', d[0]), want, 0)], offset='%d,%d,%d' % (ox, oy, oz),
                    pocl='non-uniform work-groups, which PoCL 3.1 (OpenCL C 1.2) lacks'))
    # transpose through LDS, a matrix whose sides are not multiples of the tile
    w_, h_ = 37, 21
    tin = [f32(rng.uniform(-5, 5)) for _ in range(w_ * h_)]
    out.append(Case('transpose', 'transpose.cl', 'transpose', '48,32', '16,16',
                    [('buf', pack('f', tin)), ('zeros', 4 * w_ * h_), ('i32', w_), ('i32', h_)],
                    lambda d, want=[tin[y_ * w_ + x_] for x_ in range(w_) for y_ in range(h_)]:
                    [('out', unpack('f', d[1]), want, 0)]))
    # inclusive scan per group
    sin_ = [rng.randrange(-1000, 1000) for _ in range(512)]

    def scan_ref():
        res = []
        for g in range(2):
            acc = 0
            for v_ in sin_[g * 256:(g + 1) * 256]:
                acc += v_
                res.append(acc)
        return res
    out.append(Case('scan', 'scan.cl', 'scan', '512', '256', [('buf', pack('i', sin_)), ('zeros', 2048)],
                    lambda d, want=scan_ref(): [('out', unpack('i', d[1]), want, 0)]))
    # bitonic sort per group
    bin_ = [rng.randrange(-10**6, 10**6) for _ in range(512)]
    out.append(Case('bitonic', 'bitonic.cl', 'bitonic', '512', '256', [('buf', pack('i', bin_))],
                    lambda d, want=sorted(bin_[:256]) + sorted(bin_[256:]): [('data', unpack('i', d[0]), want, 0)]))
    # 5-point stencil
    sw, sh = 30, 20
    sg = [f32(rng.uniform(0, 10)) for _ in range(sw * sh)]

    def stencil_ref():
        res = []
        for y_ in range(sh):
            for x_ in range(sw):
                xl, xr = max(x_ - 1, 0), min(x_ + 1, sw - 1)
                yu, yd = max(y_ - 1, 0), min(y_ + 1, sh - 1)
                t = f32(f32(f32(sg[y_ * sw + xl] + sg[y_ * sw + xr]) + sg[yu * sw + x_]) + sg[yd * sw + x_])
                res.append(f32(f32(0.5 * sg[y_ * sw + x_]) + f32(0.125 * t)))
        return res
    out.append(Case('stencil', 'stencil.cl', 'stencil', '32,24', '8,8',
                    [('buf', pack('f', sg)), ('zeros', 4 * sw * sh), ('i32', sw), ('i32', sh)],
                    lambda d, want=stencil_ref(): [('out', unpack('f', d[1]), want, 0)]))
    # f64, f16 and f32 arithmetic (clang contracts a * b + c into one fma, as OpenCL allows):
    # f64 and f16 results correctly rounded; f32 division within
    # OpenCL's 2.5 ulp, f32 sqrt within 3 ulp (what clang may emit without -cl-fp32-correctly-rounded)
    n = 128
    da = [rng.uniform(-100, 100) for _ in range(n)]
    db = [rng.choice([-1, 1]) * rng.uniform(0.5, 50) for _ in range(n)]
    ha = [f16r(rng.uniform(-8, 8)) for _ in range(n)]
    hb = [f16r(rng.uniform(-8, 8)) for _ in range(n)]
    fa = [f32(rng.uniform(-1000, 1000)) for _ in range(n)]

    def fp_ref():
        from fractions import Fraction as Fr
        dd, hh, ff = [], [], []
        for x_, y_ in zip(da, db):
            dd += [float(Fr(x_) * Fr(y_) + Fr(x_)), float(Fr(x_) * Fr(y_) - Fr(x_)), math.sqrt(abs(x_)) + x_ / y_]
        for p_, q_ in zip(ha, hb):
            hh += [f16r(p_ * q_ + p_), f16r(p_ - q_)]
        for f_ in fa:
            ff += [f32(math.sqrt(abs(f_))), f32(f_ / 3.0)]
        return dd, hh, ff
    ref_fp = fp_ref()
    out.append(Case('fp', 'fp.cl', 'fp', str(n), '64',
                    [('buf', pack('d', da)), ('buf', pack('d', db)), ('zeros', 24 * n), ('buf', pack('e', ha)),
                     ('buf', pack('e', hb)), ('zeros', 4 * n), ('buf', pack('f', fa)), ('zeros', 8 * n)],
                    lambda d, ref=ref_fp: [('f64', unpack('d', d[2]), ref[0], 0), ('f16', unpack('e', d[5]), ref[1], 0),
                                           ('f32', unpack('f', d[7]), ref[2], 3)],
                    pocl='half arithmetic: PoCL 3.1 has no cl_khr_fp16 on the CPU'))
    # transcendental functions within OpenCL's bounds (exp and log 3 ulp, sin and cos 4 ulp) of the
    # exact function: ROCm's ocml reduces the argument, so large arguments are as accurate as small.
    mx = [f32(rng.uniform(-10, 10)) for _ in range(224)] + [f32(rng.uniform(-1e5, 1e5)) for _ in range(32)]

    def mathf_ref():
        res = []
        for x_ in mx:
            res += [f32(math.exp(x_)) if x_ < 88 else math.inf, f32(math.log(f32(abs(x_) + 1.0))),
                    f32(math.sin(x_)), f32(math.cos(x_))]
        return res
    out.append(Case('mathf', 'mathf.cl', 'mathf', '256', '64', [('buf', pack('f', mx)), ('zeros', 16 * 256)],
                    lambda d, want=mathf_ref(): [('math', unpack('f', d[1]), want, 4)]))
    # IEEE f32 and f64 division and sqrt, correctly rounded, over special and extreme operands
    # (Python's double division and sqrt are correctly rounded; rounding those to f32 again is
    # exact for / and sqrt because 53 >= 2 * 24 + 2)
    def extremes(bits, emin, emax, count):
        vals = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 3.0]
        while len(vals) < count:
            e = rng.randrange(emin - bits, emax + 1)
            vals.append(rng.choice([-1, 1]) * (1 + rng.random()) * 2.0 ** e)
        return vals
    n = 512
    dfa = [f32(v) for v in extremes(24, -126, 127, n)]
    dfb = [f32(v) for v in extremes(24, -126, 127, n)]
    rng.shuffle(dfb)
    dda = extremes(53, -1022, 1023, n)
    ddb = extremes(53, -1022, 1023, n)
    rng.shuffle(ddb)

    def ieee_div(x_, y_):
        if math.isnan(x_) or math.isnan(y_) or (x_ == 0 and y_ == 0) or (math.isinf(x_) and math.isinf(y_)):
            return math.nan
        if y_ == 0:
            return math.copysign(math.inf, x_) * math.copysign(1, y_)
        return x_ / y_

    def ieee_sqrt(x_):
        return x_ if x_ == 0 or x_ == math.inf else math.nan if (x_ < 0 or math.isnan(x_)) else math.sqrt(x_)
    out.append(Case('div', 'div.cl', 'div', str(n), '64',
                    [('buf', pack('f', dfa)), ('buf', pack('f', dfb)), ('zeros', 8 * n), ('buf', pack('d', dda)),
                     ('buf', pack('d', ddb)), ('zeros', 16 * n)],
                    lambda d: [('f32', unpack('f', d[2]), [f32(v) for x_, y_ in zip(dfa, dfb)
                                                          for v in (ieee_div(x_, y_), ieee_sqrt(x_))], 0),
                               ('f64', unpack('d', d[5]), [v for x_, y_ in zip(dda, ddb)
                                                          for v in (ieee_div(x_, y_), ieee_sqrt(x_))], 0)],
                    flags=['-cl-fp32-correctly-rounded-divide-sqrt']))
    out += cases_more.cases(rng, Case)
    return out


def f16r(x):
    return struct.unpack('e', struct.pack('e', x))[0]


def f32_ulp(x):
    """Spacing of single-precision values at x. A tolerance of 1 or more counts f32 ulps; below 1 it is
    relative (absolute under 1.0); f64/f16 checks are exact."""
    if x == 0 or abs(x) < 2.0 ** -126:
        return 2.0 ** -149
    return 2.0 ** (math.frexp(abs(x))[1] - 24)


def compare(name, got, want, ulps):
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        if isinstance(w, float):
            same = (math.isnan(g) and math.isnan(w)) or g == w or (
                ulps and abs(g - w) <= (ulps * max(1.0, abs(w)) if ulps < 1 else ulps * f32_ulp(w))
                if not math.isinf(w) else g == w)
        else:
            same = g == w
        if not same:
            bad.append((i, g, w))
    if len(got) != len(want):
        bad.append(('length', len(got), len(want)))
    return bad


def arg_options(c, tmp, tag):
    """The --arg/--dump options of case c (shared by wavesim run and pocl_run) and the dump files."""
    cmd, dumps = [], {}
    for i, (kind, val) in enumerate(c.args):
        if kind == 'buf':
            p = os.path.join(tmp, 'in%d.bin' % i)
            open(p, 'wb').write(val)
            cmd += ['--arg', 'buf:' + p]
        else:
            cmd += ['--arg', '%s:%s' % (kind, val)]
        if kind in ('buf', 'zeros'):
            dumps[i] = os.path.join(tmp, 'out%d-%s.bin' % (i, tag))
            cmd += ['--dump', '%d:%s' % (i, dumps[i])]
    return cmd, dumps


def run_pocl(pocl, c, tmp, icd=None, extra_options=()):
    """Case c run natively by PoCL (pocl_run): (None, buffers) or (error, None). wavesim's OpenCL
    options map to OpenCL build options; -ffp-contract=off to the FP_CONTRACT pragma. With icd, the
    same host program runs on the OpenCL platform whose .icd file is in that directory instead
    (OCL_ICD_VENDORS), with the case's exact global size and extra_options added."""
    src = open(os.path.join(KERNELS, c.src)).read()
    options = []
    for f in c.flags:
        if f == '-ffp-contract=off':
            src = '#pragma OPENCL FP_CONTRACT OFF\n' + src
        else:
            options.append(f)
    path = os.path.join(tmp, 'pocl-' + c.src)
    open(path, 'w').write(src)
    options = list(extra_options) + options
    glob = c.glob
    if c.pocl == 'pad' and not icd:
        glob = ','.join(str(-(-int(g) // int(l)) * int(l)) for g, l in zip(c.glob.split(','), c.loc.split(',')))
    cmd = [pocl, path, '--kernel', c.kernel, '--global', glob, '--local', c.loc, '--options', ' '.join(options)]
    if icd:
        cmd += ['--partial-groups', 'yes']
    if c.offset:
        cmd += ['--offset', c.offset]
    opts, dumps = arg_options(c, tmp, 'platform' if icd else 'pocl')
    if icd:
        env = dict(os.environ, OCL_ICD_VENDORS=os.path.abspath(icd))
        p = subprocess.run(cmd + opts, capture_output=True, text=True, env=env)
    else:  # one PoCL process for the test (batchproc.py): it starts once and builds each source once
        p = batchproc.run(cmd[:1], cmd[1:] + opts)
    if p.returncode:
        return 'pocl_run failed: ' + (p.stderr.strip()[-600:] or 'exit %d' % p.returncode), None
    return None, {i: open(f, 'rb').read() for i, f in dumps.items()}


def compare_pocl(c, mine, theirs):
    """wavesim's buffers against PoCL's: each checked value equal (or within the case's tolerance for
    library math, where two correct implementations may differ), and PoCL's against the host reference,
    so the reference itself is checked by an implementation we did not write."""
    problems = []
    daz = '-cl-denorms-are-zero' in c.flags
    for (label, got, want, ulps), (_, ref_got, _, _) in zip(c.check(mine), c.check(theirs)):
        if c.pocl_exclude:
            keep = [i for i in range(len(want)) if not c.pocl_exclude[1](label, i)]
            got, want, ref_got = [got[i] for i in keep], [want[i] for i in keep], [ref_got[i] for i in keep]
        if daz:
            # -cl-denorms-are-zero: double denormals "may also be flushed" (OpenCL 1.2, 5.6.4.2); PoCL
            # flushes them, gfx11 (like clang's AMDGPU target) keeps them
            ref_got = [w if isinstance(w, float) and g == 0 and 0 < abs(w) < 2.0 ** -1022 and
                       math.copysign(1, g) == math.copysign(1, w) else g for g, w in zip(ref_got, want)]
        bad = compare(c.name, ref_got, want, ulps)
        if bad:
            problems.append('PoCL vs host reference %s: %d differ, first %r' % (label, len(bad), bad[:3]))
        bad = compare(c.name, got, ref_got, 2 * ulps)
        if bad:
            problems.append('wavesim vs PoCL %s: %d differ, first %r' % (label, len(bad), bad[:3]))
    return '; '.join(problems)


def compile_case(cc_tool, c, opt, wave64, obj, builtins):
    """wavesim cc of the case's source, through the compile cache (oracle_cache.wavesim_cc: the
    sanitizer run and later runs reuse the code objects of the same clang command); returns an error
    text or ''."""
    rc, _, err = oracle_cache.wavesim_cc(cc_tool, ['--builtins', builtins, '-' + opt] + (['--wave64'] if wave64 else [])
                                         + list(c.flags), os.path.join(KERNELS, c.src), obj)
    return 'wavesim cc failed: ' + err.strip()[-800:] if rc else ''


def stats_counts(text):
    """--stats output without what varies from run to run (the time, the resident memory)."""
    return [re.sub(r' in [0-9.]+ s .*', '', l) for l in text.splitlines() if 'resident memory' not in l]


def fast_paths_diff(tool, c, obj, tmp, fast_results, fast_stats, traced):
    """The case once more with --no-fast-paths (the executor's reference paths): the same buffers and
    the same --stats counts as the fast run (FAST_STATS: untraced, so through the translated code
    where it applies, and counting some instructions without running them), traced or not; with
    TRACED, both runs traced and the traces the same byte
    for byte (the traces of all four builds of every case come to 2.5 GB, so the caller traces one
    build per case). Returns an error text or ''."""
    base = [obj, '--kernel', c.kernel, '--global', c.glob, '--local', c.loc, '--threads', '1']
    if c.offset:
        base += ['--offset', c.offset]
    traces = {}
    runs = ([('fast', [])] if traced else []) + [('reference', ['--no-fast-paths'])]
    for how, extra in runs:
        opts, dumps = arg_options(c, tmp, how)
        trace = os.path.join(tmp, 'trace-%s.txt' % how)
        p = batchproc.run([tool, 'run'], base + extra + (['--trace=' + trace] if traced else []) + ['--stats'] + opts)
        if p.returncode:
            return 'wavesim %s failed: %s' % (' '.join(extra) or 'traced', p.stderr.strip()[-400:])
        if stats_counts(p.stdout) != stats_counts(fast_stats):
            return '--no-fast-paths gives other statistics: %r vs %r' % (stats_counts(p.stdout), stats_counts(fast_stats))
        got = {i: open(f, 'rb').read() for i, f in dumps.items()}
        if got != fast_results:
            return '--no-fast-paths%s gives other buffers: %s' % (
                '' if extra else ' (traced run)', [i for i in got if got[i] != fast_results.get(i)])
        if traced:
            traces[how] = open(trace, 'rb').read()
            os.remove(trace)
    if traced and traces['fast'] != traces['reference']:
        a, b = traces['fast'].split(b'\n'), traces['reference'].split(b'\n')
        k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        return 'traces differ with --no-fast-paths at line %d: %r vs %r' % (
            k + 1, a[k][:200] if k < len(a) else b'', b[k][:200] if k < len(b) else b'')
    return ''


def run_case(tool, c, opt, wave64, tmp, builtins, cc_tool=None, paths_diff=False):
    obj = os.path.join(tmp, '%s-%s-%d.hsaco' % (c.name, opt, 64 if wave64 else 32))
    if not os.path.exists(obj):
        err = compile_case(cc_tool or tool, c, opt, wave64, obj, builtins)
        if err:
            return err, None
    results = {}
    for threads in (1, 2):
        cmd = [tool, 'run', obj, '--kernel', c.kernel, '--global', c.glob, '--local', c.loc,
               '--threads', str(threads)]
        if c.offset:
            cmd += ['--offset', c.offset]
        opts, dumps = arg_options(c, tmp, str(threads))
        p = batchproc.run(cmd[:2], cmd[2:] + (['--stats'] if threads == 1 else []) + opts)
        if p.returncode:
            return 'wavesim failed: ' + (p.stderr.strip() or 'exit %d' % p.returncode), None
        results[threads] = {i: open(f, 'rb').read() for i, f in dumps.items()}
        if threads == 1:
            stats = p.stdout
    if results[1] != results[2]:
        return 'results differ between --threads 1 and --threads 2', None
    if paths_diff:
        # traced at -O3 wave32 (the build every case has)
        err = fast_paths_diff(tool, c, obj, tmp, results[1], stats, opt == 'O3' and not wave64)
        if err:
            return err, None
    problems = []
    for label, got, want, ulps in c.check(results[1]):
        bad = compare(c.name, got, want, ulps)
        if bad:
            problems.append('%s: %d wrong, first %r' % (label, len(bad), bad[:3]))
    return '; '.join(problems), results[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--only')
    ap.add_argument('--builtins', default='rocm', choices=('rocm', 'wavesim'),
                    help="wavesim cc's OpenCL library: AMD's device libraries or wavesim's header")
    ap.add_argument('--cc-tool', help='the wavesim whose `cc` compiles the cases (through the oracle cache; '
                    'default: --tool); --tool runs them, so a sanitizer build can run what the release build '
                    'compiled')
    ap.add_argument('--pocl', help='pocl_run: also run every case on the host OpenCL platform and compare')
    ap.add_argument('--opencl-icd', help="with --pocl: also run every case's source through wavesim's OpenCL "
                    'platform (the .icd file in this directory) with the same host program, which must give '
                    'the buffers of `wavesim run` at -O3 bit for bit')
    ap.add_argument('--fast-paths-diff', action='store_true',
                    help='also run every case with --no-fast-paths and traced both ways: same buffers, same trace')
    args = ap.parse_args()
    rng = random.Random(5)
    failed = total = compared = platform_runs = 0
    not_comparable = []
    with tempfile.TemporaryDirectory() as tmp:
        for c in cases(rng):
            if args.only and c.name != args.only:
                continue
            if args.builtins == 'wavesim' and c.name == 'mathf':
                # wavesim's header maps sin/cos/exp/log to the bare instructions, outside OpenCL's bounds
                print('%-28s not run: wavesim builtins are not OpenCL-conformant math' % c.name)
                continue
            theirs = None
            if args.pocl and c.pocl in (True, 'pad'):
                err, theirs = run_pocl(args.pocl, c, tmp)
                if err:
                    print('%-28s %s' % (c.name + ' PoCL', err))
                    failed += 1
            elif args.pocl:
                not_comparable.append('%s (%s)' % (c.name, c.pocl))
            if args.pocl and c.pocl_exclude:
                not_comparable.append('some values of %s (%s)' % (c.name, c.pocl_exclude[0]))
            for opt in ('O3', 'O0'):
                for wave64 in [w == 64 for w in c.waves]:
                    total += 1
                    err, mine = run_case(args.tool, c, opt, wave64, tmp, args.builtins, args.cc_tool,
                                         args.fast_paths_diff)
                    if not err and theirs is not None:
                        err = compare_pocl(c, mine, theirs)
                        compared += 1
                    label = '%s -%s wave%d' % (c.name, opt, 64 if wave64 else 32)
                    print('%-28s %s' % (label, 'ok' if not err else err))
                    failed += bool(err)
                    if args.opencl_icd and args.pocl and opt == 'O3' and not wave64 and mine is not None:
                        platform_runs += 1
                        # `wavesim cc` compiles OpenCL C 2.0; clBuildProgram's default is 1.2
                        perr, theirs_cl = run_pocl(args.pocl, c, tmp, args.opencl_icd, ['-cl-std=CL2.0', '-O3'])
                        if not perr and theirs_cl != mine:
                            diff = [i for i in mine if mine[i] != theirs_cl.get(i)]
                            perr = 'buffers %s differ from wavesim run\'s' % diff
                        print('%-28s %s' % (c.name + ' OpenCL platform', 'ok' if not perr else perr))
                        failed += bool(perr)
    print('kernels: %d runs, %d failed' % (total, failed))
    if args.pocl:
        print('PoCL: %d runs compared; not comparable: %s' % (compared, ', '.join(not_comparable) or 'none'))
    if args.opencl_icd:
        print('OpenCL platform: %d cases run through clBuildProgram/clEnqueueNDRangeKernel' % platform_runs)
    return 1 if failed or not total else 0


if __name__ == '__main__':
    sys.exit(main())
