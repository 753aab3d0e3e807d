/* C driver for the match machine (ecarte_machine.h), mirrored by the pure-Python twin in
 * tests/helpers.py (machine_matches, machine_prefixes: same numbers, same digests).
 *
 *   machine matches N SEED [HOOKMASK [VARIANT]]   N random matches
 *   machine prefixes N SEED                        replay every prefix of N short matches' logs
 *   machine exchanges                              an EXCHANGE hook that never stops proposing
 *
 * Build: gcc -std=c99 -O2 -Isrc/ecarte/_core -Isrc/ecarte/games/ecarte/c benches/c/machine.c
 *        src/ecarte/_core/ec_*.c src/ecarte/games/ecarte/c/ec_*.c -lm
 *
 * matches. Two PRNGs: rng = ec_rng_seed(SEED) for the match and its actions, hrng =
 * ec_rng_seed(SEED ^ 0x5EED0F400C5ULL) for the hooks, so that a HOOKMASK changes neither the
 * actions nor the chance: the log of a match with hooks, its EC_LOG_ANSWER entries left out,
 * is the log of the same match without hooks ("records" == the "digest" of HOOKMASK 0).
 * For match g = 0..N-1, with below(n) = ec_rng_below(&rng, n):
 *   variant v = VARIANT if given (>= 0), else 0 if g % 4 == 0, else 1 + below(1000000);
 *   rules = variant_rules(v) (0: classic; else every field drawn from ec_rng_seed(v), below);
 *   seed = ec_rng_next(&rng); auto_chance = below(4) != 0; ec_match_start(cfg, m, seed, auto).
 * Then, until the match is over, at each status:
 *   STOP_HOOK: if ec_rng_below(&hrng, 4) == 0 and the hook has an answer out of range
 *     (all but KING_POINTS): that answer must give EC_EBADANSWER, and an apply EC_ENOTNOW,
 *     both changing nothing; then the classic answer, computed here from m and the log.
 *   STOP_IDLE: if it is the first idle point of the match and nothing was input yet, undo must
 *     give EC_ENOUNDOHERE; if below(32) == 0, replaying the whole log must give back m exactly.
 *     Then, over: next match. Chance to move (auto_chance 0): cards = ec_match_draw(); if
 *     below(8) == 0, a bad event (kind below(3): a card twice, the other length, card id 0)
 *     must fail and an apply give EC_ENOTNOW, changing nothing; undo = below(16) == 0; then
 *     ec_match_chance(cards). A seat to move: if below(8) == 0, id = below(100) - 2 is applied
 *     when it is not legal (it must fail, changing nothing); then the action is the k-th legal
 *     id, ascending, k = below(count); undo = below(16) == 0; ec_match_apply(id).
 *   After an input with undo set: ec_match_undo() must give back m as it was before the input
 *     (memcmp), and the input again the same status and the same m.
 * Every call is given EC_LOG_ROOM bytes past nlog (the log starts at 1100 bytes a match and
 * grows by 512), and EC_STOP_ROOM is answered by growing and ec_match_resume(): a call with
 * its resumes counts as one. Errors are folded into "checks" (FNV-1a of their low bytes); the
 * whole log of each match into "digest" (FNV-1a 64 over the bytes), its entries but answers
 * into "records".
 *
 * prefixes. For g = 0..N-1: rules = variant_rules(1 + below(1000000)) with target 1 +
 * below(2) and games_to_win 1, seed = ec_rng_next(&rng), automatic chance, no hooks; the k-th
 * legal id with k = below(count) until the end. Then for u = 0..nlog, the first u bytes are
 * replayed in a buffer of u + EC_LOG_ROOM bytes (a buffer of u bytes must say EC_STOP_ROOM
 * when u + EC_LOG_ROOM would not fit): each result r, and nlog, phase when r >= 0, is folded
 * into the digest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecarte_env.h"
#include "ecarte_machine.h"

#define FNV_OFFSET 0xCBF29CE484222325ULL
#define FNV_PRIME 0x100000001B3ULL

static uint64_t fnv(uint64_t h, unsigned byte) { return (h ^ (byte & 0xFF)) * FNV_PRIME; }

static void fail(const char *what, int code, const ec_match *m)
{
    fprintf(stderr, "machine: %s (%d) phase %d step %d hook %d nlog %u\n", what, code, m->phase,
            m->step, m->hook, (unsigned)m->nlog);
    exit(1);
}

static const uint8_t ACE_HIGH[8] = {12, 11, 10, 9, 8, 7, 6, 5};

static ec_match_rules variant_rules(uint32_t v)
{
    ec_match_rules r;
    ec_rng vr;
    memset(&r, 0, sizeof r);
    ec_hand_rules_default(&r.hand);
    r.nplayers = 2;
    r.target = 5;
    r.games_to_win = 2;
    if (v == 0)
        return r;
    ec_rng_seed(&vr, v);
    switch (ec_rng_below(&vr, 3)) {
    case 1:
        memcpy(r.hand.order, ACE_HIGH, 8);
        break;
    case 2:
        for (int i = 7; i > 0; i--) {
            int j = (int)ec_rng_below(&vr, (uint32_t)i + 1);
            uint8_t t = r.hand.order[i];
            r.hand.order[i] = r.hand.order[j];
            r.hand.order[j] = t;
        }
        break;
    default:
        break;
    }
    r.hand.elder_min_discard = (uint8_t)ec_rng_below(&vr, 6);
    r.hand.dealer_min_discard = (uint8_t)ec_rng_below(&vr, 6);
    r.hand.play_flags = (uint8_t)ec_rng_below(&vr, 4);
    r.hand.penalty_to_dealer = (uint8_t)ec_rng_below(&vr, 2);
    r.hand.penalty_every_refusal = (uint8_t)ec_rng_below(&vr, 2);
    r.hand.vole_penalty = (uint8_t)(2 + ec_rng_below(&vr, 2));
    r.alternate_packets = (uint8_t)ec_rng_below(&vr, 2);
    r.lower_cut_deals = (uint8_t)ec_rng_below(&vr, 2);
    r.king_announcement = (uint8_t)ec_rng_below(&vr, 3);
    r.game_values = (uint8_t)ec_rng_below(&vr, 2);
    r.nplayers = (uint8_t)(2 + ec_rng_below(&vr, 2));
    r.target = 1 + ec_rng_below(&vr, 7);
    r.games_to_win = 1 + ec_rng_below(&vr, 3);
    r.hand.penalties = (uint8_t)ec_rng_below(&vr, 2);
    return r;
}

/* ---- the log: a growing buffer, and its entries */

