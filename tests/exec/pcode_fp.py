# Exact IEEE-754 helpers for the pseudocode models of the RDNA3 VALU (issue 15).
# Everything works on raw bit patterns (Python ints) and exact rational values
# (fractions.Fraction); nothing here uses the host FPU except to_float/from_float,
# which are conveniences for humans.  Imported by tests/exec/valu_pcode_float.py and
# tests/exec/valu_pcode.py; standard library only.
#
# A format is a pair (mantissa bits, exponent bits).
# MODE register fields used (RDNA3 ISA guide, "MODE" hardware register):
#   [1:0] f32 rounding, [3:2] f16/f64 rounding  (0 nearest-even, 1 +inf, 2 -inf, 3 zero)
#   bit 4 / bit 5: f32 input / output denormals kept (0 = flushed to a zero of the same sign)
#   bit 6 / bit 7: f16 and f64 input / output denormals kept
#   bit 8 DX10_CLAMP, bit 9 IEEE.
# bf16 has no MODE field of its own; it is treated as an f32-family format (f32 round/denormal bits).

import math
import struct
from fractions import Fraction

F16 = (10, 5)
BF16 = (7, 8)
F32 = (23, 8)
F64 = (52, 11)

RMODE = {0: 'rne', 1: 'rup', 2: 'rdn', 3: 'rtz'}
ROUNDING_MODES = ('rne', 'rtz', 'rup', 'rdn')


# ---------- format geometry ----------
def width(f):
    """Total bits of format f."""
    return 1 + f[0] + f[1]


def bias(f):
    return (1 << (f[1] - 1)) - 1


def sign_bit(f):
    return 1 << (f[0] + f[1])


def exp_mask(f):
    return ((1 << f[1]) - 1) << f[0]


def man_mask(f):
    return (1 << f[0]) - 1


def all_mask(f):
    return (1 << width(f)) - 1


def exp_field(b, f):
    """Biased exponent field of b."""
    return (b >> f[0]) & ((1 << f[1]) - 1)


def man_field(b, f):
    return b & man_mask(f)


def make(s, e, m, f):
    """Bits from sign (0/1), biased exponent field and mantissa field."""
    return (s << (f[0] + f[1])) | (e << f[0]) | m


# ---------- classification ----------
def is_nan(b, f):
    return exp_field(b, f) == (1 << f[1]) - 1 and man_field(b, f) != 0


def is_snan(b, f):
    return is_nan(b, f) and not (b >> (f[0] - 1)) & 1


def is_qnan(b, f):
    return is_nan(b, f) and bool((b >> (f[0] - 1)) & 1)


def is_inf(b, f):
    return exp_field(b, f) == (1 << f[1]) - 1 and man_field(b, f) == 0


def is_zero(b, f):
    return (b & all_mask(f) & ~sign_bit(f)) == 0


def is_denorm(b, f):
    return exp_field(b, f) == 0 and man_field(b, f) != 0


def is_finite(b, f):
    return exp_field(b, f) != (1 << f[1]) - 1


def is_normal(b, f):
    return 0 < exp_field(b, f) < (1 << f[1]) - 1


def sign(b, f):
    """1 when the sign bit is set (also for -0 and negative NaNs)."""
    return (b >> (f[0] + f[1])) & 1


# ---------- simple constructions ----------
def quiet(b, f):
    """b with the quiet bit set (the mantissa's top bit)."""
    return b | (1 << (f[0] - 1))


def default_nan(f):
    """The NEGATIVE quiet NaN with an empty payload (0xffc00000 for F32), the NaN an invalid
    operation returns: the guide's functional examples of V_LOG/V_SQRT/V_SIN (=> 0xffc00000, 0xfe00)
    and AMD rocjitsu's gfx1100 register captures of invalid f16 fmas (0xfe00), dot2 and WMMA."""
    return sign_bit(f) | exp_mask(f) | (1 << (f[0] - 1))


def neg(b, f):
    return (b ^ sign_bit(f)) & all_mask(f)


def abs_(b, f):
    return b & all_mask(f) & ~sign_bit(f)


def zero(f, s=0):
    return sign_bit(f) if s else 0


def inf(f, s=0):
    return (sign_bit(f) if s else 0) | exp_mask(f)


def max_finite(f, s=0):
    return make(s, (1 << f[1]) - 2, man_mask(f), f)


def one(f, s=0):
    return make(s, bias(f), 0, f)


def min_normal_value(f):
    return Fraction(1, 1 << (bias(f) - 1)) if bias(f) > 1 else Fraction(1)


