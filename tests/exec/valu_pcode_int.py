# The integer and bit VALU operations of gfx1100, one Python function per operation, written from
# the pseudocode of AMD's "RDNA3 Instruction Set Architecture" reference guide (the per-opcode
# pseudocode of the VOP1/VOP2/VOP3/VOP3SD/VOP3P/VOPC chapters and the guide's helper functions),
# independently of tests/exec/valu_ref.c and of the executor (issue 15). Each function's docstring
# names the guide's operation and restates its pseudocode in this file's own notation; ROWS maps
# the model name (the mnemonic without v_ and _e32/_e64) to (types, function, citation).
# tests/exec/valu_pcode.py drives these functions with valu_ref.c's line protocol and applies the
# VOP3 modifiers; tests/exec/valu_pcode_check.py compares them with valu_ref.c.
#
# Notation in the docstrings: S0..S2 sources, D the result, x[hi:lo] a bit field, .u32/.i32/.u16/
# .i16/.u24/.i24/.u8 a field read as that type (i = two's complement), {a, b} concatenation (a high),
# sext() sign extension, VCC[lane] / EXEC[lane] this lane's bit of a mask, and "mask" the lane's bit
# of the SGPR mask an instruction writes (VCC or SDST for carries, VCC/SDST or EXEC for compares).
#
# A row function receives c with c.s[0..2] (sources; a 16-bit operand already reduced to its
# 16 bits by the driver's OP_SEL handling), c.carry (VCC/carry-in bit of the lane), c.lane,
# c.dinit (old destination), c.mode, and for VOP3P rows c.opsel, c.opsel_hi, c.neg, c.abs_
# (NEG_HI); it sets c.d (the result: 16, 32 or 64 bits as the destination type says) and c.mask.
#
# The cross-lane rows (readlane, permlane, movrel, swap ...) cannot be expressed one lane at a
# time: LANE_OPS holds their models as functions over a whole register file (lane_op()), in a
# form tests/exec/lane_ops.py's model() could call (lane_ops_model() takes its arguments).

M8, M16, M32, M64 = 0xff, 0xffff, 0xffffffff, 0xffffffffffffffff


# ---------- bit views (the guide's typed reads) ----------
def field(x, hi, lo):
    """x[hi:lo] as an unsigned number."""
    return (x >> lo) & ((1 << (hi - lo + 1)) - 1)


def sext(x, bits):
    """x's low `bits` bits read as a two's complement number."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def u32(x):
    return x & M32


def i32(x):
    return sext(x, 32)


def u16(x):
    return x & M16


def i16(x):
    return sext(x, 16)


def u24(x):
    return x & 0xffffff


def i24(x):
    return sext(x, 24)


def i64(x):
    return sext(x, 64)


ROWS = {}


def cite(fn):
    """A row function's citation: its docstring on one line."""
    return ' '.join(fn.__doc__.split())


def op(name, types):
    """Registers a row function under its model name; the citation is its docstring."""
    def reg(fn):
        ROWS[name] = (types, fn, cite(fn))
        return fn
    return reg


# =====================================================================================
# VOP1
# =====================================================================================
@op('mov_b32', 'b32 b32 - -')
def v_mov_b32(c):
    """V_MOV_B32 — RDNA3 ISA guide, VOP1 opcode 1: D.b32 = S0.b32"""
    c.d = u32(c.s[0])


@op('mov_b16', 'b16 b16 - -')
def v_mov_b16(c):
    """V_MOV_B16 — RDNA3 ISA guide, VOP1: D.b16 = S0.b16"""
    c.d = u16(c.s[0])


@op('not_b32', 'b32 b32 - -')
def v_not_b32(c):
    """V_NOT_B32 — RDNA3 ISA guide, VOP1: D.u32 = bitwise complement of S0.u32"""
    c.d = u32(~c.s[0])


@op('not_b16', 'b16 b16 - -')
def v_not_b16(c):
    """V_NOT_B16 — RDNA3 ISA guide, VOP1: D.u16 = bitwise complement of S0.u16"""
    c.d = u16(~c.s[0])


@op('bfrev_b32', 'b32 b32 - -')
def v_bfrev_b32(c):
    """V_BFREV_B32 — RDNA3 ISA guide, VOP1: D.u32[31:0] = S0.u32[0:31] (bit i of D is bit 31-i of S0)"""
    s, d = u32(c.s[0]), 0
    for i in range(32):
        d |= ((s >> (31 - i)) & 1) << i
    c.d = d


@op('clz_i32_u32', 'i32 b32 - -')
def v_clz_i32_u32(c):
    """V_CLZ_I32_U32 — RDNA3 ISA guide, VOP1: D = -1; for i = 0..31 the first i with S0[31-i] == 1 gives D = i"""
    s, d = u32(c.s[0]), -1
    for i in range(32):
        if (s >> (31 - i)) & 1:
            d = i
            break
    c.d = u32(d)


@op('ctz_i32_b32', 'i32 b32 - -')
def v_ctz_i32_b32(c):
    """V_CTZ_I32_B32 — RDNA3 ISA guide, VOP1: D = -1; for i = 0..31 the first i with S0[i] == 1 gives D = i"""
    s, d = u32(c.s[0]), -1
    for i in range(32):
        if (s >> i) & 1:
            d = i
            break
    c.d = u32(d)


@op('cls_i32', 'i32 i32 - -')
def v_cls_i32(c):
    """V_CLS_I32 — RDNA3 ISA guide, VOP1: D = -1; for i = 1..31 the first i with S0[31-i] != S0[31] gives D = i"""
    s, d = u32(c.s[0]), -1
    top = (s >> 31) & 1
    for i in range(1, 32):
        if ((s >> (31 - i)) & 1) != top:
            d = i
            break
    c.d = u32(d)


@op('sat_pk_u8_i16', 'b16 b32 - -')
def v_sat_pk_u8_i16(c):
    """V_SAT_PK_U8_I16 — RDNA3 ISA guide, VOP1: SAT8(n) = 0 if n <= 0, 255 if n >= 0xff, else n[7:0]; D.b16 =
    {SAT8(S0[31:16].i16), SAT8(S0[15:0].i16)}"""
    def sat8(n):
        if n <= 0:
            return 0
        if n >= 0xff:
            return 255
        return n & M8
    s = u32(c.s[0])
    c.d = sat8(i16(s >> 16)) << 8 | sat8(i16(s))


@op('cvt_i32_i16', 'i32 i16 - -')
def v_cvt_i32_i16(c):
    """V_CVT_I32_I16 — RDNA3 ISA guide, VOP1: D.i32 = sext(S0.i16)"""
    c.d = u32(i16(c.s[0]))


@op('cvt_u32_u16', 'u32 u16 - -')
def v_cvt_u32_u16(c):
    """V_CVT_U32_U16 — RDNA3 ISA guide, VOP1: D = {16'0, S0.u16}"""
    c.d = u16(c.s[0])


# =====================================================================================
# VOP2 (and their VOP3 forms)
# =====================================================================================
@op('cndmask_b32', 'b32 b32 b32 -')
def v_cndmask_b32(c):
    """V_CNDMASK_B32 — RDNA3 ISA guide, VOP2: D.u32 = VCC[lane] ? S1.u32 : S0.u32 (VOP3: the mask SGPR in S2)"""
    c.d = u32(c.s[1] if c.carry else c.s[0])


@op('cndmask_b16', 'b16 b16 b16 -')
def v_cndmask_b16(c):
    """V_CNDMASK_B16 — RDNA3 ISA guide, VOP3: D.u16 = VCC[lane] ? S1.u16 : S0.u16 (the mask SGPR in S2)"""
    c.d = u16(c.s[1] if c.carry else c.s[0])


@op('mul_i32_i24', 'i32 i32 i32 -')
def v_mul_i32_i24(c):
    """V_MUL_I32_I24 — RDNA3 ISA guide, VOP2: D.i32 = 32'I(S0.i24) * 32'I(S1.i24) (low 32 bits)"""
    c.d = u32(i24(c.s[0]) * i24(c.s[1]))


@op('mul_hi_i32_i24', 'i32 i32 i32 -')
def v_mul_hi_i32_i24(c):
    """V_MUL_HI_I32_I24 — RDNA3 ISA guide, VOP2: D.i32 = (64'I(S0.i24) * 64'I(S1.i24)) >> 32"""
    c.d = u32((i24(c.s[0]) * i24(c.s[1])) >> 32)


@op('mul_u32_u24', 'u32 u32 u32 -')
def v_mul_u32_u24(c):
    """V_MUL_U32_U24 — RDNA3 ISA guide, VOP2: D.u32 = 32'U(S0.u24) * 32'U(S1.u24) (low 32 bits)"""
    c.d = u32(u24(c.s[0]) * u24(c.s[1]))


@op('mul_hi_u32_u24', 'u32 u32 u32 -')
def v_mul_hi_u32_u24(c):
    """V_MUL_HI_U32_U24 — RDNA3 ISA guide, VOP2: D.u32 = (64'U(S0.u24) * 64'U(S1.u24)) >> 32"""
    c.d = u32((u24(c.s[0]) * u24(c.s[1])) >> 32)


@op('min_i32', 'i32 i32 i32 -')
def v_min_i32(c):
    """V_MIN_I32 — RDNA3 ISA guide, VOP2: D.i32 = S0.i32 < S1.i32 ? S0.i32 : S1.i32"""
    a, b = i32(c.s[0]), i32(c.s[1])
    c.d = u32(a if a < b else b)


@op('max_i32', 'i32 i32 i32 -')
def v_max_i32(c):
    """V_MAX_I32 — RDNA3 ISA guide, VOP2: D.i32 = S0.i32 >= S1.i32 ? S0.i32 : S1.i32"""
    a, b = i32(c.s[0]), i32(c.s[1])
    c.d = u32(a if a >= b else b)


