/* RDNA3 kernel descriptors: .amdhsa_* directive fields, their bit positions, and the 64-byte layout. */
#include "r3_kd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/le.h"

void r3_kd_encode(const r3_kd *kd, uint8_t out[R3_KD_SIZE])
{
    memset(out, 0, R3_KD_SIZE);
    le_put(out + 0, kd->group_segment_fixed_size, 4);
    le_put(out + 4, kd->private_segment_fixed_size, 4);
    le_put(out + 8, kd->kernarg_size, 4);
    le_put(out + 16, (uint64_t)kd->entry_offset, 8);
    le_put(out + 44, kd->rsrc3, 4);
    le_put(out + 48, kd->rsrc1, 4);
    le_put(out + 52, kd->rsrc2, 4);
    out[56] = (uint8_t)kd->properties;
    out[57] = (uint8_t)(kd->properties >> 8);
    out[58] = (uint8_t)kd->kernarg_preload;
    out[59] = (uint8_t)(kd->kernarg_preload >> 8);
}

void r3_kd_decode(const uint8_t in[R3_KD_SIZE], r3_kd *kd)
{
    kd->group_segment_fixed_size = (uint32_t)le_get(in + 0, 4);
    kd->private_segment_fixed_size = (uint32_t)le_get(in + 4, 4);
    kd->kernarg_size = (uint32_t)le_get(in + 8, 4);
    kd->entry_offset = (int64_t)le_get(in + 16, 8);
    kd->rsrc3 = (uint32_t)le_get(in + 44, 4);
    kd->rsrc1 = (uint32_t)le_get(in + 48, 4);
    kd->rsrc2 = (uint32_t)le_get(in + 52, 4);
    kd->properties = (uint16_t)(in[56] | in[57] << 8);
    kd->kernarg_preload = (uint16_t)(in[58] | in[59] << 8);
}

/* Where each .amdhsa_* field goes: word (0 rsrc1, 1 rsrc2, 2 rsrc3, 3 properties, 4-6 the segment
   sizes, 7 none: computed from other fields), bit position and width, and LLVM's default. */
typedef struct {
    const char *name;
    uint8_t word, lo, width;
    uint32_t dflt;
} r3_kd_field;

enum { KD_RSRC1, KD_RSRC2, KD_RSRC3, KD_PROPS, KD_GROUP, KD_PRIVATE, KD_KERNARG, KD_OTHER };

static const r3_kd_field r3_kd_fields[] = {
    {"group_segment_fixed_size", KD_GROUP, 0, 32, 0},
    {"private_segment_fixed_size", KD_PRIVATE, 0, 32, 0},
    {"kernarg_size", KD_KERNARG, 0, 32, 0},
    {"user_sgpr_count", KD_RSRC2, 1, 5, 0},
    {"user_sgpr_private_segment_buffer", KD_PROPS, 0, 1, 0},
    {"user_sgpr_dispatch_ptr", KD_PROPS, 1, 1, 0},
    {"user_sgpr_queue_ptr", KD_PROPS, 2, 1, 0},
    {"user_sgpr_kernarg_segment_ptr", KD_PROPS, 3, 1, 0},
    {"user_sgpr_dispatch_id", KD_PROPS, 4, 1, 0},
    {"user_sgpr_flat_scratch_init", KD_PROPS, 5, 1, 0},
    {"user_sgpr_private_segment_size", KD_PROPS, 6, 1, 0},
    {"wavefront_size32", KD_PROPS, 10, 1, 1},
    {"uses_dynamic_stack", KD_PROPS, 11, 1, 0},
    {"enable_private_segment", KD_RSRC2, 0, 1, 0},
    {"system_sgpr_private_segment_wavefront_offset", KD_RSRC2, 0, 1, 0},
    {"system_sgpr_workgroup_id_x", KD_RSRC2, 7, 1, 1},
    {"system_sgpr_workgroup_id_y", KD_RSRC2, 8, 1, 0},
    {"system_sgpr_workgroup_id_z", KD_RSRC2, 9, 1, 0},
    {"system_sgpr_workgroup_info", KD_RSRC2, 10, 1, 0},
    {"system_vgpr_workitem_id", KD_RSRC2, 11, 2, 0},
    {"exception_fp_ieee_invalid_op", KD_RSRC2, 24, 1, 0},
    {"exception_fp_denorm_src", KD_RSRC2, 25, 1, 0},
    {"exception_fp_ieee_div_zero", KD_RSRC2, 26, 1, 0},
    {"exception_fp_ieee_overflow", KD_RSRC2, 27, 1, 0},
    {"exception_fp_ieee_underflow", KD_RSRC2, 28, 1, 0},
    {"exception_fp_ieee_inexact", KD_RSRC2, 29, 1, 0},
    {"exception_int_div_zero", KD_RSRC2, 30, 1, 0},
    {"float_round_mode_32", KD_RSRC1, 12, 2, 0},
    {"float_round_mode_16_64", KD_RSRC1, 14, 2, 0},
    {"float_denorm_mode_32", KD_RSRC1, 16, 2, 0},
    {"float_denorm_mode_16_64", KD_RSRC1, 18, 2, 3},
    {"dx10_clamp", KD_RSRC1, 21, 1, 1},
    {"ieee_mode", KD_RSRC1, 23, 1, 1},
    {"fp16_overflow", KD_RSRC1, 26, 1, 0},
    {"workgroup_processor_mode", KD_RSRC1, 29, 1, 1},
    {"memory_ordered", KD_RSRC1, 30, 1, 1},
    {"forward_progress", KD_RSRC1, 31, 1, 0},
    {"shared_vgpr_count", KD_RSRC3, 0, 4, 0},
    {"inst_pref_size", KD_RSRC3, 4, 6, 0},
    {"trap_on_start", KD_RSRC3, 10, 1, 0},
    {"trap_on_end", KD_RSRC3, 11, 1, 0},
    {"next_free_vgpr", KD_OTHER, 0, 32, 0},
    {"next_free_sgpr", KD_OTHER, 0, 32, 0},
    {"reserve_vcc", KD_OTHER, 0, 1, 1},
    {"reserve_flat_scratch", KD_OTHER, 0, 1, 1},
    {"reserve_xnack_mask", KD_OTHER, 0, 1, 0},
    {"accum_offset", KD_OTHER, 0, 32, 0},
};

