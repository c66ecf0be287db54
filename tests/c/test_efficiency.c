/* Shanten after a one-tile change (shanten_each), the kinds that lower it
 * (shanten_lowering) and tile acceptance (efficiency_accept, efficiency_discards) against shanten_of kind by kind, on random
 * hands of every size and meld count, with every forms mask, with and without absent
 * kinds. JONG_CHECK set: fewer hands. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "decompose.h"
#include "efficiency.h"
#include "rng.h"

/* n tiles of the 136 (kinds not absent) drawn at random into c. */
static void deal(struct rng *r, uint64_t absent, int n, uint8_t c[TILE_KINDS])
{
    uint8_t wall[136];
    int nwall = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        if (!(absent >> k & 1))
            for (int i = 0; i < 4; i++)
                wall[nwall++] = (uint8_t)k;
    memset(c, 0, TILE_KINDS);
    for (int i = 0; i < n && nwall > 0; i++) {
        int j = (int)rng_below(r, (uint32_t)nwall);
        c[wall[j]]++;
        wall[j] = wall[--nwall];
    }
}

/* Hands that make the edge cases likely: few kinds, so fours, pairs and honours. */
static void deal_crowded(struct rng *r, int n, uint8_t c[TILE_KINDS])
{
    memset(c, 0, TILE_KINDS);
    int kinds[6];
    for (int i = 0; i < 6; i++)
        kinds[i] = (int)rng_below(r, TILE_KINDS);
    for (int i = 0; i < n; i++) {
        int k = kinds[rng_below(r, 6)];
        if (c[k] < 4)
            c[k]++;
    }
}

static void test_shanten_each(long count)
{
    struct rng r;
    rng_seed(&r, 19);
    static const uint64_t absents[] = { 0, 0x7full << 1 /* sanma: 2m-8m */, 1ull << 13 | 1ull << 4 };
    long bad = 0, compared = 0;
    for (long i = 0; i < count; i++) {
        int nmelds = (int)rng_below(&r, 6) - 1;   /* -1 (five sets, concealed) to 4 */
        uint64_t absent = absents[i % 3];
        unsigned forms = (unsigned)(1 + rng_below(&r, 7)) | (i % 5 == 0 ? 0 : forms_tileset(absent));
        int n = 14 - 3 * nmelds - (int)rng_below(&r, 3);   /* 3n + 2, 3n + 1, 3n */
        uint8_t c[TILE_KINDS];
        if (i % 4 == 0)
            deal_crowded(&r, n, c);
        else
            deal(&r, i % 5 == 0 ? 0 : absent, n, c);
        for (int delta = -1; delta <= 1; delta += 2) {
            int8_t each[TILE_KINDS];
            shanten_each(c, nmelds, forms, delta, each);
            for (int k = 0; k < TILE_KINDS; k++) {
                int want = SHANTEN_NONE;
                if (delta > 0 ? c[k] < 4 : c[k] > 0) {
                    c[k] = (uint8_t)(c[k] + delta);
                    want = shanten_of(c, nmelds, forms);
                    c[k] = (uint8_t)(c[k] - delta);
                }
                compared++;
                if (each[k] != want && bad++ < 5)
                    fprintf(stderr, "shanten_each: hand %ld, melds %d, forms %#x, kind %d %+d: %d, shanten_of %d\n",
                            i, nmelds, forms, k, delta, each[k], want);
            }
        }
    }
    CHECK(bad == 0, "%ld of %ld shanten after a one-tile change differ from shanten_of", bad, compared);
}

/* The kinds that lower the shanten (shanten_lowering) against shanten_of with each kind
 * added, on the same kinds of random hands. */
static void test_lowering(long count)
{
    struct rng r;
    rng_seed(&r, 21);
    static const uint64_t absents[] = { 0, 0x7full << 1, 1ull << 13 | 1ull << 4 };
    long bad = 0;
    for (long i = 0; i < count; i++) {
        int nmelds = (int)rng_below(&r, 6) - 1;
        uint64_t absent = absents[i % 3];
        unsigned forms = (unsigned)(1 + rng_below(&r, 7)) | (i % 5 == 0 ? 0 : forms_tileset(absent));
        int n = 14 - 3 * nmelds - (int)rng_below(&r, 4);   /* 3n + 2 down to 3n - 1 */
        uint8_t c[TILE_KINDS];
        if (i % 4 == 0)
            deal_crowded(&r, n, c);
        else
            deal(&r, i % 5 == 0 ? 0 : absent, n, c);
        int now = shanten_of(c, nmelds, forms);
        uint64_t want = 0;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (c[k] >= 4)
                continue;
            c[k]++;
            want |= (uint64_t)(shanten_of(c, nmelds, forms) < now) << k;
            c[k]--;
        }
        uint64_t got = shanten_lowering(c, nmelds, forms);
        if (got != want && bad++ < 5)
            fprintf(stderr, "shanten_lowering: hand %ld, melds %d, forms %#x: %#llx, shanten_of %#llx\n", i, nmelds,
                    forms, (unsigned long long)got, (unsigned long long)want);
    }
    CHECK(bad == 0, "%ld of %ld hands' lowering kinds differ from shanten_of kind by kind", bad, count);
}

/* Acceptance as it was first written: shanten_of for each kind added. */
static int ref_accept(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms, const uint8_t unseen[TILE_KINDS],
                      uint64_t *kinds)
{
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    int now = shanten_of(c, nmelds, forms), total = 0;
    *kinds = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (c[k] >= 4 || (k < 27 && (forms >> (FORM_ABSENT_SHIFT + k) & 1)))
            continue;
        c[k]++;
        if (shanten_of(c, nmelds, forms) < now) {
            *kinds |= 1ull << k;
            total += unseen[k];
        }
        c[k]--;
    }
    return total;
}

static void test_accept(long count)
{
    struct rng r;
    rng_seed(&r, 20);
    long bad = 0;
    for (long i = 0; i < count; i++) {
        int nmelds = (int)rng_below(&r, 5);
        uint64_t absent = i % 2 ? 0x7full << 1 : 0;
        unsigned forms = (nmelds ? FORM_STANDARD : FORM_ALL) | forms_tileset(absent);
        uint8_t c[TILE_KINDS], unseen[TILE_KINDS];
        deal(&r, absent, 14 - 3 * nmelds, c);
        for (int k = 0; k < TILE_KINDS; k++)
            unseen[k] = (uint8_t)(4 - c[k] - (k % 3 == 0 && c[k] < 4));
        struct discard_choice d[TILE_KINDS];
        int n = efficiency_discards(c, nmelds, forms, unseen, d);
        for (int j = 0; j < n; j++) {
            c[d[j].discard]--;
            uint64_t kinds, got = 0;
            int want = ref_accept(c, nmelds, forms, unseen, &kinds);
            for (int a = 0; a < d[j].naccept; a++)
                got |= 1ull << d[j].accept[a];
            if ((got != kinds || want != d[j].count || d[j].shanten != shanten_of(c, nmelds, forms)) && bad++ < 5)
                fprintf(stderr, "acceptance: hand %ld, discard %d: %d tiles, reference %d\n", i, d[j].discard,
                        d[j].count, want);
            c[d[j].discard]++;
        }
    }
    CHECK(bad == 0, "%ld discards' acceptance differ from shanten_of kind by kind", bad);
}

int main(void)
{
    decompose_init();
    bool quick = getenv("JONG_CHECK") != NULL;
    test_shanten_each(quick ? 4000 : 30000);
    test_lowering(quick ? 4000 : 30000);
    test_accept(quick ? 400 : 3000);
    return check_summary();
}
