/* Build-time generator of the hand-analysis tables: prints C source (build/core/tables.c)
 * that core/decompose.c reads. Nothing here runs in the library.
 *
 * A suit is 9 counts 0-4 (honours: 7 counts, no chows), seen as a base-5 code.
 *
 * cost[m][p] of a configuration: the fewest tiles to add so that it contains m sets and
 * p pairs (m 0-5, p 0-1: a hand has four or five sets) with no kind above 4. Computed
 * over all 5^9 configurations: first which (m, p) each one contains (by taking one group
 * off, from smaller codes to larger), then cost(h) = 0 when contained, else 1 + min over
 * one added tile (from larger codes to smaller). Each distinct cost vector is stored once
 * in dc_vecs (16 bytes: byte p * 8 + m) and every configuration refers to its vector by a
 * one-byte id (there are 198). dc_conv[a * dc_nbase + b] is the id of the min-plus
 * convolution of vectors a and b (the cost of m sets and p pairs taken from two parts;
 * 130 more vectors). dc_halves gives, for nsets 0-5 and two such vectors x and y (the two
 * halves of a hand: m with p, s with the honours), the standard shanten + 1 in 4 bits:
 * min over m of x[m] + y[8 + nsets - m] and x[8 + m] + y[nsets - m] (15: 15 or more).
 *
 * Suit configurations of at most 17 tiles (886,400) are indexed densely:
 * index = offset4[code of counts 1-4] + rank5[code of counts 5-9], where the codes of the
 * last five counts are ranked by their sum, so the valid ones for a given first-four sum
 * form a prefix. Honours are indexed by their plain base-5 code (78,125).
 *
 * Complete suits (sets and at most one pair, no single left over) are marked in a
 * bitmap over the same index: 32 bits per uint64, the top 32 bits the number of complete
 * suits in the blocks before (so a suit's rank among them is one load and a popcount).
 * Each has its decompositions (at most 6), sorted, packed in 29 bits each: bits 0-3 the
 * pair's rank 0-8 (15: none), then 5 bits per set (at most 5): rank 0-8 and the type
 * (bit 4, 1 = pung), sets ascending by (rank, chow before pung). dc_dec[rank] holds the
 * first one and in bits 29-31 how many more; the few suits with more have an entry in
 * dc_dec_multi, sorted: the rank in the top 16 bits, where the others start in
 * dc_dec_more in the low 16.
 * dc_set2 unpacks two packed sets into two struct sets; dc_honour_pungs and
 * dc_honour_pair pack the honours of a complete hand from masks of their kinds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    NCODE = 1953125,     /* 5^9 */
    NCODE5 = 3125,       /* 5^5 */
    NCODE4 = 625,        /* 5^4 */
    NHONOUR = 78125,     /* 5^7 */
    MAXTILES = 17,       /* five sets and a pair in one suit */
    MAXSETS = 5,
    BLOCK = 32,          /* bits of the complete-suit bitmap per uint64; the rank above */
    NOPAIR = 15,
};

static int pow5[10];

static int digit(int code, int i) { return code / pow5[i] % 5; }

static int code_sum(int code, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += digit(code, i);
    return s;
}

/* Bit m * 2 + p: contains m sets and p pairs. */
static uint16_t *contains;
static uint8_t (*cost)[2 * (MAXSETS + 1)];

static uint16_t shift_set(uint16_t bits)
{
    uint16_t out = 0;
    for (int m = 0; m < MAXSETS; m++)
        for (int p = 0; p < 2; p++)
            if (bits & (1u << (m * 2 + p))) out |= (uint16_t)(1u << ((m + 1) * 2 + p));
    return out;
}

static uint16_t shift_pair(uint16_t bits)
{
    uint16_t out = 0;
    for (int m = 0; m <= MAXSETS; m++)
        if (bits & (1u << (m * 2))) out |= (uint16_t)(1u << (m * 2 + 1));
    return out;
}

