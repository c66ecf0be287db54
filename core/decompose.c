/* Hand analysis by table look-up. The tables are generated at build time by
 * core/gen_tables.c (build/core/tables.c); its comment says what they hold.
 *
 * A hand is cut into four parts: the three suits and the honours. Per part a table
 * gives a cost vector: the fewest tiles to add so that the part holds m sets and p pairs
 * (byte p * 8 + m of the vector). The standard-form shanten is the cheapest way to share
 * 4 - nmelds sets and one pair among the parts, minus 1: the vectors of two parts are
 * combined by a table of their min-plus convolutions, the last two here.
 * A complete suit (sets and at most one pair) is a bit in a bitmap over the same index;
 * the rank of the bit finds the suit's decompositions.
 * Seven pairs and thirteen orphans are counted directly, eight counts at a time. */
#include <string.h>
#include "decompose.h"

/* build/core/tables.c */
extern const int dc_nsuit, dc_ncomplete, dc_most_suit_decompositions, dc_nbase;
extern const uint32_t dc_offset4[625];
extern const uint16_t dc_rank5[3125];
extern const uint8_t dc_suit_vec[];
extern const uint8_t dc_honour_vec[78125];
extern const uint16_t dc_conv[];
extern const uint8_t dc_vecs[][16];
extern const uint64_t dc_agari[];
extern const uint64_t dc_dec[];
extern const uint32_t dc_dec_more[];
extern const size_t dc_table_bytes;

/* ---- eight counts at a time ---- */

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static inline uint64_t load8(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

static inline uint64_t load2(const uint8_t *p)
{
    uint64_t x = 0;
    memcpy(&x, p, 2);
    return x;
}

/* Sum of the bytes (when at most 255). */
static inline int byte_sum(uint64_t x) { return (int)((x * ONES) >> 56); }
/* 1 in each byte that is not 0, or that is 2 or more (bytes at most 7). */
static inline uint64_t nonzero_bytes(uint64_t x) { return (x | x >> 1 | x >> 2) & ONES; }
static inline uint64_t two_or_more_bytes(uint64_t x) { return (x >> 1 | x >> 2) & ONES; }
static inline bool has_byte(uint64_t x, uint64_t value)
{
    uint64_t y = x ^ (value * ONES);
    return ((y - ONES) & ~y & HIGHS) != 0;
}

static uint32_t popcount64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * ONES) >> 56);
}

/* Byte masks, loaded like the counts so that the machine's byte order does not matter:
 * the orphans in the five words of a view, and bytes 27-33 of a word loaded at 26. */
static const uint8_t orphan_bytes[40] = {
    [0] = 0xff, [8] = 0xff, [9] = 0xff, [17] = 0xff, [18] = 0xff, [26] = 0xff,
    [27] = 0xff, [28] = 0xff, [29] = 0xff, [30] = 0xff, [31] = 0xff, [32] = 0xff, [33] = 0xff,
};
static const uint8_t honour_bytes[8] = {0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

static inline uint64_t orphan_mask(int i)
{
    return i < 4 ? load8(orphan_bytes + 8 * i) : load2(orphan_bytes + 32);
}

/* The honour counts in a word (byte 26 cleared). */
static inline uint64_t honour_word(const uint8_t c[TILE_KINDS])
{
    return load8(c + 26) & load8(honour_bytes);
}

/* The counts in five words (bytes 0-7, 8-15, 16-23, 24-31, 32-33) and the tiles per part. */
struct view {
    uint64_t w[5];
    int n[4];    /* tiles in the characters, dots, bamboo, honours */
    int total;   /* tiles; -1 when a count is above 4 or the total above 14 */
};

static inline int suit_sum(const uint8_t *c) { return byte_sum(load8(c)) + c[8]; }

static inline void view_of(const uint8_t c[TILE_KINDS], struct view *v)
{
    uint64_t bad = 0;
    for (int i = 0; i < 4; i++) v->w[i] = load8(c + 8 * i);
    v->w[4] = load2(c + 32);
    for (int i = 0; i < 5; i++) bad |= v->w[i] | (v->w[i] + 0x7b7b7b7b7b7b7b7bull);   /* > 4 sets bit 7 */
    v->n[0] = suit_sum(c);
    v->n[1] = suit_sum(c + 9);
    v->n[2] = suit_sum(c + 18);
    v->n[3] = byte_sum(honour_word(c));
    int total = v->n[0] + v->n[1] + v->n[2] + v->n[3];
    v->total = (bad & HIGHS) || total > 14 ? -1 : total;
}

/* ---- table indices ---- */

/* Base-5 codes of counts 0-3 (lo) and 4-7 (hi) of eight counts. */
static inline void codes8(const uint8_t *c, unsigned *lo, unsigned *hi)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x = load8(c);
    uint64_t y = (x & 0x00ff00ff00ff00ffull) + 5 * (x >> 8 & 0x00ff00ff00ff00ffull);
    uint64_t z = (y & 0x0000ffff0000ffffull) + 25 * (y >> 16 & 0x0000ffff0000ffffull);
    *lo = (unsigned)(z & 0xffffffffu);
    *hi = (unsigned)(z >> 32);
#else
    *lo = c[0] + 5u * (c[1] + 5u * (c[2] + 5u * c[3]));
    *hi = c[4] + 5u * (c[5] + 5u * (c[6] + 5u * c[7]));
#endif
}

