/*
 * ecarte_pimc.h -- Perfect Information Monte Carlo for one decision of Écarté (C99).
 *
 * A query (ec_pimc_query) says what the deciding seat knows: its hand, the cards it cannot
 * see (the opponent's hand, the stock, the cards discarded unseen), the cards the opponent
 * must or cannot hold (an announced king; a suit it did not follow, a card it would have
 * had to play, a king it did not announce), the sizes of the hidden hands and of the stock,
 * the exchanges and the tricks so far, the score. ec_pimc_worlds samples worlds consistent
 * with it; ec_pimc_values plays each option out in each world: the exchanges by a simple
 * model of both seats (the twentieths of likely tricks of ec_pimc_likely, the discard of
 * ec_pimc_discard), the tricks double dummy. The pure-Python twin is _pure_pimc.py, draw
 * for draw: the same seed gives the same worlds and values.
 *
 * Positions: 0 the elder, 1 the dealer. Cards are ids suit * 16 + rank, sets 64-bit masks.
 * Nothing here allocates; the caller passes the buffers.
 */
#ifndef ECARTE_PIMC_H
#define ECARTE_PIMC_H

#include "ecarte_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the phase of the decision */
#define EC_PIMC_PROPOSE 0
#define EC_PIMC_RESPOND 1
#define EC_PIMC_ELDER_DISCARD 2
#define EC_PIMC_DEALER_DISCARD 3
#define EC_PIMC_PLAY 4

/* options of the two-way decisions (the play phase's are card ids, a discard's a mask) */
#define EC_PIMC_PROPOSE_OPTION 0
#define EC_PIMC_PLAY_OPTION 1
#define EC_PIMC_ACCEPT_OPTION 0
#define EC_PIMC_REFUSE_OPTION 1

/* the opponent's decisions that weight the worlds (inference) */
#define EC_PIMC_INFER_PROPOSED 1 /* the opponent, elder, proposed on its dealt hand */
#define EC_PIMC_INFER_ACCEPTED 2 /* the opponent, dealer, accepted on its dealt hand */
#define EC_PIMC_INFER_PLAYED 3   /* the opponent, elder, played the hand it held at play */
#define EC_PIMC_INFER_REFUSED 4  /* the opponent, dealer, refused with the hand it held */
#define EC_PIMC_INFER_EXCHANGED 5 /* the opponent's latest discard was of opp_discard cards:
                                     the model kept 5 - opp_discard trumps or high cards */
#define EC_PIMC_MAX_INFER 2 /* a first decision and the last before play */

#define EC_PIMC_WIN (1 << 20) /* the utility of a game won; a game lost is 0 */
#define EC_PIMC_MAX_WORLDS 100000
#define EC_PIMC_MAX_POOL 16  /* candidate worlds per world kept, under inference */
#define EC_PIMC_MAX_OPTIONS 32
#define EC_PIMC_PLAY_THRESHOLD 52   /* the model's elder plays from 52 twentieths */
#define EC_PIMC_REFUSE_THRESHOLD 58 /* the model's dealer refuses from 58 twentieths */

#define EC_PIMC_EBADQUERY (-40)   /* a field out of range, or worlds, pool or options */
#define EC_PIMC_EINFEASIBLE (-41) /* no world fits the constraints */

typedef struct ec_pimc_query {
    ec_hand_rules rules;
    uint64_t hand;       /* the deciding seat's cards */
    uint64_t pool;       /* the cards it cannot see */
    uint64_t require;    /* cards the opponent holds for sure */
    uint64_t forbid;     /* cards the opponent cannot hold */
    uint64_t opp_played; /* the cards the opponent played this hand */
    const int32_t *utility; /* utility[mine * target + theirs] in 0..EC_PIMC_WIN: the value of
                               a game at those points; NULL: the points of the hand (the
                               deciding seat's less the opponent's) */
    int32_t score[2];    /* points in the game: the deciding seat's, the opponent's */
    int32_t target;      /* points that win the game (1..64) */
    uint8_t trump;       /* 0..3 */
    uint8_t me;          /* the deciding seat's position */
    uint8_t phase;       /* EC_PIMC_* */
    uint8_t opp_size;    /* cards in the opponent's hand */
    uint8_t stock_size;  /* cards in the stock */
    uint8_t ndiscards;   /* discards made this hand, both seats' */
    uint8_t last;        /* cards in the latest discard */
    uint8_t before_last; /* cards in the one before */
    uint8_t exchanges;   /* completed exchanges */
    uint8_t alone;       /* the elder played without proposing */
    uint8_t refusal;     /* a refusal carrying the penalty was made */
    uint8_t leader;      /* the position leading the trick in progress (play) */
    uint8_t ntrick;      /* cards in it: 0, or 1 (the opponent's lead) */
    uint8_t trick_card;  /* that lead */
    uint8_t won[2];      /* tricks won by position */
    uint8_t opp_king;    /* 1: the opponent may still announce the king of trumps */
    uint8_t ninfer;      /* decisions in infer; 0: uniform worlds */
    uint8_t infer[EC_PIMC_MAX_INFER];
    uint8_t opp_discard; /* the cards of the opponent's latest discard (for EXCHANGED) */
} ec_pimc_query;

typedef struct ec_pimc_world {
    uint64_t opp;      /* the opponent's hand */
    uint32_t weight;   /* the model's weight of the world (1 without inference) */
    uint8_t stock[21]; /* the stock, top first (drawn outside the play phase only) */
    uint8_t reserved[3];
} ec_pimc_world;

/* EC_OK, EC_PIMC_EBADQUERY or EC_PIMC_EINFEASIBLE for n worlds (1..EC_PIMC_MAX_WORLDS)
 * drawn from pool_factor (1..EC_PIMC_MAX_POOL) candidates each under inference. */
int ec_pimc_check(const ec_pimc_query *q, int n, int pool_factor);

/* Candidates drawn: n, or n * pool_factor under inference (the size of buf). */
int ec_pimc_candidates(const ec_pimc_query *q, int n, int pool_factor);

/* Draw the candidates into buf (ec_pimc_candidates of them) from seed and store in
 * picked[0..n) the indices of the n worlds kept: all of them in order without inference,
 * else a systematic resampling on the weights. Returns EC_OK or an error of ec_pimc_check. */
int ec_pimc_worlds(const ec_pimc_query *q, uint64_t seed, int n, int pool_factor,
                   ec_pimc_world *buf, uint32_t *picked);

/* The sum over the n worlds of ec_pimc_worlds of each option's utility, in totals[k]
 * (noptions 1..EC_PIMC_MAX_OPTIONS; buf and picked as for ec_pimc_worlds). Options: card
 * ids in the play phase (cards of the hand it may play), masks of cards of the hand in a
 * discard phase, else EC_PIMC_*_OPTION. Returns EC_OK or an error. */
int ec_pimc_values(const ec_pimc_query *q, const uint64_t *options, int noptions,
                   uint64_t seed, int n, int pool_factor, ec_pimc_world *buf,
                   uint32_t *picked, int64_t *totals);

/* The model: the twentieths of a trick a hand should take, and its discard of least..most
 * cards (every plain card below the two highest ranks; the lowest to keep go first). */
int ec_pimc_likely(const ec_hand_rules *rules, uint64_t hand, int trump);
uint64_t ec_pimc_discard(const ec_hand_rules *rules, uint64_t hand, int trump, int least,
                         int most);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_PIMC_H */
