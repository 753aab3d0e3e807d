/* C driver for the four-hand core (ec_playn, ec_solve_n, ec_euchre_hands), used by
 * tests/engine/sanitize.sh under ASan/UBSan and as a timing tool:
 *   euchre hands N SEED    random Euchre hands in one call and in uneven chunks: the same
 *                          totals (exit status 1 if not), hands per second
 *   euchre solves N SEED   N random Euchre positions (5 cards each, a lone player one time
 *                          in three, a random prefix of the first trick) walked with
 *                          ec_playn (undo back to the start must restore the struct) and
 *                          solved with ec_solve_n from the first trick: the solver's card is
 *                          legal, and playing it keeps the value; median microseconds
 *   euchre games N SEED    N random whole games of the Euchre machine (ec_euchre_game.c):
 *                          game i draws from ec_rng seeded SEED ^ i its deck (below(3): 24,
 *                          25, 32), flags below(256) (ANYONE_ALONE with LONE_DEFENDER),
 *                          target below(2) * 10 and its seed (next); then at each step an id below(ncards + 11) - 1 is tried
 *                          (an illegal one must leave the struct unchanged), and the step is
 *                          ec_eu_chance at chance, else the below(count)-th legal id. Prints
 *                          the digest (FNV-1a over every id applied and each game's scores
 *                          and returns) that tests/games/euchre/test_euchre_machine.py recomputes
 *                          with the pure twin, and games per second. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_args.h"
#include "ecarte_core.h"
#include "ecarte_euchre.h"
#include "euchre_hands.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int nth(uint64_t m, uint32_t i)
{
    while (i--)
        m &= m - 1;
    for (int c = 0; c < 64; c++)
        if (m >> c & 1)
            return c;
    return -1;
}

static int count(uint64_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static int hands(size_t n, uint64_t seed)
{
    ec_euchre_rules r;
    ec_euchre_totals whole, parts;
    ec_rng rng;
    size_t done = 0, k = 1;
    double t0;
    int bad = 0;
    for (int alone = 0; alone < 3; alone++) {
        ec_euchre_rules_default(&r);
        r.alone = (uint8_t)alone;
        t0 = now();
        ec_euchre_hands(&r, seed, n, NULL, &whole);
        printf("alone=%d hands=%llu tricks=%llu/%llu points=%llu/%llu digest=%016llx "
               "%.0f hands/s\n",
               alone, (unsigned long long)whole.hands, (unsigned long long)whole.tricks[0],
               (unsigned long long)whole.tricks[1], (unsigned long long)whole.points[0],
               (unsigned long long)whole.points[1], (unsigned long long)whole.digest,
               (double)n / (now() - t0));
        ec_rng_seed(&rng, seed);
        ec_euchre_totals_init(&parts);
        for (done = 0, k = 1; done < n; done += k, k = k * 3 + 1)
            ec_euchre_hands_next(&r, &rng, k < n - done ? k : n - done, NULL, &parts);
        bad |= memcmp(&whole, &parts, sizeof whole) != 0;
    }
    r.alone = 3;
    bad |= ec_euchre_hands(&r, seed, 1, NULL, NULL) != EC_EBADRULES;
    return bad;
}

static int solves(size_t n, uint64_t seed)
{
    static const uint8_t teams[4] = {0, 1, 0, 1};
    ec_context ctxs[4];
    ec_rng rng;
    double *times = malloc((n ? n : 1) * sizeof *times); /* the driver allocates, not the core */
    uint64_t digest = EC_DIGEST_START, nodes = 0;
    int bad = 0;
    if (!times)
        return 2;
    for (int t = 0; t < 4; t++)
        ec_euchre_context(&ctxs[t], t);
    ec_rng_seed(&rng, seed);
    for (size_t i = 0; i < n; i++) {
        uint64_t h[4];
        int up = ec_euchre_deal(&rng, (int)ec_rng_below(&rng, 4), h), trump = up >> 4;
        const ec_context *ctx = &ctxs[trump];
        unsigned active = i % 3 == 2 ? 15u & ~(1u << ec_rng_below(&rng, 4)) : 15u;
        int leader = (int)ec_rng_below(&rng, 4), prefix, v, v0, v1;
        ec_playn p, start;
        ec_position pos;
        uint8_t best, best0;
        double t0;
        while (!(active >> leader & 1))
            leader = (leader + 1) % 4;
        if (ec_playn_init(ctx, &p, 4, h, active, leader, 0) != EC_OK)
            return 3;
        /* from the first trick, timed */
        ec_playn_position(&p, &pos);
        t0 = now();
        v0 = ec_solve_n(ctx, &pos, active, 0, teams, &best0);
        times[i] = now() - t0;
        bad |= v0 < 0 || v0 > 5 || !(ec_playn_legal(ctx, &p) >> best0 & 1);
        start = p;
        /* a random prefix of the trick, then the walk to the end with undo */
        prefix = (int)ec_rng_below(&rng, active == 15u ? 4 : 3);
        for (int j = 0; j < prefix; j++) {
            uint64_t legal = ec_playn_legal(ctx, &p);
            ec_playn_apply(ctx, &p, nth(legal, ec_rng_below(&rng, (uint32_t)count(legal))));
        }
        ec_playn_position(&p, &pos);
        v = ec_solve_n(ctx, &pos, active, 0, teams, &best);
        bad |= v < 0 || !(ec_playn_legal(ctx, &p) >> best & 1);
        {
            /* playing the solver's card keeps the value for the mover's side */
            int me = p.to_move, status, got, w;
            uint8_t b2;
            int before = p.won[me & 1] + p.won[(me & 1) + 2];
            status = ec_playn_apply(ctx, &p, best);
            got = p.won[me & 1] + p.won[(me & 1) + 2] - before;
            if (status == EC_PLAY_OVER) {
                bad |= got != v;
            } else {
                ec_playn_position(&p, &pos);
                w = ec_solve_n(ctx, &pos, active, 0, teams, &b2);
                v1 = (p.to_move & 1) == (me & 1) ? w : count(p.hands[p.to_move]) - w;
                bad |= got + v1 != v;
            }
        }
        while (ec_playn_apply(ctx, &p, nth(ec_playn_legal(ctx, &p), 0)) != EC_PLAY_OVER)
            nodes++;
        while (ec_playn_undo(&p) >= 0)
            ;
        bad |= memcmp(&p, &start, sizeof p) != 0;
        digest = (digest ^ (uint64_t)(v0 | best0 << 8 | v << 16 | best << 24)) * 0x100000001B3ULL;
    }
    qsort(times, n, sizeof *times, cmp_double);
    printf("solves=%llu digest=%016llx median=%.1fus p90=%.1fus max=%.1fus\n",
           (unsigned long long)n, (unsigned long long)digest, n ? times[n / 2] * 1e6 : 0.0,
           n ? times[n * 9 / 10] * 1e6 : 0.0, n ? times[n - 1] * 1e6 : 0.0);
    free(times);
    (void)nodes;
    return bad;
}

