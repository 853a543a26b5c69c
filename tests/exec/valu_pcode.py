#!/usr/bin/env python3
# The second, independent model of the gfx1100 VALU (issue 15): the row functions of
# valu_pcode_int.py and valu_pcode_float.py, written from the pseudocode of AMD's RDNA3 ISA guide,
# behind exactly the command-line protocol of tests/exec/valu_ref.c:
#   valu_pcode.py --types OP   prints OP's operand types "dst src0 src1 src2" ("-" when unknown)
#   valu_pcode.py OP           reads "MODE A B C CARRY LANE DINIT [NEG ABS OMOD CLAMP [OPSEL OPSEL_HI]]"
#                              lines (hex) and prints "D MASK TOL" (D 64-bit hex; the 128-bit
#                              v_mqsad_u32_u8 takes C and prints D as 128-bit hex), applying the
#                              row's hardware-evidence override (overrides()) if it has one
#   valu_pcode.py --literal OP the same with the literal pseudocode row
# The VOP3 modifiers are applied here, from the guide's description of the VOP3 and VOP3P
# encodings (written independently of valu_ref.c's main(); the decisions where the guide is
# silent are explained at apply_row() below). tests/exec/valu_pcode_check.py imports this module.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import valu_pcode_int  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
M64 = (1 << 64) - 1

# operand types: 16-bit scalar operands (OP_SEL picks their half), sign bits NEG/ABS act on
HALF = ('f16', 'i16', 'u16', 'b16', 'bf16')
SIGN_BITS = {'f16': 0x8000, 'bf16': 0x8000, 'pf16': 0x80008000, 'pbf16': 0x80008000, 'f32': 1 << 31, 'f64': 1 << 63}
# how many low bits of the destination register a result of each type writes (the rest keep DINIT)
WIDTH = {'b16': 16, 'i16': 16, 'u16': 16, 'f16': 16, 'bf16': 16, 'b32': 32, 'i32': 32, 'u32': 32, 'f32': 32,
         'pf16': 32, 'pbf16': 32, 'b64': 64, 'i64': 64, 'u64': 64, 'f64': 64, 'b128': 128, 'mask': 0, '-': 0, 'lane': 0, 'wmma': 0}


class Ctx:
    """One lane's operands and results, as the row functions see them."""
    __slots__ = ('mode', 's', 'carry', 'lane', 'dinit', 'd', 'mask', 'tol', 'neg', 'abs_', 'omod', 'clamp',
                 'opsel', 'opsel_hi')

    def __init__(self):
        self.mode = 0
        self.s = [0, 0, 0]
        self.carry = self.lane = self.dinit = self.d = self.mask = self.tol = 0
        self.neg = self.abs_ = self.omod = self.clamp = self.opsel = self.opsel_hi = 0


_rows = None
_vop3p = None


def rows():
    """All row models: {name: (types, fn, cite)}; the float module is optional (loaded lazily)."""
    global _rows
    if _rows is None:
        merged = dict(valu_pcode_int.ROWS)
        try:
            import valu_pcode_float
        except ImportError:
            valu_pcode_float = None
        if valu_pcode_float is not None:
            for name, row in valu_pcode_float.ROWS.items():
                if name in merged:
                    raise SystemExit('valu_pcode: %s is modelled by both the integer and the float module' % name)
                merged[name] = row
        _rows = merged
    return _rows


_overrides = None


def overrides():
    """The hardware-evidence replacements of rows: {name: (types, fn, cite)} (valu_pcode_float's
    HW_OVERRIDES: places where docs/isa-notes-rdna3.md documents, with evidence from outside the
    project, that the hardware departs from the literal pseudocode)."""
    global _overrides
    if _overrides is None:
        try:
            import valu_pcode_float
        except ImportError:
            valu_pcode_float = None
        _overrides = dict(valu_pcode_float.HW_OVERRIDES) if valu_pcode_float is not None else {}
        for name, row in _overrides.items():
            if name not in rows() or rows()[name][0] != row[0]:
                raise SystemExit('valu_pcode: override %s does not match a row of the same operand types' % name)
    return _overrides


