/* MessagePack: a small writer, and a reader that walks a buffer without allocating
   (the AMDGPU code-object metadata note is MessagePack). */
#ifndef WAVESIM_MSGPACK_H
#define WAVESIM_MSGPACK_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *data;
    size_t len, cap;
    int failed;   /* out of memory */
} msgpack_writer;

void msgpack_write_map(msgpack_writer *w, uint32_t n);
void msgpack_write_array(msgpack_writer *w, uint32_t n);
void msgpack_write_str(msgpack_writer *w, const char *s, size_t n);
void msgpack_write_uint(msgpack_writer *w, uint64_t v);
void msgpack_write_int(msgpack_writer *w, int64_t v);
void msgpack_write_bool(msgpack_writer *w, int v);
void msgpack_writer_free(msgpack_writer *w);

typedef enum { MSGPACK_NIL, MSGPACK_BOOL, MSGPACK_INT, MSGPACK_UINT, MSGPACK_FLOAT, MSGPACK_STR, MSGPACK_BIN,
               MSGPACK_ARRAY, MSGPACK_MAP, MSGPACK_BAD } msgpack_type;

typedef struct {
    msgpack_type type;
    uint64_t u;          /* UINT, BOOL, and the element count of ARRAY/MAP (MAP: pairs) */
    int64_t i;           /* INT */
    double f;
    const char *str;     /* STR/BIN bytes (not terminated) */
    size_t len;
} msgpack_value;

/* Reads the value at *pos (arrays and maps: just the header); advances *pos. Returns 0 or -1. */
int msgpack_read(const uint8_t *buf, size_t size, size_t *pos, msgpack_value *v);
/* Skips one complete value (with everything nested in it). */
int msgpack_skip(const uint8_t *buf, size_t size, size_t *pos);

#endif
