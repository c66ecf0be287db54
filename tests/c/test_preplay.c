/* The phases before play on a stacked wall: the exchange of three tiles (legal choices,
 * refusals, hidden until all chose, the move in each direction), the missing suit
 * (hidden until all declared, never punged, discarded first), undo across the phases. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_private.h"   /* a test of the engine's internals */
#include "notation.h"
#include "stacked.h"

enum { E, S, W, N };

static void sichuan_rules(struct game_rules *r, int exchange)
{
    game_rules_default(r);
    for (int k = 27; k < 34; k++)
        r->wall.absent |= 1ull << k;
    r->wall.dead_policy = DEAD_NONE;
    r->wall.dead_size = 0;
    r->claims = CLAIM_PUNG | CLAIM_KONG | CLAIM_WIN;
    r->kong_source = SRC_HEAD;
    r->multi_win = MULTI_ALL;
    r->play_after_win = true;
    r->exchange = (uint8_t)exchange;
    r->exchange_same_suit = true;
    r->declare_missing = true;
    r->missing_first = true;
    r->start_points = 0;
}

static int pass3(struct game *g, int seat, const char *tiles)
{
    tile_t t[3];
    if (parse(tiles, t, 3) != 3)
        exit(2);
    struct action a = { .type = ACT_EXCHANGE, .seat = (uint8_t)seat, .tile = t[0], .more = { t[1], t[2] } };
    return game_apply(g, &a);
}

static int declare(struct game *g, int seat, int suit)
{
    struct action a = { .type = ACT_DECLARE, .seat = (uint8_t)seat, .extra = (uint8_t)suit };
    return game_apply(g, &a);
}

static const char *hand_str(const struct game *g, int seat)
{
    static char buf[4][128];
    notation_format_hand(game_hand(g, seat), buf[seat], sizeof buf[seat]);
    return buf[seat];
}

