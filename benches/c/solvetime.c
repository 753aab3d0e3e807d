/* Solver timing: deal random positions exactly as ec_random_solves does (classic rules), then
 * time each ec_solve() call one by one (the checked entry point: position check, table start
 * and search). Prints the digest (it must equal ec_random_solves') and the median / p90 / mean
 * time per solve, then the mean of the ec_random_solves batch (deal included).
 *
 *   gcc -std=c99 -O2 -Isrc/ecarte/_core -Isrc/ecarte/games/ecarte/c benches/c/solvetime.c \
 *       src/ecarte/_core/ec_*.c src/ecarte/games/ecarte/c/ec_rules.c \
 *       src/ecarte/games/ecarte/c/ec_batch.c -o /tmp/solvetime && /tmp/solvetime 200000 1
 *
 * The previous core, built beside it and run alternately in the same session:
 *   mkdir -p /tmp/prev && git archive HEAD~1 src/ecarte | tar -x -C /tmp/prev
 *   gcc -std=c99 -O2 -I/tmp/prev/src/ecarte/_core -I/tmp/prev/src/ecarte/games/ecarte/c \
 *       benches/c/solvetime.c /tmp/prev/src/ecarte/_core/ec_*.c \
 *       /tmp/prev/src/ecarte/games/ecarte/c/ec_rules.c \
 *       /tmp/prev/src/ecarte/games/ecarte/c/ec_batch.c -o /tmp/prev/st
 * Instructions per solve: valgrind --tool=callgrind --toggle-collect=ec_solve /tmp/solvetime
 * 200000 1, the "Collected" count divided by 200000.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecarte_core.h"
#include "ecarte_hands.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    ec_rules rules;
    ec_context ctxs[4];
    int8_t suit_of[64];
    uint8_t power[64], deck[32];
    ec_rng rng;
    size_t n;
    double *t, mean = 0, overhead;
    uint64_t dg = 0xCBF29CE484222325ULL, ref;
    if (argc != 3) {
        fprintf(stderr, "usage: %s N SEED\n", argv[0]);
        return 2;
    }
    n = (size_t)strtoull(argv[1], NULL, 10);
    ec_rules_default(&rules);
    memset(suit_of, -1, sizeof suit_of);
    memset(power, 0, sizeof power);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) {
            suit_of[s * 16 + rules.hand.order[i]] = (int8_t)s;
            power[s * 16 + rules.hand.order[i]] = (uint8_t)(8 - i);
        }
    for (int s = 0; s < 4; s++)
        ec_context_init(&ctxs[s], suit_of, power, s);
    ec_rng_seed(&rng, strtoull(argv[2], NULL, 10));
    t = malloc(n * sizeof *t);
    {
        double a = now_ns(), b;
        for (int i = 0; i < 1000; i++)
            b = now_ns();
        overhead = (b - a) / 1000;
    }
    for (size_t i = 0; i < n; i++) {
        /* deal order (pattern 32): E E E D D D E E D D, then the turn-up */
        static const int seat[10] = {1, 1, 1, 0, 0, 0, 1, 1, 0, 0};
        ec_position pos;
        uint8_t best;
        int v, up;
        double t0, t1;
        for (int s = 0; s < 4; s++)
            for (int k = 0; k < 8; k++)
                deck[s * 8 + k] = (uint8_t)(s * 16 + 5 + k);
        memset(&pos, 0, sizeof pos);
        for (int k = 0; k < 11; k++) {
            int j = k + (int)ec_rng_below(&rng, (uint32_t)(32 - k));
            uint8_t c = deck[j];
            deck[j] = deck[k];
            deck[k] = c;
            if (k < 10)
                pos.hands[seat[k]] |= (uint64_t)1 << c;
        }
        up = deck[10];
        pos.nplayers = 2;
        pos.leader = 1;
        t0 = now_ns();
        v = ec_solve(&ctxs[up >> 4], &pos, rules.hand.play_flags, &best);
        t1 = now_ns();
        t[i] = t1 - t0 - overhead;
        mean += t[i];
        dg = (dg ^ ((uint64_t)v | (uint64_t)best << 8)) * 0x100000001B3ULL;
    }
    ec_random_solves(&rules, strtoull(argv[2], NULL, 10), n, NULL, NULL, &ref);
    qsort(t, n, sizeof *t, cmp);
    printf("solves=%zu digest=%016llx %s median=%.0fns p90=%.0fns mean=%.0fns\n", n,
           (unsigned long long)dg, dg == ref ? "(= ec_random_solves)" : "(MISMATCH)",
           t[n / 2], t[n * 9 / 10], mean / (double)n);
    {
        double b0 = now_ns();
        ec_random_solves(&rules, strtoull(argv[2], NULL, 10), n, NULL, NULL, &ref);
        printf("batch ec_random_solves: %.0f ns/solve (mean, deal included)\n",
               (now_ns() - b0) / (double)n);
    }
    free(t);
    return 0;
}
