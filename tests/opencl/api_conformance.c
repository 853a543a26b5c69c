/* API conformance of wavesim's OpenCL platform: every entry point called with valid and invalid
   arguments, each answer checked against the error code the OpenCL 3.0 specification names for that
   misuse. Plain OpenCL host code through the ICD loader (OCL_ICD_VENDORS selects the platform); the
   test build links it with ASan and UBSan, and the platform library is built with them too.
   Prints each failed check, then "N checks, N failed". */
#define _DEFAULT_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int checks, failed;

#define IS(expr, want)                                                                                  \
    do {                                                                                                \
        long long got_ = (long long)(expr);                                                             \
        checks++;                                                                                       \
        if (got_ != (long long)(want)) {                                                                \
            failed++;                                                                                   \
            printf("FAIL line %d: %s is %lld, expected %s (%lld)\n", __LINE__, #expr, got_, #want,        \
                   (long long)(want));                                                                  \
        }                                                                                               \
    } while (0)

#define TRUE(cond) IS(!!(cond), 1)

static const char *good_src =
    "__kernel void k(__global int *a, int v, __local int *tmp) {\n"
    "    int l = get_local_id(0);\n"
    "    tmp[l] = v;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    a[get_global_id(0)] = tmp[l] + get_global_id(0);\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fixed(__global int *a) { a[get_global_id(0)] = 1; }\n"
    "__kernel void bad_access(__global int *a) { a[1 << 28] = 1; }\n"
    "typedef struct { int v[256]; } big_t;\n"
    "__kernel void big_arg(__global int *a, big_t b) { a[get_global_id(0)] = b.v[get_global_id(0)] * 2; }\n"
    "__kernel void all_lds(__global int *a) {\n"
    "    __local int t[16384];\n"
    "    int l = get_local_id(0);\n"
    "    for (int i = l; i < 16384; i += get_local_size(0)) t[i] = 3 * i;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    a[l] = t[16383 - l];\n"
    "}\n"
    "__kernel void consts(__global int *o, __constant int *c0, __constant int *c1, __constant int *c2,\n"
    "                     __constant int *c3, __constant int *c4, __constant int *c5, __constant int *c6,\n"
    "                     __constant int *c7) {\n"
    "    int i = get_global_id(0);\n"
    "    o[i] = c0[i] + c1[i] + c2[i] + c3[i] + c4[i] + c5[i] + c6[i] + c7[16383 - i];\n"
    "}\n"
    "#ifdef cl_khr_fp64\n__kernel void has_fp64(__global int *a) { a[0] = 1; }\n#endif\n"
    "__kernel void img_args(read_only image2d_t i, sampler_t s, __global float4 *o, write_only image2d_t w) {\n"
    "    o[0] = read_imagef(i, s, (float2)(0.5f, 0.5f)); write_imagef(w, (int2)(0, 0), o[0]);\n"
    "}\n"
    "#ifdef cl_khr_subgroups\n__kernel void has_subgroups(__global int *a) { a[0] = 1; }\n#endif\n";

static void CL_CALLBACK count_cb(cl_event e, cl_int status, void *user)
{
    (void)e;
    (void)status;
    __atomic_add_fetch((int *)user, 1, __ATOMIC_SEQ_CST);
}

/* the context's notification callback: keeps the last message (a faulting kernel's reason) */
static char ctx_message[512];
static void CL_CALLBACK ctx_notify(const char *msg, const void *info, size_t cb, void *user)
{
    (void)info, (void)cb, (void)user;
    snprintf(ctx_message, sizeof ctx_message, "%s", msg);
}

static void CL_CALLBACK ctx_destructor(cl_context c, void *user)
{
    (void)c;
    *(int *)user += 1;
}

static void CL_CALLBACK mem_destructor(cl_mem m, void *user)
{
    (void)m;
    int *order = user;
    order[order[0] + 1] = order[0] + 10;
    order[0]++;
}

typedef struct {
    cl_event ev;
    int delay_us;
} completer;

static void *complete_later(void *arg)
{
    completer *c = arg;
    usleep((useconds_t)c->delay_us);
    clSetUserEventStatus(c->ev, CL_COMPLETE);
    return NULL;
}

/* The files in dir whose name ends in suffix; the last one's path into last. */
static int count_files(const char *dir, const char *suffix, char *last, size_t lastsize)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        if (len > sl && strcmp(e->d_name + len - sl, suffix) == 0) {
            n++;
            snprintf(last, lastsize, "%s/%s", dir, e->d_name);
        }
    }
    if (d)
        closedir(d);
    return n;
}

static cl_int nested_wait_result = 1;
static void CL_CALLBACK wait_inside(cl_event e, cl_int status, void *user)
{
    (void)e;
    (void)status;
    /* a blocking call inside a callback, on an event nobody can complete meanwhile */
    nested_wait_result = clWaitForEvents(1, (cl_event *)user);
}

static int callback_count;
static void *add_callbacks(void *arg)
{
    for (int i = 0; i < 50; i++)
        clSetEventCallback((cl_event)arg, CL_COMPLETE, count_cb, &callback_count);
    return NULL;
}

