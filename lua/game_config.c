/* The engine settings: a Lua table read into struct game_rules. */
#include "game_binding.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"

/* ---- reading the engine configuration ---- */

bool opt_bool(lua_State *L, int t, const char *k, bool def)
{
    lua_getfield(L, t, k);
    bool v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* An integer setting within [lo, hi] (the range of the field it goes into); anything
 * else is refused naming the setting. */
static long opt_range(lua_State *L, int t, const char *k, long def, long lo, long hi)
{
    lua_getfield(L, t, k);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return def;
    }
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || v < lo || v > hi)
        luaL_error(L, "engine setting '%s' must be an integer from %d to %d, not %s", k, (int)(lo < INT32_MIN ? INT32_MIN : lo),
                   (int)(hi > INT32_MAX ? INT32_MAX : hi), luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    return (long)v;
}

static int opt_choice(lua_State *L, int t, const char *k, const char *const names[], int def)
{
    lua_getfield(L, t, k);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return def;
    }
    const char *v = luaL_checkstring(L, -1);
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], v)) {
            lua_pop(L, 1);
            return i;
        }
    return luaL_error(L, "engine setting '%s' cannot be '%s'", k, v);
}

/* The extra id of a declaration's name, added to the extras when not among them. */
static uint8_t extra_id(lua_State *L, struct game_rules *r, const char *name)
{
    for (int i = 0; i < r->nextra; i++)
        if (!strcmp(r->extra_names[i], name))
            return (uint8_t)i;
    if (r->nextra >= MAX_EXTRA)
        luaL_error(L, "engine setting 'declarations': too many extra actions");
    snprintf(r->extra_names[r->nextra], EXTRA_NAME, "%s", name);
    return r->nextra++;
}

/* declarations = {{name = "riichi", when = "any_turn"|"first_discard", closed = bool,
 * min_wall = n, min_points = n, deposit = n, flags = n, first_flags = n, unless_flags = n}, ...} */
