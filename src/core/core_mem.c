/* Sparse device memory: a sorted array of allocations, found by binary search. Addresses start high
   and leave gaps between allocations, so a pointer that strays a little faults instead of landing
   in a neighbour. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, madvise */
#include "core_mem.h"

#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define CORE_MEM_MAP_MIN (1ull << 20) /* blocks from this size on are mapped lazily */

void *core_mem_pages_new(uint64_t size)
{
    if (size == 0)
        size = 1;
    if (size > (1ull << 46) || size > SIZE_MAX)
        return NULL;
    if (size < CORE_MEM_MAP_MIN)
        return calloc(1, (size_t)size);
    void *p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void core_mem_pages_free(void *p, uint64_t size)
{
    if (!p)
        return;
    if ((size ? size : 1) < CORE_MEM_MAP_MIN)
        free(p);
    else
        munmap(p, (size_t)size);
}

void core_mem_pages_clear(void *p, uint64_t size)
{
    if (!p)
        return;
    if (size < CORE_MEM_MAP_MIN) {
        memset(p, 0, (size_t)size);
        return;
    }
    /* whole pages are dropped; the partial pages at either end are written */
    long host_page = sysconf(_SC_PAGESIZE);
    const uintptr_t page = host_page > 0 ? (uintptr_t)host_page : 4096;
    uintptr_t start = (uintptr_t)p, end = start + (uintptr_t)size;
    uintptr_t a = (start + page - 1) & ~(page - 1), b = end & ~(page - 1);
    if (b <= a) {
        memset(p, 0, (size_t)size);
        return;
    }
    memset(p, 0, (size_t)(a - start));
    memset((void *)b, 0, (size_t)(end - b));
    if (madvise((void *)a, (size_t)(b - a), MADV_DONTNEED) != 0)
        memset((void *)a, 0, (size_t)(b - a));
}

#define CORE_MEM_BASE 0x0000100000000000ull
#define CORE_MEM_GAP 0x10000ull

void core_mem_init(core_mem *m)
{
    memset(m, 0, sizeof *m);
    m->next = CORE_MEM_BASE;
}

void core_mem_free_all(core_mem *m)
{
    for (size_t i = 0; i < m->n; i++)
        core_mem_pages_free(m->allocs[i].data, m->allocs[i].size);
    free(m->allocs);
    core_mem_init(m);
}

int core_mem_alloc_at(core_mem *m, uint64_t base, uint64_t size)
{
    if (size == 0)
        size = 1;
    if (size > (1ull << 40) || base + size < base)
        return -1;
    size_t at = 0;
    while (at < m->n && m->allocs[at].base < base)
        at++;
    if ((at > 0 && m->allocs[at - 1].base + m->allocs[at - 1].size > base) ||
        (at < m->n && base + size > m->allocs[at].base))
        return -1;
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 16;
        core_alloc *a = realloc(m->allocs, cap * sizeof *a);
        if (!a)
            return -1;
        m->allocs = a;
        m->cap = cap;
    }
    uint8_t *data = core_mem_pages_new(size);
    if (!data)
        return -1;
    memmove(&m->allocs[at + 1], &m->allocs[at], (m->n - at) * sizeof *m->allocs);
    m->allocs[at] = (core_alloc){base, size, data};
    m->n++;
    return 0;
}

uint64_t core_mem_alloc(core_mem *m, uint64_t size)
{
    uint64_t base = m->next;
    if (core_mem_alloc_at(m, base, size))
        return 0;
    m->next = (base + (size ? size : 1) + CORE_MEM_GAP + 255) & ~255ull;
    return base;
}

static core_alloc *core_mem_find(const core_mem *m, uint64_t addr)
{
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    core_alloc *a = &m->allocs[lo - 1];
    return addr - a->base < a->size ? a : NULL;
}

const core_alloc *core_mem_lookup(const core_mem *m, uint64_t addr)
{
    return core_mem_find(m, addr);
}

int core_mem_release(core_mem *m, uint64_t addr)
{
    core_alloc *a = core_mem_find(m, addr);
    if (!a || a->base != addr)
        return -1;
    core_mem_pages_free(a->data, a->size);
    size_t i = (size_t)(a - m->allocs);
    memmove(a, a + 1, (m->n - i - 1) * sizeof *a);
    m->n--;
    return 0;
}

uint8_t *core_mem_ptr(const core_mem *m, uint64_t addr, uint64_t len)
{
    core_alloc *a = core_mem_find(m, addr);
    if (!a || len > a->size - (addr - a->base))
        return NULL;
    return a->data + (addr - a->base);
}
