/* The Lua prelude, embedded in the program and the module at build time. */
#include "lj.h"

#define EMBED(sym, file) \
    __asm__(".section .rodata\n.global " #sym "\n.hidden " #sym "\n.type " #sym ", @object\n" #sym ":\n" \
            ".incbin \"" file "\"\n.byte 0\n.previous\n"); \
    extern const char sym[]

EMBED(lj_prelude_text, "lua/prelude.lua");
EMBED(lj_sandbox_text, "lua/sandbox.lua");
EMBED(lj_loader_text, "lua/loader.lua");
EMBED(lj_game_text, "lua/game.lua");
EMBED(lj_schema_text, "lua/schema.lua");

const struct lj_source lj_prelude[] = {
    { "@lua/prelude.lua", lj_prelude_text },
    { "@lua/sandbox.lua", lj_sandbox_text },
    { "@lua/loader.lua", lj_loader_text },
    { "@lua/game.lua", lj_game_text },
    { "@lua/schema.lua", lj_schema_text },
    { NULL, NULL },
};
