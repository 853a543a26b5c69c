/* The wavesim OpenCL platform and its one device (a simulated gfx1100): the ICD entry points the
   Khronos loader looks up, the platform lock, object bookkeeping shared by every entry point, and
   the platform and device queries with gfx1100's figures. */
#define _GNU_SOURCE
#include "ocl.h"

#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <time.h>

struct _cl_platform_id ocl_the_platform = {&ocl_dispatch, OCL_PLATFORM, 1, 0, NULL};
struct _cl_device_id ocl_the_device = {&ocl_dispatch, OCL_DEVICE, 1, 0, NULL};

/* The extensions the device reports and the compiler is told (-cl-ext), so the cl_khr_* macros kernels
   see are exactly these: images (with 3D writes and read-write images, which the MIMG executor runs),
   no subgroups (subgroup builtins are untested), no 1D buffer images or mipmaps (ocl_image.c).
   cl_khr_icd is the platform's extension, not the device's. */
const char ocl_extensions[] = "cl_khr_3d_image_writes cl_khr_byte_addressable_store cl_khr_fp16 cl_khr_fp64 "
                              "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
                              "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics "
                              "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics";

const char ocl_c_features[] = "__opencl_c_3d_image_writes __opencl_c_fp64 __opencl_c_images __opencl_c_int64 "
                              "__opencl_c_read_write_images";

/* ---------- the lock ---------- */

static pthread_mutex_t ocl_mutex;
static pthread_cond_t ocl_cond = PTHREAD_COND_INITIALIZER;
static pthread_once_t ocl_once = PTHREAD_ONCE_INIT;

static void ocl_init_mutex(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    /* recursive: event callbacks run under the lock and may call the API */
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&ocl_mutex, &a);
    pthread_mutexattr_destroy(&a);
}

static _Thread_local int ocl_depth;

void ocl_lock(void)
{
    pthread_once(&ocl_once, ocl_init_mutex);
    pthread_mutex_lock(&ocl_mutex);
    ocl_depth++;
}

void ocl_unlock(void)
{
    ocl_depth--;
    pthread_mutex_unlock(&ocl_mutex);
}

int ocl_lock_nested(void)
{
    return ocl_depth > 1;
}

void ocl_wait_cond(void)
{
    pthread_cond_wait(&ocl_cond, &ocl_mutex);
}

void ocl_wake_all(void)
{
    pthread_cond_broadcast(&ocl_cond);
}

/* ---------- objects ---------- */

/* The set of live objects: open addressing over pointers, with tombstones (under the lock). */
static const void **ocl_live;
static size_t ocl_live_cap, ocl_live_used; /* used: live entries and tombstones */
#define OCL_TOMBSTONE ((const void *)1)

