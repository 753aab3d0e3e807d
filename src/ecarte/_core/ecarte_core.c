/*
 * ecarte_core.c -- bitboard trick play, random Écarté hands, perft and a
 * double-dummy solver. C99, no allocation, no global mutable state.
 * The pure-Python twin in _pure.py follows this file step for step.
 */
#include "ecarte_core.h"

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define EC_INLINE static inline __attribute__((always_inline))
static inline int ec_ctz(uint64_t m) { return __builtin_ctzll(m); }
#else
#define EC_INLINE static inline
static inline int ec_ctz(uint64_t m)
{
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
}
#endif

#define BIT(c) ((uint64_t)1 << (c))

/* Kernighan count (the masks here hold a few bits), or the popcnt instruction when the
 * target has it. */
EC_INLINE int ec_count(uint64_t m)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(m);
#endif
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------ PRNG */

void ec_rng_seed(ec_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        uint64_t z;
        x += 0x9E3779B97F4A7C15ULL;
        z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        rng->s[i] = z ^ (z >> 31);
    }
    rng->frac = 0;
    rng->bound = (uint64_t)1 << 32;
}

EC_INLINE uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

EC_INLINE uint64_t rng_next(ec_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Full 64x64 -> 128-bit product: returns the high half, stores the low half. */
EC_INLINE uint64_t mul_hi(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 t = (u128)a * b;
    *lo = (uint64_t)t;
    return (uint64_t)(t >> 64);
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

#define RNG_BUDGET ((uint64_t)1 << 32)

EC_INLINE uint32_t rng_below(ec_rng *rng, uint32_t n)
{
    uint64_t b = rng->bound * n, hi;
    if (b > RNG_BUDGET) {
        rng->frac = rng_next(rng);
        b = n;
    }
    rng->bound = b;
    hi = mul_hi(rng->frac, n, &rng->frac);
    return (uint32_t)hi;
}

uint64_t ec_rng_next(ec_rng *rng) { return rng_next(rng); }
uint32_t ec_rng_below(ec_rng *rng, uint32_t n) { return rng_below(rng, n); }

/* ------------------------------------------------------------ contexts */

int ec_context_init(ec_context *ctx, const int8_t *suit_of, const uint8_t *power, int trump)
{
    if (trump < EC_NO_TRUMP || trump > 3)
        return EC_EBADTRUMP;
    memset(ctx, 0, sizeof *ctx);
    for (int c = 0; c < 64; c++) {
        int s = suit_of[c];
        if (s == -1)
            continue;
        if (s < 0 || s > 3)
            return EC_EBADSUIT;
        if (power[c] > 63)
            return EC_EBADPOWER;
        ctx->suit_mask[s] |= BIT(c);
    }
    ctx->distinct = 1;
    for (int c = 0; c < 64; c++) {
        ctx->suit_of[c] = suit_of[c];
        ctx->power[c] = suit_of[c] == -1 ? 0 : power[c];
    }
    for (int c = 0; c < 64; c++) {
        int s = ctx->suit_of[c];
        if (s < 0)
            continue;
        uint64_t m = ctx->suit_mask[s];
        while (m) {
            int d = ec_ctz(m);
            m &= m - 1;
            if (ctx->power[d] > ctx->power[c])
                ctx->above[c] |= BIT(d);
            else if (d != c && ctx->power[d] == ctx->power[c])
                ctx->distinct = 0;
        }
    }
    ctx->deck = ctx->suit_mask[0] | ctx->suit_mask[1] | ctx->suit_mask[2] | ctx->suit_mask[3];
    ctx->trump = (int8_t)trump;
    for (int c = 0; c < 64; c++) {
        int s = ctx->suit_of[c];
        if (s < 0)
            continue;
        ctx->beaten_by[c] = ctx->above[c];
        if (trump != EC_NO_TRUMP && s != trump)
            ctx->beaten_by[c] |= ctx->suit_mask[trump];
    }
    return EC_OK;
}

EC_INLINE int strength(const ec_context *ctx, int card, int led)
{
    int s = ctx->suit_of[card];
    if (s == ctx->trump)
        return ctx->power[card] + 64;
    if (s == led)
        return ctx->power[card];
    return -1;
}

int ec_trick_winner_unchecked(const ec_context *ctx, const uint8_t *trick, int n)
{
    int led = ctx->suit_of[trick[0]];
    int best = 0, best_strength = strength(ctx, trick[0], led);
    for (int i = 1; i < n; i++) {
        int s = strength(ctx, trick[i], led);
        if (s > best_strength) {
            best = i;
            best_strength = s;
        }
    }
    return best;
}

uint64_t ec_legal_plays_unchecked(const ec_context *ctx, uint64_t hand, const uint8_t *trick,
                                  int n, unsigned flags)
{
    if (n == 0)
        return hand;
    int led = ctx->suit_of[trick[0]];
    int best = trick[ec_trick_winner_unchecked(ctx, trick, n)];
    uint64_t follow = hand & ctx->suit_mask[led];
    if (follow) {
        if ((flags & EC_MUST_OVERTAKE) && ctx->suit_of[best] == led) {
            uint64_t over = follow & ctx->above[best];
            if (over)
                return over;
        }
        return follow;
    }
    if (ctx->trump != EC_NO_TRUMP && (flags & EC_MUST_TRUMP)) {
        uint64_t trumps = hand & ctx->suit_mask[ctx->trump];
        if (trumps) {
            if ((flags & EC_MUST_OVERTRUMP) && ctx->suit_of[best] == ctx->trump) {
                uint64_t over = trumps & ctx->above[best];
                if (over)
                    return over;
            }
            return trumps;
        }
    }
    return hand;
}

static int check_trick(const ec_context *ctx, const uint8_t *trick, int n, uint64_t *seen)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++) {
        int c = trick[i];
        if (c > 63 || ctx->suit_of[c] < 0)
            return EC_EBADCARD;
        if (m & BIT(c))
            return EC_EDUPCARD;
        m |= BIT(c);
    }
    if (seen)
        *seen = m;
    return EC_OK;
}

