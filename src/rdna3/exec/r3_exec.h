/* RDNA3 executor: the dispatch table from every table row to its instruction function (built at
   compile time from the rows' handler column), one wave's run on the SIMT core, and faults reported
   with wave, PC and instruction text. */
#ifndef WAVESIM_R3_EXEC_H
#define WAVESIM_R3_EXEC_H

#include "r3_wave.h"

/* The instruction functions: r3x_<handler> for the handler column of every row of the isa/rdna3 tables
   (the mnemonic without _e32/_e64; VOPD halves name their VOP2 form). The class files define them
   with OP(handler); a function that no row names has no prototype here, which -Wmissing-prototypes
   turns into a build error. */
#define R3OP(fmt, op, mn, opnds, opt, nb, handler) void r3x_##handler(r3_wave *w, const r3_xop *x);
#include "rdna3/codec/r3_rows.h"
#undef R3OP

/* (LANES_MULTIVERSION, common/lanes.h: the instruction functions and the fetch loop are also built for
   x86-64-v3) */
#define OP(name) LANES_MULTIVERSION void r3x_##name(r3_wave *w, const r3_xop *x)

/* Whether fn can park its wave until another workgroup acts (GWS, ordered count): kernels using one
   need their workgroups co-resident. */
int r3_ds_waits_on_device(r3_exec_fn fn);
/* Whether fn reads r3_wave.hz_prev (what the VALU instruction before it was: V_PERMLANE after V_CMPX,
   WMMA after WMMA): a program without one needs no hazard tracking (r3_xop.plain). */
int r3_reads_hazards(r3_exec_fn fn);
/* Both halves of a VOPD whose Y half reads nothing X writes: r3_xop.fn of such a VOPD. */
void r3_vopd_both(struct r3_wave *w, const r3_xop *x);
/* Whether fn has no effect at all (s_waitcnt, s_delay_alu, s_clause, s_nop, ...; r3_salu.c): the fast
   paths count such an instruction without calling it (r3_xop.absorb). */
int r3_does_nothing(r3_exec_fn fn);

/* One instruction as the fetch loop's long path runs it (VOPD pairing, hazard state), fast paths on;
   returns 1 when the wave blocked instead (r3_jit.c calls it for the instructions that are not
   r3_xop.plain). */
int r3_exec_step(r3_wave *w, const r3_xop *x);

/* Checks the dispatch table against the codec's rows (after r3_isa_init); returns 0 or -1. */
int r3_exec_init(void);
/* The function for a row, or NULL when the instruction is not implemented. */
r3_exec_fn r3_exec_fn_of(const r3_opinfo *op);
/* How many table rows have a function (for the coverage report). */
size_t r3_exec_count(void);

/* The one line of a wave's fault: where it is and why. */
void r3_fault_text(const r3_wave *w, char *err, size_t errsize);

/* Runs wave w (running on the SIMT core) until it reaches the barrier, waits on GWS or the
   ordered-count unit, ends or faults, or (max > 0) has run max instructions, counting into st.
   Returns 0, or -1 on a fault (w->fault_msg; r3_fault_text gives the line). */
int r3_wave_run(r3_group *g, r3_wave *w, uint64_t max, core_stats *st);

#endif
