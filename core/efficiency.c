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

int efficiency_discards_special(const uint8_t counts[TILE_KINDS], int nmelds, int sets, unsigned forms,
                                const uint8_t unseen[TILE_KINDS], special_fn special, void *ctx,
                                struct discard_choice out[TILE_KINDS])
{
    int n = efficiency_discards(counts, hand_analysis_melds(nmelds, sets), forms, unseen, out);
    if (!special || n == 0)
        return n;
    uint8_t c[TILE_KINDS];
    memcpy(c, counts, sizeof c);
    for (int i = 0; i < n; i++) {
        struct discard_choice *d = &out[i];
        bool w[TILE_KINDS];
        c[d->discard]--;
        int r = waits_special(c, nmelds, sets, NULL, forms, special, ctx, w);
        c[d->discard]++;
        if (r < 0)
            return -1;
        if (r == 0)
            continue;
        if (d->shanten > 0)   /* ready on a special hand only */
            d->shanten = 0, d->naccept = 0;
        for (int j = 0; j < d->naccept; j++)   /* ready in the forms too: their waits and these */
            w[d->accept[j]] = true;
        d->naccept = 0;
        d->count = 0;
        for (int k = 0; k < TILE_KINDS; k++)
            if (w[k]) {
                d->accept[d->naccept] = (uint8_t)k;
                d->copies[d->naccept++] = unseen[k];
                d->count += unseen[k];
            }
    }
    for (int i = 1; i < n; i++) {   /* best first again */
        struct discard_choice d = out[i];
        int j = i;
        for (; j > 0 && better(&d, &out[j - 1]); j--)
            out[j] = out[j - 1];
        out[j] = d;
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

/* The same for the counts n, eight at a time. */
static inline void unseen_of(const uint8_t n[TILE_KINDS + 6], uint8_t unseen[TILE_KINDS])
{
    uint8_t out[TILE_KINDS + 6];
    for (int i = 0; i < TILE_KINDS; i += 8) {
        uint64_t x;
        memcpy(&x, n + i, 8);
        x = efficiency_unseen_word(x);
        memcpy(out + i, &x, 8);
    }
    memcpy(unseen, out, TILE_KINDS);
}

void efficiency_unseen_hand(const struct hand *h, uint8_t unseen[TILE_KINDS])
{
    struct seen s;
    memset(&s, 0, sizeof s);
    see_hand(&s, h);
    unseen_of(s.n, unseen);
}

void efficiency_unseen_game(const struct game *g, int seat, uint8_t unseen[TILE_KINDS])
{
    efficiency_unseen_discards(g, seat, unseen, NULL, NULL);
}

void efficiency_unseen_discards(const struct game *g, int seat, uint8_t unseen[TILE_KINDS], uint64_t discarded[4],
                                bool declared[4])
{
    /* the seat's concealed tiles and the tiles shown to all (kept by the game) */
    const struct game_state *st = game_state(g);
    efficiency_unseen_shown(game_hand(g, seat)->counts, st->shown, unseen);
    if (discarded)
        for (int p = 0; p < 4; p++) {
            discarded[p] = st->seats[p].discarded;
            declared[p] = st->seats[p].declared != 0;
        }
}
