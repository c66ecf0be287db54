/* The built-in players before play (greedy and default; random picks any legal choice):
 * pass three tiles of the shortest suit that has three, the most isolated first, and
 * declare missing the suit with the fewest tiles; in play, discard the tiles of the
 * missing suit first (when the rules leave it to the player). */
#include "bot.h"

#include <string.h>

/* Concealed tiles of each suit m, p, s. */
static void suit_counts(const struct hand *h, int n[3])
{
    for (int s = 0; s < 3; s++) {
        n[s] = 0;
        for (int k = 9 * s; k < 9 * s + 9; k++)
            n[s] += h->counts[k];
    }
}

/* How much a tile of kind k is worth keeping: its copies and its neighbours. */
static int keep_value(const uint8_t c[TILE_KINDS], int k)
{
    int v = 4 * c[k], r = k % 9;
    for (int d = -2; d <= 2; d++)
        if (d && r + d >= 0 && r + d <= 8 && c[k + d])
            v += d == -1 || d == 1 ? 2 : 1;
    return v + (r == 0 || r == 8 ? 0 : 1);
}

static int exchange_choice(const struct game *g, int seat, const struct action *a, int n)
{
    const struct hand *h = game_hand(g, seat);
    int per[3], suit = -1;
    suit_counts(h, per);
    for (int s = 0; s < 3; s++)
        if (per[s] >= 3 && (suit < 0 || per[s] < per[suit]))
            suit = s;
    if (suit < 0)
        return 0;
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    int kinds[3];
    for (int i = 0; i < 3; i++) {
        int best = -1;
        for (int k = 9 * suit; k < 9 * suit + 9; k++)
            if (c[k] && (best < 0 || keep_value(c, k) < keep_value(c, best)))
                best = k;
        kinds[i] = best;
        c[best]--;
    }
    /* the listed choice with these kinds (in tile order), plain fives before red */
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && kinds[j - 1] > kinds[j]; j--) {
            int x = kinds[j];
            kinds[j] = kinds[j - 1];
            kinds[j - 1] = x;
        }
    for (int i = 0; i < n; i++)
        if (tile_kind(a[i].tile) == kinds[0] && tile_kind(a[i].more[0]) == kinds[1] &&
            tile_kind(a[i].more[1]) == kinds[2])
            return i;
    return 0;
}

static int declare_choice(const struct game *g, int seat, const struct action *a, int n)
{
    int per[3], pick = 0;
    suit_counts(game_hand(g, seat), per);
    for (int i = 1; i < n; i++)
        if (a[i].extra < 3 && per[a[i].extra] < per[a[pick].extra])
            pick = i;
    return pick;
}

int bot_preplay(const struct game *g, int seat, const struct action *a, int n, struct action *out)
{
    if (n <= 0 || (a[0].type != ACT_EXCHANGE && a[0].type != ACT_DECLARE))
        return -1;
    *out = a[a[0].type == ACT_EXCHANGE ? exchange_choice(g, seat, a, n) : declare_choice(g, seat, a, n)];
    return 0;
}

int bot_missing_first(const struct game *g, int seat, const struct action *a, int n, struct action *out)
{
    const struct game_state *st = game_state(g);
    int suit = st->phase == PHASE_TURN ? st->seats[seat].missing - 1 : -1;
    if (suit < 0)
        return -1;
    int pick = -1;
    for (int i = 0; i < n; i++) {
        int k = tile_kind(a[i].tile);
        /* the most isolated tile of the suit first */
        if (a[i].type == ACT_DISCARD && k / 9 == suit && k < 27 &&
            (pick < 0 || keep_value(game_hand(g, seat)->counts, k) < keep_value(game_hand(g, seat)->counts, tile_kind(a[pick].tile))))
            pick = i;
    }
    if (pick < 0)
        return -1;
    *out = a[pick];
    return 0;
}
