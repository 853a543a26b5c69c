/* The OpenCL platform over the public wavesim API: the objects every entry point shares (platform,
   device, context, queue, memory, program, kernel, event), the one lock that makes the platform
   thread-safe, and the command engine. Each object starts with the ICD dispatch pointer, as the
   Khronos ICD loader requires. */
#ifndef OCL_H
#define OCL_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "wavesim/wavesim.h"

/* Object kinds, stored in each object so a handle of the wrong kind (or a freed one) is rejected. */
enum {
    OCL_PLATFORM = 0x574c5001, OCL_DEVICE, OCL_CONTEXT, OCL_QUEUE, OCL_MEM, OCL_PROGRAM, OCL_KERNEL, OCL_EVENT,
    OCL_SAMPLER
};

/* refs: the application's references (clRetainX and clReleaseX); irefs: the platform's own (a queued
   command holding its buffers, a kernel its program). An object is freed when both reach zero, and is
   invalid for the application once refs is zero. */
struct ocl_callback;
#define OCL_HEAD                     \
    cl_icd_dispatch *dispatch;       \
    uint32_t kind;                   \
    cl_uint refs, irefs;             \
    struct ocl_callback *destructors /* clSet*DestructorCallback, last registered first */

/* Any object, seen through the head they all share. */
typedef struct { OCL_HEAD; } ocl_object;

struct _cl_platform_id { OCL_HEAD; };
struct _cl_device_id { OCL_HEAD; };

typedef struct ocl_callback {
    struct ocl_callback *next;
    void (*fn)(void);           /* cast back to its real type when called */
    void *user;
    cl_int when;                /* events: the status it waits for */
} ocl_callback;

struct _cl_context {
    OCL_HEAD;
    ws_device *dev;             /* one simulated device memory per context */
    cl_context_properties props[8];
    size_t nprops;              /* entries in props, the terminating 0 included; 0 when none given */
    void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void *notify_user;
};

typedef struct ocl_cmd ocl_cmd;

struct _cl_command_queue {
    OCL_HEAD;
    cl_context ctx;
    cl_command_queue_properties props;
    cl_queue_properties prop_list[8];
    size_t nprop_list;
    ocl_cmd *head, *tail;       /* commands waiting for their events, in order */
    struct _cl_command_queue *next_live;
};

typedef struct ocl_mapping {
    struct ocl_mapping *next;
    void *ptr;
    size_t offset, size;
    cl_map_flags flags;
    int owned;                  /* ptr was allocated for the mapping (not the host pointer) */
    int image;                  /* an image region: origin and region in texels, ptr's pitches */
    size_t origin[3], region[3], row_pitch, slice_pitch;
} ocl_mapping;

/* An image: a memory object whose storage is laid out as the texture unit reads it (linear rows of
   256-byte multiples), with its image object (T# and the dwords the device libraries read) in device
   memory; see ocl_image.c. */
typedef struct {
    cl_mem_object_type type;
    cl_image_format format;
    size_t width, height, depth, array_size;
    ws_image img;
    size_t element, row_pitch, slice_pitch;  /* the device layout, bytes */
    size_t host_row_pitch, host_slice_pitch; /* USE_HOST_PTR: the application's layout */
    uint64_t object;            /* device address of the 12-dword image object */
} ocl_image;

struct _cl_mem {
    OCL_HEAD;
    cl_context ctx;
    cl_mem_flags flags;
    size_t size;
    void *host_ptr;             /* USE_HOST_PTR: the application's storage, mirrored around each command */
    uint64_t addr;              /* device address */
    cl_mem parent;              /* sub-buffers: the buffer they view, at origin */
    size_t origin;
    ocl_mapping *maps;
    cl_uint map_count;
    cl_mem_properties props[4];
    size_t nprops;
    ocl_image *image;           /* NULL for buffers */
};

typedef struct {
    char *name;
    int nargs;
} ocl_kernel_name;

struct _cl_program {
    OCL_HEAD;
    cl_context ctx;
    char *source;               /* NULL for programs from binaries */
    uint8_t *binary;            /* code object (executable), bitcode (compiled object) or a library */
    size_t binary_size;
    cl_program_binary_type binary_type;
    ws_program *exe;            /* loaded executable */
    cl_build_status status;
    char *log, *options;
    cl_uint attached_kernels;   /* live kernels: a program with kernels cannot be rebuilt */
    int uniform_groups;         /* built for OpenCL C 1.x or with -cl-uniform-work-group-size */
};