/* Dense index of a suit (9 counts 0-4, at most 14 tiles). */
static inline unsigned suit_index(const uint8_t *c)
{
    unsigned lo, hi;
    codes8(c, &lo, &hi);
    return dc_offset4[lo] + dc_rank5[hi + 625u * c[8]];
}

/* Base-5 code of the 7 honour counts (c points at kind 27). */
static inline unsigned honour_code(const uint8_t *c)
{
    unsigned lo = c[0] + 5u * (c[1] + 5u * (c[2] + 5u * c[3]));
    return lo + 625u * (c[4] + 5u * (c[5] + 5u * c[6]));
}

enum { BLOCK = 48 };   /* bits per word of dc_agari; the rank above them */

static inline bool suit_complete(unsigned idx)
{
    return dc_agari[idx / BLOCK] >> (idx % BLOCK) & 1;
}

/* Rank of a complete suit among the complete ones. */
static inline unsigned suit_rank(unsigned idx)
{
    uint64_t w = dc_agari[idx / BLOCK];
    return (unsigned)(w >> BLOCK) + popcount64(w & ((1ull << (idx % BLOCK)) - 1));
}

/* Honours are sets and at most one pair when no count is 1 or 4 (pairs counted apart). */
static inline bool honours_complete(uint64_t hz)
{
    return !has_byte(hz, 1) && !has_byte(hz, 4);
}

/* Tiles in a part: bit n of BAD_SIZES is set when n tiles cannot be sets and at most one
 * pair, of PAIR_SIZES when they hold the pair. */
enum { BAD_SIZES = 0x2492, PAIR_SIZES = 0x4924 };

static inline int has_pair(int n) { return PAIR_SIZES >> n & 1; }

/* ---- complete hands ---- */

/* idx (if not NULL) receives the three suits' indices when the hand is complete. */
static bool standard_complete(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds, unsigned *idx)
{
    if (nmelds < 0 || nmelds > 4 || v->total != 14 - 3 * nmelds) return false;
    int n0 = v->n[0], n1 = v->n[1], n2 = v->n[2];
    uint64_t hz = honour_word(c);
    int pairs = has_pair(n0) + has_pair(n1) + has_pair(n2) + byte_sum(hz >> 1 & ~hz & ONES);
    if (((BAD_SIZES >> n0 | BAD_SIZES >> n1 | BAD_SIZES >> n2) & 1) | !honours_complete(hz) | (pairs != 1))
        return false;
    unsigned i0 = suit_index(c), i1 = suit_index(c + 9), i2 = suit_index(c + 18);
    if (idx) { idx[0] = i0; idx[1] = i1; idx[2] = i2; }
    return suit_complete(i0) & suit_complete(i1) & suit_complete(i2);
}

static bool seven_pairs_complete(const struct view *v, int nmelds)
{
    uint64_t other = 0;   /* any bit but the 2 */
    for (int i = 0; i < 5; i++) other |= v->w[i] & 0xfdfdfdfdfdfdfdfdull;
    return nmelds == 0 && v->total == 14 && other == 0;
}

