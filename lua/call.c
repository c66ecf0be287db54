/* The one protected-call path from C into Lua: a traceback, an instruction budget that
 * is a kill (once spent it stays spent, so `pcall` in rule code cannot go on), a memory
 * cap per call and for the state as a whole, and Ctrl-C. Nested limited calls share the
 * outermost call's budget. Also the rules search path. */
#define _GNU_SOURCE
#include "lj.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

const struct lj_limits lj_hook_limits = { 20000000, 64u << 20 };
const struct lj_limits lj_load_limits = { 50000000, 128u << 20 };
/* The most a state may hold while rule code runs: what a ruleset keeps between calls,
 * and a whole `jong score` batch, live within it. */
const size_t lj_state_limit = 256u << 20;

/* Instructions between two looks of the budget hook (the count hook's period). */
#define BUDGET_STEP 10000

/* A count hook makes Lua look at every instruction (twice the cost of rule code), so
 * limited calls run without it: a watchdog (a CPU-time timer, every WATCH_MS of the
 * process's CPU time) turns counting on for a call it finds still running at two looks
 * in a row. Calls shorter than that (every hook and scoring call of play) never pay
 * for counting; a longer one is counted from then on and killed at its budget. */
#define WATCH_MS 10
/* The CPU time a limited call may take per million instructions of its budget (a hook:
 * 3 s, twenty times what its whole budget takes): a library call's C work (a sort, a
 * scan, a copy of a long string) is one instruction, and a loop of them would run for
 * hours within the budget. The watchdog ends a call that runs longer. */
#define CPU_MS_PER_MILLION 150

/* The largest block kept for reuse, and the most kept in all. */
#define CACHE_MAX 1024
#define CACHE_BYTES (256u << 10)

/* Allocator user data: the allocator it wraps, the bytes in use, and the limited call
 * under way (shared by every thread of the state). */
struct counter {
    lua_Alloc inner;
    void *inner_ud;
    size_t total;
    size_t limit;      /* 0: no limit */
    int depth;         /* limited calls under way (nested ones share the budget) */
    lua_State *thread; /* the thread of the outermost limited call (the watchdog hooks it) */
    volatile unsigned long serial;   /* outermost limited calls made (the watchdog's marks) */
    volatile unsigned long seen;     /* the serial the watchdog saw at its last look */
    volatile sig_atomic_t counting;  /* the count hook is on for the call under way */
    volatile unsigned long looks;    /* the watchdog's looks at the call under way */
    volatile sig_atomic_t overtime;  /* it found the call past its CPU time */
    long budget;       /* instructions the outermost limited call may run */
    long used;         /* instructions run so far under it */
    bool killed;       /* the budget, memory or Ctrl-C ended the call: it stays ended */
    bool refused;      /* the last allocation asked for was refused (over the cap) once */
    size_t collect_at; /* past this (0: never), the call collects its garbage (collect) */
    size_t call_memory;   /* what the innermost limited call may allocate beyond what is live */
    volatile sig_atomic_t collect;   /* the budget hook collects at the next instruction */
    char why[200];     /* why it was killed */
    /* Freed blocks of each small size kept for the next allocation of that size (a
     * scoring or a hook makes and drops many small tables): a list linked through
     * the blocks' first bytes, and its length. Only for states of lj_open, which
     * frees them at lj_close. */
    bool caching;
    void *cached[CACHE_MAX + 1];
    size_t cached_bytes;   /* at most CACHE_BYTES */
};

static volatile sig_atomic_t interrupted;   /* Ctrl-C arrived (lj_interrupt) */

static void budget_hook(lua_State *L, lua_Debug *ar);

static size_t collect_point(const struct counter *c);

/* Collects the state's garbage in a limited call: the call's cap is then counted from
 * what is live (a call may allocate its memory beyond what the state holds, not beyond
 * what it held with its garbage), and its next collection point set. */
