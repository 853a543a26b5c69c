/* RDNA3 symbolic 16-bit operands (s_waitcnt, s_delay_alu, sendmsg, hwreg, depctr, buffer formats):
   text as LLVM 19 prints it, and the names the assembler accepts. */
#ifndef WAVESIM_R3_SYMBOLIC_H
#define WAVESIM_R3_SYMBOLIC_H

#include <stddef.h>

void r3_waitcnt_text(unsigned v, char *buf, size_t size);
void r3_delay_alu_text(unsigned v, char *buf, size_t size);
void r3_sendmsg_text(unsigned v, const char *mnemonic, char *buf, size_t size);
void r3_hwreg_text(unsigned v, char *buf, size_t size);
void r3_depctr_text(unsigned v, char *buf, size_t size);
/* Empty text for the default format (1), which LLVM leaves out. */
void r3_buffer_format_text(unsigned v, char *buf, size_t size);

void r3_swizzle_text(unsigned v, char *buf, size_t size);
/* Returns 0 when the value has no symbolic form and prints as a plain immediate. */
int r3_version_text(unsigned v, char *buf, size_t size);

/* Name tables shared by printer and parser; NULL where a value has no name. */
const char *r3_sendmsg_name(unsigned id);
const char *r3_hwreg_name(unsigned id);
const char *r3_buffer_format_name(unsigned v);
/* The name LLVM gives export target v (0..63; invalid ones are "invalid_target_N"). */
const char *r3_exp_target_name(unsigned v);
extern const char *const r3_delay_instid_names[16];
extern const char *const r3_delay_skip_names[8];

typedef struct {
    const char *name;
    unsigned lo, width, dflt;
} r3_depctr_field;
extern const r3_depctr_field r3_depctr_fields[7];

#endif
