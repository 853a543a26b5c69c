#!/usr/bin/env python3
# Random OpenCL kernels, run by wavesim and natively by PoCL, results compared bit for bit. Each
# generated source holds several kernels ("programs"): integer and float expression trees over
# loaded values and work-item ids, branches, loops, selects, private arrays, local memory with
# barriers, and the integer builtins. Only operations whose result OpenCL fixes are generated (no
# signed overflow, shifts are masked by OpenCL, divisors are never zero, float math is +, -, *,
# fmin/fmax and comparisons with contraction off, conversions of clamped values), so any difference is
# a wavesim bug or a compiler bug. Every program runs at -O0 and -O3 in wave32 and at -O3 in wave64.
# After them (from their own random stream, so the first programs of a seed stay what they were), as
# many again in half: atomic programs ("a"), whose global and local atomics (add, sub, inc, dec,
# min, max, and, or, xor, xchg, cmpxchg, and cmpxchg loops) only leave order-independent results:
# each memory word takes one commutative kind of operation, and the returned old values are only
# used where their sum or count does not depend on the order (inc, dec, xchg of a constant, a
# cmpxchg claim); and vector programs ("v"): uint2/uint4/int2/int4/float4 expressions with swizzles,
# conversions, comparisons and the vector forms of the integer and float builtins.
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batchproc  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_cache  # noqa: E402

N = 256        # work-items per program
LOCAL = 64
OUTS = 4       # results per work-item


