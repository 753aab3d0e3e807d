/*
 * ec_rl_batch.h -- the loop of a game's batch of environments (ecarte_rl.h), written once
 * for every game (not part of the ABI): the games' batch functions call it with their
 * operations in a static const ec_rl_ops, and the compiler inlines them into the loop.
 * The loop keeps its arrays in the batch's ec_rl_batch, whose comment states what a reset
 * and a step do (auto-reset is Gymnasium's SAME_STEP).
 */
#ifndef EC_RL_BATCH_H
#define EC_RL_BATCH_H

#include "ec_tensor.h"

#define EC_RL_MAX_SEATS 16

/* A game's operations on environment i of its batch (b, the game's batch struct). */
typedef struct ec_rl_ops {
    int seats; /* returns of an episode */
    int ids;   /* action ids (bytes of a mask row) */
    int words; /* 64-bit words of a legal mask */
    /* Apply the legal id of the seat to act: EC_OK or an error. */
    int (*step)(void *b, size_t i, int id);
    /* 1 when the episode is over, its returns by seat in returns; else 0. */
    int (*ended)(const void *b, size_t i, float *returns);
    /* A new episode with this seed, at its first decision: EC_OK or an error. */
    int (*start)(void *b, size_t i, uint64_t seed);
    /* The legal ids now (words words). */
    void (*legal)(const void *b, size_t i, uint64_t *words);
    /* The tensor row (obs, not NULL) of the seat to act; its seat (to_act not NULL). */
    void (*write)(const void *b, size_t i, uint8_t *obs, int8_t *to_act);
} ec_rl_ops;

EC_INLINE int ec_rl_start(const ec_rl_ops *ops, void *b, const ec_rl_batch *s, size_t i)
{
    uint64_t *legal = s->legal + i * (size_t)ops->words;
    int err = ops->start(b, i, ec_episode_seed(s->seed, i, s->episodes[i]));
    if (err == EC_OK)
        ops->legal(b, i, legal);
    else
        memset(legal, 0, (size_t)ops->words * sizeof *legal);
    return err;
}

EC_INLINE void ec_rl_write(const ec_rl_ops *ops, const void *b, const ec_rl_batch *s, size_t i,
                           const ec_rl_outputs *out)
{
    ops->write(b, i, out->obs ? out->obs + i * (size_t)s->layout.size : NULL,
               out->to_act ? out->to_act + i : NULL);
    if (out->mask)
        ec_mask_bytes(out->mask + i * (size_t)ops->ids, s->legal + i * (size_t)ops->words,
                      ops->ids);
}

/* Every environment at episode 0, the outputs written (rewards 0, terminated 0): EC_OK or
 * the first error. */
EC_INLINE int ec_rl_batch_reset(const ec_rl_ops *ops, void *b, const ec_rl_batch *s,
                                const ec_rl_outputs *out)
{
    for (size_t i = 0; i < s->n; i++) {
        int err;
        s->episodes[i] = 0;
        err = ec_rl_start(ops, b, s, i);
        if (err != EC_OK)
            return err;
        ec_rl_ended(out, i, ops->seats, NULL);
        ec_rl_write(ops, b, s, i, out);
    }
    return EC_OK;
}

/* Step environment i with actions[i], auto-reset as above. An illegal action anywhere
 * changes nothing: EC_EILLEGAL with its index in *bad. */
EC_INLINE int ec_rl_batch_step(const ec_rl_ops *ops, void *b, const ec_rl_batch *s,
                               const int32_t *actions, const ec_rl_outputs *out, size_t *bad)
{
    for (size_t i = 0; i < s->n; i++) {
        int32_t a = actions[i];
        const uint64_t *w = s->legal + i * (size_t)ops->words;
        if (a < 0 || a >= ops->ids || !(w[a >> 6] >> (a & 63) & 1)) {
            *bad = i;
            return EC_EILLEGAL;
        }
    }
    for (size_t i = 0; i < s->n; i++) {
        float r[EC_RL_MAX_SEATS];
        int err = ops->step(b, i, actions[i]);
        if (err != EC_OK) {
            *bad = i;
            return err; /* a legal action the game could not apply: never */
        }
        if (ops->ended(b, i, r)) {
            ec_rl_ended(out, i, ops->seats, r);
            s->episodes[i]++;
            ec_rl_start(ops, b, s, i);
        } else {
            ops->legal(b, i, s->legal + i * (size_t)ops->words);
            ec_rl_ended(out, i, ops->seats, NULL);
        }
        ec_rl_write(ops, b, s, i, out);
    }
    return EC_OK;
}

#endif /* EC_RL_BATCH_H */
