#!/usr/bin/env python3
# Buffer (MUBUF) range-check matrix: assembly kernels run by wavesim against an independent model of
# seed 001 and reference 1.6 written here (addresses, swizzle, OOB_SELECT 0-3, per-dword checks for
# plain accesses, all-or-nothing for format accesses and atomics, DST_SEL with SEL_0/SEL_1).
# Every workgroup builds its own V# from a configuration row; every lane its own index/offset.
import argparse
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

GROUPS, LANES, REGION = 64, 32, 8192


def kernel(name, kind, idxen, offen, dwords, ioff):
    vaddr = 'v[2:3]' if idxen and offen else 'v2' if idxen else 'v3' if offen else 'off'
    mods = ''.join([' idxen' if idxen else '', ' offen' if offen else '', ' offset:%d' % ioff if ioff else ''])
    size = {1: 'b32', 2: 'b64', 3: 'b96', 4: 'b128'}[dwords]
    comps = {1: 'x', 2: 'xy', 3: 'xyz', 4: 'xyzw'}[dwords]
    data = {1: 'v6', 2: 'v[6:7]', 3: 'v[6:8]', 4: 'v[6:9]'}[dwords]
    body = {
        'load': ['buffer_load_%s %s, %s, s[24:27], s20%s' % (size, data, vaddr, mods)],
        'store': ['v_mov_b32 v6, v4', 'v_xor_b32 v7, 0x5a5a5a5a, v4', 'v_add_nc_u32 v8, 0x1000, v4',
                  'v_not_b32 v9, v4', 'buffer_store_%s %s, %s, s[24:27], s20%s' % (size, data, vaddr, mods)],
        'fload': ['buffer_load_format_%s %s, %s, s[24:27], s20%s' % (comps, data, vaddr, mods)],
        'fstore': ['v_mov_b32 v6, v4', 'v_xor_b32 v7, 0x5a5a5a5a, v4', 'v_add_nc_u32 v8, 0x1000, v4',
                   'v_not_b32 v9, v4', 'buffer_store_format_%s %s, %s, s[24:27], s20%s' % (comps, data, vaddr, mods)],
        'atomic': ['v_mov_b32 v6, v4', 'buffer_atomic_add_u32 v6, %s, s[24:27], s20%s glc' % (vaddr, mods)],
        'sload': ['s_buffer_load_b128 s[28:31], s[24:27], s20 offset:0x%x' % (ioff + 2), 's_waitcnt lgkmcnt(0)',
                  'v_mov_b32 v6, s28', 'v_mov_b32 v7, s29', 'v_mov_b32 v8, s30', 'v_mov_b32 v9, s31'],
    }[kind]
    return asmkit.Kernel(name, [
        's_load_b256 s[4:11], s[0:1], 0x0',    # data, cfg, lanes, out
        's_waitcnt lgkmcnt(0)',
        's_lshl_b32 s12, s2, 5',
        's_load_b256 s[16:23], s[6:7], s12',   # base offset, word1 bits, word2, word3, soffset
        's_lshl_b32 s13, s2, 9',
        'v_lshlrev_b32 v1, 4, v0',
        'v_add_nc_u32 v1, s13, v1',
        'global_load_b128 v[2:5], v1, s[8:9]',  # index, offset, value, -
        'v_mov_b32 v6, 0xcafe0000', 'v_mov_b32 v7, 0xcafe0001', 'v_mov_b32 v8, 0xcafe0002',
        'v_mov_b32 v9, 0xcafe0003',
        's_waitcnt lgkmcnt(0)',
        's_add_u32 s24, s4, s16', 's_addc_u32 s25, s5, 0', 's_or_b32 s25, s25, s17',
        's_mov_b32 s26, s18', 's_mov_b32 s27, s19',
        's_waitcnt vmcnt(0)'] + body + [
        's_waitcnt vmcnt(0)',
        'global_store_b128 v1, v[6:9], s[10:11]',
        's_endpgm'], nargs=4, vgprs=12)


def kernels():
    ks = []
    for ioff in (0, 12):
        ks.append(('sload_i0_o0_f%d_d4' % ioff, 'sload', 0, 0, 4, ioff))
    for kind in ('load', 'store', 'fload', 'fstore', 'atomic'):
        for idxen in (0, 1):
            for offen in (0, 1):
                for ioff in (0, 12):
                    for dwords in ((1, 2, 3, 4) if kind != 'atomic' else (1,)):
                        ks.append(('%s_i%d_o%d_f%d_d%d' % (kind, idxen, offen, ioff, dwords), kind, idxen, offen,
                                   dwords, ioff))
    return ks


