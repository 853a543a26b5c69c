#!/usr/bin/env python3
# Issue 15: the VALU reference model tests/exec/valu_ref.c (written by the executor's team) against
# a second, independent model written from the pseudocode of AMD's RDNA3 ISA guide
# (tests/exec/valu_pcode.py with valu_pcode_int.py and valu_pcode_float.py). Every VALU table row
# (isa/rdna3/vop1, vop2, vopc, vop3, vop3p, vopdx, vopdy .def) whose model name both know is fed the
# input lines tests/exec/valu_vectors.py generates for it (edge cases and random vectors per MODE
# setting, the random NEG/ABS/OMOD/CLAMP/OP_SEL kernels, src0 constants, e32 high halves, VOPD
# pairs), and D and the mask bit must agree exactly (within the TOL ulps either model reports).
# Where docs/isa-notes-rdna3.md documents, with evidence from outside the project, that the hardware
# departs from the literal pseudocode, the row's HW_OVERRIDES entry (valu_pcode_float.py, each with
# its citation) is what valu_ref.c is compared with; the literal row still runs, and an OVERRIDE line
# reports on how many inputs the override changed the answer.
# Rows only the pseudocode model covers (cross-lane moves, v_nop/v_pipeflush/v_illegal, the 128-bit
# v_mqsad_u32_u8, WMMA ...) count as checked when the pseudocode module cites them and the test named
# in PCODE_ONLY runs them on the executor; the cross-lane models are also compared in-process with
# tests/exec/lane_ops.py's model, v_mqsad_u32_u8 with valu_ref.c's v_msad_u8 per dword, and the six
# WMMA models with tests/exec/wmma_ref.c on wmma_matrix.py's register images.
# --covered writes the rows checked here for tests/exec/valu_coverage.py --pcode.
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import valu_vectors as vv  # noqa: E402
import valu_pcode  # noqa: E402
import valu_pcode_int  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
TABLES = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p', 'vopdx', 'vopdy']

# rows valu_ref.c does not model: the test that runs them on the executor, and the text by which
# that test names the row (checked to be in its source); where this script can, it also
# cross-checks the pseudocode model in-process (see main())
PCODE_ONLY = {
    'readfirstlane_b32': ('lane_ops.py', 'v_readfirstlane_b32'), 'readlane_b32': ('lane_ops.py', 'v_readlane_b32'),
    'writelane_b32': ('lane_ops.py', 'v_writelane_b32'), 'permlane16_b32': ('lane_ops.py', "'v_permlane16_b32'"),
    'permlanex16_b32': ('lane_ops.py', "'v_permlanex16_b32'"), 'permlane64_b32': ('lane_ops.py', 'v_permlane64_b32'),
    'movrels_b32': ('lane_ops.py', 'v_movrels_b32'), 'movreld_b32': ('lane_ops.py', 'v_movreld_b32'),
    'movrelsd_b32': ('lane_ops.py', 'v_movrelsd_b32'), 'movrelsd_2_b32': ('lane_ops.py', 'v_movrelsd_2_b32'),
    'swap_b32': ('lane_ops.py', 'v_swap_b32'), 'swaprel_b32': ('lane_ops.py', 'v_swaprel_b32'),
    'nop': ('lane_ops.py', 'v_nop'), 'pipeflush': ('lane_ops.py', 'v_pipeflush'), 'illegal': ('lane_ops.py', 'v_illegal'),
    # 128-bit S2 and D, outside the line protocol: run_mqsad128
    'mqsad_u32_u8': ('valu_vectors.py', 'v_mqsad_u32_u8 v[8:11]'),
    # the 1201-bit 2/pi table: run_trig_preop
    'trig_preop_f64': ('valu_vectors.py', 'v_trig_preop_f64 v[8:9]'),
    'wmma_f32_16x16x16_f16': ('wmma_matrix.py', "'f32_16x16x16_f16'"),
    'wmma_f32_16x16x16_bf16': ('wmma_matrix.py', "'f32_16x16x16_bf16'"),
    'wmma_f16_16x16x16_f16': ('wmma_matrix.py', "'f16_16x16x16_f16'"),
    'wmma_bf16_16x16x16_bf16': ('wmma_matrix.py', "'bf16_16x16x16_bf16'"),
    'wmma_i32_16x16x16_iu8': ('wmma_matrix.py', "'i32_16x16x16_iu8'"),
    'wmma_i32_16x16x16_iu4': ('wmma_matrix.py', "'i32_16x16x16_iu4'"),
}
VOPD_K = vv.VOPD_K


