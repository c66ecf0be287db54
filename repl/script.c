/* jong test FILE / jong run FILE: a Lua script with the jong module loaded. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lj.h"
#include "records.h"

int cmd_script(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        printf("usage: jong %s FILE.lua [ARGS]\n"
               "Runs the script with the global `jong` (the module) and the standard\n"
               "libraries; `require \"luaunit\"` finds the system LuaUnit, and `require`\n"
               "also looks next to the script and one folder up. The script's arguments\n"
               "are in `arg`.\n", argv[0]);
        return argc < 2 ? 2 : 0;
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    lua_createtable(L, argc - 2, 1);
    for (int i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");
    records_preload(L);   /* require "records", "replay": game records */
    /* `require` finds modules next to the script and one folder up (shared test helpers
     * such as tests/conformance/expect.lua). */
    const char *slash = strrchr(argv[1], '/');
    int dirlen = slash ? (int)(slash - argv[1]) : 1;
    const char *dir = slash ? argv[1] : ".";
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    lua_pushlstring(L, dir, (size_t)dirlen);
    lua_pushfstring(L, "%s/?.lua;%s/../?.lua;%s", lua_tostring(L, -1), lua_tostring(L, -1), lua_tostring(L, -2));
    lua_remove(L, -2);
    lua_setfield(L, -3, "path");
    lua_pop(L, 2);
    int status = 0;
    if (luaL_loadfile(L, argv[1]) != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lj_terminal_text_at(L, -1));
        status = 1;
    } else {
        for (int i = 2; i < argc; i++)
            lua_pushstring(L, argv[i]);
        if (lj_pcall(L, argc - 2, 0, argv[1], NULL) != LUA_OK) {
            fprintf(stderr, "jong: %s\n", lj_terminal_text_at(L, -1));
            status = 1;
        }
    }
    lj_close(L);
    return status;
}

int run_module_command(lua_State *L, const char *module, const char *fn, int argc, char **argv)
{
    int status = 1;
    lua_getglobal(L, "require");
    lua_pushstring(L, module);
    if (lj_pcall(L, 1, 1, module, NULL) != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lj_terminal_text_at(L, -1));
    } else {
        lua_getfield(L, -1, fn);
        lua_remove(L, -2);
        lua_createtable(L, argc > 1 ? argc - 1 : 0, 0);
        for (int i = 1; i < argc; i++) {
            lua_pushstring(L, argv[i]);
            lua_rawseti(L, -2, i);
        }
        if (lj_pcall(L, 1, 1, fn, NULL) != LUA_OK)
            fprintf(stderr, "jong: %s\n", lj_terminal_text_at(L, -1));
        else
            status = (int)lua_tointeger(L, -1);
    }
    fflush(stdout);
    lj_close(L);
    return status;
}
