/* make demo: assembles examples/saxpy.s (clang-19's output for examples/saxpy.cl) with wavesim's
   own assembler, runs it on the simulated gfx1100 through the public API, and checks every element
   against the same computation on the host. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wavesim/wavesim.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

int main(void)
{
    const unsigned n = 100000;
    const float a = 2.5f;
    char err[600];
    char *src = slurp("examples/saxpy.s");
    if (!src) {
        fprintf(stderr, "demo: cannot read examples/saxpy.s (run from the repository root)\n");
        return 1;
    }
    ws_device *dev = ws_device_create(NULL);
    ws_program *prog = dev ? ws_program_assemble(dev, src, "examples/saxpy.s", 0, err, sizeof err) : NULL;
    free(src);
    if (!prog) {
        fprintf(stderr, "demo: %s\n", dev ? err : "out of memory");
        return 1;
    }
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *out = malloc(n * sizeof *out);
    if (!x || !y || !out)
        return 1;
    for (unsigned i = 0; i < n; i++) {
        x[i] = (float)i * 0.25f - 1000.0f;
        y[i] = 3.0f - (float)(i % 97) / 7.0f;
    }
    uint64_t dx = ws_alloc(dev, n * sizeof *x), dy = ws_alloc(dev, n * sizeof *y);
    ws_write(dev, dx, x, n * sizeof *x);
    ws_write(dev, dy, y, n * sizeof *y);
    uint32_t abits;
    memcpy(&abits, &a, 4);
    ws_arg args[4] = {{WS_ARG_VALUE, abits, 4, NULL}, {WS_ARG_BUFFER, dx, 8, NULL}, {WS_ARG_BUFFER, dy, 8, NULL}, {WS_ARG_VALUE, n, 4, NULL}};
    ws_dims dims = {{n, 1, 1}, {256, 1, 1}, {0, 0, 0}, 1};
    ws_stats st;
    printf("kernel saxpy (y = a*x + y) from examples/saxpy.s, assembled by wavesim, %u work-items on gfx1100\n", n);
    if (ws_launch(dev, prog, "saxpy", &dims, args, 4, &st, err, sizeof err)) {
        fprintf(stderr, "demo: %s\n", err);
        return 1;
    }
    ws_read(dev, dy, out, n * sizeof *out);
    unsigned ok = 0;
    for (unsigned i = 0; i < n; i++)
        ok += memcmp(&out[i], &(float){fmaf(a, x[i], y[i])}, 4) == 0;
    for (unsigned i = 0; i < 3; i++)
        printf("  y[%u] = %.6g * %.6g + %.6g = %.6g\n", i, a, x[i], y[i], out[i]);
    printf("  ...\n  %llu wave instructions, %llu lane instructions in %.3f s\n",
           (unsigned long long)st.wave_instructions, (unsigned long long)st.lane_instructions, st.seconds);
    printf("%s: %u of %u results bit-exact against the host's fmaf\n", ok == n ? "verified" : "FAILED", ok, n);
    ws_program_free(prog);
    ws_device_destroy(dev);
    free(x);
    free(y);
    free(out);
    return ok == n ? 0 : 1;
}