def vop3p_rows():
    """Model names of the VOP3P table (their sources are packed: the row functions apply OP_SEL,
    OP_SEL_HI and NEG/NEG_HI themselves)."""
    global _vop3p
    if _vop3p is None:
        import re
        names = set()
        for line in open(os.path.join(ROOT, 'isa', 'rdna3', 'vop3p.def')):
            m = re.match(r'R3OP\(\w+, 0x[0-9a-f]+, v_(\w+?)(?:_e32|_e64)?,', line)
            if m:
                names.add(m.group(1))
        _vop3p = names
    return _vop3p


def types_of(name):
    row = rows().get(name)
    return row[0] if row else '-'


SELECTIONS = ('min_f', 'max_f', 'min3_f', 'max3_f', 'med3_f', 'minmax_f', 'maxmin_f', 'pk_min_f16', 'pk_max_f16')


def output_modifiers(x, fmt, mode, omod, clamp, sel=False):
    """OMOD, then CLAMP, then the output denormal flush, on a float result x of format fmt.
    OMOD (1: x2, 2: x4, 3: /2) takes effect only with IEEE mode off and output denormals of the
    result's format flushed (LLVM SIFoldOperands: "omod is ignored by hardware if IEEE bit is
    enabled" and "If output denormals are enabled, omod is ignored"). NaN and infinity pass
    unchanged: OMOD only acts with IEEE mode off, and without IEEE mode no operation quiets a
    signaling NaN (LLVM SIModeRegisterDefaults: the IEEE bit is what makes "floating point opcodes
    ... quiet and propagate signaling NaN inputs"). A zero result comes out +0, also when a tiny
    negative value rounds to zero (SIFoldOperands: omod "does not correctly handle signed zeros",
    which is why LLVM folds a multiply into OMOD only under no-signed-zeros). CLAMP limits to
    [0.0, 1.0]: below 0 (and -infinity) gives +0, and so does -0 (guide 7.2, the CLMP field: "-0
    is clamped to +0"), above 1 gives 1.0, and a NaN gives +0 when
    DX10_CLAMP is set, else passes through unchanged (SIModeRegisterDefaults: DX10_CLAMP "when
    set, clamp NaN to zero; otherwise, pass NaN through"); CLAMP follows OMOD (SIFoldOperands:
    "Clamp is applied after omod"). A min/max selection (`sel`) keeps a denormal result whenever
    input denormals are kept (the guide's V_MIN_F32 and other min/max Notes: "outputs as a denorm
    regardless of output denorm mode"); OMOD still follows the output mode."""
    import pcode_fp as fp
    from fractions import Fraction
    x &= (1 << fp.width(fmt)) - 1
    if omod and not fp.ieee_mode(mode) and not fp.keep_out(mode, fmt):
        if fp.is_finite(x, fmt):
            scale = {1: Fraction(2), 2: Fraction(4), 3: Fraction(1, 2)}[omod]
            x = fp.round_to(fp.value(x, fmt) * scale, fmt, fp.rmode_of(mode, fmt), True, zero_sign=0)
            if fp.is_zero(x, fmt):
                x = 0
    if clamp:
        if fp.is_nan(x, fmt):
            x = 0 if fp.dx10_clamp(mode) else x
        elif fp.sign(x, fmt):
            x = 0
        elif not fp.sign(x, fmt) and (fp.is_inf(x, fmt) or fp.value(x, fmt) > 1):
            x = fp.one(fmt)
    if sel and fp.keep_in(mode, fmt):
        return x
    return fp.flush_out(x, fmt, mode)


