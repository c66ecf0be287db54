/* Legal actions: what a seat may do now, and whether an action is allowed. */
#include "game_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    counts_copy(c, h->counts);
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

/* rules.missing_first: the discards (discard_bit) barred while the seat holds tiles of its
 * declared missing suit (0: none). */
static uint64_t missing_first_ban(const struct game *g, int seat)
{
    int suit = g->rules.missing_first ? missing_suit(g, seat) : -1;
    if (suit < 0)
        return 0;
    const struct hand *h = &g->st.seats[seat].hand;
    uint64_t held = 0;
    for (int k = 9 * suit; k < 9 * suit + 9; k++)
        if (h->counts[k])
            held |= kind_bits(k);
    return held ? ~held : 0;
}

/* Why the rules' lock or kuikae bar this discard of the seat in turn, or NULL. */
static const char *engine_discard_ban(const struct game *g, int seat, tile_t t)
{
    const struct game_state *st = &g->st;
    if ((st->seats[seat].flags & g->rules.lock_flags) && st->has_drawn && discard_bit(t) != discard_bit(st->drawn))
        return "after its declaration the seat discards only the tile it drew";
    if (g->rules.kuikae && st->after_claim && !st->has_drawn && (swap_call_ban(g, seat) & discard_bit(t)))
        return "kuikae: not the claimed tile, nor the other end of the chow";
    if (missing_first_ban(g, seat) & discard_bit(t))
        return "while it holds tiles of its missing suit the seat discards those first";
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
    *allowed &= ~missing_first_ban(g, seat);
    uint64_t hook = ~0ull;
    if (g->hooks.allowed_discards &&
        g->hooks.allowed_discards(g->hooks.ctx, g, seat, &hook, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "allowed_discards");
    *allowed &= hook;
    return 0;
}

static int refuse(const char **why, const char *reason)
{
    *why = reason;
    return REFUSED;
}

static bool kong_limit(const struct game *g)
{
    return g->rules.max_kongs && g->st.nkongs >= g->rules.max_kongs;
}

/* A seat never pungs or kongs a tile of the suit it declared missing. */
static bool missing_kind(const struct game *g, int seat, int k)
{
    return k < 27 && k / 9 == missing_suit(g, seat);
}

/* Checked last in a window, so that a claim that could never be made says why. */
static int answered(const struct game_state *st, int s, const char **why)
{
    return st->waiting & (1 << s) ? LEGAL : refuse(why, "the seat has already answered or has nothing to claim");
}

/* The CLAIM_* seat s may make on the discard of seat `from`. */
static int claims_on(const struct game *g, int s, int from)
{
    int r = (s - from + players(g)) % players(g);
    return g->rules.claims & g->rules.relation_claims[r];
}

/* Whether the seat in turn may set a tile aside now (rules.set_aside), and why not. */
static int check_set_aside(const struct game *g, const struct action *a, const char **why)
{
    const struct game_state *st = &g->st;
    const struct set_aside *sa = &g->rules.set_aside;
    const struct seat_state *ss = &st->seats[a->seat];
    if (tile_kind(a->tile) != sa->kind)
        return refuse(why, "not the kind that is set aside");
    if (!hand_has(&ss->hand, a->tile))
        return refuse(why, "the tile is not in the hand");
    if (!st->has_drawn && !(sa->after_claim && st->after_claim))
        return refuse(why, "a tile is set aside only after a draw");
    if (ss->naside >= MAX_ASIDE)
        return refuse(why, "too many tiles set aside");
    if ((ss->flags & g->rules.lock_flags) && st->drawn != a->tile)
        return refuse(why, "after its declaration the seat sets aside only the tile it drew");
    if (g->rules.no_kong_on_last_tile && wall_drawable(&st->wall) == 0)
        return refuse(why, "nothing is set aside on the last tile");
    if (g->rules.wall.dead_policy == DEAD_FIXED && wall_live(&st->wall) == 0)
        return refuse(why, "no replacement tile is left");
    return LEGAL;
}

/* The structural rules of the current phase; fills in the tile of claims. */
static int check_rules(struct game *g, struct action *a, const char **why)
{
    const struct game_state *st = &g->st;
    int s = a->seat;
    const struct hand *h = &st->seats[s].hand;

    if (st->phase == PHASE_EXCHANGE || st->phase == PHASE_DECLARE)
        return preplay_check(g, a, why);
    if (a->type == ACT_EXCHANGE || a->type == ACT_DECLARE)
        return refuse(why, "the exchange and the missing suit come before play");
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
            if (k >= TILE_KINDS || (g->rules.no_meld_kinds >> k & 1))
                return refuse(why, "not a tile that makes sets");
            if (missing_kind(g, s, k))
                return refuse(why, "the seat declared this suit missing");
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
            int c = complete_in_turn(g, s);
            if (c < 0)
                return FAILED;
            return c ? LEGAL : refuse(why, "the hand is not complete");
        }
        case ACT_EXTRA:
            if (g->rules.set_aside.on && a->extra == g->rules.set_aside.extra)
                return check_set_aside(g, a, why);
            return LEGAL;   /* checked against the hook's list in check_action */
        case ACT_NEXT:
            return refuse(why, "the deal is not over");
        default:
            return refuse(why, "there is no discard to claim");
        }
    case PHASE_CLAIM:
    case PHASE_ROB: {
        /* (before the claimed tile replaces the action's: the refusal names the tile asked) */
        if (a->type != ACT_PASS && a->type != ACT_WIN && a->type != ACT_CHOW && a->type != ACT_PUNG &&
            a->type != ACT_KONG)
            return refuse(why, st->phase == PHASE_CLAIM ? "a discard is waiting for its claims: only pass, chow, pung, kong or win answer it"
                                                        : "a kong is waiting for its robbers: only pass or win answer it");
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
            if (!(claims_on(g, s, st->discarder) & CLAIM_CHOW))
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
            if (!(claims_on(g, s, st->discarder) & CLAIM_PUNG))
                return refuse(why, "pungs are not allowed");
            if (g->rules.no_meld_kinds >> k & 1)
                return refuse(why, "the tile is never melded");
            if (missing_kind(g, s, k))
                return refuse(why, "the seat declared this suit missing");
            if (h->counts[k] < 2)
                return refuse(why, "a pair of the tile is needed in the hand");
            break;
        case ACT_KONG:
            if (!(claims_on(g, s, st->discarder) & CLAIM_KONG))
                return refuse(why, "claimed kongs are not allowed");
            if (g->rules.no_meld_kinds >> k & 1)
                return refuse(why, "the tile is never melded");
            if (missing_kind(g, s, k))
                return refuse(why, "the seat declared this suit missing");
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
        /* A seat the window does not wait for, because the ruleset refused this claim: the
         * ruleset's reason, not the engine's (the claim is refused either way). */
        if (!(st->waiting & (1 << s)) && g->hooks.may_act && (g->rules.ask_mask & (1u << a->type))) {
            g->msg[0] = '\0';
            if (g->hooks.may_act(g->hooks.ctx, g, a, g->msg, sizeof g->msg) == HOOK_REFUSED && g->msg[0])
                return refuse(why, g->msg);
            g->msg[0] = '\0';
        }
        return answered(st, s, why);
    }
    }
    return refuse(why, "unknown phase");
}

