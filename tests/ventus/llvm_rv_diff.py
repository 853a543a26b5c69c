#!/usr/bin/env python3
"""Differential test of the Ventus codec against independent assemblers on a generated corpus:
for every row of isa/ventus/ventus.def, random instruction words (fields filled at random,
reserved values avoided) are disassembled by wavesim; the text is then assembled by wavesim and
 - standard RV32IMA/Zfinx/RVV rows: by llvm-mc-19 (riscv32, +m,+a,+zfinx,+zve32x; vector float with
   +f,+zve32f and the scalar float operand renamed to its f register),
 - Ventus custom rows: by GNU as (riscv64-unknown-elf-as) from the equivalent `.insn` line,
and all three must give back the original word."""
import argparse, os, random, re, subprocess, sys, tempfile

ABI = "zero ra sp gp tp t0 t1 t2 s0 s1 a0 a1 a2 a3 a4 a5 a6 a7 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 t3 t4 t5 t6".split()
ROW = re.compile(r'VT_OP\((\w+),\s*"([^"]+)",\s*(\w+),\s*(0x[0-9a-f]+),\s*(0x[0-9a-f]+),\s*(\w+),\s*(\w+)\)')
CUSTOM_MAJOR = (0x0b, 0x2b, 0x5b, 0x7b)
FLOAT_SCALAR_FMT = {'V_VF': 1, 'V_FMA_VF': 1, 'V_VFM': 1, 'V_MVF': 1, 'V_SF': 1}

def rows(path):
    return [(m.group(1), m.group(2), m.group(3), int(m.group(4), 16), int(m.group(5), 16))
            for m in map(ROW.search, open(path)) if m]

def sane(fmt, name, w):
    """Avoid encodings assemblers cannot express: reserved rounding modes and vtypes, empty fence
    sets, misaligned branch targets are impossible by construction."""
    if (w & 0x7f) in (0x57, 0x07) and not (w >> 25 & 1) and not (w >> 7 & 31):
        return False  # masked with vd = v0: reserved in RVV, assemblers reject it
    rm = w >> 12 & 7
    if fmt in ('FR', 'FR1', 'FR4') and rm in (5, 6):
        return False
    if fmt == 'VSETVLI' and ((w >> 20) & 0x7ff) >> 8 or fmt == 'VSETIVLI' and ((w >> 20) & 0x3ff) >> 8:
        return False
    if fmt in ('VSETVLI', 'VSETIVLI'):
        vt = w >> 20 & 0xff
        if vt >> 3 & 7 > 3 or vt & 7 == 4:
            return False
    if fmt == 'FENCE' and (not (w >> 24 & 15) or not (w >> 20 & 15) or w >> 28 or w & 0xf8f80):
        return False
    return True

def run(cmd, text):
    return subprocess.run(cmd, input=text, capture_output=True, text=True)

def llvm_words(llvm, attrs, lines, tmp):
    """Encodes each line with llvm-mc (an object file, so that branch expressions resolve); None for
    lines it rejects."""
    keep = list(range(len(lines)))
    obj, binf = os.path.join(tmp, 'l.o'), os.path.join(tmp, 'l.bin')
    for _ in range(3):
        src = ''.join('%s\n' % lines[i] for i in keep)
        r = run([os.path.join(llvm, 'llvm-mc'), '-triple=riscv32', '-mattr=' + attrs, '-filetype=obj', '-o', obj], src)
        bad = {int(m.group(1)) - 1 for m in re.finditer(r'<stdin>:(\d+):\d+: error', r.stderr)}
        if not bad and r.returncode == 0:
            break
        keep = [k for j, k in enumerate(keep) if j not in bad]
    else:
        return [None] * len(lines)
    subprocess.run([os.path.join(llvm, 'llvm-objcopy'), '-O', 'binary', '-j', '.text', obj, binf], check=True)
    data = open(binf, 'rb').read()
    out = [None] * len(lines)
    for j, k in enumerate(keep):
        out[k] = int.from_bytes(data[4 * j:4 * j + 4], 'little')
    return out

