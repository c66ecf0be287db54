#include "efficiency.h"

#include <string.h>

#include "game.h"

static int concealed_total(const uint8_t counts[TILE_KINDS])
{
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        n += counts[k];
    return n;
}

uint64_t efficiency_accepted(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms)
{
    /* a kind not in the tile set is none */
    return shanten_lowering(counts, nmelds, forms) & ~((uint64_t)(forms >> FORM_ABSENT_SHIFT) & 0x7ffffffu);
}

int efficiency_accept(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms,
                      const uint8_t unseen[TILE_KINDS], struct discard_choice *out)
{
    int now = shanten_of(counts, nmelds, forms);
    out->shanten = (int8_t)now;
    out->naccept = 0;
    out->count = 0;
    for (uint64_t kinds = efficiency_accepted(counts, nmelds, forms); kinds; kinds &= kinds - 1) {
        int k = __builtin_ctzll(kinds);
        out->accept[out->naccept] = (uint8_t)k;
        out->copies[out->naccept] = unseen[k];
        out->naccept++;
        out->count += unseen[k];
    }
    return out->count;
}

/* Better first: lower shanten, then more accepted tiles, then the lower kind. */
static bool better(const struct discard_choice *a, const struct discard_choice *b)
{
    if (a->shanten != b->shanten)
        return a->shanten < b->shanten;
    if (a->count != b->count)
        return a->count > b->count;
    return a->discard < b->discard;
}

int efficiency_discards(const uint8_t counts[TILE_KINDS], int nmelds, unsigned forms,
                        const uint8_t unseen[TILE_KINDS], struct discard_choice out[TILE_KINDS])
{
    if (concealed_total(counts) % 3 != 2)
        return 0;
    uint8_t c[TILE_KINDS];
    for (int k = 0; k < TILE_KINDS; k++)
        c[k] = counts[k];
    int n = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        struct discard_choice d;
        d.discard = (uint8_t)k;
        efficiency_accept(c, nmelds, forms, unseen, &d);
        c[k]++;
        int i = n++;   /* insertion: at most 14 distinct kinds */
        while (i > 0 && better(&d, &out[i - 1])) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = d;
    }
    return n;
}

/* Tiles seen, by kind (any tile byte's kind: 0-127). */
struct seen {
    uint8_t n[128];
};

static void see_melds(struct seen *s, const struct hand *h)
{
    for (int i = 0; i < h->nmelds; i++) {
        const struct meld *m = &h->melds[i];
        int k = m->kind & 0x7f;
        if (m->type == MELD_CHOW && k + 2 < 128) {
            s->n[k]++;
            s->n[k + 1]++;
            s->n[k + 2]++;
        } else {
            s->n[k] = (uint8_t)(s->n[k] + meld_tiles(m));
        }
    }
}

static void see_hand(struct seen *s, const struct hand *h)
{
    for (int k = 0; k < TILE_KINDS; k++)
        s->n[k] = (uint8_t)(s->n[k] + h->counts[k]);
    see_melds(s, h);
}

/* 4 - n, at least 0, for the counts n: eight at a time (a byte of 4 or more has a bit
 * of 0xfc set; the others' 4 - n does not borrow). */
static void unseen_of(const struct seen *s, uint8_t unseen[TILE_KINDS])
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint8_t out[TILE_KINDS + 6];
    for (int i = 0; i < TILE_KINDS; i += 8) {
        uint64_t x;
        memcpy(&x, s->n + i, 8);
        uint64_t big = x & 0xfc * ones;
        uint64_t nonzero = (((big & ~high) + ~high) | big) & high;   /* high bit: byte >= 4 */
        uint64_t mask = (nonzero >> 7) * 0xff;
        uint64_t left = (4 * ones - (x & ~mask)) & ~mask;
        memcpy(out + i, &left, 8);
    }
    memcpy(unseen, out, TILE_KINDS);
}

