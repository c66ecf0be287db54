/* A Lua state for the program: standard libraries and the `jong` module as a global. */
#include "lj.h"

#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

static int open_module(lua_State *L)
{
    luaL_requiref(L, "jong", luaopen_jong, 1);
    return 0;
}

lua_State *lj_open(void)
{
    lua_State *L = luaL_newstate();
    if (!L)
        return NULL;
    /* Hooks and scoring make many short-lived tables: the generational collector
     * handles them with less work than the incremental one. */
    lua_gc(L, LUA_GCGEN, 0, 0);
    luaL_openlibs(L);
    lua_pushcfunction(L, open_module);
    if (lj_pcall(L, 0, 0, "opening the jong module", NULL) != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lua_tostring(L, -1));
        lj_close(L);
        return NULL;
    }
    lj_cache_blocks(L);
    return L;
}

void lj_close(lua_State *L)
{
    void *ud;
    lua_Alloc f = lua_getallocf(L, &ud);
    bool counted = lj_is_counting(f);
    lua_close(L);
    if (counted) {
        lj_free_cached(ud);
        free(ud);
    }
}

int lj_call_module(lua_State *L, const char *fn, int nargs, int nresults)
{
    lua_getglobal(L, "jong");
    lua_getfield(L, -1, fn);
    lua_remove(L, -2);
    lua_insert(L, -nargs - 1);
    return lj_pcall(L, nargs, nresults, fn, NULL);
}
