/* The turn flow: a deal from the break to settlement, and a match of several deals.
 *
 * Seats are the winds of the current deal: 0 East (the dealer), 1 South, 2 West,
 * 3 North; turn order is 0 1 2 3, or 0 1 2 with three players (rules.players: 2 to 4,
 * arrays are sized MAX_PLAYERS). Players are the chairs that keep their points over
 * the match; seat_player[] says who sits where. Everything inside a deal (actions,
 * events, melds' `from`) speaks of seats.
 *
 * The engine is driven by actions. game_waiting() says whose answer is awaited,
 * game_legal() lists a seat's legal actions, game_apply() applies one: it is either
 * done completely or refused with an error naming the seat, the action and the reason
 * (game_error()), and the state is exactly as before. Draws from the wall, loose
 * tiles, bonus replacements and seats that have nothing but "pass" to say are
 * handled by the engine itself. Every step is appended to the event log.
 *
 * One deal: the wall is built (or stacked) and broken, the dealer gets 14 tiles and
 * the others 13 (DEAL_BLOCKS: 4-4-4 rounds, then one each, then the dealer's 14th),
 * bonus tiles are exposed and replaced seat by seat, the dealer is in turn. In turn:
 * discard, kongs (each followed by a loose tile; promoted ones, and concealed ones for
 * thirteen orphans when the rules say so, first open a rob window), a win, or an
 * extra declaration. After a discard every other seat that can claim answers; the
 * window resolves when all have answered: wins first (nearest to the discarder, or
 * several), else the highest precedence claim, ties to the nearest seat; else the
 * next seat draws, or the deal ends as an exhaustive draw when nothing is drawable.
 *
 * Hooks are asked only at decision points and must answer from the game state alone:
 * their answers are kept for the current state (see game_legal, game_refresh). */
#ifndef JONG_GAME_H
#define JONG_GAME_H

#include <stddef.h>
#include "decompose.h"
#include "hand.h"
#include "rng.h"
#include "wall.h"

enum { MAX_PLAYERS = 4, MAX_ASIDE = 8 };

enum act_type {
    ACT_PASS,             /* decline a claim or a rob */
    ACT_DISCARD,          /* tile: the physical tile (red bit included) */
    ACT_CHOW,             /* claim the discard; chow: lowest kind of the chow */
    ACT_PUNG,             /* claim the discard */
    ACT_KONG,             /* claim the discard with three in hand (exposed kong) */
    ACT_KONG_CONCEALED,   /* own turn, four in hand; tile: the kind */
    ACT_KONG_PROMOTED,    /* own turn, a melded pung and the fourth in hand; tile: the kind */
    ACT_WIN,              /* self-drawn in turn, or on the discard / robbed kong tile */
    ACT_EXTRA,            /* a declaration the ruleset lists (extra: its id, tile: its tile),
                           * the engine's declarations and the set-aside */
    ACT_NEXT,             /* after a deal has ended: start the next one */
    ACT_EXCHANGE,         /* before play: the three tiles the seat passes (tile, more[0], more[1]) */
    ACT_DECLARE,          /* before play: the seat's missing suit (extra: 0 m, 1 p, 2 s) */
    ACT_TYPES
};

enum { EXTRA_NO_TILE = 1 };

struct action {
    uint8_t type;    /* enum act_type */
    uint8_t seat;    /* 0-3 */
    tile_t tile;     /* see enum act_type; claims and wins: the tile claimed (filled in by game_legal) */
    uint8_t chow;    /* ACT_CHOW: lowest kind of the chow */
    uint8_t extra;   /* ACT_EXTRA: id, an index into game_rules.extra_names */
    uint8_t reds;    /* ACT_CHOW, ACT_PUNG, ACT_KONG: red fives of the hand to meld first
                        (0: plain fives first; a recorded game says which were used) */
    tile_t more[2];  /* ACT_EXCHANGE: the second and third tiles passed (in tile order);
                        ACT_EXTRA: more[0] = EXTRA_NO_TILE for a ruleset's declaration
                        without a tile (kyuushu): tile is then 0 and means none */
};

