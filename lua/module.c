/* The `jong` Lua module: thin C primitives over the core. The friendly API is
 * built on top of these in Lua (lua/prelude.lua, embedded). */
#include "lj.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decompose.h"
#include "efficiency.h"
#include "notation.h"

/* The strings facts are made of, as Lua strings made once per state and kept as upvalues
 * of the module's functions (lua_pushstring of a C string looks it up in Lua's string
 * cache each time, and a miss hashes it; an upvalue is a plain copy): the kind names at
 * 1..ALL_KINDS, then NAMES. */
static const char *const kind_names[ALL_KINDS] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    "f1", "f2", "f3", "f4", "g1", "g2", "g3", "g4",
};

enum name {
    N_TYPE, N_TILE, N_TILES, N_KONG, N_CONCEALED, N_FROM, N_REDS, N_MELD, N_PAIR, N_SETS, N_WAIT,
    N_WIN_SET, N_COUNTS, N_MELDS, N_BONUS, N_RED_COUNTS, N_SIZE, N_WIN_TILE, N_WIN_TILE_RED,
    N_READINGS, N_SEVEN_PAIRS, N_THIRTEEN_ORPHANS, N_CHOW, N_PUNG, N_EXPOSED, N_PROMOTED,
    N_TWO_SIDED, N_CLOSED, N_EDGE, N_SINGLE, N_E, N_S, N_W, N_N, N_M, N_P, N_SS, N_ALL_COUNTS, N_SEAT, N_ROUND,
    N_WIN_BY, N_FLAGS, N_DORA, N_URA, N_HONBA, N_DEPOSITS, N_HAND, N_HAND_SIZE, N_FLOWER_WINS, N_FORM_SET,
    N_FLAG_SET, N_RULES, N_SITUATION, N_COUNT
};
static const char *const NAMES[N_COUNT] = {
    "type", "tile", "tiles", "kong", "concealed", "from", "reds", "meld", "pair", "sets", "wait",
    "win_set", "counts", "melds", "bonus", "red_counts", "size", "win_tile", "win_tile_red",
    "readings", "seven_pairs", "thirteen_orphans", "chow", "pung", "exposed", "promoted",
    "two_sided", "closed", "edge", "single", "E", "S", "W", "N", "m", "p", "s", "all_counts", "seat", "round",
    "win_by", "flags", "dora", "ura", "honba", "deposits", "hand", "hand_size", "flower_wins", "form_set",
    "flag_set", "rules", "situation",
};
static const enum name meld_type_names[] = { N_CHOW, N_PUNG, N_KONG };
static const enum name kong_names[] = { N_COUNT, N_EXPOSED, N_PROMOTED, N_CONCEALED };
static const enum name wait_names[] = { N_TWO_SIDED, N_CLOSED, N_EDGE, N_SINGLE, N_PAIR };
static const enum name seat_names[] = { N_E, N_S, N_W, N_N };
static const enum name suit_names[] = { N_M, N_P, N_SS };

#define N_STRINGS (ALL_KINDS + N_COUNT)

/* Pushes the strings, the upvalues of the module's functions (luaopen_jong). */
static void push_strings(lua_State *L)
{
    luaL_checkstack(L, N_STRINGS, "jong strings");
    for (int k = 0; k < ALL_KINDS; k++)
        lua_pushstring(L, kind_names[k]);
    for (int i = 0; i < N_COUNT; i++)
        lua_pushstring(L, NAMES[i]);
}

/* The string of kind k, of a name (upvalues of the running function). */
static inline void push_kind(lua_State *L, int k) { lua_pushvalue(L, lua_upvalueindex(k + 1)); }
static inline void push_name(lua_State *L, enum name n) { lua_pushvalue(L, lua_upvalueindex(ALL_KINDS + 1 + n)); }

/* Pushes t[name] (t at an absolute index, metamethods as lua_getfield); returns its type. */
static int get_name(lua_State *L, int t, enum name n)
{
    push_name(L, n);
    return lua_gettable(L, t);
}

/* t[name] = kind k / a name / a boolean / an integer, t on top. */
static void set_kind(lua_State *L, enum name field, int k)
{
    push_name(L, field);
    push_kind(L, k);
    lua_rawset(L, -3);
}

static void set_name(lua_State *L, enum name field, enum name value)
{
    push_name(L, field);
    push_name(L, value);
    lua_rawset(L, -3);
}

static void set_boolean(lua_State *L, enum name field, bool value)
{
    push_name(L, field);
    lua_pushboolean(L, value);
    lua_rawset(L, -3);
}

static void set_integer(lua_State *L, enum name field, lua_Integer value)
{
    push_name(L, field);
    lua_pushinteger(L, value);
    lua_rawset(L, -3);
}

/* {["5m"] = 2, ...} */
static void push_counts(lua_State *L, const uint8_t counts[TILE_KINDS])
{
    lua_createtable(L, 0, 14);
    for (int k = 0; k < TILE_KINDS; k++)
        if (counts[k]) {
            push_kind(L, k);
            lua_pushinteger(L, counts[k]);
            lua_rawset(L, -3);
        }
}

static void push_meld(lua_State *L, const struct meld *m, int index)
{
    lua_createtable(L, 0, 8);
    set_name(L, N_TYPE, meld_type_names[m->type]);
    set_kind(L, N_TILE, m->kind);
    int n = meld_tiles(m);
    push_name(L, N_TILES);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_kind(L, m->type == MELD_CHOW ? m->kind + i : m->kind);
        lua_rawseti(L, -2, i + 1);
    }
    lua_rawset(L, -3);
    if (m->type == MELD_KONG)
        set_name(L, N_KONG, kong_names[m->kong]);
    set_boolean(L, N_CONCEALED, m->kong == KONG_CONCEALED);
    if (m->from != SEAT_NONE)
        set_name(L, N_FROM, seat_names[m->from]);
    set_integer(L, N_REDS, m->reds);
    if (index)
        set_integer(L, N_MELD, index);
}

/* {"1m", "1m", "2m", ...}: one entry per tile of the counts, in kind order. */
static void push_tiles(lua_State *L, const uint8_t counts[TILE_KINDS])
{
    lua_createtable(L, 14, 0);
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        for (int c = 0; c < counts[k]; c++) {
            push_kind(L, k);
            lua_rawseti(L, -2, ++n);
        }
}

/* The hand's own facts: tiles, counts, all_counts, melds, bonus, reds, concealed. With
 * lazy, tiles and all_counts are left to the facts' __index (l_facts_index), which makes
 * them from counts and melds when first read. The table has room for the fields
 * jong.facts adds. */
