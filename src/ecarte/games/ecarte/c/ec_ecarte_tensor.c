/*
 * ec_ecarte_tensor.c -- an Écarté seat's observation and information-state tensors and the
 * action mask (ecarte_env.h spells out the layout). C99, no allocation, no global state.
 */
#include "ec_tensor.h"
#include "ecarte_env.h"

/* piquet index (suit * 8 + rank - 5) of card masks (suit * 16 + rank) */
static uint64_t piquet(uint64_t m)
{
    return (m >> 5 & 0xFF) | (m >> 13 & 0xFF00) | (m >> 21 & 0xFF0000) | (m >> 29 & 0xFF000000);
}

EC_INLINE int index_of(int card) { return (card >> 4) * 8 + (card & 15) - 5; }

static const int PLAYS[5] = {EC_MT_F_TRICK, EC_MT_F_TRICK_LEADER, EC_MT_F_PLAYED,
                             EC_MT_F_PLAY_SEAT, EC_MT_F_PLAY_CARD};

int ec_mt_tensor_layout(int which, ec_tensor_layout *L)
{
    if (which != EC_MT_OBSERVATION && which != EC_MT_INFO_STATE)
        return EC_EBADRULES;
    memset(L, 0, sizeof *L);
    ec_tensor_add(L, "phase", 1, 9, EC_TF_ONE_HOT);
    ec_tensor_add(L, "to_act", 1, 2, EC_TF_ONE_HOT);
    ec_tensor_add(L, "dealer", 1, 2, EC_TF_ONE_HOT);
    ec_tensor_add(L, "hand", 1, 32, EC_TF_BITS);
    ec_tensor_add(L, "turnup", 1, 32, EC_TF_ONE_HOT);
    ec_tensor_add(L, "trump", 1, 4, EC_TF_ONE_HOT);
    ec_tensor_add(L, "packets", 1, 2, EC_TF_ONE_HOT);
    ec_tensor_add(L, "stock", 1, 22, EC_TF_ONE_HOT);
    ec_tensor_add(L, "exchanges", 1, 12, EC_TF_ONE_HOT);
    ec_tensor_add(L, "last_discard", 2, 6, EC_TF_ONE_HOT);
    ec_tensor_add(L, "played_alone", 1, 1, EC_TF_BITS);
    ec_tensor_add(L, "refused", 1, 1, EC_TF_BITS);
    ec_tensor_add(L, "refused_after", 1, 12, EC_TF_ONE_HOT);
    ec_tensor_add(L, "kings", 1, 2, EC_TF_BITS);
    ec_tensor_add(L, "trick", 2, 32, EC_TF_ONE_HOT);
    ec_tensor_add(L, "trick_leader", 1, 2, EC_TF_ONE_HOT);
    ec_tensor_add(L, "played", 2, 32, EC_TF_BITS);
    ec_tensor_add(L, "tricks_won", 2, 6, EC_TF_ONE_HOT);
    ec_tensor_add(L, "score", 2, 16, EC_TF_ONE_HOT);
    ec_tensor_add(L, "games_won", 2, 4, EC_TF_ONE_HOT);
    if (which == EC_MT_INFO_STATE) {
        ec_tensor_add(L, "dealt", 1, 32, EC_TF_BITS);
        ec_tensor_add(L, "my_discards", 1, 32, EC_TF_BITS);
        ec_tensor_add(L, "discards", 48, 6, EC_TF_ONE_HOT);
        ec_tensor_add(L, "play_seat", 10, 2, EC_TF_ONE_HOT);
        ec_tensor_add(L, "play_card", 10, 32, EC_TF_ONE_HOT);
    }
    return L->size;
}

