/* Tile efficiency: for a hand that must discard (3n + 2 concealed tiles), each
 * discard with the shanten it leaves and the tiles that would then lower that shanten
 * ("acceptance"), counted by the copies the player cannot see.
 *
 *   uint8_t unseen[TILE_KINDS];
 *   efficiency_unseen_hand(&hand, unseen);          // outside a game: 4 - held
 *   // or efficiency_unseen_game(g, seat, unseen);  // in a game: also melds, discards, dora
 *   struct discard_choice c[TILE_KINDS];
 *   int n = efficiency_discards(hand.counts, hand.nmelds, FORM_ALL, unseen, c);
 *   // c[0] is the best: lowest shanten, then most accepted tiles, then kind order
 *
 * A kind accepts when adding one copy to the hand after the discard lowers its shanten
 * (a kind the hand already holds four times never does). Nothing is allocated. */
#ifndef JONG_EFFICIENCY_H
#define JONG_EFFICIENCY_H

#include <stddef.h>
#include <string.h>

#include "decompose.h"
#include "hand.h"

struct game;

struct discard_choice {
    uint8_t discard;                 /* the kind discarded */
    int8_t shanten;                  /* shanten of the hand after the discard */
    uint8_t naccept;                 /* kinds in accept[] */
    uint8_t accept[TILE_KINDS];      /* the kinds that lower it, in kind order */
    uint8_t copies[TILE_KINDS];      /* copies[i]: unseen copies of accept[i] */
    int count;                       /* the sum of copies[] */
};

/* The kinds (bit k) that lower the shanten of a hand that is to draw (3n + 1 concealed
 * tiles): the accepted kinds of efficiency_accept. */
uint64_t efficiency_accepted(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms);

/* The acceptance of a hand that is to draw (3n + 1 concealed tiles): fills accept/
 * copies/naccept/count/shanten of *out (discard is left as it is). Returns count. */
int efficiency_accept(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms,
                      const uint8_t unseen[TILE_KINDS], struct discard_choice *out);

/* Every distinct discard of a hand with 3n + 2 concealed tiles, best first (lowest
 * shanten, then highest count, then lowest kind). Returns how many (0 when the
 * concealed count is not 3n + 2). */
int efficiency_discards(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms,
                        const uint8_t unseen[TILE_KINDS], struct discard_choice out[TILE_KINDS]);

/* efficiency_discards for a hand with the hand's nmelds melds and `sets` sets, knowing a
 * ruleset's irregular complete hands (special, NULL: none; decompose.h): a discard that
 * leaves the hand ready on one leaves shanten 0, and accepts every kind that then
 * completes it (waits_special) with the unseen copies. Returns how many, -1 when special
 * failed. */
int efficiency_discards_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, unsigned forms,
                                const uint8_t unseen[TILE_KINDS], special_fn special, void *ctx,
                                struct discard_choice out[TILE_KINDS]);

/* Unseen copies outside a game: 4 minus the tiles of the hand (concealed and melded). */
void efficiency_unseen_hand(const struct hand *h, uint8_t unseen[TILE_KINDS]);

/* 4 - n, at least 0, for eight counts n in a word (a byte of 4 or more has a bit of 0xfc
 * set; the others' 4 - n does not borrow). */
static inline uint64_t efficiency_unseen_word(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t big = x & 0xfc * ones;
    uint64_t nonzero = (((big & ~high) + ~high) | big) & high;   /* high bit: byte >= 4 */
    uint64_t mask = (nonzero >> 7) * 0xff;
    return (4 * ones - (x & ~mask)) & ~mask;
}

/* Unseen copies from a seat's concealed counts and the tiles shown to all (the game's
 * shown[]): 4 - (counts + shown), at least 0, a word at a time (no carry: a sound game
 * shows at most 4 tiles of a kind). */
static inline void efficiency_unseen_shown(const uint8_t counts[TILE_KINDS], const uint8_t shown[TILE_KINDS],
                                           uint8_t unseen[TILE_KINDS])
{
    for (int i = 0; i < 32; i += 8) {
        uint64_t a, b;
        memcpy(&a, counts + i, 8);
        memcpy(&b, shown + i, 8);
        a = efficiency_unseen_word(a + b);
        memcpy(unseen + i, &a, 8);
    }
    uint64_t a = 0, b = 0;
    memcpy(&a, counts + 32, TILE_KINDS - 32);
    memcpy(&b, shown + 32, TILE_KINDS - 32);
    a = efficiency_unseen_word(a + b);
    memcpy(unseen + 32, &a, TILE_KINDS - 32);
}

/* Unseen copies for a seat in a game: 4 minus what that seat can see: its own hand,
 * every meld on the table, every discard not claimed into a meld, the dora indicators. */
void efficiency_unseen_game(const struct game *g, int seat, uint8_t unseen[TILE_KINDS]);
/* The same, and per seat the kinds it discarded (claimed or not) and whether one of its
 * discards made a declaration (riichi, calling); discarded and declared may be NULL. */
void efficiency_unseen_discards(const struct game *g, int seat, uint8_t unseen[TILE_KINDS], uint64_t discarded[4],
                                bool declared[4]);

#endif
