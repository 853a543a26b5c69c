// Transcendental builtins (exp, log, sin, cos) as clang expands them for gfx1100.
__kernel void mathf(__global const float *x, __global float *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    out[4 * i + 0] = exp(v);
    out[4 * i + 1] = log(fabs(v) + 1.0f);
    out[4 * i + 2] = sin(v);
    out[4 * i + 3] = cos(v);
}
