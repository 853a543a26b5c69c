// Black-Scholes call and put prices: exp, log, sqrt and a polynomial normal CDF in single precision.
float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f, a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = 0.39894228040143267794f * exp(-0.5f * d * d) * k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    return d > 0.0f ? 1.0f - c : c;
}

__kernel void blackscholes(__global const float *S, __global const float *X, __global const float *T,
                           __global float *call, __global float *put, float r, float v)
{
    int i = get_global_id(0);
    float sq = sqrt(T[i]);
    float d1 = (log(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sq);
    float d2 = d1 - v * sq;
    float e = exp(-r * T[i]);
    call[i] = S[i] * cnd(d1) - X[i] * e * cnd(d2);
    put[i] = X[i] * e * (1.0f - cnd(d2)) - S[i] * (1.0f - cnd(d1));
}
