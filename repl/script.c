/* jong test FILE / jong run FILE: a Lua script with the jong module loaded. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lj.h"

int cmd_script(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        printf("usage: jong %s FILE.lua [ARGS]\n"
               "Runs the script with the global `jong` (the module) and the standard\n"
               "libraries; `require \"luaunit\"` finds the system LuaUnit. The script's\n"
               "arguments are in `arg`.\n", argv[0]);
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
    int status = 0;
    if (luaL_loadfile(L, argv[1]) != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lua_tostring(L, -1));
        status = 1;
    } else {
        for (int i = 2; i < argc; i++)
            lua_pushstring(L, argv[i]);
        if (lj_pcall(L, argc - 2, 0, argv[1], NULL) != LUA_OK) {
            fprintf(stderr, "jong: %s\n", lua_tostring(L, -1));
            status = 1;
        }
    }
    lj_close(L);
    return status;
}