static bool thirteen_orphans_complete(const struct view *v, int nmelds)
{
    uint64_t outside = 0;
    for (int i = 0; i < 5; i++) outside |= v->w[i] & ~orphan_mask(i);
    if (nmelds != 0 || v->total != 14 || outside != 0) return false;
    int held = 0;
    for (int i = 0; i < 5; i++) held += byte_sum(nonzero_bytes(v->w[i] & orphan_mask(i)));
    return held == 13;   /* 14 orphans, every kind: one of them twice */
}

bool complete_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return standard_complete(counts, &v, nmelds, NULL);
}

bool complete_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return seven_pairs_complete(&v, nmelds);
}

bool complete_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return thirteen_orphans_complete(&v, nmelds);
}

bool complete_any(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    struct view v;
    view_of(counts, &v);
    return ((forms & FORM_SEVEN_PAIRS) && seven_pairs_complete(&v, nmelds))
        || ((forms & FORM_THIRTEEN_ORPHANS) && thirteen_orphans_complete(&v, nmelds))
        || ((forms & FORM_STANDARD) && standard_complete(counts, &v, nmelds, NULL));
}

/* ---- decompositions ---- */

/* One part's decompositions: entries packed in 24 bits (see gen_tables.c): bits 0-3 the
 * pair's rank (15: none), then per set 5 bits: the rank, and bit 4 for a pung. */
enum { NOPAIR = 15, NPARTS = 4 };

struct part {
    uint32_t first;        /* the first entry */
    const uint32_t *more;  /* the others */
    int n, nsets, base;    /* base: kind of rank 0 */
};

static inline uint32_t part_entry(const struct part *p, int i) { return i ? p->more[i - 1] : p->first; }

/* Writes the entries' sets of every part after one another (4 sets each time, to keep
 * the loop free of branches; the array has room) and the pair. */
static void put(struct decomposition *d, const struct part *parts, const uint32_t *entries, int pair_part)
{
    struct set sets[4 * NPARTS];
    int n = 0;
    for (int p = 0; p < NPARTS; p++) {
        uint32_t e = entries[p] >> 4;
        uint8_t base = (uint8_t)parts[p].base;
        for (int i = 0; i < 4; i++, e >>= 5)
            sets[n + i] = (struct set){(uint8_t)(e >> 4 & 1), (uint8_t)(base + (e & 15))};
        n += parts[p].nsets;
    }
    memcpy(d->sets, sets, sizeof d->sets);
    d->nsets = (uint8_t)n;
    d->pair = (uint8_t)(parts[pair_part].base + (int)(entries[pair_part] & 15));
}

int decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max)
{
    struct view v;
    unsigned idx[3];
    view_of(counts, &v);
    if (max <= 0 || !standard_complete(counts, &v, nmelds, idx)) return 0;
    struct part parts[NPARTS];
    int pair_part = 3;
    for (int s = 0; s < 3; s++) {
        uint64_t e = dc_dec[suit_rank(idx[s])];
        parts[s] = (struct part){(uint32_t)(e & 0xffffff), dc_dec_more + (e >> 32), (int)(e >> 24 & 7) + 1,
                                 v.n[s] / 3, 9 * s};
        if (has_pair(v.n[s])) pair_part = s;
    }
    /* Honours: a pair and pungs, packed like a suit's entry. */
    uint32_t honours = NOPAIR;
    int nhonour_sets = 0;
    if (v.n[3]) {
        for (int k = 0; k < 7; k++) {
            int c = counts[27 + k];
            honours = c == 2 ? (honours & ~15u) | (uint32_t)k : honours;
            honours |= c == 3 ? (uint32_t)(16 | k) << (4 + 5 * nhonour_sets) : 0;
            nhonour_sets += c == 3;
        }
    }
    parts[3] = (struct part){honours, NULL, 1, nhonour_sets, 27};
    uint32_t entries[NPARTS] = {parts[0].first, parts[1].first, parts[2].first, honours};
    if (parts[0].n + parts[1].n + parts[2].n == 3) {   /* the usual case: one */
        put(out, parts, entries, pair_part);
        return 1;
    }

    /* Canonical order (pair, then the sets ascending): for each pair in turn, every
     * combination of the parts' entries with that pair, parts in suit order. */
    const struct part *pp = &parts[pair_part];
    int n = 0;
    for (int g = 0; g < pp->n;) {
        int gend = g;
        while (gend < pp->n && (part_entry(pp, gend) & 15) == (part_entry(pp, g) & 15)) gend++;
        int lo[NPARTS], hi[NPARTS], at[NPARTS];
        for (int p = 0; p < NPARTS; p++) {
            lo[p] = p == pair_part ? g : 0;
            hi[p] = p == pair_part ? gend : parts[p].n;
            at[p] = lo[p];
        }
        for (;;) {
            if (n == max) return n;
            for (int p = 0; p < NPARTS; p++) entries[p] = part_entry(&parts[p], at[p]);
            put(&out[n++], parts, entries, pair_part);
            int p = NPARTS - 1;
            while (p >= 0 && ++at[p] == hi[p]) { at[p] = lo[p]; p--; }
            if (p < 0) break;
        }
        g = gend;
    }
    return n;
}

