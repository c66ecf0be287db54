/* The REPL's Lua code (repl/repl.lua), embedded in the program at build time. */
#include "repl.h"

__asm__(".section .rodata\n.global repl_lua_text\n.type repl_lua_text, @object\n"
        "repl_lua_text:\n.incbin \"repl/repl.lua\"\n.byte 0\n.previous\n");
