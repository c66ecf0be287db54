/* The phases before play (Sichuan): the exchange of three tiles and the declaration of a
 * missing suit. In each, every seat answers once, hidden from the others (the choice
 * stays in the seat's state); when the last seat has answered, the tiles move together
 * (one exchange event per seat) or the suits are shown together (one declaration event
 * per seat). Then the dealer is in turn with the 14 tiles it holds. */
#include "game_private.h"

#include <stdio.h>
#include <string.h>

/* The seat a tile passed by seat s goes to. */
static int receiver(const struct game *g, int s)
{
    switch (g->st.exchange_to) {
    case EXCHANGE_RIGHT:
        return seat_after(g, s, 1);
    case EXCHANGE_ACROSS:
        return seat_after(g, s, 2);
    default:
        return seat_after(g, s, players(g) - 1);
    }
}

static void dealer_turn(struct game *g, tile_t drawn)
{
    struct game_state *st = &g->st;
    st->phase = PHASE_TURN;
    st->turn = 0;
    st->waiting = 0;
    st->has_drawn = true;
    st->drawn = drawn;
    st->drawn_loose = st->drawn_aside = false;
    st->after_claim = false;
}

static void open_declare(struct game *g, tile_t drawn)
{
    g->st.phase = PHASE_DECLARE;
    g->st.waiting = (uint8_t)all_seats(g);
    g->st.drawn = drawn;   /* kept for the dealer's turn */
}

void preplay_begin(struct game *g, tile_t drawn)
{
    struct game_state *st = &g->st;
    st->exchange_to = 0;
    if (g->rules.exchange != EXCHANGE_OFF) {
        int to = g->rules.exchange;
        if (to == EXCHANGE_RANDOM) {
            static const uint8_t dirs[] = { EXCHANGE_RIGHT, EXCHANGE_ACROSS, EXCHANGE_LEFT };
            to = dirs[rng_below(&st->rng, 3)];
        } else if (to == EXCHANGE_DICE) {
            int t = 0;
            for (int i = 0; i < st->wall.ndice; i++)
                t += st->wall.dice[i];
            static const uint8_t dirs[] = { EXCHANGE_LEFT, EXCHANGE_RIGHT, EXCHANGE_ACROSS };
            to = dirs[t % 3];
        }
        st->exchange_to = (uint8_t)to;
        st->phase = PHASE_EXCHANGE;
        st->waiting = (uint8_t)all_seats(g);
        st->drawn = drawn;
        return;
    }
    if (g->rules.declare_missing) {
        open_declare(g, drawn);
        return;
    }
    dealer_turn(g, drawn);
}

/* ---- legality ---- */

static int refuse(const char **why, const char *reason)
{
    *why = reason;
    return REFUSED;
}

static int tile_order(tile_t a, tile_t b)
{
    int ka = tile_kind(a), kb = tile_kind(b);
    return ka != kb ? ka - kb : (int)tile_is_red(a) - (int)tile_is_red(b);
}

