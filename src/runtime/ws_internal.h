/* What the public-API files of src/runtime share and the public headers do not show. */
#ifndef WAVESIM_WS_INTERNAL_H
#define WAVESIM_WS_INTERNAL_H

/* Builds the RDNA3 instruction tables and the executor's dispatch table once per process; 0 or -1. */
int ws_init_tables(void);

#endif
