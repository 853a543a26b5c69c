# Semantics of the gfx1100 memory instructions (DS, MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH, SMEM, GDS/GWS),
# written for tests/exec/mem_ops.py from AMD's "RDNA3" ISA reference guide (15 Aug 2023; the
# instruction pseudocode of chapter 16, the DS/LDS text of chapter 12, the float-atomic and GWS text of
# chapter 13, scalar memory chapter 8, buffer chapter 9, flat chapter 11), tinygrad's extraction of
# the guide pseudocode (extra/assembly/amd/autogen/rdna3/str_pcode.py) and the project seeds 001
# (buffers, range checks, formats) and 004 (float atomics, GWS, ordered count, EXEC==0 rules);
# DS_BVH_STACK_RTN_B32 also from AMD's GPURT model of it, LLPC and RADV (see bvh_stack).
# Nothing here is taken from the executor. Each function names its source; the wording is ours.
#
# Values are Python ints holding bit patterns; memory is a bytearray; "bits" is 32 or 64.
import ctypes
import itertools
import struct

M32, M64 = 0xffffffff, 0xffffffffffffffff


def mask(bits):
    return (1 << bits) - 1


def sext(v, bits):
    v &= mask(bits)
    return v - (1 << bits) if v >> (bits - 1) else v


def rd(mem, addr, n):
    return int.from_bytes(mem[addr:addr + n], 'little')


def wr(mem, addr, n, v):
    mem[addr:addr + n] = (v & mask(8 * n)).to_bytes(n, 'little')


# ---------------------------------------------------------------------------------------------
# Floats (seed 004 = guide chapter 13: NaN, zero and denormal rules of the float atomics)
# ---------------------------------------------------------------------------------------------

class FloatKind:
    def __init__(self, bits, man):
        self.bits, self.man = bits, man
        self.sign = 1 << (bits - 1)
        self.exp = mask(bits - 1) ^ mask(man)   # exponent field mask
        self.quiet = 1 << (man - 1)

    def is_nan(self, b):
        return (b & self.exp) == self.exp and (b & mask(self.man)) != 0

    def is_snan(self, b):
        return self.is_nan(b) and not b & self.quiet

    def is_inf(self, b):
        return (b & mask(self.bits - 1)) == self.exp

    def is_zero(self, b):
        return (b & mask(self.bits - 1)) == 0

    def flush(self, b):
        """A denormal becomes a zero of its sign (chapter 13.2: 'flush' clears the mantissa when the
        exponent is zero)."""
        return b & self.sign if (b & self.exp) == 0 else b

    def quieten(self, b):
        return b | self.quiet if self.is_nan(b) else b

    def key(self, b):
        """Total order of non-NaN values: -inf < ... < -0 < +0 < ... < +inf."""
        mag = b & mask(self.bits - 1)
        return -mag - 1 if b & self.sign else mag


F32, F64 = FloatKind(32, 23), FloatKind(64, 52)


def f_min_max(k, src0, src1, is_max, flush_in):
    """Guide 13.3 'FP Max/Min Selection Rules' (= seed 004): a signalling NaN in src0 (then src1)
    wins, made quiet; otherwise the larger (max) / smaller (min) value where a quiet NaN ranks
    lowest for max and highest for min and -0 < +0. Denormals are flushed for the comparison only
    when input flushing is on; the value returned is the unmodified source (13.2). The pseudocode
    'src > tmp ? src : tmp' (DS_MAX_F32, BUFFER_ATOMIC_MAX_F32) keeps the memory value on a tie.
    src0 is the memory value (tmp), src1 the data."""
    if k.is_snan(src0):
        return k.quieten(src0)
    if k.is_snan(src1):
        return k.quieten(src1)
    c0, c1 = (k.flush(src0), k.flush(src1)) if flush_in else (src0, src1)

    def rank(b):
        if k.is_nan(b):
            return float('-inf') if is_max else float('inf')
        return k.key(b)
    r0, r1 = rank(c0), rank(c1)
    better = r1 > r0 if is_max else r1 < r0
    return src1 if better else src0


