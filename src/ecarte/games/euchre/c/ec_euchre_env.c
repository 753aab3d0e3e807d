/*
 * ec_euchre_env.c -- Euchre environments, one or in batches (euchre_rl.h). C99, no
 * allocation, no global state: every array is the caller's.
 */
#include "ec_rl_batch.h"
#include "euchre_rl.h"

static void run_chance(const ec_eu_tables *t, ec_eu_game *g)
{
    while (g->to_act == EC_EU_CHANCE)
        ec_eu_chance(t, g);
}

int ec_eu_env_reset(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg,
                    uint64_t seed)
{
    ec_eu_config c = *cfg;
    int err;
    c.seed = seed;
    err = ec_eu_init(t, g, &c);
    if (err != EC_OK)
        return err;
    run_chance(t, g);
    return EC_OK;
}

int ec_eu_env_step(const ec_eu_tables *t, ec_eu_game *g, int id)
{
    if (g->to_act < 0 || ec_eu_apply(t, g, id) != EC_OK)
        return EC_EILLEGAL;
    run_chance(t, g);
    return EC_OK;
}

/* ---- batches: the loop of ec_rl_batch.h on these operations ---- */

static int op_step(void *b, size_t i, int id)
{
    ec_eu_batch *B = b;
    ec_eu_game *g = &B->games[i];
    if (ec_eu_apply(B->tables, g, id) != EC_OK)
        return EC_EILLEGAL;
    run_chance(B->tables, g);
    return EC_OK;
}

static int op_ended(const void *b, size_t i, float *returns)
{
    const ec_eu_game *g = &((const ec_eu_batch *)b)->games[i];
    if (g->phase != EC_EU_OVER)
        return 0;
    for (int s = 0; s < 4; s++)
        returns[s] = (float)g->returns[s];
    return 1;
}

static int op_start(void *b, size_t i, uint64_t seed)
{
    ec_eu_batch *B = b;
    return ec_eu_env_reset(B->tables, &B->games[i], &B->cfg, seed);
}

static void op_legal(const void *b, size_t i, uint64_t *words)
{
    const ec_eu_batch *B = b;
    words[0] = ec_eu_legal(B->tables, &B->games[i]);
}

static void op_write(const void *b, size_t i, uint8_t *obs, int8_t *to_act)
{
    const ec_eu_batch *B = b;
    const ec_eu_game *g = &B->games[i];
    if (obs)
        ec_eu_tensor(B->tables, g, g->to_act < 0 ? 0 : g->to_act, &B->rl.layout, obs);
    if (to_act)
        *to_act = g->to_act;
}

static const ec_rl_ops OPS = {4, 0, 1, op_step, op_ended, op_start, op_legal, op_write};

EC_INLINE ec_rl_ops ops_of(const ec_eu_batch *b)
{
    ec_rl_ops ops = OPS;
    ops.ids = b->tables->ncards + 9;
    return ops;
}

int ec_eu_batch_reset(ec_eu_batch *b, const ec_rl_outputs *out)
{
    ec_rl_ops ops = ops_of(b);
    return ec_rl_batch_reset(&ops, b, &b->rl, out);
}

int ec_eu_batch_step(ec_eu_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                     size_t *bad)
{
    ec_rl_ops ops = ops_of(b);
    return ec_rl_batch_step(&ops, b, &b->rl, actions, out, bad);
}
