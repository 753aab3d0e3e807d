/*
 * euchre_pimc.h -- the Euchre PIMC player's worlds and its loops over them (C99): one
 * call draws every world of a decision and values every option in each.
 *
 * What a seat saw of a deal, reduced to masks of core card ids (ec_eu_seen, built by the
 * player from its observation): the pool of cards it cannot see (dealt, in each world, to
 * the other seats, the rest staying undealt: the kitty and a discard it did not see), how
 * many cards each other seat is dealt, the cards a seat holds in every world (`known`: the
 * turned card taken up by a dealer who may not discard it) and the cards a seat cannot
 * hold: `voids` (a suit it did not follow, checked with the core's legality rule by the
 * player) and `hard` (the turned card, taken up by a dealer who may discard it, is with no
 * other seat).
 *
 * One world, drawn from an ec_rng, the pool's ids ascending in cards[0..n) (n = its size):
 *   for each other seat p in the order seat+1, seat+2, seat+3 (mod 4), for each of its
 *   sizes[p] cards, the next slot i (from 0) swaps with i + below(n - i) (a partial
 *   Fisher-Yates shuffle, the array kept from one draw to the next within a world) and
 *   the card in slot i goes to p; as soon as a seat's drawn cards meet a forbidden one the
 *   draw is dropped (the draws of the seats after it are not made); its known cards join
 *   them.
 *   Up to `tries` draws must avoid voids | hard; then (when relax) up to `tries` more
 *   avoid hard only; then one draw avoids nothing. The pure twin is _pure_pimc.py.
 */
#ifndef EUCHRE_PIMC_H
#define EUCHRE_PIMC_H

#include "ecarte_euchre.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_EU_PIMC_MAX_OPTIONS 8 /* a hand holds at most 8 cards (32-card deck: 5) */

typedef struct ec_eu_seen {
    uint64_t pool;     /* core ids the other seats' hands and the undealt are drawn from */
    uint64_t hand;     /* the seat's own hand (its slot of every world) */
    uint64_t voids[4]; /* cards a seat cannot hold by what it played (soft) */
    uint64_t hard[4];  /* cards a seat cannot hold (the turned card taken up) */
    uint64_t known[4]; /* cards a seat holds in every world, not drawn (the turned card
                        * with a dealer who may not discard it), outside the pool */
    uint8_t sizes[4];  /* cards drawn for each seat (the seat's own: ignored) */
    uint8_t seat;
} ec_eu_seen;

/* The kinds of a world (ec_eu_sample's return). */
#define EC_EU_WORLD_NONE 0  /* relax = 0 and no draw met every constraint: hands unset */
#define EC_EU_WORLD_FREE 1  /* no draw met the constraints: one unconstrained draw */
#define EC_EU_WORLD_HARD 2  /* it breaks a void but keeps the turned card */
#define EC_EU_WORLD_EXACT 3 /* it meets everything the seat saw */

/* Draw one world into hands[4] (the seat's slot: its hand). Returns its kind, or
 * EC_EBADRULES (pool smaller than the hands, tries < 1, seat outside 0..3). */
int ec_eu_sample(const ec_eu_seen *s, ec_rng *rng, int tries, int relax, uint64_t hands[4]);

/* The deal's points for seat me's side, less the other's, the rest of the play from pos (a
 * position of the context's trump suit, the active seats, the flags) solved double dummy,
 * the makers (maker's side, alone: the mask of the seats playing alone, cfg's scoring)
 * having `made` tricks complete. Only the thresholds the points tell apart are searched
 * (ec_solve_n_reached: 3 tricks, then 5 or, against a defender alone scoring 2 for a
 * partial euchre, 1), so it costs a null-window search or two sharing one table, not a
 * full solve. */
int ec_eu_solved_points(const ec_context *ctx, const ec_position *pos, unsigned active,
                        unsigned flags, const ec_eu_config *cfg, int maker, unsigned alone,
                        int made, int me);

