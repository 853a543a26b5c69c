/* wavesim public C API: a simulated GPU device with memory, programs loaded from HSA code objects
   (or assembled from RDNA3 assembly), kernel launches, statistics and faults. Functions return 0 or
   a handle on success, and -1 or NULL with one line in `err` on failure; nothing here prints or
   exits. */
#ifndef WAVESIM_H
#define WAVESIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_device ws_device;
typedef struct ws_program ws_program;

/* Receives one line of text (no newline) per executed instruction while tracing. */
typedef void (*ws_trace_fn)(void *ctx, const char *line);

typedef struct {
    int threads;                /* host threads running workgroups; 0 = all cores */
    uint64_t max_instructions;  /* per workgroup before a launch is declared runaway; 0 = default */
    /* Tracing: every executed instruction as "wg(X,Y,Z) wN pc=0x... exec=0x... TEXT ; WRITES" where
       WRITES lists each register whose contents changed (VGPRs with all lanes, inactive lanes as
       --------). Workgroups then run one at a time, in order, so traces are reproducible. */
    ws_trace_fn trace;
    void *trace_ctx;
    /* The simulated device (0 = gfx1100 defaults: 96 compute units, 16 workgroups resident on
       each, 65536 bytes of LDS per workgroup). */
    int compute_units, groups_per_cu;
    uint32_t lds_bytes;
    /* SH_MEM_CONFIG.alignment_mode for non-format vector memory accesses (WS_ALIGN_*). */
    int alignment_mode;
    /* Record a timeline of every launch (ws_timeline_write): which compute unit and slot ran each
       workgroup, a span per wave, barrier waits, faults. */
    int timeline;
    /* Run without the executor's speed tricks (the per-wave memo of the last device allocation hit,
       the two-address LDS load loop, whole-dword GLOBAL and LDS loads and stores, the vectorized f32
       fma pass): the reference paths, which must give the same results and traces (RDNA3; make test
       compares both). */
    int no_fast_paths;
    /* Run without the translation tier (the code runs as host code that calls each instruction's
       function in turn): the interpreter only. no_fast_paths turns it off too. Same results. */
    int no_translate;
} ws_options;

enum {
    WS_ALIGN_UNALIGNED = 0,   /* any alignment (default: what amdgpu programs on gfx11) */
    WS_ALIGN_DWORD = 1,       /* the low address bits below min(size, 4) are ignored */
    WS_ALIGN_DWORD_STRICT = 2,/* misaligned to min(size, 4): MEMVIOL, load reads 0, store dropped */
    WS_ALIGN_STRICT = 3       /* misaligned to the access size: MEMVIOL, load reads 0, store dropped */
};

ws_device *ws_device_create(const ws_options *options);
void ws_device_destroy(ws_device *dev);

/* Device memory: allocations in a sparse 64-bit space; an access outside them is a fault. */
uint64_t ws_alloc(ws_device *dev, size_t bytes);             /* zeroed; 0 when out of memory */
int ws_free(ws_device *dev, uint64_t addr);
int ws_write(ws_device *dev, uint64_t addr, const void *src, size_t bytes);
int ws_read(ws_device *dev, uint64_t addr, void *dst, size_t bytes);

/* Programs: an HSA code object image (clang-19 output or `wavesim as -o`), or RDNA3 assembly. Loading
   places the image (code, constants, program-scope variables) in the device's memory, so free a
   program before destroying its device. */
ws_program *ws_program_load(ws_device *dev, const void *image, size_t bytes, char *err, size_t errsize);
ws_program *ws_program_assemble(ws_device *dev, const char *source, const char *filename, int wave64, char *err,
                                size_t errsize);
void ws_program_free(ws_program *prog);

/* IMAGE and SAMPLER: the device address of an image object (ws_image_object) or a sampler
   descriptor (ws_sampler_descriptor), 8 bytes in the kernarg block as ROCm's runtime passes them. */
typedef enum { WS_ARG_BUFFER, WS_ARG_VALUE, WS_ARG_LOCAL, WS_ARG_IMAGE, WS_ARG_SAMPLER } ws_arg_kind;

typedef struct {
    const char *name;           /* may be empty */
    const char *type_name;
    ws_arg_kind kind;
    uint32_t size;              /* bytes in the kernarg block */
    const char *address_space;  /* "global", "constant", "local", "private", "generic" or "" */
    const char *access;         /* "read_only", "write_only", "read_write" or "" */
    int is_const, is_volatile, is_restrict;
} ws_arg_info;

