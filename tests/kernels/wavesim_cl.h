/* wavesim's OpenCL C builtins for gfx11, as inline functions over clang's AMDGPU builtins, so
   kernels compile with -nogpulib and run on wavesim (../shared/spec/rdna3-reference.md section 2).
   Hidden kernel arguments follow code object v5: block counts at 0, group sizes at 12, global
   offsets at 40 of the implicit argument block. */
#ifndef WAVESIM_CL_H
#define WAVESIM_CL_H

#define WS_INLINE static inline __attribute__((always_inline, overloadable))

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

WS_INLINE size_t get_local_size(uint d)
{
    return d == 0 ? __builtin_amdgcn_workgroup_size_x() : d == 1 ? __builtin_amdgcn_workgroup_size_y()
           : d == 2 ? __builtin_amdgcn_workgroup_size_z() : 1;
}

WS_INLINE size_t get_num_groups(uint d)
{
    __constant uint *implicit = (__constant uint *)__builtin_amdgcn_implicitarg_ptr();
    return d < 3 ? implicit[d] : 1;
}

WS_INLINE size_t get_global_offset(uint d)
{
    __constant ulong *implicit = (__constant ulong *)((__constant char *)__builtin_amdgcn_implicitarg_ptr() + 40);
    return d < 3 ? implicit[d] : 0;
}

WS_INLINE size_t get_global_id(uint d)
{
    return get_group_id(d) * get_local_size(d) + get_local_id(d) + get_global_offset(d);
}

WS_INLINE size_t get_global_size(uint d)
{
    __constant uint *implicit = (__constant uint *)__builtin_amdgcn_implicitarg_ptr();
    __constant ushort *group = (__constant ushort *)((__constant char *)implicit + 12);
    __constant ushort *rem = (__constant ushort *)((__constant char *)implicit + 18);
    return d < 3 ? (size_t)(implicit[d] - (rem[d] ? 1 : 0)) * group[d] + rem[d] : 1;
}

WS_INLINE void barrier(cl_mem_fence_flags flags)
{
    (void)flags;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

/* 32-bit integer atomics on global and local memory (OpenCL 1.x names) */
#define WS_ATOMIC(name, expr)                                                                          \
    WS_INLINE int name(volatile __global int *p, int v) { return expr(p, v); }                          \
    WS_INLINE uint name(volatile __global uint *p, uint v) { return expr(p, v); }                       \
    WS_INLINE int name(volatile __local int *p, int v) { return expr(p, v); }                           \
    WS_INLINE uint name(volatile __local uint *p, uint v) { return expr(p, v); }
#define WS_FETCH_ADD(p, v) __atomic_fetch_add(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_SUB(p, v) __atomic_fetch_sub(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_MIN(p, v) __atomic_fetch_min(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_MAX(p, v) __atomic_fetch_max(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_AND(p, v) __atomic_fetch_and(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_OR(p, v) __atomic_fetch_or(p, v, __ATOMIC_RELAXED)
#define WS_FETCH_XOR(p, v) __atomic_fetch_xor(p, v, __ATOMIC_RELAXED)
#define WS_XCHG(p, v) __atomic_exchange_n(p, v, __ATOMIC_RELAXED)
WS_ATOMIC(atomic_add, WS_FETCH_ADD)
WS_ATOMIC(atomic_sub, WS_FETCH_SUB)
WS_ATOMIC(atomic_min, WS_FETCH_MIN)
WS_ATOMIC(atomic_max, WS_FETCH_MAX)
WS_ATOMIC(atomic_and, WS_FETCH_AND)
WS_ATOMIC(atomic_or, WS_FETCH_OR)
WS_ATOMIC(atomic_xor, WS_FETCH_XOR)
WS_ATOMIC(atomic_xchg, WS_XCHG)

WS_INLINE int atomic_inc(volatile __global int *p) { return __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }
WS_INLINE int atomic_inc(volatile __local int *p) { return __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }
WS_INLINE int atomic_cmpxchg(volatile __global int *p, int cmp, int v)
{
    __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return cmp;
}
WS_INLINE int atomic_cmpxchg(volatile __local int *p, int cmp, int v)
{
    __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return cmp;
}
/* float atomic add: a compare-and-swap loop, or global_atomic_add_f32 with -munsafe-fp-atomics */
WS_INLINE float atomic_add(volatile __global float *p, float v)
{
    return __opencl_atomic_fetch_add((volatile __global atomic_float *)p, v, memory_order_relaxed,
                                     memory_scope_device);
}

/* math: the correctly rounded ones map to instructions; the rest are clang's AMDGPU expansions */
WS_INLINE float sqrt(float x) { return __builtin_sqrtf(x); }
WS_INLINE double sqrt(double x) { return __builtin_sqrt(x); }
WS_INLINE float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
WS_INLINE double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
WS_INLINE float fabs(float x) { return __builtin_fabsf(x); }
WS_INLINE double fabs(double x) { return __builtin_fabs(x); }
WS_INLINE float exp(float x) { return __builtin_expf(x); }
WS_INLINE float log(float x) { return __builtin_logf(x); }
WS_INLINE float sin(float x) { return __builtin_sinf(x); }
WS_INLINE float cos(float x) { return __builtin_cosf(x); }

#endif
