/*
 * ecarte_env.h -- the Écarté match for reinforcement learning (C99): the observation and
 * information-state tensors of a seat, the action mask, one environment and batches of
 * them, on the match machine of ecarte_machine.h. Two seats (rules.nplayers == 2), no
 * hook answered by the caller (hook_mask == 0): every rule of ec_match_rules, none of a
 * variant's Python hooks.
 *
 * An environment (ec_mt_env) is a match, what the tensors need beyond it (each position's
 * dealt hand and discarded cards this hand) and the match's log buffer, inline: plain data,
 * copied with memcpy or `=`. The log is kept only while a call runs: between calls it is
 * emptied (no undo, no replay; the match needs nothing of it once it waits).
 *
 * Tensors (layout version EC_MT_TENSOR_VERSION; fields in ecarte_rl.h's terms). Seats are
 * relative to the observer: 0 the observer, 1 the opponent. Cards are piquet indices
 * suit * 8 + rank - 5 of card ids suit * 16 + rank (the ids that play them, 0..31).
 * Positions of a hand: 0 the elder, 1 the dealer.
 *
 *   observation (EC_MT_OBSERVATION)             rows x width
 *     phase             1 x 9   one-hot  EC_PH_* phase number
 *     to_act            1 x 2   one-hot  relative seat to act (none: chance, over)
 *     dealer            1 x 2   one-hot  relative seat of the dealer
 *     hand              1 x 32  bits     the seat's cards now
 *     turnup            1 x 32  one-hot  the card turned up
 *     trump             1 x 4   one-hot  suit
 *     packets           1 x 2   one-hot  this hand dealt 3-2 (0) or 2-3 (1)
 *     stock             1 x 22  one-hot  cards left in the stock
 *     exchanges         1 x 12  one-hot  accepted proposals this hand (capped at 11)
 *     last_discard      2 x 6   one-hot  by relative seat: cards in its last discard
 *     played_alone      1 x 1   bits     the elder played without proposing
 *     refused           1 x 1   bits     the dealer refused a proposal
 *     refused_after     1 x 12  one-hot  exchanges before the refusal (capped at 11)
 *     kings             1 x 2   bits     relative seats that scored the king of trumps
 *                                        by announcing or holding it
 *     trick             2 x 32  one-hot  the card each relative seat played to the trick
 *                                        in progress
 *     trick_leader      1 x 2   one-hot  relative seat that led the trick in progress
 *     played            2 x 32  bits     the cards each relative seat played to finished
 *                                        tricks this hand
 *     tricks_won        2 x 6   one-hot  tricks this hand, by relative seat
 *     score             2 x 16  one-hot  points in the game, by relative seat (capped)
 *     games_won         2 x 4   one-hot  games won in the match, by relative seat (capped)
 *   information state (EC_MT_INFO_STATE): the observation's fields, then
 *     dealt             1 x 32  bits     the seat's five cards as dealt
 *     my_discards       1 x 32  bits     the cards the seat discarded this hand
 *     discards         48 x 6   one-hot  discard k of the hand: its number of cards (even
 *                                        k the elder's, odd k the dealer's)
 *     play_seat        10 x 2   one-hot  play k of the hand: its relative seat
 *     play_card        10 x 32  one-hot  play k of the hand: its card
 *
 * Batch. B environments stepped together, everything in caller-owned arrays. Auto-reset is
 * Gymnasium's SAME_STEP: a step that ends a match reports its returns (+1 the winner, -1
 * the loser) and termination, and the environment starts its next episode in the same
 * call (its seed: ec_episode_seed(base, b, episode)); the observation, mask and seat to
 * act written are the new match's.
 */
#ifndef ECARTE_ENV_H
#define ECARTE_ENV_H

#include "ecarte_machine.h"
#include "ecarte_rl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_MT_TENSOR_VERSION 1
#define EC_MT_OBSERVATION EC_RL_OBSERVATION
#define EC_MT_INFO_STATE EC_RL_INFO_STATE
#define EC_MT_LOG_CAP 1024 /* what one call of the machine may log, with room to spare */
#define EC_MT_NUM_IDS EC_NUM_IDS