int ec_legal_plays(const ec_context *ctx, uint64_t hand, const uint8_t *trick, int n,
                   unsigned flags, uint64_t *out)
{
    uint64_t seen;
    int err;
    if (n < 0 || n > 3)
        return EC_ETRICKLEN;
    if ((err = check_trick(ctx, trick, n, &seen)) != EC_OK)
        return err;
    if (hand & ~ctx->deck)
        return EC_EBADCARD;
    if (hand & seen)
        return EC_EHANDTRICK;
    *out = ec_legal_plays_unchecked(ctx, hand, trick, n, flags);
    return EC_OK;
}

int ec_trick_winner(const ec_context *ctx, const uint8_t *trick, int n)
{
    int err;
    if (n < 1 || n > 4)
        return EC_ETRICKLEN;
    if ((err = check_trick(ctx, trick, n, NULL)) != EC_OK)
        return err;
    return ec_trick_winner_unchecked(ctx, trick, n);
}

/* ------------------------------------------------------------ positions */

int ec_position_check(const ec_context *ctx, const ec_position *pos)
{
    int np = pos->nplayers, nt = pos->ntrick, err;
    uint64_t seen, all;
    if (np < 2 || np > EC_MAX_PLAYERS)
        return EC_ENPLAYERS;
    if (pos->leader >= np)
        return EC_EBADLEADER;
    if (nt >= np)
        return EC_ETRICKLEN;
    if ((err = check_trick(ctx, pos->trick, nt, &seen)) != EC_OK)
        return err;
    all = seen;
    for (int i = 0; i < np; i++) {
        uint64_t h = pos->hands[i];
        if (h & ~ctx->deck)
            return EC_EBADCARD;
        if (h & all)
            return (h & seen) ? EC_EHANDTRICK : EC_EDUPCARD;
        all |= h;
    }
    /* seats yet to play to this trick hold one card more than those that played: seat
     * leader + i (mod np) holds size - 1 cards for i < nt, size for the others */
    {
        int size = -1, seat = pos->leader;
        for (int i = 0; i < np; i++) {
            int have = ec_count(pos->hands[seat]) + (i < nt);
            if (size < 0)
                size = have;
            else if (have != size)
                return EC_EBADSTATE;
            if (++seat == np)
                seat = 0;
        }
    }
    return EC_OK;
}

