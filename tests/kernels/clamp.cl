/* clamp() and nested min/max, which clang-19 at -O3 selects as v_maxmin_* / v_minmax_* (issue 15:
   these were executed backwards); and get_local_size() in a partial last group (the partial size)
   against get_enqueued_local_size() (the full one). */
__kernel void clampops(__global const int *a, __global const float *f, __global int *oi, __global float *of,
                       __global uint *sizes, int lo, int hi, float flo, float fhi)
{
    size_t i = get_global_id(0);
    int x = a[i];
    uint u = (uint)x;
    oi[6 * i + 0] = clamp(x, lo, hi);
    oi[6 * i + 1] = min(max(x, lo), hi);
    oi[6 * i + 2] = max(min(x, hi), lo);
    oi[6 * i + 3] = (int)clamp(u, (uint)lo, (uint)hi);
    oi[6 * i + 4] = (int)max(min(u, (uint)lo), (uint)hi);
    oi[6 * i + 5] = max(min(x, lo), hi);
    float y = f[i];
    of[4 * i + 0] = clamp(y, flo, fhi);
    of[4 * i + 1] = fmin(fmax(y, flo), fhi);
    of[4 * i + 2] = fmax(fmin(y, flo), fhi);
    of[4 * i + 3] = max(min(y, fhi), flo);
    sizes[2 * i] = (uint)get_local_size(0);
    sizes[2 * i + 1] = (uint)get_enqueued_local_size(0);
}
