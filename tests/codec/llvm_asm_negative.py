#!/usr/bin/env python3
# Negative assembler tests: lines that llvm-mc-19 rejects must be rejected by wavesim too.
# A hand-written list covers the named rules; a seeded mutator turns valid LLVM-printed lines of
# every claimed format into invalid ones (wrong register file or width, out-of-range registers and
# offsets, unknown modifiers, missing and extra operands), keeping those LLVM rejects.
import argparse
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
sys.path.insert(0, HERE)
from llvm_probe import assemble, disassemble  # noqa: E402
from llvm_dis_diff import gen  # noqa: E402

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
    'v_add_f32 v0, 0x12345, 0x54321', 'v_add_f32_dpp v0, 1, v2 quad_perm:[0,1,2,3]', 'v_add_f32 v0, v1, v2 mul:3',
    'v_add_f32 v0, v1, v2 op_sel:[0,0,0]', 'v_add_f16 v0, v1, v2 dpp8:[0,1,2,3,4,5,6,8]',
    'v_add_f32 v256, v1, v2', 'v_mov_b32 v[0:1], v2', 'v_add_co_u32 v0, s[0:1], v1, v2',
    'v_cndmask_b32 v0, v1, v2, s[0:1]', 'v_add_f64 v[0:1], v[1:2], v[2:3] clamp dlc', 'v_pk_add_f16 v0, v1, v2 op_sel:[0,0,0]',
    'v_fma_f32 v0, v1, v2', 'v_wmma_f32_16x16x16_f16 v[0:3], v[8:15], v[16:23], v[0:7]',
    # WMMA's C: no literal, no 1/(2pi) (the assembler took both until 2026-11-27)
    'v_wmma_f16_16x16x16_f16 v[40:47], v[8:15], v[16:23], 0.15915494', 'v_wmma_f32_16x16x16_f16 v[40:47], v[8:15], v[16:23], 0x3f800000',
    'v_wmma_i32_16x16x16_iu8 v[40:47], v[8:11], v[16:19], 100', 'v_wmma_bf16_16x16x16_bf16 v[40:47], v[8:15], v[16:23], 0x3118',
    'ds_load_b32 v0, v1 offset:65536', 'ds_load_2addr_b32 v[0:1], v2 offset0:256', 'ds_store_b32 v1, v2 glc',
    'global_load_b32 v0, v[1:2], s[2:3]', 'global_load_b32 v0, v1, off', 'global_load_b32 v0, v[1:2], off offset:4096',
    'flat_load_b32 v0, v[1:2] offset:-1', 'scratch_load_b32 v0, v[1:2], off', 'buffer_load_b32 v0, v[1:2], s[0:3], 0 offen',
    'buffer_load_b32 v0, off, s[1:4], 0', 'buffer_load_b32 v0, off, s[0:3], 0 offset:4096',
    'tbuffer_load_format_x v0, off, s[0:3], 0 format:[BUF_FMT_FOO]', 'tbuffer_load_format_x v0, off, s[0:3], 0 format:128',
    'global_atomic_add_u32 v0, v1, v2, off glc',
]


def mutations(line, rng):
    """A few invalid variants of a valid line."""
    out = []
    regs = re.findall(r'\b([vs])(\d+)\b', line)
    if regs:
        f, n = rng.choice(regs)
        out.append(line.replace('%s%s' % (f, n), ('s' if f == 'v' else 'v') + n, 1))  # wrong register file
        out.append(line.replace('%s%s' % (f, n), '%s%d' % (f, 256 if f == 'v' else 106), 1))  # out of range
    tup = re.findall(r'\b([vs])\[(\d+):(\d+)\]', line)
    if tup:
        f, a, b = rng.choice(tup)
        out.append(line.replace('%s[%s:%s]' % (f, a, b), '%s[%s:%d]' % (f, a, int(b) + 1), 1))  # wrong width
        out.append(line.replace('%s[%s:%s]' % (f, a, b), '%s[%d:%d]' % (f, int(a) + 1, int(b) + 1), 1))  # alignment
    m = re.search(r'offset:(-?\d+)', line)
    if m:
        out.append(line.replace(m.group(0), 'offset:%d' % (int(m.group(1)) + rng.choice((1 << 13, 1 << 16, 1 << 21)))))
    out.append(line + ' foo')                                         # unknown modifier
    out.append(line + (', v0' if ',' in line else ' v0, v1'))         # extra operand
    if ',' in line:
        out.append(line.rsplit(',', 1)[0])                            # missing operand
    out.append(line + ' clamp clamp' if 'clamp' not in line else line.replace('clamp', 'mul:3'))
    out.extend(operand_kind_mutations(line, rng))
    if line.startswith('image_'):
        out.extend(image_mutations(line, rng))
    return out