static size_t ocl_live_slot(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static int ocl_live_has(const void *p)
{
    if (!ocl_live_cap || !p || p == OCL_TOMBSTONE)
        return 0;
    for (size_t i = ocl_live_slot(p, ocl_live_cap);; i = (i + 1) & (ocl_live_cap - 1)) {
        if (ocl_live[i] == p)
            return 1;
        if (!ocl_live[i])
            return 0;
    }
}

static int ocl_live_add(const void *p)
{
    if ((ocl_live_used + 1) * 2 > ocl_live_cap) { /* rehash into twice the live count, tombstones dropped */
        size_t cap = 64;
        while (cap < (ocl_live_used + 1) * 4)
            cap *= 2;
        const void **t = calloc(cap, sizeof *t);
        if (!t)
            return -1;
        size_t used = 0;
        for (size_t i = 0; i < ocl_live_cap; i++)
            if (ocl_live[i] && ocl_live[i] != OCL_TOMBSTONE) {
                size_t j = ocl_live_slot(ocl_live[i], cap);
                while (t[j])
                    j = (j + 1) & (cap - 1);
                t[j] = ocl_live[i];
                used++;
            }
        free(ocl_live);
        ocl_live = t;
        ocl_live_cap = cap;
        ocl_live_used = used;
    }
    size_t i = ocl_live_slot(p, ocl_live_cap);
    while (ocl_live[i] && ocl_live[i] != OCL_TOMBSTONE)
        i = (i + 1) & (ocl_live_cap - 1);
    if (!ocl_live[i])
        ocl_live_used++;
    ocl_live[i] = p;
    return 0;
}

static void ocl_live_remove(const void *p)
{
    if (!ocl_live_cap)
        return;
    for (size_t i = ocl_live_slot(p, ocl_live_cap); ocl_live[i]; i = (i + 1) & (ocl_live_cap - 1))
        if (ocl_live[i] == p) {
            ocl_live[i] = OCL_TOMBSTONE;
            return;
        }
}

int ocl_valid(const void *obj, uint32_t kind)
{
    const ocl_object *o = obj;
    return ocl_live_has(obj) && o->kind == kind && o->refs > 0;
}

cl_int ocl_retain(void *obj, uint32_t kind, cl_int invalid)
{
    ocl_lock();
    cl_int err = ocl_valid(obj, kind) ? CL_SUCCESS : invalid;
    if (!err)
        ((ocl_object *)obj)->refs++;
    ocl_unlock();
    return err;
}

cl_int ocl_release(void *obj, uint32_t kind, cl_int invalid, void (*free_if_unused)(void *obj))
{
    ocl_lock();
    cl_int err = ocl_valid(obj, kind) ? CL_SUCCESS : invalid;
    if (!err) {
        ((ocl_object *)obj)->refs--;
        free_if_unused(obj);
    }
    ocl_unlock();
    return err;
}

cl_int ocl_add_destructor(void *obj, uint32_t kind, cl_int invalid, void (*fn)(void), void *user)
{
    ocl_lock();
    cl_int err = !ocl_valid(obj, kind) ? invalid : !fn ? CL_INVALID_VALUE : CL_SUCCESS;
    ocl_callback *cb = err ? NULL : calloc(1, sizeof *cb);
    if (!err && !cb)
        err = CL_OUT_OF_HOST_MEMORY;
    if (cb) {
        ocl_object *o = obj;
        cb->fn = fn;
        cb->user = user;
        cb->next = o->destructors;
        o->destructors = cb;
    }
    ocl_unlock();
    return err;
}

void *ocl_new(size_t size, uint32_t kind)
{
    ocl_object *o = calloc(1, size);
    if (o && ocl_live_add(o)) {
        free(o);
        o = NULL;
    }
    if (o) {
        o->dispatch = &ocl_dispatch;
        o->kind = kind;
        o->refs = 1;
    }
    return o;
}

/* Freed objects wait in a ring before their memory goes back to malloc: the ICD loader reads the
   dispatch pointer of any handle it is given before we can check it, so a handle released a moment
   ago (a double release) must still point at our dispatch table, which then answers with an error. */
enum { OCL_GRAVEYARD = 1024 };
static ocl_object *ocl_graveyard[OCL_GRAVEYARD];
static size_t ocl_graveyard_next;

void ocl_delete(void *obj)
{
    ocl_object *o = obj;
    ocl_live_remove(o);
    o->kind = 0;
    free(ocl_graveyard[ocl_graveyard_next]);
    ocl_graveyard[ocl_graveyard_next] = o;
    ocl_graveyard_next = (ocl_graveyard_next + 1) % OCL_GRAVEYARD;
}

cl_ulong ocl_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (cl_ulong)t.tv_sec * 1000000000ull + (cl_ulong)t.tv_nsec;
}

cl_int ocl_info(const void *value, size_t size, size_t param_value_size, void *param_value,
                size_t *param_value_size_ret)
{
    if (param_value) {
        if (param_value_size < size)
            return CL_INVALID_VALUE;
        if (size)
            memcpy(param_value, value, size);
    }
    if (param_value_size_ret)
        *param_value_size_ret = size;
    return CL_SUCCESS;
}

cl_int ocl_info_str(const char *s, size_t param_value_size, void *param_value, size_t *param_value_size_ret)
{
    return ocl_info(s, strlen(s) + 1, param_value_size, param_value, param_value_size_ret);
}

cl_ulong ocl_global_mem_size(void)
{
    /* gfx1100 boards carry 24 GiB; never more than the host has, since guest memory is host memory */
    struct sysinfo si;
    cl_ulong board = 24ull << 30;
    if (sysinfo(&si) == 0) {
        cl_ulong host = (cl_ulong)si.totalram * si.mem_unit;
        if (host / 2 < board)
            board = host / 2;
    }
    return board;
}

/* ---------- platform ---------- */

CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms,
                                                       cl_uint *num_platforms)
{
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
        return CL_INVALID_VALUE;
    if (platforms)
        platforms[0] = &ocl_the_platform;
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                                 cl_uint *num_platforms)
{
    return clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms);
}

