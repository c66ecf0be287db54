/* The turn flow on stacked walls with default and scripted hooks, and random self-play
 * checking the invariants after every action. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_private.h"   /* a test of the engine's internals */
#include "notation.h"
#include "stacked.h"

enum { E, S, W, N };

static int act(struct game *g, int type, int seat, const char *t)
{
    struct action a = { .type = (uint8_t)type, .seat = (uint8_t)seat };
    if (t)
        a.tile = tile(t);
    return game_apply(g, &a);
}

static int chow(struct game *g, int seat, const char *low)
{
    struct action a = { .type = ACT_CHOW, .seat = (uint8_t)seat, .chow = (uint8_t)tile_kind(tile(low)) };
    return game_apply(g, &a);
}

static bool legal_has(struct game *g, int seat, int type)
{
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, seat, list, MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (list[i].type == type)
            return true;
    return false;
}

/* Every awaited seat passes. */
static void pass_all(struct game *g)
{
    while (g->st.phase == PHASE_CLAIM || g->st.phase == PHASE_ROB) {
        int w = game_waiting(g);
        int s = 0;
        while (s < 4 && !(w & (1 << s)))
            s++;
        if (s == 4 || act(g, ACT_PASS, s, NULL) != 0)
            return;
    }
}

static const char *hand_str(const struct game *g, int seat)
{
    static char buf[4][128];
    notation_format_hand(game_hand(g, seat), buf[seat], sizeof buf[seat]);
    return buf[seat];
}

static bool invariants(struct game *g)
{
    char msg[256];
    if (game_check(g, msg, sizeof msg) == 0)
        return true;
    fprintf(stderr, "invariant: %s\n", msg);
    return false;
}

/* The last event of a type, or NULL. */
static const struct event *last_event(const struct game *g, int type)
{
    for (int i = g->nlog - 1; i >= 0; i--)
        if (g->log[i].type == type)
            return &g->log[i];
    return NULL;
}

struct snapshot {
    struct game_state st;
    int nlog, nacts;
};

static void snap(const struct game *g, struct snapshot *s)
{
    s->st = g->st;
    s->nlog = g->nlog;
    s->nacts = g->nacts;
}

static bool same(const struct game *g, const struct snapshot *s)
{
    return memcmp(&g->st, &s->st, sizeof s->st) == 0 && g->nlog == s->nlog && g->nacts == s->nacts;
}

/* Refused with exactly this error and the state exactly as before. */
#define REFUSED(g, call, message) do { \
    struct snapshot snap_; snap(g, &snap_); \
    CHECK_EQ_INT(call, -1); \
    CHECK_EQ_STR(game_error(g), message); \
    CHECK(same(g, &snap_), "state changed by a refused action"); \
} while (0)

/* ---- claims: chow only from the left, precedence, skipped turns ---- */

static const char *claim_hands[4] = {
    "3m123p456p789s11z56z",   /* E discards 3m */
    "1245m159p159s234z",      /* S can chow 3m three ways */
    "2433m2p6p8p2s4s6s777z",  /* W can pung 3m, holds 2m 4m too */
    "678m99p123s55s66z7p",    /* N has nothing on 3m */
};