static void after_collection(lua_State *L, struct counter *c)
{
    lua_gc(L, LUA_GCCOLLECT);
    if (c->call_memory && c->total + c->call_memory < c->limit)
        c->limit = c->total + c->call_memory;
    c->collect_at = collect_point(c);
}

/* An allocation past the cap by at most this much is granted, and the call collects its
 * garbage at its next instruction (then ends if still over the cap). */
#define COLLECT_SLACK (16u << 20)

static const char *memory_cap_message(const struct counter *c, size_t more)
{
    return c->total + more > lj_state_limit ? "the rules state's memory cap exceeded (rule code keeps too much)"
                                            : "memory cap exceeded (a runaway table?)";
}

/* The size past which a limited call collects its garbage: halfway from what the state
 * holds to the cap, never within 4 MiB of it (then the cap's refusals are left to Lua's
 * own emergency collection: a call holding that much pays for no more collections). */
static size_t collect_point(const struct counter *c)
{
    if (!c->limit || c->total + (8u << 20) > c->limit)
        return 0;
    return c->total + (c->limit - c->total) / 2;
}

/* Ends the limited call under way: from now on every instruction raises. */
static void kill_call(struct counter *c, const char *why)
{
    if (!c->killed) {
        c->killed = true;
        snprintf(c->why, sizeof c->why, "%s", why);
        if (c->depth > 0 && c->thread) {   /* not counted yet (the watchdog): hook it now */
            c->counting = 1;
            lua_sethook(c->thread, budget_hook, LUA_MASKCOUNT, 1);
        }
    }
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct counter *c = ud;
    if (nsize == 0) {   /* a free */
        if (!ptr)
            return NULL;   /* nothing to free (Lua frees the empty parts of tables so) */
        c->total -= osize;
        if (c->caching && osize >= sizeof(void *) && osize <= CACHE_MAX
            && c->cached_bytes + osize <= CACHE_BYTES) {   /* keep the block */
            *(void **)ptr = c->cached[osize];
            c->cached[osize] = ptr;
            c->cached_bytes += osize;
            return NULL;
        }
        c->inner(c->inner_ud, ptr, osize, 0);
        return NULL;
    }
    size_t old = ptr ? osize : 0;
    if (nsize > old && c->limit && c->total + (nsize - old) > c->limit) {
        if (c->depth > 0 && c->thread && c->total + (nsize - old) <= c->limit + COLLECT_SLACK) {
            /* A little over the cap: granted, and the call collects its garbage at its
             * next instruction (the budget hook); if what it holds is still over the
             * cap then, the call ends. (Garbage must not count against it: a library
             * call's buffer, string.rep's, is refused without Lua's own collection.) */
            if (!c->collect) {
                c->collect = 1;
                lua_sethook(c->thread, budget_hook, LUA_MASKCOUNT, 1);
            }
        } else if (!c->refused) {
            /* Refused once, Lua collects its garbage (an emergency collection, which
             * allocates nothing) and asks again: a second refusal in a row ends the call. */
            c->refused = true;
            return NULL;
        } else {
            if (c->depth > 0)
                kill_call(c, memory_cap_message(c, nsize - old));
            return NULL;
        }
    }
    c->refused = false;
    if (c->collect_at && c->total + (nsize - old) > c->collect_at && !c->collect && c->depth > 0 && c->thread) {
        c->collect = 1;   /* (the collector cannot run inside an allocation: at the next instruction) */
        lua_sethook(c->thread, budget_hook, LUA_MASKCOUNT, 1);
    }
    if (!ptr && c->caching && nsize <= CACHE_MAX && c->cached[nsize]) {   /* reuse one */
        void *p = c->cached[nsize];
        c->cached[nsize] = *(void **)p;
        c->cached_bytes -= nsize;
        c->total += nsize;
        return p;
    }
    void *p = c->inner(c->inner_ud, ptr, osize, nsize);
    if (p)
        c->total = c->total - old + nsize;
    return p;
}

void lj_cache_blocks(lua_State *L)
{
    void *ud;
    if (lua_getallocf(L, &ud) == counting_alloc)
        ((struct counter *)ud)->caching = true;
}

