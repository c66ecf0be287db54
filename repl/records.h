/* Game records for the programs: makes `require "records"` and `require "replay"`
 * (repl/records.lua, repl/replay.lua, embedded) work in a state. Returns 0, or -1
 * (reported on stderr). */
#ifndef JONG_RECORDS_H
#define JONG_RECORDS_H

#include <lua.h>

int records_preload(lua_State *L);
/* The `process` module (repl/process.c): external programs on pipes, for jong mjai. */
int luaopen_process(lua_State *L);

#endif
