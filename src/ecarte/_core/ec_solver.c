/*
 * ec_solver.c -- the double-dummy solver (two players).
 * C99, no allocation, no global mutable state. The pure-Python twin in _pure.py
 * follows this file step for step.
 */
#include "ec_solver.h"

#include <string.h>

/* ------------------------------------------------------ double dummy (2 players) */

/* Keep one card of each run of equivalent candidates: c is dropped when a higher candidate d
 * of its suit exists with none of the others' cards (opponent's hand, trick) between them. */
EC_INLINE uint64_t reps(const ec_context *ctx, uint64_t cand, uint64_t others)
{
    uint64_t out = cand, m = cand;
    if (!ctx->distinct)
        return cand;
    while (m) {
        int c = ec_ctz(m);
        uint64_t higher = ctx->above[c] & cand;
        m &= m - 1;
        while (higher) {
            int d = ec_ctz(higher);
            higher &= higher - 1;
            if ((ctx->above[c] & ~ctx->above[d] & others) == 0) {
                out &= ~BIT(c);
                break;
            }
        }
    }
    return out;
}

static int win_k(const dd_env *e, uint64_t lead, uint64_t other, int k);

/* Can the leader, leading c, still win k of the remaining tricks? */
static int lead_ok(const dd_env *e, uint64_t lead, uint64_t other, int c, int k)
{
    int n = ec_count(lead);
    uint64_t rest = lead & ~BIT(c);
    uint64_t replies = reps(e->ctx, legal2(e, other, c), lead);
    /* replies that win the trick first: they refute most often */
    uint64_t winning = replies & e->ctx->beaten_by[c];
    uint64_t losing = replies & ~winning;
    while (winning) {
        int r = ec_ctz(winning);
        winning &= winning - 1;
        if (win_k(e, other & ~BIT(r), rest, n - k))
            return 0;
    }
    while (losing) {
        int r = ec_ctz(losing);
        losing &= losing - 1;
        if (!win_k(e, rest, other & ~BIT(r), k - 1))
            return 0;
    }
    return 1;
}

/* Can the player to lead (hand lead) win at least k of the remaining tricks? */
static int win_k(const dd_env *e, uint64_t lead, uint64_t other, int k)
{
    int n;
    uint64_t m;
    if (k <= 0)
        return 1;
    n = ec_count(lead);
    if (k > n)
        return 0;
    if (n == 1)
        return !beats(e, ec_ctz(lead), ec_ctz(other));
    {
        /* Quick bounds. A trump above all the other's trumps wins whenever it is played; with
         * the other out of trumps, so does a card above all the other's cards of its suit
         * when led, and the leader keeps the lead while cashing them. */
        const ec_context *ctx = e->ctx;
        uint64_t lt = lead & e->trumps, ot = other & e->trumps, m2;
        int sure = 0, lost = 0;
        m2 = ot ? lt : lead;
        while (m2) {
            int c = ec_ctz(m2);
            m2 &= m2 - 1;
            sure += (ctx->above[c] & other) == 0;
        }
        if (k <= sure)
            return 1;
        m2 = ot;
        while (m2) {
            int c = ec_ctz(m2);
            m2 &= m2 - 1;
            lost += (ctx->above[c] & lt) == 0;
        }
        if (k > n - lost)
            return 0;
    }
    {
        dd_entry *p = dd_probe(e, lead, other);
        if (k <= p->lo)
            return 1;
        if (k > p->hi)
            return 0;
    }
    m = reps(e->ctx, lead, other);
    while (m) {
        int c = ec_ctz(m);
        m &= m - 1;
        if (lead_ok(e, lead, other, c, k)) {
            dd_entry *p = dd_probe(e, lead, other);
            if (k > p->lo)
                p->lo = (uint8_t)k;
            return 1;
        }
    }
    {
        dd_entry *p = dd_probe(e, lead, other);
        if (k - 1 < p->hi)
            p->hi = (uint8_t)(k - 1);
    }
    return 0;
}