static int set_key(struct set s) { return s.kind * 2 + s.type; }

int readings(const uint8_t counts[TILE_KINDS], int nmelds, int win_kind,
             struct reading *out, int max)
{
    struct decomposition d[MAX_DECOMPOSITIONS];
    int nd = decompose(counts, nmelds, d, MAX_DECOMPOSITIONS), n = 0;
    for (int i = 0; i < nd && n < max; i++) {
        if (d[i].pair == win_kind) out[n++] = (struct reading){d[i], WAIT_SINGLE, -1};
        for (int j = 0; j < d[i].nsets && n < max; j++) {
            struct set s = d[i].sets[j];
            if (j > 0 && set_key(s) == set_key(d[i].sets[j - 1])) continue;   /* the same set again */
            int w, r = win_kind - s.kind;
            if (s.type == SET_PUNG) {
                if (r != 0) continue;
                w = WAIT_PAIR;
            } else {
                if (r < 0 || r > 2) continue;
                if (r == 1) w = WAIT_CLOSED;
                else if ((r == 0 && s.kind % 9 == 6) || (r == 2 && s.kind % 9 == 0)) w = WAIT_EDGE;
                else w = WAIT_TWO_SIDED;
            }
            out[n++] = (struct reading){d[i], (uint8_t)w, (int8_t)j};
        }
    }
    return n;
}

/* ---- shanten ---- */

static inline int min_int(int a, int b) { return a < b ? a : b; }

static int standard_shanten(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds)
{
    if (nmelds < 0 || nmelds > 4 || v->total < 0) return SHANTEN_NONE;
    unsigned nb = (unsigned)dc_nbase;
    unsigned a = dc_suit_vec[suit_index(c)], b = dc_suit_vec[suit_index(c + 9)];
    unsigned s = dc_suit_vec[suit_index(c + 18)], z = dc_honour_vec[honour_code(c + 27)];
    const uint8_t *x = dc_vecs[dc_conv[a * nb + b]], *y = dc_vecs[dc_conv[s * nb + z]];
    int nsets = 4 - nmelds, best = 255;
    for (int m = 0; m <= nsets; m++)   /* the pair with x's parts or with y's */
        best = min_int(best, min_int(x[m] + y[8 + nsets - m], x[8 + m] + y[nsets - m]));
    return best - 1;
}

/* Seven different pairs: kinds held twice or more need nothing, kinds held once one
 * tile, others two; the 7 cheapest. */
static int seven_pairs_shanten(const struct view *v, int nmelds)
{
    if (nmelds != 0 || v->total < 0) return SHANTEN_NONE;
    int pairs = 0, kinds = 0;
    for (int i = 0; i < 5; i++) {
        pairs += byte_sum(two_or_more_bytes(v->w[i]));
        kinds += byte_sum(nonzero_bytes(v->w[i]));
    }
    return (7 - min_int(pairs, 7)) + (7 - min_int(kinds, 7)) - 1;
}

/* One of each orphan and one more: the missing kinds, and one more if none is paired. */
static int thirteen_orphans_shanten(const struct view *v, int nmelds)
{
    if (nmelds != 0 || v->total < 0) return SHANTEN_NONE;
    int kinds = 0, pairs = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t x = v->w[i] & orphan_mask(i);
        kinds += byte_sum(nonzero_bytes(x));
        pairs += byte_sum(two_or_more_bytes(x));
    }
    return 13 - kinds - (pairs > 0);
}

