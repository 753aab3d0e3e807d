/*
 * ec_machine.c -- the whole Écarté match as a state machine (see ecarte_machine.h).
 * C99, no allocation, no global mutable state. The pure-Python twin in
 * _pure_machine.py follows this file step for step, and the classic plugin
 * (ecarte/_classic.py) states each rule answered here as a hook.
 *
 * Shape: a public call (apply, chance, answer) changes the state for its input,
 * then run() performs the internal steps that follow (a step per hook point,
 * ST_*), and chance when it is drawn automatically, until the machine waits for
 * a decision, for a hook answer or for log room. A step asks its hook before it
 * changes anything, so a step stopped at its hook is simply run again once the
 * answer is in the log.
 */
#include "ecarte_machine.h"

#include "ec_internal.h"

#include <string.h>

#define KING 11
#define NONE EC_NO_SEAT

enum {
    ST_NONE,
    ST_NEXT_GAME,     /* ask NEXT_GAME, start the game */
    ST_CUT,           /* ask CUT about the cut just made */
    ST_PACKETS,       /* ask DEAL_PACKETS at the start of a hand */
    ST_DEAL,          /* ask DEAL about the deck just shuffled */
    ST_TURNED_KING,   /* ask KING_POINTS for a turned-up king */
    ST_PROPOSE_ENTRY, /* ask EXCHANGE: may the elder propose / play the hand */
    ST_RESPOND_ENTRY, /* ask EXCHANGE: may the dealer accept / refuse */
    ST_DISCARD_ENTRY, /* ask DISCARD_LIMITS for the seat to discard */
    ST_HELD_KING_0,   /* automatic kings when play starts: the elder's */
    ST_HELD_KING_1,   /* ... the dealer's */
    ST_ANNOUNCED,     /* ask KING_POINTS for an announced king */
    ST_SCORE_HAND,    /* ask SCORE_HAND after the fifth trick */
    ST_NEXT_HAND,     /* ask NEXT_HAND */
    ST_MATCH_STATUS   /* ask MATCH_STATUS after a game */
};

static const int8_t ANSWER_SIZE[EC_NUM_HOOKS] = {3, 1, 1, 30, 1, 2, 2, 5, 3, 2};
static const char *const HOOK_NAME[EC_NUM_HOOKS] = {
    "next_game",     "cut",        "deal_packets", "deal",       "exchange_allowed",
    "discard_limits", "king_points", "score_hand",  "next_hand", "match_status",
};

int ec_hook_answer_size(int hook)
{
    return hook >= 0 && hook < EC_NUM_HOOKS ? ANSWER_SIZE[hook] : -1;
}

const char *ec_hook_name(int hook)
{
    return hook >= 0 && hook < EC_NUM_HOOKS ? HOOK_NAME[hook] : 0;
}

/* ------------------------------------------------------------ cards */

/* piquet index (0..31: suit * 8 + rank - 5) <-> card id (suit * 16 + rank) */
EC_INLINE int card_of(int i) { return (i >> 3) * 16 + 5 + (i & 7); }
EC_INLINE int index_of(int card) { return (card >> 4) * 8 + (card & 15) - 5; }
#define PIQUET_DECK 0x1FE01FE01FE01FE0ULL

EC_INLINE uint32_t piquet_mask(uint64_t m)
{
    return (uint32_t)((m >> 5 & 0xFF) | (m >> 13 & 0xFF00) | (m >> 21 & 0xFF0000) |
                      (m >> 29 & 0xFF000000));
}

EC_INLINE uint64_t card_mask(uint32_t p)
{
    return ((uint64_t)(p & 0xFF) << 5) | ((uint64_t)(p & 0xFF00) << 13) |
           ((uint64_t)(p & 0xFF0000) << 21) | ((uint64_t)(p & 0xFF000000) << 29);
}

/* The cards at the positions set in m of hand, sorted by card id. */
static uint64_t cards_at(uint64_t hand, unsigned m)
{
    uint64_t out = 0;
    for (int i = 0; hand; i++) {
        uint64_t low = hand & (~hand + 1);
        if (m >> i & 1)
            out |= low;
        hand ^= low;
    }
    return out;
}

/* ------------------------------------------------------------ log */

#define ROOM(m, L) ((m)->nlog >= (m)->input_end && (L)->cap - (m)->nlog < EC_LOG_ROOM)

EC_INLINE void put(ec_match *m, ec_log *L, unsigned byte) { L->buf[m->nlog++] = (uint8_t)byte; }

static void put16(ec_match *m, ec_log *L, unsigned v)
{
    put(m, L, v & 0xFF);
    put(m, L, v >> 8 & 0xFF);
}

static void put32(ec_match *m, ec_log *L, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        put(m, L, v >> (8 * i) & 0xFF);
}

EC_INLINE uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Ask hook h: 0 when no caller overrides it (answer it here), ANSWERED with *ans pointing at
 * the caller's answer (consumed from the log), EC_STOP_HOOK, or EC_ELOG. (ANSWERED is not 1:
 * EC_STOP_HOOK is 1, and the steps must tell a stop from an answer.) */
