#!/usr/bin/env python3
# Generates isa/rdna3/*.def, the gfx1100 opcode tables, by probing llvm-mc-19's disassembler.
# Run `python3 tools/gen_rdna3_tables.py` (needs llvm-19); the output is committed and reviewed.
import os
import re
import sys
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llvm_probe import assemble, disassemble  # noqa: E402
import gen_rdna3_mimg  # noqa: E402

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'isa', 'rdna3')

# Field: (name, dword, lo, width, probe value, default value, kind)
# kind 'opnd' = operand field (appears in the text), 'mod' = modifier bit field.
# The probe values are distinct so that each printed register names its field.
FORMATS = {
    'SOP2': dict(prefix=(0b10 << 30, 0b11 << 30), op=(23, 7), ops=range(0x60), fields=[
        ('sdst', 0, 16, 7, 8, 0, 'opnd'), ('ssrc0', 0, 0, 8, 16, 0, 'opnd'), ('ssrc1', 0, 8, 8, 24, 0, 'opnd')]),
    'SOPK': dict(prefix=(0b1011 << 28, 0xf << 28), op=(23, 5), ops=range(0x1d), fields=[
        ('sdst', 0, 16, 7, 8, 0, 'opnd'), ('simm16', 0, 0, 16, 0x1234, 0, 'opnd')]),
    'SOP1': dict(prefix=(0x17d << 23, 0x1ff << 23), op=(8, 8), ops=range(256), fields=[
        ('sdst', 0, 16, 7, 8, 0, 'opnd'), ('ssrc0', 0, 0, 8, 16, 0, 'opnd')]),
    'SOPC': dict(prefix=(0x17e << 23, 0x1ff << 23), op=(16, 7), ops=range(128), fields=[
        ('ssrc0', 0, 0, 8, 16, 0, 'opnd'), ('ssrc1', 0, 8, 8, 24, 0, 'opnd')]),
    'SOPP': dict(prefix=(0x17f << 23, 0x1ff << 23), op=(16, 7), ops=range(128), fields=[
        ('simm16', 0, 0, 16, 3, 0, 'opnd')]),
    'SMEM': dict(prefix=(0b111101 << 26, 0x3f << 26), op=(18, 8), ops=range(256), words=2, fields=[
        ('sdata', 0, 6, 7, 8, 0, 'opnd'), ('sbase', 0, 0, 6, 8, 0, 'opnd'),
        ('offset', 1, 0, 21, 0x10, 0, 'opnd'), ('soffset', 1, 25, 7, 2, 124, 'opnd'),
        ('glc', 0, 14, 1, 1, 0, 'mod'), ('dlc', 0, 13, 1, 1, 0, 'mod')]),
    'VOP2': dict(prefix=(0, 1 << 31), op=(25, 6), ops=range(0x3e), fields=[
        ('vdst', 0, 17, 8, 8, 0, 'opnd'), ('src0', 0, 0, 9, 272, 0, 'opnd'), ('vsrc1', 0, 9, 8, 24, 0, 'opnd')]),
    'VOP1': dict(prefix=(0x3f << 25, 0x7f << 25), op=(9, 8), ops=range(256), fields=[
        ('vdst', 0, 17, 8, 8, 0, 'opnd'), ('src0', 0, 0, 9, 272, 0, 'opnd')]),
    'VOPC': dict(prefix=(0x3e << 25, 0x7f << 25), op=(17, 8), ops=range(256), fields=[
        ('src0', 0, 0, 9, 272, 0, 'opnd'), ('vsrc1', 0, 9, 8, 24, 0, 'opnd')]),
    'VOP3': dict(prefix=(0b110101 << 26, 0x3f << 26), op=(16, 10), ops=range(1024), words=2, fields=[
        ('vdst', 0, 0, 8, 8, 0, 'opnd'), ('src0', 1, 0, 9, 272, 0, 'opnd'),
        ('src1', 1, 9, 9, 280, 0, 'opnd'), ('src2', 1, 18, 9, 288, 0, 'opnd'),
        ('clamp', 0, 15, 1, 1, 0, 'mod'), ('omod', 1, 27, 2, 1, 0, 'mod'),
        ('abs', 0, 8, 3, 1, 0, 'mod'), ('opsel', 0, 11, 4, 1, 0, 'mod'), ('neg', 1, 29, 3, 1, 0, 'mod'),
        ('sdst', 0, 8, 7, 0, 0, 'sd')]),
    'VOP3P': dict(prefix=(0b11001100 << 24, 0xff << 24), op=(16, 7), ops=range(128), words=2, fields=[
        ('vdst', 0, 0, 8, 8, 0, 'opnd'), ('src0', 1, 0, 9, 272, 0, 'opnd'),
        ('src1', 1, 9, 9, 280, 0, 'opnd'), ('src2', 1, 18, 9, 288, 0, 'opnd'),
        ('clamp', 0, 15, 1, 1, 0, 'mod'), ('opsel', 0, 11, 3, 1, 0, 'mod'),
        ('opsel_hi2', 0, 14, 1, 0, 1, 'mod'), ('opsel_hi', 1, 27, 2, 0, 3, 'mod'),
        ('neg_hi', 0, 8, 3, 1, 0, 'mod'), ('neg', 1, 29, 3, 1, 0, 'mod')]),
    'DS': dict(prefix=(0b110110 << 26, 0x3f << 26), op=(18, 8), ops=range(256), words=2, fields=[
        ('vdst', 1, 24, 8, 8, 0, 'opnd'), ('addr', 1, 0, 8, 16, 0, 'opnd'),
        ('data0', 1, 8, 8, 24, 0, 'opnd'), ('data1', 1, 16, 8, 32, 0, 'opnd'),
        ('offset0', 0, 0, 8, 1, 0, 'mod'), ('offset1', 0, 8, 8, 2, 0, 'mod'), ('gds', 0, 17, 1, 1, 0, 'mod')]),
    'MUBUF': dict(prefix=(0b111000 << 26, 0x3f << 26), op=(18, 8), ops=range(256), words=2, fields=[
        ('vdata', 1, 8, 8, 8, 0, 'opnd'), ('vaddr', 1, 0, 8, 16, 0, 'opnd'),
        ('srsrc', 1, 16, 5, 2, 0, 'opnd'), ('soffset', 1, 24, 8, 1, 0, 'opnd'),
        ('offset', 0, 0, 12, 4, 0, 'mod'), ('offen', 1, 22, 1, 1, 0, 'mod'), ('idxen', 1, 23, 1, 1, 0, 'mod'),
        ('glc', 0, 14, 1, 1, 0, 'mod'), ('slc', 0, 12, 1, 1, 0, 'mod'), ('dlc', 0, 13, 1, 1, 0, 'mod'),
        ('tfe', 1, 21, 1, 1, 0, 'mod')]),
    'MTBUF': dict(prefix=(0b111010 << 26, 0x3f << 26), op=(15, 4), ops=range(16), words=2, fields=[
        ('vdata', 1, 8, 8, 8, 0, 'opnd'), ('vaddr', 1, 0, 8, 16, 0, 'opnd'),
        ('srsrc', 1, 16, 5, 2, 0, 'opnd'), ('soffset', 1, 24, 8, 1, 0, 'opnd'),
        ('offset', 0, 0, 12, 4, 0, 'mod'), ('offen', 1, 22, 1, 1, 0, 'mod'), ('idxen', 1, 23, 1, 1, 0, 'mod'),
        ('format', 0, 19, 7, 2, 1, 'mod'),
        ('glc', 0, 14, 1, 1, 0, 'mod'), ('slc', 0, 12, 1, 1, 0, 'mod'), ('dlc', 0, 13, 1, 1, 0, 'mod'),
        ('tfe', 1, 21, 1, 1, 0, 'mod')]),
}
# VOPD: one pseudo-format per half; the other half is held at a fixed v_dual_mov_b32 ('fix' fields).
# VDSTY is stored without its low bit, which is the inverse of VDSTX's low bit.
FORMATS['VOPDX'] = dict(prefix=(0b110010 << 26, 0x3f << 26), op=(22, 4), ops=range(16), words=2, fields=[
    ('vdst', 1, 24, 8, 8, 0, 'opnd'), ('src0', 0, 0, 9, 272, 0, 'opnd'), ('vsrc1', 0, 9, 8, 24, 0, 'opnd'),
    ('opy', 0, 17, 5, 8, 8, 'fix'), ('src0y', 1, 0, 9, 261, 261, 'fix'), ('vdsty', 1, 17, 7, 3, 3, 'fix')])
