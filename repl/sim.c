/* jong sim: self-play with the built-in players, checking the invariants, with
 * statistics (repl/stats.lua) and shards of a seeded run. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "commands.h"
#include "game.h"
#include "lj.h"
#include "notation.h"
#include "stats.h"

enum check_when { CHECK_EVERY, CHECK_END, CHECK_NONE };

struct sim_totals {
    long matches, deals, actions, self_draws, discard_wins, robs, draws, aborts;
    bool won;   /* the deal under way has had a win (play after a win: later wins and the
                 * wall's end are the same deal) */
};

static void usage(FILE *out)
{
    fputs("usage: jong sim [--rules R] [--games N] [--seed S] [--bots default|greedy|random]\n"
          "                [--shard K/N] [--stats FILE] [--check every|end|none] [--deals D] [--log FILE]\n"
          "Plays N matches of self-play (default 10) with built-in players under ruleset R\n"
          "(default base) from seed S (default 1): match i (0 to N-1) deals from seed S+i and\n"
          "its players draw their random numbers from it too, so every match is the same\n"
          "whatever else runs.\n"
          "  --bots      default: plays for value and defends (the default); greedy: lowest\n"
          "              shanten only; random: any legal action (both for tests)\n"
          "  --shard K/N plays only the matches i with i mod N = K-1: the shards 1/N..N/N of\n"
          "              a run are disjoint and together are the run (merge their stats files\n"
          "              with jong stats --merge)\n"
          "  --stats F   writes the statistics as JSON to F (- for standard output); read\n"
          "              and compare them with jong stats\n"
          "  --check     when to check the invariants (every tile accounted for, hand sizes,\n"
          "              points sum to the start): after every action (default), at the end\n"
          "              of every deal, or never\n"
          "  --deals D   stops once D deals have started\n"
          "  --log F     writes each match as a jong log (a header line, then its actions;\n"
          "              `jong replay --check F` replays it, the REPL's `load` opens it)\n"
          "Prints deals, wins by kind, draws, matches and deals per CPU second; exits 1 on a\n"
          "broken invariant or a failing hook of the rules, naming the event, and 3 when a\n"
          "match has not ended after 2000000 actions (random players under rules where\n"
          "only wins move a match on).\n", out);
}

/* Counts the events from index `from` on: every win, and as a draw only a deal that
 * ended with no win at all. */
static void tally(const struct game *g, int from, struct sim_totals *t)
{
    for (int i = from, n = game_nevents(g); i < n; i++) {
        const struct event *e = game_event(g, i);
        if (e->type == EV_DEAL_START) {
            t->deals++;
            t->won = false;
        } else if (e->type == EV_WIN) {
            e->src == WIN_SELF_DRAW ? t->self_draws++ : e->src == WIN_ROB ? t->robs++ : t->discard_wins++;
            t->won = true;
        } else if (e->type == EV_DRAW_END && !t->won) {
            e->v[0] == DRAW_ABORTIVE ? t->aborts++ : t->draws++;
        }
    }
}

/* The match in jong's log format (docs/records.md, the same as the REPL's `save`): its
 * header line (with `rules`), then the actions from index `from`. */
static void write_log(FILE *log, const struct game *g, int from, const char *rules, long long seed)
{
    char buf[512];
    if (rules) {
        /* a rules file given by a relative path is written absolute (replay.rules_to_save):
         * the log loads from any folder */
        char abs[PATH_MAX];
        size_t n = strlen(rules);
        if ((strchr(rules, '/') || (n > 4 && !strcmp(rules + n - 4, ".lua"))) && realpath(rules, abs))
            rules = abs;
        fputs("{\"type\":\"game\",\"rules\":\"", log);
        for (const char *c = rules; *c; c++) {
            if (*c == '"' || *c == '\\')
                fputc('\\', log);
            if ((unsigned char)*c >= 0x20)
                fputc(*c, log);
        }
        fprintf(log, "\",\"seed\":%lld,\"options\":{}}\n", seed);
    }
    for (int i = from; i < game_nactions(g); i++) {
        action_json(game_rules(g), game_action(g, i), buf, sizeof buf);
        fprintf(log, "%s\n", buf);
    }
}

/* What the statistics need of one match (NULL collector: none kept). */
struct match_stats {
    struct stats *st;
    lua_State *L;
    int game_idx;            /* the Lua game on the stack */
    int error_key;           /* the string "hook_error" on the stack */
    const unsigned *hook_failures;   /* the game's count of hooks that failed (g.hook_error
                                      * is read once it is not 0) */
    char key[4];             /* start seat letter of each player */
    bool settled;            /* the deal under way has been settled once (play after a win) */
};

static const char seat_letters[] = "ESWN";

