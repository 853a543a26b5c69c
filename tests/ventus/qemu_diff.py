#!/usr/bin/env python3
"""Differential test of the Ventus executor against QEMU (issue 19): every standard row of
isa/ventus/ventus.def (RV32IMA, Zfinx, the Zve32f subset) runs on qemu-riscv32 (user mode,
bare-metal programs: no libc, results in a memory image written to standard output) and on wavesim
(one warp of 32 threads, vl = 32, SEW = 32, the same inputs per lane), and the results are compared
word for word.

Two QEMU processes and one wavesim process in all: a program for a `rv32,v=true,vlen=1024,elen=32`
CPU (integer, atomics, CSRs, vector; F+D there, since QEMU 7.2's V needs D: Zfinx cannot be enabled
with it, so the vector float scalar operand travels through fmv.w.x and flw/fsw/fmv use F registers)
and one for a `rv32,zfinx=true,f=false,d=false` CPU (the Zfinx scalar float rows). wavesim runs both
bodies in one kernel, the Zfinx body after the vector one, each with its own memory image.

Inputs: edge values (0, +-1, INT_MIN/MAX, shift amounts >= 32, division by zero and overflow, NaNs
quiet and signalling, infinities, denormals, signed zeros, values near the float/int conversion
limits), their cross products, random values and rounding ties. Float rows run in every rounding
mode (frm for vector ops; the static rm fields and dyn for scalar ones); fflags are compared after
every scalar op and after every vector instruction (accrued over its lanes), vxsat after every
saturating one. Vector rows also run masked (v0.t, old vd kept) and with a tail (vl = 13, tu).

Rows whose Ventus semantics deliberately differ from standard RISC-V are not compared; NOT_COMPARED
gives each with its source. Compares write 0/1 per lane on Ventus (seed 003 'RV32V-Mask', reference
1.1): on QEMU the mask result is expanded to 0/1 elements (vmv.v.i 0 + vmerge.vim 1) before the
comparison. --covered FILE lists the rows compared without a difference (for coverage.py)."""
import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TABLE = os.path.join(ROOT, 'isa', 'ventus', 'ventus.def')
ROW = re.compile(r'VT_OP\((\w+),\s*"([^"]+)",\s*(\w+),\s*(0x[0-9a-f]+),\s*(0x[0-9a-f]+),\s*(\w+),\s*(\w+)\)')
CUSTOM_MAJOR = (0x0b, 0x2b, 0x5b, 0x7b)
LANES = 32
TAIL_VL = 13
V_CPU = 'rv32,v=true,vext_spec=v1.0,vlen=%d,elen=32' % (32 * LANES)
Z_CPU = 'rv32,v=false,zfinx=true,f=false,d=false'
V_BASE, Z_BASE = 0x90000000, 0x98000000
FILL = 0xcdcdcdcd
VSET = ['li t0, %d' % LANES, 'vsetvli t0, t0, e32, m1, tu, mu']
M32 = 0xffffffff
RM = ('rne', 'rtz', 'rdn', 'rup', 'rmm')

SEED3 = 'seed 003, table of supported standard instructions'
# standard rows Ventus changes on purpose: QEMU is no oracle for them (coverage.py lists them)
NOT_COMPARED = {
    'ecall': 'an illegal instruction on Ventus (%s: "RV32I 不支持ecall ebreak")' % SEED3,
    'ebreak': 'an illegal instruction on Ventus (%s: "RV32I 不支持ecall ebreak")' % SEED3,
    'vmv.x.s': 'every active lane writes rd (the last one stays), not element 0 (%s, RV32V-IntegerArithmetic: '
               '"vmv.x.s语义改为各thread均向标量寄存器写入"; reference 1.1)' % SEED3,
    'vfmv.f.s': 'read like vmv.x.s, every active lane writes rd (the same executor function; %s and reference '
                '1.1 change vmv.x.s)' % SEED3,
    'vmv.s.x': 'a broadcast like vmv.v.x, not element 0 alone (%s: "vmv.s.x语义改为与vmv.v.x一致"; '
               'reference 1.1)' % SEED3,
    'vfmv.s.f': 'read like vmv.s.x, a broadcast (the same executor function; %s changes vmv.s.x)' % SEED3,
    'vle8.v': 'one byte per thread into its 32-bit lane, not packed 8-bit elements (%s, RV32V-LoadsAndStores: '
              '"vle8等指令语义改为各thread向向量寄存器元素位置写入"; the zero extension is our reading)' % SEED3,
    'vse8.v': 'the low byte of each 32-bit lane, not packed 8-bit elements (%s, RV32V-LoadsAndStores)' % SEED3,
    'vle16.v': 'one halfword per thread into its 32-bit lane, not packed (%s, RV32V-LoadsAndStores)' % SEED3,
    'vse16.v': 'the low halfword of each 32-bit lane, not packed (%s, RV32V-LoadsAndStores)' % SEED3,
}
# what the comparison of a row leaves out, for the report
PARTIAL = {
    'vsetvli': 'vtypes other than e32/m1 are vill on Ventus (docs/isa-notes-ventus.md): compared for e32/m1 '
               'with every ta/ma, and for vtypes both reject (e64, mf2)',
    'vsetvl': 'as vsetvli', 'vsetivli': 'as vsetvli',
    'fence': 'one hart: only that it runs and memory reads back', 'fence.i': 'as fence',
}

INT_EDGES = [0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 31, 32, 33, 0x55555555,
             0xaaaaaaaa, 0xffff, 0xffff0000, 0x8000, 0x12345678, 0xfffffff0, 0x3f, 0x7ffffffe]
F_EDGES = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x80800000, 0x3f800000,
           0xbf800000, 0x3f000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
           0xffc12345, 0x4b000000, 0x4b7fffff, 0xcf000000, 0x4f000000, 0x4f800000, 0xcf800001, 0x3effffff,
           0x3fc00000, 0x40200000, 0xbfc00000, 0x33800000, 0x34000000, 0x3f800001, 0x5f000000, 0x00000003]
CVT_F = [0x3f000000, 0xbf000000, 0x3fc00000, 0xbfc00000, 0x40200000, 0xc0200000, 0xbf400000, 0x4effffff,
         0x4f000000, 0xcf000000, 0xcf000001, 0x4f7fffff, 0x4f800000, 0xbf800000, 0x501502f9, 0xd01502f9,
         0x3f7fffff, 0xbf7fffff, 0x3f800001, 0x4b000001, 0x4affffff, 0xceffffff, 0x7fc00000, 0xff800000]
CVT_I = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 0x01000001, 0x00ffffff, 0x01000003, 0x7fffffc0,
         0x7fffffbf, 0xffffff81, 0x02000002, 0x02000006, 0xfefffffe, 0x00800001]


def table_rows():
    out = []
    for line in open(TABLE):
        m = ROW.search(line)
        if m:
            out.append({'id': m.group(1), 'mn': m.group(2), 'fmt': m.group(3), 'match': int(m.group(4), 16),
                        'sem': m.group(6), 'cls': m.group(7)})
    return out


