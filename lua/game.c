/* Games in Lua: the C turn-flow engine (core/game) as a userdata, and the engine's
 * hooks answered by Lua functions (built by the prelude from a ruleset's hooks).
 * Every hook call goes through lj_pcall. */
#include "game_binding.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "bot.h"

const char *const act_names[ACT_TYPES] = {
    "pass", "discard", "chow", "pung", "kong", "kong_concealed", "kong_promoted", "win", "extra", "next",
    "exchange", "declare",
};
const char seat_names[][2] = { "E", "S", "W", "N" };

int seat_arg(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    int seat = s[0] && !s[1] ? seat_parse(s[0]) : -1;
    if (seat < 0)
        luaL_error(L, "bad seat '%s' (E, S, W or N)", s);
    return seat;
}

/* A seat at the game's table (E S W with three players). */
static int table_seat(lua_State *L, int idx, const struct game *g)
{
    int seat = seat_arg(L, idx);
    if (seat >= game_rules(g)->players)
        luaL_error(L, "bad seat '%s': %d players sit at E%s", seat_names[seat], game_rules(g)->players,
                   game_rules(g)->players == 3 ? ", S and W" : game_rules(g)->players == 2 ? " and S" : ", S, W and N");
    return seat;
}

void push_tile(lua_State *L, tile_t t)
{
    char name[3];
    tile_name(t, name);
    lua_pushlstring(L, name, 2);
}


/* ---- actions ---- */

void push_action(lua_State *L, const struct game *g, const struct action *a)
{
    lua_createtable(L, 0, 5);
    lua_pushstring(L, a->type == ACT_EXTRA ? action_name(game_rules(g), a) : act_names[a->type]);
    lua_setfield(L, -2, "type");
    lua_pushstring(L, seat_names[a->seat & 3]);
    lua_setfield(L, -2, "seat");
    if (a->type == ACT_EXCHANGE) {   /* tiles = "1m2m3m" */
        char buf[8];
        tile_name(a->tile, buf);
        tile_name(a->more[0], buf + 2);
        tile_name(a->more[1], buf + 4);
        lua_pushlstring(L, buf, 6);
        lua_setfield(L, -2, "tiles");
    } else if (a->type == ACT_DECLARE) {
        lua_pushlstring(L, &"mps"[a->extra % 3], 1);
        lua_setfield(L, -2, "suit");
    } else if (a->type != ACT_PASS && a->type != ACT_NEXT &&
               !(a->type == ACT_EXTRA && a->more[0] == EXTRA_NO_TILE)) {
        push_tile(L, a->tile);
        lua_setfield(L, -2, "tile");
    }
    if (a->type == ACT_CHOW) {
        push_tile(L, a->chow);
        lua_setfield(L, -2, "chow");
    }
    if (a->type == ACT_EXTRA) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "extra");
    }
}

static int tile_field(lua_State *L, int t, const char *k, tile_t *out)
{
    lua_getfield(L, t, k);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    const char *s = luaL_checkstring(L, -1);
    bool red;
    int kind = strlen(s) == 2 ? kind_parse(s, &red) : -1;
    if (kind < 0)
        return luaL_error(L, "bad tile '%s'", s);
    *out = (tile_t)(kind | (red ? TILE_RED : 0));
    lua_pop(L, 1);
    return 1;
}

/* An action table -> struct action; raises a Lua error when it is malformed. */
void read_action(lua_State *L, int t, const struct game *g, struct action *a)
{
    luaL_checktype(L, t, LUA_TTABLE);
    memset(a, 0, sizeof *a);
    lua_getfield(L, t, "seat");
    a->seat = (uint8_t)seat_arg(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, t, "type");
    const char *type = luaL_checkstring(L, -1);
    int found = -1;
    for (int i = 0; i < ACT_TYPES; i++)
        if (!strcmp(type, act_names[i]))
            found = i;
    for (int i = 0; found < 0 && i < game_rules(g)->nextra; i++)
        if (!strcmp(type, game_rules(g)->extra_names[i])) {
            found = ACT_EXTRA;
            a->extra = (uint8_t)i;
        }
    if (found < 0)
        luaL_error(L, "unknown action '%s'", type);
    lua_pop(L, 1);
    if (found == ACT_EXTRA && !strcmp(type, "extra")) {
        /* {"type":"extra","name":"kita"} (as the action log writes it): the name says which */
        lua_getfield(L, t, "name");
        const char *name = lua_tostring(L, -1);
        int id = -1;
        for (int i = 0; name && i < game_rules(g)->nextra; i++)
            if (!strcmp(name, game_rules(g)->extra_names[i]))
                id = i;
        if (id < 0)
            luaL_error(L, "unknown declaration '%s'", name ? name : "(no name)");
        a->extra = (uint8_t)id;
        lua_pop(L, 1);
    }
    a->type = (uint8_t)found;
    tile_field(L, t, "tile", &a->tile);
    tile_t chow = 0;
    if (tile_field(L, t, "chow", &chow))
        a->chow = (uint8_t)tile_kind(chow);
    lua_getfield(L, t, "reds");
    if (!lua_isnil(L, -1))
        a->reds = (uint8_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (a->type == ACT_EXCHANGE) {   /* tiles = "1m2m3m" (or "123m") */
        lua_getfield(L, t, "tiles");
        const char *s = lua_tostring(L, -1);
        tile_t tiles[EXCHANGE_TILES];
        struct notation_error err;
        int n = s ? notation_parse_tiles(s, tiles, EXCHANGE_TILES, &err) : -1;
        if (n != EXCHANGE_TILES)
            luaL_error(L, "an exchange names three tiles (tiles = \"1m2m3m\"): %s",
                       !s ? "no tiles" : n < 0 ? err.reason : "not three tiles");
        a->tile = tiles[0], a->more[0] = tiles[1], a->more[1] = tiles[2];
        lua_pop(L, 1);
    } else if (a->type == ACT_DECLARE) {   /* suit = "m", "p" or "s" */
        lua_getfield(L, t, "suit");
        const char *s = lua_tostring(L, -1);
        const char *at = s && s[0] && !s[1] ? strchr("mps", s[0]) : NULL;
        if (!at)
            luaL_error(L, "a declaration names a suit (suit = \"m\", \"p\" or \"s\")");
        a->extra = (uint8_t)(at - "mps");
        lua_pop(L, 1);
    }
}

/* ---- the userdata ---- */

/* The game methods' upvalues (lj_open_game): the games' metatable, and the hooks' views
 * of the engine (core:view(), lua/game.lua): view -> the game's userdata, weak keys. */
#define UP_GAME_MT lua_upvalueindex(1)
#define UP_VIEWS lua_upvalueindex(2)

/* The game at idx (1) of a method: its userdata, or with `views` a hook's view of it,
 * which is then replaced at idx by the game's userdata (the reading methods are the
 * view's own: no call in between; they run as on the game). */
static struct lgame *game_arg(lua_State *L, int idx, bool views)
{
    struct lgame *lg = NULL;
    if (views && lua_type(L, idx) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, UP_VIEWS) == LUA_TUSERDATA) {
            lg = lua_touserdata(L, -1);   /* (a game's userdata: only l_view sets the views) */
            lua_replace(L, idx);
        } else {
            lua_pop(L, 1);
        }
    }
    if (!lg && lua_getmetatable(L, idx)) {
        if (lua_rawequal(L, -1, UP_GAME_MT))
            lg = lua_touserdata(L, idx);   /* (NULL for a table given the metatable) */
        lua_pop(L, 1);
    }
    if (!lg)
        lg = luaL_checkudata(L, idx, GAME_MT);   /* (raises) */
    if (!lg->g)
        luaL_error(L, "the game is closed");
    return lg;
}

