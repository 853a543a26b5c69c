// Inclusive prefix sum within each work-group (Hillis-Steele through LDS) of integers.
__kernel void scan(__global const int *in, __global int *out)
{
    __local int buf[2][256];
    int l = get_local_id(0), n = get_local_size(0), cur = 0;
    buf[0][l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < n; off <<= 1) {
        int v = buf[cur][l];
        if (l >= off)
            v += buf[cur][l - off];
        buf[1 - cur][l] = v;
        cur = 1 - cur;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[cur][l];
}