typedef struct perft_env {
    const ec_context *ctx;
    unsigned flags;
    int np;
} perft_env;

static uint64_t perft_rec(const perft_env *e, uint64_t *hands, int leader, const uint8_t *trick,
                          int nt, int depth)
{
    int mover = (leader + nt) % e->np;
    uint64_t h = hands[mover], legal, total = 0;
    uint8_t t[EC_MAX_PLAYERS];
    if (depth == 0 || h == 0)
        return 1;
    legal = ec_legal_plays_unchecked(e->ctx, h, trick, nt, e->flags);
    if (depth == 1)
        return (uint64_t)ec_count(legal);
    memcpy(t, trick, (size_t)nt);
    while (legal) {
        int c = ec_ctz(legal);
        legal &= legal - 1;
        hands[mover] = h & ~BIT(c);
        t[nt] = (uint8_t)c;
        if (nt + 1 == e->np) {
            int w = ec_trick_winner_unchecked(e->ctx, t, e->np);
            total += perft_rec(e, hands, (leader + w) % e->np, t, 0, depth - 1);
        } else {
            total += perft_rec(e, hands, leader, t, nt + 1, depth - 1);
        }
    }
    hands[mover] = h;
    return total;
}

int ec_perft(const ec_context *ctx, const ec_position *pos, unsigned flags, int depth,
             uint64_t *count)
{
    int err = ec_position_check(ctx, pos);
    uint64_t hands[EC_MAX_PLAYERS];
    perft_env e;
    if (err != EC_OK)
        return err;
    if (depth < 0)
        return EC_EDEPTH;
    e.ctx = ctx;
    e.flags = flags;
    e.np = pos->nplayers;
    memcpy(hands, pos->hands, sizeof hands);
    *count = perft_rec(&e, hands, pos->leader, pos->trick, pos->ntrick, depth);
    return EC_OK;
}

/* ------------------------------------------------------ double dummy (2 players) */

/* Transposition table: bounds on the leader's tricks for (leader's hand, other hand).
 * A bitmap marks the entries written by the current solve, so starting a solve clears 32
 * bytes, not the table, and no entry is read before it is written. */
#define DD_TT_SIZE 256
typedef struct dd_entry {
    uint64_t lead, other;
    uint8_t lo, hi;
    uint8_t move; /* power-space search: the lead that last proved a bound, 255 if none */
} dd_entry;

typedef struct dd_table {
    uint64_t used[DD_TT_SIZE / 64];
    dd_entry e[DD_TT_SIZE];
} dd_table;

typedef struct dd_env {
    const ec_context *ctx;
    uint64_t trumps;
    unsigned flags;
    dd_table *tt;
} dd_env;

static void dd_table_next(dd_table *tt)
{
    memset(tt->used, 0, sizeof tt->used);
}

static void dd_table_init(dd_table *tt)
{
    dd_table_next(tt);
}

EC_INLINE dd_entry *dd_probe_key(dd_table *tt, uint64_t lead, uint64_t other)
{
    uint64_t h = (lead * 0x9E3779B97F4A7C15ULL ^ other * 0xC2B2AE3D27D4EB4FULL) >> 56;
    uint64_t *word = &tt->used[h >> 6], bit = BIT(h & 63);
    dd_entry *p = &tt->e[h];
    if (!(*word & bit) || p->lead != lead || p->other != other) {
        *word |= bit;
        p->lead = lead;
        p->other = other;
        p->lo = 0;
        p->hi = 255;
        p->move = 255;
    }
    return p;
}

EC_INLINE dd_entry *dd_probe(const dd_env *e, uint64_t lead, uint64_t other)
{
    return dd_probe_key(e->tt, lead, other);
}

/* Legal replies to the led card c (two players: no overtrump question). */
EC_INLINE uint64_t legal2(const dd_env *e, uint64_t hand, int c)
{
    const ec_context *ctx = e->ctx;
    uint64_t follow = hand & ctx->suit_mask[ctx->suit_of[c]];
    if (follow) {
        if (e->flags & EC_MUST_OVERTAKE) {
            uint64_t over = follow & ctx->above[c];
            if (over)
                return over;
        }
        return follow;
    }
    if (e->flags & EC_MUST_TRUMP) {
        uint64_t t = hand & e->trumps;
        if (t)
            return t;
    }
    return hand;
}

