/*
 * ec_euchre_tensor.c -- a Euchre seat's observation and information-state tensors and the
 * action mask (euchre_rl.h spells out the layout). C99, no allocation, no global state.
 */
#include "ec_tensor.h"
#include "euchre_rl.h"

#define REL(seat, me) (((seat) - (me)) & 3)

static const int PLAYS[5] = {EC_EU_F_TRICK, EC_EU_F_TRICK_LEADER, EC_EU_F_PLAYED,
                             EC_EU_F_PLAY_SEAT, EC_EU_F_PLAY_CARD};

int ec_eu_tensor_layout(int deck, int which, ec_tensor_layout *L)
{
    int n = deck;
    if ((deck != 24 && deck != 25 && deck != 32) ||
        (which != EC_EU_OBSERVATION && which != EC_EU_INFO_STATE))
        return EC_EBADRULES;
    memset(L, 0, sizeof *L);
    ec_tensor_add(L, "phase", 1, 10, EC_TF_ONE_HOT);
    ec_tensor_add(L, "to_act", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "dealer", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "hand", 1, n, EC_TF_BITS);
    ec_tensor_add(L, "upcard", 1, n, EC_TF_ONE_HOT);
    ec_tensor_add(L, "upcard_taken", 1, 1, EC_TF_BITS);
    ec_tensor_add(L, "trump", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "maker", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "alone", 1, 4, EC_TF_BITS);
    ec_tensor_add(L, "discard", 1, n, EC_TF_ONE_HOT);
    ec_tensor_add(L, "bid_seat", 8, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "bid", 8, 5, EC_TF_ONE_HOT);
    ec_tensor_add(L, "trick", 4, n, EC_TF_ONE_HOT);
    ec_tensor_add(L, "trick_leader", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "played", 4, n, EC_TF_BITS);
    ec_tensor_add(L, "tricks_won", 2, 6, EC_TF_ONE_HOT);
    ec_tensor_add(L, "score", 2, 16, EC_TF_ONE_HOT);
    if (which == EC_EU_INFO_STATE) {
        ec_tensor_add(L, "dealt", 1, n, EC_TF_BITS);
        ec_tensor_add(L, "play_seat", 20, 4, EC_TF_ONE_HOT);
        ec_tensor_add(L, "play_card", 20, n, EC_TF_ONE_HOT);
    }
    return L->size;
}

/* The cards of a core mask, by action id, into row `row` of the BITS field k. */
static void put_cards(const ec_eu_tables *t, const ec_tensor_layout *L, uint8_t *out, int k,
                      int row, uint64_t cards)
{
    for (; cards; cards &= cards - 1)
        ec_tensor_set(L, out, k, row, t->id_of[ec_ctz(cards)]);
}

void ec_eu_tensor(const ec_eu_tables *t, const ec_eu_game *g, int me, const ec_tensor_layout *L,
                  uint8_t *restrict out)
{
    const ec_playn *p = &g->play;
    int na = p->nactive, info = L->nfields > EC_EU_F_DEALT;
    uint64_t hand = na ? p->hands[me] : g->hands[me];
    memset(out, 0, L->size);
    ec_tensor_set(L, out, EC_EU_F_PHASE, 0, g->phase);
    if (g->to_act >= 0)
        ec_tensor_set(L, out, EC_EU_F_TO_ACT, 0, REL(g->to_act, me));
    if (g->dealer >= 0)
        ec_tensor_set(L, out, EC_EU_F_DEALER, 0, REL(g->dealer, me));
    put_cards(t, L, out, EC_EU_F_HAND, 0, hand);
    ec_tensor_value(L, out, EC_EU_F_UPCARD, 0, g->upcard);
    if (g->discard >= 0 || g->phase == EC_EU_DISCARD)
        ec_tensor_set(L, out, EC_EU_F_UPCARD_TAKEN, 0, 0);
    ec_tensor_value(L, out, EC_EU_F_TRUMP, 0, g->trump);
    if (g->maker >= 0)
        ec_tensor_set(L, out, EC_EU_F_MAKER, 0, REL(g->maker, me));
    for (int s = 0; g->alone && s < 4; s++)
        if (g->alone >> s & 1)
            ec_tensor_set(L, out, EC_EU_F_ALONE, 0, REL(s, me));
    if (me == g->dealer)
        ec_tensor_value(L, out, EC_EU_F_DISCARD, 0, g->discard);
    for (int k = 0; k < g->nbids; k++) {
        ec_tensor_set(L, out, EC_EU_F_BID_SEAT, k, REL(g->bids[k] >> 6, me));
        ec_tensor_set(L, out, EC_EU_F_BID, k, (g->bids[k] & 63) - t->ncards);
    }
    if (na) {
        int current = p->nplayed - p->nplayed % na; /* first play of the trick in progress */
        for (int k = 0, trick = 0; k < p->nplayed; trick++) {
            int s = p->leaders[trick];
            for (int j = 0; j < na && k < p->nplayed; j++, k++, s = p->next[s]) {
                ec_tensor_play(L, out, PLAYS, info, k, current, REL(s, me), t->id_of[p->cards[k]]);
            }
        }
    }
    {
        int won[2];
        if (g->phase == EC_EU_PLAY) {
            won[0] = p->won[0] + p->won[2];
            won[1] = p->won[1] + p->won[3];
        } else {
            won[0] = g->won[0];
            won[1] = g->won[1];
        }
        ec_tensor_value(L, out, EC_EU_F_TRICKS_WON, 0, won[me & 1]);
        ec_tensor_value(L, out, EC_EU_F_TRICKS_WON, 1, won[(me & 1) ^ 1]);
    }
    ec_tensor_value(L, out, EC_EU_F_SCORE, 0, g->scores[me & 1]);
    ec_tensor_value(L, out, EC_EU_F_SCORE, 1, g->scores[(me & 1) ^ 1]);
    if (info) {
        uint64_t dealt = g->hands[me];
        if (me == g->dealer && g->discard >= 0) /* before the turned card came in */
            dealt = (dealt | BIT(t->core_of[g->discard])) & ~BIT(t->core_of[g->upcard]);
        put_cards(t, L, out, EC_EU_F_DEALT, 0, dealt);
    }
}

void ec_eu_mask(const ec_eu_tables *t, const ec_eu_game *g, uint8_t *out)
{
    uint64_t legal = ec_eu_legal(t, g);
    ec_mask_bytes(out, &legal, t->ncards + 9);
}
