/* Images end to end: 1D, 1D array, 2D, 2D array and 3D images of several channel orders and types,
   read with and without samplers (nearest and linear filtering, normalized and unnormalized
   coordinates, every addressing mode, out-of-range reads that take the border colour), written
   with conversion and saturation, queried (get_image_*), and moved by the image commands (write,
   read, fill, copy, copy to and from buffers, map). Sampler objects and sampler literals both.
   Integers and nearest reads of float images must be equal; normalized-integer reads within 2 ulp
   (OpenCL 8.3.1.1 allows 1.5); bilinear reads within 1/256 of the image's value range per axis
   (OpenCL leaves filter precision open, and the texture unit weighs with 8 sub-texel bits). */
#include "app.h"

static const char *src =
    /* ROCm's device libraries give sampler literals an opaque-black border (alpha 1 even for images with
       alpha, where OpenCL says 0): the literal clamps to the edge; the border comes from a sampler object */
    "const sampler_t lit = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;\n"
    /* integer-coordinate reads and writes: a copy with a twist */
    "__kernel void copy2d(read_only image2d_t in, write_only image2d_t out) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    float4 v = read_imagef(in, p);\n"
    "    write_imagef(out, p, v.wzyx * 0.5f + (float4)(0.25f));\n"
    "}\n"
    /* a sampler argument at float coordinates: filtered values to a buffer */
    "__kernel void sample2d(read_only image2d_t in, sampler_t s, __global float4 *out, float ox, float oy,\n"
    "                       float scale, int norm) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
    "    float2 c = (float2)(x * scale + ox, y * scale + oy);\n"
    "    if (norm) c /= (float2)(get_image_width(in), get_image_height(in));\n"
    "    out[y * w + x] = read_imagef(in, s, c);\n"
    "}\n"
    /* integer images: the literal (clamped to the edge) and a sampler object with a transparent border,
       out-of-range coordinates included */
    "__kernel void sample_int(read_only image2d_t u, read_only image2d_t s16, sampler_t border,\n"
    "                         __global uint4 *ou, __global int4 *os, __global uint4 *ob) {\n"
    "    int x = get_global_id(0) - 2, y = get_global_id(1) - 1, w = get_global_size(0);\n"
    "    int i = get_global_id(1) * w + get_global_id(0);\n"
    "    ou[i] = read_imageui(u, lit, (int2)(x, y));\n"
    "    os[i] = read_imagei(s16, lit, (float2)(x + 0.5f, y + 0.5f));\n"
    "    ob[i] = read_imageui(u, border, (int2)(x, y));\n"
    "}\n"
    /* saturating integer writes */
    "__kernel void write_int(write_only image2d_t o, __global const int4 *v) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    write_imagei(o, p, v[p.y * get_global_size(0) + p.x]);\n"
    "}\n"
    /* 3D: a sampler object with normalized coordinates */
    "__kernel void sample3d(read_only image3d_t in, sampler_t s, __global float4 *out) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "    int w = get_global_size(0), h = get_global_size(1);\n"
    "    float4 c = (float4)((x + 0.3f) / 5.0f, (y - 0.7f) / 3.0f, (z * 1.7f) / 2.0f, 0.0f);\n"
    "    out[(z * h + y) * w + x] = read_imagef(in, s, c);\n"
    "}\n"
    /* arrays and 1D images, and the queries */
    "__kernel void arrays(read_only image2d_array_t a, read_only image1d_t b, read_only image1d_array_t c,\n"
    "                     __global float4 *out, __global int *q) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), l = get_global_id(2);\n"
    "    int w = get_global_size(0), h = get_global_size(1);\n"
    "    int i = (l * h + y) * w + x;\n"
    "    out[3 * i] = read_imagef(a, (int4)(x, y, l, 0));\n"
    "    out[3 * i + 1] = read_imagef(b, x * 2 + y);\n"
    "    out[3 * i + 2] = read_imagef(c, (int2)(x, l));\n"
    "    if (i == 0) {\n"
    "        q[0] = get_image_width(a); q[1] = get_image_height(a); q[2] = (int)get_image_array_size(a);\n"
    "        q[3] = get_image_channel_data_type(a); q[4] = get_image_channel_order(a);\n"
    "        q[5] = get_image_width(b); q[6] = get_image_width(c); q[7] = (int)get_image_array_size(c);\n"
    "        q[8] = get_image_channel_order(b); q[9] = get_image_channel_data_type(c);\n"
    "    }\n"
    "}\n"
    /* read-write image: increment in place */
    "__kernel void bump(read_write image2d_t im) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    write_imageui(im, p, read_imageui(im, p) + (uint4)(1, 2, 3, 4));\n"
    "}\n";