def f_cmpswap(k, old, src, cmp, flush_in):
    """Guide 13.3 'FP Compare Swap': swap only when neither compared value is NaN and they are
    equal, +0 == -0; 13.2: with input flushing the compared values are flushed and so is the
    stored result. Compared values: memory (tmp) and cmp; the stored value is src."""
    o, c = (k.flush(old), k.flush(cmp)) if flush_in else (old, cmp)
    if k.is_nan(o) or k.is_nan(c):
        return old
    if not (o == c or (k.is_zero(o) and k.is_zero(c))):
        return old
    return k.flush(src) if flush_in else src


def f32_value(b):
    return struct.unpack('<f', struct.pack('<I', b & M32))[0]


def f32_bits(x):
    """x rounded to single precision, nearest even, overflowing to infinity (ctypes does the
    C conversion, which does not raise)."""
    return struct.unpack('<I', bytes(ctypes.c_float(x)))[0]


def f32_add(src0, src1, flush_in, flush_out):
    """Guide 13.1-13.3 (seed 004) float atomic add: round to nearest even whatever MODE says; a
    NaN input gives that NaN made quiet (src0's when both are NaN); -inf + +inf gives the negative
    quiet NaN 0xffc00000 ('-QNAN'); inf + finite keeps the infinity; -0 + +0 = +0. Denormal inputs
    and the result are flushed as the caller says (LDS: MODE input/output bits; memory atomics:
    inputs always, 13.2). The sum of two singles computed in double and rounded once more to
    single is correctly rounded (53 >= 2 * 24 + 2)."""
    k = F32
    if flush_in:
        src0, src1 = k.flush(src0), k.flush(src1)
    if k.is_nan(src0) or k.is_nan(src1):
        return k.quieten(src0 if k.is_nan(src0) else src1)
    if k.is_inf(src0) and k.is_inf(src1):
        return src0 if src0 == src1 else 0xffc00000
    if k.is_inf(src0) or k.is_inf(src1):
        return src0 if k.is_inf(src0) else src1
    r = f32_bits(f32_value(src0) + f32_value(src1))
    if flush_out:
        r = k.flush(r)
    if k.is_zero(r) and not (src0 == 0x80000000 and src1 == 0x80000000):
        r = 0  # -0 + +0 = +0 (13.3 rule 4)
    return r


class FpMode:
    """The MODE denormal bits that matter to float atomics (guide 13.2): f32 bit 4 (allow input
    denormals) and bit 5 (allow output denormals), f64 bit 6 (allow input denormals)."""

    def __init__(self, mode):
        self.in32, self.out32, self.in64 = bool(mode & 0x10), bool(mode & 0x20), bool(mode & 0x40)


# ---------------------------------------------------------------------------------------------
# Atomic read-modify-write (DS: guide 16.15; buffer: 16.16; flat/global: 16.20; the pseudocode
# 'tmp = MEM[ADDR]; MEM[ADDR] = f(tmp, DATA, DATA2); RETURN_DATA = tmp').
# ---------------------------------------------------------------------------------------------

