/*
 * ec_batch.c -- random Écarté hands and solves in batches.
 * C99, no allocation, no global mutable state. The pure-Python twin in _pure.py
 * follows this file step for step.
 */
#include "ec_solver.h"
#include "ecarte_hands.h"

#include <string.h>

/* ------------------------------------------------------------ random hands */

static const uint8_t PIQUET[32] = {5,  6,  7,  8,  9,  10, 11, 12, 21, 22, 23,
                                   24, 25, 26, 27, 28, 37, 38, 39, 40, 41, 42,
                                   43, 44, 53, 54, 55, 56, 57, 58, 59, 60};
#define KING 11
#define FNV_OFFSET EC_DIGEST_START
#define FNV_PRIME 0x100000001B3ULL
/* Deal order (E elder, D dealer): pattern 32 is E E E D D D E E D D, 23 is E E D D E E E D D D;
 * the 11th card is the turn-up, the stock follows. */

void ec_rules_default(ec_rules *rules)
{
    ec_hand_rules_default(&rules->hand);
    rules->deal_pattern = 32;
    rules->king_points = 1;
}

int ec_rules_check(const ec_rules *r)
{
    if (ec_hand_rules_check(&r->hand) != EC_OK ||
        (r->deal_pattern != 32 && r->deal_pattern != 23) || r->king_points > 1)
        return EC_EBADRULES;
    return EC_OK;
}

/* The i-th card of the shuffled 32-card deck (ec_draw, a lazy Fisher-Yates). */
EC_INLINE int draw(ec_rng *rng, uint8_t *deck, int i) { return ec_draw(rng, deck, i, 32); }

/* A uniformly chosen card of m, which holds count cards. */
EC_INLINE int random_card(ec_rng *rng, uint64_t m, int count)
{
    return ec_nth_bit(m, rng_below(rng, (uint32_t)count));
}

EC_INLINE int deal(ec_rng *rng, uint8_t *deck, int pattern, uint64_t h[2])
{
    uint64_t e, d;
    /* seat 1 (elder) is served first; statements keep the draw order explicit */
    e = BIT(draw(rng, deck, 0));
    e |= BIT(draw(rng, deck, 1));
    if (pattern == 32) {
        e |= BIT(draw(rng, deck, 2));
        d = BIT(draw(rng, deck, 3));
        d |= BIT(draw(rng, deck, 4));
        d |= BIT(draw(rng, deck, 5));
        e |= BIT(draw(rng, deck, 6));
        e |= BIT(draw(rng, deck, 7));
    } else {
        d = BIT(draw(rng, deck, 2));
        d |= BIT(draw(rng, deck, 3));
        e |= BIT(draw(rng, deck, 4));
        e |= BIT(draw(rng, deck, 5));
        e |= BIT(draw(rng, deck, 6));
        d |= BIT(draw(rng, deck, 7));
    }
    d |= BIT(draw(rng, deck, 8));
    d |= BIT(draw(rng, deck, 9));
    h[0] = d;
    h[1] = e;
    return draw(rng, deck, 10);
}

static void play_hand(const ec_rules *r, const ec_context ctxs[4], ec_rng *rng_io,
                      ec_hand_result *res)
{
    ec_rng local = *rng_io, *rng = &local; /* a local copy the compiler keeps in registers */
    uint8_t deck[32];
    uint64_t h[2];
    int pts[2] = {0, 0}, tr[2] = {0, 0};
    int flags = 0, actions = 10, exch = 0, next = 11, leader = 1, idle = 0;
    int up, trump, penalty = 0;
    /* proposals need a stock that serves the elder's least discard; an exchange in which
     * neither side discarded ends them (the engine's classic plugin, docs/rules.md) */
    int least_stock = r->hand.elder_min_discard > 1 ? r->hand.elder_min_discard : 1;
    const ec_context *ctx;
    dd_env e;

    memcpy(deck, PIQUET, sizeof deck);
    up = deal(rng, deck, r->deal_pattern, h);
    trump = up >> 4;
    ctx = &ctxs[trump];
    if ((up & 15) == KING) {
        pts[0]++;
        flags |= 1;
    }
    while (32 - next >= least_stock && !idle) {
        int served = next;
        actions++;
        if (rng_below(rng, 2) == 0) {
            if (exch == 0)
                flags |= 2;
            break;
        }
        actions++;
        if (rng_below(rng, 2) == 0) {
            if (exch == 0 || r->hand.penalty_every_refusal)
                flags |= 4;
            break;
        }
        for (int seat = 1; seat >= 0; seat--) {
            int cap = 32 - next, lo, k;
            if (cap > 5)
                cap = 5;
            lo = seat ? r->hand.elder_min_discard : r->hand.dealer_min_discard;
            if (lo > cap)
                lo = cap;
            k = lo + (int)rng_below(rng, (uint32_t)(cap - lo + 1));
            for (int j = 0; j < k; j++)
                h[seat] &= ~BIT(random_card(rng, h[seat], 5 - j));
            for (int j = 0; j < k; j++)
                h[seat] |= BIT(draw(rng, deck, next++));
            actions += k;
        }
        idle = next == served;
        exch++;
    }
    if (r->king_points) {
        uint64_t king = BIT(trump * 16 + KING);
        if (h[0] & king)
            pts[0]++;
        else if (h[1] & king)
            pts[1]++;
    }
    e.ctx = ctx;
    e.flags = r->hand.play_flags;
    e.trumps = ctx->suit_mask[trump];
    {
        /* the leader's and the follower's hands in locals, swapped when the lead changes */
        uint64_t lh = h[1], fh = h[0];
        int elder_tricks = 0;
        for (int t = 0; t < 5; t++) {
            int c, rep;
            uint64_t legal;
            c = random_card(rng, lh, 5 - t);
            lh &= ~BIT(c);
            legal = legal2(&e, fh, c);
            rep = random_card(rng, legal, legal == fh ? 5 - t : ec_count(legal));
            fh &= ~BIT(rep);
            if (beats(&e, c, rep)) {
                uint64_t x = lh;
                lh = fh;
                fh = x;
                leader ^= 1;
            }
            elder_tricks += leader;
        }
        tr[1] = elder_tricks;
        tr[0] = 5 - elder_tricks;
    }
    {
        int elder_scores;
        unsigned points = ec_trick_points(&r->hand, tr[1], flags & 2, flags & 4, &elder_scores,
                                          &penalty);
        if (penalty)
            flags |= 8;
        pts[elder_scores] += (int)points;
    }
    res->points[0] = (uint8_t)pts[0];
    res->points[1] = (uint8_t)pts[1];
    res->tricks[0] = (uint8_t)tr[0];
    res->tricks[1] = (uint8_t)tr[1];
    res->exchanges = (uint8_t)exch;
    res->flags = (uint8_t)flags;
    res->actions = (uint16_t)actions;
    *rng_io = local;
}

