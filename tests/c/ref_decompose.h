/* Slow, obviously-correct reference versions of core/decompose.h, for the tests.
 * Everything here works on the whole hand directly (no per-suit tables):
 * - decompositions: recursive extraction of the group holding the lowest tile,
 *   then each decomposition put in canonical order and kept once;
 * - standard shanten: the fewest tiles to add so that the hand contains a complete
 *   hand (each kind at most 4), minus 1, by a dynamic programme over the 34 kinds
 *   that chooses, at each kind, how many pungs, chows and pairs start there;
 * - waits: try each of the 34 kinds. */
#ifndef JONG_REF_DECOMPOSE_H
#define JONG_REF_DECOMPOSE_H

#include <string.h>
#include "decompose.h"

static inline int ref_set_key(struct set s) { return s.kind * 2 + s.type; }

/* Canonical order: sets ascending by (kind, type); decompositions by pair then sets. */
static inline int ref_cmp_decomposition(const struct decomposition *a, const struct decomposition *b)
{
    if (a->pair != b->pair) return a->pair < b->pair ? -1 : 1;
    if (a->nsets != b->nsets) return a->nsets < b->nsets ? -1 : 1;
    for (int i = 0; i < a->nsets; i++) {
        int ka = ref_set_key(a->sets[i]), kb = ref_set_key(b->sets[i]);
        if (ka != kb) return ka < kb ? -1 : 1;
    }
    return 0;
}

static inline void ref_sort_sets(struct decomposition *d)
{
    for (int i = 1; i < d->nsets; i++)
        for (int j = i; j > 0 && ref_set_key(d->sets[j]) < ref_set_key(d->sets[j - 1]); j--) {
            struct set t = d->sets[j]; d->sets[j] = d->sets[j - 1]; d->sets[j - 1] = t;
        }
}

struct ref_list { struct decomposition *out; int n, max; };

static inline void ref_add(struct ref_list *l, const struct decomposition *cur)
{
    struct decomposition d = *cur;
    ref_sort_sets(&d);
    int pos = 0;
    while (pos < l->n && ref_cmp_decomposition(&l->out[pos], &d) < 0) pos++;
    if (pos < l->n && ref_cmp_decomposition(&l->out[pos], &d) == 0) return;
    if (l->n == l->max) return;
    memmove(&l->out[pos + 1], &l->out[pos], (size_t)(l->n - pos) * sizeof d);
    l->out[pos] = d;
    l->n++;
}

/* Takes groups off c (the tile counts left) and records each full decomposition. */
static inline void ref_search(uint8_t c[TILE_KINDS], int left, bool has_pair, struct decomposition *cur,
                       struct ref_list *l)
{
    int i = 0;
    while (i < TILE_KINDS && c[i] == 0) i++;
    if (i == TILE_KINDS) {
        if (has_pair && left == 0) ref_add(l, cur);
        return;
    }
    if (!has_pair && c[i] >= 2) {
        c[i] -= 2; cur->pair = (uint8_t)i;
        ref_search(c, left, true, cur, l);
        c[i] += 2;
    }
    if (left == 0) return;
    int n = cur->nsets;
    if (c[i] >= 3) {
        c[i] -= 3; cur->sets[n] = (struct set){SET_PUNG, (uint8_t)i}; cur->nsets++;
        ref_search(c, left - 1, has_pair, cur, l);
        cur->nsets--; c[i] += 3;
    }
    if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        cur->sets[n] = (struct set){SET_CHOW, (uint8_t)i}; cur->nsets++;
        ref_search(c, left - 1, has_pair, cur, l);
        cur->nsets--; c[i]++; c[i + 1]++; c[i + 2]++;
    }
}

static inline int ref_total(const uint8_t c[TILE_KINDS])
{
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) n += c[k];
    return n;
}

static inline int ref_decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max)
{
    if (nmelds < MIN_MELDS || nmelds > 4 || ref_total(counts) != 14 - 3 * nmelds) return 0;
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    struct decomposition cur;
    memset(&cur, 0, sizeof cur);
    struct ref_list l = {out, 0, max};
    ref_search(c, 4 - nmelds, false, &cur, &l);
    return l.n;
}

