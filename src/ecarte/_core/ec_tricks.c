/*
 * ec_tricks.c -- contexts, legal plays, trick winners, positions, perft, the play state and error texts.
 * C99, no allocation, no global mutable state. The pure-Python twin in _pure.py
 * follows this file step for step.
 */
#include "ec_internal.h"

#include <string.h>

/* ------------------------------------------------------------ contexts */

int ec_context_init(ec_context *ctx, const int8_t *suit_of, const uint8_t *power, int trump)
{
    if (trump < EC_NO_TRUMP || trump > 3)
        return EC_EBADTRUMP;
    memset(ctx, 0, sizeof *ctx);
    for (int c = 0; c < 64; c++) {
        int s = suit_of[c];
        if (s == -1)
            continue;
        if (s < 0 || s > 3)
            return EC_EBADSUIT;
        if (power[c] > 63)
            return EC_EBADPOWER;
        ctx->suit_mask[s] |= BIT(c);
    }
    ctx->distinct = 1;
    for (int c = 0; c < 64; c++) {
        ctx->suit_of[c] = suit_of[c];
        ctx->power[c] = suit_of[c] == -1 ? 0 : power[c];
    }
    for (int c = 0; c < 64; c++) {
        int s = ctx->suit_of[c];
        if (s < 0)
            continue;
        uint64_t m = ctx->suit_mask[s];
        while (m) {
            int d = ec_ctz(m);
            m &= m - 1;
            if (ctx->power[d] > ctx->power[c])
                ctx->above[c] |= BIT(d);
            else if (d != c && ctx->power[d] == ctx->power[c])
                ctx->distinct = 0;
        }
    }
    ctx->deck = ctx->suit_mask[0] | ctx->suit_mask[1] | ctx->suit_mask[2] | ctx->suit_mask[3];
    ctx->trump = (int8_t)trump;
    for (int c = 0; c < 64; c++) {
        int s = ctx->suit_of[c];
        if (s < 0)
            continue;
        ctx->beaten_by[c] = ctx->above[c];
        if (trump != EC_NO_TRUMP && s != trump)
            ctx->beaten_by[c] |= ctx->suit_mask[trump];
    }
    return EC_OK;
}

EC_INLINE int strength(const ec_context *ctx, int card, int led)
{
    int s = ctx->suit_of[card];
    if (s == ctx->trump)
        return ctx->power[card] + 64;
    if (s == led)
        return ctx->power[card];
    return -1;
}

int ec_trick_winner_unchecked(const ec_context *ctx, const uint8_t *trick, int n)
{
    int led = ctx->suit_of[trick[0]];
    int best = 0, best_strength = strength(ctx, trick[0], led);
    for (int i = 1; i < n; i++) {
        int s = strength(ctx, trick[i], led);
        if (s > best_strength) {
            best = i;
            best_strength = s;
        }
    }
    return best;
}

uint64_t ec_legal_plays_unchecked(const ec_context *ctx, uint64_t hand, const uint8_t *trick,
                                  int n, unsigned flags)
{
    if (n == 0)
        return hand;
    int led = ctx->suit_of[trick[0]];
    int best = trick[ec_trick_winner_unchecked(ctx, trick, n)];
    uint64_t follow = hand & ctx->suit_mask[led];
    if (follow) {
        if ((flags & EC_MUST_OVERTAKE) && ctx->suit_of[best] == led) {
            uint64_t over = follow & ctx->above[best];
            if (over)
                return over;
        }
        return follow;
    }
    if (ctx->trump != EC_NO_TRUMP && (flags & EC_MUST_TRUMP)) {
        uint64_t trumps = hand & ctx->suit_mask[ctx->trump];
        if (trumps) {
            if ((flags & EC_MUST_OVERTRUMP) && ctx->suit_of[best] == ctx->trump) {
                uint64_t over = trumps & ctx->above[best];
                if (over)
                    return over;
            }
            return trumps;
        }
    }
    return hand;
}

