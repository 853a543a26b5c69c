#!/usr/bin/env python3
# Every compute memory opcode of the gfx1100 tables (DS, MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH, SMEM)
# run by wavesim in wave32 and wave64 and compared with the model in mem_model.py (written from the
# RDNA3 guide and seeds 001/004, not from the executor): every returned VGPR (or SGPR) and the final
# memory. Each opcode gets a few cases per wave size (instruction offsets, SOFFSET, saddr/vaddr and
# scratch addressing forms, partial EXEC, returning and non-returning atomics, lanes colliding on one
# address for atomics, out-of-range buffer and LDS lanes, misaligned LDS accesses, the GDS forms of
# the DS opcodes, sequences of ds_bvh_stack_rtn_b32 on per-lane stacks); the cases of a few opcodes
# share a kernel, one wavesim run. GWS and ordered count run in co-resident kernels with the EXEC==0
# rules of seed 004 and the M0 resource base.
# --covered FILE writes the rows verified in both wave sizes (read by mem_coverage.py).
import argparse
import os
import random
import re
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402
import mem_model as mm  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = ['ds', 'mubuf', 'mtbuf', 'flat', 'global', 'scratch', 'smem']
GROUPS = 2            # workgroups (one wave each) per run, each with its own data
ROWS_PER_KERNEL = 4   # table rows whose cases share one kernel (one wavesim run)
REG = 8192            # bytes of memory per case and workgroup
LDSW = 8192           # LDS window of the DS cases (region bytes [0, LDSW))
SW = 64               # scratch bytes per lane (region bytes [lane * SW, lane * SW + SW))
NOT_RUN = {'ds_add_gs_reg_rtn', 'ds_sub_gs_reg_rtn'}  # not compute opcodes: see mem_coverage.py
GWS_OPS = {'ds_gws_init', 'ds_gws_sema_v', 'ds_gws_sema_br', 'ds_gws_sema_p', 'ds_gws_sema_release_all',
           'ds_gws_barrier', 'ds_ordered_count'}


def parse_rows():
    rows = []
    for t in TABLES:
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', t + '.def')):
            m = re.match(r'R3OP\((\w+), (0x[0-9a-f]+), (\w+),', line)
            if m:
                rows.append((t, m.group(3)))
    return rows


# ---------------------------------------------------------------------------------------------
# Cases and kernels
# ---------------------------------------------------------------------------------------------

class Case:
    """One execution of the instruction under test: registers v1..v16 of every lane come from the
    lane's record (16 dwords), the instruction runs under `exec`, then v13..v16 of every lane and
    the memory region are compared with expect(g, recs, mem, seen_out, seen_mem) ->
    (wanted v13..v16 per lane: value, None for 'any' or a set of allowed values; wanted region)."""

    def __init__(self, wave, exec_mask=None):
        self.wave = wave
        self.exec = (1 << wave) - 1 if exec_mask is None else exec_mask
        self.pre, self.body, self.post = [], [], []
        self.mode = None           # MODE[7:4] (float denormal bits) for the instruction
        self.lds = None            # (region offset, bytes): copied to LDS[0, bytes) and back
        self.scratch = False       # region [lane * SW, +SW) copied to the lane's scratch and back
        self.gds = None            # (first window base, bytes): region [0, bytes) copied to the GDS window
        self.recs = []             # per group: per lane 16 dwords
        self.mem = []              # per group: initial region bytes
        self.expect = None


def vcc(wave):
    return 'vcc_lo' if wave == 32 else 'vcc'


def exec_lines(wave, m):
    if wave == 32:
        return ['s_mov_b32 exec_lo, 0x%x' % (m & 0xffffffff)]
    return ['s_mov_b32 exec_lo, 0x%x' % (m & 0xffffffff), 's_mov_b32 exec_hi, 0x%x' % (m >> 32)]


def case_code(c, ci, wave, kname):
    W = wave
    lab = kname + '_c%d' % ci
    code = ['s_mul_i32 s12, s2, 0x%x' % REG, 's_add_u32 s12, s12, 0x%x' % (ci * GROUPS * REG),
            's_add_u32 s20, s6, s12', 's_addc_u32 s21, s7, 0',
            's_mul_i32 s13, s2, 0x%x' % (W * 64), 's_add_u32 s13, s13, 0x%x' % (ci * GROUPS * W * 64),
            's_add_u32 s10, s4, s13', 's_addc_u32 s11, s5, 0',
            's_mul_i32 s13, s2, 0x%x' % (W * 16), 's_add_u32 s13, s13, 0x%x' % (ci * GROUPS * W * 16),
            's_add_u32 s14, s8, s13', 's_addc_u32 s15, s9, 0',
            'global_load_b128 v[1:4], v40, s[10:11]', 'global_load_b128 v[5:8], v40, s[10:11] offset:16',
            'global_load_b128 v[9:12], v40, s[10:11] offset:32', 'global_load_b128 v[13:16], v40, s[10:11] offset:48',
            's_waitcnt vmcnt(0)']
    if c.lds:
        lo, n = c.lds
        code += ['s_add_u32 s22, s20, 0x%x' % lo, 's_addc_u32 s23, s21, 0', 's_mov_b32 s30, 0', lab + '_li:',
                 'v_add_nc_u32 v20, s30, v42', 'global_load_b32 v21, v20, s[22:23]', 's_waitcnt vmcnt(0)',
                 'ds_store_b32 v20, v21', 's_add_u32 s30, s30, %d' % (4 * W), 's_cmp_lt_u32 s30, %d' % n,
                 's_cbranch_scc1 ' + lab + '_li', 's_waitcnt lgkmcnt(0)']
    if c.scratch:
        code += ['s_mov_b32 s30, 0', lab + '_si:', 's_add_u32 s24, s20, s30', 's_addc_u32 s25, s21, 0',
                 'global_load_b32 v21, v43, s[24:25]', 's_waitcnt vmcnt(0)', 'scratch_store_b32 off, v21, s30',
                 's_add_u32 s30, s30, 4', 's_cmp_lt_u32 s30, %d' % SW, 's_cbranch_scc1 ' + lab + '_si',
                 's_waitcnt vmcnt(0)']
    if c.gds:   # the GDS window of the workgroup: M0 = {base, size}; copied from the region by lane 0
        base, n = c.gds
        code += ['s_lshl_b32 s28, s2, %d' % (n.bit_length() - 1), 's_add_u32 s28, s28, %d' % base,
                 's_lshl_b32 s28, s28, 16', 's_or_b32 m0, s28, %d' % n] + exec_lines(W, 1) + [
            's_mov_b32 s30, 0', lab + '_gi:', 'v_mov_b32 v20, s30', 'global_load_b32 v21, v20, s[20:21]',
            's_waitcnt vmcnt(0)', 'ds_store_b32 v20, v21 gds', 's_waitcnt lgkmcnt(0)', 's_add_u32 s30, s30, 4',
            's_cmp_lt_u32 s30, %d' % n, 's_cbranch_scc1 ' + lab + '_gi'] + exec_lines(W, (1 << W) - 1)
    code += c.pre
    if c.mode is not None:
        code.append('s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), %d' % (c.mode >> 4 & 15))
    full = (1 << W) - 1
    if c.exec != full:
        code += exec_lines(W, c.exec)
    code += c.body
    code.append('s_waitcnt vmcnt(0) lgkmcnt(0)')
    if c.exec != full:
        code += exec_lines(W, full)
    code += c.post
    if c.lds:
        lo, n = c.lds
        code += ['s_mov_b32 s30, 0', lab + '_ld:', 'v_add_nc_u32 v20, s30, v42', 'ds_load_b32 v21, v20',
                 's_waitcnt lgkmcnt(0)', 'global_store_b32 v20, v21, s[22:23]', 's_add_u32 s30, s30, %d' % (4 * W),
                 's_cmp_lt_u32 s30, %d' % n, 's_cbranch_scc1 ' + lab + '_ld', 's_waitcnt vmcnt(0)']
    if c.gds:
        code += exec_lines(W, 1) + [
            's_mov_b32 s30, 0', lab + '_gd:', 'v_mov_b32 v20, s30', 'ds_load_b32 v21, v20 gds', 's_waitcnt lgkmcnt(0)',
            'global_store_b32 v20, v21, s[20:21]', 's_waitcnt vmcnt(0)', 's_add_u32 s30, s30, 4',
            's_cmp_lt_u32 s30, %d' % c.gds[1], 's_cbranch_scc1 ' + lab + '_gd'] + exec_lines(W, (1 << W) - 1)
    if c.scratch:
        code += ['s_mov_b32 s30, 0', lab + '_sd:', 'scratch_load_b32 v21, off, s30', 's_waitcnt vmcnt(0)',
                 's_add_u32 s24, s20, s30', 's_addc_u32 s25, s21, 0', 'global_store_b32 v43, v21, s[24:25]',
                 's_add_u32 s30, s30, 4', 's_cmp_lt_u32 s30, %d' % SW, 's_cbranch_scc1 ' + lab + '_sd',
                 's_waitcnt vmcnt(0)']
    code += ['global_store_b128 v41, v[13:16], s[14:15]', 's_waitcnt vmcnt(0)']
    return code


def make_kernel(name, cases, wave):
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_load_b64 s[6:7], s[0:1], 0x8', 's_load_b64 s[8:9], s[0:1], 0x10',
            's_waitcnt lgkmcnt(0)', 'v_lshlrev_b32 v40, 6, v0', 'v_lshlrev_b32 v41, 4, v0',
            'v_lshlrev_b32 v42, 2, v0', 'v_mul_u32_u24 v43, %d, v0' % SW]
    for ci, c in enumerate(cases):
        body += case_code(c, ci, wave, name)
    body.append('s_endpgm')
    lds = max([c.lds[1] for c in cases if c.lds] + [0])
    scratch = SW if any(c.scratch for c in cases) else 0
    return asmkit.Kernel(name, body, nargs=3, vgprs=48, sgprs=64, lds=lds, wave64=wave == 64, scratch=scratch)


# ---------------------------------------------------------------------------------------------
# Random data
# ---------------------------------------------------------------------------------------------

NICE_F32 = [0x3f800000, 0xbf800000, 0x40490fdb, 0xc1200000, 0x00000000, 0x80000000, 0x7f800000, 0xff800000,
            0x7fc00000, 0xffc12345, 0x7fa00000, 0xff800001, 0x00000005, 0x807fffff, 0x00400000, 0x80000001,
            0x00800000, 0x80800000, 0x7f7fffff]
NICE_F64 = [0, 1 << 63, 0x3ff0000000000000, 0xbff8000000000000, 0x7ff0000000000000, 0xfff0000000000000,
            0x7ff8000000000000, 0xfff8000000000123, 0x7ff4000000000000, 0xfff0000000000001, 0x0000000000000003,
            0x800fffffffffffff, 0x0008000000000000, 0x8000000000000001, 0x0010000000000000, 0x8010000000000000]


def rand_f32(rng, special=0.4):
    if rng.random() < special:
        return rng.choice(NICE_F32)
    return mm.f32_bits(rng.uniform(-1e4, 1e4) * 2.0 ** rng.randrange(-20, 20))


def rand_f64(rng, special=0.4):
    if rng.random() < special:
        return rng.choice(NICE_F64)
    return struct.unpack('<Q', struct.pack('<d', rng.uniform(-1e6, 1e6) * 2.0 ** rng.randrange(-60, 60)))[0]


