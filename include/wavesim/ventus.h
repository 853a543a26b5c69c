/* The Ventus driver API (the `vt_*` functions the Ventus pocl device and test hosts call), served by
   wavesim's simulator, so existing Ventus host code links against libwavesim unchanged. Every
   function returns 0 on success and -1 on error; none prints or exits. IDs (task, kernel) are
   accepted and ignored, as in the reference spike backend. */
#ifndef WAVESIM_VENTUS_H
#define WAVESIM_VENTUS_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void *vt_device_h;

/* vt_dev_caps ids */
enum { VT_CAPS_VERSION, VT_CAPS_MAX_CORES, VT_CAPS_MAX_WARPS, VT_CAPS_MAX_THREADS, VT_CAPS_CACHE_LINE_SIZE,
       VT_CAPS_LOCAL_MEM_SIZE, VT_CAPS_ALLOC_BASE_ADDR, VT_CAPS_KERNEL_BASE_ADDR };

/* The launch description vt_start takes (all fields u64, in this order). */
typedef struct {
    uint64_t kernel_id;
    uint64_t kernel_size[3];     /* workgroups per dimension */
    uint64_t wf_size;            /* threads per warp */
    uint64_t wg_size;            /* warps per workgroup */
    uint64_t metaDataBaseAddr;   /* CSR_KNL: the 64-byte kernel metadata buffer */
    uint64_t ldsSize;
    uint64_t pdsSize;            /* private memory per thread */
    uint64_t sgprUsage, vgprUsage;
    uint64_t pdsBaseAddr;
} vt_meta_data;

int vt_dev_open(vt_device_h *hdevice);
int vt_dev_close(vt_device_h hdevice);
int vt_dev_caps(vt_device_h hdevice, uint32_t caps_id, uint64_t *value);
/* Page-table roots exist only on MMU backends: these return -1. */
int vt_root_mem_alloc(vt_device_h hdevice, int taskID);
int vt_root_mem_free(vt_device_h hdevice, int taskID);
/* Device buffers from 0x90000000, sizes rounded up to 4 KiB. */
int vt_buf_alloc(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, int BUF_TYPE, uint64_t taskID,
                 uint64_t kernelID);
int vt_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID, uint64_t kernelID);
int vt_one_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID, uint64_t kernelID);
int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void *src_addr, uint64_t size, uint64_t taskID,
                   uint64_t kernelID);
int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void *dst_addr, uint64_t size, uint64_t taskID,
                     uint64_t kernelID);
/* Runs the kernel at 0x80000000 to completion (metaData points to a vt_meta_data). */
int vt_start(vt_device_h hdevice, void *metaData, uint64_t taskID);
int vt_ready_wait(vt_device_h hdevice, uint64_t timeout);
/* Kernels run synchronously in vt_start, so nothing is ever queued: `queue` is not touched. */
int vt_finish_all_kernel(vt_device_h hdevice, void *queue);
int vt_upload_kernel_bytes(vt_device_h hdevice, const void *content, uint64_t size, int taskID);
/* Loads the PT_LOAD segments of an ELF32 RISC-V kernel file. */
int vt_upload_kernel_file(vt_device_h hdevice, const char *filename, int kernelID);
/* Writes the statistics of the launches so far to `out`. */
int vt_dump_perf(vt_device_h hdevice, FILE *out);

/* wavesim extension: the error message of the last failing call. */
const char *vt_last_error(vt_device_h hdevice);

/* wavesim extension: the address of symbol `name` (a kernel) in the ELF file vt_upload_kernel_file
   loaded last. */
int vt_kernel_symbol(vt_device_h hdevice, const char *name, uint64_t *addr);

/* wavesim extension: an OpenCL NDRange launch made the way pocl's Ventus device makes one (seed 003):
   the 64-byte metadata buffer (KNL_ENTRY, KNL_ARG_BASE, KNL_WORK_DIM, global and local sizes,
   offsets, the print buffer), private memory for every work-item, warps of one thread count covering
   each work-group, the warps starting at the loaded file's entry point (crt0's _start, which calls
   the kernel). Work-groups are whole (global a multiple of local) and hold at most 1024 items. */
