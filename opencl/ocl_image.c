/* Images and samplers of the OpenCL platform. The formats are those ROCm's runtime offers on gfx11
   (ROCr's format and swizzle tables, docs/image-facts.md F5.5); an image is stored in the texture
   unit's linear layout and reaches a kernel as ROCm passes it: a pointer to the 12-dword image
   object (T#, HSA channel type and order, width: F5.2), which the device libraries read; a sampler
   is an S# built as ROCr builds one for clCreateSampler (F5.3). Here too are the image commands:
   read, write, copy, fill, to and from buffers, map. 1D buffer images and mipmaps are not offered
   (no formats for CL_MEM_OBJECT_IMAGE1D_BUFFER, num_mip_levels must be 0). */
#include "ocl.h"

#include <stdlib.h>
#include <string.h>

/* HSA channel orders and types (ROCr hsa_ext_image.h): dwords 9 and 8 of the image object. */
enum { HSA_A, HSA_R, HSA_RX, HSA_RG, HSA_RGX, HSA_RA, HSA_RGB, HSA_RGBX, HSA_RGBA, HSA_BGRA, HSA_ARGB, HSA_ABGR,
       HSA_SRGB, HSA_SRGBX, HSA_SRGBA, HSA_SBGRA, HSA_INTENSITY, HSA_LUMINANCE };
enum { HSA_SNORM_INT8, HSA_SNORM_INT16, HSA_UNORM_INT8, HSA_UNORM_INT16, HSA_UNORM_INT24, HSA_UNORM_SHORT_555,
       HSA_UNORM_SHORT_565, HSA_UNORM_INT_101010, HSA_SIGNED_INT8, HSA_SIGNED_INT16, HSA_SIGNED_INT32,
       HSA_UNSIGNED_INT8, HSA_UNSIGNED_INT16, HSA_UNSIGNED_INT32, HSA_HALF_FLOAT, HSA_FLOAT };

enum { S0 = 0, S1 = 1, SX = 4, SY = 5, SZ = 6, SW = 7 }; /* DST_SEL codes */

/* Channel orders: the HSA value, the channel count in memory, DST_SEL (ROCr kSwizzleLut_). */
static const struct {
    cl_channel_order cl;
    uint8_t hsa, nchan, sel[4];
} ocl_orders[] = {
    {CL_R, HSA_R, 1, {SX, S0, S0, S1}},          {CL_A, HSA_A, 1, {S0, S0, S0, SX}},
    {CL_INTENSITY, HSA_INTENSITY, 1, {SX, SX, SX, SX}}, {CL_LUMINANCE, HSA_LUMINANCE, 1, {SX, SX, SX, S1}},
    {CL_RG, HSA_RG, 2, {SX, SY, S0, S1}},         {CL_RA, HSA_RA, 2, {SX, S0, S0, SY}},
    {CL_RGB, HSA_RGB, 3, {SZ, SY, SX, S1}},       {CL_RGBA, HSA_RGBA, 4, {SX, SY, SZ, SW}},
    {CL_BGRA, HSA_BGRA, 4, {SZ, SY, SX, SW}},     {CL_ARGB, HSA_ARGB, 4, {SY, SZ, SW, SX}},
    {CL_sRGBA, HSA_SRGBA, 4, {SX, SY, SZ, SW}},
};

/* Channel types: the HSA value and the T# FORMAT for 1, 2 and 4 channels (0: not offered; ROCr's
   kPropLutGfx11_ with the guide's Table 52 numbers). */
static const struct {
    cl_channel_type cl;
    uint8_t hsa, fmt[3];
} ocl_types[] = {
    {CL_SNORM_INT8, HSA_SNORM_INT8, {2, 15, 43}},     {CL_SNORM_INT16, HSA_SNORM_INT16, {8, 24, 52}},
    {CL_UNORM_INT8, HSA_UNORM_INT8, {1, 14, 42}},     {CL_UNORM_INT16, HSA_UNORM_INT16, {7, 23, 51}},
    {CL_SIGNED_INT8, HSA_SIGNED_INT8, {6, 19, 47}},   {CL_SIGNED_INT16, HSA_SIGNED_INT16, {12, 28, 56}},
    {CL_SIGNED_INT32, HSA_SIGNED_INT32, {21, 49, 62}}, {CL_UNSIGNED_INT8, HSA_UNSIGNED_INT8, {5, 18, 46}},
    {CL_UNSIGNED_INT16, HSA_UNSIGNED_INT16, {11, 27, 55}}, {CL_UNSIGNED_INT32, HSA_UNSIGNED_INT32, {20, 48, 61}},
    {CL_HALF_FLOAT, HSA_HALF_FLOAT, {13, 29, 57}},    {CL_FLOAT, HSA_FLOAT, {22, 50, 63}},
    {CL_UNORM_SHORT_555, HSA_UNORM_SHORT_555, {0, 0, 0}}, {CL_UNORM_SHORT_565, HSA_UNORM_SHORT_565, {0, 0, 0}},
    {CL_UNORM_INT_101010, HSA_UNORM_INT_101010, {0, 0, 0}},
};
#define OCL_NORDERS (sizeof ocl_orders / sizeof ocl_orders[0])
#define OCL_NTYPES (sizeof ocl_types / sizeof ocl_types[0])

/* The T# FORMAT of an OpenCL format, 0 when the device does not offer it; *order and *type give the
   table rows. read_only: sRGBA is offered for reading only (ROCr). */
