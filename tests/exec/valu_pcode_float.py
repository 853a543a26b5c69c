# Second, independent model of the RDNA3 (gfx1100) VALU operations that read or write floating
# point values (issue 15): one function per operation, each following the RDNA3 ISA reference
# guide's pseudocode (chapter 16, "Instructions": the VOP1, VOP2, VOP3, VOP3SD, VOP3P and VOPC
# opcode lists, as extracted in tinygrad's extra/assembly/amd/autogen/rdna3/str_pcode.py) and the
# guide's per-instruction Notes, written without reference to tests/exec/valu_ref.c's operation
# bodies or to src/.  Exact arithmetic throughout (fractions.Fraction via pcode_fp.py).
#
# Calling convention (that of tests/exec/valu_ref.c's ctx, driven by tests/exec/valu_pcode.py):
# a row function fn(c) reads c.mode, c.s[0..2] (register contents of the sources, with OP_SEL
# halves already selected for 16-bit sources and NEG/ABS already applied to float sources, except
# for the VOP3P rows (fma_mix*, pk_*_f16 but the VOP2 pk_fmac_f16, dot2_f32_f16/bf16), which apply
# c.neg/c.abs_ (NEG_HI)/c.opsel/c.opsel_hi themselves), c.carry (the
# lane's VCC bit), c.dinit (the destination's old contents: the accumulator of fmac-style rows)
# and sets c.d (destination register contents: only the result's bits change), c.mask (the lane's
# bit of a written SGPR mask / EXEC) and c.tol (ulps allowed: 1 for transcendentals).
#
# Where the pseudocode leaves something open, the reading taken is stated in the row's docstring.
# General rules applied to every row (guide chapter 16 Notes and the MODE register description):
#   * a float source whose MODE input-denormal bit is 0 reads as a zero of its sign;
#   * a float result whose MODE output-denormal bit is 0 is written as a zero of its sign when
#     it comes out denormal (min/max/med3 and their relatives: only the input control applies,
#     as their Notes say);
#   * a typed operation in the pseudocode (+, -, *, fma, f32_to_f16, ...) rounds by the MODE
#     rounding mode of its result format;
#   * an arithmetic operation with a NaN operand returns the first NaN operand in the
#     pseudocode expression's operand order (IEEE 754 leaves the choice open), quieted when MODE.IEEE
#     is 1 and as it is (a signalling NaN too) when it is 0: the guide's MODE table ("IEEE==1 ...
#     quiet and propagate signaling NaN inputs per IEEE 754-2008") and AMD rocjitsu's gfx1100 register
#     captures (valu_fp_mode_test.cpp: v_add/mul_f32, the fmas, the transcendentals keep an sNaN with
#     IEEE = 0);
#   * an invalid operation (inf - inf, 0 * inf) returns the NEGATIVE default NaN (0xffc00000 /
#     0xfe00 / 0xfff8...), as the guide's functional examples for V_LOG/V_SQRT/V_RSQ/V_SIN/V_COS show
#     for the transcendentals and rocjitsu's gfx1100 captures of invalid f16 fmas show for the
#     arithmetic; in an fma an invalid product wins over a NaN addend (the same captures).
#
# HW_OVERRIDES holds, separately, the places where docs/isa-notes-rdna3.md documents (with evidence
# from outside the project) that hardware departs from the literal pseudocode; each entry has the
# row's operand types, a docstring giving the evidence and a short citation, and
# tests/exec/valu_pcode_check.py compares valu_ref.c with the override where there is one (reporting
# how many inputs it changed). The gfx1100 MODE overrides at the end (tininess after rounding, OMOD
# on the rounded and flushed result, the dx9 fmas' flush, the transcendentals' rounding, fma_mix's
# f16 rounding) wrap every float-result row, its earlier override included, and carry a fourth
# element, the output rule valu_pcode.apply_row applies. The float WMMA rows work on whole
# matrices: wmma_float_image().

import math
from fractions import Fraction

import pcode_fp as P
from pcode_fp import F16, BF16, F32, F64

MASK16, MASK32, MASK64 = 0xffff, 0xffffffff, (1 << 64) - 1
GUIDE = 'RDNA3 ISA reference guide, chapter 16 opcode lists'
PCODE = 'tinygrad extra/assembly/amd/autogen/rdna3/str_pcode.py'

ROWS = {}
HW_OVERRIDES = {}


# ---------------------------------------------------------------- plumbing
IEEE = True  # MODE.IEEE of the row being run (_begin): whether a NaN source comes back quieted


def qn(b, f):
    """A NaN source as a result: quieted in IEEE mode, as it is with MODE.IEEE = 0."""
    return P.quiet(b, f) if IEEE else b


def _begin(c):
    global IEEE
    IEEE = P.ieee_mode(c.mode)
    if getattr(c, 'd', None) is None:
        c.d = c.dinit
    c.mask = 0
    c.tol = 0


def _register(table, name, types, cite, tol, fn):
    def run(c, _fn=fn, _tol=tol):
        _begin(c)
        _fn(c)
        c.tol = _tol
    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    table[name] = (types, run, cite)
    return run


def row(name, types, cite, tol=0):
    """Decorator: registers fn as the pseudocode row `name`."""
    return lambda fn: _register(ROWS, name, types, cite, tol, fn)


def override(name, cite, tol=0):
    """Decorator: registers fn as the hardware-evidence replacement for row `name`."""
    return lambda fn: _register(HW_OVERRIDES, name, ROWS[name][0], cite, tol, fn)


def put16(c, v):
    c.d = (c.d & ~MASK16) | (v & MASK16)


def put32(c, v):
    c.d = (c.d & ~MASK32) | (v & MASK32)


def put64(c, v):
    c.d = v & MASK64


def put(c, f, v):
    {16: put16, 32: put32, 64: put64}[P.width(f)](c, v)


def src(c, k, f):
    return c.s[k] & P.all_mask(f)


def fin(c, k, f):
    """Source k of format f after the MODE input-denormal control."""
    return P.flush_in(src(c, k, f), f, c.mode)


def accumulator(c, f):
    """The destination's old value as an fmac-style input (flushed like any source)."""
    return P.flush_in(c.dinit & P.all_mask(f), f, c.mode)


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def neg_nan(f):
    return P.default_nan(f) | P.sign_bit(f)


# ---------------------------------------------------------------- exact IEEE operations on bits
# Every t_* function takes and returns bit patterns of format f; NaN operands propagate (first one,
# qn), invalid operations give the negative default NaN, and the result is rounded once.
INF = float('inf')


def key(b, f):
    """Value of a non-NaN b for comparisons (+-inf as floats, finite values exact; -0 == +0)."""
    if P.is_inf(b, f):
        return -INF if P.sign(b, f) else INF
    return P.value(b, f)


def fcmp(a, b, f):
    """-1/0/1 comparing two bit patterns as IEEE values, None when unordered."""
    if P.is_nan(a, f) or P.is_nan(b, f):
        return None
    x, y = key(a, f), key(b, f)
    return (x > y) - (x < y)


def first_nan(f, *ops):
    for b in ops:
        if P.is_nan(b, f):
            return qn(b, f)
    return None


def inf_times_zero(a, b, f):
    """a * b is invalid: 0 * inf (of the sources as read, after input flushing)."""
    return (P.is_zero(a, f) and P.is_inf(b, f)) or (P.is_inf(a, f) and P.is_zero(b, f))


def encode(v, s, f, rm, keep):
    """Rounds the exact value v (Fraction, or +-INF) of zero-sign s to format f."""
    if v == INF or v == -INF:
        return P.inf(f, 1 if v < 0 else 0)
    return P.round_to(v, f, rm, keep, zero_sign=s)


def exact_sum(x, sx, y, sy, rm):
    """Exact x + y of two (value, zero-sign) pairs; returns (value, zero-sign) or None if invalid."""
    if x in (INF, -INF) and y in (INF, -INF):
        return (x, 0) if x == y else None
    if x in (INF, -INF):
        return x, 0
    if y in (INF, -INF):
        return y, 0
    v = x + y
    if v == 0:
        if x == 0 and y == 0 and sx == sy:
            return Fraction(0), sx
        return Fraction(0), 1 if rm == 'rdn' else 0
    return v, 0


def exact_product(x, sx, y, sy):
    """Exact x * y of two (value, sign) pairs; None if invalid (0 * inf)."""
    s = sx ^ sy
    if x in (INF, -INF) or y in (INF, -INF):
        if x == 0 or y == 0:
            return None
        return (INF if (x > 0) == (y > 0) else -INF), s
    return x * y, s


def operand(b, f):
    return key(b, f), P.sign(b, f)


def t_add(a, b, f, rm, keep=True):
    n = first_nan(f, a, b)
    if n is not None:
        return n
    r = exact_sum(*operand(a, f), *operand(b, f), rm)
    return P.default_nan(f) if r is None else encode(r[0], r[1], f, rm, keep)


def t_sub(a, b, f, rm, keep=True):
    n = first_nan(f, a, b)
    if n is not None:
        return n
    return t_add(a, P.neg(b, f), f, rm, keep)


def t_mul(a, b, f, rm, keep=True):
    n = first_nan(f, a, b)
    if n is not None:
        return n
    r = exact_product(*operand(a, f), *operand(b, f))
    return P.default_nan(f) if r is None else encode(r[0], r[1], f, rm, keep)


def t_fma(a, b, d, f, rm, keep=True):
    if inf_times_zero(a, b, f):  # an invalid product beats a NaN addend (rocjitsu gfx1100 captures)
        return P.default_nan(f)
    n = first_nan(f, a, b, d)
    if n is not None:
        return n
    p = exact_product(*operand(a, f), *operand(b, f))
    if p is None:
        return P.default_nan(f)
    r = exact_sum(p[0], p[1], *operand(d, f), rm)
    return P.default_nan(f) if r is None else encode(r[0], r[1], f, rm, keep)


def t_scale(a, e, f, rm, keep=True):
    """a * 2**e exactly, rounded once (ldexp)."""
    if P.is_nan(a, f):
        return P.quiet(a, f)
    if P.is_inf(a, f) or P.is_zero(a, f):
        return a
    e = max(-4 * (1 << f[1]) - 4 * f[0], min(4 * (1 << f[1]), e))  # beyond this the result saturates
    return P.round_to(P.value(a, f) * Fraction(2) ** e, f, rm, keep, zero_sign=P.sign(a, f))


def rm_keep(c, f):
    return P.rmode_of(c.mode, f), P.keep_out(c.mode, f)


# ---------------------------------------------------------------- add / sub / mul / fma families
def _binary(name, f, what, compute, swap=False):
    """Registers V_<name>: D = compute(S0, S1) (or of S1, S0 for the reversed forms)."""
    t = {F16: 'f16', F32: 'f32', F64: 'f64'}[f]

    def fn(c):
        a, b = fin(c, 0, f), fin(c, 1, f)
        if swap:
            a, b = b, a
        rm, keep = rm_keep(c, f)
        put(c, f, compute(a, b, f, rm, keep))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: %s. %s, V_%s; pseudocode (%s). Inputs and result follow the MODE '
                  'denormal controls, rounding the MODE rounding mode of %s; a NaN operand '
                  'propagates in the expression\'s operand order.' % (name.upper(), what, GUIDE,
                                                                     name.upper(), PCODE, t))
    row(name, '%s %s %s -' % (t, t, t), '%s V_%s: %s' % (GUIDE, name.upper(), what))(fn)


for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
    _binary('add_' + _t, _f, 'D = S0 + S1', t_add)
    _binary('mul_' + _t, _f, 'D = S0 * S1', t_mul)
    if _f is not F64:
        _binary('sub_' + _t, _f, 'D = S0 - S1', t_sub)
        _binary('subrev_' + _t, _f, 'D = S1 - S0', t_sub, swap=True)


def _fma_row(name, f, order, what, types):
    """Registers an fma-shaped row; order maps the fma operands to sources ('d' = accumulator)."""
    def fn(c):
        ops = [accumulator(c, f) if k == 'd' else fin(c, k, f) for k in order]
        rm, keep = rm_keep(c, f)
        put(c, f, t_fma(*ops, f, rm, keep))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: %s, one rounding (fused). %s, V_%s; pseudocode (%s). The accumulator D0 '
                  'of the fmac forms is the destination\'s old value, an input like the sources '
                  '(flushed by the input denormal control).' % (name.upper(), what, GUIDE,
                                                                name.upper(), PCODE))
    row(name, types, '%s V_%s: %s' % (GUIDE, name.upper(), what))(fn)


_fma_row('fma_f32', F32, (0, 1, 2), 'D = fma(S0, S1, S2)', 'f32 f32 f32 f32')
_fma_row('fma_f64', F64, (0, 1, 2), 'D = fma(S0, S1, S2)', 'f64 f64 f64 f64')
_fma_row('fma_f16', F16, (0, 1, 2), 'D = fma(S0, S1, S2)', 'f16 f16 f16 f16')
_fma_row('fmac_f32', F32, (0, 1, 'd'), 'D = fma(S0, S1, D0)', 'f32 f32 f32 -')
_fma_row('fmac_f16', F16, (0, 1, 'd'), 'D = fma(S0, S1, D0)', 'f16 f16 f16 -')
# fmamk: D = fma(S0, SIMM32, S1); fmaak: D = fma(S0, S1, SIMM32); the literal K is source 2 here
_fma_row('fmamk_f32', F32, (0, 2, 1), 'D = fma(S0, K, S1) (K the literal)', 'f32 f32 f32 k32')
_fma_row('fmaak_f32', F32, (0, 1, 2), 'D = fma(S0, S1, K) (K the literal)', 'f32 f32 f32 k32')
_fma_row('fmamk_f16', F16, (0, 2, 1), 'D = fma(S0, K.f16, S1) (K the literal)', 'f16 f16 f16 k16')
_fma_row('fmaak_f16', F16, (0, 1, 2), 'D = fma(S0, S1, K.f16) (K the literal)', 'f16 f16 f16 k16')


# ---------------------------------------------------------------- DX9 zero rule
@row('mul_dx9_zero_f32', 'f32 f32 f32 -', GUIDE + ' V_MUL_DX9_ZERO_F32: if S0 == 0 or S1 == 0 then D = +0.0 else D = S0 * S1')
def mul_dx9_zero_f32(c):
    """V_MUL_DX9_ZERO_F32 — RDNA3 ISA guide, VOP2/VOP3 opcode lists, pseudocode: when either factor
    equals 0.0 (compared as a value, after the input denormal control) the result is +0.0, even
    for an infinite or NaN other factor; otherwise the ordinary product S0 * S1."""
    a, b = fin(c, 0, F32), fin(c, 1, F32)
    rm, keep = rm_keep(c, F32)
    if (not P.is_nan(a, F32) and key(a, F32) == 0) or (not P.is_nan(b, F32) and key(b, F32) == 0):
        put32(c, 0)
    else:
        put32(c, t_mul(a, b, F32, rm, keep))


def _dx9_fma(c, addend):
    a, b = fin(c, 0, F32), fin(c, 1, F32)
    rm, keep = rm_keep(c, F32)
    if (not P.is_nan(a, F32) and key(a, F32) == 0) or (not P.is_nan(b, F32) and key(b, F32) == 0):
        put32(c, addend)  # a plain copy of the addend: the pseudocode does no arithmetic here
    else:
        put32(c, t_fma(a, b, addend, F32, rm, keep))


