/*
 * ec_eu_ismcts.c -- single-observer IS-MCTS for one decision of Euchre (euchre_ismcts.h
 * spells out the contract). C99, no allocation, no global mutable state. The pure-Python
 * twin is _pure_ismcts.py, step for step.
 */
#include "ec_internal.h"
#include "euchre_ismcts.h"
#include "euchre_pimc.h"

#define MAX_DEPTH 64 /* nodes on one path: more than a deal's decisions */

static int trumps(const ec_eu_tables *t, uint64_t hand, int suit)
{
    return ec_count(hand & t->ctx[suit].suit_mask[suit]);
}

int ec_eu_ismcts_rule(const ec_eu_tables *t, const ec_eu_game *g)
{
    uint64_t legal = ec_eu_legal(t, g);
    int n = t->ncards, p = g->to_act, pick = -1;
    switch (g->phase) {
    case EC_EU_BID: {
        int suit = g->upcard % 4;
        int k = trumps(t, g->hands[p], suit) + (p == g->dealer);
        pick = k >= 3 ? n + 1 + suit : n;
        break;
    }
    case EC_EU_BID2: {
        int best = -1, most = -1;
        for (int suit = 0; suit < 4; suit++)
            if (legal >> (n + 1 + suit) & 1) {
                int k = trumps(t, g->hands[p], suit);
                if (k > most) {
                    most = k;
                    best = suit;
                }
            }
        pick = most >= 3 || !(legal >> n & 1) ? n + 1 + best : n;
        break;
    }
    case EC_EU_TAKE:
        pick = n + 7;
        break;
    case EC_EU_ALONE:
        pick = n + 6;
        break;
    case EC_EU_DISCARD: {
        const ec_context *ctx = &t->ctx[g->trump];
        int least = 1 << 30;
        for (uint64_t m = legal; m; m &= m - 1) {
            int id = ec_ctz(m), core = t->core_of[id];
            int key = (ctx->suit_of[core] == g->trump ? 64 : 0) + ctx->power[core];
            if (key < least) {
                least = key;
                pick = id;
            }
        }
        break;
    }
    default:
        break;
    }
    if (pick < 0 || !(legal >> pick & 1))
        pick = ec_ctz(legal);
    return pick;
}

/* The deciding seat's points once the play is solved double dummy from g. */
static int32_t solved(const ec_eu_ismcts *s, const ec_eu_game *g)
{
    const ec_playn *p = &g->play;
    ec_position pos;
    int side = g->maker & 1;
    ec_playn_position(p, &pos);
    return ec_eu_solved_points(&s->t->ctx[g->trump], &pos, p->active, p->flags, &g->cfg,
                               g->maker, g->alone, p->won[side] + p->won[side + 2], s->me);
}

/* Play the deal out from g (the rule's bids, random cards, the end double dummy): the
 * deciding seat's points. */
static int32_t rollout(ec_eu_ismcts *s, ec_eu_game *g)
{
    const ec_eu_tables *t = s->t;
    while (g->phase != EC_EU_OVER) {
        if (g->phase == EC_EU_PLAY) {
            if (ec_count(g->play.hands[g->play.to_move]) <= s->solve)
                return solved(s, g);
            uint64_t legal = ec_eu_legal(t, g);
            uint32_t k = ec_rng_below(&s->mcts.rng, (uint32_t)ec_count(legal));
            ec_eu_apply(t, g, ec_nth_bit(legal, k));
        } else {
            ec_eu_apply(t, g, ec_eu_ismcts_rule(t, g));
        }
    }
    return g->returns[s->me];
}

int ec_eu_ismcts_init(ec_eu_ismcts *s, const ec_eu_tables *t, const ec_eu_game *worlds,
                      int nworlds, uint64_t seed, double c, int solve, ec_mcts_node *nodes,
                      int capacity)
{
    if (!ec_mcts_tree_ok(c, capacity) || solve < 0 || solve > 8 || nworlds < 1)
        return EC_EBADRULES;
    uint64_t legal = ec_eu_legal(t, &worlds[0]);
    for (int i = 0; i < nworlds; i++) {
        const ec_eu_game *w = &worlds[i];
        if (w->cfg.target != 0 || w->cfg.deck != t->ncards || w->to_act < 0 ||
            w->to_act != worlds[0].to_act || w->phase == EC_EU_OVER ||
            ec_eu_legal(t, w) != legal)
            return EC_EU_ISMCTS_EWORLDS;
    }
    memset(s, 0, sizeof *s);
    s->t = t;
    s->worlds = worlds;
    s->nworlds = nworlds;
    s->me = worlds[0].to_act;
    s->solve = solve;
    ec_mcts_tree_init(&s->mcts, nodes, capacity, c, seed);
    return EC_OK;
}

static void iterate(ec_eu_ismcts *s)
{
    const ec_eu_tables *t = s->t;
    ec_eu_game g = s->worlds[s->mcts.iterations % s->nworlds];
    int32_t path[MAX_DEPTH], node = 0, u;
    int depth = 0, expanded = 0;
    uint64_t acts[EC_MCTS_MAX_ACTIONS];
    path[depth++] = 0;
    while (!expanded && depth < MAX_DEPTH && g.phase != EC_EU_OVER) {
        int n = 0;
        for (uint64_t legal = ec_eu_legal(t, &g); legal; legal &= legal - 1)
            acts[n++] = (uint64_t)ec_ctz(legal);
        int32_t next = ec_mcts_step(s->mcts.nodes, &s->mcts.count, node, acts, n, g.to_act,
                                    &s->mcts.rng, s->mcts.c, (double)EC_EU_ISMCTS_SCALE,
                                    &expanded);
        ec_eu_apply(t, &g, (int)s->mcts.nodes[next].action);
        path[depth++] = next;
        node = next;
    }
    u = rollout(s, &g);
    ec_mcts_backup(s->mcts.nodes, path, depth, 0x5u << (s->me & 1), u, -u); /* the partners */
    s->mcts.iterations++;
}

int ec_eu_ismcts_run(ec_eu_ismcts *s, int n)
{
    if (!ec_mcts_tree_room(&s->mcts, n))
        return EC_EU_ISMCTS_EROOM;
    for (int i = 0; i < n; i++)
        iterate(s);
    return EC_OK;
}

void ec_eu_ismcts_root(const ec_eu_ismcts *s, int id, uint32_t *visits, int64_t *total)
{
    ec_mcts_root_stats(s->mcts.nodes, (uint64_t)id, visits, total);
}
