#!/usr/bin/env python3
# Ventus readings settled by the Ventus LLVM backend (THU-DSP-LAB/llvm-project) and the reference
# simulator's logs, each run or printed by wavesim (issue 19):
#   - flw/fsw are Zfinx loads/stores of x registers (VentusInstrInfoF.td: FLW/FSW on GPRF32; the
#     ventus-gpgpu processor has Zfinx and no F), so a kernel using them runs;
#   - under REGEXT, a vector multiply-add reads its accumulator from the extended vd (spike's VX_PARAMS
#     read vd through ext_rd; VentusRegextInsertion ties the accumulator to vd), and fmadd.s extends
#     its separate rs3 field (bits 31:27) with imm[11:9];
#   - `barrier x0, x0, IMM5` (BarrierBase AsmString "x0, x0, $uimm5"; MC test other-customized-ins.s:
#     barrier x0, x0, 4 = 0x0402400b, barriersub = 0x0602400b), as the reference spike logs print it;
#   - llvm-objdump prints vxor.vi vd, vs, -1 as vnot.v and vrsub.vx vd, vs, zero as vneg.v (InstAlias);
#   - launches: buffers are whole 4 KiB pages like the reference device's (the test vectors place
#     buffers 0x1000 apart: a partial warp may read past a small buffer), and a later launch may list
#     a buffer over addresses the runtime freed and handed out again.
# Expected values come from those sources and from exact integer/float arithmetic here.
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from vt_cases import default_cases  # noqa: E402
from vfp_ops import Launcher, add, words  # noqa: E402


