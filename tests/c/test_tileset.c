/* Hand analysis in a tile set that lacks kinds (three-player: 2m-8m): the shanten,
 * waits and acceptance against a slow reference that never uses an absent kind in a
 * set or a pair, on random hands dealt from such sets; four-player results unchanged. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "decompose.h"
#include "efficiency.h"
#include "rng.h"

static uint64_t ref_absent;

static bool present(int k) { return k >= 0 && k < TILE_KINDS && !(ref_absent >> k & 1); }

/* Fewest tiles to add: the held tiles are taken lowest kind first, each either left over
 * or put in a group (pair, pung, chow of present kinds) that holds it, the group's other
 * tiles matched or added (no kind used above 4 times); groups with no held tile cost
 * 3 (a set) or 2 (the pair). */
static int search(uint8_t rem[TILE_KINDS], uint8_t used[TILE_KINDS], int sets_left, int pair_left)
{
    int k = 0;
    while (k < TILE_KINDS && !rem[k]) k++;
    if (k == TILE_KINDS) return 3 * sets_left + 2 * pair_left;
    rem[k]--;
    int best = search(rem, used, sets_left, pair_left);   /* left over */
    rem[k]++;
    int groups[5][3], ng = 0;
    if (pair_left) { groups[ng][0] = groups[ng][1] = k; groups[ng][2] = -1; ng++; }
    if (sets_left) {
        groups[ng][0] = groups[ng][1] = groups[ng][2] = k; ng++;
        if (k < 27)
            for (int lo = k - 2; lo <= k; lo++)
                if (lo >= 0 && lo / 9 == k / 9 && (lo + 2) / 9 == k / 9) {
                    groups[ng][0] = lo; groups[ng][1] = lo + 1; groups[ng][2] = lo + 2; ng++;
                }
    }
    for (int g = 0; g < ng; g++) {
        bool is_pair = groups[g][2] < 0;
        int n = is_pair ? 2 : 3, cost = 0, took[3];
        bool ok = true;
        for (int i = 0; i < n; i++) if (!present(groups[g][i])) ok = false;
        if (!ok) continue;
        for (int i = 0; i < n; i++) {
            int j = groups[g][i];
            if (used[j] >= 4) ok = false;
            used[j]++;
            took[i] = rem[j] > 0;
            if (took[i]) rem[j]--; else cost++;
        }
        if (ok) {
            int c = cost + search(rem, used, sets_left - !is_pair, pair_left - is_pair);
            if (c < best) best = c;
        }
        for (int i = 0; i < n; i++) {
            int j = groups[g][i];
            used[j]--;
            if (took[i]) rem[j]++;
        }
    }
    return best;
}

static int ref_shanten_standard(const uint8_t c[TILE_KINDS], int nmelds)
{
    uint8_t rem[TILE_KINDS], used[TILE_KINDS] = {0};
    memcpy(rem, c, sizeof rem);
    for (int k = 0; k < TILE_KINDS; k++) used[k] = 0;
    return search(rem, used, 4 - nmelds, 1) - 1;
}

static int deal(struct rng *r, uint8_t wall[136], int nwall, int n, uint8_t c[TILE_KINDS])
{
    rng_shuffle(r, wall, (size_t)nwall);
    memset(c, 0, TILE_KINDS);
    for (int i = 0; i < n; i++) c[wall[i]]++;
    return n;
}

static int make_wall(uint8_t wall[136])
{
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        if (present(k))
            for (int i = 0; i < 4; i++) wall[n++] = (uint8_t)k;
    return n;
}

