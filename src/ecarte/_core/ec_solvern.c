/*
 * ec_solvern.c -- the double-dummy solver for 2 to 4 hands with partnerships (ec_solve_n).
 * C99, no allocation, no global mutable state. The pure-Python twin is _pure._SolverN,
 * which follows this file step for step (same moves in the same order, same bounds).
 *
 * The value is the most tricks the side of the position to move can force; the move is the
 * lowest card id among the legal cards achieving it. Both are defined without reference to
 * the search, so any search order gives the same answer.
 *
 * Search: fail-soft alpha-beta over single cards, the value counted for the side of the
 * root's mover ("mine"); at trick boundaries a direct-mapped transposition table (on the
 * stack) keeps bounds on the remaining tricks and the lead that last cut. Equivalent cards
 * (the mover's legal cards with no card in play between them: a card still held by an
 * active position, or the card winning the trick in progress) are searched once, when the
 * context's powers are distinct; a single legal card is played without ordering. At each trick
 * boundary, sure tricks bound the value before any move: a hand's trumps above every trump
 * the other side holds each win a trick of their own (only the side holding the highest
 * trump has any: nd_sure). The last two tricks (without rule flags) are then a plain
 * alpha-beta over the cards in reply order, without table (nd_two, unrolled for four hands:
 * nd_two4); the last trick is played out directly. A caller solving many positions (the Euchre PIMC player's worlds) may keep
 * the bounds of the last two tricks across its solves (ec_solve_n_reached_ends): keyed by
 * the position up to a renaming of the cards out of play, they recur across deals. The card
 * winning the trick in progress is carried down the search, not recomputed.
 * ec_solve_n_target asks only whether a number of tricks can be forced: one null-window
 * search; ec_solve_n_reached asks it of several numbers by bisection, the searches sharing
 * one table (its bounds hold whatever the window, the value being counted for the same
 * side).
 *
 * Inside a solve a card is named by its place in the reply order (trumps above the other
 * cards, then power, ties by id): the cards above one, a suit's, the replies in order and
 * the highest trump are then masks and bit scans, not table walks (nd_name).
 */
#include "ec_internal.h"

#include <string.h>

#define ALL_FLAGS (EC_MUST_OVERTAKE | EC_MUST_TRUMP | EC_MUST_OVERTRUMP)
#define NO_MOVE 255

typedef struct nd_entry {
    uint64_t hands[EC_MAX_PLAYERS];
    uint8_t leader, lo, hi, move;
} nd_entry;

typedef struct nd_table {
    uint64_t used[EC_SOLVEN_TT_SIZE / 64];
    nd_entry e[EC_SOLVEN_TT_SIZE];
} nd_table;

/* Inside a solve a card is its rank (from 0) among the cards in play ordered by the reply
 * key (trumps above the rest, then power, ties by id): its "place". The masks below are of
 * places. */
typedef struct nd_env {
    const ec_context *ctx;
    nd_table *tt;
    ec_solvern_ends *ends; /* the last two tricks' bounds, or NULL */
    uint64_t hands[EC_MAX_PLAYERS];
    uint64_t inplay; /* active hands and the trick in progress */
    unsigned flags;
    int na;          /* active positions: cards per trick */
    int left;        /* the cards the leader of the trick in progress held before it */
    int distinct;
    uint8_t next[EC_MAX_PLAYERS]; /* next active position */
    uint8_t mine[EC_MAX_PLAYERS]; /* 1 for the root mover's side */
    uint64_t side[2];             /* the cards each side holds (side[1]: the root mover's) */
    uint8_t team[2][EC_MAX_PLAYERS]; /* the active positions of each side */
    int nteam[2];
    ec_solvern_names nm; /* the names of the cards in play (of the deck, with ends) */
} nd_env;

/* The trick in progress: its leader, its cards and the card winning it so far, with the
 * position that played it. */
typedef struct nd_trick {
    uint64_t mask;  /* its cards */
    uint32_t cards; /* the i-th card played to it in bits 8i.. */
    uint8_t leader, n, wcard, wpos;
} nd_trick;

/* The i-th card played to the trick t. */
#define ND_CARD(t, i) ((int)((t)->cards >> (8 * (i)) & 255))

/* The highest bit of m (m != 0). */
EC_INLINE int nd_top(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(m);
#else
    int n = 0;
    while (m >>= 1)
        n++;
    return n;
#endif
}

/* The cards of m, without a branch per card (ec_count's loop mispredicts on masks of a
 * varying few bits; here on the search's hot paths). */
EC_INLINE int nd_count(uint64_t m)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(m);
#else
    m -= (m >> 1) & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}

