/* GWS, ordered count and GDS state of one dispatch (the host threads wait for it to change in the
   SIMT core's core_wait). */
#include "r3_sync.h"

#include <stdlib.h>
#include <string.h>

int r3_sync_init(r3_sync *s, uint64_t nwaves)
{
    memset(s, 0, sizeof *s);
    s->ended = nwaves ? calloc(nwaves, 1) : NULL;
    if (nwaves && !s->ended)
        return -1;
    s->nwaves = nwaves;
    core_wait_init(&s->wait);
    return 0;
}

void r3_sync_free(r3_sync *s)
{
    free(s->ended);
    s->ended = NULL;
    core_wait_free(&s->wait);
}

void r3_sync_wave_finished(r3_sync *s, uint64_t order)
{
    if (!s->ended || order >= s->nwaves || s->ended[order])
        return;
    s->ended[order] = 1;
    while (s->ordered_next < s->nwaves && s->ended[s->ordered_next])
        s->ordered_next++;
    r3_sync_changed(s);
}
