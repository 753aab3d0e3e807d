/*
 * ec_eu_pimc.c -- the Euchre PIMC player's worlds and card-play loop (euchre_pimc.h spells
 * out the contract). C99, no allocation, no global mutable state. The pure-Python twin is
 * _pure_pimc.py, draw for draw.
 */
#include "ec_internal.h"
#include "euchre_ismcts.h"
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

/* A decision's loop over its worlds begins: the totals at zero, the PRNG seeded. */
static void start(ec_rng *rng, uint64_t seed, int64_t *totals, int nopt)
{
    for (int k = 0; k < nopt; k++)
        totals[k] = 0;
    ec_rng_seed(rng, seed);
}

/* World w of a decision (relaxed as far as needed), its kind noted in kinds (or NULL). */
static int next_world(const ec_eu_seen *s, ec_rng *rng, int tries, int w, uint8_t *kinds,
                      uint64_t world[4])
{
    int kind = ec_eu_sample(s, rng, tries, 1, world);
    if (kind >= 0 && kinds)
        kinds[w] = (uint8_t)kind;
    return kind;
}

static int next_active(int seat, unsigned active)
{
    do
        seat = (seat + 1) & 3;
    while (!(active >> seat & 1));
    return seat;
}

/* The deal's points for `me`'s side, less the other's, when the makers took `made`. */
static int points(const ec_eu_config *cfg, int maker, unsigned alone, int made, int me)
{
    int side = maker & 1, makers;
    int lone_maker = (alone & (side ? 0xA : 0x5)) != 0;
    int lone_defender = (alone & (side ? 0x5 : 0xA)) != 0;
    int pts = ec_eu_deal_points(cfg, made, lone_maker, lone_defender, &makers);
    return (makers ? side : 1 - side) == (me & 1) ? pts : -pts;
}

/* Bounds on a side's tricks that decide no threshold (solved_points). */
#define UNKNOWN_LO (-100)
#define UNKNOWN_HI 100

/* ec_eu_solved_points, the last two tricks' bounds kept in ends (or NULL); the side to
 * move is known to force from *lo to *hi tricks of the rest (UNKNOWN_LO, UNKNOWN_HI: nothing
 * known), which the searches narrow: a threshold those bounds decide is not searched. */
static int solved_points(const ec_context *ctx, const ec_position *pos, unsigned active,
                         unsigned flags, const ec_eu_config *cfg, int maker, unsigned alone,
                         int made, int me, ec_solvern_ends *ends, int *lo, int *hi)
{
    static const uint8_t teams[4] = {0, 1, 0, 1};
    int mover = pos->leader, side = maker & 1, need[3], targets[3], n = 0, k, a, b;
    for (int i = 0; i < pos->ntrick; i++)
        mover = next_active(mover, active);
    int rem = ec_count(pos->hands[mover]), mm = (mover & 1) == side;
    /* the points tell apart 0, 1 or 2 (the first only against a defender alone scoring
     * 2 for a euchre that is not total), 3 or 4, and 5 tricks */
    if ((alone & (side ? 0x5 : 0xA)) && !(cfg->flags & EC_EU_LONE_FOUR))
        need[n++] = 1;
    need[n++] = 3;
    need[n++] = 5;
    /* the makers reach need[i] (made tricks complete) when the side to move forces
     * need[i] - made, the makers moving, or cannot force rem - need[i] + made + 1 */
    for (int i = 0; i < n; i++)
        targets[mm ? i : n - 1 - i] = mm ? need[i] - made : rem - need[i] + made + 1;
    /* targets[i] for i < a are reached, for i >= b not, by what is known */
    for (a = 0; a < n && targets[a] <= *lo; a++)
        ;
    for (b = n; b > a && targets[b - 1] > *hi; b--)
        ;
    k = a;
    if (a < b) {
        int j = ec_solve_n_reached_ends(ctx, pos, active, flags, teams, targets + a, b - a, ends);
        if (j < 0) { /* not reached from valid positions: read as no target forced, as before */
            k = 0;
        } else {
            k = a + j;
            if (j > 0 && targets[k - 1] > *lo)
                *lo = targets[k - 1];
            if (k < b && targets[k] - 1 < *hi)
                *hi = targets[k] - 1;
        }
    }
    if (!mm)
        k = n - k;
    return points(cfg, maker, alone, k ? need[k - 1] : 0, me);
}

