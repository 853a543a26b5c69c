// Vector add: one work-item per element, guarded for a partial last group.
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n)
{
    size_t i = get_global_id(0);
    if (i < (size_t)n)
        c[i] = a[i] + b[i];
}