void lj_free_cached(void *ud)
{
    struct counter *c = ud;
    for (size_t n = 0; n <= CACHE_MAX; n++)
        while (c->cached[n]) {
            void *p = c->cached[n];
            c->cached[n] = *(void **)p;
            c->inner(c->inner_ud, p, n, 0);
        }
    c->caching = false;
    c->cached_bytes = 0;
}

bool lj_is_counting(lua_Alloc f) { return f == counting_alloc; }

static struct counter *counter_of(lua_State *L)
{
    void *ud;
    return lua_getallocf(L, &ud) == counting_alloc ? ud : NULL;
}

bool lj_limited(lua_State *L)
{
    struct counter *c = counter_of(L);
    return c && c->depth > 0;
}

bool lj_account(lua_State *L, long bytes)
{
    struct counter *c = counter_of(L);
    if (!c)
        return true;
    if (bytes > 0 && c->limit && c->total + (size_t)bytes > c->limit && c->depth > 0)
        after_collection(L, c);   /* the games dropped free their parts first */
    if (bytes > 0 && c->limit && c->total + (size_t)bytes > c->limit) {
        if (c->depth > 0)
            kill_call(c, "memory cap exceeded (too many games?)");
        return false;
    }
    c->total += (size_t)bytes;   /* (a negative amount wraps to a subtraction) */
    return true;
}

void lj_install_allocator(lua_State *L)
{
    if (counter_of(L))
        return;
    /* Loaded as a module (jong.so) into a stock lua5.4: the state goes on calling this
     * allocator after its package library has unloaded the module at close, so the
     * module must never be unloaded. (In the program itself this finds nothing to pin.) */
    Dl_info info;
    if (dladdr((void *)counting_alloc, &info) && info.dli_fname)
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    struct counter *c = calloc(1, sizeof *c);   /* lives as long as the state */
    if (!c)
        return;
    c->inner = lua_getallocf(L, &c->inner_ud);
    c->total = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024u + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
    lua_setallocf(L, counting_alloc, c);
}

/* The count hook of limited calls, on every thread that runs rule code (a coroutine
 * inherits it when created). Once the call is killed it fires at every instruction
 * and raises again, so no handler in rule code can carry on. */
static void budget_hook(lua_State *L, lua_Debug *ar)
{
    struct counter *c = counter_of(L);
    if (!c || c->depth == 0) {
        if (interrupted) {   /* Ctrl-C outside rule code (the REPL's own Lua) */
            interrupted = 0;
            lua_sethook(L, NULL, 0, 0);
            luaL_error(L, "interrupted");
        }
        return;   /* a coroutine of rule code resumed outside a limited call */
    }
    if (c->collect) {   /* near the cap: what is garbage must not count against the call */
        c->collect = 0;
        after_collection(L, c);
        if (c->total > c->limit) {   /* (here the line is known: named as the budget's) */
            char why[200];
            lua_getinfo(L, "Sl", ar);
            snprintf(why, sizeof why, "%s:%d: %s", ar->short_src, ar->currentline, memory_cap_message(c, 0));
            kill_call(c, why);
        }
    }
    if (!c->killed) {
        int step = lua_gethookcount(L);
        c->used += step;
        if (interrupted)
            kill_call(c, "interrupted");
        else if (c->overtime) {
            char why[200];
            lua_getinfo(L, "Sl", ar);
            snprintf(why, sizeof why, "%s:%d: CPU time of %ld ms exceeded (a costly library call in a loop?)",
                     ar->short_src, ar->currentline, c->budget / 1000000 * CPU_MS_PER_MILLION);
            kill_call(c, why);
        } else if (c->used >= c->budget) {
            char why[200];
            lua_getinfo(L, "Sl", ar);
            snprintf(why, sizeof why, "%s:%d: instruction budget of %ld exceeded (endless loop?)",
                     ar->short_src, ar->currentline, c->budget);
            kill_call(c, why);
        } else {
            if (step != BUDGET_STEP)
                lua_sethook(L, budget_hook, LUA_MASKCOUNT, BUDGET_STEP);
            return;
        }
    }
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
    lua_pushstring(L, c->why);
    lua_error(L);
}