# The integer operations of Gen.iexpr with two operands a and b (18 and 20 take more and are built there).
INT_FORMS = {
    0: '({a} + {b})', 1: '({a} - {b})', 2: '({a} * {b})', 3: '({a} & {b})', 4: '({a} | {b})', 5: '({a} ^ {b})',
    6: '({a} << {b})', 7: '({a} >> {b})', 8: '((uint)((int){a} >> (int){b}))', 9: '({a} / ({b} | 1u))',
    10: '({a} % ({b} | 1u))', 11: '((uint)((int){a} / ((int)({b} | 1u) == -1 ? 3 : (int)({b} | 1u))))',
    12: 'min({a}, {b})', 13: '(uint)max((int){a}, (int){b})', 14: 'mul_hi({a}, {b})', 15: 'rotate({a}, {b})',
    16: 'clz({a})', 17: 'popcount({a})', 19: '((uint)((int){a} < (int){b}))', 21: 'add_sat({a}, {b})',
}


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.ints = ['i', 'lid']       # uint expressions in scope
        self.floats = []
        self.depth = 0
        self.tmp = 0

    def new(self, prefix):
        self.tmp += 1
        return '%s%d' % (prefix, self.tmp)

    def iexpr(self, d=0):
        r = self.rng
        if d > 3 or r.random() < 0.25:
            k = r.randrange(4)
            if k == 0:
                return '%du' % r.choice((0, 1, 2, 3, 7, 31, 32, 255, 0x7fffffff, 0x80000000, 0xffffffff,
                                          r.randrange(1 << 32)))
            if k == 1 and self.floats:
                return 'convert_uint_rtz(fmin(fmax(%s, 0.0f), 4.0e9f))' % r.choice(self.floats)
            return r.choice(self.ints)
        a, b = self.iexpr(d + 1), self.iexpr(d + 1)
        k = r.randrange(22)
        if k in (9, 10):
            # clang-19 miscompiles an unsigned division whose numerator it knows to have many equal
            # top bits (4294967295u, or 4294967295u ^ a 0/1 value) by a small-range divisor: the
            # 24-bit expansion uses sign bits, as if signed, and masks the quotient (llvm-project
            # #194829, fixed by PR #196418 after LLVM 19; docs/isa-notes-rdna3.md). Not ours to
            # test: bit 31 of the numerator is made unknown to the compiler with a loaded value.
            a = '(%s ^ (in[0] & 0x80000000u))' % a
        if k == 18:
            return '(%s %s %s ? %s : %s)' % (a, r.choice(('<', '>', '==', '!=', '<=')), b, self.iexpr(d + 1),
                                            self.iexpr(d + 1))
        if k == 20:
            return '(uint)(((ulong)%s * (ulong)%s + %s) >> 17)' % (a, b, self.iexpr(d + 1))
        return INT_FORMS[k].format(a=a, b=b)

    def fexpr(self, d=0):
        r = self.rng
        if d > 3 or r.random() < 0.25:
            k = r.randrange(3)
            if k == 0:
                return '%sf' % r.choice(('0.0', '1.0', '-1.5', '0.125', '3.0e10', '-7.25', '1.0e-30', '0.1'))
            if k == 1 or not self.floats:
                return '(float)(int)%s' % r.choice(self.ints)
            return r.choice(self.floats)
        a, b = self.fexpr(d + 1), self.fexpr(d + 1)
        k = r.randrange(8)
        if k < 3:
            return '(%s %s %s)' % (a, '+-*'[k], b)
        if k == 3:
            return 'fmin(%s, %s)' % (a, b)
        if k == 4:
            return 'fmax(%s, %s)' % (a, b)
        if k == 5:
            return '(%s < %s ? %s : %s)' % (a, b, self.fexpr(d + 1), a)
        if k == 6:
            return 'fabs(%s)' % a
        return '(-(%s))' % a

    def stmt(self, ind):
        r = self.rng
        k = r.randrange(10)
        pad = '    ' * ind
        if k < 3 or self.depth > 2:
            v = self.new('u')
            self.lines.append('%suint %s = %s;' % (pad, v, self.iexpr()))
            self.ints.append(v)
        elif k < 5:
            v = self.new('f')
            self.lines.append('%sfloat %s = %s;' % (pad, v, self.fexpr()))
            self.floats.append(v)
        elif k == 5:
            # never a loop counter (the loops must end) nor an id
            t = r.choice([v for v in self.ints if v[0] in 'uma'])
            self.lines.append('%s%s = %s;' % (pad, t, self.iexpr()))
        elif k == 6:
            self.depth += 1
            self.lines.append('%sif (%s %s %s) {' % (pad, self.iexpr(2), r.choice(('<', '>', '==', '!=')), self.iexpr(2)))
            saved = (list(self.ints), list(self.floats))
            self.block(ind + 1, 2)
            self.ints, self.floats = list(saved[0]), list(saved[1])
            self.lines.append('%s} else {' % pad)
            self.block(ind + 1, 2)
            self.ints, self.floats = list(saved[0]), list(saved[1])
            self.lines.append('%s}' % pad)
            self.depth -= 1
        elif k == 7:
            self.depth += 1
            v = self.new('k')
            self.lines.append('%sfor (uint %s = 0; %s < (%s & 7u); %s++) {' % (pad, v, v, self.iexpr(2), v))
            saved = (list(self.ints), list(self.floats))
            self.ints.append(v)
            self.block(ind + 1, 2)
            self.lines.append('%s    acc = acc * 31u + %s;' % (pad, self.iexpr(2)))
            self.ints, self.floats = list(saved[0]), list(saved[1])
            self.lines.append('%s}' % pad)
            self.depth -= 1
        elif k == 8:
            v = self.new('m')
            self.lines.append('%suint %s = in[(%s) %% %du];' % (pad, v, self.iexpr(2), N))
            self.ints.append(v)
        else:
            v = self.new('p')
            self.lines.append('%suint %s[4] = {%s, %s, %s, %s};' % (pad, v, *(self.iexpr(2) for _ in range(4))))
            w = self.new('u')
            self.lines.append('%suint %s = %s[(%s) & 3u];' % (pad, w, v, self.iexpr(2)))
            self.ints.append(w)

    def block(self, ind, n):
        for _ in range(n):
            self.stmt(ind)

    def program(self, name, use_local):
        self.lines = []
        self.ints, self.floats, self.tmp = ['i', 'lid', 'acc'], [], 0
        body = ['__kernel void %s(__global const uint *in, __global const float *fin, __global uint *out)' % name,
                '{', '    uint i = get_global_id(0), lid = get_local_id(0), acc = in[i];',
                '    float fa = fin[i];']
        self.floats.append('fa')
        self.block(1, self.rng.randrange(4, 9))
        if use_local:
            self.lines.append('    __local uint shared[%d];' % LOCAL)
            self.lines.append('    shared[lid] = %s;' % self.iexpr(1))
            self.lines.append('    barrier(CLK_LOCAL_MEM_FENCE);')
            self.lines.append('    acc += shared[(lid + %du) %% %du];' % (self.rng.randrange(1, LOCAL), LOCAL))
        outs = []
        for k in range(OUTS):
            if k == 3 and self.floats:
                outs.append('    out[%d * i + %d] = as_uint(%s);' % (OUTS, k, self.fexpr(1)))
            else:
                outs.append('    out[%d * i + %d] = %s;' % (OUTS, k, self.iexpr(1) if k else 'acc'))
        return '\n'.join(body + self.lines + outs + ['}'])


