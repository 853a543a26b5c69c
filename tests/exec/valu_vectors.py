#!/usr/bin/env python3
# Every VALU table row the reference model knows, run as an assembly kernel in wave32 and wave64
# over edge-case and random vectors under several MODE settings, against tests/exec/valu_ref.c (an
# independent C model). The instruction text is the row's own probe text from isa/rdna3/*.def
# (v8 result, v16/v24/v32 sources, s8/s12 mask results, s48/vcc carry-in), so each encoding
# (VOP1/VOP2/VOPC e32, VOP3/VOP3SD e64) is exercised as LLVM writes it; besides, each row once with
# SRC0 and (VOP3) SRC1 or SRC2 as an inline constant, literal or SGPR. Half of each run's waves
# execute it under a random EXEC (EXEC_AT): an inactive lane must keep its destination and read 0 in
# a mask result, which the full-EXEC runs cannot show.
# Transcendentals (rcp, rsq, sqrt, exp, log, sin, cos) are specified to about 1 ulp: the model gives
# the correctly rounded value and those rows accept 1 ulp (infinities and NaNs exactly).
# --covered lists the rows verified here for the VALU coverage report (valu_coverage.py).
import argparse
import concurrent.futures
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p']
LANES = 256          # vectors per run
HEADER = 64          # input bytes before the per-lane records (MODE at 0, the EXEC table at EXEC_AT)
EXEC_AT = 16         # EXEC for the instruction, one word per wave (4 bytes in wave32, 8 in wave64): all
                     # lanes in half the waves, random lanes in the others; an inactive lane keeps DINIT
                     # and reads 0 in a mask result
RECORD = 64          # per lane: A, B, C, DINIT (8 bytes each), CARRY (4)
# MODE values: f32 round [1:0], f16/f64 round [3:2], denormals kept [7:4] (f32 inputs 4, outputs 5,
# f16/f64 inputs 6, outputs 7: 0x390 and 0x360 keep the inputs of one and the outputs of the other),
# DX10_CLAMP 8, IEEE 9
FLOAT_MODES = [0x3f0, 0x300, 0x3f5, 0x3fa, 0x3ff, 0x1f0, 0x330, 0x3c0, 0x390, 0x360]
INT_MODES = [0x3f0]
# modifier runs: OMOD needs IEEE off and flushed output denormals; DX10_CLAMP decides clamp of NaN
MOD_MODES = [0x100, 0x000, 0x3f0, 0x190]
KLIT = {'k32': 0x3fc00001, 'k16': 0x3e01}  # the literal K of fmamk/fmaak rows (f16 uses the low half)
# odd seeds (make test's release and reference runs) use a denormal K instead: a source like any
# other, K is flushed by MODE's input control (the executor did not flush it until 2026-11-27)
KLIT_DENORMAL = {'k32': 0x00000003, 'k16': 0x0003}

F32 = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
       0x3f800000, 0xbf800000, 0x3f000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
       0xffc00000, 0x7f800001, 0xff812345, 0x7fffffff, 0x4b000000, 0x4b7fffff, 0xcf000000, 0x4f000000,
       0x4f800000, 0x3effffff, 0x3f000001, 0x40490fdb, 0x33800000, 0x477fe000, 0x477ff000, 0x38800000]
F16 = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3800, 0x7bff,
       0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0xfd23, 0x7fff, 0x6400, 0x67ff, 0xf800, 0x3bff,
       0x3801, 0x4248, 0x1400, 0x5bf8, 0x3555, 0x0200]
F64 = [0x0, 0x8000000000000000, 0x1, 0x8000000000000001, 0x000fffffffffffff, 0x0010000000000000,
       0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
       0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
       0xfff4000000012345, 0x4330000000000000, 0x433fffffffffffff, 0xc1e0000000000000, 0x41e0000000000000,
       0x41f0000000000000, 0x3fdfffffffffffff, 0x400921fb54442d18, 0x36a0000000000000, 0x47efffffe0000000,
       0x3810000000000000, 0x380fffffffffffff]
BF16 = [0x0000, 0x8000, 0x0001, 0x807f, 0x0080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc1,
        0x7f81, 0x4000, 0x3f81, 0x4b80, 0xcb80]
INTS = [0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0xffffff, 0x1000000,
        0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x12345678, 0xdeadbeef, 0x00ff00ff]


def values(rng, t, n):
    """n operand values of type t: every edge case first, then random ones of that type."""
    if t in ('f32',):
        base, rnd = F32, lambda: rng.choice([rng.getrandbits(32), struct.unpack('<I', struct.pack('<f', rng.uniform(-1e4, 1e4)))[0]])
    elif t == 'f16':
        base, rnd = F16, lambda: rng.choice([rng.getrandbits(16), struct.unpack('<H', struct.pack('<e', rng.uniform(-300, 300)))[0]])
    elif t == 'f64':
        base, rnd = F64, lambda: rng.choice([rng.getrandbits(64), struct.unpack('<Q', struct.pack('<d', rng.uniform(-1e9, 1e9)))[0]])
    elif t == 'pf16':
        base = [a | b << 16 for a, b in zip(F16, F16[7:] + F16[:7])]
        rnd = lambda: rng.choice(F16) | rng.getrandbits(16) << 16 if rng.random() < 0.5 else rng.getrandbits(32)
    elif t in ('pbf16', 'bf16'):
        one = lambda: rng.choice(BF16) if rng.random() < 0.3 else rng.getrandbits(1) << 15 | rng.randrange(100, 155) << 7 | rng.getrandbits(7)
        base = [a | b << 16 for a, b in zip(BF16, BF16[5:] + BF16[:5])] if t == 'pbf16' else list(BF16)
        rnd = (lambda: one() | one() << 16) if t == 'pbf16' else one
    elif t == 'mix':
        base = F32 + [a | b << 16 for a, b in zip(F16, F16[3:] + F16[:3])]
        rnd = lambda: rng.choice(F32) if rng.random() < 0.3 else rng.choice(F16) | rng.choice(F16) << 16 \
            if rng.random() < 0.5 else rng.getrandbits(32)
    elif t in ('k32', 'k16'):
        base, rnd = [KLIT[t]], lambda: KLIT[t]
    elif t in ('sh32', 'sh16'):
        base, rnd = list(range(0, 40)) + [0xffffffe0, 0x120], lambda: rng.getrandbits(32)
    elif t == 'cls':
        base, rnd = [1 << i for i in range(10)] + [0x3ff, 0, 0x155, 0x2aa], lambda: rng.getrandbits(10)
    elif t == 'sel32':
        base, rnd = [0x03020100, 0x07060504, 0x0c0d0e0f, 0x08090a0b, 0x0b0a0908], \
            lambda: sum(rng.randrange(16) << 8 * i for i in range(4))
    elif t in ('i64', 'u64', 'b64'):
        base = [0, 1, 0xffffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0xffffffff, 0x100000000]
        rnd = lambda: rng.getrandbits(64)
    elif t in ('i16', 'u16', 'b16'):
        base, rnd = [0, 1, 0x7fff, 0x8000, 0xffff, 0x00ff, 0xff00, 0x8001, 0x7ffe] + [v & 0xffff for v in INTS], \
            lambda: rng.getrandbits(32)
    else:
        base, rnd = INTS, lambda: rng.getrandbits(32)
    out = list(base)
    if n == 0:
        return out
    rng.shuffle(out)
    while len(out) < n:
        out.append(rnd())
    return out[:n]


