/* The game's private parts, shared by the files of core/ that make up the engine:
 * game.c (the public API, match set-up, replay), game_legal.c (legal actions),
 * game_flow.c (applying actions: the turn flow), game_check.c (invariants),
 * game_json.c (names and JSON). Nothing outside core/ includes this. */
#ifndef JONG_GAME_PRIVATE_H
#define JONG_GAME_PRIVATE_H

#include "game.h"

#include <string.h>

static const char seat_letters[] = "ESWN";

/* A stacked wall of a later deal (game_stack_deal). */
struct deal_wall {
    int deal;
    uint8_t nfront, nback;
    tile_t front[MAX_WALL], back[MAX_WALL];
};

struct game {
    struct game_rules rules;
    struct game_hooks hooks;
    bool has_hooks;
    uint64_t seed;
    int nfront, nback;     /* stacked first deal (0, 0: shuffled) */
    tile_t front[MAX_WALL], back[MAX_WALL];
    struct deal_wall *deal_walls;  /* stacked later deals (game_stack_deal) */
    int ndeal_walls, capdeal_walls;
    struct game_state st;
    struct event *log;
    int nlog, caplog;
    struct action *acts;   /* every action applied, for replay */
    int nacts, capacts;
    char err[256];
    char msg[200];         /* hooks' scratch: a refusal's reason or an error */
    /* The legal actions of the current state, kept so that hooks are asked once per
     * state (hooks must answer from the game state alone). */
    uint8_t legal_ok;      /* seats whose list is kept */
    bool legal_failed;     /* the last list left out actions a hook failed on (err says why) */
    uint16_t nlegal[MAX_PLAYERS];
    struct action legal[MAX_PLAYERS][MAX_ACTIONS];
    struct check_memo *memo;   /* what game_check last found sound (game_check.c) */
    /* While a discard is applied: the seats its tile completes in the core's forms, found
     * before (game_apply) and kept for the window it opens; -1: not known. */
    int window_wins;
    uint8_t window_from;
    tile_t window_tile;
    /* Per seat, the last concealed hand (counts, melds) found two or more tiles from
     * complete in the core's forms (shanten_of >= 1, seen by declarations): no hand within
     * it (far_within) completes with one more tile, and one more tile makes of a hand
     * within it one at least least - 1 from ready. A fact about those tiles alone. */
    struct far_hand {
        bool ok;
        uint8_t nmelds;
        uint8_t least;   /* its shanten is at least this (1 or more) */
        uint8_t counts[TILE_KINDS];
    } far[MAX_PLAYERS];
    /* Per seat, the last concealed hand (counts, melds argument of the analysis, forms)
     * whose shanten after each discard was counted (shanten_each, delta -1): a fact of
     * those tiles alone, kept for the other questions about the same tiles (the legal
     * declarations of a turn, then the bot's choice; a call weighed, then the turn after
     * it). */
    struct each_hand {
        bool ok;
        int8_t nmelds, lowest;
        unsigned forms;
        uint8_t counts[TILE_KINDS];
        int8_t after[TILE_KINDS];
    } each[MAX_PLAYERS];
};

/* Seats at the table, and the seat after s in turn order. */
static inline int players(const struct game *g) { return g->rules.players; }
static inline int next_seat(const struct game *g, int s) { return s + 1 < g->rules.players ? s + 1 : 0; }
/* The seat r places after s. */
static inline int seat_after(const struct game *g, int s, int r) { return (s + r) % g->rules.players; }
/* Dora indicator i revealed (ura: its ura indicator), or -1 (game_dora, game_ura). */
static inline int dora_indicator(const struct game *g, int i, int ura)
{
    if (!g->rules.dora_step || i < 0 || i >= g->st.ndora)
        return -1;
    return wall_dead_tile(&g->st.wall, g->rules.dora_first + i * g->rules.dora_step + ura);
}
/* Bit mask of every seat. */
static inline int all_seats(const struct game *g) { return (1 << g->rules.players) - 1; }
/* The next seat in turn order still in the deal (play after a win skips the winners). */
static inline int next_active(const struct game *g, int s)
{
    for (int i = 0; i < g->rules.players; i++) {
        s = next_seat(g, s);
        if (!(g->st.left >> s & 1))
            break;
    }
    return s;
}

/* ---- hands ---- */

/* Copies a hand's counts: two 16-byte moves and two bytes (a plain memcpy of 34 bytes
 * may become a slow string move). */