typedef struct {
    uint64_t entry;               /* the kernel function (vt_kernel_symbol) */
    uint32_t work_dim;            /* 1 to 3 */
    uint64_t global[3], local[3], offset[3];  /* unused dimensions: 1, 1, 0 */
    uint64_t arg_base;            /* the kernel_arg_buffer the caller filled */
    uint64_t print_addr, print_size;          /* the printf buffer; 0 when none */
    uint32_t threads_per_warp;    /* 0: the largest power of two up to 32 that divides the work-group size */
} vt_ndrange_launch;
int vt_start_ndrange(vt_device_h hdevice, const vt_ndrange_launch *launch, uint64_t taskID);

/* wavesim extension: runs of the Ventus reference test vectors (one .metadata and one .data text per
   launch, launches in order on one memory) or of a user's own kernel file, with the reference
   simulator's commit log, device printf, statistics and a timeline. */
typedef struct vt_session vt_session;
typedef void (*vt_text_fn)(void *ctx, const char *text, size_t len);
typedef struct {
    int threads;                 /* host threads; 0: all cores */
    uint64_t max_instructions;   /* per workgroup before a launch is declared runaway; 0: default */
    vt_text_fn print;            /* device printf text, per workgroup in order (NULL: dropped) */
    void *print_ctx;
    vt_text_fn trace;            /* when set, every committed instruction as a spike log line */
    void *trace_ctx;
    int timeline;                /* record each launch's timeline (vt_session_timeline) */
    int no_fast_paths;           /* the executor's reference paths only (same results, slower) */
} vt_session_options;
enum { VT_SESSION_CLASSES = 9 };
typedef struct {
    uint64_t instructions, lane_instructions, workgroups, warps;
    uint64_t class_count[VT_SESSION_CLASSES];   /* by class, named by vt_session_class_name */
    double seconds;
} vt_session_stats;

vt_session *vt_session_new(const vt_session_options *options);
/* One launch: its metadata and data texts (the .metadata/.data file contents). 0, or -1 with one
   line; `which` names what was wrong ("metadata", "data" or "run"). */
int vt_session_launch(vt_session *s, const char *metadata, const char *data, const char **which, char *err,
                      size_t errsize);
/* size bytes of device memory at addr, if they lie inside one buffer; else NULL. */
const void *vt_session_memory(vt_session *s, uint32_t addr, uint32_t size);
void vt_session_stats_get(const vt_session *s, vt_session_stats *stats);
const char *vt_session_class_name(int cls);
/* wavesim extension: a user's own kernel (an ELF32 file from the Ventus compiler, crt0 included) run
   in a session as pocl's Ventus device runs one (see vt_ndrange_launch). */
typedef struct {
    const char *kernel;           /* the kernel function's symbol */
    uint32_t work_dim;            /* 1 to 3 */
    uint64_t global[3], local[3], offset[3];  /* unused dimensions: 1, 1, 0 */
    const void *args;             /* the kernel_arg_buffer's bytes: the arguments in order, each naturally
                                     aligned; a buffer argument is its 32-bit device address */
    size_t args_size;
    uint32_t threads_per_warp;    /* 0: the largest power of two up to 32 that divides the work-group size */
} vt_kernel_launch;
/* Loads the file's segments into the code region (from 0x80000000); 0, or -1 with one line. */
int vt_session_load_elf(vt_session *s, const void *image, size_t size, char *err, size_t errsize);
/* A zeroed device buffer of `size` bytes (from 0x90000000, whole 4 KiB pages): its address, or 0
   when device memory is exhausted. */
uint64_t vt_session_alloc(vt_session *s, uint64_t size);
/* Copies bytes into device memory (inside one buffer); 0 or -1. */
int vt_session_write(vt_session *s, uint64_t addr, const void *data, size_t size);
/* Runs a kernel of the loaded file; 0, or -1 with one line. */
int vt_session_kernel(vt_session *s, const vt_kernel_launch *k, char *err, size_t errsize);

/* The timeline of the launches that ran (the last one also when it faulted), as a Chrome trace on
   the driver's device (2 cores, one workgroup resident on each). */
int vt_session_timeline(const vt_session *s, int (*fn)(void *ctx, const char *text, size_t len), void *ctx);
void vt_session_free(vt_session *s);

#ifdef __cplusplus
}
#endif

#endif
