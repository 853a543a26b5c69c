// A 5-point 2-D stencil with clamped borders.
__kernel void stencil(__global const float *in, __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int xl = x > 0 ? x - 1 : x, xr = x < w - 1 ? x + 1 : x, yu = y > 0 ? y - 1 : y, yd = y < h - 1 ? y + 1 : y;
    out[y * w + x] = 0.5f * in[y * w + x] + 0.125f * (in[y * w + xl] + in[y * w + xr] + in[yu * w + x] + in[yd * w + x]);
}
