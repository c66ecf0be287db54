/* The interactive REPL (a first version: Lua lines evaluated with the jong module). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lj.h"

int cmd_repl(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    lua_State *L = lj_open();
    if (!L)
        return 1;
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        lua_pushfstring(L, "return %s", line);
        if (luaL_loadstring(L, lua_tostring(L, -1)) != LUA_OK) {
            lua_pop(L, 1);
            if (luaL_loadstring(L, line) != LUA_OK) {
                fprintf(stderr, "%s\n", lua_tostring(L, -1));
                lua_pop(L, 2);
                continue;
            }
        }
        lua_remove(L, -2);
        int top = lua_gettop(L) - 1;
        if (lj_pcall(L, 0, LUA_MULTRET, "stdin", NULL) != LUA_OK) {
            fprintf(stderr, "%s\n", lua_tostring(L, -1));
            lua_pop(L, 1);
            continue;
        }
        for (int i = top + 1; i <= lua_gettop(L); i++)
            printf("%s%s", luaL_tolstring(L, i, NULL), i < lua_gettop(L) ? "\t" : "\n"), lua_pop(L, 1);
        lua_settop(L, top);
    }
    lj_close(L);
    return 0;
}
