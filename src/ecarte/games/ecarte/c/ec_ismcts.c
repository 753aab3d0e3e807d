/*
 * ec_ismcts.c -- single-observer IS-MCTS for one decision of Écarté (ecarte_ismcts.h spells
 * out the contract). C99, no allocation, no global mutable state. The pure-Python twin is
 * _pure_ismcts.py, step for step.
 */
#include "ecarte_ismcts.h"
#include "ec_pimc_internal.h"

#include <math.h>
#include <string.h>

#define END 5         /* the hand is over (after the phases EC_PIMC_*) */
#define MAX_DEPTH 96  /* nodes on one path: far more than a hand's decisions */

/* A hand in one world, from the decision on. */
typedef struct sim {
    ec_pimc_hand h; /* the cards and the exchanges */
    int phase, leader, ntrick, won[2];
    uint8_t trick[2];
    ec_pimc_claims claims; /* kings, before the tricks */
} sim;

static void sim_init(sim *s, const ec_pimc_env *e, const ec_pimc_world *w)
{
    const ec_pimc_query *q = e->q;
    memset(s, 0, sizeof *s);
    ec_pimc__hand_init(&s->h, q, w);
    if (q->phase == EC_PIMC_PLAY)
        s->h.len = 0;
    s->phase = q->phase;
    if (q->phase == EC_PIMC_PLAY) {
        s->leader = q->leader;
        s->ntrick = q->ntrick;
        s->trick[0] = q->trick_card;
        s->won[0] = q->won[0];
        s->won[1] = q->won[1];
        if (q->opp_king && (w->opp >> e->king & 1))
            ec_pimc__claim(&s->claims, 1 - q->me, 1);
    }
}

static void start_play(const ec_pimc_env *e, sim *s)
{
    for (int pos = 0; pos < 2; pos++)
        if (s->h.held[pos] >> e->king & 1)
            ec_pimc__claim(&s->claims, pos, 1);
    s->phase = EC_PIMC_PLAY;
    s->leader = s->ntrick = s->won[0] = s->won[1] = 0;
}

static void model_discard(const ec_pimc_env *e, sim *s, int pos, int least)
{
    int left = s->h.len - s->h.top, most = left < 5 ? left : 5;
    int lo = least < most ? least : most;
    uint64_t cards = ec_pimc__discard(e->idx, s->h.held[pos], e->q->trump, lo, most);
    ec_pimc__hand_discard(&s->h, pos, cards);
}

/* Take the action of the position to move. */
static void apply(const ec_pimc_env *e, sim *s, uint64_t action)
{
    const ec_hand_rules *r = &e->q->rules;
    switch (s->phase) {
    case EC_PIMC_PROPOSE:
        if (action == EC_PIMC_PLAY_OPTION) {
            s->h.alone = s->h.exchanges == 0;
            start_play(e, s);
        } else {
            s->phase = EC_PIMC_RESPOND;
        }
        break;
    case EC_PIMC_RESPOND:
        if (action == EC_PIMC_REFUSE_OPTION) {
            s->h.refusal = s->h.exchanges == 0 || r->penalty_every_refusal != 0;
            start_play(e, s);
        } else {
            s->phase = EC_PIMC_ELDER_DISCARD;
        }
        break;
    case EC_PIMC_ELDER_DISCARD:
        ec_pimc__hand_discard(&s->h, 0, action);
        s->phase = EC_PIMC_DEALER_DISCARD;
        break;
    case EC_PIMC_DEALER_DISCARD:
        ec_pimc__hand_discard(&s->h, 1, action);
        s->h.exchanges++;
        s->phase = EC_PIMC_PROPOSE;
        break;
    default: { /* EC_PIMC_PLAY */
        int mover = (s->leader + s->ntrick) % 2;
        s->h.held[mover] &= ~BIT(action);
        s->trick[s->ntrick++] = (uint8_t)action;
        if (s->ntrick == 2) {
            s->leader ^= ec_trick_winner_unchecked(&e->ctx, s->trick, 2);
            s->won[s->leader]++;
            s->ntrick = 0;
            if (!s->h.held[0] && !s->h.held[1])
                s->phase = END;
        }
        break;
    }
    }
}

/* Take the steps that are nobody's choice (a play forced by the rules, the model's
 * discards after the root) up to a decision or the end of the hand. */
static void advance(const ec_pimc_env *e, sim *s)
{
    const ec_hand_rules *r = &e->q->rules;
    for (;;) {
        switch (s->phase) {
        case EC_PIMC_PROPOSE: {
            int idle = s->h.ndiscards >= 2 && s->h.last == 0 && s->h.before_last == 0;
            int need = r->elder_min_discard > 1 ? r->elder_min_discard : 1;
            if (!idle && s->h.len - s->h.top >= need)
                return;
            s->h.alone = s->h.exchanges == 0;
            start_play(e, s);
            return;
        }
        case EC_PIMC_ELDER_DISCARD:
            model_discard(e, s, 0, r->elder_min_discard);
            s->phase = EC_PIMC_DEALER_DISCARD;
            break;
        case EC_PIMC_DEALER_DISCARD:
            model_discard(e, s, 1, r->dealer_min_discard);
            s->h.exchanges++;
            s->phase = EC_PIMC_PROPOSE;
            break;
        default: /* EC_PIMC_RESPOND, EC_PIMC_PLAY, END */
            return;
        }
    }
}

