/* Invariants of a game in any state. */
#include "game_private.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The revealed dora indicators added to the tiles shown, by kind. */
static void add_dora(const struct game *g, uint8_t shown[TILE_KINDS])
{
    for (int i = 0; i < g->st.ndora; i++) {
        int t = dora_indicator(g, i, 0);
        if (t >= 0 && tile_kind((tile_t)t) < TILE_KINDS)
            shown[tile_kind((tile_t)t)]++;
    }
}

/* The tiles shown to all and each seat's kinds discarded and declarations (kept as the
 * game goes), counted afresh; the seats' arrays are within bounds. */
static int check_shown(const struct game *g, char *msg, size_t n)
{
    const struct game_state *st = &g->st;
    uint8_t shown[TILE_KINDS] = { 0 };
    for (int s = 0; s < players(g); s++) {
        const struct seat_state *ss = &st->seats[s];
        for (int i = 0; i < ss->hand.nmelds; i++)
            meld_add_kinds(shown, &ss->hand.melds[i], 1);
        uint64_t kinds = 0;
        bool declared = false;
        for (int i = 0; i < ss->ndiscards; i++) {
            const struct discard *d = &ss->discards[i];
            int k = tile_kind(d->tile);
            if (k >= TILE_KINDS)
                continue;
            shown[k] = (uint8_t)(shown[k] + (d->claimed_by == SEAT_NONE));
            kinds |= 1ull << k;
            declared |= d->extra != 0;
        }
        if (kinds != ss->discarded || declared != ss->declared) {
            snprintf(msg, n, "seat %c: the kinds it discarded or its declarations kept wrong", seat_letters[s]);
            return -1;
        }
    }
    add_dora(g, shown);
    if (memcmp(shown, st->shown, sizeof shown)) {
        snprintf(msg, n, "the tiles shown to all kept wrong");
        return -1;
    }
    return 0;
}

/* The full check: counts every part of the state afresh; says what is wrong. */
int game_check_full(const struct game *g, char *msg, size_t n)
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
    return check_shown(g, msg, n);
}

/* ---- the quick check ----
 *
 * game_check runs after every action of a simulation. It remembers the parts of the
 * state as it last found them sound (the wall's tiles; each seat's concealed tiles; its
 * melds, bonus tiles and tiles set aside; its discards) with their tile counts, and
 * counts again only what differs from that copy, compared byte for byte: a part changed
 * in any way, by an action or not, is counted afresh. The wall's tiles never change within a deal (only its ends move) and
 * discards are only added to (or claimed), so those are counted on from where the copy
 * ends. The answer is the full check's: when the quick check finds a fault, the full
 * check runs to say what it is. */

enum { LANE_RED = ALL_KINDS, LANES = 48 };   /* tiles per kind, then red fives per suit */

struct tally {
    uint16_t n[LANES];
};

/* A seat's hand, the kinds it discarded and its discards as one run of bytes (struct
 * seat_state's first bytes, up to its last discard). */
#define SEAT_RUN(nd) (offsetof(struct seat_state, discards) + (size_t)(nd) * sizeof(struct discard))

struct seat_memo {
    bool ok;                     /* `was` holds the seat as last found sound, counted below */
    struct seat_state was;       /* its run of bytes (SEAT_RUN) and its tiles set aside */
    int concealed;               /* concealed tiles (they count in the total as they are in `was`) */
    struct tally open;           /* its melds, bonus tiles and tiles set aside */
    struct tally discarded;      /* its unclaimed discards */
    uint8_t melds[TILE_KINDS];   /* its melds' tiles by kind (part of open) */
    uint64_t kinds;              /* the kinds among its discards (below TILE_KINDS) */
    uint8_t declared;            /* 1: one of them made a declaration */
};

struct check_memo {
    bool set_ok;                 /* want is the tally of this set: */
    uint64_t absent;
    bool bonus;
    uint8_t reds[3];
    int set_size;
    struct tally want;
    struct tally total;          /* the sum of the remembered parts' tallies */
    uint8_t shown[40];           /* the seats' melds and discarded, kinds below TILE_KINDS */
    bool wall_ok;
    int n, head, dead_end;       /* the wall's tiles [head, dead_end) (t) make `wall` */
    tile_t t[MAX_WALL];
    struct tally wall;
    struct seat_memo seats[MAX_PLAYERS];
};

