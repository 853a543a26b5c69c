#!/usr/bin/env python3
# GWS barriers and semaphores across workgroups, and ordered count, as seed 004 describes them.
# Each kernel gives wrong counts (or hangs, which wavesim must report) if the semantics are wrong:
# - barrier: every lane adds 1 to a global counter, passes a GWS barrier over all waves, reads the
#   counter (must equal the wave count), passes a second barrier; three rounds.
# - semaphore: every lane bumps a counter and releases units with sema_v or sema_br; wave 0 of
#   group 0 takes them all with sema_p and only then reads the counter (must be the wave count).
# - release_all: wave 0 waits in sema_p on a resource nobody signals; the last wave releases it.
# - ordered count: waves of many groups arrive in scrambled order (delay loops) and add their own
#   value; each must receive the prefix sum in wave-creation order.
# - deadlock: a barrier over more waves than exist must be reported, not hang.
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

GROUPS, LOCAL, WAVE = 12, 64, 32   # two waves per group
NWAVES = GROUPS * LOCAL // WAVE

# s8 = global wave index (group * 2 + wave in group); v1 = 0 for the atomics' address
PROLOGUE = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mov_b32 m0, 0',
            'v_readfirstlane_b32 s9, v0', 's_lshr_b32 s9, s9, 5', 's_lshl_b32 s8, s2, 1', 's_add_u32 s8, s8, s9',
            'v_mov_b32 v1, 0', 'v_mov_b32 v3, 1']


def barrier_kernel():
    body = PROLOGUE + ['v_mov_b32 v2, %d' % (NWAVES - 1), 's_mov_b32 s10, 0']
    body += ['round:',
             'global_atomic_add_u32 v1, v3, s[4:5]', 's_waitcnt vmcnt(0)',
             'ds_gws_barrier v2 gds', 's_waitcnt lgkmcnt(0)',
             'global_load_b32 v4, v1, s[4:5] glc', 's_waitcnt vmcnt(0)',
             # out[(round * NWAVES + wave) * 4 + 16] = counter
             's_mul_i32 s11, s10, %d' % NWAVES, 's_add_u32 s11, s11, s8', 's_lshl_b32 s11, s11, 2',
             's_add_u32 s11, s11, 16', 'v_mov_b32 v5, s11', 'global_store_b32 v5, v4, s[4:5]', 's_waitcnt vmcnt(0)',
             'ds_gws_barrier v2 offset:1 gds', 's_waitcnt lgkmcnt(0)',
             's_add_u32 s10, s10, 1', 's_cmp_lt_u32 s10, 3', 's_cbranch_scc1 round', 's_endpgm']
    return asmkit.Kernel('gws_barrier', body, nargs=1)


def semaphore_kernel():
    # waves with an even index release one unit with sema_v, odd ones (index % 3 + 1) with sema_br
    body = PROLOGUE + ['global_atomic_add_u32 v1, v3, s[4:5]', 's_waitcnt vmcnt(0)',
                       's_bitcmp1_b32 s8, 0', 's_cbranch_scc1 odd', 'ds_gws_sema_v offset:2 gds', 's_branch released',
                       'odd:', 's_mul_hi_u32 s12, s8, 0xaaaaaaab', 's_lshr_b32 s12, s12, 1', 's_mul_i32 s12, s12, 3',
                       's_sub_u32 s12, s8, s12', 's_add_u32 s12, s12, 1', 'v_mov_b32 v6, s12',
                       'ds_gws_sema_br v6 offset:2 gds',
                       'released:', 's_waitcnt lgkmcnt(0)', 's_cmp_eq_u32 s8, 0', 's_cbranch_scc0 done',
                       's_mov_b32 s10, 0', 'take:', 'ds_gws_sema_p offset:2 gds', 's_waitcnt lgkmcnt(0)',
                       's_add_u32 s10, s10, 1', 's_cmp_lt_u32 s10, %d' % semaphore_units(), 's_cbranch_scc1 take',
                       'global_load_b32 v4, v1, s[4:5] glc', 's_waitcnt vmcnt(0)', 'v_mov_b32 v5, 4',
                       'global_store_b32 v5, v4, s[4:5]',
                       'ds_gws_sema_p offset:4 gds', 's_waitcnt lgkmcnt(0)',  # nobody signals 4: release_all
                       'v_mov_b32 v5, 8', 'global_store_b32 v5, v3, s[4:5]', 's_waitcnt vmcnt(0)',
                       'done:',
                       # the last wave keeps releasing resource 4 until wave 0 says it got through
                       's_cmp_eq_u32 s8, %d' % (NWAVES - 1), 's_cbranch_scc0 end', 'v_mov_b32 v5, 8',
                       'spin:', 'ds_gws_sema_release_all offset:4 gds', 's_waitcnt lgkmcnt(0)',
                       'global_load_b32 v7, v5, s[4:5] glc', 's_waitcnt vmcnt(0)', 'v_readfirstlane_b32 s13, v7',
                       's_cmp_eq_u32 s13, 0', 's_cbranch_scc1 spin', 'end:', 's_endpgm']
    return asmkit.Kernel('gws_semaphore', body, nargs=1)


