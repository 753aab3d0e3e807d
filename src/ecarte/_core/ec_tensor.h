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

/* Slot `slot` of row `row` of field `k` set (a value of a ONE_HOT row, capped at
 * width - 1; slot < 0: none; or a member of a BITS row). */
EC_INLINE void ec_tensor_value(const ec_tensor_layout *L, uint8_t *out, int k, int row, int slot)
{
    const ec_tensor_field *f = &L->f[k];
    if (slot < 0)
        return;
    if (slot >= f->width)
        slot = f->width - 1;
    out[f->offset + row * f->width + slot] = 1;
}

/* Row `row` of field `k` gets the set bits of m (BITS, slots below 64). */
EC_INLINE void ec_tensor_bits(const ec_tensor_layout *L, uint8_t *out, int k, int row, uint64_t m)
{
    const ec_tensor_field *f = &L->f[k];
    uint8_t *p = out + f->offset + row * f->width;
    for (; m; m &= m - 1)
        if (ec_ctz(m) < f->width)
            p[ec_ctz(m)] = 1;
}

#endif /* EC_TENSOR_H */