enum phase {
    PHASE_TURN,        /* the seat `turn` acts: discard, kongs, win, extras */
    PHASE_CLAIM,       /* after a discard: the other seats answer */
    PHASE_ROB,         /* after a robbable kong: the other seats may win on its tile */
    PHASE_DEAL_END,    /* settled; ACT_NEXT starts the next deal */
    PHASE_MATCH_END,
    PHASE_EXCHANGE,    /* before play: every seat chooses three tiles to pass (hidden), then all move */
    PHASE_DECLARE,     /* before play: every seat declares a missing suit (hidden), then all are shown */
};

/* The exchange of three tiles before play (rules.exchange): to whom each seat passes.
 * Right: the seat after it in turn order; left: the seat before it; across: two after.
 * Random: right, across or left drawn from the seed; dice: the deal's dice total t,
 * t mod 3 = 0 left, 1 right, 2 across. */
enum exchange_rule { EXCHANGE_OFF, EXCHANGE_RANDOM, EXCHANGE_DICE, EXCHANGE_RIGHT, EXCHANGE_ACROSS, EXCHANGE_LEFT };
enum { EXCHANGE_TILES = 3, NO_SUIT = 0 };

enum { CLAIM_CHOW = 1, CLAIM_PUNG = 2, CLAIM_KONG = 4, CLAIM_WIN = 8, CLAIM_ALL = 15 };
enum tile_source { SRC_LOOSE, SRC_HEAD };        /* loose end / head of the live wall */
enum deal_order { DEAL_BLOCKS, DEAL_SEAT };      /* 4-4-4-1 (+dealer's 14th) / 13 each in seat order */
/* three winners abort with DOUBLE_ONLY; BY_SET_TYPE: one winner, the claim whose tile makes
 * the highest of a special hand, a pung, a chow, the pair (ties: the nearest) */
enum multi_win { MULTI_NEAREST, MULTI_ALL, MULTI_DOUBLE_ONLY, MULTI_BY_SET_TYPE };
enum last_discard { LAST_DISCARD_ANY, LAST_DISCARD_WIN_ONLY, LAST_DISCARD_NONE };
enum { MAX_EXTRA = 16, EXTRA_NAME = 16, MAX_DECLARATIONS = 4 };
enum declare_when { DECLARE_ANY_TURN, DECLARE_FIRST_DISCARD };

/* A declaration the engine offers and applies by itself, without asking the ruleset:
 * made with a discard that leaves the hand ready (a wait of the core's forms that the
 * seat does not hold four times), e.g. riichi or the Original Call. One action per
 * such discard (a red five is a discard of its own). */
struct declaration {
    uint8_t extra;          /* its id, an index into extra_names */
    uint8_t when;           /* enum declare_when; first discard: the seat has not discarded nor melded */
    bool closed;            /* only with no meld but concealed kongs */
    uint8_t min_wall;       /* at least this many tiles an ordinary draw may still take */
    int32_t min_points;     /* the seat has at least these points */
    int32_t deposit;        /* points the seat puts on the table */
    uint32_t flags;         /* OR-ed into the seat's ruleset flags */
    uint32_t first_flags;   /* also set when no call or kong yet in the deal and the seat has not discarded */
    uint32_t unless_flags;  /* not offered to a seat holding any of these */
};

/* A tile kind a seat may set aside on its own turn after a draw (sanma's kita; flowers
 * kept in the hand): the tile leaves the hand, face up beside it (not a meld), and the
 * seat draws a replacement from the dead wall (kong_source) and acts again. Offered as
 * the extra action `extra`; refused on the last tile with no_kong_on_last_tile. */
struct set_aside {
    bool on;
    uint8_t kind;           /* the kind set aside */
    uint8_t extra;          /* its id, an index into extra_names */
    bool robbable;          /* the other seats may win on the tile first, as on a discard */
    bool is_call;           /* counts as a call: no first-turn wins or flags after it */
    bool after_claim;       /* also between a chow or pung claim and the discard */
};

