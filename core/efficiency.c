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

void efficiency_unseen_discards(const struct game *g, int seat, uint8_t unseen[TILE_KINDS], uint64_t discarded[4],
                                bool declared[4])
{
    struct seen s;
    memset(&s, 0, sizeof s);
    memcpy(s.n, game_hand(g, seat)->counts, TILE_KINDS);
    const struct game_state *st = game_state(g);
    for (int p = 0; p < 4; p++) {
        const struct seat_state *ss = &st->seats[p];
        see_melds(&s, &ss->hand);   /* every seat's melds, the seat's own too */
        uint64_t kinds = 0, declaring = 0;   /* bits of the kinds below 64; only 0-33 count */
        const struct discard *d = ss->discards;
        for (int i = 0, n = ss->ndiscards; i < n; i++) {
            unsigned k = tile_kind(d[i].tile);   /* below 128: s.n counts 0-33 only */
            s.n[k] = (uint8_t)(s.n[k] + (d[i].claimed_by == SEAT_NONE));
            uint64_t bit = k < 64 ? 1ull << k : 0;
            kinds |= bit;
            if (d[i].extra)
                declaring |= bit;
        }
        if (discarded) {
            discarded[p] = kinds & ((1ull << TILE_KINDS) - 1);
            declared[p] = (declaring & ((1ull << TILE_KINDS) - 1)) != 0;
        }
    }
    for (int i = 0; i < st->ndora; i++) {
        int t = game_dora(g, i);
        if (t >= 0)
            s.n[tile_kind((tile_t)t)]++;
    }
    unseen_of(&s, unseen);
}