static void test_chow_only_from_left(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, claim_hands, NULL, NULL);
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(g->st.turn, E);
    CHECK_EQ_INT(hand_size(game_hand(g, E)), 14);
    CHECK(invariants(g), "after the deal");

    CHECK_EQ_INT(act(g, ACT_DISCARD, E, "3m"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_CLAIM);
    CHECK_EQ_INT(game_waiting(g), 1 << S | 1 << W);   /* N has nothing to say */
    CHECK(legal_has(g, S, ACT_CHOW), "S may chow");
    CHECK(!legal_has(g, W, ACT_CHOW), "W may not chow");
    CHECK(legal_has(g, W, ACT_PUNG), "W may pung");
    CHECK_EQ_INT(game_legal(g, N, (struct action[MAX_ACTIONS]){ { 0 } }, MAX_ACTIONS), 0);

    REFUSED(g, chow(g, W, "2m"), "seat W cannot chow 3m: chow only from the player on the left");
    REFUSED(g, chow(g, N, "2m"), "seat N cannot chow 3m: chow only from the player on the left");
    REFUSED(g, chow(g, S, "4m"), "seat S cannot chow 3m: the tiles do not make a chow");
    REFUSED(g, act(g, ACT_PUNG, S, NULL), "seat S cannot pung 3m: a pair of the tile is needed in the hand");
    REFUSED(g, act(g, ACT_PUNG, E, NULL), "seat E cannot pung 3m: a seat cannot claim its own discard");
    REFUSED(g, act(g, ACT_PASS, N, NULL), "seat N cannot pass: the seat has already answered or has nothing to claim");

    CHECK_EQ_INT(chow(g, S, "2m"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_CLAIM);   /* W has not answered yet */
    CHECK_EQ_INT(act(g, ACT_PASS, W, NULL), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(g->st.turn, S);
    CHECK_EQ_STR(hand_str(g, S), "15m159p159s234z [234m]@E");
    CHECK_EQ_INT(game_hand(g, S)->melds[0].from, E);
    CHECK_EQ_INT(g->st.seats[E].discards[0].claimed_by, S);
    CHECK(!legal_has(g, S, ACT_WIN), "no self-drawn win right after a claim");
    CHECK(invariants(g), "after the chow");
    const struct event *e = last_event(g, EV_CHOW);
    char line[256];
    event_json(&g->rules, e, (int)(e - g->log), line, sizeof line);
    CHECK(strstr(line, "\"type\":\"chow\",\"seat\":\"S\",\"tile\":\"3m\",\"from\":\"E\",\"chow\":\"2m\"") != NULL,
          "chow event JSON: %s", line);
    game_free(g);
}

static void test_pung_beats_chow_and_skips_turns(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, claim_hands, "9s", NULL);
    act(g, ACT_DISCARD, E, "3m");
    CHECK_EQ_INT(chow(g, S, "1m"), 0);
    CHECK_EQ_INT(act(g, ACT_PUNG, W, NULL), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(g->st.turn, W);                       /* pung beats chow */
    CHECK_EQ_STR(hand_str(g, W), "24m268p246s777z [333m]@E");
    CHECK_EQ_STR(hand_str(g, S), "1245m159p159s234z");   /* the chow was not made */
    REFUSED(g, act(g, ACT_KONG_CONCEALED, W, "7z"),
            "seat W cannot concealed kong 7z: four of the tile are needed in the hand");
    CHECK_EQ_INT(act(g, ACT_DISCARD, W, "8p"), 0);
    pass_all(g);
    /* N draws next: S lost its turn. */
    CHECK_EQ_INT(g->st.turn, N);
    CHECK_EQ_INT(g->st.drawn, tile("9s"));
    CHECK_EQ_INT(hand_size(game_hand(g, S)), 13);
    CHECK(invariants(g), "after the pung");
    game_free(g);
}

/* ---- wins: precedence over pung, ties to the nearest, several winners ---- */

static const char *win_hands[4] = {
    "5z234p678p234s1z2z3z4z",   /* E discards 5z */
    "123m456m789m11p55z",       /* S waits on 1p or 5z */
    "1z1z2z2z3z3z4z6z6z7z7z8p9s",
    "123s456s789s777p5z",        /* N waits on 5z */
};

static void test_two_wins(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, win_hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    CHECK_EQ_INT(game_waiting(g), 1 << S | 1 << N);
    CHECK(legal_has(g, S, ACT_WIN) && legal_has(g, N, ACT_WIN), "S and N may win");
    CHECK(legal_has(g, S, ACT_PUNG), "S may pung");
    CHECK_EQ_INT(act(g, ACT_WIN, N, NULL), 0);
    CHECK_EQ_INT(act(g, ACT_WIN, S, NULL), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK_EQ_INT(g->st.nwins, 1);
    CHECK_EQ_INT(g->st.wins[0].seat, S);               /* nearest after the discarder */
    CHECK_EQ_INT(g->st.wins[0].how, WIN_DISCARD);
    CHECK_EQ_INT(g->st.wins[0].from, E);
    CHECK_EQ_INT(hand_size(&g->st.wins[0].hand), 14);
    CHECK_EQ_INT(game_points(g, E), 24000);
    CHECK_EQ_INT(game_points(g, S), 26000);
    CHECK_EQ_INT(game_points(g, N), 25000);
    CHECK(g->st.seats[N].missed == 0, "N answered win: no miss");
    CHECK(invariants(g), "after the win");
    game_free(g);

    r.multi_win = MULTI_ALL;
    g = stacked(&r, NULL, win_hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    act(g, ACT_WIN, N, NULL);
    act(g, ACT_WIN, S, NULL);
    CHECK_EQ_INT(g->st.nwins, 2);
    CHECK_EQ_INT(g->st.wins[0].seat, S);
    CHECK_EQ_INT(g->st.wins[1].seat, N);
    CHECK_EQ_INT(game_points(g, E), 23000);
    CHECK_EQ_INT(game_points(g, S), 26000);
    CHECK_EQ_INT(game_points(g, N), 26000);
    CHECK(invariants(g), "after two wins");
    game_free(g);

    /* S passes, N wins: S let a winning tile pass. */
    r.multi_win = MULTI_NEAREST;
    g = stacked(&r, NULL, win_hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    act(g, ACT_PASS, S, NULL);
    act(g, ACT_WIN, N, NULL);
    CHECK_EQ_INT(g->st.wins[0].seat, N);
    CHECK(g->st.seats[S].missed == 1ull << tile_kind(tile("5z")), "S missed 5z");
    game_free(g);
}

static void test_win_beats_pung(void)
{
    const char *hands[4] = {
        "5z234p678p234s1z2z3z4z",
        "123456789m11p89p",
        "55z1z1z2z2z3z3z4z6z6z7z7z",
        "123s456s789s777p5z",
    };
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    CHECK_EQ_INT(game_waiting(g), 1 << W | 1 << N);
    CHECK_EQ_INT(act(g, ACT_PUNG, W, NULL), 0);
    CHECK_EQ_INT(act(g, ACT_WIN, N, NULL), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK_EQ_INT(g->st.wins[0].seat, N);
    CHECK_EQ_INT(game_hand(g, W)->nmelds, 0);
    const struct event *e = last_event(g, EV_SETTLE);
    CHECK(e && e->v[E] == -1000 && e->v[N] == 1000 && e->v[S] == 0 && e->v[W] == 0, "E pays N");
    /* The deal is over: only ACT_NEXT. */
    REFUSED(g, act(g, ACT_DISCARD, E, "2p"), "seat E cannot discard 2p: the deal is over");
    CHECK_EQ_INT(game_waiting(g), 15);
    CHECK_EQ_INT(act(g, ACT_NEXT, S, NULL), 0);
    CHECK_EQ_INT(g->st.deal_no, 1);
    CHECK_EQ_INT(g->st.seat_player[E], 1);             /* the deal passed to South's player */
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(game_points(g, N), 24000);            /* seat N is now the old East's player */
    CHECK(invariants(g), "next deal");
    game_free(g);
}

/* ---- kongs ---- */

static const char *kong_hands[4] = {
    "1111z234m567m89p55s",
    "999p123s456s1m2z3z4z",
    "11m234p567p23s66z7z",
    "3456789m123456p",
};

static void test_three_kongs(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, kong_hands, "9s3z4z1m", "7s8s6s");
    int live = wall_live(&g->st.wall);
    /* Concealed kong: loose tile from the dead wall, which stays 14. */
    CHECK(legal_has(g, E, ACT_KONG_CONCEALED), "E may declare a concealed kong");
    CHECK_EQ_INT(act(g, ACT_KONG_CONCEALED, E, "1z"), 0);
    CHECK_EQ_INT(g->st.turn, E);
    CHECK_EQ_INT(g->st.drawn, tile("7s"));
    CHECK(g->st.drawn_loose, "drawn from the dead wall");
    CHECK_EQ_STR(hand_str(g, E), "234567m89p557s [1111z]c");
    CHECK_EQ_INT(wall_dead(&g->st.wall), 14);
    CHECK_EQ_INT(wall_live(&g->st.wall), live - 1);
    CHECK(invariants(g), "after the concealed kong");
    /* Claimed kong. */
    act(g, ACT_DISCARD, E, "9p");
    CHECK(legal_has(g, S, ACT_KONG), "S may claim a kong");
    CHECK_EQ_INT(act(g, ACT_KONG, S, NULL), 0);
    CHECK_EQ_INT(g->st.turn, S);
    CHECK_EQ_INT(g->st.drawn, tile("8s"));
    CHECK_EQ_STR(hand_str(g, S), "1m1234568s234z [9999p]@E");
    CHECK_EQ_INT(game_hand(g, S)->melds[0].kong, KONG_EXPOSED);
    CHECK(invariants(g), "after the claimed kong");
    /* W pungs S's 1m, then draws the fourth and promotes. */
    act(g, ACT_DISCARD, S, "1m");
    CHECK_EQ_INT(act(g, ACT_PUNG, W, NULL), 0);
    REFUSED(g, act(g, ACT_KONG_PROMOTED, W, "1m"),
            "seat W cannot promoted kong 1m: the fourth tile is not in the hand");
    act(g, ACT_DISCARD, W, "7z");
    pass_all(g);
    CHECK_EQ_INT(g->st.turn, N);
    act(g, ACT_DISCARD, N, "9s");
    pass_all(g);
    act(g, ACT_DISCARD, E, "3z");
    pass_all(g);
    act(g, ACT_DISCARD, S, "4z");
    pass_all(g);
    CHECK_EQ_INT(g->st.turn, W);
    CHECK_EQ_INT(g->st.drawn, tile("1m"));
    CHECK(legal_has(g, W, ACT_KONG_PROMOTED), "W may promote");
    CHECK_EQ_INT(act(g, ACT_KONG_PROMOTED, W, "1m"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);             /* nobody could rob it */
    CHECK_EQ_INT(g->st.drawn, tile("6s"));
    CHECK_EQ_STR(hand_str(g, W), "234567p236s66z [1111m]+@S");
    CHECK_EQ_INT(g->st.nkongs, 3);
    CHECK_EQ_INT(wall_dead(&g->st.wall), 14);
    CHECK(invariants(g), "after the promoted kong");
    game_free(g);
}

static void test_rob_promoted_kong(void)
{
    const char *hands[4] = { kong_hands[0], kong_hands[1], kong_hands[2], "23m234p567s777z88s" };
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, hands, "9s3z4z1m", "7s9m6s");
    act(g, ACT_KONG_CONCEALED, E, "1z");
    act(g, ACT_DISCARD, E, "9p");
    act(g, ACT_KONG, S, NULL);
    act(g, ACT_DISCARD, S, "1m");
    CHECK_EQ_INT(game_waiting(g), 1 << W | 1 << N);    /* W pung, N could win */
    act(g, ACT_PASS, N, NULL);
    act(g, ACT_PUNG, W, NULL);
    act(g, ACT_DISCARD, W, "7z");
    pass_all(g);
    act(g, ACT_DISCARD, N, "9s");
    pass_all(g);
    CHECK(g->st.seats[N].missed == 0, "N's discard cleared the miss");
    act(g, ACT_DISCARD, E, "3z");
    pass_all(g);
    act(g, ACT_DISCARD, S, "4z");
    pass_all(g);
    struct snapshot before;
    snap(g, &before);
    CHECK_EQ_INT(act(g, ACT_KONG_PROMOTED, W, "1m"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_ROB);
    CHECK_EQ_INT(game_waiting(g), 1 << N);
    CHECK(legal_has(g, N, ACT_WIN), "N may rob the kong");
    CHECK(!legal_has(g, N, ACT_PUNG), "only a win robs");
    CHECK(invariants(g), "during the rob window");
    CHECK_EQ_INT(act(g, ACT_WIN, N, NULL), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK_EQ_INT(g->st.wins[0].how, WIN_ROB);
    CHECK_EQ_INT(g->st.wins[0].from, W);
    CHECK_EQ_INT(g->st.wins[0].tile, tile("1m"));
    CHECK_EQ_INT(game_hand(g, W)->melds[0].type, MELD_PUNG);   /* the kong did not form */
    CHECK_EQ_INT(game_points(g, W), 24000);
    CHECK_EQ_INT(game_points(g, N), 26000);
    CHECK_EQ_INT(wall_dead_tile(&g->st.wall, 2), tile("6s"));  /* no loose tile taken */
    CHECK(invariants(g), "after the rob");

    /* Undo the win and the declaration: back to W in turn with 1m in hand. */
    CHECK_EQ_INT(game_undo(g), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_ROB);
    CHECK_EQ_INT(game_undo(g), 0);
    CHECK(same(g, &before), "two undos restore the state before the kong");
    /* N passes: the kong stands. */
    act(g, ACT_KONG_PROMOTED, W, "1m");
    CHECK_EQ_INT(act(g, ACT_PASS, N, NULL), 0);
    CHECK_EQ_INT(g->st.turn, W);
    CHECK_EQ_INT(g->st.drawn, tile("6s"));
    CHECK_EQ_INT(game_hand(g, W)->melds[0].kong, KONG_PROMOTED);
    CHECK(g->st.seats[N].missed != 0, "N let the kong tile pass");
    game_free(g);

    /* Without robbing of promoted kongs there is no window. */
    r.rob_promoted = false;
    g = stacked(&r, NULL, hands, "9s3z4z1m", "7s9m6s");
    act(g, ACT_KONG_CONCEALED, E, "1z");
    act(g, ACT_DISCARD, E, "9p");
    act(g, ACT_KONG, S, NULL);
    act(g, ACT_DISCARD, S, "1m");
    act(g, ACT_PASS, N, NULL);
    act(g, ACT_PUNG, W, NULL);
    act(g, ACT_DISCARD, W, "7z");
    pass_all(g);
    act(g, ACT_DISCARD, N, "9s");
    pass_all(g);
    act(g, ACT_DISCARD, E, "3z");
    pass_all(g);
    act(g, ACT_DISCARD, S, "4z");
    pass_all(g);
    act(g, ACT_KONG_PROMOTED, W, "1m");
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(g->st.drawn, tile("6s"));
    game_free(g);
}

/* ---- exhaustive draw ---- */

/* Marks in used the tiles of set (n) that the front's nf tiles take, each once. */
static void mark_used(const tile_t *front, int nf, const tile_t *set, int n, bool *used)
{
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < n; j++)
            if (!used[j] && set[j] == front[i]) {
                used[j] = true;
                break;
            }
}

/* Everybody discards what he draws and passes until the last tile: S draws 5z and
 * discards it; W holds 55z (or 555z with kong set). */
static void test_exhaustive_draw(int last_discard, bool kong)
{
    const char *hands[4] = {
        "19m19p19s1234z6z7z8m8p",
        "28m28p28s1234z6z7z3m",
        kong ? "37m37p37s555z6z7z1z2z" : "37m37p37s55z6z7z1z2z3z",
        kong ? "46m46p46s4z6z7z2p2s3p3z" : "46m46p46s4z6z7z2p2s3p5z",
    };
    struct game_rules r;
    game_rules_default(&r);
    r.last_discard = (uint8_t)last_discard;
    /* The 69 draws: the rest of the set (5z last), the fourth 5z... there are only four. */
    tile_t front[MAX_WALL], set[MAX_WALL];
    int nf = front_of(hands, NULL, front);
    int n = wall_tile_set(&r.wall, set);
    bool used[MAX_WALL] = { false };
    mark_used(front, nf, set, n, used);
    tile_t five_z = tile("5z");
    int draws = 0, last = -1;
    for (int j = 0; j < n && draws < 68; j++) {
        if (used[j] || set[j] == five_z)
            continue;
        used[j] = true;
        front[nf + draws++] = set[j];
    }
    for (int j = 0; j < n; j++)
        if (!used[j] && set[j] == five_z)
            last = j;
    CHECK(last >= 0, "a 5z is left for the last draw");
    used[last] = true;
    front[nf + draws++] = five_z;
    char err[256];
    struct game *g = game_new(&r, NULL, 1, err, sizeof err);
    CHECK_EQ_INT(game_stack(g, front, nf + draws, NULL, 0), 0);
    /* Everybody discards what he draws and passes, until the wall is drawn out. */
    int guard = 0;
    while (g->st.phase != PHASE_DEAL_END && guard++ < 1000) {
        if (g->st.phase == PHASE_TURN) {
            if (wall_drawable(&g->st.wall) == 0)
                break;
            tile_t t = g->st.drawn;
            struct action a = { .type = ACT_DISCARD, .seat = g->st.turn, .tile = t };
            if (game_apply(g, &a) != 0) {
                CHECK(0, "tsumogiri: %s", game_error(g));
                break;
            }
        } else {
            pass_all(g);
        }
        if (!invariants(g)) {
            CHECK(0, "invariant broken while drawing out the wall");
            break;
        }
    }
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);
    CHECK_EQ_INT(g->st.turn, S);
    CHECK_EQ_INT(g->st.drawn, five_z);
    CHECK_EQ_INT(wall_live(&g->st.wall), 0);
    CHECK_EQ_INT(act(g, ACT_DISCARD, S, "5z"), 0);
    if (last_discard == LAST_DISCARD_ANY && kong) {
        /* A kong on the last discard: no live tile to replenish the dead wall, so no
         * replacement, and the deal ends. */
        CHECK_EQ_INT(act(g, ACT_KONG, W, NULL), 0);
        CHECK_EQ_INT(game_hand(g, W)->nmelds, 1);
        CHECK_EQ_INT(hand_size(game_hand(g, W)), 13);
    } else if (last_discard == LAST_DISCARD_ANY) {
        CHECK_EQ_INT(g->st.phase, PHASE_CLAIM);
        CHECK_EQ_INT(game_waiting(g), 1 << W);
        CHECK_EQ_INT(act(g, ACT_PUNG, W, NULL), 0);
        CHECK_EQ_INT(g->st.turn, W);
        CHECK_EQ_INT(act(g, ACT_DISCARD, W, "1z"), 0);
        pass_all(g);
        CHECK_EQ_INT(game_hand(g, W)->nmelds, 1);
    }
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK_EQ_INT(g->st.result, DRAW_EXHAUSTIVE);
    const struct event *e = last_event(g, EV_DRAW_END);
    CHECK(e && e->v[0] == DRAW_EXHAUSTIVE, "exhaustive draw event");
    CHECK(invariants(g), "after the draw");
    for (int p = 0; p < 4; p++)
        CHECK_EQ_INT(g->st.points[p], 25000);
    game_free(g);
}

/* ---- bonus tiles ---- */

static void test_bonus_tiles(int source)
{
    const char *hands[4] = {
        "f1123m456m789m99s23p",
        "123s456s789s1z2z3z4z",
        "111p444p777p5z5z6z6z",
        "222p555p888p7z7z3s6s",
    };
    struct game_rules r;
    game_rules_default(&r);
    r.wall.bonus = true;
    r.wall.dead_policy = DEAD_NOT_REPLENISHED;
    r.wall.dead_size = 16;
    r.bonus_source = (uint8_t)source;
    /* From the kong box: g2 (a bonus again), then 5s; S's f3 is replaced by 6s.
     * From the head: the replacements are the next tiles drawn. */
    struct game *g = source == SRC_LOOSE ? stacked(&r, NULL, hands, "f3 9s", "g2 5s 6s")
                                         : stacked(&r, NULL, hands, "g2 5s f3 6s 9s", NULL);
    const struct hand *h = game_hand(g, E);
    CHECK_EQ_INT(h->nbonus, 2);
    CHECK(h->nbonus == 2 && h->bonus[0] == KIND_FLOWER1 && h->bonus[1] == KIND_SEASON1 + 1, "E exposed f1 g2");
    CHECK_EQ_STR(hand_str(g, E), "123456789m23p599s f1 g2");
    CHECK_EQ_INT(g->st.drawn, tile("5s"));
    int types[6] = { 0 }, n = 0;
    for (int i = 0; i < g->nlog && n < 6; i++)
        if (g->log[i].type == EV_BONUS || g->log[i].type == EV_DRAW)
            types[n++] = g->log[i].type * 100 + g->log[i].tile;
    CHECK(types[0] == EV_BONUS * 100 + tile("f1") && types[1] == EV_DRAW * 100 + tile("g2") &&
          types[2] == EV_BONUS * 100 + tile("g2") && types[3] == EV_DRAW * 100 + tile("5s"),
          "events: bonus f1, draw g2, bonus g2, draw 5s");
    CHECK(invariants(g), "after the deal with bonus tiles");
    CHECK_EQ_INT(act(g, ACT_DISCARD, E, "5s"), 0);
    pass_all(g);
    CHECK_EQ_INT(g->st.turn, S);
    CHECK_EQ_INT(g->st.drawn, tile("6s"));
    CHECK_EQ_STR(hand_str(g, S), "1234566789s1234z f3");
    CHECK(invariants(g), "after a drawn bonus tile");
    REFUSED(g, act(g, ACT_DISCARD, S, "f3"), "seat S cannot discard f3: the tile is not in the hand");
    if (source == SRC_LOOSE) {
        CHECK_EQ_INT(wall_dead(&g->st.wall), 13);
        CHECK_EQ_INT(wall_live(&g->st.wall), 144 - 16 - 53 - 1);
    } else {
        CHECK_EQ_INT(wall_dead(&g->st.wall), 16);
        CHECK_EQ_INT(wall_live(&g->st.wall), 144 - 16 - 53 - 4);
    }
    game_free(g);
}

/* ---- illegal actions in turn ---- */

static void test_illegal_in_turn(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, claim_hands, NULL, NULL);
    REFUSED(g, act(g, ACT_DISCARD, E, "9m"), "seat E cannot discard 9m: the tile is not in the hand");
    REFUSED(g, act(g, ACT_DISCARD, E, "0m"), "seat E cannot discard 0m: the tile is not in the hand");
    REFUSED(g, act(g, ACT_DISCARD, S, "1m"), "seat S cannot discard 1m: it is not this seat's turn");
    REFUSED(g, act(g, ACT_WIN, E, NULL), "seat E cannot win: the hand is not complete");
    REFUSED(g, act(g, ACT_PUNG, E, "3m"), "seat E cannot pung 3m: there is no discard to claim");
    REFUSED(g, act(g, ACT_KONG_CONCEALED, E, "1z"),
            "seat E cannot concealed kong 1z: four of the tile are needed in the hand");
    REFUSED(g, act(g, ACT_KONG_PROMOTED, E, "1z"), "seat E cannot promoted kong 1z: no melded pung of the tile");
    REFUSED(g, act(g, ACT_NEXT, E, NULL), "seat E cannot next: the deal is not over");
    REFUSED(g, act(g, ACT_EXTRA, E, "3m"), "seat E cannot extra 3m: the ruleset has no extra actions");
    struct action bad = { .type = ACT_DISCARD, .seat = 7 };
    REFUSED(g, game_apply(g, &bad), "seat ? cannot discard 1m: no such seat");
    game_free(g);
}

/* ---- hooks ---- */

struct scripted {
    bool fail_settle, refuse_wins, fail_next, abort_first;
    int settle_calls;
};

static int scripted_may_act(void *ctx, const struct game *g, const struct action *a, char *msg, size_t n)
{
    struct scripted *s = ctx;
    (void)g;
    if (a->type == ACT_WIN && s->refuse_wins) {
        snprintf(msg, n, "furiten");
        return HOOK_REFUSED;
    }
    return HOOK_OK;
}

static int scripted_extra_actions(void *ctx, const struct game *g, int seat, struct action *out, int max,
                              int *count, char *msg, size_t n)
{
    (void)ctx, (void)msg, (void)n;
    *count = 0;
    const struct hand *h = game_hand(g, seat);
    if (g->st.seats[seat].flags & 1)
        return HOOK_OK;
    for (int k = 0; k < TILE_KINDS && *count < max; k++)
        if (h->counts[k])
            out[(*count)++] = (struct action){ .type = ACT_EXTRA, .seat = (uint8_t)seat, .tile = (tile_t)k, .extra = 0 };
    return HOOK_OK;
}

static int scripted_apply_extra(void *ctx, const struct game *g, const struct action *a, struct extra_effect *eff,
                            char *msg, size_t n)
{
    (void)ctx, (void)g, (void)a, (void)msg, (void)n;
    eff->set_flags = 1;
    eff->deposit = 1000;
    eff->discard = true;
    return HOOK_OK;
}

static int scripted_settle_win(void *ctx, const struct game *g, const struct win *w, int nwins,
                           struct settlement *out, char *msg, size_t n)
{
    struct scripted *s = ctx;
    s->settle_calls++;
    if (s->fail_settle) {
        snprintf(msg, n, "boom at line 3");
        return HOOK_ERROR;
    }
    (void)nwins;
    out->taken = g->st.deposits;
    out->delta[w[0].seat] = 8000 + out->taken;
    out->delta[w[0].from] = -8000;
    return HOOK_OK;
}

static int scripted_next_deal(void *ctx, const struct game *g, struct next_deal *out, char *msg, size_t n)
{
    struct scripted *s = ctx;
    if (s->fail_next) {
        snprintf(msg, n, "no next deal");
        return HOOK_ERROR;
    }
    out->dealer_keeps = true;
    out->round = g->st.round;
    out->honba = (uint8_t)(g->st.honba + 1);
    return HOOK_OK;
}

static int scripted_check_abort(void *ctx, const struct game *g, bool *abort, char *msg, size_t n)
{
    struct scripted *s = ctx;
    (void)g;
    if (s->abort_first) {
        *abort = true;
        snprintf(msg, n, "four winds");
    }
    return HOOK_OK;
}

static void test_hooks(void)
{
    struct scripted st = { 0 };
    struct game_hooks hk = {
        .ctx = &st, .may_act = scripted_may_act, .extra_actions = scripted_extra_actions,
        .apply_extra = scripted_apply_extra, .settle_win = scripted_settle_win,
        .next_deal = scripted_next_deal, .check_abort = scripted_check_abort,
    };
    struct game_rules r;
    game_rules_default(&r);
    r.nextra = 1;
    strcpy(r.extra_names[0], "riichi");
    struct game *g = stacked(&r, &hk, win_hands, NULL, NULL);
    /* An extra action with a deposit and a discard. */
    CHECK(legal_has(g, E, ACT_EXTRA), "riichi offered");
    struct action riichi = { .type = ACT_EXTRA, .seat = E, .tile = tile("5z"), .extra = 0 };
    CHECK_EQ_INT(game_apply(g, &riichi), 0);
    CHECK_EQ_INT(game_points(g, E), 24000);
    CHECK_EQ_INT(g->st.deposits, 1000);
    CHECK_EQ_INT(g->st.seats[E].flags, 1);
    CHECK_EQ_INT(g->st.seats[E].discards[0].extra, 1);
    const struct event *e = last_event(g, EV_DISCARD);
    char line[256];
    event_json(&g->rules, e, 0, line, sizeof line);
    CHECK_EQ_STR(line, "{\"i\":0,\"type\":\"discard\",\"seat\":\"E\",\"tile\":\"5z\",\"with\":\"riichi\"}");
    CHECK(invariants(g), "after riichi");

    /* A refused win is not listed, and says why. */
    st.refuse_wins = true;
    game_refresh(g);   /* the hook's answers changed, the state did not */
    CHECK(!legal_has(g, N, ACT_WIN), "win refused by may_act");
    REFUSED(g, act(g, ACT_WIN, N, NULL), "seat N cannot win on 5z: furiten");
    st.refuse_wins = false;
    game_refresh(g);

    /* A settlement hook that fails refuses the action that completed the window. */
    st.fail_settle = true;
    CHECK_EQ_INT(act(g, ACT_PASS, S, NULL), 0);
    REFUSED(g, act(g, ACT_WIN, N, NULL), "hook settle_win failed: boom at line 3");
    CHECK_EQ_INT(g->st.phase, PHASE_CLAIM);
    st.fail_settle = false;
    CHECK_EQ_INT(act(g, ACT_WIN, N, NULL), 0);
    CHECK_EQ_INT(game_points(g, N), 34000);            /* 8000 + the deposit */
    CHECK_EQ_INT(game_points(g, E), 16000);
    CHECK_EQ_INT(g->st.deposits, 0);
    CHECK(invariants(g), "after the hooked settlement");

    /* next_deal: a failing hook changes nothing; then the dealer keeps the deal. */
    st.fail_next = true;
    REFUSED(g, act(g, ACT_NEXT, E, NULL), "hook next_deal failed: no next deal");
    st.fail_next = false;
    CHECK_EQ_INT(act(g, ACT_NEXT, E, NULL), 0);
    CHECK_EQ_INT(g->st.seat_player[E], 0);
    CHECK_EQ_INT(g->st.honba, 1);
    CHECK_EQ_INT(g->st.deal_no, 1);

    /* check_abort ends the deal after a discard nobody claims. */
    st.abort_first = true;
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, E, list, MAX_ACTIONS);
    int i = 0;
    while (i < n && list[i].type != ACT_DISCARD)
        i++;
    CHECK_EQ_INT(game_apply(g, &list[i]), 0);
    pass_all(g);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    e = last_event(g, EV_DRAW_END);
    CHECK(e && e->v[0] == DRAW_ABORTIVE && strcmp(e->text, "four winds") == 0, "abortive draw named");
    CHECK(invariants(g), "after the abortive draw");
    game_free(g);
}

/* ---- random self-play: invariants, replay, determinism ---- */

/* The shanten of the seat's hand after a discard of tile t. */
static int shanten_after(const struct game *g, int seat, tile_t t)
{
    const struct hand *h = game_hand(g, seat);
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    c[tile_kind(t)]--;
    return shanten_of(c, h->nmelds, g->rules.forms);
}

/* A greedy bot: wins, kongs, claims half the time, discards to the lowest shanten. */
static bool greedy_step(struct game *g, struct rng *r, struct action *out)
{
    int w = game_waiting(g);
    if (!w)
        return false;
    int s = 0;
    while (!(w & (1 << s)))
        s++;
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, s, list, MAX_ACTIONS);
    if (n == 0)
        return false;
    int best = -1, best_sh = 99, ties = 0;
    for (int i = 0; i < n; i++) {
        int t = list[i].type;
        bool aside = t == ACT_EXTRA && g->rules.set_aside.on && list[i].extra == g->rules.set_aside.extra;
        if (t == ACT_WIN || t == ACT_NEXT || t == ACT_KONG_PROMOTED || t == ACT_KONG_CONCEALED || aside ||
            ((t == ACT_PUNG || t == ACT_KONG || t == ACT_CHOW) && rng_below(r, 2) == 0)) {
            *out = list[i];
            return true;
        }
        if (t == ACT_DISCARD) {
            int sh = shanten_after(g, s, list[i].tile);
            if (sh < best_sh || (sh == best_sh && rng_below(r, (uint32_t)++ties + 1) == 0)) {
                if (sh < best_sh)
                    ties = 0;
                best_sh = sh;
                best = i;
            }
        }
    }
    *out = list[best >= 0 ? best : 0];   /* list[0] is pass in a window */
    return true;
}

/* Picks a seat and one of its legal actions: a win always, else uniformly. */
static bool random_step(struct game *g, struct rng *r, struct action *out)
{
    int w = game_waiting(g);
    if (!w)
        return false;
    int seats[4], ns = 0;
    for (int s = 0; s < 4; s++)
        if (w & (1 << s))
            seats[ns++] = s;
    int s = seats[rng_below(r, (uint32_t)ns)];
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, s, list, MAX_ACTIONS);
    if (n == 0)
        return false;
    for (int i = 0; i < n; i++)
        if (list[i].type == ACT_WIN) {
            *out = list[i];
            return true;
        }
    *out = list[rng_below(r, (uint32_t)n)];
    return true;
}

static void variant_rules(int v, struct game_rules *r)
{
    game_rules_default(r);
    switch (v) {
    case 1:   /* Classical-like: 144 tiles, kong box of 16, bonus from the live wall */
        r->wall.bonus = true;
        r->wall.second_throw = true;
        r->wall.dead_policy = DEAD_NOT_REPLENISHED;
        r->wall.dead_from_dice = true;
        r->bonus_source = SRC_HEAD;
        r->dead_empty_draw = true;
        r->forms = FORM_STANDARD | FORM_THIRTEEN_ORPHANS;
        r->rob_concealed_thirteen = true;
        r->wall.reds[1] = 1;
        break;
    case 2:   /* HK-like: no dead wall, replacements from the tail, 14 reserved, all winners */
        r->random_seats = true;
        r->wall.dice = 3;
        r->wall.dead_policy = DEAD_NONE;
        r->wall.dead_size = 0;
        r->wall.reserve = 14;
        r->multi_win = MULTI_ALL;
        r->last_discard = LAST_DISCARD_WIN_ONLY;
        break;
    case 3:   /* Japanese-like: dora, 4 kongs, red fives, double ron, kong after a claim */
        r->wall.reds[0] = 1, r->wall.reds[1] = 2, r->wall.reds[2] = 1;
        r->dora_first = 4;
        r->dora_step = 2;
        r->max_kongs = 4;
        r->multi_win = MULTI_DOUBLE_ONLY;
        r->kong_after_claim = true;
        r->kong_dora_after_discard = true;
        break;
    case 4:   /* IMS-like: one stockpile for everything, 13 each in seat order */
        r->wall.bonus = true;
        r->wall.dead_policy = DEAD_NONE;
        r->wall.dead_size = 0;
        r->wall.reserve = 13;
        r->bonus_source = SRC_HEAD;
        r->kong_source = SRC_HEAD;
        r->deal_order = DEAL_SEAT;
        r->win_after_claim = true;
        r->kong_after_claim = true;
        r->promote_after_claim = true;
        break;
    case 5:   /* sanma-like: three players, 108 tiles, no chow, North set aside and robbable */
        r->players = 3;
        r->wall.walls = 3;
        for (int k = 1; k <= 7; k++)
            r->wall.absent |= 1ull << k;
        r->wall.reds[1] = 1, r->wall.reds[2] = 1;
        r->claims = CLAIM_PUNG | CLAIM_KONG | CLAIM_WIN;
        r->no_meld_kinds = 1ull << KIND_NORTH;
        r->dora_first = 8;
        r->dora_step = 2;
        r->max_kongs = 4;
        r->multi_win = MULTI_ALL;
        r->no_kong_on_last_tile = true;
        r->nextra = 1;
        snprintf(r->extra_names[0], EXTRA_NAME, "kita");
        r->set_aside = (struct set_aside){ .on = true, .kind = KIND_NORTH, .extra = 0, .robbable = true,
                                           .is_call = true };
        r->start_points = 35000;
        break;
    case 6:   /* Sichuan-like: 108 tiles, no chow, exchange and missing suit before play, play after a win */
        for (int k = 27; k < 34; k++)
            r->wall.absent |= 1ull << k;
        r->wall.dead_policy = DEAD_NONE;
        r->wall.dead_size = 0;
        r->claims = CLAIM_PUNG | CLAIM_KONG | CLAIM_WIN;
        r->kong_source = SRC_HEAD;
        r->multi_win = MULTI_ALL;
        r->play_after_win = true;
        r->exchange = EXCHANGE_RANDOM;
        r->exchange_same_suit = true;
        r->declare_missing = true;
        r->missing_first = true;
        r->start_points = 0;
        break;
    default:
        break;
    }
}

static void test_self_play(void)
{
    long deals = 0, actions = 0, counts[EV_TYPES] = { 0 }, hows[3] = { 0 };
    int broken = 0;
    for (int v = 0; v < 7 && !broken; v++) {
        struct game_rules r;
        variant_rules(v, &r);
        char err[256];
        struct game *g = game_new(&r, NULL, 1, err, sizeof err);
        CHECK(g != NULL, "variant %d: %s", v, err);
        if (!g)
            return;
        struct rng pick;
        rng_seed(&pick, 1000 + (uint64_t)v);
        for (int m = 0; m < 60 && !broken; m++) {
            game_reset(g, (uint64_t)(v * 1000 + m));
            deals++;
            struct action a;
            while (m % 3 ? greedy_step(g, &pick, &a) : random_step(g, &pick, &a)) {
                int from = g->nlog;
                if (game_apply(g, &a) != 0) {
                    CHECK(0, "variant %d match %d: legal action refused: %s", v, m, game_error(g));
                    broken = 1;
                    break;
                }
                actions++;
                char msg[256];
                if (game_check(g, msg, sizeof msg) != 0) {
                    char line[256];
                    action_json(&g->rules, &a, line, sizeof line);
                    CHECK(0, "variant %d match %d after %s: %s", v, m, line, msg);
                    broken = 1;
                    break;
                }
                for (int i = from; i < g->nlog; i++) {
                    counts[g->log[i].type]++;
                    if (g->log[i].type == EV_WIN)
                        hows[g->log[i].src]++;
                    if (g->log[i].type == EV_DEAL_START)
                        deals++;
                }
            }
            if (!broken && g->st.phase != PHASE_MATCH_END) {
                CHECK(0, "variant %d match %d stopped in phase %d", v, m, g->st.phase);
                broken = 1;
            }
        }
        game_free(g);
    }
    CHECK(!broken, "self-play: %ld deals, %ld actions, invariants after every action", deals, actions);
    CHECK(deals >= 4800, "%ld deals played", deals);
    printf("self-play: %ld deals, %ld actions; wins self %ld discard %ld rob %ld; draws %ld; "
           "kongs claimed %ld concealed %ld promoted %ld; chows %ld pungs %ld; bonus %ld\n",
           deals, actions, hows[WIN_SELF_DRAW], hows[WIN_DISCARD], hows[WIN_ROB], counts[EV_DRAW_END],
           counts[EV_KONG], counts[EV_KONG_CONCEALED], counts[EV_KONG_PROMOTED], counts[EV_CHOW],
           counts[EV_PUNG], counts[EV_BONUS]);
    CHECK(hows[WIN_SELF_DRAW] > 0 && hows[WIN_DISCARD] > 0 && hows[WIN_ROB] > 0, "every kind of win happened");
    CHECK(counts[EV_KONG] > 0 && counts[EV_KONG_CONCEALED] > 0 && counts[EV_KONG_PROMOTED] > 0,
          "every kind of kong happened");
    CHECK(counts[EV_SET_ASIDE] > 100, "three players: %ld tiles set aside", counts[EV_SET_ASIDE]);
}

static unsigned long log_hash(const struct game *g)
{
    unsigned long h = 5381;
    char line[512];
    for (int i = 0; i < g->nlog; i++) {
        size_t n = event_json(&g->rules, &g->log[i], i, line, sizeof line);
        for (size_t j = 0; j < n; j++)
            h = h * 33 + (unsigned char)line[j];
    }
    return h;
}

static void test_replay_and_determinism(void)
{
    for (int v = 0; v < 5; v++) {
        struct game_rules r;
        variant_rules(v, &r);
        char err[256];
        struct game *a = game_new(&r, NULL, 77, err, sizeof err);
        struct game *b = game_new(&r, NULL, 77, err, sizeof err);
        struct rng pa, pb;
        rng_seed(&pa, 5);
        rng_seed(&pb, 5);
        struct action x;
        for (int i = 0; i < 300 && random_step(a, &pa, &x); i++)
            game_apply(a, &x);
        for (int i = 0; i < 300 && random_step(b, &pb, &x); i++)
            game_apply(b, &x);
        CHECK(a->nlog == b->nlog && log_hash(a) == log_hash(b) && memcmp(&a->st, &b->st, sizeof a->st) == 0,
              "variant %d: same seed and actions, same log and state", v);

        /* Replaying every action gives the same state and log. */
        unsigned long h = log_hash(a);
        struct snapshot s;
        snap(a, &s);
        CHECK_EQ_INT(game_replay(a, a->nacts), 0);
        CHECK(same(a, &s) && log_hash(a) == h, "variant %d: replay reproduces the state and the log", v);

        /* Undo after each of a few more actions. */
        bool ok = true;
        for (int i = 0; i < 20 && ok; i++) {
            snap(a, &s);
            h = log_hash(a);
            if (!random_step(a, &pa, &x))
                break;
            ok = game_apply(a, &x) == 0 && game_undo(a) == 0 && same(a, &s) && log_hash(a) == h;
            game_apply(a, &x);
        }
        CHECK(ok, "variant %d: undo restores the state and the log", v);
        game_free(a);
        game_free(b);
    }
    /* Another seed, another deal. */
    struct game_rules r;
    game_rules_default(&r);
    char err[256];
    struct game *a = game_new(&r, NULL, 1, err, sizeof err), *b = game_new(&r, NULL, 2, err, sizeof err);
    CHECK(memcmp(a->st.wall.t, b->st.wall.t, MAX_WALL) != 0, "seeds 1 and 2 give different walls");
    game_free(a);
    game_free(b);
}

static void test_random_seats(void)
{
    struct game_rules r;
    game_rules_default(&r);
    r.random_seats = true;
    char err[256];
    int firsts[4] = { 0 };
    for (uint64_t seed = 1; seed <= 200; seed++) {
        struct game *g = game_new(&r, NULL, seed, err, sizeof err);
        int seen = 0;
        for (int s = 0; s < 4; s++)
            seen |= 1 << g->st.seat_player[s];
        CHECK(seen == 15, "seed %llu: every player has a seat", (unsigned long long)seed);
        firsts[g->st.seat_player[E]]++;
        struct game *h = game_new(&r, NULL, seed, err, sizeof err);
        CHECK(memcmp(g->st.seat_player, h->st.seat_player, 4) == 0, "same seed, same seats");
        game_free(g);
        game_free(h);
    }
    CHECK(firsts[0] > 20 && firsts[1] > 20 && firsts[2] > 20 && firsts[3] > 20,
          "every player deals first sometimes: %d %d %d %d", firsts[0], firsts[1], firsts[2], firsts[3]);
}

/* The invariant check catches each kind of broken state: play into a deal with red
 * fives, break one thing in a copy of the state, expect the check to fail naming it. */
static bool check_fails(struct game *g, const char *want)
{
    char msg[256];
    if (game_check(g, msg, sizeof msg) == 0)
        return false;
    if (!strstr(msg, want)) {
        fprintf(stderr, "invariant message \"%s\" lacks \"%s\"\n", msg, want);
        return false;
    }
    return true;
}

/* A wall tile moved to a seat's discards by hand, with the counts the game keeps. */
static void discard_from_wall(struct game *g, struct seat_state *ss)
{
    tile_t t = g->st.wall.t[g->st.wall.head++];
    ss->discards[ss->ndiscards++] = (struct discard){ .tile = t, .claimed_by = SEAT_NONE };
    if (tile_kind(t) < TILE_KINDS) {
        g->st.shown[tile_kind(t)]++;
        ss->discarded |= 1ull << tile_kind(t);
    }
}

static void test_check_catches_corruption(void)
{
    struct game_rules r;
    game_rules_default(&r);
    r.wall.reds[0] = r.wall.reds[1] = r.wall.reds[2] = 1;
    char err[256];
    struct game *g = game_new(&r, NULL, 7, err, sizeof err);
    struct rng pick;
    rng_seed(&pick, 7);
    struct action a;
    /* into the deal: a few discards on the table, no seat in a claim window */
    for (int i = 0; i < 40 || g->st.phase != PHASE_TURN; i++)
        if (!random_step(g, &pick, &a) || game_apply(g, &a) != 0)
            break;
    CHECK(g->st.phase == PHASE_TURN && invariants(g), "a sound state in a turn");
    struct game_state saved = g->st;
    struct seat_state *ss = &g->st.seats[S];
    struct hand *h = &ss->hand;
    int k = 0, other = 0;
    while (!h->counts[k])
        k++;
    while (h->counts[other] || other == 27)
        other++;

    h->counts[k]--;   /* a tile gone */
    CHECK(check_fails(g, "seat S holds 12 tiles"), "a tile taken out of a hand");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    h->counts[k]--, h->counts[other]++;   /* a tile turned into another */
    CHECK(check_fails(g, "elsewhere"), "a tile of a hand changed");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    h->counts[k] = 5, h->counts[other] = 0;
    CHECK(check_fails(g, "more than 4"), "five of a kind in a hand");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    h->reds[0] = h->reds[0] ? 0 : 1;   /* a red five appears or goes */
    CHECK(check_fails(g, "red 0m"), "a red five in a hand");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    CHECK(ss->ndiscards > 0, "seat S has discarded");
    ss->discards[0].tile = (tile_t)(tile_kind(ss->discards[0].tile) == 27 ? 28 : 27);
    CHECK(check_fails(g, "elsewhere"), "a discard changed");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    ss->discards[0].claimed_by = N;   /* claimed, but in no meld */
    CHECK(check_fails(g, "elsewhere"), "a discard lost to a claim that made no meld");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    ss->discards[0].tile = (tile_t)(1 | TILE_RED);   /* a red 2m: no set has it */
    CHECK(check_fails(g, "no set has"), "a discard no set has");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    g->st.shown[k]++;   /* the kept count of tiles shown: one more than there are */
    CHECK(check_fails(g, "tiles shown to all kept wrong"), "the tiles shown kept wrong");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    ss->discarded ^= 1ull << other;   /* a kind among its discards it did not discard, or gone */
    CHECK(check_fails(g, "seat S: the kinds it discarded"), "the kinds discarded kept wrong");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    ss->declared = !ss->declared;
    CHECK(check_fails(g, "or its declarations kept wrong"), "the declarations kept wrong");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    struct wall *w = &g->st.wall;
    w->t[w->head + 5] = (tile_t)(tile_kind(w->t[w->head + 5]) == 33 ? 32 : 33);
    CHECK(check_fails(g, "elsewhere"), "a wall tile changed");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    w->t[w->head + 5] = (tile_t)(30 | TILE_RED);
    CHECK(check_fails(g, "elsewhere"), "a wall tile no set has");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    w->head++;   /* a tile drawn to nowhere */
    CHECK(check_fails(g, "elsewhere"), "a wall tile lost");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    w->head = w->live_end + 1;
    CHECK(check_fails(g, "wall: "), "the wall's head beyond its live end");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    h->melds[0] = (struct meld){ .type = MELD_CHOW, .kind = 8, .from = E };   /* 9m 1p 2p */
    h->nmelds = 1;
    h->counts[k]--;
    CHECK(check_fails(g, "meld 1 has kind 8"), "a chow across suits");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    g->st.points[W] += 1000;
    CHECK(check_fails(g, "points and deposits"), "points out of nowhere");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");
    /* a wall tile moved to the discards is sound; a wall tile changed as it moves is not,
     * nor an old discard changed as a new one is made */
    discard_from_wall(g, ss);
    CHECK(invariants(g), "a wall tile moved to the discards");
    w->t[w->head + 5] = (tile_t)(tile_kind(w->t[w->head + 5]) == 33 ? 32 : 33);
    discard_from_wall(g, ss);
    CHECK(check_fails(g, "elsewhere"), "a wall tile changed as the head moves");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");
    ss->discards[0].tile = (tile_t)(tile_kind(ss->discards[0].tile) == 27 ? 28 : 27);
    discard_from_wall(g, ss);
    CHECK(check_fails(g, "elsewhere"), "an old discard changed as a new one is made");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");
    w->t[w->dead_end - 1] = (tile_t)(tile_kind(w->t[w->dead_end - 1]) == 33 ? 32 : 33);
    CHECK(check_fails(g, "elsewhere"), "a dead wall tile changed");
    g->st = saved;
    CHECK(invariants(g), "the state restored is sound");   /* and remembered so */
    CHECK(invariants(g), "the state restored is sound");
    game_free(g);
}

/* may_complete, the quick test before a completeness test, never says no to a tile that
 * completes the hand: over ready hands of every form (and random ones), every kind. */
static void test_may_complete(void)
{
    static const char *ready[] = { "123m456p789s1122z", "1112345678999m", "19m19p19s1234567z", "19m19p19s123456z5z",
                                   "1133557799m1122p", "2234455m567p888s", "1233m", "4m", "5556677m", "13m", "8899s" };
    long tested = 0, completing = 0;
    bool missed = false;
    struct rng r;
    rng_seed(&r, 99);
    for (int i = 0; i < 4000 && !missed; i++) {
        uint8_t c[TILE_KINDS] = { 0 };
        int nmelds = 0;
        if (i < (int)(sizeof ready / sizeof *ready)) {
            struct hand h;
            if (notation_parse_hand(ready[i], &h, true, NULL) != 0)
                continue;
            memcpy(c, h.counts, sizeof c);
            int n = 0;
            for (int k = 0; k < TILE_KINDS; k++)
                n += c[k];
            if (n > 13) {   /* a 14-tile one: take off its last kind */
                int k = TILE_KINDS - 1;
                while (!c[k])
                    k--;
                c[k]--;
                n--;
            }
            nmelds = (13 - n) / 3;
        } else {   /* random: 13 - 3 * melds tiles, at most 4 of a kind */
            nmelds = (int)rng_below(&r, 5);
            for (int n = 0; n < 13 - 3 * nmelds;) {
                int k = (int)rng_below(&r, i % 2 ? TILE_KINDS : 9);
                if (c[k] < 4)
                    c[k]++, n++;
            }
        }
        for (int k = 0; k < TILE_KINDS; k++) {
            if (c[k] >= 4)
                continue;
            c[k]++;
            bool complete = complete_any(c, nmelds, FORM_ALL);
            c[k]--;
            tested++;
            completing += complete;
            if (complete && !may_complete(c, k, FORM_ALL)) {
                CHECK(0, "hand %d: kind %d completes it, may_complete says no", i, k);
                missed = true;
            }
        }
    }
    CHECK(!missed && completing > 50, "may_complete: %ld hand and tile pairs, %ld complete, none missed", tested, completing);
}

/* game_check remembers what it found sound and counts again only what changed: over
 * play in every variant, with one byte of the state changed at random after a sound
 * check (then put back), it answers as the check from scratch does. */
static void test_check_matches_full(void)
{
    long corrupted = 0, caught = 0, steps = 0;
    int differ = 0;
    for (int v = 0; v < 7 && !differ; v++) {
        struct game_rules r;
        variant_rules(v, &r);
        for (int su = 0; su < 3; su += 2)
            if (wall_has_kind(&r.wall, 9 * su + 4))
                r.wall.reds[su] = 1;
        char err[256];
        struct game *g = game_new(&r, NULL, 1, err, sizeof err);
        CHECK(g != NULL, "variant %d: %s", v, err);
        if (!g)
            return;
        struct rng pick;
        rng_seed(&pick, 77 + (uint64_t)v);
        for (int m = 0; m < 6 && !differ; m++) {
            game_reset(g, (uint64_t)(v * 100 + m));
            struct action a;
            while (!differ && (m % 2 ? greedy_step(g, &pick, &a) : random_step(g, &pick, &a)) && game_apply(g, &a) == 0) {
                char msg[256], full[256];
                steps++;
                if (game_check(g, msg, sizeof msg) != 0 || game_check_full(g, full, sizeof full) != 0) {
                    CHECK(0, "variant %d: a sound state fails: %s", v, msg);
                    differ = 1;
                    break;
                }
                for (int i = 0; i < 3; i++) {
                    struct game_state saved = g->st;
                    /* a byte of a hand, the discards, the wall or the points */
                    unsigned char *p = (unsigned char *)&g->st;
                    size_t at;
                    switch (rng_below(&pick, 4)) {
                    case 0:
                        at = offsetof(struct game_state, wall) + rng_below(&pick, sizeof g->st.wall);
                        break;
                    case 1:
                        at = offsetof(struct game_state, seats) + rng_below(&pick, sizeof g->st.seats);
                        break;
                    case 2:
                        at = offsetof(struct game_state, seats) + rng_below(&pick, (uint32_t)players(g)) * sizeof g->st.seats[0] +
                             rng_below(&pick, sizeof(struct hand));
                        break;
                    default:
                        at = rng_below(&pick, sizeof g->st);
                        break;
                    }
                    p[at] = (unsigned char)(rng_below(&pick, 2) ? p[at] + (rng_below(&pick, 2) ? 1u : 255u) : rng_below(&pick, 256));
                    int q = game_check(g, msg, sizeof msg), f = game_check_full(g, full, sizeof full);
                    corrupted++;
                    caught += f != 0;
                    if (q != f || (f && strcmp(msg, full))) {
                        CHECK(0, "variant %d: byte %zu changed: check says %d (%s), from scratch %d (%s)", v, at, q,
                              q ? msg : "", f, f ? full : "");
                        differ = 1;
                    }
                    g->st = saved;
                }
            }
        }
        game_free(g);
    }
    CHECK(!differ && caught > 1000, "%ld states, %ld bytes changed (%ld caught): the check answers as from scratch", steps,
          corrupted, caught);
}

/* Allowed discards, asked once per turn: only the red 5m and 5z here. */
static int only_red_and_white(void *ctx, const struct game *g, int seat, uint64_t *allowed, char *msg, size_t n)
{
    (void)g, (void)seat, (void)msg, (void)n;
    ++*(int *)ctx;
    *allowed = 1ull << DISCARD_RED | 1ull << tile_kind(tile("5z"));
    return HOOK_OK;
}

static void test_allowed_discards(void)
{
    const char *hands[4] = { "0m5m123p456p789s11z5z", claim_hands[1], claim_hands[2], claim_hands[3] };
    int calls = 0;
    struct game_hooks hk = { .ctx = &calls, .allowed_discards = only_red_and_white };
    struct game_rules r;
    game_rules_default(&r);
    r.wall.reds[0] = 1;
    struct game *g = stacked(&r, &hk, hands, NULL, NULL);
    struct action list[MAX_ACTIONS];
    int n = game_legal(g, E, list, MAX_ACTIONS), discards = 0;
    bool red = false, white = false;
    for (int i = 0; i < n; i++) {
        if (list[i].type != ACT_DISCARD)
            continue;
        discards++;
        red |= list[i].tile == tile("0m");
        white |= list[i].tile == tile("5z");
    }
    CHECK(discards == 2 && red && white, "only 0m and 5z may be discarded (%d discards)", discards);
    CHECK(calls <= 2, "asked %d times for one turn", calls);
    REFUSED(g, act(g, ACT_DISCARD, E, "5m"), "seat E cannot discard 5m: the ruleset does not allow this discard now");
    CHECK_EQ_INT(act(g, ACT_DISCARD, E, "0m"), 0);
    CHECK_EQ_STR(hand_str(g, E), "5m123456p789s115z");
    game_free(g);
}

/* settle_draw that fails while *ctx is set. */
static int draw_fails(void *ctx, const struct game *g, int kind, const char *reason, struct settlement *out, char *msg,
                      size_t n)
{
    (void)g, (void)kind, (void)reason;
    memset(out, 0, sizeof *out);
    if (*(bool *)ctx) {
        snprintf(msg, n, "draw fails");
        return HOOK_ERROR;
    }
    return HOOK_OK;
}

/* The last live tiles are the eight bonus tiles, each replaced from the head: the discard
 * before them ends the deal (no replacement is left) in settle_draw, which fails; the
 * discard is refused and the state is as it was, though tiles were still drawable. */
static void test_bonus_at_the_wall_end(void)
{
    const char *hands[4] = { "19m19p19s1234z6z7z8m8p", "28m28p28s1234z6z7z3m", "37m37p37s55z6z7z1z2z3z",
                             "46m46p46s4z6z7z2p2s3p5z" };
    struct game_rules r;
    game_rules_default(&r);
    r.wall.bonus = true;
    r.wall.dead_policy = DEAD_NOT_REPLENISHED;
    r.wall.dead_size = 16;
    r.bonus_source = SRC_HEAD;
    r.claims = 0;   /* no window: the discard itself draws the next tile */
    tile_t front[MAX_WALL], set[MAX_WALL];
    int nf = front_of(hands, NULL, front), n = wall_tile_set(&r.wall, set), live = n - r.wall.dead_size;
    bool used[MAX_WALL] = { false };
    mark_used(front, nf, set, n, used);
    for (int j = 0; j < n && nf < live - 8; j++)   /* the others first, the bonus tiles last */
        if (!used[j] && !kind_is_bonus(tile_kind(set[j]))) {
            used[j] = true;
            front[nf++] = set[j];
        }
    for (int j = 0; j < n; j++)
        if (!used[j] && kind_is_bonus(tile_kind(set[j])))
            front[nf++] = set[j];
    bool failing = false;
    struct game_hooks hk = { .ctx = &failing, .settle_draw = draw_fails };
    char err[256];
    struct game *g = game_new(&r, &hk, 1, err, sizeof err);
    CHECK_EQ_INT(game_stack(g, front, nf, NULL, 0), 0);
    int guard = 0;
    while (g->st.phase == PHASE_TURN && wall_drawable(&g->st.wall) > 8 && guard++ < 1000) {
        struct action a = { .type = ACT_DISCARD, .seat = g->st.turn, .tile = g->st.drawn };
        if (game_apply(g, &a) != 0) {
            CHECK(0, "tsumogiri: %s", game_error(g));
            break;
        }
    }
    CHECK_EQ_INT(wall_drawable(&g->st.wall), 8);
    failing = true;
    struct action a = { .type = ACT_DISCARD, .seat = g->st.turn, .tile = g->st.drawn };
    REFUSED(g, game_apply(g, &a), "hook settle_draw failed: draw fails");
    failing = false;
    CHECK_EQ_INT(game_apply(g, &a), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK(invariants(g), "after the bonus tiles at the wall's end");
    game_free(g);
}

/* ---- declarations the engine offers by itself (riichi-like) ---- */

static int extras_of(struct game *g, int seat, char *tiles, size_t n)
{
    struct action list[MAX_ACTIONS];
    int m = game_legal(g, seat, list, MAX_ACTIONS), count = 0;
    tiles[0] = '\0';
    for (int i = 0; i < m; i++)
        if (list[i].type == ACT_EXTRA) {
            char name[3];
            tile_name(list[i].tile, name);
            strncat(tiles, name, n - strlen(tiles) - 1);
            count++;
        }
    return count;
}

static void test_declarations(void)
{
    const char *hands[4] = { "0m5m67m123p456p789s1z", claim_hands[1], claim_hands[2], claim_hands[3] };
    struct game_rules r;
    game_rules_default(&r);
    r.wall.reds[0] = 1;
    r.nextra = 1;
    strcpy(r.extra_names[0], "riichi");
    r.ndeclarations = 1;
    r.declarations[0] = (struct declaration){ .extra = 0, .closed = true, .min_wall = 4, .min_points = 1000,
                                              .deposit = 1000, .flags = 1, .first_flags = 2, .unless_flags = 1 };
    r.lock_flags = r.claim_lock_flags = 1;
    struct game *g = stacked(&r, NULL, hands, "5m9m9m9m", NULL);
    char tiles[64];
    /* ready after 0m, 5m (waits 1z) or 1z (waits 5m 8m); the red five first */
    CHECK_EQ_INT(extras_of(g, E, tiles, sizeof tiles), 3);
    CHECK_EQ_STR(tiles, "0m5m1z");
    struct action a = { .type = ACT_EXTRA, .seat = E, .tile = tile("6m"), .extra = 0 };
    REFUSED(g, game_apply(g, &a),
            "seat E cannot riichi 6m: the declaration needs a discard that leaves the hand ready, and its conditions");
    a.tile = tile("1z");
    CHECK_EQ_INT(game_apply(g, &a), 0);
    CHECK_EQ_INT(g->st.seats[E].flags, 3);   /* first discard, no call: first_flags too */
    CHECK_EQ_INT(game_points(g, E), 24000);
    CHECK_EQ_INT(g->st.deposits, 1000);
    CHECK_EQ_INT(g->st.seats[E].discards[0].extra, 1);
    CHECK(invariants(g), "after the declaration");
    pass_all(g);
    CHECK_EQ_INT(act(g, ACT_DISCARD, S, "5m"), 0);
    CHECK(legal_has(g, E, ACT_WIN), "the declared seat may win on 5m");
    CHECK(!legal_has(g, E, ACT_PUNG), "but not pung it");
    REFUSED(g, act(g, ACT_PUNG, E, NULL), "seat E cannot pung 5m: after its declaration the seat claims a discard only to win");
    pass_all(g);
    CHECK_EQ_INT(act(g, ACT_DISCARD, W, "9m"), 0);
    pass_all(g);
    CHECK_EQ_INT(act(g, ACT_DISCARD, N, "9m"), 0);
    pass_all(g);
    CHECK_EQ_INT(g->st.turn, E);
    CHECK_EQ_INT(extras_of(g, E, tiles, sizeof tiles), 0);   /* declared already */
    REFUSED(g, act(g, ACT_DISCARD, E, "7m"), "seat E cannot discard 7m: after its declaration the seat discards only the tile it drew");
    game_free(g);

    r.declarations[0].min_points = 30000;   /* the seat has 25000 */
    g = stacked(&r, NULL, hands, NULL, NULL);
    CHECK_EQ_INT(extras_of(g, E, tiles, sizeof tiles), 0);
    game_free(g);
    r.declarations[0].min_points = 0;
    r.declarations[0].when = DECLARE_FIRST_DISCARD;
    r.declarations[0].first_flags = 0;
    g = stacked(&r, NULL, hands, NULL, NULL);
    CHECK_EQ_INT(extras_of(g, E, tiles, sizeof tiles), 3);
    CHECK_EQ_INT(act(g, ACT_DISCARD, E, "1z"), 0);   /* the first discard made without it */
    CHECK_EQ_INT(g->st.seats[E].flags, 0);
    game_free(g);
}

static void test_bad_rules(void)
{
    struct game_rules r;
    game_rules_default(&r);
    r.wall.dice = 5;
    char err[256];
    CHECK(game_new(&r, NULL, 1, err, sizeof err) == NULL, "invalid rules refused");
    CHECK_EQ_STR(err, "invalid rules: the dealer throws 2 or 3 dice");
    game_rules_default(&r);
    struct game *g = game_new(&r, NULL, 1, err, sizeof err);
    tile_t five[5];
    parse("11111m", five, 5);
    struct snapshot s;
    snap(g, &s);
    CHECK_EQ_INT(game_stack(g, five, 5, NULL, 0), -1);
    CHECK(same(g, &s), "a bad stacked wall changes nothing");
    CHECK(strstr(game_error(g), "1m") != NULL, "error names the tile: %s", game_error(g));
    game_free(g);
}

/* ---- robbing a concealed kong, dora, kong limit, three winners, special hands ---- */

static const char *orphan_hands[4] = {
    "1111z234m567m88p55s",
    "222333444m666p8s",
    "555p777p222s333s4s",
    "19m19p199s234567z",     /* thirteen orphans waiting on 1z */
};

static void test_rob_concealed_thirteen(void)
{
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, NULL, orphan_hands, NULL, "7s");
    CHECK_EQ_INT(act(g, ACT_KONG_CONCEALED, E, "1z"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_TURN);              /* not robbable by default */
    CHECK_EQ_INT(g->st.drawn, tile("7s"));
    game_free(g);

    r.rob_concealed_thirteen = true;
    g = stacked(&r, NULL, orphan_hands, NULL, "7s");
    CHECK_EQ_INT(act(g, ACT_KONG_CONCEALED, E, "1z"), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_ROB);
    CHECK_EQ_INT(game_waiting(g), 1 << N);
    CHECK(invariants(g), "rob window on a concealed kong");
    CHECK_EQ_INT(act(g, ACT_WIN, N, NULL), 0);
    CHECK_EQ_INT(g->st.wins[0].how, WIN_ROB);
    CHECK_EQ_INT(g->st.wins[0].from, E);
    CHECK(g->st.wins[0].flags & WINF_ROB_CONCEALED, "flag robbing a concealed kong");
    CHECK(invariants(g), "after robbing a concealed kong");
    game_free(g);
}

static void test_dora_and_kong_limit(void)
{
    struct game_rules r;
    game_rules_default(&r);
    r.dora_first = 4;
    r.dora_step = 2;
    r.max_kongs = 1;
    struct game *g = stacked(&r, NULL, kong_hands, "9s3z4z1m", "7s8s6s1p2p3p4p5p6p");
    CHECK_EQ_INT(g->st.ndora, 1);
    CHECK_EQ_INT(game_dora(g, 0), tile("2p"));          /* dead index 4 */
    CHECK_EQ_INT(game_ura(g, 0), tile("3p"));
    CHECK_EQ_INT(game_dora(g, 1), -1);
    act(g, ACT_KONG_CONCEALED, E, "1z");
    CHECK_EQ_INT(g->st.ndora, 2);
    const struct event *e = last_event(g, EV_DORA);
    CHECK(e && e->v[0] == 6, "the second indicator is dead index 6");
    CHECK_EQ_INT(game_dora(g, 0), tile("2p"));          /* still in place after the loose tile */
    CHECK_EQ_INT(game_dora(g, 1), tile("4p"));
    act(g, ACT_DISCARD, E, "9p");
    CHECK(!legal_has(g, S, ACT_KONG), "one kong per deal");
    CHECK(legal_has(g, S, ACT_PUNG), "a pung is still fine");
    REFUSED(g, act(g, ACT_KONG, S, NULL), "seat S cannot kong 9p: no more kongs in this deal");
    game_free(g);
}

/* Tenhou's kan dora timing: a claimed or promoted kong's indicator waits for the
 * declarer's discard; a concealed kong's is turned at once. */
static void test_kong_dora_after_discard(void)
{
    struct game_rules r;
    game_rules_default(&r);
    r.dora_first = 4;
    r.dora_step = 2;
    r.kong_dora_after_discard = true;
    struct game *g = stacked(&r, NULL, kong_hands, "9s3z4z1m", "7s8s6s1p2p3p4p5p6p");
    act(g, ACT_KONG_CONCEALED, E, "1z");
    CHECK_EQ_INT(g->st.ndora, 2);
    act(g, ACT_DISCARD, E, "9p");
    act(g, ACT_KONG, S, NULL);
    CHECK_EQ_INT(g->st.ndora, 2);                        /* waits for S's discard */
    CHECK_EQ_INT(act(g, ACT_DISCARD, S, "1m"), 0);
    CHECK_EQ_INT(g->st.ndora, 3);
    CHECK_EQ_INT(game_dora(g, 2), tile("6p"));          /* dead index 8 */
    const struct event *d = last_event(g, EV_DORA), *x = last_event(g, EV_DISCARD);
    CHECK(d && x && d > x, "the indicator is turned after the discard");
    CHECK(invariants(g), "after the late dora");
    game_free(g);
}

static void test_three_winners(void)
{
    const char *hands[4] = {
        "5z456p777p111z22z3z4z",
        "123m456m789m222p5z",
        "123s456s789s333p5z",
        "111m999m111s999s5z",
    };
    struct game_rules r;
    game_rules_default(&r);
    r.multi_win = MULTI_DOUBLE_ONLY;
    struct game *g = stacked(&r, NULL, hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    CHECK_EQ_INT(game_waiting(g), 1 << S | 1 << W | 1 << N);
    act(g, ACT_WIN, S, NULL);
    act(g, ACT_WIN, W, NULL);
    act(g, ACT_WIN, N, NULL);
    CHECK_EQ_INT(g->st.phase, PHASE_DEAL_END);
    CHECK_EQ_INT(g->st.result, DRAW_ABORTIVE);
    const struct event *e = last_event(g, EV_DRAW_END);
    CHECK(e && strcmp(e->text, "three winners") == 0, "aborted for three winners");
    game_free(g);

    r.multi_win = MULTI_ALL;
    g = stacked(&r, NULL, hands, NULL, NULL);
    act(g, ACT_DISCARD, E, "5z");
    act(g, ACT_WIN, W, NULL);
    act(g, ACT_PASS, S, NULL);
    act(g, ACT_WIN, N, NULL);
    CHECK_EQ_INT(g->st.nwins, 2);
    CHECK_EQ_INT(game_points(g, E), 23000);
    CHECK_EQ_INT(game_points(g, S), 25000);
    game_free(g);
}

static int special_calls;

/* Irregular hand for the test: any hand holding all four winds and 5z wins. */
static int scripted_special(void *ctx, const struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds,
                        bool *complete, char *msg, size_t n)
{
    (void)g, (void)seat, (void)nmelds;
    special_calls++;
    if (ctx) {
        snprintf(msg, n, "special exploded");
        return HOOK_ERROR;
    }
    *complete = counts[27] && counts[28] && counts[29] && counts[30] && counts[31];
    return HOOK_OK;
}

static void test_special_complete(void)
{
    struct game_hooks hk = { .special_complete = scripted_special };
    struct game_rules r;
    game_rules_default(&r);
    struct game *g = stacked(&r, &hk, win_hands, NULL, NULL);
    CHECK(legal_has(g, E, ACT_WIN), "the special hand wins");
    CHECK(special_calls > 0, "the hook was asked");
    CHECK_EQ_INT(act(g, ACT_WIN, E, NULL), 0);
    CHECK_EQ_INT(g->st.wins[0].how, WIN_SELF_DRAW);
    CHECK_EQ_INT(game_points(g, E), 28000);
    CHECK(invariants(g), "after a special win");
    game_free(g);

    int boom = 1;
    hk.ctx = &boom;
    g = stacked(&r, &hk, win_hands, NULL, NULL);
    CHECK(!legal_has(g, E, ACT_WIN), "a failing hook lists no win");
    CHECK(legal_has(g, E, ACT_DISCARD), "... but the discards, which it does not judge");
    CHECK(game_legal_error(g) && strstr(game_legal_error(g), "special exploded"), "the list says why");
    REFUSED(g, act(g, ACT_WIN, E, NULL), "hook special_complete failed: special exploded");
    /* the hook failing on the other seats' hands refuses their wins, not East's discard */
    CHECK_EQ_INT(act(g, ACT_DISCARD, E, "2p"), 0);
    CHECK_EQ_INT(g->st.could_win, 0);
    CHECK(invariants(g), "after a discard past a failing hook");
    game_free(g);
}

/* Every event of a few deals formats as one well-formed JSON object. */
static bool json_ok(const char *s)
{
    int depth = 0;
    bool in_str = false;
    if (s[0] != '{')
        return false;
    for (const char *p = s; *p; p++) {
        if (in_str) {
            if (*p == '"')
                in_str = false;
            continue;
        }
        if (*p == '"')
            in_str = true;
        else if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']')
            depth--;
        else if (*p == '\n')
            return false;
        if (depth == 0 && p[1])
            return false;
    }
    return depth == 0 && !in_str;
}

/* Kong money for the event test: each other seat pays the declarer 1. */
static int pay_one(void *ctx, const struct game *g, int seat, struct settlement *out, char *msg, size_t n)
{
    (void)ctx, (void)msg, (void)n;
    memset(out, 0, sizeof *out);
    for (int s = 0; s < g->rules.players; s++)
        if (s != seat) {
            out->delta[s]--;
            out->delta[seat]++;
        }
    return HOOK_OK;
}

static void test_event_json(void)
{
    static const struct game_hooks kong_money = { .settle_kong = pay_one };
    bool seen[EV_TYPES] = { false };
    int bad = 0;
    char line[512];
    struct game *g = NULL;
    for (int v = 1; v <= 7; v += 2) {
        struct game_rules r;
        variant_rules(v == 7 ? 6 : v, &r);   /* 7: the phases before play (variant 6) */
        char err[256];
        game_free(g);
        g = game_new(&r, v == 5 ? &kong_money : NULL, 3, err, sizeof err);   /* v 5: payment events */
        struct rng pick;
        rng_seed(&pick, 3);
        for (int m = 0; m < 10; m++) {
            struct action a;
            game_reset(g, (uint64_t)m);
            while (greedy_step(g, &pick, &a))
                game_apply(g, &a);
            for (int i = 0; i < g->nlog; i++) {
                size_t n = event_json(&g->rules, &g->log[i], i, line, sizeof line);
                seen[g->log[i].type] = true;
                if (n != strlen(line) || !json_ok(line)) {
                    if (!bad++)
                        fprintf(stderr, "bad JSON: %s\n", line);
                }
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    int kinds = 0;
    for (int t = 0; t < EV_TYPES; t++)
        kinds += seen[t];
    for (int t = 0; t < EV_TYPES; t++)
        if (!seen[t] && t != EV_EXTRA)
            fprintf(stderr, "not seen: %s\n", event_name(t));
    CHECK(kinds == EV_TYPES - 1 && !seen[EV_EXTRA], "%d of %d event types seen (all but extra)", kinds, EV_TYPES);
    /* Truncation: always NUL-terminated, length within the buffer. */
    char small[10];
    size_t n = event_json(&g->rules, &g->log[1], 1, small, sizeof small);
    CHECK(n == 9 && strlen(small) == 9, "truncated to the buffer: %zu", n);
    struct action d = { .type = ACT_CHOW, .seat = W, .chow = 2 };
    action_json(&g->rules, &d, line, sizeof line);
    CHECK_EQ_STR(line, "{\"type\":\"chow\",\"seat\":\"W\",\"chow\":\"3m\"}");
    game_free(g);
}

/* Hooks for the fuzz: may_act refuses chows of fives (a fact of the state); the
 * settlement and deal hooks fail every third call (the state must come back). */
static int fuzz_calls;

static int fuzz_may_act(void *ctx, const struct game *g, const struct action *a, char *msg, size_t n)
{
    (void)ctx;
    if (a->type == ACT_CHOW && kind_is_five(tile_kind(g->st.claim_tile))) {
        snprintf(msg, n, "no chow of a five");
        return HOOK_REFUSED;
    }
    return HOOK_OK;
}

static int fuzz_settle_win(void *ctx, const struct game *g, const struct win *w, int nwins,
                           struct settlement *out, char *msg, size_t n)
{
    (void)ctx, (void)g, (void)w, (void)nwins;
    if (++fuzz_calls % 3 == 0) {
        snprintf(msg, n, "settle fails");
        return HOOK_ERROR;
    }
    memset(out, 0, sizeof *out);
    return HOOK_OK;
}

static int fuzz_settle_draw(void *ctx, const struct game *g, int kind, const char *reason,
                            struct settlement *out, char *msg, size_t n)
{
    (void)ctx, (void)g, (void)kind, (void)reason;
    if (++fuzz_calls % 3 == 0) {
        snprintf(msg, n, "draw fails");
        return HOOK_ERROR;
    }
    memset(out, 0, sizeof *out);
    return HOOK_OK;
}

static int fuzz_settle_kong(void *ctx, const struct game *g, int seat, struct settlement *out, char *msg, size_t n)
{
    if (++fuzz_calls % 3 == 0) {
        snprintf(msg, n, "kong money fails");
        return HOOK_ERROR;
    }
    return pay_one(ctx, g, seat, out, msg, n);
}

static int fuzz_check_abort(void *ctx, const struct game *g, bool *abort, char *msg, size_t n)
{
    (void)ctx, (void)g, (void)msg, (void)n;
    if (++fuzz_calls % 7 == 0) {
        snprintf(msg, n, "abort fails");
        return HOOK_ERROR;
    }
    *abort = false;
    return HOOK_OK;
}

static int fuzz_allowed(void *ctx, const struct game *g, int seat, uint64_t *allowed, char *msg, size_t n)
{
    (void)ctx, (void)g, (void)seat, (void)msg, (void)n;
    *allowed = ~(1ull << 8 | 1ull << 17 | 1ull << 26);   /* no 9m 9p 9s */
    return HOOK_OK;
}

/* Random actions, mostly illegal: every refused one leaves the state as it was, and
 * an action is accepted exactly when game_legal lists it (unless a hook failed). */
static void test_fuzz_against_legal(void)
{
    long tried = 0, accepted = 0, disagree = 0, changed = 0, hook_failed = 0, settle_failed = 0, money_failed = 0;
    struct game_hooks hk = { .may_act = fuzz_may_act, .allowed_discards = fuzz_allowed, .settle_win = fuzz_settle_win,
                             .settle_draw = fuzz_settle_draw, .check_abort = fuzz_check_abort };
    /* Only a failing settle_win: most actions are applied without saving the state. */
    struct game_hooks settle_only = { .settle_win = fuzz_settle_win };
    /* Only failing kong money (and settle_draw): a claim window saves the state for a
     * claimed kong, the wall's end or a bonus tile's replacement, not for every answer. */
    struct game_hooks kong_only = { .settle_kong = fuzz_settle_kong };
    struct game_hooks money_only = { .settle_kong = fuzz_settle_kong, .settle_draw = fuzz_settle_draw };
    for (int v = 0; v < 25; v++) {
        struct game_rules r;
        variant_rules(v % 5, &r);
        char err[256];
        const struct game_hooks *hooks = v >= 20 ? &money_only : v >= 15 ? &kong_only : v >= 10 ? &settle_only
                                       : v >= 5  ? &hk : NULL;
        struct game *g = game_new(&r, hooks, 11, err, sizeof err);
        struct rng pick;
        rng_seed(&pick, 11 + (uint64_t)v);
        for (int step = 0; step < 30000; step++) {
            struct action x = {
                .type = (uint8_t)rng_below(&pick, ACT_TYPES), .seat = (uint8_t)rng_below(&pick, 4),
                .tile = (tile_t)(rng_below(&pick, ALL_KINDS) | (rng_below(&pick, 8) == 0 ? TILE_RED : 0)),
                .chow = (uint8_t)rng_below(&pick, TILE_KINDS), .extra = 0,
            };
            if (rng_below(&pick, 4) == 0 || (v >= 10 && rng_below(&pick, 2))) {
                /* a legal action of some seat (greedy where wins are wanted), slightly
                 * changed half the time */
                if (!(v >= 10 ? greedy_step(g, &pick, &x) : random_step(g, &pick, &x))) {
                    game_reset(g, (uint64_t)step);
                    continue;
                }
                if (rng_below(&pick, 2))
                    x.tile = (tile_t)rng_below(&pick, TILE_KINDS);
            }
            struct action list[MAX_ACTIONS];
            int n = game_legal(g, x.seat, list, MAX_ACTIONS);
            bool listed = false;
            for (int i = 0; i < n && !listed; i++) {
                const struct action *l = &list[i];
                if (l->type != x.type)
                    continue;
                switch (x.type) {
                case ACT_DISCARD:
                    listed = l->tile == x.tile;
                    break;
                case ACT_KONG_CONCEALED:
                case ACT_KONG_PROMOTED:
                    listed = l->tile == tile_kind(x.tile);
                    break;
                case ACT_CHOW:
                    listed = l->chow == x.chow;
                    break;
                default:
                    listed = true;
                }
            }
            struct snapshot before;
            snap(g, &before);
            int rc = game_apply(g, &x);
            tried++;
            if (rc == 0) {
                accepted++;
                if (!invariants(g))
                    changed++;
            } else if (!same(g, &before)) {
                changed++;
            }
            if (rc != 0 && strncmp(game_error(g), "hook ", 5) == 0) {
                hook_failed++;
                settle_failed += v >= 10 && v < 15;
                money_failed += v >= 15;
                continue;
            }
            if ((rc == 0) != listed) {
                if (!disagree++) {
                    char line[128];
                    action_json(&g->rules, &x, line, sizeof line);
                    fprintf(stderr, "variant %d: %s %s but %s\n", v, line, rc == 0 ? "applied" : "refused",
                            listed ? "listed" : "not listed");
                }
            }
            if (g->st.phase == PHASE_MATCH_END)
                game_reset(g, (uint64_t)step);
        }
        game_free(g);
    }
    CHECK_EQ_INT(disagree, 0);
    CHECK_EQ_INT(changed, 0);
    printf("fuzz: %ld of %ld random actions accepted, %ld refused by failing hooks\n", accepted, tried, hook_failed);
    CHECK(hook_failed > 100, "hooks failed %ld times", hook_failed);
    CHECK(settle_failed > 100, "settle_win alone failed %ld times", settle_failed);
    printf("fuzz: settle_win alone failed %ld times\n", settle_failed);
    CHECK(money_failed > 100, "settle_kong and settle_draw alone failed %ld times", money_failed);
    printf("fuzz: settle_kong and settle_draw alone failed %ld times\n", money_failed);
    CHECK(accepted > 10000, "%ld of %ld random actions accepted", accepted, tried);
}

int main(void)
{
    decompose_init();
    test_chow_only_from_left();
    test_pung_beats_chow_and_skips_turns();
    test_two_wins();
    test_win_beats_pung();
    test_three_kongs();
    test_rob_promoted_kong();
    test_exhaustive_draw(LAST_DISCARD_ANY, false);
    test_exhaustive_draw(LAST_DISCARD_ANY, true);
    test_exhaustive_draw(LAST_DISCARD_WIN_ONLY, false);
    test_exhaustive_draw(LAST_DISCARD_NONE, false);
    test_rob_concealed_thirteen();
    test_dora_and_kong_limit();
    test_three_winners();
    test_kong_dora_after_discard();
    test_special_complete();
    test_event_json();
    test_bonus_tiles(SRC_LOOSE);
    test_bonus_tiles(SRC_HEAD);
    test_bonus_at_the_wall_end();
    test_illegal_in_turn();
    test_hooks();
    test_replay_and_determinism();
    test_bad_rules();
    test_allowed_discards();
    test_declarations();
    test_random_seats();
    test_check_catches_corruption();
    test_check_matches_full();
    test_may_complete();
    test_fuzz_against_legal();
    test_self_play();
    return check_summary();
}
