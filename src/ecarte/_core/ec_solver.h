/*
 * ec_solver.h -- the solver's tables and two-player helpers, shared by the solver and the
 * batch playouts (not part of the ABI).
 */
#ifndef EC_SOLVER_H
#define EC_SOLVER_H

#include "ec_internal.h"

#include <string.h>

/* Transposition table: bounds on the leader's tricks for (leader's hand, other hand).
 * A bitmap marks the entries written by the current solve, so starting a solve clears 32
 * bytes, not the table, and no entry is read before it is written. */
#define DD_TT_SIZE 256
typedef struct dd_entry {
    uint64_t lead, other;
    uint8_t lo, hi;
    uint8_t move; /* power-space search: the lead that last proved a bound, 255 if none */
} dd_entry;

typedef struct dd_table {
    uint64_t used[DD_TT_SIZE / 64];
    dd_entry e[DD_TT_SIZE];
} dd_table;

typedef struct dd_env {
    const ec_context *ctx;
    uint64_t trumps;
    unsigned flags;
    dd_table *tt;
} dd_env;

EC_INLINE void dd_table_next(dd_table *tt)
{
    memset(tt->used, 0, sizeof tt->used);
}

EC_INLINE void dd_table_init(dd_table *tt)
{
    dd_table_next(tt);
}

EC_INLINE dd_entry *dd_probe_key(dd_table *tt, uint64_t lead, uint64_t other)
{
    uint64_t h = (lead * 0x9E3779B97F4A7C15ULL ^ other * 0xC2B2AE3D27D4EB4FULL) >> 56;
    uint64_t *word = &tt->used[h >> 6], bit = BIT(h & 63);
    dd_entry *p = &tt->e[h];
    if (!(*word & bit) || p->lead != lead || p->other != other) {
        *word |= bit;
        p->lead = lead;
        p->other = other;
        p->lo = 0;
        p->hi = 255;
        p->move = 255;
    }
    return p;
}

EC_INLINE dd_entry *dd_probe(const dd_env *e, uint64_t lead, uint64_t other)
{
    return dd_probe_key(e->tt, lead, other);
}

/* Legal replies in a two-player trick, the led card's suit being `suit` and the cards above
 * it `above` (no overtrump question): follow suit, beating the led card under
 * EC_MUST_OVERTAKE if able; when void, a trump under EC_MUST_TRUMP if able. */
EC_INLINE uint64_t dd_replies(uint64_t hand, uint64_t suit, uint64_t above, uint64_t trumps,
                              unsigned flags)
{
    uint64_t follow = hand & suit;
    if (follow) {
        if (flags & EC_MUST_OVERTAKE) {
            uint64_t over = follow & above;
            if (over)
                return over;
        }
        return follow;
    }
    if (flags & EC_MUST_TRUMP) {
        uint64_t t = hand & trumps;
        if (t)
            return t;
    }
    return hand;
}

/* Legal replies to the led card c. */
EC_INLINE uint64_t legal2(const dd_env *e, uint64_t hand, int c)
{
    const ec_context *ctx = e->ctx;
    return dd_replies(hand, ctx->suit_mask[ctx->suit_of[c]], ctx->above[c], e->trumps, e->flags);
}

/* Does the reply r beat the led card c? */
EC_INLINE int beats(const dd_env *e, int c, int r)
{
    return (int)((e->ctx->beaten_by[c] >> r) & 1);
}


/* ec_solve without checks, with the caller's table (batch playouts reuse one). */
int ec__solve_unchecked(const ec_context *ctx, const ec_position *pos, unsigned flags,
                        uint8_t *best, dd_table *tt);

#endif /* EC_SOLVER_H */
