/* MessagePack writer (smallest encodings) and bounds-checked reader. */
#include "msgpack.h"

#include <stdlib.h>
#include <string.h>

static void msgpack_put(msgpack_writer *w, const void *p, size_t n)
{
    if (w->failed)
        return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 256;
        while (cap < w->len + n)
            cap *= 2;
        uint8_t *d = realloc(w->data, cap);
        if (!d) {
            w->failed = 1;
            return;
        }
        w->data = d;
        w->cap = cap;
    }
    memcpy(w->data + w->len, p, n);
    w->len += n;
}

static void msgpack_put_be(msgpack_writer *w, uint8_t tag, uint64_t v, int bytes)
{
    uint8_t b[9];
    b[0] = tag;
    for (int i = 0; i < bytes; i++)
        b[1 + i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
    msgpack_put(w, b, (size_t)bytes + 1);
}

static void msgpack_header(msgpack_writer *w, uint32_t n, uint8_t fix, uint32_t fixmax, uint8_t t16, uint8_t t32)
{
    if (n <= fixmax) {
        uint8_t b = (uint8_t)(fix | n);
        msgpack_put(w, &b, 1);
    } else if (n <= 0xffff) {
        msgpack_put_be(w, t16, n, 2);
    } else {
        msgpack_put_be(w, t32, n, 4);
    }
}

void msgpack_write_map(msgpack_writer *w, uint32_t n)
{
    msgpack_header(w, n, 0x80, 15, 0xde, 0xdf);
}

void msgpack_write_array(msgpack_writer *w, uint32_t n)
{
    msgpack_header(w, n, 0x90, 15, 0xdc, 0xdd);
}

void msgpack_write_str(msgpack_writer *w, const char *s, size_t n)
{
    if (n <= 31) {
        uint8_t b = (uint8_t)(0xa0 | n);
        msgpack_put(w, &b, 1);
    } else if (n <= 0xff) {
        msgpack_put_be(w, 0xd9, n, 1);
    } else if (n <= 0xffff) {
        msgpack_put_be(w, 0xda, n, 2);
    } else {
        msgpack_put_be(w, 0xdb, n, 4);
    }
    msgpack_put(w, s, n);
}

void msgpack_write_uint(msgpack_writer *w, uint64_t v)
{
    if (v <= 0x7f) {
        uint8_t b = (uint8_t)v;
        msgpack_put(w, &b, 1);
    } else if (v <= 0xff) {
        msgpack_put_be(w, 0xcc, v, 1);
    } else if (v <= 0xffff) {
        msgpack_put_be(w, 0xcd, v, 2);
    } else if (v <= 0xffffffffu) {
        msgpack_put_be(w, 0xce, v, 4);
    } else {
        msgpack_put_be(w, 0xcf, v, 8);
    }
}

void msgpack_write_int(msgpack_writer *w, int64_t v)
{
    if (v >= 0) {
        msgpack_write_uint(w, (uint64_t)v);
    } else if (v >= -32) {
        uint8_t b = (uint8_t)(int8_t)v;
        msgpack_put(w, &b, 1);
    } else if (v >= INT8_MIN) {
        msgpack_put_be(w, 0xd0, (uint64_t)v, 1);
    } else if (v >= INT16_MIN) {
        msgpack_put_be(w, 0xd1, (uint64_t)v, 2);
    } else if (v >= INT32_MIN) {
        msgpack_put_be(w, 0xd2, (uint64_t)v, 4);
    } else {
        msgpack_put_be(w, 0xd3, (uint64_t)v, 8);
    }
}

void msgpack_write_bool(msgpack_writer *w, int v)
{
    uint8_t b = v ? 0xc3 : 0xc2;
    msgpack_put(w, &b, 1);
}

void msgpack_writer_free(msgpack_writer *w)
{
    free(w->data);
    memset(w, 0, sizeof *w);
}

static int msgpack_be(const uint8_t *buf, size_t size, size_t *pos, int bytes, uint64_t *out)
{
    if (*pos + (size_t)bytes > size)
        return -1;
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | buf[(*pos)++];
    *out = v;
    return 0;
}

int msgpack_read(const uint8_t *buf, size_t size, size_t *pos, msgpack_value *v)
{
    memset(v, 0, sizeof *v);
    v->type = MSGPACK_BAD;
    if (*pos >= size)
        return -1;
    uint8_t t = buf[(*pos)++];
    uint64_t x = 0;
    int len_bytes = 0;
    if (t <= 0x7f) {
        v->type = MSGPACK_UINT;
        v->u = t;
        return 0;
    }
    if (t >= 0xe0) {
        v->type = MSGPACK_INT;
        v->i = (int8_t)t;
        return 0;
    }
    if ((t & 0xf0) == 0x80 || (t & 0xf0) == 0x90) {
        v->type = (t & 0xf0) == 0x80 ? MSGPACK_MAP : MSGPACK_ARRAY;
        v->u = t & 15;
        return 0;
    }
    if ((t & 0xe0) == 0xa0) {
        x = t & 31;
        v->type = MSGPACK_STR;
        goto bytes;
    }
    switch (t) {
    case 0xc0: v->type = MSGPACK_NIL; return 0;
    case 0xc2: case 0xc3: v->type = MSGPACK_BOOL; v->u = t == 0xc3; return 0;
    case 0xcc: case 0xcd: case 0xce: case 0xcf:
        if (msgpack_be(buf, size, pos, 1 << (t - 0xcc), &x))
            return -1;
        v->type = MSGPACK_UINT;
        v->u = x;
        return 0;
    case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
        int n = 1 << (t - 0xd0);
        if (msgpack_be(buf, size, pos, n, &x))
            return -1;
        v->type = MSGPACK_INT;
        v->i = n == 8 ? (int64_t)x : (int64_t)(x << (64 - 8 * n)) >> (64 - 8 * n);
        return 0;
    }
    case 0xca: case 0xcb: {
        if (msgpack_be(buf, size, pos, t == 0xca ? 4 : 8, &x))
            return -1;
        v->type = MSGPACK_FLOAT;
        if (t == 0xca) {
            uint32_t b32 = (uint32_t)x;
            float f;
            memcpy(&f, &b32, 4);
            v->f = f;
        } else {
            memcpy(&v->f, &x, 8);
        }
        return 0;
    }
    case 0xd9: case 0xc4: len_bytes = 1; break;
    case 0xda: case 0xc5: len_bytes = 2; break;
    case 0xdb: case 0xc6: len_bytes = 4; break;
    case 0xdc: case 0xde: len_bytes = 2; break;
    case 0xdd: case 0xdf: len_bytes = 4; break;
    default: return -1;
    }
    if (msgpack_be(buf, size, pos, len_bytes, &x))
        return -1;
    if (t == 0xdc || t == 0xdd || t == 0xde || t == 0xdf) {
        v->type = t == 0xdc || t == 0xdd ? MSGPACK_ARRAY : MSGPACK_MAP;
        v->u = x;
        return 0;
    }
    v->type = t >= 0xd9 ? MSGPACK_STR : MSGPACK_BIN;
bytes:
    if (x > size - *pos)
        return -1;
    v->str = (const char *)buf + *pos;
    v->len = (size_t)x;
    *pos += (size_t)x;
    return 0;
}

int msgpack_skip(const uint8_t *buf, size_t size, size_t *pos)
{
    msgpack_value v;
    uint64_t pending = 1;
    int depth_guard = 0;
    while (pending) {
        if (msgpack_read(buf, size, pos, &v) || ++depth_guard > 1000000)
            return -1;
        pending--;
        if (v.type == MSGPACK_ARRAY)
            pending += v.u;
        else if (v.type == MSGPACK_MAP)
            pending += 2 * v.u;
    }
    return 0;
}
