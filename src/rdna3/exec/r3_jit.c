/* RDNA3 translation tier (r3_jit.h): x86-64 host code for a program (one per wave size), written once
   at load time.

   Why: the fetch loop spends most of its time outside the instruction functions, and above all in
   its one indirect call, which the host predicts badly when a loop body's thirty instructions all
   go through it. Translated code calls each function from a call site of its own, and keeps the
   loop's bookkeeping as stores and counts between the calls.

   The code for one instruction (wave register rbx, lane count r12):
       w->inst_pc = PC; w->pc = NEXT            (what the fetch loop stores before a call)
       r12 += popcount(EXEC)                      (the lanes it counts, EXEC as the call finds it;
                                                   exec_lo, or both halves in wave64)
       fn(w, x)                                   (non-plain instructions: r3_exec_step, which
                                                   returns nonzero when the wave blocked, uncounted)
       w->core.icount++                           (the classes counted afterwards: r3_jit_run)
       return if w->fault, w->core.state != RUNNING, or w->pc != NEXT (a branch was taken)
   An instruction that does nothing (r3_does_nothing) is only counted. Straight-line instructions
   follow each other; the code returns after the last one of a run, and before an instruction that
   is not implemented (the fetch loop reports it). Every instruction's code starts in the same state,
   so a run may be entered at any instruction (a branch target). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "r3_jit.h"

#include <stdlib.h>
#include <string.h>

#include "r3_exec.h"

#if defined(__x86_64__) && defined(__linux__)
#define R3_JIT_HOST 1
#include <sys/mman.h>
#else
#define R3_JIT_HOST 0
#endif

/* the byte sizes this code emits at most per instruction, and for the prologue and epilogue; the
   prologue starts R3_JIT_FRAME bytes into the mapping, since clang's -fsanitize=function reads the 8
   bytes before a function it calls through a pointer (the fuzzers' build) */
#define R3_JIT_MAX_OP 160
#define R3_JIT_FRAME 48

typedef struct {
    uint8_t *p;
} r3_emit;

static void put8(r3_emit *e, unsigned v) { *e->p++ = (uint8_t)v; }
static void put32(r3_emit *e, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        put8(e, v >> (8 * i) & 0xff);
}
static void put64(r3_emit *e, uint64_t v)
{
    put32(e, (uint32_t)v);
    put32(e, (uint32_t)(v >> 32));
}
static void put_bytes(r3_emit *e, const char *bytes, size_t n)
{
    memcpy(e->p, bytes, n);
    e->p += n;
}

/* Field offsets in r3_wave, as 32-bit displacements from rbx. */
#define OFF_PC ((uint32_t)offsetof(r3_wave, pc))
#define OFF_INST_PC ((uint32_t)offsetof(r3_wave, inst_pc))
#define OFF_EXEC ((uint32_t)offsetof(r3_wave, sgpr[126]))
#define OFF_FAULT ((uint32_t)offsetof(r3_wave, fault))
#define OFF_STATE ((uint32_t)(offsetof(r3_wave, core) + offsetof(core_wave, state)))
#define OFF_ICOUNT ((uint32_t)(offsetof(r3_wave, core) + offsetof(core_wave, icount)))

/* mov dword [rbx + off], imm32 */
static void st32(r3_emit *e, uint32_t off, uint32_t v)
{
    put8(e, 0xc7), put8(e, 0x83), put32(e, off), put32(e, v);
}

/* jne to `to` (rel32) */
static void jne(r3_emit *e, const uint8_t *to)
{
    put8(e, 0x0f), put8(e, 0x85);
    put32(e, (uint32_t)(int32_t)(to - (e->p + 4)));
}

/* the count after an instruction: w->core.icount++ (the classes follow from how many ran: r3_jit_run) */
static void count(r3_emit *e)
{
    put8(e, 0x48), put8(e, 0xff), put8(e, 0x83), put32(e, OFF_ICOUNT); /* inc qword [rbx + icount] */
}

