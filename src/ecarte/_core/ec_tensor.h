/*
 * ec_tensor.h -- writing the fields of a tensor (ecarte_rl.h), for the games' C files
 * (not part of the ABI).
 */
#ifndef EC_TENSOR_H
#define EC_TENSOR_H

#include "ec_internal.h"
#include "ecarte_rl.h"

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

/* Slot `slot` of row `row` of field `k` set: a value of a ONE_HOT row or a member of a
 * BITS row, known to be in 0 .. width - 1. */
EC_INLINE void ec_tensor_set(const ec_tensor_layout *L, uint8_t *restrict out, int k, int row,
                             int slot)
{
    out[L->f[k].offset + row * L->f[k].width + slot] = 1;
}

/* A value of a ONE_HOT row: capped at width - 1; a negative one is none. */
EC_INLINE void ec_tensor_value(const ec_tensor_layout *L, uint8_t *restrict out, int k, int row,
                               int v)
{
    const ec_tensor_field *f = &L->f[k];
    if (v < 0)
        return;
    if (v >= f->width)
        v = f->width - 1;
    out[f->offset + row * f->width + v] = 1;
}

/* Play k of a hand, card c by the relative seat r: in the trick in progress (from play
 * `current` on; its first play's seat the leader) or among the cards played to finished
 * tricks, and with `info` in the sequence of plays. f: the fields trick, trick_leader,
 * played, play_seat, play_card. */
EC_INLINE void ec_tensor_play(const ec_tensor_layout *L, uint8_t *restrict out, const int f[5],
                              int info, int k, int current, int r, int c)
{
    if (k >= current) {
        ec_tensor_set(L, out, f[0], r, c);
        if (k == current)
            ec_tensor_set(L, out, f[1], 0, r);
    } else {
        ec_tensor_set(L, out, f[2], r, c);
    }
    if (info) {
        ec_tensor_set(L, out, f[3], k, r);
        ec_tensor_set(L, out, f[4], k, c);
    }
}

/* Row `row` of field `k` gets the set bits of m (BITS, slots below 64). */
EC_INLINE void ec_tensor_bits(const ec_tensor_layout *L, uint8_t *restrict out, int k, int row,
                               uint64_t m)
{
    const ec_tensor_field *f = &L->f[k];
    uint8_t *p = out + f->offset + row * f->width;
    for (; m; m &= m - 1)
        if (ec_ctz(m) < f->width)
            p[ec_ctz(m)] = 1;
}

/* EC_SPREAD[b]: the eight bits of byte b as eight bytes 0 or 1, bit i in byte i (of a
 * little-endian load). */
#define EC_SP_(b, i) ((uint64_t)((b) >> (i) & 1) << (8 * (i)))
#define EC_SP1(b)                                                                           \
    (EC_SP_(b, 0) | EC_SP_(b, 1) | EC_SP_(b, 2) | EC_SP_(b, 3) | EC_SP_(b, 4) | EC_SP_(b, 5) | \
     EC_SP_(b, 6) | EC_SP_(b, 7))
#define EC_SP4(b) EC_SP1(b), EC_SP1((b) + 1), EC_SP1((b) + 2), EC_SP1((b) + 3)
#define EC_SP16(b) EC_SP4(b), EC_SP4((b) + 4), EC_SP4((b) + 8), EC_SP4((b) + 12)
#define EC_SP64(b) EC_SP16(b), EC_SP16((b) + 16), EC_SP16((b) + 32), EC_SP16((b) + 48)
static const uint64_t EC_SPREAD[256] = {EC_SP64(0), EC_SP64(64), EC_SP64(128), EC_SP64(192)};

/* out[0 .. n) = bits 0 .. n-1 of words[] (64 bits each) as bytes 0 or 1, eight at a time
 * (a load of EC_SPREAD each). */
EC_INLINE void ec_mask_bytes(uint8_t *out, const uint64_t *words, int n)
{
    for (int i = 0; i < n; i += 8) {
        uint64_t x = EC_SPREAD[words[i >> 6] >> (i & 63) & 0xFF];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (n - i >= 8) {
            memcpy(out + i, &x, 8); /* byte j of x is bit i + j */
            continue;
        }
#endif
        for (int j = 0; j < 8 && i + j < n; j++)
            out[i + j] = (uint8_t)(x >> (8 * j));
    }
}

#endif /* EC_TENSOR_H */