struct check_memo *check_memo_new(void) { return calloc(1, sizeof(struct check_memo)); }

void check_memo_free(struct check_memo *m) { free(m); }

/* a[0, n) == b[0, n), without a call: 16 bytes at a time (GNU C vectors), for the few
 * bytes of melds and the like (the C library's memcmp is quicker from about 64). */
typedef unsigned char bytes16 __attribute__((vector_size(16)));

static inline bool same_bytes(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    if (n >= 16) {   /* 32 then 16 at a time, the last 16 overlapping */
        bytes16 d = { 0 }, e = { 0 }, x, y, u, v;
        size_t i = 0;
        for (; i + 32 <= n; i += 32) {
            memcpy(&x, p + i, 16);
            memcpy(&y, q + i, 16);
            memcpy(&u, p + i + 16, 16);
            memcpy(&v, q + i + 16, 16);
            d |= x ^ y;
            e |= u ^ v;
        }
        d |= e;
        if (i + 16 <= n) {
            memcpy(&x, p + i, 16);
            memcpy(&y, q + i, 16);
            d |= x ^ y;
        }
        memcpy(&x, p + n - 16, 16);
        memcpy(&y, q + n - 16, 16);
        d |= x ^ y;
        uint64_t w[2];
        memcpy(w, &d, 16);
        return (w[0] | w[1]) == 0;
    }
    if (n >= 8) {
        uint64_t x0, y0, x1, y1;
        memcpy(&x0, p, 8), memcpy(&y0, q, 8);
        memcpy(&x1, p + n - 8, 8), memcpy(&y1, q + n - 8, 8);
        return ((x0 ^ y0) | (x1 ^ y1)) == 0;
    }
    if (n >= 4) {
        uint32_t x0, y0, x1, y1;
        memcpy(&x0, p, 4), memcpy(&y0, q, 4);
        memcpy(&x1, p + n - 4, 4), memcpy(&y1, q + n - 4, 4);
        return ((x0 ^ y0) | (x1 ^ y1)) == 0;
    }
    unsigned d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (unsigned)(p[i] ^ q[i]);
    return d == 0;
}

static inline void tally_add(struct tally *t, const struct tally *a)
{
    for (int i = 0; i < LANES; i++)
        t->n[i] = (uint16_t)(t->n[i] + a->n[i]);
}

static inline void tally_sub(struct tally *t, const struct tally *a)
{
    for (int i = 0; i < LANES; i++)
        t->n[i] = (uint16_t)(t->n[i] - a->n[i]);
}

/* Counts a loose tile by `d` (1 or -1); false for a tile no set has (not counted). */
static inline bool tally_tile(struct tally *t, tile_t x, int d)
{
    int k = tile_kind(x);
    if (k >= ALL_KINDS || (tile_is_red(x) && !kind_is_five(k)))
        return false;
    t->n[k] = (uint16_t)(t->n[k] + d);
    if (tile_is_red(x))
        t->n[LANE_RED + k / 9] = (uint16_t)(t->n[LANE_RED + k / 9] + d);
    return true;
}

/* The set's tally (as wall_tile_set lays it out) and size. */
static void memo_set(struct check_memo *m, const struct wall_config *c)
{
    memset(&m->want, 0, sizeof m->want);
    for (int k = 0; k < TILE_KINDS; k++)
        m->want.n[k] = c->absent >> k & 1 ? 0 : 4;
    for (int k = TILE_KINDS; k < ALL_KINDS; k++)
        m->want.n[k] = c->bonus;
    for (int s = 0; s < 3; s++)
        m->want.n[LANE_RED + s] = c->reds[s];
    m->set_size = wall_set_size(c);
    m->absent = c->absent;
    m->bonus = c->bonus;
    memcpy(m->reds, c->reds, 3);
    m->set_ok = true;
}

/* The same melds, bonus tiles and tiles set aside? (The melds' and bonus tiles' arrays
 * are compared whole, from nmelds to the hand's end: a change in their unused slots only
 * makes them count again; the tiles set aside as far as they go.) */
