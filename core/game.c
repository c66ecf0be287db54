#include "game_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The public API: rules defaults, match set-up, replay and undo, read access. */

void game_rules_default(struct game_rules *r)
{
    memset(r, 0, sizeof *r);
    r->players = 4;
    r->wall.dice = 2;
    r->wall.dead_policy = DEAD_FIXED;
    r->wall.dead_size = 14;
    r->deal_order = DEAL_BLOCKS;
    r->bonus_source = SRC_LOOSE;
    r->kong_source = SRC_LOOSE;
    r->claims = CLAIM_ALL;
    r->relation_claims[1] = CLAIM_ALL;
    for (int i = 2; i < MAX_PLAYERS; i++)
        r->relation_claims[i] = CLAIM_ALL & ~CLAIM_CHOW;
    r->precedence[ACT_CHOW] = 1;
    r->precedence[ACT_PUNG] = 2;
    r->precedence[ACT_KONG] = 2;
    r->precedence[ACT_WIN] = 3;
    r->multi_win = MULTI_NEAREST;
    r->rob_promoted = true;
    r->last_discard = LAST_DISCARD_ANY;
    r->forms = FORM_ALL;
    r->hand_sets = 4;
    r->start_points = 25000;
    r->rounds = 4;
    r->flat_win = 1000;
    r->flower_win_at = 8;
    r->ask_mask = 1u << ACT_CHOW | 1u << ACT_PUNG | 1u << ACT_KONG | 1u << ACT_WIN;
}

/* Room for the events one action can make (a new deal with every bonus tile replaced
 * twice is the most). */
enum { EVENTS_PER_ACTION = 64 };

/* First sizes of the log and the action list: a whole match fits (a hanchan makes
 * 1,500 to 2,500 events), so that a match grows neither. */
enum { FIRST_EVENTS = 4096, FIRST_ACTIONS = 1024 };