/* Declarative facts, set once by the ruleset loader; the hot paths read only these. */
struct game_rules {
    struct wall_config wall;       /* tile set (absent kinds), red fives, walls, dice, dead wall, reserve */
    uint8_t players;               /* 2 to 4 (seats E S W N in turn order) */
    uint8_t deal_order;            /* enum deal_order */
    uint8_t bonus_source;          /* enum tile_source: bonus replacements */
    uint8_t kong_source;           /* enum tile_source: kong replacements */
    bool dead_empty_draw;          /* a kong replacement with the dead wall empty ends the deal (Classical) */
    uint8_t claims;                /* CLAIM_* allowed on discards */
    uint8_t relation_claims[MAX_PLAYERS]; /* [r]: CLAIM_* a seat may make on the discard of
                                   * the seat r places before it (1: its predecessor) */
    uint64_t no_meld_kinds;        /* kinds never pung or kong (sanma's North) */
    uint8_t precedence[ACT_TYPES]; /* of ACT_CHOW ACT_PUNG ACT_KONG; higher wins (a win always comes first) */
    uint8_t multi_win;             /* enum multi_win */
    bool rob_promoted;             /* a promoted kong can be robbed */
    bool rob_concealed_thirteen;   /* a concealed kong can be robbed for thirteen orphans */
    bool rob_concealed_any;        /* a concealed kong can be robbed by any hand its tile completes */
    bool kong_after_claim;         /* concealed kong right after a chow/pung claim */
    bool promote_after_claim;      /* promoted kong right after a chow/pung claim */
    bool win_after_claim;          /* declare a win right after a chow/pung claim */
    uint8_t max_kongs;             /* kongs per deal; 0: no limit */
    uint8_t last_discard;          /* enum last_discard: claims on discards once the wall is drawn out */
    unsigned forms;                /* enum form: the core's complete shapes */
    uint8_t hand_sets;             /* sets of a complete hand: 4 (13 tiles dealt), 5 (16 dealt) */
    bool play_after_win;           /* a winner leaves the deal and the others play on (Sichuan) */
    bool flower_wins;              /* bonus tiles win in play: the eighth to its own holder at once,
                                    * or robbed by a seat holding the other seven (Taiwanese) */
    uint8_t flower_win_at;         /* with flower_wins, the bonus tiles held that win at once: 8, or 7
                                    * (Hong Kong: the seventh wins at once, none is robbed) */
    /* phases before play (Sichuan): after the deal, before the dealer's first discard */
    uint8_t exchange;              /* enum exchange_rule: every seat passes three tiles */
    bool exchange_same_suit;       /* the three tiles are of one suit (m, p or s) */
    bool declare_missing;          /* every seat declares a missing suit: it never pungs or
                                    * kongs that suit (the ruleset's score refuses wins holding it) */
    bool missing_first;            /* while a seat holds tiles of its missing suit it discards only those */
    uint8_t dora_first, dora_step; /* dead index of the first dora indicator, step between them; step 0: no dora */
    bool kong_dora_after_discard;  /* a claimed or promoted kong's indicator is turned at the declarer's next discard */
    int32_t start_points;
    bool random_seats;             /* seat the players at random from the seed (else player p is seat p) */
    uint8_t rounds;                /* round winds in a match (default next_deal) */
    int32_t flat_win;              /* default settlement: discarder pays / each other seat pays a self-draw */
    uint32_t lock_flags;           /* a seat whose ruleset flags meet these may discard only its drawn tile (riichi) */
    uint32_t claim_lock_flags;     /* a seat whose ruleset flags meet these claims a discard only to win */
    bool no_kong_on_last_tile;     /* no kong of any kind once the live wall is drawn out */
    bool kuikae;                   /* after a chow or pung, not the claimed kind, nor a chow's other end */
    uint32_t ask_mask;             /* action types (1u << ACT_x) the may_act hook is asked about */
    uint8_t nextra;
    char extra_names[MAX_EXTRA][EXTRA_NAME];
    uint8_t ndeclarations;
    struct declaration declarations[MAX_DECLARATIONS];
    struct set_aside set_aside;
};

/* 4 players, 136 tiles, dead wall 14 fixed, all claims (chows from the predecessor
 * only), win > kong = pung > chow, nearest winner,
 * promoted kongs robbable, any core form wins, 25000 points, 4 rounds, flat 1000. */
void game_rules_default(struct game_rules *r);

/* ---- hooks ---- */