static void read_declarations(lua_State *L, int t, struct game_rules *r)
{
    static const char *const whens[] = { "any_turn", "first_discard", NULL };
    lua_getfield(L, t, "declarations");
    if (lua_istable(L, -1)) {
        int list = lua_gettop(L);
        for (int i = 1; lua_rawgeti(L, list, i) != LUA_TNIL; i++) {
            if (!lua_istable(L, -1) || r->ndeclarations >= MAX_DECLARATIONS)
                luaL_error(L, "engine setting 'declarations': entry %d is not a table or one too many", i);
            int d = lua_gettop(L);
            struct declaration *dc = &r->declarations[r->ndeclarations++];
            lua_getfield(L, d, "name");
            const char *name = lua_tostring(L, -1);
            if (!name)
                luaL_error(L, "engine setting 'declarations': entry %d has no name", i);
            dc->extra = extra_id(L, r, name);
            lua_pop(L, 1);
            dc->when = (uint8_t)opt_choice(L, d, "when", whens, DECLARE_ANY_TURN);
            dc->closed = opt_bool(L, d, "closed", false);
            dc->min_wall = (uint8_t)opt_range(L, d, "min_wall", 0, 0, UINT8_MAX);
            dc->min_points = (int32_t)opt_range(L, d, "min_points", INT32_MIN, INT32_MIN, INT32_MAX);
            dc->deposit = (int32_t)opt_range(L, d, "deposit", 0, INT32_MIN, INT32_MAX);
            dc->flags = (uint32_t)opt_range(L, d, "flags", 0, 0, (long)UINT32_MAX);
            dc->first_flags = (uint32_t)opt_range(L, d, "first_flags", 0, 0, (long)UINT32_MAX);
            dc->unless_flags = (uint32_t)opt_range(L, d, "unless_flags", 0, 0, (long)UINT32_MAX);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The kinds of a tile string setting ("2345678m"), as a bit mask; raises an error. */
static uint64_t kinds_of(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    uint64_t mask = 0;
    if (!lua_isnil(L, -1)) {
        tile_t tiles[MAX_WALL];
        struct notation_error err;
        int n = notation_parse_tiles(luaL_checkstring(L, -1), tiles, MAX_WALL, &err);
        if (n < 0)
            luaL_error(L, "engine setting '%s': %s", k, err.reason);
        for (int i = 0; i < n; i++) {
            if (tile_kind(tiles[i]) >= TILE_KINDS)
                luaL_error(L, "engine setting '%s': only kinds that make hands", k);
            mask |= 1ull << tile_kind(tiles[i]);
        }
    }
    lua_pop(L, 1);
    return mask;
}

/* set_aside = {tile = "4z", name = "kita", robbable = bool, call = bool, after_claim = bool} */
static void read_set_aside(lua_State *L, int t, struct game_rules *r)
{
    lua_getfield(L, t, "set_aside");
    if (lua_istable(L, -1)) {
        int s = lua_gettop(L);
        struct set_aside *sa = &r->set_aside;
        lua_getfield(L, s, "tile");
        bool red;
        int k = kind_parse(luaL_optstring(L, -1, ""), &red);
        if (k < 0 || k >= TILE_KINDS)
            luaL_error(L, "engine setting 'set_aside': 'tile' must be a kind that makes hands");
        lua_pop(L, 1);
        lua_getfield(L, s, "name");
        const char *name = luaL_optstring(L, -1, "set_aside");
        sa->on = true;
        sa->kind = (uint8_t)k;
        sa->extra = extra_id(L, r, name);
        lua_pop(L, 1);
        sa->robbable = opt_bool(L, s, "robbable", false);
        sa->is_call = opt_bool(L, s, "call", false);
        sa->after_claim = opt_bool(L, s, "after_claim", false);
    }
    lua_pop(L, 1);
}

/* chow_from = {1, ...}: the relations (1: the discarder is the claimer's predecessor)
 * a chow may be claimed from; pungs and kongs from every seat. */
static void read_relations(lua_State *L, int t, struct game_rules *r)
{
    lua_getfield(L, t, "chow_from");
    if (lua_istable(L, -1)) {
        for (int i = 1; i < MAX_PLAYERS; i++)
            r->relation_claims[i] &= (uint8_t)~CLAIM_CHOW;
        for (int i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            lua_Integer rel = luaL_checkinteger(L, -1);
            if (rel < 1 || rel >= MAX_PLAYERS)
                luaL_error(L, "engine setting 'chow_from': relations are 1 to %d", MAX_PLAYERS - 1);
            r->relation_claims[rel] |= CLAIM_CHOW;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Reads the engine table (names as in docs/hooks.md) over the defaults. */
void read_rules(lua_State *L, int t, struct game_rules *r)
{
    static const char *const policies[] = { "fixed", "not_replenished", "none", NULL };
    static const char *const sources[] = { "loose", "head", NULL };
    static const char *const orders[] = { "blocks", "seat", NULL };
    static const char *const multis[] = { "nearest", "all", "double_only", "by_set_type", NULL };
    static const char *const lasts[] = { "any", "win_only", "none", NULL };
    game_rules_default(r);
    r->players = (uint8_t)opt_range(L, t, "players", 4, 0, UINT8_MAX);
    r->wall.walls = r->players;
    r->wall.absent = kinds_of(L, t, "absent");
    r->no_meld_kinds = kinds_of(L, t, "no_meld");
    read_relations(L, t, r);
    r->wall.bonus = opt_bool(L, t, "bonus", false);
    lua_getfield(L, t, "reds");
    if (lua_istable(L, -1))
        for (int i = 0; i < 3; i++) {
            lua_rawgeti(L, -1, i + 1);
            lua_Integer red = luaL_optinteger(L, -1, 0);
            if (red < 0 || red > 4)
                luaL_error(L, "engine setting 'reds': entry %d must be 0 to 4", (int)i + 1);
            r->wall.reds[i] = (uint8_t)red;
            lua_pop(L, 1);
        }
    lua_pop(L, 1);
    r->wall.side = (uint8_t)opt_range(L, t, "side", 0, 0, UINT8_MAX);
    r->wall.dice = (uint8_t)opt_range(L, t, "dice", 2, 0, UINT8_MAX);
    r->wall.second_throw = opt_bool(L, t, "second_throw", false);
    r->wall.dead_policy = (uint8_t)opt_choice(L, t, "dead_policy", policies, DEAD_FIXED);
    r->wall.dead_size = (uint8_t)opt_range(L, t, "dead_size", r->wall.dead_policy == DEAD_NONE ? 0 : 14, 0, UINT8_MAX);
    r->wall.reserve = (uint8_t)opt_range(L, t, "reserve", 0, 0, UINT8_MAX);
    r->deal_order = (uint8_t)opt_choice(L, t, "deal_order", orders, DEAL_BLOCKS);
    r->bonus_source = (uint8_t)opt_choice(L, t, "bonus_source", sources, SRC_LOOSE);
    r->kong_source = (uint8_t)opt_choice(L, t, "kong_source", sources, SRC_LOOSE);
    r->dead_empty_draw = opt_bool(L, t, "dead_empty_draw", false);
    lua_getfield(L, t, "claims");
    if (lua_istable(L, -1)) {
        r->claims = 0;
        for (int i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            const char *c = lua_tostring(L, -1);
            r->claims |= !c ? 0 : !strcmp(c, "chow") ? CLAIM_CHOW : !strcmp(c, "pung") ? CLAIM_PUNG
                       : !strcmp(c, "kong") ? CLAIM_KONG : !strcmp(c, "win") ? CLAIM_WIN : 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "precedence");
    if (lua_istable(L, -1)) {
        static const int acts[] = { ACT_CHOW, ACT_PUNG, ACT_KONG, ACT_WIN };
        for (int i = 0; i < 4; i++)
            r->precedence[acts[i]] = (uint8_t)opt_range(L, lua_gettop(L), act_names[acts[i]], r->precedence[acts[i]], 0, UINT8_MAX);
    }
    lua_pop(L, 1);
    r->multi_win = (uint8_t)opt_choice(L, t, "multi_win", multis, MULTI_NEAREST);
    r->rob_promoted = opt_bool(L, t, "rob_promoted", true);
    r->rob_concealed_thirteen = opt_bool(L, t, "rob_concealed_thirteen", false);
    r->rob_concealed_any = opt_bool(L, t, "rob_concealed_any", false);
    r->kong_after_claim = opt_bool(L, t, "kong_after_claim", false);
    r->win_after_claim = opt_bool(L, t, "win_after_claim", false);
    r->max_kongs = (uint8_t)opt_range(L, t, "max_kongs", 0, 0, UINT8_MAX);
    r->last_discard = (uint8_t)opt_choice(L, t, "last_discard", lasts, LAST_DISCARD_ANY);
    r->lock_flags = (uint32_t)opt_range(L, t, "lock_flags", 0, 0, (long)UINT32_MAX);
    r->claim_lock_flags = (uint32_t)opt_range(L, t, "claim_lock_flags", 0, 0, (long)UINT32_MAX);
    r->no_kong_on_last_tile = opt_bool(L, t, "no_kong_on_last_tile", false);
    r->kuikae = opt_bool(L, t, "kuikae", false);
    r->promote_after_claim = opt_bool(L, t, "promote_after_claim", false);
    r->random_seats = opt_bool(L, t, "random_seats", false);
    r->kong_dora_after_discard = opt_bool(L, t, "kong_dora_after_discard", false);
    r->wall.dead_from_dice = opt_bool(L, t, "dead_from_dice", false);
    r->forms = (unsigned)opt_range(L, t, "forms", FORM_ALL, 0, (long)UINT32_MAX);
    r->hand_sets = (uint8_t)opt_range(L, t, "hand_sets", 4, 0, UINT8_MAX);
    r->play_after_win = opt_bool(L, t, "play_after_win", false);
    r->flower_wins = opt_bool(L, t, "flower_wins", false);
    r->flower_win_at = (uint8_t)opt_range(L, t, "flower_win_at", 8, 7, 8);
    static const char *const exchanges[] = { "off", "random", "dice", "right", "across", "left", NULL };
    r->exchange = (uint8_t)opt_choice(L, t, "exchange", exchanges, EXCHANGE_OFF);
    r->exchange_same_suit = opt_bool(L, t, "exchange_same_suit", true);
    r->declare_missing = opt_bool(L, t, "declare_missing", false);
    r->missing_first = opt_bool(L, t, "discard_missing_first", false);
    if (r->hand_sets != 4 && r->hand_sets != 5)
        luaL_error(L, "engine setting 'hand_sets' is 4 or 5, not %d", r->hand_sets);
    r->dora_first = (uint8_t)opt_range(L, t, "dora_first", 0, 0, UINT8_MAX);
    r->dora_step = (uint8_t)opt_range(L, t, "dora_step", 0, 0, UINT8_MAX);
    r->start_points = (int32_t)opt_range(L, t, "start_points", 25000, INT32_MIN, INT32_MAX);
    r->rounds = (uint8_t)opt_range(L, t, "rounds", 4, 0, UINT8_MAX);
    r->flat_win = (int32_t)opt_range(L, t, "flat_win", 1000, INT32_MIN, INT32_MAX);
    lua_getfield(L, t, "extras");
    if (lua_istable(L, -1)) {
        for (int i = 1; i <= MAX_EXTRA && lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            snprintf(r->extra_names[i - 1], EXTRA_NAME, "%s", luaL_checkstring(L, -1));
            r->nextra = (uint8_t)i;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    read_declarations(L, t, r);
    read_set_aside(L, t, r);
    lua_getfield(L, t, "ask");
    if (lua_istable(L, -1)) {
        r->ask_mask = 0;
        for (int i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            const char *c = lua_tostring(L, -1);
            for (int a = 0; a < ACT_TYPES; a++)
                if (c && !strcmp(c, act_names[a]))
                    r->ask_mask |= 1u << a;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

