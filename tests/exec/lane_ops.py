#!/usr/bin/env python3
# Cross-lane and indexed VALU moves against a Python model written from seed 000 and the ISA
# text, in wave32 and wave64 with partial EXEC masks: v_readfirstlane/readlane/writelane (lane
# select ignores high bits), v_permlane16/x16 (every select pattern kind, fetch-inactive and bound
# control from OP_SEL), v_permlane64, v_movrels/movreld/movrelsd/movrelsd_2, v_swap, v_swaprel with
# M0 indexing and the out-of-range rules (a source beyond the allocated VGPRs reads v0, a
# destination beyond them is not written), v_nop/v_pipeflush (nothing changes) and v_illegal
# (an illegal-instruction fault). The whole register window v8..v39 is compared after each op.
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

NVGPRS = 40      # allocated VGPRs: v40 and above are out of range
LO, HI = 8, 40   # the window compared


def init_value(reg, lane, group):
    return (0x5a000000 | group << 16 | reg << 8 | lane) if reg else (0x11000000 | group << 16 | lane)


def model(case, wave, group):
    """Register file v0, v8..v39 after the op: {reg: [lanes]}; None for a faulting op."""
    op, exec_mask, m0, s40, s44, s48, opsel = (case[k] for k in ('op', 'exec', 'm0', 's40', 's44', 's48', 'opsel'))
    v = {r: [init_value(r, l, group) for l in range(wave)] for r in [0] + list(range(LO, HI))}
    rd = lambda r: v[r] if r < NVGPRS else v[0]  # out of range reads v0
    active = [exec_mask >> l & 1 for l in range(wave)]
    name = op.split()[0].replace('_e32', '').replace('_e64', '')
    if name in ('v_nop', 'v_pipeflush'):
        return v
    if name == 'v_readfirstlane_b32':
        first = next((l for l in range(wave) if active[l]), 0)
        v[8] = [v[16][first]] * wave  # the kernel copies s8 to every lane of v8
    elif name == 'v_readlane_b32':
        v[8] = [v[16][s44 & (wave - 1)]] * wave
    elif name == 'v_writelane_b32':
        v[8][s44 & (wave - 1)] = s40
    elif name in ('v_permlane16_b32', 'v_permlanex16_b32'):
        sel = s48 << 32 | s44
        fi, bc = opsel & 1, opsel >> 1 & 1
        src, new = list(v[16]), list(v[8])
        for l in range(wave):
            if not active[l]:
                continue
            row = l & ~15
            if name == 'v_permlanex16_b32':
                row ^= 16
            s = row + (sel >> (4 * (l & 15)) & 15)
            if active[s] or fi:
                new[l] = src[s]
            elif bc:
                new[l] = 0
        v[8] = new
    elif name == 'v_permlane64_b32':
        if wave == 64:
            src = list(v[16])
            for l in range(64):
                if active[l]:
                    v[8][l] = src[l ^ 32]
    elif name in ('v_movrels_b32', 'v_movreld_b32', 'v_movrelsd_b32', 'v_movrelsd_2_b32', 'v_swaprel_b32', 'v_swap_b32'):
        if name == 'v_movrels_b32':
            d, s = 8, 16 + m0
        elif name == 'v_movreld_b32':
            d, s = 8 + m0, 16
        elif name == 'v_movrelsd_b32':
            d, s = 8 + m0, 16 + m0
        elif name == 'v_swap_b32':
            d, s = 8, 16
        else:  # movrelsd_2 and swaprel: destination index M0[25:16], source index M0[9:0]
            d, s = 8 + (m0 >> 16 & 0x3ff), 16 + (m0 & 0x3ff)
        sval, dval = list(rd(s)), list(rd(d))
        for l in range(wave):
            if not active[l]:
                continue
            if d < NVGPRS:
                v[d][l] = sval[l]
            if name in ('v_swap_b32', 'v_swaprel_b32') and s < NVGPRS:
                v[s][l] = dval[l]
    else:
        raise ValueError(op)
    return v


def cases(rng):
    out = []

    def add(op, **kw):
        c = {'op': op, 'exec': None, 'm0': 0, 's40': rng.getrandbits(32), 's44': 0, 's48': 0, 'opsel': 0}
        c.update(kw)
        out.append(c)

    for _ in range(3):
        add('v_readfirstlane_b32 s8, v16')
    add('v_readfirstlane_b32 s8, v16', exec=0)
    for s44 in (0, 5, 31, 33, 63, 0xffffffe1, 0x12345678):
        add('v_readlane_b32 s8, v16, s44', s44=s44)
        add('v_writelane_b32 v8, s40, s44', s44=s44)
    for name in ('v_permlane16_b32', 'v_permlanex16_b32'):
        for pattern in ('identity', 'reverse', 'broadcast', 'random', 'random'):
            if pattern == 'identity':
                sel = sum(i << 4 * i for i in range(16))
            elif pattern == 'reverse':
                sel = sum((15 - i) << 4 * i for i in range(16))
            elif pattern == 'broadcast':
                sel = sum(7 << 4 * i for i in range(16))
            else:
                sel = rng.getrandbits(64)
            for opsel in range(4):
                mods = ' op_sel:[%d,%d]' % (opsel & 1, opsel >> 1) if opsel else ''
                add('%s v8, v16, s44, s48%s' % (name, mods), s44=sel & 0xffffffff, s48=sel >> 32, opsel=opsel)
    add('v_permlane64_b32 v8, v16')
    for m0 in (0, 3, 7, 23, 24, 30, 100):
        add('v_movrels_b32_e32 v8, v16', m0=m0)
        add('v_movreld_b32_e32 v8, v16', m0=m0)
        add('v_movrelsd_b32_e32 v8, v16', m0=m0)
        add('v_movrels_b32_e64 v8, v16', m0=m0)
    for m0 in (0, 0x00030002, 0x00200004, 0x00040018, 0x00640001, 0x0001001f):
        add('v_movrelsd_2_b32_e32 v8, v16', m0=m0)
        add('v_swaprel_b32 v8, v16', m0=m0)
    for m0 in (0, 5, 40):
        add('v_movreld_b32_e64 v8, v16', m0=m0)
        add('v_movrelsd_b32_e64 v8, v16', m0=m0)
    for m0 in (0, 0x00030002, 0x00640001):
        add('v_movrelsd_2_b32_e64 v8, v16', m0=m0)
    add('v_swap_b32 v8, v16')
    for name in ('v_nop', 'v_pipeflush'):
        add(name)
        add(name + '_e64')
    return out


