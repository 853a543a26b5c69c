// Integer bit functions: popcount, clz, ctz, rotate, mul24/mad24, mul_hi, abs_diff, add_sat,
// sub_sat, and bit-field extraction the compiler turns into v_bfe.
__kernel void bitops(__global const uint *a, __global const uint *b, __global uint *out)
{
    size_t i = get_global_id(0);
    uint x = a[i], y = b[i];
    int sx = (int)x, sy = (int)y;
    out[8 * i + 0] = popcount(x) + (clz(y) << 8) + (ctz(x) << 16);
    out[8 * i + 1] = rotate(x, y);
    out[8 * i + 2] = mad24(x, y, x >> 3);
    out[8 * i + 3] = mul_hi(x, y) ^ (uint)mul_hi(sx, sy);
    out[8 * i + 4] = abs_diff(x, y);
    out[8 * i + 5] = (uint)add_sat(sx, sy);
    out[8 * i + 6] = sub_sat(x, y);
    out[8 * i + 7] = ((x >> 5) & 0x3ff) | (uint)(((int)(y << 7)) >> 20) << 10;
}