/* Costs of every configuration of nkinds kinds (chows when chows is set). */
static void compute_costs(int nkinds, int chows)
{
    int ncode = pow5[nkinds];
    for (int code = 0; code < ncode; code++) {
        uint16_t bits = 1;   /* (0 sets, 0 pairs) */
        for (int i = 0; i < nkinds; i++) {
            int c = digit(code, i);
            if (c >= 3) bits |= shift_set(contains[code - 3 * pow5[i]]);
            if (c >= 2) bits |= shift_pair(contains[code - 2 * pow5[i]]);
            if (chows && i + 2 < nkinds && c >= 1 && digit(code, i + 1) >= 1 && digit(code, i + 2) >= 1)
                bits |= shift_set(contains[code - pow5[i] - pow5[i + 1] - pow5[i + 2]]);
        }
        contains[code] = bits;
    }
    for (int code = ncode - 1; code >= 0; code--) {
        for (int j = 0; j < 2 * (MAXSETS + 1); j++) {
            int best;
            if (contains[code] & (1u << j)) best = 0;
            else {
                best = 255;
                for (int i = 0; i < nkinds; i++)
                    if (digit(code, i) < 4 && cost[code + pow5[i]][j] + 1 < best)
                        best = cost[code + pow5[i]][j] + 1;
            }
            cost[code][j] = (uint8_t)best;
        }
    }
}

/* Distinct cost vectors, in the layout of decompose.c: byte p * 8 + m. The ids of the
 * vectors of single suits and honours must fit a byte; those of the convolutions of two
 * (see below) a uint16. */
enum { MAXVEC = 65535, MAXBASE = 256 };
static uint8_t vecs[MAXVEC][16];
static int nvec;

static uint16_t vec_find(const uint8_t v[16])
{
    /* A hash table over the vectors found so far. */
    enum { HSIZE = 1 << 17 };
    static int32_t hash[HSIZE];
    static int init;
    if (!init) { for (int i = 0; i < HSIZE; i++) hash[i] = -1; init = 1; }
    uint32_t h = 2166136261u;
    for (int i = 0; i < 16; i++) h = (h ^ v[i]) * 16777619u;
    for (uint32_t slot = h & (HSIZE - 1);; slot = (slot + 1) & (HSIZE - 1)) {
        if (hash[slot] < 0) {
            if (nvec == MAXVEC) { fprintf(stderr, "gen_tables: too many vectors\n"); exit(1); }
            memcpy(vecs[nvec], v, 16);
            hash[slot] = nvec;
            return (uint16_t)nvec++;
        }
        if (memcmp(vecs[hash[slot]], v, 16) == 0) return (uint16_t)hash[slot];
    }
}

static uint8_t vec_id(const uint8_t c[2 * (MAXSETS + 1)])
{
    uint8_t v[16];
    memset(v, 0, sizeof v);
    for (int m = 0; m <= MAXSETS; m++)
        for (int p = 0; p < 2; p++) v[p * 8 + m] = c[m * 2 + p];
    uint16_t id = vec_find(v);
    if (id >= MAXBASE) { fprintf(stderr, "gen_tables: too many suit vectors\n"); exit(1); }
    return (uint8_t)id;
}

/* Min-plus convolution: the cost of m sets and p pairs taken from two parts. */
static void convolve(const uint8_t a[16], const uint8_t b[16], uint8_t out[16])
{
    memset(out, 0, 16);
    for (int m = 0; m <= MAXSETS; m++)
        for (int p = 0; p < 2; p++) {
            int best = 255;
            for (int m1 = 0; m1 <= m; m1++)
                for (int p1 = 0; p1 <= p; p1++) {
                    int c = a[p1 * 8 + m1] + b[(p - p1) * 8 + m - m1];
                    if (c < best) best = c;
                }
            out[p * 8 + m] = (uint8_t)best;
        }
}

/* Decompositions of one complete suit configuration. */
enum { MAXDEC = 64 };
static uint32_t found[MAXDEC];
static int nfound;

static int set_key(uint32_t d, int i) { return (int)((d >> (4 + 5 * i)) & 31); }

static uint32_t pack(int pair, const int *sets, int nsets)
{
    int s[MAXSETS];
    memcpy(s, sets, sizeof(int) * (size_t)nsets);
    for (int i = 1; i < nsets; i++)   /* key: rank * 2 + type */
        for (int j = i; j > 0 && (s[j] & 15) * 2 + (s[j] >> 4) < (s[j - 1] & 15) * 2 + (s[j - 1] >> 4); j--) {
            int t = s[j]; s[j] = s[j - 1]; s[j - 1] = t;
        }
    uint32_t d = (uint32_t)pair;
    for (int i = 0; i < nsets; i++) d |= (uint32_t)s[i] << (4 + 5 * i);
    return d;
}

