/* The REPL: C glue (repl/repl.c) around the commands written in Lua (repl/repl.lua). */
#ifndef JONG_REPL_H
#define JONG_REPL_H

/* The text of repl/repl.lua, embedded by repl/repl_embed.c. */
extern const char repl_lua_text[];

#endif