static void push_hand(lua_State *L, const struct hand *h, int size, bool lazy)
{
    lua_createtable(L, 0, 32);
    if (!lazy) {
        push_name(L, N_TILES);
        push_tiles(L, h->counts);
        lua_rawset(L, -3);
    }
    push_name(L, N_COUNTS);
    push_counts(L, h->counts);
    lua_rawset(L, -3);
    if (!lazy) {
        uint8_t all[TILE_KINDS];
        hand_all_counts(h, all);
        push_name(L, N_ALL_COUNTS);
        push_counts(L, all);
        lua_rawset(L, -3);
    }
    int reds = h->reds[0] + h->reds[1] + h->reds[2];
    int suit_reds[3] = { h->reds[0], h->reds[1], h->reds[2] };
    bool concealed = true;
    push_name(L, N_MELDS);
    lua_createtable(L, h->nmelds, 0);
    for (int i = 0; i < h->nmelds; i++) {
        push_meld(L, &h->melds[i], 0);
        lua_rawseti(L, -2, i + 1);
        reds += h->melds[i].reds;
        if (h->melds[i].reds)
            suit_reds[kind_suit(h->melds[i].kind)] += h->melds[i].reds;
        concealed = concealed && h->melds[i].kong == KONG_CONCEALED;
    }
    lua_rawset(L, -3);
    push_name(L, N_BONUS);
    lua_createtable(L, h->nbonus, 0);
    for (int i = 0; i < h->nbonus; i++) {
        push_kind(L, h->bonus[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_rawset(L, -3);
    set_integer(L, N_REDS, reds);
    push_name(L, N_RED_COUNTS);
    lua_createtable(L, 0, 3);
    for (int i = 0; i < 3; i++)
        set_integer(L, suit_names[i], suit_reds[i]);
    lua_rawset(L, -3);
    set_boolean(L, N_CONCEALED, concealed);
    set_integer(L, N_SIZE, size);
}

static void push_set(lua_State *L, const struct set *s)
{
    lua_createtable(L, 0, 3);
    set_name(L, N_TYPE, s->type == SET_CHOW ? N_CHOW : N_PUNG);
    set_kind(L, N_TILE, s->kind);
    set_boolean(L, N_CONCEALED, true);
}

/* Readings of a complete hand, sets from the concealed tiles first, then the melds. */
static void push_readings(lua_State *L, const struct hand *h, int win, int sets)
{
    struct reading r[MAX_READINGS];
    int n = readings(h->counts, hand_analysis_melds(h->nmelds, sets), win, r, MAX_READINGS);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 4);
        set_kind(L, N_PAIR, r[i].d.pair);
        push_name(L, N_SETS);
        lua_createtable(L, 4, 0);
        int at = 0;
        for (int s = 0; s < r[i].d.nsets; s++) {
            push_set(L, &r[i].d.sets[s]);
            lua_rawseti(L, -2, ++at);
        }
        for (int m = 0; m < h->nmelds; m++) {
            push_meld(L, &h->melds[m], m + 1);
            lua_rawseti(L, -2, ++at);
        }
        lua_rawset(L, -3);
        set_name(L, N_WAIT, wait_names[r[i].wait]);
        if (r[i].win_set >= 0)
            set_integer(L, N_WIN_SET, r[i].win_set + 1);
        lua_rawseti(L, -2, i + 1);
    }
}

static int parse_or_fail(lua_State *L, const char *s, struct hand *h, bool any_size, int sets)
{
    struct notation_error err;
    if (notation_parse_hand_of(s, h, sets, any_size, &err) == 0)
        return 0;
    lua_pushnil(L);
    lua_pushstring(L, err.reason);
    return 2;
}

/* The sets of a complete hand from an optional argument: 4 (default) or 5. */
static int sets_arg(lua_State *L, int idx)
{
    lua_Integer n = luaL_optinteger(L, idx, 4);
    luaL_argcheck(L, n == 4 || n == 5, idx, "a hand has 4 or 5 sets");
    return (int)n;
}

/* Pushes the facts of the hand s (jong.hand_facts), or nil, reason; returns how many
 * values it pushed. widx: the stack
 * index of the winning tile, or 0; with it: readings, seven_pairs, thirteen_orphans as
 * well. sets: 4 (13/14-tile hands) or 5 (16/17-tile hands). lazy: tiles and all_counts
 * are left out (jong.facts: its __index makes them when read). */
static int make_facts(lua_State *L, const char *s, int widx, bool any_size, int sets, bool lazy)
{
    bool has_win = widx != 0;
    struct hand h;
    /* A winning five-set hand of the wrong size is refused below, by the spec's words. */
    int r = parse_or_fail(L, s, &h, any_size || (has_win && sets == 5), sets);
    if (r)
        return r;
    int win = -1, size = hand_size(&h);
    bool red = false;
    if (has_win) {
        const char *w = luaL_checkstring(L, widx);
        win = strlen(w) == 2 ? kind_parse(w, &red) : -1;
        if (win < 0 || win >= TILE_KINDS)
            return lua_pushnil(L), lua_pushfstring(L, "bad winning tile '%s'", w), 2;
        if (!h.counts[win])
            return lua_pushnil(L),
                   lua_pushfstring(L, "the winning tile %s is not among the concealed tiles", w), 2;
        if (size != 3 * sets + 2)
            return lua_pushnil(L),
                   sets == 4 ? lua_pushfstring(L, "a winning hand holds 14 tiles (a meld counts 3); this one holds %d",
                                               size)
                             : lua_pushfstring(L, "a hand holds 16 or 17 tiles (a meld counts 3); this one holds %d",
                                               size), 2;
        if (red && !h.reds[kind_suit(win)])
            return lua_pushnil(L),
                   lua_pushfstring(L, "the winning tile %s is not among the concealed tiles", w), 2;
    }
    push_hand(L, &h, size, lazy);
    if (has_win) {
        set_kind(L, N_WIN_TILE, win);
        set_boolean(L, N_WIN_TILE_RED, red);
        push_name(L, N_READINGS);
        push_readings(L, &h, win, sets);
        lua_rawset(L, -3);
        if (sets == 4 && complete_seven_pairs(h.counts, h.nmelds)) {
            push_name(L, N_SEVEN_PAIRS);
            lua_createtable(L, 7, 0);
            int n = 0;
            for (int k = 0; k < TILE_KINDS; k++)
                if (h.counts[k]) {
                    push_kind(L, k);
                    lua_rawseti(L, -2, ++n);
                }
            lua_rawset(L, -3);
        }
        set_boolean(L, N_THIRTEEN_ORPHANS, sets == 4 && complete_thirteen_orphans(h.counts, h.nmelds));
    }
    return 1;
}

/* jong.hand_facts(hand, [win_tile], [any_size], [sets]) -> facts of the hand, or nil,
 * reason (make_facts). */
static int l_hand_facts(lua_State *L)
{
    const char *s = luaL_checkstring(L, 1);
    bool any_size = lua_toboolean(L, 3);
    int sets = sets_arg(L, 4);
    return make_facts(L, s, lua_isnoneornil(L, 2) ? 0 : 2, any_size, sets, false);
}

static unsigned forms_arg(lua_State *L, int idx)
{
    lua_Integer f = luaL_optinteger(L, idx, FORM_ALL);
    return (unsigned)f & FORM_ALL;
}

/* The tile set bits of forms (decompose.h) from an optional string of the kinds the set
 * lacks, in notation ("2345678m"). */
static unsigned absent_arg(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    tile_t t[TILE_KINDS * 4];
    struct notation_error err;
    int n = notation_parse_tiles(luaL_checkstring(L, idx), t, TILE_KINDS * 4, &err);
    if (n < 0)
        luaL_argerror(L, idx, "absent kinds: not tile notation");
    uint64_t absent = 0;
    for (int i = 0; i < n; i++)
        if (tile_kind(t[i]) < TILE_KINDS)
            absent |= 1ull << tile_kind(t[i]);
    return forms_tileset(absent);
}

/* jong.analysis(hand, [forms], [sets], [by_shape], [absent]) -> {shanten = {all, standard,
 * seven_pairs, thirteen_orphans}, waits = {...}} or nil, reason. Impossible forms are
 * absent. sets: 4 (13/14-tile hands, the default) or 5 (16/17-tile hands). by_shape:
 * waits by the concealed tiles' shape alone (a kind whose copies are in the melds is
 * still a wait). absent: the kinds the tile set lacks ("2345678m"): no chow through them
 * counts and none is a wait. */
static int l_analysis(lua_State *L)
{
    struct hand h;
    int sets = sets_arg(L, 3);
    int r = parse_or_fail(L, luaL_checkstring(L, 1), &h, true, sets);
    if (r)
        return r;
    unsigned forms = (forms_arg(L, 2) & (sets == 4 ? FORM_ALL : FORM_STANDARD)) | absent_arg(L, 5);   /* 14-tile forms */
    int nmelds = hand_analysis_melds(h.nmelds, sets);
    lua_createtable(L, 0, 3);
    int size = hand_size(&h);
    if (size == 3 * sets + 1 || size == 3 * sets + 2) {
        struct shanten sh;
        shanten_forms(h.counts, nmelds, forms, &sh);
        if (sets != 4)
            sh.seven_pairs = sh.thirteen_orphans = SHANTEN_NONE;
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, shanten_of(h.counts, nmelds, forms));
        lua_setfield(L, -2, "all");
        lua_pushinteger(L, sh.standard);
        lua_setfield(L, -2, "standard");
        if (sh.seven_pairs != SHANTEN_NONE) {
            lua_pushinteger(L, sh.seven_pairs);
            lua_setfield(L, -2, "seven_pairs");
        }
        if (sh.thirteen_orphans != SHANTEN_NONE) {
            lua_pushinteger(L, sh.thirteen_orphans);
            lua_setfield(L, -2, "thirteen_orphans");
        }
        lua_setfield(L, -2, "shanten");
    }
    lua_createtable(L, 13, 0);
    if (size == 3 * sets + 1) {
        uint8_t held[TILE_KINDS];
        bool w[TILE_KINDS];
        hand_all_counts(&h, held);
        waits(h.counts, nmelds, lua_toboolean(L, 4) ? NULL : held, forms, w);
        int n = 0;
        for (int k = 0; k < TILE_KINDS; k++)
            if (w[k]) {
                lua_pushstring(L, kind_names[k]);
                lua_rawseti(L, -2, ++n);
            }
    }
    lua_setfield(L, -2, "waits");
    lua_pushinteger(L, size);
    lua_setfield(L, -2, "size");
    return 1;
}

