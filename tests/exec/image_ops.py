#!/usr/bin/env python3
# Every compute image (MIMG) opcode of the gfx1100 tables run by wavesim in wave32 and wave64 and
# compared with tests/exec/image_model.py (written from AMD's guide, ROCm, PAL, Mesa and OpenCL, not
# from the executor): every returned VGPR (the TFE dword included) and the final image memory, bit
# for bit. Rows: every row of isa/rdna3/mimg.def except image_msaa_load, image_gather4h and the two
# BVH rows (not run by the executor). Each case is one instruction on one image, with per-lane
# address and data registers:
#   * descriptors from the model's make_tsharp / make_ssharp; the image lives in a buffer argument
#     (wavesim's allocations are 256-byte aligned) and the kernel patches the T#'s base address
#     (w0 = addr >> 8, w1[7:0] |= addr >> 40) after loading the descriptors; linear layout only;
#   * loads (_mip, _pck, _pck_sgn): DIMs 1D, 2D, 3D, cube, 1D/2D array; UNORM/SNORM/UINT/SINT/FLOAT
#     formats of 1, 2 and 4 channels of 8/16/32 bits, 10_10_10_2, 2_10_10_10, 5_6_5, 1_5_5_5,
#     8_8_8_8_SRGB, 10_11_11 and 11_11_10; ROCr's dst_sel orders (RGBA, BGRA, R, A, RG, RA, ARGB, RGB,
#     INTENSITY, LUMINANCE, DEPTH) and random BC_SWIZZLE; DMASK subsets (0 too), D16, TFE, A16, NSA
#     address lists, the UNRM bit, in-range and out-of-range coordinates, mip levels and a BASE_LEVEL
#     view, 1D/2D row pitches larger than the width;
#   * stores (_mip, _pck): the same (no SRGB), one texel per lane, out-of-range lanes dropped;
#   * atomics: all 13, 32-bit on 32_UINT/32_SINT/32_FLOAT and 64-bit on 32_32_UINT/SINT, with and
#     without GLC, up to three lanes on one texel (any serial order of those lanes is accepted);
#   * image_get_resinfo on views with mips and a BASE_LEVEL;
#   * every image_sample* and image_gather4* variant and image_get_lod: all 8 clamp modes on each
#     axis, point and bilinear filters (mag and min differ), Z filter, normalized and unnormalized
#     coordinates (S# and UNRM bit), the three border colour types with BC_SWIZZLE, texel offsets,
#     depth compare with each compare function, LOD bias (instruction and S#), LOD clamp, MIN/MAX_LOD,
#     D16, TFE, A16, NSA, G16; explicit LOD forms (_L, _LZ) also on views with several levels and
#     MIP_FILTER point and linear.
# Readings the test takes from the model (defaults: addressing='hw', subtexel_bits=None,
# weight_bits=None, blend='opencl': float32 coordinate maths, OpenCL's sum-of-products blend with
# every product and partial sum rounded to float32 left to right, per-axis weights f32(1-a) and a,
# a sample's weight the product of its axis weights in x, y, z order). The implicit LOD (image_sample,
# _b, _c, _cl, ... and image_get_lod) is WAVESIM'S READING, UNCERTAIN: no public source gives AMD's
# derivative or LOD approximation (the guide only names _D/_B/_CL/_L/_LZ and says image_get_lod
# returns {clampedLOD, rawLOD}); it is written down in the "test-side readings" section at the end
# of image_model.py: coarse derivatives per quad of lanes 4q..4q+3 (d/dx = c[4q+1] - c[4q],
# d/dy = c[4q+2] - c[4q]) on texel-space coordinates, LOD = log2(max(|d/dx|, |d/dy|)) in double
# rounded to float32; _D derivatives are scaled by the level-0 size. Implicit-LOD sample and
# image_get_lod cases use EXEC masks made of whole quads (what happens in a partly active quad is
# not pinned). Cases stay where the model is defined and no source disagrees: single-level views
# for implicit LOD and gather4 (the LOD then only picks the mag or min filter), MIP_FILTER
# none/point on single-level views and MAX_LOD <= the view's last level with MIP_FILTER linear (the
# model blends a level with itself beyond the last one), DISABLE_CUBE_WRAP = 1 on cube maps (no
# seamless filtering in the model), no NaN texels or loaded NaN words (the model returns every NaN
# as 0x7FC00000) and no Inf where a filter could make a NaN, no slice values half-way between two
# slices, no cube faces 6/7 or slices beyond a cube array.
# --covered FILE writes the rows verified in both wave sizes; --selftest checks the test-side
# readings by hand-computed values; --model-only builds, assembles and evaluates without running.
import argparse
import itertools
import math
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asmkit  # noqa: E402
import image_model as im  # noqa: E402

# UNORM/SNORM stores round the exact product v * (2^n-1) once: the reading of wavesim's one format
# converter for buffers and images (pinned for buffers by buffer_format_ref.c); the model's default is
# OpenCL's float32 product. Both are within the D3D/OpenCL tolerance; no source says which AMD does.
im.NORM_STORE_PRODUCT = 'exact'

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GROUPS = 2            # workgroups (one wave each) per run, each with its own image memory and registers
ROWS_PER_KERNEL = 4   # table rows whose cases share one kernel (one wavesim run)
RECW = 20             # dwords per lane record: v1..v20 (v1..v12 address, v13..v17 data, v18..v20 spare)
OUTW = 8              # v13..v20 stored back per lane
NOT_RUN = {'image_msaa_load': 'MSAA surfaces are not modelled',
           'image_bvh_intersect_ray': 'ray tracing', 'image_bvh64_intersect_ray': 'ray tracing',
           'image_gather4h': 'not modelled'}
M32 = 0xFFFFFFFF

DIM_NAME = {im.DIM_1D: '1D', im.DIM_2D: '2D', im.DIM_3D: '3D', im.DIM_CUBE: 'CUBE',
            im.DIM_1D_ARRAY: '1D_ARRAY', im.DIM_2D_ARRAY: '2D_ARRAY'}
DIM_TYPE = {im.DIM_1D: im.TYPE_1D, im.DIM_2D: im.TYPE_2D, im.DIM_3D: im.TYPE_3D, im.DIM_CUBE: im.TYPE_CUBE,
            im.DIM_1D_ARRAY: im.TYPE_1D_ARRAY, im.DIM_2D_ARRAY: im.TYPE_2D_ARRAY}
ALL_DIMS = [im.DIM_1D, im.DIM_2D, im.DIM_3D, im.DIM_CUBE, im.DIM_1D_ARRAY, im.DIM_2D_ARRAY]
GATHER_DIMS = [im.DIM_2D, im.DIM_CUBE, im.DIM_2D_ARRAY]
ARRAYS = (im.DIM_1D_ARRAY, im.DIM_2D_ARRAY, im.DIM_CUBE)

F = im.FORMAT_BY_NAME
COMMON_FORMATS = [F[n] for n in (
    '8_UNORM', '8_SNORM', '8_UINT', '8_SINT', '16_UNORM', '16_SNORM', '16_UINT', '16_SINT', '16_FLOAT',
    '8_8_UNORM', '8_8_SNORM', '8_8_UINT', '8_8_SINT', '32_UINT', '32_SINT', '32_FLOAT',
    '16_16_UNORM', '16_16_SNORM', '16_16_UINT', '16_16_SINT', '16_16_FLOAT', '10_11_11_FLOAT', '11_11_10_FLOAT',
    '10_10_10_2_UNORM', '10_10_10_2_SNORM', '10_10_10_2_UINT', '10_10_10_2_SINT',
    '2_10_10_10_UNORM', '2_10_10_10_SNORM', '2_10_10_10_UINT', '2_10_10_10_SINT',
    '8_8_8_8_UNORM', '8_8_8_8_SNORM', '8_8_8_8_UINT', '8_8_8_8_SINT', '32_32_UINT', '32_32_SINT', '32_32_FLOAT',
    '16_16_16_16_UNORM', '16_16_16_16_SNORM', '16_16_16_16_UINT', '16_16_16_16_SINT', '16_16_16_16_FLOAT',
    '32_32_32_32_UINT', '32_32_32_32_SINT', '32_32_32_32_FLOAT', '5_6_5_UNORM', '1_5_5_5_UNORM')]
SRGB = F['8_8_8_8_SRGB']
LOAD_FORMATS = COMMON_FORMATS + [SRGB]
STORE_FORMATS = COMMON_FORMATS
COMPARE_FORMATS = [F['32_FLOAT'], F['16_UNORM'], F['8_UNORM'], F['16_FLOAT']]
ATOMIC32 = [F['32_UINT'], F['32_SINT'], F['32_FLOAT']]
ATOMIC64 = [F['32_32_UINT'], F['32_32_SINT']]

X, Y, Z, W, S0, S1 = im.SEL_X, im.SEL_Y, im.SEL_Z, im.SEL_W, im.SEL_0, im.SEL_1
# ROCr's dst_sel orders (kSwizzleLut_) and the number of memory components each needs
SELS = [('RGBA', (X, Y, Z, W), 4), ('BGRA', (Z, Y, X, W), 4), ('ARGB', (Y, Z, W, X), 4),
        ('RGB', (Z, Y, X, S1), 3), ('SRGB', (X, Y, Z, S1), 3), ('RG', (X, Y, S0, S1), 2), ('RA', (X, S0, S0, Y), 2),
        ('R', (X, S0, S0, S1), 1), ('A', (S0, S0, S0, X), 1), ('INTENSITY', (X, X, X, X), 1),
        ('LUMINANCE', (X, X, X, S1), 1), ('DEPTH', (X, S0, S0, S0), 1)]
