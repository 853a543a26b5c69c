/* libFuzzer harness for the RDNA3 decoder and printer: any bytes, read as dwords, in both wave sizes. */
#include <stdint.h>
#include <string.h>

#include "rdna3/codec/r3_codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready && r3_isa_init() == 0)
        ready = 1;
    uint32_t words[64];
    size_t n = size / 4 < 64 ? size / 4 : 64;
    memcpy(words, data, n * 4);
    char text[512];
    for (int wave64 = 0; wave64 < 2; wave64++)
        for (size_t i = 0; i < n;) {
            r3_inst in;
            if (r3_decode(words + i, n - i, wave64, &in) == R3_DECODE_OK) {
                r3_print(&in, wave64, text, sizeof text);
                i += in.nwords;
            } else {
                i++;
            }
        }
    return 0;
}
