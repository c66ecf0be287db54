/* jong analyze (repl/analyze.c): exact output of hand-picked hands, the stdin mode, and
 * random hands (with melds) against a line built here from the slow reference
 * (tests/c/ref_decompose.h). JONG_CHECK set: fewer random hands. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "rng.h"
#include "ref_decompose.h"
#include "../../repl/analyze.c"

static struct out o;

static const char *analyze(const char *hand)
{
    analyze_line(hand, &o);
    return o.buf;
}

/* The line without its "discards" (tested on their own below). */
static const char *analyze_head(const char *hand)
{
    analyze_line(hand, &o);
    char *d = strstr(o.buf, ", \"discards\": [");
    if (d) strcpy(d, "}");
    return o.buf;
}

/* Hands of five sets and a pair (--tiles 16, --rules taiwanese). */
static void test_five_sets(void)
{
    hand_sets = 5;
    CHECK_EQ_STR(analyze_head("123456789m23p567s88s"),
                 "{\"hand\": \"123456789m23p567s88s\", \"shanten\": {\"all\": 0, \"standard\": 0, "
                 "\"seven_pairs\": null, \"thirteen_orphans\": null}, \"waits\": [\"1p\", \"4p\"], "
                 "\"decompositions\": []}");
    CHECK_EQ_STR(analyze_head("456789m234p567s88s [123m]@E"),
                 "{\"hand\": \"456789m234p567s88s [123m]@E\", \"shanten\": {\"all\": -1, \"standard\": -1, "
                 "\"seven_pairs\": null, \"thirteen_orphans\": null}, \"waits\": [], \"decompositions\": ["
                 "[\"88s\",\"456m\",\"789m\",\"234p\",\"567s\",\"[123m]@E\"]]}");
    CHECK(strstr(analyze("123456789m234p55s"), "\"error\": \"a hand holds 16 or 17 tiles") != NULL,
          "a 14-tile hand refused with five sets");
    hand_sets = 4;
}

