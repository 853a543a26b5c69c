#!/usr/bin/env python3
# The OpenCL C builtin families cl_builtins.py does not sweep, as real kernels call them on scalar and
# vector types: work-item functions (1-3 dimensions, offsets, partial groups), common, geometric and
# relational functions, the math builtins on vector types with the ones it lacks (fma, mad, fract,
# frexp, ilogb, lgamma(_r), modf, nan, remquo, sincos), native_ and half_ math, the integer builtins on
# vector types with mul24/mad24/upsample, shuffle/shuffle2, vload/vstore in every address space,
# vload(a)_half/vstore(a)_half with every rounding mode, and as_type reinterpretations. Each source is
# compiled by `wavesim cc` (clang-19, AMD's device libraries) at -O3 in wave32 and -O0 in wave32 and
# wave64 (--builds; an -O3 wave64 build of these sources costs about twice the -O3 wave32 one, which
# would take the sweep past its CPU budget in `make test`), run by wavesim and natively by PoCL, and
# every result of both is checked against a reference computed here in Python (exact rationals, or
# CPython's libm within the OpenCL 3.0 bound each family states). Device-library behaviours that real
# hardware shares (the library's own code, shown by its IR) are counted and printed, not failed, as in
# cl_builtins.py; so are two PoCL 3.1 defects. Reuses the launcher and math references of cl_builtins.py.
import argparse
import math
import os
import random
import resource
import struct
import sys
import tempfile
import time
from collections import Counter
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cl_builtins as cb  # noqa: E402

# element type: (struct code of the value, of its bits, bytes, kind)
ELEM = {'char': ('b', 'B', 1, 'i'), 'uchar': ('B', 'B', 1, 'u'), 'short': ('h', 'H', 2, 'i'),
        'ushort': ('H', 'H', 2, 'u'), 'int': ('i', 'I', 4, 'i'), 'uint': ('I', 'I', 4, 'u'),
        'long': ('q', 'Q', 8, 'i'), 'ulong': ('Q', 'Q', 8, 'u'), 'half': ('e', 'H', 2, 'f'),
        'float': ('f', 'I', 4, 'f'), 'double': ('d', 'Q', 8, 'f')}
INTS = ['char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long', 'ulong']
WIDTHS = (1, 2, 3, 4, 8, 16)
COMP = '0123456789abcdef'
# mantissa bits (with the hidden one), minimum and maximum exponent
FMT = {'half': (11, -14, 15), 'float': (24, -126, 127), 'double': (53, -1022, 1023)}
FP64 = '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n'
# pi to 40 digits, for references that scale by it
PI = Fraction('3.141592653589793238462643383279502884197')


def vt(elem, w):
    return elem if w == 1 else '%s%d' % (elem, w)


def slots(w):
    return 4 if w == 3 else w


def bits_of(elem):
    return ELEM[elem][2] * 8


def signed_range(elem):
    w = bits_of(elem)
    return (-2 ** (w - 1), 2 ** (w - 1) - 1) if ELEM[elem][3] == 'i' else (0, 2 ** w - 1)


def round_frac(q, fmt, mode='rte'):
    """The rational Q rounded to FMT (half, float, double) in MODE (rte, rtz, rtp, rtn), as a Python
    float: subnormals and overflow as IEEE 754 rounds them (rtz and the directed modes away from
    infinity give the largest finite value)."""
    mant, emin, emax = FMT[fmt]
    q = Fraction(q)
    if q == 0:
        return 0.0
    sign = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    if Fraction(2) ** (e + 1) <= a:
        e += 1
    scale = Fraction(2) ** (max(e, emin) - mant + 1)
    m = a / scale
    fl = m.numerator // m.denominator
    up = mode == 'rtp' and sign > 0 or mode == 'rtn' and sign < 0
    if m == fl or mode == 'rtz' or mode in ('rtp', 'rtn') and not up:
        mi = fl
    elif mode != 'rte':
        mi = fl + 1
    else:
        d = m - fl
        mi = fl + 1 if d > Fraction(1, 2) or d == Fraction(1, 2) and fl % 2 else fl
    v = mi * scale
    top = (2 - Fraction(2) ** (1 - mant)) * Fraction(2) ** emax
    if v > top:
        away = mode == 'rte' or up
        return sign * (math.inf if away else float(top))
    return sign * float(v)


def rnd(x, double):
    """A Python float or rational rounded to float or double (to nearest even), infinities kept."""
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return x
    return round_frac(x, 'double' if double else 'float')


def to_bits(v, elem):
    code, bcode, _, _ = ELEM[elem]
    return struct.unpack('<' + bcode, struct.pack('<' + code, v))[0]


def from_bits(b, elem):
    code, bcode, _, _ = ELEM[elem]
    return struct.unpack('<' + code, struct.pack('<' + bcode, b))[0]