/* The counter whose outermost limited call runs now (nested states keep a chain
 * through their own saved values), and whether the watchdog could be set up. */
static struct counter *volatile watched;
static int watchdog_state;   /* 0: not tried, 1: running, -1: unavailable (count always) */

static void watchdog(int sig)
{
    (void)sig;
    struct counter *c = watched;
    if (!c || c->depth == 0)
        return;
    if (c->seen != c->serial) {
        c->seen = c->serial;
        c->looks = 0;
    } else if (!c->counting) {   /* the same call as at the last look: count it */
        c->counting = 1;
        lua_sethook(c->thread, budget_hook, LUA_MASKCOUNT, BUDGET_STEP);   /* signal-safe */
    } else if (++c->looks * WATCH_MS > (unsigned long)(c->budget / 1000000 * CPU_MS_PER_MILLION) && !c->overtime) {
        c->overtime = 1;   /* past its CPU time: the hook ends it at its next instruction */
        lua_sethook(c->thread, budget_hook, LUA_MASKCOUNT, 1);
    }
}

static bool watchdog_ready(void)
{
    if (watchdog_state == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = watchdog;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        struct itimerval it = { { 0, WATCH_MS * 1000 }, { 0, WATCH_MS * 1000 } };
        watchdog_state = sigaction(SIGVTALRM, &sa, NULL) == 0 && setitimer(ITIMER_VIRTUAL, &it, NULL) == 0 ? 1 : -1;
    }
    return watchdog_state > 0;
}

void lj_interrupt(lua_State *L)
{
    interrupted = 1;
    lua_sethook(L, budget_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

void lj_interrupt_clear(void) { interrupted = 0; }

/* The registry's set of the source names of rule files (the loader's load_rule notes
 * each): the message handler tells rule code from the engine's by it. */
static const char RULE_SOURCES[] = "jong rule sources";

void lj_note_rule_source(lua_State *L, const char *source)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, RULE_SOURCES) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, RULE_SOURCES);
    }
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, source);
    lua_pop(L, 1);
}

/* What the function at a stack level is: 0 a C function or the engine's, 1 rule code of
 * the shared toolkit (rules/lib/), 2 other rule code. */
static int code_kind(lua_State *L, lua_Debug *ar)
{
    if (ar->currentline <= 0 || ar->source[0] != '@')
        return 0;
    bool rule = lua_getfield(L, LUA_REGISTRYINDEX, RULE_SOURCES) == LUA_TTABLE
                && lua_getfield(L, -1, ar->source) == LUA_TBOOLEAN;
    lua_settop(L, 2);
    if (!rule)
        return 0;
    return strncmp(ar->source, "@rules/lib/", 11) == 0 ? 1 : 2;
}

/* Whether the error was raised by the function `error` (at level 1). */
static bool raised_by_error(lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "f", &ar))
        return false;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_getfield(L, -1, "error");
    bool is = lua_rawequal(L, -1, -3);
    lua_settop(L, 2);
    return is;
}

/* An error raised inside the engine's code, the toolkit's or a C function (a module
 * function, a game method, a lib function or a library function given bad arguments
 * by rule code, "C stack overflow" in string.gsub, a bad comparison in table.sort) is
 * put at the line of the rule code that made the call: "FILE:LINE: in 'NAME': " before
 * the message; so is an error value that is not a string (typed: its type is all the
 * message says). Leaves the message at 1 (and the stack at 2 entries). */
