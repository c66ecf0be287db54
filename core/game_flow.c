/* The turn flow: applying actions, claim windows, draws, wins, settlement, deals. */
#include "game_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the flow ---- */

/* Whether v is within the 32 bits points and deposits are kept in (a hook's payments are
 * each within them, but not every seat's points after many of them). */
static bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* Refuses (-1) a change of the seats' points by delta that takes one beyond 32 bits. */
static int points_fit(struct game *g, const int32_t *delta, const char *what)
{
    for (int i = 0; i < players(g); i++) {
        int64_t after = (int64_t)g->st.points[g->st.seat_player[i]] + delta[i];
        if (!fits32(after)) {
            snprintf(g->err, sizeof g->err, "%s takes seat %c's points to %lld, beyond 32 bits", what,
                     seat_letters[i], (long long)after);
            return -1;
        }
    }
    return 0;
}

static int settle(struct game *g, const struct settlement *s)
{
    struct game_state *st = &g->st;
    int64_t sum = 0;
    for (int i = 0; i < MAX_PLAYERS; i++)
        sum += s->delta[i];
    if (s->taken < 0 || s->taken > st->deposits || sum != s->taken) {
        snprintf(g->err, sizeof g->err,
                 "settlement does not balance: payments sum to %ld, deposits taken %ld of %ld",
                 (long)sum, (long)s->taken, (long)st->deposits);
        return -1;
    }
    for (int i = players(g); i < MAX_PLAYERS; i++)
        if (s->delta[i]) {
            snprintf(g->err, sizeof g->err, "settlement pays seat %c, which is not at the table", seat_letters[i]);
            return -1;
        }
    if (points_fit(g, s->delta, "settlement") < 0)
        return -1;
    struct event *e = ev_new(g, EV_SETTLE, SEAT_NONE);
    for (int i = 0; i < players(g); i++) {
        st->points[st->seat_player[i]] += s->delta[i];
        st->last_delta[i] = s->delta[i];
        e->v[i] = s->delta[i];
    }
    st->deposits -= s->taken;
    e->v[4] = s->taken;
    st->phase = PHASE_DEAL_END;
    return 0;
}

static int end_draw(struct game *g, int kind, const char *reason)
{
    struct game_state *st = &g->st;
    struct settlement s;
    memset(&s, 0, sizeof s);
    if (g->hooks.settle_draw) {
        g->msg[0] = '\0';
        if (g->hooks.settle_draw(g->hooks.ctx, g, kind, reason, &s, g->msg, sizeof g->msg) != HOOK_OK)
            return hook_error(g, "settle_draw");
    }
    struct event *e = ev_new(g, EV_DRAW_END, SEAT_NONE);
    e->v[0] = kind;
    e->v[1] = st->left;
    snprintf(e->text, sizeof e->text, "%s", reason);
    st->result = (uint8_t)kind;
    return settle(g, &s);
}

/* A discard added to the seat's: shown (until claimed), its kind among the seat's. */
static void add_discard(struct game_state *st, int s, tile_t t, int extra)
{
    struct seat_state *ss = &st->seats[s];
    ss->discards[ss->ndiscards++] = (struct discard){ .tile = t, .claimed_by = SEAT_NONE, .extra = (uint8_t)extra };
    int k = tile_kind(t);
    if (k < TILE_KINDS) {
        st->shown[k]++;
        ss->discarded |= 1ull << k;
        ss->declared |= extra != 0;
    }
}

static void reveal_dora(struct game *g)
{
    struct game_state *st = &g->st;
    if (!g->rules.dora_step)
        return;
    int idx = g->rules.dora_first + st->ndora * g->rules.dora_step;
    int t = wall_dead_tile(&st->wall, idx);
    if (t < 0)
        return;
    struct event *e = ev_tile(g, EV_DORA, SEAT_NONE, (tile_t)t);
    e->v[0] = idx;
    st->ndora++;
    if (tile_kind((tile_t)t) < TILE_KINDS)
        st->shown[tile_kind((tile_t)t)]++;
}

/* A tile from a replacement source; -1 when there is none. */
static int take_from(struct game *g, int src)
{
    struct wall *w = &g->st.wall;
    if (src == SRC_HEAD)
        return wall_draw_head(w);
    if (g->rules.dead_empty_draw && !wall_loose_from_dead(w))
        return -1;
    return wall_loose(w);
}

static int do_wins(struct game *g, const int *seats, int n, int how, int from, tile_t tile);
static int open_window(struct game *g, int phase, int from, tile_t t);

/* Flower wins (rules.flower_wins) when seat has just exposed bonus tile b in play: with
 * eight (or rules.flower_win_at = 7: seven) it wins at once, if the ruleset's score says
 * so (may_act, one truth); with flower_win_at = 8 a seat holding the other seven may rob
 * it (a rob window, ROB_BONUS). Returns 1 when the deal went on elsewhere (a win, or a
 * window opened), 0 to go on, -1 on a failure. */
static int flower_win(struct game *g, int seat, tile_t b)
{
    struct game_state *st = &g->st;
    if (st->seats[seat].hand.nbonus >= g->rules.flower_win_at) {
        if (g->hooks.may_act && (g->rules.ask_mask & (1u << ACT_WIN))) {
            struct action a = { .type = ACT_WIN, .seat = (uint8_t)seat, .tile = b };
            g->msg[0] = '\0';
            int r = g->hooks.may_act(g->hooks.ctx, g, &a, g->msg, sizeof g->msg);
            if (r == HOOK_ERROR)
                return hook_error(g, "may_act");
            if (r != HOOK_OK)
                return 0;
        }
        int winner[1] = { seat };
        return do_wins(g, winner, 1, WIN_SELF_DRAW, SEAT_NONE, b) < 0 ? -1 : 1;
    }
    for (int o = 0; g->rules.flower_win_at == 8 && o < players(g); o++) {
        if (o == seat || (st->left >> o & 1) || st->seats[o].hand.nbonus != 7)
            continue;
        st->rob_type = ROB_BONUS;
        int ask = open_window(g, PHASE_ROB, seat, b);
        if (ask <= 0)
            return ask;
        return 1;
    }
    return 0;
}

/* The seat gets tile t (from src, enum draw_src); bonus tiles are exposed and replaced
 * until a tile that plays arrives (in play, a bonus tile may win first: flower_win).
 * Returns the tile, -2 when the deal went on elsewhere (the wall ran out and the deal
 * ended as a draw, or a flower win or its window), -1 on a hook error. */