int ec_legal_plays(const ec_context *ctx, uint64_t hand, const uint8_t *trick, int n,
                   unsigned flags, uint64_t *out)
{
    uint64_t seen;
    int err;
    if (n < 0 || n > 3)
        return EC_ETRICKLEN;
    if ((err = ec_check_trick(ctx, trick, n, &seen)) != EC_OK)
        return err;
    if (hand & ~ctx->deck)
        return EC_EBADCARD;
    if (hand & seen)
        return EC_EHANDTRICK;
    *out = ec_legal_plays_unchecked(ctx, hand, trick, n, flags);
    return EC_OK;
}

int ec_trick_winner(const ec_context *ctx, const uint8_t *trick, int n)
{
    int err;
    if (n < 1 || n > 4)
        return EC_ETRICKLEN;
    if ((err = ec_check_trick(ctx, trick, n, NULL)) != EC_OK)
        return err;
    return ec_trick_winner_unchecked(ctx, trick, n);
}

/* ------------------------------------------------------------ positions */

int ec_position_check(const ec_context *ctx, const ec_position *pos)
{
    int np = pos->nplayers, nt = pos->ntrick, err;
    if (np < 2 || np > EC_MAX_PLAYERS)
        return EC_ENPLAYERS;
    if (pos->leader >= np)
        return EC_EBADLEADER;
    if (nt >= np)
        return EC_ETRICKLEN;
    if ((err = ec_check_cards(ctx, pos)) != EC_OK)
        return err;
    /* every seat holds the same number of cards once those played to this trick are
     * counted back */
    err = ec_hand_size(pos, (1u << np) - 1, np);
    return err < 0 ? err : EC_OK;
}

typedef struct perft_env {
    const ec_context *ctx;
    unsigned flags;
    int np;
} perft_env;

static uint64_t perft_rec(const perft_env *e, uint64_t *hands, int leader, const uint8_t *trick,
                          int nt, int depth)
{
    int mover = (leader + nt) % e->np;
    uint64_t h = hands[mover], legal, total = 0;
    uint8_t t[EC_MAX_PLAYERS];
    if (depth == 0 || h == 0)
        return 1;
    legal = ec_legal_plays_unchecked(e->ctx, h, trick, nt, e->flags);
    if (depth == 1)
        return (uint64_t)ec_count(legal);
    memcpy(t, trick, (size_t)nt);
    while (legal) {
        int c = ec_ctz(legal);
        legal &= legal - 1;
        hands[mover] = h & ~BIT(c);
        t[nt] = (uint8_t)c;
        if (nt + 1 == e->np) {
            int w = ec_trick_winner_unchecked(e->ctx, t, e->np);
            total += perft_rec(e, hands, (leader + w) % e->np, t, 0, depth - 1);
        } else {
            total += perft_rec(e, hands, leader, t, nt + 1, depth - 1);
        }
    }
    hands[mover] = h;
    return total;
}

int ec_perft(const ec_context *ctx, const ec_position *pos, unsigned flags, int depth,
             uint64_t *count)
{
    int err = ec_position_check(ctx, pos);
    uint64_t hands[EC_MAX_PLAYERS];
    perft_env e;
    if (err != EC_OK)
        return err;
    if (depth < 0)
        return EC_EDEPTH;
    e.ctx = ctx;
    e.flags = flags;
    e.np = pos->nplayers;
    memcpy(hands, pos->hands, sizeof hands);
    *count = perft_rec(&e, hands, pos->leader, pos->trick, pos->ntrick, depth);
    return EC_OK;
}


/* ------------------------------------------------------------ errors */