/* The places of the card ids in m (cards in play), and back. */
EC_INLINE uint64_t nd_places(const nd_env *e, uint64_t m)
{
    uint64_t out = 0;
    for (; m; m &= m - 1)
        out |= BIT(e->nm.place[ec_ctz(m)]);
    return out;
}

EC_INLINE uint64_t nd_ids(const nd_env *e, uint64_t m)
{
    uint64_t out = 0;
    for (; m; m &= m - 1)
        out |= BIT(e->nm.id[ec_ctz(m)]);
    return out;
}

/* ------------------------------------------------------------ checks */

int ec_position_check_n(const ec_context *ctx, const ec_position *pos, unsigned active)
{
    int np = pos->nplayers, nt = pos->ntrick, size, err;
    int nact = ec_count_active(np, &active);
    if (nact < 0)
        return nact;
    if (pos->leader >= np || !(active >> pos->leader & 1))
        return EC_EBADLEADER;
    if (nt >= nact)
        return EC_ETRICKLEN;
    if ((err = ec_check_cards(ctx, pos)) != EC_OK)
        return err;
    /* every active position holds the same number of cards once those played to this trick
     * are counted back, at most EC_PLAYN_MAX_CARDS */
    size = ec_hand_size(pos, active, nact);
    if (size < 0)
        return size;
    return size > EC_PLAYN_MAX_CARDS ? EC_EBADSTATE : EC_OK;
}

/* ------------------------------------------------------------ table */

/* The entry p for the position (hands, leader): emptied when it holds another one. */
EC_INLINE nd_entry *nd_claim(nd_entry *p, const uint64_t *hands, int leader)
{
    if (p->leader != leader || memcmp(p->hands, hands, sizeof p->hands)) {
        memcpy(p->hands, hands, sizeof p->hands);
        p->leader = (uint8_t)leader;
        p->lo = 0;
        p->hi = 255;
        p->move = NO_MOVE;
    }
    return p;
}

static nd_entry *nd_probe(nd_table *tt, const uint64_t *hands, int leader)
{
    uint64_t h = hands[0] * 0x9E3779B97F4A7C15ULL ^ hands[1] * 0xC2B2AE3D27D4EB4FULL ^
                 hands[2] * 0x165667B19E3779F9ULL ^ hands[3] * 0xD6E8FEB86659FD93ULL ^
                 (uint64_t)leader * 0xFF51AFD7ED558CCDULL;
    unsigned i = (unsigned)((h ^ h >> 29) * 0xBF58476D1CE4E5B9ULL >> 54) % EC_SOLVEN_TT_SIZE;
    uint64_t *word = &tt->used[i >> 6], bit = BIT(i & 63);
    nd_entry *p = &tt->e[i];
    if (!(*word & bit)) {
        *word |= bit;
        p->leader = NO_MOVE; /* no position's */
    }
    return nd_claim(p, hands, leader);
}

/* ------------------------------------------------------------ moves */

/* The places of cand that represent the others: a place is dropped when the next lower
 * place of its suit in `live` is also in cand (cand: the mover's legal places; a run of them
 * with no live card between is one choice, its lowest card). The live cards are those in
 * play but, within a trick, the cards played to it other than the one winning it: those
 * cannot tell two cards apart that both lose the trick or both take it (they are below the
 * winner), and leave play with the trick. Per suit, one sum: a carry from the place above
 * each card of cand runs over the places that are not the suit's live cards and lands on
 * the next live card of the suit above it; the cards of cand landed on are dropped. */
EC_INLINE uint64_t nd_reps_of(uint64_t a, uint64_t suit, uint64_t live)
{
    uint64_t skip = ~(live & suit);
    return a & ~((skip + (a << 1)) & ~skip);
}

static uint64_t nd_reps(const nd_env *e, uint64_t cand, uint64_t live)
{
    uint64_t out = 0;
    if (!e->distinct)
        return cand;
    while (cand) { /* each suit of cand (the places of the suit: suit) */
        uint64_t suit = e->nm.suit[e->nm.suit_of[ec_ctz(cand)]];
        out |= nd_reps_of(cand & suit, suit, live);
        cand &= ~suit;
    }
    return out;
}

/* The live cards (nd_reps) at a position within the trick t. */
EC_INLINE uint64_t nd_live(const nd_env *e, const nd_trick *t)
{
    return t->n ? e->inplay & ~(t->mask & ~BIT(t->wcard)) : e->inplay;
}

/* Leads in search order: the table's move first, then the cards of the other suits high
 * first, then the trumps high first (side winners led before trumps cut the search most),
 * ties by card id from the highest: the places descending, the trumps' last. (Replies:
 * nd_reply.) */
