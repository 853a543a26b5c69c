// Dot product: per-group tree reduction through __local memory with barriers.
__kernel void reduce_dot(__global const float *a, __global const float *b, __global float *partial, __local float *tmp)
{
    size_t l = get_local_id(0), i = get_global_id(0), n = get_local_size(0);
    tmp[l] = a[i] * b[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        partial[get_group_id(0)] = tmp[0];
}