FORMATS['VOPDY'] = dict(prefix=(0b110010 << 26, 0x3f << 26), op=(17, 5), ops=range(32), words=2, fields=[
    ('vdst', 1, 17, 7, 5, 0, 'opnd'), ('src0', 1, 0, 9, 272, 0, 'opnd'), ('vsrc1', 1, 9, 8, 24, 0, 'opnd'),
    ('opx', 0, 22, 4, 8, 8, 'fix'), ('src0x', 0, 0, 9, 258, 258, 'fix'), ('vdstx', 1, 24, 8, 1, 1, 'fix')])

for seg, name in ((0, 'FLAT'), (1, 'SCRATCH'), (2, 'GLOBAL')):
    FORMATS[name] = dict(prefix=((0b110111 << 26) | (seg << 16), (0x3f << 26) | (3 << 16)), op=(18, 7),
                         ops=range(128), words=2, fields=[
        ('vdst', 1, 24, 8, 8, 0, 'opnd'), ('addr', 1, 0, 8, 16, 0, 'opnd'), ('data', 1, 8, 8, 24, 0, 'opnd'),
        ('saddr', 1, 16, 7, 2, 124, 'opnd'), ('sve', 1, 23, 1, 1, 0, 'mod'),
        ('offset', 0, 0, 13, 4, 0, 'mod'), ('glc', 0, 14, 1, 1, 0, 'mod'), ('slc', 0, 15, 1, 1, 0, 'mod'),
        ('dlc', 0, 13, 1, 1, 0, 'mod')])