void ec_totals_init(ec_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->digest = FNV_OFFSET;
}

int ec_random_hands_next(const ec_rules *rules, ec_rng *rng_io, size_t n, ec_hand_result *out,
                         ec_totals *totals)
{
    ec_context ctxs[4];
    ec_rng rng;
    ec_totals t;
    int err = ec_rules_check(rules);
    if (err != EC_OK)
        return err;
    ec_hand_contexts(&rules->hand, ctxs);
    rng = *rng_io;
    if (totals)
        t = *totals;
    else
        ec_totals_init(&t);
    for (size_t i = 0; i < n; i++) {
        ec_hand_result res;
        uint64_t packed;
        play_hand(rules, ctxs, &rng, &res);
        if (out)
            out[i] = res;
        t.points[0] += res.points[0];
        t.points[1] += res.points[1];
        t.tricks[0] += res.tricks[0];
        t.tricks[1] += res.tricks[1];
        t.voles += (res.tricks[0] == 5) | (res.tricks[1] == 5);
        t.exchanges += res.exchanges;
        t.actions += res.actions;
        packed = (uint64_t)res.points[0] | (uint64_t)res.points[1] << 8 |
                 (uint64_t)res.tricks[0] << 16 | (uint64_t)res.tricks[1] << 24 |
                 (uint64_t)res.exchanges << 32 | (uint64_t)res.flags << 40 |
                 (uint64_t)res.actions << 48;
        t.digest = (t.digest ^ packed) * FNV_PRIME;
    }
    t.hands += n;
    *rng_io = rng;
    if (totals)
        *totals = t;
    return EC_OK;
}

int ec_random_hands(const ec_rules *rules, uint64_t seed, size_t n, ec_hand_result *out,
                    ec_totals *totals)
{
    ec_rng rng;
    ec_totals t;
    int err;
    ec_rng_seed(&rng, seed);
    ec_totals_init(&t);
    err = ec_random_hands_next(rules, &rng, n, out, &t);
    if (err == EC_OK && totals)
        *totals = t;
    return err;
}

int ec_random_solves_next(const ec_rules *rules, ec_rng *rng_io, size_t n, int8_t *values,
                          uint8_t *best, uint64_t *digest)
{
    ec_context ctxs[4];
    ec_rng rng;
    uint64_t dg = digest ? *digest : FNV_OFFSET;
    dd_table tt;
    int err = ec_rules_check(rules);
    if (err != EC_OK)
        return err;
    dd_table_init(&tt);
    ec_hand_contexts(&rules->hand, ctxs);
    rng = *rng_io;
    for (size_t i = 0; i < n; i++) {
        uint8_t deck[32], mv;
        ec_position pos;
        int up, v;
        memcpy(deck, PIQUET, sizeof deck);
        memset(&pos, 0, sizeof pos);
        up = deal(&rng, deck, rules->deal_pattern, pos.hands);
        pos.nplayers = 2;
        pos.leader = 1;
        v = ec__solve_unchecked(&ctxs[up >> 4], &pos, rules->hand.play_flags, &mv, &tt);
        if (values)
            values[i] = (int8_t)v;
        if (best)
            best[i] = mv;
        dg = (dg ^ ((uint64_t)v | (uint64_t)mv << 8)) * FNV_PRIME;
    }
    *rng_io = rng;
    if (digest)
        *digest = dg;
    return EC_OK;
}

int ec_random_solves(const ec_rules *rules, uint64_t seed, size_t n, int8_t *values,
                     uint8_t *best, uint64_t *digest)
{
    ec_rng rng;
    uint64_t dg = EC_DIGEST_START;
    int err;
    ec_rng_seed(&rng, seed);
    err = ec_random_solves_next(rules, &rng, n, values, best, &dg);
    if (err == EC_OK && digest)
        *digest = dg;
    return err;
}