def model_name(mnemonic):
    if mnemonic.startswith('v_dual_'):
        return mnemonic[len('v_dual_'):]
    return vv.base_name(mnemonic)


def writes_mask(row):
    return vv.row_text(row, 32)[1] is not None


def half_bits(row, types):
    """The OP_SEL-style bits valu_vectors.py's e32 high-half runs give the model (bit 0 src0, bit 1
    src1, bit 3 D), for the probe's VGPR operands."""
    fields = vv.HALF_FIELDS.get(row['table'])
    if not fields or row['mnemonic'].endswith('_e64'):
        return 0
    names = [o.split(':')[0] for o in row['operands'].split()]
    bits = 0
    for k, _, width in fields:
        t = types[0] if k == 3 else types[k + 1] if k + 1 < len(types) else '-'
        if t not in vv.HALF:
            continue
        if width == 9 and 'src0' in names:  # src0 must be a VGPR (the probe's is)
            text = vv.row_text(row, 32)[0]
            ops = text.partition(' ')[2].split(', ')
            i = names.index('src0')
            if i >= len(ops) or not ops[i].startswith('v'):
                continue
        bits |= 1 << k
    return bits


def row_lines(row, types, rng, lanes):
    """The model input tuples (mode, a, b, c, carry, lane, dinit, neg, abs, omod, clamp, opsel,
    opsel_hi) valu_vectors.py generates for one table row, in wave32 and wave64."""
    out = []
    vop3p = row['table'] == 'vop3p'
    mix = 'mix' in types
    sel = vv.probe_sel(row['text'])
    if vop3p and not mix:  # the probe does not spell op_sel_hi: LLVM encodes its default, all ones
        sel[1] = sel[1] or 7
    plain = (0, 0, 0, 0) + tuple(sel)
    fmodes = vv.FLOAT_MODES if vv.is_float_row(types) else vv.INT_MODES

    def emit(modes, wave, mods=None, src0=None, halves=False):
        for mode in modes:
            vec = vv.vectors(rng, types)[:lanes]
            if src0 is not None:
                vec = [(src0,) + v[1:] for v in vec]
            m = mods if mods else plain
            if mods and not vop3p and mods[4] and not halves:
                vec = [tuple(vv.half_pair(rng, v[k], mods[4] >> k & 1) if k < 3 and k + 1 < len(types) and
                             types[k + 1] in vv.HALF else v[k] for k in range(4)) for v in vec]
            for lane, (a, b, c, carry) in enumerate(vec):
                out.append((mode, a, b, c, carry, lane % wave, rng.getrandbits(64)) + tuple(m))

    opts = vv.modifier_options(row, types)
    for wave in (32, 64):
        cut = (lambda m: m[:2]) if wave == 64 else (lambda m: m)
        emit(cut(fmodes), wave)
        seen = set()
        for _ in range(3 if opts and opts[3] else 1 if opts else 0):
            srcs, omod, clamp, selm = opts
            abs_ok = 0 if 'sdst:' in row['operands'] else srcs
            is_mix = selm is True
            mods = (rng.getrandbits(3) & srcs, rng.getrandbits(3) & abs_ok, rng.randrange(1, 4) if omod else 0,
                    rng.getrandbits(1) if clamp else 0,
                    rng.getrandbits(3) if is_mix else rng.getrandbits(4) & selm if selm else 0,
                    rng.getrandbits(3) if is_mix else 0)
            if mods == (0, 0, 0, 0, 0, 0):
                mods = ((srcs, 0, 0, 0, 0, 0) if srcs else (0, 0, 0, 0, selm, 0) if selm and not is_mix
                        else (0, 0, 1 if omod else 0, 1 if clamp else 0, 0, 0))
            if mods in seen:
                continue
            seen.add(mods)
            emit(cut(vv.MOD_MODES), wave, mods)
        names = [o.split(':')[0] for o in row['operands'].split()]
        if not vop3p and 'src0' in names and len(types) > 1 and types[1] in vv.FORM_TYPES:
            emit(vv.FLOAT_MODES[:1], wave, src0=vv.src0_form(rng, types[1])[1])
        bits = half_bits(row, types)
        if bits:
            emit(cut(fmodes[:2]), wave, (0, 0, 0, 0, bits, 0), halves=True)
        if vv.is_float_row(types):
            emit([rng.choice(vv.FLOAT_MODES)], wave)
    return out