@op('min_u32', 'u32 u32 u32 -')
def v_min_u32(c):
    """V_MIN_U32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 < S1.u32 ? S0.u32 : S1.u32"""
    a, b = u32(c.s[0]), u32(c.s[1])
    c.d = a if a < b else b


@op('max_u32', 'u32 u32 u32 -')
def v_max_u32(c):
    """V_MAX_U32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 >= S1.u32 ? S0.u32 : S1.u32"""
    a, b = u32(c.s[0]), u32(c.s[1])
    c.d = a if a >= b else b


@op('lshlrev_b32', 'b32 sh32 b32 -')
def v_lshlrev_b32(c):
    """V_LSHLREV_B32 — RDNA3 ISA guide, VOP2: D.u32 = S1.u32 << S0[4:0]"""
    c.d = u32(u32(c.s[1]) << field(c.s[0], 4, 0))


@op('lshrrev_b32', 'b32 sh32 b32 -')
def v_lshrrev_b32(c):
    """V_LSHRREV_B32 — RDNA3 ISA guide, VOP2: D.u32 = S1.u32 >> S0[4:0] (logical)"""
    c.d = u32(c.s[1]) >> field(c.s[0], 4, 0)


@op('ashrrev_i32', 'i32 sh32 i32 -')
def v_ashrrev_i32(c):
    """V_ASHRREV_I32 — RDNA3 ISA guide, VOP2: D.i32 = S1.i32 >> S0[4:0] (arithmetic)"""
    c.d = u32(i32(c.s[1]) >> field(c.s[0], 4, 0))


@op('and_b32', 'b32 b32 b32 -')
def v_and_b32(c):
    """V_AND_B32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 & S1.u32"""
    c.d = u32(c.s[0] & c.s[1])


@op('or_b32', 'b32 b32 b32 -')
def v_or_b32(c):
    """V_OR_B32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 | S1.u32"""
    c.d = u32(c.s[0] | c.s[1])


@op('xor_b32', 'b32 b32 b32 -')
def v_xor_b32(c):
    """V_XOR_B32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 ^ S1.u32"""
    c.d = u32(c.s[0] ^ c.s[1])


@op('xnor_b32', 'b32 b32 b32 -')
def v_xnor_b32(c):
    """V_XNOR_B32 — RDNA3 ISA guide, VOP2: D.u32 = complement of (S0.u32 ^ S1.u32)"""
    c.d = u32(~(c.s[0] ^ c.s[1]))


@op('add_co_ci_u32', 'u32 u32 u32 -')
def v_add_co_ci_u32(c):
    """V_ADD_CO_CI_U32 — RDNA3 ISA guide, VOP2/VOP3SD: tmp = 64'U(S0.u32) + 64'U(S1.u32) + VCC[lane]; mask = tmp >=
    2^32; D.u32 = tmp[31:0]"""
    tmp = u32(c.s[0]) + u32(c.s[1]) + (c.carry & 1)
    c.mask = 1 if tmp >= 1 << 32 else 0
    c.d = u32(tmp)


@op('sub_co_ci_u32', 'u32 u32 u32 -')
def v_sub_co_ci_u32(c):
    """V_SUB_CO_CI_U32 — RDNA3 ISA guide, VOP2/VOP3SD: D.u32 = S0.u32 - S1.u32 - VCC[lane]; mask = (64'U(S1.u32) +
    VCC[lane] > 64'U(S0.u32))"""
    a, b, ci = u32(c.s[0]), u32(c.s[1]), c.carry & 1
    c.mask = 1 if b + ci > a else 0
    c.d = u32(a - b - ci)


@op('subrev_co_ci_u32', 'u32 u32 u32 -')
def v_subrev_co_ci_u32(c):
    """V_SUBREV_CO_CI_U32 — RDNA3 ISA guide, VOP2/VOP3SD: D.u32 = S1.u32 - S0.u32 - VCC[lane]; mask = (64'U(S0.u32)
    + VCC[lane] > 64'U(S1.u32))"""
    a, b, ci = u32(c.s[0]), u32(c.s[1]), c.carry & 1
    c.mask = 1 if a + ci > b else 0
    c.d = u32(b - a - ci)


@op('add_nc_u32', 'u32 u32 u32 -')
def v_add_nc_u32(c):
    """V_ADD_NC_U32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 + S1.u32 (no carry out)"""
    c.d = u32(c.s[0] + c.s[1])


@op('sub_nc_u32', 'u32 u32 u32 -')
def v_sub_nc_u32(c):
    """V_SUB_NC_U32 — RDNA3 ISA guide, VOP2: D.u32 = S0.u32 - S1.u32 (no borrow out)"""
    c.d = u32(c.s[0] - c.s[1])


@op('subrev_nc_u32', 'u32 u32 u32 -')
def v_subrev_nc_u32(c):
    """V_SUBREV_NC_U32 — RDNA3 ISA guide, VOP2: D.u32 = S1.u32 - S0.u32 (no borrow out)"""
    c.d = u32(c.s[1] - c.s[0])


# =====================================================================================
# VOP3 / VOP3SD
# =====================================================================================
@op('mad_i32_i24', 'i32 i32 i32 i32')
def v_mad_i32_i24(c):
    """V_MAD_I32_I24 — RDNA3 ISA guide, VOP3: D.i32 = 32'I(S0.i24) * 32'I(S1.i24) + S2.i32"""
    c.d = u32(i24(c.s[0]) * i24(c.s[1]) + i32(c.s[2]))


@op('mad_u32_u24', 'u32 u32 u32 u32')
def v_mad_u32_u24(c):
    """V_MAD_U32_U24 — RDNA3 ISA guide, VOP3: D.u32 = 32'U(S0.u24) * 32'U(S1.u24) + S2.u32"""
    c.d = u32(u24(c.s[0]) * u24(c.s[1]) + u32(c.s[2]))


@op('bfe_u32', 'u32 u32 sh32 sh32')
def v_bfe_u32(c):
    """V_BFE_U32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 >> S1[4:0]) & ((1 << S2[4:0]) - 1)"""
    off, w = field(c.s[1], 4, 0), field(c.s[2], 4, 0)
    c.d = (u32(c.s[0]) >> off) & ((1 << w) - 1)


@op('bfe_i32', 'i32 i32 sh32 sh32')
def v_bfe_i32(c):
    """V_BFE_I32 — RDNA3 ISA guide, VOP3: tmp = (S0.i32 >> S1[4:0]) & ((1 << S2[4:0]) - 1); D.i32 =
    signext_from_bit(tmp, S2[4:0]) (0 when the width is 0)"""
    off, w = field(c.s[1], 4, 0), field(c.s[2], 4, 0)
    tmp = (i32(c.s[0]) >> off) & ((1 << w) - 1)
    c.d = u32(sext(tmp, w)) if w else 0


@op('bfi_b32', 'b32 b32 b32 b32')
def v_bfi_b32(c):
    """V_BFI_B32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 & S1.u32) | (~S0.u32 & S2.u32)"""
    c.d = u32((c.s[0] & c.s[1]) | (~c.s[0] & c.s[2]))


@op('lerp_u8', 'u32 u32 u32 u32')
def v_lerp_u8(c):
    """V_LERP_U8 — RDNA3 ISA guide, VOP3: for each byte k: D[8k+7:8k] = (S0 byte k + S1 byte k + S2[8k]) >> 1"""
    d = 0
    for k in range(4):
        total = field(c.s[0], 8 * k + 7, 8 * k) + field(c.s[1], 8 * k + 7, 8 * k) + field(c.s[2], 8 * k, 8 * k)
        d += (total >> 1) << (8 * k)
    c.d = u32(d)


@op('alignbit_b32', 'b32 b32 b32 sh32')
def v_alignbit_b32(c):
    """V_ALIGNBIT_B32 — RDNA3 ISA guide, VOP3: D.u32 = ({S0.u32, S1.u32} >> S2[4:0])[31:0]"""
    c.d = u32((u32(c.s[0]) << 32 | u32(c.s[1])) >> field(c.s[2], 4, 0))


@op('alignbyte_b32', 'b32 b32 b32 sh32')
def v_alignbyte_b32(c):
    """V_ALIGNBYTE_B32 — RDNA3 ISA guide, VOP3: D.u32 = ({S0.u32, S1.u32} >> (S2[1:0] * 8))[31:0]"""
    c.d = u32((u32(c.s[0]) << 32 | u32(c.s[1])) >> (field(c.s[2], 1, 0) * 8))


def _min_i(a, b):  # the guide's v_min_i32/v_min_i16 on already-signed values
    return a if a < b else b


def _max_i(a, b):  # the guide's v_max_*: S0 >= S1 ? S0 : S1
    return a if a >= b else b


@op('min3_i32', 'i32 i32 i32 i32')
def v_min3_i32(c):
    """V_MIN3_I32 — RDNA3 ISA guide, VOP3: D.i32 = v_min_i32(v_min_i32(S0.i32, S1.i32), S2.i32)"""
    c.d = u32(_min_i(_min_i(i32(c.s[0]), i32(c.s[1])), i32(c.s[2])))


@op('min3_u32', 'u32 u32 u32 u32')
def v_min3_u32(c):
    """V_MIN3_U32 — RDNA3 ISA guide, VOP3: D.u32 = v_min_u32(v_min_u32(S0.u32, S1.u32), S2.u32)"""
    c.d = _min_i(_min_i(u32(c.s[0]), u32(c.s[1])), u32(c.s[2]))


