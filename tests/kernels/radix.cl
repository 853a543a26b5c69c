// One 4-bit pass of a stable radix sort inside a workgroup of 256: digit flags, an exclusive
// prefix sum in local memory per digit, then a scatter to the sorted positions.
__kernel void radix(__global const uint *keys, __global uint *out, uint shift)
{
    __local uint flags[256], offsets[16];
    uint li = get_local_id(0), base = get_group_id(0) * 256;
    uint k = keys[base + li], digit = (k >> shift) & 15;
    uint pos = 0, before = 0;
    for (uint d = 0; d < 16; d++) {
        flags[li] = digit == d;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint s = 1; s < 256; s <<= 1) { /* inclusive Hillis-Steele scan */
            uint v = li >= s ? flags[li - s] : 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            flags[li] += v;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (digit == d)
            pos = before + flags[li] - 1;
        before += flags[255];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[base + pos] = k;
    (void)offsets;
}