static int dd_value(const dd_env *e, uint64_t lead, uint64_t other)
{
    int n = ec_count(lead), v = 0;
    while (v < n && win_k(e, lead, other, v + 1))
        v++;
    return v;
}

static int solve_generic(const ec_context *ctx, const ec_position *pos, unsigned flags,
                         uint8_t *best, dd_table *tt)
{
    dd_env e;
    int mover = (pos->leader + pos->ntrick) % 2;
    uint64_t me = pos->hands[mover], opp = pos->hands[1 - mover], m;
    int value = -1;
    e.ctx = ctx;
    e.flags = flags;
    e.trumps = ctx->trump == EC_NO_TRUMP ? 0 : ctx->suit_mask[ctx->trump];
    e.tt = tt;
    dd_table_next(tt);
    *best = 255;
    if (me == 0)
        return 0;
    if (pos->ntrick == 0) {
        value = dd_value(&e, me, opp);
        m = reps(ctx, me, opp);
        while (m) {
            int c = ec_ctz(m);
            m &= m - 1;
            if (lead_ok(&e, me, opp, c, value)) {
                *best = (uint8_t)c;
                break;
            }
        }
        return value;
    }
    {
        int c = pos->trick[0], n = ec_count(me);
        m = reps(ctx, legal2(&e, me, c), opp | BIT(c));
        while (m) {
            int r = ec_ctz(m), v;
            uint64_t rest = me & ~BIT(r);
            m &= m - 1;
            v = beats(&e, c, r) ? 1 + dd_value(&e, rest, opp) : (n - 1) - dd_value(&e, opp, rest);
            if (v > value) {
                value = v;
                *best = (uint8_t)r;
            }
        }
        return value;
    }
}

/* ------------------------------------- double dummy: the search in power space
 * When powers are distinct within every suit (every real deck), the solver first renumbers
 * the cards in play: a card of effective suit s whose power is the r-th lowest among the cards
 * in play of that suit becomes position s * 16 + r (r <= 15). Within a suit a higher bit is
 * then a higher card, so "above", "beats" and the legal replies are shifts and masks, and at
 * the root two cards of a hand are equivalent exactly when their positions are adjacent.
 * Hand sizes are passed down instead of counted. The value and the reported move are those of
 * the generic search above (they do not depend on the search order); only the cost differs. */

#define PW_LANE(p) ((uint64_t)0xFFFF << ((p) & 48))
#define PW_LANES_LOW 0x0001000100010001ULL /* bit 0 of each lane */

typedef struct pw_env {
    uint64_t trumps; /* the trump lane (all 16 positions), 0 without trumps */
    unsigned flags;
    int untabled;    /* hand size whose positions skip the table (no transpositions), or 0 */
    dd_table *tt;
} pw_env;

EC_INLINE int pw_msb(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(m);
#else
    int n = 63;
    while (!(m >> 63)) {
        m <<= 1;
        n--;
    }
    return n;
#endif
}

/* The number of positions of each lane, in the low byte of the lane (branch-free). */
EC_INLINE uint64_t pw_lane_counts(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (x + (x >> 8)) & 0x00FF00FF00FF00FFULL;
}

/* The search below is compiled twice on x86-64 GCC and Clang when the target does not
 * promise popcnt: once for any CPU, once with the popcnt instruction, chosen at run time
 * (the hw argument, a constant in each copy). Same code, same answers; -DEC_NO_DISPATCH
 * keeps the portable copy only. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__POPCNT__) && \
    !defined(EC_NO_DISPATCH)
#define PW_DISPATCH 1
#define PW_HW __attribute__((target("popcnt")))
#else
#define PW_DISPATCH 0
#endif

/* Number of positions in x (branch-free). */
EC_INLINE int pw_count(uint64_t x, int hw)
{
#if defined(__POPCNT__)
    (void)hw;
    return __builtin_popcountll(x);
#else
#if PW_DISPATCH
    if (hw)
        return __builtin_popcountll(x);
#else
    (void)hw;
#endif
    return (int)((pw_lane_counts(x) * PW_LANES_LOW) >> 48);
#endif
}

