// (wave32 only) One 16x16x16 half-precision matrix multiply-accumulate per wave with v_wmma_f32_16x16x16_f16:
// lane l holds row l%16 of A and column l%16 of B; result element (2v + l/16, l%16) is c[v].
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half v16h __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));
__kernel void wmma(__global const half *A, __global const half *B, __global const float *C, __global float *D)
{
    uint l = get_local_id(0), m = l % 16;
    v16h a, b;
    v8f c;
    for (int k = 0; k < 16; k++) {
        a[k] = A[m * 16 + k];
        b[k] = B[k * 16 + m];
    }
    for (int v = 0; v < 8; v++)
        c[v] = C[(2 * v + l / 16) * 16 + m];
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
    for (int v = 0; v < 8; v++)
        D[(2 * v + l / 16) * 16 + m] = c[v];
}