#define R3_KD_NFIELDS (sizeof r3_kd_fields / sizeof r3_kd_fields[0])

static size_t r3_kd_index(const char *name)
{
    for (size_t k = 0; k < R3_KD_NFIELDS; k++)
        if (strcmp(r3_kd_fields[k].name, name) == 0)
            return k;
    return 0;
}

int r3_kd_from_directives(char *const *lines, int nlines, int wave64_default, r3_kd *kd, char *err, size_t errsize)
{
    uint64_t value[R3_KD_NFIELDS];
    int given[R3_KD_NFIELDS];
    for (size_t i = 0; i < R3_KD_NFIELDS; i++) {
        value[i] = r3_kd_fields[i].dflt;
        given[i] = 0;
    }
    const size_t i_w32 = r3_kd_index("wavefront_size32"), i_vgpr = r3_kd_index("next_free_vgpr"),
                 i_sgpr = r3_kd_index("next_free_sgpr"), i_usgpr = r3_kd_index("user_sgpr_count");
    value[i_w32] = wave64_default ? 0 : 1;
    for (int l = 0; l < nlines; l++) {
        const char *p = lines[l];
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            continue;
        if (strncmp(p, ".amdhsa_", 8) != 0) {
            snprintf(err, errsize, "expected .amdhsa_ directive in .amdhsa_kernel block");
            return -1;
        }
        p += 8;
        size_t n = strcspn(p, " \t");
        size_t k;
        for (k = 0; k < R3_KD_NFIELDS; k++)
            if (strlen(r3_kd_fields[k].name) == n && strncmp(r3_kd_fields[k].name, p, n) == 0)
                break;
        if (k == R3_KD_NFIELDS) {
            snprintf(err, errsize, ".amdhsa_ directive is not supported: .amdhsa_%.*s", (int)n, p);
            return -1;
        }
        if (given[k]) {
            snprintf(err, errsize, ".amdhsa_ directives cannot be repeated");
            return -1;
        }
        char *end;
        unsigned long long v = strtoull(p + n, &end, 0);
        const r3_kd_field *f = &r3_kd_fields[k];
        if (end == p + n || (f->width < 32 && v >> f->width) || v > 0xffffffffull) {
            snprintf(err, errsize, "value out of range for .amdhsa_%s", f->name);
            return -1;
        }
        value[k] = v;
        given[k] = 1;
    }
    if (!given[i_vgpr] || !given[i_sgpr]) {
        snprintf(err, errsize, ".amdhsa_next_free_vgpr and .amdhsa_next_free_sgpr directives are required");
        return -1;
    }
    if (!given[i_usgpr]) { /* the user SGPRs the enabled inputs take, in HSA order */
        static const struct {
            const char *name;
            unsigned sgprs;
        } inputs[] = {{"user_sgpr_private_segment_buffer", 4}, {"user_sgpr_dispatch_ptr", 2},
                      {"user_sgpr_queue_ptr", 2}, {"user_sgpr_kernarg_segment_ptr", 2}, {"user_sgpr_dispatch_id", 2},
                      {"user_sgpr_flat_scratch_init", 2}, {"user_sgpr_private_segment_size", 1}};
        value[i_usgpr] = 0;
        for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
            value[i_usgpr] += value[r3_kd_index(inputs[i].name)] * inputs[i].sgprs;
    }
    memset(kd, 0, sizeof *kd);
    for (size_t k = 0; k < R3_KD_NFIELDS; k++) {
        const r3_kd_field *f = &r3_kd_fields[k];
        uint32_t bits = (uint32_t)(value[k] << f->lo);
        switch (f->word) {
        case KD_RSRC1: kd->rsrc1 |= bits; break;
        case KD_RSRC2: kd->rsrc2 |= bits; break;
        case KD_RSRC3: kd->rsrc3 |= bits; break;
        case KD_PROPS: kd->properties |= (uint16_t)bits; break;
        case KD_GROUP: kd->group_segment_fixed_size = (uint32_t)value[k]; break;
        case KD_PRIVATE: kd->private_segment_fixed_size = (uint32_t)value[k]; break;
        case KD_KERNARG: kd->kernarg_size = (uint32_t)value[k]; break;
        default: break;
        }
    }
    /* VGPRs are allocated in granules of 8 in wave32 and 4 in wave64 (gfx11); the SGPR granule
       field is reserved on gfx10+ and left 0, as llvm-mc does */
    unsigned granule = value[i_w32] ? 8 : 4;
    uint64_t vgprs = value[i_vgpr] ? value[i_vgpr] : 1;
    kd->rsrc1 |= (uint32_t)(((vgprs + granule - 1) / granule - 1) & 63);
    return 0;
}