int ec_eu_solved_points(const ec_context *ctx, const ec_position *pos, unsigned active,
                        unsigned flags, const ec_eu_config *cfg, int maker, unsigned alone,
                        int made, int me)
{
    int lo = UNKNOWN_LO, hi = UNKNOWN_HI;
    return solved_points(ctx, pos, active, flags, cfg, maker, alone, made, me, NULL, &lo, &hi);
}

/* The seat's points when it plays `card` in the world `world`. */
static int value(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                 const uint64_t world[4], int card, ec_solvern_ends *ends)
{
    const ec_context *ctx = &t->ctx[q->trump];
    ec_position pos;
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
    if (done == 5)
        return points(&q->cfg, q->maker, q->alone, won[side], s->seat);
    pos.nplayers = 4;
    pos.leader = (uint8_t)leader;
    pos.ntrick = (uint8_t)n;
    int lo = UNKNOWN_LO, hi = UNKNOWN_HI;
    return solved_points(ctx, &pos, q->active, 0, &q->cfg, q->maker, q->alone, won[side],
                         s->seat, ends, &lo, &hi);
}

/* Whether cards a and b of the seat's hand are worth the same in every world: of one
 * suit with no card between them that a world may put in play (one the seat cannot see,
 * one a seat is known to hold, one in the trick in progress). */
static int alike(const ec_context *ctx, const ec_eu_seen *s, const ec_eu_pimc_query *q, int a,
                 int b)
{
    uint64_t live = s->pool | s->known[0] | s->known[1] | s->known[2] | s->known[3];
    if (ctx->suit_of[a] != ctx->suit_of[b])
        return 0;
    if (ctx->power[a] > ctx->power[b]) {
        int x = a;
        a = b;
        b = x;
    }
    for (int i = 0; i < q->ntrick; i++)
        live |= (uint64_t)1 << q->trick[i];
    return !(ctx->above[a] & ~ctx->above[b] & ~((uint64_t)1 << b) & live);
}

static int bad_infer(const ec_eu_infer *inf, int nworlds);
static uint64_t world_weight(const ec_eu_infer *inf, const uint64_t hands[4], int w,
                             uint64_t *weights);

int ec_eu_pimc_play_infer(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                          const ec_eu_infer *inf, const uint8_t *options, int nopt,
                          uint64_t seed, int nworlds, int tries, int64_t *totals,
                          uint8_t *kinds, uint64_t *weights)
{
    int same[EC_EU_PIMC_MAX_OPTIONS], v[EC_EU_PIMC_MAX_OPTIONS];
    ec_rng rng;
    uint64_t world[4];
    ec_solvern_ends ends;
    if (nopt < 1 || nopt > EC_EU_PIMC_MAX_OPTIONS || nworlds < 0 || q->trump > 3 ||
        q->ntrick > 3 || q->done > 4 || q->maker > 3 || ec_count(q->active) < 2 ||
        bad_infer(inf, nworlds))
        return EC_EBADRULES;
    for (int k = 0; k < nopt; k++) {
        if (!(s->hand >> options[k] & 1))
            return EC_EBADRULES;
        same[k] = -1; /* an option before it of the same worth: its value is reused */
        for (int j = 0; j < k && same[k] < 0; j++)
            if (alike(&t->ctx[q->trump], s, q, options[j], options[k]))
                same[k] = j;
    }
    start(&rng, seed, totals, nopt);
    ec_solvern_ends_clear(&ends);
    for (int w = 0; w < nworlds; w++) {
        int kind = next_world(s, &rng, tries, w, kinds, world);
        if (kind < 0)
            return kind;
        int64_t wt = (int64_t)world_weight(inf, world, w, weights);
        for (int k = 0; k < nopt; k++) {
            v[k] = same[k] >= 0 ? v[same[k]] : value(t, s, q, world, options[k], &ends);
            totals[k] += wt * v[k];
        }
    }
    return EC_OK;
}