def text_checks(tool, problems):
    cases = [(0x0402400b, 'barrier\tx0, x0, 4'), (0x0602400b, 'barriersub\tx0, x0, 4'),
             (0x2c003057 | 1 << 25 | 1 << 7 | 31 << 15 | 2 << 20, 'vnot.v\tv1, v2'),
             (0x0c004057 | 1 << 25 | 3 << 7 | 0 << 15 | 4 << 20, 'vneg.v\tv3, v4'),
             (0x2c003057 | 1 << 7 | 31 << 15 | 2 << 20, 'vxor.vi\tv1, v2, -1, v0.t'),  # masked: no alias
             (0x00002007 | 10 << 7 | 11 << 15 | 0xff4 << 20, 'flw\ta0, -12(a1)'),
             (0x00002027 | 10 << 20 | 11 << 15 | 0x7f << 25 | 0x1c << 7, 'fsw\ta0, -4(a1)')]
    # the reference simulator's own text for the barriers its logs commit
    logs = [os.path.join(d, f) for d, _, fs in os.walk(default_cases()) for f in fs if f.endswith('.log')]
    seen = set()
    for path in logs:
        for m in re.finditer(r'\(0x([0-9a-f]{8})\) (barrier[^\n]*)', open(path, errors='replace').read()):
            if m.group(1) not in seen:
                seen.add(m.group(1))
                cases.append((int(m.group(1), 16), m.group(2).replace(' ', '\t', 1).strip()))
    if not any(t.startswith('barrier\tx0, x0, 1') for _, t in cases):
        problems.append('no barrier found in the reference logs')
    words = ' '.join('%08x' % w for w, _ in cases)
    out = subprocess.run([tool, 'dis', '--isa', 'ventus', '--hex', words], capture_output=True, text=True).stdout
    got = out.splitlines()
    for (w, want), g in zip(cases, got + [''] * len(cases)):
        if g != want:
            problems.append('dis %08x: %r, want %r' % (w, g, want))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'a.s')
        open(src, 'w').write(''.join('\t%s\n' % t for _, t in cases))
        r = subprocess.run([tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
        back = r.stdout.split()
        for (w, t), b in zip(cases, back + [''] * len(cases)):
            if b != '%08x' % w:
                problems.append('as %r: %s, want %08x %s' % (t, b, w, r.stderr.strip()))
    return len(cases)


def run_checks(tool, problems):
    lanes = 16
    with tempfile.TemporaryDirectory() as tmp:
        k = Launcher(tool, os.path.join(default_cases(), 'verilog-top', 'tc_vecadd-4w16t'), tmp)
        a, b, c = k.bases[:3]
        va = [0x3f800000 + 0x1234 * i for i in range(lanes)]          # floats near 1.0
        vb = [0x40490fdb ^ (0x777 * i) for i in range(lanes)]         # floats near pi
        vc = [(0x9e3779b9 * (i + 1)) & 0xffffffff for i in range(lanes)]
        # flw/fsw with a Zfinx fadd.s in between: out[i] = a[i] + b[i] (round to nearest)
        body = ['csrr t5, CSR_WID', 'bnez t5, done', 'csrr t5, 2056', 'bnez t5, done',
                'li t0, 0x%x' % a, 'li t1, 0x%x' % b]
        for i in range(4):
            body += ['flw a0, %d(t0)' % (4 * i), 'flw a1, %d(t1)' % (4 * i), 'fadd.s a2, a0, a1, rne',
                     'fsw a2, %d(t0)' % (48 + 4 * i)]
        got, err = k.run(body + ['done:', 'endprg x0, x0, x0'], [va, vb, vc], 0, 4)
        want = [add(va[i], vb[i], 0) for i in range(4)]
        if err or list(got) != want:
            problems.append('flw/fadd.s/fsw: %s, want %s' % (err or ['%08x' % x for x in got], ['%08x' % x for x in want]))
        # REGEXT + vmadd.vx: v33 = a; v1 = c; v33 = v33 * s + b (the accumulator is the extended vd)
        s = 0x1003
        body = ['li t4, %d' % lanes, 'vsetvli t4, t4, e32, m1, ta, ma', 'csrr t5, CSR_WID', 'bnez t5, done',
                'vid.v v4', 'vsll.vi v4, v4, 2', 'li t0, 0x%x' % a, 'li t1, 0x%x' % b, 'li t2, 0x%x' % c,
                'vadd.vx v5, v4, t0', 'vadd.vx v6, v4, t1', 'vadd.vx v7, v4, t2', 'li t6, %d' % s,
                'vlw12.v v1, 0(v5)', 'vlw12.v v2, 0(v6)',
                'regext zero, zero, 1', 'vadd.vi v1, v1, 0',             # v33 = v1 (= a)
                'vlw12.v v1, 0(v7)',                                     # v1 = c
                'regext zero, zero, 1', 'vmadd.vx v1, t6, v2',           # v33 = v33 * s + v2
                'regext zero, zero, 64', 'vadd.vi v3, v1, 0',            # v3 = v33
                'vsw12.v v3, 0(v7)', 'done:', 'endprg x0, x0, x0']
        got, err = k.run(body, [va, vb, vc], 2, lanes)
        want = [(va[i] * s + vb[i]) & 0xffffffff for i in range(lanes)]
        if err or list(got) != want:
            wrong = [(vc[i] * s + vb[i]) & 0xffffffff for i in range(lanes)]
            problems.append('regext vmadd.vx: %s%s' % (err or 'wrong values', ' (the accumulator was read from v1)'
                                                        if got and list(got) == wrong else ''))
        # REGEXT + fmadd.s: rs3 = x(bits 31:27) extended by imm[11:9]: here no extension (imm 0 for rs3),
        # rd extended to x33 and read back through rs1 extension
        body = ['csrr t5, CSR_WID', 'bnez t5, done', 'csrr t5, 2056', 'bnez t5, done',
                'li t0, 0x%x' % a, 'lw a0, 0(t0)', 'lw a1, 4(t0)', 'lw a2, 8(t0)',
                'regext zero, zero, 1', 'fmadd.s ra, a0, a1, a2, rne',    # x33 = a0 * a1 + a2
                'regext zero, zero, 8', 'addi a3, ra, 0',                 # a3 = x33
                'sw a3, 48(t0)', 'done:', 'endprg x0, x0, x0']
        got, err = k.run(body, [va, vb, vc], 0, 1)
        import vfp_ops
        want = vfp_ops.fma(va[0], va[1], va[2], 0)
        if err or got[0] != want:
            problems.append('regext fmadd.s: %s, want %08x' % (err or '%08x' % got[0], want))
    return 3


def write_words(path, ws):
    open(path, 'w').write('\n'.join(ws) + '\n')


def memory_checks(tool, problems):
    """The vecadd vector with buffer 0 shrunk to 16 bytes (its 16 lanes then read past it, inside
    its page), and a second launch with buffer 0 grown over buffer 1's addresses."""
    case = os.path.join(default_cases(), 'verilog-top', 'tc_vecadd-4w16t')
    meta, data = words(os.path.join(case, 'vecadd_0.metadata')), words(os.path.join(case, 'vecadd_0.data'))
    n = int(meta[26], 16)
    sizes = [int(meta[28 + 2 * n + 2 * i], 16) for i in range(n)]
    chunks, at = [], 0
    for sz in sizes:
        chunks.append(data[at:at + (sz + 3) // 4])
        at += (sz + 3) // 4
    base_c = int(meta[28 + 4], 16)
    with tempfile.TemporaryDirectory() as tmp:
        def launch(name, buf0_size, fill):
            m = list(meta)
            m[28 + 2 * n] = m[28 + 4 * n] = '%08x' % buf0_size
            c = [list(ch) for ch in chunks]
            c[0] = [fill(i) for i in range(buf0_size // 4)]
            write_words(os.path.join(tmp, name + '.metadata'), m)
            write_words(os.path.join(tmp, name + '.data'), [w for ch in c for w in ch])
            return [os.path.join(tmp, name + '.metadata'), os.path.join(tmp, name + '.data')]
        out = os.path.join(tmp, 'c.bin')
        plain = launch('plain', 256, lambda i: chunks[0][i])
        r = subprocess.run([tool, 'run', '--isa', 'ventus'] + plain + ['--dump-mem', '0x%x:256:%s' % (base_c, out)],
                           capture_output=True, text=True)
        want = open(out, 'rb').read() if not r.returncode else None
        # 16 bytes of a: lanes past them read zeros from the rest of the page (a float + 0.0 = b's value)
        small = launch('small', 16, lambda i: chunks[0][i])
        r = subprocess.run([tool, 'run', '--isa', 'ventus'] + small + ['--dump-mem', '0x%x:256:%s' % (base_c, out)],
                           capture_output=True, text=True)
        if r.returncode:
            problems.append('a 16-byte buffer read by 16 lanes: %s' % r.stderr.strip())
        elif want is not None and open(out, 'rb').read()[:16] != want[:16]:
            problems.append('a 16-byte buffer: the first 4 lanes differ from the full buffer run')
        # launch 1 as recorded, then launch 2 with buffer 0 grown to 8 KiB (over buffer 1's old place)
        big = launch('big', 8192, lambda i: chunks[0][i] if i < 64 else '00000000')
        r = subprocess.run([tool, 'run', '--isa', 'ventus'] + plain + big + ['--dump-mem', '0x%x:256:%s' % (base_c, out)],
                           capture_output=True, text=True)
        if r.returncode:
            problems.append('a later launch reusing freed addresses: %s' % r.stderr.strip())
        elif want is None or open(out, 'rb').read() != want:
            problems.append('a later launch reusing freed addresses computes other values')
    return 2


def main():
    tool = sys.argv[1]
    problems = []
    n = text_checks(tool, problems) + run_checks(tool, problems) + memory_checks(tool, problems)
    for p in problems[:20]:
        print(p)
    print('ventus isa fixes: %d checks, %d problems' % (n, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
