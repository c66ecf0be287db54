/* The wall: a tile set shuffled from a seed (or stacked by a test), broken by dice,
 * drawn from the head; loose tiles (kong and, when a ruleset says so, bonus
 * replacements) come from the other end, the dead wall / kong box.
 *
 * The wall is kept as one array in "wall order": t[0] is the first tile drawn from
 * the head, t[n-1] the first loose tile, t[n-2] the second, and so on.
 *
 *   t: [taken by draws | live: head .. live_end | dead: live_end .. dead_end | loose taken]
 *
 * Dead wall policies (the dead wall is the part between live_end and dead_end):
 *   DEAD_FIXED            keeps dead_size tiles: each loose tile taken makes the last
 *                         live tile join the dead wall (Japanese: 14); with the live
 *                         wall empty there is no loose tile.
 *   DEAD_NOT_REPLENISHED  starts with dead_size tiles and shrinks as loose tiles are
 *                         taken; when empty, loose tiles come from the live wall's tail
 *                         (Classical kong box: 16).
 *   DEAD_NONE             no dead wall: loose tiles come from the live wall's tail (HK).
 * Dead index i (for dora indicators) names the fixed position t[n-1-i]: 0 is the first
 * loose tile, 1 the second, ...; Japanese D0 is index 4 and its ura U0 index 5.
 * `reserve` live tiles at the tail can never be drawn by an ordinary draw (HK's
 * "last 14 tiles", IMS's exhaustion threshold); loose draws ignore it. */
#ifndef JONG_WALL_H
#define JONG_WALL_H

#include <stdbool.h>
#include "rng.h"
#include "tile.h"

enum { MAX_WALL = 144 };

enum dead_policy { DEAD_FIXED, DEAD_NOT_REPLENISHED, DEAD_NONE };

struct wall_config {
    uint64_t absent;       /* bit k: kind k (0-33) is not in the set (sanma: 2m-8m); 0: all 34 */
    bool bonus;            /* with f1-f4 g1-g4 (144 tiles of the full set); else 136 */
    uint8_t reds[3];       /* red fives among the 5m, 5p, 5s (0-4 each) */
    uint8_t walls;         /* sides of the table (one per player); 0: 4 */
    uint8_t side;          /* stacks per side; 0: the set's size / (2 * walls) (17 or 18) */
    uint8_t dice;          /* dice of the dealer's throw: 2 or 3 */
    bool second_throw;     /* Classical: the wall's owner throws two more dice */
    uint8_t dead_policy;   /* enum dead_policy */
    uint8_t dead_size;     /* tiles; 0 with DEAD_NONE */
    bool dead_from_dice;   /* Classical dice_stacks: as many stacks as the second throw (dead_size unused) */
    uint8_t reserve;       /* live tiles never drawn by an ordinary draw */
};

struct wall {
    tile_t t[MAX_WALL];
    int n;                 /* the set's size (136, 144, 108 ...) */
    int head;              /* next ordinary draw */
    int live_end;          /* one past the last live tile */
    int dead_end;          /* one past the last dead tile not yet taken */
    int loose;             /* loose tiles taken */
    uint8_t policy;        /* enum dead_policy */
    uint8_t reserve;
    /* How it was broken (zero for a stacked wall). */
    uint8_t ndice;
    uint8_t dice[5];       /* the dealer's throw, then the second throw if any */
    uint8_t break_wall;    /* seat (0 E .. 3 N, counted from the dealer) whose wall is broken */
    uint8_t break_count;   /* stacks counted from its right-hand end */
    uint8_t break_stack;   /* global stack (clockwise from East's right-hand end) the head starts at */
};

/* The tiles of the set in a fixed order (kind order, the red fives last of their
 * kind). Returns how many (136, 144, 108 ...), or -1 when the config is invalid. */
