/* wavesim toolchain API: the assembler, the disassembler and the executor coverage report of both
   ISAs, for programs (and the `wavesim` command) that work with instruction text and encodings.
   Text output goes through a ws_write_fn callback; nothing here prints or exits. Functions return 0,
   or -1 with one line in `err`. */
#ifndef WAVESIM_TOOLS_H
#define WAVESIM_TOOLS_H

#include <stddef.h>
#include <stdint.h>

#include "wavesim/wavesim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { WS_ISA_RDNA3, WS_ISA_VENTUS } ws_isa;

typedef struct {
    ws_isa isa;
    int wave64;                  /* RDNA3: assemble/disassemble for wave64 (VCC is 64 bits) */
    const char *mcpu;            /* RDNA3 code objects: the target (NULL: gfx1100) */
} ws_tool_options;

/* Whether mcpu names a GPU the RDNA3 code object writer knows (gfx1100, gfx1101, gfx1102, gfx1103,
   gfx1150, gfx1151). */
int ws_mcpu_supported(const char *mcpu);

/* Builds the instruction tables (every function here does it on first use); -1 when the tables
   compiled into this build are malformed. */
int ws_init(char *err, size_t errsize);

/* Assembly of `size` bytes of source text (a NUL inside is an error, as the text would end there).
   On success *out holds the assembled program until ws_assembly_free. Errors read
   "FILE:LINE:COL: error: MESSAGE". */
typedef struct ws_assembly ws_assembly;
int ws_assemble(const ws_tool_options *o, const char *source, size_t size, const char *filename, ws_assembly **out,
                char *err, size_t errsize);
/* One line per instruction or data item: its 32-bit words in hex, lowest address first. */
int ws_assembly_hex(const ws_assembly *a, ws_write_fn fn, void *ctx);
/* The object file: an HSA code object v5 (RDNA3) or an ELF32 with the code at 0x80000000 (Ventus),
   malloc'ed into *image. */
int ws_assembly_object(const ws_assembly *a, void **image, size_t *size, char *err, size_t errsize);
void ws_assembly_free(ws_assembly *a);

/* Disassembly of instruction words: one line of text per instruction (RDNA3 words it cannot decode
   print as ".long 0x... ; invalid|truncated"; Ventus branch targets relative to pc). */
int ws_disassemble_words(const ws_tool_options *o, const uint32_t *words, size_t n, uint64_t pc, ws_write_fn fn,
                         void *ctx);
/* Disassembly of an object file (an AMDGPU code object, or a RISC-V ELF32 for Ventus): every code
   section with its labels, addresses and words, in llvm-objdump -d's layout. */
int ws_disassemble_object(const ws_tool_options *o, const void *file, size_t size, ws_write_fn fn, void *ctx,
                          char *err, size_t errsize);

/* The executor's coverage of the RDNA3 tables: per encoding format "NAME  N of M" and a total line,
   or (missing_only) the mnemonic of every row without an implementation, one per line. */
int ws_isa_report(int missing_only, ws_write_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
