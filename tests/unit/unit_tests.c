/* Unit tests of library internals: table integrity and bit helpers; the core (device memory, the
   thread pool, the timeline); IEEE rounding (fp) against the host's own float conversion in every
   rounding mode; MessagePack against byte sequences of the MessagePack specification. */
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/elf32.h"
#include "common/elf64.h"
#include "common/fp.h"
#include "common/msgpack.h"
#include "core/core_mem.h"
#include "core/core_pool.h"
#include "core/core_timeline.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/exec/r3_exec.h"
#include "ventus/codec/vt_isa.h"

static int passed, failed;

#define CHECK(cond, ...)                                  \
    do {                                                  \
        if (cond) {                                       \
            passed++;                                     \
        } else {                                          \
            failed++;                                     \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);   \
            printf(__VA_ARGS__);                          \
            printf("\n");                                 \
        }                                                 \
    } while (0)

static void test_tables(void)
{
    CHECK(r3_isa_init() == 0, "tables parse");
    size_t n = r3_isa_count();
    CHECK(n > 1000, "table has %zu rows", n);
    for (size_t i = 0; i < n; i++) {
        const r3_opinfo *op = r3_isa_at(i);
        const r3_opinfo *back = r3_isa_lookup((r3_format)op->format, op->opcode);
        CHECK(back == op, "%s: opcode lookup round trip", op->mnemonic);
    }
}

/* Every row of a compute format runs a function, except the rows isa/rdna3/unimplemented.def lists;
   graphics rows run none. */
static void test_handlers(void)
{
    static const char *const unimplemented[] = {
#define R3_UNIMPLEMENTED(h) #h,
#include "../../isa/rdna3/unimplemented.def"
#undef R3_UNIMPLEMENTED
    };
    CHECK(r3_exec_init() == 0, "the dispatch table has one entry per row");
    size_t n = r3_isa_count(), bound = 0, listed = 0;
    for (size_t i = 0; i < n; i++) {
        const r3_opinfo *op = r3_isa_at(i);
        int graphics = op->format == R3_VINTERP || op->format == R3_LDSDIR || op->format == R3_EXP;
        int unlisted = 1;
        for (size_t k = 0; k < sizeof unimplemented / sizeof unimplemented[0]; k++)
            if (strcmp(op->mnemonic, unimplemented[k]) == 0)
                unlisted = 0;
        listed += !unlisted;
        int has = r3_exec_fn_of(op) != NULL;
        bound += has;
        CHECK(has == (!graphics && unlisted), "%s: %s", op->mnemonic, has ? "runs a function" : "runs none");
    }
    CHECK(bound == r3_exec_count() && listed == sizeof unimplemented / sizeof unimplemented[0],
          "%zu rows bound, %zu listed as unimplemented", bound, listed);
}

static void test_bits(void)
{
    uint32_t w[2] = {0, 0};
    r3_bits b = {1, 27, 2};
    r3_set(w, b, 3);
    CHECK(w[1] == (3u << 27) && r3_get(w, b) == 3, "bit field set/get");
    r3_set(w, b, 5);
    CHECK(r3_get(w, b) == 1, "bit field truncates");
}

static void test_core_mem(void)
{
    core_mem m;
    core_mem_init(&m);
    uint64_t a = core_mem_alloc(&m, 100), b = core_mem_alloc(&m, 4096);
    CHECK(a && b && a % 256 == 0 && b % 256 == 0 && (b >= a + 100 || a >= b + 4096), "two aligned disjoint allocations");
    uint8_t *p = core_mem_ptr(&m, a, 100);
    CHECK(p && p[0] == 0 && p[99] == 0, "allocations are zeroed");
    CHECK(core_mem_ptr(&m, a, 101) == NULL, "an access one byte past the end is refused");
    CHECK(core_mem_ptr(&m, a + 99, 1) == p + 99, "the last byte is inside");
    CHECK(core_mem_lookup(&m, b + 4095) && core_mem_lookup(&m, b + 4095)->base == b, "lookup of the last byte");
    CHECK(core_mem_alloc_at(&m, b + 16, 16) == -1, "a fixed allocation overlapping another is refused");
    CHECK(core_mem_alloc_at(&m, 0x7000000000ull, 64) == 0 && core_mem_ptr(&m, 0x7000000000ull, 64), "fixed address");
    CHECK(core_mem_release(&m, a) == 0 && core_mem_ptr(&m, a, 1) == NULL, "a released allocation is gone");
    CHECK(core_mem_release(&m, a) == -1, "releasing twice is an error");
    core_mem_free_all(&m);
}

