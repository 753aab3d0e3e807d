# cython: language_level=3
"""Declarations of the C ABI in ecarte_core.h."""

from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t


cdef extern from "ecarte_core.h" nogil:
    int EC_MAX_PLAYERS
    int EC_EBADCARD
    int EC_EILLEGAL

    ctypedef struct ec_context:
        uint64_t suit_mask[4]
        uint64_t above[64]
        uint64_t beaten_by[64]
        uint64_t deck
        int8_t suit_of[64]
        uint8_t power[64]
        int8_t trump
        uint8_t distinct

    ctypedef struct ec_rng:
        uint64_t s[4]
        uint64_t frac
        uint64_t bound

    ctypedef struct ec_position:
        uint64_t hands[4]
        uint8_t nplayers
        uint8_t leader
        uint8_t ntrick
        uint8_t trick[3]

    ctypedef struct ec_rules:
        uint8_t order[8]
        uint8_t elder_min_discard
        uint8_t dealer_min_discard
        uint8_t play_flags
        uint8_t penalty_to_dealer
        uint8_t penalty_every_refusal
        uint8_t vole_penalty
        uint8_t deal_pattern
        uint8_t king_points

    ctypedef struct ec_hand_result:
        uint8_t points[2]
        uint8_t tricks[2]
        uint8_t exchanges
        uint8_t flags
        uint16_t actions

    ctypedef struct ec_totals:
        uint64_t hands
        uint64_t points[2]
        uint64_t tricks[2]
        uint64_t voles
        uint64_t exchanges
        uint64_t actions
        uint64_t digest

    void ec_rng_seed(ec_rng *rng, uint64_t seed)
    uint64_t ec_rng_next(ec_rng *rng)
    uint32_t ec_rng_below(ec_rng *rng, uint32_t n)
    int ec_context_init(ec_context *ctx, const int8_t *suit_of, const uint8_t *power, int trump)
    uint64_t ec_legal_plays_unchecked(const ec_context *ctx, uint64_t hand, const uint8_t *trick,
                                      int n, unsigned flags)
    int ec_legal_plays(const ec_context *ctx, uint64_t hand, const uint8_t *trick, int n,
                       unsigned flags, uint64_t *out)
    int ec_trick_winner_unchecked(const ec_context *ctx, const uint8_t *trick, int n)
    int ec_trick_winner(const ec_context *ctx, const uint8_t *trick, int n)
    int ec_position_check(const ec_context *ctx, const ec_position *pos)
    int ec_perft(const ec_context *ctx, const ec_position *pos, unsigned flags, int depth,
                 uint64_t *count)
    int ec_solve(const ec_context *ctx, const ec_position *pos, unsigned flags, uint8_t *best)
    int ec_solve_batch(const ec_context *ctxs, size_t ctx_stride, const ec_position *pos,
                       size_t n, unsigned flags, int8_t *values, uint8_t *best)
    void ec_rules_default(ec_rules *rules)
    int ec_rules_check(const ec_rules *rules)
    int ec_random_hands(const ec_rules *rules, uint64_t seed, size_t n, ec_hand_result *out,
                        ec_totals *totals)
    int ec_random_solves(const ec_rules *rules, uint64_t seed, size_t n, int8_t *values,
                         uint8_t *best, uint64_t *digest)
    uint64_t EC_DIGEST_START
    void ec_totals_init(ec_totals *totals)
    int ec_random_hands_next(const ec_rules *rules, ec_rng *rng, size_t n, ec_hand_result *out,
                             ec_totals *totals)
    int ec_random_solves_next(const ec_rules *rules, ec_rng *rng, size_t n, int8_t *values,
                              uint8_t *best, uint64_t *digest)
    const char *ec_strerror(int code)

    # play state (2 players)
    int EC_PLAY_ON
    int EC_PLAY_TRICK
    int EC_PLAY_OVER

    ctypedef struct ec_play:
        uint64_t hands[2]
        uint8_t cards[10]
        uint8_t leaders[5]
        uint8_t nplayed
        uint8_t to_move
        uint8_t won[2]
        uint8_t flags

    int ec_play_init(const ec_context *ctx, ec_play *p, uint64_t hand0, uint64_t hand1,
                     int leader, unsigned flags)
    uint64_t ec_play_legal(const ec_context *ctx, const ec_play *p)
    int ec_play_apply(const ec_context *ctx, ec_play *p, int card)
    int ec_play_apply_unchecked(const ec_context *ctx, ec_play *p, int card)
    int ec_play_undo(ec_play *p)

    # play state (2 to 4 positions) and the N-hand solver
    ctypedef struct ec_playn:
        uint64_t hands[4]
        uint8_t cards[32]
        uint8_t leaders[8]
        uint8_t won[4]
        uint8_t next[4]
        uint8_t nplayers
        uint8_t active
        uint8_t nactive
        uint8_t nplayed
        uint8_t to_move
        uint8_t flags
        uint8_t reserved[2]

    int ec_playn_init(const ec_context *ctx, ec_playn *p, int nplayers, const uint64_t *hands,
                      unsigned active, int leader, unsigned flags)
    uint64_t ec_playn_legal(const ec_context *ctx, const ec_playn *p)
    int ec_playn_apply(const ec_context *ctx, ec_playn *p, int card)
    int ec_playn_apply_unchecked(const ec_context *ctx, ec_playn *p, int card)
    int ec_playn_undo(ec_playn *p)
    void ec_playn_position(const ec_playn *p, ec_position *pos)
    int ec_position_check_n(const ec_context *ctx, const ec_position *pos, unsigned active)
    int ec_solve_n(const ec_context *ctx, const ec_position *pos, unsigned active,
                   unsigned flags, const uint8_t *teams, uint8_t *best)

    # random Euchre hands
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


cdef class Context:
    cdef ec_context c


cdef class PlayState:
    cdef ec_play p
    cdef readonly Context ctx


cdef class PlayStateN:
    cdef ec_playn p
    cdef readonly Context ctx
