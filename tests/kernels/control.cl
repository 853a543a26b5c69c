// Nested branches, a switch, loops with break and continue, early returns: per-item control flow
// that diverges at several levels.
int classify(int v)
{
    switch (v & 7) {
    case 0: return v / 3;
    case 1: return -v;
    case 2:
    case 3: return v * 5 + 1;
    case 5: return v ^ 0x5555;
    default: return v >> 2;
    }
}

__kernel void control(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = in[i], acc = 0;
    for (int k = 0; k < 40; k++) {
        if ((v + k) % 7 == 0)
            continue;
        if (acc > 100000)
            break;
        if (v & 1) {
            if (k & 2)
                acc += classify(v + k);
            else
                acc -= k;
        } else {
            int j = 0;
            while (j < (k & 3)) {
                acc += j * v;
                j++;
            }
        }
    }
    out[i] = acc;
}