# names llvm-mc-19 accepts in some fields but encodes as another operand there
REENCODED = ['src_scc', 'scc', 'src_shared_base', 'src_shared_limit', 'src_private_base', 'src_private_limit', 'null']


def named(n):
    """A pattern for register name n as either spelling (LLVM prints scc as src_scc)."""
    return r'(?<![\w])(src_)?%s(?![\w])' % re.sub('^src_', '', n)


def reencoded(line, shown):
    """Whether llvm-mc-19's bytes for line, which disassemble to `shown`, lack an operand the line
    names: a special register it encoded as another (REENCODED) or an ABS the encoding has no field
    for. wavesim refuses such lines on purpose (docs/isa-notes-rdna3.md)."""
    if '|' in line and '|' not in shown:
        return True
    return any(not re.search(named(n), shown) for n in REENCODED if re.search(named(n), line))


# operands of every kind (a literal, inline integer and float constants, 1/(2pi), scalar and vector
# registers, special registers, modifiers), put in place of one operand: what llvm-mc-19 takes for
# that slot wavesim must take with the same bytes, what it refuses wavesim must refuse
OPERAND_KINDS = ['0x12345678', '0x3f800000', '-1', '64', '65', '-16', '-17', '0.5', '-4.0', '0.15915494', '1.5',
                 's5', 'v5', 'm0', 'vcc_lo', 'exec_lo', 'null', 'scc', '-v5', '|v5|', '-s5', 'v[4:5]', 's[4:5]',
                 'lds_direct', 'src_scc', 'vccz', 'ttmp5', '0x1234']


def operand_kind_mutations(line, rng):
    """The line with one operand (not the first, usually the destination) replaced by operands of
    other kinds."""
    parts = line.split(None, 1)
    if len(parts) < 2 or '/*' in line:  # (a disassembler comment is no operand syntax)
        return []
    ops = [o.strip() for o in re.split(r',(?![^\[]*\])', parts[1])]
    if len(ops) < 2:
        return []
    k = rng.randrange(1, len(ops))
    tail = ops[k].split(' ', 1)  # (modifiers after the last operand stay)
    out = []
    for kind in rng.sample(OPERAND_KINDS, 4):
        new = ops[:k] + [kind + (' ' + tail[1] if len(tail) > 1 and k == len(ops) - 1 else '')] + ops[k + 1:]
        out.append('%s %s' % (parts[0], ', '.join(new)))
    return out


IMAGE_DIMS = ['1D', '2D', '3D', 'CUBE', '1D_ARRAY', '2D_ARRAY', '2D_MSAA', '2D_MSAA_ARRAY']
IMAGE_FLAGS = ['unorm', 'glc', 'slc', 'dlc', 'r128', 'a16', 'tfe', 'lwe', 'd16']


