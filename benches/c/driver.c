/* Small C driver for the core: `driver hands N SEED`, `driver solves N SEED`.
 * Used by ecarte._bench for callgrind instruction counts (run once with N and
 * once with 0: the difference divided by N is the cost of one hand). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ecarte_core.h"

int main(int argc, char **argv)
{
    ec_rules rules;
    size_t n;
    uint64_t seed;
    if (argc != 4) {
        fprintf(stderr, "usage: %s hands|solves N SEED\n", argv[0]);
        return 2;
    }
    n = (size_t)strtoull(argv[2], NULL, 10);
    seed = strtoull(argv[3], NULL, 10);
    ec_rules_default(&rules);
    clock_t t0 = clock();
    if (argv[1][0] == 'h') {
        ec_totals t;
        ec_random_hands(&rules, seed, n, NULL, &t);
        printf("hands=%llu points=%llu/%llu digest=%016llx",
               (unsigned long long)t.hands, (unsigned long long)t.points[0],
               (unsigned long long)t.points[1], (unsigned long long)t.digest);
    } else {
        uint64_t digest;
        ec_random_solves(&rules, seed, n, NULL, NULL, &digest);
        printf("solves=%llu digest=%016llx", (unsigned long long)n, (unsigned long long)digest);
    }
    printf(" seconds=%.6f\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}