/* ---- decisions before the play ---- */

/* seat offsets from the dealer of the 20 cards dealt in packets 3-2-3-2, 2-3-2-3 */
static const uint8_t PACKET_SEAT[20] = {1, 1, 1, 2, 2, 3, 3, 3, 4, 4,
                                        1, 1, 2, 2, 2, 3, 3, 4, 4, 4};

static int strength(uint64_t hand, int trump)
{
    int v = 0;
    for (uint64_t m = hand; m; m &= m - 1) {
        int c = ec_ctz(m), suit = c >> 4, rank = c & 15;
        if (rank == 9 && suit == trump)
            v += 30;
        else if (rank == 9 && suit == 3 - trump)
            v += 25;
        else if (suit == trump)
            v += 10 + 2 * (rank - 7);
        else if (rank == 12)
            v += 10;
    }
    return v;
}

int ec_eu_pimc_model(const ec_eu_tables *t, const ec_eu_game *g)
{
    uint64_t legal = ec_eu_legal(t, g);
    int n = t->ncards, p = g->to_act, pick;
    uint64_t hand = g->hands[p];
    switch (g->phase) {
    case EC_EU_BID:
    case EC_EU_BID2: {
        int best = -1, most = -1;
        for (int suit = 0; suit < 4; suit++)
            if (legal >> (n + 1 + suit) & 1) {
                int v = strength(hand, suit);
                if (g->phase == EC_EU_BID && p == g->dealer)
                    v += strength((uint64_t)1 << t->core_of[g->upcard], suit);
                if (v > most) {
                    most = v;
                    best = suit;
                }
            }
        pick = best >= 0 && (most >= 60 || !(legal >> n & 1)) ? n + 1 + best : n;
        break;
    }
    case EC_EU_ALONE:
        pick = strength(hand, g->trump) >= 110 ? n + 5 : n + 6;
        break;
    default: /* taking up, the weakest discard: the IS-MCTS rollout's rule */
        return ec_eu_ismcts_rule(t, g);
    }
    if (!(legal >> pick & 1))
        pick = ec_ctz(legal);
    return pick;
}

/* A play solved in one world: the tricks of the rest its side to move is known to force
 * (from lo to hi), shared by the options that reach it, whoever made the trumps. */
typedef struct solved_play {
    uint64_t hands[4];
    int8_t trump, leader, active, lo, hi;
} solved_play;

/* The seat's points from g on: the model up to the play, the play solved (found among the
 * n plays of memo, else added there), only the thresholds its known bounds leave open
 * searched. */
static int play_out(const ec_eu_tables *t, ec_eu_game *g, int me, solved_play *memo, int *n,
                    ec_solvern_ends *ends)
{
    solved_play *m = NULL;
    while (g->phase != EC_EU_PLAY && g->phase != EC_EU_OVER)
        if (ec_eu_apply(t, g, ec_eu_pimc_model(t, g)) != EC_OK)
            return 0;
    if (g->phase != EC_EU_PLAY)
        return 0; /* passed out */
    const ec_playn *p = &g->play;
    ec_position pos;
    ec_playn_position(p, &pos);
    for (int i = 0; i < *n && !m; i++)
        if (memo[i].trump == g->trump && memo[i].leader == p->to_move &&
            memo[i].active == p->active && !memcmp(memo[i].hands, p->hands, sizeof p->hands))
            m = &memo[i];
    if (!m) {
        m = &memo[(*n)++];
        memcpy(m->hands, p->hands, sizeof m->hands);
        m->trump = g->trump;
        m->leader = (int8_t)p->to_move;
        m->active = (int8_t)p->active;
        m->lo = UNKNOWN_LO;
        m->hi = UNKNOWN_HI;
    }
    int lo = m->lo, hi = m->hi;
    int pts = solved_points(&t->ctx[g->trump], &pos, p->active, 0, &g->cfg, g->maker, g->alone,
                            0, me, ends, &lo, &hi);
    m->lo = (int8_t)lo;
    m->hi = (int8_t)hi;
    return pts;
}

