/* Hand analysis: hand-picked cases, then the fast functions against the slow
 * reference (tests/c/ref_decompose.h) exhaustively over single-suit hands and over
 * random full hands. JONG_CHECK set (sanitizer build) scales the random part down. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "decompose.h"
#include "rng.h"
#include "ref_decompose.h"

/* Counts of a plain run of tiles ("11122233344455m1z"); no melds, no red fives. */
static void counts_of(const char *s, uint8_t c[TILE_KINDS])
{
    memset(c, 0, TILE_KINDS);
    const char *start = s;
    for (const char *p = s; *p; p++) {
        int base;
        switch (*p) {
        case 'm': base = 0; break;
        case 'p': base = 9; break;
        case 's': base = 18; break;
        case 'z': base = 27; break;
        default: continue;
        }
        for (const char *q = start; q < p; q++) c[base + (*q - '1')]++;
        start = p + 1;
    }
}

static void test_hand_picked(void)
{
    uint8_t c[TILE_KINDS];
    struct decomposition d[MAX_DECOMPOSITIONS];
    struct reading r[MAX_READINGS];
    bool w[TILE_KINDS];

    counts_of("11122233344455m", c);
    CHECK(complete_standard(c, 0), "11122233344455m complete");
    int n = decompose(c, 0, d, MAX_DECOMPOSITIONS);
    /* pair 22: 111 234 345 345; pair 55: 111 222 333 444 / 111 234 234 234 /
     * 123 123 123 444. In order: pair, then sets by (kind, chow before pung). */
    CHECK_EQ_INT(n, 4);
    CHECK_EQ_INT(d[0].pair, 1);
    CHECK_EQ_INT(d[1].pair, 4);
    CHECK_EQ_INT(d[1].sets[0].type, SET_CHOW);   /* 123 123 123 444 */
    CHECK_EQ_INT(d[1].sets[3].type, SET_PUNG);
    CHECK_EQ_INT(d[1].sets[3].kind, 3);
    CHECK_EQ_INT(d[3].sets[1].type, SET_PUNG);   /* 111 222 333 444 */
    CHECK_EQ_INT(d[2].sets[1].kind, 1);          /* 111 234 234 234 */
    CHECK_EQ_INT(d[2].sets[3].kind, 1);

    counts_of("1112345678999m", c);
    CHECK_EQ_INT(shanten_standard(c, 0), 0);
    CHECK_EQ_INT(waits(c, 0, c, FORM_ALL, w), 9);
    for (int k = 0; k < 9; k++) CHECK(w[k], "nine gates waits on %d", k + 1);

    /* 1111m234p567p789s would complete only with a fifth 1m. */
    counts_of("1111m234567p789s", c);
    CHECK_EQ_INT(shanten_standard(c, 0), 1);
    CHECK_EQ_INT(waits(c, 0, c, FORM_ALL, w), 0);
    /* 1m234p567p789s + [111m]: the single 1m waits on a tile held four times. */
    uint8_t held[TILE_KINDS];
    counts_of("1m234567p789s", c);
    counts_of("11111m234567p789s", held);
    CHECK_EQ_INT(waits(c, 1, held, FORM_ALL, w), 0);
    CHECK_EQ_INT(waits(c, 1, c, FORM_ALL, w), 1);
    CHECK(w[0], "1m single wait");

    /* 23455m678p + [789s] [5555p]c: one decomposition, 55m 234m 678p. */
    counts_of("23455m678p", c);
    CHECK(complete_standard(c, 2), "23455m678p with 2 melds");
    CHECK_EQ_INT(readings(c, 2, 4, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_SINGLE);
    CHECK_EQ_INT(r[0].win_set, -1);
    CHECK_EQ_INT(readings(c, 2, 1, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_TWO_SIDED);
    CHECK_EQ_INT(readings(c, 2, 2, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_CLOSED);
    CHECK_EQ_INT(readings(c, 2, 0, r, MAX_READINGS), 0);
    /* 34555m678p winning on 5m: the pair (single) or the chow 345 (two-sided). */
    counts_of("34555m678p", c);
    CHECK_EQ_INT(readings(c, 2, 4, r, MAX_READINGS), 2);
    CHECK_EQ_INT(r[0].wait, WAIT_SINGLE);
    CHECK_EQ_INT(r[1].wait, WAIT_TWO_SIDED);
    /* 12355m789p winning on 3m and on 7p: edges; 55m999p winning on 9p: pair wait. */
    counts_of("12355m789p", c);
    CHECK_EQ_INT(readings(c, 2, 2, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_EDGE);
    CHECK_EQ_INT(readings(c, 2, 15, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_EDGE);
    counts_of("123m55m999p", c);
    CHECK_EQ_INT(readings(c, 2, 17, r, MAX_READINGS), 1);
    CHECK_EQ_INT(r[0].wait, WAIT_PAIR);
    CHECK_EQ_INT(r[0].win_set, 1);
    /* 112233m: two identical chows read once. */
    counts_of("11223355m789p", c);
    CHECK_EQ_INT(readings(c, 1, 0, r, MAX_READINGS), 1);

    counts_of("11223344556677z", c);
    CHECK(complete_seven_pairs(c, 0), "honour seven pairs");
    counts_of("11112233445566m", c);
    CHECK(!complete_seven_pairs(c, 0), "four of a kind is not two pairs");
    counts_of("19m19p19s12345677z", c);
    CHECK(complete_thirteen_orphans(c, 0), "thirteen orphans");
    CHECK_EQ_INT(shanten_thirteen_orphans(c, 0), -1);
    CHECK_EQ_INT(shanten_seven_pairs(c, 1), SHANTEN_NONE);

    /* Impossible input is refused, never read out of bounds. */
    counts_of("11111m234p567p789s", c);   /* five of a kind */
    CHECK(!complete_any(c, 0, FORM_ALL), "five 1m");
    CHECK_EQ_INT(decompose(c, 0, d, MAX_DECOMPOSITIONS), 0);
    CHECK_EQ_INT(shanten_of(c, 0, FORM_ALL), SHANTEN_NONE);
    counts_of("11122233344455m9p", c);   /* 15 tiles */
    CHECK(!complete_standard(c, 0), "15 tiles");
    CHECK_EQ_INT(shanten_standard(c, 0), SHANTEN_NONE);
    counts_of("11122233344455m", c);
    CHECK(!complete_standard(c, -1) && !complete_standard(c, 5), "melds out of range");
    CHECK_EQ_INT(shanten_standard(c, 5), SHANTEN_NONE);
    CHECK_EQ_INT(decompose(c, 0, d, 0), 0);
    CHECK_EQ_INT(decompose(c, 0, d, 2), 2);   /* at most max */
    CHECK_EQ_INT(waits(c, 0, c, FORM_ALL, w), 0);   /* 14 tiles: no waits */
    memset(c, 0, sizeof c);
    c[33] = 200;
    CHECK(!complete_any(c, 0, FORM_ALL), "a count of 200");
    CHECK_EQ_INT(shanten_of(c, 0, FORM_ALL), SHANTEN_NONE);

    /* Five sets and a pair (a concealed 17-tile hand passes -1 melds). */
    int five = hand_analysis_melds(0, 5);
    CHECK_EQ_INT(five, -1);
    counts_of("123456789m234p567s88s", c);
    CHECK(complete_standard(c, five) && complete_any(c, five, FORM_ALL), "17 tiles complete");
    CHECK(!complete_standard(c, 0) && !complete_seven_pairs(c, five), "17 tiles: not four sets");
    CHECK_EQ_INT(decompose(c, five, d, MAX_DECOMPOSITIONS), 1);
    CHECK_EQ_INT(d[0].nsets, 5);
    CHECK_EQ_INT(d[0].pair, 25);
    CHECK_EQ_INT(d[0].sets[4].kind, 22);   /* 567s */
    CHECK_EQ_INT(readings(c, five, 12, r, MAX_READINGS), 1);   /* 4p: 23p waited on 1p/4p */
    CHECK_EQ_INT(r[0].wait, WAIT_TWO_SIDED);
    CHECK_EQ_INT(shanten_standard(c, five), -1);
    counts_of("11122233344455566m", c);   /* five sets and the pair in one suit */
    /* pair 33: 111 222 345 456 456; pair 66: 123 123 123 444 555 / 111 234 234 234 555 /
     * 111 222 345 345 345 / 111 222 333 444 555 */
    CHECK_EQ_INT(decompose(c, five, d, MAX_DECOMPOSITIONS), 5);
    CHECK_EQ_INT(d[0].pair, 2);
    CHECK_EQ_INT(d[4].nsets, 5);
    CHECK_EQ_INT(d[4].sets[4].type, SET_PUNG);
    CHECK_EQ_INT(d[4].sets[4].kind, 4);
    CHECK_EQ_INT(d[3].sets[4].type, SET_CHOW);
    CHECK_EQ_INT(d[3].sets[4].kind, 2);
    counts_of("11122233344455566z", c);   /* honours: five pungs and a pair */
    CHECK(complete_standard(c, five), "five honour pungs");
    CHECK_EQ_INT(decompose(c, five, d, MAX_DECOMPOSITIONS), 1);
    CHECK_EQ_INT(d[0].sets[4].kind, 31);
    CHECK_EQ_INT(d[0].pair, 32);
    counts_of("123456789m234p567s8s", c);   /* 16 tiles: waits */
    CHECK_EQ_INT(shanten_standard(c, five), 0);
    CHECK_EQ_INT(waits(c, five, c, FORM_ALL, w), 2);
    CHECK(w[22] && w[25], "16 tiles wait on 5s and 8s");
    counts_of("123456789m23p567s88s", c);
    CHECK_EQ_INT(waits(c, five, c, FORM_STANDARD, w), 2);
    CHECK(w[9] && w[12], "16 tiles wait on 1p and 4p");
    counts_of("123456789m23p567s88s", c);
    CHECK_EQ_INT(shanten_standard(c, 0), SHANTEN_NONE);   /* 16 tiles are too many for four sets */
    CHECK_EQ_INT(waits(c, 0, c, FORM_ALL, w), 0);
}

/* ---- against the reference ---- */

static bool quick;   /* JONG_CHECK: sanitizer build, fewer random hands */

/* Part cost vectors of the reference, computed once per suit or honour configuration. */
static uint8_t suit_memo[1953125][REF_SETS][2], honour_memo[78125][REF_SETS][2];
static bool suit_done[1953125], honour_done[78125];

static void ref_part(const uint8_t counts[TILE_KINDS], int part, int out[REF_SETS][2])
{
    int first = part * 9, n = part < 3 ? 9 : 7, code = 0;
    for (int i = n - 1; i >= 0; i--) code = code * 5 + counts[first + i];
    uint8_t (*memo)[2] = part < 3 ? suit_memo[code] : honour_memo[code];
    bool *done = part < 3 ? &suit_done[code] : &honour_done[code];
    if (!*done) {
        int cost[REF_SETS][2];
        ref_costs(counts, first, n, cost);
        for (int m = 0; m < REF_SETS; m++) for (int p = 0; p < 2; p++) memo[m][p] = (uint8_t)cost[m][p];
        *done = true;
    }
    for (int m = 0; m < REF_SETS; m++) for (int p = 0; p < 2; p++) out[m][p] = memo[m][p];
}

static void ref_shanten_forms(const uint8_t counts[TILE_KINDS], int nmelds, struct shanten *out)
{
    int part[4][REF_SETS][2];
    for (int i = 0; i < 4; i++) ref_part(counts, i, part[i]);
    out->standard = ref_shanten_standard_parts((const int (*)[REF_SETS][2])part, nmelds);
    out->seven_pairs = ref_shanten_seven_pairs(counts, nmelds);
    out->thirteen_orphans = ref_shanten_thirteen_orphans(counts, nmelds);
    out->all = out->standard;
    if (out->seven_pairs < out->all) out->all = out->seven_pairs;
    if (out->thirteen_orphans < out->all) out->all = out->thirteen_orphans;
}

static void hand_text(const uint8_t c[TILE_KINDS], int nmelds, char *buf)
{
    char *p = buf;
    for (int s = 0; s < 4; s++) {
        bool any = false;
        for (int k = 9 * s; k < (s < 3 ? 9 * s + 9 : TILE_KINDS); k++)
            for (int i = 0; i < c[k]; i++) { *p++ = (char)('1' + k - 9 * s); any = true; }
        if (any) *p++ = "mpsz"[s];
    }
    p += sprintf(p, " +%d melds", nmelds);
}

static bool same_decompositions(const struct decomposition *a, const struct decomposition *b, int n)
{
    for (int i = 0; i < n; i++)
        if (ref_cmp_decomposition(&a[i], &b[i]) != 0) return false;
    return true;
}

static bool same_readings(const struct reading *a, const struct reading *b, int n)
{
    for (int i = 0; i < n; i++)
        if (ref_cmp_decomposition(&a[i].d, &b[i].d) != 0 || a[i].wait != b[i].wait || a[i].win_set != b[i].win_set)
            return false;
    return true;
}

/* Failures are counted per kind of check, so that a broken function reports a few
 * lines, not a million. */
enum { F_COMPLETE, F_DECOMPOSE, F_READINGS, F_SHANTEN, F_WAITS, F_NKINDS };
static const char *const fail_names[F_NKINDS] = {"complete", "decompose", "readings", "shanten", "waits"};
static long fails[F_NKINDS], checked[F_NKINDS];

static void note(int what, bool ok, const uint8_t c[TILE_KINDS], int nmelds)
{
    checked[what]++;
    if (ok) return;
    if (fails[what]++ < 5) {
        char buf[128];
        hand_text(c, nmelds, buf);
        fprintf(stderr, "mismatch in %s: %s\n", fail_names[what], buf);
    }
}

/* Every fast function against the reference on one hand (14 - 3 * nmelds tiles for
 * the complete tests, 13 - 3 * nmelds for waits). */
static void compare(const uint8_t c[TILE_KINDS], int nmelds)
{
    int tiles = ref_total(c);
    struct shanten fs, rs;
    shanten_forms(c, nmelds, FORM_ALL, &fs);
    ref_shanten_forms(c, nmelds, &rs);
    note(F_SHANTEN, fs.all == rs.all && fs.standard == rs.standard && fs.seven_pairs == rs.seven_pairs
         && fs.thirteen_orphans == rs.thirteen_orphans && shanten_of(c, nmelds, FORM_ALL) == rs.all
         && shanten_standard(c, nmelds) == rs.standard
         && shanten_of(c, nmelds, FORM_STANDARD | FORM_SEVEN_PAIRS)
            == (rs.standard < rs.seven_pairs ? rs.standard : rs.seven_pairs), c, nmelds);

    if (tiles == 14 - 3 * nmelds) {
        bool std = ref_complete_standard(c, nmelds);
        note(F_COMPLETE, complete_standard(c, nmelds) == std
             && complete_seven_pairs(c, nmelds) == ref_complete_seven_pairs(c, nmelds)
             && complete_thirteen_orphans(c, nmelds) == ref_complete_thirteen_orphans(c, nmelds)
             && complete_any(c, nmelds, FORM_ALL) == ref_complete_any(c, nmelds, FORM_ALL)
             && complete_any(c, nmelds, FORM_SEVEN_PAIRS) == ref_complete_seven_pairs(c, nmelds)
             && (rs.standard == -1) == std, c, nmelds);
        struct decomposition fd[MAX_DECOMPOSITIONS], rd[MAX_DECOMPOSITIONS];
        int fn = decompose(c, nmelds, fd, MAX_DECOMPOSITIONS);
        int rn = ref_decompose(c, nmelds, rd, MAX_DECOMPOSITIONS);
        note(F_DECOMPOSE, fn == rn && same_decompositions(fd, rd, fn), c, nmelds);
        if (std) {
            bool ok = true;
            for (int k = 0; k < TILE_KINDS; k++) {
                if (!c[k]) continue;
                struct reading fr[MAX_READINGS], rr[MAX_READINGS];
                int a = readings(c, nmelds, k, fr, MAX_READINGS);
                int b = ref_readings(c, nmelds, k, rr, MAX_READINGS);
                ok &= a == b && a > 0 && same_readings(fr, rr, a);
            }
            note(F_READINGS, ok, c, nmelds);
        }
    } else if (tiles == 13 - 3 * nmelds) {
        bool fw[TILE_KINDS], rw[TILE_KINDS];
        int fn = waits(c, nmelds, c, FORM_ALL, fw);
        int rn = 0;
        memset(rw, 0, sizeof rw);
        if (rs.all == 0) rn = ref_waits(c, nmelds, c, FORM_ALL, rw);   /* else none by definition */
        note(F_WAITS, fn == rn && memcmp(fw, rw, sizeof fw) == 0, c, nmelds);
        fn = waits(c, nmelds, c, FORM_STANDARD, fw);
        rn = 0;
        memset(rw, 0, sizeof rw);
        if (rs.standard == 0) rn = ref_waits(c, nmelds, c, FORM_STANDARD, rw);
        note(F_WAITS, fn == rn && memcmp(fw, rw, sizeof fw) == 0, c, nmelds);
    }
}

static void report(const char *what)
{
    for (int i = 0; i < F_NKINDS; i++) {
        if (!checked[i]) continue;
        CHECK(fails[i] == 0, "%s: %s: %ld of %ld hands differ from the reference", what, fail_names[i], fails[i], checked[i]);
        fails[i] = checked[i] = 0;
    }
}

/* Every configuration of one suit (0-14 tiles, or 0-17 for hands of five sets; a quarter
 * of them under JONG_CHECK), the rest of the hand honour pungs and a pair or a single,
 * or melds. */
static void test_single_suits(int sets)
{
    int configs = 0, most = 3 * sets + 2;
    for (int code = 0; code < 1953125; code++) {
        uint8_t c[TILE_KINDS];
        memset(c, 0, sizeof c);
        int n = 0, suit = configs % 3;
        for (int i = 0, x = code; i < 9; i++, x /= 5) { c[9 * suit + i] = (uint8_t)(x % 5); n += x % 5; }
        if (n > most) continue;
        configs++;
        if (quick && configs % 4 != 0) continue;   /* sanitizer build: a quarter of them */
        for (int total = most - 1; total <= most; total++) {
            int rest = total - n;
            if (rest < 0) continue;
            for (int melded = 0; melded < 2; melded++) {
                uint8_t h[TILE_KINDS];
                memcpy(h, c, sizeof h);
                int nmelds = hand_analysis_melds(melded ? rest / 3 : 0, sets), z = 27;
                if (!melded) for (int i = 0; i < rest / 3; i++) h[z++] = 3;
                if (rest % 3) h[z] = (uint8_t)(rest % 3);
                compare(h, nmelds);
                if (melded && rest / 3 == 0) break;
            }
        }
    }
    CHECK_EQ_INT(configs, sets == 4 ? 405350 : 886400);
    report(sets == 4 ? "single suits" : "single suits, five sets");
}

/* Every configuration of the honours (0-14 tiles, 0-17 for five sets), the rest of the
 * hand chows and a pair or a single in the suits, or melds. */
static void test_honours(int sets)
{
    static const int chows[5] = {0, 3, 6, 9, 12};
    int configs = 0, most = 3 * sets + 2;
    for (int code = 0; code < 78125; code++) {
        uint8_t c[TILE_KINDS];
        memset(c, 0, sizeof c);
        int n = 0;
        for (int i = 0, x = code; i < 7; i++, x /= 5) { c[27 + i] = (uint8_t)(x % 5); n += x % 5; }
        if (n > most) continue;
        configs++;
        for (int total = most - 1; total <= most; total++) {
            int rest = total - n;
            if (rest < 0) continue;
            for (int melded = 0; melded < 2; melded++) {
                uint8_t h[TILE_KINDS];
                memcpy(h, c, sizeof h);
                int nmelds = hand_analysis_melds(melded ? rest / 3 : 0, sets);
                if (!melded)
                    for (int i = 0; i < rest / 3; i++) { h[chows[i]]++; h[chows[i] + 1]++; h[chows[i] + 2]++; }
                if (rest % 3) h[rest % 3 == 2 ? 18 : 22] = (uint8_t)(rest % 3 == 2 ? 2 : 1);
                compare(h, nmelds);
                if (melded && rest / 3 == 0) break;
            }
        }
    }
    CHECK(configs > 0, "honour configurations");
    report(sets == 4 ? "honours" : "honours, five sets");
}

static void first_tiles(struct rng *r, uint8_t wall[136], int n, uint8_t c[TILE_KINDS])
{
    rng_shuffle(r, wall, 136);
    memset(c, 0, TILE_KINDS);
    for (int i = 0; i < n; i++) c[wall[i]]++;
}

/* Random hands: the first tiles of shuffled walls, 13 and 14 tiles (16 and 17 for five
 * sets), with 0-4 (0-5) melds. */
static void test_random_hands(long count, int sets)
{
    struct rng r;
    rng_seed(&r, 2 + (uint64_t)sets);
    uint8_t wall[136], c[TILE_KINDS];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    for (long i = 0; i < count; i++) {
        int melds = i % 4 == 3 ? (int)(i / 4 % (sets + 1)) : 0;
        int nmelds = hand_analysis_melds(melds, sets);
        first_tiles(&r, wall, (i % 2 ? 13 : 14) - 3 * nmelds, c);
        compare(c, nmelds);
    }
    report(sets == 4 ? "random hands" : "random hands, five sets");
}

/* Random complete hands (a pair and sets, some of them melded) and the 13-tile hands
 * they come from: every tile of the hand is a wait of the hand without it. */
static void test_random_complete(long count, int sets)
{
    struct rng r;
    rng_seed(&r, 3 + (uint64_t)sets);
    long bad = 0;
    for (long i = 0; i < count; i++) {
        uint8_t c[TILE_KINDS];
        memset(c, 0, sizeof c);
        int nmelds = hand_analysis_melds((int)rng_below(&r, (uint64_t)sets + 1), sets);
        int k = (int)rng_below(&r, TILE_KINDS);
        c[k] = 2;
        for (int s = 0; s < 4 - nmelds;) {
            if (rng_below(&r, 2)) {
                k = (int)rng_below(&r, TILE_KINDS);
                if (c[k] + 3 > 4) continue;
                c[k] += 3;
            } else {
                k = (int)rng_below(&r, 21);
                k = k / 7 * 9 + k % 7;
                if (c[k] == 4 || c[k + 1] == 4 || c[k + 2] == 4) continue;
                c[k]++; c[k + 1]++; c[k + 2]++;
            }
            s++;
        }
        compare(c, nmelds);
        for (k = 0; k < TILE_KINDS; k++) {
            if (!c[k]) continue;
            c[k]--;
            bool w[TILE_KINDS];
            waits(c, nmelds, c, FORM_STANDARD, w);
            bad += !w[k];
            if (k % 5 == 0) compare(c, nmelds);
            c[k]++;
        }
    }
    CHECK(bad == 0, "%ld tiles of complete hands are not waits of the hand without them", bad);
    report(sets == 4 ? "random complete hands" : "random complete hands, five sets");
}

/* The reference's own split into parts against its whole-hand programme. */
static void test_reference_parts(long count)
{
    struct rng r;
    rng_seed(&r, 4);
    uint8_t wall[136], c[TILE_KINDS];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    long bad = 0;
    for (long i = 0; i < count; i++) {
        int nmelds = (int)(i % 6) - 1;   /* -1: a concealed hand of five sets */
        first_tiles(&r, wall, (i % 2 ? 13 : 14) - 3 * nmelds, c);
        struct shanten s;
        ref_shanten_forms(c, nmelds, &s);
        bad += s.standard != ref_shanten_standard(c, nmelds);
        bad += s.all != ref_shanten_of(c, nmelds, FORM_ALL);
    }
    CHECK(bad == 0, "reference: %ld differences between the split and the whole hand", bad);
}

int main(void)
{
    quick = getenv("JONG_CHECK") != NULL;
    decompose_init();
    CHECK(decompose_table_bytes() > 0 && decompose_table_bytes() <= 2u << 20,
          "tables: %zu bytes", decompose_table_bytes());
    test_hand_picked();
    test_reference_parts(quick ? 2000 : 20000);
    for (int sets = 4; sets <= 5; sets++) {
        test_single_suits(sets);
        test_honours(sets);
        test_random_hands(quick ? 100000 : 1000000, sets);
        test_random_complete(quick ? 20000 : 200000, sets);
    }
    return check_summary();
}
