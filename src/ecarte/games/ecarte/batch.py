"""Batch simulation on the C core: random hands and matches, perft and double-dummy solves.

Everything here runs inside the live core backend (``ecarte.BACKEND``: the C core through
Cython by default), a few hundred nanoseconds a hand instead of a :class:`~ecarte.Game`
driven action by action from Python, under any :class:`~ecarte.Rules` (docs/batch.md):

>>> from ecarte import Rules, batch
>>> totals = batch.random_hands(1000, seed=7)
>>> totals.hands, totals.dealer_tricks + totals.elder_tricks
(1000, 5000)
>>> batch.random_hands(1000, seed=7, rules="spanish") == totals
False

Determinism. A batch of ``n`` hands is cut into chunks of :data:`CHUNK` hands; chunk ``k``
is played by the core from its own seed, :func:`chunk_seed` ``(seed, k)`` (chunk 0 uses
``seed`` itself, so a batch of at most :data:`CHUNK` hands is the core's own stream).
Chunks are independent, so ``workers`` threads can play them in any order: the results
are the same for a given ``seed`` whatever ``workers`` is, on every backend. Totals add
up the chunks' totals; their ``digest`` chains the chunks' digests (see
:func:`random_hands`).

``workers=N`` plays chunks on ``N`` threads: the compiled backends release the GIL in
the core, so this scales with cores; the pure twin gains nothing but gives the same
results. ``progress=True`` shows a `rich <https://github.com/Textualize/rich>`_ progress
bar on stderr (rich is imported only then). Ctrl-C stops every call within a chunk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ecarte import _core
from ecarte._cards import PIQUET_DECK, Card, CardSet, Suit
from ecarte._core._args import _FNV_OFFSET, _check_depth, _check_n, _check_seed, _index
from ecarte._errors import ArgumentTypeError
from ecarte.engine import backend
from ecarte.engine.batch import (
    CHUNK,
    _Bar,
    _chain,
    _chunks,
    _run,
    _sums,
    _totals,
    _workers,
    chunk_seed,
)

from ._pure_hands import HandOptions, HandResult, HandTotals, SolveResults
from ._pure_machine import MatchTotals
from .rules import DealPattern, RankOrder, Rules

__all__ = [
    "CHUNK",
    "MATCH_CHUNK",
    "HandOptions",
    "HandResult",
    "HandTotals",
    "MatchTotals",
    "Position",
    "Solution",
    "SolveResults",
    "chunk_seed",
    "hand_options",
    "perft",
    "random_hand_results",
    "random_hands",
    "random_matches",
    "random_solves",
    "solve",
    "solve_batch",
]


RulesLike = Rules | str | HandOptions | None


# ---------------------------------------------------------------- rules


def hand_options(rules: RulesLike = None, *, packets: tuple[int, int] = (3, 2)) -> HandOptions:
    """The core's options for hands played under ``rules`` (a :class:`~ecarte.Rules`, a
    preset name, ``None`` for the classic rules, or ``HandOptions`` as they are).

    Carried over: the rank order, the least discards of each side, the play obligations
    (overtake, trump), who profits from a refused proposal and whether every refusal
    carries the penalty, the vole under penalty. The deal: every hand of a batch is dealt
    in ``packets`` (``(3, 2)`` or ``(2, 3)``); under ``DealPattern.ALTERNATE`` the default
    ``(3, 2)`` is the first deal of a game. The king of trumps: the batch scores it for
    its holder when play starts (``KingAnnouncement.AUTOMATIC``) whatever the rules say,
    as a player holding it always gains by announcing it; a turned-up king scores for the
    dealer. Match options (target, games, stakes, first dealer) do not apply to a hand.

    >>> hand_options("brazilian").order  # ace high
    (12, 11, 10, 9, 8, 7, 6, 5)
    >>> hand_options(Rules(vole_under_penalty=3), packets=(2, 3)).deal_pattern
    23
    """
    if isinstance(rules, HandOptions):
        return rules.plain()
    if rules is None:
        rules = Rules.classic()
    elif isinstance(rules, str):
        rules = Rules.preset(rules)
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be Rules, a preset name or HandOptions, not {rules!r}")
    plain = tuple(map(_index, packets)) if isinstance(packets, tuple) else None  # no float
    if plain not in ((3, 2), (2, 3)):
        raise ValueError(f"packets must be (3, 2) or (2, 3), not {packets!r}")
    assert rules.deal_pattern in (DealPattern.DEALERS_CHOICE, DealPattern.ALTERNATE)
    return HandOptions.of(rules.hand_rules(), deal_pattern=32 if plain == (3, 2) else 23)


def _play_rules(rules: RulesLike) -> tuple[RankOrder, int]:
    """The rank order and play flags of ``rules`` (for positions)."""
    opts = hand_options(rules)
    order = RankOrder.ACE_HIGH if opts.order[0] == 12 else RankOrder.KING_HIGH
    if tuple(int(r) for r in order.ranks) != opts.order:
        raise ValueError(f"positions need a king-high or ace-high order, not {opts.order}")
    return order, opts.play_flags


# ------------------------------------------------------------ random hands


def _batch(n: object, seed: object, rules: RulesLike, packets: tuple[int, int]) -> Any:
    return _check_n(n), _check_seed(seed), hand_options(rules, packets=packets)


def _hand_chunks(
    kind: str,
    n: object,
    seed: object,
    rules: RulesLike,
    packets: tuple[int, int],
    workers: object,
    progress: bool,
    what: str,
    weight: Callable[[Any], int],
) -> Iterator[Any]:
    """The chunks of a batch of ``n`` hands under ``rules``, each played by the backend's
    ``ecarte.hands`` function ``kind``: in order, on ``workers`` threads, with a progress
    bar (``what``) when asked for."""
    count, start, opts = _batch(n, seed, rules, packets)
    threads = _workers(workers)
    fn = getattr(backend.module("ecarte.hands"), kind)

    def play(size: int, s: int) -> Any:
        return fn(size, s, opts)

    with _Bar(progress, what, count) as bar:
        yield from _chunks(play, count, start, threads, bar, weight)


def random_hands(
    n: int,
    seed: int,
    rules: RulesLike = None,
    *,
    packets: tuple[int, int] = (3, 2),
    workers: int = 1,
    progress: bool = False,
) -> HandTotals:
    """Play ``n`` random hands under ``rules`` and return the totals (no memory grows with
    ``n``).

    Each hand is dealt, then every decision is random among the legal ones (propose or
    play, accept or refuse, the discards, the cards played), as ``ecarte_core.h``
    specifies; seat 0 deals. ``digest`` identifies every hand's result: the first chunk's
    digest (the core's), chained with each further chunk's as ``(d ^ chunk) * 0x100000001B3``
    modulo 2**64.

    >>> t = random_hands(20_000, seed=1, workers=2)
    >>> t == random_hands(20_000, seed=1, workers=1)  # workers never change results
    True
    >>> round(t.elder_points / t.hands, 2), round(t.voles / t.hands, 2)
    (0.84, 0.17)
    """
    n, seed, opts = _batch(n, seed, rules, packets)
    return _totals(
        HandTotals,
        backend.module("ecarte.hands").random_hands,
        n,
        seed,
        opts,
        workers,
        progress,
        "hands",
    )


def random_hand_results(
    n: int,
    seed: int,
    rules: RulesLike = None,
    *,
    packets: tuple[int, int] = (3, 2),
    workers: int = 1,
    progress: bool = False,
) -> list[HandResult]:
    """The result of each of ``n`` random hands (the hands of :func:`random_hands`).

    >>> hands = random_hand_results(3, seed=1)
    >>> [(h.dealer_points, h.elder_points) for h in hands]
    [(2, 0), (3, 0), (0, 1)]
    >>> all(h.dealer_tricks + h.elder_tricks == 5 for h in hands)
    True
    """
    out: list[HandResult] = []
    chunks = _hand_chunks(
        "random_hand_results", n, seed, rules, packets, workers, progress, "random hands", len
    )
    for chunk in chunks:
        out.extend(chunk)
    return out


def random_solves(
    n: int,
    seed: int,
    rules: RulesLike = None,
    *,
    packets: tuple[int, int] = (3, 2),
    workers: int = 1,
    progress: bool = False,
) -> SolveResults:
    """Deal ``n`` random hands under ``rules`` and solve each double dummy from the first
    trick, the elder to lead: ``values`` (the tricks the elder can force), ``moves`` (a
    best lead, a card id) and a digest chained over the chunks as in :func:`random_hands`.
    The deals are those of the hands of :func:`random_hands` before any exchange.

    >>> s = random_solves(2000, seed=3, workers=2)
    >>> s == random_solves(2000, seed=3)
    True
    >>> len(s.values), round(sum(v >= 3 for v in s.values) / 2000, 2)  # the elder's point
    (2000, 0.59)
    """
    values: list[int] = []
    moves: list[int] = []
    digest = None
    chunks = _hand_chunks(
        "random_solves", n, seed, rules, packets, workers, progress, "double-dummy solves", _count
    )
    for chunk in chunks:
        values.extend(chunk.values)
        moves.extend(chunk.moves)
        digest = _chain(digest, chunk.digest)
    return SolveResults(values, moves, _FNV_OFFSET if digest is None else digest)


def _count(s: SolveResults) -> int:
    return len(s.values)


# --------------------------------------------------------- complete matches

MATCH_CHUNK = 256
"""Matches per chunk: part of the definition of a batch's results."""


def random_matches(
    n: int,
    seed: int,
    rules: Rules | str | None = None,
    *,
    workers: int = 1,
    progress: bool = False,
) -> MatchTotals:
    """Play ``n`` random complete matches under ``rules`` in the match machine of the C
    core (the one behind :class:`~ecarte.Game`), every decision uniform among the legal
    ones and chance drawn from each match's seed, and return the totals.

    Chunk ``k`` of :data:`MATCH_CHUNK` matches is played from :func:`chunk_seed`
    ``(seed, k)``: match ``i`` of a chunk starts with the ``i``-th output of the core's PRNG
    seeded with it, and its decisions are drawn from the same stream (``ecarte_machine.h``,
    ``ec_random_matches``). Variants are not played here: their hooks are Python.

    >>> t = random_matches(500, seed=3, workers=2)
    >>> t == random_matches(500, seed=3)  # workers never change results
    True
    >>> t.matches, sum(t.wins), t.games >= 2 * t.matches
    (500, 500, True)
    """
    from ._hooks import machine_rules

    n = _check_n(n)
    seed = _check_seed(seed)
    workers = _workers(workers)
    if rules is None or isinstance(rules, str):
        rules = Rules.preset(rules) if isinstance(rules, str) else Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, a preset name or None, not {rules!r}")
    machine = backend.module("ecarte.machine")
    config = machine.MatchConfig(machine_rules(rules, 2), 0)

    def play(size: int, s: int) -> Any:
        return machine.random_matches(config, s, size)

    with _Bar(progress, "random matches", n) as bar:
        chunks = _chunks(play, n, seed, workers, bar, lambda t: t.matches, MATCH_CHUNK)
        return _sums(MatchTotals, (0, 0, 0, 0, (0, 0)), chunks)  # the wins of 2 seats


class Position(NamedTuple):
    """A position in the play phase of the piquet deck: ``hands`` by seat (masks or
    :class:`~ecarte.CardSet`; two for the solver, 2 to 4 for perft), the trump suit
    (``None``: no trump), the seat that led the trick in progress and its cards so far
    (:class:`~ecarte.Card` or ids). The seat to move is ``(leader + len(trick)) % seats``.
    """

    hands: Sequence[CardSet | int]
    trump: Suit | int | None
    leader: int = 0
    trick: Sequence[Card | int] = ()


class Solution(NamedTuple):
    """The most tricks the seat to move can force (among those not yet complete, the
    trick in progress included), and a card that achieves it (the lowest id among
    equivalent best cards; ``None`` when the hands are empty)."""

    tricks: int
    card: Card | None


@lru_cache(maxsize=64)
def _context(trump: int, order: RankOrder, backend: str) -> Any:
    return _core.ranked_context(trump, order.ranks, PIQUET_DECK.mask)


def _plain(position: Position, solver: bool = False) -> tuple[int, list[Any], Any, list[Any]]:
    """``(trump, hands, leader, trick)`` for the core: masks and ids (the core checks them),
    two hands for the solver."""
    if not isinstance(position, tuple) or len(position) not in (2, 3, 4):
        raise ValueError(f"not a Position: {position!r}")
    p = Position(*position)
    trump = -1 if p.trump is None else (None if type(p.trump) is bool else _index(p.trump))
    if trump not in (-1, 0, 1, 2, 3):
        raise ValueError(f"trump must be a Suit, 0..3 or None, not {p.trump!r}")
    if not isinstance(p.hands, (list, tuple)) or not isinstance(p.trick, (list, tuple)):
        raise ValueError("a position's hands and trick must be lists or tuples")
    if solver and len(p.hands) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(p.hands)}")
    hands = [h.mask if isinstance(h, CardSet) else h for h in p.hands]
    trick = [c.id if isinstance(c, Card) else c for c in p.trick]
    return trump, hands, p.leader, trick


