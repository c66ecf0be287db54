#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char seat_letters[] = "ESWN";

void game_rules_default(struct game_rules *r)
{
    memset(r, 0, sizeof *r);
    r->wall.dice = 2;
    r->wall.dead_policy = DEAD_FIXED;
    r->wall.dead_size = 14;
    r->deal_order = DEAL_BLOCKS;
    r->bonus_source = SRC_LOOSE;
    r->kong_source = SRC_LOOSE;
    r->claims = CLAIM_ALL;
    r->precedence[ACT_CHOW] = 1;
    r->precedence[ACT_PUNG] = 2;
    r->precedence[ACT_KONG] = 2;
    r->precedence[ACT_WIN] = 3;
    r->multi_win = MULTI_NEAREST;
    r->rob_promoted = true;
    r->last_discard = LAST_DISCARD_ANY;
    r->forms = FORM_ALL;
    r->start_points = 25000;
    r->rounds = 4;
    r->flat_win = 1000;
    r->ask_mask = 1u << ACT_CHOW | 1u << ACT_PUNG | 1u << ACT_KONG | 1u << ACT_WIN;
}

/* ---- hands ---- */

static int reds_of(const struct hand *h, int k) { return kind_is_five(k) ? h->reds[k / 9] : 0; }

static bool hand_has(const struct hand *h, tile_t t)
{
    int k = tile_kind(t);
    if (k >= TILE_KINDS)
        return false;
    return tile_is_red(t) ? reds_of(h, k) > 0 : h->counts[k] > reds_of(h, k);
}

static void hand_add(struct hand *h, tile_t t)
{
    int k = tile_kind(t);
    if (kind_is_bonus(k)) {
        h->bonus[h->nbonus++] = (uint8_t)k;
        return;
    }
    h->counts[k]++;
    if (tile_is_red(t))
        h->reds[k / 9]++;
}

static void hand_take(struct hand *h, tile_t t)
{
    int k = tile_kind(t);
    h->counts[k]--;
    if (tile_is_red(t))
        h->reds[k / 9]--;
}

/* Takes n tiles of kind k, plain ones first; returns the red fives taken. */
static int take_kind(struct hand *h, int k, int n)
{
    int reds = 0;
    for (int i = 0; i < n; i++) {
        if (h->counts[k] <= reds_of(h, k)) {
            h->reds[k / 9]--;
            reds++;
        }
        h->counts[k]--;
    }
    return reds;
}

static int find_pung(const struct hand *h, int k)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type == MELD_PUNG && h->melds[i].kind == k)
            return i;
    return -1;
}

/* ---- events ---- */

static struct event *ev_new(struct game *g, int type, int seat)
{
    struct event *e = &g->log[g->nlog++];
    memset(e, 0, sizeof *e);
    e->type = (uint8_t)type;
    e->seat = (uint8_t)seat;
    e->from = SEAT_NONE;
    return e;
}

static struct event *ev_tile(struct game *g, int type, int seat, tile_t t)
{
    struct event *e = ev_new(g, type, seat);
    e->tile = t;
    return e;
}

/* Room for the events one action can make (a new deal with every bonus tile replaced
 * twice is the most). */
enum { EVENTS_PER_ACTION = 64 };