/* Every position of a lane at or below the highest position of m in that lane. */
EC_INLINE uint64_t pw_smear(uint64_t m)
{
    m |= (m >> 1) & 0x7FFF7FFF7FFF7FFFULL;
    m |= (m >> 2) & 0x3FFF3FFF3FFF3FFFULL;
    m |= (m >> 4) & 0x0FFF0FFF0FFF0FFFULL;
    m |= (m >> 8) & 0x00FF00FF00FF00FFULL;
    return m;
}

/* Bits set in each byte value. */
#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2(n), POP2(n + 1), POP2(n + 1), POP2(n + 2)
#define POP6(n) POP4(n), POP4(n + 1), POP4(n + 1), POP4(n + 2)
static const uint8_t POP8[256] = {POP6(0), POP6(1), POP6(1), POP6(2)};

/* Positions of p's suit strictly above p. */
EC_INLINE uint64_t pw_above(int p) { return PW_LANE(p) & (~(uint64_t)1 << p); }

/* Positions beating p when p is led. */
EC_INLINE uint64_t pw_beaten(const pw_env *e, int p) { return pw_above(p) | (e->trumps & ~PW_LANE(p)); }

EC_INLINE uint64_t pw_legal(const pw_env *e, uint64_t hand, int c)
{
    return dd_replies(hand, PW_LANE(c), ~(uint64_t)1 << c, e->trumps, e->flags);
}

/* One card of each run of adjacent positions (the highest): a sound equivalence at any node,
 * and exactly the generic reps() at the root, where every card in play has a position. The
 * mask keeps a suit's top position from seeing the next suit's lowest. */
EC_INLINE uint64_t pw_reps(uint64_t cand)
{
    return cand & ~((cand >> 1) & 0x7FFF7FFF7FFF7FFFULL);
}

/* Tricks the leader is sure to take, cashing winners while keeping the lead. In a suit where
 * the leader's cards above all the other's (t of them) are at least as many as the other's
 * cards of the suit, every card of the suit wins (the other follows until void), else those t
 * do. A side suit counts only once the other holds no trump, or when the trump suit itself
 * counts whole (the leader draws the other's trumps first). */
EC_INLINE int pw_sure(const pw_env *e, uint64_t lead, uint64_t other, int hw)
{
    uint64_t top = lead & ~pw_smear(other);
    uint64_t d = (pw_lane_counts(top) | (PW_LANES_LOW << 8)) - pw_lane_counts(other);
    uint64_t whole = ((d >> 8) & PW_LANES_LOW) * 0xFFFF; /* lanes where t >= the other's */
    uint64_t wins = top | (lead & whole);
    if ((whole & e->trumps) != e->trumps)
        wins &= e->trumps;
    return pw_count(wins, hw);
}

/* Tricks the leader is sure to lose: the other's trumps above all the leader's win whenever
 * played. */
EC_INLINE int pw_lost(const pw_env *e, uint64_t lead, uint64_t other, int hw)
{
    return pw_count(other & e->trumps & ~pw_smear(lead & e->trumps), hw);
}

static int pw_search_sw(const pw_env *e, uint64_t lead, uint64_t other, int n, int k);
#if PW_DISPATCH
PW_HW static int pw_search_hw(const pw_env *e, uint64_t lead, uint64_t other, int n, int k);
#endif

/* The last trick: 1 when the leader's card wins it. */
EC_INLINE int pw_last(const pw_env *e, uint64_t lead, uint64_t other)
{
    return !((pw_beaten(e, ec_ctz(lead)) >> ec_ctz(other)) & 1);
}

