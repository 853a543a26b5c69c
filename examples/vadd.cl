// Sample kernel for `make demo`: c[i] = a[i] * k + b[i] over n elements.
__kernel void saxpy(__global const float *a, __global const float *b, __global float *c, float k, uint n)
{
    uint i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x();
    if (i < n)
        c[i] = a[i] * k + b[i];
}
