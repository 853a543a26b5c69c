// Float atomic add (a compare-and-swap loop) of integers-valued floats: exact in any order.
__kernel void fatomic(__global float *sum, __global const float *v)
{
    atomic_add(sum, v[get_global_id(0)]);
}
