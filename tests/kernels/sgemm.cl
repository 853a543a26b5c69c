// C = A * B for n x n matrices: a naive kernel and a 16x16 tiled kernel through LDS.
__kernel void sgemm(__global const float *A, __global const float *B, __global float *C, int n)
{
    int r = get_global_id(1), c = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s = fma(A[r * n + k], B[k * n + c], s);
    C[r * n + c] = s;
}

__kernel void sgemm_tiled(__global const float *A, __global const float *B, __global float *C, int n)
{
    __local float ta[16][16], tb[16][16];
    int lr = get_local_id(1), lc = get_local_id(0);
    int r = get_global_id(1), c = get_global_id(0);
    float s = 0.0f;
    for (int t = 0; t < n; t += 16) {
        ta[lr][lc] = A[r * n + t + lc];
        tb[lr][lc] = B[(t + lr) * n + c];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < 16; k++)
            s = fma(ta[lr][k], tb[k][lc], s);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[r * n + c] = s;
}
