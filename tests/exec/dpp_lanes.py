#!/usr/bin/env python3
# DPP16 and DPP8 over every lane position: every control (quad_perm all 256, row_shl/shr/ror 1-15,
# row_mirror, row_half_mirror, row_share 0-15, row_xmask 0-15) and DPP8 selectors, with each
# bound_ctrl/fi combination, row and bank masks, a partial EXEC, in wave32 and wave64. Each control
# moves lane data with v_mov_b32 (VOP1 DPP) and adds with v_add_nc_u32 (VOP2 DPP: only src0 moves);
# V_CMP with DPP must write the whole mask (0 for lanes the DPP did not write). The expected
# values come from the Python model below, written from the ISA's DPP description.
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

SENTINEL = 0xdead0000


def controls():
    out = ['quad_perm:[%d,%d,%d,%d]' % (q & 3, q >> 2 & 3, q >> 4 & 3, q >> 6 & 3) for q in range(256)]
    for name in ('row_shl', 'row_shr', 'row_ror'):
        out += ['%s:%d' % (name, n) for n in range(1, 16)]
    out += ['row_mirror', 'row_half_mirror']
    out += ['row_share:%d' % n for n in range(16)] + ['row_xmask:%d' % n for n in range(16)]
    return out


def source_lane(ctrl, lane):
    """The lane a DPP16 control reads for `lane`, or None when it falls outside the row."""
    row, i = lane & ~15, lane & 15
    name, _, arg = ctrl.partition(':')
    if name == 'quad_perm':
        sel = [int(v) for v in arg.strip('[]').split(',')]
        return (lane & ~3) + sel[lane & 3]
    n = int(arg) if arg else 0
    if name == 'row_shl':
        return row + i + n if i + n < 16 else None
    if name == 'row_shr':
        return row + i - n if i - n >= 0 else None
    if name == 'row_ror':
        return row + (i - n) % 16
    if name == 'row_mirror':
        return row + 15 - i
    if name == 'row_half_mirror':
        return row + (i & 8) + 7 - (i & 7)
    if name == 'row_share':
        return row + n
    if name == 'row_xmask':
        return row + (i ^ n)
    raise ValueError(ctrl)


