#!/usr/bin/env python3
"""Independent reference model of the RDNA3 (gfx11) image (MIMG) instructions used by compute code.

Written only from public sources (never from wavesim's code); every fact it relies on, with its
source and how certain it is, is in docs/image-facts.md (the section numbers "F<n>" below point
there). The main sources:

  * AMD "RDNA3" ISA Reference Guide (20 Feb 2023): ch. 10 (Vector Memory Image Instructions,
    10.1-10.4, 10.7 Table 52 "Buffer and Image Data Formats"), 16.18 "MIMG Instructions"
    (opcode semantics and atomic pseudocode).
  * AMD "RDNA3.5" ISA Reference Guide (same gfx11 family): 10.5 Table 50 "Image Resource
    Definition" (T#), 10.6 Table 51 "Image Sampler Definition" (S#), 15.8 MIMG format/opcodes.
  * ROCm/ROCR-Runtime src/image/resource_gfx11.h, image_manager_gfx11.cpp (T#/S# bit fields,
    how ROCr fills them), image_lut_gfx11.cpp / image_lut_kv.cpp (format and dst_sel tables).
  * GPUOpen-Drivers/pal (Pal::Gfx9::Chip sq_img_rsrc_t / sq_img_samp_t, gfx11 variants) and Mesa
    (src/amd/common/ac_descriptors.c, gfx10_format_table.py, nir/ac_nir_lower_resinfo.c,
    src/amd/addrlib/src/gfx11/gfx11addrlib.cpp) as cross-checks.
  * ROCm device libraries: llvm-project amd/device-libs/ockl/src/image.cl and the Debian
    rocm-device-libs 5.2.3 bitcode that `wavesim cc` links (ockl.bc, opencl.bc).
  * The OpenCL C 3.0 specification, chapter 8 "Image Addressing and Filtering" (8.1 image
    coordinates, 8.2 addressing and filter modes, 8.3 conversion rules, 8.4 image arrays), used
    where the ISA guide is silent.

What the model is and is not:
  * It models the instruction (T#, S#, address VGPRs in, VGPR words / memory out) for LINEAR
    (SW_MODE = 0) surfaces held in a flat little-endian memory. Tiled swizzle modes, MSAA
    surfaces, anisotropic filtering, image_get_lod, gather4h and BVH are not modelled (they
    raise NotImplementedError).
  * Where the sources leave a choice open the model takes one reading, says so in a comment
    marked "UNCERTAIN", and where useful offers the alternative as a keyword option.

float32 arithmetic: Python floats are doubles; every value the hardware (or the OpenCL formula)
holds in float32 is rounded with f32() after each operation (+, -, *, / of two float32 values
computed in double and rounded once to float32 are correctly rounded, because 53 >= 2*24+2).
The places where this matters are the coordinate scaling u = s * width, u - 0.5, the weights
(1 - a) and their products, and each accumulation step of the filter (see _blend()).

Run `python3 tests/exec/image_model.py --selftest` for the hand-computed self-check.
"""

import math
import struct
import sys

# ----------------------------------------------------------------------------------------------
# Enumerations (F1, F2)
# ----------------------------------------------------------------------------------------------

# T#.TYPE (RDNA3.5 guide Table 50; ROCr SQ_RSRC_IMG_TYPE)
TYPE_BUF, TYPE_1D, TYPE_2D, TYPE_3D, TYPE_CUBE = 0, 8, 9, 10, 11
TYPE_1D_ARRAY, TYPE_2D_ARRAY, TYPE_2D_MSAA, TYPE_2D_MSAA_ARRAY = 12, 13, 14, 15
# Instruction DIM field = TYPE & 7 (RDNA3.5 guide Table 48 / 15.8)
DIM_1D, DIM_2D, DIM_3D, DIM_CUBE, DIM_1D_ARRAY, DIM_2D_ARRAY, DIM_2D_MSAA, DIM_2D_MSAA_ARRAY = range(8)

# dst_sel codes (guide Table 50: 0 = 0, 1 = 1, 4 = R, 5 = G, 6 = B, 7 = A)
SEL_0, SEL_1, SEL_X, SEL_Y, SEL_Z, SEL_W = 0, 1, 4, 5, 6, 7
SEL_IDENTITY = (SEL_X, SEL_Y, SEL_Z, SEL_W)

# S#.CLAMP_X/Y/Z (RDNA3.5 guide Table 51)
WRAP, MIRROR, CLAMP_LAST_TEXEL, MIRROR_ONCE_LAST_TEXEL = 0, 1, 2, 3
CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER, MIRROR_ONCE_BORDER = 4, 5, 6, 7
# XY_MAG/MIN_FILTER, Z_FILTER, MIP_FILTER
XY_POINT, XY_BILINEAR, XY_ANISO_POINT, XY_ANISO_BILINEAR = 0, 1, 2, 3
Z_NONE, Z_POINT, Z_LINEAR = 0, 1, 2
MIP_NONE, MIP_POINT, MIP_LINEAR = 0, 1, 2
# BORDER_COLOR_TYPE (RDNA3 guide 10.6/10.7: 0 transparent black, 1 opaque black, 2 opaque white, 3 register)
BORDER_TRANS_BLACK, BORDER_OPAQUE_BLACK, BORDER_OPAQUE_WHITE, BORDER_REGISTER = 0, 1, 2, 3
# DEPTH_COMPARE_FUNC
CMP_NEVER, CMP_LESS, CMP_EQUAL, CMP_LEQUAL, CMP_GREATER, CMP_NOTEQUAL, CMP_GEQUAL, CMP_ALWAYS = range(8)

# ----------------------------------------------------------------------------------------------
# float helpers
# ----------------------------------------------------------------------------------------------

M32 = 0xFFFFFFFF