def vopd_lines(rng, lanes):
    """The VOPD half inputs valu_vectors.py's run_vopd gives the model (wave32, three MODEs)."""
    out = []
    for mode in vv.FLOAT_MODES[:3]:
        for lane in range(lanes):
            v = [rng.choice(vv.F32) if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(3)]
            out.append((mode, v[0], v[1], VOPD_K, rng.getrandbits(1), lane % 32, v[2], 0, 0, 0, 0, 0, 0))
    return out


def ref_run(ref, name, lines):
    text = ''.join(' '.join('%x' % x for x in ln) + '\n' for ln in lines)
    p = subprocess.run([ref, name], input=text, capture_output=True, text=True)
    if p.returncode:
        return None
    res = []
    for ln in p.stdout.split('\n')[:len(lines)]:
        d, m, t = ln.split()
        res.append((int(d, 16), int(m), int(t)))
    return res


def fmt_line(ln):
    names = ('mode', 'a', 'b', 'c', 'carry', 'lane', 'dinit', 'neg', 'abs', 'omod', 'clamp', 'opsel', 'opsel_hi')
    parts = ['%s %x' % (n, v) for n, v in zip(names, ln) if v or n in ('mode', 'a', 'b')]
    return ' '.join(parts)


def check_lane_ops(seed):
    """The cross-lane models of valu_pcode_int against tests/exec/lane_ops.py's model over its cases
    (both wave sizes, random EXEC masks, two workgroups); returns {row: first mismatch text}."""
    import lane_ops
    rng = random.Random(seed)
    bad = {}
    for wave in (32, 64):
        for c in lane_ops.cases(rng):
            for ex in (None, None, 0, (1 << wave) - 1):
                case = dict(c)
                case['exec'] = ex if ex is not None else rng.getrandbits(wave) | 1 << rng.randrange(wave)
                for g in range(2):
                    want = lane_ops.model(case, wave, g)
                    have = valu_pcode_int.lane_ops_model(case, wave, g, lane_ops.init_value, lane_ops.NVGPRS,
                                                         lane_ops.LO, lane_ops.HI)
                    if have != want:
                        name = model_name(case['op'].split()[0])
                        if name not in bad:
                            regs = [r for r in want if want[r] != have.get(r)]
                            bad[name] = 'w%d %s exec %x m0 %x: registers %s differ' % (
                                wave, case['op'], case['exec'], case['m0'], regs[:4])
    return bad


def check_mqsad(ref, rng, n=256):
    """v_mqsad_u32_u8 (pseudocode model) against valu_ref.c's v_msad_u8 on each dword."""
    fn = valu_pcode_int.ROWS['mqsad_u32_u8'][1]
    cases, lines = [], []
    for _ in range(n):
        s0, s1, s2 = rng.getrandbits(64), rng.getrandbits(32), rng.getrandbits(128)
        if rng.random() < 0.3:
            s1 &= 0xff00ff00
        cases.append((s0, s1, s2))
        for k in range(4):
            lines.append((0x3f0, (s0 >> 8 * k) & 0xffffffff, s1, (s2 >> 32 * k) & 0xffffffff, 0, 0, 0))
    want = ref_run(ref, 'msad_u8', lines)
    if want is None:
        return 'valu_ref msad_u8 failed'
    for i, (s0, s1, s2) in enumerate(cases):
        c = valu_pcode.Ctx()
        c.s = [s0, s1, s2]
        fn(c)
        exp = sum((want[4 * i + k][0] & 0xffffffff) << 32 * k for k in range(4))
        if c.d != exp:
            return 's0 %x s1 %x s2 %x: pcode %032x, msad_u8 per dword %032x' % (s0, s1, s2, c.d, exp)
    return None