int ws_kernel_count(const ws_program *prog);
const char *ws_kernel_name(const ws_program *prog, int index);
/* The explicit (non-hidden) arguments of a kernel; -1 if there is no such kernel. */
int ws_kernel_arg_count(const ws_program *prog, const char *kernel);
int ws_kernel_arg(const ws_program *prog, const char *kernel, int index, ws_arg_info *info);

/* What the code object says about a kernel besides its arguments. */
typedef struct {
    uint32_t reqd_workgroup_size[3];    /* reqd_work_group_size(X,Y,Z); zeros when not required */
    uint32_t max_flat_workgroup_size;   /* the most work-items per group it was compiled for */
    uint32_t group_segment_fixed_size;  /* bytes of LDS it declares itself (without __local arguments) */
    uint32_t private_segment_fixed_size;/* bytes of scratch per work-item */
    int wave_size;                      /* 32 or 64 */
} ws_kernel_props;
int ws_kernel_properties(const ws_program *prog, const char *kernel, ws_kernel_props *props);

typedef struct {
    ws_arg_kind kind;
    uint64_t value;             /* BUFFER, IMAGE, SAMPLER: device address; VALUE: the bits (little-endian) */
    uint32_t size;              /* VALUE: its bytes (as the kernel declares); LOCAL: bytes of dynamic LDS */
    const void *data;           /* VALUE of more than 8 bytes (vectors, structs): the bytes; else NULL */
} ws_arg;

typedef struct {
    uint32_t global[3], local[3];  /* work-items; the last group may be partial */
    uint64_t offset[3];            /* global offset */
    int dims;                      /* 1, 2 or 3 */
} ws_dims;

/* Warning kinds: MEMVIOL under a strict alignment mode; the hazards seed 000 leaves to software
   (a WMMA reading the result of the WMMA just before it; V_PERMLANE right after V_CMPX). */
enum { WS_WARN_MEMVIOL, WS_WARN_WMMA_HAZARD, WS_WARN_PERMLANE_HAZARD, WS_WARN_COUNT };
const char *ws_warning_name(int kind);

typedef struct {
    uint64_t wave_instructions, lane_instructions;  /* lane: summed over the lanes EXEC enabled */
    uint64_t salu, smem, valu, vmem, lds, branch, other, vopd;
    uint64_t workgroups, waves;
    int wave_size;                                  /* 32 or 64: utilisation is lane / (wave x size) */
    double seconds;                                 /* wall time of the dispatch */
    /* Warnings (the program ran, but relies on something it should not): counts and the first
       occurrence of each kind, "wave W of workgroup (X,Y,Z), pc 0x...: INSTRUCTION: reason". */
    uint64_t warnings[WS_WARN_COUNT];
    char first_warning[WS_WARN_COUNT][320];
} ws_stats;

/* Images as the gfx1100 texture unit reads them: linear (row-major) layouts of the T# formats, the
   resource descriptor T#, and the 12-dword image object ROCm's runtime gives a kernel (T#, then the
   HSA channel type, channel order and width that the device libraries read for get_image_*).
   docs/image-facts.md has the layouts and their sources. */
typedef enum { WS_IMAGE_1D = 8, WS_IMAGE_2D = 9, WS_IMAGE_3D = 10, WS_IMAGE_1D_ARRAY = 12,
               WS_IMAGE_2D_ARRAY = 13 } ws_image_type; /* the T# TYPE codes */
typedef struct {
    ws_image_type type;
    unsigned format;            /* the T# FORMAT (the guide's Table 52), e.g. 43 for 8_8_8_8_UNORM */
    uint8_t dst_sel[4];         /* the channels R, G, B, A read: 0 zero, 1 one, 4..7 memory X..W */
    uint32_t width, height, depth, layers; /* unused ones 1 */
    uint64_t addr;              /* device address of texel (0, 0), 256-byte aligned */
} ws_image;
/* The linear layout: bytes per texel, row pitch (bytes, a multiple of 256), slice pitch (bytes)
   and total bytes; 0, or -1 for an unknown format or sizes beyond the descriptor's fields. */
int ws_image_layout(const ws_image *img, uint32_t *element, uint64_t *row_pitch, uint64_t *slice_pitch,
                    uint64_t *bytes);