int wall_tile_set(const struct wall_config *c, tile_t out[MAX_WALL]);
/* How many tiles the set has (4 of each kind present, 8 bonus tiles). */
int wall_set_size(const struct wall_config *c);
/* Whether kind k is in the set. */
static inline bool wall_has_kind(const struct wall_config *c, int k)
{
    return k >= TILE_KINDS ? c->bonus && k < ALL_KINDS : !(c->absent >> k & 1);
}
/* Keeps in w only real waits: kinds the set has, of which fewer than 4 are in `seen`
 * (the tiles the player can see, at least his own). Returns how many are left. */
int wall_real_waits(const struct wall_config *c, const uint8_t seen[TILE_KINDS], bool w[TILE_KINDS]);
/* Checks a config; returns NULL or the reason it is invalid. */
const char *wall_config_error(const struct wall_config *c);

/* Shuffles the set with r into the stacks, throws the dice and breaks the wall:
 * the dealer's throw T picks the wall of seat (T - 1) mod walls counted from the dealer
 * (counter-clockwise), and T stacks (T plus the second throw with second_throw) are
 * counted clockwise from its right-hand end; the head is the next stack clockwise,
 * the tail the last counted one. Returns 0, or -1 for an invalid config. */
int wall_build(struct wall *w, const struct wall_config *c, struct rng *r);

/* A stacked wall: front[] are the first tiles drawn from the head in order (the deal,
 * then the draws), back[] the tiles at the far end in loose order (back[0] is the first
 * loose tile; with a dead wall, back[i] is dead index i). The rest of the set fills the
 * middle in the set's order. Returns 0, or -1 with err (at least 120 bytes) filled in
 * (a tile the set does not hold that many times, too many tiles). */
int wall_stack(struct wall *w, const struct wall_config *c, const tile_t *front, int nfront,
               const tile_t *back, int nback, char *err);

/* Tiles an ordinary draw may still take (live tiles minus the reserve, never below 0). */
static inline int wall_drawable(const struct wall *w)
{
    int d = w->live_end - w->head - w->reserve;
    return d > 0 ? d : 0;
}
/* Live tiles (the reserve included). */
static inline int wall_live(const struct wall *w) { return w->live_end - w->head; }
/* Dead-wall tiles not yet taken. */
static inline int wall_dead(const struct wall *w) { return w->dead_end - w->live_end; }
/* An ordinary draw from the head; -1 when no drawable tile is left. */
int wall_draw(struct wall *w);
/* A replacement from the head (ignores the reserve); -1 when the live wall is empty. */
int wall_draw_head(struct wall *w);
/* A loose tile by the policy; -1 when there is none (DEAD_FIXED: also when the live
 * wall is empty and cannot replenish the dead wall). */
int wall_loose(struct wall *w);
/* Whether a loose tile can be had without touching the live wall (a dead tile is left). */
bool wall_loose_from_dead(const struct wall *w);
/* The tile at dead index i (position n-1-i) if it is still in the dead wall, else -1. */
static inline int wall_dead_tile(const struct wall *w, int i)
{
    int pos = w->n - 1 - i;
    if (i < 0 || pos < w->live_end || pos >= w->dead_end)
        return -1;
    return w->t[pos];
}

/* Adds every tile still in the wall (live and dead) to counts[ALL_KINDS] and to
 * reds[3] (red fives per suit); a tile no set has (a red tile not a five, a kind
 * above the bonus tiles) is left out. */
void wall_count(const struct wall *w, int counts[ALL_KINDS], int reds[3]);
/* Conservation: the wall's tiles plus the tiles found elsewhere (others, given as
 * counts by kind and red fives per suit) must be exactly the set of c, and the wall's
 * bounds in order (head <= live end <= dead end <= the set's size). Returns 0, or -1
 * with err naming the first kind that is off (or the bounds). */
int wall_conserved(const struct wall *w, const struct wall_config *c,
                   const int others[ALL_KINDS], const int other_reds[3], char *err, int errlen);

#endif