/* The game of a reading method: its userdata or a hook's view of it. */
static struct lgame *check_game(lua_State *L, int idx) { return game_arg(L, idx, true); }

/* A game a method may change (its userdata, never a view): not while one of its hooks
 * runs (a hook that reached it would desynchronise the state, the log and the action
 * list). */
static struct lgame *check_idle(lua_State *L, int idx)
{
    struct lgame *lg = game_arg(L, idx, false);
    if (lg->busy)
        luaL_error(L, "the game cannot change while one of its hooks runs");
    return lg;
}

/* What an engine game's C parts (its state, logs and memo, allocated by the core) are
 * counted as in the state's memory, so rule code cannot hold them beyond its cap: a new
 * game, then its events and actions as they grow (a game rule code keeps and plays on
 * in every call grows by megabytes a call, a random bot's 350,000 actions). */
#define GAME_WEIGHT (48L << 10)

/* Counts the growth of the game's events and actions in the state's memory (never less:
 * the core's lists keep their room); in rule code, past the cap the call is ended. Asked
 * before each action (an action adds at most 64 events). */
static void weigh(lua_State *L, struct lgame *lg)
{
    long w = GAME_WEIGHT + (long)game_nevents(lg->g) * (long)sizeof(struct event)
           + (long)game_nactions(lg->g) * (long)sizeof(struct action);
    if (w <= lg->weight)
        return;
    if (!lj_account(L, w - lg->weight))
        luaL_error(L, "memory cap exceeded (a game too long?)");
    lg->weight = w;
}

static int l_seat_index(lua_State *L);
static char seat_mt_key;   /* address: the key of the game in its seat tables' metatable */

/* jong.game_new(engine, hooks, seed) -> game, or nil, reason. engine: the engine
 * settings (docs/hooks.md); hooks: functions the engine calls (each gets the game). */
static int l_game_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer seed = luaL_optinteger(L, 3, 1);
    struct game_rules rules;
    read_rules(L, 1, &rules);
    struct lgame *lg = lua_newuserdatauv(L, sizeof *lg, 3);
    memset(lg, 0, sizeof *lg);
    lg->L = L;
    lg->hooks_ref = LUA_NOREF;
    lg->self_ref = LUA_NOREF;
    luaL_setmetatable(L, GAME_MT);
    lua_createtable(L, 0, 3);   /* the metatable of this game's seat tables */
    lua_pushcfunction(L, l_seat_index);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -2);
    lua_rawsetp(L, -2, &seat_mt_key);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_setiuservalue(L, -2, 3);   /* (not in the registry: a game no one holds is collected) */
    lua_getfield(L, LUA_REGISTRYINDEX, "jong.games");
    lua_pushvalue(L, -2);
    lg->self_ref = luaL_ref(L, -2);
    lua_pop(L, 1);
    struct game_hooks hooks;
    lgame_hooks(L, 2, lg, &hooks);
    rng_seed(&lg->bots, (uint64_t)seed ^ 0x626f7473u);
    lg->special_concealed_only = opt_bool(L, 1, "special_concealed_only", false);
    char err[256];
    if (!lj_account(L, GAME_WEIGHT))
        return luaL_error(L, "memory cap exceeded (too many games?)");
    lg->weight = GAME_WEIGHT;
    lg->g = game_new(&rules, &hooks, (uint64_t)seed, err, sizeof err);
    if (!lg->g) {
        lj_account(L, -GAME_WEIGHT);
        return lua_pushnil(L), lua_pushstring(L, err), 2;
    }
    return 1;
}

static int l_gc(lua_State *L)
{
    struct lgame *lg = luaL_checkudata(L, 1, GAME_MT);
    if (lg->busy)
        return luaL_error(L, "the game cannot be closed while one of its hooks runs");
    if (lg->g) {
        game_free(lg->g);
        lg->g = NULL;
        lj_account(L, -lg->weight);
    }
    return 0;
}

static int l_legal(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int seat = seat_arg(L, 2);
    struct action a[MAX_ACTIONS];
    int n = game_legal(lg->g, seat, a, MAX_ACTIONS);
    const char *failed = game_legal_error(lg->g);
    lua_createtable(L, n > 0 ? n : 0, 0);
    for (int i = 0; i < n; i++) {
        push_action(L, lg->g, &a[i]);
        lua_rawseti(L, -2, i + 1);
    }
    if (failed) {   /* a hook failed while the list was made: its message second */
        lua_pushstring(L, failed);
        return 2;
    }
    return 1;
}

/* The answer of a method that changed the game: true, or nil and the engine's error. */
static int result(lua_State *L, struct lgame *lg, int r)
{
    lg->version++;
    if (r != 0)
        return lua_pushnil(L), lua_pushstring(L, game_error(lg->g)), 2;
    lua_pushboolean(L, 1);
    return 1;
}

