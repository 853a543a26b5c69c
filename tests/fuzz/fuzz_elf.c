/* libFuzzer harness for the ELF reader: any bytes as an ELF64 image, every section and symbol read. */
#include <stdint.h>
#include <string.h>

#include "common/elf64.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    elf64_file f;
    char err[128];
    if (elf64_parse(data, size, &f, err, sizeof err) == 0) {
        volatile size_t sum = 0;
        for (int i = 0; i < f.nsecs; i++)
            sum += strlen(f.secs[i].name);
        for (int i = 0; i < f.nsyms; i++)
            sum += strlen(f.syms[i].name);
        elf64_free(&f);
    }
    return 0;
}