static cl_int ocl_name_versions(const char *list, cl_version version, size_t param_value_size, void *param_value,
                                size_t *param_value_size_ret)
{
    cl_name_version nv[32];
    size_t n = 0;
    const char *p = list;
    while (*p && n < 32) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        memset(&nv[n], 0, sizeof nv[n]);
        memcpy(nv[n].name, p, len < CL_NAME_VERSION_MAX_NAME_SIZE - 1 ? len : CL_NAME_VERSION_MAX_NAME_SIZE - 1);
        nv[n++].version = version;
        p += len;
    }
    return ocl_info(nv, n * sizeof *nv, param_value_size, param_value, param_value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name,
                                                  size_t param_value_size, void *param_value,
                                                  size_t *param_value_size_ret)
{
    if (platform && platform != &ocl_the_platform)
        return CL_INVALID_PLATFORM;
    size_t s = param_value_size;
    void *v = param_value;
    size_t *r = param_value_size_ret;
    switch (param_name) {
    case CL_PLATFORM_PROFILE: return ocl_info_str("FULL_PROFILE", s, v, r);
    case CL_PLATFORM_VERSION: return ocl_info_str("OpenCL 3.0 wavesim", s, v, r);
    case CL_PLATFORM_NAME: return ocl_info_str("wavesim", s, v, r);
    case CL_PLATFORM_VENDOR: return ocl_info_str("wavesim", s, v, r);
    case CL_PLATFORM_EXTENSIONS: return ocl_info_str("cl_khr_icd", s, v, r);
    case CL_PLATFORM_ICD_SUFFIX_KHR: return ocl_info_str("WS", s, v, r);
    case CL_PLATFORM_HOST_TIMER_RESOLUTION: {
        cl_ulong res = 1;
        return ocl_info(&res, sizeof res, s, v, r);
    }
    case CL_PLATFORM_NUMERIC_VERSION: {
        cl_version ver = CL_MAKE_VERSION(3, 0, 0);
        return ocl_info(&ver, sizeof ver, s, v, r);
    }
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION: return ocl_name_versions("cl_khr_icd", CL_MAKE_VERSION(1, 0, 0), s, v, r);
    default: return CL_INVALID_VALUE;
    }
}

/* ---------- device ---------- */

static int ocl_device_type_matches(cl_device_type t)
{
    return (t & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT)) || t == CL_DEVICE_TYPE_ALL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type,
                                               cl_uint num_entries, cl_device_id *devices, cl_uint *num_devices)
{
    if (platform && platform != &ocl_the_platform)
        return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~known))
        return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && devices) || (!devices && !num_devices))
        return CL_INVALID_VALUE;
    if (!ocl_device_type_matches(device_type))
        return CL_DEVICE_NOT_FOUND;
    if (devices)
        devices[0] = &ocl_the_device;
    if (num_devices)
        *num_devices = 1;
    return CL_SUCCESS;
}

