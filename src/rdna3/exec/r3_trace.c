/* RDNA3 instruction trace: one line per executed instruction with the registers it changed, built
   by comparing the wave's registers before and after (the slow path; off unless tracing). */
#include "r3_trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void r3_put(r3_trace_snap *b, const char *fmt, ...)
{
    if (b->len >= sizeof b->line - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->line + b->len, sizeof b->line - b->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->len = b->len + (size_t)n < sizeof b->line ? b->len + (size_t)n : sizeof b->line - 1;
}

static void r3_sgpr_name(unsigned i, char *out, size_t size)
{
    if (i < 106)
        snprintf(out, size, "s%u", i);
    else if (i < 108)
        snprintf(out, size, "vcc_%s", i == 106 ? "lo" : "hi");
    else if (i < 124)
        snprintf(out, size, "ttmp%u", i - 108);
    else if (i == 125)
        snprintf(out, size, "m0");
    else
        snprintf(out, size, "exec_%s", i == 126 ? "lo" : "hi");
}

void r3_trace_before(const r3_wave *w, r3_trace_snap *s)
{
    memcpy(s->sgpr, w->sgpr, sizeof s->sgpr);
    s->scc = w->scc;
    for (int r = 0; r < w->nvgprs; r++)
        memcpy(s->vgpr[r], w->vgpr[r], (size_t)w->lanes * 4);
}

void r3_trace_after(const r3_wave *w, const r3_inst *in, r3_trace_snap *s, r3_trace_fn fn, void *ctx)
{
    char text[256];
    const r3_group *g = w->group;
    r3_print(in, w->wave64, text, sizeof text);
    s->len = 0;
    uint64_t exec = r3_exec_mask(w);
    r3_put(s, "wg(%u,%u,%u) w%d pc=0x%llx exec=0x%0*llx %s", g->id[0], g->id[1], g->id[2], w->core.id,
           (unsigned long long)(g->co->code_addr + w->inst_pc), w->wave64 ? 16 : 8, (unsigned long long)exec, text);
    const char *sep = " ;";
    for (unsigned i = 0; i < 128; i++)
        if (w->sgpr[i] != s->sgpr[i]) {
            char name[16];
            r3_sgpr_name(i, name, sizeof name);
            r3_put(s, "%s %s=0x%08x", sep, name, w->sgpr[i]);
            sep = "";
        }
    if (w->scc != s->scc) {
        r3_put(s, "%s scc=%d", sep, w->scc);
        sep = "";
    }
    for (int r = 0; r < w->nvgprs; r++) {
        if (memcmp(s->vgpr[r], w->vgpr[r], (size_t)w->lanes * 4) == 0)
            continue;
        r3_put(s, "%s v%d=[", sep, r);
        sep = "";
        for (int l = 0; l < w->lanes; l++)
            if (exec >> l & 1 || s->vgpr[r][l] != w->vgpr[r][l])
                r3_put(s, l ? " %08x" : "%08x", w->vgpr[r][l]);
            else
                r3_put(s, l ? " --------" : "--------");
        r3_put(s, "]");
    }
    fn(ctx, s->line);
}