static int l_apply(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    struct action a;
    read_action(L, 2, lg->g, &a);
    weigh(L, lg);   /* (what the actions before made: refused before this one changes anything) */
    lg->version++;   /* hooks called during the action see a new version */
    int r = game_apply(lg->g, &a);
    if (r != 0)
        lg->rewrites++;   /* the events it logged are taken back */
    return result(L, lg, r);
}

/* core:pending_win(action) -> the record of the win a win action would make now (as
 * settle_win and may_act are given it). */
static int l_pending_win(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    struct action a;
    read_action(L, 2, lg->g, &a);
    if (a.type != ACT_WIN)
        return luaL_argerror(L, 2, "a win action is needed");
    struct win w;
    game_action_win(lg->g, &a, &w);
    push_win(L, &w);
    return 1;
}

static int l_waiting(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int mask = game_waiting(lg->g), n = 0;
    lua_createtable(L, 4, 0);
    for (int s = 0; s < game_rules(lg->g)->players; s++)
        if (mask & (1 << s)) {
            lua_pushstring(L, seat_names[s]);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}


static void push_discards(lua_State *L, const struct game *g, int s)
{
    const struct seat_state *ss = &game_state(g)->seats[s];
    lua_createtable(L, ss->ndiscards, 0);
    for (int i = 0; i < ss->ndiscards; i++) {
        lua_createtable(L, 0, 3);
        push_tile(L, ss->discards[i].tile);
        lua_setfield(L, -2, "tile");
        if (ss->discards[i].claimed_by != SEAT_NONE) {
            lua_pushstring(L, seat_names[ss->discards[i].claimed_by & 3]);
            lua_setfield(L, -2, "claimed_by");
        }
        if (ss->discards[i].extra) {
            struct action a = { .type = ACT_EXTRA, .extra = (uint8_t)(ss->discards[i].extra - 1) };
            lua_pushstring(L, action_name(game_rules(g), &a));
            lua_setfield(L, -2, "with");
        }
        lua_rawseti(L, -2, i + 1);
    }
}

/* __index of a seat table: builds `discards` from the game on first use. */
static int l_seat_index(lua_State *L)
{
    const char *k = lua_tostring(L, 2);
    if (!k || strcmp(k, "discards"))
        return 0;
    if (!lua_getmetatable(L, 1))
        return 0;
    lua_rawgetp(L, -1, &seat_mt_key);
    struct lgame *lg = luaL_testudata(L, -1, GAME_MT);
    lua_getfield(L, 1, "wind");
    const char *w = lua_tostring(L, -1);
    if (!lg || !lg->g || !w)
        return 0;
    push_discards(L, lg->g, seat_parse(w[0]));
    lua_pushvalue(L, -1);
    lua_setfield(L, 1, "discards");
    return 1;
}

static void push_seat(lua_State *L, const struct game *g, int s, int game_idx)
{
    const struct seat_state *ss = &game_state(g)->seats[s];
    lua_createtable(L, 0, 16);
    char buf[128];
    notation_format_hand(&ss->hand, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_setfield(L, -2, "hand");
    notation_format_counts(ss->hand.counts, ss->hand.reds, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_setfield(L, -2, "concealed");
    lua_createtable(L, ss->hand.nmelds, 0);
    for (int i = 0; i < ss->hand.nmelds; i++) {
        notation_format_meld(&ss->hand.melds[i], buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "melds");
    lua_createtable(L, ss->hand.nbonus, 0);
    for (int i = 0; i < ss->hand.nbonus; i++) {
        push_tile(L, ss->hand.bonus[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "bonus");
    if (ss->naside) {   /* only when some are: no table per seat in every state */
        lua_createtable(L, ss->naside, 0);
        for (int i = 0; i < ss->naside; i++) {
            push_tile(L, ss->aside[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "aside");
    }
    lua_pushstring(L, seat_names[s]);
    lua_setfield(L, -2, "wind");
    lua_pushinteger(L, ss->ndiscards);
    lua_setfield(L, -2, "ndiscards");
    /* The discards are built when first read (most hooks never read them): the seat
     * table's metatable, the game's own (its user value), keeps the game for that. Rule
     * code can reach neither: the metatable is protected and the table holds no key
     * but its fields. */
    lua_getiuservalue(L, game_idx, 1);
    lua_setmetatable(L, -2);
    lua_pushinteger(L, game_points(g, s));
    lua_setfield(L, -2, "points");
    lua_pushinteger(L, game_state(g)->seat_player[s]);
    lua_setfield(L, -2, "player");
    lua_pushinteger(L, ss->flags);
    lua_setfield(L, -2, "flags");
    /* Kinds that would have completed the hand and were let pass since the seat's own
     * last discard (temporary furiten), and the event index of the latest such pass. */
    lua_createtable(L, 0, 0);
    for (int k = 0; k < TILE_KINDS; k++)
        if (ss->missed >> k & 1) {
            char name[3];
            kind_name(k, name);
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, name);
        }
    lua_setfield(L, -2, "missed");
    lua_pushinteger(L, ss->last_miss + 1);
    lua_setfield(L, -2, "last_miss");
    /* the declared missing suit, once every seat has declared (hidden before) */
    if (ss->missing != NO_SUIT && game_state(g)->phase != PHASE_DECLARE) {
        lua_pushlstring(L, &"mps"[(ss->missing - 1) % 3], 1);
        lua_setfield(L, -2, "missing");
    }
}

/* How a deal ended, as hooks and the state name it. */
static const char *result_name(const struct game_state *st)
{
    return st->result == EV_WIN ? "win" : st->result == DRAW_ABORTIVE ? "abortive" : "exhaustive";
}

static const char *const phase_names[] = { "turn", "claim", "rob", "deal_end", "match_end", "exchange", "declare" };
enum { NPHASES = sizeof phase_names / sizeof phase_names[0] };

static int push_indicators(lua_State *L, bool ura, bool text);

static int l_state(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    const struct game *g = lg->g;
    const struct game_state *st = game_state(g);
    lua_createtable(L, 0, 32);
    lua_pushstring(L, phase_names[st->phase < NPHASES ? st->phase : 0]);
    lua_setfield(L, -2, "phase");
    lua_pushstring(L, seat_names[st->turn & 3]);
    lua_setfield(L, -2, "turn");
    lua_pushstring(L, seat_names[st->round & 3]);
    lua_setfield(L, -2, "round");
    lua_pushinteger(L, st->honba);
    lua_setfield(L, -2, "honba");
    lua_pushinteger(L, st->deposits);
    lua_setfield(L, -2, "deposits");
    lua_pushinteger(L, st->deal_no);
    lua_setfield(L, -2, "deal");
    lua_pushinteger(L, st->deal_in_round);
    lua_setfield(L, -2, "deal_in_round");
    if (st->result) {
        lua_pushstring(L, result_name(st));
        lua_setfield(L, -2, "result");
        lua_createtable(L, st->nwins, 0);
        for (int i = 0; st->result == EV_WIN && i < st->nwins; i++) {
            lua_pushstring(L, seat_names[st->wins[i].seat & 3]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "winners");
    }
    lua_pushinteger(L, wall_drawable(&st->wall));
    lua_setfield(L, -2, "wall");
    lua_pushinteger(L, wall_dead(&st->wall));
    lua_setfield(L, -2, "dead");
    if (st->phase == PHASE_TURN && st->has_drawn) {
        push_tile(L, st->drawn);
        lua_setfield(L, -2, "drawn");
        lua_pushboolean(L, st->drawn_loose);
        lua_setfield(L, -2, "drawn_loose");
        lua_pushboolean(L, st->drawn_aside);
        lua_setfield(L, -2, "drawn_aside");
    }
    lua_pushboolean(L, st->after_claim);
    lua_setfield(L, -2, "after_claim");
    lua_pushboolean(L, st->any_call);
    lua_setfield(L, -2, "any_call");
    lua_pushinteger(L, st->nkongs);
    lua_setfield(L, -2, "kongs");
    if (st->phase == PHASE_CLAIM || st->phase == PHASE_ROB) {
        push_tile(L, st->claim_tile);
        lua_setfield(L, -2, "claim_tile");
        lua_pushstring(L, seat_names[st->discarder & 3]);
        lua_setfield(L, -2, "discarder");
    }
    if (st->phase == PHASE_ROB) {
        lua_pushstring(L, st->rob_type == ACT_EXTRA ? "set_aside" : st->rob_type == ROB_BONUS ? "bonus"
                                                                  : act_names[st->rob_type]);
        lua_setfield(L, -2, "rob_type");
    }
    /* The deal's exchange direction: known from the start with a fixed or dice rule,
     * shown once the tiles moved when drawn at random. */
    if (st->exchange_to && (game_rules(g)->exchange != EXCHANGE_RANDOM || st->phase != PHASE_EXCHANGE)) {
        static const char *const dirs[] = { "off", "random", "dice", "right", "across", "left" };
        lua_pushstring(L, dirs[st->exchange_to % 6]);
        lua_setfield(L, -2, "exchange");
    }
    if (st->phase == PHASE_EXCHANGE || st->phase == PHASE_DECLARE) {   /* who has still to choose */
        lua_createtable(L, 4, 0);
        for (int s = 0, n = 0; s < game_rules(g)->players; s++)
            if (st->waiting >> s & 1) {
                lua_pushstring(L, seat_names[s]);
                lua_rawseti(L, -2, ++n);
            }
        lua_setfield(L, -2, "choosing");
    }
    lua_pushinteger(L, game_rules(g)->players);
    lua_setfield(L, -2, "players");
    push_indicators(L, false, false);
    lua_setfield(L, -2, "dora");
    lua_createtable(L, 0, 4);
    for (int s = 0; s < game_rules(g)->players; s++) {
        push_seat(L, g, s, 1);
        lua_setfield(L, -2, seat_names[s]);
    }
    lua_setfield(L, -2, "seats");
    lua_pushinteger(L, game_nevents(g));
    lua_setfield(L, -2, "events");
    int first = game_nevents(g) - 1;
    while (first > 0 && game_event(g, first)->type != EV_DEAL_START)
        first--;
    lua_pushinteger(L, first + 1);
    lua_setfield(L, -2, "deal_event");
    return 1;
}

/* g:seat(seat) -> the seat's table as g:state() has it, alone (cheaper than the state). */
static int l_seat(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    push_seat(L, lg->g, table_seat(L, 2, lg->g), 1);
    return 1;
}

/* The field names of the tables the hooks' frequent readers fill (brief, seat_summary),
 * made into Lua strings once: a field is set by its string, not looked up by its name. */
enum {
    K_PHASE, K_TURN, K_DRAWABLE, K_ROUND, K_HONBA, K_DEPOSITS, K_DEAL, K_DEAL_IN_ROUND, K_KONGS,
    K_LEFT, K_EVENTS, K_FIRST_WINNER, K_FIRST_SHARED, K_ANY_CALL,
    K_DISCARDS, K_MELDS, K_FLAGS, K_POINTS, K_PLAYER, K_DISCARDED, K_CLAIMED, K_MISSED,
    K_LAST_MISS, K_LAST_WITH, NKEYS
};
static const char *const key_names[NKEYS] = {
    "phase", "turn", "drawable", "round", "honba", "deposits", "deal", "deal_in_round", "kongs",
    "left", "events", "first_winner", "first_shared", "any_call",
    "discards", "melds", "flags", "points", "player", "discarded", "claimed", "missed",
    "last_miss", "last_with",
};

/* Pushes the list of the n strings names (made once, kept in the registry under the
 * address of names); returns its index. */
int push_key_strings(lua_State *L, const char *const *names, int n)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, names) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            lua_pushstring(L, names[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, names);
    }
    return lua_gettop(L);
}

static int push_keys(lua_State *L) { return push_key_strings(L, key_names, NKEYS); }

/* Field K of the table on top (under the keys at index keys) to integer v, string v. */
/* Pushes field k (K_PHASE ... K_ANY_CALL) of g:brief(). */
static void push_brief_field(lua_State *L, const struct game *g, int seat, int k)
{
    const struct game_state *st = game_state(g);
    (void)seat;
    switch (k) {
    case K_PHASE: lua_pushstring(L, phase_names[st->phase < NPHASES ? st->phase : 0]); break;
    case K_TURN: lua_pushstring(L, seat_names[st->turn & 3]); break;
    case K_DRAWABLE: lua_pushinteger(L, wall_drawable(&st->wall)); break;
    case K_ROUND: lua_pushstring(L, seat_names[st->round & 3]); break;
    case K_HONBA: lua_pushinteger(L, st->honba); break;
    case K_DEPOSITS: lua_pushinteger(L, st->deposits); break;
    case K_DEAL: lua_pushinteger(L, st->deal_no); break;
    case K_DEAL_IN_ROUND: lua_pushinteger(L, st->deal_in_round); break;
    case K_KONGS: lua_pushinteger(L, st->nkongs); break;
    case K_LEFT: lua_pushinteger(L, st->left); break;   /* mask of the seats that won and left (play after a win) */
    case K_EVENTS: lua_pushinteger(L, game_nevents(g)); break;
    /* (nil, which clears the field of a refilled table) */
    case K_FIRST_WINNER:
        lua_pushstring(L, st->first_winner < MAX_PLAYERS ? seat_names[st->first_winner] : NULL);
        break;
    case K_FIRST_SHARED:
        lua_pushstring(L, st->first_shared < MAX_PLAYERS ? seat_names[st->first_shared] : NULL);
        break;
    default:   /* K_ANY_CALL: a claim or kong (or a set-aside that counts as one) this deal */
        lua_pushboolean(L, st->any_call);
        break;
    }
}

/* Pushes field k (K_DISCARDS ... K_LAST_WITH) of g:seat_summary(seat). */
static void push_summary_field(lua_State *L, const struct game *g, int seat, int k)
{
    const struct seat_state *ss = &game_state(g)->seats[seat];
    lua_Integer n = 0;
    switch (k) {
    case K_DISCARDS: n = ss->ndiscards; break;
    case K_MELDS: n = ss->hand.nmelds; break;
    case K_FLAGS: n = ss->flags; break;
    case K_POINTS: n = game_points(g, seat); break;
    case K_PLAYER: n = game_state(g)->seat_player[seat]; break;
    case K_DISCARDED:   /* the kinds of its discards, claimed ones included */
        for (int i = 0; i < ss->ndiscards; i++)
            n |= (lua_Integer)1 << tile_kind(ss->discards[i].tile);
        break;
    case K_CLAIMED:
        for (int i = 0; i < ss->ndiscards; i++)
            n += ss->discards[i].claimed_by != SEAT_NONE;
        break;
    case K_MISSED: n = (lua_Integer)ss->missed; break;
    case K_LAST_MISS: n = ss->last_miss + 1; break;
    default: {   /* K_LAST_WITH: the declaration made with its last discard ("riichi"), or false */
        const struct discard *last = ss->ndiscards ? &ss->discards[ss->ndiscards - 1] : NULL;
        if (last && last->extra) {
            struct action a = { .type = ACT_EXTRA, .extra = (uint8_t)(last->extra - 1) };
            lua_pushstring(L, action_name(game_rules(g), &a));
        } else {
            lua_pushboolean(L, 0);
        }
        return;
    }
    }
    lua_pushinteger(L, n);
}

/* The fields first ... last - 1 of a record of the game (its seat, for a seat's): with
 * field names as the arguments from idx on, their values (one call for the fields a
 * hook reads, no table); else the table at idx refilled with all of them, or a new one
 * (nfields: its size), which is returned. */
static int record(lua_State *L, int idx, int first, int last, int nfields,
                  void (*push)(lua_State *, const struct game *, int, int), const struct game *g, int seat)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        int top = lua_gettop(L);
        luaL_checkstack(L, top - idx + 1, "too many fields");
        for (int i = idx; i <= top; i++) {
            const char *name = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
            int k = first;   /* (the first byte tells most names apart: strcmp for those alike) */
            while (name && k < last && (name[0] != key_names[k][0] || strcmp(name, key_names[k])))
                k++;
            if (!name)
                luaL_typeerror(L, i, "field name");
            if (k == last)
                luaL_argerror(L, i, lua_pushfstring(L, "no field '%s'", name));
            push(L, g, seat, k);
        }
        return top - idx + 1;
    }
    lua_settop(L, idx);
    int keys = push_keys(L);
    if (lua_istable(L, idx))   /* refilled */
        lua_pushvalue(L, idx);
    else
        lua_createtable(L, 0, nfields);
    for (int k = first; k < last; k++) {
        lua_rawgeti(L, keys, k + 1);
        push(L, g, seat, k);
        lua_settable(L, -3);
    }
    return 1;
}

/* g:brief([t]) -> {phase, turn (seat in turn), drawable (tiles an ordinary draw may
 * still take), round (wind), honba, deposits, deal (number), deal_in_round (times the
 * deal has passed in this round), kongs (declared in the deal), left (bit mask of the
 * seats that won and left the deal, bit 0 East), events (the events so far, as the
 * state's `events`), first_winner (the deal's first winner, if any), first_shared (its
 * discarder, when several seats won on that tile), any_call (a claim or kong, or a
 * set-aside that counts as one, this deal)}, without building the state; t is
 * refilled when given. g:brief(name, ...) -> the values of those fields. */
static int l_brief(lua_State *L)
{
    const struct game *g = check_game(L, 1)->g;
    return record(L, 2, K_PHASE, K_ANY_CALL + 1, 14, push_brief_field, g, 0);
}

/* g:outcome() -> how the deal ended ("win", "exhaustive", "abortive"; nil while it is
 * played) and the winners' seats: without building the state. */
static int l_outcome(lua_State *L)
{
    const struct game_state *st = game_state(check_game(L, 1)->g);
    if (!st->result)
        return lua_pushnil(L), 1;
    lua_pushstring(L, result_name(st));
    int n = st->result == EV_WIN ? st->nwins : 0;
    for (int i = 0; i < n; i++)
        lua_pushstring(L, seat_names[st->wins[i].seat & 3]);
    return 1 + n;
}

/* The waits of the seat named by argument 2 of game argument 1, into w; raises the
 * engine's error (a special_complete that failed). */
static void seat_waits(lua_State *L, bool w[TILE_KINDS])
{
    struct lgame *lg = check_game(L, 1);
    int seat = table_seat(L, 2, lg->g);
    if (game_waits(lg->g, seat, w) < 0) {
        lua_pushstring(L, game_error(lg->g));
        lua_error(L);
    }
}

/* g:waits(seat) -> the kinds that would complete the seat's hand of 13 - 3 * melds
 * concealed tiles in the rules' forms or special_complete, but for kinds it holds four
 * times (empty when the hand has another size). A special_complete that fails raises. */
static int l_waits(lua_State *L)
{
    bool w[TILE_KINDS];
    seat_waits(L, w);
    lua_createtable(L, 4, 0);
    for (int k = 0, n = 0; k < TILE_KINDS; k++)
        if (w[k]) {
            char name[3];
            kind_name(k, name);
            lua_pushlstring(L, name, 2);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

/* g:wait_mask(seat) -> the kinds g:waits lists, as bits (bit k: kind k, 1m = 0 ...
 * 7z = 33): a test against other kind masks (seat_summary's discarded) without a table. */
static int l_wait_mask(lua_State *L)
{
    bool w[TILE_KINDS];
    seat_waits(L, w);
    lua_Integer mask = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        if (w[k])
            mask |= (lua_Integer)1 << k;
    lua_pushinteger(L, mask);
    return 1;
}

/* The revealed indicators (dora, or with `ura` the ura-dora under them) of the game at
 * index 1 as a list, or with `text` as one string in notation ("1m0p", what a
 * situation's dora is). */
static int push_indicators(lua_State *L, bool ura, bool text)
{
    struct lgame *lg = check_game(L, 1);
    int n = game_state(lg->g)->ndora;
    if (text) {
        char buf[2 * UINT8_MAX + 1];   /* (ndora is a uint8_t; tile_name ends each with a NUL) */
        int len = 0;
        for (int i = 0; i < n; i++) {
            int t = ura ? game_ura(lg->g, i) : game_dora(lg->g, i);
            if (t < 0)
                break;
            tile_name((tile_t)t, buf + len);
            len += 2;
        }
        lua_pushlstring(L, buf, (size_t)len);
        return 1;
    }
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        int t = ura ? game_ura(lg->g, i) : game_dora(lg->g, i);
        if (t < 0)
            break;
        push_tile(L, (tile_t)t);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:ura([text]) -> the ura-dora indicators under the revealed dora (as for g:dora). */
static int l_ura(lua_State *L) { return push_indicators(L, true, lua_toboolean(L, 2)); }

/* g:dora([text]) -> the revealed dora indicators (the state's `dora`), without the
 * state: a list of tiles, or with text true one string in notation. */
static int l_dora(lua_State *L) { return push_indicators(L, false, lua_toboolean(L, 2)); }

/* g:events([first]) -> the events from index first (1-based) as JSON lines. */
static int l_events(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int first = (int)luaL_optinteger(L, 2, 1);
    if (first < 1)
        first = 1;
    lua_createtable(L, game_nevents(lg->g) >= first ? game_nevents(lg->g) - first + 1 : 0, 0);
    char buf[512];
    for (int i = first - 1, k = 1; i < game_nevents(lg->g); i++, k++) {
        event_json(game_rules(lg->g), game_event(lg->g, i), i, buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, k);
    }
    return 1;
}

/* The subset of JSON the engine writes for events (objects, arrays, strings without
 * escapes, integers, true, false) as Lua values, the way the JSON decoder makes them
 * (numbers as floats, plain tables); false when the text leaves that subset (the
 * caller then decodes it as JSON). */
static bool push_json_value(lua_State *L, const char **p, int depth)
{
    const char *s = *p;
    if (depth > 8)
        return false;
    if (*s == '"') {
        const char *end = ++s;
        while (*end && *end != '"' && *end != '\\' && (unsigned char)*end >= 0x20 && (unsigned char)*end < 0x80)
            end++;
        if (*end != '"')
            return false;
        lua_pushlstring(L, s, (size_t)(end - s));
        *p = end + 1;
        return true;
    }
    if (*s == '-' || (*s >= '0' && *s <= '9')) {
        const char *start = s;
        s += *s == '-';
        if (!(*s >= '0' && *s <= '9') || (*s == '0' && s[1] >= '0' && s[1] <= '9'))
            return false;
        while (*s >= '0' && *s <= '9')
            s++;
        if (*s == '.' || *s == 'e' || *s == 'E' || s - start > 15)
            return false;
        char num[20];
        memcpy(num, start, (size_t)(s - start));
        num[s - start] = '\0';
        lua_pushnumber(L, (lua_Number)strtoll(num, NULL, 10));
        *p = s;
        return true;
    }
    if (!strncmp(s, "true", 4) || !strncmp(s, "false", 5)) {
        lua_pushboolean(L, *s == 't');
        *p = s + (*s == 't' ? 4 : 5);
        return true;
    }
    bool object = *s == '{';
    if (!object && *s != '[')
        return false;
    luaL_checkstack(L, 4, "events");
    lua_createtable(L, object ? 0 : 4, object ? 6 : 0);
    s++;
    for (int n = 1; *s != (object ? '}' : ']'); n++) {
        if (n > 1 && *s++ != ',')
            return false;   /* (what it pushed, the caller drops) */
        if (object) {
            if (*s != '"' || !push_json_value(L, &s, depth + 1))
                return false;   /* (what it pushed, the caller drops) */
            if (*s++ != ':')
                return false;   /* (what it pushed, the caller drops) */
            if (!push_json_value(L, &s, depth + 1))
                return false;   /* (what it pushed, the caller drops) */
            lua_rawset(L, -3);
        } else {
            if (!push_json_value(L, &s, depth + 1))
                return false;   /* (what it pushed, the caller drops) */
            lua_rawseti(L, -2, n);
        }
    }
    *p = s + 1;
    return true;
}

/* g:event_head(i) -> the type and seat (nil when it has none) of event i (1-based), and
 * for a set-aside whether it counts as a call; nothing past the last event. Hooks that
 * look back a few events read them so, without making a table per event. */
static int l_event_head(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > game_nevents(lg->g))
        return 0;
    const struct event *e = game_event(lg->g, (int)i - 1);
    lua_pushstring(L, event_name(e->type));
    bool seated = e->type != EV_DEAL_START && e->type != EV_DORA && e->type != EV_DRAW_END &&
                  e->type != EV_SETTLE && e->type != EV_PAYMENT && e->type != EV_NEXT_DEAL;
    if (seated && e->seat < MAX_PLAYERS)   /* (as the event's JSON has it) */
        lua_pushstring(L, seat_names[e->seat]);
    else
        lua_pushnil(L);
    lua_pushboolean(L, e->type == EV_SET_ASIDE && e->kind);
    return 3;
}

/* g:event_tables([first]) -> the events from index first (1-based) as g:events() has
 * them decoded, each a table, or its JSON line where it needs the JSON decoder. */
static int l_event_tables(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int first = (int)luaL_optinteger(L, 2, 1);
    if (first < 1)
        first = 1;
    lua_createtable(L, game_nevents(lg->g) >= first ? game_nevents(lg->g) - first + 1 : 0, 0);
    int list = lua_gettop(L);
    char buf[512];
    for (int i = first - 1, k = 1; i < game_nevents(lg->g); i++, k++) {
        size_t len = event_json(game_rules(lg->g), game_event(lg->g, i), i, buf, sizeof buf);
        const char *p = buf;
        if (len >= sizeof buf - 1 || !push_json_value(L, &p, 0) || *p) {
            lua_settop(L, list);
            lua_pushstring(L, buf);
        }
        lua_rawseti(L, list, k);
    }
    return 1;
}

/* g:actions() -> every action applied, as JSON lines (what replay needs). */
static int l_actions(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_createtable(L, game_nactions(lg->g), 0);
    char buf[256];
    for (int i = 0; i < game_nactions(lg->g); i++) {
        action_json(game_rules(lg->g), game_action(lg->g, i), buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_undo(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    if (game_nactions(lg->g) == 0)
        return lua_pushnil(L), lua_pushstring(L, "nothing to undo"), 2;
    lg->rewrites++;
    return result(L, lg, game_undo(lg->g));
}

/* g:replay(n): the state after the first n applied actions. */
static int l_replay(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 0 || n > game_nactions(lg->g))
        return lua_pushnil(L), lua_pushfstring(L, "no action %d to replay to (0-%d)", (int)n, game_nactions(lg->g)), 2;
    lg->rewrites++;
    return result(L, lg, game_replay(lg->g, (int)n));
}

/* g:seat_summary(seat[, t]) -> {discards (made), melds, flags (the ruleset's),
 * points, player, discarded (the kinds discarded, as bits), claimed (its discards
 * other seats claimed), missed (the kinds let pass
 * since the own last discard, as bits), last_miss, last_with (the declaration made
 * with its last discard, or false)}: what hooks called often need, without building
 * the state; t is refilled when given. g:seat_summary(seat, name, ...) -> the values of
 * those fields. */
static int l_seat_summary(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int s = table_seat(L, 2, lg->g);
    return record(L, 3, K_DISCARDS, K_LAST_WITH + 1, 10, push_summary_field, lg->g, s);
}

/* g:kong_income(seat) -> {payer seat = amount}: the kong money the seat received in
 * this deal (settle_kong), by payer. */
static int l_kong_income(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int s = table_seat(L, 2, lg->g);
    const struct game_state *st = game_state(lg->g);
    lua_createtable(L, 0, 3);
    for (int p = 0; p < game_rules(lg->g)->players; p++)
        if (st->kong_income[s][p]) {
            lua_pushinteger(L, st->kong_income[s][p]);
            lua_setfield(L, -2, seat_names[p]);
        }
    return 1;
}

/* g:version() -> a number that changes whenever the state may have changed: the
 * actions applied and undone, and the events (hooks called in the middle of an action
 * see the events so far). */
static int l_version(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_pushinteger(L, lg->version * 1000000 + game_nevents(lg->g));
    return 1;
}

/* g:rewrites() -> a number that changes whenever events were taken back or rewritten
 * (undo, replay, reset, stack, a failed action); while it stays, the events only grow,
 * so a reader may keep those it decoded. */
static int l_rewrites(lua_State *L)
{
    lua_pushinteger(L, check_game(L, 1)->rewrites);
    return 1;
}

static int l_nactions(lua_State *L)
{
    lua_pushinteger(L, game_nactions(check_game(L, 1)->g));
    return 1;
}

static int l_check(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    char msg[256];
    if (game_check(lg->g, msg, sizeof msg) != 0)
        return lua_pushnil(L), lua_pushstring(L, msg), 2;
    lua_pushboolean(L, 1);
    return 1;
}

static int parse_wall_part(lua_State *L, int idx, tile_t *out, int max)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    struct notation_error err;
    int n = notation_parse_tiles(luaL_checkstring(L, idx), out, max, &err);
    if (n < 0)
        luaL_error(L, "stacked wall: %s", err.reason);
    return n;
}

/* g:stack(front, back): restart with a stacked first deal (tiles in notation). */
static int l_stack(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    tile_t front[MAX_WALL], back[MAX_WALL];
    int nf = parse_wall_part(L, 2, front, MAX_WALL);
    int nb = parse_wall_part(L, 3, back, MAX_WALL);
    lg->rewrites++;
    return result(L, lg, game_stack(lg->g, front, nf, back, nb));
}

/* g:stack_deal(deal, front, back): stack the wall of a later deal (1 = the second). */
static int l_stack_deal(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    int deal = (int)luaL_checkinteger(L, 2);
    tile_t front[MAX_WALL], back[MAX_WALL];
    int nf = parse_wall_part(L, 3, front, MAX_WALL);
    int nb = parse_wall_part(L, 4, back, MAX_WALL);
    lg->rewrites++;
    return result(L, lg, game_stack_deal(lg->g, deal, front, nf, back, nb));
}

static int l_reset(lua_State *L)
{
    struct lgame *lg = check_idle(L, 1);
    lg->rewrites++;
    return result(L, lg, game_reset(lg->g, (uint64_t)luaL_checkinteger(L, 2)));
}

/* The Lua game at index 4, its rules and its options (the bot profile's sources), as
 * read raw. */
static void push_profile_sources(lua_State *L)
{
    lua_pushvalue(L, 4);
    if (lua_type(L, 4) == LUA_TTABLE) {
        lua_pushliteral(L, "rules");
        lua_rawget(L, 4);
        lua_pushliteral(L, "options");
        lua_rawget(L, 4);
    } else {
        lua_pushnil(L);
        lua_pushnil(L);
    }
}

/* Is the game's kept profile that of the Lua game at index 4 (the same game, rules
 * and options)? The profile is read once per game: a bot asked at every decision. */
static bool same_profile(lua_State *L, struct lgame *lg)
{
    if (!lg->profiled || lua_type(L, 4) != LUA_TTABLE)
        return false;
    int top = lua_gettop(L);
    lua_getiuservalue(L, 1, 2);
    push_profile_sources(L);
    bool same = true;
    for (int i = 1; i <= 3 && same; i++) {
        lua_rawgeti(L, top + 1, i);
        same = lua_rawequal(L, -1, top + 1 + i);
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return same;
}

/* Keeps the sources of the profile just read in the user value 2 of the game at 1. */
static void keep_profile_of(lua_State *L)
{
    lua_createtable(L, 3, 0);
    push_profile_sources(L);
    for (int i = 3; i >= 1; i--)
        lua_rawseti(L, -1 - i, i);
    lua_setiuservalue(L, 1, 2);
}

/* g:bot(seat, "random"|"greedy"|"default"[, game]) -> the action the built-in player
 * would choose, or nil; game: the Lua game whose ruleset tells the default player
 * what value a win needs. */
static int l_bot(lua_State *L)
{
    static const char *const kinds[] = { "random", "greedy", "default", NULL };
    struct lgame *lg = check_game(L, 1);
    int seat = table_seat(L, 2, lg->g);
    int kind = luaL_checkoption(L, 3, "greedy", kinds);
    if (!same_profile(L, lg)) {
        lg->profiled = false;
        if (lj_bot_profile(L, 4, &lg->profile) != 0)
            return lua_error(L);
        keep_profile_of(L);
        lg->profiled = true;
    } else {
        lj_bot_profile_game(L, 4, &lg->profile);
    }
    struct action a;
    if (bot_choose(lg->g, seat, kind, &lg->profile, &lg->bots, &a) != 0)
        return lua_pushnil(L), 1;
    push_action(L, lg->g, &a);
    return 1;
}

/* core:view() -> a new table that the reading methods take for this game: the core of a
 * hook's view of the game (lua/game.lua gives it the reading methods alone). */
static int l_view(lua_State *L)
{
    game_arg(L, 1, false);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_pushvalue(L, 1);
    lua_rawset(L, UP_VIEWS);
    return 1;
}

/* The C game behind a userdata (for the program's sim and bots); NULL if none. */
struct game *lj_game(lua_State *L, int idx)
{
    struct lgame *lg = luaL_testudata(L, idx, GAME_MT);
    return lg ? lg->g : NULL;
}

struct game *lj_game_start(lua_State *L, const char *rules, long long seed)
{
    lua_getglobal(L, "jong");
    lua_getfield(L, -1, "game");
    lua_remove(L, -2);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, rules);
    lua_setfield(L, -2, "rules");
    lua_pushinteger(L, (lua_Integer)seed);
    lua_setfield(L, -2, "seed");
    if (lj_pcall(L, 1, 2, "jong.game", NULL) != LUA_OK)
        return NULL;
    if (lua_isnil(L, -2)) {
        lua_remove(L, -2);
        return NULL;
    }
    lua_pop(L, 1);
    lua_getfield(L, -1, "core");
    struct game *g = lj_game(L, -1);
    lua_pop(L, 1);
    if (!g) {
        lua_pop(L, 1);
        lua_pushstring(L, "jong.game gave no game");
    }
    return g;
}

void lj_game_close(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, "core");
    if (luaL_testudata(L, -1, GAME_MT)) {
        lua_pushcfunction(L, l_gc);
        lua_insert(L, -2);
        lua_call(L, 1, 0);
    } else {
        lua_pop(L, 1);
    }
}

const unsigned *lj_game_hook_failures(lua_State *L, int idx)
{
    lua_getfield(L, idx, "core");
    struct lgame *lg = luaL_testudata(L, -1, GAME_MT);
    lua_pop(L, 1);
    return lg ? &lg->hook_failures : NULL;
}

int lj_note_hook_failure(lua_State *L)
{
    struct lgame *lg = luaL_checkudata(L, 1, GAME_MT);
    lg->hook_failures++;
    return 0;
}

static const luaL_Reg game_methods[] = {
    { "legal", l_legal },
    { "apply", l_apply },
    { "waiting", l_waiting },
    { "pending_win", l_pending_win },
    { "state", l_state },
    { "ura", l_ura },
    { "dora", l_dora },
    { "events", l_events },
    { "event_tables", l_event_tables },
    { "event_head", l_event_head },
    { "actions", l_actions },
    { "nactions", l_nactions },
    { "version", l_version },
    { "rewrites", l_rewrites },
    { "seat_summary", l_seat_summary },
    { "kong_income", l_kong_income },
    { "seat", l_seat },
    { "brief", l_brief },
    { "waits", l_waits },
    { "wait_mask", l_wait_mask },
    { "outcome", l_outcome },
    { "undo", l_undo },
    { "replay", l_replay },
    { "check", l_check },
    { "stack", l_stack },
    { "stack_deal", l_stack_deal },
    { "reset", l_reset },
    { "bot", l_bot },
    { "view", l_view },
    { "close", l_gc },
    { NULL, NULL },
};

/* Adds jong.game_new and the game metatable to the module table on top. */
void lj_open_game(lua_State *L)
{
    if (luaL_newmetatable(L, GAME_MT)) {
        /* the methods, with their upvalues: this metatable and the table of views */
        lua_createtable(L, 0, (int)(sizeof game_methods / sizeof *game_methods) - 1);
        lua_pushvalue(L, -2);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushstring(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        luaL_setfuncs(L, game_methods, 2);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, l_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, l_gc);
        lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
    lua_newtable(L);   /* jong.games: game userdata by ref, weak values */
    lua_createtable(L, 0, 1);
    lua_pushstring(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, "jong.games");
    lua_pushcfunction(L, l_game_new);
    lua_setfield(L, -2, "game_new");
}

