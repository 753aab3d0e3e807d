/*
 * ec_euchre_env.c -- Euchre environments, one or in batches (euchre_rl.h). C99, no
 * allocation, no global state: every array is the caller's.
 */
#include "ec_tensor.h"
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

/* The outputs of environment i after its game moved (rewards and termination apart). */
static void write_outputs(const ec_eu_batch *b, size_t i, const ec_rl_outputs *out)
{
    const ec_eu_game *g = &b->games[i];
    int na = b->tables->ncards + 9;
    if (out->obs)
        ec_eu_tensor(b->tables, g, g->to_act < 0 ? 0 : g->to_act, &b->layout,
                     out->obs + i * b->layout.size);
    if (out->mask)
        ec_mask_bytes(out->mask + i * (size_t)na, &b->legal[i], na);
    if (out->to_act)
        out->to_act[i] = g->to_act;
}

static int start(ec_eu_batch *b, size_t i)
{
    ec_eu_game *g = &b->games[i];
    int err = ec_eu_env_reset(b->tables, g, &b->cfg, ec_episode_seed(b->seed, i, b->episodes[i]));
    b->legal[i] = err == EC_OK ? ec_eu_legal(b->tables, g) : 0;
    return err;
}

int ec_eu_batch_reset(ec_eu_batch *b, const ec_rl_outputs *out)
{
    for (size_t i = 0; i < b->n; i++) {
        int err;
        b->episodes[i] = 0;
        err = start(b, i);
        if (err != EC_OK)
            return err;
        ec_rl_ended(out, i, 4, NULL);
        write_outputs(b, i, out);
    }
    return EC_OK;
}

int ec_eu_batch_step(ec_eu_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                     size_t *bad)
{
    const ec_eu_tables *t = b->tables;
    int ids = t->ncards + 9;
    for (size_t i = 0; i < b->n; i++) {
        int32_t a = actions[i];
        if (a < 0 || a >= ids || !(b->legal[i] >> a & 1)) {
            *bad = i;
            return EC_EILLEGAL;
        }
    }
    for (size_t i = 0; i < b->n; i++) {
        ec_eu_game *g = &b->games[i];
        ec_eu_apply(t, g, actions[i]);
        run_chance(t, g);
        if (g->phase == EC_EU_OVER) {
            float r[4];
            for (int s = 0; s < 4; s++)
                r[s] = (float)g->returns[s];
            ec_rl_ended(out, i, 4, r);
            b->episodes[i]++;
            start(b, i);
        } else {
            b->legal[i] = ec_eu_legal(t, g);
            ec_rl_ended(out, i, 4, NULL);
        }
        write_outputs(b, i, out);
    }
    return EC_OK;
}
