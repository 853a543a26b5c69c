// 256-bin histogram of bytes: per-group counts in local memory (local atomics), merged into the
// global histogram with one global atomic per bin and group.
__kernel void histogram(__global const uchar *data, uint n, __global uint *hist)
{
    __local uint bins[256];
    uint li = get_local_id(0), ls = get_local_size(0);
    for (uint b = li; b < 256; b += ls)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = li; b < 256; b += ls)
        if (bins[b])
            atomic_add(&hist[b], bins[b]);
}