static inline void counts_copy(uint8_t dst[TILE_KINDS], const uint8_t src[TILE_KINDS])
{
    memcpy(dst, src, 32);
    dst[32] = src[32];
    dst[33] = src[33];
}

/* Can a tile of kind k complete a hand of these concealed counts (one tile short) in
 * the forms? Only when the hand holds k, or in a suit a kind within two of it (the tile
 * then sits in a pair, a pung or a chow), or k is a terminal or honour and thirteen
 * orphans is a form. A quick test before complete_any. */
static inline bool may_complete(const uint8_t counts[TILE_KINDS], int k, unsigned forms)
{
    if (counts[k])
        return true;
    int r = k % 9;
    if ((k >= 27 || r == 0 || r == 8) && (forms & FORM_THIRTEEN_ORPHANS))
        return true;
    if (k >= 27)
        return false;
    return (r >= 1 && counts[k - 1]) || (r >= 2 && counts[k - 2]) || (r <= 7 && counts[k + 1]) ||
           (r <= 6 && counts[k + 2]);
}

static inline int reds_of(const struct hand *h, int k) { return kind_is_five(k) ? h->reds[k / 9] : 0; }

static inline bool hand_has(const struct hand *h, tile_t t)
{
    int k = tile_kind(t);
    if (k >= TILE_KINDS)
        return false;
    return tile_is_red(t) ? reds_of(h, k) > 0 : h->counts[k] > reds_of(h, k);
}

static inline void hand_add(struct hand *h, tile_t t)
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

static inline void hand_take(struct hand *h, tile_t t)
{
    int k = tile_kind(t);
    h->counts[k]--;
    if (tile_is_red(t))
        h->reds[k / 9]--;
}

/* Takes n tiles of kind k, plain ones first; returns the red fives taken. */
static inline int take_kind(struct hand *h, int k, int n)
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

/* Takes n tiles of kind k, up to `reds` red fives first, then plain ones first;
 * returns the red fives taken. */
static inline int take_kind_reds(struct hand *h, int k, int n, int reds)
{
    int taken = 0;
    for (; n > 0 && reds > 0 && reds_of(h, k) > 0; n--, reds--) {
        h->reds[k / 9]--;
        h->counts[k]--;
        taken++;
    }
    return taken + take_kind(h, k, n);
}

static inline int find_pung(const struct hand *h, int k)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type == MELD_PUNG && h->melds[i].kind == k)
            return i;
    return -1;
}

/* ---- events ---- */

static inline struct event *ev_new(struct game *g, int type, int seat)
{
    struct event *e = &g->log[g->nlog++];
    memset(e, 0, sizeof *e);
    e->type = (uint8_t)type;
    e->seat = (uint8_t)seat;
    e->from = SEAT_NONE;
    return e;
}

static inline struct event *ev_tile(struct game *g, int type, int seat, tile_t t)
{
    struct event *e = ev_new(g, type, seat);
    e->tile = t;
    return e;
}

/* ---- shared by the engine's files (game.c) ---- */

/* Room in the log and the action list for one more action; 0 or -1 (no memory). */
int reserve(struct game *g);
int hook_error(struct game *g, const char *hook);
/* 1 complete, 0 not, -1 hook error. */
int is_complete(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds);
int hand_waits(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds,
               const uint8_t held[TILE_KINDS], bool out[TILE_KINDS]);
/* Does the tile complete the seat's hand (robbing a concealed kong: thirteen orphans only)? */
int completes_with(struct game *g, int seat, tile_t t, bool orphans_only);
/* Is the hand of the seat in turn complete (is_complete)? */
int complete_in_turn(struct game *g, int seat);

/* Are these concealed counts (with nmelds melds) within the seat's far hand, kind by kind?
 * Then no tile completes them in the core's forms: complete_any is false for them plus
 * any one tile. */
static inline bool far_within(const struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds)
{
    typedef unsigned char bytes16 __attribute__((vector_size(16)));
    const struct far_hand *f = &g->far[seat];
    if (!f->ok || f->nmelds != nmelds)
        return false;
    bytes16 a, b, c, d;   /* kinds 0-15 and 16-31 at once: any count above the far hand's */
    memcpy(&a, counts, 16);
    memcpy(&b, f->counts, 16);
    memcpy(&c, counts + 16, 16);
    memcpy(&d, f->counts + 16, 16);
    bytes16 above = (bytes16)(a > b) | (bytes16)(c > d);
    uint64_t w[2];
    memcpy(w, &above, 16);
    return !(w[0] | w[1]) && counts[32] <= f->counts[32] && counts[33] <= f->counts[33];
}

