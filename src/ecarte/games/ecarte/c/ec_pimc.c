/*
 * ec_pimc.c -- Perfect Information Monte Carlo for one decision of Écarté (ecarte_pimc.h
 * spells out the contract). C99, no allocation, no global mutable state. The pure-Python
 * twin is _pure_pimc.py, step for step.
 */
#include "ec_solver.h"
#include "ecarte_pimc.h"
#include "ec_pimc_internal.h"

#include <string.h>

#define PIQUET_MASK 0x1FE01FE01FE01FE0ULL
#define KING 11

/* ---------------------------------------------------------------- the model */

void ec_pimc__rank_index(const ec_hand_rules *r, uint8_t idx[16])
{
    memset(idx, 8, 16);
    for (int i = 0; i < 8; i++)
        idx[r->order[i]] = (uint8_t)i;
}

int ec_pimc__likely(const uint8_t idx[16], uint64_t hand, int trump)
{
    int s = 0, trumps = 0;
    while (hand) {
        int c = ec_ctz(hand), i = idx[c & 15];
        hand &= hand - 1;
        if (c >> 4 == trump) {
            s += i < 3 ? 18 : 11;
            trumps++;
        } else if (i == 0) {
            s += 16;
        } else if (i == 1) {
            s += 7;
        }
    }
    return s + (trumps >= 3 ? 6 : 0);
}

int ec_pimc_likely(const ec_hand_rules *rules, uint64_t hand, int trump)
{
    uint8_t idx[16];
    ec_pimc__rank_index(rules, idx);
    return ec_pimc__likely(idx, hand, trump);
}

/* The k cards of cards least worth keeping: by value (rank, a trump 10 above), then id. */
static uint64_t lowest(const uint8_t idx[16], uint64_t cards, int trump, int k)
{
    uint64_t out = 0;
    while (k-- > 0 && cards) {
        int best = -1, best_value = 1 << 30;
        for (uint64_t m = cards; m; m &= m - 1) {
            int c = ec_ctz(m);
            int value = (8 - idx[c & 15]) + (c >> 4 == trump ? 10 : 0);
            if (value < best_value) {
                best_value = value;
                best = c;
            }
        }
        out |= BIT(best);
        cards &= ~BIT(best);
    }
    return out;
}

uint64_t ec_pimc__discard(const uint8_t idx[16], uint64_t hand, int trump, int least, int most)
{
    uint64_t weak = 0;
    for (uint64_t m = hand; m; m &= m - 1) {
        int c = ec_ctz(m);
        if (c >> 4 != trump && idx[c & 15] >= 2)
            weak |= BIT(c);
    }
    int n = ec_count(weak);
    if (least <= n && n <= most)
        return weak;
    if (n > most)
        return lowest(idx, weak, trump, most);
    return weak | lowest(idx, hand & ~weak, trump, least - n);
}

uint64_t ec_pimc_discard(const ec_hand_rules *rules, uint64_t hand, int trump, int least,
                         int most)
{
    uint8_t idx[16];
    ec_pimc__rank_index(rules, idx);
    return ec_pimc__discard(idx, hand, trump, least, most);
}

/* The cards the model keeps when it discards: trumps and the two highest ranks. */
static int kept_kind(const uint8_t idx[16], uint64_t hand, int trump)
{
    int n = 0;
    for (; hand; hand &= hand - 1) {
        int c = ec_ctz(hand);
        n += c >> 4 == trump || idx[c & 15] < 2;
    }
    return n;
}

/* The model's chance, in sixteenths, of the strong decision (play, refuse). */
static uint32_t chance(int score, int threshold)
{
    int d = score - threshold;
    int half = d >= 0 ? d / 2 : -((1 - d) / 2); /* floor(d / 2) */
    int p = 8 + half + (d >= 0 ? 1 : 0);
    return (uint32_t)(p < 1 ? 1 : p > 15 ? 15 : p);
}