def atomic_new(op, old, d, d2, bits, unit, fp):
    """The value an atomic writes. unit 'lds' or 'mem' selects the float denormal rules (13.2).
    d2: DS DATA2 (mskor value, wrap addend, compare value); for buffer/global/flat cmpswap the
    caller passes the compare half of DATA as d2."""
    m = mask(bits)
    if op == 'add':       # MEM += DATA
        return (old + d) & m
    if op == 'sub':       # MEM -= DATA
        return (old - d) & m
    if op == 'rsub':      # MEM = DATA - MEM
        return (d - old) & m
    if op == 'inc':       # tmp >= src ? 0 : tmp + 1
        return 0 if old >= d else old + 1
    if op == 'dec':       # (tmp == 0 || tmp > src) ? src : tmp - 1
        return d if old == 0 or old > d else old - 1
    if op == 'min_i':
        return d if sext(d, bits) < sext(old, bits) else old
    if op == 'max_i':
        return d if sext(d, bits) > sext(old, bits) else old
    if op == 'min_u':
        return d if d < old else old
    if op == 'max_u':
        return d if d > old else old
    if op == 'and':
        return old & d
    if op == 'or':
        return old | d
    if op == 'xor':
        return old ^ d
    if op == 'mskor':     # (tmp & ~DATA) | DATA2
        return (old & ~d & m) | d2
    if op == 'swap':      # STOREXCHG / ATOMIC_SWAP: MEM = DATA
        return d
    if op == 'cmpswap':   # MEM = tmp == cmp ? src : tmp (src = DATA / DATA[31:0], cmp = DATA2 / DATA[63:32])
        return d if old == d2 else old
    if op == 'wrap':      # DS_WRAP_RTN_B32: tmp >= DATA ? tmp - DATA : tmp + DATA2
        return old - d if old >= d else (old + d2) & m
    if op == 'csub':      # ATOMIC_CSUB_U32: old < DATA ? 0 : old - DATA
        return 0 if old < d else old - d
    k = F32 if bits == 32 else F64
    flush_in = not (fp.in32 if bits == 32 else fp.in64)
    if op == 'fadd':
        if unit == 'lds':
            return f32_add(old, d, not fp.in32, not fp.out32)
        return f32_add(old, d, True, False)
    if op == 'fmin':
        return f_min_max(k, old, d, False, flush_in)
    if op == 'fmax':
        return f_min_max(k, old, d, True, flush_in)
    if op == 'fcmpswap':
        return f_cmpswap(k, old, d, d2, flush_in)
    raise ValueError(op)


def serial_atomics(mem, accesses, op, bits, unit, fp, seen_ret=None, seen_mem=None):
    """Applies a wave's atomics to mem. accesses: (lane, addr, d, d2) of the active lanes. Guide
    12.5.1: when several lanes of a wave address the same location the order is not specified,
    only that each lane's read-modify-write is complete before another lane's. So the lanes of
    each address are tried in every order (increasing lane order first) and the first order that
    explains what the executor returned (seen_ret: lane -> value, for returning forms) and left in
    memory (seen_mem) is taken. Returns {lane: pre-op value} of that order."""
    n = bits // 8
    ret = {}
    groups = {}
    for a in accesses:
        groups.setdefault(a[1], []).append(a)
    for addr, group in groups.items():
        init = rd(mem, addr, n)
        chosen = None
        orders = itertools.permutations(group) if len(group) <= 5 else [tuple(group)]
        for order in orders:
            cur, rets = init, {}
            for lane, _, d, d2 in order:
                rets[lane] = cur
                cur = atomic_new(op, cur, d, d2, bits, unit, fp)
            ok = seen_mem is None or rd(seen_mem, addr, n) == cur
            if ok and seen_ret is not None:
                ok = all(seen_ret.get(lane) == v for lane, v in rets.items())
            if chosen is None or ok:
                chosen = (cur, rets)
            if ok:
                break
        wr(mem, addr, n, chosen[0])
        ret.update(chosen[1])
    return ret


def condxchg32(mem, addr, data):
    """DS_CONDXCHG32_RTN_B64 (guide 16.15): ADDR0 = (ADDR + offset) & 0xfff8, ADDR1 = ADDR0 + 4;
    return both old dwords; each half of DATA whose bit 31 is set is stored with that bit
    cleared."""
    a0 = addr & 0xfff8
    old = rd(mem, a0, 4) | rd(mem, a0 + 4, 4) << 32
    if data >> 31 & 1:
        wr(mem, a0, 4, data & 0x7fffffff)
    if data >> 63 & 1:
        wr(mem, a0 + 4, 4, data >> 32 & 0x7fffffff)
    return old


# ---------------------------------------------------------------------------------------------
# Loads and stores (DS 16.15, buffer 16.16, flat/global/scratch 16.20)
# ---------------------------------------------------------------------------------------------

def load_value(raw, size, signed):
    """U8/U16 zero-extend, I8/I16 sign-extend to a dword; wider loads are raw dwords."""
    if size < 4:
        return (sext(raw, 8 * size) if signed else raw) & M32
    return raw