def semaphore_units():
    return sum(1 if w % 2 == 0 else w % 3 + 1 for w in range(NWAVES))


def ordered_kernel():
    # delay: (NWAVES - wave) * 40 iterations, so later waves reach ds_ordered_count first;
    # value added: wave * 3 + 1; counter 1 (offset0 = 4), wave_release | wave_done (offset1 = 3)
    body = PROLOGUE + ['s_sub_u32 s10, %d, s8' % NWAVES, 's_mul_i32 s10, s10, 40', 'delay:', 's_sub_u32 s10, s10, 1',
                       's_cmp_lg_u32 s10, 0', 's_cbranch_scc1 delay',
                       's_mul_i32 s11, s8, 3', 's_add_u32 s11, s11, 1', 'v_mov_b32 v2, s11',
                       'ds_ordered_count v4, v2 offset:0x304 gds', 's_waitcnt lgkmcnt(0)',
                       's_lshl_b32 s12, s8, 2', 'v_mov_b32 v5, s12', 'v_readfirstlane_b32 s13, v4', 'v_mov_b32 v4, s13',
                       'global_store_b32 v5, v4, s[4:5]', 's_endpgm']
    return asmkit.Kernel('ordered_count', body, nargs=1)


def deadlock_kernel():
    body = PROLOGUE + ['v_mov_b32 v2, %d' % NWAVES, 'ds_gws_barrier v2 gds', 's_waitcnt lgkmcnt(0)', 's_endpgm']
    return asmkit.Kernel('gws_deadlock', body, nargs=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--repeat', type=int, default=3)
    args = ap.parse_args()
    ks = [barrier_kernel(), semaphore_kernel(), ordered_kernel(), deadlock_kernel()]
    bad = 0

    def check(what, cond):
        nonlocal bad
        if not cond:
            bad += 1
            print('FAIL %s' % what)

    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, ks, tmp, 'gws')
        out = os.path.join(tmp, 'out')
        size = 16 + 4 * 3 * NWAVES
        for rep in range(args.repeat):
            p = asmkit.run(args.tool, hsaco, 'gws_barrier', GROUPS * LOCAL, LOCAL, ['zeros:%d' % size], {0: out},
                           threads=args.threads)
            check('gws_barrier ran: ' + p.stderr.strip(), p.returncode == 0)
            if p.returncode == 0:
                d = open(out, 'rb').read()
                got = [int.from_bytes(d[16 + 4 * i:20 + 4 * i], 'little') for i in range(3 * NWAVES)]
                want = [NWAVES * WAVE * (r + 1) for r in range(3) for _ in range(NWAVES)]  # every lane adds 1
                check('gws_barrier counts %s, want %s' % (got, want), got == want)

            p = asmkit.run(args.tool, hsaco, 'gws_semaphore', GROUPS * LOCAL, LOCAL, ['zeros:16'], {0: out},
                           threads=args.threads)
            check('gws_semaphore ran: ' + p.stderr.strip(), p.returncode == 0)
            if p.returncode == 0:
                d = open(out, 'rb').read()
                vals = [int.from_bytes(d[4 * i:4 * i + 4], 'little') for i in range(3)]
                check('gws_semaphore: counter seen after sema_p %d, want %d' % (vals[1], NWAVES * WAVE), vals[1] == NWAVES * WAVE)
                check('gws_semaphore: release_all passed the waiting wave', vals[2] == 1)

            p = asmkit.run(args.tool, hsaco, 'ordered_count', GROUPS * LOCAL, LOCAL, ['zeros:%d' % (4 * NWAVES)],
                           {0: out}, threads=args.threads)
            check('ordered_count ran: ' + p.stderr.strip(), p.returncode == 0)
            if p.returncode == 0:
                d = open(out, 'rb').read()
                got = [int.from_bytes(d[4 * i:4 * i + 4], 'little') for i in range(NWAVES)]
                want, total = [], 0
                for w in range(NWAVES):
                    want.append(total)
                    total += 3 * w + 1
                check('ordered_count prefix sums %s, want %s' % (got, want), got == want)

        p = asmkit.run(args.tool, hsaco, 'gws_deadlock', GROUPS * LOCAL, LOCAL, ['zeros:16'], {}, threads=args.threads)
        check('gws_deadlock reported (exit %d): %s' % (p.returncode, p.stderr.strip()),
              p.returncode != 0 and 'deadlock' in p.stderr)
    print('gws: %d failures' % bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
