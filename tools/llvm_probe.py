# Shared helpers for scripts that ask llvm-mc-19 about gfx1100 encodings (table generator, oracle tests).
# llvm-mc treats its whole input as one byte stream, so each candidate is padded with s_nop words.
import os
import re
import subprocess
import tempfile

LLVM_BIN = os.environ.get('LLVM_BIN', '/usr/lib/llvm-19/bin')
MC = os.path.join(LLVM_BIN, 'llvm-mc')
S_NOP = 0xbf800000
PAD_WORDS = 5


def mc_args(wave64=False):
    args = [MC, '-triple=amdgcn-amd-amdhsa', '-mcpu=gfx1100']
    if wave64:
        args.append('-mattr=+wavefrontsize64')
    return args


def disassemble(candidates, wave64=False):
    """As disassemble_batch, but when llvm-objdump crashes (it does on some image encodings whose
    address tuples run past v255) the batch is split until the crashing candidates are found;
    those get the verdict 'crash'."""
    try:
        return disassemble_batch(candidates, wave64)
    except subprocess.CalledProcessError as e:
        if e.returncode >= 0 or not candidates:
            raise
        if len(candidates) == 1:
            return ['crash']
        half = len(candidates) // 2
        return disassemble(candidates[:half], wave64) + disassemble(candidates[half:], wave64)


def disassemble_batch(candidates, wave64=False):
    """candidates: list of lists of 32-bit words. For each, (text, nbytes) of the instruction
    LLVM decodes at the candidate's first byte, or None when LLVM rejects that encoding.
    The words go into an object file through .long, and llvm-objdump reports the real bytes
    and address of every instruction (llvm-mc -show-encoding re-encodes, so it cannot)."""
    src, starts, pos = ['.text'], [], 0
    for words in candidates:
        words = list(words) + [S_NOP] * PAD_WORDS
        starts.append(pos)
        src.append('.long ' + ','.join('0x%08x' % w for w in words))
        pos += 4 * len(words)
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, 'c.o')
        subprocess.run(mc_args(wave64) + ['-filetype=obj', '-o', obj], input='\n'.join(src) + '\n',
                       text=True, check=True)
        attr = ['--mattr=+wavefrontsize64'] if wave64 else []
        out = subprocess.run([os.path.join(LLVM_BIN, 'llvm-objdump'), '-d', '--mcpu=gfx1100'] + attr + [obj],
                             capture_output=True, text=True, check=True).stdout
    at = {}
    for m in re.finditer(r'^\t(.*?)\s*// ([0-9A-F]{12}): ([0-9A-F ]+?)(?: <[^>]*>)?$', out, re.M):
        text, addr, hexw = m.group(1), int(m.group(2), 16), m.group(3).split()
        at[addr] = None if text.startswith('.long ') else (' '.join(text.split()), 4 * len(hexw))
    return [at.get(s, 'misaligned') for s in starts]


def assemble(lines, wave64=False):
    """Assemble lines; for each, ('ok', text, bytes), ('err', message) or ('skip',).
    Each line is followed by a marker directive, so output maps back to lines exactly."""
    src = []
    for i, line in enumerate(lines):
        src.append(line)
        src.append('.ascii "@@%d"' % i)
    p = subprocess.run(mc_args(wave64) + ['-show-encoding'], input='\n'.join(src) + '\n',
                       capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r'<stdin>:(\d+):(\d+): error: (.*)', p.stderr):
        errs.setdefault((int(m.group(1)) - 1) // 2, m.group(3))
    enc = {}
    pending = []
    for l in p.stdout.splitlines():
        m = re.match(r'\s*\.ascii\s+"@@(\d+)"', l)
        if m:
            enc[int(m.group(1))] = pending
            pending = []
        elif 'encoding:' in l:
            pending.append(l.strip())
    res = []
    for i, line in enumerate(lines):
        got = enc.get(i, [])
        if i in errs:
            res.append(('err', errs[i]))
        elif len(got) != 1 or re.search(r'encoding: \[[^]]*\bA\b', got[0]):
            res.append(('skip',))  # no single instruction, or bytes left to a fixup
        else:
            text, e = got[0].split('; encoding:', 1)
            bs = bytes(int(b, 16) for b in re.findall(r'0x([0-9a-f]{2})', e))
            res.append(('ok', ' '.join(text.split()), bs))
    return res
