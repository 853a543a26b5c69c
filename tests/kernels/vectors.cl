// Vector types: float4 / int4 arithmetic, swizzles, select, conversions, vload4/vstore4 and bit casts.
__kernel void vectors(__global const float *in, __global float *fout, __global int *iout)
{
    size_t i = get_global_id(0);
    float4 v = vload4(i, in);
    float4 w = v.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + v.xxyy;
    int4 m = v > w;
    float4 s = select(v, w, m);
    vstore4(s + fmin(v, w), i, fout);
    int4 c = convert_int4(w * 8.0f);
    uint4 bits = as_uint4(v);
    iout[4 * i + 0] = c.x + c.y * 3 - c.z;
    iout[4 * i + 1] = c.w ^ (int)(bits.x >> 9);
    iout[4 * i + 2] = m.x + 2 * m.y + 4 * m.z + 8 * m.w;
    iout[4 * i + 3] = (int)(bits.y & 0xffff) + max(c.x, c.y);
}
