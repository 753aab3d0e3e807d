/*
 * ecarte_view.h -- what every seat of a match sees, as JSON (C99).
 *
 * The public view of a match is the JSON object ecarte.Game.public_observation()
 * encodes to: 17 fields, in this order, with these values (seats as ints, null for
 * none; cards as text, "10♥", "A♦"):
 *   phase                     the phase's name: "cut", "packets", "deal", "propose",
 *                             "respond", "elder-discard", "dealer-discard", "play", "over"
 *   to_act                    m->to_act (EC_CHANCE, EC_TERMINAL included)
 *   dealer, elder             seats, null before the first cut
 *   turnup, trump             the turned-up card and the trump's symbol, null before the deal
 *   stock_size                cards left in the stock
 *   exchanges                 each discard of the hand: [{"seat":0,"cards":2},...]
 *   trick                     the trick in progress: [{"seat":1,"card":"K♠"},...], leader first
 *   tricks                    the finished tricks of the hand, each a list like trick
 *   tricks_won                tricks won in the hand, by table seat
 *   played_without_proposing  true or false
 *   refused_after             exchanges before a refusal, null when none
 *   kings_announced           the seats that announced (or scored) the king of trumps
 *   scores, games_won         by table seat
 *   discard_limits            [least, most] when a seat is to discard, else null
 * written as msgspec and Python's json (ensure_ascii off, no spaces) write them: UTF-8,
 * no spaces. The pure-Python twin is ecarte.games.ecarte._views (MatchReads._public_json).
 *
 * A mark is the view of one state, for telling a later state as what changed: the end of
 * each field's member ("name":value) past the head, as 17 little-endian uint16 (the head,
 * EC_VIEW_MARK_HEAD bytes), then the 17 members, concatenated. A field changed when its
 * member's bytes did.
 */
#ifndef ECARTE_VIEW_H
#define ECARTE_VIEW_H

#include "ecarte_machine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EC_VIEW_FIELDS 17
#define EC_VIEW_MARK_HEAD 34   /* 2 * EC_VIEW_FIELDS */
#define EC_VIEW_CAP 4096       /* room that holds the mark, or the members, of any state */
#define EC_VIEW_OWN_LIMITS (-2) /* least: the discard limits are the machine's own */
#define EC_VIEW_NO_LIMITS (-1)  /* least: discard_limits is null */
#define EC_EBADMARK (-28)      /* since is not a mark (its head does not fit its members) */
#define EC_EVIEWARG (-29)      /* a buffer below EC_VIEW_CAP bytes, limits out of 0..255,
                                  nplayers out of 1..16 or a phase out of range */

/* The public view of m (nplayers seats) told as what changed since the mark since
 * (since_len bytes; since NULL: every field): writes the members whose bytes differ, in
 * the fields' order, joined by ",", to out (*out_len bytes; none: 0), and the mark of m to
 * mark (*mark_len bytes). Both buffers need EC_VIEW_CAP bytes. discard_limits is [least,
 * most] for least 0..255, null for EC_VIEW_NO_LIMITS, and the machine's own for
 * EC_VIEW_OWN_LIMITS (its limits while a seat is to discard: a variant that vetoes some
 * sizes passes what remains). Returns EC_OK, or EC_EBADMARK or EC_EVIEWARG with nothing
 * written. */
int ec_public_view(const ec_match *m, int nplayers, int least, int most, const uint8_t *since,
                   size_t since_len, uint8_t *mark, size_t mark_cap, size_t *mark_len,
                   uint8_t *out, size_t out_cap, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_VIEW_H */
