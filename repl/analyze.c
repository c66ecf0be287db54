/* jong analyze [--rules NAME | --tiles 13|16] HAND | -: the shanten of each form, the
 * waits, every decomposition and the tile efficiency of each discard of a hand, as one
 * JSON object a line:
 *
 *   {"hand": "...", "shanten": {"all": n, "standard": n, "seven_pairs": n|null,
 *    "thirteen_orphans": n|null}, "waits": ["1m", ...], "decompositions": [[...], ...],
 *    "discards": [{"discard": "7z", "shanten": n, "accept": {"1z": 3, ...}, "count": n}, ...]}
 *
 * ("discards" only for a hand that is to discard: 14 tiles, or 17.) A line that does
 * not parse gives {"hand": "...", "error": "..."} and the run goes on; the exit status
 * is then 1. Lines may be of any length and hold any bytes: the hand is echoed as valid
 * JSON and UTF-8 (a byte that is not UTF-8 as \u00XX). The output buffer grows as
 * needed and is reused from line to line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "decompose.h"
#include "efficiency.h"
#include "lj.h"
#include "notation.h"

/* Sets of a complete hand: 4 (13-tile hands), 5 (16-tile hands: --tiles 16, or a
 * ruleset whose hand_size is 16). */
static int hand_sets = 4;

/* Kinds the ruleset's tile set lacks (--rules sanma: 2m-8m), bit k for kind k: never
 * in a hand, never a wait, never accepted, never part of a chow the shanten counts. */
static uint64_t absent_kinds = 0;

/* Seven pairs and thirteen orphans are hands of 14 tiles: with five sets, only the
 * standard form. The mask carries the tile set. */
/* The forms that win under --rules (its field forms; all without it). */
static unsigned rules_forms = FORM_ALL;

static unsigned hand_forms(void)
{
    return ((hand_sets == 4 ? FORM_ALL : FORM_STANDARD) & rules_forms) | forms_tileset(absent_kinds);
}
static char set_name[40] = "";

/* Under --rules, the ruleset's special_complete as play asks it (docs/hooks.md): the
 * hook, with a g of the ruleset's default options and the ruleset (as f.waits gives it),
 * seat E, the concealed tiles in the engine's notation and the melds; not asked about a
 * hand with melds when the engine settings say special_concealed_only, nor at all when
 * they skip the hook. Lua stack: 1 the hook, 2 its g. */
static struct {
    lua_State *L;            /* NULL: no special hands */
    bool concealed_only;
    char failed[200];        /* "hook special_complete of rules NAME (FILE:LINE) failed", as in play */
    char err[400];           /* why the hook failed, for the line's error */
} special;

static int special_of(void *ctx, const uint8_t counts[TILE_KINDS], int nmelds)
{
    (void)ctx;
    if (nmelds > 0 && special.concealed_only)
        return 0;
    lua_State *L = special.L;
    char tiles[64];
    notation_format_counts(counts, NULL, tiles, sizeof tiles);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "E");
    lua_pushstring(L, tiles);
    lua_pushinteger(L, nmelds);
    if (lj_pcall(L, 4, 1, "hook special_complete", &lj_hook_limits) != LUA_OK) {
        const char *m = lua_tostring(L, -1), *head = "hook special_complete: ";
        if (!m)
            m = "(no message)";
        if (!strncmp(m, head, strlen(head)))
            m += strlen(head);
        size_t n = strcspn(m, "\n");   /* the first line: the traceback aside */
        snprintf(special.err, sizeof special.err, "%s: %.*s", special.failed, (int)(n < 200 ? n : 200), m);
        lua_pop(L, 1);
        return -1;
    }
    int t = lua_type(L, -1), r = t == LUA_TBOOLEAN ? lua_toboolean(L, -1) : t == LUA_TNIL ? 0 : -1;
    if (r < 0)
        snprintf(special.err, sizeof special.err, "%s: returned a %s, not true, false or nil", special.failed,
                 lua_typename(L, t));
    lua_pop(L, 1);
    return r;
}

/* The special hands' test, or NULL (no --rules, or a ruleset without them). */
static special_fn special_test(void) { return special.L ? special_of : NULL; }

struct out {
    char *buf;
    size_t len, cap;
    bool lost;   /* memory ran out: the line is cut */
};

static void put_mem(struct out *o, const char *s, size_t n)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (o->len + n + 1 > cap)
            cap *= 2;
        char *b = realloc(o->buf, cap);
        if (!b) {
            o->lost = true;
            return;
        }
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

