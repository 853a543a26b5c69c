/* RDNA3 VALU compares: V_CMP writes a lane mask to VCC (e32) or an SGPR (e64), V_CMPX writes EXEC;
   inactive lanes read 0 in the mask. Integer i/u 16/32/64, float f16/f32/f64 with the ordered and
   unordered predicates, and the class test. */
#include "r3_valu.h"

/* The mask goes to VCC/SDST (V_CMP) or becomes EXEC (V_CMPX; gfx11 writes nothing else). */
R3_INLINE void cmp_result(r3_wave *w, const r3_xop *x, uint64_t bits, int cmpx)
{
    if (!cmpx) {
        r3_dst_mask(w, x, bits);
        return;
    }
    bits &= r3_write_lanes(w, x);
    r3_set_exec(w, bits & (~0ull >> (64 - w->lanes)));
    w->hz_next = R3_HZ_CMPX; /* a V_PERMLANE right after this would see the old EXEC */
}

/* The lane mask of a compare of a and b into `bits`: with fast32 one pass over a constant 32 lanes
   the compiler vectorizes (the bits through lanes_bit), else lane by lane; p and q are lane l's
   sources through CONV as TF (the pass) or TR (the lane loop). */
#define CMP_SAME(v) (v)
#define CMP_LANES(TF, TR, CONV, expr)                                                      \
    do {                                                                                   \
        if (w->fast32) {                                                                   \
            uint32_t bits32 = 0;                                                           \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                TF p = (TF)CONV(a[l]), q = (TF)CONV(b[l]);                                 \
                (void)p;                                                                   \
                (void)q;                                                                   \
                bits32 |= lanes_bit[l] & -(uint32_t)(expr);                              \
            }                                                                              \
            bits = bits32;                                                                 \
        } else {                                                                           \
            for (int l = 0; l < LANES; l++) {                                              \
                TR p = (TR)CONV(a[l]), q = (TR)CONV(b[l]);                                 \
                (void)p;                                                                   \
                (void)q;                                                                   \
                bits |= (uint64_t)(expr) << l;                                             \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* Integer compares, compared as the C type T. 32-bit lanes: the sources read through the fetch
   helper's view (the register row itself when nothing applies to it; r3_src_b32_view) */
#define CMP_I(name, T, fetch, expr, cmpx)                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES];                                       \
        const uint32_t *a = fetch##_view(w, x, 0, ta), *b = fetch##_view(w, x, 1, tb);     \
        uint64_t bits = 0;                                                                 \
        CMP_LANES(T, T, CMP_SAME, expr);                                                   \
        cmp_result(w, x, bits, cmpx);                                                      \
    }
/* Source k of a 64-bit compare in a 32-lane wave as rows of 32-bit halves: a VGPR pair's rows in
   place, or a scalar value (a literal sign-extended with `sext`, as r3_src_i64 does) broadcast. */
R3_INLINE void cmp64_halves(r3_wave *w, const r3_xop *x, int k, int sext, const uint32_t **lo, const uint32_t **hi,
                            uint32_t tlo[32], uint32_t thi[32])
{
    unsigned code = x->src[k];
    if (code >= 256) {
        *lo = r3_vrow(w, code - 256u);
        *hi = r3_vrow(w, code - 255u);
        return;
    }
    uint64_t c = r3_scalar64_src(w, x, k, sext ? R3_I64 : R3_U64);
    for (int l = 0; l < 32; l++)
        tlo[l] = (uint32_t)c, thi[l] = (uint32_t)(c >> 32);
    *lo = tlo;
    *hi = thi;
}
#define CMP_SEXT_r3_src_i64 1 /* (how each FETCH extends a literal) */
#define CMP_SEXT_r3_src_u64 0
/* 64-bit (FETCH: a 32-bit literal sign-extends for the signed compares, zero-extends otherwise); in a
   32-lane wave with the fast paths on, the sources' halves read straight into a lane pass in 32-bit
   lanes that orders them (high halves, signed or not, then low halves) and gives `expr` two small
   stand-ins in the same order */
#define CMP_Q(name, T, fetch, expr, cmpx)                                                  \
    OP(name)                                                                               \
    {                                                                                      \
        if (w->fast32) {                                                                   \
            uint32_t tlo[2][32], thi[2][32], bits32 = 0;                                   \
            const uint32_t *alo, *ahi, *blo, *bhi;                                         \
            cmp64_halves(w, x, 0, CMP_SEXT_##fetch, &alo, &ahi, tlo[0], thi[0]);           \
            cmp64_halves(w, x, 1, CMP_SEXT_##fetch, &blo, &bhi, tlo[1], thi[1]);           \
            const int sgn = CMP_SEXT_##fetch; /* (the signed compares are those that sign-extend) */ \
            LANES_INDEPENDENT                                                              \
            for (int l = 0; l < 32; l++) {                                                 \
                uint32_t ah = ahi[l], bh = bhi[l], al = alo[l], bl = blo[l];               \
                int hlt = sgn ? (int32_t)ah < (int32_t)bh : ah < bh;                       \
                int hgt = sgn ? (int32_t)ah > (int32_t)bh : ah > bh;                       \
                int lt = hlt | ((ah == bh) & (al < bl)), gt = hgt | ((ah == bh) & (al > bl)); \
                int32_t p = 1, q = 1 + lt - gt; /* 32-bit stand-ins ordered as S0 and S1 are */ \
                (void)p;                                                                   \
                (void)q;                                                                   \
                bits32 |= lanes_bit[l] & -(uint32_t)(expr);                                \
            }                                                                              \
            cmp_result(w, x, bits32, cmpx);                                                \
            return;                                                                        \
        }                                                                                  \
        uint64_t a[R3_MAX_LANES], b[R3_MAX_LANES], bits = 0;                               \
        fetch(w, x, 0, a);                                                                 \
        fetch(w, x, 1, b);                                                                 \
        CMP_LANES(T, T, CMP_SAME, expr);                                                   \
        cmp_result(w, x, bits, cmpx);                                                      \
    }
/* Float compares: p, q are the values as doubles (exact for every width; f32 compares in float in
   the 32-lane pass, exact too); f32 sources are read straight into the lane loop, the other widths
   through fetch_pq. */
#define CMP_F(name, width, expr, cmpx)                                                     \
    OP(name)                                                                               \
    {                                                                                      \
        uint64_t bits = 0;                                                                 \
        if (width == 32) {                                                                 \
            uint32_t ta[R3_MAX_LANES], tb[R3_MAX_LANES];                                   \
            const uint32_t *a = r3_src_f32_view(w, x, 0, ta), *b = r3_src_f32_view(w, x, 1, tb); \
            CMP_LANES(float, double, fp_f32, expr);                                        \
        } else {                                                                           \
            double pv[R3_MAX_LANES], qv[R3_MAX_LANES];                                     \
            fetch_pq(w, x, width, pv, qv);                                                 \
            for (int l = 0; l < LANES; l++) {                                              \
                double p = pv[l], q = qv[l];                                               \
                (void)p;                                                                   \
                (void)q;                                                                   \
                bits |= (uint64_t)(expr) << l;                                             \
            }                                                                              \
        }                                                                                  \
        cmp_result(w, x, bits, cmpx);                                                      \
    }

/* Both sources of a float compare as doubles (exact for every width). */
static void fetch_pq(r3_wave *w, const r3_xop *x, int width, double p[R3_MAX_LANES], double q[R3_MAX_LANES])
{
    for (int k = 0; k < 2; k++) {
        double *out = k ? q : p;
        if (width == 64) {
            uint64_t v[R3_MAX_LANES];
            r3_src_f64(w, x, k, v);
            for (int l = 0; l < LANES; l++)
                out[l] = fp_f64(v[l]);
            continue;
        }
        uint32_t v[R3_MAX_LANES];
        (width == 32 ? r3_src_f32 : r3_src_f16)(w, x, k, v);
        for (int l = 0; l < LANES; l++)
            out[l] = width == 32 ? (double)fp_f32(v[l]) : r3_h(v[l]);
    }
}

/* v_cmp[x]_{lt,eq,le,gt,ne,ge}_<T>: the lane bit = S0 <op> S1 */
#define INT_CMPS(T, CT, FETCH)                                                             \
    CMP_I(v_cmp_lt_##T, CT, FETCH, p < q, 0)                                               \
    CMP_I(v_cmp_eq_##T, CT, FETCH, p == q, 0) CMP_I(v_cmp_le_##T, CT, FETCH, p <= q, 0)    \
    CMP_I(v_cmp_gt_##T, CT, FETCH, p > q, 0) CMP_I(v_cmp_ne_##T, CT, FETCH, p != q, 0)     \
    CMP_I(v_cmp_ge_##T, CT, FETCH, p >= q, 0)                                              \
    CMP_I(v_cmpx_lt_##T, CT, FETCH, p < q, 1)                                              \
    CMP_I(v_cmpx_eq_##T, CT, FETCH, p == q, 1) CMP_I(v_cmpx_le_##T, CT, FETCH, p <= q, 1)  \
    CMP_I(v_cmpx_gt_##T, CT, FETCH, p > q, 1) CMP_I(v_cmpx_ne_##T, CT, FETCH, p != q, 1)   \
    CMP_I(v_cmpx_ge_##T, CT, FETCH, p >= q, 1)
/* v_cmp[x]_{f,t}_<T>: never, always (gfx11 has them for 32- and 64-bit integers, not 16-bit) */
#define INT_CMPS_FT(T, CT, FETCH)                                                          \
    CMP_I(v_cmp_f_##T, CT, FETCH, 0, 0) CMP_I(v_cmp_t_##T, CT, FETCH, 1, 0)                \
    CMP_I(v_cmpx_f_##T, CT, FETCH, 0, 1) CMP_I(v_cmpx_t_##T, CT, FETCH, 1, 1)
INT_CMPS(i32, int32_t, r3_src_b32)
INT_CMPS_FT(i32, int32_t, r3_src_b32)
INT_CMPS(u32, uint32_t, r3_src_b32)
INT_CMPS_FT(u32, uint32_t, r3_src_b32)
INT_CMPS(i16, int16_t, r3_src_b16)
INT_CMPS(u16, uint16_t, r3_src_b16)
#define INT64_CMPS(T, CT, FETCH)                                                           \
    CMP_Q(v_cmp_f_##T, CT, FETCH, 0, 0) CMP_Q(v_cmp_lt_##T, CT, FETCH, p < q, 0) CMP_Q(v_cmp_eq_##T, CT, FETCH, p == q, 0) \
    CMP_Q(v_cmp_le_##T, CT, FETCH, p <= q, 0) CMP_Q(v_cmp_gt_##T, CT, FETCH, p > q, 0)                   \
    CMP_Q(v_cmp_ne_##T, CT, FETCH, p != q, 0) CMP_Q(v_cmp_ge_##T, CT, FETCH, p >= q, 0) CMP_Q(v_cmp_t_##T, CT, FETCH, 1, 0) \
    CMP_Q(v_cmpx_f_##T, CT, FETCH, 0, 1) CMP_Q(v_cmpx_lt_##T, CT, FETCH, p < q, 1) CMP_Q(v_cmpx_eq_##T, CT, FETCH, p == q, 1) \
    CMP_Q(v_cmpx_le_##T, CT, FETCH, p <= q, 1) CMP_Q(v_cmpx_gt_##T, CT, FETCH, p > q, 1)                 \
    CMP_Q(v_cmpx_ne_##T, CT, FETCH, p != q, 1) CMP_Q(v_cmpx_ge_##T, CT, FETCH, p >= q, 1) CMP_Q(v_cmpx_t_##T, CT, FETCH, 1, 1)
INT64_CMPS(i64, int64_t, r3_src_i64)
INT64_CMPS(u64, uint64_t, r3_src_u64)

/* Ordered predicates are false with a NaN operand; the n-forms are their negations (true with NaN). */
#define FLT_CMPS(P, T, W, X)                                                                \
    CMP_F(P##f_##T, W, 0, X) CMP_F(P##lt_##T, W, p < q, X) CMP_F(P##eq_##T, W, p == q, X)  \
    CMP_F(P##le_##T, W, p <= q, X) CMP_F(P##gt_##T, W, p > q, X)                           \
    CMP_F(P##lg_##T, W, p < q || p > q, X) CMP_F(P##ge_##T, W, p >= q, X)                  \
    CMP_F(P##o_##T, W, !isnan(p) && !isnan(q), X) CMP_F(P##u_##T, W, isnan(p) || isnan(q), X) \
    CMP_F(P##nge_##T, W, !(p >= q), X) CMP_F(P##nlg_##T, W, !(p < q || p > q), X)          \
    CMP_F(P##ngt_##T, W, !(p > q), X) CMP_F(P##nle_##T, W, !(p <= q), X)                   \
    CMP_F(P##neq_##T, W, !(p == q), X) CMP_F(P##nlt_##T, W, !(p < q), X) CMP_F(P##t_##T, W, 1, X)
/* v_cmp[x]_{f,lt,eq,le,gt,lg,ge,o,u,nge,nlg,ngt,nle,neq,nlt,t}_{f16,f32,f64} */
FLT_CMPS(v_cmp_, f32, 32, 0)
FLT_CMPS(v_cmpx_, f32, 32, 1)
FLT_CMPS(v_cmp_, f64, 64, 0)
FLT_CMPS(v_cmpx_, f64, 64, 1)
FLT_CMPS(v_cmp_, f16, 16, 0)
FLT_CMPS(v_cmpx_, f16, 16, 1)

/* The class index of a value: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
   7 +denormal, 8 +normal, 9 +inf. */
R3_INLINE int fclass(int snan, int qnan, int neg, int inf, int zero, int denorm)
{
    if (snan)
        return 0;
    if (qnan)
        return 1;
    if (inf)
        return neg ? 2 : 9;
    if (zero)
        return neg ? 5 : 6;
    if (denorm)
        return neg ? 4 : 7;
    return neg ? 3 : 8;
}

R3_INLINE int class32(uint32_t v)
{
    uint32_t e = v >> 23 & 0xff, m = v & 0x7fffff;
    return fclass(e == 255 && m && !(m >> 22), e == 255 && (m >> 22), (int)(v >> 31), e == 255 && !m,
                  !e && !m, !e && m);
}

R3_INLINE int class64(uint64_t v)
{
    uint64_t e = v >> 52 & 0x7ff, m = v & 0xfffffffffffffull;
    return fclass(e == 2047 && m && !(m >> 51), e == 2047 && (m >> 51), (int)(v >> 63), e == 2047 && !m,
                  !e && !m, !e && m);
}

R3_INLINE int class16(uint32_t v)
{
    uint32_t e = v >> 10 & 31, m = v & 0x3ff;
    return fclass(e == 31 && m && !(m >> 9), e == 31 && (m >> 9), (int)(v >> 15 & 1), e == 31 && !m, !e && !m,
                  !e && m);
}

/* The class test sees the operand as it is (modifiers applied, no denormal flushing). */
static void cmp_class(r3_wave *w, const r3_xop *x, int width, int cmpx)
{
    uint32_t m[R3_MAX_LANES];
    uint64_t bits = 0;
    if (width == 64) {
        uint64_t a[R3_MAX_LANES];
        r3_src_mod64(w, x, 0, a); /* a literal is the high half, as for every f64 operand */
        r3_src_b32(w, x, 1, m);
        for (int l = 0; l < LANES; l++)
            bits |= (uint64_t)(m[l] >> class64(a[l]) & 1) << l;
    } else {
        uint32_t a[R3_MAX_LANES];
        if (width == 32)
            r3_src_mod32(w, x, 0, a);
        else
            r3_src_mod16(w, x, 0, a);
        r3_src_b32(w, x, 1, m);
        for (int l = 0; l < LANES; l++)
            bits |= (uint64_t)(m[l] >> (width == 32 ? class32(a[l]) : class16(a[l])) & 1) << l;
    }
    cmp_result(w, x, bits, cmpx);
}
/* lane bit = the class of S0 (f32) is one of those set in S1 */
OP(v_cmp_class_f32) { cmp_class(w, x, 32, 0); }
/* lane bit = the class of S0 (f64) is one of those set in S1 */
OP(v_cmp_class_f64) { cmp_class(w, x, 64, 0); }
/* lane bit = the class of S0 (f16) is one of those set in S1 */
OP(v_cmp_class_f16) { cmp_class(w, x, 16, 0); }
/* EXEC lane bit = the class of S0 (f32) is one of those set in S1 */
OP(v_cmpx_class_f32) { cmp_class(w, x, 32, 1); }
/* EXEC lane bit = the class of S0 (f64) is one of those set in S1 */
OP(v_cmpx_class_f64) { cmp_class(w, x, 64, 1); }
/* EXEC lane bit = the class of S0 (f16) is one of those set in S1 */
OP(v_cmpx_class_f16) { cmp_class(w, x, 16, 1); }