static cl_mem image(cl_mem_object_type type, cl_channel_order order, cl_channel_type ctype, size_t w, size_t h,
                    size_t d, size_t layers, cl_mem_flags flags, void *host)
{
    cl_image_format f = {order, ctype};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = type;
    desc.image_width = w;
    desc.image_height = h;
    desc.image_depth = d;
    desc.image_array_size = layers;
    cl_int err;
    cl_mem m = clCreateImage(app_ctx, flags, &f, &desc, host, &err);
    CHECK(err);
    return m;
}

static void fill_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(app_rand() >> 4);
}

int main(void)
{
    app_init(0);
    cl_bool support = CL_FALSE;
    CHECK(clGetDeviceInfo(app_device, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, NULL));
    EXPECT(support);
    cl_program p = app_build(src, "-cl-std=CL2.0");
    cl_int err;

    /* 1. copy2d: RGBA UNORM_INT8 in, RGBA UNORM_INT16 out (written with conversion) */
    enum { W = 37, H = 19 };
    static uint8_t rgba8[W * H * 4];
    fill_bytes(rgba8, sizeof rgba8);
    cl_mem in = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, W, H, 0, 0, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                      rgba8);
    cl_mem out16 = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT16, W, H, 0, 0, CL_MEM_WRITE_ONLY, NULL);
    cl_kernel k = app_kernel(p, "copy2d");
    CHECK(clSetKernelArg(k, 0, sizeof in, &in));
    CHECK(clSetKernelArg(k, 1, sizeof out16, &out16));
    size_t g2[2] = {W, H}, origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, g2, NULL, 0, NULL, NULL));
    static uint16_t res16[W * H * 4];
    CHECK(clEnqueueReadImage(app_queue, out16, CL_TRUE, origin, region, 0, 0, res16, 0, NULL, NULL));
    static int32_t ints[W * H * 4];
    for (int i = 0; i < W * H * 4; i++)
        ints[i] = res16[i];
    app_ints("copy2d_unorm16", ints, W * H * 4);
    clReleaseKernel(k);

    /* 2. sample2d: BGRA UNORM_INT8 and RGBA FLOAT, each sampler mode */
    static float rgbaf[W * H * 4];
    for (int i = 0; i < W * H * 4; i++)
        rgbaf[i] = (float)(int)(app_rand() % 2001 - 1000) / 64.0f;
    cl_mem fimg = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_FLOAT, W, H, 0, 0, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                        rgbaf);
    cl_mem bgra = image(CL_MEM_OBJECT_IMAGE2D, CL_BGRA, CL_UNORM_INT8, W, H, 0, 0, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                        rgba8);
    enum { SW = 24, SH = 12 };
    static float sres[SW * SH * 4];
    cl_mem sbuf = app_buffer(CL_MEM_WRITE_ONLY, sizeof sres, NULL);
    k = app_kernel(p, "sample2d");
    static const cl_addressing_mode modes[] = {CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP, CL_ADDRESS_REPEAT,
                                               CL_ADDRESS_MIRRORED_REPEAT, CL_ADDRESS_NONE};
    static const char *const mode_names[] = {"edge", "clamp", "repeat", "mirror", "none"};
    for (int img = 0; img < 2; img++)
        for (int m = 0; m < 5; m++)
            for (int filt = 0; filt < 2; filt++)
                for (int norm = 0; norm < 2; norm++) {
                    if ((m == 2 || m == 3) && !norm)
                        continue; /* repeat modes need normalized coordinates */
                    cl_sampler s = clCreateSampler(app_ctx, norm ? CL_TRUE : CL_FALSE, modes[m],
                                                   filt ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
                    CHECK(err);
                    /* coordinates from outside the left/top edge to beyond the right/bottom one;
                       CL_ADDRESS_NONE stays inside (outside is undefined) */
                    float ox = m == 4 ? 0.6f : -7.3f, oy = m == 4 ? 0.55f : -5.6f, scale = m == 4 ? 1.45f : 2.2f;
                    cl_mem im = img ? bgra : fimg;
                    int nm = norm;
                    CHECK(clSetKernelArg(k, 0, sizeof im, &im));
                    CHECK(clSetKernelArg(k, 1, sizeof s, &s));
                    CHECK(clSetKernelArg(k, 2, sizeof sbuf, &sbuf));
                    CHECK(clSetKernelArg(k, 3, sizeof ox, &ox));
                    CHECK(clSetKernelArg(k, 4, sizeof oy, &oy));
                    CHECK(clSetKernelArg(k, 5, sizeof scale, &scale));
                    CHECK(clSetKernelArg(k, 6, sizeof nm, &nm));
                    size_t gs[2] = {SW, SH};
                    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, gs, NULL, 0, NULL, NULL));
                    CHECK(clEnqueueReadBuffer(app_queue, sbuf, CL_TRUE, 0, sizeof sres, sres, 0, NULL, NULL));
                    char name[64];
                    snprintf(name, sizeof name, "sample_%s_%s_%s_%s", img ? "bgra8" : "f32", mode_names[m],
                             filt ? "linear" : "nearest", norm ? "norm" : "unnorm");
                    if (filt) /* value ranges: 2000/64 for the float image, 1 for UNORM8; two axes */
                        app_floats_abs(name, (img ? 1.0 : 2000.0 / 64) * 2 / 256, sres, SW * SH * 4);
                    else
                        app_floats(name, img ? 2 : 0, sres, SW * SH * 4);
                    clReleaseSampler(s);
                }
    clReleaseKernel(k);

    /* 3. integer images through a sampler literal, with the border colour */
    enum { IW = 9, IH = 7 };
    static uint8_t u8[IW * IH * 4];
    fill_bytes(u8, sizeof u8);
    static int16_t s16[IW * IH];
    for (int i = 0; i < IW * IH; i++)
        s16[i] = (int16_t)(app_rand() & 0xffff);
    cl_mem uimg = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT8, IW, IH, 0, 0,
                        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, u8);
    cl_mem simg = image(CL_MEM_OBJECT_IMAGE2D, CL_R, CL_SIGNED_INT16, IW, IH, 0, 0, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                        s16);
    enum { GW = IW + 4, GH = IH + 2 };
    cl_mem bu = app_buffer(CL_MEM_WRITE_ONLY, GW * GH * 16, NULL), bs = app_buffer(CL_MEM_WRITE_ONLY, GW * GH * 16, NULL);
    cl_mem bb = app_buffer(CL_MEM_WRITE_ONLY, GW * GH * 16, NULL);
    cl_sampler border = clCreateSampler(app_ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK(err);
    k = app_kernel(p, "sample_int");
    CHECK(clSetKernelArg(k, 0, sizeof uimg, &uimg));
    CHECK(clSetKernelArg(k, 1, sizeof simg, &simg));
    CHECK(clSetKernelArg(k, 2, sizeof border, &border));
    CHECK(clSetKernelArg(k, 3, sizeof bu, &bu));
    CHECK(clSetKernelArg(k, 4, sizeof bs, &bs));
    CHECK(clSetKernelArg(k, 5, sizeof bb, &bb));
    size_t gi[2] = {GW, GH};
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, gi, NULL, 0, NULL, NULL));
    static int32_t ri[GW * GH * 4];
    CHECK(clEnqueueReadBuffer(app_queue, bu, CL_TRUE, 0, sizeof ri, ri, 0, NULL, NULL));
    app_ints("sample_uint8_edge", ri, GW * GH * 4);
    CHECK(clEnqueueReadBuffer(app_queue, bs, CL_TRUE, 0, sizeof ri, ri, 0, NULL, NULL));
    /* red, green and blue: PoCL 3.1 gives alpha 0 for integer reads of CL_R images, where OpenCL
       says 1 (its float reads give 1.0) */
    for (int i = 0; i < GW * GH; i++)
        memmove(&ri[3 * i], &ri[4 * i], 3 * sizeof *ri);
    app_ints("sample_sint16_r_edge_rgb", ri, GW * GH * 3);
    CHECK(clEnqueueReadBuffer(app_queue, bb, CL_TRUE, 0, sizeof ri, ri, 0, NULL, NULL));
    app_ints("sample_uint8_border", ri, GW * GH * 4);
    clReleaseSampler(border);
    clReleaseKernel(k);

    /* 4. saturating integer writes: RGBA SIGNED_INT16 */
    static int32_t vals[W * H * 4];
    for (int i = 0; i < W * H * 4; i++)
        vals[i] = (int32_t)app_rand() * (i % 3 == 0 ? 1 : 1 << 8) - (1 << 20);
    cl_mem vb = app_buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof vals, vals);
    cl_mem rg = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT16, W, H, 0, 0, CL_MEM_WRITE_ONLY, NULL);
    k = app_kernel(p, "write_int");
    CHECK(clSetKernelArg(k, 0, sizeof rg, &rg));
    CHECK(clSetKernelArg(k, 1, sizeof vb, &vb));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, g2, NULL, 0, NULL, NULL));
    static int16_t rg16[W * H * 4];
    CHECK(clEnqueueReadImage(app_queue, rg, CL_TRUE, origin, region, 0, 0, rg16, 0, NULL, NULL));
    for (int i = 0; i < W * H * 4; i++)
        ints[i] = rg16[i];
    app_ints("write_int_rgba16", ints, W * H * 4);
    clReleaseKernel(k);

    /* 5. 3D: HALF_FLOAT RGBA, a linear and a nearest sampler with normalized coordinates */
    enum { D3 = 4, H3 = 5, W3 = 6 };
    static uint16_t half3[W3 * H3 * D3 * 4];
    for (int i = 0; i < W3 * H3 * D3 * 4; i++) /* small exact halves: sign, exponent 13..17, any mantissa */
        half3[i] = (uint16_t)((app_rand() & 0x83ff) | (uint16_t)(13 + app_rand() % 5) << 10);
    cl_mem img3 = image(CL_MEM_OBJECT_IMAGE3D, CL_RGBA, CL_HALF_FLOAT, W3, H3, D3, 0,
                        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, half3);
    static float r3[5 * 3 * 2 * 4];
    cl_mem b3 = app_buffer(CL_MEM_WRITE_ONLY, sizeof r3, NULL);
    k = app_kernel(p, "sample3d");
    for (int filt = 0; filt < 2; filt++) {
        cl_sampler s = clCreateSampler(app_ctx, CL_TRUE, filt ? CL_ADDRESS_CLAMP_TO_EDGE : CL_ADDRESS_REPEAT,
                                       filt ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
        CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof img3, &img3));
        CHECK(clSetKernelArg(k, 1, sizeof s, &s));
        CHECK(clSetKernelArg(k, 2, sizeof b3, &b3));
        size_t g3[3] = {5, 3, 2};
        CHECK(clEnqueueNDRangeKernel(app_queue, k, 3, NULL, g3, NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(app_queue, b3, CL_TRUE, 0, sizeof r3, r3, 0, NULL, NULL));
        if (filt) /* halves of magnitude below 2^3: a range of 16, three axes */
            app_floats_abs("sample3d_half_linear_edge", 16.0 * 3 / 256, r3, 5 * 3 * 2 * 4);
        else
            app_floats("sample3d_half_nearest_repeat", 0, r3, 5 * 3 * 2 * 4);
        clReleaseSampler(s);
    }
    clReleaseKernel(k);

    /* 6. arrays and 1D images: 2D array (RGBA SNORM_INT8), 1D (R UNORM_INT16), 1D array (RGBA HALF) */
    enum { AW = 5, AH = 4, AL = 3 };
    static int8_t sn8[AW * AH * AL * 4];
    fill_bytes((uint8_t *)sn8, sizeof sn8);
    static uint16_t un16[AW * 2 + AH];
    fill_bytes((uint8_t *)un16, sizeof un16);
    static uint16_t h1[AW * AL * 4];
    for (int i = 0; i < AW * AL * 4; i++)
        h1[i] = (uint16_t)((app_rand() & 0x83ff) | (uint16_t)(10 + app_rand() % 8) << 10);
    cl_mem a2 = image(CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_RGBA, CL_SNORM_INT8, AW, AH, 0, AL,
                      CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sn8);
    cl_mem i1 = image(CL_MEM_OBJECT_IMAGE1D, CL_R, CL_UNORM_INT16, AW * 2 + AH, 0, 0, 0,
                      CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, un16);
    cl_mem a1 = image(CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_RGBA, CL_HALF_FLOAT, AW, 0, 0, AL,
                      CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, h1);
    static float ra[AW * AH * AL * 3 * 4];
    cl_mem ba = app_buffer(CL_MEM_WRITE_ONLY, sizeof ra, NULL), bq = app_buffer(CL_MEM_WRITE_ONLY, 10 * 4, NULL);
    k = app_kernel(p, "arrays");
    CHECK(clSetKernelArg(k, 0, sizeof a2, &a2));
    CHECK(clSetKernelArg(k, 1, sizeof i1, &i1));
    CHECK(clSetKernelArg(k, 2, sizeof a1, &a1));
    CHECK(clSetKernelArg(k, 3, sizeof ba, &ba));
    CHECK(clSetKernelArg(k, 4, sizeof bq, &bq));
    size_t ga[3] = {AW, AH, AL};
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 3, NULL, ga, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(app_queue, ba, CL_TRUE, 0, sizeof ra, ra, 0, NULL, NULL));
    app_floats("arrays_and_1d", 2, ra, AW * AH * AL * 3 * 4); /* SNORM and UNORM: 1.5 ulp allowed */
    int32_t q[10];
    CHECK(clEnqueueReadBuffer(app_queue, bq, CL_TRUE, 0, sizeof q, q, 0, NULL, NULL));
    app_ints("queries", q, 10);
    clReleaseKernel(k);

    /* 7. the image commands: fill, copy, copy to a buffer and back, map, read-write kernels */
    cl_mem rw = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT16, W, H, 0, 0, CL_MEM_READ_WRITE, NULL);
    cl_uint4 colour = {{7, 65535, 70000, 3}};
    CHECK(clEnqueueFillImage(app_queue, rw, &colour, origin, region, 0, NULL, NULL));
    size_t sub_o[3] = {3, 2, 0}, sub_r[3] = {11, 5, 1};
    cl_uint4 colour2 = {{100, 200, 300, 400}};
    CHECK(clEnqueueFillImage(app_queue, rw, &colour2, sub_o, sub_r, 0, NULL, NULL));
    k = app_kernel(p, "bump");
    CHECK(clSetKernelArg(k, 0, sizeof rw, &rw));
    CHECK(clEnqueueNDRangeKernel(app_queue, k, 2, NULL, g2, NULL, 0, NULL, NULL));
    clReleaseKernel(k);
    cl_mem copy = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT16, W, H, 0, 0, CL_MEM_READ_WRITE, NULL);
    CHECK(clEnqueueCopyImage(app_queue, rw, copy, origin, origin, region, 0, NULL, NULL));
    size_t so[3] = {5, 4, 0}, dst[3] = {20, 1, 0}, cr[3] = {9, 6, 1};
    CHECK(clEnqueueCopyImage(app_queue, rw, copy, so, dst, cr, 0, NULL, NULL));
    cl_mem flat = app_buffer(CL_MEM_READ_WRITE, W * H * 8 + 64, NULL);
    CHECK(clEnqueueCopyImageToBuffer(app_queue, copy, flat, origin, region, 64, 0, NULL, NULL));
    cl_mem back = image(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT16, W, H, 0, 0, CL_MEM_READ_WRITE, NULL);
    CHECK(clEnqueueCopyBufferToImage(app_queue, flat, back, 64, origin, region, 0, NULL, NULL));
    size_t rowp = 0;
    uint16_t *mp = clEnqueueMapImage(app_queue, back, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, origin, region, &rowp, NULL,
                                     0, NULL, NULL, &err);
    CHECK(err);
    EXPECT(rowp >= W * 8);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W * 4; x++) {
            uint16_t *px = (uint16_t *)((uint8_t *)mp + y * rowp) + x;
            ints[y * W * 4 + x] = *px;
            *px = (uint16_t)(*px ^ 0x5a5a);
        }
    app_ints("fill_bump_copy_map", ints, W * H * 4);
    CHECK(clEnqueueUnmapMemObject(app_queue, back, mp, 0, NULL, NULL));
    static uint16_t fin[W * H * 4];
    CHECK(clEnqueueReadImage(app_queue, back, CL_TRUE, origin, region, 0, 0, fin, 0, NULL, NULL));
    for (int i = 0; i < W * H * 4; i++)
        ints[i] = fin[i];
    app_ints("after_unmap", ints, W * H * 4);

    cl_mem all[] = {in, out16, fimg, bgra, sbuf, uimg, simg, bu, bs, bb, vb, rg, img3, b3, a2, i1, a1, ba, bq, rw, copy,
                    flat, back};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        clReleaseMemObject(all[i]);
    clReleaseProgram(p);
    app_finish();
    return 0;
}