static unsigned ocl_format_code(const cl_image_format *f, int *order, int *type, int *read_only)
{
    int o = -1, t = -1;
    for (int i = 0; i < (int)OCL_NORDERS; i++)
        if (ocl_orders[i].cl == f->image_channel_order)
            o = i;
    for (int i = 0; i < (int)OCL_NTYPES; i++)
        if (ocl_types[i].cl == f->image_channel_data_type)
            t = i;
    if (o < 0 || t < 0)
        return 0;
    *order = o;
    *type = t;
    *read_only = 0;
    cl_channel_order co = ocl_orders[o].cl;
    cl_channel_type ct = ocl_types[t].cl;
    if (co == CL_RGB) /* packed formats only */
        return ct == CL_UNORM_SHORT_555 ? 69 : ct == CL_UNORM_SHORT_565 ? 68 : ct == CL_UNORM_INT_101010 ? 36 : 0;
    if (ct == CL_UNORM_SHORT_555 || ct == CL_UNORM_SHORT_565 || ct == CL_UNORM_INT_101010)
        return 0;
    if (co == CL_sRGBA) {
        *read_only = 1;
        return ct == CL_UNORM_INT8 ? 66 : 0;
    }
    int bytes8 = ct == CL_SNORM_INT8 || ct == CL_UNORM_INT8 || ct == CL_SIGNED_INT8 || ct == CL_UNSIGNED_INT8;
    if ((co == CL_BGRA || co == CL_ARGB) && !bytes8)
        return 0;
    int normfloat = ct == CL_SNORM_INT8 || ct == CL_SNORM_INT16 || ct == CL_UNORM_INT8 || ct == CL_UNORM_INT16 ||
                    ct == CL_HALF_FLOAT || ct == CL_FLOAT;
    if ((co == CL_INTENSITY || co == CL_LUMINANCE) && !normfloat)
        return 0;
    int n = ocl_orders[o].nchan;
    return ocl_types[t].fmt[n == 1 ? 0 : n == 2 ? 1 : 2];
}

static int ocl_is_image_type(cl_mem_object_type t)
{
    return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D ||
           t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type, cl_uint num_entries,
                                                           cl_image_format *image_formats, cl_uint *num_image_formats)
{
    ocl_lock();
    cl_int err = ocl_valid(context, OCL_CONTEXT) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    if (!err && (!ocl_is_image_type(image_type) || (num_entries == 0 && image_formats)))
        err = CL_INVALID_VALUE;
    if (!err) {
        int writes = (flags & (CL_MEM_WRITE_ONLY | CL_MEM_READ_WRITE | CL_MEM_KERNEL_READ_AND_WRITE)) ||
                     !(flags & CL_MEM_READ_ONLY);
        cl_uint n = 0;
        for (size_t o = 0; image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER && o < OCL_NORDERS; o++)
            for (size_t t = 0; t < OCL_NTYPES; t++) {
                cl_image_format f = {ocl_orders[o].cl, ocl_types[t].cl};
                int oi, ti, ro;
                if (!ocl_format_code(&f, &oi, &ti, &ro) || (ro && writes))
                    continue;
                if (image_formats && n < num_entries)
                    image_formats[n] = f;
                n++;
            }
        if (num_image_formats)
            *num_image_formats = n;
    }
    ocl_unlock();
    return err;
}

/* ---------- image objects ---------- */

/* The geometry of a copy or transfer in the device layout and in a host (or buffer) layout: image
   coordinates (x, y, z) become (bytes, row, slice); a 1D array's layer (y) is a slice. */
static void ocl_image_box(const ocl_image *im, const size_t *origin, const size_t *region, size_t o[3], size_t r[3])
{
    o[0] = origin[0] * im->element;
    r[0] = region[0] * im->element;
    if (im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
        o[1] = 0, r[1] = 1;
        o[2] = origin[1], r[2] = region[1];
    } else {
        o[1] = origin[1], r[1] = region[1];
        o[2] = origin[2], r[2] = region[2];
    }
}

/* Checks an image region: the coordinates the image type uses, inside the image. */
static cl_int ocl_image_region_check(const ocl_image *im, const size_t *origin, const size_t *region)
{
    if (!origin || !region || !region[0] || !region[1] || !region[2])
        return CL_INVALID_VALUE;
    size_t lim[3] = {im->width, 1, 1};
    switch (im->type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: lim[1] = im->array_size; break;
    case CL_MEM_OBJECT_IMAGE2D: lim[1] = im->height; break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY: lim[1] = im->height, lim[2] = im->array_size; break;
    case CL_MEM_OBJECT_IMAGE3D: lim[1] = im->height, lim[2] = im->depth; break;
    default: break;
    }
    for (int d = 0; d < 3; d++)
        if (origin[d] > lim[d] || region[d] > lim[d] - origin[d])
            return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* Copies a box between the device layout and host memory with the given pitches (bytes); dir 0
   device to host, 1 host to device. */
static int ocl_image_move(ws_device *dev, cl_mem m, const size_t *origin, const size_t *region, void *host,
                          size_t row_pitch, size_t slice_pitch, int dir)
{
    const ocl_image *im = m->image;
    size_t o[3], r[3];
    ocl_image_box(im, origin, region, o, r); /* a 1D array's layers are slices on both sides */
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++) {
            uint64_t a = m->addr + (o[2] + z) * im->slice_pitch + (o[1] + y) * im->row_pitch + o[0];
            uint8_t *h = (uint8_t *)host + z * slice_pitch + y * row_pitch;
            if (dir ? ws_write(dev, a, h, r[0]) : ws_read(dev, a, h, r[0]))
                return -1;
        }
    return 0;
}

