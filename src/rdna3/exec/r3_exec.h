/* RDNA3 executor: the dispatch table from every table row to its instruction function (built at
   compile time from the rows' handler column), the waves of a workgroup run together (s_barrier),
   and faults reported with wave, PC and instruction text. */
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
#define OP(name) void r3x_##name(r3_wave *w, const r3_xop *x)

/* Whether fn can park its wave until another workgroup acts (GWS, ordered count): kernels using one
   need their workgroups co-resident. */
int r3_ds_waits_on_device(r3_exec_fn fn);

/* Checks the dispatch table against the codec's rows (after r3_isa_init); returns 0 or -1. */
int r3_exec_init(void);
/* The function for a row, or NULL when the instruction is not implemented. */
r3_exec_fn r3_exec_fn_of(const r3_opinfo *op);
/* How many table rows have a function (for the coverage report). */
size_t r3_exec_count(void);

typedef struct {
    uint64_t instructions, lane_instructions;
    uint64_t by_class[R3C_COUNT];   /* r3_xclass */
    uint64_t workgroups, waves;
    r3_warnings warn;
} r3_stats;

/* Runs the waves of one workgroup as far as they can go: returns 0 when all ended, 1 when every
   wave still running waits on GWS or the ordered-count unit (run it again after a change) or, with
   a time slice (g->quantum), after one turn of every wave, or -1
   with the fault in err (wave, PC, instruction, reason). */
int r3_run_group(r3_group *g, r3_wave *waves, int nwaves, r3_stats *st, char *err, size_t errsize);

#endif
