/*
 * ec_eu_pimc.c -- the Euchre PIMC player's worlds and card-play loop (euchre_pimc.h spells
 * out the contract). C99, no allocation, no global mutable state. The pure-Python twin is
 * _pure_pimc.py, draw for draw.
 */
#include "ec_internal.h"
#include "euchre_pimc.h"

/* One draw with the seats' forbidden cards `no`: 1 if every seat's cards avoid them. */
static int draw(const ec_eu_seen *s, ec_rng *rng, uint8_t *cards, int n, const uint64_t *no,
                uint64_t hands[4])
{
    int at = 0;
    for (int k = 1; k < 4; k++) {
        int p = (s->seat + k) & 3;
        uint64_t h = 0;
        for (int j = 0; j < s->sizes[p]; j++, at++) {
            int r = at + (int)ec_rng_below(rng, (uint32_t)(n - at));
            uint8_t c = cards[r];
            cards[r] = cards[at];
            cards[at] = c;
            h |= (uint64_t)1 << c;
        }
        if (no && h & no[p])
            return 0;
        hands[p] = h | s->known[p];
    }
    return 1;
}

int ec_eu_sample(const ec_eu_seen *s, ec_rng *rng, int tries, int relax, uint64_t hands[4])
{
    uint8_t cards[64];
    uint64_t both[4];
    int n = 0, need = 0;
    if (s->seat > 3 || tries < 1)
        return EC_EBADRULES;
    for (int p = 0; p < 4; p++) {
        both[p] = s->voids[p] | s->hard[p];
        if (p != s->seat)
            need += s->sizes[p];
    }
    for (uint64_t m = s->pool; m; m &= m - 1)
        cards[n++] = (uint8_t)ec_ctz(m);
    if (need > n)
        return EC_EBADRULES;
    hands[s->seat] = s->hand;
    for (int i = 0; i < tries; i++)
        if (draw(s, rng, cards, n, both, hands))
            return EC_EU_WORLD_EXACT;
    if (!relax)
        return EC_EU_WORLD_NONE;
    for (int i = 0; i < tries; i++)
        if (draw(s, rng, cards, n, s->hard, hands))
            return EC_EU_WORLD_HARD;
    draw(s, rng, cards, n, NULL, hands);
    return EC_EU_WORLD_FREE;
}

static int next_active(int seat, unsigned active)
{
    do
        seat = (seat + 1) & 3;
    while (!(active >> seat & 1));
    return seat;
}

/* The seat's points when it plays `card` in the world `world`. */
static int value(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                 const uint64_t world[4], int card)
{
    static const uint8_t teams[4] = {0, 1, 0, 1};
    const ec_context *ctx = &t->ctx[q->trump];
    ec_position pos;
    uint8_t best;
    int nactive = ec_count(q->active), side = q->maker & 1;
    int won[2] = {q->won[0], q->won[1]}, done = q->done, leader = q->leader, n = q->ntrick;
    for (int p = 0; p < 4; p++)
        pos.hands[p] = world[p];
    pos.hands[s->seat] &= ~((uint64_t)1 << card);
    for (int i = 0; i < n; i++)
        pos.trick[i] = q->trick[i];
    uint8_t full[4] = {0};
    for (int i = 0; i < n; i++)
        full[i] = q->trick[i];
    full[n++] = (uint8_t)card;
    if (n == nactive) {
        int w = ec_trick_winner_unchecked(ctx, full, n), p = leader;
        for (int i = 0; i < w; i++)
            p = next_active(p, q->active);
        won[p & 1]++;
        leader = p;
        n = 0;
        done++;
    } else {
        pos.trick[n - 1] = (uint8_t)card;
    }
    if (done < 5) {
        pos.nplayers = 4;
        pos.leader = (uint8_t)leader;
        pos.ntrick = (uint8_t)n;
        int r = ec_solve_n(ctx, &pos, q->active, 0, teams, &best);
        int mover = leader;
        for (int i = 0; i < n; i++)
            mover = next_active(mover, q->active);
        won[side] += (mover & 1) == side ? r : 5 - done - r;
    }
    int lone_maker = (q->alone & (side ? 0xA : 0x5)) != 0;
    int lone_defender = (q->alone & (side ? 0x5 : 0xA)) != 0, makers;
    int pts = ec_eu_deal_points(&q->cfg, won[side], lone_maker, lone_defender, &makers);
    int scorer = makers ? side : 1 - side;
    return scorer == (s->seat & 1) ? pts : -pts;
}

int ec_eu_pimc_play(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                    const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                    int64_t *totals, uint8_t *kinds)
{
    ec_rng rng;
    uint64_t world[4];
    if (nopt < 1 || nopt > EC_EU_PIMC_MAX_OPTIONS || nworlds < 0 || q->trump > 3 ||
        q->ntrick > 3 || q->done > 4 || q->maker > 3 || ec_count(q->active) < 2)
        return EC_EBADRULES;
    for (int k = 0; k < nopt; k++) {
        if (!(s->hand >> options[k] & 1))
            return EC_EBADRULES;
        totals[k] = 0;
    }
    ec_rng_seed(&rng, seed);
    for (int w = 0; w < nworlds; w++) {
        int kind = ec_eu_sample(s, &rng, tries, 1, world);
        if (kind < 0)
            return kind;
        if (kinds)
            kinds[w] = (uint8_t)kind;
        for (int k = 0; k < nopt; k++)
            totals[k] += value(t, s, q, world, options[k]);
    }
    return EC_OK;
}
