/*
 * ecarte_euchre.h -- a whole game of Euchre as a C state machine (C99), the engine's second
 * game beside the Écarté match of ecarte_machine.h.
 *
 * An ec_eu_game is plain data (copy it with memcpy or `=`): the dealer, the deal, two
 * bidding rounds, the dealer's take-up and discard, going alone, the five tricks (an
 * ec_playn), scoring, redeals and the game to a target. It moves on integer action ids,
 * chance outcomes included, so one sequence of ids replays a game. The tables a game reads
 * (an ec_eu_tables: four trick contexts and the deck's id maps) belong to the caller, built
 * once per deck by ec_eu_tables_init, and are passed to every call, like the context of an
 * ec_playn. Nothing allocates; there is no global state.
 *
 * Decks (cfg->deck):
 *   24  9 10 J Q K A of each suit (North American Euchre, OpenSpiel);
 *   32  7 8 9 10 J Q K A of each suit (seed 004: "a 32-card pack, adding the seven and the
 *       eight");
 *   25  the 24 and a joker, the "benny", the highest trump whatever the trump suit. A
 *       turned-up joker makes the dealer the maker: the dealer names any suit (phase NAME),
 *       takes the joker up and discards.
 * Five cards each are dealt, then one card is turned up; the rest of the deck stays out.
 *
 * Action ids, for a deck of n cards (n = 24, 25 or 32):
 *   0 .. n-1   a card: rank * 4 + suit, ranks ascending from the deck's lowest (9 or 7),
 *              suits clubs diamonds hearts spades; in a 25-card deck the joker is 24.
 *              In the DEAL phase the card dealt next; DISCARD, PLAY: the card discarded or
 *              played; in the DEALER phase ids 0..3 name the dealer.
 *   n          pass
 *   n+1..n+4   name clubs, diamonds, hearts, spades (first round: order up the turned suit)
 *   n+5        go alone          n+6  play with the partner
 *   n+7        take up the ordered card (dealer_may_decline only)   n+8  decline it
 * With the 24-card deck, ids 0..30 are OpenSpiel 2.0.2 euchre's own ids.
 *
 * Chance. In the DEALER and DEAL phases the legal ids are the chance outcomes, all equally
 * likely. ec_eu_chance() draws one from the core PRNG seeded with
 * cfg->seed ^ (k * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7), k = g->steps (the number of
 * ids applied so far): below(count of legal ids), the idx-th legal id ascending.
 */
#ifndef ECARTE_EUCHRE_H
#define ECARTE_EUCHRE_H

#include "ecarte_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- phases ---- */
#define EC_EU_DEALER 0  /* chance: the first dealer */
#define EC_EU_DEAL 1    /* chance: the next card (20 to the hands, then the turn-up) */
#define EC_EU_BID 2     /* first round: pass or order up the turned suit */
#define EC_EU_BID2 3    /* second round: pass or name another suit */
#define EC_EU_TAKE 4    /* the dealer takes up or declines an ordered card */
#define EC_EU_DISCARD 5 /* the dealer discards one card */
#define EC_EU_ALONE 6   /* the maker (then its partner, then each defender, by the options):
                        * alone or not; at most one a side goes alone */
#define EC_EU_PLAY 7
#define EC_EU_OVER 8
#define EC_EU_NAME 9    /* a joker was turned up: the dealer names trumps */

#define EC_EU_CHANCE (-1)   /* to_act in a chance phase */
#define EC_EU_TERMINAL (-2) /* to_act once over */

/* ---- options (cfg->flags) ---- */
#define EC_EU_STICK 1          /* stick the dealer: the dealer may not pass in round two */
#define EC_EU_DECLINE 2        /* the dealer may decline a card another player ordered up */
#define EC_EU_LONE_DEFENDER 4  /* after the maker, each defender may go alone */
#define EC_EU_LONE_FOUR 8      /* euchred makers give 4 to a lone defender (else 2, or 4 for 5) */
#define EC_EU_LEAD_LONE 16     /* the player left of a lone player leads (both: the defender) */
#define EC_EU_ONE_BY_ONE 32    /* card i of the deal to seat dealer + i (else packets 3-2, 2-3) */
#define EC_EU_DISCARD_UP 64    /* the dealer may discard the card just taken up */
#define EC_EU_ANYONE_ALONE 128 /* the maker's partner is asked after the maker stays (the maker
                                * then sits out), and lone defenders from the maker's left */
#define EC_EU_ALL_FLAGS 255

#define EC_EU_MAX_IDS 41 /* 32 cards + 9 */
#define EC_EU_JOKER 15   /* the joker's core card id (suit 0, rank slot 15: no other card) */

typedef struct ec_eu_config {
    uint64_t seed;   /* chance outcomes drawn by ec_eu_chance */
    uint16_t target; /* points that win; 0: a single deal (OpenSpiel) */
    uint8_t deck;    /* 24, 25 or 32 */
    uint8_t flags;   /* EC_EU_* options */
} ec_eu_config;

