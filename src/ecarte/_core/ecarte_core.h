/*
 * ecarte_core.h -- the C ABI of the ecarte core (C99).
 *
 * Cards are ids 0..63 (suit * 16 + rank) and a set of cards is a uint64_t
 * mask. An ec_context holds, per card id, its effective suit (-1: not in the
 * deck; a Euchre left bower belongs to the trump suit) and its power within
 * that suit, so rank orders are data, never code. Trick functions handle 2 to
 * 4 players and up to 16 ranks per suit.
 *
 * Two kinds of functions:
 *   - checked ones (ec_context_init, ec_legal_plays, ec_trick_winner,
 *     ec_perft, ec_solve, ...) validate their input and return a negative
 *     EC_E* code on bad input; ec_strerror() turns it into a sentence;
 *   - *_unchecked ones assume valid input (the fast path for search code).
 * Nothing here allocates global state; every function is reentrant, so batch
 * calls may run without the Python GIL and on several threads.
 */
#ifndef ECARTE_CORE_H
#define ECARTE_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EC_VERSION 1

/* Play obligations (bit flags). */
#define EC_MUST_OVERTAKE 1  /* following suit, beat the best card of the led suit if able */
#define EC_MUST_TRUMP 2     /* void in the led suit, play a trump if able */
#define EC_MUST_OVERTRUMP 4 /* trumping a trumped trick, beat the best trump if able */
#define EC_NO_TRUMP (-1)
#define EC_MAX_PLAYERS 4

/* Error codes (all negative). */
#define EC_OK 0
#define EC_EBADSUIT (-1)     /* an effective suit is not -1..3 */
#define EC_EBADPOWER (-2)    /* a power is not 0..63 */
#define EC_EBADTRUMP (-3)    /* trump is not -1..3 */
#define EC_EBADCARD (-4)     /* a card id is out of range or not in the deck */
#define EC_EDUPCARD (-5)     /* a card appears twice (in a trick, or in two hands) */
#define EC_ETRICKLEN (-6)    /* wrong number of cards in a trick */
#define EC_EHANDTRICK (-7)   /* a card is both in a hand and in the trick */
#define EC_ENPLAYERS (-8)    /* number of players is not 2..4 (2 for the solver) */
#define EC_EBADSTATE (-9)    /* hand sizes that cannot arise from this trick */
#define EC_EBADRULES (-10)   /* an ec_rules field is out of range */
#define EC_EBADLEADER (-11)  /* leader seat out of range */
#define EC_EDEPTH (-12)      /* negative perft depth */
#define EC_EILLEGAL (-13)    /* the card is not a legal play now (play state) */
#define EC_ENOUNDO (-14)     /* no card to take back (play state) */

typedef struct ec_context {
    uint64_t suit_mask[4]; /* cards of each effective suit */
    uint64_t above[64];    /* same effective suit, strictly higher power */
    uint64_t beaten_by[64];/* cards beating c when c is led: above[c], plus trumps if c is not */
    uint64_t deck;         /* every card with suit_of >= 0 */
    int8_t suit_of[64];    /* effective suit, -1 for a card not in the deck */
    uint8_t power[64];     /* power within the effective suit, 0..63 */
    int8_t trump;          /* 0..3, or EC_NO_TRUMP */
    uint8_t distinct;      /* 1 when powers are distinct within every suit */
} ec_context;

/* ---- PRNG: xoshiro256** seeded by splitmix64 (bit-exact everywhere) ----
 * seed:   x = seed; for i in 0..3: x += 0x9E3779B97F4A7C15;
 *         z = x; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
 *         s[i] = z ^ z>>31
 * next:   xoshiro256** (Blackman & Vigna 2018)
 * below(n), 1 <= n < 2^32 (batched multiply-shift, no rejection; bias below 2^-32):
 *         b = bound * n; if b > 2^32: frac = next(), b = n;  bound = b;
 *         t = frac * n (128-bit); frac = t mod 2^64; return t >> 64
 *         (seeding sets frac = 0, bound = 2^32). One 64-bit output serves several draws
 *         while the product of their ranges stays within 2^32.
 * ec_rng_next() returns a raw output and does not touch frac/bound. ec_rng_below(rng, 0)
 * returns 0 and leaves the state alone (a bad argument cannot freeze the stream).
 */
