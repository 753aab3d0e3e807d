/*
 * ec_rng.c -- the PRNG (xoshiro256** seeded by splitmix64).
 * C99, no allocation, no global mutable state. The pure-Python twin in _pure.py
 * follows this file step for step.
 */
#include "ec_internal.h"

#include <string.h>

/* ------------------------------------------------------------------ PRNG */

void ec_rng_seed(ec_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        uint64_t z;
        x += 0x9E3779B97F4A7C15ULL;
        z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        rng->s[i] = z ^ (z >> 31);
    }
    rng->frac = 0;
    rng->bound = (uint64_t)1 << 32;
}

uint64_t ec_rng_next(ec_rng *rng) { return rng_next(rng); }
uint32_t ec_rng_below(ec_rng *rng, uint32_t n)
{
    /* n = 0 would set bound to 0 for good: no later draw would refresh frac */
    return n ? rng_below(rng, n) : 0;
}