enum { HOOK_OK = 0, HOOK_REFUSED = 1, HOOK_ERROR = -1 };
enum { DISCARD_RED = 34 };   /* allowed_discards: bits 34-36 are the red fives */
enum win_how { WIN_SELF_DRAW, WIN_DISCARD, WIN_ROB };
enum {
    WINF_LOOSE = 1,          /* self-drawn on a kong replacement */
    WINF_LAST_TILE = 2,      /* the last drawable tile, or a discard after it */
    WINF_FIRST_TURN = 4,     /* no call or kong yet in the deal and the winner has not discarded */
    WINF_ROB_CONCEALED = 8,  /* robbed a concealed kong */
    WINF_ASIDE_REPLACEMENT = 16,  /* self-drawn on the replacement for a set-aside tile */
    WINF_ROB_ASIDE = 32,     /* on a tile another seat set aside (how: WIN_DISCARD) */
    WINF_FLOWERS = 64,       /* on bonus tiles (rules.flower_wins): the eighth drawn (how:
                              * WIN_SELF_DRAW) or robbed from `from` with seven held (WIN_DISCARD) */
    WINF_AFTER_KONG = 128,   /* on the discard `from` made right after a kong's replacement */
};
/* rob_type of a rob window on a bonus tile that would be another seat's eighth. */
enum { ROB_BONUS = ACT_TYPES };
enum draw_kind { DRAW_EXHAUSTIVE = 1, DRAW_ABORTIVE = 2 };

struct win {
    uint8_t seat;
    uint8_t from;            /* discarder / kong declarer; SEAT_NONE when self-drawn */
    tile_t tile;             /* the winning tile */
    uint8_t how;             /* enum win_how */
    uint8_t flags;           /* WINF_* */
    struct hand hand;        /* concealed tiles including the winning tile, melds, bonus */
};

/* What a settlement hook returns: net change per seat, and the deposits it takes
 * from the table (sum(delta) must equal taken, 0 <= taken <= the table). */
struct settlement {
    int32_t delta[MAX_PLAYERS];
    int32_t taken;
    /* A win may move or refund kong money received earlier (settle_win only): 1 + the
     * seat whose kong income it takes (0: none), and the amounts by payer. */
    uint8_t ledger_of;
    int32_t ledger[MAX_PLAYERS];
};

/* The effect of an extra action the ruleset applied. */
struct extra_effect {
    uint32_t set_flags;      /* OR-ed into the seat's ruleset flags */
    int32_t deposit;         /* points the seat puts on the table */
    bool discard;            /* the action also discards action.tile (riichi) */
    bool abort;              /* abortive draw (kyuushu) */
};

struct next_deal {
    bool dealer_keeps;       /* else the deal passes to South */
    uint8_t round;           /* round wind of the next deal, 0-3 */
    uint8_t honba;
    bool match_over;
    bool reseat;             /* the players change seats: seat_player[] (each player once,
                              * the player in E, S, W, N) replaces the deal's pass */
    uint8_t seat_player[MAX_PLAYERS];
};

struct game;   /* opaque outside core/ (see game_private.h) */

/* Every hook returns HOOK_OK, HOOK_REFUSED (may_act only: msg is the reason) or
 * HOOK_ERROR (msg is the error: the action is refused, the state as before). msg
 * has room for n bytes. A NULL hook means the default. */
