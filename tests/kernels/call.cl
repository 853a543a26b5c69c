// A non-inlined function call and a private array: s_getpc/s_swappc with @rel32 literals, scratch.
__attribute__((noinline)) int weigh(__private int *v, int n, int k)
{
    int s = 0;
    for (int j = 0; j < n; j++)
        s += v[j] * (j + k);
    return s;
}

__kernel void call(__global int *out, __global const int *in, int k)
{
    size_t i = get_global_id(0);
    int priv[16];
    for (int j = 0; j < 16; j++)
        priv[j] = in[(i + j) & 63] ^ j;
    out[i] = weigh(priv, 16, k) + weigh(priv + 8, 8, k + 1);
}
