// Mandelbrot iteration counts: long divergent loops; each step is written so nothing contracts
// into an fma (the host reference repeats the same single-precision steps).
__kernel void mandelbrot(__global uint *out, int w, int h, float x0, float y0, float step, uint maxit)
{
    int px = get_global_id(0), py = get_global_id(1);
    if (px >= w || py >= h)
        return;
    float cx = x0 + (float)px * step;
    float cy = y0 + (float)py * step;
    float x = 0.0f, y = 0.0f;
    uint it = 0;
    while (it < maxit) {
        float xx = x * x;
        float yy = y * y;
        if (xx + yy > 4.0f)
            break;
        float xy = x * y;
        x = xx - yy;
        x = x + cx;
        y = xy + xy;
        y = y + cy;
        it++;
    }
    out[py * w + px] = it;
}