int reserve(struct game *g)
{
    if (g->nlog + EVENTS_PER_ACTION > g->caplog) {
        int cap = g->caplog ? g->caplog * 2 : FIRST_EVENTS;
        struct event *p = realloc(g->log, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        g->log = p;
        g->caplog = cap;
    }
    if (g->nacts + 1 > g->capacts) {
        int cap = g->capacts ? g->capacts * 2 : FIRST_ACTIONS;
        struct action *p = realloc(g->acts, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        g->acts = p;
        g->capacts = cap;
    }
    return 0;
}

/* ---- hooks ---- */

int hook_error(struct game *g, const char *hook)
{
    /* A message that already names the hook (and its ruleset, file and line) is kept; so
     * is one naming the ruleset's hook behind this one ("hook settle_win: hook settle of
     * rules ...": the settle of a win), without the head of the call. */
    size_t len = strlen(hook);
    const char *m = g->msg;
    bool named = !strncmp(m, "hook ", 5) && !strncmp(m + 5, hook, len);
    if (named && m[5 + len] == ':' && !strncmp(m + 6 + len, " hook ", 6))
        snprintf(g->err, sizeof g->err, "%s", m + 7 + len);
    else if (named && m[5 + len] == ' ')
        snprintf(g->err, sizeof g->err, "%s", m);
    else
        snprintf(g->err, sizeof g->err, "hook %s failed: %s", hook, g->msg[0] ? g->msg : "(no message)");
    return -1;
}

/* special_complete's answer (0 without the hook): 1 complete, 0 not, -1 hook error. */
static int special_complete(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (!g->hooks.special_complete)
        return 0;
    bool yes = false;
    g->msg[0] = '\0';
    if (g->hooks.special_complete(g->hooks.ctx, g, seat, counts, nmelds, &yes, g->msg, sizeof g->msg) != HOOK_OK)
        return hook_error(g, "special_complete");
    return yes ? 1 : 0;
}

/* special_complete for complete_special and waits_special: the seat's. */
struct seat_special {
    struct game *g;
    int seat;
};

static int seat_special(void *ctx, const uint8_t counts[TILE_KINDS], int nmelds)
{
    const struct seat_special *s = ctx;
    return special_complete(s->g, s->seat, counts, nmelds);
}

/* 1 complete, 0 not, -1 hook error. */
int is_complete(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct seat_special s = { g, seat };
    return complete_special(counts, nmelds, g->rules.hand_sets, g->rules.forms,
                            g->hooks.special_complete ? seat_special : NULL, &s);
}

int complete_in_turn(struct game *g, int seat)
{
    const struct hand *h = &g->st.seats[seat].hand;
    if (far_drawn(g, seat))   /* the hand before the draw was not ready */
        return special_complete(g, seat, h->counts, h->nmelds);
    return is_complete(g, seat, h->counts, h->nmelds);
}

/* The kinds that complete the seat's hand with these concealed counts (13 - 3 * melds of
 * them) in the rules' forms or special_complete, but for kinds it holds four times
 * (held: concealed and melded) and kinds the tile set lacks. Returns how many, -1 on a
 * hook error. */
int hand_waits(struct game *g, int seat, const uint8_t counts[TILE_KINDS], int nmelds,
               const uint8_t held[TILE_KINDS], bool out[TILE_KINDS])
{
    struct seat_special s = { g, seat };
    if (waits_special(counts, nmelds, g->rules.hand_sets, held, g->rules.forms,
                      g->hooks.special_complete ? seat_special : NULL, &s, out) < 0)
        return -1;
    return wall_real_waits(&g->rules.wall, held, out);
}

int game_waits(struct game *g, int seat, bool out[TILE_KINDS])
{
    const struct hand *h = &g->st.seats[seat].hand;
    uint8_t held[TILE_KINDS];
    hand_all_counts(h, held);
    memset(out, 0, TILE_KINDS * sizeof *out);
    return hand_waits(g, seat, h->counts, h->nmelds, held, out);
}

/* Does the tile complete the seat's hand (robbing a concealed kong: thirteen orphans only)? */
int completes_with(struct game *g, int seat, tile_t t, bool orphans_only)
{
    const struct hand *h = &g->st.seats[seat].hand;
    uint8_t c[TILE_KINDS];
    counts_copy(c, h->counts);
    if (c[tile_kind(t)] >= 4)
        return 0;
    c[tile_kind(t)]++;
    if (orphans_only)
        return complete_thirteen_orphans(c, hand_analysis_melds(h->nmelds, g->rules.hand_sets)) ? 1 : 0;
    if (!g->hooks.special_complete && !may_complete(h->counts, tile_kind(t), g->rules.forms))
        return 0;
    if (far_within(g, seat, h->counts, h->nmelds))
        return special_complete(g, seat, c, h->nmelds);
    return is_complete(g, seat, c, h->nmelds);
}


/* ---- match set-up and replay ---- */

static int match_begin(struct game *g)
{
    struct game_state *st = &g->st;
    memset(st, 0, sizeof *st);
    rng_seed(&st->rng, g->seed);
    for (int p = 0; p < players(g); p++) {
        st->seat_player[p] = (uint8_t)p;
        st->points[p] = g->rules.start_points;
    }
    if (g->rules.random_seats)
        rng_shuffle(&st->rng, st->seat_player, players(g));
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
    if (!bad && (r->players < 2 || r->players > MAX_PLAYERS))
        bad = "2 to 4 players";
    if (!bad && r->set_aside.on && (r->set_aside.extra >= r->nextra || r->set_aside.kind >= TILE_KINDS ||
                                    declaration_of(r, r->set_aside.extra)))
        bad = "the set-aside needs a kind and an extra action of its own";
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
    g->memo = check_memo_new();
    if (!g->memo) {
        free(g);
        snprintf(err, n, "out of memory");
        return NULL;
    }
    g->window_wins = -1;
    g->rules = *r;
    g->rules.forms = (r->forms & FORM_ALL) | forms_tileset(r->wall.absent);   /* analysis in the tile set */
    if (h) {
        g->hooks = *h;
        g->has_hooks = h->may_act || h->allowed_discards || h->extra_actions || h->apply_extra || h->special_complete ||
                       h->settle_win || h->settle_draw || h->check_abort || h->next_deal || h->settle_kong;
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
    free(g->deal_walls);
    check_memo_free(g->memo);
    free(g);
}

int game_reset(struct game *g, uint64_t seed)
{
    g->seed = seed;
    g->nfront = g->nback = 0;
    g->ndeal_walls = 0;
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

int game_stack_deal(struct game *g, int deal, const tile_t *front, int nfront, const tile_t *back, int nback)
{
    struct wall w;
    char err[120];
    if (deal < 1) {
        snprintf(g->err, sizeof g->err, "stacked deal %d: the first deal is stacked with game_stack", deal);
        return -1;
    }
    if (wall_stack(&w, &g->rules.wall, front, nfront, back, nback, err) < 0) {
        snprintf(g->err, sizeof g->err, "%s", err);
        return -1;
    }
    struct deal_wall *dw = NULL;
    for (int i = 0; i < g->ndeal_walls; i++)
        if (g->deal_walls[i].deal == deal)
            dw = &g->deal_walls[i];
    if (!dw) {
        if (g->ndeal_walls == g->capdeal_walls) {
            int cap = g->capdeal_walls ? 2 * g->capdeal_walls : 16;
            struct deal_wall *more = realloc(g->deal_walls, (size_t)cap * sizeof *more);
            if (!more) {
                snprintf(g->err, sizeof g->err, "out of memory");
                return -1;
            }
            g->deal_walls = more;
            g->capdeal_walls = cap;
        }
        dw = &g->deal_walls[g->ndeal_walls++];
    }
    dw->deal = deal;
    dw->nfront = (uint8_t)nfront;
    dw->nback = (uint8_t)nback;
    if (nfront)
        memcpy(dw->front, front, (size_t)nfront);
    if (nback)
        memcpy(dw->back, back, (size_t)nback);
    return 0;
}

int game_replay(struct game *g, int n)
{
    if (n < 0 || n > g->nacts) {
        snprintf(g->err, sizeof g->err, "cannot replay %d of %d actions", n, g->nacts);
        return -1;
    }
    /* The game as it is, kept whole until the replay has succeeded: a replay that fails
     * (a hook that errors now, a log that no longer applies) leaves the game as it was. */
    struct game_state *old_st = malloc(sizeof *old_st);
    if (!old_st) {
        snprintf(g->err, sizeof g->err, "out of memory");
        return -1;
    }
    *old_st = g->st;
    struct event *old_log = g->log;
    int old_nlog = g->nlog, old_caplog = g->caplog;
    struct action *acts = g->acts;
    int old_nacts = g->nacts, old_capacts = g->capacts;
    g->log = NULL;
    g->caplog = 0;
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
    if (r == 0) {
        free(old_log);
        free(acts);
    } else {
        free(g->log);
        free(g->acts);
        g->log = old_log, g->nlog = old_nlog, g->caplog = old_caplog;
        g->acts = acts, g->nacts = old_nacts, g->capacts = old_capacts;
        g->st = *old_st;
        g->legal_ok = 0;
    }
    free(old_st);
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

int game_dora(const struct game *g, int i) { return dora_indicator(g, i, 0); }

int game_ura(const struct game *g, int i) { return dora_indicator(g, i, 1); }


const struct game_state *game_state(const struct game *g) { return &g->st; }
const struct game_rules *game_rules(const struct game *g) { return &g->rules; }
const struct hand *game_hand(const struct game *g, int seat) { return &g->st.seats[seat].hand; }
int32_t game_points(const struct game *g, int seat) { return g->st.points[g->st.seat_player[seat]]; }

int game_nevents(const struct game *g) { return g->nlog; }
const struct event *game_event(const struct game *g, int i) { return &g->log[i]; }
int game_nactions(const struct game *g) { return g->nacts; }
const struct action *game_action(const struct game *g, int i) { return &g->acts[i]; }