static int reserve(struct game *g)
{
    if (g->nlog + EVENTS_PER_ACTION > g->caplog) {
        int cap = g->caplog ? g->caplog * 2 : 1024;
        struct event *p = realloc(g->log, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        g->log = p;
        g->caplog = cap;
    }
    if (g->nacts + 1 > g->capacts) {
        int cap = g->capacts ? g->capacts * 2 : 256;
        struct action *p = realloc(g->acts, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        g->acts = p;
        g->capacts = cap;
    }
    return 0;
}

/* ---- hooks ---- */

static int hook_error(struct game *g, const char *hook)
{
    snprintf(g->err, sizeof g->err, "hook %s failed: %s", hook, g->msg[0] ? g->msg : "(no message)");
    return -1;
}

/* 1 complete, 0 not, -1 hook error. */
static int is_complete(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (complete_any(counts, nmelds, g->rules.forms))
        return 1;
    if (!g->hooks.special_complete)
        return 0;
    bool yes = false;
    g->msg[0] = '\0';
    if (g->hooks.special_complete(g->hooks.ctx, g, seat, counts, nmelds, &yes, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "special_complete");
    return yes ? 1 : 0;
}

/* Does the tile complete the seat's hand (robbing a concealed kong: thirteen orphans only)? */
static int completes_with(struct game *g, int seat, tile_t t, bool orphans_only)
{
    const struct hand *h = &g->st.seats[seat].hand;
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    if (c[tile_kind(t)] >= 4)
        return 0;
    c[tile_kind(t)]++;
    if (orphans_only)
        return complete_thirteen_orphans(c, h->nmelds) ? 1 : 0;
    return is_complete(g, seat, c, h->nmelds);
}

/* ---- legality ---- */

static uint64_t discard_bit(tile_t t)
{
    int k = tile_kind(t);
    return 1ull << (tile_is_red(t) ? DISCARD_RED + k / 9 : k);
}

static uint64_t kind_bits(int k)
{
    return 1ull << k | (kind_is_five(k) ? 1ull << (DISCARD_RED + k / 9) : 0);
}

/* Kuikae: the kinds (bit k) a seat may not discard right after a chow (low: its lowest
 * kind) or pung (low < 0) of kind k: the claimed kind and, after a chow, the other end. */
static uint64_t kuikae_kinds(int k, int low)
{
    uint64_t ban = 1ull << k;
    if (low >= 0 && k == low && low % 9 <= 5)
        ban |= 1ull << (low + 3);
    if (low >= 0 && k == low + 2 && low % 9 >= 1)
        ban |= 1ull << (low - 1);
    return ban;
}

/* Kuikae: the discards (discard_bit) the seat may not make right after its chow or pung
 * (0: none). */
static uint64_t swap_call_ban(const struct game *g, int seat)
{
    for (int i = g->nlog - 1; i >= 0; i--) {
        const struct event *e = &g->log[i];
        if (e->type == EV_DORA)
            continue;
        if ((e->type != EV_CHOW && e->type != EV_PUNG) || e->seat != seat)
            return 0;
        uint64_t kinds = kuikae_kinds(tile_kind(e->tile), e->type == EV_CHOW ? e->kind : -1), ban = 0;
        for (uint64_t rest = kinds; rest; rest &= rest - 1)
            ban |= kind_bits(__builtin_ctzll(rest));
        return ban;
    }
    return 0;
}

/* Kuikae: would a chow (low: its lowest kind) or pung (low < 0) of kind k leave the seat
 * only tiles it may not discard right after the call? Then the call is not allowed. */
static bool kuikae_leaves_nothing(const struct hand *h, int k, int low)
{
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    if (low < 0) {
        c[k] -= 2;
    } else {
        for (int i = low; i < low + 3; i++)
            if (i != k)
                c[i]--;
    }
    uint64_t banned = kuikae_kinds(k, low);
    for (int i = 0; i < TILE_KINDS; i++)
        if (c[i] && !(banned >> i & 1))
            return false;
    return true;
}

/* Why the rules' lock or kuikae bar this discard of the seat in turn, or NULL. */
static const char *engine_discard_ban(const struct game *g, int seat, tile_t t)
{
    const struct game_state *st = &g->st;
    if ((st->seats[seat].flags & g->rules.lock_flags) && st->has_drawn && discard_bit(t) != discard_bit(st->drawn))
        return "after its declaration the seat discards only the tile it drew";
    if (g->rules.kuikae && st->after_claim && !st->has_drawn && (swap_call_ban(g, seat) & discard_bit(t)))
        return "kuikae: not the claimed tile, nor the other end of the chow";
    return NULL;
}

/* The discards the seat in turn may make: the rules' lock and kuikae, then the
 * allowed_discards hook's mask; -1 if the hook failed. */
static int allowed_discards(struct game *g, int seat, uint64_t *allowed)
{
    const struct game_state *st = &g->st;
    *allowed = ~0ull;
    g->msg[0] = '\0';
    if ((st->seats[seat].flags & g->rules.lock_flags) && st->has_drawn)
        *allowed = discard_bit(st->drawn);
    else if (g->rules.kuikae && st->after_claim && !st->has_drawn)
        *allowed &= ~swap_call_ban(g, seat);
    uint64_t hook = ~0ull;
    if (g->hooks.allowed_discards &&
        g->hooks.allowed_discards(g->hooks.ctx, g, seat, &hook, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "allowed_discards");
    *allowed &= hook;
    return 0;
}

enum { LEGAL = 0, REFUSED = 1, FAILED = -1 };

static int refuse(const char **why, const char *reason)
{
    *why = reason;
    return REFUSED;
}

static bool kong_limit(const struct game *g)
{
    return g->rules.max_kongs && g->st.nkongs >= g->rules.max_kongs;
}

/* Checked last in a window, so that a claim that could never be made says why. */
static int answered(const struct game_state *st, int s, const char **why)
{
    return st->waiting & (1 << s) ? LEGAL : refuse(why, "the seat has already answered or has nothing to claim");
}

/* The structural rules of the current phase; fills in the tile of claims. */
static int check_rules(struct game *g, struct action *a, const char **why)
{
    const struct game_state *st = &g->st;
    int s = a->seat;
    const struct hand *h = &st->seats[s].hand;

    switch (st->phase) {
    case PHASE_MATCH_END:
        return refuse(why, "the match is over");
    case PHASE_DEAL_END:
        return a->type == ACT_NEXT ? LEGAL : refuse(why, "the deal is over");
    case PHASE_TURN:
        if (s != st->turn)
            return refuse(why, "it is not this seat's turn");
        switch (a->type) {
        case ACT_DISCARD: {
            if (!hand_has(h, a->tile))
                return refuse(why, "the tile is not in the hand");
            if (st->seats[s].ndiscards >= MAX_DISCARDS)
                return refuse(why, "too many discards");
            uint64_t allowed;
            if (allowed_discards(g, s, &allowed) < 0)
                return FAILED;
            if (!(allowed & discard_bit(a->tile))) {
                /* The reason: the engine's, the hook's message, else may_act's about this discard. */
                const char *ban = engine_discard_ban(g, s, a->tile);
                if (ban)
                    return refuse(why, ban);
                if (!g->msg[0] && g->hooks.may_act &&
                    g->hooks.may_act(g->hooks.ctx, g, a, g->msg, sizeof g->msg) == HOOK_OK)
                    g->msg[0] = '\0';
                return refuse(why, g->msg[0] ? g->msg : "the ruleset does not allow this discard now");
            }
            return LEGAL;
        }
        case ACT_KONG_CONCEALED:
        case ACT_KONG_PROMOTED: {
            int k = tile_kind(a->tile);
            a->tile = (tile_t)k;
            if (k >= TILE_KINDS)
                return refuse(why, "not a tile that makes sets");
            if (kong_limit(g))
                return refuse(why, "no more kongs in this deal");
            if (g->rules.no_kong_on_last_tile && wall_drawable(&st->wall) == 0)
                return refuse(why, "no kong on the last tile");
            if (a->type == ACT_KONG_CONCEALED) {
                if (h->counts[k] < 4)
                    return refuse(why, "four of the tile are needed in the hand");
                if (st->after_claim && !g->rules.kong_after_claim)
                    return refuse(why, "no kong right after a chow or pung claim");
            } else {
                if (find_pung(h, k) < 0)
                    return refuse(why, "no melded pung of the tile");
                if (h->counts[k] < 1)
                    return refuse(why, "the fourth tile is not in the hand");
                if (st->after_claim && !g->rules.promote_after_claim)
                    return refuse(why, "a pung is promoted only after a draw");
            }
            return LEGAL;
        }
        case ACT_WIN: {
            a->tile = st->has_drawn ? st->drawn : st->claim_tile;
            if (st->after_claim && !g->rules.win_after_claim)
                return refuse(why, "no win right after a chow or pung claim");
            int c = is_complete(g, s, h->counts, h->nmelds);
            if (c < 0)
                return FAILED;
            return c ? LEGAL : refuse(why, "the hand is not complete");
        }
        case ACT_EXTRA:
            return LEGAL;   /* checked against the hook's list in check_action */
        case ACT_NEXT:
            return refuse(why, "the deal is not over");
        default:
            return refuse(why, "there is no discard to claim");
        }
    case PHASE_CLAIM:
    case PHASE_ROB: {
        a->tile = st->claim_tile;
        if (s == st->discarder)
            return refuse(why, st->phase == PHASE_CLAIM ? "a seat cannot claim its own discard"
                                                        : "a seat cannot rob its own kong");
        int k = tile_kind(st->claim_tile);
        if (a->type == ACT_PASS)
            return answered(st, s, why);
        if (a->type == ACT_WIN) {
            if (!(st->could_win & (1 << s)))
                return refuse(why, "the tile does not complete the hand");
            if (st->phase == PHASE_CLAIM && !(g->rules.claims & CLAIM_WIN))
                return refuse(why, "wins on a discard are not allowed");
            return answered(st, s, why);
        }
        if (st->phase == PHASE_ROB)
            return refuse(why, "a kong's tile can only be robbed to win");
        if (st->seats[s].flags & g->rules.claim_lock_flags)
            return refuse(why, "after its declaration the seat claims a discard only to win");
        bool last = wall_drawable(&st->wall) == 0;
        switch (a->type) {
        case ACT_CHOW: {
            if (!(g->rules.claims & CLAIM_CHOW))
                return refuse(why, "chows are not allowed");
            if (s != (st->discarder + 1) % 4)
                return refuse(why, "chow only from the player on the left");
            int c = a->chow;
            if (k >= 27 || c >= 27 || c / 9 != k / 9 || c % 9 > 6 || k < c || k > c + 2)
                return refuse(why, "the tiles do not make a chow");
            for (int i = c; i < c + 3; i++)
                if (i != k && h->counts[i] < 1)
                    return refuse(why, "the chow's other tiles are not in the hand");
            break;
        }
        case ACT_PUNG:
            if (!(g->rules.claims & CLAIM_PUNG))
                return refuse(why, "pungs are not allowed");
            if (h->counts[k] < 2)
                return refuse(why, "a pair of the tile is needed in the hand");
            break;
        case ACT_KONG:
            if (!(g->rules.claims & CLAIM_KONG))
                return refuse(why, "claimed kongs are not allowed");
            if (h->counts[k] < 3)
                return refuse(why, "three of the tile are needed in the hand");
            if (kong_limit(g))
                return refuse(why, "no more kongs in this deal");
            if (last && g->rules.no_kong_on_last_tile)
                return refuse(why, "no kong on the last tile");
            break;
        default:
            return refuse(why, "only pass, chow, pung, kong or win answer a discard");
        }
        if (last && g->rules.last_discard == LAST_DISCARD_WIN_ONLY)
            return refuse(why, "the last discard can only be claimed to win");
        if (g->rules.kuikae && (a->type == ACT_CHOW || a->type == ACT_PUNG) &&
            kuikae_leaves_nothing(h, k, a->type == ACT_CHOW ? a->chow : -1))
            return refuse(why, "kuikae: the call would leave no tile to discard");
        return answered(st, s, why);
    }
    }
    return refuse(why, "unknown phase");
}

static void put_action(struct action *o, int type, int seat, tile_t t);

/* The declaration the engine makes by itself with this extra id, or NULL. */
static const struct declaration *declaration_of(const struct game_rules *r, int extra)
{
    for (int i = 0; i < r->ndeclarations; i++)
        if (r->declarations[i].extra == extra)
            return &r->declarations[i];
    return NULL;
}

/* Is the declaration open to the seat in turn now, before looking at its tiles? */
static bool may_declare(const struct game *g, int seat, const struct declaration *d)
{
    const struct game_state *st = &g->st;
    const struct seat_state *ss = &st->seats[seat];
    if (ss->flags & d->unless_flags)
        return false;
    if (d->when == DECLARE_FIRST_DISCARD && (ss->ndiscards || ss->hand.nmelds))
        return false;
    if (d->closed)
        for (int i = 0; i < ss->hand.nmelds; i++)
            if (ss->hand.melds[i].kong != KONG_CONCEALED)
                return false;
    return wall_drawable(&st->wall) >= d->min_wall && game_points(g, seat) >= d->min_points;
}

/* The engine's declarations open to the seat in turn: one per declaration and per
 * allowed discard that leaves the hand ready, by kind (a red five before the plain). */
static int declarations(const struct game *g, int seat, uint64_t allowed, struct action *out, int max)
{
    const struct game_rules *r = &g->rules;
    const struct declaration *open[MAX_DECLARATIONS];
    int nopen = 0;
    for (int i = 0; i < r->ndeclarations; i++)
        if (may_declare(g, seat, &r->declarations[i]))
            open[nopen++] = &r->declarations[i];
    const struct hand *h = &g->st.seats[seat].hand;
    /* no discard leaves ready a hand two or more tiles from ready */
    if (!nopen || shanten_of(h->counts, h->nmelds, r->forms) > 0)
        return 0;
    uint8_t counts[TILE_KINDS], held[TILE_KINDS];
    memcpy(counts, h->counts, sizeof counts);
    hand_all_counts(h, held);
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (!counts[k])
            continue;
        bool w[TILE_KINDS];
        counts[k]--, held[k]--;
        bool ready = waits(counts, h->nmelds, held, r->forms, w) > 0;
        counts[k]++, held[k]++;
        if (!ready)
            continue;
        int reds = reds_of(h, k);
        for (int red = 1; red >= 0; red--) {
            if (red ? !reds : counts[k] <= reds)
                continue;
            tile_t t = (tile_t)(red ? (unsigned)k | TILE_RED : (unsigned)k);
            if (!(allowed & discard_bit(t)))
                continue;
            for (int i = 0; i < nopen && n < max; i++) {
                put_action(&out[n], ACT_EXTRA, seat, t);
                out[n++].extra = open[i]->extra;
            }
        }
    }
    return n;
}

/* Is the extra action offered: the engine's declarations, else the hook's list? */
static int check_extra(struct game *g, const struct action *a, const char **why)
{
    struct action list[MAX_ACTIONS];
    int n = 0;
    if (declaration_of(&g->rules, a->extra)) {
        uint64_t allowed;
        if (allowed_discards(g, a->seat, &allowed) < 0)
            return FAILED;
        n = declarations(g, a->seat, allowed, list, MAX_ACTIONS);
        for (int i = 0; i < n; i++)
            if (list[i].extra == a->extra && list[i].tile == a->tile)
                return LEGAL;
        return refuse(why, "the declaration needs a discard that leaves the hand ready, and its conditions");
    }
    if (!g->hooks.extra_actions || !g->hooks.apply_extra)
        return refuse(why, "the ruleset has no extra actions");
    g->msg[0] = '\0';
    if (g->hooks.extra_actions(g->hooks.ctx, g, a->seat, list, MAX_ACTIONS, &n, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "extra_actions");
    for (int i = 0; i < n && i < MAX_ACTIONS; i++)
        if (list[i].extra == a->extra && list[i].tile == a->tile)
            return LEGAL;
    return refuse(why, "the ruleset does not offer it now");
}

static int check_action(struct game *g, struct action *a, const char **why)
{
    if (a->seat > 3)
        return refuse(why, "no such seat");
    if (a->type >= ACT_TYPES)
        return refuse(why, "no such action");
    int r = check_rules(g, a, why);
    if (r == LEGAL && a->type == ACT_EXTRA)
        r = check_extra(g, a, why);
    if (r != LEGAL || !g->hooks.may_act || !(g->rules.ask_mask & (1u << a->type)))
        return r;
    g->msg[0] = '\0';
    switch (g->hooks.may_act(g->hooks.ctx, g, a, g->msg, sizeof g->msg)) {
    case HOOK_OK:
        return LEGAL;
    case HOOK_REFUSED:
        return refuse(why, g->msg[0] ? g->msg : "the ruleset does not allow it");
    default:
        return hook_error(g, "may_act");
    }
}

static int push_if_legal(struct game *g, struct action a, struct action *out, int n, int max)
{
    const char *why;
    if (n < max && check_action(g, &a, &why) == LEGAL)
        out[n++] = a;
    return n;
}

static void put_action(struct action *o, int type, int seat, tile_t t)
{
    /* field by field: a struct built with byte stores and copied whole stalls */
    o->type = (uint8_t)type;
    o->seat = (uint8_t)seat;
    o->tile = t;
    o->chow = 0;
    o->extra = 0;
}

/* The seat in turn: win, then by kind its kongs and discards (a plain and a red five
 * are two discards). */
static int turn_actions(struct game *g, int seat, struct action *out, int max)
{
    const struct hand *h = &g->st.seats[seat].hand;
    struct action a = { .type = ACT_WIN, .seat = (uint8_t)seat };
    int n = push_if_legal(g, a, out, 0, max);
    /* Discards differ only in the tile, which is held by construction: when one the
     * ruleset allows is legal and may_act is not asked about discards, all it allows are. */
    bool ask = g->hooks.may_act && (g->rules.ask_mask & (1u << ACT_DISCARD));
    bool all = false;
    uint64_t allowed;
    if (allowed_discards(g, seat, &allowed) < 0)
        return 0;
    if (!ask) {
        struct action d = { .type = ACT_DISCARD, .seat = (uint8_t)seat };
        int found = 0;
        for (int k = 0; k < TILE_KINDS && !found; k++) {
            if (h->counts[k] > reds_of(h, k) && (allowed & (1ull << k)))
                d.tile = (tile_t)k, found = 1;
            else if (reds_of(h, k) && (allowed & discard_bit((tile_t)(k | TILE_RED))))
                d.tile = (tile_t)(k | TILE_RED), found = 1;
        }
        const char *why;
        all = found && check_action(g, &d, &why) == LEGAL;
    }
    /* The kinds held and the kinds of melded pungs, as bit masks (no branch per kind). */
    uint64_t held = 0, pungs = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        held |= (uint64_t)(h->counts[k] != 0) << k;
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type == MELD_PUNG)
            pungs |= 1ull << h->melds[i].kind;
    for (uint64_t rest = held; rest; rest &= rest - 1) {
        int k = __builtin_ctzll(rest);
        int c = h->counts[k];
        a.tile = (tile_t)k;
        if (c == 4) {
            a.type = ACT_KONG_CONCEALED;
            n = push_if_legal(g, a, out, n, max);
        }
        if (pungs & (1ull << k)) {
            a.type = ACT_KONG_PROMOTED;
            n = push_if_legal(g, a, out, n, max);
        }
        int reds = reds_of(h, k);
        for (int red = 0; red < 2; red++) {
            if (red ? !reds : c <= reds)
                continue;
            tile_t t = (tile_t)(red ? (unsigned)k | TILE_RED : (unsigned)k);
            if (!(allowed & discard_bit(t)))
                continue;
            if (all && n < max) {
                put_action(&out[n++], ACT_DISCARD, seat, t);
            } else if (ask) {
                a.type = ACT_DISCARD;
                a.tile = t;
                n = push_if_legal(g, a, out, n, max);
            }
        }
    }
    n += declarations(g, seat, allowed, out + n, max - n);
    if (g->hooks.extra_actions && g->hooks.apply_extra) {
        struct action list[MAX_ACTIONS];
        int m = 0;
        g->msg[0] = '\0';
        if (g->hooks.extra_actions(g->hooks.ctx, g, seat, list, MAX_ACTIONS, &m, g->msg, sizeof g->msg) != HOOK_OK) {
            hook_error(g, "extra_actions");
            return n;
        }
        for (int i = 0; i < m && i < MAX_ACTIONS && n < max; i++) {
            list[i].type = ACT_EXTRA;
            list[i].seat = (uint8_t)seat;
            out[n++] = list[i];
        }
    }
    return n;
}

/* The legal actions, computed (game_legal keeps them for the current state). */
static int list_actions(struct game *g, int seat, struct action *out, int max)
{
    const struct game_state *st = &g->st;
    const struct hand *h = &st->seats[seat].hand;
    struct action a = { .seat = (uint8_t)seat };
    int n = 0;
    switch (st->phase) {
    case PHASE_DEAL_END:
        a.type = ACT_NEXT;
        return push_if_legal(g, a, out, n, max);
    case PHASE_TURN:
        return turn_actions(g, seat, out, max);
    case PHASE_CLAIM:
    case PHASE_ROB: {
        int k = tile_kind(st->claim_tile);
        a.type = ACT_PASS;
        n = push_if_legal(g, a, out, n, max);
        a.type = ACT_WIN;
        n = push_if_legal(g, a, out, n, max);
        if (st->phase == PHASE_ROB)
            return n;
        if (h->counts[k] >= 3) {
            a.type = ACT_KONG;
            n = push_if_legal(g, a, out, n, max);
        }
        if (h->counts[k] >= 2) {
            a.type = ACT_PUNG;
            n = push_if_legal(g, a, out, n, max);
        }
        if (k < 27 && seat == (st->discarder + 1) % 4) {
            a.type = ACT_CHOW;
            for (int c = k - 2; c <= k; c++) {
                if (c < 0 || c / 9 != k / 9 || c % 9 > 6)
                    continue;
                a.chow = (uint8_t)c;
                n = push_if_legal(g, a, out, n, max);
            }
        }
        return n;
    }
    default:
        return 0;
    }
}

int game_legal(struct game *g, int seat, struct action *out, int max)
{
    if (seat < 0 || seat > 3 || !(game_waiting(g) & (1 << seat)))
        return 0;
    if (!(g->legal_ok & (1 << seat))) {
        g->err[0] = '\0';
        g->nlegal[seat] = (uint8_t)list_actions(g, seat, g->legal[seat], MAX_ACTIONS);
        if (g->err[0])
            return 0;   /* a hook failed: nothing is legal, and nothing is kept */
        g->legal_ok |= (uint8_t)(1 << seat);
    }
    int n = g->nlegal[seat] < max ? g->nlegal[seat] : max;
    memcpy(out, g->legal[seat], (size_t)n * sizeof *out);
    return n;
}

void game_refresh(struct game *g) { g->legal_ok = 0; }

int game_waiting(const struct game *g)
{
    switch (g->st.phase) {
    case PHASE_TURN:
        return 1 << g->st.turn;
    case PHASE_CLAIM:
    case PHASE_ROB:
        return g->st.waiting;
    case PHASE_DEAL_END:
        return 15;
    default:
        return 0;
    }
}

/* ---- the flow ---- */

static int settle(struct game *g, const struct settlement *s)
{
    struct game_state *st = &g->st;
    int32_t sum = 0;
    for (int i = 0; i < 4; i++)
        sum += s->delta[i];
    if (s->taken < 0 || s->taken > st->deposits || sum != s->taken) {
        snprintf(g->err, sizeof g->err,
                 "settlement does not balance: payments sum to %ld, deposits taken %ld of %ld",
                 (long)sum, (long)s->taken, (long)st->deposits);
        return -1;
    }
    struct event *e = ev_new(g, EV_SETTLE, SEAT_NONE);
    for (int i = 0; i < 4; i++) {
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
    snprintf(e->text, sizeof e->text, "%s", reason);
    st->result = (uint8_t)kind;
    return settle(g, &s);
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

/* The seat gets tile t (from src, enum draw_src); bonus tiles are exposed and replaced
 * until a tile that plays arrives. Returns the tile, -2 when the wall ran out (the deal
 * then ended as a draw), -1 on a hook error. */
static int receive(struct game *g, int seat, int t, int src)
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
        t = take_from(g, g->rules.bonus_source);
        src = DRAWN_REPLACEMENT;
    }
    hand_add(h, (tile_t)t);
    return t;
}

/* The seat draws (src DRAWN_WALL: an ordinary draw, DRAWN_LOOSE: a kong replacement)
 * and is in turn. */
static int draw_turn(struct game *g, int seat, int src)
{
    struct game_state *st = &g->st;
    int t = src == DRAWN_WALL ? wall_draw(&st->wall) : take_from(g, g->rules.kong_source);
    t = receive(g, seat, t, src);
    if (t < 0)
        return t == -2 ? 0 : -1;
    st->phase = PHASE_TURN;
    st->turn = (uint8_t)seat;
    st->has_drawn = true;
    st->drawn = (tile_t)t;
    st->drawn_loose = src == DRAWN_LOOSE;
    st->after_claim = false;
    return 0;
}

static int default_settle_win(const struct game *g, const struct win *w, int nwins, struct settlement *s)
{
    memset(s, 0, sizeof *s);
    int32_t flat = g->rules.flat_win;
    for (int i = 0; i < nwins; i++) {
        if (w[i].how == WIN_SELF_DRAW) {
            for (int o = 0; o < 4; o++)
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

void game_win_record(const struct game *g, int seat, int how, int from, tile_t tile, struct win *w)
{
    const struct game_state *st = &g->st;
    memset(w, 0, sizeof *w);
    w->seat = (uint8_t)seat;
    w->from = (uint8_t)from;
    w->tile = tile;
    w->how = (uint8_t)how;
    w->hand = st->seats[seat].hand;
    if (how != WIN_SELF_DRAW)
        hand_add(&w->hand, tile);
    if (how == WIN_SELF_DRAW && st->drawn_loose)
        w->flags |= WINF_LOOSE;
    if (wall_drawable(&st->wall) == 0 && !(how == WIN_SELF_DRAW && st->drawn_loose) && how != WIN_ROB)
        w->flags |= WINF_LAST_TILE;
    if (!st->any_call && st->seats[seat].ndiscards == 0)
        w->flags |= WINF_FIRST_TURN;
    if (how == WIN_ROB && st->rob_type == ACT_KONG_CONCEALED)
        w->flags |= WINF_ROB_CONCEALED;
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
    }
    st->result = EV_WIN;
    return settle(g, &s);
}

/* Turns the kong dora indicators that waited for a discard. */
static void reveal_pending(struct game *g)
{
    for (; g->st.pending_dora; g->st.pending_dora--)
        reveal_dora(g);
}

/* After a kong stands: count it, turn a dora (or, with kong_dora_after_discard, at the
 * declarer's next discard for a claimed or promoted kong), draw the replacement. */
static int finish_kong(struct game *g, int seat, bool concealed)
{
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
    if (k >= 27 || s != (st->discarder + 1) % 4)
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
    for (int s = 0; s < 4; s++) {
        st->answer[s] = (struct action){ .type = ACT_PASS, .seat = (uint8_t)s, .tile = t };
    }
    if (phase == PHASE_CLAIM && g->rules.last_discard == LAST_DISCARD_NONE && wall_drawable(&st->wall) == 0)
        return 0;
    bool orphans = phase == PHASE_ROB && st->rob_type == ACT_KONG_CONCEALED && !g->rules.rob_concealed_any;
    for (int s = 0; s < 4; s++) {
        if (s == from)
            continue;
        int c = completes_with(g, s, t, orphans);
        if (c < 0)
            return -1;
        if (c)
            st->could_win |= (uint8_t)(1 << s);
    }
    /* Ask every seat that has more than "pass" to say; keep their lists. */
    st->waiting = (uint8_t)(15 & ~(1 << from));
    uint8_t ask = 0;
    g->err[0] = '\0';
    for (int s = 0; s < 4; s++) {
        if (s == from || !has_candidates(g, s))
            continue;
        g->nlegal[s] = (uint8_t)list_actions(g, s, g->legal[s], MAX_ACTIONS);
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
    for (int s = 0; s < 4; s++) {
        if ((st->could_win & (1 << s)) && st->answer[s].type != ACT_WIN) {
            st->seats[s].missed |= 1ull << tile_kind(st->claim_tile);
            st->seats[s].last_miss = g->nlog;
        }
    }
}

/* The winners among the answers, nearest to `from` first, by rules.multi_win.
 * Returns how many; -2 when three winners abort the deal (MULTI_DOUBLE_ONLY). */
static int pick_winners(const struct game *g, int seats[3])
{
    const struct game_state *st = &g->st;
    int n = 0;
    for (int i = 1; i < 4; i++) {
        int s = (st->discarder + i) % 4;
        if (st->answer[s].type == ACT_WIN)
            seats[n++] = s;
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
    struct meld m = { .from = st->discarder, .kind = (uint8_t)k };
    int reds = tile_is_red(st->claim_tile) ? 1 : 0;
    int ev = EV_PUNG;
    switch (a->type) {
    case ACT_CHOW:
        m.type = MELD_CHOW;
        m.kind = a->chow;
        for (int i = a->chow; i < a->chow + 3; i++)
            if (i != k)
                reds += take_kind(h, i, 1);
        ev = EV_CHOW;
        break;
    case ACT_PUNG:
        m.type = MELD_PUNG;
        reds += take_kind(h, k, 2);
        break;
    default:
        m.type = MELD_KONG;
        m.kong = KONG_EXPOSED;
        reds += take_kind(h, k, 3);
        ev = EV_KONG;
        break;
    }
    m.reds = (uint8_t)reds;
    h->melds[h->nmelds++] = m;
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
    return draw_turn(g, (st->discarder + 1) % 4, DRAWN_WALL);
}

/* The wins claimed in a claim or rob window: returns 1 with *r the outcome when the
 * window ends in wins (or the three-winner abort), 0 when nobody wins. */
static int window_wins(struct game *g, int how, int *r)
{
    int seats[3];
    int n = pick_winners(g, seats);
    note_misses(g);
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
    if (window_wins(g, WIN_DISCARD, &r))
        return r;
    const struct action *best = NULL;
    for (int i = 1; i < 4; i++) {
        const struct action *a = &st->answer[(st->discarder + i) % 4];
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
    return finish_kong(g, s, false);
}

static int resolve_rob(struct game *g)
{
    struct game_state *st = &g->st;
    int r;
    if (window_wins(g, WIN_ROB, &r))
        return r;
    st->phase = PHASE_TURN;
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
    ss->discards[ss->ndiscards++] = (struct discard){ .tile = t, .claimed_by = SEAT_NONE, .extra = (uint8_t)extra };
    ss->missed = 0;
    struct event *e = ev_tile(g, EV_DISCARD, s, t);
    e->extra = (uint8_t)extra;
    reveal_pending(g);
    st->has_drawn = false;
    st->drawn_loose = false;
    st->after_claim = false;
    int ask = open_window(g, PHASE_CLAIM, s, t);
    if (ask < 0)
        return -1;
    return ask ? 0 : resolve_claims(g);
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
    ss->flags |= eff.set_flags;
    st->points[st->seat_player[a->seat]] -= eff.deposit;
    st->deposits += eff.deposit;
    struct event *e = ev_tile(g, EV_EXTRA, a->seat, a->tile);
    e->extra = a->extra;
    if (eff.abort)
        return end_draw(g, DRAW_ABORTIVE, action_name(&g->rules, a));
    if (eff.discard)
        return do_discard(g, a->seat, a->tile, a->extra + 1);
    return 0;
}

/* Builds the wall, deals, replaces bonus tiles; the dealer is in turn. */
static int deal_begin(struct game *g)
{
    struct game_state *st = &g->st;
    for (int s = 0; s < 4; s++) {
        memset(&st->seats[s], 0, sizeof st->seats[s]);
        st->seats[s].last_miss = -1;
    }
    st->nkongs = st->ndora = st->pending_dora = 0;
    st->any_call = false;
    st->result = 0;
    st->nwins = 0;
    st->waiting = st->could_win = 0;
    memset(st->last_delta, 0, sizeof st->last_delta);
    if (st->deal_no == 0 && g->nfront + g->nback > 0) {
        char err[120];
        if (wall_stack(&st->wall, &g->rules.wall, g->front, g->nfront, g->back, g->nback, err) < 0) {
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

    /* The order tiles are dealt in: per seat, how many in each pass. */
    static const uint8_t blocks[][4] = { { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 1, 1, 1, 1 }, { 1, 0, 0, 0 } };
    static const uint8_t by_seat[][4] = { { 13, 0, 0, 0 }, { 0, 13, 0, 0 }, { 0, 0, 13, 0 }, { 0, 0, 0, 13 }, { 1, 0, 0, 0 } };
    const uint8_t (*order)[4] = g->rules.deal_order == DEAL_SEAT ? by_seat : blocks;
    tile_t dealt[4][14];
    int ndealt[4] = { 0 };
    tile_t dealer_last = 0;
    for (int pass = 0; pass < 5; pass++) {
        for (int s = 0; s < 4; s++) {
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
    for (int s = 0; s < 4; s++) {
        e = ev_new(g, EV_DEAL, s);
        e->n = (uint8_t)ndealt[s];
        memcpy(e->tiles, dealt[s], (size_t)ndealt[s]);
    }
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < ndealt[s]; i++) {
            tile_t b = dealt[s][i];
            if (!kind_is_bonus(tile_kind(b)))
                continue;
            hand_add(&st->seats[s].hand, b);
            ev_tile(g, EV_BONUS, s, b);
            int t = receive(g, s, take_from(g, g->rules.bonus_source), DRAWN_REPLACEMENT);
            if (t == -2)
                return 0;
            if (t < 0)
                return -1;
            if (s == 0)
                dealer_last = (tile_t)t;
        }
    }
    reveal_dora(g);
    st->phase = PHASE_TURN;
    st->turn = 0;
    st->has_drawn = true;
    st->drawn = dealer_last;
    st->drawn_loose = false;
    st->after_claim = false;
    return 0;
}

static void default_next_deal(const struct game *g, struct next_deal *out)
{
    const struct game_state *st = &g->st;
    memset(out, 0, sizeof *out);
    out->round = st->round;
    if (st->deal_in_round + 1 >= 4)
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
    struct event *e = ev_new(g, EV_NEXT_DEAL, SEAT_NONE);
    e->v[0] = nd.dealer_keeps;
    e->v[1] = nd.round;
    e->v[2] = nd.honba;
    e->v[3] = nd.match_over;
    if (nd.match_over) {
        st->phase = PHASE_MATCH_END;
        return 0;
    }
    if (!nd.dealer_keeps) {
        uint8_t old[4];
        memcpy(old, st->seat_player, 4);
        for (int s = 0; s < 4; s++)
            st->seat_player[s] = old[(s + 1) % 4];
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
        return do_wins(g, &s, 1, WIN_SELF_DRAW, SEAT_NONE, a->tile);
    }
    case ACT_EXTRA:
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
    if (a->seat > 3 || !(g->legal_ok & (1 << a->seat)))
        return NULL;
    for (int i = 0; i < g->nlegal[a->seat]; i++) {
        const struct action *k = &g->legal[a->seat][i];
        if (k->type != a->type)
            continue;
        switch (a->type) {
        case ACT_DISCARD:
        case ACT_EXTRA:
            if (k->tile == a->tile && k->extra == (a->type == ACT_EXTRA ? a->extra : 0))
                return k;
            break;
        case ACT_KONG_CONCEALED:
        case ACT_KONG_PROMOTED:
            if (k->tile == tile_kind(a->tile))
                return k;
            break;
        case ACT_CHOW:
            if (k->chow == a->chow)
                return k;
            break;
        default:
            return k;
        }
    }
    return NULL;
}

/* Can applying the action call a hook that may fail? Then the state is saved first,
 * to be put back if one does. Window answers before the last are only recorded; a
 * discard or a kong can reach may_act and special_complete (the window it opens) and
 * the hooks of a window that passes (check_abort, settle_draw), never settle_win
 * (nobody has answered yet); a window that resolves reaches settle_win only when
 * somebody answered win. */
/* A discard reaches may_act only when the ruleset is asked about claims, or about a win
 * another seat can make on the tile; settle_draw only when it is the last tile. */
static bool discard_may_call_hook(const struct game *g, const struct action *a)
{
    const struct game_hooks *h = &g->hooks;
    if (h->special_complete || h->check_abort || (h->settle_draw && wall_drawable(&g->st.wall) == 0))
        return true;
    uint32_t ask = h->may_act ? g->rules.ask_mask : 0;
    if (ask & (1u << ACT_CHOW | 1u << ACT_PUNG | 1u << ACT_KONG))
        return true;
    if (!(ask & 1u << ACT_WIN))
        return false;
    int k = tile_kind(a->tile);
    for (int s = 0; s < 4; s++) {
        const struct hand *h2 = &g->st.seats[s].hand;
        if (s == a->seat || h2->counts[k] >= 4)
            continue;
        uint8_t c[TILE_KINDS];
        memcpy(c, h2->counts, sizeof c);
        c[k]++;
        if (complete_any(c, h2->nmelds, g->rules.forms))
            return true;
    }
    return false;
}

static bool may_call_hook(const struct game *g, const struct action *a)
{
    const struct game_hooks *h = &g->hooks;
    const struct game_state *st = &g->st;
    bool passing = h->settle_draw || h->check_abort;
    switch (st->phase) {
    case PHASE_CLAIM:
    case PHASE_ROB: {
        if (st->waiting & ~(1 << a->seat))
            return false;
        bool win = a->type == ACT_WIN;
        for (int s = 0; s < 4; s++)
            win |= st->answer[s].type == ACT_WIN;
        return passing || (win && h->settle_win);
    }
    case PHASE_TURN:
        if (a->type == ACT_WIN)
            return h->settle_win != NULL;
        if (a->type == ACT_EXTRA)
            return true;
        if (a->type == ACT_DISCARD)
            return discard_may_call_hook(g, a);
        return passing || h->may_act || h->special_complete;
    default:
        return true;
    }
}

int game_apply(struct game *g, const struct action *in)
{
    const struct action *kept = find_kept(g, in);
    struct action a = kept ? *kept : *in;
    const char *why = NULL;
    g->err[0] = '\0';
    int r = kept ? LEGAL : check_action(g, &a, &why);
    if (r != LEGAL) {
        if (r == REFUSED) {
            char what[64];
            describe(g, &a, what, sizeof what);
            snprintf(g->err, sizeof g->err, "seat %c cannot %s: %s",
                     a.seat < 4 ? seat_letters[a.seat] : '?', what, why);
        }
        return -1;
    }
    if (reserve(g) < 0) {
        snprintf(g->err, sizeof g->err, "out of memory");
        return -1;
    }
    int nlog = g->nlog;
    struct game_state saved;
    bool save = g->has_hooks && may_call_hook(g, &a);
    if (save)
        saved = g->st;
    g->legal_ok = 0;   /* the state changes; a window that opens keeps its own lists */
    if (perform(g, &a) < 0) {
        if (save)
            g->st = saved;
        g->nlog = nlog;
        g->legal_ok = 0;
        return -1;
    }
    g->acts[g->nacts++] = a;
    return 0;
}

const char *game_error(const struct game *g) { return g->err; }

/* ---- match set-up and replay ---- */

static int match_begin(struct game *g)
{
    struct game_state *st = &g->st;
    memset(st, 0, sizeof *st);
    rng_seed(&st->rng, g->seed);
    for (int p = 0; p < 4; p++) {
        st->seat_player[p] = (uint8_t)p;
        st->points[p] = g->rules.start_points;
    }
    if (g->rules.random_seats)
        rng_shuffle(&st->rng, st->seat_player, 4);
    g->nlog = 0;
    g->nacts = 0;
    g->legal_ok = 0;
    g->err[0] = '\0';
    if (reserve(g) < 0) {
        snprintf(g->err, sizeof g->err, "out of memory");
        return -1;
    }
    return deal_begin(g);
}

struct game *game_new(const struct game_rules *r, const struct game_hooks *h, uint64_t seed,
                      char *err, size_t n)
{
    const char *bad = wall_config_error(&r->wall);
    if (!bad && r->nextra > MAX_EXTRA)
        bad = "too many extra actions";
    if (!bad && r->ndeclarations > MAX_DECLARATIONS)
        bad = "too many declarations";
    for (int i = 0; !bad && i < r->ndeclarations; i++)
        if (r->declarations[i].extra >= r->nextra)
            bad = "a declaration is not among the extra actions";
    if (!bad && (r->forms & FORM_STANDARD) == 0)
        bad = "the standard form must be on";
    if (bad) {
        snprintf(err, n, "invalid rules: %s", bad);
        return NULL;
    }
    struct game *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    g->rules = *r;
    if (h) {
        g->hooks = *h;
        g->has_hooks = h->may_act || h->allowed_discards || h->extra_actions || h->apply_extra || h->special_complete ||
                       h->settle_win || h->settle_draw || h->check_abort || h->next_deal;
    }
    g->seed = seed;
    if (match_begin(g) < 0) {
        snprintf(err, n, "%s", g->err);
        game_free(g);
        return NULL;
    }
    return g;
}

void game_free(struct game *g)
{
    if (!g)
        return;
    free(g->log);
    free(g->acts);
    free(g);
}

int game_reset(struct game *g, uint64_t seed)
{
    g->seed = seed;
    g->nfront = g->nback = 0;
    return match_begin(g);
}

int game_stack(struct game *g, const tile_t *front, int nfront, const tile_t *back, int nback)
{
    struct wall w;
    char err[120];
    if (wall_stack(&w, &g->rules.wall, front, nfront, back, nback, err) < 0) {
        snprintf(g->err, sizeof g->err, "%s", err);
        return -1;
    }
    g->nfront = nfront;
    g->nback = nback;
    if (nfront)
        memcpy(g->front, front, (size_t)nfront);
    if (nback)
        memcpy(g->back, back, (size_t)nback);
    return match_begin(g);
}

int game_replay(struct game *g, int n)
{
    if (n < 0 || n > g->nacts) {
        snprintf(g->err, sizeof g->err, "cannot replay %d of %d actions", n, g->nacts);
        return -1;
    }
    struct action *acts = g->acts;
    g->acts = NULL;
    g->capacts = 0;
    int r = match_begin(g);
    for (int i = 0; r == 0 && i < n; i++) {
        if (game_apply(g, &acts[i]) < 0) {
            char why[sizeof g->err];
            snprintf(why, sizeof why, "%s", g->err);
            snprintf(g->err, sizeof g->err, "replay: action %d no longer applies: %.200s", i + 1, why);
            r = -1;
        }
    }
    free(acts);
    return r;
}

int game_undo(struct game *g)
{
    if (g->nacts == 0) {
        snprintf(g->err, sizeof g->err, "nothing to undo");
        return -1;
    }
    return game_replay(g, g->nacts - 1);
}

/* ---- invariants ---- */

int game_check(const struct game *g, char *msg, size_t n)
{
    const struct game_state *st = &g->st;
    int counts[ALL_KINDS] = { 0 }, reds[3] = { 0 };
    for (int s = 0; s < 4; s++) {
        const struct seat_state *ss = &st->seats[s];
        const struct hand *h = &ss->hand;
        for (int k = 0; k < TILE_KINDS; k++)
            counts[k] += h->counts[k];
        for (int i = 0; i < 3; i++)
            reds[i] += h->reds[i];
        if (h->nmelds > MAX_MELDS || h->nbonus > MAX_BONUS) {
            snprintf(msg, n, "seat %c: %d melds, %d bonus tiles", seat_letters[s], h->nmelds, h->nbonus);
            return -1;
        }
        for (int i = 0; i < h->nmelds; i++) {
            const struct meld *m = &h->melds[i];
            if (m->type == MELD_CHOW)
                for (int j = 0; j < 3; j++)
                    counts[m->kind + j]++;
            else
                counts[m->kind] += meld_tiles(m);
            if (m->reds)
                reds[m->kind / 9] += m->reds;
        }
        for (int i = 0; i < h->nbonus; i++)
            counts[h->bonus[i]]++;
        for (int i = 0; i < ss->ndiscards; i++) {
            if (ss->discards[i].claimed_by != SEAT_NONE)
                continue;
            tile_t t = ss->discards[i].tile;
            counts[tile_kind(t)]++;
            if (tile_is_red(t))
                reds[tile_kind(t) / 9]++;
        }
        int size = hand_size(h), want = 13;
        bool either = false;
        if (st->phase == PHASE_TURN && s == st->turn)
            want = 14;
        if (st->phase == PHASE_ROB && s == st->discarder && st->rob_type == ACT_KONG_PROMOTED)
            want = 14;
        if ((st->phase == PHASE_DEAL_END || st->phase == PHASE_MATCH_END) && s == st->turn)
            either = true;
        if (size != want && !(either && size == 14)) {
            snprintf(msg, n, "seat %c holds %d tiles (melds count 3), expected %d", seat_letters[s], size, want);
            return -1;
        }
    }
    if (wall_conserved(&st->wall, &g->rules.wall, counts, reds, msg, (int)n) < 0)
        return -1;
    int64_t total = st->deposits;
    for (int p = 0; p < 4; p++)
        total += st->points[p];
    if (total != 4 * (int64_t)g->rules.start_points) {
        snprintf(msg, n, "points and deposits sum to %lld, not %lld", (long long)total,
                 4 * (long long)g->rules.start_points);
        return -1;
    }
    return 0;
}

int game_dora(const struct game *g, int i)
{
    if (!g->rules.dora_step || i < 0 || i >= g->st.ndora)
        return -1;
    return wall_dead_tile(&g->st.wall, g->rules.dora_first + i * g->rules.dora_step);
}

int game_ura(const struct game *g, int i)
{
    if (!g->rules.dora_step || i < 0 || i >= g->st.ndora)
        return -1;
    return wall_dead_tile(&g->st.wall, g->rules.dora_first + i * g->rules.dora_step + 1);
}

/* ---- names and JSON ---- */

const char *action_name(const struct game_rules *r, const struct action *a)
{
    static const char *names[ACT_TYPES] = {
        "pass", "discard", "chow", "pung", "kong", "concealed kong", "promoted kong", "win", "extra", "next",
    };
    if (a->type == ACT_EXTRA && a->extra < r->nextra && r->extra_names[a->extra][0])
        return r->extra_names[a->extra];
    return a->type < ACT_TYPES ? names[a->type] : "?";
}

const char *event_name(int type)
{
    static const char *names[EV_TYPES] = {
        "deal_start", "deal", "bonus", "draw", "discard", "pass", "chow", "pung", "kong",
        "kong_concealed", "kong_promoted", "dora", "extra", "win", "draw_end", "settle", "next_deal",
    };
    return type >= 0 && type < EV_TYPES ? names[type] : "?";
}

struct out {
    char *buf;
    size_t n, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = o->len < o->n ? vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        o->len += (size_t)w;
}

static void put_tile(struct out *o, const char *key, tile_t t)
{
    char name[4];
    tile_name(t, name);
    put(o, ",\"%s\":\"%s\"", key, name);
}

static void put_seat(struct out *o, const char *key, int s)
{
    if (s < 4)
        put(o, ",\"%s\":\"%c\"", key, seat_letters[s]);
}

static void put_extra_name(struct out *o, const struct game_rules *r, int id)
{
    if (id < r->nextra && r->extra_names[id][0])
        put(o, "\"%s\"", r->extra_names[id]);
    else
        put(o, "\"extra%d\"", id);
}

static size_t finish(struct out *o)
{
    if (o->n && o->len >= o->n) {
        o->buf[o->n - 1] = '\0';
        return o->n - 1;
    }
    return o->len;
}

size_t action_json(const struct game_rules *r, const struct action *a, char *buf, size_t n)
{
    static const char *types[ACT_TYPES] = {
        "pass", "discard", "chow", "pung", "kong", "kong_concealed", "kong_promoted", "win", "extra", "next",
    };
    struct out o = { buf, n, 0 };
    if (n)
        buf[0] = '\0';
    put(&o, "{\"type\":\"%s\"", a->type < ACT_TYPES ? types[a->type] : "?");
    put_seat(&o, "seat", a->seat);
    switch (a->type) {
    case ACT_DISCARD:
    case ACT_KONG_CONCEALED:
    case ACT_KONG_PROMOTED:
        put_tile(&o, "tile", a->tile);
        break;
    case ACT_CHOW:
        put_tile(&o, "chow", a->chow);
        break;
    case ACT_EXTRA:
        put(&o, ",\"name\":");
        put_extra_name(&o, r, a->extra);
        put_tile(&o, "tile", a->tile);
        break;
    default:
        break;
    }
    put(&o, "}");
    return finish(&o);
}

size_t event_json(const struct game_rules *r, const struct event *e, int index, char *buf, size_t n)
{
    static const char *srcs[] = { "wall", "loose", "replacement" };
    static const char *hows[] = { "self", "discard", "rob" };
    static const char *winds = "ESWN";
    struct out o = { buf, n, 0 };
    if (n)
        buf[0] = '\0';
    put(&o, "{\"i\":%d,\"type\":\"%s\"", index, event_name(e->type));
    switch (e->type) {
    case EV_DEAL_START:
        put(&o, ",\"deal\":%ld,\"round\":\"%c\",\"dealer\":%d,\"honba\":%ld,\"deposits\":%ld,\"dice\":[",
            (long)e->v[0], winds[e->v[1] & 3], e->seat, (long)e->v[2], (long)e->v[3]);
        for (int i = 0; i < e->n; i++)
            put(&o, "%s%d", i ? "," : "", e->tiles[i]);
        put(&o, "]");
        break;
    case EV_DEAL:
        put_seat(&o, "seat", e->seat);
        put(&o, ",\"tiles\":\"");
        for (int i = 0; i < e->n; i++) {
            char name[4];
            tile_name(e->tiles[i], name);
            put(&o, "%s", name);
        }
        put(&o, "\"");
        break;
    case EV_DRAW:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"from\":\"%s\"", srcs[e->src < 3 ? e->src : 0]);
        break;
    case EV_DISCARD:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        if (e->extra) {
            put(&o, ",\"with\":");
            put_extra_name(&o, r, e->extra - 1);
        }
        break;
    case EV_PASS:
        put_seat(&o, "seat", e->seat);
        break;
    case EV_CHOW:
    case EV_PUNG:
    case EV_KONG:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put_seat(&o, "from", e->from);
        if (e->type == EV_CHOW)
            put_tile(&o, "chow", e->kind);
        break;
    case EV_BONUS:
    case EV_KONG_CONCEALED:
    case EV_KONG_PROMOTED:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        break;
    case EV_DORA:
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"index\":%ld", (long)e->v[0]);
        break;
    case EV_EXTRA:
        put_seat(&o, "seat", e->seat);
        put(&o, ",\"name\":");
        put_extra_name(&o, r, e->extra);
        put_tile(&o, "tile", e->tile);
        break;
    case EV_WIN: {
        static const char *flags[] = { "kong_replacement", "last_tile", "first_turn", "robbing_concealed_kong" };
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"by\":\"%s\"", hows[e->src < 3 ? e->src : 0]);
        put_seat(&o, "from", e->from);
        put(&o, ",\"flags\":[");
        for (int i = 0, first = 1; i < 4; i++)
            if (e->kind & (1 << i)) {
                put(&o, "%s\"%s\"", first ? "" : ",", flags[i]);
                first = 0;
            }
        put(&o, "]");
        break;
    }
    case EV_DRAW_END:
        put(&o, ",\"kind\":\"%s\",\"reason\":\"%s\"", e->v[0] == DRAW_ABORTIVE ? "abortive" : "exhaustive", e->text);
        break;
    case EV_SETTLE:
        put(&o, ",\"payments\":{\"E\":%ld,\"S\":%ld,\"W\":%ld,\"N\":%ld},\"deposits_taken\":%ld",
            (long)e->v[0], (long)e->v[1], (long)e->v[2], (long)e->v[3], (long)e->v[4]);
        break;
    case EV_NEXT_DEAL:
        put(&o, ",\"dealer_keeps\":%s,\"round\":\"%c\",\"honba\":%ld,\"match_over\":%s",
            e->v[0] ? "true" : "false", winds[e->v[1] & 3], (long)e->v[2], e->v[3] ? "true" : "false");
        break;
    default:
        break;
    }
    put(&o, "}");
    return finish(&o);
}