typedef struct {
    int set;
    ws_arg_kind kind;
    uint64_t value;             /* VALUE: the bits; LOCAL: the size */
    cl_mem mem;                 /* BUFFER: the buffer (NULL for a NULL pointer); IMAGE: the image */
    cl_sampler sampler;         /* SAMPLER */
    uint32_t size;
    uint8_t *bytes;             /* VALUE arguments larger than 8 bytes (structs, vectors): a copy */
} ocl_arg;

struct _cl_kernel {
    OCL_HEAD;
    cl_program prog;
    char *name;
    int nargs;
    ws_arg_info *info;
    ocl_arg *args;
    ws_kernel_props props;
};

struct _cl_event {
    OCL_HEAD;
    cl_context ctx;
    cl_command_queue queue;     /* NULL for user events */
    cl_command_type type;
    cl_int status;
    cl_ulong times[4];          /* queued, submit, start, end (ns) */
    ocl_callback *callbacks;
};

struct _cl_sampler {
    OCL_HEAD;
    cl_context ctx;
    cl_bool normalized;
    cl_addressing_mode addressing;
    cl_filter_mode filter;
    uint64_t addr;              /* device address of the S# */
    cl_sampler_properties props[8];
    size_t nprops;              /* entries in props, the terminating 0 included; 0 when none given */
};

/* A queued command: run() does the work and returns CL_SUCCESS or a negative execution status. */
struct ocl_cmd {
    ocl_cmd *next;
    cl_command_queue queue;
    cl_event ev;
    cl_uint nwait;
    cl_event *wait;
    cl_int (*run)(ocl_cmd *c);
    cl_mem mem[2];              /* retained for the command's lifetime */
    size_t off[2], size;
    void *ptr;
    size_t rect[3][3];          /* buffer origin, host origin, region */
    size_t pitch[4];            /* buffer row, buffer slice, host row, host slice */
    cl_kernel kernel;           /* a snapshot of the kernel's arguments, retained */
    ocl_arg *args;
    ws_dims dims;
    uint8_t pattern[128];
};

extern struct _cl_platform_id ocl_the_platform;
extern struct _cl_device_id ocl_the_device;
extern cl_icd_dispatch ocl_dispatch;

/* The platform lock: every entry point holds it; blocking waits release it on ocl_cond. */
void ocl_lock(void);
void ocl_unlock(void);
void ocl_wait_cond(void);
/* Whether the lock is held more than once by this thread: a callback (event, destructor, build
   notification) calling the API. Such a call must not block: the thread that would complete what it
   waits for is the one running the callback. */
int ocl_lock_nested(void);
void ocl_wake_all(void);

/* Whether obj is a live object of that kind the application holds. Handles are looked up in the set
   of live objects before anything is read through them, so a stale (released) or made-up handle is an
   error code, not a crash. */
int ocl_valid(const void *obj, uint32_t kind);
/* clRetainX and clReleaseX for every kind: `invalid` is the kind's CL_INVALID_* code, and release
   calls free_if_unused (which frees the object when neither count holds it any more). */
cl_int ocl_retain(void *obj, uint32_t kind, cl_int invalid);
cl_int ocl_release(void *obj, uint32_t kind, cl_int invalid, void (*free_if_unused)(void *obj));
/* clSetMemObjectDestructorCallback and clSetContextDestructorCallback: fn (cast to a generic function
   type; the object's free function calls it with its real type) joins obj's destructor list. */
cl_int ocl_add_destructor(void *obj, uint32_t kind, cl_int invalid, void (*fn)(void), void *user);
void *ocl_new(size_t size, uint32_t kind);   /* zeroed, registered live, one application reference */
void ocl_delete(void *obj);                  /* unregisters and frees (after the last 1024 deletions) */
cl_ulong ocl_now_ns(void);

/* Writes a parameter answer the way every clGet*Info does (size checks, size_ret). */
cl_int ocl_info(const void *value, size_t size, size_t param_value_size, void *param_value,
                size_t *param_value_size_ret);