# Interpolation (VINTERP) and LDS parameter loads (LDSDIR): graphics formats, tabled like the rest.
FORMATS['VINTERP'] = dict(prefix=(0xcd << 24, 0xff << 24), op=(16, 7), ops=range(128), words=2, fields=[
    ('vdst', 0, 0, 8, 8, 0, 'opnd'), ('src0', 1, 0, 9, 272, 0, 'opnd'),
    ('src1', 1, 9, 9, 280, 0, 'opnd'), ('src2', 1, 18, 9, 288, 0, 'opnd'),
    ('waitexp', 0, 8, 3, 1, 0, 'mod'), ('opsel', 0, 11, 4, 1, 0, 'mod'), ('clamp', 0, 15, 1, 1, 0, 'mod'),
    ('neg', 1, 29, 3, 1, 0, 'mod')])
FORMATS['LDSDIR'] = dict(prefix=(0xce << 24, 0xff << 24), op=(20, 2), ops=range(4), fields=[
    ('vdst', 0, 0, 8, 8, 0, 'opnd'), ('attrchan', 0, 8, 2, 1, 0, 'mod'), ('attr', 0, 10, 6, 1, 0, 'mod'),
    ('waitvdst', 0, 16, 4, 1, 0, 'mod')])
# Export (EXP): one instruction, no opcode field; the channel enables default to all four
FORMATS['EXP'] = dict(prefix=(0x3e << 26, 0x3f << 26), op=(0, 0), ops=range(1), words=2, fields=[
    ('expsrc0', 1, 0, 8, 8, 0, 'opnd'), ('expsrc1', 1, 8, 8, 16, 0, 'opnd'), ('expsrc2', 1, 16, 8, 24, 0, 'opnd'),
    ('expsrc3', 1, 24, 8, 32, 0, 'opnd'), ('en', 0, 0, 4, 1, 15, 'mod'), ('target', 0, 4, 6, 1, 0, 'mod'),
    ('done', 0, 11, 1, 1, 0, 'mod'), ('row', 0, 13, 1, 1, 0, 'mod')])


SGPR_PROBE = {'src0': 40, 'src1': 44, 'src2': 48}
SDST_PROBE = 12



def handler_of(fmt, mnem):
    """The executor function a row binds to (src/rdna3/exec: r3x_<handler>): the mnemonic without
    _e32/_e64, VOPD halves as their VOP2 forms; `none` for the graphics formats wavesim does not run."""
    if fmt in ('VINTERP', 'LDSDIR', 'EXP', 'MIMG'):
        return 'none'
    h = re.sub(r'_e(32|64)$', '', mnem)
    return 'v_' + h[7:] if h.startswith('v_dual_') else h

def probe_values(entry):
    return dict(entry[2])


def encode(fmt, op, values):
    spec = FORMATS[fmt]
    words = [0] * spec.get('words', 1)
    words[0] = spec['prefix'][0] | (op << spec['op'][0])
    for (name, dw, lo, width, _probe, default, _kind) in spec['fields']:
        v = values.get(name, default)
        words[dw] |= (v & ((1 << width) - 1)) << lo
    return words


REG_RE = re.compile(r'^(v|s|ttmp)(?:(\d+)|\[(\d+):(\d+)\])(\.[lh])?$')


def reg_of_field(fmt, field, value):
    """The register a field's probe value names, as (file, index)."""
    if field in ('src0', 'src1', 'src2'):
        return ('v', value - 256) if value >= 256 else ('s', value)
    if field in ('ssrc0', 'ssrc1', 'sdst', 'sdata', 'soffset', 'saddr'):
        return ('s', value)
    if field == 'sbase':
        return ('s', value * 2)
    if field == 'srsrc':
        return ('s', value * 4)
    if fmt == 'VOPDY' and field == 'vdst':
        return ('v', value * 2)  # VDSTX (v1) is odd, so VDSTY's low bit is 0
    return ('v', value)


