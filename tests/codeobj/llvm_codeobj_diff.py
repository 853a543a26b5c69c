#!/usr/bin/env python3
# Code objects from `wavesim as -o` against LLVM 19: OpenCL kernels compiled to assembly by clang-19
# (-O0 and -O3, wave32 and wave64) are assembled by llvm-mc-19 and by wavesim, and llvm-mc's object is
# linked by ld.lld-19 as clang-19 links. The code bytes must equal the linked image's (and llvm-mc's where it
# has no relocations in .text), the kernel descriptors llvm-mc's (the entry offset is resolved by
# wavesim, a relocation for llvm-mc), the metadata note must hold the same MessagePack bytes (and
# llvm-readelf-19 read it the same way), also for hand-written metadata (METADATA_CASES: keys out of
# order, keys without a value),
# llvm-objdump-19 must disassemble ours and the linked image to the same instructions, and
# `wavesim dis` must print those instructions too.
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_cache  # noqa: E402

LLVM = os.environ.get('LLVM_BIN', '/usr/lib/llvm-19/bin')
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, '..', 'kernels')
CL_HEADER = os.path.join(HERE, '..', '..', 'include', 'wavesim', 'wavesim_cl.h')


# the last operand when it is an integer literal (an offset to data, for images laid out differently)
LAST_LITERAL = r', -?(0x[0-9a-f]+|[0-9]+)$'


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=kw.pop('text', True), check=True, **kw).stdout


def llvm(tool, args, inputs=(), outputs=()):
    """An LLVM 19 tool's answer (through the oracle cache); args name files as {in0}, {out0}..."""
    return oracle_cache.check_output([tool if tool.startswith('clang') else os.path.join(LLVM, tool)] + args,
                                     inputs, outputs)


class Elf:
    """What llvm-readelf-19 reads in one call: the section headers, the symbols, the AMDGPU metadata
    note and the bytes of .text and .rodata (its hex dumps: 0xADDR, four groups of 8 hex digits in
    file byte order, then the text column)."""
    def __init__(self, obj):
        out = llvm('llvm-readelf', ['-S', '-s', '--notes', '-x', '.text', '-x', '.rodata', '{in0}'], [obj])
        self.sections = out[:out.index('Symbol table')] if 'Symbol table' in out else out
        self.syms = {}
        for line in out.splitlines():
            f = line.split()
            if len(f) >= 8 and f[0].endswith(":") and f[0][:-1].isdigit():
                self.syms[f[7]] = int(f[1], 16)
        self.bytes = {}
        name = None
        for line in out.splitlines():
            if line.startswith("Hex dump of section '"):
                name = line[len("Hex dump of section '"):-2]
                self.bytes[name] = b''
            elif name and line.startswith('0x'):
                self.bytes[name] += bytes.fromhex(line[11:46].replace(' ', ''))
            else:
                name = None
        at = out.find('Displaying notes')
        self.notes = out[out.index('AMDGPU Metadata', at):] if at >= 0 and 'AMDGPU Metadata' in out[at:] else ''


def metadata_note(path):
    """The descriptor bytes of the NT_AMDGPU_METADATA note (type 32) of an ELF64 file, or None."""
    b = open(path, 'rb').read()
    shoff = struct.unpack_from('<Q', b, 0x28)[0]
    shentsize, shnum = struct.unpack_from('<HH', b, 0x3a)
    for i in range(shnum):
        _, typ, _, _, off, size = struct.unpack_from('<IIQQQQ', b, shoff + i * shentsize)
        at = off
        while typ == 7 and at + 12 <= off + size:  # SHT_NOTE
            namesz, descsz, ntype = struct.unpack_from('<III', b, at)
            desc = at + 12 + ((namesz + 3) & ~3)
            if ntype == 32:
                return b[desc:desc + descsz]
            at = desc + ((descsz + 3) & ~3)
    return None


# hand-written metadata: (name, the YAML lines between `amdhsa.kernels:` and `amdhsa.version:`)
METADATA_CASES = [
    ('no-kernels', ['amdhsa.kernels:', 'amdhsa.target:   amdgcn-amd-amdhsa--gfx1100']),
    ('keys-out-of-order', ['amdhsa.target:   amdgcn-amd-amdhsa--gfx1100', 'amdhsa.printf:', '  - \'1:1:4:%d\'',
                           'amdhsa.kernels:  []']),
    ('empty-values', ['amdhsa.kernels:', 'amdhsa.zzz:', 'amdhsa.a:', '  z: 1', '  b:', '  a: [1, 2]',
                      'amdhsa.target:   amdgcn-amd-amdhsa--gfx1100']),
    ('sequence-at-key-indent', ['amdhsa.printf:', "- '1:1:4:%d'", "- '2:1:8:%s'", 'amdhsa.kernels: []',
                                'amdhsa.target:   amdgcn-amd-amdhsa--gfx1100']),
]


