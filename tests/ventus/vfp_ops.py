#!/usr/bin/env python3
"""Ventus float ops against an exact model: every Zve32f vector float arithmetic, multiply-add,
min/max, sign-injection, compare, classify and conversion op in .vv and .vf forms, and the Zfinx
scalar arithmetic and conversions, in all five rounding modes (RNE, RTZ, RDN, RUP, RMM), over edge
cases (zeros, denormals, infinities, NaNs, extreme values), constructed exact ties and random
values. The model computes with exact rationals (fractions) and rounds by the RISC-V rules; the
kernels run in warp 0 of the vecadd test vector, patched. fflags are not compared."""
from fractions import Fraction
from vt_cases import default_cases
import argparse, math, os, random, struct, subprocess, sys, tempfile

LANES = 16          # threads per warp of tc_vecadd-4w16t
ROUNDS = 4          # 4 x 16 elements fill a 256-byte buffer
CANON_NAN = 0x7fc00000
MAX_F32 = 0x7f7fffff
EDGES = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x80800000, 0x3f800000,
         0xbf800000, 0x3f000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
         0xffc12345, 0x4b000000, 0x4b7fffff, 0xcf000000, 0x4f000000, 0x4f800000, 0xcf800001, 0x3effffff,
         0x3fc00000, 0x40200000, 0xbfc00000, 0x33800000, 0x34000000, 0x3f800001, 0x5f000000, 0x00000003]
RNE, RTZ, RDN, RUP, RMM = 0, 1, 2, 3, 4


# ---- the model: f32 bits <-> exact values, rounding by mode ----
def is_nan(x): return (x & 0x7f800000) == 0x7f800000 and x & 0x7fffff
def is_inf(x): return (x & 0x7fffffff) == 0x7f800000
def is_zero(x): return not x & 0x7fffffff
def sign(x): return x >> 31


def value(x):
    e, m = x >> 23 & 0xff, x & 0x7fffff
    v = Fraction(m, 1 << 149) if e == 0 else Fraction(m | 1 << 23, 1) * Fraction(2) ** (e - 150)
    return -v if sign(x) else v


def round_int(q, rem, neg, mode):
    """q + rem (0 <= rem < 1) rounded to an integer magnitude by mode, for a value of sign neg."""
    if rem == 0:
        return q
    if mode == RNE:
        return q + 1 if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and q & 1) else q
    if mode == RMM:
        return q + 1 if rem >= Fraction(1, 2) else q
    if mode == RTZ:
        return q
    return q + 1 if (mode == RUP) != bool(neg) else q