static bool invariants(const struct game *g)
{
    char msg[256];
    if (game_check(g, msg, sizeof msg) == 0)
        return true;
    fprintf(stderr, "invariant: %s\n", msg);
    return false;
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

static const char *hands[4] = { "111234m5678p1239s", "2345m6789p12345s", "5566m112233p799s", "6677m4455p44556s" };

static void test_exchange_right(void)
{
    struct game_rules r;
    sichuan_rules(&r, EXCHANGE_RIGHT);
    struct game *g = stacked(&r, NULL, hands, "1m8s", NULL);
    CHECK_EQ_INT(g->st.phase, PHASE_EXCHANGE);
    CHECK_EQ_INT(game_waiting(g), 15);
    struct action list[MAX_ACTIONS];
    /* m: 111 11x(3) 1xy(3) 234; p: 4 of 5678; s: 4 of 1239 */
    CHECK_EQ_INT(game_legal(g, E, list, MAX_ACTIONS), 16);
    CHECK(list[0].type == ACT_EXCHANGE && list[0].tile == 0 && list[0].more[0] == 0 && list[0].more[1] == 0,
          "the first choice is 1m1m1m");
    CHECK(pass3(g, E, "1m5p1s") < 0 && strstr(game_error(g), "one suit"), "one suit: %s", game_error(g));
    CHECK(pass3(g, E, "9m8m7m") < 0 && strstr(game_error(g), "not in the hand"), "held: %s", game_error(g));
    struct action d = { .type = ACT_DISCARD, .seat = E, .tile = 0 };
    CHECK(game_apply(g, &d) < 0 && strstr(game_error(g), "three tiles"), "no discard first: %s", game_error(g));
    /* in any order; the choice stays hidden in the hand until all have chosen */
    CHECK_EQ_INT(pass3(g, E, "3s1s2s"), 0);
    CHECK_EQ_STR(hand_str(g, E), "111234m5678p1239s");
    CHECK(pass3(g, E, "5p6p7p") < 0 && strstr(game_error(g), "already"), "once: %s", game_error(g));
    CHECK_EQ_INT(game_waiting(g), 14);
    CHECK_EQ_INT(game_legal(g, E, list, MAX_ACTIONS), 0);
    CHECK_EQ_INT(pass3(g, S, "345m"), 0);
    CHECK_EQ_INT(pass3(g, W, "112p"), 0);
    CHECK(invariants(g), "while choosing");
    CHECK_EQ_INT(pass3(g, N, "445p"), 0);
    /* right: each seat's tiles go to the seat after it */
    CHECK_EQ_STR(hand_str(g, E), "111234m4455678p9s");
    CHECK_EQ_STR(hand_str(g, S), "2m6789p11223345s");
    CHECK_EQ_STR(hand_str(g, W), "3455566m233p799s");
    CHECK_EQ_STR(hand_str(g, N), "6677m1125p44556s");
    int nex = 0;
    for (int i = 0; i < g->nlog; i++)
        if (g->log[i].type == EV_EXCHANGE) {
            const struct event *e = &g->log[i];
            CHECK(e->from == (e->seat + 1) % 4 && e->kind == EXCHANGE_RIGHT && e->n == 3, "exchange event %d", i);
            nex++;
        }
    CHECK_EQ_INT(nex, 4);
    char line[256];
    for (int i = 0; i < g->nlog; i++)
        if (g->log[i].type == EV_EXCHANGE) {
            event_json(&g->rules, &g->log[i], i, line, sizeof line);
            break;
        }
    CHECK(strstr(line, "\"seat\":\"E\",\"to\":\"S\",\"tiles\":\"1s2s3s\",\"direction\":\"right\""), "%s", line);
    CHECK(invariants(g), "after the exchange");

    /* the missing suit: hidden until every seat declared */
    CHECK_EQ_INT(g->st.phase, PHASE_DECLARE);
    CHECK_EQ_INT(game_legal(g, S, list, MAX_ACTIONS), 3);
    CHECK_EQ_INT(declare(g, E, 2), 0);
    CHECK_EQ_INT(missing_suit(g, E), -1);
    CHECK(declare(g, E, 1) < 0 && strstr(game_error(g), "already"), "once: %s", game_error(g));
    CHECK_EQ_INT(declare(g, S, 0), 0);
    CHECK_EQ_INT(declare(g, W, 2), 0);
    CHECK_EQ_INT(declare(g, N, 0), 0);
    CHECK_EQ_INT(missing_suit(g, E), 2);
    CHECK_EQ_INT(missing_suit(g, W), 2);
    action_json(&g->rules, &g->acts[g->nacts - 1], line, sizeof line);
    CHECK_EQ_STR(line, "{\"type\":\"declare\",\"seat\":\"N\",\"suit\":\"m\"}");
    int ndecl = 0;
    for (int i = 0; i < g->nlog; i++)
        ndecl += g->log[i].type == EV_DECLARE;
    CHECK_EQ_INT(ndecl, 4);

    /* play: the dealer in turn with 14 tiles; tiles of the missing suit go first */
    CHECK(g->st.phase == PHASE_TURN && g->st.turn == E && g->st.has_drawn, "the dealer's turn");
    int n = game_legal(g, E, list, MAX_ACTIONS);
    CHECK(n == 1 && list[0].type == ACT_DISCARD && list[0].tile == 8 + 18, "only 9s: %d actions", n);
    d.tile = 1;
    CHECK(game_apply(g, &d) < 0 && strstr(game_error(g), "missing suit"), "2m refused: %s", game_error(g));
    int at = g->nacts;
    unsigned long before = log_hash(g);
    d.tile = 26;
    CHECK_EQ_INT(game_apply(g, &d), 0);
    /* W holds 99s but declared bamboo missing: no pung offered, S draws */
    CHECK(g->st.phase == PHASE_TURN && g->st.turn == S, "nobody may pung 9s");
    n = game_legal(g, S, list, MAX_ACTIONS);
    CHECK(n == 2 && list[0].tile == 0 && list[1].tile == 1, "S discards 1m or 2m only: %d", n);
    CHECK(invariants(g), "in play");

    /* undo across the phases: back into the exchange, and forward again */
    CHECK_EQ_INT(game_replay(g, 3), 0);
    CHECK_EQ_INT(g->st.phase, PHASE_EXCHANGE);
    CHECK_EQ_INT(game_waiting(g), 8);
    CHECK_EQ_STR(hand_str(g, E), "111234m5678p1239s");
    CHECK_EQ_INT(pass3(g, N, "445p"), 0);
    for (int s = 0; s < 4; s++)
        declare(g, s, s == E || s == W ? 2 : 0);
    CHECK_EQ_INT(g->nacts, at);
    CHECK(log_hash(g) == before, "the same log after undo and replay");
    game_free(g);
}

/* Left, across, and the direction by the dice and at random. */
static void test_directions(void)
{
    static const int dirs[] = { EXCHANGE_LEFT, EXCHANGE_ACROSS, EXCHANGE_DICE, EXCHANGE_RANDOM };
    static const char *passes[4] = { "123s", "345m", "112p", "445p" };
    for (int i = 0; i < 4; i++) {
        struct game_rules r;
        sichuan_rules(&r, dirs[i]);
        struct game *g = stacked(&r, NULL, hands, "1m8s", NULL);
        for (int s = 0; s < 4; s++)
            CHECK_EQ_INT(pass3(g, s, passes[s]), 0);
        int to = g->st.exchange_to, step = to == EXCHANGE_RIGHT ? 1 : to == EXCHANGE_ACROSS ? 2 : 3;
        if (dirs[i] == EXCHANGE_DICE) {
            int t = g->st.wall.dice[0] + g->st.wall.dice[1];
            CHECK_EQ_INT(to, t % 3 == 0 ? EXCHANGE_LEFT : t % 3 == 1 ? EXCHANGE_RIGHT : EXCHANGE_ACROSS);
        } else if (dirs[i] != EXCHANGE_RANDOM) {
            CHECK_EQ_INT(to, dirs[i]);
        }
        for (int j = 0; j < g->nlog; j++)
            if (g->log[j].type == EV_EXCHANGE)
                CHECK(g->log[j].from == (g->log[j].seat + step) % 4, "direction %d: %d passes to %d", to,
                      g->log[j].seat, g->log[j].from);
        if (to == EXCHANGE_LEFT)   /* E gets what S passes */
            CHECK_EQ_STR(hand_str(g, E), "111233445m5678p9s");
        if (to == EXCHANGE_ACROSS)
            CHECK_EQ_STR(hand_str(g, E), "111234m1125678p9s");
        CHECK(invariants(g), "direction %d", to);
        game_free(g);
    }
}


/* Is x (an exchange in any order, a declaration) among the listed actions? */
static bool listed(const struct action *list, int n, const struct action *x)
{
    tile_t a[3] = { x->tile, x->more[0], x->more[1] };
    for (int i = 0; i < n; i++) {
        const struct action *l = &list[i];
        if (l->type != x->type)
            continue;
        if (x->type == ACT_DECLARE) {
            if (l->extra == x->extra)
                return true;
            continue;
        }
        tile_t b[3] = { l->tile, l->more[0], l->more[1] };
        bool used[3] = { false, false, false };
        int same = 0;
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++)
                if (!used[k] && a[j] == b[k]) {
                    used[k] = true;
                    same++;
                    break;
                }
        if (same == 3)
            return true;
    }
    return false;
}

