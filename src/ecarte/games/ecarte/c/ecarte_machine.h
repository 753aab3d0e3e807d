/*
 * ecarte_machine.h -- the whole Écarté match as a C state machine (C99).
 *
 * An ec_match is plain data (copy it with memcpy or `=`): the cut, the packets,
 * the deal, the turn-up, proposals, exchanges with their discard limits, the
 * five tricks, scoring with penalties, vole and kings, the ends of games and of
 * the match. It moves on integer action ids (see EC_ID_*) and on chance events
 * drawn from the core PRNG or supplied by the caller.
 *
 * Hooks. Every point where a variant may decide (the hooks of ecarte.hookspecs)
 * is a hook point EC_H_*. A hook whose bit is clear in cfg->hook_mask is
 * answered here, by the classic rules; a hook whose bit is set stops the machine
 * (EC_STOP_HOOK, with m->hook and m->hook_args saying what is asked) until the
 * caller answers with ec_match_answer(). With the mask empty, a whole match runs
 * without leaving C.
 *
 * The log. Everything a match consumes (action ids, chance events, hook
 * answers) and everything worth reporting (scores, ends of hands and games) is
 * appended to a byte log that the caller owns (ec_log). The log is the history:
 * replaying it into a fresh machine (ec_match_replay) rebuilds the same state
 * without asking any hook again, which is how ec_match_undo works, and records
 * (results, log lines) are read from it. The machine never allocates: when the
 * log may run short it stops with EC_STOP_ROOM, and the caller grows the buffer
 * and calls ec_match_resume().
 *
 * Log entries (first byte, then the bytes that follow):
 *   0..38, seat                     an action id (EC_ID_* below 64) and its seat
 *   64..95, seat, mask[4]           a discard: its id and the piquet mask of its cards
 *   EC_LOG_CUT,  a, b               a cut supplied by the caller (an apply of its own)
 *   EC_LOG_DEAL, order[32]          a deal supplied by the caller, top card first
 *   EC_LOG_AUTO_CUT, a, b           a cut drawn automatically inside an apply
 *   EC_LOG_AUTO_DEAL, order[32]     a deal drawn automatically inside an apply
 *   EC_LOG_ANSWER, hook, data[n]    a hook answer (n = ec_hook_answer_size(hook))
 *   EC_LOG_GAME, number[2], p0, p1, dealer    a game starts (dealer 255: cut for it)
 *   EC_LOG_CUT_AGAIN                equal cut: cut again
 *   EC_LOG_HAND, number[2], dealer, first packet, turn-up   a hand is dealt
 *   EC_LOG_SCORE, seat, kind, points[2], total[4]           points scored
 *   EC_LOG_HAND_END, number[2], dealer, elder, turn-up, tricks[2], points[2][2],
 *                    kings[2][2], complete, scores[2][4]    (elder first in pairs)
 *   EC_LOG_GAME_END, number[2], p0, p1, winner, loser, value, scores[nplayers][4]
 *   EC_LOG_MATCH_END, winner
 * Multi-byte numbers are little-endian. Card ids are 0..63 (suit * 16 + rank).
 */
#ifndef ECARTE_MACHINE_H
#define ECARTE_MACHINE_H

#include "ecarte_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- action ids (the engine's public ids) ---- */
#define EC_ID_PROPOSE 32
#define EC_ID_PLAY_HAND 33
#define EC_ID_ACCEPT 34
#define EC_ID_REFUSE 35
#define EC_ID_KING 36
#define EC_ID_PACKETS_32 37
#define EC_ID_PACKETS_23 38
#define EC_ID_DISCARD 64 /* 64 + m: m masks positions in the mover's hand sorted by card id */
#define EC_NUM_IDS 96    /* 0..31 play a card: suit * 8 + rank - 5 */

/* ---- phases ---- */
#define EC_PH_CUT 0
#define EC_PH_PACKETS 1
#define EC_PH_DEAL 2
#define EC_PH_PROPOSE 3
#define EC_PH_RESPOND 4
#define EC_PH_ELDER_DISCARD 5
#define EC_PH_DEALER_DISCARD 6
#define EC_PH_PLAY 7
#define EC_PH_OVER 8

