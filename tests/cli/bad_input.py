#!/usr/bin/env python3
# Bad input to every command (issue 16): each case must end with exactly one line on stderr, exit
# status 1 or 2, no signal, no sanitizer report, and no output file left behind (not even a half
# one). Run it with the ASan+UBSan build so bad reads, leaks and undefined behaviour fail it too.
# A few "ok" cases pin inputs that used to crash or misbehave and must now simply work.
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SANITIZER_MARKS = ('AddressSanitizer', 'LeakSanitizer', 'UndefinedBehaviorSanitizer', 'runtime error:')

# One kernel whose descriptor and metadata each case may change: it loads its first argument and ends.
KERNEL = '''    .text
    .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
    .amdhsa_code_object_version 5
    .globl k
    .p2align 8
k:
    s_load_b64 s[2:3], s[0:1], 0x0
    s_waitcnt lgkmcnt(0)
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel k
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
{kd}
    .end_amdhsa_kernel
    .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         {hoff}
        .size:           {hsize}
        .value_kind:     {hkind}
    .kernarg_segment_size: {ksize}
    .group_segment_fixed_size: {lds}
    .name:           k
    .symbol:         k.kd
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
    .end_amdgpu_metadata
'''


def kernel_text(kd='', hoff=8, hsize=4, hkind='hidden_remainder_x', ksize=16, lds=0):
    return KERNEL.format(kd=kd, hoff=hoff, hsize=hsize, hkind=hkind, ksize=ksize, lds=lds)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--timeout', type=float, default=120, help='seconds a case may take (a hang fails it)')
    args = ap.parse_args()
    tool = os.path.abspath(args.tool)
    d = tempfile.mkdtemp(prefix='wavesim-bad-')
    try:
        return run(tool, d, args.timeout)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def run(tool, d, timeout):
    def path(name):
        return os.path.join(d, name)

    def write(name, data):
        with open(path(name), 'wb' if isinstance(data, bytes) else 'w') as f:
            f.write(data)
        return path(name)

    def assemble(name, text):
        src = write(name + '.s', text)
        p = subprocess.run([tool, 'as', src, '-o', path(name)], capture_output=True, text=True)
        if p.returncode:
            raise SystemExit('cannot assemble %s: %s' % (name, p.stderr))
        return path(name)

    os.mkdir(path('dir'))
    good = assemble('good.hsaco', kernel_text())
    bad = assemble('bad.hsaco', open(os.path.join(HERE, 'bad_kernels.s')).read())
    a_s = write('a.s', 's_endpgm\n')
    b_s = write('b.s', 's_nop 0\n')
    vt_s = write('vt.s', 'addi a0, a0, 1\n')
    junk = write('junk', b'not an elf at all')
    buf = write('buf.bin', bytes(64))
    rt = [good, '--kernel', 'k', '--global', '64', '--local', '32']  # a run that works
    rtb = rt + ['--arg', 'buf:' + buf]
    nodir = os.path.join(d, 'no', 'such', 'dir')

    # (name, argv, expected text in the one stderr line, stdin bytes or None, files that must not exist)
    cases = [
        # the command line
        ('no-command', [], 'no command', None, ()),
        ('unknown-command', ['frobnicate'], "unknown command 'frobnicate'", None, ()),
        ('as-no-input', ['as'], 'no input file', None, ()),
        ('as-no-output', ['as', a_s], 'no output', None, ()),
        ('as-missing', ['as', path('nope.s'), '-o', path('o1')], 'No such file or directory', None, ('o1',)),
        ('as-directory', ['as', path('dir'), '-o', path('o2')], 'Is a directory', None, ('o2',)),
        ('as-dev-zero', ['as', '/dev/zero', '-o', path('o3')], 'not a regular file', None, ('o3',)),
        ('as-two-inputs', ['as', a_s, b_s, '-o', path('o4')], 'more than one input', None, ('o4',)),
        ('as-unknown-option', ['as', '--frob', a_s, '-o', path('o5')], "unknown option '--frob'", None, ('o5',)),
        ('as-bad-isa', ['as', '--isa', 'arm', a_s, '-o', path('o6')], "unknown ISA 'arm'", None, ('o6',)),
        ('as-bad-mcpu', ['as', '--mcpu', 'gfx900', a_s, '-o', path('o7')], "unsupported --mcpu 'gfx900'", None, ('o7',)),
        ('as-unwritable', ['as', a_s, '-o', os.path.join(nodir, 'o')], 'cannot write', None, ()),
        ('dis-no-input', ['dis'], 'no input file', None, ()),
        ('dis-two-inputs', ['dis', good, bad], 'more than one input', None, ()),
        ('dis-missing', ['dis', path('nope')], 'No such file or directory', None, ()),
        ('dis-directory', ['dis', path('dir')], 'Is a directory', None, ()),
        ('dis-dev-zero', ['dis', '/dev/zero'], 'not a regular file', None, ()),
        ('dis-junk', ['dis', junk], 'not an ELF', None, ()),
        ('dis-bad-hex', ['dis', '--hex', 'zz'], "bad hex word 'zz'", None, ()),
        ('dis-hex-too-wide', ['dis', '--hex', '123456789'], "bad hex word '123456789'", None, ()),
        ('dis-hex-trailing', ['dis', '--hex', 'bf80000g'], "bad hex word 'bf80000g'", None, ()),
        ('dis-hex-none', ['dis', '--hex'], 'no words', None, ()),
        ('dis-hex-stdin-bad', ['dis', '--hex', '-'], "bad hex word 'xyz'", b'bf800000 xyz\n', ()),
        ('dis-unknown-option', ['dis', '--frob', good], "unknown option '--frob'", None, ()),
        ('dis-vt-bad-pc', ['dis', '--isa', 'ventus', '--pc', 'xyz', '--hex', '00000013'], "bad --pc 'xyz'", None, ()),
        ('dis-vt-two-inputs', ['dis', '--isa', 'ventus', junk, good], 'more than one input', None, ()),
        ('dis-vt-directory', ['dis', '--isa', 'ventus', path('dir')], 'Is a directory', None, ()),
        ('isa-unknown-option', ['isa', '--frob'], "unknown option '--frob'", None, ()),
        # run: what is required
        ('run-nothing', ['run'], 'no code object', None, ()),
        ('run-no-kernel', ['run', good, '--global', '1', '--local', '1'], 'missing --kernel', None, ()),
        ('run-no-global', ['run', good, '--kernel', 'k', '--local', '1'], 'missing --global', None, ()),
        ('run-no-local', ['run', good, '--kernel', 'k', '--global', '1'], 'missing --local', None, ()),
        ('run-option-no-value', ['run', good, '--global', '1', '--local', '1', '--kernel'], '--kernel needs a value', None, ()),
        ('run-unknown-option', ['run'] + rt + ['--frob'], "unknown option '--frob'", None, ()),
        ('run-second-input', ['run'] + rt + [bad], "unexpected argument", None, ()),
        ('run-bad-isa', ['run'] + rt + ['--isa', 'arm'], "unknown ISA 'arm'", None, ()),
        # run: grid sizes
        ('run-local-0', ['run', good, '--kernel', 'k', '--global', '64', '--local', '0'], "bad --local '0'", None, ()),
        ('run-local-2000', ['run', good, '--kernel', 'k', '--global', '64', '--local', '2000'], "bad --local '2000'", None, ()),
        ('run-local-product', ['run', good, '--kernel', 'k', '--global', '64', '--local', '32,32,2'], 'more than 1024', None, ()),
        ('run-global-0', ['run', good, '--kernel', 'k', '--global', '0', '--local', '1'], "bad --global '0'", None, ()),
        ('run-global-2^32', ['run', good, '--kernel', 'k', '--global', '4294967296', '--local', '1'], "bad --global", None, ()),
        ('run-global-4-dims', ['run', good, '--kernel', 'k', '--global', '1,2,3,4', '--local', '1'], "bad --global", None, ()),
        ('run-global-text', ['run', good, '--kernel', 'k', '--global', 'abc', '--local', '1'], "bad --global 'abc'", None, ()),
        ('run-global-empty-dim', ['run', good, '--kernel', 'k', '--global', '1,,2', '--local', '1'], "bad --global", None, ()),
        ('run-global-negative', ['run', good, '--kernel', 'k', '--global', '-5', '--local', '1'], "bad --global '-5'", None, ()),
        ('run-offset-negative', ['run'] + rt + ['--offset', '-1'], "bad --offset '-1'", None, ()),
        # a grid of 2^32-1 work-items used to wrap to 0 workgroups and "succeed": now it runs (and faults at once)
        ('run-huge-grid', ['run', bad, '--kernel', 'illegal', '--global', '4294967295', '--local', '64'],
         'illegal instruction', None, ()),
        # run: numbers
        ('run-threads-0', ['run'] + rtb + ['--threads', '0'], "bad --threads '0'", None, ()),
        ('run-threads-text', ['run'] + rtb + ['--threads', 'abc'], "bad --threads 'abc'", None, ()),
        ('run-threads-negative', ['run'] + rtb + ['--threads', '-3'], "bad --threads '-3'", None, ()),
        ('run-budget-0', ['run'] + rtb + ['--max-instructions', '0'], "bad --max-instructions '0'", None, ()),
        ('run-budget-text', ['run'] + rtb + ['--max-instructions', 'abc'], "bad --max-instructions 'abc'", None, ()),
        ('run-budget-negative', ['run'] + rtb + ['--max-instructions', '-1'], "bad --max-instructions '-1'", None, ()),
        ('run-cu-0', ['run'] + rtb + ['--compute-units', '0'], "bad --compute-units '0'", None, ()),
        ('run-lds-text', ['run'] + rtb + ['--lds-bytes', '12x'], "bad --lds-bytes '12x'", None, ()),
        ('run-align-mode', ['run'] + rtb + ['--alignment-mode', 'wobbly'], "bad --alignment-mode 'wobbly'", None, ()),
        # run: argument values must fit their kind
        ('arg-i32-big', ['run'] + rt + ['--arg', 'i32:99999999999'], "bad value '99999999999'", None, ()),
        ('arg-i32-small', ['run'] + rt + ['--arg', 'i32:-2147483649'], "bad value '-2147483649'", None, ()),
        ('arg-i32-hex-big', ['run'] + rt + ['--arg', 'i32:0x100000000'], "bad value '0x100000000'", None, ()),
        ('arg-u32-negative', ['run'] + rt + ['--arg', 'u32:-1'], "bad value '-1'", None, ()),
        ('arg-u32-big', ['run'] + rt + ['--arg', 'u32:4294967296'], "bad value '4294967296'", None, ()),
        ('arg-i64-hex-big', ['run'] + rt + ['--arg', 'i64:0x1ffffffffffffffff'], "bad value", None, ()),
        ('arg-i64-big', ['run'] + rt + ['--arg', 'i64:99999999999999999999'], "bad value", None, ()),
        ('arg-u64-big', ['run'] + rt + ['--arg', 'u64:18446744073709551616'], "bad value", None, ()),
        ('arg-i32-junk', ['run'] + rt + ['--arg', 'i32:12abc'], "bad value '12abc'", None, ()),
        ('arg-f32-overflow', ['run'] + rt + ['--arg', 'f32:1e39'], "bad value '1e39'", None, ()),
        ('arg-f64-overflow', ['run'] + rt + ['--arg', 'f64:1e999'], "bad value '1e999'", None, ()),
        ('arg-f32-text', ['run'] + rt + ['--arg', 'f32:abc'], "bad value 'abc'", None, ()),
        ('arg-buf-dev-zero', ['run'] + rt + ['--arg', 'buf:/dev/zero'], 'not a regular file', None, ()),
        ('arg-buf-directory', ['run'] + rt + ['--arg', 'buf:' + path('dir')], 'Is a directory', None, ()),
        ('arg-buf-missing', ['run'] + rt + ['--arg', 'buf:' + path('nope')], 'No such file or directory', None, ()),
        ('arg-zeros-negative', ['run'] + rt + ['--arg', 'zeros:-5'], "bad size '-5'", None, ()),
        ('arg-zeros-text', ['run'] + rt + ['--arg', 'zeros:abc'], "bad size 'abc'", None, ()),
        ('arg-local-big', ['run'] + rt + ['--arg', 'local:70000'], "bad size '70000'", None, ()),
        ('arg-unknown-kind', ['run'] + rt + ['--arg', 'what:3'], "unknown kind 'what'", None, ()),
        ('arg-no-colon', ['run'] + rt + ['--arg', 'noval'], "bad --arg 'noval'", None, ()),
        # run: outputs
        ('dump-bad', ['run'] + rtb + ['--dump', 'x'], "bad --dump 'x'", None, ()),
        ('dump-no-file', ['run'] + rtb + ['--dump', '0:'], "bad --dump '0:'", None, ()),
        ('dump-not-buffer', ['run'] + rtb + ['--dump', '5:' + path('d1')], 'not a buffer', None, ('d1',)),
        ('dump-unwritable', ['run'] + rtb + ['--dump', '0:' + os.path.join(nodir, 'd')], 'cannot write', None, ()),
        ('trace-unwritable', ['run'] + rtb + ['--trace=' + os.path.join(nodir, 't')], 'cannot write trace', None, ()),
        ('dump-after-fault', ['run', bad, '--kernel', 'wild', '--global', '1', '--local', '1', '--arg', 'zeros:16',
                              '--dump', '0:' + path('d2')], 'outside every buffer', None, ('d2',)),
        # run: code objects
        ('co-missing', ['run', path('nope'), '--kernel', 'k', '--global', '1', '--local', '1'], 'No such file', None, ()),
        ('co-directory', ['run', path('dir'), '--kernel', 'k', '--global', '1', '--local', '1'], 'Is a directory', None, ()),
        ('co-dev-zero', ['run', '/dev/zero', '--kernel', 'k', '--global', '1', '--local', '1'], 'not a regular file', None, ()),
        ('co-junk', ['run', junk, '--kernel', 'k', '--global', '1', '--local', '1'], 'not an ELF', None, ()),
    ]
    # metadata and descriptors: every field dispatch trusts is checked, with the field named
    for i, (kind, want) in enumerate([('hidden_remainder_A', "'hidden_remainder_A'"),
                                      ('hidden_block_count_w', "'hidden_block_count_w'"),
                                      ('hidden_group_size_q', "'hidden_group_size_q'"),
                                      ('hidden_global_offset_9', "'hidden_global_offset_9'"),
                                      ('hidden_remainder_xx', "'hidden_remainder_xx'"),
                                      ('hidden_block_count_', "'hidden_block_count_'")]):
        co = assemble('kind%d.hsaco' % i, kernel_text(hkind=kind))
        cases.append(('meta-kind-%s' % kind, ['run', co, '--kernel', 'k', '--global', '64', '--local', '32',
                                              '--arg', 'buf:' + buf], want, None, ()))
    co = assemble('argout.hsaco', kernel_text(hoff=4096, ksize=16))
    cases.append(('meta-arg-outside', ['run', co, '--kernel', 'k', '--global', '1', '--local', '1', '--arg', 'buf:' + buf],
                  'outside the 16-byte kernarg segment', None, ()))
    co = assemble('argsize.hsaco', kernel_text(hoff=8, hsize=4000000000, ksize=16))
    cases.append(('meta-arg-size', ['run', co, '--kernel', 'k', '--global', '1', '--local', '1', '--arg', 'buf:' + buf],
                  'outside the 16-byte kernarg segment', None, ()))
    co = assemble('kbig.hsaco', kernel_text(ksize=1 << 20))
    cases.append(('meta-kernarg-huge', ['run', co, '--kernel', 'k', '--global', '1', '--local', '1', '--arg', 'buf:' + buf],
                  'kernarg_segment_size 1048576', None, ()))
    co = assemble('ldsbig.hsaco', kernel_text(lds=1 << 20))
    cases.append(('meta-lds-huge', ['run', co, '--kernel', 'k', '--global', '1', '--local', '1', '--arg', 'buf:' + buf],
                  'group_segment_fixed_size 1048576', None, ()))
    # data holding a label's address: a .quad is relocated (R_AMDGPU_RELATIVE64), a .long cannot be
    cases.append(('as-long-label-address', ['as', write('la.s', kernel_text() + '.section .rodata\n.p2align 2\n.long k\n'),
                                            '-o', path('la.hsaco')], 'cannot relocate', None, ('la.hsaco',)))
    reloc = bytearray(open(assemble('rq.hsaco', kernel_text() + '.section .rodata\n.p2align 3\n.quad k\n'), 'rb').read())
    shoff, shentsize, shnum = struct.unpack_from('<QHH', reloc, 0x28)[0], *struct.unpack_from('<HH', reloc, 0x3a)
    for i in range(shnum):
        sh_type, sh_off = struct.unpack_from('<I', reloc, shoff + i * shentsize + 4)[0], \
            struct.unpack_from('<Q', reloc, shoff + i * shentsize + 24)[0]
        if sh_type == 4:  # SHT_RELA: make the first relocation R_AMDGPU_ABS64 (3), which we do not apply
            struct.pack_into('<Q', reloc, sh_off + 8, 3)
    cases.append(('co-reloc-type', ['run', write('rt.hsaco', bytes(reloc)), '--kernel', 'k', '--global', '1', '--local',
                                    '1', '--arg', 'buf:' + buf], 'dynamic relocation type 3', None, ()))
    co = assemble('kindint.hsaco', kernel_text(hkind='12'))
    cases.append(('meta-kind-not-string', ['run', co, '--kernel', 'k', '--global', '1', '--local', '1', '--arg',
                                           'buf:' + buf], '.value_kind', None, ()))
    # assembler input
    long_line = write('long.s', 's_mov_b32 s0, 1' + ' ' * 1100 + ', s1\n')
    cases += [
        ('as-long-line', ['as', '--hex', long_line], 'invalid operand', None, ()),
        ('as-nul', ['as', '--hex', write('nul.s', b's_endpgm\n\0s_nop 0\n')], 'NUL character', None, ()),
        ('as-nul-ventus', ['as', '--isa', 'ventus', '--hex', write('nulv.s', b'addi a0, a0, 1\n\0addi a0, a0, 2\n')],
         'NUL character', None, ()),
        ('as-cycle-2', ['as', '--hex', write('c2.s', 'a = b\nb = a\ns_mov_b32 s0, a\n')], "Recursive use of 'b'", None, ()),
        ('as-cycle-3', ['as', '--hex', write('c3.s', 'a = b + 1\nb = c\nc = a\n')], "Recursive use of 'c'", None, ()),
        ('as-cycle-self', ['as', '--hex', write('c1.s', 'a = a + 1\ns_mov_b32 s0, a\n')], "Recursive use of 'a'", None, ()),
        ('as-cycle-set', ['as', '--hex', write('c4.s', '.set x, x\n')], "Recursive use of 'x'", None, ()),
        ('as-literal-65-bits', ['as', '--hex', write('l1.s', 's_mov_b32 s0, 0x1ffffffffffffffff\n')], 'out of range', None, ()),
        ('as-literal-2^64', ['as', '--hex', write('l2.s', 's_mov_b32 s0, 18446744073709551616\n')], 'out of range', None, ()),
        ('as-undefined-label', ['as', a_s.replace('a.s', 'u.s') if False else write('u.s', 's_branch nowhere\n'), '-o',
                                path('u.o')], "undefined label 'nowhere'", None, ('u.o',)),
        # clang -S output that calls a library function nothing defines (ld.lld: "undefined symbol"):
        # the call's address pair, and a literal naming the symbol
        ('as-undefined-call', ['as', write('uc.s', 'k:\ns_getpc_b64 s[4:5]\ns_add_u32 s4, s4, lib_fn@rel32@lo+4\n'
                                          's_addc_u32 s5, s5, lib_fn@rel32@hi+12\ns_swappc_b64 s[30:31], s[4:5]\n'
                                          's_endpgm\n'), '-o', path('uc.o')], "line 3 (.text+0x4): undefined symbol 'lib_fn'",
         None, ('uc.o',)),
        ('as-undefined-literal', ['as', write('ul.s', 'k:\ns_mov_b32 s0, 1 + elsewhere\ns_endpgm\n'), '-o', path('ul.o')],
         "undefined symbol 'elsewhere'", None, ('ul.o',)),
        ('as-abs32-label', ['as', write('abs.s', 'b:\nv_mov_b32 v0, b@abs32@lo\ns_endpgm\n'), '-o', path('abs.o')],
         "label's absolute address", None, ('abs.o',)),
        ('as-nonlinear-label', ['as', '--hex', write('nl.s', 'b:\ns_mov_b32 s0, 2*b\n')], 'expected relocatable expression',
         None, ()),
        ('as-metadata-fuzz-crash', ['as', os.path.join(HERE, 'fuzz_yaml_crash.s'), '-o', path('ym.o')],
         'invalid HSA metadata: amdhsa.version missing', None, ('ym.o',)),
        ('as-metadata-bad-version', ['as', write('mv.s', '.amdgpu_metadata\n---\namdhsa.kernels: []\n'
                                                'amdhsa.version: [1]\n...\n.end_amdgpu_metadata\n'), '-o', path('mv.o')],
         'invalid HSA metadata: amdhsa.version must be two integers', None, ('mv.o',)),
        ('as-expr-nested', ['as', '--hex', write('deep.s', 's_mov_b32 s0, ' + '-' * 200000 + '1\n')],
         'expression nested too deeply', None, ()),
        ('as-ventus-missing', ['as', '--isa', 'ventus', path('nope.s'), '-o', path('v.o')], 'No such file', None, ('v.o',)),
        ('as-ventus-bad', ['as', '--isa', 'ventus', write('vbad.s', 'addi a0, a0\n'), '-o', path('v2.o')], 'error', None,
         ('v2.o',)),
    ]
    # Ventus runs
    cases += [
        ('vt-run-odd', ['run', '--isa', 'ventus', junk], 'METADATA DATA pairs', None, ()),
        ('vt-run-missing', ['run', '--isa', 'ventus', path('nope.metadata'), path('nope.data')], 'No such file', None, ()),
        ('vt-run-dev-zero', ['run', '--isa', 'ventus', '/dev/zero', '/dev/zero'], 'not a regular file', None, ()),
        ('vt-run-directory', ['run', '--isa', 'ventus', path('dir'), path('dir')], 'Is a directory', None, ()),
        ('vt-threads-0', ['run', '--isa', 'ventus', junk, junk, '--threads', '0'], "bad --threads '0'", None, ()),
        ('vt-budget-text', ['run', '--isa', 'ventus', junk, junk, '--max-instructions', 'x'], "bad --max-instructions 'x'",
         None, ()),
        ('vt-dump-bad', ['run', '--isa', 'ventus', junk, junk, '--dump-mem', '0x10:zz:' + path('m')], "bad --dump-mem",
         None, ('m',)),
        ('vt-dump-addr-big', ['run', '--isa', 'ventus', junk, junk, '--dump-mem', '0x100000000:4:' + path('m2')],
         "bad --dump-mem", None, ('m2',)),
        ('vt-unknown-option', ['run', '--isa', 'ventus', junk, junk, '--frob'], "unknown option '--frob'", None, ()),
        ('vt-option-no-value', ['run', '--isa', 'ventus', junk, junk, '--threads'], '--threads needs a value', None, ()),
    ]
    # inputs that used to crash, allocate gigabytes or trip the sanitizers and must simply work now
    big_scratch = assemble('scratch.hsaco', kernel_text(kd='        .amdhsa_private_segment_fixed_size 16777216'))
    oks = [
        ('ok-fill-size-0', ['as', '--hex', write('fill.s', '.fill 6, 0\ns_endpgm\n')]),
        ('ok-scratch-16MiB-per-lane', ['run', big_scratch, '--kernel', 'k', '--global', '256', '--local', '256',
                                       '--arg', 'buf:' + buf, '--threads', '2']),
        ('ok-zeros-64GiB', ['run'] + rt + ['--arg', 'zeros:68719476736']),
        ('ok-options-after-words', ['dis', '--hex', 'bf800000', '--wave64']),
        ('ok-threads-capped', ['run'] + rtb + ['--threads', '1000000000']),
        ('ok-reassign', ['as', '--hex', write('re.s', 'a = 1\na = a + 1\ns_mov_b32 s0, a\n')]),
        ('ok-fuzz-expr-depth', ['as', '--isa', 'ventus', '--hex', os.path.join(HERE, 'fuzz_expr_depth.s')]),
        ('ok-long-comment', ['as', '--hex', write('lc.s', 's_endpgm // ' + 'x' * 5000 + '\n')]),
    ]

    failures = 0
    env = dict(os.environ, ASAN_OPTIONS='detect_leaks=1:allocator_may_return_null=0')
    for name, argv, want, stdin, must_not_exist in cases:
        try:
            p = subprocess.run([tool] + argv, input=stdin, capture_output=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            failures += 1
            print('FAIL %-28s hung (no result in %g s)' % (name, timeout))
            continue
        err = p.stderr.decode(errors='replace')
        lines = err.splitlines()
        problems = []
        if p.returncode < 0:
            problems.append('killed by signal %d' % -p.returncode)
        elif p.returncode not in (1, 2):
            problems.append('exit status %d' % p.returncode)
        if any(m in err for m in SANITIZER_MARKS):
            problems.append('sanitizer report')
        if len(lines) != 1:
            problems.append('%d lines on stderr' % len(lines))
        elif want not in lines[0]:
            problems.append('expected %r' % want)
        for f in must_not_exist:
            if os.path.exists(path(f)):
                problems.append('output %s was written' % f)
        leftovers = [f for f in os.listdir(d) if '.tmp-' in f]
        if leftovers:
            problems.append('temporary files left: %s' % leftovers)
        if problems:
            failures += 1
            print('FAIL %-28s %s: %s' % (name, '; '.join(problems), err.strip()[:300]))
        else:
            print('ok   %-28s %s' % (name, lines[0]))
    for name, argv in oks:
        try:
            p = subprocess.run([tool] + argv, capture_output=True, env=env, timeout=max(timeout, 300))
        except subprocess.TimeoutExpired:
            failures += 1
            print('FAIL %-28s hung' % name)
            continue
        err = p.stderr.decode(errors='replace')
        if p.returncode != 0 or any(m in err for m in SANITIZER_MARKS):
            failures += 1
            print('FAIL %-28s exit %d: %s' % (name, p.returncode, err.strip()[:300]))
        else:
            print('ok   %-28s exit 0' % name)
    # two runs writing one trace at once (two kernels, so different traces from the first line): the file
    # ends up as one whole trace of one of them, never a mix
    shared = path('shared-trace.txt')
    other = assemble('other.hsaco', kernel_text().replace('k:\n', 'k:\n    s_nop 0\n', 1))
    runs = [[tool, 'run', co, '--kernel', 'k', '--global', '131072', '--local', '32', '--arg', 'buf:' + buf, '--threads', '1']
            for co in (good, other)]
    alone = []
    for i, r in enumerate(runs):
        subprocess.run(r + ['--trace=' + path('alone%d.txt' % i)], capture_output=True, env=env, timeout=max(timeout, 300))
        alone.append(open(path('alone%d.txt' % i)).read())
    procs = [subprocess.Popen(r + ['--trace=' + shared], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
             for r in runs]
    codes = [p.wait(timeout=max(timeout, 300)) for p in procs]
    got = open(shared).read() if os.path.exists(shared) else None
    if codes != [0, 0] or got not in alone or alone[0] == alone[1]:
        failures += 1
        print('FAIL %-28s exit %s, one whole trace: %s' % ('trace-two-writers', codes, got in alone))
    else:
        print('ok   %-28s one whole trace' % 'trace-two-writers')
    oks.append(('trace-two-writers', None))
    total = len(cases) + len(oks)
    print('bad input: %d cases (%d errors, %d that must work), %d failed' % (total, len(cases), len(oks), failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
