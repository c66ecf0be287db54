/* Statistics of self-play: C glue around repl/stats.lua (collecting, writing,
 * `jong stats`). */
#ifndef JONG_STATS_H
#define JONG_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "lj.h"

struct game;
struct stats;

/* One win of a settled deal. */
struct stats_win {
    int seat;          /* winner's seat in the deal */
    char key;          /* winner's start seat letter (E S W N): who the player is */
    char from_key;     /* the discarder's (or kong declarer's) start seat, 0 if self-drawn */
    bool open;         /* a meld other than a concealed kong */
    int32_t delta;     /* the winner's change in the settlement */
};

/* A collector for a run (shard: "K/N" or ""). NULL with the reason on the stack. */
struct stats *stats_new(lua_State *L, const char *rules, const char *bots, long long seed, const char *shard);
/* A deal settled: outcome "self", "discard", "rob", "exhaustive" or "abortive"; the
 * Lua game at game_idx holds the scoring results (last_results). same_deal: a later
 * settlement of a deal already counted (play after a win): only its wins count. 0 or -1
 * (printed). */
int stats_deal(struct stats *s, int game_idx, const char *outcome, bool same_deal, const struct stats_win *w,
               int nwins);
/* A match ended: final points by player (key: start seat letter of each player). */
int stats_match(struct stats *s, const struct game *g, const char key[4]);
/* Writes the JSON to path (- for standard output). 0, or -1 with the reason on the stack. */
int stats_write(struct stats *s, const char *path);
void stats_free(struct stats *s);

#endif