def d16_merge(old, raw, size, signed, hi):
    """D16 loads (LOAD_D16_U8/I8/B16 and _HI): the byte (zero- or sign-extended to 16 bits) or the
    short goes to bits [15:0] (or [31:16] for _HI); the other half of the VGPR is kept."""
    h = (sext(raw, 8) if signed else raw) & 0xffff if size == 1 else raw & 0xffff
    return (old & 0xffff0000) | h if not hi else (old & 0xffff) | h << 16


def store_bits(reg, size, hi):
    """The bytes a store takes from its data VGPR: B8 = [7:0], B16 = [15:0], D16_HI_B8 = [23:16],
    D16_HI_B16 = [31:16]."""
    return (reg >> 16 if hi else reg) & mask(8 * size)


def ds_2addr(base, off0, off1, elem, stride64):
    """DS double-address forms (guide 12.5): each OFFSET is scaled by the element size (4 for
    32-bit, 8 for 64-bit data), and by another 64 for the STRIDE64 forms."""
    scale = elem * (64 if stride64 else 1)
    return (base + off0 * scale) & M32, (base + off1 * scale) & M32


# ---------------------------------------------------------------------------------------------
# Lane ops (guide 12.5.2 and the DS_PERMUTE/BPERMUTE/SWIZZLE pseudocode of 16.15)
# ---------------------------------------------------------------------------------------------

def permute_lane(addr, offset):
    """(ADDR + OFFSET) / 4 mod 32: only index bits [6:2] count (12.5.2)."""
    return ((addr + offset) & M32) // 4 % 32


def ds_permute(wave, exec_mask, addrs, data, offset):
    """Forward permute: every active lane sends its data to lane index within its own 32-lane half
    (12.5.2: a wave64 permutes as two independent wave32s); active lanes receive what was sent to
    them, or 0. Returns {lane: value} for the active lanes, or, where two lanes send to one lane,
    the set of values allowed there (16.15: which one wins is not specified)."""
    sent = {}
    for i in range(wave):
        if exec_mask >> i & 1:
            sent.setdefault((i & 32) | permute_lane(addrs[i], offset), []).append(data[i])
    out = {}
    for i in range(wave):
        if exec_mask >> i & 1:
            vals = sent.get(i, [0])
            out[i] = vals[0] if len(vals) == 1 else set(vals)
    return out


def ds_bpermute(wave, exec_mask, addrs, data, offset):
    """Backward permute: every active lane reads the lane index of its own 32-lane half; reading an
    inactive lane gives 0 (12.5.2, 16.15)."""
    out = {}
    for i in range(wave):
        if exec_mask >> i & 1:
            src = (i & 32) | permute_lane(addrs[i], offset)
            out[i] = data[src] if exec_mask >> src & 1 else 0
    return out


def swizzle_source(i, offset):
    """The lane DS_SWIZZLE_B32 lane i reads (16.15 pseudocode), None for 'read 0'. offset is
    {OFFSET1, OFFSET0}. FFT (>= 0xe000): j = bitreverse5(i) >> popcount(mask) | (i & mask).
    Rotate (>= 0xc000): by offset[9:5] lanes, left or (offset[10]) right, the lanes in mask kept;
    the guide's examples rotate within 32 lanes, so the sum wraps at 32. offset[15]: quad
    permute; else and/or/xor masks within 32 lanes."""
    half = i & 0x20
    if offset >= 0xe000:
        m = offset & 0x1f
        r = int('{:05b}'.format(i & 0x1f)[::-1], 2)
        return ((r >> bin(m).count('1')) | (i & m)) | half
    if offset >= 0xc000:
        rot, m = offset >> 5 & 0x1f, offset & 0x1f
        if offset >> 10 & 1:
            rot = -rot
        return ((i & m) | ((i + rot) & ~m & 0x1f)) | half
    if offset >> 15 & 1:
        return (i & ~3) + (offset >> (2 * (i & 3)) & 3)
    and_m, or_m, xor_m = offset & 0x1f, offset >> 5 & 0x1f, offset >> 10 & 0x1f
    return ((((i & 0x1f) & and_m) | or_m) ^ xor_m) | half


