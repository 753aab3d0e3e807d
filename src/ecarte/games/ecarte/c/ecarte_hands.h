/*
 * ecarte_hands.h -- random Écarté hands and solves in bulk (C99), on the game-free core.
 */
#ifndef ECARTE_HANDS_H
#define ECARTE_HANDS_H

#include "ecarte_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- random Écarté hands ---- */
typedef struct ec_rules {
    ec_hand_rules hand;    /* the rules of the hand (ecarte_rules.h) */
    uint8_t deal_pattern;  /* 32: packets 3 then 2; 23: packets 2 then 3 */
    uint8_t king_points;   /* 1: the king of trumps scores (announced automatically) */
} ec_rules;

void ec_rules_default(ec_rules *rules);
int ec_rules_check(const ec_rules *rules);

/* Seat 0 is the dealer, seat 1 the elder. flags: bit 0 turned-up king, bit 1 the elder played
 * without proposing, bit 2 a refusal carrying the penalty, bit 3 a penalty applied. */
typedef struct ec_hand_result {
    uint8_t points[2];
    uint8_t tricks[2];
    uint8_t exchanges;
    uint8_t flags;
    uint16_t actions; /* decisions: play/propose, accept/refuse, each discarded card, 10 plays */
} ec_hand_result;

typedef struct ec_totals {
    uint64_t hands;
    uint64_t points[2];
    uint64_t tricks[2];
    uint64_t voles;
    uint64_t exchanges;
    uint64_t actions;
    uint64_t digest; /* FNV-style hash over every hand's packed result */
} ec_totals;

/* Play n random hands from seed (one PRNG stream for the whole batch). out may be NULL.
 * The hands follow the engine's classic rules: the elder may propose while the stock holds
 * at least max(1, elder_min_discard) cards and the last exchange moved a card.
 * Returns EC_OK or EC_EBADRULES. */
int ec_random_hands(const ec_rules *rules, uint64_t seed, size_t n, ec_hand_result *out,
                    ec_totals *totals);

/* Deal n random hands from seed (same deal as ec_random_hands, no exchange) and solve each
 * from the first trick (the elder to lead). values[i]: the elder's tricks, best[i]: the lead.
 * Either array may be NULL; *digest (if not NULL) gets a hash over all results. */
int ec_random_solves(const ec_rules *rules, uint64_t seed, size_t n, int8_t *values,
                     uint8_t *best, uint64_t *digest);

/* Batches in chunks: the streams of ec_random_hands and ec_random_solves, continued across
 * calls, so that a host can stop between chunks, report progress or keep its memory bounded.
 * Seed *rng with ec_rng_seed(rng, seed) and start *totals with ec_totals_init (*digest with
 * EC_DIGEST_START); each call plays n more hands from *rng, advances it, and adds to *totals
 * (hands included) or chains *digest. Chunks of any sizes give what one call of the whole
 * size gives, bit for bit: with n = n1 + n2,
 *     ec_rng_seed(&rng, seed); ec_totals_init(&t);
 *     ec_random_hands_next(&r, &rng, n1, out, &t);
 *     ec_random_hands_next(&r, &rng, n2, out + n1, &t);
 * leaves out[0..n) and t as ec_random_hands(&r, seed, n, out, &t). out, totals, values, best
 * and digest may be NULL. Returns EC_OK or EC_EBADRULES (nothing played). */
void ec_totals_init(ec_totals *totals);
int ec_random_hands_next(const ec_rules *rules, ec_rng *rng, size_t n, ec_hand_result *out,
                         ec_totals *totals);
int ec_random_solves_next(const ec_rules *rules, ec_rng *rng, size_t n, int8_t *values,
                          uint8_t *best, uint64_t *digest);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_HANDS_H */