def output_modifiers_gfx1100(x, fmt, mode, omod, clamp, rule, sel=False):
    """OMOD and CLAMP as gfx1100 applies them, for the rows whose hardware-evidence override carries
    an output rule (valu_pcode_float's gfx1100 MODE overrides): the row has run with MODE's own
    output denormal control (tininess after rounding), so x is the rounded and flushed result. OMOD
    scales that value exactly and rounds it in MODE's rounding of the format (an overflow toward
    zero gives the largest finite value), a scaled result tiny after rounding becoming a zero of its
    sign where outputs are flushed and a zero result +0; then CLAMP as in output_modifiers(). The
    output is flushed unless MODE keeps the format's output denormals (a min/max selection also when
    it keeps input denormals, as in output_modifiers()). `rule` = (always_flush, omod_any_denorm,
    omod_rne): the output is flushed whatever MODE says (the dx9 fmas; the f32 rcp, rcp_iflag, rsq,
    sqrt, exp, log); OMOD applies whenever IEEE = 0, whatever the output denormal control (the dx9
    fmas and the f32 transcendentals; otherwise only with the output denormals flushed); OMOD's
    scaling rounds to nearest even (the f32 transcendentals, an overflow infinite). Evidence
    (docs/isa-notes-rdna3.md "MODE rules measured on gfx1100 (2026-11-28)"; AMD rocjitsu
    tests/valu_fp_mode_test.cpp, Radeon Pro W7900 captures): omod_underflow_cases (-(2^-126 - 2^-150)
    with div:2 is -0; OMOD takes the flushed result), f16_fma_omod_cases ("round the arithmetic
    before applying OMOD"), legacy_rounded_result_modifier_cases, adjacent_fp_cases
    LdexpF32OmodOverflow / LdexpF64OmodOverflow (toward zero: the largest finite value), dx9_fma_cases
    TinyBeforePacking (the dx9 fmas flush in all 32 MODEs) and their OMOD rows, transcendental_policy_
    cases RcpScaleDenormMode / RsqScaleDenormMode / CosScaleDenormMode (OMOD with MODE 0xf0) and
    RcpScaleOverflow, log_exp_policy_cases LogScale / Scale rows."""
    import pcode_fp as fp
    from fractions import Fraction
    always_flush, omod_any_denorm, omod_rne = rule
    x &= (1 << fp.width(fmt)) - 1
    keep = not always_flush and (fp.keep_out(mode, fmt) or (sel and fp.keep_in(mode, fmt)))
    if not keep:
        x = fp.flush_out(x, fmt, 0)  # (the row flushed it already: a no-op)
    if omod and not fp.ieee_mode(mode) and (omod_any_denorm or not fp.keep_out(mode, fmt)) and fp.is_finite(x, fmt):
        if fp.is_zero(x, fmt):
            x = 0
        else:
            v = fp.value(x, fmt) * {1: Fraction(2), 2: Fraction(4), 3: Fraction(1, 2)}[omod]
            r = fp.round_to(v, fmt, 'rne' if omod_rne else fp.rmode_of(mode, fmt), True)
            if fp.is_zero(r, fmt):
                x = 0
            elif not keep and fp.tiny_after_rounding(v, fmt):  # (v is exact at the format's precision)
                x = fp.zero(fmt, fp.sign(r, fmt))
            else:
                x = r
    if clamp:
        if fp.is_nan(x, fmt):
            x = 0 if fp.dx10_clamp(mode) else x
        elif fp.sign(x, fmt):
            x = 0
        elif fp.is_inf(x, fmt) or fp.value(x, fmt) > 1:
            x = fp.one(fmt)
    return x if keep else fp.flush_out(x, fmt, 0)


FLOAT_FORMATS = None


def _float_format(t):
    global FLOAT_FORMATS
    if FLOAT_FORMATS is None:
        import pcode_fp as fp
        FLOAT_FORMATS = {'f16': fp.F16, 'f32': fp.F32, 'f64': fp.F64}
    return FLOAT_FORMATS.get(t)