static inline bool ref_complete_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct decomposition d[MAX_DECOMPOSITIONS];
    return ref_decompose(counts, nmelds, d, MAX_DECOMPOSITIONS) > 0;
}

static inline bool ref_complete_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return false;
    int pairs = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (counts[k] == 2) pairs++;
        else if (counts[k] != 0) return false;
    }
    return pairs == 7;
}

static const uint8_t ref_orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

static inline bool ref_is_orphan(int k)
{
    for (int i = 0; i < 13; i++) if (ref_orphans[i] == k) return true;
    return false;
}

static inline bool ref_complete_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0 || ref_total(counts) != 14) return false;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (ref_is_orphan(k) ? counts[k] < 1 || counts[k] > 2 : counts[k] != 0) return false;
    }
    return true;
}

static inline bool ref_complete_any(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    return ((forms & FORM_STANDARD) && ref_complete_standard(counts, nmelds))
        || ((forms & FORM_SEVEN_PAIRS) && ref_complete_seven_pairs(counts, nmelds))
        || ((forms & FORM_THIRTEEN_ORPHANS) && ref_complete_thirteen_orphans(counts, nmelds));
}

static inline int ref_readings(const uint8_t counts[TILE_KINDS], int nmelds, int win_kind,
                        struct reading *out, int max)
{
    struct decomposition d[MAX_DECOMPOSITIONS];
    int nd = ref_decompose(counts, nmelds, d, MAX_DECOMPOSITIONS), n = 0;
    for (int i = 0; i < nd; i++) {
        if (d[i].pair == win_kind && n < max)
            out[n++] = (struct reading){d[i], WAIT_SINGLE, -1};
        for (int j = 0; j < d[i].nsets; j++) {
            struct set s = d[i].sets[j];
            if (j > 0 && ref_set_key(s) == ref_set_key(d[i].sets[j - 1])) continue;
            int w;
            if (s.type == SET_PUNG) {
                if (s.kind != win_kind) continue;
                w = WAIT_PAIR;
            } else {
                int r = win_kind - s.kind;
                if (r < 0 || r > 2) continue;
                if (r == 1) w = WAIT_CLOSED;
                else if ((r == 0 && s.kind % 9 == 6) || (r == 2 && s.kind % 9 == 0)) w = WAIT_EDGE;
                else w = WAIT_TWO_SIDED;
            }
            if (n < max) out[n++] = (struct reading){d[i], (uint8_t)w, (int8_t)j};
        }
    }
    return n;
}

enum { REF_SETS = 6 };   /* m 0-5 */

/* cost[m][p]: the fewest tiles to add so that kinds first..first+nkinds-1 contain m sets
 * (0 to 5: four or five sets and a pair) and p pairs with no kind above 4. A dynamic programme over the kinds that chooses at
 * each kind how many pungs, pairs and chows start there; the state after kind i is the
 * chows started at i-1 (b2) and at i (b1), the sets so far and the pairs so far. */
static inline void ref_costs(const uint8_t c[TILE_KINDS], int first, int nkinds, int cost[REF_SETS][2])
{
    enum { INF = 1000 };
    int cur[5][5][REF_SETS][2], nxt[5][5][REF_SETS][2];
    for (int a = 0; a < 5; a++) for (int b = 0; b < 5; b++) for (int m = 0; m < REF_SETS; m++)
        for (int p = 0; p < 2; p++) cur[a][b][m][p] = INF;
    cur[0][0][0][0] = 0;
    for (int i = first; i < first + nkinds; i++) {
        for (int a = 0; a < 5; a++) for (int b = 0; b < 5; b++) for (int m = 0; m < REF_SETS; m++)
            for (int p = 0; p < 2; p++) nxt[a][b][m][p] = INF;
        bool chow_start = i < 27 && i % 9 <= 6;
        for (int b2 = 0; b2 < 5; b2++) for (int b1 = 0; b1 + b2 < 5; b1++)
        for (int m = b1 + b2; m < REF_SETS; m++) for (int p = 0; p < 2; p++) {
            int v = cur[b2][b1][m][p];
            if (v >= INF) continue;
            for (int pung = 0; pung <= 1; pung++)
            for (int pair = 0; pair <= 1 - p; pair++) {
                int used = 3 * pung + 2 * pair + b1 + b2;   /* tiles of kind i in the target */
                for (int chow = 0; chow <= (chow_start ? 4 : 0); chow++) {
                    int t = used + chow;
                    int m2 = m + pung + chow;
                    if (t > 4 || m2 > REF_SETS - 1) break;
                    int cost = v + (t > c[i] ? t - c[i] : 0);
                    int *dst = &nxt[b1][chow][m2][p + pair];
                    if (cost < *dst) *dst = cost;
                }
            }
        }
        memcpy(cur, nxt, sizeof cur);
    }
    for (int m = 0; m < REF_SETS; m++)
        for (int p = 0; p < 2; p++) cost[m][p] = cur[0][0][m][p];
}

