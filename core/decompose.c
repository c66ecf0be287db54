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

static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* Number of tiles, or -1 when a count is above 4 or the total above 14. */
static int tiles_of(const uint8_t c[TILE_KINDS])
{
    int total = 0, over = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        total += c[k];
        over |= c[k] > 4;
    }
    return over || total > 14 ? -1 : total;
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

static inline int suit_sum(const uint8_t *c)
{
    return c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8];
}

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

bool complete_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds < 0 || nmelds > 4 || tiles_of(counts) != 14 - 3 * nmelds) return false;
    int pairs = 0;
    for (int s = 0; s < 3; s++) {
        const uint8_t *c = counts + 9 * s;
        if (!suit_complete(suit_index(c))) return false;
        pairs += suit_sum(c) % 3 == 2;
    }
    for (int k = 27; k < TILE_KINDS; k++) {
        if (counts[k] == 1 || counts[k] == 4) return false;
        pairs += counts[k] == 2;
    }
    return pairs == 1;
}

bool complete_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return false;
    int pairs = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (counts[k] != 0 && counts[k] != 2) return false;
        pairs += counts[k] == 2;
    }
    return pairs == 7;
}

bool complete_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0 || tiles_of(counts) != 14) return false;
    int held = 0;
    for (int i = 0; i < 13; i++) held += counts[orphans[i]] != 0;
    return held == 13;   /* the 14 tiles are then 13 orphans and one more of them */
}

bool complete_any(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    return ((forms & FORM_STANDARD) && complete_standard(counts, nmelds))
        || ((forms & FORM_SEVEN_PAIRS) && complete_seven_pairs(counts, nmelds))
        || ((forms & FORM_THIRTEEN_ORPHANS) && complete_thirteen_orphans(counts, nmelds));
}

/* One part's decompositions: a range of packed entries (see gen_tables.c). */
struct part {
    const uint32_t *dec;
    int n, base;   /* base: kind of rank 0 */
};

static int set_key(struct set s) { return s.kind * 2 + s.type; }

int decompose(const uint8_t counts[TILE_KINDS], int nmelds, struct decomposition *out, int max)
{
    if (!complete_standard(counts, nmelds)) return 0;
    struct part parts[NPARTS];
    uint32_t honours = NOPAIR;   /* packed like a suit's entry */
    int nhonour_sets = 0, pair_part = 3;
    for (int s = 0; s < 3; s++) {
        unsigned idx = suit_index(counts + 9 * s), b = idx / 64;
        uint32_t rank = dc_agari_rank[b] + (uint32_t)__builtin_popcountll(dc_agari[b] & ((1ull << (idx % 64)) - 1));
        parts[s] = (struct part){dc_dec_pool + dc_dec_start[rank], (int)(dc_dec_start[rank + 1] - dc_dec_start[rank]), 9 * s};
        if (suit_sum(counts + 9 * s) % 3 == 2) pair_part = s;
    }
    for (int k = 27; k < TILE_KINDS; k++) {
        if (counts[k] == 2) honours = (honours & ~15u) | (uint32_t)(k - 27);
        else if (counts[k] == 3) honours |= (uint32_t)(16 | (k - 27)) << (4 + 5 * nhonour_sets++);
    }
    parts[3] = (struct part){&honours, 1, 27};

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
                for (; e; e >>= 5)
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

int shanten_standard(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds < 0 || nmelds > 4 || tiles_of(counts) < 0) return SHANTEN_NONE;
    return standard_cost(counts, 4 - nmelds) - 1;
}

/* Seven different pairs: kinds held twice or more need nothing, kinds held once one
 * tile, others two. */
int shanten_seven_pairs(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return SHANTEN_NONE;
    int pairs = 0, kinds = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        pairs += counts[k] >= 2;
        kinds += counts[k] != 0;
    }
    if (pairs > 7) pairs = 7;
    if (kinds > 7) kinds = 7;
    return (7 - pairs) + (7 - kinds) - 1;
}

int shanten_thirteen_orphans(const uint8_t counts[TILE_KINDS], int nmelds)
{
    if (nmelds != 0) return SHANTEN_NONE;
    int kinds = 0;
    bool pair = false;
    for (int i = 0; i < 13; i++) {
        kinds += counts[orphans[i]] != 0;
        pair |= counts[orphans[i]] >= 2;
    }
    return 13 - kinds - pair;
}

void shanten_forms(const uint8_t counts[TILE_KINDS], int nmelds, struct shanten *out)
{
    out->standard = shanten_standard(counts, nmelds);
    out->seven_pairs = shanten_seven_pairs(counts, nmelds);
    out->thirteen_orphans = shanten_thirteen_orphans(counts, nmelds);
    out->all = out->standard;
    if (out->seven_pairs < out->all) out->all = out->seven_pairs;
    if (out->thirteen_orphans < out->all) out->all = out->thirteen_orphans;
}

int shanten_of(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    int best = SHANTEN_NONE, s;
    if ((forms & FORM_STANDARD) && (s = shanten_standard(counts, nmelds)) < best) best = s;
    if ((forms & FORM_SEVEN_PAIRS) && (s = shanten_seven_pairs(counts, nmelds)) < best) best = s;
    if ((forms & FORM_THIRTEEN_ORPHANS) && (s = shanten_thirteen_orphans(counts, nmelds)) < best) best = s;
    return best;
}

int waits(const uint8_t counts[TILE_KINDS], int nmelds, const uint8_t held[TILE_KINDS],
          unsigned forms, bool out[TILE_KINDS])
{
    memset(out, 0, TILE_KINDS * sizeof *out);
    if (nmelds < 0 || nmelds > 4 || tiles_of(counts) != 13 - 3 * nmelds) return 0;
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