/* The actions of the position to move at a decision (ascending cards in the play). */
static int actions(const ec_pimc_env *e, const sim *s, uint64_t *out, int *mover)
{
    if (s->phase == EC_PIMC_PROPOSE || s->phase == EC_PIMC_RESPOND) {
        *mover = s->phase == EC_PIMC_PROPOSE ? 0 : 1;
        out[0] = 0; /* EC_PIMC_PROPOSE_OPTION, EC_PIMC_ACCEPT_OPTION */
        out[1] = 1; /* EC_PIMC_PLAY_OPTION, EC_PIMC_REFUSE_OPTION */
        return 2;
    }
    int n = 0;
    *mover = (s->leader + s->ntrick) % 2;
    uint64_t legal = ec_legal_plays_unchecked(&e->ctx, s->h.held[*mover], s->trick, s->ntrick,
                                              e->q->rules.play_flags);
    for (; legal; legal &= legal - 1)
        out[n++] = (uint64_t)ec_ctz(legal);
    return n;
}

/* Play the hand out from s as PIMC plays a world: the model's decisions, the tricks
 * double dummy. The deciding seat's utility. */
static int32_t rollout(ec_pimc_env *e, sim *s)
{
    const ec_pimc_query *q = e->q;
    for (;;) {
        advance(e, s);
        if (s->phase == EC_PIMC_PROPOSE)
            apply(e, s, ec_pimc__likely(e->idx, s->h.held[0], q->trump) >= EC_PIMC_PLAY_THRESHOLD);
        else if (s->phase == EC_PIMC_RESPOND)
            apply(e, s,
                  ec_pimc__likely(e->idx, s->h.held[1], q->trump) >= EC_PIMC_REFUSE_THRESHOLD);
        else
            break;
    }
    ec_pimc_claims c = s->claims;
    int elder = s->phase == END ? s->won[0]
                                : ec_pimc__elder_tricks(e, s->h.held, s->leader, s->ntrick,
                                                        s->trick[0], s->won);
    ec_pimc__tricks_claim(e, &c, elder, s->h.alone, s->h.refusal);
    return ec_pimc__utility(e, &c);
}

/* ------------------------------------------------------------------- the tree */

int ec_ismcts_init(ec_ismcts_tree *t, const ec_pimc_query *q, const uint64_t *options,
                   int noptions, uint64_t seed, int nworlds, int pool_factor, double c,
                   ec_pimc_world *buf, uint32_t *picked, ec_ismcts_node *nodes, int capacity)
{
    ec_pimc_env e;
    int err = ec_pimc_check(q, nworlds, pool_factor);
    if (err != EC_OK)
        return err;
    if (!ec_mcts_tree_ok(c, capacity))
        return EC_PIMC_EBADQUERY;
    ec_pimc__env_init(&e, q);
    err = ec_pimc__check_options(q, &e.ctx, options, noptions);
    if (err != EC_OK)
        return err;
    for (int k = 0; k < noptions; k++)
        for (int j = 0; j < k; j++)
            if (options[j] == options[k])
                return EC_PIMC_EBADQUERY;
    err = ec_pimc_worlds(q, seed, nworlds, pool_factor, buf, picked);
    if (err != EC_OK)
        return err;
    memset(t, 0, sizeof *t);
    t->q = q;
    t->worlds = buf;
    t->picked = picked;
    memcpy(t->options, options, (size_t)noptions * sizeof *options);
    t->noptions = noptions;
    t->nworlds = nworlds;
    ec_mcts_tree_init(&t->mcts, nodes, capacity, c, ~seed);
    return EC_OK;
}

static void iterate(ec_ismcts_tree *t, ec_pimc_env *e)
{
    const ec_pimc_query *q = t->q;
    const ec_pimc_world *w = &t->worlds[t->picked[t->mcts.iterations % t->nworlds]];
    int32_t path[MAX_DEPTH], node = 0, u;
    int depth = 0, n, mover, expanded = 0;
    uint64_t acts[EC_PIMC_MAX_OPTIONS];
    sim s;
    sim_init(&s, e, w);
    path[depth++] = 0;
    while (!expanded && depth < MAX_DEPTH) {
        if (node == 0) {
            n = t->noptions;
            memcpy(acts, t->options, (size_t)n * sizeof *acts);
            mover = q->me;
        } else {
            advance(e, &s);
            if (s.phase == END)
                break;
            n = actions(e, &s, acts, &mover);
        }
        double scale = q->utility ? (double)EC_PIMC_WIN : (double)EC_ISMCTS_POINTS_SCALE;
        int32_t next = ec_mcts_step(t->mcts.nodes, &t->mcts.count, node, acts, n, mover,
                                    &t->mcts.rng, t->mcts.c, scale, &expanded);
        apply(e, &s, t->mcts.nodes[next].action);
        path[depth++] = next;
        node = next;
    }
    u = rollout(e, &s);
    ec_mcts_backup(t->mcts.nodes, path, depth, 1u << q->me, u,
                   q->utility ? EC_PIMC_WIN - u : -u);
    t->mcts.iterations++;
}

int ec_ismcts_run(ec_ismcts_tree *t, int n)
{
    ec_pimc_env e;
    if (!ec_mcts_tree_room(&t->mcts, n))
        return EC_ISMCTS_EROOM;
    ec_pimc__env_init(&e, t->q);
    for (int i = 0; i < n; i++)
        iterate(t, &e);
    return EC_OK;
}

void ec_ismcts_root(const ec_ismcts_tree *t, uint32_t *visits, int64_t *totals)
{
    for (int k = 0; k < t->noptions; k++)
        ec_mcts_root_stats(t->mcts.nodes, t->options[k], &visits[k], &totals[k]);
}