@op('max3_i32', 'i32 i32 i32 i32')
def v_max3_i32(c):
    """V_MAX3_I32 — RDNA3 ISA guide, VOP3: D.i32 = v_max_i32(v_max_i32(S0.i32, S1.i32), S2.i32)"""
    c.d = u32(_max_i(_max_i(i32(c.s[0]), i32(c.s[1])), i32(c.s[2])))


@op('max3_u32', 'u32 u32 u32 u32')
def v_max3_u32(c):
    """V_MAX3_U32 — RDNA3 ISA guide, VOP3: D.u32 = v_max_u32(v_max_u32(S0.u32, S1.u32), S2.u32)"""
    c.d = _max_i(_max_i(u32(c.s[0]), u32(c.s[1])), u32(c.s[2]))


def _med3(a, b, c_):
    """The guide's med3 selection: if max3(a, b, c) == a then max(b, c), elsif == b then max(a, c),
    else max(a, b)."""
    top = _max_i(_max_i(a, b), c_)
    if top == a:
        return _max_i(b, c_)
    if top == b:
        return _max_i(a, c_)
    return _max_i(a, b)


@op('med3_i32', 'i32 i32 i32 i32')
def v_med3_i32(c):
    """V_MED3_I32 — RDNA3 ISA guide, VOP3: m = v_max3_i32(S0, S1, S2); D = m == S0 ? v_max_i32(S1, S2) : m == S1 ?
    v_max_i32(S0, S2) : v_max_i32(S0, S1)"""
    c.d = u32(_med3(i32(c.s[0]), i32(c.s[1]), i32(c.s[2])))


@op('med3_u32', 'u32 u32 u32 u32')
def v_med3_u32(c):
    """V_MED3_U32 — RDNA3 ISA guide, VOP3: m = v_max3_u32(S0, S1, S2); D = m == S0 ? v_max_u32(S1, S2) : m == S1 ?
    v_max_u32(S0, S2) : v_max_u32(S0, S1)"""
    c.d = _med3(u32(c.s[0]), u32(c.s[1]), u32(c.s[2]))


def _absdiff(x, y):
    """The guide's ABSDIFF(x, y) = x > y ? x - y : y - x (unsigned)."""
    return x - y if x > y else y - x


def sad_u8(s0, s1, s2):
    """The guide's v_sad_u8(S0, S1, S2): S2 plus ABSDIFF of the four byte pairs, 32 bits."""
    tmp = u32(s2)
    for k in range(4):
        tmp += _absdiff(field(s0, 8 * k + 7, 8 * k), field(s1, 8 * k + 7, 8 * k))
    return u32(tmp)


def msad_u8(s0, s1, s2):
    """The guide's v_msad_u8(S0, S1, S2): as sad_u8, but a byte pair whose S1 byte is 0 adds 0."""
    tmp = u32(s2)
    for k in range(4):
        ref = field(s1, 8 * k + 7, 8 * k)
        tmp += 0 if ref == 0 else _absdiff(field(s0, 8 * k + 7, 8 * k), ref)
    return u32(tmp)


@op('sad_u8', 'u32 u32 u32 u32')
def v_sad_u8(c):
    """V_SAD_U8 — RDNA3 ISA guide, VOP3: D.u32 = S2.u32 + sum over bytes k of ABSDIFF(S0 byte k, S1 byte k)"""
    c.d = sad_u8(c.s[0], c.s[1], c.s[2])


@op('sad_hi_u8', 'u32 u32 u32 u32')
def v_sad_hi_u8(c):
    """V_SAD_HI_U8 — RDNA3 ISA guide, VOP3: D.u32 = (32'U(v_sad_u8(S0, S1, 0)) << 16) + S2.u32"""
    c.d = u32((sad_u8(c.s[0], c.s[1], 0) << 16) + u32(c.s[2]))


@op('sad_u16', 'u32 u32 u32 u32')
def v_sad_u16(c):
    """V_SAD_U16 — RDNA3 ISA guide, VOP3: D.u32 = S2.u32 + ABSDIFF(S0[15:0], S1[15:0]) + ABSDIFF(S0[31:16],
    S1[31:16])"""
    tmp = u32(c.s[2])
    tmp += _absdiff(field(c.s[0], 15, 0), field(c.s[1], 15, 0))
    tmp += _absdiff(field(c.s[0], 31, 16), field(c.s[1], 31, 16))
    c.d = u32(tmp)


@op('sad_u32', 'u32 u32 u32 u32')
def v_sad_u32(c):
    """V_SAD_U32 — RDNA3 ISA guide, VOP3: D.u32 = ABSDIFF(S0.u32, S1.u32) + S2.u32"""
    c.d = u32(_absdiff(u32(c.s[0]), u32(c.s[1])) + u32(c.s[2]))


@op('msad_u8', 'u32 u32 u32 u32')
def v_msad_u8(c):
    """V_MSAD_U8 — RDNA3 ISA guide, VOP3: D.u32 = S2.u32 + sum over bytes k with S1 byte k != 0 of ABSDIFF(S0 byte
    k, S1 byte k)"""
    c.d = msad_u8(c.s[0], c.s[1], c.s[2])


@op('qsad_pk_u16_u8', 'b64 b64 u32 b64')
def v_qsad_pk_u16_u8(c):
    """V_QSAD_PK_U16_U8 — RDNA3 ISA guide, VOP3: D[16k+15:16k] = 16'B(v_sad_u8(S0[8k+31:8k], S1[31:0],
    S2[16k+15:16k])) for k = 0..3"""
    d = 0
    for k in range(4):
        d |= (sad_u8(field(c.s[0], 8 * k + 31, 8 * k), u32(c.s[1]), field(c.s[2], 16 * k + 15, 16 * k)) & M16) << (16 * k)
    c.d = d


@op('mqsad_pk_u16_u8', 'b64 b64 u32 b64')
def v_mqsad_pk_u16_u8(c):
    """V_MQSAD_PK_U16_U8 — RDNA3 ISA guide, VOP3: D[16k+15:16k] = 16'B(v_msad_u8(S0[8k+31:8k], S1[31:0],
    S2[16k+15:16k])) for k = 0..3"""
    d = 0
    for k in range(4):
        d |= (msad_u8(field(c.s[0], 8 * k + 31, 8 * k), u32(c.s[1]), field(c.s[2], 16 * k + 15, 16 * k)) & M16) << (16 * k)
    c.d = d


@op('mqsad_u32_u8', 'b128 b64 u32 b128')
def v_mqsad_u32_u8(c):
    """V_MQSAD_U32_U8 — RDNA3 ISA guide, VOP3: D[32k+31:32k] = v_msad_u8(S0[8k+31:8k], S1[31:0], S2[32k+31:32k])
    for k = 0..3 (S2 and D are 128 bits)"""
    d = 0
    for k in range(4):
        d |= msad_u8(field(c.s[0], 8 * k + 31, 8 * k), u32(c.s[1]), field(c.s[2], 32 * k + 31, 32 * k)) << (32 * k)
    c.d = d


@op('xor3_b32', 'b32 b32 b32 b32')
def v_xor3_b32(c):
    """V_XOR3_B32 — RDNA3 ISA guide, VOP3: D.u32 = S0.u32 ^ S1.u32 ^ S2.u32"""
    c.d = u32(c.s[0] ^ c.s[1] ^ c.s[2])


@op('mad_u16', 'u16 u16 u16 u16')
def v_mad_u16(c):
    """V_MAD_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 * S1.u16 + S2.u16"""
    c.d = u16(u16(c.s[0]) * u16(c.s[1]) + u16(c.s[2]))


def byte_permute(data, sel):
    """The guide's BYTE_PERMUTE(data, sel) for V_PERM_B32: in[i] = data byte i (of the 64-bit
    {S0, S1}); sel >= 13 gives 0xff, 12 gives 0x00, 11/10/9/8 give 0xff times the sign bit of
    in[7]/in[5]/in[3]/in[1], and 0..7 give in[sel]."""
    inb = [field(data, 8 * i + 7, 8 * i) for i in range(8)]
    if sel >= 13:
        return 0xff
    if sel == 12:
        return 0x00
    if sel == 11:
        return 0xff * (inb[7] >> 7)
    if sel == 10:
        return 0xff * (inb[5] >> 7)
    if sel == 9:
        return 0xff * (inb[3] >> 7)
    if sel == 8:
        return 0xff * (inb[1] >> 7)
    return inb[sel]


@op('perm_b32', 'b32 b32 b32 sel32')
def v_perm_b32(c):
    """V_PERM_B32 — RDNA3 ISA guide, VOP3: D byte k = BYTE_PERMUTE({S0.u32, S1.u32}, S2.u32 byte k) for k = 0..3"""
    data = u32(c.s[0]) << 32 | u32(c.s[1])
    d = 0
    for k in range(4):
        d |= byte_permute(data, field(c.s[2], 8 * k + 7, 8 * k)) << (8 * k)
    c.d = d


@op('xad_u32', 'u32 u32 u32 u32')
def v_xad_u32(c):
    """V_XAD_U32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 ^ S1.u32) + S2.u32"""
    c.d = u32((u32(c.s[0]) ^ u32(c.s[1])) + u32(c.s[2]))


@op('lshl_add_u32', 'u32 u32 sh32 u32')
def v_lshl_add_u32(c):
    """V_LSHL_ADD_U32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 << S1[4:0]) + S2.u32"""
    c.d = u32((u32(c.s[0]) << field(c.s[1], 4, 0)) + u32(c.s[2]))


@op('add_lshl_u32', 'u32 u32 u32 sh32')
def v_add_lshl_u32(c):
    """V_ADD_LSHL_U32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 + S1.u32) << S2[4:0]"""
    c.d = u32(u32(u32(c.s[0]) + u32(c.s[1])) << field(c.s[2], 4, 0))