/* The play as the deciding seat sees it: the hands come from the worlds. */
typedef struct ec_eu_pimc_query {
    ec_eu_config cfg;   /* its flags score the deal */
    uint8_t trump;      /* 0..3 */
    uint8_t maker;      /* seat */
    uint8_t alone;      /* mask of the seats playing alone */
    uint8_t active;     /* mask of the seats that play */
    uint8_t leader;     /* seat leading the trick in progress */
    uint8_t ntrick;     /* cards played to it, 0..3 */
    uint8_t trick[3];   /* core ids, from the leader */
    uint8_t done;       /* tricks complete, 0..4 */
    uint8_t won[2];     /* tricks won by side so far */
} ec_eu_pimc_query;

/* PIMC over the card play: nworlds worlds from ec_rng seeded with `seed` (ec_eu_sample with
 * relax); in each, each of the seat's cards options[0..nopt) is played and the rest of
 * the deal solved double dummy (ec_solve_n, partners a side, a lone hand's partner out);
 * totals[k] sums the deal's points for the seat's side less the other's. kinds (NULL or
 * nworlds bytes) gets each world's kind. Options that no card a world may put in play
 * separates (one suit, nothing between them in the pool, a known hand or the trick) share
 * the first one's value. Returns EC_OK or EC_EBADRULES. */
int ec_eu_pimc_play(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                    const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                    int64_t *totals, uint8_t *kinds);

/* The model of every seat's decisions before the play in a world (the heuristic bot's,
 * counted in tenths): a hand's strength for a trump suit sums, by card, the right bower
 * 30, the left bower 25, another trump 10 + 2 * (its rank - the nine's), an off-suit ace
 * 10; a bid names the legal suit of most strength (the lowest of equals; in the first
 * round the dealer counts the turned card too) when it reaches 60 or passing is not legal,
 * else passes; the dealer takes an ordered card up; a seat asked goes alone from 110; the
 * dealer discards its weakest card (trumps above the rest, the bowers on top, by rank,
 * the lowest id of equals: ec_eu_ismcts_rule's). Returns the id it takes in g. */
int ec_eu_pimc_model(const ec_eu_tables *t, const ec_eu_game *g);

#define EC_EU_PIMC_MODEL 255 /* in a script: the model's decision (a discard unseen) */
#define EC_EU_PIMC_MAX_SCRIPT 24

/* PIMC over a decision before the play (a bid, taking up or declining, the discard, going
 * alone): nworlds worlds as ec_eu_pimc_play draws them; each is dealt as a single deal
 * (cfg, target 0) by `dealer` with the turned card `upcard` (an action id), every seat
 * dealt the five cards the world gives it (the dealer: its hand less the turned card, with
 * the discard script[discard_at] when that is a card, if the seat is the dealer), the
 * decisions script[0..nscript) are replayed (EC_EU_PIMC_MODEL: the model's), then each
 * option (an action id) is taken, the model decides up to the play and the play is solved
 * double dummy (the options of a world that reach the same play share what its searches
 * found, whichever side made the trumps: a threshold already decided is not searched
 * again). totals[k] sums the deal's points for the seat's side less the other's (0 when
 * passed out). Returns EC_OK, EC_EBADRULES or EC_EILLEGAL (a world that cannot replay the
 * script or take an option). */
int ec_eu_pimc_bid(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_config *cfg,
                   int dealer, int upcard, const uint8_t *script, int nscript, int discard_at,
                   const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                   int64_t *totals, uint8_t *kinds);