static uint32_t weight(const ec_pimc_query *q, const uint8_t idx[16], uint64_t opp)
{
    uint32_t w = 1;
    for (int k = 0; k < q->ninfer; k++) {
        switch (q->infer[k]) {
        case EC_PIMC_INFER_PROPOSED:
            w *= 16 - chance(ec_pimc__likely(idx, opp, q->trump), EC_PIMC_PLAY_THRESHOLD);
            break;
        case EC_PIMC_INFER_ACCEPTED:
            w *= 16 - chance(ec_pimc__likely(idx, opp, q->trump), EC_PIMC_REFUSE_THRESHOLD);
            break;
        case EC_PIMC_INFER_PLAYED:
            w *= chance(ec_pimc__likely(idx, opp | q->opp_played, q->trump), EC_PIMC_PLAY_THRESHOLD);
            break;
        case EC_PIMC_INFER_REFUSED:
            w *= chance(ec_pimc__likely(idx, opp | q->opp_played, q->trump),
                        EC_PIMC_REFUSE_THRESHOLD);
            break;
        default: { /* EC_PIMC_INFER_EXCHANGED: halved per kept card missing */
            int d = 5 - q->opp_discard - kept_kind(idx, opp | q->opp_played, q->trump);
            w *= 16u >> (d < 0 ? 0 : d > 4 ? 4 : d);
            break;
        }
        }
    }
    return w;
}

/* ------------------------------------------------------------------- worlds */

int ec_pimc_check(const ec_pimc_query *q, int n, int pool_factor)
{
    uint64_t cards = q->hand | q->pool | q->require | q->forbid | q->opp_played;
    if (ec_hand_rules_check(&q->rules) != EC_OK || q->trump > 3 || q->me > 1 ||
        q->phase > EC_PIMC_PLAY || n < 1 || n > EC_PIMC_MAX_WORLDS || pool_factor < 1 ||
        pool_factor > EC_PIMC_MAX_POOL || q->ninfer > EC_PIMC_MAX_INFER ||
        q->target < 1 || q->target > 64 || (cards & ~PIQUET_MASK) || q->opp_size > 5 ||
        q->stock_size > 21 || q->ntrick > 1 || q->leader > 1 || q->won[0] + q->won[1] > 5 ||
        q->last > 5 || q->before_last > 5 || q->opp_discard > 5)
        return EC_PIMC_EBADQUERY;
    for (int k = 0; k < q->ninfer; k++)
        if (q->infer[k] < EC_PIMC_INFER_PROPOSED || q->infer[k] > EC_PIMC_INFER_EXCHANGED)
            return EC_PIMC_EBADQUERY;
    if (q->utility && (q->score[0] < 0 || q->score[0] >= q->target || q->score[1] < 0 ||
                       q->score[1] >= q->target))
        return EC_PIMC_EBADQUERY;
    if (q->ntrick && (q->trick_card > 63 || !(PIQUET_MASK >> q->trick_card & 1) ||
                      ((q->hand | q->pool) >> q->trick_card & 1)))
        return EC_PIMC_EBADQUERY;
    if (q->phase == EC_PIMC_PLAY && q->leader != (q->ntrick ? 1 - q->me : q->me))
        return EC_PIMC_EBADQUERY;
    if ((q->require & ~q->pool) || (q->require & q->forbid) || (q->hand & q->pool))
        return EC_PIMC_EINFEASIBLE;
    int need = q->opp_size - ec_count(q->require);
    int allowed = ec_count(q->pool & ~q->require & ~q->forbid);
    if (need < 0 || need > allowed || ec_count(q->pool) - q->opp_size < q->stock_size)
        return EC_PIMC_EINFEASIBLE;
    return EC_OK;
}

int ec_pimc_candidates(const ec_pimc_query *q, int n, int pool_factor)
{
    return q->ninfer ? n * pool_factor : n;
}

static int bits_of(uint64_t m, uint8_t *out)
{
    int n = 0;
    for (; m; m &= m - 1)
        out[n++] = (uint8_t)ec_ctz(m);
    return n;
}

