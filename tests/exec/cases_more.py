# More compiled-kernel cases for run_kernels.py: each builds its inputs and an independent host
# reference (Python integers, Fractions for exact fma, IEEE single/half rounding through struct).
import math
import random
import struct
from fractions import Fraction

NO_CONTRACT = ['-ffp-contract=off', '-cl-fp32-correctly-rounded-divide-sqrt']


def f32(x):
    if abs(x) >= 2.0 ** 128 * (1 - 2.0 ** -25) and not math.isinf(x):
        return math.copysign(math.inf, x)
    return struct.unpack('f', struct.pack('f', x))[0]


def f16r(x):
    return struct.unpack('e', struct.pack('e', x))[0]


def fma32(a, b, c):
    return f32(float(Fraction(a) * Fraction(b) + Fraction(c)))


def fma16(a, b, c):
    return f16r(float(Fraction(a) * Fraction(b) + Fraction(c)))


def wrap(v, bits, signed=True):
    v %= 2 ** bits
    return v - 2 ** bits if signed and v >= 2 ** (bits - 1) else v


def pack(fmt, vals):
    return struct.pack('%d%s' % (len(vals), fmt), *vals)


def unpack(fmt, data):
    return list(struct.unpack('%d%s' % (len(data) // struct.calcsize(fmt), fmt), data))


def tdiv(p, q):
    r = abs(p) // abs(q)
    return r if (p >= 0) == (q >= 0) else -r


def cases(rng, Case):
    out = []
    # histogram of bytes through local atomics
    n = 5000
    data = [rng.randrange(256) for _ in range(n)]
    hist = [0] * 256
    for b in data:
        hist[b] += 1
    out.append(Case('histogram', 'histogram.cl', 'histogram', '1024', '256',
                    [('buf', bytes(data)), ('u32', n), ('zeros', 1024)],
                    lambda d, want=hist: [('hist', unpack('I', d[2]), want, 0)]))

    # n-body step, every single-precision operation in source order (no contraction)
    nb, dt = 64, f32(0.01)
    pos = [f32(rng.uniform(-1, 1)) if k % 4 != 3 else f32(rng.uniform(0.1, 1)) for k in range(4 * nb)]
    vel = [f32(rng.uniform(-0.1, 0.1)) if k % 4 != 3 else 0.0 for k in range(4 * nb)]

    def nbody_ref():
        nv, npos = [], []
        for i in range(nb):
            p = pos[4 * i:4 * i + 4]
            acc = [0.0, 0.0, 0.0]
            for j in range(nb):
                q = pos[4 * j:4 * j + 4]
                dd = [f32(q[k] - p[k]) for k in range(3)]
                r2 = f32(f32(f32(f32(dd[0] * dd[0]) + f32(dd[1] * dd[1])) + f32(dd[2] * dd[2])) + f32(0.01))
                inv = f32(1.0 / f32(math.sqrt(r2)))
                s = f32(f32(f32(q[3] * inv) * inv) * inv)
                acc = [f32(acc[k] + f32(dd[k] * s)) for k in range(3)]
            v = vel[4 * i:4 * i + 4]
            v = [f32(v[k] + f32(acc[k] * dt)) for k in range(3)] + [v[3]]
            nv += v
            npos += [f32(p[k] + f32(v[k] * dt)) for k in range(3)] + [p[3]]
        return nv, npos
    ref_nb = nbody_ref()
    out.append(Case('nbody', 'nbody.cl', 'nbody', str(nb), '32',
                    [('buf', pack('f', pos)), ('buf', pack('f', vel)), ('zeros', 16 * nb), ('i32', nb),
                     ('f32', repr(dt))],
                    lambda d, ref=ref_nb: [('vel', unpack('f', d[1]), ref[0], 0), ('pos', unpack('f', d[2]), ref[1], 0)],
                    flags=NO_CONTRACT))

    # Mandelbrot iteration counts
    mw, mh, x0, y0, step, maxit = 32, 24, f32(-2.0), f32(-1.125), f32(3.0 / 32), 100

    def mandel_ref():
        res = []
        for py in range(mh):
            for px in range(mw):
                cx, cy = f32(x0 + f32(px * step)), f32(y0 + f32(py * step))
                x = y = 0.0
                it = 0
                while it < maxit:
                    xx, yy = f32(x * x), f32(y * y)
                    if f32(xx + yy) > 4.0:
                        break
                    xy = f32(x * y)
                    x = f32(f32(xx - yy) + cx)
                    y = f32(f32(xy + xy) + cy)
                    it += 1
                res.append(it)
        return res
    out.append(Case('mandelbrot', 'mandelbrot.cl', 'mandelbrot', '%d,%d' % (mw, mh), '8,8',
                    [('zeros', 4 * mw * mh), ('i32', mw), ('i32', mh), ('f32', repr(x0)), ('f32', repr(y0)),
                     ('f32', repr(step)), ('u32', maxit)],
                    lambda d, want=mandel_ref(): [('iterations', unpack('I', d[0]), want, 0)], flags=NO_CONTRACT))

    # matrix-vector product, one row per work-item (wave64 groups too)
    rows, cols = 100, 48
    A = [f32(rng.uniform(-1, 1)) for _ in range(rows * cols)]
    xv = [f32(rng.uniform(-1, 1)) for _ in range(cols)]

    def matvec_ref():
        res = []
        for r in range(rows):
            s = 0.0
            for c in range(cols):
                s = fma32(A[r * cols + c], xv[c], s)
            res.append(s)
        return res
    out.append(Case('matvec', 'matvec.cl', 'matvec', str(rows), '64',
                    [('buf', pack('f', A)), ('buf', pack('f', xv)), ('zeros', 4 * rows), ('i32', rows), ('i32', cols)],
                    lambda d, want=matvec_ref(): [('y', unpack('f', d[2]), want, 0)],
                    pocl='pad'))

    # Sobel on bytes
    sw, sh = 40, 30
    img = [rng.randrange(256) for _ in range(sw * sh)]

    def sobel_ref():
        res = []
        for y in range(sh):
            for x in range(sw):
                if x in (0, sw - 1) or y in (0, sh - 1):
                    res.append(0)
                    continue
                P = lambda dx, dy: img[(y + dy) * sw + x + dx]
                gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1)
                gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1)
                res.append(min(abs(gx) + abs(gy), 255))
        return res
    out.append(Case('sobel', 'sobel.cl', 'sobel', '%d,%d' % (sw, sh), '16,8',
                    [('buf', bytes(img)), ('zeros', sw * sh), ('i32', sw), ('i32', sh)],
                    lambda d, want=sobel_ref(): [('edges', list(d[1]), want, 0)],
                    pocl='pad'))

    # Black-Scholes: transcendental compound formula, within 1e-4 relative (absolute below 1)
    nbs, r_, v_ = 256, f32(0.02), f32(0.3)
    S = [f32(rng.uniform(10, 50)) for _ in range(nbs)]
    X = [f32(rng.uniform(10, 50)) for _ in range(nbs)]
    T = [f32(rng.uniform(0.25, 2)) for _ in range(nbs)]

    def cnd(dv):
        k = 1.0 / (1.0 + 0.2316419 * abs(dv))
        c = 0.3989422804014327 * math.exp(-0.5 * dv * dv) * k * (
            0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
        return 1.0 - c if dv > 0 else c

    def bs_ref():
        calls, puts = [], []
        for s, x, t in zip(S, X, T):
            sq = math.sqrt(t)
            d1 = (math.log(s / x) + (r_ + 0.5 * v_ * v_) * t) / (v_ * sq)
            d2 = d1 - v_ * sq
            e = math.exp(-r_ * t)
            calls.append(s * cnd(d1) - x * e * cnd(d2))
            puts.append(x * e * (1.0 - cnd(d2)) - s * (1.0 - cnd(d1)))
        return calls, puts
    ref_bs = bs_ref()
    out.append(Case('blackscholes', 'blackscholes.cl', 'blackscholes', str(nbs), '64',
                    [('buf', pack('f', S)), ('buf', pack('f', X)), ('buf', pack('f', T)), ('zeros', 4 * nbs),
                     ('zeros', 4 * nbs), ('f32', repr(r_)), ('f32', repr(v_))],
                    lambda d, ref=ref_bs: [('call', unpack('f', d[3]), ref[0], 1e-4),
                                           ('put', unpack('f', d[4]), ref[1], 1e-4)]))

    # one stable radix-sort pass per group of 256
    keys = [rng.randrange(2 ** 32) for _ in range(512)]

    def radix_ref(shift):
        res = []
        for g in range(2):
            part = keys[g * 256:(g + 1) * 256]
            res += sorted(part, key=lambda k: (k >> shift) & 15)
        return res
    out.append(Case('radix', 'radix.cl', 'radix', '512', '256', [('buf', pack('I', keys)), ('zeros', 2048), ('u32', 8)],
                    lambda d, want=radix_ref(8): [('sorted', unpack('I', d[1]), want, 0)]))

    # 64-bit integer operations
    n64 = 128
    a64 = [rng.randrange(2 ** 62) for _ in range(n64)]
    b64 = [rng.choice([rng.randrange(1, 2 ** 20), rng.randrange(2 ** 64), rng.randrange(2 ** 40)]) for _ in range(n64)]

    def int64_ref():
        res = []
        for x, y in zip(a64, b64):
            y |= 1
            sx, sy = wrap(x, 64), wrap(y, 64)
            mh_ = ((x & 0xffffffff) * (y & 0xffffffff)) >> 32
            r = y & 63
            res += [x * y % 2 ** 64, (mh_ + (x >> 32) * (y >> 32)) % 2 ** 64, x // y, x % y,
                    tdiv(sx, (sy >> 20) | 1) % 2 ** 64, ((x << (y & 63)) % 2 ** 64) ^ ((sx >> (x & 63)) % 2 ** 64),
                    ((x << r) | (x >> ((64 - r) & 63))) % 2 ** 64 if r else x,
                    bin(x).count('1') << 32 | (64 - y.bit_length())]
        return res
    out.append(Case('int64', 'int64.cl', 'int64ops', str(n64), '64',
                    [('buf', pack('Q', a64)), ('buf', pack('Q', b64)), ('zeros', 64 * n64)],
                    lambda d, want=int64_ref(): [('out', unpack('Q', d[2]), want, 0)]))

    # float4 / int4 vector operations
    nv = 64
    vin = [f32(rng.uniform(-4, 4)) for _ in range(4 * nv)]

    def vectors_ref():
        fo, io = [], []
        for i in range(nv):
            v = vin[4 * i:4 * i + 4]
            wz = [v[3], v[2], v[1], v[0]]
            xx = [v[0], v[0], v[1], v[1]]
            w = [f32(f32(wz[k] * (k + 1.0)) + xx[k]) for k in range(4)]
            m = [-1 if v[k] > w[k] else 0 for k in range(4)]
            s = [w[k] if m[k] else v[k] for k in range(4)]
            fo += [f32(s[k] + min(v[k], w[k])) for k in range(4)]
            c = [int(f32(w[k] * 8.0)) for k in range(4)]
            bits = [struct.unpack('I', struct.pack('f', v[k]))[0] for k in range(4)]
            io += [wrap(c[0] + c[1] * 3 - c[2], 32), wrap(c[3] ^ (bits[0] >> 9), 32),
                   m[0] + 2 * m[1] + 4 * m[2] + 8 * m[3], wrap((bits[1] & 0xffff) + max(c[0], c[1]), 32)]
        return fo, io
    ref_v = vectors_ref()
    out.append(Case('vectors', 'vectors.cl', 'vectors', str(nv), '32',
                    [('buf', pack('f', vin)), ('zeros', 16 * nv), ('zeros', 16 * nv)],
                    lambda d, ref=ref_v: [('f', unpack('f', d[1]), ref[0], 0), ('i', unpack('i', d[2]), ref[1], 0)],
                    flags=NO_CONTRACT))

    # packed half precision
    nh = 64
    ha = [f16r(rng.uniform(-8, 8)) for _ in range(2 * nh)]
    hb = [f16r(rng.uniform(-8, 8)) for _ in range(2 * nh)]
    hc = [f16r(rng.uniform(-8, 8)) for _ in range(2 * nh)]

    def half2_ref():
        res = []
        for i in range(nh):
            for fn in (lambda x, y, z: fma16(x, y, z), lambda x, y, z: f16r(f16r(x * y) + 1.0),
                       lambda x, y, z: f16r(min(x, z) + y)):
                res += [fn(ha[2 * i + e], hb[2 * i + e], hc[2 * i + e]) for e in range(2)]
        return res
    out.append(Case('half2', 'half2.cl', 'half2ops', str(nh), '32',
                    [('buf', pack('e', ha)), ('buf', pack('e', hb)), ('buf', pack('e', hc)), ('zeros', 12 * nh)],
                    lambda d, want=half2_ref(): [('out', unpack('e', d[3]), want, 0)], flags=NO_CONTRACT,
                    pocl='half arithmetic: PoCL 3.1 has no cl_khr_fp16 on the CPU'))

    # WMMA 16x16x16 f16 -> f32 (wave32 only: the builtin is the wave32 form)
    WA = [f16r(rng.randrange(-256, 256) / 64) for _ in range(256)]
    WB = [f16r(rng.randrange(-256, 256) / 64) for _ in range(256)]
    WC = [f32(rng.uniform(-1, 1)) for _ in range(256)]

    def wmma_ref():
        # what gfx1100 computes: eight chained DOT2 steps per element (valu_pcode_float.wmma_element,
        # written from AMD rocjitsu's hardware-characterized model and its W7900 captures;
        # docs/isa-notes-rdna3.md "Dot products and WMMA"), not the exact sum rounded once
        import valu_pcode_float as VPF
        h = lambda v: struct.unpack('<H', struct.pack('<e', v))[0]  # noqa: E731
        fb = lambda v: struct.unpack('<I', struct.pack('<f', v))[0]  # noqa: E731
        bf = lambda b: struct.unpack('<f', struct.pack('<I', b))[0]  # noqa: E731
        return [bf(VPF.wmma_element([h(WA[m * 16 + k]) for k in range(16)], [h(WB[k * 16 + n]) for k in range(16)],
                                    fb(WC[m * 16 + n]), VPF.F16, VPF.F32))
                for m in range(16) for n in range(16)]
    out.append(Case('wmma', 'wmma.cl', 'wmma', '32', '32',
                    [('buf', pack('e', WA)), ('buf', pack('e', WB)), ('buf', pack('f', WC)), ('zeros', 1024)],
                    lambda d, want=wmma_ref(): [('D', unpack('f', d[3]), want, 0)], waves=(32,),
                    pocl='AMD builtins (__builtin_amdgcn_wmma_*)'))

    # DPP prefix sums in wave32
    din = [rng.randrange(-1000, 1000) for _ in range(64)]

    def dppscan_ref():
        res = []
        for w in range(2):
            pre, acc = [], 0
            for v in din[32 * w:32 * w + 32]:
                acc += v
                pre.append(acc)
            for l in range(32):
                res += [pre[l], pre[(l & ~15) + 15 - (l & 15)]]
        return res
    out.append(Case('dppscan', 'dppscan.cl', 'dppscan', '64', '32', [('buf', pack('i', din)), ('zeros', 512)],
                    lambda d, want=dppscan_ref(): [('scan', unpack('i', d[1]), want, 0)], waves=(32,),
                    pocl='AMD builtins (__builtin_amdgcn_update_dpp)'))

    # integer bit functions
    nb_ = 128
    ba = [rng.choice([rng.randrange(2 ** 32), rng.randrange(256), 0, 2 ** 31]) for _ in range(nb_)]
    bb = [rng.choice([rng.randrange(2 ** 32), rng.randrange(64), 1]) for _ in range(nb_)]

    def bitops_ref():
        res = []
        for x, y in zip(ba, bb):
            sx, sy = wrap(x, 32), wrap(y, 32)
            clz = 32 - y.bit_length()
            ctz = (x & -x).bit_length() - 1 if x else 32
            r = y & 31
            res += [(bin(x).count('1') + (clz << 8) + (ctz << 16)) % 2 ** 32,
                    ((x << r) | (x >> ((32 - r) & 31))) % 2 ** 32 if r else x,
                    ((x & 0xffffff) * (y & 0xffffff) + (x >> 3)) % 2 ** 32,
                    ((x * y) >> 32) ^ (((sx * sy) >> 32) % 2 ** 32),
                    abs(x - y), max(-2 ** 31, min(2 ** 31 - 1, sx + sy)) % 2 ** 32, max(x - y, 0),
                    ((x >> 5) & 0x3ff) | ((wrap(y << 7, 32) >> 20) % 2 ** 32 << 10) % 2 ** 32]
        return res
    out.append(Case('bitops', 'bitops.cl', 'bitops', str(nb_), '64',
                    [('buf', pack('I', ba)), ('buf', pack('I', bb)), ('zeros', 32 * nb_)],
                    lambda d, want=bitops_ref(): [('out', unpack('I', d[2]), want, 0)],
                    pocl_exclude=('mad24 of operands wider than 24 bits is implementation-defined (OpenCL 1.2, 6.12.3)', lambda label, i: i % 8 == 2)))

    # nested control flow
    nc = 200
    cin = [rng.randrange(-50000, 50000) for _ in range(nc)]

    def classify(v):
        k = v & 7
        if k == 0:
            return tdiv(v, 3)
        if k == 1:
            return wrap(-v, 32)
        if k in (2, 3):
            return wrap(v * 5 + 1, 32)
        if k == 5:
            return v ^ 0x5555
        return v >> 2

    def control_ref():
        res = []
        for v in cin:
            acc = 0
            for k in range(40):
                if wrap(v + k, 32) % 7 == 0:
                    continue
                if acc > 100000:
                    break
                if v & 1:
                    acc = wrap(acc + classify(wrap(v + k, 32)), 32) if k & 2 else wrap(acc - k, 32)
                else:
                    for j in range(k & 3):
                        acc = wrap(acc + wrap(j * v, 32), 32)
            res.append(acc)
        return res
    out.append(Case('control', 'control.cl', 'control', str(nc), '64', [('buf', pack('i', cin)), ('zeros', 4 * nc),
                                                                         ('i32', nc)],
                    lambda d, want=control_ref(): [('acc', unpack('i', d[1]), want, 0)],
                    pocl='non-uniform work-groups, which PoCL 3.1 (OpenCL C 1.2) lacks'))

    # 8- and 16-bit loads and stores
    nby = 100
    u8 = [rng.randrange(256) for _ in range(nby)]
    i8 = [rng.randrange(-128, 128) for _ in range(nby)]
    u16 = [rng.randrange(65536) for _ in range(nby)]
    i16 = [rng.randrange(-32768, 32768) for _ in range(nby)]

    def bytes_ref():
        o16, o8 = [], []
        for a, b, c, e in zip(u8, i8, u16, i16):
            s = a + b * 3 + c - e
            o16 += [s % 65536, (a << 8 | (b % 256)) % 65536]
            o8.append(wrap(e >> 4, 8))
        return o16, o8
    ref_b = bytes_ref()
    out.append(Case('bytes', 'bytes.cl', 'bytes', str(nby), '32',
                    [('buf', bytes(u8)), ('buf', pack('b', i8)), ('buf', pack('H', u16)), ('buf', pack('h', i16)),
                     ('zeros', 4 * nby), ('zeros', nby)],
                    lambda d, ref=ref_b: [('o16', unpack('H', d[4]), ref[0], 0), ('o8', unpack('b', d[5]), ref[1], 0)],
                    pocl='non-uniform work-groups, which PoCL 3.1 (OpenCL C 1.2) lacks'))
    # clamp / nested min-max (v_maxmin_* and v_minmax_* at -O3) and get_local_size in a partial group
    ncl, lcl = 203, 64
    ci = [rng.randrange(-300, 300) for _ in range(ncl)]
    cf = [f32(rng.uniform(-3, 3)) for _ in range(ncl)]
    clo, chi, cflo, cfhi = -100, 150, f32(-1.25), f32(1.5)

    def clamp_ref():
        oi, of, sz = [], [], []
        for i, (x, y) in enumerate(zip(ci, cf)):
            u, ulo, uhi = x % 2**32, clo % 2**32, chi % 2**32
            oi += [min(max(x, clo), chi), min(max(x, clo), chi), max(min(x, chi), clo),
                   wrap(min(max(u, ulo), uhi), 32), wrap(max(min(u, ulo), uhi), 32), max(min(x, clo), chi)]
            of += [min(max(y, cflo), cfhi), min(max(y, cflo), cfhi), max(min(y, cflo), cfhi), max(min(y, cfhi), cflo)]
            part = ncl - (ncl // lcl) * lcl
            sz += [part if i >= ncl - part else lcl, lcl]
        return oi, of, sz
    ref_c = clamp_ref()
    out.append(Case('clamp', 'clamp.cl', 'clampops', str(ncl), str(lcl),
                    [('buf', pack('i', ci)), ('buf', pack('f', cf)), ('zeros', 24 * ncl), ('zeros', 16 * ncl),
                     ('zeros', 8 * ncl), ('i32', clo), ('i32', chi), ('f32', cflo), ('f32', cfhi)],
                    lambda d, ref=ref_c: [('int', unpack('i', d[2]), ref[0], 0), ('float', unpack('f', d[3]), ref[1], 0),
                                          ('local_size', unpack('I', d[4]), ref[2], 0)],
                    pocl='non-uniform work-groups, which PoCL 3.1 (OpenCL C 1.2) lacks'))
    # Division (issue 15): quotients in the subnormal range, where v_div_fmas must round the fma and
    # its 2^-64 (f64: 2^-128) scaling once; and, with -cl-denorms-are-zero, huge denominators, where
    # v_div_scale must scale both operands down because v_rcp_f32 flushes a denormal result. The
    # references are Python's correctly rounded double division and sqrt (f32: rounded again,
    # exact because 53 >= 2 * 24 + 2), with DAZ flushing f32 inputs and results.
    drng = random.Random(20261124)
    nd = 1024

    def span(lo, hi, bits):
        return [drng.choice([-1, 1]) * (1 + drng.random()) * 2.0 ** drng.randrange(lo, hi) for _ in range(nd)]
    sa32 = [f32(v) for v in span(-126, -90, 24)]
    sb32 = [f32(v) for v in span(0, 40, 24)]
    sa64 = span(-1022, -980, 53)
    sb64 = span(0, 60, 53)

    def qdiv(x, y):
        return x / y

    def qsqrt(x):
        return math.sqrt(x) if x >= 0 else math.nan
    out.append(Case('div_subnormal', 'div.cl', 'div', str(nd), '64',
                    [('buf', pack('f', sa32)), ('buf', pack('f', sb32)), ('zeros', 8 * nd), ('buf', pack('d', sa64)),
                     ('buf', pack('d', sb64)), ('zeros', 16 * nd)],
                    lambda d: [('f32', unpack('f', d[2]), [f32(v) for x, y in zip(sa32, sb32)
                                                          for v in (qdiv(x, y), qsqrt(x))], 0),
                               ('f64', unpack('d', d[5]), [v for x, y in zip(sa64, sb64)
                                                          for v in (qdiv(x, y), qsqrt(x))], 0)],
                    flags=['-cl-fp32-correctly-rounded-divide-sqrt']))

    def daz(x):
        return math.copysign(0.0, x) if x != 0 and abs(x) < 2.0 ** -126 else x
    za32 = [f32(v) for v in span(-100, 128, 24)]
    zb32 = [f32(v) for v in span(100, 128, 24)]
    za64 = span(-1000, 1000, 53)
    zb64 = span(-1000, 1000, 53)
    out.append(Case('div_daz', 'div.cl', 'div', str(nd), '64',
                    [('buf', pack('f', za32)), ('buf', pack('f', zb32)), ('zeros', 8 * nd), ('buf', pack('d', za64)),
                     ('buf', pack('d', zb64)), ('zeros', 16 * nd)],
                    lambda d: [('f32', unpack('f', d[2]), [daz(f32(v)) for x, y in zip(za32, zb32)
                                                          for v in (qdiv(daz(x), daz(y)), qsqrt(daz(x)))], 0),
                               ('f64', unpack('d', d[5]), [v for x, y in zip(za64, zb64)
                                                          for v in (qdiv(x, y), qsqrt(x))], 0)],
                    flags=['-cl-fp32-correctly-rounded-divide-sqrt', '-cl-denorms-are-zero']))
    # program-scope constant tables and a relocated pointer table (code object data in device memory)
    ng = 256
    gin = [rng.randrange(0, 1 << 20) for _ in range(ng)]
    gv = [wrap(v ^ (i * 2654435761 % 2 ** 32), 32) for i, v in enumerate(gin)]
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53]
    weights = [0.5, -1.25, 3.0, 0.125]
    out.append(Case('globals', 'globals.cl', 'globals', str(ng), '64',
                    [('buf', pack('i', gin)), ('zeros', 4 * ng), ('zeros', 4 * ng)],
                    lambda d, want=[primes[(v & 1) * 8 + ((v >> 1) & 7)] * primes[(v >> 4) & 15] for v in gv],
                    fwant=[f32(weights[v & 3] * f32(v)) for v in gv]:
                    [('table', unpack('i', d[1]), want, 0), ('float', unpack('f', d[2]), fwant, 0)]))
    return out
