#!/usr/bin/env python3
# The memory forms outside the buffer matrix, each against a Python model of the ISA text:
# - buffer_load_lds_*: LDS[M0 + OFFSET + 4 * lane] = the buffer value widened to a dword, range
#   checked like any raw buffer load (out of range writes 0), inactive lanes leave LDS alone;
# - global_{load,store}_addtid_b32: SADDR + OFFSET + 4 * lane, inactive lanes untouched;
# - FLAT aperture routing: addresses whose high half is src_shared_base reach LDS, src_private_base
#   reach the lane's scratch, beyond the LDS allocation loads read 0 and stores are dropped;
# - SH_MEM_CONFIG alignment modes (--alignment-mode) for buffer and global loads and stores at
#   every byte alignment: UNALIGNED exact, DWORD ignores the low address bits, DWORD_STRICT and
#   STRICT read 0 and drop stores with one MEMVIOL warning per lane.
# Every kernel runs in wave32 and wave64 with a partial EXEC mask (lanes with lane % 5 == 3 off).
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

GROUPS = 3
M0_BASE, INST_OFFSET, SENTINEL = 64, 8, 0xdeadbeef
NUM_RECORDS = 150          # bytes of the raw buffer in range: upper lanes read out of range
FMT_16_SINT = 12
LDS_OPS = {'u8': (1, False, 1), 'i8': (1, True, 1), 'u16': (2, False, 2), 'i16': (2, True, 2),
           'b32': (4, False, 4), 'format_x': (2, True, 2)}  # size, sign-extend, voffset step per lane


def inactive(lane):
    return lane % 5 == 3


# Common start: s[4:5] in, s[6:7] out, s8 = group * wave size * 4 (this wave's slot in out),
# v1 = lane * 4, v0 = lane; EXEC switched to the partial mask by the kernel where it matters.
def prologue(wave):
    return ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mul_i32 s8, s2, %d' % (wave * 4),
            'v_lshlrev_b32 v1, 2, v0']


def partial_exec(wave):
    # lanes with lane % 5 == 3 off: v_cmpx on lane % 5 != 3
    return ['v_mul_hi_u32 v9, v0, 0x33333334', 'v_mul_u32_u24 v9, v9, 5', 'v_sub_nc_u32 v9, v0, v9',
            'v_cmpx_ne_u32_e32 3, v9']


def full_exec(wave):
    return ['s_mov_b32 exec_lo, -1'] if wave == 32 else ['s_mov_b64 exec, -1']


def store_out(wave, vreg, slot):
    # out[slot region][group * wave + lane] = vreg (full EXEC)
    return full_exec(wave) + ['v_add_nc_u32 v10, s8, v1', 'v_add_nc_u32 v10, %d, v10' % (slot * GROUPS * wave * 4),
                              'global_store_b32 v10, %s, s[6:7]' % vreg, 's_waitcnt vmcnt(0)']


def lds_kernel(op, wave):
    size, _, step = LDS_OPS[op]
    fmt = FMT_16_SINT if op == 'format_x' else 20  # (any valid format: 0 would leave the V# unbound)
    word3 = 0x30000000 | fmt << 12 | 4  # OOB_SELECT 3 (raw), DST_SEL X = X
    body = prologue(wave) + [
        's_mov_b32 m0, %d' % M0_BASE, 'v_mov_b32 v2, 0x%x' % SENTINEL,
        'v_add_nc_u32 v3, %d, v1' % (M0_BASE + INST_OFFSET), 'ds_store_b32 v3, v2', 's_waitcnt lgkmcnt(0)',
        's_mov_b32 s12, s4', 's_and_b32 s13, s5, 0xffff', 's_mov_b32 s14, %d' % NUM_RECORDS,
        's_mov_b32 s15, 0x%x' % word3, 'v_mul_u32_u24 v4, %d, v0' % step] + partial_exec(wave) + [
        'buffer_load_lds_%s v4, s[12:15], 0 offen offset:%d' % (op, INST_OFFSET), 's_waitcnt vmcnt(0)'] + \
        full_exec(wave) + ['ds_load_b32 v5, v3', 's_waitcnt lgkmcnt(0)'] + store_out(wave, 'v5', 0) + ['s_endpgm']
    return asmkit.Kernel('lds_%s_w%d' % (op, wave), body, nargs=2, lds=1024, wave64=wave == 64)


