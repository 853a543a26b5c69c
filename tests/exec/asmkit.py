# Hand-written gfx11 assembly kernels for the executor tests: wraps kernel bodies into one code
# object (descriptors and code object v5 metadata), assembles it with wavesim, and runs kernels.
# Runs go through `wavesim run --batch -` (batchproc.py), one long-lived process per calling thread,
# so a test's thousands of launches do not each start a process.
import concurrent.futures
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batchproc  # noqa: E402


class Kernel:
    def __init__(self, name, body, nargs=4, vgprs=16, sgprs=32, lds=0, wave64=False, scratch=0, float_mode=None):
        self.name, self.body, self.nargs = name, body, nargs
        self.vgprs, self.sgprs, self.lds, self.wave64 = vgprs, sgprs, lds, wave64
        self.scratch = scratch  # private bytes per lane (architected flat scratch)
        self.float_mode = float_mode  # initial MODE[9:0] through the descriptor's RSRC1 fields (None: defaults)


def bits3(name, value):
    """A three-source modifier list such as ' op_sel:[1,0,1]' for bits 0-2 of value ('' when 0)."""
    return ' %s:[%d,%d,%d]' % (name, value & 1, value >> 1 & 1, value >> 2 & 1) if value else ''


def _descriptor(k):
    return '\n'.join(['    .p2align 6', '    .amdhsa_kernel %s' % k.name,
                      '        .amdhsa_next_free_vgpr %d' % k.vgprs, '        .amdhsa_next_free_sgpr %d' % k.sgprs,
                      '        .amdhsa_user_sgpr_kernarg_segment_ptr 1', '        .amdhsa_kernarg_size %d' % (8 * k.nargs),
                      '        .amdhsa_group_segment_fixed_size %d' % k.lds,
                      '        .amdhsa_system_sgpr_workgroup_id_x 1',
                      '        .amdhsa_private_segment_fixed_size %d' % k.scratch,
                      '        .amdhsa_enable_private_segment %d' % (1 if k.scratch else 0),
                      '        .amdhsa_wavefront_size32 %d' % (0 if k.wave64 else 1)] + _float_mode(k.float_mode) +
                     ['    .end_amdhsa_kernel', ''])


def _float_mode(m):
    """Descriptor directives giving a wave MODE[9:0] of m (round f32/f16-64, denormals f32/f16-64,
    DX10_CLAMP, IEEE) at launch."""
    if m is None:
        return []
    fields = [('float_round_mode_32', m & 3), ('float_round_mode_16_64', m >> 2 & 3),
              ('float_denorm_mode_32', m >> 4 & 3), ('float_denorm_mode_16_64', m >> 6 & 3),
              ('dx10_clamp', m >> 8 & 1), ('ieee_mode', m >> 9 & 1)]
    return ['        .amdhsa_%s %d' % f for f in fields]


def _metadata(ks):
    out = ['    .amdgpu_metadata', '---', 'amdhsa.kernels:']
    for k in ks:
        out.append('  - .args:')
        for a in range(k.nargs):
            out += ['      - .address_space:  global', '        .offset:         %d' % (8 * a),
                    '        .size:           8', '        .value_kind:     global_buffer']
        out += ['    .group_segment_fixed_size: %d' % k.lds, '    .kernarg_segment_size: %d' % (8 * k.nargs),
                '    .private_segment_fixed_size: %d' % k.scratch,
                '    .name:           %s' % k.name, '    .symbol:         %s.kd' % k.name,
                '    .wavefront_size: %d' % (64 if k.wave64 else 32)]
    out += ['amdhsa.target:   amdgcn-amd-amdhsa--gfx1100', 'amdhsa.version:', '  - 1', '  - 2', '...',
            '    .end_amdgpu_metadata', '']
    return '\n'.join(out)


def source(ks):
    """Assembly text of a code object holding kernels ks (kernarg pointer in s[0:1], group id in s2)."""
    src = ['    .text', '    .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"', '    .amdhsa_code_object_version 5']
    for k in ks:
        src += ['    .globl %s' % k.name, '    .p2align 8', '%s:' % k.name] + ['    ' + b for b in k.body] + ['']
    src += ['    .rodata'] + [_descriptor(k) for k in ks]
    src.append(_metadata(ks))
    return '\n'.join(src)


def build(tool, ks, tmp, name='kernels', wave64=False, per_object=32):
    """Assembles kernels ks with wavesim (wave64: the text is parsed for wave64, so `vcc` and mask
    pairs are accepted). Returns the path of tmp/name.hsaco, or for more than per_object kernels a
    dict kernel name -> path of code objects holding per_object kernels each: `wavesim run` decodes
    the whole code object it loads, so one object per few kernels keeps a run's start-up small."""
    if len(ks) <= per_object:
        return _assemble(tool, ks, os.path.join(tmp, name), wave64)
    chunks = [ks[i:i + per_object] for i in range(0, len(ks), per_object)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        paths = list(pool.map(lambda ic: _assemble(tool, ic[1], os.path.join(tmp, '%s-%d' % (name, ic[0])), wave64),
                              enumerate(chunks)))
    return {k.name: path for chunk, path in zip(chunks, paths) for k in chunk}


def _assemble(tool, ks, stem, wave64):
    s, o = stem + '.s', stem + '.hsaco'
    with open(s, 'w') as f:
        f.write(source(ks))
    subprocess.run([tool, 'as'] + (['--wave64'] if wave64 else []) + [s, '-o', o], check=True)
    return o


# words every run() adds (valu_vectors.py --no-fast-paths sets ['--no-fast-paths'])
RUN_EXTRA = []


def run(tool, hsaco, kernel, global_size, local_size, args, dumps, threads=2, extra=()):
    """Runs one kernel of hsaco (a path, or build's dict of paths by kernel): args are --arg specs,
    dumps {index: path}. Returns a CompletedProcess (text stdout and stderr) as if `wavesim run` ran."""
    if isinstance(hsaco, dict):
        hsaco = hsaco[kernel]
    words = [hsaco, '--kernel', kernel, '--global', str(global_size), '--local', str(local_size),
             '--threads', str(threads)] + list(extra) + RUN_EXTRA
    for a in args:
        words += ['--arg', a]
    for i, p in dumps.items():
        words += ['--dump', '%d:%s' % (i, p)]
    return batchproc.run([tool, 'run'], words)
