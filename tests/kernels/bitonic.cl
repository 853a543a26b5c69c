// Bitonic sort of 256 integers per work-group in LDS.
__kernel void bitonic(__global int *data)
{
    __local int s[256];
    int l = get_local_id(0), base = get_group_id(0) * 256;
    s[l] = data[base + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 2; k <= 256; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1) {
            int p = l ^ j;
            if (p > l) {
                int a = s[l], b = s[p];
                int up = (l & k) == 0;
                if ((a > b) == up) {
                    s[l] = b;
                    s[p] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    data[base + l] = s[l];
}
