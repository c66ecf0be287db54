/* jong sim: self-play with the built-in players, checking the invariants after
 * every action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "commands.h"
#include "game.h"
#include "lj.h"
#include "notation.h"

struct sim_totals {
    long matches, deals, actions, self_draws, discard_wins, robs, draws, aborts;
};

static void usage(FILE *out)
{
    fputs("usage: jong sim [--rules R] [--games N] [--deals D] [--seed S] [--bots random|greedy] [--log FILE]\n"
          "Plays N matches of self-play (default 10) with built-in players under ruleset R\n"
          "(default base) from seed S (default 1; match i uses seed S+i), checking after\n"
          "every action (stopping once D deals have started, when --deals is given)\n"
          "that every tile is accounted for, hand sizes are right and the\n"
          "points sum to the start. Prints deals, wins by kind, draws and deals per CPU second;\n"
          "exits 1 on a broken invariant, naming the event. --log writes every event as\n"
          "JSON lines.\n", out);
}

/* Counts the events from index `from` on. */
static void tally(const struct game *g, int from, struct sim_totals *t)
{
    for (int i = from; i < game_nevents(g); i++) {
        const struct event *e = game_event(g, i);
        if (e->type == EV_DEAL_START)
            t->deals++;
        else if (e->type == EV_WIN)
            e->src == WIN_SELF_DRAW ? t->self_draws++ : e->src == WIN_ROB ? t->robs++ : t->discard_wins++;
        else if (e->type == EV_DRAW_END)
            e->v[0] == DRAW_ABORTIVE ? t->aborts++ : t->draws++;
    }
}

static void write_log(FILE *log, const struct game *g, int from, int match)
{
    char buf[512];
    for (int i = from; i < game_nevents(g); i++) {
        event_json(game_rules(g), game_event(g, i), i, buf, sizeof buf);
        fprintf(log, "{\"match\":%d,\"event\":%s}\n", match, buf);
    }
}

/* Plays one match to its end. Returns 0, or -1 with the reason printed. */
static int play_match(struct game *g, int kind, struct rng *rng, struct sim_totals *t, FILE *log, int match,
                      long max_deals)
{
    int logged = 0;
    char msg[256];
    if (log)
        write_log(log, g, 0, match);
    logged = game_nevents(g);
    tally(g, 0, t);
    for (long steps = 0; steps < 2000000; steps++) {
        if (max_deals && t->deals > max_deals)
            return 0;   /* the deal budget is spent: the match stops here */
        int r = bot_step(g, kind, rng);
        if (r == 0)
            return 0;
        if (r < 0) {
            fprintf(stderr, "sim: match %d: event %d: %s\n", match, game_nevents(g), game_error(g));
            return -1;
        }
        t->actions++;
        if (game_check(g, msg, sizeof msg) != 0) {
            char ev[512] = "";
            if (game_nevents(g))
                event_json(game_rules(g), game_event(g, game_nevents(g) - 1), game_nevents(g) - 1, ev, sizeof ev);
            fprintf(stderr, "sim: match %d: invariant broken after event %s: %s\n", match, ev, msg);
            return -1;
        }
        tally(g, logged, t);
        if (log)
            write_log(log, g, logged, match);
        logged = game_nevents(g);
    }
    fprintf(stderr, "sim: match %d did not end\n", match);
    return -1;
}

int cmd_sim(int argc, char **argv)
{
    const char *rules = "base", *bots = "random", *log_path = NULL;
    long games = 10, max_deals = 0;
    long long seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--rules") && v) {
            rules = v, i++;
        } else if (!strcmp(a, "--games") && v) {
            games = atol(v), i++;
        } else if (!strcmp(a, "--seed") && v) {
            seed = atoll(v), i++;
        } else if (!strcmp(a, "--deals") && v) {
            max_deals = atol(v), i++;
        } else if (!strcmp(a, "--bots") && v) {
            bots = v, i++;
        } else if (!strcmp(a, "--log") && v) {
            log_path = v, i++;
        } else {
            fprintf(stderr, "jong sim: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    int kind = !strcmp(bots, "random") ? BOT_RANDOM : !strcmp(bots, "greedy") ? BOT_GREEDY : -1;
    if (kind < 0 || games < 1) {
        fprintf(stderr, "jong sim: --bots is random or greedy, --games at least 1\n");
        return 2;
    }
    FILE *log = NULL;
    if (log_path && !(log = fopen(log_path, "w"))) {
        fprintf(stderr, "jong sim: cannot write %s\n", log_path);
        return 1;
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    struct sim_totals t = { 0 };
    struct rng r;
    rng_seed(&r, (uint64_t)seed);
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    int status = 0;
    for (long m = 0; m < games && status == 0 && !(max_deals && t.deals >= max_deals); m++) {
        struct game *g = lj_game_start(L, rules, (long long)(seed + m));
        if (!g) {
            fprintf(stderr, "jong sim: %s\n", lua_tostring(L, -1));
            status = 1;
            break;
        }
        if (play_match(g, kind, &r, &t, log, (int)m, max_deals) != 0)
            status = 1;
        t.matches++;
        lj_game_close(L, -1);
        lua_settop(L, 0);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("rules %s, bots %s, seed %lld: %ld matches, %ld deals, %ld actions\n", rules, bots, seed,
           t.matches, t.deals, t.actions);
    printf("wins: %ld self-drawn, %ld on a discard, %ld robbing a kong; draws: %ld exhaustive, %ld abortive\n",
           t.self_draws, t.discard_wins, t.robs, t.draws, t.aborts);
    printf("%.0f deals/s\n", secs > 0 ? (double)t.deals / secs : 0.0);
    if (status == 0)
        printf("invariants held after every action\n");
    if (log)
        fclose(log);
    lj_close(L);
    return status;
}
