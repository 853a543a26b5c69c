// Program-scope constants: a lookup table and a table of pointers into it. The code reaches them
// PC-relatively and the pointers need the loader's R_AMDGPU_RELATIVE64 relocations, so this fails
// unless the code object's data is placed in device memory and relocated (at -O0 even the device
// library's own constants are loaded this way).
// program-scope data; codeobj-run: --kernel globals --global 256 --local 64 --arg zeros:1024 --arg zeros:1024 --arg zeros:1024
__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__constant int *__constant halves[2] = {primes, primes + 8};
__constant float weights[4] = {0.5f, -1.25f, 3.0f, 0.125f};

__kernel void globals(__global const int *in, __global int *out, __global float *fout)
{
    size_t i = get_global_id(0);
    int v = in[i] ^ (int)((uint)i * 2654435761u);
    out[i] = halves[v & 1][(v >> 1) & 7] * primes[(v >> 4) & 15];
    fout[i] = weights[v & 3] * (float)v;
}
