/*
 * ec_pimc_internal.h -- what ec_pimc.c shares with ec_ismcts.c (not part of the API): the
 * model of both seats, the claims of points and the utility, the double-dummy play-out.
 */
#ifndef EC_PIMC_INTERNAL_H
#define EC_PIMC_INTERNAL_H

#include "ec_solver.h"
#include "ecarte_pimc.h"

/* A decision's shared state: the query, the trick tables, the ranks, the king of trumps. */
typedef struct ec_pimc_env {
    const ec_pimc_query *q;
    ec_context ctx;
    dd_table tt;
    uint8_t idx[16];
    int king;
} ec_pimc_env;

/* Claims of points, in order: pos[i] scores pts[i]. */
typedef struct ec_pimc_claims {
    int n;
    int pos[4];
    int pts[4];
} ec_pimc_claims;

/* A hand in one world before its play: both holdings, the stock and the exchanges so far. */
typedef struct ec_pimc_hand {
    uint64_t held[2];
    const uint8_t *stock;
    int top, len, ndiscards, last, before_last, exchanges, alone, refusal;
} ec_pimc_hand;

void ec_pimc__env_init(ec_pimc_env *e, const ec_pimc_query *q);
/* The hand of the query in world w: the deciding seat's cards, the other's from w, w's stock. */
void ec_pimc__hand_init(ec_pimc_hand *h, const ec_pimc_query *q, const ec_pimc_world *w);
/* Seat pos discards cards and draws as many from the stock. */
void ec_pimc__hand_discard(ec_pimc_hand *h, int pos, uint64_t cards);
void ec_pimc__rank_index(const ec_hand_rules *r, uint8_t idx[16]);
int ec_pimc__likely(const uint8_t idx[16], uint64_t hand, int trump);
uint64_t ec_pimc__discard(const uint8_t idx[16], uint64_t hand, int trump, int least, int most);
void ec_pimc__claim(ec_pimc_claims *c, int pos, int pts);
/* The deciding seat's utility of the points claimed (the query's objective). */
int32_t ec_pimc__utility(const ec_pimc_env *e, const ec_pimc_claims *c);
void ec_pimc__tricks_claim(const ec_pimc_env *e, ec_pimc_claims *c, int elder_tricks, int alone,
                           int refusal);
/* The elder's tricks at the end of the hand, both sides playing double dummy. */
int ec_pimc__elder_tricks(ec_pimc_env *e, const uint64_t hands[2], int leader, int ntrick,
                          int card, const int won[2]);
int ec_pimc__check_options(const ec_pimc_query *q, const ec_context *ctx, const uint64_t *options,
                           int noptions);

#endif /* EC_PIMC_INTERNAL_H */