#define ANSWERED 2
static int ask(const ec_match_config *cfg, ec_match *m, ec_log *L, int h, const uint8_t **ans)
{
    if (!(cfg->hook_mask >> h & 1))
        return 0;
    if (m->nlog < m->input_end) {
        const uint8_t *p = L->buf + m->nlog;
        if (m->input_end - m->nlog < (uint32_t)(2 + ANSWER_SIZE[h]) || p[0] != EC_LOG_ANSWER ||
            p[1] != h)
            return EC_ELOG;
        *ans = p + 2;
        m->nlog += 2 + (uint32_t)ANSWER_SIZE[h];
        m->hook = 255;
        return ANSWERED;
    }
    m->hook = (uint8_t)h;
    return EC_STOP_HOOK;
}

/* ------------------------------------------------------------ flow */

EC_INLINE int other(const ec_match *m, int seat)
{
    return m->game_players[0] == seat ? m->game_players[1] : m->game_players[0];
}

EC_INLINE int seat_at(const ec_match *m, int pos) { return pos ? m->dealer : m->elder; }

static void reset_hand(ec_match *m)
{
    m->held[0] = m->held[1] = 0;
    m->discards = 0;
    m->turnup = 255;
    m->trump = -1;
    m->stock_top = m->stock_len = 0;
    m->exchanges = m->ndiscards = 0;
    m->played_without_proposing = 0;
    m->refused_after = 255;
    m->allowed = 0;
    m->disc_least = m->disc_most = 0;
    m->king_seats = m->announced = 0;
    m->in_play = m->complete = 0;
    m->hand_points[0] = m->hand_points[1] = 0;
    m->hand_kings[0] = m->hand_kings[1] = 0;
    m->deal_packets = 0;
    memset(&m->play, 0, sizeof m->play);
}

static void start_hand(ec_match *m, int dealer)
{
    m->hand_number++;
    reset_hand(m);
    m->dealer = (uint8_t)dealer;
    m->elder = (uint8_t)other(m, dealer);
    m->step = ST_PACKETS;
}

static void end_hand(ec_match *m, ec_log *L)
{
    put(m, L, EC_LOG_HAND_END);
    put16(m, L, m->hand_number);
    put(m, L, m->dealer);
    put(m, L, m->elder);
    put(m, L, m->turnup);
    put(m, L, m->in_play ? m->play.won[0] : 0);
    put(m, L, m->in_play ? m->play.won[1] : 0);
    for (int pos = 0; pos < 2; pos++)
        put16(m, L, m->hand_points[pos]);
    for (int pos = 0; pos < 2; pos++)
        put16(m, L, m->hand_kings[pos]);
    put(m, L, m->complete);
    put32(m, L, m->scores[m->elder]);
    put32(m, L, m->scores[m->dealer]);
}

static void end_game(const ec_match_config *cfg, ec_match *m, ec_log *L, int winner)
{
    const ec_match_rules *r = &cfg->rules;
    int loser = other(m, winner), value = 1;
    end_hand(m, L);
    if (r->game_values)
        value = m->scores[loser] == 0 ? 3 : m->scores[loser] <= 2 ? 2 : 1;
    put(m, L, EC_LOG_GAME_END);
    put16(m, L, m->game_number);
    put(m, L, m->game_players[0]);
    put(m, L, m->game_players[1]);
    put(m, L, (unsigned)winner);
    put(m, L, (unsigned)loser);
    put(m, L, (unsigned)value);
    for (int s = 0; s < r->nplayers; s++)
        put32(m, L, m->scores[s]);
    m->games_won[winner]++;
    m->games_played++;
    m->hook_args[0] = (uint8_t)winner; /* MATCH_STATUS: the game's winner */
    m->step = ST_MATCH_STATUS;
}

/* Claim points; returns 1 when they end the game. */
static int score(const ec_match_config *cfg, ec_match *m, ec_log *L, int pos, unsigned points,
                 int kind)
{
    int seat = seat_at(m, pos);
    m->scores[seat] += points;
    m->hand_points[pos] += points;
    if (kind != EC_SCORE_TRICKS)
        m->hand_kings[pos] += points;
    put(m, L, EC_LOG_SCORE);
    put(m, L, (unsigned)seat);
    put(m, L, (unsigned)kind);
    put16(m, L, points);
    put32(m, L, m->scores[seat]);
    if (m->scores[seat] >= cfg->rules.target) {
        end_game(cfg, m, L, seat);
        return 1;
    }
    return 0;
}

static void start_play(const ec_match_config *cfg, ec_match *m)
{
    int king = m->trump * 16 + KING;
    m->phase = EC_PH_PLAY;
    m->to_act = (int8_t)m->elder;
    m->in_play = 1;
    ec_play_init(&cfg->ctx[m->trump], &m->play, m->held[0], m->held[1], 0,
                 cfg->rules.hand.play_flags);
    if (cfg->rules.king_announcement == EC_KING_AUTOMATIC) {
        m->step = ST_HELD_KING_0;
        return;
    }
    m->king_seats = (uint8_t)((m->held[0] >> king & 1) | (m->held[1] >> king & 1) << 1);
    if (cfg->rules.king_announcement == EC_KING_FIRST_LEAD)
        m->to_act = (int8_t)m->dealer; /* the dealer's window, before the elder leads */
}

static void enter_discard(ec_match *m, int pos)
{
    m->phase = pos ? EC_PH_DEALER_DISCARD : EC_PH_ELDER_DISCARD;
    m->to_act = (int8_t)seat_at(m, pos);
    m->hook_args[0] = (uint8_t)m->to_act;
    m->step = ST_DISCARD_ENTRY;
}