static void test_hand_picked(void)
{
    CHECK_EQ_STR(analyze_head("23455m678p [789s] [5555p]c"),
                 "{\"hand\": \"23455m678p [789s] [5555p]c\", \"shanten\": {\"all\": -1, \"standard\": -1, "
                 "\"seven_pairs\": null, \"thirteen_orphans\": null}, \"waits\": [], "
                 "\"decompositions\": [[\"55m\",\"234m\",\"678p\",\"[789s]\",\"[5555p]c\"]]}");
    CHECK_EQ_STR(analyze_head("1112345678999m"),
                 "{\"hand\": \"1112345678999m\", \"shanten\": {\"all\": 0, \"standard\": 0, \"seven_pairs\": 4, "
                 "\"thirteen_orphans\": 10}, \"waits\": [\"1m\", \"2m\", \"3m\", \"4m\", \"5m\", \"6m\", \"7m\", "
                 "\"8m\", \"9m\"], \"decompositions\": []}");
    CHECK_EQ_STR(analyze_head("11122233344455m"),
                 "{\"hand\": \"11122233344455m\", \"shanten\": {\"all\": -1, \"standard\": -1, \"seven_pairs\": 3, "
                 "\"thirteen_orphans\": 11}, \"waits\": [], \"decompositions\": ["
                 "[\"22m\",\"111m\",\"234m\",\"345m\",\"345m\"], [\"55m\",\"123m\",\"123m\",\"123m\",\"444m\"], "
                 "[\"55m\",\"111m\",\"234m\",\"234m\",\"234m\"], [\"55m\",\"111m\",\"222m\",\"333m\",\"444m\"]]}");
    /* Seven pairs that are also a standard hand: the standard ones first. */
    CHECK_EQ_STR(analyze_head("112233m445566p77z"),
                 "{\"hand\": \"112233m445566p77z\", \"shanten\": {\"all\": -1, \"standard\": -1, "
                 "\"seven_pairs\": -1, \"thirteen_orphans\": 10}, \"waits\": [], \"decompositions\": ["
                 "[\"77z\",\"123m\",\"123m\",\"456p\",\"456p\"], "
                 "[\"11m\",\"22m\",\"33m\",\"44p\",\"55p\",\"66p\",\"77z\"]]}");
    CHECK_EQ_STR(analyze_head("19m19p19s12345677z"),
                 "{\"hand\": \"19m19p19s12345677z\", \"shanten\": {\"all\": -1, \"standard\": 7, "
                 "\"seven_pairs\": 5, \"thirteen_orphans\": -1}, \"waits\": [], "
                 "\"decompositions\": [[\"19m19p19s12345677z\"]]}");
    /* Melds count 3 for the waits; the kong's tiles are held. */
    CHECK_EQ_STR(analyze_head("5m123p [555m] [789s] [111z]"),
                 "{\"hand\": \"5m123p [555m] [789s] [111z]\", \"shanten\": {\"all\": 0, \"standard\": 0, "
                 "\"seven_pairs\": null, \"thirteen_orphans\": null}, \"waits\": [], \"decompositions\": []}");
    CHECK_EQ_STR(analyze_head("4m123p [5555m] [789s] [111z]"),
                 "{\"hand\": \"4m123p [5555m] [789s] [111z]\", \"shanten\": {\"all\": 0, \"standard\": 0, "
                 "\"seven_pairs\": null, \"thirteen_orphans\": null}, \"waits\": [\"4m\"], \"decompositions\": []}");
    /* Bad hands: the error, the hand echoed as a JSON string. */
    const char *bad = analyze("123m8z");
    CHECK(!strncmp(bad, "{\"hand\": \"123m8z\", \"error\": \"", 29) && !strcmp(bad + strlen(bad) - 2, "\"}"),
          "%s", bad);
    CHECK(analyze_line("12\"3\\m\t", &o) == -1, "bad hand");
    CHECK(!strncmp(o.buf, "{\"hand\": \"12\\\"3\\\\m\\u0009\", \"error\": \"", 37), "%s", o.buf);
    /* Bytes that are not UTF-8 are escaped; a NUL is an error of its own. */
    CHECK(analyze_bytes("1\xff\x80" "2m", 5, &o) == -1, "bad bytes");
    CHECK(!strncmp(o.buf, "{\"hand\": \"1\\u00ff\\u00802m\", \"error\": ", 37), "%s", o.buf);
    CHECK(analyze_bytes("\xe6\x9d\xb1", 3, &o) == -1, "utf-8");
    CHECK(!strncmp(o.buf, "{\"hand\": \"\xe6\x9d\xb1\", \"error\": ", 20), "%s", o.buf);
    CHECK(analyze_bytes("12m\0" "3m", 6, &o) == -1, "NUL");
    CHECK_EQ_STR(o.buf, "{\"hand\": \"12m\\u00003m\", \"error\": \"the line holds a NUL byte\"}");
    /* Tile efficiency, best first: the honours that leave 1-shanten, then by count. */
    CHECK(strstr(analyze("123m456p789s1z2z33z5z"),
                 "\"discards\": [{\"discard\": \"1z\", \"shanten\": 1, \"accept\": {\"2z\": 3, \"3z\": 2, "
                 "\"5z\": 3}, \"count\": 8}, {\"discard\": \"2z\", \"shanten\": 1, \"accept\": {\"1z\": 3, "
                 "\"3z\": 2, \"5z\": 3}, \"count\": 8}, {\"discard\": \"5z\", \"shanten\": 1, \"accept\": "
                 "{\"1z\": 3, \"2z\": 3, \"3z\": 2}, \"count\": 8}, {\"discard\": \"1m\", \"shanten\": 2, "
                 "\"accept\": {\"1m\": 3, \"4m\": 4, \"1z\": 3, \"2z\": 3, \"3z\": 2, \"5z\": 3}, \"count\": 18}, ")
          != NULL, "%s", o.buf);
    CHECK(strstr(o.buf, "{\"discard\": \"3z\", \"shanten\": 2, \"accept\": {\"1z\": 3, \"2z\": 3, \"3z\": 2, "
                 "\"5z\": 3}, \"count\": 11}]}") != NULL, "%s", o.buf);
    /* A meld's tiles are seen; a kind held four times accepts nothing. */
    CHECK(strstr(analyze("123m456p789s11z [777z]"), "{\"discard\": \"1z\", \"shanten\": 0, \"accept\": "
                 "{\"1z\": 2}, \"count\": 2}") != NULL, "%s", o.buf);
    CHECK(strstr(analyze("1111m2p456s [789s] [777z]"), "{\"discard\": \"2p\", \"shanten\": 1, \"accept\": "
                 "{\"2m\": 4, ") != NULL, "%s", o.buf);
    /* 13 tiles: no discards. */
    CHECK(strstr(analyze("1112345678999m"), "discards") == NULL, "%s", o.buf);
}