typedef struct buffer {
    ec_log log;
    long rooms;
} buffer;

static void grow(buffer *b, uint32_t cap)
{
    uint8_t *p = realloc(b->log.buf, cap);
    if (!p) {
        fputs("machine: out of memory\n", stderr);
        exit(1);
    }
    b->log.buf = p;
    b->log.cap = cap;
}

static void ensure(buffer *b, const ec_match *m)
{
    while (b->log.cap - m->nlog < EC_LOG_ROOM)
        grow(b, b->log.cap + 512);
}

/* A call's status once its EC_STOP_ROOM stops are answered. */
static int finish(const ec_match_config *cfg, ec_match *m, buffer *b, int st)
{
    while (st == EC_STOP_ROOM) {
        b->rooms++;
        grow(b, b->log.cap + 512);
        st = ec_match_resume(cfg, m, &b->log);
    }
    return st;
}

/* The size of the log entry at offset i < m->nlog (an unknown entry fails). */
static uint32_t entry_at(const ec_log *L, const ec_match *m, uint32_t i, int nplayers)
{
    int size = ec_mt_log_entry_size(L->buf + i, m->nlog - i, nplayers);
    if (size < 0)
        fail("unknown log entry", L->buf[i], m);
    return (uint32_t)size;
}

/* The last EC_LOG_GAME_END entry in the log (its offset), or UINT32_MAX. */
static uint32_t last_game_end(const ec_log *L, const ec_match *m, int nplayers)
{
    uint32_t at = UINT32_MAX, i = 0;
    while (i < m->nlog) {
        if (L->buf[i] == EC_LOG_GAME_END)
            at = i;
        i += entry_at(L, m, i, nplayers);
    }
    if (i != m->nlog)
        fail("log entries overrun nlog", (int)i, m);
    return at;
}

