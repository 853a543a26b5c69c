/* Programs (from source through ws_cc, from binaries, separate compilation and linking) and kernels
   (arguments, queries, NDRange launches on the simulated gfx1100 through ws_launch). */
#define _GNU_SOURCE /* dladdr */
#include "ocl.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char ocl_lib_magic[8] = {'W', 'S', 'C', 'L', 'L', 'I', 'B', '1'}; /* our library container */

/* ---------- programs ---------- */

void ocl_program_hold(cl_program p)
{
    p->irefs++;
}

static void ocl_program_free_if_unused(void *obj)
{
    cl_program p = obj;
    if (p->refs || p->irefs)
        return;
    ws_program_free(p->exe);
    free(p->source);
    free(p->binary);
    free(p->log);
    free(p->options);
    cl_context c = p->ctx;
    ocl_delete(p);
    ocl_context_drop(c);
}

void ocl_program_drop(cl_program p)
{
    p->irefs--;
    ocl_program_free_if_unused(p);
}

static cl_program ocl_program_new(cl_context c)
{
    cl_program p = ocl_new(sizeof *p, OCL_PROGRAM);
    if (p) {
        p->ctx = c;
        p->status = CL_BUILD_NONE;
        p->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
        ocl_context_hold(c);
    }
    return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count, const char **strings,
                                                              const size_t *lengths, cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(context, OCL_CONTEXT) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    if (!err && (count == 0 || !strings))
        err = CL_INVALID_VALUE;
    size_t total = 0;
    for (cl_uint i = 0; !err && i < count; i++) {
        if (!strings[i])
            err = CL_INVALID_VALUE;
        else
            total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    }
    cl_program p = err ? NULL : ocl_program_new(context);
    char *src = p ? malloc(total + 1) : NULL;
    if (!err && !src) {
        if (p) {
            p->refs = 0;
            ocl_program_free_if_unused(p);
            p = NULL;
        }
        err = CL_OUT_OF_HOST_MEMORY;
    }
    if (p) {
        size_t at = 0;
        for (cl_uint i = 0; i < count; i++) {
            size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
            memcpy(src + at, strings[i], n);
            at += n;
        }
        src[at] = '\0';
        p->source = src;
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}

static int ocl_is_elf(const uint8_t *b, size_t n)
{
    return n >= 4 && memcmp(b, "\177ELF", 4) == 0;
}

static int ocl_is_bitcode(const uint8_t *b, size_t n)
{
    return n >= 4 && b[0] == 'B' && b[1] == 'C' && b[2] == 0xc0 && b[3] == 0xde;
}

/* Our library container: the magic, a 32-bit count, then count pieces of (64-bit size, bytes), each a
   bitcode object, and nothing after them. */
static int ocl_is_library(const uint8_t *b, size_t n)
{
    if (n < 12 || memcmp(b, ocl_lib_magic, sizeof ocl_lib_magic) != 0)
        return 0;
    uint32_t count;
    memcpy(&count, b + 8, 4);
    size_t at = 12;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t len;
        if (n - at < 8)
            return 0;
        memcpy(&len, b + at, 8);
        at += 8;
        if (len > n - at || len < 4 || !(b[at] == 'B' && b[at + 1] == 'C'))
            return 0;
        at += (size_t)len;
    }
    return at == n;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                              const cl_device_id *device_list, const size_t *lengths,
                                                              const unsigned char **binaries, cl_int *binary_status,
                                                              cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(context, OCL_CONTEXT) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    if (!err && (num_devices == 0 || !device_list))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_devices; i++)
        if (device_list[i] != &ocl_the_device)
            err = CL_INVALID_DEVICE;
    if (!err && (!lengths || !binaries || lengths[0] == 0 || !binaries[0]))
        err = CL_INVALID_VALUE;
    cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_NONE;
    if (!err) {
        if (ocl_is_elf(binaries[0], lengths[0])) {
            char msg[200];
            ws_program *probe = ws_program_load(context->dev, binaries[0], lengths[0], msg, sizeof msg);
            type = probe ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE : CL_PROGRAM_BINARY_TYPE_NONE;
            ws_program_free(probe);
        } else if (ocl_is_bitcode(binaries[0], lengths[0])) {
            type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
        } else if (ocl_is_library(binaries[0], lengths[0])) {
            type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        }
        if (binary_status)
            binary_status[0] = type == CL_PROGRAM_BINARY_TYPE_NONE ? CL_INVALID_BINARY : CL_SUCCESS;
        if (type == CL_PROGRAM_BINARY_TYPE_NONE)
            err = CL_INVALID_BINARY;
    }
    cl_program p = err ? NULL : ocl_program_new(context);
    uint8_t *bin = p ? malloc(lengths[0]) : NULL;
    if (p && !bin) {
        p->refs = 0;
        ocl_program_free_if_unused(p);
        p = NULL;
    }
    if (!err && !p)
        err = CL_OUT_OF_HOST_MEMORY;
    if (p) {
        memcpy(bin, binaries[0], lengths[0]);
        p->binary = bin;
        p->binary_size = lengths[0];
        p->binary_type = type;
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context, cl_uint num_devices,
                                                                      const cl_device_id *device_list,
                                                                      const char *kernel_names, cl_int *errcode_ret)
{
    (void)num_devices;
    (void)device_list;
    (void)kernel_names;
    ocl_lock();
    int ok = ocl_valid(context, OCL_CONTEXT);
    ocl_unlock();
    if (errcode_ret) /* CL_DEVICE_BUILT_IN_KERNELS is empty: no name can be valid */
        *errcode_ret = ok ? CL_INVALID_VALUE : CL_INVALID_CONTEXT;
    return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program p)
{
    return ocl_retain(p, OCL_PROGRAM, CL_INVALID_PROGRAM);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program p)
{
    return ocl_release(p, OCL_PROGRAM, CL_INVALID_PROGRAM, ocl_program_free_if_unused);
}

/* ---------- building ---------- */

/* A private temporary directory for one compiler run, removed with everything in it. */
typedef struct {
    char dir[4096];
} ocl_tmp;

static int ocl_tmp_make(ocl_tmp *t)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(t->dir, sizeof t->dir, "%s/wavesim-ocl-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(t->dir) ? 0 : -1;
}

static int ocl_tmp_remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

static void ocl_tmp_remove(ocl_tmp *t)
{
    nftw(t->dir, ocl_tmp_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int ocl_write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int ok = fwrite(data, 1, n, f) == n;
    return fclose(f) == 0 && ok ? 0 : -1;
}

static uint8_t *ocl_read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *b = (uint8_t *)ws_read_stream(f, n);
    fclose(f);
    return b;
}

/* Splits build options into words (double quotes group); NULL when out of memory. The words point
   into *store, which the caller frees. */