/* ---- jong.facts: the situation's own fields ---- */

/* Pushes the error "\"name\" what" and returns the number of results (1). */
static int field_error(lua_State *L, const char *name, const char *what)
{
    lua_pushfstring(L, "\"%s\" %s", name, what);
    return 1;
}

/* The seat (0-3) a value names ("E", "S", "W", "N"), or -1. */
static int seat_of(lua_State *L, int idx)
{
    size_t n;
    const char *v = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &n) : NULL;
    if (!v || n != 1)
        return -1;
    const char *at = strchr("ESWN", v[0]);
    return at && v[0] ? (int)(at - "ESWN") : -1;
}

/* Is the value at idx absent: nil or JSON's null (at index null)? */
static bool absent_value(lua_State *L, int idx, int null)
{
    return lua_isnil(L, idx) || lua_rawequal(L, idx, null);
}

/* s[name] as a seat: its index, -1 when absent, or -2 with the error pushed. */
static int seat_field(lua_State *L, int s, int null, enum name field, bool required)
{
    const char *name = NAMES[field];
    get_name(L, s, field);
    if (absent_value(L, -1, null)) {
        lua_pop(L, 1);
        if (required)
            return field_error(L, name, "is missing (E, S, W or N)"), -2;
        return -1;
    }
    int seat = seat_of(L, -1);
    if (seat < 0) {
        const char *v = luaL_tolstring(L, -1, NULL);
        lua_pushfstring(L, "\"%s\" must be E, S, W or N, not %s", name, v);
        return -2;
    }
    lua_pop(L, 1);
    return seat;
}

/* f[name] = the kinds of the indicators s[name] (dora, ura), or false with the error
 * pushed. */
static bool indicator_field(lua_State *L, int f, int s, int null, enum name field)
{
    const char *name = NAMES[field];
    get_name(L, s, field);
    int v = lua_gettop(L);
    size_t len = 0;
    if (absent_value(L, v, null) || (lua_type(L, v) == LUA_TSTRING && (lua_tolstring(L, v, &len), len == 0))) {
        lua_pop(L, 1);
        push_name(L, field);
        lua_createtable(L, 0, 0);
        lua_rawset(L, f);
        return true;
    }
    if (lua_type(L, v) == LUA_TSTRING) {
        tile_t t[160];
        struct notation_error err;
        int n = notation_parse_tiles(lua_tostring(L, v), t, 160, &err);
        if (n < 0)
            return field_error(L, name, err.reason), false;
        push_name(L, field);
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            if (kind_is_bonus(tile_kind(t[i]))) {
                char tn[3];
                tile_name(t[i], tn);
                lua_pushfstring(L, "\"%s\" has a bad tile '%s'", name, tn);
                return false;
            }
            push_kind(L, tile_kind(t[i]));
            lua_rawseti(L, -2, i + 1);
        }
        lua_rawset(L, f);
        lua_pop(L, 1);
        return true;
    }
    if (lua_type(L, v) != LUA_TTABLE)
        return field_error(L, name, "must be tiles in notation"), false;
    push_name(L, field);
    lua_createtable(L, 4, 0);
    for (lua_Integer i = 1; lua_geti(L, v, i) != LUA_TNIL; i++) {   /* as ipairs */
        size_t n = 0;
        const char *t = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        bool red;
        int k = t && n == 2 ? kind_parse(t, &red) : -1;
        if (k < 0 || kind_is_bonus(k)) {
            const char *shown = luaL_tolstring(L, -1, NULL);
            lua_pushfstring(L, "\"%s\" has a bad tile '%s'", name, shown);
            return false;
        }
        lua_pop(L, 1);
        push_kind(L, k);
        lua_rawseti(L, -2, i);
    }
    lua_pop(L, 1);
    lua_rawset(L, f);
    lua_pop(L, 1);
    return true;
}

/* f[name] = the count s[name] (honba, deposits; 0 when absent), or false with the error
 * pushed. */
static bool count_field(lua_State *L, int f, int s, int null, enum name field)
{
    const char *name = NAMES[field];
    get_name(L, s, field);
    lua_Integer n = 0;
    bool fine = true;
    if (!absent_value(L, -1, null)) {
        int isint = 0;
        n = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isint) : 0;
        fine = isint && n >= 0 && n <= 2147483647;
    }
    lua_pop(L, 1);
    if (!fine)
        return field_error(L, name, "must be a whole number from 0 to 2147483647"), false;
    push_name(L, field);
    lua_pushinteger(L, n);
    lua_rawset(L, f);
    return true;
}

