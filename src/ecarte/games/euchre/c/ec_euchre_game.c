/*
 * ec_euchre_game.c -- a whole game of Euchre (ecarte_euchre.h spells out the contract).
 * C99, no allocation, no global mutable state. The pure-Python twin is _pure_euchre.py.
 */
#include "ec_internal.h"
#include "ecarte_euchre.h"

#define JACK 9
#define PASS(t) ((t)->ncards)
#define CALL(t) ((t)->ncards + 1)
#define ALONE(t) ((t)->ncards + 5)
#define PARTNER(t) ((t)->ncards + 6)
#define TAKE(t) ((t)->ncards + 7)
#define DECLINE(t) ((t)->ncards + 8)

/* seat offsets from the dealer of the 20 cards dealt in packets 3-2-3-2, 2-3-2-3 */
static const uint8_t PACKET_SEAT[20] = {1, 1, 1, 2, 2, 3, 3, 3, 4, 4,
                                        1, 1, 2, 2, 2, 3, 3, 4, 4, 4};

int ec_eu_tables_init(ec_eu_tables *t, int deck)
{
    int low, n = 0;
    if (deck != 24 && deck != 25 && deck != 32)
        return EC_EBADRULES;
    low = deck == 32 ? 5 : 7; /* the lowest rank: seven or nine */
    memset(t, 0, sizeof *t);
    memset(t->id_of, -1, sizeof t->id_of);
    for (int r = low; r <= 12; r++)
        for (int s = 0; s < 4; s++) {
            int c = s * 16 + r;
            t->core_of[n] = (uint8_t)c;
            t->id_of[c] = (int8_t)n++;
        }
    if (deck == 25) {
        t->core_of[n] = EC_EU_JOKER;
        t->id_of[EC_EU_JOKER] = (int8_t)n++;
    }
    t->ncards = (uint8_t)n;
    for (int i = 0; i < n; i++)
        t->deck_mask |= BIT(t->core_of[i]);
    for (int trump = 0; trump < 4; trump++) {
        int8_t suit_of[64];
        uint8_t power[64];
        int err;
        memset(suit_of, -1, sizeof suit_of);
        memset(power, 0, sizeof power);
        for (int i = 0; i < n; i++) {
            int c = t->core_of[i];
            suit_of[c] = (int8_t)(c >> 4);
            power[c] = (uint8_t)((c & 15) - low + 1);
        }
        suit_of[trump * 16 + JACK] = (int8_t)trump; /* right bower */
        power[trump * 16 + JACK] = (uint8_t)(12 - low + 3);
        suit_of[(3 - trump) * 16 + JACK] = (int8_t)trump; /* left bower: same colour */
        power[(3 - trump) * 16 + JACK] = (uint8_t)(12 - low + 2);
        if (deck == 25) {
            suit_of[EC_EU_JOKER] = (int8_t)trump; /* the benny, above the right bower */
            power[EC_EU_JOKER] = (uint8_t)(12 - low + 4);
        }
        err = ec_context_init(&t->ctx[trump], suit_of, power, trump);
        if (err != EC_OK)
            return err;
    }
    return EC_OK;
}

static void new_deal(ec_eu_game *g, const ec_eu_tables *t)
{
    memset(&g->play, 0, sizeof g->play);
    memset(g->hands, 0, sizeof g->hands);
    g->undealt = ((uint64_t)1 << t->ncards) - 1;
    g->phase = EC_EU_DEAL;
    g->to_act = EC_EU_CHANCE;
    g->ndealt = 0;
    g->upcard = g->trump = g->maker = g->discard = -1;
    g->alone = 0;
    g->nasks = 0;
    g->nbids = 0;
    g->won[0] = g->won[1] = 0;
    if (g->deals < 255)
        g->deals++;
}

int ec_eu_init(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg)
{
    if (cfg->deck != t->ncards || cfg->target > 1000) /* every flags value is valid */
        return EC_EBADRULES;
    memset(g, 0, sizeof *g);
    g->cfg = *cfg;
    g->dealer = -1;
    g->winner = -1;
    new_deal(g, t);
    g->deals = 0;
    g->phase = EC_EU_DEALER;
    return EC_OK;
}