static char **ocl_split_options(const char *options, int *count, char **store)
{
    size_t n = options ? strlen(options) : 0;
    char *s = malloc(n + 1);
    char **words = calloc(n / 2 + 2, sizeof *words);
    if (!s || !words) {
        free(s);
        free(words);
        return NULL;
    }
    int w = 0;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && (options[i] == ' ' || options[i] == '\t' || options[i] == '\n'))
            i++;
        if (i == n)
            break;
        words[w++] = s + o;
        int quoted = 0;
        while (i < n && (quoted || (options[i] != ' ' && options[i] != '\t' && options[i] != '\n'))) {
            if (options[i] == '"')
                quoted = !quoted;
            else
                s[o++] = options[i];
            i++;
        }
        s[o++] = '\0';
    }
    *count = w;
    *store = s;
    return words;
}

/* Which options the compiler accepts: those of the OpenCL specification and the -cl-* family.
   Link options (-create-library, -enable-link-options) are separate. Returns the words to pass to
   clang in out (the values of "-D X" and "-I X" included), or -1 for an invalid option. */
static int ocl_compile_options(char **words, int n, const char **out, int *nout, int *uniform)
{
    /* without -cl-std, the highest OpenCL C 1.x the device supports (clBuildProgram), so uniform
       work-groups; a later -cl-std in the options wins */
    out[(*nout)++] = "-cl-std=CL1.2";
    *uniform = 1;
    for (int i = 0; i < n; i++) {
        const char *w = words[i];
        if ((strcmp(w, "-D") == 0 || strcmp(w, "-I") == 0) && i + 1 < n) {
            out[(*nout)++] = w;
            out[(*nout)++] = words[++i];
            continue;
        }
        if (strncmp(w, "-cl-std=", 8) == 0 && *uniform != 2)
            *uniform = strncmp(w, "-cl-std=CL1.", 12) == 0;
        if (strcmp(w, "-cl-uniform-work-group-size") == 0)
            *uniform = 2; /* stays uniform whatever -cl-std comes later */
        if (strcmp(w, "-cl-kernel-arg-info") == 0)
            continue; /* always given */
        if ((strncmp(w, "-D", 2) == 0 && w[2]) || (strncmp(w, "-I", 2) == 0 && w[2]) || strncmp(w, "-cl-", 4) == 0 ||
            strcmp(w, "-w") == 0 || strcmp(w, "-Werror") == 0 || strcmp(w, "-g") == 0 ||
            (w[0] == '-' && w[1] == 'O' && (!w[2] || (w[2] >= '0' && w[2] <= '3' && !w[3]))))
            out[(*nout)++] = w;
        else
            return -1;
    }
    return 0;
}

/* The -cl-ext option that makes the compiler's cl_khr_* macros exactly CL_DEVICE_EXTENSIONS and its
   OpenCL C 3.0 feature macros exactly CL_DEVICE_OPENCL_C_FEATURES (clang rejects cl_khr_fp64 without
   __opencl_c_fp64 under -cl-std=CL3.0). */
static void ocl_ext_option(char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "-cl-ext=-all");
    char list[1024];
    snprintf(list, sizeof list, "%s %s", ocl_extensions, ocl_c_features);
    const char *p = list;
    while (*p && at + 2 < size) {
        size_t len = strcspn(p, " ");
        at += (size_t)snprintf(buf + at, size - at, ",+%.*s", (int)len, p);
        p += len;
        while (*p == ' ')
            p++;
    }
}

static void ocl_set_log(cl_program p, const char *text)
{
    free(p->log);
    p->log = strdup(text ? text : "");
}

/* Runs ws_cc in dir with the given arguments, its output kept as the program's build log.
   Returns CL_SUCCESS, CL_COMPILER_NOT_AVAILABLE, or `failure`. */
static cl_int ocl_run_compiler(cl_program p, ocl_tmp *t, int link_only, const char **args, int nargs, cl_int failure)
{
    char logpath[4200], note[300], err[4400];
    snprintf(logpath, sizeof logpath, "%s/build.log", t->dir);
    int fd = open(logpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ws_cc_options o;
    memset(&o, 0, sizeof o);
    o.builtins = getenv("WAVESIM_CL_BUILTINS"); /* rocm, wavesim, or the default */
    o.link_only = link_only;
    o.clang_args = args;
    o.nclang_args = nargs;
    o.log_fd = fd;
    int rc = ws_cc(&o, note, sizeof note, err, sizeof err);
    if (fd >= 0)
        close(fd);
    size_t n = 0;
    char *log = (char *)ocl_read_file(logpath, &n);
    if (rc < 0) { /* no compiler to run: say what to install */
        char msg[4600];
        snprintf(msg, sizeof msg, "%s\nwavesim compiles OpenCL C with clang-19: apt-get install clang-19 lld-19 "
                                  "(and rocm-device-libs for AMD's builtin library)", err);
        ocl_set_log(p, msg);
        free(log);
        return CL_COMPILER_NOT_AVAILABLE;
    }
    if (note[0]) {
        size_t need = strlen(note) + (log ? n : 0) + 16;
        char *both = malloc(need);
        if (both)
            snprintf(both, need, "warning: %s\n%s", note, log ? log : "");
        free(log);
        log = both;
    }
    ocl_set_log(p, log);
    free(log);
    return rc == 0 ? CL_SUCCESS : failure;
}

/* Loads the code object at path as the program's executable. */
static cl_int ocl_load_executable(cl_program p, const char *path)
{
    size_t n = 0;
    uint8_t *img = ocl_read_file(path, &n);
    if (!img)
        return CL_BUILD_PROGRAM_FAILURE;
    char msg[400];
    ws_program *exe = ws_program_load(p->ctx->dev, img, n, msg, sizeof msg);
    if (!exe) {
        free(img);
        ocl_set_log(p, msg);
        return CL_BUILD_PROGRAM_FAILURE;
    }
    ws_program_free(p->exe);
    free(p->binary);
    p->exe = exe;
    p->binary = img;
    p->binary_size = n;
    p->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    return CL_SUCCESS;
}

/* Writes the objects of a compiled object or library binary into dir as objN.bc; returns the count. */
static int ocl_write_objects(const uint8_t *b, size_t n, ocl_tmp *t, int first, char (*paths)[4200], int max)
{
    if (ocl_is_bitcode(b, n)) {
        if (first >= max)
            return -1;
        snprintf(paths[first], sizeof paths[first], "%s/obj%d.bc", t->dir, first);
        return ocl_write_file(paths[first], b, n) ? -1 : 1;
    }
    if (!ocl_is_library(b, n)) /* which checked every piece's bounds */
        return -1;
    uint32_t count;
    memcpy(&count, b + 8, 4);
    size_t at = 12;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t len;
        if (at + 8 > n)
            return -1;
        memcpy(&len, b + at, 8);
        at += 8;
        if (len > n - at || first + (int)i >= max)
            return -1;
        snprintf(paths[first + i], sizeof paths[first + i], "%s/obj%d.bc", t->dir, first + (int)i);
        if (ocl_write_file(paths[first + i], b + at, (size_t)len))
            return -1;
        at += (size_t)len;
    }
    return (int)count;
}

enum { OCL_MAX_OBJECTS = 64 };

