/* Commit-log lines in the format of the reference spike-based Ventus simulator (reference 3.1). */
#ifndef WAVESIM_VT_TRACE_H
#define WAVESIM_VT_TRACE_H

#include <stddef.h>

#include "vt_exec.h"

/* Formats the two lines of one committed instruction (its text, then its writes), each ending in a
   newline; returns the length (truncated to size). */
size_t vt_spike_format(const vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in, char *out, size_t size);

#endif