def standard(row):
    return (row['match'] & 0x7f) not in CUSTOM_MAJOR


def hexs(xs):
    return ' '.join('%08x' % x for x in xs)


class Prog:
    """One program: a memory image (inputs, scratch, outputs), the QEMU and wavesim texts of its
    body, and the checks that say which image words belong to which row."""

    def __init__(self, name):
        self.name = name
        self.words = []
        self.q, self.w = [], []
        self.checks = []          # (row, word indices, describe(k) -> str)
        self.nlabel = 0
        self.ooff = 0             # next store offset from a5 (see out_store)

    def data(self, vals):
        off = 4 * len(self.words)
        self.words += [v & M32 for v in vals]
        return off

    def out(self, n):
        return self.data([FILL] * n)

    def both(self, *lines):
        self.q += lines
        self.w += lines

    def qw(self, qlines, wlines):
        self.q += qlines
        self.w += wlines

    def label(self):
        self.nlabel += 1
        return 'L%s%d' % (self.name, self.nlabel)

    def ptr(self, reg, off):
        self.both('li %s, %d' % (reg, off), 'add %s, %s, s0' % (reg, reg))

    def check(self, row, off, n, describe, stride=1):
        first = off // 4
        self.checks.append((row, range(first, first + n * stride, stride), describe))

    def loop(self, n, ptrs, qbody, wbody=None):
        """Runs body n times; ptrs: (register, byte offset in the image, step per iteration)."""
        for reg, off, _ in ptrs:
            self.ptr(reg, off)
        lab = self.label()
        if n > 1:
            self.both('li t3, %d' % n, lab + ':')
        self.qw([l.replace('{L}', lab) for l in qbody], [l.replace('{L}', lab) for l in (qbody if wbody is None else wbody)])
        if n > 1:
            for reg, _, step in ptrs:
                if step:
                    self.both('addi %s, %s, %d' % (reg, reg, step))
            self.both('addi t3, t3, -1', 'bnez t3, %s' % lab)

    def out_begin(self, nwords):
        """Reserves nwords of output and points a5 at them; out_store then stores in order."""
        off = self.out(nwords)
        self.ptr('a5', off)
        self.ooff = 0
        return off

    def out_store(self, reg):
        if self.ooff > 2040:
            self.both('addi a5, a5, %d' % self.ooff)
            self.ooff = 0
        self.both('sw %s, %d(a5)' % (reg, self.ooff))
        self.ooff += 4


# ---- scalar integer (RV32IMA) ----

def int_pairs(rng):
    pairs = [(a, b) for a in INT_EDGES for b in INT_EDGES]
    for _ in range(112):
        a = rng.getrandbits(32) if rng.random() < 0.6 else rng.getrandbits(rng.randrange(1, 33))
        b = rng.getrandbits(32) if rng.random() < 0.6 else rng.choice(INT_EDGES) ^ rng.getrandbits(3)
        pairs.append((a, b))
    return pairs


def int_inputs(rng, n=32):
    vals = INT_EDGES + [rng.getrandbits(32) for _ in range(n - len(INT_EDGES))]
    return vals[:n]