def classify_operands(fmt, text, used, values):
    """Split LLVM's text into mnemonic, operand descriptors and trailing modifier text."""
    spec = FORMATS[fmt]
    if fmt in ('VOPDX', 'VOPDY'):  # the half of "X :: Y" this pseudo-format describes
        text = text.split(' :: ')[0 if fmt == 'VOPDX' else 1]
    mnem, _, rest = text.partition(' ')
    ops, mods = [], ''
    if fmt == 'EXP':  # the target comes first, separated by a space
        ops.append('target')
        rest = rest.partition(' ')[2]
    # operands are comma separated; modifiers follow the last operand after a space
    parts = [p.strip() for p in re.split(r',(?![^\[(]*[\])])', rest)] if rest else []
    if parts:
        last = parts[-1].split(' ')
        parts[-1] = last[0]
        mods = ' '.join(last[1:])
    for p in parts:
        if p == 'gds':  # a modifier, printed alone when there are no operands
            continue
        m = REG_RE.match(p)
        if m:
            file = 's' if m.group(1) in ('s', 'ttmp') else 'v'
            idx = int(m.group(2) or m.group(3))
            width = 1 if m.group(2) else int(m.group(4)) - int(m.group(3)) + 1
            field = None
            for name, probe in values.items():
                if reg_of_field(fmt, name, probe) == (file, idx):
                    field = name
            if field is None and file == 's' and values.get('vdst') == idx:
                field = 'vdst'  # a scalar result (compare mask, readlane) in the VDST field
            if field is None and fmt == 'VOP3' and file == 's' and idx == 0:
                field = 'sdst'  # VOP3SD carry-out, left at s0 by the probe
            if field is None:
                ops.append('?' + p)
            elif file == 's' and fmt == 'VOP3' and (field == 'sdst' or field == 'src2' or
                                                    (field == 'vdst' and mnem.startswith('v_cmp'))):
                ops.append('%s:m' % field)  # a lane mask: one SGPR in wave32, a pair in wave64
            elif m.group(5):
                ops.append('%s:t%d' % (field, width))  # a true16 half register: v<N>.l / v<N>.h
            else:
                ops.append('%s:%s%d' % (field, file, width))
        elif p in ('vcc_lo', 'vcc', 'exec_lo', 'exec', 'm0', 'scc'):
            ops.append('%' + p)
        elif p == 'off':
            ops.append('off')
        elif re.match(r'^attr\d+\.[xyzw]$', p):
            ops.append('attr')
        elif re.match(r'^-?0x[0-9a-f]+$', p):
            ops.append('hex')
        elif re.match(r'^-?\d+$', p):
            ops.append('dec')
        else:
            kinds = (('sendmsg(', 'sendmsg'), ('hwreg(', 'hwreg'), ('inst', 'delay'), ('depctr', 'depctr'),
                     ('cnt(', 'waitcnt'), ('null', 'null'))
            ops.append(next((k for key, k in kinds if key in p), 'sym:' + p))
    return mnem, ops, mods