# ---------- exact values ----------
def times_pow2(x, k):
    """x * 2**k for a Fraction x, exactly (integer shifts, not a Fraction power and product)."""
    n, d = x.numerator, x.denominator
    return Fraction(n << k, d) if k >= 0 else Fraction(n, d << -k)


def value(b, f):
    """Exact value of a finite b as a Fraction (raises ValueError for NaN and infinity).
    -0 gives Fraction(0): keep the sign separately with sign()."""
    if not is_finite(b, f):
        raise ValueError('value() of a NaN or infinity')
    e = exp_field(b, f)
    m = man_field(b, f)
    if e == 0:
        mag = m
        scale = 1 - bias(f) - f[0]
    else:
        mag = m | (1 << f[0])
        scale = e - bias(f) - f[0]
    if sign(b, f):
        mag = -mag
    return Fraction(mag << scale) if scale >= 0 else Fraction(mag, 1 << -scale)


def floor_log2(x):
    """floor(log2(x)) for a positive Fraction (exact)."""
    x = Fraction(x)
    if x <= 0:
        raise ValueError('floor_log2 of a non-positive value')
    n, d = x.numerator, x.denominator
    e = n.bit_length() - d.bit_length()
    # now 2^(e-1) < n/d < 2^(e+1)
    if e >= 0:
        if n < (d << e):
            e -= 1
    else:
        if (n << -e) < d:
            e -= 1
    return e


def round_integer(x, rmode):
    """Rounds a Fraction to an integer in the given direction ('rne', 'rtz', 'rup', 'rdn')."""
    x = Fraction(x)
    fl = x.numerator // x.denominator  # floor
    if fl == x:
        return fl
    if rmode == 'rdn':
        return fl
    if rmode == 'rup':
        return fl + 1
    if rmode == 'rtz':
        return fl if x > 0 else fl + 1
    if rmode == 'rne':
        frac = x - fl
        if frac < Fraction(1, 2):
            return fl
        if frac > Fraction(1, 2):
            return fl + 1
        return fl if fl % 2 == 0 else fl + 1
    raise ValueError('unknown rounding mode %r' % (rmode,))


# How a flushed result (round_to with denorm_keep False) decides that it is tiny. False: the value
# rounded on the denormal grid comes out denormal (the literal reading of "output denormals are
# flushed"). True: tininess after rounding (tiny_after_rounding), as gfx1100 measures; the
# valu_pcode_float gfx1100 overrides set it while their row runs (docs/isa-notes-rdna3.md "MODE rules
# measured on gfx1100 (2026-11-28)").
TINY_AFTER_ROUNDING = False


def magnitude_mode(rmode, s):
    """The direction that rounds the magnitude of a value of sign s as rmode rounds the signed value."""
    if rmode == 'rup':
        return 'rdn' if s else 'rup'
    if rmode == 'rdn':
        return 'rup' if s else 'rdn'
    return rmode


def tiny_after_rounding(x, f, rmode='rne'):
    """Whether the nonzero exact value x, rounded in direction rmode to f's precision (f[0] + 1
    significant bits) with an unbounded exponent, is below f's smallest normal in magnitude. It
    differs from "rounds to a denormal" only for values just below the smallest normal that round up
    to it on the denormal grid (IEEE 754's tininess after rounding, as against before)."""
    if isinstance(rmode, int):
        rmode = RMODE[rmode]
    x = Fraction(x)
    s = 1 if x < 0 else 0
    a = -x if s else x
    mag_mode = magnitude_mode(rmode, s)
    quantum_exp = floor_log2(a) - f[0]
    n = round_integer(times_pow2(a, -quantum_exp), mag_mode)
    return times_pow2(Fraction(n), quantum_exp) < min_normal_value(f)


def round_to(x, f, rmode='rne', denorm_keep=True, zero_sign=0):
    """Correctly rounds the exact value x (a Fraction or int) to format f in direction rmode.
    Overflow gives infinity, or the largest finite value when the direction points toward zero.
    A result that comes out denormal (after rounding) is kept, or with denorm_keep False is
    replaced by a zero of its sign (with TINY_AFTER_ROUNDING, every result tiny after rounding is).
    An exact zero x takes the sign zero_sign (0 or 1); a nonzero x that rounds to zero keeps x's
    sign."""
    if isinstance(rmode, int):
        rmode = RMODE[rmode]
    x = Fraction(x)
    if x == 0:
        return zero(f, zero_sign)
    s = 1 if x < 0 else 0
    a = -x if s else x
    if not denorm_keep and TINY_AFTER_ROUNDING and tiny_after_rounding(x, f, rmode):
        return zero(f, s)
    emin = 1 - bias(f)
    e = max(floor_log2(a), emin)
    quantum_exp = e - f[0]  # weight of the last mantissa bit
    scaled = times_pow2(a, -quantum_exp)
    # round the magnitude; directions are about the signed value
    mag_mode = magnitude_mode(rmode, s)
    n = round_integer(scaled, mag_mode)
    if n >> (f[0] + 1):  # rounded up into the next binade
        n >>= 1
        quantum_exp += 1
    if n == 0:
        return zero(f, s)
    if n >> f[0]:  # normal
        biased = quantum_exp + f[0] + bias(f)
        if biased >= (1 << f[1]) - 1:
            return overflow_result(f, s, rmode)
        return make(s, biased, n & man_mask(f), f)
    # denormal
    if not denorm_keep:
        return zero(f, s)
    return make(s, 0, n, f)