static uint64_t fnv(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ULL; }

static int games(size_t n, uint64_t seed)
{
    static const int decks[3] = {24, 25, 32};
    static ec_eu_tables tables[3];
    uint64_t digest = 0xCBF29CE484222325ULL;
    size_t steps = 0;
    int bad = 0;
    double t0;
    for (int d = 0; d < 3; d++)
        if (ec_eu_tables_init(&tables[d], decks[d]) != EC_OK)
            return 1;
    t0 = now();
    for (size_t i = 0; i < n; i++) {
        ec_rng rng;
        ec_eu_config cfg;
        ec_eu_game g, before;
        const ec_eu_tables *t;
        int d;
        ec_rng_seed(&rng, seed ^ (uint64_t)i);
        d = (int)ec_rng_below(&rng, 3);
        t = &tables[d];
        cfg.deck = (uint8_t)decks[d];
        cfg.flags = (uint8_t)ec_rng_below(&rng, 256);
        if (cfg.flags & EC_EU_ANYONE_ALONE) /* only with lone defenders, as the rules have it */
            cfg.flags |= EC_EU_LONE_DEFENDER;
        cfg.target = (uint16_t)(ec_rng_below(&rng, 2) * 10);
        cfg.seed = ec_rng_next(&rng);
        if (ec_eu_init(t, &g, &cfg) != EC_OK)
            return 1;
        while (g.phase != EC_EU_OVER) {
            uint64_t legal = ec_eu_legal(t, &g);
            int probe = (int)ec_rng_below(&rng, (uint32_t)t->ncards + 11) - 1, id;
            if (!(probe >= 0 && probe < 64 && (legal >> probe & 1))) {
                before = g;
                if (ec_eu_apply(t, &g, probe) != EC_EILLEGAL ||
                    memcmp(&before, &g, sizeof g) != 0)
                    bad++;
            }
            if (legal == 0) {
                bad++;
                break;
            }
            if (g.to_act == EC_EU_CHANCE) {
                id = ec_eu_chance(t, &g);
            } else {
                id = nth(legal, ec_rng_below(&rng, (uint32_t)count(legal)));
                if (ec_eu_apply(t, &g, id) != EC_OK)
                    bad++;
            }
            digest = fnv(digest, (uint64_t)id);
            steps++;
        }
        if (g.returns[0] + g.returns[1] + g.returns[2] + g.returns[3] != 0)
            bad++;
        digest = fnv(digest, (uint64_t)g.scores[0] << 16 | g.scores[1]);
        for (int s = 0; s < 4; s++)
            digest = fnv(digest, (uint64_t)(uint8_t)g.returns[s]);
    }
    printf("digest %016llx steps %zu bad %d games/s %.0f\n", (unsigned long long)digest, steps,
           bad, (double)n / (now() - t0));
    return bad != 0;
}

int main(int argc, char **argv)
{
    size_t n;
    uint64_t seed;
    if (!bench_args(argc, argv, "hands|solves|games", &n, &seed))
        return 2;
    if (argv[1][0] == 'h')
        return hands(n, seed);
    if (argv[1][0] == 'g')
        return games(n, seed);
    return solves(n, seed);
}
