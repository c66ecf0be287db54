/* Bounded pattern matching for rule code. Lua's matcher is C: it never meets the
 * instruction budget, and a pattern such as ".-.-.-.-b" over a long subject takes
 * hours. Inside a limited call, string.find, match, gmatch and gsub first estimate the
 * matcher's worst case (subject length to the power of the pattern's repeated items,
 * times the start positions) and refuse a pattern above a fixed cost. */
#include "lj.h"

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

/* The worst-case steps of matching pattern p over a subject of ls bytes. */
static double pattern_cost(const char *p, size_t lp, size_t ls)
{
    double n = (double)ls + 1, cost = 1;
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
        if (ch == '%' && i + 1 < lp && p[i + 1] == 'b') {   /* %bxy: a scan */
            cost *= n;
            i += 4;
            continue;
        }
        if (ch == '%' && i + 1 < lp && p[i + 1] == 'f') {   /* %f[set]: one look */
            i = skip_class(p, lp, i + 2);
            continue;
        }
        if (ch == '%' && i + 1 < lp && p[i + 1] >= '0' && p[i + 1] <= '9') {   /* a back reference */
            cost *= n;
            i += 2;
            continue;
        }
        i = skip_class(p, lp, i);
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
    return cost;
}

/* A guarded function: the original C function as upvalue 1, and whether argument 4 is
 * the `plain` flag (find). */
static int guarded(lua_State *L)
{
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    /* A number is a subject (or pattern) too: the matcher sees it as its string. */
    if (lj_limited(L) && lua_isstring(L, 1) && lua_isstring(L, 2) &&
        !(lua_toboolean(L, lua_upvalueindex(2)) && lua_toboolean(L, 4))) {
        size_t ls, lp;
        lua_tolstring(L, 1, &ls);
        const char *p = lua_tolstring(L, 2, &lp);
        if (lp && pattern_cost(p, lp, ls) > PATTERN_COST_LIMIT)
            return luaL_error(L, "pattern '%s' is too costly for a subject of %d bytes in rule code",
                              lp > 40 ? "(long)" : p, (int)ls);
    }
    return original(L);
}

void lj_guard_patterns(lua_State *L)
{
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
        lua_pushboolean(L, i == 0);
        lua_pushcclosure(L, guarded, 2);
        lua_setfield(L, -2, names[i]);
    }
    lua_pop(L, 1);
}
