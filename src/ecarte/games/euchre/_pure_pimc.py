"""Pure twin of ``c/ec_eu_pimc.c``: the Euchre PIMC player's worlds and card-play loop.

:class:`Seen` is what a seat saw of a deal, as masks of core card ids (see
``euchre_pimc.h``): the pool of cards it cannot see, its own hand, the cards each seat
cannot hold by what it played (``voids``, soft) or at all (``hard``: the turned card once
taken up), the cards a seat is known to hold (``known``: the turned card with a dealer who
may not discard it) and how many cards are drawn for each seat. :func:`sample` draws one
world from the core's PRNG exactly as ``ec_eu_sample``; :func:`sample_worlds` and
:func:`pimc_play` are the compiled module's functions of the same names (in ``_ismcts``),
draw for draw and point for point. With an :class:`Infer` (the decisions the seat saw the
others take before the play), both loops weight each world by the chance a model of play
gives those decisions (:func:`weight`, ``ec_eu_pimc_weight``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ecarte._core._args import _bits
from ecarte._core._pure import Rng
from ecarte._core._pure.solvern import solve_n
from ecarte._core._pure.tricks import TrickContext, _winner, make_context

from ._pure_hands import euchre_tables
from ._pure_ismcts import rule
from ._pure_machine import _PACKET_SEATS, ONE_BY_ONE, EuchreMachine, deal_points

__all__ = [
    "EXACT",
    "FREE",
    "HARD",
    "INFER_ALONE",
    "INFER_CALL2",
    "INFER_ORDER",
    "INFER_PARTNER",
    "INFER_PASS1",
    "INFER_PASS2",
    "MODEL",
    "NONE",
    "Infer",
    "Play",
    "Seen",
    "chance",
    "model",
    "pimc_bid",
    "pimc_play",
    "sample",
    "sample_worlds",
    "weight",
]

NONE, FREE, HARD, EXACT = 0, 1, 2, 3
"""A world's kind: none drawn; drawn unconstrained; breaking a void only; meeting all."""
TEAMS = (0, 1, 0, 1)


class Seen(NamedTuple):
    """What a seat saw, as core card masks (``ec_eu_seen``)."""

    pool: int
    hand: int
    voids: tuple[int, int, int, int]
    hard: tuple[int, int, int, int]
    known: tuple[int, int, int, int]
    sizes: tuple[int, int, int, int]
    seat: int


def _draw(s: Seen, rng: Rng, cards: list[int], no: Sequence[int] | None, hands: list[int]) -> bool:
    n = len(cards)
    at = 0
    below = rng._below
    for k in (1, 2, 3):
        p = (s.seat + k) & 3
        h = 0
        for _ in range(s.sizes[p]):
            r = at + below(n - at)
            cards[r], cards[at] = cards[at], cards[r]
            h |= 1 << cards[at]
            at += 1
        if no is not None and h & no[p]:
            return False
        hands[p] = h | s.known[p]
    return True


def sample(s: Seen, rng: Rng, tries: int, relax: bool) -> tuple[int, list[int]]:
    """One world from ``rng`` (``ec_eu_sample``): its kind and the four hands (the seat's
    own slot: its hand; all zero for :data:`NONE`)."""
    need = sum(s.sizes[p] for p in range(4) if p != s.seat)
    cards = _bits(s.pool)
    if not 0 <= s.seat <= 3 or tries < 1 or need > len(cards):
        raise ValueError("bad world query: pool smaller than the hands, tries < 1 or seat")
    both = [s.voids[p] | s.hard[p] for p in range(4)]
    hands = [0, 0, 0, 0]
    hands[s.seat] = s.hand
    for _ in range(tries):
        if _draw(s, rng, cards, both, hands):
            return EXACT, hands
    if not relax:
        return NONE, [0, 0, 0, 0]
    for _ in range(tries):
        if _draw(s, rng, cards, s.hard, hands):
            return HARD, hands
    _draw(s, rng, cards, None, hands)
    return FREE, hands