static int nd_lead_order(const nd_env *e, uint64_t moves, int first, uint8_t *out)
{
    int n = 0;
    uint64_t side, trumps;
    if (first != NO_MOVE && (moves >> first & 1)) {
        out[n++] = (uint8_t)first;
        moves &= ~BIT(first);
    }
    side = moves & ~e->nm.trumps;
    trumps = moves & e->nm.trumps;
    for (; side; side &= ~BIT(out[n - 1]))
        out[n++] = (uint8_t)nd_top(side);
    for (; trumps; trumps &= ~BIT(out[n - 1]))
        out[n++] = (uint8_t)nd_top(trumps);
    return n;
}

/* ------------------------------------------------------------ search */

static int nd_lead(nd_env *e, int leader, int alpha, int beta);
static int nd_reply(nd_env *e, const nd_trick *t, int mover, int alpha, int beta);

/* One step of a fail-soft loop at a position of side max (1: the root mover's): v the value
 * of a card, best, a and b the position's best and window; leaves the loop on a cut. */
#define ND_STEP(max, v, best, a, b)                                                            \
    if ((max) ? (v) > (best) : (v) < (best))                                                   \
        (best) = (v);                                                                          \
    if ((max) ? (best) > (a) : (best) < (b)) {                                                 \
        if (max)                                                                               \
            (a) = (best);                                                                      \
        else                                                                                   \
            (b) = (best);                                                                      \
    }                                                                                          \
    if ((a) >= (b))                                                                            \
    break

/* The value (the root side's tricks from here, this trick included) of card c played by
 * mover to the trick t. */
EC_INLINE int nd_play(nd_env *e, const nd_trick *t, int mover, int c, int alpha, int beta)
{
    int v, side = e->mine[mover];
    nd_trick u; /* made field by field: a copy of t whole would read its fields as one */
    e->hands[mover] &= ~BIT(c);
    e->side[side] &= ~BIT(c);
    u.mask = t->mask | BIT(c);
    u.cards = t->cards | (uint32_t)c << (8 * t->n);
    u.leader = t->leader;
    u.n = (uint8_t)(t->n + 1);
    if (t->n == 0 || (e->nm.beaten_by[t->wcard] >> c & 1)) {
        u.wcard = (uint8_t)c;
        u.wpos = (uint8_t)mover;
    } else {
        u.wcard = t->wcard;
        u.wpos = t->wpos;
    }
    if (u.n == e->na) {
        int wp = u.wpos, won = e->mine[wp];
        uint64_t tm = u.mask;
        e->inplay &= ~tm;
        e->left--;
        v = won + nd_lead(e, wp, alpha - won, beta - won);
        e->left++;
        e->inplay |= tm;
    } else {
        v = nd_reply(e, &u, e->next[mover], alpha, beta);
    }
    e->hands[mover] |= BIT(c);
    e->side[side] |= BIT(c);
    return v;
}

/* Sure tricks at a trick boundary: those of the side holding the highest trump in play (the
 * other side has none), the most, over its hands, of a hand's trumps above every trump the
 * other side holds (each wins the trick it is played to, and one hand plays them to
 * different tricks); *side gets that side (1: the root mover's). 0 without trumps. */
static int nd_sure(const nd_env *e, int *side)
{
    uint64_t trumps = e->inplay & e->nm.trumps, theirs, top = ~(uint64_t)0;
    int s, sure = 0, x;
    if (!trumps)
        return 0;
    x = nd_top(trumps); /* the highest trump in play (of equals, the lowest id): its side */
    if (!e->distinct)
        for (uint64_t low = trumps & (BIT(x) - 1); low && !(e->nm.above[nd_top(low)] & trumps);
             low &= ~BIT(nd_top(low)))
            x = nd_top(low);
    s = (int)(e->side[1] >> x & 1);
    *side = s;
    theirs = e->side[!s] & trumps;
    if (theirs) /* above their highest trump */
        top = e->nm.above[nd_top(theirs)];
    for (int i = 0; i < e->nteam[s]; i++) {
        int k = nd_count(e->hands[e->team[s][i]] & trumps & top);
        if (k > sure)
            sure = k;
    }
    return sure;
}

/* The last two tricks (every active hand holds two cards; no rule flags), by plain
 * fail-soft alpha-beta over the places ascending: p plays the i-th card of the first
 * trick, whose led suit is `led` (its mask), won so far by wcard played by wpos; `out`
 * holds the cards played to it. */
/* The last trick, after a first trick won by wpos whose cards are out: the root mover's
 * side's tricks of the two. */