static void put(struct out *o, const char *s) { put_mem(o, s, strlen(s)); }

static void put_char(struct out *o, char c) { put_mem(o, &c, 1); }

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned min;
    unsigned cp;
    if (s[0] < 0x80) return 1;
    if ((s[0] & 0xe0) == 0xc0) { len = 2; min = 0x80; cp = s[0] & 0x1f; }
    else if ((s[0] & 0xf0) == 0xe0) { len = 3; min = 0x800; cp = s[0] & 0x0f; }
    else if ((s[0] & 0xf8) == 0xf0) { len = 4; min = 0x10000; cp = s[0] & 0x07; }
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return len;
}

/* n bytes as a JSON string: control characters, quotes and bytes that are not UTF-8
 * escaped. */
static void put_json_bytes(struct out *o, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    put_char(o, '"');
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t len = utf8_length((const unsigned char *)s + i, n - i);
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            put_mem(o, esc, 2);
            i++;
        } else if (c < 0x20 || c == 0x7f || len == 0) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            put_mem(o, esc, 6);
            i++;
        } else {
            put_mem(o, s + i, len);
            i += len;
        }
    }
    put_char(o, '"');
}

static void put_json_string(struct out *o, const char *s) { put_json_bytes(o, s, strlen(s)); }

static void put_int(struct out *o, int v)
{
    char b[16];
    snprintf(b, sizeof b, "%d", v);
    put(o, b);
}

static void put_shanten(struct out *o, const char *key, int v)
{
    put(o, key);
    if (v == SHANTEN_NONE) {
        put(o, "null");
        return;
    }
    char b[4];
    int n = 0;
    if (v < 0) b[n++] = '-';
    int a = v < 0 ? -v : v;
    if (a >= 10) b[n++] = (char)('0' + a / 10);
    b[n++] = (char)('0' + a % 10);
    put_mem(o, b, (size_t)n);
}

/* A group in notation: a pair or pung "55m", a chow "234m". */
static void put_group(struct out *o, int kind, int n, bool chow)
{
    char g[8], name[3];
    kind_name(kind, name);
    g[0] = '"';
    for (int i = 0; i < n; i++) g[1 + i] = (char)(name[0] + (chow ? i : 0));
    g[1 + n] = name[1];
    g[2 + n] = '"';
    put_mem(o, g, (size_t)n + 3);
}

static void put_melds(struct out *o, const struct hand *h)
{
    char m[32];
    for (int i = 0; i < h->nmelds; i++) {
        notation_format_meld(&h->melds[i], m, sizeof m);
        put_char(o, ',');
        put_json_string(o, m);
    }
}

/* The waits, by the forms and the ruleset's special hands; -1 when its hook failed. */
static int put_waits(struct out *o, const struct hand *h)
{
    put(o, ", \"waits\": [");
    if (hand_size(h) == 3 * hand_sets + 1) {
        uint8_t held[TILE_KINDS];
        bool w[TILE_KINDS];
        hand_all_counts(h, held);
        if (waits_special(h->counts, h->nmelds, hand_sets, held, hand_forms(), special_test(), NULL, w) < 0)
            return -1;
        bool first = true;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (!w[k] || (absent_kinds >> k & 1)) continue;
            char name[3];
            kind_name(k, name);
            if (!first) put(o, ", ");
            put_group(o, k, 1, false);
            first = false;
        }
    }
    put_char(o, ']');
    return 0;
}

/* Standard decompositions (pair, sets, then the melds as written), then seven pairs,
 * then thirteen orphans (its 14 tiles as one group), else a special hand of the ruleset
 * (its concealed tiles as one group, then the melds). -1 when its hook failed. */
