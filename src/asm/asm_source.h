/* Assembler driver: source lines, sections, labels, symbols, data and alignment directives. The ISA
   encodes instructions and its own block directives through callbacks. Two passes: the first sizes
   every section, the sections are then laid out at their final addresses, and the second pass
   encodes with every label known. */
#ifndef WAVESIM_ASM_SOURCE_H
#define WAVESIM_ASM_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "asm_expr.h"

enum { ASM_SEC_ALLOC = 1, ASM_SEC_WRITE = 2, ASM_SEC_EXEC = 4 };
enum { ASM_BIND_LOCAL, ASM_BIND_GLOBAL, ASM_BIND_WEAK };
enum { ASM_VIS_DEFAULT, ASM_VIS_HIDDEN, ASM_VIS_PROTECTED };
enum { ASM_TYPE_NONE, ASM_TYPE_FUNC, ASM_TYPE_OBJECT };

typedef struct {
    char name[48];
    uint32_t flags;          /* ASM_SEC_* */
    uint32_t align;
    uint8_t *data;
    size_t size, cap;
    uint64_t addr;           /* load address, fixed after the first pass */
} asm_section;

typedef struct {
    char name[96];
    int64_t value;           /* absolute value, or the label's address once laid out */
    int section;             /* index of the section a label is in, -1 for absolute symbols */
    int64_t offset;          /* a label's offset within its section */
    uint8_t binding, visibility, type;
    uint64_t size;
    int defined_pass;        /* the last pass that defined it, -1 before */
    char *deferred;          /* `sym = expr` naming symbols set later: expr, evaluated when used */
    int deferred_pass;       /* deferred_value/_kind cache the value in this pass (-1: none)... */
    uint64_t deferred_gen;   /* ...while no symbol has been defined since */
    int deferred_kind;
    int64_t deferred_value;
    uint8_t relocatable;     /* an assigned value that depends on a label's address */
} asm_symbol;

typedef struct {
    int section;
    uint32_t offset;         /* within the section */
    uint8_t size;
} asm_item;

/* Data holding a label's address (.quad/.long of a relocatable value in an allocated section): an
   image loaded elsewhere than its link address must relocate it. */
typedef struct {
    int section;
    uint64_t offset;         /* within the section */
    uint8_t size;            /* 1, 2, 4 or 8 bytes (a writer may relocate only some sizes) */
} asm_addr_ref;

/* An instruction ending in a literal that llvm-mc's relocatable object leaves to a relocation (its
   bytes there are zero); the assembler writes the value a linker gives it, which needs nothing but
   this image when linkable. */
typedef struct {
    int section;
    uint64_t offset;         /* of the instruction within the section */
    uint8_t linkable;
    char undefined[64];      /* the symbol it refers to when none is defined ("" otherwise; cut at 63) */
    int line;                /* its source line */
} asm_reloc_site;

/* Encodes one instruction; writes up to 16 bytes. Returns the byte count, or -1 with err/errcol. */
typedef int (*asm_encode_fn)(void *isa_ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err,
                             size_t errsize, int *errcol);

/* An ISA block directive (".amdhsa_kernel NAME" ... ".end_amdhsa_kernel"): gets the block's lines and
   returns the bytes to emit at the current position (at most 256), or -1 with err. A non-empty
   `label` names a global object the driver defines over those bytes (e.g. NAME.kd). */
typedef int (*asm_block_fn)(void *isa_ctx, const char *directive, const char *args, char *const *lines, int nlines,
                            const asm_expr_env *env, uint8_t *out, char *label, size_t labelsize, char *err,
                            size_t errsize);

typedef struct asm_result asm_result;

/* An ISA directive that records a property of the object being built (AMD's .amdgcn_target and
   .amdhsa_code_object_version): returns 1 when it took the directive (name, len bytes), 0 when the
   directive is not the ISA's, -1 with err. */
typedef int (*asm_directive_fn)(void *isa_ctx, const char *name, size_t len, const char *args,
                                const asm_expr_env *env, asm_result *r, char *err, size_t errsize);

typedef struct {
    void *ctx;
    asm_encode_fn encode;
    asm_block_fn block;
    const char *const *block_directives; /* pairs: start, end; NULL-terminated */
    const char *const *insn_directives;  /* directives that are instructions (".insn"); NULL-terminated */
    uint64_t load_base;                  /* address of the first section (0: the default) */
    /* a start and an end directive whose lines are kept verbatim in asm_result.text_block (AMD's
       .amdgpu_metadata YAML); NULLs when the ISA has none */
    const char *text_block[2];
    asm_directive_fn directive;          /* NULL when the ISA has none */
} asm_isa;

struct asm_result {
    asm_section *secs;
    int nsecs, secs_cap;
    asm_item *items;         /* one per encoded instruction, in order */
    size_t nitems, items_cap;
    asm_symbol *syms;
    size_t nsyms, syms_cap;
    uint32_t *sym_slots;     /* hash index over syms (index + 1, 0 empty), sym_nslots a power of two */
    size_t sym_nslots;
    asm_addr_ref *addr_refs; /* every datum holding a label's address, in order */
    size_t naddr_refs, addr_refs_cap;
    char *text_block;        /* the lines of the ISA's text block (asm_isa.text_block), if any */
    asm_reloc_site *relocs;  /* instructions whose last dword llvm-mc leaves to a relocation */
    size_t nrelocs, relocs_cap;
    int object_version;      /* the object format version an ISA directive asked for; 0: the default */
    char error[512];         /* "file:line:col: error: message" */
};

/* Assembles src; returns 0, or -1 with result->error set. Free the result with asm_result_free. */
int asm_source(const char *filename, const char *src, const asm_isa *isa, asm_result *result);
void asm_result_free(asm_result *result);
int asm_find_section(const asm_result *r, const char *name);
const asm_symbol *asm_find_symbol(const asm_result *r, const char *name);

#endif
