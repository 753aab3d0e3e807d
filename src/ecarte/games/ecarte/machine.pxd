# cython: language_level=3
"""Écarté's C ABI (ecarte_rules.h, ecarte_hands.h, ecarte_machine.h, ecarte_view.h),
declared once."""

from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from ecarte._core.core cimport ec_context, ec_play, ec_rng


cdef extern from "ecarte_rules.h" nogil:
    ctypedef struct ec_hand_rules:  # uint8_t fields only: fill_hand_rules copies them as bytes
        uint8_t order[8]

    void ec_hand_rules_default(ec_hand_rules *rules)
    int ec_hand_rules_check(const ec_hand_rules *rules)
    unsigned ec_trick_points(const ec_hand_rules *rules, int elder_tricks, int elder_alone,
                             int refusal, int *elder_scores, int *penalty)


cdef inline int fill_hand_rules(ec_hand_rules *h, bytes raw) except -1:
    """``ec_hand_rules`` from ``raw``, its fields' bytes in order (``_pure_rules.HandRules.
    c_bytes``; the layout is pinned by a test)."""
    if len(raw) != sizeof(ec_hand_rules):
        raise ValueError(f"the hand rules are {sizeof(ec_hand_rules)} bytes, not {len(raw)}")
    memcpy(h, <const char *>raw, sizeof(ec_hand_rules))
    return 0


cdef extern from "ecarte_hands.h" nogil:
    ctypedef struct ec_rules:
        ec_hand_rules hand
        uint8_t deal_pattern
        uint8_t king_points

    ctypedef struct ec_hand_result:
        uint8_t points[2]
        uint8_t tricks[2]
        uint8_t exchanges
        uint8_t flags
        uint16_t actions

    ctypedef struct ec_totals:
        uint64_t hands
        uint64_t points[2]
        uint64_t tricks[2]
        uint64_t voles
        uint64_t exchanges
        uint64_t actions
        uint64_t digest

    void ec_rules_default(ec_rules *rules)
    int ec_rules_check(const ec_rules *rules)
    int ec_random_hands(const ec_rules *rules, uint64_t seed, size_t n, ec_hand_result *out,
                        ec_totals *totals)
    int ec_random_solves(const ec_rules *rules, uint64_t seed, size_t n, int8_t *values,
                         uint8_t *best, uint64_t *digest)
    void ec_totals_init(ec_totals *totals)
    int ec_random_hands_next(const ec_rules *rules, ec_rng *rng, size_t n, ec_hand_result *out,
                             ec_totals *totals)
    int ec_random_solves_next(const ec_rules *rules, ec_rng *rng, size_t n, int8_t *values,
                              uint8_t *best, uint64_t *digest)


