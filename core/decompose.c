/* Hand analysis by table look-up. The tables are generated at build time by
 * core/gen_tables.c (build/core/tables.c); read its comment for what they hold.
 *
 * The hand is cut into four parts: the three suits and the honours. Per part a table
 * gives a cost vector: the fewest tiles to add so that the part holds m sets and p pairs
 * (byte p * 8 + m of the vector). Shanten of the standard form is the cheapest way to
 * share 4 - nmelds sets and one pair among the parts, minus 1; the vectors of two parts
 * are combined by a table of their min-plus convolutions, the last two by hand.
 * A complete suit is a bit in a bitmap over the same index; its rank among the set bits
 * finds its decompositions. */
#include <string.h>
#include "decompose.h"

/* build/core/tables.c */
extern const int dc_nsuit, dc_ncomplete, dc_most_suit_decompositions, dc_nbase;
extern const uint32_t dc_offset5[3125];
extern const uint16_t dc_rank4[625];
extern const uint8_t dc_suit_vec[];
extern const uint8_t dc_honour_vec[78125];
extern const uint16_t dc_conv[];
extern const uint8_t dc_vecs[][16];
extern const uint64_t dc_agari[];
extern const uint32_t dc_agari_rank[];
extern const uint32_t dc_dec_start[];
extern const uint32_t dc_dec_pool[];
extern const size_t dc_table_bytes;

enum { NOPAIR = 15, NPARTS = 4 };

/* The 34 counts in five 64-bit words (bytes 0-7, 8-15, 16-23, 24-31, 32-33), for tests
 * on all bytes at once. Masks come from byte arrays loaded the same way, so the byte
 * order of the machine does not matter. */
struct view {
    uint64_t w[5];
    int total;   /* tiles; -1 when a count is above 4 or the total above 14 */
};

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

/* Sum of the bytes (at most 255). */
static inline int byte_sum(uint64_t x) { return (int)((x * ONES) >> 56); }
/* 1 in each byte that is not 0, or that is 2 or more (bytes at most 7). */
static inline uint64_t nonzero_bytes(uint64_t x) { return (x | x >> 1 | x >> 2) & ONES; }
static inline uint64_t two_or_more_bytes(uint64_t x) { return (x >> 1 | x >> 2) & ONES; }
static inline bool has_byte(uint64_t x, uint64_t value)
{
    uint64_t y = x ^ (value * ONES);
    return ((y - ONES) & ~y & HIGHS) != 0;
}

static void view_of(const uint8_t c[TILE_KINDS], struct view *v)
{
    uint64_t bad = 0;
    int total = 0;
    for (int i = 0; i < 4; i++) v->w[i] = load8(c + 8 * i);
    v->w[4] = load2(c + 32);
    for (int i = 0; i < 5; i++) {
        bad |= v->w[i] | (v->w[i] + 0x7b7b7b7b7b7b7b7bull);   /* a byte above 4 sets bit 7 */
        total += byte_sum(v->w[i]);
    }
    v->total = (bad & HIGHS) || total > 14 ? -1 : total;
}

/* Byte masks in the layout of struct view: the orphans, and bytes 27-33 of a word
 * loaded from byte 26 (the honours). */
static const uint8_t orphan_bytes[40] = {
    0xff, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0,
    0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
static const uint8_t honour_bytes[8] = {0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

static inline uint64_t orphan_mask(int i)
{
    return i < 4 ? load8(orphan_bytes + 8 * i) : load2(orphan_bytes + 32);
}

/* Dense index of a suit (9 counts, at most 14 tiles). */
static inline unsigned suit_index(const uint8_t *c)
{
    unsigned lo = c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * c[4])));
    unsigned hi = c[5] + 5u * (c[6] + 5u * (c[7] + 5u * c[8]));
    return dc_offset5[lo] + dc_rank4[hi];
}

static inline unsigned honour_code(const uint8_t *c)
{
    return c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * (c[4] + 5u * (c[5] + 5u * c[6])))));
}

static inline bool suit_complete(unsigned idx)
{
    return dc_agari[idx / 64] >> (idx % 64) & 1;
}

static inline int suit_sum(const uint8_t *c) { return byte_sum(load8(c)) + c[8]; }