def ds_swizzle(wave, exec_mask, data, offset):
    """Reading from an inactive lane gives 0 (16.15); only active lanes are written."""
    out = {}
    for i in range(wave):
        if exec_mask >> i & 1:
            j = swizzle_source(i, offset)
            out[i] = data[j] if j is not None and j < wave and exec_mask >> j & 1 else 0
    return out


# ---------------------------------------------------------------------------------------------
# The ray-tracing stack: DS_BVH_STACK_RTN_B32 (guide 12.5.3 and its 16.15 entry; the details the
# guide leaves open or contradicts from AMD's software model of the instruction in GPURT
# (src/shaders/bvh_stack_dxr_prototype.hlsl, ds_store_stack: RayQuery2_0.hlsl runs it in place of
# the instruction when USE_HW_INTRINSIC is 0), from LLPC's lowering (stack size in OFFSET1[5:4])
# and from RADV (radv_nir_rt_common.c), whose gfx11 traversal depends on the hardware's exact
# behaviour. See docs/isa-notes-rdna3.md.)
# ---------------------------------------------------------------------------------------------

BVH_INVALID = 0xffffffff     # INVALID_NODE: an empty child slot
BVH_TERMINAL = 0xfffffffe    # returned by a pop of an empty stack (index 0)
BVH_INDEX_MAX = 0x3ffff      # ADDR[17:0], the stack index; pushes stop counting here


def bvh_stack(mem, lds_size, addr, last, data, size_sel):
    """One lane of DS_BVH_STACK_RTN_B32. addr = ADDR {stack base in dwords [31:18], index
    [17:0]}; last = DATA0 (last visited node); data = DATA1[0..3] (X, Y, Z, W: the sorted
    children, X the nearest); size_sel = OFFSET1[5:4] (8 << size_sel entries). Entry i of the
    lane's stack is the dword at 4 * base + 128 * (i mod size) (a 128-byte stride, so 32 lanes
    interleave). A DATA0 other than INVALID that equals none of the four values means nothing is
    pushed or returned. Otherwise the scan W, Z, Y, X stops at the value equal to DATA0 (the
    children after the last visited one are what is left): it pushes W, Z, Y (those not INVALID;
    the index counts up after each write, held at 2^18 - 1) and returns X if it is reached and not
    INVALID. Nothing returned: a pop. An empty stack (index 0) returns TERMINAL and stays empty;
    else the index counts down and the entry there is returned and replaced by INVALID (which is
    what a later pop of that wrapped-around entry finds). LDS outside the allocation: writes
    dropped, reads 0 (as every DS access). Returns (VDST, new ADDR)."""
    base = (addr >> 18) * 4
    index = addr & BVH_INDEX_MAX
    size = 8 << size_sel

    def at(i):
        a = base + 128 * (i % size)
        return a if a + 4 <= lds_size else None

    no_last = last == BVH_INVALID
    going = no_last or last in data
    for v in (data[3], data[2], data[1]):
        going = going and (no_last or v != last)
        if going and v != BVH_INVALID:
            a = at(index)
            if a is not None:
                wr(mem, a, 4, v)
            if index != BVH_INDEX_MAX:
                index += 1
    going = going and (no_last or data[0] != last)
    ret = data[0] if going else BVH_INVALID
    if ret == BVH_INVALID:
        if index == 0:
            ret = BVH_TERMINAL
        else:
            index -= 1
            a = at(index)
            ret = rd(mem, a, 4) if a is not None else 0
            if a is not None:
                wr(mem, a, 4, BVH_INVALID)
    return ret, (addr & ~BVH_INDEX_MAX & M32) | index


# ---------------------------------------------------------------------------------------------
# M0-addressed DS forms
# ---------------------------------------------------------------------------------------------

def addtid_addr(m0, offset, lane):
    """DS_{LOAD,STORE}_ADDTID_B32 (12.5, 16.15): {OFFSET1,OFFSET0} + M0[15:0] + lane * 4."""
    return (offset + (m0 & 0xffff) + lane * 4) & M32


