/* The one protected-call path from C into Lua, with a traceback, an instruction
 * budget and a memory cap; and the rules search path. */
#define _GNU_SOURCE
#include "lj.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const struct lj_limits lj_hook_limits = { 20000000, 64u << 20 };
const struct lj_limits lj_load_limits = { 50000000, 128u << 20 };

/* Allocator user data: the allocator it wraps and the bytes in use. */
struct counter {
    lua_Alloc inner;
    void *inner_ud;
    size_t total;
    size_t limit;      /* 0: no limit */
    long budget;       /* instruction budget of the call under way, for messages */
};

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct counter *c = ud;
    size_t old = ptr ? osize : 0;
    if (nsize > old && c->limit && c->total + (nsize - old) > c->limit)
        return NULL;
    void *p = c->inner(c->inner_ud, ptr, osize, nsize);
    if (p || nsize == 0)
        c->total = c->total - old + nsize;
    return p;
}

bool lj_is_counting(lua_Alloc f) { return f == counting_alloc; }

static struct counter *counter_of(lua_State *L)
{
    void *ud;
    return lua_getallocf(L, &ud) == counting_alloc ? ud : NULL;
}

void lj_install_allocator(lua_State *L)
{
    if (counter_of(L))
        return;
    /* Loaded as a module (jong.so) into a stock lua5.4: the state goes on calling this
     * allocator after its package library has unloaded the module at close, so the
     * module must never be unloaded. (In the program itself this finds nothing to pin.) */
    Dl_info info;
    if (dladdr((void *)counting_alloc, &info) && info.dli_fname)
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    struct counter *c = calloc(1, sizeof *c);   /* lives as long as the state */
    if (!c)
        return;
    c->inner = lua_getallocf(L, &c->inner_ud);
    c->total = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024u + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
    lua_setallocf(L, counting_alloc, c);
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    struct counter *c = counter_of(L);
    lua_getinfo(L, "Sl", ar);
    luaL_error(L, "%s:%d: instruction budget of %d exceeded (endless loop?)",
               ar->short_src, ar->currentline, c ? (int)c->budget : 0);
}

static int traceback(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TTABLE)
        return 1;   /* a structured error (e.g. {invalid = "reason"}) goes through as is */
    const char *msg = lua_tostring(L, 1);
    if (!msg)
        msg = luaL_tolstring(L, 1, NULL);
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int lj_pcall(lua_State *L, int nargs, int nresults, const char *what, const struct lj_limits *lim)
{
    int base = lua_gettop(L) - nargs;   /* index of the function */
    lua_pushcfunction(L, traceback);
    lua_insert(L, base);

    struct counter *c = counter_of(L);
    size_t saved_limit = c ? c->limit : 0;
    long saved_budget = c ? c->budget : 0;
    lua_Hook saved_hook = lua_gethook(L);
    int saved_mask = lua_gethookmask(L), saved_count = lua_gethookcount(L);
    if (lim && lim->instructions > 0) {
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, (int)lim->instructions);
        if (c)
            c->budget = lim->instructions;
    }
    if (c && lim && lim->memory) {
        size_t cap = c->total + lim->memory;
        if (!c->limit || cap < c->limit)
            c->limit = cap;
    }

    int status = lua_pcall(L, nargs, nresults, base);

    if (c) {
        c->limit = saved_limit;
        c->budget = saved_budget;
    }
    lua_sethook(L, saved_hook, saved_mask, saved_count);
    if (status == LUA_ERRMEM) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory cap of %d MiB exceeded (a runaway table?)",
                        what, lim ? (int)(lim->memory >> 20) : 0);
    } else if (status != LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        lua_pushfstring(L, "%s: %s", what, lua_tostring(L, -1));
        lua_remove(L, -2);
    }
    lua_remove(L, base);
    return status;
}

static bool is_dir(const char *p) { return access(p, R_OK | X_OK) == 0; }

const char *lj_rules_path(void)
{
    static char path[4 * PATH_MAX + 8];
    if (path[0])
        return path;
    const char *env = getenv("JONG_RULES_PATH");
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
        return path;
    }
    char here[PATH_MAX] = "", cand[PATH_MAX + 16];
    Dl_info info;
    /* Next to the module or program: <dir>/../rules (the source tree's build/). */
    if (dladdr((void *)lj_rules_path, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
        snprintf(here, sizeof here, "%s", info.dli_fname);
    else {
        ssize_t n = readlink("/proc/self/exe", here, sizeof here - 1);
        here[n > 0 ? n : 0] = '\0';
    }
    size_t at = 0;
    if (here[0] && realpath(here, cand)) {
        char *dir = dirname(cand);
        /* The source tree (build/../rules), or an installed tree wherever it was
         * moved (bin/../share/jong/rules, lib/lua/5.4/../../../share/jong/rules). */
        static const char *const rel[] = { "/../rules", "/../share/jong/rules", "/../../../share/jong/rules" };
        for (int i = 0; i < 3; i++) {
            char rules[PATH_MAX + 32];
            snprintf(rules, sizeof rules, "%s%s", dir, rel[i]);
            if (is_dir(rules))
                at += (size_t)snprintf(path + at, sizeof path - at, "%s:", rules);
        }
    }
    if (is_dir("rules"))
        at += (size_t)snprintf(path + at, sizeof path - at, "rules:");
    snprintf(path + at, sizeof path - at, "%s/share/jong/rules", JONG_PREFIX);
    return path;
}
