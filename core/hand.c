#include "hand.h"

int meld_tiles(const struct meld *m) { return m->type == MELD_KONG ? 4 : 3; }

int hand_concealed(const struct hand *h)
{
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        n += h->counts[k];
    return n;
}

int hand_size(const struct hand *h) { return hand_concealed(h) + 3 * h->nmelds; }

void hand_all_counts(const struct hand *h, uint8_t out[TILE_KINDS])
{
    for (int k = 0; k < TILE_KINDS; k++)
        out[k] = h->counts[k];
    for (int i = 0; i < h->nmelds; i++) {
        const struct meld *m = &h->melds[i];
        if (m->type == MELD_CHOW) {
            for (int j = 0; j < 3; j++)
                out[m->kind + j]++;
        } else {
            out[m->kind] += (uint8_t)meld_tiles(m);
        }
    }
}