/* Does the reply r beat the led card c? */
EC_INLINE int beats(const dd_env *e, int c, int r)
{
    return (int)((e->ctx->beaten_by[c] >> r) & 1);
}

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
    uint64_t follow = hand & PW_LANE(c);
    if (follow) {
        if (e->flags & EC_MUST_OVERTAKE) {
            uint64_t over = follow & (~(uint64_t)1 << c);
            if (over)
                return over;
        }
        return follow;
    }
    if (e->flags & EC_MUST_TRUMP) {
        uint64_t t = hand & e->trumps;
        if (t)
            return t;
    }
    return hand;
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

static int solve_unchecked(const ec_context *ctx, const ec_position *pos, unsigned flags,
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
    return solve_unchecked(ctx, pos, flags, best, &tt);
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
    return solve_unchecked(ctx, pos, flags, best, tt);
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

/* ------------------------------------------------------------ random hands */

static const uint8_t PIQUET[32] = {5,  6,  7,  8,  9,  10, 11, 12, 21, 22, 23,
                                   24, 25, 26, 27, 28, 37, 38, 39, 40, 41, 42,
                                   43, 44, 53, 54, 55, 56, 57, 58, 59, 60};
#define KING 11
#define FNV_OFFSET 0xCBF29CE484222325ULL
#define FNV_PRIME 0x100000001B3ULL
/* Deal order (E elder, D dealer): pattern 32 is E E E D D D E E D D, 23 is E E D D E E E D D D;
 * the 11th card is the turn-up, the stock follows. */

void ec_rules_default(ec_rules *rules)
{
    static const uint8_t classic[8] = {11, 10, 9, 12, 8, 7, 6, 5};
    memcpy(rules->order, classic, 8);
    rules->elder_min_discard = 1;
    rules->dealer_min_discard = 0;
    rules->play_flags = EC_MUST_OVERTAKE | EC_MUST_TRUMP;
    rules->penalty_to_dealer = 0;
    rules->penalty_every_refusal = 0;
    rules->vole_penalty = 2;
    rules->deal_pattern = 32;
    rules->king_points = 1;
}

int ec_rules_check(const ec_rules *r)
{
    unsigned seen = 0;
    for (int i = 0; i < 8; i++) {
        if (r->order[i] < 5 || r->order[i] > 12 || (seen >> r->order[i] & 1))
            return EC_EBADRULES;
        seen |= 1u << r->order[i];
    }
    if (r->elder_min_discard > 5 || r->dealer_min_discard > 5 || r->play_flags > 7 ||
        r->penalty_to_dealer > 1 || r->penalty_every_refusal > 1 || r->vole_penalty > 9 ||
        (r->deal_pattern != 32 && r->deal_pattern != 23) || r->king_points > 1)
        return EC_EBADRULES;
    return EC_OK;
}

static void piquet_contexts(const ec_rules *r, ec_context ctxs[4])
{
    int8_t suit_of[64];
    uint8_t power[64];
    memset(suit_of, -1, sizeof suit_of);
    memset(power, 0, sizeof power);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) {
            int c = s * 16 + r->order[i];
            suit_of[c] = (int8_t)s;
            power[c] = (uint8_t)(8 - i);
        }
    for (int t = 0; t < 4; t++)
        ec_context_init(&ctxs[t], suit_of, power, t);
}

/* Lazy Fisher-Yates: the i-th card of the shuffled deck. Slots below i are never read again,
 * so the drawn card is not stored back. */
EC_INLINE int draw(ec_rng *rng, uint8_t *deck, int i)
{
    int j = i + (int)rng_below(rng, (uint32_t)(32 - i));
    uint8_t t = deck[j];
    deck[j] = deck[i];
    return t;
}

/* The idx-th set bit of m, counting from the lowest. */
EC_INLINE int nth_bit(uint64_t m, uint32_t idx)
{
    while (idx--)
        m &= m - 1;
    return ec_ctz(m);
}