def insn_line(fmt, w):
    """The .insn form of a custom word, from its fields."""
    op, f3, rd, rs1, rs2, f7 = w & 0x7f, w >> 12 & 7, w >> 7 & 31, w >> 15 & 31, w >> 20 & 31, w >> 25
    if fmt in ('XRRR', 'BARRIER', 'V_VV', 'V_V1', 'PVS'):
        return '.insn r 0x%x, %d, %d, x%d, x%d, x%d' % (op, f3, f7, rd, rs1, rs2)
    if fmt in ('VB',):
        off = ((w >> 31) << 12 | (w >> 7 & 1) << 11 | (w >> 25 & 0x3f) << 5 | (w >> 8 & 15) << 1)
        off = off - (1 << 13) if off >> 12 else off
        return '.insn b 0x%x, %d, x%d, x%d, .+%d' % (op, f3, rs1, rs2, off) if off >= 0 else \
               '.insn b 0x%x, %d, x%d, x%d, .-%d' % (op, f3, rs1, rs2, -off)
    if fmt in ('JOIN', 'VS12'):
        imm = (w >> 25) << 5 | rd
        imm = imm - 4096 if imm >> 11 else imm
        return '.insn s 0x%x, %d, x%d, %d(x%d)' % (op, f3, rs2, imm, rs1)
    imm = w >> 20
    imm = imm - 4096 if imm >> 11 else imm
    return '.insn i 0x%x, %d, x%d, x%d, %d' % (op, f3, rd, rs1, imm)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--per-row', type=int, default=12)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--table', default=os.path.join(os.path.dirname(__file__), '../../isa/ventus/ventus.def'))
    a = ap.parse_args()
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-19/bin')
    rnd = random.Random(a.seed)
    corpus = []  # (row, word)
    for row in rows(a.table):
        name, mn, fmt, match, mask = row
        if fmt in ('NONE',) and name in ('ECALL', 'EBREAK', 'FENCE_I'):
            corpus.append((row, match))
            continue
        n = 0
        while n < a.per_row:
            w = match | (rnd.getrandbits(32) & ~mask & 0xffffffff)
            if fmt in ('B', 'VB', 'J'):
                w &= ~(1 << 8) if fmt != 'J' else ~(1 << 21)  # keep offsets 4-byte aligned
            if (w & mask) != match or not sane(fmt, name, w):
                continue
            corpus.append((row, w))
            n += 1
    words = ' '.join('%08x' % w for _, w in corpus)
    r = subprocess.run([a.tool, 'dis', '--isa', 'ventus', '--pc', '0x80000000', '--hex', words], capture_output=True, text=True)
    texts = r.stdout.splitlines()
    if r.returncode or len(texts) != len(corpus):
        print('dis failed: %s' % r.stderr)
        return 1
    # branch targets: absolute addresses relative to each instruction's own address
    tmp = tempfile.mkdtemp()
    src = os.path.join(tmp, 'c.s')
    pcs = [0x80000000 + 4 * i for i in range(len(corpus))]
    with open(src, 'w') as f:
        f.write('.text\n')
        for t in texts:
            f.write('\t%s\n' % t)
    r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', src], capture_output=True, text=True)
    ours = r.stdout.split()
    if r.returncode or len(ours) != len(corpus):
        print('as failed: %s' % r.stderr.strip()[:2000])
        return 1
    bad = 0
    def report(kind, row, w, text, got):
        nonlocal bad
        bad += 1
        if bad <= 40:
            print('%s %-12s %08x "%s": got %s' % (kind, row[0], w, text, got))
    for (row, w), t, o in zip(corpus, texts, ours):
        if int(o, 16) != w:
            report('wavesim-as', row, w, t, o)
    # llvm-mc for the standard rows (each line placed at its own address via .org is not possible:
    # branch texts carry absolute targets, so they are rewritten as . + offset)
    std_a, std_b = [], []
    for i, ((row, w), t) in enumerate(zip(corpus, texts)):
        name, mn, fmt, match, mask = row
        if match & 0x7f in CUSTOM_MAJOR:
            continue
        m = re.match(r'^(.*\s)0x([0-9a-f]+)$', t)
        if m and fmt in ('B', 'J') or (m and t.split()[0] in ('j', 'jal', 'beqz', 'bnez', 'bltz', 'bgez', 'blez', 'bgtz')):
            off = int(m.group(2), 16) - pcs[i]
            t = '%s. %s %d' % (m.group(1), '+' if off >= 0 else '-', abs(off))
        if fmt in FLOAT_SCALAR_FMT or name in ('VFMV_F_S', 'FMV_W_X', 'FMV_X_W', 'FLW', 'FSW'):
            parts = t.split(None, 1)
            ops = [x.strip() for x in parts[1].split(',')]
            idx = {'V_VF': [2], 'V_FMA_VF': [1], 'V_VFM': [2], 'V_MVF': [1], 'V_SF': [1]}.get(fmt)
            if name in ('VFMV_F_S', 'FMV_W_X', 'FLW', 'FSW'):  # flw/fsw: Zfinx x registers on Ventus
                idx = [0]
            if name == 'FMV_X_W':
                idx = [1]
            for k in idx:
                ops[k] = 'f%d' % ABI.index(ops[k])
            std_b.append((i, '%s %s' % (parts[0], ', '.join(ops))))
        elif name.startswith('VF') or name.startswith('VMF'):
            std_b.append((i, t))
        else:
            std_a.append((i, t))
    checked = 0
    for attrs, group in (('+m,+a,+zfinx,+zve32x', std_a), ('+m,+a,+f,+zve32f', std_b)):
        enc = llvm_words(llvm, attrs, [t for _, t in group], tmp)
        for (i, t), e in zip(group, enc):
            checked += 1
            if e != corpus[i][1]:
                report('llvm-mc', corpus[i][0], corpus[i][1], t, 'rejected' if e is None else '%08x' % e)
    # GNU as for the custom rows through .insn
    custom = [(i, insn_line(row[2], w)) for i, (row, w) in enumerate(corpus) if row[3] & 0x7f in CUSTOM_MAJOR]
    gsrc = os.path.join(tmp, 'g.s')
    with open(gsrc, 'w') as f:
        f.write('.text\n' + ''.join('\t%s\n' % l for _, l in custom))
    obj = os.path.join(tmp, 'g.o')
    r = subprocess.run(['riscv64-unknown-elf-as', '-march=rv32ima', '-o', obj, gsrc], capture_output=True, text=True)
    if r.returncode:
        print('GNU as failed: %s' % r.stderr[:2000])
        return 1
    binf = os.path.join(tmp, 'g.bin')
    subprocess.run(['riscv64-unknown-elf-objcopy', '-O', 'binary', '-j', '.text', obj, binf], check=True)
    data = open(binf, 'rb').read()
    for k, (i, line) in enumerate(custom):
        checked += 1
        got = int.from_bytes(data[4 * k:4 * k + 4], 'little')
        if got != corpus[i][1]:
            report('gnu-as .insn', corpus[i][0], corpus[i][1], line, '%08x' % got)
    # pseudo-instructions against GNU as, in a text with labels (wavesim then assembles in two passes)
    vals = [0, 1, -1, 2047, -2048, 2048, 0x1000, 0x7ffff800, 0x80000000, 0x90000000, 0xfffff000, 0x7fffffff, 0xffffffff]
    vals += [rnd.getrandbits(32) for _ in range(40)] + [rnd.getrandbits(20) << 12 for _ in range(10)]
    pseudo = ['top:'] + ['\tli %s, %d' % (rnd.choice(ABI[1:]), v) for v in vals] + [
        '\tmv a0, a1', '\tnot t0, t1', '\tneg s0, s1', '\tseqz a2, a3', '\tsnez a4, a5', '\tbeqz a0, top',
        '\tbnez t0, end', '\tbgt a0, a1, top', '\tble a2, a3, end', '\tj top', '\tret', '\tcsrr t0, mstatus',
        '\tcsrwi frm, 3', '\tfrrm a0', '\tnop', 'end:']
    psrc = os.path.join(tmp, 'p.s')
    with open(psrc, 'w') as f:
        f.write('.text\n' + '\n'.join(pseudo) + '\n')
    r = subprocess.run(['riscv64-unknown-elf-as', '-march=rv32ima_zicsr_zfinx', '-mno-relax', '-o', obj, psrc],
                       capture_output=True, text=True)
    if r.returncode:
        print('GNU as failed on the pseudo-instructions: %s' % r.stderr[:2000])
        return 1
    subprocess.run(['riscv64-unknown-elf-objcopy', '-O', 'binary', '-j', '.text', obj, binf], check=True)
    data = open(binf, 'rb').read()
    want = ['%08x' % int.from_bytes(data[k:k + 4], 'little') for k in range(0, len(data), 4)]
    r = subprocess.run([a.tool, 'as', '--isa', 'ventus', '--hex', psrc], capture_output=True, text=True)
    got = r.stdout.split()
    checked += len(want)
    if r.returncode or got != want:
        bad += 1
        print('MISMATCH pseudo-instructions: wavesim %s\n  GNU as %s' % (r.stderr.strip() or ' '.join(got), ' '.join(want)))
    print('%d rows, %d words: wavesim dis+as round trip, %d checked against llvm-mc-19 / GNU as .insn; %d mismatches'
          % (len(rows(a.table)), len(corpus), checked, bad))
    return 1 if bad else 0

if __name__ == '__main__':
    sys.exit(main())
