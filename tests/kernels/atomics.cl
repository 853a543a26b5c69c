// Integer atomics on global and local memory: add, inc, min, max, xchg, cmpxchg; a histogram.
__kernel void atomics(__global int *g, __global const int *v, __global int *hist, __global int *xchg_out,
                      __global int *slots)
{
    __local int l[4];
    size_t i = get_global_id(0), li = get_local_id(0);
    if (li < 4)
        l[li] = li == 2 ? 0x7fffffff : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = v[i];
    atomic_add(&g[0], x);
    atomic_inc(&g[1]);
    atomic_min(&g[2], x);
    atomic_max(&g[3], x);
    atomic_add(&l[0], x);
    atomic_max(&l[1], x);
    atomic_min(&l[2], x);
    atomic_inc(&l[3]);
    atomic_add(&hist[x & 15], 1);
    /* one exchange slot per group: the last writer is decided within the group */
    xchg_out[i] = atomic_xchg(&slots[get_group_id(0)], (int)i) >= 0;
    int old;
    do {
        old = g[5];
    } while (atomic_cmpxchg(&g[5], old, old + 2) != old);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (li == 0) {
        atomic_add(&g[6], l[0]);
        atomic_max(&g[7], l[1]);
        atomic_min(&g[8], l[2]);
        atomic_add(&g[9], l[3]);
    }
}
