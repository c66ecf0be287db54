/* Benchmark of the turn flow alone: random legal play with the default (NULL) hooks.
 * Prints "sim_core N deals/s". */
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

void bench_game(void)
{
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
            int w = game_waiting(g);
            if (!w) {
                game_reset(g, ++seed);
                continue;
            }
            int s = 0;
            while (!(w & (1 << s)))
                s++;
            struct action list[MAX_ACTIONS];
            int n = game_legal(g, s, list, MAX_ACTIONS);
            struct action *a = &list[rng_below(&pick, (uint32_t)n)];
            if (a->type == ACT_NEXT)
                deals++;
            if (game_apply(g, a) != 0) {
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