struct game_hooks {
    void *ctx;
    /* Asked about the action types in rules.ask_mask before they are listed or applied. */
    int (*may_act)(void *ctx, const struct game *g, const struct action *a, char *msg, size_t n);
    /* The discards the seat in turn may make now (riichi lock, kuikae), asked once per
     * turn instead of may_act per discard: *allowed has bit k for the plain tile of
     * kind k and bit DISCARD_RED + suit for the red five of suit m, p, s. */
    int (*allowed_discards)(void *ctx, const struct game *g, int seat, uint64_t *allowed,
                            char *msg, size_t n);
    /* Lists the ruleset's declarations for the seat in turn (type ACT_EXTRA); *count set. */
    int (*extra_actions)(void *ctx, const struct game *g, int seat, struct action *out, int max,
                         int *count, char *msg, size_t n);
    /* Applies one of them: fills *eff. */
    int (*apply_extra)(void *ctx, const struct game *g, const struct action *a,
                       struct extra_effect *eff, char *msg, size_t n);
    /* Irregular complete hands beyond rules.forms: *complete set (concealed counts
     * with 14 - 3 * nmelds tiles). */
    int (*special_complete)(void *ctx, const struct game *g, int seat, const uint8_t counts[TILE_KINDS],
                            int nmelds, bool *complete, char *msg, size_t n);
    /* A win (several with multiple winners): the payments. */
    int (*settle_win)(void *ctx, const struct game *g, const struct win *wins, int nwins,
                      struct settlement *out, char *msg, size_t n);
    /* A kong just declared by seat (its last meld): payments during the deal (kong money),
     * applied at once and kept in the seat's ledger of kong income by payer. */
    int (*settle_kong)(void *ctx, const struct game *g, int seat, struct settlement *out, char *msg, size_t n);
    /* An exhaustive or abortive draw (kind: enum draw_kind, reason: the abort's name or ""). */
    int (*settle_draw)(void *ctx, const struct game *g, int kind, const char *reason,
                       struct settlement *out, char *msg, size_t n);
    /* After a claim window in which everybody passed: *abort set to end the deal as an
     * abortive draw, with its name in msg. */
    int (*check_abort)(void *ctx, const struct game *g, bool *abort, char *msg, size_t n);
    /* After settlement: dealer rotation, round wind, honba, end of the match. */
    int (*next_deal)(void *ctx, const struct game *g, struct next_deal *out, char *msg, size_t n);
};

/* ---- events ---- */

enum event_type {
    EV_DEAL_START,    /* v: deal number, round, honba, deposits; seat: player who deals; tiles: dice */
    EV_DEAL,          /* seat, tiles: the tiles dealt */
    EV_BONUS,         /* seat exposes bonus tile */
    EV_DRAW,          /* seat draws tile; src: enum draw_src */
    EV_DISCARD,       /* seat, tile; extra: 0 or 1 + the id of the declaration made with it */
    EV_PASS,          /* seat passes (only when it had a choice) */
    EV_CHOW,          /* seat claims tile from `from`; kind: lowest kind of the chow */
    EV_PUNG,
    EV_KONG,          /* claimed kong */
    EV_KONG_CONCEALED,
    EV_KONG_PROMOTED, /* declared; completed once no one robs it */
    EV_DORA,          /* tile: new indicator; v[0]: its dead index */
    EV_EXTRA,         /* seat, extra: id, tile (none when kind is 1) */
    EV_WIN,           /* seat, from, tile, src: enum win_how, kind: WINF_*; v[0]: seats that had left */
    EV_DRAW_END,      /* v[0]: enum draw_kind, v[1]: seats that had left; text: reason */
    EV_SETTLE,        /* v[0..players-1]: change per seat, v[4]: deposits taken */
    EV_NEXT_DEAL,     /* v: dealer keeps, round, honba, match over */
    EV_SET_ASIDE,     /* seat, tile, extra: id; kind: 1 when it counts as a call */
    EV_PAYMENT,       /* a payment during the deal (kong money): seat receives; v[0..players-1]: change per seat */
    EV_EXCHANGE,      /* seat passes tiles[0..2] to `from` (n = 3); kind: the direction (enum exchange_rule) */
    EV_DECLARE,       /* seat's missing suit: kind (0 m, 1 p, 2 s); all are logged once every seat declared */
    EV_TYPES
};
enum draw_src { DRAWN_WALL, DRAWN_LOOSE, DRAWN_REPLACEMENT };

struct event {
    uint8_t type, seat, from;
    tile_t tile;
    uint8_t kind, src, extra, n;
    tile_t tiles[MAX_CONCEALED];   /* a deal: the tiles dealt (bonus tiles included) */
    int32_t v[5];
    char text[24];
};

/* ---- state ---- */

/* MAX_ACTIONS: the most a seat can choose from, an exchange of any three of 17 tiles (680). */
enum { MAX_DISCARDS = 96, MAX_ACTIONS = 704 };

struct discard {
    tile_t tile;
    uint8_t claimed_by;   /* SEAT_NONE unless claimed for a meld */
    uint8_t extra;        /* 0, or 1 + id of the declaration made with it */
};

