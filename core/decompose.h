/* Hand analysis: complete-hand tests, decompositions, readings of the winning tile,
 * shanten and waits. All functions work on the counts of the concealed tiles; the
 * number of melds tells how many sets the concealed part must still make: 4 - nmelds.
 * Hands of five sets and a pair (16-tile variants) pass one meld less: nmelds - 1, so
 * -1 for a concealed 17-tile hand (hand_analysis_melds in hand.h). They allocate
 * nothing and are safe to call from several threads. */
#ifndef JONG_DECOMPOSE_H
#define JONG_DECOMPOSE_H

#include <string.h>

#include "hand.h"

/* Irregular forms a variant may switch on; the standard form is always on. */
enum form {
    FORM_STANDARD = 1,
    FORM_SEVEN_PAIRS = 2,        /* seven different pairs, no melds */
    FORM_THIRTEEN_ORPHANS = 4,   /* one of each terminal and honour plus one more of them */
    FORM_ALL = 7,
    /* Above the forms, a forms mask may carry the tile set: bit FORM_ABSENT_SHIFT + k is set
     * when suit kind k (0-26) is not in the set (forms_tileset). Shanten then counts no
     * chow and no two tiles of a chow that need an absent kind (a suit left with kinds
     * three apart or more acts as honours), and no absent kind is a wait. Honour kinds
     * need no bit: they make no chows. Without such bits (every four-player set) the
     * analysis takes the table path alone. */
    FORM_ABSENT_SHIFT = 5,
};

/* The forms mask bits of a tile set lacking the kinds of absent (bit k: kind k). */
static inline unsigned forms_tileset(uint64_t absent)
{
    return (unsigned)(absent & 0x7ffffffu) << FORM_ABSENT_SHIFT;
}

enum set_type { SET_CHOW, SET_PUNG };

struct set {
    uint8_t type;   /* enum set_type */
    uint8_t kind;   /* lowest kind */
};

/* A standard-form decomposition of the concealed tiles: one pair and nsets sets. */
struct decomposition {
    uint8_t pair;
    uint8_t nsets;
    struct set sets[5];
};

/* How the winning tile completes a decomposition. */
enum wait {
    WAIT_TWO_SIDED,   /* 23 waiting on 1 or 4 */
    WAIT_CLOSED,      /* 13 waiting on 2 */
    WAIT_EDGE,        /* 12 waiting on 3, 89 waiting on 7 */
    WAIT_SINGLE,      /* the pair: a single tile waiting on its mate */
    WAIT_PAIR,        /* a pung completed from a pair (two pairs waiting) */
};

struct reading {
    struct decomposition d;
    uint8_t wait;      /* enum wait */
    int8_t win_set;    /* index in d.sets of the set the winning tile completed; -1: the pair */
};

enum {
    MAX_DECOMPOSITIONS = 32, MAX_READINGS = 64, SHANTEN_NONE = 99,
    MIN_MELDS = -1,   /* the nmelds of a concealed five-set hand */
    MAX_TILES = 17,   /* concealed tiles of a complete five-set hand */
};

/* Complete-hand tests. The concealed count must be 14 - 3 * nmelds. */
bool complete_standard(const uint8_t counts[TILE_KINDS], int nmelds);
bool complete_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds);
bool complete_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds);
/* Any of the forms in the mask (enum form). */
bool complete_any(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms);

/* Every standard decomposition of complete concealed tiles (pair + sets), each
 * once, in a fixed order: by pair, then by sets, each decomposition's sets ordered by
 * (kind, chow before pung). Returns how many (0: not complete), at most max. */
int decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max);

/* Every reading of a complete hand for the given winning kind (which the counts
 * include): one per decomposition and per set or pair of it that could hold the
 * winning tile, with the wait it makes (two identical sets give one reading).
 * Returns how many, at most max. */
int readings(const uint8_t counts[TILE_KINDS], int nmelds, int win_kind,
             struct reading *out, int max);

/* Shanten: -1 complete, 0 ready (tenpai), 1 one tile from ready, ...: the fewest
 * tiles to add (no kind above 4 copies) to complete the form, minus 1.
 * For 13 - 3 * nmelds or 14 - 3 * nmelds concealed tiles. Forms impossible with
 * melds (seven pairs, thirteen orphans) give SHANTEN_NONE. */