def sample_worlds(
    s: Seen, seed: int, n: int, tries: int, relax: bool
) -> list[tuple[int, tuple[int, ...]]]:
    """``n`` worlds drawn one after the other from a PRNG seeded with ``seed``."""
    rng = Rng(seed)
    out = []
    for _ in range(n):
        kind, hands = sample(s, rng, tries, relax)
        out.append((kind, tuple(hands)))
    return out


class Play(NamedTuple):
    """The play as the deciding seat sees it (``ec_eu_pimc_play``)."""

    flags: int
    trump: int
    maker: int
    alone: int
    active: int
    leader: int
    trick: tuple[int, ...]
    done: int
    won: tuple[int, int]


def _next(seat: int, active: int) -> int:
    s = (seat + 1) & 3
    while not active >> s & 1:
        s = (s + 1) & 3
    return s


def _points(flags: int, maker: int, alone: int, made: int, me: int) -> int:
    """The deal's points for ``me``'s side, less the other's, when the makers took ``made``."""
    side = maker & 1
    lone_maker = bool(alone & (0b1010 if side else 0b0101))
    lone_defender = bool(alone & (0b0101 if side else 0b1010))
    makers, pts = deal_points(flags, made, lone_maker, lone_defender)
    return pts if (side if makers else 1 - side) == me & 1 else -pts


def solved_points(
    ctx: TrickContext,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    active: int,
    flags: int,
    rules: int,
    maker: int,
    alone: int,
    made: int,
    me: int,
) -> int:
    """The deal's points for ``me``'s side, less the other's, the rest of the play (the
    hands, the leader and the trick in progress, the active seats, the play's ``flags``)
    solved double dummy, the makers (``maker``'s side; ``alone``: the mask of the seats
    playing alone; ``rules``: the rules' flags) having ``made`` tricks complete
    (``ec_eu_solved_points``, which searches only the thresholds the points tell apart;
    the twin takes the exact count)."""
    side = maker & 1
    r, _ = solve_n(ctx, hands, leader, trick, flags, TEAMS, active)
    mover = leader
    for _ in range(len(trick)):
        mover = _next(mover, active)
    left = hands[mover].bit_count()
    return _points(rules, maker, alone, made + (r if mover & 1 == side else left - r), me)


def _value(ctx: TrickContext, s: Seen, q: Play, world: Sequence[int], card: int) -> int:
    hands = list(world)
    hands[s.seat] &= ~(1 << card)
    trick = [*q.trick, card]
    won = list(q.won)
    done, leader = q.done, q.leader
    if len(trick) == q.active.bit_count():
        p = leader
        for _ in range(_winner(ctx, trick)):
            p = _next(p, q.active)
        won[p & 1] += 1
        leader, trick, done = p, [], done + 1
    side = q.maker & 1
    if done == 5:
        return _points(q.flags, q.maker, q.alone, won[side], s.seat)
    return solved_points(
        ctx, hands, leader, trick, q.active, 0, q.flags, q.maker, q.alone, won[side], s.seat
    )


def pimc_play(
    deck: int,
    s: Seen,
    q: Play,
    options: Sequence[int],
    seed: int,
    nworlds: int,
    tries: int,
    infer: Infer | None = None,
) -> tuple[list[int], list[int], list[int]]:
    """PIMC over the card play (``ec_eu_pimc_play_infer``): each option's points summed
    over ``nworlds`` worlds, each times its weight (``infer``: :func:`weight`; None: 1),
    each world's kind and weight."""
    if not 1 <= len(options) <= 8 or any(not s.hand >> c & 1 for c in options):
        raise ValueError("the options must be 1 to 8 cards of the seat's hand")
    _check_infer(infer, nworlds)
    ctx = make_context(*euchre_tables(q.trump, deck), q.trump)
    rng = Rng(seed)
    totals = [0] * len(options)
    kinds, weights = [], []
    for _ in range(nworlds):
        kind, world = sample(s, rng, tries, True)
        kinds.append(kind)
        w = weight(infer, world) if infer and infer.decisions else 1
        weights.append(w)
        for k, c in enumerate(options):
            totals[k] += w * _value(ctx, s, q, world, c)
    return totals, kinds, weights


# ------------------------------------------------------- decisions before the play