/* Links compiled objects and libraries into p: an executable, or (create_library) a library. */
static cl_int ocl_link_into(cl_program p, cl_uint n, const cl_program *inputs, int create_library)
{
    if (create_library) {
        size_t total = 12;
        uint32_t count = 0;
        for (cl_uint i = 0; i < n; i++) /* an object gains an 8-byte size; a library loses its header */
            total += inputs[i]->binary_size + 8;
        uint8_t *lib = malloc(total), *at = lib + 12;
        if (!lib)
            return CL_OUT_OF_HOST_MEMORY;
        memcpy(lib, ocl_lib_magic, 8);
        for (cl_uint i = 0; i < n; i++) {
            const uint8_t *b = inputs[i]->binary;
            size_t len = inputs[i]->binary_size;
            if (ocl_is_bitcode(b, len)) {
                uint64_t l = len;
                memcpy(at, &l, 8);
                memcpy(at + 8, b, len);
                at += 8 + len;
                count++;
            } else { /* a library: its objects, as they are */
                uint32_t c;
                memcpy(&c, b + 8, 4);
                memcpy(at, b + 12, len - 12);
                at += len - 12;
                count += c;
            }
        }
        memcpy(lib + 8, &count, 4);
        free(p->binary);
        p->binary = lib;
        p->binary_size = (size_t)(at - lib);
        p->binary_type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        ocl_set_log(p, "");
        return CL_SUCCESS;
    }
    ocl_tmp t;
    if (ocl_tmp_make(&t))
        return CL_OUT_OF_HOST_MEMORY;
    static char paths[OCL_MAX_OBJECTS][4200];
    const char *args[OCL_MAX_OBJECTS + 8];
    int nobj = 0;
    cl_int err = CL_SUCCESS;
    for (cl_uint i = 0; i < n && !err; i++) {
        int got = ocl_write_objects(inputs[i]->binary, inputs[i]->binary_size, &t, nobj, paths, OCL_MAX_OBJECTS);
        if (got < 0)
            err = CL_INVALID_BINARY;
        else
            nobj += got;
    }
    int na = 0;
    for (int i = 0; i < nobj; i++)
        args[na++] = paths[i];
    char out[4200];
    snprintf(out, sizeof out, "%s/linked.hsaco", t.dir);
    args[na++] = "-O3";
    args[na++] = "-o";
    args[na++] = out;
    if (!err)
        err = ocl_run_compiler(p, &t, 1, args, na, CL_LINK_PROGRAM_FAILURE);
    if (!err)
        err = ocl_load_executable(p, out);
    if (err == CL_BUILD_PROGRAM_FAILURE)
        err = CL_LINK_PROGRAM_FAILURE;
    ocl_tmp_remove(&t);
    return err;
}

/* ---------- the build cache ----------
   clBuildProgram from source keeps its code object and build log in a cache directory, keyed by a
   hash of everything that decides the output: the source, the clang arguments (options, extension
   list), the clang binary, the device libraries, the builtin choice and this library itself. So an
   application (or a CI job) that builds the same program again skips clang, as PoCL's kernel cache
   does. $WAVESIM_CL_CACHE_DIR, else $XDG_CACHE_HOME/wavesim/opencl, else ~/.cache/wavesim/opencl;
   WAVESIM_CL_CACHE=0 turns it off. A damaged entry is rebuilt. */

typedef struct {
    uint64_t a, b; /* two FNV-1a lanes with different seeds: 128 bits of key */
} ocl_hash;

static void ocl_hash_bytes(ocl_hash *h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ull;
        h->b = (h->b ^ p[i] ^ 0x5a) * 0x100000001b3ull + (h->b >> 29);
    }
    uint64_t len = n; /* so ("ab","c") and ("a","bc") differ */
    h->a = (h->a ^ len) * 0x100000001b3ull;
    h->b = (h->b ^ len) * 0x100000001b3ull;
}

static void ocl_hash_str(ocl_hash *h, const char *s)
{
    ocl_hash_bytes(h, s ? s : "(null)", s ? strlen(s) : 6);
}

