/*
 * ec_playn.c -- the N-position play state (2 to 4 positions, some possibly sitting out).
 * C99, no allocation, no global mutable state. The pure-Python twin is _pure.PlayStateN.
 */
#include "ec_internal.h"

#include <string.h>

#define ALL_FLAGS (EC_MUST_OVERTAKE | EC_MUST_TRUMP | EC_MUST_OVERTRUMP)

int ec_playn_init(const ec_context *ctx, ec_playn *p, int nplayers, const uint64_t *hands,
                  unsigned active, int leader, unsigned flags)
{
    uint64_t all = 0;
    int size = -1, nact = ec_count_active(nplayers, &active);
    if (nact < 0)
        return nact;
    if (leader < 0 || leader >= nplayers || !(active >> leader & 1))
        return EC_EBADLEADER;
    if (flags > ALL_FLAGS)
        return EC_EBADRULES;
    for (int i = 0; i < nplayers; i++) {
        if (hands[i] & ~ctx->deck)
            return EC_EBADCARD;
        if (hands[i] & all)
            return EC_EDUPCARD;
        all |= hands[i];
    }
    for (int i = 0; i < nplayers; i++) {
        int n = ec_count(hands[i]);
        if (!(active >> i & 1))
            continue;
        if (size < 0)
            size = n;
        else if (n != size)
            return EC_EBADSTATE;
    }
    if (size > EC_PLAYN_MAX_CARDS)
        return EC_EBADSTATE;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < nplayers; i++) {
        int j = i;
        p->hands[i] = hands[i];
        do
            j = (j + 1) % nplayers;
        while (!(active >> j & 1));
        p->next[i] = (uint8_t)j;
    }
    p->nplayers = (uint8_t)nplayers;
    p->active = (uint8_t)active;
    p->nactive = (uint8_t)nact;
    p->leaders[0] = (uint8_t)leader;
    p->to_move = (uint8_t)leader;
    p->flags = (uint8_t)flags;
    return EC_OK;
}

uint64_t ec_playn_legal(const ec_context *ctx, const ec_playn *p)
{
    int nt;
    if (p->nactive == 0) /* a zeroed struct, never initialised: no card */
        return 0;
    nt = p->nplayed % p->nactive;
    return ec_legal_plays_unchecked(ctx, p->hands[p->to_move], &p->cards[p->nplayed - nt], nt,
                                    p->flags);
}

int ec_playn_apply_unchecked(const ec_context *ctx, ec_playn *p, int card)
{
    int mover = p->to_move, na = p->nactive, nt, w, winner, t;
    p->hands[mover] &= ~BIT(card);
    p->cards[p->nplayed++] = (uint8_t)card;
    nt = p->nplayed % na;
    if (nt != 0) {
        p->to_move = p->next[mover];
        return EC_PLAY_ON;
    }
    t = p->nplayed / na - 1; /* the trick just completed */
    w = ec_trick_winner_unchecked(ctx, &p->cards[p->nplayed - na], na);
    winner = p->leaders[t];
    while (w--)
        winner = p->next[winner];
    p->won[winner]++;
    p->to_move = (uint8_t)winner;
    if (p->hands[winner] == 0 || t + 1 >= EC_PLAYN_MAX_CARDS) /* active hands empty */
        return EC_PLAY_OVER;
    p->leaders[t + 1] = (uint8_t)winner;
    return EC_PLAY_TRICK;
}

int ec_playn_apply(const ec_context *ctx, ec_playn *p, int card)
{
    int err = ec_check_play(ctx, ec_playn_legal(ctx, p), card);
    return err != EC_OK ? err : ec_playn_apply_unchecked(ctx, p, card);
}

int ec_playn_undo(ec_playn *p)
{
    int n, card, na = p->nactive, t, nt, mover;
    if (p->nplayed == 0 || na == 0)
        return EC_ENOUNDO;
    n = --p->nplayed;
    card = p->cards[n];
    p->cards[n] = 0;
    t = n / na;
    nt = n % na;
    if (nt == na - 1) { /* this card completed trick t: take the trick back */
        p->won[p->to_move]--;
        if (t + 1 < EC_PLAYN_MAX_CARDS)
            p->leaders[t + 1] = 0;
    }
    mover = p->leaders[t];
    while (nt--)
        mover = p->next[mover];
    p->to_move = (uint8_t)mover;
    p->hands[mover] |= BIT(card);
    return card;
}

void ec_playn_position(const ec_playn *p, ec_position *pos)
{
    int nt = p->nactive ? p->nplayed % p->nactive : 0;
    memset(pos, 0, sizeof *pos);
    memcpy(pos->hands, p->hands, sizeof pos->hands);
    pos->nplayers = p->nplayers;
    /* between tricks (or at the end) the position to move leads the next trick */
    pos->leader = nt ? p->leaders[p->nplayed / p->nactive] : p->to_move;
    pos->ntrick = (uint8_t)nt;
    memcpy(pos->trick, &p->cards[p->nplayed - nt], (size_t)nt);
}