int ec_pimc_worlds(const ec_pimc_query *q, uint64_t seed, int n, int pool_factor,
                   ec_pimc_world *buf, uint32_t *picked)
{
    int err = ec_pimc_check(q, n, pool_factor);
    if (err != EC_OK)
        return err;
    uint8_t idx[16], allowed[32], a[32], rest[32];
    ec_rng rng;
    ec_pimc__rank_index(&q->rules, idx);
    ec_rng_seed(&rng, seed);
    int nallowed = bits_of(q->pool & ~q->require & ~q->forbid, allowed);
    int need = q->opp_size - ec_count(q->require);
    int stock_size = q->phase != EC_PIMC_PLAY ? q->stock_size : 0;
    int count = ec_pimc_candidates(q, n, pool_factor);
    uint64_t total = 0;
    for (int k = 0; k < count; k++) {
        ec_pimc_world *w = &buf[k];
        uint64_t opp = q->require;
        memcpy(a, allowed, (size_t)nallowed);
        for (int i = 0; i < need; i++) {
            int j = i + (int)rng_below(&rng, (uint32_t)(nallowed - i));
            uint8_t t = a[i];
            a[i] = a[j];
            a[j] = t;
            opp |= BIT(a[i]);
        }
        memset(w->stock, 0, sizeof w->stock);
        memset(w->reserved, 0, sizeof w->reserved);
        if (stock_size) {
            int nrest = bits_of(q->pool & ~opp, rest);
            for (int i = 0; i < stock_size; i++) {
                int j = i + (int)rng_below(&rng, (uint32_t)(nrest - i));
                uint8_t t = rest[i];
                rest[i] = rest[j];
                rest[j] = t;
            }
            memcpy(w->stock, rest, (size_t)stock_size);
        }
        w->opp = opp;
        w->weight = q->ninfer ? weight(q, idx, opp) : 1;
        total += w->weight;
    }
    if (!q->ninfer) {
        for (int j = 0; j < n; j++)
            picked[j] = (uint32_t)j;
        return EC_OK;
    }
    /* systematic resampling: world j is the one whose cumulated weight first passes
     * (j + u) * total / n, u drawn once */
    uint64_t r = rng_below(&rng, (uint32_t)total), cum = buf[0].weight;
    int i = 0;
    for (int j = 0; j < n; j++) {
        uint64_t point = (uint64_t)j * total + r;
        while (cum * (uint64_t)n <= point)
            cum += buf[++i].weight;
        picked[j] = (uint32_t)i;
    }
    return EC_OK;
}

/* ------------------------------------------------------------------- values */

void ec_pimc__claim(ec_pimc_claims *c, int pos, int pts)
{
    c->pos[c->n] = pos;
    c->pts[c->n] = pts;
    c->n++;
}

int32_t ec_pimc__utility(const ec_pimc_env *e, const ec_pimc_claims *c)
{
    const ec_pimc_query *q = e->q;
    if (!q->utility) {
        int32_t u = 0;
        for (int i = 0; i < c->n; i++)
            u += c->pos[i] == q->me ? c->pts[i] : -c->pts[i];
        return u;
    }
    int32_t mine = q->score[0], theirs = q->score[1];
    for (int i = 0; i < c->n; i++) {
        if (c->pos[i] == q->me) {
            mine += c->pts[i];
            if (mine >= q->target)
                return EC_PIMC_WIN;
        } else {
            theirs += c->pts[i];
            if (theirs >= q->target)
                return 0;
        }
    }
    return q->utility[mine * q->target + theirs];
}

void ec_pimc__tricks_claim(const ec_pimc_env *e, ec_pimc_claims *c, int elder_tricks, int alone, int refusal)
{
    int elder_scores, penalty;
    unsigned pts = ec_trick_points(&e->q->rules, elder_tricks, alone, refusal, &elder_scores,
                                   &penalty);
    ec_pimc__claim(c, elder_scores ? 0 : 1, (int)pts);
}

/* The elder's tricks at the end of the hand, both sides playing double dummy. */
int ec_pimc__elder_tricks(ec_pimc_env *e, const uint64_t hands[2], int leader, int ntrick, int card,
                        const int won[2])
{
    if (!hands[0] && !hands[1])
        return won[0];
    ec_position pos;
    uint8_t best;
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hands[0];
    pos.hands[1] = hands[1];
    pos.nplayers = 2;
    pos.leader = (uint8_t)leader;
    pos.ntrick = (uint8_t)ntrick;
    pos.trick[0] = (uint8_t)card;
    int t = ec__solve_unchecked(&e->ctx, &pos, e->q->rules.play_flags, &best, &e->tt);
    int mover = (leader + ntrick) % 2;
    return mover == 0 ? won[0] + t : 5 - won[1] - t;
}