/* ---- classic answers, computed here */

static int rank_index(const ec_match_rules *r, int card)
{
    for (int i = 0; i < 8; i++)
        if (r->hand.order[i] == (card & 15))
            return i;
    return -1;
}

static uint32_t piquet_of(uint64_t mask)
{
    uint32_t out = 0;
    for (int i = 0; i < 32; i++)
        if (mask >> ((i >> 3) * 16 + 5 + (i & 7)) & 1)
            out |= 1u << i;
    return out;
}

static void classic_answer(const ec_match_config *cfg, const ec_match *m, const ec_log *L,
                           uint8_t *a)
{
    const ec_match_rules *r = &cfg->rules;
    switch (m->hook) {
    case EC_H_NEXT_GAME:
        if (!m->hook_args[0]) {
            a[0] = 0, a[1] = 1, a[2] = EC_NO_SEAT;
        } else {
            const uint8_t *e = L->buf + last_game_end(L, m, r->nplayers);
            a[0] = m->game_players[0], a[1] = m->game_players[1], a[2] = e[6]; /* the loser */
        }
        break;
    case EC_H_CUT: {
        int x = rank_index(r, L->buf[m->nlog - 2]), y = rank_index(r, L->buf[m->nlog - 1]);
        if (x == y) {
            a[0] = EC_NO_SEAT;
        } else {
            int higher = x < y ? 0 : 1;
            a[0] = m->game_players[r->lower_cut_deals ? !higher : higher];
        }
        break;
    }
    case EC_H_DEAL_PACKETS:
        a[0] = r->alternate_packets ? (m->hand_number % 2 ? 32 : 23) : m->chosen_packets;
        break;
    case EC_H_DEAL: {
        const uint8_t *deck = L->buf + m->deal_at;
        int sizes[2] = {m->deal_packets / 10, m->deal_packets % 10}, k = 0;
        uint64_t hands[2] = {0, 0};
        for (int packet = 0; packet < 2; packet++)
            for (int who = 0; who < 2; who++) /* the elder first */
                for (int i = 0; i < sizes[packet]; i++)
                    hands[who] |= (uint64_t)1 << deck[k++];
        for (int who = 0; who < 2; who++) {
            uint32_t p = piquet_of(hands[who]);
            for (int i = 0; i < 4; i++)
                a[4 * who + i] = (uint8_t)(p >> (8 * i));
        }
        memcpy(a + 8, deck + 10, 22);
        break;
    }
    case EC_H_EXCHANGE:
        if (m->hook_args[1]) {
            a[0] = 3;
        } else {
            int least = r->hand.elder_min_discard > 1 ? r->hand.elder_min_discard : 1, n = m->ndiscards;
            int idle = n >= 2 && !m->discarded[n - 1] && !m->discarded[n - 2];
            a[0] = (uint8_t)(2 | (!idle && m->stock_len >= least));
        }
        break;
    case EC_H_DISCARD_LIMITS:
        a[0] = m->hook_args[0] == m->dealer ? r->hand.dealer_min_discard : r->hand.elder_min_discard;
        a[1] = 5;
        break;
    case EC_H_KING_POINTS:
        a[0] = 1, a[1] = 0;
        break;
    case EC_H_SCORE_HAND: {
        int winner = m->play.won[0] >= 3 ? 0 : 1, vole = m->play.won[winner] == 5;
        int points = vole ? 2 : 1, penalty = vole ? r->hand.vole_penalty : 2;
        int first_refused = m->refused_after == 0;
        int refused = m->refused_after != 255 && (first_refused || r->hand.penalty_every_refusal);
        if (r->hand.penalties && winner == 1 && m->played_without_proposing)
            points = penalty; /* the elder played alone and lost */
        if (r->hand.penalties && refused && winner == (r->hand.penalty_to_dealer ? 1 : 0))
            points = penalty;
        a[0] = (uint8_t)winner, a[1] = (uint8_t)points, a[2] = 0, a[3] = 0, a[4] = 0;
        break;
    }
    case EC_H_NEXT_HAND:
        a[0] = m->dealer, a[1] = m->elder, a[2] = m->elder;
        break;
    case EC_H_MATCH_STATUS: {
        const uint8_t *e = L->buf + last_game_end(L, m, r->nplayers);
        a[0] = m->games_won[e[5]] >= r->games_to_win, a[1] = e[5]; /* the game's winner */
        break;
    }
    default:
        fail("no such hook", m->hook, m);
    }
}