/* Field numbers, in layout order. */
enum {
    EC_MT_F_PHASE,
    EC_MT_F_TO_ACT,
    EC_MT_F_DEALER,
    EC_MT_F_HAND,
    EC_MT_F_TURNUP,
    EC_MT_F_TRUMP,
    EC_MT_F_PACKETS,
    EC_MT_F_STOCK,
    EC_MT_F_EXCHANGES,
    EC_MT_F_LAST_DISCARD,
    EC_MT_F_PLAYED_ALONE,
    EC_MT_F_REFUSED,
    EC_MT_F_REFUSED_AFTER,
    EC_MT_F_KINGS,
    EC_MT_F_TRICK,
    EC_MT_F_TRICK_LEADER,
    EC_MT_F_PLAYED,
    EC_MT_F_TRICKS_WON,
    EC_MT_F_SCORE,
    EC_MT_F_GAMES_WON,
    EC_MT_F_DEALT, /* information state only from here */
    EC_MT_F_MY_DISCARDS,
    EC_MT_F_DISCARDS,
    EC_MT_F_PLAY_SEAT,
    EC_MT_F_PLAY_CARD,
    EC_MT_NFIELDS
};

typedef struct ec_mt_env {
    ec_match m;
    uint64_t dealt[2];   /* by position: the hands as dealt (card masks) */
    uint64_t disc[2];    /* by position: the cards discarded this hand */
    uint16_t hand;       /* the hand these are about (m.hand_number) */
    uint8_t dealt_known; /* 1 once that hand was dealt */
    uint8_t buf[EC_MT_LOG_CAP];
} ec_mt_env;

/* EC_OK, or EC_EBADRULES for a configuration the environments do not take (a hook of the
 * caller's, or other than two seats). */
int ec_mt_env_check(const ec_match_config *cfg);
/* The layout of a tensor (which: EC_MT_OBSERVATION or EC_MT_INFO_STATE); returns its size
 * or EC_EBADRULES. */
int ec_mt_tensor_layout(int which, ec_tensor_layout *L);
/* Write seat's tensor of layout L into out[0 .. L->size). */
void ec_mt_tensor(const ec_mt_env *e, int seat, const ec_tensor_layout *L, uint8_t *out);
/* The legal ids now as bytes: out[i] = 1 if id i is legal, i < EC_NUM_IDS. */
void ec_mt_mask(const ec_match_config *cfg, const ec_mt_env *e, uint8_t *out);

/* A new match with this seed; with auto_chance its cuts and deals are drawn inside the
 * calls and it waits only for decisions. Returns EC_OK or an error. */
int ec_mt_env_reset(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed, int auto_chance);
/* Apply a legal id of the seat to act: EC_OK, or an error with e unchanged. */
int ec_mt_env_step(const ec_match_config *cfg, ec_mt_env *e, int id);
/* Apply a cut (n 2) or deal (n 32, top card first) when chance is due (auto_chance off). */
int ec_mt_env_chance(const ec_match_config *cfg, ec_mt_env *e, const uint8_t *cards, int n);
/* Rebuild e from the first n bytes of a match's log under cfg (any hooks: their answers are
 * in the log; two seats), for its tensors: the match replayed (ec_match_replay, seed and
 * auto_chance as the match was started with), each position's cards as dealt this hand
 * (the match replayed up to its first decision) and its discards (read from the log).
 * scratch holds cap bytes, cap >= n + EC_LOG_ROOM; e's own buffer is not used and its
 * log is left empty. Returns EC_OK, EC_EBADRULES (not two seats) or the replay's error. */
int ec_mt_env_from_log(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed, int auto_chance,
                       const uint8_t *log, uint32_t n, uint8_t *scratch, uint32_t cap);
/* Bytes of the log entry at p (left >= 1 bytes remain) of a match of nplayers seats, -1 if
 * the machine writes no such entry (ecarte_machine.h lists them). */
int ec_mt_log_entry_size(const uint8_t *p, uint32_t left, int nplayers);
/* The returns by seat: +1 the match's winner, -1 the other; 0 before the end. */
void ec_mt_env_returns(const ec_mt_env *e, float out[2]);

/* ---- batches ---- */
typedef struct ec_mt_batch {
    const ec_match_config *cfg;
    ec_mt_env *envs; /* rl.n environments */
    ec_rl_batch rl;  /* legal: 2 words an environment (ec_match_legal) */
} ec_mt_batch;

/* Reset and step as ec_rl_batch's (ecarte_rl.h). Outputs: obs n x rl.layout.size, mask
 * n x EC_NUM_IDS, rewards n x 2. */
int ec_mt_batch_reset(ec_mt_batch *b, const ec_rl_outputs *out);
int ec_mt_batch_step(ec_mt_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                     size_t *bad);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_ENV_H */