MODEL = 255
"""In a script: the model's decision (a discard the seat did not see)."""
_PH_BID, _PH_BID2, _PH_ALONE, _PH_PLAY, _PH_OVER = 2, 3, 6, 7, 8


def _strength(hand: int, trump: int) -> int:
    v = 0
    for c in _bits(hand):
        suit, rank = c >> 4, c & 15
        if rank == 9 and suit == trump:
            v += 30
        elif rank == 9 and suit == 3 - trump:
            v += 25
        elif suit == trump:
            v += 10 + 2 * (rank - 7)
        elif rank == 12:
            v += 10
    return v


def model(m: EuchreMachine) -> int:
    """The id the model takes at a decision before the play (``ec_eu_pimc_model``): the
    heuristic bot's counts in tenths (see ``euchre_pimc.h``)."""
    legal = m.legal_mask()
    n, p, ph = m.deck, m.to_act, m.phase
    hand = m.hand(p)
    core_of = m._t.core_of
    if ph in (_PH_BID, _PH_BID2):
        best, most = -1, -1
        for suit in range(4):
            if legal >> (n + 1 + suit) & 1:
                v = _strength(hand, suit)
                if ph == _PH_BID and p == m.dealer:
                    v += _strength(1 << core_of[m.upcard], suit)
                if v > most:
                    most, best = v, suit
        pick = n + 1 + best if best >= 0 and (most >= 60 or not legal >> n & 1) else n
    elif ph == _PH_ALONE:
        pick = n + 5 if _strength(hand, m.trump) >= 110 else n + 6
    else:  # taking up, the weakest discard: the IS-MCTS rollout's rule
        return rule(m)
    if not legal >> pick & 1:
        pick = (legal & -legal).bit_length() - 1
    return pick


def _play_out(m: EuchreMachine, me: int, memo: dict[tuple[int, ...], int]) -> int:
    while m.phase not in (_PH_PLAY, _PH_OVER):
        m.apply_id(model(m))
    if m.phase != _PH_PLAY:
        return 0  # passed out
    play = m._play
    assert play is not None
    key = (m.trump, play.to_move, play.active, m.maker & 1, m.alone, *play.hands)
    if key not in memo:  # options reaching the same play in a world share its solve
        ctx = m._t.ctx[m.trump]
        memo[key] = solved_points(
            ctx,
            play.hands,
            play.to_move,
            [],
            play.active,
            play.flags,
            m.flags,
            m.maker,
            m.alone,
            0,
            me,
        )
    return memo[key]


def _deal(
    deck: int, flags: int, dealer: int, upcard: int, script: Sequence[int], world: Sequence[int]
) -> EuchreMachine:
    m = EuchreMachine(deck, flags, 0, 0, False)
    id_of = m._t.id_of
    m.apply_id(dealer)
    left = [_bits(h) for h in world]
    for k in range(20):
        p = (dealer + (k if flags & ONE_BY_ONE else _PACKET_SEATS[k])) & 3
        m.apply_id(id_of[left[p].pop(0)])
    m.apply_id(upcard)
    for i in script:
        m.apply_id(model(m) if i == MODEL else i)
    return m


def pimc_bid(
    deck: int,
    s: Seen,
    flags: int,
    dealer: int,
    upcard: int,
    script: Sequence[int],
    discard_at: int,
    options: Sequence[int],
    seed: int,
    nworlds: int,
    tries: int,
    infer: Infer | None = None,
) -> tuple[list[int], list[int], list[int]]:
    """PIMC over a decision before the play (``ec_eu_pimc_bid_infer``): each option's
    points summed over ``nworlds`` worlds, each times its weight (the hands the world holds
    once it replayed ``script``: :func:`weight`), each world's kind and weight."""
    if not 1 <= len(options) <= 8 or len(script) > 24 or discard_at >= len(script):
        raise ValueError("bad PIMC query: 1 to 8 options, a script of at most 24 ids")
    _check_infer(infer, nworlds)
    rng = Rng(seed)
    core_of = EuchreMachine(deck, flags, 0, 0, False)._t.core_of
    up = 1 << core_of[upcard]
    disc = 0
    if s.seat == dealer and discard_at >= 0 and script[discard_at] < deck:
        disc = 1 << core_of[script[discard_at]]
    totals = [0] * len(options)
    kinds, weights = [], []
    for _ in range(nworlds):
        kind, world = sample(s, rng, tries, True)
        kinds.append(kind)
        if s.seat == dealer:
            world[dealer] = world[dealer] & ~up | disc & ~up
        m0 = _deal(deck, flags, dealer, upcard, script, world)
        w = weight(infer, [m0.hand(p) for p in range(4)]) if infer and infer.decisions else 1
        weights.append(w)
        memo: dict[tuple[int, ...], int] = {}
        for k, o in enumerate(options):
            m = m0.copy()
            m.apply_id(o)
            totals[k] += w * _play_out(m, s.seat, memo)
    return totals, kinds, weights


