/* Benchmark of the hand analysis (core/decompose.h) on fixed seeded inputs:
 * 1,000,000 random 14-tile hands and 13-tile hands (the first tiles of shuffled 136-tile
 * walls) and 1,000,000 random closed winning hands (a pair and four sets); the same for
 * hands of five sets (17 and 16 tiles, the figures named ..17 and ..16). Prints one
 * line per figure, "name value unit". The machine is shared: each pass over the inputs
 * is timed in chunks of CHUNK hands, and a figure adds up the best time of each chunk
 * over REPEATS passes (the least disturbed run of it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"
#include "decompose.h"
#include "rng.h"


#ifndef BENCH_CLOCK   /* -DBENCH_CLOCK=CLOCK_THREAD_CPUTIME_ID to leave out time not running */
#define BENCH_CLOCK CLOCK_MONOTONIC
#endif

enum { NHANDS = 1000000, REPEATS = 7, CHUNK = 1000 };

struct hand34 { uint8_t c[TILE_KINDS]; };

static struct hand34 *r14, *r13, *win, *ready, *r17, *r16, *win17, *ready16;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(BENCH_CLOCK, &t);
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

/* A random pair and `sets` random sets, never more than four of a kind; and the same
 * hands without one of their tiles (ready hands). */
static void winning_hands(struct hand34 *h, struct hand34 *ready13, uint64_t seed, int sets)
{
    struct rng r;
    rng_seed(&r, seed);
    for (int n = 0; n < NHANDS; n++) {
        uint8_t *c = h[n].c;
        memset(c, 0, TILE_KINDS);
        c[rng_below(&r, TILE_KINDS)] = 2;
        for (int s = 0; s < sets;) {
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
        ready13[n] = h[n];
        int skip = (int)rng_below(&r, 3 * (uint64_t)sets + 2), k = 0;
        for (;; k++) {
            if (skip < c[k]) break;
            skip -= c[k];
        }
        ready13[n].c[k]--;
    }
}

static long run_agari_r14(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += complete_any(r14[n].c, 0, FORM_ALL);
    return sink;
}

static long run_agari_win14(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += complete_any(win[n].c, 0, FORM_ALL);
    return sink;
}

static long shanten_all(const struct hand34 *h, int from, int to)
{
    long sink = 0;
    struct shanten s;
    for (int n = from; n < to; n++) {
        shanten_forms(h[n].c, 0, FORM_ALL, &s);
        sink += s.all + s.standard + s.seven_pairs + s.thirteen_orphans;
    }
    return sink;
}

static long run_shanten_r14(int from, int to) { return shanten_all(r14, from, to); }
static long run_shanten_r13(int from, int to) { return shanten_all(r13, from, to); }

static long run_shanten_standard_r14(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += shanten_standard(r14[n].c, 0);
    return sink;
}

static long run_decompose_win14(int from, int to)
{
    long sink = 0;
    struct decomposition d[MAX_DECOMPOSITIONS];
    for (int n = from; n < to; n++) {
        int k = decompose(win[n].c, 0, d, MAX_DECOMPOSITIONS);
        sink += k + d[0].pair + d[k - 1].sets[3].kind;
    }
    return sink;
}

static long run_readings_win14(int from, int to)
{
    long sink = 0;
    struct reading r[MAX_READINGS];
    for (int n = from; n < to; n++) {
        int k = 0;
        while (!win[n].c[k]) k++;
        int m = readings(win[n].c, 0, k, r, MAX_READINGS);
        sink += m + r[m - 1].wait;
    }
    return sink;
}

static long waits_all(const struct hand34 *h, int from, int to)
{
    long sink = 0;
    bool w[TILE_KINDS];
    for (int n = from; n < to; n++) sink += waits(h[n].c, 0, h[n].c, FORM_ALL, w) + w[n % TILE_KINDS];
    return sink;
}

static long run_waits_r13(int from, int to) { return waits_all(r13, from, to); }
static long run_waits_ready13(int from, int to) { return waits_all(ready, from, to); }

/* Five sets and a pair: the analysis is asked with one meld less (-1). */
enum { FIVE = -1 };

static long run_agari_r17(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += complete_any(r17[n].c, FIVE, FORM_ALL);
    return sink;
}

static long run_agari_win17(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += complete_any(win17[n].c, FIVE, FORM_ALL);
    return sink;
}

static long run_shanten_r17(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += shanten_standard(r17[n].c, FIVE);
    return sink;
}

static long run_shanten_r16(int from, int to)
{
    long sink = 0;
    for (int n = from; n < to; n++) sink += shanten_standard(r16[n].c, FIVE);
    return sink;
}

static long run_decompose_win17(int from, int to)
{
    long sink = 0;
    struct decomposition d[MAX_DECOMPOSITIONS];
    for (int n = from; n < to; n++) {
        int k = decompose(win17[n].c, FIVE, d, MAX_DECOMPOSITIONS);
        sink += k + d[0].pair + d[k - 1].sets[4].kind;
    }
    return sink;
}

static long run_readings_win17(int from, int to)
{
    long sink = 0;
    struct reading r[MAX_READINGS];
    for (int n = from; n < to; n++) {
        int k = 0;
        while (!win17[n].c[k]) k++;
        int m = readings(win17[n].c, FIVE, k, r, MAX_READINGS);
        sink += m + r[m - 1].wait;
    }
    return sink;
}

static long waits_five(const struct hand34 *h, int from, int to)
{
    long sink = 0;
    bool w[TILE_KINDS];
    for (int n = from; n < to; n++) sink += waits(h[n].c, FIVE, h[n].c, FORM_ALL, w) + w[n % TILE_KINDS];
    return sink;
}

static long run_waits_r16(int from, int to) { return waits_five(r16, from, to); }
static long run_waits_ready16(int from, int to) { return waits_five(ready16, from, to); }

static void measure(const char *name, long (*run)(int from, int to))
{
    if (!bench_wanted(name))
        return;
    static volatile long sink;
    static double best[NHANDS / CHUNK];
    for (int i = 0; i < REPEATS; i++)
        for (int c = 0; c < NHANDS / CHUNK; c++) {
            double t = now_ns();
            sink += run(c * CHUNK, (c + 1) * CHUNK);
            t = now_ns() - t;
            if (i == 0 || t < best[c]) best[c] = t;
        }
    double total = 0;
    for (int c = 0; c < NHANDS / CHUNK; c++) total += best[c];
    printf("%s %.1f ns/hand\n", name, total / NHANDS);
}

void bench_core(void)
{
    double t0 = now_ns();
    decompose_init();
    double init_ms = (now_ns() - t0) / 1e6;
    static const char *const names[] = { "agari", "shanten", "decompose", "readings", "waits", "tables" };
    bool any = false;
    for (int i = 0; i < 6; i++)
        any = any || bench_wanted(names[i]);
    if (!any)
        return;

    r14 = malloc(sizeof *r14 * NHANDS);
    r13 = malloc(sizeof *r13 * NHANDS);
    win = malloc(sizeof *win * NHANDS);
    ready = malloc(sizeof *ready * NHANDS);
    r17 = malloc(sizeof *r17 * NHANDS);
    r16 = malloc(sizeof *r16 * NHANDS);
    win17 = malloc(sizeof *win17 * NHANDS);
    ready16 = malloc(sizeof *ready16 * NHANDS);
    if (!r14 || !r13 || !win || !ready || !r17 || !r16 || !win17 || !ready16) {
        fprintf(stderr, "bench_core: out of memory\n");
        exit(1);
    }
    random_hands(r14, 14, 14);
    random_hands(r13, 13, 13);
    winning_hands(win, ready, 1, 4);
    random_hands(r17, 17, 17);
    random_hands(r16, 16, 16);
    winning_hands(win17, ready16, 5, 5);

    measure("agari_r14", run_agari_r14);
    measure("agari_win14", run_agari_win14);
    measure("shanten_r14", run_shanten_r14);
    measure("shanten_r13", run_shanten_r13);
    measure("shanten_standard_r14", run_shanten_standard_r14);
    measure("decompose_win14", run_decompose_win14);
    measure("readings_win14", run_readings_win14);
    measure("waits_r13", run_waits_r13);
    measure("waits_ready13", run_waits_ready13);
    measure("agari_r17", run_agari_r17);
    measure("agari_win17", run_agari_win17);
    measure("shanten_standard_r17", run_shanten_r17);
    measure("shanten_standard_r16", run_shanten_r16);
    measure("decompose_win17", run_decompose_win17);
    measure("readings_win17", run_readings_win17);
    measure("waits_r16", run_waits_r16);
    measure("waits_ready16", run_waits_ready16);
    if (bench_wanted("tables"))
        printf("tables %zu bytes\ntables_init %.3f ms\n", decompose_table_bytes(), init_ms);
    free(r14); free(r13); free(win); free(ready);
    free(r17); free(r16); free(win17); free(ready16);
}
