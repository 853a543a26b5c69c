/* wavesim's OpenCL C builtin library for gfx11: the work-item, synchronisation, atomic, math,
   integer, relational, vector-data and conversion functions OpenCL kernels call, as inline
   definitions over clang's AMDGPU builtins, so kernels compile with clang-19 -nogpulib (no ROCm
   device libraries) and run on wavesim. `wavesim cc` force-includes it; kernels need not include
   it themselves. Hidden kernel arguments follow code object v5 (block counts at 0, group sizes at
   12, remainders at 18, global offsets at 40, grid dimensions at 64 of the implicit arguments).
   Not provided: printf, images, double-precision transcendentals, the inverse trigonometric and
   hyperbolic functions. */
#ifndef WAVESIM_CL_H
#define WAVESIM_CL_H

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define WS_INLINE static inline __attribute__((always_inline, overloadable))
#define WS_IMPLICIT(off, T) ((__constant T *)((__constant char *)__builtin_amdgcn_implicitarg_ptr() + (off)))

/* ---- work-item functions ---- */

WS_INLINE uint get_work_dim(void) { return *WS_IMPLICIT(64, ushort); }

WS_INLINE size_t get_local_id(uint d)
{
    return d == 0 ? __builtin_amdgcn_workitem_id_x() : d == 1 ? __builtin_amdgcn_workitem_id_y()
           : d == 2 ? __builtin_amdgcn_workitem_id_z() : 0;
}

WS_INLINE size_t get_group_id(uint d)
{
    return d == 0 ? __builtin_amdgcn_workgroup_id_x() : d == 1 ? __builtin_amdgcn_workgroup_id_y()
           : d == 2 ? __builtin_amdgcn_workgroup_id_z() : 0;
}

WS_INLINE size_t get_enqueued_local_size(uint d) { return d < 3 ? WS_IMPLICIT(12, ushort)[d] : 1; }

/* The size of this work-item's group: the last group along a dimension holds the remainder (OpenCL
   2.0 non-uniform work-groups). clang's __builtin_amdgcn_workgroup_size_* reads the enqueued size
   only, so the remainder (hidden_remainder_*, at 18) is applied here, as ockl does: groups below
   hidden_block_count_* (the full ones) have the enqueued size. */
WS_INLINE size_t get_local_size(uint d)
{
    if (d >= 3)
        return 1;
    uint groups = WS_IMPLICIT(0, uint)[d];
    ushort size = WS_IMPLICIT(12, ushort)[d], rem = WS_IMPLICIT(18, ushort)[d];
    uint id = d == 0 ? __builtin_amdgcn_workgroup_id_x() : d == 1 ? __builtin_amdgcn_workgroup_id_y()
              : __builtin_amdgcn_workgroup_id_z();
    return id < groups ? size : rem;
}

/* hidden_block_count_* counts the full groups only (as AMD's ockl reads it) */
WS_INLINE size_t get_num_groups(uint d) { return d < 3 ? WS_IMPLICIT(0, uint)[d] + (WS_IMPLICIT(18, ushort)[d] != 0) : 1; }
WS_INLINE size_t get_global_offset(uint d) { return d < 3 ? WS_IMPLICIT(40, ulong)[d] : 0; }

WS_INLINE size_t get_global_id(uint d)
{
    return get_group_id(d) * get_enqueued_local_size(d) + get_local_id(d) + get_global_offset(d);
}

WS_INLINE size_t get_global_size(uint d)
{
    if (d >= 3)
        return 1;
    uint groups = WS_IMPLICIT(0, uint)[d];
    ushort size = WS_IMPLICIT(12, ushort)[d], rem = WS_IMPLICIT(18, ushort)[d];
    return (size_t)groups * size + rem;
}

WS_INLINE size_t get_global_linear_id(void)
{
    return (get_global_id(2) - get_global_offset(2)) * get_global_size(1) * get_global_size(0) +
           (get_global_id(1) - get_global_offset(1)) * get_global_size(0) + (get_global_id(0) - get_global_offset(0));
}

WS_INLINE size_t get_local_linear_id(void)
{
    return (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0);
}

/* ---- synchronisation ---- */

