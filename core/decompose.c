/* Hand analysis by table look-up. The tables are generated at build time by
 * core/gen_tables.c (build/core/tables.c); its comment says what they hold.
 *
 * A hand is cut into four parts: the three suits and the honours. Per part a table
 * gives a cost vector: the fewest tiles to add so that the part holds m sets and p pairs
 * (byte p * 8 + m of the vector). The standard-form shanten is the cheapest way to share
 * 4 - nmelds sets and one pair among the parts, minus 1: the vectors of two parts are
 * combined by a table of their min-plus convolutions (m with p, s with the honours), and
 * a last table gives the shanten of the two halves.
 * A complete suit (sets and at most one pair) is a bit in a bitmap over the same index;
 * the rank of the bit finds the suit's decompositions.
 * Seven pairs and thirteen orphans are counted directly, eight counts at a time. */
#include <string.h>
#include "decompose.h"

/* build/core/tables.c */
extern const int dc_nbase;
extern const uint32_t dc_offset4[625];
extern const uint16_t dc_rank5[3125];
extern const uint8_t dc_suit_vec[];
extern const uint8_t dc_honour_vec[78125];
extern const uint16_t dc_conv[];
extern const uint8_t dc_vecs[][16];
extern const int dc_nvec;
extern const uint8_t dc_halves[];
extern const uint64_t dc_agari[];
extern const uint32_t dc_dec[];
extern const int dc_nmulti;
extern const uint32_t dc_dec_multi[];
extern const uint32_t dc_dec_more[];
extern const uint8_t dc_set2[1024][4];
extern const uint32_t dc_honour_pungs[128];
extern const uint8_t dc_honour_pair[128];
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
/* Whether a byte of x equals value (the usual test for a zero byte, on x ^ value). */
static inline bool has_byte(uint64_t x, uint64_t value)
{
    uint64_t y = x ^ (value * ONES);
    return ((y - ONES) & ~y & HIGHS) != 0;
}