def _card(card_id: int) -> Card | None:
    return None if card_id < 0 else Card.from_id(card_id)


def solve(position: Position, rules: RulesLike = None) -> Solution:
    """Double-dummy solve of a two-seat position under the play rules of ``rules`` (rank
    order, must overtake, must trump).

    >>> from ecarte import CardSet, Suit
    >>> solve(Position((CardSet.parse("K♥ 8♣"), CardSet.parse("Q♥ 7♣")), Suit.HEARTS))
    Solution(tricks=2, card=Card.parse('8♣'))
    """
    order, flags = _play_rules(rules)
    trump, hands, leader, trick = _plain(position, solver=True)
    ctx = _context(trump, order, backend.live())
    tricks, card = _core.solve(ctx, hands, leader, trick, flags)
    return Solution(tricks, _card(card))


def solve_batch(
    positions: Iterable[Position],
    rules: RulesLike = None,
    *,
    workers: int = 1,
    progress: bool = False,
) -> list[Solution]:
    """:func:`solve` for each position, in chunks of :data:`CHUNK` (on ``workers``
    threads); a bad position raises ``ValueError`` naming it before anything is solved.

    >>> from ecarte import CardSet, Suit
    >>> p = Position((CardSet.parse("K♥ 7♣"), CardSet.parse("Q♥ 8♣")), Suit.HEARTS)
    >>> solve_batch([p, p._replace(leader=1)], workers=2)
    [Solution(tricks=1, card=Card.parse('7♣')), Solution(tricks=1, card=Card.parse('8♣'))]
    """
    if not isinstance(positions, Iterable):
        raise ArgumentTypeError(
            f"positions must be an iterable of Position, not {type(positions).__name__}"
        )
    order, flags = _play_rules(rules)
    workers = _workers(workers)
    plain = []
    for i, position in enumerate(positions):
        where = f"position {i}: "
        try:
            trump, hands, leader, trick = _plain(position, solver=True)
            ctx = _context(trump, order, backend.live())
            _core.perft(ctx, hands, leader, trick, flags, 0)  # the position's checks
        except ValueError as exc:
            raise ValueError(f"{where}{exc}") from None
        plain.append((ctx, hands, leader, trick))
    fn = _core.solve_batch

    def task(start: int) -> Callable[[], list[tuple[int, int]]]:
        return lambda: fn(plain[start : start + CHUNK], flags)

    out: list[Solution] = []
    with _Bar(progress, "double-dummy solves", len(plain)) as bar:
        starts = range(0, len(plain), CHUNK)
        for chunk in _run((task(s) for s in starts), workers, bar, len):
            out.extend(Solution(v, _card(c)) for v, c in chunk)
    return out


