/*
 * ecarte_ismcts.h -- single-observer Information Set Monte Carlo Tree Search for one
 * decision of Écarté (C99; Cowling, Powley and Whitehouse 2012).
 *
 * The search asks the same query as PIMC (ec_pimc_query: what the deciding seat saw) and
 * draws its determinizations with the same sampler (ec_pimc_worlds): iteration i plays in
 * world i modulo nworlds. Each iteration walks one tree, whose nodes are the decisions of
 * both seats as the deciding seat sees them (propose or play, accept or refuse, each card;
 * the root's options, a discard among them), choosing among the actions legal in the
 * world by UCB1 on the actions' availability counts, adds one node, plays the hand out
 * from it as PIMC plays a world (the exchanges by the model of both seats, the tricks
 * double dummy) and backs the utility up, each node scored for the seat that acted.
 * Discards after the root are the model's. The pure-Python twin is _pure_ismcts.py: the
 * same seed and iterations give the same tree.
 *
 * Nothing here allocates: the caller passes the worlds, and the nodes (one per iteration
 * and the root), and may grow the node array between calls to ec_ismcts_run.
 */
#ifndef ECARTE_ISMCTS_H
#define ECARTE_ISMCTS_H

#include "ec_mcts.h"
#include "ecarte_pimc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_ISMCTS_EROOM (-42) /* not enough nodes for the iterations asked */
#define EC_ISMCTS_POINTS_SCALE 4 /* the points objective's rewards are divided by this */

/* A node of the tree (ec_mcts.h, the tree shared with the other games' searches). */
typedef ec_mcts_node ec_ismcts_node;

typedef struct ec_ismcts_tree {
    const ec_pimc_query *q;
    const ec_pimc_world *worlds;
    const uint32_t *picked;
    ec_mcts_tree mcts; /* the nodes, the rng of the untried actions, the iterations */
    uint64_t options[EC_PIMC_MAX_OPTIONS];
    int32_t noptions;
    int32_t nworlds;
} ec_ismcts_tree;

/* Check the query and the options (as ec_pimc_values), draw nworlds worlds from seed into
 * buf and picked (sized as for ec_pimc_worlds) and make the root in nodes[0] (capacity at
 * least 1). The tree keeps the pointers: q, buf, picked and nodes must outlive it. Returns
 * EC_OK, EC_PIMC_EBADQUERY (c not finite and positive included) or EC_PIMC_EINFEASIBLE. */
int ec_ismcts_init(ec_ismcts_tree *t, const ec_pimc_query *q, const uint64_t *options,
                   int noptions, uint64_t seed, int nworlds, int pool_factor, double c,
                   ec_pimc_world *buf, uint32_t *picked, ec_ismcts_node *nodes, int capacity);

/* Run n more iterations (ec_mcts_tree_room(&t->mcts, n), else EC_ISMCTS_EROOM and
 * nothing is done). Running a and then b iterations is running a + b. */
int ec_ismcts_run(ec_ismcts_tree *t, int n);

/* The root's statistics for each option, in the order of the options: its visits and the
 * sum of its utilities for the deciding seat (0 for an option not yet tried). */
void ec_ismcts_root(const ec_ismcts_tree *t, uint32_t *visits, int64_t *totals);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_ISMCTS_H */