/* a core card mask as a mask of action ids */
static uint64_t ids_of(const ec_eu_tables *t, uint64_t cards)
{
    uint64_t ids = 0;
    while (cards) {
        ids |= BIT(t->id_of[ec_ctz(cards)]);
        cards &= cards - 1;
    }
    return ids;
}

uint64_t ec_eu_legal(const ec_eu_tables *t, const ec_eu_game *g)
{
    int up;
    uint64_t calls;
    switch (g->phase) {
    case EC_EU_PLAY:
        return ids_of(t, ec_playn_legal(&t->ctx[g->trump], &g->play));
    case EC_EU_DEAL:
        return g->undealt;
    case EC_EU_DEALER:
        return 15;
    case EC_EU_BID:
        return BIT(PASS(t)) | BIT(CALL(t) + g->upcard % 4);
    case EC_EU_BID2:
        up = g->upcard % 4;
        calls = (uint64_t)15 << CALL(t) & ~BIT(CALL(t) + up);
        if ((g->cfg.flags & EC_EU_STICK) && g->to_act == g->dealer)
            return calls;
        return calls | BIT(PASS(t));
    case EC_EU_NAME:
        return (uint64_t)15 << CALL(t);
    case EC_EU_TAKE:
        return BIT(TAKE(t)) | BIT(DECLINE(t));
    case EC_EU_DISCARD: {
        uint64_t hand = g->hands[g->dealer];
        if (g->cfg.flags & EC_EU_DISCARD_UP)
            hand |= BIT(t->core_of[g->upcard]);
        return ids_of(t, hand);
    }
    case EC_EU_ALONE:
        return BIT(ALONE(t)) | BIT(PARTNER(t));
    default:
        return 0;
    }
}

int ec_eu_deal_points(const ec_eu_config *cfg, int made, int maker_alone, int defender_alone,
                      int *makers_score)
{
    *makers_score = made >= 3;
    if (made >= 3)
        return made < 5 ? 1 : maker_alone ? 4 : 2;
    if (!defender_alone)
        return 2;
    return (cfg->flags & EC_EU_LONE_FOUR) || made == 0 ? 4 : 2;
}

static void over(ec_eu_game *g)
{
    g->phase = EC_EU_OVER;
    g->to_act = EC_EU_TERMINAL;
}

static void start_alone(ec_eu_game *g)
{
    g->phase = EC_EU_ALONE;
    g->to_act = g->maker;
    g->nasks = 0;
    if (!(g->cfg.flags & EC_EU_LONE_DEFENDER))
        return;
    if (g->cfg.flags & EC_EU_ANYONE_ALONE) { /* from the maker's left */
        g->asks[g->nasks++] = (uint8_t)((g->maker + 1) & 3);
        g->asks[g->nasks++] = (uint8_t)((g->maker + 3) & 3);
        return;
    }
    for (int k = 1; k <= 4; k++) { /* from the dealer's left */
        int s = (g->dealer + k) & 3;
        if ((s & 1) != (g->maker & 1))
            g->asks[g->nasks++] = (uint8_t)s;
    }
}

static void start_play(const ec_eu_tables *t, ec_eu_game *g)
{
    unsigned active = 0;
    int side = g->maker & 1, leader = -1, lone_mk = -1;
    for (int s = side; s < 4 && lone_mk < 0; s += 2) /* the maker or its partner */
        if (g->alone >> s & 1)
            lone_mk = s;
    for (int s = 0; s < 4; s++)
        if (!(g->alone >> ((s + 2) & 3) & 1))
            active |= 1u << s;
    for (int k = 1; k <= 4 && leader < 0; k++)
        if (active >> ((g->dealer + k) & 3) & 1)
            leader = (g->dealer + k) & 3;
    if (g->cfg.flags & EC_EU_LEAD_LONE) {
        int lone_def = -1;
        for (int s = 0; s < 4 && lone_def < 0; s++)
            if ((g->alone >> s & 1) && (s & 1) != side)
                lone_def = s;
        if (lone_def >= 0)
            leader = lone_mk >= 0 ? lone_def : (lone_def + 1) & 3;
        else if (lone_mk >= 0)
            leader = (lone_mk + 1) & 3;
    }
    /* the hands are valid deck cards, disjoint, five each: init cannot fail */
    ec_playn_init(&t->ctx[g->trump], &g->play, 4, g->hands, active, leader, 0);
    g->phase = EC_EU_PLAY;
    g->to_act = (int8_t)leader;
}