FORMAT_UINT = {1: 20, 2: 48, 3: 58, 4: 61}  # BUF_FMT_32_UINT ... 32_32_32_32_UINT: no conversion


def configs(rng, dwords, fmt=False):
    """One V# and lane table per workgroup, covering OOB_SELECT x stride x swizzle x SOFFSET x ADD_TID
    (and for format accesses FORMAT and DST_SEL, identity or a random mix with SEL_0 and SEL_1)."""
    cfg, lanes = [], []
    for g in range(GROUPS):
        oob, swz = g % 4, (0, 1, 3)[(g // 4) % 3]
        if swz == 1 and dwords > 1:  # an access may not be wider than the swizzle element (4 bytes)
            swz = 3
        stride = 0 if (g // 12) % 2 == 0 else rng.choice((16, 32, 48, 64))
        soff = 0 if (g // 24) % 2 == 0 else rng.choice((4, 8, 64, 132))
        add_tid = 1 if rng.random() < 0.25 else 0
        istride = rng.randrange(4)
        nrec = rng.randrange(0, 40) if stride else rng.randrange(0, 600)
        w1 = (stride << 16) | (swz << 30)
        sel = [4, 5, 6, 7] if not fmt or rng.random() < 0.5 else [rng.choice((0, 1, 4, 5, 6, 7)) for _ in range(4)]
        w3 = (sel[0] | sel[1] << 3 | sel[2] << 6 | sel[3] << 9) | (istride << 21) | (add_tid << 23) | (oob << 28)
        if fmt:
            w3 |= FORMAT_UINT[dwords] << 12
        elif rng.random() < 0.85:  # the plain accesses ignore a valid FORMAT; 0 (INVALID) leaves the
            w3 |= rng.choice(list(FORMAT_UINT.values())) << 12  # resource unbound (guide 9.6)
        cfg.append((g * REGION, w1, nrec, w3, soff))
        for l in range(LANES):
            align = 16 if swz == 3 else 4  # swizzled accesses stay inside one element (seed 001)
            span = 64 if swz else 200  # keeps every lane's bytes inside its group's REGION
            lanes.append((rng.randrange(0, 40), rng.randrange(0, span) // align * align,
                          rng.getrandbits(32), 0))
    return cfg, lanes


class Vsharp:
    def __init__(self, row, base):
        self.base = base + row[0]
        self.stride = (row[1] >> 16) & 0x3fff
        self.swizzle = row[1] >> 30
        self.num_records = row[2]
        self.index_stride = 8 << ((row[3] >> 21) & 3)
        self.add_tid = (row[3] >> 23) & 1
        self.oob = (row[3] >> 28) & 3
        self.dst_sel = [(row[3] >> (3 * c)) & 7 for c in range(4)]
        self.soffset = row[4]
        # guide 9.6 / seed 001 "Unbound Resources": a MUBUF access through a V# whose data format is
        # 0 (INVALID), without ADD_TID, loads zero and stores nothing
        self.unbound = (row[3] >> 12) & 0x7f == 0 and not self.add_tid


def access(v, lane, idx, off, idxen, offen, ioff):
    """(address of the access, function telling whether bytes [at, at+size) are out of range)."""
    index = (idx if idxen else 0) + (lane if v.add_tid else 0)
    offset = (off if offen else 0) + ioff
    if v.swizzle and (idxen or v.add_tid):
        esz = 16 if v.swizzle == 3 else 4
        g = v.index_stride
        boff = (index // g * v.stride + offset // esz * esz) * g + index % g * esz + offset % esz
    else:
        boff = index * v.stride + offset

    def oob(at, size):
        if v.unbound:
            return True
        structured = index >= v.num_records or offset + at + size > v.stride
        if v.oob == 0:
            return structured
        if v.oob == 1:
            return index >= v.num_records
        if v.oob == 2:
            return v.num_records == 0
        if v.swizzle and v.stride:
            return structured
        return index * v.stride + offset + v.soffset + at + size > v.num_records
    return v.base + v.soffset + boff, oob


def model(kind, idxen, offen, dwords, ioff, cfg, lanes, mem):
    """Expected output rows and final memory (bytes relative to the data buffer at address 0)."""
    out = []
    mem = bytearray(mem)
    for g in range(GROUPS):
        v = Vsharp(cfg[g], 0)
        for l in range(LANES):
            idx, off, val, _ = lanes[g * LANES + l]
            regs = [0xcafe0000 + k for k in range(4)]
            addr, oob = access(v, l, idx, off, idxen, offen, ioff)
            if kind == 'sload':  # dwords at or past (STRIDE or 1) * NUM_RECORDS read 0
                start = (ioff + 2 + v.soffset) & ~3
                limit = (v.stride or 1) * v.num_records
                regs = [0 if start + 4 * k >= limit else
                        struct.unpack_from('<I', mem, v.base + start + 4 * k)[0] for k in range(4)]
            elif kind == 'load':
                for k in range(dwords):
                    regs[k] = 0 if oob(4 * k, 4) else struct.unpack_from('<I', mem, addr + 4 * k)[0]
            elif kind == 'fload':  # all-or-nothing; components through DST_SEL (SEL_1 reads 1 even out of range)
                out_of_range = oob(0, 4 * dwords)
                for k in range(dwords):
                    s = v.dst_sel[k]
                    src = s - 4
                    regs[k] = 1 if s == 1 else 0 if s < 4 or src >= dwords or out_of_range else \
                        struct.unpack_from('<I', mem, addr + 4 * src)[0]
            elif kind == 'fstore':  # every memory component written from DST_SEL, or nothing
                data = [val, 0x5a5a5a5a ^ val, (val + 0x1000) & 0xffffffff, val ^ 0xffffffff]
                regs = data
                if not oob(0, 4 * dwords):
                    for m in range(dwords):
                        s = v.dst_sel[m]
                        word = 1 if s == 1 else data[s - 4] if s >= 4 and s - 4 < dwords else 0
                        struct.pack_into('<I', mem, addr + 4 * m, word)
            elif kind == 'store':
                data = [val, 0x5a5a5a5a ^ val, (val + 0x1000) & 0xffffffff, val ^ 0xffffffff]
                regs = data
                for k in range(dwords):
                    if not oob(4 * k, 4):
                        struct.pack_into('<I', mem, addr + 4 * k, data[k])
            else:
                regs[0] = val
                if oob(0, 4):
                    regs[0] = 0
                else:
                    old = struct.unpack_from('<I', mem, addr)[0]
                    struct.pack_into('<I', mem, addr, (old + val) & 0xffffffff)
                    regs[0] = old
            out.append(regs)
    return out, bytes(mem)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ks = kernels()
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = lambda n: os.path.join(tmp, n)
        hsaco = asmkit.build(args.tool, [kernel(*k) for k in ks], tmp, 'buf')
        for kind, idxen, offen, dwords, ioff in [k[1:] for k in ks]:
            name = '%s_i%d_o%d_f%d_d%d' % (kind, idxen, offen, ioff, dwords)
            cfg, lanes = configs(rng, dwords, kind in ('fload', 'fstore'))
            mem = bytes(rng.getrandbits(8) for _ in range(GROUPS * REGION))
            open(path('mem'), 'wb').write(mem)
            open(path('cfg'), 'wb').write(b''.join(struct.pack('<8I', *c, 0, 0, 0) for c in cfg))
            open(path('lanes'), 'wb').write(b''.join(struct.pack('<4I', *r) for r in lanes))
            p = asmkit.run(args.tool, hsaco, name, GROUPS * LANES, LANES,
                           ['buf:' + path('mem'), 'buf:' + path('cfg'), 'buf:' + path('lanes'),
                            'zeros:%d' % (GROUPS * LANES * 16)], {0: path('mem.out'), 3: path('out')})
            if p.returncode:
                print('FAIL %s: %s' % (name, p.stderr.strip()))
                bad += 1
                continue
            want_regs, want_mem = model(kind, idxen, offen, dwords, ioff, cfg, lanes, mem)
            got = open(path('out'), 'rb').read()
            got_mem = open(path('mem.out'), 'rb').read()
            for i, want in enumerate(want_regs):
                checked += 1
                have = list(struct.unpack_from('<4I', got, 16 * i))
                if have != want:
                    bad += 1
                    if bad <= 10:
                        g, l = divmod(i, LANES)
                        print('MISMATCH %s group %d lane %d cfg %s lane %s: want %s got %s' % (
                            name, g, l, ['0x%x' % c for c in cfg[g]], lanes[i][:2],
                            ['0x%x' % x for x in want], ['0x%x' % x for x in have]))
            if got_mem != want_mem:
                diff = next(i for i in range(len(want_mem)) if want_mem[i] != got_mem[i])
                bad += 1
                print('MISMATCH %s: memory differs first at byte %d (group %d)' % (name, diff, diff // REGION))
    print('buffer matrix: %d kernels, %d lane results, %d mismatches' % (len(ks), checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