int shanten_standard(const uint8_t counts[TILE_KINDS], int nmelds);
int shanten_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds);
int shanten_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds);

struct shanten {
    int all, standard, seven_pairs, thirteen_orphans;
};
/* Every form's shanten; of forms only the tile set bits count (0: all 34 kinds). */
void shanten_forms(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms, struct shanten *out);
/* Lowest shanten over the forms in the mask (with its tile set). */
int shanten_of(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms);

/* Shanten after a one-tile change, for every kind at once: out[k] = shanten_of(counts
 * with one more (delta 1) or one fewer (delta -1) tile of kind k, nmelds, forms), or
 * SHANTEN_NONE when kind k is held 4 times (delta 1) or not at all (delta -1). Looks
 * up again only the part the tile changes: about as fast as three shanten_of calls.
 * Returns the lowest of out[]. */
int shanten_each(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms, int delta, int8_t out[TILE_KINDS]);

/* The kinds (bit k) one more tile of which lowers shanten_of(counts, nmelds, forms): the
 * kinds k with shanten_each(counts, nmelds, forms, 1)[k] below it, found without
 * counting every kind's shanten. A kind held four times never does. */
uint64_t shanten_lowering(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms);

/* Waits of a hand with 13 - 3 * nmelds concealed tiles: the kinds that complete it
 * in one of the forms. held[] (may be NULL) counts every tile of the kind the player holds
 * (concealed and melded); a kind held four times, or absent from the forms' tile set, is no
 * wait. Writes a mask of 34
 * flags; returns the number of waits. */
int waits(const uint8_t counts[TILE_KINDS], int nmelds, const uint8_t held[TILE_KINDS],
          unsigned forms, bool out[TILE_KINDS]);

/* A ruleset's irregular complete hands beside the forms (its special_complete hook): 1
 * when the concealed counts, with the hand's nmelds melds (its own count, not the
 * analysis count), are complete, 0 not, -1 when the test failed. */
typedef int (*special_fn)(void *ctx, const uint8_t counts[TILE_KINDS], int nmelds);

/* Whether concealed counts with the hand's nmelds melds, in a hand of `sets` sets and a
 * pair (4 or 5), are complete: in the forms, else by `special` (NULL: none), which is
 * asked only then. 1, 0, or -1 when special failed. The one test of play and analysis. */
int complete_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, unsigned forms,
                     special_fn special, void *ctx);

/* waits() of a hand with the hand's nmelds melds and `sets` sets, and the kinds one more
 * of which makes it complete by complete_special (but kinds held four times, held[] may be
 * NULL, and kinds the forms' tile set lacks). Returns how many, -1 when special failed. */
int waits_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, const uint8_t held[TILE_KINDS],
                  unsigned forms, special_fn special, void *ctx, bool out[TILE_KINDS]);

/* The kinds (bit k) held more than `more` times (0-3) in counts (each at most 4). */
static inline uint64_t counts_above(const uint8_t counts[TILE_KINDS], int more)
{
    uint64_t m = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* bytes above more: count + (7 - more) reaches 8 (counts at most 4); the eight
     * bits of a word gathered by one multiplication (written out word by word) */
    const uint64_t ones = 0x0101010101010101ull, gather = 0x0102040810204080ull;
    uint64_t add = (uint64_t)(7 - more) * ones, w0, w1, w2, w3, w4 = 0;
    memcpy(&w0, counts, 8);
    memcpy(&w1, counts + 8, 8);
    memcpy(&w2, counts + 16, 8);
    memcpy(&w3, counts + 24, 8);
    memcpy(&w4, counts + 32, TILE_KINDS - 32);
    m = (((w0 + add) >> 3 & ones) * gather) >> 56;
    m |= (((w1 + add) >> 3 & ones) * gather) >> 56 << 8;
    m |= (((w2 + add) >> 3 & ones) * gather) >> 56 << 16;
    m |= (((w3 + add) >> 3 & ones) * gather) >> 56 << 24;
    m |= (((w4 + add) >> 3 & ones) * gather) >> 56 << 32;
#else
    for (int k = 0; k < TILE_KINDS; k++) m |= (uint64_t)(counts[k] > more) << k;
#endif
    return m;
}

/* Start-up: builds or checks the tables. Call once before the rest (idempotent). */
void decompose_init(void);
/* Bytes of lookup tables in use (for the benchmark's "tables bytes"). */
size_t decompose_table_bytes(void);

#endif