@row('fma_dx9_zero_f32', 'f32 f32 f32 f32', GUIDE + ' V_FMA_DX9_ZERO_F32: if S0 == 0 or S1 == 0 then D = S2 else D = fma(S0, S1, S2)')
def fma_dx9_zero_f32(c):
    """V_FMA_DX9_ZERO_F32 — RDNA3 ISA guide, VOP3 opcode list, pseudocode: if S0 or S1 equals 0.0
    (DX9 rule 0 * x = 0) then D = S2 (assigned as is: a -0 or NaN addend is copied unchanged)
    else D = fma(S0, S1, S2)."""
    _dx9_fma(c, fin(c, 2, F32))


@row('fmac_dx9_zero_f32', 'f32 f32 f32 -', GUIDE + ' V_FMAC_DX9_ZERO_F32: if S0 == 0 or S1 == 0 then D = S2 (the accumulator) else D = fma(S0, S1, D0)')
def fmac_dx9_zero_f32(c):
    """V_FMAC_DX9_ZERO_F32 — RDNA3 ISA guide, VOP2 opcode list, pseudocode: if S0 or S1 equals 0.0
    then D = S2 else D = fma(S0, S1, D0). Our reading: in this two-source accumulate form the
    guide's S2 is the accumulator D0 (the VOP3 form's third operand is the destination)."""
    _dx9_fma(c, accumulator(c, F32))


def _dx9_fma_plus_zero(c, addend):
    a, b = fin(c, 0, F32), fin(c, 1, F32)
    rm, keep = rm_keep(c, F32)
    if (not P.is_nan(a, F32) and key(a, F32) == 0) or (not P.is_nan(b, F32) and key(b, F32) == 0):
        put32(c, t_add(addend, 0, F32, rm, keep))  # S2 + 0.0: -0 gives +0 (but when rounding down), NaN quieted
    else:
        put32(c, t_fma(a, b, addend, F32, rm, keep))


_DX9_CITE = ('docs/isa-notes-rdna3.md DX9 zero rule; LLVM AMDGPUInstCombineIntrinsic.cpp amdgcn_fma_legacy '
             'fold (zero factor -> fadd 0.0, Op2)')


@override('fma_dx9_zero_f32', _DX9_CITE)
def fma_dx9_zero_f32_plus_zero(c):
    """V_FMA_DX9_ZERO_F32 with a dropped product giving S2 + 0.0 (an f32 addition by MODE: a -0
    addend gives +0 except when rounding toward -inf, a NaN addend comes back quieted), not a plain
    copy of S2. Evidence: LLVM's fold of llvm.amdgcn.fma.legacy (the intrinsic selected to this
    instruction) with a zero factor emits fadd(0.0, Op2), with the comment that returning Op2 itself
    "would give the wrong result if Op2 was -0.0" (AMDGPUInstCombineIntrinsic.cpp)."""
    _dx9_fma_plus_zero(c, fin(c, 2, F32))


@override('fmac_dx9_zero_f32', _DX9_CITE)
def fmac_dx9_zero_f32_plus_zero(c):
    """V_FMAC_DX9_ZERO_F32: as V_FMA_DX9_ZERO_F32's override, the accumulator D0 as the addend."""
    _dx9_fma_plus_zero(c, accumulator(c, F32))


# ---------------------------------------------------------------- min / max family
def v_min(a, b, f, mode):
    """V_MIN_* as the guide defines it (also the v_min_* function the 3-operand forms call)."""
    if P.ieee_mode(mode):
        if P.is_snan(a, f):
            return P.quiet(a, f)
        if P.is_snan(b, f):
            return P.quiet(b, f)
        if P.is_qnan(b, f):
            return a
        if P.is_qnan(a, f):
            return b
    else:
        if P.is_nan(b, f):
            return a
        if P.is_nan(a, f):
            return b
    r = fcmp(a, b, f)
    lt = r < 0 or (r == 0 and P.is_zero(a, f) and P.is_zero(b, f) and P.sign(a, f) and not P.sign(b, f))
    return a if lt else b


def v_max(a, b, f, mode):
    """V_MAX_* as the guide defines it."""
    if P.ieee_mode(mode):
        if P.is_snan(a, f):
            return P.quiet(a, f)
        if P.is_snan(b, f):
            return P.quiet(b, f)
        if P.is_qnan(b, f):
            return a
        if P.is_qnan(a, f):
            return b
    else:
        if P.is_nan(b, f):
            return a
        if P.is_nan(a, f):
            return b
    r = fcmp(a, b, f)
    gt = r > 0 or (r == 0 and P.is_zero(a, f) and P.is_zero(b, f) and not P.sign(a, f) and P.sign(b, f))
    return a if gt else b


def v_med3(a, b, d, f, mode):
    if P.is_nan(a, f) or P.is_nan(b, f) or P.is_nan(d, f):
        return v_min(v_min(a, b, f, mode), d, f, mode)
    hi = v_max(v_max(a, b, f, mode), d, f, mode)
    if fcmp(hi, a, f) == 0:  # value equality: +0 == -0
        return v_max(b, d, f, mode)
    if fcmp(hi, b, f) == 0:
        return v_max(a, d, f, mode)
    return v_max(a, b, f, mode)


_MINMAX = {
    'min': ('D = v_min(S0, S1)', 2, lambda a, b, d, f, m: v_min(a, b, f, m)),
    'max': ('D = v_max(S0, S1)', 2, lambda a, b, d, f, m: v_max(a, b, f, m)),
    'min3': ('D = v_min(v_min(S0, S1), S2)', 3, lambda a, b, d, f, m: v_min(v_min(a, b, f, m), d, f, m)),
    'max3': ('D = v_max(v_max(S0, S1), S2)', 3, lambda a, b, d, f, m: v_max(v_max(a, b, f, m), d, f, m)),
    'maxmin': ('D = v_min(v_max(S0, S1), S2)', 3, lambda a, b, d, f, m: v_min(v_max(a, b, f, m), d, f, m)),
    'minmax': ('D = v_max(v_min(S0, S1), S2)', 3, lambda a, b, d, f, m: v_max(v_min(a, b, f, m), d, f, m)),
    'med3': ('if any NaN then D = v_min3(S0, S1, S2) elsif v_max3(S0,S1,S2) == S0 then D = v_max(S1, S2) '
             'elsif v_max3(...) == S1 then D = v_max(S0, S2) else D = v_max(S0, S1) (== compares values)',
             3, v_med3),
}


def _minmax_row(op, t, f):
    what, nsrc, compute = _MINMAX[op]
    name = '%s_%s' % (op, t)

    def fn(c):
        a = fin(c, 0, f)
        b = fin(c, 1, f)
        d = fin(c, 2, f) if nsrc == 3 else 0
        put(c, f, compute(a, b, d, f, c.mode))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: %s. %s, V_%s; pseudocode (%s), with v_min/v_max being V_MIN/V_MAX: in '
                  'IEEE mode a signalling NaN (S0 first) is returned quieted, then a quiet NaN in S1 '
                  'gives S0 and one in S0 gives S1; without IEEE mode a NaN in S1 gives S0, then one '
                  'in S0 gives S1; -0 < +0. Notes: input denormal control applies, the output one '
                  'does not.' % (name.upper(), what, GUIDE, name.upper(), PCODE))
    types = ' '.join([t] * (nsrc + 1) + ['-'] * (3 - nsrc))
    row(name, types, '%s V_%s: %s' % (GUIDE, name.upper(), what))(fn)


for _op in ('min', 'max'):
    for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
        _minmax_row(_op, _t, _f)
for _op in ('min3', 'max3', 'maxmin', 'minmax', 'med3'):
    for _t, _f in (('f16', F16), ('f32', F32)):
        _minmax_row(_op, _t, _f)


# ---------------------------------------------------------------- compares
_PREDS = {
    'f': ('0', lambda r: False), 'lt': ('S0 < S1', lambda r: r is not None and r < 0),
    'eq': ('S0 == S1', lambda r: r == 0), 'le': ('S0 <= S1', lambda r: r is not None and r <= 0),
    'gt': ('S0 > S1', lambda r: r is not None and r > 0),
    'lg': ('S0 <> S1 (ordered and unequal)', lambda r: r is not None and r != 0),
    'ge': ('S0 >= S1', lambda r: r is not None and r >= 0),
    'o': ('!isNAN(S0) && !isNAN(S1)', lambda r: r is not None),
    'u': ('isNAN(S0) || isNAN(S1)', lambda r: r is None),
    'nge': ('!(S0 >= S1)', lambda r: not (r is not None and r >= 0)),
    'nlg': ('!(S0 <> S1)', lambda r: not (r is not None and r != 0)),
    'ngt': ('!(S0 > S1)', lambda r: not (r is not None and r > 0)),
    'nle': ('!(S0 <= S1)', lambda r: not (r is not None and r <= 0)),
    'neq': ('!(S0 == S1)', lambda r: r != 0),
    'nlt': ('!(S0 < S1)', lambda r: not (r is not None and r < 0)),
    't': ('1', lambda r: True),
}


def _cmp_row(x, pred, t, f):
    what, test = _PREDS[pred]
    name = 'cmp%s_%s_%s' % (x, pred, t)

    def fn(c):
        c.mask = int(test(fcmp(fin(c, 0, f), fin(c, 1, f), f)))
    fn.__name__ = name
    fn.__doc__ = ('V_CMP%s_%s_%s: %s = %s. %s (VOPC, and VOP3 with an SGPR destination); pseudocode '
                  '(%s). IEEE comparisons (+0 == -0, NaN unordered); sources follow the input '
                  'denormal control.' % (x.upper(), pred.upper(), t.upper(),
                                         'EXEC[lane]' if x else 'D0[lane]', what, GUIDE, PCODE))
    row(name, 'mask %s %s -' % (t, t), '%s V_CMP%s_%s_%s: %s' % (GUIDE, x.upper(), pred.upper(), t.upper(), what))(fn)


def _class_row(x, t, f):
    name = 'cmp%s_class_%s' % (x, t)

    def fn(c):
        b, m = src(c, 0, f), c.s[1] & MASK32
        if P.is_snan(b, f):
            bit = 0
        elif P.is_qnan(b, f):
            bit = 1
        elif P.is_inf(b, f):
            bit = 2 if P.sign(b, f) else 9
        elif P.exp_field(b, f) > 0:
            bit = 3 if P.sign(b, f) else 8
        elif not P.is_zero(b, f):
            bit = 4 if P.sign(b, f) else 7
        else:
            bit = 5 if P.sign(b, f) else 6
        c.mask = (m >> bit) & 1
    fn.__name__ = name
    fn.__doc__ = ('V_CMP%s_CLASS_%s — %s; pseudocode (%s): result = S1.u32[k] with k = 0 signalling '
                  'NaN, 1 quiet NaN, 2/9 -/+infinity, 3/8 -/+normal (exponent field > 0), 4/7 '
                  '-/+denormal, 5/6 -/+zero. S0 is classified as written (no denormal flushing: '
                  'the test is on the encoding).' % (x.upper(), t.upper(), GUIDE, PCODE))
    row(name, 'mask %s cls -' % t, '%s V_CMP%s_CLASS_%s: D0[lane] = S1[class(S0)]' % (GUIDE, x.upper(), t.upper()))(fn)


for _x in ('', 'x'):
    for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
        for _p in _PREDS:
            _cmp_row(_x, _p, _t, _f)
        _class_row(_x, _t, _f)


# ---------------------------------------------------------------- conversions
def float_to_int(b, f, lo, hi):
    """The guide's f*_to_i*/u* conversions: NaN gives 0, out-of-range values (infinities too)
    saturate, others truncate toward zero (Notes: 'Conversion is done with truncation')."""
    if P.is_nan(b, f):
        return 0
    if P.is_inf(b, f):
        return lo if P.sign(b, f) else hi
    v = P.value(b, f)
    n = int(v)  # toward zero
    return max(lo, min(hi, n))


def _cvt_to_int(name, f, lo, hi, bits, types):
    def fn(c):
        n = float_to_int(fin(c, 0, f), f, lo, hi)
        (put16 if bits == 16 else put32)(c, n & ((1 << bits) - 1))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: D = %s(S0). %s; pseudocode (%s). Notes: out-of-range values, infinities '
                  'included, saturate; NaN converts to 0; truncation toward zero.'
                  % (name.upper(), name.replace('cvt_', '').split('_')[1] + '_to_' + name.split('_')[1],
                     GUIDE, PCODE))
    row(name, types, '%s V_%s: saturating truncating conversion, NaN -> 0' % (GUIDE, name.upper()))(fn)


_cvt_to_int('cvt_i32_f32', F32, -2 ** 31, 2 ** 31 - 1, 32, 'i32 f32 - -')
_cvt_to_int('cvt_u32_f32', F32, 0, 2 ** 32 - 1, 32, 'u32 f32 - -')
_cvt_to_int('cvt_i32_f64', F64, -2 ** 31, 2 ** 31 - 1, 32, 'i32 f64 - -')
_cvt_to_int('cvt_u32_f64', F64, 0, 2 ** 32 - 1, 32, 'u32 f64 - -')
_cvt_to_int('cvt_i16_f16', F16, -2 ** 15, 2 ** 15 - 1, 16, 'i16 f16 - -')
_cvt_to_int('cvt_u16_f16', F16, 0, 2 ** 16 - 1, 16, 'u16 f16 - -')


def _cvt_from_int(name, f, signed_bits, types):
    def fn(c):
        v = c.s[0] & ((1 << abs(signed_bits)) - 1)
        if signed_bits > 0:
            v = sext(v, signed_bits)
        rm, keep = rm_keep(c, f)
        put(c, f, P.round_to(Fraction(v), f, rm, keep))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: integer to float, D = %s(S0). %s; pseudocode (%s); rounding by the MODE '
                  'rounding mode of the result format (exact for f64 results).'
                  % (name.upper(), name, GUIDE, PCODE))
    row(name, types, '%s V_%s: integer to float conversion' % (GUIDE, name.upper()))(fn)


_cvt_from_int('cvt_f64_i32', F64, 32, 'f64 i32 - -')
_cvt_from_int('cvt_f64_u32', F64, -32, 'f64 u32 - -')
_cvt_from_int('cvt_f32_i32', F32, 32, 'f32 i32 - -')
_cvt_from_int('cvt_f32_u32', F32, -32, 'f32 u32 - -')
_cvt_from_int('cvt_f16_u16', F16, -16, 'f16 u16 - -')
_cvt_from_int('cvt_f16_i16', F16, 16, 'f16 i16 - -')


def _ubyte_row(k):
    name = 'cvt_f32_ubyte%d' % k

    def fn(c):
        put32(c, P.round_to(Fraction((c.s[0] >> (8 * k)) & 0xff), F32, 'rne'))
    fn.__name__ = name
    fn.__doc__ = ('V_CVT_F32_UBYTE%d: D = u32_to_f32(S0[%d:%d]) (exact). %s; pseudocode (%s).'
                  % (k, 8 * k + 7, 8 * k, GUIDE, PCODE))
    row(name, 'f32 u32 - -', '%s V_CVT_F32_UBYTE%d: D = float(byte %d of S0)' % (GUIDE, k, k))(fn)