static int put_decompositions(struct out *o, const struct hand *h)
{
    put(o, ", \"decompositions\": [");
    bool first = true;
    struct decomposition d[MAX_DECOMPOSITIONS];
    int nmelds = hand_analysis_melds(h->nmelds, hand_sets);
    int n = hand_size(h) == 3 * hand_sets + 2 ? decompose(h->counts, nmelds, d, MAX_DECOMPOSITIONS) : 0;
    for (int i = 0; i < n; i++) {
        put(o, first ? "[" : ", [");
        put_group(o, d[i].pair, 2, false);
        for (int s = 0; s < d[i].nsets; s++) {
            put_char(o, ',');
            put_group(o, d[i].sets[s].kind, 3, d[i].sets[s].type == SET_CHOW);
        }
        put_melds(o, h);
        put_char(o, ']');
        first = false;
    }
    if ((hand_forms() & FORM_SEVEN_PAIRS) && complete_seven_pairs(h->counts, nmelds)) {
        put(o, first ? "[" : ", [");
        bool first_pair = true;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (!h->counts[k]) continue;
            if (!first_pair) put_char(o, ',');
            put_group(o, k, 2, false);
            first_pair = false;
        }
        put_char(o, ']');
        first = false;
    }
    if ((hand_forms() & FORM_THIRTEEN_ORPHANS) && complete_thirteen_orphans(h->counts, nmelds)) {
        char tiles[40];
        notation_format_counts(h->counts, NULL, tiles, sizeof tiles);
        put(o, first ? "[" : ", [");
        put_json_string(o, tiles);
        put_char(o, ']');
        first = false;
    }
    if (first && special.L && hand_size(h) == 3 * hand_sets + 2) {   /* (asked only when no form completes it) */
        int r = complete_special(h->counts, h->nmelds, hand_sets, hand_forms(), special_of, NULL);
        if (r < 0)
            return -1;
        if (r > 0) {
            char tiles[40];
            notation_format_counts(h->counts, NULL, tiles, sizeof tiles);
            put(o, "[");
            put_json_string(o, tiles);
            put_melds(o, h);
            put_char(o, ']');
        }
    }
    put_char(o, ']');
    return 0;
}

/* The discards of a hand that is to discard, best first (core/efficiency.h; a discard
 * that leaves a special hand of the ruleset ready is one leaving the hand ready): the
 * unseen copies of a kind are those not in the hand. n: how many, c: them. */
static void put_discards(struct out *o, const struct discard_choice *c, int n)
{
    if (n == 0)
        return;
    put(o, ", \"discards\": [");
    for (int i = 0; i < n; i++) {
        put(o, i ? ", {\"discard\": " : "{\"discard\": ");
        put_group(o, c[i].discard, 1, false);
        put(o, ", \"shanten\": ");
        put_int(o, c[i].shanten);
        put(o, ", \"accept\": {");
        for (int j = 0, shown = 0; j < c[i].naccept; j++) {
            if (absent_kinds >> c[i].accept[j] & 1)
                continue;
            if (shown++) put(o, ", ");
            put_group(o, c[i].accept[j], 1, false);
            put(o, ": ");
            put_int(o, c[i].copies[j]);
        }
        put(o, "}, \"count\": ");
        put_int(o, c[i].count);
        put_char(o, '}');
    }
    put_char(o, ']');
}

/* The first tile of the line whose kind the tile set lacks: why (with its column), or
 * NULL. Tiles are digit runs closed by a suit letter. */
static const char *absent_tile(const char *line, char *why, size_t n)
{
    int run = -1;
    for (int i = 0; line[i]; i++) {
        char c = line[i];
        if (c >= '0' && c <= '9') {
            if (run < 0) run = i;
            continue;
        }
        int suit = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : c == 'z' ? 3 : -1;
        for (int j = run; suit >= 0 && run >= 0 && j < i; j++) {
            int rank = line[j] == '0' ? 5 : line[j] - '0';
            int k = suit * 9 + rank - 1;
            if (rank >= 1 && k < TILE_KINDS && (absent_kinds >> k & 1)) {
                snprintf(why, n, "bad tile '%c%c' at column %d: not in the %s tile set", line[j], c, j + 1, set_name);
                return why;
            }
        }
        run = -1;
    }
    return NULL;
}

/* The line's error when the ruleset's special_complete failed: -1. */
static int special_failed(struct out *o)
{
    put(o, ", \"error\": ");
    put_json_string(o, special.err);
    put_char(o, '}');
    return -1;
}

/* The shanten of the ruleset's special hands, as far as its hook tells: -1 when the hand
 * of 14 is complete by it (and in no form), 0 when it is ready on one (a hand of 13
 * waiting on one, or of 14 with a discard that leaves that: choices), SHANTEN_NONE
 * otherwise; -2 when the hook failed. */