static inline bool same_open(const struct seat_state *a, const struct seat_state *b)
{
    const struct hand *x = &a->hand, *y = &b->hand;
    return a->naside == b->naside && b->naside <= MAX_ASIDE &&
           same_bytes(&x->nmelds, &y->nmelds, sizeof *y - offsetof(struct hand, nmelds)) &&
           (!b->naside || same_bytes(a->aside, b->aside, b->naside));
}

/* Counts the seat's melds, bonus tiles and tiles set aside into t, its melds alone into
 * melds; false when they are not sound. */
static bool count_open(struct tally *t, uint8_t melds[TILE_KINDS], const struct seat_state *ss)
{
    const struct hand *h = &ss->hand;
    if (h->nmelds > MAX_MELDS || h->nbonus > MAX_BONUS || ss->naside > MAX_ASIDE)
        return false;
    memset(t, 0, sizeof *t);
    for (int i = 0; i < h->nmelds; i++) {
        const struct meld *m = &h->melds[i];
        if (m->type == MELD_CHOW ? m->kind >= 27 || m->kind % 9 > 6 : m->kind >= TILE_KINDS)
            return false;
        if (m->type == MELD_CHOW) {
            t->n[m->kind]++;
            t->n[m->kind + 1]++;
            t->n[m->kind + 2]++;
        } else {
            t->n[m->kind] = (uint16_t)(t->n[m->kind] + meld_tiles(m));
        }
        if (m->reds) {
            if (m->kind >= 27)
                return false;
            t->n[LANE_RED + m->kind / 9] = (uint16_t)(t->n[LANE_RED + m->kind / 9] + m->reds);
        }
    }
    for (int k = 0; k < TILE_KINDS; k++)
        melds[k] = (uint8_t)t->n[k];
    for (int i = 0; i < h->nbonus; i++)
        if (!kind_is_bonus(h->bonus[i]) || !tally_tile(t, h->bonus[i], 1))
            return false;
    for (int i = 0; i < ss->naside; i++)
        if (!tally_tile(t, ss->aside[i], 1))
            return false;
    return true;
}

/* The index of the lowest byte of *x (as read from memory) that is not 0, cleared from
 * *x; x is not 0. */
static inline int next_byte(uint64_t *x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    int j = __builtin_ctzll(*x) / 8;
    *x &= ~(0xffull << 8 * j);
    return j;
#else
    uint8_t b[8];
    memcpy(b, x, 8);
    int j = 0;
    while (!b[j])
        j++;
    b[j] = 0;
    memcpy(x, b, 8);
    return j;
#endif
}

/* Bit j set for each byte j of a hand's counts and red fives (bytes 0-36, struct hand's
 * first) that differs between a and b: sixteen bytes at a time where SSE2 is (x86-64
 * always; bytes 0-15, 16-31 and 21-36), else eight. */
static inline uint64_t differing_bytes(const uint8_t *a, const uint8_t *b)
{
#if defined(__SSE2__)
    unsigned same0 = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)a), _mm_loadu_si128((const __m128i *)b)));
    unsigned same1 = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 16)), _mm_loadu_si128((const __m128i *)(b + 16))));
    unsigned same2 = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 21)), _mm_loadu_si128((const __m128i *)(b + 21))));
    return ~((uint64_t)same0 | (uint64_t)same1 << 16 | (uint64_t)same2 << 21) & ((1ull << (TILE_KINDS + 3)) - 1);
#else
    static const uint8_t tail[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0 };   /* bytes 32-36 */
    uint64_t last, diff = 0;
    memcpy(&last, tail, 8);
    for (int i = 0; i < 5; i++) {
        uint64_t x, y;
        memcpy(&x, a + 8 * i, 8);
        memcpy(&y, b + 8 * i, 8);
        for (x = (x ^ y) & (i < 4 ? ~0ull : last); x;)
            diff |= 1ull << (8 * i + next_byte(&x));
    }
    return diff;
#endif
}

/* Brings the memo of a seat that changed up to the state: only the parts that differ
 * from `was` are counted again. False when one is not sound (the memo is then
 * inconsistent: the caller clears it). */