/* Deal the world w and replay the script: EC_OK or EC_EILLEGAL. */
static int deal(const ec_eu_tables *t, const ec_eu_config *cfg, int dealer, int upcard,
                const uint8_t *script, int nscript, const uint64_t w[4], ec_eu_game *g)
{
    uint64_t left[4];
    int e = ec_eu_init(t, g, cfg);
    for (int p = 0; p < 4; p++)
        left[p] = w[p];
    if (e == EC_OK)
        e = ec_eu_apply(t, g, dealer);
    for (int k = 0; k < 20 && e == EC_OK; k++) {
        int p = (dealer + ((cfg->flags & EC_EU_ONE_BY_ONE) ? k : PACKET_SEAT[k])) & 3;
        if (!left[p])
            return EC_EILLEGAL;
        int c = ec_ctz(left[p]);
        left[p] &= left[p] - 1;
        if (t->id_of[c] < 0)
            return EC_EILLEGAL;
        e = ec_eu_apply(t, g, t->id_of[c]);
    }
    if (e == EC_OK)
        e = ec_eu_apply(t, g, upcard);
    for (int i = 0; i < nscript && e == EC_OK; i++)
        e = ec_eu_apply(t, g, script[i] == EC_EU_PIMC_MODEL ? ec_eu_pimc_model(t, g) : script[i]);
    return e;
}

int ec_eu_pimc_bid_infer(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_config *cfg,
                         const ec_eu_infer *inf, int dealer, int upcard, const uint8_t *script,
                         int nscript, int discard_at, const uint8_t *options, int nopt,
                         uint64_t seed, int nworlds, int tries, int64_t *totals,
                         uint8_t *kinds, uint64_t *weights)
{
    ec_rng rng;
    uint64_t world[4];
    ec_eu_game g0, g;
    solved_play memo[EC_EU_PIMC_MAX_OPTIONS];
    ec_solvern_ends ends;
    if (nopt < 1 || nopt > EC_EU_PIMC_MAX_OPTIONS || nworlds < 0 || dealer < 0 || dealer > 3 ||
        upcard < 0 || upcard >= t->ncards || nscript < 0 || nscript > EC_EU_PIMC_MAX_SCRIPT ||
        discard_at >= nscript || cfg->target != 0 || cfg->deck != t->ncards ||
        bad_infer(inf, nworlds))
        return EC_EBADRULES;
    uint64_t up = (uint64_t)1 << t->core_of[upcard], disc = 0;
    if (s->seat == dealer && discard_at >= 0 && script[discard_at] < t->ncards)
        disc = (uint64_t)1 << t->core_of[script[discard_at]];
    start(&rng, seed, totals, nopt);
    ec_solvern_ends_clear(&ends);
    for (int w = 0; w < nworlds; w++) {
        int kind = next_world(s, &rng, tries, w, kinds, world);
        if (kind < 0)
            return kind;
        if (s->seat == dealer)
            world[dealer] = (world[dealer] & ~up) | (disc & ~up);
        int e = deal(t, cfg, dealer, upcard, script, nscript, world, &g0);
        if (e != EC_OK)
            return EC_EILLEGAL;
        int64_t wt = (int64_t)world_weight(inf, g0.hands, w, weights);
        int nmemo = 0;
        for (int k = 0; k < nopt; k++) {
            g = g0;
            if (g.to_act != s->seat || ec_eu_apply(t, &g, options[k]) != EC_OK)
                return EC_EILLEGAL;
            totals[k] += wt * play_out(t, &g, s->seat, memo, &nmemo, &ends);
        }
    }
    return EC_OK;
}

int ec_eu_pimc_play(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_pimc_query *q,
                    const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                    int64_t *totals, uint8_t *kinds)
{
    return ec_eu_pimc_play_infer(t, s, q, NULL, options, nopt, seed, nworlds, tries, totals,
                                 kinds, NULL);
}