static void ocl_hash_file_identity(ocl_hash *h, const char *path)
{
    struct stat st;
    ocl_hash_str(h, path);
    if (path && stat(path, &st) == 0) {
        int64_t id[3] = {(int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec, (int64_t)st.st_mtim.tv_nsec};
        ocl_hash_bytes(h, id, sizeof id);
    }
}

/* The cache directory (created), or NULL when the cache is off or cannot be made. */
static const char *ocl_cache_dir(char *buf, size_t size)
{
    const char *off = getenv("WAVESIM_CL_CACHE");
    if (off && strcmp(off, "0") == 0)
        return NULL;
    const char *dir = getenv("WAVESIM_CL_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (dir && *dir)
        snprintf(buf, size, "%s", dir);
    else if (xdg && *xdg)
        snprintf(buf, size, "%s/wavesim/opencl", xdg);
    else if (home && *home)
        snprintf(buf, size, "%s/.cache/wavesim/opencl", home);
    else
        return NULL;
    for (char *s = buf + 1;; s++) /* mkdir -p */
        if (*s == '/' || !*s) {
            char c = *s;
            *s = '\0';
            if (mkdir(buf, 0700) && errno != EEXIST)
                return NULL;
            if (!(*s = c))
                break;
        }
    return buf;
}

/* The key of a build from source with these clang arguments, as 32 hex digits. */
static void ocl_cache_key(const cl_program p, const char **args, int na, char key[33])
{
    ocl_hash h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    ocl_hash_str(&h, "wavesim-opencl-build-1");
    ocl_hash_str(&h, p->source);
    for (int i = 0; i < na; i++)
        ocl_hash_str(&h, args[i]);
    ocl_hash_file_identity(&h, ws_cc_clang());
    const char *libs = getenv("WAVESIM_DEVICE_LIBS");
    char ocml[4200];
    snprintf(ocml, sizeof ocml, "%s/ocml.bc", libs && *libs ? libs : "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
    ocl_hash_file_identity(&h, ocml);
    ocl_hash_str(&h, getenv("WAVESIM_CL_BUILTINS"));
    Dl_info self;
    if (dladdr((void *)ocl_cache_key, &self) && self.dli_fname)
        ocl_hash_file_identity(&h, self.dli_fname);
    snprintf(key, 33, "%016llx%016llx", (unsigned long long)h.a, (unsigned long long)h.b);
}

/* A cached build: loads it into p (executable and log); 0 on a hit. */
static int ocl_cache_load(cl_program p, const char *dir, const char *key)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s.hsaco", dir, key);
    size_t n = 0;
    uint8_t *img = ocl_read_file(path, &n);
    if (!img)
        return -1;
    char msg[400];
    ws_program *exe = ws_program_load(p->ctx->dev, img, n, msg, sizeof msg);
    if (!exe) {
        free(img);
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.log", dir, key);
    size_t ln = 0;
    char *log = (char *)ocl_read_file(path, &ln);
    ocl_set_log(p, log ? log : "");
    free(log);
    ws_program_free(p->exe);
    free(p->binary);
    p->exe = exe;
    p->binary = img;
    p->binary_size = n;
    p->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    return 0;
}

/* Stores p's code object and log under key (written to a temporary name, then renamed, so a reader
   never sees half an entry); failures only cost the next build its shortcut. */
static void ocl_cache_store(cl_program p, const char *dir, const char *key)
{
    static const char *const ext[2] = {"log", "hsaco"}; /* the code object last: it marks a whole entry */
    for (int i = 0; i < 2; i++) {
        char tmp[4400], path[4400];
        snprintf(path, sizeof path, "%s/%s.%s", dir, key, ext[i]);
        snprintf(tmp, sizeof tmp, "%s/%s.%s.%ld.tmp", dir, key, ext[i], (long)getpid());
        const void *data = i ? (const void *)p->binary : (const void *)(p->log ? p->log : "");
        size_t n = i ? p->binary_size : strlen(p->log ? p->log : "");
        if (ocl_write_file(tmp, data, n) || rename(tmp, path)) {
            remove(tmp);
            return;
        }
    }
}

/* Compiles the program's source: to an executable (compile_only 0) or to a compiled object. Headers
   (clCompileProgram) are written under their include names. */
static cl_int ocl_compile(cl_program p, const char *options, int compile_only, cl_uint nheaders,
                          const cl_program *headers, const char **header_names)
{
    char *store = NULL;
    int nwords = 0;
    char **words = ocl_split_options(options, &nwords, &store);
    if (!words)
        return CL_OUT_OF_HOST_MEMORY;
    const char **args = calloc((size_t)nwords + 16, sizeof *args);
    int na = 0, uniform = 0;
    cl_int err = CL_SUCCESS;
    if (!args)
        err = CL_OUT_OF_HOST_MEMORY;
    else if (ocl_compile_options(words, nwords, args, &na, &uniform))
        err = CL_INVALID_BUILD_OPTIONS;
    /* a build from source with no headers: look in the cache first */
    char cache_buf[4200], key[33];
    const char *cache = !err && !compile_only && !nheaders ? ocl_cache_dir(cache_buf, sizeof cache_buf) : NULL;
    if (cache) {
        char ext0[1024];
        ocl_ext_option(ext0, sizeof ext0);
        args[na] = ext0; /* hashed with the options, not kept */
        ocl_cache_key(p, args, na + 1, key);
        if (ocl_cache_load(p, cache, key) == 0) {
            p->uniform_groups = uniform;
            free(args);
            free(words);
            free(store);
            return CL_SUCCESS;
        }
    }
    ocl_tmp t;
    int have_tmp = 0;
    if (!err) {
        if (ocl_tmp_make(&t))
            err = CL_OUT_OF_HOST_MEMORY;
        else
            have_tmp = 1;
    }
    char src[4200], out[4200], ext[1024], inc[4200];
    if (!err) {
        snprintf(src, sizeof src, "%s/program.cl", t.dir);
        snprintf(out, sizeof out, "%s/program.%s", t.dir, compile_only ? "bc" : "hsaco");
        if (ocl_write_file(src, p->source, strlen(p->source)))
            err = CL_OUT_OF_HOST_MEMORY;
    }
    for (cl_uint i = 0; !err && i < nheaders; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", t.dir, header_names[i]);
        for (char *s = path + strlen(t.dir) + 1; *s; s++) /* subdirectories of the include name */
            if (*s == '/') {
                *s = '\0';
                mkdir(path, 0700);
                *s = '/';
            }
        if (ocl_write_file(path, headers[i]->source, strlen(headers[i]->source)))
            err = CL_OUT_OF_HOST_MEMORY;
    }
    if (!err) {
        ocl_ext_option(ext, sizeof ext);
        snprintf(inc, sizeof inc, "-I%s", t.dir);
        args[na++] = "-Xclang";
        args[na++] = ext;
        args[na++] = "-cl-kernel-arg-info";
        args[na++] = inc;
        if (compile_only) {
            args[na++] = "-c";
            args[na++] = "-emit-llvm";
        }
        args[na++] = "-o";
        args[na++] = out;
        args[na++] = src;
        err = ocl_run_compiler(p, &t, 0, args, na, compile_only ? CL_COMPILE_PROGRAM_FAILURE : CL_BUILD_PROGRAM_FAILURE);
    }
    if (!err && compile_only) {
        size_t n = 0;
        uint8_t *bc = ocl_read_file(out, &n);
        if (!bc) {
            err = CL_COMPILE_PROGRAM_FAILURE;
        } else {
            free(p->binary);
            p->binary = bc;
            p->binary_size = n;
            p->binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
        }
    } else if (!err) {
        err = ocl_load_executable(p, out);
        if (!err && cache)
            ocl_cache_store(p, cache, key);
    }
    if (!err)
        p->uniform_groups = uniform;
    if (have_tmp)
        ocl_tmp_remove(&t);
    free(args);
    free(words);
    free(store);
    return err;
}

static cl_int ocl_check_devices(cl_uint n, const cl_device_id *list)
{
    if ((n == 0) != (list == NULL))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < n; i++)
        if (list[i] != &ocl_the_device)
            return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

static void ocl_set_options(cl_program p, const char *options)
{
    free(p->options);
    p->options = strdup(options ? options : "");
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                               const char *options,
                                               void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data)
{
    ocl_lock();
    cl_int err = ocl_valid(p, OCL_PROGRAM) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    if (!err)
        err = ocl_check_devices(num_devices, device_list);
    if (!err && !pfn_notify && user_data)
        err = CL_INVALID_VALUE;
    if (!err && p->attached_kernels)
        err = CL_INVALID_OPERATION;
    if (!err && !p->source && !p->binary)
        err = CL_INVALID_PROGRAM;
    if (!err && !p->source && p->binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && p->exe)
        err = CL_SUCCESS; /* already loaded */
    else if (!err) {
        ocl_set_options(p, options);
        p->status = CL_BUILD_IN_PROGRESS;
        if (p->source) { /* a failed rebuild must not leave the previous executable usable */
            ws_program_free(p->exe);
            p->exe = NULL;
            err = ocl_compile(p, options, 0, 0, NULL, NULL);
        } else if (p->binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
            char msg[400];
            p->exe = ws_program_load(p->ctx->dev, p->binary, p->binary_size, msg, sizeof msg);
            ocl_set_log(p, p->exe ? "" : msg);
            err = p->exe ? CL_SUCCESS : CL_INVALID_BINARY;
        } else {
            cl_program self = p;
            err = ocl_link_into(p, 1, &self, 0);
            if (err == CL_LINK_PROGRAM_FAILURE)
                err = CL_BUILD_PROGRAM_FAILURE;
        }
        p->status = err ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    }
    if (pfn_notify && ocl_valid(p, OCL_PROGRAM) && err != CL_INVALID_OPERATION)
        pfn_notify(p, user_data);
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                                 const char *options, cl_uint num_input_headers,
                                                 const cl_program *input_headers, const char **header_include_names,
                                                 void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data)
{
    ocl_lock();
    cl_int err = ocl_valid(p, OCL_PROGRAM) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    if (!err)
        err = ocl_check_devices(num_devices, device_list);
    if (!err && ((!pfn_notify && user_data) ||
                 (num_input_headers == 0) != (input_headers == NULL) ||
                 (num_input_headers != 0 && !header_include_names)))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_input_headers; i++)
        if (!ocl_valid(input_headers[i], OCL_PROGRAM) || !input_headers[i]->source || !header_include_names[i])
            err = CL_INVALID_VALUE;
    if (!err && p->attached_kernels)
        err = CL_INVALID_OPERATION;
    if (!err && !p->source)
        err = CL_INVALID_OPERATION;
    for (cl_uint i = 0; !err && i < num_input_headers; i++)
        if (header_include_names[i][0] == '/' || strstr(header_include_names[i], ".."))
            err = CL_INVALID_VALUE; /* include names stay inside the compiler's directory */
    if (!err) {
        ocl_set_options(p, options);
        p->status = CL_BUILD_IN_PROGRESS;
        ws_program_free(p->exe);
        p->exe = NULL;
        err = ocl_compile(p, options, 1, num_input_headers, input_headers, header_include_names);
        p->status = err ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    }
    if (pfn_notify && ocl_valid(p, OCL_PROGRAM))
        pfn_notify(p, user_data);
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                                  const cl_device_id *device_list, const char *options,
                                                  cl_uint num_input_programs, const cl_program *input_programs,
                                                  void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data,
                                                  cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(context, OCL_CONTEXT) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    if (!err)
        err = ocl_check_devices(num_devices, device_list);
    if (!err && ((!pfn_notify && user_data) || num_input_programs == 0 || !input_programs))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_input_programs; i++) {
        cl_program in = input_programs[i];
        if (!ocl_valid(in, OCL_PROGRAM) || in->ctx != context)
            err = CL_INVALID_PROGRAM;
        else if (in->binary_type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                 in->binary_type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
            err = CL_INVALID_OPERATION;
    }
    int create_library = 0;
    if (!err && options && *options) {
        char *store = NULL;
        int n = 0;
        char **words = ocl_split_options(options, &n, &store);
        for (int i = 0; words && i < n; i++) {
            if (strcmp(words[i], "-create-library") == 0)
                create_library = 1;
            else if (strcmp(words[i], "-enable-link-options") != 0 && strncmp(words[i], "-cl-", 4) != 0)
                err = CL_INVALID_LINKER_OPTIONS;
        }
        free(words);
        free(store);
    }
    cl_program p = err ? NULL : ocl_program_new(context);
    if (!err && !p)
        err = CL_OUT_OF_HOST_MEMORY;
    if (p) {
        ocl_set_options(p, options);
        err = ocl_link_into(p, num_input_programs, input_programs, create_library);
        p->status = err ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
        if (err && err != CL_LINK_PROGRAM_FAILURE) {
            p->refs = 0;
            ocl_program_free_if_unused(p);
            p = NULL;
        } else if (pfn_notify) {
            pfn_notify(p, user_data);
        }
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return p;
}

/* Semicolon-separated kernel names of an executable into buf (or its length when buf is NULL). */
static size_t ocl_kernel_names(cl_program p, char *buf)
{
    size_t at = 0;
    int n = ws_kernel_count(p->exe);
    for (int i = 0; i < n; i++) {
        const char *name = ws_kernel_name(p->exe, i);
        size_t len = strlen(name);
        if (buf) {
            if (i)
                buf[at] = ';';
            memcpy(buf + at + (i ? 1 : 0), name, len);
        }
        at += len + (i ? 1 : 0);
    }
    if (buf)
        buf[at] = '\0';
    return at + 1;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program p, cl_program_info param_name, size_t param_value_size,
                                                 void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_PROGRAM;
    if (ocl_valid(p, OCL_PROGRAM)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        cl_device_id d = &ocl_the_device;
        size_t sz;
        cl_bool no = CL_FALSE;
        switch (param_name) {
        case CL_PROGRAM_REFERENCE_COUNT: u = p->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_PROGRAM_CONTEXT: err = ocl_info(&p->ctx, sizeof p->ctx, s, v, r); break;
        case CL_PROGRAM_NUM_DEVICES: u = 1; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_PROGRAM_DEVICES: err = ocl_info(&d, sizeof d, s, v, r); break;
        case CL_PROGRAM_SOURCE: err = ocl_info_str(p->source ? p->source : "", s, v, r); break;
        case CL_PROGRAM_IL: err = ocl_info(NULL, 0, s, v, r); break;
        case CL_PROGRAM_BINARY_SIZES: sz = p->binary_size; err = ocl_info(&sz, sizeof sz, s, v, r); break;
        case CL_PROGRAM_BINARIES:
            /* an array of one pointer, each to binary_size bytes the application provides */
            if (v && s < sizeof(unsigned char *)) {
                err = CL_INVALID_VALUE;
            } else {
                if (v && ((unsigned char **)v)[0] && p->binary)
                    memcpy(((unsigned char **)v)[0], p->binary, p->binary_size);
                if (r)
                    *r = sizeof(unsigned char *);
                err = CL_SUCCESS;
            }
            break;
        case CL_PROGRAM_NUM_KERNELS:
            if (!p->exe) {
                err = CL_INVALID_PROGRAM_EXECUTABLE;
            } else {
                sz = (size_t)ws_kernel_count(p->exe);
                err = ocl_info(&sz, sizeof sz, s, v, r);
            }
            break;
        case CL_PROGRAM_KERNEL_NAMES:
            if (!p->exe) {
                err = CL_INVALID_PROGRAM_EXECUTABLE;
            } else {
                sz = ocl_kernel_names(p, NULL);
                char *names = malloc(sz);
                if (!names) {
                    err = CL_OUT_OF_HOST_MEMORY;
                } else {
                    ocl_kernel_names(p, names);
                    err = ocl_info(names, sz, s, v, r);
                    free(names);
                }
            }
            break;
        case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
        case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT: err = ocl_info(&no, sizeof no, s, v, r); break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramBuildInfo(cl_program p, cl_device_id device,
                                                      cl_program_build_info param_name, size_t param_value_size,
                                                      void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = !ocl_valid(p, OCL_PROGRAM) ? CL_INVALID_PROGRAM : device != &ocl_the_device ? CL_INVALID_DEVICE
                                                                                          : CL_SUCCESS;
    if (!err) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        size_t zero = 0;
        switch (param_name) {
        case CL_PROGRAM_BUILD_STATUS: err = ocl_info(&p->status, sizeof p->status, s, v, r); break;
        case CL_PROGRAM_BUILD_OPTIONS: err = ocl_info_str(p->options ? p->options : "", s, v, r); break;
        case CL_PROGRAM_BUILD_LOG: err = ocl_info_str(p->log ? p->log : "", s, v, r); break;
        case CL_PROGRAM_BINARY_TYPE: err = ocl_info(&p->binary_type, sizeof p->binary_type, s, v, r); break;
        case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: err = ocl_info(&zero, sizeof zero, s, v, r); break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

/* ---------- kernels ---------- */

void ocl_kernel_hold(cl_kernel k)
{
    k->irefs++;
}

static void ocl_kernel_free_if_unused(void *obj)
{
    cl_kernel k = obj;
    if (k->refs || k->irefs)
        return;
    ocl_args_free(k->args, k->nargs);
    cl_program p = k->prog;
    p->attached_kernels--;
    free(k->name);
    free(k->info);
    ocl_delete(k);
    ocl_program_drop(p);
}

void ocl_kernel_drop(cl_kernel k)
{
    k->irefs--;
    ocl_kernel_free_if_unused(k);
}

static cl_kernel ocl_kernel_new(cl_program p, const char *name, cl_int *err)
{
    int nargs = ws_kernel_arg_count(p->exe, name);
    if (nargs < 0) {
        *err = CL_INVALID_KERNEL_NAME;
        return NULL;
    }
    cl_kernel k = ocl_new(sizeof *k, OCL_KERNEL);
    if (k) {
        k->name = strdup(name);
        k->info = calloc((size_t)nargs + 1, sizeof *k->info);
        k->args = calloc((size_t)nargs + 1, sizeof *k->args);
    }
    if (!k || !k->name || !k->info || !k->args) {
        if (k) {
            free(k->name);
            free(k->info);
            free(k->args);
            ocl_delete(k);
        }
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    k->prog = p;
    k->nargs = nargs;
    for (int i = 0; i < nargs; i++)
        ws_kernel_arg(p->exe, name, i, &k->info[i]);
    ws_kernel_properties(p->exe, name, &k->props);
    ocl_program_hold(p);
    p->attached_kernels++;
    *err = CL_SUCCESS;
    return k;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name, cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(program, OCL_PROGRAM) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    if (!err && !program->exe)
        err = CL_INVALID_PROGRAM_EXECUTABLE;
    if (!err && !kernel_name)
        err = CL_INVALID_VALUE;
    cl_kernel k = err ? NULL : ocl_kernel_new(program, kernel_name, &err);
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return k;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels, cl_kernel *kernels,
                                                         cl_uint *num_kernels_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(program, OCL_PROGRAM) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    if (!err && !program->exe)
        err = CL_INVALID_PROGRAM_EXECUTABLE;
    cl_uint n = err ? 0 : (cl_uint)ws_kernel_count(program->exe);
    if (!err && kernels && num_kernels < n)
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && kernels && i < n; i++) {
        kernels[i] = ocl_kernel_new(program, ws_kernel_name(program->exe, (int)i), &err);
        if (err)
            while (i-- > 0) {
                kernels[i]->refs = 0;
                ocl_kernel_free_if_unused(kernels[i]);
            }
    }
    if (!err && num_kernels_ret)
        *num_kernels_ret = n;
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel k)
{
    return ocl_retain(k, OCL_KERNEL, CL_INVALID_KERNEL);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel k)
{
    return ocl_release(k, OCL_KERNEL, CL_INVALID_KERNEL, ocl_kernel_free_if_unused);
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel, cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(source_kernel, OCL_KERNEL) ? CL_SUCCESS : CL_INVALID_KERNEL;
    cl_kernel k = err ? NULL : ocl_kernel_new(source_kernel->prog, source_kernel->name, &err);
    if (k && ocl_args_copy(k->args, source_kernel->args, k->nargs)) {
        k->refs = 0;
        ocl_kernel_free_if_unused(k);
        k = NULL;
        err = CL_OUT_OF_HOST_MEMORY;
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return k;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel k, cl_uint arg_index, size_t arg_size, const void *arg_value)
{
    ocl_lock();
    cl_int err = ocl_valid(k, OCL_KERNEL) ? CL_SUCCESS : CL_INVALID_KERNEL;
    if (!err && arg_index >= (cl_uint)k->nargs)
        err = CL_INVALID_ARG_INDEX;
    ocl_arg a;
    memset(&a, 0, sizeof a);
    if (!err) {
        const ws_arg_info *info = &k->info[arg_index];
        a.kind = info->kind;
        a.set = 1;
        if (info->kind == WS_ARG_LOCAL) {
            if (arg_value)
                err = CL_INVALID_ARG_VALUE;
            else if (arg_size == 0 || arg_size > OCL_LDS_BYTES)
                err = CL_INVALID_ARG_SIZE;
            a.value = arg_size;
            a.size = (uint32_t)arg_size;
        } else if (info->kind == WS_ARG_BUFFER || info->kind == WS_ARG_IMAGE) {
            cl_mem m = arg_value && arg_size == sizeof(cl_mem) ? *(const cl_mem *)arg_value : NULL;
            if (arg_size != sizeof(cl_mem))
                err = CL_INVALID_ARG_SIZE;
            else if ((m && (!ocl_valid(m, OCL_MEM) || m->ctx != k->prog->ctx)) ||
                     (m && (info->kind == WS_ARG_IMAGE) != (m->image != NULL)) || (!m && info->kind == WS_ARG_IMAGE))
                err = CL_INVALID_MEM_OBJECT; /* a buffer for a buffer, an image for an image */
            a.mem = m;
            a.size = 8;
        } else if (info->kind == WS_ARG_SAMPLER) {
            cl_sampler sm = arg_value && arg_size == sizeof(cl_sampler) ? *(const cl_sampler *)arg_value : NULL;
            if (arg_size != sizeof(cl_sampler))
                err = CL_INVALID_ARG_SIZE;
            else if (!ocl_valid(sm, OCL_SAMPLER) || sm->ctx != k->prog->ctx)
                err = CL_INVALID_SAMPLER;
            a.sampler = sm;
            a.value = sm ? sm->addr : 0;
            a.size = 8;
        } else {
            if (arg_size != info->size)
                err = CL_INVALID_ARG_SIZE;
            else if (!arg_value)
                err = CL_INVALID_ARG_VALUE;
            else if (arg_size > 8 && !(a.bytes = malloc(arg_size)))
                err = CL_OUT_OF_HOST_MEMORY;
            else {
                if (arg_size > 8)
                    memcpy(a.bytes, arg_value, arg_size);
                else
                    memcpy(&a.value, arg_value, arg_size);
                a.size = (uint32_t)arg_size;
            }
        }
    }
    if (!err) {
        ocl_arg *slot = &k->args[arg_index];
        if (a.mem)
            ocl_mem_hold(a.mem);
        if (a.sampler)
            ocl_sampler_hold(a.sampler);
        if (slot->mem)
            ocl_mem_drop(slot->mem);
        if (slot->sampler)
            ocl_sampler_drop(slot->sampler);
        free(slot->bytes);
        *slot = a;
    }
    ocl_unlock();
    return err;
}

static size_t ocl_kernel_max_group(cl_kernel k)
{
    size_t m = k->props.max_flat_workgroup_size ? k->props.max_flat_workgroup_size : OCL_MAX_WG;
    return m < OCL_MAX_WG ? m : OCL_MAX_WG;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel k, cl_kernel_info param_name, size_t param_value_size,
                                                void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_KERNEL;
    if (ocl_valid(k, OCL_KERNEL)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        switch (param_name) {
        case CL_KERNEL_FUNCTION_NAME: err = ocl_info_str(k->name, s, v, r); break;
        case CL_KERNEL_NUM_ARGS: u = (cl_uint)k->nargs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_KERNEL_REFERENCE_COUNT: u = k->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_KERNEL_CONTEXT: err = ocl_info(&k->prog->ctx, sizeof k->prog->ctx, s, v, r); break;
        case CL_KERNEL_PROGRAM: err = ocl_info(&k->prog, sizeof k->prog, s, v, r); break;
        case CL_KERNEL_ATTRIBUTES: {
            char attr[96] = "";
            if (k->props.reqd_workgroup_size[0])
                snprintf(attr, sizeof attr, "reqd_work_group_size(%u,%u,%u)", k->props.reqd_workgroup_size[0],
                         k->props.reqd_workgroup_size[1], k->props.reqd_workgroup_size[2]);
            err = ocl_info_str(attr, s, v, r);
            break;
        }
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id device,
                                                         cl_kernel_work_group_info param_name, size_t param_value_size,
                                                         void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = !ocl_valid(k, OCL_KERNEL) ? CL_INVALID_KERNEL
                 : device && device != &ocl_the_device ? CL_INVALID_DEVICE
                                                       : CL_SUCCESS;
    if (!err) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        size_t sz, wg[3];
        cl_ulong ul;
        switch (param_name) {
        case CL_KERNEL_WORK_GROUP_SIZE: sz = ocl_kernel_max_group(k); err = ocl_info(&sz, sizeof sz, s, v, r); break;
        case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
            for (int d = 0; d < 3; d++)
                wg[d] = k->props.reqd_workgroup_size[d];
            err = ocl_info(wg, sizeof wg, s, v, r);
            break;
        case CL_KERNEL_LOCAL_MEM_SIZE:
            ul = k->props.group_segment_fixed_size;
            for (int i = 0; i < k->nargs; i++)
                if (k->args[i].set && k->args[i].kind == WS_ARG_LOCAL)
                    ul += k->args[i].value;
            err = ocl_info(&ul, sizeof ul, s, v, r);
            break;
        case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
            sz = (size_t)k->props.wave_size;
            err = ocl_info(&sz, sizeof sz, s, v, r);
            break;
        case CL_KERNEL_PRIVATE_MEM_SIZE:
            ul = k->props.private_segment_fixed_size;
            err = ocl_info(&ul, sizeof ul, s, v, r);
            break;
        case CL_KERNEL_GLOBAL_WORK_SIZE: err = CL_INVALID_VALUE; break; /* only for built-in kernels */
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel k, cl_uint arg_index, cl_kernel_arg_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = !ocl_valid(k, OCL_KERNEL) ? CL_INVALID_KERNEL
                 : arg_index >= (cl_uint)k->nargs ? CL_INVALID_ARG_INDEX
                                                  : CL_SUCCESS;
    if (!err) {
        const ws_arg_info *a = &k->info[arg_index];
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        int have = a->type_name && a->type_name[0];
        switch (param_name) {
        case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
            const char *as = a->address_space ? a->address_space : "";
            cl_kernel_arg_address_qualifier q = strcmp(as, "global") == 0 || a->kind == WS_ARG_IMAGE
                                                    ? CL_KERNEL_ARG_ADDRESS_GLOBAL /* images live in global memory */
                                                : strcmp(as, "constant") == 0 ? CL_KERNEL_ARG_ADDRESS_CONSTANT
                                                : strcmp(as, "local") == 0 || a->kind == WS_ARG_LOCAL
                                                    ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                                    : CL_KERNEL_ARG_ADDRESS_PRIVATE;
            err = ocl_info(&q, sizeof q, s, v, r);
            break;
        }
        case CL_KERNEL_ARG_ACCESS_QUALIFIER: {
            const char *acc = a->kind == WS_ARG_IMAGE && a->access ? a->access : ""; /* only images have one */
            cl_kernel_arg_access_qualifier q = strcmp(acc, "read_only") == 0    ? CL_KERNEL_ARG_ACCESS_READ_ONLY
                                               : strcmp(acc, "write_only") == 0 ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
                                               : strcmp(acc, "read_write") == 0 ? CL_KERNEL_ARG_ACCESS_READ_WRITE
                                               : a->kind == WS_ARG_IMAGE        ? CL_KERNEL_ARG_ACCESS_READ_ONLY
                                                                                : CL_KERNEL_ARG_ACCESS_NONE;
            err = ocl_info(&q, sizeof q, s, v, r);
            break;
        }
        case CL_KERNEL_ARG_TYPE_NAME:
            err = have ? ocl_info_str(a->type_name, s, v, r) : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
            break;
        case CL_KERNEL_ARG_TYPE_QUALIFIER: {
            cl_kernel_arg_type_qualifier q = CL_KERNEL_ARG_TYPE_NONE;
            if (a->is_const || (a->address_space && strcmp(a->address_space, "constant") == 0))
                q |= CL_KERNEL_ARG_TYPE_CONST;
            if (a->is_volatile)
                q |= CL_KERNEL_ARG_TYPE_VOLATILE;
            if (a->is_restrict)
                q |= CL_KERNEL_ARG_TYPE_RESTRICT;
            err = ocl_info(&q, sizeof q, s, v, r);
            break;
        }
        case CL_KERNEL_ARG_NAME:
            err = a->name && a->name[0] ? ocl_info_str(a->name, s, v, r) : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
            break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

int ocl_args_copy(ocl_arg *dst, const ocl_arg *src, int n)
{
    for (int i = 0; i < n; i++) {
        dst[i] = src[i];
        dst[i].bytes = NULL;
        if (src[i].bytes && !(dst[i].bytes = malloc(src[i].size))) {
            while (i-- > 0) {
                free(dst[i].bytes);
                if (dst[i].mem)
                    ocl_mem_drop(dst[i].mem);
                if (dst[i].sampler)
                    ocl_sampler_drop(dst[i].sampler);
                dst[i].bytes = NULL;
                dst[i].mem = NULL;
                dst[i].sampler = NULL;
            }
            return -1;
        }
        if (src[i].bytes)
            memcpy(dst[i].bytes, src[i].bytes, src[i].size);
        if (dst[i].mem)
            ocl_mem_hold(dst[i].mem);
        if (dst[i].sampler)
            ocl_sampler_hold(dst[i].sampler);
    }
    return 0;
}

void ocl_args_free(ocl_arg *args, int n)
{
    for (int i = 0; args && i < n; i++) {
        free(args[i].bytes);
        if (args[i].mem)
            ocl_mem_drop(args[i].mem);
        if (args[i].sampler)
            ocl_sampler_drop(args[i].sampler);
    }
    free(args);
}

/* ---------- launches ---------- */

static cl_int ocl_run_kernel(ocl_cmd *c)
{
    cl_kernel k = c->kernel;
    int n = k->nargs;
    ws_arg *args = calloc((size_t)n + 1, sizeof *args);
    if (!args)
        return CL_OUT_OF_HOST_MEMORY;
    for (int i = 0; i < n; i++) {
        const ocl_arg *a = &c->args[i];
        args[i].kind = a->kind;
        args[i].size = a->size;
        args[i].data = a->bytes;
        args[i].value = a->kind == WS_ARG_BUFFER  ? (a->mem ? a->mem->addr : 0)
                        : a->kind == WS_ARG_IMAGE ? ocl_image_arg(a->mem)
                                                  : a->value;
        if (a->mem)
            ocl_mem_to_device(a->mem);
    }
    char msg[1024];
    int rc = ws_launch(c->queue->ctx->dev, k->prog->exe, k->name, &c->dims, args, n, NULL, msg, sizeof msg);
    free(args);
    for (int i = 0; i < n; i++)
        if (c->args[i].mem)
            ocl_mem_to_host(c->args[i].mem);
    if (rc) {
        char report[1200];
        snprintf(report, sizeof report, "wavesim: kernel %s failed: %s", k->name, msg);
        ocl_context_report(c->queue->ctx, report);
        /* an application sees only an error status; the reason goes where a user looks for it */
        fprintf(stderr, "%s\n", report);
        return CL_OUT_OF_RESOURCES;
    }
    return CL_SUCCESS;
}

/* The largest divisor of n that is at most limit. */
static size_t ocl_divisor(size_t n, size_t limit)
{
    for (size_t d = limit < n ? limit : n; d > 1; d--)
        if (n % d == 0)
            return d;
    return 1;
}

/* A work-group size for a NULL local size: the kernel's required one, else up to 256 work-items
   (16x16, 8x8x4) that divide the global size, as AMD's runtime picks; a group of fewer than 32
   (a prime global size) becomes a full-size group with a partial last one when the program allows it. */
static void ocl_pick_local(cl_kernel k, cl_uint dims, const size_t *global, size_t *local)
{
    if (k->props.reqd_workgroup_size[0]) {
        for (cl_uint d = 0; d < dims; d++)
            local[d] = k->props.reqd_workgroup_size[d];
        return;
    }
    size_t limit = ocl_kernel_max_group(k) < 256 ? ocl_kernel_max_group(k) : 256;
    static const size_t caps[3][3] = {{256, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    size_t used = 1;
    for (cl_uint d = 0; d < dims; d++) {
        size_t cap = caps[dims - 1][d];
        if (cap > limit / used)
            cap = limit / used;
        local[d] = ocl_divisor(global[d], cap ? cap : 1);
        if (local[d] < 32 && local[d] < global[d] && dims == 1 && !k->prog->uniform_groups)
            local[d] = global[d] < cap ? global[d] : cap;
        used *= local[d];
    }
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint work_dim,
                                                       const size_t *global_work_offset,
                                                       const size_t *global_work_size, const size_t *local_work_size,
                                                       cl_uint num_events_in_wait_list,
                                                       const cl_event *event_wait_list, cl_event *event)
{
    ocl_lock();
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(q, OCL_QUEUE))
        err = CL_INVALID_COMMAND_QUEUE;
    else if (!ocl_valid(k, OCL_KERNEL))
        err = CL_INVALID_KERNEL;
    else if (k->prog->ctx != q->ctx)
        err = CL_INVALID_CONTEXT;
    else if (work_dim < 1 || work_dim > 3)
        err = CL_INVALID_WORK_DIMENSION;
    else if (!global_work_size)
        err = CL_INVALID_GLOBAL_WORK_SIZE;
    for (int i = 0; !err && i < k->nargs; i++)
        if (!k->args[i].set)
            err = CL_INVALID_KERNEL_ARGS;
    size_t local[3] = {1, 1, 1}, total = 1, lds = 0;
    int empty = 0;
    for (cl_uint d = 0; !err && d < work_dim; d++) {
        if (global_work_size[d] > 0xffffffffu)
            err = CL_INVALID_GLOBAL_WORK_SIZE;
        else if (global_work_offset && global_work_offset[d] > SIZE_MAX - global_work_size[d])
            err = CL_INVALID_GLOBAL_OFFSET;
        empty |= global_work_size[d] == 0;
    }
    if (!err && local_work_size) {
        for (cl_uint d = 0; d < work_dim && !err; d++) {
            local[d] = local_work_size[d];
            if (local[d] == 0)
                err = CL_INVALID_WORK_GROUP_SIZE;
            else if (local[d] > OCL_MAX_WG)
                err = CL_INVALID_WORK_ITEM_SIZE;
            else if (k->props.reqd_workgroup_size[0] && local[d] != k->props.reqd_workgroup_size[d])
                err = CL_INVALID_WORK_GROUP_SIZE;
            else if (!empty && k->prog->uniform_groups && global_work_size[d] % local[d])
                err = CL_INVALID_WORK_GROUP_SIZE;
            total *= local[d];
        }
        if (!err && total > ocl_kernel_max_group(k))
            err = CL_INVALID_WORK_GROUP_SIZE;
    } else if (!err && !empty) {
        ocl_pick_local(k, work_dim, global_work_size, local);
    }
    if (!err) {
        lds = k->props.group_segment_fixed_size;
        for (int i = 0; i < k->nargs; i++)
            if (k->args[i].kind == WS_ARG_LOCAL)
                lds += k->args[i].value;
        if (lds > OCL_LDS_BYTES)
            err = CL_OUT_OF_RESOURCES;
    }
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_NDRANGE_KERNEL, num_events_in_wait_list, event_wait_list, &err);
    if (c && !empty) { /* the arguments as they are now: later clSetKernelArg calls do not change this launch */
        c->args = calloc((size_t)k->nargs + 1, sizeof *c->args);
        if (!c->args || ocl_args_copy(c->args, k->args, k->nargs)) {
            free(c->args);
            c->args = NULL;
            ocl_cmd_free(c);
            c = NULL;
            err = CL_OUT_OF_HOST_MEMORY;
        }
    }
    if (c) {
        if (!empty) {
            c->kernel = k;
            ocl_kernel_hold(k);
            c->run = ocl_run_kernel;
            c->dims.dims = (int)work_dim;
            for (int d = 0; d < 3; d++) {
                c->dims.global[d] = d < (int)work_dim ? (uint32_t)global_work_size[d] : 1;
                c->dims.local[d] = d < (int)work_dim ? (uint32_t)local[d] : 1;
                c->dims.offset[d] = d < (int)work_dim && global_work_offset ? global_work_offset[d] : 0;
            }
        }
        err = ocl_cmd_submit(c, event, 0);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event)
{
    const size_t one = 1;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, num_events_in_wait_list, event_wait_list, event);
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(cl_command_queue q, void(CL_CALLBACK *user_func)(void *),
                                                      void *args, size_t cb_args, cl_uint num_mem_objects,
                                                      const cl_mem *mem_list, const void **args_mem_loc,
                                                      cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                      cl_event *event)
{
    (void)user_func;
    (void)args;
    (void)cb_args;
    (void)num_mem_objects;
    (void)mem_list;
    (void)args_mem_loc;
    (void)num_events_in_wait_list;
    (void)event_wait_list;
    (void)event;
    ocl_lock();
    int ok = ocl_valid(q, OCL_QUEUE);
    ocl_unlock();
    /* CL_DEVICE_EXECUTION_CAPABILITIES has no CL_EXEC_NATIVE_KERNEL */
    return ok ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}
