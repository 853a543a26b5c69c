/* The Ventus driver API over wavesim's Ventus launch layer: a device is one sparse memory with the
   Ventus memory map and a bump allocator for buffers (vt_heap); vt_start and vt_start_ndrange run a
   launch synchronously. */
#include "wavesim/ventus.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/file.h"
#include "ventus/codec/vt_asm.h"
#include "ventus/launch/vt_launch.h"
#include "ventus/launch/vt_ndrange.h"

typedef struct {
    core_mem mem;
    vt_heap heap;             /* buffers from VT_ALLOC_BASE */
    uint8_t *elf;             /* the kernel file vt_upload_kernel_file loaded last (for its symbols) */
    size_t elf_size;
    uint32_t elf_entry;
    uint32_t code_bytes;      /* the program loaded from VT_CODE_BASE: what a launch predecodes */
    vt_stats stats;
    char error[320];
} vt_dev;

static int vt_err(vt_dev *d, const char *fmt, ...)
{
    if (d) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(d->error, sizeof d->error, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int vt_dev_open(vt_device_h *hdevice)
{
    if (!hdevice)
        return -1;
    vt_dev *d = calloc(1, sizeof *d);
    if (!d)
        return -1;
    core_mem_init(&d->mem);
    d->heap.mem = &d->mem;
    d->heap.next = VT_ALLOC_BASE;
    *hdevice = d;
    return 0;
}

int vt_dev_close(vt_device_h h)
{
    vt_dev *d = h;
    if (!d)
        return -1;
    core_mem_free_all(&d->mem);
    free(d->elf);
    free(d);
    return 0;
}

int vt_dev_caps(vt_device_h h, uint32_t caps_id, uint64_t *value)
{
    vt_dev *d = h;
    if (!d || !value)
        return -1;
    static const uint64_t caps[] = {[VT_CAPS_VERSION] = 1, [VT_CAPS_MAX_CORES] = 2, [VT_CAPS_MAX_WARPS] = 8,
                                    [VT_CAPS_MAX_THREADS] = VT_MAX_LANES, [VT_CAPS_CACHE_LINE_SIZE] = 128,
                                    [VT_CAPS_LOCAL_MEM_SIZE] = 65536, [VT_CAPS_ALLOC_BASE_ADDR] = VT_ALLOC_BASE,
                                    [VT_CAPS_KERNEL_BASE_ADDR] = VT_CODE_BASE};
    if (caps_id >= sizeof caps / sizeof caps[0])
        return vt_err(d, "unknown capability %u", caps_id);
    *value = caps[caps_id];
    return 0;
}

int vt_root_mem_alloc(vt_device_h h, int taskID)
{
    (void)taskID;
    return vt_err(h, "no MMU: page-table roots are not supported");
}

int vt_root_mem_free(vt_device_h h, int taskID)
{
    (void)taskID;
    return vt_err(h, "no MMU: page-table roots are not supported");
}

int vt_buf_alloc(vt_device_h h, uint64_t size, uint64_t *vaddr, int BUF_TYPE, uint64_t taskID, uint64_t kernelID)
{
    vt_dev *d = h;
    (void)BUF_TYPE, (void)taskID, (void)kernelID;
    if (!d || !vaddr)
        return -1;
    uint64_t at = vt_heap_alloc(&d->heap, size);
    if (!at)
        return vt_err(d, "device memory exhausted (%llu bytes requested)", (unsigned long long)size);
    *vaddr = at;
    return 0;
}

int vt_buf_free(vt_device_h h, uint64_t size, uint64_t *vaddr, uint64_t taskID, uint64_t kernelID)
{
    vt_dev *d = h;
    (void)size, (void)vaddr, (void)taskID, (void)kernelID;
    if (!d)
        return -1;
    /* every buffer (as the reference backend does); the code region stays */
    for (size_t i = d->mem.n; i-- > 0;)
        if (d->mem.allocs[i].base >= VT_ALLOC_BASE)
            core_mem_release(&d->mem, d->mem.allocs[i].base);
    d->heap.next = VT_ALLOC_BASE;
    return 0;
}

int vt_one_buf_free(vt_device_h h, uint64_t size, uint64_t *vaddr, uint64_t taskID, uint64_t kernelID)
{
    vt_dev *d = h;
    (void)size, (void)taskID, (void)kernelID;
    if (!d || !vaddr)
        return -1;
    if (core_mem_release(&d->mem, *vaddr))
        return vt_err(d, "no buffer starts at 0x%llx", (unsigned long long)*vaddr);
    return 0;
}

int vt_copy_to_dev(vt_device_h h, uint64_t dev_vaddr, const void *src, uint64_t size, uint64_t taskID,
                   uint64_t kernelID)
{
    vt_dev *d = h;
    (void)taskID, (void)kernelID;
    if (!d || (!src && size))
        return -1;
    uint8_t *p = core_mem_ptr(&d->mem, dev_vaddr, size);
    if (!p)
        return vt_err(d, "copy to 0x%llx (%llu bytes) is not inside one buffer", (unsigned long long)dev_vaddr,
                      (unsigned long long)size);
    memcpy(p, src, size);
    return 0;
}

int vt_copy_from_dev(vt_device_h h, uint64_t dev_vaddr, void *dst, uint64_t size, uint64_t taskID,
                     uint64_t kernelID)
{
    vt_dev *d = h;
    (void)taskID, (void)kernelID;
    if (!d || (!dst && size))
        return -1;
    const uint8_t *p = core_mem_ptr(&d->mem, dev_vaddr, size);
    if (!p)
        return vt_err(d, "copy from 0x%llx (%llu bytes) is not inside one buffer", (unsigned long long)dev_vaddr,
                      (unsigned long long)size);
    memcpy(dst, p, size);
    return 0;
}

int vt_start(vt_device_h h, void *metaData, uint64_t taskID)
{
    vt_dev *d = h;
    (void)taskID;
    if (!d || !metaData)
        return -1;
    const vt_meta_data *md = metaData;
    vt_meta m;
    memset(&m, 0, sizeof m);
    m.has_pc = 1;
    m.start_pc = VT_CODE_BASE;
    m.kernel_id = md->kernel_id;
    memcpy(m.kernel_size, md->kernel_size, sizeof m.kernel_size);
    m.wf_size = md->wf_size;
    m.wg_size = md->wg_size;
    m.knl_base = md->metaDataBaseAddr;
    m.lds_size = md->ldsSize;
    m.pds_size = md->pdsSize;
    m.sgpr = md->sgprUsage;
    m.vgpr = md->vgprUsage;
    m.pds_base = md->pdsBaseAddr;
    if (d->code_bytes) { /* the program uploaded: only it is predecoded */
        m.nbuf = 1;
        m.base[0] = VT_CODE_BASE;
        m.size[0] = m.alloc[0] = d->code_bytes;
    }
    if (!m.wf_size || m.wf_size > VT_MAX_LANES || (m.wf_size & (m.wf_size - 1)) || !m.wg_size ||
        !m.kernel_size[0] || !m.kernel_size[1] || !m.kernel_size[2])
        return vt_err(d, "bad launch shape (threads per warp a power of two up to %d, non-zero sizes)", VT_MAX_LANES);
    vt_run_options o = {0};
    return vt_launch_dispatch(&d->mem, &m, &o, &d->stats, d->error, sizeof d->error);
}

int vt_ready_wait(vt_device_h h, uint64_t timeout)
{
    (void)timeout;
    return h ? 0 : -1;
}

int vt_finish_all_kernel(vt_device_h h, void *queue)
{
    (void)queue;
    return h ? 0 : -1;
}

/* The code region at 0x80000000, made on first use. */
static uint8_t *vt_code_region(vt_dev *d, uint64_t addr, uint64_t size)
{
    if (vt_mem_ensure(&d->mem, VT_CODE_BASE, VT_CODE_REGION))
        return NULL;
    return core_mem_ptr(&d->mem, addr, size);
}

int vt_upload_kernel_bytes(vt_device_h h, const void *content, uint64_t size, int taskID)
{
    vt_dev *d = h;
    (void)taskID;
    if (!d || (!content && size))
        return -1;
    uint8_t *p = vt_code_region(d, VT_CODE_BASE, size);
    if (!p)
        return vt_err(d, "kernel of %llu bytes does not fit the code region", (unsigned long long)size);
    memcpy(p, content, size);
    d->code_bytes = (uint32_t)size;
    return 0;
}

int vt_upload_kernel_file(vt_device_h h, const char *filename, int kernelID)
{
    vt_dev *d = h;
    (void)kernelID;
    if (!d || !filename)
        return -1;
    FILE *f = fopen(filename, "rb");
    if (!f)
        return vt_err(d, "cannot read '%s'", filename);
    size_t n = 0;
    uint8_t *buf = (uint8_t *)file_read_all(f, &n);
    fclose(f);
    if (!buf)
        return vt_err(d, "out of memory");
    char err[256];
    if (vt_load_elf(&d->mem, buf, n, &d->elf_entry, &d->code_bytes, err, sizeof err)) {
        free(buf);
        return vt_err(d, "%s: %s", filename, err);
    }
    free(d->elf);
    d->elf = buf;
    d->elf_size = n;
    return 0;
}

int vt_kernel_symbol(vt_device_h h, const char *name, uint64_t *addr)
{
    vt_dev *d = h;
    if (!d || !name || !addr)
        return -1;
    if (!d->elf)
        return vt_err(d, "no kernel file loaded (vt_upload_kernel_file)");
    uint32_t value;
    if (vt_elf_symbol(d->elf, d->elf_size, name, &value, d->error, sizeof d->error))
        return -1;
    *addr = value;
    return 0;
}

int vt_start_ndrange(vt_device_h h, const vt_ndrange_launch *launch, uint64_t taskID)
{
    vt_dev *d = h;
    (void)taskID;
    if (!d || !launch)
        return -1;
    if (!d->elf)
        return vt_err(d, "no kernel file loaded (vt_upload_kernel_file)");
    vt_ndrange r;
    memset(&r, 0, sizeof r);
    r.start_pc = d->elf_entry;
    r.code_bytes = d->code_bytes;
    if (vt_ndrange_shape(&r, launch->work_dim, launch->global, launch->local, launch->offset, d->error,
                         sizeof d->error))
        return -1;
    uint64_t addrs[] = {launch->entry, launch->arg_base, launch->print_addr, launch->print_size};
    for (int i = 0; i < 4; i++)
        if (addrs[i] > 0xffffffffu)
            return vt_err(d, "addresses and sizes must fit 32 bits");
    r.entry = (uint32_t)launch->entry;
    r.arg_base = (uint32_t)launch->arg_base;
    r.print_addr = (uint32_t)launch->print_addr;
    r.print_size = (uint32_t)launch->print_size;
    r.threads_per_warp = launch->threads_per_warp;
    vt_meta m;
    if (vt_ndrange_prepare(&d->heap, &r, &m, d->error, sizeof d->error))
        return -1;
    vt_run_options o = {0};
    return vt_launch_dispatch(&d->mem, &m, &o, &d->stats, d->error, sizeof d->error);
}

int vt_dump_perf(vt_device_h h, FILE *out)
{
    vt_dev *d = h;
    if (!d || !out)
        return -1;
    fprintf(out, "instructions %llu\nvector_lane_instructions %llu\nworkgroups %llu\nwarps %llu\nseconds %.6f\n",
            (unsigned long long)d->stats.instructions, (unsigned long long)d->stats.lane_instructions,
            (unsigned long long)d->stats.workgroups, (unsigned long long)d->stats.warps, d->stats.seconds);
    return 0;
}

const char *vt_last_error(vt_device_h h)
{
    vt_dev *d = h;
    return d ? d->error : "no device";
}