def probe_format(fmt):
    spec = FORMATS[fmt]
    opnds = [f for f in spec['fields'] if f[6] == 'opnd']
    subsets = []
    for n in range(len(opnds), -1, -1):
        for comb in combinations(opnds, n):
            subsets.append(frozenset(f[0] for f in comb))
    # pass 1: for every opcode and operand subset, does LLVM decode it?
    cands, keys = [], []
    for op in spec['ops']:
        for s in subsets:
            cands.append(encode(fmt, op, {f[0]: f[4] for f in opnds if f[0] in s}))
            keys.append((op, s))
    res = [r if r != "misaligned" else None for r in disassemble(cands)]
    base = {}
    for (op, s), r in zip(keys, res):
        if r is not None and op not in base:
            base[op] = (s, r, {f[0]: f[4] for f in opnds if f[0] in s})
    # DS opcodes that exist only with GDS set (ordered count, GWS): probe again with gds = 1
    required = {}
    if fmt == 'DS':
        cands, keys = [], []
        for op in spec['ops']:
            if op in base:
                continue
            for s in subsets:
                cands.append(encode(fmt, op, dict({f[0]: f[4] for f in opnds if f[0] in s}, gds=1)))
                keys.append((op, s))
        for (op, s), r in zip(keys, disassemble(cands)):
            if r and r != 'misaligned' and op not in base:
                base[op] = (s | {'gds'}, r, dict({f[0]: f[4] for f in opnds if f[0] in s}, gds=1))
                required[op] = 'gds=R'
    # sources LLVM prints as invalid VGPRs are scalar masks or carries: probe them with an SGPR
    fix = [op for op, e in base.items() if 'Invalid register' in e[1][0]]
    if fix:
        cands, keys = [], []
        for op in fix:
            s = base[op][0]
            v = probe_values(base[op])
            for name in ('src0', 'src1', 'src2'):
                if name in v and re.search(r'v%d(\]|:\d+\])?/\*Invalid' % (v[name] - 256), base[op][1][0]):
                    v[name] = SGPR_PROBE[name]
            cands.append(encode(fmt, op, v))
            keys.append((op, s, v))
        for (op, s, v), r in zip(keys, (r if r != "misaligned" else None for r in disassemble(cands))):
            if r is not None and 'Invalid register' not in r[0] and 'Invalid register' in base[op][1][0]:
                base[op] = (s, r, v)
    # VOP3SD: the carry-out SGPR shares bits 14:8 with ABS/OPSEL; find it by its printed register
    if fmt == 'VOP3':
        ops_ = sorted(base)
        cands = []
        for op in ops_:
            cands.append(encode(fmt, op, dict(probe_values(base[op]), sdst=SDST_PROBE)))
        for op, r in zip(ops_, (r if r != "misaligned" else None for r in disassemble(cands))):
            if r is not None and re.search(r'\bs(%d|\[%d:%d\])\b' % (SDST_PROBE, SDST_PROBE, SDST_PROBE + 1), r[0]):
                s = base[op][0] | {'sdst'}
                base[op] = (s, r, dict(probe_values(base[op]), sdst=SDST_PROBE))
    # pass 2: classify each field not in the base as printed (P), ignored (I) or must-be-zero (Z);
    # the per-source modifier fields of VOP3/VOP3P bit by bit, since LLVM judges each bit
    rows = []
    cands, keys = [], []
    for op in sorted(base):
        s = base[op][0]
        vals = probe_values(base[op])
        for f in spec['fields']:
            if f[0] in s or f[6] in ('sd', 'fix'):
                continue
            probes = [f[4] if f[4] != f[5] else f[5] ^ 1]
            if f[0] in PER_BIT_FIELDS and fmt in ('VOP3', 'VOP3P', 'VINTERP'):
                probes = [f[5] ^ (1 << b) for b in range(f[3])]
            for bit, probe in enumerate(probes):
                v = dict(vals)
                v[f[0]] = probe
                cands.append(encode(fmt, op, v))
                keys.append((op, f[0], bit, len(probes)))
    res2 = [r if r != "misaligned" else None for r in disassemble(cands)]
    cls = {}
    per_bit = {}
    for (op, fname, bit, nbits), r in zip(keys, res2):
        text, n = base[op][1]
        if r is None:
            c = 'Z'
        elif r[0] == text and r[1] == n:
            c = 'I'
        elif fname == 'neg' and 'sext(' in r[0]:
            c = 'S'  # an integer operand: the NEG bit is a sign extension
        else:
            c = 'P'
        if nbits == 1:
            cls.setdefault(op, []).append('%s=%s' % (fname, c))
            continue
        per_bit.setdefault((op, fname), []).append(c)
        if fname == 'opsel' and c == 'P':
            m = re.search(r'op_sel:\[([01,]+)\]', r[0])
            if m:
                vec = m.group(1).split(',')
                per_bit.setdefault((op, 'opselpos'), ['-'] * nbits)[bit] = str(vec.index('1'))
                per_bit[(op, 'opsellen')] = [str(len(vec))]
    for (op, fname), chars in sorted(per_bit.items()):
        if fname == 'opselpos':
            cls.setdefault(op, []).append('opselpos:' + ''.join(chars))
        elif fname == 'opsellen':
            cls.setdefault(op, []).append('opsellen:' + chars[0])
        else:
            cls.setdefault(op, []).append('%s=%s' % (fname, ''.join(chars)))
    files = {}
    parsed = {}
    for op in sorted(base):
        s, (text, n) = base[op][0], base[op][1]
        mnem, ops, mods = classify_operands(fmt, text, s, probe_values(base[op]))
        if fmt == 'SMEM':  # s_atc_probe's first operand prints like an inline immediate
            ops = ['imm' if t == 'dec' else t for t in ops]
        parsed[op] = (mnem, ops, n, text)
        for t in ops:
            if ':' in t and not t.startswith('sym:'):
                fname, kind = t.split(':')
                files[(op, fname)] = kind[0]
    if fmt in ('VOP3', 'VOP3P'):
        scalar_or_mask(fmt, base, parsed, files)
    rules = probe_rules(fmt, {op: (b[0], b[1], probe_values(b)) for op, b in base.items()}, files)
    if fmt in ('SOPP', 'SOPK'):
        imm_styles(fmt, base, parsed)
    dpp = dpp_attributes(fmt, base, parsed) if fmt in ('VOP1', 'VOP2', 'VOPC', 'VOP3', 'VOP3P') else {}
    for op in sorted(base):
        mnem, ops, n, text = parsed[op]
        ops = [t + '/' + rule_id(rules[(op, t.split(':')[0])]) if (op, t.split(':')[0]) in rules and ':' in t
               and not t.startswith('sym:') else t for t in ops]
        extra = [required[op]] if op in required else []
        rows.append((op, mnem, ops, n, cls.get(op, []) + dpp.get(op, []) + extra, text))
    return rows


RULES = {}
PER_BIT_FIELDS = ('neg', 'abs', 'opsel', 'neg_hi', 'opsel_hi')
DPP16_WORD = 1 | (0xe4 << 8) | (0xff << 24)       # src0 v1, quad_perm:[0,1,2,3], all rows and banks
DPP8_WORD = 1 | (0xfac688 << 8)                    # src0 v1, dpp8:[0,1,2,3,4,5,6,7]


