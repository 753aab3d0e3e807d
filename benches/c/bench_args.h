/* bench_args.h -- the command line the C drivers of benches/c share: `driver WHAT N SEED`. */
#ifndef BENCH_ARGS_H
#define BENCH_ARGS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* N and SEED of `argv[0] WHAT N SEED` into *n and *seed: 1, or 0 after printing the usage
 * (whats: the words WHAT may be, as "hands|solves"). */
static int bench_args(int argc, char **argv, const char *whats, size_t *n, uint64_t *seed)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s %s N SEED\n", argv[0], whats);
        return 0;
    }
    *n = (size_t)strtoull(argv[2], NULL, 10);
    *seed = strtoull(argv[3], NULL, 10);
    return 1;
}

#endif /* BENCH_ARGS_H */