static int dec_cmp(uint32_t a, uint32_t b, int nsets)
{
    int pa = (int)(a & 15), pb = (int)(b & 15);
    if (pa != pb) return pa < pb ? -1 : 1;
    for (int i = 0; i < nsets; i++) {
        int ka = (set_key(a, i) & 15) * 2 + (set_key(a, i) >> 4);
        int kb = (set_key(b, i) & 15) * 2 + (set_key(b, i) >> 4);
        if (ka != kb) return ka < kb ? -1 : 1;
    }
    return 0;
}

static void search(int c[9], int pair, int *sets, int nsets, int total_sets)
{
    int i = 0;
    while (i < 9 && c[i] == 0) i++;
    if (i == 9) {
        uint32_t d = pack(pair, sets, nsets);
        for (int k = 0; k < nfound; k++) if (found[k] == d) return;
        if (nfound == MAXDEC) { fprintf(stderr, "gen_tables: too many decompositions\n"); exit(1); }
        found[nfound++] = d;
        return;
    }
    if (pair == NOPAIR && c[i] >= 2) {
        c[i] -= 2;
        search(c, i, sets, nsets, total_sets);
        c[i] += 2;
    }
    if (nsets == total_sets) return;
    if (c[i] >= 3) {
        c[i] -= 3; sets[nsets] = 16 | i;
        search(c, pair, sets, nsets + 1, total_sets);
        c[i] += 3;
    }
    if (i <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--; sets[nsets] = i;
        search(c, pair, sets, nsets + 1, total_sets);
        c[i]++; c[i + 1]++; c[i + 2]++;
    }
}

static void print_u8(const char *name, const uint8_t *a, int n)
{
    printf("const uint8_t %s[%d] = {", name, n);
    for (int i = 0; i < n; i++) printf("%s%u,", i % 32 ? "" : "\n", a[i]);
    printf("\n};\n");
}

static void print_u64(const char *name, const uint64_t *a, int n)
{
    printf("const uint64_t %s[%d] = {", name, n);
    for (int i = 0; i < n; i++) printf("%s0x%llxull,", i % 6 ? "" : "\n", (unsigned long long)a[i]);
    printf("\n};\n");
}

static void print_u16(const char *name, const uint16_t *a, int n)
{
    printf("const uint16_t %s[%d] = {", name, n);
    for (int i = 0; i < n; i++) printf("%s%u,", i % 24 ? "" : "\n", a[i]);
    printf("\n};\n");
}

static void print_u32(const char *name, const uint32_t *a, int n)
{
    printf("const uint32_t %s[%d] = {", name, n);
    for (int i = 0; i < n; i++) printf("%s%u,", i % 12 ? "" : "\n", a[i]);
    printf("\n};\n");
}

