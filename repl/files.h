/* The programs' one writer of output files (repl/files.c): makes `require "files"` work
 * in a state. files.write(path, text) writes a file whole or not at all;
 * files.writable(path) says beforehand whether it could be written. */
#ifndef JONG_FILES_H
#define JONG_FILES_H

#include <lua.h>

void files_preload(lua_State *L);

#endif