/* Fewest tiles to add for nsets sets and a pair, from the four parts' vectors. */
static int standard_cost(const uint8_t c[TILE_KINDS], int nsets)
{
    unsigned nb = (unsigned)dc_nbase;
    unsigned a = dc_suit_vec[suit_index(c)], b = dc_suit_vec[suit_index(c + 9)];
    unsigned s = dc_suit_vec[suit_index(c + 18)], z = dc_honour_vec[honour_code(c + 27)];
    const uint8_t *x = dc_vecs[dc_conv[a * nb + b]], *y = dc_vecs[dc_conv[s * nb + z]];
    int best = 255;
    for (int m = 0; m <= nsets; m++) {
        int c0 = x[m] + y[8 + nsets - m], c1 = x[8 + m] + y[nsets - m];
        if (c0 < best) best = c0;
        if (c1 < best) best = c1;
    }
    return best;
}

/* Tiles in a part, modulo 3: bit n of BAD_SIZES is set when n tiles cannot be sets and
 * at most one pair, of PAIR_SIZES when they hold the pair. */
enum { BAD_SIZES = 0x2492, PAIR_SIZES = 0x4924 };

static bool standard_complete(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds)
{
    if (nmelds < 0 || nmelds > 4 || v->total != 14 - 3 * nmelds) return false;
    int n0 = suit_sum(c), n1 = suit_sum(c + 9), n2 = suit_sum(c + 18);
    uint64_t hz = load8(c + 26) & load8(honour_bytes);
    int hpairs = byte_sum(hz >> 1 & ~hz & ONES);   /* bytes equal to 2, once 1 and 4 are out */
    int pairs = (PAIR_SIZES >> n0 & 1) + (PAIR_SIZES >> n1 & 1) + (PAIR_SIZES >> n2 & 1) + hpairs;
    if (((BAD_SIZES >> n0 | BAD_SIZES >> n1 | BAD_SIZES >> n2) & 1) | has_byte(hz, 1) | has_byte(hz, 4)
        | (pairs != 1))
        return false;
    return suit_complete(suit_index(c)) & suit_complete(suit_index(c + 9)) & suit_complete(suit_index(c + 18));
}

static bool seven_pairs_complete(const struct view *v, int nmelds)
{
    uint64_t other = 0;   /* bits other than the 2 */
    for (int i = 0; i < 5; i++) other |= v->w[i] & 0xfdfdfdfdfdfdfdfdull;
    return nmelds == 0 && v->total == 14 && other == 0;
}

static bool thirteen_orphans_complete(const struct view *v, int nmelds)
{
    uint64_t outside = 0;
    int held = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t m = orphan_mask(i);
        outside |= v->w[i] & ~m;
        held += byte_sum(nonzero_bytes(v->w[i] & m));
    }
    /* 14 tiles, all orphans, each held: 13 orphans and one more of them */
    return nmelds == 0 && v->total == 14 && outside == 0 && held == 13;
}

bool complete_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    struct view v;
    view_of(counts, &v);
    return standard_complete(counts, &v, nmelds);
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
        || ((forms & FORM_STANDARD) && standard_complete(counts, &v, nmelds));
}

/* One part's decompositions: a range of packed entries (see gen_tables.c). */
struct part {
    const uint32_t *dec;
    int n, nsets, base;   /* base: kind of rank 0 */
};

static uint32_t popcount64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * ONES) >> 56);
}

static int set_key(struct set s) { return s.kind * 2 + s.type; }

int decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max)
{
    struct view v;
    view_of(counts, &v);
    if (!standard_complete(counts, &v, nmelds)) return 0;
    struct part parts[NPARTS];
    uint32_t honours = NOPAIR;   /* packed like a suit's entry */
    int nhonour_sets = 0, pair_part = 3;
    for (int s = 0; s < 3; s++) {
        unsigned idx = suit_index(counts + 9 * s), b = idx / 64;
        uint32_t rank = dc_agari_rank[b] + popcount64(dc_agari[b] & ((1ull << (idx % 64)) - 1));
        int tiles = suit_sum(counts + 9 * s);
        parts[s] = (struct part){dc_dec_pool + dc_dec_start[rank], (int)(dc_dec_start[rank + 1] - dc_dec_start[rank]),
                                 tiles / 3, 9 * s};
        if (tiles % 3 == 2) pair_part = s;
    }
    for (int k = 27; k < TILE_KINDS; k++) {
        if (counts[k] == 2) honours = (honours & ~15u) | (uint32_t)(k - 27);
        else if (counts[k] == 3) honours |= (uint32_t)(16 | (k - 27)) << (4 + 5 * nhonour_sets++);
    }
    parts[3] = (struct part){&honours, 1, nhonour_sets, 27};

    /* Canonical order (pair, then sets ascending): for each pair in turn, every
     * combination of the parts' entries with that pair, parts in suit order. */
    int n = 0;
    const struct part *pp = &parts[pair_part];
    for (int g = 0; g < pp->n;) {
        int gend = g;
        while (gend < pp->n && (pp->dec[gend] & 15) == (pp->dec[g] & 15)) gend++;
        int lo[NPARTS], hi[NPARTS], at[NPARTS];
        for (int p = 0; p < NPARTS; p++) {
            lo[p] = p == pair_part ? g : 0;
            hi[p] = p == pair_part ? gend : parts[p].n;
            at[p] = lo[p];
        }
        for (;;) {
            if (n == max) return n;
            struct decomposition *d = &out[n++];
            d->nsets = 0;
            d->pair = (uint8_t)(pp->base + (int)(pp->dec[g] & 15));
            for (int p = 0; p < NPARTS; p++) {
                uint32_t e = parts[p].dec[at[p]] >> 4;
                for (int i = 0; i < parts[p].nsets; i++, e >>= 5)
                    d->sets[d->nsets++] = (struct set){(uint8_t)(e >> 4 & 1), (uint8_t)(parts[p].base + (int)(e & 15))};
            }
            int p = NPARTS - 1;
            while (p >= 0 && ++at[p] == hi[p]) { at[p] = lo[p]; p--; }
            if (p < 0) break;
        }
        g = gend;
    }
    return n;
}

int readings(const uint8_t counts[TILE_KINDS], int nmelds, int win_kind,
             struct reading *out, int max)
{
    struct decomposition d[MAX_DECOMPOSITIONS];
    int nd = decompose(counts, nmelds, d, MAX_DECOMPOSITIONS), n = 0;
    for (int i = 0; i < nd && n < max; i++) {
        if (d[i].pair == win_kind) out[n++] = (struct reading){d[i], WAIT_SINGLE, -1};
        for (int j = 0; j < d[i].nsets && n < max; j++) {
            struct set s = d[i].sets[j];
            if (j > 0 && set_key(s) == set_key(d[i].sets[j - 1])) continue;   /* same set again */
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

/* Shanten of each form from a view; SHANTEN_NONE when the form cannot be made. */
static int standard_shanten(const uint8_t c[TILE_KINDS], const struct view *v, int nmelds)
{
    if (nmelds < 0 || nmelds > 4 || v->total < 0) return SHANTEN_NONE;
    return standard_cost(c, 4 - nmelds) - 1;
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
    if (pairs > 7) pairs = 7;
    if (kinds > 7) kinds = 7;
    return (7 - pairs) + (7 - kinds) - 1;
}

/* One of each orphan, one more of any: the missing kinds, and one more if none is paired. */
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

static inline int min_int(int a, int b) { return a < b ? a : b; }

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

int waits(const uint8_t counts[TILE_KINDS], int nmelds, const uint8_t held[TILE_KINDS],
          unsigned forms, bool out[TILE_KINDS])
{
    memset(out, 0, TILE_KINDS * sizeof *out);
    struct view v;
    view_of(counts, &v);
    if (nmelds < 0 || nmelds > 4 || v.total != 13 - 3 * nmelds) return 0;
    if (shanten_of(counts, nmelds, forms) != 0) return 0;
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (c[k] >= 4 || (held && held[k] >= 4)) continue;
        c[k]++;
        out[k] = complete_any(c, nmelds, forms);
        c[k]--;
        n += out[k];
    }
    return n;
}

void decompose_init(void) {}

size_t decompose_table_bytes(void) { return dc_table_bytes; }