/* A uniformly chosen card of m, which holds count cards. */
EC_INLINE int random_card(ec_rng *rng, uint64_t m, int count)
{
    return nth_bit(m, rng_below(rng, (uint32_t)count));
}

EC_INLINE int deal(ec_rng *rng, uint8_t *deck, int pattern, uint64_t h[2])
{
    uint64_t e, d;
    /* seat 1 (elder) is served first; statements keep the draw order explicit */
    e = BIT(draw(rng, deck, 0));
    e |= BIT(draw(rng, deck, 1));
    if (pattern == 32) {
        e |= BIT(draw(rng, deck, 2));
        d = BIT(draw(rng, deck, 3));
        d |= BIT(draw(rng, deck, 4));
        d |= BIT(draw(rng, deck, 5));
        e |= BIT(draw(rng, deck, 6));
        e |= BIT(draw(rng, deck, 7));
    } else {
        d = BIT(draw(rng, deck, 2));
        d |= BIT(draw(rng, deck, 3));
        e |= BIT(draw(rng, deck, 4));
        e |= BIT(draw(rng, deck, 5));
        e |= BIT(draw(rng, deck, 6));
        d |= BIT(draw(rng, deck, 7));
    }
    d |= BIT(draw(rng, deck, 8));
    d |= BIT(draw(rng, deck, 9));
    h[0] = d;
    h[1] = e;
    return draw(rng, deck, 10);
}

static void play_hand(const ec_rules *r, const ec_context ctxs[4], ec_rng *rng_io,
                      ec_hand_result *res)
{
    ec_rng local = *rng_io, *rng = &local; /* a local copy the compiler keeps in registers */
    uint8_t deck[32];
    uint64_t h[2];
    int pts[2] = {0, 0}, tr[2] = {0, 0};
    int flags = 0, actions = 10, exch = 0, next = 11, leader = 1, idle = 0;
    int up, trump, penalty = 0, win;
    /* proposals need a stock that serves the elder's least discard; an exchange in which
     * neither side discarded ends them (the engine's classic plugin, docs/rules.md) */
    int least_stock = r->elder_min_discard > 1 ? r->elder_min_discard : 1;
    const ec_context *ctx;
    dd_env e;

    memcpy(deck, PIQUET, sizeof deck);
    up = deal(rng, deck, r->deal_pattern, h);
    trump = up >> 4;
    ctx = &ctxs[trump];
    if ((up & 15) == KING) {
        pts[0]++;
        flags |= 1;
    }
    while (32 - next >= least_stock && !idle) {
        int served = next;
        actions++;
        if (rng_below(rng, 2) == 0) {
            if (exch == 0)
                flags |= 2;
            break;
        }
        actions++;
        if (rng_below(rng, 2) == 0) {
            if (exch == 0 || r->penalty_every_refusal)
                flags |= 4;
            break;
        }
        for (int seat = 1; seat >= 0; seat--) {
            int cap = 32 - next, lo, k;
            if (cap > 5)
                cap = 5;
            lo = seat ? r->elder_min_discard : r->dealer_min_discard;
            if (lo > cap)
                lo = cap;
            k = lo + (int)rng_below(rng, (uint32_t)(cap - lo + 1));
            for (int j = 0; j < k; j++)
                h[seat] &= ~BIT(random_card(rng, h[seat], 5 - j));
            for (int j = 0; j < k; j++)
                h[seat] |= BIT(draw(rng, deck, next++));
            actions += k;
        }
        idle = next == served;
        exch++;
    }
    if (r->king_points) {
        uint64_t king = BIT(trump * 16 + KING);
        if (h[0] & king)
            pts[0]++;
        else if (h[1] & king)
            pts[1]++;
    }
    e.ctx = ctx;
    e.flags = r->play_flags;
    e.trumps = ctx->suit_mask[trump];
    {
        /* the leader's and the follower's hands in locals, swapped when the lead changes */
        uint64_t lh = h[1], fh = h[0];
        int elder_tricks = 0;
        for (int t = 0; t < 5; t++) {
            int c, rep;
            uint64_t legal;
            c = random_card(rng, lh, 5 - t);
            lh &= ~BIT(c);
            legal = legal2(&e, fh, c);
            rep = random_card(rng, legal, legal == fh ? 5 - t : ec_count(legal));
            fh &= ~BIT(rep);
            if (beats(&e, c, rep)) {
                uint64_t x = lh;
                lh = fh;
                fh = x;
                leader ^= 1;
            }
            elder_tricks += leader;
        }
        tr[1] = elder_tricks;
        tr[0] = 5 - elder_tricks;
    }
    if ((flags & 2) && tr[1] < 3)
        penalty = 1;
    if (flags & 4) {
        if (r->penalty_to_dealer ? tr[1] < 3 : tr[0] < 3)
            penalty = 1;
    }
    if (penalty)
        flags |= 8;
    win = tr[1] >= 3 ? 1 : 0;
    pts[win] += tr[win] == 5 ? (penalty ? r->vole_penalty : 2) : (penalty ? 2 : 1);
    res->points[0] = (uint8_t)pts[0];
    res->points[1] = (uint8_t)pts[1];
    res->tricks[0] = (uint8_t)tr[0];
    res->tricks[1] = (uint8_t)tr[1];
    res->exchanges = (uint8_t)exch;
    res->flags = (uint8_t)flags;
    res->actions = (uint16_t)actions;
    *rng_io = local;
}