STORE_SELS = {'RGBA', 'BGRA', 'ARGB', 'RGB', 'SRGB', 'RG', 'RA', 'R', 'A', 'DEPTH'}   # no channel read twice


def parse_rows():
    rows = []
    for line in open(os.path.join(ROOT, 'isa', 'rdna3', 'mimg.def')):
        m = re.match(r'R3OP\(MIMG, (0x[0-9a-f]+), (\w+),', line)
        if m:
            rows.append(m.group(2))
    return rows


def kind_of(name):
    n = name[len('image_'):]
    for k, p in (('load', 'load'), ('store', 'store'), ('atomic', 'atomic'), ('sample', 'sample'),
                 ('gather', 'gather4')):
        if n.startswith(p):
            return k
    return {'get_resinfo': 'resinfo', 'get_lod': 'getlod'}[n]


def suffixes(name):
    return im._suffixes(name)[1]


def implicit_lod(name):
    return kind_of(name) in ('sample', 'gather', 'getlod') and not (suffixes(name) & {'d', 'l', 'lz'})


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------

def f32b(x):
    return im.f32_bits(x)


def h16(x):
    return im.float_to_f16_bits(x)


def f16r(x):
    return im.f16_to_float(im.float_to_f16_bits(x))


def lanes_of(m, wave):
    return [l for l in range(wave) if m >> l & 1]


def exec_lines(wave, m):
    if wave == 32:
        return ['s_mov_b32 exec_lo, 0x%x' % (m & M32)]
    return ['s_mov_b32 exec_lo, 0x%x' % (m & M32), 's_mov_b32 exec_hi, 0x%x' % (m >> 32)]