void ec_mt_tensor(const ec_mt_env *e, int me, const ec_tensor_layout *L,
                  uint8_t *restrict out)
{
    const ec_match *m = &e->m;
    const ec_play *p = &m->play;
    int info = L->nfields > EC_MT_F_DEALT, dealt = m->dealer != EC_NO_SEAT;
    int mine = dealt && m->dealer == me; /* the observer's position: 1 the dealer */
    memset(out, 0, L->size);
    ec_tensor_set(L, out, EC_MT_F_PHASE, 0, m->phase);
    if (m->to_act >= 0)
        ec_tensor_set(L, out, EC_MT_F_TO_ACT, 0, m->to_act != me);
    for (int r = 0; r < 2; r++) /* by relative seat */
        ec_tensor_value(L, out, EC_MT_F_GAMES_WON, r, (int)m->games_won[r ? 1 - me : me]);
    for (int r = 0; r < 2; r++)
        ec_tensor_value(L, out, EC_MT_F_SCORE, r, (int)m->scores[r ? 1 - me : me]);
    ec_tensor_value(L, out, EC_MT_F_STOCK, 0, m->stock_len);
    ec_tensor_value(L, out, EC_MT_F_EXCHANGES, 0, m->exchanges);
    ec_tensor_value(L, out, EC_MT_F_TRICKS_WON, 0, m->in_play ? p->won[mine] : 0);
    ec_tensor_value(L, out, EC_MT_F_TRICKS_WON, 1, m->in_play ? p->won[!mine] : 0);
    if (!dealt)
        return;
    ec_tensor_set(L, out, EC_MT_F_DEALER, 0, !mine);
    ec_tensor_bits(L, out, EC_MT_F_HAND, 0, piquet(m->in_play ? p->hands[mine] : m->held[mine]));
    if (m->turnup != 255) {
        ec_tensor_set(L, out, EC_MT_F_TURNUP, 0, index_of(m->turnup));
        ec_tensor_set(L, out, EC_MT_F_TRUMP, 0, m->trump);
    }
    if (m->deal_packets)
        ec_tensor_set(L, out, EC_MT_F_PACKETS, 0, m->deal_packets == 23);
    for (int k = 0; k < m->ndiscards; k++) {
        int rel = (k & 1) != mine; /* discard k is position k & 1's */
        if (k + 2 >= m->ndiscards) /* the last of each position */
            ec_tensor_value(L, out, EC_MT_F_LAST_DISCARD, rel, m->discarded[k]);
        if (info)
            ec_tensor_value(L, out, EC_MT_F_DISCARDS, k, m->discarded[k]);
    }
    if (m->played_without_proposing)
        ec_tensor_set(L, out, EC_MT_F_PLAYED_ALONE, 0, 0);
    if (m->refused_after != 255) {
        ec_tensor_set(L, out, EC_MT_F_REFUSED, 0, 0);
        ec_tensor_value(L, out, EC_MT_F_REFUSED_AFTER, 0, m->refused_after);
    }
    for (int pos = 0; pos < 2; pos++)
        if (m->announced >> pos & 1)
            ec_tensor_set(L, out, EC_MT_F_KINGS, 0, pos != mine);
    if (m->in_play) {
        int current = p->nplayed & ~1; /* first play of the trick in progress */
        for (int k = 0; k < p->nplayed; k++) {
            int pos = p->leaders[k / 2] ^ (k & 1), rel = pos != mine, c = index_of(p->cards[k]);
            ec_tensor_play(L, out, PLAYS, info, k, current, rel, c);
        }
    }
    if (info && e->dealt_known && e->hand == m->hand_number) {
        ec_tensor_bits(L, out, EC_MT_F_DEALT, 0, piquet(e->dealt[mine]));
        ec_tensor_bits(L, out, EC_MT_F_MY_DISCARDS, 0, piquet(e->disc[mine]));
    }
}

void ec_mt_mask(const ec_match_config *cfg, const ec_mt_env *e, uint8_t *out)
{
    uint64_t w[2];
    ec_match_legal(cfg, &e->m, w);
    ec_mask_bytes(out, w, EC_NUM_IDS);
}
