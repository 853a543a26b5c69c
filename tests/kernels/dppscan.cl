// Inclusive prefix sums across a wave32 built from DPP row shifts (row_shr:1,2,4,8 with
// bound_ctrl), then the rows joined with readlane: exercises DPP16 lane selection and masks.
__kernel void dppscan(__global const int *in, __global int *out)
{
    int v = in[get_global_id(0)];
    int lane = get_local_id(0) & 31;
    v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, true); /* row_shr:1 */
    v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, true); /* row_shr:2 */
    v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, true); /* row_shr:4 */
    v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, true); /* row_shr:8 */
    int row0_total = __builtin_amdgcn_readlane(v, 15);
    if (lane >= 16)
        v += row0_total;
    int mirrored = __builtin_amdgcn_update_dpp(0, v, 0x140, 0xf, 0xf, true); /* row_mirror */
    out[2 * get_global_id(0)] = v;
    out[2 * get_global_id(0) + 1] = mirrored;
}
