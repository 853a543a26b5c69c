/* Build-time generator of $(BUILD)/gen/r3_isa_tables.h: the RDNA3 table rows (the isa/rdna3 .def files)
   parsed once, so that every wavesim process starts without parsing ~1,500 rows of operand and
   attribute texts (about 1.4 ms of its start-up). Built from src/rdna3/codec/r3_isa.c and r3_mimg.c
   with R3_TABLE_GENERATOR; the library is built with R3_PREPARSED and includes the output. */
#include <stdio.h>

#include "rdna3/codec/r3_isa.h"

int main(void)
{
    if (r3_isa_write_tables(stdout)) {
        fprintf(stderr, "r3_gen_tables: a table row is malformed\n");
        return 1;
    }
    return 0;
}
