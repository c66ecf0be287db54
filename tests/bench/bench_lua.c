/* Benchmarks through the Lua boundary: a hook call, self-play under rulesets
 * (hooks in Lua), and scoring from facts (tests/bench/bench.lua). */
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "bot.h"
#include "game.h"
#include "lj.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* wanted(name) in tests/bench/bench.lua: is that figure asked for? */
static int l_wanted(lua_State *L)
{
    lua_pushboolean(L, bench_wanted(luaL_checkstring(L, 1)));
    return 1;
}

/* hook_call: one call into a Lua function through the protected path with limits. */
static void bench_hook_call(lua_State *L)
{
    if (!bench_wanted("hook_call") || luaL_dostring(L, "bench_hook = function(a, b) return a end") != LUA_OK)
        return;
    const int n = 1000000;
    double t0 = now();
    for (int i = 0; i < n; i++) {
        lua_getglobal(L, "bench_hook");
        lua_pushinteger(L, i);
        lua_pushboolean(L, 1);
        if (lj_pcall(L, 2, 1, "bench", &lj_hook_limits) != LUA_OK)
            break;
        lua_pop(L, 1);
    }
    printf("hook_call %.0f ns/call\n", (now() - t0) * 1e9 / n);
}

/* Self-play matches under a ruleset for about `seconds` with bots of `kind` (checking
 * every invariant after every action when `check` is set, as jong sim does by
 * default); prints deals/s (and matches/s when per_match is set). */
static void bench_sim(lua_State *L, const char *rules, const char *name, double seconds, const char *per_match,
                      int kind, bool check)
{
    if (!bench_wanted(name))
        return;
    struct rng r;
    rng_seed(&r, 42);
    long deals = 0, matches = 0;
    double t0 = now(), t = t0;
    for (int m = 0; t - t0 < seconds; m++) {
        struct game *g = lj_game_start(L, rules, m + 1);
        if (!g) {
            printf("# %s: %s\n", name, lua_tostring(L, -1));
            lua_settop(L, 0);
            return;
        }
        struct bot_profile prof;
        if (lj_bot_profile(L, -1, &prof) != 0) {
            printf("# %s: %s\n", name, lua_tostring(L, -1));
            lua_settop(L, 0);
            return;
        }
        int s;
        char msg[256];
        while ((s = bot_step(g, kind, &prof, &r)) > 0)
            if (check && game_check(g, msg, sizeof msg) != 0) {
                printf("# %s: %s\n", name, msg);
                lua_settop(L, 0);
                return;
            }
        if (s < 0) {
            printf("# %s: %s\n", name, game_error(g));
            lua_settop(L, 0);
            return;
        }
        for (int i = 0; i < game_nevents(g); i++)
            deals += game_event(g, i)->type == EV_DEAL_START;
        matches++;
        lj_game_close(L, -1);
        lua_settop(L, 0);
        t = now();
    }
    if (per_match) {   /* the figure is matches (hanchan) per second, deals beside it */
        printf("%s %.1f %s\n", name, matches / (t - t0), per_match);
        printf("%s_deals %.0f deals/s\n", name, deals / (t - t0));
    } else {
        printf("%s %.0f deals/s\n", name, deals / (t - t0));
    }
}

/* score_batch_japanese: `jong score FILE` as a user runs it, on a batch of 5,000
 * Japanese situations (five shapes in turn): the program's CPU time per situation,
 * start, JSON in and out included. */
static double cpu_seconds(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
           (double)ru->ru_stime.tv_usec * 1e-6;
}

