/* Built-in players for self-play and the REPL.
 *
 * - default: plays like a person. It knows what value its hand needs (struct
 *   bot_profile: a yaku, a minimum of faan or fan, a cleared hand, the missing suit,
 *   at most so many chows), picks the way to value its tiles are nearest to (a plan:
 *   any hand, a flush, all simples, all pungs, a suit given up), calls only when the
 *   hand keeps a plan of enough value, declares when its discard leaves it ready, and
 *   chooses discards by shanten, then the plan, then tile acceptance. Against a seat
 *   that declared or shows three melds it discards safe tiles first (tiles that seat
 *   discarded, suji, honours out) and gives up a hand far from ready.
 * - greedy: lowest shanten only; random: any legal action (both for tests).
 * Every player takes a win whenever the engine offers one (the engine offers only the
 * wins the ruleset scores). */
#ifndef JONG_BOT_H
#define JONG_BOT_H

#include "game.h"
#include "rng.h"

enum bot_kind { BOT_RANDOM, BOT_GREEDY, BOT_DEFAULT };

/* The kind named "random", "greedy" or "default"; -1 for another name. */
int bot_kind(const char *name);

/* What a winning hand must have, in the units of value_of (see bot.c): the family's
 * minimum and its hard conditions. */
enum bot_family { FAMILY_ANY, FAMILY_JAPANESE, FAMILY_HONGKONG, FAMILY_CLASSICAL, FAMILY_MCR };

/* A target the ruleset names (MCR's Mixed Straight, Mixed Triple Chow, ...): three sets
 * that make one of its scoring items, and that item's value in the family's units. */
enum { BOT_MAX_TARGETS = 192 };
struct bot_target {
    uint8_t kind[3];   /* each set's kind: a chow's lowest, a pung's (a kong holds it too) */
    uint8_t chows;     /* bit i: set i is a chow, else a pung */
    uint8_t value;
};

/* The shanten of a hand that must hold target t's three sets (as melds or concealed)
 * besides its other sets and pair: concealed counts c, melds m[0..nm-1], `sets` sets in
 * a complete hand. 99 when the melds leave no room for the target, when it lacks four of
 * its tiles or more (no plan yet), or when the shanten is known to be above `limit`. */
int bot_target_shanten(const struct bot_target *t, const uint8_t c[TILE_KINDS], const struct meld *m, int nm,
                       int sets, int limit);
struct bot_profile {
    uint8_t family;       /* enum bot_family: how value is counted */
    uint8_t need;         /* the least value a win must have */
    bool open_value;      /* Japanese: all simples counts in an open hand */
    bool cleared;         /* one suit (honours allowed) or all honours */
    bool void_suit;       /* at most two suits (a missing suit) */
    int8_t max_chows;     /* chows a winning hand may hold; -1: any */
    bool three_player;    /* Japanese for three (sanma): a ready hand of its own value (a
                           * flush, a value honour pung, two red fives or kita) that wins on
                           * a discard does not declare, and a hand one step from ready
                           * gives up against a declared seat */
    /* The ruleset's own test (what `score` says), or NULL: does the complete hand h
     * (concealed tiles with the winning tile, melds) win on win_kind, self-drawn or on a
     * discard? Asked before a call that would make the hand ready. */
    bool (*wins)(void *ctx, const struct game *g, int seat, const struct hand *h, int win_kind, bool self_draw);
    void *wins_ctx;
    /* The ruleset's targets (none in most families). With targets the bot steers toward
     * the nearest one of enough value, and among discards that leave the hand ready it
     * takes one whose waits win by `wins`. */
    int ntargets;
    struct bot_target targets[BOT_MAX_TARGETS];
};

/* No condition: any complete hand wins. */
void bot_profile_any(struct bot_profile *p);

/* Chooses the seat's action now. Returns 0 with *out set, or -1 when the seat has
 * nothing to do. p: the profile (NULL: any hand wins). */
int bot_choose(struct game *g, int seat, int kind, const struct bot_profile *p, struct rng *r,
               struct action *out);

/* Before play (core/bot_preplay.c): the exchange and the missing suit among the legal
 * choices a[0..n-1]. Returns 0 with *out set, or -1 when a is not a choice before play. */
int bot_preplay(const struct game *g, int seat, const struct action *a, int n, struct action *out);
/* In turn, a seat that declared a missing suit discards its tiles of that suit first.
 * Returns 0 with *out set, or -1 when it holds none (or no such discard is legal). */
int bot_missing_first(const struct game *g, int seat, const struct action *a, int n, struct action *out);

/* One step of self-play: the first awaited seat's built-in player acts. Returns 1
 * after an action, 0 when the match is over, -1 with game_error() on a failure. */
int bot_step(struct game *g, int kind, const struct bot_profile *p, struct rng *r);

#endif
