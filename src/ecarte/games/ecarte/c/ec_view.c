/*
 * ec_view.c -- the public view of a match as JSON members, whole or as what changed
 * (ecarte_view.h spells out the contract). C99, no allocation, no global mutable state.
 * The pure-Python twin is MatchReads._public_json (ecarte/games/ecarte/_views.py).
 *
 * Room. The longest member of each field, with seats and small counts of at most 3
 * digits, scores of at most 10 and the discard limits of at most 3 (checked), is:
 * phase 24, to_act 11, dealer 13, elder 12, turnup 16, trump 13, stock_size 15,
 * exchanges 1213 (48 discards of 24 bytes and their commas), trick 65, tricks 300,
 * tricks_won 78 (16 seats), played_without_proposing 32, refused_after 19,
 * kings_announced 27, scores 186, games_won 189, discard_limits 26: 2239 bytes with
 * the commas between them, 2273 with a mark's head, below EC_VIEW_CAP.
 */
#include "ecarte_view.h"

#include <string.h>

/* The member names of the fields, in order, each as it opens its member ("name":). */
static const char *const NAMES[EC_VIEW_FIELDS] = {
    "\"phase\":",          "\"to_act\":",     "\"dealer\":",
    "\"elder\":",          "\"turnup\":",     "\"trump\":",
    "\"stock_size\":",     "\"exchanges\":",  "\"trick\":",
    "\"tricks\":",         "\"tricks_won\":", "\"played_without_proposing\":",
    "\"refused_after\":",  "\"kings_announced\":", "\"scores\":",
    "\"games_won\":",      "\"discard_limits\":",
};
static const uint8_t NAME_LEN[EC_VIEW_FIELDS] = {8, 9, 9, 8, 9, 8, 13, 12, 8,
                                                  9, 13, 27, 16, 18, 9, 12, 17};

/* The Phase values by EC_PH_*, and their lengths. */
static const char PHASES[EC_PH_OVER + 1][17] = {
    "\"cut\"",     "\"packets\"", "\"deal\"", "\"propose\"", "\"respond\"",
    "\"elder-discard\"", "\"dealer-discard\"", "\"play\"", "\"over\"",
};
static const uint8_t PHASE_LEN[EC_PH_OVER + 1] = {5, 9, 6, 9, 9, 15, 16, 6, 6};

/* Rank texts by rank id (2..A: the ten is "10", the others one character; no card has
 * the ids 13..15) and suit symbols by suit id (♣ ♦ ♥ ♠, 3 bytes each in UTF-8). */
static const char RANKS[16] = {'2', '3', '4', '5', '6', '7', '8', '9',
                               '1', 'J', 'Q', 'K', 'A', '?', '?', '?'};
#define RANK_TEN 8
static const char *const SUITS[4] = {"\xe2\x99\xa3", "\xe2\x99\xa6", "\xe2\x99\xa5",
                                     "\xe2\x99\xa0"};

