/* The public API over the RDNA3 loader, assembler, code object writer and dispatcher. */
#define _POSIX_C_SOURCE 200809L
#include "wavesim/wavesim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asm/asm_source.h"
#include "common/file.h"
#include "core/core_device.h"
#include "core/core_mem.h"
#include "core/core_timeline.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codeobj/r3_codeobj.h"
#include "rdna3/codeobj/r3_loader.h"
#include "rdna3/exec/r3_dispatch.h"
#include "runtime/ws_internal.h"

struct ws_device {
    core_mem mem;
    ws_options opt;
    core_device shape;
    core_timeline *timeline;  /* of the last launch, when recording */
};

struct ws_program {
    ws_device *dev;
    r3_codeobj co;
    r3_xprog xp[2];          /* the execution form in wave32 and wave64 */
};

static int ws_fail(char *err, size_t errsize, const char *msg)
{
    if (err && errsize)
        snprintf(err, errsize, "%s", msg);
    return -1;
}

/* The tables are built once per process, before the first device or tool call. */
int ws_init_tables(void)
{
    static int ready;
    if (!ready && r3_isa_init() == 0 && r3_exec_init() == 0)
        ready = 1;
    return ready ? 0 : -1;
}

ws_device *ws_device_create(const ws_options *options)
{
    if (ws_init_tables())
        return NULL;
    ws_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return NULL;
    core_mem_init(&dev->mem);
    if (options)
        dev->opt = *options;
    dev->shape.compute_units = dev->opt.compute_units;
    dev->shape.groups_per_cu = dev->opt.groups_per_cu;
    dev->shape.lds_bytes = dev->opt.lds_bytes;
    core_device_defaults(&dev->shape);
    return dev;
}

void ws_device_destroy(ws_device *dev)
{
    if (!dev)
        return;
    core_mem_free_all(&dev->mem);
    core_timeline_free(dev->timeline);
    free(dev);
}

uint64_t ws_alloc(ws_device *dev, size_t bytes)
{
    return core_mem_alloc(&dev->mem, bytes);
}

int ws_free(ws_device *dev, uint64_t addr)
{
    return core_mem_release(&dev->mem, addr);
}

int ws_write(ws_device *dev, uint64_t addr, const void *src, size_t bytes)
{
    uint8_t *p = core_mem_ptr(&dev->mem, addr, bytes ? bytes : 1);
    if (!p)
        return -1;
    memcpy(p, src, bytes);
    return 0;
}

int ws_read(ws_device *dev, uint64_t addr, void *dst, size_t bytes)
{
    const uint8_t *p = core_mem_ptr(&dev->mem, addr, bytes ? bytes : 1);
    if (!p)
        return -1;
    memcpy(dst, p, bytes);
    return 0;
}

ws_program *ws_program_load(ws_device *dev, const void *image, size_t bytes, char *err, size_t errsize)
{
    ws_program *p = calloc(1, sizeof *p);
    if (!p) {
        ws_fail(err, errsize, "out of memory");
        return NULL;
    }
    p->dev = dev;
    if (r3_codeobj_load(image, bytes, &p->co, err, errsize)) {
        free(p);
        return NULL;
    }
    /* the image (code, constants, global variables) becomes device memory, relocated to where it lands */
    uint64_t base = core_mem_alloc(&dev->mem, p->co.image_size);
    uint8_t *dst = base ? core_mem_ptr(&dev->mem, base, p->co.image_size ? p->co.image_size : 1) : NULL;
    if (!dst || r3_xprog_build(&p->xp[0], &p->co, 0) || r3_xprog_build(&p->xp[1], &p->co, 1)) {
        if (base)
            core_mem_release(&dev->mem, base);
        ws_program_free(p);
        ws_fail(err, errsize, "out of memory");
        return NULL;
    }
    r3_codeobj_place(&p->co, base, dst);
    p->co.load_base = base;
    return p;
}

ws_program *ws_program_assemble(ws_device *dev, const char *source, const char *filename, int wave64, char *err,
                                size_t errsize)
{
    asm_result res;
    asm_isa isa = r3_asm_isa(&wave64);
    ws_program *p = NULL;
    if (asm_source(filename ? filename : "<source>", source, &isa, &res)) {
        ws_fail(err, errsize, res.error);
    } else {
        uint8_t *img;
        size_t n;
        if (r3_codeobj_build(&res, "gfx1100", &img, &n, err, errsize) == 0) {
            p = ws_program_load(dev, img, n, err, errsize);
            free(img);
        }
    }
    asm_result_free(&res);
    return p;
}