static void blame_rule_caller(lua_State *L, bool typed)
{
    lua_Debug ar;
    int inner = 0, level;   /* inner: the innermost Lua function's kind + 1 */
    bool c_first = false;   /* a C function raised it (at level 1) */
    char callee[64] = "";
    for (level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sln", &ar);
        int kind = code_kind(L, &ar);
        if (level == 1)
            c_first = ar.what[0] == 'C';
        if (!inner && ar.currentline > 0)
            inner = kind + 1;
        if (kind == 2)
            break;
        snprintf(callee, sizeof callee, "%s", ar.name ? ar.name : "");
    }
    if (!lua_getstack(L, level, &ar))
        return;   /* no rule code on the stack */
    if (!typed) {
        bool by_error = c_first && raised_by_error(L);
        if (inner == 3 && (!c_first || by_error))
            return;   /* rule code's own error (it names its line) */
        if (inner == 2 && by_error)
            return;   /* the toolkit's own message (error(msg, 0) names the mistake) */
    }
    lua_getinfo(L, "Sl", &ar);
    const char *msg = lua_tostring(L, 1);
    char where[LUA_IDSIZE + 24];
    snprintf(where, sizeof where, "%s:%d:", ar.short_src, ar.currentline);
    if (strstr(msg, where))
        return;   /* it names that line already (luaL_argerror, a nested call's handler) */
    if (callee[0] && !typed)
        lua_pushfstring(L, "%s in '%s': %s", where, callee, msg);
    else
        lua_pushfstring(L, "%s %s", where, msg);
    lua_replace(L, 1);
}

/* The message handler: a traceback. It runs no code of the error value (a __tostring
 * of rule code would run outside any budget); a value that is not a string or number,
 * a plain table too, is named by its type. */
static int traceback(lua_State *L)
{
    bool typed = lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER;
    if (typed) {
        lua_pushfstring(L, "(an error value of type %s)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    lua_settop(L, 1);
    lua_pushnil(L);   /* (code_kind's room) */
    blame_rule_caller(L, typed);
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
}

void lj_push_handler(lua_State *L) { lua_pushcfunction(L, traceback); }

int lj_pcall(lua_State *L, int nargs, int nresults, const char *what, const struct lj_limits *lim)
{
    int base = lua_gettop(L) - nargs;   /* index of the function */
    lua_pushcfunction(L, traceback);
    lua_insert(L, base);
    int status = lj_pcall_handled(L, nargs, nresults, what, lim, base);
    lua_remove(L, base);
    return status;
}

int lj_pcall_handled(lua_State *L, int nargs, int nresults, const char *what, const struct lj_limits *lim,
                     int handler)
{
    struct counter *c = counter_of(L);
    bool limited = c && lim && lim->instructions > 0;
    size_t saved_limit = c ? c->limit : 0, saved_collect_at = c ? c->collect_at : 0;
    size_t saved_call_memory = c ? c->call_memory : 0;
    lua_Hook saved_hook = lua_gethook(L);
    int saved_mask = lua_gethookmask(L), saved_count = lua_gethookcount(L);
    bool outermost = limited && c->depth == 0, hooked = false;
    struct counter *saved_watched = watched;
    if (limited) {
        if (c->depth++ == 0) {   /* the outermost limited call: a fresh budget */
            c->collect = 0;
            c->budget = lim->instructions;
            c->used = 0;
            c->killed = false;
            c->refused = false;
            c->counting = 0;
            c->overtime = 0;
            c->thread = L;
            c->serial++;
        }
        if (saved_hook == budget_hook)
            hooked = false;   /* counted already (or Ctrl-C's hook) */
        else if (outermost && watchdog_ready())
            watched = c;      /* counted only if the watchdog finds it running long */
        else if (outermost || L != c->thread || c->counting || c->killed)
            hooked = true;    /* no watchdog, or another thread: count every call */
        if (hooked)
            lua_sethook(L, budget_hook, LUA_MASKCOUNT, c->killed ? 1 : BUDGET_STEP);
        size_t cap = c->total + lim->memory;
        if (cap > lj_state_limit)
            cap = lj_state_limit > c->total ? lj_state_limit : c->total;
        if (!c->limit || cap < c->limit)
            c->limit = cap;
        c->call_memory = lim->memory;
        c->collect_at = collect_point(c);
    }

    int status = lua_pcall(L, nargs, nresults, handler);

    bool killed = limited && c->killed;
    if (outermost)
        watched = saved_watched;   /* first: the watchdog leaves the call alone */
    bool refused = limited && c->refused;   /* ended by a refusal Lua did not retry */
    if (limited) {
        c->limit = saved_limit;
        c->collect_at = saved_collect_at;
        c->call_memory = saved_call_memory;
        if (--c->depth == 0)
            c->killed = false;
    }
    if (interrupted && limited && c->depth == 0)   /* Ctrl-C: stop the caller's Lua too */
        lua_sethook(L, budget_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
    else if (limited ? hooked || (outermost && saved_hook != budget_hook) : !(c && c->depth > 0 && c->counting))
        lua_sethook(L, saved_hook, saved_mask, saved_count);
    if (killed && c->depth == 0 && status != LUA_OK) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: %s", what, c->why);
    } else if (status == LUA_ERRMEM || (refused && outermost && status != LUA_OK)) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory cap of %d MiB exceeded (a runaway table?)",
                        what, lim ? (int)(lim->memory >> 20) : 0);
    } else if (status != LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        lua_pushfstring(L, "%s: %s", what, lua_tostring(L, -1));
        lua_remove(L, -2);
    }
    return status;
}