static void put_action(struct action *o, int type, int seat, tile_t t);

/* The declaration the engine makes by itself with this extra id, or NULL. */
const struct declaration *declaration_of(const struct game_rules *r, int extra)
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
 * allowed discard that leaves the hand ready (in the forms or special_complete), by kind
 * (a red five before the plain). -1 when special_complete failed. */
static int declarations(struct game *g, int seat, uint64_t allowed, struct action *out, int max)
{
    const struct game_rules *r = &g->rules;
    const struct declaration *open[MAX_DECLARATIONS];
    int nopen = 0;
    for (int i = 0; i < r->ndeclarations; i++)
        if (may_declare(g, seat, &r->declarations[i]))
            open[nopen++] = &r->declarations[i];
    const struct hand *h = &g->st.seats[seat].hand;
    /* no discard leaves ready a hand two or more tiles from ready (in the core's forms:
     * special_complete's hands are asked below) */
    int nmelds = hand_analysis_melds(h->nmelds, r->hand_sets);
    if (!nopen)
        return 0;
    bool core_only = !g->hooks.special_complete;
    /* in the core's forms a discard leaves the hand ready only where it leaves it 0 from ready */
    const int8_t *after = NULL;
    if (core_only) {
        /* a tile drawn to a hand within the far hand: at least its least - 1 from ready;
         * else the shanten after each discard (kept for the bot's choice): a hand of 3n + 2
         * tiles not complete has the shanten of its best discard, a complete one 0 there */
        int least = g->far[seat].least;
        int sh = least - 1;
        if (least < 2 || !far_drawn(g, seat))
            after = shanten_each_kept(g, seat, h->counts, nmelds, r->forms, &sh);
        if (sh > 0 && sh < SHANTEN_NONE)
            far_note(g, seat, h->counts, h->nmelds, sh);
        if (sh > 0)
            return 0;
    }
    uint8_t counts[TILE_KINDS], held[TILE_KINDS];
    counts_copy(counts, h->counts);
    hand_all_counts(h, held);
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (!counts[k] || (core_only && after[k] > 0))
            continue;
        bool w[TILE_KINDS];
        counts[k]--, held[k]--;
        int ready = hand_waits(g, seat, counts, h->nmelds, held, w);
        counts[k]++, held[k]++;
        if (ready < 0)
            return -1;
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
static int check_extra(struct game *g, struct action *a, const char **why)
{
    struct action list[MAX_ACTIONS];
    int n = 0;
    if (g->rules.set_aside.on && a->extra == g->rules.set_aside.extra)
        return LEGAL;   /* check_set_aside */
    if (declaration_of(&g->rules, a->extra)) {
        uint64_t allowed;
        if (allowed_discards(g, a->seat, &allowed) < 0)
            return FAILED;
        n = declarations(g, a->seat, allowed, list, MAX_ACTIONS);
        if (n < 0)
            return FAILED;
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
        if (list[i].extra == a->extra && list[i].tile == a->tile) {
            a->more[0] = list[i].more[0];   /* (whether it has a tile: the ruleset's word) */
            return LEGAL;
        }
    return refuse(why, "the ruleset does not offer it now");
}

int check_action(struct game *g, struct action *a, const char **why)
{
    if (a->seat >= players(g))
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

/* The kinds (bit k) held at all and held four times (or more), without a branch per
 * kind: sixteen kinds at a time where SSE2 is (x86-64 always), else eight a word. */
static inline void kinds_held(const uint8_t counts[TILE_KINDS], uint64_t *held, uint64_t *four)
{
#if defined(__SSE2__)
    __m128i a = _mm_loadu_si128((const __m128i *)counts), b = _mm_loadu_si128((const __m128i *)(counts + 16));
    __m128i zero = _mm_setzero_si128(), fours = _mm_set1_epi8(4);
    /* a byte is 0 / at least 4 (unsigned: its maximum with 4 is itself) */
    uint64_t none = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, zero)) |
                    (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, zero)) << 16;
    uint64_t most = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(a, fours), a)) |
                    (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(b, fours), b)) << 16;
    *held = (~none & 0xffffffffull) | (uint64_t)(counts[32] != 0) << 32 | (uint64_t)(counts[33] != 0) << 33;
    *four = most | (uint64_t)(counts[32] >= 4) << 32 | (uint64_t)(counts[33] >= 4) << 33;
