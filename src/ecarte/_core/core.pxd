# cython: language_level=3
"""The game-free core's C ABI (ecarte_core.h), declared once: every Cython module
cimports it from here."""

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
    uint64_t EC_DIGEST_START
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