def dpp16_model(ctrl, row_mask, bank_mask, bc, fi, exec_mask, src, old, wave):
    """Per lane: (written, value) of a DPP16 v_mov."""
    out = []
    for lane in range(wave):
        if not (exec_mask >> lane & 1) or not (row_mask >> (lane // 16) & 1) or not (bank_mask >> (lane % 16 // 4) & 1):
            out.append((False, old[lane]))
            continue
        s = source_lane(ctrl, lane)
        if s is None or (not (exec_mask >> s & 1) and not fi):
            out.append((True, 0) if bc else (False, old[lane]))
        else:
            out.append((True, src[s]))
    return out


def dpp8_model(sel, fi, exec_mask, src, wave):
    out = []
    for lane in range(wave):
        if not (exec_mask >> lane & 1):
            out.append(None)
            continue
        s = (lane & ~7) + sel[lane & 7]
        out.append(src[s] if (exec_mask >> s & 1) or fi else 0)
    return out


def build_kernel(name, wave, exec_mask, ops):
    """ops: list of DPP instruction texts (v8 <- v16 / v17). Each result goes to slot k of the output:
    out[k][group * wave + lane] for v8, then the VOPC mask bit. v16 = lane + 0x100 * group + 1,
    v17 = lane * 3; v8 starts at SENTINEL + lane before each op."""
    w64 = wave == 64
    full = 's_mov_b64 exec, -1' if w64 else 's_mov_b32 exec_lo, -1'
    part = ['s_mov_b32 exec_lo, 0x%x' % (exec_mask & 0xffffffff)]
    if w64:
        part.append('s_mov_b32 exec_hi, 0x%x' % (exec_mask >> 32))
    body = ['s_load_b64 s[6:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mul_i32 s8, s2, %d' % (wave * 4),
            'v_lshlrev_b32 v1, 2, v0', 'v_add_nc_u32 v1, s8, v1', 's_mul_i32 s9, s2, 0x100',
            'v_add_nc_u32 v16, s9, v0', 'v_add_nc_u32 v16, 1, v16', 'v_mul_u32_u24 v17, 3, v0',
            'v_or_b32 v18, 0x%x, v0' % SENTINEL]
    slot_bytes = 4 * wave * 2  # two groups
    for k, op in enumerate(ops):
        body += [full, 'v_mov_b32 v8, v18'] + part + [op, full]
        if op.startswith('v_cmp'):
            body.append('v_cndmask_b32_e64 v8, 0, 1, %s' % ('vcc' if w64 else 'vcc_lo'))
        body += ['v_add_nc_u32 v2, 0x%x, v1' % (k * slot_bytes), 'global_store_b32 v2, v8, s[6:7]']
    body += ['s_waitcnt vmcnt(0)', 's_endpgm']
    return asmkit.Kernel(name, body, nargs=1, vgprs=24, sgprs=24, wave64=w64)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    groups = 2
    bad = checked = 0
    ctrls = controls()
    with tempfile.TemporaryDirectory() as tmp:
        for wave in (32, 64):
            exec_mask = rng.getrandbits(wave) | 1
            jobs = []  # (kernel, [(kind, params)])
            for bc in (0, 1):
                for fi in (0, 1):
                    ops, meta = [], []
                    for c in ctrls:
                        rm, bm = rng.choice([(0xf, 0xf)] * 3 + [(rng.randrange(1, 16), rng.randrange(1, 16))])
                        mods = ' row_mask:0x%x bank_mask:0x%x%s%s' % (rm, bm, ' bound_ctrl:1' if bc else '',
                                                                       ' fi:1' if fi else '')
                        ops.append('v_mov_b32_dpp v8, v16 %s%s' % (c, mods))
                        meta.append(('mov', c, rm, bm, bc, fi))
                        if rng.random() < 0.3:
                            ops.append('v_add_nc_u32_dpp v8, v16, v17 %s%s' % (c, mods))
                            meta.append(('add', c, rm, bm, bc, fi))
                        if rng.random() < 0.15:
                            ops.append('v_cmp_lt_u32 %s, v16, v17 %s%s' % ('vcc' if wave == 64 else 'vcc_lo', c, mods))
                            meta.append(('cmp', c, rm, bm, bc, fi))
                    jobs.append((build_kernel('dpp16_bc%d_fi%d' % (bc, fi), wave, exec_mask, ops), meta))
            for fi in (0, 1):
                sels = [list(range(8)), list(range(7, -1, -1))] + [[rng.randrange(8) for _ in range(8)] for _ in range(62)]
                ops, meta = [], []
                for sel in sels:
                    ops.append('v_mov_b32_dpp v8, v16 dpp8:[%s]%s' % (','.join(map(str, sel)), ' fi:1' if fi else ''))
                    meta.append(('dpp8', sel, fi))
                jobs.append((build_kernel('dpp8_fi%d' % fi, wave, exec_mask, ops), meta))
            hsaco = asmkit.build(args.tool, [k for k, _ in jobs], tmp, 'dpp%d' % wave, wave64=wave == 64)
            out = os.path.join(tmp, 'out')
            for k, meta in jobs:
                p = asmkit.run(args.tool, hsaco, k.name, wave * groups, wave, ['zeros:%d' % (len(meta) * 8 * wave)],
                               {0: out})
                if p.returncode:
                    print('FAIL %s w%d: %s' % (k.name, wave, p.stderr.strip()))
                    bad += 1
                    continue
                got = open(out, 'rb').read()
                for slot, m in enumerate(meta):
                    for g in range(groups):
                        src = [lane + 0x100 * g + 1 for lane in range(wave)]
                        src1 = [lane * 3 for lane in range(wave)]
                        old = [SENTINEL | lane for lane in range(wave)]
                        if m[0] == 'dpp8':
                            res = dpp8_model(m[1], m[2], exec_mask, src, wave)
                            want = [old[l] if r is None else r for l, r in enumerate(res)]
                        else:
                            kind, c, rm, bm, bc, fi = m
                            res = dpp16_model(c, rm, bm, bc, fi, exec_mask, src, old, wave)
                            if kind == 'mov':
                                want = [v for _, v in res]
                            elif kind == 'add':
                                want = [((v + src1[l]) & 0xffffffff) if wr else old[l] for l, (wr, v) in enumerate(res)]
                            else:  # compare: lanes not written give 0
                                want = [1 if wr and v < src1[l] else 0 for l, (wr, v) in enumerate(res)]
                        for lane in range(wave):
                            have = struct.unpack_from('<I', got, ((slot * groups + g) * wave + lane) * 4)[0]
                            checked += 1
                            if have != want[lane]:
                                bad += 1
                                if bad <= 20:
                                    print('MISMATCH w%d %s slot %d %s group %d lane %d: want 0x%x got 0x%x'
                                          % (wave, k.name, slot, m, g, lane, want[lane], have))
    print('dpp lanes: %d controls x bound_ctrl x fi + dpp8, %d lane results, %d mismatches' % (len(ctrls), checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
