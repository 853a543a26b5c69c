#!/usr/bin/env python3
# Random OpenCL kernels, run by wavesim and natively by PoCL, results compared bit for bit. Each
# generated source holds several kernels ("programs"): integer and float expression trees over
# loaded values and work-item ids, branches, loops, selects, private arrays, local memory with
# barriers, and the integer builtins. Only operations whose result OpenCL fixes are generated (no
# signed overflow, shifts are masked by OpenCL, divisors are never zero, float math is +, -, *,
# fmin/fmax and comparisons with contraction off, conversions of clamped values), so any difference is
# a wavesim bug or a compiler bug. Every program runs at -O0 and -O3 in wave32 and at -O3 in wave64.
import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile

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


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stderr.strip()


def check_source(tool, pocl, path, names, inputs, tmp):
    """Runs every kernel of one source on PoCL and on wavesim; returns a list of problems."""
    problems = []
    args = ['--arg', 'buf:' + inputs[0], '--arg', 'buf:' + inputs[1], '--arg', 'zeros:%d' % (4 * OUTS * N)]
    want = {}
    for name in names:
        out = os.path.join(tmp, 'pocl-%s.bin' % name)
        rc, err = run([pocl, path, '--kernel', name, '--global', str(N), '--local', str(LOCAL)] + args
                      + ['--dump', '2:' + out])
        if rc:
            return ['%s %s on PoCL: %s' % (os.path.basename(path), name, err[-400:])]
        want[name] = open(out, 'rb').read()
    for opt, wave in (('O3', 32), ('O0', 32), ('O3', 64)):
        obj = os.path.join(tmp, 'r-%s-%d.hsaco' % (opt, wave))
        rc, err = run([tool, 'cc', '-' + opt, path, '-o', obj] + (['--wave64'] if wave == 64 else []))
        if rc:
            problems.append('%s -%s wave%d: wavesim cc: %s' % (os.path.basename(path), opt, wave, err[-400:]))
            continue
        for name in names:
            out = os.path.join(tmp, 'ws-%s.bin' % name)
            rc, err = run([tool, 'run', obj, '--kernel', name, '--global', str(N), '--local', str(LOCAL)] + args
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
                k // 4 % OUTS == 3 and same_float(got[k:k + 4], want[name][k:k + 4]))]
            if differ:
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
        while done < args.count:
            gen = Gen(rng)
            k = min(args.per_source, args.count - done)
            names = ['p%d' % (done + j) for j in range(k)]
            text = '#pragma OPENCL FP_CONTRACT OFF\n' + '\n\n'.join(
                gen.program(nm, rng.random() < 0.3) for nm in names) + '\n'
            path = os.path.join(tmp, 'random%d.cl' % src_no)
            open(path, 'w').write(text)
            problems = check_source(args.tool, args.pocl, path, names, inputs, tmp)
            for p in problems:
                print(p)
            if problems and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                open(os.path.join(args.keep, 'random-seed%d-%d.cl' % (args.seed, src_no)), 'w').write(text)
            failed += len(problems)
            done += k
            src_no += 1
    print('random kernels: %d programs x 3 builds against PoCL, %d problems' % (args.count, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