static uint8_t *put_n(uint8_t *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

/* A string literal, its length known here ("" literal: anything else does not compile). */
#define put(p, literal) put_n((p), "" literal, sizeof(literal) - 1)

static uint8_t *put_uint(uint8_t *p, uint32_t v)
{
    uint8_t digits[10];
    int n = 0;
    do {
        digits[n++] = (uint8_t)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *p++ = digits[--n];
    return p;
}

static uint8_t *put_int(uint8_t *p, int v)
{
    if (v < 0) {
        *p++ = '-';
        return put_uint(p, (uint32_t)(-(int64_t)v));
    }
    return put_uint(p, (uint32_t)v);
}

/* A seat, or null for EC_NO_SEAT. */
static uint8_t *put_seat(uint8_t *p, unsigned seat)
{
    return seat == EC_NO_SEAT ? put(p, "null") : put_uint(p, seat);
}

static uint8_t *put_card(uint8_t *p, unsigned card)
{
    *p++ = '"';
    *p++ = (uint8_t)RANKS[card & 15];
    if ((card & 15) == RANK_TEN)
        *p++ = '0';
    p = put_n(p, SUITS[card >> 4 & 3], 3);
    *p++ = '"';
    return p;
}

/* {"seat":s,"card":"K♠"} */
static uint8_t *put_played(uint8_t *p, unsigned seat, unsigned card)
{
    p = put(p, "{\"seat\":");
    p = put_uint(p, seat);
    p = put(p, ",\"card\":");
    p = put_card(p, card);
    *p++ = '}';
    return p;
}

/* [v0,v1,...] of n uint32 */
static uint8_t *put_list(uint8_t *p, const uint32_t *values, int n)
{
    *p++ = '[';
    for (int i = 0; i < n; i++) {
        if (i)
            *p++ = ',';
        p = put_uint(p, values[i]);
    }
    *p++ = ']';
    return p;
}

/* The table seat of a position of the hand (0 the elder, 1 the dealer). */
static unsigned seat_of(const ec_match *m, int pos)
{
    return pos ? m->dealer : m->elder;
}

static int own_limits(const ec_match *m)
{
    return (m->phase == EC_PH_ELDER_DISCARD || m->phase == EC_PH_DEALER_DISCARD) &&
           m->to_act >= 0;
}

/* The value of field f of m, written at p; returns its end. */
static uint8_t *put_value(uint8_t *p, const ec_match *m, int nplayers, int f, int least,
                          int most)
{
    const ec_play *play = &m->play;
    uint32_t counts[EC_MATCH_MAX_SEATS];
    switch (f) {
    case 0:
        return put_n(p, PHASES[m->phase], PHASE_LEN[m->phase]);
    case 1:
        return put_int(p, m->to_act);
    case 2:
        return put_seat(p, m->dealer);
    case 3:
        return put_seat(p, m->elder);
    case 4:
        return m->turnup > 63 ? put(p, "null") : put_card(p, m->turnup);
    case 5:
        if (m->trump < 0)
            return put(p, "null");
        *p++ = '"';
        p = put_n(p, SUITS[m->trump & 3], 3);
        *p++ = '"';
        return p;
    case 6:
        return put_uint(p, m->stock_len);
    case 7:
        *p++ = '[';
        for (int i = 0; i < m->ndiscards; i++) {
            if (i)
                *p++ = ',';
            p = put(p, "{\"seat\":");
            p = put_uint(p, seat_of(m, i % 2));
            p = put(p, ",\"cards\":");
            p = put_uint(p, m->discarded[i]);
            *p++ = '}';
        }
        *p++ = ']';
        return p;
    case 8: {
        *p++ = '[';
        if (m->in_play) {
            int start = play->nplayed - play->nplayed % 2;
            int lead = play->nplayed > start ? play->leaders[(play->nplayed + 1) / 2 - 1] : 0;
            for (int i = start; i < play->nplayed; i++) {
                if (i > start)
                    *p++ = ',';
                p = put_played(p, seat_of(m, lead ^ (i - start)), play->cards[i]);
            }
        }
        *p++ = ']';
        return p;
    }
    case 9:
        *p++ = '[';
        if (m->in_play) {
            for (int t = 0; t < play->nplayed / 2; t++) {
                int lead = play->leaders[t];
                if (t)
                    *p++ = ',';
                *p++ = '[';
                p = put_played(p, seat_of(m, lead), play->cards[2 * t]);
                *p++ = ',';
                p = put_played(p, seat_of(m, lead ^ 1), play->cards[2 * t + 1]);
                *p++ = ']';
            }
        }
        *p++ = ']';
        return p;
    case 10:
        memset(counts, 0, sizeof counts);
        if (m->in_play && m->elder < nplayers && m->dealer < nplayers) {
            counts[m->elder] = play->won[0];
            counts[m->dealer] = play->won[1];
        }
        return put_list(p, counts, nplayers);
    case 11:
        return m->played_without_proposing ? put(p, "true") : put(p, "false");
    case 12:
        return m->refused_after == 255 ? put(p, "null") : put_uint(p, m->refused_after);
    case 13: {
        int n = 0;
        for (int pos = 0; pos < 2; pos++)
            if (m->announced >> pos & 1)
                counts[n++] = seat_of(m, pos);
        return put_list(p, counts, n);
    }
    case 14:
        return put_list(p, m->scores, nplayers);
    case 15:
        return put_list(p, m->games_won, nplayers);
    default:
        if (least == EC_VIEW_OWN_LIMITS) {
            if (!own_limits(m))
                return put(p, "null");
            least = m->disc_least;
            most = m->disc_most;
        }
        if (least == EC_VIEW_NO_LIMITS)
            return put(p, "null");
        *p++ = '[';
        p = put_uint(p, (uint32_t)least);
        *p++ = ',';
        p = put_uint(p, (uint32_t)most);
        *p++ = ']';
        return p;
    }
}

static unsigned end_of(const uint8_t *head, int f)
{
    return (unsigned)head[2 * f] | (unsigned)head[2 * f + 1] << 8;
}

/* 1 if since is a mark: its head's ends in order, the last at its end, each member
 * opening with its field's name and holding a value. */
static int is_mark(const uint8_t *since, size_t len)
{
    if (len < EC_VIEW_MARK_HEAD || len - EC_VIEW_MARK_HEAD > 0xFFFF)
        return 0;
    const uint8_t *body = since + EC_VIEW_MARK_HEAD;
    unsigned start = 0;
    for (int f = 0; f < EC_VIEW_FIELDS; f++) {
        unsigned end = end_of(since, f);
        if (end < start + NAME_LEN[f] + 1u || end > len - EC_VIEW_MARK_HEAD ||
            memcmp(body + start, NAMES[f], NAME_LEN[f]) != 0)
            return 0;
        start = end;
    }
    return start == len - EC_VIEW_MARK_HEAD;
}

int ec_public_view(const ec_match *m, int nplayers, int least, int most, const uint8_t *since,
                   size_t since_len, uint8_t *mark, size_t mark_cap, size_t *mark_len,
                   uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (mark_cap < EC_VIEW_CAP || out_cap < EC_VIEW_CAP || nplayers < 1 ||
        nplayers > EC_MATCH_MAX_SEATS || m->phase > EC_PH_OVER ||
        (least != EC_VIEW_OWN_LIMITS && least != EC_VIEW_NO_LIMITS &&
         (least < 0 || least > 255 || most < 0 || most > 255)))
        return EC_EVIEWARG;
    if (since != NULL && !is_mark(since, since_len))
        return EC_EBADMARK;
    uint8_t *body = mark + EC_VIEW_MARK_HEAD, *p = body, *o = out;
    unsigned start = 0;
    for (int f = 0; f < EC_VIEW_FIELDS; f++) {
        p = put_n(p, NAMES[f], NAME_LEN[f]);
        p = put_value(p, m, nplayers, f, least, most);
        unsigned end = (unsigned)(p - body);
        mark[2 * f] = (uint8_t)end;
        mark[2 * f + 1] = (uint8_t)(end >> 8);
        if (since != NULL) {
            unsigned old_start = f ? end_of(since, f - 1) : 0;
            unsigned old_end = end_of(since, f);
            if (old_end - old_start == end - start &&
                memcmp(since + EC_VIEW_MARK_HEAD + old_start, body + start, end - start) == 0) {
                start = end;
                continue;
            }
        }
        if (o != out)
            *o++ = ',';
        memcpy(o, body + start, end - start);
        o += end - start;
        start = end;
    }
    *mark_len = (size_t)(p - mark);
    *out_len = (size_t)(o - out);
    return EC_OK;
}