static int pool_item(void *ctx, uint64_t item, int thread)
{
    uint8_t *ran = ctx;
    (void)thread;
    __atomic_store_n(&ran[item], 1, __ATOMIC_RELAXED);
    return item == 37 || item == 90 ? -1 : 0;
}

static int pool_ok(void *ctx, uint64_t item, int thread)
{
    uint8_t *ran = ctx;
    (void)thread;
    __atomic_add_fetch(&ran[item], 1, __ATOMIC_RELAXED);
    return 0;
}

static void test_core_pool(void)
{
    uint8_t ran[100];
    for (int threads = 1; threads <= 4; threads++) {
        memset(ran, 0, sizeof ran);
        uint64_t bad_item = 0;
        CHECK(core_pool_run(100, threads, pool_ok, ran, &bad_item) == 0, "pool: all items succeed");
        int once = 1;
        for (int i = 0; i < 100; i++)
            once &= ran[i] == 1;
        CHECK(once, "pool on %d threads: every item ran exactly once", threads);
        memset(ran, 0, sizeof ran);
        CHECK(core_pool_run(100, threads, pool_item, ran, &bad_item) == -1 && bad_item == 37,
              "pool on %d threads: the lowest failing item (37) is reported, got %llu", threads,
              (unsigned long long)bad_item);
        int before = 1;
        for (int i = 0; i < 37; i++)
            before &= ran[i] == 1;
        CHECK(before, "pool on %d threads: every item before the failure ran", threads);
    }
}

static int collect(void *ctx, const char *text, size_t len)
{
    char **buf = ctx;
    size_t have = *buf ? strlen(*buf) : 0;
    char *n = realloc(*buf, have + len + 1);
    if (!n)
        return -1;
    memcpy(n + have, text, len);
    n[have + len] = 0;
    *buf = n;
    return 0;
}

static void test_core_timeline(void)
{
    char err[200];
    CHECK(core_timeline_new((1ull << 22) + 1, 1, err, sizeof err) == NULL && strstr(err, "at most"),
          "timeline: too many workgroups is an error");
    core_timeline *t = core_timeline_new(3, 2, err, sizeof err);
    CHECK(t != NULL, "timeline: new");
    if (!t)
        return;
    const uint32_t id0[3] = {0, 0, 0}, id1[3] = {1, 0, 0}, id2[3] = {2, 0, 0};
    /* group 0: wave 0 reaches the barrier after 5 instructions, wave 1 after 9; both end at 20 */
    core_timeline_group(t, 0, id0, 2);
    core_timeline_barrier(t, 0, 0, 5);
    core_timeline_barrier(t, 0, 1, 9);
    core_timeline_wave_end(t, 0, 0, 20);
    core_timeline_wave_end(t, 0, 1, 20);
    core_timeline_group(t, 1, id1, 1);
    core_timeline_wave_end(t, 1, 0, 7);
    core_timeline_fault(t, 1, 0, 7, "bad \"address\"\n");
    core_timeline_group(t, 2, id2, 1);
    core_timeline_wave_end(t, 2, 0, 3);
    core_device dev = {2, 1, 65536};
    const core_timeline *one[1] = {t};
    char *json = NULL;
    CHECK(core_timeline_write(one, 1, &dev, "test", "wave", collect, &json) == 0 && json, "timeline: written");
    if (json) {
        /* wave 0 waits 4 units (arrives at 5, released at 9) and so ends at 24; wave 1 at 20 */
        CHECK(strstr(json, "\"name\":\"barrier wait\",\"cat\":\"barrier\",\"ph\":\"X\",\"pid\":0,\"tid\":0,\"ts\":5,\"dur\":4") != NULL,
              "timeline: the early wave waits from 5 to 9");
        CHECK(strstr(json, "\"pid\":0,\"tid\":0,\"ts\":0,\"dur\":24,") != NULL, "timeline: wave 0 spans 24");
        CHECK(strstr(json, "\"pid\":0,\"tid\":1,\"ts\":0,\"dur\":20,") != NULL, "timeline: wave 1 spans 20");
        /* group 1 on compute unit 1; group 2 on compute unit 0 after group 0 (one slot) */
        CHECK(strstr(json, "\"name\":\"wg(1,0,0) wave 0\",\"cat\":\"wave\",\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":0,\"dur\":7") != NULL,
              "timeline: group 1 on compute unit 1");
        CHECK(strstr(json, "\"name\":\"wg(2,0,0) wave 0\",\"cat\":\"wave\",\"ph\":\"X\",\"pid\":0,\"tid\":0,\"ts\":24,\"dur\":3") != NULL,
              "timeline: group 2 starts when group 0 ends");
        CHECK(strstr(json, "\"message\":\"bad \\\"address\\\"\\u000a\"") != NULL, "timeline: the fault text is escaped JSON");
    }
    free(json);
    core_timeline_free(t);
}

