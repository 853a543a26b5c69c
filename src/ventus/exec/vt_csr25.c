/* The 2025 CSRs of seed 003: the per-lane work-item ids of ventus-gpgpu's threadIdx branch
   (0x80d-0x813, ref 1.8), read into a vector register with csrrsv, and the global data segment base
   CSR_GDS of the *_global loads (0x814, wavesim-chosen number). */
#include "vt_ops.h"

#include <string.h>

/* The launch's NDRange: threads per workgroup (L), in the grid (G) and the global id offset (O),
   from the 48-word metadata, else from the kernel metadata buffer (seed 003 KNL_GL_SIZE_X at 12,
   KNL_LC_SIZE_X at 24, KNL_GL_OFFSET_X at 36), else a 1-D range of whole workgroups. */
static void vt_ndrange_of(vt_group *g, uint32_t L[3], uint32_t G[3], uint32_t O[3])
{
    if (g->has_ndrange) {
        memcpy(L, g->nd_local, sizeof g->nd_local);
        memcpy(G, g->nd_global, sizeof g->nd_global);
        memcpy(O, g->nd_offset, sizeof g->nd_offset);
        return;
    }
    const uint8_t *k = vt_mem_at(g, g->csr_knl + 12, 36);
    for (int d = 0; d < 3; d++) {
        uint32_t gl = 0, lc = 0, off = 0;
        if (k) {
            memcpy(&gl, k + 4 * d, 4);
            memcpy(&lc, k + 12 + 4 * d, 4);
            memcpy(&off, k + 24 + 4 * d, 4);
        }
        L[d] = lc ? lc : d ? 1 : g->numw * g->numt;
        G[d] = gl ? gl : L[d] * g->ksize[d];
        O[d] = off;
    }
}

/* Per-lane value of a work-item CSR for lane l of warp w; -1 for another CSR. */
static int vt_lane_csr(vt_group *g, const vt_warp *w, uint32_t csr, uint32_t *out)
{
    if (csr < VT_CSR_GLOBAL_ID_X || csr > VT_CSR_LOCAL_ID_Z)
        return -1;
    uint32_t L[3], G[3], O[3];
    vt_ndrange_of(g, L, G, O);
    for (uint32_t l = 0; l < g->numt; l++) {
        uint32_t t = (uint32_t)w->core.id * g->numt + l, lid[3], gid[3];
        lid[0] = t % (L[0] ? L[0] : 1);
        lid[1] = t / (L[0] ? L[0] : 1) % (L[1] ? L[1] : 1);
        lid[2] = t / ((L[0] ? L[0] : 1) * (L[1] ? L[1] : 1));
        for (int d = 0; d < 3; d++)
            gid[d] = g->gid[d] * L[d] + lid[d] + O[d];
        switch (csr) {
        case VT_CSR_GLOBAL_ID_X: case VT_CSR_GLOBAL_ID_Y: case VT_CSR_GLOBAL_ID_Z:
            out[l] = gid[csr - VT_CSR_GLOBAL_ID_X];
            break;
        case VT_CSR_GLOBAL_LINEAR_ID: /* OpenCL get_global_linear_id */
            out[l] = ((gid[2] - O[2]) * G[1] + (gid[1] - O[1])) * G[0] + (gid[0] - O[0]);
            break;
        default: out[l] = lid[csr - VT_CSR_LOCAL_ID_X]; break;
        }
    }
    return 0;
}

int vt_csr25_read(const vt_group *g, const vt_warp *w, uint32_t csr, uint32_t *v)
{
    (void)g, (void)w;
    switch (csr) {
    case VT_CSR_GDS: *v = 0; break; /* buffers sit at their absolute device addresses */
    default: return -1;
    }
    return 0;
}

/* vd[l] = the per-lane CSR's value of lane l (csrrsv: ref 1.8, spike csrrsv.h writes the lanes below
   vl; here the active lanes, like every vector instruction); other CSRs are illegal here */
int vt_x_csrrsv(vt_group *g, vt_warp *w, const vt_inst *in)
{
    uint32_t vals[VT_MAX_LANES], act = w->mask & vt_vl_mask(w); /* no vm bit: bits 31:20 are the CSR */
    if (vt_lane_csr(g, w, (uint32_t)in->imm, vals))
        return vt_fault(g, w, "csrrsv of CSR 0x%03x, which is not a per-lane CSR (0x80d-0x813)", (unsigned)in->imm);
    uint32_t *d = vt_vreg(g, w, in->rd);
    VT_FOR_LANES(g, act, l)
        d[l] = vals[l];
    vt_vwritten(g, in->rd, act);
    return 0;
}
