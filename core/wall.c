#include "wall.h"

#include <stdio.h>
#include <string.h>

int wall_set_size(const struct wall_config *c)
{
    uint64_t present = ~c->absent & ((1ull << TILE_KINDS) - 1);
    return 4 * __builtin_popcountll(present) + (c->bonus ? BONUS_KINDS : 0);
}

int wall_real_waits(const struct wall_config *c, const uint8_t seen[TILE_KINDS], bool w[TILE_KINDS])
{
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (w[k] && ((c->absent >> k & 1) || seen[k] >= 4))
            w[k] = false;
        n += w[k];
    }
    return n;
}

static int walls_of(const struct wall_config *c) { return c->walls ? c->walls : 4; }

/* The first stack of wall k when `stacks` stacks do not split evenly (108 tiles: sides
 * of 14, 13, 14, 13): the walls 0, 2, 1, 3 in that order take one stack more. */
static int wall_side_start(int walls, int stacks, int k)
{
    static const int rank4[4] = { 0, 2, 1, 3 };
    int base = stacks / walls, extra = stacks % walls, start = 0;
    for (int i = 0; i < k; i++)
        start += base + ((walls == 4 ? rank4[i] : i) < extra);
    return start;
}

const char *wall_config_error(const struct wall_config *c)
{
    int n = wall_set_size(c), walls = walls_of(c);
    for (int s = 0; s < 3; s++) {
        if (c->reds[s] > 4)
            return "more than 4 red fives in a suit";
        if (c->reds[s] && !wall_has_kind(c, 9 * s + 4))
            return "a red five of a five the set does not have";
    }
    if (c->absent >> TILE_KINDS)
        return "absent kinds beyond the 34";
    if (walls < 2 || walls > 4)
        return "2 to 4 walls";
    if (n % 2 != 0 || (c->side != 0 && c->side * 2 * walls != n))
        return "stacks per side do not fit the tile set";
    if (c->dice != 2 && c->dice != 3)
        return "the dealer throws 2 or 3 dice";
    if (c->dead_policy > DEAD_NONE)
        return "unknown dead wall policy";
    if (c->dead_from_dice && (!c->second_throw || c->dead_policy == DEAD_NONE))
        return "a dead wall from the dice needs the second throw and a dead wall";
    if (c->dead_policy == DEAD_NONE ? c->dead_size != 0
                                    : !c->dead_from_dice && (c->dead_size < 2 || c->dead_size > 32))
        return "dead wall size out of range";
    if (c->reserve > 32)
        return "reserve out of range";
    return NULL;
}

int wall_tile_set(const struct wall_config *c, tile_t out[MAX_WALL])
{
    if (wall_config_error(c))
        return -1;
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (c->absent >> k & 1)
            continue;
        int reds = kind_is_five(k) ? c->reds[k / 9] : 0;
        for (int i = 0; i < 4 - reds; i++)
            out[n++] = (tile_t)k;
        for (int i = 0; i < reds; i++)
            out[n++] = (tile_t)(k | TILE_RED);
    }
    if (c->bonus)
        for (int k = KIND_FLOWER1; k < ALL_KINDS; k++)
            out[n++] = (tile_t)k;
    return n;
}

static void wall_reset(struct wall *w, const struct wall_config *c, int n)
{
    w->n = n;
    w->head = 0;
    w->policy = c->dead_policy;
    w->reserve = c->reserve;
    w->dead_end = n;
    w->live_end = c->dead_policy == DEAD_NONE ? n : n - c->dead_size;
    w->loose = 0;
    w->ndice = 0;
    memset(w->dice, 0, sizeof w->dice);
    w->break_wall = w->break_count = w->break_stack = 0;
}