static int special_shanten(const struct hand *h, const struct discard_choice *choices, int nchoices)
{
    if (!special.L)
        return SHANTEN_NONE;
    int size = hand_size(h);
    if (size == 3 * hand_sets + 2) {
        int r = complete_special(h->counts, h->nmelds, hand_sets, hand_forms(), special_of, NULL);
        if (r < 0)
            return -2;
        if (r > 0)
            return -1;
        for (int i = 0; i < nchoices; i++)
            if (choices[i].shanten == 0)
                return 0;
    } else if (size == 3 * hand_sets + 1) {
        uint8_t held[TILE_KINDS];
        bool w[TILE_KINDS];
        hand_all_counts(h, held);
        int n = waits_special(h->counts, h->nmelds, hand_sets, held, hand_forms(), special_of, NULL, w);
        if (n < 0)
            return -2;
        if (n > 0)
            return 0;
    }
    return SHANTEN_NONE;
}

/* One hand (n bytes, any bytes) to one JSON object in o (no newline). Returns 0, or -1
 * for a bad hand. */
static int analyze_bytes(const char *line, size_t n, struct out *o)
{
    struct hand h;
    struct notation_error err;
    o->len = 0;
    o->lost = false;
    put(o, "{\"hand\": ");
    put_json_bytes(o, line, n);
    const char *why = NULL;
    char bad[200];
    if (memchr(line, '\0', n))
        why = "the line holds a NUL byte";
    else if (notation_parse_hand_of(line, &h, hand_sets, false, &err) != 0)
        why = err.reason;
    else if (absent_kinds)
        why = absent_tile(line, bad, sizeof bad);
    if (why) {
        put(o, ", \"error\": ");
        put_json_string(o, why);
        put_char(o, '}');
        return -1;
    }
    /* the discards first: a special hand one of them leaves ready makes the hand's
     * shanten "all" 0 */
    struct discard_choice choices[TILE_KINDS];
    int nchoices = 0;
    if (hand_size(&h) == 3 * hand_sets + 2) {
        uint8_t unseen[TILE_KINDS];
        efficiency_unseen_hand(&h, unseen);
        for (int k = 0; k < TILE_KINDS; k++)
            if (absent_kinds >> k & 1)
                unseen[k] = 0;
        nchoices = efficiency_discards_special(h.counts, h.nmelds, hand_sets, hand_forms(), unseen, special_test(),
                                               NULL, choices);
        if (nchoices < 0)
            return special_failed(o);
    }
    struct shanten sh;
    shanten_forms(h.counts, hand_analysis_melds(h.nmelds, hand_sets), hand_forms(), &sh);
    if (hand_sets != 4) {
        sh.seven_pairs = sh.thirteen_orphans = SHANTEN_NONE;
        sh.all = sh.standard;
    }
    if (!(hand_forms() & FORM_SEVEN_PAIRS))      /* a form the rules lack: null */
        sh.seven_pairs = SHANTEN_NONE;
    if (!(hand_forms() & FORM_THIRTEEN_ORPHANS))
        sh.thirteen_orphans = SHANTEN_NONE;
    sh.all = sh.standard;                        /* the best of the forms that count */
    if (sh.seven_pairs != SHANTEN_NONE && sh.seven_pairs < sh.all)
        sh.all = sh.seven_pairs;
    if (sh.thirteen_orphans != SHANTEN_NONE && sh.thirteen_orphans < sh.all)
        sh.all = sh.thirteen_orphans;
    int sp = special_shanten(&h, choices, nchoices);   /* the ruleset's special hands: -1, 0 or none */
    if (sp == -2)
        return special_failed(o);
    if (sp < sh.all)
        sh.all = sp;
    size_t head = o->len;   /* (a hook failing below: the line becomes its error) */
    put_shanten(o, ", \"shanten\": {\"all\": ", sh.all);
    put_shanten(o, ", \"standard\": ", sh.standard);
    put_shanten(o, ", \"seven_pairs\": ", sh.seven_pairs);
    put_shanten(o, ", \"thirteen_orphans\": ", sh.thirteen_orphans);
    put_char(o, '}');
    if (put_waits(o, &h) < 0 || put_decompositions(o, &h) < 0) {
        o->len = head;
        return special_failed(o);
    }
    put_discards(o, choices, nchoices);
    put_char(o, '}');
    return 0;
}

static int analyze_line(const char *line, struct out *o) { return analyze_bytes(line, strlen(line), o); }