#define OCL_ANSWER(type, val)                      \
    do {                                           \
        type ocl_v_ = (val);                       \
        return ocl_info(&ocl_v_, sizeof ocl_v_, s, v, r); \
    } while (0)

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret)
{
    if (device != &ocl_the_device)
        return CL_INVALID_DEVICE;
    size_t s = param_value_size;
    void *v = param_value;
    size_t *r = param_value_size_ret;
    cl_ulong global = ocl_global_mem_size();
    cl_ulong max_alloc = global / 4;
    const cl_device_fp_config fp32 = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA |
                                     CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
    const cl_device_fp_config fp64 = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                     CL_FP_ROUND_TO_INF | CL_FP_FMA;
    switch (param_name) {
    case CL_DEVICE_TYPE: OCL_ANSWER(cl_device_type, CL_DEVICE_TYPE_GPU);
    case CL_DEVICE_VENDOR_ID: OCL_ANSWER(cl_uint, 0x1002);
    case CL_DEVICE_MAX_COMPUTE_UNITS: OCL_ANSWER(cl_uint, OCL_COMPUTE_UNITS);
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: OCL_ANSWER(cl_uint, 3);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        size_t sizes[3] = {OCL_MAX_WG, OCL_MAX_WG, OCL_MAX_WG};
        return ocl_info(sizes, sizeof sizes, s, v, r);
    }
    case CL_DEVICE_MAX_WORK_GROUP_SIZE: OCL_ANSWER(size_t, OCL_MAX_WG);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: OCL_ANSWER(cl_uint, 4);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: OCL_ANSWER(cl_uint, 2);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: OCL_ANSWER(cl_uint, 1);
    case CL_DEVICE_MAX_CLOCK_FREQUENCY: OCL_ANSWER(cl_uint, 2500);
    case CL_DEVICE_ADDRESS_BITS: OCL_ANSWER(cl_uint, 64);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: OCL_ANSWER(cl_ulong, max_alloc);
    case CL_DEVICE_IMAGE_SUPPORT: OCL_ANSWER(cl_bool, CL_TRUE);
    case CL_DEVICE_MAX_READ_IMAGE_ARGS: OCL_ANSWER(cl_uint, OCL_MAX_READ_IMAGES);
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS: OCL_ANSWER(cl_uint, OCL_MAX_WRITE_IMAGES);
    case CL_DEVICE_MAX_SAMPLERS: OCL_ANSWER(cl_uint, OCL_MAX_SAMPLERS);
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT: OCL_ANSWER(cl_uint, 256);         /* texels: ROCm's figure */
    case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT: OCL_ANSWER(cl_uint, 256); /* bytes: the T# base */
    case CL_DEVICE_MAX_PIPE_ARGS:
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
    case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
    case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
    case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: OCL_ANSWER(cl_uint, 0);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT: OCL_ANSWER(size_t, OCL_IMAGE_MAX_2D);
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH: OCL_ANSWER(size_t, OCL_IMAGE_MAX_3D);
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: OCL_ANSWER(size_t, OCL_IMAGE_MAX_ARRAY);
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE: /* 1D buffer images are not offered */
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE: OCL_ANSWER(size_t, 0);
    case CL_DEVICE_MAX_PARAMETER_SIZE: OCL_ANSWER(size_t, OCL_MAX_ARGS_BYTES);
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN: OCL_ANSWER(cl_uint, 2048);
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: OCL_ANSWER(cl_uint, 128);
    case CL_DEVICE_SINGLE_FP_CONFIG: OCL_ANSWER(cl_device_fp_config, fp32);
    case CL_DEVICE_DOUBLE_FP_CONFIG: OCL_ANSWER(cl_device_fp_config, fp64);
    case CL_DEVICE_HALF_FP_CONFIG: OCL_ANSWER(cl_device_fp_config, CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_DENORM);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: OCL_ANSWER(cl_device_mem_cache_type, CL_READ_WRITE_CACHE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: OCL_ANSWER(cl_uint, 128);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: OCL_ANSWER(cl_ulong, 6ull << 20);
    case CL_DEVICE_GLOBAL_MEM_SIZE: OCL_ANSWER(cl_ulong, global);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: OCL_ANSWER(cl_ulong, max_alloc);
    case CL_DEVICE_MAX_CONSTANT_ARGS: OCL_ANSWER(cl_uint, 8);
    case CL_DEVICE_LOCAL_MEM_TYPE: OCL_ANSWER(cl_device_local_mem_type, CL_LOCAL);
    case CL_DEVICE_LOCAL_MEM_SIZE: OCL_ANSWER(cl_ulong, OCL_LDS_BYTES);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    case CL_DEVICE_PIPE_SUPPORT: OCL_ANSWER(cl_bool, CL_FALSE);
    case CL_DEVICE_ENDIAN_LITTLE:
    case CL_DEVICE_AVAILABLE:
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT: OCL_ANSWER(cl_bool, CL_TRUE);
    case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE: OCL_ANSWER(cl_bool, ws_cc_clang() ? CL_TRUE : CL_FALSE);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION: OCL_ANSWER(size_t, 1);
    case CL_DEVICE_EXECUTION_CAPABILITIES: OCL_ANSWER(cl_device_exec_capabilities, CL_EXEC_KERNEL);
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
        OCL_ANSWER(cl_command_queue_properties, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES: OCL_ANSWER(cl_command_queue_properties, 0);
    case CL_DEVICE_PLATFORM: OCL_ANSWER(cl_platform_id, &ocl_the_platform);
    case CL_DEVICE_NAME: return ocl_info_str("gfx1100", s, v, r);
    case CL_DEVICE_VENDOR: return ocl_info_str("wavesim (simulated AMD RDNA3)", s, v, r);
    case CL_DRIVER_VERSION: return ocl_info_str("wavesim 1.0", s, v, r);
    case CL_DEVICE_PROFILE: return ocl_info_str("FULL_PROFILE", s, v, r);
    /* profiling timestamps are host time: wavesim has no cycle model to report */
    case CL_DEVICE_VERSION: return ocl_info_str("OpenCL 3.0 wavesim (profiling: host time)", s, v, r);
    case CL_DEVICE_OPENCL_C_VERSION: return ocl_info_str("OpenCL C 1.2 ", s, v, r);
    case CL_DEVICE_EXTENSIONS: return ocl_info_str(ocl_extensions, s, v, r);
    case CL_DEVICE_EXTENSIONS_WITH_VERSION: return ocl_name_versions(ocl_extensions, CL_MAKE_VERSION(1, 0, 0), s, v, r);
    case CL_DEVICE_PRINTF_BUFFER_SIZE: OCL_ANSWER(size_t, 1 << 20);
    case CL_DEVICE_PARENT_DEVICE: OCL_ANSWER(cl_device_id, NULL);
    case CL_DEVICE_PARTITION_PROPERTIES:
    case CL_DEVICE_PARTITION_TYPE: OCL_ANSWER(cl_device_partition_property, 0);
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: OCL_ANSWER(cl_device_affinity_domain, 0);
    case CL_DEVICE_REFERENCE_COUNT: OCL_ANSWER(cl_uint, 1);
    case CL_DEVICE_BUILT_IN_KERNELS:
    case CL_DEVICE_IL_VERSION: return ocl_info_str("", s, v, r);
    case CL_DEVICE_ILS_WITH_VERSION:
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION: return ocl_info(NULL, 0, s, v, r);
    case CL_DEVICE_SVM_CAPABILITIES: OCL_ANSWER(cl_device_svm_capabilities, 0);
    case CL_DEVICE_NUMERIC_VERSION: OCL_ANSWER(cl_version, CL_MAKE_VERSION(3, 0, 0));
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
        cl_name_version all[4];
        memset(all, 0, sizeof all);
        for (int i = 0; i < 4; i++)
            strcpy(all[i].name, "OpenCL C");
        all[0].version = CL_MAKE_VERSION(1, 0, 0);
        all[1].version = CL_MAKE_VERSION(1, 1, 0);
        all[2].version = CL_MAKE_VERSION(1, 2, 0);
        all[3].version = CL_MAKE_VERSION(3, 0, 0);
        return ocl_info(all, sizeof all, s, v, r);
    }
    case CL_DEVICE_OPENCL_C_FEATURES:
        return ocl_name_versions(ocl_c_features, CL_MAKE_VERSION(3, 0, 0), s, v, r);
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
        OCL_ANSWER(cl_device_atomic_capabilities, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
        OCL_ANSWER(cl_device_atomic_capabilities, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                                                      CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: OCL_ANSWER(size_t, 32);
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES: OCL_ANSWER(cl_device_device_enqueue_capabilities, 0);
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED: return ocl_info_str("v0000-00-00-00", s, v, r);
    default: return CL_INVALID_VALUE;
    }
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device, const cl_device_partition_property *properties,
                                                   cl_uint num_devices, cl_device_id *out_devices,
                                                   cl_uint *num_devices_ret)
{
    (void)properties;
    (void)num_devices;
    (void)out_devices;
    (void)num_devices_ret;
    /* CL_DEVICE_PARTITION_PROPERTIES is empty: no partition type is supported */
    return in_device != &ocl_the_device ? CL_INVALID_DEVICE : CL_INVALID_VALUE;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id device)
{
    return device == &ocl_the_device ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id device)
{
    return device == &ocl_the_device ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device, cl_ulong *device_timestamp,
                                                        cl_ulong *host_timestamp)
{
    if (device != &ocl_the_device)
        return CL_INVALID_DEVICE;
    if (!device_timestamp || !host_timestamp)
        return CL_INVALID_VALUE;
    *device_timestamp = *host_timestamp = ocl_now_ns(); /* the device clock is the host's (profiling) */
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp)
{
    if (device != &ocl_the_device)
        return CL_INVALID_DEVICE;
    if (!host_timestamp)
        return CL_INVALID_VALUE;
    *host_timestamp = ocl_now_ns();
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void)
{
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform)
{
    return platform == &ocl_the_platform ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
    if (func_name && strcmp(func_name, "clIcdGetPlatformIDsKHR") == 0)
        return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *func_name)
{
    return platform == &ocl_the_platform ? clGetExtensionFunctionAddress(func_name) : NULL;
}
