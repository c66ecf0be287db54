/* Plain copies of what rule code returns (lua/sandbox.lua): raw reads only, so no
 * metamethod of rule code runs; no metatables (but the JSON object mark), functions,
 * threads or full userdata in the copy; nesting bounded, which also stops cycles. */
#include "lj.h"

#include <string.h>

#define PLAIN_DEPTH 16
/* The stack a copy takes: 4 places a level (the view's table or nil, the copy, a key, a
 * value), a few more for the last; checked once per copy. */
#define COPY_STACK (4 * (PLAIN_DEPTH + 1) + 8)
/* Tables the plain check visits at most: tables shared many times over (a few hundred
 * tables, each holding the next many times) make a tree too large to walk; such a result
 * is copied instead, where the memory cap stops it. */
#define PLAIN_VISITS 4096
/* The most text a result may hold, counted as it is written: the bytes of its strings,
 * keys and values, each time they are met, and PLAIN_ENTRY_BYTES an entry. A string (or
 * a table) shared many times over costs the state one copy, but JSON writes it each
 * time: a 30 MB name in 2,000 items is 60 GB of output. As much as a hook may allocate. */
#define PLAIN_TEXT ((size_t)64 << 20)
#define PLAIN_ENTRY_BYTES 8

/* Takes the text of the entry at key, value (stack indices, of types kt, vt) from *left;
 * false when it is spent. */
static bool charge(lua_State *L, int key, int kt, int value, int vt, size_t *left)
{
    size_t n = PLAIN_ENTRY_BYTES;
    if (kt == LUA_TSTRING)
        n += lua_rawlen(L, key);
    if (vt == LUA_TSTRING)
        n += lua_rawlen(L, value);
    if (n > *left)
        return false;
    *left -= n;
    return true;
}

static void too_much_text(lua_State *L, const char *what)
{
    luaL_error(L, "%s holds more than %d MiB of text (a string or table shared many times over?)", what,
               (int)(PLAIN_TEXT >> 20));
}

/* The fields of score's result that jong.score's answer takes (lj_plain_fields). */
static const char *const result_fields[] = { "value", "items", "limit", "losers", "reason" };
#define RESULT_FIELDS (int)(sizeof result_fields / sizeof result_fields[0])

/* Pushes the plain copy of the table at index src. Upvalue-free: the table of views
 * (view -> its table) is at index views, the JSON object mark at index mark. With out
 * (not 0), the copy itself is not made (nil is pushed): the copies of the values of
 * result_fields go to the slots from index out on, every other value is copied and
 * dropped (the same walk, so the same errors in the same order). */
static void copy_table(lua_State *L, int src, int depth, const char *what, int views, int mark, int out,
                       size_t *left)
{
    if (depth > PLAIN_DEPTH)
        luaL_error(L, "%s is nested more than %d deep (a cycle?)", what, PLAIN_DEPTH);
    bool meta = lua_getmetatable(L, src);   /* (a view has one; most tables none) */
    if (meta) {
        lua_pop(L, 1);
        lua_pushvalue(L, src);
        if (lua_rawget(L, views) == LUA_TTABLE)   /* a view: copy its table */
            src = lua_gettop(L);
    } else {
        lua_pushnil(L);
    }
    int base = lua_gettop(L);   /* the view's table, or nil: replaced by the copy */
    /* Sized without a counting pass: a list (items, tiles) has no other keys, a record
     * (a result, a value, an item, payments) a few fields; a larger one grows. */
    int narr = (int)lua_rawlen(L, src);
    if (out)
        lua_pushnil(L);
    else
        lua_createtable(L, narr, narr > 0 ? 0 : 4);
    const int dst = base + 1, key = base + 2, value = base + 3;
    lua_pushnil(L);
    while (lua_next(L, src)) {
        int kt = lua_type(L, key);
        if (kt != LUA_TSTRING && kt != LUA_TNUMBER && kt != LUA_TBOOLEAN)
            luaL_error(L, "%s has a key of type %s", what, lua_typename(L, kt));
        int vt = lua_type(L, value);
        if (!charge(L, key, kt, value, vt, left))
            too_much_text(L, what);
        switch (vt) {
        case LUA_TTABLE:
            copy_table(L, value, depth + 1, what, views, mark, 0, left);
            lua_replace(L, value);
            break;
        case LUA_TFUNCTION:
        case LUA_TTHREAD:
        case LUA_TUSERDATA:
            luaL_error(L, "%s holds a %s, not plain data", what, luaL_typename(L, value));
            break;
        default:
            break;
        }
        if (out) {
            if (kt == LUA_TSTRING) {
                const char *name = lua_tostring(L, key);
                for (int i = 0; i < RESULT_FIELDS; i++)
                    if (strcmp(name, result_fields[i]) == 0)
                        lua_copy(L, value, out + i);
            }
            lua_settop(L, key);
            continue;
        }
        if (kt == LUA_TNUMBER && lua_isinteger(L, key)) {   /* (a list's entries: set in place, as rawset would) */
            lua_rawseti(L, dst, lua_tointeger(L, key));
            continue;
        }
        lua_pushvalue(L, value);   /* key, key, value: the key kept for lua_next */
        lua_copy(L, key, value);
        lua_rawset(L, dst);
    }
    /* (the metatable of a table without one at first is still none: no rule code ran) */
    if (meta && !out && lua_getmetatable(L, src)) {
        if (lua_rawequal(L, -1, mark))
            lua_setmetatable(L, dst);
        else
            lua_pop(L, 1);
    }
    lua_replace(L, base);
}

