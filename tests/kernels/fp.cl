// f64 and f16 arithmetic and the correctly rounded math builtins (sqrt, fma).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void fp(__global const double *da, __global const double *db, __global double *dout,
                 __global const half *ha, __global const half *hb, __global half *hout,
                 __global const float *fa, __global float *fout)
{
    size_t i = get_global_id(0);
    double x = da[i], y = db[i];
    dout[3 * i + 0] = x * y + x;
    dout[3 * i + 1] = fma(x, y, -x);
    dout[3 * i + 2] = sqrt(fabs(x)) + x / y;
    half p = ha[i], q = hb[i];
    hout[2 * i + 0] = p * q + p;
    hout[2 * i + 1] = p - q;
    float f = fa[i];
    fout[2 * i + 0] = sqrt(fabs(f));
    fout[2 * i + 1] = f / 3.0f;
}