void ws_program_free(ws_program *prog)
{
    if (!prog)
        return;
    if (prog->co.load_base)
        core_mem_release(&prog->dev->mem, prog->co.load_base);
    r3_xprog_free(&prog->xp[0]);
    r3_xprog_free(&prog->xp[1]);
    r3_codeobj_free(&prog->co);
    free(prog);
}

int ws_kernel_count(const ws_program *prog)
{
    return prog->co.nkernels;
}

const char *ws_kernel_name(const ws_program *prog, int index)
{
    return index >= 0 && index < prog->co.nkernels ? prog->co.kernels[index].name : NULL;
}

/* The index in the metadata of the n-th explicit argument, or -1. */
static int ws_explicit_arg(const r3_kernel *k, int n)
{
    for (int i = 0; i < k->nargs; i++)
        if (k->args[i].kind != R3_ARG_HIDDEN && n-- == 0)
            return i;
    return -1;
}

int ws_kernel_arg_count(const ws_program *prog, const char *kernel)
{
    const r3_kernel *k = r3_codeobj_kernel(&prog->co, kernel);
    if (!k)
        return -1;
    int n = 0;
    for (int i = 0; i < k->nargs; i++)
        n += k->args[i].kind != R3_ARG_HIDDEN;
    return n;
}

int ws_kernel_arg(const ws_program *prog, const char *kernel, int index, ws_arg_info *info)
{
    const r3_kernel *k = r3_codeobj_kernel(&prog->co, kernel);
    int i = k ? ws_explicit_arg(k, index) : -1;
    if (i < 0)
        return -1;
    const r3_kernel_arg *a = &k->args[i];
    info->name = a->name;
    info->type_name = a->type_name;
    info->kind = a->kind == R3_ARG_GLOBAL_BUFFER ? WS_ARG_BUFFER
                 : a->kind == R3_ARG_DYNAMIC_LDS ? WS_ARG_LOCAL
                 : a->kind == R3_ARG_IMAGE       ? WS_ARG_IMAGE
                 : a->kind == R3_ARG_SAMPLER     ? WS_ARG_SAMPLER
                                                 : WS_ARG_VALUE;
    info->size = a->size;
    info->address_space = a->address_space;
    info->access = a->access;
    info->is_const = a->is_const;
    info->is_volatile = a->is_volatile;
    info->is_restrict = a->is_restrict;
    return 0;
}

int ws_kernel_properties(const ws_program *prog, const char *kernel, ws_kernel_props *props)
{
    const r3_kernel *k = r3_codeobj_kernel(&prog->co, kernel);
    if (!k)
        return -1;
    memcpy(props->reqd_workgroup_size, k->reqd_workgroup_size, sizeof props->reqd_workgroup_size);
    props->max_flat_workgroup_size = k->max_flat_workgroup_size;
    props->group_segment_fixed_size = k->group_segment_fixed_size;
    props->private_segment_fixed_size = k->private_segment_fixed_size;
    props->wave_size = k->wave64 ? 64 : 32;
    return 0;
}

_Static_assert((int)WS_WARN_COUNT == (int)R3W_COUNT, "public warning kinds mirror the executor's");

const char *ws_warning_name(int kind)
{
    return r3_warning_name((r3_warning)kind);
}

static const char *ws_kind_name(ws_arg_kind k)
{
    return k == WS_ARG_BUFFER ? "a buffer" : k == WS_ARG_LOCAL ? "dynamic LDS (__local)" : k == WS_ARG_IMAGE ? "an image"
           : k == WS_ARG_SAMPLER ? "a sampler" : "a value";
}