/* Reports the settlements among events from..nlog-1 to the statistics: the first of a
 * deal is the deal (its outcome), a later one (a win after a win, the wall's end after
 * a win) adds its wins to the same deal. */
static int stats_events(struct match_stats *ms, const struct game *g, int from)
{
    static const char *const how_name[] = { "self", "discard", "rob" };
    for (int i = from; i < game_nevents(g); i++) {
        const struct event *e = game_event(g, i);
        if (e->type == EV_DEAL_START)
            ms->settled = false;
        if (e->type != EV_SETTLE)
            continue;
        const struct game_state *s = game_state(g);
        struct stats_win w[3];
        const struct event *before = game_event(g, i - 1);   /* the win or the draw settled */
        int n = before->type == EV_WIN ? s->nwins : 0;
        for (int k = 0; k < n; k++) {
            const struct win *x = &s->wins[k];
            w[k].seat = x->seat;
            w[k].key = ms->key[s->seat_player[x->seat]];
            w[k].from_key = x->from == SEAT_NONE ? 0 : ms->key[s->seat_player[x->from]];
            w[k].open = false;
            for (int m = 0; m < x->hand.nmelds; m++)
                if (x->hand.melds[m].kong != KONG_CONCEALED)
                    w[k].open = true;
            w[k].delta = e->v[x->seat];
        }
        const char *outcome = n ? how_name[s->wins[0].how]
                                : before->v[0] == DRAW_ABORTIVE ? "abortive" : "exhaustive";
        bool same_deal = ms->settled;
        ms->settled = true;
        if (stats_deal(ms->st, ms->game_idx, outcome, same_deal, w, n) != 0)
            return -1;
    }
    return 0;
}

static int check(const struct game *g, int match)
{
    char msg[256];
    if (game_check(g, msg, sizeof msg) == 0)
        return 0;
    char ev[512] = "";
    if (game_nevents(g))
        event_json(game_rules(g), game_event(g, game_nevents(g) - 1), game_nevents(g) - 1, ev, sizeof ev);
    fprintf(stderr, "sim: match %d: invariant broken after event %s: %s\n", match, ev, msg);
    return -1;
}

/* A hook of the ruleset that failed is a fault of the rules, even where the engine goes
 * on without what it could not judge (a win left out of the legal actions): the run stops
 * with the hook's message. Asked before each step: the seat to move's legal actions (a
 * hook that failed while they were listed) and the message the game keeps of the latest
 * hook that failed (g.hook_error: score, may_win, may_claim ...), once one has failed. */
/* Where a run stopped, to play it again: the match, its seed, the deal (as g:brief().deal
 * counts, 0 first) and the event. */
static void stopped(lua_State *L, const struct game *g, int match, long long seed, const char *msg)
{
    msg = lj_push_terminal_text(L, msg, strlen(msg), false);
    /* (its first line, without a traceback: the engine's copy of a message cuts it short) */
    const char *tb = strchr(msg, '\n');
    int len = tb ? (int)(tb - msg) : (int)strlen(msg);
    fprintf(stderr, "sim: match %d (seed %lld), deal %d, event %d: %.*s\n", match, seed, game_state(g)->deal_no,
            game_nevents(g), len, msg);
    lua_pop(L, 1);
}

static int hook_failed(struct game *g, struct match_stats *ms, int match, long long seed)
{
    int waiting = game_waiting(g);
    if (waiting) {
        struct action none[1];   /* the list is made (and kept for the bot), not copied */
        game_legal(g, __builtin_ctz((unsigned)waiting), none, 0);
        const char *failed = game_legal_error(g);
        if (failed) {
            stopped(ms->L, g, match, seed, failed);
            return -1;
        }
    }
    if (ms->hook_failures && *ms->hook_failures == 0)
        return 0;
    lua_pushvalue(ms->L, ms->error_key);
    bool failed = lua_rawget(ms->L, ms->game_idx) == LUA_TSTRING;
    if (failed)
        stopped(ms->L, g, match, seed, lua_tostring(ms->L, -1));
    lua_pop(ms->L, 1);
    return failed ? -1 : 0;
}

/* Actions a match may take before it counts as one that does not end. */
enum { MATCH_ACTIONS = 2000000 };

/* Plays one match to its end. Returns 0, -1 with the reason printed, or -2 (the reason
 * printed) when the match did not end within MATCH_ACTIONS actions. */
