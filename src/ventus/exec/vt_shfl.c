/* Warp shuffles (the Ventus LLVM backend's shuffle.idx/up/down/bfly; semantics of the reference
   simulator's ventus_shuffle.h, ref 1.9.11): each active lane reads vs2 of a source lane (imm for
   idx, lane - imm up, lane + imm down, lane ^ imm bfly); a source lane outside 0..vl-1 or not active
   gives the lane its own value. */
#include "vt_ops.h"

/* vd[l] = vs2[source lane] (all sources read before any write) */
int vt_x_shuffle(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t act = w->mask & vt_vl_mask(w), imm = (uint32_t)in->imm & 31, f6 = in->word >> 26 & 3;
    uint32_t src[VT_MAX_LANES];
    const uint32_t *s = vt_vreg(g, w, in->rs2);
    for (uint32_t l = 0; l < g->numt; l++)
        src[l] = s[l];
    uint32_t *d = vt_vreg(g, w, in->rd), n = w->vl < g->numt ? w->vl : g->numt;
    VT_FOR_LANES(g, act, l)
    {
        int64_t from = f6 == 1 ? (int64_t)imm : f6 == 2 ? (int64_t)l - imm : f6 == 3 ? (int64_t)l + imm
                                                                                      : (int64_t)(l ^ imm);
        d[l] = from >= 0 && from < n && (act >> from & 1) ? src[from] : src[l];
    }
    vt_vwritten(g, in->rd, act);
    return 0;
}
