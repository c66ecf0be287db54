/* jong.json_encode: Lua values as JSON text, keys in a stable, readable order (the
 * result fields first, in the order of KEY_ORDER, then the others sorted), strings as
 * valid JSON in valid UTF-8 (a byte that is not UTF-8 becomes \u00XX; C1 controls and
 * text direction overrides are escaped too: a terminal showing the JSON would obey them).
 * Tables are read raw: no metamethod runs. An array is a table whose keys are exactly 1..n, unless it
 * carries the JSON object mark (an empty table is an array otherwise). */
#include "lj.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 100
#define MAX_DEPTH_TEXT "100"

/* The fields of results, in the order they are written. */
static const char *const KEY_ORDER[] = {
    "ok", "wins", "rules", "hand", "name", "value", "han", "fu", "yakuman", "points",
    "doubles", "score", "faan", "fan", "flowers", "aux", "adjusted", "basic", "total", "items",
    "unit", "count", "limit", "payments", "losers", "E", "S", "W", "N", "reason", "error",
};
#define NORDER ((int)(sizeof KEY_ORDER / sizeof KEY_ORDER[0]))

/* The text being written: one buffer, kept between calls (grows only). */
static char *out;
static size_t len, cap;
static bool failed;   /* out of memory */
/* The most text rule code may have written in one call, in C memory outside the state's
 * cap (one 30 MB string 2,000 times in a list is 60 GB), and the buffer's room within it
 * (the smaller of the two: put and putc1 look at room only). */
#define RULE_CODE_TEXT ((size_t)64 << 20)
static size_t limit = (size_t)-1, room;
static lua_State *writer;   /* the state of the encoding under way (for its error) */

/* The limit of the encoding starting now: RULE_CODE_TEXT in rule code, else none. */
static void begin(lua_State *L)
{
    len = 0;
    failed = false;
    writer = L;
    limit = lj_limited(L) ? RULE_CODE_TEXT : (size_t)-1;
    room = cap < limit ? cap : limit;
}

static void reserve(size_t n)
{
    if (len + n <= room || failed)
        return;
    if (len + n > limit) {   /* (raised at once: the rest is not walked) */
        lua_pushliteral(writer, "cannot encode as JSON: more than 64 MiB of text in rule code");
        lua_error(writer);
    }
    size_t c = cap ? cap : 4096;
    while (c < len + n)
        c *= 2;
    char *b = realloc(out, c);
    if (!b) {
        failed = true;
        return;
    }
    out = b;
    cap = c;
    room = cap < limit ? cap : limit;
}

static inline void put(const char *s, size_t n)
{
    if (len + n > room) {
        reserve(n);
        if (failed)
            return;
    }
    memcpy(out + len, s, n);
    len += n;
}

/* A string literal, its length known (no strlen). */
#define put_literal(s) put(s, sizeof s - 1)