def image_mutations(line, rng):
    """Image instructions: another DMASK or DIM, a flag added or dropped (data and address sizes then
    disagree with the registers), flags out of LLVM's order, the address list split or joined, the
    resource or sampler of the wrong size or alignment, dim spelled differently."""
    out = []
    m = re.search(r'dmask:(0x[0-9a-f]+)', line)
    if m:
        out.append(line.replace(m.group(0), 'dmask:0x%x' % rng.randrange(16)))
        out.append(line.replace(m.group(0), 'dmask:0x%x' % rng.choice((0x10, 0x1f, 0x100, 0xffff))))
    m = re.search(r'dim:SQ_RSRC_IMG_(\w+)', line)
    if m:
        out.append(line.replace(m.group(0), 'dim:SQ_RSRC_IMG_' + rng.choice(IMAGE_DIMS)))
        out.append(line.replace(m.group(0), 'dim:' + rng.choice((m.group(1), m.group(1).lower(), 'sq_rsrc_img_' + m.group(1), '9D'))))
        out.append(line.replace(' ' + m.group(0), '') + ' ' + m.group(0))   # dim after the flags
        out.append(line.replace(m.group(0), ''))                            # no dim
    flags = [f for f in IMAGE_FLAGS if re.search(r'\b%s\b' % f, line)]
    if flags:
        f = rng.choice(flags)
        out.append(re.sub(r' %s\b' % f, '', line, count=1))               # a flag dropped
        out.append(re.sub(r' %s\b' % f, ' no' + f, line, count=1))        # and negated
        if len(flags) > 1:
            out.append(re.sub(r' %s\b' % flags[0], '', line, count=1) + ' ' + flags[0])  # out of order
    out.append(line + ' ' + rng.choice(IMAGE_FLAGS))                       # a flag added
    m = re.search(r'\[(v[^\]]*)\]', line)
    if m:
        regs = [r.strip() for r in m.group(1).split(',')]
        out.append(line.replace(m.group(0), '[%s]' % ', '.join(regs[:-1])))      # one address fewer
        out.append(line.replace(m.group(0), '[%s, v200]' % ', '.join(regs)))     # one more
    m = re.search(r', v(\d+), s\[', line) or re.search(r', v\[(\d+):\d+\], s\[', line)
    if m:
        out.append(line.replace(m.group(0), ', [v%s], s[' % m.group(1), 1))      # a one-register list
    m = re.search(r's\[(\d+):(\d+)\]', line)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        out.append(line.replace(m.group(0), 's[%d:%d]' % (a, a + 3 if b - a == 7 else a + 7), 1))
        out.append(line.replace(m.group(0), 's[%d:%d]' % (a + 2, b + 2), 1))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--formats', required=True)
    ap.add_argument('--count', type=int, default=600)
    ap.add_argument('--seed', type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fmts = args.formats.split(',')
    cands = [gen(fmts[i % len(fmts)], rng, True) for i in range(args.count)]
    valid = sorted({r[0] for r in disassemble(cands) if isinstance(r, tuple)})
    lines = list(BAD)
    for t in valid:
        lines.extend(mutations(t, rng))
    ref = assemble(lines)
    ours = subprocess.run([args.tool, '--asm'], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                          check=True).stdout.splitlines()
    rejected = [(l, o) for l, r, o in zip(lines, ref, ours) if r[0] == 'err']
    bad = [(l, o) for l, o in rejected if not o.startswith('<error>')]
    for l, o in bad[:30]:
        print('ACCEPTED BY US, REJECTED BY LLVM: %s -> %s' % (l, o))
    # the mutated lines LLVM accepts must give its bytes (or the mutation was not one), except where
    # LLVM's bytes mean another operand than the line names: a special register in a 7-bit scalar
    # field (SMEM SOFFSET, FLAT SADDR: src_scc becomes m0, src_shared_base vcc_hi) or null as a GLOBAL
    # SADDR (the "off" code, which turns the 32-bit VADDR into a pair), or an ABS it drops (|v| on a
    # VINTERP or VOP3SD source: those encodings have no ABS field). wavesim refuses those
    # (docs/isa-notes-rdna3.md, "Assembler: operands llvm-mc-19 re-encodes as others"); the
    # disassembly of LLVM's bytes shows which they are
    differ, refused = [], []
    for l, r, o in zip(lines, ref, ours):
        if r[0] == 'ok':
            want = ' '.join('%08x' % int.from_bytes(r[2][i:i + 4], 'little') for i in range(0, len(r[2]), 4))
            if o != want:
                differ.append((l, want, o, r[2]))
    if differ:
        texts = disassemble([[int.from_bytes(b[i:i + 4], 'little') for i in range(0, len(b), 4)] for _, _, _, b in differ])
        kept = []
        for (l, w, o, b), t in zip(differ, texts):
            if o.startswith('<error>') and reencoded(l, t[0] if isinstance(t, tuple) else ''):
                refused.append(l)
            else:
                kept.append((l, w, o))
        differ = kept
    for l, w, o in differ[:int(os.environ.get("SHOW", 30))]:
        print('ACCEPTED BY LLVM AS %s, BY US AS %s: %s' % (w, o, l))
    print('negative tests: %d lines rejected by llvm-mc-19, %d accepted by wavesim; %d mutated lines it accepts, '
          '%d encoded differently; %d that llvm-mc-19 re-encodes as another operand, refused'
          % (len(rejected), len(bad), len(lines) - len(rejected), len(differ), len(refused)))
    return 1 if bad or differ or len(rejected) < 200 else 0


if __name__ == '__main__':
    sys.exit(main())
