/* jong replay / export / mjai: game records (repl/records.lua, repl/replay.lua, embedded
 * at build time). The C side only opens the state, makes the modules `records` and
 * `replay` requireable and hands the arguments to the Lua command. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "files.h"
#include "lj.h"
#include "records.h"

#define EMBED(sym, file) \
    __asm__(".section .rodata\n.global " #sym "\n.hidden " #sym "\n.type " #sym ", @object\n" #sym ":\n" \
            ".incbin \"" file "\"\n.byte 0\n.previous\n"); \
    extern const char sym[]

EMBED(records_lua_text, "repl/records.lua");
EMBED(replay_lua_text, "repl/replay.lua");
EMBED(mjai_lua_text, "repl/mjai.lua");

static const struct { const char *name, *chunk, *text; } modules[] = {
    { "records", "@repl/records.lua", records_lua_text },
    { "replay", "@repl/replay.lua", replay_lua_text },
    { "mjai", "@repl/mjai.lua", mjai_lua_text },
};

/* package.preload's loader of modules[i] (upvalue 1): the text is parsed when a script
 * first requires the module, not at every start. */
static int load_module(lua_State *L)
{
    size_t i = (size_t)lua_tointeger(L, lua_upvalueindex(1));
    if (luaL_loadbufferx(L, modules[i].text, strlen(modules[i].text), modules[i].chunk, "t") != LUA_OK)
        return lua_error(L);
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* paths.absolute(path): the absolute path of an existing file ("." and ".." and
 * symbolic links resolved), or nil, reason: what a jong log's header stores of a rules
 * file given by a relative path, so the log loads from any folder. */
static int l_absolute(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    char buf[PATH_MAX];
    if (!realpath(path, buf)) {
        lua_pushnil(L);
        lua_pushstring(L, strerror(errno));
        return 2;
    }
    lua_pushstring(L, buf);
    return 1;
}

static int open_paths(lua_State *L)
{
    static const luaL_Reg fns[] = { { "absolute", l_absolute }, { NULL, NULL } };
    luaL_newlib(L, fns);
    return 1;
}

int records_preload(lua_State *L)
{
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++) {
        lua_pushinteger(L, (lua_Integer)i);
        lua_pushcclosure(L, load_module, 1);
        lua_setfield(L, -2, modules[i].name);
    }
    lua_pushcfunction(L, luaopen_process);
    lua_setfield(L, -2, "process");
    lua_pushcfunction(L, open_paths);
    lua_setfield(L, -2, "paths");
    lua_pop(L, 2);
    files_preload(L);   /* export -o, mjai --log, render -o */
    return 0;
}

/* Runs replay.<fn>({args...}) and returns its exit status. */
static int run(const char *fn, int argc, char **argv)
{
    lua_State *L = lj_open();
    if (!L)
        return 1;
    if (records_preload(L) != 0) {
        lj_close(L);
        return 1;
    }
    return run_module_command(L, "replay", fn, argc, argv);
}

int cmd_replay(int argc, char **argv) { return run("cli_replay", argc, argv); }
int cmd_export(int argc, char **argv) { return run("cli_export", argc, argv); }
int cmd_mjai(int argc, char **argv) { return run("cli_mjai", argc, argv); }