/* Two cards each: the leader's tricks, by enumeration. */
static int pw_value2(const pw_env *e, uint64_t lead, uint64_t other)
{
    int best = 0;
    uint64_t m = pw_reps(lead);
    while (m) {
        int c = ec_ctz(m), worst = 2;
        uint64_t rest = lead & ~BIT(c), beaten = pw_beaten(e, c), replies;
        m &= m - 1;
        replies = pw_reps(pw_legal(e, other, c));
        while (replies) {
            int r = ec_ctz(replies), v;
            uint64_t o = other & ~BIT(r);
            replies &= replies - 1;
            v = (beaten >> r) & 1 ? 1 - pw_last(e, o, rest) : 1 + pw_last(e, rest, o);
            if (v < worst)
                worst = v;
        }
        if (worst > best) {
            best = worst;
            if (best == 2)
                break;
        }
    }
    return best;
}

/* Can the player to lead (lead, n cards; other holds n too) win at least k tricks? The cheap
 * cases, inlined into the callers: trivial k, the last two tricks, then the quick bounds; the
 * search proper (pw_search) only past them. */
EC_INLINE int pw_win(const pw_env *e, uint64_t lead, uint64_t other, int n, int k, int hw)
{
    if (k <= 0)
        return 1;
    if (k > n)
        return 0;
    if (n <= 2)
        return (n == 1 ? pw_last(e, lead, other) : pw_value2(e, lead, other)) >= k;
    if (k <= pw_sure(e, lead, other, hw))
        return 1;
    if (k > n - pw_lost(e, lead, other, hw))
        return 0;
#if PW_DISPATCH
    if (hw)
        return pw_search_hw(e, lead, other, n, k);
#endif
    return pw_search_sw(e, lead, other, n, k);
}

/* Can the leader (n cards), leading c, still win k of the n tricks? */
EC_INLINE int pw_lead_ok(const pw_env *e, uint64_t lead, uint64_t other, int n, int c, int k,
                          int hw)
{
    uint64_t rest = lead & ~BIT(c);
    uint64_t replies = pw_reps(pw_legal(e, other, c));
    uint64_t winning = replies & pw_beaten(e, c), losing = replies & ~winning;
    /* the cheapest winning reply first: it refutes most often */
    if (winning) {
        if (k >= n) /* the other needs no trick: any winning reply refutes */
            return 0;
        do {
            int r = ec_ctz(winning);
            winning &= winning - 1;
            if (pw_win(e, other & ~BIT(r), rest, n - 1, n - k, hw))
                return 0;
        } while (winning);
    }
    if (k <= 1) /* the leader takes this trick: nothing more needed */
        return 1;
    while (losing) {
        int r = ec_ctz(losing);
        losing &= losing - 1;
        if (!pw_win(e, rest, other & ~BIT(r), n - 1, k - 1, hw))
            return 0;
    }
    return 1;
}

/* pw_win past its quick bounds (n >= 3): the table, then the leads, highest position first
 * (the table's lead before them). Positions of e->untabled cards (those one trick below a
 * first-trick root, which never transpose) skip the table. */
EC_INLINE int pw_search(const pw_env *e, uint64_t lead, uint64_t other, int n, int k, int hw)
{
    uint64_t m = pw_reps(lead);
    dd_entry *p;
    if (n == e->untabled) {
        while (m) {
            int c = pw_msb(m);
            m &= ~BIT(c);
            if (pw_lead_ok(e, lead, other, n, c, k, hw))
                return 1;
        }
        return 0;
    }
    p = dd_probe_key(e->tt, lead, other);
    if (k <= p->lo)
        return 1;
    if (k > p->hi)
        return 0;
    if (p->move != 255 && (m >> p->move & 1)) {
        int c = p->move;
        m &= ~BIT(c);
        if (pw_lead_ok(e, lead, other, n, c, k, hw)) {
            p = dd_probe_key(e->tt, lead, other);
            if (k > p->lo)
                p->lo = (uint8_t)k;
            return 1;
        }
    }
    while (m) {
        int c = pw_msb(m);
        m &= ~BIT(c);
        if (pw_lead_ok(e, lead, other, n, c, k, hw)) {
            p = dd_probe_key(e->tt, lead, other);
            if (k > p->lo)
                p->lo = (uint8_t)k;
            p->move = (uint8_t)c;
            return 1;
        }
    }
    p = dd_probe_key(e->tt, lead, other);
    if (k - 1 < p->hi)
        p->hi = (uint8_t)(k - 1);
    return 0;
}