def rand_exec(rng, wave, quads=False):
    full = (1 << wave) - 1
    r = rng.random()
    if r < 0.3:
        return full
    if quads:
        m = 0
        while m == 0 or m == full:
            m = sum(0xF << 4 * q for q in range(wave // 4) if rng.random() < 0.6)
        return m
    m = 0
    while bin(m).count('1') < 2:
        m = rng.getrandbits(wave) & rng.getrandbits(wave) | rng.getrandbits(wave) & rng.getrandbits(wave)
    return m


def popcount(x):
    return bin(x).count('1')


def regs(base, n):
    return 'v%d' % base if n == 1 else 'v[%d:%d]' % (base, base + n - 1)


def fmt_name(code):
    return im.format_info(code)[0]


def ncomp(code):
    return len(im.format_info(code)[1])


# ---------------------------------------------------------------------------------------------
# Images: T#, memory, sizes
# ---------------------------------------------------------------------------------------------

class Image:
    """One image of a case: T# (base address 0; the kernel patches the real one), decoded T#,
    bytes per group region (surface + a 256-byte guard, all compared after the run)."""

    def __init__(self, rng, dim, fmt, sel, *, levels=1, base_level=0, big=False, pitch_pad=False):
        self.dim, self.fmt, self.sel_name, sel = dim, fmt, sel[0], sel[1]
        bpe = im.format_bytes(fmt)
        r = rng.randint
        if big:       # stores: enough texels for a wave64 of distinct texels
            size = {im.DIM_1D: (r(64, 80), 1, 1, 1), im.DIM_2D: (r(8, 12), r(6, 8), 1, 1),
                    im.DIM_3D: (r(4, 5), r(4, 5), r(4, 5), 1), im.DIM_CUBE: (4, 4, 1, 6),
                    im.DIM_1D_ARRAY: (r(16, 24), 1, 1, r(3, 4)), im.DIM_2D_ARRAY: (r(5, 8), r(4, 6), 1, r(2, 3))}[dim]
        elif levels > 1:
            size = {im.DIM_1D: (r(16, 40), 1, 1, 1), im.DIM_2D: (r(6, 16), r(4, 12), 1, 1),
                    im.DIM_3D: (r(4, 8), r(4, 8), r(3, 6), 1), im.DIM_CUBE: (r(4, 8), 0, 1, 6),
                    im.DIM_1D_ARRAY: (r(12, 32), 1, 1, r(2, 3)), im.DIM_2D_ARRAY: (r(6, 12), r(4, 8), 1, r(2, 3))}[dim]
        else:
            size = {im.DIM_1D: (r(1, 16), 1, 1, 1), im.DIM_2D: (r(1, 9), r(1, 6), 1, 1),
                    im.DIM_3D: (r(1, 5), r(1, 4), r(1, 4), 1), im.DIM_CUBE: (r(1, 4), 0, 1, rng.choice((6, 6, 12))),
                    im.DIM_1D_ARRAY: (r(1, 12), 1, 1, r(1, 4)), im.DIM_2D_ARRAY: (r(1, 6), r(1, 4), 1, r(1, 4))}[dim]
        w, h, d, layers = size
        if dim == im.DIM_CUBE:
            h = w
        base_array = rng.choice((0, 0, 0, 1)) if dim in (im.DIM_1D_ARRAY, im.DIM_2D_ARRAY) else 0
        pitch = None
        if dim in (im.DIM_1D, im.DIM_2D):
            pitch = im.linear_pitch(w, bpe)
            if pitch_pad and levels == 1:
                pitch += (256 // bpe) * rng.randint(1, 2)
        bc = im.rocr_bc_swizzle(sel) if rng.random() < 0.5 else rng.randrange(6)
        self.t = im.make_tsharp(0, fmt, w, h, d, DIM_TYPE[dim], sel, base_level=base_level,
                                last_level=levels - 1, max_mip=levels - 1, pitch=pitch, base_array=base_array,
                                layers=layers, bc_swizzle=bc)
        self.td = im.decode_tsharp(self.t)
        offs, ssize = im._slice_layout(self.td, bpe)
        nsl = self.td['depth'] if dim == im.DIM_3D else (self.td['DEPTH'] + 1 if self.td['is_array'] else 1)
        self.surface = ssize * nsl
        self.region = (self.surface + 256 + 255) // 256 * 256
        self.levels = levels - base_level          # levels of the view
        self.layers = layers

    def sizes(self, mip=0):
        """Sizes of the address body axes at view level mip: x, y, z/slice/face_id."""
        w, h, d = im._level_dims(self.td, self.td['BASE_LEVEL'] + mip)
        return {im.DIM_1D: [w], im.DIM_2D: [w, h], im.DIM_3D: [w, h, d], im.DIM_CUBE: [w, h, self.layers],
                im.DIM_1D_ARRAY: [w, self.layers], im.DIM_2D_ARRAY: [w, h, self.layers]}[self.dim]

    def describe(self):
        td = self.td
        return 'T#: %s %s %dx%dx%d layers %d base_array %d levels %d..%d/%d pitch %s sel %s bc %d' % (
            fmt_name(self.fmt), DIM_NAME[self.dim], td['width'], td['height'], td['depth'], self.layers,
            td['BASE_ARRAY'], td['BASE_LEVEL'], td['LAST_LEVEL'], td['MAX_MIP'],
            td['pitch_field'] + 1 if td['pitch_field'] is not None else '-', self.sel_name, td['BC_SWIZZLE'])


NICE = [0.0, -0.0, 1.0, -1.0, 0.5, 0.25, 2.0, 3.0, -0.5, 0.75]


def rand_float(rng, mode):
    """A float32 value for image memory: mode 'finite' (no NaN, Inf now and then), 'sample'
    (moderate finite values, denormals now and then), 'depth' (in [0, 1])."""
    r = rng.random()
    if mode == 'finite' and r < 0.05:
        return rng.choice((math.inf, -math.inf))
    if mode == 'finite' and r < 0.35:           # any finite float32
        u = rng.getrandbits(32)
        return struct.unpack('<f', struct.pack('<I', u if u >> 23 & 0xFF != 0xFF else u & 0xBFFFFFFF))[0]
    if mode == 'depth':
        return im.f32(rng.randrange(0, 17) / 16.0) if r < 0.5 else im.f32(rng.random())
    if r < 0.25:
        return rng.choice(NICE)
    if r < 0.3:
        return rng.choice((1, -1)) * rng.randrange(1, 1 << 23) * 2.0 ** -149      # float32 denormal
    return im.f32(rng.uniform(-4.0, 4.0))


def rand_component(rng, code, idx, mode):
    """One memory component of format code (raw bits) for memory mode."""
    _, bits, kind = im.format_info(code)
    n = bits[idx]
    if kind == 'FLOAT' and n == 32:
        return struct.unpack('<I', struct.pack('<f', rand_float(rng, mode)))[0]
    if kind == 'FLOAT':           # f16: never NaN; Inf only in 'finite'
        while True:
            v = rng.getrandbits(16)
            e = v >> 10 & 31
            if e != 31 or (mode == 'finite' and v & 0x3FF == 0):
                return v
    if kind == 'UFLOAT':
        while True:
            v = rng.getrandbits(n)
            if (v >> (n - 5)) & 31 != 31 or (mode == 'finite' and v & ((1 << (n - 5)) - 1) == 0):
                return v
    r = rng.random()
    if r < 0.15:
        return rng.choice((0, (1 << n) - 1, 1 << (n - 1), (1 << (n - 1)) - 1, 1))
    return rng.getrandbits(n)


def fill_memory(rng, img, mode):
    """Random bytes for the whole region; for float formats every element slot gets a value from
    rand_component (mode as there); 'raw' leaves the random bytes."""
    mem = bytearray(rng.getrandbits(8) for _ in range(img.region)) if img.region < 4096 else \
        bytearray(rng.randbytes(img.region))
    kind = im.format_info(img.fmt)[2]
    if mode != 'raw' and kind in ('FLOAT', 'UFLOAT'):
        bpe = im.format_bytes(img.fmt)
        nc = ncomp(img.fmt)
        for off in range(0, img.surface - bpe + 1, bpe):
            raw = im._pack_element(img.fmt, [rand_component(rng, img.fmt, c, mode) for c in range(nc)])
            mem[off:off + bpe] = raw.to_bytes(bpe, 'little')
    return mem


def pick_sel(rng, code, store=False):
    n = ncomp(code)
    cands = [s for s in SELS if s[2] <= n and (not store or s[0] in STORE_SELS)]
    if n == 4 and rng.random() < 0.5:
        return SELS[0] if rng.random() < 0.6 else SELS[1]
    return rng.choice(cands)


# ---------------------------------------------------------------------------------------------
# Address registers
# ---------------------------------------------------------------------------------------------

def encode_address(rng, name, comp, a16):
    """The address VGPR words of one lane from its component values (guide 10.2-10.4 order:
    {offset}{bias}{z-compare}{derivatives}{body}); 16-bit halves nobody reads get random bits."""
    base, suf = im._suffixes(name)
    sampler = kind_of(name) in ('sample', 'gather', 'getlod')
    g = lambda: rng.getrandbits(16) if rng.random() < 0.5 else 0  # noqa: E731
    words = []
    if 'o' in suf:
        words.append(comp['offset'])
    if 'b' in suf:
        words.append((h16(comp['bias']) | g() << 16) if a16 else f32b(comp['bias']))
    if 'c' in suf:
        words.append(f32b(comp['zc']))
    if 'd' in suf:
        d = comp['derivs']
        if 'g16' in suf:
            if len(d) == 2:
                words += [h16(d[0]) | g() << 16, h16(d[1]) | g() << 16]
            elif len(d) == 4:
                words += [h16(d[0]) | h16(d[1]) << 16, h16(d[2]) | h16(d[3]) << 16]
            else:
                words += [h16(d[0]) | h16(d[1]) << 16, h16(d[2]) | g() << 16,
                          h16(d[3]) | h16(d[4]) << 16, h16(d[5]) | g() << 16]
        else:
            words += [f32b(x) for x in d]
    body = comp['body']
    if a16:
        hv = [h16(x) if sampler else x & 0xFFFF for x in body]
        if len(hv) % 2:
            hv.append(g())
        words += [hv[k] | hv[k + 1] << 16 for k in range(0, len(hv), 2)]
    else:
        words += [f32b(x) if sampler else x & M32 for x in body]
    return words


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return struct.pack('<d', float(a)) == struct.pack('<d', float(b))
    return a == b


def same_list(a, b):
    return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))


def check_decode(name, dim, words, a16, comp):
    """The model's decode_address must give back the intended components (a harness check)."""
    dec = im.decode_address(name, dim, words, a16)
    kind = kind_of(name)
    if kind == 'resinfo':
        if dec['mipid'] != comp['body'][0]:
            raise AssertionError('resinfo mipid decode')
        return dec
    suf = suffixes(name)
    sampler = kind in ('sample', 'gather', 'getlod')
    want = list(comp['body'])
    if not sampler:
        want = [x & (0xFFFF if a16 else M32) for x in want]
    if sampler and ('l' in suf or 'cl' in suf):
        extra = want.pop()
        if not same(dec['lod'] if 'l' in suf else dec['clamp'], extra):
            raise AssertionError('lod/clamp decode %r != %r' % (dec, extra))
    if not sampler and 'mip' in suf:
        if dec['mipid'] != want.pop():
            raise AssertionError('mipid decode')
    if not same_list(dec['body'], want):
        raise AssertionError('body decode %r != %r (%s)' % (dec['body'], want, name))
    for k, key in (('bias', 'bias'), ('zcompare', 'zc'), ('offset', 'offset')):
        if k in dec and not same(dec[k], comp[key]):
            raise AssertionError('%s decode %r != %r' % (k, dec[k], comp[key]))
    if 'derivs' in dec and not same_list(dec['derivs'], comp['derivs']):
        raise AssertionError('derivs decode %r != %r' % (dec['derivs'], comp['derivs']))
    return dec


def addr_layout(rng, n, nsa):
    """(register numbers of the n address dwords in order, operand text): a v1..v12 range, or with
    nsa an NSA list of up to 5 entries (the last one a range when n > 5)."""
    if not nsa or n == 1:
        start = rng.randint(1, 13 - n)
        return list(range(start, start + n)), regs(start, n)
    block = n - 4 if n > 5 else 0
    blockregs = []
    if block:
        bs = rng.randint(1, 13 - block)
        blockregs = list(range(bs, bs + block))
    singles = rng.sample([r for r in range(1, 13) if r not in blockregs], n - block)
    parts = ['v%d' % r for r in singles] + ([regs(blockregs[0], block)] if block else [])
    return singles + blockregs, '[' + ', '.join(parts) + ']'


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

class Case:
    def __init__(self, row, wave):
        self.row, self.wave = row, wave
        self.exec = (1 << wave) - 1
        self.instr = ''
        self.img = None
        self.s = [0, 0, 0, 0]
        self.mem = []           # per group: initial region bytes
        self.recs = []          # per group: per lane RECW dwords
        self.expect = None      # (g) -> (wanted v13..v20 per lane, wanted region bytes); atomics: see run
        self.lane_info = None   # (g, lane) -> text describing the lane's inputs
        self.float_out = False  # outputs are float32 words (ulp notes on mismatches)
        self.d16 = False
        self.atomic = None
        self.decs = None        # per group per lane: the model's decoded address

    def text(self):
        s = '%s | %s' % (self.instr, self.img.describe())
        if kind_of(self.row) in ('sample', 'gather', 'getlod'):
            s += ' | ' + describe_ssharp(self.s)
        return s


def describe_ssharp(s):
    d = im.decode_ssharp(s)
    return 'S#: clamp %d/%d/%d filt mag %d min %d z %d mip %d %s border %d cmp %d lod [%g, %g] bias %g cubewrap_off %d' % (
        d['CLAMP_X'], d['CLAMP_Y'], d['CLAMP_Z'], d['XY_MAG_FILTER'], d['XY_MIN_FILTER'], d['Z_FILTER'],
        d['MIP_FILTER'], 'unnorm' if d['FORCE_UNNORMALIZED'] else 'norm', d['BORDER_COLOR_TYPE'],
        d['DEPTH_COMPARE_FUNC'], d['min_lod'], d['max_lod'], d['lod_bias'], d['DISABLE_CUBE_WRAP'])


def modifiers(dmask, dim, unorm=False, glc=False, slc=False, dlc=False, a16=False, tfe=False, d16=False):
    out = ['dmask:0x%x' % dmask, 'dim:SQ_RSRC_IMG_' + DIM_NAME[dim]]
    for flag, txt in ((unorm, 'unorm'), (glc, 'glc'), (slc, 'slc'), (dlc, 'dlc'), (a16, 'a16'), (tfe, 'tfe'),
                      (d16, 'd16')):
        if flag:
            out.append(txt)
    return ' '.join(out)


def new_records(rng, wave):
    return [[[rng.getrandbits(32) for _ in range(RECW)] for _ in range(wave)] for _ in range(GROUPS)]


def int_coord(rng, size, oob, a16):
    if not oob:
        return rng.randrange(size)
    if rng.random() < 0.5:
        return size + rng.randrange(4)
    return (0xFFFF if a16 else M32) - rng.randrange(4)          # a negative coordinate


def lane_int_coords(rng, img, mip_sizes, oob_rate, a16):
    """Integer address body (no mipid) of one lane; an out-of-range coordinate in one axis with
    probability oob_rate. Cube: face_id = slice * 6 + face (guide 10.2)."""
    sizes = mip_sizes
    oob_axis = rng.randrange(len(sizes)) if rng.random() < oob_rate else -1
    return [int_coord(rng, s, k == oob_axis, a16) for k, s in enumerate(sizes)]


def finish_addr(rng, c, name, dim, comps, a16):
    """Encodes every lane's address components into c.recs (same register layout for all lanes),
    returns the decoded components per group per lane and the address operand text."""
    nwords = None
    words_all = []
    for g in range(GROUPS):
        wl = []
        for lane in range(c.wave):
            w = encode_address(rng, name, comps[g][lane], a16)
            if nwords is None:
                nwords = len(w)
            assert len(w) == nwords
            wl.append(w)
        words_all.append(wl)
    nsa = rng.random() < 0.3
    layout, text = addr_layout(rng, nwords, nsa)
    decs = []
    for g in range(GROUPS):
        dl = []
        for lane in range(c.wave):
            for k, r in enumerate(layout):
                c.recs[g][lane][r - 1] = words_all[g][lane][k]
            dl.append(check_decode(name, dim, words_all[g][lane], a16, comps[g][lane]))
        decs.append(dl)
    return decs, text


# --- loads ------------------------------------------------------------------------------------

def load_case(rng, name, wave, idx, cyc):
    c = Case(name, wave)
    suf = suffixes(name)
    mip, pck = 'mip' in suf, 'pck' in suf
    dim = ALL_DIMS[idx % len(ALL_DIMS)]
    fmt = next(cyc['load'])
    levels = rng.choice((2, 3, 4)) if (mip or rng.random() < 0.2) else 1
    base_level = 1 if levels > 2 and rng.random() < 0.3 else 0
    c.img = img = Image(rng, dim, fmt, pick_sel(rng, fmt), levels=levels, base_level=base_level,
                        pitch_pad=rng.random() < 0.25)
    dmask = 0 if rng.random() < 0.05 else rng.randrange(1, 16)
    a16 = rng.random() < 0.25
    d16 = not pck and dmask != 0 and rng.random() < 0.25
    tfe = dmask != 0 and rng.random() < 0.2
    unorm = rng.random() < 0.7
    c.exec = rand_exec(rng, wave)
    isfloat = im.format_info(fmt)[2] in ('FLOAT', 'UFLOAT')
    mode = 'raw' if pck else 'finite'     # no NaN: the model canonicalises NaN words (see the report)
    c.mem = [fill_memory(rng, img, mode) for _ in range(GROUPS)]
    c.recs = new_records(rng, wave)
    comps = []
    for g in range(GROUPS):
        cl = []
        for lane in range(wave):
            m = rng.randrange(img.levels) if mip else 0
            if mip and rng.random() < 0.08:
                m = img.levels + rng.randrange(3)
            body = lane_int_coords(rng, img, img.sizes(min(m, img.levels - 1)), 0.12, a16)
            cl.append({'body': body + ([m] if mip else [])})
        comps.append(cl)
    decs, addr = finish_addr(rng, c, name, dim, comps, a16)
    n = popcount(dmask) if dmask else 1
    nd = ((n + 1) // 2 if d16 else n) + (1 if tfe else 0)
    c.instr = '%s %s, %s, s[24:31] %s' % (name, regs(13, nd), addr,
                                          modifiers(dmask, dim, unorm=unorm, a16=a16, tfe=tfe, d16=d16,
                                                    slc=rng.random() < 0.1, glc=rng.random() < 0.1))
    c.d16 = d16

    def expect(g):
        mem = im.Memory(bytes(c.mem[g]))
        out = [list(r[12:12 + OUTW]) for r in c.recs[g]]
        for lane in lanes_of(c.exec, wave):
            dec = decs[g][lane]
            coords = dec['body'] + ([dec['mipid']] if mip else [])
            words = im.image_load(img.t, coords, dmask, mem, op=name, dim=dim, d16=d16, tfe=tfe)
            out[lane][:len(words)] = words
        return out, bytes(c.mem[g])
    c.expect = expect
    c.float_out = isfloat and not pck
    c.lane_info = lambda g, lane: 'addr %s' % (decs[g][lane],)
    return c


# --- stores -----------------------------------------------------------------------------------

def store_data(rng, fmt, d16, pck):
    """One 32-bit data word (or a pair of 16-bit halves for d16) for a store to fmt."""
    kind = im.format_info(fmt)[2]
    if pck:
        return rng.getrandbits(32)

    def one16():
        if kind in ('UINT', 'SINT'):
            return rng.choice((0, 1, 0x7FFF, 0x8000, 0xFFFF, rng.getrandbits(16), rng.getrandbits(8)))
        v = rng.random()
        x = rng.choice(NICE + [1.5, -2.0, 1 / 3.0, 100.0]) if v < 0.4 else rng.uniform(-1.25, 1.25)
        if kind == 'FLOAT' and rng.random() < 0.1:
            x = rng.uniform(-70000, 70000)
        return h16(x)
    if d16:
        return one16() | one16() << 16
    if kind in ('UINT', 'SINT'):
        r = rng.random()
        if r < 0.3:
            return rng.choice((0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFF,
                               0x80000000, M32, (-129) & M32, (-32769) & M32, 1023, 1024, 512, (-513) & M32))
        return rng.getrandbits(32) >> rng.choice((0, 8, 16, 22, 24, 28))
    r = rng.random()
    if kind in ('UNORM', 'SNORM') and r < 0.03:
        return 0x7FC00000                        # NaN -> 0 (model reading)
    if r < 0.35:
        x = rng.choice(NICE + [1.5, -2.0, 1 / 3.0, 2 / 3.0, 1e6, -1e6, 0.999, 127.5 / 255, 0.5 / 255])
    elif kind == 'FLOAT' and r < 0.45:
        x = rng.choice((1e-40, -3e-39, 65504.0, 65520.0, 1e10, 6.1e-5, 3e-8, math.inf, -math.inf))
    else:
        x = rng.uniform(-1.25, 1.25)
    if kind == 'UFLOAT' and r > 0.9:
        x = rng.uniform(0, 70000)
    return f32b(x)


def store_case(rng, name, wave, idx, cyc):
    c = Case(name, wave)
    suf = suffixes(name)
    mip, pck = 'mip' in suf, 'pck' in suf
    dim = ALL_DIMS[idx % len(ALL_DIMS)]
    fmt = next(cyc['store'])
    levels = rng.choice((2, 3)) if (mip or rng.random() < 0.15) else 1
    base_level = 1 if levels > 2 and rng.random() < 0.3 else 0
    c.img = img = Image(rng, dim, fmt, pick_sel(rng, fmt, store=True), levels=levels, base_level=base_level,
                        big=levels == 1, pitch_pad=rng.random() < 0.25)
    dmask = rng.randrange(1, 16)
    a16 = rng.random() < 0.25
    d16 = not pck and rng.random() < 0.25
    c.exec = rand_exec(rng, wave)
    c.mem = [fill_memory(rng, img, 'raw') for _ in range(GROUPS)]
    c.recs = new_records(rng, wave)
    n = popcount(dmask)
    nd = (n + 1) // 2 if d16 else n
    comps = []
    for g in range(GROUPS):
        # distinct texels (x, y, z, mip) for the lanes while there are any, then lanes sharing a
        # texel also share their data (so the order of their stores does not matter)
        texels = []
        for m in range(img.levels if mip else 1):
            sz = img.sizes(m)
            texels += [tuple(t) + ((m,) if mip else ()) for t in itertools.product(*[range(s) for s in sz])]
        rng.shuffle(texels)
        first = {}
        cl = []
        for lane in range(wave):
            if rng.random() < 0.1:
                m = rng.randrange(img.levels) if mip else 0
                body = lane_int_coords(rng, img, img.sizes(m), 1.0, a16) + ([m] if mip else [])
                if mip and rng.random() < 0.3:
                    body[-1] = img.levels + rng.randrange(2)
            else:
                body = list(texels[lane % len(texels)])
            for k in range(nd):
                c.recs[g][lane][12 + k] = store_data(rng, fmt, d16, pck)
            key = tuple(body)
            if key in first:
                c.recs[g][lane][12:12 + nd] = c.recs[g][first[key]][12:12 + nd]
            else:
                first[key] = lane
            cl.append({'body': body})
        comps.append(cl)
    decs, addr = finish_addr(rng, c, name, dim, comps, a16)
    c.decs = decs
    c.instr = '%s %s, %s, s[24:31] %s' % (name, regs(13, nd), addr,
                                          modifiers(dmask, dim, unorm=True, a16=a16, d16=d16,
                                                    glc=rng.random() < 0.1, dlc=rng.random() < 0.1))

    def expect(g):
        mem = bytearray(c.mem[g])
        out = [list(r[12:12 + OUTW]) for r in c.recs[g]]
        for lane in lanes_of(c.exec, wave):
            dec = decs[g][lane]
            coords = dec['body'] + ([dec['mipid']] if mip else [])
            im.image_store(img.t, coords, c.recs[g][lane][12:12 + nd], dmask, mem, op=name, dim=dim, d16=d16)
        return out, bytes(mem)
    c.expect = expect
    c.lane_info = lambda g, lane: 'addr %s data %s' % (decs[g][lane], ['0x%08x' % x for x in c.recs[g][lane][12:12 + nd]])
    return c


# --- atomics ----------------------------------------------------------------------------------

def atomic_case(rng, name, wave, idx, cyc):
    c = Case(name, wave)
    op = name[len('image_atomic_'):]
    dim = ALL_DIMS[idx % len(ALL_DIMS)]
    bits = 64 if rng.random() < 0.35 else 32
    fmt = rng.choice(ATOMIC64 if bits == 64 else ATOMIC32)
    sel = SELS[7] if rng.random() < 0.6 else (SELS[5] if bits == 64 and rng.random() < 0.5 else SELS[0])
    c.img = img = Image(rng, dim, fmt, sel, big=True)
    glc = rng.random() < 0.6
    a16 = rng.random() < 0.2
    ndw = bits // 32 * (2 if op == 'cmpswap' else 1)
    dmask = (1 << ndw) - 1
    c.exec = rand_exec(rng, wave)
    c.mem = []
    for g in range(GROUPS):
        m = fill_memory(rng, img, 'raw')
        for off in range(0, img.surface, 4):        # many small values: inc/dec/min/max see both sides
            if rng.random() < 0.5:
                m[off:off + 4] = struct.pack('<I', rng.choice((0, 1, 2, 5, 0x7FFFFFFF, 0x80000000, M32,
                                                               rng.randrange(0, 20))))
        c.mem.append(m)
    c.recs = new_records(rng, wave)
    comps = []
    for g in range(GROUPS):
        mem = im.Memory(bytes(c.mem[g]))
        sz = img.sizes()
        all_t = list(itertools.product(*[range(s) for s in sz]))
        rng.shuffle(all_t)
        counts = {}
        cl = []
        for lane in range(wave):
            if rng.random() < 0.1:
                body = lane_int_coords(rng, img, sz, 1.0, a16)
                old = 0
            else:
                used = [t for t in counts if counts[t] < 3]
                if used and rng.random() < 0.35:
                    t = rng.choice(sorted(used))
                else:
                    t = next((t for t in all_t if t not in counts), None) or rng.choice(sorted(used or all_t))
                counts[t] = counts.get(t, 0) + 1
                body = list(t)
                x, y, z = im._coords_nosamp(dim, body)
                r = im._in_range(img.td, x, y, z, 0)
                old = int.from_bytes(mem.read(im.texel_address(img.td, x, r[2], r[0], r[1]), bits // 8), 'little')
            mask = (1 << bits) - 1
            if op in ('inc', 'dec'):
                src = (old + rng.randrange(-2, 3)) & mask if rng.random() < 0.7 else rng.getrandbits(bits) >> rng.choice((0, bits - 8))
            else:
                src = rng.getrandbits(bits) >> rng.choice((0, 0, bits // 2, bits - 6))
            data = [src & M32] + ([src >> 32] if bits == 64 else [])
            if op == 'cmpswap':
                cmp = old if rng.random() < 0.6 else rng.getrandbits(bits)
                data += [cmp & M32] + ([cmp >> 32] if bits == 64 else [])
            c.recs[g][lane][12:12 + ndw] = data
            cl.append({'body': body})
        comps.append(cl)
    decs, addr = finish_addr(rng, c, name, dim, comps, a16)
    c.instr = '%s %s, %s, s[24:31] %s' % (name, regs(13, ndw), addr,
                                          modifiers(dmask, dim, unorm=True, glc=glc, a16=a16, slc=rng.random() < 0.1))
    c.atomic = (op, bits, glc, ndw, decs)
    c.decs = decs
    c.lane_info = lambda g, lane: 'addr %s data %s' % (decs[g][lane]['body'], ['0x%08x' % x for x in c.recs[g][lane][12:12 + ndw]])
    return c


def atomic_expect(c, g, seen_out, seen_mem):
    """Atomics: lanes on different texels are independent; the lanes on one texel may act in any
    order, so every order (at most 3! per texel) is tried against what wavesim returned and left in
    memory, and the first consistent one is taken (the lane order when none is)."""
    op, bits, glc, ndw, decs = c.atomic
    img = c.img
    mem0 = bytes(c.mem[g])
    out = [list(r[12:12 + OUTW]) for r in c.recs[g]]
    want_mem = bytearray(mem0)
    groups = {}
    for lane in lanes_of(c.exec, c.wave):
        body = decs[g][lane]['body']
        x, y, z = im._coords_nosamp(img.dim, body)
        r = im._in_range(img.td, x, y, z, 0)
        if r is None:
            if glc:
                out[lane][:bits // 32] = [0] * (bits // 32)   # out of range: dropped, returns 0 (model)
            continue
        addr = im.texel_address(img.td, x, r[2], r[0], r[1])
        groups.setdefault(addr, []).append(lane)
    n = bits // 8
    for addr, lanes in groups.items():
        best = None
        for perm in itertools.permutations(lanes):
            mem = im.Memory(mem0[addr:addr + n], base=addr)
            rets = {}
            for lane in perm:
                body = decs[g][lane]['body']
                rets[lane] = im.image_atomic(op, img.t, body, c.recs[g][lane][12:12 + ndw], mem, glc=True, dim=img.dim)
            final = mem.read(addr, n)
            ok = final == bytes(seen_mem[addr:addr + n]) and (
                not glc or all(rets[l] == seen_out[l][:bits // 32] for l in lanes))
            if best is None or ok:
                best = (rets, final)
            if ok:
                break
        rets, final = best
        want_mem[addr:addr + n] = final
        if glc:
            for lane in lanes:
                out[lane][:bits // 32] = rets[lane]
    return out, bytes(want_mem)


# --- resinfo ----------------------------------------------------------------------------------

def resinfo_case(rng, name, wave, idx, cyc):
    c = Case(name, wave)
    dim = ALL_DIMS[idx % len(ALL_DIMS)]
    fmt = rng.choice(COMMON_FORMATS)
    levels = rng.choice((1, 2, 3, 4))
    base_level = rng.randrange(levels) if rng.random() < 0.3 else 0
    c.img = img = Image(rng, dim, fmt, pick_sel(rng, fmt), levels=levels, base_level=base_level)
    dmask = rng.randrange(1, 16)
    c.exec = rand_exec(rng, wave)
    c.mem = [bytes(img.region) for _ in range(GROUPS)]
    c.recs = new_records(rng, wave)
    comps = [[{'body': [rng.randrange(img.levels)]} for _ in range(wave)] for _ in range(GROUPS)]
    decs, addr = finish_addr(rng, c, name, dim, comps, False)
    n = popcount(dmask)
    c.instr = '%s %s, %s, s[24:31] %s' % (name, regs(13, n), addr, modifiers(dmask, dim, unorm=rng.random() < 0.5))

    def expect(g):
        out = [list(r[12:12 + OUTW]) for r in c.recs[g]]
        for lane in lanes_of(c.exec, wave):
            words = im.image_get_resinfo(img.t, decs[g][lane]['mipid'], dmask)
            out[lane][:len(words)] = words
        return out, bytes(c.mem[g])
    c.expect = expect
    c.lane_info = lambda g, lane: 'mip %d' % decs[g][lane]['mipid']
    return c


# --- samplers ---------------------------------------------------------------------------------

CLAMP_W = [0, 1, 2, 3, 4, 5, 6, 7, 2, 6, 0]
# The model's sampling options (image_sample's keywords). The defaults are the reading the test
# pins: 8 sub-texel bits (docs/isa-notes-rdna3.md "Images": RADV's subTexelPrecisionBits, the S#
# TRUNC_COORD field and ROCm's nearest-sampler snapping, which the OpenCL application images.c
# confirms against PoCL); --subtexel-bits/--weight-bits/--blend only serve to diagnose a
# disagreement.
OPTS = {'addressing': 'hw', 'subtexel_bits': 8, 'weight_bits': None, 'blend': 'opencl'}


def make_sampler(rng, *, isint, cube, multilevel, view_levels, mip_filter=None):
    cx, cy, cz = (rng.choice(CLAMP_W) for _ in range(3))
    pt = (im.XY_POINT,) if isint else (im.XY_POINT, im.XY_BILINEAR)
    mag, mn = rng.choice(pt), rng.choice(pt)
    if not isint and rng.random() < 0.5:
        mag, mn = rng.choice(((im.XY_POINT, im.XY_BILINEAR), (im.XY_BILINEAR, im.XY_POINT)))
    zf = rng.choice((im.Z_NONE, im.Z_POINT) if isint else (im.Z_NONE, im.Z_POINT, im.Z_LINEAR))
    if mip_filter is None:
        mip_filter = rng.choice((im.MIP_NONE, im.MIP_POINT))
    min_lod = 0.0 if rng.random() < 0.8 else rng.randrange(0, 400) / 256.0
    max_lod = 4095 / 256.0 if rng.random() < 0.7 else min_lod + rng.randrange(0, 800) / 256.0
    if multilevel and mip_filter == im.MIP_LINEAR:
        max_lod = min(max_lod, float(view_levels - 1))      # keeps the linear blend between two real levels
        min_lod = min(min_lod, max_lod)
    bias = 0.0 if rng.random() < 0.7 else rng.randrange(-512, 513) / 256.0
    unnorm = (not multilevel) and rng.random() < 0.15
    return im.make_ssharp(clamp_x=cx, clamp_y=cy, clamp_z=cz, unnormalized=unnorm, mag_filter=mag, min_filter=mn,
                          z_filter=zf, mip_filter=mip_filter, border_color_type=rng.randrange(3), min_lod=min_lod,
                          max_lod=max_lod, lod_bias=bias, depth_compare_func=rng.randrange(8),
                          disable_cube_wrap=1 if cube else rng.randrange(2))


def float_coord(rng, size, normalized, a16):
    """A sampler coordinate: texel-space position u in about [-0.75, 1.75] * size, on a 1/8 grid
    (60%) or anywhere, as s = u / size when normalized; rounded to f16 with a16."""
    u = rng.randrange(int(-6 * size) - 2, int(14 * size) + 3) / 8.0 if rng.random() < 0.6 else \
        rng.uniform(-0.75 * size - 1, 1.75 * size + 1)
    s = u / size if normalized else u
    return f16r(s) if a16 else im.f32(s)


def slice_coord(rng, layers, a16):
    r = rng.random()
    if r < 0.1:
        v = rng.choice((-1.0, -2.0, float(layers), layers + 1.25))     # clamped to the view
    elif r < 0.3:
        v = rng.randrange(layers) + rng.choice((-0.25, 0.25, 0.375, -0.375))
    else:
        v = float(rng.randrange(layers))
    return f16r(v) if a16 else im.f32(v)


def sample_case(rng, name, wave, idx, cyc):
    c = Case(name, wave)
    kind = kind_of(name)
    suf = suffixes(name)
    implicit = implicit_lod(name)
    compare = 'c' in suf
    dims = GATHER_DIMS if kind == 'gather' else ALL_DIMS
    if 'o' in suf:
        dims = [d for d in dims if d != im.DIM_CUBE]
    dim = dims[idx % len(dims)]
    if compare:
        fmt = rng.choice(COMPARE_FORMATS)
    elif kind == 'getlod':
        fmt = rng.choice((F['32_FLOAT'], F['8_8_8_8_UNORM'], F['16_16_FLOAT']))
    else:
        fmt = next(cyc['sample'])
    isint = im.is_int_format(fmt)
    multilevel = kind == 'sample' and bool(suf & {'l', 'lz'}) and rng.random() < 0.6
    levels = rng.choice((2, 3, 4)) if multilevel else 1
    base_level = 1 if multilevel and levels > 2 and rng.random() < 0.3 else 0
    if compare:
        sel = rng.choice([s for s in SELS if s[0] in ('DEPTH', 'R', 'INTENSITY')] + [SELS[0]] * (ncomp(fmt) == 4))
    else:
        sel = pick_sel(rng, fmt)
    c.img = img = Image(rng, dim, fmt, sel, levels=levels, base_level=base_level, pitch_pad=rng.random() < 0.2)
    mipf = None
    if multilevel:
        mipf = rng.choice((im.MIP_POINT, im.MIP_LINEAR)) if not isint else im.MIP_POINT
    c.s = make_sampler(rng, isint=isint, cube=dim == im.DIM_CUBE, multilevel=multilevel, view_levels=img.levels,
                       mip_filter=mipf)
    sd = im.decode_ssharp(c.s)
    unorm = (not multilevel) and rng.random() < 0.1
    normalized = not (unorm or sd['FORCE_UNNORMALIZED'])
    a16 = rng.random() < 0.25  # with 32-bit derivatives unless _g16 (LLVM's layouts)
    d16 = kind != 'getlod' and rng.random() < 0.25
    tfe = rng.random() < 0.2 and not (kind == 'gather' and d16)
    if kind == 'gather':
        dmask = 1 << rng.randrange(4)
    elif kind == 'getlod':
        dmask = rng.choice((1, 2, 3, 3))
    else:
        dmask = 0 if rng.random() < 0.05 else rng.randrange(1, 16)  # 0: one zero dword (the guide)
    c.exec = rand_exec(rng, wave, quads=implicit and kind != 'gather')
    mode = 'depth' if compare else ('raw' if isint or fmt == SRGB or im.format_info(fmt)[2] in ('UNORM', 'SNORM') else 'sample')
    c.mem = [fill_memory(rng, img, mode) for _ in range(GROUPS)]
    c.recs = new_records(rng, wave)
    sizes = img.sizes()
    naxes = {im.DIM_1D: 1, im.DIM_1D_ARRAY: 1, im.DIM_2D: 2, im.DIM_2D_ARRAY: 2, im.DIM_CUBE: 2, im.DIM_3D: 3}[dim]
    rnd = (lambda v: f16r(v)) if a16 else (lambda v: im.f32(v))
    grad16 = 'g16' in suf
    comps = []
    for g in range(GROUPS):
        mem = im.Memory(bytes(c.mem[g]))
        cl = [None] * wave
        for q in range(wave // 4):
            # a quad: base position and (for implicit LOD) steps along x and y in texels
            cls = rng.choice(('zero', 'mag', 'one', 'min', 'min', 'rand'))
            step = {'zero': 0.0, 'mag': rng.choice((0.25, 0.5, 0.75)), 'one': 1.0,
                    'min': rng.choice((1.25, 1.5, 2.0, 3.0, 4.0)), 'rand': 0.0}[cls]
            dirs = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0.6, 0.8, 0), (0.8, 0, 0.6)] if cls != 'one' else \
                [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
            dx = [step * v for v in rng.choice(dirs)[:naxes]]
            dy = [rng.choice((step, step * 0.5, 0.0)) * v for v in rng.choice(dirs)[:naxes]]
            base_u = [float_coord(rng, sizes[a], False, False) for a in range(naxes)]
            layer = None
            if dim in ARRAYS:
                if dim == im.DIM_CUBE:
                    layer = float(rng.randrange(img.layers // 6) * 8 + rng.randrange(6))
                    layer = rnd(layer)
                else:
                    layer = slice_coord(rng, img.layers, a16)
            for k in range(4):
                lane = 4 * q + k
                if cls == 'rand' or not implicit:
                    body = [float_coord(rng, sizes[a], normalized, a16) for a in range(naxes)]
                else:
                    u = [base_u[a] + (dx[a] if k & 1 else 0) + (dy[a] if k & 2 else 0) for a in range(naxes)]
                    body = [rnd(u[a] / sizes[a] if normalized else u[a]) for a in range(naxes)]
                if layer is not None:
                    body.append(layer if cls != 'rand' else (slice_coord(rng, img.layers, a16) if dim != im.DIM_CUBE
                                                             else rnd(float(rng.randrange(img.layers // 6) * 8 + rng.randrange(6)))))
                comp = {}
                if 'o' in suf:
                    offs = [rng.choice((-2, -1, 0, 0, 1, 2)) if rng.random() < 0.85 else rng.randrange(-32, 32)
                            for _ in range(3)]
                    comp['offset'] = (offs[0] & 63) | (offs[1] & 63) << 8 | (offs[2] & 63) << 16
                if 'b' in suf:
                    comp['bias'] = rnd(rng.randrange(-32, 33) / 16.0)
                if compare:
                    if rng.random() < 0.6:       # a texel's value: equality and both sides of it
                        tx = [rng.randrange(s) for s in im._level_dims(img.td, img.td['BASE_LEVEL'])]
                        z = tx[2] if dim == im.DIM_3D else img.td['BASE_ARRAY'] + (rng.randrange(img.layers) if dim in ARRAYS else 0)
                        v = im.read_components(mem, img.td, tx[0], tx[1] if naxes > 1 else 0, z, img.td['BASE_LEVEL'])[0][0]
                        comp['zc'] = im.f32(v + rng.choice((0.0, 0.0, 1e-3, -1e-3)))
                    else:
                        comp['zc'] = im.f32(rng.uniform(-0.1, 1.1))
                if 'd' in suf:
                    dv = []
                    for _ in range(2):
                        mag = rng.choice((0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, rng.uniform(0, 5)))
                        vec = [mag * v for v in rng.choice([(1, 0, 0), (0, 1, 0), (0, 0, 1), (0.6, 0.8, 0),
                                                            (-1, 0, 0), (0.6, -0.8, 0)])[:naxes]]
                        dv += [x / sizes[a] if normalized else x for a, x in enumerate(vec)]
                    dv = [f16r(x) if grad16 else im.f32(x) for x in dv]
                    comp['derivs'] = dv
                if 'l' in suf:
                    lv = rng.choice((-1.0, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, img.levels + 1.0,
                                     rng.uniform(-1, img.levels + 1)))
                    body.append(rnd(lv))
                elif 'cl' in suf:
                    body.append(rnd(rng.choice((-0.5, 0.0, 0.25, 0.5, 1.0, 2.0, 8.0, rng.uniform(-1, 3)))))
                comp['body'] = body
                cl[lane] = comp
        comps.append(cl)
    decs, addr = finish_addr(rng, c, name, dim, comps, a16)
    n = 4 if kind == 'gather' else popcount(dmask) if dmask else 1
    nd = ((n + 1) // 2 if d16 else n) + (1 if tfe else 0)
    c.instr = '%s %s, %s, s[24:31], s[32:35] %s' % (name, regs(13, nd), addr,
                                                    modifiers(dmask, dim, unorm=unorm, a16=a16, tfe=tfe, d16=d16,
                                                              glc=rng.random() < 0.05, dlc=rng.random() < 0.05))
    c.d16 = d16
    c.float_out = not isint or kind == 'getlod'
    lods = {}

    def lod_of(g, lane):
        dec = decs[g][lane]
        if 'lz' in suf:
            return 0.0
        if 'l' in suf:
            return dec['lod']
        if 'd' in suf:
            return im.derivative_lod(img.t, c.s, dec['derivs'], dim=dim, unorm=unorm)
        if g not in lods:
            lods[g] = im.quad_lods(img.t, c.s, [d['body'] for d in decs[g]], dim=dim, unorm=unorm)
        return lods[g][lane]

    def expect(g):
        mem = im.Memory(bytes(c.mem[g]))
        out = [list(r[12:12 + OUTW]) for r in c.recs[g]]
        for lane in lanes_of(c.exec, wave):
            dec = decs[g][lane]
            offs = im.parse_offsets(dec['offset']) if 'offset' in dec else None
            if kind == 'getlod':
                words = im.get_lod_words(c.s, lod_of(g, lane), dmask, tfe=tfe)
            elif kind == 'gather':
                words = im.image_gather4_ext(img.t, c.s, dec['body'], dmask, mem, dim=dim, unorm=unorm, offsets=offs,
                                             zcompare=dec.get('zcompare'), d16=d16, tfe=tfe,
                                             subtexel_bits=OPTS['subtexel_bits'])
            else:
                words = im.image_sample(img.t, c.s, dec['body'], lod_of(g, lane), dmask, mem, dim=dim, unorm=unorm,
                                        op=name, bias=dec.get('bias', 0.0), lod_clamp=dec.get('clamp'),
                                        zcompare=dec.get('zcompare'), offsets=offs, d16=d16, tfe=tfe, **OPTS)
            out[lane][:len(words)] = words
        return out, bytes(c.mem[g])
    c.expect = expect

    def info(g, lane):
        dec = dict(decs[g][lane])
        if 'offset' in dec:
            dec['offset'] = im.parse_offsets(dec['offset'])
        s = 'addr %s' % dec
        if not ({'l', 'lz'} & suf):
            s += ' lod %r' % lod_of(g, lane)
        return s
    c.lane_info = info
    return c


# cases per row relative to --cases: the conversions of loads and stores have more formats to cover,
# image_get_lod is the one direct view of the implicit LOD
WEIGHT = {'load': 2, 'store': 3, 'atomic': 1, 'resinfo': 1, 'sample': 1, 'gather': 1, 'getlod': 4}


def cases_for(rng, name, wave, idx, cyc):
    return {'load': load_case, 'store': store_case, 'atomic': atomic_case, 'resinfo': resinfo_case,
            'sample': sample_case, 'gather': sample_case, 'getlod': sample_case}[kind_of(name)](rng, name, wave, idx, cyc)


# ---------------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------------

def case_code(c, ci, wave, bases):
    W = wave
    base = bases[ci]
    code = ['s_load_b256 s[24:31], s[8:9], 0x%x' % (ci * 64), 's_load_b128 s[32:35], s[8:9], 0x%x' % (ci * 64 + 32),
            's_mul_i32 s12, s2, 0x%x' % (W * RECW * 4), 's_add_u32 s12, s12, 0x%x' % (ci * GROUPS * W * RECW * 4),
            's_add_u32 s10, s4, s12', 's_addc_u32 s11, s5, 0',
            's_mul_i32 s13, s2, 0x%x' % c.img.region, 's_add_u32 s13, s13, 0x%x' % base,
            's_add_u32 s20, s6, s13', 's_addc_u32 s21, s7, 0']
    code += ['global_load_b128 %s, v40, s[10:11] offset:%d' % (regs(1 + 4 * k, 4), 16 * k) for k in range(RECW // 4)]
    code += ['s_waitcnt vmcnt(0) lgkmcnt(0)',
             # the T#'s base address: w0 = addr >> 8, w1[7:0] |= addr >> 40
             's_lshr_b64 s[22:23], s[20:21], 8', 's_mov_b32 s24, s22', 's_or_b32 s25, s25, s23']
    full = (1 << W) - 1
    if c.exec != full:
        code += exec_lines(W, c.exec)
    code += [c.instr, 's_waitcnt vmcnt(0)', 's_waitcnt_vscnt null, 0x0']
    if c.exec != full:
        code += exec_lines(W, full)
    code += ['s_mul_i32 s13, s2, 0x%x' % (W * OUTW * 4), 's_add_u32 s13, s13, 0x%x' % (ci * GROUPS * W * OUTW * 4),
             's_add_u32 s14, s36, s13', 's_addc_u32 s15, s37, 0',
             'global_store_b128 v41, v[13:16], s[14:15]', 'global_store_b128 v41, v[17:20], s[14:15] offset:16',
             's_waitcnt_vscnt null, 0x0']
    return code


def make_kernel(name, cases, wave):
    bases, off = [], 0
    for c in cases:
        bases.append(off)
        off += GROUPS * c.img.region
    body = ['s_load_b64 s[4:5], s[0:1], 0x0', 's_load_b64 s[6:7], s[0:1], 0x8', 's_load_b64 s[8:9], s[0:1], 0x10',
            's_load_b64 s[36:37], s[0:1], 0x18', 's_waitcnt lgkmcnt(0)',
            'v_mul_u32_u24 v40, %d, v0' % (RECW * 4), 'v_lshlrev_b32 v41, 5, v0']
    for ci, c in enumerate(cases):
        body += case_code(c, ci, wave, bases)
    # after the cases' outputs: the image buffer's address modulo 256 (the T# needs 256-byte alignment;
    # wavesim's allocations are 256-byte aligned, core_mem.h)
    nout = len(cases) * GROUPS * wave * OUTW * 4
    body += ['s_and_b32 s38, s6, 0xff', 'v_mov_b32 v21, s38', 'v_mov_b32 v22, 0', 's_add_u32 s14, s36, 0x%x' % nout,
             's_addc_u32 s15, s37, 0', 'global_store_b32 v22, v21, s[14:15]', 's_waitcnt_vscnt null, 0x0', 's_endpgm']
    return asmkit.Kernel(name, body, nargs=4, vgprs=48, sgprs=48, wave64=wave == 64), bases, off


def assemble(tool, ks, tmp, stem, wave64):
    s, o = os.path.join(tmp, stem + '.s'), os.path.join(tmp, stem + '.hsaco')
    with open(s, 'w') as f:
        f.write(asmkit.source(ks))
    p = subprocess.run([tool, 'as'] + (['--wave64'] if wave64 else []) + [s, '-o', o], capture_output=True, text=True)
    if p.returncode:
        lines = open(s).read().split('\n')
        m = re.search(r':(\d+):\d+: ', p.stderr)
        bad = lines[int(m.group(1)) - 1].strip() if m else ''
        raise RuntimeError('harness bug: wavesim as refused the kernel text: %s\n  line: %s' % (p.stderr.strip(), bad))
    return o


# ---------------------------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------------------------

def ulp_note(want, got, d16):
    """For float outputs: how far apart the two values are (a hint that only rounding differs)."""
    def f32ord(u):
        return u if u < 0x80000000 else 0x80000000 - u
    notes = []
    if d16:
        for sh in (0, 16):
            a, b = want >> sh & 0xFFFF, got >> sh & 0xFFFF
            if a != b and (a & 0x7C00) != 0x7C00 and (b & 0x7C00) != 0x7C00:
                oa = a if a < 0x8000 else 0x8000 - a
                ob = b if b < 0x8000 else 0x8000 - b
                notes.append('%s half %d ulp' % ('lo' if sh == 0 else 'hi', ob - oa))
    elif (want & 0x7F800000) != 0x7F800000 and (got & 0x7F800000) != 0x7F800000:
        d = f32ord(got) - f32ord(want)
        notes.append('%+d ulp (%.9g vs model %.9g)' % (d, im.bits_f32(got), im.bits_f32(want)))
    if notes and all(abs(int(re.search(r'(-?\+?\d+) ulp', n).group(1))) <= 4 for n in notes):
        return ' [close: %s - float rounding order or weight precision?]' % ', '.join(notes)
    return (' [%s]' % ', '.join(notes)) if notes else ''


def texel_of(c, g, lane):
    """The byte offset of the element a store/atomic lane addresses (None: out of range or no address)."""
    dec = c.decs[g][lane] if c.decs else None
    if not dec or 'body' not in dec:
        return None
    body = dec['body']
    x, y, z = im._coords_nosamp(c.img.dim, body)
    r = im._in_range(c.img.td, x, y, z, dec.get('mipid', 0))
    return None if r is None else im.texel_address(c.img.td, x, r[2], r[0], r[1])


def run_kernel(tool, hsaco, kname, cases, wave, bases, total, tmp):
    """Runs one kernel; returns (lane results checked, messages, rows not verified)."""
    rec, mem, desc, out = [os.path.join(tmp, '%s.%s' % (kname, s)) for s in ('rec', 'mem', 'desc', 'out')]
    with open(rec, 'wb') as f:
        for c in cases:
            for g in range(GROUPS):
                f.write(b''.join(struct.pack('<%dI' % RECW, *r) for r in c.recs[g]))
    with open(mem, 'wb') as f:
        for c in cases:
            for g in range(GROUPS):
                f.write(bytes(c.mem[g]))
    with open(desc, 'wb') as f:
        for c in cases:
            f.write(struct.pack('<16I', *(list(c.img.t) + list(c.s) + [0] * 4)))
    nout = len(cases) * GROUPS * wave * OUTW * 4
    p = asmkit.run(tool, hsaco, kname, GROUPS * wave, wave, ['buf:' + rec, 'buf:' + mem, 'buf:' + desc, 'zeros:%d' % (nout + 4)],
                   {1: mem + '.out', 3: out}, threads=1)
    rows = sorted(set(c.row for c in cases))
    if p.returncode:
        err = re.sub(r'^wavesim run: \S+: ', '', p.stderr.strip().split('\n')[-1])[-300:]
        if 'not implemented' in p.stderr:
            return 0, ['NOT IMPLEMENTED %s (%s): %s' % (kname, ' '.join(rows), err)], set(rows)
        return 0, ['FAIL %s (%s): %s' % (kname, ' '.join(rows), err)], set(rows)
    got_out = open(out, 'rb').read()
    got_mem = open(mem + '.out', 'rb').read()
    misalign = struct.unpack_from('<I', got_out, nout)[0]
    if misalign:
        return 0, ['FAIL %s (%s): harness: the image buffer is not 256-byte aligned (address %% 256 = %d), so the '
                   'T# cannot point at it' % (kname, ' '.join(rows), misalign)], set(rows)
    checked, msgs, bad = 0, [], set()
    for ci, c in enumerate(cases):
        before = len(msgs)
        for g in range(GROUPS):
            base = ci * GROUPS + g
            seen_out = [list(struct.unpack_from('<%dI' % OUTW, got_out, (base * wave + l) * OUTW * 4)) for l in range(wave)]
            lo = bases[ci] + g * c.img.region
            seen_mem = got_mem[lo:lo + c.img.region]
            if c.atomic:
                want_out, want_mem = atomic_expect(c, g, seen_out, seen_mem)
            else:
                want_out, want_mem = c.expect(g)
            for l in range(wave):
                for k in range(OUTW):
                    checked += 1
                    w, h = want_out[l][k], seen_out[l][k]
                    if w == h:
                        continue
                    note = ulp_note(w, h, c.d16) if c.float_out else ''
                    msgs.append('MISMATCH %s_w%d case %d group %d lane %d v%d: want 0x%08x got 0x%08x%s (exec 0x%x)\n'
                                '    %s\n    lane: %s' % (c.row, wave, ci, g, l, 13 + k, w, h, note, c.exec, c.text(),
                                                        c.lane_info(g, l) if (c.exec >> l & 1) else 'inactive'))
            if want_mem != seen_mem:
                d = next(i for i in range(len(want_mem)) if want_mem[i] != seen_mem[i])
                nd = sum(1 for i in range(len(want_mem)) if want_mem[i] != seen_mem[i])
                bpe = im.format_bytes(c.img.fmt)
                e0 = d // bpe * bpe
                lanes = [l for l in lanes_of(c.exec, wave) if texel_of(c, g, l) == e0]
                msgs.append('MISMATCH %s_w%d case %d group %d: image byte 0x%x want 0x%02x got 0x%02x (%d bytes differ; '
                            'element want %s got %s)\n    %s\n    lanes %s: %s' % (
                                c.row, wave, ci, g, d, want_mem[d], seen_mem[d], nd, want_mem[e0:e0 + bpe].hex(),
                                seen_mem[e0:e0 + bpe].hex(), c.text(), lanes,
                                '; '.join(c.lane_info(g, l) for l in lanes[:3])))
        if len(msgs) > before:
            bad.add(c.row)
    return checked, msgs, bad


def selftest():
    """Hand-computed checks of the test-side readings (no wavesim needed)."""
    fails = []

    def eq(what, got, want):
        if got != want:
            fails.append('%s: got %r, want %r' % (what, got, want))
    t = im.make_tsharp(0, F['32_FLOAT'], 8, 8, type=im.TYPE_2D, pitch=64)
    s = im.make_ssharp()
    # quad: (0,0), (1/8,0), (0,2/8), (1/8,2/8): d/dx = 1 texel, d/dy = 2 texels -> log2(2) = 1
    eq('quad lod', im.quad_lods(t, s, [[0, 0], [0.125, 0], [0, 0.25], [0.125, 0.25]]), [1.0] * 4)
    eq('quad lod zero', im.quad_lods(t, s, [[0.5, 0.5]] * 4), [-math.inf] * 4)
    eq('quad lod diag', im.quad_lods(t, s, [[0, 0], [3 / 8, 4 / 8], [0, 0], [0, 0]])[0], im.f32(math.log2(5)))
    su = im.make_ssharp(unnormalized=True)
    eq('quad lod unnorm', im.quad_lods(t, su, [[0, 0], [0.5, 0], [0, 0.5], [0, 0]])[0], -1.0)
    t1 = im.make_tsharp(0, F['32_FLOAT'], 16, 1, type=im.TYPE_1D, pitch=64)
    eq('deriv lod 1D', im.derivative_lod(t1, s, [0.25, 0.0]), 2.0)
    t3 = im.make_tsharp(0, F['32_FLOAT'], 4, 4, 8, type=im.TYPE_3D)
    eq('deriv lod 3D', im.derivative_lod(t3, s, [0, 0, 0.5, 0.25, 0, 0]), 2.0)
    sb = im.make_ssharp(lod_bias=0.5, max_lod=1.0)
    eq('get_lod clamp', im.get_lod_words(sb, 0.75, 3), [f32b(1.0), f32b(0.75)])
    eq('get_lod -inf', im.get_lod_words(sb, -math.inf, 3, tfe=True), [0, 0xFF800000, 0])
    # gather4_ext without compare/d16/tfe equals the model's gather4; with them as hand-computed
    mem = im.Memory()
    t22 = im.make_tsharp(0x1000, F['32_FLOAT'], 2, 2, type=im.TYPE_2D, pitch=64)
    for i, v in enumerate((0.0, 1.0)):
        mem.write(0x1000 + 4 * i, struct.pack('<f', v))
    for i, v in enumerate((2.0, 3.0)):
        mem.write(0x1000 + 256 + 4 * i, struct.pack('<f', v))
    sl = im.make_ssharp(unnormalized=True, mag_filter=im.XY_BILINEAR, depth_compare_func=im.CMP_LESS)
    eq('gather ext', im.image_gather4_ext(t22, sl, [1.0, 1.0], 1, mem), im.image_gather4(t22, sl, [1.0, 1.0], 1, mem))
    eq('gather ext c', im.image_gather4_ext(t22, sl, [1.0, 1.0], 1, mem, zcompare=1.5),
       [f32b(1.0), f32b(1.0), 0, 0])                  # 1.5 < texel: 2, 3 pass; 1, 0 fail
    eq('gather ext d16', im.image_gather4_ext(t22, sl, [1.0, 1.0], 1, mem, d16=True, tfe=True),
       [0x4000 | 0x4200 << 16, 0x3C00, 0])
    # address encoding round trip incl. a16 and g16
    rng = random.Random(1)
    for name, dim, comp, a16 in (
            ('image_sample_c_d_o_g16', im.DIM_3D, {'offset': 0x3F01, 'zc': 0.5, 'derivs': [0.5, 1, 2, -1, 0.25, 4],
                                                   'body': [0.5, 0.25, 1.0]}, True),
            ('image_sample_b_cl', im.DIM_2D_ARRAY, {'bias': -1.5, 'body': [0.5, 0.25, 2.0, 0.75]}, True),
            ('image_load_mip', im.DIM_CUBE, {'body': [3, 4, 11, 2]}, True),
            ('image_sample_d', im.DIM_1D, {'derivs': [0.1, 0.2], 'body': [0.3]}, False)):
        comp = dict(comp)
        if 'derivs' in comp:
            comp['derivs'] = [f16r(x) if 'g16' in name else im.f32(x) for x in comp['derivs']]
        if kind_of(name) != 'load':
            comp['body'] = [f16r(x) if a16 else im.f32(x) for x in comp['body']]
        try:
            check_decode(name, dim, encode_address(rng, name, comp, a16), a16, comp)
        except AssertionError as e:
            fails.append('%s: %s' % (name, e))
    for f in fails:
        print('  ' + f)
    print('image_ops selftest: %s' % ('%d failed' % len(fails) if fails else 'all checks passed'))
    return 1 if fails else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', default=os.path.join(ROOT, 'build', 'rel', 'wavesim'))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cases', type=int, default=6, help='cases per row and wave size (times a weight per kind)')
    ap.add_argument('--only', default='', help='regex: rows to run')
    ap.add_argument('--covered', default='', help='write the rows verified in both wave sizes here')
    ap.add_argument('--model-only', action='store_true', help='build and assemble the cases and the model results, run nothing')
    ap.add_argument('--run-missing', action='store_true', help='also run the rows `wavesim isa --missing` lists')
    ap.add_argument('--selftest', action='store_true', help='check the test-side readings and exit')
    ap.add_argument('--exclude-format', type=int, action='append', default=[],
                    help='leave this FORMAT code out of the cases (diagnosis only)')
    ap.add_argument('--subtexel-bits', type=int, default=8,
                    help="diagnosis only: the model's subtexel_bits option (default 8, the pinned reading)")
    ap.add_argument('--weight-bits', type=int, default=None, help="diagnosis only: the model's weight_bits option")
    ap.add_argument('--blend', default='opencl', help="diagnosis only: the model's blend option")
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()
    OPTS.update(subtexel_bits=args.subtexel_bits, weight_bits=args.weight_bits, blend=args.blend)
    if OPTS != {'addressing': 'hw', 'subtexel_bits': 8, 'weight_bits': None, 'blend': 'opencl'}:
        print('image ops: NOT the pinned reading, model options %s (diagnosis only)' % OPTS)
    for lst in (LOAD_FORMATS, STORE_FORMATS, COMPARE_FORMATS, COMMON_FORMATS):
        lst[:] = [f for f in lst if f not in args.exclude_format]
    if args.selftest:
        return selftest()
    t0 = time.time()
    rng = random.Random(args.seed)
    rows = [n for n in parse_rows() if n not in NOT_RUN and (not args.only or re.search(args.only, n))]
    missing = set(subprocess.run([args.tool, 'isa', '--missing'], capture_output=True, text=True).stdout.split())
    todo = [n for n in rows if n not in missing or args.run_missing or args.model_only]
    fmts = {k: list(v) for k, v in (('load', LOAD_FORMATS), ('store', STORE_FORMATS), ('sample', LOAD_FORMATS))}
    for v in fmts.values():
        rng.shuffle(v)
    cyc = {k: itertools.cycle(v) for k, v in fmts.items()}
    verified = {32: set(), 64: set()}
    checked, ncases, msgs, runs = 0, 0, [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for wave in (32, 64):
            jobs = []
            for i in range(0, len(todo), ROWS_PER_KERNEL):
                cs = []
                for n in todo[i:i + ROWS_PER_KERNEL]:
                    m = args.cases * WEIGHT[kind_of(n)]
                    for k in range(m):
                        cs.append(cases_for(rng, n, wave, k + (m if wave == 64 else 0), cyc))
                ncases += len(cs)
                k, bases, total = make_kernel('img%d_w%d' % (i, wave), cs, wave)
                jobs.append((k, cs, bases, total))
            if not jobs:
                continue
            hsaco = {}
            for j in range(0, len(jobs), 8):
                chunk = [k for k, _, _, _ in jobs[j:j + 8]]
                path = assemble(args.tool, chunk, tmp, 'img%d_%d' % (wave, j), wave == 64)
                hsaco.update({k.name: path for k in chunk})
            if args.model_only:
                for k, cs, bases, total in jobs:
                    for c in cs:
                        if not c.atomic:
                            for g in range(GROUPS):
                                c.expect(g)
                continue
            for k, cs, bases, total in jobs:
                c_, m, bad = run_kernel(args.tool, hsaco[k.name], k.name, cs, wave, bases, total, tmp)
                checked += c_
                msgs += m
                runs += 1
                verified[wave] |= set(c.row for c in cs) - bad
    both = sorted(verified[32] & verified[64])
    shown = msgs if args.verbose else msgs[:40]
    for m in shown:
        print(m)
    if len(msgs) > len(shown):
        print('... %d more' % (len(msgs) - len(shown)))
    per_row = {}
    for m in msgs:
        r = re.match(r'MISMATCH (\w+)_w\d+ ', m)
        if r:
            per_row[r.group(1)] = per_row.get(r.group(1), 0) + 1
    if per_row:
        print('mismatches by row: ' + ', '.join('%s %d' % kv for kv in sorted(per_row.items())))
    notimpl = [n for n in rows if n in missing and not args.model_only]
    if notimpl:
        print('not implemented by wavesim yet (%d rows, "wavesim isa --missing"): %s' % (len(notimpl), ' '.join(notimpl)))
    if args.covered:
        with open(args.covered, 'w') as f:
            f.write(''.join(n + '\n' for n in both))
    nmis = sum(1 for m in msgs if m.startswith('MISMATCH'))
    print('image ops: %d of %d rows verified in wave32 and wave64, %d cases, %d wavesim runs, %d lane results, '
          '%d mismatches, %d failed runs, %.1fs' % (len(both), len(rows), ncases, runs, checked, nmis,
                                                     len(msgs) - nmis, time.time() - t0))
    if args.model_only:
        return 0
    return 1 if msgs or len(both) < len(rows) else 0


if __name__ == '__main__':
    sys.exit(main())
