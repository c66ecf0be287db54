/* The interactive REPL: the C plumbing only. Reading lines (readline with history
 * and completion on a terminal, plain lines from a pipe), Ctrl-C, and terminal
 * detection. Everything the REPL does with a line is Lua: repl/repl.lua, embedded,
 * whose table M answers M.start(info), M.prompt(), M.feed(line) -> quit,
 * M.cancel(), M.complete(line, start, stop) -> candidates | "files" and
 * M.finish() -> exit status. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "commands.h"
#include "files.h"
#include "lj.h"
#include "render.h"
#include "repl.h"
#include "records.h"

static lua_State *repl_L;               /* the one state (readline callbacks need it) */
static int repl_ref = LUA_NOREF;        /* the REPL's table M, in the registry */
static volatile sig_atomic_t running;   /* a line is being evaluated */
static volatile sig_atomic_t interrupted;

/* Calls M[fn] with the nargs arguments on the stack through the one protected path. */
static int call_repl(lua_State *L, const char *fn, int nargs, int nresults)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, repl_ref);
    lua_getfield(L, -1, fn);
    lua_remove(L, -2);
    lua_insert(L, -nargs - 1);
    int status = lj_pcall(L, nargs, nresults, fn, NULL);
    if (status != LUA_OK) {
        fflush(stdout);
        fprintf(stderr, "jong: %s\n", lj_terminal_text_at(L, -1));
        lua_pop(L, 1);
    }
    return status;
}

/* repl.list_dir(path) -> the names in a directory (no dot files), or nil, reason. */
static int l_list_dir(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    DIR *d = opendir(path);
    if (!d)
        return lua_pushnil(L), lua_pushfstring(L, "cannot open %s", path), 2;
    lua_newtable(L);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.') {
            lua_pushstring(L, e->d_name);
            lua_rawseti(L, -2, ++n);
        }
    closedir(d);
    return 1;
}

/* Ctrl-C while Lua runs: stop it at the next instruction, as the stock lua does. */
static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
    if (running)   /* stops rule code too: pcall in a rule file cannot catch it */
        lj_interrupt(repl_L);
}

/* Ctrl-C at the prompt (readline has echoed ^C): drop the line and any unfinished
 * statement, and start a fresh prompt. */
