// Float atomic add as portable OpenCL writes it (a compare-and-swap loop on the float's bits) of
// integer-valued floats: exact in any order.
__kernel void fatomic(__global float *sum, __global const float *v)
{
    float add = v[get_global_id(0)];
    volatile __global uint *word = (volatile __global uint *)sum;
    uint old = *word, seen;
    while ((seen = atomic_cmpxchg(word, old, as_uint(as_float(old) + add))) != old)
        old = seen;
}