/* r12 += popcount(EXEC): exec_lo, or exec_lo and exec_hi (adjacent SGPRs) as one qword in wave64 */
static void count_lanes(r3_emit *e, int wave64)
{
    if (wave64) {
        put8(e, 0x48), put8(e, 0x8b), put8(e, 0x83), put32(e, OFF_EXEC); /* mov rax, [rbx + exec] */
        put_bytes(e, "\xf3\x48\x0f\xb8\xc0", 5);                     /* popcnt rax, rax */
    } else {
        put8(e, 0x8b), put8(e, 0x83), put32(e, OFF_EXEC); /* mov eax, [rbx + exec] */
        put_bytes(e, "\xf3\x0f\xb8\xc0", 4);              /* popcnt eax, eax */
    }
    put_bytes(e, "\x49\x01\xc4", 3); /* add r12, rax */
}

/* call fn(w, x): rdi = rbx, rsi = x; a direct call when fn is within 2 GiB (the code is requested next to
   wavesim's own, r3_jit_build), else through rax */
static void call(r3_emit *e, const void *fn, const r3_xop *x)
{
    put_bytes(e, "\x48\x89\xdf", 3); /* mov rdi, rbx */
    put8(e, 0x48), put8(e, 0xbe), put64(e, (uint64_t)(uintptr_t)x);
    intptr_t rel = (intptr_t)fn - (intptr_t)(e->p + 5);
    if (rel >= INT32_MIN && rel <= INT32_MAX) {
        put8(e, 0xe8), put32(e, (uint32_t)(int32_t)rel); /* call rel32 */
        return;
    }
    put8(e, 0x48), put8(e, 0xb8), put64(e, (uint64_t)(uintptr_t)fn);
    put_bytes(e, "\xff\xd0", 2); /* call rax */
}

/* An instruction the translation takes: implemented. */
static int r3_jit_takes(const r3_xop *x) { return x->fn != NULL; }

/* The code of instruction x (which `exit` leaves through). */
static void r3_jit_op(r3_emit *e, const r3_xop *x, int wave64, const uint8_t *exit)
{
    uint32_t pc = x->next_pc - 4u * x->in->nwords;
    if (!x->y && r3_does_nothing(x->fn)) { /* counted, not run */
        st32(e, OFF_PC, x->next_pc);
        count_lanes(e, wave64);
        count(e);
        return;
    }
    st32(e, OFF_INST_PC, pc);
    st32(e, OFF_PC, x->next_pc);
    if (x->plain) {
        count_lanes(e, wave64);
        call(e, (const void *)x->fn, x);
    } else {
        if (wave64) /* mov r15, [rbx + exec] (the qword of exec_lo and exec_hi) */
            put8(e, 0x4c), put8(e, 0x8b), put8(e, 0xbb), put32(e, OFF_EXEC);
        else /* mov r15d, [rbx + exec] */
            put8(e, 0x44), put8(e, 0x8b), put8(e, 0xbb), put32(e, OFF_EXEC);
        call(e, (const void *)r3_exec_step, x);
        put_bytes(e, "\x85\xc0", 2); /* test eax, eax: blocked, not counted */
        jne(e, exit);
        if (wave64)
            put_bytes(e, "\xf3\x4d\x0f\xb8\xff", 5); /* popcnt r15, r15 */
        else
            put_bytes(e, "\xf3\x45\x0f\xb8\xff", 5); /* popcnt r15d, r15d */
        put_bytes(e, "\x4d\x01\xfc", 3);         /* add r12, r15 */
    }
    count(e);
    put8(e, 0x83), put8(e, 0xbb), put32(e, OFF_FAULT), put8(e, 0); /* cmp dword [rbx + fault], 0 */
    jne(e, exit);
    if (x->plain && (x->cls == R3C_VALU || x->cls == R3C_VOPD || x->cls == R3C_VMEM || x->cls == R3C_LDS ||
                     x->cls == R3C_SMEM))
        return; /* (vector, memory and scalar-load instructions neither branch nor stop a wave) */
    put8(e, 0x80), put8(e, 0xbb), put32(e, OFF_STATE), put8(e, CORE_WAVE_RUNNING); /* cmp byte [state] */
    jne(e, exit);
    put8(e, 0x81), put8(e, 0xbb), put32(e, OFF_PC), put32(e, x->next_pc); /* cmp dword [rbx + pc], NEXT */
    jne(e, exit);
}

