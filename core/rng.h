/* The project's own random numbers (xoshiro256**, seeded by splitmix64): the same
 * seed gives the same sequence on every machine. */
#ifndef JONG_RNG_H
#define JONG_RNG_H

#include <stdint.h>

struct rng { uint64_t s[4]; };

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t n);
/* A die: 1-6. */
int rng_die(struct rng *r);
/* Fisher-Yates shuffle of n bytes. */
void rng_shuffle(struct rng *r, uint8_t *a, int n);

#endif