for _k in range(4):
    _ubyte_row(_k)


@row('cvt_off_f32_i4', 'f32 u32 - -', GUIDE + ' V_CVT_OFF_F32_I4: D = CVT_OFF_TABLE[S0[3:0]] (signed nibble / 16)')
def cvt_off_f32_i4(c):
    """V_CVT_OFF_F32_I4 — RDNA3 ISA guide, VOP1 list: D = CVT_OFF_TABLE[S0[3:0]], the guide's
    table mapping the nibble read as a signed 4-bit integer n to n / 16 (0b1000 -> -0.5,
    0b0111 -> +0.4375, 0 -> +0.0)."""
    put32(c, P.round_to(Fraction(sext(c.s[0], 4), 16), F32, 'rne'))


def _cvt_float(name, ff, tf, types, rm=None, cite_extra=''):
    def fn(c):
        b = fin(c, 0, ff)
        r = rm or P.rmode_of(c.mode, tf)
        put(c, tf, P.convert(b, ff, tf, r, P.keep_out(c.mode, tf)))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: D = %s_to_%s(S0). %s; pseudocode (%s). Source flushed by its own format\'s '
                  'input denormal control, result rounded by the MODE rounding mode of the result '
                  'format and flushed by its output control (the V_CVT_F16_F32 Notes: "output '
                  'rounding based on DP rounding mode", "flush denorms on output ... DP denorm '
                  'mode"). NaN: quiet NaN of the same sign keeping the payload\'s top bits.%s'
                  % (name.upper(), types.split()[1], types.split()[0], GUIDE, PCODE, cite_extra))
    row(name, types, '%s V_%s: float conversion' % (GUIDE, name.upper()))(fn)


_cvt_float('cvt_f32_f64', F64, F32, 'f32 f64 - -')
_cvt_float('cvt_f64_f32', F32, F64, 'f64 f32 - -')
_cvt_float('cvt_f16_f32', F32, F16, 'f16 f32 - -')
_cvt_float('cvt_f32_f16', F16, F32, 'f32 f16 - -')


@row('cvt_floor_i32_f32', 'i32 f32 - -', GUIDE + ' V_CVT_FLOOR_I32_F32: D = f32_to_i32(floor(S0))')
def cvt_floor_i32_f32(c):
    """V_CVT_FLOOR_I32_F32 — RDNA3 ISA guide, VOP1 list: D = f32_to_i32(floor(S0.f32)); floor is
    exact, then the saturating conversion (NaN -> 0)."""
    b = fin(c, 0, F32)
    put32(c, float_to_int(floor_bits(b, F32), F32, -2 ** 31, 2 ** 31 - 1) & MASK32)


@row('cvt_nearest_i32_f32', 'i32 f32 - -', GUIDE + ' V_CVT_NEAREST_I32_F32: D = f32_to_i32(floor(S0 + 0.5F))')
def cvt_nearest_i32_f32(c):
    """V_CVT_NEAREST_I32_F32 — RDNA3 ISA guide, VOP1 list: D = f32_to_i32(floor(S0.f32 + 0.5F)).
    Read literally the sum is an f32 addition, rounded (to nearest even: the description says the
    default rounding mode is ignored) before floor, so 0.49999997 + 0.5 rounds to 1.0."""
    b = fin(c, 0, F32)
    s = t_add(b, P.one(F32) - (1 << 23), F32, 'rne')  # 0x3f000000 = 0.5
    put32(c, float_to_int(floor_bits(s, F32), F32, -2 ** 31, 2 ** 31 - 1) & MASK32)


@override('cvt_nearest_i32_f32', 'docs/isa-notes-rdna3.md Conversions; AMD rocjitsu conversion captures on '
                                 'gfx1100 and gfx1201 (0x3effffff gives 0)')
def cvt_nearest_i32_f32_exact(c):
    """V_CVT_NEAREST_I32_F32 as measured: floor of the exact S0 + 0.5 (halves round toward +inf),
    saturating, NaN -> 0."""
    from fractions import Fraction
    import math
    b = fin(c, 0, F32)
    if P.is_nan(b, F32):
        put32(c, 0)
        return
    if P.is_inf(b, F32):
        put32(c, (2 ** 31 - 1 if not P.sign(b, F32) else -2 ** 31) & MASK32)
        return
    v = math.floor(P.value(b, F32) + Fraction(1, 2))
    put32(c, max(-2 ** 31, min(2 ** 31 - 1, v)) & MASK32)


def v_cvt_16_f32(b, signed):
    return float_to_int(b, F32, -2 ** 15 if signed else 0, 2 ** 15 - 1 if signed else 2 ** 16 - 1) & MASK16


@row('cvt_pk_i16_f32', 'b32 f32 f32 -', GUIDE + ' V_CVT_PK_I16_F32: D = {v_cvt_i16_f32(S1), v_cvt_i16_f32(S0)}')
def cvt_pk_i16_f32(c):
    """V_CVT_PK_I16_F32 — RDNA3 ISA guide, VOP3 list: D[31:16] = v_cvt_i16_f32(S1),
    D[15:0] = v_cvt_i16_f32(S0): truncating, saturating to [-32768, 32767], NaN -> 0."""
    put32(c, v_cvt_16_f32(fin(c, 0, F32), True) | v_cvt_16_f32(fin(c, 1, F32), True) << 16)


@row('cvt_pk_u16_f32', 'b32 f32 f32 -', GUIDE + ' V_CVT_PK_U16_F32: D = {v_cvt_u16_f32(S1), v_cvt_u16_f32(S0)}')
def cvt_pk_u16_f32(c):
    """V_CVT_PK_U16_F32 — RDNA3 ISA guide, VOP3 list: D[31:16] = v_cvt_u16_f32(S1),
    D[15:0] = v_cvt_u16_f32(S0): truncating, saturating to [0, 65535], NaN -> 0."""
    put32(c, v_cvt_16_f32(fin(c, 0, F32), False) | v_cvt_16_f32(fin(c, 1, F32), False) << 16)


@row('cvt_pk_u8_f32', 'b32 f32 u32 b32', GUIDE + ' V_CVT_PK_U8_F32: D = S2 with byte S1[1:0] replaced by f32_to_u8(S0)')
def cvt_pk_u8_f32(c):
    """V_CVT_PK_U8_F32 — RDNA3 ISA guide, VOP3 list: tmp = S2 with byte S1[1:0] cleared, then that
    byte set to f32_to_u8(S0) (truncating, saturating to [0, 255], NaN -> 0)."""
    sh = (c.s[1] & 3) * 8
    byte = float_to_int(fin(c, 0, F32), F32, 0, 255)
    put32(c, (c.s[2] & MASK32 & ~(0xff << sh)) | byte << sh)


@row('cvt_pk_rtz_f16_f32', 'b32 f32 f32 -', GUIDE + ' V_CVT_PK_RTZ_F16_F32: D = {f32_to_f16(S1), f32_to_f16(S0)} rounding toward zero')
def cvt_pk_rtz_f16_f32(c):
    """V_CVT_PK_RTZ_F16_F32 — RDNA3 ISA guide, VOP2 list: with ROUND_MODE forced to toward-zero,
    D[15:0] = f32_to_f16(S0), D[31:16] = f32_to_f16(S1). Results follow the f16 output denormal
    control like every f16 conversion result."""
    keep = P.keep_out(c.mode, F16)
    lo = P.convert(fin(c, 0, F32), F32, F16, 'rtz', keep)
    hi = P.convert(fin(c, 1, F32), F32, F16, 'rtz', keep)
    put32(c, lo | hi << 16)


def to_norm(b, f, signed):
    """The guide's f*_to_snorm / f*_to_unorm: NaN -> 0, clamp to [-1, 1] (snorm) or [0, 1] (unorm),
    scale by 32767 / 65535 and round to nearest even (Notes: 0.5 ULP accuracy)."""
    if P.is_nan(b, f):
        return 0
    lo, scale = (-1, 32767) if signed else (0, 65535)
    v = Fraction(-1 if P.sign(b, f) else 1) if P.is_inf(b, f) else P.value(b, f)
    v = max(Fraction(lo), min(Fraction(1), v))
    return P.round_integer(v * scale, 'rne') & MASK16


@row('cvt_pk_norm_i16_f32', 'b32 f32 f32 -', GUIDE + ' V_CVT_PK_NORM_I16_F32: D = {f32_to_snorm(S1), f32_to_snorm(S0)}')
def cvt_pk_norm_i16_f32(c):
    """V_CVT_PK_NORM_I16_F32 — RDNA3 ISA guide, VOP3 list: D[15:0] = f32_to_snorm(S0),
    D[31:16] = f32_to_snorm(S1)."""
    put32(c, to_norm(fin(c, 0, F32), F32, True) | to_norm(fin(c, 1, F32), F32, True) << 16)


@row('cvt_pk_norm_u16_f32', 'b32 f32 f32 -', GUIDE + ' V_CVT_PK_NORM_U16_F32: D = {f32_to_unorm(S1), f32_to_unorm(S0)}')
def cvt_pk_norm_u16_f32(c):
    """V_CVT_PK_NORM_U16_F32 — RDNA3 ISA guide, VOP3 list: D[15:0] = f32_to_unorm(S0),
    D[31:16] = f32_to_unorm(S1)."""
    put32(c, to_norm(fin(c, 0, F32), F32, False) | to_norm(fin(c, 1, F32), F32, False) << 16)


@row('cvt_pk_norm_i16_f16', 'b32 f16 f16 -', GUIDE + ' V_CVT_PK_NORM_I16_F16: D = {f16_to_snorm(S1), f16_to_snorm(S0)}')
def cvt_pk_norm_i16_f16(c):
    """V_CVT_PK_NORM_I16_F16 — RDNA3 ISA guide, VOP3 list: D[15:0] = f16_to_snorm(S0[15:0]),
    D[31:16] = f16_to_snorm(S1[15:0])."""
    put32(c, to_norm(fin(c, 0, F16), F16, True) | to_norm(fin(c, 1, F16), F16, True) << 16)


@row('cvt_pk_norm_u16_f16', 'b32 f16 f16 -', GUIDE + ' V_CVT_PK_NORM_U16_F16: D = {f16_to_unorm(S1), f16_to_unorm(S0)}')
def cvt_pk_norm_u16_f16(c):
    """V_CVT_PK_NORM_U16_F16 — RDNA3 ISA guide, VOP3 list: D[15:0] = f16_to_unorm(S0[15:0]),
    D[31:16] = f16_to_unorm(S1[15:0])."""
    put32(c, to_norm(fin(c, 0, F16), F16, False) | to_norm(fin(c, 1, F16), F16, False) << 16)


@row('cvt_norm_i16_f16', 'i16 f16 - -', GUIDE + ' V_CVT_NORM_I16_F16: D = f16_to_snorm(S0)')
def cvt_norm_i16_f16(c):
    """V_CVT_NORM_I16_F16 — RDNA3 ISA guide, VOP1 list: D.i16 = f16_to_snorm(S0) (Notes: 0.5 ULP,
    saturation, denormals supported)."""
    put16(c, to_norm(fin(c, 0, F16), F16, True))


@row('cvt_norm_u16_f16', 'u16 f16 - -', GUIDE + ' V_CVT_NORM_U16_F16: D = f16_to_unorm(S0)')
def cvt_norm_u16_f16(c):
    """V_CVT_NORM_U16_F16 — RDNA3 ISA guide, VOP1 list: D.u16 = f16_to_unorm(S0)."""
    put16(c, to_norm(fin(c, 0, F16), F16, False))


@row('pack_b32_f16', 'b32 f16 f16 -', GUIDE + ' V_PACK_B32_F16: D[31:16] = S1.f16, D[15:0] = S0.f16')
def pack_b32_f16(c):
    """V_PACK_B32_F16 — RDNA3 ISA guide, VOP3 list: D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16:
    typed moves, no arithmetic, so no denormal flushing or NaN quieting."""
    put32(c, src(c, 0, F16) | src(c, 1, F16) << 16)


# ---------------------------------------------------------------- rounding to integral values
def trunc_bits(b, f):
    """trunc(): integral part toward zero, zero keeping the sign; NaN by qn, infinity kept."""
    if P.is_nan(b, f):
        return qn(b, f)
    if P.is_inf(b, f) or P.is_zero(b, f):
        return b
    v = P.value(b, f)
    return P.round_to(Fraction(int(v)), f, 'rtz', True, zero_sign=P.sign(b, f))


def floor_bits(b, f):
    """The pseudocode's floor() of a float (same rule as V_FLOOR: trunc, minus one when below)."""
    if P.is_nan(b, f):
        return qn(b, f)
    if P.is_inf(b, f) or P.is_zero(b, f):
        return b
    v = P.value(b, f)
    n = v.numerator // v.denominator
    return P.round_to(Fraction(n), f, 'rtz', True, zero_sign=P.sign(b, f))


def _round_row(kind, t, f):
    name = '%s_%s' % (kind, t)
    one = P.one(f)
    half = P.make(0, P.bias(f) - 1, 0, f)

    def fn(c):
        a = fin(c, 0, f)
        rm, keep = rm_keep(c, f)
        if kind == 'trunc':
            d = trunc_bits(a, f)
        elif kind in ('ceil', 'floor'):
            d = trunc_bits(a, f)
            r = fcmp(a, P.zero(f), f)
            up = kind == 'ceil'
            if r is not None and (r > 0 if up else r < 0) and fcmp(a, d, f) != 0:
                d = t_add(d, one if up else P.neg(one, f), f, rm)
        elif kind == 'rndne':
            d = floor_bits(t_add(a, half, f, rm), f)
            fl = floor_bits(a, f)
            if not P.is_nan(a, f) and not P.is_inf(a, f):
                frac = P.value(a, f) - P.value(fl, f)
                if P.value(fl, f) % 2 == 0 and frac == Fraction(1, 2):
                    d = t_sub(d, one, f, rm)
        else:  # fract
            d = t_add(a, P.neg(floor_bits(a, f), f), f, rm)
            limit = {F32: 0x3f7fffff, F64: 0x3fefffffffffffff}.get(f)
            if limit is not None and not P.is_nan(d, f) and fcmp(d, limit, f) > 0:
                d = limit
        put(c, f, P.flush_out(d, f, c.mode))
    what = {'trunc': 'D = trunc(S0)',
            'ceil': 'D = trunc(S0); if S0 > 0 and S0 != D then D += 1.0',
            'floor': 'D = trunc(S0); if S0 < 0 and S0 != D then D += -1.0',
            'rndne': 'D = floor(S0 + 0.5); if isEven(floor(S0)) and fract(S0) == 0.5 then D -= 1.0',
            'fract': 'D = S0 + -floor(S0)'}[kind]
    extra = {'rndne': ' Read literally: S0 + 0.5 is an addition in the operand\'s format, rounded by '
                      'MODE, so e.g. 0.49999997 rounds to 1.0 first; -0.0 and negative values above '
                      '-0.5 give +0.',
             'fract': ' Notes: "obey round mode, result clamped to 0x3f7fffff" (f32; f64: '
                      '0x3fefffffffffffff); the f16 form\'s Notes give no clamp, so none is applied.'}
    fn.__name__ = name
    fn.__doc__ = 'V_%s: %s. %s, VOP1 list; pseudocode (%s).%s' % (name.upper(), what, GUIDE, PCODE,
                                                                  extra.get(kind, ''))
    row(name, '%s %s - -' % (t, t), '%s V_%s: %s' % (GUIDE, name.upper(), what))(fn)


