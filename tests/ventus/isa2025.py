#!/usr/bin/env python3
"""The 2025 Ventus ISA of seed 003 (issue 19), family by family: each new instruction is decoded,
printed, assembled and executed by wavesim, and its results are compared with a model written here
from the seed (numpy-free, exact integer/rational arithmetic) or, for the standard RISC-V encodings,
with llvm-mc-19. The encoding words are checked against the Ventus LLVM backend's MC tests where
those exist (THU-DSP-LAB/llvm-project llvm/test/MC/RISCV/ventus-custom-*.s) and against GNU as
`.insn` lines otherwise. The decision table of the numbers is docs/isa-notes-ventus.md.

    python3 tests/ventus/isa2025.py --tool build/vt25/wavesim [--only SECTION]"""
import argparse
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from vt_cases import default_cases  # noqa: E402

CODE = 0x80000000
KNL = 0x90010000       # the 64-byte kernel metadata buffer of the launches made here
PDS = 0x90100000       # private memory
BUF = 0x90200000       # the first data buffer; buffers are 0x10000 apart
LDS = 0x70000000


def u32(x):
    return x & 0xffffffff


def s32(x):
    x &= 0xffffffff
    return x - (1 << 32) if x >> 31 else x


def f2b(f):
    return struct.unpack('<I', struct.pack('<f', f))[0]


def b2f(b):
    return struct.unpack('<f', struct.pack('<I', b & 0xffffffff))[0]