int wall_build(struct wall *w, const struct wall_config *c, struct rng *r)
{
    tile_t phys[MAX_WALL];
    int n = wall_tile_set(c, phys);
    if (n < 0)
        return -1;
    wall_reset(w, c, n);
    rng_shuffle(r, phys, n);

    /* phys[2g] is the top and phys[2g+1] the bottom of stack g; stacks are numbered
     * clockwise from the right-hand end of the dealer's wall (walls clockwise: E N W S,
     * or with three walls E W S). */
    int walls = walls_of(c), stacks = n / 2, total = 0;
    w->ndice = c->dice;
    for (int i = 0; i < c->dice; i++)
        total += w->dice[i] = (uint8_t)rng_die(r);
    int count = total;
    if (c->second_throw) {
        for (int i = 0; i < 2; i++)
            count += w->dice[w->ndice++] = (uint8_t)rng_die(r);
    }
    if (c->dead_from_dice)
        w->live_end = n - 2 * (count - total);
    w->break_wall = (uint8_t)((total - 1) % walls);
    w->break_count = (uint8_t)count;
    int first = wall_side_start(walls, stacks, (walls - w->break_wall) % walls);
    int b = (first + count) % stacks;
    w->break_stack = (uint8_t)b;

    /* Wall order: the head half from stack b on (top, bottom); the tail half from
     * stack b-1 backwards, top first, stored from t[n-1] down. */
    for (int j = 0, g = b; j < n / 2; j++) {   /* g: stack b + j / 2 */
        w->t[j] = phys[2 * g + j % 2];
        if (j % 2 && ++g == stacks)
            g = 0;
    }
    for (int r2 = 0, g = (b - 1 + stacks) % stacks; r2 < n / 2; r2++) {   /* g: stack b - 1 - r2 / 2 */
        w->t[n - 1 - r2] = phys[2 * g + r2 % 2];
        if (r2 % 2 && --g < 0)
            g = stacks - 1;
    }
    return 0;
}

int wall_stack(struct wall *w, const struct wall_config *c, const tile_t *front, int nfront,
               const tile_t *back, int nback, char *err)
{
    tile_t pool[MAX_WALL];
    int n = wall_tile_set(c, pool);
    if (n < 0) {
        snprintf(err, 120, "invalid wall config: %s", wall_config_error(c));
        return -1;
    }
    if (nfront < 0 || nback < 0 || nfront + nback > n) {
        snprintf(err, 120, "stacked wall of %d tiles does not fit a set of %d", nfront + nback, n);
        return -1;
    }
    /* The stacked tiles take, of each tile, its first occurrences in the set; the rest
     * of the set fills the middle in the set's order. */
    uint8_t left[256] = { 0 }, taken[256] = { 0 };
    for (int j = 0; j < n; j++)
        left[pool[j]]++;
    for (int i = 0; i < nfront + nback; i++) {
        tile_t t = i < nfront ? front[i] : back[i - nfront];
        if (left[t] == 0) {
            char name[4];
            tile_name(t, name);
            snprintf(err, 120, "stacked wall: no %s left in the set (%s tile %d)", name,
                     i < nfront ? "front" : "back", i < nfront ? i + 1 : i - nfront + 1);
            return -1;
        }
        left[t]--;
        taken[t]++;
    }
    wall_reset(w, c, n);
    for (int i = 0; i < nfront; i++)
        w->t[i] = front[i];
    for (int i = 0; i < nback; i++)
        w->t[n - 1 - i] = back[i];
    int k = nfront;
    for (int j = 0; j < n; j++) {
        if (taken[pool[j]])
            taken[pool[j]]--;
        else
            w->t[k++] = pool[j];
    }
    return 0;
}

int wall_draw(struct wall *w)
{
    if (wall_drawable(w) <= 0)
        return -1;
    return w->t[w->head++];
}

int wall_draw_head(struct wall *w)
{
    if (w->head >= w->live_end)
        return -1;
    return w->t[w->head++];
}

bool wall_loose_from_dead(const struct wall *w) { return w->dead_end > w->live_end; }