static void end_play(const ec_eu_tables *t, ec_eu_game *g)
{
    const uint8_t *w = g->play.won;
    int side = g->maker & 1, made, makers, pts, scorer, lone_mk, lone_def;
    g->won[0] = (uint8_t)(w[0] + w[2]);
    g->won[1] = (uint8_t)(w[1] + w[3]);
    made = g->won[side];
    lone_mk = (g->alone & (side ? 10 : 5)) != 0; /* the maker or its partner */
    lone_def = (g->alone & (side ? 5 : 10)) != 0;
    pts = ec_eu_deal_points(&g->cfg, made, lone_mk, lone_def, &makers);
    scorer = makers ? side : 1 - side;
    g->scores[scorer] = (uint16_t)(g->scores[scorer] + pts);
    if (!g->cfg.target) {
        for (int s = 0; s < 4; s++)
            g->returns[s] = (int8_t)((s & 1) == scorer ? pts : -pts);
        over(g);
    } else if (g->scores[scorer] >= g->cfg.target) {
        for (int s = 0; s < 4; s++)
            g->returns[s] = (int8_t)((s & 1) == scorer ? 1 : -1);
        g->winner = (int8_t)scorer;
        over(g);
    } else {
        g->dealer = (int8_t)((g->dealer + 1) & 3);
        new_deal(g, t);
    }
}

static void redeal(const ec_eu_tables *t, ec_eu_game *g)
{
    if (!g->cfg.target) {
        over(g);
        return;
    }
    g->dealer = (int8_t)((g->dealer + 1) & 3);
    new_deal(g, t);
}

/* one legal id */
static void step(const ec_eu_tables *t, ec_eu_game *g, int id)
{
    int p = g->to_act;
    g->steps++;
    switch (g->phase) {
    case EC_EU_PLAY:
        if (ec_playn_apply_unchecked(&t->ctx[g->trump], &g->play, t->core_of[id]) ==
            EC_PLAY_OVER)
            end_play(t, g);
        else
            g->to_act = (int8_t)g->play.to_move;
        return;
    case EC_EU_DEAL: {
        int c = t->core_of[id];
        g->undealt &= ~BIT(id);
        if (g->ndealt < 20) {
            int off = (g->cfg.flags & EC_EU_ONE_BY_ONE) ? g->ndealt : PACKET_SEAT[g->ndealt];
            g->hands[(g->dealer + off) & 3] |= BIT(c);
            g->ndealt++;
            return;
        }
        g->ndealt++;
        g->upcard = (int8_t)id;
        if (c == EC_EU_JOKER) {
            g->phase = EC_EU_NAME;
            g->to_act = g->dealer;
        } else {
            g->phase = EC_EU_BID;
            g->to_act = (int8_t)((g->dealer + 1) & 3);
        }
        return;
    }
    case EC_EU_DEALER:
        g->dealer = (int8_t)id;
        g->phase = EC_EU_DEAL;
        g->deals = 1;
        return;
    case EC_EU_BID:
    case EC_EU_BID2:
    case EC_EU_NAME:
        if (g->nbids < 8)
            g->bids[g->nbids++] = (uint8_t)(p << 6 | id);
        if (id != PASS(t)) {
            g->maker = (int8_t)p;
            g->trump = (int8_t)(id - CALL(t));
            if (g->phase == EC_EU_BID2)
                start_alone(g);
            else {
                g->phase = (g->phase == EC_EU_BID && (g->cfg.flags & EC_EU_DECLINE) &&
                            p != g->dealer)
                               ? EC_EU_TAKE
                               : EC_EU_DISCARD;
                g->to_act = g->dealer;
            }
        } else if (p == g->dealer) {
            if (g->phase == EC_EU_BID) {
                g->phase = EC_EU_BID2;
                g->to_act = (int8_t)((p + 1) & 3);
            } else
                redeal(t, g);
        } else
            g->to_act = (int8_t)((p + 1) & 3);
        return;
    case EC_EU_TAKE:
        if (id == TAKE(t))
            g->phase = EC_EU_DISCARD;
        else
            start_alone(g);
        return;
    case EC_EU_DISCARD: {
        int d = g->dealer;
        g->discard = (int8_t)id;
        g->hands[d] = (g->hands[d] | BIT(t->core_of[g->upcard])) & ~BIT(t->core_of[id]);
        start_alone(g);
        return;
    }
    case EC_EU_ALONE:
        if (id == ALONE(t))
            g->alone |= (uint8_t)(1u << p);
        if (id != ALONE(t) && p == g->maker && (g->cfg.flags & EC_EU_ANYONE_ALONE))
            g->to_act = (int8_t)((p + 2) & 3); /* the maker stays: its partner next */
        else if (g->nasks && !(id == ALONE(t) && (p & 1) != (g->maker & 1))) {
            g->to_act = (int8_t)g->asks[0];
            g->asks[0] = g->asks[1];
            g->nasks--;
        } else {
            g->nasks = 0;
            start_play(t, g);
        }
        return;
    default:
        return;
    }
}