static bool memo_seat(struct check_memo *m, struct seat_memo *sm, const struct seat_state *ss)
{
    const struct hand *h = &ss->hand;
    const struct seat_state *was = &sm->was;
    int nd = ss->ndiscards;
    if (nd > MAX_DISCARDS)
        return false;
    /* concealed tiles: counts and red fives, struct hand's first bytes (37 of its 40 first) */
    uint16_t *t = m->total.n;
    if (!sm->ok) {
        /* no kind above 4 (a byte above 4 sets its top bit in w + 0x7b) */
        uint64_t w[5], above = 0;
        memcpy(w, h->counts, 32);
        w[4] = (uint64_t)h->counts[32] | (uint64_t)h->counts[33] << 8;
        int n = 0;
        for (int i = 0; i < 5; i++) {
            above |= w[i] | (w[i] + 0x7b7b7b7b7b7b7b7bull);
            n += (int)((w[i] * ONES) >> 56);
        }
        if (above & 0x8080808080808080ull)
            return false;
        for (int k = 0; k < TILE_KINDS; k++)
            t[k] = (uint16_t)(t[k] + h->counts[k]);
        for (int i = 0; i < 3; i++)
            t[LANE_RED + i] = (uint16_t)(t[LANE_RED + i] + h->reds[i]);
        sm->concealed = n;
    } else {
        /* only the bytes that differ (of the counts and red fives); the others were
         * found sound */
        const uint8_t *now = h->counts, *old = was->hand.counts;
        int n = sm->concealed;
        for (uint64_t diff = differing_bytes(now, old); diff; diff &= diff - 1) {
            int j = __builtin_ctzll(diff);
            int d = now[j] - old[j];
            if (j >= TILE_KINDS) {
                t[LANE_RED + j - TILE_KINDS] = (uint16_t)(t[LANE_RED + j - TILE_KINDS] + d);
            } else {
                if (now[j] > 4)
                    return false;
                t[j] = (uint16_t)(t[j] + d);
                n += d;
            }
        }
        sm->concealed = n;
    }
    if (!sm->ok || !same_open(was, ss)) {
        if (sm->ok) {
            tally_sub(&m->total, &sm->open);
            for (int k = 0; k < TILE_KINDS; k++)
                m->shown[k] = (uint8_t)(m->shown[k] - sm->melds[k]);
        }
        if (!count_open(&sm->open, sm->melds, ss))
            return false;
        tally_add(&m->total, &sm->open);
        for (int k = 0; k < TILE_KINDS; k++)
            m->shown[k] = (uint8_t)(m->shown[k] + sm->melds[k]);
    }
    int from = sm->ok ? was->ndiscards : 0;
    if (sm->ok && (nd < from || memcmp(was->discards, ss->discards, (size_t)from * sizeof *ss->discards))) {
        tally_sub(&m->total, &sm->discarded);   /* counted again from the first */
        for (int k = 0; k < TILE_KINDS; k++)
            m->shown[k] = (uint8_t)(m->shown[k] - sm->discarded.n[k]);
        from = 0;
    }
    if (from == 0) {
        memset(&sm->discarded, 0, sizeof sm->discarded);
        sm->kinds = 0;
        sm->declared = 0;
    }
    for (int i = from; i < nd; i++) {
        const struct discard *d = &ss->discards[i];
        int k = tile_kind(d->tile);
        if (k < TILE_KINDS) {
            sm->kinds |= 1ull << k;
            sm->declared |= d->extra != 0;
        }
        if (d->claimed_by != SEAT_NONE)
            continue;
        if (!tally_tile(&sm->discarded, d->tile, 1))
            return false;
        tally_tile(&m->total, d->tile, 1);
        if (k < TILE_KINDS)
            m->shown[k]++;
    }
    if (sm->kinds != ss->discarded || sm->declared != ss->declared)
        return false;   /* (kept in the seat's run of bytes: checked when it changes) */
    memcpy(&sm->was, ss, SEAT_RUN(nd));
    sm->was.naside = ss->naside;
    if (ss->naside)
        memcpy(sm->was.aside, ss->aside, ss->naside);
    sm->ok = true;
    return true;
}

