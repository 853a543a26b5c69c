/* Images and samplers in the public API (ws_image_* and ws_sampler_descriptor in wavesim.h): the
   linear layouts, descriptors and texel conversion of the RDNA3 executor (rdna3/exec/r3_image.h),
   so a host builds what the executor reads. */
#include "wavesim/wavesim.h"

#include <string.h>

#include "rdna3/exec/r3_image.h"
#include "runtime/ws_internal.h"

static void ws_image_desc_of(const ws_image *img, r3_image_desc *d)
{
    d->type = (unsigned)img->type;
    d->format = img->format;
    memcpy(d->dst_sel, img->dst_sel, 4);
    d->width = img->width ? img->width : 1;
    d->height = img->height ? img->height : 1;
    d->depth = img->depth ? img->depth : 1;
    d->layers = img->layers ? img->layers : 1;
    d->addr = img->addr;
}

int ws_image_layout(const ws_image *img, uint32_t *element, uint64_t *row_pitch, uint64_t *slice_pitch,
                    uint64_t *bytes)
{
    if (ws_init_tables())
        return -1;
    r3_image_desc d;
    ws_image_desc_of(img, &d);
    uint32_t bpe = r3_image_element_bytes(d.format);
    /* the T# fields: 14-bit width and height, 13-bit depth and last slice, 14-bit pitch */
    if (!bpe || d.width > 16384 || d.height > 16384 || d.depth > 8192 || d.layers > 8192)
        return -1;
    int rows = d.type == WS_IMAGE_1D || d.type == WS_IMAGE_1D_ARRAY ? 1 : (int)d.height;
    uint64_t row = r3_image_row_pitch(d.format, d.width), slice = row * (uint64_t)rows;
    uint64_t slices = d.type == WS_IMAGE_3D ? d.depth : d.type == WS_IMAGE_1D_ARRAY || d.type == WS_IMAGE_2D_ARRAY ? d.layers : 1;
    if (d.type != WS_IMAGE_1D && d.type != WS_IMAGE_2D && d.type != WS_IMAGE_3D && d.type != WS_IMAGE_1D_ARRAY &&
        d.type != WS_IMAGE_2D_ARRAY)
        return -1;
    if (row / bpe > 16384)
        return -1;
    *element = bpe;
    *row_pitch = row;
    *slice_pitch = slice;
    *bytes = slice * slices;
    return 0;
}

void ws_image_tsharp(const ws_image *img, uint32_t t[8])
{
    r3_image_desc d;
    ws_init_tables();
    ws_image_desc_of(img, &d);
    r3_image_tsharp(&d, t);
}

void ws_image_object(const ws_image *img, uint32_t hsa_channel_type, uint32_t hsa_channel_order, uint32_t obj[12])
{
    ws_image_tsharp(img, obj);
    obj[8] = hsa_channel_type;  /* the dwords ockl reads for get_image_channel_data_type/order and */
    obj[9] = hsa_channel_order; /* get_image_width (docs/image-facts.md F5.2) */
    obj[10] = img->width ? img->width : 1;
    obj[11] = 0;
}

int ws_image_encode(const ws_image *img, const uint32_t rgba[4], uint8_t *texel)
{
    if (ws_init_tables())
        return -1;
    return r3_image_encode(img->format, img->dst_sel, rgba, texel);
}

void ws_sampler_descriptor(const ws_sampler *s, uint32_t d[4])
{
    r3_image_ssharp(s->clamp, s->unnormalized, s->linear, s->border, d);
}
