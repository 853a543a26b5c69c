#!/usr/bin/env python3
"""Assembled kernels run through a patched test vector: the device printf handshake (CSR_PRINT) and
bad input to `wavesim run --isa ventus` and the Ventus codec: each case must exit non-zero with
one clear line on stderr naming the cause, and never die from a signal. Built from the vecadd
test vector by corrupting its metadata, data or code, and from small assembled kernels."""
from vt_cases import default_cases
import argparse, os, shutil, subprocess, sys, tempfile

def words(path):
    return [l.split()[0] for l in open(path) if l.strip() and not l.startswith('//')]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--cases', default=default_cases())
    a = ap.parse_args()
    case = os.path.join(a.cases, 'verilog-top', 'tc_vecadd-4w16t')
    tmp = tempfile.mkdtemp()
    meta, data = words(os.path.join(case, 'vecadd_0.metadata')), words(os.path.join(case, 'vecadd_0.data'))
    nbuf = int(meta[26], 16)
    sizes = [int(meta[28 + 2 * nbuf + 2 * i], 16) for i in range(nbuf)]
    bases = [int(meta[28 + 2 * i], 16) for i in range(nbuf)]
    code_buf = bases.index(0x80000000)
    code_at = sum((s + 3) // 4 for s in sizes[:code_buf])

    def write(name, lines):
        path = os.path.join(tmp, name)
        open(path, 'w').write('\n'.join(lines) + '\n')
        return path

    def patched(words_at):
        d = list(data)
        for k, w in words_at.items():
            d[code_at + k] = '%08x' % w
        return d

    good_meta = write('good.metadata', meta)
    tests = [
        ('corrupt metadata', [write('m1.metadata', meta[:-3]), write('d.data', data)], 'malformed metadata'),
        ('bad hex in metadata', [write('m2.metadata', meta[:5] + ['zz'] + meta[6:]), write('d.data', data)], 'hex'),
        ('short data file', [good_meta, write('d2.data', data[:-40])], 'too short'),
        ('illegal instruction', [good_meta, write('d3.data', patched({0: 0xffffffff}))], 'illegal instruction'),
        ('ecall', [good_meta, write('d4.data', patched({0: 0x00000073}))], 'ecall'),
        ('load outside any buffer', [good_meta, write('d5.data', patched({0: 0x00002303}))], 'outside any buffer'),
        ('runaway warp', [good_meta, write('d6.data', patched({0: 0x0000006f}))], 'runaway'),
        ('missing file', [good_meta, os.path.join(tmp, 'nope.data')], 'cannot read'),
        ('odd argument count', [good_meta], 'pairs'),
    ]
    # a barrier that can never complete: warp 0 spins while the others wait
    src = write('bar.s', ['\tcsrr t0, CSR_WID', '\tbeqz t0, spin', '\tbarrier x0, x0, 0', '\tendprg x0, x0, x0',
                          'spin:', '\tj spin'])
    r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
    if r.returncode:
        print('FAIL assembling the barrier kernel: %s' % r.stderr)
        return 1
    code = {i: int(w, 16) for i, w in enumerate(r.stdout.split())}
    tests.append(('barrier that never completes', [good_meta, write('d7.data', patched(code))], 'barrier'))
    # a conversion that rounds by frm while frm holds a reserved mode
    for k, insn in enumerate(['vfcvt.f.x.v v1, v2', 'vfadd.vv v1, v2, v3']):
        src = write('frm%d.s' % k, ['\tli t4, 32', '\tvsetvli t4, t4, e32, m1, ta, ma', '\tcsrwi frm, 5', '\t' + insn,
                                    '\tendprg x0, x0, x0'])
        r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
        code = {i: int(w, 16) for i, w in enumerate(r.stdout.split())}
        tests.append(('reserved frm in %s' % insn.split()[0], [good_meta, write('d8%d.data' % k, patched(code))],
                      'reserved rounding mode'))
    fails = 0
    # device printf: warp 0 writes "hi!\n" to the print buffer named by the kernel metadata (patched
    # to point at buffer c) and sets CSR_PRINT; the text must appear once on standard output
    src = write('print.s', ['\tcsrr t0, CSR_KNL', '\tlw t1, 48(t0)', '\tli t2, 0x0a216968', '\tsw t2, 0(t1)',
                            '\tsw zero, 4(t1)', '\tcsrr t3, CSR_WID', '\tbnez t3, done', '\tli t4, 1',
                            '\tcsrw CSR_PRINT, t4', '\tcsrr t5, CSR_PRINT', '\tsw t5, 8(t1)', 'done:',
                            '\tendprg x0, x0, x0'])
    r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
    code = {i: int(w, 16) for i, w in enumerate(r.stdout.split())}
    d = patched(code)
    knl = bases.index(int(meta[14], 16))
    knl_at = sum((s + 3) // 4 for s in sizes[:knl])
    d[knl_at + 12], d[knl_at + 13] = '%08x' % bases[2], '00000100'
    out = os.path.join(tmp, 'print.bin')
    r = subprocess.run([a.tool, 'run', '--isa', 'ventus', good_meta, write('dp.data', d), '--dump-mem',
                        '0x%x:12:%s' % (bases[2], out)], capture_output=True, text=True)
    ok = r.returncode == 0 and r.stdout == 'hi!\n' and open(out, 'rb').read()[8:12] == b'\0\0\0\0'
    print('%s device printf: exit %d, stdout %r (CSR_PRINT reads back 0 after the host took the text)'
          % ('ok  ' if ok else 'FAIL', r.returncode, r.stdout))
    fails += not ok
    for name, files, expect in tests:
        r = subprocess.run([a.tool, 'run', '--isa', 'ventus', '--max-instructions', '100000'] + files,
                           capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        ok = r.returncode > 0 and len(lines) == 1 and expect in lines[0]
        print('%s %s: exit %d: %s' % ('ok  ' if ok else 'FAIL', name, r.returncode, r.stderr.strip()))
        fails += not ok
    # a kernel file (ELF): the same vecadd as an ELF, run with bad launch descriptions; each must be
    # one line naming the cause
    from vt_elf import elf32
    here = os.path.dirname(os.path.abspath(__file__))
    r = subprocess.run([sys.executable, os.path.join(here, 'kernel_files.py'), '--write-elf', case,
                        os.path.join(tmp, 'k.elf')], capture_output=True, text=True)
    elf = os.path.join(tmp, 'k.elf')
    img = open(elf, 'rb').read()
    open(os.path.join(tmp, 'short.elf'), 'wb').write(img[:60])
    open(os.path.join(tmp, 'far.elf'), 'wb').write(elf32(b'\x13\0\0\0' * 4, 0x10000000, [('vecadd', 0x10000000)]))
    a_bin = os.path.join(tmp, 'a.bin')
    open(a_bin, 'wb').write(bytes(256))
    ok_args = ['--kernel', 'vecadd', '--global', '64', '--local', '64', '--arg', 'buf:' + a_bin, '--arg',
               'buf:' + a_bin, '--arg', 'zeros:256']
    ktests = [
        ('kernel file: no --kernel', [elf, '--global', '64', '--local', '64'], 'missing --kernel'),
        ('kernel file: unknown kernel', [elf] + ok_args[:1] + ['vecsub'] + ok_args[2:], "no kernel 'vecsub'"),
        ('kernel file: partial work-group', [elf] + ok_args[:3] + ['65'] + ok_args[4:], 'not a multiple'),
        ('kernel file: bad --warp-threads', [elf] + ok_args + ['--warp-threads', '3'], '--warp-threads'),
        ('kernel file: warp wider than the group', [elf, '--kernel', 'vecadd', '--global', '8', '--local', '8',
                                                    '--warp-threads', '16'], 'divides the work-group'),
        ('kernel file: __local argument', [elf] + ok_args + ['--arg', 'local:64'], '__local'),
        ('kernel file: --dump of a value', [elf] + ok_args + ['--arg', 'i32:5', '--dump', '3:x.bin'], 'not a buffer'),
        ('kernel file: truncated ELF', [os.path.join(tmp, 'short.elf')] + ok_args, 'short.elf'),
        ('kernel file: segment outside the code region', [os.path.join(tmp, 'far.elf')] + ok_args, 'outside the code region'),
        ('kernel file: not an ELF', [good_meta] + ok_args, 'not an ELF'),
        ('launch options with test vectors', [good_meta, write('dk.data', data), '--kernel', 'vecadd'],
         'applies to a kernel file'),
    ]
    for name, args, expect in ktests:
        r = subprocess.run([os.path.abspath(a.tool), 'run', '--isa', 'ventus'] + args, capture_output=True, text=True, cwd=tmp)
        lines = r.stderr.strip().splitlines()
        ok = r.returncode > 0 and len(lines) == 1 and expect in lines[0]
        print('%s %s: exit %d: %s' % ('ok  ' if ok else 'FAIL', name, r.returncode, r.stderr.strip()))
        fails += not ok
    # the codec: garbage words disassemble without crashing; bad assembly is one error line
    r = subprocess.run([a.tool, 'dis', '--isa', 'ventus', '--hex', 'ffffffff 00000000 0000007f'], capture_output=True, text=True)
    ok = r.returncode == 0 and r.stdout.count('<unknown>') == 3
    print('%s dis of invalid words: %r' % ('ok  ' if ok else 'FAIL', r.stdout))
    fails += not ok
    for bad in ['addi a0, a1, 5000', 'vadd.vv v1, v2', 'frobnicate x1', 'lw a0, 4(v1)', 'vle32.v v0, (a0), v0.t x']:
        s = write('bad.s', ['\t' + bad])
        r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', s], capture_output=True, text=True)
        ok = r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and 'error' in r.stderr
        print('%s as "%s": %s' % ('ok  ' if ok else 'FAIL', bad, r.stderr.strip()))
        fails += not ok
    shutil.rmtree(tmp)
    print('%d failing' % fails)
    return 1 if fails else 0

if __name__ == '__main__':
    sys.exit(main())