static bool is_dir(const char *p) { return access(p, R_OK | X_OK) == 0; }

/* Whether dir is one of the folders in path[0..n) (each followed by ':'). */
static bool listed(const char *path, size_t n, const char *dir)
{
    size_t len = strlen(dir);
    for (size_t i = 0; i + len < n; i++)
        if ((i == 0 || path[i - 1] == ':') && !strncmp(path + i, dir, len) && path[i + len] == ':')
            return true;
    return false;
}

/* The default rules folders: next to the module or program, ./rules, PREFIX. */
static size_t default_path(char *path, size_t size)
{
    char here[PATH_MAX] = "", cand[PATH_MAX + 16];
    Dl_info info;
    /* Next to the module or program: <dir>/../rules (the source tree's build/). */
    if (dladdr((void *)lj_rules_path, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
        snprintf(here, sizeof here, "%s", info.dli_fname);
    else {
        ssize_t n = readlink("/proc/self/exe", here, sizeof here - 1);
        here[n > 0 ? n : 0] = '\0';
    }
    size_t at = 0;
    if (here[0] && realpath(here, cand)) {
        char *dir = dirname(cand);
        /* The source tree (build/../rules), or an installed tree wherever it was
         * moved (bin/../share/jong/rules, lib/lua/5.4/../../../share/jong/rules). */
        static const char *const rel[] = { "/../rules", "/../share/jong/rules", "/../../../share/jong/rules" };
        for (int i = 0; i < 3; i++) {
            char rules[PATH_MAX + 32], clean[PATH_MAX];
            snprintf(rules, sizeof rules, "%s%s", dir, rel[i]);
            /* named without "..": build/../rules is shown as the folder it is */
            if (is_dir(rules) && at < size)
                at += (size_t)snprintf(path + at, size - at, "%s:", realpath(rules, clean) ? clean : rules);
        }
    }
    char clean[PATH_MAX];   /* ./rules, unless it is the folder already listed */
    if (is_dir("rules") && at < size && !(realpath("rules", clean) && listed(path, at, clean)))
        at += (size_t)snprintf(path + at, size - at, "rules:");
    if (at < size)
        at += (size_t)snprintf(path + at, size - at, "%s/share/jong/rules", JONG_PREFIX);
    return at;
}

const char *lj_rules_path(void)
{
    static char path[8 * PATH_MAX + 8];
    if (path[0])
        return path;
    /* JONG_RULES_PATH is searched first, then the default folders. */
    const char *env = getenv("JONG_RULES_PATH");
    size_t at = 0;
    if (env && *env)
        at = (size_t)snprintf(path, sizeof path / 2, "%s:", env);
    if (at >= sizeof path / 2)
        at = sizeof path / 2 - 1;
    default_path(path + at, sizeof path - at);
    return path;
}