def check_metadata(tool, tmp):
    """Each METADATA_CASES note from llvm-mc-19 and from wavesim as, byte for byte."""
    errors = []
    for name, lines in METADATA_CASES:
        text = '\n'.join(['    .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"', '    .amdhsa_code_object_version 5',
                          '    .amdgpu_metadata', '---'] + lines +
                         ['amdhsa.version:', '  - 1', '  - 2', '...', '    .end_amdgpu_metadata', ''])
        src, ref, ours = (os.path.join(tmp, 'md-%s%s' % (name, e)) for e in ('.s', '.o', '.hsaco'))
        open(src, 'w').write(text)
        llvm('llvm-mc', ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx1100', '-filetype=obj', '{in0}', '-o', '{out0}'],
             [src], [ref])
        p = subprocess.run([tool, 'as', src, '-o', ours], capture_output=True, text=True)
        if p.returncode:
            errors.append('%s: wavesim as: %s' % (name, p.stderr.strip()))
        elif metadata_note(ref) is None or metadata_note(ref) != metadata_note(ours):
            errors.append('%s: notes differ: %s vs %s' % (name, (metadata_note(ref) or b'').hex(),
                                                          (metadata_note(ours) or b'').hex()))
    return errors


def objdump_insts(obj, wave64):
    attr = ['--mattr=+wavefrontsize64'] if wave64 else []
    out = llvm('llvm-objdump', ['-d', '--mcpu=gfx1100'] + attr + ['{in0}'], [obj])
    return [' '.join(l.split('//')[0].split()) for l in out.splitlines() if l.startswith('\t')]




