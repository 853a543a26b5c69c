// Matrix transpose through a padded LDS tile.
__kernel void transpose(__global const float *in, __global float *out, int w, int h)
{
    __local float tile[16][17];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (x < w && y < h)
        tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * 16 + lx, ty = get_group_id(0) * 16 + ly;
    if (tx < h && ty < w)
        out[ty * h + tx] = tile[lx][ly];
}