int ec_random_hands(const ec_rules *rules, uint64_t seed, size_t n, ec_hand_result *out,
                    ec_totals *totals)
{
    ec_context ctxs[4];
    ec_rng rng;
    ec_totals t;
    int err = ec_rules_check(rules);
    if (err != EC_OK)
        return err;
    piquet_contexts(rules, ctxs);
    ec_rng_seed(&rng, seed);
    memset(&t, 0, sizeof t);
    t.digest = FNV_OFFSET;
    for (size_t i = 0; i < n; i++) {
        ec_hand_result res;
        uint64_t packed;
        play_hand(rules, ctxs, &rng, &res);
        if (out)
            out[i] = res;
        t.points[0] += res.points[0];
        t.points[1] += res.points[1];
        t.tricks[0] += res.tricks[0];
        t.tricks[1] += res.tricks[1];
        t.voles += (res.tricks[0] == 5) | (res.tricks[1] == 5);
        t.exchanges += res.exchanges;
        t.actions += res.actions;
        packed = (uint64_t)res.points[0] | (uint64_t)res.points[1] << 8 |
                 (uint64_t)res.tricks[0] << 16 | (uint64_t)res.tricks[1] << 24 |
                 (uint64_t)res.exchanges << 32 | (uint64_t)res.flags << 40 |
                 (uint64_t)res.actions << 48;
        t.digest = (t.digest ^ packed) * FNV_PRIME;
    }
    t.hands = n;
    if (totals)
        *totals = t;
    return EC_OK;
}

int ec_random_solves(const ec_rules *rules, uint64_t seed, size_t n, int8_t *values,
                     uint8_t *best, uint64_t *digest)
{
    ec_context ctxs[4];
    ec_rng rng;
    uint64_t dg = FNV_OFFSET;
    dd_table tt;
    int err = ec_rules_check(rules);
    if (err != EC_OK)
        return err;
    dd_table_init(&tt);
    piquet_contexts(rules, ctxs);
    ec_rng_seed(&rng, seed);
    for (size_t i = 0; i < n; i++) {
        uint8_t deck[32], mv;
        ec_position pos;
        int up, v;
        memcpy(deck, PIQUET, sizeof deck);
        memset(&pos, 0, sizeof pos);
        up = deal(&rng, deck, rules->deal_pattern, pos.hands);
        pos.nplayers = 2;
        pos.leader = 1;
        v = solve_unchecked(&ctxs[up >> 4], &pos, rules->play_flags, &mv, &tt);
        if (values)
            values[i] = (int8_t)v;
        if (best)
            best[i] = mv;
        dg = (dg ^ ((uint64_t)v | (uint64_t)mv << 8)) * FNV_PRIME;
    }
    if (digest)
        *digest = dg;
    return EC_OK;
}

/* ------------------------------------------------------------ errors */

