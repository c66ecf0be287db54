/* Bounded pattern matching for rule code. Lua's matcher is C: it never meets the
 * instruction budget, and a pattern such as ".-.-.-.-b" over a long subject takes
 * hours. Inside a limited call, string.find, match, gmatch and gsub first estimate the
 * matcher's worst case (subject length to the power of the pattern's repeated items,
 * times the start positions) and refuse a pattern above a fixed cost. */
#include "lj.h"

#include <stdbool.h>
#include <string.h>

/* The largest estimated number of matcher steps allowed in rule code. */
#define PATTERN_COST_LIMIT 1e8

/* Skips one single-character class starting at p[i]; returns the index after it. */
static size_t skip_class(const char *p, size_t lp, size_t i)
{
    if (p[i] == '%')
        return i + 2 <= lp ? i + 2 : lp;
    if (p[i] != '[')
        return i + 1;
    i++;
    if (i < lp && p[i] == '^')
        i++;
    do {   /* the first ']' of a set is a member */
        if (i < lp && p[i] == '%')
            i++;
        i++;
    } while (i < lp && p[i] != ']');
    return i < lp ? i + 1 : lp;
}

/* The worst-case steps of a plain search (find with `plain`, or of a pattern without
 * specials, which Lua searches the same way) of lp bytes in ls: a compare of up to lp
 * bytes at each start, memcmp's bytes counted PLAIN_BYTES_PER_STEP to a step. */
#define PLAIN_BYTES_PER_STEP 16
static double plain_cost(size_t lp, size_t ls)
{
    return ((double)ls + 1) * ((double)lp / PLAIN_BYTES_PER_STEP + 1);
}

/* The worst-case steps of matching pattern p over a subject of ls bytes: at each start
 * position, each item of the pattern (a literal character too: a pattern of 50,000 of
 * them over 100,000 bytes is 5e9 steps), times the subject's length for each repeated
 * item. An item that is a set ("[abc]", "%f[abc]") costs its length: the matcher scans the
 * set at each test (a set of 2 MB over 20 MB is 4e13 steps). */
static double pattern_cost(const char *p, size_t lp, size_t ls)
{
    double n = (double)ls + 1, cost = 1, items = 0;
    size_t i = 0;
    if (lp && p[0] == '^')
        i = 1;
    else
        cost = n;   /* every start position is tried */
    while (i < lp) {
        char ch = p[i];
        if (ch == '(' || ch == ')' || (ch == '$' && i + 1 == lp)) {
            i++;
            continue;
        }
        items++;
        if (ch == '%' && i + 1 < lp && p[i + 1] == 'b') {   /* %bxy: a scan */
            cost *= n;
            i += 4;
            continue;
        }
        if (ch == '%' && i + 1 < lp && p[i + 1] == 'f') {   /* %f[set]: one look (a scan of the set) */
            size_t at = i + 2;
            i = skip_class(p, lp, at);
            items += (double)(i - at);
            continue;
        }
        if (ch == '%' && i + 1 < lp && p[i + 1] >= '0' && p[i + 1] <= '9') {   /* a back reference */
            cost *= n;
            i += 2;
            continue;
        }
        size_t at = i;
        i = skip_class(p, lp, i);
        if (ch == '[')
            items += (double)(i - at) - 1;   /* a set is scanned at each test: its length */
        if (i < lp && (p[i] == '*' || p[i] == '+' || p[i] == '-')) {
            cost *= n;
            i++;
        } else if (i < lp && p[i] == '?') {
            cost *= 2;
            i++;
        }
        if (cost > 1e300)
            break;
    }
    return cost * (items > 1 ? items : 1);
}

/* The worst-case steps of gsub's replacement string of lr bytes over a subject of ls
 * bytes: at each of up to ls + 1 matches (an empty pattern matches at every position)
 * the string is read again, a step for each "%1" in it (a replacement of 20 MB of "%0"
 * adds nothing to the result at an empty match, and takes hours over 3,000 bytes). */
static double replacement_cost(size_t lr, size_t ls)
{
    return ((double)ls + 1) * ((double)lr / 2 + 1);
}

/* A guarded function: the original C function as upvalue 1, and which it is as upvalue
 * 2 (0 find, whose argument 4 is the `plain` flag; 1 match; 2 gmatch; 3 gsub). */