# The words after the per-item results of an atomic program: (kind, initial value) of each global slot,
# then the local slots of each work-group as work-item lid < 8 copies them out after a barrier.
ATOM_SLOTS = [('add', 0), ('add', 0x80000000), ('inc', 5), ('dec', 1000), ('umin', 0xffffffff), ('umax', 0),
              ('smin', 0x7fffffff), ('smax', 0x80000000), ('and', 0xffffffff), ('or', 0), ('xor', 0x5a5a5a5a),
              ('xchg', 0), ('add', 0), ('claim', 0), ('add', 3), ('umax', 7)]
COUNTER = 12   # an add slot the returned old values are summed into
LOCAL_SLOTS = [('add', 0), ('inc', 0), ('umin', 0xffffffff), ('smax', 0x80000000), ('and', 0xffffffff), ('or', 0),
               ('xor', 0), ('claim', 0)]
ATOM_BASE = N * OUTS
ATOM_WORDS = len(ATOM_SLOTS) + N // LOCAL * len(LOCAL_SLOTS)


class AtomicGen(Gen):
    """Gen's programs with atomic statements among the others (in branches and loops too)."""

    def atomic(self, pad):
        r = self.rng
        loc = r.random() < 0.4
        table = LOCAL_SLOTS if loc else ATOM_SLOTS
        s_ = r.randrange(len(table))
        kind = table[s_][0]
        p = '&la[%d]' % s_ if loc else '&out[%du]' % (ATOM_BASE + s_)
        cnt = '&la[0]' if loc else '&out[%du]' % (ATOM_BASE + COUNTER)
        sp = 'volatile __local' if loc else 'volatile __global'
        v = self.iexpr(2)
        cas = '{ uint o_ = atomic_or(%s, 0u), w_; while ((w_ = atomic_cmpxchg(%s, o_, %s)) != o_) o_ = w_; }'
        if kind == 'add':
            k = r.randrange(3)
            stmt = ('atomic_add(%s, %s);' % (p, v), 'atomic_sub(%s, %s);' % (p, v),
                    cas % (p, p, 'o_ + (%s)' % v))[k]
        elif kind in ('inc', 'dec'):
            stmt = 'atomic_add(%s, atomic_%s(%s));' % (cnt, kind, p)   # the olds are a run of values
        elif kind in ('umin', 'umax'):
            fn = kind[1:]
            stmt = r.choice(('atomic_%s(%s, %s);' % (fn, p, v), cas % (p, p, '%s(o_, %s)' % (fn, v))))
        elif kind in ('smin', 'smax'):
            stmt = 'atomic_%s((%s int *)%s, (int)(%s));' % (kind[1:], sp, p, v)
        elif kind in ('and', 'or'):
            stmt = 'atomic_%s(%s, %s);' % (kind, p, v)
        elif kind == 'xor':
            stmt = r.choice(('atomic_xor(%s, %s);' % (p, v), cas % (p, p, 'o_ ^ (%s)' % v)))
        elif kind == 'xchg':
            stmt = 'atomic_add(%s, atomic_xchg(%s, 0xdeadbeefu) != 0xdeadbeefu);' % (cnt, p)
        else:
            stmt = 'atomic_add(%s, atomic_cmpxchg(%s, 0u, 77u) == 0u);' % (cnt, p)
        if r.random() < 0.4:
            self.lines.append('%sif (%s %s %s) %s' % (pad, self.iexpr(2), r.choice(('<', '>', '!=')), self.iexpr(2),
                                                   stmt))
        else:
            self.lines.append(pad + stmt)

    def stmt(self, ind):
        if self.rng.random() < 0.35:
            self.atomic('    ' * ind)
        else:
            Gen.stmt(self, ind)

    def block(self, ind, n):
        Gen.block(self, ind, n)
        if ind == 1:
            for _ in range(self.rng.randrange(4, 9)):
                self.atomic('    ')

    def program(self, name, use_local):
        init = ', '.join('%#xu' % v for _, v in LOCAL_SLOTS)
        text = Gen.program(self, name, use_local)
        head, rest = text.split('{', 1)
        lines = rest.split('\n')
        # after the ids: the local slots set up; before the results: the local slots copied out
        setup = ['    __local uint la[%d];' % len(LOCAL_SLOTS),
                 '    if (lid < %du) la[lid] = linit_%s[lid];' % (len(LOCAL_SLOTS), name),
                 '    barrier(CLK_LOCAL_MEM_FENCE);']
        out_at = next(k for k, l in enumerate(lines) if l.startswith('    out[%d * i' % OUTS))
        flush = ['    barrier(CLK_LOCAL_MEM_FENCE);',
                 '    if (lid < %du) out[%du + get_group_id(0) * %du + lid] = la[lid];'
                 % (len(LOCAL_SLOTS), ATOM_BASE + len(ATOM_SLOTS), len(LOCAL_SLOTS))]
        lines = lines[:3] + setup + lines[3:out_at] + flush + lines[out_at:]
        return '__constant uint linit_%s[] = {%s};\n%s{%s' % (name, init, head, '\n'.join(lines))


