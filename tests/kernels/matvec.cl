// y = A x with one work-item per row (meant for wave64 too): an explicit fma chain in column order.
__kernel void matvec(__global const float *A, __global const float *x, __global float *y, int rows, int cols)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    float s = 0.0f;
    for (int c = 0; c < cols; c++)
        s = fma(A[r * cols + c], x[c], s);
    y[r] = s;
}