/* The host's double -> float conversion under rounding mode `mode` (out of line, so the compiler
   cannot move the conversion across the mode change). */
static __attribute__((noinline)) float host_f32(double d, int mode)
{
    int old = fegetround();
    fesetround(mode);
    volatile double vd = d;
    volatile float f = (float)vd;
    fesetround(old);
    return f;
}

/* fp_f64_to_f32 against the host's own double -> float conversion in each rounding mode. */
static void test_fp_round(void)
{
    static const struct {
        fp_round r;
        int host;
    } modes[] = {{FP_RNE, FE_TONEAREST}, {FP_RUP, FE_UPWARD}, {FP_RDN, FE_DOWNWARD}, {FP_RTZ, FE_TOWARDZERO}};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    int bad = 0, n = 0;
    for (int m = 0; m < 4; m++) {
        for (int i = 0; i < 20000; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            /* exponents around the f32 range, denormals and overflow included */
            uint64_t bits = (x & 0x800fffffffffffffull) | (uint64_t)(0x380 - 40 + (x >> 52) % 340) << 52;
            if (i < 8) /* exact halfway cases and the smallest denormal's neighbourhood */
                bits = (i & 1 ? 0x8000000000000000ull : 0) | (i < 4 ? 0x3ff0000010000000ull : 0x3690000000000000ull);
            double d;
            memcpy(&d, &bits, 8);
            float f = host_f32(d, modes[m].host);
            uint32_t want;
            memcpy(&want, &f, 4);
            uint32_t got = fp_f64_to_f32(d, modes[m].r);
            n++;
            if (got != want && bad++ < 5)
                printf("fp_f64_to_f32(%a) mode %d: %08x, host %08x\n", d, m, got, want);
        }
    }
    CHECK(bad == 0, "fp_f64_to_f32 agrees with the host on %d of %d", n - bad, n);
}

/* Byte sequences from the MessagePack specification (formats fixmap, fixstr, uint8/16/32/64,
   negative fixint, int8/16/32, array16) read back and written. */
static void test_msgpack(void)
{
    static const uint8_t doc[] = {0x82, 0xa3, 'a', 'b', 'c', 0xcc, 0xc8, 0xa1, 'x', 0xdc, 0x00, 0x06, 0xff, 0xd0, 0x80,
                                  0xd1, 0x80, 0x00, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xcf, 1, 2, 3, 4, 5, 6, 7, 8, 0xc3};
    size_t pos = 0;
    msgpack_value v;
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_MAP && v.u == 2, "fixmap of 2");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_STR && v.len == 3 && !memcmp(v.str, "abc", 3),
          "fixstr");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_UINT && v.u == 200, "uint8 200");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_STR, "fixstr x");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_ARRAY && v.u == 6, "array16 of 6");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_INT && v.i == -1, "negative fixint -1");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_INT && v.i == -128, "int8 -128");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_INT && v.i == -32768, "int16 -32768");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_UINT && v.u == 0xdeadbeef, "uint32");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_UINT && v.u == 0x0102030405060708ull, "uint64");
    CHECK(msgpack_read(doc, sizeof doc, &pos, &v) == 0 && v.type == MSGPACK_BOOL && v.u == 1 && pos == sizeof doc, "true, at the end");
    pos = 0;
    CHECK(msgpack_skip(doc, sizeof doc, &pos) == 0 && pos == sizeof doc, "skip walks the whole map");
    pos = 0;
    CHECK(msgpack_skip(doc, sizeof doc - 1, &pos) == -1, "a truncated document is refused");
    msgpack_writer w = {0};
    msgpack_write_map(&w, 2);
    msgpack_write_str(&w, "abc", 3);
    msgpack_write_uint(&w, 200);
    msgpack_write_str(&w, "x", 1);
    msgpack_write_array(&w, 6);
    msgpack_write_int(&w, -1);
    msgpack_write_int(&w, -128);
    msgpack_write_int(&w, -32768);
    msgpack_write_uint(&w, 0xdeadbeef);
    msgpack_write_uint(&w, 0x0102030405060708ull);
    msgpack_write_bool(&w, 1);
    CHECK(!w.failed && w.len == sizeof doc - 2 && !memcmp(w.data, doc, 9) && !memcmp(w.data + 9, "\x96", 1) &&
              !memcmp(w.data + 10, doc + 12, sizeof doc - 12),
          "the writer produces the smallest forms (fixarray for 6 elements)");
    msgpack_writer_free(&w);
}