def vectors(rng, types):
    """LANES (a, b, c, carry) tuples: the edge cases of each source against each other, then random."""
    srcs = [t for t in types[1:4]]
    cols = []
    for t in srcs:
        cols.append(values(rng, t, LANES) if t != '-' else [0] * LANES)
    # pair every edge value of src0 with every edge value of src1 where they fit
    e0 = values(rng, srcs[0], 0) if srcs[0] != '-' else [0]
    e1 = values(rng, srcs[1], 0) if srcs[1] != '-' else [0]
    pairs = [(x, y) for x in e0 for y in e1]
    rng.shuffle(pairs)
    for i, (x, y) in enumerate(pairs[:LANES // 2]):
        cols[0][i] = x
        cols[1][i] = y
    for k, t in enumerate(srcs):  # a literal operand is the same in every lane
        if t in KLIT:
            cols[k] = [KLIT[t]] * LANES
    return [(cols[0][i], cols[1][i], cols[2][i], rng.getrandbits(1)) for i in range(LANES)]


FLOAT_BITS = {'f16': (16, 10), 'f32': (32, 23), 'f64': (64, 52)}


def close(have, want, rtype, tol):
    """Equal, or (tol > 0) finite results of type rtype within tol ulps with the bits outside the
    result equal: transcendentals are specified to about 1 ulp."""
    if have == want:
        return True
    if not tol or rtype not in FLOAT_BITS:
        return False
    bits, man = FLOAT_BITS[rtype]
    mask = (1 << bits) - 1
    if (have & ~mask) != (want & ~mask):
        return False
    h, w = have & mask, want & mask
    expmask = ((1 << (bits - 1 - man)) - 1) << man
    if (h & expmask) == expmask or (w & expmask) == expmask:  # infinity or NaN: exact only
        return False
    sign = 1 << (bits - 1)
    order = lambda v: -(v & ~sign) if v & sign else v
    return abs(order(h) - order(w)) <= tol


def parse_rows(tables=TABLES):
    rows = []
    for t in tables:
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', t + '.def')):
            m = re.match(r'R3OP\((\w+), (0x[0-9a-f]+), (\w+), "([^"]*)", "([^"]*)".*/\* (.*) \*/', line)
            if m:
                opt = dict(kv.split('=', 1) for kv in m.group(5).split() if '=' in kv)
                opt.update(kv.split(':', 1) for kv in m.group(5).split() if kv.startswith(('opsellen:', 'opselpos:')))
                rows.append({'table': t, 'mnemonic': m.group(3), 'operands': m.group(4), 'optional': opt,
                             'text': m.group(6)})
    return rows


def base_name(mnemonic):
    return re.sub(r'_e(32|64)$', '', mnemonic[2:])


def row_text(row, wave):
    """The probe text with wave64 mask pairs; and which register holds the mask result."""
    text = row['text']
    name = row['mnemonic']
    mask = None
    if name.startswith('v_cmpx'):
        mask = 'exec'
    elif re.match(r'v_\w+ vcc_lo,', text):
        mask = 'vcc'
    elif re.match(r'v_\w+ s8,', text):
        mask = 's8'
    elif re.match(r'v_\w+ v\S+ s12,', text) or re.match(r'v_\w+ v\[\d+:\d+\], s12,', text):
        mask = 's12'
    if wave == 64:
        text = text.replace('vcc_lo', 'vcc').replace(' s8,', ' s[8:9],').replace(' s12,', ' s[12:13],')
        text = re.sub(r's48$', 's[48:49]', text)
    return text, mask


def modifier_options(row, types):
    """Which modifiers the row takes on which float sources (VOP3 rows, and the VOP3P mix rows with
    NEG_HI as abs and OP_SEL/OP_SEL_HI): (neg/abs source mask, omod, clamp, op_sel), op_sel being
    True for the mix rows and for VOP3 rows the OP_SEL bits to vary (halves of 16-bit operands)."""
    if 'mix' in types:
        return (7, False, True, True)
    if row['table'] != 'vop3':
        return None
    opt = row['optional']
    vop3sd = 'sdst:' in row['operands']  # bits 8..14 hold SDST: no ABS field
    srcs = sum(1 << k for k in range(3) if k + 1 < len(types) and types[k + 1] in ('f16', 'f32', 'f64', 'pf16', 'pbf16', 'bf16')
               and (vop3sd or opt.get('abs', 'ZZZ')[k:k + 1] == 'P') and opt.get('neg', 'ZZZ')[k:k + 1] == 'P')
    omod = opt.get('omod') == 'P' and types[0] in ('f16', 'f32', 'f64')
    clamp = opt.get('clamp') == 'P' and types[0] in ('f16', 'f32', 'f64')
    sel = opsel_mask(row, types)
    return (srcs, omod, clamp, sel) if srcs or omod or clamp or sel else None


HALF = ('f16', 'i16', 'u16', 'b16', 'bf16')


def opsel_mask(row, types):
    """The VOP3 OP_SEL bits that pick a half of a scalar 16-bit operand: bit k for source k, bit 3
    for a 16-bit D. (A 32-bit D ignores bit 3; LLVM accepts it but we do not pin that reading.)"""
    field = row['optional'].get('opsel', '')
    mask = 0
    for k in range(3):
        if field[k:k + 1] == 'P' and k + 1 < len(types) and types[k + 1] in HALF:
            mask |= 1 << k
    if field[3:4] == 'P' and types[0] in HALF:
        mask |= 8
    return mask


def half_pair(rng, value, high):
    """A 32-bit source holding the 16-bit value in its high (OP_SEL set) or low half, junk in the other."""
    junk = rng.getrandbits(16)
    return (value & 0xffff) << 16 | junk if high else junk << 16 | (value & 0xffff)


def opsel_text(row, bits):
    """A VOP3 row's op_sel list for encoded OP_SEL bits (opselpos maps each bit to its list slot)."""
    if not bits:
        return ''
    slots = [0] * int(row['optional']['opsellen'])
    for bit, slot in enumerate(row['optional']['opselpos']):
        if slot.isdigit() and bits >> bit & 1:
            slots[int(slot)] = 1
    return ' op_sel:[%s]' % ','.join(map(str, slots))


def with_modifiers(row, text, mods):
    """The probe text with NEG/ABS on sources and OP_SEL/OP_SEL_HI, CLAMP and OMOD appended."""
    neg, abs_, omod, clamp, opsel, opsel_hi = mods
    names = [o.split(':')[0] for o in row['operands'].split()]
    head, _, rest = text.partition(' ')
    m = re.search(r' [a-z_]+:', rest)  # the probe's own modifiers (op_sel_hi:[1,1,1]) are replaced
    ops = (rest[:m.start()] if m else rest).split(', ')
    for k in range(3):
        name = 'src%d' % k
        if name in names and (neg >> k & 1 or abs_ >> k & 1):
            i = names.index(name)
            o = ops[i]
            if abs_ >> k & 1:
                o = '|%s|' % o
            if neg >> k & 1:
                o = '-' + o
            ops[i] = o
    text = head + ' ' + ', '.join(ops)
    if row['table'] == 'vop3':
        text += opsel_text(row, opsel)
    else:
        text += asmkit.bits3('op_sel', opsel) + asmkit.bits3('op_sel_hi', opsel_hi)
    if clamp:
        text += ' clamp'
    if omod:
        text += ' ' + {1: 'mul:2', 2: 'mul:4', 3: 'div:2'}[omod]
    return text


def probe_sel(text):
    """The OP_SEL and OP_SEL_HI bits a probe text spells out (the plain runs pass them to the model)."""
    bits = []
    for name in ('op_sel', 'op_sel_hi'):
        m = re.search(r' %s:\[([01,]+)\]' % name, text)
        bits.append(sum(int(b) << i for i, b in enumerate(m.group(1).split(','))) if m else 0)
    return bits


# ---- operand forms: src0 as an inline constant, a literal or an SGPR (seed 000's constant rules) ----
F32_INLINE = {'0.5': 0x3f000000, '-0.5': 0xbf000000, '1.0': 0x3f800000, '-1.0': 0xbf800000, '2.0': 0x40000000,
              '-2.0': 0xc0000000, '4.0': 0x40800000, '-4.0': 0xc0800000, '0.15915494': 0x3e22f983}
F16_INLINE = {'0.5': 0x3800, '-0.5': 0xb800, '1.0': 0x3c00, '-1.0': 0xbc00, '2.0': 0x4000, '-2.0': 0xc000,
              '4.0': 0x4400, '-4.0': 0xc400, '0.15915494': 0x3118}
F64_INLINE = {'0.5': 0x3fe0000000000000, '-0.5': 0xbfe0000000000000, '1.0': 0x3ff0000000000000,
              '-1.0': 0xbff0000000000000, '2.0': 0x4000000000000000, '-2.0': 0xc000000000000000,
              '4.0': 0x4010000000000000, '-4.0': 0xc010000000000000, '0.15915494': 0x3fc45f306dc9c882}
F64_LITERALS = {'1.5': 0x3ff8000000000000, '-2.75': 0xc006000000000000, '256.5': 0x4070080000000000}
FORM_TYPES = {'f16', 'i16', 'u16', 'b16', 'sh16', 'f32', 'i32', 'u32', 'b32', 'sh32', 'f64', 'i64', 'u64'}
SGPR_VALUE = 0x9abcdef012345687


def src0_form(rng, t):
    """(text, value) for a source of type t: an inline integer or float constant (by the operand's
    width: f16 bits for 16-bit operands, f64 bits and sign extension for 64-bit ones), a literal (the
    high half of an f64, sign-extended for i64, zero-extended for u64), or SGPRs s30/s[30:31]."""
    wide = t in ('f64', 'i64', 'u64')
    half = t in ('f16', 'i16', 'u16', 'b16', 'sh16')
    kind = rng.choice(['int', 'float', 'literal', 'sgpr'])
    if kind == 'int':
        n = rng.randrange(-16, 65)
        return str(n), n & (0xffffffffffffffff if wide else 0xffffffff)
    if kind == 'float':  # 1/(2 pi) must be spelled to double precision to be the f64 inline constant
        name = rng.choice(sorted(F32_INLINE))
        value = (F64_INLINE if wide else F16_INLINE if half else F32_INLINE)[name]
        return ('0.15915494309189532' if wide and name == '0.15915494' else name), value
    if kind == 'literal':
        if t == 'f64':
            name = rng.choice(sorted(F64_LITERALS))
            return name, F64_LITERALS[name]
        lit = rng.choice([0x12345678, 0x87654321, 0xfff0ff00, 0x3f812345]) if not half else rng.choice([0x3c01, 0xbbff, 0x7bfe, 0x1234])
        if t == 'i64':
            return '0x%x' % lit, lit | (0xffffffff00000000 if lit >> 31 else 0)
        return '0x%x' % lit, lit
    return ('s[30:31]', SGPR_VALUE) if wide else ('s30', SGPR_VALUE & 0xffffffff)


def with_src(row, text, name, src):
    """The probe text with operand `name` (src0, src1, src2) spelled as `src`."""
    names = [o.split(':')[0] for o in row['operands'].split()]
    head, _, rest = text.partition(' ')
    m = re.search(r' [a-z_]+:', rest)
    ops = (rest[:m.start()] if m else rest).split(', ')
    ops[names.index(name)] = src
    return head + ' ' + ', '.join(ops) + (rest[m.start():] if m else '')


# VOP1/VOP2/VOPC 16-bit VGPR operands: bit 7 of the 8-bit register field picks the high half (seed
# 000). LLVM 19's fake16 syntax cannot spell it, so the probe is assembled and the bits set in the
# words, given to the assembler as .long. Field offsets: src0 [8:0] (VGPR when >= 256), vsrc1 [16:9],
# vdst [24:17]; OP_SEL-style bits for the model: 1 src0, 2 src1, 8 D.
HALF_FIELDS = {'vop1': ((0, 0, 9), (3, 17, 8)), 'vop2': ((0, 0, 9), (1, 9, 8), (3, 17, 8)),
               'vopc': ((0, 0, 9), (1, 9, 8))}


def half_encoding(row, types, words):
    """The e32 words with every 16-bit VGPR operand moved to its high half, and the model's bits."""
    w0, bits = words[0], 0
    for k, at, width in HALF_FIELDS[row['table']]:
        t = types[0] if k == 3 else types[k + 1] if k + 1 < len(types) else '-'
        v = w0 >> at & ((1 << width) - 1)
        if t not in HALF or (width == 9 and v < 256) or v & 128:
            continue
        w0 |= 128 << at
        bits |= 1 << k
    return bits, ['.long 0x%08x' % w for w in [w0] + words[1:]]


def is_float_row(types):
    return any(x.startswith('f') or x in ('pf16', 'pbf16', 'bf16', 'mix') for x in types)


def mode_setter(setter):
    """The instructions that set MODE[9:0] before the probe: by default s_setreg_b32 from the input
    header; ('imm', m) s_setreg_imm32_b32; ('round_denorm', m) s_round_mode and s_denorm_mode (over
    the descriptor's IEEE and DX10_CLAMP); ('descriptor', m) none, the descriptor's RSRC1 fields."""
    kind, m = setter or ('sreg', None)
    if kind == 'sreg':
        return ['s_load_b32 s20, s[4:5], 0x0', 's_waitcnt lgkmcnt(0)', 's_setreg_b32 hwreg(HW_REG_MODE, 0, 10), s20']
    if kind == 'imm':
        return ['s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x%x' % m]
    if kind == 'round_denorm':
        return ['s_round_mode 0x%x' % (m & 15), 's_denorm_mode 0x%x' % (m >> 4 & 15)]
    return []


def with_k(text, types):
    """The probe text with the fmamk/fmaak literal K the model expects."""
    for t in types:
        if t in KLIT:
            text = text.replace('0xbf800000', '0x%x' % KLIT[t])
    return text


def kernel(row, wave, idx, types, mods=None, operand=None, setter=None, raw=None):
    text, mask = row_text(row, wave)
    if mods:
        text = with_modifiers(row, text, mods)
    if operand:  # (operand name, its text)
        text = with_src(row, text, *operand)
    text = with_k(text, types)
    if raw:
        text = raw
    w64 = wave == 64
    pair = (lambda r: 's[%d:%d]' % (r, r + 1)) if w64 else (lambda r: 's%d' % r)
    # EXEC for the instruction: this wave's word of the header's EXEC table (EXEC_AT)
    exec_load = (['s_lshl_b32 s54, s2, 3', 's_add_u32 s54, s54, %d' % EXEC_AT, 's_load_b64 s[52:53], s[4:5], s54']
                 if w64 else ['s_lshl_b32 s54, s2, 2', 's_add_u32 s54, s54, %d' % EXEC_AT, 's_load_b32 s52, s[4:5], s54'])
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)'] + exec_load + mode_setter(setter) + [
            's_mul_i32 s21, s2, %d' % wave, 'v_add_nc_u32 v1, s21, v0', 'v_lshlrev_b32 v2, 4, v1',
            'v_lshlrev_b32 v1, 6, v1',
            'global_load_b64 v[16:17], v1, s[4:5] offset:%d' % HEADER,
            'global_load_b64 v[24:25], v1, s[4:5] offset:%d' % (HEADER + 8),
            'global_load_b64 v[32:33], v1, s[4:5] offset:%d' % (HEADER + 16),
            'global_load_b64 v[8:9], v1, s[4:5] offset:%d' % (HEADER + 24),
            'global_load_b32 v34, v1, s[4:5] offset:%d' % (HEADER + 32), 's_waitcnt vmcnt(0)',
            'v_cmp_ne_u32_e32 %s, 0, v34' % ('vcc' if w64 else 'vcc_lo'),
            'v_cmp_ne_u32_e64 %s, 0, v34' % pair(48),
            's_mov_b64 s[8:9], 0', 's_mov_b64 s[12:13], 0', 'v_mov_b32 v10, 0',
            's_mov_b32 s30, 0x%x' % (SGPR_VALUE & 0xffffffff), 's_mov_b32 s31, 0x%x' % (SGPR_VALUE >> 32),
            's_waitcnt lgkmcnt(0)', 's_mov_b64 exec, s[52:53]' if w64 else 's_mov_b32 exec_lo, s52', text]
    if mask != 'exec':  # every lane again for the mask read and the store
        body.append('s_mov_b64 exec, -1' if w64 else 's_mov_b32 exec_lo, -1')
    if mask == 'exec':
        body += ['s_mov_b64 s[50:51], exec' if w64 else 's_mov_b32 s50, exec_lo',
                 's_mov_b64 exec, -1' if w64 else 's_mov_b32 exec_lo, -1']
        src = pair(50)
    else:
        src = {'vcc': 'vcc' if w64 else 'vcc_lo', 's8': pair(8), 's12': pair(12)}.get(mask)
    if src:
        body.append('v_cndmask_b32_e64 v10, 0, 1, %s' % src)
    body += ['global_store_b96 v2, v[8:10], s[6:7]', 's_endpgm']
    tag = ('m%x' % (hash(mods) & 0xffffff) if mods else 'c' + operand[0][3] if operand else 's' + setter[0] if setter else
           'h' if raw else '')
    return asmkit.Kernel('k%d%s_w%d' % (idx, tag, wave), body, nargs=2, vgprs=40, sgprs=56, wave64=w64,
                         float_mode=setter[1] if setter and setter[0] == 'descriptor' else None), mask


