// IEEE division and square root over the whole range (denormals, huge and tiny ratios, zeros,
// infinities, NaN): built with -cl-fp32-correctly-rounded-divide-sqrt so f32 uses the same
// div_scale / div_fmas / div_fixup sequence as f64, and every result must be correctly rounded.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void div(__global const float *fa, __global const float *fb, __global float *fout,
                  __global const double *da, __global const double *db, __global double *dout)
{
    size_t i = get_global_id(0);
    fout[2 * i + 0] = fa[i] / fb[i];
    fout[2 * i + 1] = sqrt(fa[i]);
    dout[2 * i + 0] = da[i] / db[i];
    dout[2 * i + 1] = sqrt(da[i]);
}