static void enter_propose(ec_match *m)
{
    m->phase = EC_PH_PROPOSE;
    m->to_act = (int8_t)m->elder;
    m->hook_args[0] = m->elder;
    m->hook_args[1] = 0;
    m->step = ST_PROPOSE_ENTRY;
}

/* The answer of NEXT_GAME or NEXT_HAND (the two players of a game and the dealer): 1 when
 * the players are two different seats of the table and the dealer one of them (or, with
 * `cut`, NONE: a cut decides), with *p0, *p1 and *dealer set; else 0. */
static int players_answer(const ec_match_rules *r, const uint8_t *ans, int cut, int *p0, int *p1,
                          int *dealer)
{
    *p0 = ans[0];
    *p1 = ans[1];
    *dealer = ans[2];
    if (*p0 == *p1 || *p0 >= r->nplayers || *p1 >= r->nplayers)
        return 0;
    return *dealer == *p0 || *dealer == *p1 || (cut && *dealer == NONE);
}

/* The hook answers of the classic rules, and each step. */
static int step(const ec_match_config *cfg, ec_match *m, ec_log *L)
{
    const ec_match_rules *r = &cfg->rules;
    const uint8_t *ans = NULL;
    int asked;

    if (ROOM(m, L))
        return EC_STOP_ROOM;
    switch (m->step) {
    case ST_NEXT_GAME: {
        int p0 = 0, p1 = 1, dealer = NONE;
        m->hook_args[0] = m->games_played > 0;
        if ((asked = ask(cfg, m, L, EC_H_NEXT_GAME, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            if (!players_answer(r, ans, 1, &p0, &p1, &dealer))
                return EC_EBADANSWER;
        } else if (m->games_played > 0) {
            p0 = m->game_players[0];
            p1 = m->game_players[1];
            dealer = m->hook_args[1]; /* the last game's loser (end_game's MATCH_STATUS step) */
        }
        m->game_number++;
        m->game_players[0] = (uint8_t)p0;
        m->game_players[1] = (uint8_t)p1;
        memset(m->scores, 0, sizeof m->scores);
        m->chosen_packets = 0;
        put(m, L, EC_LOG_GAME);
        put16(m, L, m->game_number);
        put(m, L, (unsigned)p0);
        put(m, L, (unsigned)p1);
        put(m, L, (unsigned)dealer);
        m->step = ST_NONE;
        if (dealer == NONE) {
            reset_hand(m);
            m->dealer = m->elder = NONE;
            m->cuts = 0;
            m->phase = EC_PH_CUT;
            m->to_act = EC_CHANCE;
        } else {
            start_hand(m, dealer);
        }
        return 0;
    }
    case ST_CUT: {
        int dealer;
        if ((asked = ask(cfg, m, L, EC_H_CUT, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            dealer = ans[0];
            if (dealer != NONE && dealer != m->game_players[0] && dealer != m->game_players[1])
                return EC_EBADANSWER;
        } else {
            int a = -1, b = -1;
            for (int i = 0; i < 8; i++) {
                if (r->hand.order[i] == (m->hook_args[0] & 15))
                    a = i;
                if (r->hand.order[i] == (m->hook_args[1] & 15))
                    b = i;
            }
            if (a == b) {
                dealer = NONE;
            } else {
                int higher = a < b ? m->game_players[0] : m->game_players[1];
                dealer = r->lower_cut_deals ? other(m, higher) : higher;
            }
        }
        m->step = ST_NONE;
        if (dealer == NONE) {
            put(m, L, EC_LOG_CUT_AGAIN);
            if (++m->cuts >= 100)
                return EC_ECUTLOOP;
            return 0;
        }
        m->cuts = 0;
        start_hand(m, dealer);
        return 0;
    }
    case ST_PACKETS: {
        int packets;
        m->hook_args[0] = m->dealer;
        if ((asked = ask(cfg, m, L, EC_H_DEAL_PACKETS, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            packets = ans[0];
            if (packets != 32 && packets != 23 && packets != 0)
                return EC_EBADANSWER;
        } else if (r->alternate_packets) {
            packets = m->hand_number % 2 == 1 ? 32 : 23;
        } else {
            packets = m->chosen_packets;
        }
        m->step = ST_NONE;
        if (packets == 0) {
            m->phase = EC_PH_PACKETS;
            m->to_act = (int8_t)m->dealer;
        } else {
            m->deal_packets = (uint8_t)packets;
            m->phase = EC_PH_DEAL;
            m->to_act = EC_CHANCE;
        }
        return 0;
    }
    case ST_DEAL: {
        uint64_t hands[2] = {0, 0};
        uint8_t turnup, stock[21];
        const uint8_t *deck = L->buf + m->deal_at;
        m->hook_args[0] = m->dealer;
        if ((asked = ask(cfg, m, L, EC_H_DEAL, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            uint64_t seen;
            hands[0] = card_mask(get32(ans));
            hands[1] = card_mask(get32(ans + 4));
            turnup = ans[8];
            memcpy(stock, ans + 9, 21);
            seen = hands[0] | hands[1];
            if (ec_count(hands[0]) != 5 || ec_count(hands[1]) != 5 || (hands[0] & hands[1]) ||
                turnup > 63 || !(PIQUET_DECK >> turnup & 1) || (seen >> turnup & 1))
                return EC_EBADANSWER;
            seen |= BIT(turnup);
            for (int i = 0; i < 21; i++) {
                if (stock[i] > 63 || !(PIQUET_DECK >> stock[i] & 1) || (seen >> stock[i] & 1))
                    return EC_EBADANSWER;
                seen |= BIT(stock[i]);
            }
        } else {
            /* each packet goes to the elder, then to the dealer */
            int first = m->deal_packets / 10, second = 5 - first, end = 10;
            for (int i = 0; i < first; i++) {
                hands[0] |= BIT(deck[i]);
                hands[1] |= BIT(deck[first + i]);
            }
            for (int i = 0; i < second; i++) {
                hands[0] |= BIT(deck[2 * first + i]);
                hands[1] |= BIT(deck[end - second + i]);
            }
            turnup = deck[end];
            memcpy(stock, deck + end + 1, 21);
        }
        m->held[0] = hands[0];
        m->held[1] = hands[1];
        m->turnup = turnup;
        m->trump = (int8_t)(turnup >> 4);
        memcpy(m->stock, stock, 21);
        m->stock_top = 0;
        m->stock_len = 21;
        put(m, L, EC_LOG_HAND);
        put16(m, L, m->hand_number);
        put(m, L, m->dealer);
        put(m, L, m->deal_packets / 10u);
        put(m, L, turnup);
        enter_propose(m);
        if ((turnup & 15) == KING)
            m->step = ST_TURNED_KING;
        return 0;
    }
    case ST_TURNED_KING:
    case ST_HELD_KING_0:
    case ST_HELD_KING_1:
    case ST_ANNOUNCED: {
        int pos, kind, points = 1;
        if (m->step == ST_TURNED_KING) {
            pos = 1;
            kind = EC_SCORE_TURNED_KING;
        } else if (m->step == ST_ANNOUNCED) {
            pos = m->hook_args[2];
            kind = EC_SCORE_ANNOUNCED;
        } else {
            int king = m->trump * 16 + KING;
            pos = m->step == ST_HELD_KING_1;
            kind = EC_SCORE_HELD_KING;
            if (!(m->held[pos] >> king & 1)) {
                m->step = pos ? ST_NONE : ST_HELD_KING_1;
                return 0;
            }
        }
        m->hook_args[0] = (uint8_t)seat_at(m, pos);
        m->hook_args[1] = kind == EC_SCORE_TURNED_KING;
        m->hook_args[2] = (uint8_t)pos;
        if ((asked = ask(cfg, m, L, EC_H_KING_POINTS, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked)
            points = ans[0] | ans[1] << 8;
        if (kind == EC_SCORE_HELD_KING)
            m->announced |= (uint8_t)(1 << pos);
        m->step = m->step == ST_TURNED_KING   ? ST_PROPOSE_ENTRY
                  : m->step == ST_HELD_KING_0 ? ST_HELD_KING_1
                                              : ST_NONE;
        if (points)
            score(cfg, m, L, pos, (unsigned)points, kind);
        return 0;
    }
    case ST_PROPOSE_ENTRY:
    case ST_RESPOND_ENTRY: {
        int allowed;
        m->hook_args[0] = (uint8_t)m->to_act;
        m->hook_args[1] = m->step == ST_RESPOND_ENTRY;
        if ((asked = ask(cfg, m, L, EC_H_EXCHANGE, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            allowed = ans[0];
            /* a proposal needs room for two more discards in m->discarded (24 exchanges) */
            if (allowed == 0 || allowed > 3 ||
                (m->step == ST_PROPOSE_ENTRY && (allowed & 1) && m->ndiscards > 46))
                return EC_EBADANSWER;
        } else if (m->step == ST_PROPOSE_ENTRY) {
            int least = r->hand.elder_min_discard > 1 ? r->hand.elder_min_discard : 1;
            int n = m->ndiscards;
            /* an exchange in which neither side discarded ends the proposals */
            int idle = n >= 2 && m->discarded[n - 1] == 0 && m->discarded[n - 2] == 0;
            allowed = 2 | (!idle && m->stock_len >= least);
        } else {
            allowed = 3;
        }
        m->allowed = (uint8_t)allowed;
        m->step = ST_NONE;
        return 0;
    }
    case ST_DISCARD_ENTRY: {
        int pos = m->phase == EC_PH_DEALER_DISCARD, least, most;
        m->hook_args[0] = (uint8_t)m->to_act;
        if ((asked = ask(cfg, m, L, EC_H_DISCARD_LIMITS, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            least = ans[0];
            most = ans[1];
            if (least > most || most > 5)
                return EC_EBADANSWER;
        } else {
            least = pos ? r->hand.dealer_min_discard : r->hand.elder_min_discard;
            most = 5;
        }
        if (most > m->stock_len)
            most = m->stock_len;
        if (least > most)
            least = most;
        m->disc_least = (uint8_t)least;
        m->disc_most = (uint8_t)most;
        m->step = ST_NONE;
        return 0;
    }
    case ST_SCORE_HAND: {
        int first, e_points, d_points;
        if ((asked = ask(cfg, m, L, EC_H_SCORE_HAND, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            first = ans[0];
            if (first > 1)
                return EC_EBADANSWER;
            e_points = first ? ans[3] | ans[4] << 8 : ans[1] | ans[2] << 8;
            d_points = first ? ans[1] | ans[2] << 8 : ans[3] | ans[4] << 8;
        } else {
            int elder_scores, penalty;
            int refused = m->refused_after != 255 &&
                          (m->refused_after == 0 || r->hand.penalty_every_refusal);
            int points = (int)ec_trick_points(&r->hand, m->play.won[0],
                                              m->played_without_proposing, refused,
                                              &elder_scores, &penalty);
            first = !elder_scores;
            e_points = elder_scores ? points : 0;
            d_points = elder_scores ? 0 : points;
        }
        m->step = ST_NEXT_HAND;
        {
            int pts[2] = {e_points, d_points};
            for (int k = 0; k < 2; k++) {
                int pos = k ? !first : first;
                if (pts[pos] && score(cfg, m, L, pos, (unsigned)pts[pos], EC_SCORE_TRICKS))
                    return 0;
            }
        }
        end_hand(m, L);
        return 0;
    }
    case ST_NEXT_HAND: {
        int p0 = m->dealer, p1 = m->elder, dealer = m->elder;
        if ((asked = ask(cfg, m, L, EC_H_NEXT_HAND, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked && !players_answer(r, ans, 0, &p0, &p1, &dealer))
            return EC_EBADANSWER;
        m->game_players[0] = (uint8_t)p0;
        m->game_players[1] = (uint8_t)p1;
        start_hand(m, dealer);
        return 0;
    }
    case ST_MATCH_STATUS: {
        int winner = m->hook_args[0], over, match_winner = winner;
        if ((asked = ask(cfg, m, L, EC_H_MATCH_STATUS, &ans)) != 0 && asked != ANSWERED)
            return asked;
        if (asked) {
            over = ans[0];
            match_winner = ans[1];
            if (over > 1 || (over && match_winner >= r->nplayers))
                return EC_EBADANSWER;
        } else {
            over = m->games_won[winner] >= r->games_to_win;
        }
        if (over) {
            m->phase = EC_PH_OVER;
            m->to_act = EC_TERMINAL;
            m->winner = (int8_t)match_winner;
            m->step = ST_NONE;
            put(m, L, EC_LOG_MATCH_END);
            put(m, L, (unsigned)match_winner);
        } else {
            m->hook_args[1] = (uint8_t)other(m, winner); /* NEXT_GAME: the loser deals */
            m->step = ST_NEXT_GAME;
        }
        return 0;
    }
    default:
        m->step = ST_NONE;
        return 0;
    }
}

/* ------------------------------------------------------------ chance */

static uint64_t chance_seed(const ec_match *m, uint32_t k)
{
    return m->seed ^ ((uint64_t)k * 0xD1B54A32D192ED03ULL + 0x8CB92BA72F3D8DD7ULL);
}

int ec_match_draw(const ec_match *m, uint8_t cards[32])
{
    ec_rng rng;
    uint8_t deck[32];
    if (m->step != ST_NONE || (m->phase != EC_PH_CUT && m->phase != EC_PH_DEAL))
        return 0;
    ec_rng_seed(&rng, chance_seed(m, m->chance_count));
    for (int i = 0; i < 32; i++)
        deck[i] = (uint8_t)card_of(i);
    if (m->phase == EC_PH_CUT) {
        int a = (int)ec_rng_below(&rng, 32), b = (int)ec_rng_below(&rng, 31);
        cards[0] = deck[a];
        cards[1] = deck[b >= a ? b + 1 : b];
        return 2;
    }
    for (int i = 31; i > 0; i--) { /* Fisher-Yates from the top */
        int j = (int)ec_rng_below(&rng, (uint32_t)(i + 1));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    memcpy(cards, deck, 32);
    return 32;
}

static int check_chance(const ec_match *m, const uint8_t *cards, int n)
{
    uint64_t seen = 0;
    if (m->step != ST_NONE || !((m->phase == EC_PH_CUT && n == 2) ||
                                (m->phase == EC_PH_DEAL && n == 32)))
        return EC_ENOTNOW;
    for (int i = 0; i < n; i++) {
        if (cards[i] > 63 || !(PIQUET_DECK >> cards[i] & 1) || (seen >> cards[i] & 1))
            return EC_EBADCHANCE;
        seen |= BIT(cards[i]);
    }
    return EC_OK;
}

/* Log a checked chance event and set the step that reads it. */
static void take_chance(ec_match *m, ec_log *L, const uint8_t *cards, int n, int automatic)
{
    put(m, L, n == 2 ? (automatic ? EC_LOG_AUTO_CUT : EC_LOG_CUT)
                     : (automatic ? EC_LOG_AUTO_DEAL : EC_LOG_DEAL));
    m->chance_count++;
    if (n == 2) {
        m->hook_args[0] = cards[0];
        m->hook_args[1] = cards[1];
        put(m, L, cards[0]);
        put(m, L, cards[1]);
        m->step = ST_CUT;
    } else {
        m->deal_at = m->nlog;
        for (int i = 0; i < 32; i++)
            put(m, L, cards[i]);
        m->step = ST_DEAL;
    }
}

static int run_steps(const ec_match_config *cfg, ec_match *m, ec_log *L);

/* Run the steps, and automatic chance, until the machine waits; then nothing of the log is
 * left to consume (input_end == nlog), whatever wrote it. */
static int run(const ec_match_config *cfg, ec_match *m, ec_log *L)
{
    int r = run_steps(cfg, m, L);
    if (!m->replaying && m->input_end < m->nlog)
        m->input_end = m->nlog;
    return r;
}

static int run_steps(const ec_match_config *cfg, ec_match *m, ec_log *L)
{
    for (;;) {
        if (m->step != ST_NONE) {
            int r = step(cfg, m, L);
            if (r != 0)
                return r;
            continue;
        }
        if (m->phase == EC_PH_CUT || m->phase == EC_PH_DEAL) {
            uint8_t cards[32];
            int n;
            if (m->nlog < m->input_end) { /* replay: a chance drawn inside that apply? */
                int tag = L->buf[m->nlog];
                if (tag != EC_LOG_AUTO_CUT && tag != EC_LOG_AUTO_DEAL)
                    return EC_STOP_IDLE;
                n = tag == EC_LOG_AUTO_CUT ? 2 : 32;
                if (m->input_end - m->nlog < (uint32_t)n + 1)
                    return EC_ELOG;
                memcpy(cards, L->buf + m->nlog + 1, (size_t)n);
                if (check_chance(m, cards, n) != EC_OK)
                    return EC_ELOG;
            } else {
                if (!m->auto_chance || m->replaying)
                    return EC_STOP_IDLE;
                if (ROOM(m, L))
                    return EC_STOP_ROOM;
                n = ec_match_draw(m, cards);
            }
            take_chance(m, L, cards, n, 1);
            continue;
        }
        return EC_STOP_IDLE;
    }
}

/* ------------------------------------------------------------ public calls */

int ec_match_config_init(ec_match_config *cfg, const ec_match_rules *rules, uint32_t hook_mask)
{
    const ec_match_rules *r = rules;
    if (ec_hand_rules_check(&r->hand) != EC_OK || r->alternate_packets > 1 ||
        r->lower_cut_deals > 1 || r->king_announcement > EC_KING_FIRST_LEAD || r->game_values > 1 ||
        r->nplayers < 2 || r->nplayers > EC_MATCH_MAX_SEATS || r->target < 1 ||
        r->games_to_win < 1 || hook_mask >> EC_NUM_HOOKS)
        return EC_EBADRULES;
    memset(cfg, 0, sizeof *cfg);
    cfg->rules = *rules;
    cfg->hook_mask = hook_mask;
    ec_hand_contexts(&r->hand, cfg->ctx);
    return EC_OK;
}

static void init(ec_match *m, uint64_t seed, int auto_chance)
{
    memset(m, 0, sizeof *m);
    m->seed = seed;
    m->auto_chance = (uint8_t)(auto_chance != 0);
    m->to_act = EC_CHANCE;
    m->dealer = m->elder = NONE;
    m->winner = -1;
    m->turnup = 255;
    m->trump = -1;
    m->refused_after = 255;
    m->last_input = UINT32_MAX;
    m->hook = 255;
    m->step = ST_NEXT_GAME;
}

int ec_match_start(const ec_match_config *cfg, ec_match *m, ec_log *log, uint64_t seed,
                   int auto_chance)
{
    init(m, seed, auto_chance);
    return run(cfg, m, log);
}

int ec_match_resume(const ec_match_config *cfg, ec_match *m, ec_log *log)
{
    if (m->step == ST_NONE && m->phase != EC_PH_CUT && m->phase != EC_PH_DEAL)
        return EC_STOP_IDLE;
    return run(cfg, m, log);
}

/* 1 while the dealer answers the first-lead window (EC_KING_FIRST_LEAD), before the lead */
EC_INLINE int dealer_window(const ec_match *m)
{
    return m->phase == EC_PH_PLAY && m->play.nplayed == 0 && m->to_act == (int8_t)m->dealer;
}

/* May position pos announce the king of trumps now: it holds it, has not announced it, and
 * has not played a card (first-lead window: nobody has). */
EC_INLINE int may_announce(const ec_match_config *cfg, const ec_match *m, int pos)
{
    int window = cfg->rules.king_announcement == EC_KING_FIRST_LEAD ? 0 : pos;
    return (m->king_seats >> pos & 1) && !(m->announced >> pos & 1) &&
           m->play.nplayed <= window;
}

/* The ids the phase takes, legal now or not (out as for ec_match_legal): the cards and the
 * king in play (play-hand too in the dealer's first-lead window), the two answers of a
 * proposal and of a response, every discard, the two deal patterns. */
static void phase_ids(const ec_match *m, uint64_t out[2])
{
    out[0] = out[1] = 0;
    switch (m->phase) {
    case EC_PH_PLAY:
        out[0] = 0xFFFFFFFFu | BIT(EC_ID_KING) | (dealer_window(m) ? BIT(EC_ID_PLAY_HAND) : 0);
        break;
    case EC_PH_PROPOSE:
        out[0] = BIT(EC_ID_PROPOSE) | BIT(EC_ID_PLAY_HAND);
        break;
    case EC_PH_RESPOND:
        out[0] = BIT(EC_ID_ACCEPT) | BIT(EC_ID_REFUSE);
        break;
    case EC_PH_ELDER_DISCARD:
    case EC_PH_DEALER_DISCARD:
        out[1] = 0xFFFFFFFFu;
        break;
    case EC_PH_PACKETS:
        out[0] = BIT(EC_ID_PACKETS_32) | BIT(EC_ID_PACKETS_23);
        break;
    default:
        break;
    }
}

void ec_match_legal(const ec_match_config *cfg, const ec_match *m, uint64_t out[2])
{
    out[0] = out[1] = 0;
    if (m->step != ST_NONE)
        return;
    switch (m->phase) {
    case EC_PH_PLAY: {
        if (dealer_window(m)) {
            out[0] = BIT(EC_ID_PLAY_HAND);
            if (may_announce(cfg, m, 1))
                out[0] |= BIT(EC_ID_KING);
            break;
        }
        uint64_t cards = ec_play_legal(&cfg->ctx[m->trump], &m->play);
        out[0] = piquet_mask(cards);
        if (m->king_seats && may_announce(cfg, m, m->play.to_move))
            out[0] |= BIT(EC_ID_KING);
        break;
    }
    case EC_PH_PROPOSE:
        out[0] = (uint64_t)m->allowed << EC_ID_PROPOSE;
        break;
    case EC_PH_RESPOND:
        out[0] = (uint64_t)m->allowed << EC_ID_ACCEPT;
        break;
    case EC_PH_ELDER_DISCARD:
    case EC_PH_DEALER_DISCARD: {
        /* every position mask of disc_least..disc_most of the 5 cards */
        for (unsigned k = 0; k < 32; k++) {
            int n = ec_count(k);
            if (n >= m->disc_least && n <= m->disc_most)
                out[1] |= BIT(k);
        }
        break;
    }
    case EC_PH_PACKETS: /* either pattern */
        phase_ids(m, out);
        break;
    default:
        break;
    }
}

/* Check id for the seat to act: EC_OK or the error (nothing changed). */
static int check_action(const ec_match_config *cfg, const ec_match *m, int id)
{
    uint64_t legal[2];
    if (id < 0 || id >= EC_NUM_IDS || (id > EC_ID_PACKETS_23 && id < EC_ID_DISCARD))
        return EC_EBADCARD;
    if (m->step != ST_NONE || m->to_act < 0)
        return EC_ENOTNOW;
    phase_ids(m, legal);
    if (!(legal[id >> 6] >> (id & 63) & 1))
        return EC_ENOTNOW;
    ec_match_legal(cfg, m, legal);
    if (!(legal[id >> 6] >> (id & 63) & 1)) {
        if (id >= EC_ID_DISCARD)
            return EC_EDISCARDN;
        return id < EC_ID_PROPOSE ? EC_EILLEGAL : EC_ENOTALLOWED;
    }
    return EC_OK;
}

int ec_match_apply(const ec_match_config *cfg, ec_match *m, ec_log *L, int id)
{
    int err = check_action(cfg, m, id), seat = m->to_act;
    if (err != EC_OK)
        return err;
    m->last_input = m->nlog;
    put(m, L, (unsigned)id);
    put(m, L, (unsigned)seat);
    if (id < EC_ID_PROPOSE) {
        int status = ec_play_apply_unchecked(&cfg->ctx[m->trump], &m->play, card_of(id));
        m->to_act = (int8_t)seat_at(m, m->play.to_move);
        if (status == EC_PLAY_OVER) {
            m->complete = 1;
            m->step = ST_SCORE_HAND;
        }
    } else if (id >= EC_ID_DISCARD) {
        int pos = m->phase == EC_PH_DEALER_DISCARD;
        uint64_t cards = cards_at(m->held[pos], (unsigned)(id - EC_ID_DISCARD));
        int n = ec_count(cards);
        put32(m, L, piquet_mask(cards));
        m->held[pos] &= ~cards;
        m->discards |= cards;
        for (int i = 0; i < n; i++)
            m->held[pos] |= BIT(m->stock[m->stock_top + i]);
        m->stock_top = (uint8_t)(m->stock_top + n);
        m->stock_len = (uint8_t)(m->stock_len - n);
        m->discarded[m->ndiscards++] = (uint8_t)n;
        if (pos == 0) {
            enter_discard(m, 1);
        } else {
            m->exchanges++;
            enter_propose(m);
        }
    } else {
        switch (id) {
        case EC_ID_PROPOSE:
            m->phase = EC_PH_RESPOND;
            m->to_act = (int8_t)m->dealer;
            m->step = ST_RESPOND_ENTRY;
            break;
        case EC_ID_PLAY_HAND:
            if (m->phase == EC_PH_PLAY) { /* the dealer lets play begin without announcing */
                m->to_act = (int8_t)m->elder;
                break;
            }
            m->played_without_proposing = m->exchanges == 0;
            start_play(cfg, m);
            break;
        case EC_ID_ACCEPT:
            enter_discard(m, 0);
            break;
        case EC_ID_REFUSE:
            m->refused_after = m->exchanges;
            start_play(cfg, m);
            break;
        case EC_ID_KING: {
            int window = dealer_window(m), pos = window ? 1 : m->play.to_move;
            m->announced |= (uint8_t)(1 << pos);
            m->hook_args[2] = (uint8_t)pos;
            if (window) /* the dealer announced: the elder announces or leads */
                m->to_act = (int8_t)m->elder;
            m->step = ST_ANNOUNCED;
            break;
        }
        default: /* packets */
            m->chosen_packets = m->deal_packets = id == EC_ID_PACKETS_32 ? 32 : 23;
            m->phase = EC_PH_DEAL;
            m->to_act = EC_CHANCE;
            break;
        }
    }
    return run(cfg, m, L);
}

int ec_match_chance(const ec_match_config *cfg, ec_match *m, ec_log *L, const uint8_t *cards,
                    int n)
{
    int err = check_chance(m, cards, n);
    if (err != EC_OK)
        return err;
    m->last_input = m->nlog;
    take_chance(m, L, cards, n, 0);
    return run(cfg, m, L);
}

int ec_match_answer(const ec_match_config *cfg, ec_match *m, ec_log *L, const uint8_t *data)
{
    int h = m->hook, n, r;
    uint32_t at = m->nlog;
    if (m->step == ST_NONE || h >= EC_NUM_HOOKS || m->nlog < m->input_end)
        return EC_ENOTNOW;
    n = ANSWER_SIZE[h];
    put(m, L, EC_LOG_ANSWER);
    put(m, L, (unsigned)h);
    for (int i = 0; i < n; i++)
        put(m, L, data[i]);
    m->nlog = at; /* the step consumes it as an input */
    m->input_end = at + (uint32_t)n + 2;
    r = run(cfg, m, L);
    if (r == EC_EBADANSWER && m->nlog == at + (uint32_t)n + 2) {
        /* the step refused the answer it just read: take it back out of the log, ask again */
        m->nlog = m->input_end = at;
        m->hook = (uint8_t)h;
    }
    return r;
}

static int replay_inputs(const ec_match_config *cfg, ec_match *m, ec_log *L, uint32_t upto)
{
    int r = run(cfg, m, L);
    while (r >= 0 && m->nlog < upto) {
        const uint8_t *p = L->buf + m->nlog;
        if (r != EC_STOP_IDLE)
            return EC_ELOG; /* a hook the log does not answer, or no room: not our log */
        if (p[0] < EC_NUM_IDS) {
            if (upto - m->nlog < (p[0] >= EC_ID_DISCARD ? 6u : 2u) || p[1] != (uint8_t)m->to_act)
                return EC_ELOG;
            r = ec_match_apply(cfg, m, L, p[0]);
            if (r == EC_EILLEGAL || r == EC_ENOTNOW || r == EC_ENOTALLOWED ||
                r == EC_EDISCARDN || r == EC_EBADCARD)
                return EC_ELOG;
        } else if (p[0] == EC_LOG_CUT || p[0] == EC_LOG_DEAL) {
            int n = p[0] == EC_LOG_CUT ? 2 : 32;
            uint8_t cards[32];
            if (upto - m->nlog < (uint32_t)n + 1)
                return EC_ELOG;
            memcpy(cards, p + 1, (size_t)n);
            r = ec_match_chance(cfg, m, L, cards, n);
            if (r == EC_ENOTNOW || r == EC_EBADCHANCE)
                return EC_ELOG;
        } else {
            return EC_ELOG;
        }
    }
    if (r < 0)
        return r;
    return m->nlog == upto && r == EC_STOP_IDLE ? r : EC_ELOG;
}

int ec_match_replay(const ec_match_config *cfg, ec_match *m, ec_log *L, uint32_t upto)
{
    int r;
    if (upto > L->cap)
        return EC_ELOG;
    /* Replayed steps write their records again, and inside the log (nlog < input_end) they do
     * not stop for room: a log cut inside a record must not make them write past cap. */
    if (L->cap - upto < EC_LOG_ROOM)
        return EC_STOP_ROOM;
    init(m, m->seed, m->auto_chance);
    m->input_end = upto;
    m->replaying = 1;
    r = replay_inputs(cfg, m, L, upto);
    m->replaying = 0;
    m->input_end = m->nlog;
    return r;
}

int ec_match_undo(const ec_match_config *cfg, ec_match *m, ec_log *L)
{
    if (m->last_input == UINT32_MAX)
        return EC_ENOUNDOHERE;
    return ec_match_replay(cfg, m, L, m->last_input);
}

/* ------------------------------------------------------------ batch: random matches */

#define FNV_OFFSET 0xCBF29CE484222325ULL
#define FNV_PRIME 0x100000001B3ULL

void ec_match_totals_init(ec_match_totals *t)
{
    memset(t, 0, sizeof *t);
    t->digest = FNV_OFFSET;
}

int ec_random_matches(const ec_match_config *cfg, uint64_t seed, size_t n, uint8_t *scratch,
                      uint32_t cap, ec_match_totals *totals)
{
    ec_rng rng;
    ec_match_totals t = *totals;
    ec_log L;
    if (cfg->hook_mask != 0)
        return EC_EBADRULES;
    L.buf = scratch;
    L.cap = cap;
    ec_rng_seed(&rng, seed);
    for (size_t i = 0; i < n; i++) {
        ec_match m;
        uint64_t h = FNV_OFFSET;
        int r = ec_match_start(cfg, &m, &L, ec_rng_next(&rng), 1);
        while (r == EC_STOP_IDLE && m.phase != EC_PH_OVER) {
            uint64_t ids[2];
            int count, k;
            ec_match_legal(cfg, &m, ids);
            count = ec_count(ids[0]) + ec_count(ids[1]);
            k = (int)ec_rng_below(&rng, (uint32_t)count);
            for (int w = 0; w < 2; w++) {
                uint64_t bits = ids[w];
                int c = ec_count(bits);
                if (k >= c) {
                    k -= c;
                    continue;
                }
                while (k-- > 0)
                    bits &= bits - 1;
                r = ec_match_apply(cfg, &m, &L, w * 64 + ec_ctz(bits));
                break;
            }
            t.actions++;
        }
        if (r != EC_STOP_IDLE)
            return r; /* EC_STOP_ROOM: the scratch log is too small for this match */
        for (uint32_t b = 0; b < m.nlog; b++)
            h = (h ^ scratch[b]) * FNV_PRIME;
        t.digest = (t.digest ^ h) * FNV_PRIME;
        t.matches++;
        t.games += m.game_number;
        t.hands += m.hand_number;
        t.wins[m.winner]++;
    }
    *totals = t;
    return EC_OK;
}