@op('min3_i16', 'i16 i16 i16 i16')
def v_min3_i16(c):
    """V_MIN3_I16 — RDNA3 ISA guide, VOP3: D.i16 = v_min_i16(v_min_i16(S0.i16, S1.i16), S2.i16)"""
    c.d = u16(_min_i(_min_i(i16(c.s[0]), i16(c.s[1])), i16(c.s[2])))


@op('min3_u16', 'u16 u16 u16 u16')
def v_min3_u16(c):
    """V_MIN3_U16 — RDNA3 ISA guide, VOP3: D.u16 = v_min_u16(v_min_u16(S0.u16, S1.u16), S2.u16)"""
    c.d = _min_i(_min_i(u16(c.s[0]), u16(c.s[1])), u16(c.s[2]))


@op('max3_i16', 'i16 i16 i16 i16')
def v_max3_i16(c):
    """V_MAX3_I16 — RDNA3 ISA guide, VOP3: D.i16 = v_max_i16(v_max_i16(S0.i16, S1.i16), S2.i16)"""
    c.d = u16(_max_i(_max_i(i16(c.s[0]), i16(c.s[1])), i16(c.s[2])))


@op('max3_u16', 'u16 u16 u16 u16')
def v_max3_u16(c):
    """V_MAX3_U16 — RDNA3 ISA guide, VOP3: D.u16 = v_max_u16(v_max_u16(S0.u16, S1.u16), S2.u16)"""
    c.d = _max_i(_max_i(u16(c.s[0]), u16(c.s[1])), u16(c.s[2]))


@op('med3_i16', 'i16 i16 i16 i16')
def v_med3_i16(c):
    """V_MED3_I16 — RDNA3 ISA guide, VOP3: m = v_max3_i16(S0, S1, S2); D = m == S0 ? v_max_i16(S1, S2) : m == S1 ?
    v_max_i16(S0, S2) : v_max_i16(S0, S1)"""
    c.d = u16(_med3(i16(c.s[0]), i16(c.s[1]), i16(c.s[2])))


@op('med3_u16', 'u16 u16 u16 u16')
def v_med3_u16(c):
    """V_MED3_U16 — RDNA3 ISA guide, VOP3: m = v_max3_u16(S0, S1, S2); D = m == S0 ? v_max_u16(S1, S2) : m == S1 ?
    v_max_u16(S0, S2) : v_max_u16(S0, S1)"""
    c.d = _med3(u16(c.s[0]), u16(c.s[1]), u16(c.s[2]))


@op('mad_i16', 'i16 i16 i16 i16')
def v_mad_i16(c):
    """V_MAD_I16 — RDNA3 ISA guide, VOP3: D.i16 = S0.i16 * S1.i16 + S2.i16"""
    c.d = u16(i16(c.s[0]) * i16(c.s[1]) + i16(c.s[2]))


@op('add3_u32', 'u32 u32 u32 u32')
def v_add3_u32(c):
    """V_ADD3_U32 — RDNA3 ISA guide, VOP3: D.u32 = S0.u32 + S1.u32 + S2.u32"""
    c.d = u32(u32(c.s[0]) + u32(c.s[1]) + u32(c.s[2]))


@op('lshl_or_b32', 'b32 b32 sh32 b32')
def v_lshl_or_b32(c):
    """V_LSHL_OR_B32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 << S1[4:0]) | S2.u32"""
    c.d = u32((u32(c.s[0]) << field(c.s[1], 4, 0)) | u32(c.s[2]))


@op('and_or_b32', 'b32 b32 b32 b32')
def v_and_or_b32(c):
    """V_AND_OR_B32 — RDNA3 ISA guide, VOP3: D.u32 = (S0.u32 & S1.u32) | S2.u32"""
    c.d = u32((c.s[0] & c.s[1]) | c.s[2])


@op('or3_b32', 'b32 b32 b32 b32')
def v_or3_b32(c):
    """V_OR3_B32 — RDNA3 ISA guide, VOP3: D.u32 = S0.u32 | S1.u32 | S2.u32"""
    c.d = u32(c.s[0] | c.s[1] | c.s[2])


@op('mad_u32_u16', 'u32 u16 u16 u32')
def v_mad_u32_u16(c):
    """V_MAD_U32_U16 — RDNA3 ISA guide, VOP3: D.u32 = 32'U(S0.u16) * 32'U(S1.u16) + S2.u32"""
    c.d = u32(u16(c.s[0]) * u16(c.s[1]) + u32(c.s[2]))


@op('mad_i32_i16', 'i32 i16 i16 i32')
def v_mad_i32_i16(c):
    """V_MAD_I32_I16 — RDNA3 ISA guide, VOP3: D.i32 = 32'I(S0.i16) * 32'I(S1.i16) + S2.i32"""
    c.d = u32(i16(c.s[0]) * i16(c.s[1]) + i32(c.s[2]))


@op('maxmin_u32', 'u32 u32 u32 u32')
def v_maxmin_u32(c):
    """V_MAXMIN_U32 — RDNA3 ISA guide, VOP3: D.u32 = v_min_u32(v_max_u32(S0.u32, S1.u32), S2.u32)"""
    c.d = _min_i(_max_i(u32(c.s[0]), u32(c.s[1])), u32(c.s[2]))


@op('minmax_u32', 'u32 u32 u32 u32')
def v_minmax_u32(c):
    """V_MINMAX_U32 — RDNA3 ISA guide, VOP3: D.u32 = v_max_u32(v_min_u32(S0.u32, S1.u32), S2.u32)"""
    c.d = _max_i(_min_i(u32(c.s[0]), u32(c.s[1])), u32(c.s[2]))


@op('maxmin_i32', 'i32 i32 i32 i32')
def v_maxmin_i32(c):
    """V_MAXMIN_I32 — RDNA3 ISA guide, VOP3: D.i32 = v_min_i32(v_max_i32(S0.i32, S1.i32), S2.i32)"""
    c.d = u32(_min_i(_max_i(i32(c.s[0]), i32(c.s[1])), i32(c.s[2])))


@op('minmax_i32', 'i32 i32 i32 i32')
def v_minmax_i32(c):
    """V_MINMAX_I32 — RDNA3 ISA guide, VOP3: D.i32 = v_max_i32(v_min_i32(S0.i32, S1.i32), S2.i32)"""
    c.d = u32(_max_i(_min_i(i32(c.s[0]), i32(c.s[1])), i32(c.s[2])))


@op('mad_u64_u32', 'u64 u32 u32 u64')
def v_mad_u64_u32(c):
    """V_MAD_U64_U32 — RDNA3 ISA guide, VOP3SD: {D1.u1, D0.u64} = 65'U(S0.u32) * 65'U(S1.u32) + 65'U(S2.u64) (D1 is
    the SDST mask bit)"""
    r = u32(c.s[0]) * u32(c.s[1]) + (c.s[2] & M64)
    c.d = r & M64
    c.mask = (r >> 64) & 1


@op('mad_i64_i32', 'i64 i32 i32 i64')
def v_mad_i64_i32(c):
    """V_MAD_I64_I32 — RDNA3 ISA guide, VOP3SD: {D1.i1, D0.i64} = 65'I(S0.i32) * 65'I(S1.i32) + 65'I(S2.i64) (D1,
    bit 64 of the 65-bit result, is the SDST mask bit)"""
    r = i32(c.s[0]) * i32(c.s[1]) + i64(c.s[2])
    r65 = r & ((1 << 65) - 1)
    c.d = r65 & M64
    c.mask = (r65 >> 64) & 1


@op('add_co_u32', 'u32 u32 u32 -')
def v_add_co_u32(c):
    """V_ADD_CO_U32 — RDNA3 ISA guide, VOP3SD: tmp = 64'U(S0.u32) + 64'U(S1.u32); mask = tmp >= 2^32; D.u32 =
    tmp[31:0]"""
    tmp = u32(c.s[0]) + u32(c.s[1])
    c.mask = 1 if tmp >= 1 << 32 else 0
    c.d = u32(tmp)


@op('sub_co_u32', 'u32 u32 u32 -')
def v_sub_co_u32(c):
    """V_SUB_CO_U32 — RDNA3 ISA guide, VOP3SD: D.u32 = S0.u32 - S1.u32; mask = S1.u32 > S0.u32"""
    a, b = u32(c.s[0]), u32(c.s[1])
    c.mask = 1 if b > a else 0
    c.d = u32(a - b)


@op('subrev_co_u32', 'u32 u32 u32 -')
def v_subrev_co_u32(c):
    """V_SUBREV_CO_U32 — RDNA3 ISA guide, VOP3SD: D.u32 = S1.u32 - S0.u32; mask = S0.u32 > S1.u32"""
    a, b = u32(c.s[0]), u32(c.s[1])
    c.mask = 1 if a > b else 0
    c.d = u32(b - a)


@op('add_nc_u16', 'u16 u16 u16 -')
def v_add_nc_u16(c):
    """V_ADD_NC_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 + S1.u16"""
    c.d = u16(c.s[0] + c.s[1])


@op('sub_nc_u16', 'u16 u16 u16 -')
def v_sub_nc_u16(c):
    """V_SUB_NC_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 - S1.u16"""
    c.d = u16(u16(c.s[0]) - u16(c.s[1]))


@op('mul_lo_u16', 'u16 u16 u16 -')
def v_mul_lo_u16(c):
    """V_MUL_LO_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 * S1.u16 (low 16 bits)"""
    c.d = u16(u16(c.s[0]) * u16(c.s[1]))


@op('max_u16', 'u16 u16 u16 -')
def v_max_u16(c):
    """V_MAX_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 >= S1.u16 ? S0.u16 : S1.u16"""
    c.d = _max_i(u16(c.s[0]), u16(c.s[1]))