def check_wmma_int(wmma_ref, seed):
    """The integer WMMA models of valu_pcode_int against tests/exec/wmma_ref.c on register images
    made as tests/exec/wmma_matrix.py makes them: both wave sizes, every NEG_LO signedness, CLAMP
    on and off; returns {row: first mismatch text}."""
    import wmma_matrix as wm
    rng = random.Random(seed)
    bad = {}
    for vi, (variant, bits, _) in enumerate(wm.VARIANTS):
        name = 'wmma_' + variant
        if name not in valu_pcode_int.WMMA_INT:
            continue
        for wave in (32, 64):
            ab, cd = wm.regs(wave, bits)
            for neg_lo in range(4):
                for clamp in (0, 1):
                    per = 32 // bits
                    img = []
                    for _ in range(2 * ab):
                        row = [sum(wm.element(rng, vi, False) << (bits * j) for j in range(per)) for _ in range(16)]
                        img.append([row[lane % 16] for lane in range(wave)])
                    img += [[wm.accum(rng, vi, False) for _ in range(wave)] for _ in range(cd)]
                    img += [[rng.getrandbits(32) for _ in range(wave)] for _ in range(cd)]
                    text = '%d %d %d 0 0 %d\n' % (vi, wave, neg_lo, clamp) + \
                        '\n'.join(' '.join('%x' % v for v in r) for r in img) + '\n'
                    want = [int(x, 16) for x in subprocess.run([wmma_ref], input=text, capture_output=True, text=True,
                                                               check=True).stdout.split()]
                    have = [v for r in valu_pcode_int.wmma_int_image(name, wave, neg_lo, clamp, img) for v in r]
                    if have != want and name not in bad:
                        i = next(i for i, (h, w) in enumerate(zip(have, want)) if h != w)
                        bad[name] = 'w%d neg_lo %d clamp %d: D VGPR %d lane %d: wmma_ref %08x, pseudocode %08x' % (
                            wave, neg_lo, clamp, i // wave, i % wave, want[i], have[i])
    return bad


def check_wmma_float(wmma_ref, seed, combos=6):
    """The float WMMA models of valu_pcode_float against tests/exec/wmma_ref.c on register images
    made as tests/exec/wmma_matrix.py makes them (its element and accumulator generators, with and
    without zeros, denormals, infinities and NaNs): both wave sizes, random NEG/NEG_HI/OP_SEL[2]
    combinations and the plain one; returns {row: first mismatch text}."""
    import wmma_matrix as wm
    import valu_pcode_float as vf
    rng = random.Random(seed)
    bad = {}
    for vi, (variant, bits, halves) in enumerate(wm.VARIANTS):
        name = 'wmma_' + variant
        if name not in vf.WMMA_FLOAT:
            continue
        for wave in (32, 64):
            ab, cd = wm.regs(wave, bits)
            runs = [(0, 0, 0, False)] + [(rng.getrandbits(3), rng.getrandbits(3), 4 * rng.getrandbits(1) if halves else 0,
                                          rng.random() < 0.5) for _ in range(combos)]
            for neg_lo, neg_hi, opsel, special in runs:
                img = []
                for _ in range(2 * ab):
                    row = [sum(wm.element(rng, vi, special) << (bits * j) for j in range(32 // bits)) for _ in range(16)]
                    img.append([row[lane % 16] for lane in range(wave)])
                img += [[wm.accum(rng, vi, special) for _ in range(wave)] for _ in range(cd)]
                img += [[rng.getrandbits(32) for _ in range(wave)] for _ in range(cd)]
                text = '%d %d %d %d %d 0\n' % (vi, wave, neg_lo, neg_hi, opsel) + \
                    '\n'.join(' '.join('%x' % v for v in r) for r in img) + '\n'
                want = [int(x, 16) for x in subprocess.run([wmma_ref], input=text, capture_output=True, text=True,
                                                           check=True).stdout.split()]
                have = [v for r in vf.wmma_float_image(name, wave, neg_lo, neg_hi, opsel, img) for v in r]
                if have != want and name not in bad:
                    i = next(i for i, (h, w) in enumerate(zip(have, want)) if h != w)
                    bad[name] = 'w%d neg_lo %d neg_hi %d op_sel %d: D VGPR %d lane %d: wmma_ref %08x, pseudocode %08x' % (
                        wave, neg_lo, neg_hi, opsel, i // wave, i % wave, want[i], have[i])
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ref', default='', help='a binary compiled from tests/exec/valu_ref.c')
    ap.add_argument('--cc', default='', help='compile tests/exec/valu_ref.c with this compiler instead')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--sample', type=float, default=1.0, help='fraction of the rows to check')
    ap.add_argument('--only', default='', help='regex: rows (mnemonics) to check')
    ap.add_argument('--lanes', type=int, default=vv.LANES, help='vectors per MODE run (integer rows)')
    ap.add_argument('--float-lanes', type=int, default=64, help='vectors per MODE run (float rows)')
    ap.add_argument('--covered', default='', help='write the rows checked against the pseudocode here')
    ap.add_argument('--show', type=int, default=3, help='disagreeing inputs printed per row')
    ap.add_argument('--profile', action='store_true', help='print the slowest model names')
    args = ap.parse_args()
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        ref = args.ref
        if args.cc or not ref:
            ref = os.path.join(tmp, 'valu_ref')
            subprocess.run([args.cc or os.environ.get('CC', 'cc'), '-std=c11', '-O1', '-Wall', '-Wextra', '-Werror',
                            '-frounding-math', os.path.join(HERE, 'valu_ref.c'), '-o', ref, '-lm'], check=True)
        wmma_ref = os.path.join(tmp, 'wmma_ref')
        subprocess.run([args.cc or os.environ.get('CC', 'cc'), '-std=c11', '-O1', '-Wall', '-Wextra', '-Werror',
                        os.path.join(HERE, 'wmma_ref.c'), '-o', wmma_ref], check=True)
        return run(args, ref, wmma_ref, started)


def run(args, ref, wmma_ref, started):
    rows = vv.parse_rows(TABLES)
    pmodels = valu_pcode.rows()
    hw_rows = valu_pcode.overrides()
    changed = {}
    by_name = {}
    for r in rows:
        by_name.setdefault(model_name(r['mnemonic']), []).append(r)
    ref_types = {}
    for name in by_name:
        ref_types[name] = subprocess.run([ref, '--types', name], capture_output=True, text=True).stdout.split()
    todo = [r for r in rows if not args.only or re.search(args.only, r['mnemonic'])]
    if args.sample < 1.0:
        pick = random.Random(args.seed)
        todo = [r for r in todo if pick.random() < args.sample]
    todo_ids = {id(r) for r in todo}
    todo_names = []
    for r in todo:
        n = model_name(r['mnemonic'])
        if n not in todo_names:
            todo_names.append(n)

    agreed, disagreed, neither = set(), {}, []
    nlines = 0
    pcode_time = 0.0
    timing = []
    for name in todo_names:
        rt = ref_types[name]
        in_ref = rt != ['-']
        in_pcode = name in pmodels
        if not (in_ref and in_pcode):
            continue
        pt = pmodels[name][0].split()
        if pt != rt:
            disagreed[name] = ['operand types differ: valu_ref %s, pseudocode %s' % (' '.join(rt), ' '.join(pt))]
            continue
        rng = random.Random('%d:%s' % (args.seed, name))
        lanes = args.float_lanes if vv.is_float_row(rt) else args.lanes
        lines = []
        mask_rows = False
        for r in by_name[name]:
            if id(r) not in todo_ids:
                continue
            if r['table'] in ('vopdx', 'vopdy'):
                lines += vopd_lines(rng, lanes)
            else:
                lines += row_lines(r, rt, rng, lanes)
                mask_rows = mask_rows or writes_mask(r)
        want = ref_run(ref, name, lines)
        if want is None:
            disagreed[name] = ['valu_ref.c failed on %s' % name]
            continue
        row = pmodels[name]
        hw = hw_rows.get(name)
        t0 = time.time()
        msgs = []
        nbad = nchanged = 0
        for ln, (wd, wm, wt) in zip(lines, want):
            try:
                hd, hm, ht = valu_pcode.apply_row(name, hw or row, *ln)
                if hw:  # the literal pseudocode too: how many answers the override changes
                    ld, lm, lt = valu_pcode.apply_row(name, row, *ln)
                    if not (vv.close(hd, ld, rt[0], max(ht, lt)) and (not mask_rows or hm == lm)):
                        nchanged += 1
            except Exception as e:  # a model crash is a disagreement too
                hd, hm, ht = None, None, 0
                err = '%s: %s' % (type(e).__name__, e)
            else:
                err = None
            ok = hd is not None and vv.close(hd, wd, rt[0], max(wt, ht)) and (not mask_rows or hm == wm)
            if not ok:
                nbad += 1
                if len(msgs) < args.show:
                    msgs.append('%s: valu_ref %016x/%d, pseudocode %s' % (
                        fmt_line(ln), wd, wm, err or '%016x/%d' % (hd, hm)))
        pcode_time += time.time() - t0
        timing.append((time.time() - t0, len(lines), name))
        nlines += len(lines)
        if hw:
            changed[name] = (nchanged, len(lines))
        if nbad:
            disagreed[name] = ['%d of %d inputs disagree' % (nbad, len(lines))] + msgs
        else:
            agreed.add(name)

    # rows only the pseudocode model covers
    pcode_only_bad = {}
    lane_bad = check_lane_ops(args.seed) if any(n in valu_pcode_int.LANE_OPS for n in todo_names) else {}
    mq_bad = check_mqsad(ref, random.Random(args.seed)) if 'mqsad_u32_u8' in todo_names and \
        'mqsad_u32_u8' in pmodels else None
    wmma_bad = check_wmma_int(wmma_ref, args.seed) if any(n in valu_pcode_int.WMMA_INT for n in todo_names) else {}
    if any(n.startswith('wmma_') and n not in valu_pcode_int.WMMA_INT for n in todo_names):
        wmma_bad.update(check_wmma_float(wmma_ref, args.seed))
    pcode_checked = set()
    for name in todo_names:
        if ref_types[name] != ['-'] or name not in pmodels:
            continue
        test, needle = PCODE_ONLY.get(name, (None, None))
        cite = pmodels[name][2]
        if not test or not cite or needle not in open(os.path.join(HERE, test)).read():
            continue
        if name in wmma_bad:
            pcode_only_bad[name] = ['against wmma_ref.c: ' + wmma_bad[name]]
        elif name in lane_bad:
            pcode_only_bad[name] = ['against lane_ops.py model: ' + lane_bad[name]]
        elif name == 'mqsad_u32_u8' and mq_bad:
            pcode_only_bad[name] = ['against valu_ref msad_u8: ' + mq_bad]
        else:
            pcode_checked.add(name)
    disagreed.update(pcode_only_bad)

    covered = []
    for r in todo:
        n = model_name(r['mnemonic'])
        if n in agreed or n in pcode_checked:
            covered.append(r['mnemonic'])
        elif n not in disagreed:
            neither.append(r['mnemonic'])
    bad_rows = [r['mnemonic'] for r in todo if model_name(r['mnemonic']) in disagreed]
    for name in sorted(disagreed):
        print('DISAGREE %s (%s)' % (name, ', '.join(r['mnemonic'] for r in by_name[name])))
        for m in disagreed[name]:
            print('    ' + m)
    if neither:
        print('NOT CHECKED (no pseudocode model, or no model to compare with): ' + ' '.join(neither))
    for name in sorted(changed):
        n, total = changed[name]
        print('OVERRIDE %s: changes the pseudocode\'s answer on %d of %d inputs (%s)' % (
            name, n, total, hw_rows[name][2]))
    if args.profile:
        for secs, n, name in sorted(timing, reverse=True)[:25]:
            print('profile %-24s %6.2f s %6d inputs %5.0f us each' % (name, secs, n, 1e6 * secs / max(n, 1)))
    if args.covered:
        with open(args.covered, 'w') as f:
            f.write('\n'.join(sorted(covered)) + '\n')
    print('%d model names compared on %d inputs (%.1f s in the pseudocode model), %d pseudocode-only rows '
          'cross-checked; %.1f s' % (len(agreed) + len(disagreed) - len(pcode_only_bad), nlines, pcode_time,
                                    len(pcode_checked) + len(pcode_only_bad), time.time() - started))
    print("%d rows checked against the guide's pseudocode, %d disagree" % (len(covered) + len(bad_rows), len(bad_rows)))
    return 1 if disagreed or neither else 0


if __name__ == '__main__':
    sys.exit(main())