static void bench_score_batch(void)
{
    if (!bench_wanted("score_batch_japanese"))
        return;
    static const char *const shapes[] = {
        "{\"rules\":\"japanese\",\"seat\":\"S\",\"round\":\"E\",\"hand\":\"345678m34599p678s\",\"win_tile\":\"5m\","
        "\"win_by\":\"discard\",\"from\":\"W\",\"flags\":[\"riichi\"],\"dora\":\"9s\"}",
        "{\"rules\":\"japanese\",\"seat\":\"E\",\"round\":\"E\",\"hand\":\"234567m234p34588s\",\"win_tile\":\"5s\","
        "\"win_by\":\"self\",\"flags\":[\"riichi\"],\"honba\":1}",
        "{\"rules\":\"japanese\",\"seat\":\"W\",\"round\":\"S\",\"hand\":\"11223344556677z\",\"win_tile\":\"7z\","
        "\"win_by\":\"self\"}",
        "{\"rules\":\"japanese\",\"seat\":\"N\",\"round\":\"E\",\"hand\":\"22334455m666p [678s]\",\"win_tile\":\"2m\","
        "\"win_by\":\"discard\",\"from\":\"E\"}",
        "{\"rules\":\"japanese\",\"seat\":\"S\",\"round\":\"E\",\"hand\":\"11123455678999m\",\"win_tile\":\"5m\","
        "\"win_by\":\"discard\",\"from\":\"N\"}",
    };
    const int n = 5000;
    char path[] = "/tmp/jong-bench-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        printf("# score_batch_japanese: cannot write a batch file\n");
        return;
    }
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%s", i ? ",\n" : "", shapes[i % 5]);
    fputs("]\n", f);
    fclose(f);
    /* the program next to this one (build/jong) */
    char self[PATH_MAX], jong[PATH_MAX + 8];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = '\0';
    snprintf(jong, sizeof jong, "%s/jong", dirname(self));
    double best = -1;
    for (int run = 0; run < 3; run++) {   /* the least of three: the machine is shared */
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            if (null >= 0) {
                dup2(null, 1);
                dup2(null, 2);
            }
            execl(jong, "jong", "score", path, (char *)NULL);
            _exit(127);
        }
        int status;
        struct rusage before, after;
        getrusage(RUSAGE_CHILDREN, &before);
        if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            printf("# score_batch_japanese: %s score failed\n", jong);
            break;
        }
        getrusage(RUSAGE_CHILDREN, &after);
        double t = cpu_seconds(&after) - cpu_seconds(&before);
        if (best < 0 || t < best)
            best = t;
    }
    unlink(path);
    if (best >= 0)
        printf("score_batch_japanese %.2f us/hand\n", best * 1e6 / n);
}

void bench_lua(void)
{
    lua_State *L = lj_open();
    if (!L)
        return;
    bench_hook_call(L);
    bench_sim(L, "base", "sim_base", 2.0, NULL, BOT_RANDOM, false);
    static const char *const variants[] = { "japanese", "classical", "hongkong", "ims", "mcr", "sanma" };
    for (int i = 0; i < 6; i++) {
        char name[64];
        snprintf(name, sizeof name, "sim_%s", variants[i]);
        lua_getglobal(L, "jong");
        lua_getfield(L, -1, "load_rules");
        lua_pushstring(L, variants[i]);
        int loads = lua_pcall(L, 1, 1, 0) == LUA_OK && !lua_isnil(L, -1);
        lua_settop(L, 0);
        if (!loads)
            continue;
        bench_sim(L, variants[i], name, 1.0, i == 0 ? "hanchan/s" : NULL, BOT_RANDOM, false);
        /* the realistic figure: default bots, every invariant checked after every action */
        snprintf(name, sizeof name, "sim_%s_default", variants[i]);
        bench_sim(L, variants[i], name, 1.0, i == 0 ? "hanchan/s" : NULL, BOT_DEFAULT, true);
    }
    lj_close(L);
    bench_score_batch();
    if (!bench_wanted_prefix("score_") && !bench_wanted_prefix("facts_") && !bench_wanted_prefix("jong_score_"))
        return;
    /* Scoring in a Lua state of its own: its figures do not carry the heap the
     * simulations above left behind. */
    L = lj_open();
    if (!L)
        return;
    lua_pushcfunction(L, l_wanted);
    lua_setglobal(L, "wanted");
    if (luaL_loadfile(L, "tests/bench/bench.lua") != LUA_OK ||
        lj_pcall(L, 0, 0, "tests/bench/bench.lua", NULL) != LUA_OK)
        printf("# bench.lua: %s\n", lua_tostring(L, -1));
    lj_close(L);
}
