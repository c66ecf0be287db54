/* Games in Lua: the C turn-flow engine (core/game) as a userdata, and the engine's
 * hooks answered by Lua functions (built by the prelude from a ruleset's hooks).
 * Every hook call goes through lj_pcall. */
#include "lj.h"

#include <stdio.h>
#include <string.h>

#include "bot.h"
#include "game.h"
#include "notation.h"

#define GAME_MT "jong.game"

static const char *const act_names[ACT_TYPES] = {
    "pass", "discard", "chow", "pung", "kong", "kong_concealed", "kong_promoted", "win", "extra", "next",
};
static const char seat_names[][2] = { "E", "S", "W", "N" };

struct lgame {
    struct game *g;
    lua_State *L;      /* the state the hooks run in */
    int hooks_ref;     /* registry: the table of hook functions */
    int self_ref;      /* registry (weak table): this userdata, for passing it to hooks */
    struct rng bots;   /* the built-in players' random numbers */
    lua_Integer version;   /* changes whenever the state may have changed */
    bool special_concealed_only;   /* special_complete is never true with melds */
};

static int seat_arg(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    int seat = s[0] && !s[1] ? seat_parse(s[0]) : -1;
    if (seat < 0)
        luaL_error(L, "bad seat '%s' (E, S, W or N)", s);
    return seat;
}

static void push_tile(lua_State *L, tile_t t)
{
    char name[3];
    tile_name(t, name);
    lua_pushlstring(L, name, 2);
}

/* ---- reading the engine configuration ---- */

