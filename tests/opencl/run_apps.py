#!/usr/bin/env python3
# The OpenCL application tests: every host program in tests/opencl/apps (plain C against <CL/cl.h>,
# linked with the ICD loader) is built once and run twice, on PoCL (the native CPU OpenCL, an
# oracle nobody here wrote) and on wavesim's OpenCL platform, chosen only by OCL_ICD_VENDORS. Both
# runs must succeed (each program checks its own results too) and print the same results: integer
# lines equal, float lines ("f NAME ULP ...", "d NAME ULP ...") within the ULP bound the program
# states for them, and "a NAME TOL ..." floats within an absolute bound (filtered image reads, whose
# precision OpenCL leaves open). Each run must report the platform it was meant to use.
import argparse
import glob
import os
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
POCL_ICD = '/etc/OpenCL/vendors/pocl.icd'


def ordered(bits, width):
    """Maps float bits to integers in the order of the floats (so ulp distance is a difference)."""
    sign = 1 << (width - 1)
    magnitude = bits & (sign - 1)
    return -magnitude if bits & sign else magnitude


def compare(name, ours, theirs):
    a_lines, b_lines = ours.splitlines(), theirs.splitlines()
    if len(a_lines) != len(b_lines):
        return '%s: %d result lines on wavesim, %d on PoCL' % (name, len(a_lines), len(b_lines))
    for a, b in zip(a_lines, b_lines):
        fa, fb = a.split(), b.split()
        if fa[:2] != fb[:2] or len(fa) != len(fb):
            return '%s: result lines differ in shape: %r vs %r' % (name, a[:80], b[:80])
        kind, label = fa[0], fa[1]
        if kind == 'i':
            for i, (x, y) in enumerate(zip(fa[2:], fb[2:])):
                if x != y:
                    return '%s: %s[%d] is %s on wavesim, %s on PoCL' % (name, label, i, x, y)
        elif kind in ('f', 'd'):
            ulp, width = int(fa[2]), 32 if kind == 'f' else 64
            for i, (x, y) in enumerate(zip(fa[3:], fb[3:])):
                dx, dy = ordered(int(x, 16), width), ordered(int(y, 16), width)
                if abs(dx - dy) > ulp:
                    fmt = '<f' if kind == 'f' else '<d'
                    size = 'I' if kind == 'f' else 'Q'
                    vx = struct.unpack(fmt, struct.pack('<' + size, int(x, 16)))[0]
                    vy = struct.unpack(fmt, struct.pack('<' + size, int(y, 16)))[0]
                    return ('%s: %s[%d] is %r (%s) on wavesim, %r (%s) on PoCL: %d ulp apart, %d allowed'
                            % (name, label, i, vx, x, vy, y, abs(dx - dy), ulp))
        elif kind == 'a':
            tol = float(fa[2])
            for i, (x, y) in enumerate(zip(fa[3:], fb[3:])):
                vx = struct.unpack('<f', struct.pack('<I', int(x, 16)))[0]
                vy = struct.unpack('<f', struct.pack('<I', int(y, 16)))[0]
                if not (abs(vx - vy) <= tol or (vx != vx and vy != vy)):
                    return ('%s: %s[%d] is %r on wavesim, %r on PoCL: %g apart, %g allowed'
                            % (name, label, i, vx, vy, abs(vx - vy), tol))
        else:
            return '%s: unknown result line %r' % (name, a[:40])
    return None


def run(exe, icd_dir, want_platform):
    env = dict(os.environ, OCL_ICD_VENDORS=icd_dir)
    p = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=600)
    platform = ''
    for line in p.stderr.splitlines():
        if line.startswith('platform: '):
            platform = line[len('platform: '):]
    if p.returncode != 0:
        return None, 'exit %d: %s' % (p.returncode, p.stderr.strip()[-800:])
    if want_platform not in platform:
        return None, 'ran on platform %r, not %r' % (platform, want_platform)
    return p.stdout, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--icd', required=True, help='directory holding wavesim.icd')
    ap.add_argument('--build', required=True, help='where the host programs are built')
    ap.add_argument('--cflags', default='-O1', help='compiler flags for the host programs (sanitizers)')
    args = ap.parse_args()
    if not os.path.exists(POCL_ICD):
        print('PoCL is not installed (%s missing): apt-get install pocl-opencl-icd' % POCL_ICD)
        return 1
    os.makedirs(args.build, exist_ok=True)
    pocl_dir = os.path.join(args.build, 'icd-pocl')
    os.makedirs(pocl_dir, exist_ok=True)
    shutil.copy(POCL_ICD, os.path.join(pocl_dir, 'pocl.icd'))
    apps = sorted(glob.glob(os.path.join(HERE, 'apps', '*.c')))
    failures = []
    for src in apps:
        name = os.path.splitext(os.path.basename(src))[0]
        exe = os.path.join(args.build, name)
        cc = subprocess.run(['cc', '-std=c11', '-D_DEFAULT_SOURCE', '-Wall', '-Wextra', '-Werror'] +
                            args.cflags.split() + [src, '-o', exe, '-lOpenCL', '-lpthread'],
                            capture_output=True, text=True)
        if cc.returncode != 0:
            failures.append('%s: does not compile: %s' % (name, cc.stderr.strip()[-500:]))
            continue
        theirs, err = run(exe, pocl_dir, 'Portable Computing Language')
        if err:
            failures.append('%s on PoCL: %s' % (name, err))
            continue
        ours, err = run(exe, os.path.abspath(args.icd), 'wavesim')
        if err:
            failures.append('%s on wavesim: %s' % (name, err))
            continue
        diff = compare(name, ours, theirs)
        if diff:
            failures.append(diff)
        else:
            print('ok %s (%d result lines)' % (name, len(ours.splitlines())))
    for f in failures:
        print('FAIL ' + f)
    print('%d of %d OpenCL applications give PoCL\'s results on wavesim' % (len(apps) - len(failures), len(apps)))
    return 1 if failures or not apps else 0


if __name__ == '__main__':
    sys.exit(main())
