/* jong render: the table as SVG (repl/render.lua, embedded at build time; the REPL's
 * `show --svg` uses the same module). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lj.h"
#include "records.h"
#include "render.h"

__asm__(".section .rodata\n.global render_lua_text\n.hidden render_lua_text\n.type render_lua_text, @object\n"
        "render_lua_text:\n.incbin \"repl/render.lua\"\n.byte 0\n.previous\n");
extern const char render_lua_text[];

int render_preload(lua_State *L)
{
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    if (luaL_loadbufferx(L, render_lua_text, strlen(render_lua_text), "@repl/render.lua", "t") != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lua_tostring(L, -1));
        lua_pop(L, 3);
        return -1;
    }
    lua_setfield(L, -2, "render");
    lua_pop(L, 2);
    return 0;
}

int cmd_render(int argc, char **argv)
{
    lua_State *L = lj_open();
    if (!L)
        return 1;
    if (render_preload(L) != 0 || records_preload(L) != 0) {
        lj_close(L);
        return 1;
    }
    return run_module_command(L, "render", "cli", argc, argv);
}