static int receive(struct game *g, int seat, int t, int src, bool in_play)
{
    struct hand *h = &g->st.seats[seat].hand;
    for (;;) {
        if (t < 0)
            return end_draw(g, DRAW_EXHAUSTIVE, "") < 0 ? -1 : -2;
        struct event *e = ev_tile(g, EV_DRAW, seat, (tile_t)t);
        e->src = (uint8_t)src;
        if (!kind_is_bonus(tile_kind((tile_t)t)))
            break;
        hand_add(h, (tile_t)t);
        ev_tile(g, EV_BONUS, seat, (tile_t)t);
        if (in_play && g->rules.flower_wins) {
            int r = flower_win(g, seat, (tile_t)t);
            if (r)
                return r < 0 ? -1 : -2;
        }
        t = take_from(g, g->rules.bonus_source);
        src = DRAWN_REPLACEMENT;
    }
    hand_add(h, (tile_t)t);
    return t;
}

/* The seat gets tile t (src: enum draw_src) and is in turn. */
static int turn_with(struct game *g, int seat, int t, int src)
{
    struct game_state *st = &g->st;
    t = receive(g, seat, t, src, true);
    if (t < 0)
        return t == -2 ? 0 : -1;
    st->phase = PHASE_TURN;
    st->turn = (uint8_t)seat;
    st->has_drawn = true;
    st->drawn = (tile_t)t;
    st->drawn_loose = src == DRAWN_LOOSE;
    st->drawn_aside = false;
    st->after_claim = false;
    return 0;
}

/* The seat draws (src DRAWN_WALL: an ordinary draw, DRAWN_LOOSE: a kong replacement)
 * and is in turn. */
static int draw_turn(struct game *g, int seat, int src)
{
    int t = src == DRAWN_WALL ? wall_draw(&g->st.wall) : take_from(g, g->rules.kong_source);
    return turn_with(g, seat, t, src);
}

static int default_settle_win(const struct game *g, const struct win *w, int nwins, struct settlement *s)
{
    memset(s, 0, sizeof *s);
    int32_t flat = g->rules.flat_win;
    for (int i = 0; i < nwins; i++) {
        if (w[i].how == WIN_SELF_DRAW) {
            for (int o = 0; o < players(g); o++)
                if (o != w[i].seat) {
                    s->delta[o] -= flat;
                    s->delta[w[i].seat] += flat;
                }
        } else {
            s->delta[w[i].from] -= flat;
            s->delta[w[i].seat] += flat;
        }
    }
    return 0;
}

/* A win in turn right after the seat's chow or pung claim (rules.win_after_claim), before
 * any draw: won on the claimed discard, as a win claimed on it would have been. */
static bool win_on_claim(const struct game_state *st)
{
    return st->phase == PHASE_TURN && st->after_claim && !st->has_drawn;
}

/* The hand of a win on the claimed discard (win_on_claim): the claimed set, the last meld,
 * back among the concealed tiles, the claimed tile with them (the hand the discard
 * completes, as its claim to win would have made it). */
static void unmeld_claimed(struct hand *h)
{
    const struct meld *m = &h->melds[--h->nmelds];
    meld_add_kinds(h->counts, m, 1);
    if (m->reds)
        h->reds[m->kind / 9] = (uint8_t)(h->reds[m->kind / 9] + m->reds);
}

void game_win_record(const struct game *g, int seat, int how, int from, tile_t tile, struct win *w)
{
    const struct game_state *st = &g->st;
    memset(w, 0, sizeof *w);
    w->seat = (uint8_t)seat;
    w->from = (uint8_t)from;
    w->tile = tile;
    w->how = (uint8_t)how;
    w->hand = st->seats[seat].hand;
    if (how != WIN_SELF_DRAW && st->phase == PHASE_TURN)
        unmeld_claimed(&w->hand);
    else if (how != WIN_SELF_DRAW)
        hand_add(&w->hand, tile);
    bool replacement = how == WIN_SELF_DRAW && (st->drawn_loose || st->drawn_aside);
    if (how == WIN_SELF_DRAW && st->drawn_loose)
        w->flags |= WINF_LOOSE;
    if (how == WIN_SELF_DRAW && st->drawn_aside)
        w->flags |= WINF_ASIDE_REPLACEMENT;
    if (kind_is_bonus(tile_kind(tile))) {
        w->flags = WINF_FLOWERS;
        return;
    }
    bool robbed_aside = how != WIN_SELF_DRAW && st->phase == PHASE_ROB && st->rob_type == ACT_EXTRA;
    if (robbed_aside)
        w->flags |= WINF_ROB_ASIDE;
    if (wall_drawable(&st->wall) == 0 && !replacement && how != WIN_ROB && !robbed_aside)
        w->flags |= WINF_LAST_TILE;
    if (!st->any_call && st->seats[seat].ndiscards == 0)
        w->flags |= WINF_FIRST_TURN;
    if (how == WIN_ROB && st->rob_type == ACT_KONG_CONCEALED)
        w->flags |= WINF_ROB_CONCEALED;
    if (how == WIN_DISCARD && (st->phase == PHASE_CLAIM || st->phase == PHASE_TURN) && st->after_kong)
        w->flags |= WINF_AFTER_KONG;
}

void game_action_win(const struct game *g, const struct action *a, struct win *w)
{
    const struct game_state *st = &g->st;
    bool robbed_bonus = st->phase == PHASE_ROB && st->rob_type == ROB_BONUS;
    bool rob_kong = st->phase == PHASE_ROB && st->rob_type != ACT_EXTRA && !robbed_bonus;
    if (win_on_claim(st))
        game_win_record(g, a->seat, WIN_DISCARD, st->discarder, st->claim_tile, w);
    else if (st->phase == PHASE_TURN || (kind_is_bonus(tile_kind(a->tile)) && !robbed_bonus))   /* eight flowers */
        game_win_record(g, a->seat, WIN_SELF_DRAW, SEAT_NONE, a->tile, w);
    else   /* a set-aside or bonus tile is won as a discard */
        game_win_record(g, a->seat, rob_kong ? WIN_ROB : WIN_DISCARD, st->discarder, st->claim_tile, w);
}

/* Play after a win (rules.play_after_win): the winners leave the deal; with two seats
 * or more still in it the first of them after the last winner (the farthest from the
 * discarder) draws. A robbed kong's tile becomes a discard of its declarer. The deal
 * ends when one seat is left; an empty wall ends it as an exhaustive draw. */
static int play_on(struct game *g, const int *seats, int n, int how, int from, tile_t tile)
{
    struct game_state *st = &g->st;
    for (int i = 0; i < n; i++)
        st->left |= (uint8_t)(1 << seats[i]);
    if (how == WIN_ROB) {
        struct seat_state *ss = &st->seats[from];
        hand_take(&ss->hand, tile);
        add_discard(st, from, tile, 0);
    }
    int active = 0;
    for (int s = 0; s < players(g); s++)
        active += !(st->left >> s & 1);
    if (active < 2)
        return 0;
    st->result = 0;
    if (wall_drawable(&st->wall) == 0)
        return end_draw(g, DRAW_EXHAUSTIVE, "");
    return draw_turn(g, next_active(g, seats[n - 1]), DRAWN_WALL);
}

