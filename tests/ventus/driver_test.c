/* The vt_* driver API end to end, as a Ventus host program uses it: the reference vecadd kernel
   (code and kernel metadata taken from a test vector) runs on buffers this program allocates and
   fills with its own values; the result must equal the host's float additions. Given the same
   kernel as an ELF file too, it also runs it as an NDRange (vt_upload_kernel_file,
   vt_kernel_symbol, vt_start_ndrange: wavesim builds the metadata and private memory) over several
   work-groups. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wavesim/ventus.h"

static int read_words(const char *path, uint32_t *w, int max)
{
    FILE *f = fopen(path, "r");
    char line[256];
    int n = 0;
    if (!f)
        return -1;
    while (n < max && fgets(line, sizeof line, f))
        if (line[0] != '/' && line[0] != '\n')
            w[n++] = (uint32_t)strtoul(line, NULL, 16);
    fclose(f);
    return n;
}

#define CHECK(x) \
    do { \
        if ((x) != 0) { \
            printf("FAIL %s: %s\n", #x, vt_last_error(dev)); \
            return 1; \
        } \
    } while (0)

/* vecadd(a, b, c) from an ELF file over `groups` work-groups of `local` work-items. */
static int run_ndrange(const char *elf, uint32_t local, uint32_t groups)
{
    vt_device_h dev = NULL;
    if (vt_dev_open(&dev))
        return printf("FAIL vt_dev_open\n"), 1;
    uint64_t entry = 0, missing;
    if (vt_kernel_symbol(dev, "vecadd", &entry) != -1)
        return printf("FAIL vt_kernel_symbol before any file is loaded must fail\n"), 1;
    CHECK(vt_upload_kernel_file(dev, elf, 0));
    CHECK(vt_kernel_symbol(dev, "vecadd", &entry));
    if (vt_kernel_symbol(dev, "no_such_kernel", &missing) != -1 || !strstr(vt_last_error(dev), "no_such_kernel"))
        return printf("FAIL an unknown kernel name must be an error naming it\n"), 1;
    uint32_t n = local * groups;
    float *a = malloc(12 * (size_t)n), *b = a + n, *c = b + n;
    if (!a)
        return printf("FAIL out of memory\n"), 1;
    for (uint32_t i = 0; i < n; i++) {
        a[i] = (float)i * 0.75f - 100.0f;
        b[i] = 1.0f / (float)(i + 1);
    }
    uint64_t da, db, dc, dargs;
    CHECK(vt_buf_alloc(dev, 4 * n, &da, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 4 * n, &db, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 4 * n, &dc, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 12, &dargs, 0, 0, 0));
    uint32_t args[3] = {(uint32_t)da, (uint32_t)db, (uint32_t)dc};
    CHECK(vt_copy_to_dev(dev, da, a, 4 * n, 0, 0));
    CHECK(vt_copy_to_dev(dev, db, b, 4 * n, 0, 0));
    CHECK(vt_copy_to_dev(dev, dargs, args, sizeof args, 0, 0));
    vt_ndrange_launch l = {entry, 1, {n, 1, 1}, {local, 1, 1}, {0, 0, 0}, dargs, 0, 0, 0};
    l.global[0] = n + 1; /* not a multiple of the work-group size: refused with a reason */
    if (vt_start_ndrange(dev, &l, 0) != -1 || !strstr(vt_last_error(dev), "multiple"))
        return printf("FAIL a partial work-group must be refused: %s\n", vt_last_error(dev)), 1;
    l.global[0] = n;
    CHECK(vt_start_ndrange(dev, &l, 0));
    CHECK(vt_copy_from_dev(dev, dc, c, 4 * n, 0, 0));
    int bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        volatile float want = a[i] + b[i];
        if (memcmp(&c[i], (const void *)&want, 4) != 0 && bad++ < 5)
            printf("FAIL ndrange c[%u] = %a, want %a\n", i, (double)c[i], (double)want);
    }
    free(a);
    CHECK(vt_dev_close(dev));
    printf("%s: NDRange of %u work-groups x %u work-items from %s\n", bad ? "FAIL" : "ok", groups, local, elf);
    return bad != 0;
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3)
        return fprintf(stderr, "usage: vt_driver_test CASE_DIR (tc_vecadd-*) [VECADD.elf]\n"), 2;
    if (argc == 3 && (run_ndrange(argv[2], 64, 5) || run_ndrange(argv[2], 12, 3)))
        return 1;
    static uint32_t meta[512], data[65536];
    char path[1024];
    snprintf(path, sizeof path, "%s/vecadd_0.metadata", argv[1]);
    int nm = read_words(path, meta, 512);
    snprintf(path, sizeof path, "%s/vecadd_0.data", argv[1]);
    int nd = read_words(path, data, 65536);
    if (nm < 28 || nd < 1)
        return printf("FAIL cannot read the test vector in %s\n", argv[1]), 1;
    uint32_t nbuf = meta[26], *base = meta + 28, *size = base + 2 * nbuf;
    const uint32_t *code = NULL, *kmeta = NULL;
    uint32_t code_size = 0, at = 0;
    for (uint32_t i = 0; i < nbuf; i++) {
        if (base[2 * i] == 0x80000000u)
            code = data + at, code_size = size[2 * i];
        if (base[2 * i] == meta[14])
            kmeta = data + at;
        at += (size[2 * i] + 3) / 4;
    }
    uint32_t wf = meta[10], wg = meta[12], n = wf * wg;
    if (!code || !kmeta || n > 4096)
        return printf("FAIL unexpected test vector layout\n"), 1;
    vt_device_h dev = NULL;
    if (vt_dev_open(&dev))
        return printf("FAIL vt_dev_open\n"), 1;
    uint64_t caps;
    CHECK(vt_dev_caps(dev, VT_CAPS_KERNEL_BASE_ADDR, &caps));
    if (caps != 0x80000000u)
        return printf("FAIL kernel base 0x%llx\n", (unsigned long long)caps), 1;
    CHECK(vt_upload_kernel_bytes(dev, code, code_size, 0));
    float a[4096], b[4096], c[4096];
    srand(7);
    for (uint32_t i = 0; i < n; i++) {
        a[i] = (float)rand() / (float)RAND_MAX * 1000.0f - 500.0f;
        b[i] = (float)rand() / (float)RAND_MAX * 3.0f;
    }
    uint64_t da, db, dc, dargs, dpds, dmeta;
    CHECK(vt_buf_alloc(dev, 4 * n, &da, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 4 * n, &db, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 4 * n, &dc, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 12, &dargs, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, (uint64_t)meta[18] * n, &dpds, 0, 0, 0));
    CHECK(vt_buf_alloc(dev, 64, &dmeta, 0, 0, 0));
    uint32_t args[3] = {(uint32_t)da, (uint32_t)db, (uint32_t)dc}, km[16];
    memcpy(km, kmeta, sizeof km);
    km[1] = (uint32_t)dargs; /* KNL_ARG_BASE */
    CHECK(vt_copy_to_dev(dev, da, a, 4 * n, 0, 0));
    CHECK(vt_copy_to_dev(dev, db, b, 4 * n, 0, 0));
    CHECK(vt_copy_to_dev(dev, dargs, args, sizeof args, 0, 0));
    CHECK(vt_copy_to_dev(dev, dmeta, km, sizeof km, 0, 0));
    vt_meta_data md = {0, {1, 1, 1}, wf, wg, dmeta, meta[16], meta[18], 64, 64, dpds};
    CHECK(vt_start(dev, &md, 0));
    CHECK(vt_ready_wait(dev, 1000));
    CHECK(vt_copy_from_dev(dev, dc, c, 4 * n, 0, 0));
    int bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        volatile float want = a[i] + b[i];
        if (memcmp(&c[i], (const void *)&want, 4) != 0 && bad++ < 5)
            printf("FAIL c[%u] = %a, want %a\n", i, (double)c[i], (double)want);
    }
    if (vt_root_mem_alloc(dev, 0) != -1)
        return printf("FAIL vt_root_mem_alloc must report no MMU\n"), 1;
    FILE *perf = tmpfile();
    CHECK(vt_dump_perf(dev, perf));
    if (perf)
        fclose(perf);
    uint64_t bogus = 0x12345678;
    if (vt_one_buf_free(dev, 0, &bogus, 0, 0) != -1 || vt_copy_from_dev(dev, 0x10, c, 4, 0, 0) != -1)
        return printf("FAIL bad addresses must be errors\n"), 1;
    CHECK(vt_one_buf_free(dev, 4 * n, &dc, 0, 0));
    CHECK(vt_buf_free(dev, 0, NULL, 0, 0));
    CHECK(vt_dev_close(dev));
    printf("%s: %u results of %u threads (%u warps x %u)\n", bad ? "FAIL" : "ok", n - (uint32_t)bad, n, wg, wf);
    return bad != 0;
}
