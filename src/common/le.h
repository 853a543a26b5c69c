/* Little-endian integers in byte buffers: the one reader and writer for ELF images, kernel
   descriptors, kernarg segments and relocations. */
#ifndef WAVESIM_LE_H
#define WAVESIM_LE_H

#include <stdint.h>

/* Writes the low n bytes of v at p, least significant first. */
static inline void le_put(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The n-byte little-endian value at p. */
static inline uint64_t le_get(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

#endif