/* Per hook, an answer out of range: its first bytes, the rest 0 (KING_POINTS takes any). */
static const struct {
    uint8_t exists, first[3];
} BAD_ANSWERS[EC_NUM_HOOKS] = {
    [EC_H_NEXT_GAME] = {1, {0, 0, EC_NO_SEAT}}, /* p0 == p1 */
    [EC_H_CUT] = {1, {254}},
    [EC_H_DEAL_PACKETS] = {1, {5}},
    [EC_H_DEAL] = {1, {0}},     /* empty hands */
    [EC_H_EXCHANGE] = {1, {0}}, /* nothing allowed */
    [EC_H_DISCARD_LIMITS] = {1, {3, 2}},
    [EC_H_SCORE_HAND] = {1, {2}},
    [EC_H_NEXT_HAND] = {1, {0}}, /* p0 == p1 */
    [EC_H_MATCH_STATUS] = {1, {2}},
};

/* An answer out of range for hook h (0: none exists). */
static int bad_answer(int h, uint8_t *a)
{
    memset(a, 0, 32);
    if (h < 0 || h >= EC_NUM_HOOKS || !BAD_ANSWERS[h].exists)
        return 0;
    memcpy(a, BAD_ANSWERS[h].first, sizeof BAD_ANSWERS[h].first);
    return 1;
}

/* ---- matches */

typedef struct totals {
    long matches, games, hands, actions, chances, hooks, undos, replays, bad;
    uint64_t digest, records, checks;
} totals;

static void same(const ec_match *a, const ec_match *b, const char *what)
{
    if (memcmp(a, b, sizeof *a))
        fail(what, 0, a);
}

/* After a bad input refused with r (checked by the caller): the match must be as it was
 * before, and an apply then refused too and change nothing; both codes are folded into
 * the checks, and the bad input counted. */
static void refused(const ec_match_config *cfg, ec_match *m, ec_log *log, const ec_match *before,
                    int r, const char *input_changed, const char *apply_changed, totals *t)
{
    same(m, before, input_changed);
    t->checks = fnv(t->checks, (unsigned)r);
    r = ec_match_apply(cfg, m, log, EC_ID_PROPOSE);
    same(m, before, apply_changed);
    t->checks = fnv(t->checks, (unsigned)r);
    t->bad++;
}

static int legal_count(const uint64_t lg[2])
{
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t x = lg[w]; x; x &= x - 1)
            n++;
    return n;
}

static int legal_nth(const uint64_t lg[2], int k)
{
    for (int w = 0; w < 2; w++)
        for (int b = 0; b < 64; b++)
            if (lg[w] >> b & 1 && k-- == 0)
                return w * 64 + b;
    return -1;
}

static void fold_log(totals *t, const ec_log *L, const ec_match *m, int nplayers)
{
    uint32_t i = 0;
    for (uint32_t k = 0; k < m->nlog; k++)
        t->digest = fnv(t->digest, L->buf[k]);
    while (i < m->nlog) {
        uint32_t n = entry_at(L, m, i, nplayers);
        if (L->buf[i] == EC_LOG_GAME_END)
            t->games++;
        if (L->buf[i] == EC_LOG_HAND_END)
            t->hands++;
        if (L->buf[i] != EC_LOG_ANSWER)
            for (uint32_t k = i; k < i + n; k++)
                t->records = fnv(t->records, L->buf[k]);
        i += n;
    }
}

