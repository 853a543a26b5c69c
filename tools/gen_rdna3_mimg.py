#!/usr/bin/env python3
# Generates isa/rdna3/mimg.def, the gfx1100 image (MIMG) opcodes and the register layouts LLVM 19
# prints for them, by probing llvm-mc-19's disassembler. Run by tools/gen_rdna3_tables.py.
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llvm_probe import disassemble  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'isa', 'rdna3', 'mimg.def')
NSA_WORD = 0x04030201          # the NSA dword of every probe: v1, v2, v3, v4
VDATA, VADDR = 8, 16


def encode(op, dim=0, dmask=1, nsa=0, a16=0, d16=0, tfe=0, unorm=0, r128=0, ssamp=1, vdata=VDATA, vaddr=VADDR,
           srsrc=2):
    w0 = (0x3c << 26) | (op << 18) | nsa | (dim << 2) | (unorm << 7) | (dmask << 8) | (r128 << 15) | \
        (a16 << 16) | (d16 << 17)
    w1 = vaddr | (vdata << 8) | (srsrc << 16) | (tfe << 21) | (ssamp << 26)
    return [w0, w1, NSA_WORD]


REG = r'(?:v(\d+)|v\[(\d+):(\d+)\])'


def reg_width(t):
    m = re.fullmatch(REG, t)
    if not m:
        raise SystemExit('unexpected register %r' % t)
    return 1 if m.group(1) else int(m.group(3)) - int(m.group(2)) + 1


def layout(text):
    """(vdata width, address widths) of a printed image instruction."""
    ops = text.split(' ', 1)[1]
    parts, depth, cur = [], 0, ''
    for ch in ops:  # split on the commas outside brackets
        depth += ch == '['
        depth -= ch == ']'
        if ch == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += ch
    parts.append(cur.strip())
    addr = parts[1]
    regs = [a.strip() for a in re.split(r',(?![^\[]*\])', addr[1:-1])] if addr.startswith('[') else [addr]
    return reg_width(parts[0]), tuple(reg_width(r) for r in regs)


def find_opcodes():
    bases = [('sampler', dict(ssamp=1)), ('plain', dict(ssamp=0)),
             ('bvh', dict(ssamp=0, dmask=15, unorm=1, r128=1, vdata=4, vaddr=9))]
    found = {}
    for kind, kw in bases:
        ops = [op for op in range(256) if op not in found]
        for op, r in zip(ops, disassemble([encode(op, **kw) for op in ops])):
            if r and r != 'misaligned':
                found[op] = (kind, kw, r[0])
    return found


def k_settings(gather):
    """dmask/tfe/d16 settings giving LLVM's computed vdata size k (popcount of dmask, 4 for gathers,
    halved by d16, plus one for tfe)."""
    if gather:
        return {2: dict(d16=1), 3: dict(d16=1, tfe=1), 4: {}, 5: dict(tfe=1)}
    return {1: dict(dmask=1), 2: dict(dmask=3), 3: dict(dmask=7), 4: dict(dmask=15), 5: dict(dmask=15, tfe=1)}


def probe_bits(op, kw):
    """Per bit of dword 0 (below the opcode) and the flag bits of dword 1: 'I' ignored, 'P' printed,
    'Z' the encoding is invalid when the bit differs from the base probe."""
    base = encode(op, **kw)
    cands, keys = [], []
    for dw, bits in ((0, range(18)), (1, range(21, 26)), (1, (31,))):
        for b in bits:
            w = list(base)
            w[dw] ^= 1 << b
            cands.append(w)
            keys.append((dw, b))
    res = disassemble([base] + cands)
    ref = res[0]
    out = {}
    for (dw, b), r in zip(keys, res[1:]):
        out[(dw, b)] = 'Z' if not r or r == 'misaligned' else 'I' if r == ref else 'P'
    return out


def probe_codes(op, kw, field_lo):
    cands = []
    for v in range(32):
        w = encode(op, **kw)
        w[1] = (w[1] & ~(31 << field_lo)) | (v << field_lo)
        cands.append(w)
    return ''.join('.' if not r or r == 'misaligned' else 'o' for r in disassemble(cands))


