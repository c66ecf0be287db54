/* The engine's hooks answered by Lua functions (built by the prelude from a
 * ruleset's hooks); every hook call goes through lj_pcall. */
#include "game_binding.h"

#include <stdio.h>
#include <string.h>

#include "notation.h"

/* For hook results: never raises (an engine action is under way). */
static long get_int(lua_State *L, int t, const char *k, long def)
{
    lua_getfield(L, t, k);
    int isnum;
    long v = (long)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    return isnum ? v : def;
}

/* ---- hooks: C adapters that call the Lua functions ---- */

/* Pushes hooks[name] and the game userdata; returns false when there is no such hook. */
static bool push_hook(struct lgame *lg, const char *name)
{
    lua_State *L = lg->L;
    lua_getfield(L, LUA_REGISTRYINDEX, "jong.games");
    lua_rawgeti(L, -1, lg->self_ref);
    lua_remove(L, -2);
    lua_getiuservalue(L, -1, 3);   /* the hooks */
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 2);
        return false;
    }
    lua_insert(L, -2);   /* the hook, then the game */
    return true;
}

/* Calls the hook pushed by push_hook with nargs more arguments; on error copies the
 * message to msg. what: "hook NAME", for errors. Returns HOOK_OK with nres results on
 * the stack, or HOOK_ERROR. */
static int call_hook(struct lgame *lg, const char *what, int nargs, int nres, char *msg, size_t n)
{
    lg->busy++;
    int status = lj_pcall(lg->L, nargs + 1, nres, what, &lj_hook_limits);
    lg->busy--;
    if (status != LUA_OK) {
        snprintf(msg, n, "%s", lua_tostring(lg->L, -1) ? lua_tostring(lg->L, -1) : "error");
        lua_pop(lg->L, 1);
        return HOOK_ERROR;
    }
    return HOOK_OK;
}