WS_INLINE void mem_fence(cl_mem_fence_flags flags)
{
    (void)flags;
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
WS_INLINE void read_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }
WS_INLINE void write_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }

WS_INLINE void barrier(cl_mem_fence_flags flags)
{
    (void)flags;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
WS_INLINE void work_group_barrier(cl_mem_fence_flags flags) { barrier(flags); }

/* ---- atomics: OpenCL 1.x names (and atom_* aliases) on global and local int, uint, long, ulong ---- */

#define WS_ATOMIC_T(name, T, AS, expr) WS_INLINE T name(volatile AS T *p, T v) { return expr; }
#define WS_ATOMIC_ALL(name, expr)                                                                   \
    WS_ATOMIC_T(name, int, __global, expr) WS_ATOMIC_T(name, uint, __global, expr)                \
    WS_ATOMIC_T(name, int, __local, expr) WS_ATOMIC_T(name, uint, __local, expr)                  \
    WS_ATOMIC_T(name, long, __global, expr) WS_ATOMIC_T(name, ulong, __global, expr)              \
    WS_ATOMIC_T(name, long, __local, expr) WS_ATOMIC_T(name, ulong, __local, expr)                \
    WS_ATOMIC_T(atom_##name, int, __global, expr) WS_ATOMIC_T(atom_##name, uint, __global, expr)  \
    WS_ATOMIC_T(atom_##name, int, __local, expr) WS_ATOMIC_T(atom_##name, uint, __local, expr)    \
    WS_ATOMIC_T(atom_##name, long, __global, expr) WS_ATOMIC_T(atom_##name, ulong, __global, expr) \
    WS_ATOMIC_T(atom_##name, long, __local, expr) WS_ATOMIC_T(atom_##name, ulong, __local, expr)
#define atom_atomic_add atom_add
WS_ATOMIC_ALL(atomic_add, __atomic_fetch_add(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_sub, __atomic_fetch_sub(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_min, __atomic_fetch_min(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_max, __atomic_fetch_max(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_and, __atomic_fetch_and(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_or, __atomic_fetch_or(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_xor, __atomic_fetch_xor(p, v, __ATOMIC_RELAXED))
WS_ATOMIC_ALL(atomic_xchg, __atomic_exchange_n(p, v, __ATOMIC_RELAXED))
#undef atom_atomic_add

#define WS_ATOMIC_1(name, T, AS, delta)                                                           \
    WS_INLINE T name(volatile AS T *p) { return __atomic_fetch_add(p, (T)(delta), __ATOMIC_RELAXED); }
#define WS_ATOMIC_CMPXCHG(name, T, AS)                                                            \
    WS_INLINE T name(volatile AS T *p, T cmp, T v)                                               \
    {                                                                                             \
        __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);           \
        return cmp;                                                                               \
    }
#define WS_ATOMIC_MISC(T, AS)                                                                     \
    WS_ATOMIC_1(atomic_inc, T, AS, 1) WS_ATOMIC_1(atomic_dec, T, AS, -1)                          \
    WS_ATOMIC_1(atom_inc, T, AS, 1) WS_ATOMIC_1(atom_dec, T, AS, -1)                              \
    WS_ATOMIC_CMPXCHG(atomic_cmpxchg, T, AS) WS_ATOMIC_CMPXCHG(atom_cmpxchg, T, AS)
WS_ATOMIC_MISC(int, __global)
WS_ATOMIC_MISC(uint, __global)
WS_ATOMIC_MISC(int, __local)
WS_ATOMIC_MISC(uint, __local)
WS_ATOMIC_MISC(long, __global)
WS_ATOMIC_MISC(ulong, __global)
WS_ATOMIC_MISC(long, __local)
WS_ATOMIC_MISC(ulong, __local)

/* float exchange and add (the add is a compare-and-swap loop, or global_atomic_add_f32 with
   -munsafe-fp-atomics) */
WS_INLINE float atomic_xchg(volatile __global float *p, float v)
{
    return __opencl_atomic_exchange((volatile __global atomic_float *)p, v, memory_order_relaxed, memory_scope_device);
}
WS_INLINE float atomic_xchg(volatile __local float *p, float v)
{
    return __opencl_atomic_exchange((volatile __local atomic_float *)p, v, memory_order_relaxed,
                                    memory_scope_work_group);
}
WS_INLINE float atomic_add(volatile __global float *p, float v)
{
    return __opencl_atomic_fetch_add((volatile __global atomic_float *)p, v, memory_order_relaxed, memory_scope_device);
}
WS_INLINE float atomic_add(volatile __local float *p, float v)
{
    return __opencl_atomic_fetch_add((volatile __local atomic_float *)p, v, memory_order_relaxed,
                                     memory_scope_work_group);
}

/* OpenCL 2.0 atomics on generic pointers (device scope, the given or sequentially consistent order) */
#define WS_C11_ATOMICS(A, T)                                                                      \
    WS_INLINE void atomic_init(volatile A *p, T v) { __opencl_atomic_init(p, v); }               \
    WS_INLINE void atomic_store(volatile A *p, T v)                                               \
    {                                                                                             \
        __opencl_atomic_store(p, v, memory_order_seq_cst, memory_scope_device);                   \
    }                                                                                             \
    WS_INLINE void atomic_store_explicit(volatile A *p, T v, memory_order o)                      \
    {                                                                                             \
        __opencl_atomic_store(p, v, o, memory_scope_device);                                      \
    }                                                                                             \
    WS_INLINE T atomic_load(volatile A *p) { return __opencl_atomic_load(p, memory_order_seq_cst, memory_scope_device); } \
    WS_INLINE T atomic_load_explicit(volatile A *p, memory_order o)                               \
    {                                                                                             \
        return __opencl_atomic_load(p, o, memory_scope_device);                                   \
    }                                                                                             \
    WS_INLINE T atomic_exchange(volatile A *p, T v)                                               \
    {                                                                                             \
        return __opencl_atomic_exchange(p, v, memory_order_seq_cst, memory_scope_device);         \
    }                                                                                             \
    WS_INLINE bool atomic_compare_exchange_strong(volatile A *p, T *expected, T v)                \
    {                                                                                             \
        return __opencl_atomic_compare_exchange_strong(p, expected, v, memory_order_seq_cst,      \
                                                       memory_order_seq_cst, memory_scope_device); \
    }                                                                                             \
    WS_INLINE bool atomic_compare_exchange_weak(volatile A *p, T *expected, T v)                  \
    {                                                                                             \
        return __opencl_atomic_compare_exchange_weak(p, expected, v, memory_order_seq_cst,        \
                                                     memory_order_seq_cst, memory_scope_device);  \
    }
WS_C11_ATOMICS(atomic_int, int)
WS_C11_ATOMICS(atomic_uint, uint)
WS_C11_ATOMICS(atomic_long, long)
WS_C11_ATOMICS(atomic_ulong, ulong)
#define WS_C11_FETCH(op, A, T)                                                                    \
    WS_INLINE T atomic_fetch_##op(volatile A *p, T v)                                             \
    {                                                                                             \
        return __opencl_atomic_fetch_##op(p, v, memory_order_seq_cst, memory_scope_device);       \
    }                                                                                             \
    WS_INLINE T atomic_fetch_##op##_explicit(volatile A *p, T v, memory_order o)                  \
    {                                                                                             \
        return __opencl_atomic_fetch_##op(p, v, o, memory_scope_device);                          \
    }
#define WS_C11_FETCHES(A, T) WS_C11_FETCH(add, A, T) WS_C11_FETCH(sub, A, T) WS_C11_FETCH(min, A, T) \
    WS_C11_FETCH(max, A, T) WS_C11_FETCH(and, A, T) WS_C11_FETCH(or, A, T) WS_C11_FETCH(xor, A, T)
WS_C11_FETCHES(atomic_int, int)
WS_C11_FETCHES(atomic_uint, uint)
WS_C11_FETCHES(atomic_long, long)
WS_C11_FETCHES(atomic_ulong, ulong)

/* ---- type lists for the overloads below ---- */

#define WS_VEC(M, T) M(T) M(T##2) M(T##3) M(T##4) M(T##8) M(T##16)
#define WS_FLOATS(M) WS_VEC(M, float) WS_VEC(M, double) WS_VEC(M, half)
#define WS_FLOATS32(M) WS_VEC(M, float) WS_VEC(M, half)
#define WS_INTS(M) WS_VEC(M, char) WS_VEC(M, uchar) WS_VEC(M, short) WS_VEC(M, ushort) WS_VEC(M, int) \
    WS_VEC(M, uint) WS_VEC(M, long) WS_VEC(M, ulong)

/* ---- math: elementwise over scalars and vectors ---- */

#define WS_F1(T)                                                                                  \
    WS_INLINE T sqrt(T x) { return __builtin_elementwise_sqrt(x); }                               \
    WS_INLINE T rsqrt(T x) { return (T)1 / __builtin_elementwise_sqrt(x); }                       \
    WS_INLINE T fabs(T x) { return __builtin_elementwise_abs(x); }                                \
    WS_INLINE T floor(T x) { return __builtin_elementwise_floor(x); }                             \
    WS_INLINE T ceil(T x) { return __builtin_elementwise_ceil(x); }                               \
    WS_INLINE T trunc(T x) { return __builtin_elementwise_trunc(x); }                             \
    WS_INLINE T round(T x) { return __builtin_elementwise_round(x); }                             \
    WS_INLINE T rint(T x) { return __builtin_elementwise_rint(x); }                               \
    WS_INLINE T fma(T a, T b, T c) { return __builtin_elementwise_fma(a, b, c); }                 \
    WS_INLINE T mad(T a, T b, T c) { return a * b + c; }                                          \
    WS_INLINE T fmin(T a, T b) { return __builtin_elementwise_min(a, b); }                        \
    WS_INLINE T fmax(T a, T b) { return __builtin_elementwise_max(a, b); }                        \
    WS_INLINE T min(T a, T b) { return __builtin_elementwise_min(a, b); }                         \
    WS_INLINE T max(T a, T b) { return __builtin_elementwise_max(a, b); }                         \
    WS_INLINE T copysign(T a, T b) { return __builtin_elementwise_copysign(a, b); }               \
    WS_INLINE T clamp(T x, T lo, T hi) { return fmin(fmax(x, lo), hi); }                          \
    WS_INLINE T mix(T x, T y, T a) { return x + (y - x) * a; }                                    \
    WS_INLINE T step(T edge, T x) { return x < edge ? (T)0 : (T)1; }                              \
    WS_INLINE T degrees(T r) { return r * (T)57.295779513082320876798154814105; }                 \
    WS_INLINE T radians(T d) { return d * (T)0.017453292519943295769236907684886; }
WS_FLOATS(WS_F1)
#define WS_F32(T)                                                                                 \
    WS_INLINE T exp(T x) { return __builtin_elementwise_exp(x); }                                 \
    WS_INLINE T exp2(T x) { return __builtin_elementwise_exp2(x); }                               \
    WS_INLINE T exp10(T x) { return __builtin_elementwise_exp2(x * (T)3.3219280948873623478703194294894); } \
    WS_INLINE T log(T x) { return __builtin_elementwise_log(x); }                                 \
    WS_INLINE T log2(T x) { return __builtin_elementwise_log2(x); }                               \
    WS_INLINE T log10(T x) { return __builtin_elementwise_log10(x); }                             \
    WS_INLINE T sin(T x) { return __builtin_elementwise_sin(x); }                                 \
    WS_INLINE T cos(T x) { return __builtin_elementwise_cos(x); }                                 \
    WS_INLINE T tan(T x) { return __builtin_elementwise_sin(x) / __builtin_elementwise_cos(x); }  \
    WS_INLINE T pow(T x, T y) { return __builtin_elementwise_pow(x, y); }                         \
    WS_INLINE T powr(T x, T y) { return __builtin_elementwise_pow(x, y); }                        \
    WS_INLINE T native_sqrt(T x) { return sqrt(x); }                                              \
    WS_INLINE T native_rsqrt(T x) { return rsqrt(x); }                                            \
    WS_INLINE T native_exp(T x) { return exp(x); }                                                \
    WS_INLINE T native_log(T x) { return log(x); }                                                \
    WS_INLINE T native_sin(T x) { return sin(x); }                                                \
    WS_INLINE T native_cos(T x) { return cos(x); }                                                \
    WS_INLINE T native_recip(T x) { return (T)1 / x; }                                            \
    WS_INLINE T native_divide(T x, T y) { return x / y; }
WS_FLOATS32(WS_F32)
WS_INLINE float fmod(float x, float y) { return __builtin_fmodf(x, y); }
WS_INLINE double fmod(double x, double y) { return __builtin_fmod(x, y); }
#define WS_FSCALAR_MIX(T, V)                                                                      \
    WS_INLINE V fmin(V a, T b) { return fmin(a, (V)b); }                                          \
    WS_INLINE V fmax(V a, T b) { return fmax(a, (V)b); }                                          \
    WS_INLINE V clamp(V x, T lo, T hi) { return clamp(x, (V)lo, (V)hi); }                        \
    WS_INLINE V mix(V x, V y, T a) { return mix(x, y, (V)a); }
#define WS_FMIX(T) WS_FSCALAR_MIX(T, T##2) WS_FSCALAR_MIX(T, T##3) WS_FSCALAR_MIX(T, T##4) \
    WS_FSCALAR_MIX(T, T##8) WS_FSCALAR_MIX(T, T##16)
WS_FMIX(float)
WS_FMIX(double)
WS_FMIX(half)

/* ---- integer functions ---- */

#define WS_I1(T)                                                                                  \
    WS_INLINE T min(T a, T b) { return __builtin_elementwise_min(a, b); }                         \
    WS_INLINE T max(T a, T b) { return __builtin_elementwise_max(a, b); }                         \
    WS_INLINE T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                            \
    WS_INLINE T add_sat(T a, T b) { return __builtin_elementwise_add_sat(a, b); }                 \
    WS_INLINE T sub_sat(T a, T b) { return __builtin_elementwise_sub_sat(a, b); }
WS_INTS(WS_I1)
#define WS_ROTATE(T, U, bits)                                                                     \
    WS_INLINE T rotate(T v, T n)                                                                  \
    {                                                                                             \
        U u = (U)v, s = (U)n & (bits - 1);                                                        \
        return (T)(U)((U)(u << s) | (U)(u >> ((bits - s) & (bits - 1))));                         \
    }
WS_ROTATE(char, uchar, 8)
WS_ROTATE(uchar, uchar, 8)
WS_ROTATE(short, ushort, 16)
WS_ROTATE(ushort, ushort, 16)
WS_ROTATE(int, uint, 32)
WS_ROTATE(uint, uint, 32)
WS_ROTATE(long, ulong, 64)
WS_ROTATE(ulong, ulong, 64)
#define WS_VROTATE(T, U, bits)                                                                    \
    WS_INLINE T rotate(T v, T n)                                                                  \
    {                                                                                             \
        U u = __builtin_convertvector(v, U), s = __builtin_convertvector(n, U) & (U)(bits - 1);  \
        return __builtin_convertvector((u << s) | (u >> (((U)bits - s) & (U)(bits - 1))), T);     \
    }
WS_VROTATE(int2, uint2, 32)
WS_VROTATE(int4, uint4, 32)
WS_VROTATE(uint2, uint2, 32)
WS_VROTATE(uint4, uint4, 32)
#define WS_ISCALAR(T)                                                                             \
    WS_INLINE T abs_diff(T a, T b) { return a > b ? a - b : b - a; }                              \
    WS_INLINE T mul_hi(T a, T b) { return (T)(((long)a * (long)b) >> (8 * sizeof(T))); }
WS_ISCALAR(char)
WS_ISCALAR(uchar)
WS_ISCALAR(short)
WS_ISCALAR(ushort)
WS_ISCALAR(int)
WS_INLINE uint abs_diff(uint a, uint b) { return a > b ? a - b : b - a; }
WS_INLINE uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
WS_INLINE int abs(int x) { return x < 0 ? -x : x; }
WS_INLINE uint abs(uint x) { return x; }
WS_INLINE long abs(long x) { return x < 0 ? -x : x; }
WS_INLINE int mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
WS_INLINE uint mul24(uint a, uint b) { return (a & 0xffffffu) * (b & 0xffffffu); }
WS_INLINE int mad24(int a, int b, int c) { return mul24(a, b) + c; }
WS_INLINE uint mad24(uint a, uint b, uint c) { return mul24(a, b) + c; }
WS_INLINE int mad_hi(int a, int b, int c) { return mul_hi(a, b) + c; }
WS_INLINE uint mad_hi(uint a, uint b, uint c) { return mul_hi(a, b) + c; }
WS_INLINE int popcount(int x) { return __builtin_popcount(x); }
WS_INLINE uint popcount(uint x) { return __builtin_popcount(x); }
WS_INLINE long popcount(long x) { return __builtin_popcountl(x); }
WS_INLINE ulong popcount(ulong x) { return __builtin_popcountl(x); }
WS_INLINE int clz(int x) { return x ? __builtin_clz(x) : 32; }
WS_INLINE uint clz(uint x) { return x ? __builtin_clz(x) : 32; }
WS_INLINE long clz(long x) { return x ? __builtin_clzl(x) : 64; }
WS_INLINE ulong clz(ulong x) { return x ? __builtin_clzl(x) : 64; }
WS_INLINE int ctz(int x) { return x ? __builtin_ctz(x) : 32; }
WS_INLINE uint ctz(uint x) { return x ? __builtin_ctz(x) : 32; }
WS_INLINE long upsample(int hi, uint lo) { return (long)hi << 32 | lo; }
WS_INLINE ulong upsample(uint hi, uint lo) { return (ulong)hi << 32 | lo; }

/* ---- relational ---- */

WS_INLINE int isnan(float x) { return __builtin_isnan(x); }
WS_INLINE int isnan(double x) { return __builtin_isnan(x); }
WS_INLINE int isinf(float x) { return __builtin_isinf(x); }
WS_INLINE int isinf(double x) { return __builtin_isinf(x); }
WS_INLINE int isfinite(float x) { return __builtin_isfinite(x); }
WS_INLINE int isfinite(double x) { return __builtin_isfinite(x); }
WS_INLINE int signbit(float x) { return __builtin_signbit(x); }
WS_INLINE int signbit(double x) { return __builtin_signbit(x); }
WS_INLINE float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x; }
WS_INLINE double sign(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x; }
#define WS_SELECT(T) WS_INLINE T select(T a, T b, int c) { return c ? b : a; }
WS_SELECT(float)
WS_SELECT(double)
WS_SELECT(int)
WS_SELECT(uint)
WS_SELECT(long)
WS_SELECT(ulong)
WS_SELECT(short)
WS_SELECT(ushort)
WS_SELECT(char)
WS_SELECT(uchar)
#define WS_VSELECT(T, I)                                                                          \
    WS_INLINE T select(T a, T b, I c) { return c < 0 ? b : a; }
WS_VSELECT(float2, int2)
WS_VSELECT(float4, int4)
WS_VSELECT(int2, int2)
WS_VSELECT(int4, int4)
WS_VSELECT(uint4, int4)

/* ---- vector data: vloadN / vstoreN, vload_half / vstore_half ---- */

#define WS_VLOADN(T, N, AS)                                                                       \
    WS_INLINE T##N vload##N(size_t i, const AS T *p)                                             \
    {                                                                                             \
        T##N v;                                                                                   \
        __builtin_memcpy(&v, p + i * N, sizeof(T) * N);                                           \
        return v;                                                                                 \
    }                                                                                             \
    WS_INLINE void vstore##N(T##N v, size_t i, AS T *p) { __builtin_memcpy(p + i * N, &v, sizeof(T) * N); }
#define WS_VLOADS(T, AS) WS_VLOADN(T, 2, AS) WS_VLOADN(T, 4, AS) WS_VLOADN(T, 8, AS) WS_VLOADN(T, 16, AS)
#define WS_VLOADS_ALL(T) WS_VLOADS(T, __global) WS_VLOADS(T, __local) WS_VLOADS(T, __private)
WS_VLOADS_ALL(float)
WS_VLOADS_ALL(int)
WS_VLOADS_ALL(uint)
WS_VLOADS_ALL(short)
WS_VLOADS_ALL(ushort)
WS_VLOADS_ALL(char)
WS_VLOADS_ALL(uchar)
WS_VLOADS_ALL(double)
WS_VLOADS_ALL(long)
WS_VLOADS_ALL(ulong)
WS_INLINE float vload_half(size_t i, const __global half *p) { return (float)p[i]; }
WS_INLINE float vload_half(size_t i, const __local half *p) { return (float)p[i]; }
WS_INLINE void vstore_half(float v, size_t i, __global half *p) { p[i] = (half)v; }
WS_INLINE void vstore_half(float v, size_t i, __local half *p) { p[i] = (half)v; }

/* ---- conversions: convert_T (default rounding: to nearest for floats, toward zero for integers),
   convert_T_sat for integer targets, and as_T reinterpretation ---- */

#define WS_CONVERT1(D, S) WS_INLINE D convert_##D(S x) { return __builtin_convertvector(x, D); }
#define WS_CONVERT_FROM(D, S)                                                                     \
    WS_INLINE D convert_##D(S x) { return (D)x; }                                                 \
    WS_CONVERT1(D##2, S##2) WS_CONVERT1(D##3, S##3) WS_CONVERT1(D##4, S##4) WS_CONVERT1(D##8, S##8) \
    WS_CONVERT1(D##16, S##16)
#define WS_CONVERT_TO(D)                                                                          \
    WS_CONVERT_FROM(D, char) WS_CONVERT_FROM(D, uchar) WS_CONVERT_FROM(D, short)                  \
    WS_CONVERT_FROM(D, ushort) WS_CONVERT_FROM(D, int) WS_CONVERT_FROM(D, uint)                   \
    WS_CONVERT_FROM(D, long) WS_CONVERT_FROM(D, ulong) WS_CONVERT_FROM(D, float)                  \
    WS_CONVERT_FROM(D, double) WS_CONVERT_FROM(D, half)
WS_CONVERT_TO(char)
WS_CONVERT_TO(uchar)
WS_CONVERT_TO(short)
WS_CONVERT_TO(ushort)
WS_CONVERT_TO(int)
WS_CONVERT_TO(uint)
WS_CONVERT_TO(long)
WS_CONVERT_TO(ulong)
WS_CONVERT_TO(float)
WS_CONVERT_TO(double)
WS_CONVERT_TO(half)
#define WS_SAT(D, S, lo, hi)                                                                      \
    WS_INLINE D convert_##D##_sat(S x) { return x < (S)(lo) ? (D)(lo) : x > (S)(hi) ? (D)(hi) : (D)x; }
#define WS_SAT_INT(S)                                                                             \
    WS_SAT(uchar, S, 0, 255) WS_SAT(char, S, -128, 127) WS_SAT(ushort, S, 0, 65535)                \
    WS_SAT(short, S, -32768, 32767)
WS_SAT_INT(int)
WS_SAT_INT(float)
WS_INLINE uchar convert_uchar_sat(uint x) { return x > 255u ? 255 : (uchar)x; }
WS_INLINE int convert_int_sat(float x) { return x != x ? 0 : x <= -2147483648.0f ? (int)0x80000000 : x >= 2147483647.0f ? 0x7fffffff : (int)x; }
WS_INLINE int convert_int_rte(float x) { return (int)__builtin_rintf(x); }
WS_INLINE int convert_int_rtn(float x) { return (int)__builtin_floorf(x); }
WS_INLINE int convert_int_rtp(float x) { return (int)__builtin_ceilf(x); }

#define as_char(x) __builtin_astype((x), char)
#define as_uchar(x) __builtin_astype((x), uchar)
#define as_short(x) __builtin_astype((x), short)
#define as_ushort(x) __builtin_astype((x), ushort)
#define as_int(x) __builtin_astype((x), int)
#define as_uint(x) __builtin_astype((x), uint)
#define as_long(x) __builtin_astype((x), long)
#define as_ulong(x) __builtin_astype((x), ulong)
#define as_float(x) __builtin_astype((x), float)
#define as_double(x) __builtin_astype((x), double)
#define as_half(x) __builtin_astype((x), half)
#define as_int2(x) __builtin_astype((x), int2)
#define as_uint2(x) __builtin_astype((x), uint2)
#define as_float2(x) __builtin_astype((x), float2)
#define as_int4(x) __builtin_astype((x), int4)
#define as_uint4(x) __builtin_astype((x), uint4)
#define as_float4(x) __builtin_astype((x), float4)
#define as_uchar4(x) __builtin_astype((x), uchar4)
#define as_half2(x) __builtin_astype((x), half2)

#endif
