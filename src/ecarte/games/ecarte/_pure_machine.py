"""Pure-Python twin of ``ec_machine.c``: the whole Écarté match as a state machine.

It follows the C file step for step: the same internal steps (``ST_*``), the same order of
operations, the same log bytes, the same statuses and error codes (the C names without the
``EC_`` prefix). See ``ecarte_machine.h`` for the struct, the log format, the hook points
and their answers; everything documented there holds here, with these differences:

- the log is a :class:`bytearray` owned by the caller. The machine writes at index
  ``m.nlog``: over the old bytes while inside it, appending at its end. It must be at least
  ``m.nlog`` bytes long at each call (ValueError otherwise). The twin never runs out of
  room, so it never returns :data:`STOP_ROOM` (a C caller grows its buffer and calls
  ``ec_match_resume``; :func:`match_resume` exists for the same calls);
- :func:`match_answer` returns :data:`EBADANSWER` for data that is not
  ``hook_answer_size(m.hook)`` bytes (C cannot tell);
- :func:`config_init` raises ValueError where C returns ``EC_EBADRULES``.

A :class:`Match` has the fields of ``ec_match`` under the same names, arrays as lists of
their C sizes, and ``play`` a twin of ``ec_play`` (:class:`Play`, reusing the trick
functions of :mod:`ecarte._core._pure`). Two matches are equal field for field when their
:meth:`Match.state` tuples are equal (the twin of a ``memcmp`` of the C structs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ecarte._core._args import _BUDGET
from ecarte._core._pure import Rng, TrickContext
from ecarte._core._pure.tricks import _legal, _winner

from ._pure_rules import HandRules, hand_contexts, hand_rules_ok, trick_points

__all__ = [
    "ANSWER_SIZES",
    "EBADANSWER",
    "EBADCARD",
    "EBADCHANCE",
    "ECUTLOOP",
    "EDISCARDN",
    "EILLEGAL",
    "ELOG",
    "ENOTALLOWED",
    "ENOTNOW",
    "ENOUNDOHERE",
    "HOOK_NAMES",
    "STOP_HOOK",
    "STOP_IDLE",
    "STOP_ROOM",
    "Match",
    "MatchConfig",
    "MatchRules",
    "Play",
    "config_init",
    "hook_answer_size",
    "match_answer",
    "match_apply",
    "match_chance",
    "match_draw",
    "match_legal",
    "match_replay",
    "match_resume",
    "match_start",
    "match_undo",
]

# ---- action ids
ID_PROPOSE: Final = 32
ID_PLAY_HAND: Final = 33
ID_ACCEPT: Final = 34
ID_REFUSE: Final = 35
ID_KING: Final = 36
ID_PACKETS_32: Final = 37
ID_PACKETS_23: Final = 38
ID_DISCARD: Final = 64
NUM_IDS: Final = 96

# ---- phases
PH_CUT: Final = 0
PH_PACKETS: Final = 1
PH_DEAL: Final = 2
PH_PROPOSE: Final = 3
PH_RESPOND: Final = 4
PH_ELDER_DISCARD: Final = 5
PH_DEALER_DISCARD: Final = 6
PH_PLAY: Final = 7
PH_OVER: Final = 8

CHANCE: Final = -1
TERMINAL: Final = -2
NO_SEAT: Final = 255
MATCH_MAX_SEATS: Final = 16

# ---- hook points
H_NEXT_GAME: Final = 0
H_CUT: Final = 1
H_DEAL_PACKETS: Final = 2
H_DEAL: Final = 3
H_EXCHANGE: Final = 4
H_DISCARD_LIMITS: Final = 5
H_KING_POINTS: Final = 6
H_SCORE_HAND: Final = 7
H_NEXT_HAND: Final = 8
H_MATCH_STATUS: Final = 9
NUM_HOOKS: Final = 10

# ---- log tags
LOG_CUT: Final = 0xC0
LOG_DEAL: Final = 0xC1
LOG_AUTO_CUT: Final = 0xC2
LOG_AUTO_DEAL: Final = 0xC3
LOG_ANSWER: Final = 0xC4
LOG_GAME: Final = 0xD0
LOG_CUT_AGAIN: Final = 0xD1
LOG_HAND: Final = 0xD2
LOG_SCORE: Final = 0xD3
LOG_HAND_END: Final = 0xD4
LOG_GAME_END: Final = 0xD5
LOG_MATCH_END: Final = 0xD6

# ---- score kinds
KING_OPTIONAL: Final = 0
"""``EC_KING_*``: by its holder, before (or with) their first card."""
KING_AUTOMATIC: Final = 1
"""Scored for its holder when play starts."""
KING_FIRST_LEAD: Final = 2
"""By either holder before the first lead: the dealer first (king or play-hand), then the
elder (king or the lead)."""
SCORE_TURNED_KING: Final = 0
SCORE_ANNOUNCED: Final = 1
SCORE_HELD_KING: Final = 2
SCORE_TRICKS: Final = 3

# ---- statuses and errors (the core's, then the machine's)
OK: Final = 0
EBADCARD: Final = -4
EBADRULES: Final = -10
EILLEGAL: Final = -13
STOP_IDLE: Final = 0
STOP_HOOK: Final = 1
STOP_ROOM: Final = 2
ENOTNOW: Final = -20
ENOTALLOWED: Final = -21
EDISCARDN: Final = -22
EBADANSWER: Final = -23
ELOG: Final = -24
ECUTLOOP: Final = -25
ENOUNDOHERE: Final = -26
EBADCHANCE: Final = -27

LOG_ROOM: Final = 1024
UINT32_MAX: Final = 0xFFFFFFFF
MUST_OVERTAKE: Final = 1
MUST_TRUMP: Final = 2

# ---- the internal steps (ST_* in ec_machine.c)
ST_NONE: Final = 0
ST_NEXT_GAME: Final = 1
ST_CUT: Final = 2
ST_PACKETS: Final = 3
ST_DEAL: Final = 4
ST_TURNED_KING: Final = 5
ST_PROPOSE_ENTRY: Final = 6
ST_RESPOND_ENTRY: Final = 7
ST_DISCARD_ENTRY: Final = 8
ST_HELD_KING_0: Final = 9
ST_HELD_KING_1: Final = 10
ST_ANNOUNCED: Final = 11
ST_SCORE_HAND: Final = 12
ST_NEXT_HAND: Final = 13
ST_MATCH_STATUS: Final = 14

ANSWER_SIZES: Final = (3, 1, 1, 30, 1, 2, 2, 5, 3, 2)
"""Answer bytes of each hook point ``H_*`` (``ANSWER_SIZE`` in ``ec_machine.c``)."""
HOOK_NAMES: Final = (
    "next_game",
    "cut",
    "deal_packets",
    "deal",
    "exchange_allowed",
    "discard_limits",
    "king_points",
    "score_hand",
    "next_hand",
    "match_status",
)
"""The name of each hook point (``HOOK_NAME`` in ``ec_machine.c``): hook ``h`` asks
``ecarte_<name>``."""
_KING: Final = 11
_NONE: Final = NO_SEAT
PIQUET_DECK: Final = 0x1FE01FE01FE01FE0
_M16: Final = 0xFFFF
_M32: Final = 0xFFFFFFFF
_M64: Final = (1 << 64) - 1
_DISCARDED_SIZE: Final = 48
_POPCOUNT5: Final = tuple(k.bit_count() for k in range(32))


def hook_answer_size(h: int) -> int:
    """Answer bytes of hook ``h`` (after LOG_ANSWER and the hook id), -1 for no such hook."""
    return ANSWER_SIZES[h] if 0 <= h < NUM_HOOKS else -1


# ------------------------------------------------------------ cards


def card_of(i: int) -> int:
    """Card id of piquet index ``i`` (0..31: suit * 8 + rank - 5)."""
    return (i >> 3) * 16 + 5 + (i & 7)


def index_of(card: int) -> int:
    """Piquet index (0..31) of a card id."""
    return (card >> 4) * 8 + (card & 15) - 5


def piquet_mask(m: int) -> int:
    """The 32-bit piquet mask of a card mask."""
    return (m >> 5 & 0xFF) | (m >> 13 & 0xFF00) | (m >> 21 & 0xFF0000) | (m >> 29 & 0xFF000000)


def card_mask(p: int) -> int:
    """The card mask of a 32-bit piquet mask."""
    return (
        ((p & 0xFF) << 5) | ((p & 0xFF00) << 13) | ((p & 0xFF0000) << 21) | ((p & 0xFF000000) << 29)
    )


def _cards_at(hand: int, m: int) -> int:
    """The cards at the positions set in ``m`` of ``hand``, sorted by card id."""
    out = 0
    i = 0
    while hand:
        low = hand & -hand
        if m >> i & 1:
            out |= low
        hand ^= low
        i += 1
    return out


# ------------------------------------------------------------ rules, config


class MatchRules(NamedTuple):
    """The rules of a match (``ec_match_rules``): the rules of each hand (``ec_hand_rules``,
    :class:`._pure_rules.HandRules`), then the match's own; the defaults are the classic
    club game."""

    hand: HandRules = HandRules()
    alternate_packets: int = 0
    lower_cut_deals: int = 0
    king_announcement: int = 0
    game_values: int = 0
    nplayers: int = 2
    target: int = 5
    games_to_win: int = 2


class MatchConfig(NamedTuple):
    """What matches share (``ec_match_config``): the rules, the hooks overridden by the caller
    (bit h of ``hook_mask``) and the trick tables of each trump. Build it with
    :func:`config_init`."""

    rules: MatchRules
    hook_mask: int
    ctx: tuple[TrickContext, TrickContext, TrickContext, TrickContext]


def _is_int(x: object) -> bool:
    return type(x) is int or (isinstance(x, int) and not isinstance(x, bool))


def config_init(rules: MatchRules, hook_mask: int) -> MatchConfig:
    """Check ``rules`` and build the trick tables (``ec_match_config_init``); ValueError
    where C returns ``EC_EBADRULES``."""
    r = rules
    hand = HandRules._make(r.hand)
    order = tuple(hand.order)
    if len(order) != 8 or not all(_is_int(x) for x in order):
        raise ValueError(f"rules.order needs 8 rank ids, not {hand.order!r}")
    if sorted(order) != list(range(5, 13)):
        raise ValueError(f"rules.order {order!r}: the ranks 5..12, each once")
    if not all(_is_int(x) for x in (*hand[1:], *r[1:])) or not _is_int(hook_mask):
        raise ValueError("rules fields and hook_mask must be ints")
    if not (
        hand_rules_ok(hand)
        and 0 <= r.alternate_packets <= 1
        and 0 <= r.lower_cut_deals <= 1
        and 0 <= r.king_announcement <= KING_FIRST_LEAD
        and 0 <= r.game_values <= 1
        and 2 <= r.nplayers <= MATCH_MAX_SEATS
        and 1 <= r.target <= _M32
        and 1 <= r.games_to_win <= _M32
        and 0 <= hook_mask < 1 << NUM_HOOKS
    ):
        raise ValueError(f"a rules field is out of range: {r!r} (hook_mask {hook_mask!r})")
    c0, c1, c2, c3 = hand_contexts(order)
    ctx = (c0, c1, c2, c3)
    return MatchConfig(r._replace(hand=hand._replace(order=order)), int(hook_mask), ctx)


# ------------------------------------------------------------ the play state


class Play:
    """Twin of ``ec_play`` (the play state as plain fields of their C sizes): ``hands[2]``,
    ``cards[10]``, ``leaders[5]``, ``nplayed``, ``to_move``, ``won[2]``, ``flags``."""

    __slots__ = ("cards", "flags", "hands", "leaders", "nplayed", "to_move", "won")

    def __init__(self) -> None:
        self.hands = [0, 0]
        self.cards = [0] * 10
        self.leaders = [0] * 5
        self.nplayed = 0
        self.to_move = 0
        self.won = [0, 0]
        self.flags = 0

    def clear(self) -> None:
        """``memset(p, 0, sizeof *p)``."""
        self.hands[0] = self.hands[1] = 0
        self.cards[:] = _ZERO10
        self.leaders[:] = _ZERO5
        self.nplayed = self.to_move = 0
        self.won[0] = self.won[1] = 0
        self.flags = 0

    def copy(self) -> Play:
        new = Play.__new__(Play)
        new.hands = self.hands.copy()
        new.cards = self.cards.copy()
        new.leaders = self.leaders.copy()
        new.nplayed = self.nplayed
        new.to_move = self.to_move
        new.won = self.won.copy()
        new.flags = self.flags
        return new

    def state(self) -> tuple[object, ...]:
        """Every field, as a comparable tuple."""
        return (
            tuple(self.hands),
            tuple(self.cards),
            tuple(self.leaders),
            self.nplayed,
            self.to_move,
            tuple(self.won),
            self.flags,
        )


_ZERO10: Final = (0,) * 10
_ZERO5: Final = (0,) * 5


def _play_init(p: Play, hand0: int, hand1: int, leader: int, flags: int) -> None:
    """``ec_play_init`` for hands the machine dealt (valid by construction)."""
    p.clear()
    p.hands[0] = hand0
    p.hands[1] = hand1
    p.leaders[0] = leader
    p.to_move = leader
    p.flags = flags


def _play_legal(ctx: TrickContext, p: Play) -> int:
    """``ec_play_legal``."""
    hand = p.hands[p.to_move]
    n = p.nplayed
    if n & 1:
        return _legal(ctx, hand, (p.cards[n - 1],), p.flags)
    return hand


_PLAY_ON: Final = 0
_PLAY_TRICK: Final = 1
_PLAY_OVER: Final = 2


def _play_apply_unchecked(ctx: TrickContext, p: Play, card: int) -> int:
    """``ec_play_apply_unchecked``."""
    mover = p.to_move
    hands, cards = p.hands, p.cards
    hands[mover] &= ~(1 << card)
    n = p.nplayed
    cards[n] = card
    p.nplayed = n = n + 1
    if n & 1:
        p.to_move = mover ^ 1
        return _PLAY_ON
    lead = mover ^ 1
    winner = mover if _winner(ctx, (cards[n - 2], card)) else lead
    p.won[winner] += 1
    p.to_move = winner
    if not (hands[0] | hands[1]):
        return _PLAY_OVER
    p.leaders[n // 2] = winner
    return _PLAY_TRICK


# ------------------------------------------------------------ the match

_FIELDS: Final = (
    "seed",
    "auto_chance",
    "phase",
    "to_act",
    "step",
    "hook",
    "hook_args",
    "game_players",
    "dealer",
    "elder",
    "winner",
    "chosen_packets",
    "deal_packets",
    "cuts",
    "game_number",
    "hand_number",
    "chance_count",
    "scores",
    "games_won",
    "games_played",
    "held",
    "discards",
    "turnup",
    "trump",
    "stock",
    "stock_top",
    "stock_len",
    "exchanges",
    "ndiscards",
    "discarded",
    "played_without_proposing",
    "refused_after",
    "allowed",
    "disc_least",
    "disc_most",
    "king_seats",
    "announced",
    "in_play",
    "complete",
    "hand_points",
    "hand_kings",
    "play",
    "nlog",
    "input_end",
    "last_input",
    "deal_at",
    "replaying",
)


class Match:
    """Twin of ``ec_match``: the fields of the C struct under the same names (see
    ``ecarte_machine.h``). A new Match is all zeros, like a zeroed C struct; start it with
    :func:`match_start`."""

    __slots__ = _FIELDS

    def __init__(self) -> None:
        self.seed = 0
        self.auto_chance = 0
        self.phase = 0
        self.to_act = 0
        self.step = 0
        self.hook = 0
        self.hook_args = [0, 0, 0, 0]
        self.game_players = [0, 0]
        self.dealer = 0
        self.elder = 0
        self.winner = 0
        self.chosen_packets = 0
        self.deal_packets = 0
        self.cuts = 0
        self.game_number = 0
        self.hand_number = 0
        self.chance_count = 0
        self.scores = [0] * MATCH_MAX_SEATS
        self.games_won = [0] * MATCH_MAX_SEATS
        self.games_played = 0
        self.held = [0, 0]
        self.discards = 0
        self.turnup = 0
        self.trump = 0
        self.stock = [0] * 21
        self.stock_top = 0
        self.stock_len = 0
        self.exchanges = 0
        self.ndiscards = 0
        self.discarded = [0] * _DISCARDED_SIZE
        self.played_without_proposing = 0
        self.refused_after = 0
        self.allowed = 0
        self.disc_least = 0
        self.disc_most = 0
        self.king_seats = 0
        self.announced = 0
        self.in_play = 0
        self.complete = 0
        self.hand_points = [0, 0]
        self.hand_kings = [0, 0]
        self.play = Play()
        self.nlog = 0
        self.input_end = 0
        self.last_input = 0
        self.deal_at = 0
        self.replaying = 0

    def copy(self) -> Match:
        """An independent copy (the C struct assignment)."""
        new = Match.__new__(Match)
        for name in _FIELDS:
            v = getattr(self, name)
            if type(v) is list or type(v) is Play:
                v = v.copy()
            setattr(new, name, v)
        return new

    def state(self) -> tuple[object, ...]:
        """Every field in C order, lists as tuples: equal states are equal C structs."""
        out: list[object] = []
        for name in _FIELDS:
            v = getattr(self, name)
            if type(v) is list:
                v = tuple(v)
            elif type(v) is Play:
                v = v.state()
            out.append(v)
        return tuple(out)

    def __repr__(self) -> str:
        return (
            f"Match(phase={self.phase}, to_act={self.to_act}, step={self.step}, "
            f"hook={self.hook}, game={self.game_number}, hand={self.hand_number}, "
            f"nlog={self.nlog})"
        )


# ------------------------------------------------------------ log


def _put(m: Match, log: bytearray, byte: int) -> None:
    n = m.nlog
    if n < len(log):
        log[n] = byte
    else:
        log.append(byte)
    m.nlog = n + 1


def _write(m: Match, log: bytearray, data: Sequence[int]) -> None:
    """put() of each byte of ``data`` in turn."""
    n = m.nlog
    k = len(data)
    log[n : n + k] = data  # (a bytearray takes any sequence of bytes' values)
    m.nlog = n + k


def _le16(v: int) -> tuple[int, int]:
    return (v & 0xFF, v >> 8 & 0xFF)


def _le32(v: int) -> tuple[int, int, int, int]:
    return (v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF, v >> 24 & 0xFF)


def _get32(log: bytearray, at: int) -> int:
    return log[at] | log[at + 1] << 8 | log[at + 2] << 16 | log[at + 3] << 24


class _Stop(Exception):
    """A step stops the machine with ``status`` (STOP_HOOK or ELOG): ``ask()`` returned it
    in C, and the step returned it at once."""

    def __init__(self, status: int) -> None:
        self.status = status


def _ask(cfg: MatchConfig, m: Match, log: bytearray, h: int) -> bytearray | None:
    """None when no caller overrides hook ``h`` (answer it here), else the caller's answer,
    consumed from the log; :class:`_Stop` with STOP_HOOK when the answer is still due, or
    with ELOG when the log holds another input."""
    if not cfg.hook_mask >> h & 1:
        return None
    if m.nlog < m.input_end:
        p = m.nlog
        size = ANSWER_SIZES[h]
        if m.input_end - p < 2 + size or log[p] != LOG_ANSWER or log[p + 1] != h:
            raise _Stop(ELOG)
        m.nlog = p + 2 + size
        m.hook = 255
        return log[p + 2 : m.nlog]
    m.hook = h
    raise _Stop(STOP_HOOK)


# ------------------------------------------------------------ flow


def _other(m: Match, seat: int) -> int:
    gp = m.game_players
    return gp[1] if gp[0] == seat else gp[0]


def _seat_at(m: Match, pos: int) -> int:
    return m.dealer if pos else m.elder


def _reset_hand(m: Match) -> None:
    m.held[0] = m.held[1] = 0
    m.discards = 0
    m.turnup = 255
    m.trump = -1
    m.stock_top = m.stock_len = 0
    m.exchanges = m.ndiscards = 0
    m.played_without_proposing = 0
    m.refused_after = 255
    m.allowed = 0
    m.disc_least = m.disc_most = 0
    m.king_seats = m.announced = 0
    m.in_play = m.complete = 0
    m.hand_points[0] = m.hand_points[1] = 0
    m.hand_kings[0] = m.hand_kings[1] = 0
    m.deal_packets = 0
    m.play.clear()


def _start_hand(m: Match, dealer: int) -> None:
    m.hand_number = (m.hand_number + 1) & _M16
    _reset_hand(m)
    m.dealer = dealer
    m.elder = _other(m, dealer)
    m.step = ST_PACKETS


def _end_hand(m: Match, log: bytearray) -> None:
    in_play = m.in_play
    _write(
        m,
        log,
        (
            LOG_HAND_END,
            *_le16(m.hand_number),
            m.dealer,
            m.elder,
            m.turnup,
            m.play.won[0] if in_play else 0,
            m.play.won[1] if in_play else 0,
            *_le16(m.hand_points[0]),
            *_le16(m.hand_points[1]),
            *_le16(m.hand_kings[0]),
            *_le16(m.hand_kings[1]),
            m.complete,
            *_le32(m.scores[m.elder]),
            *_le32(m.scores[m.dealer]),
        ),
    )


def _end_game(cfg: MatchConfig, m: Match, log: bytearray, winner: int) -> None:
    r = cfg.rules
    loser = _other(m, winner)
    value = 1
    _end_hand(m, log)
    if r.game_values:
        lost = m.scores[loser]
        value = 3 if lost == 0 else 2 if lost <= 2 else 1
    data = [
        LOG_GAME_END,
        *_le16(m.game_number),
        m.game_players[0],
        m.game_players[1],
        winner,
        loser,
        value,
    ]
    for s in range(r.nplayers):
        data.extend(_le32(m.scores[s]))
    _write(m, log, data)
    m.games_won[winner] = (m.games_won[winner] + 1) & _M32
    m.games_played = (m.games_played + 1) & _M32
    m.hook_args[0] = winner  # MATCH_STATUS: the game's winner
    m.step = ST_MATCH_STATUS


def _score(cfg: MatchConfig, m: Match, log: bytearray, pos: int, points: int, kind: int) -> int:
    """Claim points; 1 when they end the game."""
    seat = _seat_at(m, pos)
    m.scores[seat] = total = (m.scores[seat] + points) & _M32
    m.hand_points[pos] = (m.hand_points[pos] + points) & _M32
    if kind != SCORE_TRICKS:
        m.hand_kings[pos] = (m.hand_kings[pos] + points) & _M32
    _write(m, log, (LOG_SCORE, seat, kind, *_le16(points), *_le32(total)))
    if total >= cfg.rules.target:
        _end_game(cfg, m, log, seat)
        return 1
    return 0


def _start_play(cfg: MatchConfig, m: Match) -> None:
    king = m.trump * 16 + _KING
    m.phase = PH_PLAY
    m.to_act = m.elder
    m.in_play = 1
    _play_init(m.play, m.held[0], m.held[1], 0, cfg.rules.hand.play_flags)
    if cfg.rules.king_announcement == KING_AUTOMATIC:
        m.step = ST_HELD_KING_0
        return
    m.king_seats = (m.held[0] >> king & 1) | (m.held[1] >> king & 1) << 1
    if cfg.rules.king_announcement == KING_FIRST_LEAD:
        m.to_act = m.dealer  # the dealer's window, before the elder leads


def _enter_discard(m: Match, pos: int) -> None:
    m.phase = PH_DEALER_DISCARD if pos else PH_ELDER_DISCARD
    m.to_act = _seat_at(m, pos)
    m.hook_args[0] = m.to_act
    m.step = ST_DISCARD_ENTRY


def _enter_propose(m: Match) -> None:
    m.phase = PH_PROPOSE
    m.to_act = m.elder
    m.hook_args[0] = m.elder
    m.hook_args[1] = 0
    m.step = ST_PROPOSE_ENTRY


# ------------------------------------------------------------ the steps
# Each returns 0 to go on, or a status or error to stop with (step() in C, one function per
# case of its switch).


def _st_next_game(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    p0, p1, dealer = 0, 1, _NONE
    m.hook_args[0] = 1 if m.games_played > 0 else 0
    answer = _ask(cfg, m, log, H_NEXT_GAME)
    if answer is not None:
        p0, p1, dealer = answer
        if (
            p0 == p1
            or p0 >= r.nplayers
            or p1 >= r.nplayers
            or (dealer != _NONE and dealer != p0 and dealer != p1)
        ):
            return EBADANSWER
    elif m.games_played > 0:
        p0 = m.game_players[0]
        p1 = m.game_players[1]
        dealer = m.hook_args[1]  # the last game's loser (end_game's MATCH_STATUS step)
    m.game_number = (m.game_number + 1) & _M16
    m.game_players[0] = p0
    m.game_players[1] = p1
    m.scores[:] = _ZERO_SEATS
    m.chosen_packets = 0
    _write(m, log, (LOG_GAME, *_le16(m.game_number), p0, p1, dealer))
    m.step = ST_NONE
    if dealer == _NONE:
        _reset_hand(m)
        m.dealer = m.elder = _NONE
        m.cuts = 0
        m.phase = PH_CUT
        m.to_act = CHANCE
    else:
        _start_hand(m, dealer)
    return 0


_ZERO_SEATS: Final = (0,) * MATCH_MAX_SEATS


def _st_cut(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    answer = _ask(cfg, m, log, H_CUT)
    if answer is not None:
        dealer = answer[0]
        if dealer != _NONE and dealer != m.game_players[0] and dealer != m.game_players[1]:
            return EBADANSWER
    else:
        a = b = -1
        for i in range(8):
            if r.hand.order[i] == m.hook_args[0] & 15:
                a = i
            if r.hand.order[i] == m.hook_args[1] & 15:
                b = i
        if a == b:
            dealer = _NONE
        else:
            higher = m.game_players[0] if a < b else m.game_players[1]
            dealer = _other(m, higher) if r.lower_cut_deals else higher
    m.step = ST_NONE
    if dealer == _NONE:
        _put(m, log, LOG_CUT_AGAIN)
        m.cuts = (m.cuts + 1) & 0xFF
        if m.cuts >= 100:
            return ECUTLOOP
        return 0
    m.cuts = 0
    _start_hand(m, dealer)
    return 0


def _st_packets(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    m.hook_args[0] = m.dealer
    answer = _ask(cfg, m, log, H_DEAL_PACKETS)
    if answer is not None:
        packets = answer[0]
        if packets != 32 and packets != 23 and packets != 0:
            return EBADANSWER
    elif r.alternate_packets:
        packets = 32 if m.hand_number % 2 == 1 else 23
    else:
        packets = m.chosen_packets
    m.step = ST_NONE
    if packets == 0:
        m.phase = PH_PACKETS
        m.to_act = m.dealer
    else:
        m.deal_packets = packets
        m.phase = PH_DEAL
        m.to_act = CHANCE
    return 0


def _st_deal(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    deck = m.deal_at
    m.hook_args[0] = m.dealer
    answer = _ask(cfg, m, log, H_DEAL)
    if answer is not None:
        h0 = card_mask(_get32(answer, 0))
        h1 = card_mask(_get32(answer, 4))
        turnup = answer[8]
        stock = answer[9:30]
        seen = h0 | h1
        if (
            h0.bit_count() != 5
            or h1.bit_count() != 5
            or h0 & h1
            or turnup > 63
            or not PIQUET_DECK >> turnup & 1
            or seen >> turnup & 1
        ):
            return EBADANSWER
        seen |= 1 << turnup
        for c in stock:
            if c > 63 or not PIQUET_DECK >> c & 1 or seen >> c & 1:
                return EBADANSWER
            seen |= 1 << c
    else:
        # each packet goes to the elder, then to the dealer
        first = m.deal_packets // 10
        second = 5 - first
        end = 10
        h0 = h1 = 0
        for i in range(first):
            h0 |= 1 << log[deck + i]
            h1 |= 1 << log[deck + first + i]
        for i in range(second):
            h0 |= 1 << log[deck + 2 * first + i]
            h1 |= 1 << log[deck + end - second + i]
        turnup = log[deck + end]
        stock = log[deck + end + 1 : deck + end + 22]
    m.held[0] = h0
    m.held[1] = h1
    m.turnup = turnup
    m.trump = turnup >> 4
    m.stock[:] = stock
    m.stock_top = 0
    m.stock_len = 21
    _write(m, log, (LOG_HAND, *_le16(m.hand_number), m.dealer, m.deal_packets // 10, turnup))
    _enter_propose(m)
    if turnup & 15 == _KING:
        m.step = ST_TURNED_KING
    return 0


def _st_king(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    """ST_TURNED_KING, ST_HELD_KING_0, ST_HELD_KING_1 and ST_ANNOUNCED."""
    points = 1
    st = m.step
    if st == ST_TURNED_KING:
        pos = 1
        kind = SCORE_TURNED_KING
    elif st == ST_ANNOUNCED:
        pos = m.hook_args[2]
        kind = SCORE_ANNOUNCED
    else:
        king = m.trump * 16 + _KING
        pos = 1 if st == ST_HELD_KING_1 else 0
        kind = SCORE_HELD_KING
        if not m.held[pos] >> king & 1:
            m.step = ST_NONE if pos else ST_HELD_KING_1
            return 0
    m.hook_args[0] = _seat_at(m, pos)
    m.hook_args[1] = 1 if kind == SCORE_TURNED_KING else 0
    m.hook_args[2] = pos
    answer = _ask(cfg, m, log, H_KING_POINTS)
    if answer is not None:
        points = answer[0] | answer[1] << 8
    if kind == SCORE_HELD_KING:
        m.announced |= 1 << pos
    m.step = (
        ST_PROPOSE_ENTRY
        if st == ST_TURNED_KING
        else ST_HELD_KING_1
        if st == ST_HELD_KING_0
        else ST_NONE
    )
    if points:
        _score(cfg, m, log, pos, points, kind)
    return 0


def _st_exchange_entry(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    """ST_PROPOSE_ENTRY and ST_RESPOND_ENTRY."""
    r = cfg.rules
    respond = m.step == ST_RESPOND_ENTRY
    m.hook_args[0] = m.to_act & 0xFF
    m.hook_args[1] = 1 if respond else 0
    answer = _ask(cfg, m, log, H_EXCHANGE)
    if answer is not None:
        allowed = answer[0]
        # a proposal needs room for two more discards in m.discarded (24 exchanges at most)
        if allowed == 0 or allowed > 3 or (not respond and allowed & 1 and m.ndiscards > 46):
            return EBADANSWER
    elif not respond:
        least = r.hand.elder_min_discard if r.hand.elder_min_discard > 1 else 1
        n = m.ndiscards
        # an exchange in which neither side discarded ends the proposals
        idle = n >= 2 and m.discarded[n - 1] == 0 and m.discarded[n - 2] == 0
        allowed = 2 | (1 if not idle and m.stock_len >= least else 0)
    else:
        allowed = 3
    m.allowed = allowed
    m.step = ST_NONE
    return 0


def _st_discard_entry(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    pos = 1 if m.phase == PH_DEALER_DISCARD else 0
    m.hook_args[0] = m.to_act & 0xFF
    answer = _ask(cfg, m, log, H_DISCARD_LIMITS)
    if answer is not None:
        least, most = answer
        if least > most or most > 5:
            return EBADANSWER
    else:
        least = r.hand.dealer_min_discard if pos else r.hand.elder_min_discard
        most = 5
    if most > m.stock_len:
        most = m.stock_len
    if least > most:
        least = most
    m.disc_least = least
    m.disc_most = most
    m.step = ST_NONE
    return 0


def _st_score_hand(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    answer = _ask(cfg, m, log, H_SCORE_HAND)
    if answer is not None:
        first = answer[0]
        if first > 1:
            return EBADANSWER
        one = answer[1] | answer[2] << 8
        two = answer[3] | answer[4] << 8
        e_points = two if first else one
        d_points = one if first else two
    else:
        refused = m.refused_after != 255 and (
            m.refused_after == 0 or r.hand.penalty_every_refusal != 0
        )
        points, elder_scores, _ = trick_points(
            r.hand, m.play.won[0], bool(m.played_without_proposing), refused
        )
        first = 0 if elder_scores else 1
        e_points = points if elder_scores else 0
        d_points = 0 if elder_scores else points
    m.step = ST_NEXT_HAND
    pts = (e_points, d_points)
    for k in range(2):
        pos = (0 if first else 1) if k else first
        if pts[pos] and _score(cfg, m, log, pos, pts[pos], SCORE_TRICKS):
            return 0
    _end_hand(m, log)
    return 0


def _st_next_hand(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    p0, p1, dealer = m.dealer, m.elder, m.elder
    answer = _ask(cfg, m, log, H_NEXT_HAND)
    if answer is not None:
        p0, p1, dealer = answer
        if p0 == p1 or p0 >= r.nplayers or p1 >= r.nplayers or (dealer != p0 and dealer != p1):
            return EBADANSWER
    m.game_players[0] = p0
    m.game_players[1] = p1
    _start_hand(m, dealer)
    return 0


def _st_match_status(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    r = cfg.rules
    winner = m.hook_args[0]
    match_winner = winner
    answer = _ask(cfg, m, log, H_MATCH_STATUS)
    if answer is not None:
        over, match_winner = answer
        if over > 1 or (over and match_winner >= r.nplayers):
            return EBADANSWER
    else:
        over = 1 if m.games_won[winner] >= r.games_to_win else 0
    if over:
        m.phase = PH_OVER
        m.to_act = TERMINAL
        m.winner = match_winner
        m.step = ST_NONE
        _write(m, log, (LOG_MATCH_END, match_winner))
    else:
        m.hook_args[1] = _other(m, winner)  # NEXT_GAME: the loser deals
        m.step = ST_NEXT_GAME
    return 0


def _st_default(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    m.step = ST_NONE
    return 0


_STEPS: Final = (
    _st_default,  # ST_NONE
    _st_next_game,
    _st_cut,
    _st_packets,
    _st_deal,
    _st_king,  # ST_TURNED_KING
    _st_exchange_entry,  # ST_PROPOSE_ENTRY
    _st_exchange_entry,  # ST_RESPOND_ENTRY
    _st_discard_entry,
    _st_king,  # ST_HELD_KING_0
    _st_king,  # ST_HELD_KING_1
    _st_king,  # ST_ANNOUNCED
    _st_score_hand,
    _st_next_hand,
    _st_match_status,
)


def _step(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    # ROOM(m, L) never holds: the log grows as needed
    st = m.step
    try:
        return (_STEPS[st] if st < len(_STEPS) else _st_default)(cfg, m, log)
    except _Stop as stop:
        return stop.status


# ------------------------------------------------------------ chance


def _chance_seed(m: Match, k: int) -> int:
    return m.seed ^ ((k * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & _M64)


_PIQUET_CARDS: Final = tuple(card_of(i) for i in range(32))


def match_draw(m: Match) -> tuple[int, ...]:
    """The chance event due now, drawn from the seed: a cut (2 cards), a deal (32 cards, top
    first), or ``()`` when none is due (``ec_match_draw``)."""
    if m.step != ST_NONE or (m.phase != PH_CUT and m.phase != PH_DEAL):
        return ()
    rng = Rng(_chance_seed(m, m.chance_count))
    below = rng._below
    deck = list(_PIQUET_CARDS)
    if m.phase == PH_CUT:
        a = below(32)
        b = below(31)
        return (deck[a], deck[b + 1 if b >= a else b])
    # Fisher-Yates from the top; below(i + 1) is Rng._below written out here (the twin's
    # hottest loop: 31 draws a deal)
    bound, frac = rng.bound, rng.frac
    for i in range(31, 0, -1):
        n = i + 1
        bound *= n
        if bound > _BUDGET:  # the fraction's bits are spent: a new 64-bit output
            frac = rng.next_u64()
            bound = n
        t = frac * n
        frac = t & _M64
        j = t >> 64
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _check_chance(m: Match, cards: Sequence[int]) -> int:
    n = len(cards)
    due = (m.phase == PH_CUT and n == 2) or (m.phase == PH_DEAL and n == 32)
    if m.step != ST_NONE or not due:
        return ENOTNOW
    seen = 0
    for c in cards:
        if type(c) is not int and not _is_int(c):
            return EBADCHANCE
        if not 0 <= c <= 63:
            return EBADCHANCE
        bit = 1 << c
        if not PIQUET_DECK & bit or seen & bit:
            return EBADCHANCE
        seen |= bit
    return OK


def _take_chance(m: Match, log: bytearray, cards: Sequence[int], automatic: bool) -> None:
    """Log a checked chance event and set the step that reads it."""
    n = len(cards)
    if n == 2:
        _put(m, log, LOG_AUTO_CUT if automatic else LOG_CUT)
    else:
        _put(m, log, LOG_AUTO_DEAL if automatic else LOG_DEAL)
    m.chance_count = (m.chance_count + 1) & _M32
    if n == 2:
        m.hook_args[0] = cards[0]
        m.hook_args[1] = cards[1]
        _write(m, log, cards)
        m.step = ST_CUT
    else:
        m.deal_at = m.nlog
        _write(m, log, cards)
        m.step = ST_DEAL


def _run(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    """Run the steps, and automatic chance, until the machine waits; then nothing of the log
    is left to consume (input_end == nlog), whatever wrote it."""
    r = _run_steps(cfg, m, log)
    if not m.replaying and m.input_end < m.nlog:
        m.input_end = m.nlog
    return r


def _run_steps(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    while True:
        if m.step != ST_NONE:
            r = _step(cfg, m, log)
            if r != 0:
                return r
            continue
        if m.phase == PH_CUT or m.phase == PH_DEAL:
            if m.nlog < m.input_end:  # replay: a chance drawn inside that apply?
                tag = log[m.nlog]
                if tag != LOG_AUTO_CUT and tag != LOG_AUTO_DEAL:
                    return STOP_IDLE
                n = 2 if tag == LOG_AUTO_CUT else 32
                if m.input_end - m.nlog < n + 1:
                    return ELOG
                cards: Sequence[int] = log[m.nlog + 1 : m.nlog + 1 + n]
                if _check_chance(m, cards) != OK:
                    return ELOG
            else:
                if not m.auto_chance or m.replaying:
                    return STOP_IDLE
                # ROOM(m, L) never holds
                cards = match_draw(m)
            _take_chance(m, log, cards, True)
            continue
        return STOP_IDLE


# ------------------------------------------------------------ public calls


def _check_log(m: Match, log: bytearray) -> None:
    if type(log) is not bytearray and not isinstance(log, bytearray):
        raise TypeError(f"the log is a bytearray, not {type(log).__name__}")
    if len(log) < m.nlog:
        raise ValueError(f"the log holds {len(log)} bytes, fewer than the match's {m.nlog}")


def _init(m: Match, seed: int, auto_chance: int) -> None:
    play = m.play
    Match.__init__(m)
    m.play = play
    play.clear()
    m.seed = seed & _M64
    m.auto_chance = 1 if auto_chance else 0
    m.to_act = CHANCE
    m.dealer = m.elder = _NONE
    m.winner = -1
    m.turnup = 255
    m.trump = -1
    m.refused_after = 255
    m.last_input = UINT32_MAX
    m.hook = 255
    m.step = ST_NEXT_GAME


def match_start(
    cfg: MatchConfig, m: Match, log: bytearray, seed: int, auto_chance: int | bool
) -> int:
    """Start a match: the first game begins (its hooks, and the cut and deal when chance is
    automatic). Returns a STOP_* status or an error (``ec_match_start``)."""
    if not _is_int(seed) or not 0 <= seed <= _M64:
        raise ValueError(f"seed must be a 64-bit unsigned int, not {seed!r}")
    _init(m, seed, int(auto_chance))
    _check_log(m, log)
    return _run(cfg, m, log)


def match_resume(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    """Go on after STOP_ROOM (never returned by this twin; harmless otherwise)."""
    _check_log(m, log)
    if m.step == ST_NONE and m.phase != PH_CUT and m.phase != PH_DEAL:
        return STOP_IDLE
    return _run(cfg, m, log)


def _dealer_window(m: Match) -> bool:
    """True while the dealer answers the first-lead window (``KING_FIRST_LEAD``)."""
    return m.phase == PH_PLAY and m.play.nplayed == 0 and m.to_act == m.dealer


def _may_announce(cfg: MatchConfig, m: Match, pos: int) -> bool:
    """May position ``pos`` announce the king of trumps now: it holds it, has not announced
    it, and has not played a card (first-lead window: nobody has)."""
    window = 0 if cfg.rules.king_announcement == KING_FIRST_LEAD else pos
    return bool(m.king_seats >> pos & 1 and not m.announced >> pos & 1 and m.play.nplayed <= window)


_DISCARD_MASKS: Final = tuple(
    tuple(sum(1 << k for k in range(32) if least <= _POPCOUNT5[k] <= most) for most in range(6))
    for least in range(6)
)


def match_legal(cfg: MatchConfig, m: Match) -> tuple[int, int]:
    """Legal action ids: bit i of the first word is id i (0..63), bit i of the second is id
    64 + i (``ec_match_legal``)."""
    if m.step != ST_NONE:
        return (0, 0)
    ph = m.phase
    if ph == PH_PLAY:
        p = m.play
        if p.nplayed == 0 and m.to_act == m.dealer:  # _dealer_window(m)
            return (1 << ID_PLAY_HAND | (1 << ID_KING if _may_announce(cfg, m, 1) else 0), 0)
        out = piquet_mask(_play_legal(cfg.ctx[m.trump], p))
        if m.king_seats and _may_announce(cfg, m, p.to_move):
            out |= 1 << ID_KING
        return (out, 0)
    if ph == PH_PROPOSE:
        return (m.allowed << ID_PROPOSE, 0)
    if ph == PH_RESPOND:
        return (m.allowed << ID_ACCEPT, 0)
    if ph in (PH_ELDER_DISCARD, PH_DEALER_DISCARD):
        # every position mask of disc_least..disc_most of the 5 cards
        least, most = m.disc_least, m.disc_most
        if least <= 5 and most <= 5:
            return (0, _DISCARD_MASKS[least][most])
        return (0, sum(1 << k for k in range(32) if least <= _POPCOUNT5[k] <= most))
    if ph == PH_PACKETS:  # either pattern
        return _phase_ids(m)
    return (0, 0)


def _phase_ids(m: Match) -> tuple[int, int]:
    """The ids the phase takes, legal now or not (as :func:`match_legal`'s): the cards and
    the king in play (play-hand too in the dealer's first-lead window), the two answers of a
    proposal and of a response, every discard, the two deal patterns (``phase_ids``)."""
    ph = m.phase
    if ph == PH_PLAY:
        return (0xFFFFFFFF | 1 << ID_KING | (1 << ID_PLAY_HAND if _dealer_window(m) else 0), 0)
    if ph in (PH_ELDER_DISCARD, PH_DEALER_DISCARD):
        return (0, 0xFFFFFFFF)
    return (_ONE_OF.get(ph, 0), 0)


_ONE_OF = {
    PH_PROPOSE: 1 << ID_PROPOSE | 1 << ID_PLAY_HAND,
    PH_RESPOND: 1 << ID_ACCEPT | 1 << ID_REFUSE,
    PH_PACKETS: 1 << ID_PACKETS_32 | 1 << ID_PACKETS_23,
}
"""The two ids each phase of two answers takes."""


def _check_action(cfg: MatchConfig, m: Match, id: int) -> int:
    """OK, or the error for ``id`` from the seat to act (nothing changed)."""
    if id < 0 or id >= NUM_IDS or (ID_PACKETS_23 < id < ID_DISCARD):
        return EBADCARD
    legal = match_legal(cfg, m)
    if legal[id >> 6] >> (id & 63) & 1:
        return OK  # (a legal id is one the phase takes: the checks below find why not)
    if m.step != ST_NONE or m.to_act < 0 or not _phase_ids(m)[id >> 6] >> (id & 63) & 1:
        return ENOTNOW
    if id >= ID_DISCARD:
        return EDISCARDN
    return EILLEGAL if id < ID_PROPOSE else ENOTALLOWED


def match_apply(cfg: MatchConfig, m: Match, log: bytearray, id: int) -> int:
    """Apply action ``id`` for the seat to act; on an error ``m`` and the log are unchanged
    (``ec_match_apply``)."""
    _check_log(m, log)
    if type(id) is not int and not _is_int(id):
        return EBADCARD
    err = _check_action(cfg, m, id)
    seat = m.to_act
    if err != OK:
        return err
    m.last_input = m.nlog
    if id < ID_PROPOSE:
        _write(m, log, (id, seat))
        ctx = cfg.ctx[m.trump]
        status = _play_apply_unchecked(ctx, m.play, card_of(id))
        m.to_act = _seat_at(m, m.play.to_move)
        if status == _PLAY_OVER:
            m.complete = 1
            m.step = ST_SCORE_HAND
    elif id >= ID_DISCARD:
        pos = 1 if m.phase == PH_DEALER_DISCARD else 0
        cards = _cards_at(m.held[pos], id - ID_DISCARD)
        n = cards.bit_count()
        _write(m, log, (id, seat, *_le32(piquet_mask(cards))))
        held = m.held[pos] & ~cards
        m.discards |= cards
        top = m.stock_top
        for i in range(n):
            held |= 1 << m.stock[top + i]
        m.held[pos] = held
        m.stock_top = top + n
        m.stock_len -= n
        m.discarded[m.ndiscards] = n
        m.ndiscards += 1
        if pos == 0:
            _enter_discard(m, 1)
        else:
            m.exchanges += 1
            _enter_propose(m)
    else:
        _write(m, log, (id, seat))
        if id == ID_PROPOSE:
            m.phase = PH_RESPOND
            m.to_act = m.dealer
            m.step = ST_RESPOND_ENTRY
        elif id == ID_PLAY_HAND:
            if m.phase == PH_PLAY:  # the dealer lets play begin without announcing
                m.to_act = m.elder
            else:
                m.played_without_proposing = 1 if m.exchanges == 0 else 0
                _start_play(cfg, m)
        elif id == ID_ACCEPT:
            _enter_discard(m, 0)
        elif id == ID_REFUSE:
            m.refused_after = m.exchanges
            _start_play(cfg, m)
        elif id == ID_KING:
            window = _dealer_window(m)
            pos = 1 if window else m.play.to_move
            m.announced |= 1 << pos
            m.hook_args[2] = pos
            if window:  # the dealer announced: the elder announces or leads
                m.to_act = m.elder
            m.step = ST_ANNOUNCED
        else:  # packets
            m.chosen_packets = m.deal_packets = 32 if id == ID_PACKETS_32 else 23
            m.phase = PH_DEAL
            m.to_act = CHANCE
    return _run(cfg, m, log)


def match_chance(cfg: MatchConfig, m: Match, log: bytearray, cards: Sequence[int]) -> int:
    """Apply a chance event: a cut (2 cards: those of ``game_players[0]`` and ``[1]``) or a
    deal (32 cards, top first); checked like an action (``ec_match_chance``)."""
    _check_log(m, log)
    err = _check_chance(m, cards)
    if err != OK:
        return err
    m.last_input = m.nlog
    _take_chance(m, log, cards, False)
    return _run(cfg, m, log)


def match_answer(cfg: MatchConfig, m: Match, log: bytearray, data: bytes) -> int:
    """Answer the hook asked (``m.hook``) with ``hook_answer_size(m.hook)`` bytes and go on
    (``ec_match_answer``). An answer out of range returns EBADANSWER and changes nothing."""
    _check_log(m, log)
    h = m.hook
    if m.step == ST_NONE or h >= NUM_HOOKS or m.nlog < m.input_end:
        return ENOTNOW
    n = ANSWER_SIZES[h]
    if len(data) != n:
        return EBADANSWER
    at = m.nlog
    _write(m, log, (LOG_ANSWER, h, *data))
    m.nlog = at  # the step consumes it as an input
    m.input_end = at + n + 2
    r = _run(cfg, m, log)
    if r == EBADANSWER and m.nlog == at + n + 2:
        # the step refused the answer it just read: take it back, ask again
        m.nlog = m.input_end = at
        m.hook = h
    return r


def _replay_inputs(cfg: MatchConfig, m: Match, log: bytearray, upto: int) -> int:
    r = _run(cfg, m, log)
    while r >= 0 and m.nlog < upto:
        p = m.nlog
        tag = log[p]
        if r != STOP_IDLE:
            return ELOG  # a hook the log does not answer: not our log
        if tag < NUM_IDS:
            if upto - p < (6 if tag >= ID_DISCARD else 2) or log[p + 1] != m.to_act & 0xFF:
                return ELOG
            r = match_apply(cfg, m, log, tag)
            if r in (EILLEGAL, ENOTNOW, ENOTALLOWED, EDISCARDN, EBADCARD):
                return ELOG
        elif tag in (LOG_CUT, LOG_DEAL):
            n = 2 if tag == LOG_CUT else 32
            if upto - p < n + 1:
                return ELOG
            r = match_chance(cfg, m, log, log[p + 1 : p + 1 + n])
            if r in (ENOTNOW, EBADCHANCE):
                return ELOG
        else:
            return ELOG
    if r < 0:
        return r
    return r if m.nlog == upto and r == STOP_IDLE else ELOG


def match_replay(cfg: MatchConfig, m: Match, log: bytearray, upto: int) -> int:
    """Rebuild ``m`` from the first ``upto`` bytes of the log: a fresh start (same seed and
    auto_chance), then every input in it, no hook asked (``ec_match_replay``). Returns
    STOP_IDLE or an error (ELOG: not a log this machine writes)."""
    if not isinstance(log, bytearray):
        raise TypeError(f"the log is a bytearray, not {type(log).__name__}")
    if upto < 0 or upto > len(log):
        return ELOG
    _init(m, m.seed, m.auto_chance)
    m.input_end = upto
    m.replaying = 1
    r = _replay_inputs(cfg, m, log, upto)
    m.replaying = 0
    m.input_end = m.nlog
    return r


def match_undo(cfg: MatchConfig, m: Match, log: bytearray) -> int:
    """Take back the last apply or chance (and the chance and answers it took): a replay up
    to it (``ec_match_undo``)."""
    if m.last_input == UINT32_MAX:
        return ENOUNDOHERE
    return match_replay(cfg, m, log, m.last_input)


# ------------------------------------------------------------ batch: random matches

FNV_OFFSET: Final = 0xCBF29CE484222325
FNV_PRIME: Final = 0x100000001B3


class MatchTotals(NamedTuple):
    """Random complete matches added up (twin of ``ec_match_totals``; the totals of
    :func:`ecarte.batch.random_matches` too)."""

    matches: int
    games: int
    """Games played."""
    hands: int
    """Hands begun."""
    actions: int
    """Decisions taken."""
    wins: tuple[int, ...]
    """Matches won, by seat (a chunk's: 16 entries, as in C; a batch's: one a seat)."""
    digest: int
    """Identifies every match's whole log (a batch's: the chunks' digests chained like
    :func:`ecarte.batch.random_hands`'s)."""


def random_matches(cfg: MatchConfig, seed: int, n: int) -> MatchTotals:
    """Twin of ``ec_random_matches`` (from zeroed totals): ``n`` random complete matches."""
    if cfg.hook_mask != 0:
        raise ValueError("random matches are played without hooks (hook_mask must be 0)")
    rng = Rng(seed)
    games = hands = actions = 0
    wins = [0] * 16
    digest = FNV_OFFSET
    for _ in range(n):
        m = Match()
        log = bytearray()
        match_start(cfg, m, log, rng.next_u64(), 1)
        while m.phase != PH_OVER:
            low, high = match_legal(cfg, m)
            count = low.bit_count() + high.bit_count()
            k = rng._below(count)
            c = low.bit_count()
            word, bits = (0, low) if k < c else (1, high)
            if word:
                k -= c
            for _ in range(k):
                bits &= bits - 1
            match_apply(cfg, m, log, word * 64 + (bits & -bits).bit_length() - 1)
            actions += 1
        h = FNV_OFFSET
        for byte in log[: m.nlog]:
            h = ((h ^ byte) * FNV_PRIME) & _M64
        digest = ((digest ^ h) * FNV_PRIME) & _M64
        games += m.game_number
        hands += m.hand_number
        wins[m.winner] += 1
    return MatchTotals(n, games, hands, actions, tuple(wins), digest)