def dpp_attributes(fmt, base, parsed):
    """For VOP1/VOP2/VOPC opcodes: the DPP16 and DPP8 mnemonics LLVM prints, and what the four
    DPP16 source-modifier bits do: f (neg/abs), s (sext), I (ignored), Z (invalid encoding)."""
    attrs = {op: [] for op in parsed}
    ops = sorted(parsed)
    cands = []
    for op in ops:
        w = encode(fmt, op, dict(probe_values(base[op]), src0=250))
        w8 = encode(fmt, op, dict(probe_values(base[op]), src0=233))
        cands.append(w + [DPP16_WORD])
        cands.append(w8 + [DPP8_WORD])
        for bit in (20, 21, 22, 23):
            if fmt in ('VOP3', 'VOP3P'):  # the VOP3 NEG bits of src0..src2 (the fourth probe repeats)
                v = dict(probe_values(base[op]), src0=250, neg=1 << min(bit - 20, 2))
                cands.append(encode(fmt, op, v) + [DPP16_WORD])
            else:
                cands.append(w + [DPP16_WORD | (1 << bit)])
    res = disassemble(cands)
    size = 4 * (len(encode(fmt, 0, {})) + 1)  # a DPP form is one dword longer than the plain one
    for i, op in enumerate(ops):
        r16, r8 = res[6 * i], res[6 * i + 1]
        ok = lambda r: r and r != 'misaligned' and r[1] == size
        if ok(r16):
            attrs[op].append('dpp:' + r16[0].split(' ')[0])
            mods = ''
            for r in res[6 * i + 2: 6 * i + 6]:
                if fmt in ('VOP3', 'VOP3P') and len(mods) == 3:
                    break
                if not ok(r):
                    mods += 'Z'
                elif r[0] == r16[0]:
                    mods += 'I'
                elif 'sext(' in r[0]:
                    mods += 's'
                else:
                    mods += 'f'
            attrs[op].append('dppmods:' + mods)
        if ok(r8):
            attrs[op].append('dpp8:' + r8[0].split(' ')[0])
    return attrs


def write_probe_table(name, header, macro, cands, extract, required):
    """Writes isa/rdna3/NAME.def: one MACRO(value, "text") row per probe LLVM prints as wanted."""
    with open(os.path.join(OUT_DIR, name + '.def'), 'w') as f:
        f.write('/* %s\n   Generated by tools/gen_rdna3_tables.py; do not edit by hand. %s(value, text) */\n'
                % (header, macro))
        for v, r in enumerate(disassemble(cands)):
            m = re.search(extract, r[0]) if r and r != 'misaligned' else None
            if m:
                f.write('%s(%d, "%s")\n' % (macro, v, m.group(1).replace('"', '\\"')))
            elif required:
                raise SystemExit('unexpected probe result for %s %d: %r' % (name, v, r))


def write_exp_targets():
    """The name LLVM prints for each 6-bit export target (invalid ones as invalid_target_N)."""
    write_probe_table('exp_target', 'Export targets as LLVM prints them (exp probe).', 'R3EXPTARGET',
                      [[0xf8000000 | (t << 4), 0] for t in range(64)], r'^exp (\S+) off, off, off, off$', True)


def write_dpp_ctrl():
    """The text LLVM prints for each 9-bit DPP16 control value (comments included)."""
    write_probe_table('dpp_ctrl', 'DPP16 control values as LLVM prints them (v_mov_b32_dpp probe).', 'R3DPPCTRL',
                      [[0x7e0202fa, 1 | (v << 8) | (0xff << 24)] for v in range(512)],
                      r'^v_mov_b32_dpp v1, v1 (.*) row_mask:0xf bank_mask:0xf$', True)


def scalar_or_mask(fmt, base, parsed, files):
    """A scalar VOP3 operand guessed to be a lane mask stays one only if wave64 prints it as a pair."""
    todo = [op for op in sorted(parsed) if any(t.split('/')[0].endswith(':m') for t in parsed[op][1])]
    res = disassemble([encode(fmt, op, probe_values(base[op])) for op in todo], wave64=True)
    for op, r in zip(todo, res):
        if not r or r == 'misaligned':
            continue
        mnem, ops, n, text = parsed[op]
        parts = [p.strip() for p in re.split(r',(?![^\[(]*[\])])', r[0].partition(' ')[2])]
        new = []
        for i, t in enumerate(ops):
            if t.endswith(':m') and i < len(parts) and not parts[i].split(' ')[0].startswith('s['):
                t = t[:-1] + 's1'
                files[(op, t.split(':')[0])] = 's'
            new.append(t)
        parsed[op] = (mnem, new, n, text)


def imm_styles(fmt, base, parsed):
    """Plain 16-bit immediates print as hex always ('hex'), unsigned decimal ('udec'), or decimal up
    to 64 and hex above ('imm'); two probes per opcode tell which."""
    todo = [op for op in parsed if any(t in ('dec', 'hex') for t in parsed[op][1])]
    cands = []
    for op in todo:
        for v in (3, 0x1234, 0):
            cands.append(encode(fmt, op, dict(probe_values(base[op]), simm16=v)))
    res = disassemble(cands)
    for i, op in enumerate(todo):
        small, big, zero = res[3 * i: 3 * i + 3]
        if not small or not big or small == 'misaligned' or big == 'misaligned':
            continue
        style = 'hex' if '0x3' in small[0] else 'udec' if '4660' in big[0] else 'imm'
        if zero and zero != 'misaligned' and ' ' not in zero[0]:
            style += '0'  # a zero immediate is left out
        mnem, ops, n, text = parsed[op]
        parsed[op] = (mnem, [style if t in ('dec', 'hex') else t for t in ops], n, text)


def rule_id(rule):
    if rule not in RULES:
        RULES[rule] = len(RULES)
    return 'R%d' % RULES[rule]


