/* Default values of the simulated device (gfx1100). */
#include "core_device.h"

void core_device_defaults(core_device *d)
{
    if (d->compute_units <= 0)
        d->compute_units = 96;
    if (d->groups_per_cu <= 0)
        d->groups_per_cu = 16;
    if (d->lds_bytes == 0)
        d->lds_bytes = 65536;
}
