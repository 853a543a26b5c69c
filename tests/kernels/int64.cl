// 64-bit integer arithmetic: multiply, high multiply, unsigned and signed divide and remainder,
// shifts, rotate, popcount and leading zeros.
__kernel void int64ops(__global const ulong *a, __global const ulong *b, __global ulong *out)
{
    size_t i = get_global_id(0);
    ulong x = a[i], y = b[i] | 1;
    long sx = (long)x, sy = (long)y;
    out[8 * i + 0] = x * y;
    out[8 * i + 1] = mul_hi((uint)x, (uint)y) + ((x >> 32) * (y >> 32));
    out[8 * i + 2] = x / y;
    out[8 * i + 3] = x % y;
    out[8 * i + 4] = (ulong)(sx / (sy >> 20 | 1));
    out[8 * i + 5] = (x << (y & 63)) ^ (ulong)(sx >> (x & 63));
    out[8 * i + 6] = rotate(x, y);
    out[8 * i + 7] = (ulong)popcount(x) << 32 | (ulong)clz(y);
}
