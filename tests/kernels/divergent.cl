// Divergent loops and nested branches: a Collatz step count with data-dependent control flow.
__kernel void divergent(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    uint x = in[i], steps = 0;
    while (x != 1 && steps < 1000) {
        if (x & 1) {
            if (x % 3 == 0)
                x = x / 3;
            else
                x = 3 * x + 1;
        } else {
            x >>= 1;
        }
        steps++;
    }
    out[i] = steps;
}