static int play_match(struct game *g, int kind, const struct bot_profile *prof, struct rng *rng, struct sim_totals *t, FILE *log, int match,
                      long max_deals, int when, struct match_stats *ms, const char *rules, long long seed)
{
    if (log)
        write_log(log, g, 0, rules, seed);
    int logged = game_nevents(g);
    long deals0 = t->deals, draws0 = t->draws + t->aborts;
    tally(g, 0, t);
    for (long steps = 0; steps < MATCH_ACTIONS; steps++) {
        if (max_deals && t->deals > max_deals)
            return 0;   /* the deal budget is spent: the match stops here */
        if (hook_failed(g, ms, match, seed) != 0)
            return -1;
        int r = bot_step(g, kind, prof, rng);
        if (r == 0) {
            if (ms->st && stats_match(ms->st, g, ms->key) != 0)
                return -1;
            return when == CHECK_NONE ? 0 : check(g, match);
        }
        if (r < 0) {
            stopped(ms->L, g, match, seed, game_error(g));
            return -1;
        }
        t->actions++;
        if ((when == CHECK_EVERY || (when == CHECK_END && game_state(g)->phase >= PHASE_DEAL_END)) && check(g, match) != 0)
            return -1;
        tally(g, logged, t);
        if (ms->st && stats_events(ms, g, logged) != 0)
            return -1;
        if (log)
            write_log(log, g, game_nactions(g) - 1, NULL, 0);
        logged = game_nevents(g);
    }
    long deals = t->deals - deals0, drawn = t->draws + t->aborts - draws0;
    fprintf(stderr,
            "jong sim: match %d (seed %lld) did not end within %d actions: %ld deals, %ld of them drawn%s\n",
            match, seed, MATCH_ACTIONS, deals, drawn,
            kind == BOT_RANDOM ? "; random players almost never make a winning hand, and under these rules "
                                 "drawn deals do not bring the match's end nearer (--bots default plays for "
                                 "a win; --deals D stops a run after D deals)"
                               : "");
    return -2;
}

/* A whole number of at least `min` for option `opt`, or an error line and -1. */
static int whole_number(const char *opt, const char *v, long long min, long long *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    if (errno || end == v || *end || n < min) {
        fprintf(stderr, "jong sim: %s takes a whole number of at least %lld, not '%s'\n", opt, min, v);
        return -1;
    }
    *out = n;
    return 0;
}