def check(cl, opt, wave64, tool, tmp):
    name = '%s-%s-w%d' % (os.path.basename(cl)[:-3], opt, 64 if wave64 else 32)
    src = os.path.join(tmp, name + '.s')
    flags = ['-mwavefrontsize64'] if wave64 else []
    clang = ['-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', '-mcpu=gfx1100', '-nogpulib',
             '-include', '{in1}', '-' + opt] + flags
    llvm('clang-19', clang + ['-S', '{in0}', '-o', '{out0}'], [cl, CL_HEADER], [src])
    ref, ours = os.path.join(tmp, name + '.o'), os.path.join(tmp, name + '.hsaco')
    llvm('llvm-mc', ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx1100', '-filetype=obj', '{in0}', '-o', '{out0}']
         + (['-mattr=+wavefrontsize64'] if wave64 else []), [src], [ref])
    run([tool, 'as'] + (['--wave64'] if wave64 else []) + [src, '-o', ours])
    # ld.lld-19 links llvm-mc's object as clang-19 links its own (`clang -###` shows this command):
    # that image resolves @rel32 call literals as ours does
    linked = os.path.join(tmp, name + '.lld.hsaco')
    llvm('ld.lld', ['--no-undefined', '-shared', '{in0}', '-plugin-opt=mcpu=gfx1100', '-o', '{out0}'], [ref], [linked])
    errors = []
    elf_ref, elf_ours, elf_linked = Elf(ref), Elf(ours), Elf(linked)
    if not elf_ours.bytes.get('.text') or not elf_linked.bytes.get('.text'):
        errors.append('no .text bytes read (llvm-readelf hex dump)')
    head = ''.join(open(cl).readlines()[:8])
    data_run = re.search(r'codeobj-run: (.*)', head)
    if data_run:
        # Program-scope data: ld.lld places data sections before .text and wavesim as after it, so the
        # PC-relative offsets to them differ; instead both images must run to the same buffers.
        outs = []
        for image in (linked, ours):
            dumps = [os.path.join(tmp, '%s-%d.bin' % (os.path.basename(image), i)) for i in range(3)]
            opts = data_run.group(1).split()
            p = subprocess.run([tool, 'run', image] + opts + sum((['--dump', '%d:%s' % (i, d)] for i, d in enumerate(dumps)), []),
                               capture_output=True, text=True)
            if p.returncode:
                errors.append('wavesim run %s: %s' % (os.path.basename(image), p.stderr.strip()))
                break
            outs.append([open(d, 'rb').read() for d in dumps])
        if not errors and outs[0] != outs[1]:
            errors.append('the wavesim-assembled image computes other buffers than the clang/lld image')
    elif elf_linked.bytes.get('.text') != elf_ours.bytes.get('.text'):
        errors.append('.text bytes differ from the clang/lld image')
    has_text_relocs = '.rela.text' in elf_ref.sections
    if not has_text_relocs and elf_ref.bytes.get('.text') != elf_ours.bytes.get('.text'):
        errors.append('.text bytes differ from llvm-mc')
    rs, os_ = elf_ref.syms, elf_ours.syms
    rro, oro = elf_ref.bytes.get('.rodata', b''), elf_ours.bytes.get('.rodata', b'')
    kds = [s for s in rs if s.endswith('.kd')]
    if not kds:
        errors.append('no kernel descriptor')
    orod_addr = min(v for k, v in os_.items() if k.endswith('.kd')) if kds else 0
    for kd in kds:
        a, b = rs[kd], os_.get(kd)
        if b is None:
            errors.append('%s missing' % kd)
            continue
        want, got = bytearray(rro[a:a + 64]), bytearray(oro[b - orod_addr:b - orod_addr + 64])
        entry = int.from_bytes(got[16:24], 'little', signed=True)
        if entry != os_[kd[:-3]] - b:
            errors.append('%s: entry offset %d, kernel is at %d' % (kd, entry, os_[kd[:-3]] - b))
        want[16:24] = got[16:24] = bytes(8)
        if want != got:
            errors.append('%s differs: %s vs %s' % (kd, want.hex(), got.hex()))
    if not elf_ref.notes or elf_ref.notes != elf_ours.notes:
        errors.append('metadata notes read differently')
    if metadata_note(ref) is None or metadata_note(ref) != metadata_note(ours):
        errors.append('metadata note bytes differ')
    ref_insts, our_insts = objdump_insts(linked, wave64), objdump_insts(ours, wave64)
    if data_run:
        # the same instructions apart from the offsets to the data
        ref_insts = [re.sub(LAST_LITERAL, ', N', x) for x in ref_insts]
        our_insts = [re.sub(LAST_LITERAL, ', N', x) for x in our_insts]
    if ref_insts != our_insts:
        errors.append('llvm-objdump disassembles differently')
    ws = run([tool, 'dis'] + (['--wave64'] if wave64 else []) + [ours])
    ws_insts = [' '.join(l.split('//')[0].split()) for l in ws.splitlines() if l.startswith('\t')]
    if data_run:
        ws_insts = [re.sub(LAST_LITERAL, ', N', x) for x in ws_insts]
    if ws_insts != ref_insts:
        bad = next((i for i, (x, y) in enumerate(zip(ws_insts, ref_insts)) if x != y), min(len(ws_insts), len(ref_insts)))
        errors.append('wavesim dis differs at instruction %d: %r vs %r' % (
            bad, ws_insts[bad] if bad < len(ws_insts) else None, ref_insts[bad] if bad < len(ref_insts) else None))
    return name, errors, len(ref_insts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    args = ap.parse_args()
    kernels = sorted(os.path.join(KERNELS, f) for f in os.listdir(KERNELS) if f.endswith('.cl'))
    failed, total = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for cl in kernels:
            # kernels calling wave32-only builtins say so in their first line
            wave32_only = 'wave32 only' in open(cl).readline()
            for opt in ('O0', 'O3'):
                for wave64 in (False,) if wave32_only else (False, True):
                    name, errors, n = check(cl, opt, wave64, args.tool, tmp)
                    total += n
                    print('%-24s %5d instructions  %s' % (name, n, 'ok' if not errors else '; '.join(errors)))
                    failed += bool(errors)
        md_errors = check_metadata(args.tool, tmp)
        for e in md_errors:
            print('metadata %s' % e)
    print('code objects: %d kernels, %d instructions, %d builds differ; %d hand-written metadata notes, %d differ'
          % (len(kernels), total, failed, len(METADATA_CASES), len(md_errors)))
    return 1 if failed or md_errors or not kernels else 0


if __name__ == '__main__':
    sys.exit(main())