for _kind in ('trunc', 'ceil', 'floor', 'rndne', 'fract'):
    for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
        _round_row(_kind, _t, _f)


def _rndne_exact(t, f):
    """Hardware-evidence form of V_RNDNE_*: IEEE roundToIntegralTiesToEven of S0 (exact, no
    intermediate S0 + 0.5 rounding; a zero or a value rounding to zero keeps S0's sign; NaN
    quieted, infinities kept). Evidence: LLVM selects V_RNDNE_F16/F32/F64 for the generic
    froundeven node (VOP1Instructions.td), whose semantics are exactly this; the pseudocode's
    floor(S0 + 0.5) text, read with a rounded addition, turns 0.49999997 into 1.0 and -0.25 into
    +0, which froundeven never does."""
    def fn(c):
        a = fin(c, 0, f)
        if P.is_nan(a, f):
            d = qn(a, f)
        elif P.is_inf(a, f) or P.is_zero(a, f):
            d = a
        else:
            n = P.round_integer(P.value(a, f), 'rne')
            d = P.round_to(Fraction(n), f, 'rne', True, zero_sign=P.sign(a, f))
        put(c, f, d)
    fn.__name__ = 'rndne_%s_exact' % t
    override('rndne_' + t, 'docs/isa-notes-rdna3.md v_rndne; LLVM VOP1Instructions.td V_RNDNE_%s selected '
                           'for froundeven' % t.upper())(fn)


for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
    _rndne_exact(_t, _f)


@override('fract_f16', 'docs/isa-notes-rdna3.md v_fract; LLVM ConstantFolding.cpp amdgcn_fract fold '
                       '(test InstSimplify/ConstProp/AMDGPU/fract.ll: fract.f16(-min normal) = 0.99951)')
def fract_f16_clamped(c):
    """V_FRACT_F16 with the clamp the guide's Notes give for f32/f64: the result is at most the
    largest f16 below 1.0 (0x3bff), so fract(-tiny) is not 1.0. Evidence: LLVM constant-folds
    llvm.amdgcn.fract (any of f16/f32/f64) as min(x - floor(x), nextDown(1.0)) in the operand's own
    format (ConstantFolding.cpp, "The v_fract instruction behaves like the OpenCL spec"), and its
    test fract.ll folds fract.f16(-0x1p-14) to 0x3bff (9.995110e-01)."""
    a = fin(c, 0, F16)
    rm, keep = rm_keep(c, F16)
    d = t_add(a, P.neg(floor_bits(a, F16), F16), F16, rm)
    if not P.is_nan(d, F16) and fcmp(d, 0x3bff, F16) > 0:
        d = 0x3bff
    put16(c, P.flush_out(d, F16, c.mode))


# ---------------------------------------------------------------- ldexp / frexp
def _ldexp_row(t, f, ebits):
    name = 'ldexp_' + t

    def fn(c):
        rm, keep = rm_keep(c, f)
        put(c, f, t_scale(fin(c, 0, f), sext(c.s[1], ebits), f, rm, keep))
    fn.__name__ = name
    fn.__doc__ = ('V_LDEXP_%s: D = S0 * 2.0 ** S1.i%d. %s; pseudocode (%s). The power of two is '
                  'taken exactly (the guide compares the operation with C\'s ldexp()), so the '
                  'product is rounded once by MODE; NaN quieted, infinities and zeros kept.'
                  % (t.upper(), ebits, GUIDE, PCODE))
    row(name, '%s %s i%d -' % (t, t, 32 if ebits == 32 else 16), '%s V_LDEXP_%s: D = S0 * 2**S1' % (GUIDE, t.upper()))(fn)


_ldexp_row('f32', F32, 32)
_ldexp_row('f64', F64, 32)
_ldexp_row('f16', F16, 16)


def frexp_exponent(b, f):
    """exponent() for frexp: biased exponent field minus bias plus one for normal values; for
    denormals and zeros the guide's invariant S0 = significand * 2**exponent and its pointer to C's
    frexp() decide: the true exponent of a denormal, 0 for a zero."""
    if P.is_zero(b, f):
        return 0
    return P.floor_log2(abs(P.value(b, f))) + 1


def _frexp_rows(t, f, ebits):
    mname, ename = 'frexp_mant_' + t, 'frexp_exp_i%d_%s' % (ebits, t)

    def mant(c):
        a = fin(c, 0, f)
        if P.is_nan(a, f) or P.is_inf(a, f):
            put(c, f, a)
        elif P.is_zero(a, f):
            put(c, f, a)
        else:
            v = P.value(a, f)
            put(c, f, P.round_to(v / Fraction(2) ** frexp_exponent(a, f), f, 'rne'))

    def expo(c):
        a = fin(c, 0, f)
        n = 0 if P.is_nan(a, f) or P.is_inf(a, f) else frexp_exponent(a, f)
        (put16 if ebits == 16 else put32)(c, n & ((1 << ebits) - 1))
    mant.__name__, expo.__name__ = mname, ename
    mant.__doc__ = ('V_FREXP_MANT_%s — %s, VOP1 list; pseudocode (%s): if S0 is +-INF or NaN then '
                    'D = S0 (copied as is: a signalling NaN stays signalling) else D = mantissa(S0), '
                    'the significand scaled into [0.5, 1) with S0\'s sign (Notes: invariant '
                    'S0 = significand * 2**exponent).' % (t.upper(), GUIDE, PCODE))
    expo.__doc__ = ('V_FREXP_EXP_I%d_%s — %s, VOP1 list; pseudocode (%s): if S0 is +-INF or NaN then '
                    'D = 0 else D = exponent(S0) - bias + 1 (see frexp_exponent for denormals and '
                    'zeros).' % (ebits, t.upper(), GUIDE, PCODE))
    row(mname, '%s %s - -' % (t, t), '%s V_FREXP_MANT_%s: D = isINF/isNAN(S0) ? S0 : mantissa(S0)' % (GUIDE, t.upper()))(mant)
    row(ename, 'i%d %s - -' % (ebits, t), '%s V_FREXP_EXP_I%d_%s: D = isINF/isNAN(S0) ? 0 : exponent(S0) - bias + 1' % (GUIDE, ebits, t.upper()))(expo)


_frexp_rows('f32', F32, 32)
_frexp_rows('f64', F64, 32)
_frexp_rows('f16', F16, 16)


def _frexp_mant_quiet(t, f):
    """Hardware-evidence form of V_FREXP_MANT_*: as the pseudocode, but a NaN S0 comes back quieted
    (a signalling NaN is not copied as is). Evidence: LLVM folds llvm.amdgcn.frexp.mant with APFloat's
    frexp() (AMDGPUInstCombineIntrinsic.cpp), which quiets a NaN (APFloat frexp: IEK_NaN ->
    makeQuiet), and the project's rule that every VALU float result is a quiet NaN
    (docs/isa-notes-rdna3.md, "NaN sources of non-arithmetic float ops")."""
    def fn(c):
        a = fin(c, 0, f)
        if P.is_nan(a, f):
            put(c, f, P.quiet(a, f))
        else:
            ROWS['frexp_mant_' + t][1](c)
    fn.__name__ = 'frexp_mant_%s_quiet' % t
    override('frexp_mant_' + t, 'docs/isa-notes-rdna3.md NaN sources of non-arithmetic float ops; LLVM '
                                'AMDGPUInstCombineIntrinsic.cpp amdgcn_frexp_mant fold with APFloat frexp (quiets)')(fn)


for _t, _f in (('f32', F32), ('f64', F64), ('f16', F16)):
    _frexp_mant_quiet(_t, _f)