cl_int ocl_info_str(const char *s, size_t param_value_size, void *param_value, size_t *param_value_size_ret);

/* Internal references (see OCL_HEAD) and the freeing they trigger. */
void ocl_context_hold(cl_context c);
void ocl_context_drop(cl_context c);
void ocl_mem_hold(cl_mem m);
void ocl_mem_drop(cl_mem m);
void ocl_program_hold(cl_program p);
void ocl_program_drop(cl_program p);
void ocl_kernel_hold(cl_kernel k);
void ocl_kernel_drop(cl_kernel k);
void ocl_event_hold(cl_event e);
void ocl_event_drop(cl_event e);
void ocl_queue_hold(cl_command_queue q);
void ocl_queue_drop(cl_command_queue q);
void ocl_sampler_hold(cl_sampler s);
void ocl_sampler_drop(cl_sampler s);

/* Kernel argument sets: a copy holds the buffers and owns its bytes (ocl_args_copy returns -1 when
   out of memory, with nothing held); ocl_args_free lets them go. */
int ocl_args_copy(ocl_arg *dst, const ocl_arg *src, int n);
void ocl_args_free(ocl_arg *args, int n);

/* USE_HOST_PTR memory objects: the application's memory copied to the device before a command and back
   after (images row by row between the two layouts). */
void ocl_mem_to_device(cl_mem m);
void ocl_mem_to_host(cl_mem m);
/* The buffer that owns the storage (the parent of a sub-buffer). */
cl_mem ocl_mem_root(cl_mem m);

/* Commands: a new command for queue q with the wait list checked and copied (NULL with *err set). */
ocl_cmd *ocl_cmd_new(cl_command_queue q, cl_command_type type, cl_uint nwait, const cl_event *wait, cl_int *err);
/* Queues the command, runs what can run, hands out the event, and waits when blocking. */
cl_int ocl_cmd_submit(ocl_cmd *c, cl_event *event, int blocking);
void ocl_cmd_free(ocl_cmd *c);
void ocl_event_set_status(cl_event e, cl_int status);
cl_int ocl_wait_events(cl_uint n, const cl_event *list);
/* Reports an asynchronous error to the context's callback (clCreateContext pfn_notify). */
void ocl_context_report(cl_context c, const char *message);

/* Images: the argument value a kernel gets (the image object's address); freeing an image's storage. */
uint64_t ocl_image_arg(cl_mem m);
void ocl_image_free(cl_mem m);
void ocl_image_to_device(cl_mem m);
void ocl_image_to_host(cl_mem m);
/* Takes back a mapping whose map command failed: off m's list and freed. */
void ocl_mapping_cancel(cl_mem m, ocl_mapping *map);
/* Writes a region of texels from host memory with the given pitches (bytes); 0 or -1. */
int ocl_image_write_region(ws_device *dev, cl_mem m, const size_t *origin, const size_t *region, const void *src,
                           size_t row_pitch, size_t slice_pitch);
/* The rectangle mover of the buffer commands: rect[0] origin in mem[0], rect[1] origin in the host
   memory or mem[1], rect[2] the region (bytes, rows, slices); pitch: of mem[0], then of the other.
   kind 0 read, 1 write, 2 mem[0] to mem[1]. */
cl_int ocl_rect_move(ocl_cmd *c, int kind);

/* Device limits shared by the device queries and the launch checks. */
enum { OCL_MAX_WG = 1024, OCL_LDS_BYTES = 65536, OCL_COMPUTE_UNITS = 96, OCL_MAX_ARGS_BYTES = 4096 };
/* Image limits: the T# fields (14-bit width and height, 13-bit depth and last slice; ROCr's figures). */
enum { OCL_IMAGE_MAX_2D = 16384, OCL_IMAGE_MAX_3D = 8192, OCL_IMAGE_MAX_ARRAY = 8192, OCL_MAX_SAMPLERS = 16,
       OCL_MAX_READ_IMAGES = 128, OCL_MAX_WRITE_IMAGES = 64 };
extern const char ocl_extensions[];
extern const char ocl_c_features[]; /* CL_DEVICE_OPENCL_C_FEATURES, space-separated */
cl_ulong ocl_global_mem_size(void);

#endif