@op('max_i16', 'i16 i16 i16 -')
def v_max_i16(c):
    """V_MAX_I16 — RDNA3 ISA guide, VOP3: D.i16 = S0.i16 >= S1.i16 ? S0.i16 : S1.i16"""
    c.d = u16(_max_i(i16(c.s[0]), i16(c.s[1])))


@op('min_u16', 'u16 u16 u16 -')
def v_min_u16(c):
    """V_MIN_U16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 < S1.u16 ? S0.u16 : S1.u16"""
    c.d = _min_i(u16(c.s[0]), u16(c.s[1]))


@op('min_i16', 'i16 i16 i16 -')
def v_min_i16(c):
    """V_MIN_I16 — RDNA3 ISA guide, VOP3: D.i16 = S0.i16 < S1.i16 ? S0.i16 : S1.i16"""
    c.d = u16(_min_i(i16(c.s[0]), i16(c.s[1])))


@op('add_nc_i16', 'i16 i16 i16 -')
def v_add_nc_i16(c):
    """V_ADD_NC_I16 — RDNA3 ISA guide, VOP3: D.i16 = S0.i16 + S1.i16"""
    c.d = u16(i16(c.s[0]) + i16(c.s[1]))


@op('sub_nc_i16', 'i16 i16 i16 -')
def v_sub_nc_i16(c):
    """V_SUB_NC_I16 — RDNA3 ISA guide, VOP3: D.i16 = S0.i16 - S1.i16"""
    c.d = u16(i16(c.s[0]) - i16(c.s[1]))


@op('bfm_b32', 'b32 sh32 sh32 -')
def v_bfm_b32(c):
    """V_BFM_B32 — RDNA3 ISA guide, VOP3: D.u32 = ((1 << S0[4:0]) - 1) << S1[4:0]"""
    c.d = u32(((1 << field(c.s[0], 4, 0)) - 1) << field(c.s[1], 4, 0))


@op('bcnt_u32_b32', 'u32 b32 u32 -')
def v_bcnt_u32_b32(c):
    """V_BCNT_U32_B32 — RDNA3 ISA guide, VOP3: tmp = S1.u32; tmp += S0[i] for i = 0..31; D.u32 = tmp"""
    tmp = u32(c.s[1])
    for i in range(32):
        tmp += (c.s[0] >> i) & 1
    c.d = u32(tmp)


@op('mbcnt_lo_u32_b32', 'u32 b32 u32 -')
def v_mbcnt_lo_u32_b32(c):
    """V_MBCNT_LO_U32_B32 — RDNA3 ISA guide, VOP3: ThreadMask = (1 << laneId) - 1; D.u32 = S1.u32 + number of set
    bits of S0.u32 & ThreadMask[31:0]"""
    thread_mask = (1 << c.lane) - 1
    masked = u32(c.s[0]) & field(thread_mask, 31, 0)
    tmp = u32(c.s[1])
    for i in range(32):
        tmp += 1 if (masked >> i) & 1 else 0
    c.d = u32(tmp)


@op('mbcnt_hi_u32_b32', 'u32 b32 u32 -')
def v_mbcnt_hi_u32_b32(c):
    """V_MBCNT_HI_U32_B32 — RDNA3 ISA guide, VOP3: ThreadMask = (1 << laneId) - 1; D.u32 = S1.u32 + number of set
    bits of S0.u32 & ThreadMask[63:32]"""
    thread_mask = (1 << c.lane) - 1
    masked = u32(c.s[0]) & field(thread_mask, 63, 32)
    tmp = u32(c.s[1])
    for i in range(32):
        tmp += 1 if (masked >> i) & 1 else 0
    c.d = u32(tmp)


def u32_to_u16(x):
    """The guide's u32_to_u16: an unsigned 32-bit value narrowed to 16 bits, saturating at 0xffff."""
    return x if x <= M16 else M16


def i32_to_i16(x):
    """The guide's i32_to_i16: a signed 32-bit value narrowed to 16 bits, saturating to [-32768, 32767]."""
    return max(-0x8000, min(0x7fff, x))


@op('cvt_pk_u16_u32', 'b32 u32 u32 -')
def v_cvt_pk_u16_u32(c):
    """V_CVT_PK_U16_U32 — RDNA3 ISA guide, VOP3: D[15:0].u16 = u32_to_u16(S0.u32); D[31:16].u16 =
    u32_to_u16(S1.u32)"""
    c.d = u32_to_u16(u32(c.s[1])) << 16 | u32_to_u16(u32(c.s[0]))


@op('cvt_pk_i16_i32', 'b32 i32 i32 -')
def v_cvt_pk_i16_i32(c):
    """V_CVT_PK_I16_I32 — RDNA3 ISA guide, VOP3: D[15:0].i16 = i32_to_i16(S0.i32); D[31:16].i16 =
    i32_to_i16(S1.i32)"""
    c.d = u16(i32_to_i16(i32(c.s[1]))) << 16 | u16(i32_to_i16(i32(c.s[0])))


@op('sub_nc_i32', 'i32 i32 i32 -')
def v_sub_nc_i32(c):
    """V_SUB_NC_I32 — RDNA3 ISA guide, VOP3: D.i32 = S0.i32 - S1.i32"""
    c.d = u32(i32(c.s[0]) - i32(c.s[1]))


@op('add_nc_i32', 'i32 i32 i32 -')
def v_add_nc_i32(c):
    """V_ADD_NC_I32 — RDNA3 ISA guide, VOP3: D.i32 = S0.i32 + S1.i32"""
    c.d = u32(i32(c.s[0]) + i32(c.s[1]))


@op('mul_lo_u32', 'u32 u32 u32 -')
def v_mul_lo_u32(c):
    """V_MUL_LO_U32 — RDNA3 ISA guide, VOP3: D.u32 = S0.u32 * S1.u32 (low 32 bits)"""
    c.d = u32(u32(c.s[0]) * u32(c.s[1]))


@op('mul_hi_u32', 'u32 u32 u32 -')
def v_mul_hi_u32(c):
    """V_MUL_HI_U32 — RDNA3 ISA guide, VOP3: D.u32 = (64'U(S0.u32) * 64'U(S1.u32)) >> 32"""
    c.d = u32((u32(c.s[0]) * u32(c.s[1])) >> 32)


@op('mul_hi_i32', 'i32 i32 i32 -')
def v_mul_hi_i32(c):
    """V_MUL_HI_I32 — RDNA3 ISA guide, VOP3: D.i32 = (64'I(S0.i32) * 64'I(S1.i32)) >> 32"""
    c.d = u32((i32(c.s[0]) * i32(c.s[1])) >> 32)


@op('lshlrev_b16', 'b16 sh16 b16 -')
def v_lshlrev_b16(c):
    """V_LSHLREV_B16 — RDNA3 ISA guide, VOP3: D.u16 = S1.u16 << S0[3:0]"""
    c.d = u16(u16(c.s[1]) << field(c.s[0], 3, 0))


@op('lshrrev_b16', 'b16 sh16 b16 -')
def v_lshrrev_b16(c):
    """V_LSHRREV_B16 — RDNA3 ISA guide, VOP3: D.u16 = S1.u16 >> S0[3:0] (logical)"""
    c.d = u16(c.s[1]) >> field(c.s[0], 3, 0)


@op('ashrrev_i16', 'i16 sh16 i16 -')
def v_ashrrev_i16(c):
    """V_ASHRREV_I16 — RDNA3 ISA guide, VOP3: D.i16 = S1.i16 >> S0[3:0] (arithmetic)"""
    c.d = u16(i16(c.s[1]) >> field(c.s[0], 3, 0))


@op('lshlrev_b64', 'b64 sh32 b64 -')
def v_lshlrev_b64(c):
    """V_LSHLREV_B64 — RDNA3 ISA guide, VOP3: D.u64 = S1.u64 << S0[5:0]"""
    c.d = ((c.s[1] & M64) << field(c.s[0], 5, 0)) & M64


@op('lshrrev_b64', 'b64 sh32 b64 -')
def v_lshrrev_b64(c):
    """V_LSHRREV_B64 — RDNA3 ISA guide, VOP3: D.u64 = S1.u64 >> S0[5:0] (logical)"""
    c.d = (c.s[1] & M64) >> field(c.s[0], 5, 0)


@op('ashrrev_i64', 'i64 sh32 i64 -')
def v_ashrrev_i64(c):
    """V_ASHRREV_I64 — RDNA3 ISA guide, VOP3: D.i64 = S1.i64 >> S0[5:0] (arithmetic)"""
    c.d = (i64(c.s[1]) >> field(c.s[0], 5, 0)) & M64


@op('and_b16', 'b16 b16 b16 -')
def v_and_b16(c):
    """V_AND_B16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 & S1.u16"""
    c.d = u16(c.s[0] & c.s[1])


@op('or_b16', 'b16 b16 b16 -')
def v_or_b16(c):
    """V_OR_B16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 | S1.u16"""
    c.d = u16(c.s[0] | c.s[1])


@op('xor_b16', 'b16 b16 b16 -')
def v_xor_b16(c):
    """V_XOR_B16 — RDNA3 ISA guide, VOP3: D.u16 = S0.u16 ^ S1.u16"""
    c.d = u16(c.s[0] ^ c.s[1])


# =====================================================================================
# VOP3P: packed 16-bit integer math and the integer dot products. The guide's VOP3P source
# selection: the low lane of source k is S[k] half OP_SEL[k], the high lane half OP_SEL_HI[k]
# (0 = bits 15:0, 1 = bits 31:16); the pseudocode's S0[15:0] / S0[31:16] name those lanes.
# =====================================================================================
def packed(c, k):
    """Source k as the VOP3P datapath sees it: {half OP_SEL_HI[k], half OP_SEL[k]}."""
    s = u32(c.s[k])
    lo = field(s, 31, 16) if (c.opsel >> k) & 1 else field(s, 15, 0)
    hi = field(s, 31, 16) if (c.opsel_hi >> k) & 1 else field(s, 15, 0)
    return hi << 16 | lo