static int do_wins(struct game *g, const int *seats, int n, int how, int from, tile_t tile)
{
    struct game_state *st = &g->st;
    st->nwins = (uint8_t)n;
    for (int i = 0; i < n; i++)
        game_win_record(g, seats[i], how, from, tile, &st->wins[i]);
    struct settlement s;
    if (g->hooks.settle_win) {
        memset(&s, 0, sizeof s);
        g->msg[0] = '\0';
        if (g->hooks.settle_win(g->hooks.ctx, g, st->wins, n, &s, g->msg, sizeof g->msg) != HOOK_OK)
            return hook_error(g, "settle_win");
    } else {
        default_settle_win(g, st->wins, n, &s);
    }
    for (int i = 0; i < n; i++) {
        const struct win *w = &st->wins[i];
        struct event *e = ev_tile(g, EV_WIN, w->seat, w->tile);
        e->from = w->from;
        e->src = w->how;
        e->kind = w->flags;
        e->v[0] = st->left;   /* the seats that had left: the others were active */
    }
    st->result = EV_WIN;
    if (st->first_winner == SEAT_NONE) {
        st->first_winner = (uint8_t)seats[0];
        st->first_shared = n > 1 ? (uint8_t)from : SEAT_NONE;
    }
    if (s.ledger_of) {   /* kong money the win moved or refunded leaves the ledger */
        int of = s.ledger_of - 1;
        for (int p = 0; of < players(g) && p < players(g); p++)
            if (s.ledger[p] < 0 || s.ledger[p] > st->kong_income[of][p]) {
                snprintf(g->err, sizeof g->err, "settle_win takes %ld of the kong money %c received from %c, which holds %ld",
                         (long)s.ledger[p], seat_letters[of], seat_letters[p], (long)st->kong_income[of][p]);
                return -1;
            }
        for (int p = 0; of < players(g) && p < players(g); p++)
            st->kong_income[of][p] -= s.ledger[p];
    }
    if (settle(g, &s) < 0)
        return -1;
    return g->rules.play_after_win ? play_on(g, seats, n, how, from, tile) : 0;
}

/* Turns the kong dora indicators that waited for a discard. */
static void reveal_pending(struct game *g)
{
    for (; g->st.pending_dora; g->st.pending_dora--)
        reveal_dora(g);
}

/* After a kong stands: count it, turn a dora (or, with kong_dora_after_discard, at the
 * declarer's next discard for a claimed or promoted kong), draw the replacement. */
/* Kong money (hooks.settle_kong): paid at once, each payer's share kept in the
 * receiver's ledger. */
