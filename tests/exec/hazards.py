#!/usr/bin/env python3
# The hazards seed 000 leaves to software and the VOPD pairing rules:
# - a WMMA whose A or B is the D of the WMMA just before it is reported as a warning (stderr,
#   --stats, the trace; the same untraced), and not when a VALU instruction sits between or when
#   only C is shared;
# - V_PERMLANE right after V_CMPX likewise, and not with a v_nop between;
# - a code object holding a VOPD pair that breaks a bank rule is refused at load with the rule
#   named, although the disassembler prints it as LLVM does.
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

WMMA = 'v_wmma_f32_16x16x16_f16 v[%s], v[%s], v[24:31], v[32:39]'
PRE = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)']
# (kernel name, body, WMMA hazards expected, permlane hazards expected)
CASES = [
    ('wmma_dep_a', [WMMA % ('16:23', '8:15'), WMMA % ('40:47', '16:23')], 1, 0),
    ('wmma_dep_b', [WMMA % ('24:31', '8:15'), 'v_wmma_f32_16x16x16_f16 v[40:47], v[8:15], v[28:35], v[32:39]'], 1, 0),
    ('wmma_nop_between', [WMMA % ('16:23', '8:15'), 'v_nop', WMMA % ('40:47', '16:23')], 0, 0),
    ('wmma_valu_between', [WMMA % ('16:23', '8:15'), 'v_mov_b32 v1, v2', WMMA % ('40:47', '16:23')], 0, 0),
    ('wmma_salu_between', [WMMA % ('16:23', '8:15'), 's_mov_b32 s9, 0', WMMA % ('40:47', '16:23')], 1, 0),
    ('wmma_c_chain', ['v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[24:31], v[32:39]',
                      'v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[24:31], v[32:39]'], 0, 0),
    ('wmma_independent', [WMMA % ('40:47', '8:15'), WMMA % ('48:55', '16:23')], 0, 0),
    ('permlane_after_cmpx', ['v_cmpx_le_u32_e32 0, v0', 'v_permlane16_b32 v1, v2, s4, s5'], 0, 1),
    ('permlanex_after_cmpx', ['v_cmpx_lt_u32_e64 v0, 40', 'v_permlanex16_b32 v1, v2, s4, s5'], 0, 1),
    ('permlane_nop_between', ['v_cmpx_le_u32_e32 0, v0', 'v_nop', 'v_permlane16_b32 v1, v2, s4, s5'], 0, 0),
    ('permlane_after_cmp', ['v_cmp_le_u32_e32 vcc_lo, 0, v0', 'v_permlane16_b32 v1, v2, s4, s5'], 0, 0),
]


def count(stderr, kind):
    for line in stderr.splitlines():
        if ' x %s,' % kind in line:
            return int(line.split('warning: ')[1].split(' x ')[0])
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        ks = [asmkit.Kernel(n, PRE + b + ['s_endpgm'], nargs=1, vgprs=64) for n, b, _, _ in CASES]
        hsaco = asmkit.build(args.tool, ks, tmp, 'hazards')
        trace = os.path.join(tmp, 'trace')
        for (name, _, wmma, perm), k in zip(CASES, ks):
            p = asmkit.run(args.tool, hsaco, name, 64, 32, ['zeros:64'], {}, extra=['--stats', '--trace=' + trace])
            traced = open(trace).read() if os.path.exists(trace) else ''
            # each wave of the two warns once per hazard
            got = (count(p.stderr, 'WMMA hazard'), count(p.stderr, 'permlane hazard'))
            want = (2 * wmma, 2 * perm)
            in_trace = (traced.count('warning: WMMA hazard'), traced.count('warning: permlane hazard'))
            in_stats = ('%d WMMA hazard, %d permlane hazard' % want) in p.stdout
            if p.returncode or got != want or in_trace != want or not in_stats:
                bad += 1
                print('FAIL %s: exit %d, warnings %s (trace %s), want %s; stats line %s; %s'
                      % (name, p.returncode, got, in_trace, want, 'ok' if in_stats else 'missing', p.stderr.strip()))
            # untraced, the fetch loop's short path runs (r3_xop.plain): the same warnings
            q = asmkit.run(args.tool, hsaco, name, 64, 32, ['zeros:64'], {}, extra=['--stats'])
            got = (count(q.stderr, 'WMMA hazard'), count(q.stderr, 'permlane hazard'))
            if q.returncode or got != want or ('%d WMMA hazard, %d permlane hazard' % want) not in q.stdout:
                bad += 1
                print('FAIL %s untraced: exit %d, warnings %s, want %s; %s' % (name, q.returncode, got, want,
                                                                         q.stderr.strip()))
        # VOPD: v_dual_mov_b32 v1, v2 :: v_dual_mov_b32 v4, v6 (src0 v2 and v6 share bank 2)
        words = ['0xca100102', '0x01040106']
        src = asmkit.source([asmkit.Kernel('vopd_bad', ['.long %s' % w for w in words] + ['s_endpgm'], nargs=1)])
        s, o = os.path.join(tmp, 'vopd.s'), os.path.join(tmp, 'vopd.hsaco')
        with open(s, 'w') as f:
            f.write(src)
        subprocess.run([args.tool, 'as', s, '-o', o], check=True)
        dis = subprocess.run([args.tool, 'dis', '--hex', ' '.join(words)], capture_output=True, text=True)
        if dis.stdout.strip() != 'v_dual_mov_b32 v1, v2 :: v_dual_mov_b32 v4, v6':
            bad += 1
            print('FAIL vopd disassembly: %r' % dis.stdout)
        p = asmkit.run(args.tool, o, 'vopd_bad', 32, 32, ['zeros:64'], {})
        if p.returncode == 0 or 'src0 operands must use different VGPR banks' not in p.stderr \
                or 'illegal instruction' not in p.stderr:
            bad += 1
            print('FAIL vopd load: exit %d: %s' % (p.returncode, p.stderr.strip()))
    print('hazards: %d cases + VOPD rule, %d failures' % (len(CASES), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