int shanten_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return standard_shanten(counts, &v, nmelds);
}

int shanten_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return seven_pairs_shanten(&v, nmelds);
}

int shanten_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return thirteen_orphans_shanten(&v, nmelds);
}

void shanten_forms(const uint8_t counts[TILE_KINDS], int nmelds, struct shanten *out)
{
    struct view v;
    view_of(counts, &v);
    out->standard = standard_shanten(counts, &v, nmelds);
    out->seven_pairs = seven_pairs_shanten(&v, nmelds);
    out->thirteen_orphans = thirteen_orphans_shanten(&v, nmelds);
    out->all = min_int(out->standard, min_int(out->seven_pairs, out->thirteen_orphans));
}

int shanten_of(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    struct view v;
    view_of(counts, &v);
    int best = SHANTEN_NONE;
    if (forms & FORM_STANDARD) best = standard_shanten(counts, &v, nmelds);
    if (forms & FORM_SEVEN_PAIRS) best = min_int(best, seven_pairs_shanten(&v, nmelds));
    if (forms & FORM_THIRTEEN_ORPHANS) best = min_int(best, thirteen_orphans_shanten(&v, nmelds));
    return best;
}

/* ---- waits ---- */

static inline bool may_wait(const uint8_t c[TILE_KINDS], const uint8_t *held, int k)
{
    return c[k] < 4 && (!held || held[k] < 4);
}

/* Standard form: the new tile changes one part, so every other part must already be
 * sets and at most one pair; then try the kinds of the one part that is not (or of
 * every part when all are). */
static void standard_waits(uint8_t c[TILE_KINDS], const struct view *v, const uint8_t *held,
                           bool out[TILE_KINDS])
{
    bool ok[NPARTS];
    for (int s = 0; s < 3; s++) ok[s] = suit_complete(suit_index(c + 9 * s));
    ok[3] = honours_complete(honour_word(c));
    int broken = !ok[0] + !ok[1] + !ok[2] + !ok[3];
    if (broken > 1) return;
    int pairs = 0;
    for (int p = 0; p < NPARTS; p++) pairs += has_pair(v->n[p]);
    for (int p = 0; p < NPARTS; p++) {
        if (ok[p] && broken) continue;
        int size = v->n[p] + 1;
        if ((BAD_SIZES >> size & 1) || pairs - has_pair(v->n[p]) + has_pair(size) != 1) continue;
        int first = 9 * p, last = p < 3 ? first + 9 : TILE_KINDS;
        for (int k = first; k < last; k++) {
            if (!may_wait(c, held, k)) continue;
            c[k]++;
            out[k] |= p < 3 ? suit_complete(suit_index(c + first)) : honours_complete(honour_word(c));
            c[k]--;
        }
    }
}

int waits(const uint8_t counts[TILE_KINDS], int nmelds, const uint8_t held[TILE_KINDS],
          unsigned forms, bool out[TILE_KINDS])
{
    memset(out, 0, TILE_KINDS * sizeof *out);
    struct view v;
    view_of(counts, &v);
    if (nmelds < 0 || nmelds > 4 || v.total != 13 - 3 * nmelds) return 0;
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    if (forms & FORM_STANDARD) standard_waits(c, &v, held, out);
    if (nmelds == 0 && (forms & (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS))
        && min_int((forms & FORM_SEVEN_PAIRS) ? seven_pairs_shanten(&v, 0) : SHANTEN_NONE,
                   (forms & FORM_THIRTEEN_ORPHANS) ? thirteen_orphans_shanten(&v, 0) : SHANTEN_NONE) == 0) {
        for (int k = 0; k < TILE_KINDS; k++) {
            if (out[k] || !may_wait(c, held, k)) continue;
            struct view w;
            c[k]++;
            view_of(c, &w);
            out[k] = ((forms & FORM_SEVEN_PAIRS) && seven_pairs_complete(&w, 0))
                  || ((forms & FORM_THIRTEEN_ORPHANS) && thirteen_orphans_complete(&w, 0));
            c[k]--;
        }
    }
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) n += out[k];
    return n;
}

void decompose_init(void) {}

size_t decompose_table_bytes(void) { return dc_table_bytes; }
