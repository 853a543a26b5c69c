// A 3-D grid with partial groups and a global offset: each work-item writes its global ids.
__kernel void grid3d(__global uint *out, uint nx, uint ny)
{
    size_t x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1),
           z = get_global_id(2) - get_global_offset(2);
    size_t idx = (z * ny + y) * nx + x;
    out[4 * idx + 0] = (uint)get_global_id(0);
    out[4 * idx + 1] = (uint)get_global_id(1);
    out[4 * idx + 2] = (uint)get_global_id(2);
    out[4 * idx + 3] = (uint)(get_local_id(0) + 100 * get_local_id(1) + 10000 * get_local_id(2) + 1000000 * get_group_id(0));
}