static int32_t start_play(ec_pimc_env *e, ec_pimc_hand *h)
{
    static const int none[2] = {0, 0};
    ec_pimc_claims c = {0, {0}, {0}};
    for (int pos = 0; pos < 2; pos++)
        if (h->held[pos] >> e->king & 1)
            ec_pimc__claim(&c, pos, 1);
    int elder = ec_pimc__elder_tricks(e, h->held, 0, 0, 0, none);
    ec_pimc__tricks_claim(e, &c, elder, h->alone, h->refusal);
    return ec_pimc__utility(e, &c);
}

static void limits(const ec_pimc_hand *h, int least, int *lo, int *hi)
{
    int left = h->len - h->top;
    *hi = left < 5 ? left : 5;
    *lo = least < *hi ? least : *hi;
}

void ec_pimc__hand_init(ec_pimc_hand *h, const ec_pimc_query *q, const ec_pimc_world *w)
{
    h->held[q->me] = q->hand;
    h->held[1 - q->me] = w->opp;
    h->stock = w->stock;
    h->top = 0;
    h->len = q->stock_size;
    h->ndiscards = q->ndiscards;
    h->last = q->last;
    h->before_last = q->before_last;
    h->exchanges = q->exchanges;
    h->alone = q->alone;
    h->refusal = q->refusal;
}

void ec_pimc__hand_discard(ec_pimc_hand *h, int pos, uint64_t cards)
{
    int n = ec_count(cards);
    uint64_t held = h->held[pos] & ~cards;
    for (int i = 0; i < n; i++)
        held |= BIT(h->stock[h->top + i]);
    h->held[pos] = held;
    h->top += n;
    h->before_last = h->last;
    h->last = n;
    h->ndiscards++;
}

static int32_t finish(ec_pimc_env *e, ec_pimc_hand *h, int phase)
{
    const ec_pimc_query *q = e->q;
    const ec_hand_rules *r = &q->rules;
    int least, most;
    for (;;) {
        switch (phase) {
        case EC_PIMC_PROPOSE: {
            int idle = h->ndiscards >= 2 && h->last == 0 && h->before_last == 0;
            int need = r->elder_min_discard > 1 ? r->elder_min_discard : 1;
            int allowed = !idle && h->len - h->top >= need;
            if (!allowed || ec_pimc__likely(e->idx, h->held[0], q->trump) >= EC_PIMC_PLAY_THRESHOLD) {
                h->alone = h->exchanges == 0;
                return start_play(e, h);
            }
            phase = EC_PIMC_RESPOND;
            break;
        }
        case EC_PIMC_RESPOND:
            if (ec_pimc__likely(e->idx, h->held[1], q->trump) >= EC_PIMC_REFUSE_THRESHOLD) {
                h->refusal = h->exchanges == 0 || r->penalty_every_refusal != 0;
                return start_play(e, h);
            }
            phase = EC_PIMC_ELDER_DISCARD;
            break;
        case EC_PIMC_ELDER_DISCARD:
            limits(h, r->elder_min_discard, &least, &most);
            ec_pimc__hand_discard(h, 0,
                                  ec_pimc__discard(e->idx, h->held[0], q->trump, least, most));
            phase = EC_PIMC_DEALER_DISCARD;
            break;
        default: /* EC_PIMC_DEALER_DISCARD */
            limits(h, r->dealer_min_discard, &least, &most);
            ec_pimc__hand_discard(h, 1,
                                  ec_pimc__discard(e->idx, h->held[1], q->trump, least, most));
            h->exchanges++;
            phase = EC_PIMC_PROPOSE;
            break;
        }
    }
}

static int32_t play_card(ec_pimc_env *e, uint64_t opp, int card)
{
    const ec_pimc_query *q = e->q;
    ec_pimc_claims c = {0, {0}, {0}};
    uint64_t hands[2];
    uint8_t trick[2];
    int won[2] = {q->won[0], q->won[1]}, leader = q->leader, ntrick = q->ntrick;
    if (q->opp_king && (opp >> e->king & 1))
        ec_pimc__claim(&c, 1 - q->me, 1);
    hands[q->me] = q->hand & ~BIT(card);
    hands[1 - q->me] = opp;
    trick[0] = q->trick_card;
    trick[ntrick++] = (uint8_t)card;
    if (ntrick == 2) {
        leader ^= ec_trick_winner_unchecked(&e->ctx, trick, 2);
        won[leader]++;
        ntrick = 0;
    }
    int elder = ec_pimc__elder_tricks(e, hands, leader, ntrick, trick[0], won);
    ec_pimc__tricks_claim(e, &c, elder, q->alone, q->refusal);
    return ec_pimc__utility(e, &c);
}

