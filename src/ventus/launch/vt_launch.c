/* Ventus test-vector launches: metadata/data parsing, buffer placement, per-workgroup CSR values
   and LDS, and the launch's workgroups handed to the SIMT core's dispatcher (each has its own LDS
   and private region, so the results do not depend on the thread count). */
#define _POSIX_C_SOURCE 200809L
#include "vt_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core_pool.h"
#include "core/core_simt.h"
#include "ventus/codec/vt_isa.h"

#define VT_DEFAULT_BUDGET 2000000000ull
#define VT_MAX_CODE (16u << 20) /* bytes of code predecoded at most */

/* Each byte's value as a hex digit plus one, 0 for the other bytes. */
static const uint8_t vt_hex1[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* The value of a hex digit, -1 for any other character. */
static inline int vt_hex_digit(char c)
{
    return vt_hex1[(unsigned char)c] - 1;
}

/* Reads the first hex token of each line ("//" comments and text after the token ignored). */
static int vt_hex_words(const char *text, uint32_t **out, size_t *n, char *err, size_t errsize)
{
    size_t cap = 1024, count = 0, line = 1;
    uint32_t *w = malloc(cap * sizeof *w);
    if (!w)
        return snprintf(err, errsize, "out of memory"), -1;
    for (const char *p = text; *p;) {
        const unsigned char *u = (const unsigned char *)p;
        if (count < cap && vt_hex1[u[0]] && vt_hex1[u[1]] && vt_hex1[u[2]] && vt_hex1[u[3]] && vt_hex1[u[4]] &&
            vt_hex1[u[5]] && vt_hex1[u[6]] && vt_hex1[u[7]] && u[8] == '\n') {
            /* the common line, eight digits and a newline: no loops (the && chain stops at a NUL) */
#define VT_NIBBLE(k) ((uint32_t)(vt_hex1[u[k]] - 1) << (28 - 4 * (k)))
            w[count++] = VT_NIBBLE(0) | VT_NIBBLE(1) | VT_NIBBLE(2) | VT_NIBBLE(3) | VT_NIBBLE(4) | VT_NIBBLE(5) |
                         VT_NIBBLE(6) | VT_NIBBLE(7);
#undef VT_NIBBLE
            p += 9, line++;
            continue;
        }
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (*p && *p != '\n' && !(p[0] == '/' && p[1] == '/')) {
            const char *s = p;
            if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
                s += 2;
            uint64_t v = 0;
            int digits = 0;
            for (int d; (d = vt_hex_digit(*s)) >= 0; s++, digits++) /* (a call per character was most of a load) */
                v = v << 4 | (uint64_t)d;
            if (!digits || digits > 8) {
                free(w);
                return snprintf(err, errsize, "line %zu: expected one 32-bit hex word", line), -1;
            }
            if (count == cap) {
                uint32_t *nw = realloc(w, 2 * cap * sizeof *w);
                if (!nw) {
                    free(w);
                    return snprintf(err, errsize, "out of memory"), -1;
                }
                w = nw;
                cap *= 2;
            }
            w[count++] = (uint32_t)v;
            p = s;
        }
        while (*p && *p != '\n')
            p++;
        if (*p == '\n')
            p++, line++;
    }
    *out = w;
    *n = count;
    return 0;
}

int vt_data_parse(const char *text, uint32_t **words, size_t *nwords, char *err, size_t errsize)
{
    return vt_hex_words(text, words, nwords, err, errsize);
}

int vt_meta_parse(const char *text, vt_meta *m, char *err, size_t errsize)
{
    uint32_t *w;
    size_t n;
    memset(m, 0, sizeof *m);
    if (vt_hex_words(text, &w, &n, err, errsize))
        return -1;
    /* the header before the buffer table: 48 words in the newer layout (start PC, the 13 fields, then
       work_dim, global and local thread counts and the global id offset per dimension: ventus-gpgpu's
       vecadd_0_full.metadata, 90 words with its 7 buffers), 28 with a start PC, 26 in the oldest; the
       lengths cannot coincide (48 - 28 and 28 - 26 are not multiples of 6) */
    static const size_t heads[3] = {48, 28, 26};
    int layout = -1;
    for (int k = 0; k < 3 && layout < 0; k++) {
        size_t head = heads[k];
        if (n >= head && w[head - 2] <= VT_MAX_BUFFERS && !w[head - 1] && n == head + 6 * (size_t)w[head - 2])
            layout = k;
    }
    if (layout < 0) {
        free(w);
        return snprintf(err, errsize, "malformed metadata: %zu words fit no layout (48, 28 or 26 words then 6 per "
                        "buffer, at most %d buffers)", n, VT_MAX_BUFFERS), -1;
    }
    int has_pc = layout < 2;
    const uint32_t *p = w;
#define U64() (p += 2, (uint64_t)p[-2] | (uint64_t)p[-1] << 32)
    m->has_pc = has_pc;
    m->start_pc = has_pc ? U64() : 0x80000000u;
    m->kernel_id = U64();
    for (int i = 0; i < 3; i++)
        m->kernel_size[i] = U64();
    m->wf_size = U64();
    m->wg_size = U64();
    m->knl_base = U64();
    m->lds_size = U64();
    m->pds_size = U64();
    m->sgpr = U64();
    m->vgpr = U64();
    m->pds_base = U64();
    if (layout == 0) {
        m->has_ndrange = 1;
        m->work_dim = U64();
        for (int i = 0; i < 3; i++)
            m->nthread_global[i] = U64();
        for (int i = 0; i < 3; i++)
            m->nthread_local[i] = U64();
        for (int i = 0; i < 3; i++)
            m->tid_offset[i] = U64();
    }
    m->nbuf = (uint32_t)U64();
    for (uint32_t i = 0; i < m->nbuf; i++)
        m->base[i] = U64();
    for (uint32_t i = 0; i < m->nbuf; i++)
        m->size[i] = U64();
    for (uint32_t i = 0; i < m->nbuf; i++)
        m->alloc[i] = U64();
#undef U64
    free(w);
    if (m->wf_size < 1 || m->wf_size > VT_MAX_LANES || (m->wf_size & (m->wf_size - 1)))
        return snprintf(err, errsize, "threads per warp %llu: must be a power of two up to %d",
                        (unsigned long long)m->wf_size, VT_MAX_LANES), -1;
    if (m->wg_size < 1 || m->wg_size > 1024)
        return snprintf(err, errsize, "warps per workgroup %llu: must be 1..1024", (unsigned long long)m->wg_size), -1;
    for (int i = 0; i < 3; i++)
        if (m->kernel_size[i] < 1 || m->kernel_size[i] > 0xffffffffu)
            return snprintf(err, errsize, "kernel size %d is %llu", i, (unsigned long long)m->kernel_size[i]), -1;
    if (m->start_pc > 0xffffffffu || m->knl_base > 0xffffffffu || m->pds_base > 0xffffffffu ||
        m->lds_size > (1u << 28) || m->pds_size > (1u << 24))
        return snprintf(err, errsize, "an address or size of the metadata is outside the 32-bit device"), -1;
    for (int i = 0; m->has_ndrange && i < 3; i++)
        if (m->nthread_global[i] > 0xffffffffu || m->nthread_local[i] - 1 > 1023 || m->tid_offset[i] > 0xffffffffu)
            return snprintf(err, errsize, "NDRange field of dimension %d out of range (global %llu, local %llu, "
                            "offset %llu)", i, (unsigned long long)m->nthread_global[i],
                            (unsigned long long)m->nthread_local[i], (unsigned long long)m->tid_offset[i]), -1;
    for (uint32_t i = 0; i < m->nbuf; i++)
        if (m->base[i] + m->alloc[i] > 0x100000000ull || m->size[i] > m->alloc[i])
            return snprintf(err, errsize, "buffer %u (0x%llx, size 0x%llx, allocation 0x%llx) does not fit", i,
                            (unsigned long long)m->base[i], (unsigned long long)m->size[i],
                            (unsigned long long)m->alloc[i]), -1;
    return 0;
}

int vt_mem_ensure(core_mem *mem, uint64_t base, uint64_t size)
{
    if (!size)
        return 0;
    if (core_mem_ptr(mem, base, size))
        return 0; /* an earlier launch's buffer holds it: its contents stay */
    /* the runtime freed what this overlaps and handed the address out again */
    for (size_t i = 0; i < mem->n;) {
        const core_alloc *a = &mem->allocs[i];
        if (a->base < base + size && base < a->base + a->size && core_mem_release(mem, a->base) == 0)
            continue;
        i++;
    }
    /* whole 4 KiB pages, as the reference device maps them (a partial warp may read past a small
       buffer), but never into the next allocation */
    uint64_t end = (base + size + 4095) & ~4095ull;
    for (size_t i = 0; i < mem->n; i++)
        if (mem->allocs[i].base >= base + size && mem->allocs[i].base < end)
            end = mem->allocs[i].base;
    return core_mem_alloc_at(mem, base, end - base);
}

/* A launch on the SIMT core: what every workgroup shares. */
typedef struct {
    core_mem *mem;
    const vt_meta *m;
    const vt_code *code;
    const vt_run_options *o;
} vt_run_ctx;

static void *vt_slot_new(void *ctx, int thread)
{
    const vt_run_ctx *r = ctx;
    (void)thread;
    vt_group *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    if (vt_group_alloc(g, (uint32_t)r->m->wg_size, (uint32_t)r->m->wf_size)) {
        vt_group_free(g);
        free(g);
        return NULL;
    }
    return g;
}

static void vt_slot_free(void *ctx, void *slot)
{
    (void)ctx;
    vt_group_free(slot);
    free(slot);
}

/* Workgroup cg->item: its CSR values and warps (the core gave its ids: x fastest, as the driver
   numbers workgroups). */
static int vt_start(void *ctx, void *slot, core_group *cg, char *err, size_t errsize)
{
    const vt_run_ctx *r = ctx;
    const vt_meta *m = r->m;
    vt_group *g = slot;
    (void)err, (void)errsize;
    g->code = r->code;
    g->mem = r->mem;
    g->core = cg;
    /* crt0 builds put a per-warp spill stack (1 KiB, or 1 MiB in some builds) below the
       workgroup's __local data, so the window is spike's whole 256 MiB LDS region; the host maps
       only the pages a workgroup touches */
    g->lds_size = VT_LDS_WINDOW;
    g->csr_knl = (uint32_t)m->knl_base;
    g->csr_pds = (uint32_t)(m->pds_base + cg->item * m->pds_size * g->numt * g->numw);
    g->wgid = (uint32_t)cg->item;
    g->pds_size = (uint32_t)m->pds_size;
    g->has_ndrange = m->has_ndrange;
    for (int d = 0; d < 3; d++) {
        g->nd_global[d] = (uint32_t)m->nthread_global[d];
        g->nd_local[d] = (uint32_t)m->nthread_local[d];
        g->nd_offset[d] = (uint32_t)m->tid_offset[d];
        g->ksize[d] = (uint32_t)m->kernel_size[d];
    }
    for (int d = 0; d < 3; d++)
        g->gid[d] = cg->id[d];
    g->tracing = r->o->trace != NULL;
    g->fast_paths = !r->o->no_fast_paths;
    g->fast32 = g->fast_paths && g->numt == 32;
    g->on_commit = r->o->trace;
    g->trace_ctx = r->o->trace_ctx;
    vt_group_reset(g, (uint32_t)m->start_pc);
    cg->waves = g->wave_ptrs;
    cg->nwaves = (int)g->numw;
    return 0;
}

static int vt_turns(void *slot, core_group *cg, core_stats *st, int *fault_wave)
{
    (void)cg;
    return vt_group_turns(slot, st, fault_wave);
}

/* "workgroup N warp W pc P (instruction): why" */
static void vt_fault_text(void *slot, core_group *cg, core_wave *w, char *buf, size_t size)
{
    const vt_group *g = slot;
    const vt_code *c = g->code;
    char text[96] = "";
    uint32_t idx = (g->fault_pc - c->base) / 4;
    (void)w;
    if (g->fault_pc >= c->base && idx < c->count)
        vt_print(&c->insts[idx], g->fault_pc, NULL, NULL, text, sizeof text);
    for (char *t = text; *t; t++)
        if (*t == '\t')
            *t = ' ';
    snprintf(buf, size, "workgroup %llu warp %u pc 0x%08x (%s): %s", (unsigned long long)cg->item, g->fault_warp,
             g->fault_pc, text[0] ? text : "?", g->fault);
}

static void vt_finish(void *ctx, void *slot, core_group *cg, int rc)
{
    (void)ctx, (void)cg, (void)rc;
    vt_group_lds_clear(slot);
}

static const core_isa vt_core_isa = {CORE_SCHED_ROUND_ROBIN, vt_slot_new, vt_slot_free, vt_start, NULL, vt_turns,
                                     vt_fault_text, vt_finish};

int vt_launch_dispatch(core_mem *mem, const vt_meta *m, const vt_run_options *o, vt_stats *stats, char *err,
                       size_t errsize)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* the code: the initialised part of the buffer holding the start PC (the allocation when no
       buffer of the launch lists it), predecoded once */
    uint32_t pc = (uint32_t)m->start_pc;
    const core_alloc *code_alloc = core_mem_lookup(mem, pc);
    if (!code_alloc)
        return snprintf(err, errsize, "start pc 0x%08x is not in any buffer", pc), -1;
    uint64_t code_base = code_alloc->base, code_size = code_alloc->size;
    for (uint32_t i = 0; i < m->nbuf; i++)
        if (pc >= m->base[i] && pc - m->base[i] < m->size[i])
            code_base = m->base[i], code_size = m->size[i];
    if (code_size > VT_MAX_CODE)
        code_size = VT_MAX_CODE;
    vt_code code;
    if (vt_code_build(&code, (uint32_t)code_base, core_mem_ptr(mem, code_base, code_size), (uint32_t)code_size))
        return snprintf(err, errsize, "out of memory"), -1;
    uint64_t groups = 0;
    if (m->kernel_size[0] > 0xffffffffu || m->kernel_size[1] > 0xffffffffu || m->kernel_size[2] > 0xffffffffu ||
        __builtin_mul_overflow(m->kernel_size[0], m->kernel_size[1], &groups) ||
        __builtin_mul_overflow(groups, m->kernel_size[2], &groups) || groups > (1ull << 48)) {
        vt_code_free(&code);
        return snprintf(err, errsize, "a grid of %llu x %llu x %llu workgroups: at most 2^48 in all",
                        (unsigned long long)m->kernel_size[0], (unsigned long long)m->kernel_size[1],
                        (unsigned long long)m->kernel_size[2]), -1;
    }
    vt_run_ctx r = {mem, m, &code, o};
    core_dispatch_desc d;
    memset(&d, 0, sizeof d);
    d.isa = &vt_core_isa;
    d.ctx = &r;
    for (int i = 0; i < 3; i++)
        d.groups[i] = (uint32_t)m->kernel_size[i];
    d.threads = o->trace ? 1 : o->threads > 0 ? o->threads : core_cpu_count();
    d.budget = o->max_instructions ? o->max_instructions : VT_DEFAULT_BUDGET;
    d.print = o->print;
    d.print_ctx = o->print_ctx;
    int rc = -1;
    if (o->timeline)
        *o->timeline = d.timeline = core_timeline_new(groups, (int)m->wg_size, err, errsize);
    if (!o->timeline || d.timeline) {
        core_stats cs;
        memset(&cs, 0, sizeof cs);
        rc = core_dispatch(&d, &cs, err, errsize);
        if (stats) {
            stats->instructions += cs.instructions;
            stats->lane_instructions += cs.lane_instructions;
            stats->workgroups += cs.workgroups;
            stats->warps += cs.waves;
            for (int k = 0; k < VT_CLS_COUNT; k++)
                stats->class_count[k] += cs.by_class[k];
        }
    }
    vt_code_free(&code);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (stats)
        stats->seconds += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return rc;
}