cdef extern from "ecarte_machine.h":
    ctypedef struct ec_match_rules:
        ec_hand_rules hand
        uint8_t alternate_packets
        uint8_t lower_cut_deals
        uint8_t king_announcement
        uint8_t game_values
        uint8_t nplayers
        uint32_t target
        uint32_t games_to_win
    ctypedef struct ec_match_config:
        ec_match_rules rules
        uint32_t hook_mask
    ctypedef struct ec_log:
        uint8_t *buf
        uint32_t cap
    ctypedef struct ec_match:
        uint64_t seed
        uint8_t auto_chance
        uint8_t phase
        int8_t to_act
        uint8_t step
        uint8_t hook
        uint8_t hook_args[4]
        uint8_t game_players[2]
        uint8_t dealer
        uint8_t elder
        int8_t winner
        uint8_t chosen_packets
        uint8_t deal_packets
        uint16_t game_number
        uint16_t hand_number
        uint32_t chance_count
        uint32_t scores[16]
        uint32_t games_won[16]
        uint64_t held[2]
        uint64_t discards
        uint8_t turnup
        int8_t trump
        uint8_t stock[21]
        uint8_t stock_top
        uint8_t stock_len
        uint8_t exchanges
        uint8_t ndiscards
        uint8_t discarded[48]
        uint8_t played_without_proposing
        uint8_t refused_after
        uint8_t allowed
        uint8_t disc_least
        uint8_t disc_most
        uint8_t king_seats
        uint8_t announced
        uint8_t in_play
        uint8_t complete
        uint32_t hand_points[2]
        uint32_t hand_kings[2]
        ec_play play
        uint32_t nlog
        uint32_t last_input
        uint32_t deal_at

    enum:
        EC_PH_CUT, EC_PH_PACKETS, EC_PH_DEAL, EC_PH_PROPOSE, EC_PH_RESPOND
        EC_PH_ELDER_DISCARD, EC_PH_DEALER_DISCARD, EC_PH_PLAY, EC_PH_OVER
        EC_CHANCE, EC_TERMINAL, EC_NO_SEAT
        EC_STOP_IDLE, EC_STOP_HOOK, EC_STOP_ROOM, EC_LOG_ROOM
        EC_ENOTNOW, EC_ENOTALLOWED, EC_EDISCARDN, EC_EBADANSWER, EC_ELOG, EC_ECUTLOOP
        EC_ENOUNDOHERE, EC_EBADCHANCE
        EC_NUM_HOOKS
    int ec_match_config_init(ec_match_config *cfg, const ec_match_rules *rules, uint32_t hook_mask)
    int ec_hook_answer_size(int hook)
    const char *ec_hook_name(int hook)
    int ec_match_start(const ec_match_config *cfg, ec_match *m, ec_log *log, uint64_t seed,
                       int auto_chance)
    void ec_match_legal(const ec_match_config *cfg, const ec_match *m, uint64_t out[2])
    int ec_match_apply(const ec_match_config *cfg, ec_match *m, ec_log *log, int id)
    int ec_match_chance(const ec_match_config *cfg, ec_match *m, ec_log *log,
                        const uint8_t *cards, int n)
    int ec_match_draw(const ec_match *m, uint8_t cards[32])
    int ec_match_answer(const ec_match_config *cfg, ec_match *m, ec_log *log,
                        const uint8_t *data)
    int ec_match_resume(const ec_match_config *cfg, ec_match *m, ec_log *log)
    int ec_match_replay(const ec_match_config *cfg, ec_match *m, ec_log *log, uint32_t upto)
    int ec_match_undo(const ec_match_config *cfg, ec_match *m, ec_log *log)
    ctypedef struct ec_match_totals:
        uint64_t matches
        uint64_t games
        uint64_t hands
        uint64_t actions
        uint64_t wins[16]
        uint64_t digest
    void ec_match_totals_init(ec_match_totals *t)
    int ec_random_matches(const ec_match_config *cfg, uint64_t seed, size_t n,
                          uint8_t *scratch, uint32_t cap, ec_match_totals *totals) nogil



cdef extern from "ecarte_view.h":
    enum:
        EC_VIEW_CAP, EC_VIEW_OWN_LIMITS, EC_EBADMARK
    int ec_public_view(const ec_match *m, int nplayers, int least, int most,
                       const uint8_t *since, size_t since_len, uint8_t *mark, size_t mark_cap,
                       size_t *mark_len, uint8_t *out, size_t out_cap, size_t *out_len)

cdef inline int match_config_init(ec_match_config *cfg, tuple rules,
                                  uint32_t hook_mask) except -9999:
    """``ec_match_config_init`` of ``rules``, the machine's rules as a tuple: the hand's rules'
    fields (``_pure_rules.HandRules``), then the other ``ec_match_rules`` fields in order
    (``ecarte.games.ecarte._hooks.machine_rules``); its status (0: rules in range)."""
    cdef ec_match_rules r
    from ecarte.games.ecarte._pure_rules import HandRules

    fill_hand_rules(&r.hand, HandRules(*rules[0]).c_bytes())
    (r.alternate_packets, r.lower_cut_deals, r.king_announcement, r.game_values, r.nplayers,
     r.target, r.games_to_win) = rules[1:]
    return ec_match_config_init(cfg, &r, hook_mask)
