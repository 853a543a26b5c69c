/* The spike commit-log format: "core N: 0xPC (0xINSN) text" and "core N: 3 0xPC (0xINSN) writes",
   writes as xR / cNUM_name / vector rows with the SIMT mask / mem entries, and the SIMT stack
   line of 0x5b instructions. */
#include "vt_trace.h"

#include "common/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef textbuf vt_tbuf;
#define tput textbuf_put

static void vt_put_vreg(vt_tbuf *b, const vt_group *g, const vt_warp *w, unsigned r)
{
    const uint32_t *v = w->v + (size_t)r * g->numt;
    tput(b, " v%-2u %08x ", r, w->mask);
    uint32_t n = w->vl < g->numt ? w->vl : g->numt;
    for (uint32_t i = n; i-- > 0;)
        tput(b, i + 1 == n ? "0x%08x " : "%08x ", v[i]);
}

size_t vt_spike_format(const vt_group *g, const vt_warp *w, uint32_t pc, const vt_inst *in, char *out, size_t size)
{
    vt_tbuf b = {out, size, 0};
    char text[128];
    vt_print(in, pc, NULL, NULL, text, sizeof text);
    for (char *t = text; *t; t++)
        if (*t == '\t')
            *t = ' ';
    char word[24];
    if (in->len == 8) /* a 64-bit instruction: both words, high first */
        snprintf(word, sizeof word, "0x%08x%08x", in->word2, in->word);
    else
        snprintf(word, sizeof word, "0x%08x", in->word);
    tput(&b, "core %3u: 0x%08x (%s) %s\n", (unsigned)w->core.id, pc, word, text);
    tput(&b, "core %3u: 3 0x%08x (%s)", (unsigned)w->core.id, pc, word);
    /* spike prints the vector state for vector instructions and vbranches */
    vt_class cls = vt_ops[in->op].cls;
    int vector = cls == VT_CLS_VALU || cls == VT_CLS_VMEM || vt_ops[in->op].format == VT_VB, simt = 0;
    for (int i = 0; i < g->nwrites; i++)
        simt |= g->writes[i].kind == VT_W_SIMT;
    for (int i = 0; i < g->nwrites; i++) {
        const vt_write *x = &g->writes[i];
        if (x->kind == VT_W_X)
            tput(&b, " x%-2u 0x%08x", x->index, x->value);
        else if (x->kind == VT_W_CSR) {
            const char *n = vt_csr_name(x->index, NULL);
            tput(&b, " c%u_%s 0x%08x", x->index, n ? n : "csr", x->value);
        }
    }
    if (vector) {
        tput(&b, " c8_vstart 0x%08x e32 m1 l%u", w->vstart, w->vl);
        for (int i = 0; i < g->nwrites; i++)
            if (g->writes[i].kind == VT_W_V)
                vt_put_vreg(&b, g, w, g->writes[i].index);
    }
    for (int i = 0; i < g->nwrites; i++) {
        const vt_write *x = &g->writes[i];
        if (x->kind == VT_W_LOAD)
            tput(&b, " mem 0x%08x", x->addr);
        else if (x->kind == VT_W_STORE)
            tput(&b, x->size == 1 ? " mem 0x%08x 0x%02x" : x->size == 2 ? " mem 0x%08x 0x%04x" : " mem 0x%08x 0x%08x",
                 x->addr, x->value);
    }
    if (simt)
        tput(&b, " current mask:\t%08x current npc:\t%08x stack size: %x", w->mask, w->npc, w->depth);
    tput(&b, "\n");
    return b.len;
}