def f32(x):
    """Round a Python float (double) to the nearest float32 (ties to even); overflow gives inf."""
    try:
        return struct.unpack('<f', struct.pack('<f', x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def f32_bits(x):
    """float -> float32 bit pattern (NaN canonicalised to 0x7FC00000)."""
    if x != x:
        return 0x7FC00000
    return struct.unpack('<I', struct.pack('<f', f32(x)))[0]


def bits_f32(u):
    """float32 bit pattern -> Python float."""
    return struct.unpack('<f', struct.pack('<I', u & M32))[0]


def f16_to_float(h):
    return struct.unpack('<e', struct.pack('<H', h & 0xFFFF))[0]


def _minifloat_encode(x, ebits, mbits, signed, rtz):
    """Encode x as a float with ebits exponent bits (bias 2^(ebits-1)-1) and mbits mantissa bits.
    rtz: round toward zero (overflow then gives the largest finite value), else nearest-even."""
    emax = (1 << ebits) - 1
    bias = (1 << (ebits - 1)) - 1
    if x != x:
        return (emax << mbits) | (1 << (mbits - 1))          # quiet NaN
    neg = math.copysign(1.0, x) < 0
    if neg and not signed:
        return 0                                              # unsigned floats: negatives -> 0
    sbit = (1 << (ebits + mbits)) if (neg and signed) else 0
    a = abs(x)
    if a == math.inf:
        return sbit | (emax << mbits)
    if a == 0.0:
        return sbit
    _, e = math.frexp(a)                                      # a = m * 2^e, 0.5 <= m < 1
    exp_unb = e - 1
    ulp_exp = (exp_unb - mbits) if exp_unb >= 1 - bias else (1 - bias - mbits)
    q = a / (2.0 ** ulp_exp)                                  # exact: scaling by a power of two
    n = math.floor(q)
    r = q - n
    if not rtz and (r > 0.5 or (r == 0.5 and (n & 1))):
        n += 1
    if exp_unb < 1 - bias:                                    # subnormal range
        return sbit | n                                       # n == 1<<mbits becomes the min normal
    E = exp_unb + bias
    if n == (2 << mbits):
        n = 1 << mbits
        E += 1
    if E >= emax:
        return sbit | ((((emax - 1) << mbits) | ((1 << mbits) - 1)) if rtz else (emax << mbits))
    return sbit | (E << mbits) | (n - (1 << mbits))


def _minifloat_decode(v, ebits, mbits, signed):
    bias = (1 << (ebits - 1)) - 1
    emax = (1 << ebits) - 1
    neg = signed and (v >> (ebits + mbits)) & 1
    e = (v >> mbits) & emax
    m = v & ((1 << mbits) - 1)
    if e == emax:
        r = math.nan if m else math.inf
    elif e == 0:
        r = m * 2.0 ** (1 - bias - mbits)
    else:
        r = (1.0 + m / (1 << mbits)) * 2.0 ** (e - bias)
    return -r if neg else r


def float_to_f16_bits(x, rtz=False):
    return _minifloat_encode(x, 5, 10, True, rtz)


def sext(v, n):
    v &= (1 << n) - 1
    return v - (1 << n) if v >> (n - 1) else v


def rne(x):
    """Round a finite float to the nearest integer, ties to even (Python's round())."""
    return int(round(x))


def _is_denorm32(x):
    return x != 0.0 and abs(x) < 1.1754943508222875e-38


def ftz(x):
    """Flush a float32 denormal to a signed zero (sample ops flush denormals: F4.4)."""
    return math.copysign(0.0, x) if _is_denorm32(x) else x


# ----------------------------------------------------------------------------------------------
# Data formats (F3): code -> (name, component bit widths from the LSB up, numeric kind)
# Codes and names: RDNA3 guide 10.7 Table 52 (= ROCr resource_gfx11.h enum FORMAT, = LLVM 19's
# BUF_FMT_* numbering for 0..63). Names list components from the most significant bits down, so
# X is the least significant component (Mesa gfx10_format_table.py "Keep the bit sizes in
# little-endian order"; PIPE_FORMAT_R11G11B10_FLOAT -> 10_11_11_FLOAT).
# ----------------------------------------------------------------------------------------------

def _fmt_table():
    t = {}

    def add(code, name, bits, kind):
        t[code] = (name, tuple(bits), kind)
    n8 = ['UNORM', 'SNORM', 'USCALED', 'SSCALED', 'UINT', 'SINT']
    for i, k in enumerate(n8):
        add(1 + i, '8_' + k, (8,), k)
    for i, k in enumerate(n8 + ['FLOAT']):
        add(7 + i, '16_' + k, (16,), k)
    for i, k in enumerate(n8):
        add(14 + i, '8_8_' + k, (8, 8), k)
    for i, k in enumerate(['UINT', 'SINT', 'FLOAT']):
        add(20 + i, '32_' + k, (32,), k)
    for i, k in enumerate(n8 + ['FLOAT']):
        add(23 + i, '16_16_' + k, (16, 16), k)
    add(30, '10_11_11_FLOAT', (11, 11, 10), 'UFLOAT')
    add(31, '11_11_10_FLOAT', (10, 11, 11), 'UFLOAT')
    for i, k in enumerate(['UNORM', 'SNORM', 'UINT', 'SINT']):
        add(32 + i, '10_10_10_2_' + k, (2, 10, 10, 10), k)
    for i, k in enumerate(n8):
        add(36 + i, '2_10_10_10_' + k, (10, 10, 10, 2), k)
    for i, k in enumerate(n8):
        add(42 + i, '8_8_8_8_' + k, (8, 8, 8, 8), k)
    for i, k in enumerate(['UINT', 'SINT', 'FLOAT']):
        add(48 + i, '32_32_' + k, (32, 32), k)
    for i, k in enumerate(n8 + ['FLOAT']):
        add(51 + i, '16_16_16_16_' + k, (16, 16, 16, 16), k)
    for i, k in enumerate(['UINT', 'SINT', 'FLOAT']):
        add(58 + i, '32_32_32_' + k, (32, 32, 32), k)
    for i, k in enumerate(['UINT', 'SINT', 'FLOAT']):
        add(61 + i, '32_32_32_32_' + k, (32, 32, 32, 32), k)
    add(64, '8_SRGB', (8,), 'SRGB')
    add(65, '8_8_SRGB', (8, 8), 'SRGB')
    add(66, '8_8_8_8_SRGB', (8, 8, 8, 8), 'SRGB')
    add(67, '5_9_9_9_FLOAT', (9, 9, 9, 5), 'E5B9G9R9')
    add(68, '5_6_5_UNORM', (5, 6, 5), 'UNORM')
    add(69, '1_5_5_5_UNORM', (5, 5, 5, 1), 'UNORM')
    add(70, '5_5_5_1_UNORM', (1, 5, 5, 5), 'UNORM')
    add(71, '4_4_4_4_UNORM', (4, 4, 4, 4), 'UNORM')
    add(72, '4_4_UNORM', (4, 4), 'UNORM')
    return t


FORMATS = _fmt_table()
FORMAT_BY_NAME = {v[0]: k for k, v in FORMATS.items()}


def format_info(code):
    if code not in FORMATS:
        raise NotImplementedError('image format %d is not modelled' % code)
    return FORMATS[code]


def format_bytes(code):
    return sum(format_info(code)[1]) // 8


def is_int_format(code):
    return format_info(code)[2] in ('UINT', 'SINT')


# ----------------------------------------------------------------------------------------------
# T# (F1)
# ----------------------------------------------------------------------------------------------

def _f(w, word, lo, width):
    return (w[word] >> lo) & ((1 << width) - 1)


def decode_tsharp(words):
    """Decode an 8-dword (or 4-dword) gfx11 image resource. Upper-case keys are the raw fields
    (with the guide's minus-one encodings); lower-case keys are derived values."""
    w = [x & M32 for x in list(words) + [0] * (8 - len(words))]
    d = {
        'BASE_ADDRESS': w[0] | (_f(w, 1, 0, 8) << 32),     # bits 39:0 = address[47:8]
        'LLC_NOALLOC': _f(w, 1, 13, 2),                      # PAL gfx11 (not in the guide table)
        'BIG_PAGE': _f(w, 1, 15, 1),
        'MAX_MIP': _f(w, 1, 16, 4),                          # MipLevels-1 (MSAA: log2 samples)
        'FORMAT': _f(w, 1, 20, 8),
        'WIDTH': _f(w, 1, 30, 2) | (_f(w, 2, 0, 12) << 2),   # width-1, 14 bits at 75:62
        'HEIGHT': _f(w, 2, 14, 14),                          # height-1, 91:78
        'DST_SEL_X': _f(w, 3, 0, 3), 'DST_SEL_Y': _f(w, 3, 3, 3),
        'DST_SEL_Z': _f(w, 3, 6, 3), 'DST_SEL_W': _f(w, 3, 9, 3),
        'BASE_LEVEL': _f(w, 3, 12, 4), 'LAST_LEVEL': _f(w, 3, 16, 4),
        'SW_MODE': _f(w, 3, 20, 5),                          # 0 = linear (ADDR_SW_LINEAR)
        'BC_SWIZZLE': _f(w, 3, 25, 3), 'TYPE': _f(w, 3, 28, 4),
        'DEPTH': _f(w, 4, 0, 13),                            # 3D: depth-1; arrays/cube: last slice;
        'PITCH_13': _f(w, 4, 13, 1),                         # 1D/2D/MSAA: (pitch-1)[12:0], [13]
        'BASE_ARRAY': _f(w, 4, 16, 13),
        'ARRAY_PITCH': _f(w, 5, 0, 4),                       # 3D: bit0 = UAV view
        'MIN_LOD_WARN': _f(w, 5, 8, 12),
        'PERF_MOD': _f(w, 5, 20, 3), 'CORNER_SAMPLES': _f(w, 5, 23, 1),
        'LINKED_RESOURCE': _f(w, 5, 24, 1), 'PRT_DEFAULT': _f(w, 5, 26, 1),
        'MIN_LOD': _f(w, 5, 27, 5) | (_f(w, 6, 0, 7) << 5),  # u4.8, bits 198:187
        'ITERATE_256': _f(w, 6, 10, 1), 'SAMPLE_PATTERN_OFFSET': _f(w, 6, 11, 4),
        'MAX_UNCOMPRESSED_BLOCK_SIZE': _f(w, 6, 15, 2), 'MAX_COMPRESSED_BLOCK_SIZE': _f(w, 6, 17, 2),
        'META_PIPE_ALIGNED': _f(w, 6, 19, 1), 'WRITE_COMPRESS_ENABLE': _f(w, 6, 20, 1),
        'COMPRESSION_EN': _f(w, 6, 21, 1), 'ALPHA_IS_ON_MSB': _f(w, 6, 22, 1),
        'COLOR_TRANSFORM': _f(w, 6, 23, 1),
        'META_DATA_ADDRESS': _f(w, 6, 24, 8) | (w[7] << 8),  # address[47:8]
    }
    typ = d['TYPE']
    pitch_field = d['DEPTH'] | (d['PITCH_13'] << 13)
    d['base_va'] = d['BASE_ADDRESS'] << 8
    d['width'] = d['WIDTH'] + 1
    d['height'] = d['HEIGHT'] + 1
    d['dst_sel'] = (d['DST_SEL_X'], d['DST_SEL_Y'], d['DST_SEL_Z'], d['DST_SEL_W'])
    d['dim'] = typ & 7 if typ >= 8 else None
    d['is_array'] = typ in (TYPE_1D_ARRAY, TYPE_2D_ARRAY, TYPE_CUBE, TYPE_2D_MSAA_ARRAY)
    d['depth'] = d['DEPTH'] + 1 if typ == TYPE_3D else 1
    d['layers'] = (d['DEPTH'] - d['BASE_ARRAY'] + 1) if d['is_array'] else 1
    # PITCH field (pitch-1, 14 bits) only for 1D, 2D, 2D-MSAA (guide Table 50, ROCr word4 comment)
    d['pitch_field'] = pitch_field if typ in (TYPE_1D, TYPE_2D, TYPE_2D_MSAA) else None
    d['num_levels'] = d['LAST_LEVEL'] - d['BASE_LEVEL'] + 1
    d['all_zero'] = not any(w)
    return d


def _put(w, word, lo, width, val):
    if val < 0 or val >> width:
        raise ValueError('field value %r does not fit %d bits' % (val, width))
    w[word] |= val << lo


def make_tsharp(base_va, fmt, width, height=1, depth=1, type=TYPE_2D, dst_sel=SEL_IDENTITY,
                base_level=0, last_level=0, max_mip=None, pitch=None, base_array=0, layers=1,
                sw_mode=0, bc_swizzle=0, array_pitch=0, min_lod=0, big_page=0):
    """Encode a gfx11 T# (8 dwords) for a linear image.
    width/height/depth/layers/pitch are real sizes (the encoder subtracts 1). For arrays and cube
    maps `layers` is the number of slices in the view (cube: 6 per cube) and DEPTH = last slice =
    base_array + layers - 1 (as ROCr does with base_array 0). pitch (in elements) is written only
    for 1D/2D/2D-MSAA types (ROCr writes it there, Mesa only for custom pitches)."""
    if base_va & 0xFF:
        raise ValueError('T# base address must be 256-byte aligned')
    w = [0] * 8
    a = base_va >> 8
    w[0] = a & M32
    _put(w, 1, 0, 8, a >> 32)
    _put(w, 1, 15, 1, big_page)
    _put(w, 1, 16, 4, last_level if max_mip is None else max_mip)
    _put(w, 1, 20, 8, fmt)
    _put(w, 1, 30, 2, (width - 1) & 3)
    _put(w, 2, 0, 12, (width - 1) >> 2)
    _put(w, 2, 14, 14, height - 1)
    for i, s in enumerate(dst_sel):
        _put(w, 3, 3 * i, 3, s)
    _put(w, 3, 12, 4, base_level)
    _put(w, 3, 16, 4, last_level)
    _put(w, 3, 20, 5, sw_mode)
    _put(w, 3, 25, 3, bc_swizzle)
    _put(w, 3, 28, 4, type)
    if type == TYPE_3D:
        _put(w, 4, 0, 13, depth - 1)
    elif type in (TYPE_1D_ARRAY, TYPE_2D_ARRAY, TYPE_CUBE, TYPE_2D_MSAA_ARRAY):
        _put(w, 4, 0, 13, base_array + layers - 1)
    elif pitch is not None:
        _put(w, 4, 0, 14, pitch - 1)
    _put(w, 4, 16, 13, base_array)
    _put(w, 5, 0, 4, array_pitch)
    _put(w, 5, 27, 5, min_lod & 31)
    _put(w, 6, 0, 7, min_lod >> 5)
    return w


# ----------------------------------------------------------------------------------------------
# S# (F2)
# ----------------------------------------------------------------------------------------------

def decode_ssharp(words):
    w = [x & M32 for x in list(words) + [0] * (4 - len(words))]
    d = {
        'CLAMP_X': _f(w, 0, 0, 3), 'CLAMP_Y': _f(w, 0, 3, 3), 'CLAMP_Z': _f(w, 0, 6, 3),
        'MAX_ANISO_RATIO': _f(w, 0, 9, 3), 'DEPTH_COMPARE_FUNC': _f(w, 0, 12, 3),
        'FORCE_UNNORMALIZED': _f(w, 0, 15, 1), 'ANISO_THRESHOLD': _f(w, 0, 16, 3),
        'MC_COORD_TRUNC': _f(w, 0, 19, 1), 'FORCE_DEGAMMA': _f(w, 0, 20, 1),
        'ANISO_BIAS': _f(w, 0, 21, 6), 'TRUNC_COORD': _f(w, 0, 27, 1),
        'DISABLE_CUBE_WRAP': _f(w, 0, 28, 1), 'FILTER_MODE': _f(w, 0, 29, 2),
        'SKIP_DEGAMMA': _f(w, 0, 31, 1),
        'MIN_LOD': _f(w, 1, 0, 12), 'MAX_LOD': _f(w, 1, 12, 12),     # u4.8
        'PERF_MIP': _f(w, 1, 24, 4), 'PERF_Z': _f(w, 1, 28, 4),
        'LOD_BIAS': _f(w, 2, 0, 14), 'LOD_BIAS_SEC': _f(w, 2, 14, 6),  # s6.8, s2.4
        'XY_MAG_FILTER': _f(w, 2, 20, 2), 'XY_MIN_FILTER': _f(w, 2, 22, 2),
        'Z_FILTER': _f(w, 2, 24, 2), 'MIP_FILTER': _f(w, 2, 26, 2),
        'MIP_POINT_PRECLAMP': _f(w, 2, 28, 1), 'ANISO_OVERRIDE': _f(w, 2, 29, 1),
        'BLEND_PRT': _f(w, 2, 30, 1), 'DERIV_ADJUST_EN': _f(w, 2, 31, 1),
        'BORDER_COLOR_PTR': _f(w, 3, 18, 12),   # PAL/Mesa gfx11 position; the guide says 107:96
        'BORDER_COLOR_TYPE': _f(w, 3, 30, 2),
    }
    d['clamp'] = (d['CLAMP_X'], d['CLAMP_Y'], d['CLAMP_Z'])
    d['min_lod'] = d['MIN_LOD'] / 256.0
    d['max_lod'] = d['MAX_LOD'] / 256.0
    d['lod_bias'] = sext(d['LOD_BIAS'], 14) / 256.0 + sext(d['LOD_BIAS_SEC'], 6) / 16.0
    return d


def make_ssharp(clamp_x=CLAMP_LAST_TEXEL, clamp_y=None, clamp_z=None, unnormalized=False,
                mag_filter=XY_POINT, min_filter=None, z_filter=Z_NONE, mip_filter=MIP_NONE,
                border_color_type=BORDER_TRANS_BLACK, min_lod=0.0, max_lod=4095 / 256.0,
                lod_bias=0.0, depth_compare_func=0, max_aniso_ratio=0, trunc_coord=0,
                disable_cube_wrap=0, filter_mode=0, aniso_override=0, border_color_ptr=0):
    clamp_y = clamp_x if clamp_y is None else clamp_y
    clamp_z = clamp_x if clamp_z is None else clamp_z
    min_filter = mag_filter if min_filter is None else min_filter
    w = [0] * 4
    _put(w, 0, 0, 3, clamp_x)
    _put(w, 0, 3, 3, clamp_y)
    _put(w, 0, 6, 3, clamp_z)
    _put(w, 0, 9, 3, max_aniso_ratio)
    _put(w, 0, 12, 3, depth_compare_func)
    _put(w, 0, 15, 1, int(bool(unnormalized)))
    _put(w, 0, 27, 1, trunc_coord)
    _put(w, 0, 28, 1, disable_cube_wrap)
    _put(w, 0, 29, 2, filter_mode)
    _put(w, 1, 0, 12, min(4095, max(0, int(round(min_lod * 256)))))
    _put(w, 1, 12, 12, min(4095, max(0, int(round(max_lod * 256)))))
    _put(w, 2, 0, 14, int(round(max(-32.0, min(31.99609375, lod_bias)) * 256)) & 0x3FFF)
    _put(w, 2, 20, 2, mag_filter)
    _put(w, 2, 22, 2, min_filter)
    _put(w, 2, 24, 2, z_filter)
    _put(w, 2, 26, 2, mip_filter)
    _put(w, 2, 29, 1, aniso_override)
    _put(w, 3, 18, 12, border_color_ptr)
    _put(w, 3, 30, 2, border_color_type)
    return w


# OpenCL sampler literal values (clang opencl-c-base.h): address bits, normalized bit, filter bits
CLK_ADDRESS_NONE, CLK_ADDRESS_CLAMP_TO_EDGE, CLK_ADDRESS_CLAMP = 0, 2, 4
CLK_ADDRESS_REPEAT, CLK_ADDRESS_MIRRORED_REPEAT = 6, 8
CLK_NORMALIZED_COORDS_FALSE, CLK_NORMALIZED_COORDS_TRUE = 0, 1
CLK_FILTER_NEAREST, CLK_FILTER_LINEAR = 0x10, 0x20

# The S# words ROCm device libraries 5.2.3 (opencl.bc, __translate_sampler_initializer, table
# used when __oclc_ISA_version >= 10000) give an OpenCL sampler literal. Transcribed from the
# bitcode; index = literal value (16..25 nearest, 32..41 linear).
_DEVLIB_W0 = {0: (0x1000B1B6, 0x100031B6), 2: (0x1000B092, 0x10003092), 4: (0x1000B1B6, 0x100031B6),
              6: (0x1000B000, 0x10003000), 8: (0x1000B049, 0x10003049)}


def ssharp_from_cl_literal(value):
    """S# the ROCm device libraries (5.2.3, gfx10+ table) build for an OpenCL sampler literal."""
    addr, norm, filt = value & 0xE, value & 1, value & 0x30
    if filt not in (CLK_FILTER_NEAREST, CLK_FILTER_LINEAR) or addr not in _DEVLIB_W0:
        raise ValueError('not a sampler literal: %#x' % value)
    w0 = _DEVLIB_W0[addr][norm]
    w2 = 0x20500000 if filt == CLK_FILTER_LINEAR else 0x20000000
    return [w0, 0x00FFF000, w2, 0x40000000]


# HSA sampler enums (ROCR inc/hsa_ext_image.h)
HSA_ADDR_UNDEFINED, HSA_ADDR_CLAMP_TO_EDGE, HSA_ADDR_CLAMP_TO_BORDER = 0, 1, 2
HSA_ADDR_REPEAT, HSA_ADDR_MIRRORED_REPEAT = 3, 4


def rocr_ssharp(normalized, address_mode, linear):
    """S# ROCr's ImageManagerGfx11::PopulateSamplerSrd builds for clCreateSampler (HSA enums)."""
    clamp = {HSA_ADDR_CLAMP_TO_EDGE: CLAMP_LAST_TEXEL, HSA_ADDR_CLAMP_TO_BORDER: CLAMP_BORDER,
             HSA_ADDR_MIRRORED_REPEAT: MIRROR, HSA_ADDR_UNDEFINED: WRAP, HSA_ADDR_REPEAT: WRAP}[address_mode]
    f = XY_BILINEAR if linear else XY_POINT
    return make_ssharp(clamp_x=clamp, unnormalized=not normalized, mag_filter=f, min_filter=f,
                       z_filter=Z_NONE, mip_filter=MIP_NONE, max_lod=4095 / 256.0,
                       border_color_type=BORDER_TRANS_BLACK)


# ----------------------------------------------------------------------------------------------
# ROCr image objects (F5): 12 dwords = T# + {channel_type, channel_order, width, 0}
# ----------------------------------------------------------------------------------------------

# hsa_ext_image_channel_type_t / _order_t (ROCR inc/hsa_ext_image.h)
HSA_TYPES = ['SNORM_INT8', 'SNORM_INT16', 'UNORM_INT8', 'UNORM_INT16', 'UNORM_INT24',
             'UNORM_SHORT_555', 'UNORM_SHORT_565', 'UNORM_SHORT_101010', 'SIGNED_INT8',
             'SIGNED_INT16', 'SIGNED_INT32', 'UNSIGNED_INT8', 'UNSIGNED_INT16', 'UNSIGNED_INT32',
             'HALF_FLOAT', 'FLOAT']
HSA_ORDERS = ['A', 'R', 'RX', 'RG', 'RGX', 'RA', 'RGB', 'RGBX', 'RGBA', 'BGRA', 'ARGB', 'ABGR',
              'SRGB', 'SRGBX', 'SRGBA', 'SBGRA', 'INTENSITY', 'LUMINANCE', 'DEPTH', 'DEPTH_STENCIL']
# The CL_* values opencl.bc (5.2.3) returns for get_image_channel_{order,data_type}, indexed by
# the HSA value ROCr stores in dwords 9 and 8 (666 for ABGR is what the library holds).
CL_ORDER_OF_HSA = [0x10B1, 0x10B0, 0x10BA, 0x10B2, 0x10BB, 0x10B3, 0x10B4, 0x10BC, 0x10B5, 0x10B6,
                   0x10B7, 666, 0x10BF, 0x10C0, 0x10C1, 0x10C2, 0x10B8, 0x10B9, 0x10BD, 0x10BE]
CL_TYPE_OF_HSA = [0x10D0, 0x10D1, 0x10D2, 0x10D3, 0x10DF, 0x10D5, 0x10D4, 0x10D6, 0x10D7, 0x10D8,
                  0x10D9, 0x10DA, 0x10DB, 0x10DC, 0x10DD, 0x10DE]

# ROCr image_lut_kv.cpp kSwizzleLut_ (dst_sel per channel order)
ROCR_SWIZZLE = {
    'A': (SEL_0, SEL_0, SEL_0, SEL_X), 'R': (SEL_X, SEL_0, SEL_0, SEL_1),
    'RX': (SEL_X, SEL_0, SEL_0, SEL_1), 'RG': (SEL_X, SEL_Y, SEL_0, SEL_1),
    'RGX': (SEL_X, SEL_Y, SEL_0, SEL_1), 'RA': (SEL_X, SEL_0, SEL_0, SEL_Y),
    'RGB': (SEL_Z, SEL_Y, SEL_X, SEL_1), 'RGBX': (SEL_Z, SEL_Y, SEL_X, SEL_1),
    'RGBA': SEL_IDENTITY, 'BGRA': (SEL_Z, SEL_Y, SEL_X, SEL_W),
    'ARGB': (SEL_Y, SEL_Z, SEL_W, SEL_X), 'ABGR': (SEL_Y, SEL_X, SEL_W, SEL_Z),
    'SRGB': (SEL_X, SEL_Y, SEL_Z, SEL_1), 'SRGBX': (SEL_X, SEL_Y, SEL_Z, SEL_1),
    'SRGBA': SEL_IDENTITY, 'SBGRA': (SEL_Z, SEL_Y, SEL_X, SEL_W),
    'INTENSITY': (SEL_X, SEL_X, SEL_X, SEL_X), 'LUMINANCE': (SEL_X, SEL_X, SEL_X, SEL_1),
    'DEPTH': (SEL_X, SEL_0, SEL_0, SEL_0), 'DEPTH_STENCIL': (SEL_Y, SEL_0, SEL_0, SEL_0),
}


def rocr_format(order, ctype):
    """(gfx11 FORMAT code, dst_sel) ROCr uses for an HSA channel order/type (image_lut_gfx11.cpp
    kPropLutGfx11_ + GetCombinedFormat); None when ROCr does not support the pair."""
    one = {'SNORM_INT8': 2, 'SNORM_INT16': 8, 'UNORM_INT8': 1, 'UNORM_INT16': 7, 'SIGNED_INT8': 6,
           'SIGNED_INT16': 12, 'SIGNED_INT32': 21, 'UNSIGNED_INT8': 5, 'UNSIGNED_INT16': 11,
           'UNSIGNED_INT32': 20, 'HALF_FLOAT': 13, 'FLOAT': 22}
    two = {'SNORM_INT8': 15, 'SNORM_INT16': 24, 'UNORM_INT8': 14, 'UNORM_INT16': 23,
           'SIGNED_INT8': 19, 'SIGNED_INT16': 28, 'SIGNED_INT32': 49, 'UNSIGNED_INT8': 18,
           'UNSIGNED_INT16': 27, 'UNSIGNED_INT32': 48, 'HALF_FLOAT': 29, 'FLOAT': 50}
    four = {'SNORM_INT8': 43, 'SNORM_INT16': 52, 'UNORM_INT8': 42, 'UNORM_INT16': 51,
            'SIGNED_INT8': 47, 'SIGNED_INT16': 56, 'SIGNED_INT32': 62, 'UNSIGNED_INT8': 46,
            'UNSIGNED_INT16': 55, 'UNSIGNED_INT32': 61, 'HALF_FLOAT': 57, 'FLOAT': 63}
    f = None
    if order in ('A', 'R'):
        f = one.get(ctype)
    elif order in ('INTENSITY', 'LUMINANCE'):
        f = one.get(ctype) if ctype in ('SNORM_INT8', 'SNORM_INT16', 'UNORM_INT8', 'UNORM_INT16',
                                        'HALF_FLOAT', 'FLOAT') else None
    elif order in ('RG', 'RA'):
        f = two.get(ctype)
    elif order == 'RGBA':
        f = four.get(ctype)
    elif order in ('BGRA', 'ARGB'):
        f = four.get(ctype) if ctype in ('SNORM_INT8', 'UNORM_INT8', 'SIGNED_INT8', 'UNSIGNED_INT8') else None
    elif order == 'RGB':
        f = {'UNORM_SHORT_555': 69, 'UNORM_SHORT_565': 68, 'UNORM_SHORT_101010': 36}.get(ctype)
    elif order == 'SRGBA':
        f = 66 if ctype == 'UNORM_INT8' else None
    elif order == 'DEPTH':
        f = {'UNORM_INT16': 7, 'FLOAT': 22}.get(ctype)
    return None if f is None else (f, ROCR_SWIZZLE[order])


def rocr_bc_swizzle(dst_sel):
    """ImageManagerGfx11 GetBcSwizzle (ROCr image_manager_gfx11.cpp)."""
    r, g, b, a = dst_sel
    if a == SEL_X:
        if b == SEL_Y:
            return 2
        if r == SEL_X and g == SEL_X and b == SEL_X:
            return 0
        return 3
    if r == SEL_X:
        if g == SEL_Y:
            return 0
        if g == SEL_X and b == SEL_X and a == SEL_W:
            return 0
        return 1
    if g == SEL_X:
        return 5
    if b == SEL_X:
        return 4
    return 0


def rocr_image_object(base_va, order, ctype, width, height=1, depth=1, array_size=0,
                      geometry='2D', row_pitch_bytes=None):
    """The 12 dwords ROCr (ImageManagerGfx11::PopulateImageSrd) fills for a linear image:
    dwords 0-7 the T#, 8 = HSA channel type, 9 = HSA channel order, 10 = width, 11 = 0.
    geometry: '1D', '2D', '3D', '1DA', '2DA'. 1D-buffer images (a V#) are not modelled here."""
    fmt, sel = rocr_format(order, ctype)
    typ = {'1D': TYPE_1D, '2D': TYPE_2D, '3D': TYPE_3D, '1DA': TYPE_1D_ARRAY, '2DA': TYPE_2D_ARRAY}[geometry]
    bpe = format_bytes(fmt)
    pitch = None
    if typ in (TYPE_1D, TYPE_2D):
        pitch = row_pitch_bytes // bpe if row_pitch_bytes else linear_pitch(width, bpe)
    layers = max(array_size, 1) if typ in (TYPE_1D_ARRAY, TYPE_2D_ARRAY) else 1
    h = height if geometry in ('2D', '3D', '2DA') else 1
    t = make_tsharp(base_va, fmt, width, h, depth if typ == TYPE_3D else 1, typ, sel,
                    pitch=pitch, layers=layers, bc_swizzle=rocr_bc_swizzle(sel))
    return t + [HSA_TYPES.index(ctype), HSA_ORDERS.index(order), width & M32, 0]


def ockl_query(obj12, what):
    """What ockl (image.cl) / opencl.bc return for get_image_* from the 12-dword object."""
    w = obj12
    if what == 'width':
        return w[10]
    if what == 'height':
        return ((w[2] >> 14) & 0x3FFF) + 1
    if what in ('depth', 'array_size'):
        return (w[4] & 0x1FFF) + 1
    if what == 'num_mip_levels':
        return (w[3] >> 16) & 0xF          # the LAST_LEVEL field itself (no +1)
    if what == 'channel_data_type':
        return CL_TYPE_OF_HSA[w[8]]
    if what == 'channel_order':
        return CL_ORDER_OF_HSA[w[9]]
    raise ValueError(what)


def ockl_adjust(coord, size, normalized, nearest):
    """ockl's ADJUST_X/XY/XYZ for one axis (image.cl 'Adjustments for hardware precision limits'):
    for a nearest (XY_MAG_FILTER bit0 == 0) sampler the coordinate sent to image_sample_lz is
    floor(c * p) * rcp(p), p = width (normalized) or 1 (unnormalized). rcp is modelled as the
    correctly rounded 1/p; the hardware's v_rcp_f32 may differ by 1 ulp (UNCERTAIN)."""
    if not nearest:
        return f32(coord)
    p = f32(float(size)) if normalized else 1.0
    return f32(f32(math.floor(f32(coord * p))) * f32(1.0 / p))


# ----------------------------------------------------------------------------------------------
# Memory
# ----------------------------------------------------------------------------------------------

class Memory:
    """Sparse little-endian byte-addressed memory (unwritten bytes read as 0)."""

    PAGE = 4096

    def __init__(self, data=b'', base=0):
        self.pages = {}
        if data:
            self.write(base, bytes(data))

    def read(self, addr, n):
        out = bytearray()
        while n:
            p, o = divmod(addr, self.PAGE)
            k = min(n, self.PAGE - o)
            page = self.pages.get(p)
            out += page[o:o + k] if page is not None else bytes(k)
            addr += k
            n -= k
        return bytes(out)

    def write(self, addr, data):
        data = bytes(data)
        i = 0
        while i < len(data):
            p, o = divmod(addr + i, self.PAGE)
            k = min(len(data) - i, self.PAGE - o)
            page = self.pages.setdefault(p, bytearray(self.PAGE))
            page[o:o + k] = data[i:i + k]
            i += k


def _mem(mem):
    if isinstance(mem, Memory):
        return mem
    if isinstance(mem, (bytes, bytearray)):
        m = Memory(mem)
        m._backing = mem
        return m
    return mem


def _mem_write(mem, addr, data):
    mem.write(addr, data)
    b = getattr(mem, '_backing', None)
    if isinstance(b, bytearray):
        b[addr:addr + len(data)] = data


# ----------------------------------------------------------------------------------------------
# Linear addressing (F4.1)
# ----------------------------------------------------------------------------------------------

def linear_pitch(width, bpe):
    """Addrlib gfx11 ADDR_SW_LINEAR pitch: width aligned to 256 bytes / element bytes."""
    if 256 % bpe:
        raise NotImplementedError('linear image with %d-byte elements' % bpe)
    a = 256 // bpe
    return (width + a - 1) // a * a


def _level_dims(td, level):
    w = max(1, td['width'] >> level)
    h = max(1, td['height'] >> level)
    d = max(1, td['depth'] >> level) if td['TYPE'] == TYPE_3D else 1
    return w, h, d


def _level_pitch(td, level, bpe):
    w = max(1, td['width'] >> level)
    if td['pitch_field'] is not None and td['pitch_field'] != 0 and level == 0:
        return td['pitch_field'] + 1       # UNCERTAIN: what the hardware does for a 0 field / mips
    return linear_pitch(w, bpe)


def _slice_layout(td, bpe):
    """(offset of each level inside a slice, slice size) per Addrlib gfx11
    HwlComputeSurfaceInfoLinear: levels stored from the smallest (MAX_MIP) to level 0."""
    nlev = td['MAX_MIP'] + 1 if td['TYPE'] not in (TYPE_2D_MSAA, TYPE_2D_MSAA_ARRAY) else 1
    offs = [0] * nlev
    size = 0
    for lv in range(nlev - 1, -1, -1):
        w, h, _ = _level_dims(td, lv)
        offs[lv] = size
        pitch = _level_pitch(td, lv, bpe) if nlev == 1 else linear_pitch(w, bpe)
        size += pitch * h * bpe
    return offs, size


def texel_address(t, x, y=0, slice_=0, level=0):
    """Byte address of texel (x, y) of slice `slice_` (absolute array layer, cube face layer or 3D
    depth index) at absolute mip `level` of a linear gfx11 image."""
    td = t if isinstance(t, dict) else decode_tsharp(t)
    if td['SW_MODE'] != 0:
        raise NotImplementedError('tiled (SW_MODE %d) images are not modelled' % td['SW_MODE'])
    bpe = format_bytes(td['FORMAT'])
    offs, ssize = _slice_layout(td, bpe)
    if level >= len(offs):
        raise ValueError('level beyond MAX_MIP')
    pitch = _level_pitch(td, level, bpe) if len(offs) == 1 else linear_pitch(_level_dims(td, level)[0], bpe)
    return td['base_va'] + slice_ * ssize + offs[level] + (y * pitch + x) * bpe


# ----------------------------------------------------------------------------------------------
# Format conversion (F4.2, F4.3)
# ----------------------------------------------------------------------------------------------

def _unpack_element(code, raw):
    _, bits, _ = format_info(code)
    comps = []
    sh = 0
    for b in bits:
        comps.append((raw >> sh) & ((1 << b) - 1))
        sh += b
    return comps


def _pack_element(code, comps):
    _, bits, _ = format_info(code)
    raw, sh = 0, 0
    for b, c in zip(bits, comps):
        raw |= (c & ((1 << b) - 1)) << sh
        sh += b
    return raw


def _srgb_to_linear(c):
    # OpenCL C 3.0 8.3.5 (the guide gives no formula); computed in double, rounded to float32
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _linear_to_srgb(c):
    if c != c:
        c = 0.0
    if c > 1.0:
        c = 1.0
    elif c < 0.0:
        c = 0.0
    elif c < 0.0031308:
        c = 12.92 * c
    else:
        c = 1.055 * c ** (1.0 / 2.4) - 0.055
    return int(math.floor(c * 255 + 0.5))


def decode_component(code, idx, c, exact=False):
    """Memory component -> (value, is_int): value is a Python float (float formats, exact
    rational rounded once to float32) or an int (the 32-bit VGPR integer for UINT/SINT). exact: the
    value before that float32 rounding (a double; what D16 loads convert from, F6.3)."""
    r32 = (lambda x: x) if exact else f32
    _, bits, kind = format_info(code)
    n = bits[idx]
    if kind == 'UNORM':
        return r32(c / ((1 << n) - 1)), False
    if kind == 'SNORM':
        return r32(max(-1.0, sext(c, n) / ((1 << (n - 1)) - 1))), False
    if kind == 'USCALED':
        return f32(float(c)), False
    if kind == 'SSCALED':
        return f32(float(sext(c, n))), False
    if kind == 'UINT':
        return c, True
    if kind == 'SINT':
        return sext(c, n) & M32, True
    if kind == 'FLOAT':
        if n == 32:
            return bits_f32(c), False
        return f16_to_float(c), False
    if kind == 'SRGB':
        v = c / 255.0
        return r32(v if idx == 3 else _srgb_to_linear(v)), False
    if kind == 'UFLOAT':
        return _minifloat_decode(c, 5, n - 5, False), False
    raise NotImplementedError(kind)


# How UNORM/SNORM stores form v * (2^n-1) before rounding it (F4.3, UNCERTAIN: no hardware source;
# D3D11's functional spec and OpenCL 8.3.1.2 both accept either): 'f32' rounds the product to float32
# first (OpenCL's preferred convert_*_sat_rte(f * scale)), 'exact' rounds the exact product once (the
# reading wavesim's converter and tests/exec/buffer_format_ref.c take for buffers and images alike).
NORM_STORE_PRODUCT = 'f32'


def encode_component(code, idx, word, f16_rtz=True):
    """32-bit VGPR word -> memory component (F4.3). UNCERTAIN points marked in the fact sheet:
    UNORM/SNORM clamp first then round-to-nearest-even of v * (2^n-1) (NORM_STORE_PRODUCT); NaN ->
    0; SNORM clamps to [-1, 1] so the most negative code is never produced; UINT/SINT saturate to
    the component width; float32 -> f16 truncates toward zero unless f16_rtz=False ("float32 to
    float16 conversion uses truncation; other ... conversions use round-to-nearest-even", the
    guide's D16 sentence, seed 001), so the 11- and 10-bit floats round to nearest even."""
    prod = f32 if NORM_STORE_PRODUCT == 'f32' else (lambda x: x)
    _, bits, kind = format_info(code)
    n = bits[idx]
    if kind in ('UNORM', 'SNORM', 'USCALED', 'SSCALED', 'SRGB'):
        v = bits_f32(word)
        if kind == 'SRGB':
            if idx < 3:
                return _linear_to_srgb(v)          # OpenCL C 3.0 8.3.5 (UNCERTAIN for hardware)
            return 0 if v != v else rne(f32(min(1.0, max(0.0, v)) * 255.0))
        if v != v:
            return 0
        if kind == 'UNORM':
            v = min(1.0, max(0.0, v))
            return rne(prod(v * ((1 << n) - 1)))
        if kind == 'SNORM':
            v = min(1.0, max(-1.0, v))
            return rne(prod(v * ((1 << (n - 1)) - 1))) & ((1 << n) - 1)
        if kind == 'USCALED':
            return min((1 << n) - 1, max(0, rne(v))) if abs(v) != math.inf else (0 if v < 0 else (1 << n) - 1)
        lo, hi = -(1 << (n - 1)), (1 << (n - 1)) - 1
        return (min(hi, max(lo, rne(v))) if abs(v) != math.inf else (lo if v < 0 else hi)) & ((1 << n) - 1)
    if kind == 'UINT':
        return min(word & M32, (1 << n) - 1)
    if kind == 'SINT':
        s = sext(word, 32)
        return min((1 << (n - 1)) - 1, max(-(1 << (n - 1)), s)) & ((1 << n) - 1)
    if kind == 'FLOAT':
        if n == 32:
            return word & M32
        return float_to_f16_bits(bits_f32(word), rtz=f16_rtz)
    if kind == 'UFLOAT':
        return _minifloat_encode(bits_f32(word), 5, n - 5, False, False)
    raise NotImplementedError('stores to %s' % kind)


def _value_word(v, is_int):
    return (v & M32) if is_int else f32_bits(v)


def _one(is_int):
    return 1 if is_int else 1.0


# Missing components of a format (a dst_sel naming Y/Z/W of a 1- or 2-component format):
# UNCERTAIN (the guide only says the shader gets "data based on T#.DST_SEL"); D3D/Vulkan
# expansion (0, 0, 0, 1) is used. ROCr's dst_sel never names a missing component.
MISSING_COMPONENT = (0, 0, 0, 1)


def read_components(mem, td, x, y, slice_, level, exact=False):
    """The 4 memory components X..W of a texel as (value, is_int) pairs (before dst_sel); exact:
    float values before their float32 rounding (decode_component)."""
    code = td['FORMAT']
    _, bits, kind = format_info(code)
    bpe = sum(bits) // 8
    addr = texel_address(td, x, y, slice_, level)
    raw = int.from_bytes(_mem(mem).read(addr, bpe), 'little')
    comps = _unpack_element(code, raw)
    isint = kind in ('UINT', 'SINT')
    if kind == 'E5B9G9R9':
        e = comps[3]
        vals = [(f32(c * 2.0 ** (e - 15 - 9)), False) for c in comps[:3]]
    else:
        vals = [decode_component(code, i, c, exact) for i, c in enumerate(comps)]
    while len(vals) < 4:
        m = MISSING_COMPONENT[len(vals)]
        vals.append((m if isint else float(m), isint))
    return vals


def apply_dst_sel(vals, dst_sel, is_int):
    out = []
    for s in dst_sel:
        if s == SEL_1:
            out.append((_one(is_int), is_int))
        elif SEL_X <= s <= SEL_W:
            out.append(vals[s - SEL_X])
        else:                                # SEL_0 and the reserved codes 2, 3
            out.append((0 if is_int else 0.0, is_int))
    return out


def texel_read(mem, t, x, y=0, z=0, mip=0):
    """The 4 channel values (after dst_sel) of texel (x, y, z) of mip `mip` (relative to
    BASE_LEVEL), as the 32-bit words an image_load with DMASK=0xF puts in its 4 VGPRs.
    z is the depth (3D) or the slice / cube face_id relative to BASE_ARRAY. Out of range (or an
    all-zero T#) gives all memory components 0, then dst_sel (F4.4)."""
    td = decode_tsharp(t) if not isinstance(t, dict) else t
    vals = _texel_or_oob(mem, td, x, y, z, mip)
    return [_value_word(v, i) for v, i in vals]


def _in_range(td, x, y, z, mip):
    """(absolute slice index, absolute level) or None when out of range."""
    if td['all_zero']:
        return None
    level = td['BASE_LEVEL'] + mip
    if mip < 0 or level > td['LAST_LEVEL']:
        return None
    w, h, d = _level_dims(td, level)
    typ = td['TYPE']
    if not (0 <= x < w):
        return None
    if typ in (TYPE_1D, TYPE_1D_ARRAY):
        y = 0
    elif not (0 <= y < h):
        return None
    if typ == TYPE_3D:
        if not (0 <= z < d):
            return None
        base = td['BASE_ARRAY'] if td['ARRAY_PITCH'] & 1 else 0
        return (base + z, level, y)
    if td['is_array']:
        s = td['BASE_ARRAY'] + z
        if z < 0 or s > td['DEPTH']:
            return None
        return (s, level, y)
    return (0, level, y)


def _texel_or_oob(mem, td, x, y, z, mip, exact=False):
    code = td['FORMAT']
    isint = is_int_format(code)
    r = _in_range(td, x, y, z, mip)
    if r is None:
        vals = [(0 if isint else 0.0, isint)] * 4
    else:
        s, level, yy = r
        vals = read_components(mem, td, x, yy, s, level, exact)
    return apply_dst_sel(vals, td['dst_sel'], isint)


def texel_write(mem, t, x, y, z, mip, values, chan_mask=0xF, f16_rtz=True):
    """Store shader channels R,G,B,A (32-bit VGPR words; channels not in chan_mask are 0, as the
    guide's "missing components get 0") into texel (x, y, z) of mip `mip`. The whole element is
    written: memory component c receives the shader channel whose dst_sel is X+c (UNCERTAIN: the
    inverse of dst_sel; needed for ROCr's BGRA/ARGB/A images), components nobody selects get 0.
    Returns False when out of range (dropped)."""
    td = decode_tsharp(t) if not isinstance(t, dict) else t
    r = _in_range(td, x, y, z, mip)
    if r is None:
        return False
    s, level, yy = r
    code = td['FORMAT']
    _, bits, kind = format_info(code)
    ch = [(values[i] if chan_mask >> i & 1 else 0) & M32 for i in range(4)]
    memw = [0] * len(bits)
    for i, sel in enumerate(td['dst_sel']):
        if SEL_X <= sel <= SEL_W and sel - SEL_X < len(bits):
            memw[sel - SEL_X] = ch[i]
    comps = [encode_component(code, i, memw[i], f16_rtz) for i in range(len(bits))]
    raw = _pack_element(code, comps)
    m = _mem(mem)
    _mem_write(m, texel_address(td, x, yy, s, level), raw.to_bytes(sum(bits) // 8, 'little'))
    return True


# ----------------------------------------------------------------------------------------------
# Address VGPRs (F6)
# ----------------------------------------------------------------------------------------------

_BODY_NOSAMP = {DIM_1D: 1, DIM_2D: 2, DIM_3D: 3, DIM_CUBE: 3, DIM_1D_ARRAY: 2, DIM_2D_ARRAY: 3,
                DIM_2D_MSAA: 3, DIM_2D_MSAA_ARRAY: 4}
_BODY_SAMP = {DIM_1D: 1, DIM_2D: 2, DIM_3D: 3, DIM_CUBE: 3, DIM_1D_ARRAY: 2, DIM_2D_ARRAY: 3}
_NDERIV = {DIM_1D: 2, DIM_2D: 4, DIM_3D: 6, DIM_CUBE: 4, DIM_1D_ARRAY: 2, DIM_2D_ARRAY: 4}


def _suffixes(op):
    name = op.lower().replace('image_', '', 1)
    parts = name.split('_')
    return parts[0], set(parts[1:])


def decode_address(op, dim, vgprs, a16=False):
    """Split an instruction's address VGPR words (in order, NSA groups already concatenated) into
    {'offset', 'bias', 'zcompare', 'derivs', 'body', 'lod', 'clamp', 'mipid'} per RDNA3 guide
    10.2-10.4: order {offset}{bias}{z-compare}{derivatives}{body}. Sampler ops give floats,
    others ints (16-bit when a16; derivatives 16-bit for _g16 only: LLVM keeps them 32-bit under a16)."""
    base, suf = _suffixes(op)
    v = list(vgprs)
    out = {}
    sampler = base in ('sample', 'gather4', 'get')
    if base == 'get' and 'resinfo' in suf:
        return {'mipid': v[0] & M32}
    i = 0
    if 'o' in suf:
        out['offset'] = v[i]
        i += 1
    if 'b' in suf:
        out['bias'] = f16_to_float(v[i]) if a16 else bits_f32(v[i])
        i += 1
    if 'c' in suf:
        out['zcompare'] = bits_f32(v[i])
        i += 1
    if 'd' in suf:
        nd = _NDERIV[dim]
        if 'g16' in suf:  # A16 leaves derivatives 32-bit: LLVM's register layouts (mimg_layout.def)
            hl = []
            nv = {2: 2, 4: 2, 6: 4}[nd]
            for k in range(nv):
                hl += [f16_to_float(v[i + k]), f16_to_float(v[i + k] >> 16)]
            i += nv
            if nd == 2:
                out['derivs'] = [hl[0], hl[2]]
            elif nd == 4:
                out['derivs'] = [hl[0], hl[1], hl[2], hl[3]]
            else:
                out['derivs'] = [hl[0], hl[1], hl[2], hl[4], hl[5], hl[6]]
        else:
            out['derivs'] = [bits_f32(x) for x in v[i:i + nd]]
            i += nd
    if sampler:
        n = _BODY_SAMP[dim] + (1 if ('l' in suf or 'cl' in suf) else 0)
    else:
        n = _BODY_NOSAMP[dim] + (1 if 'mip' in suf else 0)
    if a16:
        halves = []
        for k in range((n + 1) // 2):
            halves += [v[i + k] & 0xFFFF, (v[i + k] >> 16) & 0xFFFF]
        body = [f16_to_float(h) for h in halves[:n]] if sampler else halves[:n]
    else:
        body = [bits_f32(x) for x in v[i:i + n]] if sampler else [x & M32 for x in v[i:i + n]]
    if sampler and ('l' in suf or 'cl' in suf):
        out['clamp' if 'cl' in suf else 'lod'] = body.pop()
    if not sampler and 'mip' in suf:
        out['mipid'] = body.pop()
    out['body'] = body
    return out


def _coords_nosamp(dim, body):
    """(x, y, z) from a no-sampler body: z = r / slice / face_id."""
    b = list(body) + [0, 0, 0]
    if dim == DIM_1D:
        return b[0], 0, 0
    if dim == DIM_1D_ARRAY:
        return b[0], 0, b[1]
    if dim in (DIM_2D_MSAA, DIM_2D_MSAA_ARRAY):
        raise NotImplementedError('MSAA surfaces are not modelled')
    return b[0], b[1], (b[2] if dim in (DIM_3D, DIM_CUBE, DIM_2D_ARRAY) else 0)


def _dmask_channels(dmask):
    return [i for i in range(4) if dmask >> i & 1]


def _pack_d16(halves):
    out = []
    for k in range(0, len(halves), 2):
        lo = halves[k]
        hi = halves[k + 1] if k + 1 < len(halves) else 0
        out.append((lo & 0xFFFF) | ((hi & 0xFFFF) << 16))
    return out


def _to_d16(v, is_int, kind, f16_rtz):
    """A loaded channel to its 16-bit D16 form (F6.3). UNCERTAIN: integer saturation."""
    if is_int:
        if kind == 'SINT':
            return min(32767, max(-32768, sext(v, 32))) & 0xFFFF
        return min(0xFFFF, v & M32)
    return float_to_f16_bits(v, rtz=f16_rtz)


# ----------------------------------------------------------------------------------------------
# image_load / image_store / image_atomic / image_get_resinfo
# ----------------------------------------------------------------------------------------------

def image_load(t, coords, dmask, mem, *, op='image_load', dim=None, d16=False, tfe=False,
               lwe=False, f16_rtz=True):
    """image_load / _mip / _pck / _pck_sgn / _mip_pck / _mip_pck_sgn.
    coords: the address body as integers in the guide's order (10.2): 1D (s), 2D (s, t),
    3D (s, t, r), CUBE (s, t, face_id = slice*6 + face), 1D_ARRAY (s, slice),
    2D_ARRAY (s, t, slice); the _mip ops add mipid last. Values are uint32 (a negative Python
    int is taken modulo 2^32, so it is out of range).
    Returns the VGPR words: popcount(dmask) dwords (ceil(popcount/2) with d16), DMASK=0 acts as
    DMASK=1 returning 0, plus one 0 dword with tfe (lwe is ignored for non-sampler ops)."""
    td = decode_tsharp(t)
    dim = td['dim'] if dim is None else dim
    base, suf = _suffixes(op)
    c = [x & M32 for x in coords]
    mip = c.pop() if 'mip' in suf else 0
    x, y, z = _coords_nosamp(dim, c)
    if dmask == 0:
        return [0] + ([0] if tfe else [])
    kind = format_info(td['FORMAT'])[2]
    if 'pck' in suf:
        # UNCERTAIN (guide 16.18: "without format conversion, 8- and 16-bit elements are
        # (not) sign-extended"): each component's raw bits, zero/sign-extended, then dst_sel.
        r = _in_range(td, x, y, z, mip)
        _, bits, _ = format_info(td['FORMAT'])
        if r is None:
            comps = [0] * len(bits)
        else:
            s, level, yy = r
            raw = int.from_bytes(_mem(mem).read(texel_address(td, x, yy, s, level), sum(bits) // 8), 'little')
            comps = _unpack_element(td['FORMAT'], raw)
            if 'sgn' in suf:
                comps = [sext(v, b) & M32 if b < 32 else v for v, b in zip(comps, bits)]
        vals = [(v, True) for v in comps] + [(0, True)] * (4 - len(comps))
        chans = apply_dst_sel(vals, td['dst_sel'], True)
    else:
        # D16 (F6.3): "float32 to float16 conversion uses truncation; other input data format
        # conversions use round-to-nearest-even" (the guide's D16 sentence, seed 001): 32-bit float
        # components truncate, the others round the exact value to nearest even
        f32data = kind == 'FLOAT' and 32 in format_info(td['FORMAT'])[1]
        chans = _texel_or_oob(mem, td, x, y, z, mip, exact=d16 and not f32data)
        if d16 and not f32data:
            f16_rtz = False
    sel = [chans[i] for i in _dmask_channels(dmask)]
    if d16:
        out = _pack_d16([_to_d16(v, i, kind, f16_rtz) for v, i in sel])
    else:
        out = [_value_word(v, i) for v, i in sel]
    return out + ([0] if tfe else [])


def image_store(t, coords, data, dmask, mem, *, op='image_store', dim=None, d16=False, f16_rtz=True):
    """image_store / _mip / _pck / _mip_pck. data: the VGPR words (consecutive, one per enabled
    DMASK channel; with d16 two 16-bit values per dword, LSBs first, DMASK giving the channel
    positions - guide 10.1.1 table; 10.4 says only the bit count matters, see F6.3).
    Returns True if the element was written (False: out of range, dropped)."""
    td = decode_tsharp(t)
    dim = td['dim'] if dim is None else dim
    base, suf = _suffixes(op)
    c = [x & M32 for x in coords]
    mip = c.pop() if 'mip' in suf else 0
    x, y, z = _coords_nosamp(dim, c)
    chans = _dmask_channels(dmask)
    if d16:
        halves = []
        for wd in data:
            halves += [wd & 0xFFFF, (wd >> 16) & 0xFFFF]
        kind = format_info(td['FORMAT'])[2]
        vals = []
        for h in halves[:len(chans)]:
            if kind == 'UINT':
                vals.append(h)
            elif kind == 'SINT':
                vals.append(sext(h, 16) & M32)
            else:
                vals.append(f32_bits(f16_to_float(h)))
    else:
        vals = [wd & M32 for wd in data[:len(chans)]]
    rgba = [0, 0, 0, 0]
    for ch, v in zip(chans, vals):
        rgba[ch] = v
    if 'pck' in suf:
        # UNCERTAIN: raw low bits of each channel, no conversion, through the inverse dst_sel
        r = _in_range(td, x, y, z, mip)
        if r is None:
            return False
        s, level, yy = r
        _, bits, _ = format_info(td['FORMAT'])
        memw = [0] * len(bits)
        for i, sl in enumerate(td['dst_sel']):
            if SEL_X <= sl <= SEL_W and sl - SEL_X < len(bits):
                memw[sl - SEL_X] = rgba[i]
        raw = _pack_element(td['FORMAT'], memw)
        _mem_write(_mem(mem), texel_address(td, x, yy, s, level), raw.to_bytes(sum(bits) // 8, 'little'))
        return True
    return texel_write(mem, td, x, y, z, mip, rgba, 0xF, f16_rtz)


def _atomic32(op, old, src, cmp):
    if op == 'swap':
        return src
    if op == 'cmpswap':
        return src if old == cmp else old
    if op == 'add':
        return (old + src) & M32
    if op == 'sub':
        return (old - src) & M32
    if op == 'smin':
        return src if sext(src, 32) < sext(old, 32) else old
    if op == 'umin':
        return src if src < old else old
    if op == 'smax':
        return src if sext(src, 32) > sext(old, 32) else old
    if op == 'umax':
        return src if src > old else old
    if op == 'and':
        return old & src
    if op == 'or':
        return old | src
    if op == 'xor':
        return old ^ src
    if op == 'inc':
        return 0 if old >= src else old + 1
    if op == 'dec':
        return src if (old == 0 or old > src) else old - 1
    raise ValueError('atomic op %r' % op)


def _atomic64(op, old, src, cmp):
    M = (1 << 64) - 1
    s64 = lambda v: v - (1 << 64) if v >> 63 else v  # noqa: E731
    if op == 'swap':
        return src
    if op == 'cmpswap':
        return src if old == cmp else old
    if op == 'add':
        return (old + src) & M
    if op == 'sub':
        return (old - src) & M
    if op == 'smin':
        return src if s64(src) < s64(old) else old
    if op == 'umin':
        return min(src, old)
    if op == 'smax':
        return src if s64(src) > s64(old) else old
    if op == 'umax':
        return max(src, old)
    if op == 'and':
        return old & src
    if op == 'or':
        return old | src
    if op == 'xor':
        return old ^ src
    if op == 'inc':
        return 0 if old >= src else old + 1
    if op == 'dec':
        return src if (old == 0 or old > src) else old - 1
    raise ValueError('atomic op %r' % op)


def image_atomic(op, t, coords, data, mem, *, glc=True, dim=None):
    """image_atomic_{swap,cmpswap,add,sub,smin,umin,smax,umax,and,or,xor,inc,dec} (guide 16.18
    pseudocode). 32-bit atomics need a 4-byte element (DMASK 0x1; cmpswap 0x3 with
    data = [src, cmp]); 64-bit atomics an 8-byte element (DMASK 0x3; cmpswap 0xF with
    data = [src_lo, src_hi, cmp_lo, cmp_hi]). The element is one 32/64-bit integer; the format's
    numeric type and dst_sel are not applied. With glc the pre-op value is returned (guide:
    "returned to those same VGPRs starting at VDATA"): 1 dword for 32-bit atomics, 2 for 64-bit,
    also for cmpswap (whose second data dword / pair is then left unchanged - UNCERTAIN); else [].
    Out of range: memory unchanged, returns zeros (UNCERTAIN)."""
    op = op.lower().replace('image_atomic_', '')
    td = decode_tsharp(t)
    dim = td['dim'] if dim is None else dim
    x, y, z = _coords_nosamp(dim, [v & M32 for v in coords])
    bpe = format_bytes(td['FORMAT'])
    if bpe not in (4, 8):
        raise ValueError('image atomics need a 32- or 64-bit element')
    ndw = bpe // 4
    r = _in_range(td, x, y, z, 0)
    if r is None:
        return [0] * ndw if glc else []
    s, level, yy = r
    addr = texel_address(td, x, yy, s, level)
    m = _mem(mem)
    old = int.from_bytes(m.read(addr, bpe), 'little')
    if bpe == 4:
        src = data[0] & M32
        cmp = data[1] & M32 if op == 'cmpswap' else 0
        new = _atomic32(op, old, src, cmp)
        ret = [old]
    else:
        src = (data[0] & M32) | ((data[1] & M32) << 32)
        cmp = ((data[2] & M32) | ((data[3] & M32) << 32)) if op == 'cmpswap' else 0
        new = _atomic64(op, old, src, cmp)
        ret = [old & M32, old >> 32]
    _mem_write(m, addr, new.to_bytes(bpe, 'little'))
    return ret if glc else []


def image_get_resinfo(t, mip, dmask):
    """image_get_resinfo: {width, height, depth, num_mip_levels} of mip `mip` (relative to
    BASE_LEVEL), DMASK-selected, as Mesa's ac_nir_lower_resinfo.c computes them from the
    descriptor (the guide: "VDATA3-0 = {#mipLevels, depth, height, width}; for cubemaps,
    depth = 6 * number of faces"). UNCERTAIN: 1D arrays (layers reported in depth here), the
    height of 1D images (HEIGHT+1 = 1) and the depth of non-3D non-array images (1)."""
    td = decode_tsharp(t)
    if td['all_zero']:
        vals = [0, 0, 0, 0]
    else:
        level = td['BASE_LEVEL'] + mip
        w = max(1, td['width'] >> level)
        h = max(1, td['height'] >> level)
        if td['TYPE'] == TYPE_3D:
            d = max(1, td['depth'] >> level)
        elif td['is_array']:
            d = td['layers']
        else:
            d = 1
        nl = td['num_levels'] if td['TYPE'] not in (TYPE_2D_MSAA, TYPE_2D_MSAA_ARRAY) else 1
        vals = [w, h, d, nl]
    return [vals[i] & M32 for i in _dmask_channels(dmask)]


# ----------------------------------------------------------------------------------------------
# Sampling (F7)
# ----------------------------------------------------------------------------------------------

BORDER = object()


def _address(i, size, mode):
    """Texel index i on an axis of `size` texels -> index in [0, size) or BORDER (F7.3)."""
    if mode == WRAP:
        return i % size
    if mode == MIRROR:
        p = i % (2 * size)
        return p if p < size else 2 * size - 1 - p
    if mode in (MIRROR_ONCE_LAST_TEXEL, MIRROR_ONCE_HALF_BORDER, MIRROR_ONCE_BORDER):
        if i < 0:
            i = -1 - i
        mode = {MIRROR_ONCE_LAST_TEXEL: CLAMP_LAST_TEXEL, MIRROR_ONCE_HALF_BORDER: CLAMP_HALF_BORDER,
                MIRROR_ONCE_BORDER: CLAMP_BORDER}[mode]
    if mode == CLAMP_LAST_TEXEL:
        return min(size - 1, max(0, i))
    if mode in (CLAMP_BORDER, CLAMP_HALF_BORDER):
        return i if 0 <= i < size else BORDER
    raise ValueError(mode)


def _pre_clamp(u, size, mode):
    """Half-border modes clamp the coordinate half a texel into the border (UNCERTAIN reading of
    the mode names; not used by OpenCL)."""
    if mode in (CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER):
        lo = -0.5 if mode == CLAMP_HALF_BORDER else -(size + 0.5)
        return f32(min(size + 0.5, max(lo, u)))
    return u


def _quantize(u, bits):
    if bits is None:
        return u
    s = float(1 << bits)
    return rne(u * s) / s


def _finite(u):
    """NaN / infinite coordinates are undefined (OpenCL 8.2); the model maps NaN to 0 and
    infinities to +-2^30 so the addressing below stays defined."""
    if u != u:
        return 0.0
    return max(-2.0 ** 30, min(2.0 ** 30, u))


def _axis(u, size, mode, linear, subtexel_bits, weight_bits):
    """[(index or BORDER, weight)] for one axis. u is the unnormalized float32 coordinate."""
    u = _pre_clamp(_finite(u), size, mode)
    if not linear:
        i = math.floor(_quantize(u, subtexel_bits))
        return [(_address(i, size, mode), 1.0)]
    tt = f32(u - 0.5)
    tt = _quantize(tt, subtexel_bits)
    i0 = math.floor(tt)
    a = f32(tt - i0)
    if weight_bits is not None:
        a = _quantize(a, weight_bits)
    return [(_address(i0, size, mode), f32(1.0 - a)), (_address(i0 + 1, size, mode), a)]


def _axis_opencl(s, size, normalized, mode, linear):
    """The OpenCL C 3.0 8.2 formulas literally (float32), for the 4 OpenCL addressing modes."""
    if mode in (WRAP, MIRROR) and normalized:
        if mode == WRAP:
            u = f32(f32(s - math.floor(s)) * size)
            if not linear:
                i = math.floor(u)
                if i > size - 1:
                    i -= size
                return [(i, 1.0)]
            tt = f32(u - 0.5)
            i0 = math.floor(tt)
            i1 = i0 + 1
            if i0 < 0:
                i0 += size
            if i1 > size - 1:
                i1 -= size
            a = f32(tt - math.floor(tt))
            return [(i0, f32(1.0 - a)), (i1, a)]
        sp = f32(2.0 * rne(f32(0.5 * s)))
        sp = abs(f32(s - sp))
        u = f32(sp * size)
        if not linear:
            return [(min(math.floor(u), size - 1), 1.0)]
        tt = f32(u - 0.5)
        i0 = math.floor(tt)
        a = f32(tt - i0)
        return [(max(i0, 0), f32(1.0 - a)), (min(i0 + 1, size - 1), a)]
    u = f32(s * size) if normalized else f32(s)
    if mode == CLAMP_LAST_TEXEL:
        am = lambda i: min(size - 1, max(0, i))  # noqa: E731
    elif mode == CLAMP_BORDER:
        am = lambda i: BORDER if (i < 0 or i >= size) else i  # noqa: E731
    else:
        am = lambda i: i if 0 <= i < size else BORDER  # CLK_ADDRESS_NONE: undefined; border here  # noqa: E731
    if not linear:
        return [(am(math.floor(u)), 1.0)]
    tt = f32(u - 0.5)
    i0 = math.floor(tt)
    a = f32(tt - i0)
    return [(am(i0), f32(1.0 - a)), (am(i0 + 1), a)]


def _border_color(sd, td, isint):
    """Border colour as memory-order components X..W: the S# type's RGBA, reordered by
    T#.BC_SWIZZLE (guide Table 50: "internal xyzw channels get the following border color
    channels as stored in memory: 0=xyzw 1=xwyz 2=wzyx 3=wxyz 4=zyxw 5=yxwz"), dst_sel is applied
    afterwards like any texel. UNCERTAIN: integer formats use integer 0/1; type 3 (register) is
    not modelled (reads as transparent black)."""
    one = 1 if isint else 1.0
    zero = 0 if isint else 0.0
    rgba = {BORDER_TRANS_BLACK: (zero,) * 4, BORDER_OPAQUE_BLACK: (zero, zero, zero, one),
            BORDER_OPAQUE_WHITE: (one,) * 4}.get(sd['BORDER_COLOR_TYPE'], (zero,) * 4)
    order = {0: 'xyzw', 1: 'xwyz', 2: 'wzyx', 3: 'wxyz', 4: 'zyxw', 5: 'yxwz'}.get(td['BC_SWIZZLE'], 'xyzw')
    return [(rgba['xyzw'.index(ch)], isint) for ch in order]


_CMP = {CMP_NEVER: lambda r, t: False, CMP_LESS: lambda r, t: r < t, CMP_EQUAL: lambda r, t: r == t,
        CMP_LEQUAL: lambda r, t: r <= t, CMP_GREATER: lambda r, t: r > t,
        CMP_NOTEQUAL: lambda r, t: r != t, CMP_GEQUAL: lambda r, t: r >= t,
        CMP_ALWAYS: lambda r, t: True}


def _blend(samples, blend):
    """samples: [(weights per axis (tuple), 4 values)] in x-fastest order. 'opencl': the 8.2
    sum T = (1-a)(1-b)T00 + a(1-b)T10 + (1-a)b T01 + ab T11 (+ the c terms), each product and each
    partial sum rounded to float32, left to right; 'lerp': per axis (1-a)*p + a*q, x first."""
    if blend == 'opencl':
        acc = [0.0] * 4
        for ws, vals in samples:
            w = ws[0]
            for x in ws[1:]:
                w = f32(w * x)
            for c in range(4):
                acc[c] = f32(acc[c] + f32(w * vals[c]))
        return acc
    # lerp: reduce axis by axis (samples come x-fastest, weights per axis)
    cur = [(ws, vals) for ws, vals in samples]
    naxes = len(cur[0][0])
    for ax in range(naxes):
        nxt = []
        for k in range(0, len(cur), 2):
            (w0, p), (w1, q) = cur[k], cur[k + 1]
            a = w1[ax]
            nxt.append((w0, [f32(f32(f32(1.0 - a) * p[c]) + f32(a * q[c])) for c in range(4)]))
        cur = nxt
    return cur[0][1]


def _sample_level(mem, td, sd, level, layer, coords, normalized, filt_xy, filt_z, offsets,
                  zcompare, opts):
    """Filtered memory-order components (4 floats or ints) at one absolute mip level."""
    w, h, d = _level_dims(td, level)
    sizes = [w, h, d]
    dim = td['dim']
    naxes = {DIM_1D: 1, DIM_1D_ARRAY: 1, DIM_2D: 2, DIM_2D_ARRAY: 2, DIM_CUBE: 2, DIM_3D: 3}[dim]
    clamp = sd['clamp']
    code = td['FORMAT']
    isint = is_int_format(code)
    per_axis = []
    for ax in range(naxes):
        linear = (filt_z if ax == 2 else filt_xy)
        if isint and linear:
            raise ValueError('linear filtering of an integer format is undefined')
        s = coords[ax]
        if opts['addressing'] == 'opencl' and offsets is None:
            per_axis.append(_axis_opencl(s, sizes[ax], normalized, clamp[ax], linear))
            continue
        u = f32(s * sizes[ax]) if normalized else f32(s)
        if offsets is not None:
            u = f32(u + offsets[ax])
        per_axis.append(_axis(u, sizes[ax], clamp[ax], linear, opts['subtexel_bits'], opts['weight_bits']))
    border = _border_color(sd, td, isint)
    samples = []

    def fetch(ix):
        if any(i is BORDER for i in ix):
            vals = border
        else:
            x = ix[0]
            y = ix[1] if naxes > 1 else 0
            z = ix[2] if naxes > 2 else layer
            vals = read_components(mem, td, x, y, z, level)
        if isint:
            return [v for v, _ in vals]
        out = [ftz(v) for v, _ in vals]            # sample ops flush denormals (guide 10.4)
        if zcompare is not None:
            f = _CMP[sd['DEPTH_COMPARE_FUNC']]
            out = [1.0 if f(zcompare, out[0]) else 0.0] + out[1:]   # UNCERTAIN: ref OP texel.x
        return out
    if naxes == 1:
        for i0, w0 in per_axis[0]:
            samples.append(((w0,), fetch((i0,))))
    elif naxes == 2:
        for j0, wy in per_axis[1]:
            for i0, wx in per_axis[0]:
                samples.append(((wx, wy), fetch((i0, j0))))
    else:
        for k0, wz in per_axis[2]:
            for j0, wy in per_axis[1]:
                for i0, wx in per_axis[0]:
                    samples.append(((wx, wy, wz), fetch((i0, j0, k0))))
    if len(samples) == 1:
        return samples[0][1]
    return _blend(samples, opts['blend'])


def _layer(td, dim, coord, sampler=True):
    """Slice / cube face -> absolute layer. Arrays: clamp(round_half_even(slice), 0, layers-1)
    (OpenCL 8.4; the hardware rounding mode is UNCERTAIN). Cube (sampler ops): face_id =
    slice*8 + face (guide 10.3) -> layer slice*6 + face."""
    if dim in (DIM_1D_ARRAY, DIM_2D_ARRAY):
        s = rne(coord) if coord == coord else 0
        return td['BASE_ARRAY'] + min(td['layers'] - 1, max(0, s))
    if dim == DIM_CUBE:
        fid = rne(coord) if coord == coord else 0
        sl, face = divmod(max(0, fid), 8)
        face = min(face, 5)
        return td['BASE_ARRAY'] + min(td['layers'] - 1, sl * 6 + face)
    return 0


def image_sample(t, s, coords, lod, dmask, mem, *, dim=None, unorm=False, op='image_sample_l',
                 bias=0.0, lod_clamp=None, zcompare=None, offsets=None, d16=False, tfe=False,
                 addressing='hw', subtexel_bits=None, weight_bits=None, blend='opencl',
                 f16_rtz=True):
    """image_sample* on a linear image. coords are floats in the guide's body order (10.3):
    1D (s), 2D (s, t), 3D (s, t, r), CUBE (s, t, face_id), 1D_ARRAY (s, slice), 2D_ARRAY
    (s, t, slice). `lod` is the explicit LOD for _l ops, 0 for _lz ops, and for implicit-LOD
    ops (image_sample, _b, _c, _d...) the LOD the caller computed (derivatives are not modelled).
    bias: the _b bias; lod_clamp: the _cl value; zcompare: the _c reference; offsets: the _o
    offsets (ints, x, y, z). unorm: the instruction's UNRM bit (OR'd with S#.FORCE_UNNORMALIZED).

    Options (all UNCERTAIN, see F7.5):
      addressing='hw'     texel-index addressing with float32 coordinate maths (default);
                 'opencl' the OpenCL C 3.0 8.2 formulas literally (REPEAT/MIRRORED_REPEAT
                          normalize with s - floor(s) / 2*rint(s/2) first).
      subtexel_bits=None  exact float32 floor/frac; 8 rounds the texel-space coordinate to 1/256
                          first (TRUNC_COORD=0 "rounding"; RADV reports subTexelPrecisionBits=8).
      weight_bits=None    float32 weights; 8 rounds each linear weight to 1/256.
      blend='opencl'      the OpenCL sum of products; 'lerp' per-axis lerps.
    Returns the DMASK-selected channels after dst_sel as VGPR words (float32 bits, or raw
    integers for UINT/SINT formats with point filtering)."""
    td = decode_tsharp(t)
    sd = decode_ssharp(s)
    dim = td['dim'] if dim is None else dim
    if dim in (DIM_2D_MSAA, DIM_2D_MSAA_ARRAY):
        raise ValueError('MSAA surfaces do not support sample (guide 10.3)')
    base, suf = _suffixes(op)
    code = td['FORMAT']
    kind = format_info(code)[2]
    isint = kind in ('UINT', 'SINT')
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    opts = {'addressing': addressing, 'subtexel_bits': subtexel_bits, 'weight_bits': weight_bits,
            'blend': blend}
    if td['all_zero']:
        vals = [(0 if isint else 0.0)] * 4
        chans = apply_dst_sel([(v, isint) for v in vals], (SEL_0,) * 4, isint)
    else:
        layer = 0
        if dim in (DIM_1D_ARRAY, DIM_2D_ARRAY, DIM_CUBE):
            layer = _layer(td, dim, coords[1 if dim == DIM_1D_ARRAY else 2])
        # LOD (F7.4): bias from the instruction and the S#, clamp to S# [min_lod, max_lod]
        # (resource-view space) and the _cl clamp; lz forces 0.
        if 'lz' in suf:
            l_eff = 0.0
        else:
            l_eff = f32(lod + bias + sd['lod_bias'])
            l_eff = min(sd['max_lod'], max(sd['min_lod'], l_eff))
            if lod_clamp is not None:
                l_eff = min(l_eff, lod_clamp)
        mag = l_eff <= 0.0
        xyf = sd['XY_MAG_FILTER'] if mag else sd['XY_MIN_FILTER']
        if xyf in (XY_ANISO_POINT, XY_ANISO_BILINEAR):
            xyf -= 2                                            # anisotropy not modelled
        filt_xy = xyf == XY_BILINEAR
        filt_z = filt_xy if sd['Z_FILTER'] == Z_NONE else sd['Z_FILTER'] == Z_LINEAR
        nlev = td['LAST_LEVEL'] - td['BASE_LEVEL']
        mf = sd['MIP_FILTER']
        if mf == MIP_NONE or 'lz' in suf:
            levels = [(0, 1.0)]
        elif mf == MIP_POINT:
            levels = [(min(nlev, max(0, math.floor(l_eff + 0.5))), 1.0)]
        else:
            l0 = math.floor(max(0.0, l_eff))
            fr = f32(max(0.0, l_eff) - l0)
            levels = [(min(nlev, l0), f32(1.0 - fr)), (min(nlev, l0 + 1), fr)]
        res = None
        for lv, wt in levels:
            if wt == 0.0 and len(levels) > 1:
                continue
            v = _sample_level(mem, td, sd, td['BASE_LEVEL'] + lv, layer, coords, normalized,
                              filt_xy, filt_z, offsets, zcompare, opts)
            if len(levels) == 1 or wt == 1.0:
                res = v
            elif res is None:
                res = [f32(wt * x) for x in v]
            else:
                res = [f32(r + f32(wt * x)) for r, x in zip(res, v)]
        chans = apply_dst_sel([(v, isint) for v in res], td['dst_sel'], isint)
        if not isint:
            chans = [(ftz(v), False) for v, _ in chans]
    if dmask == 0:  # "If DMASK==0, the TA overrides DMASK=1 and puts zeros in VGPR" (F6.3)
        return [0] + ([0] if tfe else [])
    sel = [chans[i] for i in _dmask_channels(dmask)]
    if d16:
        out = _pack_d16([_to_d16(v, i, kind, f16_rtz) for v, i in sel])
    else:
        out = [_value_word(v, i) for v, i in sel]
    return out + ([0] if tfe else [])


def image_gather4(t, s, coords, dmask, mem, *, dim=None, unorm=False, offsets=None,
                  addressing='hw', subtexel_bits=None):
    """image_gather4 / _lz (level 0 of the view): one channel (the single DMASK bit, after
    dst_sel) of the 2x2 bilinear footprint, in the order (i0,j1), (i1,j1), (i1,j0), (i0,j0)
    ("starting with the lower-left texel and in counter-clockwise order", guide 10.1; the
    same order as Vulkan's OpImageGather). Returns 4 VGPR words."""
    td = decode_tsharp(t)
    sd = decode_ssharp(s)
    dim = td['dim'] if dim is None else dim
    if dim not in (DIM_2D, DIM_2D_ARRAY, DIM_CUBE):
        raise ValueError('gather4 supports 2D, 2D array and cube (guide 10.3)')
    ch = _dmask_channels(dmask)
    if len(ch) != 1:
        raise ValueError('gather4 needs exactly one DMASK bit')
    isint = is_int_format(td['FORMAT'])
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    level = td['BASE_LEVEL']
    w, h, _ = _level_dims(td, level)
    layer = _layer(td, dim, coords[2]) if dim != DIM_2D else 0
    axes = []
    for ax, size in enumerate((w, h)):
        u = f32(coords[ax] * size) if normalized else f32(coords[ax])
        if offsets is not None:
            u = f32(u + offsets[ax])
        axes.append(_axis(u, size, sd['clamp'][ax], True, subtexel_bits, None))
    border = _border_color(sd, td, isint)
    out = []
    for (ix, jx) in ((0, 1), (1, 1), (1, 0), (0, 0)):
        i, j = axes[0][ix][0], axes[1][jx][0]
        vals = border if (i is BORDER or j is BORDER) else read_components(mem, td, i, j, layer, level)
        if not isint:
            vals = [(ftz(v), False) for v, _ in vals]
        chans = apply_dst_sel(vals, td['dst_sel'], isint)
        v, vi = chans[ch[0]]
        out.append(_value_word(v, vi))
    return out


def image_get_lod(*args, **kwargs):
    """Returns {clampedLOD, rawLOD} (guide 16.18); needs quad derivatives: not modelled."""
    raise NotImplementedError('image_get_lod is not modelled')


def parse_offsets(word):
    """The _o offset dword: 6-bit signed X=[5:0], Y=[13:8], Z=[21:16] (guide 10.4)."""
    return (sext(word, 6), sext(word >> 8, 6), sext(word >> 16, 6))


# ----------------------------------------------------------------------------------------------
# Self-check (hand-computed cases; independent of wavesim)
# ----------------------------------------------------------------------------------------------

def _selftest():
    fails = []

    def eq(name, got, want):
        if got != want:
            fails.append('%s: got %r, want %r' % (name, got, want))

    H = lambda v: f32_bits(v)  # noqa: E731

    # --- T# encode/decode (hand-assembled words) ---
    # base 0x12_3456_7800 (>>8 = 0x1234_5678 -> w0; w1[7:0] = 0), FORMAT 42 (8_8_8_8_UNORM),
    # width 100 (99 = 0b1100011: w1[31:30] = 3, w2[11:0] = 24), height 50 (49 << 14),
    # dst_sel identity (4 | 5<<3 | 6<<6 | 7<<9 = 0xFAC), TYPE 2D (9 << 28), pitch 128 (127 in w4).
    t = make_tsharp(0x1234567800, 42, 100, 50, type=TYPE_2D, pitch=128)
    eq('tsharp words', t, [0x12345678, 0xC2A00000, 49 << 14 | 24, 0x90000FAC, 127, 0, 0, 0])
    d = decode_tsharp(t)
    eq('tsharp width', (d['width'], d['height'], d['FORMAT'], d['TYPE'], d['pitch_field']), (100, 50, 42, 9, 127))
    eq('tsharp base', d['base_va'], 0x1234567800)
    ta = make_tsharp(0x1000, 22, 8, 4, type=TYPE_2D_ARRAY, layers=5)
    eq('array depth field', (decode_tsharp(ta)['DEPTH'], decode_tsharp(ta)['layers']), (4, 5))

    # --- S#: the device-libs literal table decodes as hand-read ---
    sd = decode_ssharp([0x1000B1B6, 0x00FFF000, 0x20000000, 0x40000000])
    eq('literal none/unnorm', (sd['clamp'], sd['FORCE_UNNORMALIZED'], sd['DEPTH_COMPARE_FUNC'],
                               sd['DISABLE_CUBE_WRAP'], sd['MAX_LOD'], sd['ANISO_OVERRIDE'],
                               sd['BORDER_COLOR_TYPE']), ((6, 6, 6), 1, 3, 1, 4095, 1, 1))
    sd = decode_ssharp(ssharp_from_cl_literal(CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR))
    eq('literal repeat linear', (sd['clamp'], sd['FORCE_UNNORMALIZED'], sd['XY_MAG_FILTER'], sd['XY_MIN_FILTER']),
       ((0, 0, 0), 0, 1, 1))
    # every gfx10+ entry of the opencl.bc (5.2.3) table, as decimal words read from the bitcode:
    # literal 16 + 2k (nearest) / 32 + 2k (linear), k = address mode / 2; odd = normalized
    w0 = [268480950, 268448182, 268480658, 268447890, 268480950, 268448182, 268480512, 268447744,
          268480585, 268447817]
    for k in range(10):
        eq('devlib literal %d' % (16 + k), ssharp_from_cl_literal(16 + k), [w0[k], 16773120, 536870912, 1073741824])
        eq('devlib literal %d' % (32 + k), ssharp_from_cl_literal(32 + k), [w0[k], 16773120, 542113792, 1073741824])
    # ROCr clCreateSampler(CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR):
    # w0 = 2 | 2<<3 | 2<<6 = 0x92, w1 = 4095<<12 = 0xFFF000, w2 = 1<<20 | 1<<22 = 0x500000, w3 = 0
    eq('rocr sampler', rocr_ssharp(True, HSA_ADDR_CLAMP_TO_EDGE, True), [0x92, 0xFFF000, 0x500000, 0])

    # --- ROCr image object ---
    obj = rocr_image_object(0x10000, 'R', 'FLOAT', 3, 2)
    eq('rocr R float fmt/sel', (decode_tsharp(obj)['FORMAT'], decode_tsharp(obj)['dst_sel']), (22, (4, 0, 0, 1)))
    eq('rocr pitch', decode_tsharp(obj)['pitch_field'], 63)          # align(3, 256/4 = 64) - 1
    eq('rocr extra', obj[8:], [15, 1, 3, 0])
    eq('ockl queries', [ockl_query(obj, q) for q in ('width', 'height', 'channel_data_type', 'channel_order')],
       [3, 2, 0x10DE, 0x10B0])
    eq('bc swizzle R', rocr_bc_swizzle(ROCR_SWIZZLE['R']), 1)

    # --- format conversion (loads) ---
    eq('unorm8 128', H(decode_component(1, 0, 128)[0]), 0x3F008081)   # 128/255
    eq('unorm8 255', H(decode_component(1, 0, 255)[0]), 0x3F800000)
    eq('snorm8 -128', decode_component(2, 0, 0x80)[0], -1.0)
    eq('snorm8 -127', decode_component(2, 0, 0x81)[0], -1.0)
    eq('snorm8 127', decode_component(2, 0, 0x7F)[0], 1.0)
    eq('sint8 -1', decode_component(6, 0, 0xFF), (0xFFFFFFFF, True))
    eq('f16 1.5', decode_component(13, 0, 0x3E00)[0], 1.5)
    eq('11-bit float 1.0', decode_component(30, 0, 15 << 6)[0], 1.0)
    # --- format conversion (stores) ---
    eq('unorm8 0.5', encode_component(1, 0, H(0.5)), 128)           # 127.5 -> RNE 128
    eq('unorm8 0.25', encode_component(1, 0, H(0.25)), 64)          # 63.75 -> 64
    eq('unorm8 nan', encode_component(1, 0, 0x7FC00000), 0)
    eq('unorm8 2.0', encode_component(1, 0, H(2.0)), 255)
    eq('unorm8 -1', encode_component(1, 0, H(-1.0)), 0)
    eq('snorm8 -1.5', encode_component(2, 0, H(-1.5)), 0x81)        # clamp -1 -> -127
    eq('snorm8 0.5', encode_component(2, 0, H(0.5)), 64)            # 63.5 -> 64 (even)
    eq('uint8 300', encode_component(5, 0, 300), 255)
    eq('sint8 -300', encode_component(6, 0, (-300) & M32), 0x80)
    eq('f16 rtz 1/3', encode_component(13, 0, H(1.0 / 3.0)), 0x3555)
    eq('f16 rne 1/3', encode_component(13, 0, H(1.0 / 3.0), f16_rtz=False), 0x3555)
    eq('f16 rtz 2/3', encode_component(13, 0, H(2.0 / 3.0)), 0x3955)
    eq('f16 rne 2/3', encode_component(13, 0, H(2.0 / 3.0), f16_rtz=False), 0x3955)
    eq('f16 rtz 1+2^-11+2^-20', encode_component(13, 0, H(1 + 2.0 ** -11 + 2.0 ** -20)), 0x3C00)
    eq('f16 rne 1+2^-11+2^-20', encode_component(13, 0, H(1 + 2.0 ** -11 + 2.0 ** -20), f16_rtz=False), 0x3C01)
    eq('f16 rtz 1e6', encode_component(13, 0, H(1e6)), 0x7BFF)
    eq('f16 rne 1e6', encode_component(13, 0, H(1e6), f16_rtz=False), 0x7C00)

    # --- linear addressing: 3x2 RGBA8 image, pitch align(3, 64) = 64 texels = 256 bytes ---
    mem = Memory()
    t = rocr_image_object(0x10000, 'RGBA', 'UNORM_INT8', 3, 2)[:8]
    eq('address (1,1)', texel_address(t, 1, 1), 0x10000 + 256 + 4)
    mem.write(0x10000 + 256 + 4, bytes([255, 0, 128, 51]))
    eq('load (1,1)', image_load(t, [1, 1], 0xF, mem), [0x3F800000, 0, 0x3F008081, H(0.2)])
    eq('load dmask 0b1010', image_load(t, [1, 1], 0xA, mem), [0, H(0.2)])
    eq('load oob', image_load(t, [3, 0], 0xF, mem), [0, 0, 0, 0])
    eq('load negative', image_load(t, [-1, 0], 0xF, mem), [0, 0, 0, 0])
    eq('load tfe', image_load(t, [1, 1], 0x1, mem, tfe=True), [0x3F800000, 0])
    eq('load d16', image_load(t, [1, 1], 0x3, mem, d16=True), [0x3C00])
    eq('load dmask 0', image_load(t, [1, 1], 0, mem), [0])
    tr = rocr_image_object(0x20000, 'R', 'UNORM_INT8', 4, 4)[:8]
    eq('oob with R order', image_load(tr, [9, 9], 0xF, mem), [0, 0, 0, 0x3F800000])
    # stores: dmask 0x3 writes R, G and zeros B, A; BGRA swaps on store
    image_store(t, [0, 0], [H(1.0), H(0.5)], 0x3, mem)
    eq('store dmask 0x3', mem.read(0x10000, 4), bytes([255, 128, 0, 0]))
    tb = rocr_image_object(0x30000, 'BGRA', 'UNORM_INT8', 2, 1)[:8]
    image_store(tb, [1, 0], [H(1.0), H(0.0), H(0.2), H(1.0)], 0xF, mem)
    eq('store BGRA', mem.read(0x30004, 4), bytes([51, 0, 255, 255]))
    eq('load BGRA', image_load(tb, [1, 0], 0xF, mem), [0x3F800000, 0, H(0.2), 0x3F800000])
    eq('store oob', image_store(t, [0, 2], [0], 0x1, mem), False)
    ti = rocr_image_object(0x40000, 'R', 'SIGNED_INT16', 2, 1)[:8]
    image_store(ti, [0, 0], [(-40000) & M32], 0x1, mem)
    eq('store sint16 saturate', mem.read(0x40000, 2), bytes([0x00, 0x80]))
    eq('load sint16', image_load(ti, [0, 0], 0x9, mem), [0xFFFF8000, 1])
    # mip load: 2D array slice 1
    t2a = rocr_image_object(0x50000, 'R', 'UNSIGNED_INT32', 2, 2, array_size=3, geometry='2DA')[:8]
    eq('array slice address', texel_address(t2a, 1, 1, 1), 0x50000 + 64 * 2 * 4 + (64 + 1) * 4)
    mem.write(0x50000 + 512 + 260, (1234).to_bytes(4, 'little'))
    eq('array load', image_load(t2a, [1, 1, 1], 0x1, mem), [1234])
    eq('array load oob slice', image_load(t2a, [1, 1, 3], 0x1, mem), [0])
    eq('load_mip level 0', image_load(t2a, [1, 1, 1, 0], 0x1, mem, op='image_load_mip'), [1234])
    eq('load_mip level 1 oob', image_load(t2a, [0, 0, 1, 1], 0x1, mem, op='image_load_mip'), [0])

    # --- atomics (guide 16.18 pseudocode) ---
    ta = rocr_image_object(0x60000, 'R', 'UNSIGNED_INT32', 4, 1)[:8]
    mem.write(0x60000, (5).to_bytes(4, 'little'))
    eq('atomic add', image_atomic('add', ta, [0, 0], [3], mem), [5])
    eq('after add', image_load(ta, [0, 0], 1, mem), [8])
    eq('atomic inc wrap', image_atomic('inc', ta, [0, 0], [8], mem), [8])
    eq('after inc', image_load(ta, [0, 0], 1, mem), [0])
    eq('atomic dec at 0', image_atomic('dec', ta, [0, 0], [7], mem), [0])
    eq('after dec', image_load(ta, [0, 0], 1, mem), [7])
    eq('cmpswap miss', image_atomic('cmpswap', ta, [0, 0], [100, 6], mem), [7])
    eq('cmpswap hit', image_atomic('cmpswap', ta, [0, 0], [100, 7], mem), [7])
    eq('after cmpswap', image_load(ta, [0, 0], 1, mem), [100])
    eq('smin', image_atomic('smin', ta, [0, 0], [(-1) & M32], mem, glc=False), [])
    eq('after smin', image_load(ta, [0, 0], 1, mem), [0xFFFFFFFF])
    eq('umin', image_atomic('umin', ta, [0, 0], [3], mem), [0xFFFFFFFF])
    eq('atomic oob', image_atomic('add', ta, [4, 0], [1], mem), [0])

    # --- resinfo ---
    tm = make_tsharp(0x70000, 42, 100, 50, type=TYPE_2D, last_level=3)
    eq('resinfo mip1', image_get_resinfo(tm, 1, 0xF), [50, 25, 1, 4])
    eq('resinfo mip3', image_get_resinfo(tm, 3, 0xF), [12, 6, 1, 4])
    eq('resinfo array', image_get_resinfo(t2a, 0, 0x4), [3])

    # --- addressing modes (texel index -> index/BORDER) ---
    eq('wrap -1', _address(-1, 4, WRAP), 3)
    eq('mirror -1,-2,4,5', [_address(i, 4, MIRROR) for i in (-1, -2, 4, 5, 8)], [0, 1, 3, 2, 0])
    eq('clamp edge', [_address(i, 4, CLAMP_LAST_TEXEL) for i in (-5, 9)], [0, 3])
    eq('border', [_address(i, 4, CLAMP_BORDER) for i in (-1, 4, 2)], [BORDER, BORDER, 2])
    eq('mirror once', [_address(i, 4, MIRROR_ONCE_LAST_TEXEL) for i in (-1, -3, -9)], [0, 2, 3])

    # --- sampling: 4x1 R32F image [0, 1, 2, 3] ---
    tf = rocr_image_object(0x80000, 'R', 'FLOAT', 4, 1)[:8]
    for i in range(4):
        mem.write(0x80000 + 4 * i, struct.pack('<f', float(i)))
    s_near_n = rocr_ssharp(True, HSA_ADDR_CLAMP_TO_EDGE, False)
    s_lin_u = rocr_ssharp(False, HSA_ADDR_CLAMP_TO_EDGE, True)
    eq('nearest norm 0.6', image_sample(tf, s_near_n, [0.6, 0.0], 0.0, 0x1, mem), [H(2.0)])   # u = 2.4
    eq('nearest norm 1.3 clamp', image_sample(tf, s_near_n, [1.3, 0.0], 0.0, 0x1, mem), [H(3.0)])
    eq('nearest R alpha', image_sample(tf, s_near_n, [0.1, 0.0], 0.0, 0xF, mem), [0, 0, 0, H(1.0)])
    eq('linear 1.5', image_sample(tf, s_lin_u, [1.5, 0.5], 0.0, 0x1, mem), [H(1.0)])
    eq('linear 1.75', image_sample(tf, s_lin_u, [1.75, 0.5], 0.0, 0x1, mem), [H(1.25)])
    eq('linear edge clamp', image_sample(tf, s_lin_u, [0.25, 0.5], 0.0, 0x1, mem), [H(0.0)])
    eq('linear unorm bit', image_sample(tf, rocr_ssharp(True, HSA_ADDR_CLAMP_TO_EDGE, True),
                                        [1.75, 0.5], 0.0, 0x1, mem, unorm=True), [H(1.25)])
    # border: trans black (ROCr) with R order -> (0,0,0,1); device-libs opaque black likewise
    s_bord = rocr_ssharp(False, HSA_ADDR_CLAMP_TO_BORDER, False)
    eq('border nearest', image_sample(tf, s_bord, [-0.5, 0.5], 0.0, 0xF, mem), [0, 0, 0, H(1.0)])
    s_bord_lin = rocr_ssharp(False, HSA_ADDR_CLAMP_TO_BORDER, True)
    # u = 0.25: i0 = -1 (border 0), i1 = 0 (value 0) -> 0; u = 4.25: i0 = 3 (3.0, w 0.25), i1 = 4 border
    eq('border linear', image_sample(tf, s_bord_lin, [4.25, 0.5], 0.0, 0x1, mem), [H(0.75)])
    # repeat/mirror (normalized): s = 1.1 -> u = 4.4 -> i = 4 -> wrap 0 / mirror 3
    eq('repeat', image_sample(tf, rocr_ssharp(True, HSA_ADDR_REPEAT, False), [1.1, 0.0], 0.0, 1, mem), [H(0.0)])
    eq('mirror', image_sample(tf, rocr_ssharp(True, HSA_ADDR_MIRRORED_REPEAT, False), [1.1, 0.0], 0.0, 1, mem),
       [H(3.0)])
    eq('repeat opencl', image_sample(tf, rocr_ssharp(True, HSA_ADDR_REPEAT, False), [1.1, 0.0], 0.0, 1, mem,
                                     addressing='opencl'), [H(0.0)])
    # linear repeat across the seam: s = 0.0625 (u = 0.25): u - 0.5 = -0.25, i0 = -1 -> 3 with
    # weight 1 - 0.75 = 0.25, i1 = 0 with weight 0.75 -> 0.25 * 3 + 0.75 * 0 = 0.75
    eq('linear repeat seam', image_sample(tf, rocr_ssharp(True, HSA_ADDR_REPEAT, True), [0.0625, 0.5], 0.0, 1, mem),
       [H(0.75)])
    # 2x2 bilinear with 8-bit weights: texels 0, 1 / 2, 3 (R32F, 2x2); u = 0.8, v = 0.5 (unnorm):
    # a = frac(0.3) -> float 0.30000001192; weights 8-bit -> 77/256 = 0.30078125; b = 0
    t22 = rocr_image_object(0x90000, 'R', 'FLOAT', 2, 2)[:8]
    for i, v in enumerate((0.0, 1.0)):
        mem.write(0x90000 + 4 * i, struct.pack('<f', v))
    for i, v in enumerate((2.0, 3.0)):
        mem.write(0x90000 + 256 + 4 * i, struct.pack('<f', v))
    eq('bilinear float weights', image_sample(t22, s_lin_u, [0.8, 0.5], 0.0, 1, mem), [H(f32(f32(0.8) - 0.5))])
    eq('bilinear 8-bit weights', image_sample(t22, s_lin_u, [0.8, 0.5], 0.0, 1, mem, weight_bits=8),
       [H(77 / 256)])
    # centre of the 2x2: u = v = 1.0 -> a = b = 0.5 -> (0+1+2+3)/4 = 1.5
    eq('bilinear centre', image_sample(t22, s_lin_u, [1.0, 1.0], 0.0, 1, mem), [H(1.5)])
    # subtexel rounding: u = 1.999 with 8 bits rounds to 2.0 -> nearest texel 2 (exact floor gives 1)
    s_near_u = rocr_ssharp(False, HSA_ADDR_CLAMP_TO_EDGE, False)
    eq('nearest exact', image_sample(tf, s_near_u, [1.999, 0.5], 0.0, 1, mem), [H(1.0)])
    eq('nearest subtexel 8', image_sample(tf, s_near_u, [1.999, 0.5], 0.0, 1, mem, subtexel_bits=8), [H(2.0)])
    # gather4 on the 2x2 at its centre: (i0,j1)=2, (i1,j1)=3, (i1,j0)=1, (i0,j0)=0
    eq('gather4', image_gather4(t22, s_lin_u, [1.0, 1.0], 0x1, mem), [H(2.0), H(3.0), H(1.0), H(0.0)])
    # integer image with point sampling returns raw integers
    eq('sample uint', image_sample(ta, rocr_ssharp(False, HSA_ADDR_CLAMP_TO_EDGE, False), [0.5, 0.5], 0.0, 1, mem),
       [3])
    # ockl nearest adjustment: c = 0.6, width 4 -> floor(2.4) * rcp(4) = 0.5
    eq('ockl adjust', ockl_adjust(0.6, 4, True, True), 0.5)
    # address decode: 2D sample_l with a16: [t<<16 | s], [lod]; 2D array load a16
    dec = decode_address('image_sample_l', DIM_2D, [0x3C003800, 0x00004000], a16=True)
    eq('a16 sample_l', (dec['body'], dec['lod']), ([0.5, 1.0], 2.0))
    dec = decode_address('image_load', DIM_2D_ARRAY, [0x00050003, 0x00000007], a16=True)
    eq('a16 load array', dec['body'], [3, 5, 7])
    dec = decode_address('image_sample_c_b_o', DIM_2D, [0x0000013F, H(0.5), H(0.25), H(0.1), H(0.2)])
    eq('c_b_o order', (parse_offsets(dec['offset']), dec['bias'], dec['zcompare'], len(dec['body'])),
       ((-1, 1, 0), 0.5, 0.25, 2))
    dec = decode_address('image_load_mip', DIM_3D, [1, 2, 3, 4])
    eq('load_mip 3d', (dec['body'], dec['mipid']), ([1, 2, 3], 4))
    dec = decode_address('image_sample_d', DIM_2D, [H(1), H(2), H(3), H(4), H(0.5), H(0.25)])
    eq('sample_d', (dec['derivs'], dec['body']), ([1.0, 2.0, 3.0, 4.0], [0.5, 0.25]))

    if fails:
        print('image_model selftest: %d failed' % len(fails))
        for f in fails:
            print('  ' + f)
        return 1
    print('image_model selftest: all checks passed')
    return 0


if __name__ == '__main__':
    if '--selftest' in sys.argv[1:]:
        sys.exit(_selftest())
    print(__doc__)


# ==============================================================================================
# Test-side readings (added for tests/exec/image_ops.py)
# ==============================================================================================
# Everything above is the independent model, written from public sources. This section holds what
# the executor test (tests/exec/image_ops.py) needs beyond it: readings the model above leaves to
# its caller (the implicit LOD, IMAGE_GET_LOD) and gather4 with depth compare, D16 and TFE. It only
# composes the functions above and changes none of their readings.
#
# Implicit LOD. What the guide says (docs/image-facts.md F6.1, F6.2, F7.4): _D supplies the
# derivatives (1D dx/dh, dx/dv; 2D and cube dx/dh, dy/dh, dx/dv, dy/dv; 3D with dz/dh, dz/dv), in
# the units of the coordinates, F32 or F16 for _G16; _B adds a bias to the LOD, _CL clamps it,
# _L replaces it, _LZ forces level 0 of the view; MIN_LOD/MAX_LOD/LOD_BIAS(_SEC) of the S# apply;
# IMAGE_GET_LOD returns VDATA[0] = clampedLOD, VDATA[1] = rawLOD. The guide gives no formula for
# the derivatives the hardware takes when _D is absent (which lanes, coarse or fine), nor for the
# LOD approximation (norm, precision, fixed-point steps); no public source gives AMD's. What follows
# is WAVESIM'S READING, UNCERTAIN:
#   * lanes 4q..4q+3 form a 2x2 quad: 4q top-left, 4q+1 top-right, 4q+2 bottom-left, 4q+3
#     bottom-right; coarse derivatives shared by the four lanes of the quad:
#     d/dx = c[4q+1] - c[4q], d/dy = c[4q+2] - c[4q];
#   * c are texel-space coordinates: u = f32(s * width) (v, w likewise) with the sizes of the
#     view's level 0 (BASE_LEVEL), u = s when unnormalized (UNRM bit or S#.FORCE_UNNORMALIZED);
#     1D and 1D arrays differentiate u, 2D, 2D arrays and cube (face coordinates) u and v, 3D u, v
#     and w; array slices and cube faces are not differentiated;
#   * _D: du/dx = ds/dx * width (as given when unnormalized), likewise for the other terms;
#   * rho_x = sqrt(du/dx^2 + dv/dx^2 (+ dw/dx^2)), rho_y likewise with d/dy,
#     LOD = log2(max(rho_x, rho_y)); the differences, squares, sums, sqrt and log2 in double
#     precision from the float32 inputs, the result rounded once to float32 (-inf when rho is 0);
#   * IMAGE_GET_LOD: rawLOD = that LOD; clampedLOD = clamp(f32(rawLOD + S# LOD_BIAS + LOD_BIAS_SEC),
#     S#.MIN_LOD, S#.MAX_LOD) (no clamp to the view's level count).

_LOD_AXES = {DIM_1D: 1, DIM_1D_ARRAY: 1, DIM_2D: 2, DIM_2D_ARRAY: 2, DIM_CUBE: 2, DIM_3D: 3}


def _lod_sizes(td, dim):
    w, h, d = _level_dims(td, td['BASE_LEVEL'])
    return (w, h, d)[:_LOD_AXES[dim]]


def lod_from_rho(dx, dy):
    """Wavesim's reading: log2(max(|dx|, |dy|)) in double, rounded to float32 (dx, dy: the texel-
    space derivative vectors along the quad's x and y)."""
    rx = math.sqrt(sum(a * a for a in dx))
    ry = math.sqrt(sum(a * a for a in dy))
    rho = max(rx, ry)
    if rho == 0.0:
        return -math.inf
    if rho == math.inf:
        return math.inf
    return f32(math.log2(rho))


def texel_space(t, s, coords, *, dim=None, unorm=False):
    """The texel-space coordinates (u[, v[, w]]) the implicit LOD differentiates (wavesim's
    reading): u = f32(s * width) of the view's level 0, u = s when unnormalized."""
    td = decode_tsharp(t) if not isinstance(t, dict) else t
    sd = decode_ssharp(s) if not isinstance(s, dict) else s
    dim = td['dim'] if dim is None else dim
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    sizes = _lod_sizes(td, dim)
    return [f32(coords[a] * sizes[a]) if normalized else f32(coords[a]) for a in range(len(sizes))]


def quad_lods(t, s, lane_coords, *, dim=None, unorm=False):
    """Implicit LOD of every lane (wavesim's reading, see the section comment): lane_coords holds
    the body coordinates (floats, guide order) of every lane of the wave; lanes 4q..4q+3 share the
    LOD of their quad. Returns a list of float32 LODs (Python floats, -inf possible)."""
    uv = [texel_space(t, s, c, dim=dim, unorm=unorm) for c in lane_coords]
    out = []
    for lane in range(len(uv)):
        q = lane & ~3
        dx = [a - b for a, b in zip(uv[q + 1], uv[q])]
        dy = [a - b for a, b in zip(uv[q + 2], uv[q])]
        out.append(lod_from_rho(dx, dy))
    return out


def derivative_lod(t, s, derivs, *, dim=None, unorm=False):
    """LOD of a _D instruction from its derivatives in the guide's order (decode_address's
    'derivs'): wavesim's reading, du/dx = ds/dx * width of the view's level 0 (unscaled when
    unnormalized), then lod_from_rho."""
    td = decode_tsharp(t) if not isinstance(t, dict) else t
    sd = decode_ssharp(s) if not isinstance(s, dict) else s
    dim = td['dim'] if dim is None else dim
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    sizes = _lod_sizes(td, dim)
    n = len(sizes)
    dh, dv = derivs[:n], derivs[n:2 * n]
    scale = sizes if normalized else (1,) * n
    return lod_from_rho([float(a) * k for a, k in zip(dh, scale)], [float(a) * k for a, k in zip(dv, scale)])


def get_lod_words(s, raw_lod, dmask, *, tfe=False):
    """IMAGE_GET_LOD's VGPR words for one lane from its raw LOD (wavesim's reading):
    channel 0 = clampedLOD, 1 = rawLOD (guide 16.18); channels 2 and 3 are not defined by the guide
    (the test keeps DMASK within 0x3). TFE adds a 0 dword as for the other sampler ops."""
    sd = decode_ssharp(s) if not isinstance(s, dict) else s
    c = f32(raw_lod + sd['lod_bias'])
    c = min(sd['max_lod'], max(sd['min_lod'], c))
    chans = [f32_bits(c), f32_bits(raw_lod), 0, 0]
    return [chans[i] for i in _dmask_channels(dmask)] + ([0] if tfe else [])


def image_gather4_ext(t, s, coords, dmask, mem, *, dim=None, unorm=False, offsets=None,
                      zcompare=None, d16=False, tfe=False, f16_rtz=True, subtexel_bits=None):
    """image_gather4 extended with the _C compare (each of the four texels compared as
    image_sample's _C does: ref OP memory component X before dst_sel, 1.0/0.0), D16 (the four values
    converted as D16 loads do, two per dword) and TFE (a 0 dword). Reads the view's base level, so it
    is exact for every gather4 variant on a single-level view (the test keeps gather there); without
    zcompare/d16/tfe it equals image_gather4."""
    td = decode_tsharp(t)
    sd = decode_ssharp(s)
    dim = td['dim'] if dim is None else dim
    if dim not in (DIM_2D, DIM_2D_ARRAY, DIM_CUBE):
        raise ValueError('gather4 supports 2D, 2D array and cube (guide 10.3)')
    ch = _dmask_channels(dmask)
    if len(ch) != 1:
        raise ValueError('gather4 needs exactly one DMASK bit')
    code = td['FORMAT']
    kind = format_info(code)[2]
    isint = is_int_format(code)
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    level = td['BASE_LEVEL']
    w, h, _ = _level_dims(td, level)
    layer = _layer(td, dim, coords[2]) if dim != DIM_2D else 0
    axes = []
    for ax, size in enumerate((w, h)):
        u = f32(coords[ax] * size) if normalized else f32(coords[ax])
        if offsets is not None:
            u = f32(u + offsets[ax])
        axes.append(_axis(u, size, sd['clamp'][ax], True, subtexel_bits, None))
    border = _border_color(sd, td, isint)
    out = []
    for (ix, jx) in ((0, 1), (1, 1), (1, 0), (0, 0)):
        i, j = axes[0][ix][0], axes[1][jx][0]
        vals = border if (i is BORDER or j is BORDER) else read_components(mem, td, i, j, layer, level)
        if not isint:
            vals = [(ftz(v), False) for v, _ in vals]
            if zcompare is not None:
                f = _CMP[sd['DEPTH_COMPARE_FUNC']]
                vals = [(1.0 if f(zcompare, vals[0][0]) else 0.0, False)] + vals[1:]
        chans = apply_dst_sel(vals, td['dst_sel'], isint)
        out.append(chans[ch[0]])
    if d16:
        words = _pack_d16([_to_d16(v, i, kind, f16_rtz) for v, i in out])
    else:
        words = [_value_word(v, i) for v, i in out]
    return words + ([0] if tfe else [])