const char *ec_strerror(int code)
{
    switch (code) {
    case EC_OK:
        return "no error";
    case EC_EBADSUIT:
        return "an effective suit is not -1..3";
    case EC_EBADPOWER:
        return "a power is not 0..63";
    case EC_EBADTRUMP:
        return "trump must be a suit 0..3 or -1";
    case EC_EBADCARD:
        return "a card id is not in this deck";
    case EC_EDUPCARD:
        return "a card appears twice";
    case EC_ETRICKLEN:
        return "wrong number of cards in the trick";
    case EC_EHANDTRICK:
        return "a card is both in a hand and in the trick";
    case EC_ENPLAYERS:
        return "wrong number of players";
    case EC_EBADSTATE:
        return "hand sizes cannot arise with this trick";
    case EC_EBADRULES:
        return "a rules field is out of range";
    case EC_EBADLEADER:
        return "leader seat out of range";
    case EC_EDEPTH:
        return "perft depth must be >= 0";
    case EC_EILLEGAL:
        return "the card is not a legal play now";
    case EC_ENOUNDO:
        return "no card to take back";
    default:
        return "unknown error";
    }
}

/* ------------------------------------------------- play state (2 players, see the header) */

int ec_play_init(const ec_context *ctx, ec_play *p, uint64_t hand0, uint64_t hand1, int leader,
                 unsigned flags)
{
    int n = ec_count(hand0);
    if ((hand0 | hand1) & ~ctx->deck)
        return EC_EBADCARD;
    if (hand0 & hand1)
        return EC_EDUPCARD;
    if (n != ec_count(hand1) || n > EC_PLAY_MAX_TRICKS)
        return EC_EBADSTATE;
    if (leader != 0 && leader != 1)
        return EC_EBADLEADER;
    if (flags > (EC_MUST_OVERTAKE | EC_MUST_TRUMP | EC_MUST_OVERTRUMP))
        return EC_EBADRULES;
    memset(p, 0, sizeof *p);
    p->hands[0] = hand0;
    p->hands[1] = hand1;
    p->leaders[0] = (uint8_t)leader;
    p->to_move = (uint8_t)leader;
    p->flags = (uint8_t)flags;
    return EC_OK;
}

uint64_t ec_play_legal(const ec_context *ctx, const ec_play *p)
{
    uint64_t hand = p->hands[p->to_move];
    if (p->nplayed & 1)
        return ec_legal_plays_unchecked(ctx, hand, &p->cards[p->nplayed - 1], 1, p->flags);
    return hand;
}

int ec_play_apply_unchecked(const ec_context *ctx, ec_play *p, int card)
{
    int mover = p->to_move, lead, winner;
    p->hands[mover] &= ~BIT(card);
    p->cards[p->nplayed++] = (uint8_t)card;
    if (p->nplayed & 1) {
        p->to_move = (uint8_t)(mover ^ 1);
        return EC_PLAY_ON;
    }
    lead = mover ^ 1;
    winner = ec_trick_winner_unchecked(ctx, &p->cards[p->nplayed - 2], 2) ? mover : lead;
    p->won[winner]++;
    p->to_move = (uint8_t)winner;
    if (!(p->hands[0] | p->hands[1]))
        return EC_PLAY_OVER;
    p->leaders[p->nplayed / 2] = (uint8_t)winner;
    return EC_PLAY_TRICK;
}

int ec_play_apply(const ec_context *ctx, ec_play *p, int card)
{
    int err = ec_check_play(ctx, ec_play_legal(ctx, p), card);
    return err != EC_OK ? err : ec_play_apply_unchecked(ctx, p, card);
}

int ec_play_undo(ec_play *p)
{
    int n, card, mover;
    if (p->nplayed == 0)
        return EC_ENOUNDO;
    n = --p->nplayed;
    card = p->cards[n];
    p->cards[n] = 0;
    if (n & 1) { /* this card completed trick n / 2: take the trick back */
        p->won[p->to_move]--;
        if (n / 2 + 1 < EC_PLAY_MAX_TRICKS)
            p->leaders[n / 2 + 1] = 0;
        mover = p->leaders[n / 2] ^ 1;
    } else {
        mover = p->leaders[n / 2];
    }
    p->to_move = (uint8_t)mover;
    p->hands[mover] |= BIT(card);
    return card;
}