IMM_COMMENT_RE = re.compile(r"/\*Invalid immediate\*/")
COMMENT_RE = re.compile(r"/\*Invalid register, operand has '(\w+)' register class\*/")
# How many codes a register field spans and how a code maps to the printed register.
FIELD_SPAN = {'src0': 512, 'src1': 512, 'src2': 512, 'ssrc0': 256, 'ssrc1': 256, 'sdst': 128, 'sdata': 128,
              'soffset': 128, 'saddr': 128, 'sbase': 64, 'srsrc': 32}
VGPR_PROBES = (0, 127, 128, 255)


def field_codes(fmt, name, file):
    """The field values worth probing: every scalar code, and the VGPR range ends."""
    width = next(f[3] for f in FORMATS[fmt]['fields'] if f[0] == name)
    span = FIELD_SPAN.get(name)
    if span == 512:
        return list(range(256)) + [256 + v for v in VGPR_PROBES]
    if span or file in ('s', 'm'):
        return list(range(1 << width))
    return list(VGPR_PROBES)


LIT_PROBES = (0xffff1200, 0x3c00, 0x3ff00000)


def literal_class(texts, is64):
    """How LLVM prints a literal for this operand, from the texts of the three literal probes:
    i16/f16 (low half only, with or without f16 constants), b32, i64 or f64 (the dword is the high half)."""
    t_mask, t_f16, t_f64 = texts
    if is64:
        return 'f64' if '1.0' in t_f64 else 'i64'
    if '0xffff1200' not in t_mask:
        return 'f16' if '1.0' in t_f16 else 'i16'
    return 'b32'


def probe_rules(fmt, rows_base, files):
    """For every register operand of every opcode: which codes LLVM accepts ('o'), rejects ('.')
    or prints with an 'Invalid register' comment ('c', with the register class named)."""
    cands, keys = [], []
    for op, (s, (text, n), vals) in sorted(rows_base.items()):
        for name in sorted({f for (o, f) in files if o == op}):
            for code in field_codes(fmt, name, files[(op, name)]):
                v = dict(vals)
                v[name] = code
                lits = LIT_PROBES if code == 255 and FIELD_SPAN.get(name, 0) >= 256 else LIT_PROBES[:1]
                for lit in lits:
                    cands.append(encode(fmt, op, v) + [lit])
                    keys.append((op, name, code, lit))
    res = [r if r != "misaligned" else None for r in disassemble(cands)]
    rules = {}
    for (op, name, code, lit), r in zip(keys, res):
        d = rules.setdefault((op, name), {'chars': [], 'cls': '', 'lits': {}, 'long': False})
        if code == 255 and lit != LIT_PROBES[0]:
            d['lits'][lit] = r[0] if r else ''
            continue
        if code == 255:
            d['lits'][lit] = r[0] if r else ''
        if r is None:
            d['chars'].append('.')
            continue
        m = COMMENT_RE.search(r[0]) or IMM_COMMENT_RE.search(r[0])
        # a comment on another operand of the probe does not concern this field
        base = rows_base[op][1][0]
        if m and len(COMMENT_RE.findall(r[0]) + IMM_COMMENT_RE.findall(r[0])) > len(COMMENT_RE.findall(base)):
            d['chars'].append('c')
            if m.re is COMMENT_RE:
                d['cls'] = m.group(1)
        else:
            d['chars'].append('o')
        if code == 248 and '0.15915494309189532' in r[0]:
            d['long'] = True
    out = {}
    for key, d in rules.items():
        lit = ''
        if len(d['lits']) == 3 and all(d['lits'].values()):
            lit = literal_class([d['lits'][x] for x in LIT_PROBES], d['long'])
        out[key] = (''.join(d['chars']), d['cls'], lit)
    return out


# Old spellings LLVM 19 still accepts: each rule rewrites part of a current mnemonic; a candidate is
# kept only if llvm-mc-19 assembles it to the same bytes as the current name.
ALIAS_RULES = [
    ('_b32', '_dword'), ('_b64', '_dwordx2'), ('_b96', '_dwordx3'), ('_b128', '_dwordx4'), ('_b256', '_dwordx8'),
    ('_b512', '_dwordx16'), ('_u8', '_ubyte'), ('_i8', '_sbyte'), ('_u16', '_ushort'), ('_i16', '_sshort'),
    ('_b8', '_byte'), ('_b16', '_short'), ('ds_load', 'ds_read'), ('ds_store', 'ds_write'), ('_2addr', '2'),
    ('_stride64', '_st64'), ('_nc_', '_'), ('_not1_', 'n2_'), ('_pk_rtz_', '_pkrtz_'), ('_u32', ''),
    ('_u64', '_x2'), ('_b32', ''), ('_b64', '_x2'), ('storexchg', 'wrxchg'), ('_rtn', '_rtn'),
    ('_d16_b16', '_short_d16'), ('_d16_hi_b16', '_short_d16_hi'), ('_d16_u8', '_ubyte_d16'),
    ('_d16_i8', '_sbyte_d16'), ('_d16_hi_u8', '_ubyte_d16_hi'), ('_d16_hi_i8', '_sbyte_d16_hi'),
    ('_d16_hi_b8', '_byte_d16_hi'), ('_f32', ''), ('_co_ci_', 'c_co_'), ('_i32', ''), ('v_cmpx_', 'v_cmpx_'),
]