static int guarded(lua_State *L)
{
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    /* A number is a subject (or pattern) too: the matcher sees it as its string. */
    if (lj_limited(L) && lua_isstring(L, 1) && lua_isstring(L, 2)) {
        size_t ls, lp, lr;
        lua_tolstring(L, 1, &ls);
        const char *p = lua_tolstring(L, 2, &lp);
        int which = (int)lua_tointeger(L, lua_upvalueindex(2));
        bool plain = which == 0 && lua_toboolean(L, 4);
        if (lp && (plain ? plain_cost(lp, ls) : pattern_cost(p, lp, ls)) > PATTERN_COST_LIMIT)
            return luaL_error(L, "%s '%s' is too costly for a subject of %d bytes in rule code",
                              plain ? "a plain search for" : "pattern", lp > 40 ? "(long)" : p, (int)ls);
        if (which == 3 && lua_type(L, 3) == LUA_TSTRING && (lua_tolstring(L, 3, &lr), 1)
            && replacement_cost(lr, ls) > PATTERN_COST_LIMIT)
            return luaL_error(L, "a replacement of %d bytes is too costly for a subject of %d bytes in rule code",
                              (int)lr, (int)ls);
    }
    return original(L);
}

/* Library loops bounded by a count rule code gives, not by memory: string.rep of an
 * empty string (with an empty separator) makes "" in n steps, table.move moves e - f + 1
 * elements, table.insert and table.remove at a position shift #t - pos of them (and #t
 * of a sparse table, {[1] = 1, [2] = 1, [4] = 1, ..., [2^40] = 1}, is 2^40). Each is one
 * instruction of C work that the watchdog cannot end, so in rule code a count beyond
 * LOOP_LIMIT is refused (a table of that many elements is beyond the memory cap). */
#define LOOP_LIMIT (1u << 24)

static int loop_refused(lua_State *L, const char *what, lua_Unsigned n)
{
    return luaL_error(L, "%s of %I steps is too costly in rule code", what, (lua_Integer)n);
}

/* Upvalue 1: the original function; upvalue 2: which one (0 rep, 1 move, 2 insert, 3 remove). */
static int guarded_loop(lua_State *L)
{
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    if (lj_limited(L)) {
        int which = (int)lua_tointeger(L, lua_upvalueindex(2)), isnum;
        if (which == 0 && lua_isstring(L, 1)) {   /* string.rep(s, n [, sep]) */
            lua_Integer n = lua_tointegerx(L, 2, &isnum);
            size_t l = lua_rawlen(L, 1), lsep = lua_isstring(L, 3) ? lua_rawlen(L, 3) : 0;
            if (lua_type(L, 1) == LUA_TNUMBER)
                l = 1;   /* (a number is its text: not empty) */
            if (isnum && n > 0 && l == 0 && lsep == 0 && (lua_isnoneornil(L, 3) || lua_isstring(L, 3))) {
                lua_pushliteral(L, "");   /* what it makes, without the n steps */
                return 1;
            }
        } else if (which == 1) {   /* table.move(a1, f, e, t [, a2]) */
            int fnum, enumb;
            lua_Integer f = lua_tointegerx(L, 2, &fnum), e = lua_tointegerx(L, 3, &enumb);
            if (fnum && enumb && e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= LOOP_LIMIT)
                return loop_refused(L, "table.move", (lua_Unsigned)e - (lua_Unsigned)f + 1);
        } else if ((which == 2 && lua_gettop(L) == 3) || (which == 3 && lua_gettop(L) >= 2)) {
            /* table.insert(t, pos, v), table.remove(t, pos): #t - pos shifts */
            lua_Integer pos = lua_tointegerx(L, 2, &isnum);
            if (isnum && lua_type(L, 1) == LUA_TTABLE) {
                lua_Integer size = luaL_len(L, 1);
                if (size > pos && (lua_Unsigned)size - (lua_Unsigned)pos >= LOOP_LIMIT)
                    return loop_refused(L, which == 2 ? "table.insert" : "table.remove",
                                        (lua_Unsigned)size - (lua_Unsigned)pos);
            }
        }
    }
    return original(L);
}

static void guard_loop(lua_State *L, const char *lib, const char *name, int which)
{
    lua_getglobal(L, lib);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, name);
        lua_CFunction f = lua_tocfunction(L, -1);
        if (f && f != guarded_loop) {
            lua_pushinteger(L, which);
            lua_pushcclosure(L, guarded_loop, 2);
            lua_setfield(L, -2, name);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

void lj_guard_patterns(lua_State *L)
{
    guard_loop(L, "string", "rep", 0);
    guard_loop(L, "table", "move", 1);
    guard_loop(L, "table", "insert", 2);
    guard_loop(L, "table", "remove", 3);

    static const char *const names[] = { "find", "match", "gmatch", "gsub" };
    lua_getglobal(L, "string");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    for (int i = 0; i < 4; i++) {
        lua_getfield(L, -1, names[i]);
        lua_CFunction f = lua_tocfunction(L, -1);
        if (!f || f == guarded) {   /* already guarded, or not a C function */
            lua_pop(L, 1);
            continue;
        }
        lua_pushinteger(L, i);
        lua_pushcclosure(L, guarded, 2);
        lua_setfield(L, -2, names[i]);
    }
    lua_pop(L, 1);
}