EC_INLINE int nd_two_end(const nd_env *e, int wpos, uint64_t out)
{
    int w = ec_ctz(e->hands[wpos] & ~out), lwp = wpos;
    for (int j = 1, q = e->next[wpos]; j < e->na; j++, q = e->next[q]) {
        int c = ec_ctz(e->hands[q] & ~out);
        if (e->nm.beaten_by[w] >> c & 1) {
            w = c;
            lwp = q;
        }
    }
    return e->mine[wpos] + e->mine[lwp];
}

static int nd_two(const nd_env *e, int p, int i, uint64_t led, int wcard, int wpos,
                  uint64_t out, int alpha, int beta)
{
    uint64_t hand = e->hands[p] & ~out, legal = hand & led;
    int max = e->mine[p], best = max ? -1 : 99, last = i + 1 == e->na;
    if (!legal)
        legal = hand;
    for (; legal; legal &= legal - 1) {
        int c = ec_ctz(legal), v;
        if (i == 0)
            v = nd_two(e, e->next[p], 1, e->nm.suit[e->nm.suit_of[c]], c, p, out | BIT(c), alpha,
                       beta);
        else if (e->nm.beaten_by[wcard] >> c & 1)
            v = last ? nd_two_end(e, p, out | BIT(c))
                     : nd_two(e, e->next[p], i + 1, led, c, p, out | BIT(c), alpha, beta);
        else
            v = last ? nd_two_end(e, wpos, out | BIT(c))
                     : nd_two(e, e->next[p], i + 1, led, wcard, wpos, out | BIT(c), alpha, beta);
        ND_STEP(max, v, best, alpha, beta);
    }
    return best;
}

/* nd_two from the start of the last two tricks with four active hands, its recursion
 * unrolled: the same cards in the same order, the same values. The positions from the
 * leader are p[0..3]; r[i] is the card p[i] keeps for the last trick. */
static int nd_two4(const nd_env *e, int leader, int alpha, int beta)
{
    int p[4], m[4], r[4], b0v = e->mine[leader] ? -1 : 99, a0 = alpha, b0 = beta;
    uint64_t h[4], all = 0, ours = 0; /* the cards, the root side's */
    p[0] = leader;
    for (int i = 1; i < 4; i++)
        p[i] = e->next[p[i - 1]];
    for (int i = 0; i < 4; i++) {
        h[i] = e->hands[p[i]];
        m[i] = e->mine[p[i]];
        all |= h[i];
        ours |= m[i] ? h[i] : 0;
    }
    for (uint64_t l0 = h[0]; l0; l0 &= l0 - 1) {
        int c0 = ec_ctz(l0), b1v = m[1] ? -1 : 99, a1 = a0, b1 = b0;
        uint64_t led = e->nm.suit[e->nm.suit_of[c0]], l1 = h[1] & led;
        r[0] = ec_ctz(h[0] & ~BIT(c0));
        if (!l1)
            l1 = h[1];
        for (; l1; l1 &= l1 - 1) {
            int c1 = ec_ctz(l1), i1 = (int)(e->nm.beaten_by[c0] >> c1 & 1), w1 = i1 ? c1 : c0;
            int b2v = m[2] ? -1 : 99, a2 = a1, b2 = b1;
            uint64_t l2 = h[2] & led;
            r[1] = ec_ctz(h[1] & ~BIT(c1));
            if (!l2)
                l2 = h[2];
            for (; l2; l2 &= l2 - 1) {
                int c2 = ec_ctz(l2), b2t = (int)(e->nm.beaten_by[w1] >> c2 & 1);
                int w2 = b2t ? c2 : w1, i2 = b2t ? 2 : i1, b3v = m[3] ? -1 : 99, a3 = a2, b3 = b2;
                uint64_t l3 = h[3] & led;
                r[2] = ec_ctz(h[2] & ~BIT(c2));
                if (!l3)
                    l3 = h[3];
                for (; l3; l3 &= l3 - 1) {
                    int c3 = ec_ctz(l3), i3 = e->nm.beaten_by[w2] >> c3 & 1 ? 3 : i2, w, v;
                    r[3] = ec_ctz(h[3] & ~BIT(c3));
                    /* the last trick, led by the first one's winner (without branches: they
                     * mispredict) */
                    w = r[i3];
                    if (e->distinct) { /* the highest trump, else the highest of the suit led */
                        uint64_t rest = all & ~(BIT(c0) | BIT(c1) | BIT(c2) | BIT(c3));
                        w = nd_top(rest & (e->nm.suit[e->nm.suit_of[w]] | e->nm.trumps));
                        v = m[i3] + (int)(ours >> w & 1);
                    } else {
                        int l = i3;
                        for (int j = 1; j < 4; j++) {
                            int k = (i3 + j) & 3, beats = (int)(e->nm.beaten_by[w] >> r[k] & 1);
                            w = beats ? r[k] : w;
                            l = beats ? k : l;
                        }
                        v = m[i3] + m[l];
                    }
                    ND_STEP(m[3], v, b3v, a3, b3);
                }
                ND_STEP(m[2], b3v, b2v, a2, b2);
            }
            ND_STEP(m[1], b2v, b1v, a1, b1);
        }
        ND_STEP(m[0], b1v, b0v, a0, b0);
    }
    return b0v;
}