/* Ventus rows are tried in order, first match wins (vt_codec.c). Two rows that can match one word
   are a decoding ambiguity, as spike's own build check says: allowed only when listed here with
   the reason, and only when the earlier row is strictly more specific, so the later row still
   decodes every word the earlier one does not take (no row is shadowed). */
static void test_ventus_overlaps(void)
{
    static const struct {
        const char *first, *second, *why;
    } allowed[] = {
        /* seed 003's fp16 conversions and the 2025 local byte load share major 0x7a, funct3 0 in the
           Ventus LLVM backend's numbering; funct7 and rs2 pick the conversion (isa-notes-ventus.md) */
        {"vcvt.fp32.fp16", "vlb_local.v", "2025 conversions inside the local-load encoding space"},
        {"vcvt.fp16.fp32", "vlb_local.v", "2025 conversions inside the local-load encoding space"},
        {"vcvt.fp32.bf16", "vlb_local.v", "2025 conversions inside the local-load encoding space"},
        {"vcvt.bf16.fp32", "vlb_local.v", "2025 conversions inside the local-load encoding space"},
    };
    int overlaps = 0, unlisted = 0, shadowed = 0;
    for (int i = 1; i < VT_OP_COUNT; i++)
        for (int j = i + 1; j < VT_OP_COUNT; j++) {
            const vt_opinfo *a = &vt_ops[i], *b = &vt_ops[j];
            if ((a->match ^ b->match) & a->mask & b->mask)
                continue; /* some fixed bit differs: no word matches both */
            overlaps++;
            int listed = 0;
            for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
                listed |= !strcmp(allowed[k].first, a->mnemonic) && !strcmp(allowed[k].second, b->mnemonic);
            if (!listed) {
                unlisted++;
                printf("  ventus rows %s and %s match the same words\n", a->mnemonic, b->mnemonic);
            }
            if ((a->mask & b->mask) != b->mask || a->mask == b->mask) {
                shadowed++;
                printf("  ventus row %s is not strictly more specific than the later %s\n", a->mnemonic, b->mnemonic);
            }
        }
    CHECK(unlisted == 0, "every pair of Ventus rows that match one word is a listed exception");
    CHECK(shadowed == 0, "of two overlapping Ventus rows the earlier is strictly more specific");
    CHECK(overlaps == (int)(sizeof allowed / sizeof *allowed), "every listed Ventus overlap still exists");
}

/* ELF32 (Ventus kernels): what the writer lays out, the reader gives back; every truncation of the
   image is refused with a message, never read past (the sanitizer build runs this too). */
