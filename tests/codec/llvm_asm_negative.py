#!/usr/bin/env python3
# Negative assembler tests: lines that llvm-mc-19 rejects must be rejected by wavesim too.
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
from llvm_probe import assemble  # noqa: E402

BAD = [
    's_mov_b32 s0', 's_mov_b32 s0, s1, s2', 's_mov_b32 v0, s1', 's_mov_b32 s0, v1', 's_mov_b64 s[1:2], s[4:5]',
    's_mov_b64 s[0:1], s[3:4]', 's_mov_b64 s0, s[2:3]', 's_add_u32 s0, s1', 's_add_u32 s0, 0x123456789, s1',
    's_add_u32 s0, 0x12345, 0x54321', 's_mov_b32 s106, s0', 's_mov_b32 s0, s106', 's_load_b32 s0, s[1:2], 0',
    's_load_b32 s[0:1], s[2:3], 0', 's_load_b64 s[1:2], s[2:3], 0', 's_load_b32 s0, s[2:3], 0x200000',
    's_load_b32 s0, s[2:3], s4 offset:0x100000', 's_waitcnt vmcnt(64)', 's_waitcnt lgkmcnt(64)',
    's_waitcnt expcnt(8)', 's_waitcnt foo(0)', 's_sendmsg sendmsg(MSG_FOO)', 's_getreg_b32 s0, hwreg(HW_REG_FOO)',
    's_getreg_b32 s0, hwreg(1, 32, 4)', 's_getreg_b32 s0, hwreg(1, 0, 33)', 's_delay_alu instid0(FOO)',
    's_delay_alu instskip(VALU_DEP_1)', 's_nop 0x10000', 's_cmp_eq_u32 s0', 's_cmp_eq_u32 s0, s1, s2',
    's_movk_i32 s0, 0x10000', 's_foo_b32 s0, s1', 's_mov_b32 s0, s1 glc', 's_load_b32 s0, s[2:3], 0 clamp',
    's_mov_b32 ttmp16, s0', 's_mov_b32 s0, 1.0e40', 's_mov_b32 s0, (', 's_mov_b32 s0, 1 +', 's_endpgm s0',
    's_branch s0', 's_and_b64 s[0:1], s[2:3], s[5:6]', 's_lshl_b64 s[0:1], s[2:3], s[4:6]',
    's_mov_b32 s0, exec', 's_bitset0_b64 s[1:2], s0', 's_load_b128 s[2:5], s[0:1], 0', 's_load_b256 s[4:11], s[0:1], 0',
    's_buffer_load_b32 s0, s[1:4], 0', 's_buffer_load_b32 s0, s[0:1], 0',
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    ref = assemble(BAD)
    rejected = [line for line, r in zip(BAD, ref) if r[0] == 'err']
    ours = subprocess.run([args.tool, '--asm'], input='\n'.join(rejected) + '\n', capture_output=True, text=True,
                          check=True).stdout.splitlines()
    bad = [(l, o) for l, o in zip(rejected, ours) if not o.startswith('<error>')]
    for l, o in bad:
        print('ACCEPTED BY US, REJECTED BY LLVM: %s -> %s' % (l, o))
    print('negative tests: %d lines rejected by llvm-mc-19, %d accepted by wavesim' % (len(rejected), len(bad)))
    return 1 if bad or len(rejected) < 40 else 0


if __name__ == '__main__':
    sys.exit(main())
