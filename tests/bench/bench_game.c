/* Benchmark of the turn flow alone: random legal play with the default (NULL) hooks.
 * Prints "sim_core N deals/s", and "check_core N ns/call": the invariant check
 * (game_check) on the states of that play. */
#include <stdio.h>
#include <time.h>

#include "bench.h"
#include "game.h"

/* CPU time of the process: the figure does not depend on what else the machine runs. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One random legal action of the first awaited seat (a new deal when none). */
static int random_step(struct game *g, struct rng *pick, uint64_t *seed, long *deals)
{
    int w = game_waiting(g);
    if (!w) {
        game_reset(g, ++*seed);
        return 0;
    }
    int s = __builtin_ctz((unsigned)w);
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, s, list, MAX_ACTIONS);
    struct action *a = &list[rng_below(pick, (uint32_t)n)];
    if (a->type == ACT_NEXT)
        ++*deals;
    return game_apply(g, a);
}

/* The invariant check after each action of random play. */
static void bench_check(void)
{
    if (!bench_wanted("check_core"))
        return;
    struct game_rules r;
    game_rules_default(&r);
    char err[256];
    struct game *g = game_new(&r, NULL, 1, err, sizeof err);
    if (!g)
        return;
    struct rng pick;
    rng_seed(&pick, 12345);
    long deals = 0, calls = 0;
    uint64_t seed = 1;
    double spent = 0, start = now();
    volatile int sink = 0;
    while (now() - start < 0.5) {
        for (int i = 0; i < 100; i++)
            if (random_step(g, &pick, &seed, &deals) != 0) {
                printf("check_core error %s\n", game_error(g));
                game_free(g);
                return;
            }
        double t0 = now();
        for (int j = 0; j < 100; j++)
            sink += game_check(g, err, sizeof err);
        spent += now() - t0;
        calls += 100;
    }
    if (sink)
        printf("check_core error %s\n", err);
    else
        printf("check_core %.0f ns/call\n", spent * 1e9 / (double)calls);
    game_free(g);
}

void bench_game(void)
{
    bench_check();
    if (!bench_wanted("sim_core"))
        return;
    struct game_rules r;
    game_rules_default(&r);
    char err[256];
    struct game *g = game_new(&r, NULL, 1, err, sizeof err);
    if (!g) {
        printf("sim_core error %s\n", err);
        return;
    }
    struct rng pick;
    rng_seed(&pick, 12345);
    long deals = 0;
    uint64_t seed = 1;
    double start = now(), elapsed = 0;
    while (elapsed < 1.0) {
        for (int i = 0; i < 200; i++) {
            if (random_step(g, &pick, &seed, &deals) != 0) {
                printf("sim_core error %s\n", game_error(g));
                game_free(g);
                return;
            }
        }
        elapsed = now() - start;
    }
    printf("sim_core %.0f deals/s\n", (double)deals / elapsed);
    game_free(g);
}