static void test_elf32(void)
{
    const uint8_t code[12] = {0x13, 0, 0, 0, 0x93, 0x80, 0x10, 0, 0x67, 0x80, 0, 0};
    const elf32_out_symbol syms[2] = {{"entry", 0x80000000u, 1, 1}, {"local_label", 0x80000008u, 0, 0}};
    uint8_t *img = NULL;
    size_t size = 0;
    CHECK(elf32_write_exec(code, sizeof code, 0x80000000u, syms, 2, &img, &size) == 0 && img, "elf32 image written");
    if (!img)
        return;
    elf32_file f;
    char err[200] = "";
    int ok = elf32_parse(img, size, &f, err, sizeof err) == 0;
    CHECK(ok, "elf32 image read back");
    if (ok) {
        int text = -1, entry = -1, label = -1, loaded = 0;
        for (int i = 0; i < f.nsecs; i++)
            if (!strcmp(f.secs[i].name, ".text"))
                text = i;
        for (int i = 0; i < f.nsyms; i++) {
            if (!strcmp(f.syms[i].name, "entry"))
                entry = i;
            if (!strcmp(f.syms[i].name, "local_label"))
                label = i;
        }
        for (int i = 0; i < f.nsegs; i++)
            loaded |= f.segs[i].vaddr == 0x80000000u && f.segs[i].filesz == sizeof code &&
                      f.segs[i].offset + sizeof code <= size && !memcmp(img + f.segs[i].offset, code, sizeof code);
        CHECK(f.machine == ELF32_EM_RISCV && f.entry == 0x80000000u, "elf32 machine and entry");
        CHECK(text >= 0 && f.secs[text].addr == 0x80000000u && f.secs[text].size == sizeof code, "elf32 .text");
        CHECK(entry >= 0 && f.syms[entry].value == 0x80000000u && label >= 0 && f.syms[label].value == 0x80000008u,
              "elf32 symbols and their values");
        CHECK(loaded, "elf32 loadable segment holds the code at its address");
        elf32_free(&f);
    }
    int refused = 1;
    for (size_t n = 0; n < size && refused; n++) {
        uint8_t *cut = malloc(n ? n : 1); /* its own allocation: ASan sees any read past n */
        if (!cut)
            break;
        memcpy(cut, img, n);
        err[0] = 0;
        if (elf32_parse(cut, n, &f, err, sizeof err) == 0) {
            /* a prefix may still be a complete file when only trailing bytes are cut */
            elf32_free(&f);
        } else if (!err[0]) {
            refused = 0;
        }
        free(cut);
    }
    CHECK(refused, "every truncated elf32 image is read safely, a refusal with a message");
    free(img);
}

/* ELF64 (code objects): sections written by elf64_build are found again, with their bytes. */
static void test_elf64(void)
{
    static const uint8_t text[8] = {0, 0, 0x80, 0xbf, 0, 0, 0xb0, 0xbf}, note[16] = {4, 0, 0, 0, 1, 0, 0, 0, 32, 0, 0, 0,
                                                                                      'A', 'M', 'D', 0};
    elf64_out_section secs[2] = {
        {".text", ELF64_SHT_PROGBITS, ELF64_SHF_ALLOC | ELF64_SHF_EXECINSTR, 0x1000, 256, 0, text, sizeof text, 0, 0},
        {".note", ELF64_SHT_NOTE, ELF64_SHF_ALLOC, 0x200, 4, 0, note, sizeof note, 0, 0},
    };
    elf64_out_header h = {64, 3, ELF64_ET_DYN, 224, 0x51};
    uint8_t *img = NULL;
    size_t size = 0;
    CHECK(elf64_build(&h, secs, 2, &img, &size) == 0 && img, "elf64 image built");
    if (!img)
        return;
    elf64_file f;
    char err[200] = "";
    int ok = elf64_parse(img, size, &f, err, sizeof err) == 0;
    CHECK(ok, "elf64 image read back");
    if (ok) {
        const elf64_section *t = elf64_find_section(&f, ".text"), *n = elf64_find_section(&f, ".note");
        CHECK(f.machine == 224 && f.type == ELF64_ET_DYN && f.osabi == 64 && f.abiversion == 3 && f.flags == 0x51,
              "elf64 header fields");
        CHECK(t && t->addr == 0x1000 && t->size == sizeof text && t->offset + sizeof text <= size &&
                  !memcmp(img + t->offset, text, sizeof text),
              "elf64 .text address and bytes");
        CHECK(n && n->type == ELF64_SHT_NOTE && n->size == sizeof note && !memcmp(img + n->offset, note, sizeof note),
              "elf64 note section");
        CHECK(elf64_find_section(&f, ".absent") == NULL, "elf64 absent section");
        elf64_free(&f);
    }
    int refused = 1;
    for (size_t n = 0; n < size && refused; n++) {
        uint8_t *cut = malloc(n ? n : 1);
        if (!cut)
            break;
        memcpy(cut, img, n);
        err[0] = 0;
        if (elf64_parse(cut, n, &f, err, sizeof err) == 0)
            elf64_free(&f);
        else if (!err[0])
            refused = 0;
        free(cut);
    }
    CHECK(refused, "every truncated elf64 image is read safely, a refusal with a message");
    free(img);
}

int main(void)
{
    test_tables();
    test_handlers();
    test_bits();
    test_core_mem();
    test_core_pool();
    test_core_timeline();
    test_fp_round();
    test_msgpack();
    test_ventus_overlaps();
    test_elf32();
    test_elf64();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
