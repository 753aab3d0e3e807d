/*
 * ec_rules.c -- the rules of one hand of Écarté (ecarte_rules.h spells out the contract).
 * C99, no allocation, no global mutable state. The pure-Python twin is _pure_rules.py.
 */
#include "ec_internal.h"
#include "ecarte_rules.h"

#include <string.h>

void ec_hand_rules_default(ec_hand_rules *rules)
{
    static const uint8_t classic[8] = {11, 10, 9, 12, 8, 7, 6, 5};
    memcpy(rules->order, classic, 8);
    rules->elder_min_discard = 1;
    rules->dealer_min_discard = 0;
    rules->play_flags = EC_MUST_OVERTAKE | EC_MUST_TRUMP;
    rules->penalty_to_dealer = 0;
    rules->penalty_every_refusal = 0;
    rules->vole_penalty = 2;
    rules->penalties = 1;
}

int ec_hand_rules_check(const ec_hand_rules *r)
{
    unsigned seen = 0;
    for (int i = 0; i < 8; i++) {
        if (r->order[i] < 5 || r->order[i] > 12 || (seen >> r->order[i] & 1))
            return EC_EBADRULES;
        seen |= 1u << r->order[i];
    }
    if (r->elder_min_discard > 5 || r->dealer_min_discard > 5 ||
        r->play_flags > (EC_MUST_OVERTAKE | EC_MUST_TRUMP) || r->penalty_to_dealer > 1 ||
        r->penalty_every_refusal > 1 || r->vole_penalty < 2 || r->vole_penalty > 3 ||
        r->penalties > 1)
        return EC_EBADRULES;
    return EC_OK;
}

void ec_hand_contexts(const ec_hand_rules *r, ec_context ctxs[4])
{
    int8_t suit_of[64];
    uint8_t power[64];
    memset(suit_of, -1, sizeof suit_of);
    memset(power, 0, sizeof power);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) {
            int c = s * 16 + r->order[i];
            suit_of[c] = (int8_t)s;
            power[c] = (uint8_t)(8 - i);
        }
    for (int t = 0; t < 4; t++)
        ec_context_init(&ctxs[t], suit_of, power, t);
}

unsigned ec_trick_points(const ec_hand_rules *r, int elder_tricks, int elder_alone,
                         int refusal, int *elder_scores, int *penalty)
{
    int elder_wins = elder_tricks >= 3;
    int vole = elder_tricks == 5 || elder_tricks == 0;
    int pen = r->penalties &&
              ((elder_alone && !elder_wins) || (refusal && elder_wins != r->penalty_to_dealer));
    *elder_scores = elder_wins;
    *penalty = pen;
    return vole ? (pen ? r->vole_penalty : 2u) : (pen ? 2u : 1u);
}