def lds_model(op, data, lane):
    size, sext, step = LDS_OPS[op]
    if inactive(lane):
        return SENTINEL
    at = step * lane + INST_OFFSET
    if at + size > NUM_RECORDS:
        return 0
    v = int.from_bytes(data[at:at + size], 'little')
    if sext and v >> (8 * size - 1):
        v -= 1 << (8 * size)
    return v & 0xffffffff


def addtid_kernel(wave):
    # load: out0 = in[group slot + 16 + 4 * lane] for active lanes (the zeroed out keeps 0 elsewhere
    # because the result is stored under the same partial mask); store: out1 slot = ~lane
    body = prologue(wave) + ['s_add_u32 s10, s4, s8', 's_addc_u32 s11, s5, 0', 'v_mov_b32 v2, 0'] + \
        partial_exec(wave) + ['global_load_addtid_b32 v2, s[10:11] offset:16', 's_waitcnt vmcnt(0)',
                              's_add_u32 s10, s6, s8', 's_addc_u32 s11, s7, 0',
                              's_add_u32 s10, s10, %d' % (GROUPS * wave * 4), 's_addc_u32 s11, s11, 0',
                              'v_not_b32 v3, v0', 'global_store_addtid_b32 v3, s[10:11]', 's_waitcnt vmcnt(0)'] + \
        store_out(wave, 'v2', 0) + ['s_endpgm']
    return asmkit.Kernel('addtid_w%d' % wave, body, nargs=2, wave64=wave == 64)


def addtid_model(data, wave, group, lane, slot):
    if inactive(lane):
        return 0
    if slot == 1:
        return ~lane & 0xffffffff
    at = (group * wave + lane) * 4 + 16
    return struct.unpack_from('<I', data, at)[0]


LDS_SIZE = 512


def flat_kernel(wave):
    # slot 0: flat store to the LDS aperture, read back with ds_load
    # slot 1: ds_store, read back with a flat load from the LDS aperture
    # slot 2: scratch store, read back with a flat load from the private aperture
    # slot 3: flat store to the private aperture, read back with scratch_load
    # slot 4: flat load from the LDS aperture beyond the allocation (0), after a dropped flat store there
    body = prologue(wave) + ['s_mov_b64 s[10:11], src_shared_base', 's_mov_b64 s[12:13], src_private_base',
                             'v_mov_b32 v3, s11', 'v_mov_b32 v2, v1', 'v_mov_b32 v4, s13',
                             'v_add_nc_u32 v5, 0x1000, v0', 'v_mov_b32 v11, 0'] + partial_exec(wave) + [
        'flat_store_b32 v[2:3], v5', 's_waitcnt vmcnt(0) lgkmcnt(0)', 'ds_load_b32 v6, v1', 's_waitcnt lgkmcnt(0)',
        'v_add_nc_u32 v7, 0x2000, v0', 'ds_store_b32 v1, v7 offset:256', 's_waitcnt lgkmcnt(0)',
        'flat_load_b32 v8, v[2:3] offset:256', 's_waitcnt vmcnt(0) lgkmcnt(0)',
        'v_add_nc_u32 v7, 0x3000, v0', 'scratch_store_b32 off, v7, off offset:8', 's_waitcnt vmcnt(0)',
        'v_mov_b32 v12, 8', 'v_mov_b32 v13, v4', 'flat_load_b32 v11, v[12:13]', 's_waitcnt vmcnt(0) lgkmcnt(0)',
        'v_add_nc_u32 v7, 0x4000, v0', 'flat_store_b32 v[12:13], v7 offset:4', 's_waitcnt vmcnt(0) lgkmcnt(0)',
        'scratch_load_b32 v14, off, off offset:12', 's_waitcnt vmcnt(0)',
        'v_mov_b32 v12, %d' % (LDS_SIZE + 64), 'v_mov_b32 v13, v3', 'flat_store_b32 v[12:13], v7',
        'flat_load_b32 v15, v[12:13]', 's_waitcnt vmcnt(0) lgkmcnt(0)'] + \
        store_out(wave, 'v6', 0) + store_out(wave, 'v8', 1) + store_out(wave, 'v11', 2) + \
        store_out(wave, 'v14', 3) + store_out(wave, 'v15', 4) + ['s_endpgm']
    # the kernel leaves the registers of inactive lanes at their pre-set values, all prepared as 0
    pre = ['v_mov_b32 v6, 0', 'v_mov_b32 v8, 0', 'v_mov_b32 v14, 0', 'v_mov_b32 v15, 0']
    return asmkit.Kernel('flat_w%d' % wave, pre + body, nargs=2, vgprs=24, lds=LDS_SIZE, wave64=wave == 64,
                         scratch=64)