/* plain_copy(v, what, views, mark) -> a plain copy of v. */
int lj_plain_copy(lua_State *L)
{
    const char *what = luaL_optstring(L, 2, "a result");
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 4);
    switch (lua_type(L, 1)) {
    case LUA_TTABLE:
        luaL_checkstack(L, COPY_STACK, "plain copy");
        size_t left = PLAIN_TEXT;
        copy_table(L, 1, 0, what, 3, 4, 0, &left);
        return 1;
    case LUA_TFUNCTION:
    case LUA_TTHREAD:
    case LUA_TUSERDATA:
        return luaL_error(L, "%s is a %s, not plain data", what, luaL_typename(L, 1));
    default:
        lua_pushvalue(L, 1);
        return 1;
    }
}

/* plain_fields(result, what, views, mark) -> the plain copies of result.value, .items,
 * .limit, .losers and .reason: what plain_copy(result, ...) would hold in those fields,
 * with the same errors, but no copy of result itself (jong.score answers a table of its
 * own with those fields). */
int lj_plain_fields(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *what = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 4);
    luaL_checkstack(L, COPY_STACK + RESULT_FIELDS, "plain copy");
    for (int i = 0; i < RESULT_FIELDS; i++)
        lua_pushnil(L);
    size_t left = PLAIN_TEXT;
    copy_table(L, 1, 0, what, 3, 4, 5, &left);
    lua_pop(L, 1);   /* (no copy: nil) */
    return RESULT_FIELDS;
}

/* win_answer(result, what, views, mark, payments, rules, null) -> jong.score's answer
 * for a win, {ok = true, wins = true, rules =, value =, items =, limit =, losers =,
 * payments =}: value, items, limit and losers are plain_fields' copies (value {} and
 * items {} when absent, limit null), value and payments (settle's copy, as it is) marked
 * as JSON objects. Or false and the copies of value, items and limit when one is not
 * what the answer takes (a value or items that is no table, a limit that is no string:
 * lua/prelude.lua's result_problem says which). */