static void usage(FILE *f)
{
    fputs("usage: jong analyze [--rules NAME | --tiles 13|16] HAND\n"
          "       jong analyze [--rules NAME | --tiles 13|16] -   (one hand a line from standard input)\n"
          "\n"
          "Hands are of 13/14 tiles by default; --tiles 16, or a ruleset dealing 16 tiles\n"
          "(taiwanese), analyses hands of 16/17 tiles (five sets and a pair). With --rules the\n"
          "ruleset's tile set holds: a tile it lacks (sanma: 2m-8m) is an error, and such a\n"
          "kind is no wait and is not counted among the tiles a discard would accept; and\n"
          "only its forms count (classical: no seven pairs, which is then null), and its\n"
          "irregular hands (its special_complete hook, with the default options): waits,\n"
          "a reading of the 14 tiles, and ready (0) or complete (-1) in \"all\".\n"
          "\n"
          "Prints one JSON object per hand: the shanten of each form (-1 complete, 0 ready;\n"
          "null for a form the melds rule out), the waits of a 13-tile hand (melds count 3;\n"
          "a kind held four times is no wait) and every decomposition of a complete 14-tile\n"
          "hand: pair first, then the sets, then the melds as written; seven pairs and\n"
          "thirteen orphans add one decomposition each; for a 14-tile hand, \"discards\": each\n"
          "discard, best first, with the shanten it leaves and the tiles that would lower it\n"
          "(\"accept\": kind -> copies not in the hand, \"count\": their sum). A hand that\n"
          "does not parse gives {\"hand\": ..., \"error\": ...}; the others are still\n"
          "analysed and the exit status is 1. Lines may be of any length and hold any bytes.\n"
          "\n"
          "Example: jong analyze '23455m678p [789s] [5555p]c'\n", f);
}

/* With the ruleset at index 1 of L (alone on the stack): its special_complete, unless its
 * engine settings under the default options skip it, with its g at 1 and 2 (special),
 * special.L = L. 0, or -1 when the options or the settings fail (the reason on stderr). */
static int special_setup(lua_State *L, const char *name)
{
    if (lua_getfield(L, 1, "special_complete") != LUA_TFUNCTION)
        return 0;
    lua_pushvalue(L, 1);
    lua_newtable(L);
    if (lj_call_module(L, "resolve_options", 2, 2) != LUA_OK || !lua_istable(L, -2)) {
        fprintf(stderr, "jong analyze: %s\n", lua_isstring(L, -1) ? lua_tostring(L, -1) : "cannot resolve the options");
        return -1;
    }
    lua_pop(L, 1);                                   /* 1 rules, 2 hook, 3 options */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    if (lj_call_module(L, "engine_settings", 2, 1) != LUA_OK || !lua_istable(L, -1)) {
        fprintf(stderr, "jong analyze: %s\n", lua_isstring(L, -1) ? lua_tostring(L, -1) : "cannot make the engine settings");
        return -1;
    }
    lua_getfield(L, 4, "special_concealed_only");
    special.concealed_only = lua_toboolean(L, -1);
    lua_pop(L, 1);
    bool skipped = false;
    if (lua_getfield(L, 4, "skip_hooks") == LUA_TTABLE)
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
            skipped |= !strcmp(lua_tostring(L, -1), "special_complete");
            lua_pop(L, 1);
        }
    if (skipped)
        return 0;
    lua_createtable(L, 0, 2);                        /* the hook's g: options, rules */
    lua_pushvalue(L, 3);
    lua_setfield(L, -2, "options");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "rules");
    lua_replace(L, 1);                               /* 1 g, 2 hook */
    lua_settop(L, 2);
    lua_insert(L, 1);                                /* 1 hook, 2 g */
    special.L = L;
    lua_Debug ar;
    lua_pushvalue(L, 1);
    lua_getinfo(L, ">S", &ar);
    lua_getfield(L, 2, "rules");
    lua_getfield(L, -1, "name");
    snprintf(special.failed, sizeof special.failed, "hook special_complete of rules %s (%s:%d) failed",
             lua_isstring(L, -1) ? lua_tostring(L, -1) : name, ar.short_src, ar.linedefined);
    lua_settop(L, 2);
    return 0;
}

/* The hand size (13 or 16) a ruleset deals: its field hand_size. -1 when the ruleset
 * does not load (the reason on stderr). */
