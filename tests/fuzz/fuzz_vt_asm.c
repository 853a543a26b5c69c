/* libFuzzer harness for the Ventus assembler and disassembler: any text through the assembler and
   the ELF32 image writer, and every 4 bytes of the input decoded and printed. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "ventus/codec/vt_asm.h"
#include "ventus/codec/vt_isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[256];
    for (size_t i = 0; i + 4 <= size; i += 4) {
        uint32_t w = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 | (uint32_t)data[i + 2] << 16 |
                     (uint32_t)data[i + 3] << 24;
        vt_inst in;
        vt_decode(w, &in);
        vt_print(&in, 0x80000000u + (uint32_t)i, NULL, NULL, text, sizeof text);
    }
    char *src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    vt_asm_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    asm_isa isa = vt_asm_isa(&ctx);
    asm_result res;
    if (asm_source("fuzz.s", src, &isa, &res) == 0) {
        uint8_t *img;
        size_t n;
        char err[256];
        if (vt_image_build(&res, &img, &n, err, sizeof err) == 0)
            free(img);
    }
    asm_result_free(&res);
    vt_asm_ctx_free(&ctx);
    free(src);
    return 0;
}
