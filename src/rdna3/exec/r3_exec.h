/* RDNA3 executor: binds every table row to its instruction function, runs waves of a workgroup
   together (s_barrier), and reports faults with wave, PC and instruction text. */
#ifndef WAVESIM_R3_EXEC_H
#define WAVESIM_R3_EXEC_H

#include "r3_wave.h"

typedef struct {
    const char *name;   /* the mnemonic without _e32/_e64 */
    r3_exec_fn fn;
} r3_handler;

/* Each instruction class lists its functions. */
extern const r3_handler r3_salu_handlers[], r3_vmem_handlers[], r3_valu_int_handlers[], r3_valu_float_handlers[],
    r3_valu_cvt_handlers[], r3_valu_cmp_handlers[], r3_valu_lane_handlers[], r3_valu_packed_handlers[], r3_valu_wmma_handlers[],
    r3_buffer_handlers[], r3_ds_handlers[];
extern const size_t r3_salu_nhandlers, r3_vmem_nhandlers, r3_valu_int_nhandlers, r3_valu_float_nhandlers,
    r3_valu_cvt_nhandlers, r3_valu_cmp_nhandlers, r3_valu_lane_nhandlers, r3_valu_packed_nhandlers, r3_valu_wmma_nhandlers,
    r3_buffer_nhandlers, r3_ds_nhandlers;

/* Whether fn can park its wave until another workgroup acts (GWS, ordered count): kernels using one
   need their workgroups co-resident. */
int r3_ds_waits_on_device(r3_exec_fn fn);

/* Builds the row -> function table once (after r3_isa_init); returns 0 or -1. */
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