static void matches(long n, uint64_t seed, uint32_t hookmask, long variant)
{
    ec_rng rng, hrng;
    totals t;
    buffer b = {{NULL, 0}, 0};
    clock_t t0 = clock();
    memset(&t, 0, sizeof t);
    t.digest = t.records = t.checks = FNV_OFFSET;
    ec_rng_seed(&rng, seed);
    ec_rng_seed(&hrng, seed ^ 0x5EED0F400C5ULL);
    for (long g = 0; g < n; g++) {
        uint32_t v = variant >= 0 ? (uint32_t)variant
                                  : g % 4 == 0 ? 0 : 1 + ec_rng_below(&rng, 1000000);
        ec_match_rules rules = variant_rules(v);
        ec_match_config cfg;
        ec_match m, before, after;
        uint64_t mseed = ec_rng_next(&rng);
        int autoc = ec_rng_below(&rng, 4) != 0, st, first_idle = 1;
        if (ec_match_config_init(&cfg, &rules, hookmask) != EC_OK)
            fail("config", v, &m);
        free(b.log.buf);
        b.log.buf = NULL;
        grow(&b, 1100);
        st = finish(&cfg, &m, &b, ec_match_start(&cfg, &m, &b.log, mseed, autoc));
        for (;;) {
            uint8_t ans[32];
            if (st < 0)
                fail("status", st, &m);
            if (st == EC_STOP_HOOK) {
                t.hooks++;
                if (ec_rng_below(&hrng, 4) == 0 && bad_answer(m.hook, ans)) {
                    int r;
                    before = m;
                    ensure(&b, &m);
                    r = ec_match_answer(&cfg, &m, &b.log, ans);
                    if (r != EC_EBADANSWER)
                        fail("bad answer taken", r, &m);
                    refused(&cfg, &m, &b.log, &before, r, "a bad answer changed the match",
                            "an apply at a hook changed the match", &t);
                }
                classic_answer(&cfg, &m, &b.log, ans);
                ensure(&b, &m);
                st = finish(&cfg, &m, &b, ec_match_answer(&cfg, &m, &b.log, ans));
                continue;
            }
            if (first_idle) {
                first_idle = 0;
                if (m.last_input == UINT32_MAX) {
                    int r = ec_match_undo(&cfg, &m, &b.log);
                    if (r != EC_ENOUNDOHERE)
                        fail("undo with nothing to undo", r, &m);
                    t.checks = fnv(t.checks, (unsigned)r);
                }
            }
            if (ec_rng_below(&rng, 32) == 0) {
                int r;
                before = m;
                ensure(&b, &m);
                r = ec_match_replay(&cfg, &m, &b.log, m.nlog);
                if (r != EC_STOP_IDLE)
                    fail("replay", r, &m);
                same(&m, &before, "replay of the whole log");
                t.replays++;
            }
            if (m.phase == EC_PH_OVER)
                break;
            {
                uint8_t cards[32];
                int id = -1, cn = 0, undo;
                if (m.to_act == EC_CHANCE) {
                    cn = ec_match_draw(&m, cards);
                    if (cn == 0)
                        fail("no chance due", 0, &m);
                    if (ec_rng_below(&rng, 8) == 0) {
                        uint8_t badc[32];
                        int kind = (int)ec_rng_below(&rng, 3), bn = cn, r;
                        memcpy(badc, cards, 32);
                        if (kind == 0)
                            badc[1] = badc[0];
                        else if (kind == 1)
                            bn = cn == 2 ? 32 : 2;
                        else
                            badc[0] = 0;
                        before = m;
                        r = ec_match_chance(&cfg, &m, &b.log, badc, bn);
                        if (r >= 0)
                            fail("bad chance taken", r, &m);
                        refused(&cfg, &m, &b.log, &before, r, "a bad chance changed the match",
                                "an apply at chance changed the match", &t);
                    }
                } else {
                    uint64_t lg[2];
                    ec_match_legal(&cfg, &m, lg);
                    if (ec_rng_below(&rng, 8) == 0) {
                        int bid = (int)ec_rng_below(&rng, 100) - 2;
                        if (bid < 0 || bid >= EC_NUM_IDS || !(lg[bid >> 6] >> (bid & 63) & 1)) {
                            int r;
                            before = m;
                            r = ec_match_apply(&cfg, &m, &b.log, bid);
                            if (r >= 0)
                                fail("bad id taken", bid, &m);
                            same(&m, &before, "a bad id changed the match");
                            t.checks = fnv(t.checks, (unsigned)r);
                            t.bad++;
                        }
                    }
                    if (legal_count(lg) == 0)
                        fail("nothing legal", 0, &m);
                    id = legal_nth(lg, (int)ec_rng_below(&rng, (uint32_t)legal_count(lg)));
                }
                undo = ec_rng_below(&rng, 16) == 0;
                before = m;
                ensure(&b, &m);
                st = id >= 0 ? ec_match_apply(&cfg, &m, &b.log, id)
                             : ec_match_chance(&cfg, &m, &b.log, cards, cn);
                st = finish(&cfg, &m, &b, st);
                if (id >= 0)
                    t.actions++;
                else
                    t.chances++;
                if (undo && st >= 0) {
                    int r, st2;
                    after = m;
                    ensure(&b, &m);
                    r = ec_match_undo(&cfg, &m, &b.log);
                    if (r != EC_STOP_IDLE)
                        fail("undo", r, &m);
                    same(&m, &before, "undo");
                    ensure(&b, &m);
                    st2 = id >= 0 ? ec_match_apply(&cfg, &m, &b.log, id)
                                  : ec_match_chance(&cfg, &m, &b.log, cards, cn);
                    st2 = finish(&cfg, &m, &b, st2);
                    if (st2 != st)
                        fail("redo status", st2, &m);
                    same(&m, &after, "redo");
                    t.undos++;
                }
            }
        }
        t.matches++;
        fold_log(&t, &b.log, &m, rules.nplayers);
    }
    free(b.log.buf);
    printf("matches=%ld games=%ld hands=%ld actions=%ld chances=%ld hooks=%ld undos=%ld "
           "replays=%ld bad=%ld digest=%016llx records=%016llx checks=%016llx rooms=%ld "
           "seconds=%.3f\n",
           t.matches, t.games, t.hands, t.actions, t.chances, t.hooks, t.undos, t.replays, t.bad,
           (unsigned long long)t.digest, (unsigned long long)t.records,
           (unsigned long long)t.checks, b.rooms, (double)(clock() - t0) / CLOCKS_PER_SEC);
}

