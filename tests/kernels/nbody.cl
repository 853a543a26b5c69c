// One n-body step: each body sums the softened gravitational pull of all others (float4 positions
// with the mass in w), then integrates velocity and position. Uses vector types and 1/sqrt, correctly
// rounded under -cl-fp32-correctly-rounded-divide-sqrt (rsqrt may be 2 ulp off, so no exact reference).
__kernel void nbody(__global const float4 *pos, __global float4 *vel, __global float4 *out, int n, float dt)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float4 p = pos[i];
    float3 acc = (float3)(0.0f);
    for (int j = 0; j < n; j++) {
        float4 q = pos[j];
        float3 d = q.xyz - p.xyz;
        float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.01f;
        float inv = 1.0f / sqrt(r2);
        float s = q.w * inv * inv * inv;
        acc += d * s;
    }
    float4 v = vel[i];
    v.xyz += acc * dt;
    vel[i] = v;
    out[i] = (float4)(p.xyz + v.xyz * dt, p.w);
}