static inline void putc1(char ch)
{
    if (len + 1 > room) {
        reserve(1);
        if (failed)
            return;
    }
    out[len++] = ch;
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0: Lua's own strict
 * reading (utf8.len): no overlong form, no surrogate, nothing above U+10FFFF. */
static size_t utf8_valid(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t count;
    unsigned long cp, least;
    if ((c & 0xE0) == 0xC0)
        count = 1, cp = c & 0x1F, least = 0x80;
    else if ((c & 0xF0) == 0xE0)
        count = 2, cp = c & 0x0F, least = 0x800;
    else if ((c & 0xF8) == 0xF0)
        count = 3, cp = c & 0x07, least = 0x10000;
    else
        return 0;
    if (count >= n)
        return 0;
    for (size_t i = 1; i <= count; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return count + 1;
}

/* The bytes a string holds as they are: printable ASCII but '"' and '\\'. */
static const unsigned char is_plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
};

static void put_string(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    static const char hex[] = "0123456789abcdef";
    putc1('"');
    size_t plain = 0;   /* the start of the run not yet written */
    for (size_t i = 0; i < n;) {
        while (i < n && is_plain[s[i]])
            i++;   /* plain ASCII */
        if (i == n)
            break;
        unsigned c = s[i];
        const char *esc = NULL;
        char u[6];
        size_t step = 1;
        if (c >= 0x80) {
            step = utf8_valid(s + i, n - i);
            unsigned long cp = 0;   /* C1 controls, text direction overrides: escaped (a terminal obeys them) */
            if (step == 2 && c == 0xC2 && s[i + 1] < 0xA0)
                cp = s[i + 1];
            else if (step == 3 && c == 0xE2 && ((s[i + 1] == 0x80 && s[i + 2] >= 0xAA && s[i + 2] <= 0xAE)
                                                || (s[i + 1] == 0x81 && s[i + 2] >= 0xA6 && s[i + 2] <= 0xA9)))
                cp = 0x2000 | (s[i + 1] & 0x3Fu) << 6 | (s[i + 2] & 0x3Fu);
            if (step && cp) {
                char e[6] = { '\\', 'u', hex[cp >> 12], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15] };
                put(str + plain, i - plain);
                put(e, 6);
                i += step;
                plain = i;
                continue;
            }
            if (step) {
                i += step;
                continue;
            }
            step = 1;
        }
        if (c < 0x20 || c == 0x7F || c >= 0x80) {
            switch (c) {
            case '\b': esc = "\\b"; break;
            case '\t': esc = "\\t"; break;
            case '\n': esc = "\\n"; break;
            case '\f': esc = "\\f"; break;
            case '\r': esc = "\\r"; break;
            default:
                u[0] = '\\', u[1] = 'u', u[2] = '0', u[3] = '0', u[4] = hex[c >> 4], u[5] = hex[c & 15];
                break;
            }
        } else if (c == '"') {
            esc = "\\\"";
        } else if (c == '\\') {
            esc = "\\\\";
        } else {
            i++;
            continue;
        }
        put(str + plain, i - plain);
        if (esc)
            put(esc, strlen(esc));
        else
            put(u, 6);
        i += step;
        plain = i;
    }
    put(str + plain, n - plain);
    putc1('"');
}

static void put_integer(long long v)
{
    if (v >= 0 && v < 10) {
        putc1((char)('0' + v));
        return;
    }
    char buf[24], *p = buf + sizeof buf;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    put(p, (size_t)(buf + sizeof buf - p));
}

static void put_number(lua_State *L, int idx)
{
    char buf[64];
    int n;
    if (lua_isinteger(L, idx)) {
        put_integer((long long)lua_tointeger(L, idx));
        return;
    }
    lua_Number v = lua_tonumber(L, idx);
    if (v != v || isinf(v)) {
        put("null", 4);
        return;
    }
    if (v == floor(v) && fabs(v) < 9007199254740992.0) {
        put_integer((long long)v);
        return;
    }
    n = snprintf(buf, sizeof buf, "%.14g", (double)v);
    put(buf, (size_t)n);
}

/* A key of an object: its text (for numbers and booleans, as tostring writes them,
 * kept on the stack) and its place in the order. */
struct key {
    const char *text;
    size_t n;
    int rank;   /* index in KEY_ORDER, or NORDER */
    int idx;    /* stack index of the key itself (its value above it) */
};

/* The lengths of the keys of KEY_ORDER, and each written as a key ("name":), made
 * with the first rank_of. */
static unsigned char lens[NORDER], quoted_len[NORDER];
static char quoted[NORDER][16];

static int rank_of(const char *s, size_t n)
{
    /* Most keys are of KEY_ORDER: look only at the entries of the key's first letter
     * (lists made at the first call; no letter begins more than 7 of them). */
    static signed char by_first[128][8];
    static bool ready;
    if (!ready) {
        memset(by_first, -1, sizeof by_first);
        for (int i = 0; i < NORDER; i++) {
            unsigned char c = (unsigned char)KEY_ORDER[i][0];
            int j = 0;
            while (j < 7 && by_first[c][j] >= 0)
                j++;
            by_first[c][j] = (signed char)i;
            lens[i] = (unsigned char)strlen(KEY_ORDER[i]);
            quoted_len[i] = (unsigned char)snprintf(quoted[i], sizeof quoted[i], "\"%s\":", KEY_ORDER[i]);
        }
        ready = true;
    }
    unsigned char c = (unsigned char)s[0];
    if (n == 0 || c >= 128)
        return NORDER;
    for (const signed char *i = by_first[c]; *i >= 0; i++)
        if (lens[*i] == n && !memcmp(KEY_ORDER[*i], s, n))
            return *i;
    return NORDER;
}