def alias_candidates(name):
    cands = set()
    for a, b in ALIAS_RULES:
        if a in name:
            cands.add(name.replace(a, b, 1))
    more = set()
    for c in cands:  # two rewrites (e.g. ds_load_2addr_b32 -> ds_read2_b32 -> ds_read2_dword is not LLVM's)
        for a, b in ALIAS_RULES:
            if a in c:
                more.add(c.replace(a, b, 1))
    return (cands | more) - {name}


def write_aliases():
    """isa/rdna3/aliases.def: old mnemonic -> current mnemonic, as llvm-mc-19 accepts them."""
    rows = []
    for fn in sorted(os.listdir(OUT_DIR)):
        if fn.endswith('.def') and not fn.startswith(('rules', 'dpp_ctrl', 'buffer_formats', 'aliases', 'vopd')):
            for line in open(os.path.join(OUT_DIR, fn)):
                m = re.match(r'R3OP\(\w+, 0x[0-9a-f]+, (\w+), .*/\* (.*) \*/$', line)
                if m:
                    rows.append((m.group(1), m.group(2)))
    lines, keys = [], []
    for name, text in rows:
        base = re.sub(r'_e(32|64)$', '', name)
        ops = text.partition(' ')[2]
        lines.append(text)
        keys.append((name, None))
        for c in sorted(alias_candidates(base)):
            lines.append((c + ' ' + ops).strip())
            keys.append((name, c))
    res = assemble(lines)
    enc = {}
    for (name, c), r in zip(keys, res):
        if c is None and r[0] == 'ok':
            enc[name] = r[2]
    found = {}
    for (name, c), r in zip(keys, res):
        if c is not None and r[0] == 'ok' and enc.get(name) == r[2] and c not in found:
            found[c] = re.sub(r'_e(32|64)$', '', name)
    with open(os.path.join(OUT_DIR, 'aliases.def'), 'w') as f:
        f.write('/* Old mnemonics llvm-mc-19 accepts for gfx1100, with the current name they stand for.\n')
        f.write('   Generated by tools/gen_rdna3_tables.py; do not edit by hand. R3ALIAS(old, current) */\n')
        for old in sorted(found):
            f.write('R3ALIAS("%s", "%s")\n' % (old, found[old]))
    print('aliases: %d' % len(found))


def write_buffer_formats():
    """MTBUF format names, as LLVM prints them for each value of the 7-bit FORMAT field."""
    write_probe_table('buffer_formats', 'gfx11 buffer data formats by value, as LLVM names them in format:[...].',
                      'R3BUFFMT', [[0xe8000000 | (f << 19), 0x80410102] for f in range(128)],
                      r'format:\[(\w+)\]', False)


def main():
    # rule ids are numbered across all formats, so the tables are always generated together
    only = sys.argv[1:]
    write_buffer_formats()
    write_dpp_ctrl()
    write_exp_targets()
    for fmt in FORMATS:
        if only and fmt not in only:
            continue
        rows = probe_format(fmt)
        path = os.path.join(OUT_DIR, fmt.lower() + '.def')
        with open(path, 'w') as f:
            f.write('/* %s opcodes of gfx1100: the only place they are named.\n' % fmt)
            f.write('   Generated by tools/gen_rdna3_tables.py from llvm-mc-19; do not edit by hand.\n')
            f.write('   R3OP(format, opcode, mnemonic, operands, optional fields, probe bytes, handler) */\n')
            for op, mnem, ops, n, cls, text in rows:
                f.write('R3OP(%s, 0x%03x, %s, "%s", "%s", %d, %s) /* %s */\n' % (
                    fmt, op, mnem, ' '.join(ops), ' '.join(cls), n, handler_of(fmt, mnem), text))
        print('%s: %d opcodes -> %s' % (fmt, len(rows), os.path.relpath(path)))
    with open(os.path.join(OUT_DIR, 'rules.def'), 'w') as f:
        f.write('/* Operand rules of gfx1100: for each field code, whether LLVM accepts it (o), rejects the\n')
        f.write('   encoding (.) or prints it with an "Invalid register" comment naming the class (c).\n')
        f.write('   Scalar codes first, then v0, v127, v128, v255 for 9-bit source fields.\n')
        f.write('   Generated by tools/gen_rdna3_tables.py; do not edit by hand.\n')
        f.write('   R3RULE(id, codes, register class, literal class: i16 f16 b32 i64 f64, empty if none) */\n')
        for rule, i in sorted(RULES.items(), key=lambda kv: kv[1]):
            f.write('R3RULE(%d, "%s", "%s", "%s")\n' % (i, rule[0], rule[1], rule[2]))
    write_aliases()
    gen_rdna3_mimg.main()  # image opcodes and their register layouts


if __name__ == '__main__':
    main()
