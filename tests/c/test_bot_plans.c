/* The default bot's plan choice skips the all-pungs count when it cannot beat the
 * plan found, and a claim skips discards that cannot beat the best one: both rest on
 * the all-pungs shanten never being below the standard shanten when no kind is held
 * four times (pungs_bounded). Checked here on random and crowded hands of four and five sets, with
 * and without chows allowed among the pungs. JONG_CHECK set: fewer hands. */
#include <stdlib.h>

#include "check.h"
#include "../../core/bot.c"   /* a test of the bot's internals */
#include "notation.h"

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
        struct plan pl = { PLAN_PUNGS, 0, 0 };
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

/* The shanten of a hand that must hold a target's three sets: the target's missing
 * tiles plus what the rest lacks, the target's melds counted, other melds at most one. */
static int target_shanten_of(const char *hand, const struct bot_target *t)
{
    struct hand h;
    struct notation_error err;
    if (notation_parse_hand(hand, &h, true, &err) != 0) {
        CHECK(0, "bad hand %s", hand);
        return -99;
    }
    return bot_target_shanten(t, h.counts, h.melds, h.nmelds, 4, 99);
}

static void test_target_shanten(void)
{
    /* Mixed Straight 1m 4p 7s: kinds 0, 12, 24 */
    const struct bot_target ms = { { 0, 12, 24 }, 7, 8 };
    CHECK(target_shanten_of("123m456p789s1z1z1z7z", &ms) == 0, "complete sets, waiting on the pair");
    CHECK(target_shanten_of("123m456p78s1z1z1z7z7z", &ms) == 0, "waiting on 9s");
    CHECK(target_shanten_of("123m456p79s1z1z1z7z7z", &ms) == 0, "waiting on 8s");
    CHECK(target_shanten_of("123m456p7s1z1z1z7z7z5m", &ms) == 1, "two tiles missing, one set");
    CHECK(target_shanten_of("123m456p1z1z1z7z7z5m9m", &ms) == 2, "a whole set missing");
    CHECK(target_shanten_of("123m45p1z1z1z7z7z5m9m2s", &ms) == 99, "four tiles missing: no plan yet");
    CHECK(target_shanten_of("456p789s1z1z1z7z [123m]", &ms) == 0, "the melded chow counts");
    CHECK(target_shanten_of("456p789s7z [234m] [111z]", &ms) == 99, "two other melds leave no room");
    /* the ordinary shanten is never above it */
    CHECK(target_shanten_of("123m234m345m1z1z7z7z", &ms) >= shanten_standard(
              (const uint8_t[TILE_KINDS]){ 1, 2, 3, 2, 1, [27] = 2, [33] = 2 }, 0),
          "no lower than the standard shanten");
    /* a pung target: Triple Pung of 5s (kinds 4, 13, 22) */
    const struct bot_target tp = { { 4, 13, 22 }, 0, 16 };
    CHECK(target_shanten_of("555m555p55s123s7z7z", &tp) == 0, "one 5s to go");
    CHECK(target_shanten_of("555m55p55s123s7z7z1z", &tp) == 1, "two tiles to go");
}

int main(void)
{
    decompose_init();
    test_pungs_not_below_standard(getenv("JONG_CHECK") ? 20000 : 200000);
    test_target_shanten();
    return check_summary();
}
