/* Unit tests of library internals that need no external oracle (table integrity, bit helpers). */
#include <stdio.h>
#include <string.h>

#include "rdna3/codec/r3_codec.h"

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

static void test_bits(void)
{
    uint32_t w[2] = {0, 0};
    r3_bits b = {1, 27, 2};
    r3_set(w, b, 3);
    CHECK(w[1] == (3u << 27) && r3_get(w, b) == 3, "bit field set/get");
    r3_set(w, b, 5);
    CHECK(r3_get(w, b) == 1, "bit field truncates");
}

int main(void)
{
    test_tables();
    test_bits();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