int lj_win_answer(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *what = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 5, LUA_TTABLE);
    lua_settop(L, 7);
    luaL_checkstack(L, COPY_STACK + RESULT_FIELDS + 8, "plain copy");
    const int value = 8, items = 9, limit = 10, losers = 11;   /* (result_fields' order) */
    for (int i = 0; i < RESULT_FIELDS; i++)
        lua_pushnil(L);
    size_t left = PLAIN_TEXT;
    copy_table(L, 1, 0, what, 3, 4, value, &left);
    lua_pop(L, 1);   /* (no copy: nil) */
    if ((lua_toboolean(L, value) && !lua_istable(L, value)) || (lua_toboolean(L, items) && !lua_istable(L, items))
        || (lua_toboolean(L, limit) && lua_type(L, limit) != LUA_TSTRING)) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, value);
        lua_pushvalue(L, items);
        lua_pushvalue(L, limit);
        return 4;
    }
    lua_createtable(L, 0, 8);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "ok");
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "wins");
    lua_pushvalue(L, 6);
    lua_setfield(L, -2, "rules");
    if (lua_toboolean(L, value))
        lua_pushvalue(L, value);
    else
        lua_createtable(L, 0, 0);
    lua_pushvalue(L, 4);
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "value");
    if (lua_toboolean(L, items))
        lua_pushvalue(L, items);
    else
        lua_createtable(L, 0, 0);
    lua_setfield(L, -2, "items");
    lua_pushvalue(L, lua_toboolean(L, limit) ? limit : 7);
    lua_setfield(L, -2, "limit");
    if (!lua_isnil(L, losers)) {
        lua_pushvalue(L, losers);
        lua_setfield(L, -2, "losers");
    }
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 4);
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "payments");
    return 1;
}

/* Whether the table at src is plain data already (what a copy would hold, read raw):
 * no metatable but the JSON object mark, keys that are strings, numbers or booleans,
 * values that are not functions, threads or full userdata, nesting within the copy's
 * bound (which also rules out cycles), at most *visits tables visited and *left bytes of
 * text (counted down). */
static bool is_plain_table(lua_State *L, int src, int depth, int mark, int *visits, size_t *left)
{
    if (depth > PLAIN_DEPTH || --*visits < 0)
        return false;
    if (lua_getmetatable(L, src)) {
        bool marked = lua_rawequal(L, -1, mark);
        lua_pop(L, 1);
        if (!marked)
            return false;
    }
    if (!lua_checkstack(L, 4))
        return false;
    lua_pushnil(L);
    while (lua_next(L, src)) {
        int kt = lua_type(L, -2), vt = lua_type(L, -1);
        bool fine = (kt == LUA_TSTRING || kt == LUA_TNUMBER || kt == LUA_TBOOLEAN)
                 && charge(L, lua_gettop(L) - 1, kt, lua_gettop(L), vt, left);
        if (fine && vt == LUA_TTABLE)
            fine = is_plain_table(L, lua_gettop(L), depth + 1, mark, visits, left);
        else if (vt == LUA_TFUNCTION || vt == LUA_TTHREAD || vt == LUA_TUSERDATA)
            fine = false;
        lua_pop(L, 1);
        if (!fine) {
            lua_pop(L, 1);
            return false;
        }
    }
    return true;
}

/* plain_check(v, mark) -> whether v is plain data as it is, so that the engine may use
 * it without a copy where it reads it at once, before rule code runs again (a copy
 * protects what it keeps from rule code that kept the tables). */
int lj_plain_check(lua_State *L)
{
    lua_settop(L, 2);
    int t = lua_type(L, 1), visits = PLAIN_VISITS;
    size_t left = PLAIN_TEXT;
    lua_pushboolean(L, t == LUA_TTABLE ? is_plain_table(L, 1, 0, 2, &visits, &left)
                                       : t != LUA_TFUNCTION && t != LUA_TTHREAD && t != LUA_TUSERDATA);
    return 1;
}

void lj_plain_at(lua_State *L, int idx, const char *what, int views, int mark, bool keep_plain)
{
    int visits = PLAIN_VISITS;
    size_t left = PLAIN_TEXT;
    switch (lua_type(L, idx)) {
    case LUA_TTABLE:
        if (keep_plain && is_plain_table(L, idx, 0, mark, &visits, &left))
            return;
        luaL_checkstack(L, COPY_STACK, "plain copy");
        left = PLAIN_TEXT;
        copy_table(L, idx, 0, what, views, mark, 0, &left);
        lua_replace(L, idx);
        return;
    case LUA_TFUNCTION:
    case LUA_TTHREAD:
    case LUA_TUSERDATA:
        luaL_error(L, "%s is a %s, not plain data", what, luaL_typename(L, idx));
        return;
    default:
        return;
    }
}