void efficiency_unseen_hand(const struct hand *h, uint8_t unseen[TILE_KINDS])
{
    struct seen s;
    memset(&s, 0, sizeof s);
    see_hand(&s, h);
    unseen_of(&s, unseen);
}

void efficiency_unseen_game(const struct game *g, int seat, uint8_t unseen[TILE_KINDS])
{
    efficiency_unseen_discards(g, seat, unseen, NULL, NULL);
}

/* What the discards but each seat's last add to the tiles seen (kinds 0-33), and per seat
 * the kinds among them (bits below 64) and whether one made a declaration; kept with the
 * discards it was made of, and extended when a later call finds those discards still
 * first (any game may ask: only the contents count). The last discards are counted
 * apart: only a seat's last one may still be claimed. */
struct table_seen {
    int n[MAX_PLAYERS];
    struct discard d[MAX_PLAYERS][MAX_DISCARDS];
    uint8_t add[40];
    uint64_t kinds[MAX_PLAYERS];
    bool declaring[MAX_PLAYERS];
};
static _Thread_local struct table_seen table_memo;

static inline void see_discard(struct discard d, uint8_t *n, uint64_t *kinds, bool *declaring)
{
    unsigned k = tile_kind(d.tile);
    if (k < TILE_KINDS)   /* (the others are never unseen) */
        n[k] = (uint8_t)(n[k] + (d.claimed_by == SEAT_NONE));
    *kinds |= k < 64 ? 1ull << k : 0;
    *declaring |= d.extra && k < TILE_KINDS;
}

void efficiency_unseen_discards(const struct game *g, int seat, uint8_t unseen[TILE_KINDS], uint64_t discarded[4],
                                bool declared[4])
{
    struct seen s;
    memset(&s, 0, sizeof s);
    memcpy(s.n, game_hand(g, seat)->counts, TILE_KINDS);
    const struct game_state *st = game_state(g);
    struct table_seen *m = &table_memo;
    int first[4];
    bool kept = true;
    for (int p = 0; p < 4; p++) {
        const struct seat_state *ss = &st->seats[p];
        see_melds(&s, &ss->hand);   /* every seat's melds, the seat's own too */
        first[p] = ss->ndiscards > 0 ? ss->ndiscards - 1 : 0;
        kept &= m->n[p] <= first[p] && !memcmp(m->d[p], ss->discards, (size_t)m->n[p] * sizeof *ss->discards);
    }
    if (!kept) {   /* another deal or game: counted again */
        memset(m->n, 0, sizeof m->n);
        memset(m->add, 0, sizeof m->add);
        memset(m->kinds, 0, sizeof m->kinds);
        memset(m->declaring, 0, sizeof m->declaring);
    }
    for (int p = 0; p < 4; p++) {
        const struct discard *d = st->seats[p].discards;
        for (int i = m->n[p]; i < first[p]; i++) {
            m->d[p][i] = d[i];
            see_discard(d[i], m->add, &m->kinds[p], &m->declaring[p]);
        }
        m->n[p] = first[p];
    }
    for (int i = 0; i < 40; i += 8) {
        uint64_t a, b;
        memcpy(&a, s.n + i, 8);
        memcpy(&b, m->add + i, 8);
        a += b;   /* no carry: a sound game shows at most 4 tiles of a kind */
        memcpy(s.n + i, &a, 8);
    }
    for (int p = 0; p < 4; p++) {
        const struct seat_state *ss = &st->seats[p];
        uint64_t kinds = m->kinds[p];
        bool declaring = m->declaring[p];
        if (ss->ndiscards > 0)
            see_discard(ss->discards[ss->ndiscards - 1], s.n, &kinds, &declaring);
        if (discarded) {
            discarded[p] = kinds & ((1ull << TILE_KINDS) - 1);
            declared[p] = declaring;
        }
    }
    for (int i = 0; i < st->ndora; i++) {
        int t = game_dora(g, i);
        if (t >= 0)
            s.n[tile_kind((tile_t)t)]++;
    }
    unseen_of(&s, unseen);
}
