/* Benchmark of the hand analysis (core/decompose.h) on fixed seeded inputs:
 * 1,000,000 random 14-tile hands and 13-tile hands (the first tiles of shuffled 136-tile
 * walls) and 1,000,000 random closed winning hands (a pair and four sets). Prints one
 * line per figure: name value unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "decompose.h"
#include "rng.h"

void bench_core(void);

enum { NHANDS = 1000000 };

struct hand34 { uint8_t c[TILE_KINDS]; };

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void random_hands(struct hand34 *h, int tiles, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    uint8_t wall[136];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    for (int n = 0; n < NHANDS; n++) {
        rng_shuffle(&r, wall, 136);
        memset(h[n].c, 0, TILE_KINDS);
        for (int i = 0; i < tiles; i++) h[n].c[wall[i]]++;
    }
}

/* A random pair and four random sets, never more than four of a kind. */
static void winning_hands(struct hand34 *h, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    for (int n = 0; n < NHANDS; n++) {
        uint8_t *c = h[n].c;
        memset(c, 0, TILE_KINDS);
        c[rng_below(&r, TILE_KINDS)] = 2;
        for (int s = 0; s < 4;) {
            int k;
            if (rng_below(&r, 2)) {
                k = (int)rng_below(&r, TILE_KINDS);
                if (c[k] > 1) continue;
                c[k] += 3;
            } else {
                k = (int)rng_below(&r, 21);
                k = k / 7 * 9 + k % 7;
                if (c[k] == 4 || c[k + 1] == 4 || c[k + 2] == 4) continue;
                c[k]++; c[k + 1]++; c[k + 2]++;
            }
            s++;
        }
    }
}

static void report(const char *name, double ns, long sink)
{
    printf("%s %.1f ns/hand\n", name, ns / NHANDS);
    if (sink == 0x7fffffffffffffffL) printf("(sink)\n");   /* keeps the work */
}

void bench_core(void)
{
    double t0 = now_ns();
    decompose_init();
    double init_ms = (now_ns() - t0) / 1e6;

    struct hand34 *r14 = malloc(sizeof *r14 * NHANDS), *r13 = malloc(sizeof *r13 * NHANDS);
    struct hand34 *win = malloc(sizeof *win * NHANDS);
    if (!r14 || !r13 || !win) { fprintf(stderr, "bench_core: out of memory\n"); exit(1); }
    random_hands(r14, 14, 14);
    random_hands(r13, 13, 13);
    winning_hands(win, 1);

    long sink = 0;
    double t;
    struct shanten s;
    struct decomposition d[MAX_DECOMPOSITIONS];
    bool w[TILE_KINDS];

    t = now_ns();
    for (int n = 0; n < NHANDS; n++) sink += complete_any(r14[n].c, 0, FORM_ALL);
    report("agari_r14", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) sink += complete_any(win[n].c, 0, FORM_ALL);
    report("agari_win14", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) { shanten_forms(r14[n].c, 0, &s); sink += s.all + s.standard + s.seven_pairs + s.thirteen_orphans; }
    report("shanten_r14", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) { shanten_forms(r13[n].c, 0, &s); sink += s.all + s.standard + s.seven_pairs + s.thirteen_orphans; }
    report("shanten_r13", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) sink += shanten_standard(r14[n].c, 0);
    report("shanten_standard_r14", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) {
        int k = decompose(win[n].c, 0, d, MAX_DECOMPOSITIONS);
        sink += k + d[0].pair + d[k - 1].sets[3].kind;
    }
    report("decompose_win14", now_ns() - t, sink);
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) sink += waits(r13[n].c, 0, r13[n].c, FORM_ALL, w) + w[n % TILE_KINDS];
    report("waits_r13", now_ns() - t, sink);
    /* Ready hands: a winning hand without one of its tiles. */
    t = now_ns();
    for (int n = 0; n < NHANDS; n++) {
        uint8_t c[TILE_KINDS];
        memcpy(c, win[n].c, TILE_KINDS);
        int k = 0;
        while (!c[k]) k++;
        c[k]--;
        sink += waits(c, 0, c, FORM_ALL, w) + w[n % TILE_KINDS];
    }
    report("waits_ready13", now_ns() - t, sink);

    printf("tables %zu bytes\n", decompose_table_bytes());
    printf("tables_init %.3f ms\n", init_ms);
    free(r14); free(r13); free(win);
}
