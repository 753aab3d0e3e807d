/* Small C driver for the core: `driver hands N SEED`, `driver solves N SEED`.
 * Used by ecarte._bench.core_rows for callgrind instruction counts (run once with N and
 * once with 0: the difference divided by N is the cost of one hand).
 * `driver chunks N SEED` checks that the chunked entry points (ec_random_hands_next,
 * ec_random_solves_next) continue the one-call streams bit for bit; exit status 1 if not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_args.h"
#include "ecarte_core.h"
#include "ecarte_hands.h"

int main(int argc, char **argv)
{
    ec_rules rules;
    size_t n;
    uint64_t seed;
    if (!bench_args(argc, argv, "hands|solves|chunks", &n, &seed))
        return 2;
    ec_rules_default(&rules);
    clock_t t0 = clock();
    if (argv[1][0] == 'c') {
        ec_totals whole, parts;
        ec_rng rng;
        uint64_t dg_whole, dg_parts = EC_DIGEST_START;
        size_t done = 0, k = 1;
        ec_random_hands(&rules, seed, n, NULL, &whole);
        ec_rng_seed(&rng, seed);
        ec_totals_init(&parts);
        for (; done < n; done += k, k = k * 3 + 1) /* uneven chunk sizes */
            ec_random_hands_next(&rules, &rng, k < n - done ? k : n - done, NULL, &parts);
        ec_random_solves(&rules, seed, n / 10, NULL, NULL, &dg_whole);
        ec_rng_seed(&rng, seed);
        for (done = 0, k = 1; done < n / 10; done += k, k = k * 2 + 1)
            ec_random_solves_next(&rules, &rng, k < n / 10 - done ? k : n / 10 - done, NULL, NULL,
                                  &dg_parts);
        printf("chunks hands=%llu digest=%016llx/%016llx solves digest=%016llx/%016llx\n",
               (unsigned long long)parts.hands, (unsigned long long)whole.digest,
               (unsigned long long)parts.digest, (unsigned long long)dg_whole,
               (unsigned long long)dg_parts);
        return memcmp(&whole, &parts, sizeof whole) != 0 || dg_whole != dg_parts;
    }
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