#define EC_CHANCE (-1)   /* ec_match.to_act when chance moves */
#define EC_TERMINAL (-2) /* ... when the match is over */
#define EC_NO_SEAT 255
#define EC_MATCH_MAX_SEATS 16

/* ---- hook points (bit h of cfg->hook_mask) and their answers ----
 * hook              args (m->hook_args)               answer bytes
 * NEXT_GAME         [0] 1 if a game was played         p0, p1, dealer (255: cut)
 * CUT               the cut is the last log entry      dealer (255: cut again)
 * DEAL_PACKETS      [0] dealer                         32, 23, or 0 (the dealer chooses)
 * DEAL              the deck: 32 log bytes at deal_at    elder mask[4], dealer mask[4] (piquet
 *                                                      masks), turn-up, stock[21] top first
 * EXCHANGE          [0] seat, [1] 0: propose/play-hand, 1: accept/refuse
 *                                                      bit 0 first allowed, bit 1 second
 *                                                      (no proposal after 24 exchanges)
 * DISCARD_LIMITS    [0] seat                           least, most (0..5, least <= most)
 * KING_POINTS       [0] seat, [1] 1 if turned up        points[2]
 * SCORE_HAND        the hand's facts are in m          first position (0 elder, 1 dealer),
 *                                                      its points[2], the other's points[2]
 * NEXT_HAND         the last EC_LOG_HAND_END           p0, p1, dealer
 * MATCH_STATUS      the EC_LOG_GAME_END entries        over (0/1), winner
 */
#define EC_H_NEXT_GAME 0
#define EC_H_CUT 1
#define EC_H_DEAL_PACKETS 2
#define EC_H_DEAL 3
#define EC_H_EXCHANGE 4
#define EC_H_DISCARD_LIMITS 5
#define EC_H_KING_POINTS 6
#define EC_H_SCORE_HAND 7
#define EC_H_NEXT_HAND 8
#define EC_H_MATCH_STATUS 9
#define EC_NUM_HOOKS 10

/* ---- log tags ---- */
#define EC_LOG_CUT 0xC0
#define EC_LOG_DEAL 0xC1
#define EC_LOG_AUTO_CUT 0xC2
#define EC_LOG_AUTO_DEAL 0xC3
#define EC_LOG_ANSWER 0xC4
#define EC_LOG_GAME 0xD0
#define EC_LOG_CUT_AGAIN 0xD1
#define EC_LOG_HAND 0xD2
#define EC_LOG_SCORE 0xD3
#define EC_LOG_HAND_END 0xD4
#define EC_LOG_GAME_END 0xD5
#define EC_LOG_MATCH_END 0xD6

/* score kinds (EC_LOG_SCORE) */
#define EC_SCORE_TURNED_KING 0 /* the dealer turned up the king */
#define EC_SCORE_ANNOUNCED 1   /* a king announced */
#define EC_SCORE_HELD_KING 2   /* a king scored automatically when play starts */
#define EC_SCORE_TRICKS 3

/* ---- statuses (>= 0) and errors (< 0, beside the core's EC_E*) ---- */
#define EC_STOP_IDLE 0 /* waiting for an action or a chance event */
#define EC_STOP_HOOK 1 /* waiting for ec_match_answer(m->hook) */
#define EC_STOP_ROOM 2 /* the log needs room: grow it, then ec_match_resume() */
#define EC_ENOTNOW (-20)    /* not this action (or chance event) in this phase */
#define EC_ENOTALLOWED (-21) /* the rules (or a hook's answer) forbid it now */
#define EC_EDISCARDN (-22)  /* a discard of too few or too many cards */
#define EC_EBADANSWER (-23) /* a hook answer out of range (a hand of the wrong size...) */
#define EC_ELOG (-24)       /* a log that this machine did not write (replay) */
#define EC_ECUTLOOP (-25)   /* 100 cuts in a row were all cut again */
#define EC_ENOUNDOHERE (-26) /* nothing to undo */
#define EC_EBADCHANCE (-27) /* a cut or deal that is not cards of the deck once each */

/* king announcement (ec_match_rules.king_announcement) */
#define EC_KING_OPTIONAL 0   /* by its holder, before (or with) their first card */
#define EC_KING_AUTOMATIC 1  /* scored for its holder when play starts */
#define EC_KING_FIRST_LEAD 2 /* by either holder before the first lead: when play starts the
                              * dealer announces (EC_ID_KING) or lets play begin
                              * (EC_ID_PLAY_HAND), then the elder announces or leads */

