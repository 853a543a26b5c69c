/* Assembler driver: source lines, labels, symbols and data directives; the ISA encodes instructions
   through a callback. Two passes, so labels may be used before they are defined. */
#ifndef WAVESIM_ASM_SOURCE_H
#define WAVESIM_ASM_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "asm_expr.h"

/* Encodes one instruction; writes up to 16 bytes. Returns the byte count, or -1 with err/errcol. */
typedef int (*asm_encode_fn)(void *isa_ctx, const char *text, const asm_expr_env *env, uint8_t *out, char *err,
                             size_t errsize, int *errcol);

typedef struct {
    uint32_t offset;   /* byte offset in .text */
    uint8_t size;      /* 0 for data directives */
} asm_item;

typedef struct {
    char name[64];
    int64_t value;
    int is_label;
    int is_global;
    int defined_pass;  /* the last pass that defined the label, -1 before */
} asm_symbol;

typedef struct {
    uint8_t *text;          /* the .text section */
    size_t text_size, text_cap;
    asm_item *items;        /* one per encoded instruction, in order */
    size_t nitems, items_cap;
    asm_symbol *syms;
    size_t nsyms, syms_cap;
    char error[512];        /* "file:line:col: error: message" */
} asm_result;

/* Assembles src; returns 0, or -1 with result->error set. Free the result with asm_result_free. */
int asm_source(const char *filename, const char *src, asm_encode_fn encode, void *isa_ctx, asm_result *result);
void asm_result_free(asm_result *result);

#endif