static int on_signal_event(void)
{
    if (!interrupted)
        return 0;
    interrupted = 0;
    lua_State *L = repl_L;
    if (call_repl(L, "cancel", 0, 1) == LUA_OK) {
        rl_set_prompt(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
    return 0;
}

/* Completion: the candidates come from M.complete; readline gets them one by one. */
static char **candidates;
static int ncandidates, next_candidate;

static void drop_candidates(void)
{
    for (int i = next_candidate; i < ncandidates; i++)
        free(candidates[i]);
    free(candidates);
    candidates = NULL;
    ncandidates = next_candidate = 0;
}

static char *candidate(const char *text, int state)
{
    (void)text;
    (void)state;
    if (next_candidate < ncandidates)
        return candidates[next_candidate++];
    drop_candidates();
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    lua_State *L = repl_L;
    rl_attempted_completion_over = 1;
    drop_candidates();
    lua_pushstring(L, rl_line_buffer);
    lua_pushinteger(L, start);
    lua_pushinteger(L, end);
    if (call_repl(L, "complete", 3, 1) != LUA_OK) {
        rl_on_new_line();
        return NULL;
    }
    if (lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "files")) {
        lua_pop(L, 1);
        rl_attempted_completion_over = 0;   /* readline's own file name completion */
        return NULL;
    }
    int n = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
    candidates = n ? calloc((size_t)n, sizeof *candidates) : NULL;
    for (int i = 1; candidates && i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *s = lua_tostring(L, -1);
        if (s && (candidates[ncandidates] = strdup(s)) != NULL)
            ncandidates++;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (ncandidates == 1) {
        const char *c = candidates[0];
        size_t len = strlen(c);
        rl_completion_suppress_append = len > 0 && strchr("=.:(/", c[len - 1]) != NULL;
    }
    if (!ncandidates)
        return NULL;
    return rl_completion_matches(text, candidate);
}

/* A line from a pipe or file, without its newline; NULL at the end. */
static char *read_plain_line(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    return line;
}

static const char *history_path(char *buf, size_t size)
{
    const char *env = getenv("JONG_HISTORY");
    if (env && *env)
        return env;
    const char *home = getenv("HOME");
    if (!home || !*home)
        return NULL;
    snprintf(buf, size, "%s/.jong_history", home);
    return buf;
}

static bool has_colour(void)
{
    const char *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") && !getenv("NO_COLOR");
}

/* Loads repl/repl.lua and calls M.start; leaves nothing on the stack. */
static int start(lua_State *L, bool interactive, const char *rules)
{
    if (render_preload(L) != 0)   /* require "render": show --svg */
        return -1;
    if (luaL_loadbufferx(L, repl_lua_text, strlen(repl_lua_text), "@repl/repl.lua", "t") != LUA_OK) {
        fprintf(stderr, "jong: %s\n", lua_tostring(L, -1));
        return -1;
    }
    lua_pushcfunction(L, l_list_dir);
    if (lj_pcall(L, 1, 1, "loading the REPL", NULL) != LUA_OK || !lua_istable(L, -1)) {
        fprintf(stderr, "jong: %s\n", lua_isstring(L, -1) ? lj_terminal_text_at(L, -1) : "the REPL did not load");
        return -1;
    }
    repl_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, interactive);
    lua_setfield(L, -2, "interactive");
    lua_pushboolean(L, has_colour());
    lua_setfield(L, -2, "colour");
    if (rules) {
        lua_pushstring(L, rules);
        lua_setfield(L, -2, "rules");
    }
    if (call_repl(L, "start", 1, 1) != LUA_OK)
        return -1;
    bool started = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return started ? 0 : -2;   /* -2: the rules asked for did not load (said why) */
}

/* jong [--rules R]: the REPL, on R (a ruleset name or a rule file) or the default variant. */
int cmd_repl(int argc, char **argv)
{
    const char *rules = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc && !rules) {
            rules = argv[++i];
        } else {
            fprintf(stderr, "jong: %s\nusage: jong [--rules R]   (the REPL; `jong help` lists the commands)\n",
                    !strcmp(argv[i], "--rules") ? (rules ? "--rules given twice" : "--rules needs a ruleset name or file")
                                                : "unknown argument for the REPL");
            return 2;
        }
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    records_preload(L);   /* require "replay": loading Tenhou and mjai records */
    files_preload(L);     /* require "files": save, show --svg */
    repl_L = L;
    bool interactive = isatty(STDIN_FILENO);
    int started = start(L, interactive, rules);
    if (started < 0) {
        lj_close(L);
        return started == -2 ? 2 : 1;
    }

    char histbuf[4096];
    const char *hist = NULL;
    struct sigaction sa = { 0 }, old_sa;
    if (interactive) {
        rl_readline_name = "jong";
        rl_sort_completion_matches = 0;   /* M.complete orders them */
        rl_attempted_completion_function = complete;
        rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,";
        rl_signal_event_hook = on_signal_event;
        hist = history_path(histbuf, sizeof histbuf);
        using_history();
        stifle_history(1000);
        if (hist)
            read_history(hist);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &old_sa);
    }

    for (;;) {
        char *line;
        if (interactive) {
            if (call_repl(L, "prompt", 0, 1) != LUA_OK)
                break;
            char prompt[64];
            snprintf(prompt, sizeof prompt, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
            interrupted = 0;
            line = readline(prompt);
            if (!line) {
                putchar('\n');
                /* Ctrl-D in an unfinished statement ends only that statement */
                if (call_repl(L, "eof", 0, 1) == LUA_OK && !lua_toboolean(L, -1)) {
                    lua_settop(L, 0);
                    fflush(stdout);
                    continue;
                }
                lua_settop(L, 0);
            } else if (*line) {
                HIST_ENTRY *last = history_length ? history_get(history_base + history_length - 1) : NULL;
                if (!last || strcmp(last->line, line))
                    add_history(line);
            }
        } else {
            line = read_plain_line();
        }
        if (!line)
            break;
        lua_pushstring(L, line);
        free(line);
        interrupted = 0;
        lj_interrupt_clear();
        running = 1;
        int status = call_repl(L, "feed", 1, 1);
        running = 0;
        lua_sethook(L, NULL, 0, 0);
        bool quit = status == LUA_OK && lua_toboolean(L, -1);
        lua_settop(L, 0);
        fflush(stdout);
        if (quit)
            break;
    }

    int code = 1;
    if (call_repl(L, "finish", 0, 1) == LUA_OK)
        code = (int)lua_tointeger(L, -1);
    if (interactive) {
        if (hist)
            write_history(hist);
        sigaction(SIGINT, &old_sa, NULL);
    }
    drop_candidates();
    luaL_unref(L, LUA_REGISTRYINDEX, repl_ref);
    lj_close(L);
    return code;
}
