/* One n-body step (float4 positions and velocities, rsqrt): float results compared within a
   bound. The force sum runs over 256 bodies in the same order on both platforms; rsqrt is a 2-ulp
   function in OpenCL and contraction may differ, so the new positions agree to a few ulps. */
#include "app.h"

static const char *src =
    "__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel, __global float4 *npos,\n"
    "                   __global float4 *nvel, int n, float dt) {\n"
    "    int i = get_global_id(0);\n"
    "    float4 p = pos[i], a = (float4)(0.0f);\n"
    "    for (int j = 0; j < n; j++) {\n"
    "        float4 d = pos[j] - p;\n"
    "        float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.01f;\n"
    "        float inv = rsqrt(r2);\n"
    "        a += d * (pos[j].w * inv * inv * inv);\n"
    "    }\n"
    "    float4 v = vel[i] + a * dt;\n"
    "    v.w = 0.0f;\n"
    "    nvel[i] = v;\n"
    "    npos[i] = (float4)(p.xyz + v.xyz * dt, p.w);\n"
    "}\n";

int main(void)
{
    enum { N = 256 };
    static cl_float4 pos[N], vel[N], npos[N], nvel[N];
    for (int i = 0; i < N; i++) {
        for (int c = 0; c < 3; c++) {
            pos[i].s[c] = (float)(app_rand() % 2000) / 100.0f - 10.0f;
            vel[i].s[c] = (float)(app_rand() % 200) / 100.0f - 1.0f;
        }
        pos[i].s[3] = 1.0f + (float)(app_rand() % 10);
        vel[i].s[3] = 0;
    }
    app_init(0);
    cl_program p = app_build(src, NULL);
    cl_kernel k = app_kernel(p, "nbody_step");
    cl_mem dp = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof pos, pos);
    cl_mem dv = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof vel, vel);
    cl_mem dnp = app_buffer(CL_MEM_WRITE_ONLY, sizeof npos, NULL), dnv = app_buffer(CL_MEM_WRITE_ONLY, sizeof nvel, NULL);
    int n = N;
    float dt = 0.01f;
    CHECK(clSetKernelArg(k, 0, sizeof dp, &dp));
    CHECK(clSetKernelArg(k, 1, sizeof dv, &dv));
    CHECK(clSetKernelArg(k, 2, sizeof dnp, &dnp));
    CHECK(clSetKernelArg(k, 3, sizeof dnv, &dnv));
    CHECK(clSetKernelArg(k, 4, sizeof n, &n));
    CHECK(clSetKernelArg(k, 5, sizeof dt, &dt));
    size_t global = N, local = 64;
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dnp, CL_TRUE, 0, sizeof npos, npos, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, dnv, CL_TRUE, 0, sizeof nvel, nvel, 0, NULL, NULL));
    /* positions: p + v*dt with |v*dt| small against |p|, so a few ulps of v move p by at most one */
    app_floats("pos", 4, (const float *)npos, 4 * N);
    clReleaseMemObject(dp), clReleaseMemObject(dv), clReleaseMemObject(dnp), clReleaseMemObject(dnv);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