int ec_eu_apply(const ec_eu_tables *t, ec_eu_game *g, int id)
{
    if (id < 0 || id >= t->ncards + 9 || !(ec_eu_legal(t, g) >> id & 1))
        return EC_EILLEGAL;
    step(t, g, id);
    return EC_OK;
}

int ec_eu_draw(const ec_eu_tables *t, const ec_eu_game *g)
{
    ec_rng rng;
    uint64_t legal;
    if (g->to_act != EC_EU_CHANCE)
        return -1;
    legal = ec_eu_legal(t, g);
    ec_rng_seed(&rng, g->cfg.seed ^ ((uint64_t)g->steps * 0xD1B54A32D192ED03ULL +
                                      0x8CB92BA72F3D8DD7ULL));
    return ec_nth_bit(legal, ec_rng_below(&rng, (uint32_t)ec_count(legal)));
}

int ec_eu_chance(const ec_eu_tables *t, ec_eu_game *g)
{
    int id = ec_eu_draw(t, g);
    if (id < 0)
        return EC_EILLEGAL;
    step(t, g, id);
    return id;
}

#define FNV_PRIME 0x100000001B3ULL

void ec_eu_totals_init(ec_eu_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->digest = EC_DIGEST_START;
}

int ec_eu_random_games(const ec_eu_tables *t, const ec_eu_config *cfg, ec_rng *rng_io, size_t n,
                       ec_eu_totals *totals)
{
    ec_rng rng = *rng_io;
    ec_eu_totals sum = *totals;
    ec_eu_config c = *cfg;
    for (size_t i = 0; i < n; i++) {
        ec_eu_game g;
        uint32_t steps = 0;
        c.seed = rng_next(&rng);
        if (ec_eu_init(t, &g, &c) != EC_OK)
            return EC_EBADRULES;
        while (g.phase != EC_EU_OVER) {
            if (g.to_act == EC_EU_CHANCE)
                ec_eu_chance(t, &g);
            else {
                uint64_t legal = ec_eu_legal(t, &g);
                step(t, &g, ec_nth_bit(legal, rng_below(&rng, (uint32_t)ec_count(legal))));
            }
            steps++;
        }
        sum.games++;
        sum.deals += g.deals;
        sum.steps += steps;
        sum.points[0] += g.returns[0];
        sum.points[1] += g.returns[1];
        sum.wins[0] += g.returns[0] > 0;
        sum.wins[1] += g.returns[1] > 0;
        sum.digest = (sum.digest ^ steps) * FNV_PRIME;
        for (int s = 0; s < 4; s++)
            sum.digest = (sum.digest ^ (uint8_t)g.returns[s]) * FNV_PRIME;
    }
    *rng_io = rng;
    *totals = sum;
    return EC_OK;
}
