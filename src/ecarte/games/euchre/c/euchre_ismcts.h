/*
 * euchre_ismcts.h -- single-observer IS-MCTS for one decision of Euchre (C99; Cowling,
 * Powley and Whitehouse 2012), on the tree of ec_mcts.h that Écarté's search shares.
 *
 * The caller gives the determinizations: nworlds games (ec_eu_game, single deals: target
 * 0) at the decision, each dealt as one world the deciding seat cannot tell from the true
 * deal (the Euchre PIMC player's sampler draws them). Iteration i plays in world
 * i modulo nworlds: from the root it walks the tree, whose nodes are the decisions of the
 * four seats as the deciding seat sees them (bids, taking up, the discard, going alone,
 * every card), choosing among the ids legal in the world by UCB1 on availability counts,
 * adds one node, then plays the deal out: the bids by a rule (order up or name a suit with
 * three trumps or more, the stuck dealer its longest suit, never alone, discard the
 * weakest card), the cards at random until each hand holds `solve` cards or fewer, then the
 * rest double dummy (ec_solve_n). The utility is the deal's points for the deciding seat's
 * side less the other's (0 when passed out); each node is scored for the side that acted.
 * The pure-Python twin is _pure_ismcts.py: the same worlds and seed give the same tree.
 *
 * Nothing here allocates: the caller passes the worlds and the nodes (one per iteration
 * and the root), and may grow the node array between calls to ec_eu_ismcts_run.
 */
#ifndef EUCHRE_ISMCTS_H
#define EUCHRE_ISMCTS_H

#include "ec_mcts.h"
#include "ecarte_euchre.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_EU_ISMCTS_EROOM (-42)    /* not enough nodes for the iterations asked */
#define EC_EU_ISMCTS_EWORLDS (-43)  /* the worlds are not all at the same decision */
#define EC_EU_ISMCTS_SCALE 4        /* rewards are divided by this in UCB1 */

typedef struct ec_eu_ismcts {
    const ec_eu_tables *t;
    const ec_eu_game *worlds;
    ec_mcts_tree mcts;   /* the nodes, the iterations; its rng: untried actions, random plays */
    int32_t nworlds;
    int32_t me;          /* the deciding seat */
    int32_t solve;       /* cards a hand at or below which the play is solved */
} ec_eu_ismcts;

/* Check the worlds (nworlds >= 1, each a single deal at a decision of the same seat with
 * the same legal ids), seed the search and make the root in nodes[0] (capacity >= 1). The
 * search keeps the pointers. Returns EC_OK, EC_EBADRULES (c not finite and positive,
 * solve outside 0..8, nworlds or capacity below 1) or EC_EU_ISMCTS_EWORLDS. */
int ec_eu_ismcts_init(ec_eu_ismcts *s, const ec_eu_tables *t, const ec_eu_game *worlds,
                      int nworlds, uint64_t seed, double c, int solve, ec_mcts_node *nodes,
                      int capacity);

/* Run n more iterations (ec_mcts_tree_room(&s->mcts, n), else EC_EU_ISMCTS_EROOM and
 * nothing is done). Running a and then b iterations is running a + b. */
int ec_eu_ismcts_run(ec_eu_ismcts *s, int n);

/* The root's visits and total utility for the action id `id` (0, 0 if not tried). */
void ec_eu_ismcts_root(const ec_eu_ismcts *s, int id, uint32_t *visits, int64_t *total);

/* The rollout's rule for a decision before the play: the id it takes in g. */
int ec_eu_ismcts_rule(const ec_eu_tables *t, const ec_eu_game *g);

#ifdef __cplusplus
}
#endif
#endif /* EUCHRE_ISMCTS_H */