static inline unsigned popcount32(uint32_t x)
{
    x -= x >> 1 & 0x55555555u;
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
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

/* The counts in five words (bytes 0-7, 8-15, 16-23, 24-31, 32-33) and the tiles per part.
 * (Written out word by word: the compiler keeps them in registers then.) */
struct view {
    uint64_t w0, w1, w2, w3, w4;
    int n[4];    /* tiles in the characters, dots, bamboo, honours */
    int total;   /* tiles; -1 when a count is above 4 or the total above 17 */
};

static inline int suit_sum(const uint8_t *c) { return byte_sum(load8(c)) + c[8]; }

/* Bit 7 of a byte of the result is set when the byte is above 4. */
static inline uint64_t above4(uint64_t x) { return x | (x + 0x7b7b7b7b7b7b7b7bull); }

static inline void view_of(const uint8_t c[TILE_KINDS], struct view *v)
{
    v->w0 = load8(c);
    v->w1 = load8(c + 8);
    v->w2 = load8(c + 16);
    v->w3 = load8(c + 24);
    v->w4 = load2(c + 32);
    uint64_t bad = above4(v->w0) | above4(v->w1) | above4(v->w2) | above4(v->w3) | above4(v->w4);
    v->n[0] = suit_sum(c);
    v->n[1] = suit_sum(c + 9);
    v->n[2] = suit_sum(c + 18);
    v->n[3] = byte_sum(honour_word(c));
    int total = v->n[0] + v->n[1] + v->n[2] + v->n[3];
    v->total = (bad & HIGHS) || total > MAX_TILES ? -1 : total;
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

/* Dense index of a suit (9 counts 0-4, at most 17 tiles). */
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

static inline bool suit_complete(unsigned idx)
{
    return dc_agari[idx / 32] >> (idx % 32) & 1;
}

/* Rank of a complete suit among the complete ones: dc_agari holds 32 bits of the bitmap
 * and above them the number of bits set before. */
static inline unsigned suit_rank(unsigned idx)
{
    uint64_t w = dc_agari[idx / 32];
    return (unsigned)(w >> 32) + popcount32((uint32_t)w & ((1u << (idx % 32)) - 1));
}

/* Honour kinds held twice (counts 0-4). */
static inline int honour_pairs(uint64_t hz) { return byte_sum(hz >> 1 & ~hz & ONES); }

/* Nonzero when an honour is held once or four times (bit 0 without bit 1, or bit 2). */
static inline uint64_t odd_honours(uint64_t hz) { return (hz & ~(hz >> 1) & ONES) | (hz & 4 * ONES); }

/* Honours are sets and at most one pair: counts 0, 2 or 3, at most one 2. */
static inline bool honours_complete(uint64_t hz)
{
    return !odd_honours(hz) && honour_pairs(hz) <= 1;
}

/* Tiles in a part: bit n of BAD_SIZES is set when n tiles cannot be sets and at most one
 * pair, of PAIR_SIZES when they hold the pair. size_kind: 1 for a pair, 16 for bad. */
enum { BAD_SIZES = 0x12492, PAIR_SIZES = 0x24924 };
static const uint8_t size_kind[MAX_TILES + 1] = {0, 16, 1, 0, 16, 1, 0, 16, 1, 0, 16, 1, 0, 16, 1, 0, 16, 1};

static inline int has_pair(int n) { return PAIR_SIZES >> n & 1; }

/* ---- complete hands ---- */

/* idx (if not NULL) receives the three suits' indices when the hand is complete. */
static bool standard_complete(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds, unsigned *idx)
{
    if (nmelds < MIN_MELDS || nmelds > 4 || v->total != 14 - 3 * nmelds) return false;
    uint64_t hz = honour_word(c);
    /* one pair in all, no suit of a bad size, no honour held once or four times */
    int pairs = size_kind[v->n[0]] + size_kind[v->n[1]] + size_kind[v->n[2]] + honour_pairs(hz);
    if ((pairs != 1) | (odd_honours(hz) != 0)) return false;
    unsigned i0 = suit_index(c), i1 = suit_index(c + 9), i2 = suit_index(c + 18);
    if (idx) { idx[0] = i0; idx[1] = i1; idx[2] = i2; }
    return suit_complete(i0) & suit_complete(i1) & suit_complete(i2);
}

static inline bool seven_pairs_complete(const struct view *v, int nmelds)
{
    uint64_t other = (v->w0 | v->w1 | v->w2 | v->w3 | v->w4) & 0xfdfdfdfdfdfdfdfdull;   /* not 0 or 2 */
    return nmelds == 0 && v->total == 14 && other == 0;
}

static inline bool thirteen_orphans_complete(const struct view *v, int nmelds)
{
    uint64_t m0 = orphan_mask(0), m1 = orphan_mask(1), m2 = orphan_mask(2), m3 = orphan_mask(3),
             m4 = orphan_mask(4);
    uint64_t outside = (v->w0 & ~m0) | (v->w1 & ~m1) | (v->w2 & ~m2) | (v->w3 & ~m3) | (v->w4 & ~m4);
    if (nmelds != 0 || v->total != 14 || outside != 0) return false;
    int held = byte_sum(nonzero_bytes(v->w0) + nonzero_bytes(v->w1) + nonzero_bytes(v->w2)
                        + nonzero_bytes(v->w3) + nonzero_bytes(v->w4));
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

/* A part's decompositions are entries packed in 24 bits (see gen_tables.c): bits 0-3 the
 * pair's rank (15: none), then per set 5 bits: the rank, and bit 4 for a pung. The
 * honours have one, made here the same way. */
enum { NOPAIR = 15, NPARTS = 4 };

struct parts {
    uint32_t first[NPARTS];         /* the first entry of each part */
    const uint32_t *more[NPARTS];   /* the others (suits with several) */
    int n[NPARTS];                  /* entries */
    int nsets[NPARTS];
    int pair_part;
};

/* The second and later decompositions of a complete suit of that rank. */
static const uint32_t *more_decompositions(unsigned rank)
{
    int lo = 0, hi = dc_nmulti - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (dc_dec_multi[mid] >> 16 < rank) lo = mid + 1;
        else hi = mid;
    }
    return dc_dec_more + (dc_dec_multi[lo] & 0xffff);
}

static inline uint32_t part_entry(const struct parts *ps, int p, int i)
{
    return i ? ps->more[p][i - 1] : ps->first[p];
}

/* Bit k set for each honour k (0-6) whose byte in hz (see honour_word) is 1. */
static inline unsigned honour_mask(uint64_t ones)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (unsigned)((ones * 0x0102040810204080ull) >> 57);   /* gathers bit 0 of each byte */
#else
    unsigned m = 0;
    uint8_t b[8];
    memcpy(b, &ones, 8);
    for (int k = 0; k < 7; k++) m |= (unsigned)b[k + 1] << k;
    return m;
#endif
}

/* Adds base to the kinds of two struct sets in a uint32 (mask: 1 in the kind bytes). */
static const uint8_t kind_bytes[4] = {0, 1, 0, 1};

/* Writes one decomposition: the entries' sets of every part after one another (4 sets
 * each time, two by two from dc_set2, without branches; a fifth for a part of five
 * sets; the buffer has room). */
static void put(struct decomposition *d, const struct parts *ps, const uint32_t entries[NPARTS])
{
    _Static_assert(sizeof(struct set) == 2, "struct set is {type, kind}");
    uint8_t sets[2 * 4 * NPARTS + 4];
    uint32_t kinds;
    memcpy(&kinds, kind_bytes, 4);
    int n = 0;
    for (int p = 0; p < NPARTS; p++) {
        uint32_t e = entries[p] >> 4, lo, hi, add = kinds * (uint32_t)(9 * p);
        memcpy(&lo, dc_set2[e & 1023], 4);
        memcpy(&hi, dc_set2[e >> 10 & 1023], 4);
        lo += add;
        hi += add;
        memcpy(sets + 2 * n, &lo, 4);
        memcpy(sets + 2 * n + 4, &hi, 4);
        if (ps->nsets[p] > 4) {
            memcpy(&lo, dc_set2[e >> 20 & 1023], 4);
            lo += add;
            memcpy(sets + 2 * n + 8, &lo, 4);
        }
        n += ps->nsets[p];
    }
    memcpy(d->sets, sets, sizeof d->sets);
    d->nsets = (uint8_t)n;
    d->pair = (uint8_t)(9 * ps->pair_part + (int)(entries[ps->pair_part] & 15));
}

int decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max)
{
    struct view v;
    unsigned idx[3];
    view_of(counts, &v);
    if (max <= 0 || !standard_complete(counts, &v, nmelds, idx)) return 0;
    struct parts ps;
    int several = 0;
    for (int s = 0; s < 3; s++) {
        uint32_t e = dc_dec[suit_rank(idx[s])];
        ps.first[s] = e & 0x1fffffff;
        ps.n[s] = (int)(e >> 29) + 1;
        ps.nsets[s] = v.n[s] / 3;
        several |= (int)(e >> 29);
    }
    /* Honours: counts 0, 2 or 3 here; the pair and the pungs from masks of the kinds. */
    uint64_t hz = honour_word(counts);
    unsigned pungs = honour_mask(hz & hz >> 1 & ONES), pair = honour_mask(hz >> 1 & ~hz & ONES);
    ps.first[3] = dc_honour_pungs[pungs] | dc_honour_pair[pair];
    ps.n[3] = 1;
    ps.nsets[3] = v.n[3] / 3;
    ps.pair_part = has_pair(v.n[1]) + 2 * has_pair(v.n[2]) + 3 * has_pair(v.n[3]);   /* exactly one */
    if (!several) {   /* the usual case: one */
        put(out, &ps, ps.first);
        return 1;
    }

    /* Canonical order (pair, then the sets ascending): for each pair in turn, every
     * combination of the parts' entries with that pair, parts in suit order. */
    for (int s = 0; s < 3; s++)
        if (ps.n[s] > 1) ps.more[s] = more_decompositions(suit_rank(idx[s]));
    int pp = ps.pair_part, n = 0;
    for (int g = 0; g < ps.n[pp];) {
        int gend = g;
        while (gend < ps.n[pp] && (part_entry(&ps, pp, gend) & 15) == (part_entry(&ps, pp, g) & 15)) gend++;
        int lo[NPARTS], hi[NPARTS], at[NPARTS];
        for (int p = 0; p < NPARTS; p++) {
            lo[p] = p == pp ? g : 0;
            hi[p] = p == pp ? gend : ps.n[p];
            at[p] = lo[p];
        }
        for (;;) {
            if (n == max) return n;
            uint32_t entries[NPARTS];
            for (int p = 0; p < NPARTS; p++) entries[p] = part_entry(&ps, p, at[p]);
            put(&out[n++], &ps, entries);
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

/* The standard shanten of a hand whose two halves (m with p, s with the honours) have
 * the vectors x and y (ids in dc_vecs): the cheapest way to share nsets sets (0-5) and
 * the pair between them, minus 1. By the table; counted when 15 or more. */
static inline int halves_shanten(unsigned x, unsigned y, int nsets)
{
    size_t i = ((size_t)nsets * (unsigned)dc_nvec + x) * (unsigned)dc_nvec + y;
    int best = dc_halves[i / 2] >> (i % 2 * 4) & 15;
    if (best == 15) {
        const uint8_t *a = dc_vecs[x], *b = dc_vecs[y];
        best = 255;
        for (int m = 0; m <= nsets; m++)   /* the pair with x's parts or with y's */
            best = min_int(best, min_int(a[m] + b[8 + nsets - m], a[8 + m] + b[nsets - m]));
    }
    return best - 1;
}

static int standard_shanten(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds)
{
    if (nmelds < MIN_MELDS || nmelds > 4 || v->total < 0 || v->total > 14 - 3 * nmelds) return SHANTEN_NONE;
    unsigned nb = (unsigned)dc_nbase;
    unsigned a = dc_suit_vec[suit_index(c)], b = dc_suit_vec[suit_index(c + 9)];
    unsigned s = dc_suit_vec[suit_index(c + 18)], z = dc_honour_vec[honour_code(c + 27)];
    return halves_shanten(dc_conv[a * nb + b], dc_conv[s * nb + z], 4 - nmelds);
}

/* ---- shanten in a tile set with absent suit kinds ---- */

enum { VEC_SETS = 5, NO_COST = 255 };

static inline unsigned suit_absent(unsigned forms, int s)
{
    return forms >> (FORM_ABSENT_SHIFT + 9 * s) & 0x1ff;
}

/* The cost vector (byte p * 8 + m: the fewest tiles to add for m sets and p pairs) of
 * the suit at c whose absent kinds are the bits of absent: no chow through an absent
 * kind, no tile added of one (held ones are left over). By kinds in order; the state is
 * the sets and pair so far and the chows begun one and two kinds before. */
static void exact_suit_vec(const uint8_t *c, unsigned absent, uint8_t out[16])
{
    uint8_t dp[VEC_SETS + 1][2][5][5], next[VEC_SETS + 1][2][5][5];
    memset(dp, NO_COST, sizeof dp);
    dp[0][0][0][0] = 0;
    for (int k = 0; k < 9; k++) {
        memset(next, NO_COST, sizeof next);
        bool gone = absent >> k & 1;
        int max_chows = k + 2 < 9 && !(absent >> (k + 1) & 1) && !(absent >> (k + 2) & 1) ? 4 : 0;
        for (int m = 0; m <= VEC_SETS; m++)
            for (int p = 0; p < 2; p++)
                for (int a = 0; a < 5; a++)
                    for (int b = 0; b < 5; b++) {
                        int cost = dp[m][p][a][b];
                        if (cost == NO_COST) continue;
                        for (int r = 0; r <= max_chows; r++)
                            for (int q = 0; q < 2; q++)
                                for (int t = 0; t < 2 - p; t++) {
                                    int used = a + b + r + 3 * q + 2 * t, m2 = m + r + q;
                                    if (used > 4 || (gone && used) || m2 > VEC_SETS) continue;
                                    int add = cost + (used > c[k] ? used - c[k] : 0);
                                    uint8_t *to = &next[m2][p + t][r][a];
                                    if (add < *to) *to = (uint8_t)add;
                                }
                    }
        memcpy(dp, next, sizeof dp);
    }
    memset(out, NO_COST, 16);
    for (int m = 0; m <= VEC_SETS; m++)
        for (int p = 0; p < 2; p++)
            out[p * 8 + m] = dp[m][p][0][0];
}

/* The id of suit s's cost vector in dc_vecs: the table's, or with absent kinds, the
 * present kinds as honours when no two are within a chow's reach; -1 otherwise (then
 * exact_suit_vec). */
static int suit_vec_id(const uint8_t c[TILE_KINDS], int s, unsigned forms)
{
    const uint8_t *x = c + 9 * s;
    unsigned absent = suit_absent(forms, s), present = ~absent & 0x1ff;
    if (!absent) return dc_suit_vec[suit_index(x)];
    if ((present & present >> 1) || (present & present >> 2)) return -1;
    uint8_t h[7] = {0};   /* at most 3 such kinds */
    int n = 0;
    for (int k = 0; k < 9; k++)
        if (present >> k & 1) h[n++] = x[k];
    return dc_honour_vec[honour_code(h)];
}

/* Min-plus convolution of two cost vectors (sets up to VEC_SETS). */
static void vec_combine(const uint8_t a[16], const uint8_t b[16], uint8_t out[16])
{
    uint8_t r[16];
    memset(r, NO_COST, 16);
    for (int p = 0; p < 2; p++)
        for (int m = 0; m <= VEC_SETS; m++)
            for (int p1 = 0; p1 <= p; p1++)
                for (int m1 = 0; m1 <= m; m1++) {
                    int v = a[p1 * 8 + m1] + b[(p - p1) * 8 + m - m1];
                    if (v < r[p * 8 + m]) r[p * 8 + m] = (uint8_t)v;
                }
    memcpy(out, r, 16);
}

static int tileset_shanten(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds, unsigned forms)
{
    if (nmelds < MIN_MELDS || nmelds > 4 || v->total < 0 || v->total > 14 - 3 * nmelds) return SHANTEN_NONE;
    int id[3] = {suit_vec_id(c, 0, forms), suit_vec_id(c, 1, forms), suit_vec_id(c, 2, forms)};
    unsigned nb = (unsigned)dc_nbase, z = dc_honour_vec[honour_code(c + 27)];
    int nsets = 4 - nmelds;
    if (id[0] >= 0 && id[1] >= 0 && id[2] >= 0)   /* by the tables, as standard_shanten */
        return halves_shanten(dc_conv[(unsigned)id[0] * nb + (unsigned)id[1]], dc_conv[(unsigned)id[2] * nb + z], nsets);
    uint8_t all[16], x[16];
    memcpy(all, dc_vecs[z], 16);
    for (int s = 0; s < 3; s++) {
        if (id[s] >= 0) memcpy(x, dc_vecs[id[s]], 16);
        else exact_suit_vec(c + 9 * s, suit_absent(forms, s), x);
        vec_combine(all, x, all);
    }
    return all[8 + nsets] - 1;
}

/* The standard shanten in the forms' tile set. */
static inline int standard_shanten_in(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds,
                                      unsigned forms)
{
    return forms >> FORM_ABSENT_SHIFT ? tileset_shanten(c, v, nmelds, forms) : standard_shanten(c, v, nmelds);
}

/* Seven different pairs: kinds held twice or more need nothing, kinds held once one
 * tile, others two; the 7 cheapest. */
static inline int seven_pairs_shanten(const struct view *v, int nmelds)
{
    if (nmelds != 0 || v->total < 0) return SHANTEN_NONE;
    int pairs = byte_sum(two_or_more_bytes(v->w0) + two_or_more_bytes(v->w1) + two_or_more_bytes(v->w2)
                         + two_or_more_bytes(v->w3) + two_or_more_bytes(v->w4));
    int kinds = byte_sum(nonzero_bytes(v->w0) + nonzero_bytes(v->w1) + nonzero_bytes(v->w2)
                         + nonzero_bytes(v->w3) + nonzero_bytes(v->w4));
    return (7 - min_int(pairs, 7)) + (7 - min_int(kinds, 7)) - 1;
}

/* One of each orphan and one more: the missing kinds, and one more if none is paired. */
static inline int thirteen_orphans_shanten(const struct view *v, int nmelds)
{
    if (nmelds != 0 || v->total < 0) return SHANTEN_NONE;
    uint64_t x0 = v->w0 & orphan_mask(0), x1 = v->w1 & orphan_mask(1), x2 = v->w2 & orphan_mask(2),
             x3 = v->w3 & orphan_mask(3), x4 = v->w4 & orphan_mask(4);
    int kinds = byte_sum(nonzero_bytes(x0) + nonzero_bytes(x1) + nonzero_bytes(x2) + nonzero_bytes(x3)
                         + nonzero_bytes(x4));
    bool pair = (two_or_more_bytes(x0) | two_or_more_bytes(x1) | two_or_more_bytes(x2)
                 | two_or_more_bytes(x3) | two_or_more_bytes(x4)) != 0;
    return 13 - kinds - pair;
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

void shanten_forms(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms, struct shanten *out)
{
    struct view v;
    view_of(counts, &v);
    out->standard = standard_shanten_in(counts, &v, nmelds, forms);
    out->seven_pairs = seven_pairs_shanten(&v, nmelds);
    out->thirteen_orphans = thirteen_orphans_shanten(&v, nmelds);
    out->all = min_int(out->standard, min_int(out->seven_pairs, out->thirteen_orphans));
}

int shanten_of(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    struct view v;
    view_of(counts, &v);
    int best = SHANTEN_NONE;
    if (forms & FORM_STANDARD) best = standard_shanten_in(counts, &v, nmelds, forms);
    if (forms & FORM_SEVEN_PAIRS) best = min_int(best, seven_pairs_shanten(&v, nmelds));
    if (forms & FORM_THIRTEEN_ORPHANS) best = min_int(best, thirteen_orphans_shanten(&v, nmelds));
    return best;
}

/* ---- shanten after a one-tile change ---- */

/* shanten_each in a tile set whose present suit kinds are never within a chow's reach
 * (sanma's characters: the table ids of suit_vec_id), for a hand in range: kind by kind as
 * shanten_of, but the standard shanten from the one part the kind changes, the other
 * parts' ids made once; *lowest the least of out. False (nothing written) for any other
 * tile set or hand. */
static bool tileset_each(const uint8_t counts[TILE_KINDS], const struct view *v, int nmelds, unsigned forms,
                         int delta, int8_t out[TILE_KINDS], int *lowest)
{
    if (v->total < 0 || nmelds < MIN_MELDS || nmelds > 4 || v->total + delta > MAX_TILES)
        return false;
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    unsigned id[4];
    for (int s = 0; s < 3; s++) {
        int x = suit_vec_id(c, s, forms);
        if (x < 0)
            return false;
        id[s] = (unsigned)x;
    }
    id[3] = dc_honour_vec[honour_code(c + 27)];
    unsigned nb = (unsigned)dc_nbase, half0 = dc_conv[id[0] * nb + id[1]], half1 = dc_conv[id[2] * nb + id[3]];
    int nsets = 4 - nmelds;
    *lowest = SHANTEN_NONE;
    /* the words and total of the view after each change, as view_of would make them: one
     * byte of one word and the total change by delta (in range: the checks above and the
     * count tested below; the part totals n are not read) */
    struct view w = *v;
    uint64_t *word[5] = { &w.w0, &w.w1, &w.w2, &w.w3, &w.w4 };
    w.total = v->total + delta;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (delta > 0 ? c[k] >= 4 : c[k] == 0) {
            out[k] = SHANTEN_NONE;
            continue;
        }
        c[k] = (uint8_t)(c[k] + delta);
        uint64_t step = (uint64_t)1 << (8 * (k % 8));
        *word[k / 8] += delta > 0 ? step : -step;
        int best = SHANTEN_NONE;
        if ((forms & FORM_STANDARD) && w.total >= 0 && w.total <= 14 - 3 * nmelds) {
            int part = k / 9;
            unsigned x[4] = { id[0], id[1], id[2], id[3] };
            x[part] = part < 3 ? (unsigned)suit_vec_id(c, part, forms) : dc_honour_vec[honour_code(c + 27)];
            unsigned h0 = part < 2 ? dc_conv[x[0] * nb + x[1]] : half0, h1 = part < 2 ? half1 : dc_conv[x[2] * nb + x[3]];
            best = halves_shanten(h0, h1, nsets);
        }
        if (forms & FORM_SEVEN_PAIRS) best = min_int(best, seven_pairs_shanten(&w, nmelds));
        if (forms & FORM_THIRTEEN_ORPHANS) best = min_int(best, thirteen_orphans_shanten(&w, nmelds));
        out[k] = (int8_t)best;
        *lowest = min_int(*lowest, best);
        c[k] = (uint8_t)(c[k] - delta);
        *word[k / 8] -= delta > 0 ? step : -step;
    }
    return true;
}

#define ALL_KINDS ((1ull << TILE_KINDS) - 1)

/* Bits set in x, eight bits at a time. */
static inline int popcount64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return byte_sum(x);
}

/* What seven pairs and thirteen orphans count, from the kinds held (bits of held) and held
 * twice or more (pairs): kinds held, kinds held twice or more, and the same of the
 * orphans (terminals and honours). */
struct irregular_tally {
    int kinds, pairs, orphans, orphan_pairs;
};

/* The terminals and honours (bit k: kind k), as orphan_kind. */
#define ORPHAN_KINDS 0x3fc060301ull

static inline struct irregular_tally irregular_tally(uint64_t held, uint64_t pairs)
{
    return (struct irregular_tally){
        .kinds = popcount64(held), .pairs = popcount64(pairs),
        .orphans = popcount64(held & ORPHAN_KINDS), .orphan_pairs = popcount64(pairs & ORPHAN_KINDS),
    };
}

/* The kinds held (bits of held) or within two ranks of one held in its suit. */
static inline uint64_t near_mask(uint64_t held)
{
    uint64_t near = held & (0x7full << 27);
    for (int s = 0; s < 3; s++) {
        uint64_t h = held >> (9 * s) & 0x1ff;
        near |= ((h | h << 1 | h << 2 | h >> 1 | h >> 2) & 0x1ff) << (9 * s);
    }
    return near;
}

/* Kinds that are terminals or honours (thirteen orphans). */
static const bool orphan_kind[TILE_KINDS] = {
    [0] = 1, [8] = 1, [9] = 1, [17] = 1, [18] = 1, [26] = 1,
    [27] = 1, [28] = 1, [29] = 1, [30] = 1, [31] = 1, [32] = 1, [33] = 1,
};

/* Powers of 5: the change of a base-5 code when one count goes up by one; of a suit's
 * two codes (ranks 1-4 and 5-9), by rank (rank_step: of the one that changes). */
static const unsigned pow5[8] = {1, 5, 25, 125, 625, 3125, 15625, 78125};
static const unsigned low_step[9] = {1, 5, 25, 125, 0, 0, 0, 0, 0};
static const unsigned high_step[9] = {0, 0, 0, 0, 1, 5, 25, 125, 625};
static const unsigned rank_step[9] = {1, 5, 25, 125, 1, 5, 25, 125, 625};

/* The id of a suit's vector (dc_suit_vec) when the count of rank r goes up by one (step
 * 1) or down (step -1 as unsigned), from the suit's codes lo and hi and their parts of the
 * index now (off = dc_offset4[lo], rank = dc_rank5[hi]). */
static inline unsigned suit_vec_after(unsigned lo, unsigned hi, unsigned off, unsigned rank, unsigned step, int r)
{
    return dc_suit_vec[r < 4 ? dc_offset4[lo + step * rank_step[r]] + rank : off + dc_rank5[hi + step * rank_step[r]]];
}

/* What shanten_each's standard part needs of the hand, for each_in_part. */
struct each_parts {
    const uint8_t *c;
    unsigned delta;       /* 1 or -1 (as unsigned: codes go up or down by its multiples) */
    int nsets;
    unsigned honours;     /* honour_code of the honours */
    unsigned half[2];     /* dc_conv ids of the halves (m with p, s with the honours) */
    unsigned lo[3], hi[3];   /* the suits' codes of ranks 1-4 and 5-9 */
    unsigned id[NPARTS];  /* the parts' vector ids */
    size_t at;            /* dc_halves index of nsets's table */
};

/* The standard shanten after the change of each kind of part p in look: the part's new
 * vector, its pair's with its partner's (dc_conv[a * nb + b], the new one a when p is
 * even), the shanten of the two halves. Returns the highest written or worst; *lowest:
 * the lowest written or *lowest. */
static inline __attribute__((always_inline)) int each_in_part(const struct each_parts *e, int p, uint64_t look, int8_t out[TILE_KINDS], int worst,
                                                              int *lowest)
{
    unsigned bits = (unsigned)(look >> (9 * p)) & (p < 3 ? 0x1ffu : 0x7fu);
    if (!bits)
        return worst;
    unsigned nb = (unsigned)dc_nbase, nvec = (unsigned)dc_nvec;
    const uint16_t *row = p & 1 ? dc_conv + e->id[p - 1] * nb : dc_conv + e->id[p + 1];
    unsigned step = p & 1 ? 1 : nb;
    size_t base = p < 2 ? e->at + e->half[1] : e->at + (size_t)e->half[0] * nvec;
    size_t mul = p < 2 ? nvec : 1;
    unsigned off = p < 3 ? dc_offset4[e->lo[p]] : 0, rank = p < 3 ? dc_rank5[e->hi[p]] : 0;
    for (; bits; bits &= bits - 1) {
        int r = __builtin_ctz(bits);
        unsigned nid;
        if (p == 3)
            nid = dc_honour_vec[e->honours + e->delta * pow5[r]];
        else
            nid = suit_vec_after(e->lo[p], e->hi[p], off, rank, e->delta, r);
        unsigned changed = row[nid * step];
        size_t i = base + mul * changed;
        int best = dc_halves[i / 2] >> (i % 2 * 4) & 15;
        best = best < 15 ? best - 1 : p < 2 ? halves_shanten(changed, e->half[1], e->nsets)
                                            : halves_shanten(e->half[0], changed, e->nsets);
        out[9 * p + r] = (int8_t)best;
        if (best > worst)
            worst = best;
        if ((int8_t)best < *lowest)
            *lowest = (int8_t)best;
    }
    return worst;
}

int shanten_each(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms, int delta, int8_t out[TILE_KINDS])
{
    struct view v;
    view_of(counts, &v);
    int total = v.total + delta;
    int lowest_set;
    if (forms >> FORM_ABSENT_SHIFT && tileset_each(counts, &v, nmelds, forms, delta, out, &lowest_set))
        return lowest_set;
    if (forms >> FORM_ABSENT_SHIFT || v.total < 0 || nmelds < MIN_MELDS || nmelds > 4 || total > MAX_TILES) {
        /* a tile set with absent kinds, or a hand out of range: kind by kind */
        uint8_t c[TILE_KINDS];
        memcpy(c, counts, sizeof c);
        int lowest = SHANTEN_NONE;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (delta > 0 ? c[k] >= 4 : c[k] == 0) {
                out[k] = SHANTEN_NONE;
                continue;
            }
            c[k] = (uint8_t)(c[k] + delta);
            out[k] = (int8_t)shanten_of(c, nmelds, forms);
            c[k] = (uint8_t)(c[k] - delta);
            lowest = min_int(lowest, out[k]);
        }
        return lowest;
    }
    const uint8_t *c = counts;
    int nsets = 4 - nmelds;
    bool standard = (forms & FORM_STANDARD) && total <= 14 - 3 * nmelds;
    /* the kinds to look at: those held (delta -1) or held fewer than four times (+1) */
    uint64_t held = counts_above(c, 0), fours = counts_above(c, 3);
    uint64_t asked = delta > 0 ? ~fours & ALL_KINDS : held;
    memset(out, SHANTEN_NONE, TILE_KINDS);
    int worst = standard ? -1 : SHANTEN_NONE;   /* the highest standard shanten written */
    int lowest = SHANTEN_NONE;                  /* the lowest of out[] in asked */
    /* Standard: the changed part's new vector is combined with its partner's (the
     * table's halves: m with p, s with the honours) and set against the other half. Its
     * index follows from the part's codes without writing the counts. A kind that can
     * join nothing held leaves the shanten of a 3n + 1 hand without three of a kind as
     * it is (a group with it is all added tiles; a held tile the best completion leaves
     * over, which there is, makes a group of the same shape for fewer tiles, within
     * four of a kind). */
    if (standard) {
        unsigned nb = (unsigned)dc_nbase, id[NPARTS], lo[3], hi[3];
        for (int s = 0; s < 3; s++) {
            codes8(c + 9 * s, &lo[s], &hi[s]);
            hi[s] += 625u * c[9 * s + 8];
            id[s] = dc_suit_vec[dc_offset4[lo[s]] + dc_rank5[hi[s]]];
        }
        unsigned honours = honour_code(c + 27);
        id[3] = dc_honour_vec[honours];
        unsigned half0 = dc_conv[id[0] * nb + id[1]], half1 = dc_conv[id[2] * nb + id[3]];
        uint64_t look = asked;
        if (delta > 0 && total == 14 - 3 * nmelds && !counts_above(c, 2)) {
            uint64_t isolated = asked & ~near_mask(held);
            int same = halves_shanten(half0, half1, nsets);
            for (uint64_t b = isolated; b; b &= b - 1)
                out[__builtin_ctzll(b)] = (int8_t)same;
            if (isolated)
                worst = same, lowest = (int8_t)same;
            look &= ~isolated;
        }
        struct each_parts e = {
            .c = c, .delta = (unsigned)delta, .nsets = nsets, .honours = honours, .half = { half0, half1 },
            .lo = { lo[0], lo[1], lo[2] }, .hi = { hi[0], hi[1], hi[2] },
            .id = { id[0], id[1], id[2], id[3] }, .at = (size_t)nsets * dc_nvec * dc_nvec,
        };
        worst = each_in_part(&e, 0, look, out, worst, &lowest);
        worst = each_in_part(&e, 1, look, out, worst, &lowest);
        worst = each_in_part(&e, 2, look, out, worst, &lowest);
        worst = each_in_part(&e, 3, look, out, worst, &lowest);
    }
    /* seven pairs and thirteen orphans: the shanten by the count the kind goes from and
     * whether it is an orphan (irregular[was][orphan]) */
    if (nmelds == 0 && (forms & (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS))) {
        struct irregular_tally t = irregular_tally(held, counts_above(c, 1));
        int kinds = t.kinds, pairs = t.pairs, orphans = t.orphans, orphan_pairs = t.orphan_pairs;
        /* one more tile lowers these shanten by one at most, one fewer never: nothing to
         * do when they cannot go below the highest standard one */
        int sp_now = (7 - min_int(pairs, 7)) + (7 - min_int(kinds, 7)) - 1, to_now = 13 - orphans - (orphan_pairs > 0);
        if (min_int(forms & FORM_SEVEN_PAIRS ? sp_now : SHANTEN_NONE,
                    forms & FORM_THIRTEEN_ORPHANS ? to_now : SHANTEN_NONE) - (delta > 0) >= worst)
            return lowest;
        /* what a kind going from `was` copies adds to the kinds held and to the pairs */
        int8_t irregular[5][2];
        for (int was = 0; was <= 4; was++) {
            int now = was + delta;
            int dk = (now > 0) - (was > 0), dp = (now >= 2) - (was >= 2);
            int sp = forms & FORM_SEVEN_PAIRS ? (7 - min_int(pairs + dp, 7)) + (7 - min_int(kinds + dk, 7)) - 1
                                              : SHANTEN_NONE;
            int other = SHANTEN_NONE, orphan = SHANTEN_NONE;
            if (forms & FORM_THIRTEEN_ORPHANS) {
                other = 13 - orphans - (orphan_pairs > 0);
                orphan = 13 - (orphans + dk) - (orphan_pairs + dp > 0);
            }
            irregular[was][0] = (int8_t)min_int(sp, other);
            irregular[was][1] = (int8_t)min_int(sp, orphan);
        }
        for (uint64_t b = asked; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            int x = irregular[c[k]][orphan_kind[k]];
            if (x < out[k])
                out[k] = (int8_t)x;
            if (x < lowest)
                lowest = x;
        }
    }
    return lowest;
}

/* ---- kinds that lower the shanten ---- */

/* The (m, q) bytes (q * 8 + m) of parts a and b whose sum makes their pair's vector x at
 * some byte in want (bits q * 8 + m): the ways the pair's best shares split. */
static void split_bytes(const uint8_t *a, const uint8_t *b, const uint8_t *x, unsigned want, unsigned *in_a,
                        unsigned *in_b)
{
    for (; want; want &= want - 1) {
        int i = __builtin_ctz(want), q = i / 8, m = i % 8;
        for (int qa = 0; qa <= q; qa++)
            for (int ma = 0; ma <= m; ma++)
                if (a[qa * 8 + ma] + b[(q - qa) * 8 + m - ma] == x[i]) {
                    *in_a |= 1u << (qa * 8 + ma);
                    *in_b |= 1u << ((q - qa) * 8 + m - ma);
                }
    }
}

/* 0xff in the bytes of a 16-byte vector whose bits are set in bits. */
static void byte_mask(unsigned bits, uint64_t w[2])
{
    uint8_t b[16] = {0};
    for (; bits; bits &= bits - 1)
        b[__builtin_ctz(bits)] = 0xff;
    w[0] = load8(b);
    w[1] = load8(b + 8);
}

/* What standard_lowering knows of the hand's parts. */
struct lowering_parts {
    unsigned honours;        /* honour_code of the honours */
    unsigned lo[3], hi[3];   /* the suits' codes of ranks 1-4 and 5-9 */
    unsigned id[NPARTS];     /* the parts' vector ids */
    unsigned in[NPARTS];     /* the parts' (m, q) bytes in a cheapest way */
};

/* Answers of standard_lowering's two steps remembered per thread, direct-mapped by a
 * hash of what they are a function of (the key; 0: empty): the hands a player weighs
 * share most of their parts and halves. */
enum { SPLIT_MEMO = 1024, PART_MEMO = 2048 };
static _Thread_local uint64_t split_memo[SPLIT_MEMO];   /* key << 32 | in_a << 16 | in_b */
static _Thread_local uint64_t part_memo[PART_MEMO];     /* key << 9 | the ranks that lower */

static inline unsigned memo_slot(uint64_t key, int bits)
{
    return (unsigned)((key * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

/* split_bytes for the parts of vector ids a and b (their pair's vector is dc_conv's). */
static void split_ids(unsigned a, unsigned b, unsigned want, unsigned *in_a, unsigned *in_b)
{
    if (!want)
        return;
    uint64_t key = (uint64_t)a << 24 | b << 16 | want;   /* ids below 256 */
    uint64_t *m = &split_memo[memo_slot(key, 10)];
    if (*m >> 32 != key) {
        unsigned x = 0, y = 0;
        split_bytes(dc_vecs[a], dc_vecs[b], dc_vecs[dc_conv[a * (unsigned)dc_nbase + b]], want, &x, &y);
        *m = key << 32 | x << 16 | y;
    }
    *in_a |= (unsigned)(*m >> 16) & 0xffff;
    *in_b |= (unsigned)*m & 0xffff;
}

/* The kinds of room in part p whose tile lowers the part's cost at one of its bytes in. */
static inline __attribute__((always_inline)) uint64_t lowering_in_part(const struct lowering_parts *e, int p,
                                                                       uint64_t room)
{
    unsigned bits = (unsigned)(room >> (9 * p)) & (p < 3 ? 0x1ffu : 0x7fu);
    if (!bits || !e->in[p])
        return 0;
    /* a function of the part's counts (a suit's or the honours'), in and bits */
    uint64_t code = p == 3 ? 1u << 21 | e->honours : e->lo[p] + 625u * e->hi[p];
    uint64_t key = code | (uint64_t)e->in[p] << 22 | (uint64_t)bits << 38;
    uint64_t *m = &part_memo[memo_slot(key, 11)];
    if (*m >> 9 == key)
        return (*m & 0x1ff) << (9 * p);
    uint64_t want[2];
    byte_mask(e->in[p], want);
    const uint8_t *now = dc_vecs[e->id[p]];
    uint64_t now0 = load8(now) & want[0], now1 = load8(now + 8) & want[1], out = 0;
    if (now0 | now1) {   /* else no cost at those bytes: nothing lowers it */
        for (; bits; bits &= bits - 1) {
            int r = __builtin_ctz(bits);
            unsigned nid = p == 3 ? dc_honour_vec[e->honours + pow5[r]]
                                  : dc_suit_vec[dc_offset4[e->lo[p] + low_step[r]] + dc_rank5[e->hi[p] + high_step[r]]];
            const uint8_t *after = dc_vecs[nid];
            if ((load8(after) & want[0]) != now0 || (load8(after + 8) & want[1]) != now1)
                out |= 1ull << r;
        }
    }
    *m = key << 9 | out;
    return out << (9 * p);
}

/* Standard form, a hand of at most 13 - 3 * nmelds tiles: the kinds of room whose tile
 * lowers the shanten. The shanten + 1 is the cheapest way to share the sets and the pair
 * among the four parts; a tile lowers one part's costs by one at most and leaves the
 * others', so it lowers the shanten exactly when it lowers its part's cost at some (m, q)
 * that part takes in some cheapest way. */
static void lowering_parts_of(const uint8_t c[TILE_KINDS], struct lowering_parts *e, unsigned half[2])
{
    unsigned nb = (unsigned)dc_nbase;
    for (int s = 0; s < 3; s++) {
        codes8(c + 9 * s, &e->lo[s], &e->hi[s]);
        e->hi[s] += 625u * c[9 * s + 8];
        e->id[s] = dc_suit_vec[dc_offset4[e->lo[s]] + dc_rank5[e->hi[s]]];
    }
    e->honours = honour_code(c + 27);
    e->id[3] = dc_honour_vec[e->honours];
    half[0] = dc_conv[e->id[0] * nb + e->id[1]];
    half[1] = dc_conv[e->id[2] * nb + e->id[3]];
}

/* The parts e (but for e->in) and halves of a hand by lowering_parts_of. */
static uint64_t standard_lowering(struct lowering_parts *e, const unsigned half[2], int nmelds, uint64_t room)
{
    const uint8_t *x = dc_vecs[half[0]], *y = dc_vecs[half[1]];
    int nsets = 4 - nmelds, best = 255;
    unsigned in_x = 0, in_y = 0;   /* the halves' (m, q) in a cheapest way */
    for (int m = 0; m <= nsets; m++)
        for (int q = 0; q < 2; q++) {
            int cost = x[q * 8 + m] + y[(1 - q) * 8 + nsets - m];
            unsigned bx = 1u << (q * 8 + m), by = 1u << ((1 - q) * 8 + nsets - m);
            if (cost < best) {
                best = cost;
                in_x = bx;
                in_y = by;
            } else if (cost == best) {
                in_x |= bx;
                in_y |= by;
            }
        }
    for (int p = 0; p < NPARTS; p++)
        e->in[p] = 0;
    split_ids(e->id[0], e->id[1], in_x, &e->in[0], &e->in[1]);
    split_ids(e->id[2], e->id[3], in_y, &e->in[2], &e->in[3]);
    return lowering_in_part(e, 0, room) | lowering_in_part(e, 1, room) | lowering_in_part(e, 2, room)
         | lowering_in_part(e, 3, room);
}

uint64_t shanten_lowering(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    struct view v;
    view_of(counts, &v);
    if (forms >> FORM_ABSENT_SHIFT || v.total < 0 || nmelds < MIN_MELDS || nmelds > 4 || v.total + 1 > MAX_TILES) {
        /* a tile set with absent kinds, or a hand out of range: kind by kind */
        int8_t after[TILE_KINDS];
        int now = shanten_of(counts, nmelds, forms);
        shanten_each(counts, nmelds, forms, 1, after);
        uint64_t out = 0;
        for (int k = 0; k < TILE_KINDS; k++)
            out |= (uint64_t)(after[k] < now) << k;
        return out;
    }
    uint64_t room = ~counts_above(counts, 3) & ALL_KINDS;
    /* the standard shanten as standard_shanten, from the parts standard_lowering uses */
    struct lowering_parts e;
    unsigned half[2] = { 0, 0 };
    int std = SHANTEN_NONE;
    if ((forms & FORM_STANDARD) && v.total <= 14 - 3 * nmelds) {
        lowering_parts_of(counts, &e, half);
        std = halves_shanten(half[0], half[1], 4 - nmelds);
    }
    bool irregular = nmelds == 0 && (forms & (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS));
    int sp = irregular && (forms & FORM_SEVEN_PAIRS) ? seven_pairs_shanten(&v, 0) : SHANTEN_NONE;
    int to = irregular && (forms & FORM_THIRTEEN_ORPHANS) ? thirteen_orphans_shanten(&v, 0) : SHANTEN_NONE;
    int now = min_int(std, min_int(sp, to));
    if (now >= SHANTEN_NONE)
        return 0;
    uint64_t out = 0;
    /* the standard shanten goes down by one at most: only when it is the lowest */
    if (std == now && v.total + 1 <= 14 - 3 * nmelds) {
        /* a kind that can join nothing held leaves the shanten of a 3n + 1 hand without
         * three of a kind as it is (see shanten_each) */
        uint64_t near = v.total + 1 == 14 - 3 * nmelds && !counts_above(counts, 2) ? near_mask(counts_above(counts, 0)) : ALL_KINDS;
        out |= standard_lowering(&e, half, nmelds, room & near);
    }
    /* seven pairs and thirteen orphans: by the count the kind goes from */
    if (min_int(sp, to) == now) {
        struct irregular_tally t = irregular_tally(counts_above(counts, 0), counts_above(counts, 1));
        int kinds = t.kinds, pairs = t.pairs, orphans = t.orphans, orphan_pairs = t.orphan_pairs;
        bool lower[4][2];   /* by the count the kind goes from (0-3) and whether an orphan */
        for (int was = 0; was < 4; was++) {
            int dk = was == 0, dp = was == 1;
            int sp_after = forms & FORM_SEVEN_PAIRS ? (7 - min_int(pairs + dp, 7)) + (7 - min_int(kinds + dk, 7)) - 1
                                                    : SHANTEN_NONE;
            int to_after = forms & FORM_THIRTEEN_ORPHANS ? 13 - (orphans + dk) - (orphan_pairs + dp > 0)
                                                         : SHANTEN_NONE;
            lower[was][0] = sp_after < now;
            lower[was][1] = min_int(sp_after, to_after) < now;
        }
        /* the kinds held was times (those held four times have no room), orphans or not */
        uint64_t held = counts_above(counts, 0), two = counts_above(counts, 1), three = counts_above(counts, 2);
        const uint64_t by_count[4] = { ~held & ALL_KINDS, held & ~two, two & ~three, three };
        for (int was = 0; was < 4; was++)
            out |= (lower[was][0] ? by_count[was] & ~ORPHAN_KINDS : 0) | (lower[was][1] ? by_count[was] & ORPHAN_KINDS : 0);
    }
    return out & room;
}

/* ---- waits ---- */

static inline bool may_wait(const uint8_t c[TILE_KINDS], const uint8_t *held, int k)
{
    return c[k] < 4 && (!held || held[k] < 4);
}

/* Whether a tile of kind k could join a group with tiles held in its part (first to
 * last - 1): one of its kind, or in a suit one at most two ranks away. */
static bool near_held(const uint8_t c[TILE_KINDS], bool suit, int first, int last, int k)
{
    if (!suit) return c[k] != 0;
    int lo = k - 2 < first ? first : k - 2, hi = k + 2 < last ? k + 2 : last - 1;
    for (int j = lo; j <= hi; j++)
        if (c[j]) return true;
    return false;
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
            if (!may_wait(c, held, k) || !near_held(c, p < 3, first, last, k)) continue;
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
    if (nmelds < MIN_MELDS || nmelds > 4 || v.total != 13 - 3 * nmelds) return 0;
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
    if (forms >> FORM_ABSENT_SHIFT)   /* kinds not in the tile set */
        for (int k = 0; k < 27; k++)
            if (forms >> (FORM_ABSENT_SHIFT + k) & 1) out[k] = false;
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) n += out[k];
    return n;
}

int complete_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, unsigned forms,
                     special_fn special, void *ctx)
{
    if (complete_any(counts, hand_analysis_melds(nmelds, sets), forms))
        return 1;
    return special ? special(ctx, counts, nmelds) : 0;
}

int waits_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, const uint8_t held[TILE_KINDS],
                  unsigned forms, special_fn special, void *ctx, bool out[TILE_KINDS])
{
    int amelds = hand_analysis_melds(nmelds, sets);
    int n = waits(counts, amelds, held, forms, out);
    if (!special)
        return n;
    uint8_t c[TILE_KINDS];
    int total = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        total += c[k] = counts[k];
    if (total != 13 - 3 * amelds)
        return n;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (out[k] || c[k] >= 4 || (held && held[k] >= 4) || (k < 27 && (forms >> (FORM_ABSENT_SHIFT + k) & 1)))
            continue;
        c[k]++;
        int r = complete_special(c, nmelds, sets, forms, special, ctx);
        c[k]--;
        if (r < 0)
            return -1;
        out[k] = r > 0;
        n += out[k];
    }
    return n;
}

void decompose_init(void) {}

size_t decompose_table_bytes(void) { return dc_table_bytes; }