/* The three tiles of an exchange, in tile order (plain before red). */
static void exchange_tiles(const struct action *a, tile_t t[EXCHANGE_TILES])
{
    t[0] = a->tile, t[1] = a->more[0], t[2] = a->more[1];
    for (int i = 1; i < EXCHANGE_TILES; i++)
        for (int j = i; j > 0 && tile_order(t[j - 1], t[j]) > 0; j--) {
            tile_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

int preplay_check(struct game *g, struct action *a, const char **why)
{
    const struct game_state *st = &g->st;
    int s = a->seat;
    if (st->phase == PHASE_EXCHANGE) {
        if (a->type != ACT_EXCHANGE)
            return refuse(why, "every seat first passes three tiles (exchange)");
        tile_t t[EXCHANGE_TILES];
        exchange_tiles(a, t);
        struct hand h = st->seats[s].hand;
        for (int i = 0; i < EXCHANGE_TILES; i++) {
            if (!hand_has(&h, t[i]))
                return refuse(why, "the three tiles are not in the hand");
            hand_take(&h, t[i]);
        }
        if (g->rules.exchange_same_suit &&
            (tile_kind(t[0]) >= 27 || tile_kind(t[0]) / 9 != tile_kind(t[2]) / 9 || tile_kind(t[1]) / 9 != tile_kind(t[0]) / 9))
            return refuse(why, "the three tiles passed are of one suit");
        a->tile = t[0], a->more[0] = t[1], a->more[1] = t[2];
        return st->waiting & (1 << s) ? LEGAL : refuse(why, "the seat has already chosen its three tiles");
    }
    if (a->type != ACT_DECLARE)
        return refuse(why, "every seat first declares its missing suit (declare)");
    if (a->extra > 2)
        return refuse(why, "the missing suit is m, p or s");
    a->tile = 0;
    return st->waiting & (1 << s) ? LEGAL : refuse(why, "the seat has already declared");
}

/* Every exchange the seat may choose: each set of three of its tiles (a red five apart
 * from a plain one), of one suit with exchange_same_suit, in tile order. */
static int exchange_list(const struct game *g, int seat, struct action *out, int max)
{
    const struct hand *h = &g->st.seats[seat].hand;
    tile_t ids[2 * TILE_KINDS];
    uint8_t have[2 * TILE_KINDS];
    int nid = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        int reds = reds_of(h, k);
        if (h->counts[k] > reds)
            ids[nid] = (tile_t)k, have[nid++] = (uint8_t)(h->counts[k] - reds);
        if (reds)
            ids[nid] = (tile_t)(k | TILE_RED), have[nid++] = (uint8_t)reds;
    }
    int n = 0;
    bool same = g->rules.exchange_same_suit;
    for (int i = 0; i < nid; i++) {
        int ki = tile_kind(ids[i]);
        if (same && ki >= 27)
            break;
        for (int j = i; j < nid; j++) {
            if (j == i && have[i] < 2)
                continue;
            if (same && tile_kind(ids[j]) / 9 != ki / 9)
                break;
            for (int l = j; l < nid; l++) {
                int need = 1 + (l == j) + (l == i);
                if (need > have[l])
                    continue;
                if (same && tile_kind(ids[l]) / 9 != ki / 9)
                    break;
                if (n >= max)
                    return n;
                struct action *o = &out[n++];
                memset(o, 0, sizeof *o);
                o->type = ACT_EXCHANGE;
                o->seat = (uint8_t)seat;
                o->tile = ids[i], o->more[0] = ids[j], o->more[1] = ids[l];
            }
        }
    }
    return n;
}

int preplay_list(struct game *g, int seat, struct action *out, int max)
{
    if (!(g->st.waiting & (1 << seat)))
        return 0;
    if (g->st.phase == PHASE_EXCHANGE)
        return exchange_list(g, seat, out, max);
    int n = 0;
    for (int suit = 0; suit < 3 && n < max; suit++) {
        struct action *o = &out[n++];
        memset(o, 0, sizeof *o);
        o->type = ACT_DECLARE;
        o->seat = (uint8_t)seat;
        o->extra = (uint8_t)suit;
    }
    return n;
}

/* ---- applying ---- */

/* Every seat has chosen: the tiles leave all hands, then reach the receivers. */
static void move_tiles(struct game *g)
{
    struct game_state *st = &g->st;
    for (int s = 0; s < players(g); s++)
        for (int i = 0; i < EXCHANGE_TILES; i++)
            hand_take(&st->seats[s].hand, st->seats[s].passing[i]);
    int giver = 0;   /* the seat that passes to the dealer */
    for (int s = 0; s < players(g); s++) {
        int to = receiver(g, s);
        struct event *e = ev_new(g, EV_EXCHANGE, s);
        e->from = (uint8_t)to;
        e->kind = st->exchange_to;
        e->n = EXCHANGE_TILES;
        for (int i = 0; i < EXCHANGE_TILES; i++) {
            e->tiles[i] = st->seats[s].passing[i];
            hand_add(&st->seats[to].hand, st->seats[s].passing[i]);
        }
        if (to == 0)
            giver = s;
    }
    /* the dealer's "drawn" tile, if it was passed on: the last one it received */
    tile_t drawn = st->drawn;
    if (!hand_has(&st->seats[0].hand, drawn))
        drawn = st->seats[giver].passing[EXCHANGE_TILES - 1];
    st->drawn = drawn;
}

int preplay_apply(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    int s = a->seat;
    st->waiting &= (uint8_t)~(1 << s);
    if (st->phase == PHASE_EXCHANGE) {
        st->seats[s].passing[0] = a->tile;
        st->seats[s].passing[1] = a->more[0];
        st->seats[s].passing[2] = a->more[1];
        if (st->waiting)
            return 0;
        move_tiles(g);
        if (g->rules.declare_missing)
            open_declare(g, st->drawn);
        else
            dealer_turn(g, st->drawn);
        return 0;
    }
    st->seats[s].missing = (uint8_t)(a->extra + 1);
    if (st->waiting)
        return 0;
    for (int i = 0; i < players(g); i++) {
        struct event *e = ev_new(g, EV_DECLARE, i);
        e->kind = (uint8_t)(st->seats[i].missing - 1);
    }
    dealer_turn(g, st->drawn);
    return 0;
}
