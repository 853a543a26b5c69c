/* RDNA3 translation tier: the execution form of a program translated at load time into x86-64
   host code that calls each instruction's function directly, one call after another in program
   order, with the fetch loop's bookkeeping (PC, instruction and lane counts, the checks for a fault,
   a stop or a branch) as a few host instructions between the calls. The interpreter (r3_exec.c) stays
   the reference: it runs every instruction the translation does not take, traced runs, runs whose
   workgroups take turns (co-resident) and --no-fast-paths / --no-translate runs. */
#ifndef WAVESIM_R3_JIT_H
#define WAVESIM_R3_JIT_H

#include <stddef.h>
#include <stdint.h>

#include "r3_xop.h"

struct r3_wave;

typedef struct r3_jit {
    uint8_t *code;            /* host code (read and execute only once built); NULL: no translation
                                 (not an x86-64 Linux host, no POPCNT, or the mapping was refused) */
    size_t size;
    uint32_t *entry;          /* per instruction index: where its code starts in `code` */
    uint32_t *len;            /* per instruction index: how many instructions at most run from there
                                 before the code returns (0: not translated) */
    uint32_t (*classes)[R3C_COUNT]; /* [i][c]: instructions of class c before index i (the statistics
                                       of a run from its length) */
} r3_jit;

/* Translates the n execution forms `ops` (one program for one wave size, r3_xprog.ops). Returns 0;
   j->code stays NULL when this host cannot run translated code, and -1 only when out of memory. */
int r3_jit_build(r3_jit *j, const r3_xop *ops, size_t n, int wave64);
void r3_jit_free(r3_jit *j);

/* Runs wave w's translated code from instruction index k (j->len[k] > 0, the group's instruction
   budget at least j->len[k]) until a branch is taken, the wave stops, blocks or faults, or the
   translated run ends. Counts w->core.icount and by_class as the fetch loop does; returns the
   lane-instructions executed. */
uint64_t r3_jit_run(const r3_jit *j, size_t k, struct r3_wave *w, uint64_t *by_class);

#endif
