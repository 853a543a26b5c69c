// Integer division, modulo and shifts, signed and unsigned, 32 and 64 bits.
__kernel void intmix(__global const int *a, __global const int *b, __global int *o32, __global long *o64)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    o32[4 * i + 0] = x / y;
    o32[4 * i + 1] = x % y;
    o32[4 * i + 2] = (int)(ux / uy) ^ (int)(ux % uy);
    o32[4 * i + 3] = (x << (y & 31)) + (x >> (y & 7)) + (int)(ux >> (uy & 15));
    long lx = (long)x * 100003, ly = (long)y;
    o64[2 * i + 0] = lx / ly;
    o64[2 * i + 1] = (lx % ly) + (lx >> 7);
}