#else
    uint64_t w[5], h = 0, f = 0;
    memcpy(w, counts, 32);
    w[4] = (uint64_t)counts[32] | (uint64_t)counts[33] << 8;
    for (int i = 0; i < 5; i++) {
        /* the top bit of each byte that is not 0, moved to the byte's low bit, then
         * byte j's bit to bit j */
        uint64_t x = w[i], y = x & 0xfcfcfcfcfcfcfcfcull;
        uint64_t nx = ((((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull) >> 7;
        uint64_t ny = ((((y & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | y) & 0x8080808080808080ull) >> 7;
        h |= ((nx * 0x0102040810204080ull) >> 56) << (8 * i);
        f |= ((ny * 0x0102040810204080ull) >> 56) << (8 * i);
    }
    *held = h;
    *four = f;
#endif
}

static void put_action(struct action *o, int type, int seat, tile_t t)
{
    /* field by field: a struct built with byte stores and copied whole stalls */
    o->type = (uint8_t)type;
    o->seat = (uint8_t)seat;
    o->tile = t;
    o->chow = 0;
    o->extra = 0;
    o->more[0] = o->more[1] = 0;
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
    /* The kinds held and the kinds of melded pungs, as bit masks (no branch per kind);
     * the discards held (discard_bit: a plain tile by kind, a red five by suit). */
    uint64_t held, four, pungs = 0, reds = 0, discards;
    kinds_held(h->counts, &held, &four);
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type == MELD_PUNG)
            pungs |= 1ull << h->melds[i].kind;
    discards = held;
    for (int i = 0; i < 3; i++)
        if (h->reds[i]) {
            reds |= 1ull << (9 * i + 4);
            discards |= 1ull << (DISCARD_RED + i);
            if (h->counts[9 * i + 4] <= h->reds[i])
                discards &= ~(1ull << (9 * i + 4));
        }
    /* check_action on one of them: the seat is in turn, the tile held and allowed (by
     * this mask: allowed_discards answers from the state alone), may_act not asked;
     * what is left is the room for a discard */
    if (!ask)
        all = (discards & allowed) && g->st.seats[seat].ndiscards < MAX_DISCARDS;
    /* kinds where more than a plain discard is to be looked at: kongs, red fives held */
    uint64_t more = pungs | four | reds | (all ? 0 : ~0ull);
    struct action plain = { .type = ACT_DISCARD, .seat = (uint8_t)seat };
    if (!(held & more)) {   /* plain discards only: those allowed, by kind (as many as there is room for) */
        uint64_t rest = held & allowed;
        for (int room = max - n; room < 64 && __builtin_popcountll(rest) > room;)
            rest &= ~(1ull << (63 - __builtin_clzll(rest)));
        struct action *o = out + n;
        for (; rest; rest &= rest - 1, o++) {
            *o = plain;
            o->tile = (tile_t)__builtin_ctzll(rest);
        }
        n = (int)(o - out);
    }
    for (uint64_t rest = held & more ? held : 0; rest; rest &= rest - 1) {
        int k = __builtin_ctzll(rest);
        int c = h->counts[k];
        if (!(more >> k & 1)) {   /* a plain discard, or none */
            if ((allowed >> k & 1) && n < max) {
                out[n] = plain;
                out[n++].tile = (tile_t)k;
            }
            continue;
        }
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
    int nd = declarations(g, seat, allowed, out + n, max - n);
    if (nd > 0)
        n += nd;
    const struct set_aside *sa = &g->rules.set_aside;
    if (sa->on && h->counts[sa->kind] && n < max) {
        a.type = ACT_EXTRA;
        a.extra = sa->extra;
        a.tile = sa->kind;
        n = push_if_legal(g, a, out, n, max);
    }
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
int list_actions(struct game *g, int seat, struct action *out, int max)
{
    const struct game_state *st = &g->st;
    const struct hand *h = &st->seats[seat].hand;
    struct action a = { .seat = (uint8_t)seat };
    int n = 0;
    switch (st->phase) {
    case PHASE_EXCHANGE:
    case PHASE_DECLARE:
        return preplay_list(g, seat, out, max);
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
        if (st->could_win >> seat & 1) {   /* (check_rules refuses a win the tile does not make) */
            a.type = ACT_WIN;
            n = push_if_legal(g, a, out, n, max);
        }
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
        if (k < 27 && (claims_on(g, seat, st->discarder) & CLAIM_CHOW)) {
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

/* The seats whose action is awaited (game_waiting). */
static inline int waiting_seats(const struct game *g)
{
    switch (g->st.phase) {
    case PHASE_TURN:
        return 1 << g->st.turn;
    case PHASE_CLAIM:
    case PHASE_ROB:
    case PHASE_EXCHANGE:
    case PHASE_DECLARE:
        return g->st.waiting;
    case PHASE_DEAL_END:
        return all_seats(g);
    default:
        return 0;
    }
}

const struct action *legal_list(struct game *g, int seat, int *n)
{
    *n = 0;
    if (seat < 0 || seat >= players(g))
        return g->legal[0];
    bool kept = g->legal_ok & (1 << seat);   /* (for waiting seats only, until the game changes) */
    if (!kept && !(waiting_seats(g) & (1 << seat)))
        return g->legal[0];
    g->legal_failed = false;
    if (!kept) {
        g->err[0] = '\0';
        g->nlegal[seat] = (uint16_t)list_actions(g, seat, g->legal[seat], MAX_ACTIONS);
        if (g->err[0])
            g->legal_failed = true;   /* a hook failed: what it could not judge is left out, and the list is not kept */
        else
            g->legal_ok |= (uint8_t)(1 << seat);
    }
    *n = g->nlegal[seat];
    return g->legal[seat];
}

int game_legal(struct game *g, int seat, struct action *out, int max)
{
    int kept;
    const struct action *list = legal_list(g, seat, &kept);
    int n = kept < max ? kept : max;
    if (n > 0)
        memcpy(out, list, (size_t)n * sizeof *out);
    return n;
}

void game_refresh(struct game *g) { g->legal_ok = 0; }

const char *game_legal_error(const struct game *g) { return g->legal_failed ? g->err : NULL; }

int game_waiting(const struct game *g) { return waiting_seats(g); }