def flat_model(lane, slot):
    if inactive(lane):
        return 0
    return [0x1000 + lane, 0x2000 + lane, 0x3000 + lane, 0x4000 + lane, 0][slot]


ALIGN_MODES = ['unaligned', 'dword', 'dword-strict', 'strict']
ALIGN_OPS = [('buffer', 4), ('buffer', 2), ('buffer', 8), ('global', 4), ('global', 2), ('global', 8)]


def align_kernel(unit, size, wave):
    # lane reads `size` bytes at byte offset 3 * lane of the input (every alignment) into slots 0/1
    # (the high dword for 8 bytes), then stores the loaded dword 0 at byte offset 4 * lane + 1 of
    # the output's slot 2 region (misaligned for every lane)
    load = {4: 'b32', 2: 'u16', 8: 'b64'}[size]
    dst = 'v[2:3]' if size == 8 else 'v2'
    body = prologue(wave) + ['v_mov_b32 v2, 0', 'v_mov_b32 v3, 0', 'v_mul_u32_u24 v4, 3, v0',
                             's_mov_b32 s12, s4', 's_and_b32 s13, s5, 0xffff', 's_mov_b32 s14, -1',
                             's_mov_b32 s15, 0x30014000', 's_mul_i32 s16, s8, 3', 's_lshr_b32 s16, s16, 2']
    if unit == 'buffer':  # soffset: this group's slice of the input (3 bytes per lane)
        body += ['buffer_load_%s %s, v4, s[12:15], s16 offen' % (load, dst)]
    else:
        body += ['v_add_nc_u32 v4, s16, v4', 'global_load_%s %s, v4, s[4:5]' % (load, dst)]
    body += ['s_waitcnt vmcnt(0)'] + store_out(wave, 'v2', 0) + store_out(wave, 'v3', 1)
    out2 = 2 * GROUPS * wave * 4
    body += ['v_add_nc_u32 v10, s8, v1', 'v_add_nc_u32 v10, %d, v10' % (out2 + 1)]
    if unit == 'buffer':
        body += ['s_mov_b32 s12, s6', 's_and_b32 s13, s7, 0xffff', 'buffer_store_b32 v2, v10, s[12:15], 0 offen']
    else:
        body += ['global_store_b32 v10, v2, s[6:7]']
    body += ['s_waitcnt vmcnt(0)', 's_endpgm']
    return asmkit.Kernel('align_%s%d_w%d' % (unit, size, wave), body, nargs=2, vgprs=16, sgprs=40,
                         wave64=wave == 64)


def align_model(data, mode, size, wave):
    """The expected output bytes (3 slots of wave-sized dword rows per group, then the store region
    with its 4 spare bytes) and the MEMVIOL count."""
    n = GROUPS * wave
    out = bytearray(3 * n * 4 + 4)
    viol = 0
    need = {'dword-strict': min(size, 4), 'strict': size}.get(mode, 1)
    for g in range(GROUPS):
        for lane in range(wave):
            i = g * wave + lane
            at = 3 * i
            if mode == 'dword':
                at &= ~(min(size, 4) - 1)
            if at % need:
                viol += 1
                v = 0
            else:
                v = int.from_bytes(data[at:at + size], 'little')
            struct.pack_into('<I', out, i * 4, v & 0xffffffff)
            struct.pack_into('<I', out, (n + i) * 4, v >> 32)
    for i in range(n):  # stores: dword at 4 * i + 1 (DWORD mode: at 4 * i), in lane order
        v = struct.unpack_from('<I', out, i * 4)[0]
        at = 4 * i + 1
        if mode == 'dword':
            at &= ~3
        elif mode != 'unaligned':
            viol += 1
            continue
        out[2 * n * 4 + at:2 * n * 4 + at + 4] = struct.pack('<I', v)
    return bytes(out), viol