int ocl_image_write_region(ws_device *dev, cl_mem m, const size_t *origin, const size_t *region, const void *src,
                           size_t row_pitch, size_t slice_pitch)
{
    return ocl_image_move(dev, m, origin, region, (void *)src, row_pitch, slice_pitch, 1);
}

static void ocl_image_whole(const ocl_image *im, size_t region[3])
{
    region[0] = im->width;
    region[1] = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? im->array_size : im->height;
    region[2] = im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? im->array_size : im->depth;
}

void ocl_image_to_device(cl_mem m)
{
    if (!(m->flags & CL_MEM_USE_HOST_PTR))
        return;
    size_t origin[3] = {0, 0, 0}, region[3];
    ocl_image_whole(m->image, region);
    ocl_image_move(m->ctx->dev, m, origin, region, m->host_ptr, m->image->host_row_pitch, m->image->host_slice_pitch, 1);
}

void ocl_image_to_host(cl_mem m)
{
    if (!(m->flags & CL_MEM_USE_HOST_PTR))
        return;
    size_t origin[3] = {0, 0, 0}, region[3];
    ocl_image_whole(m->image, region);
    ocl_image_move(m->ctx->dev, m, origin, region, m->host_ptr, m->image->host_row_pitch, m->image->host_slice_pitch, 0);
}

uint64_t ocl_image_arg(cl_mem m)
{
    return m && m->image ? m->image->object : 0;
}

void ocl_image_free(cl_mem m)
{
    ws_free(m->ctx->dev, m->image->object);
    free(m->image);
    m->image = NULL;
}

static const cl_mem_flags ocl_image_flags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY |
                                            CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS |
                                            CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR |
                                            CL_MEM_KERNEL_READ_AND_WRITE;

static int ocl_one_of(cl_mem_flags f, cl_mem_flags set)
{
    f &= set;
    return (f & (f - 1)) == 0;
}