VTYPES = ['uint2', 'uint4', 'int2', 'int4', 'float4']


class VecGen(Gen):
    """Gen's programs with vector variables at the top level, whose components join the scalars."""

    def __init__(self, rng):
        Gen.__init__(self, rng)
        self.vecs = {t: [] for t in VTYPES}

    def vleaf(self, t, d):
        r = self.rng
        base, n = t[:-1], int(t[-1])
        same = [v for w in (2, 4) for v in self.vecs.get(base + str(w), [])]
        k = r.randrange(5) if d < 5 else r.choice((0, 4))
        if k == 0 and self.vecs[t]:
            return r.choice(self.vecs[t])
        if k == 1 and same:
            v = r.choice(same)
            src = 2 if v in self.vecs.get(base + '2', []) else 4
            if src == 4 and n == 2 and r.random() < 0.4:
                return '%s.%s' % (v, r.choice(('lo', 'hi', 'even', 'odd')))
            picks = [r.randrange(src) for _ in range(n)]
            if r.random() < 0.6:
                return '%s.%s' % (v, ''.join('xyzw'[c] for c in picks))
            return '%s.s%s' % (v, ''.join('0123'[c] for c in picks))
        if k == 2 and base == 'int':
            u = 'uint%d' % n
            if r.random() < 0.5:
                return 'as_%s(%s)' % (t, self.vexpr(u, d + 1))
            return '(%s < %s)' % (self.vexpr(u, d + 1), self.vexpr(u, d + 1))
        if k == 2 and base == 'uint':
            return 'as_%s(%s)' % (t, self.vexpr('int%d' % n, d + 1))
        if k == 2:
            return r.choice(('convert_float4(%s & (uint4)(0xffffffu))' % self.vexpr('uint4', d + 1),
                             'convert_float4(%s)' % self.vexpr('int4', d + 1)))
        if k == 3 and base == 'uint':
            f = self.vexpr('float4', d + 1)
            return 'convert_%s_rtz(fmin(fmax(%s, 0.0f), 4.0e9f))' % (t, f if n == 4 else '(%s).lo' % f)
        if base == 'float':
            scal = self.fexpr
        elif base == 'int':
            scal = lambda dd: '(int)%s' % self.iexpr(dd)
        else:
            scal = self.iexpr
        if r.random() < 0.3:
            return '(%s)(%s)' % (t, scal(3))
        return '(%s)(%s)' % (t, ', '.join(scal(3) for _ in range(n)))

    def vexpr(self, t, d):
        r = self.rng
        if d > 2 or r.random() < 0.3:
            return self.vleaf(t, d)
        a, b = self.vexpr(t, d + 1), self.vexpr(t, d + 1)
        base, n = t[:-1], int(t[-1])
        ivt = 'int%d' % n
        if base == 'uint':
            forms = ['({a} + {b})', '({a} - {b})', '({a} * {b})', '({a} & {b})', '({a} | {b})', '({a} ^ {b})',
                     '({a} << {b})', '({a} >> {b})', '(({a} ^ (in[0] & 0x80000000u)) / ({b} | 1u))', 'min({a}, {b})',
                     'max({a}, {b})',
                     'rotate({a}, {b})', 'mul_hi({a}, {b})', 'hadd({a}, {b})', 'abs_diff({a}, {b})',
                     'select({a}, {b}, {c})', 'clamp({a}, min({b}, {c2}), max({b}, {c2}))', 'popcount({a})']
            k = r.randrange(len(forms))
            c = self.vexpr(ivt, d + 1) if k == 15 else ''
            c2 = self.vexpr(t, d + 1) if k == 16 else ''
            return forms[k].format(a=a, b=b, c=c, c2=c2)
        if base == 'int':
            # abs(INT_MIN) is 2^31 in OpenCL, but both libraries compute scalar (AMD) or scalar and
            # vector (PoCL 3.1) abs with llvm.abs(x, is_int_min_poison=true): the compiler may then
            # assume as_int(abs(x)) >= 0 (PoCL folds select(a, b, min(c, as_int2(abs(v)))) to a).
            # Not ours to test: the operand is made odd.
            forms = ['({a} >> {b})', 'min({a}, {b})', 'max({a}, {b})', '({a} & {b})', '({a} ^ ~{b})',
                     'as_{t}(abs({a} | 1))', '({a} == {b})', 'hadd({a}, {b})', 'select({a}, {b}, {a} > {b})']
            return forms[r.randrange(len(forms))].format(a=a, b=b, t=t)
        forms = ['({a} + {b})', '({a} - {b})', '({a} * {b})', 'fmin({a}, {b})', 'fmax({a}, {b})', 'fabs({a})',
                 'select({a}, {b}, {a} < {b})', '({a}).wzyx']
        return forms[r.randrange(len(forms))].format(a=a, b=b)

    def stmt(self, ind):
        if self.depth or self.rng.random() < 0.5:
            return Gen.stmt(self, ind)
        t = self.rng.choice(VTYPES)
        v = self.new('v')
        self.lines.append('%s%s %s = %s;' % ('    ' * ind, t, v, self.vexpr(t, 0)))
        self.vecs[t].append(v)
        for c in 'xyzw'[:int(t[-1])]:
            if t.startswith('float'):
                self.floats.append('%s.%s' % (v, c))
            else:
                self.ints.append('%s%s.%s' % ('(uint)' if t.startswith('int') else '', v, c))

    def program(self, name, use_local):
        self.vecs = {t: [] for t in VTYPES}
        return Gen.program(self, name, use_local)


