// Packed half-precision math: half2 fma, multiply, add and min (v_pk_* instructions).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void half2ops(__global const half2 *a, __global const half2 *b, __global const half2 *c, __global half2 *out)
{
    size_t i = get_global_id(0);
    half2 x = a[i], y = b[i], z = c[i];
    out[3 * i + 0] = fma(x, y, z);
    out[3 * i + 1] = x * y + (half2)((half)1.0f);
    out[3 * i + 2] = fmin(x, z) + y;
}
