/* The table as SVG: makes `require "render"` (repl/render.lua, embedded) work in a
 * state. Returns 0, or -1 (reported on stderr). */
#ifndef JONG_RENDER_H
#define JONG_RENDER_H

#include <lua.h>

int render_preload(lua_State *L);

#endif