/* The 8-dword T#. */
void ws_image_tsharp(const ws_image *img, uint32_t t[8]);
/* The 12-dword image object (T#, hsa_channel_type, hsa_channel_order, width, 0). */
void ws_image_object(const ws_image *img, uint32_t hsa_channel_type, uint32_t hsa_channel_order, uint32_t obj[12]);
/* One texel's bytes for channel values R, G, B, A (float32 bits, or integers for UINT/SINT
   formats), converted as an image store converts them; 0 or -1 for an unknown format. */
int ws_image_encode(const ws_image *img, const uint32_t rgba[4], uint8_t *texel);
/* A sampler S#: clamp modes per axis (0 wrap, 1 mirror, 2 clamp to edge, 6 clamp to border...),
   unnormalized coordinates, bilinear filtering, border colour type (0 transparent black). */
typedef struct {
    uint8_t clamp[3];
    int unnormalized, linear;
    uint8_t border;
} ws_sampler;
void ws_sampler_descriptor(const ws_sampler *s, uint32_t d[4]);

/* Runs a kernel to completion. A guest fault (bad address, illegal instruction, runaway) is an
   error naming the wave, PC, instruction and reason. */
int ws_launch(ws_device *dev, ws_program *prog, const char *kernel, const ws_dims *dims, const ws_arg *args,
              int nargs, ws_stats *stats, char *err, size_t errsize);

/* Receives text piece by piece; returns 0, or -1 to stop. */
typedef int (*ws_write_fn)(void *ctx, const char *text, size_t len);

/* All bytes of a stream (a code object, a source file), NUL-terminated and malloc'ed, their count
   in *size; NULL when out of memory. */
char *ws_read_stream(FILE *f, size_t *size);

/* Writes the timeline of the device's last launch (also of one that faulted) as a Chrome/Perfetto
   trace in JSON (open it in ui.perfetto.dev or chrome://tracing): one process per compute unit, one
   thread per workgroup slot and wave, a span per wave with its workgroup id and instruction count,
   barrier waits as spans, faults as instant events. Time counts instructions (each wave issues one
   per unit), not cycles, so the picture is the same for any number of host threads. -1 when the
   device records no timeline (ws_options.timeline) or nothing was launched yet. */
int ws_timeline_write(ws_device *dev, ws_write_fn fn, void *ctx, char *err, size_t errsize);

/* OpenCL C compilation: clang-19 for gfx1100 with an OpenCL builtin library, into an HSA code object
   that ws_program_load takes (what `wavesim cc` and the OpenCL platform run). The library is AMD's own
   (the ROCm device libraries, linked as bitcode the way AMD's OpenCL compiler links them) when they
   are installed, else wavesim's header include/wavesim/wavesim_cl.h (math as bare hardware
   instructions, not OpenCL-conformant). The compiler is $WAVESIM_CLANG, else clang-19 on PATH, else
   /usr/lib/llvm-19/bin/clang; the device libraries $WAVESIM_DEVICE_LIBS, else Debian's or ROCm's. */
typedef struct {
    const char *builtins;          /* "rocm", "wavesim", or NULL: rocm when installed, else wavesim */
    int wave64;
    const char *mcpu;              /* NULL: gfx1100 */
    int link_only;                 /* the inputs are objects or bitcode: no OpenCL language options */
    const char *const *clang_args; /* passed on unchanged after ours: inputs, -o, -O3, -D, -I, -cl-*... */
    int nclang_args;
    int log_fd;                    /* clang's stdout and stderr go here; -1 keeps the caller's */
} ws_cc_options;

/* Runs clang. Returns its exit status (0: compiled), or -1 with one line in `err` when it cannot run
   (no clang-19; "rocm" asked and no device libraries; no temporary directory). `note` receives a
   warning for the user ("" when none): the non-conformant builtins were chosen because the device
   libraries are missing. */
int ws_cc(const ws_cc_options *options, char *note, size_t notesize, char *err, size_t errsize);
/* The command ws_cc would run for these options, as one shell-quoted line in `out`, without running
   it: a build system or a cache can key compiled objects on it. wavesim's builtin header, written to a
   temporary file only when ws_cc runs, is shown as wavesim_cl.h@fnv1a64:HASH of its content. Returns
   0, or -1 with one line in `err` (what ws_cc would refuse; the line does not fit in outsize). */
int ws_cc_command(const ws_cc_options *options, char *out, size_t outsize, char *err, size_t errsize);
/* The clang-19 that ws_cc runs, or NULL when there is none. */
const char *ws_cc_clang(void);

#ifdef __cplusplus
}
#endif

#endif