def append_consume(mem, m0, offset, exec_mask, consume):
    """DS_APPEND / DS_CONSUME (16.15): at M0.base + offset, add (subtract) the number of active
    lanes; every active lane gets the pre-op value. M0 holds the LDS byte address (the form LLVM
    emits: the pointer is copied to M0, the offset is the immediate)."""
    addr = ((m0 & 0xffff) + offset) & M32
    old = rd(mem, addr, 4)
    n = bin(exec_mask).count('1')
    wr(mem, addr, 4, old - n if consume else old + n)
    return old


# ---------------------------------------------------------------------------------------------
# Buffers (seed 001; reference 1.6; guide chapter 9)
# ---------------------------------------------------------------------------------------------

class Vsharp:
    """A V# with SWIZZLE_ENABLE = 0 and ADD_TID_ENABLE = 0 (the forms mem_ops builds)."""

    def __init__(self, stride, num_records, oob, fmt=0):
        self.stride, self.num_records, self.oob, self.fmt = stride, num_records, oob, fmt

    def words(self, base):
        dst_sel = 4 | 5 << 3 | 6 << 6 | 7 << 9   # identity X, Y, Z, W
        return [base & M32, (base >> 32 & 0xffff) | self.stride << 16, self.num_records,
                dst_sel | self.fmt << 12 | self.oob << 28]


def buffer_address(v, index, offset, soffset):
    """Seed 001 linear addressing: base + sgpr_offset + index * stride + offset, offset = VGPR
    offset + instruction offset. Returns (byte address relative to the base, out-of-range test
    for the bytes [at, at + size) of the access) per the OOB_SELECT table of reference 1.6."""
    boff = index * v.stride + offset

    def oob(at, size):
        structured = index >= v.num_records or offset + at + size > v.stride
        if v.oob == 0:
            return structured
        if v.oob == 1:
            return index >= v.num_records
        if v.oob == 2:
            return v.num_records == 0
        return index * v.stride + offset + soffset + at + size > v.num_records
    return soffset + boff, oob


# Buffer data formats mem_ops uses: value -> (component bits, kind), from LLVM's gfx11 BUF_FMT
# numbering (isa/rdna3/buffer_formats.def). Conversions (seed 001 'data format' and the
# ConvertFromFormat/ConvertToFormat of the guide) for these kinds only: UINT zero-extends,
# SINT sign-extends, FLOAT 32 is a copy and FLOAT 16 widens exactly; stores keep the low
# component bits (mem_ops stores only values a component can hold).
FORMATS = {5: (8, 1, 'uint'), 11: (16, 1, 'uint'), 13: (16, 1, 'float'), 18: (8, 2, 'uint'),
           20: (32, 1, 'uint'), 22: (32, 1, 'float'), 27: (16, 2, 'uint'), 28: (16, 2, 'sint'),
           29: (16, 2, 'float'), 46: (8, 4, 'uint'), 47: (8, 4, 'sint'), 48: (32, 2, 'uint'),
           50: (32, 2, 'float'), 55: (16, 4, 'uint'), 57: (16, 4, 'float'), 58: (32, 3, 'uint'),
           60: (32, 3, 'float'), 61: (32, 4, 'uint'), 63: (32, 4, 'float')}


def f16_to_f32(h):
    return struct.unpack('<I', struct.pack('<f', struct.unpack('<e', struct.pack('<H', h))[0]))[0]


def f32_to_f16_trunc(b):
    """Seed 001 D16: 'float32 to float16 conversion uses truncation' (toward zero). Only values
    that are finite and representable without rounding are used by mem_ops, so truncation and
    rounding agree."""
    return struct.unpack('<H', struct.pack('<e', f32_value(b)))[0]


def format_load(fmt, raw_component, d16):
    bits, _, kind = FORMATS[fmt]
    if kind == 'uint':
        v = raw_component
    elif kind == 'sint':
        v = sext(raw_component, bits) & M32
    else:
        v = raw_component if bits == 32 else f16_to_f32(raw_component)
    if d16:  # 16-bit result: uint/sint keep the low 16 bits of values that fit; float16 narrows
        return (v & 0xffff) if kind != 'float' else (raw_component if bits == 16 else f32_to_f16_trunc(v))
    return v