def kernel(idx, c, wave):
    w64 = wave == 64
    body = ['s_load_b64 s[6:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 'v_lshlrev_b32 v1, 2, v0',
            's_lshl_b32 s9, s2, 16', 'v_or_b32 v2, s9, v0']
    # v0 (reads for out-of-range sources) and the window: init_value(reg, lane, group)
    for r in range(LO, HI):
        body.append('v_or_b32 v%d, 0x%x, v2' % (r, 0x5a000000 | r << 8))
    body += ['v_or_b32 v0, 0x11000000, v2',
             's_mov_b32 m0, 0x%x' % c['m0'], 's_mov_b32 s40, 0x%x' % c['s40'], 's_mov_b32 s44, 0x%x' % c['s44'],
             's_mov_b32 s48, 0x%x' % c['s48'], 's_mov_b32 s8, 0',
             's_mov_b32 exec_lo, 0x%x' % (c['exec'] & 0xffffffff)]
    if w64:
        body.append('s_mov_b32 exec_hi, 0x%x' % (c['exec'] >> 32))
    body += [c['op'], 's_mov_b64 exec, -1' if w64 else 's_mov_b32 exec_lo, -1']
    if 'readlane' in c['op'] or 'readfirstlane' in c['op']:
        body.append('v_mov_b32 v8, s8')
    regs = [0] + list(range(LO, HI))
    for k, r in enumerate(regs):
        body += ['s_mul_i32 s10, s2, %d' % (4 * wave * len(regs)), 's_add_u32 s10, s10, %d' % (4 * wave * k),
                 's_add_u32 s10, s6, s10', 's_addc_u32 s11, s7, 0', 'global_store_b32 v1, v%d, s[10:11]' % r]
    body += ['s_endpgm']
    return asmkit.Kernel('lane%d_w%d' % (idx, wave), body, nargs=1, vgprs=NVGPRS, sgprs=56, wave64=w64)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=8)
    ap.add_argument('--covered', default='', help='write the rows verified in both wave sizes here')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    groups = 2
    bad = checked = 0
    regs = [0] + list(range(LO, HI))
    with tempfile.TemporaryDirectory() as tmp:
        for wave in (32, 64):
            cs = cases(rng)
            for c in cs:
                if c['exec'] is None:
                    c['exec'] = rng.getrandbits(wave) | 1 << rng.randrange(wave)
            ks = [kernel(i, c, wave) for i, c in enumerate(cs)]
            hsaco = asmkit.build(args.tool, ks, tmp, 'lanes%d' % wave, wave64=wave == 64)
            out = os.path.join(tmp, 'out')
            for c, k in zip(cs, ks):
                p = asmkit.run(args.tool, hsaco, k.name, wave * groups, wave, ['zeros:%d' % (4 * wave * len(regs) * groups)],
                               {0: out})
                if p.returncode:
                    print('FAIL %s (%s): %s' % (k.name, c['op'], p.stderr.strip()))
                    bad += 1
                    continue
                got = open(out, 'rb').read()
                for g in range(groups):
                    want = model(c, wave, g)
                    for k_, r in enumerate(regs):
                        for lane in range(wave):
                            have = struct.unpack_from('<I', got, (((g * len(regs)) + k_) * wave + lane) * 4)[0]
                            checked += 1
                            if have != want[r][lane]:
                                bad += 1
                                if bad <= 20:
                                    print('MISMATCH w%d %s m0 0x%x s44 0x%x exec 0x%x group %d v%d lane %d: want 0x%x got 0x%x'
                                          % (wave, c['op'], c['m0'], c['s44'], c['exec'], g, r, lane, want[r][lane], have))
        # v_illegal must stop the dispatch with an illegal-instruction fault
        k = asmkit.Kernel('illegal', ['v_illegal', 's_endpgm'], nargs=1)
        hsaco = asmkit.build(args.tool, [k], tmp, 'illegal')
        p = asmkit.run(args.tool, hsaco, 'illegal', 32, 32, ['zeros:4'], {})
        if p.returncode == 0 or 'illegal instruction' not in p.stderr:
            bad += 1
            print('FAIL v_illegal: exit %d: %s' % (p.returncode, p.stderr.strip()))
    if args.covered and not bad:
        ran = {c['op'].split()[0] for c in cases(random.Random(0))}
        # v_nop and v_pipeflush name their VOP1 and VOP3 rows alike; both encodings ran
        names = ran | {n[:-4] for n in ran if n.endswith('_e64') and n[:-4] in ran} | {'v_illegal'}
        with open(args.covered, 'w') as f:
            f.write('\n'.join(sorted(names)) + '\n')
    print('lane ops: %d results, %d mismatches' % (checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
