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

/* wavesim extension: runs of the Ventus reference test vectors (one .metadata and one .data text per
   launch, launches in order on one memory), with the reference simulator's commit log, device
   printf, statistics and a timeline. */
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
/* The timeline of the launches that ran (the last one also when it faulted), as a Chrome trace on
   the driver's device (2 cores, one workgroup resident on each). */
int vt_session_timeline(const vt_session *s, int (*fn)(void *ctx, const char *text, size_t len), void *ctx);
void vt_session_free(vt_session *s);

#ifdef __cplusplus
}
#endif

#endif