def overflow_result(f, s, rmode):
    """The result of an overflow of sign s: infinity when rounding away from zero in that
    direction (or to nearest), else the largest finite value."""
    to_inf = rmode == 'rne' or (rmode == 'rup' and not s) or (rmode == 'rdn' and s)
    return inf(f, s) if to_inf else max_finite(f, s)


def convert(b, from_f, to_f, rmode='rne', denorm_keep=True):
    """Converts bits b of format from_f to format to_f, rounding by rmode.
    NaN: the result is a quiet NaN of the same sign whose payload is the source payload's top
    bits (shifted left when widening, truncated when narrowing), as IEEE conversions and LLVM's
    APFloat::convert do; this is also what the RDNA3 guide's pseudocode functions
    f16_to_f32/f32_to_f16 do in tinygrad's model (quiet NaN in, quiet NaN out).
    Infinity stays infinity.  Input denormals are NOT flushed here (use flush_in first);
    denorm_keep governs only the result."""
    s = sign(b, from_f)
    if is_nan(b, from_f):
        pay = man_field(b, from_f)
        if to_f[0] >= from_f[0]:
            pay <<= to_f[0] - from_f[0]
        else:
            pay >>= from_f[0] - to_f[0]
        return (sign_bit(to_f) if s else 0) | exp_mask(to_f) | pay | (1 << (to_f[0] - 1))
    if is_inf(b, from_f):
        return inf(to_f, s)
    return round_to(value(b, from_f), to_f, rmode, denorm_keep, zero_sign=s)


def from_float(x, f, rmode='rne'):
    """Bits of the Python float x in format f (correctly rounded from the double)."""
    x = float(x)
    if math.isnan(x):
        return exp_mask(f) | (1 << (f[0] - 1)) | (sign_bit(f) if math.copysign(1.0, x) < 0 else 0)
    if math.isinf(x):
        return inf(f, 1 if x < 0 else 0)
    s = 1 if math.copysign(1.0, x) < 0 else 0
    if f == F64:
        return struct.unpack('<Q', struct.pack('<d', x))[0]
    return round_to(Fraction(x), f, rmode, True, zero_sign=s)


def to_float(b, f):
    """Python float of bits b in format f (exact for f16/bf16/f32/f64)."""
    if f == F64:
        return struct.unpack('<d', struct.pack('<Q', b & all_mask(f)))[0]
    if is_nan(b, f):
        return math.copysign(math.nan, -1.0 if sign(b, f) else 1.0)
    if is_inf(b, f):
        return -math.inf if sign(b, f) else math.inf
    v = float(value(b, f))
    return -0.0 if (v == 0 and sign(b, f)) else v


# ---------- MODE register ----------
def rmode_of(mode, f):
    """Rounding direction MODE selects for results of format f."""
    if f in (F16, F64):
        return RMODE[(mode >> 2) & 3]
    return RMODE[mode & 3]


def keep_in(mode, f):
    """True when MODE keeps denormal inputs of format f."""
    return bool(mode & (0x40 if f in (F16, F64) else 0x10))


def keep_out(mode, f):
    """True when MODE keeps denormal results of format f."""
    return bool(mode & (0x80 if f in (F16, F64) else 0x20))


def flush_in(b, f, mode):
    """Input denormal handling: a denormal b becomes a zero of its sign unless MODE keeps them."""
    if is_denorm(b, f) and not keep_in(mode, f):
        return b & sign_bit(f)
    return b


def flush_out(b, f, mode):
    """Output denormal handling: a denormal result becomes a zero of its sign unless MODE keeps them."""
    if is_denorm(b, f) and not keep_out(mode, f):
        return b & sign_bit(f)
    return b


def dx10_clamp(mode):
    return bool(mode & 0x100)


def ieee_mode(mode):
    return bool(mode & 0x200)
