/* RDNA3 VALU moves and cross-lane operations: v_mov, v_cndmask, readlane/readfirstlane/writelane,
   permlane16/x16/64, the M0-indexed moves (movrel*, swaprel) and v_swap. Out-of-range VGPR
   sources read v0 and out-of-range destinations are not written (r3_vrow/r3_vrow_w). */
#include "r3_valu.h"

/* D = S0 (input modifiers apply; no denormal flushing) */
OP(v_mov_b32)
{
    uint32_t a[R3_MAX_LANES];
    r3_src_mod32(w, x, 0, a);
    r3_dst_b32(w, x, a);
}

/* D.b16 = S0.b16 */
OP(v_mov_b16)
{
    uint32_t a[R3_MAX_LANES];
    r3_src_mod16(w, x, 0, a);
    r3_dst_b16(w, x, a);
}

/* The lane mask (VCC in VOP2, SRC2 in VOP3) picks S1 where set, else S0. */
R3_INLINE void cndmask(r3_wave *w, const r3_xop *x, int half)
{
    uint32_t a[R3_MAX_LANES], b[R3_MAX_LANES], r[R3_MAX_LANES];
    if (!half && w->fast32 && x->f32_as_is && !w->defer) {
        /* nothing applies to the sources (r3_xop.f32_as_is; a select reads no MODE): each EXEC lane
           of the destination row takes S1 or S0 in one pass, sources read in place (each lane reads
           only its own lane of them before writing it, so VDST may be a source) */
        const uint32_t *s0 = r3_src_direct(w, x, 0, a), *s1 = r3_src_direct(w, x, 1, b);
        uint32_t sel32 = r3_src_mask32(w, x, 2);
        uint32_t exec = w->sgpr[126], *d = r3_vrow_w(w, x->vdst);
        LANES_INDEPENDENT
        for (int l = 0; l < 32; l++) { /* (as masks: every source lane is read, so no masked loads) */
            uint32_t take = -(uint32_t)((exec & lanes_bit[l]) != 0), one = -(uint32_t)((sel32 & lanes_bit[l]) != 0);
            d[l] = (((s1[l] & one) | (s0[l] & ~one)) & take) | (d[l] & ~take);
        }
        return;
    }
    uint64_t sel = r3_src_mask(w, x, 2);
    (half ? r3_src_mod16 : r3_src_mod32)(w, x, 0, a);
    (half ? r3_src_mod16 : r3_src_mod32)(w, x, 1, b);
    if (w->fast32) { /* the selected lanes of S1 blended into S0's, four lanes a step */
        lanes_blend32(a, b, (uint32_t)sel);
        (half ? r3_dst_b16 : r3_dst_b32)(w, x, a);
        return;
    }
    for (int l = 0; l < LANES; l++)
        r[l] = (sel >> l & 1) ? b[l] : a[l];
    (half ? r3_dst_b16 : r3_dst_b32)(w, x, r);
}
/* D = lane mask bit ? S1 : S0 */
OP(v_cndmask_b32) { cndmask(w, x, 0); }
/* D.b16 = lane mask bit ? S1.b16 : S0.b16 */
OP(v_cndmask_b16) { cndmask(w, x, 1); }

/* No operation */
OP(v_nop) { (void)w; (void)x; }
/* No operation in a functional model (waits for the VALU pipeline to drain) */
OP(v_pipeflush) { (void)w; (void)x; }

/* SDST = S0 from the first active lane (lane 0 when EXEC is zero) */
OP(v_readfirstlane_b32)
{
    uint32_t a[R3_MAX_LANES];
    uint64_t e = r3_exec_mask(w);
    r3_src_b32(w, x, 0, a);
    r3_write_sgpr(w, x->vdst, a[e ? __builtin_ctzll(e) : 0]);
}

/* SDST = S0 from lane S1 (the lane number's high bits are ignored) */
OP(v_readlane_b32)
{
    uint32_t a[R3_MAX_LANES];
    r3_src_b32(w, x, 0, a);
    uint32_t lane = r3_scalar32(w, x->src[1], x->literal) & (uint32_t)(LANES - 1);
    r3_write_sgpr(w, x->vdst, a[lane]);
}

/* VDST[lane S1] = S0, whatever EXEC holds */
OP(v_writelane_b32)
{
    uint32_t v = r3_scalar32(w, x->src[0], x->literal);
    uint32_t lane = r3_scalar32(w, x->src[1], x->literal) & (uint32_t)(LANES - 1);
    r3_vrow_w(w, x->vdst)[lane] = v;
}

/* Lanes of each row of 16 read S0 from the lane their 4-bit select (from {S2, S1}) names, in the same
   row or (x16) in the neighbouring one. OP_SEL[0] fetches inactive lanes; OP_SEL[1] (bound control)
   makes an inactive source read 0 instead of leaving the destination unwritten. */