typedef struct ec_rng {
    uint64_t s[4];
    uint64_t frac;  /* the unused fraction of the current output */
    uint64_t bound; /* product of the ranges drawn from it */
} ec_rng;

void ec_rng_seed(ec_rng *rng, uint64_t seed);
uint64_t ec_rng_next(ec_rng *rng);
uint32_t ec_rng_below(ec_rng *rng, uint32_t n);

/* ---- contexts, legal plays, trick winner ---- */

/* Fill ctx from suit_of[64] (-1..3) and power[64] (0..63); returns EC_OK or an error. */
int ec_context_init(ec_context *ctx, const int8_t *suit_of, const uint8_t *power, int trump);

/* Mask of the cards of hand that may be played to trick[0..n) (n = 0..3). */
uint64_t ec_legal_plays_unchecked(const ec_context *ctx, uint64_t hand, const uint8_t *trick,
                                  int n, unsigned flags);
/* Checked: stores the mask in *out and returns EC_OK, or returns an error. */
int ec_legal_plays(const ec_context *ctx, uint64_t hand, const uint8_t *trick, int n,
                   unsigned flags, uint64_t *out);

/* Index in trick[0..n) (n = 1..4) of the winning card: highest trump, else highest of the led
 * suit; the earlier card wins a tie. The checked version returns the index or an error. */
int ec_trick_winner_unchecked(const ec_context *ctx, const uint8_t *trick, int n);
int ec_trick_winner(const ec_context *ctx, const uint8_t *trick, int n);

/* ---- positions: perft and the double-dummy solver ----
 * A position in the play phase: the hands (one mask per seat), the seat that
 * led the trick in progress and the cards already played to it (in order,
 * from the leader). The player to move is (leader + ntrick) % nplayers. */
typedef struct ec_position {
    uint64_t hands[EC_MAX_PLAYERS];
    uint8_t nplayers;
    uint8_t leader;
    uint8_t ntrick;
    uint8_t trick[EC_MAX_PLAYERS - 1];
} ec_position;

/* EC_OK if pos can arise (2..4 players, cards in the deck and disjoint, hand sizes consistent). */
int ec_position_check(const ec_context *ctx, const ec_position *pos);

/* Number of distinct play sequences of depth plies (a sequence reaching the end of the hand
 * earlier counts once). Returns EC_OK and stores the count, or an error. */
int ec_perft(const ec_context *ctx, const ec_position *pos, unsigned flags, int depth,
             uint64_t *count);

/* Double-dummy solve (2 players): the most tricks, among those not yet complete (the trick in
 * progress included), the player to move can force; *best gets a card achieving it (the lowest
 * card id among the representatives of equivalent cards), or 255 when the hands are empty.
 * Returns the number of tricks (>= 0) or an error. */
int ec_solve(const ec_context *ctx, const ec_position *pos, unsigned flags, uint8_t *best);

/* Solve n positions; position i uses ctxs[i * ctx_stride] (stride 0: one shared context).
 * values[i] gets the result of ec_solve (a negative error for a bad position), best[i] the move.
 * Returns EC_OK. */
int ec_solve_batch(const ec_context *ctxs, size_t ctx_stride, const ec_position *pos, size_t n,
                   unsigned flags, int8_t *values, uint8_t *best);

/* Digests of batches (FNV-style hashes over packed results) start from this value. */
#define EC_DIGEST_START 0xCBF29CE484222325ULL /* the digests' start value (FNV offset) */

/* ---- play state: a two-player hand in the play phase, cheap to copy and undo ----
 * Positions 0 and 1 (the bindings map them to seats). The struct is its own undo
 * stack: the cards played so far and the leader of each trick, so taking a card
 * back needs no record. Plain data, no pointers: copy it with memcpy or `=`. */
