/*
 * ecarte_rl.h -- the game-free parts of the engine's reinforcement-learning interface
 * (C99, header only): the layout of a game's tensors and the seeds of episodes.
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
 */
#ifndef ECARTE_RL_H
#define ECARTE_RL_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EC_TF_ONE_HOT 0
#define EC_TF_BITS 1
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

static inline int ec_tensor_ctz(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(m);
#else
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
#endif
}

/* Append a field (the layout builders call it in field order). */
static inline void ec_tensor_add(ec_tensor_layout *L, const char *name, int rows, int width,
                                 int kind)
{
    ec_tensor_field *f = &L->f[L->nfields++];
    memset(f, 0, sizeof *f);
    strncpy(f->name, name, EC_TENSOR_NAME - 1);
    f->offset = L->size;
    f->rows = (uint16_t)rows;
    f->width = (uint16_t)width;
    f->kind = (uint8_t)kind;
    L->size = (uint16_t)(L->size + rows * width);
}

/* Row `row` of field `k` set to the value v (ONE_HOT, capped at width - 1; v < 0: none). */
static inline void ec_tensor_value(const ec_tensor_layout *L, uint8_t *out, int k, int row,
                                   int v)
{
    const ec_tensor_field *f = &L->f[k];
    if (v < 0)
        return;
    if (v >= f->width)
        v = f->width - 1;
    out[f->offset + row * f->width + v] = 1;
}

/* Row `row` of field `k` gets the set bits of m (BITS, slots below 64). */
static inline void ec_tensor_bits(const ec_tensor_layout *L, uint8_t *out, int k, int row,
                                  uint64_t m)
{
    const ec_tensor_field *f = &L->f[k];
    uint8_t *p = out + f->offset + row * f->width;
    while (m) {
        int i = ec_tensor_ctz(m);
        if (i < f->width)
            p[i] = 1;
        m &= m - 1;
    }
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