static int h_may_act(void *ctx, const struct game *g, const struct action *a, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    if (!push_hook(lg, "may_act"))
        return HOOK_OK;
    push_action(lg->L, g, a);
    if (a->type == ACT_WIN) {
        /* The win as settlement would be given it: action.win, for g:situation. */
        struct win w;
        game_action_win(g, a, &w);
        push_win(lg->L, &w);
        lua_setfield(lg->L, -2, "win");
    }
    if (call_hook(lg, "hook may_act", 1, 2, msg, n) != HOOK_OK) {
        /* An error the call itself reports (the budget spent: the hook's own handler cannot
         * run) names the ruleset's hook behind may_act and the action asked, as game.lua's
         * messages do. */
        static const char head[] = "hook may_act: ";
        if (!strncmp(msg, head, sizeof head - 1) && strncmp(msg + sizeof head - 1, "hook ", 5)) {
            char rest[512], t[4];
            snprintf(rest, sizeof rest, "%s", msg + sizeof head - 1);
            tile_name(a->tile, t);
            snprintf(msg, n, "hook may_act: hook %s failed, asked about %c %s %s: %s",
                     a->type == ACT_WIN ? "score or may_win" : "may_claim",
                     a->seat < 4 ? "ESWN"[a->seat] : '?', action_name(game_rules(g), a), t, rest);
        }
        return HOOK_ERROR;
    }
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
    if (call_hook(lg, "hook allowed_discards", 1, 1, msg, n) != HOOK_OK)
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
    if (call_hook(lg, "hook extra_actions", 1, 1, msg, n) != HOOK_OK)
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
            for (int e = 0; type && e < game_rules(g)->nextra; e++)
                if (!strcmp(type, game_rules(g)->extra_names[e])) {
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
            if (!ts)
                a.more[0] = EXTRA_NO_TILE;
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
    if (call_hook(lg, "hook apply_extra", 1, 1, msg, n) != HOOK_OK)
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
    if (call_hook(lg, "hook special_complete", 3, 1, msg, n) != HOOK_OK) {
        /* called plainly for speed: the ruleset, the hook's file and line are added here */
        char err[1024];
        const char *text = msg, *inner = "hook special_complete: ";
        if (!strncmp(text, inner, strlen(inner)))
            text += strlen(inner);
        snprintf(err, sizeof err, "%.*s", (int)strcspn(text, "\n"), text);   /* its first line */
        lua_getfield(lg->L, LUA_REGISTRYINDEX, "jong.games");
        lua_rawgeti(lg->L, -1, lg->self_ref);
        lua_getiuservalue(lg->L, -1, 3);   /* the hooks */
        lua_getfield(lg->L, -1, "special_complete_failed");
        const char *head = lua_tostring(lg->L, -1);
        snprintf(msg, n, "%s: %s", head ? head : "hook special_complete failed", err);
        lua_pop(lg->L, 4);
        return HOOK_ERROR;
    }
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
    lua_pop(L, 1);
    if (lua_getfield(L, t, "ledger") == LUA_TTABLE) {   /* settle_win: kong money moved */
        lua_getfield(L, -1, "seat");
        const char *of = lua_tostring(L, -1);
        for (int s = 0; of && s < 4; s++)
            if (!strcmp(of, seat_names[s]))
                out->ledger_of = (uint8_t)(s + 1);
        lua_pop(L, 1);
        for (int s = 0; out->ledger_of && s < 4; s++) {
            lua_getfield(L, -1, seat_names[s]);
            out->ledger[s] = (int32_t)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    return HOOK_OK;
}

/* The fields of a win record, made into Lua strings once (push_key_strings). */
enum { W_SEAT, W_FROM, W_TILE, W_HOW, W_HAND, W_FLAGS };
static const char *const win_keys[] = { "seat", "from", "tile", "how", "hand", "loose", "last_tile",
                                        "first_turn", "rob_concealed", "aside_replacement",
                                        "robbed_aside", "flowers", "after_kong" };
static const unsigned win_flag_bits[] = { WINF_LOOSE, WINF_LAST_TILE, WINF_FIRST_TURN, WINF_ROB_CONCEALED,
                                          WINF_ASIDE_REPLACEMENT, WINF_ROB_ASIDE, WINF_FLOWERS,
                                          WINF_AFTER_KONG };

void push_win(lua_State *L, const struct win *w)
{
    static const char *const hows[] = { "self", "discard", "rob" };
    int keys = push_key_strings(L, win_keys, (int)(sizeof win_keys / sizeof *win_keys));
    lua_createtable(L, 0, 14);
    lua_rawgeti(L, keys, W_SEAT + 1);
    lua_pushstring(L, seat_names[w->seat & 3]);
    lua_rawset(L, -3);
    if (w->from != SEAT_NONE) {
        lua_rawgeti(L, keys, W_FROM + 1);
        lua_pushstring(L, seat_names[w->from & 3]);
        lua_rawset(L, -3);
    }
    lua_rawgeti(L, keys, W_TILE + 1);
    push_tile(L, w->tile);
    lua_rawset(L, -3);
    lua_rawgeti(L, keys, W_HOW + 1);
    lua_pushstring(L, hows[w->how < 3 ? w->how : 0]);
    lua_rawset(L, -3);
    char buf[128];
    notation_format_hand(&w->hand, buf, sizeof buf);
    lua_rawgeti(L, keys, W_HAND + 1);
    lua_pushstring(L, buf);
    lua_rawset(L, -3);
    for (int i = 0; i < (int)(sizeof win_flag_bits / sizeof *win_flag_bits); i++) {
        lua_rawgeti(L, keys, W_FLAGS + i + 1);
        lua_pushboolean(L, (w->flags & win_flag_bits[i]) != 0);
        lua_rawset(L, -3);
    }
    lua_remove(L, keys);
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
    if (call_hook(lg, "hook settle_win", 1, 1, msg, n) != HOOK_OK)
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
    if (call_hook(lg, "hook settle_draw", 2, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    return read_settlement(lg->L, out, msg, n, "settle_draw");
}

static int h_settle_kong(void *ctx, const struct game *g, int seat, struct settlement *out, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    memset(out, 0, sizeof *out);
    if (!push_hook(lg, "settle_kong"))
        return HOOK_OK;
    lua_pushstring(lg->L, seat_names[seat & 3]);
    if (call_hook(lg, "hook settle_kong", 1, 1, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    return read_settlement(lg->L, out, msg, n, "settle_kong");
}

static int h_check_abort(void *ctx, const struct game *g, bool *abort, char *msg, size_t n)
{
    struct lgame *lg = ctx;
    (void)g;
    *abort = false;
    if (!push_hook(lg, "check_abort"))
        return HOOK_OK;
    if (call_hook(lg, "hook check_abort", 0, 1, msg, n) != HOOK_OK)
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
    /* five values: dealer_keeps, round, honba, match_over, players (checked in lua/game.lua) */
    if (call_hook(lg, "hook next_deal", 0, 5, msg, n) != HOOK_OK)
        return HOOK_ERROR;
    lua_State *L = lg->L;
    int t = lua_gettop(L) - 4;
    out->dealer_keeps = lua_toboolean(L, t);
    const char *r = lua_tostring(L, t + 1);
    out->round = (uint8_t)(r && seat_parse(r[0]) >= 0 ? seat_parse(r[0]) : 0);
    out->honba = (uint8_t)lua_tointeger(L, t + 2);
    out->match_over = lua_toboolean(L, t + 3);
    if (lua_istable(L, t + 4)) {   /* optional: the player (0-3) of each seat E, S, W, N */
        out->reseat = true;
        for (int s = 0; s < 4; s++) {
            lua_rawgeti(L, t + 4, s + 1);
            lua_Integer p = lua_tointeger(L, -1);
            out->seat_player[s] = (uint8_t)(p >= 0 && p < 4 ? p : 7);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 5);
    return HOOK_OK;
}

/* The engine's hooks for the Lua game lg: the adapters above, NULL for each hook the
 * table at idx lacks (the engine's default applies). */
void lgame_hooks(lua_State *L, int idx, struct lgame *lg, struct game_hooks *out)
{
    struct game_hooks hooks = {
        .ctx = lg,
        .may_act = h_may_act,
        .allowed_discards = h_allowed_discards,
        .extra_actions = h_extra_actions,
        .apply_extra = h_apply_extra,
        .special_complete = h_special_complete,
        .settle_win = h_settle_win,
        .settle_draw = h_settle_draw,
        .settle_kong = h_settle_kong,
        .check_abort = h_check_abort,
        .next_deal = h_next_deal,
    };
    /* A hook the Lua table lacks is NULL: the engine's default applies. */
    static const char *const names[] = { "may_act", "extra_actions", "apply_extra", "special_complete",
                                         "settle_win", "settle_draw", "check_abort", "next_deal",
                                         "allowed_discards", "settle_kong" };
    for (int i = 0; i < 10; i++) {
        lua_getfield(L, idx, names[i]);
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
        case 9: hooks.settle_kong = NULL; break;
        default: hooks.allowed_discards = NULL; break;
        }
    }
    *out = hooks;
}