/* ---- inference: the worlds weighted by the other seats' decisions before the play ----
 *
 * The model of a seat's decision is the model above made a chance: a seat bids with
 * chance(S - 60) out of 16 and goes alone with chance(S - 110), where S is its hand's
 * strength for the suit (as ec_eu_pimc_model counts it) and chance(d) is 16 / (1 + e^(-x))
 * at x = (5 floor(d / 5) + 2.5) / 10, rounded and kept within 1..15 (EC_EU_PIMC_CHANCE:
 * a logistic curve over the strength, 10 points, a low trump's worth, its scale; the
 * strongest hand still passes one time in 16). A world's weight is the product, over the
 * decisions the deciding seat saw the other seats take (partners and opponents alike), of
 * the chance the model gives each with the hand the world gives that seat:
 *   EC_EU_INFER_PASS1  passed in the first round: 16 - chance(S - 60), S its strength
 *                      for the turned card's suit (the dealer's with the turned card);
 *   EC_EU_INFER_ORDER  ordered the turned card up: chance(S - 60), the same S;
 *   EC_EU_INFER_PASS2  passed in the second round: 16 - chance(S - 60), S its strength
 *                      for its best suit other than the turned card's;
 *   EC_EU_INFER_CALL2  named `suit` in the second round: chance(S - 60), S for that suit;
 *   EC_EU_INFER_ALONE  went alone with `suit` trumps: chance(S - 110);
 *   EC_EU_INFER_PARTNER played with its partner: 16 - chance(S - 110).
 * The hand is the one the seat holds once the bidding is over (held[p]: the world's, with
 * the cards it has played): the dealer's bids count it without the turned card (its
 * discard, when it took the card up, is not counted), its first-round ones add the
 * turned card's strength. Taking up or declining, the discard and a call the dealer is
 * stuck with are not weighted. The weight is at most 15^10: with nworlds <= 2^20 the
 * weighted totals stay far inside int64. */

#define EC_EU_PIMC_MAX_INFER 10 /* the other seats decide at most 3 + 3 bids, 3 alones */
#define EC_EU_PIMC_MAX_WEIGHTED_WORLDS (1 << 20)

#define EC_EU_INFER_PASS1 0
#define EC_EU_INFER_ORDER 1
#define EC_EU_INFER_PASS2 2
#define EC_EU_INFER_CALL2 3
#define EC_EU_INFER_ALONE 4
#define EC_EU_INFER_PARTNER 5

typedef struct ec_eu_infer {
    uint8_t n;                           /* decisions, 0..EC_EU_PIMC_MAX_INFER */
    uint8_t upcard;                      /* the turned card's core id */
    uint8_t dealer;                      /* seat */
    uint8_t seat[EC_EU_PIMC_MAX_INFER];  /* who decided */
    uint8_t kind[EC_EU_PIMC_MAX_INFER];  /* EC_EU_INFER_* */
    uint8_t suit[EC_EU_PIMC_MAX_INFER];  /* the suit named (CALL2), the trumps (ALONE,
                                          * PARTNER); ignored for the others */
    uint64_t plus[4]; /* cards each seat held besides its world's: those it played */
} ec_eu_infer;

/* chance(d) of the model, in sixteenths (1..15). */
int ec_eu_pimc_chance(int d);

/* A world's weight: the product of the model's chances of the decisions in inf, each
 * seat's hand held[p] | inf->plus[p]. Returns 0 for a bad inf (n, kind, seat, suit). */
uint64_t ec_eu_pimc_weight(const ec_eu_infer *inf, const uint64_t held[4]);

/* ec_eu_pimc_play and ec_eu_pimc_bid with inference: each world's values count times its
 * weight (ec_eu_pimc_weight; inf NULL or inf->n == 0: every world weighs 1, the loops of
 * ec_eu_pimc_play and ec_eu_pimc_bid), and weights (NULL or nworlds entries) gets each
 * world's weight; their sum divides the totals to the weighted means. The hands weighed are
 * the world's in the play, before it each seat's once the world replayed the script, with
 * inf->plus (the cards played: none before the play). EC_EBADRULES also for a bad inf or,
 * weighted, nworlds above EC_EU_PIMC_MAX_WEIGHTED_WORLDS. */
int ec_eu_pimc_play_infer(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                          const ec_eu_infer *inf, const uint8_t *options, int nopt,
                          uint64_t seed, int nworlds, int tries, int64_t *totals,
                          uint8_t *kinds, uint64_t *weights);
int ec_eu_pimc_bid_infer(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_config *cfg,
                         const ec_eu_infer *inf, int dealer, int upcard, const uint8_t *script,
                         int nscript, int discard_at, const uint8_t *options, int nopt,
                         uint64_t seed, int nworlds, int tries, int64_t *totals,
                         uint8_t *kinds, uint64_t *weights);

#ifdef __cplusplus
}
#endif
#endif /* EUCHRE_PIMC_H */
