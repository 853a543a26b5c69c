/* Tiled matrix multiply with __local tiles and barriers (2-D launch). Small integer values keep
   every product and sum exact, so both platforms must agree bit for bit whatever they fuse.
   usage: sgemm [N] (a multiple of 16; 96 by default; `make bench` times N = 512) */
#include "app.h"

static const char *src =
    "#define T 16\n"
    "__kernel void sgemm(__global const float *A, __global const float *B, __global float *C, int n) {\n"
    "    __local float a[T][T], b[T][T];\n"
    "    int tx = get_local_id(0), ty = get_local_id(1);\n"
    "    int col = get_global_id(0), row = get_global_id(1);\n"
    "    float acc = 0.0f;\n"
    "    for (int t = 0; t < n; t += T) {\n"
    "        a[ty][tx] = A[row * n + t + tx];\n"
    "        b[ty][tx] = B[(t + ty) * n + col];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        for (int k = 0; k < T; k++) acc += a[ty][k] * b[k][tx];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    C[row * n + col] = acc;\n"
    "}\n";

int main(int argc, char **argv)
{
    int N = argc > 1 ? atoi(argv[1]) : 96;
    EXPECT(N >= 16 && N % 16 == 0 && N <= 4096);
    float *A = malloc(sizeof(float) * (size_t)N * N), *B = malloc(sizeof(float) * (size_t)N * N);
    float *C = malloc(sizeof(float) * (size_t)N * N);
    size_t bytes = sizeof(float) * (size_t)N * N;
    EXPECT(A && B && C);
    for (int i = 0; i < N * N; i++) {
        A[i] = (float)((int)(app_rand() % 17) - 8);
        B[i] = (float)((int)(app_rand() % 13) - 6);
    }
    app_init(0);
    cl_program p = app_build(src, "-cl-mad-enable");
    cl_kernel k = app_kernel(p, "sgemm");
    cl_mem dA = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, A);
    cl_mem dB = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, B);
    cl_mem dC = app_buffer(CL_MEM_WRITE_ONLY, bytes, NULL);
    int n = N;
    CHECK(clSetKernelArg(k, 0, sizeof dA, &dA));
    CHECK(clSetKernelArg(k, 1, sizeof dB, &dB));
    CHECK(clSetKernelArg(k, 2, sizeof dC, &dC));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t global[2] = {(size_t)N, (size_t)N}, local[2] = {16, 16};
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, global, local, 0, NULL, NULL));
    CHECK(clFinish(app_queue));
    CHECK(clEnqueueReadBuffer(app_queue, dC, CL_TRUE, 0, bytes, C, 0, NULL, NULL));
    for (int r = 0; r < N; r += 7)
        for (int c = 0; c < N; c += 5) {
            float s = 0;
            for (int i = 0; i < N; i++)
                s += A[r * N + i] * B[i * N + c];
            EXPECT(C[r * N + c] == s);
        }
    app_floats("C", 0, C, (size_t)N * N);
    free(A), free(B), free(C);
    clReleaseMemObject(dA), clReleaseMemObject(dB), clReleaseMemObject(dC);
    clReleaseKernel(k), clReleaseProgram(p);
    app_finish();
    return 0;
}
