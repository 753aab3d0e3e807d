/*
 * ec_mcts.h -- the tree of single-observer Information Set Monte Carlo Tree Search
 * (Cowling, Powley and Whitehouse 2012), shared by the games' searches (C99, header only,
 * no allocation). A game walks the tree in a determinization of its own, asks
 * ec_mcts_step at each decision with the actions legal in that world, applies the action
 * of the node returned, plays the rest out and backs its utility up along the path
 * (ec_mcts_backup).
 *
 * Nodes live in an array the caller owns (node 0 is the root); children are a linked list
 * in the order they were added. At a node, every child whose action is legal in the
 * iteration's world counts one more availability; if some legal action has no child, one
 * of them (below(untried count)-th in the order of the actions given) gets a new node and
 * the walk stops there; otherwise the legal child of the highest UCB1 score
 *     total / (visits * scale) + c * sqrt(ln(avail) / visits)
 * is taken (the first in child order on a tie).
 */
#ifndef EC_MCTS_H
#define EC_MCTS_H

#include "ecarte_core.h"

#include <math.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EC_MCTS_MAX_ACTIONS 64 /* actions at one decision */
#define EC_MCTS_ROOT_MOVER 255 /* the root's mover: nobody acted to reach it */

typedef struct ec_mcts_node {
    uint64_t action;  /* the action that leads here from the parent */
    int64_t total;    /* the sum of the utilities, for the seat that took the action */
    uint32_t visits;  /* iterations through the node */
    uint32_t avail;   /* iterations in which its action was legal at the parent */
    int32_t child;    /* first child, -1 for none */
    int32_t sibling;  /* next child of the parent, -1 for none */
    uint8_t mover;    /* the position that took the action (255 at the root) */
    uint8_t reserved[7];
} ec_mcts_node;

/* Make nodes[0] the root. */
static inline void ec_mcts_root(ec_mcts_node *nodes)
{
    memset(&nodes[0], 0, sizeof nodes[0]);
    nodes[0].child = nodes[0].sibling = -1;
    nodes[0].mover = EC_MCTS_ROOT_MOVER;
}

/* A search's tree: the node array the caller owns and what walks it. */
typedef struct ec_mcts_tree {
    ec_mcts_node *nodes; /* node 0 is the root */
    ec_rng rng;          /* the choice among untried actions (a game may draw from it too) */
    double c;            /* UCB1's exploration constant */
    int64_t iterations;  /* iterations done */
    int32_t capacity;    /* nodes available */
    int32_t count;       /* nodes used, the root included */
} ec_mcts_tree;

/* Whether c (positive, below 1e9) and capacity (at least 1) can make a tree. */
static inline int ec_mcts_tree_ok(double c, int capacity)
{
    return c > 0 && c < 1e9 && capacity >= 1;
}

/* Start tree on the capacity nodes of nodes (they must outlive it): the root made, no
 * iteration done, the rng seeded with seed. */
static inline void ec_mcts_tree_init(ec_mcts_tree *tree, ec_mcts_node *nodes, int capacity,
                                     double c, uint64_t seed)
{
    memset(tree, 0, sizeof *tree);
    tree->nodes = nodes;
    tree->c = c;
    tree->capacity = capacity;
    tree->count = 1;
    ec_rng_seed(&tree->rng, seed);
    ec_mcts_root(nodes);
}

/* Whether n more iterations (n >= 0, each adding at most one node) fit in the tree. */
static inline int ec_mcts_tree_room(const ec_mcts_tree *tree, int n)
{
    return n >= 0 && (int64_t)tree->count + n <= tree->capacity;
}

/* Append a child of parent at nodes[*count] (the caller checked the room). */
static inline int32_t ec_mcts_add(ec_mcts_node *nodes, int32_t *count, int32_t parent,
                                  uint64_t action, int mover)
{
    int32_t k = (*count)++, *link = &nodes[parent].child;
    ec_mcts_node *n = &nodes[k];
    memset(n, 0, sizeof *n);
    n->action = action;
    n->child = n->sibling = -1;
    n->mover = (uint8_t)mover;
    n->avail = 1;
    while (*link >= 0)
        link = &nodes[*link].sibling;
    *link = k;
    return k;
}

/* One step of the walk at node among the n actions acts (distinct, n <= EC_MCTS_MAX_ACTIONS)
 * legal in this world for mover: the child to go to; *expanded is set when it is new. */
static inline int32_t ec_mcts_step(ec_mcts_node *nodes, int32_t *count, int32_t node,
                                   const uint64_t *acts, int n, int mover, ec_rng *rng,
                                   double c, double scale, int *expanded)
{
    uint64_t untried[EC_MCTS_MAX_ACTIONS];
    int nuntried = 0;
    int32_t best = -1;
    double best_score = 0;
    for (int k = 0; k < n; k++) {
        int32_t ch = nodes[node].child;
        while (ch >= 0 && nodes[ch].action != acts[k])
            ch = nodes[ch].sibling;
        if (ch < 0)
            untried[nuntried++] = acts[k];
        else
            nodes[ch].avail++;
    }
    if (nuntried) {
        uint64_t a = untried[ec_rng_below(rng, (uint32_t)nuntried)];
        *expanded = 1;
        return ec_mcts_add(nodes, count, node, a, mover);
    }
    *expanded = 0;
    for (int32_t ch = nodes[node].child; ch >= 0; ch = nodes[ch].sibling) {
        const ec_mcts_node *cn = &nodes[ch];
        int legal = 0;
        for (int k = 0; k < n && !legal; k++)
            legal = acts[k] == cn->action;
        if (!legal)
            continue;
        double mean = (double)cn->total / ((double)cn->visits * scale);
        double score = mean + c * sqrt(log((double)cn->avail) / (double)cn->visits);
        if (best < 0 || score > best_score) {
            best = ch;
            best_score = score;
        }
    }
    return best;
}

/* Back the utility of an iteration up the depth nodes of path (the root first): each
 * counts one more visit and adds u when its mover is in the mask side (the seats that share
 * the deciding seat's utility), other when it is not (nothing at the root). */
static inline void ec_mcts_backup(ec_mcts_node *nodes, const int32_t *path, int depth,
                                  unsigned side, int64_t u, int64_t other)
{
    for (int i = 0; i < depth; i++) {
        ec_mcts_node *nd = &nodes[path[i]];
        nd->visits++;
        if (nd->mover != EC_MCTS_ROOT_MOVER)
            nd->total += (side >> nd->mover & 1) ? u : other;
    }
}

/* The visits and the total of the root's child for action (0, 0 when it has none). */
static inline void ec_mcts_root_stats(const ec_mcts_node *nodes, uint64_t action,
                                      uint32_t *visits, int64_t *total)
{
    *visits = 0;
    *total = 0;
    for (int32_t ch = nodes[0].child; ch >= 0; ch = nodes[ch].sibling)
        if (nodes[ch].action == action) {
            *visits = nodes[ch].visits;
            *total = nodes[ch].total;
        }
}

#ifdef __cplusplus
}
#endif
#endif /* EC_MCTS_H */