class Tool:
    """wavesim as, dis and run on generated launches."""

    def __init__(self, tool, tmp):
        self.tool, self.tmp, self.n = tool, tmp, 0

    def asm(self, lines):
        """Assembles lines; returns (list of words, error)."""
        src = os.path.join(self.tmp, 'a%d.s' % self.n)
        self.n += 1
        open(src, 'w').write('\n'.join(l if l.endswith(':') else '\t' + l for l in lines) + '\n')
        r = subprocess.run([self.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
        if r.returncode:
            return None, r.stderr.strip()
        return [int(x, 16) for x in r.stdout.split()], None

    def dis(self, words):
        r = subprocess.run([self.tool, 'dis', '--isa', 'ventus', '--hex', ' '.join('%08x' % w for w in words)],
                           capture_output=True, text=True)
        return r.stdout.splitlines() if not r.returncode else None, r.stderr.strip()

    def launch(self, lines, bufs, numw=1, numt=32, groups=(1, 1, 1), layout=28, ndrange=None, knl=None,
               pds_size=0x1000, dump=None, extra=(), run_args=()):
        """Runs `lines` (warps start at the first one) with data buffers bufs[i] (lists of words, at
        BUF + 0x10000 * i). ndrange = (work_dim, global, local, offset) goes into the 48-word layout
        (layout=48) and the kernel metadata buffer. Returns (final buffers, error)."""
        code, err = self.asm(lines)
        if err:
            return None, 'assembling: ' + err
        ng = groups[0] * groups[1] * groups[2]
        nd = ndrange or (1, (groups[0] * numw * numt, groups[1], groups[2]), (numw * numt, 1, 1), (0, 0, 0))
        kmeta = knl or ([CODE, 0, nd[0]] + list(nd[1]) + list(nd[2]) + list(nd[3]) + [0, 0] + [0] * 2)
        blist = [(BUF + 0x10000 * i, list(b), 4 * len(b)) for i, b in enumerate(bufs)]
        blist += [(CODE, code, 4 * len(code)), (KNL, kmeta, 64), (PDS, [], pds_size * numt * numw * ng)]
        blist += list(extra)
        head = [CODE, 0, groups[0], groups[1], groups[2], numt, numw, KNL, 0x1000, pds_size, 64, 64, PDS]
        if layout == 26:
            head = head[1:]
        if layout == 48:
            head += [nd[0]] + list(nd[1]) + list(nd[2]) + list(nd[3])
        meta = head + [len(blist)] + [b[0] for b in blist] + [4 * len(b[1]) for b in blist] + \
            [max(b[2], 4 * len(b[1]), 4) for b in blist]
        mwords = []
        for v in meta:
            mwords += [v & 0xffffffff, v >> 32]
        tag = self.n
        self.n += 1
        mp, dp = os.path.join(self.tmp, 'k%d.metadata' % tag), os.path.join(self.tmp, 'k%d.data' % tag)
        open(mp, 'w').write(''.join('%08x\n' % x for x in mwords))
        open(dp, 'w').write(''.join('%08x\n' % x for b in blist for x in b[1]))
        dumps = dump or [(BUF + 0x10000 * i, 4 * max(len(b), 1)) for i, b in enumerate(bufs)]
        args = [self.tool, 'run', '--isa', 'ventus', mp, dp, '--threads', '1'] + list(run_args)
        outs = []
        for i, (addr, size) in enumerate(dumps):
            path = os.path.join(self.tmp, 'd%d_%d.bin' % (tag, i))
            outs.append(path)
            args += ['--dump-mem', '0x%x:%d:%s' % (addr, size, path)]
        r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode:
            return None, (r.stderr or r.stdout).strip()
        res = []
        for path in outs:
            data = open(path, 'rb').read()
            res.append(list(struct.unpack('<%dI' % (len(data) // 4), data)))
        return res, None


class Checks:
    def __init__(self):
        self.counts, self.problems = {}, []

    def ok(self, section, cond, what):
        self.counts[section] = self.counts.get(section, 0) + 1
        if not cond:
            self.problems.append('%s: %s' % (section, what))
        return cond

    def eq(self, section, got, want, what):
        return self.ok(section, got == want, '%s: got %s, want %s' % (what, fmt(got), fmt(want)))


def fmt(v):
    if isinstance(v, list):
        return '[' + ' '.join('%08x' % (x & 0xffffffff) if isinstance(x, int) else str(x) for x in v[:12]) + \
            (' ...' if len(v) > 12 else '') + ']'
    return str(v)


def words(path):
    return [l.split()[0] for l in open(path) if l.strip() and not l.startswith('//')]


# ---------------------------------------------------------------------------------------------------
# 1. The 48-word metadata header (the 90-word form with 7 buffers): ventus-gpgpu's
#    ventus/txt/test-metadata/vecadd_0_full.metadata adds work_dim, the global and local thread counts
#    and the global id offset (u64 each) after pdsBaseAddr.
# ---------------------------------------------------------------------------------------------------
def sec_metadata(t, c, rng):
    s = 'metadata'
    for case in ('tc_vecadd-4x8', 'tc_matadd-1w16t', 'tc_gaussian-1w16t'):
        d = os.path.join(default_cases(), 'verilog-top', case)
        launches = [l.split()[0] for l in open(os.path.join(d, 'launches.txt')) if l.strip()]
        for name in launches[:1]:
            meta, data = words(os.path.join(d, name + '.metadata')), words(os.path.join(d, name + '.data'))
            v = [int(meta[2 * i], 16) | int(meta[2 * i + 1], 16) << 32 for i in range(len(meta) // 2)]
            ks, wf, wg = v[2:5], v[5], v[6]
            nd = [1] + [ks[0] * wf * wg, ks[1], ks[2]] + [wf * wg, 1, 1] + [0, 0, 0]
            v48 = v[:13] + nd + v[13:]
            m48 = []
            for x in v48:
                m48 += ['%08x' % (x & 0xffffffff), '%08x' % (x >> 32)]
            nbuf = v[13]
            bases, sizes = v[14:14 + nbuf], v[14 + nbuf:14 + 2 * nbuf]
            outs = []
            for tag, m in (('old', meta), ('new', m48)):
                mp, dp = os.path.join(t.tmp, 'm%s.metadata' % tag), os.path.join(t.tmp, 'm%s.data' % tag)
                open(mp, 'w').write('\n'.join(m) + '\n')
                open(dp, 'w').write('\n'.join(data) + '\n')
                args = [t.tool, 'run', '--isa', 'ventus', mp, dp]
                for i, (b, sz) in enumerate(zip(bases, sizes)):
                    if sz:
                        args += ['--dump-mem', '0x%x:%d:%s' % (b, sz, os.path.join(t.tmp, 'm%s%d.bin' % (tag, i)))]
                r = subprocess.run(args, capture_output=True, text=True)
                c.ok(s, r.returncode == 0, '%s/%s %s layout: %s' % (case, name, tag, r.stderr.strip()))
                outs.append([open(os.path.join(t.tmp, 'm%s%d.bin' % (tag, i)), 'rb').read() if sz and not r.returncode
                             else b'' for i, sz in enumerate(sizes)])
            c.ok(s, len(m48) == 48 + 6 * nbuf, 'the new layout of %s has %d words' % (name, len(m48)))
            c.ok(s, outs[0] == outs[1], '%s/%s: the 48-word header gives different memory' % (case, name))
    # the published fixture's shape: 7 buffers, 90 words; a generated launch in every layout
    for layout in (26, 28, 48):
        res, err = t.launch(['li t0, 0x%x' % BUF, 'li t1, 0x5a5a', 'sw t1, 0(t0)', 'endprg x0, x0, x0'], [[0]],
                            layout=layout, extra=[(0x90300000 + 0x1000 * i, [], 64) for i in range(3)])
        c.ok(s, not err and res[0] == [0x5a5a], 'a launch in the %d-word layout: %s' % (layout, err or fmt(res[0])))
    # malformed: 48-word header with a field out of range
    bad = [CODE, 0, 1, 1, 1, 32, 1, KNL, 0x1000, 0x1000, 64, 64, PDS, 1, 32, 1, 1, 4096, 1, 1, 0, 0, 0, 0]
    mp = os.path.join(t.tmp, 'bad.metadata')
    open(mp, 'w').write(''.join('%08x\n%08x\n' % (x & 0xffffffff, x >> 32) for x in bad))
    open(os.path.join(t.tmp, 'bad.data'), 'w').write('')
    r = subprocess.run([t.tool, 'run', '--isa', 'ventus', mp, os.path.join(t.tmp, 'bad.data')], capture_output=True,
                       text=True)
    c.ok(s, r.returncode and 'NDRange' in r.stderr, 'a local size of 4096 threads is rejected: %s' % r.stderr.strip())


PROLOGUE = ['li t4, 32', 'vsetvli t4, t4, e32, m1, ta, ma']


def lane_base(numw, numt, stride, reg='v2', scratch=('t0', 't1', 't2')):
    """Code leaving in `reg` BUF + (workgroup-thread index) * stride per lane (wgid, wid, lane)."""
    a, b, c = scratch
    return ['csrr %s, wgid' % b, 'li %s, %d' % (c, numw), 'mul %s, %s, %s' % (b, b, c), 'csrr %s, wid' % c,
            'add %s, %s, %s' % (b, b, c), 'li %s, %d' % (c, numt * stride), 'mul %s, %s, %s' % (b, b, c),
            'li %s, 0x%x' % (a, BUF), 'add %s, %s, %s' % (a, a, b), 'vid.v %s' % reg,
            'li %s, %d' % (c, stride), 'vmul.vx %s, %s, %s' % (reg, reg, c), 'vadd.vx %s, %s, %s' % (reg, reg, a)]


def gas_words(lines, march='rv32ima'):
    """GNU as (riscv64-unknown-elf-as) encodings of .insn lines; None when it is missing."""
    with tempfile.TemporaryDirectory() as tmp:
        src, obj, binf = (os.path.join(tmp, x) for x in ('g.s', 'g.o', 'g.bin'))
        open(src, 'w').write('.text\n' + ''.join('\t%s\n' % l for l in lines))
        try:
            r = subprocess.run(['riscv64-unknown-elf-as', '-march=' + march, '-o', obj, src], capture_output=True,
                               text=True)
        except FileNotFoundError:
            return None
        if r.returncode:
            return 'GNU as: ' + r.stderr.strip()[:300]
        subprocess.run(['riscv64-unknown-elf-objcopy', '-O', 'binary', '-j', '.text', obj, binf], check=True)
        data = open(binf, 'rb').read()
        return [int.from_bytes(data[i:i + 4], 'little') for i in range(0, len(data), 4)]


def ienc(op, f3, rd, rs1, imm):
    """An I-type word from its fields."""
    return (imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op


def senc(op, f3, rs2, rs1, imm):
    """An S-type word from its fields."""
    return (imm >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm & 31) << 7 | op


def renc(op, f3, f7, rd, rs1, rs2):
    """An R-type word from its fields."""
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op


def codec(t, c, s, cases, gas=None):
    """cases: (word or [words], text). wavesim dis gives the text, wavesim as the word(s); gas: .insn
    lines GNU as must encode to the same words."""
    flat = []
    for w, _ in cases:
        flat += w if isinstance(w, list) else [w]
    got, err = t.dis(flat)
    texts = [x for x in (got or [])]
    c.ok(s, got is not None, 'dis failed: %s' % err)
    for (w, want), g in zip(cases, texts + [''] * len(cases)):
        c.eq(s, g, want, 'dis %s' % (' '.join('%08x' % x for x in (w if isinstance(w, list) else [w]))))
    enc, err = t.asm([x for _, x in cases])
    c.ok(s, enc == flat, 'as of %d lines: %s' % (len(cases), err or 'words differ: %s vs %s' % (fmt(enc), fmt(flat))))
    if gas:
        g = gas_words(gas)
        if g is not None:
            c.eq(s, g, flat, 'GNU as .insn')


# ---------------------------------------------------------------------------------------------------
# 2. New CSRs: the per-lane work-item ids 0x80d-0x813 read with csrrsv (the word 0x80d02072 of
#    ventus-2025.md), and CSR_GDS. Model: OpenCL ids from the NDRange (seed 003 KNL fields).
# ---------------------------------------------------------------------------------------------------
LANE_CSRS = ['global_id_x', 'global_id_y', 'global_id_z', 'global_linear_id', 'local_id_x', 'local_id_y',
             'local_id_z']


def id_model(numw, numt, groups, nd):
    _, G, L, O = nd
    out = []
    for wg in range(groups[0] * groups[1] * groups[2]):
        gid = (wg % groups[0], wg // groups[0] % groups[1], wg // (groups[0] * groups[1]))
        for t_ in range(numw * numt):
            lid = (t_ % L[0], t_ // L[0] % L[1], t_ // (L[0] * L[1]))
            g = [gid[d] * L[d] + lid[d] + O[d] for d in range(3)]
            lin = ((g[2] - O[2]) * G[1] + (g[1] - O[1])) * G[0] + (g[0] - O[0])
            out += g + [lin] + list(lid) + [0]
    return out


def sec_csr(t, c, rng):
    s = 'csr'
    # the fields: csr 31:20, rs1 = 0, funct3 010, vd 11:7, opcode 0x72 (ref 1.8)
    c.eq(s, ienc(0x72, 2, 0, 0, 0x80d), 0x80d02072, 'the word of ventus-2025.md')
    codec(t, c, s, [(ienc(0x72, 2, 0, 0, 0x80d), 'csrrsv\tv0, 2061'), (ienc(0x72, 2, 9, 0, 0x813), 'csrrsv\tv9, 2067'),
                    (ienc(0x72, 2, 31, 0, 0x810), 'csrrsv\tv31, 2064')])
    got, _ = t.dis([ienc(0x72, 2, 1, 1, 0x80d)])
    c.eq(s, got, ['<unknown>'], 'csrrsv with rs1 != 0 is no instruction')
    w, err = t.asm(['csrrsv v0, global_id_x', 'csrrsv v3, CSR_LOCAL_ID_Z', 'csrr a0, gds'])
    c.eq(s, w, [0x80d02072, 0x813021f2, 0x81402573], 'as with CSR names')
    for layout, numw, numt, groups, nd in ((48, 2, 8, (2, 3, 1), (2, (8, 12, 1), (4, 4, 1), (5, 7, 0))),
                                           (28, 2, 8, (2, 3, 1), (2, (8, 12, 1), (4, 4, 1), (5, 7, 0))),
                                           (28, 4, 4, (3, 1, 2), (3, (6, 2, 4), (2, 2, 2), (1, 2, 3))),
                                           (26, 1, 32, (1, 1, 1), None)):
        body = PROLOGUE + lane_base(numw, numt, 32)
        for k, name in enumerate(LANE_CSRS):
            body += ['csrrsv v1, %s' % name, 'vsw12.v v1, %d(v2)' % (4 * k)]
        body += ['csrr a0, gds', 'vmv.v.x v1, a0', 'vsw12.v v1, 28(v2)', 'endprg x0, x0, x0']
        n = groups[0] * groups[1] * groups[2] * numw * numt * 8
        knl = None
        if layout != 48 and nd:   # the older layouts: the NDRange comes from the kernel metadata buffer
            knl = [CODE, 0, nd[0]] + list(nd[1]) + list(nd[2]) + list(nd[3]) + [0, 0, 0, 0]
        res, err = t.launch(body, [[0xdeadbeef] * n], numw=numw, numt=numt, groups=groups, layout=layout,
                            ndrange=nd if layout == 48 else None, knl=knl)
        want = id_model(numw, numt, groups, nd or (1, (numw * numt, 1, 1), (numw * numt, 1, 1), (0, 0, 0)))
        c.ok(s, not err, 'launch (%d-word layout): %s' % (layout, err))
        if not err:
            bad = [i for i in range(n) if res[0][i] != want[i]]
            c.ok(s, not bad, '%d-word layout %dx%d: %d wrong ids, first at %s: got %08x want %08x' % (
                layout, numw, numt, len(bad), bad[0] if bad else 0, res[0][bad[0]] if bad else 0,
                want[bad[0]] if bad else 0))
    res, err = t.launch(PROLOGUE + ['csrrsv v1, 2048', 'endprg x0, x0, x0'], [[0]])
    c.ok(s, err and 'not a per-lane CSR' in err, 'csrrsv of CSR_TID faults: %s' % err)


# ---------------------------------------------------------------------------------------------------
# 3. barriersub: a barrier of the sub-group (memory_scope = sub_group, seed 003). The sub-group is
#    the warp, so it waits for no other warp; barrier (the workgroup) waits for all of them.
# ---------------------------------------------------------------------------------------------------
def sec_barriersub(t, c, rng):
    s = 'barriersub'
    codec(t, c, s, [(0x0602400b, 'barriersub\tx0, x0, 4'), (renc(0x0b, 4, 3, 0, 3, 0), 'barriersub\tx0, x0, 3')])
    flag, out = BUF, BUF + 0x10000
    for kind, want in (('barriersub x0, x0, 2', 0), ('barrier x0, x0, 2', 1)):
        body = ['csrr t0, wid', 'li t1, 0x%x' % flag, 'bnez t0, slow',
                kind, 'lw t2, 0(t1)', 'li t3, 0x%x' % out, 'sw t2, 0(t3)', 'j done',
                'slow:', 'li t2, 300', 'loop:', 'addi t2, t2, -1', 'bnez t2, loop', 'li t2, 1', 'sw t2, 0(t1)']
        body += [] if 'sub' in kind else ['barrier x0, x0, 2']
        body += ['done:', 'endprg x0, x0, x0']
        res, err = t.launch(body, [[0], [7]], numw=2, numt=4)
        c.ok(s, not err and res[1][0] == want, '%s: warp 0 read the flag as %s, want %d' % (
            kind.split()[0], err or res[1][0], want))
    # every warp passes its own barriersub at once, also when the others have ended or never get there
    body = ['csrr t0, wid', 'li t1, 3', 'bgeu t0, t1, done', 'barriersub x0, x0, 0', 'barriersub x0, x0, 7',
            'slli t0, t0, 2', 'li t1, 0x%x' % BUF, 'add t1, t1, t0', 'li t2, 0x99', 'sw t2, 0(t1)',
            'done:', 'endprg x0, x0, x0']
    res, err = t.launch(body, [[0] * 8], numw=8, numt=4)
    c.eq(s, err or res[0], [0x99] * 3 + [0] * 5, 'warps 0-2 pass barriersub while 3-7 end')
    res, err = t.launch(['barriersub x0, x0, 8', 'endprg x0, x0, x0'], [[0]])
    c.ok(s, err and 'imm[4:3]' in err, 'barriersub with memory scope bits faults: %s' % err)


def sec_reset(t, c, rng):
    """Every workgroup starts with all vector registers and all of LDS zero, also in a workgroup slot an earlier one
    used (the fast paths clear only the rows a workgroup touched: vt_warp.vrows), and the reference
    paths (--no-fast-paths) agree. Each workgroup stores v31 (the highest row it touches) and v17
    before it writes them; the buffer starts as 0x55 in every word."""
    s = 'reset'
    body = PROLOGUE + lane_base(1, 4, 4) + ['vsw12.v v31, 0(v2)', 'vsw12.v v17, 256(v2)', 'vadd.vx v31, v2, t0',
                                 'vadd.vx v17, v2, t1', 'endprg x0, x0, x0']
    for extra in ((), ('--no-fast-paths',)):
        res, err = t.launch(body, [[0x55] * 128], numw=1, numt=4, groups=(16, 1, 1), run_args=extra)
        c.eq(s, err or res[0], [0] * 128, 'v31 and v17 read before written, 16 workgroups %s' % ' '.join(extra))
    # LDS starts zero too: each workgroup ORs together the first word of `pages` LDS pages, writing
    # each after reading it, and stores what it read. With 3 pages a slot keeps its pages for the
    # next workgroup and zeroes them (fast paths); with 70 (above VT_LDS_KEEP_PAGES) it frees them.
    for pages in (3, 70):
        body = ['csrr t5, wgid', 'slli t5, t5, 2', 'li t6, 0x%x' % BUF, 'add t6, t6, t5', 'li t0, 0x%x' % LDS,
                'li t1, %d' % pages, 'li t3, 0', 'li t4, 0x77', 'loop:', 'lw t2, 0(t0)', 'or t3, t3, t2',
                'sw t4, 0(t0)', 'li t2, 4096', 'add t0, t0, t2', 'addi t1, t1, -1', 'bnez t1, loop',
                'sw t3, 0(t6)', 'endprg x0, x0, x0']
        for extra in ((), ('--no-fast-paths',)):
            res, err = t.launch(body, [[0x55] * 16], numw=1, numt=4, groups=(16, 1, 1), run_args=extra)
            c.eq(s, err or res[0], [0] * 16, 'LDS read before written, %d pages, 16 workgroups %s' % (
                pages, ' '.join(extra)))


def qemu_branches(tmp, ops, first, second):
    """Which of the pairs (first[l], second[l]) take each RISC-V branch in ops, as qemu-riscv32 runs
    them (`op first, second` branches): {op: [taken per pair]}, or (None, error)."""
    n = len(first)
    lines = ['.option norelax', '.text', '.globl _start', '_start:', 'la s0, data', 'la s1, out']  # (no gp)
    for k, op in enumerate(ops):
        lines += ['mv a2, s0', 'addi a3, s0, %d' % (4 * n), 'li t3, %d' % n, 'L%d:' % k, 'lw t0, 0(a2)',
                  'lw t1, 0(a3)', 'li t4, 1', '%s t0, t1, T%d' % (op, k), 'li t4, 0', 'T%d:' % k, 'sw t4, 0(s1)',
                  'addi a2, a2, 4', 'addi a3, a3, 4', 'addi s1, s1, 4', 'addi t3, t3, -1', 'bnez t3, L%d' % k]
    lines += ['li a0, 1', 'la a1, out', 'li a2, %d' % (4 * n * len(ops)), 'li a7, 64', 'ecall',
              'li a0, 0', 'li a7, 93', 'ecall', '.data', 'data:'] + ['.word %d' % v for v in first + second] + \
        ['out:', '.space %d' % (4 * n * len(ops))]
    src, obj, exe = (os.path.join(tmp, 'branches' + x) for x in ('.s', '.o', ''))
    open(src, 'w').write('\n'.join(l if l.endswith(':') else '\t' + l for l in lines) + '\n')
    for cmd in (['riscv64-unknown-elf-as', '-march=rv32i', '-mabi=ilp32', src, '-o', obj],
                ['riscv64-unknown-elf-ld', '-m', 'elf32lriscv', obj, '-o', exe], ['qemu-riscv32', exe]):
        try:
            r = subprocess.run(cmd, capture_output=True)
        except OSError as e:
            return None, '%s: %s (apt-get install qemu-user binutils-riscv64-unknown-elf)' % (cmd[0], e)
        if r.returncode:
            return None, '%s: %s' % (cmd[0], r.stderr.decode(errors='replace').strip()[:500])
    got = struct.unpack('<%dI' % (n * len(ops)), r.stdout)
    return {op: list(got[k * n:(k + 1) * n]) for k, op in enumerate(ops)}, None


def sec_vbranch(t, c, rng):
    """The six vector branches on a 32-thread warp, with every lane active and inside a divergent
    path (the odd lanes parked by an outer vbne): a lane takes the branch when its first operand
    (bits 24:20, docs/isa-notes-ventus.md) compares true against its second, as the RISC-V branch of
    the same name does with rs1 and rs2; the oracle is that branch run on qemu-riscv32 over the same
    pairs. Taken lanes store 1, the others 2, the parked lanes nothing (the buffer starts as 0x55).
    The pairs hold the edges of the signed and unsigned orders."""
    s = 'vbranch'
    edges = [(0, 0), (1, 0), (0, 1), (0x7fffffff, 0x80000000), (0x80000000, 0x7fffffff), (0xffffffff, 0),
             (0, 0xffffffff), (0xffffffff, 0xffffffff), (0x80000000, 0x80000000), (0x7fffffff, 0x7fffffff),
             (0xfffffffe, 0xffffffff), (0x80000001, 0x80000000)]
    pairs = [edges[i % len(edges)] if i < 24 else (rng.getrandbits(32), rng.getrandbits(32)) for i in range(32)]
    rng.shuffle(pairs)
    first, second = [p[0] for p in pairs], [p[1] for p in pairs]
    ops = ['beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu']
    taken, err = qemu_branches(t.tmp, ops, first, second)
    if not c.ok(s, taken is not None, 'the QEMU oracle: %s' % err):
        return
    head = PROLOGUE + lane_base(1, 32, 4, 'v2') + [
        'vlw12.v v3, 0(v2)', 'vlw12.v v4, 128(v2)', 'vid.v v6', 'vand.vi v6, v6, 1', 'vmv.v.i v7, 0',
        'vmv.v.i v8, 1', 'vmv.v.i v9, 2']
    for op in ('v' + o for o in ops):
        # between an auipc and its join every line is one 4-byte instruction: setrpc's offsets count them
        inner = ['auipc t1, 0', 'setrpc zero, t1, 24', '%s v3, v4, taken' % op, 'vsw12.v v9, 256(v2)', 'j ijoin',
                 'taken:', 'vsw12.v v8, 256(v2)', 'ijoin:', 'join zero, zero, 0']
        for nested in (False, True):
            if nested:
                body = head + ['auipc t2, 0', 'setrpc zero, t2, 40', 'vbne v6, v7, ojoin'] + inner + \
                    ['ojoin:', 'join zero, zero, 0', 'endprg x0, x0, x0']
            else:
                body = head + inner + ['endprg x0, x0, x0']
            want = [0x55 if nested and l & 1 else 1 if taken[op[1:]][l] else 2 for l in range(32)]
            for extra in ((), ('--no-fast-paths',)):
                res, err = t.launch(body, [first + second + [0x55] * 32], numw=1, numt=32, run_args=extra)
                c.eq(s, err or res[0][64:], want, '%s, %s %s' % (op, 'odd lanes parked' if nested else 'all lanes',
                                                               ' '.join(extra)))


# ---------------------------------------------------------------------------------------------------
# 4. PREFIX / PREFIXI (register high bits, pair, ABS, NEG) and PREFIX_MEMORY (space, width, pair).
#    Fields from seed 003; opcode4 / opcode6 values are wavesim's (docs/isa-notes-ventus.md).
# ---------------------------------------------------------------------------------------------------
def pfx(imm=0, pair=0, abs_=0, neg=0, i=False):
    return imm << 20 | pair << 19 | abs_ << 16 | neg << 13 | (0x3a if i else 0x1a)


def pfxm(imm=0, pair=0, hint=0, space=0, width=0):
    return imm << 20 | pair << 19 | hint << 15 | space << 7 | width << 5 | 0x06


def d2b(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def b2d(b):
    return struct.unpack('<d', struct.pack('<Q', b & 0xffffffffffffffff))[0]


def rnd64(q, mode):
    """Fraction q rounded to binary64 by RISC-V mode 0 (RNE) or 1 (RTZ) (float() of a Fraction is
    correctly rounded to nearest even)."""
    r = float(q)
    if mode == 1 and not math.isinf(r) and abs(Fraction(r)) > abs(q):
        r = math.nextafter(r, 0.0)
    if mode == 1 and math.isinf(r):
        r = math.copysign(sys.float_info.max, r)
    return r


def fp64_model(op, a, b, c, mode):
    """RISC-V D semantics of one lane: a = vs2, b = vs1/rs1, c = vd."""
    x, y, z = b2d(a), b2d(b), b2d(c)
    nan = lambda v: isinstance(v, float) and math.isnan(v)
    if op in ('vfmin.vv', 'vfmax.vv'):
        if nan(x) and nan(y):
            return 0x7ff8000000000000
        if nan(x) or nan(y):
            return b if nan(x) else a
        if x == y:
            return a & b if op == 'vfmax.vv' else a | b
        return a if (x < y) != (op == 'vfmax.vv') else b
    if op in ('vmflt.vv', 'vmfeq.vv'):
        if nan(x) or nan(y):
            return 0
        return int(x < y if op == 'vmflt.vv' else x == y)
    ex = {'vfadd.vv': lambda: Fraction(x) + Fraction(y), 'vfsub.vv': lambda: Fraction(x) - Fraction(y),
          'vfmul.vv': lambda: Fraction(x) * Fraction(y), 'vfdiv.vv': lambda: Fraction(x) / Fraction(y),
          'vfmacc.vv': lambda: Fraction(y) * Fraction(x) + Fraction(z)}[op]
    if any(nan(v) or math.isinf(v) for v in (x, y, z)) or (op == 'vfdiv.vv' and y == 0):
        return None   # the specials are left to the integer/NaN checks
    q = ex()
    if q == 0:
        # exact zero: RISC-V gives +0 except for (-0)+(-0)-style sums or products of signed zeros
        return None
    return d2b(rnd64(q, mode))


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def sec_prefix(t, c, rng):
    s = 'prefix'
    codec(t, c, s, [(pfx(8), 'prefix\t8, 0, 0, 0'), (pfx(0xfff, 1, 5, 2), 'prefix\t4095, 1, 5, 2'),
                    (pfx(0x1c0, 0, 0, 7, True), 'prefixi\t448, 0, 0, 7'),
                    (pfxm(0x49, 1, 9, 2, 3), 'prefix_memory\t73, 1, 9, 2, 3'),
                    (pfxm(0, 0, 0, 3, 1), 'prefix_memory\t0, 0, 0, 3, 1')])
    got, _ = t.dis([pfx(0) | 1 << 7, pfxm() | 1 << 9])
    c.eq(s, got, ['<unknown>', '<unknown>'], 'nonzero unused bits are no prefix')
    n = 16
    va = [rng.getrandbits(32) for _ in range(n)]
    vb = [rng.getrandbits(32) for _ in range(n)]
    vb[0], vb[1], va[2] = 0x80000000, 0, 0x80000000
    setup = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a1, 0x10000', 'vadd.vx v3, v2, a1', 'vadd.vx v4, v3, a1',
                                                   'vlw12.v v5, 0(v2)', 'vlw12.v v6, 0(v3)']
    body = list(setup)
    # register fields: prefix imm[8:6] extends vs2, imm[5:3] vs1, imm[2:0] vd; v37 = v5 copy first
    body += ['regext zero, zero, 1', 'vadd.vi v5, v5, 0',             # v37 = a
             'prefix 73, 0, 0, 0', 'vadd.vv v8, v5, v6',              # v40 = v37 + v38(0) (vs2 ext 1, vs1 ext 1, vd ext 1)
             'regext zero, zero, 64', 'vadd.vi v9, v8, 0',            # v9 = v40
             'vsw12.v v9, 0(v4)']
    res, err = t.launch(body + ['endprg x0, x0, x0'], [va, vb, [0] * n], numt=n)
    c.eq(s, err or res[2], va, 'prefix register fields (v40 = v37 + v38)')
    # a scalar register past x63 (the rd extension 2 makes t0 x69) is a fault, also after other code
    for pre in ([], ['li t1, 5', 'add t2, t1, t1']):
        res, err = t.launch(pre + ['regext zero, zero, 2', 'addi t0, t0, 1', 'endprg x0, x0, x0'], [[0]])
        c.ok(s, err and 'above x63' in err, 'REGEXT naming x69 after %d instructions faults: %s' % (len(pre), err))
    # ABS / NEG on integer sources: vd = (-vs2) + |vs1|, .vx with |rs1|, .vi with -imm
    cases = [('prefix 0, 0, 1, 2', 'vadd.vv v7, v5, v6', lambda a, b: u32(-s32(a) + abs(s32(b)))),
             ('prefix 0, 0, 3, 0', 'vsub.vv v7, v5, v6', lambda a, b: u32(abs(s32(a)) - abs(s32(b)))),
             ('prefix 0, 0, 1, 0', 'vadd.vx v7, v5, a2', lambda a, b: u32(a + 12345)),
             ('prefix 0, 0, 0, 1', 'vadd.vi v7, v5, 7', lambda a, b: u32(a - 7)),
             ('prefix 0, 0, 0, 3', 'vmul.vv v7, v5, v6', lambda a, b: u32(s32(a) * s32(b))),
             ('prefix 0, 0, 2, 0', 'vmax.vv v7, v5, v6', lambda a, b: u32(max(s32(abs(s32(a))), s32(b))))]
    for p_, op, fn in cases:
        body2 = setup + ['li a2, -12345', p_, op, 'vsw12.v v7, 0(v4)', 'endprg x0, x0, x0']
        res, err = t.launch(body2, [va, vb, [0] * n], numt=n)
        c.eq(s, err or res[2], [fn(a, b) for a, b in zip(va, vb)], '%s; %s' % (p_, op))
    # ABS / NEG on floats: sign bits (vfadd: -|vs2| + vs1; vfmacc with neg src3: vs1*vs2 - vd)
    import vfp_ops
    fa = [f2b(rng.uniform(-100, 100)) for _ in range(n)]
    fb = [f2b(rng.uniform(-100, 100)) for _ in range(n)]
    fc = [f2b(rng.uniform(-100, 100)) for _ in range(n)]
    fcases = [('prefix 0, 0, 2, 2', 'vfadd.vv v7, v5, v6', lambda a, b, cc: vfp_ops.add(a | 0x80000000, b, 0)),
              ('prefix 0, 0, 0, 4', 'vfmacc.vv v7, v6, v5', lambda a, b, cc: vfp_ops.fma(b, a, cc ^ 0x80000000, 0)),
              ('prefix 0, 0, 1, 1', 'vfmul.vf v7, v5, a3', lambda a, b, cc: vfp_ops.mul(a, 0xc0000000, 0))]
    for p_, op, fn in fcases:
        body2 = setup + ['vlw12.v v7, 0(v4)', 'li a3, 0x40000000', p_, op, 'vsw12.v v7, 0(v4)', 'endprg x0, x0, x0']
        res, err = t.launch(body2, [fa, fb, fc], numt=n)
        c.eq(s, err or res[2], [fn(a, b, cc) for a, b, cc in zip(fa, fb, fc)], '%s; %s' % (p_, op))
    # scalar: add a0, a1, a2 with |a1| and -a2
    res, err = t.launch(['li a1, -100', 'li a2, 7', 'prefix 0, 0, 1, 2', 'add a0, a1, a2', 'li t0, 0x%x' % BUF,
                         'sw a0, 0(t0)', 'endprg x0, x0, x0'], [[0]])
    c.eq(s, err or res[0], [93], 'prefix on a scalar add: |a1| + -a2')
    # pair: 64-bit integers in even register pairs
    A = [rng.getrandbits(64) for _ in range(n)]
    B = [rng.getrandbits(64) for _ in range(n)]
    B[0], A[1], B[2] = 0, 1 << 63, (1 << 64) - 1
    lo = lambda v: [x & 0xffffffff for x in v]
    hi = lambda v: [x >> 32 for x in v]
    S = lambda x: x - (1 << 64) if x >> 63 else x
    M = (1 << 64) - 1
    ops64 = [('vadd.vv', lambda a, b: (a + b) & M), ('vsub.vv', lambda a, b: (a - b) & M),
             ('vmul.vv', lambda a, b: (a * b) & M), ('vmulhu.vv', lambda a, b: (a * b) >> 64),
             ('vmulh.vv', lambda a, b: ((S(a) * S(b)) >> 64) & M), ('vsra.vv', lambda a, b: (S(a) >> (b & 63)) & M),
             ('vsll.vv', lambda a, b: (a << (b & 63)) & M), ('vminu.vv', min), ('vmax.vv', lambda a, b: a if S(a) > S(b) else b),
             ('vmslt.vv', lambda a, b: int(S(a) < S(b))), ('vdivu.vv', lambda a, b: a // b if b else M),
             ('vrem.vv', lambda a, b: a if not b else (S(a) - trunc_div(S(a), S(b)) * S(b)) & M),
             ('vsadd.vv', lambda a, b: max(-(1 << 63), min((1 << 63) - 1, S(a) + S(b))) & M)]
    pre = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a1, 0x10000'] + \
        ['vadd.vx v%d, v%d, a1' % (3 + k, 2 + k) for k in range(5)] + \
        ['vlw12.v v10, 0(v2)', 'vlw12.v v11, 0(v3)', 'vlw12.v v12, 0(v4)', 'vlw12.v v13, 0(v5)']
    for op, fn in ops64:
        body2 = pre + ['prefix 0, 1, 0, 0', '%s v14, v10, v12' % op, 'vsw12.v v14, 0(v6)', 'vsw12.v v15, 0(v7)',
                       'endprg x0, x0, x0']
        res, err = t.launch(body2, [lo(A), hi(A), lo(B), hi(B), [0] * n, [0] * n], numt=n)
        want = [fn(a, b) for a, b in zip(A, B)]
        c.eq(s, err or [x | y << 32 for x, y in zip(res[4], res[5])], want, 'pair %s' % op)
    # .vx: the scalar operand is an x register pair
    body2 = pre + ['li a2, 0x89abcdef', 'li a3, 0x01234567', 'prefix 0, 1, 0, 0', 'vadd.vx v14, v10, a2',
                   'vsw12.v v14, 0(v6)', 'vsw12.v v15, 0(v7)', 'endprg x0, x0, x0']
    res, err = t.launch(body2, [lo(A), hi(A), lo(B), hi(B), [0] * n, [0] * n], numt=n)
    c.eq(s, err or [x | y << 32 for x, y in zip(res[4], res[5])], [(a + 0x0123456789abcdef) & M for a in A],
         'pair vadd.vx with the a2/a3 pair')
    res, err = t.launch(pre + ['prefix 0, 1, 0, 0', 'vadd.vv v15, v10, v12', 'endprg x0, x0, x0'],
                        [lo(A), hi(A), lo(B), hi(B), [0] * n, [0] * n], numt=n)
    c.ok(s, err and 'odd register' in err, 'pair with an odd register faults: %s' % err)
    # fp64: RNE and RTZ against exact rationals
    D = lambda: d2b(rng.choice([1, -1]) * rng.uniform(0.5, 2.0) * 2.0 ** rng.randint(-40, 40))
    A = [D() for _ in range(n)]
    B = [D() for _ in range(n)]
    C = [D() for _ in range(n)]
    B[3] = A[3]
    B[4] = A[4] ^ (1 << 63)
    A[5], B[6] = 0x7ff8000000000001, 0x7ff0000000000001  # a quiet and a signalling NaN
    for op in ('vfadd.vv', 'vfsub.vv', 'vfmul.vv', 'vfdiv.vv', 'vfmacc.vv', 'vfmin.vv', 'vfmax.vv', 'vmflt.vv',
               'vmfeq.vv'):
        for mode in (0, 1):
            body2 = pre + ['vlw12.v v14, 0(v6)', 'vlw12.v v15, 0(v7)', 'fsrmi %d' % mode, 'prefix 0, 1, 0, 0',
                           ('%s v14, v12, v10' if op == 'vfmacc.vv' else '%s v14, v10, v12') % op,
                           'vsw12.v v14, 0(v6)', 'vsw12.v v15, 0(v7)', 'endprg x0, x0, x0']
            res, err = t.launch(body2, [lo(A), hi(A), lo(B), hi(B), lo(C), hi(C)], numt=n)
            if not c.ok(s, not err, 'fp64 %s: %s' % (op, err)):
                continue
            got = [x | y << 32 for x, y in zip(res[4], res[5])]
            for i in range(n):
                want = fp64_model(op, A[i], B[i], C[i], mode)
                if want is None:  # NaN operands of arithmetic: the canonical NaN
                    if any(math.isnan(b2d(v)) for v in (A[i], B[i])) and op not in ('vfmin.vv', 'vfmax.vv'):
                        c.eq(s, got[i], 0x7ff8000000000000, 'fp64 %s lane %d canonical NaN' % (op, i))
                    continue
                c.eq(s, got[i], want, 'fp64 %s frm %d lane %d (%r, %r, %r)' % (op, mode, i, b2d(A[i]), b2d(B[i]),
                                                                              b2d(C[i])))
    # PREFIX_MEMORY: space override, 128-bit data into consecutive registers, 64-bit pair addresses
    n = 8
    data = [rng.getrandbits(32) for _ in range(4 * n)]
    base = lane_base(1, n, 16, 'v2')   # 16 bytes per lane
    body = PROLOGUE + base + ['prefix_memory 0, 0, 0, 0, 3', 'vlw12.v v4, 0(v2)'] + \
        ['li a1, 0x10000', 'vadd.vx v3, v2, a1', 'prefix_memory 0, 0, 0, 1, 3', 'vsw12.v v4, 0(v3)',
         'endprg x0, x0, x0']
    res, err = t.launch(body, [data, [0] * (4 * n)], numt=n)
    c.eq(s, err or res[1], data, '128-bit load and store (width 3, the global space)')
    # local space: address + csr_lds; read back through the flat LDS address
    body = PROLOGUE + base + ['vlw12.v v4, 0(v2)', 'vid.v v5', 'vsll.vi v5, v5, 2', 'prefix_memory 0, 0, 0, 3, 0',
                              'vsw12.v v4, 64(v5)', 'li a1, 0x%x' % (LDS + 64), 'vadd.vx v6, v5, a1',
                              'vlw12.v v7, 0(v6)', 'li a1, 0x10000', 'vadd.vx v3, v2, a1', 'vsw12.v v7, 0(v3)',
                              'endprg x0, x0, x0']
    res, err = t.launch(body, [data, [0] * (4 * n)], numt=n)
    c.eq(s, err or res[1][0::4], data[0::4], 'the local space (csr_lds + address)')
    # private space: the 2025 per-warp interleaved formula, seen in the PDS dump
    body = PROLOGUE + ['csrr t0, wid', 'li t1, 0x%x' % BUF, 'slli t2, t0, 5', 'add t1, t1, t2', 'vid.v v2',
                       'vsll.vi v2, v2, 2', 'vadd.vx v3, v2, t1', 'vlw12.v v4, 0(v3)', 'li a0, 8',
                       'vmv.v.x v5, a0', 'prefix_memory 0, 0, 0, 2, 0', 'vsw12.v v4, 4(v5)', 'endprg x0, x0, x0']
    numw, pds_size = 2, 64
    res, err = t.launch(body, [data], numw=numw, numt=n, pds_size=pds_size,
                        dump=[(PDS, pds_size * n * numw)])
    want = [0] * (pds_size * n * numw // 4)
    for wid in range(numw):
        for l in range(n):
            a = 8 + 4
            addr = wid * n * pds_size + (a & ~3) * n + l * 4
            want[addr // 4] = data[wid * n + l]
    c.eq(s, err or res[0], want, 'the private space (per-warp interleave, seed 003)')
    # 64-bit pair address; a high word makes it fault
    body = PROLOGUE + base + ['vmv.v.i v3, 0', 'prefix_memory 0, 1, 0, 0, 0', 'vlw12.v v4, 0(v2)',
                              'vadd.vi v4, v4, 1', 'vsw12.v v4, 0(v2)', 'endprg x0, x0, x0']
    res, err = t.launch(body, [data], numt=n)
    c.eq(s, err or res[0][0::4], [u32(x + 1) for x in data[0::4]], 'a 64-bit pair address {v3, v2}')
    res, err = t.launch(PROLOGUE + base + ['vmv.v.i v3, 1', 'prefix_memory 0, 1, 0, 0, 0', 'vlw12.v v4, 0(v2)',
                                           'endprg x0, x0, x0'], [data], numt=n)
    c.ok(s, err and 'above the 32-bit' in err, 'a pair address above 4 GiB faults: %s' % err)
    # before a non-memory instruction PREFIX_MEMORY has no effect, register fields included
    body = PROLOGUE + base + ['vlw12.v v4, 0(v2)', 'prefix_memory 1, 0, 0, 1, 3', 'vadd.vi v5, v4, 3',
                              'vsw12.v v5, 0(v2)', 'endprg x0, x0, x0']
    res, err = t.launch(body, [data], numt=n)
    c.eq(s, err or res[0][0::4], [u32(x + 3) for x in data[0::4]], 'prefix_memory before vadd.vi is void')


# ---------------------------------------------------------------------------------------------------
# 5. The global / local / private families, 12D (64-bit pair addresses) and flat accesses routed to
#    private memory (seed 003 "自定义立即数访存指令"). Model: the seed's address formulas.
# ---------------------------------------------------------------------------------------------------
MEMFAM = {'global': 0x76, 'local': 0x7a, 'private': 0x7e, '12d': 0x6e}
LOADS = [('b', 0, 1, True), ('h', 1, 2, True), ('w', 2, 4, True), ('bu', 4, 1, False), ('hu', 5, 2, False)]
STORES = [('w', 6, 4), ('h', 3, 2), ('b', 7, 1)]


def mname(fam, w, store):
    return ('vs' if store else 'vl') + w + ('12d' if fam == '12d' else '_' + fam) + '.v'


def ext(v, size, signed):
    v &= (1 << 8 * size) - 1
    return u32(v - (1 << 8 * size)) if signed and v >> (8 * size - 1) else v


def sec_memory(t, c, rng):
    s = 'memory'
    cases = []
    for fam, op in MEMFAM.items():
        for w, f3, _, _ in LOADS:
            rd, rs1, imm = rng.randrange(32), rng.randrange(32), rng.randrange(-2048, 2048)
            cases.append((ienc(op, f3, rd, rs1, imm), '%s\tv%d, %d(v%d)' % (mname(fam, w, False), rd, imm, rs1)))
        for w, f3, _ in STORES:
            rs2, rs1, imm = rng.randrange(32), rng.randrange(32), rng.randrange(-2048, 2048)
            cases.append((senc(op, f3, rs2, rs1, imm), '%s\tv%d, %d(v%d)' % (mname(fam, w, True), rs2, imm, rs1)))
    codec(t, c, s, cases)
    # the text LLVM 69dd669 emitted (a clang 16 .s of the Ventus toolchain)
    w_, err = t.asm(['vlw_global.v v0, 0(v0)', 'regext zero, zero, 8', 'vsw_private.v v0, -4(v0)'])
    c.eq(s, w_, [ienc(0x76, 2, 0, 0, 0), 0x0080200b, senc(0x7e, 6, 0, 0, -4)], 'the mnemonics of LLVM 69dd669')
    n = 8
    data = [rng.getrandbits(32) for _ in range(64)]
    data[0], data[1] = 0x80ff7f80, 0x0000ff80       # sign bits in every byte and half
    # global: every load width at offsets, stores of every width
    for w, f3, size, signed in LOADS:
        imm = rng.randrange(0, 64, 4) + (rng.randrange(4) if size == 1 else rng.randrange(0, 4, 2) if size == 2 else 0)
        body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['%s v3, %d(v2)' % (mname('global', w, False), imm),
                                                      'li a1, 0x10000', 'vadd.vx v4, v2, a1', 'vsw12.v v3, 0(v4)',
                                                      'endprg x0, x0, x0']
        res, err = t.launch(body, [data, [0] * n], numt=n)
        raw = b''.join(struct.pack('<I', x) for x in data)
        want = [ext(int.from_bytes(raw[4 * l + imm:4 * l + imm + size], 'little'), size, signed) for l in range(n)]
        c.eq(s, err or res[1], want, mname('global', w, False))
    for w, f3, size in STORES:
        body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['vlw12.v v3, 0(v2)', 'li a1, 0x10000', 'vadd.vx v4, v2, a1',
                                                      '%s v3, 1(v4)' % mname('global', w, True), 'endprg x0, x0, x0']
        res, err = t.launch(body, [data[:n], [0] * (n + 1)], numt=n)
        raw = bytearray(4 * (n + 1))
        for l in range(n):
            raw[4 * l + 1:4 * l + 1 + size] = struct.pack('<I', data[l])[:size]
        c.eq(s, err or res[1], list(struct.unpack('<%dI' % (n + 1), bytes(raw))), mname('global', w, True))
    # local: stored at csr_lds + offset, read back through the flat LDS address (and the other way)
    body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['vlw12.v v3, 0(v2)', 'vid.v v5', 'vsll.vi v5, v5, 2',
                                                  'vsw_local.v v3, 256(v5)', 'li a1, 0x%x' % (LDS + 256),
                                                  'vadd.vx v6, v5, a1', 'vlw12.v v7, 0(v6)', 'vadd.vi v7, v7, 1',
                                                  'vsw12.v v7, 0(v6)', 'vlw_local.v v8, 256(v5)',
                                                  'li a1, 0x10000', 'vadd.vx v4, v2, a1', 'vsw12.v v8, 0(v4)',
                                                  'vlh_local.v v8, 258(v5)', 'vadd.vx v4, v4, a1', 'vsw12.v v8, 0(v4)',
                                                  'endprg x0, x0, x0']
    res, err = t.launch(body, [data[:n], [0] * n, [0] * n], numt=n)
    c.eq(s, err or res[1], [u32(x + 1) for x in data[:n]], 'vsw_local/vlw_local = the LDS at csr_lds + address')
    c.eq(s, err or res[2], [ext(u32(x + 1) >> 16, 2, True) for x in data[:n]], 'vlh_local.v sign-extends')
    # private (2025 formula) and flat accesses with vs1[31:24] == 0 (routed to private, seed 003)
    numw, pds = 2, 64
    for kind in ('vsw_private.v v3, %d(v5)', 'vsw12.v v3, %d(v5)'):
        body = PROLOGUE + lane_base(numw, n, 4, 'v2') + ['vlw12.v v3, 0(v2)', 'li a0, 0x14', 'vmv.v.x v5, a0',
                                                          kind % 0, 'vlbu_private.v v6, 3(v5)',
                                                          'li a1, 0x10000', 'vadd.vx v4, v2, a1',
                                                          'vsw12.v v6, 0(v4)', 'endprg x0, x0, x0']
        res, err = t.launch(body, [data[:numw * n], [0] * (numw * n)], numw=numw, numt=n, pds_size=pds,
                            dump=[(PDS, pds * n * numw), (BUF + 0x10000, 4 * numw * n)])
        want = bytearray(pds * n * numw)
        for wid in range(numw):
            for l in range(n):
                a = 0x14
                addr = wid * n * pds + (a & ~3) * n + (a & 3) + l * 4
                want[addr:addr + 4] = struct.pack('<I', data[wid * n + l])
        c.eq(s, err or res[0], list(struct.unpack('<%dI' % (len(want) // 4), bytes(want))),
             '%s: the private formula (per-warp base csr_pds + wid x numt x pdsSize)' % kind.split()[0])
        c.eq(s, err or res[1], [data[i] >> 24 for i in range(numw * n)], '%s then vlbu_private.v' % kind.split()[0])
    # 12D: {vs1+1, vs1} + imm; the pair must be even and the address below 4 GiB
    body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['vmv.v.i v3, 0', 'vlw12d.v v6, 4(v2)', 'vsh12d.v v6, 0(v2)',
                                                  'vlhu12d.v v7, 0(v2)', 'vadd.vx v7, v7, a0', 'vsw12d.v v7, 64(v2)',
                                                  'endprg x0, x0, x0']
    res, err = t.launch(['li a0, 0x10000'] + body, [data[:n + 1] + [0] * 32], numt=n)
    want = list(data[:n + 1]) + [0] * 32
    for l in range(n):
        want[l] = (data[l] & 0xffff0000) | (data[l + 1] & 0xffff)
    for l in range(n):
        want[16 + l] = (data[l + 1] & 0xffff) + 0x10000
    c.eq(s, err or res[0], want, 'vlw12d / vsh12d / vlhu12d / vsw12d on {v3, v2}')
    res, err = t.launch(PROLOGUE + ['vlw12d.v v6, 0(v3)', 'endprg x0, x0, x0'], [[0]])
    c.ok(s, err and 'odd register' in err, 'an odd 12D pair faults: %s' % err)
    res, err = t.launch(PROLOGUE + lane_base(1, n, 4, 'v2') + ['vmv.v.i v3, 2', 'vlw12d.v v6, 0(v2)',
                                                               'endprg x0, x0, x0'], [[0] * n], numt=n)
    c.ok(s, err and 'above the 32-bit' in err, 'a 12D address above 4 GiB faults: %s' % err)


# ---------------------------------------------------------------------------------------------------
# Exact IEEE rounding of rationals (the float models of the sections below)
# ---------------------------------------------------------------------------------------------------
F32, F16, BF16 = (24, -126, 127, 8), (11, -14, 15, 5), (8, -126, 127, 8)
RNE, RTZ, RDN, RUP = 0, 1, 2, 3      # RISC-V frm numbering


def fmt_bits(fmt):
    return fmt[0] - 1 + fmt[3] + 1


def round_fmt(q, fmt, mode):
    """The encoding of nonzero rational q rounded to binary format fmt by mode."""
    prec, emin, emax, ebits = fmt
    neg, a = q < 0, abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    scaled = a / Fraction(2) ** (e - prec + 1)
    n = scaled.numerator // scaled.denominator
    rem = scaled - n
    if mode == RNE:
        up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1)
    elif mode == RTZ:
        up = False
    elif mode == RDN:
        up = neg and rem > 0
    else:
        up = not neg and rem > 0
    n += int(bool(up))
    if n == 1 << prec:
        n >>= 1
        e += 1
    sign = int(neg) << (prec - 1 + ebits)
    if e > emax:
        to_inf = mode == RNE or (mode == RUP and not neg) or (mode == RDN and neg)
        if to_inf:
            return sign | ((1 << ebits) - 1) << (prec - 1)
        return sign | (((1 << ebits) - 2) << (prec - 1)) | ((1 << (prec - 1)) - 1)
    if n < 1 << (prec - 1):          # subnormal
        return sign | n
    return sign | (e + (1 << (ebits - 1)) - 1) << (prec - 1) | (n - (1 << (prec - 1)))


def val_fmt(b, fmt):
    """(kind, value) of an encoding: kind 'f' with a Fraction (and the sign for zeros), 'inf', 'nan'."""
    prec, emin, emax, ebits = fmt
    neg = b >> (prec - 1 + ebits) & 1
    e = b >> (prec - 1) & ((1 << ebits) - 1)
    m = b & ((1 << (prec - 1)) - 1)
    if e == (1 << ebits) - 1:
        return ('nan', None, neg) if m else ('inf', None, neg)
    v = Fraction(m, 1 << (prec - 1)) * Fraction(2) ** emin if e == 0 else \
        Fraction(m + (1 << (prec - 1)), 1 << (prec - 1)) * Fraction(2) ** (e - (1 << (ebits - 1)) + 1)
    return ('f', -v if neg else v, neg)


def dot_round(terms, fmt, mode, nan):
    """IEEE value of a sum of exact terms (each ('f', Fraction, signbit) / 'inf' / 'nan'), rounded once."""
    if any(t[0] == 'nan' for t in terms):
        return nan
    infs = {t[2] for t in terms if t[0] == 'inf'}
    if len(infs) == 2:
        return nan
    if infs:
        return (infs.pop() << (fmt[0] - 1 + fmt[3])) | ((1 << fmt[3]) - 1) << (fmt[0] - 1)
    total = sum(t[1] for t in terms)
    if total != 0:
        return round_fmt(total, fmt, mode)
    nonzero = any(t[1] != 0 for t in terms)
    negz = all(t[2] for t in terms if t[1] == 0)
    neg = (mode == RDN) if nonzero else (mode == RDN and any(t[2] for t in terms)) or negz
    return int(neg) << (fmt[0] - 1 + fmt[3])


def product(x, y):
    """The exact product term of two terms."""
    if x[0] == 'nan' or y[0] == 'nan':
        return ('nan', None, 0)
    if x[0] == 'inf' or y[0] == 'inf':
        other = y if x[0] == 'inf' else x
        if other[0] == 'f' and other[1] == 0:
            return ('nan', None, 0)
        return ('inf', None, x[2] ^ y[2])
    return ('f', x[1] * y[1], x[2] ^ y[2])


# ---------------------------------------------------------------------------------------------------
# 6. MMA (32-bit, LLVM) and MMA64 (64-bit, seed fields): D = A x B + C on a 32-lane warp.
#    Model: the seed's layout bits (AL = 0 A row-major, BL = 1 B row-major), the register windows of
#    the reference simulator, exact products summed with C and rounded once.
# ---------------------------------------------------------------------------------------------------
MMA_SHAPES = ['m8n8k16', 'm16n8k16', 'm8n16k16', 'm16n16k16', 'm8n8k8', 'm16n8k8', 'm8n16k8', 'm16n16k8']
MMA_TYPES = {'tf32': 0, 'f16': 1, 'bf16': 2, 'e4m3': 3, 'e5m2': 4, 's8': 8, 'u8': 9}


def fp8_term(b, e5m2):
    eb, bias = (5, 15) if e5m2 else (4, 7)
    mb = 7 - eb
    neg, e, m = b >> 7 & 1, b >> mb & ((1 << eb) - 1), b & ((1 << mb) - 1)
    if e5m2 and e == 31:
        return ('nan', None, neg) if m else ('inf', None, neg)
    if not e5m2 and e == 15 and m == 7:
        return ('nan', None, neg)
    v = Fraction(m, 1 << mb) * Fraction(2) ** (1 - bias) if e == 0 else \
        Fraction(m + (1 << mb), 1 << mb) * Fraction(2) ** (e - bias)
    return ('f', -v if neg else v, neg)


def mma_term(e, dt):
    if dt == 0:
        return val_fmt(e & 0xffffe000, F32)
    if dt == 1:
        return val_fmt(e, F16)
    if dt == 2:
        return val_fmt(e << 16, F32)
    if dt in (3, 4):
        return fp8_term(e, dt == 4)
    return ('i', e - 256 if dt == 8 and e >> 7 else e, 0)


def mma_model(regs, shape, dt, al, bl, ct, ra, rb, rc, rd, rnd=0):
    """regs: dict reg -> 32 lane words; returns {reg: words} of D."""
    M = 16 if shape & 1 else 8
    N = 16 if shape & 2 else 8
    eb = 32 if dt == 0 else 16 if dt <= 2 else 8
    K = (16 if shape < 4 else 8) * (2 if eb == 8 else 1)
    per_lane = 32 // eb

    def elem(base, idx):
        word = regs[base + idx // (32 * per_lane)][idx % (32 * per_lane) // per_lane]
        return word if per_lane == 1 else word >> (idx % per_lane * eb) & ((1 << eb) - 1)
    A = [[None] * K for _ in range(M)]
    B = [[None] * N for _ in range(K)]
    for idx in range(M * K):
        m, k = (idx % M, idx // M) if al else (idx // K, idx % K)
        A[m][k] = mma_term(elem(ra, idx), dt)
    for idx in range(N * K):
        k, n = (idx // N, idx % N) if bl else (idx % K, idx // K)
        B[k][n] = mma_term(elem(rb, idx), dt)
    is_int, half = dt >= 8, not ct and dt < 8
    out = {}
    for m in range(M):
        for n in range(N):
            idx = m * N + n
            if half:
                c = regs[rc + idx // 64][idx % 64 // 2] >> (idx % 2 * 16) & 0xffff
            else:
                c = regs[rc + idx // 32][idx % 32]
            if is_int:
                acc = s32(c) + sum(A[m][k][1] * B[k][n][1] for k in range(K))
                r = u32(acc) if rnd else u32(max(-(1 << 31), min((1 << 31) - 1, acc)))
            else:
                terms = [val_fmt(c, F16 if half else F32)] + [product(A[m][k], B[k][n]) for k in range(K)]
                mode = [RNE, RTZ, RDN, RUP][rnd]
                r = dot_round(terms, F16 if half else F32, mode, 0x7e00 if half else 0x7fc00000)
            out[idx] = r
    res = {}
    nregs = M * N // (64 if half else 32)
    for r in range(nregs):
        res[rd + r] = [out[r * 64 + 2 * l] | out[r * 64 + 2 * l + 1] << 16 if half else out[r * 32 + l] for l in range(32)]
    return res


def mma_word(shape, dt, al, bl, ct, vd, vs1, vs2, op=0x0a):
    return dt << 28 | shape << 25 | vs2 << 20 | vs1 << 15 | al << 14 | bl << 13 | ct << 12 | vd << 7 | op


def mma64_words(shape, dt, al, bl, ct, vd, vs1, vs2, vs3, rnd=0, sp=0, wg=0, a=0):
    hi = dt << 28 | shape << 25 | vs2 << 17 | vs1 << 9 | al << 8 | bl << 7 | ct << 6 | sp << 4 | vs3 >> 4
    lo = (vs3 & 15) << 28 | vd << 20 | rnd << 18 | wg << 17 | a << 16 | 0x3f
    return [lo, hi]


def mma_name(shape, dt, al, bl, ct, is64=False, rnd=0):
    M = 16 if shape & 1 else 8
    N = 16 if shape & 2 else 8
    tn = [k for k, v in MMA_TYPES.items() if v == dt][0]
    K = (16 if shape < 4 else 8) * (2 if dt >= 3 else 1)
    cn = 's32' if dt >= 8 else 'f32' if ct else 'f16'
    suffix = ['', '.rz', '.rm', '.rp'][rnd] if dt < 8 else ['', '.wrap'][rnd]
    return '%s.m%dn%dk%d.%s.%s.%s.%s.%s.%s%s' % ('mma64' if is64 else 'mma', M, N, K, 'col' if al else 'row',
                                                 'row' if bl else 'col', cn, tn, tn, cn, suffix if is64 else '')


def rand_elem(rng, dt):
    if dt == 0:
        return f2b(rng.choice([1, -1]) * rng.uniform(0.25, 4)) | rng.getrandbits(13)
    if dt == 1:
        return rng.choice([0x3c00, 0xbc00, 0x0000, 0x8000, 0x0001]) if rng.random() < 0.1 else \
            rng.getrandbits(1) << 15 | rng.randrange(0x2c00, 0x4c00)
    if dt == 2:
        return rng.getrandbits(1) << 15 | rng.randrange(0x3c00, 0x4200)
    if dt in (3, 4):
        b = rng.getrandbits(8)
        return b & 0x7f if (dt == 3 and b & 0x7f == 0x7f) or (dt == 4 and b >> 2 & 31 == 31) else b
    return rng.getrandbits(8)


def pack(elems, eb):
    per = 32 // eb
    return [sum(elems[i * per + j] << (j * eb) for j in range(per)) for i in range(len(elems) // per)]


def sec_mma(t, c, rng):
    s = 'mma'
    # the LLVM MC test words (ventus-custom-mma.s) and their text, and the fields of the LLVM table
    cases = [(0x10c2340a, 'mma.m8n8k16.row.row.f32.f16.f16.f32\tv8, v4, v12'),
             (0x26d2d48a, 'mma.m16n16k16.col.col.f32.bf16.bf16.f32\tv9, v5, v13')]
    c.eq(s, [mma_word(0, 1, 0, 1, 1, 8, 4, 12), mma_word(3, 2, 1, 0, 1, 9, 5, 13)], [0x10c2340a, 0x26d2d48a],
         'the MC test words from the seed/LLVM fields')
    for shape in range(8):
        for dt, cts in ((0, [1]), (1, [0, 1]), (2, [1])):
            if (dt == 0) != (shape >= 4):
                continue
            for al in (0, 1):
                for bl in (0, 1):
                    for ct in cts:
                        vd, v1, v2 = rng.randrange(32), rng.randrange(32), rng.randrange(32)
                        cases.append((mma_word(shape, dt, al, bl, ct, vd, v1, v2),
                                      '%s\tv%d, v%d, v%d' % (mma_name(shape, dt, al, bl, ct), vd, v1, v2)))
    w61 = mma_word(1, 1, 0, 0, 1, 8, 4, 12, op=0x61)
    cases.append((w61, '.insn\tr 0x61, %d, %d, v8, v4, v12' % (w61 >> 12 & 7, w61 >> 25)))
    cases.append((mma_word(0, 0, 0, 0, 1, 1, 2, 3), '.insn\tr 0xa, 1, 0, v1, v2, v3'))  # tf32 with a k16 shape
    for dt, rnd in ((1, 1), (2, 3), (3, 0), (4, 2), (8, 0), (9, 1), (8, 1)):
        shape = rng.randrange(4)
        args = (shape, dt, rng.getrandbits(1), rng.getrandbits(1), 1)
        regs = [rng.randrange(256) for _ in range(4)]
        cases.append((mma64_words(*args, *regs, rnd=rnd), '%s\tv%d, v%d, v%d, v%d' % ((mma_name(*args, True, rnd),) +
                                                                                     tuple(regs))))
    cases.append((mma64_words(0, 1, 0, 0, 1, 1, 2, 3, 4, sp=1), '.insn\t8, 0x%08x%08x' % tuple(
        reversed(mma64_words(0, 1, 0, 0, 1, 1, 2, 3, 4, sp=1)))))
    codec(t, c, s, cases)
    # execution against the model
    configs = [(False, 1, 1, 0, 1, 1, 0), (False, 0, 1, 0, 0, 1, 0), (False, 3, 2, 1, 0, 1, 0), (False, 6, 0, 1, 1, 1, 0),
               (False, 2, 1, 1, 1, 0, 0), (False, 3, 1, 0, 0, 0, 0),
               (True, 1, 1, 0, 0, 1, 1), (True, 0, 2, 1, 1, 1, 2), (True, 1, 3, 0, 0, 1, 3), (True, 2, 4, 1, 0, 1, 0),
               (True, 0, 8, 0, 1, 1, 0), (True, 3, 9, 1, 1, 1, 1), (True, 1, 8, 0, 0, 1, 1), (True, 5, 0, 0, 0, 1, 0)]
    for is64, shape, dt, al, bl, ct, rnd in configs:
        M, N = (16 if shape & 1 else 8), (16 if shape & 2 else 8)
        eb = 32 if dt == 0 else 16 if dt <= 2 else 8
        K = (16 if shape < 4 else 8) * (2 if eb == 8 else 1)
        ra, rb, rc, rd = 2, 8, 14, 22 if is64 else 14
        A = pack([rand_elem(rng, dt) for _ in range(M * K)], eb)
        B = pack([rand_elem(rng, dt) for _ in range(N * K)], eb)
        half = not ct and dt < 8
        if dt >= 8:
            C = [rng.choice([rng.getrandbits(32), 0x7fffff00, 0x80000100]) for _ in range(M * N)]
        elif half:
            C = pack([rand_elem(rng, 1) for _ in range(M * N)], 16)
        else:
            C = [f2b(rng.uniform(-64, 64)) for _ in range(M * N)]
        regs = {}
        for base, data in ((ra, A), (rb, B), (rc, C)):
            for i in range(len(data) // 32):
                regs[base + i] = data[32 * i:32 * i + 32]
        body = PROLOGUE + ['li a0, 0x%x' % BUF, 'vid.v v1', 'vsll.vi v1, v1, 2', 'vadd.vx v1, v1, a0', 'li a1, 128']
        for r in sorted(regs):
            body += ['vlw12.v v%d, 0(v1)' % r, 'vadd.vx v1, v1, a1']
        name = mma_name(shape, dt, al, bl, ct, is64, rnd)
        body += ['%s v%d, v%d, v%d%s' % (name, rd, ra, rb, ', v%d' % rc if is64 else '')]
        nout = M * N // (64 if half else 32)
        body += ['li a0, 0x%x' % (BUF + 0x10000), 'vid.v v1', 'vsll.vi v1, v1, 2', 'vadd.vx v1, v1, a0']
        for i in range(nout):
            body += ['vsw12.v v%d, 0(v1)' % (rd + i), 'vadd.vx v1, v1, a1']
        body += ['endprg x0, x0, x0']
        flat = [x for r in sorted(regs) for x in regs[r]]
        res, err = t.launch(body, [flat, [0] * (32 * nout)], numt=32)
        want = mma_model(regs, shape, dt, al, bl, ct, ra, rb, rc, rd, rnd)
        wflat = [x for r in sorted(want) for x in want[r]]
        got = err or res[1]
        bad = [i for i in range(len(wflat)) if err or got[i] != wflat[i]]
        c.ok(s, not bad, '%s: %s' % (name, err or '%d of %d wrong, first %d: got %08x want %08x' % (
            len(bad), len(wflat), bad[0], got[bad[0]], wflat[bad[0]]) if bad else ''))
    res, err = t.launch(PROLOGUE + ['mma.m8n8k16.row.row.f32.f16.f16.f32 v8, v4, v12', 'endprg x0, x0, x0'],
                        [[0]], numt=16)
    c.ok(s, err and 'full warp' in err, 'MMA on a 16-lane warp faults: %s' % err)


# ---------------------------------------------------------------------------------------------------
# 7. cp_dma, cp_dma_bulk, cp_dma_tensor, cp_dma_mbarrier (seed 003 "自定义异步数据拷贝指令"; major 0x41
#    of the reference test vectors, funct3 and size codes wavesim's). Model: byte copies.
# ---------------------------------------------------------------------------------------------------
def tensor_model(mem, gbase, t, b, out_len):
    """The seed's box copy: t = tensor map lanes, b = box lanes; mem: dict address -> byte."""
    esize = 1 << t[0]
    rank = t[1]
    dim = [t[3 + d] if d < rank else 1 for d in range(5)]
    stride = [esize] + [t[8 + d - 1] if d < rank else 0 for d in range(1, 5)]
    box = [b[1 + d] if d < rank else 1 for d in range(5)]
    es = [b[6 + d] if d < rank else 1 for d in range(5)]
    cnt = [(box[d] + es[d] - 1) // es[d] for d in range(5)]
    off = b[0] - t[2]
    c = [0] * 5
    for d in range(rank - 1, 0, -1):
        c[d], off = off // stride[d], off % stride[d]
    c[0] = off // esize
    nan = {1: 0x7f, 2: 0x7e00, 4: 0x7fc00000, 8: 0x7ff8000000000000}[esize]
    out = []
    total = 1
    for x in cnt:
        total *= x
    for i in range(total):
        rest, src, inside = i, t[2], True
        for d in range(5):
            gc = c[d] + rest % cnt[d] * es[d]
            rest //= cnt[d]
            inside &= gc < dim[d]
            src += gc * stride[d]
        if inside:
            out += [mem.get(src + k, 0) for k in range(esize)]
        else:
            fill = nan if b[14] else 0
            out += [fill >> 8 * k & 255 for k in range(esize)]
    return out


def sec_dma(t, c, rng):
    s = 'dma'
    cases = []
    for cs, nm in ((0, 'cp_dma.4'), (1, 'cp_dma.8'), (2, 'cp_dma.16')):
        r = [rng.randrange(32) for _ in range(3)]
        cases.append((renc(0x41, 0, cs, *r), '%s\tv%d, v%d, v%d' % ((nm,) + tuple(r))))
    abi = 'zero ra sp gp tp t0 t1 t2 s0 s1 a0 a1 a2 a3 a4 a5 a6 a7 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 t3 t4 t5 t6'.split()
    r = [rng.randrange(32) for _ in range(3)]
    cases.append((renc(0x41, 1, 0, *r), 'cp_dma_bulk\t%s, %s, %s' % tuple(abi[x] for x in r)))
    r = [rng.randrange(32) for _ in range(3)]
    cases.append((renc(0x41, 2, 0, *r), 'cp_dma_tensor\t%s, v%d, v%d' % (abi[r[0]], r[1], r[2])))
    cases.append((renc(0x41, 3, 0, 0, 0, 0), 'cp_dma_mbarrier'))
    codec(t, c, s, cases)
    got, _ = t.dis([renc(0x41, 0, 3, 1, 2, 3), renc(0x41, 3, 0, 1, 0, 0)])
    c.eq(s, got, ['<unknown>', '<unknown>'], 'copy size code 11 and a nonzero mbarrier field are no instruction')
    n = 16
    src = [rng.getrandbits(32) for _ in range(96)]
    raw = b''.join(struct.pack('<I', x) for x in src)
    for cs, size in ((0, 4), (1, 8), (2, 16)):
        body = PROLOGUE + ['vid.v v5', 'li a0, 16', 'vmul.vx v1, v5, a0', 'li a0, 3', 'vremu.vx v6, v5, a0',
                           'vadd.vv v1, v1, v6',
                           'li a0, 0x%x' % BUF, 'vadd.vx v1, v1, a0',                       # src: 16 l + l % 3
                           'li a0, %d' % (size + 1), 'vremu.vx v2, v5, a0',                   # srcsize: l % (size + 1)
                           'li a0, %d' % size, 'vmul.vx v3, v5, a0', 'li a0, 0x%x' % (LDS + 256), 'vadd.vx v3, v3, a0',
                           'li a0, -1', 'vmv.v.x v7, a0']
        for k in range(size // 4):                                   # pre-fill shared memory with ones
            body += ['vsw12.v v7, %d(v3)' % (4 * k)]
        body += ['cp_dma.%d v3, v1, v2' % size, 'li a0, 0x%x' % (BUF + 0x10000), 'vmul.vx v4, v5, a1']
        body = body[:-1] + ['li a1, %d' % size, 'vmul.vx v4, v5, a1', 'vadd.vx v4, v4, a0']
        for k in range(size // 4):
            body += ['vlw12.v v8, %d(v3)' % (4 * k), 'vsw12.v v8, %d(v4)' % (4 * k)]
        body += ['endprg x0, x0, x0']
        res, err = t.launch(body, [src, [0] * (n * size // 4)], numt=n)
        want = bytearray()
        for l in range(n):
            sl = l % (size + 1)
            a = 16 * l + l % 3
            want += raw[a:a + sl] + bytes(size - sl)
        c.eq(s, err or res[1], list(struct.unpack('<%dI' % (n * size // 4), bytes(want))), 'cp_dma.%d' % size)
    # bulk: 96 bytes, read back
    body = PROLOGUE + ['li a0, 0x%x' % (LDS + 0x200), 'li a1, 0x%x' % (BUF + 16), 'li a2, 96',
                       'cp_dma_bulk a0, a1, a2', 'vid.v v1', 'vsll.vi v1, v1, 2', 'vadd.vx v1, v1, a0',
                       'li a3, 0x%x' % (BUF + 0x10000), 'vid.v v2', 'vsll.vi v2, v2, 2', 'vadd.vx v2, v2, a3',
                       'vlw12.v v3, 0(v1)', 'vsw12.v v3, 0(v2)', 'endprg x0, x0, x0']
    res, err = t.launch(body, [src, [0] * 32], numt=32)
    c.eq(s, err or res[1][:24], src[4:28], 'cp_dma_bulk of 96 bytes')
    res, err = t.launch(PROLOGUE + ['li a0, 0x%x' % LDS, 'li a1, 0x%x' % (BUF + 4), 'li a2, 32',
                                    'cp_dma_bulk a0, a1, a2', 'endprg x0, x0, x0'], [src])
    c.ok(s, err and 'aligned' in err, 'cp_dma_bulk from an unaligned source faults: %s' % err)
    # tensor: a 2-D float tensor (10 x 6, rows 48 bytes apart) and a 3-D u16 one, boxes crossing the edge
    gb = BUF
    mem = {gb + i: raw[i] for i in range(len(raw))}
    for tmap, bmap in (([2, 2, gb, 10, 6, 0, 0, 0, 48, 0, 0, 0, 0], [gb + 3 * 48 + 7 * 4, 4, 4, 0, 0, 0, 1, 2, 0, 0, 0,
                                                                    0, 0, 0, 0]),
                       ([2, 2, gb, 10, 6, 0, 0, 0, 48, 0, 0, 0, 0], [gb + 3 * 48 + 7 * 4, 4, 4, 0, 0, 0, 1, 2, 0, 0, 0,
                                                                    0, 0, 0, 1]),
                       ([1, 3, gb, 8, 3, 4, 0, 0, 32, 96, 0, 0, 0], [gb + 1 * 96 + 2 * 32 + 6 * 2, 3, 2, 3, 0, 0, 2, 1,
                                                                    1, 0, 0, 0, 0, 0, 1])):
        desc = tmap + [0] * (16 - len(tmap)) + bmap + [0] * (16 - len(bmap))
        body = PROLOGUE + ['li a0, 0x%x' % (BUF + 0x10000), 'vid.v v1', 'vsll.vi v1, v1, 2', 'vadd.vx v1, v1, a0',
                           'vlw12.v v4, 0(v1)', 'vlw12.v v5, 64(v1)', 'li a1, 0x%x' % (LDS + 0x400),
                           'cp_dma_tensor a1, v4, v5', 'li a2, 0x%x' % (BUF + 0x20000), 'vid.v v2', 'vsll.vi v2, v2, 2',
                           'vadd.vx v2, v2, a2', 'vid.v v3', 'vsll.vi v3, v3, 2', 'vadd.vx v3, v3, a1',
                           'vlw12.v v6, 0(v3)', 'vsw12.v v6, 0(v2)', 'vlw12.v v6, 64(v3)', 'vsw12.v v6, 64(v2)',
                           'endprg x0, x0, x0']
        res, err = t.launch(body, [src, desc, [0] * 32], numt=16)
        out = tensor_model(mem, gb, tmap, bmap, 128)
        out += [0] * (128 - len(out))
        c.eq(s, err or res[2], list(struct.unpack('<32I', bytes(out[:128]))), 'cp_dma_tensor rank %d oobfill %d' % (
            tmap[1], bmap[14]))
    # cp_dma_mbarrier: groups of 4 warps; warp 5 is slow, so warps 4-7 wait for it and 0-3 do not
    body = ['csrr t0, wid', 'li t1, 0x%x' % BUF, 'li t3, 5', 'bne t0, t3, fast', 'li t2, 400', 'spin:', 'addi t2, t2, -1',
            'bnez t2, spin', 'li t2, 1', 'sw t2, 0(t1)', 'fast:', 'cp_dma_mbarrier', 'lw t2, 0(t1)', 'slli t0, t0, 2',
            'li t3, 0x%x' % (BUF + 0x10000), 'add t3, t3, t0', 'sw t2, 0(t3)', 'endprg x0, x0, x0']
    res, err = t.launch(body, [[0], [9] * 8], numw=8, numt=4)
    c.eq(s, err or res[1], [0, 0, 0, 0, 1, 1, 1, 1], 'cp_dma_mbarrier waits for the group of 4 only')
    body = ['csrr t0, wid', 'li t1, 6', 'bgeu t0, t1, done', 'cp_dma_mbarrier', 'cp_dma_mbarrier', 'done:',
            'endprg x0, x0, x0']
    res, err = t.launch(body, [[0]], numw=8, numt=4)
    c.ok(s, not err, 'warps that end count as arrived: %s' % err)


# ---------------------------------------------------------------------------------------------------
# 8. Shuffles (LLVM: major 0x42, funct3 001, funct6 bfly/idx/up/down). Model: the reference
#    simulator's rule (an invalid or inactive source lane gives the lane its own value).
# ---------------------------------------------------------------------------------------------------
def sec_shuffle(t, c, rng):
    s = 'shuffle'
    c.eq(s, 0x09 << 26 | 1 << 25 | 4 << 20 | 3 << 15 | 1 << 12 | 8 << 7 | 0x42, 0x26419442, 'the MC test word')
    cases = [(0x26419442, 'shuffle.idx\tv8, v4, 3')]
    for f6, nm in ((8, 'bfly'), (9, 'idx'), (10, 'up'), (11, 'down')):
        vd, vs2, imm = rng.randrange(32), rng.randrange(32), rng.randrange(32)
        cases.append((f6 << 26 | 1 << 25 | vs2 << 20 | imm << 15 | 1 << 12 | vd << 7 | 0x42,
                      'shuffle.%s\tv%d, v%d, %d' % (nm, vd, vs2, imm)))
    codec(t, c, s, cases)
    got, _ = t.dis([0x26419442 & ~(1 << 25)])
    c.eq(s, got, ['<unknown>'], 'bit 25 clear is no shuffle')
    for numt, vl in ((32, 32), (32, 20), (16, 16), (8, 5)):
        data = [rng.getrandbits(32) for _ in range(numt)]
        for nm in ('idx', 'up', 'down', 'bfly'):
            for imm in (0, 1, 3, 7, 17, 31):
                body = ['li t4, %d' % vl, 'vsetvli t4, t4, e32, m1, ta, ma', 'li t4, 32', 'vid.v v1',
                        'vsll.vi v1, v1, 2', 'li a0, 0x%x' % BUF, 'vadd.vx v1, v1, a0', 'vlw12.v v2, 0(v1)',
                        'vmv.v.i v3, 0', 'shuffle.%s v3, v2, %d' % (nm, imm), 'li a0, 0x10000', 'vadd.vx v1, v1, a0',
                        'vsw12.v v3, 0(v1)', 'endprg x0, x0, x0']
                res, err = t.launch(body, [data, [0xeeeeeeee] * numt], numt=numt)
                want = []
                for l in range(numt):
                    if l >= vl:
                        want.append(0xeeeeeeee)
                        continue
                    src = {'idx': imm, 'up': l - imm, 'down': l + imm, 'bfly': l ^ imm}[nm]
                    want.append(data[src] if 0 <= src < vl else data[l])
                c.eq(s, err or res[1], want, 'shuffle.%s %d on %d lanes, vl %d' % (nm, imm, numt, vl))


# ---------------------------------------------------------------------------------------------------
# 9. fp16 / bf16: vcvt (major 0x7a), packed f16x2 / bf16x2 add, mul, fma (0x5a), approximate special
#    functions (0x2a), all from the newest LLVM. Model: exact rationals (the op in f32, then the half
#    format, both round to nearest even); special functions against double math within a few ulps.
# ---------------------------------------------------------------------------------------------------
def to_half(r32, fmt):
    k, v, neg = val_fmt(r32, F32)
    if k == 'nan':
        return 0x7fc0 if fmt == BF16 else 0x7e00
    sh = fmt[0] - 1 + fmt[3]
    if k == 'inf':
        return neg << sh | ((1 << fmt[3]) - 1) << (fmt[0] - 1)
    return neg << sh if v == 0 else round_fmt(v, fmt, RNE)


def half_term(h, fmt):
    return val_fmt(h << 16 if fmt == BF16 else h, F32 if fmt == BF16 else F16)


def packed_model(op, x, y, c, fmt):
    out = 0
    for h in range(2):
        a, b, acc = (half_term(v >> 16 * h & 0xffff, fmt) for v in (x, y, c))
        terms = [a, b] if op == 'add' else [product(a, b)] if op == 'mul' else [product(a, b), acc]
        out |= to_half(dot_round(terms, F32, RNE, 0x7fc00000), fmt) << 16 * h
    return out


def ulps(a, b, bits):
    """Distance in units in the last place of two encodings of one format (sign-magnitude)."""
    key = lambda v: -(v & ((1 << (bits - 1)) - 1)) if v >> (bits - 1) else v
    return abs(key(a) - key(b))


SFU = ['ex2', 'lg2', 'rcp', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'gelu', 'silu']


def sfu_ref(op, x):
    f = {'ex2': lambda v: 2.0 ** v, 'lg2': math.log2, 'rcp': lambda v: 1.0 / v, 'sqrt': math.sqrt,
         'rsqrt': lambda v: 1.0 / math.sqrt(v), 'sin': math.sin, 'cos': math.cos, 'tanh': math.tanh,
         'gelu': lambda v: 0.5 * v * (1.0 + math.tanh(0.7978845608028654 * (v + 0.044715 * v ** 3))),
         'silu': lambda v: v / (1.0 + math.exp(-v))}[op]
    return f(x)


def sec_half(t, c, rng):
    s = 'half'
    cases = []
    for f6, nm in enumerate(['vcvt.fp32.fp16', 'vcvt.fp16.fp32', 'vcvt.fp32.bf16', 'vcvt.bf16.fp32']):
        vd, vs2 = rng.randrange(32), rng.randrange(32)
        cases.append((f6 << 26 | 1 << 25 | vs2 << 20 | vd << 7 | 0x7a, '%s\tv%d, v%d' % (nm, vd, vs2)))
    for f3, ty in ((0, 'f16x2'), (1, 'bf16x2')):
        for f6, nm in enumerate(['vadd', 'vmul', 'vfma']):
            vd, vs1, vs2 = rng.randrange(32), rng.randrange(32), rng.randrange(32)
            cases.append((f6 << 26 | 1 << 25 | vs2 << 20 | vs1 << 15 | f3 << 12 | vd << 7 | 0x5a,
                          '%s.%s\tv%d, v%d, v%d' % (nm, ty, vd, vs1, vs2)))
    for f3, ty in ((0, 'f32'), (1, 'f16x2'), (2, 'bf16x2')):
        for f6, nm in enumerate(SFU):
            if f3 and nm in ('lg2', 'sin', 'cos'):
                continue
            vd, vs2 = rng.randrange(32), rng.randrange(32)
            cases.append((f6 << 26 | 1 << 25 | vs2 << 20 | f3 << 12 | vd << 7 | 0x2a,
                          'v%s.approx.%s\tv%d, v%d' % (nm, ty, vd, vs2)))
    codec(t, c, s, cases)
    w_, err = t.asm(['vlb_local.v v1, 32(v0)'])
    c.ok(s, err and 'vcvt.fp32.fp16' in err, 'vlb_local.v encoding as vcvt is refused: %s' % err)
    got, _ = t.dis([0x0200007a | 1 << 15])
    c.eq(s, got, ['vlb_local.v\tv0, 32(v1)'], 'the same word with vs1 = v1 is vlb_local.v')
    n = 32
    halves = [0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
              0x7c01, 0x3555, 0x4248, 0xc900]
    halves += [rng.getrandbits(16) for _ in range(n - len(halves))]
    f32s = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x477fefff, 0x477ff000,
            0x477ff001, 0x33000000, 0x33000001, 0xb3800000, 0x38800000, 0x387fffff, 0x3f801000, 0x3f803000,
            0x3f808000, 0x3f818000, 0x7f7fffff, 0x00000001]
    f32s += [f2b(rng.uniform(-70000, 70000)) for _ in range(n - len(f32s))]
    bfs = [rng.getrandbits(16) for _ in range(n)]
    bfs[:4] = [0x7f80, 0xff81, 0x0001, 0x8000]
    conv = [('vcvt.fp32.fp16', halves, lambda x: 0x7fc00000 if val_fmt(x, F16)[0] == 'nan' else
             (f2b(float('inf')) | val_fmt(x, F16)[2] << 31 if val_fmt(x, F16)[0] == 'inf' else
              (val_fmt(x, F16)[2] << 31 if val_fmt(x, F16)[1] == 0 else round_fmt(val_fmt(x, F16)[1], F32, RNE)))),
            ('vcvt.fp16.fp32', f32s, lambda x: to_half(x, F16)),
            ('vcvt.fp32.bf16', bfs + [0xffff0000 | b for b in bfs[:0]], lambda x: (x & 0xffff) << 16),
            ('vcvt.bf16.fp32', f32s, lambda x: to_half(x, BF16))]
    for nm, data, fn in conv:
        data = [x | (rng.getrandbits(16) << 16 if nm.endswith('fp16') or nm.endswith('bf16') else 0) for x in data]
        body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['vlw12.v v3, 0(v2)', '%s v4, v3' % nm, 'li a0, 0x10000',
                                                      'vadd.vx v2, v2, a0', 'vsw12.v v4, 0(v2)', 'endprg x0, x0, x0']
        res, err = t.launch(body, [data, [0] * n], numt=n)
        c.eq(s, err or res[1], [fn(x & 0xffff if nm.endswith('fp16') or nm.endswith('bf16') else x) for x in data], nm)
    for ty, fmt in (('f16x2', F16), ('bf16x2', BF16)):
        def rh():
            if fmt == F16:
                return rng.choice(halves) if rng.random() < 0.2 else rng.getrandbits(1) << 15 | rng.randrange(0x1000, 0x7800)
            return rng.choice([0x7f80, 0x0000, 0x8000, 0x0001]) if rng.random() < 0.1 else rng.getrandbits(16) & 0xff7f
        X = [rh() | rh() << 16 for _ in range(n)]
        Y = [rh() | rh() << 16 for _ in range(n)]
        C = [rh() | rh() << 16 for _ in range(n)]
        for op in ('add', 'mul', 'fma'):
            body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a0, 0x10000', 'vadd.vx v3, v2, a0', 'vadd.vx v4, v3, a0',
                                                          'vlw12.v v5, 0(v2)', 'vlw12.v v6, 0(v3)', 'vlw12.v v7, 0(v4)',
                                                          'v%s.%s v7, v5, v6' % (op, ty), 'vsw12.v v7, 0(v4)',
                                                          'endprg x0, x0, x0']
            res, err = t.launch(body, [X, Y, C], numt=n)
            c.eq(s, err or res[2], [packed_model(op, x, y, cc, fmt) for x, y, cc in zip(X, Y, C)], 'v%s.%s' % (op, ty))
    # special functions: f32 within 2 ulps of double math (rcp and sqrt exact), halves within 1 ulp
    for mode, fmt in (('f32', F32), ('f16x2', F16), ('bf16x2', BF16)):
        for op in SFU:
            if mode != 'f32' and op in ('lg2', 'sin', 'cos'):
                continue
            lo, hi = {'lg2': (0.01, 1000), 'sqrt': (0, 1000), 'rsqrt': (0.01, 1000), 'ex2': (-20, 14),
                      'sin': (-8, 8), 'cos': (-8, 8)}.get(op, (-12, 12))
            vals = [rng.uniform(lo, hi) for _ in range(n)]
            if fmt == F32:
                data = [f2b(v) for v in vals]
                xs = [b2f(d) for d in data]
            else:
                hs = [[round_fmt(Fraction(v), fmt, RNE) if v else 0 for v in vals[i:i + 2]] for i in range(0, n, 1)]
                data = [a | b << 16 for a, b in ((h[0], h[-1]) for h in hs)]
            body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['vlw12.v v3, 0(v2)', 'v%s.approx.%s v4, v3' % (op, mode),
                                                          'li a0, 0x10000', 'vadd.vx v2, v2, a0', 'vsw12.v v4, 0(v2)',
                                                          'endprg x0, x0, x0']
            res, err = t.launch(body, [data, [0] * n], numt=n)
            if not c.ok(s, not err, 'v%s.approx.%s: %s' % (op, mode, err)):
                continue
            worst = 0
            for i in range(n):
                # gelu's tanh form cancels for negative inputs (1 + tanh -> 0 in f32): there the
                # result is held to an absolute error of a few f32 ulps of 1 instead
                absolute = 2.0 ** -21 if fmt == F32 else 2.0 ** -9 if fmt == F16 else 2.0 ** -6
                if fmt == F32:
                    ref = sfu_ref(op, xs[i])
                    want = round_fmt(Fraction(ref), F32, RNE) if ref else 0
                    d = ulps(res[1][i], want, 32)
                    if op == 'gelu' and abs(b2f(res[1][i]) - ref) <= absolute * max(1, abs(xs[i])):
                        d = 0
                    worst = max(worst, d)
                else:
                    for h in range(2):
                        hv = data[i] >> 16 * h & 0xffff
                        x = float(half_term(hv, fmt)[1])
                        ref = sfu_ref(op, x)
                        want = round_fmt(Fraction(ref), fmt, RNE) if ref else 0
                        got = res[1][i] >> 16 * h & 0xffff
                        d = ulps(got, want, 16)
                        if op == 'gelu' and abs(float(half_term(got, fmt)[1]) - ref) <= absolute * max(1, abs(x)):
                            d = 0
                        worst = max(worst, d)
            limit = (0 if op in ('rcp', 'sqrt') else 2) if fmt == F32 else 1
            c.ok(s, worst <= limit, 'v%s.approx.%s: %d ulps from the double result (limit %d)' % (op, mode, worst, limit))


# ---------------------------------------------------------------------------------------------------
# 10. Widening ops (RVV encodings, checked with llvm-mc-19 +v; results in even register pairs, seed 003
#     .wv = 64 op 64), LMUL=2 register groups, int8 at SEW=8. fp64 is the PREFIX pair section's.
# ---------------------------------------------------------------------------------------------------
WIDE_INT = [('vwaddu', 0b110000, 'vx'), ('vwadd', 0b110001, 'vx'), ('vwsubu', 0b110010, 'vx'),
            ('vwsub', 0b110011, 'vx'), ('vwmulu', 0b111000, 'v'), ('vwmulsu', 0b111010, 'v'), ('vwmul', 0b111011, 'v'),
            ('vwmaccu', 0b111100, 'm'), ('vwmacc', 0b111101, 'm'), ('vwmaccsu', 0b111111, 'm')]
WIDE_FLT = [('vfwadd', 0b110000, 'vx'), ('vfwsub', 0b110010, 'vx'), ('vfwmul', 0b111000, 'v'),
            ('vfwmacc', 0b111100, 'm'), ('vfwnmacc', 0b111101, 'm'), ('vfwmsac', 0b111110, 'm'),
            ('vfwnmsac', 0b111111, 'm')]


def llvm_mc_words(lines, attrs='+v'):
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-19/bin')
    mc = os.path.join(llvm, 'llvm-mc')
    if not os.path.exists(mc):
        return None
    r = subprocess.run([mc, '-triple=riscv32', '-mattr=' + attrs, '-show-encoding'], input='\n'.join(lines) + '\n',
                       capture_output=True, text=True)
    if r.returncode:
        return 'llvm-mc: ' + r.stderr[:300]
    out = []
    for line in r.stdout.splitlines():
        if 'encoding: [' in line:
            bs = [int(x, 16) for x in line.split('encoding: [')[1].split(']')[0].split(',')]
            out.append(int.from_bytes(bytes(bs), 'little'))
    return out


def sec_wide(t, c, rng):
    s = 'wide'
    texts, words_ = [], []
    regs = lambda: (2 * rng.randrange(16), 2 * rng.randrange(16), rng.randrange(32))
    for nm, f6, kind in WIDE_INT + WIDE_FLT:
        fl = nm.startswith('vf')
        forms = [('vv', 2 if not fl else 1), ('vx' if not fl else 'vf', 6 if not fl else 5)]
        if kind == 'vx':
            forms += [('wv', 2 if not fl else 1), ('wx' if not fl else 'wf', 6 if not fl else 5)]
        for form, f3 in forms:
            vd, vs2, vs1 = regs()
            ff6 = f6 | 4 if form[0] == 'w' else f6
            scalar = form[1] in 'xf'
            abi = ['zero', 'ra', 'sp', 'gp', 'tp', 't0', 't1', 't2', 's0', 's1', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5']
            src1 = abi[vs1 % 16] if scalar else 'v%d' % vs1
            if kind == 'm':
                text = '%s.%s\tv%d, %s, v%d' % (nm, form, vd, src1, vs2)
            else:
                text = '%s.%s\tv%d, v%d, %s' % (nm, form, vd, vs2, src1)
            words_.append(ff6 << 26 | 1 << 25 | vs2 << 20 | (vs1 % 16 if scalar else vs1) << 15 | f3 << 12 | vd << 7 | 0x57)
            texts.append(text)
    vd, vs2, vs1 = regs()
    texts.append('vwmaccus.vx\tv%d, %s, v%d' % (vd, 'a2', vs2))
    words_.append(0b111110 << 26 | 1 << 25 | vs2 << 20 | 12 << 15 | 6 << 12 | vd << 7 | 0x57)
    codec(t, c, s, list(zip(words_, texts)))
    # llvm-mc-19: registers that do not overlap (RVV's rule for widening) and f registers for .vf
    abi = 'zero ra sp gp tp t0 t1 t2 s0 s1 a0 a1 a2 a3 a4 a5'.split()
    lines, want = [], []
    for nm, f6, kind in WIDE_INT + WIDE_FLT:
        fl = nm.startswith('vf')
        for form, f3 in [('vv', 1 if fl else 2), ('vf' if fl else 'vx', 5 if fl else 6)] + \
                ([('wv', 1 if fl else 2), ('wf' if fl else 'wx', 5 if fl else 6)] if kind == 'vx' else []):
            vd, vs2, vs1 = 8, 4, 13
            sc = form[1] in 'xf'
            src1 = ('f%d' % 11 if fl else abi[11]) if sc else 'v%d' % vs1
            ff6 = f6 | 4 if form[0] == 'w' else f6
            lines.append(('%s.%s v%d, %s, v%d' if kind == 'm' else '%s.%s v%d, v%d, %s') %
                         ((nm, form, vd, src1, vs2) if kind == 'm' else (nm, form, vd, vs2, src1)))
            want.append(ff6 << 26 | 1 << 25 | vs2 << 20 | (11 if sc else vs1) << 15 | f3 << 12 | vd << 7 | 0x57)
    mc = llvm_mc_words(lines, '+v,+d')
    if mc is not None:
        c.eq(s, mc, want, 'llvm-mc-19 encodings of the widening ops')
        ours, err = t.asm([l.replace(' f11', ' a1') for l in lines])
        c.eq(s, err or ours, want, 'wavesim as of the same lines')
    n = 16
    A = [rng.getrandbits(32) for _ in range(n)]
    B = [rng.getrandbits(32) for _ in range(n)]
    A[0], B[0], A[1], B[1] = 0xffffffff, 0xffffffff, 0x80000000, 0x7fffffff
    P = [rng.getrandbits(64) for _ in range(n)]
    Q = [rng.getrandbits(64) for _ in range(n)]
    M64 = (1 << 64) - 1
    sx = lambda v: v - (1 << 32) if v >> 31 else v
    base = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a1, 0x10000'] + ['vadd.vx v%d, v%d, a1' % (3 + k, 2 + k)
                                                                       for k in range(7)]
    base += ['vlw12.v v10, 0(v2)', 'vlw12.v v11, 0(v3)', 'vlw12.v v12, 0(v4)', 'vlw12.v v13, 0(v5)',
             'vlw12.v v14, 0(v6)', 'vlw12.v v15, 0(v7)', 'vlw12.v v20, 0(v8)', 'vlw12.v v21, 0(v9)']
    data = [A, B, [x & 0xffffffff for x in P], [x >> 32 for x in P], [x & 0xffffffff for x in Q], [x >> 32 for x in Q],
            [rng.getrandbits(32) for _ in range(n)], [rng.getrandbits(32) for _ in range(n)], [0] * n]
    C = [data[6][i] | data[7][i] << 32 for i in range(n)]
    sc = 0x9abcdef0
    int_model = {
        'vwaddu': lambda a, b, sa, sb: a + b, 'vwadd': lambda a, b, sa, sb: sa + sb, 'vwsubu': lambda a, b, sa, sb: a - b,
        'vwsub': lambda a, b, sa, sb: sa - sb, 'vwmulu': lambda a, b, sa, sb: a * b, 'vwmulsu': lambda a, b, sa, sb: sa * b,
        'vwmul': lambda a, b, sa, sb: sa * sb}
    for nm, f in int_model.items():
        for form in ('vv', 'vx', 'wv', 'wx'):
            if form[0] == 'w' and 'mul' in nm:
                continue
            op = '%s.%s v16, %s, %s' % (nm, form, 'v12' if form[0] == 'w' else 'v10', 'a2' if form[1] == 'x' else
                                        ('v14' if form[0] == 'w' else 'v11'))
            body = base + ['li a2, 0x%x' % sc, op, 'vsw12.v v16, 0(v8)', 'vsw12.v v17, 0(v9)', 'endprg x0, x0, x0']
            res, err = t.launch(body, data, numt=n)
            want = []
            for i in range(n):
                if form[0] == 'w':
                    a = P[i]
                    b = Q[i] if form == 'wv' else (sc if nm.endswith('u') else sc - (1 << 32) if sc >> 31 else sc) & M64
                    want.append((a + b if 'add' in nm else a - b) & M64)
                else:
                    b = B[i] if form == 'vv' else sc
                    want.append(f(A[i], b, sx(A[i]), sx(b)) & M64)
            got = err or [x | y << 32 for x, y in zip(res[6], res[7])]
            c.eq(s, got, want, '%s.%s' % (nm, form))
    for nm, fn in (('vwmaccu', lambda a, b, sa, sb: a * b), ('vwmacc', lambda a, b, sa, sb: sa * sb),
                   ('vwmaccsu', lambda a, b, sa, sb: a * sb), ('vwmaccus', lambda a, b, sa, sb: sa * b)):
        for form in (('vx',) if nm == 'vwmaccus' else ('vv', 'vx')):
            op = '%s.%s v20, %s, v10' % (nm, form, 'v11' if form == 'vv' else 'a2')
            body = base + ['li a2, 0x%x' % sc, op, 'vsw12.v v20, 0(v8)', 'vsw12.v v21, 0(v9)', 'endprg x0, x0, x0']
            res, err = t.launch(body, data, numt=n)
            want = [(C[i] + fn(A[i], (B[i] if form == 'vv' else sc), sx(A[i]), sx(B[i] if form == 'vv' else sc))) & M64
                    for i in range(n)]
            c.eq(s, err or [x | y << 32 for x, y in zip(res[6], res[7])], want, '%s.%s' % (nm, form))
    # float widening: exact rationals rounded to f64 (RNE)
    FA = [f2b(rng.uniform(-1e6, 1e6)) for _ in range(n)]
    FB = [f2b(rng.uniform(-1e-3, 1e3)) for _ in range(n)]
    DP = [d2b(rng.uniform(-1e12, 1e12)) for _ in range(n)]
    DQ = [d2b(rng.uniform(-1e3, 1e3)) for _ in range(n)]
    DC = [d2b(rng.uniform(-1e15, 1e15)) for _ in range(n)]
    fdata = [FA, FB, [x & 0xffffffff for x in DP], [x >> 32 for x in DP], [x & 0xffffffff for x in DQ],
             [x >> 32 for x in DQ], [x & 0xffffffff for x in DC], [x >> 32 for x in DC], [0] * n]
    F = lambda b: Fraction(b2f(b))
    D = lambda b: Fraction(b2d(b))
    fs = f2b(3.25)
    for nm, form, fn in (('vfwadd', 'vv', lambda i: F(FA[i]) + F(FB[i])), ('vfwsub', 'vf', lambda i: F(FA[i]) - F(fs)),
                         ('vfwadd', 'wv', lambda i: D(DP[i]) + D(DQ[i])), ('vfwsub', 'wf', lambda i: D(DP[i]) - F(fs)),
                         ('vfwmul', 'vv', lambda i: F(FA[i]) * F(FB[i])),
                         ('vfwmacc', 'vv', lambda i: F(FB[i]) * F(FA[i]) + D(DC[i])),
                         ('vfwnmsac', 'vf', lambda i: -F(fs) * F(FA[i]) + D(DC[i])),
                         ('vfwmsac', 'vv', lambda i: F(FB[i]) * F(FA[i]) - D(DC[i]))):
        fl_src2 = 'v12' if form[0] == 'w' else 'v10'
        src1 = 'a2' if form[1] == 'f' else ('v14' if form[0] == 'w' else 'v11')
        dst = 'v20' if 'mac' in nm or 'msac' in nm else 'v16'
        op = ('%s.%s %s, %s, %s' % (nm, form, dst, src1, fl_src2) if dst == 'v20' else
              '%s.%s %s, %s, %s' % (nm, form, dst, fl_src2, src1))
        body = base + ['li a2, 0x%x' % fs, op, 'vsw12.v %s, 0(v8)' % dst, 'vsw12.v v%d, 0(v9)' % (int(dst[1:]) + 1),
                       'endprg x0, x0, x0']
        res, err = t.launch(body, fdata, numt=n)
        want = [d2b(rnd64(fn(i), 0)) for i in range(n)]
        c.eq(s, err or [x | y << 32 for x, y in zip(res[6], res[7])], want, '%s.%s' % (nm, form))
    res, err = t.launch(base + ['vwadd.vv v17, v10, v11', 'endprg x0, x0, x0'], data, numt=n)
    c.ok(s, err and 'odd register' in err, 'a widening op into an odd register faults: %s' % err)
    # LMUL=2: groups {v2k, v2k+1}, VLMAX = 2 x numt; vle32 / vlw12 / vadd / vid / vmslt / vfmul / vse32
    for numt, vl in ((8, 16), (8, 11), (16, 32), (4, 5)):
        X = [rng.getrandbits(32) for _ in range(2 * numt)]
        Y = [rng.getrandbits(32) for _ in range(2 * numt)]
        body = ['li t4, %d' % vl, 'vsetvli t4, t4, e32, m2, ta, ma', 'li t0, 0x%x' % BUF, 'li t1, 0x%x' % (BUF + 0x10000),
                'li t2, 0x%x' % (BUF + 0x20000), 'vle32.v v4, (t0)', 'vle32.v v6, (t1)', 'vadd.vv v8, v4, v6',
                'vid.v v10', 'vsll.vi v10, v10, 2', 'vadd.vx v10, v10, t1', 'vlw12.v v12, 0(v10)',
                'vmsltu.vv v14, v4, v12', 'vadd.vv v8, v8, v14', 'vxor.vi v8, v8, 5', 'vse32.v v8, (t2)',
                'li t3, 0x%x' % (BUF + 0x30000), 'vid.v v16', 'vse32.v v16, (t3)', 'li a0, 4', 'li t3, 0x%x' % (BUF + 0x40000),
                'vsse32.v v6, (t3), a0', 'endprg x0, x0, x0']
        res, err = t.launch(body, [X, Y, [7] * 2 * numt, [7] * 2 * numt, [7] * 2 * numt], numt=numt)
        want = [u32((X[i] + Y[i] + (X[i] < Y[i])) ^ 5) if i < vl else 7 for i in range(2 * numt)]
        c.eq(s, err or res[2], want, 'LMUL=2 numt %d vl %d: vle32/vadd/vid/vlw12/vmsltu/vse32' % (numt, vl))
        c.eq(s, err or res[3], [i if i < vl else 7 for i in range(2 * numt)], 'LMUL=2 vid.v numt %d vl %d' % (numt, vl))
        c.eq(s, err or res[4], [Y[i] if i < vl else 7 for i in range(2 * numt)], 'LMUL=2 vsse32 numt %d vl %d' % (numt, vl))
    res, err = t.launch(['li t4, 16', 'vsetvli t4, t4, e32, m2, ta, ma', 'vadd.vv v3, v4, v6', 'endprg x0, x0, x0'],
                        [[0]], numt=8)
    c.ok(s, err and 'even registers' in err, 'LMUL=2 with an odd register faults: %s' % err)
    res, err = t.launch(['li t4, 16', 'vsetvli t4, t4, e32, m2, ta, ma', 'li t0, 0x%x' % BUF, 'vsetvli t5, zero, e32, m4',
                         'sw t5, 0(t0)', 'vsetvli t5, zero, e32, m2', 'sw t5, 4(t0)', 'endprg x0, x0, x0'], [[9, 9]], numt=8)
    c.eq(s, err or res[0], [0, 16], 'vsetvli: m4 is vill (vl 0), m2 gives VLMAX 2 x numt')
    # int8 at SEW=8: the low byte of each lane, saturating
    n = 16
    X = [rng.getrandbits(32) for _ in range(n)]
    Y = [rng.getrandbits(32) for _ in range(n)]
    X[:4] = [0x7f, 0x80, 0xff, 0x7f]
    Y[:4] = [0x01, 0xff, 0x01, 0x80]
    s8 = lambda v: (v & 0xff) - 256 if v & 0x80 else v & 0xff
    for nm, fn, sg in (('vsadd', lambda a, b: s8(a) + s8(b), 1), ('vsaddu', lambda a, b: (a & 0xff) + (b & 0xff), 0),
                       ('vssub', lambda a, b: s8(a) - s8(b), 1), ('vssubu', lambda a, b: (a & 0xff) - (b & 0xff), 0)):
        for form in ('vv', 'vx'):
            body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a1, 0x10000', 'vadd.vx v3, v2, a1', 'vadd.vx v4, v3, a1',
                                                          'vlw12.v v5, 0(v2)', 'vlw12.v v6, 0(v3)', 'li a2, 0x1c9',
                                                          'li t4, 32', 'vsetvli t4, t4, e8, m1, ta, ma',
                                                          '%s.%s v7, v5, %s' % (nm, form, 'v6' if form == 'vv' else 'a2'),
                                                          'vsetvli t4, t4, e32, m1, ta, ma', 'vsw12.v v7, 0(v4)',
                                                          'endprg x0, x0, x0']
            res, err = t.launch(body, [X, Y, [0] * n], numt=n)
            lo, hi = (-128, 127) if sg else (0, 255)
            want = [u32(max(lo, min(hi, fn(X[i], Y[i] if form == 'vv' else 0x1c9)))) & (0xffffffff if sg else 0xff)
                    for i in range(n)]
            c.eq(s, err or res[2], want, 'int8 %s.%s' % (nm, form))
    res, err = t.launch(['li t4, 16', 'vsetvli t4, t4, e8, m1, ta, ma', 'vmul.vv v3, v4, v6', 'endprg x0, x0, x0'],
                        [[0]], numt=16)
    c.ok(s, err and 'SEW=8' in err, 'a non-int8 op at SEW=8 faults: %s' % err)


# ---------------------------------------------------------------------------------------------------
# 11. The 64-bit compute format (VOP64: fields of seed 003 / ref 1.9.8, opcode 0x7f wavesim's) and the
#     RV64I / RV64A register-pair forms (standard RV64 encodings, checked with llvm-mc-19 riscv64).
# ---------------------------------------------------------------------------------------------------
F64 = (53, -1022, 1023, 11)
VOP = {'add': (0, 0x00), 'sub': (0, 0x02), 'minu': (0, 0x04), 'min': (0, 0x05), 'maxu': (0, 0x06), 'max': (0, 0x07),
       'mul': (2, 0x25), 'fadd': (1, 0x00), 'fsub': (1, 0x02), 'fmin': (1, 0x04), 'fmax': (1, 0x06), 'fmul': (1, 0x24)}


def vop64_words(op, vd, vs2, vs1, ss, ds, opsel=0, abs_=0, neg=0, omod=0):
    f3, f6 = VOP[op]
    hi = f6 << 26 | vs2 << 17 | vs1 << 9 | omod << 7 | opsel << 4
    lo = vd << 20 | abs_ << 17 | neg << 14 | f3 << 11 | ss << 9 | ds << 7 | 0x7f
    return [lo, hi]


def fmt_of(bits):
    return {16: F16, 32: F32, 64: F64}[bits]


def vop_float_model(op, xa, xb, ss, ds, abs_, neg, omod, mode):
    sb = 1 << (ss - 1)
    if abs_ & 2: xa &= ~sb
    if neg & 2: xa ^= sb
    if abs_ & 1: xb &= ~sb
    if neg & 1: xb ^= sb
    ct = max(ss, ds)
    a, b = val_fmt(xa, fmt_of(ss)), val_fmt(xb, fmt_of(ss))
    nanbits = {16: 0x7e00, 32: 0x7fc00000, 64: 0x7ff8000000000000}[ds]
    if a[0] == 'nan' or b[0] == 'nan':
        if op not in ('fmin', 'fmax') or (a[0] == 'nan' and b[0] == 'nan'):
            return nanbits
    if op in ('fmin', 'fmax') and (a[0] == 'nan' or b[0] == 'nan'):
        r = b if a[0] == 'nan' else a
    elif op in ('fmin', 'fmax'):
        if a[1] == b[1]:
            neg_ = a[2] and b[2] if op == 'fmax' else a[2] or b[2]
            r = ('f', a[1], neg_)
        else:
            r = a if (a[1] < b[1]) == (op == 'fmin') else b
    elif op == 'fmul':
        r = product(a, b)
    else:
        bb = ('f', -b[1], 1 - b[2]) if op == 'fsub' else b
        r = ('f', a[1] + bb[1], None)
        if r[1] == 0:
            r = ('f', Fraction(0), (a[2] and bb[2]) if mode != RDN else (a[2] or bb[2]))
    cfmt = fmt_of(ct)
    rb = dot_round([r], cfmt, mode, 0) if r[1] != 0 else r[2] << (ct - 1)
    if omod:
        k, v, sg = val_fmt(rb, cfmt)
        v = v * [1, 2, 4, Fraction(1, 2)][omod]
        rb = round_fmt(v, cfmt, mode) if v else sg << (ct - 1)
    k, v, sg = val_fmt(rb, cfmt)
    return round_fmt(v, fmt_of(ds), mode) if v else sg << (ds - 1)


def vop_int_model(op, xa, xb, ss, ds, abs_, neg, omod):
    uns = op in ('minu', 'maxu')
    ext = lambda x: x & ((1 << ss) - 1) if uns else (x & ((1 << ss) - 1)) - ((x >> (ss - 1) & 1) << ss)
    a, b = ext(xa), ext(xb)
    M = (1 << 64) - 1
    smod = lambda v: (v & M) - (1 << 64) if (v & M) >> 63 else v & M   # the value as a signed 64-bit integer
    if abs_ & 2: a = abs(smod(a))
    if neg & 2: a = -a
    if abs_ & 1: b = abs(smod(b))
    if neg & 1: b = -b
    if uns:
        a, b = a & M, b & M
    r = {'add': a + b, 'sub': a - b, 'mul': a * b, 'min': min(a, b), 'max': max(a, b), 'minu': min(a, b),
         'maxu': max(a, b)}[op] & M
    if omod in (1, 2):
        r = (r << omod) & M
    elif omod == 3:
        r = r >> 1 if uns else ((r - (1 << 64) if r >> 63 else r) >> 1) & M
    return r & ((1 << ds) - 1)


def sec_compute64(t, c, rng):
    s = 'compute64'
    cases = []
    for op in VOP:
        t_ = 'f' if op[0] == 'f' else 'i'
        ss, ds = rng.randrange(3), rng.randrange(3)
        vd, v2, v1 = rng.randrange(256), rng.randrange(256), rng.randrange(256)
        mods = [rng.randrange(8), rng.randrange(8), rng.randrange(8), rng.randrange(4)]
        text = 'v64.%s.%s%d.%s%d\tv%d, v%d, v%d' % (op, t_, 16 << ds, t_, 16 << ss, vd, v2, v1)
        text += ''.join(', %s=%d' % (k, v) for k, v in zip(('opsel', 'abs', 'neg', 'omod'), mods) if v)
        cases.append((vop64_words(op, vd, v2, v1, ss, ds, *mods), text))
    bad = vop64_words('add', 1, 2, 3, 3, 1)
    cases.append((bad, '.insn\t8, 0x%08x%08x' % (bad[1], bad[0])))
    codec(t, c, s, cases)
    # the length rule: a 64-bit instruction's first word cut off at the end is unknown, and a word pair
    # no 64-bit row matches is an unknown word followed by the next one decoded on its own
    got, _ = t.dis([vop64_words('add', 1, 2, 3, 1, 1)[0]])
    c.eq(s, got, ['<unknown>'], 'a cut-off 64-bit word')
    got, _ = t.dis([0xffffffff, 0x00000013])
    c.eq(s, got, ['<unknown>', 'nop'], 'an unmatched 64-bit pair')
    n = 16
    for op in VOP:
        fl = op[0] == 'f'
        for ss, ds, opsel, abs_, neg, omod in ((32, 32, 0, 0, 0, 0), (16, 32, 3, 0, 1, 0), (32, 16, 4, 2, 0, 1),
                                               (64, 64, 0, 1, 2, 3), (16, 16, 5, 3, 3, 2), (64, 32, 0, 0, 0, 1),
                                               (32, 64, 0, 2, 1, 0)):
            def src(bits):
                if not fl:
                    return rng.getrandbits(bits)
                v = rng.choice([1, -1]) * rng.uniform(0.5, 2) * 2.0 ** rng.randint(-6, 6)
                return round_fmt(Fraction(v), fmt_of(bits), RNE)
            X = [src(ss) for _ in range(n)]
            Y = [src(ss) for _ in range(n)]
            if fl:
                X[0] = {16: 0x7e00, 32: 0x7fc00000, 64: 0x7ff8000000000000}[ss]
                Y[1] = X[1]
            def regs(vals, bits, hi):
                if bits == 64:
                    return [v & 0xffffffff for v in vals], [v >> 32 for v in vals]
                if bits == 16:
                    return [(v << 16 | rng.getrandbits(16)) if hi else (rng.getrandbits(16) << 16 | v) for v in vals], None
                return vals, None
            xa, xa2 = regs(X, ss, opsel & 1)
            xb, xb2 = regs(Y, ss, opsel >> 1 & 1)
            old = [rng.getrandbits(32) for _ in range(n)]
            bufs = [xa, xa2 or [0] * n, xb, xb2 or [0] * n, old, [0] * n]
            body = PROLOGUE + lane_base(1, n, 4, 'v2') + ['li a1, 0x10000'] + \
                ['vadd.vx v%d, v%d, a1' % (3 + k, 2 + k) for k in range(5)] + \
                ['vlw12.v v10, 0(v2)', 'vlw12.v v11, 0(v3)', 'vlw12.v v12, 0(v4)', 'vlw12.v v13, 0(v5)',
                 'vlw12.v v14, 0(v6)', 'vlw12.v v15, 0(v7)', 'fsrmi 0']
            t_ = 'f' if fl else 'i'
            mods = ''.join(', %s=%d' % (k, v) for k, v in zip(('opsel', 'abs', 'neg', 'omod'), (opsel, abs_, neg, omod)) if v)
            body += ['v64.%s.%s%d.%s%d v14, v10, v12%s' % (op, t_, ds, t_, ss, mods), 'vsw12.v v14, 0(v6)',
                     'vsw12.v v15, 0(v7)', 'endprg x0, x0, x0']
            res, err = t.launch(body, bufs, numt=n)
            want = []
            for i in range(n):
                if fl:
                    r = vop_float_model(op, X[i], Y[i], ss, ds, abs_, neg, omod, RNE)
                else:
                    r = vop_int_model(op, X[i], Y[i], ss, ds, abs_, neg, omod)
                if ds == 16:
                    want.append((old[i] & 0xffff) | r << 16 if opsel & 4 else (old[i] & 0xffff0000) | r)
                else:
                    want.append(r)
            got = err or [(res[4][i] | res[5][i] << 32) if ds == 64 else res[4][i] for i in range(n)]
            c.eq(s, got, want, 'v64.%s.%s%d.%s%d%s' % (op, t_, ds, t_, ss, mods))
    # RV64I / RV64A pair forms
    abi = 'zero ra sp gp tp t0 t1 t2 s0 s1 a0 a1 a2 a3 a4 a5 a6 a7'.split()
    lines = ['addw a0, a2, a4', 'subw s0, a6, t1', 'sllw a2, a4, a6', 'srlw t1, t1, s0', 'sraw a0, a0, a2',
             'addiw a6, a4, -2047', 'slliw a2, a0, 31', 'srliw a4, t1, 1', 'sraiw s0, a2, 17', 'ld a1, 2040(a2)',
             'sd a7, -4(s0)', 'lr.d a1, (a2)', 'sc.d.rl a3, a5, (a4)', 'amoswap.d a1, a3, (t1)', 'amoadd.d.aq a1, a3, (a4)',
             'amoxor.d a1, a3, (a4)', 'amoand.d a1, a3, (a4)', 'amoor.d a1, a3, (a4)', 'amomin.d a1, a3, (a4)',
             'amomax.d a1, a3, (a4)', 'amominu.d a1, a3, (a4)', 'amomaxu.d.aqrl a1, a3, (a4)']
    ours, err = t.asm(lines)
    mc = llvm_mc_words(lines, '+a') if False else None
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-19/bin')
    if os.path.exists(os.path.join(llvm, 'llvm-mc')):
        r = subprocess.run([os.path.join(llvm, 'llvm-mc'), '-triple=riscv64', '-mattr=+a', '-show-encoding'],
                           input='\n'.join(lines) + '\n', capture_output=True, text=True)
        mc = [int.from_bytes(bytes(int(x, 16) for x in l.split('encoding: [')[1].split(']')[0].split(',')), 'little')
              for l in r.stdout.splitlines() if 'encoding: [' in l]
        c.eq(s, err or ours, mc, 'RV64 encodings against llvm-mc-19 riscv64')
    got, _ = t.dis(ours or [])
    c.eq(s, [g.replace('\t', ' ') for g in got or []], lines, 'RV64 text round trip')
    P = [rng.getrandbits(64) for _ in range(4)]
    M = (1 << 64) - 1
    S = lambda v: v - (1 << 64) if v >> 63 else v
    body = ['li t0, 0x%x' % BUF, 'lw a0, 0(t0)', 'lw a1, 4(t0)', 'lw a2, 8(t0)', 'lw a3, 12(t0)',
            'addw a4, a0, a2', 'sw a4, 64(t0)', 'sw a5, 68(t0)', 'subw a4, a0, a2', 'sw a4, 72(t0)', 'sw a5, 76(t0)',
            'sllw a4, a0, a2', 'sw a4, 80(t0)', 'sw a5, 84(t0)', 'sraw a4, a0, a2', 'sw a4, 88(t0)', 'sw a5, 92(t0)',
            'srlw a4, a0, a2', 'sw a4, 96(t0)', 'sw a5, 100(t0)', 'addiw a4, a0, -5', 'sw a4, 104(t0)', 'sw a5, 108(t0)',
            'sraiw a4, a0, 19', 'sw a4, 112(t0)', 'sw a5, 116(t0)', 'slliw a4, a0, 31', 'sw a4, 120(t0)',
            'sw a5, 124(t0)',
            # ld / sd and an atomic on a pair address {a7, a6} (+ offsets)
            'li a6, 0x%x' % (BUF + 0x200), 'li a7, 0', 'li s2, 0x1234567', 'sd s2, -8(a6)', 'ld s3, -8(a6)',
            'sw s3, 128(t0)', 'li s2, 5', 'amoadd.d s3, s2, (a6)', 'amoadd.d s3, s2, (a6)', 'sw s3, 132(t0)',
            'lw s3, 0x200(t0)', 'sw s3, 136(t0)', 'endprg x0, x0, x0']
    a, b = P[0], P[1]
    mem = [a & 0xffffffff, a >> 32, b & 0xffffffff, b >> 32] + [0] * 140
    mem[0x200 // 4] = 10
    res, err = t.launch(body, [mem], numt=4)
    want = [(a + b) & M, (a - b) & M, (a << (b & 63)) & M, (S(a) >> (b & 63)) & M, a >> (b & 63), (a - 5) & M,
            (S(a) >> 19) & M, (a << 31) & M]
    got = err or [res[0][16 + 2 * i] | res[0][17 + 2 * i] << 32 for i in range(8)]
    c.eq(s, got, want, 'addw/subw/sllw/sraw/srlw/addiw/sraiw/slliw on register pairs')
    c.eq(s, err or res[0][32:35], [0x1234567, 15, 20], 'sd/ld and amoadd.d on a 64-bit pair address')
    res, err = t.launch(['addw a1, a2, a4', 'endprg x0, x0, x0'], [[0]], numt=4)
    c.ok(s, err and 'odd register' in err, 'addw into an odd register faults: %s' % err)
    res, err = t.launch(['li a2, 0', 'li a3, 1', 'ld a0, 0(a2)', 'endprg x0, x0, x0'], [[0]], numt=4)
    c.ok(s, err and 'above the 32-bit' in err, 'ld above 4 GiB faults: %s' % err)


# ---------------------------------------------------------------------------------------------------
# 12. The Ventus LLVM MC test words (llvm/test/MC/RISCV/ventus/*.s, ventus-custom-*.s): every word
#     they list for instructions wavesim has, with LLVM's text (the ray-tracing ones are not in seed 003).
# ---------------------------------------------------------------------------------------------------
LLVM_MC = [(0x0000205b, 'join\tzero, zero, 0'), (0x1002305b, 'setrpc\tzero, tp, 256'),
           (0x0080200b, 'regext\tzero, zero, 8'), (0x0080300b, 'regexti\tzero, zero, 8'),
           (0x0000400b, 'endprg\tx0, x0, x0'), (0x0402400b, 'barrier\tx0, x0, 4'),
           (0x0602400b, 'barriersub\tx0, x0, 4'), (0x0040008b, 'vadd12.vi\tv1, v0, 4'),
           (0x0040a37b, 'vlw12.v\tv6, 4(v1)'), (0x0040937b, 'vlh12.v\tv6, 4(v1)'), (0x0040837b, 'vlb12.v\tv6, 4(v1)'),
           (0x0080d37b, 'vlhu12.v\tv6, 8(v1)'), (0x00c0c37b, 'vlbu12.v\tv6, 12(v1)'), (0x00c0a32b, 'vlw.v\tv6, 12(v1)'),
           (0x00c0932b, 'vlh.v\tv6, 12(v1)'), (0x00c0832b, 'vlb.v\tv6, 12(v1)'), (0x00c0d32b, 'vlhu.v\tv6, 12(v1)'),
           (0x00c0c32b, 'vlbu.v\tv6, 12(v1)'),
           (0x10c2340a, 'mma.m8n8k16.row.row.f32.f16.f16.f32\tv8, v4, v12'),
           (0x26d2d48a, 'mma.m16n16k16.col.col.f32.bf16.bf16.f32\tv9, v5, v13'),
           (0x26419442, 'shuffle.idx\tv8, v4, 3')]


def sec_llvm(t, c, rng):
    codec(t, c, 'llvm-mc', LLVM_MC)


SECTIONS = [('metadata', sec_metadata), ('csr', sec_csr), ('barriersub', sec_barriersub), ('reset', sec_reset), ('vbranch', sec_vbranch), ('prefix', sec_prefix), ('memory', sec_memory), ('mma', sec_mma), ('dma', sec_dma), ('shuffle', sec_shuffle), ('half', sec_half), ('wide', sec_wide), ('compute64', sec_compute64), ('llvm-mc', sec_llvm)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--only', default='')
    ap.add_argument('--seed', type=int, default=2025)
    a = ap.parse_args()
    c = Checks()
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        t = Tool(a.tool, tmp)
        for name, fn in SECTIONS:
            if a.only and a.only != name:
                continue
            fn(t, c, rng)
    for p in c.problems[:60]:
        print('FAIL ' + p)
    print('isa2025: ' + ', '.join('%s %d' % (k, v) for k, v in c.counts.items()) +
          '; %d checks, %d failed' % (sum(c.counts.values()), len(c.problems)))
    return 1 if c.problems else 0


if __name__ == '__main__':
    sys.exit(main())
