/*
 * ec_euchre.c -- random Euchre deals and hands in batches (ecarte_core.h spells out the hand).
 * C99, no allocation, no global mutable state. The pure-Python twin in _pure.py
 * (_euchre_hand) follows this file step for step.
 */
#include "ec_internal.h"
#include "euchre_hands.h"

#include <string.h>

static const uint8_t EUCHRE[24] = {7,  8,  9,  10, 11, 12, 23, 24, 25, 26, 27, 28,
                                   39, 40, 41, 42, 43, 44, 55, 56, 57, 58, 59, 60};
/* packets from the dealer's left: 3-2-3-2, then 2-3-2-3 */
static const uint8_t PACKETS[8] = {3, 2, 3, 2, 2, 3, 2, 3};
#define JACK 9
#define FNV_PRIME 0x100000001B3ULL

void ec_euchre_rules_default(ec_euchre_rules *rules)
{
    rules->play_flags = 0;
    rules->alone = 0;
}

int ec_euchre_rules_check(const ec_euchre_rules *rules)
{
    if (rules->play_flags > 7 || rules->alone > 2)
        return EC_EBADRULES;
    return EC_OK;
}

int ec_euchre_context(ec_context *ctx, int trump)
{
    int8_t suit_of[64];
    uint8_t power[64];
    if (trump < 0 || trump > 3)
        return EC_EBADTRUMP;
    memset(suit_of, -1, sizeof suit_of);
    memset(power, 0, sizeof power);
    for (int i = 0; i < 24; i++) {
        int c = EUCHRE[i];
        suit_of[c] = (int8_t)(c >> 4);
        power[c] = (uint8_t)((c & 15) - 6); /* 9 .. A: 1 .. 6 */
    }
    suit_of[trump * 16 + JACK] = (int8_t)trump; /* right bower */
    power[trump * 16 + JACK] = 8;
    suit_of[(3 - trump) * 16 + JACK] = (int8_t)trump; /* left bower: same colour */
    power[(3 - trump) * 16 + JACK] = 7;
    return ec_context_init(ctx, suit_of, power, trump);
}


int ec_euchre_deal(ec_rng *rng, int dealer, uint64_t hands[EC_MAX_PLAYERS])
{
    uint8_t deck[24];
    int k = 0;
    memcpy(deck, EUCHRE, sizeof deck);
    for (int p = 0; p < 4; p++)
        hands[p] = 0;
    for (int r = 0; r < 8; r++) {
        int p = (dealer + 1 + r) & 3;
        for (int j = 0; j < PACKETS[r]; j++)
            hands[p] |= BIT(ec_draw(rng, deck, k++, 24));
    }
    return ec_draw(rng, deck, 20, 24);
}

static void euchre_hand(const ec_euchre_rules *r, const ec_context ctxs[4], ec_rng *rng_io,
                        ec_euchre_result *res)
{
    ec_rng local = *rng_io, *rng = &local;
    uint64_t h[EC_MAX_PLAYERS];
    uint8_t next[4], trick[4];
    int dealer, up, trump, maker, alone, out, leader, na, tr[2] = {0, 0}, ms, mt;
    const ec_context *ctx;

    dealer = (int)rng_below(rng, 4);
    up = ec_euchre_deal(rng, dealer, h);
    trump = up >> 4;
    ctx = &ctxs[trump];
    maker = (int)rng_below(rng, 4);
    h[dealer] |= BIT(up);
    h[dealer] &= ~BIT(ec_nth_bit(h[dealer], rng_below(rng, 6)));
    alone = r->alone == 1 ? 1 : r->alone == 2 ? (int)rng_below(rng, 2) : 0;
    out = alone ? (maker + 2) & 3 : -1;
    na = alone ? 3 : 4;
    for (int p = 0; p < 4; p++) {
        int q = (p + 1) & 3;
        if (q == out)
            q = (q + 1) & 3;
        next[p] = (uint8_t)q;
    }
    leader = (dealer + 1) & 3;
    if (leader == out)
        leader = (leader + 1) & 3;
    for (int t = 0; t < 5; t++) {
        int p = leader, w;
        for (int i = 0; i < na; i++, p = next[p]) {
            uint64_t legal = ec_legal_plays_unchecked(ctx, h[p], trick, i, r->play_flags);
            int c = ec_nth_bit(legal, rng_below(rng, (uint32_t)ec_count(legal)));
            h[p] &= ~BIT(c);
            trick[i] = (uint8_t)c;
        }
        w = ec_trick_winner_unchecked(ctx, trick, na);
        while (w--)
            leader = next[leader];
        tr[leader & 1]++;
    }
    ms = maker & 1;
    mt = tr[ms];
    res->tricks[0] = (uint8_t)tr[0];
    res->tricks[1] = (uint8_t)tr[1];
    res->points[0] = res->points[1] = 0;
    if (mt >= 3)
        res->points[ms] = (uint8_t)(mt == 5 ? (alone ? 4 : 2) : 1);
    else
        res->points[ms ^ 1] = 2;
    res->dealer = (uint8_t)dealer;
    res->maker = (uint8_t)maker;
    res->alone = (uint8_t)alone;
    res->up = (uint8_t)up;
    *rng_io = local;
}

void ec_euchre_totals_init(ec_euchre_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->digest = EC_DIGEST_START;
}

int ec_euchre_hands_next(const ec_euchre_rules *rules, ec_rng *rng_io, size_t n,
                         ec_euchre_result *out, ec_euchre_totals *totals)
{
    ec_context ctxs[4];
    ec_rng rng;
    ec_euchre_totals t;
    int err = ec_euchre_rules_check(rules);
    if (err != EC_OK)
        return err;
    for (int s = 0; s < 4; s++)
        ec_euchre_context(&ctxs[s], s);
    rng = *rng_io;
    if (totals)
        t = *totals;
    else
        ec_euchre_totals_init(&t);
    for (size_t i = 0; i < n; i++) {
        ec_euchre_result res;
        int ms, mt;
        uint64_t packed;
        euchre_hand(rules, ctxs, &rng, &res);
        if (out)
            out[i] = res;
        ms = res.maker & 1;
        mt = res.tricks[ms];
        t.tricks[0] += res.tricks[0];
        t.tricks[1] += res.tricks[1];
        t.points[0] += res.points[0];
        t.points[1] += res.points[1];
        t.marches += mt == 5;
        t.euchres += mt < 3;
        t.alone += res.alone;
        packed = (uint64_t)res.tricks[0] | (uint64_t)res.tricks[1] << 8 |
                 (uint64_t)res.points[0] << 16 | (uint64_t)res.points[1] << 24 |
                 (uint64_t)res.dealer << 32 | (uint64_t)res.maker << 40 |
                 (uint64_t)res.alone << 48 | (uint64_t)res.up << 56;
        t.digest = (t.digest ^ packed) * FNV_PRIME;
    }
    t.hands += n;
    *rng_io = rng;
    if (totals)
        *totals = t;
    return EC_OK;
}

int ec_euchre_hands(const ec_euchre_rules *rules, uint64_t seed, size_t n,
                    ec_euchre_result *out, ec_euchre_totals *totals)
{
    ec_rng rng;
    ec_euchre_totals t;
    int err;
    ec_rng_seed(&rng, seed);
    ec_euchre_totals_init(&t);
    err = ec_euchre_hands_next(rules, &rng, n, out, &t);
    if (err == EC_OK && totals)
        *totals = t;
    return err;
}