/* The rules of a match (ecarte.Rules, as bytes). */
typedef struct ec_match_rules {
    ec_hand_rules hand;            /* the rules of each hand (ecarte_rules.h) */
    uint8_t alternate_packets;     /* 1: 3-2 / 2-3 alternate across the match */
    uint8_t lower_cut_deals;       /* 1: the lower cut deals */
    uint8_t king_announcement;     /* EC_KING_*: when a held king of trumps may be announced */
    uint8_t game_values;           /* 1: games worth 3 / 2 / 1 by the loser's points */
    uint8_t nplayers;              /* seats at the table, 2..16 */
    uint8_t pad_;
    uint32_t target;               /* points that win a game, >= 1 */
    uint32_t games_to_win;         /* games that win the match, >= 1 */
} ec_match_rules;

/* What matches share and never change: the rules, the hooks overridden by the
 * caller and the trick tables of each trump (one per rules and hooks, not per match). */
typedef struct ec_match_config {
    ec_match_rules rules;
    uint32_t hook_mask;
    ec_context ctx[4];
} ec_match_config;

/* The caller's log buffer: ec_match.nlog bytes of it are the match so far. */
typedef struct ec_log {
    uint8_t *buf;
    uint32_t cap;
} ec_log;

typedef struct ec_match {
    uint64_t seed;         /* chance event k is drawn from (seed, k) */
    uint8_t auto_chance;   /* 1: chance is drawn inside an apply; 0: to_act is EC_CHANCE */
    /* where the match stands */
    uint8_t phase;         /* EC_PH_* */
    int8_t to_act;         /* a seat, EC_CHANCE or EC_TERMINAL */
    uint8_t step;          /* the internal step to run next (0: none) */
    uint8_t hook;          /* the hook being asked (EC_STOP_HOOK), 255 when none */
    uint8_t hook_args[4];
    uint8_t game_players[2];
    uint8_t dealer, elder; /* EC_NO_SEAT before a dealer is known */
    int8_t winner;         /* the match's winner, -1 before the end */
    uint8_t chosen_packets; /* 32 or 23 once the dealer chose this game, else 0 */
    uint8_t deal_packets;  /* the packets of this hand's deal (32 or 23), 0 before */
    uint8_t cuts;          /* cuts in a row that were cut again */
    uint16_t game_number, hand_number;
    uint32_t chance_count; /* chance events so far (each draws from seed and its number) */
    uint32_t scores[EC_MATCH_MAX_SEATS];
    uint32_t games_won[EC_MATCH_MAX_SEATS];
    uint32_t games_played;
    /* the hand; positions: 0 the elder, 1 the dealer */
    uint64_t held[2];      /* the hands before play (play.hands during it) */
    uint64_t discards;
    uint8_t turnup;        /* card id, 255 before the deal */
    int8_t trump;          /* -1 before the deal */
    uint8_t stock[21];
    uint8_t stock_top, stock_len; /* the stock is stock[stock_top .. stock_top + stock_len) */
    uint8_t exchanges;     /* accepted proposals */
    uint8_t ndiscards;     /* discards so far: the elder's, then the dealer's, alternately */
    uint8_t discarded[48]; /* cards in each of them */
    uint8_t played_without_proposing;
    uint8_t refused_after; /* exchanges before a refusal, 255 when none */
    uint8_t allowed;       /* bits: the two actions of the phase (propose/play-hand...) */
    uint8_t disc_least, disc_most; /* the discard limits in force (stock cap applied) */
    uint8_t king_seats;    /* positions that held the king of trumps when play began */
    uint8_t announced;     /* positions that announced (or automatically scored) it */
    uint8_t in_play;       /* 1 once play began */
    uint8_t complete;      /* 1 once the five tricks are played */
    uint32_t hand_points[2], hand_kings[2];
    ec_play play;
    /* the log */
    uint32_t nlog;         /* bytes of the log that are this match */
    uint32_t input_end;    /* bytes of the log past nlog still to be consumed (replay, answer) */
    uint32_t last_input;   /* where the last apply began (undo), UINT32_MAX if none */
    uint32_t deal_at;      /* where the deck of the deal being laid out is in the log */
    uint8_t replaying;     /* 1 inside ec_match_replay: no chance is drawn */
} ec_match;