# ---------------------------------------------------------------- transcendentals
def sqrt_round(v, f, rm, keep):
    """Correctly rounded square root of a positive Fraction v."""
    p = f[0] + 1
    e = (p + 4) - P.floor_log2(v) // 2
    y = v * Fraction(4) ** e
    q = math.isqrt(y.numerator // y.denominator)
    exact = Fraction(q * q) == y
    r = Fraction(q) if exact else Fraction(2 * q + 1, 2)
    return P.round_to(r / Fraction(2) ** e, f, rm, keep)


def approx(x):
    """Fraction of a host double approximation (for log2/exp2/sin/cos: the result is checked to
    1 ulp, so the double's own error, ~1e-16 relative, is immaterial)."""
    return Fraction(x)


def t_rcp(a, f, rm, keep):
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_inf(a, f):
        return P.zero(f, P.sign(a, f))
    if P.is_zero(a, f):
        return P.inf(f, P.sign(a, f))
    return P.round_to(1 / P.value(a, f), f, rm, keep)


def t_sqrt(a, f, rm, keep):
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_zero(a, f):
        return a
    if P.sign(a, f):
        return neg_nan(f)
    if P.is_inf(a, f):
        return a
    return sqrt_round(P.value(a, f), f, rm, keep)


def t_rsq(a, f, rm, keep):
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_zero(a, f):
        return P.inf(f, P.sign(a, f))
    if P.sign(a, f):
        return neg_nan(f)
    if P.is_inf(a, f):
        return 0
    return sqrt_round(1 / P.value(a, f), f, rm, keep)


def t_exp(a, f, rm, keep):
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_inf(a, f):
        return 0 if P.sign(a, f) else a
    v = P.value(a, f)
    if v > 2000:
        return P.round_to(Fraction(2) ** 2000, f, rm, keep)
    if v < -2000:
        return P.round_to(Fraction(1, 2 ** 2000), f, rm, keep)
    if v.denominator == 1:
        return P.round_to(Fraction(2) ** int(v), f, rm, keep)
    n = math.floor(v)
    return P.round_to(Fraction(2) ** n * approx(2.0 ** float(v - n)), f, rm, keep)


def t_log(a, f, rm, keep):
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_zero(a, f):
        return P.inf(f, 1)
    if P.sign(a, f):
        return neg_nan(f)
    if P.is_inf(a, f):
        return a
    v = P.value(a, f)
    e = P.floor_log2(v)
    if v == Fraction(2) ** e:
        return P.round_to(Fraction(e), f, rm, keep)
    m = v / Fraction(2) ** e  # in (1, 2)
    return P.round_to(e + approx(math.log2(float(m))), f, rm, keep)


def t_sincos(a, f, rm, keep, cosine):
    """sin/cos of S0 revolutions: whole turns removed exactly ('full range input is supported'),
    quarter turns exact; a zero result is +0 except sin(+-0) = +-0 (the guide's functional
    examples: V_SIN_F32(0x80000000) => 0x80000000, V_SIN_F32(0xff7fffff) => 0x00000000,
    V_COS_F32(0x3e800000) => 0x00000000); infinities give the negative default NaN (examples)."""
    if P.is_nan(a, f):
        return qn(a, f)
    if P.is_inf(a, f):
        return neg_nan(f)
    if P.is_zero(a, f):
        return P.one(f) if cosine else a
    v = P.value(a, f)
    r = v - round(v)  # in [-1/2, 1/2], exact
    if (4 * r).denominator == 1:
        q = int(4 * r) % 4  # quarter turns
        exact = ([1, 0, -1, 0] if cosine else [0, 1, 0, -1])[q]
        return P.round_to(Fraction(exact), f, rm, keep)
    x = 2 * math.pi * float(r)
    return P.round_to(approx(math.cos(x) if cosine else math.sin(x)), f, rm, keep)


_TRANS = {
    'rcp': ('D = 1.0 / S0', t_rcp), 'rsq': ('D = 1.0 / sqrt(S0)', t_rsq), 'sqrt': ('D = sqrt(S0)', t_sqrt),
    'exp': ('D = pow(2.0, S0)', t_exp), 'log': ('D = log2(S0)', t_log),
    'sin': ('D = sin(S0 * 2 * PI)', lambda a, f, rm, k: t_sincos(a, f, rm, k, False)),
    'cos': ('D = cos(S0 * 2 * PI)', lambda a, f, rm, k: t_sincos(a, f, rm, k, True)),
}


def _trans_row(op, t, f, name=None):
    what, compute = _TRANS[op]
    name = name or '%s_%s' % (op, t)

    def fn(c):
        rm, keep = rm_keep(c, f)
        put(c, f, compute(fin(c, 0, f), f, rm, keep))
    fn.__name__ = name
    fn.__doc__ = ('V_%s: %s. %s, VOP1 list; pseudocode (%s) and its functional examples (special '
                  'values; invalid inputs give the negative default NaN). Modelled correctly '
                  'rounded by MODE; the guide specifies about 1 ULP (f16: 0.51 ULP; f64 rcp/rsq/sqrt: '
                  '2**29 ULP), so the row allows 1 ulp. Denormals follow MODE here (the f32 rcp, '
                  'rsq, sqrt, exp, log Notes say "denormals are flushed": see HW_OVERRIDES).'
                  % (name.upper(), what, GUIDE, PCODE))
    row(name, '%s %s - -' % (t, t), '%s V_%s: %s' % (GUIDE, name.upper(), what), tol=1)(fn)


for _op in ('rcp', 'rsq', 'sqrt'):
    for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
        _trans_row(_op, _t, _f)
for _op in ('exp', 'log', 'sin', 'cos'):
    for _t, _f in (('f16', F16), ('f32', F32)):
        _trans_row(_op, _t, _f)
_trans_row('rcp', 'f32', F32, name='rcp_iflag_f32')


def _flushing_trans(name, op):
    """Hardware-evidence form of an f32 transcendental: denormal inputs read as zeros of their
    sign and denormal results are written as zeros, in every MODE."""
    compute = _TRANS[op][1]

    def fn(c):
        rm = P.rmode_of(c.mode, F32)
        a = src(c, 0, F32)
        if P.is_denorm(a, F32):
            a &= P.sign_bit(F32)
        put32(c, compute(a, F32, rm, False))
    fn.__name__ = name + '_flushing'
    fn.__doc__ = ('V_%s with denormals flushed regardless of MODE. Evidence (docs/isa-notes-rdna3.md, '
                  '"Transcendentals"): LLVM 19 AMDGPUInstCombineIntrinsic.cpp ("f32 instruction '
                  'doesn\'t handle denormals"; folds log of a denormal to -inf, rcp flushes denormal '
                  'results), AMDGPUUsage.rst; and the RDNA3 guide\'s own Notes for V_RCP/RSQ/SQRT/'
                  'EXP/LOG_F32: "denormals are flushed".' % name.upper())
    override(name, 'docs/isa-notes-rdna3.md Transcendentals; LLVM AMDGPUInstCombineIntrinsic.cpp; '
                   'guide Notes "denormals are flushed"', tol=1)(fn)


for _name, _op in (('rcp_f32', 'rcp'), ('rcp_iflag_f32', 'rcp'), ('rsq_f32', 'rsq'),
                   ('sqrt_f32', 'sqrt'), ('exp_f32', 'exp'), ('log_f32', 'log')):
    _flushing_trans(_name, _op)


# ---------------------------------------------------------------- division helpers
_DIV = {F16: (None, None), F32: (-150, 255), F64: (-1075, 2047)}


def _div_fixup_row(t, f, hw=False):
    name = 'div_fixup_' + t
    under, maxexp = _DIV[f]
    invalid = {F16: 0xfe00, F32: 0xffc00000, F64: 0xfff8000000000000}[f]

    def fn(c):
        q, den, num = fin(c, 0, f), fin(c, 1, f), fin(c, 2, f)
        so = P.sign(den, f) ^ P.sign(num, f)
        zero = lambda b: not P.is_nan(b, f) and key(b, f) == 0
        if P.is_nan(num, f):
            d = P.quiet(num, f)
        elif P.is_nan(den, f):
            d = P.quiet(den, f)
        elif zero(den) and zero(num):
            d = invalid
        elif P.is_inf(den, f) and P.is_inf(num, f):
            d = invalid
        elif zero(den) or P.is_inf(num, f):
            d = P.inf(f, so)
        elif P.is_inf(den, f) or zero(num):
            d = P.zero(f, so)
        elif under is not None and P.exp_field(num, f) - P.exp_field(den, f) < under:
            d = P.zero(f, so)  # UNDERFLOW: a zero of the quotient's sign
        elif maxexp is not None and P.exp_field(den, f) == maxexp:
            d = P.inf(f, so)  # OVERFLOW (unreachable: infinities and NaNs were handled above)
        elif hw and P.is_nan(q, f):
            d = P.inf(f, so)  # the refinement overflowed: hardware returns OVERFLOW, not the NaN
        else:
            d = P.abs_(q, f) | (P.sign_bit(f) if so else 0)
        put(c, f, P.flush_out(d, f, c.mode))
    fn.__name__ = name
    fn.__doc__ = ('V_DIV_FIXUP_%s — %s, VOP3 list; pseudocode (%s). S0 quotient, S1 denominator, S2 '
                  'numerator; sign_out = sign(S1) ^ sign(S2); NaN S2 then NaN S1 returned quieted; '
                  '0/0 and inf/inf give the NaN %#x; x/0 and inf/y +-INF; x/inf and 0/y +-0; %s'
                  'otherwise +-abs(S0) with sign_out (a NaN S0 keeps its bits apart from the sign). '
                  'UNDERFLOW/OVERFLOW read as a zero / infinity of sign_out.'
                  % (t.upper(), GUIDE, PCODE, invalid,
                     '' if under is None else 'exponent(S2) - exponent(S1) < %d (biased fields) '
                     'gives +-UNDERFLOW; exponent(S1) == max gives +-OVERFLOW; ' % under))
    if hw:
        fn.__name__ = name + '_nan_quotient_overflows'
        fn.__doc__ = ('V_DIV_FIXUP_%s as the hardware does it: as the pseudocode, but after the '
                      'UNDERFLOW test a NaN quotient S0 (with S1, S2 neither NaN nor the special '
                      'cases above) gives an infinity of sign_out, the OVERFLOW the refinement ran '
                      'into, instead of the NaN with sign_out. Evidence: tinygrad\'s hardware test '
                      'extra/assembly/amd/test/hw/test_div.py, TestVDivFixup.test_nan_estimate_overflow '
                      '(S0 = 0x7fc00000, S1 = S2 = 1.0 gives exactly 0x7f800000; the test runs on the '
                      'emulator and, with USE_HW=1, on an RDNA3 GPU, and fails on any difference), '
                      'and docs/isa-notes-rdna3.md "v_div_fixup". The f64 form by analogy.' % t.upper())
        override(name, 'docs/isa-notes-rdna3.md v_div_fixup; tinygrad extra/assembly/amd/test/hw/test_div.py '
                       'test_nan_estimate_overflow')(fn)
        return
    row(name, ' '.join([t] * 4), '%s V_DIV_FIXUP_%s' % (GUIDE, t.upper()))(fn)


for _t, _f in (('f16', F16), ('f32', F32), ('f64', F64)):
    _div_fixup_row(_t, _f)
for _t, _f in (('f32', F32), ('f64', F64)):
    _div_fixup_row(_t, _f, hw=True)


@override('div_fixup_f16', 'docs/isa-notes-rdna3.md v_div_fixup; AMD rocjitsu div_fixup_f16 checked on '
                           'gfx1100 and gfx1201 ((0x7e2a, 1, 1) gives 0x7c00, 0x7bff toward zero)')
def div_fixup_f16_overflow(c):
    """V_DIV_FIXUP_F16 as measured: the pseudocode, but a NaN or infinite quotient S0 (S1, S2 past
    the special cases) is an overflow of sign_out rounded by MODE: infinity, or the largest finite
    value where the rounding direction is toward zero."""
    q, den, num = fin(c, 0, F16), fin(c, 1, F16), fin(c, 2, F16)
    so = P.sign(den, F16) ^ P.sign(num, F16)
    ordinary = lambda b: not P.is_nan(b, F16) and not P.is_inf(b, F16) and key(b, F16) != 0
    if ordinary(den) and ordinary(num) and (P.is_nan(q, F16) or P.is_inf(q, F16)):
        rm = P.rmode_of(c.mode, F16)
        to_max = rm == 'rtz' or rm == ('rup' if so else 'rdn')
        put(c, F16, (0x7bff if to_max else 0x7c00) | (0x8000 if so else 0))
        return
    ROWS['div_fixup_f16'][1](c)


def _div_fmas_row(t, f):
    name = 'div_fmas_' + t
    scale = 32 if f is F32 else 64

    def fn(c):
        a, b, d = (src(c, k, f) for k in range(3))  # Notes: input denormals are not flushed
        rm, keep = rm_keep(c, f)
        r = t_fma(a, b, d, f, rm, True)
        if c.carry & 1:
            r = t_scale(r, scale, f, rm, True)
        put(c, f, P.flush_out(r, f, c.mode))
    fn.__name__ = name
    fn.__doc__ = ('V_DIV_FMAS_%s — %s, VOP3 list; pseudocode (%s): if VCC then D = 2.0 ** %d * '
                  'fma(S0, S1, S2) else D = fma(S0, S1, S2). Read literally: the fma is rounded, '
                  'then scaled and rounded again. Notes: "input denormals are not flushed, but '
                  'output flushing is allowed". See HW_OVERRIDES for the hardware reading.'
                  % (t.upper(), GUIDE, PCODE, scale))
    row(name, ' '.join([t] * 4), '%s V_DIV_FMAS_%s: VCC ? 2**%d * fma(S0,S1,S2) : fma(S0,S1,S2)' % (GUIDE, t.upper(), scale))(fn)

    def hw(c):
        a, b, d = (src(c, k, f) for k in range(3))
        rm, keep = rm_keep(c, f)
        n = P.default_nan(f) if inf_times_zero(a, b, f) else first_nan(f, a, b, d)  # as t_fma
        if n is not None:
            r = n
        else:
            adj = 0
            if c.carry & 1:
                adj = (1 if P.exp_field(d, f) > P.bias(f) else -1) * (64 if f is F32 else 128)
            p = exact_product(*operand(a, f), *operand(b, f))
            s = None if p is None else exact_sum(p[0], p[1], *operand(d, f), rm)
            if s is None:
                r = P.default_nan(f)
            elif s[0] in (INF, -INF):
                r = encode(s[0], 0, f, rm, True)
            else:
                # (rounded with the output control: a flushed result decides its tininess on the
                # exact value, which matters under the gfx1100 overrides' tininess after rounding)
                r = P.round_to(s[0] * Fraction(2) ** adj, f, rm, keep, zero_sign=s[1])
        put(c, f, P.flush_out(r, f, c.mode))
    hw.__name__ = name + '_rounded_once'
    hw.__doc__ = ('V_DIV_FMAS_%s as the hardware does it: with VCC, fma(S0, S1, S2) * 2**+-%d (up '
                  'when S2\'s exponent field is above the bias) rounded once by MODE. Evidence '
                  '(docs/isa-notes-rdna3.md, "v_div_fmas"): AMD\'s hardware-checked emulator '
                  'rocjitsu (shared/division.h, checked on gfx1100/gfx1201) and tinygrad\'s hardware '
                  'tests (extra/assembly/amd/test/hw/test_div.py).' % (t.upper(), 64 if f is F32 else 128))
    override(name, 'docs/isa-notes-rdna3.md v_div_fmas; rocjitsu shared/division.h; tinygrad test_div.py')(hw)


_div_fmas_row('f32', F32)
_div_fmas_row('f64', F64)


def _div_scale_row(t, f):
    name = 'div_scale_' + t
    thr, sc, tiny = (96, 64, 23) if f is F32 else (768, 128, 53)

    def fn(c):
        s0, den, num = fin(c, 0, f), fin(c, 1, f), fin(c, 2, f)
        rm, keep = rm_keep(c, f)
        vcc, d = 0, s0  # our reading: D0 not assigned by any branch means S0 passes unchanged
        eq = lambda x, y: fcmp(x, y, f) == 0
        zero = lambda b: not P.is_nan(b, f) and key(b, f) == 0
        if zero(num) or zero(den):
            d = P.default_nan(f)
        elif P.exp_field(num, f) - P.exp_field(den, f) >= thr:
            vcc = 1
            if eq(s0, den):
                d = t_scale(s0, sc, f, rm, keep)
        elif P.is_denorm(den, f):
            d = t_scale(s0, sc, f, rm, keep)
        elif is_denorm_f64_reciprocal(den, f) and quotient_denorm(num, den, f, rm):
            vcc = 1
            if eq(s0, den):
                d = t_scale(s0, sc, f, rm, keep)
        elif is_denorm_f64_reciprocal(den, f):
            d = t_scale(s0, -sc, f, rm, keep)
        elif quotient_denorm(num, den, f, rm):
            vcc = 1
            if eq(s0, num):
                d = t_scale(s0, sc, f, rm, keep)
        elif P.exp_field(num, f) <= tiny:
            d = t_scale(s0, sc, f, rm, keep)
        put(c, f, d)
        c.mask = vcc
    fn.__name__ = name
    fn.__doc__ = ('V_DIV_SCALE_%s — %s, VOP3SD list; pseudocode (%s), S0 the value to scale, S1 the '
                  'denominator, S2 the numerator: VCC = 0; S1 or S2 zero -> D = NAN; exponent(S2) - '
                  'exponent(S1) >= %d -> VCC = 1 and, if S0 == S1, D = ldexp(S0, %d); S1 denormal -> '
                  'D = ldexp(S0, %d); 1/S1 (in f64) denormal and S2/S1 denormal -> VCC = 1, D = '
                  'ldexp(S0, %d) if S0 == S1; 1/S1 denormal -> D = ldexp(S0, -%d); S2/S1 denormal -> '
                  'VCC = 1, D = ldexp(S0, %d) if S0 == S2; exponent(S2) <= %d -> D = ldexp(S0, %d). '
                  'Our readings: NAN is the positive default NaN; a branch that assigns no D leaves '
                  'D = S0; == compares values; sources follow the input denormal control.'
                  % (t.upper(), GUIDE, PCODE, thr, sc, sc, sc, sc, sc, tiny, sc))
    row(name, ' '.join([t] * 4), '%s V_DIV_SCALE_%s' % (GUIDE, t.upper()))(fn)

    def hw(c):
        a, den, num = (fin(c, k, f) for k in range(3))  # flushed by MODE: tinygrad test_denorm_denom_gives_nan
        de, ne = P.exp_field(den, f), P.exp_field(num, f)
        delta = ne - de
        is_den = a == den
        adj, vcc = 0, 0
        if delta >= thr:
            adj, vcc = (sc if is_den else 0), 1
        elif de == 0:
            adj = sc
        elif de >= 2 * P.bias(f) - 1:
            vcc = int(delta <= -thr)
            adj = 0 if (vcc and not is_den) else -sc
        elif delta <= -thr:
            adj, vcc = (0 if is_den else sc), 1
        elif ne <= f[0] + 1:
            adj = sc
        if P.is_zero(den, f) or P.is_zero(num, f):
            d = neg_nan(f)
        elif P.is_nan(a, f):
            d = qn(a, f)
        else:
            d = t_scale(a, adj, f, 'rne', P.keep_out(c.mode, f))  # (the output control: as in div_fmas)
        put(c, f, P.flush_out(d, f, c.mode))
        c.mask = vcc
    hw.__name__ = name + '_rocjitsu'
    hw.__doc__ = ('V_DIV_SCALE_%s by the hardware-checked rules of AMD\'s emulator rocjitsu '
                  '(shared/division.h; rocjitsu notes the pseudocode\'s DENORM tests do not reproduce '
                  'the hardware), as docs/isa-notes-rdna3.md ("v_div_scale") documents: on the '
                  'exponent fields de = exp(S1), ne = exp(S2), delta = ne - de, with S0 == S1 (bits) '
                  'meaning "denominator": delta >= %d: VCC = 1, denominator scaled up 2**%d; de == 0: '
                  'scaled up; de >= %d: VCC = (delta <= -%d), scaled down except the numerator when '
                  'VCC; delta <= -%d: VCC = 1, numerator scaled up; ne <= %d: scaled up. A zero S1 or '
                  'S2 gives the negative default NaN (VCC as above); a NaN S0 comes back quieted, '
                  'an infinite one unchanged; nearest-even scaling. Sources and result follow the MODE '
                  'denormal controls, as for any f32/f64 operation: with f32 denormals flushed (MODE '
                  '0x3c0, the code-object default) tinygrad\'s hardware test extra/assembly/amd/test/hw/'
                  'test_div.py TestVDivScale.test_denorm_denom_gives_nan gets a NaN and VCC = 1 from a '
                  'denormal denominator 0x00000001, i.e. the denormal read as zero.'
                  % (t.upper(), thr, sc, 2 * P.bias(f) - 1, thr, thr, f[0] + 1))
    override(name, 'docs/isa-notes-rdna3.md v_div_scale; rocjitsu shared/division.h (hardware-checked); tinygrad '
                   'test_div.py test_denorm_denom_gives_nan (denormal inputs flushed by MODE)')(hw)


def is_denorm_f64_reciprocal(den, f):
    """1.0 / 64'F(S1) == DENORM.f64: the f64 reciprocal of S1 is a denormal double."""
    if P.is_nan(den, f) or P.is_inf(den, f) or P.is_zero(den, f):
        return False
    r = P.round_to(1 / P.value(den, f), F64, 'rne', True)
    return P.is_denorm(r, F64)


def quotient_denorm(num, den, f, rm):
    """S2 / S1 == DENORM: the quotient, rounded to the operands' format, is a denormal."""
    if any(P.is_nan(b, f) or P.is_inf(b, f) for b in (num, den)) or P.is_zero(den, f):
        return False
    q = P.round_to(P.value(num, f) / P.value(den, f), f, rm, True)
    return P.is_denorm(q, f)


_div_scale_row('f32', F32)
_div_scale_row('f64', F64)


# ---------------------------------------------------------------- trig_preop
def _two_over_pi_bits(nbits):
    """floor(2/pi * 2**nbits), computed with Machin's formula in integers (guard bits added)."""
    prec = nbits + 64

    def arctan_inv(x):
        one = 1 << prec
        total, term, k, sign = 0, one // x, 1, 1
        while term:
            total += sign * (term // k)
            term //= x * x
            k += 2
            sign = -sign
        return total
    pi = 4 * (4 * arctan_inv(5) - arctan_inv(239))  # pi * 2**prec
    return ((2 << (2 * prec)) // pi) >> (prec - nbits)


TWO_OVER_PI_1201 = _two_over_pi_bits(1201)
TWO_OVER_PI_1184 = _two_over_pi_bits(1184)


def _preop(c, table, nbits, rounding, llvm):
    a = src(c, 0, F64)
    seg = c.s[1] & 31
    if P.is_nan(a, F64):
        put64(c, P.quiet(a, F64))
        return
    e = P.exp_field(a, F64)
    shift = seg * 53 + (e - 1077 if e > 1077 else 0)
    if llvm and (shift >> 5) + 2 >= 37:
        put64(c, 0)
        return
    whole = ((table << (shift + 53)) >> nbits) & ((1 << 53) - 1)
    scale = -53 - shift + (128 if e >= 1968 else 0)
    put64(c, P.round_to(Fraction(whole) * Fraction(2) ** scale, F64, rounding, True))


@row('trig_preop_f64', 'f64 f64 u32 -', GUIDE + ' V_TRIG_PREOP_F64: 53-bit segment of 2/PI at shift S1[4:0]*53 (+exponent(S0)-1077), scaled by 2**(-53-shift)')
def trig_preop_f64(c):
    """V_TRIG_PREOP_F64 — RDNA3 ISA guide, VOP3 list, pseudocode: shift = S1[4:0] * 53, plus
    exponent(S0) - 1077 when that is positive; the 1201 fraction bits of 2/PI shifted left by shift
    keep 53 whole bits; D = ldexp(those bits, -53 - shift), +128 to the scale when exponent(S0) >=
    1968. Description: 'Rounding is round-to-zero'. Our reading: bits past the 1201 stored ones
    are zero; a NaN S0 is returned quieted (the pseudocode computes from the exponent alone)."""
    _preop(c, TWO_OVER_PI_1201, 1201, 'rtz', False)


@override('trig_preop_f64', 'docs/isa-notes-rdna3.md v_trig_preop_f64; LLVM AMDGPUInstCombineIntrinsic.cpp amdgcn_trig_preop fold')
def trig_preop_f64_llvm(c):
    """V_TRIG_PREOP_F64 as LLVM's constant folding models the hardware (AMDGPUInstCombineIntrinsic
    .cpp, "Return 0 for outbound segment (hardware behavior)"), which docs/isa-notes-rdna3.md adopts:
    a 1184-bit table of 2/PI (37 words), result 0 when the 32-bit word index shift / 32 + 2 falls
    outside it, scaling rounded to nearest even, NaN quieted."""
    _preop(c, TWO_OVER_PI_1184, 1184, 'rne', True)


# ---------------------------------------------------------------- cube map and mullit
def _cube(c):
    x, y, z = (fin(c, k, F32) for k in range(3))
    ax, ay, az = (None if P.is_nan(b, F32) else abs(key(b, F32)) for b in (x, y, z))
    ge = lambda p, q: p is not None and q is not None and p >= q
    lt0 = lambda b: not P.is_nan(b, F32) and key(b, F32) < 0
    axis = 'z' if ge(az, ax) and ge(az, ay) else 'y' if ge(ay, ax) else 'x'
    return x, y, z, axis, lt0


@row('cubeid_f32', 'f32 f32 f32 f32', GUIDE + ' V_CUBEID_F32: face id 0..5 from the major axis of (S0, S1, S2) and its sign')
def cubeid_f32(c):
    """V_CUBEID_F32 — RDNA3 ISA guide, VOP3 list, pseudocode: if |S2| >= |S0| and |S2| >= |S1|
    then D = S2 < 0 ? 5.0 : 4.0 elsif |S1| >= |S0| then D = S1 < 0 ? 3.0 : 2.0 else D = S0 < 0 ?
    1.0 : 0.0 (comparisons with NaN are false)."""
    x, y, z, axis, lt0 = _cube(c)
    face = {'z': 5 if lt0(z) else 4, 'y': 3 if lt0(y) else 2, 'x': 1 if lt0(x) else 0}[axis]
    put32(c, P.round_to(Fraction(face), F32, 'rne'))


@row('cubesc_f32', 'f32 f32 f32 f32', GUIDE + ' V_CUBESC_F32: cube map S coordinate')
def cubesc_f32(c):
    """V_CUBESC_F32 — RDNA3 ISA guide, VOP3 list, pseudocode: z major: D = S2 < 0 ? -S0 : S0; y
    major: D = S0; else D = S0 < 0 ? S2 : -S2. Negation is a sign flip (NaNs included, not
    quieted); the result follows the output denormal control."""
    x, y, z, axis, lt0 = _cube(c)
    n = lambda b: P.neg(b, F32)
    d = {'z': n(x) if lt0(z) else x, 'y': x, 'x': z if lt0(x) else n(z)}[axis]
    put32(c, P.flush_out(d, F32, c.mode))


@row('cubetc_f32', 'f32 f32 f32 f32', GUIDE + ' V_CUBETC_F32: cube map T coordinate')
def cubetc_f32(c):
    """V_CUBETC_F32 — RDNA3 ISA guide, VOP3 list, pseudocode: z major: D = -S1; y major: D = S1 < 0
    ? -S2 : S2; else D = -S1 (sign flips, NaNs not quieted)."""
    x, y, z, axis, lt0 = _cube(c)
    n = lambda b: P.neg(b, F32)
    d = {'z': n(y), 'y': n(z) if lt0(y) else z, 'x': n(y)}[axis]
    put32(c, P.flush_out(d, F32, c.mode))


@row('cubema_f32', 'f32 f32 f32 f32', GUIDE + ' V_CUBEMA_F32: D = 2.0 * the major axis coordinate')
def cubema_f32(c):
    """V_CUBEMA_F32 — RDNA3 ISA guide, VOP3 list, pseudocode: D = S2 * 2.0, S1 * 2.0 or S0 * 2.0 for
    the z, y or x major axis (an f32 multiplication, rounded by MODE)."""
    x, y, z, axis, lt0 = _cube(c)
    rm, keep = rm_keep(c, F32)
    put32(c, t_mul({'z': z, 'y': y, 'x': x}[axis], 0x40000000, F32, rm, keep))


@row('mullit_f32', 'f32 f32 f32 f32', GUIDE + ' V_MULLIT_F32: D = -MAX_FLOAT if S1 is -MAX_FLOAT/-INF/NaN or S2 <= 0 or NaN, else S0 * S1')
def mullit_f32(c):
    """V_MULLIT_F32 — RDNA3 ISA guide, VOP3 list, pseudocode: if S1 == -MAX_FLOAT_F32 or S1 == -INF or
    isNAN(S1) or S2 <= 0.0 or isNAN(S2) then D = -MAX_FLOAT_F32 (0xff7fffff) else D = S0 * S1 (an
    ordinary IEEE product: the description's '0 * x = 0' is not in the pseudocode)."""
    a, b, d = (fin(c, k, F32) for k in range(3))
    rm, keep = rm_keep(c, F32)
    if (fcmp(b, 0xff7fffff, F32) == 0 or fcmp(b, P.inf(F32, 1), F32) == 0 or P.is_nan(b, F32)
            or P.is_nan(d, F32) or fcmp(d, 0, F32) <= 0):
        put32(c, 0xff7fffff)
    else:
        put32(c, t_mul(a, b, F32, rm, keep))


# ---------------------------------------------------------------- packed f16 (VOP3P / VOP2)
def halves(v):
    return v & MASK16, (v >> 16) & MASK16


def vop3p_pair(c, k):
    """The two 16-bit operands a VOP3P instruction reads from packed source k: the low-half
    operation reads the half OP_SEL[k] names, the high-half operation the half OP_SEL_HI[k] names
    (LLVM's default encoding: OP_SEL = 0, OP_SEL_HI = 1); NEG[k] flips the sign of the first and
    NEG_HI[k] (the ABS field position, c.abs_) that of the second (guide, VOP3P encoding fields)."""
    h = halves(c.s[k] & MASK32)
    lo, hi = h[(c.opsel >> k) & 1], h[(c.opsel_hi >> k) & 1]
    if (c.neg >> k) & 1:
        lo ^= 0x8000
    if (c.abs_ >> k) & 1:
        hi ^= 0x8000
    return lo, hi


def _pk_row(name, what, nsrc, compute, acc=False):
    """Packed rows: each 16-bit half computed independently."""
    def fn(c):
        rm, keep = rm_keep(c, F16)
        if acc:  # VOP2 v_pk_fmac_f16: no operand selection, both halves in place
            ins = [halves(c.s[k] & MASK32) for k in range(nsrc)] + [halves(c.dinit & MASK32)]
        else:
            ins = [vop3p_pair(c, k) for k in range(nsrc)]
        out = 0
        for h in (0, 1):
            ops = [P.flush_in(x[h], F16, c.mode) for x in ins]
            out |= compute(ops, c.mode, rm, keep) << (16 * h)
        put32(c, out)
    fn.__name__ = name
    fn.__doc__ = ('V_%s — %s, %s list; pseudocode (%s): per 16-bit half, %s. Each half follows the '
                  'f16 MODE controls.%s'
                  % (name.upper(), GUIDE, 'VOP2' if acc else 'VOP3P', PCODE, what,
                     ' The old destination halves are the accumulators.' if acc else
                     ' Operands chosen by OP_SEL/OP_SEL_HI and negated by NEG/NEG_HI (vop3p_pair).'))
    types = 'pf16 pf16 pf16 %s' % ('pf16' if nsrc == 3 else '-')
    row(name, types, '%s V_%s: per half %s' % (GUIDE, name.upper(), what))(fn)


_pk_row('pk_add_f16', 'D = S0 + S1', 2, lambda o, m, rm, k: t_add(o[0], o[1], F16, rm, k))
_pk_row('pk_mul_f16', 'D = S0 * S1', 2, lambda o, m, rm, k: t_mul(o[0], o[1], F16, rm, k))
_pk_row('pk_fma_f16', 'D = fma(S0, S1, S2)', 3, lambda o, m, rm, k: t_fma(o[0], o[1], o[2], F16, rm, k))
_pk_row('pk_min_f16', 'D = v_min_f16(S0, S1)', 2, lambda o, m, rm, k: v_min(o[0], o[1], F16, m))
_pk_row('pk_max_f16', 'D = v_max_f16(S0, S1)', 2, lambda o, m, rm, k: v_max(o[0], o[1], F16, m))
_pk_row('pk_fmac_f16', 'D = fma(S0, S1, D0) (D0 the old destination half)', 2,
        lambda o, m, rm, k: t_fma(o[0], o[1], o[2], F16, rm, k), acc=True)


# ---------------------------------------------------------------- dot products
def _dot2_f32(c, fmt, acc):
    """tmp = S2 (or D0); tmp += x(S0.lo) * x(S1.lo); tmp += x(S0.hi) * x(S1.hi); D = tmp, each
    statement an f32 operation rounded by the f32 MODE rounding mode (products of f16/bf16 values
    converted to f32 are exact unless they leave f32's range). The VOP3P forms read their packed
    operands through OP_SEL/OP_SEL_HI/NEG/NEG_HI (vop3p_pair) and NEG[2] negates the f32 S2; the
    VOP2 form (acc) reads the halves in place."""
    rm = P.rmode_of(c.mode, F32)
    if acc:
        tmp = accumulator(c, F32)
        a, b = halves(c.s[0] & MASK32), halves(c.s[1] & MASK32)
    else:
        s2 = src(c, 2, F32) ^ (P.sign_bit(F32) if (c.neg >> 2) & 1 else 0)
        tmp = P.flush_in(s2, F32, c.mode)
        a, b = vop3p_pair(c, 0), vop3p_pair(c, 1)
    for h in (0, 1):
        x = P.convert(P.flush_in(a[h], fmt, c.mode), fmt, F32, rm)
        y = P.convert(P.flush_in(b[h], fmt, c.mode), fmt, F32, rm)
        tmp = t_add(tmp, t_mul(x, y, F32, rm), F32, rm)
    put32(c, P.flush_out(tmp, F32, c.mode))


@row('dot2_f32_f16', 'f32 pf16 pf16 f32', GUIDE + ' V_DOT2_F32_F16: D = S2 + f32(S0.lo)*f32(S1.lo) + f32(S0.hi)*f32(S1.hi)')
def dot2_f32_f16(c):
    """V_DOT2_F32_F16 — RDNA3 ISA guide, VOP3P list, pseudocode: tmp = S2.f32; tmp += f16_to_f32(S0
    [15:0]) * f16_to_f32(S1[15:0]); tmp += f16_to_f32(S0[31:16]) * f16_to_f32(S1[31:16]); D = tmp.
    Read literally each += rounds (to f32, by MODE): two roundings in all."""
    _dot2_f32(c, F16, False)


@row('dot2acc_f32_f16', 'f32 pf16 pf16 -', GUIDE + ' V_DOT2ACC_F32_F16: D = D0 + f32(S0.lo)*f32(S1.lo) + f32(S0.hi)*f32(S1.hi)')
def dot2acc_f32_f16(c):
    """V_DOT2ACC_F32_F16 — RDNA3 ISA guide, VOP2 list, pseudocode: as V_DOT2_F32_F16 with the old
    destination D0 as the accumulator (tmp = D0.f32)."""
    _dot2_f32(c, F16, True)


@row('dot2_f32_bf16', 'f32 pbf16 pbf16 f32', GUIDE + ' V_DOT2_F32_BF16: D = S2 + f32(S0.lo)*f32(S1.lo) + f32(S0.hi)*f32(S1.hi)')
def dot2_f32_bf16(c):
    """V_DOT2_F32_BF16 — RDNA3 ISA guide, VOP3P list, pseudocode: tmp = S2.f32; tmp += bf16_to_f32(
    S0[15:0]) * bf16_to_f32(S1[15:0]); tmp += (high halves); D = tmp; each step an f32 operation
    rounded by MODE (bf16 products can leave f32's range). bf16 has no MODE field of its own; its
    denormals follow the f32 controls."""
    _dot2_f32(c, BF16, False)


def _dot2_16(c, f):
    """tmp = S2; tmp += S0.lo * S1.lo; tmp += S0.hi * S1.hi; D = tmp, all in format f (each
    product and each sum rounded)."""
    rm = 'rne' if f is BF16 else P.rmode_of(c.mode, F16)
    tmp = P.flush_in(src(c, 2, f), f, c.mode)
    a, b = halves(c.s[0] & MASK32), halves(c.s[1] & MASK32)
    for h in (0, 1):
        x, y = P.flush_in(a[h], f, c.mode), P.flush_in(b[h], f, c.mode)
        tmp = t_add(tmp, t_mul(x, y, f, rm), f, rm)
    put16(c, P.flush_out(tmp, f, c.mode))


@row('dot2_f16_f16', 'f16 pf16 pf16 f16', GUIDE + ' V_DOT2_F16_F16: D.f16 = S2 + S0.lo*S1.lo + S0.hi*S1.hi (f16 arithmetic)')
def dot2_f16_f16(c):
    """V_DOT2_F16_F16 — RDNA3 ISA guide, VOP3 list, pseudocode (as in tinygrad's extraction): tmp =
    S2.f16; tmp += S0[15:0].f16 * S1[15:0].f16; tmp += S0[31:16].f16 * S1[31:16].f16; D = tmp.
    Every operation is typed f16, so read literally each product and each sum rounds to f16 (by
    the f16 MODE rounding mode). (The guide text we also read adds S2 last instead of first.)
    Notes: OPSEL[2] picks S2's half, OPSEL[3] D's half (done by the driver)."""
    _dot2_16(c, F16)


@row('dot2_bf16_bf16', 'bf16 pbf16 pbf16 bf16', GUIDE + ' V_DOT2_BF16_BF16: D.bf16 = S2 + S0.lo*S1.lo + S0.hi*S1.hi (bf16 arithmetic)')
def dot2_bf16_bf16(c):
    """V_DOT2_BF16_BF16 — RDNA3 ISA guide, VOP3 list, pseudocode: tmp = S2.bf16; tmp += S0[15:0].bf16 *
    S1[15:0].bf16; tmp += (high halves); D = tmp, each operation typed bf16 and rounded. bf16 has no
    MODE rounding field: we round to nearest even; denormals follow the f32 controls."""
    _dot2_16(c, BF16)


def dot2_steps(tmp, pairs, f, rm, keep):
    """The dot2 pseudocode's statements tmp += x * y (tmp, x, y bits of format f) evaluated on exact
    values: each statement's NaN and infinity cases as the typed operations have them (a NaN
    operand, the first in the statement's order, quieted; 0 * inf and inf - inf the default NaN;
    exact zeros by IEEE's sign rule), but no statement rounds: the total is rounded once, at the
    end, to f."""
    if P.is_nan(tmp, f):
        t = P.quiet(tmp, f)
    else:
        t = operand(tmp, f)
    for x, y in pairs:
        if isinstance(t, int):  # tmp is already NaN: it stays, as tmp + anything
            continue
        # (a NaN factor comes back quieted in either IEEE mode: the 16-bit dot2 forms have no
        # hardware evidence, docs/isa-notes-rdna3.md "Dot products and WMMA")
        n = next((P.quiet(v, f) for v in (x, y) if P.is_nan(v, f)), None)
        p = n if n is not None else exact_product(*operand(x, f), *operand(y, f))
        if p is None:
            p = P.default_nan(f)
        if isinstance(p, int):
            t = p
            continue
        r = exact_sum(t[0], t[1], p[0], p[1], rm)
        t = P.default_nan(f) if r is None else r
    return t if isinstance(t, int) else encode(t[0], t[1], f, rm, keep)


# ---------------------------------------------------------------- the gfx11 DOT2 step
# What the dot2 f32 forms and every float WMMA step compute on gfx1100, from AMD rocjitsu's
# hardware-characterized model (ROCm/rocm-systems emulation/rocjitsu shared/gfx11_dot2.h,
# dot_packed16.h, mma_exec.h) as checked against its Radeon Pro W7900 register captures (5,007 of
# 5,007 results; docs/isa-notes-rdna3.md "Dot products and WMMA"): C + a0*b0 + a1*b1 with the
# exact products and C on one grid 2**G, G = max(the products' exponent sum - 24, the largest lead
# - 26), bits below it truncated, an opposing term in ones' complement (-m - 1, zeros included),
# the total rounded to nearest even (an f32 result below 2**-126 is +0); a NaN factor gives
# 0xffc00a3d, 0 * inf and inf - inf 0xffc00000, a NaN C itself quieted; f16 factors keep their
# denormals, bf16 factors and an f32 C denormal read as zero; MODE plays no part.
DOT_FACTOR_NAN = 0xffc00a3d


def _dot_sig(x, bf16):
    fb = 7 if bf16 else 10
    if (x & 0x7fff) >> fb:
        return (1 << fb) | (x & ((1 << fb) - 1))
    return 0 if bf16 else x & ((1 << fb) - 1)


def _dot_ae(x, bf16):
    fb = 7 if bf16 else 10
    return max((x & 0x7fff) >> fb, 1) - (127 if bf16 else 15)


def _dot_rne(v, sh):
    if sh <= 0:
        return v << -sh
    q, r = v >> sh, v & ((1 << sh) - 1)
    return q + (1 if r > (1 << (sh - 1)) or (r == 1 << (sh - 1) and q & 1) else 0)


def _dot_special16(v, bf16):
    if v == DOT_FACTOR_NAN:
        return 0xfffd if bf16 else 0xfe3d
    return v >> 16 if bf16 else ((v >> 16) & 0x8000) | 0x7c00 | ((v >> 13) & 0x3ff)


def dot2_step(a0, b0, a1, b1, acc, bf16, out=F32):
    """acc + a0*b0 + a1*b1 (16-bit factors; acc and the result f32 bits, or 16-bit bits of format
    `out` for the 16-bit-result WMMA steps)."""
    inf = 0x7f80 if bf16 else 0x7c00
    packed = out is not F32
    if packed:  # C widened exactly to f32 (a NaN keeps its payload)
        acc = acc << 16 if bf16 else _widen16(acc)
    sp = (lambda v: _dot_special16(v, bf16)) if packed else (lambda v: v)
    fs = (a0, b0, a1, b1)
    if any((v & 0x7fff) > inf for v in fs):
        return sp(DOT_FACTOR_NAN)
    pairs = ((a0, b0), (a1, b1))
    for x, y in pairs:
        if ((x & 0x7fff) == inf and not _dot_sig(y, bf16)) or ((y & 0x7fff) == inf and not _dot_sig(x, bf16)):
            return sp(0xffc00000)
    infs = {(x ^ y) >> 15 & 1 for x, y in pairs if (x & 0x7fff) == inf or (y & 0x7fff) == inf}
    if len(infs) == 2:
        return sp(0xffc00000)
    if (acc & 0x7fffffff) > 0x7f800000:
        return sp(acc | 0x400000)
    if (acc & 0x7fffffff) == 0x7f800000:
        infs.add(acc >> 31)
    if infs:
        return sp(0xffc00000 if len(infs) == 2 else 0xff800000 if 1 in infs else 0x7f800000)
    ce = (acc >> 23) & 255
    terms = [((acc & 0x7fffff) | 0x800000 if ce else 0, ce - 150, acc >> 31)]
    pg = None
    for x, y in pairs:
        ae = _dot_ae(x, bf16) + _dot_ae(y, bf16)
        sig = _dot_sig(x, bf16) * _dot_sig(y, bf16)
        terms.append((sig, ae - (14 if bf16 else 20), (x ^ y) >> 15 & 1))
        if sig:
            pg = ae if pg is None else max(pg, ae)
    if not any(t[0] for t in terms):
        return 0
    leads = [e + sig.bit_length() - 1 if sig else -10 ** 6 for sig, e, _ in terms]
    if out is F16:
        leads[0] = max(leads[0], -14)
    grid = max(leads) - 26 if pg is None else max(pg - 24, max(leads) - 26)
    frame = terms[0][2]
    total = 0
    for sig, e, neg in terms:
        sh = e - grid
        m = sig << sh if sh >= 0 else sig >> -sh
        total += m if neg == frame else -m - 1
    if total == 0:
        return 0
    sign = int((total < 0) != bool(frame))
    mag = abs(total)
    top = mag.bit_length() - 1
    ex = top + grid
    if out is F16:
        if ex < -14:
            q = _dot_rne(mag, -24 - grid)
            return sign << 15 | q if q else 0
        q = _dot_rne(mag, top - 10)
        if q >> 11:
            q, ex = q >> 1, ex + 1
        return sign << 15 | (0x7c00 if ex > 15 else (ex + 15) << 10 | (q & 0x3ff))
    q = _dot_rne(mag, top - 23)
    if q >> 24:
        q, ex = q >> 1, ex + 1
    r = 0 if ex < -126 else sign << 31 | (0x7f800000 if ex > 127 else (ex + 127) << 23 | (q & 0x7fffff))
    return r >> 16 if out is BF16 else r


def _widen16(h):
    """f16 bits to f32 bits, exactly (a NaN keeps its payload, unquieted)."""
    s, e, m = (h & 0x8000) << 16, (h >> 10) & 31, h & 0x3ff
    if e == 31:
        return s | 0x7f800000 | m << 13
    if e:
        return s | (e + 112) << 23 | m << 13
    if not m:
        return s
    sh = 11 - m.bit_length()
    return s | (113 - sh) << 23 | ((m << sh) & 0x3ff) << 13


_DOT2_CITE = ('docs/isa-notes-rdna3.md Dot products and WMMA; AMD rocjitsu shared/gfx11_dot2.h with its W7900 (gfx1100) captures; ROCm/rocm-systems issue 12056 (gfx1151 silicon: one '
              'aligned three-term add, one rounding); triton-lang/triton issue 11217 (v_dot2_bf16_bf16 '
              'accumulates wide, narrows once); seed 000 (RNE, bf16 flushes denormals)')


def _dot2_f32_once(c, fmt, acc):
    """One gfx11 DOT2 step (dot2_step) on the sources as read: the VOP3P forms through OP_SEL/
    OP_SEL_HI/NEG/NEG_HI (vop3p_pair), NEG[2] negating the f32 S2; the VOP2 form (acc) the halves in
    place and the old destination. MODE plays no part."""
    if acc:
        tmp = c.dinit & MASK32
        a, b = halves(c.s[0] & MASK32), halves(c.s[1] & MASK32)
    else:
        tmp = src(c, 2, F32) ^ (P.sign_bit(F32) if (c.neg >> 2) & 1 else 0)
        a, b = vop3p_pair(c, 0), vop3p_pair(c, 1)
    put32(c, dot2_step(a[0], b[0], a[1], b[1], tmp, fmt is BF16))


@override('dot2_f32_f16', _DOT2_CITE)
def dot2_f32_f16_once(c):
    """V_DOT2_F32_F16 as gfx1100 computes it: one DOT2 step (dot2_step): the products and S2 on one
    truncating grid, opposing terms in ones' complement, one rounding to nearest even, fixed NaN
    results, MODE ignored (rocjitsu gfx11_dot2.h and its W7900 captures; ROCm/rocm-systems issue
    12056 found the same adder on gfx1151)."""
    _dot2_f32_once(c, F16, False)


@override('dot2acc_f32_f16', _DOT2_CITE)
def dot2acc_f32_f16_once(c):
    """V_DOT2ACC_F32_F16: one DOT2 step as V_DOT2_F32_F16's override, D0 the accumulator."""
    _dot2_f32_once(c, F16, True)


@override('dot2_f32_bf16', _DOT2_CITE)
def dot2_f32_bf16_once(c):
    """V_DOT2_F32_BF16: one DOT2 step as V_DOT2_F32_F16's override (bf16 denormal factors read as 0)."""
    _dot2_f32_once(c, BF16, False)


def _bf16_flush(b):
    return b & P.sign_bit(BF16) if P.is_denorm(b, BF16) else b


def _dot2_16_once(c, f):
    """dot2_f16_f16 / dot2_bf16_bf16 rounded once to nearest even, whatever MODE says (seed 000:
    "DOT2_F16_F16 and DOT2_BF16_BF16 support round to nearest even"); f16 keeps denormals, bf16
    flushes every denormal input and result (seed 000: "DOT2_BF16_BF16 disables all denormals")."""
    bf = f is BF16
    fl = _bf16_flush if bf else (lambda v: v)
    tmp = fl(src(c, 2, f))
    a, b = halves(c.s[0] & MASK32), halves(c.s[1] & MASK32)
    pairs = [(fl(a[h]), fl(b[h])) for h in (0, 1)]
    put16(c, fl(dot2_steps(tmp, pairs, f, 'rne', True)))


@override('dot2_f16_f16', _DOT2_CITE)
def dot2_f16_f16_once(c):
    """V_DOT2_F16_F16 summed exactly (dot2_steps) and rounded once to nearest even; denormals kept."""
    _dot2_16_once(c, F16)


@override('dot2_bf16_bf16', _DOT2_CITE)
def dot2_bf16_bf16_once(c):
    """V_DOT2_BF16_BF16 summed exactly (dot2_steps) and rounded once to nearest even; every denormal
    flushed. (On gfx1200 the same instruction truncates instead: triton-lang/triton issue 11217; the
    RDNA3 guide's text, seed 000, says nearest even.)"""
    _dot2_16_once(c, BF16)


# ---------------------------------------------------------------- fma_mix
def _mix_inputs(c):
    """The fma_mix operand rule: {OPSEL_HI[i], OPSEL[i]} = 0x: S[i] as f32, 10: f16 S[i][15:0],
    11: f16 S[i][31:16], converted exactly to f32. ABS (the NEG_HI field) then NEG apply to the
    selected value; each is flushed by its own format's input denormal control."""
    ins = []
    for i in range(3):
        v = c.s[i] & MASK32
        if not (c.opsel_hi >> i) & 1:
            f, b = F32, v
        else:
            f, b = F16, (v >> 16 if (c.opsel >> i) & 1 else v) & MASK16
        if (c.abs_ >> i) & 1:
            b = P.abs_(b, f)
        if (c.neg >> i) & 1:
            b = P.neg(b, f)
        b = P.flush_in(b, f, c.mode)
        ins.append(b if f is F32 else P.convert(b, F16, F32, 'rne'))
    return ins


def clamp_bits(b, f, mode):
    """CLAMP of a result to [0, 1]: NaN -> +0 with DX10_CLAMP, else quieted; below 0 and -0 -> +0
    (guide 7.2, the CLMP field: "-0 is clamped to +0")."""
    if P.is_nan(b, f):
        return 0 if P.dx10_clamp(mode) else P.quiet(b, f)
    if P.sign(b, f):
        return 0
    one = P.one(f)
    return one if fcmp(b, one, f) > 0 else b


@row('fma_mix_f32', 'f32 mix mix mix', GUIDE + ' V_FMA_MIX_F32: D.f32 = fma(in[0], in[1], in[2]), in[i] f32 or f16 by OPSEL_HI/OPSEL')
def fma_mix_f32(c):
    """V_FMA_MIX_F32 — RDNA3 ISA guide, VOP3P list, pseudocode: in[i] = OPSEL_HI[i] ? f16_to_f32(
    OPSEL[i] ? S[i][31:16] : S[i][15:0]) : S[i].f32; D.f32 = fma(in[0], in[1], in[2]), rounded by the
    f32 MODE rounding mode. CLAMP is applied by the driver (f32 result)."""
    ins = _mix_inputs(c)
    rm, keep = rm_keep(c, F32)
    put32(c, t_fma(*ins, F32, rm, keep))


def _mix16(c, hi):
    ins = _mix_inputs(c)
    r32 = t_fma(*ins, F32, P.rmode_of(c.mode, F32), True)
    r = P.convert(r32, F32, F16, P.rmode_of(c.mode, F16), P.keep_out(c.mode, F16))
    if c.clamp:
        r = clamp_bits(r, F16, c.mode)
    sh = 16 if hi else 0
    c.d = (c.d & ~(MASK16 << sh)) | r << sh


@row('fma_mixlo_f16', 'b32 mix mix mix', GUIDE + ' V_FMA_MIXLO_F16: D[15:0].f16 = f32_to_f16(fma(in[0], in[1], in[2]))')
def fma_mixlo_f16(c):
    """V_FMA_MIXLO_F16 — RDNA3 ISA guide, VOP3P list, pseudocode: in[] as V_FMA_MIX_F32; D[15:0].f16 =
    f32_to_f16(fma(in[0], in[1], in[2])); D[31:16] keeps its value. Read literally the fma is an
    f32 operation (rounded by the f32 mode) and f32_to_f16 rounds again (f16 mode). CLAMP, when set,
    clamps the f16 result to [0, 1]."""
    _mix16(c, False)


@row('fma_mixhi_f16', 'b32 mix mix mix', GUIDE + ' V_FMA_MIXHI_F16: D[31:16].f16 = f32_to_f16(fma(in[0], in[1], in[2]))')
def fma_mixhi_f16(c):
    """V_FMA_MIXHI_F16 — RDNA3 ISA guide, VOP3P list, pseudocode: as V_FMA_MIXLO_F16 but writing
    D[31:16]; D[15:0] keeps its value."""
    _mix16(c, True)


# ---------------------------------------------------------------- WMMA (float): whole 16x16 matrices
# V_WMMA_<D>_16X16X16_<AB> — RDNA3 ISA guide, VOP3P list, pseudocode: D = A (16x16) * B (16x16) + C
# (16x16) with EXEC forced to all ones ("eval D0.f32(16x16) = S0.f16(16x16) * S1.f16(16x16) +
# S2.f32(16x16)"). The guide's WMMA section (seed 000): "WMMA only supports round to nearest even
# for float types"; NEG[1:0] negate the low 16-bit elements of A (NEG[0]) and B (NEG[1]), NEG_HI[1:0]
# their high elements, {NEG_HI[2], NEG[2]} act as {ABS, NEG} on C; OP_SEL[2] picks the f16/bf16
# half of C and D. The pseudocode is a matrix expression without an evaluation order; each element
# is the hardware's chain of DOT2 steps (wmma_element).
WMMA_FLOAT = {'wmma_f32_16x16x16_f16': (F16, F32), 'wmma_f32_16x16x16_bf16': (BF16, F32),
              'wmma_f16_16x16x16_f16': (F16, F16), 'wmma_bf16_16x16x16_bf16': (BF16, BF16)}


def wmma_element(arow, bcol, cbits, fi, fo):
    """One D element: eight chained gfx11 DOT2 steps (dot2_step) over the K pairs (0,1), (2,3) ...
    (14,15), C (format fo) entering the first, each rounded in fo. The guide (7.9: WMMA "internally
    uses the DOT instructions") leaves the order open; rocjitsu's mma_exec ("adjacent K pairs as
    DOT2, starting at K=0"; packed outputs "narrow after every pair") and its W7900 captures fix it:
    one exact sum differs from the captured f32 matrix in 105 of 256 elements, descending pairs in
    137, pairs (k, k + 8) in 128."""
    acc = cbits
    for k in range(0, 16, 2):
        acc = dot2_step(arow[k], bcol[k], arow[k + 1], bcol[k + 1], acc, fi is BF16, fo)
    return acc


def wmma_float_image(name, wave, neg_lo, neg_hi, opsel, img):
    """The float WMMA row `name` on register images as tests/exec/wmma_matrix.py lays them out (A
    VGPRs, B VGPRs, C VGPRs, old D VGPRs, each a list of lane values): A[m][k] is 16-bit element k
    of lane m (VGPR k // 2, half k % 2), B[k][n] likewise in lane n; C/D element (m, n) in VGPR
    m // (wave / 16), lane 16 * (m % (wave / 16)) + n, an f16/bf16 one in the half OP_SEL[2] names
    (the other half of D keeps its old value). Returns the D VGPR images."""
    fi, fo = WMMA_FLOAT[name]
    rows = wave // 16
    cd = 16 // rows
    a_img, b_img, c_img, d_img = img[:8], img[8:16], img[16:16 + cd], img[16 + cd:16 + 2 * cd]
    half = (opsel >> 2) & 1
    sb = P.sign_bit(fi)

    def elem(v, k, sel):  # element k of a packed A/B word, NEG (low) / NEG_HI (high) bit `sel`
        x = (v >> (16 * (k & 1))) & MASK16
        return x ^ sb if ((neg_hi if k & 1 else neg_lo) >> sel) & 1 else x
    a = [[elem(a_img[k // 2][m], k, 0) for k in range(16)] for m in range(16)]
    b = [[elem(b_img[k // 2][n], k, 1) for k in range(16)] for n in range(16)]  # b[n][k]
    out = [list(r) for r in d_img]
    for m in range(16):
        for n in range(16):
            reg, lane = m // rows, 16 * (m % rows) + n
            cw = c_img[reg][lane]
            cb = cw if fo is F32 else (cw >> (16 * half)) & MASK16
            if (neg_hi >> 2) & 1:
                cb = P.abs_(cb, fo)
            if (neg_lo >> 2) & 1:
                cb = P.neg(cb, fo)
            r = wmma_element(a[m], b[n], cb, fi, fo)
            if fo is F32:
                out[reg][lane] = r
            else:
                sh = 16 * half
                out[reg][lane] = (out[reg][lane] & ~(MASK16 << sh) & MASK32) | r << sh
    return out


def _wmma_float_row(name):
    def not_per_lane(c):
        raise TypeError('%s works on whole matrices: call wmma_float_image()' % name)
    fi, fo = WMMA_FLOAT[name]
    cite = ('%s V_%s: D = A * B + C on 16x16 matrices, each element summed exactly and rounded once to '
            'nearest even (seed 000: WMMA rounds to nearest even; NEG/NEG_HI per A/B half, {ABS, NEG} on C)'
            % (GUIDE, name.upper()))
    not_per_lane.__doc__ = cite
    ROWS[name] = ('wmma - - -', not_per_lane, cite)


for _n in WMMA_FLOAT:
    _wmma_float_row(_n)


# ---------------------------------------------------------------- gfx1100 MODE rules
# What gfx1100 does with MODE's rounding and denormal controls and OMOD where the literal reading
# above (and the driver's output_modifiers in valu_pcode.py) differs, as docs/isa-notes-rdna3.md
# "MODE rules measured on gfx1100 (2026-11-28)" documents from AMD rocjitsu's Radeon Pro W7900
# register captures (ROCm/rocm-systems emulation/rocjitsu tests/valu_fp_mode_test.cpp at 0005084e;
# tests/exec/hw_fp_mode.py runs those rows on wavesim). Each float-result row gets an override that
# runs its pseudocode row (or its earlier hardware-evidence override) under these rules:
#   1. tininess after rounding: a flushed result is a zero of its sign when the exact value, rounded
#      to the format's precision with an unbounded exponent, is below the smallest normal
#      (pcode_fp.TINY_AFTER_ROUNDING), not only when it rounds to a denormal on the denormal grid
#      (binary_f32_policy_cases PositiveTinySignificand / NegativeTinySignificand: v_mul_f32(2^-126,
#      0x3f7fffff) with outputs flushed is 0; ValuFpModeHelpers F16FmaFlushesBeforePacking);
#   2. OMOD scales the rounded and flushed result (valu_pcode.output_modifiers_gfx1100:
#      omod_underflow_cases, f16_fma_omod_cases, adjacent_fp_cases LdexpF32OmodOverflow);
#   3. the dx9 fmas flush their output denormals whatever MODE says and take OMOD whenever IEEE = 0
#      (dx9_fma_cases TinyBeforePacking: 0 in all 32 MODEs; its Omod rows);
#   4. the f32 and f16 transcendentals round to nearest even whatever MODE's rounding says
#      (trig_fp_cases Rdna3SinE32Subnormal: v_sin_f32(-2^-149) -6 ulps under round toward -inf;
#      half_log_exp_arithmetic_cases ExpSingleRounding), the f32 ones take OMOD whenever IEEE = 0
#      and scale in nearest even (transcendental_policy_cases RcpScaleDenormMode, RsqScaleDenormMode,
#      CosScaleDenormMode with MODE 0xf0, RcpScaleOverflow; log_exp_policy_cases LogScale / Scale);
#   5. v_fma_mixlo/mixhi_f16 round the exact fma to f32 and then to f16, both in the f16 rounding
#      mode (fma_mix_half_cases Arch6MixHalf*Round2/3: 0x340b; an f32 step in the f32 mode gives
#      0x340c).
# (FP16_OVFL, MODE bit 23, is not modelled: valu_vectors.py sets MODE[9:0] only.) Not wrapped: the
# dot2 rows (their overrides: the gfx11 DOT2 step, MODE plays no part), WMMA and v_trig_preop_f64
# (checked outside the per-lane protocol).
_GFX1100 = 'docs/isa-notes-rdna3.md MODE rules measured on gfx1100; rocjitsu valu_fp_mode_test.cpp (W7900)'
_GFX1100_TINY = 'binary_f32_policy_cases *TinySignificand, F16FmaFlushesBeforePacking (tininess after rounding)'
_GFX1100_OMOD = 'omod_underflow_cases, f16_fma_omod_cases, LdexpF32OmodOverflow (OMOD on the rounded, flushed result)'
_GFX1100_DX9 = 'dx9_fma_cases TinyBeforePacking, Omod rows (output always flushed, OMOD whenever IEEE = 0)'
_GFX1100_TRANS16 = 'half_log_exp_arithmetic_cases ExpSingleRounding (nearest even whatever MODE says)'
_GFX1100_TRANS32 = ('trig_fp_cases Rdna3*Subnormal (nearest even whatever MODE says), transcendental_policy_cases '
                    'RcpScaleDenormMode, CosScaleDenormMode, RcpScaleOverflow (OMOD whenever IEEE = 0, nearest even)')
_GFX1100_MIX = 'fma_mix_half_cases Arch6MixHalf*Round2/3 (both roundings in the f16 mode)'
_TRANS_OPS = ('rcp', 'rsq', 'sqrt', 'exp', 'log', 'sin', 'cos')
_DX9_FMAS = ('fma_dx9_zero_f32', 'fmac_dx9_zero_f32')
# the f32 transcendentals whose output is flushed in every MODE (their older override: "Transcendentals")
_TRANS32_FLUSHING = ('rcp_f32', 'rcp_iflag_f32', 'rsq_f32', 'sqrt_f32', 'exp_f32', 'log_f32')
# rows whose result is a rounding of an inexact value (rule 1 can decide them); the others copy,
# select, or compute exactly, so only the OMOD rule can change them
_ROUNDING = ('add_', 'sub_', 'subrev_', 'mul_', 'fma_', 'fmac_', 'fmamk_', 'fmaak_', 'pk_add_', 'pk_mul_',
             'pk_fma_', 'pk_fmac_', 'mullit_', 'ldexp_', 'cvt_f32_f64', 'cvt_f16_f32', 'cvt_pk_rtz_', 'div_fmas_',
             'div_scale_', 'fract_', 'fma_mix') + tuple(o + '_' for o in _TRANS_OPS)


def _mix16_gfx1100(c, hi):
    """_mix16 with both roundings in the f16 rounding mode: the exact fma to f32 (denormals kept),
    then to f16 (the f16 output control); CLAMP on the f16 result."""
    ins = _mix_inputs(c)
    rm16 = P.rmode_of(c.mode, F16)
    r = P.convert(t_fma(*ins, F32, rm16, True), F32, F16, rm16, P.keep_out(c.mode, F16))
    if c.clamp:
        r = clamp_bits(r, F16, c.mode)
    sh = 16 if hi else 0
    c.d = (c.d & ~(MASK16 << sh)) | r << sh


_MIX_GFX1100_CITE = 'docs/isa-notes-rdna3.md fma_mix; rocjitsu valu_fp_mode_test.cpp ' + _GFX1100_MIX


@override('fma_mixlo_f16', _MIX_GFX1100_CITE)
def fma_mixlo_f16_f16_rounding(c):
    """V_FMA_MIXLO_F16 as gfx1100 rounds it: f32_to_f16(fma(...)) with the fma rounded to f32 in
    the f16 rounding mode, not the f32 one (rocjitsu's fma_mix_half_cases captures: an exact value
    0.14 f32 ulp below f16 0x340c gives 0x340b toward -inf and toward zero with the f32 field at
    nearest even; docs/isa-notes-rdna3.md "fma_mix")."""
    _mix16_gfx1100(c, False)


@override('fma_mixhi_f16', _MIX_GFX1100_CITE)
def fma_mixhi_f16_f16_rounding(c):
    """V_FMA_MIXHI_F16: as V_FMA_MIXLO_F16's override, writing D[31:16]."""
    _mix16_gfx1100(c, True)


def _gfx1100_override(name):
    """Replaces row `name`'s comparison model (its override if it has one, else the pseudocode row)
    by the same model run under the gfx1100 MODE rules above; the entry's fourth element is its
    output rule for valu_pcode.output_modifiers_gfx1100: (always_flush, omod_any_denorm, omod_rne)."""
    types = ROWS[name][0]
    base, base_cite = (HW_OVERRIDES.get(name) or ROWS[name])[1:3]
    f = {'f16': F16, 'f32': F32}.get(types.split()[0])
    trans = f is not None and name.split('_')[0] in _TRANS_OPS
    dx9 = name in _DX9_FMAS
    trans32 = trans and f is F32
    rule = (dx9 or name in _TRANS32_FLUSHING, dx9 or trans32, trans32)
    # the row's MODE: rounding to nearest even for the transcendentals' own rounding; the dx9 fmas'
    # f32 output denormals flushed
    clear = (0x3 if f is F32 else 0xc) if trans else 0
    clear |= 0x20 if dx9 else 0

    def run(c, _base=base):
        mode = c.mode
        c.mode = mode & ~clear
        P.TINY_AFTER_ROUNDING = True
        try:
            _base(c)
        finally:
            P.TINY_AFTER_ROUNDING = False
            c.mode = mode
    parts = [_GFX1100_TINY] if name.startswith(_ROUNDING) else []
    parts.append(_GFX1100_OMOD)
    if dx9:
        parts.append(_GFX1100_DX9)
    if trans:
        parts.append(_GFX1100_TRANS32 if trans32 else _GFX1100_TRANS16)
    cite = '%s: %s' % (_GFX1100, '; '.join(parts))
    if base is not ROWS[name][1]:
        cite = base_cite + '; ' + cite
    run.__name__ = base.__name__ + '_gfx1100'
    run.__doc__ = ('%s under the gfx1100 MODE rules (tininess after rounding, OMOD on the rounded and '
                   'flushed result%s%s): %s' % (base.__name__, '; output always flushed, OMOD whenever '
                   'IEEE = 0' if dx9 else '', '; rounding to nearest even whatever MODE says' if trans else '',
                   cite))
    HW_OVERRIDES[name] = (types, run, cite, rule)


for _name in sorted(ROWS):
    _dst = ROWS[_name][0].split()[0]
    if _name.startswith(('dot2', 'wmma_', 'trig_preop')):
        continue
    if _dst in ('f16', 'f32', 'f64') or _name.startswith(('fma_mix', 'cvt_pk_rtz_', 'pk_add_', 'pk_mul_', 'pk_fma')):
        _gfx1100_override(_name)


# ---------------------------------------------------------------- lookup helpers
def row_fn(name, with_overrides=False):
    """The function modelling `name`: the pseudocode row, or its hardware-evidence override."""
    if with_overrides and name in HW_OVERRIDES:
        return HW_OVERRIDES[name][1]
    return ROWS[name][1]


if __name__ == '__main__':
    print(len(ROWS), 'rows;', len(HW_OVERRIDES), 'overrides:', ' '.join(sorted(HW_OVERRIDES)))