const char *ec_strerror(int code)
{
    switch (code) {
    case EC_OK:
        return "no error";
    case EC_EBADSUIT:
        return "an effective suit is not -1..3";
    case EC_EBADPOWER:
        return "a power is not 0..63";
    case EC_EBADTRUMP:
        return "trump must be a suit 0..3 or -1";
    case EC_EBADCARD:
        return "a card id is not in this deck";
    case EC_EDUPCARD:
        return "a card appears twice";
    case EC_ETRICKLEN:
        return "wrong number of cards in the trick";
    case EC_EHANDTRICK:
        return "a card is both in a hand and in the trick";
    case EC_ENPLAYERS:
        return "wrong number of players";
    case EC_EBADSTATE:
        return "hand sizes cannot arise with this trick";
    case EC_EBADRULES:
        return "a rules field is out of range";
    case EC_EBADLEADER:
        return "leader seat out of range";
    case EC_EDEPTH:
        return "perft depth must be >= 0";
    case EC_EILLEGAL:
        return "the card is not a legal play now";
    case EC_ENOUNDO:
        return "no card to take back";
    default:
        return "unknown error";
    }
}

/* ------------------------------------------------- play state (2 players, see the header) */

int ec_play_init(const ec_context *ctx, ec_play *p, uint64_t hand0, uint64_t hand1, int leader,
                 unsigned flags)
{
    int n = ec_count(hand0);
    if ((hand0 | hand1) & ~ctx->deck)
        return EC_EBADCARD;
    if (hand0 & hand1)
        return EC_EDUPCARD;
    if (n != ec_count(hand1) || n > EC_PLAY_MAX_TRICKS)
        return EC_EBADSTATE;
    if (leader != 0 && leader != 1)
        return EC_EBADLEADER;
    if (flags > (EC_MUST_OVERTAKE | EC_MUST_TRUMP | EC_MUST_OVERTRUMP))
        return EC_EBADRULES;
    memset(p, 0, sizeof *p);
    p->hands[0] = hand0;
    p->hands[1] = hand1;
    p->leaders[0] = (uint8_t)leader;
    p->to_move = (uint8_t)leader;
    p->flags = (uint8_t)flags;
    return EC_OK;
}

uint64_t ec_play_legal(const ec_context *ctx, const ec_play *p)
{
    uint64_t hand = p->hands[p->to_move];
    if (p->nplayed & 1)
        return ec_legal_plays_unchecked(ctx, hand, &p->cards[p->nplayed - 1], 1, p->flags);
    return hand;
}

int ec_play_apply_unchecked(const ec_context *ctx, ec_play *p, int card)
{
    int mover = p->to_move, lead, winner;
    p->hands[mover] &= ~BIT(card);
    p->cards[p->nplayed++] = (uint8_t)card;
    if (p->nplayed & 1) {
        p->to_move = (uint8_t)(mover ^ 1);
        return EC_PLAY_ON;
    }
    lead = mover ^ 1;
    winner = ec_trick_winner_unchecked(ctx, &p->cards[p->nplayed - 2], 2) ? mover : lead;
    p->won[winner]++;
    p->to_move = (uint8_t)winner;
    if (!(p->hands[0] | p->hands[1]))
        return EC_PLAY_OVER;
    p->leaders[p->nplayed / 2] = (uint8_t)winner;
    return EC_PLAY_TRICK;
}

int ec_play_apply(const ec_context *ctx, ec_play *p, int card)
{
    if (card < 0 || card > 63 || ctx->suit_of[card] < 0)
        return EC_EBADCARD;
    if (!(ec_play_legal(ctx, p) & BIT(card)))
        return EC_EILLEGAL;
    return ec_play_apply_unchecked(ctx, p, card);
}

int ec_play_undo(ec_play *p)
{
    int n, card, mover;
    if (p->nplayed == 0)
        return EC_ENOUNDO;
    n = --p->nplayed;
    card = p->cards[n];
    p->cards[n] = 0;
    if (n & 1) { /* this card completed trick n / 2: take the trick back */
        p->won[p->to_move]--;
        if (n / 2 + 1 < EC_PLAY_MAX_TRICKS)
            p->leaders[n / 2 + 1] = 0;
        mover = p->leaders[n / 2] ^ 1;
    } else {
        mover = p->leaders[n / 2];
    }
    p->to_move = (uint8_t)mover;
    p->hands[mover] |= BIT(card);
    return card;
}
