/*
 * ecarte_rules.h -- the rules of one hand of Écarté (C99), shared by the match machine
 * (ecarte_machine.h) and the batches (ecarte_hands.h): one struct, one set of ranges, one
 * statement of the classic scoring of the tricks. The pure-Python twin is
 * ecarte/games/ecarte/_pure_rules.py.
 */
#ifndef ECARTE_RULES_H
#define ECARTE_RULES_H

#include "ecarte_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ec_hand_rules {
    uint8_t order[8];              /* rank ids 5..12, high to low (classic K Q J A 10 9 8 7) */
    uint8_t elder_min_discard;     /* 0..5, classic 1 */
    uint8_t dealer_min_discard;    /* 0..5, classic 0 */
    uint8_t play_flags;            /* EC_MUST_OVERTAKE | EC_MUST_TRUMP, classic both */
    uint8_t penalty_to_dealer;     /* 0: a refused proposal's penalty profits the elder (when
                                      the dealer fails); 1: the dealer (when the elder fails) */
    uint8_t penalty_every_refusal; /* 0: only the first proposal's refusal carries it */
    uint8_t vole_penalty;          /* 2..3: points of a vole under penalty */
    uint8_t penalties;             /* 0: no penalty ever falls (1 for 3-4 tricks, 2 for five);
                                      classic 1 */
} ec_hand_rules;

/* The classic rules. */
void ec_hand_rules_default(ec_hand_rules *rules);

/* EC_OK, or EC_EBADRULES when a field is out of the ranges above. */
int ec_hand_rules_check(const ec_hand_rules *rules);

/* The trick tables of the 32-card deck under rules->order, one per trump suit. */
void ec_hand_contexts(const ec_hand_rules *rules, ec_context ctxs[4]);

/* The classic points of the tricks of a hand: the side with 3 tricks or more scores 1, 2 for
 * all five (the vole); under a penalty 2, or vole_penalty for a vole. Unless penalties is 0,
 * the penalty falls when the elder played without proposing and lost (elder_alone), or when
 * a refusal carrying it was made (refusal) and the side it is against lost. Returns the points; *elder_scores
 * gets 1 when the elder scores them, *penalty 1 when a penalty applied. */
unsigned ec_trick_points(const ec_hand_rules *rules, int elder_tricks, int elder_alone,
                         int refusal, int *elder_scores, int *penalty);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_RULES_H */