def run_batched(prefix, words):
    """Runs prefix + words in a batch process (batchproc.py): PoCL starts and builds each source once."""
    p = batchproc.run(prefix, words)
    return p.returncode, p.stderr.strip()


def check_source(tool, pocl, path, names, inputs, tmp, out_init=None):
    """Runs every kernel of one source on PoCL and on wavesim; returns a list of problems. OUT_INIT: a
    file with the initial contents of the result buffer (else zeros, N * OUTS words)."""
    problems = []
    args = ['--arg', 'buf:' + inputs[0], '--arg', 'buf:' + inputs[1],
            '--arg', 'buf:' + out_init if out_init else 'zeros:%d' % (4 * OUTS * N)]
    want = {}
    for name in names:
        out = os.path.join(tmp, 'pocl-%s.bin' % name)
        rc, err = run_batched([pocl], [path, '--kernel', name, '--global', str(N), '--local', str(LOCAL)] + args
                      + ['--dump', '2:' + out])
        if rc:
            return ['%s %s on PoCL: %s' % (os.path.basename(path), name, err[-400:])]
        want[name] = open(out, 'rb').read()
    for opt, wave in (('O3', 32), ('O0', 32), ('O3', 64)):
        obj = os.path.join(tmp, 'r-%s-%d.hsaco' % (opt, wave))
        rc, _, err = oracle_cache.wavesim_cc(tool, ['-' + opt] + (['--wave64'] if wave == 64 else []), path, obj)
        err = err.strip()
        if rc:
            problems.append('%s -%s wave%d: wavesim cc: %s' % (os.path.basename(path), opt, wave, err[-400:]))
            continue
        for name in names:
            out = os.path.join(tmp, 'ws-%s.bin' % name)
            rc, err = run_batched([tool, 'run'], [obj, '--kernel', name, '--global', str(N), '--local', str(LOCAL)] + args
                          + ['--dump', '2:' + out])
            if rc:
                problems.append('%s %s -%s wave%d: %s' % (os.path.basename(path), name, opt, wave, err))
                continue
            got = open(out, 'rb').read()
            # in the float result, a zero may differ in sign (fmin/fmax of +0 and -0 may return either;
            # gfx11's v_max_f32 orders -0 below +0, the guide's pseudocode, PoCL returns the first) and a
            # NaN in sign and payload (x86 makes 0xffc00000, gfx11 0x7fc00000)
            def same_float(a, b):
                fa, fb = int.from_bytes(a, 'little'), int.from_bytes(b, 'little')
                nan = lambda v: (v & 0x7f800000) == 0x7f800000 and v & 0x7fffff
                return (fa | fb) & 0x7fffffff == 0 or (nan(fa) and nan(fb))
            differ = [k for k in range(0, len(got), 4) if got[k:k + 4] != want[name][k:k + 4] and not (
                k // 4 < N * OUTS and k // 4 % OUTS == 3 and same_float(got[k:k + 4], want[name][k:k + 4]))]
            if differ and differ[0] // 4 >= N * OUTS:
                first = differ[0] // 4
                problems.append('%s %s -%s wave%d: differs from PoCL at atomic word %d: %s vs %s' % (
                    os.path.basename(path), name, opt, wave, first - N * OUTS,
                    got[4 * first:4 * first + 4][::-1].hex(), want[name][4 * first:4 * first + 4][::-1].hex()))
            elif differ:
                first = differ[0] // 4
                problems.append('%s %s -%s wave%d: differs from PoCL at word %d (item %d, result %d): %s vs %s' % (
                    os.path.basename(path), name, opt, wave, first, first // OUTS, first % OUTS,
                    got[4 * first:4 * first + 4][::-1].hex(), want[name][4 * first:4 * first + 4][::-1].hex()))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--pocl', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=200, help='programs')
    ap.add_argument('--per-source', type=int, default=20)
    ap.add_argument('--more', type=int, help='atomic and vector programs after them (default: COUNT / 2)')
    ap.add_argument('--keep', help='directory to keep the generated sources of failing programs in')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        vals = [rng.choice((0, 1, 0xffffffff, 0x80000000, rng.randrange(1 << 32), rng.randrange(256)))
                for _ in range(N)]
        fvals = [rng.choice((0.0, -0.0, 1.5, -2.25, 1e30, -1e-30, rng.uniform(-1e4, 1e4))) for _ in range(N)]
        inputs = [os.path.join(tmp, 'in.bin'), os.path.join(tmp, 'fin.bin')]
        open(inputs[0], 'wb').write(struct.pack('%dI' % N, *vals))
        open(inputs[1], 'wb').write(struct.pack('%df' % N, *fvals))
        done = 0
        src_no = 0

        def check(gen, rng_, names, out_init=None):
            """Writes one source of gen's programs NAMES, checks it; returns the problem count."""
            text = '#pragma OPENCL FP_CONTRACT OFF\n' + '\n\n'.join(
                gen.program(nm, rng_.random() < 0.3) for nm in names) + '\n'
            path = os.path.join(tmp, 'random%d.cl' % src_no)
            open(path, 'w').write(text)
            problems = check_source(args.tool, args.pocl, path, names, inputs, tmp, out_init)
            for p in problems:
                print(p)
            if problems and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                open(os.path.join(args.keep, 'random-seed%d-%d.cl' % (args.seed, src_no)), 'w').write(text)
            return len(problems)

        while done < args.count:
            gen = Gen(rng)
            k = min(args.per_source, args.count - done)
            failed += check(gen, rng, ['p%d' % (done + j) for j in range(k)])
            done += k
            src_no += 1
        # the atomic and vector programs, from their own stream
        more = args.count // 2 if args.more is None else args.more
        rng2 = random.Random('%d-more' % args.seed)
        init = os.path.join(tmp, 'atomic-init.bin')
        open(init, 'wb').write(bytes(4 * N * OUTS) + struct.pack('%dI' % ATOM_WORDS, *(
            [v for _, v in ATOM_SLOTS] + [0] * (ATOM_WORDS - len(ATOM_SLOTS)))))
        done = 0
        while done < more:
            k = min(args.per_source // 2, more - done)
            atomic = src_no % 2 == 0
            gen = (AtomicGen if atomic else VecGen)(rng2)
            failed += check(gen, rng2, ['%s%d' % ('a' if atomic else 'v', done + j) for j in range(k)],
                            init if atomic else None)
            done += k
            src_no += 1
    print('random kernels: %d programs and %d atomic and vector programs x 3 builds against PoCL, %d problems' % (
        args.count, more, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