#define EC_PLAY_MAX_TRICKS 5
#define EC_PLAY_ON 0    /* ec_play_apply: the trick goes on */
#define EC_PLAY_TRICK 1 /* ... a trick was completed, more to play */
#define EC_PLAY_OVER 2  /* ... the last trick was completed: the hands are empty */

typedef struct ec_play {
    uint64_t hands[2];                    /* cards held, by position */
    uint8_t cards[2 * EC_PLAY_MAX_TRICKS]; /* cards played this hand, in order */
    uint8_t leaders[EC_PLAY_MAX_TRICKS];  /* position leading each trick begun */
    uint8_t nplayed;                      /* cards played so far */
    uint8_t to_move;                      /* position to play next */
    uint8_t won[2];                       /* tricks won, by position */
    uint8_t flags;                        /* EC_MUST_* obligations */
} ec_play;

/* Start a hand: hands of equal size (at most 5 cards, in the deck, disjoint), leader 0 or 1,
 * flags among EC_MUST_*. Returns EC_OK or an error. */
int ec_play_init(const ec_context *ctx, ec_play *p, uint64_t hand0, uint64_t hand1, int leader,
                 unsigned flags);
/* Mask of the cards the position to move may play (0 when the hands are empty). */
uint64_t ec_play_legal(const ec_context *ctx, const ec_play *p);
/* Play card for the position to move: EC_PLAY_ON, EC_PLAY_TRICK or EC_PLAY_OVER; the checked
 * version returns EC_EBADCARD or EC_EILLEGAL (p unchanged) for a card it may not play. */
int ec_play_apply(const ec_context *ctx, ec_play *p, int card);
int ec_play_apply_unchecked(const ec_context *ctx, ec_play *p, int card);
/* Take back the last card played: returns its id, or EC_ENOUNDO at the start of the hand. */
int ec_play_undo(ec_play *p);

/* ---- N-position play state: 2 to 4 positions, some possibly sitting out ----
 * ec_playn sits beside ec_play rather than generalising it: ec_play is 40 bytes of ABI
 * that the match machine embeds (ecarte_machine.h) and that hosts copy by value, so
 * widening it would break both; the two-player functions stay as they are, and ec_playn
 * serves 2 to 4 positions (a two-player ec_playn plays exactly as an ec_play).
 * Positions 0..nplayers-1; `active` is a mask of the positions that play (the partner of a
 * lone Euchre player sits out): the turn passes to the next active position, a trick has
 * one card per active position, and an inactive position's hand is kept as given (it may
 * hold cards, or none) and never played. Active hands have equal sizes, at most 8 cards.
 * Plain data, no pointers: copy it with memcpy or `=`; it is its own undo stack. */
#define EC_PLAYN_MAX_CARDS 8  /* cards per hand */
#define EC_PLAYN_MAX_PLAYS 32 /* 4 * EC_PLAYN_MAX_CARDS */

typedef struct ec_playn {
    uint64_t hands[EC_MAX_PLAYERS];         /* cards held, by position */
    uint8_t cards[EC_PLAYN_MAX_PLAYS];       /* cards played this hand, in order */
    uint8_t leaders[EC_PLAYN_MAX_CARDS];     /* position leading each trick begun */
    uint8_t won[EC_MAX_PLAYERS];             /* tricks won, by position */
    uint8_t next[EC_MAX_PLAYERS];            /* next active position after each position */
    uint8_t nplayers;                        /* 2..4 */
    uint8_t active;                          /* mask of the active positions */
    uint8_t nactive;                         /* cards per trick */
    uint8_t nplayed;                         /* cards played so far */
    uint8_t to_move;                         /* position to play next */
    uint8_t flags;                           /* EC_MUST_* obligations */
    uint8_t reserved[2];                     /* zero */
} ec_playn;