/* jong analyze - on a few lines (one bad, one too long): one object a line, status 1. */
static void test_stdin(void)
{
    char in[] = "/tmp/jong_analyze_inXXXXXX", out[] = "/tmp/jong_analyze_outXXXXXX";
    int fi = mkstemp(in), fo = mkstemp(out);
    CHECK(fi >= 0 && fo >= 0, "temporary files");
    if (fi < 0 || fo < 0) return;
    FILE *f = fdopen(fi, "w");
    fputs("1112345678999m\r\n123m8z\n", f);
    fwrite("12m\0" "3m\n", 1, 7, f);   /* a NUL: its own line, the next one kept */
    for (int i = 0; i < 5000; i++) fputc('1', f);
    fputs("\n11223344556677z", f);   /* no newline at the end */
    fclose(f);
    fflush(stdout);
    int saved_in = dup(0), saved_out = dup(1);
    if (!freopen(in, "r", stdin) || !freopen(out, "w", stdout)) { CHECK(0, "freopen"); return; }
    char *argv[] = {"analyze", "-", NULL};
    int status = cmd_analyze(2, argv);
    fflush(stdout);
    dup2(saved_in, 0);
    dup2(saved_out, 1);
    clearerr(stdin);
    CHECK_EQ_INT(status, 1);
    f = fopen(out, "r");
    static char line[16384];
    int n = 0;
    while (f && fgets(line, sizeof line, f)) {
        n++;
        if (n == 1) CHECK(!strncmp(line, "{\"hand\": \"1112345678999m\", \"shanten\": {\"all\": 0,", 48), "%s", line);
        if (n == 2) CHECK(strstr(line, "\"error\"") != NULL, "%s", line);
        if (n == 3) CHECK(strstr(line, "\"error\": \"the line holds a NUL byte\"") != NULL, "%s", line);
        if (n == 4) CHECK(strlen(line) > 5000 && strstr(line, "\"error\"") != NULL, "%.80s", line);
        if (n == 5) CHECK(!strncmp(line, "{\"hand\": \"11223344556677z\", \"shanten\": {\"all\": -1,", 50), "%s", line);
    }
    if (f) fclose(f);
    CHECK_EQ_INT(n, 5);
    remove(in);
    remove(out);
    char *help[] = {"analyze", "--help", NULL};
    fflush(stdout);
    if (!freopen("/dev/null", "w", stdout)) { CHECK(0, "freopen"); return; }
    status = cmd_analyze(2, help);
    fflush(stdout);
    dup2(saved_out, 1);
    CHECK_EQ_INT(status, 0);
    close(saved_in);
    close(saved_out);
}

/* ---- random hands against a line built from the reference ---- */

static char *put_counts(char *p, const uint8_t c[TILE_KINDS])
{
    for (int s = 0; s < 4; s++) {
        bool any = false;
        for (int k = 9 * s; k < (s < 3 ? 9 * s + 9 : TILE_KINDS); k++)
            for (int i = 0; i < c[k]; i++) { *p++ = (char)('1' + k - 9 * s); any = true; }
        if (any) *p++ = "mpsz"[s];
    }
    *p = '\0';
    return p;
}

static char *put_group_text(char *p, int kind, int n, bool chow)
{
    *p++ = '"';
    for (int i = 0; i < n; i++) *p++ = (char)('1' + kind % 9 + (chow ? i : 0));
    *p++ = "mpsz"[kind / 9];
    *p++ = '"';
    return p;
}

struct rhand {
    uint8_t counts[TILE_KINDS], held[TILE_KINDS];
    int nmelds;
    char melds[4][8];
    char text[80];
};

/* The discards by the reference: every distinct discard, the kinds whose added copy
 * lowers the reference shanten, their copies not in the hand; sorted by a plain
 * selection of the best left (lowest shanten, most tiles, lowest kind). */