int cmd_sim(int argc, char **argv)
{
    const char *rules = "base", *bots = "default", *log_path = NULL, *stats_path = NULL, *checks = "every";
    long long games = 10, max_deals = 0, seed = 1;
    long shard = 1, nshards = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!v && (!strcmp(a, "--rules") || !strcmp(a, "--games") || !strcmp(a, "--seed") ||
                          !strcmp(a, "--deals") || !strcmp(a, "--bots") || !strcmp(a, "--log") ||
                          !strcmp(a, "--stats") || !strcmp(a, "--check") || !strcmp(a, "--shard"))) {
            fprintf(stderr, "jong sim: %s takes a value (jong sim --help)\n", a);
            return 2;
        } else if (!strcmp(a, "--rules") && v) {
            rules = v, i++;
        } else if (!strcmp(a, "--games") && v) {
            if (whole_number(a, v, 1, &games) != 0)
                return 2;
            i++;
        } else if (!strcmp(a, "--seed") && v) {
            if (whole_number(a, v, 0, &seed) != 0)
                return 2;
            i++;
        } else if (!strcmp(a, "--deals") && v) {
            if (whole_number(a, v, 1, &max_deals) != 0)
                return 2;
            i++;
        } else if (!strcmp(a, "--bots") && v) {
            bots = v, i++;
        } else if (!strcmp(a, "--log") && v) {
            log_path = v, i++;
        } else if (!strcmp(a, "--stats") && v) {
            stats_path = v, i++;
        } else if (!strcmp(a, "--check") && v) {
            checks = v, i++;
        } else if (!strcmp(a, "--shard") && v) {
            char extra;
            if (sscanf(v, "%ld/%ld%c", &shard, &nshards, &extra) != 2 || nshards < 1 || shard < 1 ||
                shard > nshards) {
                fprintf(stderr, "jong sim: --shard is K/N with 1 <= K <= N, not '%s'\n", v);
                return 2;
            }
            i++;
        } else {
            fprintf(stderr, "jong sim: unknown argument '%s' (jong sim --help)\n", a);
            return 2;
        }
    }
    int kind = bot_kind(bots);
    int when = !strcmp(checks, "every") ? CHECK_EVERY : !strcmp(checks, "end") ? CHECK_END
             : !strcmp(checks, "none") ? CHECK_NONE : -1;
    if (kind < 0) {
        fprintf(stderr, "jong sim: --bots is default, greedy or random, not '%s'\n", bots);
        return 2;
    }
    if (when < 0) {
        fprintf(stderr, "jong sim: --check is every, end or none, not '%s'\n", checks);
        return 2;
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    /* the ruleset first: a name that is none is a usage mistake, and the log named
     * is left as it was */
    lua_pushstring(L, rules);
    if (lj_call_module(L, "load_rules", 1, 2) != LUA_OK || !lua_istable(L, -2)) {
        fprintf(stderr, "jong sim: %s\n", lua_isstring(L, -1) ? lj_terminal_text_at(L, -1) : "cannot load the rules");
        lj_close(L);
        return 2;
    }
    lua_pop(L, 2);
    FILE *log = NULL;
    if (log_path && !(log = fopen(log_path, "w"))) {
        fprintf(stderr, "jong sim: cannot write %s: %s\n", log_path, strerror(errno));
        lj_close(L);
        return 1;
    }
    struct match_stats ms = { 0 };
    char shard_name[48] = "";
    if (nshards > 1)
        snprintf(shard_name, sizeof shard_name, "%ld/%ld", shard, nshards);
    if (stats_path && !(ms.st = stats_new(L, rules, bots, seed, shard_name))) {
        fprintf(stderr, "jong sim: %s\n", lj_terminal_text_at(L, -1));
        if (log)
            fclose(log);
        lj_close(L);
        return 1;
    }
    struct sim_totals t = { 0 };
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    int status = 0;
    for (long m = shard - 1; m < games && status == 0 && !(max_deals && t.deals >= max_deals); m += nshards) {
        int base = lua_gettop(L);
        struct game *g = lj_game_start(L, rules, (long long)(seed + m));
        if (!g) {
            fprintf(stderr, "jong sim: %s\n", lj_terminal_text_at(L, -1));
            status = 1;
            break;
        }
        struct rng r;
        rng_seed(&r, (uint64_t)(seed + m) ^ 0x9e3779b97f4a7c15ull);
        ms.L = L;
        ms.game_idx = lua_gettop(L);
        ms.hook_failures = lj_game_hook_failures(L, ms.game_idx);
        ms.settled = false;
        memset(ms.key, 0, sizeof ms.key);
        for (int s = 0; s < game_rules(g)->players; s++)
            ms.key[game_state(g)->seat_player[s]] = seat_letters[s];
        struct bot_profile prof;
        if (lj_bot_profile(L, -1, &prof) != 0) {
            fprintf(stderr, "jong sim: %s\n", lj_terminal_text_at(L, -1));
            status = 1;
            break;
        }
        lua_pushliteral(L, "hook_error");
        ms.error_key = lua_gettop(L);
        int played = play_match(g, kind, &prof, &r, &t, log, (int)m, (long)max_deals, when, &ms, rules,
                                (long long)(seed + m));
        if (played != 0)
            status = played == -2 ? 3 : 1;
        t.matches++;
        lj_game_close(L, ms.game_idx);
        lua_settop(L, base);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    if (t.matches == 0 && status != 0)   /* nothing played: the error line says why */
        goto done;
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    FILE *out = stats_path && !strcmp(stats_path, "-") ? stderr : stdout;
    fprintf(out, "rules %s, bots %s, seed %lld%s%s: %ld matches, %ld deals, %ld actions\n", rules, bots, seed,
            nshards > 1 ? ", shard " : "", shard_name, t.matches, t.deals, t.actions);
    fprintf(out, "wins: %ld self-drawn, %ld on a discard, %ld robbing a kong; draws: %ld exhaustive, %ld abortive\n",
            t.self_draws, t.discard_wins, t.robs, t.draws, t.aborts);
    fprintf(out, "%.1f matches/s, %.0f deals/s\n", secs > 0 ? (double)t.matches / secs : 0.0,
            secs > 0 ? (double)t.deals / secs : 0.0);
    if (kind == BOT_RANDOM && t.deals > 0 && t.matches > 0)   /* what random play means for these figures */
        fprintf(out,
                "random players take any legal action (for tests): %.1f%% of deals drawn, %.0f deals a match; "
                "--bots default plays for a win\n",
                100.0 * (double)(t.draws + t.aborts) / (double)t.deals, (double)t.deals / (double)t.matches);
    if (status == 0)
        fprintf(out, when == CHECK_EVERY ? "invariants held after every action\n"
                     : when == CHECK_END ? "invariants held at the end of every deal\n"
                                         : "invariants not checked\n");
done:
    if (ms.st) {
        if (status == 0 && stats_write(ms.st, stats_path) != 0) {
            fprintf(stderr, "jong sim: %s\n", lj_terminal_text_at(L, -1));
            status = 1;
        }
        stats_free(ms.st);
    }
    if (log) {   /* a log that could not be written whole is an error (a full disk) */
        bool failed = ferror(log) != 0;
        failed = fclose(log) != 0 || failed;
        if (failed) {
            fprintf(stderr, "jong sim: cannot write %s: %s\n", log_path, strerror(errno));
            status = 1;
        }
    }
    lj_close(L);
    return status;
}
