// Sobel edge magnitude on an 8-bit image: byte loads, integer arithmetic, abs, saturation to 255.
__kernel void sobel(__global const uchar *img, __global uchar *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = 0;
        return;
    }
#define P(dx, dy) ((int)img[(y + (dy)) * w + x + (dx)])
    int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
    int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
    out[y * w + x] = convert_uchar_sat(abs(gx) + abs(gy));
}
