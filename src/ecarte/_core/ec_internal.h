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

/* ---- checks shared by the checked functions ---- */

/* The cards of trick[0..n): EC_EBADCARD for one not in the deck, EC_EDUPCARD for one played
 * twice, else EC_OK and their mask in *seen (if not NULL). */
static inline int ec_check_trick(const ec_context *ctx, const uint8_t *trick, int n,
                                 uint64_t *seen)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++) {
        int c = trick[i];
        if (c > 63 || ctx->suit_of[c] < 0)
            return EC_EBADCARD;
        if (m & BIT(c))
            return EC_EDUPCARD;
        m |= BIT(c);
    }
    if (seen)
        *seen = m;
    return EC_OK;
}

/* The cards of pos, its trick (as ec_check_trick) and its hands: EC_EBADCARD for a card not
 * in the deck, EC_EHANDTRICK for one both in a hand and in the trick, EC_EDUPCARD for one in
 * two places. */
static inline int ec_check_cards(const ec_context *ctx, const ec_position *pos)
{
    uint64_t seen, all;
    int err = ec_check_trick(ctx, pos->trick, pos->ntrick, &seen);
    if (err != EC_OK)
        return err;
    all = seen;
    for (int i = 0; i < pos->nplayers; i++) {
        uint64_t h = pos->hands[i];
        if (h & ~ctx->deck)
            return EC_EBADCARD;
        if (h & all)
            return (h & seen) ? EC_EHANDTRICK : EC_EDUPCARD;
        all |= h;
    }
    return EC_OK;
}

/* The hand size the active positions of pos (a mask) share once the cards they played to the
 * trick in progress are counted back (the first ntrick of them from the leader played one):
 * EC_EBADSTATE if their sizes cannot arise so. */
static inline int ec_hand_size(const ec_position *pos, unsigned active, int nactive)
{
    int size = -1, seat = pos->leader;
    for (int i = 0; i < nactive; i++) {
        int have = ec_count(pos->hands[seat]) + (i < pos->ntrick);
        if (size < 0)
            size = have;
        else if (have != size)
            return EC_EBADSTATE;
        do
            seat = (seat + 1) % pos->nplayers;
        while (!(active >> seat & 1));
    }
    return size;
}

/* The number of active positions among np (2..4): *active is a mask of them, 0 meaning all
 * (then set to all). EC_ENPLAYERS for np out of range, a mask beyond the positions or fewer
 * than 2 active. */
static inline int ec_count_active(int np, unsigned *active)
{
    int n = 0;
    if (np < 2 || np > EC_MAX_PLAYERS)
        return EC_ENPLAYERS;
    if (*active == 0)
        *active = (1u << np) - 1;
    if (*active >> np)
        return EC_ENPLAYERS;
    for (int i = 0; i < np; i++)
        n += (int)(*active >> i & 1);
    return n < 2 ? EC_ENPLAYERS : n;
}

/* A play state's checked play: EC_OK if card is among the legal cards, else EC_EBADCARD (not
 * a card of the deck) or EC_EILLEGAL. */
EC_INLINE int ec_check_play(const ec_context *ctx, uint64_t legal, int card)
{
    if (card < 0 || card > 63 || ctx->suit_of[card] < 0)
        return EC_EBADCARD;
    return (legal & BIT(card)) ? EC_OK : EC_EILLEGAL;
}

/* ---- the four-hand solver's last two tricks, kept across solves (ec_solvern.c) ---- */

/* Bounds on the value of positions of two tricks left (no rule flags, distinct powers),
 * each keyed by the position up to the renaming of cards that keeps every suit's order
 * among the cards in play (so positions of different deals may share an entry): the
 * leader, the trumps, the sides and each hand's cards as their suits and their ranks
 * among the cards of their suit still in play. The bounds count the leader's side's
 * tricks of the two; an entry holds whatever position last fell on its slot. One table
 * serves the solves of contexts that order the cards alike for each trump (one game's). */
#define EC_SOLVEN_ENDS 4096

/* The solver's names of a set of cards (ec_solvern.c): each card's place (its rank by reply
 * key, then id) and, by place, the masks of places the search reads. */
typedef struct ec_solvern_names {
    uint64_t suit[4];       /* each effective suit's places */
    uint64_t trumps;        /* the trumps' places (0 without trumps) */
    uint64_t above[64];     /* same effective suit, strictly higher power */
    uint64_t beaten_by[64]; /* the places beating a place led: above it, and the trumps */
    int8_t suit_of[64];     /* effective suit */
    uint8_t id[64];         /* the card id of a place */
    uint8_t place[64];      /* the place of a card id */
} ec_solvern_names;

typedef struct ec_solvern_ends {
    uint64_t key[EC_SOLVEN_ENDS];
    uint8_t lo[EC_SOLVEN_ENDS], hi[EC_SOLVEN_ENDS];
    /* by trump (EC_NO_TRUMP first), the names of the deck of the context last solved with
     * it, made once for the solves that follow */
    const ec_context *named[5];
    ec_solvern_names names[5];
} ec_solvern_ends;

/* Empties the table. */
void ec_solvern_ends_clear(ec_solvern_ends *ends);

/* ec_solve_n_reached, the last two tricks' bounds looked up in and added to ends (NULL:
 * none kept). */
int ec_solve_n_reached_ends(const ec_context *ctx, const ec_position *pos, unsigned active,
                            unsigned flags, const uint8_t *teams, const int *targets, int n,
                            ec_solvern_ends *ends);

#endif /* EC_INTERNAL_H */
