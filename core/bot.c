#include "bot.h"
#include "game_private.h"

#include <stdio.h>
#include <string.h>

int bot_kind(const char *name)
{
    static const char *const names[] = { "random", "greedy", "default" };
    for (int k = 0; k < 3; k++)
        if (!strcmp(name, names[k]))
            return k;
    return -1;
}

/* Shanten of the seat's concealed tiles after taking out kind k (and adding add,
 * unless add < 0), with the melds it would then have. */
static int shanten_after(const struct hand *h, int take, int add, int nmelds, unsigned forms)
{
    uint8_t c[TILE_KINDS];
    for (int k = 0; k < TILE_KINDS; k++)
        c[k] = h->counts[k];
    if (take >= 0)
        c[take]--;
    if (add >= 0)
        c[add]++;
    return shanten_of(c, nmelds, forms);
}

/* The discard that leaves the lowest shanten (the first such in action order). */
static int best_discard(const struct game *g, const struct hand *h, const struct action *a, int n, int *best)
{
    int pick = -1;
    *best = 99;
    for (int i = 0; i < n; i++) {
        if (a[i].type != ACT_DISCARD)
            continue;
        int s = shanten_after(h, tile_kind(a[i].tile), -1, h->nmelds, g->rules.forms);
        if (s < *best) {
            *best = s;
            pick = i;
        }
    }
    return pick;
}

/* Shanten after claiming the discard for a meld and discarding the best tile. */
static int shanten_after_claim(const struct game *g, const struct hand *h, const struct action *a)
{
    uint8_t c[TILE_KINDS];
    for (int k = 0; k < TILE_KINDS; k++)
        c[k] = h->counts[k];
    int k = tile_kind(a->tile);
    if (a->type == ACT_PUNG) {
        c[k] -= 2;
    } else if (a->type == ACT_CHOW) {
        for (int i = 0; i < 3; i++)
            if (a->chow + i != k)
                c[a->chow + i]--;
    } else {
        return 99;
    }
    int best = 99;
    for (int d = 0; d < TILE_KINDS; d++)
        if (c[d]) {
            c[d]--;
            int s = shanten_of(c, h->nmelds + 1, g->rules.forms);
            c[d]++;
            if (s < best)
                best = s;
        }
    return best;
}

int bot_choose(struct game *g, int seat, int kind, struct rng *r, struct action *out)
{
    struct action a[MAX_ACTIONS];
    int n = game_legal(g, seat, a, MAX_ACTIONS);
    if (n <= 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (a[i].type == ACT_WIN || a[i].type == ACT_NEXT) {
            *out = a[i];
            return 0;
        }
    if (kind == BOT_RANDOM) {
        *out = a[rng_below(r, (uint32_t)n)];
        return 0;
    }
    const struct hand *h = game_hand(g, seat);
    int best;
    int d = best_discard(g, h, a, n, &best);
    /* A declaration made with a discard (riichi, calling) when that discard leaves the
     * hand ready. */
    for (int i = 0; d >= 0 && i < n; i++) {
        int k = tile_kind(a[i].tile);
        if (a[i].type == ACT_EXTRA && k < TILE_KINDS && h->counts[k] &&
            shanten_after(h, k, -1, h->nmelds, g->rules.forms) == 0) {
            *out = a[i];
            return 0;
        }
    }
    if (d >= 0) {
        *out = a[d];
        return 0;
    }
    /* A claim window: claim when it lowers the shanten, else pass. */
    int now = shanten_of(h->counts, h->nmelds, g->rules.forms);
    int pick = -1, pick_s = now;
    for (int i = 0; i < n; i++) {
        int s = shanten_after_claim(g, h, &a[i]);
        if (s < pick_s) {
            pick_s = s;
            pick = i;
        }
    }
    if (pick < 0)
        for (int i = 0; i < n; i++)
            if (a[i].type == ACT_PASS)
                pick = i;
    *out = a[pick >= 0 ? pick : 0];
    return 0;
}

int bot_step(struct game *g, int kind, struct rng *r)
{
    int waiting = game_waiting(g);
    if (!waiting)
        return 0;
    int seat = __builtin_ctz((unsigned)waiting);
    struct action a;
    if (bot_choose(g, seat, kind, r, &a) != 0) {
        snprintf(g->err, sizeof g->err, "seat %c is awaited but has no legal action", "ESWN"[seat]);
        return -1;
    }
    return game_apply(g, &a) == 0 ? 1 : -1;
}