static int opt_bool(lua_State *L, int t, const char *k, bool def)
{
    lua_getfield(L, t, k);
    bool v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* For hook results: never raises (an engine action is under way). */
static long get_int(lua_State *L, int t, const char *k, long def)
{
    lua_getfield(L, t, k);
    int isnum;
    long v = (long)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    return isnum ? v : def;
}

static long opt_int(lua_State *L, int t, const char *k, long def)
{
    lua_getfield(L, t, k);
    long v = lua_isnil(L, -1) ? def : (long)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    return v;
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
            dc->min_wall = (uint8_t)opt_int(L, d, "min_wall", 0);
            dc->min_points = (int32_t)opt_int(L, d, "min_points", INT32_MIN);
            dc->deposit = (int32_t)opt_int(L, d, "deposit", 0);
            dc->flags = (uint32_t)opt_int(L, d, "flags", 0);
            dc->first_flags = (uint32_t)opt_int(L, d, "first_flags", 0);
            dc->unless_flags = (uint32_t)opt_int(L, d, "unless_flags", 0);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Reads the engine table (names as in docs/hooks.md) over the defaults. */
static void read_rules(lua_State *L, int t, struct game_rules *r)
{
    static const char *const policies[] = { "fixed", "not_replenished", "none", NULL };
    static const char *const sources[] = { "loose", "head", NULL };
    static const char *const orders[] = { "blocks", "seat", NULL };
    static const char *const multis[] = { "nearest", "all", "double_only", NULL };
    static const char *const lasts[] = { "any", "win_only", "none", NULL };
    game_rules_default(r);
    r->wall.bonus = opt_bool(L, t, "bonus", false);
    lua_getfield(L, t, "reds");
    if (lua_istable(L, -1))
        for (int i = 0; i < 3; i++) {
            lua_rawgeti(L, -1, i + 1);
            r->wall.reds[i] = (uint8_t)luaL_optinteger(L, -1, 0);
            lua_pop(L, 1);
        }
    lua_pop(L, 1);
    r->wall.side = (uint8_t)opt_int(L, t, "side", 0);
    r->wall.dice = (uint8_t)opt_int(L, t, "dice", 2);
    r->wall.second_throw = opt_bool(L, t, "second_throw", false);
    r->wall.dead_policy = (uint8_t)opt_choice(L, t, "dead_policy", policies, DEAD_FIXED);
    r->wall.dead_size = (uint8_t)opt_int(L, t, "dead_size", r->wall.dead_policy == DEAD_NONE ? 0 : 14);
    r->wall.reserve = (uint8_t)opt_int(L, t, "reserve", 0);
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
            r->precedence[acts[i]] = (uint8_t)opt_int(L, lua_gettop(L), act_names[acts[i]], r->precedence[acts[i]]);
    }
    lua_pop(L, 1);
    r->multi_win = (uint8_t)opt_choice(L, t, "multi_win", multis, MULTI_NEAREST);
    r->rob_promoted = opt_bool(L, t, "rob_promoted", true);
    r->rob_concealed_thirteen = opt_bool(L, t, "rob_concealed_thirteen", false);
    r->rob_concealed_any = opt_bool(L, t, "rob_concealed_any", false);
    r->kong_after_claim = opt_bool(L, t, "kong_after_claim", false);
    r->win_after_claim = opt_bool(L, t, "win_after_claim", false);
    r->max_kongs = (uint8_t)opt_int(L, t, "max_kongs", 0);
    r->last_discard = (uint8_t)opt_choice(L, t, "last_discard", lasts, LAST_DISCARD_ANY);
    r->lock_flags = (uint32_t)opt_int(L, t, "lock_flags", 0);
    r->claim_lock_flags = (uint32_t)opt_int(L, t, "claim_lock_flags", 0);
    r->no_kong_on_last_tile = opt_bool(L, t, "no_kong_on_last_tile", false);
    r->kuikae = opt_bool(L, t, "kuikae", false);
    r->promote_after_claim = opt_bool(L, t, "promote_after_claim", false);
    r->random_seats = opt_bool(L, t, "random_seats", false);
    r->kong_dora_after_discard = opt_bool(L, t, "kong_dora_after_discard", false);
    r->wall.dead_from_dice = opt_bool(L, t, "dead_from_dice", false);
    r->forms = (unsigned)opt_int(L, t, "forms", FORM_ALL);
    r->dora_first = (uint8_t)opt_int(L, t, "dora_first", 0);
    r->dora_step = (uint8_t)opt_int(L, t, "dora_step", 0);
    r->start_points = (int32_t)opt_int(L, t, "start_points", 25000);
    r->rounds = (uint8_t)opt_int(L, t, "rounds", 4);
    r->flat_win = (int32_t)opt_int(L, t, "flat_win", 1000);
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

/* ---- actions ---- */

static void push_action(lua_State *L, const struct game *g, const struct action *a)
{
    lua_createtable(L, 0, 5);
    lua_pushstring(L, a->type == ACT_EXTRA ? action_name(&g->rules, a) : act_names[a->type]);
    lua_setfield(L, -2, "type");
    lua_pushstring(L, seat_names[a->seat & 3]);
    lua_setfield(L, -2, "seat");
    if (a->type != ACT_PASS && a->type != ACT_NEXT) {
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
static void read_action(lua_State *L, int t, const struct game *g, struct action *a)
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
    for (int i = 0; found < 0 && i < g->rules.nextra; i++)
        if (!strcmp(type, g->rules.extra_names[i])) {
            found = ACT_EXTRA;
            a->extra = (uint8_t)i;
        }
    if (found < 0)
        luaL_error(L, "unknown action '%s'", type);
    lua_pop(L, 1);
    a->type = (uint8_t)found;
    tile_field(L, t, "tile", &a->tile);
    tile_t chow = 0;
    if (tile_field(L, t, "chow", &chow))
        a->chow = (uint8_t)tile_kind(chow);
}

/* ---- hooks: C adapters that call the Lua functions ---- */

/* Pushes hooks[name] and the game userdata; returns false when there is no such hook. */
static bool push_hook(struct lgame *lg, const char *name)
{
    lua_State *L = lg->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, lg->hooks_ref);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, "jong.games");
    lua_rawgeti(L, -1, lg->self_ref);
    lua_remove(L, -2);
    return true;
}

/* Calls the hook pushed by push_hook with nargs more arguments; on error copies the
 * message to msg. Returns HOOK_OK with nres results on the stack, or HOOK_ERROR. */
static int call_hook(struct lgame *lg, const char *name, int nargs, int nres, char *msg, size_t n)
{
    char what[64];
    snprintf(what, sizeof what, "hook %s", name);
    if (lj_pcall(lg->L, nargs + 1, nres, what, &lj_hook_limits) != LUA_OK) {
        snprintf(msg, n, "%s", lua_tostring(lg->L, -1) ? lua_tostring(lg->L, -1) : "error");
        lua_pop(lg->L, 1);
        return HOOK_ERROR;
    }
    return HOOK_OK;
}

static void push_win(lua_State *L, const struct win *w);

static int h_may_act(void *ctx, const struct game *g, const struct action *a, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    if (!push_hook(lg, "may_act"))
        return HOOK_OK;
    push_action(lg->L, g, a);
    if (a->type == ACT_WIN) {
        /* The win as settlement would be given it: action.win, for g:situation. */
        const struct game_state *st = &g->st;
        struct win w;
        if (st->phase == PHASE_TURN)
            game_win_record(g, a->seat, WIN_SELF_DRAW, SEAT_NONE, a->tile, &w);
        else
            game_win_record(g, a->seat, st->phase == PHASE_ROB ? WIN_ROB : WIN_DISCARD, st->discarder,
                            st->claim_tile, &w);
        push_win(lg->L, &w);
        lua_setfield(lg->L, -2, "win");
    }
    if (call_hook(lg, "may_act", 1, 2, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    int r = HOOK_OK;
    if (!lua_toboolean(lg->L, -2)) {
        snprintf(msg, n, "%s", lua_isstring(lg->L, -1) ? lua_tostring(lg->L, -1) : "the rules forbid it");
        r = HOOK_REFUSED;
    }
    lua_pop(lg->L, 2);
    return r;
}

static int h_allowed_discards(void *ctx, const struct game *g, int seat, uint64_t *allowed, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    lua_State *L = lg->L;
    (void)g;
    *allowed = ~(uint64_t)0;
    if (!push_hook(lg, "allowed_discards"))
        return HOOK_OK;
    lua_pushstring(L, seat_names[seat]);
    if (call_hook(lg, "allowed_discards", 1, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    if (lua_istable(L, -1)) {
        *allowed = 0;
        for (int i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
            const char *ts = lua_tostring(L, -1);
            bool red = false;
            int k = strlen(ts) == 2 ? kind_parse(ts, &red) : -1;
            lua_pop(L, 1);
            if (k < 0 || k >= TILE_KINDS) {
                snprintf(msg, n, "hook allowed_discards: bad tile '%s'", ts);
                lua_pop(L, 2);
                return HOOK_ERROR;
            }
            *allowed |= (uint64_t)1 << (red ? DISCARD_RED + kind_suit(k) : k);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return HOOK_OK;
}

static int h_extra_actions(void *ctx, const struct game *g, int seat, struct action *out, int max,
                           int *count, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    lua_State *L = lg->L;
    *count = 0;
    if (!push_hook(lg, "extra_actions"))
        return HOOK_OK;
    lua_pushstring(L, seat_names[seat]);
    if (call_hook(lg, "extra_actions", 1, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    if (lua_istable(L, -1)) {
        for (int i = 1; *count < max && lua_rawgeti(L, -1, i) == LUA_TTABLE; i++) {
            lua_pushstring(L, seat_names[seat]);
            lua_setfield(L, -2, "seat");
            struct action a;
            memset(&a, 0, sizeof a);
            lua_getfield(L, -1, "type");
            const char *type = lua_tostring(L, -1);
            bool known = false;
            for (int e = 0; type && e < g->rules.nextra; e++)
                if (!strcmp(type, g->rules.extra_names[e])) {
                    a.extra = (uint8_t)e;
                    known = true;
                }
            lua_pop(L, 1);
            if (!known) {
                snprintf(msg, n, "hook extra_actions: unknown declaration '%s'", type ? type : "?");
                lua_pop(L, 2);
                return HOOK_ERROR;
            }
            a.type = ACT_EXTRA;
            a.seat = (uint8_t)seat;
            lua_getfield(L, -1, "tile");
            const char *ts = lua_tostring(L, -1);
            bool red = false;
            int k = ts && strlen(ts) == 2 ? kind_parse(ts, &red) : -1;
            lua_pop(L, 1);
            if (ts && (k < 0 || k >= TILE_KINDS)) {
                snprintf(msg, n, "hook extra_actions: bad tile '%s'", ts);
                lua_pop(L, 2);
                return HOOK_ERROR;
            }
            a.tile = k < 0 ? 0 : (tile_t)(k | (red ? TILE_RED : 0));
            out[(*count)++] = a;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return HOOK_OK;
}

static int h_apply_extra(void *ctx, const struct game *g, const struct action *a,
                         struct extra_effect *eff, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    lua_State *L = lg->L;
    memset(eff, 0, sizeof *eff);
    if (!push_hook(lg, "apply_extra"))
        return HOOK_OK;
    push_action(L, g, a);
    if (call_hook(lg, "apply_extra", 1, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    if (lua_istable(L, -1)) {
        int t = lua_gettop(L);
        eff->set_flags = (uint32_t)get_int(L, t, "set_flags", 0);
        eff->deposit = (int32_t)get_int(L, t, "deposit", 0);
        eff->discard = opt_bool(L, t, "discard", false);
        eff->abort = opt_bool(L, t, "abort", false);
    }
    lua_pop(L, 1);
    return HOOK_OK;
}

static int h_special_complete(void *ctx, const struct game *g, int seat, const uint8_t counts[TILE_KINDS],
                              int nmelds, bool *complete, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    *complete = false;
    if ((nmelds > 0 && lg->special_concealed_only) || !push_hook(lg, "special_complete"))
        return HOOK_OK;
    char buf[64];
    notation_format_counts(counts, NULL, buf, sizeof buf);
    lua_pushstring(lg->L, seat_names[seat]);
    lua_pushstring(lg->L, buf);
    lua_pushinteger(lg->L, nmelds);
    if (call_hook(lg, "special_complete", 3, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    *complete = lua_toboolean(lg->L, -1);
    lua_pop(lg->L, 1);
    return HOOK_OK;
}

/* Reads {E = n, S = n, W = n, N = n, taken = n} into a settlement. */
static int read_settlement(lua_State *L, struct settlement *out, char *msg, size_t n, const char *hook)
{
    memset(out, 0, sizeof *out);
    if (!lua_istable(L, -1)) {
        snprintf(msg, n, "hook %s returned no payments table", hook);
        lua_pop(L, 1);
        return HOOK_ERROR;
    }
    int t = lua_gettop(L);
    for (int s = 0; s < 4; s++) {
        lua_getfield(L, t, seat_names[s]);
        lua_Integer v = lua_tointeger(L, -1);
        out->delta[s] = (int32_t)v;
        lua_pop(L, 1);
    }
    lua_getfield(L, t, "taken");
    out->taken = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 2);
    return HOOK_OK;
}

static void push_win(lua_State *L, const struct win *w)
{
    static const char *const hows[] = { "self", "discard", "rob" };
    lua_createtable(L, 0, 8);
    lua_pushstring(L, seat_names[w->seat & 3]);
    lua_setfield(L, -2, "seat");
    if (w->from != SEAT_NONE) {
        lua_pushstring(L, seat_names[w->from & 3]);
        lua_setfield(L, -2, "from");
    }
    push_tile(L, w->tile);
    lua_setfield(L, -2, "tile");
    lua_pushstring(L, hows[w->how < 3 ? w->how : 0]);
    lua_setfield(L, -2, "how");
    char buf[128];
    notation_format_hand(&w->hand, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_setfield(L, -2, "hand");
    lua_pushboolean(L, (w->flags & WINF_LOOSE) != 0);
    lua_setfield(L, -2, "loose");
    lua_pushboolean(L, (w->flags & WINF_LAST_TILE) != 0);
    lua_setfield(L, -2, "last_tile");
    lua_pushboolean(L, (w->flags & WINF_FIRST_TURN) != 0);
    lua_setfield(L, -2, "first_turn");
    lua_pushboolean(L, (w->flags & WINF_ROB_CONCEALED) != 0);
    lua_setfield(L, -2, "rob_concealed");
}

static int h_settle_win(void *ctx, const struct game *g, const struct win *wins, int nwins,
                        struct settlement *out, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    if (!push_hook(lg, "settle_win")) {
        snprintf(msg, n, "no settle_win hook");
        return HOOK_ERROR;
    }
    lua_createtable(lg->L, nwins, 0);
    for (int i = 0; i < nwins; i++) {
        push_win(lg->L, &wins[i]);
        lua_rawseti(lg->L, -2, i + 1);
    }
    if (call_hook(lg, "settle_win", 1, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    return read_settlement(lg->L, out, msg, n, "settle_win");
}

static int h_settle_draw(void *ctx, const struct game *g, int kind, const char *reason,
                         struct settlement *out, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    memset(out, 0, sizeof *out);
    if (!push_hook(lg, "settle_draw"))
        return HOOK_OK;
    lua_pushstring(lg->L, kind == DRAW_ABORTIVE ? "abortive" : "exhaustive");
    lua_pushstring(lg->L, reason ? reason : "");
    if (call_hook(lg, "settle_draw", 2, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    return read_settlement(lg->L, out, msg, n, "settle_draw");
}

static int h_check_abort(void *ctx, const struct game *g, bool *abort, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    *abort = false;
    if (!push_hook(lg, "check_abort"))
        return HOOK_OK;
    if (call_hook(lg, "check_abort", 0, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    if (lua_isstring(lg->L, -1)) {
        *abort = true;
        snprintf(msg, n, "%s", lua_tostring(lg->L, -1));
    }
    lua_pop(lg->L, 1);
    return HOOK_OK;
}

static int h_next_deal(void *ctx, const struct game *g, struct next_deal *out, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    if (!push_hook(lg, "next_deal")) {
        snprintf(msg, n, "no next_deal hook");
        return HOOK_ERROR;
    }
    if (call_hook(lg, "next_deal", 0, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    lua_State *L = lg->L;
    if (!lua_istable(L, -1)) {
        snprintf(msg, n, "hook next_deal returned no table");
        lua_pop(L, 1);
        return HOOK_ERROR;
    }
    int t = lua_gettop(L);
    out->dealer_keeps = opt_bool(L, t, "dealer_keeps", false);
    lua_getfield(L, t, "round");
    const char *r = lua_tostring(L, -1);
    out->round = (uint8_t)(r && seat_parse(r[0]) >= 0 ? seat_parse(r[0]) : 0);
    lua_pop(L, 1);
    out->honba = (uint8_t)get_int(L, t, "honba", 0);
    out->match_over = opt_bool(L, t, "match_over", false);
    lua_pop(L, 1);
    return HOOK_OK;
}

/* ---- the userdata ---- */

static struct lgame *check_game(lua_State *L, int idx)
{
    struct lgame *lg = luaL_checkudata(L, idx, GAME_MT);
    if (!lg->g)
        luaL_error(L, "the game is closed");
    return lg;
}

/* jong.game_new(engine, hooks, seed) -> game, or nil, reason. engine: the engine
 * settings (docs/hooks.md); hooks: functions the engine calls (each gets the game). */
static int l_game_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer seed = luaL_optinteger(L, 3, 1);
    struct game_rules rules;
    read_rules(L, 1, &rules);
    struct lgame *lg = lua_newuserdatauv(L, sizeof *lg, 1);
    memset(lg, 0, sizeof *lg);
    lg->L = L;
    lg->hooks_ref = LUA_NOREF;
    lg->self_ref = LUA_NOREF;
    luaL_setmetatable(L, GAME_MT);
    lua_pushvalue(L, 2);
    lg->hooks_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_getfield(L, LUA_REGISTRYINDEX, "jong.games");
    lua_pushvalue(L, -2);
    lg->self_ref = luaL_ref(L, -2);
    lua_pop(L, 1);
    struct game_hooks hooks = {
        .ctx = lg,
        .may_act = h_may_act,
        .allowed_discards = h_allowed_discards,
        .extra_actions = h_extra_actions,
        .apply_extra = h_apply_extra,
        .special_complete = h_special_complete,
        .settle_win = h_settle_win,
        .settle_draw = h_settle_draw,
        .check_abort = h_check_abort,
        .next_deal = h_next_deal,
    };
    /* A hook the Lua table lacks is NULL: the engine's default applies. */
    static const char *const names[] = { "may_act", "extra_actions", "apply_extra", "special_complete",
                                         "settle_win", "settle_draw", "check_abort", "next_deal",
                                         "allowed_discards" };
    for (int i = 0; i < 9; i++) {
        lua_getfield(L, 2, names[i]);
        bool has = lua_isfunction(L, -1);
        lua_pop(L, 1);
        if (has)
            continue;
        switch (i) {
        case 0: hooks.may_act = NULL; break;
        case 1: hooks.extra_actions = NULL; break;
        case 2: hooks.apply_extra = NULL; break;
        case 3: hooks.special_complete = NULL; break;
        case 4: hooks.settle_win = NULL; break;
        case 5: hooks.settle_draw = NULL; break;
        case 6: hooks.check_abort = NULL; break;
        case 7: hooks.next_deal = NULL; break;
        default: hooks.allowed_discards = NULL; break;
        }
    }
    rng_seed(&lg->bots, (uint64_t)seed ^ 0x626f7473u);
    lg->special_concealed_only = opt_bool(L, 1, "special_concealed_only", false);
    char err[256];
    lg->g = game_new(&rules, &hooks, (uint64_t)seed, err, sizeof err);
    if (!lg->g)
        return lua_pushnil(L), lua_pushstring(L, err), 2;
    return 1;
}

static int l_gc(lua_State *L)
{
    struct lgame *lg = luaL_checkudata(L, 1, GAME_MT);
    if (lg->g) {
        game_free(lg->g);
        lg->g = NULL;
    }
    luaL_unref(L, LUA_REGISTRYINDEX, lg->hooks_ref);
    lg->hooks_ref = LUA_NOREF;
    return 0;
}

static int l_legal(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int seat = seat_arg(L, 2);
    struct action a[MAX_ACTIONS];
    int n = game_legal(lg->g, seat, a, MAX_ACTIONS);
    lua_createtable(L, n > 0 ? n : 0, 0);
    for (int i = 0; i < n; i++) {
        push_action(L, lg->g, &a[i]);
        lua_rawseti(L, -2, i + 1);
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
    struct lgame *lg = check_game(L, 1);
    struct action a;
    read_action(L, 2, lg->g, &a);
    lg->version++;   /* hooks called during the action see a new version */
    return result(L, lg, game_apply(lg->g, &a));
}

static int l_waiting(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int mask = game_waiting(lg->g), n = 0;
    lua_createtable(L, 4, 0);
    for (int s = 0; s < 4; s++)
        if (mask & (1 << s)) {
            lua_pushstring(L, seat_names[s]);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static char seat_mt_key;   /* address: the seat tables' metatable, and their game */

static void push_discards(lua_State *L, const struct game *g, int s)
{
    const struct seat_state *ss = &g->st.seats[s];
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
            lua_pushstring(L, action_name(&g->rules, &a));
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
    lua_rawgetp(L, 1, &seat_mt_key);
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
    const struct seat_state *ss = &g->st.seats[s];
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
    lua_pushstring(L, seat_names[s]);
    lua_setfield(L, -2, "wind");
    lua_pushinteger(L, ss->ndiscards);
    lua_setfield(L, -2, "ndiscards");
    /* The discards are built when first read (most hooks never read them): the seat
     * table keeps its game for that. */
    lua_pushvalue(L, game_idx);
    lua_rawsetp(L, -2, &seat_mt_key);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &seat_mt_key);
    lua_setmetatable(L, -2);
    lua_pushinteger(L, game_points(g, s));
    lua_setfield(L, -2, "points");
    lua_pushinteger(L, g->st.seat_player[s]);
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
}

/* How a deal ended, as hooks and the state name it. */
static const char *result_name(const struct game_state *st)
{
    return st->result == EV_WIN ? "win" : st->result == DRAW_ABORTIVE ? "abortive" : "exhaustive";
}

static const char *const phase_names[] = { "turn", "claim", "rob", "deal_end", "match_end" };

static int l_state(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    const struct game *g = lg->g;
    const struct game_state *st = &g->st;
    lua_createtable(L, 0, 32);
    lua_pushstring(L, phase_names[st->phase < 5 ? st->phase : 0]);
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
    lua_createtable(L, st->ndora, 0);
    for (int i = 0; i < st->ndora; i++) {
        int t = game_dora(g, i);
        if (t < 0)
            break;
        push_tile(L, (tile_t)t);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "dora");
    lua_createtable(L, 0, 4);
    for (int s = 0; s < 4; s++) {
        push_seat(L, g, s, 1);
        lua_setfield(L, -2, seat_names[s]);
    }
    lua_setfield(L, -2, "seats");
    lua_pushinteger(L, g->nlog);
    lua_setfield(L, -2, "events");
    int first = g->nlog - 1;
    while (first > 0 && g->log[first].type != EV_DEAL_START)
        first--;
    lua_pushinteger(L, first + 1);
    lua_setfield(L, -2, "deal_event");
    return 1;
}

/* g:seat(seat) -> the seat's table as g:state() has it, alone (cheaper than the state). */
static int l_seat(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    push_seat(L, lg->g, seat_arg(L, 2), 1);
    return 1;
}

/* g:brief() -> phase, seat in turn, tiles an ordinary draw may still take, round wind,
 * honba, deposits on the table, deal number, times the deal has passed in this round:
 * without building the state. */
static int l_brief(lua_State *L)
{
    const struct game_state *st = &check_game(L, 1)->g->st;
    lua_pushstring(L, phase_names[st->phase < 5 ? st->phase : 0]);
    lua_pushstring(L, seat_names[st->turn & 3]);
    lua_pushinteger(L, wall_drawable(&st->wall));
    lua_pushstring(L, seat_names[st->round & 3]);
    lua_pushinteger(L, st->honba);
    lua_pushinteger(L, st->deposits);
    lua_pushinteger(L, st->deal_no);
    lua_pushinteger(L, st->deal_in_round);
    return 8;
}

/* g:outcome() -> how the deal ended ("win", "exhaustive", "abortive"; nil while it is
 * played) and the winners' seats: without building the state. */
static int l_outcome(lua_State *L)
{
    const struct game_state *st = &check_game(L, 1)->g->st;
    if (!st->result)
        return lua_pushnil(L), 1;
    lua_pushstring(L, result_name(st));
    int n = st->result == EV_WIN ? st->nwins : 0;
    for (int i = 0; i < n; i++)
        lua_pushstring(L, seat_names[st->wins[i].seat & 3]);
    return 1 + n;
}

/* g:waits(seat) -> the kinds that would complete the seat's hand of 13 - 3 * melds
 * concealed tiles in the rules' forms, but for kinds it holds four times (empty when
 * the hand has another size). */
static int l_waits(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    const struct hand *h = game_hand(lg->g, seat_arg(L, 2));
    lua_createtable(L, 4, 0);
    if (hand_concealed(h) != 13 - 3 * h->nmelds)
        return 1;
    uint8_t held[TILE_KINDS];
    bool w[TILE_KINDS];
    hand_all_counts(h, held);
    waits(h->counts, h->nmelds, held, lg->g->rules.forms, w);
    for (int k = 0, n = 0; k < TILE_KINDS; k++)
        if (w[k]) {
            char name[3];
            kind_name(k, name);
            lua_pushlstring(L, name, 2);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

/* g:ura() -> the ura-dora indicators under the revealed dora. */
static int l_ura(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_createtable(L, lg->g->st.ndora, 0);
    for (int i = 0; i < lg->g->st.ndora; i++) {
        int t = game_ura(lg->g, i);
        if (t < 0)
            break;
        push_tile(L, (tile_t)t);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:events([first]) -> the events from index first (1-based) as JSON lines. */
static int l_events(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int first = (int)luaL_optinteger(L, 2, 1);
    if (first < 1)
        first = 1;
    lua_createtable(L, lg->g->nlog >= first ? lg->g->nlog - first + 1 : 0, 0);
    char buf[512];
    for (int i = first - 1, k = 1; i < lg->g->nlog; i++, k++) {
        event_json(&lg->g->rules, &lg->g->log[i], i, buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, k);
    }
    return 1;
}

/* g:actions() -> every action applied, as JSON lines (what replay needs). */
static int l_actions(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_createtable(L, lg->g->nacts, 0);
    char buf[256];
    for (int i = 0; i < lg->g->nacts; i++) {
        action_json(&lg->g->rules, &lg->g->acts[i], buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_undo(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    if (lg->g->nacts == 0)
        return lua_pushnil(L), lua_pushstring(L, "nothing to undo"), 2;
    return result(L, lg, game_undo(lg->g));
}

/* g:replay(n): the state after the first n applied actions. */
static int l_replay(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 0 || n > lg->g->nacts)
        return lua_pushnil(L), lua_pushfstring(L, "no action %d to replay to (0-%d)", (int)n, lg->g->nacts), 2;
    return result(L, lg, game_replay(lg->g, (int)n));
}

/* g:seat_summary(seat) -> discards made, melds, ruleset flags, points, player: what
 * hooks called often need, without building the state. */
static int l_seat_summary(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    int s = seat_arg(L, 2);
    const struct seat_state *ss = &lg->g->st.seats[s];
    lua_pushinteger(L, ss->ndiscards);
    lua_pushinteger(L, ss->hand.nmelds);
    lua_pushinteger(L, ss->flags);
    lua_pushinteger(L, game_points(lg->g, s));
    lua_pushinteger(L, lg->g->st.seat_player[s]);
    return 5;
}

/* g:version() -> a number that changes whenever the state may have changed: the
 * actions applied and undone, and the events (hooks called in the middle of an action
 * see the events so far). */
static int l_version(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    lua_pushinteger(L, lg->version * 1000000 + lg->g->nlog);
    return 1;
}

static int l_nactions(lua_State *L)
{
    lua_pushinteger(L, check_game(L, 1)->g->nacts);
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
    struct lgame *lg = check_game(L, 1);
    tile_t front[MAX_WALL], back[MAX_WALL];
    int nf = parse_wall_part(L, 2, front, MAX_WALL);
    int nb = parse_wall_part(L, 3, back, MAX_WALL);
    return result(L, lg, game_stack(lg->g, front, nf, back, nb));
}

static int l_reset(lua_State *L)
{
    struct lgame *lg = check_game(L, 1);
    return result(L, lg, game_reset(lg->g, (uint64_t)luaL_checkinteger(L, 2)));
}

/* g:bot(seat, "random"|"greedy") -> the action the built-in player would choose, or nil. */
static int l_bot(lua_State *L)
{
    static const char *const kinds[] = { "random", "greedy", NULL };
    struct lgame *lg = check_game(L, 1);
    int seat = seat_arg(L, 2);
    int kind = luaL_checkoption(L, 3, "greedy", kinds);
    struct action a;
    if (bot_choose(lg->g, seat, kind, &lg->bots, &a) != 0)
        return lua_pushnil(L), 1;
    push_action(L, lg->g, &a);
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

static const luaL_Reg game_methods[] = {
    { "legal", l_legal },
    { "apply", l_apply },
    { "waiting", l_waiting },
    { "state", l_state },
    { "ura", l_ura },
    { "events", l_events },
    { "actions", l_actions },
    { "nactions", l_nactions },
    { "version", l_version },
    { "seat_summary", l_seat_summary },
    { "seat", l_seat },
    { "brief", l_brief },
    { "waits", l_waits },
    { "outcome", l_outcome },
    { "undo", l_undo },
    { "replay", l_replay },
    { "check", l_check },
    { "stack", l_stack },
    { "reset", l_reset },
    { "bot", l_bot },
    { "close", l_gc },
    { NULL, NULL },
};

/* Adds jong.game_new and the game metatable to the module table on top. */
void lj_open_game(lua_State *L)
{
    if (luaL_newmetatable(L, GAME_MT)) {
        luaL_newlib(L, game_methods);
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
    lua_createtable(L, 0, 1);   /* the seat tables' metatable */
    lua_pushcfunction(L, l_seat_index);
    lua_setfield(L, -2, "__index");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &seat_mt_key);
    lua_pushcfunction(L, l_game_new);
    lua_setfield(L, -2, "game_new");
}
