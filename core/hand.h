/* A hand: counts of the concealed tiles by kind, the melds, the bonus tiles. */
#ifndef JONG_HAND_H
#define JONG_HAND_H

#include "tile.h"

enum meld_type { MELD_CHOW, MELD_PUNG, MELD_KONG };
enum kong_type { KONG_NONE, KONG_EXPOSED, KONG_PROMOTED, KONG_CONCEALED };
enum { SEAT_NONE = 0xff, MAX_MELDS = 5, MAX_BONUS = 8, MAX_CONCEALED = 17 };

struct meld {
    uint8_t type;   /* enum meld_type */
    uint8_t kong;   /* enum kong_type; KONG_NONE unless type is MELD_KONG */
    uint8_t kind;   /* lowest kind of the set */
    uint8_t from;   /* seat 0-3 (E S W N) it was claimed from, or SEAT_NONE */
    uint8_t reds;   /* red fives in it */
};

struct hand {
    uint8_t counts[TILE_KINDS];   /* concealed tiles */
    uint8_t reds[3];              /* red fives among the concealed tiles, per suit m p s */
    uint8_t nmelds;
    struct meld melds[MAX_MELDS];
    uint8_t nbonus;
    uint8_t bonus[MAX_BONUS];     /* kinds 34-41 */
};

/* Number of concealed tiles. */
int hand_concealed(const struct hand *h);
/* Tiles of the hand in the 14-tile reckoning: concealed + 3 per meld (a kong counts 3). */
int hand_size(const struct hand *h);
/* Counts of every kind in the hand, concealed and melded (a kong counts 4). */
void hand_all_counts(const struct hand *h, uint8_t out[TILE_KINDS]);
/* Tiles of a meld: 3 or 4 (kong). */
int meld_tiles(const struct meld *m);
/* Adds d times the meld's tiles to n, by kind. */
static inline void meld_add_kinds(uint8_t n[TILE_KINDS], const struct meld *m, int d)
{
    if (m->type == MELD_CHOW) {
        for (int k = m->kind; k < m->kind + 3; k++)
            n[k] = (uint8_t)(n[k] + d);
    } else {
        n[m->kind] = (uint8_t)(n[m->kind] + d * meld_tiles(m));
    }
}
/* The nmelds argument of core/decompose.h for a hand of `sets` sets and a pair (4, or
 * 5 in the 16-tile variants): the analysis counts against four sets, so a five-set hand
 * passes one meld less (-1 for a concealed 17-tile hand). */
static inline int hand_analysis_melds(int nmelds, int sets) { return nmelds + 4 - sets; }

#endif
