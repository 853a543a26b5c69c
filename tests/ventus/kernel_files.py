#!/usr/bin/env python3
"""`wavesim run --isa ventus KERNEL.elf --kernel NAME ...` against the Ventus reference vectors: for
every single-launch case, the kernel file is rebuilt from what the vectors hold of the compiler's
output (the code buffer the reference loaded at 0x80000000, the symbols of object.dump), the
launch is described only by what a user knows (kernel name, global and local sizes, the arguments:
the user buffers' initial bytes and the values the reference packed in its argument buffer, the
warp width pocl was run with), and wavesim builds the metadata, argument buffer and private memory
itself. Checked: every user buffer's final bytes equal expected.<i>.hex; and where wavesim's
allocations land where the reference's did (pocl allocates in the same order), the commit trace
equals the reference spike log instruction by instruction (trace_diff's comparison)."""
from vt_cases import default_cases, words
from vt_elf import elf32
from trace_diff import compare_traces, describe
import argparse, glob, os, re, subprocess, sys, tempfile

def launch_table(meta, data):
    """(header fields, [(base, size, alloc, bytes)]) of a .metadata/.data pair (both layouts)."""
    u = [meta[i] | meta[i + 1] << 32 for i in range(0, len(meta) - 1, 2)]
    if len(meta) != 28 + 6 * u[13]:  # the older layout without the start PC
        u = [0x80000000] + u
    names = 'pc kid kx ky kz wf wg knl lds pds sgpr vgpr pdsbase nbuf'.split()
    h = dict(zip(names, u))
    n = h['nbuf']
    bases, sizes, allocs = u[14:14 + n], u[14 + n:14 + 2 * n], u[14 + 2 * n:14 + 3 * n]
    bufs, at = [], 0
    for b, s, al in zip(bases, sizes, allocs):
        k = (s + 3) // 4
        raw = b''.join(w.to_bytes(4, 'little') for w in data[at:at + k])[:s]
        bufs.append((b, s, al, raw))
        at += k
    return h, bufs

def symbols(dump):
    out = []
    for line in open(dump):
        m = re.match(r'^([0-9a-f]{8}) <([^>]+)>:', line)
        if m and not m.group(2).startswith('.'):
            out.append((m.group(2), int(m.group(1), 16)))
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool')
    ap.add_argument('--cases', default=default_cases())
    ap.add_argument('--write-elf', nargs=2, metavar=('CASE', 'OUT'),
                    help="only write CASE's kernel file (as this test rebuilds it) to OUT")
    a = ap.parse_args()
    if a.write_elf:
        case, out = a.write_elf
        launch = [l.strip() for l in open(os.path.join(case, 'launches.txt')) if l.strip()][0]
        h, bufs = launch_table(words(os.path.join(case, launch + '.metadata')), words(os.path.join(case, launch + '.data')))
        code = [b[3] for b in bufs if b[0] == 0x80000000][0]
        open(out, 'wb').write(elf32(code, 0x80000000, symbols(os.path.join(case, 'object.dump'))))
        return 0
    if not a.tool:
        ap.error('--tool is required')
    cases = [os.path.dirname(p) for p in sorted(glob.glob(os.path.join(a.cases, '*', '*', 'launches.txt')))]
    tmp = tempfile.mkdtemp()
    ran = failed = traced = 0
    for case in cases:
        launches = [l.strip() for l in open(os.path.join(case, 'launches.txt')) if l.strip()]
        if len(launches) != 1:
            continue  # one kernel run per command
        name = os.path.relpath(case, a.cases)
        launch = launches[0]
        h, bufs = launch_table(words(os.path.join(case, launch + '.metadata')), words(os.path.join(case, launch + '.data')))
        by_base = {b[0]: i for i, b in enumerate(bufs)}
        knl = bufs[by_base[h['knl']]][3]
        kw = [int.from_bytes(knl[i:i + 4], 'little') for i in range(0, 56, 4)]
        entry, arg_base, dims = kw[0], kw[1], kw[2]
        loc, off = kw[6:9], kw[9:12]
        # global = work-groups x local size (gpgpu-txt/test's older metadata buffer holds the group count there)
        glob_ = [h[k] * l for k, l in zip(('kx', 'ky', 'kz'), loc)]
        code = bufs[by_base[0x80000000]][3]
        dump = os.path.join(case, 'object.dump')
        # object.dump's symbols where the case has one, else the launch's kernel name at the entry
        syms = symbols(dump) if os.path.exists(dump) else [(re.sub(r'_\d+$', '', launch), entry)]
        kernel = [n for n, ad in syms if ad == entry]
        elf = os.path.join(tmp, 'kernel.elf')
        open(elf, 'wb').write(elf32(code, 0x80000000, syms))
        argbuf = bufs[by_base[arg_base]]
        user = [i for i, b in enumerate(bufs) if b[0] >= 0x90000000 and b[0] < arg_base]
        cmd = [a.tool, 'run', '--isa', 'ventus', elf, '--kernel', kernel[0],
               '--global', ','.join(map(str, glob_[:dims])), '--local', ','.join(map(str, loc[:dims])),
               '--offset', ','.join(map(str, off[:dims])), '--warp-threads', str(h['wf']),
               '--trace=spike=' + os.path.join(tmp, 'trace.log')]
        dumps = []
        argw = [int.from_bytes(argbuf[3][i:i + 4], 'little') for i in range(0, argbuf[1], 4)]
        for k, w in enumerate(argw):
            if w in by_base and by_base[w] in user:
                i = by_base[w]
                path = os.path.join(tmp, 'in%d.bin' % k)
                # the initial bytes, zero-filled to the reference's allocation as pocl's buffer was
                open(path, 'wb').write(bufs[i][3].ljust(bufs[i][2], b'\0'))
                cmd += ['--arg', 'buf:' + path, '--dump', '%d:%s' % (k, os.path.join(tmp, 'out%d.bin' % k))]
                dumps.append((k, i))
            else:
                cmd += ['--arg', 'u32:%d' % w]
        ran += 1
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            print('FAIL %s: exit %d: %s' % (name, r.returncode, r.stderr.strip()))
            failed += 1
            continue
        bad = []
        for k, i in dumps:
            exp = os.path.join(case, 'expected.%d.hex' % i)
            want = words(exp)
            got = open(os.path.join(tmp, 'out%d.bin' % k), 'rb').read()
            gotw = [int.from_bytes(got[j:j + 4], 'little') for j in range(0, 4 * len(want), 4)]
            if gotw != want:
                j = next(j for j in range(len(want)) if gotw[j] != want[j])
                bad.append('buffer %d word %d: want %08x got %08x' % (i, j, want[j], gotw[j]))
        # the trace, when every buffer sits at the reference's address
        log = os.path.join(case, launch + '.log')
        ours = open(os.path.join(tmp, 'trace.log')).read()
        note = ''
        if os.path.exists(log):
            n, diff = compare_traces(open(log).read(), ours)
            traced += 1
            if diff:
                bad += describe(diff)
            else:
                note = ', trace equal to the reference log (%d instructions)' % n
        if bad:
            failed += 1
            print('FAIL %s: %s' % (name, '\n   '.join(bad)))
        else:
            print('ok   %s: %s, %d buffers checked%s' % (name, kernel[0], len(dumps), note))
    print('%d kernel files run, %d traces compared, %d failed' % (ran, traced, failed))
    return 1 if failed or not ran else 0

if __name__ == '__main__':
    sys.exit(main())
