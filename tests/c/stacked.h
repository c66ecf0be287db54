/* Stacked walls for the C tests of the turn flow: tiles from notation and a wall whose
 * front deals the given hands (DEAL_BLOCKS) and then the draws. */
#ifndef JONG_STACKED_H
#define JONG_STACKED_H

#include <stdio.h>
#include <stdlib.h>

#include "game_private.h"
#include "notation.h"

static inline int parse(const char *s, tile_t *out, int max)
{
    struct notation_error err;
    int n = notation_parse_tiles(s, out, max, &err);
    if (n < 0) {
        fprintf(stderr, "bad tiles in test: %s: %s\n", s, err.reason);
        exit(2);
    }
    return n;
}

static inline tile_t tile(const char *s)
{
    tile_t t[2];
    parse(s, t, 2);
    return t[0];
}

/* The front of a stacked wall for DEAL_BLOCKS: hands[0] has the dealer's 14 tiles,
 * the others 13, in the order they are dealt to each seat; then the draws. */
static inline int front_of(const char *hands[4], const char *draws, tile_t *front)
{
    tile_t h[4][16];
    int nh[4];
    for (int s = 0; s < 4; s++) {
        nh[s] = parse(hands[s], h[s], 16);
        if (nh[s] != (s == 0 ? 14 : 13)) {
            fprintf(stderr, "test hand %d has %d tiles\n", s, nh[s]);
            exit(2);
        }
    }
    int n = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int s = 0; s < 4; s++)
            for (int i = 0; i < 4; i++)
                front[n++] = h[s][pass * 4 + i];
    for (int s = 0; s < 4; s++)
        front[n++] = h[s][12];
    front[n++] = h[0][13];
    if (draws)
        n += parse(draws, front + n, MAX_WALL - n);
    return n;
}

static inline struct game *stacked(const struct game_rules *r, const struct game_hooks *hk, const char *hands[4],
                            const char *draws, const char *back)
{
    char err[256];
    struct game *g = game_new(r, hk, 1, err, sizeof err);
    if (!g) {
        fprintf(stderr, "game_new: %s\n", err);
        exit(2);
    }
    tile_t front[MAX_WALL], bk[MAX_WALL];
    int nf = front_of(hands, draws, front);
    int nb = back ? parse(back, bk, MAX_WALL) : 0;
    if (game_stack(g, front, nf, bk, nb) != 0) {
        fprintf(stderr, "game_stack: %s\n", game_error(g));
        exit(2);
    }
    return g;
}

#endif
