/* The default bot's plan choice skips the all-pungs count when it cannot beat the
 * plan found, and a claim skips discards that cannot beat the best one: both rest on
 * the all-pungs shanten never being below the standard shanten when no kind is held
 * four times (pungs_bounded). Checked here on random and crowded hands of four and five sets, with
 * and without chows allowed among the pungs. JONG_CHECK set: fewer hands. */
#include <stdlib.h>

#include "check.h"
#include "../../core/bot.c"   /* a test of the bot's internals */

static void test_pungs_not_below_standard(long count)
{
    struct rng r;
    rng_seed(&r, 23);
    struct bot_profile p;
    bot_profile_any(&p);
    struct view v;
    memset(&v, 0, sizeof v);
    v.p = &p;
    long bad = 0, tried = 0;
    for (long i = 0; i < count; i++) {
        v.sets = i % 4 == 0 ? 5 : 4;
        int nm = (int)rng_below(&r, (uint32_t)v.sets + 1);
        int tiles = 3 * v.sets + 2 - 3 * nm - (int)rng_below(&r, 2);
        uint8_t c[TILE_KINDS] = { 0 };
        int kinds[6];
        for (int j = 0; j < 6; j++)
            kinds[j] = (int)rng_below(&r, TILE_KINDS);
        for (int j = 0; j < tiles;) {
            int k = i % 2 ? kinds[rng_below(&r, 6)] : (int)rng_below(&r, TILE_KINDS);
            if (c[k] < 4) {
                c[k]++;
                j++;
            } else {
                kinds[rng_below(&r, 6)] = (int)rng_below(&r, TILE_KINDS);
            }
        }
        v.forms = i % 3 ? FORM_ALL : FORM_STANDARD;
        if (!pungs_bounded(&v, c))
            continue;
        p.max_chows = (int8_t)((int)rng_below(&r, 6) - 1);   /* -1 (any) to 4 */
        struct meld m[MAX_MELDS];
        memset(m, 0, sizeof m);
        for (int j = 0; j < nm; j++) {
            m[j].type = MELD_PUNG;
            m[j].kind = (uint8_t)rng_below(&r, TILE_KINDS);
        }
        struct plan pl = { PLAN_PUNGS, 0 };
        int pungs = plan_shanten_with(&v, &pl, c, m, nm);
        int standard = shanten_of(c, vm(&v, nm), v.forms);
        tried++;
        if (pungs < standard && bad++ < 5) {
            fprintf(stderr, "all pungs %d below standard %d (sets %d, melds %d, chows %d):", pungs, standard, v.sets,
                    nm, p.max_chows);
            for (int k = 0; k < TILE_KINDS; k++)
                for (int j = 0; j < c[k]; j++)
                    fprintf(stderr, " %d", k);
            fputc('\n', stderr);
        }
    }
    CHECK(bad == 0, "%ld of %ld hands without four of a kind have an all-pungs shanten below the standard", bad,
          tried);
    CHECK(tried > count / 2, "most hands tried: %ld of %ld", tried, count);
}

int main(void)
{
    decompose_init();
    test_pungs_not_below_standard(getenv("JONG_CHECK") ? 20000 : 200000);
    return check_summary();
}