int r3_jit_build(r3_jit *j, const r3_xop *ops, size_t n, int wave64)
{
    memset(j, 0, sizeof *j);
#if R3_JIT_HOST
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !n)
        return 0;
    size_t taken = 0;
    for (size_t i = 0; i < n; i++)
        taken += r3_jit_takes(&ops[i]);
    if (!taken)
        return 0;
    j->entry = calloc(n, sizeof *j->entry);
    j->len = calloc(n, sizeof *j->len);
    j->classes = calloc(n + 1, sizeof *j->classes);
    if (!j->entry || !j->len || !j->classes) {
        r3_jit_free(j);
        return -1;
    }
    size_t size = 3 * R3_JIT_FRAME + taken * (R3_JIT_MAX_OP + 8);
    size = (size + 4095) & ~(size_t)4095;
    /* asked for below wavesim's code (a hint only), where calls to the instruction functions can
       be direct */
    uintptr_t near = ((uintptr_t)(const void *)r3_exec_step & ~(uintptr_t)0xfffff) - ((uintptr_t)64 << 20);
    void *mem = mmap((void *)(near - size), size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) { /* (no translation: the interpreter runs everything) */
        r3_jit_free(j);
        return 0;
    }
    uint8_t *code = mem;
    r3_emit e = {code + R3_JIT_FRAME};
    /* entry (r3_jit_run): rdi = w, rsi = where to start; five pushes keep the stack 16-byte aligned
       at the calls */
    put_bytes(&e, "\x53\x41\x54\x41\x55\x41\x56\x41\x57", 9); /* push rbx, r12, r13, r14, r15 */
    put_bytes(&e, "\x48\x89\xfb", 3);                         /* mov rbx, rdi */
    put_bytes(&e, "\x45\x31\xe4", 3);                         /* xor r12d, r12d */
    put_bytes(&e, "\xff\xe6", 2);                             /* jmp rsi */
    e.p = code + 2 * R3_JIT_FRAME;
    const uint8_t *exit = e.p; /* return the lane count */
    put_bytes(&e, "\x4c\x89\xe0", 3);                             /* mov rax, r12 */
    put_bytes(&e, "\x41\x5f\x41\x5e\x41\x5d\x41\x5c\x5b\xc3", 10); /* pop r15 .. rbx; ret */
    e.p = code + 3 * R3_JIT_FRAME;
    for (size_t i = 0; i < n; i++) {
        if (!r3_jit_takes(&ops[i]))
            continue;
        j->entry[i] = (uint32_t)(e.p - code);
        r3_jit_op(&e, &ops[i], wave64, exit);
        if (!(ops[i].seq && i + 1 < n && r3_jit_takes(&ops[i + 1]))) { /* the run ends */
            put8(&e, 0xe9);
            put32(&e, (uint32_t)(int32_t)(exit - (e.p + 4)));
        }
    }
    for (size_t i = 0; i < n; i++) {
        memcpy(j->classes[i + 1], j->classes[i], sizeof j->classes[i]);
        j->classes[i + 1][ops[i].cls]++;
    }
    for (size_t i = n; i-- > 0;) /* instructions run at most from each entry: the budget it needs */
        if (r3_jit_takes(&ops[i]))
            j->len[i] = 1 + (ops[i].seq && i + 1 < n ? j->len[i + 1] : 0);
    if (mprotect(mem, size, PROT_READ | PROT_EXEC)) {
        munmap(mem, size);
        r3_jit_free(j);
        return 0;
    }
    j->code = code;
    j->size = size;
#else
    (void)ops, (void)n, (void)wave64;
#endif
    return 0;
}

void r3_jit_free(r3_jit *j)
{
#if R3_JIT_HOST
    if (j->code)
        munmap(j->code, j->size);
#endif
    free(j->entry);
    free(j->len);
    free(j->classes);
    memset(j, 0, sizeof *j);
}

uint64_t r3_jit_run(const r3_jit *j, size_t k, r3_wave *w, uint64_t *by_class)
{
    uint64_t (*run)(r3_wave *, const void *);
    const void *code = j->code + R3_JIT_FRAME; /* (ISO C converts no object pointer to a function
                                                  pointer: copied) */
    memcpy(&run, &code, sizeof run);
    uint64_t before = w->core.icount, lanes = run(w, j->code + j->entry[k]);
    /* what ran is instructions k, k + 1, ... in a row: their classes from the running counts */
    size_t end = k + (size_t)(w->core.icount - before);
    for (int c = 0; c < R3C_COUNT; c++)
        by_class[c] += j->classes[end][c] - j->classes[k][c];
    return lanes;
}