/* Start a hand: nplayers hands (in the deck, disjoint), the active positions (a mask of at
 * least 2 of them, 0 meaning all) holding equal numbers of cards (at most 8), an active
 * leader, flags among EC_MUST_*. Returns EC_OK, or EC_ENPLAYERS (nplayers, or an active
 * mask outside the positions or with fewer than 2), EC_EBADLEADER, EC_EBADRULES (flags),
 * EC_EBADCARD, EC_EDUPCARD, EC_EBADSTATE (active hand sizes). */
int ec_playn_init(const ec_context *ctx, ec_playn *p, int nplayers, const uint64_t *hands,
                  unsigned active, int leader, unsigned flags);
/* Mask of the cards the position to move may play (0 when the hand is over). */
uint64_t ec_playn_legal(const ec_context *ctx, const ec_playn *p);
/* Play card for the position to move: EC_PLAY_ON, EC_PLAY_TRICK or EC_PLAY_OVER (as
 * ec_play_apply); the checked version returns EC_EBADCARD or EC_EILLEGAL, p unchanged. */
int ec_playn_apply(const ec_context *ctx, ec_playn *p, int card);
int ec_playn_apply_unchecked(const ec_context *ctx, ec_playn *p, int card);
/* Take back the last card played: returns its id, or EC_ENOUNDO at the start of the hand. */
int ec_playn_undo(ec_playn *p);
/* The position in play (hands of every position, the leader and the trick in progress), for
 * ec_solve_n with p->active. */
void ec_playn_position(const ec_playn *p, ec_position *pos);

/* ---- double dummy for 2 to 4 hands, partnerships ----
 * pos: the hands of pos->nplayers positions, the leader (active) and the trick in progress,
 * played by the active positions (a mask, 0 meaning all) in turn from the leader; the
 * position to move is the leader advanced ntrick active positions. teams[i] is the side of
 * position i (any byte; e.g. 0,1,0,1 for partners sitting opposite); inactive positions do
 * not play and their cards are out of play. Returns the most tricks, among those not yet
 * complete (the trick in progress included), that the side of the position to move can
 * force, or an error (EC_ENPLAYERS, EC_EBADLEADER, EC_ETRICKLEN, EC_EBADCARD, EC_EDUPCARD,
 * EC_EHANDTRICK, EC_EBADSTATE: active hands of sizes that cannot arise, or above 8 cards;
 * EC_EBADRULES: flags). *best gets the lowest card id among the legal cards achieving the
 * value (255 when the hands are empty): a definition independent of the search.
 * Alpha-beta over cards with a transposition table at trick boundaries (on the stack,
 * EC_SOLVEN_TT_SIZE entries), equivalent cards pruned when powers are distinct. */
#define EC_SOLVEN_TT_SIZE 1024
int ec_position_check_n(const ec_context *ctx, const ec_position *pos, unsigned active);
int ec_solve_n(const ec_context *ctx, const ec_position *pos, unsigned active, unsigned flags,
               const uint8_t *teams, uint8_t *best);
/* Whether the side of the position to move can force at least `target` tricks among those
 * not yet complete (as ec_solve_n counts them): 1 or 0 (1 for target <= 0), or ec_solve_n's
 * errors. One null-window search: cheaper than the value when only a threshold matters. */
int ec_solve_n_target(const ec_context *ctx, const ec_position *pos, unsigned active,
                      unsigned flags, const uint8_t *teams, int target);
/* How many of the n ascending `targets` the side to move can force (reaching one reaches
 * those below it), as ec_solve_n_target would answer each, or ec_solve_n's errors
 * (EC_EBADRULES also for targets not ascending). Bisection, the lower half first, the
 * null-window searches sharing one transposition table. */
int ec_solve_n_reached(const ec_context *ctx, const ec_position *pos, unsigned active,
                       unsigned flags, const uint8_t *teams, const int *targets, int n);

/* A sentence describing an error code. */
const char *ec_strerror(int code);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_CORE_H */
