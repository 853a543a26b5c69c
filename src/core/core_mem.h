/* Sparse 64-bit device memory made of allocations; any access outside an allocation is a fault.
   Allocation happens on the host between dispatches; lookups are read-only and thread-safe. */
#ifndef WAVESIM_CORE_MEM_H
#define WAVESIM_CORE_MEM_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t base, size;
    uint8_t *data;
} core_alloc;

typedef struct {
    core_alloc *allocs;      /* sorted by base */
    size_t n, cap;
    uint64_t next;           /* where the next allocation goes */
} core_mem;

void core_mem_init(core_mem *m);
void core_mem_free_all(core_mem *m);
/* A new zeroed allocation of size bytes (aligned to 256); returns its address, or 0 when out of memory. */
uint64_t core_mem_alloc(core_mem *m, uint64_t size);
/* A new zeroed allocation at a fixed address (ISAs with a fixed memory map). Returns 0, or -1 when it
   would overlap another allocation or memory is short. */
int core_mem_alloc_at(core_mem *m, uint64_t base, uint64_t size);
/* Releases the allocation starting at addr; returns -1 if there is none. */
int core_mem_release(core_mem *m, uint64_t addr);
/* The allocation holding addr, or NULL. */
const core_alloc *core_mem_lookup(const core_mem *m, uint64_t addr);
/* Zeroed host memory that costs nothing until touched: large blocks are mapped lazily page by page
   (a kernel asking for megabytes of scratch per lane, or a huge zeroed buffer, uses only the pages
   it writes), small ones come from calloc. Free and clear with the same size. NULL when the host
   cannot reserve it. */
void *core_mem_pages_new(uint64_t size);
void core_mem_pages_free(void *p, uint64_t size);
/* Zeroes the block again (large blocks drop their pages, which come back zeroed when touched). */
void core_mem_pages_clear(void *p, uint64_t size);
/* The host pointer for [addr, addr+len) if it lies inside one allocation, else NULL. */
uint8_t *core_mem_ptr(const core_mem *m, uint64_t addr, uint64_t len);

#endif
