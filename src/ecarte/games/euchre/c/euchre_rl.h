/*
 * euchre_rl.h -- Euchre for reinforcement learning (C99): the observation and
 * information-state tensors of a seat, the action mask, one environment and batches of
 * them, on the game machine of ecarte_euchre.h.
 *
 * Tensors (layout version EC_EU_TENSOR_VERSION; fields in ecarte_rl.h's terms). Seats are
 * relative to the observer: seat s is row or slot (s - observer) mod 4 (0: the observer,
 * 1: its left, 2: its partner, 3: its right); sides are 0 the observer's, 1 the others'.
 * Cards are action ids (0..n-1 for a deck of n cards). The observation is what the seat
 * sees now; the information state adds the order of everything it saw this deal:
 *
 *   observation (EC_EU_OBSERVATION)        rows x width
 *     phase          1 x 10  one-hot  EC_EU_* phase number
 *     to_act         1 x 4   one-hot  relative seat to act (none: chance, over)
 *     dealer         1 x 4   one-hot  relative seat of the dealer
 *     hand           1 x n   bits     the seat's cards now
 *     upcard         1 x n   one-hot  the card turned up
 *     upcard_taken   1 x 1   bits     the dealer took the turned card up
 *     trump          1 x 4   one-hot  suit
 *     maker          1 x 4   one-hot  relative seat
 *     alone          1 x 4   bits     relative seats playing alone
 *     discard        1 x n   one-hot  the dealer's discard (in the dealer's tensor only)
 *     bid_seat       8 x 4   one-hot  bid k: its relative seat
 *     bid            8 x 5   one-hot  bid k: 0 pass, 1 + suit a call
 *     trick          4 x n   one-hot  the card each relative seat played to the trick
 *                                     in progress
 *     trick_leader   1 x 4   one-hot  relative seat that led the trick in progress
 *     played         4 x n   bits     the cards each relative seat played to finished
 *                                     tricks this deal
 *     tricks_won     2 x 6   one-hot  tricks this deal, by side
 *     score          2 x 16  one-hot  points in the game, by side (capped at 15)
 *   information state (EC_EU_INFO_STATE): the observation's fields, then
 *     dealt          1 x n   bits     the seat's five cards as dealt
 *     play_seat     20 x 4   one-hot  play k of the deal: its relative seat
 *     play_card     20 x n   one-hot  play k of the deal: its card
 *
 * Environment. A game whose chance outcomes are drawn inside the calls (ec_eu_chance),
 * so that it waits only for decisions: ec_eu_env_reset starts it with a seed,
 * ec_eu_env_step applies a legal id of the seat to act. Returns are the game's (by seat,
 * at the end).
 *
 * Batch. B environments stepped together, everything in caller-owned arrays: each
 * environment's game, its episode number and legal mask, and the outputs. Auto-reset is
 * Gymnasium's SAME_STEP: a step that ends a game reports its returns and termination, and
 * the environment starts its next episode in the same call (its seed:
 * ec_episode_seed(base, b, episode)); the observation, mask and seat to act written are the
 * new game's.
 */
#ifndef EUCHRE_RL_H
#define EUCHRE_RL_H

#include "ecarte_euchre.h"
#include "ecarte_rl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_EU_TENSOR_VERSION 1
#define EC_EU_OBSERVATION EC_RL_OBSERVATION
#define EC_EU_INFO_STATE EC_RL_INFO_STATE

/* Field numbers, in layout order. */
enum {
    EC_EU_F_PHASE,
    EC_EU_F_TO_ACT,
    EC_EU_F_DEALER,
    EC_EU_F_HAND,
    EC_EU_F_UPCARD,
    EC_EU_F_UPCARD_TAKEN,
    EC_EU_F_TRUMP,
    EC_EU_F_MAKER,
    EC_EU_F_ALONE,
    EC_EU_F_DISCARD,
    EC_EU_F_BID_SEAT,
    EC_EU_F_BID,
    EC_EU_F_TRICK,
    EC_EU_F_TRICK_LEADER,
    EC_EU_F_PLAYED,
    EC_EU_F_TRICKS_WON,
    EC_EU_F_SCORE,
    EC_EU_F_DEALT, /* information state only from here */
    EC_EU_F_PLAY_SEAT,
    EC_EU_F_PLAY_CARD,
    EC_EU_NFIELDS
};

/* The layout of a deck's tensor (which: EC_EU_OBSERVATION or EC_EU_INFO_STATE); returns
 * its size, or EC_EBADRULES for another deck or kind. */
int ec_eu_tensor_layout(int deck, int which, ec_tensor_layout *L);
/* Write seat's tensor of layout L (built for the game's deck) into out[0 .. L->size). */
void ec_eu_tensor(const ec_eu_tables *t, const ec_eu_game *g, int seat,
                  const ec_tensor_layout *L, uint8_t *out);
/* The legal ids now as bytes: out[i] = 1 if id i is legal, for i < t->ncards + 9. */
void ec_eu_mask(const ec_eu_tables *t, const ec_eu_game *g, uint8_t *out);

/* ---- one environment ---- */
/* A new game under cfg with this seed, played to its first decision. EC_OK or EC_EBADRULES. */
int ec_eu_env_reset(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg,
                    uint64_t seed);
/* Apply a legal id of the seat to act, then the chance outcomes that follow: EC_OK, or
 * EC_EILLEGAL (g unchanged). */
int ec_eu_env_step(const ec_eu_tables *t, ec_eu_game *g, int id);

/* ---- batches ---- */
typedef struct ec_eu_batch {
    const ec_eu_tables *tables;
    ec_eu_config cfg;  /* the rules (its seed is not used) */
    ec_eu_game *games; /* rl.n games */
    ec_rl_batch rl;    /* legal: 1 word a game (of the seat to act) */
} ec_eu_batch;

/* Reset and step as ec_rl_batch's (ecarte_rl.h); an illegal action is EC_EILLEGAL.
 * Outputs: obs n x rl.layout.size, mask n x (ncards + 9), rewards n x 4. */
int ec_eu_batch_reset(ec_eu_batch *b, const ec_rl_outputs *out);
int ec_eu_batch_step(ec_eu_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                     size_t *bad);

#ifdef __cplusplus
}
#endif
#endif /* EUCHRE_RL_H */