/* nd_two from the start of the last two tricks, led by leader. */
static int nd_two_from(const nd_env *e, int leader, int alpha, int beta)
{
    return e->na == 4 ? nd_two4(e, leader, alpha, beta)
                      : nd_two(e, leader, 0, 0, NO_MOVE, leader, 0, alpha, beta);
}

void ec_solvern_ends_clear(ec_solvern_ends *ends)
{
    memset(ends->key, 0, sizeof ends->key);
    memset(ends->named, 0, sizeof ends->named);
}

/* The key of a position of two tricks left led by leader (ec_solvern_ends): each hand's two
 * cards as suit * 8 + their rank from the top among the cards of the suit in play (the
 * lower code first; 0 for an empty hand), the leader, the trumps and, for each hand, whether
 * it is on the leader's side. */
static uint64_t nd_end_key(const nd_env *e, int leader)
{
    uint64_t key = (uint64_t)leader << 40 | (uint64_t)(e->ctx->trump & 7) << 42 | BIT(63);
    for (int p = 0; p < EC_MAX_PLAYERS; p++) {
        uint64_t h = e->hands[p];
        if (!h)
            continue;
        int a = ec_ctz(h), b = ec_ctz(h & (h - 1));
        unsigned ca = (unsigned)(e->nm.suit_of[a] * 8 + nd_count(e->nm.above[a] & e->inplay));
        unsigned cb = (unsigned)(e->nm.suit_of[b] * 8 + nd_count(e->nm.above[b] & e->inplay));
        key |= (uint64_t)(ca < cb ? ca << 5 | cb : cb << 5 | ca) << (10 * p);
        key |= (uint64_t)(e->mine[p] == e->mine[leader]) << (45 + p);
    }
    return key;
}

/* nd_two from the start of the two last tricks, its bounds kept in e->ends (the value for
 * the root side: the leader's side's, or 2 less it). */
static int nd_two_kept(const nd_env *e, int leader, int alpha, int beta)
{
    ec_solvern_ends *ends = e->ends;
    uint64_t key = nd_end_key(e, leader);
    unsigned i = (unsigned)((key * 0x9E3779B97F4A7C15ULL) >> 52) % EC_SOLVEN_ENDS;
    int mine = e->mine[leader], lo = 0, hi = 2, v;
    if (ends->key[i] == key) {
        lo = mine ? ends->lo[i] : 2 - ends->hi[i];
        hi = mine ? ends->hi[i] : 2 - ends->lo[i];
        if (lo >= beta)
            return lo;
        if (hi <= alpha)
            return hi;
        if (lo == hi)
            return lo;
    }
    v = nd_two_from(e, leader, alpha, beta);
    if (v <= alpha) {
        if (v < hi)
            hi = v;
    } else if (v >= beta) {
        if (v > lo)
            lo = v;
    } else {
        lo = hi = v;
    }
    ends->key[i] = key;
    ends->lo[i] = (uint8_t)(mine ? lo : 2 - hi);
    ends->hi[i] = (uint8_t)(mine ? hi : 2 - lo);
    return v;
}

/* The position at a trick boundary, leader to lead: bounds first (the cards left, the
 * sure tricks, the table), then the last two tricks by nd_two, else each lead. */
static int nd_expand(nd_env *e, int leader, int alpha, int beta);

static int nd_lead(nd_env *e, int leader, int alpha, int beta)
{
    int n = e->left; /* the cards of each active hand */
    if (n == 0)
        return 0;
    if (n == 1) { /* the last trick: every active position plays its card */
        int w = ec_ctz(e->hands[leader]), wp = leader;
        for (int i = 1, p = e->next[leader]; i < e->na; i++, p = e->next[p]) {
            int c = ec_ctz(e->hands[p]);
            if (e->nm.beaten_by[w] >> c & 1) {
                w = c;
                wp = p;
            }
        }
        return e->mine[wp];
    }
    if (n <= alpha)
        return n;
    if (beta <= 0)
        return 0;
    if (e->nm.trumps) {
        int side = 0, sure = nd_sure(e, &side);
        if (side ? sure >= beta : n - sure <= alpha)
            return side ? sure : n - sure;
    }
    if (n == 2 && !e->flags) /* two tricks left: a plain search, no table */
        return e->ends ? nd_two_kept(e, leader, alpha, beta)
                       : nd_two_from(e, leader, alpha, beta);
    return nd_expand(e, leader, alpha, beta);
}