/* ---- every prefix of short matches' logs */

static void prefixes(long n, uint64_t seed)
{
    ec_rng rng;
    uint64_t digest = FNV_OFFSET;
    long replays = 0, idle = 0;
    buffer b = {{NULL, 0}, 0};
    ec_rng_seed(&rng, seed);
    for (long g = 0; g < n; g++) {
        ec_match_rules rules = variant_rules(1 + ec_rng_below(&rng, 1000000));
        ec_match_config cfg;
        ec_match m;
        uint64_t mseed = ec_rng_next(&rng);
        uint32_t nlog;
        uint8_t *copy;
        int st;
        rules.target = 1 + ec_rng_below(&rng, 2);
        rules.games_to_win = 1;
        if (ec_match_config_init(&cfg, &rules, 0) != EC_OK)
            fail("config", 0, &m);
        free(b.log.buf);
        b.log.buf = NULL;
        grow(&b, 1100);
        st = finish(&cfg, &m, &b, ec_match_start(&cfg, &m, &b.log, mseed, 1));
        while (st == EC_STOP_IDLE && m.phase != EC_PH_OVER) {
            uint64_t lg[2];
            ec_match_legal(&cfg, &m, lg);
            ensure(&b, &m);
            st = ec_match_apply(&cfg, &m, &b.log,
                                legal_nth(lg, (int)ec_rng_below(&rng, (uint32_t)legal_count(lg))));
            st = finish(&cfg, &m, &b, st);
        }
        if (st != EC_STOP_IDLE)
            fail("prefixes: status", st, &m);
        nlog = m.nlog;
        copy = malloc(nlog + 1);
        memcpy(copy, b.log.buf, nlog);
        for (uint32_t u = 0; u <= nlog; u++) {
            ec_log tight = {malloc(u + 1), u}; /* no room past u */
            ec_log L = {malloc(u + EC_LOG_ROOM), u + EC_LOG_ROOM};
            int r;
            memcpy(tight.buf, copy, u);
            if (ec_match_replay(&cfg, &m, &tight, u) != EC_STOP_ROOM)
                fail("prefixes: replay without room", (int)u, &m);
            memcpy(L.buf, copy, u);
            r = ec_match_replay(&cfg, &m, &L, u);
            digest = fnv(digest, (unsigned)r);
            if (r >= 0) {
                for (int i = 0; i < 4; i++)
                    digest = fnv(digest, m.nlog >> (8 * i));
                digest = fnv(digest, m.phase);
                idle++;
            }
            replays++;
            free(tight.buf);
            free(L.buf);
        }
        free(copy);
    }
    free(b.log.buf);
    printf("prefixes=%ld idle=%ld digest=%016llx\n", replays, idle, (unsigned long long)digest);
}

