/* The C<->Lua boundary: the `jong` module, the one protected-call path, limits. */
#ifndef JONG_LJ_H
#define JONG_LJ_H

#include <lua.h>
#include <lauxlib.h>
#include <stdbool.h>
#include <stddef.h>

/* Opens the module (pushes its table). Also what `require "jong"` calls. */
int luaopen_jong(lua_State *L);

/* Limits applied to a protected call: an instruction budget (0: none) and a cap on
 * the bytes the call may allocate beyond what the state held when it began (0: none). */
struct lj_limits {
    long instructions;
    size_t memory;
};
extern const struct lj_limits lj_hook_limits;   /* for each hook call */
extern const struct lj_limits lj_load_limits;   /* for loading a rule file */

/* The one protected-call path for every call from C into Lua: calls the function
 * under the nargs arguments on top of the stack with a traceback handler and the
 * limits. `what` names the call in errors ("hook score"). Returns LUA_OK, or an error
 * code with the message (traceback included) on the stack. */
int lj_pcall(lua_State *L, int nargs, int nresults, const char *what, const struct lj_limits *lim);
/* lj_pcall with its message handler (lj_push_handler) placed by the caller at the stack
 * index handler, below the function; the handler stays there. */
int lj_pcall_handled(lua_State *L, int nargs, int nresults, const char *what, const struct lj_limits *lim,
                     int handler);
void lj_push_handler(lua_State *L);
/* Notes a rule file's source name (its chunk's): the message handler puts an error
 * raised in the engine's code at the line of the rule code that called it. */
void lj_note_rule_source(lua_State *L, const char *source);

/* Text that may come from rule code made safe to show on a terminal (lua/terminal_text.c):
 * pushes the text with control codes and bytes that are not UTF-8 escaped (\x1b), tab
 * and newline kept; colours: the REPL's tile colour codes kept too. */
const char *lj_push_terminal_text(lua_State *L, const char *text, size_t n, bool colours);
/* The value at idx replaced by its text made safe (a value that is not a string or a
 * number: its type), and that text. */
const char *lj_terminal_text_at(lua_State *L, int idx);
/* jong.terminal_text(s [, colours]) */
int lj_terminal_text(lua_State *L);

/* Whether a limited call (rule code) is under way in the state. */
bool lj_limited(lua_State *L);
/* Memory held outside the allocator (an engine game's C parts) counted as the state's:
 * bytes > 0 is refused (false, and a limited call under way is ended) when it would pass
 * the cap in force; bytes < 0 gives it back. */
bool lj_account(lua_State *L, long bytes);
/* The cap on a state's memory while rule code runs. */
extern const size_t lj_state_limit;
/* Ctrl-C: stops the Lua running in L at its next instruction; rule code under a
 * limited call cannot catch it. Safe in a signal handler. lj_interrupt_clear forgets
 * an interrupt that arrived when nothing ran. */
void lj_interrupt(lua_State *L);
void lj_interrupt_clear(void);
/* Replaces string.find, match, gmatch and gsub by versions that refuse, inside a
 * limited call, a pattern too costly for its subject (C matching never meets the
 * instruction budget). Outside limited calls they are the originals. */
void lj_guard_patterns(lua_State *L);

/* plain_copy(v, what, views, mark): the sandbox's plain copy of a value rule code
 * returned (lua/plain_copy.c). */
int lj_plain_copy(lua_State *L);
/* plain_fields(result, what, views, mark): the plain copies of the fields of score's
 * result that jong.score answers, without a copy of result (lua/plain_copy.c). */
int lj_plain_fields(lua_State *L);
/* win_answer(result, what, views, mark, payments, rules, null): jong.score's answer for a
 * win from those copies and settle's payments (lua/plain_copy.c). */
int lj_win_answer(lua_State *L);
/* plain_check(v, mark): whether v is plain data as it is (lua/plain_copy.c). */
int lj_plain_check(lua_State *L);
/* Replaces the value at the absolute index idx by its plain copy (views and mark at
 * their indices); with keep_plain, a value that is plain data already stays. */
void lj_plain_at(lua_State *L, int idx, const char *what, int views, int mark, bool keep_plain);
/* json_encode(v, shown): v as JSON text, keys in a stable order (lua/json.c). */
int lj_json_encode(lua_State *L);
/* The text the last json_encode(v, shown, true) made (valid until the next encoding). */
const char *lj_json_text(size_t *n);
/* json_encode_win(shown, keep, rules, value, items, limit, losers, payments): a win's
 * answer in jong score, without its table (lua/json.c). */
int lj_json_encode_win(lua_State *L);

/* Installs the counting allocator on a state (so memory caps work); the module
 * does this itself when it opens. */
void lj_install_allocator(lua_State *L);
/* Has the allocator keep freed small blocks for reuse (lj_open does it; lj_close
 * frees them with lj_free_cached, given the allocator's user data). */
void lj_cache_blocks(lua_State *L);
void lj_free_cached(void *ud);

/* A state with the standard libraries and the module as the global `jong`; NULL on
 * failure (reported on stderr). Close it with lj_close. */
lua_State *lj_open(void);
void lj_close(lua_State *L);
/* Calls jong.<fn> with the nargs arguments on the stack, through lj_pcall. */
int lj_call_module(lua_State *L, const char *fn, int nargs, int nresults);
/* Whether f is the module's counting allocator. */
bool lj_is_counting(lua_Alloc f);

/* The rules search path, colon-separated (JONG_RULES_PATH first, then next to the program or
 * module, ./rules, PREFIX/share/jong/rules). */
const char *lj_rules_path(void);

/* Games (lua/game.c): adds jong.game_new and the game type to the module table on
 * top of the stack; lj_game gives the C game behind a game userdata (or NULL). */
struct game;
void lj_open_game(lua_State *L);
struct game *lj_game(lua_State *L, int idx);
/* jong.game{rules = rules, seed = seed} for the programs: pushes the Lua game and
 * returns its C game, or pushes the reason and returns NULL. */
struct game *lj_game_start(lua_State *L, const char *rules, long long seed);
/* Frees the C game of the Lua game at idx now (later use of it raises an error): a
 * program playing many games need not wait for the collector. */
void lj_game_close(lua_State *L, int idx);
/* The count of the hooks that failed in the Lua game at idx (g.hook_error is set only
 * when it is not 0), read in place; NULL if idx holds no game. */
const unsigned *lj_game_hook_failures(lua_State *L, int idx);
/* private.note_hook_failure(core): game.lua counts a hook that failed. */
int lj_note_hook_failure(lua_State *L);

/* The default bot's profile of the Lua game at idx (its ruleset's family and options:
 * the value a win needs); a profile with no condition when idx is not a game.
 * Returns 0, or -1 with the error on the stack. */
struct bot_profile;
int lj_bot_profile(lua_State *L, int idx, struct bot_profile *p);
/* Points the profile's value test at the Lua game at idx again (a kept profile). */
void lj_bot_profile_game(lua_State *L, int idx, struct bot_profile *p);

/* The prelude files as bytecode (made at build time by lua/gen_prelude.c). */
struct lj_source { const char *name; const unsigned char *code; size_t size; };
extern const struct lj_source lj_prelude[];
/* The built-in rule files (rules/, rules/lib/) as bytecode, each with its text: the
 * loader uses the bytecode for a file byte-identical to the text, its source name put in
 * at code[source_at..source_end) (made at build time by lua/gen_prelude.c --rules). */
struct lj_rule_file {
    const unsigned char *text;
    size_t text_size;
    const unsigned char *code;
    size_t code_size, source_at, source_end;
};
extern const struct lj_rule_file lj_rule_files[];

#endif