/* Random exchanges and declarations (of any seat, tiles held or not, any order): applied
 * exactly when listed, a refusal changes nothing, the invariants hold; then play on. */
static void test_fuzz_phases(void)
{
    long tried = 0, accepted = 0, disagree = 0, broken = 0;
    for (int same = 0; same < 2; same++) {
        struct game_rules r;
        sichuan_rules(&r, EXCHANGE_RANDOM);
        r.exchange_same_suit = same;
        char err[256];
        struct game *g = game_new(&r, NULL, 5, err, sizeof err);
        struct rng pick;
        rng_seed(&pick, 99 + (uint64_t)same);
        for (int m = 0; m < 300; m++) {
            game_reset(g, (uint64_t)m);
            while (g->st.phase == PHASE_EXCHANGE || g->st.phase == PHASE_DECLARE) {
                int seat = (int)rng_below(&pick, 4);
                struct action list[MAX_ACTIONS], x = { .seat = (uint8_t)seat };
                int n = game_legal(g, seat, list, MAX_ACTIONS);
                if (n && rng_below(&pick, 3) == 0) {
                    x = list[rng_below(&pick, (uint32_t)n)];
                    tile_t t = x.tile;   /* the same tiles in another order */
                    x.tile = x.more[1], x.more[1] = t;
                } else {
                    x.type = rng_below(&pick, 2) ? ACT_EXCHANGE : ACT_DECLARE;
                    x.extra = (uint8_t)rng_below(&pick, 4);
                    const struct hand *h = game_hand(g, seat);
                    tile_t held[20];
                    int nh = 0;
                    for (int k = 0; k < TILE_KINDS; k++)
                        for (int c = 0; c < h->counts[k]; c++)
                            held[nh++] = (tile_t)k;
                    tile_t *t[3] = { &x.tile, &x.more[0], &x.more[1] };
                    for (int i = 0; i < 3; i++)
                        *t[i] = rng_below(&pick, 4) ? held[rng_below(&pick, (uint32_t)nh)] : (tile_t)rng_below(&pick, 27);
                }
                int nlog = g->nlog;
                char before[4][128];
                for (int s = 0; s < 4; s++)
                    snprintf(before[s], sizeof before[s], "%s", hand_str(g, s));
                int rc = game_apply(g, &x);
                tried++;
                accepted += rc == 0;
                if ((rc == 0) != listed(list, n, &x) && !disagree++) {
                    char line[128];
                    action_json(&g->rules, &x, line, sizeof line);
                    fprintf(stderr, "phase %d: %s %s (%s) but %slisted\n", g->st.phase, line, rc == 0 ? "applied" : "refused",
                            game_error(g), listed(list, n, &x) ? "" : "not ");
                }
                if (rc != 0)
                    for (int s = 0; s < 4; s++)
                        broken += g->nlog != nlog || strcmp(before[s], hand_str(g, s)) != 0;
                if (!invariants(g))
                    broken++;
            }
            struct action list[MAX_ACTIONS];
            int n = game_legal(g, E, list, MAX_ACTIONS);
            broken += g->st.phase != PHASE_TURN || n == 0 || !invariants(g);
            /* the dealer in turn discards tiles of its missing suit first */
            int suit = missing_suit(g, E);
            bool holds = false;
            for (int k = 9 * suit; k < 9 * suit + 9; k++)
                holds |= game_hand(g, E)->counts[k] > 0;
            for (int i = 0; holds && i < n; i++)
                broken += list[i].type == ACT_DISCARD && tile_kind(list[i].tile) / 9 != suit;
        }
        game_free(g);
    }
    CHECK(disagree == 0, "%ld of %ld random phase actions disagree with the legal lists", disagree, tried);
    CHECK(broken == 0, "%ld broken states", broken);
    CHECK(accepted > 1000, "%ld of %ld accepted", accepted, tried);
}

int main(void)
{
    decompose_init();
    test_exchange_right();
    test_directions();
    test_fuzz_phases();
    return check_summary();
}
