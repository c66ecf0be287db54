/* Invariants of a game in any state. */
#include "game_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- invariants ---- */

/* Counts a loose tile (a discard, a tile set aside); false for a tile no set has. */
static inline bool count_tile(tile_t t, int counts[ALL_KINDS], int reds[3])
{
    int k = tile_kind(t);
    if (k >= ALL_KINDS || (tile_is_red(t) && !kind_is_five(k)))
        return false;
    counts[k]++;
    if (tile_is_red(t))
        reds[k / 9]++;
    return true;
}

/* The concealed counts of a hand as bytes of five words (kinds 0-7, ..., 32-33). */
static inline void hand_words(const struct hand *h, uint64_t w[5])
{
    for (int i = 0; i < 4; i++)
        memcpy(&w[i], h->counts + 8 * i, 8);
    w[4] = 0;
    memcpy(&w[4], h->counts + 32, 2);
}

#define ONES 0x0101010101010101ull

/* Counts the seat's tiles (melded, bonus, set aside, discards not claimed; the
 * concealed ones as bytes into hands[]) and checks the hand's size. */
static int check_seat(const struct game *g, int s, uint64_t hands[5], int counts[ALL_KINDS], int reds[3], char *msg,
                      size_t n)
{
    const struct game_state *st = &g->st;
    const struct seat_state *ss = &st->seats[s];
    const struct hand *h = &ss->hand;
    if (h->nmelds > MAX_MELDS || h->nbonus > MAX_BONUS || ss->naside > MAX_ASIDE || ss->ndiscards > MAX_DISCARDS) {
        snprintf(msg, n, "seat %c: %d melds, %d bonus tiles, %d set aside, %d discards", seat_letters[s],
                 h->nmelds, h->nbonus, ss->naside, ss->ndiscards);
        return -1;
    }
    /* concealed: no kind above 4 (so that the four hands' bytes cannot overflow) */
    uint64_t w[5], above = 0;
    hand_words(h, w);
    int concealed = 0;
    for (int i = 0; i < 5; i++) {
        above |= w[i] | (w[i] + 0x7b7b7b7b7b7b7b7bull);
        concealed += (int)((w[i] * ONES) >> 56);
        hands[i] += w[i];
    }
    if (above & 0x8080808080808080ull) {
        snprintf(msg, n, "seat %c holds more than 4 of a kind", seat_letters[s]);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        reds[i] += h->reds[i];
    for (int i = 0; i < h->nmelds; i++) {
        const struct meld *m = &h->melds[i];
        if (m->type == MELD_CHOW ? m->kind >= 27 || m->kind % 9 > 6 : m->kind >= TILE_KINDS) {
            snprintf(msg, n, "seat %c: meld %d has kind %d", seat_letters[s], i + 1, m->kind);
            return -1;
        }
        if (m->type == MELD_CHOW) {
            counts[m->kind]++;
            counts[m->kind + 1]++;
            counts[m->kind + 2]++;
        } else {
            counts[m->kind] += meld_tiles(m);
        }
        if (m->reds) {
            if (m->kind >= 27) {
                snprintf(msg, n, "seat %c: meld %d of honours holds red fives", seat_letters[s], i + 1);
                return -1;
            }
            reds[m->kind / 9] += m->reds;
        }
    }
    bool ok = true;
    for (int i = 0; i < h->nbonus; i++)
        ok &= kind_is_bonus(h->bonus[i]) && count_tile(h->bonus[i], counts, reds);
    for (int i = 0; i < ss->naside; i++)
        ok &= count_tile(ss->aside[i], counts, reds);
    for (int i = 0; i < ss->ndiscards; i++)
        if (ss->discards[i].claimed_by == SEAT_NONE)
            ok &= count_tile(ss->discards[i].tile, counts, reds);
    if (!ok) {
        snprintf(msg, n, "seat %c: a bonus tile, tile set aside or discard that no set has", seat_letters[s]);
        return -1;
    }
    int most = 3 * g->rules.hand_sets + 2;   /* 14, or 17 with five sets */
    int size = concealed + 3 * h->nmelds, want = most - 1;
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
    return 0;
}

int game_check(const struct game *g, char *msg, size_t n)
{
    const struct game_state *st = &g->st;
    int counts[ALL_KINDS] = { 0 }, reds[3] = { 0 };
    uint64_t hands[5] = { 0 };
    for (int s = 0; s < players(g); s++)
        if (check_seat(g, s, hands, counts, reds, msg, n) != 0)
            return -1;
    uint8_t concealed[40];
    memcpy(concealed, hands, sizeof concealed);
    for (int k = 0; k < TILE_KINDS; k++)
        counts[k] += concealed[k];
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
