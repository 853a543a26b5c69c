#!/usr/bin/env python3
# Atomic-heavy kernel run many times on two host threads: every work-item hits the same few words
# with global, buffer and LDS atomics and a compare-swap retry loop. Any lost update or torn
# read-modify-write across host threads shows up as a count that differs from the exact answer.
import argparse
import functools
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

GROUPS, LOCAL = 256, 64
N = GROUPS * LOCAL


def kernel():
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)',
            's_lshl_b32 s8, s2, 6', 'v_add_nc_u32 v2, s8, v0',          # v2 = global id
            'v_mov_b32 v1, 0', 'v_mov_b32 v3, 1', 'v_mov_b32 v4, 1.0', 'v_xor_b32 v5, 0x5555, v2',
            'v_mov_b32 v6, -1',
            'global_atomic_add_u32 v1, v3, s[4:5]',
            'global_atomic_max_i32 v1, v2, s[4:5] offset:4',
            'global_atomic_min_u32 v1, v5, s[4:5] offset:8',
            'global_atomic_add_f32 v1, v4, s[4:5] offset:12',
            'global_atomic_inc_u32 v1, v6, s[4:5] offset:16',
            'global_atomic_xor_b32 v1, v2, s[4:5] offset:20',
            # compare-swap increment loop on word 6
            's_mov_b32 s20, exec_lo', 'global_load_b32 v11, v1, s[4:5] offset:24 glc', 's_waitcnt vmcnt(0)',
            'cas:', 'v_add_nc_u32 v10, 1, v11', 'global_atomic_cmpswap_b32 v12, v1, v[10:11], s[4:5] offset:24 glc',
            's_waitcnt vmcnt(0)', 'v_cmp_ne_u32 vcc_lo, v12, v11', 'v_mov_b32 v11, v12',
            's_and_b32 exec_lo, exec_lo, vcc_lo', 's_cbranch_execnz cas', 's_mov_b32 exec_lo, s20',
            # LDS total of the group, then one lane adds it to word 7
            'v_mov_b32 v13, 0', 'v_cmp_eq_u32 vcc_lo, 0, v0', 's_and_saveexec_b32 s21, vcc_lo',
            'ds_store_b32 v13, v13', 's_mov_b32 exec_lo, s21', 's_waitcnt lgkmcnt(0)', 's_barrier',
            'ds_add_u32 v13, v3', 's_waitcnt lgkmcnt(0)', 's_barrier',
            's_and_saveexec_b32 s21, vcc_lo', 'ds_load_b32 v14, v13', 's_waitcnt lgkmcnt(0)',
            'global_atomic_add_u32 v1, v14, s[4:5] offset:28', 's_mov_b32 exec_lo, s21',
            # raw buffer atomic on word 8
            's_mov_b32 s12, s4', 's_and_b32 s13, s5, 0xffff', 's_mov_b32 s14, 64', 's_mov_b32 s15, 0x30014000',
            'buffer_atomic_add_u32 v3, off, s[12:15], 0 offset:32',
            's_waitcnt vmcnt(0)', 's_endpgm']
    return asmkit.Kernel('atomic_storm', body, nargs=1, lds=4)


def expected():
    return [N, N - 1, min(g ^ 0x5555 for g in range(N)), struct.unpack('<I', struct.pack('<f', float(N)))[0],
            N, functools.reduce(lambda a, b: a ^ b, range(N)), N, N, N]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--repeat', type=int, default=50)
    ap.add_argument('--threads', type=int, default=2)
    args = ap.parse_args()
    want = expected()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, [kernel()], tmp, 'storm')
        init, out = os.path.join(tmp, 'init'), os.path.join(tmp, 'out')
        with open(init, 'wb') as f:
            f.write(struct.pack('<16I', 0, 0, 0xffffffff, *([0] * 13)))
        for rep in range(args.repeat):
            p = asmkit.run(args.tool, hsaco, 'atomic_storm', N, LOCAL, ['buf:' + init], {0: out}, threads=args.threads)
            if p.returncode:
                print('FAIL run %d: %s' % (rep, p.stderr.strip()))
                bad += 1
                continue
            got = list(struct.unpack_from('<9I', open(out, 'rb').read()))
            if got != want:
                bad += 1
                print('MISMATCH run %d: got %s want %s' % (rep, got, want))
    print('atomics: %d runs of %d work-items on %d threads, %d bad' % (args.repeat, N, args.threads, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