def apply_row(name, row, mode, a, b, c, carry, lane, dinit, neg=0, abs_=0, omod=0, clamp=0, opsel=0, opsel_hi=0):
    """One lane of row `name` with its modifiers; returns (D, MASK, TOL).
    VOP3 (not VOP3P) modifiers, from the guide's VOP3 encoding description:
      OP_SEL[k] (k = 0..2) reads the high half of source k when it is a 16-bit scalar operand;
      OP_SEL[3] writes a 16-bit result to the high half of D (the low half kept), and an
      accumulator read from D (fmac) reads that half; a 16-bit result otherwise replaces D[15:0]
      and leaves the rest of the register alone, a 32-bit one D[31:0].
      ABS clears and NEG flips the sign of a float source (ABS first, so -|x|), both halves of a
      packed 16-bit source; integer sources are untouched. This is done on the raw bits before the
      operation, so input denormal flushing (the row's business) sees the modified value.
      After the row: OMOD, CLAMP and the output denormal flush (output_modifiers()); while they
      are pending the row runs with the result format's output denormals kept so a denormal
      intermediate is flushed only once, at the end (the guide flushes the value written). A
      gfx1100 MODE override (a row tuple with a fourth element, its output rule) runs with MODE's
      own output control instead and then takes output_modifiers_gfx1100(): the hardware applies
      OMOD to the rounded and flushed result.
    VOP3P rows get the fields untouched (c.opsel, c.opsel_hi, c.neg, c.abs_ = NEG_HI) and apply
    them themselves; only CLAMP of a float result is applied here for them too."""
    types = row[0].split()
    while len(types) < 4:
        types.append('-')
    fn = row[1]
    ctx = Ctx()
    ctx.mode, ctx.carry, ctx.lane = mode, carry, lane
    ctx.neg, ctx.abs_, ctx.omod, ctx.clamp, ctx.opsel, ctx.opsel_hi = neg, abs_, omod, clamp, opsel, opsel_hi
    src = [a, b, c]
    dst = types[0]
    dst_hi = False
    if name not in vop3p_rows():
        for k in range(3):
            if types[k + 1] in HALF:
                src[k] = (src[k] >> (16 if (opsel >> k) & 1 else 0)) & 0xffff
            sign = SIGN_BITS.get(types[k + 1], 0)
            if (abs_ >> k) & 1:
                src[k] &= ~sign
            if (neg >> k) & 1:
                src[k] ^= sign
        dst_hi = bool((opsel >> 3) & 1) and dst in HALF
    ctx.s = src
    ctx.dinit = dinit >> 16 if dst_hi else dinit
    ctx.d = ctx.dinit
    fmt = _float_format(dst)
    # a gfx1100 MODE override (a fourth element: its output rule) runs with MODE's own output
    # control and takes output_modifiers_gfx1100
    out_rule = row[3] if len(row) > 3 else None
    pending = fmt is not None and (omod or clamp)
    if pending and out_rule is None:
        import pcode_fp as fp
        ctx.mode = mode | (0x80 if fmt in (fp.F16, fp.F64) else 0x20)
    fn(ctx)
    d = ctx.d
    if pending and out_rule is not None:
        d = output_modifiers_gfx1100(d, fmt, mode, omod, clamp, out_rule, name.startswith(SELECTIONS))
    elif pending:
        d = output_modifiers(d, fmt, mode, omod, clamp, name.startswith(SELECTIONS))
    w = WIDTH.get(dst, 32)
    if dst_hi:
        d = (dinit & ~0xffff0000) | (d & 0xffff) << 16
    elif w:
        wmask = (1 << w) - 1
        d = (dinit & ~wmask) | (d & wmask)
    else:
        d = dinit
    if w < 128:
        d &= M64
    return d, ctx.mask & 1, ctx.tol


def run_lines(name, lines, literal=False):
    """The protocol's per-line evaluation (with the row's HW_OVERRIDES replacement unless
    `literal`); yields output lines."""
    row = rows()[name] if literal else overrides().get(name, rows()[name])
    for line in lines:
        f = line.split()
        if not f:
            continue
        if len(f) < 7:
            raise ValueError('short line: %r' % line)
        v = [int(x, 16) for x in f[:13]]
        d, mask, tol = apply_row(name, row, *v)
        yield '%0*x %d %d' % (32 if WIDTH.get(row[0].split()[0]) == 128 else 16, d, mask, tol)


def main(argv):
    if len(argv) == 3 and argv[1] == '--types':
        print(types_of(argv[2]))
        return 0
    literal = len(argv) == 3 and argv[1] == '--literal'
    if literal:
        argv = argv[:1] + argv[2:]
    if len(argv) != 2:
        print('usage: valu_pcode.py --types OP | valu_pcode.py [--literal] OP < lines', file=sys.stderr)
        return 2
    name = argv[1]
    row = rows().get(name)
    if row is None or row[0].split()[0] in ('lane', 'wmma'):  # not one lane at a time: see valu_pcode_int
        return 3
    try:
        out = []
        for text in run_lines(name, sys.stdin, literal):
            out.append(text)
    except ValueError:
        return 4
    sys.stdout.write(''.join(o + '\n' for o in out))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