int wall_loose(struct wall *w)
{
    int t;
    if (w->policy == DEAD_FIXED && w->live_end <= w->head)
        return -1;   /* nothing left to replenish the dead wall with */
    if (w->dead_end > w->live_end) {
        t = w->t[--w->dead_end];
        if (w->policy == DEAD_FIXED)
            w->live_end--;
    } else if (w->live_end > w->head) {
        t = w->t[--w->live_end];
        w->dead_end = w->live_end;
    } else {
        return -1;
    }
    w->loose++;
    return t;
}

void wall_count(const struct wall *w, int counts[ALL_KINDS], int reds[3])
{
    int end = w->dead_end < MAX_WALL ? w->dead_end : MAX_WALL;
    uint8_t by_tile[256] = { 0 };   /* at most MAX_WALL of one tile */
    for (int i = w->head < 0 ? 0 : w->head; i < end; i++)
        by_tile[w->t[i]]++;
    /* a tile no set has (a kind above the bonus tiles, a red tile not a five) is left
     * out, so conservation fails */
    for (int k = 0; k < ALL_KINDS; k++)
        counts[k] += by_tile[k];
    for (int s = 0; s < 3; s++) {
        int red = by_tile[(9 * s + 4) | TILE_RED];
        counts[9 * s + 4] += red;
        reds[s] += red;
    }
}

/* What the set of c holds: copies of each kind and red fives per suit (as
 * wall_tile_set lays them out, without building it). */
static void set_counts(const struct wall_config *c, int want[ALL_KINDS], int want_reds[3])
{
    for (int k = 0; k < TILE_KINDS; k++)
        want[k] = c->absent >> k & 1 ? 0 : 4;
    for (int k = TILE_KINDS; k < ALL_KINDS; k++)
        want[k] = c->bonus;
    for (int s = 0; s < 3; s++)
        want_reds[s] = c->reds[s];
}

int wall_conserved(const struct wall *w, const struct wall_config *c,
                   const int others[ALL_KINDS], const int other_reds[3], char *err, int errlen)
{
    if (w->n != wall_set_size(c) || w->head < 0 || w->head > w->live_end || w->live_end > w->dead_end ||
        w->dead_end > w->n) {
        snprintf(err, (size_t)errlen, "wall: %d tiles, head %d, live end %d, dead end %d", w->n, w->head,
                 w->live_end, w->dead_end);
        return -1;
    }
    int have[ALL_KINDS] = { 0 }, have_reds[3] = { 0 };
    wall_count(w, have, have_reds);
    /* any kind or red count off (as set_counts has them): the loops below are for the
     * message only */
    int off = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        off |= have[k] + others[k] - (c->absent >> k & 1 ? 0 : 4);
    for (int k = TILE_KINDS; k < ALL_KINDS; k++)
        off |= have[k] + others[k] - c->bonus;
    for (int s = 0; s < 3; s++)
        off |= have_reds[s] + other_reds[s] - c->reds[s];
    if (!off)
        return 0;
    int want[ALL_KINDS], want_reds[3];
    set_counts(c, want, want_reds);
    const char *bad = wall_config_error(c);
    if (bad) {
        snprintf(err, (size_t)errlen, "wall: %s", bad);
        return -1;
    }
    for (int k = 0; k < ALL_KINDS; k++) {
        if (have[k] + others[k] != want[k]) {
            char name[4];
            kind_name(k, name);
            snprintf(err, (size_t)errlen, "tile %s: %d in the wall + %d elsewhere, the set has %d",
                     name, have[k], others[k], want[k]);
            return -1;
        }
    }
    for (int s = 0; s < 3; s++) {
        if (have_reds[s] + other_reds[s] != want_reds[s]) {
            snprintf(err, (size_t)errlen, "red 0%c: %d in the wall + %d elsewhere, the set has %d",
                     "mps"[s], have_reds[s], other_reds[s], want_reds[s]);
            return -1;
        }
    }
    return -1;
}