def _pk(c, nsrc, fn):
    srcs = [packed(c, k) for k in range(nsrc)]
    lo = fn(*[field(s, 15, 0) for s in srcs]) & M16
    hi = fn(*[field(s, 31, 16) for s in srcs]) & M16
    c.d = hi << 16 | lo
    return srcs


@op('pk_mad_i16', 'b32 b32 b32 b32')
def v_pk_mad_i16(c):
    """V_PK_MAD_I16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].i16 = S0[h].i16 * S1[h].i16 + S2[h].i16"""
    _pk(c, 3, lambda a, b, d: i16(a) * i16(b) + i16(d))


@op('pk_mul_lo_u16', 'b32 b32 b32 -')
def v_pk_mul_lo_u16(c):
    """V_PK_MUL_LO_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 * S1[h].u16"""
    _pk(c, 2, lambda a, b: a * b)


@op('pk_add_i16', 'b32 b32 b32 -')
def v_pk_add_i16(c):
    """V_PK_ADD_I16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].i16 = S0[h].i16 + S1[h].i16"""
    _pk(c, 2, lambda a, b: i16(a) + i16(b))


@op('pk_sub_i16', 'b32 b32 b32 -')
def v_pk_sub_i16(c):
    """V_PK_SUB_I16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].i16 = S0[h].i16 - S1[h].i16"""
    _pk(c, 2, lambda a, b: i16(a) - i16(b))


@op('pk_lshlrev_b16', 'b32 sh32 b32 -')
def v_pk_lshlrev_b16(c):
    """V_PK_LSHLREV_B16 — RDNA3 ISA guide, VOP3P: D[31:16].u16 = S1[31:16].u16 << S0[19:16]; D[15:0].u16 =
    S1[15:0].u16 << S0[3:0]"""
    _pk(c, 2, lambda a, b: b << field(a, 3, 0))


@op('pk_lshrrev_b16', 'b32 sh32 b32 -')
def v_pk_lshrrev_b16(c):
    """V_PK_LSHRREV_B16 — RDNA3 ISA guide, VOP3P: D[31:16].u16 = S1[31:16].u16 >> S0[19:16]; D[15:0].u16 =
    S1[15:0].u16 >> S0[3:0]"""
    _pk(c, 2, lambda a, b: b >> field(a, 3, 0))


@op('pk_ashrrev_i16', 'b32 sh32 b32 -')
def v_pk_ashrrev_i16(c):
    """V_PK_ASHRREV_I16 — RDNA3 ISA guide, VOP3P: D[31:16].i16 = S1[31:16].i16 >> S0[19:16]; D[15:0].i16 =
    S1[15:0].i16 >> S0[3:0] (arithmetic)"""
    _pk(c, 2, lambda a, b: i16(b) >> field(a, 3, 0))


@op('pk_max_i16', 'b32 b32 b32 -')
def v_pk_max_i16(c):
    """V_PK_MAX_I16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].i16 = S0[h].i16 >= S1[h].i16 ? S0[h].i16 :
    S1[h].i16"""
    _pk(c, 2, lambda a, b: _max_i(i16(a), i16(b)))


@op('pk_min_i16', 'b32 b32 b32 -')
def v_pk_min_i16(c):
    """V_PK_MIN_I16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].i16 = S0[h].i16 < S1[h].i16 ? S0[h].i16 :
    S1[h].i16"""
    _pk(c, 2, lambda a, b: _min_i(i16(a), i16(b)))


@op('pk_mad_u16', 'b32 b32 b32 b32')
def v_pk_mad_u16(c):
    """V_PK_MAD_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 * S1[h].u16 + S2[h].u16"""
    _pk(c, 3, lambda a, b, d: a * b + d)


@op('pk_add_u16', 'b32 b32 b32 -')
def v_pk_add_u16(c):
    """V_PK_ADD_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 + S1[h].u16"""
    _pk(c, 2, lambda a, b: a + b)


@op('pk_sub_u16', 'b32 b32 b32 -')
def v_pk_sub_u16(c):
    """V_PK_SUB_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 - S1[h].u16"""
    _pk(c, 2, lambda a, b: a - b)


@op('pk_max_u16', 'b32 b32 b32 -')
def v_pk_max_u16(c):
    """V_PK_MAX_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 >= S1[h].u16 ? S0[h].u16 :
    S1[h].u16"""
    _pk(c, 2, _max_i)


@op('pk_min_u16', 'b32 b32 b32 -')
def v_pk_min_u16(c):
    """V_PK_MIN_U16 — RDNA3 ISA guide, VOP3P: for each half h: D[h].u16 = S0[h].u16 < S1[h].u16 ? S0[h].u16 :
    S1[h].u16"""
    _pk(c, 2, _min_i)


@op('dot4_i32_iu8', 'i32 u32 u32 i32')
def v_dot4_i32_iu8(c):
    """V_DOT4_I32_IU8 — RDNA3 ISA guide, VOP3P: A[i] = byte i of S0, signed when NEG[0] else unsigned; B[i]
    likewise from S1 with NEG[1]; D.i32 = S2.i32 + sum of A[i] * B[i], i = 0..3"""
    a_signed, b_signed = c.neg & 1, (c.neg >> 1) & 1
    tmp = i32(c.s[2])
    for i in range(4):
        a8, b8 = field(c.s[0], 8 * i + 7, 8 * i), field(c.s[1], 8 * i + 7, 8 * i)
        tmp += (sext(a8, 8) if a_signed else a8) * (sext(b8, 8) if b_signed else b8)
    c.d = u32(tmp)


@op('dot4_u32_u8', 'u32 u32 u32 u32')
def v_dot4_u32_u8(c):
    """V_DOT4_U32_U8 — RDNA3 ISA guide, VOP3P: D.u32 = S2.u32 + sum of u8_to_u32(S0 byte i) * u8_to_u32(S1 byte i),
    i = 0..3"""
    tmp = u32(c.s[2])
    for i in range(4):
        tmp += field(c.s[0], 8 * i + 7, 8 * i) * field(c.s[1], 8 * i + 7, 8 * i)
    c.d = u32(tmp)


@op('dot8_i32_iu4', 'i32 u32 u32 i32')
def v_dot8_i32_iu4(c):
    """V_DOT8_I32_IU4 — RDNA3 ISA guide, VOP3P: A[i] = nibble i of S0, signed when NEG[0] else unsigned; B[i]
    likewise from S1 with NEG[1]; D.i32 = S2.i32 + sum of A[i] * B[i], i = 0..7"""
    a_signed, b_signed = c.neg & 1, (c.neg >> 1) & 1
    tmp = i32(c.s[2])
    for i in range(8):
        a4, b4 = field(c.s[0], 4 * i + 3, 4 * i), field(c.s[1], 4 * i + 3, 4 * i)
        tmp += (sext(a4, 4) if a_signed else a4) * (sext(b4, 4) if b_signed else b4)
    c.d = u32(tmp)


@op('dot8_u32_u4', 'u32 u32 u32 u32')
def v_dot8_u32_u4(c):
    """V_DOT8_U32_U4 — RDNA3 ISA guide, VOP3P: D.u32 = S2.u32 + sum of u4_to_u32(S0 nibble i) * u4_to_u32(S1 nibble
    i), i = 0..7"""
    tmp = u32(c.s[2])
    for i in range(8):
        tmp += field(c.s[0], 4 * i + 3, 4 * i) * field(c.s[1], 4 * i + 3, 4 * i)
    c.d = u32(tmp)


# =====================================================================================
# VOPC integer compares. The guide's pseudocode for V_CMP_<pred>_<type>: D.u64[laneId] = S0 <pred>
# S1 read as <type> (D is VCC in the VOPC encoding, the SDST in VOP3); V_CMPX_<pred>_<type> writes
# EXEC.u64[laneId] instead. F is always 0, T always 1 (32/64-bit types only). Every row below is
# spelled out from isa/rdna3/vopc.def.
# =====================================================================================
INT_COMPARES = (
    'cmp_lt_i16 cmp_eq_i16 cmp_le_i16 cmp_gt_i16 cmp_ne_i16 cmp_ge_i16 '
    'cmp_lt_u16 cmp_eq_u16 cmp_le_u16 cmp_gt_u16 cmp_ne_u16 cmp_ge_u16 '
    'cmp_f_i32 cmp_lt_i32 cmp_eq_i32 cmp_le_i32 cmp_gt_i32 cmp_ne_i32 cmp_ge_i32 cmp_t_i32 '
    'cmp_f_u32 cmp_lt_u32 cmp_eq_u32 cmp_le_u32 cmp_gt_u32 cmp_ne_u32 cmp_ge_u32 cmp_t_u32 '
    'cmp_f_i64 cmp_lt_i64 cmp_eq_i64 cmp_le_i64 cmp_gt_i64 cmp_ne_i64 cmp_ge_i64 cmp_t_i64 '
    'cmp_f_u64 cmp_lt_u64 cmp_eq_u64 cmp_le_u64 cmp_gt_u64 cmp_ne_u64 cmp_ge_u64 cmp_t_u64 '
    'cmpx_lt_i16 cmpx_eq_i16 cmpx_le_i16 cmpx_gt_i16 cmpx_ne_i16 cmpx_ge_i16 '
    'cmpx_lt_u16 cmpx_eq_u16 cmpx_le_u16 cmpx_gt_u16 cmpx_ne_u16 cmpx_ge_u16 '
    'cmpx_f_i32 cmpx_lt_i32 cmpx_eq_i32 cmpx_le_i32 cmpx_gt_i32 cmpx_ne_i32 cmpx_ge_i32 cmpx_t_i32 '
    'cmpx_f_u32 cmpx_lt_u32 cmpx_eq_u32 cmpx_le_u32 cmpx_gt_u32 cmpx_ne_u32 cmpx_ge_u32 cmpx_t_u32 '
    'cmpx_f_i64 cmpx_lt_i64 cmpx_eq_i64 cmpx_le_i64 cmpx_gt_i64 cmpx_ne_i64 cmpx_ge_i64 cmpx_t_i64 '
    'cmpx_f_u64 cmpx_lt_u64 cmpx_eq_u64 cmpx_le_u64 cmpx_gt_u64 cmpx_ne_u64 cmpx_ge_u64 cmpx_t_u64').split()

