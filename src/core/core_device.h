/* The simulated device's shape: compute units, resident workgroups and LDS per workgroup. The
   executors read limits from here; nothing in it names an ISA's instructions. */
#ifndef WAVESIM_CORE_DEVICE_H
#define WAVESIM_CORE_DEVICE_H

#include <stdint.h>

typedef struct {
    int compute_units;      /* gfx1100 (Radeon RX 7900 XTX): 96 */
    int groups_per_cu;      /* workgroups resident on one compute unit together */
    uint32_t lds_bytes;     /* LDS one workgroup may use: 65536 */
} core_device;

/* gfx1100 defaults for every field given as 0. */
void core_device_defaults(core_device *d);

/* How many workgroups the device holds at once (what co-residency guarantees rest on). */
static inline uint64_t core_device_resident_groups(const core_device *d)
{
    return (uint64_t)d->compute_units * (uint64_t)d->groups_per_cu;
}

#endif
