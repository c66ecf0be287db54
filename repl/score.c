/* jong score FILE|-: situations as JSON in, results as JSON out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "lj.h"

/* Reads a whole file ("-": standard input) into a Lua string on the stack. */
static int push_file(lua_State *L, const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return -1;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        luaL_addlstring(&b, buf, n);
    if (f != stdin)
        fclose(f);
    luaL_pushresult(&b);
    return 0;
}

int cmd_score(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        printf("usage: jong score FILE|-\n"
               "Reads one situation (a JSON object) or several (a JSON array) and prints\n"
               "the result(s) as JSON; exit status 1 when any input is invalid.\n"
               "See docs/formats.md for the fields.\n");
        return argc == 2 ? 0 : 2;
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    int status = 1;
    if (push_file(L, argv[1]) < 0) {
        printf("{\"ok\":false,\"error\":\"cannot read %s\"}\n", argv[1]);
    } else if (lj_call_module(L, "score_json", 1, 2) != LUA_OK) {
        lua_getglobal(L, "jong");
        lua_getfield(L, -1, "json_encode");
        lua_createtable(L, 0, 2);
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "ok");
        lua_pushvalue(L, -4);
        lua_setfield(L, -2, "error");
        if (lua_pcall(L, 1, 1, 0) == LUA_OK)
            puts(lua_tostring(L, -1));
    } else {
        puts(lua_tostring(L, -2));
        status = lua_toboolean(L, -1) ? 0 : 1;
    }
    lj_close(L);
    return status;
}