def frac_sqrt(q):
    """sqrt of a non-negative rational to about 2^-70 relative, as a rational."""
    q = Fraction(q)
    if q == 0:
        return Fraction(0)
    k = max(0, 80 - (q.numerator.bit_length() - q.denominator.bit_length()) // 2)
    return Fraction(math.isqrt(q.numerator * 4 ** k // q.denominator), 2 ** k)


# ---- comparisons: each returns True (accepted), False, or a string (a known library behaviour,
# counted and printed when wavesim shows it)

def same(g, w):
    """Exact: equal values, equal signs of zero, NaN for NaN."""
    if isinstance(w, float):
        if w != w:
            return g != g
        return g == w and (g != 0 or math.copysign(1, g) == math.copysign(1, w))
    return g == w


def any_zero(g, w):
    """Exact, except that a zero may have either sign."""
    return same(g, w) or (isinstance(w, float) and w == 0 and g == 0)


def ulps(bound, double, ftz=False):
    return lambda g, w: cb.within(g, w, bound, double, ftz)


def absolute(tol):
    return lambda g, w: (w != w and g != g) or (g == w) or abs(g - w) <= tol


class Kernel:
    """One generated kernel `NAME(__global const uchar *in, __global uchar *out, int n, int zero)`
    over n work-items (zero is 0, unknown to the compiler). Inputs are packed in one buffer and each
    result in its own region of another, as arrays of their (vector) type indexed by work-item, so
    the test code is the builtin call between a plain load and a plain store."""

    def __init__(self, name, n, head=''):
        self.name, self.n, self.head = name, n, head
        self.inb = bytearray()
        self.out_size = 0
        self.body = []
        self.decls = []      # statements before the range check (__local arrays, ids)
        self.globals = []    # program-scope declarations (__constant tables)
        self.checks = []     # (label, region, want, cmp, show, pocl_excuse)
        self.covered = set()  # (builtin, type) pairs

    def _place(self, data):
        off = -(-len(self.inb) // 128) * 128
        self.inb.extend(b'\0' * (off - len(self.inb)) + data)
        return off

    def input(self, elem, w, vals, raw=False):
        """Item i's value of type elem-w from VALS (n * w components, or bit patterns when RAW)."""
        code = ELEM[elem][1 if raw else 0]
        sl = slots(w)
        flat = []
        for i in range(self.n):
            flat += list(vals[i * w:(i + 1) * w]) + [0] * (sl - w)
        off = self._place(struct.pack('<%d%s' % (len(flat), code), *flat))
        return '((__global const %s *)(in + %d))[i]' % (vt(elem, w), off)

    def array(self, elem, vals, raw=False, space='__global const'):
        """A pointer to the flat array VALS."""
        code = ELEM[elem][1 if raw else 0]
        off = self._place(struct.pack('<%d%s' % (len(vals), code), *vals))
        return '((%s %s *)(in + %d))' % (space, elem, off)

    def region(self, elem, count, raw=False):
        """COUNT zeroed elements of the output buffer; returns (C pointer, region)."""
        off = -(-self.out_size // 128) * 128
        self.out_size = off + count * ELEM[elem][2]
        return '((__global %s *)(out + %d))' % (elem, off), (elem, off, count, raw, 1, 1)

    def result(self, elem, w, raw=False):
        """An output of type elem-w per work-item; returns (C lvalue, region)."""
        off = -(-self.out_size // 128) * 128
        self.out_size = off + self.n * slots(w) * ELEM[elem][2]
        return '((__global %s *)(out + %d))[i]' % (vt(elem, w), off), (elem, off, self.n * slots(w), raw, w, slots(w))

    def check(self, label, region, want, cmp, show=None, covers=None, pocl_excuse=None):
        """Every component of REGION must satisfy cmp(got, want[k]) (want[k] None: not checked).
        pocl_excuse(k): the name of a known PoCL defect that explains a wrong component k of PoCL's."""
        self.checks.append((label, region, want, cmp, show, pocl_excuse))
        self.covered.add(covers or label)

    def call(self, label, elem, w, expr, want, cmp, show=None, raw=False, covers=None, pocl_excuse=None):
        lv, reg = self.result(elem, w, raw)
        self.body.append('    %s = %s;' % (lv, expr))
        self.check(label, reg, want, cmp, show, covers, pocl_excuse)

    def source(self):
        return (self.head + ''.join(g + '\n' for g in self.globals) +
                '__kernel void %s(__global const uchar *in, __global uchar *out, int n, int zero)\n{\n'
                '    int i = get_global_id(0);\n' % self.name + ''.join('    %s\n' % d for d in self.decls) +
                '    if (i >= n) return;\n' + '\n'.join(self.body) + '\n}\n')

    def run(self, ctx):
        path = os.path.join(ctx.tmp, self.name + '.cl')
        open(path, 'w').write(self.source())
        inp = os.path.join(ctx.tmp, self.name + '-in.bin')
        open(inp, 'wb').write(bytes(self.inb) + b'\0' * 128)
        args = ['--arg', 'buf:' + inp, '--arg', 'zeros:%d' % max(self.out_size, 4), '--arg', 'i32:%d' % self.n,
                '--arg', 'i32:0']
        err, results = cb.run_everywhere(ctx.tool, ctx.pocl, path, self.name, self.n, args, 1, ctx.variants, ctx.tmp)
        if err:
            return [err]
        return self.verify(results, ctx)

    @staticmethod
    def decode(data, region):
        elem, off, count, raw, w, sl = region
        code = ELEM[elem][1 if raw else 0]
        vals = struct.unpack_from('<%d%s' % (count, code), data, off)
        if w != sl:
            vals = [v for k, v in enumerate(vals) if k % sl < w]
        return vals

    def verify(self, results, ctx):
        problems = []
        for who, data in results.items():
            for label, region, want, cmp, show, excuse in self.checks:
                got = self.decode(data, region)
                w = region[4]
                bad = []
                for k, (g, x) in enumerate(zip(got, want)):
                    if x is None:
                        continue
                    ctx.checked += 1
                    r = cmp(g, x)
                    if r is True:
                        continue
                    if isinstance(r, str):
                        if who != 'PoCL':
                            ctx.notes[r] += 1
                        continue
                    if who == 'PoCL' and excuse and excuse(k):
                        ctx.notes[excuse(k)] += 1
                        continue
                    bad.append(((k // w, k % w) if w > 1 else k, show[k] if show else None, g, x))
                if bad:
                    problems.append('%s %s: %d of %d wrong, first (item[, component], input, got, want) %r' % (
                        who, label, len(bad), len(want), bad[:3]))
        ctx.covered |= {(self.name,) + (c if isinstance(c, tuple) else (c,)) for c in self.covered}
        return problems


# ---- inputs

def fvals(rng, double, n, lo=None, hi=None, special=True, finite=False):
    """N float (or double) values: cl_builtins' special and random values, or uniform in [lo, hi]."""
    if lo is not None:
        v = [rng.uniform(lo, hi) for _ in range(n)]
        if special:
            v[:4] = [0.0, -0.0, lo, hi][:min(4, n)]
    else:
        v = cb.inputs(rng, double, n)
        if not special:
            v = v[29:] + [rng.uniform(-10, 10) for _ in range(29)]
    if finite:
        v = [x if math.isfinite(x) else rng.uniform(-10, 10) for x in v]
    return [x if double else cb.f32(x) for x in v]


def ivals(rng, elem, n):
    lo, hi = signed_range(elem)
    w = bits_of(elem)
    return cb.int_inputs(rng, w, lo < 0, n)


def spread(rng, vals):
    """VALS with its special values (at the front) scattered over the items."""
    vals = list(vals)
    rng.shuffle(vals)
    return vals


# ---- work-item functions

# (global, local, offset): the uniform shapes run on wavesim and PoCL at OpenCL C 1.2 and 2.0; the
# others (a partial group in some dimension) need 2.0 and run on wavesim only, checked against the
# reference alone (PoCL 3.1 has no non-uniform work-groups).
WI_SHAPES = [
    ((128,), (32,), (0,)), ((96,), (24,), (1000,)), ((16, 6), (8, 3), (5, 7)),
    ((4, 6, 4), (2, 3, 2), (1, 2, 3)), ((8, 1, 2), (8, 1, 1), (0, 0, 0)), ((64,), (64,), (2 ** 32 + 5,)),
    ((100,), (32,), (3,)), ((10, 7), (4, 3), (0, 9)), ((5, 6, 3), (2, 4, 2), (1, 0, 2)), ((70, 3), (64, 2), (0, 0)),
]
WI_FUNCS = ['get_global_id', 'get_global_size', 'get_global_offset', 'get_local_id', 'get_local_size',
            'get_group_id', 'get_num_groups']
WI_DIMS = (0, 1, 2, 3)   # 3 is outside every launch: OpenCL fixes the answer (0, or 1 for sizes and counts)


def wi_fields(cl2):
    fields = [('get_work_dim', None)]
    for d in WI_DIMS:
        for f in WI_FUNCS + (['get_enqueued_local_size'] if cl2 else []):
            fields.append((f, d))
            fields.append((f, 'rt%d' % d))   # the same dimension as a value the compiler does not know
    if cl2:
        fields += [('get_global_linear_id', None), ('get_local_linear_id', None)]
    return fields


def wi_source(cl2):
    lines = ['__kernel void wi(__global ulong *out, __global uint *counter, uint dbase)', '{',
             '    __global ulong *r = out + atomic_inc(counter) * %d;' % len(wi_fields(cl2))]
    for k, (f, d) in enumerate(wi_fields(cl2)):
        arg = '' if d is None else str(d) if isinstance(d, int) else 'dbase + %s' % d[2:]
        lines.append('    r[%d] = %s(%s);' % (k, f, arg))
    return '\n'.join(lines + ['}']) + '\n'


def wi_expected(shape, cl2, amd=False):
    """The sorted records of every work-item of SHAPE. AMD: get_local_linear_id as ockl (ROCm 5.2)
    computes it, with the enqueued work-group size (the code object's hidden_group_size_x/y) where
    OpenCL 2.0 says get_local_size, the actual size of a partial group."""
    g, l, o = shape
    dims = len(g)
    g3, l3, o3 = list(g) + [1] * (3 - dims), list(l) + [1] * (3 - dims), list(o) + [0] * (3 - dims)
    recs = []
    for z in range(g3[2]):
        for y in range(g3[1]):
            for x in range(g3[0]):
                gid = (x, y, z)
                grp = [gid[d] // l3[d] for d in range(3)]
                ngrp = [-(-g3[d] // l3[d]) for d in range(3)]
                lsz = [l3[d] if grp[d] < g3[d] // l3[d] else g3[d] % l3[d] for d in range(3)]
                lid = [gid[d] % l3[d] for d in range(3)]
                vals = {'get_global_id': [o3[d] + gid[d] for d in range(3)] + [0],
                        'get_global_size': g3 + [1], 'get_global_offset': o3 + [0], 'get_local_id': lid + [0],
                        'get_local_size': lsz + [1], 'get_group_id': grp + [0], 'get_num_groups': ngrp + [1],
                        'get_enqueued_local_size': l3 + [1]}
                rec = []
                for f, d in wi_fields(cl2):
                    if f == 'get_work_dim':
                        rec.append(dims)
                    elif f == 'get_global_linear_id':
                        rec.append(x + y * g3[0] + z * g3[0] * g3[1])
                    elif f == 'get_local_linear_id':
                        sz = l3 if amd else lsz
                        rec.append(lid[0] + lid[1] * sz[0] + lid[2] * sz[0] * sz[1])
                    else:
                        rec.append(vals[f][d if isinstance(d, int) else int(d[2:])])
                recs.append(tuple(rec))
    return sorted(recs)


def family_workitem(ctx, rng):
    """Every work-item function in 1-3 dimensions with global offsets (one above 2^32) and dimension
    3, outside any launch, whose answer OpenCL fixes; constant and run-time dimension indices;
    compiled as OpenCL C 1.2 (uniform groups) and 2.0 (with get_enqueued_local_size and the linear
    ids), the 2.0 build also on partial work-groups (wavesim only). Each work-item writes its record
    to a slot it takes with atomic_inc, so the check is on the set of records: every work-item exactly
    once with the values OpenCL defines (exact)."""
    problems = []
    for cl2 in (False, True):
        path = os.path.join(ctx.tmp, 'wi%d.cl' % (20 if cl2 else 12))
        open(path, 'w').write(wi_source(cl2))
        nf = len(wi_fields(cl2))
        launches, wants = [], []
        for shape in WI_SHAPES:
            g, l, o = shape
            uniform = all(a % b == 0 for a, b in zip(g, l))
            if not uniform and not cl2:
                continue
            total = math.prod(g)
            launches.append({'kernel': 'wi', 'glob': ','.join(map(str, g)), 'local': ','.join(map(str, l)),
                             'offset': ','.join(map(str, o)), 'dumps': [0, 1], 'pocl': uniform,
                             'args': ['--arg', 'zeros:%d' % (8 * nf * total), '--arg', 'zeros:4', '--arg', 'u32:0']})
            wants.append((shape, wi_expected(shape, cl2), wi_expected(shape, cl2, True)))
        # (wavesim cc compiles as OpenCL C 2.0 unless told otherwise; 1.2 lets clang assume uniform groups)
        opts = ['-cl-std=CL2.0'] if cl2 else ['-cl-std=CL1.2']
        err, results = cb.run_launches(ctx.tool, ctx.pocl, path, launches, ctx.variants, ctx.tmp, opts,
                                       '-cl-std=CL2.0' if cl2 else None)
        if err:
            problems.append(err)
            continue
        fields = wi_fields(cl2)
        # PoCL 3.1 answers 0, not 1, for the sizes and group counts of a dimension index >= 3
        # (OpenCL 3.0 6.15.1 says 1): those fields are not compared for PoCL
        pocl_skip = [k for k, (f, d) in enumerate(fields) if d in (3, 'rt3')]
        for who, runs in results.items():
            for run, (shape, want, amd) in zip(runs, wants):
                if run is None:
                    continue
                raw, counter = run
                total = len(want)
                cnt = struct.unpack('<I', counter)[0]
                recs = sorted(struct.unpack_from('<%dQ' % nf, raw, k * nf * 8) for k in range(total))
                if who == 'PoCL':
                    mask = lambda r: tuple(0 if k in pocl_skip else v for k, v in enumerate(r))
                    recs, want = sorted(map(mask, recs)), sorted(map(mask, want))
                    ctx.checked += total * (nf - len(pocl_skip))
                else:
                    ctx.checked += total * nf
                    if recs != want and recs == amd:
                        ctx.notes['local_linear_id'] += sum(a != b for a, b in zip(want, amd))
                        want = amd
                if cnt != total or recs != want:
                    extra = sorted(set(recs) - set(want))
                    missing = sorted(set(want) - set(recs))
                    diff = ''
                    if extra and missing:
                        diff = ', '.join('%s(%s)=%d not %d' % (f, d, a, b) for (f, d), a, b in
                                         zip(fields, extra[0], missing[0]) if a != b)
                    problems.append('%s work-items (CL%s) global %r local %r offset %r: counter %d of %d, %d records '
                                    'wrong, first: %s' % (who, '2.0' if cl2 else '1.2', *shape, cnt, total,
                                                          len(missing), diff))
        for f, d in fields:
            ctx.covered.add(('workitem', f, 'CL2.0' if cl2 else 'CL1.2'))
    return problems


# ---- common functions

def family_common(ctx, rng):
    """clamp, degrees, max, min, mix, radians, step, smoothstep, sign on float and double, scalar and
    every vector width, with the scalar-argument forms. Exact where OpenCL defines the result (clamp,
    max, min, step, sign; zero signs of max/min free); degrees and radians 2 ulp; mix 1e-3 and
    smoothstep 1e-5 absolute (OpenCL 3.0 7.4; implementation-defined for double, checked at the same
    tolerance). max/min inputs are finite (OpenCL leaves infinities and NaN undefined); mix and
    smoothstep get finite inputs of moderate size, a in [0, 1] and edge0 < edge1."""
    n = ctx.n
    problems = []
    for double in (False, True):
        t = 'double' if double else 'float'
        k = Kernel('common_' + t, n, FP64 if double else '')
        for w in WIDTHS:
            m = n * w
            ty = vt(t, w)
            x = spread(rng, fvals(rng, double, m))
            lo = fvals(rng, double, m, finite=True)
            hi = fvals(rng, double, m, finite=True)
            lo, hi = [min(a, b) for a, b in zip(lo, hi)], [max(a, b) for a, b in zip(lo, hi)]
            X, LO, HI = k.input(t, w, x), k.input(t, w, lo), k.input(t, w, hi)
            # clamp = fmin(fmax(x, lo), hi): a NaN x gives lo
            k.call('clamp(%s)' % ty, t, w, 'clamp(%s, %s, %s)' % (X, LO, HI),
                   [l_ if x_ != x_ else min(max(x_, l_), h_) for x_, l_, h_ in zip(x, lo, hi)], any_zero,
                   list(zip(x, lo, hi)))
            if w > 1:
                ls, hs = lo[::w], hi[::w]
                Ls, Hs = k.input(t, 1, ls), k.input(t, 1, hs)
                k.call('clamp(%s, %s, %s)' % (ty, t, t), t, w, 'clamp(%s, %s, %s)' % (X, Ls, Hs),
                       [ls[j // w] if x_ != x_ else min(max(x_, ls[j // w]), hs[j // w]) for j, x_ in enumerate(x)],
                       any_zero)
            for name, c in (('degrees', Fraction(180) / PI), ('radians', PI / 180)):
                want = [x_ if not math.isfinite(x_) else rnd(Fraction(x_) * c, double) for x_ in x]
                k.call('%s(%s)' % (name, ty), t, w, '%s(%s)' % (name, X), want, ulps(2, double), x)
            # max/min: y if x < y else x (finite inputs)
            a = fvals(rng, double, m, finite=True)
            b = spread(rng, fvals(rng, double, m, finite=True))
            A, B = k.input(t, w, a), k.input(t, w, b)
            k.call('max(%s)' % ty, t, w, 'max(%s, %s)' % (A, B), [y if x_ < y else x_ for x_, y in zip(a, b)], any_zero,
                   list(zip(a, b)))
            k.call('min(%s)' % ty, t, w, 'min(%s, %s)' % (A, B), [y if y < x_ else x_ for x_, y in zip(a, b)], any_zero,
                   list(zip(a, b)))
            if w > 1:
                bs = b[::w]
                Bs = k.input(t, 1, bs)
                k.call('max(%s, %s)' % (ty, t), t, w, 'max(%s, %s)' % (A, Bs),
                       [bs[j // w] if x_ < bs[j // w] else x_ for j, x_ in enumerate(a)], any_zero)
                k.call('min(%s, %s)' % (ty, t), t, w, 'min(%s, %s)' % (A, Bs),
                       [bs[j // w] if bs[j // w] < x_ else x_ for j, x_ in enumerate(a)], any_zero)
            # mix(x, y, a) = x + (y - x) * a
            mx = fvals(rng, double, m, -1000, 1000)
            my = fvals(rng, double, m, -1000, 1000)
            ma = fvals(rng, double, m, 0.0, 1.0)
            MX, MY, MA = k.input(t, w, mx), k.input(t, w, my), k.input(t, w, ma)
            k.call('mix(%s)' % ty, t, w, 'mix(%s, %s, %s)' % (MX, MY, MA),
                   [float(Fraction(p) + (Fraction(q) - Fraction(p)) * Fraction(r)) for p, q, r in zip(mx, my, ma)],
                   absolute(1e-3), list(zip(mx, my, ma)))
            if w > 1:
                mas = ma[::w]
                MAs = k.input(t, 1, mas)
                k.call('mix(%s, %s, %s)' % (ty, ty, t), t, w, 'mix(%s, %s, %s)' % (MX, MY, MAs),
                       [float(Fraction(p) + (Fraction(q) - Fraction(p)) * Fraction(mas[j // w]))
                        for j, (p, q) in enumerate(zip(mx, my))], absolute(1e-3))
            # step(edge, x): 0 if x < edge else 1 (so 1 for a NaN)
            e = spread(rng, fvals(rng, double, m))
            E = k.input(t, w, e)
            k.call('step(%s)' % ty, t, w, 'step(%s, %s)' % (E, X), [0.0 if x_ < e_ else 1.0 for e_, x_ in zip(e, x)],
                   same, list(zip(e, x)))
            if w > 1:
                es = e[::w]
                Es = k.input(t, 1, es)
                k.call('step(%s, %s)' % (t, ty), t, w, 'step(%s, %s)' % (Es, X),
                       [0.0 if x_ < es[j // w] else 1.0 for j, x_ in enumerate(x)], same)
            # smoothstep(e0, e1, x): t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t)
            e0 = fvals(rng, double, m, -100, 100)
            e1 = [p + abs(q) + 0.5 for p, q in zip(e0, fvals(rng, double, m, -100, 100))]
            e1 = [rnd(v, double) for v in e1]
            sx = fvals(rng, double, m, -150, 150)
            sx[:3] = [math.inf, -math.inf, 0.0][:min(3, m)]
            E0, E1, SX = k.input(t, w, e0), k.input(t, w, e1), k.input(t, w, sx)

            def smooth(p, q, v):
                if math.isinf(v):
                    return 1.0 if v > 0 else 0.0
                tt = min(max((Fraction(v) - Fraction(p)) / (Fraction(q) - Fraction(p)), Fraction(0)), Fraction(1))
                return float(tt * tt * (3 - 2 * tt))
            k.call('smoothstep(%s)' % ty, t, w, 'smoothstep(%s, %s, %s)' % (E0, E1, SX),
                   [smooth(p, q, v) for p, q, v in zip(e0, e1, sx)], absolute(1e-5), list(zip(e0, e1, sx)))
            if w > 1:
                e0s, e1s = e0[::w], e1[::w]
                E0s, E1s = k.input(t, 1, e0s), k.input(t, 1, e1s)
                k.call('smoothstep(%s, %s, %s)' % (t, t, ty), t, w, 'smoothstep(%s, %s, %s)' % (E0s, E1s, SX),
                       [smooth(e0s[j // w], e1s[j // w], v) for j, v in enumerate(sx)], absolute(1e-5))
            # sign: 1, -1, the zero itself, 0 for NaN
            k.call('sign(%s)' % ty, t, w, 'sign(%s)' % X,
                   [0.0 if x_ != x_ else x_ if x_ == 0 else math.copysign(1.0, x_) for x_ in x], same, x)
        problems += k.run(ctx)
    return problems



# ---- geometric functions

def geo_vectors(rng, double, n, w, classes):
    """N vectors of W components, each drawn from one of CLASSES: 'mid' (uniform in [-100, 100]),
    'wide' (every component in its own binade, 2^-30..2^30), 'big' and 'tiny' (all near 1e30 or 1e-30,
    1e300 or 1e-300 for double: their squares overflow or underflow), 'special' (zeros, an infinity,
    a NaN, denormals)."""
    big, tiny = (1e300, 1e-300) if double else (1e30, 1e-30)
    den = 5e-324 if double else 1.4e-45
    specials = [[0.0] * w, [-0.0] * w, [math.inf] + [1.0] * (w - 1), [2.0] * (w - 1) + [-math.inf],
                [math.nan] + [1.0] * (w - 1), [den * 3] + [0.0] * (w - 1), [den] * w]
    out = []
    for i in range(n):
        c = classes[i % len(classes)]
        if c == 'special':
            v = specials[(i // len(classes)) % len(specials)]
        elif c == 'mid':
            v = [rng.uniform(-100, 100) for _ in range(w)]
        elif c == 'wide':
            v = [math.copysign(2.0 ** rng.uniform(-30, 30), rng.choice((-1, 1))) for _ in range(w)]
        else:
            v = [(big if c == 'big' else tiny) * rng.uniform(0.5, 2) * rng.choice((-1, 1)) for _ in range(w)]
        out += [x if double else cb.f32(x) for x in v]
    return out


def family_geometric(ctx, rng):
    """dot, cross, distance, length, normalize (float and double, 1-4 components; cross 3 and 4) and
    fast_distance, fast_length, fast_normalize (float), against exact rationals: dot within
    max*max*(2n-1)*EPSILON and cross within max*max*3*EPSILON absolute (max: the largest input
    magnitude); length 2.75+0.5n (double 5.5+n), distance 2.5+2n (5.5+2n), normalize 2+n (4.5+n) ulp;
    the fast_ forms 8192 ulp on inputs whose sum of squares stays in range (OpenCL 3.0 7.4 and 6.15.6).
    Infinities and NaN as OpenCL 6.15.6 specifies (normalize), or IEEE arithmetic gives (dot, length)."""
    n = ctx.n
    problems = []
    for double in (False, True):
        t = 'double' if double else 'float'
        eps = 2.0 ** (-52 if double else -23)
        k = Kernel('geometric_' + t, n, FP64 if double else '')
        for w in (1, 2, 3, 4):
            ty = vt(t, w)
            grp = lambda v, i: v[i * w:(i + 1) * w]
            a = geo_vectors(rng, double, n, w, ['mid', 'wide', 'mid', 'special'])
            b = geo_vectors(rng, double, n, w, ['wide', 'mid', 'mid', 'mid'])
            A, B = k.input(t, w, a), k.input(t, w, b)

            def dot_want(p, q):
                if not all(map(math.isfinite, p + q)):
                    return sum(x * y for x, y in zip(p, q))   # IEEE: NaN, or the infinity
                return sum(Fraction(x) * Fraction(y) for x, y in zip(p, q))

            def dot_cmp(g, x):
                want, tol = x
                if isinstance(want, float):
                    return same(g, want)
                return math.isfinite(g) and abs(Fraction(g) - want) <= tol
            wants = []
            for i in range(n):
                p, q = grp(a, i), grp(b, i)
                m = max(map(abs, p + q)) if all(map(math.isfinite, p + q)) else 0
                wants.append((dot_want(p, q), Fraction(m) * Fraction(m) * (2 * w - 1) * Fraction(eps)))
            k.call('dot(%s)' % ty, t, 1, 'dot(%s, %s)' % (A, B), wants, dot_cmp,
                   [(grp(a, i), grp(b, i)) for i in range(n)])
            if w >= 3:
                ca = geo_vectors(rng, double, n, w, ['mid', 'wide'])
                cb_ = geo_vectors(rng, double, n, w, ['wide', 'mid'])
                CA, CB = k.input(t, w, ca), k.input(t, w, cb_)
                wants = []
                for i in range(n):
                    p, q = [Fraction(x) for x in grp(ca, i)], [Fraction(x) for x in grp(cb_, i)]
                    m = max(map(abs, p[:3] + q[:3]))
                    tol = m * m * 3 * Fraction(eps)
                    cr = [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]
                    wants += [(c, tol) for c in cr] + ([(0.0, 0)] if w == 4 else [])
                k.call('cross(%s)' % ty, t, w, 'cross(%s, %s)' % (CA, CB), wants, dot_cmp)
            # length, distance, normalize over every class
            la = geo_vectors(rng, double, n, w, ['mid', 'wide', 'big', 'tiny', 'special', 'mid'])
            lb = geo_vectors(rng, double, n, w, ['mid', 'big', 'mid', 'tiny', 'mid', 'wide'])
            LA, LB = k.input(t, w, la), k.input(t, w, lb)

            def length(v):
                if any(math.isinf(x) for x in v):
                    return math.inf
                if any(x != x for x in v):
                    return math.nan
                return float(frac_sqrt(sum(Fraction(x) ** 2 for x in v)))
            bl, bd, bn = (5.5 + w, 5.5 + 2 * w, 4.5 + w) if double else (2.75 + 0.5 * w, 2.5 + 2 * w, 2 + w)
            k.call('length(%s)' % ty, t, 1, 'length(%s)' % LA, [length(grp(la, i)) for i in range(n)],
                   ulps(bl, double), [grp(la, i) for i in range(n)])
            diffs = []
            for i in range(n):
                p, q = grp(la, i), grp(lb, i)
                if all(map(math.isfinite, p + q)):
                    d = float(frac_sqrt(sum((Fraction(x) - Fraction(y)) ** 2 for x, y in zip(p, q))))
                else:
                    d = length([x - y for x, y in zip(p, q)])
                diffs.append(d)
            k.call('distance(%s)' % ty, t, 1, 'distance(%s, %s)' % (LA, LB), diffs, ulps(bd, double),
                   [(grp(la, i), grp(lb, i)) for i in range(n)])

            def normalize(v):
                if all(x == 0 for x in v):
                    return [(x, 'same') for x in v]
                if any(x != x for x in v):
                    return [(math.nan, 0)] * w
                if any(math.isinf(x) for x in v):
                    v = [math.copysign(1.0, x) if math.isinf(x) else 0.0 * x for x in v]
                r = frac_sqrt(sum(Fraction(x) ** 2 for x in v))
                return [(float(Fraction(x) / r), 0) for x in v]
            norm_ulps = ulps(bn, double)

            def norm_cmp(g, x, w=w, norm_ulps=norm_ulps):
                if x[1] == 'same':
                    return same(g, x[0])
                if w == 1 and x[0] != x[0] and g == 0:
                    return 'normalize_nan'
                return norm_ulps(g, x[0])
            k.call('normalize(%s)' % ty, t, w, 'normalize(%s)' % LA, sum((normalize(grp(la, i)) for i in range(n)), []),
                   norm_cmp, la)
            if not double:
                fa = geo_vectors(rng, double, n, w, ['mid', 'wide'])
                fb = geo_vectors(rng, double, n, w, ['wide', 'mid'])
                FA, FB = k.input(t, w, fa), k.input(t, w, fb)
                fast = ulps(8192, False)
                k.call('fast_length(%s)' % ty, t, 1, 'fast_length(%s)' % FA, [length(grp(fa, i)) for i in range(n)],
                       fast, [grp(fa, i) for i in range(n)])
                k.call('fast_distance(%s)' % ty, t, 1, 'fast_distance(%s, %s)' % (FA, FB),
                       [float(frac_sqrt(sum((Fraction(x) - Fraction(y)) ** 2 for x, y in zip(grp(fa, i), grp(fb, i)))))
                        for i in range(n)], fast, [(grp(fa, i), grp(fb, i)) for i in range(n)])
                fz = list(fa)
                fz[:w] = [0.0] * w
                FZ = k.input(t, w, fz)
                k.call('fast_normalize(%s)' % ty, t, w, 'fast_normalize(%s)' % FZ,
                       sum((normalize(grp(fz, i)) for i in range(n)), []),
                       lambda g, x: same(g, x[0]) if x[1] == 'same' else fast(g, x[0]), fz)
        problems += k.run(ctx)
    return problems


# ---- relational functions

REL_BINARY = [('isequal', lambda x, y: x == y), ('isnotequal', lambda x, y: x != y),
              ('isgreater', lambda x, y: x > y), ('isgreaterequal', lambda x, y: x >= y),
              ('isless', lambda x, y: x < y), ('islessequal', lambda x, y: x <= y),
              ('islessgreater', lambda x, y: x < y or x > y), ('isordered', lambda x, y: x == x and y == y),
              ('isunordered', lambda x, y: x != x or y != y)]
REL_UNARY = [('isfinite', math.isfinite), ('isinf', math.isinf), ('isnan', math.isnan),
             ('isnormal', None), ('signbit', lambda x: math.copysign(1, x) < 0)]


def rel_floats(rng, double, m):
    den, mn, mx = (5e-324, 2.2250738585072014e-308, 1.7976931348623157e308) if double else \
        (1.401298464324817e-45, 1.1754943508222875e-38, 3.4028234663852886e38)
    pool = [0.0, -0.0, math.inf, -math.inf, math.nan, -math.nan, den, -den, mn, -mn, mn - den if double else
            cb.f32(mn - den), mx, -mx, 1.0, -1.0]
    v = [rng.choice(pool) if rng.random() < 0.5 else math.copysign(2.0 ** rng.uniform(-140, 127), rng.choice((-1, 1)))
         for _ in range(m)]
    return [x if double else cb.f32(x) for x in v]


def family_relational(ctx, rng):
    """The comparison and classification builtins on float and double (every width; scalar results
    1/0 as int, vector results -1/0 as intn or longn), any and all on the signed integer types (the
    top bit), bitselect and select on every element type and width (select: a scalar condition is
    tested for non-zero, a vector condition's top bit; signed and unsigned conditions in turn). Exact."""
    n = ctx.n
    problems = []
    for double in (False, True):
        t = 'double' if double else 'float'
        k = Kernel('relational_' + t, n, FP64 if double else '')
        for w in WIDTHS:
            m = n * w
            ty = vt(t, w)
            x = rel_floats(rng, double, m)
            y = [a if rng.random() < 0.3 else b for a, b in zip(x, rel_floats(rng, double, m))]
            X, Y = k.input(t, w, x), k.input(t, w, y)
            rt = 'int' if w == 1 or not double else 'long'
            true = 1 if w == 1 else -1
            mn = 2.2250738585072014e-308 if double else 1.1754943508222875e-38
            for name, fn in REL_BINARY:
                k.call('%s(%s)' % (name, ty), rt, w, '%s(%s, %s)' % (name, X, Y),
                       [true if fn(a, b) else 0 for a, b in zip(x, y)], same, list(zip(x, y)))
            for name, fn in REL_UNARY:
                if fn is None:
                    fn = lambda v: math.isfinite(v) and abs(v) >= mn
                k.call('%s(%s)' % (name, ty), rt, w, '%s(%s)' % (name, X), [true if fn(a) else 0 for a in x], same, x)
        problems += k.run(ctx)
    k = Kernel('relational_int', n, FP64)
    for e in INTS + ['float', 'double']:
        for w in WIDTHS:
            m = n * w
            ty = vt(e, w)
            nb = ELEM[e][2] * 8
            if e in ('char', 'short', 'int', 'long'):
                # the top bit set in about one component in 2w, so any and all see both answers
                v = [rng.randrange(2 ** (nb - 1)) + (2 ** (nb - 1) if rng.random() < 1 / (2 * w) else 0)
                     for _ in range(m)]
                v = [rng.randrange(2 ** (nb - 1), 2 ** nb) if i // w % 5 == 0 else c for i, c in enumerate(v)]
                V = k.input(e, w, v, raw=True)
                tops = [[c >> (nb - 1) for c in v[i * w:(i + 1) * w]] for i in range(n)]
                k.call('any(%s)' % ty, 'int', 1, 'any(%s)' % V, [int(any(tp)) for tp in tops], same)
                k.call('all(%s)' % ty, 'int', 1, 'all(%s)' % V, [int(all(tp)) for tp in tops], same)
            a, b, c = ([rng.randrange(2 ** nb) for _ in range(m)] for _ in range(3))
            A, B, C = k.input(e, w, a, raw=True), k.input(e, w, b, raw=True), k.input(e, w, c, raw=True)
            k.call('bitselect(%s)' % ty, e, w, 'bitselect(%s, %s, %s)' % (A, B, C),
                   [(p & ~s_) | (q & s_) for p, q, s_ in zip(a, b, c)], same, raw=True)
            it = {1: 'char', 2: 'short', 4: 'int', 8: 'long'}[ELEM[e][2]]
            for cs in ((it, 'u' + it)[(w + len(e)) % 2],):  # signed and unsigned conditions in turn
                # conditions: zero, the top bit alone, low bits alone, all ones
                cond = [rng.choice((0, 1, 2 ** (nb - 1), 2 ** nb - 1, rng.randrange(2 ** nb))) for _ in range(m)]
                CC = k.input(cs, w, cond, raw=True)
                pick = (lambda v: v != 0) if w == 1 else (lambda v: v >> (nb - 1))
                k.call('select(%s, %s)' % (ty, vt(cs, w)), e, w, 'select(%s, %s, %s)' % (A, B, CC),
                       [q if pick(s_) else p for p, q, s_ in zip(a, b, cond)], same, raw=True)
    problems += k.run(ctx)
    return problems



# ---- math builtins on vector types, and the ones cl_builtins.py does not call

KS = (0, 1, -1, 2, -2, 3, 5, -7, 12, 100, -100, 1000, -1000)


def math_widths(j, double, full):
    """The vector widths function number J runs at: all of float2/4/8/16 and double2/4 with FULL,
    else one float and one double width in turn (every width gets a quarter or a half of the
    functions; compile time at -O3 grows with the components)."""
    ws = (2, 4) if double else (2, 4, 8, 16)
    return ws if full else (ws[j % len(ws)],)


def pocl_trig(a, w):
    """PoCL 3.1's float vector sin, cos, tan and sincos are wrong in the lanes of small magnitude when
    another lane of the vector is large: sin((float2)(1e15f, 1e-20f)).y is 0.0115 (1e-20 when the other
    lane is 1e6). Such lanes (|x| < 0.01 beside a lane of at least 1e6) are not held against PoCL."""
    if w == 1:
        return None

    def excuse(k):
        lanes = a[k // w * w:(k // w + 1) * w]
        if abs(a[k]) < 0.01 and any(abs(x) >= 1e6 for x in lanes):
            return 'pocl_vector_trig'
        return None
    return excuse


def fma_ref(a, b, c, fmt):
    if not all(map(math.isfinite, (a, b, c))):
        return a * b + c if not (math.isinf(a) or math.isinf(b)) or (a != 0 and b != 0) else math.nan
    q = Fraction(a) * Fraction(b) + Fraction(c)
    if q == 0:
        neg = (a == 0 or b == 0) and c == 0 and math.copysign(1, c) < 0 and \
            (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
        return -0.0 if neg else 0.0
    return round_frac(q, fmt)


def family_mathvec(ctx, rng):
    """Every math builtin of cl_builtins.py (39 unary, 14 binary, ldexp/pown/rootn) on vector types,
    with the scalar-argument forms fmax, fmin (gentype, scalar) and ldexp(floatn, int), against the
    same references and ulp bounds as there. Then, scalar and vector, the math builtins it lacks:
    fma (correctly rounded), mad (either the fused or the unfused result: OpenCL leaves its accuracy to
    the implementation), fract, frexp, ilogb, modf (exact, OpenCL 7.5.1 special values; fract/modf
    write their second result through private and global pointers), nan (a NaN), remquo (the
    remainder exact, the quotient's sign and its low 7 bits), sincos (4 ulp each), lgamma and
    lgamma_r (accuracy undefined in OpenCL: checked within 2^-12 * max(1, |result|), and the sign)."""
    n = ctx.n
    problems = []
    table = [(e, 1) for e in cb.F_UNARY] + [(e, 2) for e in cb.F_BINARY] + [(e, 3) for e in cb.F_INT]
    for double in (False, True):
        t = 'double' if double else 'float'
        fmt = t
        k = Kernel('mathvec_' + t, n, FP64 if double else '')
        for j, ((name, bf, bd, fn), arity) in enumerate(table):
            bound = bd if double else bf
            for w in math_widths(j, double, ctx.full):
                m = n * w
                ty = vt(t, w)
                a = spread(rng, fvals(rng, double, m))
                args = [(x,) for x in a]
                call = '%s(%s' % (name, k.input(t, w, a))
                if arity == 2:
                    b = spread(rng, fvals(rng, double, m))
                    args = list(zip(a, b))
                    call += ', ' + k.input(t, w, b)
                elif arity == 3:
                    ks = [rng.choice(KS) for _ in range(m)]
                    args = list(zip(a, ks))
                    call += ', ' + k.input('int', w, ks)
                want = [(x, cb.math_expected(name, fn, x, double, bound)) for x in args]
                judge = (lambda nm, bo: lambda g, x: cb.math_judge(nm, x[0], g, x[1], bo, double))(name, bound)
                k.call('%s(%s)' % (name, ty), t, w, call + ')', want, judge,
                       pocl_excuse=pocl_trig(a, w) if name in ('sin', 'cos', 'tan') and not double else None)
                if name in ('fmax', 'fmin', 'ldexp'):
                    # the forms with a scalar second argument
                    st = 'int' if name == 'ldexp' else t
                    sv = [x[1] for x in args[::w]]
                    sargs = [(x[0], sv[i // w]) for i, x in enumerate(args)]
                    want = [(x, cb.math_expected(name, fn, x, double, bound)) for x in sargs]
                    k.call('%s(%s, %s)' % (name, ty, st), t, w, '%s(%s, %s)' % (name, k.input(t, w, a),
                                                                               k.input(st, 1, sv)), want, judge)
        newwidths = (1, 4) if double else (1, 3, 16)
        ulp4 = ulps(4, double)
        for w in newwidths:
            m = n * w
            ty = vt(t, w)
            it = vt('long' if double else 'int', w)
            a, b, c = (spread(rng, fvals(rng, double, m)) for _ in range(3))
            # cancellations for fma and mad: c near -a*b
            for j in range(0, m, 3):
                c[j] = rnd(-a[j] * b[j] * rng.choice((1, 1 + 2.0 ** -20, 1 - 2.0 ** -30)), double) \
                    if math.isfinite(a[j] * b[j]) else c[j]
            A, B, C = k.input(t, w, a), k.input(t, w, b), k.input(t, w, c)
            k.call('fma(%s)' % ty, t, w, 'fma(%s, %s, %s)' % (A, B, C), [fma_ref(*x, fmt) for x in zip(a, b, c)], same,
                   list(zip(a, b, c)))

            def mad_want(p, q, r):
                prod = rnd(Fraction(p) * Fraction(q), double) if math.isfinite(p) and math.isfinite(q) else p * q
                return fma_ref(p, q, r, fmt), fma_ref(prod, 1.0, r, fmt) if math.isfinite(prod) else prod + r
            k.call('mad(%s)' % ty, t, w, 'mad(%s, %s, %s)' % (A, B, C), [mad_want(*x) for x in zip(a, b, c)],
                   lambda g, x: any_zero(g, x[0]) or any_zero(g, x[1]), list(zip(a, b, c)))
            one_less = 1 - 2.0 ** (-53 if double else -24)
            lv_r, reg_r = k.result(t, w)
            lv_i, reg_i = k.result(t, w)
            # the second result through a private pointer at odd widths, straight into global memory at others
            if w % 2:
                k.body.append('    { %s ip_; %s = fract(%s, &ip_); %s = ip_; }' % (ty, lv_r, A, lv_i))
            else:
                k.body.append('    %s = fract(%s, &%s);' % (lv_r, A, lv_i))
            fr = []
            for x in a:
                if x != x:
                    fr.append((math.nan, math.nan))
                elif math.isinf(x):
                    fr.append((math.copysign(0.0, x), x))
                else:
                    fl = float(math.floor(x)) if x != 0 else x
                    fr.append((min(rnd(Fraction(x) - Fraction(fl), double), one_less), fl))
            k.check('fract(%s)' % ty, reg_r, [v[0] for v in fr], any_zero, a)
            k.check('fract(%s) iptr' % ty, reg_i, [v[1] for v in fr], same, a, covers='fract(%s)' % ty)
            lv_r, reg_r = k.result(t, w)
            lv_i, reg_i = k.result(t, w)
            if w % 2:
                k.body.append('    { %s ip_; %s = modf(%s, &ip_); %s = ip_; }' % (ty, lv_r, A, lv_i))
            else:
                k.body.append('    %s = modf(%s, &%s);' % (lv_r, A, lv_i))
            mf = [(x, x) if x != x else (math.copysign(0.0, x), x) if math.isinf(x) else
                  (math.copysign(float(Fraction(x) - math.trunc(x)), x), math.copysign(float(math.trunc(x)), x))
                  for x in a]
            k.check('modf(%s)' % ty, reg_r, [v[0] for v in mf], same, a)
            k.check('modf(%s) iptr' % ty, reg_i, [v[1] for v in mf], same, a, covers='modf(%s)' % ty)
            lv_r, reg_r = k.result(t, w)
            lv_e, reg_e = k.result('int', w)
            k.body.append('    { %s e_; %s = frexp(%s, &e_); %s = e_; }' % (vt('int', w), lv_r, A, lv_e))
            k.check('frexp(%s)' % ty, reg_r, [math.frexp(x)[0] if math.isfinite(x) else x for x in a], same, a)
            k.check('frexp(%s) exponent' % ty, reg_e, [math.frexp(x)[1] if math.isfinite(x) else None for x in a],
                    same, a, covers='frexp(%s)' % ty)
            k.call('ilogb(%s)' % ty, 'int', w, 'ilogb(%s)' % A,
                   [-2 ** 31 if x == 0 else 2 ** 31 - 1 if not math.isfinite(x) else math.frexp(x)[1] - 1 for x in a],
                   same, a)
            codes = [rng.choice((0, 1, 0x12345, rng.randrange(2 ** 32))) for _ in range(m)]
            k.call('nan(%s)' % vt('ulong' if double else 'uint', w), t, w,
                   'nan(%s)' % k.input('ulong' if double else 'uint', w, codes), [math.nan] * m, same)
            # remquo
            lv_r, reg_r = k.result(t, w)
            lv_q, reg_q = k.result('int', w)
            k.body.append('    { %s q_; %s = remquo(%s, %s, &q_); %s = q_; }' % (vt('int', w), lv_r, A, B, lv_q))
            rem = [cb.math_expected('remainder', math.remainder, (x, y), double, 0) for x, y in zip(a, b)]
            k.check('remquo(%s)' % ty, reg_r, rem, same, list(zip(a, b)))

            def quo_want(x, y, r):
                if r is None or r != r:
                    return None
                if math.isinf(y):
                    return (0, 1)
                qt = Fraction(x) / Fraction(y)
                nq = round(qt)  # Fraction rounds half to even
                return (abs(nq) % 128, -1 if qt < 0 else 1)
            k.check('remquo(%s) quo' % ty, reg_q, [quo_want(x, y, r) for x, y, r in zip(a, b, rem)],
                    lambda g, x: abs(g) % 128 == x[0] and g * x[1] >= 0, list(zip(a, b)), covers='remquo(%s)' % ty)
            lv_s, reg_s = k.result(t, w)
            lv_c, reg_c = k.result(t, w)
            if w % 2:
                k.body.append('    { %s c_; %s = sincos(%s, &c_); %s = c_; }' % (ty, lv_s, A, lv_c))
            else:
                k.body.append('    %s = sincos(%s, &%s);' % (lv_s, A, lv_c))
            excuse = pocl_trig(a, w) if not double else None
            k.check('sincos(%s) sin' % ty, reg_s, [cb.math_expected('sin', math.sin, (x,), double, 4) for x in a], ulp4,
                    a, covers='sincos(%s)' % ty, pocl_excuse=excuse)
            k.check('sincos(%s) cos' % ty, reg_c, [cb.math_expected('cos', math.cos, (x,), double, 4) for x in a], ulp4,
                    a, covers='sincos(%s)' % ty, pocl_excuse=excuse)
            # lgamma, lgamma_r
            g_in = [x if rng.random() < 0.5 else rnd(rng.uniform(-30, 30), double) for x in a]
            G = k.input(t, w, g_in)

            def lgamma_want(x):
                if x != x:
                    return math.nan
                if math.isinf(x) or x <= 0 and x == math.floor(x):
                    return math.inf
                try:
                    v = math.lgamma(x)
                except OverflowError:
                    return math.inf
                return v if double or abs(v) < 3.4028235677973366e38 else math.inf

            def lgamma_cmp(g, x):
                if x != x or math.isinf(x):
                    return same(g, x)
                return abs(g - x) <= 2.0 ** -12 * max(1.0, abs(x))
            lg = [lgamma_want(x) for x in g_in]
            k.call('lgamma(%s)' % ty, t, w, 'lgamma(%s)' % G, lg, lgamma_cmp, g_in)
            lv_r, reg_r = k.result(t, w)
            lv_s, reg_s = k.result('int', w)
            k.body.append('    { %s s_; %s = lgamma_r(%s, &s_); %s = s_; }' % (vt('int', w), lv_r, G, lv_s))
            k.check('lgamma_r(%s)' % ty, reg_r, lg, lgamma_cmp, g_in)
            k.check('lgamma_r(%s) sign' % ty, reg_s,
                    [None if not math.isfinite(x) or x <= 0 and x == math.floor(x) else 1 if x > 0 else
                     (-1 if math.floor(x) % 2 else 1) for x in g_in], same, g_in, covers='lgamma_r(%s)' % ty)
        problems += k.run(ctx)
    return problems



# ---- native_ and half_ math

def rel_err(tol):
    return lambda g, w: math.isfinite(g) and abs(g - w) <= tol * abs(w)


# name: (arity, reference in double, domain of the native_ sanity check, its comparison)
LOWP = {
    'cos': (1, math.cos, lambda x: abs(x) <= 100, lambda x: absolute(2.0 ** -10)),
    'sin': (1, math.sin, lambda x: abs(x) <= 100, lambda x: absolute(2.0 ** -10)),
    'tan': (1, math.tan, lambda x: abs(x) <= 100 and abs(math.cos(x)) >= 0.1,
            lambda x: absolute(2.0 ** -10 * max(1, abs(math.tan(x))))),
    'exp': (1, math.exp, lambda x: abs(x) <= 60, lambda x: rel_err(2.0 ** -10)),
    'exp2': (1, math.exp2, lambda x: abs(x) <= 100, lambda x: rel_err(2.0 ** -10)),
    'exp10': (1, lambda x: 10.0 ** x, lambda x: abs(x) <= 30, lambda x: rel_err(2.0 ** -10)),
    'log': (1, math.log, lambda x: 2.0 ** -126 <= x < math.inf,
            lambda x: absolute(2.0 ** -10 * max(1, abs(math.log(x))))),
    'log2': (1, math.log2, lambda x: 2.0 ** -126 <= x < math.inf,
             lambda x: absolute(2.0 ** -10 * max(1, abs(math.log2(x))))),
    'log10': (1, math.log10, lambda x: 2.0 ** -126 <= x < math.inf,
              lambda x: absolute(2.0 ** -10 * max(1, abs(math.log10(x))))),
    'sqrt': (1, math.sqrt, lambda x: 2.0 ** -126 <= x < math.inf, lambda x: rel_err(2.0 ** -10)),
    'rsqrt': (1, lambda x: 1 / math.sqrt(x), lambda x: 2.0 ** -126 <= x < math.inf, lambda x: rel_err(2.0 ** -10)),
    'recip': (1, lambda x: 1 / x, lambda x: 2.0 ** -125 <= abs(x) <= 2.0 ** 125, lambda x: rel_err(2.0 ** -10)),
    'divide': (2, lambda x, y: x / y,
               lambda x, y: 2.0 ** -60 <= abs(x) <= 2.0 ** 60 and 2.0 ** -60 <= abs(y) <= 2.0 ** 60,
               lambda x, y: rel_err(2.0 ** -10)),
    'powr': (2, math.pow, lambda x, y: 2.0 ** -20 <= x <= 2.0 ** 20 and abs(y) <= 4,
             lambda x, y: rel_err(2.0 ** -10 * (1 + abs(y * math.log2(x))))),
}


def divide_ref(p, q):
    """p / q in double (exact enough for a float check), IEEE special cases included."""
    if p != p or q != q or p == 0 and q == 0 or math.isinf(p) and math.isinf(q):
        return math.nan
    sign = math.copysign(1, p) * math.copysign(1, q)
    if q == 0 or math.isinf(p):
        return sign * math.inf
    return p / q


def lowp_inputs(rng, name, m):
    a = spread(rng, fvals(rng, False, m))
    b = spread(rng, fvals(rng, False, m))
    # about half the values in the usual domain
    for j in range(0, m, 2):
        if name in ('log', 'log2', 'log10', 'sqrt', 'rsqrt', 'powr'):
            a[j] = cb.f32(2.0 ** rng.uniform(-20, 20))
        else:
            a[j] = cb.f32(rng.uniform(-20, 20))
        b[j] = cb.f32(rng.uniform(-4, 4))
    return a, b


def family_lowp(ctx, rng):
    """half_ and native_ math on float, float4 and float16. half_: within 8192 ulp of the reference
    (OpenCL 3.0 7.4) over all inputs but denormals (support for them is optional in half_ functions;
    results that would be denormal may be 0), half_cos/sin/tan on |x| <= 2^16 as OpenCL asks.
    native_: OpenCL sets no accuracy, so only a sanity check in a moderate domain: within 2^-10
    relative (absolute for sin/cos/log and tan below 1) of the true value, on wavesim and on PoCL
    (denormal inputs excluded)."""
    n = ctx.n
    k = Kernel('lowp', n)
    den = lambda x: x != 0 and abs(x) < 2.0 ** -126
    for name, (arity, fn, dom, cmpf) in LOWP.items():
        for w in (1, 4, 16):
            m = n * w
            ty = vt('float', w)
            a, b = lowp_inputs(rng, name, m)
            args = list(zip(a, b)) if arity == 2 else [(x,) for x in a]
            A, B = k.input('float', w, a), k.input('float', w, b)
            call = '%s, %s' % (A, B) if arity == 2 else A
            # half_
            want = []
            for x in args:
                if any(den(v) for v in x) or name in ('cos', 'sin', 'tan') and abs(x[0]) > 2.0 ** 16:
                    want.append(None)
                elif name in ('divide', 'recip'):
                    want.append(divide_ref(*(x if arity == 2 else (1.0, x[0]))))
                else:
                    want.append(cb.math_expected(name, fn, x, False, 8192))
            k.call('half_%s(%s)' % (name, ty), 'float', w, 'half_%s(%s)' % (name, call), want, ulps(8192, False, True),
                   args, pocl_excuse=pocl_trig(a, w) if name in ('sin', 'cos', 'tan') else None)
            # native_
            want = []
            for x in args:
                ok = all(math.isfinite(v) and not den(v) for v in x) and dom(*x)
                want.append((fn(*x), cmpf(*x), x[0]) if ok else None)

            def native_cmp(g, x, name=name):
                if x[1](g, x[0]):
                    return True
                # ROCm 5.2's opencl.bc scales by 1/(2 pi) before __ocml_native_sin/cos_f32, which scale
                # again (v_mul_f32 0.15915494 twice, then v_sin_f32/v_cos_f32): tan(x / (2 pi))
                alt = math.tan(x[2] / (2 * math.pi))
                if name == 'tan' and absolute(2.0 ** -10 * (1 + alt * alt))(g, alt):
                    return 'native_tan'
                return False
            k.call('native_%s(%s)' % (name, ty), 'float', w, 'native_%s(%s)' % (name, call), want, native_cmp, args)
    return k.run(ctx)


# ---- integer builtins on vector types

def family_intvec(ctx, rng):
    """The integer builtins of cl_builtins.py on vector types: each (function, integer type) at one
    vector width in turn (all widths with --full), clamp/min/max with scalar bounds, and mul24/mad24
    (int, uint; operands in the 24-bit range OpenCL requires) and upsample (every pair) at widths 1, 3,
    8. Exact; the signed abs_diff of the device library's -O3 code (see cl_builtins.py) is counted."""
    n = ctx.n
    k = Kernel('intvec', n)
    vws = (2, 3, 4, 8, 16)
    for ti, e in enumerate(INTS):
        nb = bits_of(e)
        sg = ELEM[e][3] == 'i'
        ue = e if not sg else 'u' + e
        for j, (name, arity, fn) in enumerate(cb.INT_FUNCS):
            for w in (vws if ctx.full else (vws[(j + ti) % 5],)):
                m = n * w
                ops = [spread(rng, ivals(rng, e, m)) for _ in range(arity)]
                if name == 'clamp':
                    ops[1], ops[2] = ([min(p, q) for p, q in zip(ops[1], ops[2])],
                                      [max(p, q) for p, q in zip(ops[1], ops[2])])
                args = ', '.join(k.input(e, w, o) for o in ops)
                want = [fn(nb, sg, *x) % 2 ** nb for x in zip(*ops)]

                def cmp(g, x, name=name, nb=nb, sg=sg):
                    if g == x[0]:
                        return True
                    if name == 'abs_diff' and sg and nb >= 32 and \
                            g == abs(cb.wrap_int(x[1][0] - x[1][1], nb)) % 2 ** nb:
                        return 'abs_diff'
                    return False
                k.call('%s(%s)' % (name, vt(e, w)), ue, w, 'as_%s(%s(%s))' % (vt(ue, w), name, args),
                       list(zip(want, zip(*ops))), cmp, list(zip(*ops)))
        # scalar bounds
        w = vws[ti % 5]
        m = n * w
        x = ivals(rng, e, m)
        lo, hi = ivals(rng, e, n), ivals(rng, e, n)
        lo, hi = [min(p, q) for p, q in zip(lo, hi)], [max(p, q) for p, q in zip(lo, hi)]
        X, L, H = k.input(e, w, x), k.input(e, 1, lo), k.input(e, 1, hi)
        k.call('clamp(%s, %s, %s)' % (vt(e, w), e, e), ue, w, 'as_%s(clamp(%s, %s, %s))' % (vt(ue, w), X, L, H),
               [min(max(v, lo[c // w]), hi[c // w]) % 2 ** nb for c, v in enumerate(x)], same)
        k.call('max(%s, %s)' % (vt(e, w), e), ue, w, 'as_%s(max(%s, %s))' % (vt(ue, w), X, L),
               [max(v, lo[c // w]) % 2 ** nb for c, v in enumerate(x)], same)
        k.call('min(%s, %s)' % (vt(e, w), e), ue, w, 'as_%s(min(%s, %s))' % (vt(ue, w), X, L),
               [min(v, lo[c // w]) % 2 ** nb for c, v in enumerate(x)], same)
    for w in (1, 3, 8):
        m = n * w
        for e in ('int', 'uint'):
            lo, hi = (-2 ** 23, 2 ** 23 - 1) if e == 'int' else (0, 2 ** 24 - 1)
            x, y = ([rng.choice((lo, hi, 0, 1, -1 if lo else 2, rng.randint(lo, hi))) for _ in range(m)]
                    for _ in range(2))
            z = ivals(rng, e, m)
            X, Y, Z = k.input(e, w, x), k.input(e, w, y), k.input(e, w, z)
            k.call('mul24(%s)' % vt(e, w), 'uint', w, 'as_%s(mul24(%s, %s))' % (vt('uint', w), X, Y),
                   [(p * q) % 2 ** 32 for p, q in zip(x, y)], same)
            k.call('mad24(%s)' % vt(e, w), 'uint', w, 'as_%s(mad24(%s, %s, %s))' % (vt('uint', w), X, Y, Z),
                   [(p * q + r) % 2 ** 32 for p, q, r in zip(x, y, z)], same)
        for hi_t, res in (('char', 'short'), ('uchar', 'ushort'), ('short', 'int'), ('ushort', 'uint'),
                          ('int', 'long'), ('uint', 'ulong')):
            lo_t = hi_t if hi_t[0] == 'u' else 'u' + hi_t
            nb = bits_of(hi_t)
            hv, lv = ivals(rng, hi_t, m), ivals(rng, lo_t, m)
            ures = res if res[0] == 'u' else 'u' + res
            k.call('upsample(%s, %s)' % (vt(hi_t, w), vt(lo_t, w)), ures, w,
                   'as_%s(upsample(%s, %s))' % (vt(ures, w), k.input(hi_t, w, hv), k.input(lo_t, w, lv)),
                   [((p << nb) | q) % 2 ** (2 * nb) for p, q in zip(hv, lv)], same)
    return k.run(ctx)


# ---- shuffle and shuffle2

def family_shuffle(ctx, rng):
    """shuffle(x, mask) and shuffle2(x, y, mask) for every input width m and result width n of 2, 4,
    8, 16, each pair on two of the 8-, 16-, 32- and 64-bit integer, float and double element types in
    turn (every pair on all six with --full), with run-time masks whose bits above the ones OpenCL
    says are used (log2(m), log2(2m)) are random; and four pairs with a constant mask on all six.
    Bit-exact (float NaN payloads included)."""
    n = ctx.n
    k = Kernel('shuffles', n, FP64)
    for ei, e in enumerate(('uchar', 'short', 'uint', 'long', 'float', 'double')):
        nb = bits_of(e)
        me = {8: 'uchar', 16: 'ushort', 32: 'uint', 64: 'ulong'}[nb]
        for mi, mw in enumerate((2, 4, 8, 16)):
            x = [rng.randrange(2 ** nb) for _ in range(n * mw)]
            y = [rng.randrange(2 ** nb) for _ in range(n * mw)]
            if e in ('float', 'double'):
                x[:4] = [to_bits(v, e) for v in (math.nan, -0.0, math.inf, 1.5)]
                x[4] = 0x7fa00001 if e == 'float' else 0x7ff4000000000001  # a signalling NaN
            X, Y = k.input(e, mw, x, raw=True), k.input(e, mw, y, raw=True)
            for ri, rw in enumerate((2, 4, 8, 16)):
                if not ctx.full and (ei + mi + 2 * ri) % 3:
                    continue  # each (m, n) pair on two element types in turn (all of them with --full)
                masks = [rng.randrange(2 ** nb) for _ in range(n * rw)]
                M = k.input(me, rw, masks, raw=True)
                want = [x[i // rw * mw + (masks[i] % mw)] for i in range(n * rw)]
                k.call('shuffle(%s, %s)' % (vt(e, mw), vt(me, rw)), e, rw, 'shuffle(%s, %s)' % (X, M), want, same,
                       raw=True)
                want = []
                for i in range(n * rw):
                    sel = masks[i] % (2 * mw)
                    base = i // rw * mw
                    want.append(x[base + sel] if sel < mw else y[base + sel - mw])
                k.call('shuffle2(%s, %s)' % (vt(e, mw), vt(me, rw)), e, rw, 'shuffle2(%s, %s, %s)' % (X, Y, M), want,
                       same, raw=True)
        # constant masks (the compiler sees the permutation)
        for mw, rw in ((4, 4), (8, 2), (2, 16), (16, 8)):
            x = [rng.randrange(2 ** nb) for _ in range(n * mw)]
            y = [rng.randrange(2 ** nb) for _ in range(n * mw)]
            X, Y = k.input(e, mw, x, raw=True), k.input(e, mw, y, raw=True)
            cm = [rng.randrange(2 * mw) for _ in range(rw)]
            mask = '(%s)(%s)' % (vt(me, rw), ', '.join('%du' % v for v in cm))
            k.call('shuffle2(%s, const %s)' % (vt(e, mw), vt(me, rw)), e, rw, 'shuffle2(%s, %s, %s)' % (X, Y, mask),
                   [(x if cm[c] < mw else y)[i * mw + cm[c] % mw] for i in range(n) for c in range(rw)], same,
                   raw=True, covers='shuffle2(%s, %s)' % (vt(e, mw), vt(me, rw)))
            mask = '(%s)(%s)' % (vt(me, rw), ', '.join('%du' % (v % mw) for v in cm))
            k.call('shuffle(%s, const %s)' % (vt(e, mw), vt(me, rw)), e, rw, 'shuffle(%s, %s)' % (X, mask),
                   [x[i * mw + cm[c] % mw] for i in range(n) for c in range(rw)], same, raw=True,
                   covers='shuffle(%s, %s)' % (vt(e, mw), vt(me, rw)))
    return k.run(ctx)



# ---- vload and vstore

def c_literal(e, bits):
    """A C constant of element type E with the bit pattern BITS."""
    if e == 'float':
        return float.hex(from_bits(bits, e)) + 'f'
    if e == 'double':
        return float.hex(from_bits(bits, e))
    return '(%s)0x%xUL' % (e, bits)


def finite_bits(rng, e):
    nb = bits_of(e)
    while True:
        b = rng.randrange(2 ** nb)
        if e not in ('float', 'double') or math.isfinite(from_bits(b, e)):
            return b


def family_vload(ctx, rng):
    """vloadn and vstoren (n = 2, 3, 4, 8, 16) of every integer type, float and double: from and to
    global memory at an element offset that is not a multiple of n (a constant) and at one the
    compiler does not know, from __constant tables, and (three element types per width in turn) in
    local memory (the work-group's array written, vloaded or vstored at a misaligned offset, read
    back) and private arrays. Bit-exact, and every element a vstore must not touch is checked to be
    still zero."""
    n = ctx.n
    k = Kernel('vloads', n, FP64)
    k.decls += ['int lid = get_local_id(0);']
    local = []
    for ti, e in enumerate(INTS + ['float', 'double']):
        nb = bits_of(e)
        for wi, w in enumerate((2, 3, 4, 8, 16)):
            ty = vt(e, w)
            vals = [rng.randrange(2 ** nb) for _ in range((n + 3) * w + 16)]
            if e in ('float', 'double'):
                vals[:3] = [to_bits(math.nan, e), to_bits(-0.0, e), to_bits(math.inf, e)]
            P = k.array(e, vals, raw=True)
            mis = 1 + (ti + wi) % (w - 1) if w > 2 else 1
            mis2 = (ti + 2 * wi) % w
            k.call('vload%d(global %s)' % (w, e), e, w, 'vload%d(i, %s + %d)' % (w, P, mis),
                   [vals[i * w + mis + c] for i in range(n) for c in range(w)], same, raw=True,
                   covers='vload%d(%s) global' % (w, e))
            k.call('vload%d(global %s, run-time offset)' % (w, e), e, w, 'vload%d(i, %s + (%d + zero))' % (w, P, mis2),
                   [vals[i * w + mis2 + c] for i in range(n) for c in range(w)], same, raw=True,
                   covers='vload%d(%s) global' % (w, e))
            xv = [rng.randrange(2 ** nb) for _ in range(n * w)]
            X = k.input(e, w, xv, raw=True)
            R, reg = k.region(e, n * w + 16, raw=True)
            k.body.append('    vstore%d(%s, i, %s + %d);' % (w, X, R, mis))
            want = [0] * (n * w + 16)
            for j, v in enumerate(xv):
                want[mis + j] = v
            k.check('vstore%d(global %s)' % (w, e), reg, want, same, covers='vstore%d(%s) global' % (w, e))
            if (ti + 3 * wi) % 10 < 3:
                local.append((e, w, P, vals, X, xv, mis))
            # a __constant table (finite values: written as C literals)
            cv = [finite_bits(rng, e) for _ in range(4 * w + 16)]
            k.globals.append('__constant %s ctab_%s_%d[] = {%s};' % (e, e, w, ', '.join(c_literal(e, b) for b in cv)))
            k.call('vload%d(constant %s)' % (w, e), e, w, 'vload%d(i %% 4, ctab_%s_%d + %d)' % (w, e, w, mis),
                   [cv[i % 4 * w + mis + c] for i in range(n) for c in range(w)], same, raw=True,
                   covers='vload%d(%s) constant' % (w, e))
            # private arrays (3 element types per width)
            if (ti + 7 * wi + 5) % 10 >= 3:
                continue
            lv, reg = k.result(e, w, raw=True)
            k.body.append('    { %s pv[%d]; for (int c = 0; c < %d; c++) pv[c] = %s[i * %d + c]; '
                          '%s = vload%d(1, pv + (%d + zero)); }' % (e, 3 * w + 1, 3 * w + 1, P, w, lv, w, mis2))
            k.check('vload%d(private %s)' % (w, e), reg,
                    [vals[i * w + w + mis2 + c] for i in range(n) for c in range(w)], same,
                    covers='vload%d(%s) private' % (w, e))
            R, reg = k.region(e, n * (3 * w + 1), raw=True)
            k.body.append('    { %s pv[%d]; for (int c = 0; c < %d; c++) pv[c] = 0; vstore%d(%s, 1, pv + (%d + zero)); '
                          'for (int c = 0; c < %d; c++) %s[i * %d + c] = pv[c]; }'
                          % (e, 3 * w + 1, 3 * w + 1, w, X, mis2, 3 * w + 1, R, 3 * w + 1))
            want = []
            for i in range(n):
                row = [0] * (3 * w + 1)
                row[w + mis2:w + mis2 + w] = xv[i * w:(i + 1) * w]
                want += row
            k.check('vstore%d(private %s)' % (w, e), reg, want, same, covers='vstore%d(%s) private' % (w, e))
    # local memory, 3 element types per width: each work-group writes its part of an array (vload) or
    # zeroes one (vstore), one barrier, the vloads and vstores at a misaligned offset, one barrier, the
    # stored arrays read back
    fill, ops, back, size = [], [], [], 0
    for e, w, P, vals, X, xv, mis in local:
        span = 64 * w + 16
        la, lb_ = size, size + span * ELEM[e][2]
        size = -(-(lb_ + span * ELEM[e][2]) // 8) * 8
        A, B = '((__local %s *)(lmem + %d))' % (e, la), '((__local %s *)(lmem + %d))' % (e, lb_)
        fill.append('    for (int c = 0; c < %d; c++) { %s[lid * %d + c] = %s[i * %d + c]; %s[lid * %d + c] = 0; }'
                    % (w, A, w, P, w, B, w))
        fill.append('    if (lid == 0) for (int c = 0; c < 16; c++) { %s[64 * %d + c] = %s[(i + 64) * %d + c]; '
                    '%s[64 * %d + c] = 0; }' % (A, w, P, w, B, w))
        lv, reg = k.result(e, w, raw=True)
        ops.append('    %s = vload%d(lid, %s + %d);' % (lv, w, A, mis))
        k.check('vload%d(local %s)' % (w, e), reg, [vals[i * w + mis + c] for i in range(n) for c in range(w)], same,
                covers='vload%d(%s) local' % (w, e))
        ops.append('    vstore%d(%s, lid, %s + %d);' % (w, X, B, mis))
        R, reg = k.region(e, n * w + n // 64 * 16, raw=True)
        back.append('    for (int c = 0; c < %d; c++) %s[i * %d + c] = %s[lid * %d + c];' % (w, R, w, B, w))
        back.append('    if (lid == 0) for (int c = 0; c < 16; c++) %s[n * %d + i / 64 * 16 + c] = %s[64 * %d + c];'
                    % (R, w, B, w))
        want = [0] * (n * w + n // 64 * 16)
        for g in range(n // 64):
            for j in range(64 * w + 16):
                v = xv[g * 64 * w + j - mis] if mis <= j < mis + 64 * w else 0
                want[g * 64 * w + j if j < 64 * w else n * w + g * 16 + j - 64 * w] = v
        k.check('vstore%d(local %s)' % (w, e), reg, want, same, covers='vstore%d(%s) local' % (w, e))
    assert size <= 60000, size
    k.decls.append('__local ulong lmem_[%d]; __local uchar *lmem = (__local uchar *)lmem_;' % (size // 8))
    k.body += fill + ['    barrier(CLK_LOCAL_MEM_FENCE);'] + ops + ['    barrier(CLK_LOCAL_MEM_FENCE);'] + back
    return k.run(ctx)


# ---- vload_half, vstore_half

HALF_SPECIAL = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3bff, 0x3c00, 0x3c01, 0x7bff, 0xfbff, 0x7c00,
                0xfc00, 0x7e00, 0xfe00, 0x7d01, 0x7fff, 0x3555, 0x0200]


def half_store_values(rng, double, m):
    """Values for vstore_half: specials, every rounding boundary kind (ties between halves, just
    either side, the overflow threshold, denormal halves) and random values."""
    fmt = 'double' if double else 'float'
    sp = [0.0, -0.0, math.inf, -math.inf, math.nan, 65504.0, -65504.0, 65519.99, 65520.0, -65520.0, 65536.0, 1e10,
          -1e10, 2.0 ** -24, -2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -25, 2.0 ** -26, 2.0 ** -14, 2.0 ** -14 - 2.0 ** -24,
          1e-10, -1e-10, 1.0, 1 / 3, -1 / 3, 1e-45 if not double else 1e-320]
    v = list(sp)
    while len(v) < m:
        h = from_bits(rng.randrange(0x7c00), 'half') * rng.choice((-1, 1))
        hu = 2.0 ** (max(math.frexp(h)[1], -13) - 11) if h else 2.0 ** -24
        kind = rng.randrange(6)
        if kind == 0:
            x = h + hu / 2                          # an exact tie
        elif kind == 1:
            x = h + hu / 2 * (1 + rng.choice((1, -1)) * 2.0 ** (-40 if double else -20))  # beside a tie
        elif kind == 2:
            x = h + rng.uniform(0, hu)
        elif kind == 3:
            x = rng.uniform(-2, 2)
        elif kind == 4:
            x = math.copysign(2.0 ** rng.uniform(-30, 17), rng.choice((-1, 1)))
        else:
            x = h
        v.append(x)
    v = v[:m]
    rng.shuffle(v)
    return [x if double else cb.f32(x) for x in v]


def half_bits_want(x, mode):
    if x != x:
        return 'nan'
    r = round_frac(x, 'half', mode or 'rte') if math.isfinite(x) else x
    if r == 0:
        r = math.copysign(0.0, x)
    return to_bits(r, 'half')


def half_cmp(g, x):
    if x == 'nan':
        return (g & 0x7c00) == 0x7c00 and (g & 0x3ff) != 0
    return g == x


def family_halfmem(ctx, rng):
    """vload_half, vload_halfn and vloada_halfn (n = 2, 3, 4, 8, 16; vloada_half3 strides by 4) from
    global memory at odd half offsets (vloada_ aligned), and from __constant, local and private
    arrays; vstore_half, vstore_halfn and vstorea_halfn of float and double in every rounding mode
    (default, _rte, _rtz, _rtp, _rtn). Exact: loads give the half's value (NaN: a NaN), stores the
    half the mode rounds the float or double to (directly from double: no double rounding through
    float), NaN a NaN; stores leave every other half zero (but the fourth of a vstorea_half3)."""
    n = ctx.n
    k = Kernel('halfmem', n, FP64)
    k.decls += ['__local ulong lraw[64 * 16 + 16];', 'int lid = get_local_id(0);']
    hv = [rng.choice(HALF_SPECIAL) if rng.random() < 0.3 else rng.randrange(2 ** 16) for _ in range(n * 16 + 64)]
    H = k.array('ushort', hv)
    Hp = '((__global const half *)%s)' % H
    hval = lambda b: from_bits(b, 'half')
    for w in (1, 2, 3, 4, 8, 16):
        sfx = '' if w == 1 else str(w)
        mis = 1 if w != 1 else 3
        k.call('vload_half%s(global)' % sfx, 'float', w, 'vload_half%s(i, %s + %d)' % (sfx, Hp, mis),
               [hval(hv[i * w + mis + c]) for i in range(n) for c in range(w)], same,
               covers='vload_half%s global' % sfx)
        if w > 1:
            st = 4 if w == 3 else w
            k.call('vloada_half%s(global)' % sfx, 'float', w, 'vloada_half%s(i, %s)' % (sfx, Hp),
                   [hval(hv[i * st + c]) for i in range(n) for c in range(w)], same,
                   covers='vloada_half%s global' % sfx)
        cv = [rng.choice(HALF_SPECIAL) for _ in range(4 * 16 + 16)]
        if w in (1, 3, 16):
            k.globals.append('__constant ushort htab%d[] = {%s};' % (w, ', '.join('0x%x' % b for b in cv)))
            k.call('vload_half%s(constant)' % sfx, 'float', w,
                   'vload_half%s(i %% 4, (__constant half *)htab%d + %d)' % (sfx, w, mis),
                   [hval(cv[i % 4 * w + mis + c]) for i in range(n) for c in range(w)], same,
                   covers='vload_half%s constant' % sfx)
            if w > 1:
                st = 4 if w == 3 else w
                k.call('vloada_half%s(constant)' % sfx, 'float', w,
                       'vloada_half%s(i %% 4, (__constant half *)htab%d)' % (sfx, w),
                       [hval(cv[i % 4 * st + c]) for i in range(n) for c in range(w)], same,
                       covers='vloada_half%s constant' % sfx)
        # local and private arrays are written with vstore_half (from vload_half of the global data: exact
        # but for NaN payloads): their memory is only ever accessed as half, as C's aliasing rules ask
        if w in (2, 8):
            lv, reg = k.result('float', w)
            k.body.append('    { __local half *lb = (__local half *)lraw;')
            k.body.append('      for (int c = 0; c < %d; c++) '
                          'vstore_half(vload_half(i * %d + c, %s), lid * %d + c, lb);' % (w, w, Hp, w))
            k.body.append('      if (lid == 0) for (int c = 0; c < 16; c++) '
                          'vstore_half(vload_half((i + 64) * %d + c, %s), 64 * %d + c, lb);' % (w, Hp, w))
            k.body.append('      barrier(CLK_LOCAL_MEM_FENCE);')
            k.body.append('      %s = vload_half%s(lid, lb + %d);' % (lv, sfx, mis))
            k.body.append('      barrier(CLK_LOCAL_MEM_FENCE); }')
            k.check('vload_half%s(local)' % sfx, reg, [hval(hv[i * w + mis + c]) for i in range(n) for c in range(w)],
                    same, covers='vload_half%s local' % sfx)
        if w in (4, 1):
            lv, reg = k.result('float', w)
            k.body.append('    { ushort pv[%d]; __private half *ph = (__private half *)pv; '
                          'for (int c = 0; c < %d; c++) '
                          'vstore_half(vload_half(i * %d + c, %s), c, ph); %s = vload_half%s(1, ph + (%d + zero)); }'
                          % (3 * w + 4, 3 * w + 4, w, Hp, lv, sfx, mis))
            k.check('vload_half%s(private)' % sfx, reg,
                    [hval(hv[i * w + w + mis + c]) for i in range(n) for c in range(w)],
                    same, covers='vload_half%s private' % sfx)
            k.covered.add('vstore_half private')
    for double in (False, True):
        t = 'double' if double else 'float'
        for w in (1, 2, 3, 4, 8, 16):
            sfx = '' if w == 1 else str(w)
            xv = half_store_values(rng, double, n * w)
            X = k.input(t, w, xv)
            for mode in ('', '_rte', '_rtz', '_rtp', '_rtn'):
                for aligned in ((False, True) if w > 1 else (False,)):
                    st = 4 if aligned and w == 3 else w
                    mis = 0 if aligned else 1 + w % 3
                    fn = 'vstore%s_half%s%s' % ('a' if aligned else '', sfx, mode)
                    R, reg = k.region('ushort', n * st + 16)
                    k.body.append('    %s(%s, i, (__global half *)%s + %d);' % (fn, X, R, mis))
                    want = [0] * (n * st + 16)
                    for i in range(n):
                        for c in range(w):
                            want[mis + i * st + c] = half_bits_want(xv[i * w + c], mode[1:])
                        if st == 4 and w == 3:
                            # the fourth half of a vstorea_half3: ROCm's opencl.bc stores a <4 x half> whose
                            # last element is poison; OpenCL says a half3 is written (its storage is a half4's)
                            want[mis + i * st + 3] = None
                    k.check('%s(%s)' % (fn, vt(t, w)), reg, want, half_cmp, covers='%s(%s)' % (fn, vt(t, w)))
    return k.run(ctx)


# ---- as_type

AS_GROUPS = [['int', 'uint', 'float', 'char4', 'uchar4', 'short2', 'ushort2'],
             ['long', 'ulong', 'double', 'int2', 'float2', 'short4', 'char8', 'ushort4'],
             ['int4', 'float4', 'double2', 'long2', 'short8', 'uchar16', 'float3', 'int3'],
             ['int8', 'float8', 'double4', 'long4', 'short16', 'uint8', 'double3', 'ulong3'],
             ['int16', 'float16', 'double8', 'long8', 'ulong8'], ['long16', 'double16'],
             ['short3', 'ushort3', 'short4']]


def split_type(ty):
    e = ty.rstrip('0123456789')
    return e, int(ty[len(e):] or 1)


def family_astype(ctx, rng):
    """as_<type>(x) between every two types of the same size (scalars and vectors of 2-16 elements,
    integer, float and double), 3-element vectors among themselves and from 4-element ones (the one
    mixed case OpenCL defines: the first three elements' bits). Bit-exact, NaN payloads included."""
    n = ctx.n
    k = Kernel('astype', n, FP64)
    for grp in AS_GROUPS:
        for a in grp:
            for b in grp:
                ea, wa = split_type(a)
                eb, wb = split_type(b)
                if a == b or (wa == 3) != (wb == 3) and not (wa == 4 and wb == 3):
                    continue
                if wa != 3 and wb != 3 and slots(wa) * ELEM[ea][2] != slots(wb) * ELEM[eb][2]:
                    continue
                nb = bits_of(ea)
                xv = [rng.randrange(2 ** nb) for _ in range(n * wa)]
                if ea in ('float', 'double'):
                    xv[:3] = [to_bits(math.nan, ea), to_bits(-math.inf, ea),
                              0x7f800001 if ea == 'float' else 0x7ff0000000000001]  # a signalling NaN
                X = k.input(ea, wa, xv, raw=True)
                want = []
                for i in range(n):
                    raw = struct.pack('<%d%s' % (wa, ELEM[ea][1]), *xv[i * wa:(i + 1) * wa])
                    cnt = wb if wb != 3 else 3
                    want += list(struct.unpack_from('<%d%s' % (cnt, ELEM[eb][1]), raw))
                k.call('as_%s(%s)' % (b, a), eb, wb, 'as_%s(%s)' % (b, X), want, same, raw=True)
    return k.run(ctx)


FAMILIES = {'workitem': family_workitem, 'common': family_common, 'geometric': family_geometric,
            'relational': family_relational, 'mathvec': family_mathvec, 'lowp': family_lowp,
            'intvec': family_intvec, 'shuffle': family_shuffle, 'vload': family_vload, 'halfmem': family_halfmem,
            'astype': family_astype}


class Context:
    def __init__(self, args, tmp):
        self.tool, self.pocl, self.tmp = args.tool, args.pocl, tmp
        self.n = max(64, args.count // 64 * 64)  # whole work-groups of 64: the local-memory tests use barriers
        self.variants = [(b.split(':')[0], int(b.split(':')[1])) for b in args.builds.split(',')]
        self.full = args.full
        self.checked = 0
        self.notes = Counter()
        self.covered = set()


def cpu_seconds():
    """CPU time of this process and every program it ran."""
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


NOTES = {
    'native_tan': 'native_tan(x) gives tan(x / (2 pi)): ROCm 5.2\'s opencl.bc scales x by 1/(2 pi) and calls '
                  '__ocml_native_sin/cos_f32, which scale again (the library\'s code, run exactly)',
    'abs_diff': 'signed abs_diff wraps as the device library\'s -O3 code does (ROCm 5.2 defect, see cl_builtins.py)',
    'tgamma': 'ocml\'s float tgamma of negative arguments more than 16 ulp off (within 2^-12; see cl_builtins.py)',
    'pocl_vector_trig': 'PoCL (not wavesim): float vector sin/cos/tan/sincos wrong in small lanes beside a lane >= 1e6 '
                        '(sin((float2)(1e15f, 1e-20f)).y = 0.0115)',
    'normalize_nan': 'scalar normalize(NaN) gives 0: the device library (ROCm 5.2 opencl.bc, as libclc) returns '
                     'sign(x) (OpenCL 3.0 6.15.6: NaN)',
    'local_linear_id': 'get_local_linear_id in a partial work-group uses the enqueued work-group size, as '
                       'ockl (ROCm 5.2) computes it from hidden_group_size_x/y (OpenCL 2.0: get_local_size)',
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--pocl', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=64, help='work-items per kernel (each computes a vector)')
    ap.add_argument('--only', help='comma-separated families: ' + ', '.join(FAMILIES))
    ap.add_argument('--builds', default='O3:32,O0:32,O0:64',
                    help='the wavesim builds, OPT:WAVE,... (the -O3 wave64 build costs about twice the -O3 wave32 one)')
    ap.add_argument('--full', action='store_true', help='every math builtin at every vector width (slower)')
    ap.add_argument('--keep', help='a directory to keep the generated sources, inputs and outputs in')
    args = ap.parse_args()
    only = args.only.split(',') if args.only else list(FAMILIES)
    for f in only:
        if f not in FAMILIES:
            ap.error('unknown family %s' % f)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            tmp = args.keep
        ctx = Context(args, tmp)
        for name in only:
            t0, c0, k0, u0 = time.time(), ctx.checked, len(ctx.covered), cpu_seconds()
            # each family draws from its own stream, so selecting families keeps their inputs
            problems = FAMILIES[name](ctx, random.Random('%d-%s' % (args.seed, name)))
            for p in problems:
                print(p)
            print('%s: %d builtin x type forms, %d results checked (%s and PoCL), %d problems, %.1f s (%.1f s CPU)' % (
                name, len(ctx.covered) - k0, ctx.checked - c0, ', '.join('-%s wave%d' % v for v in ctx.variants),
                len(problems), time.time() - t0, cpu_seconds() - u0))
            failed += len(problems)
        for note, count in sorted(ctx.notes.items()):
            print('note: %d results: %s' % (count, NOTES.get(note, note)))
        print('total: %d builtin x type forms x %d builds (+ PoCL), %d results checked, %d problems, %.1f s CPU' % (
            len(ctx.covered), len(ctx.variants), ctx.checked, failed, cpu_seconds()))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