/* Validates and creates an image (clCreateImage and its older forms). */
static cl_mem ocl_image_new(cl_context context, const cl_mem_properties *props, size_t nprops, cl_mem_flags flags,
                            const cl_image_format *format, const cl_image_desc *desc, void *host_ptr,
                            cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    int oi = 0, ti = 0, ro = 0;
    unsigned code = 0;
    if (!ocl_valid(context, OCL_CONTEXT))
        err = CL_INVALID_CONTEXT;
    else if ((flags & ~ocl_image_flags) ||
             !ocl_one_of(flags, CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY) ||
             !ocl_one_of(flags, CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS) ||
             ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        err = CL_INVALID_VALUE;
    else if (!format)
        err = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    else if (!desc || !ocl_is_image_type(desc->image_type))
        err = CL_INVALID_IMAGE_DESCRIPTOR;
    else if (!(code = ocl_format_code(format, &oi, &ti, &ro)) || desc->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        cl_image_format f = *format;
        int known_o = 0, known_t = 0;
        for (size_t i = 0; i < OCL_NORDERS; i++)
            known_o |= ocl_orders[i].cl == f.image_channel_order;
        for (size_t i = 0; i < OCL_NTYPES; i++)
            known_t |= ocl_types[i].cl == f.image_channel_data_type;
        err = known_o && known_t ? CL_IMAGE_FORMAT_NOT_SUPPORTED : CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    } else if (ro && (flags & (CL_MEM_WRITE_ONLY | CL_MEM_READ_WRITE | CL_MEM_KERNEL_READ_AND_WRITE)))
        err = CL_IMAGE_FORMAT_NOT_SUPPORTED;
    size_t w = desc && !err ? desc->image_width : 0, h = 1, d = 1, layers = 1;
    cl_mem_object_type type = desc ? desc->image_type : 0;
    if (!err) {
        if (type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY || type == CL_MEM_OBJECT_IMAGE3D)
            h = desc->image_height;
        if (type == CL_MEM_OBJECT_IMAGE3D)
            d = desc->image_depth;
        if (type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
            layers = desc->image_array_size;
        size_t maxw = type == CL_MEM_OBJECT_IMAGE3D ? OCL_IMAGE_MAX_3D : OCL_IMAGE_MAX_2D;
        if (!w || !h || !d || !layers || w > maxw || h > maxw || d > OCL_IMAGE_MAX_3D || layers > OCL_IMAGE_MAX_ARRAY)
            err = CL_INVALID_IMAGE_SIZE;
        else if (desc->num_mip_levels || desc->num_samples || desc->buffer)
            err = CL_INVALID_IMAGE_DESCRIPTOR;
    }
    ws_image img;
    uint32_t element = 0;
    uint64_t row = 0, slice = 0, bytes = 0;
    size_t hrow = 0, hslice = 0;
    if (!err) {
        memset(&img, 0, sizeof img);
        img.type = type == CL_MEM_OBJECT_IMAGE1D          ? WS_IMAGE_1D
                   : type == CL_MEM_OBJECT_IMAGE1D_ARRAY  ? WS_IMAGE_1D_ARRAY
                   : type == CL_MEM_OBJECT_IMAGE2D        ? WS_IMAGE_2D
                   : type == CL_MEM_OBJECT_IMAGE2D_ARRAY  ? WS_IMAGE_2D_ARRAY
                                                          : WS_IMAGE_3D;
        img.format = code;
        memcpy(img.dst_sel, ocl_orders[oi].sel, 4);
        img.width = (uint32_t)w;
        img.height = (uint32_t)h;
        img.depth = (uint32_t)d;
        img.layers = (uint32_t)layers;
        if (ws_image_layout(&img, &element, &row, &slice, &bytes))
            err = CL_INVALID_IMAGE_SIZE;
    }
    if (!err) { /* the application's layout of host_ptr */
        hrow = desc->image_row_pitch ? desc->image_row_pitch : w * element;
        size_t rows = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : h;
        hslice = desc->image_slice_pitch ? desc->image_slice_pitch : hrow * rows;
        int has_slices = type == CL_MEM_OBJECT_IMAGE3D || type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                         type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        if (!host_ptr && (desc->image_row_pitch || desc->image_slice_pitch))
            err = CL_INVALID_IMAGE_DESCRIPTOR;
        else if (desc->image_row_pitch && (hrow < w * element || hrow % element))
            err = CL_INVALID_IMAGE_DESCRIPTOR;
        else if (desc->image_slice_pitch && (!has_slices || hslice < hrow * rows || hslice % hrow))
            err = CL_INVALID_IMAGE_DESCRIPTOR;
        else if ((host_ptr == NULL) == ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0))
            err = CL_INVALID_HOST_PTR;
        else if (bytes > ocl_global_mem_size() / 4)
            err = CL_INVALID_IMAGE_SIZE;
    }
    cl_mem m = err ? NULL : ocl_new(sizeof *m, OCL_MEM);
    ocl_image *im = m ? calloc(1, sizeof *im) : NULL;
    if (!err && (!m || !im)) {
        if (m)
            ocl_delete(m);
        m = NULL;
        err = CL_OUT_OF_HOST_MEMORY;
    }
    if (m) {
        m->ctx = context;
        m->flags = flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY) ? flags : flags | CL_MEM_READ_WRITE;
        m->size = (size_t)bytes;
        m->host_ptr = flags & CL_MEM_USE_HOST_PTR ? host_ptr : NULL;
        if (nprops)
            memcpy(m->props, props, nprops * sizeof *props);
        m->nprops = nprops;
        m->image = im;
        im->type = type;
        im->format = *format;
        im->width = w;
        im->height = h;
        im->depth = d;
        im->array_size = layers;
        im->element = element;
        im->row_pitch = (size_t)row;
        im->slice_pitch = (size_t)slice;
        im->host_row_pitch = hrow;
        im->host_slice_pitch = hslice;
        m->addr = ws_alloc(context->dev, (size_t)bytes);
        im->object = m->addr ? ws_alloc(context->dev, 48) : 0;
        if (!im->object) {
            if (m->addr)
                ws_free(context->dev, m->addr);
            free(im);
            ocl_delete(m);
            m = NULL;
            err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        } else {
            img.addr = m->addr;
            im->img = img;
            uint32_t obj[12];
            ws_image_object(&img, ocl_types[ti].hsa, ocl_orders[oi].hsa, obj);
            ws_write(context->dev, im->object, obj, sizeof obj);
            if (host_ptr) {
                size_t origin[3] = {0, 0, 0}, region[3];
                ocl_image_whole(im, region);
                ocl_image_move(context->dev, m, origin, region, host_ptr, hrow, hslice, 1);
            }
            ocl_context_hold(context);
        }
    }
    if (errcode_ret)
        *errcode_ret = err;
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags, const cl_image_format *format,
                                              const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret)
{
    ocl_lock();
    cl_mem m = ocl_image_new(context, NULL, 0, flags, format, desc, host_ptr, errcode_ret);
    ocl_unlock();
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context, const cl_mem_properties *properties,
                                                            cl_mem_flags flags, const cl_image_format *format,
                                                            const cl_image_desc *desc, void *host_ptr,
                                                            cl_int *errcode_ret)
{
    ocl_lock();
    cl_mem m = NULL;
    if (properties && properties[0] != 0) { /* no image properties are defined */
        if (errcode_ret)
            *errcode_ret = ocl_valid(context, OCL_CONTEXT) ? CL_INVALID_PROPERTY : CL_INVALID_CONTEXT;
    } else {
        m = ocl_image_new(context, properties, properties ? 1 : 0, flags, format, desc, host_ptr, errcode_ret);
    }
    ocl_unlock();
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags, const cl_image_format *format,
                                                size_t width, size_t height, size_t row_pitch, void *host_ptr,
                                                cl_int *errcode_ret)
{
    cl_image_desc d;
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = width;
    d.image_height = height;
    d.image_row_pitch = row_pitch;
    return clCreateImage(context, flags, format, &d, host_ptr, errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags, const cl_image_format *format,
                                                size_t width, size_t height, size_t depth, size_t row_pitch,
                                                size_t slice_pitch, void *host_ptr, cl_int *errcode_ret)
{
    cl_image_desc d;
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE3D;
    d.image_width = width;
    d.image_height = height;
    d.image_depth = depth;
    d.image_row_pitch = row_pitch;
    d.image_slice_pitch = slice_pitch;
    return clCreateImage(context, flags, format, &d, host_ptr, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name, size_t param_value_size,
                                               void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_MEM_OBJECT;
    if (ocl_valid(image, OCL_MEM) && image->image) {
        const ocl_image *im = image->image;
        size_t s = param_value_size, z = 0, v;
        void *out = param_value;
        size_t *r = param_value_size_ret;
        cl_uint zero = 0;
        cl_mem none = NULL;
        int arr = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY || im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        switch (param_name) {
        case CL_IMAGE_FORMAT: err = ocl_info(&im->format, sizeof im->format, s, out, r); break;
        case CL_IMAGE_ELEMENT_SIZE: err = ocl_info(&im->element, sizeof im->element, s, out, r); break;
        case CL_IMAGE_ROW_PITCH:
            v = image->flags & CL_MEM_USE_HOST_PTR ? im->host_row_pitch : im->row_pitch;
            err = ocl_info(&v, sizeof v, s, out, r);
            break;
        case CL_IMAGE_SLICE_PITCH:
            v = im->type == CL_MEM_OBJECT_IMAGE1D || im->type == CL_MEM_OBJECT_IMAGE2D ? 0
                : image->flags & CL_MEM_USE_HOST_PTR                                    ? im->host_slice_pitch
                                                                                        : im->slice_pitch;
            err = ocl_info(&v, sizeof v, s, out, r);
            break;
        case CL_IMAGE_WIDTH: err = ocl_info(&im->width, sizeof im->width, s, out, r); break;
        case CL_IMAGE_HEIGHT:
            v = im->type == CL_MEM_OBJECT_IMAGE1D || im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : im->height;
            err = ocl_info(&v, sizeof v, s, out, r);
            break;
        case CL_IMAGE_DEPTH:
            v = im->type == CL_MEM_OBJECT_IMAGE3D ? im->depth : 0;
            err = ocl_info(&v, sizeof v, s, out, r);
            break;
        case CL_IMAGE_ARRAY_SIZE: err = ocl_info(arr ? &im->array_size : &z, sizeof z, s, out, r); break;
        case CL_IMAGE_BUFFER: err = ocl_info(&none, sizeof none, s, out, r); break;
        case CL_IMAGE_NUM_MIP_LEVELS:
        case CL_IMAGE_NUM_SAMPLES: err = ocl_info(&zero, sizeof zero, s, out, r); break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

/* ---------- image commands ---------- */

/* The checks every image command shares; host: the host reads (1) or writes (2). */
static cl_int ocl_check_image(cl_command_queue q, cl_mem m, const size_t *origin, const size_t *region, int host)
{
    if (!ocl_valid(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_valid(m, OCL_MEM) || !m->image)
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if ((host & 1) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
        return CL_INVALID_OPERATION;
    if ((host & 2) && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        return CL_INVALID_OPERATION;
    return ocl_image_region_check(m->image, origin, region);
}

static cl_int ocl_run_image_read(ocl_cmd *c)
{
    ocl_mem_to_device(c->mem[0]);
    return ocl_image_move(c->queue->ctx->dev, c->mem[0], c->rect[0], c->rect[2], c->ptr, c->pitch[0], c->pitch[1], 0)
               ? CL_OUT_OF_RESOURCES
               : CL_SUCCESS;
}

static cl_int ocl_run_image_write(ocl_cmd *c)
{
    ocl_mem_to_device(c->mem[0]);
    int rc = ocl_image_move(c->queue->ctx->dev, c->mem[0], c->rect[0], c->rect[2], c->ptr, c->pitch[0], c->pitch[1], 1);
    ocl_mem_to_host(c->mem[0]);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_submit_image(ocl_cmd *c, cl_mem a, cl_mem b, cl_int (*run)(ocl_cmd *), cl_event *event, int blocking)
{
    c->run = run;
    c->mem[0] = a;
    c->mem[1] = b;
    ocl_mem_hold(a);
    if (b)
        ocl_mem_hold(b);
    return ocl_cmd_submit(c, event, blocking);
}

/* The host pitches of a read or write: 0 means tightly packed; checked as the specification says. */
static cl_int ocl_host_pitches(const ocl_image *im, const size_t *region, size_t *row, size_t *slice)
{
    size_t tight = region[0] * im->element;
    if (*row == 0)
        *row = tight;
    else if (*row < tight)
        return CL_INVALID_VALUE;
    int one_d_array = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    int slices = one_d_array || im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY || im->type == CL_MEM_OBJECT_IMAGE3D;
    if (!slices && *slice)
        return CL_INVALID_VALUE;
    size_t plane = one_d_array ? *row : *row * region[1];
    if (*slice == 0)
        *slice = plane;
    else if (*slice < plane)
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

static cl_int ocl_enqueue_image_rw(cl_command_queue q, cl_mem image, cl_bool blocking, const size_t *origin,
                                   const size_t *region, size_t row_pitch, size_t slice_pitch, void *ptr, cl_uint n,
                                   const cl_event *wait, cl_event *event, int write)
{
    ocl_lock();
    cl_int err = ocl_check_image(q, image, origin, region, write ? 2 : 1);
    if (!err && !ptr)
        err = CL_INVALID_VALUE;
    if (!err)
        err = ocl_host_pitches(image->image, region, &row_pitch, &slice_pitch);
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, write ? CL_COMMAND_WRITE_IMAGE : CL_COMMAND_READ_IMAGE, n, wait, &err);
    if (c) {
        memcpy(c->rect[0], origin, sizeof c->rect[0]);
        memcpy(c->rect[2], region, sizeof c->rect[2]);
        c->pitch[0] = row_pitch;
        c->pitch[1] = slice_pitch;
        c->ptr = ptr;
        err = ocl_submit_image(c, image, NULL, write ? ocl_run_image_write : ocl_run_image_read, event, blocking);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                                   const size_t *origin, const size_t *region, size_t row_pitch,
                                                   size_t slice_pitch, void *ptr, cl_uint n, const cl_event *wait,
                                                   cl_event *event)
{
    return ocl_enqueue_image_rw(q, image, blocking, origin, region, row_pitch, slice_pitch, ptr, n, wait, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                                    const size_t *origin, const size_t *region, size_t row_pitch,
                                                    size_t slice_pitch, const void *ptr, cl_uint n,
                                                    const cl_event *wait, cl_event *event)
{
    return ocl_enqueue_image_rw(q, image, blocking, origin, region, row_pitch, slice_pitch, (void *)ptr, n, wait,
                                event, 1);
}

/* Image-to-image, image-to-buffer and buffer-to-image copies through the buffer rectangle mover:
   rect and pitch in bytes, an image's box in its device layout, a buffer's tightly packed. */
static cl_int ocl_run_image_copy(ocl_cmd *c)
{
    return ocl_rect_move(c, 2);
}

static void ocl_box_of(const cl_mem m, const size_t *origin, const size_t *region, size_t o[3], size_t r[3],
                       size_t *row, size_t *slice)
{
    ocl_image_box(m->image, origin, region, o, r);
    *row = m->image->row_pitch;
    *slice = m->image->slice_pitch;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *src_origin,
                                                   const size_t *dst_origin, const size_t *region, cl_uint n,
                                                   const cl_event *wait, cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_image(q, src, src_origin, region, 0);
    if (!err)
        err = ocl_check_image(q, dst, dst_origin, region, 0);
    if (!err && (src->image->format.image_channel_order != dst->image->format.image_channel_order ||
                 src->image->format.image_channel_data_type != dst->image->format.image_channel_data_type))
        err = CL_IMAGE_FORMAT_MISMATCH;
    if (!err && src == dst) { /* the boxes must not share a texel */
        int apart = 0;
        for (int d = 0; d < 3; d++)
            apart |= src_origin[d] + region[d] <= dst_origin[d] || dst_origin[d] + region[d] <= src_origin[d];
        if (!apart)
            err = CL_MEM_COPY_OVERLAP;
    }
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_COPY_IMAGE, n, wait, &err);
    if (c) {
        size_t r2[3];
        ocl_box_of(src, src_origin, region, c->rect[0], c->rect[2], &c->pitch[0], &c->pitch[1]);
        ocl_box_of(dst, dst_origin, region, c->rect[1], r2, &c->pitch[2], &c->pitch[3]);
        err = ocl_submit_image(c, src, dst, ocl_run_image_copy, event, 0);
    }
    ocl_unlock();
    return err;
}

/* The buffer side of an image/buffer copy: `offset` bytes in, tightly packed rows and slices. */
static cl_int ocl_buffer_side(cl_command_queue q, cl_mem buf, const ocl_image *im, const size_t *region, size_t offset,
                              size_t *row, size_t *slice)
{
    if (!ocl_valid(buf, OCL_MEM) || buf->image)
        return CL_INVALID_MEM_OBJECT;
    if (buf->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    size_t o[3], r[3], zero[3] = {0, 0, 0};
    ocl_image_box(im, zero, region, o, r);
    *row = r[0];
    *slice = r[0] * r[1];
    size_t total = *slice * r[2];
    if (offset > buf->size || total > buf->size - offset)
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem src, cl_mem dst,
                                                           const size_t *src_origin, const size_t *region,
                                                           size_t dst_offset, cl_uint n, const cl_event *wait,
                                                           cl_event *event)
{
    ocl_lock();
    size_t row = 0, slice = 0;
    cl_int err = ocl_check_image(q, src, src_origin, region, 0);
    if (!err)
        err = ocl_buffer_side(q, dst, src->image, region, dst_offset, &row, &slice);
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_COPY_IMAGE_TO_BUFFER, n, wait, &err);
    if (c) {
        ocl_box_of(src, src_origin, region, c->rect[0], c->rect[2], &c->pitch[0], &c->pitch[1]);
        c->rect[1][0] = dst_offset;
        c->pitch[2] = row;
        c->pitch[3] = slice;
        err = ocl_submit_image(c, src, dst, ocl_run_image_copy, event, 0);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem src, cl_mem dst,
                                                           size_t src_offset, const size_t *dst_origin,
                                                           const size_t *region, cl_uint n, const cl_event *wait,
                                                           cl_event *event)
{
    ocl_lock();
    size_t row = 0, slice = 0;
    cl_int err = ocl_check_image(q, dst, dst_origin, region, 0);
    if (!err)
        err = ocl_buffer_side(q, src, dst->image, region, src_offset, &row, &slice);
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_COPY_BUFFER_TO_IMAGE, n, wait, &err);
    if (c) {
        size_t r2[3];
        ocl_box_of(dst, dst_origin, region, c->rect[1], r2, &c->pitch[2], &c->pitch[3]);
        c->rect[0][0] = src_offset;
        c->rect[2][0] = r2[0], c->rect[2][1] = r2[1], c->rect[2][2] = r2[2];
        c->pitch[0] = row;
        c->pitch[1] = slice;
        err = ocl_submit_image(c, src, dst, ocl_run_image_copy, event, 0);
    }
    ocl_unlock();
    return err;
}

/* Fill: the colour converted once into a texel (as image_store converts it), repeated over the box. */
static cl_int ocl_run_image_fill(ocl_cmd *c)
{
    cl_mem m = c->mem[0];
    const ocl_image *im = m->image;
    size_t o[3], r[3];
    ocl_image_box(im, c->rect[0], c->rect[2], o, r);
    uint8_t *row = malloc(r[0]);
    if (!row)
        return CL_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < r[0]; i += im->element)
        memcpy(row + i, c->pattern, im->element);
    ocl_mem_to_device(m);
    int rc = 0;
    for (size_t z = 0; z < r[2] && !rc; z++)
        for (size_t y = 0; y < r[1] && !rc; y++)
            rc = ws_write(c->queue->ctx->dev, m->addr + (o[2] + z) * im->slice_pitch + (o[1] + y) * im->row_pitch + o[0],
                          row, r[0]);
    free(row);
    ocl_mem_to_host(m);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue q, cl_mem image, const void *fill_color,
                                                   const size_t *origin, const size_t *region, cl_uint n,
                                                   const cl_event *wait, cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_image(q, image, origin, region, 0);
    if (!err && !fill_color)
        err = CL_INVALID_VALUE;
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_FILL_IMAGE, n, wait, &err);
    if (c) {
        /* float4 for normalised and float formats, int4/uint4 for integer ones: the bits go through
           the format's conversion either way (as a kernel's write_image* would) */
        uint32_t rgba[4];
        memcpy(rgba, fill_color, sizeof rgba);
        ws_image_encode(&image->image->img, rgba, c->pattern);
        memcpy(c->rect[0], origin, sizeof c->rect[0]);
        memcpy(c->rect[2], region, sizeof c->rect[2]);
        err = ocl_submit_image(c, image, NULL, ocl_run_image_fill, event, 0);
    }
    ocl_unlock();
    return err;
}

/* Map: USE_HOST_PTR images map the application's memory in its own layout; others a tightly packed
   copy of the box, written back at unmap when mapped for writing. */
static cl_int ocl_run_image_map(ocl_cmd *c)
{
    cl_mem m = c->mem[0];
    if ((m->flags & CL_MEM_USE_HOST_PTR) || (c->off[1] & CL_MAP_WRITE_INVALIDATE_REGION))
        return CL_SUCCESS;
    return ocl_image_move(c->queue->ctx->dev, m, c->rect[0], c->rect[2], c->ptr, c->pitch[0], c->pitch[1], 0)
               ? CL_OUT_OF_RESOURCES
               : CL_SUCCESS;
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                                 cl_map_flags flags, const size_t *origin, const size_t *region,
                                                 size_t *row_pitch, size_t *slice_pitch, cl_uint n,
                                                 const cl_event *wait, cl_event *event, cl_int *errcode_ret)
{
    ocl_lock();
    int host = (flags & CL_MAP_READ ? 1 : 0) | (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) ? 2 : 0);
    cl_int err = ocl_check_image(q, image, origin, region, host);
    if (!err && (!row_pitch || (flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
                 ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))))
        err = CL_INVALID_VALUE;
    const ocl_image *im = !err ? image->image : NULL;
    int slices = im && (im->type == CL_MEM_OBJECT_IMAGE3D || im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                        im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY);
    if (!err && slices && !slice_pitch)
        err = CL_INVALID_VALUE;
    ocl_mapping *map = err ? NULL : calloc(1, sizeof *map);
    if (!err && !map)
        err = CL_OUT_OF_HOST_MEMORY;
    void *ptr = NULL;
    if (map) {
        map->image = 1;
        memcpy(map->origin, origin, sizeof map->origin);
        memcpy(map->region, region, sizeof map->region);
        map->flags = flags;
        map->owned = !(image->flags & CL_MEM_USE_HOST_PTR);
        if (!map->owned) { /* the box inside the application's memory */
            map->row_pitch = im->host_row_pitch;
            map->slice_pitch = im->host_slice_pitch;
            size_t o[3], r[3];
            ocl_image_box(im, origin, region, o, r);
            map->ptr = (uint8_t *)image->host_ptr + o[2] * map->slice_pitch + o[1] * map->row_pitch + o[0];
        } else {
            map->row_pitch = region[0] * im->element;
            map->slice_pitch = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? map->row_pitch : map->row_pitch * region[1];
            size_t nslices = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? region[1] : region[2];
            map->size = map->slice_pitch * nslices;
            map->ptr = malloc(map->size ? map->size : 1);
        }
        if (!map->ptr) {
            free(map);
            map = NULL;
            err = CL_OUT_OF_HOST_MEMORY;
        }
    }
    ocl_cmd *c = map ? ocl_cmd_new(q, CL_COMMAND_MAP_IMAGE, n, wait, &err) : NULL;
    if (map && !c) {
        if (map->owned)
            free(map->ptr);
        free(map);
    }
    if (c) {
        map->next = image->maps;
        image->maps = map;
        image->map_count++;
        ptr = map->ptr;
        memcpy(c->rect[0], origin, sizeof c->rect[0]);
        memcpy(c->rect[2], region, sizeof c->rect[2]);
        c->pitch[0] = map->row_pitch;
        c->pitch[1] = map->slice_pitch;
        c->off[1] = flags;
        c->ptr = ptr;
        *row_pitch = map->row_pitch;
        if (slice_pitch)
            *slice_pitch = slices ? map->slice_pitch : 0;
        err = ocl_submit_image(c, image, NULL, ocl_run_image_map, event, blocking);
        if (err) { /* the mapping did not happen */
            ocl_mapping_cancel(image, map);
            ptr = NULL;
        }
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return ptr;
}

/* ---------- samplers ---------- */

void ocl_sampler_hold(cl_sampler s)
{
    s->irefs++;
}

static void ocl_sampler_free_if_unused(void *obj)
{
    cl_sampler s = obj;
    if (s->refs || s->irefs)
        return;
    cl_context c = s->ctx;
    ws_free(c->dev, s->addr);
    ocl_delete(s);
    ocl_context_drop(c);
}

void ocl_sampler_drop(cl_sampler s)
{
    s->irefs--;
    ocl_sampler_free_if_unused(s);
}

static cl_sampler ocl_sampler_new(cl_context context, cl_bool normalized, cl_addressing_mode addressing,
                                  cl_filter_mode filter, const cl_sampler_properties *props, size_t nprops,
                                  cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(context, OCL_CONTEXT))
        err = CL_INVALID_CONTEXT;
    else if ((normalized != CL_TRUE && normalized != CL_FALSE) ||
             (addressing != CL_ADDRESS_NONE && addressing != CL_ADDRESS_CLAMP_TO_EDGE && addressing != CL_ADDRESS_CLAMP &&
              addressing != CL_ADDRESS_REPEAT && addressing != CL_ADDRESS_MIRRORED_REPEAT) ||
             (filter != CL_FILTER_NEAREST && filter != CL_FILTER_LINEAR))
        err = CL_INVALID_VALUE;
    cl_sampler s = err ? NULL : ocl_new(sizeof *s, OCL_SAMPLER);
    if (!err && !s)
        err = CL_OUT_OF_HOST_MEMORY;
    if (s) {
        s->ctx = context;
        s->normalized = normalized;
        s->addressing = addressing;
        s->filter = filter;
        if (nprops)
            memcpy(s->props, props, nprops * sizeof *props);
        s->nprops = nprops;
        /* ROCr's PopulateSamplerSrd: clamp to edge -> ClampLastTexel, clamp -> ClampBorder (transparent
           black), mirrored repeat -> Mirror, repeat and none -> Wrap; MAX_LOD 4095 */
        uint8_t mode = addressing == CL_ADDRESS_CLAMP_TO_EDGE   ? 2
                       : addressing == CL_ADDRESS_CLAMP          ? 6
                       : addressing == CL_ADDRESS_MIRRORED_REPEAT ? 1
                                                                 : 0;
        ws_sampler ws = {{mode, mode, mode}, !normalized, filter == CL_FILTER_LINEAR, 0};
        uint32_t d[4];
        ws_sampler_descriptor(&ws, d);
        s->addr = ws_alloc(context->dev, sizeof d);
        if (!s->addr) {
            ocl_delete(s);
            s = NULL;
            err = CL_OUT_OF_RESOURCES;
        } else {
            ws_write(context->dev, s->addr, d, sizeof d);
            ocl_context_hold(context);
        }
    }
    if (errcode_ret)
        *errcode_ret = err;
    return s;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                                    cl_addressing_mode addressing_mode, cl_filter_mode filter_mode,
                                                    cl_int *errcode_ret)
{
    ocl_lock();
    cl_sampler s = ocl_sampler_new(context, normalized_coords, addressing_mode, filter_mode, NULL, 0, errcode_ret);
    ocl_unlock();
    return s;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                                  const cl_sampler_properties *properties,
                                                                  cl_int *errcode_ret)
{
    ocl_lock();
    cl_bool normalized = CL_TRUE;
    cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
    cl_filter_mode filter = CL_FILTER_NEAREST;
    cl_int err = CL_SUCCESS;
    size_t n = 0;
    unsigned seen = 0;
    for (; properties && properties[n] && !err; n += 2) {
        unsigned bit = properties[n] == CL_SAMPLER_NORMALIZED_COORDS ? 1 : properties[n] == CL_SAMPLER_ADDRESSING_MODE ? 2
                       : properties[n] == CL_SAMPLER_FILTER_MODE      ? 4 : 0;
        if (!bit || (seen & bit) || n + 3 > 8) /* three pairs and the 0 fit cl_sampler.props */
            err = CL_INVALID_VALUE;
        seen |= bit;
        if (bit == 1)
            normalized = (cl_bool)properties[n + 1];
        else if (bit == 2)
            addressing = (cl_addressing_mode)properties[n + 1];
        else if (bit == 4)
            filter = (cl_filter_mode)properties[n + 1];
    }
    cl_sampler s = NULL;
    if (err) {
        if (errcode_ret)
            *errcode_ret = ocl_valid(context, OCL_CONTEXT) ? err : CL_INVALID_CONTEXT;
    } else {
        s = ocl_sampler_new(context, normalized, addressing, filter, properties, properties ? n + 1 : 0, errcode_ret);
    }
    ocl_unlock();
    return s;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler)
{
    return ocl_retain(sampler, OCL_SAMPLER, CL_INVALID_SAMPLER);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler)
{
    return ocl_release(sampler, OCL_SAMPLER, CL_INVALID_SAMPLER, ocl_sampler_free_if_unused);
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_SAMPLER;
    if (ocl_valid(sampler, OCL_SAMPLER)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        switch (param_name) {
        case CL_SAMPLER_REFERENCE_COUNT: u = sampler->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_SAMPLER_CONTEXT: err = ocl_info(&sampler->ctx, sizeof sampler->ctx, s, v, r); break;
        case CL_SAMPLER_NORMALIZED_COORDS: err = ocl_info(&sampler->normalized, sizeof sampler->normalized, s, v, r); break;
        case CL_SAMPLER_ADDRESSING_MODE: err = ocl_info(&sampler->addressing, sizeof sampler->addressing, s, v, r); break;
        case CL_SAMPLER_FILTER_MODE: err = ocl_info(&sampler->filter, sizeof sampler->filter, s, v, r); break;
        case CL_SAMPLER_PROPERTIES:
            err = ocl_info(sampler->props, sampler->nprops * sizeof *sampler->props, s, v, r);
            break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}