static int rules_hand_size(const char *name)
{
    lua_State *L = lj_open();
    if (!L)
        return -1;
    int size = -1;
    lua_pushstring(L, name);
    if (lj_call_module(L, "load_rules", 1, 2) != LUA_OK) {
        fprintf(stderr, "jong analyze: %s\n", lj_terminal_text_at(L, -1));
    } else if (!lua_istable(L, -2)) {
        fprintf(stderr, "jong analyze: %s\n", lua_isstring(L, -1) ? lj_terminal_text_at(L, -1) : "cannot load the rules");
    } else {
        lua_getfield(L, -2, "hand_size");
        size = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 13;
        lua_getfield(L, -3, "forms");   /* the forms that win: seven pairs is not in every game */
        if (lua_istable(L, -1)) {
            rules_forms = FORM_STANDARD;
            for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
                const char *f = lua_tostring(L, -1);
                rules_forms |= !strcmp(f, "seven_pairs") ? FORM_SEVEN_PAIRS
                             : !strcmp(f, "thirteen_orphans") ? FORM_THIRTEEN_ORPHANS : 0;
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        lua_getfield(L, -3, "absent_tiles");   /* the tile set: kinds it lacks */
        if (lua_isstring(L, -1)) {
            tile_t t[TILE_KINDS * 4];
            struct notation_error err;
            int nt = notation_parse_tiles(lua_tostring(L, -1), t, TILE_KINDS * 4, &err);
            for (int i = 0; i < nt; i++)
                if (tile_kind(t[i]) < TILE_KINDS)
                    absent_kinds |= 1ull << tile_kind(t[i]);
            snprintf(set_name, sizeof set_name, "%s", name);
        }
        lua_pushvalue(L, -4);
        lua_replace(L, 1);
        lua_settop(L, 1);
        if (special_setup(L, name) < 0)
            size = -1;
        else if (special.L)
            return size;   /* the state stays open: the hook is asked while the hands are analysed */
    }
    lj_close(L);
    return size;
}

int cmd_analyze(int argc, char **argv)
{
    const char *hand = NULL, *rules = NULL, *tiles = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--rules") || !strcmp(a, "--tiles")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "jong analyze: %s takes a value (jong analyze --help)\n", a);
                return 2;
            }
            *(a[2] == 'r' ? &rules : &tiles) = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "jong analyze: unknown option '%s' (jong analyze --help)\n", a);
            return 2;
        } else if (hand) {
            fprintf(stderr, "jong analyze: one HAND at a time, or - to read one a line (jong analyze --help)\n");
            return 2;
        } else {
            hand = a;
        }
    }
    if (rules && tiles) {
        fprintf(stderr, "jong analyze: --rules or --tiles, not both (the rules say the hand size)\n");
        return 2;
    }
    if (tiles && strcmp(tiles, "13") && strcmp(tiles, "16")) {
        fprintf(stderr, "jong analyze: --tiles is 13 or 16, not '%s'\n", tiles);
        return 2;
    }
    if (!hand) {
        usage(stderr);
        return 2;
    }
    int size = tiles ? atoi(tiles) : rules ? rules_hand_size(rules) : 13;
    if (size < 0)
        return 2;
    if (size != 13 && size != 16) {
        fprintf(stderr, "jong analyze: ruleset %s deals %d tiles; hands of 13 or 16 are analysed\n", rules, size);
        return 2;
    }
    hand_sets = size == 16 ? 5 : 4;
    decompose_init();
    static struct out o;
    int status = 0;
    if (strcmp(hand, "-") != 0) {
        status = analyze_line(hand, &o) ? 1 : 0;
        put_char(&o, '\n');
        fwrite(o.buf, 1, o.len, stdout);
    } else {
        char *line = NULL;   /* getline's buffer, reused from line to line */
        size_t cap = 0;
        ssize_t got;
        while ((got = getline(&line, &cap, stdin)) >= 0) {
            size_t n = (size_t)got;
            if (n > 0 && line[n - 1] == '\n') n--;
            if (n > 0 && line[n - 1] == '\r') n--;
            line[n] = '\0';
            if (analyze_bytes(line, n, &o)) status = 1;
            if (o.lost) {
                o.len = 0;
                put(&o, "{\"error\": \"out of memory for this line\"}");
                status = 1;
            }
            put_char(&o, '\n');
            if (fwrite(o.buf, 1, o.len, stdout) != o.len) break;
        }
        free(line);
        if (ferror(stdin)) {
            fputs("jong analyze: cannot read standard input\n", stderr);
            status = 1;
        }
    }
    free(o.buf);
    o.buf = NULL;
    o.len = o.cap = 0;
    if (special.L) {
        lj_close(special.L);
        special.L = NULL;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("jong analyze: cannot write the output");
        return 1;
    }
    return status;
}