/* The situation's own fields of jong.facts (seat, round, win_by, from, flags, dora,
 * ura, honba, deposits), read from s (at index s; the ruleset at r, JSON's null at
 * null, s.win_by at W, read already, and r.flower_wins), checked and set in f: 0, or 1
 * with the reason s cannot be scored on top. */
static int fill(lua_State *L, int f, int s, int r, int null, int W, bool flower_wins)
{
    const int base = lua_gettop(L);
    const int F = base + 1, FT = base + 3, FV = base + 4, FS = base + 5;   /* (stack places) */
    lua_pushvalue(L, f);                                             /* F: f on top for set_* */
    int seat = seat_field(L, s, null, N_SEAT, true);
    if (seat == -2)
        return 1;
    set_name(L, N_SEAT, seat_names[seat]);
    int round = seat_field(L, s, null, N_ROUND, false);
    if (round == -2)
        return 1;
    set_name(L, N_ROUND, seat_names[round < 0 ? 0 : round]);
    const char *by = lua_type(L, W) == LUA_TSTRING ? lua_tostring(L, W) : "";
    bool discard = !strcmp(by, "discard"), self = !strcmp(by, "self"), flowers = !strcmp(by, "flowers");
    if (lua_type(L, W) != LUA_TSTRING || (!discard && !self && !(flowers && flower_wins)))
        return field_error(L, "win_by", flower_wins ? "must be \"discard\", \"self\" or \"flowers\""
                                                    : "must be \"discard\" or \"self\"");
    push_name(L, N_WIN_BY);
    lua_pushvalue(L, W);
    lua_rawset(L, F);
    int from = seat_field(L, s, null, N_FROM, discard);
    if (from == -2)
        return 1;
    if (from == seat)
        return field_error(L, "from", "names the winner's own seat");
    if (self && from >= 0)
        return field_error(L, "from", "is only for a win by discard");
    if (from >= 0)
        set_name(L, N_FROM, seat_names[from]);   /* (none named: nil, docs/hooks.md) */
    push_name(L, N_FLAGS);                                           /* (base + 2) */
    lua_createtable(L, 0, 4);                                        /* FT: f.flags */
    get_name(L, s, N_FLAGS);                                      /* FV */
    if (!absent_value(L, FV, null)) {
        if (lua_type(L, FV) != LUA_TTABLE)
            return field_error(L, "flags", "must be a list of names");
        get_name(L, r, N_FLAG_SET);                               /* FS */
        for (lua_Integer i = 1; lua_geti(L, FV, i) != LUA_TNIL; i++) {   /* as ipairs */
            lua_pushvalue(L, -1);
            lua_gettable(L, FS);
            bool known = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (!known) {
                const char *flag = luaL_tolstring(L, -1, NULL);
                lua_getfield(L, r, "name");
                lua_pushfstring(L, "unknown flag '%s' for rules %s", flag, lua_tostring(L, -1));
                return 1;
            }
            lua_pushboolean(L, 1);
            lua_rawset(L, FT);
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    lua_rawset(L, F);
    if (!indicator_field(L, F, s, null, N_DORA) || !indicator_field(L, F, s, null, N_URA))
        return 1;
    if (!count_field(L, F, s, null, N_HONBA) || !count_field(L, F, s, null, N_DEPOSITS))
        return 1;
    lua_settop(L, base);
    return 0;
}

/* facts_of(s, r, meta, null) -> the facts of the situation s under the ruleset r
 * (jong.facts but for the options; meta: the facts' metatable, null: JSON's null), or
 * nil, reason. */
static int l_facts_of(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 4);
    const int s = 1, r = 2, meta = 3, null = 4;
    get_name(L, s, N_HAND);                                          /* 5 */
    if (lua_type(L, 5) != LUA_TSTRING)
        return lua_pushnil(L), field_error(L, "hand", "is missing (a hand in notation)") + 1;
    get_name(L, s, N_WIN_TILE);                                      /* 6 */
    if (lua_type(L, 6) != LUA_TSTRING)
        return lua_pushnil(L), field_error(L, "win_tile", "is missing (a tile such as \"5m\")") + 1;
    get_name(L, r, N_HAND_SIZE);
    int sets = lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) == 16 ? 5 : 4;
    lua_settop(L, 6);
    get_name(L, s, N_WIN_BY);                                        /* 7 */
    get_name(L, r, N_FLOWER_WINS);
    bool flower_wins = lua_toboolean(L, -1);
    bool flowers = flower_wins && lua_type(L, 7) == LUA_TSTRING && !strcmp(lua_tostring(L, 7), "flowers");
    lua_settop(L, 7);
    /* A win on bonus tiles (Taiwanese eight flowers): the hand need not be complete. */
    int n = make_facts(L, lua_tostring(L, 5), flowers ? 0 : 6, false, sets, true);
    if (n != 1)
        return n;
    int f = lua_gettop(L);
    if (flowers) {
        size_t len;
        const char *w = lua_tolstring(L, 6, &len);
        bool red;
        int k = len == 2 ? kind_parse(w, &red) : -1;
        if (k < 0 || !kind_is_bonus(k))
            return lua_pushnil(L),
                   field_error(L, "win_tile", "must be a bonus tile (f1-f4, g1-g4) with win_by \"flowers\"") + 1;
        push_name(L, N_WIN_TILE);
        lua_pushvalue(L, 6);
        lua_rawset(L, f);
        push_name(L, N_READINGS);
        lua_createtable(L, 0, 0);
        lua_rawset(L, f);
    }
    push_name(L, N_RULES);
    lua_pushvalue(L, r);
    lua_rawset(L, f);
    push_name(L, N_SITUATION);
    lua_pushvalue(L, s);
    lua_rawset(L, f);
    lua_pushvalue(L, meta);
    lua_setmetatable(L, f);
    if (get_name(L, r, N_FORM_SET), lua_toboolean(L, -1)) {   /* only the ruleset's shapes */
        if (lua_getfield(L, -1, "seven_pairs") == LUA_TNIL || !lua_toboolean(L, -1)) {
            push_name(L, N_SEVEN_PAIRS);
            lua_pushnil(L);
            lua_rawset(L, f);
        }
        if (lua_getfield(L, -2, "thirteen_orphans") == LUA_TNIL || !lua_toboolean(L, -1)) {
            push_name(L, N_THIRTEEN_ORPHANS);
            lua_pushnil(L);
            lua_rawset(L, f);
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    if (fill(L, f, s, r, null, 7, flower_wins))
        return lua_pushnil(L), lua_insert(L, -2), 2;
    lua_settop(L, f);
    return 1;
}

/* key_problem(s) -> nil, or 1 when a key of s is not a string, 2 when a key of
 * s.options (a table) is not: the first such key in next's order (raw reads). */
static int l_key_problem(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            return lua_pushinteger(L, 1), 1;
        size_t n;
        const char *k = lua_tolstring(L, -2, &n);
        if (n == 7 && !memcmp(k, "options", 7) && lua_type(L, -1) == LUA_TTABLE) {
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                if (lua_type(L, -2) != LUA_TSTRING)
                    return lua_pushinteger(L, 2), 1;
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    return 1;
}

/* name_distance(a, b, limit) -> the Levenshtein distance of two names, or limit + 1 once
 * it is sure to exceed limit (every entry of a row above it): the "did you mean" of
 * lua/schema.lua, run for every function a ruleset holds at load. Names over 64 bytes
 * are farther than any limit asked (hook and field names are short). */
static int l_name_distance(lua_State *L)
{
    size_t na, nb;
    const char *a = luaL_checklstring(L, 1, &na), *b = luaL_checklstring(L, 2, &nb);
    lua_Integer limit = luaL_checkinteger(L, 3);
    enum { LONGEST = 64 };
    if (na > LONGEST || nb > LONGEST || (lua_Integer)(na > nb ? na - nb : nb - na) > limit)
        return lua_pushinteger(L, limit + 1), 1;
    int prev[LONGEST + 1], cur[LONGEST + 1];
    for (size_t j = 0; j <= nb; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= na; i++) {
        int low = cur[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            cur[j] = d;
            if (d < low)
                low = d;
        }
        if (low > limit)
            return lua_pushinteger(L, limit + 1), 1;
        memcpy(prev, cur, sizeof prev);
    }
    lua_pushinteger(L, prev[nb]);
    return 1;
}

/* Whether key a comes before key b (stack indices) in the order errors name keys in:
 * strings (bytewise), then numbers, then any other key by its text (lua/prelude.lua's
 * key_before), so that a message names the same key in every run. */
static bool key_before(lua_State *L, int a, int b)
{
    int ta = lua_type(L, a), tb = lua_type(L, b);
    int ra = ta == LUA_TSTRING ? 1 : ta == LUA_TNUMBER ? 2 : 3, rb = tb == LUA_TSTRING ? 1 : tb == LUA_TNUMBER ? 2 : 3;
    if (ra != rb)
        return ra < rb;
    if (ra == 2)
        return lua_compare(L, a, b, LUA_OPLT);
    size_t na, nb;
    const char *sa = ra == 1 ? lua_tolstring(L, a, &na) : luaL_tolstring(L, a, &na);
    const char *sb = ra == 1 ? lua_tolstring(L, b, &nb) : luaL_tolstring(L, b, &nb);
    int c = memcmp(sa, sb, na < nb ? na : nb);
    bool before = c < 0 || (c == 0 && na < nb);
    if (ra == 3)
        lua_pop(L, 2);
    return before;
}

/* unknown_key(t, set, [own]) -> the least key of t (raw; key_before's order) that is in
 * neither set (read raw), or nil: the fields of a situation no one reads; nil, true
 * for a t with a metatable (the caller reads it with pairs, as before the sets). */
static int l_unknown_key(lua_State *L)
{
    if (lua_getmetatable(L, 1))   /* (any value with one) */
        return lua_pushnil(L), lua_pushboolean(L, 1), 2;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 3);
    bool own = lua_istable(L, 3);
    lua_pushnil(L);   /* 4: the least unknown key so far */
    lua_pushnil(L);
    while (lua_next(L, 1)) {   /* key at 5, value at 6 */
        lua_pushvalue(L, 5);
        lua_rawget(L, 2);
        bool known = lua_toboolean(L, -1);
        if (!known && own) {
            lua_pushvalue(L, 5);
            lua_rawget(L, 3);
            known = lua_toboolean(L, -1);
        }
        lua_settop(L, 5);
        if (!known && (lua_isnil(L, 4) || key_before(L, 5, 4))) {
            lua_pushvalue(L, 5);
            lua_replace(L, 4);
        }
    }
    lua_settop(L, 4);
    return 1;
}

/* ---- f.waits: the waits before the win, computed when a hook first reads them ---- */

/* Whether the counts (a kind may hold five: structurally, tile availability ignored)
 * split into sets and, with need_pair, one pair. Only for the rare hand that holds a kind
 * four times; the tables (decompose.h) take counts up to 4. */
static bool splits_loose(uint8_t c[TILE_KINDS], int k, bool need_pair)
{
    while (k < TILE_KINDS && !c[k])
        k++;
    if (k == TILE_KINDS)
        return !need_pair;
    bool ok = false;
    if (need_pair && c[k] >= 2) {
        c[k] -= 2;
        ok = splits_loose(c, k, false);
        c[k] += 2;
    }
    if (!ok && c[k] >= 3) {
        c[k] -= 3;
        ok = splits_loose(c, k, need_pair);
        c[k] += 3;
    }
    if (!ok && k < 27 && k % 9 <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        ok = splits_loose(c, k, need_pair);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
    return ok;
}

/* Reads f[field] (a kind name) as a kind, or -1. */
static int field_kind(lua_State *L, int t, const char *field)
{
    lua_getfield(L, t, field);
    const char *s = lua_tostring(L, -1);
    bool red = false;
    int k = s && strlen(s) == 2 ? kind_parse(s, &red) : -1;
    lua_pop(L, 1);
    return k >= 0 && k < TILE_KINDS ? k : -1;
}

/* The forms mask of a ruleset (its form_set, the loader's) and of its tile set. */
static unsigned rules_forms(lua_State *L, int r)
{
    unsigned forms = FORM_STANDARD;
    if (lua_getfield(L, r, "form_set") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "seven_pairs"), lua_toboolean(L, -1))
            forms |= FORM_SEVEN_PAIRS;
        if (lua_getfield(L, -2, "thirteen_orphans"), lua_toboolean(L, -1))
            forms |= FORM_THIRTEEN_ORPHANS;
        lua_pop(L, 2);
    } else {
        forms = FORM_ALL;   /* no forms field: the core's every form */
    }
    lua_pop(L, 1);
    if (lua_getfield(L, r, "absent_tiles") == LUA_TSTRING) {
        tile_t t[TILE_KINDS * 4];
        struct notation_error err;
        int n = notation_parse_tiles(lua_tostring(L, -1), t, TILE_KINDS * 4, &err);
        uint64_t absent = 0;
        for (int i = 0; i < n; i++)
            if (tile_kind(t[i]) < TILE_KINDS)
                absent |= 1ull << tile_kind(t[i]);
        forms |= forms_tileset(absent);
    }
    lua_pop(L, 1);
    return forms;
}

/* Adds the counts table f[field] ({["5m"] = 2, ...}, read raw) to c, each kind's count
 * taken as 0 to 4; a field that is not a table adds nothing. */
static void add_counts(lua_State *L, const char *field, uint8_t c[TILE_KINDS])
{
    lua_pushstring(L, field);
    if (lua_rawget(L, 1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
            bool red;
            int k = name && strlen(name) == 2 ? kind_parse(name, &red) : -1;
            lua_Integer n = lua_tointeger(L, -1);
            if (k >= 0 && k < TILE_KINDS && n > 0)
                c[k] = (uint8_t)(c[k] + (n > 4 ? 4 : n));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* Adds the tiles of f.melds (each meld's tiles list, read raw) to c. */
static void add_meld_tiles(lua_State *L, uint8_t c[TILE_KINDS])
{
    lua_pushstring(L, "melds");
    if (lua_rawget(L, 1) == LUA_TTABLE) {
        int nmelds = (int)lua_rawlen(L, -1);
        for (int i = 1; i <= nmelds && i <= MAX_MELDS; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TTABLE) {
                lua_pushstring(L, "tiles");
                if (lua_rawget(L, -2) == LUA_TTABLE) {
                    int n = (int)lua_rawlen(L, -1);
                    for (int j = 1; j <= n && j <= 4; j++) {
                        lua_rawgeti(L, -1, j);
                        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
                        bool red;
                        int k = name && strlen(name) == 2 ? kind_parse(name, &red) : -1;
                        if (k >= 0 && k < TILE_KINDS && c[k] < 255)
                            c[k]++;
                        lua_pop(L, 1);
                    }
                }
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* Keeps the value on top of the stack as f[key] (a raw set: the metatable has no
 * __newindex) and returns it. */
static int keep_field(lua_State *L)
{
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

/* The __index of facts (jong.facts), for the fields made when first read and then kept
 * in f (docs/hooks.md): tiles (from f.counts), all_counts (f.counts and the tiles of
 * f.melds) and waits. Any other missing field is nil.
 *
 * f.waits: the kinds that complete the hand before its winning tile (the concealed tiles
 * without it, the melds as they are) in the ruleset's forms or its special_complete,
 * structurally: a kind counts though every copy is in sight, a fifth too; a kind the tile
 * set lacks does not. */
static int l_facts_index(lua_State *L)
{
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    if (!key || (strcmp(key, "tiles") && strcmp(key, "all_counts") && strcmp(key, "waits")) || !lua_istable(L, 1))
        return 0;   /* (most reads that come here are of fields the facts lack) */
    lua_settop(L, 2);
    uint8_t c[TILE_KINDS] = { 0 };
    if (strcmp(key, "tiles") == 0) {
        add_counts(L, "counts", c);
        push_tiles(L, c);
        return keep_field(L);
    }
    if (strcmp(key, "all_counts") == 0) {
        add_counts(L, "counts", c);
        add_meld_tiles(L, c);
        push_counts(L, c);
        return keep_field(L);
    }
    add_counts(L, "counts", c);   /* waits */
    int win = field_kind(L, 1, "win_tile");
    lua_getfield(L, 1, "melds");
    int nmelds = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
    lua_pop(L, 1);
    lua_getfield(L, 1, "rules");                                     /* 3 */
    int sets = 4;
    unsigned forms = FORM_STANDARD;
    if (lua_istable(L, 3)) {
        lua_getfield(L, 3, "hand_size");
        sets = lua_tointeger(L, -1) == 16 ? 5 : 4;
        lua_pop(L, 1);
        forms = rules_forms(L, 3);
        if (sets == 5)
            forms &= ~(unsigned)(FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS);
        lua_getfield(L, 3, "special_complete");                      /* 4 */
    } else {
        lua_pushnil(L);
    }
    int amelds = hand_analysis_melds(nmelds, sets);
    bool w[TILE_KINDS] = { false };
    if (win >= 0 && c[win] > 0) {
        c[win]--;
        waits(c, amelds, NULL, forms, w);
        uint64_t absent = (uint64_t)(forms >> FORM_ABSENT_SHIFT);
        for (int k = 0; k < TILE_KINDS; k++) {
            if (w[k] || (k < 27 && absent >> k & 1))
                continue;
            if (c[k] == 4 && (forms & FORM_STANDARD)) {      /* a fifth copy */
                c[k]++;
                w[k] = splits_loose(c, 0, true);
                c[k]--;
            } else if (c[k] < 4 && lua_isfunction(L, 4)) {   /* the ruleset's irregular hands */
                char buf[64];
                c[k]++;
                notation_format_counts(c, NULL, buf, sizeof buf);
                c[k]--;
                lua_pushvalue(L, 4);
                lua_createtable(L, 0, 2);                    /* g in a score: options, rules */
                lua_getfield(L, 1, "options");
                lua_setfield(L, -2, "options");
                lua_pushvalue(L, 3);
                lua_setfield(L, -2, "rules");
                lua_getfield(L, 1, "seat");
                lua_pushstring(L, buf);
                lua_pushinteger(L, nmelds);
                if (lj_limited(L))   /* in rule code: its budget */
                    lua_call(L, 4, 1);
                else if (lj_pcall(L, 4, 1, "hook special_complete", &lj_hook_limits) != LUA_OK)
                    return lua_error(L);   /* a program's read: under a budget of its own */
                w[k] = lua_toboolean(L, -1);
                lua_pop(L, 1);
            }
        }
    }
    lua_createtable(L, 4, 0);
    for (int k = 0, n = 0; k < TILE_KINDS; k++)
        if (w[k]) {
            push_kind(L, k);
            lua_rawseti(L, -2, ++n);
        }
    lua_pushvalue(L, -1);
    lua_setfield(L, 1, "waits");   /* rawset: the metatable has no __newindex */
    return 1;
}

/* jong.efficiency(hand, [unseen], [forms], [sets], [absent]) -> the discards of a hand
 * that is to discard, best first: {{discard = "7z", shanten = n, accept = {["1z"] = 2, ...},
 * count = 8}, ...} (core/efficiency.h); unseen maps kinds to the copies the player
 * cannot see (default: 4 minus the hand's); absent as for jong.analysis. nil, reason for
 * a bad hand. */
static int l_efficiency(lua_State *L)
{
    struct hand h;
    int sets = sets_arg(L, 4);
    int r = parse_or_fail(L, luaL_checkstring(L, 1), &h, true, sets);
    if (r)
        return r;
    uint8_t unseen[TILE_KINDS];
    efficiency_unseen_hand(&h, unseen);
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        for (int k = 0; k < TILE_KINDS; k++) {
            char name[3];
            kind_name(k, name);
            lua_getfield(L, 2, name);
            lua_Integer n = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
            unseen[k] = (uint8_t)(n < 0 ? 0 : n > 4 ? 4 : n);
            lua_pop(L, 1);
        }
    }
    unsigned forms = (forms_arg(L, 3) & (sets == 4 ? FORM_ALL : FORM_STANDARD)) | absent_arg(L, 5);
    struct discard_choice c[TILE_KINDS];
    int n = efficiency_discards(h.counts, hand_analysis_melds(h.nmelds, sets), forms, unseen, c);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 4);
        push_kind(L, c[i].discard);
        lua_setfield(L, -2, "discard");
        lua_pushinteger(L, c[i].shanten);
        lua_setfield(L, -2, "shanten");
        lua_createtable(L, 0, c[i].naccept);
        for (int j = 0; j < c[i].naccept; j++) {
            lua_pushinteger(L, c[i].copies[j]);
            char name[3];
            kind_name(c[i].accept[j], name);
            lua_setfield(L, -2, name);
        }
        lua_setfield(L, -2, "accept");
        lua_pushinteger(L, c[i].count);
        lua_setfield(L, -2, "count");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* jong.decompositions(hand, [sets]) -> list of decompositions of the concealed tiles:
 * {pair = "5m", sets = {{type=, tile=}, ...}}. sets: 4 (the default) or 5. */
static int l_decompositions(lua_State *L)
{
    struct hand h;
    int sets = sets_arg(L, 2);
    int r = parse_or_fail(L, luaL_checkstring(L, 1), &h, true, sets);
    if (r)
        return r;
    struct decomposition d[MAX_DECOMPOSITIONS];
    int n = hand_size(&h) == 3 * sets + 2
          ? decompose(h.counts, hand_analysis_melds(h.nmelds, sets), d, MAX_DECOMPOSITIONS) : 0;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 2);
        set_kind(L, N_PAIR, d[i].pair);
        lua_createtable(L, d[i].nsets, 0);
        for (int s = 0; s < d[i].nsets; s++) {
            push_set(L, &d[i].sets[s]);
            lua_rawseti(L, -2, s + 1);
        }
        lua_setfield(L, -2, "sets");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* jong.tiles(str) -> list of tile names in order ("27p1z" -> {"2p","7p","1z"}); red
 * fives keep their "0" name. nil, reason on bad input. */
static int l_tiles(lua_State *L)
{
    tile_t t[160];
    struct notation_error err;
    int n = notation_parse_tiles(luaL_checkstring(L, 1), t, 160, &err);
    if (n < 0)
        return lua_pushnil(L), lua_pushstring(L, err.reason), 2;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        char name[3];
        tile_name(t[i], name);
        lua_pushlstring(L, name, 2);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* jong.format_hand(hand) -> the hand in canonical notation, or nil, reason. */
static int l_format_hand(lua_State *L)
{
    struct hand h;
    int r = parse_or_fail(L, luaL_checkstring(L, 1), &h, true, 5);   /* any size up to 17 */
    if (r)
        return r;
    char buf[128];
    notation_format_hand(&h, buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

/* jong.kind(name) -> kind index 0-41 (or nil) and whether it is a red five. */
static int l_kind(lua_State *L)
{
    bool red;
    const char *s = luaL_checkstring(L, 1);
    int k = strlen(s) == 2 ? kind_parse(s, &red) : -1;
    if (k < 0)
        return lua_pushnil(L), 1;
    lua_pushinteger(L, k);
    lua_pushboolean(L, red);
    return 2;
}

/* pcall_limited(what, f, ...) -> true, results... or false, message: calls f
 * through the one protected path with the hook limits (instruction budget, memory cap). */
static int l_pcall_limited(lua_State *L)
{
    const char *what = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int base = 2, nargs = lua_gettop(L) - 2;
    const struct lj_limits *lim = lua_toboolean(L, lua_upvalueindex(1)) ? &lj_load_limits : &lj_hook_limits;
    int status = lj_pcall(L, nargs, LUA_MULTRET, what, lim);
    lua_pushboolean(L, status == LUA_OK);
    lua_insert(L, base);
    return lua_gettop(L) - base + 1;
}

/* The body of pcall_plain's protected call: fn(args...), and its first two results as
 * plain data. Stack: result_what, views, mark, keep_plain, fn, args... keep_plain "first":
 * the first result is left as it is (the caller copies it later, inside the limits). */
static int call_plain(lua_State *L)
{
    lua_call(L, lua_gettop(L) - 5, 2);
    const char *what = lua_tostring(L, 1);
    bool first_as_is = lua_type(L, 4) == LUA_TSTRING, keep = lua_toboolean(L, 4);
    if (!first_as_is)
        lj_plain_at(L, 5, what, 2, 3, keep);
    lj_plain_at(L, 6, what, 2, 3, keep);
    return 2;
}

/* pcall_plain(what, result_what, views, mark, keep_plain, fn, ...) -> true, a, b or
 * false, message: calls fn through the one protected path with the hook limits and
 * answers plain copies of its first two results, made inside the limits (with
 * keep_plain true, a result that is plain data already as it is; with "first", the
 * first result as it is, for a caller that copies it later). */
static int l_pcall_plain(lua_State *L)
{
    const char *what = luaL_checkstring(L, 1);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 6, LUA_TFUNCTION);
    lj_push_handler(L);
    lua_pushcfunction(L, call_plain);
    lua_rotate(L, 2, 2);   /* what, the handler, call_plain, result_what, ... */
    int status = lj_pcall_handled(L, lua_gettop(L) - 3, LUA_MULTRET, what, &lj_hook_limits, 2);
    lua_pushboolean(L, status == LUA_OK);
    lua_replace(L, 2);   /* (the handler's place) */
    return lua_gettop(L) - 1;
}

/* jong.rules_path() -> the colon-separated rules search path. */
static int l_rules_path(lua_State *L)
{
    lua_pushstring(L, lj_rules_path());
    return 1;
}

/* The largest rule file the loader reads. */
#define RULE_FILE_LIMIT (4u << 20)

/* read_file(path) -> contents, or nil, reason: the loader's reader of rule files (rule
 * code never sees it). Only a regular file under RULE_FILE_LIMIT: a device, a fifo or
 * a directory is refused without reading (opened non-blocking, so a fifo cannot hang). */
static int l_read_file(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return lua_pushnil(L), lua_pushfstring(L, "cannot open %s", path), 2;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return lua_pushnil(L),
               lua_pushfstring(L, "%s is not a regular file (a rules path names a .lua file)", path), 2;
    }
    if ((unsigned long long)st.st_size > RULE_FILE_LIMIT) {
        close(fd);
        return lua_pushnil(L),
               lua_pushfstring(L, "%s is larger than a rule file may be (%d MiB)", path, (int)(RULE_FILE_LIMIT >> 20)), 2;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t total = 0;
    for (;;) {
        char buf[4096];
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            close(fd);
            return lua_pushnil(L), lua_pushfstring(L, "cannot read %s: %s", path, strerror(errno)), 2;
        }
        if (n == 0)
            break;
        total += (size_t)n;
        if (total > RULE_FILE_LIMIT) {
            close(fd);
            return lua_pushnil(L),
                   lua_pushfstring(L, "%s is larger than a rule file may be (%d MiB)", path, (int)(RULE_FILE_LIMIT >> 20)), 2;
        }
        luaL_addlstring(&b, buf, (size_t)n);
    }
    close(fd);
    luaL_pushresult(&b);
    return 1;
}

/* The pieces a built-in rule file's bytecode is read in: the code before its source
 * name, the new name's size (as lua_dump writes a size: 7 bits a byte, high first, the
 * last byte marked 0x80) and bytes, the code after the old name. */
struct rule_reader {
    const struct lj_rule_file *file;
    const char *name;
    size_t name_len;
    unsigned char size[16];
    size_t size_len;
    int piece;
};

static const char *read_rule(lua_State *L, void *ud, size_t *n)
{
    (void)L;
    struct rule_reader *r = ud;
    switch (r->piece++) {
    case 0:
        *n = r->file->source_at;
        return (const char *)r->file->code;
    case 1:
        *n = r->size_len;
        return (const char *)r->size;
    case 2:
        *n = r->name_len;
        return r->name;
    case 3:
        *n = r->file->code_size - r->file->source_end;
        return (const char *)r->file->code + r->file->source_end;
    default:
        *n = 0;
        return NULL;
    }
}

/* Pushes the bytecode of the built-in rule file whose text is text (byte for byte),
 * named chunkname; false when there is none or it does not load (then nothing). */
static bool load_builtin_rule(lua_State *L, const char *text, size_t len, const char *chunkname)
{
    const struct lj_rule_file *f = lj_rule_files;
    while (f->text && (f->text_size != len || memcmp(f->text, text, len)))
        f++;
    if (!f->text)
        return false;
    struct rule_reader r = { f, chunkname, strlen(chunkname), { 0 }, 0, 0 };
    unsigned char rev[16];
    size_t x = r.name_len + 1, k = 0;
    do {
        rev[k++] = x & 0x7f;
        x >>= 7;
    } while (x);
    rev[0] |= 0x80;
    while (k > 0)
        r.size[r.size_len++] = rev[--k];
    if (lua_load(L, read_rule, &r, chunkname, "b") == LUA_OK)
        return true;
    lua_pop(L, 1);
    return false;
}

/* load_rule(text, chunkname, env) -> the rule file's chunk with env as its _ENV, or
 * nil, message: load(text, chunkname, "t", env), from the bytecode compiled at build
 * time when text is a built-in rule file's byte for byte (it then skips the parser). */
static int l_load_rule(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    const char *chunkname = luaL_checkstring(L, 2);
    lua_settop(L, 3);
    if (!load_builtin_rule(L, text, len, chunkname) && luaL_loadbufferx(L, text, len, chunkname, "t") != LUA_OK)
        return lua_pushnil(L), lua_insert(L, -2), 2;
    lj_note_rule_source(L, chunkname);
    lua_pushvalue(L, 3);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return 1;
}

/* is_file(path) -> whether path is a regular file (the loader's search). */
static int l_is_file(lua_State *L)
{
    struct stat st;
    lua_pushboolean(L, stat(luaL_checkstring(L, 1), &st) == 0 && S_ISREG(st.st_mode));
    return 1;
}

/* in_rule_code() -> whether a limited call (rule code) is under way. */
static int l_in_rule_code(lua_State *L)
{
    lua_pushboolean(L, lj_limited(L));
    return 1;
}

/* payment_keys_fine(pay) -> whether every key of pay (read raw) is a seat or "taken":
 * lua/prelude.lua's payment_key_problem in one pass of C, its message made only for a bad
 * key. */
static int l_payment_keys_fine(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        size_t n = 0;
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : "";
        if (!((n == 1 && k[0] && strchr("ESWN", k[0])) || (n == 5 && !memcmp(k, "taken", 5))))
            return lua_pushboolean(L, 0), 1;
        lua_pop(L, 1);
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* payments_problem(pay, deposits) -> nothing when the payments are what play takes of a
 * settle (lua/game.lua): E, S, W and N, read raw, whole numbers within 32 bits (or
 * absent), summing to 0, or to more only with deposits on the table; else the first seat
 * with a bad payment, or false and the sum. */
static int l_payments_problem(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    bool deposits = lua_toboolean(L, 2);
    lua_Integer sum = 0;
    for (int i = 0; i < 4; i++) {
        push_name(L, seat_names[i]);
        int type = lua_rawget(L, 1);
        if (type == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        bool fine = type == LUA_TNUMBER;
        lua_Integer v = 0;
        if (fine && lua_isinteger(L, -1)) {
            v = lua_tointeger(L, -1);
        } else if (fine) {
            lua_Number d = lua_tonumber(L, -1);
            fine = d >= -2147483647.0 && d <= 2147483647.0 && d == (lua_Number)(lua_Integer)d;
            v = fine ? (lua_Integer)d : 0;
        }
        lua_pop(L, 1);
        if (!fine || v < -2147483647 || v > 2147483647)
            return push_name(L, seat_names[i]), 1;
        sum += v;
    }
    if (sum < 0 || (sum > 0 && !deposits))
        return lua_pushboolean(L, 0), lua_pushinteger(L, sum), 2;
    return 0;
}

static const luaL_Reg private_tools[] = {
    { "read_file", l_read_file },
    { "is_file", l_is_file },
    { "load_rule", l_load_rule },
    { "in_rule_code", l_in_rule_code },
    { "plain_copy", lj_plain_copy },
    { "plain_check", lj_plain_check },
    { "plain_fields", lj_plain_fields },
    { "win_answer", lj_win_answer },
    { "facts_index", l_facts_index },
    { "facts_of", l_facts_of },
    { "unknown_key", l_unknown_key },
    { "name_distance", l_name_distance },
    { "key_problem", l_key_problem },
    { "payments_problem", l_payments_problem },
    { "payment_keys_fine", l_payment_keys_fine },
    { "pcall_plain", l_pcall_plain },
    { "json_encode", lj_json_encode },
    { "json_encode_win", lj_json_encode_win },
    { "note_hook_failure", lj_note_hook_failure },
    { NULL, NULL },
};

static const luaL_Reg primitives[] = {
    { "hand_facts", l_hand_facts },
    { "analysis", l_analysis },
    { "decompositions", l_decompositions },
    { "efficiency", l_efficiency },
    { "tiles", l_tiles },
    { "format_hand", l_format_hand },
    { "kind", l_kind },
    { "rules_path", l_rules_path },
    { "terminal_text", lj_terminal_text },
    { NULL, NULL },
};

int luaopen_jong(lua_State *L)
{
    decompose_init();
    lj_install_allocator(L);
    luaL_checkversion(L);
    lua_createtable(L, 0, sizeof primitives / sizeof primitives[0] - 1);
    push_strings(L);
    luaL_setfuncs(L, primitives, N_STRINGS);
    lj_open_game(L);
    lj_guard_patterns(L);
    /* The private table: the loader's tools, passed to the prelude files only. */
    lua_createtable(L, 0, sizeof private_tools / sizeof private_tools[0] - 1);
    push_strings(L);
    luaL_setfuncs(L, private_tools, N_STRINGS);
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, l_pcall_limited, 1);
    lua_setfield(L, -2, "pcall_limited");
    lua_pushboolean(L, 1);
    lua_pushcclosure(L, l_pcall_limited, 1);
    lua_setfield(L, -2, "pcall_loading");
    lua_insert(L, -2);
    lua_pushinteger(L, FORM_STANDARD);
    lua_setfield(L, -2, "FORM_STANDARD");
    lua_pushinteger(L, FORM_SEVEN_PAIRS);
    lua_setfield(L, -2, "FORM_SEVEN_PAIRS");
    lua_pushinteger(L, FORM_THIRTEEN_ORPHANS);
    lua_setfield(L, -2, "FORM_THIRTEEN_ORPHANS");
    /* The prelude builds the friendly API on the primitives: each file is called with
     * the module table and the private table. */
    for (const struct lj_source *src = lj_prelude; src->name; src++) {
        if (luaL_loadbufferx(L, (const char *)src->code, src->size, src->name, "b") != LUA_OK)
            return lua_error(L);
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -4);
        if (lj_pcall(L, 2, 0, src->name + 1, NULL) != LUA_OK)
            return lua_error(L);
    }
    lua_remove(L, -2);
    return 1;
}