VOPD_K = 0x3fc00001


def vopd_text(name, half):
    """One VOPD half: X writes v10 reading v11 (Y's destination) and v12; Y writes v11 reading v10
    (X's destination) and v25. Both must see the old values."""
    d, s0, s1 = ('v10', 'v11', 'v12') if half == 'x' else ('v11', 'v10', 'v25')
    op = name[len('v_dual_'):]
    if op == 'mov_b32':
        return '%s %s, %s' % (name, d, s0)
    if op.startswith('fmaak'):
        return '%s %s, %s, %s, 0x%x' % (name, d, s0, s1, VOPD_K)
    if op.startswith('fmamk'):
        return '%s %s, %s, 0x%x, %s' % (name, d, s0, VOPD_K, s1)
    return '%s %s, %s, %s' % (name, d, s0, s1)


def run_vopd(tool, ref, types, tmp, rng):
    """Every VOPD X and Y opcode in pairs, wave32, against the model of each half; returns
    (runs, lane results, mismatches, VOPD rows verified)."""
    xs = [r['mnemonic'] for r in parse_rows(['vopdx'])]
    ys = [r['mnemonic'] for r in parse_rows(['vopdy'])]
    pairs = [(xs[i % len(xs)], ys[i % len(ys)]) for i in range(max(len(xs), len(ys)))]
    pairs += [(rng.choice(xs), rng.choice(ys)) for _ in range(24)]
    ks = []
    for i, (x, y) in enumerate(pairs):
        body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_load_b32 s20, s[4:5], 0x0',
                's_waitcnt lgkmcnt(0)', 's_setreg_b32 hwreg(HW_REG_MODE, 0, 10), s20',
                's_mul_i32 s21, s2, 32', 'v_add_nc_u32 v1, s21, v0', 'v_lshlrev_b32 v2, 3, v1', 'v_lshlrev_b32 v1, 5, v1']
        body += ['global_load_b32 v%d, v1, s[4:5] offset:%d' % (r, HEADER + 4 * k) for k, r in enumerate((10, 11, 12, 25, 26))]
        body += ['s_lshl_b32 s22, s2, 2', 's_add_u32 s22, s22, %d' % EXEC_AT, 's_load_b32 s23, s[4:5], s22',
                 's_waitcnt vmcnt(0) lgkmcnt(0)', 'v_cmp_ne_u32_e32 vcc_lo, 0, v26', 's_mov_b32 exec_lo, s23',
                 vopd_text(x, 'x') + ' :: ' + vopd_text(y, 'y'), 's_mov_b32 exec_lo, -1',
                 'global_store_b64 v2, v[10:11], s[6:7]', 's_endpgm']
        ks.append(asmkit.Kernel('vopd%d' % i, body, nargs=2, vgprs=32, sgprs=32))
    hsaco = asmkit.build(tool, ks, tmp, 'vopd')
    inp, out = os.path.join(tmp, 'vin'), os.path.join(tmp, 'vout')
    runs = checked = bad = 0
    ok = set(xs + ys)
    for (x, y), k in zip(pairs, ks):
        for mode in FLOAT_MODES[:3]:
            vals = [[rng.choice(F32) if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(4)] + [rng.getrandbits(1)]
                    for _ in range(LANES)]
            data = bytearray(HEADER)
            struct.pack_into('<I', data, 0, mode)
            execs = [0xffffffff if rng.getrandbits(1) else rng.getrandbits(32) for _ in range(LANES // 32)]
            struct.pack_into('<%dI' % len(execs), data, EXEC_AT, *execs)
            for v in vals:
                data += struct.pack('<5I', *v) + bytes(32 - 20)
            with open(inp, 'wb') as f:
                f.write(data)
            want = {}
            for half, name in (('x', x), ('y', y)):
                b = name[len('v_dual_'):]
                lines = []
                for lane, (v10, v11, v12, v25, carry) in enumerate(vals):
                    a, bb, dinit = (v11, v12, v10) if half == 'x' else (v10, v25, v11)
                    lines.append('%x %x %x %x %x %x %x' % (mode, a, bb, VOPD_K, carry, lane % 32, dinit))
                res = subprocess.run([ref, b], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                                     check=True).stdout.split('\n')
                want[half] = [int(r.split()[0], 16) & 0xffffffff if execs[lane // 32] >> (lane % 32) & 1
                              else vals[lane][0 if half == 'x' else 1] for lane, r in enumerate(res[:LANES])]
            p = asmkit.run(tool, hsaco, k.name, LANES, 32, ['buf:' + inp, 'zeros:%d' % (8 * LANES)], {1: out})
            runs += 1
            if p.returncode:
                print('FAIL %s :: %s: %s' % (x, y, p.stderr.strip()))
                bad += 1
                ok -= {x, y}
                continue
            got = open(out, 'rb').read()
            for lane in range(LANES):
                gx, gy = struct.unpack_from('<II', got, 8 * lane)
                checked += 1
                if (gx, gy) != (want['x'][lane], want['y'][lane]):
                    bad += 1
                    ok -= {x, y}
                    if bad <= 20:
                        print('MISMATCH %s :: %s mode %03x lane %d: old v10..v12,v25 %s: want %08x %08x got %08x %08x'
                              % (x, y, mode, lane, ['%08x' % v for v in vals[lane][:4]], want['x'][lane], want['y'][lane], gx, gy))
    return runs, checked, bad, ok


def run_single(tool, tmp, name, body, wave, data, outsize):
    """Builds kernel `name` (WAVE in body replaced by the wave size), runs it over LANES lanes with
    input bytes `data` and an output buffer of outsize bytes; returns the output, or None (printed)."""
    k = asmkit.Kernel('%s_w%d' % (name, wave), [b.replace('WAVE', str(wave)) for b in body], nargs=2, vgprs=40,
                      wave64=wave == 64)
    hsaco = asmkit.build(tool, [k], tmp, '%s%d' % (name, wave), wave64=wave == 64)
    inp, out = os.path.join(tmp, name + '.in'), os.path.join(tmp, name + '.out')
    with open(inp, 'wb') as f:
        f.write(data)
    p = asmkit.run(tool, hsaco, k.name, LANES, wave, ['buf:' + inp, 'zeros:%d' % outsize], {1: out})
    if p.returncode:
        print('FAIL %s: %s' % (name, p.stderr.strip()))
        return None
    return open(out, 'rb').read()


def run_mqsad128(tool, tmp, rng):
    """v_mqsad_u32_u8 (128-bit S2 and D, outside the model's 64-bit line format), against the guide's
    formula in Python: D.u32[k] = S2.u32[k] + masked SAD of S0 bytes k..k+3 and S1; returns
    (runs, results, mismatches)."""
    def msad(a, b, acc):
        for i in range(4):
            x, y = a >> 8 * i & 255, b >> 8 * i & 255
            if y:
                acc += abs(x - y)
        return acc & 0xffffffff
    bad = checked = 0
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_mul_i32 s21, s2, WAVE', 'v_add_nc_u32 v1, s21, v0',
            'v_lshlrev_b32 v2, 4, v1', 'v_lshlrev_b32 v1, 5, v1', 'global_load_b64 v[16:17], v1, s[4:5]',
            'global_load_b32 v24, v1, s[4:5] offset:8', 'global_load_b128 v[32:35], v1, s[4:5] offset:16',
            's_waitcnt vmcnt(0)', 'v_mqsad_u32_u8 v[8:11], v[16:17], v24, v[32:35]', 'global_store_b128 v2, v[8:11], s[6:7]',
            's_endpgm']
    runs = 0
    for wave in (32, 64):
        vals = [[rng.getrandbits(32) if rng.random() < 0.7 else rng.getrandbits(32) & 0xff00ff00 for _ in range(3)] +
                [rng.getrandbits(32) for _ in range(4)] for _ in range(LANES)]
        data = b''.join(struct.pack('<8I', v[0], v[1], v[2], 0, v[3], v[4], v[5], v[6]) for v in vals)
        got = run_single(tool, tmp, 'mqsad', body, wave, data, 16 * LANES)
        runs += 1
        if got is None:
            bad += 1
            continue
        for lane, v in enumerate(vals):
            s0 = v[0] | v[1] << 32
            want = [msad(s0 >> 8 * j & 0xffffffff, v[2], v[3 + j]) for j in range(4)]
            have = list(struct.unpack_from('<4I', got, 16 * lane))
            checked += 1
            if have != want:
                bad += 1
                if bad <= 5:
                    print('MISMATCH v_mqsad_u32_u8 w%d lane %d: want %s got %s' % (wave, lane, want, have))
    return runs, checked, bad


def two_over_pi_bits(n):
    """floor(2/pi * 2^n), from Machin's formula in integer arithmetic (n + 64 guard bits)."""
    prec = n + 64
    one = 1 << prec

    def atan_inv(x):  # atan(1/x) * 2^prec
        total, term, k, x2 = 0, one // x, 0, x * x
        while term:
            total += term // (2 * k + 1) if k % 2 == 0 else -(term // (2 * k + 1))
            term //= x2
            k += 1
        return total
    pi = 16 * atan_inv(5) - 4 * atan_inv(239)  # pi * 2^prec
    return (2 << (prec + n)) // pi


def run_trig_preop(tool, tmp, rng):
    """v_trig_preop_f64 against the guide's formula in Python with 2/pi computed here: the 53 bits
    of 2/pi starting at S1[4:0] * 53 (plus S0's biased exponent - 1077 when that is positive),
    scaled by 2^(-53 - shift) (+128 for exponents >= 1968); our reading keeps LLVM's 1184-bit table,
    so segments that need bits past it read 0. Returns (runs, results, mismatches)."""
    import math
    table_bits = 1184
    frac = two_over_pi_bits(table_bits)
    vals = []
    for _ in range(LANES):
        e = rng.choice([rng.randrange(1, 2047), rng.randrange(1070, 1100), rng.randrange(1960, 1990), 0, 2047])
        s0 = rng.getrandbits(1) << 63 | e << 52 | rng.getrandbits(52)
        vals.append((s0, rng.choice([rng.randrange(32), rng.getrandbits(32)])))

    def model(s0, s1):
        e = s0 >> 52 & 0x7ff
        if e == 2047 and s0 & ((1 << 52) - 1):
            return s0 | 1 << 51
        shift = (s1 & 31) * 53 + (e - 1077 if e > 1077 else 0)
        if (shift >> 5) + 2 >= table_bits // 32:
            return 0
        bits = frac >> (table_bits - shift - 53) & ((1 << 53) - 1) if shift + 53 <= table_bits else 0
        scale = -53 - shift + (128 if e >= 1968 else 0)
        return struct.unpack('<Q', struct.pack('<d', math.ldexp(float(bits), scale)))[0]
    body = ['s_load_b128 s[4:7], s[0:1], 0x0', 's_waitcnt lgkmcnt(0)', 's_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x3f0',
            's_mul_i32 s21, s2, WAVE', 'v_add_nc_u32 v1, s21, v0', 'v_lshlrev_b32 v2, 3, v1', 'v_lshlrev_b32 v1, 4, v1',
            'global_load_b64 v[16:17], v1, s[4:5]', 'global_load_b32 v24, v1, s[4:5] offset:8', 's_waitcnt vmcnt(0)',
            'v_trig_preop_f64 v[8:9], v[16:17], v24', 'global_store_b64 v2, v[8:9], s[6:7]', 's_endpgm']
    runs = bad = checked = 0
    for wave in (32, 64):
        got = run_single(tool, tmp, 'preop', body, wave, b''.join(struct.pack('<QII', s0, s1, 0) for s0, s1 in vals),
                         8 * LANES)
        runs += 1
        if got is None:
            bad += 1
            continue
        for lane, (s0, s1) in enumerate(vals):
            have, want = struct.unpack_from('<Q', got, 8 * lane)[0], model(s0, s1)
            checked += 1
            if have != want:
                bad += 1
                if bad <= 5:
                    print('MISMATCH v_trig_preop_f64 w%d lane %d: s0 %016x s1 %x: want %016x got %016x' % (wave, lane, s0, s1, want, have))
    return runs, checked, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    ap.add_argument('--modes', type=int, default=len(FLOAT_MODES), help='float MODE settings per row (wave32)')
    ap.add_argument('--only', default='', help='regex: rows to run')
    ap.add_argument('--sample', type=float, default=1.0,
                    help='fraction of the rows to run (the sanitizer build runs a fixed subset)')
    ap.add_argument('--covered', default='', help='write the rows verified in both wave sizes here')
    ap.add_argument('--no-fast-paths', action='store_true',
                    help="run wavesim's reference paths (wavesim run --no-fast-paths)")
    args = ap.parse_args()
    if args.seed % 2:
        KLIT.update(KLIT_DENORMAL)
    if args.no_fast_paths:
        asmkit.RUN_EXTRA = ['--no-fast-paths']
    rng = random.Random(args.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    missing = set(subprocess.run([args.tool, 'isa', '--missing'], capture_output=True, text=True).stdout.split())
    rows = parse_rows()
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, 'valu_ref')
        subprocess.run([args.cc, '-std=c11', '-O1', '-Wall', '-Wextra', '-Werror', '-frounding-math',
                        os.path.join(here, 'valu_ref.c'), '-o', ref, '-lm'], check=True)
        types = {}
        for r in rows:
            b = base_name(r['mnemonic'])
            if b not in types:
                types[b] = subprocess.run([ref, '--types', b], capture_output=True, text=True).stdout.split()
        todo = [r for r in rows if types[base_name(r['mnemonic'])] != ['-'] and r['mnemonic'] not in missing
                and (not args.only or re.search(args.only, r['mnemonic']))]
        if args.sample < 1.0:
            pick = random.Random(args.seed)
            todo = [r for r in todo if pick.random() < args.sample]
        ks = []
        for i, r in enumerate(todo):
            t = types[base_name(r['mnemonic'])]
            opts = modifier_options(r, t)
            for wave in (32, 64):
                k, mask = kernel(r, wave, i, t)
                ks.append((r, wave, k, mask, None))
                seen = set()
                for _ in range(3 if opts and opts[3] else 1 if opts else 0):  # kernels with random modifiers
                    srcs, omod, clamp, sel = opts
                    abs_ok = 0 if 'sdst:' in r['operands'] else srcs
                    mix = sel is True
                    mods = (rng.getrandbits(3) & srcs, rng.getrandbits(3) & abs_ok, rng.randrange(1, 4) if omod else 0,
                            rng.getrandbits(1) if clamp else 0,
                            rng.getrandbits(3) if mix else rng.getrandbits(4) & sel if sel else 0,
                            rng.getrandbits(3) if mix else 0)
                    if mods == (0, 0, 0, 0, 0, 0):
                        mods = ((srcs, 0, 0, 0, 0, 0) if srcs else (0, 0, 0, 0, sel, 0) if sel and not mix
                                else (0, 0, 1 if omod else 0, 1 if clamp else 0, 0, 0))
                    if mods in seen:
                        continue
                    seen.add(mods)
                    k, mask = kernel(r, wave, i, t, mods)
                    ks.append((r, wave, k, mask, mods))
        # source forms: one random constant/literal/SGPR variant of SRC0 per row and wave size, and
        # one of SRC1 or SRC2 for the VOP3 encodings that have them, kept when the assembler
        # (checked against llvm-mc-19 by the codec tests) accepts it for that row
        lines_tool = os.path.join(os.path.dirname(args.tool), 'tests', 'r3_lines')
        for wave in (32, 64):
            cands = []
            for i, r in enumerate(todo):
                t = types[base_name(r['mnemonic'])]
                names = [o.split(':')[0] for o in r['operands'].split()]
                if r['table'] == 'vop3p':
                    continue
                later = [n for n in ('src1', 'src2') if n in names and len(t) > int(n[3]) + 1 and t[int(n[3]) + 1] in FORM_TYPES]
                for name in (['src0'] if 'src0' in names and len(t) > 1 and t[1] in FORM_TYPES else []) + \
                        ([rng.choice(later)] if later else []):
                    text, value = src0_form(rng, t[int(name[3]) + 1])
                    cands.append((i, r, t, name, text, value, with_src(r, row_text(r, wave)[0], name, text)))
            res = subprocess.run([lines_tool, '--asm'] + (['--wave64'] if wave == 64 else []),
                                 input='\n'.join(c[6] for c in cands) + '\n', capture_output=True, text=True,
                                 check=True).stdout.splitlines()
            for (i, r, t, name, text, value, line), out_line in zip(cands, res):
                if out_line.startswith('<error>'):
                    continue
                k, mask = kernel(r, wave, i, t, operand=(name, text))
                ks.append((r, wave, k, mask, ('src', int(name[3]), value)))
        # 16-bit operands in VGPR high halves of the e32 encodings, once per row and wave size
        for wave in (32, 64):
            cands = [(i, r) for i, r in enumerate(todo) if r['table'] in HALF_FIELDS and not r['mnemonic'].endswith('_e64')
                     and any(x in HALF for x in types[base_name(r['mnemonic'])])]
            res = subprocess.run([lines_tool, '--asm'] + (['--wave64'] if wave == 64 else []),
                                 input='\n'.join(with_k(row_text(r, wave)[0], types[base_name(r['mnemonic'])])
                                                 for _, r in cands) + '\n', capture_output=True,
                                 text=True, check=True).stdout.splitlines()
            for (i, r), out_line in zip(cands, res):
                t = types[base_name(r['mnemonic'])]
                bits, raw = half_encoding(r, t, [int(x, 16) for x in out_line.split()])
                if bits:
                    k, mask = kernel(r, wave, i, t, raw='\n    '.join(raw))
                    ks.append((r, wave, k, mask, ('halves', bits)))
        # MODE set the other ways (s_setreg_imm32_b32, s_round_mode + s_denorm_mode, the descriptor):
        # one random way and MODE per float row and wave size
        for i, r in enumerate(todo):
            if not is_float_row(types[base_name(r['mnemonic'])]):
                continue
            for wave in (32, 64):
                kind = rng.choice(['imm', 'round_denorm', 'descriptor'])
                mode = rng.choice([m for m in FLOAT_MODES if kind != 'round_denorm' or m >> 8 == 3])
                k, mask = kernel(r, wave, i, types[base_name(r['mnemonic'])], setter=(kind, mode))
                ks.append((r, wave, k, mask, ('setter', mode)))
        hsaco = {wave: asmkit.build(args.tool, [k for _, w, k, _, _ in ks if w == wave], tmp, 'valu%d' % wave,
                                    wave64=wave == 64) for wave in (32, 64)}
        def run_row(job):
            """All MODE runs of one kernel (its own random vectors and files, so rows run in parallel);
            returns (runs, lane results, mismatches, messages)."""
            idx, (r, wave, k, mask, mods) = job
            jrng = random.Random(args.seed * 1000003 + idx)
            inp, out = os.path.join(tmp, 'in%d' % idx), os.path.join(tmp, 'out%d' % idx)
            b = base_name(r['mnemonic'])
            t = types[b]
            modes = FLOAT_MODES[:args.modes] if is_float_row(t) else INT_MODES
            src_value = None  # (source index, the value every lane reads)
            if mods and mods[0] == 'src':
                src_value, mods, modes = mods[1:], None, FLOAT_MODES[:1]
            elif mods and mods[0] == 'setter':  # the kernel sets this MODE itself
                mods, modes = None, [mods[1]]
            elif mods and mods[0] == 'halves':  # e32 operands in high halves: the model's OP_SEL bits
                mods, modes = (0, 0, 0, 0, mods[1], 0), modes[:2]
            elif mods:
                modes = MOD_MODES
            if wave == 64:
                modes = modes[:2]
            runs = checked = bad = 0
            msgs = []
            prepared = []  # every MODE's inputs first, then one model run for all of them
            # the model line's modifier and probe fields are the same in every lane: formatted once
            tail = ''.join(' %x' % v for v in tuple(mods or [0, 0, 0, 0] + probe_sel(r['text'])))
            for mode in modes:
                vec = vectors(jrng, t)
                if src_value is not None:  # every lane reads the constant
                    vec = [v[:src_value[0]] + (src_value[1],) + v[src_value[0] + 1:] for v in vec]
                if mods and r['table'] != 'vop3p' and mods[4]:  # the other half of 16-bit sources holds junk
                    vec = [tuple(half_pair(jrng, v[k], mods[4] >> k & 1) if k < 3 and k + 1 < len(t) and t[k + 1] in HALF
                                 else v[k] for k in range(4)) for v in vec]
                dinit = [jrng.getrandbits(64) for _ in range(LANES)]
                data = bytearray(HEADER)
                struct.pack_into('<I', data, 0, mode)
                execs = [(1 << wave) - 1 if jrng.getrandbits(1) else jrng.getrandbits(wave) for _ in range(LANES // wave)]
                for i, e in enumerate(execs):
                    struct.pack_into('<Q' if wave == 64 else '<I', data, EXEC_AT + i * wave // 8, e)
                lines = []
                for lane, ((a, bb, c, carry), di) in enumerate(zip(vec, dinit)):
                    data += struct.pack('<QQQQI', a, bb, c, di, carry) + bytes(RECORD - 36)
                    lines.append('%x %x %x %x %x %x %x%s' % (mode, a, bb, c, carry, lane % wave, di, tail))
                prepared.append((mode, vec, dinit, data, lines, execs))
            wants = subprocess.run([ref, b], input=''.join(l + '\n' for x in prepared for l in x[4]), capture_output=True,
                                   text=True, check=True).stdout.split('\n')
            for n_mode, (mode, vec, dinit, data, lines, execs) in enumerate(prepared):
                want = [w_ if execs[lane // wave] >> (lane % wave) & 1 else '%x 0 0' % dinit[lane]
                        for lane, w_ in enumerate(wants[n_mode * LANES:(n_mode + 1) * LANES])]
                with open(inp, 'wb') as f:
                    f.write(data)
                p = asmkit.run(args.tool, hsaco[wave], k.name, LANES, wave, ['buf:' + inp, 'zeros:%d' % (16 * LANES)],
                               {1: out})
                runs += 1
                if p.returncode:
                    msgs.append('FAIL %s w%d mode %x: %s' % (r['mnemonic'], wave, mode, p.stderr.strip()))
                    bad += 1
                    continue
                got = open(out, 'rb').read()
                wide = t[0] in ('f64', 'i64', 'u64', 'b64')
                for lane in range(LANES):
                    d_lo, d_hi, m = struct.unpack_from('<III', got, 16 * lane)
                    wd, wm, tol = want[lane].split()
                    wd = int(wd, 16)
                    have_d = d_lo | d_hi << 32
                    checked += 1
                    if close(have_d, wd, t[0], int(tol)) and (mask is None or m == int(wm)):
                        continue
                    bad += 1
                    if bad <= 3:
                        a, bb, c, carry = vec[lane]
                        msgs.append('MISMATCH %s%s [%s] w%d mode %03x lane %d: a %x b %x c %x carry %d dinit %x: '
                                    'want %016x/%s got %016x/%d%s'
                                    % (r['mnemonic'], ' mods(neg,abs,omod,clamp,opsel,opsel_hi)=%s' % (mods,) if mods else '',
                                       k.body[-3] if src_value is not None else k.name, wave, mode, lane, a, bb, c,
                                       carry, dinit[lane], wd, wm, have_d, m, ' (64-bit result)' if wide else ''))
            return runs, checked, bad, msgs

        bad = checked = runs = 0
        tested = set()
        failed_rows = set()
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for (r, wave, k, mask, mods), res in zip(ks, pool.map(run_row, enumerate(ks))):
                runs, checked, bad = runs + res[0], checked + res[1], bad + res[2]
                for msg in res[3]:
                    print(msg)
                if res[2]:
                    failed_rows.add((r['mnemonic'], wave))
                else:
                    tested.add((r['mnemonic'], wave))
        tested -= failed_rows
        if not args.only:
            qruns, qchecked, qbad = run_mqsad128(args.tool, tmp, rng)
            runs, checked, bad = runs + qruns, checked + qchecked, bad + qbad
            if not qbad:
                tested |= {('v_mqsad_u32_u8', 32), ('v_mqsad_u32_u8', 64)}
            pruns, pchecked, pbad = run_trig_preop(args.tool, tmp, rng)
            runs, checked, bad = runs + pruns, checked + pchecked, bad + pbad
            if not pbad:
                tested |= {('v_trig_preop_f64', 32), ('v_trig_preop_f64', 64)}
            vruns, vchecked, vbad, vok = run_vopd(args.tool, ref, types, tmp, rng)
            runs += vruns
            checked += vchecked
            bad += vbad
            print('vopd: %d runs, %d lane results, %d mismatches' % (vruns, vchecked, vbad))
    both = sorted(m for m, w in tested if w == 32 and (m, 64) in tested)
    if not args.only:
        both += sorted(vok)  # VOPD exists in wave32 only
    if args.covered:
        with open(args.covered, 'w') as f:
            f.write('\n'.join(both) + '\n')
    print('rows verified in wave32 and wave64: %d' % len(both))
    print('valu vectors: %d rows, %d runs, %d lane results, %d mismatches' % (len(todo), runs, checked, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
