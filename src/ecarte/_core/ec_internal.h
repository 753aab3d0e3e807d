/*
 * ec_internal.h -- helpers shared by the core's C files (not part of the ABI).
 */
#ifndef EC_INTERNAL_H
#define EC_INTERNAL_H

#include "ecarte_core.h"

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define EC_INLINE static inline __attribute__((always_inline))
static inline int ec_ctz(uint64_t m) { return __builtin_ctzll(m); }
#else
#define EC_INLINE static inline
static inline int ec_ctz(uint64_t m)
{
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
}
#endif

#define BIT(c) ((uint64_t)1 << (c))

/* Kernighan count (the masks here hold a few bits), or the popcnt instruction when the
 * target has it. */
EC_INLINE int ec_count(uint64_t m)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(m);
#endif
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

EC_INLINE uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

EC_INLINE uint64_t rng_next(ec_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Full 64x64 -> 128-bit product: returns the high half, stores the low half. */
EC_INLINE uint64_t mul_hi(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 t = (u128)a * b;
    *lo = (uint64_t)t;
    return (uint64_t)(t >> 64);
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

#define RNG_BUDGET ((uint64_t)1 << 32)

EC_INLINE uint32_t rng_below(ec_rng *rng, uint32_t n)
{
    uint64_t b = rng->bound * n, hi;
    if (b > RNG_BUDGET) {
        rng->frac = rng_next(rng);
        b = n;
    }
    rng->bound = b;
    hi = mul_hi(rng->frac, n, &rng->frac);
    return (uint32_t)hi;
}


/* Lazy Fisher-Yates over a deck of n cards: the i-th card of the shuffled deck. Slots below i
 * are never read again, so the drawn card is not stored back. */
EC_INLINE int ec_draw(ec_rng *rng, uint8_t *deck, int i, int n)
{
    int j = i + (int)rng_below(rng, (uint32_t)(n - i));
    uint8_t t = deck[j];
    deck[j] = deck[i];
    return t;
}

/* The idx-th set bit of m, counting from the lowest. */
EC_INLINE int ec_nth_bit(uint64_t m, uint32_t idx)
{
    while (idx--)
        m &= m - 1;
    return ec_ctz(m);
}

#endif /* EC_INTERNAL_H */
