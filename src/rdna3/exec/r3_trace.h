/* RDNA3 instruction trace: what a traced instruction changed, as one line of text. */
#ifndef WAVESIM_R3_TRACE_H
#define WAVESIM_R3_TRACE_H

#include "r3_wave.h"

/* Saves the registers the trace compares (SGPRs, SCC, the kernel's VGPRs). */
void r3_trace_before(const r3_wave *w, r3_trace_snap *s);
/* Reports the instruction that just ran with every register whose contents changed. */
void r3_trace_after(const r3_wave *w, const r3_inst *in, r3_trace_snap *s, r3_trace_fn fn, void *ctx);

#endif