struct ref_discard { int kind, shanten, count, naccept, accept[TILE_KINDS], copies[TILE_KINDS]; };

static char *expected_discards(const struct rhand *h, char *p)
{
    struct ref_discard d[TILE_KINDS];
    int n = 0;
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    for (int k = 0; k < TILE_KINDS; k++) {
        if (!c[k]) continue;
        struct ref_discard *x = &d[n++];
        c[k]--;
        x->kind = k;
        x->shanten = ref_shanten_of(c, h->nmelds, FORM_ALL);
        x->count = x->naccept = 0;
        for (int a = 0; a < TILE_KINDS; a++) {
            if (c[a] == 4) continue;
            c[a]++;
            if (ref_shanten_of(c, h->nmelds, FORM_ALL) < x->shanten) {
                x->accept[x->naccept] = a;
                x->copies[x->naccept++] = 4 - h->held[a];
                x->count += 4 - h->held[a];
            }
            c[a]--;
        }
        c[k]++;
    }
    p += sprintf(p, ", \"discards\": [");
    bool used[TILE_KINDS] = {false};
    for (int i = 0; i < n; i++) {
        int best = -1;
        for (int j = 0; j < n; j++) {
            if (used[j]) continue;
            if (best < 0 || d[j].shanten < d[best].shanten ||
                (d[j].shanten == d[best].shanten && d[j].count > d[best].count))
                best = j;
        }
        used[best] = true;
        const struct ref_discard *x = &d[best];
        p += sprintf(p, "%s{\"discard\": ", i ? ", " : "");
        p = put_group_text(p, x->kind, 1, false);
        p += sprintf(p, ", \"shanten\": %d, \"accept\": {", x->shanten);
        for (int j = 0; j < x->naccept; j++) {
            if (j) p += sprintf(p, ", ");
            p = put_group_text(p, x->accept[j], 1, false);
            p += sprintf(p, ": %d", x->copies[j]);
        }
        p += sprintf(p, "}, \"count\": %d}", x->count);
    }
    return p + sprintf(p, "]");
}

static void expected_line(const struct rhand *h, char *p, bool with_discards)
{
    int size = ref_total(h->counts) + 3 * h->nmelds;
    int std = ref_shanten_standard(h->counts, h->nmelds);
    int sp = ref_shanten_seven_pairs(h->counts, h->nmelds), to = ref_shanten_thirteen_orphans(h->counts, h->nmelds);
    int all = std < sp ? std : sp;
    if (to < all) all = to;
    p += sprintf(p, "{\"hand\": \"%s\", \"shanten\": {\"all\": %d, \"standard\": %d, ", h->text, all, std);
    if (sp == SHANTEN_NONE) p += sprintf(p, "\"seven_pairs\": null, \"thirteen_orphans\": null}");
    else p += sprintf(p, "\"seven_pairs\": %d, \"thirteen_orphans\": %d}", sp, to);
    p += sprintf(p, ", \"waits\": [");
    if (size == 13) {
        bool w[TILE_KINDS];
        ref_waits(h->counts, h->nmelds, h->held, FORM_ALL, w);
        bool first = true;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (!w[k]) continue;
            if (!first) p += sprintf(p, ", ");
            p = put_group_text(p, k, 1, false);
            first = false;
        }
    }
    p += sprintf(p, "], \"decompositions\": [");
    bool first = true;
    if (size == 14) {
        struct decomposition d[MAX_DECOMPOSITIONS];
        int n = ref_decompose(h->counts, h->nmelds, d, MAX_DECOMPOSITIONS);
        for (int i = 0; i < n; i++) {
            p += sprintf(p, first ? "[" : ", [");
            p = put_group_text(p, d[i].pair, 2, false);
            for (int s = 0; s < d[i].nsets; s++) {
                *p++ = ',';
                p = put_group_text(p, d[i].sets[s].kind, 3, d[i].sets[s].type == SET_CHOW);
            }
            for (int m = 0; m < h->nmelds; m++) p += sprintf(p, ",\"%s\"", h->melds[m]);
            *p++ = ']';
            first = false;
        }
        if (ref_complete_seven_pairs(h->counts, h->nmelds)) {
            p += sprintf(p, first ? "[" : ", [");
            bool f = true;
            for (int k = 0; k < TILE_KINDS; k++) {
                if (!h->counts[k]) continue;
                if (!f) *p++ = ',';
                p = put_group_text(p, k, 2, false);
                f = false;
            }
            *p++ = ']';
            first = false;
        }
        if (ref_complete_thirteen_orphans(h->counts, h->nmelds)) {
            p += sprintf(p, first ? "[\"" : ", [\"");
            p = put_counts(p, h->counts);
            p += sprintf(p, "\"]");
        }
    }
    p += sprintf(p, "]");
    if (size == 14 && with_discards) p = expected_discards(h, p);
    sprintf(p, "}");
}