static bool key_before(const struct key *a, const struct key *b)
{
    if (a->rank != b->rank)
        return a->rank < b->rank;
    if (a->rank < NORDER)
        return false;
    size_t n = a->n < b->n ? a->n : b->n;
    int c = memcmp(a->text, b->text, n);
    return c < 0 || (c == 0 && a->n < b->n);
}

static int encode(lua_State *L, int idx, int depth, int shown);

/* Raises the message as it is (no position: the caller's error says what failed). */
static int refuse(lua_State *L, const char *fmt, const char *what)
{
    lua_pushfstring(L, fmt, what);
    return lua_error(L);
}

/* Is the table at idx marked as a JSON object: does getmetatable give the mark's
 * protected value (`shown`)? (Read raw, as getmetatable does.) */
static bool is_object(lua_State *L, int idx, int shown)
{
    if (luaL_getmetafield(L, idx, "__metatable") == LUA_TNIL)
        return false;
    bool same = lua_rawequal(L, -1, shown);
    lua_pop(L, 1);
    return same;
}

/* object: written as an object whatever its keys, as if marked (a win's value and
 * payments, which jong.score's answer marks). */
static int encode_table(lua_State *L, int idx, int depth, int shown, bool object)
{
    if (depth > MAX_DEPTH)
        return refuse(L, "cannot encode as JSON: nested more than %s deep (a cycle?)", MAX_DEPTH_TEXT);
    luaL_checkstack(L, 8, "JSON");
    /* A table with a border (rawlen > 0) is an array when its keys are exactly 1..rawlen
     * (a hole and another key, {1, nil, 3, x = 5}, make an object: nothing is dropped);
     * one without is an object unless it is empty (then an array unless marked). */
    lua_Integer nk = 0, alen = (lua_Integer)lua_rawlen(L, idx);
    bool other = false;
    if (alen > 0) {
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            lua_pop(L, 1);
            lua_Integer k;
            if (lua_isinteger(L, -1) && (k = lua_tointeger(L, -1)) >= 1 && k <= alen)
                nk++;
            else
                other = true;
        }
    }
    if (alen > 0 && !other && nk == alen && !object && !is_object(L, idx, shown)) {
        putc1('[');
        for (lua_Integer i = 1; i <= nk; i++) {
            if (i > 1)
                putc1(',');
            lua_rawgeti(L, idx, i);
            encode(L, lua_gettop(L), depth + 1, shown);
            lua_pop(L, 1);
        }
        putc1(']');
        return 0;
    }
    /* The keys, kept on the stack (with their texts), then sorted. */
    int base = lua_gettop(L);
    struct key small[32], *keys = small;
    lua_Integer room = 32;
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (n % 16 == 0)   /* room for the next 16 keys (each holds up to 3 slots) */
            luaL_checkstack(L, 3 * 16 + 2, "JSON");
        if (n == room) {   /* a large object: the keys in a userdata the collector frees */
            lua_Integer total = 0;
            lua_pushnil(L);
            while (lua_next(L, idx)) {
                lua_pop(L, 1);
                total++;
            }
            struct key *big = lua_newuserdatauv(L, (size_t)total * sizeof *big, 0);
            memcpy(big, keys, (size_t)n * sizeof *keys);
            keys = big;
            room = total;
            lua_insert(L, -3);   /* below the key and value */
        }
        int kidx = lua_gettop(L) - 1;   /* the key and its value, kept; a copy of the key */
        lua_pushvalue(L, kidx);         /* goes on top for lua_next */
        struct key k = { NULL, 0, NORDER, kidx };
        if (lua_type(L, kidx) == LUA_TSTRING) {
            k.text = lua_tolstring(L, kidx, &k.n);
            k.rank = rank_of(k.text, k.n);
        } else {
            /* tostring of a number or boolean (plain data holds no other keys) */
            if (lua_type(L, kidx) == LUA_TBOOLEAN)
                lua_pushstring(L, lua_toboolean(L, kidx) ? "true" : "false");
            else if (lua_type(L, kidx) == LUA_TNUMBER) {
                lua_pushvalue(L, kidx);
                lua_tolstring(L, -1, NULL);
            } else
                lua_pushfstring(L, "%s: %p", luaL_typename(L, kidx), lua_topointer(L, kidx));
            k.text = lua_tolstring(L, -1, &k.n);
            lua_insert(L, -2);   /* the text kept below the copy for lua_next */
        }
        /* insertion: keys are few */
        int at = n++;
        while (at > 0 && key_before(&k, &keys[at - 1])) {
            keys[at] = keys[at - 1];
            at--;
        }
        keys[at] = k;
    }
    if (n == 0 && !object && !is_object(L, idx, shown)) {   /* an empty table, not marked */
        put("[]", 2);
        lua_settop(L, base);
        return 0;
    }
    putc1('{');
    for (int i = 0; i < n; i++) {
        if (i > 0)
            putc1(',');
        if (keys[i].rank < NORDER) {
            put(quoted[keys[i].rank], quoted_len[keys[i].rank]);
        } else {
            put_string(keys[i].text, keys[i].n);
            putc1(':');
        }
        encode(L, keys[i].idx + 1, depth + 1, shown);
    }
    putc1('}');
    lua_settop(L, base);
    return 0;
}