/* Over the whole hand at once. */
static inline int ref_shanten_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    int cost[REF_SETS][2];
    ref_costs(counts, 0, TILE_KINDS, cost);
    return cost[4 - nmelds][1] - 1;
}

/* The same, part by part (groups never cross parts, so the cost adds up): every way to
 * share the sets and the pair among the three suits and the honours. */
static inline int ref_shanten_standard_parts(const int part[4][REF_SETS][2], int nmelds)
{
    int best = 1000, n = 4 - nmelds;
    for (int m0 = 0; m0 <= n; m0++) for (int m1 = 0; m0 + m1 <= n; m1++)
    for (int m2 = 0; m0 + m1 + m2 <= n; m2++)
    for (int pp = 0; pp < 4; pp++) {
        int m3 = n - m0 - m1 - m2;
        int c = part[0][m0][pp == 0] + part[1][m1][pp == 1] + part[2][m2][pp == 2] + part[3][m3][pp == 3];
        if (c < best) best = c;
    }
    return best - 1;
}

/* Seven different pairs: choose the 7 kinds that need the fewest tiles added. */
static inline int ref_shanten_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return SHANTEN_NONE;
    int need[TILE_KINDS];
    for (int k = 0; k < TILE_KINDS; k++) need[k] = counts[k] >= 2 ? 0 : 2 - counts[k];
    for (int i = 1; i < TILE_KINDS; i++)
        for (int j = i; j > 0 && need[j] < need[j - 1]; j--) {
            int t = need[j]; need[j] = need[j - 1]; need[j - 1] = t;
        }
    int cost = 0;
    for (int i = 0; i < 7; i++) cost += need[i];
    return cost - 1;
}

/* One of each of the 13 kinds and one more of any of them. */
static inline int ref_shanten_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return SHANTEN_NONE;
    int best = 1000;
    for (int extra = 0; extra < 13; extra++) {
        int cost = 0;
        for (int i = 0; i < 13; i++) {
            int want = 1 + (i == extra);
            int have = counts[ref_orphans[i]];
            if (have < want) cost += want - have;
        }
        if (cost < best) best = cost;
    }
    return best - 1;
}

static inline int ref_shanten_of(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    int best = SHANTEN_NONE, s;
    if ((forms & FORM_STANDARD) && (s = ref_shanten_standard(counts, nmelds)) < best) best = s;
    if ((forms & FORM_SEVEN_PAIRS) && (s = ref_shanten_seven_pairs(counts, nmelds)) < best) best = s;
    if ((forms & FORM_THIRTEEN_ORPHANS) && (s = ref_shanten_thirteen_orphans(counts, nmelds)) < best) best = s;
    return best;
}

static inline int ref_waits(const uint8_t counts[TILE_KINDS], int nmelds, const uint8_t held[TILE_KINDS],
                     unsigned forms, bool out[TILE_KINDS])
{
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        out[k] = false;
        if (c[k] >= 4 || (held && held[k] >= 4)) continue;
        c[k]++;
        out[k] = ref_complete_any(c, nmelds, forms);
        c[k]--;
        n += out[k];
    }
    return n;
}

#endif