int vt_launch_run(core_mem *mem, const vt_meta *m, const uint32_t *data, size_t nwords, const vt_run_options *o,
                  vt_stats *stats, char *err, size_t errsize)
{
    size_t at = 0;
    for (uint32_t i = 0; i < m->nbuf; i++) {
        size_t words = (size_t)((m->size[i] + 3) / 4);
        if (vt_mem_ensure(mem, m->base[i], m->alloc[i] > m->size[i] ? m->alloc[i] : m->size[i]))
            return snprintf(err, errsize, "buffer %u at 0x%llx: out of memory", i,
                            (unsigned long long)m->base[i]), -1;
        if (nwords - at < words)
            return snprintf(err, errsize, "data file too short: buffer %u needs %zu words, %zu left", i, words,
                            nwords - at), -1;
        uint8_t *p = core_mem_ptr(mem, m->base[i], m->size[i]);
        for (uint64_t k = 0; p && k < m->size[i] / 4; k++) { /* little-endian words (one store each) */
            uint32_t v = data[at + k];
            p[4 * k] = (uint8_t)v, p[4 * k + 1] = (uint8_t)(v >> 8), p[4 * k + 2] = (uint8_t)(v >> 16);
            p[4 * k + 3] = (uint8_t)(v >> 24);
        }
        for (uint64_t b = m->size[i] & ~3ull; p && b < m->size[i]; b++) /* a last partial word */
            p[b] = (uint8_t)(data[at + b / 4] >> 8 * (b % 4));
        at += words;
    }
    if (at != nwords)
        return snprintf(err, errsize, "data file has %zu words, the metadata's buffers take %zu", nwords, at), -1;
    return vt_launch_dispatch(mem, m, o, stats, err, errsize);
}