int ec_eu_pimc_bid(const ec_eu_tables *t, const ec_eu_seen *s, const ec_eu_config *cfg,
                   int dealer, int upcard, const uint8_t *script, int nscript, int discard_at,
                   const uint8_t *options, int nopt, uint64_t seed, int nworlds, int tries,
                   int64_t *totals, uint8_t *kinds)
{
    return ec_eu_pimc_bid_infer(t, s, cfg, NULL, dealer, upcard, script, nscript, discard_at,
                                options, nopt, seed, nworlds, tries, totals, kinds, NULL);
}

/* ---- inference: the worlds weighted by the other seats' decisions (euchre_pimc.h) ---- */

/* round(16 / (1 + e^(-(5k + 2.5) / 10))) within 1..15, k = -8..7 */
static const uint8_t CHANCE[16] = {1, 1, 1, 2, 2, 4, 5, 7, 9, 11, 12, 14, 14, 15, 15, 15};

int ec_eu_pimc_chance(int d)
{
    int k = d >= 0 ? d / 5 : -((4 - d) / 5); /* floor(d / 5) */
    return CHANCE[k < -8 ? 0 : k > 7 ? 15 : k + 8];
}

uint64_t ec_eu_pimc_weight(const ec_eu_infer *inf, const uint64_t held[4])
{
    uint64_t w = 1, up = (uint64_t)1 << (inf->upcard & 63);
    int upsuit = inf->upcard >> 4;
    if (inf->n > EC_EU_PIMC_MAX_INFER || inf->upcard > 63 || inf->dealer > 3)
        return 0;
    for (int i = 0; i < inf->n; i++) {
        int p = inf->seat[i], kind = inf->kind[i], suit = inf->suit[i], v = 0;
        if (p > 3 || kind > EC_EU_INFER_PARTNER || suit > 3)
            return 0;
        uint64_t hand = held[p] | inf->plus[p];
        switch (kind) {
        case EC_EU_INFER_PASS1:
        case EC_EU_INFER_ORDER:
            v = strength(hand & ~up, upsuit) + (p == inf->dealer ? strength(up, upsuit) : 0);
            w *= kind == EC_EU_INFER_ORDER ? ec_eu_pimc_chance(v - 60)
                                           : 16 - ec_eu_pimc_chance(v - 60);
            break;
        case EC_EU_INFER_PASS2:
            v = -1;
            for (int x = 0; x < 4; x++) {
                int sx = x != upsuit ? strength(hand & ~up, x) : -1;
                if (sx > v)
                    v = sx;
            }
            w *= 16 - ec_eu_pimc_chance(v - 60);
            break;
        case EC_EU_INFER_CALL2:
            w *= ec_eu_pimc_chance(strength(hand & ~up, suit) - 60);
            break;
        case EC_EU_INFER_ALONE:
            w *= ec_eu_pimc_chance(strength(hand, suit) - 110);
            break;
        default: /* EC_EU_INFER_PARTNER */
            w *= 16 - ec_eu_pimc_chance(strength(hand, suit) - 110);
            break;
        }
    }
    return w;
}

/* Whether inf cannot weight nworlds worlds (NULL: it weighs nothing and is fine). */
static int bad_infer(const ec_eu_infer *inf, int nworlds)
{
    static const uint64_t none[4] = {0, 0, 0, 0};
    if (!inf || !inf->n)
        return 0;
    return nworlds > EC_EU_PIMC_MAX_WEIGHTED_WORLDS || !ec_eu_pimc_weight(inf, none);
}

/* World w's weight (1 without inference), noted in weights (or NULL). */
static uint64_t world_weight(const ec_eu_infer *inf, const uint64_t hands[4], int w,
                             uint64_t *weights)
{
    uint64_t wt = inf && inf->n ? ec_eu_pimc_weight(inf, hands) : 1;
    if (weights)
        weights[w] = wt;
    return wt;
}