def rnd(v, mode, neg_zero=False):
    """The f32 bits of the exact value v (a Fraction) rounded by mode; neg_zero: an exact 0 is -0."""
    if v == 0:
        return 0x80000000 if neg_zero else 0
    neg, a = v < 0, abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)                       # denormals share the smallest exponent's spacing
    scaled = a / Fraction(2) ** (e - 23)
    q = round_int(scaled.numerator // scaled.denominator, scaled - scaled.numerator // scaled.denominator, neg, mode)
    if q >> 24:
        q, e = q >> 1, e + 1
    if e > 127:
        big = mode in (RNE, RMM) or (mode == RUP and not neg) or (mode == RDN and neg)
        return (neg << 31) | (0x7f800000 if big else MAX_F32)
    bits = q if q < 1 << 23 else ((e + 127) << 23) | (q & 0x7fffff)
    return (neg << 31) | bits


def exact_zero_sign(mode):
    """Whether an exact zero sum of opposite signs is -0."""
    return mode == RDN


def add(a, b, mode):
    if is_nan(a) or is_nan(b) or (is_inf(a) and is_inf(b) and sign(a) != sign(b)):
        return CANON_NAN
    if is_inf(a) or is_inf(b):
        return a if is_inf(a) else b
    s = value(a) + value(b)
    if s == 0:  # equal signs keep theirs; otherwise +0, or -0 rounding down
        same = is_zero(a) and is_zero(b) and sign(a) == sign(b)
        return sign(a) << 31 if same else 0x80000000 if exact_zero_sign(mode) else 0
    return rnd(s, mode)


def neg(x): return x if is_nan(x) else x ^ 0x80000000


def mul(a, b, mode):
    if is_nan(a) or is_nan(b) or (is_inf(a) and is_zero(b)) or (is_zero(a) and is_inf(b)):
        return CANON_NAN
    s = (sign(a) ^ sign(b)) << 31
    if is_inf(a) or is_inf(b):
        return s | 0x7f800000
    if is_zero(a) or is_zero(b):
        return s
    return rnd(value(a) * value(b), mode)


def div(a, b, mode):
    if is_nan(a) or is_nan(b) or (is_inf(a) and is_inf(b)) or (is_zero(a) and is_zero(b)):
        return CANON_NAN
    s = (sign(a) ^ sign(b)) << 31
    if is_inf(a) or is_zero(b):
        return s | 0x7f800000
    if is_inf(b) or is_zero(a):
        return s
    return rnd(value(a) / value(b), mode)


def sqrt(a, mode):
    if is_nan(a) or (sign(a) and not is_zero(a)):
        return CANON_NAN
    if is_zero(a) or is_inf(a):
        return a
    k = 200                                # sqrt(v) within (r, r+1) / 2^k: no rounding boundary there
    n = value(a) * Fraction(4) ** k
    r = math.isqrt(n.numerator // n.denominator)
    exact = r * r == n
    return rnd(Fraction(r, 1 << k) if exact else Fraction(2 * r + 1, 1 << (k + 1)), mode)


def fma(a, b, c, mode):
    """a * b + c, one rounding."""
    if is_nan(a) or is_nan(b) or is_nan(c) or (is_inf(a) and is_zero(b)) or (is_zero(a) and is_inf(b)):
        return CANON_NAN
    ps = sign(a) ^ sign(b)
    if is_inf(a) or is_inf(b):
        if is_inf(c) and sign(c) != ps:
            return CANON_NAN
        return ps << 31 | 0x7f800000
    if is_inf(c):
        return c
    p = value(a) * value(b)
    s = p + value(c)
    if s == 0:
        if p == 0 and is_zero(c):
            return 0x80000000 if (ps and sign(c)) or (ps != sign(c) and exact_zero_sign(mode)) else 0
        return 0x80000000 if exact_zero_sign(mode) else 0
    return rnd(s, mode)


def fmin(a, b, want_max):
    """minimumNumber/maximumNumber: a NaN loses to a number; -0 < +0."""
    if is_nan(a) and is_nan(b):
        return CANON_NAN
    if is_nan(a) or is_nan(b):
        return b if is_nan(a) else a
    key = lambda x: (value(x), 0 if sign(x) else 1)
    return max(a, b, key=key) if want_max else min(a, b, key=key)


def compare(a, b, kind):
    if is_nan(a) or is_nan(b):
        return 1 if kind == 'ne' else 0
    va, vb = value(a), value(b)
    return int({'eq': va == vb, 'ne': va != vb, 'lt': va < vb, 'le': va <= vb}[kind])


def fclass(a):
    if is_nan(a):
        return 0x200 if a & 0x400000 else 0x100
    s, e = sign(a), a >> 23 & 0xff
    if is_inf(a):
        return 1 if s else 0x80
    if is_zero(a):
        return 8 if s else 0x10
    if e == 0:
        return 4 if s else 0x20
    return 2 if s else 0x40


def f2i(a, mode, unsigned):
    lo, hi = (0, (1 << 32) - 1) if unsigned else (-(1 << 31), (1 << 31) - 1)
    if is_nan(a):
        return hi & 0xffffffff
    if is_inf(a):
        return (lo if sign(a) else hi) & 0xffffffff
    v = value(a)
    q = v.numerator // v.denominator if v >= 0 else -((-v.numerator) // v.denominator)
    rem = abs(v - q)
    mag = round_int(abs(q), rem, v < 0, mode)
    r = -mag if v < 0 else mag
    return min(max(r, lo), hi) & 0xffffffff


def i2f(x, mode, unsigned):
    v = x if unsigned else x - (1 << 32) if x >> 31 else x
    return rnd(Fraction(v), mode)


# name: (operands, model(a = vs2, b = vs1 or the scalar, c = old vd, mode)); operands 'vv' takes
# both forms, 'v' is unary, 'f' has only the .vf form
OPS = {
    'vfadd': ('vv', lambda a, b, c, m: add(a, b, m)),
    'vfsub': ('vv', lambda a, b, c, m: add(a, neg(b), m)),
    'vfrsub': ('f', lambda a, b, c, m: add(b, neg(a), m)),
    'vfmul': ('vv', lambda a, b, c, m: mul(a, b, m)),
    'vfdiv': ('vv', lambda a, b, c, m: div(a, b, m)),
    'vfrdiv': ('f', lambda a, b, c, m: div(b, a, m)),
    'vfmacc': ('vv', lambda a, b, c, m: fma(b, a, c, m)),
    'vfnmacc': ('vv', lambda a, b, c, m: fma(neg(b), a, neg(c), m)),
    'vfmsac': ('vv', lambda a, b, c, m: fma(b, a, neg(c), m)),
    'vfnmsac': ('vv', lambda a, b, c, m: fma(neg(b), a, c, m)),
    'vfmadd': ('vv', lambda a, b, c, m: fma(b, c, a, m)),
    'vfnmadd': ('vv', lambda a, b, c, m: fma(neg(b), c, neg(a), m)),
    'vfmsub': ('vv', lambda a, b, c, m: fma(b, c, neg(a), m)),
    'vfnmsub': ('vv', lambda a, b, c, m: fma(neg(b), c, a, m)),
    'vfmin': ('vv', lambda a, b, c, m: fmin(a, b, 0)),
    'vfmax': ('vv', lambda a, b, c, m: fmin(a, b, 1)),
    'vfsgnj': ('vv', lambda a, b, c, m: (a & 0x7fffffff) | (b & 0x80000000)),
    'vfsgnjn': ('vv', lambda a, b, c, m: (a & 0x7fffffff) | (~b & 0x80000000)),
    'vfsgnjx': ('vv', lambda a, b, c, m: a ^ (b & 0x80000000)),
    'vmfeq': ('vv', lambda a, b, c, m: compare(a, b, 'eq')),
    'vmfne': ('vv', lambda a, b, c, m: compare(a, b, 'ne')),
    'vmflt': ('vv', lambda a, b, c, m: compare(a, b, 'lt')),
    'vmfle': ('vv', lambda a, b, c, m: compare(a, b, 'le')),
    'vmfgt': ('f', lambda a, b, c, m: compare(b, a, 'lt')),
    'vmfge': ('f', lambda a, b, c, m: compare(b, a, 'le')),
    'vfsqrt.v': ('v', lambda a, b, c, m: sqrt(a, m)),
    'vfclass.v': ('v', lambda a, b, c, m: fclass(a)),
    'vfcvt.xu.f.v': ('v', lambda a, b, c, m: f2i(a, m, 1)),
    'vfcvt.x.f.v': ('v', lambda a, b, c, m: f2i(a, m, 0)),
    'vfcvt.rtz.xu.f.v': ('v', lambda a, b, c, m: f2i(a, RTZ, 1)),
    'vfcvt.rtz.x.f.v': ('v', lambda a, b, c, m: f2i(a, RTZ, 0)),
    'vfcvt.f.xu.v': ('v', lambda a, b, c, m: i2f(a, m, 1)),
    'vfcvt.f.x.v': ('v', lambda a, b, c, m: i2f(a, m, 0)),
}
FMA = {'vfmacc', 'vfnmacc', 'vfmsac', 'vfnmsac', 'vfmadd', 'vfnmadd', 'vfmsub', 'vfnmsub'}


def instruction(name, form):
    """The op on vd = v3 (old value c), vs2 = v1 (a), vs1 = v2 or the scalar t6 (b)."""
    if OPS[name][0] == 'v':
        return '%s v3, v1' % name
    src1 = 'v2' if form == 'vv' else 't6'
    if name in FMA:  # vd, vs1/rs1, vs2
        return '%s.%s v3, %s, v1' % (name, form, src1)
    return '%s.%s v3, v1, %s' % (name, form, src1)


def kernel(name, form, mode, scalar, bases):
    a, b, c = bases
    body = ['li t4, 32', 'vsetvli t4, t4, e32, m1, ta, ma', 'lui t4, 2', 'csrrs t4, mstatus, t4',
            'csrr t5, CSR_WID', 'bnez t5, done', 'csrr t5, 2056', 'bnez t5, done',
            'csrwi frm, %d' % mode, 'li t6, 0x%x' % scalar, 'vid.v v4', 'vsll.vi v4, v4, 2',
            'li t0, 0x%x' % a, 'li t1, 0x%x' % b, 'li t2, 0x%x' % c,
            'vadd.vx v5, v4, t0', 'vadd.vx v6, v4, t1', 'vadd.vx v7, v4, t2']
    for r in range(ROUNDS):
        body += ['vlw12.v v1, %d(v5)' % (64 * r), 'vlw12.v v2, %d(v6)' % (64 * r), 'vlw12.v v3, %d(v7)' % (64 * r),
                 instruction(name, form), 'vsw12.v v3, %d(v7)' % (64 * r)]
    return body + ['done:', 'endprg x0, x0, x0']


def words(path):
    return [l.split()[0] for l in open(path) if l.strip() and not l.startswith('//')]


def operand(rng, name):
    if name.startswith('vfcvt.f.'):  # integer sources
        return rng.choice([0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 0x01000001, 0x00ffffff,
                           0x7fffffc0, 0xffffff81, rng.getrandbits(32), rng.getrandbits(25)])
    if rng.random() < 0.5:
        return rng.choice(EDGES)
    if rng.random() < 0.5:
        return struct.unpack('<I', struct.pack('<f', rng.uniform(-100, 100)))[0]
    return rng.getrandbits(32)


ADD_LIKE = {'vfadd', 'vfsub', 'vfrsub'}
HALF_ULP_OF_ONE = 0x33800000   # 2^-24: half the spacing of floats in [1, 2)
ONE, ONE_AND_HALF = 0x3f800000, 0x3fc00000


def tie_scalar(rng, name):
    """A .vf scalar that lets lanes build exact ties (half the time), else a random operand."""
    if rng.random() < 0.5:
        if name in ADD_LIKE:
            return HALF_ULP_OF_ONE | rng.getrandbits(1) << 31
        if name in FMA:
            return ONE
        if name == 'vfmul':
            return ONE_AND_HALF
    return operand(rng, name)


def tie_lane(rng, name, form, scalar):
    """(a, b, c) whose exact result lies halfway between two floats (where RNE and RMM differ),
    or None when the op (or the .vf scalar) cannot make one."""
    sign = lambda: rng.getrandbits(1) << 31
    a = sign() | 0x3f800000 | rng.getrandbits(23)                  # in [1, 2)
    half = HALF_ULP_OF_ONE | sign()
    if name in ADD_LIKE and (form == 'vv' or scalar & 0x7fffffff == HALF_ULP_OF_ONE):
        return a, half if form == 'vv' else scalar, 0
    if name in FMA and (form == 'vv' or scalar == ONE):
        return a, ONE, half                                          # a*1 +- half, or 1*half +- a
    if name == 'vfmul' and (form == 'vv' or scalar == ONE_AND_HALF):
        return sign() | (0x3f800001 + 2 * rng.randrange(0x150000)), ONE_AND_HALF, 0  # odd mantissa * 1.5
    return None


# Zfinx scalar ops (rd = f(rs1, rs2, rs3), static rounding mode): name -> (sources, model)
SCALAR_OPS = {
    'fadd.s': (2, lambda a, b, c, m: add(a, b, m)),
    'fsub.s': (2, lambda a, b, c, m: add(a, neg(b), m)),
    'fmul.s': (2, lambda a, b, c, m: mul(a, b, m)),
    'fdiv.s': (2, lambda a, b, c, m: div(a, b, m)),
    'fsqrt.s': (1, lambda a, b, c, m: sqrt(a, m)),
    'fmadd.s': (3, lambda a, b, c, m: fma(a, b, c, m)),
    'fmsub.s': (3, lambda a, b, c, m: fma(a, b, neg(c), m)),
    'fnmsub.s': (3, lambda a, b, c, m: fma(neg(a), b, c, m)),
    'fnmadd.s': (3, lambda a, b, c, m: fma(neg(a), b, neg(c), m)),
    'fcvt.w.s': (1, lambda a, b, c, m: f2i(a, m, 0)),
    'fcvt.wu.s': (1, lambda a, b, c, m: f2i(a, m, 1)),
    'fcvt.s.w': (1, lambda a, b, c, m: i2f(a, m, 0)),
    'fcvt.s.wu': (1, lambda a, b, c, m: i2f(a, m, 1)),
}
SCALAR_AS_VECTOR = {'fadd.s': 'vfadd', 'fsub.s': 'vfsub', 'fmul.s': 'vfmul', 'fmadd.s': 'vfmacc',
                    'fmsub.s': 'vfmsac', 'fnmsub.s': 'vfnmsac', 'fnmadd.s': 'vfnmacc', 'fcvt.s.w': 'vfcvt.f.x.v',
                    'fcvt.s.wu': 'vfcvt.f.xu.v'}  # for the operand and tie generators
SCALAR_ELEMS = 10       # per kernel: loads from a/b/c[0..9], 5 results each to a[12..61]
MODES = (RNE, RTZ, RDN, RUP, RMM)
RM_NAMES = ('rne', 'rtz', 'rdn', 'rup', 'rmm')


def scalar_kernel(name, bases):
    a, b, c = bases
    body = ['csrr t5, CSR_WID', 'bnez t5, done', 'csrr t5, 2056', 'bnez t5, done',
            'li t0, 0x%x' % a, 'li t1, 0x%x' % b, 'li t2, 0x%x' % c]
    n = SCALAR_OPS[name][0]
    for i in range(SCALAR_ELEMS):
        body += ['lw a0, %d(t0)' % (4 * i), 'lw a1, %d(t1)' % (4 * i), 'lw a2, %d(t2)' % (4 * i)]
        for k, rm in enumerate(RM_NAMES):
            body += ['%s a3, %s, %s' % (name, ', '.join(['a0', 'a1', 'a2'][:n]), rm),
                     'sw a3, %d(t0)' % (48 + 4 * (len(MODES) * i + k))]
    return body + ['done:', 'endprg x0, x0, x0']


class Launcher:
    """Runs kernels in warp 0 of the vecadd test vector with buffers a, b, c set."""
    def __init__(self, tool, case, tmp):
        self.tool, self.tmp = tool, tmp
        self.meta, self.data = words(os.path.join(case, 'vecadd_0.metadata')), words(os.path.join(case, 'vecadd_0.data'))
        nbuf = int(self.meta[26], 16)
        self.bases = [int(self.meta[28 + 2 * i], 16) for i in range(nbuf)]
        sizes = [int(self.meta[28 + 2 * nbuf + 2 * i], 16) for i in range(nbuf)]
        at = lambda k: sum((s + 3) // 4 for s in sizes[:k])
        self.code_at, self.ins = at(self.bases.index(0x80000000)), [at(k) for k in range(3)]
        self.meta_path = os.path.join(tmp, 'k.metadata')
        open(self.meta_path, 'w').write('\n'.join(self.meta) + '\n')

    def run(self, body, vals, buf, nwords):
        """Assembles body, fills a/b/c with vals, runs; returns (nwords words of buffer buf, error)."""
        src = os.path.join(self.tmp, 'k.s')
        open(src, 'w').write('\n'.join(l if l.endswith(':') else '\t' + l for l in body) + '\n')
        r = subprocess.run([self.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
        if r.returncode:
            return None, 'assembling: ' + r.stderr.strip()
        d = list(self.data)
        for i, w in enumerate(r.stdout.split()):
            d[self.code_at + i] = w
        for k in range(3):
            for i, v in enumerate(vals[k]):
                d[self.ins[k] + i] = '%08x' % v
        data_path, out = os.path.join(self.tmp, 'k.data'), os.path.join(self.tmp, 'out.bin')
        open(data_path, 'w').write('\n'.join(d) + '\n')
        r = subprocess.run([self.tool, 'run', '--isa', 'ventus', self.meta_path, data_path, '--dump-mem',
                            '0x%x:%d:%s' % (self.bases[buf] + (48 if buf == 0 else 0), 4 * nwords, out)],
                           capture_output=True, text=True)
        if r.returncode:
            return None, r.stderr.strip()
        return struct.unpack('<%dI' % nwords, open(out, 'rb').read()), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--cases', default=default_cases())
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--only', default='')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    runs = checked = bad = 0

    def check(label, got, want, ops):
        nonlocal checked, bad
        for g, w, o in zip(got, want, ops):
            checked += 1
            if g != w & 0xffffffff:
                bad += 1
                if bad <= 20:
                    print('MISMATCH %s: a %08x b %08x c %08x: want %08x got %08x' % ((label,) + o + (w, g)))

    with tempfile.TemporaryDirectory() as tmp:
        k = Launcher(args.tool, os.path.join(args.cases, 'verilog-top', 'tc_vecadd-4w16t'), tmp)
        for name in sorted(OPS):
            if args.only and args.only not in name:
                continue
            for form in {'vv': ['vv', 'vf'], 'f': ['vf'], 'v': ['v']}[OPS[name][0]]:
                for mode in MODES:
                    scalar = tie_scalar(rng, name)
                    vals = [[operand(rng, name) for _ in range(LANES * ROUNDS)] for _ in range(3)]
                    for i in range(LANES * ROUNDS):  # a quarter of the lanes are exact ties where possible
                        tie = tie_lane(rng, name, form, scalar) if rng.random() < 0.25 else None
                        if tie:
                            vals[0][i], vals[1][i], vals[2][i] = tie
                    got, err = k.run(kernel(name, form, mode, scalar, k.bases[:3]), vals, 2, LANES * ROUNDS)
                    runs += 1
                    label = '%s.%s frm %d' % (name, form, mode)
                    if err:
                        print('FAIL %s: %s' % (label, err))
                        bad += 1
                        continue
                    ops = [(vals[0][i], vals[1][i] if form == 'vv' else scalar, vals[2][i]) for i in range(LANES * ROUNDS)]
                    check(label, got, [OPS[name][1](a, b, c, mode) for a, b, c in ops], ops)
        for name in sorted(SCALAR_OPS):
            if args.only and args.only not in name:
                continue
            like = SCALAR_AS_VECTOR.get(name, name)
            for _ in range(2):
                vals = [[operand(rng, like) for _ in range(SCALAR_ELEMS)] for _ in range(3)]
                for i in range(SCALAR_ELEMS):
                    tie = tie_lane(rng, like, 'vv', 0) if rng.random() < 0.3 else None
                    if tie:
                        vals[0][i], vals[1][i], vals[2][i] = tie
                got, err = k.run(scalar_kernel(name, k.bases[:3]), vals, 0, SCALAR_ELEMS * len(MODES))
                runs += 1
                if err:
                    print('FAIL %s: %s' % (name, err))
                    bad += 1
                    continue
                ops = [(vals[0][i], vals[1][i], vals[2][i]) for i in range(SCALAR_ELEMS) for _ in MODES]
                want = [SCALAR_OPS[name][1](a, b, c, m) for i, (a, b, c) in enumerate(ops) for m in [MODES[i % len(MODES)]]]
                check(name, got, want, ops)
    print('ventus float ops: %d runs, %d results, %d mismatches' % (runs, checked, bad))
    return 1 if bad or not runs else 0


if __name__ == '__main__':
    sys.exit(main())
