/*
 * euchre_hands.h -- random Euchre hands in bulk (C99), on the game-free core.
 */
#ifndef EUCHRE_HANDS_H
#define EUCHRE_HANDS_H

#include "ecarte_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- random Euchre hands (24 cards, 4 positions, partners opposite: sides 0 = {0, 2},
 * 1 = {1, 3}) ----
 * Cards: ranks 9 10 J Q K A are rank ids 7..12 of each suit. ec_euchre_context builds the
 * context for a trump suit 0..3 (clubs, diamonds, hearts, spades): the right bower (jack of
 * trumps) above everything, the left bower (the other jack of the same colour: suit
 * 3 - trump) in the trump suit just below it, then A K Q 10 9; plain suits A K Q J 10 9.
 * The hand, drawing from the core PRNG in this order:
 *   dealer = below(4); a lazy Fisher-Yates shuffle of the 24 cards (ids ascending) deals in
 *   packets 3-2-3-2 then 2-3-2-3, starting left of the dealer (position dealer + 1), card 20
 *   is turned up; trump is its suit (ordered up, no bidding); the maker is below(4);
 *   the dealer takes the turn-up and discards a uniform card of the six (below(6), the
 *   idx-th card by id); the maker goes alone when rules->alone is 1, or on a coin flip
 *   (below(2) == 1) when it is 2; then the partner sits out. The first active position left
 *   of the dealer leads; each play is a uniform legal card (below(count), the idx-th by id)
 *   under rules->play_flags (0 for Euchre: follow suit only). Scoring: makers with 3 or 4
 *   tricks 1 point, all 5: 2 (4 alone); makers with fewer than 3 give the defenders 2. */
typedef struct ec_euchre_rules {
    uint8_t play_flags; /* EC_MUST_* (Euchre: 0) */
    uint8_t alone;      /* 0 never, 1 always, 2 a coin flip */
} ec_euchre_rules;

typedef struct ec_euchre_result {
    uint8_t tricks[2]; /* by side */
    uint8_t points[2]; /* by side */
    uint8_t dealer, maker, alone, up; /* up: the turned-up card (its suit is trump) */
} ec_euchre_result;

typedef struct ec_euchre_totals {
    uint64_t hands;
    uint64_t tricks[2];
    uint64_t points[2];
    uint64_t marches; /* the makers took all 5 tricks */
    uint64_t euchres; /* the makers took fewer than 3 */
    uint64_t alone;   /* hands played alone */
    uint64_t digest;  /* FNV-style hash over every hand's packed result */
} ec_euchre_totals;

void ec_euchre_rules_default(ec_euchre_rules *rules);
int ec_euchre_rules_check(const ec_euchre_rules *rules);
int ec_euchre_context(ec_context *ctx, int trump);
/* Deal one Euchre hand with ec_rng (the shuffle and packets above, from `dealer` 0..3):
 * hands[4] get five cards each; returns the turned-up card. */
int ec_euchre_deal(ec_rng *rng, int dealer, uint64_t hands[EC_MAX_PLAYERS]);
void ec_euchre_totals_init(ec_euchre_totals *totals);
/* Play n random hands from *rng (advanced), as ec_random_hands_next: out and totals may be
 * NULL; chunks of any sizes give what one call gives. Returns EC_OK or EC_EBADRULES. */
int ec_euchre_hands_next(const ec_euchre_rules *rules, ec_rng *rng, size_t n,
                         ec_euchre_result *out, ec_euchre_totals *totals);
int ec_euchre_hands(const ec_euchre_rules *rules, uint64_t seed, size_t n,
                    ec_euchre_result *out, ec_euchre_totals *totals);

#ifdef __cplusplus
}
#endif
#endif /* EUCHRE_HANDS_H */