/* nd_lead past its first bounds: the table's, then each lead. */
static int nd_expand(nd_env *e, int leader, int alpha, int beta)
{
    uint8_t moves[EC_PLAYN_MAX_CARDS];
    nd_entry *entry;
    int k, best, best_move = NO_MOVE, a = alpha, b = beta, max = e->mine[leader], lo, hi;
    uint64_t legal;
    entry = nd_probe(e->tt, e->hands, leader);
    if (entry->lo >= b)
        return entry->lo;
    if (entry->hi <= a)
        return entry->hi;
    if (entry->lo == entry->hi)
        return entry->lo;
    if (entry->lo > a)
        a = entry->lo;
    if (entry->hi < b)
        b = entry->hi;
    legal = e->hands[leader];
    if (!(legal & (legal - 1))) { /* one card */
        k = 1;
        moves[0] = (uint8_t)ec_ctz(legal);
    } else {
        k = nd_lead_order(e, nd_reps(e, legal, e->inplay), entry->move, moves);
    }
    lo = a;
    hi = b;
    best = max ? -1 : 99;
    for (int i = 0; i < k; i++) {
        nd_trick t;
        int v;
        t.leader = t.wpos = (uint8_t)leader;
        t.n = 0;
        t.mask = 0;
        t.cards = 0;
        t.wcard = NO_MOVE;
        v = nd_play(e, &t, leader, moves[i], lo, hi);
        if (max ? v > best : v < best)
            best_move = moves[i];
        ND_STEP(max, v, best, lo, hi);
    }
    /* the entry's slot may have been taken by a deeper position: claim it again */
    entry = nd_claim(entry, e->hands, leader);
    if (best <= a) {
        if (best < entry->hi)
            entry->hi = (uint8_t)best;
    } else if (best >= b) {
        if (best > entry->lo)
            entry->lo = (uint8_t)best;
    } else {
        entry->lo = entry->hi = (uint8_t)best;
    }
    entry->move = (uint8_t)best_move;
    return best;
}

/* A position within the trick t (some cards played to it), mover to play. Replies in search
 * order: those that take the trick from the other side lowest first then the others lowest
 * first, or, when the mover's side holds the trick, the lowest first ("lowest": by the
 * reply key, trumps above the rest, then power, ties by id: the places ascending). */
static int nd_reply(nd_env *e, const nd_trick *t, int mover, int alpha, int beta)
{
    int nt = t->n, best, max = e->mine[mover], lo = alpha, hi = beta;
    uint64_t legal, now, later, led = 0, live;
    if (e->flags) { /* the rules' legal cards, by id */
        uint8_t ids[EC_MAX_PLAYERS];
        for (int i = 0; i < nt; i++)
            ids[i] = e->nm.id[ND_CARD(t, i)];
        legal = nd_places(e, ec_legal_plays_unchecked(e->ctx, nd_ids(e, e->hands[mover]), ids,
                                                      nt, e->flags));
    } else { /* follow suit (the places of the suit led: led), or any card */
        led = e->nm.suit[e->nm.suit_of[ND_CARD(t, 0)]];
        legal = e->hands[mover] & led;
        if (!legal) {
            legal = e->hands[mover];
            led = 0;
        }
    }
    if (!(legal & (legal - 1))) /* one card */
        return nd_play(e, t, mover, ec_ctz(legal), alpha, beta);
    live = nd_live(e, t);
    legal = led && e->distinct ? nd_reps_of(legal, led, live) : nd_reps(e, legal, live);
    if (e->mine[t->wpos] != max) {
        now = legal & e->nm.beaten_by[t->wcard];
        later = legal & ~now;
    } else {
        now = legal;
        later = 0;
    }
    best = max ? -1 : 99;
    for (;;) {
        int v, c;
        if (!now) {
            if (!later)
                break;
            now = later;
            later = 0;
        }
        c = ec_ctz(now);
        now &= now - 1;
        v = nd_play(e, t, mover, c, lo, hi);
        ND_STEP(max, v, best, lo, hi);
    }
    return best;
}