# ------------------------------------------------------------------------ inference

INFER_PASS1, INFER_ORDER, INFER_PASS2, INFER_CALL2, INFER_ALONE, INFER_PARTNER = range(6)
"""The kinds of an inferred decision (``EC_EU_INFER_*``): passed or ordered the turned
card up in the first round, passed or named a suit in the second, went alone or played
with the partner."""
MAX_INFER = 10
MAX_WEIGHTED_WORLDS = 1 << 20
_CHANCE = (1, 1, 1, 2, 2, 4, 5, 7, 9, 11, 12, 14, 14, 15, 15, 15)


class Infer(NamedTuple):
    """The decisions the deciding seat saw the other seats take before the play
    (``ec_eu_infer``): the turned card (a core id), the dealer, each decision as
    ``(seat, kind, suit)`` (``INFER_*``; the suit named, or the trumps of an alone
    decision, else 0) and the cards each seat played (its hand in a world of the play is
    the world's with them)."""

    upcard: int
    dealer: int
    decisions: tuple[tuple[int, int, int], ...]
    plus: tuple[int, int, int, int] = (0, 0, 0, 0)


def chance(d: int) -> int:
    """The model's chance of bidding (going alone), in sixteenths, for a hand ``d`` points
    of strength above 60 (110): ``round(16 / (1 + e^(-x)))`` at ``x = (5 floor(d / 5) +
    2.5) / 10``, within 1..15 (``ec_eu_pimc_chance``)."""
    return _CHANCE[min(max(d // 5, -8), 7) + 8]


def weight(inf: Infer | None, held: Sequence[int]) -> int:
    """A world's weight (``ec_eu_pimc_weight``): the product of the model's chances of
    ``inf``'s decisions, each seat holding ``held[p] | inf.plus[p]`` (see
    ``euchre_pimc.h``); 0 for a bad ``inf``."""
    if inf is None:
        return 1
    if len(inf.decisions) > MAX_INFER or not 0 <= inf.upcard <= 63 or not 0 <= inf.dealer <= 3:
        return 0
    up = 1 << inf.upcard
    upsuit = inf.upcard >> 4
    w = 1
    for p, kind, suit in inf.decisions:
        if not (0 <= p <= 3 and 0 <= kind <= INFER_PARTNER and 0 <= suit <= 3):
            return 0
        hand = held[p] | inf.plus[p]
        if kind in (INFER_PASS1, INFER_ORDER):
            v = _strength(hand & ~up, upsuit) + (_strength(up, upsuit) if p == inf.dealer else 0)
            w *= chance(v - 60) if kind == INFER_ORDER else 16 - chance(v - 60)
        elif kind == INFER_PASS2:
            v = max(_strength(hand & ~up, x) for x in range(4) if x != upsuit)
            w *= 16 - chance(v - 60)
        elif kind == INFER_CALL2:
            w *= chance(_strength(hand & ~up, suit) - 60)
        elif kind == INFER_ALONE:
            w *= chance(_strength(hand, suit) - 110)
        else:
            w *= 16 - chance(_strength(hand, suit) - 110)
    return w


def _check_infer(inf: Infer | None, nworlds: int) -> None:
    if inf is None or not inf.decisions:
        return
    if nworlds > MAX_WEIGHTED_WORLDS or not weight(inf, (0, 0, 0, 0)):
        raise ValueError("bad inference: at most 10 decisions of seats 0..3, 2^20 worlds")