/* ---- an EXCHANGE hook that always allows a proposal and an acceptance, 0-card discards */

static void exchanges(void)
{
    ec_match_rules r = variant_rules(0);
    ec_match_config cfg;
    ec_match m;
    buffer b = {{NULL, 0}, 0};
    int st, refused = 0, proposals = 0;
    r.hand.elder_min_discard = r.hand.dealer_min_discard = 0;
    if (ec_match_config_init(&cfg, &r, 1u << EC_H_EXCHANGE) != EC_OK)
        fail("config", 0, &m);
    grow(&b, 1 << 16);
    st = ec_match_start(&cfg, &m, &b.log, 1, 1);
    while (m.phase != EC_PH_PLAY && m.phase != EC_PH_OVER) {
        if (st == EC_STOP_HOOK) {
            uint8_t yes = 1;
            st = ec_match_answer(&cfg, &m, &b.log, &yes);
            if (st == EC_EBADANSWER) {
                uint8_t play = 2;
                refused++;
                st = ec_match_answer(&cfg, &m, &b.log, &play);
            }
        } else if (st == EC_STOP_IDLE) {
            uint64_t lg[2];
            ec_match_legal(&cfg, &m, lg);
            if (lg[0] >> EC_ID_PROPOSE & 1)
                proposals++;
            st = ec_match_apply(&cfg, &m, &b.log, legal_nth(lg, 0)); /* 0 cards, propose */
        }
        if (st < 0)
            fail("exchanges", st, &m);
    }
    free(b.log.buf);
    printf("exchanges=%d proposals=%d refused=%d\n", m.exchanges, proposals, refused);
    if (m.exchanges != 24 || refused != 1)
        exit(1);
}

/* A HOOKMASK argument: a number, or "all" (every hook), "even" or "odd" (every other one),
 * so that scripts need not know how many hooks there are. */
static uint32_t hook_mask_arg(const char *arg)
{
    const uint32_t all = (1u << EC_NUM_HOOKS) - 1;
    if (!strcmp(arg, "all"))
        return all;
    if (!strcmp(arg, "even"))
        return all & 0x55555555u;
    if (!strcmp(arg, "odd"))
        return all & 0xAAAAAAAAu;
    return (uint32_t)strtoul(arg, NULL, 0);
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "matches")) {
        matches(atol(argv[2]), strtoull(argv[3], NULL, 10),
                argc > 4 ? hook_mask_arg(argv[4]) : 0,
                argc > 5 ? atol(argv[5]) : -1);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "prefixes")) {
        prefixes(atol(argv[2]), strtoull(argv[3], NULL, 10));
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "exchanges")) {
        exchanges();
        return 0;
    }
    fprintf(stderr, "usage: %s matches N SEED [HOOKMASK [VARIANT]] | prefixes N SEED | "
                    "exchanges\n", argv[0]);
    return 2;
}