static int pw_search_sw(const pw_env *e, uint64_t lead, uint64_t other, int n, int k)
{
    return pw_search(e, lead, other, n, k, 0);
}

#if PW_DISPATCH
PW_HW static int pw_search_hw(const pw_env *e, uint64_t lead, uint64_t other, int n, int k)
{
    return pw_search(e, lead, other, n, k, 1);
}
#endif

/* The leader's tricks (n cards each). */
EC_INLINE int pw_value(const pw_env *e, uint64_t lead, uint64_t other, int n, int hw)
{
    int v = 0;
    while (v < n && pw_win(e, lead, other, n, v + 1, hw))
        v++;
    return v;
}

/* The root of a first-trick solve: the value and the index in reps (ascending card ids) of the
 * first lead achieving it. A lead failing k fails every higher k, so the scan for k + 1 resumes
 * at the lead found for k. */
EC_INLINE int pw_root(const pw_env *e, uint64_t lead, uint64_t other, int n, const int *reps,
                      int nr, int *at, int hw)
{
    int k = 3, start = 0, v = -1, i, hi; /* 3: the most common value of a random deal */
    /* the other's trumps above all the leader's win whenever played */
    hi = n - pw_lost(e, lead, other, hw);
    if (k > hi)
        k = hi;
    for (;;) {
        for (i = start; i < nr; i++)
            if (pw_lead_ok(e, lead, other, n, reps[i], k, hw))
                break;
        if (i == nr)
            break;
        v = k;
        *at = start = i;
        if (k == hi)
            return v;
        k++;
    }
    if (v >= 0)
        return v;
    for (k--; k >= 0; k--)
        for (i = 0; i < nr; i++)
            if (pw_lead_ok(e, lead, other, n, reps[i], k, hw)) {
                *at = i;
                return k;
            }
    *at = 0;
    return 0;
}

/* The generic search's answer for a position of a context with distinct powers. */
EC_INLINE int pw_solve(const ec_context *ctx, const ec_position *pos, unsigned flags,
                       uint8_t *best, dd_table *tt, int hw)
{
    pw_env e;
    int mover = (pos->leader + pos->ntrick) & 1, n, value = -1, i = 0;
    uint64_t me = pos->hands[mover], opp = pos->hands[1 - mover], inplay, m, pme = 0, popp = 0;
    uint8_t pos_of[64], card_of[64];
    *best = 255;
    if (me == 0)
        return 0;
    e.flags = flags;
    e.trumps = ctx->trump == EC_NO_TRUMP ? 0 : (uint64_t)0xFFFF << (16 * ctx->trump);
    e.tt = tt;
    dd_table_next(tt);
    inplay = me | opp;
    if (pos->ntrick)
        inplay |= BIT(pos->trick[0]);
    {
        /* renumber: the powers in play per suit, then each card's rank among those of its
         * suit (a table lookup per byte while every power in play is at most 16) */
        uint64_t pm[4] = {0, 0, 0, 0};
        m = inplay;
        while (m) {
            int c = ec_ctz(m);
            m &= m - 1;
            pm[ctx->suit_of[c]] |= BIT(ctx->power[c]);
        }
        int small = ((pm[0] | pm[1] | pm[2] | pm[3]) >> 17) == 0;
        m = inplay;
        while (m) {
            int c = ec_ctz(m), s = ctx->suit_of[c];
            uint64_t below = pm[s] & (BIT(ctx->power[c]) - 1);
            int p = s * 16 + (small ? POP8[below & 255] + POP8[below >> 8] : pw_count(below, hw));
            m &= m - 1;
            pos_of[c] = (uint8_t)p;
            card_of[p] = (uint8_t)c;
            pme |= ((me >> c) & 1) << p;
            popp |= ((opp >> c) & 1) << p;
        }
    }
    n = pw_count(pme, hw);
    if (pos->ntrick == 0) {
        uint64_t ids = 0;
        int reps[64], nr = 0;
        m = pw_reps(pme);
        while (m) {
            int p = ec_ctz(m);
            m &= m - 1;
            ids |= BIT(card_of[p]);
        }
        while (ids) {
            int c = ec_ctz(ids);
            ids &= ids - 1;
            reps[nr++] = pos_of[c];
        }
        e.untabled = n - 1;
        value = pw_root(&e, pme, popp, n, reps, nr, &i, hw);
        *best = card_of[reps[i]];
        return value;
    }
    {
        int c = pos_of[pos->trick[0]];
        uint64_t ids = 0;
        e.untabled = 0;
        m = pw_reps(pw_legal(&e, pme, c));
        while (m) {
            int p = ec_ctz(m);
            m &= m - 1;
            ids |= BIT(card_of[p]);
        }
        while (ids) {
            int id = ec_ctz(ids), r = pos_of[id], v;
            uint64_t rest = pme & ~BIT(r);
            ids &= ids - 1;
            v = (pw_beaten(&e, c) >> r) & 1 ? 1 + pw_value(&e, rest, popp, n - 1, hw)
                                            : (n - 1) - pw_value(&e, popp, rest, n - 1, hw);
            if (v > value) {
                value = v;
                *best = (uint8_t)id;
            }
        }
        return value;
    }
}

