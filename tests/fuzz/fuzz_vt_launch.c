/* libFuzzer harness for the Ventus loaders: the bytes before the first NUL as a `.metadata` text,
   the rest as a `.data` text, then the launch itself (grids of up to 4096 warps) with a tiny
   instruction budget; and all the bytes as an ELF32 file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/elf32.h"
#include "core/core_mem.h"
#include "ventus/launch/vt_launch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    elf32_file elf;
    char err[512];
    if (elf32_parse(data, size, &elf, err, sizeof err) == 0)
        elf32_free(&elf);
    char *text = malloc(size + 2);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = text[size + 1] = '\0';
    const char *meta = text, *dat = text + strlen(text) + 1;
    vt_meta m;
    uint32_t *words = NULL;
    size_t nwords = 0;
    /* a grid of many workgroups is valid input that simply runs long (2000 instructions each): the
       harness keeps to small ones, so a run stays far below libFuzzer's per-input timeout */
    if (vt_meta_parse(meta, &m, err, sizeof err) == 0 &&
        m.kernel_size[0] <= 4096 && m.kernel_size[1] <= 4096 && m.kernel_size[2] <= 4096 &&
        m.kernel_size[0] * m.kernel_size[1] * m.kernel_size[2] * m.wg_size <= 4096 &&
        vt_data_parse(dat, &words, &nwords, err, sizeof err) == 0) {
        core_mem mem;
        core_mem_init(&mem);
        vt_run_options o;
        memset(&o, 0, sizeof o);
        o.threads = 1;
        o.max_instructions = 2000;
        vt_stats st;
        memset(&st, 0, sizeof st);
        vt_launch_run(&mem, &m, words, nwords, &o, &st, err, sizeof err);
        core_mem_free_all(&mem);
    }
    free(words);
    free(text);
    return 0;
}