static void permlane(r3_wave *w, const r3_xop *x, int cross)
{
    if (w->hz_prev == R3_HZ_CMPX) /* seed 000: not allowed right after V_CMPX; we use the new EXEC */
        r3_warn(w, R3W_PERMLANE_HAZARD, "V_PERMLANE right after V_CMPX (needs another VALU instruction, e.g. v_nop, "
                "between)");
    uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    uint64_t sel = (uint64_t)r3_scalar32(w, x->src[2], x->literal) << 32 | r3_scalar32(w, x->src[1], x->literal);
    uint64_t exec = r3_exec_mask(w), write = exec;
    int fi = x->opsel & 1, bc = x->opsel >> 1 & 1;
    r3_src_b32(w, x, 0, a);
    for (int l = 0; l < LANES; l++) {
        int row = l & ~15;
        if (cross)
            row ^= 16;
        int s = row + (int)(sel >> (4 * (l & 15)) & 15);
        if ((exec >> s & 1) || fi) {
            r[l] = a[s];
        } else {
            r[l] = 0;
            if (!bc)
                write &= ~(1ull << l);
        }
    }
    uint32_t *d = r3_vrow_w(w, x->vdst);
    for (int l = 0; l < LANES; l++)
        if (write >> l & 1)
            d[l] = r[l];
}
/* D.lane = S0.lane[row + sel(lane)] within each row of 16 */
OP(v_permlane16_b32) { permlane(w, x, 0); }
/* D.lane = S0.lane[other row + sel(lane)]: rows 0/1 and 2/3 exchange */
OP(v_permlanex16_b32) { permlane(w, x, 1); }

/* D.lane = S0.lane[lane ^ 32] (wave64: the halves exchange; wave32: no effect) */
OP(v_permlane64_b32)
{
    if (!w->wave64)
        return;
    uint32_t a[R3_MAX_LANES], r[R3_MAX_LANES];
    r3_src_b32(w, x, 0, a);
    for (int l = 0; l < 64; l++)
        r[l] = a[l ^ 32];
    uint32_t *d = r3_vrow_w(w, x->vdst);
    uint64_t exec = r3_exec_mask(w);
    for (int l = 0; l < 64; l++)
        if (exec >> l & 1)
            d[l] = r[l];
}

/* ---- M0-indexed moves: the index is unsigned, out-of-range follows the VGPR rules ---- */

static void movrel(r3_wave *w, const r3_xop *x, unsigned src, unsigned dst)
{
    const uint32_t *s = r3_vrow(w, src);
    uint32_t *d = r3_vrow_w(w, dst);
    uint64_t exec = r3_exec_mask(w);
    uint32_t tmp[R3_MAX_LANES];
    memcpy(tmp, s, sizeof tmp);
    uint32_t clear = (x->abs & 1) ? 0x80000000u : 0, flip = (x->neg & 1) ? 0x80000000u : 0;
    for (int l = 0; l < LANES; l++)
        if (exec >> l & 1)
            d[l] = (tmp[l] & ~clear) ^ flip;
}

static unsigned vgpr_of(uint16_t code)
{
    return code >= 256 ? code - 256u : 0x10000u; /* a non-VGPR source is out of range */
}

/* VGPR[D + M0] = S0 */
OP(v_movreld_b32)
{
    uint32_t a[R3_MAX_LANES];
    r3_src_mod32(w, x, 0, a);
    uint32_t *d = r3_vrow_w(w, x->vdst + w->sgpr[125]);
    uint64_t exec = r3_exec_mask(w);
    for (int l = 0; l < LANES; l++)
        if (exec >> l & 1)
            d[l] = a[l];
}
/* D = VGPR[S0 + M0] */
OP(v_movrels_b32) { movrel(w, x, vgpr_of(x->src[0]) + w->sgpr[125], x->vdst); }
/* VGPR[D + M0] = VGPR[S0 + M0] */
OP(v_movrelsd_b32) { movrel(w, x, vgpr_of(x->src[0]) + w->sgpr[125], x->vdst + w->sgpr[125]); }
/* VGPR[D + M0[25:16]] = VGPR[S0 + M0[9:0]] */
OP(v_movrelsd_2_b32) { movrel(w, x, vgpr_of(x->src[0]) + (w->sgpr[125] & 0x3ff), x->vdst + (w->sgpr[125] >> 16 & 0x3ff)); }

static void swap_rows(r3_wave *w, unsigned ra, unsigned rb)
{
    uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES];
    memcpy(ta, r3_vrow(w, ra), sizeof ta);
    memcpy(tb, r3_vrow(w, rb), sizeof tb);
    uint32_t *da = r3_vrow_w(w, ra), *db = r3_vrow_w(w, rb);
    uint64_t exec = r3_exec_mask(w);
    for (int l = 0; l < w->lanes; l++)
        if (exec >> l & 1) {
            da[l] = tb[l];
            db[l] = ta[l];
        }
}
/* D <-> S0 (both VGPRs) */
OP(v_swap_b32) { swap_rows(w, x->vdst, vgpr_of(x->src[0])); }
/* VGPR[D + M0[25:16]] <-> VGPR[S0 + M0[9:0]] */
OP(v_swaprel_b32) { swap_rows(w, x->vdst + (w->sgpr[125] >> 16 & 0x3ff), vgpr_of(x->src[0]) + (w->sgpr[125] & 0x3ff)); }