int main(void)
{
    cl_int err;
    /* wavesim keeps built programs in a cache: a private one for this test */
    char cache_dir[] = "/tmp/wavesim-cl-cache-XXXXXX";
    if (!mkdtemp(cache_dir))
        return 2;
    setenv("WAVESIM_CL_CACHE_DIR", cache_dir, 1);
    cl_platform_id plat;
    cl_uint n;
    /* ---- platform ---- */
    IS(clGetPlatformIDs(0, &plat, NULL), CL_INVALID_VALUE);
    IS(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);
    IS(clGetPlatformIDs(1, &plat, &n), CL_SUCCESS);
    IS(n, 1);
    char buf[4096];
    size_t size;
    IS(clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof buf, buf, &size), CL_SUCCESS);
    IS(strcmp(buf, "wavesim"), 0);
    IS(size, strlen("wavesim") + 1);
    IS(clGetPlatformInfo(plat, CL_PLATFORM_NAME, 3, buf, NULL), CL_INVALID_VALUE);
    IS(clGetPlatformInfo(plat, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE);
    IS(clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strncmp(buf, "OpenCL 3.0 ", 11), 0);
    IS(clGetPlatformInfo(plat, CL_PLATFORM_PROFILE, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "FULL_PROFILE"), 0);
    cl_version ver;
    IS(clGetPlatformInfo(plat, CL_PLATFORM_NUMERIC_VERSION, sizeof ver, &ver, NULL), CL_SUCCESS);
    IS(CL_VERSION_MAJOR(ver), 3);
    IS(clGetPlatformInfo(plat, CL_PLATFORM_EXTENSIONS, sizeof buf, buf, NULL), CL_SUCCESS);
    TRUE(strstr(buf, "cl_khr_icd") != NULL);
    IS(clGetPlatformInfo(plat, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof(cl_ulong), buf, &size), CL_SUCCESS);
    IS(size, sizeof(cl_ulong));
    /* ---- devices ---- */
    cl_device_id dev, devs[4];
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &dev, NULL), CL_DEVICE_NOT_FOUND);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL), CL_DEVICE_NOT_FOUND);
    IS(clGetDeviceIDs(plat, 0x1000, 1, &dev, NULL), CL_INVALID_DEVICE_TYPE);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 0, &dev, NULL), CL_INVALID_VALUE);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, NULL, NULL), CL_INVALID_VALUE);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_DEFAULT, 1, &dev, NULL), CL_SUCCESS);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &n), CL_SUCCESS);
    IS(n, 1);
    IS(devs[0], dev);
    IS(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &dev, &n), CL_SUCCESS);
    cl_device_type type;
    IS(clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL), CL_SUCCESS);
    IS(type, CL_DEVICE_TYPE_GPU);
    IS(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "gfx1100"), 0);
    IS(clGetDeviceInfo(dev, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE);
    IS(clGetDeviceInfo(dev, CL_DEVICE_TYPE, 2, &type, NULL), CL_INVALID_VALUE);
    size_t wg;
    IS(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL), CL_SUCCESS);
    IS(wg, 1024);
    cl_ulong lmem, maxalloc, gmem;
    IS(clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL), CL_SUCCESS);
    IS(lmem, 65536);
    IS(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc, NULL), CL_SUCCESS);
    IS(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gmem, &gmem, NULL), CL_SUCCESS);
    TRUE(maxalloc >= gmem / 4 && maxalloc >= 128u << 20);
    cl_uint u;
    IS(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 96);
    IS(clGetDeviceInfo(dev, CL_DEVICE_VENDOR_ID, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 0x1002);
    IS(clGetDeviceInfo(dev, CL_DEVICE_MAX_CONSTANT_ARGS, sizeof u, &u, NULL), CL_SUCCESS);
    TRUE(u >= 8);
    size_t psize;
    IS(clGetDeviceInfo(dev, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof psize, &psize, NULL), CL_SUCCESS);
    TRUE(psize >= 1024);
    cl_bool b;
    IS(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof b, &b, NULL), CL_SUCCESS);
    IS(b, CL_TRUE);
    IS(clGetDeviceInfo(dev, CL_DEVICE_AVAILABLE, sizeof b, &b, NULL), CL_SUCCESS);
    IS(b, CL_TRUE);
    IS(clGetDeviceInfo(dev, CL_DEVICE_COMPILER_AVAILABLE, sizeof b, &b, NULL), CL_SUCCESS);
    IS(b, CL_TRUE);
    cl_device_svm_capabilities svm;
    IS(clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL), CL_SUCCESS);
    IS(svm, 0);
    IS(clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strncmp(buf, "OpenCL 3.0 ", 11), 0);
    IS(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, NULL, &size), CL_SUCCESS);
    TRUE(size >= 3 * sizeof(cl_name_version));
    char exts[4096];
    IS(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof exts, exts, NULL), CL_SUCCESS);
    TRUE(strstr(exts, "cl_khr_fp64") != NULL);
    IS(strstr(exts, "cl_khr_subgroups") == NULL, 1);
    IS(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, NULL, &size), CL_SUCCESS);
    TRUE(size % sizeof(cl_name_version) == 0 && size > 0);
    cl_device_id parent = (cl_device_id)1;
    IS(clGetDeviceInfo(dev, CL_DEVICE_PARENT_DEVICE, sizeof parent, &parent, NULL), CL_SUCCESS);
    IS(parent == NULL, 1);
    IS(clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof buf, buf, NULL), CL_INVALID_DEVICE);
    IS(clRetainDevice(dev), CL_SUCCESS);
    IS(clReleaseDevice(dev), CL_SUCCESS);
    cl_device_partition_property pp[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
    IS(clCreateSubDevices(dev, pp, 1, devs, &n), CL_INVALID_VALUE);
    cl_ulong t1, t2;
    IS(clGetDeviceAndHostTimer(dev, &t1, &t2), CL_SUCCESS);
    IS(clGetHostTimer(dev, &t1), CL_SUCCESS);
    IS(clGetHostTimer(dev, NULL), CL_INVALID_VALUE);
    /* ---- contexts ---- */
    IS(clCreateContext(NULL, 0, &dev, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateContext(NULL, 1, NULL, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    cl_device_id bogus = NULL;
    IS(clCreateContext(NULL, 1, &bogus, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_DEVICE);
    int dummy;
    IS(clCreateContext(NULL, 1, &dev, NULL, &dummy, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    cl_context_properties badprop[] = {0x7777, 0, 0};
    IS(clCreateContext(badprop, 1, &dev, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_PROPERTY);
    cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, CL_CONTEXT_PLATFORM,
                                     (cl_context_properties)plat, 0};
    IS(clCreateContext(twice, 1, &dev, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_PROPERTY);
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
    cl_context ctx = clCreateContext(props, 1, &dev, ctx_notify, NULL, &err);
    IS(err, CL_SUCCESS);
    cl_context_properties got_props[3];
    IS(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof got_props, got_props, &size), CL_SUCCESS);
    IS(size, sizeof props);
    IS(got_props[1], (cl_context_properties)plat);
    IS(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    IS(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    IS(clRetainContext(ctx), CL_SUCCESS);
    IS(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 2);
    IS(clReleaseContext(ctx), CL_SUCCESS);
    IS(clGetContextInfo(ctx, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);
    IS(clGetContextInfo(NULL, CL_CONTEXT_NUM_DEVICES, sizeof u, &u, NULL), CL_INVALID_CONTEXT);
    IS(clRetainContext(NULL), CL_INVALID_CONTEXT);
    IS(clReleaseContext(NULL), CL_INVALID_CONTEXT);
    IS(clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_DEVICE_NOT_FOUND);
    cl_context ctx2 = clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
    IS(err, CL_SUCCESS);
    int destroyed = 0;
    IS(clSetContextDestructorCallback(ctx2, NULL, NULL), CL_INVALID_VALUE);
    IS(clSetContextDestructorCallback(ctx2, ctx_destructor, &destroyed), CL_SUCCESS);
    IS(clReleaseContext(ctx2), CL_SUCCESS);
    IS(destroyed, 1);
    /* ---- queues ---- */
    IS(clCreateCommandQueue(NULL, dev, 0, &err) == NULL, 1);
    IS(err, CL_INVALID_CONTEXT);
    IS(clCreateCommandQueue(ctx, NULL, 0, &err) == NULL, 1);
    IS(err, CL_INVALID_DEVICE);
    IS(clCreateCommandQueue(ctx, dev, 1 << 10, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateCommandQueue(ctx, dev, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err) == NULL, 1);
    IS(err, CL_INVALID_QUEUE_PROPERTIES);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    IS(err, CL_SUCCESS);
    cl_queue_properties qprops[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
    cl_command_queue qo = clCreateCommandQueueWithProperties(ctx, dev, qprops, &err);
    IS(err, CL_SUCCESS);
    cl_queue_properties badq[] = {0x1234, 0, 0};
    IS(clCreateCommandQueueWithProperties(ctx, dev, badq, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    cl_command_queue_properties qp;
    IS(clGetCommandQueueInfo(qo, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), CL_SUCCESS);
    IS(qp, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    IS(clGetCommandQueueInfo(qo, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size), CL_SUCCESS);
    IS(size, sizeof qprops);
    cl_context qctx;
    IS(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL), CL_SUCCESS);
    IS(qctx, ctx);
    IS(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    IS(clGetCommandQueueInfo(q, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);
    IS(clGetCommandQueueInfo(NULL, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clRetainCommandQueue(q), CL_SUCCESS);
    IS(clReleaseCommandQueue(q), CL_SUCCESS);
    IS(clRetainCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clFlush(NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clFinish(NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clFlush(q), CL_SUCCESS);
    IS(clFinish(q), CL_SUCCESS);
    IS(clSetDefaultDeviceCommandQueue(ctx, dev, q), CL_INVALID_OPERATION);
    /* ---- buffers ---- */
    int host[256];
    for (int i = 0; i < 256; i++)
        host[i] = i;
    IS(clCreateBuffer(NULL, 0, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_CONTEXT);
    IS(clCreateBuffer(ctx, 0, 0, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_BUFFER_SIZE);
    IS(clCreateBuffer(ctx, 0, (size_t)maxalloc + 1, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_BUFFER_SIZE);
    IS(clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, host, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_HOST_PTR);
    IS(clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, host, &err) == NULL, 1);
    IS(err, CL_INVALID_HOST_PTR);
    IS(clCreateBuffer(ctx, (cl_mem_flags)1 << 40, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    cl_mem_properties mprop_bad[] = {0x1234, 0, 0};
    IS(clCreateBufferWithProperties(ctx, mprop_bad, 0, 16, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_PROPERTY);
    cl_mem_properties mprop_empty[] = {0};
    cl_mem bp = clCreateBufferWithProperties(ctx, mprop_empty, CL_MEM_READ_WRITE, 64, NULL, &err);
    IS(err, CL_SUCCESS);
    IS(clGetMemObjectInfo(bp, CL_MEM_PROPERTIES, 0, NULL, &size), CL_SUCCESS);
    IS(size, sizeof(cl_mem_properties));
    IS(clReleaseMemObject(bp), CL_SUCCESS);
    cl_mem buf_a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
    IS(err, CL_SUCCESS);
    cl_mem buf_b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &err);
    IS(err, CL_SUCCESS);
    cl_mem buf_ro = clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY, 64, NULL, &err);
    IS(err, CL_SUCCESS);
    cl_mem buf_na = clCreateBuffer(ctx, CL_MEM_HOST_NO_ACCESS, 64, NULL, &err);
    IS(err, CL_SUCCESS);
    cl_mem_flags mf;
    IS(clGetMemObjectInfo(buf_b, CL_MEM_FLAGS, sizeof mf, &mf, NULL), CL_SUCCESS);
    IS(mf, CL_MEM_READ_WRITE);
    IS(clGetMemObjectInfo(buf_b, CL_MEM_SIZE, sizeof size, &size, NULL), CL_SUCCESS);
    IS(size, 4096);
    cl_mem_object_type mt;
    IS(clGetMemObjectInfo(buf_b, CL_MEM_TYPE, sizeof mt, &mt, NULL), CL_SUCCESS);
    IS(mt, CL_MEM_OBJECT_BUFFER);
    void *hp = (void *)1;
    IS(clGetMemObjectInfo(buf_b, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
    IS(hp == NULL, 1);
    IS(clGetMemObjectInfo(buf_b, 0x7fff, sizeof hp, &hp, NULL), CL_INVALID_VALUE);
    IS(clGetMemObjectInfo(NULL, CL_MEM_SIZE, sizeof size, &size, NULL), CL_INVALID_MEM_OBJECT);
    IS(clRetainMemObject(NULL), CL_INVALID_MEM_OBJECT);
    IS(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT);
    IS(clSetMemObjectDestructorCallback(buf_b, NULL, NULL), CL_INVALID_VALUE);
    /* sub-buffers */
    cl_buffer_region reg = {256, 512};
    cl_mem sub = clCreateSubBuffer(buf_b, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
    IS(err, CL_SUCCESS);
    IS(clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err) == NULL, 1);
    IS(err, CL_INVALID_MEM_OBJECT);
    cl_buffer_region far = {4000, 512};
    IS(clCreateSubBuffer(buf_b, 0, CL_BUFFER_CREATE_TYPE_REGION, &far, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    cl_buffer_region empty = {0, 0};
    IS(clCreateSubBuffer(buf_b, 0, CL_BUFFER_CREATE_TYPE_REGION, &empty, &err) == NULL, 1);
    IS(err, CL_INVALID_BUFFER_SIZE);
    cl_buffer_region odd = {4, 16};
    IS(clCreateSubBuffer(buf_b, 0, CL_BUFFER_CREATE_TYPE_REGION, &odd, &err) == NULL, 1);
    IS(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    IS(clCreateSubBuffer(buf_b, 0, 0x9999, &reg, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateSubBuffer(buf_b, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateSubBuffer(buf_b, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    size_t off;
    IS(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof off, &off, NULL), CL_SUCCESS);
    IS(off, 256);
    cl_mem assoc;
    IS(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL), CL_SUCCESS);
    IS(assoc, buf_b);
    IS(clGetMemObjectInfo(buf_b, CL_MEM_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    /* destructor callbacks run in reverse order of registration when the buffer goes */
    int order[4] = {0, 0, 0, 0};
    cl_mem tmpbuf = clCreateBuffer(ctx, 0, 32, NULL, &err);
    IS(clSetMemObjectDestructorCallback(tmpbuf, mem_destructor, order), CL_SUCCESS);
    IS(clSetMemObjectDestructorCallback(tmpbuf, mem_destructor, order), CL_SUCCESS);
    IS(clReleaseMemObject(tmpbuf), CL_SUCCESS);
    IS(order[0], 2);
    /* ---- transfers ---- */
    int out[256];
    IS(clEnqueueReadBuffer(NULL, buf_a, CL_TRUE, 0, 16, out, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 16, out, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, 2000, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 1020, 8, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, 16, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, 16, out, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
    cl_event none = NULL;
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, 16, out, 0, &none, NULL), CL_INVALID_EVENT_WAIT_LIST);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, 16, out, 1, &none, NULL), CL_INVALID_EVENT_WAIT_LIST);
    IS(clEnqueueReadBuffer(q, buf_na, CL_TRUE, 0, 16, out, 0, NULL, NULL), CL_INVALID_OPERATION);
    IS(clEnqueueWriteBuffer(q, buf_ro, CL_TRUE, 0, 16, host, 0, NULL, NULL), CL_INVALID_OPERATION);
    IS(clEnqueueWriteBuffer(q, buf_na, CL_TRUE, 0, 16, host, 0, NULL, NULL), CL_INVALID_OPERATION);
    IS(clEnqueueReadBuffer(q, buf_ro, CL_TRUE, 0, 16, out, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_a, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    IS(memcmp(out, host, sizeof out), 0);
    IS(clEnqueueWriteBuffer(q, buf_b, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueCopyBuffer(q, buf_a, buf_b, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueCopyBuffer(q, buf_a, buf_b, 0, 4000, 512, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueCopyBuffer(q, buf_b, buf_b, 0, 100, 200, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    IS(clEnqueueCopyBuffer(q, buf_b, sub, 0, 0, 512, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    IS(clEnqueueCopyBuffer(q, buf_b, buf_b, 0, 1024, 1024, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 1024, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    IS(memcmp(out, host, sizeof out), 0);
    int pattern = 0x5a5a5a5a;
    IS(clEnqueueFillBuffer(q, buf_b, &pattern, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueFillBuffer(q, buf_b, &pattern, 4, 2, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueFillBuffer(q, buf_b, &pattern, 4, 0, 10, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueFillBuffer(q, buf_b, NULL, 4, 0, 16, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueFillBuffer(q, buf_b, &pattern, 256, 0, 256, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueFillBuffer(q, buf_b, &pattern, 4, 0, 64, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 64, out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[15], 0x5a5a5a5a);
    size_t z3[3] = {0, 0, 0}, r0[3] = {0, 1, 1}, r1[3] = {16, 2, 1};
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, z3, z3, r0, 0, 0, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, z3, z3, r1, 8, 0, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, z3, z3, r1, 16, 0, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    size_t farrect[3] = {0, 300, 0};
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, farrect, z3, r1, 16, 0, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, z3, z3, r1, 16, 0, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueWriteBufferRect(q, buf_ro, CL_TRUE, z3, z3, r1, 16, 0, 0, 0, host, 0, NULL, NULL), CL_INVALID_OPERATION);
    IS(clEnqueueCopyBufferRect(q, buf_b, buf_b, z3, z3, r1, 16, 32, 16, 32, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    size_t apart[3] = {0, 100, 0};
    IS(clEnqueueCopyBufferRect(q, buf_b, buf_b, z3, apart, r1, 16, 32, 16, 32, 0, NULL, NULL), CL_SUCCESS);
    /* rows interleaved in memory but not sharing a byte: allowed; views of one buffer: checked too */
    size_t next_row[3] = {0, 1, 0}, r_one[3] = {16, 1, 1}, side[3] = {16, 0, 0};
    IS(clEnqueueCopyBufferRect(q, buf_b, buf_b, z3, side, r1, 32, 64, 32, 64, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueCopyBufferRect(q, buf_b, buf_b, z3, next_row, r1, 16, 32, 16, 32, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    IS(clEnqueueCopyBufferRect(q, buf_b, sub, z3, z3, r_one, 16, 16, 16, 16, 0, NULL, NULL), CL_SUCCESS);
    size_t into_sub[3] = {256, 0, 0};
    IS(clEnqueueCopyBufferRect(q, buf_b, sub, into_sub, z3, r_one, 16, 16, 16, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    size_t huge_pitch = (size_t)1 << 62;
    IS(clEnqueueReadBufferRect(q, buf_b, CL_TRUE, next_row, z3, r1, huge_pitch, 0, 0, 0, out, 0, NULL, NULL),
       CL_INVALID_VALUE);
    /* map / unmap */
    void *p = clEnqueueMapBuffer(q, buf_b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16, 0, NULL, NULL, &err);
    IS(p == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    p = clEnqueueMapBuffer(q, buf_b, CL_TRUE, CL_MAP_READ, 4090, 16, 0, NULL, NULL, &err);
    IS(err, CL_INVALID_VALUE);
    p = clEnqueueMapBuffer(q, buf_na, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
    IS(err, CL_INVALID_OPERATION);
    p = clEnqueueMapBuffer(q, buf_b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, NULL, NULL, &err);
    IS(err, CL_SUCCESS);
    IS(((int *)p)[0], 0x5a5a5a5a);
    IS(clGetMemObjectInfo(buf_b, CL_MEM_MAP_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    ((int *)p)[0] = 77;
    IS(clEnqueueUnmapMemObject(q, buf_b, out, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueUnmapMemObject(q, buf_b, p, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[0], 77);
    IS(clEnqueueMigrateMemObjects(q, 0, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueMigrateMemObjects(q, 1, &buf_a, 1 << 5, 0, NULL, NULL), CL_INVALID_VALUE);
    IS(clEnqueueMigrateMemObjects(q, 1, &buf_a, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL, NULL), CL_SUCCESS);
    /* ---- programs ---- */
    IS(clCreateProgramWithSource(ctx, 0, &good_src, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    const char *nulls[1] = {NULL};
    IS(clCreateProgramWithSource(ctx, 1, nulls, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateProgramWithSource(NULL, 1, &good_src, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_CONTEXT);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &good_src, NULL, &err);
    IS(err, CL_SUCCESS);
    IS(clCreateKernel(prog, "k", &err) == NULL, 1);
    IS(err, CL_INVALID_PROGRAM_EXECUTABLE);
    IS(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof size, &size, NULL), CL_INVALID_PROGRAM_EXECUTABLE);
    IS(clBuildProgram(prog, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    IS(clBuildProgram(prog, 0, &dev, NULL, NULL, NULL), CL_INVALID_VALUE);
    IS(clBuildProgram(prog, 1, &bogus, NULL, NULL, NULL), CL_INVALID_DEVICE);
    IS(clBuildProgram(prog, 0, NULL, NULL, NULL, &dummy), CL_INVALID_VALUE);
    IS(clBuildProgram(prog, 0, NULL, "-no-such-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    IS(clBuildProgram(NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
    IS(clBuildProgram(prog, 1, &dev, "-cl-std=CL2.0 -D UNUSED=1 -w", NULL, NULL), CL_SUCCESS);
    cl_build_status bs;
    IS(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), CL_SUCCESS);
    IS(bs, CL_BUILD_SUCCESS);
    IS(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_OPTIONS, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "-cl-std=CL2.0 -D UNUSED=1 -w"), 0);
    IS(clGetProgramBuildInfo(prog, NULL, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), CL_INVALID_DEVICE);
    IS(clGetProgramBuildInfo(prog, dev, 0x7fff, sizeof bs, &bs, NULL), CL_INVALID_VALUE);
    IS(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof size, &size, NULL), CL_SUCCESS);
    IS(size, 8); /* k, fixed, bad_access, big_arg, all_lds, consts, has_fp64, img_args: no cl_khr_subgroups */
    IS(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof buf, buf, NULL), CL_SUCCESS);
    TRUE(strstr(buf, "has_fp64") != NULL && strstr(buf, "has_subgroups") == NULL);
    IS(clGetProgramInfo(prog, CL_PROGRAM_SOURCE, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, good_src), 0);
    IS(clGetProgramInfo(prog, CL_PROGRAM_NUM_DEVICES, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    IS(clGetProgramInfo(prog, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);
    IS(clGetProgramInfo(NULL, CL_PROGRAM_NUM_DEVICES, sizeof u, &u, NULL), CL_INVALID_PROGRAM);
    /* a build that fails: status, log, error */
    const char *broken = "__kernel void broken(__global int *a) { a[0] = undeclared; }\n#error stop here\n";
    cl_program bad = clCreateProgramWithSource(ctx, 1, &broken, NULL, &err);
    IS(clBuildProgram(bad, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    IS(clGetProgramBuildInfo(bad, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), CL_SUCCESS);
    IS(bs, CL_BUILD_ERROR);
    IS(clGetProgramBuildInfo(bad, dev, CL_PROGRAM_BUILD_LOG, sizeof buf, buf, NULL), CL_SUCCESS);
    TRUE(strstr(buf, "undeclared") != NULL && strstr(buf, "stop here") != NULL);
    IS(clReleaseProgram(bad), CL_SUCCESS);
    const char *warn = "__kernel void w(__global int *a) { int unused_var; a[0] = 1; }\n";
    cl_program pw = clCreateProgramWithSource(ctx, 1, &warn, NULL, &err);
    IS(clBuildProgram(pw, 0, NULL, "-Werror -Wunused-variable", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    IS(clBuildProgram(pw, 0, NULL, "-Werror -cl-std=CL1.2", NULL, NULL), CL_SUCCESS);
    IS(clReleaseProgram(pw), CL_SUCCESS);
    /* no compiler: CL_COMPILER_NOT_AVAILABLE and a build log saying what to install (wavesim runs the
       compiler named by WAVESIM_CLANG) */
    setenv("WAVESIM_CLANG", "/nonexistent/clang-19", 1);
    cl_program nocc = clCreateProgramWithSource(ctx, 1, &good_src, NULL, &err);
    IS(clBuildProgram(nocc, 0, NULL, NULL, NULL, NULL), CL_COMPILER_NOT_AVAILABLE);
    IS(clGetProgramBuildInfo(nocc, dev, CL_PROGRAM_BUILD_LOG, sizeof buf, buf, NULL), CL_SUCCESS);
    TRUE(strstr(buf, "apt-get install clang-19") != NULL);
    IS(clReleaseProgram(nocc), CL_SUCCESS);
    unsetenv("WAVESIM_CLANG");
    /* the OpenCL C version: 1.2 without -cl-std (uniform work-groups only), 3.0 with its features */
    const char *version_src = "#if __OPENCL_C_VERSION__ == 120\n__kernel void is_12(__global int *a) { a[0] = 1; }\n#endif\n"
                              "#if __OPENCL_C_VERSION__ == 300 && defined(__opencl_c_fp64) && defined(cl_khr_fp64)\n"
                              "__kernel void is_30(__global double *a) { a[get_global_id(0)] = 0.5; }\n#endif\n";
    cl_program p12 = clCreateProgramWithSource(ctx, 1, &version_src, NULL, &err);
    IS(clBuildProgram(p12, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    cl_kernel k12 = clCreateKernel(p12, "is_12", &err);
    IS(err, CL_SUCCESS);
    IS(clSetKernelArg(k12, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    size_t g100 = 100, l64 = 64;
    IS(clEnqueueNDRangeKernel(q, k12, 1, NULL, &g100, &l64, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    IS(clEnqueueNDRangeKernel(q, k12, 1, NULL, &g100, NULL, 0, NULL, NULL), CL_SUCCESS);
    IS(clReleaseKernel(k12), CL_SUCCESS);
    /* a failed rebuild leaves no executable behind */
    const char *nothing = "this is not OpenCL C";
    cl_program p30 = clCreateProgramWithSource(ctx, 1, &version_src, NULL, &err);
    IS(clBuildProgram(p30, 0, NULL, "-cl-std=CL3.0", NULL, NULL), CL_SUCCESS);
    cl_kernel k30 = clCreateKernel(p30, "is_30", &err);
    IS(err, CL_SUCCESS);
    IS(clSetKernelArg(k30, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    IS(clEnqueueNDRangeKernel(q, k30, 1, NULL, &g100, &l64, 0, NULL, NULL), CL_SUCCESS); /* non-uniform in 3.0 */
    IS(clReleaseKernel(k30), CL_SUCCESS);
    IS(clReleaseProgram(p30), CL_SUCCESS);
    IS(clReleaseProgram(p12), CL_SUCCESS);
    cl_program again = clCreateProgramWithSource(ctx, 1, &version_src, NULL, &err);
    IS(clBuildProgram(again, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    IS(clCompileProgram(again, 0, NULL, "-Dis_12=+", 0, NULL, NULL, NULL, NULL), CL_COMPILE_PROGRAM_FAILURE);
    IS(clCreateKernel(again, "is_12", &err) == NULL, 1);
    IS(err, CL_INVALID_PROGRAM_EXECUTABLE);
    IS(clReleaseProgram(again), CL_SUCCESS);
    (void)nothing;
    /* header include names stay inside the compiler's directory */
    cl_program hdr = clCreateProgramWithSource(ctx, 1, &version_src, NULL, &err);
    const char *escape = "../../escape.h";
    IS(clCompileProgram(hdr, 0, NULL, NULL, 1, &hdr, &escape, NULL, NULL), CL_INVALID_VALUE);
    IS(clReleaseProgram(hdr), CL_SUCCESS);
    /* the build cache: every successful build from source is one entry (code object and log); the
       same build again comes from it with the same binary; a damaged entry is rebuilt */
    char entry[600];
    int entries = count_files(cache_dir, ".hsaco", entry, sizeof entry);
    TRUE(entries >= 3 && count_files(cache_dir, ".log", buf, sizeof buf) == entries);
    size_t first_size = 0, again_size = 0;
    IS(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof first_size, &first_size, NULL), CL_SUCCESS);
    cl_program same = clCreateProgramWithSource(ctx, 1, &good_src, NULL, &err);
    IS(clBuildProgram(same, 0, NULL, "-cl-std=CL2.0 -D UNUSED=1 -w", NULL, NULL), CL_SUCCESS);
    IS(clGetProgramInfo(same, CL_PROGRAM_BINARY_SIZES, sizeof again_size, &again_size, NULL), CL_SUCCESS);
    IS(again_size, first_size);
    IS(count_files(cache_dir, ".hsaco", buf, sizeof buf), entries);
    IS(clReleaseProgram(same), CL_SUCCESS);
    DIR *d = opendir(cache_dir); /* damage every entry: the builds below must still work */
    int damaged = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strstr(e->d_name, ".hsaco")) {
            char path[700];
            snprintf(path, sizeof path, "%s/%s", cache_dir, e->d_name);
            FILE *damage = fopen(path, "wb");
            if (damage) {
                fputs("not a code object", damage);
                damaged += fclose(damage) == 0;
            }
        }
    if (d)
        closedir(d);
    IS(damaged, entries);
    const char *srcs[3] = {good_src, version_src, version_src};
    const char *opts[3] = {"-cl-std=CL2.0 -D UNUSED=1 -w", NULL, "-cl-std=CL3.0"};
    for (int i = 0; i < 3; i++) {
        cl_program rebuilt = clCreateProgramWithSource(ctx, 1, &srcs[i], NULL, &err);
        IS(clBuildProgram(rebuilt, 0, NULL, opts[i], NULL, NULL), CL_SUCCESS);
        IS(clReleaseProgram(rebuilt), CL_SUCCESS);
    }
    setenv("WAVESIM_CL_CACHE", "0", 1);
    cl_program uncached = clCreateProgramWithSource(ctx, 1, &version_src, NULL, &err);
    IS(clBuildProgram(uncached, 0, NULL, "-D NOT_CACHED", NULL, NULL), CL_SUCCESS);
    IS(count_files(cache_dir, ".hsaco", buf, sizeof buf), entries);
    IS(clReleaseProgram(uncached), CL_SUCCESS);
    unsetenv("WAVESIM_CL_CACHE");
    /* binaries */
    IS(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL), CL_SUCCESS);
    TRUE(size > 0);
    unsigned char *bin = malloc(size);
    IS(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), CL_SUCCESS);
    cl_int bstat;
    const unsigned char *cbin = bin;
    cl_program fromb = clCreateProgramWithBinary(ctx, 1, &dev, &size, &cbin, &bstat, &err);
    IS(err, CL_SUCCESS);
    IS(bstat, CL_SUCCESS);
    IS(clBuildProgram(fromb, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    IS(clReleaseProgram(fromb), CL_SUCCESS);
    const unsigned char junk[16] = "not a binary";
    const unsigned char *cjunk = junk;
    size_t jsize = sizeof junk;
    IS(clCreateProgramWithBinary(ctx, 1, &dev, &jsize, &cjunk, &bstat, &err) == NULL, 1);
    IS(err, CL_INVALID_BINARY);
    IS(bstat, CL_INVALID_BINARY);
    size_t zero = 0;
    IS(clCreateProgramWithBinary(ctx, 1, &dev, &zero, &cbin, &bstat, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateProgramWithBinary(ctx, 1, &bogus, &size, &cbin, &bstat, &err) == NULL, 1);
    IS(err, CL_INVALID_DEVICE);
    const unsigned char short_lib[10] = "WSCLLIB1\x05";
    const unsigned char *cshort = short_lib;
    size_t short_size = sizeof short_lib;
    IS(clCreateProgramWithBinary(ctx, 1, &dev, &short_size, &cshort, &bstat, &err) == NULL, 1);
    IS(err, CL_INVALID_BINARY);
    free(bin);
    IS(clCreateProgramWithBuiltInKernels(ctx, 1, &dev, "nothing", &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateProgramWithIL(ctx, "x", 1, &err) == NULL, 1);
    IS(err, CL_INVALID_OPERATION);
    IS(clSetProgramReleaseCallback(prog, NULL, NULL), CL_INVALID_OPERATION);
    IS(clSetProgramSpecializationConstant(prog, 0, 4, &pattern), CL_INVALID_OPERATION);
    IS(clCompileProgram(prog, 0, NULL, NULL, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    IS(clLinkProgram(ctx, 0, NULL, NULL, 0, NULL, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clLinkProgram(ctx, 0, NULL, NULL, 1, &prog, NULL, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_OPERATION);
    /* ---- kernels ---- */
    IS(clCreateKernel(prog, "nope", &err) == NULL, 1);
    IS(err, CL_INVALID_KERNEL_NAME);
    IS(clCreateKernel(prog, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_VALUE);
    IS(clCreateKernel(NULL, "k", &err) == NULL, 1);
    IS(err, CL_INVALID_PROGRAM);
    cl_kernel k = clCreateKernel(prog, "k", &err);
    IS(err, CL_SUCCESS);
    IS(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION); /* kernels attached */
    cl_kernel all[9];
    IS(clCreateKernelsInProgram(prog, 1, all, &n), CL_INVALID_VALUE);
    IS(clCreateKernelsInProgram(prog, 9, all, &n), CL_SUCCESS);
    IS(n, 8);
    for (cl_uint i = 0; i < n; i++)
        IS(clReleaseKernel(all[i]), CL_SUCCESS);
    IS(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 3);
    IS(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "k"), 0);
    cl_program kp;
    IS(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL), CL_SUCCESS);
    IS(kp, prog);
    IS(clGetKernelInfo(k, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);
    IS(clGetKernelInfo(NULL, CL_KERNEL_NUM_ARGS, sizeof u, &u, NULL), CL_INVALID_KERNEL);
    IS(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL), CL_SUCCESS);
    IS(wg, 256); /* what clang-19 compiles a kernel without reqd_work_group_size for */
    IS(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof size, &size, NULL), CL_SUCCESS);
    IS(size, 32);
    IS(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof size, &size, NULL), CL_INVALID_VALUE);
    IS(clGetKernelWorkGroupInfo(k, dev, 0x7fff, sizeof size, &size, NULL), CL_INVALID_VALUE);
    cl_ulong priv;
    IS(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL), CL_SUCCESS);
    cl_kernel kf = clCreateKernel(prog, "fixed", &err);
    size_t cwg[3];
    IS(clGetKernelWorkGroupInfo(kf, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg, NULL), CL_SUCCESS);
    IS(cwg[0], 8);
    IS(cwg[1], 1);
    IS(clGetKernelInfo(kf, CL_KERNEL_ATTRIBUTES, sizeof buf, buf, NULL), CL_SUCCESS);
    TRUE(strstr(buf, "reqd_work_group_size(8,1,1)") != NULL);
    IS(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL), CL_INVALID_ARG_INDEX);
    IS(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "tmp"), 0);
    cl_kernel_arg_address_qualifier aq;
    IS(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL), CL_SUCCESS);
    IS(aq, CL_KERNEL_ARG_ADDRESS_LOCAL);
    IS(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL), CL_SUCCESS);
    IS(aq, CL_KERNEL_ARG_ADDRESS_GLOBAL);
    IS(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
    IS(strcmp(buf, "int"), 0);
    cl_kernel_arg_access_qualifier acq;
    IS(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acq, &acq, NULL), CL_SUCCESS);
    IS(acq, CL_KERNEL_ARG_ACCESS_NONE);
    IS(clGetKernelArgInfo(k, 0, 0x7fff, sizeof acq, &acq, NULL), CL_INVALID_VALUE);
    /* arguments */
    int v = 5;
    IS(clSetKernelArg(k, 3, sizeof v, &v), CL_INVALID_ARG_INDEX);
    IS(clSetKernelArg(k, 1, 2, &v), CL_INVALID_ARG_SIZE);
    IS(clSetKernelArg(k, 1, sizeof v, NULL), CL_INVALID_ARG_VALUE);
    IS(clSetKernelArg(k, 0, 4, &buf_a), CL_INVALID_ARG_SIZE);
    cl_mem notmem = (cl_mem)ctx; /* a handle of another kind */
    IS(clSetKernelArg(k, 0, sizeof notmem, &notmem), CL_INVALID_MEM_OBJECT);
    notmem = (cl_mem)&v; /* no object at all, as an argument value (the loader never sees it) */
    IS(clSetKernelArg(k, 0, sizeof notmem, &notmem), CL_INVALID_MEM_OBJECT);
    cl_mem gone = clCreateBuffer(ctx, 0, 64, NULL, &err);
    IS(clReleaseMemObject(gone), CL_SUCCESS);
    IS(clReleaseMemObject(gone), CL_INVALID_MEM_OBJECT); /* released twice */
    IS(clSetKernelArg(k, 0, sizeof gone, &gone), CL_INVALID_MEM_OBJECT);
    IS(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
    IS(clSetKernelArg(k, 2, 64, &v), CL_INVALID_ARG_VALUE);
    IS(clSetKernelArg(NULL, 0, sizeof v, &v), CL_INVALID_KERNEL);
    size_t g = 256, l = 64;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    IS(clSetKernelArg(k, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    IS(clSetKernelArg(k, 1, sizeof v, &v), CL_SUCCESS);
    IS(clSetKernelArg(k, 2, 64 * sizeof(int), NULL), CL_SUCCESS);
    cl_ulong kl;
    IS(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof kl, &kl, NULL), CL_SUCCESS);
    TRUE(kl >= 64 * sizeof(int));
    /* launches */
    IS(clEnqueueNDRangeKernel(q, k, 0, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
    IS(clEnqueueNDRangeKernel(q, k, 4, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
    size_t huge = 2048;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &huge, 0, NULL, NULL), CL_INVALID_WORK_ITEM_SIZE);
    size_t l0 = 0;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l0, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    size_t g2[2] = {64, 64}, l2[2] = {64, 64};
    IS(clEnqueueNDRangeKernel(q, k, 2, NULL, g2, l2, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    size_t gbig = (size_t)1 << 33;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &gbig, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
    size_t offmax = SIZE_MAX - 10;
    IS(clEnqueueNDRangeKernel(q, k, 1, &offmax, &g, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
    IS(clEnqueueNDRangeKernel(NULL, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
    IS(clEnqueueNDRangeKernel(q, NULL, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_KERNEL);
    IS(clSetKernelArg(kf, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    size_t l16 = 16;
    IS(clEnqueueNDRangeKernel(q, kf, 1, NULL, &g, &l16, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    IS(clEnqueueNDRangeKernel(q, kf, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS); /* picks 8 */
    size_t gz = 0;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &gz, NULL, 0, NULL, NULL), CL_SUCCESS); /* empty: a no-op */
    cl_event ev;
    IS(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
    v = 99; /* changing an argument after enqueue does not change that launch */
    IS(clSetKernelArg(k, 1, sizeof v, &v), CL_SUCCESS);
    IS(clWaitForEvents(1, &ev), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 256 * sizeof(int), out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[0], 5);
    IS(out[255], 5 + 255);
    cl_int st;
    IS(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    IS(st, CL_COMPLETE);
    cl_command_type ct;
    IS(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
    IS(ct, CL_COMMAND_NDRANGE_KERNEL);
    cl_command_queue eq;
    IS(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL), CL_SUCCESS);
    IS(eq, q);
    IS(clGetEventInfo(ev, CL_EVENT_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 1);
    IS(clGetEventInfo(ev, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);
    cl_ulong ts[4];
    for (int i = 0; i < 4; i++)
        IS(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED + (cl_profiling_info)i, sizeof ts[i], &ts[i], NULL),
           CL_SUCCESS);
    TRUE(ts[0] <= ts[1] && ts[1] <= ts[2] && ts[2] <= ts[3]);
    IS(clGetEventProfilingInfo(ev, 0x7fff, sizeof ts[0], &ts[0], NULL), CL_INVALID_VALUE);
    IS(clReleaseEvent(ev), CL_SUCCESS);
    IS(clEnqueueTask(q, k, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueNativeKernel(q, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL), CL_INVALID_OPERATION);
    /* a kernel that faults: the command fails, and the event says so */
    cl_kernel kbad = clCreateKernel(prog, "bad_access", &err);
    IS(clSetKernelArg(kbad, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    size_t one = 1;
    IS(clEnqueueNDRangeKernel(q, kbad, 1, NULL, &one, &one, 0, NULL, &ev), CL_SUCCESS);
    IS(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    IS(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    IS(st, CL_OUT_OF_RESOURCES);
    /* the reason goes to the context's notification callback: the wave, its pc and the instruction */
    TRUE(strstr(ctx_message, "wave ") && strstr(ctx_message, "pc 0x") && strstr(ctx_message, "global_"));
    IS(clReleaseEvent(ev), CL_SUCCESS);
    IS(clReleaseKernel(kbad), CL_SUCCESS);
    /* an argument of 1024 bytes by value (CL_DEVICE_MAX_PARAMETER_SIZE is at least 1024) */
    cl_kernel kbig = clCreateKernel(prog, "big_arg", &err);
    IS(err, CL_SUCCESS);
    struct {
        int v[256];
    } bigv;
    for (int i = 0; i < 256; i++)
        bigv.v[i] = 1000 + i;
    IS(clSetKernelArg(kbig, 1, sizeof bigv - 4, &bigv), CL_INVALID_ARG_SIZE);
    IS(clSetKernelArg(kbig, 1, sizeof bigv, &bigv), CL_SUCCESS);
    IS(clSetKernelArg(kbig, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    bigv.v[0] = -1; /* the value was copied when set */
    IS(clEnqueueNDRangeKernel(q, kbig, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 256 * sizeof(int), out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[0], 2000);
    IS(out[255], 2 * (1000 + 255));
    IS(clReleaseKernel(kbig), CL_SUCCESS);
    /* honest limits: all of the local memory in one kernel, 8 constant arguments with one of 64 KiB,
       an allocation of CL_DEVICE_MAX_MEM_ALLOC_SIZE that holds data at both ends */
    cl_kernel klds = clCreateKernel(prog, "all_lds", &err);
    IS(clSetKernelArg(klds, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    size_t l256 = 256;
    IS(clEnqueueNDRangeKernel(q, klds, 1, NULL, &l256, &l256, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 256 * sizeof(int), out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[0], 3 * 16383);
    IS(out[255], 3 * (16383 - 255));
    IS(clReleaseKernel(klds), CL_SUCCESS);
    cl_kernel kcon = clCreateKernel(prog, "consts", &err);
    static int table64k[16384];
    for (int i = 0; i < 16384; i++)
        table64k[i] = i;
    cl_mem cbufs[8];
    for (int i = 0; i < 8; i++) {
        cbufs[i] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, i == 7 ? sizeof table64k : 256 * sizeof(int),
                                  table64k, &err);
        IS(clSetKernelArg(kcon, (cl_uint)i + 1, sizeof cbufs[i], &cbufs[i]), CL_SUCCESS);
    }
    IS(clSetKernelArg(kcon, 0, sizeof buf_b, &buf_b), CL_SUCCESS);
    IS(clEnqueueNDRangeKernel(q, kcon, 1, NULL, &l256, NULL, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, buf_b, CL_TRUE, 0, 256 * sizeof(int), out, 0, NULL, NULL), CL_SUCCESS);
    IS(out[10], 7 * 10 + 16383 - 10);
    for (int i = 0; i < 8; i++)
        IS(clReleaseMemObject(cbufs[i]), CL_SUCCESS);
    IS(clReleaseKernel(kcon), CL_SUCCESS);
    cl_mem maxbuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)maxalloc, NULL, &err);
    IS(err, CL_SUCCESS);
    int ends[2] = {0x1234, 0x5678}, back[2] = {0, 0};
    IS(clEnqueueWriteBuffer(q, maxbuf, CL_TRUE, 0, 4, &ends[0], 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueWriteBuffer(q, maxbuf, CL_TRUE, (size_t)maxalloc - 4, 4, &ends[1], 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, maxbuf, CL_TRUE, 0, 4, &back[0], 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueReadBuffer(q, maxbuf, CL_TRUE, (size_t)maxalloc - 4, 4, &back[1], 0, NULL, NULL), CL_SUCCESS);
    IS(back[0] == 0x1234 && back[1] == 0x5678, 1);
    IS(clReleaseMemObject(maxbuf), CL_SUCCESS);
    /* clone */
    cl_kernel kc = clCloneKernel(k, &err);
    IS(err, CL_SUCCESS);
    IS(clEnqueueNDRangeKernel(q, kc, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    IS(clReleaseKernel(kc), CL_SUCCESS);
    IS(clCloneKernel(NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_KERNEL);
    /* ---- events: user events, callbacks, wait lists, markers, threads ---- */
    cl_event ue = clCreateUserEvent(ctx, &err);
    IS(err, CL_SUCCESS);
    IS(clCreateUserEvent(NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_CONTEXT);
    IS(clGetEventInfo(ue, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    IS(st, CL_SUBMITTED);
    IS(clGetEventProfilingInfo(ue, CL_PROFILING_COMMAND_START, sizeof ts[0], &ts[0], NULL), CL_PROFILING_INFO_NOT_AVAILABLE);
    IS(clSetUserEventStatus(ue, CL_RUNNING), CL_INVALID_VALUE);
    IS(clSetEventCallback(ue, 77, count_cb, &dummy), CL_INVALID_VALUE);
    IS(clSetEventCallback(ue, CL_COMPLETE, NULL, &dummy), CL_INVALID_VALUE);
    IS(clSetEventCallback(NULL, CL_COMPLETE, count_cb, &dummy), CL_INVALID_EVENT);
    int cbs = 0;
    IS(clSetEventCallback(ue, CL_COMPLETE, count_cb, &cbs), CL_SUCCESS);
    cl_event after, marker;
    IS(clEnqueueWriteBuffer(q, buf_b, CL_FALSE, 0, 4, &pattern, 1, &ue, &after), CL_SUCCESS);
    IS(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker), CL_SUCCESS);
    IS(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    TRUE(st > CL_COMPLETE);
    pthread_t th[3];
    completer c = {ue, 30000};
    callback_count = 0;
    TRUE(pthread_create(&th[0], NULL, complete_later, &c) == 0);
    TRUE(pthread_create(&th[1], NULL, add_callbacks, marker) == 0);
    TRUE(pthread_create(&th[2], NULL, add_callbacks, marker) == 0);
    IS(clWaitForEvents(1, &marker), CL_SUCCESS);
    for (int i = 0; i < 3; i++)
        pthread_join(th[i], NULL);
    IS(cbs, 1);
    IS(__atomic_load_n(&callback_count, __ATOMIC_SEQ_CST), 100);
    IS(clSetUserEventStatus(ue, CL_COMPLETE), CL_INVALID_OPERATION);
    /* a blocking call inside a callback gets an error instead of waiting for itself */
    cl_event ue2 = clCreateUserEvent(ctx, &err), ue3 = clCreateUserEvent(ctx, &err);
    IS(clSetEventCallback(ue2, CL_COMPLETE, wait_inside, &ue3), CL_SUCCESS);
    IS(clSetUserEventStatus(ue2, CL_COMPLETE), CL_SUCCESS);
    IS(nested_wait_result, CL_INVALID_OPERATION);
    IS(clSetUserEventStatus(ue3, CL_COMPLETE), CL_SUCCESS);
    IS(clReleaseEvent(ue2), CL_SUCCESS);
    IS(clReleaseEvent(ue3), CL_SUCCESS);
    IS(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    IS(st, CL_COMPLETE);
    IS(clReleaseEvent(after), CL_SUCCESS);
    IS(clReleaseEvent(marker), CL_SUCCESS);
    IS(clReleaseEvent(ue), CL_SUCCESS);
    /* a user event that fails fails the commands that wait for it */
    cl_event ufail = clCreateUserEvent(ctx, &err);
    IS(clEnqueueReadBuffer(q, buf_b, CL_FALSE, 0, 4, out, 1, &ufail, &after), CL_SUCCESS);
    IS(clSetUserEventStatus(ufail, -1234), CL_SUCCESS);
    IS(clWaitForEvents(1, &after), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    IS(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
    TRUE(st < 0);
    IS(clReleaseEvent(after), CL_SUCCESS);
    IS(clReleaseEvent(ufail), CL_SUCCESS);
    IS(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
    IS(clWaitForEvents(1, &none), CL_INVALID_EVENT);
    IS(clRetainEvent(NULL), CL_INVALID_EVENT);
    IS(clReleaseEvent(NULL), CL_INVALID_EVENT);
    IS(clEnqueueMarker(q, NULL), CL_INVALID_VALUE);
    IS(clEnqueueMarker(q, &marker), CL_SUCCESS);
    IS(clReleaseEvent(marker), CL_SUCCESS);
    IS(clEnqueueBarrier(q), CL_SUCCESS);
    IS(clEnqueueBarrierWithWaitList(q, 0, NULL, NULL), CL_SUCCESS);
    IS(clEnqueueWaitForEvents(q, 0, NULL), CL_INVALID_VALUE);
    /* an event of another context in a wait list */
    cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_event oe = clCreateUserEvent(other, &err);
    IS(clEnqueueMarkerWithWaitList(q, 1, &oe, NULL), CL_INVALID_CONTEXT);
    cl_mem obuf = clCreateBuffer(other, 0, 64, NULL, &err);
    IS(clEnqueueReadBuffer(q, obuf, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_INVALID_CONTEXT);
    IS(clSetKernelArg(k, 0, sizeof obuf, &obuf), CL_INVALID_MEM_OBJECT);
    IS(clSetUserEventStatus(oe, CL_COMPLETE), CL_SUCCESS);
    IS(clReleaseEvent(oe), CL_SUCCESS);
    IS(clReleaseMemObject(obuf), CL_SUCCESS);
    IS(clReleaseContext(other), CL_SUCCESS);
    /* ---- images and samplers ---- */
    {
        cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8}, bad_fmt = {CL_RGB, CL_FLOAT}, junk_fmt = {0x1234, CL_FLOAT};
        cl_image_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = 8;
        desc.image_height = 4;
        cl_uint nf = 0;
        IS(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf), CL_SUCCESS);
        TRUE(nf >= 40);
        cl_image_format *formats = calloc(nf, sizeof *formats);
        IS(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, nf, formats, NULL), CL_SUCCESS);
        int has_rgba8 = 0, has_srgb = 0;
        for (cl_uint i = 0; formats && i < nf; i++) {
            has_rgba8 |= formats[i].image_channel_order == CL_RGBA && formats[i].image_channel_data_type == CL_UNORM_INT8;
            has_srgb |= formats[i].image_channel_order == CL_sRGBA;
        }
        TRUE(has_rgba8 && has_srgb);
        free(formats);
        cl_uint nw = 0; /* sRGBA is read-only */
        IS(clGetSupportedImageFormats(ctx, CL_MEM_WRITE_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nw), CL_SUCCESS);
        IS(nw, nf - 1);
        IS(clGetSupportedImageFormats(ctx, 0, CL_MEM_OBJECT_BUFFER, 0, NULL, &nf), CL_INVALID_VALUE);
        IS(clGetSupportedImageFormats(NULL, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf), CL_INVALID_CONTEXT);
        cl_mem im = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err);
        IS(err, CL_SUCCESS);
        IS(clCreateImage(ctx, 0, NULL, &desc, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
        IS(clCreateImage(ctx, 0, &junk_fmt, &desc, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
        IS(clCreateImage(ctx, 0, &bad_fmt, &desc, NULL, &err) == NULL, 1);
        IS(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
        cl_image_format srgb = {CL_sRGBA, CL_UNORM_INT8};
        IS(clCreateImage(ctx, CL_MEM_WRITE_ONLY, &srgb, &desc, NULL, &err) == NULL, 1);
        IS(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
        IS(clCreateImage(ctx, 0, &fmt, NULL, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_DESCRIPTOR);
        cl_image_desc d2 = desc;
        d2.image_width = 0;
        IS(clCreateImage(ctx, 0, &fmt, &d2, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_SIZE);
        d2.image_width = 16385;
        IS(clCreateImage(ctx, 0, &fmt, &d2, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_SIZE);
        d2 = desc;
        d2.num_mip_levels = 2;
        IS(clCreateImage(ctx, 0, &fmt, &d2, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_DESCRIPTOR);
        d2 = desc;
        d2.image_row_pitch = 64;
        IS(clCreateImage(ctx, 0, &fmt, &d2, NULL, &err) == NULL, 1); /* a pitch without a host pointer */
        IS(err, CL_INVALID_IMAGE_DESCRIPTOR);
        uint8_t pixels[16 * 4 * 4];
        memset(pixels, 0x40, sizeof pixels);
        d2.image_row_pitch = 16; /* less than 8 texels of 4 bytes */
        IS(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &fmt, &d2, pixels, &err) == NULL, 1);
        IS(err, CL_INVALID_IMAGE_DESCRIPTOR);
        IS(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &fmt, &desc, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_HOST_PTR);
        IS(clCreateImage(ctx, 0, &fmt, &desc, pixels, &err) == NULL, 1);
        IS(err, CL_INVALID_HOST_PTR);
        d2 = desc;
        d2.image_row_pitch = 64; /* 16 texels per row in the application's memory */
        cl_mem him = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, &fmt, &d2, pixels, &err);
        IS(err, CL_SUCCESS);
        size_t isz = 0;
        IS(clGetImageInfo(him, CL_IMAGE_ROW_PITCH, sizeof isz, &isz, NULL), CL_SUCCESS);
        IS(isz, 64);
        IS(clGetImageInfo(im, CL_IMAGE_WIDTH, sizeof isz, &isz, NULL), CL_SUCCESS);
        IS(isz, 8);
        IS(clGetImageInfo(im, CL_IMAGE_HEIGHT, sizeof isz, &isz, NULL), CL_SUCCESS);
        IS(isz, 4);
        IS(clGetImageInfo(im, CL_IMAGE_DEPTH, sizeof isz, &isz, NULL), CL_SUCCESS);
        IS(isz, 0);
        IS(clGetImageInfo(im, CL_IMAGE_ELEMENT_SIZE, sizeof isz, &isz, NULL), CL_SUCCESS);
        IS(isz, 4);
        IS(clGetImageInfo(im, CL_IMAGE_ROW_PITCH, sizeof isz, &isz, NULL), CL_SUCCESS);
        TRUE(isz >= 32 && isz % 256 == 0);
        cl_image_format got;
        IS(clGetImageInfo(im, CL_IMAGE_FORMAT, sizeof got, &got, NULL), CL_SUCCESS);
        IS(got.image_channel_data_type, CL_UNORM_INT8);
        IS(clGetImageInfo(im, 0x12345, sizeof isz, &isz, NULL), CL_INVALID_VALUE);
        IS(clGetImageInfo(buf_a, CL_IMAGE_WIDTH, sizeof isz, &isz, NULL), CL_INVALID_MEM_OBJECT);
        cl_mem_object_type itype;
        IS(clGetMemObjectInfo(im, CL_MEM_TYPE, sizeof itype, &itype, NULL), CL_SUCCESS);
        IS(itype, CL_MEM_OBJECT_IMAGE2D);
        size_t o0[3] = {0, 0, 0}, r_all[3] = {8, 4, 1}, r_big[3] = {9, 4, 1}, r_flat[3] = {8, 4, 2}, o_in[3] = {4, 2, 0};
        uint8_t rd[8 * 4 * 4];
        IS(clEnqueueWriteImage(q, im, CL_TRUE, o0, r_all, 0, 0, pixels, 0, NULL, NULL), CL_SUCCESS);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_all, 0, 0, rd, 0, NULL, NULL), CL_SUCCESS);
        IS(rd[17], 0x40);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_big, 0, 0, rd, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_flat, 0, 0, rd, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_all, 4, 0, rd, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_all, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueReadImage(q, buf_a, CL_TRUE, o0, r_all, 0, 0, rd, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
        IS(clEnqueueReadBuffer(q, im, CL_TRUE, 0, 4, rd, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
        IS(clEnqueueCopyImage(q, im, im, o0, o_in, r_all, 0, NULL, NULL), CL_INVALID_VALUE);
        size_t r_half[3] = {4, 2, 1};
        IS(clEnqueueCopyImage(q, im, im, o0, o_in, r_half, 0, NULL, NULL), CL_SUCCESS);
        size_t o_ov[3] = {2, 1, 0};
        IS(clEnqueueCopyImage(q, im, im, o0, o_ov, r_half, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
        cl_image_format f16 = {CL_RGBA, CL_UNORM_INT16};
        cl_mem im16 = clCreateImage(ctx, 0, &f16, &desc, NULL, &err);
        IS(err, CL_SUCCESS);
        IS(clEnqueueCopyImage(q, im, im16, o0, o0, r_all, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
        float fill[4] = {1.0f, 0.5f, 0.0f, 1.0f};
        IS(clEnqueueFillImage(q, im, fill, o0, r_all, 0, NULL, NULL), CL_SUCCESS);
        IS(clEnqueueFillImage(q, im, NULL, o0, r_all, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueReadImage(q, im, CL_TRUE, o0, r_all, 0, 0, rd, 0, NULL, NULL), CL_SUCCESS);
        IS(rd[0] * 65536 + rd[1] * 256 + rd[2], 0xff8000);
        IS(clEnqueueCopyImageToBuffer(q, im, buf_a, o0, r_all, 0, 0, NULL, NULL), CL_SUCCESS);
        IS(clEnqueueCopyImageToBuffer(q, im, buf_a, o0, r_all, 1 << 30, 0, NULL, NULL), CL_INVALID_VALUE);
        IS(clEnqueueCopyBufferToImage(q, buf_a, im, 0, o0, r_all, 0, NULL, NULL), CL_SUCCESS);
        IS(clEnqueueCopyBufferToImage(q, im, im, 0, o0, r_all, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
        size_t rp = 0, sp = 0;
        void *mp = clEnqueueMapImage(q, im, CL_TRUE, CL_MAP_READ, o0, r_all, &rp, &sp, 0, NULL, NULL, &err);
        IS(err, CL_SUCCESS);
        TRUE(mp != NULL && rp >= 32);
        IS(clEnqueueMapImage(q, im, CL_TRUE, CL_MAP_READ, o0, r_all, NULL, &sp, 0, NULL, NULL, &err) == NULL, 1);
        IS(err, CL_INVALID_VALUE);
        IS(clEnqueueUnmapMemObject(q, im, mp, 0, NULL, NULL), CL_SUCCESS);
        IS(clEnqueueUnmapMemObject(q, im, mp, 0, NULL, NULL), CL_INVALID_VALUE);
        /* samplers */
        cl_sampler smp = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &err);
        IS(err, CL_SUCCESS);
        IS(clCreateSampler(ctx, CL_TRUE, 0x1234, CL_FILTER_LINEAR, &err) == NULL, 1);
        IS(err, CL_INVALID_VALUE);
        IS(clCreateSampler(ctx, 7, CL_ADDRESS_NONE, CL_FILTER_LINEAR, &err) == NULL, 1);
        IS(err, CL_INVALID_VALUE);
        IS(clCreateSampler(NULL, CL_TRUE, CL_ADDRESS_NONE, CL_FILTER_LINEAR, &err) == NULL, 1);
        IS(err, CL_INVALID_CONTEXT);
        cl_sampler_properties sprops[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, CL_SAMPLER_FILTER_MODE,
                                          CL_FILTER_LINEAR, 0};
        cl_sampler sp2 = clCreateSamplerWithProperties(ctx, sprops, &err);
        IS(err, CL_SUCCESS);
        cl_sampler_properties badp[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, CL_SAMPLER_FILTER_MODE,
                                        CL_FILTER_NEAREST, 0};
        IS(clCreateSamplerWithProperties(ctx, badp, &err) == NULL, 1);
        IS(err, CL_INVALID_VALUE);
        cl_addressing_mode am = 0;
        IS(clGetSamplerInfo(sp2, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL), CL_SUCCESS);
        IS(am, CL_ADDRESS_CLAMP);
        cl_bool nc = CL_TRUE;
        IS(clGetSamplerInfo(sp2, CL_SAMPLER_NORMALIZED_COORDS, sizeof nc, &nc, NULL), CL_SUCCESS);
        IS(nc, CL_FALSE);
        size_t psz = 0;
        IS(clGetSamplerInfo(sp2, CL_SAMPLER_PROPERTIES, 0, NULL, &psz), CL_SUCCESS);
        IS(psz, sizeof sprops);
        IS(clGetSamplerInfo(smp, 0x9999, sizeof am, &am, NULL), CL_INVALID_VALUE);
        IS(clRetainSampler(smp), CL_SUCCESS);
        IS(clGetSamplerInfo(smp, CL_SAMPLER_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
        IS(u, 2);
        IS(clReleaseSampler(smp), CL_SUCCESS);
        /* image and sampler kernel arguments */
        cl_kernel ik = clCreateKernel(prog, "img_args", &err);
        IS(err, CL_SUCCESS);
        IS(clSetKernelArg(ik, 0, sizeof buf_a, &buf_a), CL_INVALID_MEM_OBJECT);
        IS(clSetKernelArg(ik, 0, sizeof im, &im), CL_SUCCESS);
        IS(clSetKernelArg(ik, 1, sizeof buf_a, &buf_a), CL_INVALID_SAMPLER);
        IS(clSetKernelArg(ik, 1, sizeof smp, &smp), CL_SUCCESS);
        IS(clSetKernelArg(ik, 2, sizeof im, &im), CL_INVALID_MEM_OBJECT);
        IS(clSetKernelArg(ik, 2, sizeof buf_a, &buf_a), CL_SUCCESS);
        IS(clSetKernelArg(ik, 3, sizeof im16, &im16), CL_SUCCESS);
        cl_kernel_arg_access_qualifier iaq = 0;
        IS(clGetKernelArgInfo(ik, 3, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof iaq, &iaq, NULL), CL_SUCCESS);
        IS(iaq, CL_KERNEL_ARG_ACCESS_WRITE_ONLY);
        size_t one_item = 1;
        IS(clEnqueueNDRangeKernel(q, ik, 1, NULL, &one_item, NULL, 0, NULL, NULL), CL_SUCCESS);
        IS(clFinish(q), CL_SUCCESS);
        IS(clReleaseSampler(smp), CL_SUCCESS); /* the kernel still holds it */
        IS(clEnqueueNDRangeKernel(q, ik, 1, NULL, &one_item, NULL, 0, NULL, NULL), CL_SUCCESS);
        IS(clFinish(q), CL_SUCCESS);
        IS(clReleaseKernel(ik), CL_SUCCESS);
        IS(clReleaseSampler(smp), CL_INVALID_SAMPLER);
        IS(clReleaseSampler(sp2), CL_SUCCESS);
        IS(clReleaseMemObject(im16), CL_SUCCESS);
        IS(clReleaseMemObject(him), CL_SUCCESS);
        IS(clReleaseMemObject(im), CL_SUCCESS);
    }
    /* ---- unsupported optional features ---- */
    IS(clCreatePipe(ctx, 0, 4, 4, NULL, &err) == NULL, 1);
    IS(err, CL_INVALID_OPERATION);
    IS(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0) == NULL, 1);
    IS(clEnqueueSVMMemcpy(q, CL_TRUE, out, host, 4, 0, NULL, NULL), CL_INVALID_OPERATION);
    IS(clSetKernelArgSVMPointer(k, 0, host), CL_INVALID_OPERATION);
    IS(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof size, &size, NULL),
       CL_INVALID_OPERATION);
    IS(clGetExtensionFunctionAddressForPlatform(plat, "clNoSuchFunction") == NULL, 1);
    IS(clUnloadPlatformCompiler(plat), CL_SUCCESS);
    /* ---- reference counting and teardown ---- */
    IS(clRetainKernel(k), CL_SUCCESS);
    IS(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
    IS(u, 2);
    IS(clReleaseKernel(k), CL_SUCCESS);
    IS(clReleaseKernel(k), CL_SUCCESS);
    IS(clReleaseKernel(kf), CL_SUCCESS);
    IS(clRetainProgram(prog), CL_SUCCESS);
    IS(clReleaseProgram(prog), CL_SUCCESS);
    IS(clReleaseProgram(prog), CL_SUCCESS);
    IS(clReleaseMemObject(sub), CL_SUCCESS);
    IS(clReleaseMemObject(buf_a), CL_SUCCESS);
    IS(clReleaseMemObject(buf_b), CL_SUCCESS);
    IS(clReleaseMemObject(buf_ro), CL_SUCCESS);
    IS(clReleaseMemObject(buf_na), CL_SUCCESS);
    IS(clFinish(qo), CL_SUCCESS);
    IS(clReleaseCommandQueue(qo), CL_SUCCESS);
    IS(clReleaseCommandQueue(q), CL_SUCCESS);
    IS(clReleaseContext(ctx), CL_SUCCESS);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache_dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", cache_dir);
    printf("%d checks, %d failed\n", checks, failed);
    return failed ? 1 : 0;
}