static int pw_solve_sw(const ec_context *ctx, const ec_position *pos, unsigned flags,
                       uint8_t *best, dd_table *tt)
{
    return pw_solve(ctx, pos, flags, best, tt, 0);
}

#if PW_DISPATCH
PW_HW static int pw_solve_hw(const ec_context *ctx, const ec_position *pos, unsigned flags,
                             uint8_t *best, dd_table *tt)
{
    return pw_solve(ctx, pos, flags, best, tt, 1);
}
#endif

int ec__solve_unchecked(const ec_context *ctx, const ec_position *pos, unsigned flags,
                        uint8_t *best, dd_table *tt)
{
    if (ctx->distinct) {
#if PW_DISPATCH
        if (__builtin_cpu_supports("popcnt"))
            return pw_solve_hw(ctx, pos, flags, best, tt);
#endif
        return pw_solve_sw(ctx, pos, flags, best, tt);
    }
    return solve_generic(ctx, pos, flags, best, tt);
}

int ec_solve(const ec_context *ctx, const ec_position *pos, unsigned flags, uint8_t *best)
{
    dd_table tt;
    int err = ec_position_check(ctx, pos);
    *best = 255;
    if (err != EC_OK)
        return err;
    if (pos->nplayers != 2)
        return EC_ENPLAYERS;
    dd_table_init(&tt);
    return ec__solve_unchecked(ctx, pos, flags, best, &tt);
}

static int solve_with(const ec_context *ctx, const ec_position *pos, unsigned flags,
                      uint8_t *best, dd_table *tt)
{
    int err = ec_position_check(ctx, pos);
    *best = 255;
    if (err != EC_OK)
        return err;
    if (pos->nplayers != 2)
        return EC_ENPLAYERS;
    return ec__solve_unchecked(ctx, pos, flags, best, tt);
}

int ec_solve_batch(const ec_context *ctxs, size_t ctx_stride, const ec_position *pos, size_t n,
                   unsigned flags, int8_t *values, uint8_t *best)
{
    dd_table tt;
    dd_table_init(&tt);
    for (size_t i = 0; i < n; i++)
        values[i] = (int8_t)solve_with(&ctxs[i * ctx_stride], &pos[i], flags, &best[i], &tt);
    return EC_OK;
}