/* Is the hand of the seat in turn, but for the tile it drew, within its far hand? */
static inline bool far_drawn(const struct game *g, int seat)
{
    const struct game_state *st = &g->st;
    const struct hand *h = &st->seats[seat].hand;
    if (!st->has_drawn || !g->far[seat].ok)
        return false;
    uint8_t c[TILE_KINDS];
    counts_copy(c, h->counts);
    c[tile_kind(st->drawn)]--;
    return far_within(g, seat, c, h->nmelds);
}

/* Remembers the seat's concealed hand as `least` (1 or more) or more from ready. */
static inline void far_note(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds, int least)
{
    struct far_hand *f = &g->far[seat];
    f->ok = true;
    f->nmelds = (uint8_t)nmelds;
    f->least = (uint8_t)least;
    counts_copy(f->counts, counts);
}

/* shanten_each(counts, nmelds, forms, -1, ...) of concealed counts (3n + 2 tiles) of the
 * seat: the shanten after each discard (kept per seat in g->each for the same tiles asked
 * again, valid until the seat's next such question), *lowest the least of them. */
static inline const int8_t *shanten_each_kept(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds,
                                              unsigned forms, int *lowest)
{
    struct each_hand *e = &g->each[seat & (MAX_PLAYERS - 1)];
    uint64_t a0, a1, a2, a3, b0, b1, b2, b3;   /* kinds 0-31 as four words */
    memcpy(&a0, counts, 8), memcpy(&a1, counts + 8, 8), memcpy(&a2, counts + 16, 8), memcpy(&a3, counts + 24, 8);
    memcpy(&b0, e->counts, 8), memcpy(&b1, e->counts + 8, 8), memcpy(&b2, e->counts + 16, 8);
    memcpy(&b3, e->counts + 24, 8);
    if (!(e->ok && e->nmelds == nmelds && e->forms == forms && !((a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2) | (a3 ^ b3)) &&
          counts[32] == e->counts[32] && counts[33] == e->counts[33])) {
        e->lowest = (int8_t)shanten_each(counts, nmelds, forms, -1, e->after);
        e->ok = true;
        e->nmelds = (int8_t)nmelds;
        e->forms = forms;
        counts_copy(e->counts, counts);
    }
    *lowest = e->lowest;
    return e->after;
}

/* game_legal.c */
enum { LEGAL = 0, REFUSED = 1, FAILED = -1 };
const struct declaration *declaration_of(const struct game_rules *r, int extra);
/* Whether the action is legal now (LEGAL, REFUSED with *why, FAILED: a hook failed);
 * fills in the tile of claims and wins. */
int check_action(struct game *g, struct action *a, const char **why);
/* Lists the seat's legal actions (see game_legal). */
int list_actions(struct game *g, int seat, struct action *out, int max);
/* The seat's legal actions (*n of them) in the game's own list, made if it is not kept
 * (game_legal copies them): read them before the game changes. Kept unless a hook failed
 * while they were made (g->legal_failed): then the next call makes them again. */
const struct action *legal_list(struct game *g, int seat, int *n);

/* game_check.c */
struct check_memo *check_memo_new(void);
void check_memo_free(struct check_memo *m);
/* The invariants checked from scratch (game_check remembers what it found sound). */
int game_check_full(const struct game *g, char *msg, size_t n);

/* game_preplay.c: the phases before play (exchange, missing suit) */
/* Opens the first phase before play, or puts the dealer in turn (drawn: the dealer's last tile). */
void preplay_begin(struct game *g, tile_t drawn);
int preplay_check(struct game *g, struct action *a, const char **why);
int preplay_list(struct game *g, int seat, struct action *out, int max);
int preplay_apply(struct game *g, const struct action *a);
/* The suit a seat declared missing (0-2), or -1 (none yet, or still hidden: not for play). */
static inline int missing_suit(const struct game *g, int seat)
{
    return g->st.phase == PHASE_DECLARE ? -1 : g->st.seats[seat].missing - 1;
}

/* game_flow.c */
/* Deals the next deal of the match (the wall built or stacked, bonus replaced). */
int deal_begin(struct game *g);

#endif