static void random_hands(uint64_t absent, long count, uint64_t seed, const char *name)
{
    ref_absent = absent;
    unsigned forms = FORM_ALL | forms_tileset(absent);
    uint8_t wall[136], c[TILE_KINDS];
    int nwall = make_wall(wall);
    struct rng r;
    rng_seed(&r, seed);
    long bad_shanten = 0, bad_waits = 0, bad_accept = 0;
    for (long i = 0; i < count; i++) {
        int nmelds = 2 + (int)(i % 3);   /* the reference is exponential: 1 to 8 tiles */
        int n = deal(&r, wall, nwall, (i % 2 ? 13 : 14) - 3 * nmelds, c);
        int want = ref_shanten_standard(c, nmelds);
        struct shanten s;
        shanten_forms(c, nmelds, forms, &s);
        if (s.standard != want || shanten_of(c, nmelds, FORM_STANDARD | forms_tileset(absent)) != want) {
            if (bad_shanten++ < 5) {
                fprintf(stderr, "%s: shanten %d, reference %d:", name, s.standard, want);
                for (int k = 0; k < TILE_KINDS; k++) for (int j = 0; j < c[k]; j++) fprintf(stderr, " %d", k);
                fprintf(stderr, " (melds %d)\n", nmelds);
            }
        }
        if (n % 3 == 1) {   /* waits: the present kinds that complete; acceptance: none absent */
            bool w[TILE_KINDS];
            waits(c, nmelds, NULL, forms, w);
            for (int k = 0; k < TILE_KINDS; k++) {
                bool ref = false;
                if (present(k) && c[k] < 4) {
                    c[k]++;
                    ref = complete_any(c, nmelds, FORM_ALL);
                    c[k]--;
                }
                bad_waits += w[k] != ref;
            }
            uint8_t unseen[TILE_KINDS];
            for (int k = 0; k < TILE_KINDS; k++) unseen[k] = present(k) ? (uint8_t)(4 - c[k]) : 0;
            struct discard_choice d;
            efficiency_accept(c, nmelds, FORM_STANDARD | forms_tileset(absent), unseen, &d);
            for (int j = 0; j < d.naccept; j++) {
                int k = d.accept[j];
                c[k]++;
                bad_accept += !present(k) || ref_shanten_standard(c, nmelds) >= want;
                c[k]--;
            }
        }
    }
    CHECK(bad_shanten == 0, "%s: %ld of %ld shanten differ from the reference", name, bad_shanten, count);
    CHECK(bad_waits == 0, "%s: %ld waits differ", name, bad_waits);
    CHECK(bad_accept == 0, "%s: %ld accepted kinds absent or not lowering the shanten", name, bad_accept);
}

static void counts_of(const char *s, uint8_t c[TILE_KINDS])
{
    memset(c, 0, TILE_KINDS);
    const char *start = s;
    for (const char *p = s; *p; p++) {
        int base = *p == 'm' ? 0 : *p == 'p' ? 9 : *p == 's' ? 18 : *p == 'z' ? 27 : -1;
        if (base < 0) continue;
        for (const char *q = start; q < p; q++) c[base + (*q - '1')]++;
        start = p + 1;
    }
}

enum { SANMA = 0x7full << 1 };   /* 2m-8m */

static void test_hand_picked(void)
{
    uint8_t c[TILE_KINDS];
    /* 1111m: in three-player the fourth 1m joins no chow (2m and 3m are gone) */
    counts_of("1111m999m123p11z", c);
    CHECK_EQ_INT(shanten_of(c, 0, FORM_STANDARD), 1);   /* four players: 1m waits for 23m */
    CHECK_EQ_INT(shanten_of(c, 0, FORM_STANDARD | forms_tileset(SANMA)), 2);
    counts_of("9999m1111m11z", c);
    struct shanten s;
    shanten_forms(c, 1, FORM_ALL, &s);
    CHECK_EQ_INT(s.standard, 1);
    shanten_forms(c, 1, FORM_ALL | forms_tileset(SANMA), &s);
    CHECK_EQ_INT(s.standard, 2);
    bool w[TILE_KINDS];
    /* a suit short of one kind: 4p 6p wait on nothing, 45p on 3p and 6p only */
    counts_of("46p123456s123s11z", c);
    CHECK_EQ_INT(waits(c, 0, NULL, FORM_ALL | forms_tileset(1ull << 13), w), 0);
    CHECK_EQ_INT(shanten_of(c, 0, FORM_STANDARD | forms_tileset(1ull << 13)), 1);
    counts_of("45p123456s123s11z", c);
    CHECK_EQ_INT(waits(c, 0, NULL, FORM_ALL | forms_tileset(1ull << 11), w), 1);
    CHECK(w[14] && !w[11], "45p waits on 6p alone without 3p");
}

int main(void)
{
    bool quick = getenv("JONG_CHECK") != NULL;
    decompose_init();
    test_hand_picked();
    long n = quick ? 600 : 6000;
    random_hands(0, n / 3, 1, "four players");
    random_hands(SANMA, n, 2, "sanma");
    random_hands(1ull << 4, n / 3, 3, "no 5m");
    random_hands((1ull << 2) | (1ull << 6) | (1ull << 13) | (1ull << 20) | (1ull << 21), n / 3, 4, "scattered");
    random_hands((0x1ffull << 9) | (1ull << 1) | (1ull << 5), n / 3, 5, "no dots, 2m 6m");
    random_hands(0x7full << 27, n / 3, 6, "no honours");
    return check_summary();
}
