// Integer, f64 and f16 arithmetic, atomics and a private array: exercises many instruction forms.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void mix(__global int *iv, __global double *dv, __global half *hv, __global int *counter, int k)
{
    size_t i = get_global_id(0);
    int priv[8];
    for (int j = 0; j < 8; j++)
        priv[j] = iv[i] * j + k;
    int x = priv[(i + k) & 7];
    iv[i] = x / (k | 1) + x % 7 - (x >> 3);
    dv[i] = dv[i] * 1.5 + sqrt((double)x * x);
    hv[i] = hv[i] * (half)2.0f + (half)0.5f;
    atomic_add(counter, 1);
    atomic_max(counter + 1, x);
}