int main(void)
{
    pow5[0] = 1;
    for (int i = 1; i < 10; i++) pow5[i] = pow5[i - 1] * 5;
    contains = malloc(sizeof *contains * NCODE);
    cost = malloc(sizeof *cost * NCODE);
    if (!contains || !cost) return 1;

    /* Dense index of the suit configurations with at most 14 tiles. */
    static uint16_t rank5[NCODE5];
    static uint32_t offset4[NCODE4];
    int count5[MAXTILES + 1] = {0};   /* codes of counts 5-9 with sum <= t */
    {
        int r = 0;
        for (int s = 0; s <= 20; s++)
            for (int code = 0; code < NCODE5; code++)
                if (code_sum(code, 5) == s) {
                    rank5[code] = (uint16_t)r++;
                    if (s <= MAXTILES) count5[s] = r;
                }
        uint32_t off = 0;
        for (int code = 0; code < NCODE4; code++) {
            int s = code_sum(code, 4);
            offset4[code] = off;
            if (s <= MAXTILES) off += (uint32_t)count5[MAXTILES - s];
        }
    }
    int nsuit = 0;
    for (int code = 0; code < NCODE; code++) if (code_sum(code, 9) <= MAXTILES) nsuit++;
    int nblocks = (nsuit + BLOCK - 1) / BLOCK;

    uint8_t *suit_vec = calloc((size_t)nsuit, sizeof *suit_vec);
    uint64_t *agari = calloc((size_t)nblocks, sizeof *agari);
    int *complete_code = calloc((size_t)nsuit, sizeof *complete_code);
    if (!suit_vec || !agari || !complete_code) return 1;

    compute_costs(9, 1);
    for (int code = 0; code < NCODE; code++) {
        int n = code_sum(code, 9);
        if (n > MAXTILES) continue;
        int idx = (int)offset4[code % NCODE4] + rank5[code / NCODE4];
        if (idx >= nsuit) { fprintf(stderr, "gen_tables: bad index\n"); return 1; }
        suit_vec[idx] = vec_id(cost[code]);
        if (n % 3 != 1 && cost[code][(n / 3) * 2 + (n % 3 == 2)] == 0) {
            agari[idx / BLOCK] |= 1ull << (idx % BLOCK);
            complete_code[idx] = code;
        }
    }
    /* Ranks of the complete configurations (in the top 16 bits of each block) and their
     * decompositions, in index order. */
    int ncomplete = 0;
    for (int b = 0; b < nblocks; b++) {
        int bits = __builtin_popcountll(agari[b]);
        agari[b] |= (uint64_t)ncomplete << BLOCK;
        ncomplete += bits;
    }
    if (ncomplete >= 1 << 16) { fprintf(stderr, "gen_tables: too many complete suits\n"); return 1; }
    uint32_t *dec = calloc((size_t)ncomplete, sizeof *dec);
    uint32_t *multi = calloc((size_t)ncomplete, sizeof *multi);
    uint32_t *more = NULL;
    int nmore = 0, nmulti = 0, cap = 0, k = 0, most = 0, npool = 0;
    if (!dec || !multi) return 1;
    for (int idx = 0; idx < nsuit; idx++) {
        if (!(agari[idx / BLOCK] >> (idx % BLOCK) & 1)) continue;
        int c[9], sets[MAXSETS], code = complete_code[idx];
        int n = code_sum(code, 9);
        for (int i = 0; i < 9; i++) c[i] = digit(code, i);
        nfound = 0;
        search(c, NOPAIR, sets, 0, n / 3);
        if (nfound == 0 || nfound > 8) { fprintf(stderr, "gen_tables: %d decompositions\n", nfound); return 1; }
        for (int i = 1; i < nfound; i++)
            for (int j = i; j > 0 && dec_cmp(found[j], found[j - 1], n / 3) < 0; j--) {
                uint32_t t = found[j]; found[j] = found[j - 1]; found[j - 1] = t;
            }
        if (nfound > most) most = nfound;
        npool += nfound;
        if (nfound > 1) multi[nmulti++] = (uint32_t)k << 16 | (uint32_t)nmore;
        dec[k++] = found[0] | (uint32_t)(nfound - 1) << 29;
        if (nmore + nfound > cap) {
            cap = cap ? cap * 2 : 4096;
            more = realloc(more, sizeof *more * (size_t)cap);
            if (!more) return 1;
        }
        memcpy(more + nmore, found + 1, sizeof *found * (size_t)(nfound - 1));
        nmore += nfound - 1;
    }

    /* Honours: no chows, plain code. */
    uint8_t *honour_vec = calloc(NHONOUR, sizeof *honour_vec);
    if (!honour_vec) return 1;
    compute_costs(7, 0);
    for (int code = 0; code < NHONOUR; code++) honour_vec[code] = vec_id(cost[code]);

    /* Convolutions of every two single-part vectors, themselves stored as vectors. */
    int nbase = nvec;
    uint16_t *conv = calloc((size_t)nbase * (size_t)nbase, sizeof *conv);
    if (!conv) return 1;
    for (int a = 0; a < nbase; a++)
        for (int b = 0; b < nbase; b++) {
            uint8_t v[16];
            convolve(vecs[a], vecs[b], v);
            conv[a * nbase + b] = vec_find(v);
        }

    /* The standard shanten + 1 of two halves (vectors x and y, ids below nvec) for nsets
     * sets: min over m of x[m] + y[8 + nsets - m] and x[8 + m] + y[nsets - m], 4 bits
     * each, at (nsets * nvec + x) * nvec + y; 15 when 15 or more (then counted again). */
    size_t nhalves = (size_t)(MAXSETS + 1) * (size_t)nvec * (size_t)nvec;
    uint8_t *halves = calloc((nhalves + 1) / 2, 1);
    if (!halves) return 1;
    for (int n = 0; n <= MAXSETS; n++)
        for (int x = 0; x < nvec; x++)
            for (int y = 0; y < nvec; y++) {
                int best = 255;
                for (int m = 0; m <= n; m++) {
                    int a = vecs[x][m] + vecs[y][8 + n - m], b = vecs[x][8 + m] + vecs[y][n - m];
                    if (a < best) best = a;
                    if (b < best) best = b;
                }
                size_t i = ((size_t)n * (size_t)nvec + (size_t)x) * (size_t)nvec + (size_t)y;
                halves[i / 2] |= (uint8_t)((best < 15 ? best : 15) << (i % 2 * 4));
            }

    printf("/* Generated by core/gen_tables.c; do not edit. */\n#include <stddef.h>\n#include <stdint.h>\n\n");
    printf("const int dc_nbase = %d;\n", nbase);
    print_u32("dc_offset4", offset4, NCODE4);
    print_u16("dc_rank5", rank5, NCODE5);
    print_u8("dc_suit_vec", suit_vec, nsuit);
    print_u8("dc_honour_vec", honour_vec, NHONOUR);
    printf("const uint16_t dc_conv[%d][%d] = {\n", nbase, nbase);
    for (int a = 0; a < nbase; a++) {
        printf("{");
        for (int b = 0; b < nbase; b++) printf("%u,", conv[a * nbase + b]);
        printf("},\n");
    }
    printf("};\n");
    printf("const uint8_t dc_vecs[%d][16] = {\n", nvec);
    for (int v = 0; v < nvec; v++) {
        printf("{");
        for (int i = 0; i < 16; i++) printf("%u,", vecs[v][i]);
        printf("},\n");
    }
    printf("};\n");
    printf("const int dc_nvec = %d;\n", nvec);
    print_u8("dc_halves", halves, (int)((nhalves + 1) / 2));
    print_u64("dc_agari", agari, nblocks);
    if (nmore >= 1 << 16) { fprintf(stderr, "gen_tables: too many decompositions\n"); return 1; }
    print_u32("dc_dec", dec, ncomplete);
    printf("const int dc_nmulti = %d;\n", nmulti);
    print_u32("dc_dec_multi", multi, nmulti);
    print_u32("dc_dec_more", more, nmore);
    /* Two packed sets (10 bits) as two struct sets {type, kind} with kinds 0-8. */
    printf("const uint8_t dc_set2[1024][4] = {\n");
    for (int v = 0; v < 1024; v++)
        printf("{%d,%d,%d,%d},%s", v >> 4 & 1, v & 15, v >> 9 & 1, v >> 5 & 15, v % 8 == 7 ? "\n" : "");
    printf("};\n");
    /* Honours, by the mask of the kinds held three times: their pungs packed like a
     * suit's entry (pair bits 0); by the mask of the one held twice: the pair's rank. */
    uint32_t honour_pungs[128];
    uint8_t honour_pair[128];
    for (int m = 0; m < 128; m++) {
        uint32_t e = 0;
        int n = 0, bits = 0;
        for (int k = 0; k < 7; k++) {
            if (m >> k & 1) e |= (uint32_t)(16 | k) << (4 + 5 * n++);
            if (m >> k & 1) bits++;
        }
        honour_pungs[m] = n <= MAXSETS ? e : 0;
        honour_pair[m] = (uint8_t)(m == 0 ? NOPAIR : bits == 1 ? __builtin_ctz((unsigned)m) : NOPAIR);
    }
    print_u32("dc_honour_pungs", honour_pungs, 128);
    print_u8("dc_honour_pair", honour_pair, 128);
    printf("const size_t dc_table_bytes = %zu;\n",
           sizeof offset4 + sizeof rank5 + sizeof *suit_vec * (size_t)nsuit
           + sizeof *honour_vec * NHONOUR + (size_t)nvec * 16
           + sizeof *conv * (size_t)nbase * (size_t)nbase + (nhalves + 1) / 2
           + sizeof *agari * (size_t)nblocks + sizeof *dec * (size_t)ncomplete
           + sizeof *multi * (size_t)nmulti
           + sizeof *more * (size_t)nmore + 1024 * 4 + 128 * 5);
    fprintf(stderr, "gen_tables: %d suit configurations, %d + %d vectors, %d complete, %d decompositions (at most %d)\n",
            nsuit, nbase, nvec - nbase, ncomplete, npool, most);
    free(contains); free(cost); free(suit_vec); free(agari);
    free(complete_code); free(dec); free(multi); free(more); free(honour_vec); free(conv); free(halves);
    return 0;
}
