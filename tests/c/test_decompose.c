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
}

int main(void)
{
    decompose_init();
    test_hand_picked();
    return check_summary();
}