static int32_t option_value(ec_pimc_env *e, const ec_pimc_world *w, uint64_t option)
{
    const ec_pimc_query *q = e->q;
    ec_pimc_hand h;
    if (q->phase == EC_PIMC_PLAY)
        return play_card(e, w->opp, (int)option);
    ec_pimc__hand_init(&h, q, w);
    switch (q->phase) {
    case EC_PIMC_PROPOSE:
        if (option == EC_PIMC_PLAY_OPTION) {
            h.alone = h.exchanges == 0;
            return start_play(e, &h);
        }
        return finish(e, &h, EC_PIMC_RESPOND);
    case EC_PIMC_RESPOND:
        if (option == EC_PIMC_REFUSE_OPTION) {
            h.refusal = h.exchanges == 0 || q->rules.penalty_every_refusal != 0;
            return start_play(e, &h);
        }
        return finish(e, &h, EC_PIMC_ELDER_DISCARD);
    default:
        ec_pimc__hand_discard(&h, q->me, option);
        if (q->phase == EC_PIMC_ELDER_DISCARD)
            return finish(e, &h, EC_PIMC_DEALER_DISCARD);
        h.exchanges++;
        return finish(e, &h, EC_PIMC_PROPOSE);
    }
}

int ec_pimc__check_options(const ec_pimc_query *q, const ec_context *ctx, const uint64_t *options,
                         int noptions)
{
    if (noptions < 1 || noptions > EC_PIMC_MAX_OPTIONS)
        return EC_PIMC_EBADQUERY;
    for (int k = 0; k < noptions; k++) {
        uint64_t o = options[k];
        switch (q->phase) {
        case EC_PIMC_PLAY: {
            uint64_t legal = ec_legal_plays_unchecked(ctx, q->hand, &q->trick_card, q->ntrick,
                                                      q->rules.play_flags);
            if (o > 63 || !(legal >> o & 1))
                return EC_PIMC_EBADQUERY;
            break;
        }
        case EC_PIMC_PROPOSE:
        case EC_PIMC_RESPOND:
            if (o > 1)
                return EC_PIMC_EBADQUERY;
            break;
        default:
            if ((o & ~q->hand) || ec_count(o) > q->stock_size)
                return EC_PIMC_EBADQUERY;
            break;
        }
    }
    return EC_OK;
}

void ec_pimc__env_init(ec_pimc_env *e, const ec_pimc_query *q)
{
    ec_context ctxs[4];
    ec_hand_contexts(&q->rules, ctxs);
    e->q = q;
    e->ctx = ctxs[q->trump];
    e->king = q->trump * 16 + KING;
    ec_pimc__rank_index(&q->rules, e->idx);
    dd_table_init(&e->tt);
}

int ec_pimc_values(const ec_pimc_query *q, const uint64_t *options, int noptions,
                   uint64_t seed, int n, int pool_factor, ec_pimc_world *buf,
                   uint32_t *picked, int64_t *totals)
{
    ec_pimc_env e;
    int err = ec_pimc_check(q, n, pool_factor);
    if (err != EC_OK)
        return err;
    ec_pimc__env_init(&e, q);
    err = ec_pimc__check_options(q, &e.ctx, options, noptions);
    if (err != EC_OK)
        return err;
    err = ec_pimc_worlds(q, seed, n, pool_factor, buf, picked);
    if (err != EC_OK)
        return err;
    for (int k = 0; k < noptions; k++)
        totals[k] = 0;
    for (int j = 0; j < n; j++) {
        const ec_pimc_world *w = &buf[picked[j]];
        for (int k = 0; k < noptions; k++)
            totals[k] += option_value(&e, w, options[k]);
    }
    return EC_OK;
}
