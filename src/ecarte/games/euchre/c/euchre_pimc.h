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
 * double dummy (once per world for the options that reach the same play). totals[k] sums
 * the deal's points for the seat's side less the other's (0 when passed out). Returns EC_OK, EC_EBADRULES or EC_EILLEGAL (a world that cannot
 * replay the script or take an option). */
int ec_eu_pimc_bid(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_config *cfg,
                   int dealer, int upcard, const uint8_t *script, int nscript, int discard_at,
                   const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                   int64_t *totals, uint8_t *kinds);

#ifdef __cplusplus
}
#endif
#endif /* EUCHRE_PIMC_H */
