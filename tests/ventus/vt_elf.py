"""A minimal ELF32 RISC-V executable writer for the Ventus tests: one PT_LOAD segment holding the
code (and data) image at its address, and a symbol table, which is what `wavesim run --isa ventus`
and vt_upload_kernel_file read from the Ventus compiler's output (layout: the System V gABI's ELF32
header, program and section headers)."""
import struct

EM_RISCV = 243

def elf32(image, base, symbols, entry=None):
    """bytes of an ELF32 executable: `image` loaded at `base`, `symbols` a list of (name, address)
    (functions in .text), the entry point `entry` (default `base`)."""
    strtab = b'\0'
    syms = [struct.pack('<IIIBBH', 0, 0, 0, 0, 0, 0)]
    for name, addr in symbols:
        off = len(strtab)
        strtab += name.encode() + b'\0'
        syms.append(struct.pack('<IIIBBH', off, addr, 0, (1 << 4) | 2, 0, 1))  # GLOBAL FUNC in section 1
    symtab = b''.join(syms)
    shstr = b'\0.text\0.symtab\0.strtab\0.shstrtab\0'
    names = {n: shstr.index(n.encode() + b'\0') for n in ('.text', '.symtab', '.strtab', '.shstrtab')}
    ehsize, phsize, shsize = 52, 32, 40
    text_off = ehsize + phsize
    text_off = (text_off + 15) & ~15
    sym_off = (text_off + len(image) + 3) & ~3
    str_off = sym_off + len(symtab)
    shstr_off = str_off + len(strtab)
    sh_off = (shstr_off + len(shstr) + 3) & ~3
    out = bytearray(sh_off + 5 * shsize)
    ident = b'\x7fELF' + bytes([1, 1, 1, 0]) + bytes(8)
    out[0:ehsize] = ident + struct.pack('<HHIIIIIHHHHHH', 2, EM_RISCV, 1, base if entry is None else entry,
                                        ehsize, sh_off, 0, ehsize, phsize, 1, shsize, 5, 4)
    out[ehsize:ehsize + phsize] = struct.pack('<IIIIIIII', 1, text_off, base, base, len(image), len(image), 7, 4)
    out[text_off:text_off + len(image)] = image
    out[sym_off:sym_off + len(symtab)] = symtab
    out[str_off:str_off + len(strtab)] = strtab
    out[shstr_off:shstr_off + len(shstr)] = shstr
    sections = [bytes(shsize),
                struct.pack('<IIIIIIIIII', names['.text'], 1, 6, base, text_off, len(image), 0, 0, 4, 0),
                struct.pack('<IIIIIIIIII', names['.symtab'], 2, 0, 0, sym_off, len(symtab), 3, 1, 4, 16),
                struct.pack('<IIIIIIIIII', names['.strtab'], 3, 0, 0, str_off, len(strtab), 0, 0, 1, 0),
                struct.pack('<IIIIIIIIII', names['.shstrtab'], 3, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)]
    out[sh_off:] = b''.join(sections)
    return bytes(out)