# the guide's relation of each predicate (<> is "not equal" for integers)
PREDICATES = {
    'f': ("1'0", lambda a, b: False), 'lt': ('S0 < S1', lambda a, b: a < b), 'eq': ('S0 == S1', lambda a, b: a == b),
    'le': ('S0 <= S1', lambda a, b: a <= b), 'gt': ('S0 > S1', lambda a, b: a > b),
    'ne': ('S0 <> S1', lambda a, b: a != b), 'ge': ('S0 >= S1', lambda a, b: a >= b), 't': ("1'1", lambda a, b: True)}
READS = {'i16': i16, 'u16': u16, 'i32': i32, 'u32': u32, 'i64': i64, 'u64': lambda x: x & M64}


def _compare_row(name):
    kind, pred, t = name.split('_')
    rel, test = PREDICATES[pred]
    read = READS[t]
    target = 'EXEC' if kind == 'cmpx' else 'D (VCC in VOPC, SDST in VOP3)'

    def fn(c):
        c.mask = 1 if test(read(c.s[0]), read(c.s[1])) else 0
    rel_t = rel.replace('S0', 'S0.' + t).replace('S1', 'S1.' + t)
    fn.__doc__ = 'V_%s — RDNA3 ISA guide, VOPC: %s.u64[laneId] = %s' % (name.upper(), target, rel_t)
    fn.__name__ = 'v_' + name
    ROWS[name] = ('mask %s %s -' % (t, t), fn, fn.__doc__)


for _n in INT_COMPARES:
    _compare_row(_n)


# =====================================================================================
# Integer WMMA (VOP3P): whole 16x16 matrices, outside the one-lane line protocol
# =====================================================================================
def wmma_i32(a, b, c, a_signed, b_signed, clamp, bits):
    """The integer WMMA arithmetic on matrices: a[m][k], b[k][n] raw `bits`-bit elements (signed
    when a_signed/b_signed, the guide's NEG[0]/NEG[1] choice of iu8/iu4 signedness), c[m][n] raw
    32-bit accumulators; returns d[m][n] (32-bit), D = A * B + C computed exactly, then wrapped to
    32 bits, or saturated to the i32 range with CLAMP."""
    d = []
    for m in range(16):
        row = []
        for n in range(16):
            acc = i32(c[m][n])
            for k in range(16):
                x = sext(a[m][k], bits) if a_signed else a[m][k] & ((1 << bits) - 1)
                y = sext(b[k][n], bits) if b_signed else b[k][n] & ((1 << bits) - 1)
                acc += x * y
            if clamp:
                acc = max(-0x80000000, min(0x7fffffff, acc))
            row.append(u32(acc))
        d.append(row)
    return d


def v_wmma_i32_16x16x16_iu8(a, b, c, neg_lo=0, clamp=0):
    """V_WMMA_I32_16X16X16_IU8 — RDNA3 ISA guide, VOP3P: D.i32(16x16) = S0.iu8(16x16) * S1.iu8(16x16) +
    S2.i32(16x16), A signed when NEG[0], B signed when NEG[1]; EXEC treated as all ones"""
    return wmma_i32(a, b, c, neg_lo & 1, (neg_lo >> 1) & 1, clamp, 8)


def v_wmma_i32_16x16x16_iu4(a, b, c, neg_lo=0, clamp=0):
    """V_WMMA_I32_16X16X16_IU4 — RDNA3 ISA guide, VOP3P: D.i32(16x16) = S0.iu4(16x16) * S1.iu4(16x16) +
    S2.i32(16x16), A signed when NEG[0], B signed when NEG[1]; EXEC treated as all ones"""
    return wmma_i32(a, b, c, neg_lo & 1, (neg_lo >> 1) & 1, clamp, 4)


WMMA_INT = {'wmma_i32_16x16x16_iu8': (v_wmma_i32_16x16x16_iu8, 8), 'wmma_i32_16x16x16_iu4': (v_wmma_i32_16x16x16_iu4, 4)}


