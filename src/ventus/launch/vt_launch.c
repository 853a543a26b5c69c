/* Ventus test-vector launches: metadata/data parsing, buffer placement, per-workgroup CSR values
   and LDS, and workgroups run in parallel on host threads (each has its own LDS and private
   region, so the results do not depend on the thread count). */
#define _POSIX_C_SOURCE 200809L
#include "vt_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core_pool.h"

#define VT_DEFAULT_BUDGET 2000000000ull
#define VT_MAX_CODE (16u << 20) /* bytes of code predecoded at most */

/* Reads the first hex token of each line ("//" comments and text after the token ignored). */
static int vt_hex_words(const char *text, uint32_t **out, size_t *n, char *err, size_t errsize)
{
    size_t cap = 1024, count = 0, line = 1;
    uint32_t *w = malloc(cap * sizeof *w);
    if (!w)
        return snprintf(err, errsize, "out of memory"), -1;
    for (const char *p = text; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (*p && *p != '\n' && !(p[0] == '/' && p[1] == '/')) {
            const char *s = p;
            if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
                s += 2;
            uint64_t v = 0;
            int digits = 0;
            for (; *s && strchr("0123456789abcdefABCDEF", *s); s++, digits++)
                v = v << 4 | (uint64_t)(*s <= '9' ? *s - '0' : (*s | 32) - 'a' + 10);
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
    /* the layout with a start PC has 28 words before the buffer table, the older one 26 */
    int has_pc = -1;
    for (int pc = 1; pc >= 0 && has_pc < 0; pc--) {
        size_t head = pc ? 28 : 26;
        if (n >= head && w[head - 2] <= VT_MAX_BUFFERS && !w[head - 1] && n == head + 6 * (size_t)w[head - 2])
            has_pc = pc;
    }
    if (has_pc < 0) {
        free(w);
        return snprintf(err, errsize, "malformed metadata: %zu words fit neither layout (26 or 28 words "
                        "then 6 per buffer, at most %d buffers)", n, VT_MAX_BUFFERS), -1;
    }
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

typedef struct {
    core_mem *mem;
    const vt_meta *m;
    const vt_code *code;
    const vt_run_options *o;
    uint64_t *instr, *lanes;          /* per workgroup, summed after the run */
    uint64_t (*classes)[VT_CLS_COUNT];
    char (*faults)[320];
    char **printed;
    size_t *printed_len;
    core_timeline *timeline;
} vt_run_ctx;

/* Runs workgroup `item` (linear id) to completion. */
static int vt_run_group(void *ctx, uint64_t item, int thread)
{
    (void)thread;
    vt_run_ctx *r = ctx;
    const vt_meta *m = r->m;
    vt_group g;
    memset(&g, 0, sizeof g);
    g.code = r->code;
    g.mem = r->mem;
    g.numw = (uint32_t)m->wg_size;
    g.numt = (uint32_t)m->wf_size;
    /* crt0 builds put a per-warp spill stack (1 KiB, or 1 MiB in some builds) below the
       workgroup's __local data, so the window is spike's whole 256 MiB LDS region; the host maps
       only the pages a workgroup touches */
    g.lds_size = VT_LDS_WINDOW;
    g.csr_knl = (uint32_t)m->knl_base;
    g.csr_pds = (uint32_t)(m->pds_base + item * m->pds_size * g.numt * g.numw);
    g.wgid = (uint32_t)item;
    uint64_t xy = m->kernel_size[0] * m->kernel_size[1];
    g.gid[2] = (uint32_t)(item / xy);
    g.gid[1] = (uint32_t)(item % xy / m->kernel_size[0]);
    g.gid[0] = (uint32_t)(item % m->kernel_size[0]);
    g.max_instructions = r->o->max_instructions ? r->o->max_instructions : VT_DEFAULT_BUDGET;
    g.timeline = r->timeline;
    if (r->timeline)
        core_timeline_group(r->timeline, item, g.gid, (int)g.numw);
    if (r->o->trace) {
        g.tracing = 1;
        g.on_commit = r->o->trace;
        g.trace_ctx = r->o->trace_ctx;
    }
    int rc = -1;
    if (vt_group_init(&g, (uint32_t)m->start_pc)) {
        snprintf(r->faults[item], sizeof r->faults[item], "out of memory");
    } else if (vt_group_run(&g)) {
        char text[96] = "";
        const vt_code *c = r->code;
        uint32_t idx = (g.fault_pc - c->base) / 4;
        if (g.fault_pc >= c->base && idx < c->count)
            vt_print(&c->insts[idx], g.fault_pc, NULL, NULL, text, sizeof text);
        for (char *t = text; *t; t++)
            if (*t == '\t')
                *t = ' ';
        snprintf(r->faults[item], sizeof r->faults[item], "workgroup %llu warp %u pc 0x%08x (%s): %s",
                 (unsigned long long)item, g.fault_warp, g.fault_pc, text[0] ? text : "?", g.fault);
    } else {
        rc = 0;
    }
    for (uint32_t i = 0; r->timeline && g.warps && i < g.numw; i++) {
        core_timeline_wave_end(r->timeline, item, (int)i, g.warps[i].icount);
        if (rc && i == g.fault_warp)
            core_timeline_fault(r->timeline, item, (int)i, g.warps[i].icount, r->faults[item]);
    }
    r->instr[item] = g.instructions;
    r->lanes[item] = g.lane_instructions;
    memcpy(r->classes[item], g.class_count, sizeof g.class_count);
    r->printed[item] = g.printed;
    r->printed_len[item] = g.printed_len;
    g.printed = NULL; /* handed over */
    vt_group_free(&g);
    return rc;
}

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
    uint64_t groups = m->kernel_size[0] * m->kernel_size[1] * m->kernel_size[2];
    if (groups > (1u << 24)) {
        vt_code_free(&code);
        return snprintf(err, errsize, "%llu workgroups: at most %u", (unsigned long long)groups, 1u << 24), -1;
    }
    vt_run_ctx r = {mem, m, &code, o, calloc(groups, 8), calloc(groups, 8),
                    calloc(groups, sizeof *r.classes), calloc(groups, sizeof *r.faults),
                    calloc(groups, sizeof(char *)), calloc(groups, sizeof(size_t)), NULL};
    int rc = -1;
    if (o->timeline)
        *o->timeline = r.timeline = core_timeline_new(groups, (int)m->wg_size, err, errsize);
    if (o->timeline && !r.timeline) {
        /* err says why */
    } else if (!r.instr || !r.lanes || !r.classes || !r.faults || !r.printed || !r.printed_len) {
        snprintf(err, errsize, "out of memory");
    } else {
        uint64_t failed = 0;
        int threads = o->trace ? 1 : o->threads > 0 ? o->threads : core_cpu_count();
        if (core_pool_run(groups, threads, vt_run_group, &r, &failed))
            snprintf(err, errsize, "%s", r.faults[failed]);
        else
            rc = 0;
        for (uint64_t i = 0; stats && i < groups; i++) {
            stats->instructions += r.instr[i];
            stats->lane_instructions += r.lanes[i];
            for (int k = 0; k < VT_CLS_COUNT; k++)
                stats->class_count[k] += r.classes[i][k];
        }
        if (stats) {
            stats->workgroups += groups;
            stats->warps += groups * m->wg_size;
        }
    }
    for (uint64_t i = 0; r.printed && i < groups; i++) {
        if (r.printed[i] && o->print)
            o->print(o->print_ctx, r.printed[i], r.printed_len[i]);
        free(r.printed[i]);
    }
    free(r.printed);
    free(r.printed_len);
    free(r.instr);
    free(r.lanes);
    free(r.classes);
    free(r.faults);
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
        for (uint64_t b = 0; p && b < m->size[i]; b++)
            p[b] = (uint8_t)(data[at + b / 4] >> 8 * (b % 4));
        at += words;
    }
    if (at != nwords)
        return snprintf(err, errsize, "data file has %zu words, the metadata's buffers take %zu", nwords, at), -1;
    return vt_launch_dispatch(mem, m, o, stats, err, errsize);
}
