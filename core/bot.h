/* Built-in players for self-play and the REPL: random legal actions, or greedy by
 * shanten. Both take a win whenever they can. */
#ifndef JONG_BOT_H
#define JONG_BOT_H

#include "game.h"
#include "rng.h"

enum bot_kind { BOT_RANDOM, BOT_GREEDY, BOT_DEFAULT };

/* The kind named "random", "greedy" or "default"; -1 for another name. */
int bot_kind(const char *name);

/* Chooses the seat's action now. Returns 0 with *out set, or -1 when the seat has
 * nothing to do. */
int bot_choose(struct game *g, int seat, int kind, struct rng *r, struct action *out);

/* One step of self-play: the first awaited seat's built-in player acts. Returns 1
 * after an action, 0 when the match is over, -1 with game_error() on a failure. */
int bot_step(struct game *g, int kind, struct rng *r);

#endif