/* Brings the wall's part of the memo up to the state (its bounds checked). */
static bool memo_wall(struct check_memo *m, const struct wall *w)
{
    if (w->n != m->set_size || w->head < 0 || w->head > w->live_end || w->live_end > w->dead_end || w->dead_end > w->n)
        return false;
    if (m->wall_ok && m->n == w->n && w->head >= m->head && w->dead_end <= m->dead_end &&
        !memcmp(m->t + m->head, w->t + m->head, (size_t)(m->dead_end - m->head))) {
        /* the same tiles where they were counted: take off those drawn since */
        for (int i = m->head; i < w->head; i++) {
            tally_tile(&m->wall, w->t[i], -1);
            tally_tile(&m->total, w->t[i], -1);
        }
        for (int i = w->dead_end; i < m->dead_end; i++) {
            tally_tile(&m->wall, w->t[i], -1);
            tally_tile(&m->total, w->t[i], -1);
        }
    } else {
        tally_sub(&m->total, &m->wall);
        memset(&m->wall, 0, sizeof m->wall);
        for (int i = w->head; i < w->dead_end; i++)
            tally_tile(&m->wall, w->t[i], 1);
        tally_add(&m->total, &m->wall);
        memcpy(m->t + w->head, w->t + w->head, (size_t)(w->dead_end - w->head));
        m->n = w->n;
        m->wall_ok = true;
    }
    m->head = w->head;
    m->dead_end = w->dead_end;
    return true;
}

/* Brings the whole memo up to the state; false when a part is not sound. */
static bool memo_update(const struct game *g, struct check_memo *m)
{
    const struct wall_config *c = &g->rules.wall;
    if (!m->set_ok || m->absent != c->absent || m->bonus != c->bonus || memcmp(m->reds, c->reds, 3))
        memo_set(m, c);
    if (!memo_wall(m, &g->st.wall))
        return false;
    for (int s = 0; s < players(g); s++) {
        struct seat_memo *sm = &m->seats[s];
        const struct seat_state *ss = &g->st.seats[s];
        if (sm->ok && sm->was.ndiscards == ss->ndiscards && ss->ndiscards <= MAX_DISCARDS &&
            !memcmp(&sm->was, ss, SEAT_RUN(ss->ndiscards)) && sm->was.naside == ss->naside &&
            (!ss->naside || same_bytes(sm->was.aside, ss->aside, ss->naside)))
            continue;   /* the seat as it was */
        if (!memo_seat(m, sm, ss))
            return false;
    }
    return true;
}

/* 0: sound; -1: not, or not sure (the full check then says). */
static int quick_check(const struct game *g)
{
    struct check_memo *m = g->memo;
    const struct game_state *st = &g->st;
    if (!memo_update(g, m)) {
        memset(m, 0, sizeof *m);   /* half brought up to date: start again */
        return -1;
    }
    /* hand sizes: `most` for the seat in turn (or whose promoted kong may be robbed),
     * either for the seat in turn at the deal's end and for seats that won and left */
    int most = 3 * g->rules.hand_sets + 2;   /* 14, or 17 with five sets */
    unsigned must = 0, may = st->left;
    unsigned turn = st->turn < MAX_PLAYERS ? 1u << st->turn : 0;
    if (st->phase == PHASE_TURN || st->phase == PHASE_EXCHANGE || st->phase == PHASE_DECLARE)
        must |= turn;
    if (st->phase == PHASE_ROB && st->rob_type == ACT_KONG_PROMOTED && st->discarder < MAX_PLAYERS)
        must |= 1u << st->discarder;
    if (st->phase == PHASE_DEAL_END || st->phase == PHASE_MATCH_END)
        may |= turn;
    for (int s = 0; s < players(g); s++) {
        int size = m->seats[s].concealed + 3 * st->seats[s].hand.nmelds;
        if (must >> s & 1 ? size != most : size != most - 1 && !((may >> s & 1) && size == most))
            return -1;
    }
    if (memcmp(&m->total, &m->want, sizeof m->want))
        return -1;
    /* the tiles shown: the seats' melds and discards, and the dora indicators */
    uint8_t shown[40];
    memcpy(shown, m->shown, sizeof shown);
    add_dora(g, shown);
    if (!same_bytes(shown, st->shown, TILE_KINDS))
        return -1;
    int64_t total = st->deposits;
    for (int p = 0; p < players(g); p++)
        total += st->points[p];
    return total == players(g) * (int64_t)g->rules.start_points ? 0 : -1;
}

int game_check(const struct game *g, char *msg, size_t n)
{
    if (g->memo && quick_check(g) == 0)
        return 0;
    return game_check_full(g, msg, n);
}