struct seat_state {
    struct hand hand;
    uint8_t ndiscards;
    uint8_t declared;      /* 1: one of its discards made a declaration (riichi, calling) */
    uint64_t discarded;    /* kinds (below TILE_KINDS) among its discards, claimed or not (bits) */
    struct discard discards[MAX_DISCARDS];
    uint32_t flags;        /* the ruleset's (set by extra effects) */
    uint64_t missed;       /* kinds that completed the hand and were let pass since own last discard */
    uint8_t naside;
    tile_t aside[MAX_ASIDE];   /* tiles set aside (rules.set_aside), in order */
    int last_miss;         /* event index of the latest such pass; -1: none */
    uint8_t missing;       /* 1 + the declared missing suit (0 m, 1 p, 2 s); NO_SUIT: none (hidden
                            * from the others while PHASE_DECLARE lasts) */
    tile_t passing[EXCHANGE_TILES];   /* PHASE_EXCHANGE: the tiles chosen, still in the hand */
};

/* Everything that changes; a plain value (no pointers), so it can be copied. */
struct game_state {
    struct rng rng;
    struct wall wall;
    struct seat_state seats[MAX_PLAYERS];
    uint8_t phase, turn;
    /* the seat in turn */
    bool has_drawn;        /* holds a drawn tile (not a claim) */
    bool drawn_loose;      /* it was a kong replacement */
    bool drawn_aside;      /* it replaced a tile set aside */
    tile_t drawn;
    bool after_claim;      /* turn obtained by a chow or pung claim */
    bool after_kong;       /* the discard of the claim window was made right after a kong's replacement */
    /* claim and rob windows */
    uint8_t discarder;     /* claim: who discarded; rob: who declared the kong */
    tile_t claim_tile;
    uint8_t rob_type;      /* ACT_KONG_PROMOTED / ACT_KONG_CONCEALED / ACT_EXTRA (a set-aside tile) */
    uint8_t waiting;       /* seats whose answer is awaited (bit mask); before play: who has not chosen */
    uint8_t exchange_to;   /* the deal's exchange: EXCHANGE_RIGHT, _ACROSS or _LEFT; 0: none */
    uint8_t could_win;     /* seats the tile structurally completes */
    struct action answer[MAX_PLAYERS];
    /* the deal */
    uint8_t nkongs, ndora;
    uint8_t pending_dora;  /* kong indicators waiting for the next discard */
    uint8_t shown[TILE_KINDS];   /* tiles every seat sees, by kind: melds, discards not claimed,
                                  * dora indicators revealed (game_dora) */
    bool any_call;         /* a claim or kong has happened this deal */
    uint8_t result;        /* 0 playing, EV_WIN, or enum draw_kind */
    uint8_t nwins;
    struct win wins[MAX_PLAYERS - 1];
    uint8_t left;          /* seats that have won and left the deal (rules.play_after_win) */
    uint8_t first_winner;  /* the first seat that won in the deal, or SEAT_NONE */
    uint8_t first_shared;  /* the discarder when several seats won on the deal's first winning tile, or SEAT_NONE */
    int32_t kong_income[MAX_PLAYERS][MAX_PLAYERS];   /* [receiver][payer]: kong money paid in this deal */
    int32_t last_delta[MAX_PLAYERS];
    /* the match */
    uint8_t seat_player[MAX_PLAYERS];
    int32_t points[MAX_PLAYERS];     /* per player */
    int32_t deposits;      /* on the table */
    uint8_t round, deal_in_round, honba;
    int deal_no;
};


/* A new match (the first deal is dealt) from the seed. hooks may be NULL. Returns
 * NULL with err filled in when the rules are invalid or memory runs out. */
struct game *game_new(const struct game_rules *r, const struct game_hooks *h, uint64_t seed,
                      char *err, size_t n);
void game_free(struct game *g);
/* Starts the match again from a new seed (shuffled first deal). */
int game_reset(struct game *g, uint64_t seed);
/* Starts the match again with a stacked first deal (see wall_stack: front in draw
 * order from the head, back in loose order). Later deals are shuffled from the seed.
 * Returns 0, or -1 (game_error()) with the game unchanged. */