/* A random hand: the first tiles of a shuffled wall, or a pair and four sets of which
 * some are melds (a pung sometimes a kong), maybe without one concealed tile. */
static void random_hand(struct rng *r, uint8_t wall[136], struct rhand *h)
{
    memset(h, 0, sizeof *h);
    if (rng_below(r, 2)) {
        rng_shuffle(r, wall, 136);
        int n = 13 + (int)rng_below(r, 2);
        for (int i = 0; i < n; i++) h->counts[wall[i]]++;
    } else {
        uint8_t all[TILE_KINDS] = {0};
        int nmelds = (int)rng_below(r, 5), pair = (int)rng_below(r, TILE_KINDS);
        all[pair] = h->counts[pair] = 2;
        for (int s = 0; s < 4;) {
            int k, chow = (int)rng_below(r, 2);
            if (chow) {
                k = (int)rng_below(r, 21);
                k = k / 7 * 9 + k % 7;
                if (all[k] == 4 || all[k + 1] == 4 || all[k + 2] == 4) continue;
            } else {
                k = (int)rng_below(r, TILE_KINDS);
                if (all[k] > 1) continue;
            }
            if (s < nmelds) {
                bool kong = !chow && all[k] == 0 && rng_below(r, 3) == 0;
                char *m = h->melds[h->nmelds++];
                int len = chow ? 3 : kong ? 4 : 3;
                *m++ = '[';
                for (int i = 0; i < len; i++) *m++ = (char)('1' + k % 9 + (chow ? i : 0));
                *m++ = "mpsz"[k / 9];
                *m++ = ']';
                *m = '\0';
                if (chow) { h->held[k]++; h->held[k + 1]++; h->held[k + 2]++; }
                else h->held[k] += (uint8_t)len;
                all[k] += (uint8_t)(chow ? 1 : len);
                if (chow) { all[k + 1]++; all[k + 2]++; }
            } else {
                if (chow) { h->counts[k]++; h->counts[k + 1]++; h->counts[k + 2]++; all[k]++; all[k + 1]++; all[k + 2]++; }
                else { h->counts[k] += 3; all[k] += 3; }
            }
            s++;
        }
        if (rng_below(r, 2)) {   /* 13 tiles: take one concealed tile away */
            int skip = (int)rng_below(r, (uint32_t)ref_total(h->counts)), k = 0;
            for (;; k++) { if (skip < h->counts[k]) break; skip -= h->counts[k]; }
            h->counts[k]--;
        }
    }
    for (int k = 0; k < TILE_KINDS; k++) h->held[k] += h->counts[k];
    char *p = put_counts(h->text, h->counts);
    for (int m = 0; m < h->nmelds; m++) p += sprintf(p, " %s", h->melds[m]);
}

static void test_random(long count)
{
    struct rng r;
    rng_seed(&r, 7);
    uint8_t wall[136];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    long bad = 0;
    static char want[16384];
    for (long i = 0; i < count; i++) {
        struct rhand h;
        random_hand(&r, wall, &h);
        bool full = i % 50 == 0;   /* the reference's discards are slow: one hand in 50 */
        expected_line(&h, want, full);
        const char *got = full ? analyze(h.text) : analyze_head(h.text);
        if (strcmp(got, want) != 0 && bad++ < 5) fprintf(stderr, "analyze: got\n  %s\nwanted\n  %s\n", got, want);
    }
    CHECK(bad == 0, "%ld of %ld random hands differ from the reference", bad, count);
}

int main(void)
{
    decompose_init();
    test_hand_picked();
    test_five_sets();
    test_stdin();
    test_random(getenv("JONG_CHECK") ? 5000 : 50000);
    return check_summary();
}
