# cython: language_level=3
"""Euchre's C ABI (euchre_hands.h, ecarte_euchre.h), declared once."""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from ecarte._core.core cimport ec_context, ec_playn, ec_rng


cdef extern from "euchre_hands.h" nogil:
    ctypedef struct ec_euchre_rules:
        uint8_t play_flags
        uint8_t alone

    ctypedef struct ec_euchre_result:
        uint8_t tricks[2]
        uint8_t points[2]
        uint8_t dealer
        uint8_t maker
        uint8_t alone
        uint8_t up

    ctypedef struct ec_euchre_totals:
        uint64_t hands
        uint64_t tricks[2]
        uint64_t points[2]
        uint64_t marches
        uint64_t euchres
        uint64_t alone
        uint64_t digest

    void ec_euchre_rules_default(ec_euchre_rules *rules)
    int ec_euchre_rules_check(const ec_euchre_rules *rules)
    int ec_euchre_context(ec_context *ctx, int trump)
    int ec_euchre_deal(ec_rng *rng, int dealer, uint64_t *hands)
    void ec_euchre_totals_init(ec_euchre_totals *totals)
    int ec_euchre_hands_next(const ec_euchre_rules *rules, ec_rng *rng, size_t n,
                             ec_euchre_result *out, ec_euchre_totals *totals)
    int ec_euchre_hands(const ec_euchre_rules *rules, uint64_t seed, size_t n,
                        ec_euchre_result *out, ec_euchre_totals *totals)


cdef extern from "ecarte_euchre.h":
    ctypedef struct ec_eu_config:
        uint64_t seed
        uint16_t target
        uint8_t deck
        uint8_t flags
    ctypedef struct ec_eu_tables:
        ec_context ctx[4]
        uint64_t deck_mask
        int8_t id_of[64]
        uint8_t core_of[32]
        uint8_t ncards
    ctypedef struct ec_eu_game:
        ec_eu_config cfg
        ec_playn play
        uint64_t hands[4]
        uint64_t undealt
        uint32_t steps
        uint16_t scores[2]
        int8_t returns[4]
        int8_t to_act
        uint8_t phase
        int8_t dealer
        uint8_t ndealt
        int8_t upcard
        int8_t trump
        int8_t maker
        int8_t discard
        uint8_t alone
        uint8_t nbids
        uint8_t bids[8]
        uint8_t won[2]
        uint8_t deals
        int8_t winner
    enum:
        EC_EU_DEALER, EC_EU_DEAL, EC_EU_BID, EC_EU_BID2, EC_EU_TAKE, EC_EU_DISCARD
        EC_EU_ALONE, EC_EU_PLAY, EC_EU_OVER, EC_EU_NAME, EC_EU_CHANCE, EC_EU_TERMINAL
    int ec_eu_tables_init(ec_eu_tables *t, int deck)
    int ec_eu_init(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg)
    uint64_t ec_eu_legal(const ec_eu_tables *t, const ec_eu_game *g)
    int ec_eu_apply(const ec_eu_tables *t, ec_eu_game *g, int id)
    int ec_eu_chance(const ec_eu_tables *t, ec_eu_game *g)
    int ec_eu_draw(const ec_eu_tables *t, const ec_eu_game *g)
    ctypedef struct ec_eu_totals:
        uint64_t games
        uint64_t deals
        uint64_t steps
        int64_t points[2]
        uint64_t wins[2]
        uint64_t digest
    void ec_eu_totals_init(ec_eu_totals *totals)
    int ec_eu_random_games(const ec_eu_tables *t, const ec_eu_config *cfg, ec_rng *rng,
                           size_t n, ec_eu_totals *totals) nogil