def format_store(fmt, reg, d16):
    bits, _, kind = FORMATS[fmt]
    if kind == 'float' and bits == 32 and d16:
        return f16_to_f32(reg & 0xffff)
    return reg & mask(bits)


# ---------------------------------------------------------------------------------------------
# Scalar memory (guide chapter 8)
# ---------------------------------------------------------------------------------------------

def s_load_addr(base, ioff, soff):
    """8.1.1: SGPR base + instruction offset + SGPR offset, the two LSBs of every component
    ignored."""
    return (base & ~3) + (ioff & ~3) + (soff & ~3)


def s_buffer_dword(v, mem, base_rel, ioff, soff, k):
    """8.1.2 / 8.4.1: dword k of S_BUFFER_LOAD at (offset & ~3) + 4k, offset = inst_offset +
    SOFFSET; it reads 0 when that offset >= (stride or 1) * num_records."""
    off = ((ioff + soff) & ~3) + 4 * k
    if off >= (v.stride or 1) * v.num_records:
        return 0
    return rd(mem, base_rel + off, 4)


# ---------------------------------------------------------------------------------------------
# GDS: ordered count and GWS (guide 13.4 = seed 004)
# ---------------------------------------------------------------------------------------------

def gds_out_of_window(addr, n, size):
    """Guide 12.6: a GDS access is relative to the window M0 describes (M0[31:16] base, M0[15:0]
    size in bytes); bytes [addr, addr + n) past the size are out of range (11.3: stores dropped,
    reads 0). GDS instructions act for the first active lane only (gds_lane with
    rule_zero_as_lane0=False); DS_APPEND/CONSUME still count the whole EXEC (13.4.3)."""
    return addr + n > size


def gds_lane(exec_mask, rule_zero_as_lane0):
    """13.4.2: GDS/GWS act on one lane, the lowest active one. With EXEC == 0, ORDERED_COUNT,
    GWS_INIT, GWS_SEMA_BR and GWS_BARRIER act as if EXEC were 1 (lane 0); the other GWS opcodes
    do nothing. Returns the acting lane or None."""
    if exec_mask == 0:
        return 0 if rule_zero_as_lane0 else None
    return (exec_mask & -exec_mask).bit_length() - 1


def ordered_count(counters, index, opcode, value):
    """DS_ORDERED_COUNT (16.15, 13.4.3): served in wave-creation order; OFFSET1[5:4] selects add
    (0) or exchange (1) on the counter OFFSET0[7:2]; returns the pre-op value."""
    old = counters.get(index, 0)
    counters[index] = (old + value) & M32 if opcode == 0 else value & M32
    return old


class Gws:
    """The GWS resources of 13.4.4 (GWS_INIT, SEMA_V, SEMA_BR, SEMA_P, SEMA_RELEASE_ALL) for a
    single wave: resource id = (M0[21:16] + OFFSET0[5:0]) mod 64 (VMID base 0). step() returns
    False when the wave would wait forever (a sema_p on a counter <= 0 with no other wave)."""

    def __init__(self):
        self.counter = {}

    @staticmethod
    def rid(m0, off0):
        return ((m0 >> 16 & 0x3f) + (off0 & 0x3f)) % 64

    def step(self, op, m0, off0, exec_mask, lane_values):
        r = self.rid(m0, off0)
        lane = gds_lane(exec_mask, op in ('init', 'sema_br', 'barrier'))
        if lane is None:
            return True
        c = self.counter.get(r, 0)
        if op == 'init':
            self.counter[r] = lane_values[lane]
        elif op == 'sema_v':
            self.counter[r] = c + 1
        elif op == 'sema_br':
            self.counter[r] = c + lane_values[lane]
        elif op == 'sema_p':
            if c <= 0:
                return False
            self.counter[r] = c - 1
        elif op == 'release_all':  # adds the number of waves waiting: none here
            pass
        return True
