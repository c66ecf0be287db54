/* The game binding's private parts, shared by lua/game.c (the game userdata and its
 * methods), lua/game_hooks.c (the engine's hooks answered by Lua functions) and
 * lua/game_config.c (the engine settings read from a Lua table). */
#ifndef JONG_GAME_BINDING_H
#define JONG_GAME_BINDING_H

#include "lj.h"

#include "bot.h"
#include "game.h"
#include "rng.h"

#define GAME_MT "jong.game"

extern const char *const act_names[ACT_TYPES];
extern const char seat_names[][2];

struct lgame {
    struct game *g;
    lua_State *L;      /* the state the hooks run in */
    int hooks_ref;     /* unused (LUA_NOREF): the hooks are the userdata's user value 3, so
                        * that a game no one holds, its hooks holding it, is collected */
    int self_ref;      /* registry (weak table): this userdata, for passing it to hooks */
    struct rng bots;   /* the built-in players' random numbers */
    lua_Integer version;   /* changes whenever the state may have changed */
    lua_Integer rewrites;  /* times the events were taken back or rewritten (undo, replay,
                            * reset, stack, an action that failed): else they only grow */
    bool special_concealed_only;   /* special_complete is never true with melds */
    int busy;          /* hooks under way: the game refuses to change until they return */
    unsigned hook_failures;   /* hooks that failed (game.lua's failed, which keeps the message
                               * in g.hook_error): none, and g.hook_error is not set */
    bool profiled;     /* profile holds the default bot's profile of the Lua game, its
                        * rules and options kept in the user value 2 */
    struct bot_profile profile;
    long weight;       /* what its C parts are counted as in the state's memory (lua/game.c) */
};

/* game.c */
int seat_arg(lua_State *L, int idx);
void push_tile(lua_State *L, tile_t t);
int push_key_strings(lua_State *L, const char *const *names, int n);
void push_action(lua_State *L, const struct game *g, const struct action *a);
void read_action(lua_State *L, int t, const struct game *g, struct action *a);

/* game_config.c */
bool opt_bool(lua_State *L, int t, const char *k, bool def);
/* Reads the engine settings of the table at t (docs/hooks.md) into *r; raises errors. */
void read_rules(lua_State *L, int t, struct game_rules *r);

/* game_hooks.c */
/* Pushes a win record as hooks see it (the `win` of g:situation). */
void push_win(lua_State *L, const struct win *w);
void lgame_hooks(lua_State *L, int idx, struct lgame *lg, struct game_hooks *out);

#endif