int game_stack(struct game *g, const tile_t *front, int nfront, const tile_t *back, int nback);

/* Bit mask of the seats whose action is awaited (ACT_NEXT: all; match over: 0). */
int game_waiting(const struct game *g);
/* The kinds that complete the seat's hand of 13 - 3 * melds concealed tiles in the rules'
 * forms or the special_complete hook, but for kinds it holds four times and kinds the
 * tile set lacks (none when the hand has another size). Returns how many, or -1 when the
 * hook failed (game_error()). */
int game_waits(struct game *g, int seat, bool out[TILE_KINDS]);
/* The legal actions of a seat now (at most MAX_ACTIONS); 0 when it has nothing to do
 * (or a hook failed: game_error()). In turn: the win first, then by kind the kongs
 * and discards (a red five is a discard of its own), then the extras. In a window:
 * pass, win, kong, pung, chows. Computed once per state: hooks are asked again only
 * after the state changed. */
int game_legal(struct game *g, int seat, struct action *out, int max);
/* After game_legal: the error of a hook that failed while the list was made (the actions it
 * was asked about are left out, the others listed), or NULL. */
const char *game_legal_error(const struct game *g);
/* Forgets the kept legal actions: for when the hooks' answers changed while the
 * state did not (a REPL that changed an option). */
void game_refresh(struct game *g);
/* Applies an action. Returns 0, or -1 with game_error() set and the state unchanged. */
int game_apply(struct game *g, const struct action *a);
const char *game_error(const struct game *g);

/* Stacks the wall of a later deal: deal number `deal` (1 = the second deal of the
 * match; as game_stack's front and back) is dealt from it when it begins, also when the
 * match is replayed (undo). A deal that is not stacked is shuffled from the seed. For
 * replaying recorded games deal by deal. Returns 0, or -1 (game_error()) with the game
 * unchanged. */
int game_stack_deal(struct game *g, int deal, const tile_t *front, int nfront, const tile_t *back, int nback);

/* Replays the first n applied actions from the start (n = nacts - 1: undo).
 * Returns 0, or -1 (game_error()) with the game unchanged if an action no longer
 * applies (a hook that fails or answers otherwise now). */
int game_replay(struct game *g, int n);
int game_undo(struct game *g);

/* The record of a win by the seat now (how: enum win_how; from: the discarder or kong
 * declarer, SEAT_NONE on a self-draw): what settle_win is given, and may_act for a win. */
void game_win_record(const struct game *g, int seat, int how, int from, tile_t tile, struct win *w);
/* The record of the win the action a (a win) would make if taken now: a self-draw in the
 * seat's turn (or on bonus tiles), else a win on the discard, the robbed kong or the
 * tile set aside that the window is open for. */
void game_action_win(const struct game *g, const struct action *a, struct win *w);

/* Invariants: every tile accounted for, hand sizes, points + deposits = the start.
 * Returns 0, or -1 with msg filled in. */
int game_check(const struct game *g, char *msg, size_t n);

/* Read access for bindings and programs (struct game itself is private to core/). */
const struct game_state *game_state(const struct game *g);
const struct game_rules *game_rules(const struct game *g);
const struct hand *game_hand(const struct game *g, int seat);
int32_t game_points(const struct game *g, int seat);
/* The event log and the actions applied so far (i from 0). */
int game_nevents(const struct game *g);
const struct event *game_event(const struct game *g, int i);
int game_nactions(const struct game *g);
const struct action *game_action(const struct game *g, int i);
/* The tile at a dora indicator / ura indicator position (the i-th revealed); -1 when none. */
int game_dora(const struct game *g, int i);
int game_ura(const struct game *g, int i);

/* Names: "discard", "chow", ..., the ruleset's extra names; "win" ... */
const char *action_name(const struct game_rules *r, const struct action *a);
const char *event_name(int type);
/* One action / one event as one JSON line (no newline). Returns the length (truncated to n-1). */
size_t action_json(const struct game_rules *r, const struct action *a, char *buf, size_t n);
size_t event_json(const struct game_rules *r, const struct event *e, int index, char *buf, size_t n);

#endif