static int encode(lua_State *L, int idx, int depth, int shown)
{
    switch (lua_type(L, idx)) {
    case LUA_TNIL:
        put("null", 4);
        return 0;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, idx))
            put("true", 4);
        else
            put("false", 5);
        return 0;
    case LUA_TNUMBER:
        put_number(L, idx);
        return 0;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        put_string(s, n);
        return 0;
    }
    case LUA_TTABLE:
        return encode_table(L, idx, depth, shown, false);
    case LUA_TLIGHTUSERDATA:
        if (lua_touserdata(L, idx) == NULL) {   /* lua-cjson's null */
            put("null", 4);
            return 0;
        }
        /* fall through */
    default:
        return refuse(L, "cannot encode a %s as JSON", luaL_typename(L, idx));
    }
}

/* The end of an encoding: the text pushed, or kept in the buffer with keep (0 results);
 * an error when memory ran out. */
static int encoded(lua_State *L, bool keep)
{
    if (failed)
        return refuse(L, "%s", "not enough memory for JSON");
    if (keep)
        return 0;
    lua_pushlstring(L, out ? out : "", len);
    return 1;
}

/* json_encode(v, shown[, keep]) -> the JSON text of v; shown: what getmetatable gives
 * of a table marked as a JSON object. With keep, the text is only kept in the buffer
 * (lj_json_text), for a caller in C that writes it out. */
int lj_json_encode(lua_State *L)
{
    lua_settop(L, 3);
    bool keep = lua_toboolean(L, 3);
    begin(L);
    encode(L, 1, 0, 2);
    return encoded(L, keep);
}

/* json_encode_win(shown, keep, rules, value, items, limit, losers, payments) -> the JSON
 * text of the answer jong.score gives for a win, {ok = true, wins = true, rules =, value =,
 * items =, limit =, losers =, payments =} (as json_encode writes that table: its keys in
 * KEY_ORDER), made without the table, from the fields of score's result and settle's
 * payments: value (a table, or nil or false for {}) and payments (a table) as objects,
 * items ([] when nil or false), limit (null when nil or false), losers only when not nil.
 * A win's answer in jong score; keep as json_encode's. */
int lj_json_encode_win(lua_State *L)
{
    lua_settop(L, 8);
    bool keep = lua_toboolean(L, 2);
    begin(L);
    put_literal("{\"ok\":true,\"wins\":true,\"rules\":");
    encode(L, 3, 1, 1);
    put_literal(",\"value\":");
    if (lua_toboolean(L, 4))
        encode_table(L, 4, 1, 1, true);
    else
        put_literal("{}");
    put_literal(",\"items\":");
    if (lua_toboolean(L, 5))
        encode(L, 5, 1, 1);
    else
        put_literal("[]");
    put_literal(",\"limit\":");
    if (lua_toboolean(L, 6))
        encode(L, 6, 1, 1);
    else
        put_literal("null");
    put_literal(",\"payments\":");
    encode_table(L, 8, 1, 1, true);
    if (!lua_isnil(L, 7)) {
        put_literal(",\"losers\":");
        encode(L, 7, 1, 1);
    }
    putc1('}');
    return encoded(L, keep);
}

const char *lj_json_text(size_t *n)
{
    *n = len;
    return out ? out : "";
}