def main():
    rows = []
    for op, (kind, kw, text) in sorted(find_opcodes().items()):
        mnem = text.split(' ')[0]
        dvd, _ = layout(text)
        bits = probe_bits(op, kw)
        must0 = sum(1 << b for (dw, b), c in bits.items() if dw == 0 and c == 'Z')
        must1 = sum(1 << b for (dw, b), c in bits.items() if dw == 1 and c == 'Z')
        base = encode(op, **kw)
        val0, val1 = base[0] & must0, base[1] & must1
        srsrc = probe_codes(op, kw, 16)
        ssamp = probe_codes(op, kw, 26) if kind == 'sampler' else ''
        entries = [(nsa, a16, dim) for nsa in (0, 1) for a16 in (0, 1) for dim in range(8)]
        if kind == 'bvh':
            cands = [encode(op, **dict(kw, nsa=nsa, a16=a16)) for (nsa, a16, dim) in entries]
            shapes = [layout(r[0])[1] if r and r != 'misaligned' else None for r in disassemble(cands)]
            shape_txt = ' '.join('.'.join(map(str, s)) if s else '-' for s in shapes)
            rows.append((op, mnem, kind, '00000', 4, '', '', shape_txt, must0, val0, must1, val1, srsrc, ssamp, text))
            continue
        gather = dvd == 4 and 'atomic' not in mnem
        ks = k_settings(gather)
        d16_ok = bits[(0, 17)] != 'Z'
        if gather and not d16_ok:
            ks = {k: s for k, s in ks.items() if 'd16' not in s}
        keys, cands = [], []
        for k, s in ks.items():
            for (nsa, a16, dim) in entries:
                keys.append((k, (nsa, a16, dim)))
                cands.append(encode(op, **dict(kw, nsa=nsa, a16=a16, dim=dim, **s)))
        # the fallback layout: a data register that cannot hold the widest result
        fb = disassemble([encode(op, **dict(kw, nsa=nsa, dim=7, vdata=256 - dvd, **ks[5])) for nsa in (0, 1)])
        dshape = [layout(r[0])[1] for r in fb]
        grid = {key: layout(r[0]) for key, r in zip(keys, disassemble(cands))}
        default = lambda e: (dvd, dshape[e[0]])
        vdmap, shape = {}, {}
        for (k, e), (vd, sh) in grid.items():
            if sh != default(e)[1]:
                vdmap.setdefault(k, vd)
                shape.setdefault(e, sh)
            if vd != dvd:
                vdmap.setdefault(k, vd)
                shape.setdefault(e, sh)
        bad = 0
        for (k, e), got in grid.items():
            want = (vdmap[k], shape[e]) if k in vdmap and e in shape else default(e)
            if got != want:
                bad += 1
        if bad:
            print('%s: %d of %d layouts do not factor' % (mnem, bad, len(grid)))
        vd_txt = ''.join(str(vdmap.get(k, 0)) for k in range(1, 6))
        shape_txt = ' '.join(('.'.join(map(str, shape[e])) if e in shape else '-') for e in entries)
        flags = kind + (',gather' if gather else '')
        rows.append((op, mnem, flags, vd_txt, dvd, '.'.join(map(str, dshape[0])), '.'.join(map(str, dshape[1])),
                     shape_txt, must0, val0, must1, val1, srsrc, ssamp, text))
    head = '   Generated by tools/gen_rdna3_mimg.py from llvm-mc-19; do not edit by hand.\n'
    with open(OUT, 'w') as f:
        f.write('/* MIMG (image) opcodes of gfx1100: the only place they are named.\n' + head)
        f.write('   R3OP(format, opcode, mnemonic, operands, optional fields, probe bytes, handler); the register layout\n')
        f.write('   of each opcode is in mimg_layout.def. */\n')
        for r in rows:
            # handler: the instruction's own function (src/rdna3/exec/r3_image.c, or a placeholder
            # that isa/rdna3/unimplemented.def lists)
            f.write('R3OP(MIMG, 0x%03x, %s, "", "", 8, %s) /* %s */\n' % (r[0], r[1], r[1], r[14]))
    with open(OUT.replace('mimg.def', 'mimg_layout.def'), 'w') as f:
        f.write('/* The register layouts LLVM 19 prints for each gfx1100 image opcode.\n' + head)
        f.write('   R3MIMG(opcode, kind, vdata width by computed size 1..5 (0: no such variant), default vdata\n')
        f.write('   width, default address lists without and with NSA, address lists by [nsa][a16][dim] (widths joined by ".",\n')
        f.write('   "-": no variant), dword 0 must-mask, value, dword 1 must-mask, value, SRSRC codes, SSAMP codes)\n')
        f.write('   Kinds: plain, sampler (has SSAMP), gather (four channels whatever DMASK), bvh (fixed). */\n')
        for r in rows:
            f.write('R3MIMG(0x%03x, "%s", "%s", %d, "%s", "%s", "%s", 0x%x, 0x%x, 0x%x, 0x%x, "%s", "%s")\n' % (
                r[0], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13]))
    print('MIMG: %d opcodes -> %s' % (len(rows), os.path.relpath(OUT)))


if __name__ == '__main__':
    main()