typedef struct ec_eu_tables {
    ec_context ctx[4];      /* by trump suit */
    uint64_t deck_mask;     /* core ids of the deck */
    int8_t id_of[64];       /* core card id -> action id, -1 if not in the deck */
    uint8_t core_of[32];    /* action id -> core card id */
    uint8_t ncards;         /* 24, 25 or 32 */
} ec_eu_tables;

typedef struct ec_eu_game {
    ec_eu_config cfg;
    ec_playn play;          /* the tricks (valid in PLAY and OVER after a played deal) */
    uint64_t hands[4];      /* core masks, before the play */
    uint64_t undealt;       /* action ids of the cards not dealt yet this deal */
    uint32_t steps;         /* ids applied so far */
    uint16_t scores[2];     /* by side: 0 = seats 0 and 2, 1 = seats 1 and 3 */
    int8_t returns[4];      /* by seat, at the end: a single deal's points (+/-), else +1/-1 */
    int8_t to_act;          /* 0..3, EC_EU_CHANCE or EC_EU_TERMINAL */
    uint8_t phase;          /* EC_EU_* phase */
    int8_t dealer;          /* -1 before the DEALER outcome */
    uint8_t ndealt;         /* cards dealt this deal, 0..21 (21: the turn-up too) */
    int8_t upcard;          /* action id of the turned-up card, -1 before */
    int8_t trump;           /* 0..3, -1 before trumps are made */
    int8_t maker;           /* seat, -1 */
    int8_t discard;         /* action id of the dealer's discard, -1 */
    uint8_t alone;          /* mask of the seats playing alone */
    uint8_t asks[2];        /* defenders still to be asked to go alone, in order (the maker's
                             * partner, with EC_EU_ANYONE_ALONE, is asked before them) */
    uint8_t nasks;
    uint8_t nbids;
    uint8_t bids[8];        /* seat << 6 | action id, this deal */
    uint8_t won[2];         /* tricks by side, after the deal (during it: see play.won) */
    uint8_t deals;          /* deals begun, saturating at 255 */
    int8_t winner;          /* side that reached the target, -1 */
} ec_eu_game;

/* Build the tables of a deck (24, 25 or 32); EC_OK or EC_EBADRULES. */
int ec_eu_tables_init(ec_eu_tables *t, int deck);
/* A new game in the DEALER phase. EC_OK, or EC_EBADRULES (deck or target > 1000;
 * cfg->deck must be the tables' deck). */
int ec_eu_init(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg);
/* The legal ids now (chance outcomes in DEALER and DEAL), a mask over ids 0..n+8. */
uint64_t ec_eu_legal(const ec_eu_tables *t, const ec_eu_game *g);
/* Apply a legal id: EC_OK, or EC_EILLEGAL with the game unchanged. */
int ec_eu_apply(const ec_eu_tables *t, ec_eu_game *g, int id);
/* Draw the chance outcome due (see above) and apply it; returns its id, or EC_EILLEGAL when
 * no chance outcome is due. */
int ec_eu_chance(const ec_eu_tables *t, ec_eu_game *g);
/* The chance outcome ec_eu_chance would apply, without applying it; -1 if none is due. */
int ec_eu_draw(const ec_eu_tables *t, const ec_eu_game *g);
/* Points of a deal: the makers took `made` tricks, maker_alone: one of them (the maker or,
 * with EC_EU_ANYONE_ALONE, its partner) went alone; *makers_score gets 1 when the makers
 * score, 0 when the defenders do. */
int ec_eu_deal_points(const ec_eu_config *cfg, int made, int maker_alone, int defender_alone,
                      int *makers_score);

/* ---- random games in batches ----
 * ec_eu_random_games plays n games under cfg (its seed is not used) from *rng (advanced):
 * game i takes the seed of its chance outcomes from ec_rng_next(rng), then at each
 * decision the below(count)-th legal id (ascending), below() drawn from the same rng;
 * chance outcomes come from ec_eu_chance. totals adds up the games (digest: FNV-1a over
 * each game's steps, then its four returns as bytes, in order). Returns EC_OK or
 * EC_EBADRULES (cfg, or tables of another deck). */
typedef struct ec_eu_totals {
    uint64_t games;
    uint64_t deals;     /* deals begun, redeals included */
    uint64_t steps;     /* ids applied, chance outcomes included */
    int64_t points[2];  /* sums of the returns of seat 0 (side 0) and seat 1 (side 1) */
    uint64_t wins[2];   /* games whose returns are positive for each side */
    uint64_t digest;
} ec_eu_totals;

void ec_eu_totals_init(ec_eu_totals *totals);
int ec_eu_random_games(const ec_eu_tables *t, const ec_eu_config *cfg, ec_rng *rng, size_t n,
                       ec_eu_totals *totals);

#ifdef __cplusplus
}
#endif

#endif /* ECARTE_EUCHRE_H */