int ws_launch(ws_device *dev, ws_program *prog, const char *kernel, const ws_dims *dims, const ws_arg *args,
              int nargs, ws_stats *stats, char *err, size_t errsize)
{
    const r3_kernel *k = r3_codeobj_kernel(&prog->co, kernel);
    if (!k) {
        char msg[200];
        snprintf(msg, sizeof msg, "no kernel named '%s'", kernel);
        return ws_fail(err, errsize, msg);
    }
    int want = ws_kernel_arg_count(prog, kernel);
    if (nargs != want) {
        char msg[200];
        snprintf(msg, sizeof msg, "kernel '%s' takes %d arguments, %d given", kernel, want, nargs);
        return ws_fail(err, errsize, msg);
    }
    uint32_t ksize = k->kernarg_size ? k->kernarg_size : 256;
    uint8_t *kernarg = calloc(1, ksize);
    if (!kernarg)
        return ws_fail(err, errsize, "out of memory");
    uint32_t lds_off = k->group_segment_fixed_size, dyn = 0;
    for (int n = 0; n < nargs; n++) {
        ws_arg_info info;
        ws_kernel_arg(prog, kernel, n, &info);
        const r3_kernel_arg *a = &k->args[ws_explicit_arg(k, n)];
        char msg[300];
        if (args[n].kind != info.kind) {
            snprintf(msg, sizeof msg, "argument %d ('%s') of kernel '%s' is %s, %s was given", n, a->name, kernel,
                     ws_kind_name(info.kind), ws_kind_name(args[n].kind));
            free(kernarg);
            return ws_fail(err, errsize, msg);
        }
        if (args[n].kind == WS_ARG_VALUE && args[n].size != a->size) {
            snprintf(msg, sizeof msg, "argument %d ('%s') of kernel '%s' has %u bytes, %u given", n, a->name, kernel,
                     a->size, args[n].size);
            free(kernarg);
            return ws_fail(err, errsize, msg);
        }
        if (a->offset > ksize || a->size > ksize - a->offset) {
            free(kernarg);
            return ws_fail(err, errsize, "kernel metadata puts an argument outside the kernarg block");
        }
        if (a->size > 8) { /* vectors and structs by value: their bytes */
            if (args[n].kind != WS_ARG_VALUE || !args[n].data) {
                snprintf(msg, sizeof msg, "argument %d ('%s') of kernel '%s' has %u bytes: pass them in ws_arg.data",
                         n, a->name, kernel, a->size);
                free(kernarg);
                return ws_fail(err, errsize, msg);
            }
            memcpy(kernarg + a->offset, args[n].data, a->size);
            continue;
        }
        uint64_t v = args[n].value;
        if (args[n].kind == WS_ARG_LOCAL) { /* the pointer is the region's LDS offset */
            v = lds_off;
            lds_off += args[n].size;
            dyn += args[n].size;
        }
        for (uint32_t b = 0; b < a->size; b++)
            kernarg[a->offset + b] = (uint8_t)(v >> (8 * b));
    }
    r3_launch l;
    memset(&l, 0, sizeof l);
    for (int d = 0; d < 3; d++) {
        l.global[d] = dims->global[d];
        l.local[d] = dims->local[d];
        l.offset[d] = dims->offset[d];
    }
    l.dims = dims->dims;
    l.dynamic_lds = dyn;
    l.threads = dev->opt.threads;
    l.device = &dev->shape;
    l.max_instructions = dev->opt.max_instructions;
    l.trace = dev->opt.trace;
    l.trace_ctx = dev->opt.trace_ctx;
    static const uint8_t align[] = {R3_ALIGN_UNALIGNED, R3_ALIGN_DWORD, R3_ALIGN_DWORD_STRICT, R3_ALIGN_STRICT};
    l.align_mode = dev->opt.alignment_mode >= 0 && dev->opt.alignment_mode <= 3 ? align[dev->opt.alignment_mode]
                                                                                 : R3_ALIGN_UNALIGNED;
    l.fast_paths = !dev->opt.no_fast_paths;
    l.translate = !dev->opt.no_fast_paths && !dev->opt.no_translate;
    core_timeline_free(dev->timeline);
    dev->timeline = NULL;
    l.timeline = dev->opt.timeline ? &dev->timeline : NULL;
    r3_stats st;
    memset(&st, 0, sizeof st);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = r3_dispatch(&prog->co, &prog->xp[k->wave64], k, &dev->mem, kernarg, &l, &st, err, errsize);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(kernarg);
    if (stats) {
        stats->wave_instructions = st.instructions;
        stats->lane_instructions = st.lane_instructions;
        stats->salu = st.by_class[0];
        stats->smem = st.by_class[1];
        stats->valu = st.by_class[2];
        stats->vmem = st.by_class[3];
        stats->lds = st.by_class[4];
        stats->branch = st.by_class[5];
        stats->other = st.by_class[6];
        stats->vopd = st.by_class[7];
        stats->workgroups = st.workgroups;
        stats->waves = st.waves;
        stats->wave_size = k->wave64 ? 64 : 32;
        for (int w = 0; w < WS_WARN_COUNT; w++) { /* the WS_WARN_* order is R3W_*'s */
            stats->warnings[w] = st.warn.count[w];
            memcpy(stats->first_warning[w], st.warn.first[w], sizeof stats->first_warning[w]);
        }
        stats->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    }
    return rc;
}

int ws_timeline_write(ws_device *dev, ws_write_fn fn, void *ctx, char *err, size_t errsize)
{
    if (!dev->timeline)
        return ws_fail(err, errsize, dev->opt.timeline ? "no launch to draw a timeline of"
                                                       : "the device records no timeline (ws_options.timeline)");
    const core_timeline *one[1] = {dev->timeline};
    if (core_timeline_write(one, 1, &dev->shape, "gfx1100", "wave", fn, ctx))
        return ws_fail(err, errsize, "writing the timeline failed");
    return 0;
}

char *ws_read_stream(FILE *f, size_t *size)
{
    return file_read_all(f, size);
}