def run_alignment(tool, tmp, data):
    """Every alignment mode over misaligned buffer and global loads and stores; returns (checked, bad)."""
    ks = [(unit, size, wave, align_kernel(unit, size, wave)) for wave in (32, 64) for unit, size in ALIGN_OPS]
    hsaco = asmkit.build(tool, [k for *_, k in ks], tmp, 'align')
    inp, out = os.path.join(tmp, 'ain'), os.path.join(tmp, 'aout')
    with open(inp, 'wb') as f:
        f.write(data)
    checked = bad = 0
    for mode in ALIGN_MODES:
        for unit, size, wave, k in ks:
            want, viol = align_model(data, mode, size, wave)
            p = asmkit.run(tool, hsaco, k.name, GROUPS * wave, wave, ['buf:' + inp, 'zeros:%d' % len(want)],
                           {1: out}, extra=['--alignment-mode', mode])
            checked += 1
            if p.returncode:
                print('FAIL %s %s: %s' % (k.name, mode, p.stderr.strip()))
                bad += 1
                continue
            got = open(out, 'rb').read()
            said = [ln for ln in p.stderr.splitlines() if 'x MEMVIOL' in ln]
            count = int(said[0].split('warning: ')[1].split(' x ')[0]) if said else 0
            if got != want or count != viol:
                bad += 1
                first = next((j for j in range(len(want)) if got[j:j + 1] != want[j:j + 1]), -1)
                print('MISMATCH %s %s: %d MEMVIOL reported (want %d), first differing byte %d' % (
                    k.name, mode, count, viol, first))
    return checked, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    data = bytes(rng.randrange(256) for _ in range(4096))
    jobs = []  # (kernel, slots, model(group, lane, slot))
    for wave in (32, 64):
        for op in LDS_OPS:
            jobs.append((lds_kernel(op, wave), 1, lambda g, l, s, op=op: lds_model(op, data, l)))
        jobs.append((addtid_kernel(wave), 2, lambda g, l, s, wave=wave: addtid_model(data, wave, g, l, s)))
        jobs.append((flat_kernel(wave), 5, lambda g, l, s: flat_model(l, s)))
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        hsaco = asmkit.build(args.tool, [k for k, _, _ in jobs], tmp, 'vmem_extras')
        inp, out = os.path.join(tmp, 'in'), os.path.join(tmp, 'out')
        with open(inp, 'wb') as f:
            f.write(data)
        for k, slots, model in jobs:
            wave = 64 if k.wave64 else 32
            p = asmkit.run(args.tool, hsaco, k.name, GROUPS * wave, wave,
                           ['buf:' + inp, 'zeros:%d' % (slots * GROUPS * wave * 4)], {1: out})
            if p.returncode:
                print('FAIL %s: %s' % (k.name, p.stderr.strip()))
                bad += 1
                continue
            got = open(out, 'rb').read()
            for s in range(slots):
                for g in range(GROUPS):
                    for lane in range(wave):
                        have = struct.unpack_from('<I', got, ((s * GROUPS + g) * wave + lane) * 4)[0]
                        want = model(g, lane, s)
                        checked += 1
                        if have != want:
                            bad += 1
                            if bad <= 20:
                                print('MISMATCH %s slot %d group %d lane %d: want 0x%08x, got 0x%08x'
                                      % (k.name, s, g, lane, want, have))
        runs, abad = run_alignment(args.tool, tmp, data)
    print('vmem extras: %d kernels, %d lane results, %d mismatches; alignment modes: %d runs, %d mismatches'
          % (len(jobs), checked, bad, runs, abad))
    bad += abad
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