def rand_mem(rng, n, floats=0):
    if floats == 32:
        return bytearray(b''.join(struct.pack('<I', rand_f32(rng)) for _ in range(n // 4)))
    if floats == 64:
        return bytearray(b''.join(struct.pack('<Q', rand_f64(rng)) for _ in range(n // 8)))
    return bytearray(rng.getrandbits(8) for _ in range(n))


def rand_exec(rng, wave, kind):
    if kind == 'full':
        return (1 << wave) - 1
    m = 0
    while bin(m).count('1') < 2:
        m = rng.getrandbits(wave) & rng.getrandbits(wave) | rng.getrandbits(wave) & rng.getrandbits(wave)
    return m


def lanes_of(m, wave):
    return [l for l in range(wave) if m >> l & 1]


def place(rng, wave, lo, hi, size, align, collide=False, used=None):
    """Addresses for the lanes: distinct 16-byte-or-larger slots in [lo, hi) holding [a, a + size),
    a aligned; with collide, about a third of the lanes share the address of an earlier lane (at
    most three lanes on one address)."""
    slot = max(16, (size + 15) // 16 * 16)
    free = [s for s in range(lo // slot * slot + (slot if lo % slot else 0), hi - slot + 1, slot)]
    rng.shuffle(free)
    addrs, groups = [], {}
    for lane in range(wave):
        if collide and addrs and rng.random() < 0.35:
            cand = [a for a in set(addrs) if groups[a] < 3]
            if cand:
                a = rng.choice(sorted(cand))
                groups[a] += 1
                addrs.append(a)
                continue
        s = free.pop()
        a = s + rng.randrange(0, (slot - size) // align + 1) * align
        groups[a] = 1
        addrs.append(a)
    return addrs


def two_addresses(rng, wave, elem, off0, off1, scale, hi):
    """Bases for the 2ADDR forms: every lane's two elements distinct from every other element."""
    used, bases = set(), []
    span = max(off0, off1) * scale + elem
    for _ in range(wave):
        for _ in range(1000):
            b = rng.randrange(0, (hi - span) // elem) * elem
            a0, a1 = b + off0 * scale, b + off1 * scale
            cells = {a0 // elem, a1 // elem}
            if not cells & used:
                used |= cells
                bases.append(b)
                break
        else:
            raise RuntimeError('no room for 2addr lanes')
    return bases


def row_addresses(rng, wave, elem, off0, off1, scale, layout):
    """Bases for a 2ADDR load in blocks of 8 lanes, each block one of: consecutive elements (a row),
    one element for all 8 lanes (a row broadcast), random elements, and a row that runs past the
    allocation part way (those lanes read 0). `layout` 'mixed' takes the first three kinds in turn,
    'mixed+beyond' all four, 'rows' and 'broadcasts' one kind in every block (as a tiled kernel's
    loads have; the executor tests for those first)."""
    span = max(off0, off1) * scale + elem
    kinds = {'mixed': ['row', 'broadcast', 'random'], 'mixed+beyond': ['row', 'broadcast', 'random', 'beyond'],
             'rows': ['row'], 'broadcasts': ['broadcast']}[layout]
    picks = [kinds[k % len(kinds)] for k in range(wave // 8)]
    rng.shuffle(picks)
    bases = []
    for kind in picks:
        if kind == 'row':
            b = rng.randrange(0, (LDSW - span - 8 * elem) // elem) * elem
            bases += [b + elem * j for j in range(8)]
        elif kind == 'broadcast':   # ('broadcasts': 32 bytes of room, which the wave-wide test needs)
            room = span + (32 if layout == 'broadcasts' else 0)
            bases += [rng.randrange(0, (LDSW - room) // elem) * elem] * 8
        elif kind == 'random':
            bases += [rng.randrange(0, (LDSW - span) // elem) * elem for _ in range(8)]
        else:
            b = LDSW - span + elem * rng.randrange(-6, 0)
            bases += [b + elem * j for j in range(8)]
    return bases


def ds_marker(c):
    """A marker written past the LDS allocation first (guide 11.3: such stores do not write): an
    executor that does not stop at the allocation reads it back."""
    c.pre += ['v_lshlrev_b32 v20, 4, v0', 'v_add_nc_u32 v20, %d, v20' % LDSW, 'v_mov_b32 v21, 0xdeadbeef',
              'v_mov_b32 v22, v21', 'v_mov_b32 v23, v21', 'v_mov_b32 v24, v21', 'ds_store_b128 v20, v[21:24]',
              's_waitcnt lgkmcnt(0)']


def split(v, n):
    return [v >> (32 * k) & 0xffffffff for k in range(n)]


def join(ws):
    return sum(w << (32 * k) for k, w in enumerate(ws))


# ---------------------------------------------------------------------------------------------
# Opcode specifications parsed from the mnemonics
# ---------------------------------------------------------------------------------------------

SIZES = {'b8': 1, 'u8': 1, 'i8': 1, 'b16': 2, 'u16': 2, 'i16': 2, 'b32': 4, 'b64': 8, 'b96': 12, 'b128': 16}
ATOMIC_NAMES = {'add': 'add', 'sub': 'sub', 'rsub': 'rsub', 'inc': 'inc', 'dec': 'dec', 'and': 'and', 'or': 'or',
                'xor': 'xor', 'mskor': 'mskor', 'storexchg': 'swap', 'swap': 'swap', 'wrap': 'wrap', 'csub': 'csub',
                'cmpstore': 'cmpswap', 'cmpswap': 'cmpswap'}


def atomic_spec(op, ty):
    """(model op, bits) of an atomic mnemonic's operation and type parts."""
    bits = 64 if ty.endswith('64') else 32
    if ty.startswith('f'):
        return {'add': 'fadd', 'min': 'fmin', 'max': 'fmax', 'cmpstore': 'fcmpswap', 'cmpswap': 'fcmpswap'}[op], bits
    if op in ('min', 'max'):
        return op + ('_i' if ty.startswith('i') else '_u'), bits
    return ATOMIC_NAMES[op], bits


def mem_spec(name):
    """Load/store shape of a FLAT/GLOBAL/SCRATCH/MUBUF/DS name tail: (kind, size, signed, d16, hi)."""
    m = re.search(r'(load|store)_(d16_hi_|d16_)?(b8|u8|i8|b16|u16|i16|b32|b64|b96|b128)(_d16_hi|_d16)?$', name)
    if not m:
        return None
    kind, pre, ty, post = m.groups()
    d16 = bool(pre or post)
    hi = bool((pre and 'hi' in pre) or (post and 'hi' in post))
    return kind, SIZES[ty], ty.startswith('i'), d16, hi


def float_bits(op, bits):
    return bits if op.startswith('f') else 0


def fix_old(mem, addr, op, bits):
    """Float add: no -0 or negative denormal in memory either (see avoid_ambiguous), so a -0 + -0
    never arises, even after a lane's flushed result."""
    if op == 'fadd' and mm.F32.flush(mm.rd(mem, addr, 4)) == 0x80000000:
        mm.wr(mem, addr, 4, 0x3f800000)
    return mm.rd(mem, addr, bits // 8)


def atomic_data(rng, op, bits, old_pool):
    """(data, data2) for one lane: data2 is the DS DATA2 / the compare half of cmpswap."""
    m = mm.mask(bits)
    if op.startswith('f'):
        d = rand_f32(rng) if bits == 32 else rand_f64(rng)
        d2 = rng.choice(old_pool) if old_pool and rng.random() < 0.6 else (rand_f32(rng) if bits == 32 else rand_f64(rng))
        return d, d2
    if op in ('inc', 'dec'):
        base = rng.choice(old_pool) if old_pool else 0
        return (base + rng.randrange(-2, 3)) & m if rng.random() < 0.7 else rng.getrandbits(bits), 0
    if op == 'cmpswap':
        return rng.getrandbits(bits), rng.choice(old_pool) if old_pool and rng.random() < 0.6 else rng.getrandbits(bits)
    if op == 'wrap':
        return rng.getrandbits(bits) >> rng.randrange(0, 8), rng.getrandbits(bits)
    return rng.getrandbits(bits) >> rng.choice((0, 0, 16, 24)), rng.getrandbits(bits)


def avoid_ambiguous(op, old, d, bits=32):
    """Float inputs whose reading the guide leaves open are kept out: two NaNs (which one is
    'src0' differs between the guide's 2023 text and tinygrad's extraction), -0 + -0, and memory
    float add results that would be denormal (output flushing of memory atomics is unstated)."""
    k = mm.F32 if bits == 32 else mm.F64
    if op in ('fadd', 'fmin', 'fmax') and (k.is_nan(old) and k.is_nan(d)):
        return True
    if op == 'fadd':
        if k.flush(d) == 0x80000000:   # -0 (or a negative denormal, flushed) as data could meet -0
            return True
        if not (k.is_nan(old) or k.is_nan(d) or k.is_inf(old) or k.is_inf(d)):
            s = abs(mm.f32_value(mm.F32.flush(old)) + mm.f32_value(mm.F32.flush(d)))
            if 0 < s < 2.0 ** -126 * 1.01:
                return True
    return False


# ---------------------------------------------------------------------------------------------
# The generic lane model: loads, stores and atomics at per-lane addresses
# ---------------------------------------------------------------------------------------------

def expect_simple(c, shape, addr_of, mem_loc=None, oob_of=None, atomic=None, unit='mem'):
    """Builds c.expect for a load/store/atomic. shape: (kind, size, signed, d16, hi) or None for
    atomics; addr_of(rec, lane) -> address (or None: no access); mem_loc(lane, addr) -> index in
    the region bytes (scratch translation); oob_of(rec, lane) -> function (at, size) -> bool.
    atomic: (op, bits, data(rec) -> (d, d2), rtn)."""
    loc = mem_loc or (lambda lane, a: a)

    def expect(g, recs, mem0, seen_out, seen_mem):
        mem = bytearray(mem0)
        out = [list(r[12:16]) for r in recs]
        active = lanes_of(getattr(c, 'acting', c.exec), c.wave)
        if atomic:
            op, bits, data, rtn = atomic
            acc = []
            for l in active:
                a = addr_of(recs[l], l)
                if oob_of and oob_of(recs[l], l)(0, bits // 8):   # out of range: dropped
                    continue
                d, d2 = data(recs[l])
                acc.append((l, loc(l, a), d, d2))
            seen_ret = {l: join(seen_out[l][:bits // 32]) for l in active} if rtn else None
            ret = mm.serial_atomics(mem, acc, op, bits, unit, c.fp, seen_ret, seen_mem)
            if rtn:
                for l in active:
                    v = ret.get(l, 0)   # an out-of-range lane returns 0, as an out-of-range load does
                    out[l][:bits // 32] = split(v, bits // 32)
            return out, mem
        kind, size, signed, d16, hi = shape
        for l in active:
            a = addr_of(recs[l], l)
            oob = oob_of(recs[l], l) if oob_of else (lambda at, n: False)
            if kind == 'load':
                if size <= 4:
                    raw = 0 if oob(0, size) else mm.rd(mem, loc(l, a), size)
                    if d16:
                        out[l][0] = mm.d16_merge(out[l][0], raw, size, signed, hi)
                    else:
                        out[l][0] = mm.load_value(raw, size, signed)
                else:
                    for k in range(size // 4):
                        out[l][k] = 0 if oob(4 * k, 4) else mm.rd(mem, loc(l, a) + 4 * k, 4)
            else:
                src = c.store_src(recs[l])
                if size <= 4:
                    if not oob(0, size):
                        mm.wr(mem, loc(l, a), size, mm.store_bits(src[0], size, hi))
                else:
                    for k in range(size // 4):
                        if not oob(4 * k, 4):
                            mm.wr(mem, loc(l, a) + 4 * k, 4, src[k])
        return out, mem
    c.expect = expect


def new_case(rng, wave, exec_kind, groups_mem):
    c = Case(wave, rand_exec(rng, wave, exec_kind))
    c.fp = mm.FpMode(0)
    c.mem = groups_mem
    c.store_src = lambda rec: rec[4:8]
    return c


def records(rng, wave, fill):
    """Per group per lane 16 dwords; fill(g, lane, rec) sets what the case needs (the rest random)."""
    out = []
    for g in range(GROUPS):
        rows = []
        for lane in range(wave):
            rec = [rng.getrandbits(32) for _ in range(16)]
            fill(g, lane, rec)
            rows.append(rec)
        out.append(rows)
    return out


# ---------------------------------------------------------------------------------------------
# DS
# ---------------------------------------------------------------------------------------------

def regs(base, n):
    return 'v%d' % base if n == 1 else 'v[%d:%d]' % (base, base + n - 1)


def ds_beyond(rng, c, addrs):
    """Two active lanes of every group address LDS past the workgroup's allocation (guide 11.3:
    such stores do not write and reads return zero)."""
    for a in addrs:
        for k, l in enumerate(rng.sample(lanes_of(c.exec, c.wave), 2)):
            a[l] = LDSW + 64 + 32 * k + 16 * rng.randrange(0, 8)
    ds_marker(c)


def ds_oob(off):
    return lambda rec, l: (lambda at, n: rec[0] + off + at + n > LDSW)


GDSW = 256   # bytes of the GDS window of a workgroup


def ds_gds_case(name, wave, rng):
    """The instruction with the GDS bit: GDS is one lane wide, the lowest active lane acts, nobody
    with EXEC 0 (guide 12.6, 13.4.2 = seed 004); the address is relative to the window M0 gives
    ({M0[31:16] base, M0[15:0] size}, guide 12.6), an access past the size is dropped (reads 0).
    Single-address loads, stores and atomics and ds_condxchg32_rtn_b64."""
    am = re.match(r'ds_(add|sub|rsub|inc|dec|min|max|and|or|xor|mskor|storexchg|cmpstore|wrap)_(rtn_)?([uibf]\d+)$', name)
    shape = mem_spec(name) if not name.startswith(('ds_load_addtid', 'ds_store_addtid')) else None
    if name in ('ds_append', 'ds_consume'):   # GDS append counts every active lane (13.4.3)
        c = new_case(rng, wave, 'partial', [rand_mem(rng, REG) for _ in range(GROUPS)])
        c.gds = (rng.randrange(0, 4) * GDSW, GDSW)
        off = rng.randrange(0, GDSW // 4) * 4
        c.recs = records(rng, wave, lambda g, l, r: None)
        c.body = ['%s v13 offset:%d gds' % (name, off)]

        def expect(g, recs, mem0, so, sm, c=c, off=off, consume=name == 'ds_consume'):
            mem = bytearray(mem0)
            out = [list(r[12:16]) for r in recs]
            old = mm.append_consume(mem, 0, off, c.exec, consume)   # the window's base is the counter base
            for l in lanes_of(c.exec, c.wave):
                out[l][0] = old
            return out, mem
        c.expect = expect
        return c
    if not (am or shape or name == 'ds_condxchg32_rtn_b64'):
        return None
    if am:
        op, bits = atomic_spec(am.group(1), am.group(3))
        size = bits // 8
        floats = float_bits(op, bits)
    else:
        size, floats = (8, 0) if not shape else (shape[1], 0)
    c = new_case(rng, wave, 'partial', [rand_mem(rng, REG, floats) for _ in range(GROUPS)])
    if rng.random() < 0.34:
        c.exec = 0
    lane = mm.gds_lane(c.exec, False)
    c.acting = 0 if lane is None else 1 << lane   # the lane the model lets act
    c.gds = (rng.randrange(0, 4) * GDSW, GDSW)
    align = 16 if size == 12 else min(size, 8)
    off = rng.randrange(0, 4) * 16

    def fill(g, l, rec):
        a = rng.randrange(off // align, (GDSW - size) // align + 1) * align
        if rng.random() < 0.15:
            a = GDSW + rng.randrange(0, 8) * 16   # past the window's size
        rec[0] = a - off
        if am:
            old = fix_old(c.mem[g], a, op, bits) if a < GDSW else 0
            for _ in range(50):
                d, d2 = atomic_data(rng, op, bits, [old])
                if not avoid_ambiguous(op, old, d, bits):
                    break
            n = bits // 32
            rec[4:4 + n] = split(d, n)
            rec[8:8 + n] = split(d2, n)
    c.recs = records(rng, wave, fill)
    oob = lambda rec, l, off=off: (lambda at, n: mm.gds_out_of_window(rec[0] + off + at, n, GDSW))
    if am:
        rtn = bool(am.group(2)) or name.startswith(('ds_storexchg', 'ds_wrap'))
        n = bits // 32
        two = op in ('mskor', 'cmpswap', 'fcmpswap', 'wrap')
        data = regs(5, n) + (', ' + regs(9, n) if two else '')
        c.body = ['%s %s%s, %s offset:%d gds' % (name, regs(13, n) + ', ' if rtn else '', 'v1', data, off)]
        if floats:
            c.mode = 0xf0
            c.fp = mm.FpMode(c.mode)
        expect_simple(c, None, lambda rec, l, off=off: rec[0] + off, oob_of=oob,
                      atomic=(op, bits, lambda rec, n=n: (join(rec[4:4 + n]), join(rec[8:8 + n])), rtn), unit='lds')
    elif shape:
        n = max(1, size // 4)
        c.body = ['%s %s, v1 offset:%d gds' % (name, regs(13, n), off) if shape[0] == 'load' else
                  '%s v1, %s offset:%d gds' % (name, regs(5, n), off)]
        expect_simple(c, shape, lambda rec, l, off=off: rec[0] + off, oob_of=oob)
    else:
        c.body = ['ds_condxchg32_rtn_b64 v[13:14], v1, v[5:6] offset:%d gds' % off]

        def expect(g, recs, mem0, so, sm, c=c, off=off):
            mem = bytearray(mem0)
            out = [list(r[12:16]) for r in recs]
            for l in lanes_of(c.acting, c.wave):
                a = (recs[l][0] + off) & 0xfff8
                if a + 8 <= GDSW:
                    out[l][:2] = split(mm.condxchg32(mem, a, join(recs[l][4:6])), 2)
                else:
                    out[l][:2] = [0, 0]
            return out, mem
        c.expect = expect
    return c


def bvh_node(rng):
    """A child pointer: INVALID often, otherwise any value but the two markers."""
    if rng.random() < 0.4:
        return mm.BVH_INVALID
    return rng.randrange(0, mm.BVH_TERMINAL)


def ds_bvh_case(c, rng, vi):
    """ds_bvh_stack_rtn_b32, three in a row on one ADDR (v1), with DATA0 v2/v3/v4 and DATA1
    v[5:8], v[9:12], v[5:8]; the results go to v13, v15, v16 and the final ADDR to v14. Every lane
    has its own stack laid out as RADV lays them out (a dword column of a 128-byte row per lane,
    32 lanes per block of stack-size rows), so lanes never share an entry; the stacks start with
    the region's random bytes, a tenth of the dwords INVALID (entries earlier pops cleared), so
    pops return them. Indices from 0 (empty: TERMINAL) through three times the size (wrapped) and
    at the 2^18 - 1 ceiling; DATA0 INVALID, TERMINAL, one of the DATA1 values or another value;
    OFFSET0 random (unused); variant 2 puts two lanes' stacks past the LDS allocation (writes
    dropped, reads 0)."""
    wave = c.wave
    blocks = wave // 32
    for m in c.mem:
        for _ in range(LDSW // 40):
            mm.wr(m, rng.randrange(0, LDSW // 4) * 4, 4, mm.BVH_INVALID)
    sel = rng.randrange(0, 4 if wave == 32 else 3)
    size = 8 << sel
    span = size * 128
    start = rng.randrange(0, (LDSW - blocks * span) // 4 + 1) * 4
    off0 = rng.randrange(0, 256)
    beyond = []
    cols = []
    for g in range(GROUPS):
        perm = list(range(32))
        rng.shuffle(perm)
        cols.append(perm)
        beyond.append(rng.sample(range(wave), 2) if vi == 2 else [])

    def fill(g, l, rec):
        base = start + (l // 32) * span + 4 * cols[g][l % 32]
        if l in beyond[g]:
            base = LDSW + 4 * rng.randrange(0, 2048)
        r = rng.random()
        index = (0 if r < 0.2 else rng.randrange(1, size + 1) if r < 0.6 else
                 rng.randrange(size + 1, 3 * size) if r < 0.9 else mm.BVH_INDEX_MAX - rng.randrange(0, 2))
        rec[0] = (base // 4) << 18 | index
        rec[4:8] = [bvh_node(rng) for _ in range(4)]
        rec[8:12] = [bvh_node(rng) for _ in range(4)]
        for k, data in ((1, rec[4:8]), (2, rec[8:12]), (3, rec[4:8])):
            r = rng.random()
            rec[k] = (mm.BVH_INVALID if r < 0.35 else mm.BVH_TERMINAL if r < 0.5 else
                      rng.choice(data) if r < 0.85 else rng.getrandbits(32))
    c.recs = records(rng, wave, fill)
    off = sel << 12 | off0
    c.body = []
    for vd, last, data in (('v13', 'v2', 'v[5:8]'), ('v15', 'v3', 'v[9:12]'), ('v16', 'v4', 'v[5:8]')):
        c.body += ['ds_bvh_stack_rtn_b32 %s, v1, %s, %s offset:%d' % (vd, last, data, off), 's_waitcnt lgkmcnt(0)']
    c.body.append('v_mov_b32 v14, v1')

    def expect(g, recs, mem0, so, sm, c=c, sel=sel):
        mem = bytearray(mem0)
        out = [list(r[12:16]) for r in recs]
        for l in lanes_of(c.exec, c.wave):
            addr = recs[l][0]
            for k, (last, d) in enumerate(((1, 4), (2, 8), (3, 4))):
                out[l][(0, 2, 3)[k]], addr = mm.bvh_stack(mem, LDSW, addr, recs[l][last], recs[l][d:d + 4], sel)
            out[l][1] = addr
        return out, mem
    c.expect = expect


def ds_cases(name, wave, rng):
    cases = []
    variants = [('full', False), ('partial', True), ('partial', False)]
    m2 = re.match(r'ds_(load|store)_2addr_(stride64_)?b(32|64)$', name)
    if m2 and m2.group(1) == 'load':   # once more with full EXEC: one kind of block per workgroup
        variants.append(('full', False))
    mx = re.match(r'ds_(storexchg)_2addr_(stride64_)?rtn_b(32|64)$', name)
    shape = mem_spec(name) if not name.startswith(('ds_load_addtid', 'ds_store_addtid')) else None
    for vi, (ek, collide) in enumerate(variants):
        floats = 0
        am = re.match(r'ds_(add|sub|rsub|inc|dec|min|max|and|or|xor|mskor|storexchg|cmpstore|wrap)_(rtn_)?([uibf]\d+)$', name)
        if am:
            op, bits = atomic_spec(am.group(1), am.group(3))
            floats = float_bits(op, bits)
        mems = [rand_mem(rng, REG, floats) for _ in range(GROUPS)]
        c = new_case(rng, wave, ek, mems)
        c.lds = (0, LDSW)
        if name in ('ds_nop',):
            c.body = ['ds_nop']
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.expect = lambda g, recs, mem0, so, sm: ([list(r[12:16]) for r in recs], bytearray(mem0))
        elif m2 or mx:
            load = m2 and m2.group(1) == 'load'
            stride64 = bool((m2 or mx).group(2))
            elem = int((m2 or mx).group(3)) // 8
            n = elem // 4
            lim = 14 if stride64 else 255
            off0, off1 = rng.sample(range(0, lim + 1), 2)
            scale = elem * (64 if stride64 else 1)
            bases = [two_addresses(rng, wave, elem, off0, off1, scale, LDSW) for _ in range(GROUPS)]
            if load and vi in (0, 3):   # full EXEC: rows of LDS, as tiled kernels read them
                layouts = ('mixed', 'mixed+beyond') if vi == 0 else ('rows', 'broadcasts')
                bases = [row_addresses(rng, wave, elem, off0, off1, scale, layouts[g]) for g in range(GROUPS)]
                ds_marker(c)

            def fill(g, l, rec, bases=bases):
                rec[0] = bases[g][l]
            c.recs = records(rng, wave, fill)
            offs = 'offset0:%d offset1:%d' % (off0, off1)
            if m2 and load:
                c.body = ['%s %s, v1 %s' % (name, regs(13, 2 * n), offs)]
            elif m2:
                c.body = ['%s v1, %s, %s %s' % (name, regs(5, n), regs(9, n), offs)]
            else:
                c.body = ['%s %s, v1, %s, %s %s' % (name, regs(13, 2 * n), regs(5, n), regs(9, n), offs)]

            def expect(g, recs, mem0, so, sm, c=c, off0=off0, off1=off1, elem=elem, stride64=stride64, n=n,
                       load=load, xchg=bool(mx)):
                mem = bytearray(mem0)
                out = [list(r[12:16]) for r in recs]
                for l in lanes_of(c.exec, c.wave):
                    a0, a1 = mm.ds_2addr(recs[l][0], off0, off1, elem, stride64)
                    if load or xchg:   # (past the allocation reads 0: guide 11.3)
                        v0, v1 = (mm.rd(mem, a, elem) if a + elem <= LDSW else 0 for a in (a0, a1))
                        out[l][:2 * n] = split(v0, n) + split(v1, n)
                    if not load:
                        mm.wr(mem, a0, elem, join(recs[l][4:4 + n]))
                        mm.wr(mem, a1, elem, join(recs[l][8:8 + n]))
                return out, mem
            c.expect = expect
        elif name in ('ds_swizzle_b32',):
            mode = ['bits', 'quad', 'fft', 'rotate'][vi % 4] if vi < 3 else 'rotate'
            if vi == 2:
                mode = rng.choice(['fft', 'rotate'])
            off = {'bits': rng.getrandbits(15), 'quad': 0x8000 | rng.getrandbits(8),
                   'fft': 0xe000 | rng.getrandbits(5),
                   'rotate': 0xc000 | rng.getrandbits(1) << 10 | rng.randrange(1, 32) << 5}[mode]
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.body = ['ds_swizzle_b32 v13, v5 offset:0x%x' % off]

            def expect(g, recs, mem0, so, sm, c=c, off=off):
                out = [list(r[12:16]) for r in recs]
                for l, v in mm.ds_swizzle(c.wave, c.exec, [r[4] for r in recs], off).items():
                    out[l][0] = v
                return out, bytearray(mem0)
            c.expect = expect
        elif name in ('ds_permute_b32', 'ds_bpermute_b32'):
            off = rng.randrange(0, 32) * 4
            perms = []
            for g in range(GROUPS):
                p = list(range(32))
                rng.shuffle(p)
                if vi == 2:   # some lanes choose the same lane
                    p = [rng.randrange(32) if rng.random() < 0.3 else x for x in p]
                perms.append(p)

            def fill(g, l, rec, perms=perms, off=off):
                target = perms[g][l % 32]
                rec[0] = ((target * 4 - off) & 0x7f) + (rng.getrandbits(20) << 7) + rng.randrange(4)
            c.recs = records(rng, wave, fill)
            c.body = ['%s v13, v1, v5 offset:%d' % (name, off)]

            def expect(g, recs, mem0, so, sm, c=c, off=off, fwd=name == 'ds_permute_b32'):
                out = [list(r[12:16]) for r in recs]
                f = mm.ds_permute if fwd else mm.ds_bpermute
                for l, v in f(c.wave, c.exec, [r[0] for r in recs], [r[4] for r in recs], off).items():
                    out[l][0] = v
                return out, bytearray(mem0)
            c.expect = expect
        elif name in ('ds_load_addtid_b32', 'ds_store_addtid_b32'):
            m0 = rng.randrange(0, (LDSW - 4 * wave - 1024) // 4) * 4
            off = rng.randrange(0, 256) * 4
            c.pre = ['s_mov_b32 m0, 0x%x' % m0]
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.body = ['ds_load_addtid_b32 v13 offset:%d' % off if 'load' in name else 'ds_store_addtid_b32 v5 offset:%d' % off]
            expect_simple(c, ('load' if 'load' in name else 'store', 4, False, False, False),
                          lambda rec, l, m0=m0, off=off: mm.addtid_addr(m0, off, l))
        elif name in ('ds_append', 'ds_consume'):
            m0 = rng.randrange(0, 1024) * 4
            off = rng.randrange(0, 256) * 4
            c.pre = ['s_mov_b32 m0, 0x%x' % m0]
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.body = ['%s v13 offset:%d' % (name, off)]

            def expect(g, recs, mem0, so, sm, c=c, m0=m0, off=off, consume=name == 'ds_consume'):
                mem = bytearray(mem0)
                out = [list(r[12:16]) for r in recs]
                old = mm.append_consume(mem, m0, off, c.exec, consume)
                for l in lanes_of(c.exec, c.wave):
                    out[l][0] = old
                return out, mem
            c.expect = expect
        elif name == 'ds_bvh_stack_rtn_b32':
            ds_bvh_case(c, rng, vi)
        elif name == 'ds_condxchg32_rtn_b64':
            off = rng.randrange(0, 64) * 8
            addrs = [place(rng, wave, off, LDSW, 8, 8) for _ in range(GROUPS)]

            def fill(g, l, rec, addrs=addrs, off=off):
                rec[0] = addrs[g][l] - off + rng.randrange(0, 8)   # the low three address bits are ignored
            c.recs = records(rng, wave, fill)
            c.body = ['ds_condxchg32_rtn_b64 v[13:14], v1, v[5:6] offset:%d' % off]

            def expect(g, recs, mem0, so, sm, c=c, off=off):
                mem = bytearray(mem0)
                out = [list(r[12:16]) for r in recs]
                for l in lanes_of(c.exec, c.wave):
                    out[l][:2] = split(mm.condxchg32(mem, recs[l][0] + off, join(recs[l][4:6])), 2)
                return out, mem
            c.expect = expect
        elif am:
            op, bits = atomic_spec(am.group(1), am.group(3))
            rtn = bool(am.group(2)) or name.startswith(('ds_storexchg', 'ds_wrap'))
            n = bits // 32
            off = rng.randrange(0, 512) * 8
            if floats:
                c.mode = rng.choice([0x00, 0xf0, 0x30, 0xc0]) if vi else 0xf0
                c.fp = mm.FpMode(c.mode)
            addrs = [place(rng, wave, off, LDSW, bits // 8, bits // 8, collide=collide) for _ in range(GROUPS)]
            if vi == 2:
                ds_beyond(rng, c, addrs)
            two = op in ('mskor', 'cmpswap', 'fcmpswap', 'wrap')

            def fill(g, l, rec, addrs=addrs, off=off, op=op, bits=bits, n=n):
                old = fix_old(mems[g], addrs[g][l], op, bits) if addrs[g][l] < LDSW else 0
                for _ in range(50):
                    d, d2 = atomic_data(rng, op, bits, [old])
                    if not avoid_ambiguous(op, old, d, bits):
                        break
                rec[0] = addrs[g][l] - off
                rec[4:4 + n] = split(d, n)
                rec[8:8 + n] = split(d2, n)
            c.recs = records(rng, wave, fill)
            data = regs(5, n) + (', ' + regs(9, n) if two else '')
            c.body = ['%s %s%s, %s offset:%d' % (name, regs(13, n) + ', ' if rtn else '', 'v1', data, off)]
            expect_simple(c, None, lambda rec, l, off=off: rec[0] + off, oob_of=ds_oob(off),
                          atomic=(op, bits, lambda rec, n=n: (join(rec[4:4 + n]), join(rec[8:8 + n])), rtn),
                          unit='lds')
        elif shape:
            kind, size, signed, d16, hi = shape
            n = max(1, size // 4)
            # variant 1 at any byte address: LDS handles misaligned non-atomic accesses in the
            # UNALIGNED alignment mode (guide 12.7), wavesim's default
            align = 1 if vi == 1 else min(size, 8) if size != 12 else 16
            off = rng.randrange(0, 256) * 16
            addrs = [place(rng, wave, off, LDSW, size, align) for _ in range(GROUPS)]
            if vi == 0:   # the first workgroup's lanes on consecutive elements (a coalesced access)
                first = off + rng.randrange(0, (LDSW - off - size * wave) // 16) * 16
                addrs[0] = [first + size * l for l in range(wave)]
            if vi == 2:
                ds_beyond(rng, c, addrs)

            def fill(g, l, rec, addrs=addrs, off=off):
                rec[0] = addrs[g][l] - off
            c.recs = records(rng, wave, fill)
            if kind == 'load':
                c.body = ['%s %s, v1 offset:%d' % (name, regs(13, n), off)]
            else:
                c.body = ['%s v1, %s offset:%d' % (name, regs(5, n), off)]
            expect_simple(c, shape, lambda rec, l, off=off: rec[0] + off, oob_of=ds_oob(off))
        else:
            raise ValueError('no DS case for ' + name)
        cases.append(c)
    gds = ds_gds_case(name, wave, rng)
    if gds:
        cases.append(gds)
    return cases


# ---------------------------------------------------------------------------------------------
# FLAT, GLOBAL, SCRATCH
# ---------------------------------------------------------------------------------------------

def vmem_cases(table, name, wave, rng):
    cases = []
    am = re.match(r'(flat|global)_atomic_(\w+?)_([uibf]\d+)$', name)
    shape = mem_spec(name)
    if table == 'scratch':
        forms = ['sv', 'ss', 'st', 'svs']
    elif table == 'flat':
        forms = ['flat', 'flat', 'flat']
    else:
        forms = ['gvs', 'gv', 'gvs']
    for vi, form in enumerate(forms):
        ek = 'partial' if vi in (0, 3) else 'full'
        floats = 0
        if am:
            op, bits = atomic_spec(am.group(2), am.group(3))
            floats = float_bits(op, bits)
        mems = [rand_mem(rng, REG, floats) for _ in range(GROUPS)]
        c = new_case(rng, wave, ek, mems)
        if name.startswith('global_') and 'addtid' in name:
            off = rng.randrange(0, 256) * 4
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.body = ['global_load_addtid_b32 v13, s[20:21] offset:%d' % off if 'load' in name else
                      'global_store_addtid_b32 v5, s[20:21] offset:%d' % off]
            expect_simple(c, ('load' if 'load' in name else 'store', 4, False, False, False),
                          lambda rec, l, off=off: off + 4 * l)
            cases.append(c)
            continue
        if am:
            op, bits = atomic_spec(am.group(2), am.group(3))
            n = bits // 32
            rtn = vi != 1 or name.startswith('global_atomic_csub')  # csub must have GLC set (guide table 56)
            size = bits // 8
        else:
            kind, size, signed, d16, hi = shape
            n = max(1, size // 4)
        align = min(size, 8) if size != 12 else 16
        if form == 'flat':
            ioff = rng.randrange(0, 64) * align
        elif table == 'scratch':
            ioff = {'ss': rng.randrange(0, 2) * 16, 'st': rng.randrange(0, 3) * 16,
                    'sv': rng.choice((-16, 0, 16, 32)), 'svs': rng.choice((-16, 0, 16))}[form]
        else:
            ioff = rng.randrange(-8, 9) * 16
        if table == 'scratch':
            soff = rng.randrange(0, 2) * 16 if form in ('ss', 'svs') else 0
            base = ioff + soff
            if form in ('ss', 'st'):   # no VGPR: every lane at the same private offset
                addrs = [[base] * wave for _ in range(GROUPS)]
            else:
                lo_ = max(base, 0)
                addrs = [[lo_ + rng.randrange(0, (SW - lo_ - size) // align + 1) * align for _ in range(wave)]
                         for _ in range(GROUPS)]
            c.scratch = True
            c.pre = ['s_mov_b32 s31, %d' % soff]

            def fill(g, l, rec, addrs=addrs, base=base):
                rec[0] = addrs[g][l] - base
                rec[2] = addrs[g][l]   # (v3 is not used) the lane's private address, for the model
            c.recs = records(rng, wave, fill)
            vaddr = 'v1' if form in ('sv', 'svs') else 'off'
            saddr = 's31' if form in ('ss', 'svs') else 'off'
            if shape[0] == 'load':
                c.body = ['%s %s, %s, %s offset:%d' % (name, regs(13, n), vaddr, saddr, ioff)]
            else:
                c.body = ['%s %s, %s, %s offset:%d' % (name, vaddr, regs(5, n), saddr, ioff)]
            # lane l's scratch is the region bytes [l * SW, l * SW + SW)
            expect_simple(c, shape, lambda rec, l: rec[2], mem_loc=lambda l, a: l * SW + a)
            cases.append(c)
            continue
        lo = 64 + abs(ioff)
        if am:
            addrs = [place(rng, wave, lo + 64, REG - 128, size, size, collide=True) for _ in range(GROUPS)]
        else:
            addrs = [place(rng, wave, lo + 64, REG - 128, size, align) for _ in range(GROUPS)]
            if vi in (1, 2):   # the first workgroup's lanes on consecutive elements: in rows of 16 with
                # gaps between (a 2D work-group's tile), or (vi 2) all of them (a coalesced access)
                run, gap = (16 if vi == 1 else wave), rng.randrange(1, 8) * 16
                first = lo + 64 + rng.randrange(0, 16) * 16
                addrs[0] = [first + (l // run) * (run * size + gap) + (l % run) * size for l in range(wave)]

        def fill(g, l, rec, addrs=addrs, ioff=ioff, am=am, n=n, size=size):
            rec[0] = addrs[g][l] - ioff
            rec[1] = 0
            if am:
                op, bits = atomic_spec(am.group(2), am.group(3))
                old = fix_old(mems[g], addrs[g][l], op, bits)
                for _ in range(50):
                    d, d2 = atomic_data(rng, op, bits, [old])
                    if not avoid_ambiguous(op, old, d, bits):
                        break
                if op in ('cmpswap', 'fcmpswap'):
                    rec[4:4 + 2 * n] = split(d, n) + split(d2, n)
                else:
                    rec[4:4 + n] = split(d, n)
        c.recs = records(rng, wave, fill)
        if form in ('gv', 'flat'):
            c.pre = ['v_add_co_u32 v1, %s, s20, v1' % vcc(wave), 'v_add_co_ci_u32_e32 v2, %s, s21, v2, %s' % (vcc(wave), vcc(wave))]
            addr = 'v[1:2]' + ('' if form == 'flat' else ', off')
        elif vi == 2:   # the 32-bit VGPR offset is unsigned (11.2): SADDR 2^31 below the region
            c.pre = ['s_sub_u32 s28, s20, 0x80000000', 's_subb_u32 s29, s21, 0', 'v_add_nc_u32 v1, 0x80000000, v1']
            addr = 'v1, s[28:29]'
        else:
            addr = 'v1, s[20:21]'
        offs = ' offset:%d' % ioff if ioff else ''
        if am:
            op, bits = atomic_spec(am.group(2), am.group(3))
            dn = 2 * n if op in ('cmpswap', 'fcmpswap') else n
            a1, a2 = addr.split(', ', 1) if ', ' in addr else (addr, None)
            ops = [a1, regs(5, dn)] + ([a2] if a2 else [])
            c.body = ['%s %s%s%s%s' % (name, regs(13, n) + ', ' if rtn else '', ', '.join(ops), offs, ' glc' if rtn else '')]
            if floats:
                c.mode = rng.choice([0x00, 0xf0, 0x30, 0xc0])
                c.fp = mm.FpMode(c.mode)
            expect_simple(c, None, lambda rec, l, ioff=ioff: rec[0] + ioff,
                          atomic=(op, bits, lambda rec, n=n, op=op: (join(rec[4:4 + n]), join(rec[4 + n:4 + 2 * n])
                                                                    if op in ('cmpswap', 'fcmpswap') else 0), rtn))
        else:
            a1, a2 = addr.split(', ', 1) if ', ' in addr else (addr, None)
            if shape[0] == 'load':
                c.body = ['%s %s, %s%s' % (name, regs(13, n), addr, offs)]
            else:
                c.body = ['%s %s%s' % (name, ', '.join([a1, regs(5, n)] + ([a2] if a2 else [])), offs)]
            expect_simple(c, shape, lambda rec, l, ioff=ioff: rec[0] + ioff)
        cases.append(c)
    return cases


# ---------------------------------------------------------------------------------------------
# MUBUF and MTBUF
# ---------------------------------------------------------------------------------------------

# (format in variant A, format in variant B) per format opcode tail; see mem_model.FORMATS
FORMAT_CHOICE = {
    'load_format_x': (22, 11), 'load_format_xy': (48, 28), 'load_format_xyz': (60, 58), 'load_format_xyzw': (46, 57),
    'store_format_x': (20, 5), 'store_format_xy': (27, 50), 'store_format_xyz': (58, 60),
    'store_format_xyzw': (63, 47),
    'load_d16_format_x': (13, 11), 'load_d16_format_xy': (27, 29), 'load_d16_format_xyz': (58, 60),
    'load_d16_format_xyzw': (55, 57), 'store_d16_format_x': (13, 11), 'store_d16_format_xy': (29, 27),
    'store_d16_format_xyz': (58, 60), 'store_d16_format_xyzw': (46, 55),
    'load_d16_hi_format_x': (11, 13), 'store_d16_hi_format_x': (13, 11)}
LDS_LOADS = {'u8': (1, False), 'i8': (1, True), 'u16': (2, False), 'i16': (2, True), 'b32': (4, False),
             'format_x': (0, False)}


def format_component(fmt, rng, d16):
    """A store value a component of fmt holds exactly (16-bit halves for D16)."""
    bits, _, kind = mm.FORMATS[fmt]
    if kind == 'float':
        if d16 or bits == 16:
            return struct.unpack('<H', struct.pack('<e', rng.uniform(-100, 100)))[0]
        return rand_f32(rng, 0.1)
    if kind == 'sint':
        return rng.randrange(-(1 << (bits - 1)), 1 << (bits - 1)) & (0xffff if d16 else 0xffffffff)
    return rng.getrandbits(min(bits, 16) if d16 else bits)


def format_mem(rng, fmt, d16, n):
    """Region bytes of components a load of fmt converts without an open question: 32-bit
    components for D16 hold 16-bit integers or f16-exact floats, 16-bit floats are not NaN."""
    bits, _, kind = mm.FORMATS[fmt]
    out = bytearray()
    while len(out) < n:
        if bits == 32 and d16:
            v = mm.f16_to_f32(format_component(13, rng, True)) if kind == 'float' else rng.getrandbits(16)
        elif bits == 16 and kind == 'float':
            v = rng.getrandbits(16)
            if (v >> 10 & 0x1f) == 0x1f:
                v &= ~0x4000
        else:
            v = rng.getrandbits(bits)
        out += v.to_bytes(bits // 8, 'little')
    return out[:n]


def buffer_cases(table, name, wave, rng):
    cases = []
    tail = name.split('_', 1)[1]
    fm = re.match(r'(load|store)_(d16_hi_|d16_)?format_(x|xy|xyz|xyzw)$', tail)
    am = re.match(r'atomic_(\w+?)_([uibf]\d+)$', tail)
    lm = re.match(r'load_lds_(\w+)$', tail)
    shape = mem_spec(name) if not (fm or am or lm) else None
    for vi in range(2):
        structured = vi == 1
        ek = 'partial' if vi == 0 else 'full'
        floats = 0
        if am:
            op, bits = atomic_spec(am.group(1), am.group(2))
            floats = float_bits(op, bits)
        mems = [rand_mem(rng, REG, floats) for _ in range(GROUPS)]
        c = new_case(rng, wave, ek, mems)
        if tail in ('gl0_inv', 'gl1_inv'):
            c.recs = records(rng, wave, lambda g, l, r: None)
            c.body = [name]
            c.expect = lambda g, recs, mem0, so, sm: ([list(r[12:16]) for r in recs], bytearray(mem0))
            cases.append(c)
            continue
        c.store_src = lambda rec: rec[12:16]
        fmt = 20   # non-format opcodes take their format from the opcode (seed 001); 32_UINT as tinygrad sets
        if fm:
            d16 = bool(fm.group(2))
            hi = fm.group(2) == 'd16_hi_'
            ncomp = len(fm.group(3))
            fmt = FORMAT_CHOICE[tail][vi]
            if fm.group(1) == 'load':
                c.mem = mems = [format_mem(rng, fmt, d16, REG) for _ in range(GROUPS)]
            cbits, fcomp, kind = mm.FORMATS[fmt]
            size = cbits // 8 * fcomp
            assert fcomp == ncomp, name
            n = (ncomp + 1) // 2 if d16 else ncomp
            align = min(4, size)   # seed 001: formats of 4 bytes and more need 4-byte alignment
        elif am:
            op, bits = atomic_spec(am.group(1), am.group(2))
            n = bits // 32
            size = align = bits // 8
        elif lm:
            size = LDS_LOADS[lm.group(1)][0] or 4
            if lm.group(1) == 'format_x':
                fmt = rng.choice((20, 11, 5))
                size = mm.FORMATS[fmt][0] // 8
            align, n = size, 1
        else:
            kind, size, signed, d16, hi = shape
            n = max(1, size // 4)
            align = min(size, 4)
        soff = rng.randrange(0, 16) * max(4, align)
        ioff = rng.randrange(0, 16) * max(4, align)
        window = 4096 if lm else REG
        if structured:
            stride = 32
            if ioff + size > stride:
                ioff = 0
            nrec = wave + rng.randrange(0, wave // 2)
            # lanes get distinct records; a few lanes index past NUM_RECORDS (OOB_SELECT 1: index only)
            idxs, offs = [], []
            for g in range(GROUPS):
                ids = rng.sample(range(0, min(2 * wave, (window - soff - 64) // stride)), wave)
                for k in rng.sample(range(wave), 2):
                    ids[k] = nrec + rng.randrange(0, 4)
                idxs.append(ids)
                offs.append([rng.randrange(0, (stride - size - ioff) // align + 1) * align for _ in range(wave)])
                if am:  # collisions: some lanes share the record and offset of the lane before
                    for l in range(1, wave):
                        if rng.random() < 0.3 and ids[l - 1] < nrec:
                            ids[l], offs[g][l] = ids[l - 1], offs[g][l - 1]
            v = mm.Vsharp(stride, nrec, 1, fmt)

            def fill(g, l, rec, idxs=idxs, offs=offs):
                rec[0], rec[1] = idxs[g][l], offs[g][l]
            addr_fn = lambda rec, l, v=v, ioff=ioff, soff=soff: mm.buffer_address(v, rec[0], rec[1] + ioff, soff)
            vaddr, mods = 'v[1:2]', ' idxen offen'
        else:
            lim = window - 64
            nr = lim - rng.randrange(64, 256)
            nr -= nr % 4
            addrs = [place(rng, wave, 0, nr - soff - ioff - 32, size, align, collide=bool(am)) for _ in range(GROUPS)]
            v = mm.Vsharp(0, nr, 3, fmt)
            for g in range(GROUPS):   # two active lanes around NUM_RECORDS: one straddling it, one past it
                ls = rng.sample(lanes_of(c.exec, wave), 2)
                addrs[g][ls[0]] = (nr - soff - ioff - (size // 2 if size > 4 else 0)) // align * align
                addrs[g][ls[1]] = (nr - soff - ioff + rng.randrange(0, 32)) // align * align
                if am:
                    addrs[g][ls[0]] = addrs[g][ls[1]]

            def fill(g, l, rec, addrs=addrs):
                rec[0] = addrs[g][l]
            addr_fn = lambda rec, l, v=v, ioff=ioff, soff=soff: mm.buffer_address(v, 0, rec[0] + ioff, soff)
            vaddr, mods = 'v1', ' offen'

        def fill2(g, l, rec, fill=fill, fm=fm, am=am, addr_fn=addr_fn, fmt=fmt, n=n):
            fill(g, l, rec)
            if fm:
                d16_ = bool(fm.group(2))
                comps = [format_component(fmt, rng, d16_) for _ in range(len(fm.group(3)))]
                if d16_:
                    words = [0] * n
                    for k, h in enumerate(comps):
                        words[k // 2] |= (h & 0xffff) << (16 * (k % 2))
                    if fm.group(2) == 'd16_hi_':
                        words = [words[0] << 16 | rng.getrandbits(16)]
                    else:
                        words = [w | (rng.getrandbits(16) << 16 if len(comps) % 2 and k == n - 1 else 0)
                                 for k, w in enumerate(words)]
                    rec[12:12 + n] = words
                else:
                    rec[12:12 + n] = comps
            if am:
                op, bits = atomic_spec(am.group(1), am.group(2))
                a, _ = addr_fn(rec, l)
                old = fix_old(mems[g], a, op, bits) if a + bits // 8 <= REG else 0
                for _ in range(50):
                    d, d2 = atomic_data(rng, op, bits, [old])
                    if not avoid_ambiguous(op, old, d, bits):
                        break
                nn = bits // 32
                rec[12:12 + nn] = split(d, nn)
                if op in ('cmpswap', 'fcmpswap'):
                    rec[12 + nn:12 + 2 * nn] = split(d2, nn)
        c.recs = records(rng, wave, fill2)
        c.pre = ['s_mov_b32 s24, s20', 's_and_b32 s25, s21, 0xffff', 's_or_b32 s25, s25, 0x%x' % (v.stride << 16),
                 's_mov_b32 s26, 0x%x' % v.num_records,
                 's_mov_b32 s27, 0x%x' % v.words(0)[3] if table == 'mubuf' else
                 's_mov_b32 s27, 0x%x' % (mm.Vsharp(v.stride, v.num_records, v.oob, 5 if fmt != 5 else 20).words(0)[3]),
                 's_mov_b32 s31, %d' % soff]
        offs = mods + (' offset:%d' % ioff if ioff else '')
        fmt_text = ' format:%d' % fmt if table == 'mtbuf' else ''
        if lm:
            m0 = rng.randrange(0, 64) * 4
            c.lds = (4096, 4096)
            c.pre.append('s_mov_b32 m0, %d' % m0)
            c.body = ['%s %s, s[24:27], s31%s' % (name, vaddr, offs)]

            def expect(g, recs, mem0, so, sm, c=c, addr_fn=addr_fn, m0=m0, ioff=ioff, kind=lm.group(1), fmt=fmt, size=size):
                mem = bytearray(mem0)
                out = [list(r[12:16]) for r in recs]
                for l in lanes_of(c.exec, c.wave):
                    a, oob = addr_fn(recs[l], l)
                    if oob(0, size):
                        val = 0
                    elif kind == 'format_x':
                        val = mm.format_load(fmt, mm.rd(mem, a, size), False)
                    else:
                        val = mm.load_value(mm.rd(mem, a, size), size, LDS_LOADS[kind][1])
                    mm.wr(mem, 4096 + ((m0 & 0xffff) + ioff + 4 * l), 4, val)
                return out, mem
            c.expect = expect
        elif fm:
            regs_text = regs(13, n)
            c.body = ['%s %s, %s, s[24:27], s31%s%s' % (name, regs_text, vaddr, fmt_text, offs)]

            def expect(g, recs, mem0, so, sm, c=c, addr_fn=addr_fn, fmt=fmt, load=fm.group(1) == 'load',
                       d16=bool(fm.group(2)), hi=fm.group(2) == 'd16_hi_', ncomp=len(fm.group(3)), size=size):
                mem = bytearray(mem0)
                out = [list(r[12:16]) for r in recs]
                cbytes = mm.FORMATS[fmt][0] // 8
                for l in lanes_of(c.exec, c.wave):
                    a, oob = addr_fn(recs[l], l)
                    out_range = oob(0, size)   # format accesses: all or nothing (seed 001)
                    if load:
                        vals = [0 if out_range else mm.format_load(fmt, mm.rd(mem, a + k * cbytes, cbytes), d16)
                                for k in range(ncomp)]
                        if hi:
                            out[l][0] = (out[l][0] & 0xffff) | vals[0] << 16
                        elif d16:
                            for k, h in enumerate(vals):
                                w = out[l][k // 2]
                                out[l][k // 2] = (w & ~(0xffff << (16 * (k % 2))) & 0xffffffff) | h << (16 * (k % 2))
                        else:
                            out[l][:ncomp] = vals
                    elif not out_range:
                        if hi:
                            comps = [recs[l][12] >> 16]
                        elif d16:
                            comps = [recs[l][12 + k // 2] >> (16 * (k % 2)) & 0xffff for k in range(ncomp)]
                        else:
                            comps = recs[l][12:12 + ncomp]
                        for k, v_ in enumerate(comps):
                            mm.wr(mem, a + k * cbytes, cbytes, mm.format_store(fmt, v_, d16))
                return out, mem
            c.expect = expect
        elif am:
            rtn = vi == 0
            nn = n * (2 if op in ('cmpswap', 'fcmpswap') else 1)
            c.body = ['%s %s, %s, s[24:27], s31%s%s' % (name, regs(13, nn), vaddr, offs, ' glc' if rtn else '')]
            if floats:
                c.mode = rng.choice([0x00, 0xf0, 0x30, 0xc0])
                c.fp = mm.FpMode(c.mode)

            def data(rec, n=n, op=op):
                return join(rec[12:12 + n]), join(rec[12 + n:12 + 2 * n]) if op in ('cmpswap', 'fcmpswap') else 0
            expect_simple(c, None, lambda rec, l, addr_fn=addr_fn: addr_fn(rec, l)[0],
                          oob_of=lambda rec, l, addr_fn=addr_fn: addr_fn(rec, l)[1], atomic=(op, bits, data, rtn))
            if not rtn:   # VDATA keeps the data
                inner = c.expect

                def expect(g, recs, mem0, so, sm, inner=inner):
                    out, mem = inner(g, recs, mem0, so, sm)
                    return [list(r[12:16]) for r in recs], mem
                c.expect = expect
        else:
            c.body = ['%s %s, %s, s[24:27], s31%s' % (name, regs(13, n), vaddr, offs)]
            expect_simple(c, shape, lambda rec, l, addr_fn=addr_fn: addr_fn(rec, l)[0],
                          oob_of=lambda rec, l, addr_fn=addr_fn: addr_fn(rec, l)[1])
        cases.append(c)
    return cases


# ---------------------------------------------------------------------------------------------
# SMEM
# ---------------------------------------------------------------------------------------------

def smem_cases(name, wave, rng):
    cases = []
    for vi in range(2):
        c = new_case(rng, wave, 'full', [rand_mem(rng, REG) for _ in range(GROUPS)])
        c.recs = records(rng, wave, lambda g, l, r: None)
        keep = lambda g, recs, mem0, so, sm: ([list(r[12:16]) for r in recs], bytearray(mem0))
        if name in ('s_gl1_inv', 's_dcache_inv'):
            c.body = [name, 's_waitcnt lgkmcnt(0)']
            c.expect = keep
        elif name in ('s_atc_probe', 's_atc_probe_buffer'):
            soff = rng.randrange(0, 64) * 4
            c.pre = ['s_mov_b32 s24, s20', 's_and_b32 s25, s21, 0xffff', 's_mov_b32 s26, 4096',
                     's_mov_b32 s27, 0x30000000', 's_mov_b32 s31, %d' % soff]
            c.body = ['s_atc_probe %d, s[20:21], 0x%x' % (rng.randrange(8), rng.randrange(64) * 4) if name == 's_atc_probe'
                      else 's_atc_probe_buffer %d, s[24:27], s31' % rng.randrange(8), 's_waitcnt lgkmcnt(0)']
            c.expect = keep
        else:
            nd = {'b32': 1, 'b64': 2, 'b128': 4, 'b256': 8, 'b512': 16}[name.rsplit('_', 1)[1]]
            sd = 's40' if nd == 1 else 's[40:%d]' % (39 + nd)
            if nd == 1 and vi:   # SOFFSET also the destination: read before written (tinygrad hardware test)
                sd = 's31'
            # the low two bits of every address term are ignored (8.1.1, 8.1.2), each term's own
            soff = rng.randrange(0, 256) * 4 + (rng.randrange(0, 4) if vi else 0) if vi else 0
            ioff = rng.randrange(0, 1024) * 4 + rng.randrange(0 if vi else 1, 4)
            vlow = rng.randrange(0, 4) if vi else 0   # ... and those of the V# base (8.1.2)
            if vi and not name.startswith('s_buffer'):   # S_LOAD takes a negative offset (guide 8.1)
                soff, ioff = soff + 2048, -rng.randrange(1, 512) * 4 - rng.randrange(0, 4)
            buf = name.startswith('s_buffer')
            c.pre = ['s_mov_b32 s31, %d' % soff]
            stride = 16 if vi else 0   # only the range check uses STRIDE: (stride or 1) * NUM_RECORDS (8.1.2)
            if buf:
                limit = ((ioff + soff) & ~3) + 4 * rng.randrange(0, nd + 1)   # (s20 is 4-aligned: no carry)
                nrec = (limit + 15) // 16 if stride else limit
                c.pre += ['s_add_u32 s24, s20, %d' % vlow, 's_and_b32 s25, s21, 0xffff', 's_or_b32 s25, s25, 0x%x' % (stride << 16),
                          's_mov_b32 s26, %d' % nrec, 's_mov_b32 s27, 0']
                c.body = ['%s %s, s[24:27], s31 offset:0x%x' % (name, sd, ioff) if vi else '%s %s, s[24:27], 0x%x' % (name, sd, ioff)]
            else:
                c.body = ['%s %s, s[20:21], s31 offset:%d' % (name, sd, ioff) if vi else '%s %s, s[20:21], %d' % (name, sd, ioff)]
            c.body += ['s_waitcnt lgkmcnt(0)'] + ['v_writelane_b32 v13, s%d, %d' % (40 + k, k) for k in range(nd)]
            if sd == 's31':
                c.body[-1] = 'v_writelane_b32 v13, s31, 0'

            def expect(g, recs, mem0, so_, sm, nd=nd, soff=soff, ioff=ioff, buf=buf, nrec=(nrec if buf else 0),
                       stride=stride):
                out = [list(r[12:16]) for r in recs]
                for k in range(nd):
                    if buf:
                        out[k][0] = mm.s_buffer_dword(mm.Vsharp(stride, nrec, 3), mem0, 0, ioff, soff, k)
                    else:
                        out[k][0] = mm.rd(mem0, mm.s_load_addr(0, ioff, soff) + 4 * k, 4)
                return out, bytearray(mem0)
            c.expect = expect
        cases.append(c)
    return cases


# ---------------------------------------------------------------------------------------------
# Running generic kernels
# ---------------------------------------------------------------------------------------------

def run_kernel(tool, hsaco, kname, cases, wave, tmp, verbose):
    """Runs one kernel (the cases of a few rows); returns (lane results checked, mismatch messages,
    the rows not verified)."""
    nc = len(cases)
    inp, mem, out = [os.path.join(tmp, '%s.%s' % (kname, s)) for s in ('in', 'mem', 'out')]
    with open(inp, 'wb') as f:
        for c in cases:
            for g in range(GROUPS):
                f.write(b''.join(struct.pack('<16I', *r) for r in c.recs[g]))
    with open(mem, 'wb') as f:
        for c in cases:
            for g in range(GROUPS):
                f.write(bytes(c.mem[g]))
    p = asmkit.run(tool, hsaco, kname, GROUPS * wave, wave, ['buf:' + inp, 'buf:' + mem, 'zeros:%d' % (nc * GROUPS * wave * 16)],
                   {1: mem + '.out', 2: out}, threads=1)
    if p.returncode:
        rows = sorted(set(c.row for c in cases))
        return 0, ['FAIL %s (%s): %s' % (kname, ' '.join(rows), p.stderr.strip()[-400:])], set(rows)
    got_out = open(out, 'rb').read()
    got_mem = open(mem + '.out', 'rb').read()
    checked, msgs, bad = 0, [], set()
    for ci, c in enumerate(cases):
        before = len(msgs)
        for g in range(GROUPS):
            base = (ci * GROUPS + g)
            seen_out = [list(struct.unpack_from('<4I', got_out, (base * wave + l) * 16)) for l in range(wave)]
            seen_mem = bytearray(got_mem[base * REG:(base + 1) * REG])
            want_out, want_mem = c.expect(g, c.recs[g], c.mem[g], seen_out, seen_mem)
            for l in range(wave):
                for k in range(4):
                    w, h = want_out[l][k], seen_out[l][k]
                    checked += 1
                    if w is None or (isinstance(w, set) and h in w) or w == h:
                        continue
                    msgs.append('MISMATCH %s_w%d case %d group %d lane %d v%d: want %s got 0x%08x (exec 0x%x; %s)' % (
                        c.row, wave, ci, g, l, 13 + k, ('0x%08x' % w) if isinstance(w, int) else w, h, c.exec,
                        '; '.join(c.body)[:120]))
            if bytes(want_mem) != bytes(seen_mem):
                d = next(i for i in range(REG) if want_mem[i] != seen_mem[i])
                msgs.append('MISMATCH %s_w%d case %d group %d: memory byte 0x%x want 0x%02x got 0x%02x (%s)' % (
                    c.row, wave, ci, g, d, want_mem[d], seen_mem[d], '; '.join(c.body)[:120]))
        if len(msgs) > before:
            bad.add(c.row)
    return checked, msgs, bad


def cases_for(table, name, wave, rng):
    if table == 'ds':
        return ds_cases(name, wave, rng)
    if table in ('flat', 'global', 'scratch'):
        return vmem_cases(table, name, wave, rng)
    if table in ('mubuf', 'mtbuf'):
        return buffer_cases(table, name, wave, rng)
    return smem_cases(name, wave, rng)


# ---------------------------------------------------------------------------------------------
# GWS and ordered count (co-resident kernels; seed 004 / guide 13.4)
# ---------------------------------------------------------------------------------------------

def gws_sequence(rng, wave, blocking):
    """A single-wave GWS program and whether the model says it completes. Steps: (op, M0 base,
    OFFSET0, EXEC, lane values); every step's resource id is (M0[21:16] + OFFSET0) mod 64."""
    r = rng.randrange(64)
    b0 = rng.randrange(64)
    steps = []
    full = (1 << wave) - 1
    k = rng.randrange(1, 4)
    vals = [rng.randrange(50, 1000) for _ in range(wave)]
    m = rand_exec(rng, wave, 'partial')
    vals[mm.gds_lane(m, True)] = k
    steps.append(('init', b0, (r - b0) % 64, m, vals))                  # counter = k (first active lane)
    steps += [('sema_p', 0, r, full, None)] * k
    steps.append(('sema_v', 0, r, 0, None))                              # EXEC 0: nothing
    vals0 = [rng.randrange(50, 1000) for _ in range(wave)]
    vals0[0] = j = rng.randrange(1, 3)
    steps.append(('sema_br', (r - 5) % 64, 5, 0, vals0))                 # EXEC 0: lane 0 adds j (M0 base r - 5)
    steps += [('sema_p', 0, r, full, None)] * j
    steps.append(('sema_p', 0, r, 0, None))                              # EXEC 0: nothing, no wait
    vals1 = [rng.randrange(50, 1000) for _ in range(wave)]
    vals1[0] = 0
    steps.append(('init', 0, r, 0, vals1))                               # EXEC 0: lane 0's value (0)
    steps.append(('sema_v', 0, r, full, None))
    steps.append(('sema_release_all', 0, r, full, None))                 # nobody waits: no change
    steps.append(('sema_p', 0, r, full, None))
    if blocking:
        steps.append(('sema_p', 0, r, rand_exec(rng, wave, 'partial'), None))
    g = mm.Gws()
    completes = all(g.step({'sema_release_all': 'release_all'}.get(op, op), b << 16, o, e, v)
                    for op, b, o, e, v in steps)
    return steps, completes


def gws_kernel(name, steps, wave):
    full = (1 << wave) - 1
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_load_b64 s[6:7], s[0:1], 0x8', 's_waitcnt lgkmcnt(0)',
            'v_lshlrev_b32 v40, 2, v0']
    for i, (op, b, o, e, vals) in enumerate(steps):
        body.append('s_mov_b32 m0, 0x%x' % (b << 16))
        if vals is not None:
            body += ['global_load_b32 v1, v40, s[4:5] offset:%d' % (i * wave * 4 % 4096) if i * wave * 4 < 4096 else
                     'global_load_b32 v1, v40, s[4:5] offset:0', 's_waitcnt vmcnt(0)']
        body += exec_lines(wave, e)
        opname = {'init': 'ds_gws_init v1', 'sema_v': 'ds_gws_sema_v', 'sema_br': 'ds_gws_sema_br v1',
                  'sema_p': 'ds_gws_sema_p', 'sema_release_all': 'ds_gws_sema_release_all'}[op]
        body += ['s_waitcnt lgkmcnt(0)', '%s offset:%d gds' % (opname, o), 's_waitcnt lgkmcnt(0)', 's_nop 0']
        body += exec_lines(wave, full)
    body += ['v_mov_b32 v2, 1', 'v_mov_b32 v3, 0', 'global_store_b32 v3, v2, s[6:7]', 's_endpgm']
    return asmkit.Kernel(name, body, nargs=2, vgprs=48, wave64=wave == 64)


def gws_input(steps, wave):
    data = bytearray(4096 + 4 * wave * len(steps))
    for i, (op, b, o, e, vals) in enumerate(steps):
        if vals is not None:
            assert i * wave * 4 < 4096
            struct.pack_into('<%dI' % wave, data, i * wave * 4, *vals)
    return bytes(data)


def barrier_kernel(name, wave, nw, rng):
    """nw waves (one per workgroup). Wave 0 initializes barrier resource R with nw - 1 (the total
    wave count minus one, from the first active lane of a partial EXEC) and then releases the
    other waves, which wait in a semaphore S, with ds_gws_sema_release_all until every one of them
    has passed (a global count); every wave then runs three rounds of: add its lane
    count to a global counter, GWS barrier A (EXEC 0: lane 0 gives the count; partial EXEC: the
    first active lane; full EXEC), read the counter, GWS barrier B. Returns the kernel, the input
    and the counter value each wave must read in each round (every wave's adds of the round)."""
    R, S = rng.randrange(1, 32), rng.randrange(32, 64)
    execs = [0, rand_exec(rng, wave, 'partial'), (1 << wave) - 1]
    init_exec = rand_exec(rng, wave, 'partial')
    rows = [[rng.randrange(100, 1000) for _ in range(wave)] for _ in range(5)]
    rows[0][mm.gds_lane(init_exec, True)] = nw - 1            # v1: ds_gws_init
    for rnd, e in enumerate(execs):                           # v2..v4: barrier A of each round
        rows[1 + rnd][mm.gds_lane(e, True)] = nw - 1
    rows[4] = [nw - 1] * wave                                  # v5: barrier B
    full = (1 << wave) - 1
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_load_b64 s[6:7], s[0:1], 0x8', 's_waitcnt lgkmcnt(0)',
            'v_lshlrev_b32 v40, 2, v0', 's_mov_b32 m0, 0'] + \
        ['global_load_b32 v%d, v40, s[4:5] offset:%d' % (1 + k, 4 * wave * k) for k in range(5)] + \
        ['s_waitcnt vmcnt(0)', 'v_mov_b32 v10, 0', 'v_mov_b32 v11, 1', 's_cmp_eq_u32 s2, 0', 's_cbranch_scc0 waiter'] + \
        exec_lines(wave, init_exec) + ['s_waitcnt lgkmcnt(0)', 'ds_gws_init v1 offset:%d gds' % R,
                                       's_waitcnt lgkmcnt(0)', 's_nop 0'] + \
        exec_lines(wave, full) + [
            # release the waiting waves with sema_release_all until all of them have passed
            'v_mov_b32 v15, %d' % (4 + 12 * nw), 'relall:', 's_waitcnt lgkmcnt(0)', 'ds_gws_sema_release_all offset:%d gds' % S,
            's_waitcnt lgkmcnt(0)', 's_nop 0', 'global_load_b32 v16, v15, s[6:7] glc', 's_waitcnt vmcnt(0)',
            'v_readfirstlane_b32 s12, v16', 's_cmp_lt_u32 s12, %d' % (nw - 1), 's_cbranch_scc1 relall', 's_branch go',
            'waiter:', 's_waitcnt lgkmcnt(0)', 'ds_gws_sema_p offset:%d gds' % S, 's_waitcnt lgkmcnt(0)', 's_nop 0',
            'v_mov_b32 v15, %d' % (4 + 12 * nw), 'v_mov_b32 v16, 1', 's_mov_b32 exec_lo, 1'] + \
        (['s_mov_b32 exec_hi, 0'] if wave == 64 else []) + ['global_atomic_add_u32 v15, v16, s[6:7]', 's_waitcnt vmcnt(0)'] + \
        exec_lines(wave, full) + ['go:']
    for rnd, e in enumerate(execs):
        body += ['global_atomic_add_u32 v10, v11, s[6:7]', 's_waitcnt vmcnt(0)'] + exec_lines(wave, e) + [
            's_waitcnt lgkmcnt(0)', 'ds_gws_barrier v%d offset:%d gds' % (2 + rnd, R), 's_waitcnt lgkmcnt(0)',
            's_nop 0'] + exec_lines(wave, full) + [
            'global_load_b32 v12, v10, s[6:7] glc', 's_waitcnt vmcnt(0)', 'v_readfirstlane_b32 s12, v12',
            's_lshl_b32 s13, s2, 2', 's_add_u32 s13, s13, %d' % (4 + 4 * nw * rnd), 'v_mov_b32 v13, s13',
            'v_mov_b32 v14, s12', 'global_store_b32 v13, v14, s[6:7]', 's_waitcnt vmcnt(0)',
            's_waitcnt lgkmcnt(0)', 'ds_gws_barrier v5 offset:%d gds' % R, 's_waitcnt lgkmcnt(0)', 's_nop 0']
    body.append('s_endpgm')
    data = b''.join(struct.pack('<%dI' % wave, *rows[k]) for k in range(5))
    want = [nw * wave * (rnd + 1) for rnd in range(3) for _ in range(nw)]
    return asmkit.Kernel(name, body, nargs=2, vgprs=48, wave64=wave == 64), data, want


def ordered_kernel(name, wave, nw, rng):
    """nw waves in creation order (one per workgroup, arriving in scrambled order), each issuing
    an ordered-count add (wave_release) and then an exchange (wave_done) with its own EXEC masks,
    one of them 0. Returns kernel, input and the expected v13/v14 of every lane."""
    ia, ib = rng.randrange(0, 16), rng.randrange(4, 8)   # exchange only on counters 4-7 (13.4.3)
    execs = []
    for w in range(nw):
        execs.append((0 if w == 1 else rand_exec(rng, wave, rng.choice(['full', 'partial'])),
                      0 if w == nw - 2 else rand_exec(rng, wave, 'partial')))
    vals = [[[rng.getrandbits(20) for _ in range(wave)] for _ in range(4)] for _ in range(nw)]  # v1 v2 v13 v14
    for w in range(nw):   # EXEC 0 add: lane 0 adds 0, so 'lane 0 acts' (13.4.2) and 'increment 0' (16.15) agree
        if execs[w][0] == 0:
            vals[w][0][0] = 0
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_load_b64 s[6:7], s[0:1], 0x8', 's_waitcnt lgkmcnt(0)',
            'v_lshlrev_b32 v40, 2, v0', 's_mul_i32 s8, s2, %d' % (16 * wave), 's_add_u32 s4, s4, s8', 's_addc_u32 s5, s5, 0',
            's_add_u32 s6, s6, s8', 's_addc_u32 s7, s7, 0', 's_mov_b32 m0, 0',
            'global_load_b32 v1, v40, s[4:5]', 'global_load_b32 v2, v40, s[4:5] offset:%d' % (4 * wave),
            'global_load_b32 v13, v40, s[4:5] offset:%d' % (8 * wave),
            'global_load_b32 v14, v40, s[4:5] offset:%d' % (12 * wave), 's_waitcnt vmcnt(0)',
            's_sub_u32 s10, %d, s2' % nw, 's_mul_i32 s10, s10, 30', 'delay:', 's_sub_u32 s10, s10, 1',
            's_cmp_lg_u32 s10, 0', 's_cbranch_scc1 delay', 's_cmp_eq_u32 s2, 0']
    full = (1 << wave) - 1
    for w in range(nw):   # per-wave EXEC masks, chosen by workgroup id
        body += ['s_cmp_eq_u32 s2, %d' % w, 's_cbranch_scc0 not%d' % w] + exec_lines(wave, execs[w][0]) + [
            's_waitcnt lgkmcnt(0)', 'ds_ordered_count v13, v1 offset:0x%x gds' % (ia * 4), 's_waitcnt lgkmcnt(0)',
            's_nop 0'] + exec_lines(wave, execs[w][1]) + [
            'ds_ordered_count v14, v2 offset:0x%x gds' % (ib * 4 | (3 | 1 << 4) << 8), 's_waitcnt lgkmcnt(0)', 's_nop 0'] + \
            exec_lines(wave, full) + ['not%d:' % w]
    body += ['global_store_b32 v40, v13, s[6:7]', 'global_store_b32 v40, v14, s[6:7] offset:%d' % (4 * wave),
             's_waitcnt vmcnt(0)', 's_endpgm']
    data = b''.join(struct.pack('<%dI' % wave, *vals[w][k]) for w in range(nw) for k in range(4))
    counters = {}
    want = []
    for w in range(nw):
        v13, v14 = list(vals[w][2]), list(vals[w][3])
        la = mm.gds_lane(execs[w][0], True)
        v13[la] = mm.ordered_count(counters, ia, 0, vals[w][0][la])
        lb = mm.gds_lane(execs[w][1], True)
        v14[lb] = mm.ordered_count(counters, ib, 1, vals[w][1][lb])
        want.append((v13, v14))
    return asmkit.Kernel(name, body, nargs=2, vgprs=48, wave64=wave == 64), data, want


def run_gws(tool, tmp, rng, verbose):
    """Returns (rows verified per wave size, checks, messages)."""
    msgs, checks = [], 0
    ok = {w: set(GWS_OPS) for w in (32, 64)}
    for wave in (32, 64):
        ks, jobs = [], []
        for variant in range(3):
            blocking = variant == 2
            steps, completes = gws_sequence(rng, wave, blocking)
            k = gws_kernel('gws%d_w%d' % (variant, wave), steps, wave)
            ks.append(k)
            jobs.append(('sema', k, steps, completes))
        nw = 4
        bk, bdata, bwant = barrier_kernel('gwsbar_w%d' % wave, wave, nw, rng)
        ok_, odata, owant = ordered_kernel('ordered_w%d' % wave, wave, nw, rng)
        ks += [bk, ok_]
        hsaco = asmkit.build(tool, ks, tmp, 'gws%d' % wave, wave64=wave == 64)
        for _, k, steps, completes in jobs:
            inp, out = os.path.join(tmp, k.name + '.in'), os.path.join(tmp, k.name + '.out')
            open(inp, 'wb').write(gws_input(steps, wave))
            p = asmkit.run(tool, hsaco, k.name, wave, wave, ['buf:' + inp, 'zeros:4'], {1: out}, threads=1)
            checks += 1
            done = p.returncode == 0 and open(out, 'rb').read()[:4] == b'\x01\0\0\0'
            if done != completes or (not completes and 'deadlock' not in p.stderr):
                msgs.append('MISMATCH %s: model says %s, run %s (%s)' % (
                    k.name, 'completes' if completes else 'waits forever', 'completed' if done else 'did not complete',
                    p.stderr.strip()[-200:]))
                for op in ('ds_gws_init', 'ds_gws_sema_v', 'ds_gws_sema_br', 'ds_gws_sema_p', 'ds_gws_sema_release_all'):
                    ok[wave].discard(op)
        inp, out = os.path.join(tmp, 'bar.in'), os.path.join(tmp, 'bar.out')
        open(inp, 'wb').write(bdata)
        p = asmkit.run(tool, hsaco, bk.name, nw * wave, wave, ['buf:' + inp, 'zeros:%d' % (8 + 12 * nw)], {1: out},
                       threads=2)
        checks += 1
        got = list(struct.unpack('<%dI' % (3 * nw), open(out, 'rb').read()[4:4 + 12 * nw])) if p.returncode == 0 else None
        if got != bwant:
            msgs.append('MISMATCH %s: counters after the barriers %s, want %s (%s)' % (bk.name, got, bwant,
                                                                                     p.stderr.strip()[-200:]))
            ok[wave] -= {'ds_gws_barrier', 'ds_gws_init', 'ds_gws_sema_release_all', 'ds_gws_sema_p'}
        inp, out = os.path.join(tmp, 'ord.in'), os.path.join(tmp, 'ord.out')
        open(inp, 'wb').write(odata)
        p = asmkit.run(tool, hsaco, ok_.name, nw * wave, wave, ['buf:' + inp, 'zeros:%d' % (nw * 16 * wave)], {1: out},
                       threads=2)
        checks += 1
        if p.returncode:
            msgs.append('FAIL %s: %s' % (ok_.name, p.stderr.strip()[-300:]))
            ok[wave].discard('ds_ordered_count')
        else:
            d = open(out, 'rb').read()
            for w in range(nw):
                got13 = list(struct.unpack_from('<%dI' % wave, d, w * 16 * wave))
                got14 = list(struct.unpack_from('<%dI' % wave, d, w * 16 * wave + 4 * wave))
                if (got13, got14) != owant[w]:
                    bad = [l for l in range(wave) if got13[l] != owant[w][0][l] or got14[l] != owant[w][1][l]]
                    msgs.append('MISMATCH %s wave %d lanes %s: v13 want %s got %s; v14 want %s got %s' % (
                        ok_.name, w, bad[:4], [hex(owant[w][0][l]) for l in bad[:4]], [hex(got13[l]) for l in bad[:4]],
                        [hex(owant[w][1][l]) for l in bad[:4]], [hex(got14[l]) for l in bad[:4]]))
                    ok[wave].discard('ds_ordered_count')
    return ok[32] & ok[64], checks, msgs


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--only', default='', help='regex: rows to run')
    ap.add_argument('--sample', type=float, default=1.0, help='fraction of the rows to run')
    ap.add_argument('--covered', default='', help='write the rows verified in both wave sizes here')
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()
    t0 = time.time()
    rng = random.Random(args.seed)
    missing = set(__import__('subprocess').run([args.tool, 'isa', '--missing'], capture_output=True,
                                               text=True).stdout.split())
    rows = [(t, n) for t, n in parse_rows() if n not in NOT_RUN and n not in missing and n not in GWS_OPS
            and (not args.only or re.search(args.only, n))]
    if args.sample < 1.0:
        pick = random.Random(args.seed)
        rows = [r for r in rows if pick.random() < args.sample]
    verified = {32: set(), 64: set()}
    checked, msgs, runs = 0, [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for wave in (32, 64):
            jobs = []
            for i in range(0, len(rows), ROWS_PER_KERNEL):   # a few rows per kernel: fewer wavesim runs
                cs = []
                for t, n in rows[i:i + ROWS_PER_KERNEL]:
                    for c in cases_for(t, n, wave, rng):
                        c.row = n
                        cs.append(c)
                jobs.append(('m%d_w%d' % (i, wave), cs))
            ks = [make_kernel(kn, cs, wave) for kn, cs in jobs]
            if not ks:
                continue
            hsaco = asmkit.build(args.tool, ks, tmp, 'mem%d' % wave, wave64=wave == 64)
            for kn, cs in jobs:
                c, m, bad = run_kernel(args.tool, hsaco, kn, cs, wave, tmp, args.verbose)
                checked += c
                msgs += m
                runs += 1
                verified[wave] |= set(x.row for x in cs) - bad
        gws_ok, gchecks, gmsgs = (set(), 0, [])
        if not args.only or any(re.search(args.only, g) for g in GWS_OPS):
            gws_ok, gchecks, gmsgs = run_gws(args.tool, tmp, rng, args.verbose)
        msgs += gmsgs
    both = sorted((verified[32] & verified[64]) | gws_ok)
    shown = msgs if args.verbose else msgs[:40]
    for m in shown:
        print(m)
    if len(msgs) > len(shown):
        print('... %d more' % (len(msgs) - len(shown)))
    if args.covered:
        with open(args.covered, 'w') as f:
            f.write('\n'.join(both) + '\n')
    print('mem ops: %d rows (+%d GWS/ordered), %d wavesim runs (+%d GWS), %d lane results, %d mismatches, %d rows '
          'verified in wave32 and wave64, %.1fs' % (len(rows), len(GWS_OPS), runs, gchecks, checked, len(msgs), len(both),
                                                  time.time() - t0))
    return 1 if msgs else 0


if __name__ == '__main__':
    sys.exit(main())
