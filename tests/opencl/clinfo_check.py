#!/usr/bin/env python3
# clinfo (Khronos-style platform lister, Debian package clinfo, written by others) against wavesim's
# OpenCL platform: it must list exactly one platform named wavesim with one GPU device gfx1100, the
# key limits this platform promises, and no query error anywhere in its full output. The machine-
# readable form (clinfo --raw) is parsed, so the check does not depend on clinfo's layout.
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--icd', required=True, help='directory holding wavesim.icd')
    args = ap.parse_args()
    env = dict(os.environ, OCL_ICD_VENDORS=os.path.abspath(args.icd))
    try:
        human = subprocess.run(['clinfo'], capture_output=True, text=True, env=env, timeout=300)
        raw = subprocess.run(['clinfo', '--raw'], capture_output=True, text=True, env=env, timeout=300)
    except FileNotFoundError:
        print('clinfo is not installed: apt-get install clinfo')
        return 1
    problems = []
    if human.returncode != 0 or raw.returncode != 0:
        problems.append('clinfo exited %d / %d: %s' % (human.returncode, raw.returncode, human.stderr[-400:]))
    # clinfo prints failed queries as "<error: CL_...>" or "Invalid ..." in place of the value
    for line in human.stdout.splitlines():
        if re.search(r'<error|CL_INVALID|error:|Invalid', line):
            problems.append('clinfo reports a failed query: ' + line.strip())
    values = {}
    for line in raw.stdout.splitlines():
        m = re.match(r'\s*\[(\w+)/(\*|\d+)\]\s+(CL_\w+)\s+(.*)$', line)
        if m:
            values.setdefault(m.group(3), m.group(4).strip())
    want = {
        'CL_PLATFORM_NAME': 'wavesim',
        'CL_DEVICE_NAME': 'gfx1100',
        'CL_DEVICE_TYPE': 'CL_DEVICE_TYPE_GPU',
        'CL_DEVICE_MAX_WORK_GROUP_SIZE': '1024',
        'CL_DEVICE_MAX_COMPUTE_UNITS': '96',
        'CL_DEVICE_LOCAL_MEM_SIZE': '65536',
        'CL_DEVICE_ADDRESS_BITS': '64',
        'CL_DEVICE_IMAGE_SUPPORT': 'CL_TRUE',
        'CL_DEVICE_IMAGE2D_MAX_WIDTH': '16384',
        'CL_DEVICE_MAX_SAMPLERS': '16',
        'CL_DEVICE_PROFILE': 'FULL_PROFILE',
    }
    for key, val in want.items():
        if key not in values:
            problems.append('%s missing from clinfo --raw' % key)
        elif values[key] != val:
            problems.append('%s is %r, expected %r' % (key, values[key], val))
    m = re.search(r'Number of platforms\s+(\d+)', human.stdout)
    if not m or m.group(1) != '1':
        problems.append('clinfo sees %s platforms, expected 1' % (m.group(1) if m else 'no'))
    m = re.search(r'Number of devices\s+(\d+)', human.stdout)
    if not m or m.group(1) != '1':
        problems.append('clinfo sees %s devices, expected 1' % (m.group(1) if m else 'no'))
    if not re.search(r'CL_DEVICE_VERSION\s+OpenCL 3\.0 ', raw.stdout):
        problems.append('CL_DEVICE_VERSION does not start with "OpenCL 3.0 "')
    exts = values.get('CL_DEVICE_EXTENSIONS', '')
    for e in ('cl_khr_fp64', 'cl_khr_fp16', 'cl_khr_global_int32_base_atomics', 'cl_khr_int64_base_atomics'):
        if e not in exts.split():
            problems.append('CL_DEVICE_EXTENSIONS lacks ' + e)
    for p in problems:
        print('FAIL ' + p)
    print('clinfo: %d platform properties checked, %d output lines scanned, %d problems'
          % (len(want) + 3, len(human.stdout.splitlines()), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