def gen_scalar_int(p, rows, rng):
    done = set()
    pairs = int_pairs(rng)
    a_off, b_off = p.data([a for a, _ in pairs]), p.data([b for _, b in pairs])
    n = len(pairs)
    desc = lambda k: 'rs1 %08x rs2 %08x' % pairs[k]
    branch = {'beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu'}
    for r in rows:
        mn, fmt = r['mn'], r['fmt']
        if fmt == 'R' and r['cls'] == 'ALU' or mn in branch:
            o = p.out(n)
            if mn in branch:  # t4 = 0 when taken, 1 when not
                body = ['lw t0, 0(a2)', 'lw t1, 0(a3)', 'addi t4, zero, 0', '%s t0, t1, {L}t' % mn, 'addi t4, zero, 1',
                        '{L}t:', 'sw t4, 0(a5)']
            else:
                body = ['lw t0, 0(a2)', 'lw t1, 0(a3)', '%s t4, t0, t1' % mn, 'sw t4, 0(a5)']
            p.loop(n, [('a2', a_off, 4), ('a3', b_off, 4), ('a5', o, 4)], body)
            p.check(mn, o, n, desc)
            done.add(mn)
    ins = int_inputs(rng)
    i_off = p.data(ins)
    imms = [-2048, -2047, -1, 0, 1, 2, 31, 32, 0x555, -0x556, 2047, 2046, -16, 15] + \
        [rng.randrange(-2048, 2048) for _ in range(4)]
    for r in rows:
        mn, fmt = r['mn'], r['fmt']
        if fmt not in ('I', 'SHIFT') or r['cls'] != 'ALU':
            continue
        vals = range(32) if fmt == 'SHIFT' else imms
        o = p.out(len(vals) * len(ins))
        for j, imm in enumerate(vals):
            p.loop(len(ins), [('a2', i_off, 4), ('a5', o + 4 * j * len(ins), 4)],
                   ['lw t0, 0(a2)', '%s t4, t0, %d' % (mn, imm), 'sw t4, 0(a5)'])
        p.check(mn, o, len(vals) * len(ins),
                lambda k, vals=vals: 'rs1 %08x imm %d' % (ins[k % len(ins)], vals[k // len(ins)]))
        done.add(mn)
    # lui, auipc (relative to the next instruction's pc), jal and jalr (link minus a pc read by auipc)
    uimms = [0, 1, 0x7ffff, 0x80000, 0xfffff, 0x12345, 0x80001, 0xffffe] + [rng.getrandbits(20) for _ in range(8)]
    o = p.out_begin(2 * len(uimms))
    for imm in uimms:
        p.both('lui t4, %d' % imm)
        p.out_store('t4')
    for imm in uimms:
        p.both('auipc t4, %d' % imm, 'auipc t5, 0', 'sub t4, t4, t5')
        p.out_store('t4')
    p.check('lui', o, len(uimms), lambda k: 'imm 0x%x' % uimms[k])
    p.check('auipc', o + 4 * len(uimms), len(uimms), lambda k: 'imm 0x%x (result minus the next pc)' % uimms[k])
    done |= {'lui', 'auipc'}
    o = p.out_begin(12)
    L = p.label()
    p.both('addi t6, zero, 0', 'auipc t5, 0', 'jal t4, %sf' % L, 'addi t6, zero, 1', '%sf:' % L, 'sub t4, t4, t5')
    p.out_store('t4'), p.out_store('t6')
    p.both('addi t6, zero, 0', 'jal zero, %sb2' % L, '%sb1:' % L, 'addi t6, t6, 5', 'jal zero, %se' % L,
           '%sb2:' % L, 'auipc t5, 0', 'jal t4, %sb1' % L, '%se:' % L, 'sub t4, t4, t5')
    p.out_store('t4'), p.out_store('t6')
    p.check('jal', o, 4, lambda k: ['forward: link - pc', 'forward: skipped marker', 'backward: link - pc',
                                    'backward: target ran'][k])
    # jalr at P+8 (auipc at P, the base set at P+4) jumping to P+16 over a marker at P+12: an odd
    # target (bit 0 cleared), rd = rs1, a negative offset, an odd base
    jalrs = [('t1', 't2', 4, 13), ('t4', 't4', 4, 12), ('t1', 't2', 40, -24), ('t1', 't2', 17, -1)]
    for base, rd, add, imm in jalrs:
        p.both('addi t6, zero, 0', 'auipc t5, 0', 'addi %s, t5, %d' % (base, add), 'jalr %s, %d(%s)' % (rd, imm, base),
               'addi t6, zero, 1', 'sub t4, %s, t5' % rd)
        p.out_store('t4'), p.out_store('t6')
    p.check('jalr', o + 16, 8, lambda k: '%s: %s' % (['odd target', 'rd = rs1', 'negative offset', 'odd base'][k // 2],
                                                     ['link - pc', 'skipped marker'][k % 2]))
    done |= {'jal', 'jalr'}
    return done


def gen_mem(p, rows, rng):
    """Scalar loads and stores (flw/fsw through F registers on QEMU), fences, atomics."""
    done = set()
    region = [rng.getrandbits(32) for _ in range(1024)]
    ld_off = p.data(region)
    loads = {'lb': 1, 'lbu': 1, 'lh': 2, 'lhu': 2, 'lw': 4, 'flw': 4}
    for mn, size in loads.items():
        imms = sorted({-2048, 2044 // size * size, 0, size, -size} |
                      {rng.randrange(-2048 // size, 2048 // size) * size for _ in range(40)})
        o = p.out_begin(len(imms))
        p.ptr('a4', ld_off + 2048)
        for imm in imms:
            if mn == 'flw':
                p.qw(['flw ft0, %d(a4)' % imm, 'fmv.x.w t4, ft0'], ['flw t4, %d(a4)' % imm])
            else:
                p.both('%s t4, %d(a4)' % (mn, imm))
            p.out_store('t4')
        p.check(mn, o, len(imms), lambda k, imms=imms: 'offset %d from the middle of a random region' % imms[k])
        done.add(mn)
    for mn, size in {'sb': 1, 'sh': 2, 'sw': 4, 'fsw': 4}.items():
        st_off = p.data([rng.getrandbits(32) for _ in range(1024)])
        p.ptr('a4', st_off + 2048)
        vals = INT_EDGES + [0x7f800001, 0xffc12345, 0x7fc00000] + [rng.getrandbits(32) for _ in range(20)]
        for v in vals:
            imm = rng.randrange(-2048 // size, 2048 // size) * size
            p.both('li t1, %d' % v)
            if mn == 'fsw':
                p.qw(['fmv.w.x ft0, t1', 'fsw ft0, %d(a4)' % imm], ['fsw t1, %d(a4)' % imm])
            else:
                p.both('%s t1, %d(a4)' % (mn, imm))
        p.check(mn, st_off, 1024, lambda k: 'word %d of the stored-to region' % k)
        done.add(mn)
    # fences: a store, the fence, a load back
    f_off = p.data([0] * 8)
    o = p.out_begin(8)
    p.ptr('a4', f_off)
    fences = [('fence', 'fence'), ('fence', 'fence rw, w'), ('fence', 'fence r, r'), ('fence.i', 'fence.i')]
    for k, (mn, text) in enumerate(fences):
        p.both('li t1, %d' % (0x1234 + k), 'sw t1, %d(a4)' % (4 * k), text, 'lw t4, %d(a4)' % (4 * k))
        p.out_store('t4')
    p.check('fence', o, 3, lambda k: fences[k][1])
    p.check('fence.i', o + 12, 1, lambda k: 'fence.i')
    done |= {'fence', 'fence.i'}
    # AMOs: memory word m, operand b -> rd (old) and the new memory word
    pairs = [(a, b) for a in INT_EDGES[:12] for b in INT_EDGES[:12]] + \
        [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(32)]
    m_off, b_off = p.data([a for a, _ in pairs]), p.data([b for _, b in pairs])
    amo_desc = lambda k: ('old value (rd)' if k % 2 == 0 else 'memory after') + ': mem %08x rs2 %08x' % pairs[k // 2]
    for r in rows:
        mn = r['mn']
        if not mn.startswith('amo'):
            continue
        o = p.out(2 * len(pairs))
        scratch = p.out(len(pairs))
        suffix = rng.choice(['', '.aq', '.rl', '.aqrl'])
        p.loop(len(pairs), [('a2', m_off, 4), ('a3', b_off, 4), ('a4', scratch, 4), ('a5', o, 8)],
               ['lw t0, 0(a2)', 'lw t1, 0(a3)', 'sw t0, 0(a4)', '%s%s t4, t1, (a4)' % (mn, suffix), 'lw t5, 0(a4)',
                'sw t4, 0(a5)', 'sw t5, 4(a5)'])
        p.check(mn, o, 2 * len(pairs), amo_desc)
        done.add(mn)
    # lr/sc: a pair succeeds; sc again without a reservation fails; sc to another address fails
    s_off = p.data([0x11111111, 0x22222222, 0x33333333, 0x44444444])
    o = p.out_begin(9)
    p.ptr('a4', s_off)
    p.both('addi a6, a4, 4', 'li t1, 0x5a5a5a5a')
    p.both('lr.w t4, (a4)'), p.out_store('t4')
    p.both('sc.w t4, t1, (a4)'), p.out_store('t4')
    p.both('lw t4, 0(a4)'), p.out_store('t4')
    p.both('li t1, 0x6b6b6b6b', 'sc.w.rl t4, t1, (a4)'), p.out_store('t4')
    p.both('lw t4, 0(a4)'), p.out_store('t4')
    p.both('lr.w.aq t4, (a4)'), p.out_store('t4')
    p.both('li t1, 0x7c7c7c7c', 'sc.w t4, t1, (a6)'), p.out_store('t4')
    p.both('lw t4, 0(a6)'), p.out_store('t4')
    p.both('lw t4, 0(a4)'), p.out_store('t4')
    what = ['lr.w value', 'sc.w after lr.w: rd', 'memory after it', 'a second sc.w (no reservation): rd',
            'memory after it', 'lr.w value', 'sc.w to another address: rd', 'that address after it', 'the reserved word']
    p.check('lr.w', o, 9, lambda k: what[k], 1)
    p.check('sc.w', o, 9, lambda k: what[k], 1)
    done |= {'lr.w', 'sc.w'}
    return done


def gen_csr(p, rng):
    """The six CSR instructions on the user CSRs both sides have: fflags, frm, fcsr and vxsat, vxrm,
    vcsr (after each op, the three CSRs of its family are read), vstart, and the read-only vl, vtype,
    vlenb."""
    families = (('fflags', 'frm', 'fcsr'), ('vxsat', 'vxrm', 'vcsr'))
    vals = [0, 0xffffffff, 0x5a, 0xa5, 0x1f, 0x20, 0xe0, 0x3, 0x6, rng.getrandbits(32), rng.getrandbits(8)]
    uimms = (0, 31, 5, 26, 2)
    # the vector CSRs' upper bits "should be written as zeros" (RVV 1.0 3.8-3.10): only their fields
    width = {'vxsat': 1, 'vxrm': 3, 'vcsr': 7}
    text = []
    o = p.out_begin(6 * 3 * (len(vals) + len(uimms)) * 4 + 11 + 6)

    def op_and_reads(family, what):
        p.out_store('t4')
        text.append(what + ': old value')
        for other in family:
            p.both('csrrs t4, %s, zero' % other)
            p.out_store('t4')
            text.append(what + ': then %s' % other)
    for family in families:
        for name in family:
            for v in vals:
                v &= width.get(name, M32)
                for op in ('csrrw', 'csrrs', 'csrrc'):
                    p.both('li t1, %d' % v, '%s t4, %s, t1' % (op, name))
                    op_and_reads(family, '%s %s, 0x%x' % (op, name, v))
            for u in uimms:
                u &= width.get(name, 31)
                for op in ('csrrwi', 'csrrsi', 'csrrci'):
                    p.both('%s t4, %s, %d' % (op, name, u))
                    op_and_reads(family, '%s %s, %d' % (op, name, u))
    for v in range(0, 32, 3):  # vstart: small values (its writable width is the implementation's)
        p.both('li t1, %d' % v, 'csrrw t4, vstart, t1', 'csrrw t4, vstart, zero')
        p.out_store('t4')
        text.append('vstart written %d, read back' % v)
    for name in ('vl', 'vtype', 'vlenb'):
        for op in ('csrrs', 'csrrc'):
            p.both('%s t4, %s, zero' % (op, name))
            p.out_store('t4')
            text.append('%s %s, zero' % (op, name))
    p.both('csrrwi zero, fcsr, 0', 'csrrwi zero, vcsr, 0')
    first = o // 4
    for mn in ('csrrw', 'csrrs', 'csrrc', 'csrrwi', 'csrrsi', 'csrrci'):
        p.checks.append((mn, range(first, first + len(text)), lambda k: text[k]))
    return {'csrrw', 'csrrs', 'csrrc', 'csrrwi', 'csrrsi', 'csrrci'}


def gen_vset(p, rng):
    """vsetvli/vsetivli/vsetvl: rd, vl and vtype for AVLs around VLMAX, every ta/ma, and vtypes both
    sides reject (e64 beyond ELEN 32, e32 with LMUL 1/2)."""
    avls = [0, 1, 2, 13, 31, 32, 33, 63, 64, 65, 1000, 0x7fffffff, 0xffffffff]
    vtypes = [('e32, m1, tu, mu', 0x10), ('e32, m1, ta, mu', 0x50), ('e32, m1, tu, ma', 0x90),
              ('e32, m1, ta, ma', 0xd0), ('e64, m1, ta, ma', 0xd8), ('e32, mf2, ta, ma', 0xd7)]
    n = len(avls) * len(vtypes) + 2 * len(vtypes) + 32 * 2 + len(avls) * 8
    o = p.out_begin(3 * n)
    text = {'vsetvli': [], 'vsetivli': [], 'vsetvl': []}
    order = []

    def after(mn, what):
        p.out_store('t4')
        p.both('csrrs t4, vl, zero')
        p.out_store('t4')
        p.both('csrrs t4, vtype, zero')
        p.out_store('t4')
        order.append((mn, what))
    for t, _ in vtypes:
        for avl in avls:
            p.both('li t1, %d' % avl, 'vsetvli t4, t1, %s' % t)
            after('vsetvli', 'AVL %d, %s' % (avl, t))
        p.both('vsetvli t4, zero, %s' % t)
        after('vsetvli', 'rs1 = x0 (VLMAX), %s' % t)
        p.both('vsetivli t4, 5, e32, m1, tu, mu', 'vsetvli zero, zero, %s' % t, 'addi t4, zero, 0')
        after('vsetvli', 'rd = rs1 = x0 (vl kept) after vl 5, %s' % t)
    for u in range(32):
        p.both('vsetivli t4, %d, e32, m1, ta, ma' % u)
        after('vsetivli', 'uimm %d, e32 m1 ta ma' % u)
        p.both('vsetivli t4, %d, e32, m1, tu, mu' % u)
        after('vsetivli', 'uimm %d, e32 m1 tu mu' % u)
    for vt in (0x10, 0xd0, 0x50, 0xd8, 0xd7, 0x80000010, 0x110, 0x14):
        for avl in avls:
            p.both('li t1, %d' % avl, 'li t2, %d' % vt, 'vsetvl t4, t1, t2')
            after('vsetvl', 'AVL %d, vtype 0x%x' % (avl, vt))
    # vtype 0x14 (e32, LMUL 16: reserved vlmul 100) and 0x110 (a reserved bit) are vill on both
    p.both('li t0, %d' % LANES, 'vsetvli t0, t0, e32, m1, tu, mu')
    first = o // 4
    for mn in text:
        idx = [first + 3 * i + j for i, (m, _) in enumerate(order) if m == mn for j in range(3)]
        whats = [w for m, w in order if m == mn]
        p.checks.append((mn, idx, lambda k, whats=whats: whats[k // 3] + ': ' + ('rd', 'vl', 'vtype')[k % 3]))
    return set(text)


# ---- vectors ----

def make_round(a, b, c, s, mask):
    return {'a': a, 'b': b, 'c': c, 's': s, 'm': mask}


def int_bank(rng):
    """Rounds of 32 lanes: the .vv cross product of INT_EDGES, then random ones."""
    pairs = int_pairs(rng)
    rounds = []
    for r in range(len(pairs) // LANES):
        ps = pairs[LANES * r:LANES * (r + 1)]
        rounds.append(make_round([x for x, _ in ps], [y for _, y in ps], [rng.getrandbits(32) for _ in ps],
                                 INT_EDGES[r % len(INT_EDGES)], rng.getrandbits(32)))
    return rounds


def float_value(rng):
    k = rng.random()
    if k < 0.3:
        return rng.choice(F_EDGES)
    if k < 0.6:
        return struct.unpack('<I', struct.pack('<f', rng.uniform(-100, 100)))[0]
    return rng.getrandbits(32)


def float_bank(rng):
    """The cross product of F_EDGES (lane i: a = edge i, b = c = scalar = edge r), random rounds and
    rounds with exact ties (a in [1, 2) with an odd last bit: a + 1.0, a * 1.5, a * 1.0 +- 2^-24)."""
    rounds = []
    n = len(F_EDGES)
    for r in range(n):
        rounds.append(make_round(F_EDGES[:], [F_EDGES[r]] * n, [F_EDGES[(i * 7 + r) % n] for i in range(n)],
                                 F_EDGES[r], rng.getrandbits(32)))
    for _ in range(4):
        rounds.append(make_round([float_value(rng) for _ in range(n)], [float_value(rng) for _ in range(n)],
                                 [float_value(rng) for _ in range(n)], float_value(rng), rng.getrandbits(32)))
    for s in (0x3f800000, 0x3fc00000, 0xb3800000):
        a = [(rng.getrandbits(1) << 31) | 0x3f800001 | rng.getrandbits(22) << 1 for _ in range(n)]
        rounds.append(make_round(a, [s] * n, [(rng.getrandbits(1) << 31) | 0x33800000 for _ in range(n)], s,
                                 rng.getrandbits(32)))
    return rounds


def cvt_bank(rng, ints):
    rounds = []
    if ints:
        vals = CVT_I + INT_EDGES + [rng.getrandbits(32) for _ in range(3 * LANES)] + \
            [rng.getrandbits(rng.randrange(20, 33)) | 1 for _ in range(2 * LANES)]
    else:
        vals = CVT_F + F_EDGES + [struct.unpack('<I', struct.pack('<f', rng.choice([1, -1]) * rng.uniform(0, 2.0 ** rng.randrange(1, 34))))[0]
                                  for _ in range(3 * LANES)] + [float_value(rng) for _ in range(LANES)]
    vals = vals[:len(vals) // LANES * LANES]
    for r in range(len(vals) // LANES):
        rounds.append(make_round(vals[LANES * r:LANES * (r + 1)], [0] * LANES, [rng.getrandbits(32) for _ in range(LANES)],
                                 0, rng.getrandbits(32)))
    return rounds


class Bank:
    """A list of rounds laid out in the image: a, b, c and mask arrays of 32 words per round, and
    the scalars."""

    def __init__(self, p, rounds):
        self.rounds = rounds
        self.a = p.data([x for r in rounds for x in r['a']])
        self.b = p.data([x for r in rounds for x in r['b']])
        self.c = p.data([x for r in rounds for x in r['c']])
        self.s = p.data([r['s'] for r in rounds])
        self.m = p.data([x for r in rounds for x in [r['m']] + r['a'][1:]])


COMPARE = re.compile(r'^vm(s|f)(eq|ne|lt|le|gt|ge)')
ROUNDING = ('vfadd', 'vfsub', 'vfrsub', 'vfmul', 'vfdiv', 'vfrdiv', 'vfsqrt', 'vfmacc', 'vfnmacc', 'vfmsac',
            'vfnmsac', 'vfmadd', 'vfnmadd', 'vfmsub', 'vfnmsub', 'vfcvt.xu.f.v', 'vfcvt.x.f.v', 'vfcvt.f.xu.v',
            'vfcvt.f.x.v')


def vtext(row, imm, masked, frm):
    """The instruction's text for QEMU and wavesim (vd v3, vs2 v1, vs1 v2, scalar t6 / ft0)."""
    mn, fmt = row['mn'], row['fmt']
    m = ', v0.t' if masked else ''
    ops = {'V_VV': 'v3, v1, v2' + m, 'V_VX': 'v3, v1, {X}' + m, 'V_VF': 'v3, v1, {F}' + m,
           'V_VI': 'v3, v1, %s' % imm + m, 'V_VIU': 'v3, v1, %s' % imm + m, 'V_FMA_VV': 'v3, v2, v1' + m,
           'V_FMA_VX': 'v3, {X}, v1' + m, 'V_FMA_VF': 'v3, {F}, v1' + m, 'V_VVM': 'v3, v1, v2, v0',
           'V_VXM': 'v3, v1, {X}, v0', 'V_VIM': 'v3, v1, %s, v0' % imm, 'V_VFM': 'v3, v1, {F}, v0',
           'V_MVV': 'v3, v2', 'V_MVX': 'v3, {X}', 'V_MVI': 'v3, %s' % imm, 'V_MVF': 'v3, {F}', 'V_MM': 'v3, v1, v2',
           'V_VID': 'v3' + m, 'V_V1': 'v3, v1' + m}[fmt]
    q = '%s %s' % (mn, ops.replace('{X}', 't6').replace('{F}', 'ft0'))
    w = '%s %s' % (mn, ops.replace('{X}', 't6').replace('{F}', 't6'))
    if COMPARE.match(mn):  # QEMU writes a mask: into v0, then 0/1 per element into v3
        return [q.replace('v3,', 'v0,', 1), 'vmv.v.i v3, 0', 'vmerge.vim v3, v3, 1, v0'], [w]
    if '.rtz.' in mn:  # QEMU 7.2 aborts translating vfcvt.rtz.* (decode_save_opc assertion): the same
        # conversion is vfcvt.x(u).f.v under frm = RTZ (RVV 1.0 13.17), which QEMU runs
        return ['csrwi frm, 1', q.replace('.rtz', ''), 'csrwi frm, %d' % (frm or 0)], [w]
    return [q], [w]


def vrun(p, row, bank, idxs, imm, masked, vl, frm, extra, elems, label):
    """Runs the row on rounds idxs of the bank (consecutive), 32 result words and one extra word
    (fflags or vxsat) per round."""
    n = len(idxs)
    r0 = idxs[0]
    o = p.out(33 * n)
    q, w = vtext(row, imm, masked, frm)
    fmt = row['fmt']
    scalar = fmt in ('V_VX', 'V_VF', 'V_FMA_VX', 'V_FMA_VF', 'V_VXM', 'V_VFM', 'V_MVX', 'V_MVF')
    if vl != LANES:
        p.both('li t0, %d' % vl, 'vsetvli t0, t0, e32, m1, tu, mu')
    if frm is not None:
        p.both('csrwi frm, %d' % frm)
    if extra:
        p.both('csrrwi zero, %s, 0' % extra)
    body = ['vle32.v v1, (a2)', 'vle32.v v2, (a3)', 'vle32.v v3, (a4)']
    if masked or fmt in ('V_VVM', 'V_VXM', 'V_VIM', 'V_VFM'):
        body.append('vle32.v v0, (a7)')
    qb, wb = list(body), list(body)
    if scalar:
        qb += ['lw t6, 0(a6)', 'fmv.w.x ft0, t6']
        wb += ['lw t6, 0(a6)']
    tail = ['vse32.v v3, (a5)']
    if extra:
        tail += ['csrrw t5, %s, zero' % extra, 'sw t5, 128(a5)']
    p.loop(n, [('a2', bank.a + 128 * r0, 128), ('a3', bank.b + 128 * r0, 128), ('a4', bank.c + 128 * r0, 128),
               ('a6', bank.s + 4 * r0, 4), ('a7', bank.m + 128 * r0, 128), ('a5', o, 132)], qb + q + tail, wb + w + tail)
    if vl != LANES:
        p.both('li t0, %d' % LANES, 'vsetvli t0, t0, e32, m1, tu, mu')
    if frm is not None:
        p.both('csrwi frm, 0')
    first = o // 4
    idx = [first + 33 * i + e for i in range(n) for e in list(elems) + ([32] if extra else [])]
    per = len(elems) + (1 if extra else 0)

    def describe(k):
        rd = bank.rounds[r0 + k // per]
        e = k % per
        head = '%s%s%s%s' % (label, ' frm %s' % RM[frm] if frm is not None else '', ' masked' if masked else '',
                             ' vl %d' % vl if vl != LANES else '')
        if extra and e == len(elems):
            return '%s: %s of the round (vs2 %s; vs1 %s; scalar %08x)' % (head, extra, hexs(rd['a']), hexs(rd['b']), rd['s'])
        lane = list(elems)[e]
        return '%s lane %d: vs2 %08x vs1 %08x vd %08x scalar %08x imm %s v0 %08x' % (
            head, lane, rd['a'][lane], rd['b'][lane], rd['c'][lane], rd['s'], imm, rd['m'])
    p.checks.append((row['mn'], idx, describe))


def gen_vector(p, rows, rng):
    done = set()
    ib = Bank(p, int_bank(rng))
    fb = Bank(p, float_bank(rng))
    cf, ci = Bank(p, cvt_bank(rng, False)), Bank(p, cvt_bank(rng, True))
    for row in rows:
        mn, fmt = row['mn'], row['fmt']
        if not standard(row) or mn in NOT_COMPARED or not fmt.startswith('V_'):
            continue
        is_float = mn.startswith('vf') or mn.startswith('vmf')
        bank = (ci if mn.startswith('vfcvt.f.') else cf if mn.startswith('vfcvt') else fb) if is_float else ib
        nr = len(bank.rounds)
        elems = [0] if fmt == 'V_MM' else range(LANES)
        cmp = bool(COMPARE.match(mn))
        can_mask = fmt not in ('V_VVM', 'V_VXM', 'V_VIM', 'V_VFM', 'V_MVV', 'V_MVX', 'V_MVI', 'V_MVF', 'V_MM') and not cmp
        can_tail = fmt != 'V_MM' and not cmp
        extra = 'fflags' if is_float else 'vxsat' if mn.startswith(('vsadd', 'vssub')) else None
        if fmt in ('V_VI', 'V_VIU', 'V_VIM', 'V_MVI'):
            imms = range(32) if fmt == 'V_VIU' else range(-16, 16)
            for j, imm in enumerate(imms):
                vrun(p, row, bank, [j % nr], imm, False, LANES, None, extra, elems, 'imm %d' % imm)
            if can_mask:
                vrun(p, row, bank, [nr - 1], imms[-1], True, LANES, None, extra, elems, 'imm %d' % imms[-1])
            if can_tail:
                vrun(p, row, bank, [nr - 2], imms[3], False, TAIL_VL, None, extra, elems, 'imm %d' % imms[3])
        else:
            modes = range(5) if mn.startswith(ROUNDING) else (0, 2) if is_float else (None,)
            for frm in modes:
                vrun(p, row, bank, list(range(nr)), 0, False, LANES, frm, extra, elems, '')
                if can_mask:
                    vrun(p, row, bank, [(nr // 2 + (frm or 0)) % nr], 0, True, LANES, frm, extra, elems, '')
            if can_tail:
                vrun(p, row, bank, [nr - 3], 0, False, TAIL_VL, modes[0], extra, elems, '')
        done.add(mn)
    return done


def gen_vmem(p, rng):
    """vle32/vse32, vlse32/vsse32 and the indexed loads/stores, unmasked and masked, over random
    regions (base in the middle, so offsets and strides may be negative)."""
    done = set()
    reg = [rng.getrandbits(32) for _ in range(4096)]
    ld = p.data(reg)
    old = p.data([rng.getrandbits(32) for _ in range(LANES)])
    masks = [rng.getrandbits(32) for _ in range(8)]
    mk = p.data([x for m in masks for x in [m] + [0] * (LANES - 1)])
    strides = [4, 8, -4, 0, 12, -8, 260, -256, 64]
    idx_sets = []
    for k in range(6):
        if k < 3:
            ix = rng.sample(range(-2000, 2000), LANES)
        else:
            ix = [rng.randrange(-2000, 2000) for _ in range(LANES)]
            ix[5] = ix[9]
        idx_sets.append([(4 * x) & M32 for x in ix])
    ixo = p.data([x for s in idx_sets for x in s])
    cases = []  # (mnemonic, text, base offset in bytes from the middle, stride, index set, mask)
    for k, off in enumerate([0, -4096, 4000, -128]):
        cases.append(('vle32.v', 'vle32.v v3, (a4)', off, None, None, None))
        cases.append(('vle32.v', 'vle32.v v3, (a4), v0.t', off, None, None, k))
    for k, s in enumerate(strides):
        cases.append(('vlse32.v', 'vlse32.v v3, (a4), t1', 0, s, None, None))
        if k < 3:
            cases.append(('vlse32.v', 'vlse32.v v3, (a4), t1, v0.t', 0, s, None, k + 3))
    for mn in ('vluxei32.v', 'vloxei32.v'):
        for k in range(6):
            cases.append((mn, '%s v3, (a4), v2' % mn, 0, None, k, None))
        cases.append((mn, '%s v3, (a4), v2, v0.t' % mn, 0, None, 1, 6))
    o = p.out(LANES * len(cases))
    for i, (mn, text, off, s, ix, m) in enumerate(cases):
        p.ptr('a4', ld + 8192 + off)
        p.ptr('a5', o + 128 * i)
        p.ptr('a6', old)
        p.both('vle32.v v3, (a6)')
        if s is not None:
            p.both('li t1, %d' % s)
        if ix is not None:
            p.ptr('a6', ixo + 128 * ix)
            p.both('vle32.v v2, (a6)')
        if m is not None:
            p.ptr('a6', mk + 128 * m)
            p.both('vle32.v v0, (a6)')
        p.both(text, 'vse32.v v3, (a5)')
    for i, (mn, text, off, s, ix, m) in enumerate(cases):
        p.checks.append((mn, range(o // 4 + LANES * i, o // 4 + LANES * (i + 1)),
                         lambda k, text=text, off=off, s=s, ix=ix, m=m: '%s: base middle%+d stride %s index %s mask %s, lane %d'
                         % (text, off, s, ix, None if m is None else '%08x' % masks[m], k)))
        done.add(mn)
    # stores: each row into its own region, then the region is compared
    vals = p.data([rng.getrandbits(32) for _ in range(LANES * 8)])
    stores = {'vse32.v': [('vse32.v v3, (a4)', 0, None, None, None), ('vse32.v v3, (a4), v0.t', 200, None, None, 0),
                          ('vse32.v v3, (a4)', -4000, None, None, None)],
              'vsse32.v': [('vsse32.v v3, (a4), t1', 0, s, None, None) for s in (4, 8, -4, 12, 260, -256)] +
                          [('vsse32.v v3, (a4), t1, v0.t', 0, 8, None, 1)],
              'vsuxei32.v': [('vsuxei32.v v3, (a4), v2', 0, None, k, None) for k in range(3)] +
                            [('vsuxei32.v v3, (a4), v2, v0.t', 0, None, 1, 2)],
              'vsoxei32.v': [('vsoxei32.v v3, (a4), v2', 0, None, k, None) for k in range(6)] +
                            [('vsoxei32.v v3, (a4), v2, v0.t', 0, None, 4, 3)]}
    for mn, cs in stores.items():
        region = p.data([rng.getrandbits(32) for _ in range(4096)])
        for k, (text, off, s, ix, m) in enumerate(cs):
            p.ptr('a4', region + 8192 + off)
            p.ptr('a6', vals + 128 * (k % 8))
            p.both('vle32.v v3, (a6)')
            if s is not None:
                p.both('li t1, %d' % s)
            if ix is not None:
                p.ptr('a6', ixo + 128 * ix)
                p.both('vle32.v v2, (a6)')
            if m is not None:
                p.ptr('a6', mk + 128 * m)
                p.both('vle32.v v0, (a6)')
            p.both(text)
        p.check(mn, region, 4096, lambda k, cs=cs: 'word %d of the region stored by %s' % (k, '; '.join(c[0] for c in cs)))
        done.add(mn)
    return done


# ---- Zfinx scalar float ----

def gen_zfinx(p, rows, rng):
    done = set()
    # the registers that the rs3 field (bits 31:27) of fsub/fmul/fdiv/fsqrt names hold signalling
    # NaNs: a row that is not a multiply-add must not read them (no invalid flag)
    p.both('li ra, 0x7f800001', 'li sp, 0x7f800001', 'li gp, 0x7fa00001', 'li a1, 0xffa00001')
    n = len(F_EDGES)
    trip = [(F_EDGES[i], F_EDGES[j], F_EDGES[(i * 7 + j) % n]) for i in range(n) for j in range(n)]
    for _ in range(192):
        trip.append((float_value(rng), float_value(rng), float_value(rng)))
    for _ in range(64):  # ties: a in [1, 2) with an odd last bit, and +-2^-24, 1.0 or 1.5
        a = (rng.getrandbits(1) << 31) | 0x3f800001 | rng.getrandbits(22) << 1
        b = rng.choice([0x3f800000, 0x3fc00000, 0x33800000, 0xb3800000])
        trip.append((a, b, (rng.getrandbits(1) << 31) | 0x33800000))
    cvt_f = [(x, 0, 0) for x in CVT_F + F_EDGES] + \
        [(struct.unpack('<I', struct.pack('<f', rng.choice([1, -1]) * rng.uniform(0, 2.0 ** rng.randrange(1, 34))))[0], 0, 0)
         for _ in range(200)]
    cvt_i = [(x, 0, 0) for x in CVT_I + INT_EDGES] + [(rng.getrandbits(rng.randrange(20, 33)), 0, 0) for _ in range(200)]
    sets = {}
    for name, t in (('f', trip), ('cf', cvt_f), ('ci', cvt_i)):
        sets[name] = (t, p.data([x for x, _, _ in t]), p.data([y for _, y, _ in t]), p.data([z for _, _, z in t]))
    for row in rows:
        mn, fmt = row['mn'], row['fmt']
        if row['cls'] != 'FPU' or mn in ('fmv.x.w', 'fmv.w.x'):
            continue
        t, ao, bo, co = sets['ci' if mn.startswith('fcvt.s.') else 'cf' if mn.startswith('fcvt.') else 'f']
        srcs = {'FR': 2, 'FR1': 1, 'FRN': 2, 'FR1N': 1, 'FR4': 3}[fmt]
        ops = ', '.join(['t0', 't1', 't2'][:srcs])
        rms = [(rm, None, len(t)) for rm in RM] + [('dyn', f, 48) for f in range(5)] if fmt in ('FR', 'FR1', 'FR4') \
            else [(None, None, len(t))]
        for rm, frm, cnt in rms:
            o = p.out(2 * cnt)
            if frm is not None:
                p.both('csrwi frm, %d' % frm)
            p.both('csrrwi zero, fflags, 0')
            text = '%s t4, %s%s' % (mn, ops, ', ' + rm if rm else '')
            p.loop(cnt, [('a2', ao, 4), ('a3', bo, 4), ('a4', co, 4), ('a5', o, 8)],
                   ['lw t0, 0(a2)', 'lw t1, 0(a3)', 'lw t2, 0(a4)', text, 'csrrw t5, fflags, zero', 'sw t4, 0(a5)',
                    'sw t5, 4(a5)'])
            if frm is not None:
                p.both('csrwi frm, 0')
            p.check(mn, o, 2 * cnt, lambda k, t=t, rm=rm, frm=frm, text=text:
                    '%s%s: %s rs1 %08x rs2 %08x rs3 %08x' % (text, ' (frm %s)' % RM[frm] if frm is not None else '',
                                                            ('result', 'fflags')[k % 2], *t[k // 2]))
        done.add(mn)
    return done


def gen_fmv(p, rng):
    """fmv.w.x / fmv.x.w: x-to-x moves on Ventus (Zfinx has none); on QEMU through an F register."""
    vals = F_EDGES + [rng.getrandbits(32) for _ in range(32)]
    src = p.data(vals)
    o = p.out(2 * len(vals))
    p.loop(len(vals), [('a2', src, 4), ('a5', o, 8)],
           ['lw t0, 0(a2)', 'fmv.w.x ft1, t0', 'fsw ft1, 0(a5)', 'flw ft2, 0(a2)', 'fmv.x.w t4, ft2', 'sw t4, 4(a5)'],
           ['lw t0, 0(a2)', 'fmv.w.x t1, t0', 'sw t1, 0(a5)', 'lw t2, 0(a2)', 'fmv.x.w t4, t2', 'sw t4, 4(a5)'])
    p.check('fmv.w.x', o, len(vals), lambda k: 'x %08x' % vals[k], 2)
    p.check('fmv.x.w', o + 4, len(vals), lambda k: 'f %08x' % vals[k], 2)
    return {'fmv.w.x', 'fmv.x.w'}


# ---- building and running ----

def qemu_text(p, prologue):
    return '\n'.join(['\t.text', '\t.globl _start', '_start:', '\tla s0, data'] + ['\t' + l for l in prologue] +
                     ['\t' + l if not l.endswith(':') else l for l in p.q] +
                     ['\tmv a1, s0', '\tli a2, %d' % (4 * len(p.words)), 'Lwrite:', '\tli a0, 1', '\tli a7, 64',
                      '\tecall', '\tblt a0, zero, Lfail', '\tadd a1, a1, a0', '\tsub a2, a2, a0', '\tbnez a2, Lwrite',
                      '\tli a0, 0', '\tli a7, 93', '\tecall', 'Lfail:', '\tli a0, 3', '\tli a7, 93', '\tecall',
                      '\t.data', '\t.balign 64', 'data:', '\t.incbin "%s.bin"' % p.name]) + '\n'


def build_qemu(p, march, prologue, tmp):
    src, obj, exe = (os.path.join(tmp, p.name + x) for x in ('.s', '.o', ''))
    open(os.path.join(tmp, p.name + '.bin'), 'wb').write(struct.pack('<%dI' % len(p.words), *p.words))
    open(src, 'w').write(qemu_text(p, prologue))
    r = subprocess.run(['riscv64-unknown-elf-as', '-march=' + march, '-mabi=ilp32', '-I', tmp, src, '-o', obj],
                       capture_output=True, text=True, cwd=tmp)
    if r.returncode:
        return None, 'GNU as (%s): %s' % (p.name, r.stderr.strip()[:2000])
    r = subprocess.run(['riscv64-unknown-elf-ld', '-m', 'elf32lriscv', obj, '-o', exe], capture_output=True, text=True)
    if r.returncode:
        return None, 'ld (%s): %s' % (p.name, r.stderr.strip()[:2000])
    return exe, None


def hexwords(ws):
    return '\n'.join('%08x' % w for w in ws) + '\n'


def build_wavesim(tool, progs, tmp):
    """One kernel: the bodies one after the other, each with s0 at its image; one launch."""
    lines = ['lui t4, 2', 'csrrs t4, mstatus, t4'] + VSET
    for p, base in progs:
        lines += ['li s0, 0x%x' % base] + p.w
    lines.append('endprg x0, x0, x0')
    src = os.path.join(tmp, 'kernel.s')
    open(src, 'w').write(''.join(l + '\n' if l.endswith(':') else '\t' + l + '\n' for l in lines))
    r = subprocess.run([tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
    if r.returncode:
        return None, 'wavesim as: ' + r.stderr.strip()[:2000]
    code = [int(x, 16) for x in r.stdout.split()]
    bufs = [(base, p.words) for p, base in progs] + [(0x80000000, code)]
    u64 = lambda v: [v & M32, v >> 32]
    meta = u64(0x80000000) + u64(0) + u64(1) + u64(1) + u64(1) + u64(LANES) + u64(1) + u64(0) + u64(0x1000) + \
        u64(0) + u64(64) + u64(64) + u64(0) + u64(len(bufs))
    for base, _ in bufs:
        meta += u64(base)
    for _, ws in bufs:
        meta += u64(4 * len(ws))
    for _, ws in bufs:
        meta += u64((4 * len(ws) + 0xfff) & ~0xfff)
    mp, dp = os.path.join(tmp, 'k.metadata'), os.path.join(tmp, 'k.data')
    open(mp, 'w').write(hexwords(meta))
    open(dp, 'w').write(hexwords([w for _, ws in bufs for w in ws]))
    return (mp, dp), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tool', required=True, help='the wavesim binary')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--covered', help='write the rows compared without a difference here')
    ap.add_argument('--qemu', default='qemu-riscv32')
    ap.add_argument('--keep', help='keep the generated programs in this directory')
    ap.add_argument('--max-print', type=int, default=4, help='differences printed per row')
    args = ap.parse_args()
    t0 = time.time()
    for t in (args.qemu, 'riscv64-unknown-elf-as', 'riscv64-unknown-elf-ld'):
        if not shutil.which(t):
            print('FAIL: %s not found (apt-get install qemu-user binutils-riscv64-unknown-elf)' % t)
            return 1
    rng = random.Random(args.seed)
    rows = table_rows()
    std = [r for r in rows if standard(r)]
    pv, pz = Prog('v'), Prog('z')
    tested = set()
    tested |= gen_scalar_int(pv, std, rng)
    tested |= gen_mem(pv, std, rng)
    tested |= gen_csr(pv, rng)
    tested |= gen_vset(pv, rng)
    tested |= gen_fmv(pv, rng)
    tested |= gen_vmem(pv, rng)
    tested |= gen_vector(pv, std, rng)
    tested |= gen_zfinx(pz, std, rng)
    problems = []
    untested = [r['mn'] for r in std if r['mn'] not in tested and r['mn'] not in NOT_COMPARED]
    if untested:
        problems.append('standard rows with no generator and no reason: ' + ' '.join(untested))
    tmp = args.keep or tempfile.mkdtemp(prefix='qemu_diff.')
    os.makedirs(tmp, exist_ok=True)
    try:
        images = {}
        procs = {}
        for p, march, cpu, pro in ((pv, 'rv32imafdv_zifencei', V_CPU, VSET), (pz, 'rv32ima_zfinx_zifencei', Z_CPU, [])):
            exe, err = build_qemu(p, march, pro, tmp)
            if err:
                print('FAIL ' + err)
                return 1
            procs[p.name] = subprocess.Popen([args.qemu, '-cpu', cpu, exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        launch, err = build_wavesim(args.tool, [(pv, V_BASE), (pz, Z_BASE)], tmp)
        if err:
            print('FAIL ' + err)
            return 1
        dumps = {p.name: os.path.join(tmp, 'wavesim_%s.bin' % p.name) for p in (pv, pz)}
        cmd = [args.tool, 'run', '--isa', 'ventus', launch[0], launch[1], '--threads', '1']
        for p, base in ((pv, V_BASE), (pz, Z_BASE)):
            cmd += ['--dump-mem', '0x%x:%d:%s' % (base, 4 * len(p.words), dumps[p.name])]
        rw = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        for p in (pv, pz):
            out, errt = procs[p.name].communicate(timeout=300)
            if procs[p.name].returncode or len(out) != 4 * len(p.words):
                print('FAIL qemu (%s program): exit %d, %d bytes of %d: %s' % (p.name, procs[p.name].returncode, len(out),
                                                                               4 * len(p.words), errt.decode()[-2000:]))
                return 1
            images[p.name] = struct.unpack('<%dI' % len(p.words), out)
        if rw.returncode:
            print('FAIL wavesim run: %s' % rw.stderr.strip()[-3000:])
            return 1
        got = {p.name: struct.unpack('<%dI' % len(p.words), open(dumps[p.name], 'rb').read()) for p in (pv, pz)}
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    # compare
    results, bad_rows, nbad = {}, {}, 0
    problems = list(problems)
    for p in (pv, pz):
        qi, wi = images[p.name], got[p.name]
        for row, idx, describe in p.checks:
            results[row] = results.get(row, 0) + len(idx)
            if all(qi[i] == FILL for i in idx):
                problems.append('%s: QEMU wrote none of the %d results of a check (%s)' % (row, len(idx), describe(0)))
            for k, i in enumerate(idx):
                if qi[i] != wi[i]:
                    nbad += 1
                    bad_rows[row] = bad_rows.get(row, 0) + 1
                    if bad_rows[row] <= args.max_print:
                        print('DIFF %s: %s: qemu %08x wavesim %08x' % (row, describe(k), qi[i], wi[i]))
    compared = sorted(set(results), key=[r['mn'] for r in rows].index)
    ok = [r for r in compared if r not in bad_rows]
    for r, n in sorted(bad_rows.items()):
        problems.append('%s: %d of %d results differ' % (r, n, results[r]))
    if args.covered:
        with open(args.covered, 'w') as f:
            f.write(''.join(r + '\n' for r in ok))
    print('not compared (Ventus differs from standard RISC-V on purpose):')
    for mn, why in NOT_COMPARED.items():
        print('  %s: %s' % (mn, why))
    print('compared in part: ' + '; '.join('%s (%s)' % kv for kv in PARTIAL.items()))
    print('qemu differential: %d standard rows, %d compared (%d results), %d agree, %d not compared; '
          '%d differences; %.1f s' % (len(std), len(compared), sum(results.values()), len(ok), len(NOT_COMPARED), nbad,
                                      time.time() - t0))
    for pr in problems:
        print('FAIL ' + pr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