/* Fill cfg from rules (checked: EC_EBADRULES) and the trick tables. */
int ec_match_config_init(ec_match_config *cfg, const ec_match_rules *rules, uint32_t hook_mask);
/* Answer bytes of a hook (after EC_LOG_ANSWER and the hook id), -1 for no such hook. */
int ec_hook_answer_size(int hook);

/* The name of hook point `hook` ("next_game" for EC_H_NEXT_GAME, ...; the hook a plugin
 * implements is ecarte_<name>), NULL for no such hook. */
const char *ec_hook_name(int hook);

/* Start a match: the first game begins (its hooks, the cut and deal when chance is automatic).
 * Returns an EC_STOP_* status or an error. m->auto_chance may be changed between calls. */
int ec_match_start(const ec_match_config *cfg, ec_match *m, ec_log *log, uint64_t seed,
                   int auto_chance);
/* Legal action ids: bit i of out[0] is id i (0..63), bit i of out[1] is id 64 + i. */
void ec_match_legal(const ec_match_config *cfg, const ec_match *m, uint64_t out[2]);
/* Apply an action id for the seat to act; on an error m and the log are unchanged. */
int ec_match_apply(const ec_match_config *cfg, ec_match *m, ec_log *log, int id);
/* Apply a chance event: a cut (n == 2: the cards of game_players[0], [1]) or a deal (n == 32,
 * top first); checked like an action. */
int ec_match_chance(const ec_match_config *cfg, ec_match *m, ec_log *log, const uint8_t *cards,
                    int n);
/* The chance event due now, drawn from the seed (n: 2 or 32, 0 if none is due). */
int ec_match_draw(const ec_match *m, uint8_t cards[32]);
/* Answer the hook asked (m->hook) with ec_hook_answer_size(m->hook) bytes and go on. */
int ec_match_answer(const ec_match_config *cfg, ec_match *m, ec_log *log, const uint8_t *data);
/* Go on after EC_STOP_ROOM. */
int ec_match_resume(const ec_match_config *cfg, ec_match *m, ec_log *log);
/* Rebuild m from the first upto bytes of the log: a fresh start, then every input in it
 * (no hook is asked). Returns EC_STOP_IDLE, EC_STOP_ROOM (grow, then replay again) or an
 * error (EC_ELOG: the log is not one this machine writes). */
int ec_match_replay(const ec_match_config *cfg, ec_match *m, ec_log *log, uint32_t upto);
/* Take back the last apply (and the chance and answers it took): a replay up to it. */
int ec_match_undo(const ec_match_config *cfg, ec_match *m, ec_log *log);

/* ---- batch: random complete matches ---- */
typedef struct ec_match_totals {
    uint64_t matches;
    uint64_t games;   /* games played */
    uint64_t hands;   /* hands begun */
    uint64_t actions; /* decisions */
    uint64_t wins[EC_MATCH_MAX_SEATS]; /* matches won, by seat */
    uint64_t digest;  /* every match's log: d = (d ^ fnv1a64(log)) * 0x100000001B3 */
} ec_match_totals;

/* Zero the totals, digest at the FNV-1a offset basis. */
void ec_match_totals_init(ec_match_totals *t);
/* Play n random complete matches and add them to *totals. rng = ec_rng_seed(seed); match i
 * starts with seed ec_rng_next(&rng) and automatic chance; each decision is the k-th legal
 * id in ascending order, k = ec_rng_below(&rng, count). No hook may be overridden
 * (cfg->hook_mask must be 0: EC_EBADRULES). scratch (cap bytes) holds one match's log at a
 * time: a match that needs more returns EC_STOP_ROOM, the totals unchanged (call again with
 * a larger buffer: the results do not depend on it). Returns EC_OK. */
int ec_random_matches(const ec_match_config *cfg, uint64_t seed, size_t n, uint8_t *scratch,
                      uint32_t cap, ec_match_totals *totals);

/* Room the log must have past nlog before a call (the machine stops for more within a call). */
#define EC_LOG_ROOM 128

#ifdef __cplusplus
}
#endif
#endif /* ECARTE_MACHINE_H */
