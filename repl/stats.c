/* Statistics of self-play and `jong stats`: C glue around repl/stats.lua, which is
 * embedded in the program at build time. */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "files.h"
#include "game.h"

__asm__(".section .rodata\n.global stats_lua_text\n.hidden stats_lua_text\n.type stats_lua_text, @object\n"
        "stats_lua_text:\n.incbin \"repl/stats.lua\"\n.byte 0\n.previous\n");
extern const char stats_lua_text[];

struct stats {
    lua_State *L;
    int mod_ref;     /* registry: the stats functions */
    int run_ref;     /* registry: the collector */
};

/* Makes repl/stats.lua requireable as "stats" (once per state). */
static int stats_preload(lua_State *L)
{
    files_preload(L);   /* stats -o, --svg */
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    if (lua_getfield(L, -1, "stats") == LUA_TNIL) {
        lua_pop(L, 1);
        if (luaL_loadbufferx(L, stats_lua_text, strlen(stats_lua_text), "@repl/stats.lua", "t") != LUA_OK) {
            lua_replace(L, -3);
            lua_pop(L, 1);
            return -1;
        }
        lua_setfield(L, -2, "stats");
        lua_pop(L, 2);
        return 0;
    }
    lua_pop(L, 3);
    return 0;
}

/* Pushes the stats functions. Returns 0, or -1 with the reason on the stack. */
static int push_module(lua_State *L)
{
    if (stats_preload(L) != 0)
        return -1;
    lua_getglobal(L, "require");
    lua_pushstring(L, "stats");
    return lj_pcall(L, 1, 1, "loading the statistics", NULL) == LUA_OK ? 0 : -1;
}

/* Pushes stats.<fn>. */
static int push_fn(struct stats *s, const char *fn)
{
    lua_rawgeti(s->L, LUA_REGISTRYINDEX, s->mod_ref);
    lua_getfield(s->L, -1, fn);
    lua_remove(s->L, -2);
    return 0;
}

struct stats *stats_new(lua_State *L, const char *rules, const char *bots, long long seed, const char *shard)
{
    if (push_module(L) != 0)
        return NULL;
    struct stats *s = calloc(1, sizeof *s);
    if (!s) {
        lua_pushstring(L, "out of memory");
        return NULL;
    }
    s->L = L;
    s->mod_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    push_fn(s, "new");
    lua_pushstring(L, rules);
    lua_pushstring(L, bots);
    lua_pushinteger(L, (lua_Integer)seed);
    if (lj_pcall(L, 3, 1, "stats.new", NULL) != LUA_OK) {
        luaL_unref(L, LUA_REGISTRYINDEX, s->mod_ref);
        free(s);
        return NULL;
    }
    if (*shard) {
        lua_pushstring(L, shard);
        lua_setfield(L, -2, "shard");
    }
    s->run_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return s;
}

static int call(struct stats *s, int nargs, const char *what)
{
    if (lj_pcall(s->L, nargs, 0, what, NULL) != LUA_OK) {
        fprintf(stderr, "jong sim: %s\n", lj_terminal_text_at(s->L, -1));
        lua_pop(s->L, 1);
        return -1;
    }
    return 0;
}

int stats_deal(struct stats *s, int game_idx, const char *outcome, bool same_deal, const struct stats_win *w,
               int nwins)
{
    static const char seats[][2] = { "E", "S", "W", "N" };
    lua_State *L = s->L;
    push_fn(s, "deal");
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->run_ref);
    lua_pushvalue(L, game_idx);
    lua_pushstring(L, outcome);
    lua_pushboolean(L, same_deal);
    lua_pushinteger(L, nwins);
    for (int i = 0; i < nwins; i++) {
        lua_pushstring(L, seats[w[i].seat & 3]);
        lua_pushlstring(L, &w[i].key, 1);
        if (w[i].from_key)
            lua_pushlstring(L, &w[i].from_key, 1);
        else
            lua_pushnil(L);
        lua_pushboolean(L, w[i].open);
        lua_pushinteger(L, w[i].delta);
    }
    return call(s, 5 + 5 * nwins, "stats.deal");
}

int stats_match(struct stats *s, const struct game *g, const char key[4])
{
    push_fn(s, "match");
    lua_rawgeti(s->L, LUA_REGISTRYINDEX, s->run_ref);
    int n = 0;
    for (int p = 0; p < 4; p++)
        if (key[p]) {
            lua_pushlstring(s->L, &key[p], 1);
            lua_pushinteger(s->L, game_state(g)->points[p]);
            n++;
        }
    return call(s, 1 + 2 * n, "stats.match");
}

int stats_write(struct stats *s, const char *path)
{
    push_fn(s, "write");
    lua_rawgeti(s->L, LUA_REGISTRYINDEX, s->run_ref);
    lua_pushstring(s->L, path);
    if (lj_pcall(s->L, 2, 2, "stats.write", NULL) != LUA_OK)
        return -1;
    if (!lua_toboolean(s->L, -2)) {
        lua_remove(s->L, -2);
        return -1;
    }
    lua_pop(s->L, 2);
    return 0;
}

void stats_free(struct stats *s)
{
    if (!s)
        return;
    luaL_unref(s->L, LUA_REGISTRYINDEX, s->run_ref);
    luaL_unref(s->L, LUA_REGISTRYINDEX, s->mod_ref);
    free(s);
}

int cmd_stats(int argc, char **argv)
{
    lua_State *L = lj_open();
    if (!L)
        return 1;
    if (stats_preload(L) != 0) {
        fprintf(stderr, "jong stats: %s\n", lj_terminal_text_at(L, -1));
        lj_close(L);
        return 1;
    }
    return run_module_command(L, "stats", "main", argc, argv);
}
