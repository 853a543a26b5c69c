/* libFuzzer harness for the assembler: any text through the driver, the RDNA3 encoder and the code
   object writer, in both wave sizes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_codeobj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready && r3_isa_init() == 0)
        ready = 1;
    char *src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    for (int wave64 = 0; wave64 < 2; wave64++) {
        asm_result res;
        asm_isa isa = r3_asm_isa(&wave64);
        if (asm_source("fuzz.s", src, &isa, &res) == 0) {
            uint8_t *img;
            size_t n;
            char err[256];
            if (r3_codeobj_build(&res, "gfx1100", &img, &n, err, sizeof err) == 0)
                free(img);
        }
        asm_result_free(&res);
    }
    free(src);
    return 0;
}
