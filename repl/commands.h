/* The subcommands of build/jong; each takes argv with argv[0] the command name. */
#ifndef JONG_COMMANDS_H
#define JONG_COMMANDS_H

int cmd_repl(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_mjai(int argc, char **argv);
int cmd_render(int argc, char **argv);

struct lua_State;
/* Runs require(module)[fn]({argv[1], ...}) in L, whose modules the caller has preloaded,
 * then closes L: fn's exit status, or 1 with the error on stderr (repl/script.c). */
int run_module_command(struct lua_State *L, const char *module, const char *fn, int argc, char **argv);

#endif