def perft(
    position: Position,
    depth: int,
    rules: RulesLike = None,
    *,
    workers: int = 1,
    progress: bool = False,
) -> int:
    """The number of distinct play sequences of ``depth`` cards from ``position`` (2 to 4
    seats; a sequence that ends the hand sooner counts once). With ``workers`` > 1 or
    ``progress``, the first cards are counted apart, one task each.

    >>> from ecarte import CardSet, Suit
    >>> hands = (CardSet.parse("K♥ 7♣ 8♣"), CardSet.parse("Q♥ 9♣ 10♦"))
    >>> perft(Position(hands, Suit.HEARTS), 6), perft(Position(hands, None), 6, workers=2)
    (6, 8)
    """
    order, flags = _play_rules(rules)
    trump, hands, leader, trick = _plain(position)
    ctx = _context(trump, order, backend.live())
    _core.perft(ctx, hands, leader, trick, flags, 0)  # the position's and flags' checks
    depth = _check_depth(depth)
    workers = _workers(workers)
    if depth <= 1 or (workers == 1 and not progress):
        return int(_core.perft(ctx, hands, leader, trick, flags, depth))
    np = len(hands)
    mover = (leader + len(trick)) % np
    legal = _core.legal_plays(ctx, hands[mover], trick, flags)
    children: list[tuple[list[int], int, list[int]]] = []
    for card in (c for c in range(64) if legal >> c & 1):
        hs = list(hands)
        hs[mover] &= ~(1 << card)
        t = [*trick, card]
        if len(t) == np:
            children.append((hs, (leader + _core.trick_winner(ctx, t)) % np, []))
        else:
            children.append((hs, leader, t))
    if not children:  # the hands are empty: one sequence, the empty one
        return 1
    fn = _core.perft

    def task(child: tuple[list[int], int, list[int]]) -> Callable[[], int]:
        return lambda: fn(ctx, child[0], child[1], child[2], flags, depth - 1)

    total = 0
    with _Bar(progress, "perft", len(children)) as bar:
        for value in _run((task(c) for c in children), workers, bar, lambda _: 1):
            total += value
    return total