/* The value of the position: the trick t in progress, mover to play. */
static int nd_search(nd_env *e, const nd_trick *t, int mover, int alpha, int beta)
{
    return t->n == 0 ? nd_lead(e, t->leader, alpha, beta) : nd_reply(e, t, mover, alpha, beta);
}

/* ------------------------------------------------------------ entry points */

/* Sort v[0..n) ascending (insertion: a few dozen values). */
static void nd_sort(int *v, int n)
{
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* The names of the cards of `all` (at most 64 of them) for ctx (nm->place: by card id),
 * ranked by reply key then id, and their masks. */
static void nd_rank(const ec_context *ctx, uint64_t all, ec_solvern_names *nm)
{
    int v[64], n = 0, trump = ctx->trump;
    for (uint64_t m = all; m; m &= m - 1) {
        int c = ec_ctz(m);
        v[n++] = ((ctx->suit_of[c] == trump ? 64 : 0) + ctx->power[c]) << 6 | c;
    }
    nd_sort(v, n);
    memset(nm->suit, 0, sizeof nm->suit);
    for (int i = 0; i < n; i++) {
        int c = v[i] & 63;
        nm->place[c] = (uint8_t)i;
        nm->id[i] = (uint8_t)c;
        nm->suit_of[i] = ctx->suit_of[c];
        nm->suit[ctx->suit_of[c]] |= BIT(i);
    }
    nm->trumps = trump == EC_NO_TRUMP ? 0 : nm->suit[trump];
    for (int i = 0; i < n; i++) {
        int c = nm->id[i];
        uint64_t up = 0;
        if (ctx->distinct) { /* the higher places of the suit */
            up = nm->suit[nm->suit_of[i]] & ~((BIT(i) << 1) - 1);
        } else { /* those of the higher cards */
            for (uint64_t m = ctx->above[c] & all; m; m &= m - 1)
                up |= BIT(nm->place[ec_ctz(m)]);
        }
        nm->above[i] = up;
        nm->beaten_by[i] = up | (nm->suit_of[i] == trump ? 0 : nm->trumps);
    }
}

/* The names of the cards in play `all`: with a table of ends (distinct powers), those of
 * the context's deck, made once for the table (masks over the deck read the same as over
 * the cards in play: the search ands them with its hands or the cards in play). */
static void nd_name(nd_env *e, const ec_context *ctx, uint64_t all)
{
    if (e->ends) {
        ec_solvern_ends *ends = e->ends;
        int k = ctx->trump == EC_NO_TRUMP ? 0 : ctx->trump + 1;
        if (ends->named[k] != ctx) {
            nd_rank(ctx, ctx->deck, &ends->names[k]);
            ends->named[k] = ctx;
        }
        e->nm = ends->names[k];
    } else {
        nd_rank(ctx, all, &e->nm);
    }
}

/* Set e (its table: tt) and the trick t up for pos; returns the position to move or an
 * error. */
static int nd_setup(nd_env *e, nd_table *tt, nd_trick *t, const ec_context *ctx,
                    const ec_position *pos, unsigned active, unsigned flags, const uint8_t *teams,
                    ec_solvern_ends *ends)
{
    int err = ec_position_check_n(ctx, pos, active), np, mover;
    uint64_t all = 0;
    if (err != EC_OK)
        return err;
    if (flags > ALL_FLAGS)
        return EC_EBADRULES;
    np = pos->nplayers;
    if (active == 0)
        active = (1u << np) - 1;
    memset(tt->used, 0, sizeof tt->used);
    e->ctx = ctx;
    e->tt = tt;
    e->flags = flags;
    e->distinct = ctx->distinct;
    e->ends = e->distinct ? ends : NULL; /* the keys need distinct powers */
    e->na = 0;
    for (int i = 0; i < EC_MAX_PLAYERS; i++)
        e->next[i] = e->mine[i] = 0;
    for (int i = 0; i < np; i++)
        if (active >> i & 1)
            all |= pos->hands[i];
    for (int i = 0; i < pos->ntrick; i++)
        all |= BIT(pos->trick[i]);
    nd_name(e, ctx, all);
    e->inplay = nd_places(e, all);
    for (int i = 0; i < EC_MAX_PLAYERS; i++) {
        int j = i;
        e->hands[i] = 0; /* out of play: the table key keeps the hand constant */
        if (i >= np || !(active >> i & 1))
            continue;
        e->na++;
        e->hands[i] = nd_places(e, pos->hands[i]);
        do
            j = (j + 1) % np;
        while (!(active >> j & 1));
        e->next[i] = (uint8_t)j;
    }
    mover = pos->leader;
    t->leader = t->wpos = (uint8_t)mover;
    t->mask = 0;
    t->cards = 0;
    t->n = (uint8_t)pos->ntrick;
    t->wcard = pos->ntrick ? e->nm.place[pos->trick[0]] : NO_MOVE;
    for (int i = 0; i < pos->ntrick; i++) {
        int c = e->nm.place[pos->trick[i]];
        t->cards |= (uint32_t)c << (8 * i);
        if (i > 0 && (e->nm.beaten_by[t->wcard] >> c & 1)) {
            t->wcard = (uint8_t)c;
            t->wpos = (uint8_t)mover;
        }
        mover = e->next[mover];
        t->mask |= BIT(c);
    }
    e->left = ec_count(e->hands[t->leader]) + (t->n > 0);
    e->side[0] = e->side[1] = 0;
    e->nteam[0] = e->nteam[1] = 0;
    for (int i = 0; i < np; i++) {
        int s = (active >> i & 1) && teams[i] == teams[mover];
        e->mine[i] = (uint8_t)s;
        e->side[s] |= e->hands[i];
        if (active >> i & 1)
            e->team[s][e->nteam[s]++] = (uint8_t)i;
    }
    return mover;
}

int ec_solve_n(const ec_context *ctx, const ec_position *pos, unsigned active, unsigned flags,
               const uint8_t *teams, uint8_t *best)
{
    nd_table tt;
    nd_env e;
    nd_trick t;
    int mover = nd_setup(&e, &tt, &t, ctx, pos, active, flags, teams, NULL), n, value, tested[64];
    uint64_t legal, reps, m, live;
    if (mover < 0)
        return mover;
    n = ec_count(e.hands[mover]);
    if (n == 0) {
        *best = NO_MOVE;
        return 0;
    }
    value = nd_search(&e, &t, mover, -1, n + 1);
    /* the move: the lowest card id whose class (its representative) achieves the value */
    legal = ec_legal_plays_unchecked(ctx, pos->hands[mover], pos->trick, t.n, flags);
    live = nd_live(&e, &t);
    reps = nd_reps(&e, nd_places(&e, legal), live);
    for (int i = 0; i < 64; i++)
        tested[i] = -1;
    m = legal;
    while (m) {
        int c = ec_ctz(m), r = e.nm.place[c];
        m &= m - 1;
        while (!(reps & BIT(r))) /* down the run to its representative: the next lower */
            r = nd_top(e.nm.suit[e.nm.suit_of[r]] & live & (BIT(r) - 1));
        if (tested[r] < 0)
            tested[r] = nd_play(&e, &t, mover, r, value - 1, value) >= value;
        if (tested[r]) {
            *best = (uint8_t)c;
            return value;
        }
    }
    *best = NO_MOVE; /* not reached: some legal card achieves the value */
    return value;
}

int ec_solve_n_target(const ec_context *ctx, const ec_position *pos, unsigned active,
                      unsigned flags, const uint8_t *teams, int target)
{
    nd_table tt;
    nd_env e;
    nd_trick t;
    int mover = nd_setup(&e, &tt, &t, ctx, pos, active, flags, teams, NULL);
    if (mover < 0)
        return mover;
    if (target <= 0)
        return 1;
    if (target > ec_count(e.hands[mover]))
        return 0;
    return nd_search(&e, &t, mover, target - 1, target) >= target;
}

int ec_solve_n_reached(const ec_context *ctx, const ec_position *pos, unsigned active,
                       unsigned flags, const uint8_t *teams, const int *targets, int n)
{
    return ec_solve_n_reached_ends(ctx, pos, active, flags, teams, targets, n, NULL);
}

int ec_solve_n_reached_ends(const ec_context *ctx, const ec_position *pos, unsigned active,
                            unsigned flags, const uint8_t *teams, const int *targets, int n,
                            ec_solvern_ends *ends)
{
    nd_table tt;
    nd_env e;
    nd_trick t;
    int mover = nd_setup(&e, &tt, &t, ctx, pos, active, flags, teams, ends), lo = 0, hi = n;
    int size;
    if (mover < 0)
        return mover;
    if (n < 0)
        return EC_EBADRULES;
    for (int i = 1; i < n; i++)
        if (targets[i] < targets[i - 1])
            return EC_EBADRULES;
    size = ec_count(e.hands[mover]);
    /* targets[i] for i < lo are reached, for i >= hi not */
    while (lo < hi) {
        int mid = (lo + hi - 1) / 2, target = targets[mid], r;
        if (target <= 0)
            r = 1;
        else if (target > size)
            r = 0;
        else
            r = nd_search(&e, &t, mover, target - 1, target) >= target;
        if (r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
