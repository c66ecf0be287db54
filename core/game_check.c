/* Invariants of a game in any state. */
#include "game_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- invariants ---- */

int game_check(const struct game *g, char *msg, size_t n)
{
    const struct game_state *st = &g->st;
    int counts[ALL_KINDS] = { 0 }, reds[3] = { 0 };
    for (int s = 0; s < players(g); s++) {
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
        for (int i = 0; i < ss->naside; i++) {
            counts[tile_kind(ss->aside[i])]++;
            if (tile_is_red(ss->aside[i]))
                reds[tile_kind(ss->aside[i]) / 9]++;
        }
        for (int i = 0; i < ss->ndiscards; i++) {
            if (ss->discards[i].claimed_by != SEAT_NONE)
                continue;
            tile_t t = ss->discards[i].tile;
            counts[tile_kind(t)]++;
            if (tile_is_red(t))
                reds[tile_kind(t) / 9]++;
        }
        int most = 3 * g->rules.hand_sets + 2;   /* 14, or 17 with five sets */
        int size = hand_size(h), want = most - 1;
        bool either = false;
        if ((st->phase == PHASE_TURN || st->phase == PHASE_EXCHANGE || st->phase == PHASE_DECLARE) && s == st->turn)
            want = most;
        if (st->phase == PHASE_ROB && s == st->discarder && st->rob_type == ACT_KONG_PROMOTED)
            want = most;
        if ((st->phase == PHASE_DEAL_END || st->phase == PHASE_MATCH_END) && s == st->turn)
            either = true;
        if (st->left >> s & 1)   /* won and left: the hand as it won (a self-draw holds the tile) */
            either = true;
        if (size != want && !(either && size == most)) {
            snprintf(msg, n, "seat %c holds %d tiles (melds count 3), expected %d", seat_letters[s], size, want);
            return -1;
        }
    }
    if (wall_conserved(&st->wall, &g->rules.wall, counts, reds, msg, (int)n) < 0)
        return -1;
    int64_t total = st->deposits;
    for (int p = 0; p < players(g); p++)
        total += st->points[p];
    if (total != players(g) * (int64_t)g->rules.start_points) {
        snprintf(msg, n, "points and deposits sum to %lld, not %lld", (long long)total,
                 players(g) * (long long)g->rules.start_points);
        return -1;
    }
    return 0;
}

