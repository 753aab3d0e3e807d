/*
 * ecarte_rl.h -- the game-free parts of the engine's reinforcement-learning interface
 * (C99): the layout of a game's tensors, the outputs of batches and the seeds of episodes.
 *
 * Tensors.
 * A tensor is a flat array of bytes, each 0 or 1 (a caller may read it as bool, uint8 or
 * convert it to float). It is a sequence of fields; a field is `rows` rows of `width`
 * slots at `offset`, and each row is either
 *   EC_TF_ONE_HOT  a value v: slot min(v, width - 1) set, or no slot at all (no value);
 *   EC_TF_BITS     a set: any slots set (a set of cards, of seats...).
 * Each game states its fields in order (an ec_tensor_layout, built by the game's
 * *_layout function from its options), writes them at the offsets of that layout, and
 * versions the whole with a number of its own: a change of any field is a new version.
 *
 * Batches. A game's batch steps n environments and writes, for each environment i, row i
 * of each output the caller gave (ec_rl_outputs; a NULL output is not written).
 */
#ifndef ECARTE_RL_H
#define ECARTE_RL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EC_TF_ONE_HOT 0
#define EC_TF_BITS 1
/* The two tensors every game writes: what a seat observes now, and its information state. */
#define EC_RL_OBSERVATION 0
#define EC_RL_INFO_STATE 1
#define EC_TENSOR_MAX_FIELDS 32
#define EC_TENSOR_NAME 24

typedef struct ec_tensor_field {
    char name[EC_TENSOR_NAME];
    uint16_t offset; /* first slot of the field */
    uint16_t rows;
    uint16_t width; /* slots per row */
    uint8_t kind;   /* EC_TF_* */
    uint8_t pad_;
} ec_tensor_field;

typedef struct ec_tensor_layout {
    uint16_t nfields;
    uint16_t size; /* slots of the whole tensor */
    ec_tensor_field f[EC_TENSOR_MAX_FIELDS];
} ec_tensor_layout;

/* The outputs of a batch's reset or step, one row per environment. */
typedef struct ec_rl_outputs {
    uint8_t *obs;        /* n x layout size: the tensor of the seat to act */
    uint8_t *mask;       /* n x the game's action ids: 1 where legal */
    float *rewards;      /* n x seats: the returns by seat of the episodes the step ended */
    uint8_t *terminated; /* n: 1 where the step ended an episode */
    int8_t *to_act;      /* n: the seat to act */
} ec_rl_outputs;

/* What a game's batch holds besides its games and rules, the same for every game. Each game
 * has a pair <game>_batch_reset(b, out), which starts every environment at episode 0 and
 * writes the outputs (rewards 0, terminated 0), and <game>_batch_step(b, actions, out, bad),
 * which steps environment i with actions[i]; a step that ends an episode reports its
 * returns and termination and starts the environment's next episode (episode k of
 * environment i seeded ec_episode_seed(seed, i, k)) in the same call, its first
 * observation, mask and seat to act written. An illegal action anywhere changes nothing:
 * the step returns its error and stores its index in *bad. Both return EC_OK or an
 * error. */
typedef struct ec_rl_batch {
    uint64_t seed;      /* the batch's base seed */
    size_t n;           /* environments */
    uint64_t *episodes; /* n episode numbers */
    uint64_t *legal;    /* n legal id masks, each of the game's number of 64-bit words */
    ec_tensor_layout layout; /* the tensor written (an observation or information state) */
} ec_rl_batch;

/* Row i of rewards and terminated: the episode's returns (seats of them) and 1 when it
 * ended (returns not NULL), else zeros. */
static inline void ec_rl_ended(const ec_rl_outputs *out, size_t i, int seats,
                               const float *returns)
{
    if (out->rewards)
        for (int s = 0; s < seats; s++)
            out->rewards[i * (size_t)seats + (size_t)s] = returns ? returns[s] : 0.0f;
    if (out->terminated)
        out->terminated[i] = returns != NULL;
}

/* The seed of episode `episode` of environment `env` of a batch seeded with `base`
 * (splitmix64 finalisers over the three): a single environment reset with this seed plays
 * the batch's episode. */
static inline uint64_t ec_episode_seed(uint64_t base, uint64_t env, uint64_t episode)
{
    uint64_t z = base;
    uint64_t parts[2] = {env, episode};
    for (int i = 0; i < 2; i++) {
        z += 0x9E3779B97F4A7C15ULL + parts[i];
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
    }
    return z;
}

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_RL_H */