def wmma_int_image(name, wave, neg_lo, clamp, img):
    """The integer WMMA row `name` on register images as tests/exec/wmma_matrix.py lays them out
    (the A VGPRs, the B VGPRs, the C VGPRs, each a list of lane values): A[m][k] in lane m, B[k][n]
    in lane n, element k in VGPR k // (32 / bits) at bit (k % (32 / bits)) * bits; C/D element
    (m, n) in VGPR m // (wave / 16), lane 16 * (m % (wave / 16)) + n. Returns the D VGPR images."""
    fn, bits = WMMA_INT[name]
    per = 32 // bits
    ab, cd = 16 // per, 16 // (wave // 16)
    rows = wave // 16
    a_img, b_img, c_img = img[:ab], img[ab:2 * ab], img[2 * ab:2 * ab + cd]
    a = [[field(a_img[k // per][m], bits * (k % per) + bits - 1, bits * (k % per)) for k in range(16)] for m in range(16)]
    b = [[field(b_img[k // per][n], bits * (k % per) + bits - 1, bits * (k % per)) for n in range(16)] for k in range(16)]
    c = [[c_img[m // rows][16 * (m % rows) + n] for n in range(16)] for m in range(16)]
    d = fn(a, b, c, neg_lo, clamp)
    out = [[0] * wave for _ in range(cd)]
    for m in range(16):
        for n in range(16):
            out[m // rows][16 * (m % rows) + n] = d[m][n]
    return out


def _wmma_row(name, fn):
    def not_per_lane(c):
        raise TypeError('%s works on whole matrices: call wmma_int_image()' % name)
    ROWS[name] = ('wmma - - -', not_per_lane, cite(fn))


for _n, (_f, _b) in WMMA_INT.items():
    _wmma_row(_n, _f)


# =====================================================================================
# Rows without a data result: citations only
# =====================================================================================
def v_nop(c):
    """V_NOP — RDNA3 ISA guide, VOP1 opcode 0: no operation; nothing is written"""


def v_pipeflush(c):
    """V_PIPEFLUSH — RDNA3 ISA guide, VOP1: flushes the VALU destination cache; no architectural state changes"""


def v_illegal(c):
    """V_ILLEGAL — RDNA3 ISA guide, VOP1: an illegal instruction; executing it raises the illegal-instruction
    exception (the wave traps/halts)"""
    raise IllegalInstruction('v_illegal')


class IllegalInstruction(Exception):
    pass


NO_DATA = {'nop': v_nop, 'pipeflush': v_pipeflush, 'illegal': v_illegal}
for _n, _f in NO_DATA.items():
    ROWS[_n] = ('- - - -', _f, cite(_f))


# =====================================================================================
# Cross-lane and indexed moves, over a whole register file. vgpr: {register number: [lane
# values]}; exec_mask: the EXEC bits; nvgprs: registers allocated. The pseudocode indexes VGPR[]
# without a range check; for an index at or past nvgprs this model takes the rule tests/exec/
# lane_ops.py states (from seed 000): an out-of-range source reads VGPR0 and an out-of-range
# destination is not written. Returns the scalar result (readlane/readfirstlane) or None; vgpr is
# updated in place.
# =====================================================================================
def _read(vgpr, r, nvgprs):
    return vgpr[r] if r < nvgprs else vgpr[0]


def lane_readfirstlane(vgpr, wave, exec_mask, src, **_):
    """V_READFIRSTLANE_B32 — RDNA3 ISA guide, VOP1: lane = EXEC == 0 ? 0 : the lowest set bit of EXEC (EXEC_LO in
    wave32); D (an SGPR) = VGPR[lane][SRC0]"""
    ex = exec_mask & ((1 << wave) - 1)
    lane = 0 if ex == 0 else (ex & -ex).bit_length() - 1
    return vgpr[src][lane]


def lane_readlane(vgpr, wave, exec_mask, src, s1=0, **_):
    """V_READLANE_B32 — RDNA3 ISA guide, VOP3: lane = S1[4:0] in wave32, S1[5:0] in wave64; D (an SGPR) =
    VGPR[lane][SRC0] (EXEC not consulted)"""
    lane = field(s1, 4, 0) if wave == 32 else field(s1, 5, 0)
    return vgpr[src][lane]


def lane_writelane(vgpr, wave, exec_mask, dst, s0=0, s1=0, **_):
    """V_WRITELANE_B32 — RDNA3 ISA guide, VOP3: lane = S1[4:0] in wave32, S1[5:0] in wave64; VGPR[lane][VDST] =
    S0.b32 (EXEC not consulted)"""
    lane = field(s1, 4, 0) if wave == 32 else field(s1, 5, 0)
    vgpr[dst][lane] = u32(s0)


def _permlane(vgpr, wave, exec_mask, dst, src, s1, s2, opsel, cross):
    """Shared by V_PERMLANE16/X16: lanesel = {S2.u32, S1.u32}; every active lane 16*row + i takes
    tmp[16*row' + lanesel[4i+3:4i]] (row' = row, or row with bit 0 flipped for X16). The source lane
    is read as the guide's DPP rules describe (OP_SEL[0] = FI, OP_SEL[1] = BOUND_CTRL): an inactive
    source lane is read anyway when FI is set; otherwise the lane writes 0 when BOUND_CTRL is set
    and keeps its old value when not."""
    lanesel = u32(s2) << 32 | u32(s1)
    fi, bc = opsel & 1, (opsel >> 1) & 1
    tmp = list(vgpr[src])
    out = list(vgpr[dst])
    for row in range(wave // 16):
        src_row = row ^ 1 if cross else row
        for i in range(16):
            lane = row * 16 + i
            if not (exec_mask >> lane) & 1:
                continue
            s = src_row * 16 + field(lanesel, 4 * i + 3, 4 * i)
            if (exec_mask >> s) & 1 or fi:
                out[lane] = tmp[s]
            elif bc:
                out[lane] = 0
    vgpr[dst] = out


def lane_permlane16(vgpr, wave, exec_mask, dst, src, s1=0, s2=0, opsel=0, **_):
    """V_PERMLANE16_B32 — RDNA3 ISA guide, VOP3: lanesel = {S2.u32, S1.u32}; for each row of 16 lanes and i =
    0..15, if EXEC[16row+i]: VGPR[16row+i][VDST] = tmp[16row + lanesel[4i+3:4i]] (tmp = S0 of all lanes, read
    first); OP_SEL[0] FI, OP_SEL[1] BOUND_CTRL"""
    _permlane(vgpr, wave, exec_mask, dst, src, s1, s2, opsel, False)


def lane_permlanex16(vgpr, wave, exec_mask, dst, src, s1=0, s2=0, opsel=0, **_):
    """V_PERMLANEX16_B32 — RDNA3 ISA guide, VOP3: as V_PERMLANE16_B32 but each row reads the other row of its pair
    (altrow = {row[1], ~row[0]}): VGPR[16row+i][VDST] = tmp[16altrow + lanesel[4i+3:4i]]"""
    _permlane(vgpr, wave, exec_mask, dst, src, s1, s2, opsel, True)


def lane_permlane64(vgpr, wave, exec_mask, dst, src, **_):
    """V_PERMLANE64_B32 — RDNA3 ISA guide, VOP1: wave64 only (a NOP in wave32): tmp = S0 of all 64 lanes; every
    active lane l takes tmp[{~l[5], l[4:0]}] (lanes 0..31 swap with 32..63)"""
    if wave != 64:
        return
    tmp = list(vgpr[src])
    for lane in range(64):
        if (exec_mask >> lane) & 1:
            vgpr[dst][lane] = tmp[lane ^ 32]


def _indexed_move(vgpr, wave, exec_mask, d, s, nvgprs, swap):
    """VGPR[lane][d] = VGPR[lane][s] in every active lane (and VGPR[lane][s] = the old VGPR[lane][d]
    for a swap), with the guide's out-of-range VGPR-indexing rule."""
    sval, dval = list(_read(vgpr, s, nvgprs)), list(_read(vgpr, d, nvgprs))
    for lane in range(wave):
        if not (exec_mask >> lane) & 1:
            continue
        if d < nvgprs:
            vgpr[d][lane] = sval[lane]
        if swap and s < nvgprs:
            vgpr[s][lane] = dval[lane]


def lane_movrels(vgpr, wave, exec_mask, dst, src, m0=0, nvgprs=256, **_):
    """V_MOVRELS_B32 — RDNA3 ISA guide, VOP1: addr = SRC0 + M0.u32[31:0]; D.b32 = VGPR[laneId][addr].b32"""
    _indexed_move(vgpr, wave, exec_mask, dst, src + u32(m0), nvgprs, False)


def lane_movreld(vgpr, wave, exec_mask, dst, src, m0=0, nvgprs=256, **_):
    """V_MOVRELD_B32 — RDNA3 ISA guide, VOP1: addr = VDST + M0.u32[31:0]; VGPR[laneId][addr].b32 = S0.b32"""
    _indexed_move(vgpr, wave, exec_mask, dst + u32(m0), src, nvgprs, False)


def lane_movrelsd(vgpr, wave, exec_mask, dst, src, m0=0, nvgprs=256, **_):
    """V_MOVRELSD_B32 — RDNA3 ISA guide, VOP1: addrs = SRC0 + M0.u32[31:0]; addrd = VDST + M0.u32[31:0];
    VGPR[laneId][addrd] = VGPR[laneId][addrs]"""
    _indexed_move(vgpr, wave, exec_mask, dst + u32(m0), src + u32(m0), nvgprs, False)


def lane_movrelsd_2(vgpr, wave, exec_mask, dst, src, m0=0, nvgprs=256, **_):
    """V_MOVRELSD_2_B32 — RDNA3 ISA guide, VOP1: addrs = SRC0 + M0[9:0]; addrd = VDST + M0[25:16];
    VGPR[laneId][addrd] = VGPR[laneId][addrs]"""
    _indexed_move(vgpr, wave, exec_mask, dst + field(m0, 25, 16), src + field(m0, 9, 0), nvgprs, False)


def lane_swaprel(vgpr, wave, exec_mask, dst, src, m0=0, nvgprs=256, **_):
    """V_SWAPREL_B32 — RDNA3 ISA guide, VOP1: addrs = SRC0 + M0[9:0]; addrd = VDST + M0[25:16]; tmp =
    VGPR[laneId][addrd]; VGPR[laneId][addrd] = VGPR[laneId][addrs]; VGPR[laneId][addrs] = tmp"""
    _indexed_move(vgpr, wave, exec_mask, dst + field(m0, 25, 16), src + field(m0, 9, 0), nvgprs, True)


def lane_swap(vgpr, wave, exec_mask, dst, src, nvgprs=256, **_):
    """V_SWAP_B32 — RDNA3 ISA guide, VOP1: tmp = D.b32; D.b32 = S0.b32; S0.b32 = tmp"""
    _indexed_move(vgpr, wave, exec_mask, dst, src, nvgprs, True)


LANE_OPS = {'readfirstlane_b32': lane_readfirstlane, 'readlane_b32': lane_readlane, 'writelane_b32': lane_writelane,
            'permlane16_b32': lane_permlane16, 'permlanex16_b32': lane_permlanex16, 'permlane64_b32': lane_permlane64,
            'movrels_b32': lane_movrels, 'movreld_b32': lane_movreld, 'movrelsd_b32': lane_movrelsd,
            'movrelsd_2_b32': lane_movrelsd_2, 'swaprel_b32': lane_swaprel, 'swap_b32': lane_swap}


def lane_op(name, vgpr, wave, exec_mask, **kw):
    """Runs the cross-lane row `name` (model name) on register file vgpr; see LANE_OPS."""
    return LANE_OPS[name](vgpr, wave, exec_mask, **kw)


def _lane_row(name, fn):
    def not_per_lane(c):
        raise TypeError('%s is a cross-lane operation: call lane_op()' % name)
    ROWS[name] = ('lane - - -', not_per_lane, cite(fn))


for _n, _f in LANE_OPS.items():
    _lane_row(_n, _f)


def lane_ops_model(case, wave, group, init_value, nvgprs=40, lo=8, hi=40):
    """A drop-in for tests/exec/lane_ops.py's model(case, wave, group): parses the case's
    instruction text (v8 destination, v16 source, s40/s44/s48 scalar operands as lane_ops.py writes
    them), builds the register file v0, v[lo:hi] from init_value(reg, lane, group), and runs this
    module's model. A readlane/readfirstlane result is copied to every lane of v8 (the kernel does
    that). Returns {reg: [lanes]}, or None for v_illegal."""
    text = case['op']
    name = text.split()[0]
    base = name[2:]
    for suffix in ('_e32', '_e64'):
        if base.endswith(suffix):
            base = base[:-len(suffix)]
    vgpr = {r: [init_value(r, lane, group) for lane in range(wave)] for r in [0] + list(range(lo, hi))}
    for r in range(hi, max(hi, nvgprs)):  # allocated registers outside the compared window
        vgpr[r] = [init_value(r, lane, group) for lane in range(wave)]
    if base in ('nop', 'pipeflush'):
        return {r: vgpr[r] for r in [0] + list(range(lo, hi))}
    if base == 'illegal':
        return None
    ops = [o.strip() for o in text[len(name):].split(' op_sel')[0].split(',') if o.strip()]
    sregs = {'s40': case.get('s40', 0), 's44': case.get('s44', 0), 's48': case.get('s48', 0)}

    def vreg(o):
        return int(o[1:])
    kw = {'m0': case.get('m0', 0), 'opsel': case.get('opsel', 0), 'nvgprs': nvgprs}
    if base == 'readfirstlane_b32':
        kw['src'] = vreg(ops[1])
    elif base == 'readlane_b32':
        kw.update(src=vreg(ops[1]), s1=sregs[ops[2]])
    elif base == 'writelane_b32':
        kw.update(dst=vreg(ops[0]), s0=sregs[ops[1]], s1=sregs[ops[2]])
    elif base in ('permlane16_b32', 'permlanex16_b32'):
        kw.update(dst=vreg(ops[0]), src=vreg(ops[1]), s1=sregs[ops[2]], s2=sregs[ops[3]])
    else:
        kw.update(dst=vreg(ops[0]), src=vreg(ops[1]))
    scalar = lane_op(base, vgpr, wave, case['exec'], **kw)
    if base in ('readfirstlane_b32', 'readlane_b32'):
        vgpr[8] = [scalar] * wave  # lane_ops.py's kernel moves the SGPR result to v8
    return {r: vgpr[r] for r in [0] + list(range(lo, hi))}