static int pay_kong(struct game *g, int seat)
{
    struct game_state *st = &g->st;
    struct settlement s;
    memset(&s, 0, sizeof s);
    g->msg[0] = '\0';
    if (g->hooks.settle_kong(g->hooks.ctx, g, seat, &s, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "settle_kong");
    int64_t sum = 0;
    bool any = false;
    for (int i = 0; i < MAX_PLAYERS; i++) {
        sum += s.delta[i];
        any |= s.delta[i] != 0;
        if (s.delta[i] && (i >= players(g) || (i != seat && s.delta[i] > 0))) {
            snprintf(g->err, sizeof g->err, "kong money pays seat %c, not the kong's declarer", seat_letters[i]);
            return -1;
        }
    }
    if (sum != 0 || s.taken) {
        snprintf(g->err, sizeof g->err, "kong money does not balance: payments sum to %ld", (long)sum);
        return -1;
    }
    if (!any)
        return 0;
    if (points_fit(g, s.delta, "kong money") < 0)
        return -1;
    for (int i = 0; i < players(g); i++)
        if (!fits32((int64_t)st->kong_income[seat][i] - s.delta[i])) {
            snprintf(g->err, sizeof g->err, "kong money takes seat %c's kong income beyond 32 bits", seat_letters[seat]);
            return -1;
        }
    struct event *e = ev_new(g, EV_PAYMENT, seat);
    for (int i = 0; i < players(g); i++) {
        st->points[st->seat_player[i]] += s.delta[i];
        e->v[i] = s.delta[i];
        if (i != seat)
            st->kong_income[seat][i] -= s.delta[i];
    }
    return 0;
}

static int finish_kong(struct game *g, int seat, bool concealed)
{
    if (g->hooks.settle_kong && pay_kong(g, seat) < 0)
        return -1;
    g->st.nkongs++;
    reveal_pending(g);
    if (g->rules.kong_dora_after_discard && !concealed)
        g->st.pending_dora++;
    else
        reveal_dora(g);
    return draw_turn(g, seat, DRAWN_LOOSE);
}

/* Could the seat have more to say than pass in the window being opened? Only what
 * the hand makes possible; the legality is then checked by list_actions. */
static bool has_candidates(const struct game *g, int s)
{
    const struct game_state *st = &g->st;
    int k = tile_kind(st->claim_tile);
    const struct hand *h = &st->seats[s].hand;
    if (st->could_win & (1 << s))
        return true;
    if (st->phase != PHASE_CLAIM)
        return false;
    if (h->counts[k] >= 2)
        return true;
    if (k >= 27 || !(g->rules.relation_claims[(s - st->discarder + players(g)) % players(g)] & CLAIM_CHOW))
        return false;
    int r = k % 9;
    return (r >= 2 && h->counts[k - 2] && h->counts[k - 1]) || (r >= 1 && r <= 7 && h->counts[k - 1] && h->counts[k + 1]) ||
           (r <= 6 && h->counts[k + 1] && h->counts[k + 2]);
}

/* Opens a window on the tile for the seats other than `from`: claims after a discard
 * (PHASE_CLAIM) or robbing a kong (PHASE_ROB, rob_type set). Seats whose only legal
 * answer is pass are answered for. Returns the mask of seats asked, or -1. */
static int open_window(struct game *g, int phase, int from, tile_t t)
{
    struct game_state *st = &g->st;
    st->phase = (uint8_t)phase;
    st->discarder = (uint8_t)from;
    st->claim_tile = t;
    st->waiting = 0;
    st->could_win = 0;
    struct action pass = { .type = ACT_PASS, .tile = t };
    for (int s = 0; s < players(g); s++) {   /* as one word (a whole struct: a string store) */
        pass.seat = (uint8_t)s;
        memcpy(&st->answer[s], &pass, sizeof pass);
    }
    if (phase == PHASE_CLAIM && g->rules.last_discard == LAST_DISCARD_NONE && wall_drawable(&st->wall) == 0)
        return 0;
    bool orphans = phase == PHASE_ROB && st->rob_type == ACT_KONG_CONCEALED && !g->rules.rob_concealed_any;
    /* the seats the tile completes, when game_apply found them for this discard */
    int known = phase == PHASE_CLAIM && g->window_from == from && g->window_tile == t ? g->window_wins : -1;
    g->window_wins = -1;
    unsigned others = (unsigned)all_seats(g) & ~(1u << from) & ~(unsigned)st->left;   /* still in the deal */
    if (known >= 0) {
        st->could_win = (uint8_t)(known & (int)others);
    } else {
        for (unsigned rest = others; rest; rest &= rest - 1) {
            int s = __builtin_ctz(rest);
            int c = phase == PHASE_ROB && st->rob_type == ROB_BONUS ? st->seats[s].hand.nbonus == 7
                                                                    : completes_with(g, s, t, orphans);
            if (c > 0)   /* (< 0: special_complete failed on this seat's hand: its win is what is refused) */
                st->could_win |= (uint8_t)(1 << s);
        }
    }
    /* Ask every seat that has more than "pass" to say; keep their lists. */
    st->waiting = (uint8_t)(all_seats(g) & ~(1 << from));
    uint8_t ask = 0;
    g->err[0] = '\0';
    for (unsigned rest = others; rest; rest &= rest - 1) {
        int s = __builtin_ctz(rest);
        if (!has_candidates(g, s))
            continue;
        g->nlegal[s] = (uint16_t)list_actions(g, s, g->legal[s], MAX_ACTIONS);
        if (g->err[0])
            return -1;
        if (g->nlegal[s] > 1)
            ask |= (uint8_t)(1 << s);
    }
    st->waiting = ask;
    g->legal_ok = ask;
    return ask;
}

/* Seats the tile completed that did not win on it. */
static void note_misses(struct game *g)
{
    struct game_state *st = &g->st;
    for (int s = 0; st->could_win && s < players(g); s++) {
        if ((st->could_win & (1 << s)) && st->answer[s].type != ACT_WIN) {
            st->seats[s].missed |= 1ull << tile_kind(st->claim_tile);
            st->seats[s].last_miss = g->nlog;
        }
    }
}

/* The winners among the answers, nearest to `from` first, by rules.multi_win.
 * Returns how many; -2 when three winners abort the deal (MULTI_DOUBLE_ONLY). */
/* multi_win = by_set_type (classical S000's precedence of Mah Jong claims): what the
 * claimed tile makes of the seat's hand, the higher the stronger: 4 a special hand (the
 * hand is complete in no standard reading: thirteen orphans, seven pairs, special_complete),
 * else the best of its standard readings: 3 a pung, 2 a chow, 1 the pair. */
static int win_set_rank(const struct game *g, int seat)
{
    const struct hand *h = &g->st.seats[seat].hand;
    int k = tile_kind(g->st.claim_tile);
    uint8_t c[TILE_KINDS];
    counts_copy(c, h->counts);
    c[k]++;
    struct reading r[MAX_READINGS];
    int n = (g->rules.forms & FORM_STANDARD)
                ? readings(c, hand_analysis_melds(h->nmelds, g->rules.hand_sets), k, r, MAX_READINGS) : 0;
    if (n == 0)
        return 4;
    int best = 1;
    for (int i = 0; i < n; i++) {
        int rank = r[i].win_set < 0 ? 1 : r[i].d.sets[r[i].win_set].type == SET_PUNG ? 3 : 2;
        if (rank > best)
            best = rank;
    }
    return best;
}

static int pick_winners(const struct game *g, int seats[MAX_PLAYERS - 1])
{
    const struct game_state *st = &g->st;
    int n = 0;
    for (int i = 1; i < players(g); i++) {
        int s = seat_after(g, st->discarder, i);
        if (st->answer[s].type == ACT_WIN)
            seats[n++] = s;
    }
    if (n > 1 && g->rules.multi_win == MULTI_BY_SET_TYPE) {   /* the strongest claim, the nearest of equals */
        int best = 0, rank = win_set_rank(g, seats[0]);
        for (int i = 1; i < n; i++) {
            int r = win_set_rank(g, seats[i]);
            if (r > rank)
                best = i, rank = r;
        }
        seats[0] = seats[best];
        n = 1;
    }
    if (n > 1 && g->rules.multi_win == MULTI_NEAREST)
        n = 1;
    if (n == 3 && g->rules.multi_win == MULTI_DOUBLE_ONLY)
        return -2;
    return n;
}

static int do_claim(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    int s = a->seat, k = tile_kind(st->claim_tile);
    struct seat_state *from = &st->seats[st->discarder];
    struct hand *h = &st->seats[s].hand;
    from->discards[from->ndiscards - 1].claimed_by = (uint8_t)s;
    st->shown[k]--;
    struct meld m = { .from = st->discarder, .kind = (uint8_t)k };
    int reds = tile_is_red(st->claim_tile) ? 1 : 0;
    int ev = EV_PUNG;
    switch (a->type) {
    case ACT_CHOW:
        m.type = MELD_CHOW;
        m.kind = a->chow;
        for (int i = a->chow; i < a->chow + 3; i++)
            if (i != k)
                reds += take_kind_reds(h, i, 1, a->reds);
        ev = EV_CHOW;
        break;
    case ACT_PUNG:
        m.type = MELD_PUNG;
        reds += take_kind_reds(h, k, 2, a->reds);
        break;
    default:
        m.type = MELD_KONG;
        m.kong = KONG_EXPOSED;
        reds += take_kind_reds(h, k, 3, a->reds);
        ev = EV_KONG;
        break;
    }
    m.reds = (uint8_t)reds;
    h->melds[h->nmelds++] = m;
    meld_add_kinds(st->shown, &m, 1);
    st->any_call = true;
    struct event *e = ev_tile(g, ev, s, st->claim_tile);
    e->from = st->discarder;
    e->kind = m.kind;
    st->phase = PHASE_TURN;
    st->turn = (uint8_t)s;
    st->has_drawn = false;
    st->drawn_loose = false;
    if (a->type == ACT_KONG)
        return finish_kong(g, s, false);
    st->after_claim = true;
    return 0;
}

static int next_draw(struct game *g)
{
    struct game_state *st = &g->st;
    if (g->hooks.check_abort) {
        bool abort = false;
        g->msg[0] = '\0';
        if (g->hooks.check_abort(g->hooks.ctx, g, &abort, g->msg, sizeof g->msg) != HOOK_OK)
            return hook_error(g, "check_abort");
        if (abort) {
            char reason[sizeof ((struct event *)0)->text];
            snprintf(reason, sizeof reason, "%.*s", (int)sizeof reason - 1, g->msg);
            return end_draw(g, DRAW_ABORTIVE, reason);
        }
    }
    if (wall_drawable(&st->wall) == 0)
        return end_draw(g, DRAW_EXHAUSTIVE, "");
    return draw_turn(g, next_active(g, st->discarder), DRAWN_WALL);
}

/* The wins claimed in a claim or rob window: returns 1 with *r the outcome when the
 * window ends in wins (or the three-winner abort), 0 when nobody wins. */
/* A robbed concealed kong is no kong: its four tiles go back among the declarer's concealed
 * tiles, as the robbed tile of a promoted kong stays there (the losers are scored on what
 * they hold: three of a kind, concealed). */
static void unmeld_robbed_kong(struct game *g)
{
    struct game_state *st = &g->st;
    struct hand *h = &st->seats[st->discarder].hand;
    int k = tile_kind(st->claim_tile);
    for (int i = h->nmelds - 1; i >= 0; i--) {
        const struct meld m = h->melds[i];
        if (m.type != MELD_KONG || m.kong != KONG_CONCEALED || m.kind != k)
            continue;
        for (int j = i; j + 1 < h->nmelds; j++)
            h->melds[j] = h->melds[j + 1];
        h->nmelds--;
        meld_add_kinds(st->shown, &m, -1);
        for (int t = 0; t < 4; t++)
            hand_add(h, t < m.reds ? (tile_t)(k | TILE_RED) : (tile_t)k);
        return;
    }
}

static int window_wins(struct game *g, int how, int *r)
{
    int seats[MAX_PLAYERS - 1];
    int n = pick_winners(g, seats);
    note_misses(g);
    if (n > 0 && how == WIN_ROB && g->st.rob_type == ACT_KONG_CONCEALED)
        unmeld_robbed_kong(g);
    if (n == -2)
        *r = end_draw(g, DRAW_ABORTIVE, "three winners");
    else if (n > 0)
        *r = do_wins(g, seats, n, how, g->st.discarder, g->st.claim_tile);
    return n != 0;
}

static int resolve_claims(struct game *g)
{
    struct game_state *st = &g->st;
    int r;
    if (st->could_win && window_wins(g, WIN_DISCARD, &r))   /* a win is answered only where it could be */
        return r;
    const struct action *best = NULL;
    for (int i = 1; i < players(g); i++) {
        const struct action *a = &st->answer[seat_after(g, st->discarder, i)];
        if (a->type != ACT_CHOW && a->type != ACT_PUNG && a->type != ACT_KONG)
            continue;
        if (!best || g->rules.precedence[a->type] > g->rules.precedence[best->type])
            best = a;
    }
    if (best) {
        struct action a = *best;
        return do_claim(g, &a);
    }
    return next_draw(g);
}

static int finish_promoted(struct game *g, int s)
{
    struct hand *h = &g->st.seats[s].hand;
    int k = tile_kind(g->st.claim_tile);
    struct meld *m = &h->melds[find_pung(h, k)];
    m->reds = (uint8_t)(m->reds + take_kind(h, k, 1));
    m->type = MELD_KONG;
    m->kong = KONG_PROMOTED;
    g->st.shown[k]++;
    return finish_kong(g, s, false);
}

/* The replacement for a tile set aside: the seat draws it and acts again. */
static int replace_aside(struct game *g, int s)
{
    int r = draw_turn(g, s, DRAWN_LOOSE);
    if (r == 0 && g->st.phase == PHASE_TURN) {
        g->st.drawn_loose = false;
        g->st.drawn_aside = true;
    }
    return r;
}

/* Sets a tile aside (rules.set_aside); the other seats may win on it first. */
static int do_set_aside(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    const struct set_aside *sa = &g->rules.set_aside;
    int s = a->seat;
    struct seat_state *ss = &st->seats[s];
    hand_take(&ss->hand, a->tile);
    ss->aside[ss->naside++] = a->tile;
    if (sa->is_call)
        st->any_call = true;
    struct event *e = ev_tile(g, EV_SET_ASIDE, s, a->tile);
    e->extra = a->extra;
    e->kind = sa->is_call;
    reveal_pending(g);
    st->has_drawn = false;
    st->drawn_loose = st->drawn_aside = false;
    st->after_claim = false;
    if (sa->robbable) {
        st->rob_type = ACT_EXTRA;
        int ask = open_window(g, PHASE_ROB, s, a->tile);
        if (ask < 0)
            return -1;
        if (ask)
            return 0;
        st->phase = PHASE_TURN;
    }
    return replace_aside(g, s);
}

static int resolve_rob(struct game *g)
{
    struct game_state *st = &g->st;
    int r;
    /* a set-aside or bonus tile is won as a discard */
    if (window_wins(g, st->rob_type == ACT_EXTRA || st->rob_type == ROB_BONUS ? WIN_DISCARD : WIN_ROB, &r))
        return r;
    st->phase = PHASE_TURN;
    if (st->rob_type == ACT_EXTRA)
        return replace_aside(g, st->discarder);
    if (st->rob_type == ROB_BONUS)   /* nobody robbed the bonus tile: its replacement */
        return turn_with(g, st->discarder, take_from(g, g->rules.bonus_source), DRAWN_REPLACEMENT);
    if (st->rob_type == ACT_KONG_PROMOTED)
        return finish_promoted(g, st->discarder);
    return finish_kong(g, st->discarder, true);
}

static int resolve(struct game *g)
{
    return g->st.phase == PHASE_CLAIM ? resolve_claims(g) : resolve_rob(g);
}

static int do_discard(struct game *g, int s, tile_t t, int extra)
{
    struct game_state *st = &g->st;
    struct seat_state *ss = &st->seats[s];
    hand_take(&ss->hand, t);
    add_discard(st, s, t, extra);
    ss->missed = 0;
    st->after_kong = st->drawn_loose;
    struct event *e = ev_tile(g, EV_DISCARD, s, t);
    e->extra = (uint8_t)extra;
    reveal_pending(g);
    st->has_drawn = false;
    st->drawn_loose = false;
    st->after_claim = false;
    int ask = open_window(g, PHASE_CLAIM, s, t);
    if (ask < 0)
        return -1;
    if (ask)
        return 0;
    note_misses(g);   /* nobody was asked: every answer is a pass (resolve_claims, no win nor claim) */
    return next_draw(g);
}

static int do_kong(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    int s = a->seat, k = tile_kind(a->tile);
    struct hand *h = &st->seats[s].hand;
    st->any_call = true;
    st->has_drawn = false;
    if (a->type == ACT_KONG_CONCEALED) {
        int reds = take_kind(h, k, 4);
        h->melds[h->nmelds++] = (struct meld){ .type = MELD_KONG, .kong = KONG_CONCEALED,
                                               .kind = (uint8_t)k, .from = SEAT_NONE, .reds = (uint8_t)reds };
        st->shown[k] = (uint8_t)(st->shown[k] + 4);
        ev_tile(g, EV_KONG_CONCEALED, s, (tile_t)k);
        if (g->rules.rob_concealed_thirteen || g->rules.rob_concealed_any) {
            st->rob_type = ACT_KONG_CONCEALED;
            int ask = open_window(g, PHASE_ROB, s, (tile_t)k);
            if (ask < 0)
                return -1;
            if (ask)
                return 0;
            st->phase = PHASE_TURN;
        }
        return finish_kong(g, s, true);
    }
    /* Promoted: the tile stays in the hand until no one robs it. */
    tile_t t = h->counts[k] > reds_of(h, k) ? (tile_t)k : (tile_t)(k | TILE_RED);
    ev_tile(g, EV_KONG_PROMOTED, s, t);
    st->claim_tile = t;
    if (g->rules.rob_promoted) {
        st->rob_type = ACT_KONG_PROMOTED;
        int ask = open_window(g, PHASE_ROB, s, t);
        if (ask < 0)
            return -1;
        if (ask)
            return 0;
        st->phase = PHASE_TURN;
    }
    return finish_promoted(g, s);
}

static int do_extra(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    struct extra_effect eff;
    memset(&eff, 0, sizeof eff);
    g->msg[0] = '\0';
    struct seat_state *ss = &st->seats[a->seat];
    const struct declaration *d = declaration_of(&g->rules, a->extra);
    if (d) {
        eff.discard = true;
        eff.deposit = d->deposit;
        eff.set_flags = d->flags | (!st->any_call && !ss->ndiscards ? d->first_flags : 0);
    } else if (g->hooks.apply_extra(g->hooks.ctx, g, a, &eff, g->msg, sizeof g->msg) != HOOK_OK) {
        return hook_error(g, "apply_extra");
    }
    if (eff.discard && !hand_has(&ss->hand, a->tile)) {
        snprintf(g->err, sizeof g->err, "hook apply_extra failed: it discards a tile the seat does not hold");
        return -1;
    }
    if (!fits32((int64_t)st->points[st->seat_player[a->seat]] - eff.deposit) ||
        !fits32((int64_t)st->deposits + eff.deposit)) {
        snprintf(g->err, sizeof g->err, "hook apply_extra failed: a deposit of %ld takes points or deposits beyond 32 bits",
                 (long)eff.deposit);
        return -1;
    }
    ss->flags |= eff.set_flags;
    st->points[st->seat_player[a->seat]] -= eff.deposit;
    st->deposits += eff.deposit;
    struct event *e = ev_tile(g, EV_EXTRA, a->seat, a->tile);
    e->extra = a->extra;
    e->kind = a->more[0] == EXTRA_NO_TILE;   /* a declaration without a tile (kyuushu) */
    if (eff.abort)
        return end_draw(g, DRAW_ABORTIVE, action_name(&g->rules, a));
    if (eff.discard)
        return do_discard(g, a->seat, a->tile, a->extra + 1);
    return 0;
}

/* Builds the wall, deals, replaces bonus tiles; the dealer is in turn. */
int deal_begin(struct game *g)
{
    struct game_state *st = &g->st;
    for (int s = 0; s < MAX_PLAYERS; s++) {
        memset(&st->seats[s], 0, sizeof st->seats[s]);
        st->seats[s].last_miss = -1;
    }
    st->nkongs = st->ndora = st->pending_dora = 0;
    memset(st->shown, 0, sizeof st->shown);
    st->any_call = false;
    st->result = 0;
    st->nwins = 0;
    st->left = 0;
    st->first_winner = st->first_shared = SEAT_NONE;
    memset(st->kong_income, 0, sizeof st->kong_income);
    st->waiting = st->could_win = 0;
    memset(st->last_delta, 0, sizeof st->last_delta);
    const struct deal_wall *dw = NULL;
    for (int i = 0; i < g->ndeal_walls; i++)
        if (g->deal_walls[i].deal == st->deal_no)
            dw = &g->deal_walls[i];
    if (st->deal_no == 0 && g->nfront + g->nback > 0) {
        char err[120];
        if (wall_stack(&st->wall, &g->rules.wall, g->front, g->nfront, g->back, g->nback, err) < 0) {
            snprintf(g->err, sizeof g->err, "%s", err);
            return -1;
        }
    } else if (dw) {
        char err[120];
        if (wall_stack(&st->wall, &g->rules.wall, dw->front, dw->nfront, dw->back, dw->nback, err) < 0) {
            snprintf(g->err, sizeof g->err, "%s", err);
            return -1;
        }
    } else {
        wall_build(&st->wall, &g->rules.wall, &st->rng);
    }
    struct event *e = ev_new(g, EV_DEAL_START, st->seat_player[0]);
    e->v[0] = st->deal_no;
    e->v[1] = st->round;
    e->v[2] = st->honba;
    e->v[3] = st->deposits;
    e->n = st->wall.ndice;
    memcpy(e->tiles, st->wall.dice, st->wall.ndice);

    /* The order tiles are dealt in: per seat, how many in each pass (13 tiles: 4, 4, 4,
     * 1 and the dealer one more; 16 tiles: 4, 4, 4, 4 and the dealer one more). */
    static const uint8_t blocks[][4] = { { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 1, 1, 1, 1 }, { 1, 0, 0, 0 } };
    static const uint8_t by_seat[][4] = { { 13, 0, 0, 0 }, { 0, 13, 0, 0 }, { 0, 0, 13, 0 }, { 0, 0, 0, 13 }, { 1, 0, 0, 0 } };
    static const uint8_t blocks16[][4] = { { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 1, 0, 0, 0 } };
    static const uint8_t by_seat16[][4] = { { 16, 0, 0, 0 }, { 0, 16, 0, 0 }, { 0, 0, 16, 0 }, { 0, 0, 0, 16 }, { 1, 0, 0, 0 } };
    bool sixteen = g->rules.hand_sets == 5;
    const uint8_t (*order)[4] = g->rules.deal_order == DEAL_SEAT ? (sixteen ? by_seat16 : by_seat)
                                                                 : (sixteen ? blocks16 : blocks);
    tile_t dealt[MAX_PLAYERS][MAX_CONCEALED];
    int ndealt[MAX_PLAYERS] = { 0 };
    tile_t dealer_last = 0;
    for (int pass = 0; pass < 5; pass++) {
        for (int s = 0; s < players(g); s++) {
            for (int i = 0; i < order[pass][s]; i++) {
                tile_t t = (tile_t)wall_draw_head(&st->wall);
                dealt[s][ndealt[s]++] = t;
                if (!kind_is_bonus(tile_kind(t))) {
                    hand_add(&st->seats[s].hand, t);
                    if (s == 0)
                        dealer_last = t;
                }
            }
        }
    }
    for (int s = 0; s < players(g); s++) {
        e = ev_new(g, EV_DEAL, s);
        e->n = (uint8_t)ndealt[s];
        memcpy(e->tiles, dealt[s], (size_t)ndealt[s]);
    }
    for (int s = 0; s < players(g); s++) {
        for (int i = 0; i < ndealt[s]; i++) {
            tile_t b = dealt[s][i];
            if (!kind_is_bonus(tile_kind(b)))
                continue;
            hand_add(&st->seats[s].hand, b);
            ev_tile(g, EV_BONUS, s, b);
            int t = receive(g, s, take_from(g, g->rules.bonus_source), DRAWN_REPLACEMENT, false);
            if (t == -2)
                return 0;
            if (t < 0)
                return -1;
            if (s == 0)
                dealer_last = (tile_t)t;
        }
    }
    reveal_dora(g);
    st->turn = 0;
    /* Eight (flower_win_at) bonus tiles in a dealt hand (replacements drawn) win at once
     * (flower_wins), when the ruleset's score takes the hand (a dealer's 17 tiles it may
     * refuse). */
    for (int s = 0; g->rules.flower_wins && s < players(g); s++) {
        const struct hand *h = &st->seats[s].hand;
        if (h->nbonus < g->rules.flower_win_at)
            continue;
        int r = flower_win(g, s, (tile_t)h->bonus[h->nbonus - 1]);
        if (r)
            return r < 0 ? -1 : 0;
    }
    preplay_begin(g, dealer_last);   /* the exchange and declarations, or the dealer's turn */
    return 0;
}

static void default_next_deal(const struct game *g, struct next_deal *out)
{
    const struct game_state *st = &g->st;
    memset(out, 0, sizeof *out);
    out->round = st->round;
    if (st->deal_in_round + 1 >= players(g))
        out->round++;
    out->match_over = out->round >= g->rules.rounds;
}

static int do_next(struct game *g)
{
    struct game_state *st = &g->st;
    struct next_deal nd;
    if (g->hooks.next_deal) {
        memset(&nd, 0, sizeof nd);
        g->msg[0] = '\0';
        if (g->hooks.next_deal(g->hooks.ctx, g, &nd, g->msg, sizeof g->msg) != HOOK_OK)
            return hook_error(g, "next_deal");
    } else {
        default_next_deal(g, &nd);
    }
    if (nd.reseat) {   /* a permutation of the players */
        unsigned seen = 0;
        for (int s = 0; s < players(g); s++)
            seen |= 1u << (nd.seat_player[s] & 7);
        if (seen != (1u << players(g)) - 1) {
            snprintf(g->msg, sizeof g->msg, "players must name each player (0-%d) once", players(g) - 1);
            return hook_error(g, "next_deal");
        }
    }
    struct event *e = ev_new(g, EV_NEXT_DEAL, SEAT_NONE);
    e->v[0] = nd.dealer_keeps;
    e->v[1] = nd.round;
    e->v[2] = nd.honba;
    e->v[3] = nd.match_over;
    if (nd.match_over) {
        st->phase = PHASE_MATCH_END;
        return 0;
    }
    if (nd.reseat) {
        memcpy(st->seat_player, nd.seat_player, (size_t)players(g));
    } else if (!nd.dealer_keeps) {
        uint8_t old[MAX_PLAYERS];
        memcpy(old, st->seat_player, sizeof old);
        for (int s = 0; s < players(g); s++)
            st->seat_player[s] = old[next_seat(g, s)];
    }
    if (nd.round != st->round) {
        st->round = nd.round & 3;
        st->deal_in_round = 0;
    } else if (!nd.dealer_keeps) {
        st->deal_in_round++;
    }
    st->honba = nd.honba;
    st->deal_no++;
    return deal_begin(g);
}

static int perform(struct game *g, const struct action *a)
{
    struct game_state *st = &g->st;
    switch (st->phase) {
    case PHASE_DEAL_END:
        return do_next(g);
    case PHASE_EXCHANGE:
    case PHASE_DECLARE:
        return preplay_apply(g, a);
    case PHASE_CLAIM:
    case PHASE_ROB:
        st->answer[a->seat] = *a;
        st->waiting &= (uint8_t)~(1 << a->seat);
        if (a->type == ACT_PASS)
            ev_new(g, EV_PASS, a->seat);
        return st->waiting ? 0 : resolve(g);
    default:
        break;
    }
    switch (a->type) {
    case ACT_DISCARD:
        return do_discard(g, a->seat, a->tile, 0);
    case ACT_KONG_CONCEALED:
    case ACT_KONG_PROMOTED:
        return do_kong(g, a);
    case ACT_WIN: {
        int s = a->seat;
        if (win_on_claim(st))
            return do_wins(g, &s, 1, WIN_DISCARD, st->discarder, st->claim_tile);
        return do_wins(g, &s, 1, WIN_SELF_DRAW, SEAT_NONE, a->tile);
    }
    case ACT_EXTRA:
        if (g->rules.set_aside.on && a->extra == g->rules.set_aside.extra)
            return do_set_aside(g, a);
        return do_extra(g, a);
    default:
        snprintf(g->err, sizeof g->err, "internal: unhandled action");
        return -1;
    }
}

static void describe(const struct game *g, const struct action *a, char *buf, size_t n)
{
    char t[4];
    tile_name(a->tile, t);
    const char *name = action_name(&g->rules, a);
    switch (a->type) {
    case ACT_PASS:
    case ACT_NEXT:
        snprintf(buf, n, "%s", name);
        break;
    case ACT_EXCHANGE: {
        char t2[4], t3[4];
        tile_name(a->more[0], t2);
        tile_name(a->more[1], t3);
        snprintf(buf, n, "%s %s%s%s", name, t, t2, t3);
        break;
    }
    case ACT_DECLARE:
        snprintf(buf, n, "%s %c", name, a->extra < 3 ? "mps"[a->extra] : '?');
        break;
    case ACT_WIN:
        if (g->st.phase == PHASE_TURN)
            snprintf(buf, n, "%s", name);
        else
            snprintf(buf, n, "%s on %s", name, t);
        break;
    default:
        snprintf(buf, n, "%s %s", name, t);
    }
}

/* The kept legal action the given one names, or NULL. Claims and wins name only
 * their type (the tile is the state's); chows their lowest kind too. */
static const struct action *find_kept(const struct game *g, const struct action *a)
{
    if (a->seat >= players(g) || !(g->legal_ok & (1 << a->seat)))
        return NULL;
    /* the fields that name it (mask: 0xff in each) and their values, compared as one word */
    _Static_assert(sizeof(struct action) == sizeof(uint64_t), "an action is eight bytes");
    struct action mask = { .type = 0xff }, want = { .type = a->type };
    switch (a->type) {
    case ACT_DISCARD:
    case ACT_EXTRA:
        mask.tile = mask.extra = 0xff;
        want.tile = a->tile;
        want.extra = a->type == ACT_EXTRA ? a->extra : 0;
        break;
    case ACT_KONG_CONCEALED:
    case ACT_KONG_PROMOTED:
        mask.tile = 0xff;
        want.tile = (tile_t)tile_kind(a->tile);
        break;
    case ACT_CHOW:
        mask.chow = 0xff;
        want.chow = a->chow;
        break;
    case ACT_EXCHANGE:   /* listed in tile order; another order is checked in full */
        mask.tile = mask.more[0] = mask.more[1] = 0xff;
        want.tile = a->tile;
        want.more[0] = a->more[0];
        want.more[1] = a->more[1];
        break;
    case ACT_DECLARE:
        mask.extra = 0xff;
        want.extra = a->extra;
        break;
    default:
        break;
    }
    uint64_t m, w;
    memcpy(&m, &mask, sizeof m);
    memcpy(&w, &want, sizeof w);
    for (int i = 0; i < g->nlegal[a->seat]; i++) {
        uint64_t k;
        memcpy(&k, &g->legal[a->seat][i], sizeof k);
        if ((k & m) == w)
            return &g->legal[a->seat][i];
    }
    return NULL;
}

/* Can applying the action call a hook that may fail? Then the state is saved first,
 * to be put back if one does. Window answers before the last are only recorded; a
 * discard or a kong can reach may_act and special_complete (the window it opens) and
 * the hooks of a window that passes (check_abort, settle_draw), never settle_win
 * (nobody has answered yet); a window that resolves reaches settle_win only when
 * somebody answered win. */
/* The seats other than `from` whose hands tile t completes in the core's forms (no
 * seat holding four of its kind). */
static unsigned core_completes(const struct game *g, int from, tile_t t)
{
    int k = tile_kind(t);
    unsigned mask = 0;
    for (int s = 0; s < players(g); s++) {
        const struct hand *h = &g->st.seats[s].hand;
        if (s == from || h->counts[k] >= 4 || !may_complete(h->counts, k, g->rules.forms) ||
            far_within(g, s, h->counts, h->nmelds))
            continue;
        uint8_t c[TILE_KINDS];
        counts_copy(c, h->counts);
        c[k]++;
        if (complete_any(c, hand_analysis_melds(h->nmelds, g->rules.hand_sets), g->rules.forms))
            mask |= 1u << s;
    }
    return mask;
}

/* Can the next draw find no tile (and end the deal in settle_draw)? At the wall's end, or
 * where the bonus tiles not yet drawn could use up the tiles that replace them: from the
 * head or the live wall's tail, or from the dead wall alone (dead_empty_draw). */
static bool draw_may_end(const struct game *g)
{
    const struct game_state *st = &g->st;
    const struct wall *w = &st->wall;
    if (wall_drawable(w) == 0)
        return true;
    if (!g->rules.wall.bonus)
        return false;
    int left = MAX_BONUS;   /* the set's bonus tiles, less those exposed */
    for (int s = 0; s < players(g); s++)
        left -= st->seats[s].hand.nbonus;
    return left > 0 && (wall_live(w) <= left ||
                        (g->rules.bonus_source != SRC_HEAD && g->rules.dead_empty_draw && wall_dead(w) < left));
}

/* A discard reaches may_act only when the ruleset is asked about claims, or about a win
 * another seat can make on the tile (those seats are kept for the window the discard
 * opens: g->window_wins); settle_draw only when the next draw may find no tile. */
static bool discard_may_call_hook(struct game *g, const struct action *a)
{
    const struct game_hooks *h = &g->hooks;
    if (h->special_complete || h->check_abort || (h->settle_draw && draw_may_end(g)))
        return true;
    uint32_t ask = h->may_act ? g->rules.ask_mask : 0;
    if (ask & (1u << ACT_CHOW | 1u << ACT_PUNG | 1u << ACT_KONG))
        return true;
    if (!(ask & 1u << ACT_WIN))
        return false;
    unsigned wins = core_completes(g, a->seat, a->tile);
    g->window_wins = (int)wins;
    g->window_from = a->seat;
    g->window_tile = a->tile;
    return wins != 0;
}

static bool may_call_hook(struct game *g, const struct action *a)
{
    const struct game_hooks *h = &g->hooks;
    const struct game_state *st = &g->st;
    bool passing = h->settle_draw || h->check_abort;
    if (g->rules.flower_wins)   /* any draw may reach may_act and settle_win (flower_win) */
        return true;
    switch (st->phase) {
    case PHASE_CLAIM:
    case PHASE_ROB: {
        if (st->waiting & ~(1 << a->seat))
            return false;
        bool win = a->type == ACT_WIN, kong = a->type == ACT_KONG;
        for (int s = 0; s < players(g); s++) {
            win |= st->answer[s].type == ACT_WIN;
            kong |= st->answer[s].type == ACT_KONG;
        }
        if (win && (h->settle_win || h->settle_draw))   /* settle_draw: play after a win */
            return true;
        if (st->phase == PHASE_ROB || h->check_abort)
            return passing || h->settle_kong;
        /* A claim window that resolves without a win: a claimed kong pays (settle_kong)
         * and draws a loose tile; settle_draw when the loose tiles or the next draw run
         * out. */
        if (kong && h->settle_kong)
            return true;
        return h->settle_draw && (kong || draw_may_end(g));
    }
    case PHASE_TURN:
        if (a->type == ACT_WIN)
            return h->settle_win != NULL;
        if (a->type == ACT_EXTRA)
            return true;
        if (a->type == ACT_DISCARD)
            return discard_may_call_hook(g, a);
        return passing || h->may_act || h->special_complete || h->settle_kong;   /* a kong: its money too */
    default:
        return true;
    }
}

int game_apply(struct game *g, const struct action *in)
{
    const struct action *kept = find_kept(g, in);
    struct action a = kept ? *kept : *in;
    a.reds = in->reds;   /* which fives a claim melds is the caller's choice */
    const char *why = NULL;
    g->err[0] = '\0';
    int r = kept ? LEGAL : check_action(g, &a, &why);
    if (r != LEGAL) {
        if (r == REFUSED) {
            char what[64];
            describe(g, &a, what, sizeof what);
            snprintf(g->err, sizeof g->err, "seat %c cannot %s: %s",
                     a.seat < players(g) ? seat_letters[a.seat] : '?', what, why);
        }
        return -1;
    }
    if (reserve(g) < 0) {
        snprintf(g->err, sizeof g->err, "out of memory");
        return -1;
    }
    int nlog = g->nlog;
    struct game_state saved;
    g->window_wins = -1;
    bool save = g->has_hooks && may_call_hook(g, &a);
    if (save)
        saved = g->st;
    g->legal_ok = 0;   /* the state changes; a window that opens keeps its own lists */
    if (perform(g, &a) < 0) {
        g->window_wins = -1;
        if (save)
            g->st = saved;
        g->nlog = nlog;
        g->legal_ok = 0;
        return -1;
    }
    g->acts[g->nacts++] = a;
    g->window_wins = -1;
    return 0;
}

const char *game_error(const struct game *g) { return g->err; }

