"""Pure twin of ``c/ec_pimc.c``: the worlds and the values of a PIMC decision of Écarté.

A :class:`Query` says what one seat knows when it decides (its hand, the cards it cannot
see, what the play and the exchanges showed); :func:`worlds` samples the hidden cards
consistently with it and :func:`values` plays each option out in each world: the
exchanges by a simple model of both seats (:func:`likely`, :func:`model_discard`), the
tricks double dummy (the core's solver). The compiled module ``_pimc`` does the same,
draw for draw, with the same results for the same seed (the core's PRNG).

>>> from ecarte._cards import Card, CardSet, Suit
>>> hand = CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣").mask
>>> q = query(hand=hand, pool=unknown(hand, Card.parse("8♠").id), trump=Suit.SPADES)
>>> [(bin(h).count("1"), len(stock)) for h, stock in worlds(q, seed=1, n=2)]
[(5, 21), (5, 21)]
>>> v = values(q, (PROPOSE_OPTION, PLAY_OPTION), seed=1, n=50)
>>> v[PROPOSE_OPTION] > v[PLAY_OPTION]  # one low trump and no court card: propose
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, NamedTuple

from ecarte import _core
from ecarte._cards import PIQUET_DECK
from ecarte._core._args import _bits

from ._pure_rules import HandRules, trick_points

__all__ = [
    "ACCEPT_OPTION",
    "DEALER_DISCARD",
    "ELDER_DISCARD",
    "INFER_ACCEPTED",
    "INFER_EXCHANGED",
    "INFER_PLAYED",
    "INFER_PROPOSED",
    "INFER_REFUSED",
    "LOSS",
    "MAX_OPTIONS",
    "MAX_WORLDS",
    "PLAY",
    "PLAY_OPTION",
    "PROPOSE",
    "PROPOSE_OPTION",
    "REFUSE_OPTION",
    "RESPOND",
    "WIN",
    "InfeasibleError",
    "Query",
    "check_options",
    "kept_kind",
    "likely",
    "model_discard",
    "query",
    "race_table",
    "unknown",
    "values",
    "weight",
    "worlds",
]

# phases of a decision
PROPOSE, RESPOND, ELDER_DISCARD, DEALER_DISCARD, PLAY = range(5)
# the options of the two-way decisions
PROPOSE_OPTION, PLAY_OPTION = 0, 1
ACCEPT_OPTION, REFUSE_OPTION = 0, 1
# the opponent's decisions that weight the worlds (inference)
INFER_PROPOSED = 1
"""The opponent, elder, proposed on its dealt hand (no discard yet)."""
INFER_ACCEPTED = 2
"""The opponent, dealer, accepted on its dealt hand (no discard yet)."""
INFER_PLAYED = 3
"""The opponent, elder, played the hand as it held it when play started."""
INFER_REFUSED = 4
"""The opponent, dealer, refused with the hand it held when play started."""
INFER_EXCHANGED = 5
"""The opponent's latest discard was of ``opp_discard`` cards: the model keeps its trumps and
the two highest ranks, so it held at least ``5 - opp_discard`` of them after it."""

WIN = 1 << 20
"""The utility of a game won (the game objective's scale); a game lost is :data:`LOSS`."""
LOSS = 0
MAX_WORLDS = 100_000
"""The most worlds one decision may ask for."""
MAX_POOL = 16
"""The most candidate worlds per world kept under inference."""
MAX_OPTIONS = 32
"""The most options of one decision."""
MAX_INFER = 2
"""The most decisions weighting the worlds: a first decision and the last before play."""

PLAY_THRESHOLD = 52
"""The model's elder plays a hand of this many twentieths of a likely trick or more."""
REFUSE_THRESHOLD = 58
"""The model's dealer refuses with this many twentieths of a likely trick or more."""
KING = 11


class InfeasibleError(ValueError):
    """No world is consistent with the query (the sizes or the constraints cannot be met)."""


class Query(NamedTuple):
    """What the deciding seat knows, as plain ints (card ids ``suit * 16 + rank``, masks).

    Positions: 0 the elder, 1 the dealer; ``me`` is the deciding seat's."""

    rules: HandRules
    trump: int
    me: int
    phase: int
    hand: int
    """The deciding seat's cards."""
    pool: int
    """The cards it cannot see: the opponent's hand, the stock and the cards discarded
    unseen."""
    require: int = 0
    """Cards the opponent holds for sure (an announced king of trumps not yet played)."""
    forbid: int = 0
    """Cards the opponent cannot hold (a suit it did not follow, a trump it did not play,
    a card it would have had to play, a king it did not announce)."""
    opp_size: int = 5
    stock_size: int = 21
    ndiscards: int = 0
    """Discards made this hand (both seats', in order)."""
    last: int = 0
    """Cards in the latest discard, and in the one before it (an exchange in which nobody
    discarded ends the proposals)."""
    before_last: int = 0
    exchanges: int = 0
    """Completed exchanges (both seats discarded)."""
    alone: int = 0
    """The elder played without proposing (a penalty if it loses)."""
    refusal: int = 0
    """A refusal carrying the penalty was made."""
    leader: int = 0
    """The position leading the trick in progress (the play phase)."""
    trick: tuple[int, ...] = ()
    """The cards of the trick in progress: none, or the opponent's lead."""
    won: tuple[int, int] = (0, 0)
    """Tricks won by position."""
    opp_king: int = 0
    """1: the opponent may still announce the king of trumps, if it holds it."""
    opp_played: int = 0
    """The cards the opponent played this hand."""
    infer: tuple[int, ...] = ()
    """The opponent's decisions that weight the worlds (``INFER_*``); none: uniform."""
    opp_discard: int = 0
    """The cards of the opponent's latest discard (for :data:`INFER_EXCHANGED`)."""
    score: tuple[int, int] = (0, 0)
    """Points of the deciding seat and of the opponent in the game."""
    target: int = 5
    utility: tuple[int, ...] | None = None
    """``utility[mine * target + theirs]``: the value of a game standing at those points
    (:func:`race_table`, between :data:`LOSS` and :data:`WIN`); None: the points of the
    hand (the deciding seat's less the opponent's)."""


def query(**fields: object) -> Query:
    """A :class:`Query` with the classic rules unless ``rules=`` says otherwise."""
    fields.setdefault("rules", HandRules())
    fields.setdefault("phase", PROPOSE)
    fields.setdefault("me", 0)
    return Query(**fields)  # type: ignore[arg-type]


def unknown(hand: int, turnup: int, seen: int = 0) -> int:
    """The cards a seat cannot see: the piquet deck less its hand, the turn-up and
    ``seen`` (cards played, its own discards)."""
    return PIQUET_DECK.mask & ~hand & ~(1 << turnup) & ~seen


@lru_cache(maxsize=16)
def race_table(target: int) -> tuple[int, ...]:
    """The game objective: ``t[mine * target + theirs]``, the chance (scaled to :data:`WIN`)
    of reaching ``target`` first from those points when every later hand gives one point to
    either side with even odds.

    >>> t = race_table(5)
    >>> t[0], t[4 * 5 + 4], t[4 * 5 + 0] > t[0 * 5 + 4]
    (524288, 524288, True)
    """
    table = []
    for mine in range(target):
        for theirs in range(target):
            m, k = target - mine, target - theirs
            p = sum(Fraction(comb(m - 1 + j, j), 2 ** (m + j)) for j in range(k))
            table.append(round(p * WIN))
    return tuple(table)


# ------------------------------------------------------------ the model of the seats


def _rank_index(r: HandRules) -> list[int]:
    """Index of each rank in the order (0 the highest); 8 for a rank outside it."""
    idx = [8] * 16
    for i, rank in enumerate(r.order):
        idx[rank] = i
    return idx


def likely(r: HandRules, hand: int, trump: int) -> int:
    """The model's count of the tricks a hand should take, in twentieths: a trump 18 (one
    of the three highest) or 11, a plain king 16 and a plain queen 7 (the two highest ranks
    of the order), 6 more with three trumps or more.

    >>> from ecarte._cards import CardSet
    >>> likely(HandRules(), CardSet.parse("K♠ K♥").mask, 3)
    34
    """
    idx = _rank_index(r)
    s = trumps = 0
    for c in _bits(hand):
        i = idx[c & 15]
        if c >> 4 == trump:
            s += 18 if i < 3 else 11
            trumps += 1
        elif i == 0:
            s += 16
        elif i == 1:
            s += 7
    return s + (6 if trumps >= 3 else 0)


def model_discard(r: HandRules, hand: int, trump: int, least: int, most: int) -> int:
    """The model's discard: every plain card below the two highest ranks, within
    ``least..most`` cards (the lowest to keep go first: by rank, a trump above any plain
    card, then by card id).

    >>> from ecarte._cards import CardSet
    >>> h = CardSet.parse("K♠ 7♠ 8♥ Q♦ 9♣").mask
    >>> CardSet(model_discard(HandRules(), h, 3, 1, 5))
    CardSet.parse('9♣ 8♥')
    """
    idx = _rank_index(r)
    weak = 0
    for c in _bits(hand):
        if c >> 4 != trump and idx[c & 15] >= 2:
            weak |= 1 << c
    n = weak.bit_count()
    if least <= n <= most:
        return weak
    if n > most:
        return _lowest(idx, weak, trump, most)
    return weak | _lowest(idx, hand & ~weak, trump, least - n)


def _lowest(idx: Sequence[int], cards: int, trump: int, k: int) -> int:
    """The ``k`` cards of ``cards`` least worth keeping (value, then card id)."""

    def keep(c: int) -> tuple[int, int]:
        return (8 - idx[c & 15]) + (10 if c >> 4 == trump else 0), c

    return sum(1 << c for c in sorted(_bits(cards), key=keep)[:k])


def _chance(score: int, threshold: int) -> int:
    """The model's chance, in sixteenths, of the strong decision (play, refuse) with a hand
    of ``score`` twentieths: a half at the threshold, a sixteenth more per tenth of a
    trick, between 1 and 15."""
    d = score - threshold
    return min(15, max(1, 8 + d // 2 + (1 if d >= 0 else 0)))


def kept_kind(r: HandRules, hand: int, trump: int) -> int:
    """The cards of ``hand`` the model keeps when it discards: trumps and plain cards of
    the two highest ranks."""
    idx = _rank_index(r)
    return sum(c >> 4 == trump or idx[c & 15] < 2 for c in _bits(hand))


def weight(q: Query, opp: int) -> int:
    """The weight of a world in which the opponent holds ``opp``: the product of the
    model's chances of the opponent's decisions listed in ``q.infer``, in sixteenths; for
    its latest discard (:data:`INFER_EXCHANGED`) the chance is whole when the world gives
    it the ``5 - opp_discard`` cards the model would have kept, and halved for each one
    missing."""
    w = 1
    for kind in q.infer:
        if kind == INFER_PROPOSED:
            w *= 16 - _chance(likely(q.rules, opp, q.trump), PLAY_THRESHOLD)
        elif kind == INFER_ACCEPTED:
            w *= 16 - _chance(likely(q.rules, opp, q.trump), REFUSE_THRESHOLD)
        elif kind == INFER_PLAYED:
            w *= _chance(likely(q.rules, opp | q.opp_played, q.trump), PLAY_THRESHOLD)
        elif kind == INFER_REFUSED:
            w *= _chance(likely(q.rules, opp | q.opp_played, q.trump), REFUSE_THRESHOLD)
        elif kind == INFER_EXCHANGED:
            missing = 5 - q.opp_discard - kept_kind(q.rules, opp | q.opp_played, q.trump)
            w *= 16 >> min(4, max(0, missing))
    return w


# ------------------------------------------------------------------------ worlds


def _check(q: Query, n: int, pool_factor: int) -> None:
    if not 1 <= n <= MAX_WORLDS:
        raise ValueError(f"worlds must be 1..{MAX_WORLDS}, not {n}")
    if not 1 <= pool_factor <= MAX_POOL:
        raise ValueError(f"pool_factor must be 1..{MAX_POOL}, not {pool_factor}")
    if len(q.infer) > MAX_INFER or any(not INFER_PROPOSED <= k <= INFER_EXCHANGED for k in q.infer):
        raise ValueError(f"infer: at most {MAX_INFER} of the INFER_* decisions")
    if not 0 <= q.opp_discard <= 5:
        raise ValueError(f"opp_discard must be 0..5, not {q.opp_discard}")
    if q.phase == PLAY and (len(q.trick) > 1 or q.leader != (1 - q.me if q.trick else q.me)):
        raise ValueError("the trick in progress is the opponent's lead or nothing")
    if q.require & ~q.pool or q.require & q.forbid or q.hand & q.pool:
        raise InfeasibleError("the required cards are not all unknown and allowed")
    need = q.opp_size - q.require.bit_count()
    allowed = (q.pool & ~q.require & ~q.forbid).bit_count()
    if need < 0 or need > allowed or q.pool.bit_count() - q.opp_size < q.stock_size:
        raise InfeasibleError(
            f"no world: the opponent holds {q.opp_size} cards, {q.require.bit_count()} "
            f"known and {allowed} possible, and the stock {q.stock_size} of "
            f"{q.pool.bit_count()} unknown cards"
        )


def worlds(q: Query, seed: int, n: int, pool_factor: int = 4) -> list[tuple[int, tuple[int, ...]]]:
    """``n`` worlds ``(opponent's hand, stock top first)`` consistent with ``q``, drawn
    from ``seed`` (the stock is drawn outside the play phase only). Under inference
    (``q.infer``) ``n * pool_factor`` candidates are drawn and ``n`` kept by systematic
    resampling on their weights (:func:`weight`). :class:`InfeasibleError` when no world
    fits."""
    _check(q, n, pool_factor)
    rng = _core.Rng(seed)
    below = rng.below
    allowed = _bits(q.pool & ~q.require & ~q.forbid)
    need = q.opp_size - q.require.bit_count()
    stock_size = q.stock_size if q.phase != PLAY else 0
    count = n * pool_factor if q.infer else n
    drawn: list[tuple[int, tuple[int, ...]]] = []
    weights: list[int] = []
    for _ in range(count):
        a = list(allowed)
        opp = q.require
        for i in range(need):
            j = i + below(len(a) - i)
            a[i], a[j] = a[j], a[i]
            opp |= 1 << a[i]
        stock: tuple[int, ...] = ()
        if stock_size:
            rest = _bits(q.pool & ~opp)
            for i in range(stock_size):
                j = i + below(len(rest) - i)
                rest[i], rest[j] = rest[j], rest[i]
            stock = tuple(rest[:stock_size])
        drawn.append((opp, stock))
        if q.infer:
            weights.append(weight(q, opp))
    if not q.infer:
        return drawn
    total = sum(weights)
    r = below(total)
    out = []
    i, cum = 0, weights[0]
    for j in range(n):
        point = j * total + r
        while cum * n <= point:
            i += 1
            cum += weights[i]
        out.append(drawn[i])
    return out


# ------------------------------------------------------------------------ values


class _Hand:
    """A hand from the decision on, in one world: both hands, the stock, the exchanges."""

    __slots__ = (
        "alone",
        "before_last",
        "exchanges",
        "held",
        "last",
        "ndiscards",
        "refusal",
        "stock",
        "top",
    )

    def __init__(self, q: Query, opp: int, stock: tuple[int, ...]) -> None:
        self.held = [0, 0]
        self.held[q.me] = q.hand
        self.held[1 - q.me] = opp
        self.stock = stock
        self.top = 0
        self.ndiscards = q.ndiscards
        self.last = q.last
        self.before_last = q.before_last
        self.exchanges = q.exchanges
        self.alone = q.alone
        self.refusal = q.refusal

    def discard(self, pos: int, cards: int) -> None:
        """Position ``pos`` discards ``cards`` and draws as many from the top of the
        world's stock."""
        n = cards.bit_count()
        held = self.held[pos] & ~cards
        for c in self.stock[self.top : self.top + n]:
            held |= 1 << c
        self.held[pos] = held
        self.top += n
        self.before_last = self.last
        self.last = n
        self.ndiscards += 1

    def limits(self, least: int) -> tuple[int, int]:
        most = min(5, len(self.stock) - self.top)
        return min(least, most), most


class _Env:
    """What a decision's evaluation shares: the query, the trick tables, the ranks."""

    __slots__ = ("ctx", "flags", "king", "q")

    def __init__(self, q: Query) -> None:
        self.q = q
        self.ctx: Any = _core.ranked_context(q.trump, q.rules.order, PIQUET_DECK.mask)
        self.flags = q.rules.play_flags
        self.king = q.trump * 16 + KING

    def utility(self, claims: list[tuple[int, int]]) -> int:
        """The deciding seat's utility of the points claimed, in order, by position."""
        q = self.q
        if q.utility is None:
            return sum(p if pos == q.me else -p for pos, p in claims)
        mine, theirs = q.score
        for pos, p in claims:
            if pos == q.me:
                mine += p
                if mine >= q.target:
                    return WIN
            else:
                theirs += p
                if theirs >= q.target:
                    return LOSS
        return q.utility[mine * q.target + theirs]

    def tricks_claim(self, elder_tricks: int, alone: int, refusal: int) -> tuple[int, int]:
        points, elder_scores, _ = trick_points(
            self.q.rules, elder_tricks, bool(alone), bool(refusal)
        )
        return (0 if elder_scores else 1), points

    def elder_tricks(
        self, hands: list[int], leader: int, trick: tuple[int, ...], won: Sequence[int]
    ) -> int:
        """The elder's tricks at the end of the hand, both sides playing double dummy."""
        if not hands[0] and not hands[1]:
            return won[0]
        t, _ = _core.solve(self.ctx, hands, leader, list(trick), self.flags)
        mover = (leader + len(trick)) % 2
        return won[0] + t if mover == 0 else 5 - won[1] - t

    def start_play(self, h: _Hand) -> int:
        """Kings (the model announces a king held), then the tricks, double dummy."""
        claims = [(pos, 1) for pos in (0, 1) if h.held[pos] >> self.king & 1]
        elder = self.elder_tricks(h.held, 0, (), (0, 0))
        claims.append(self.tricks_claim(elder, h.alone, h.refusal))
        return self.utility(claims)

    def finish(self, h: _Hand, phase: int) -> int:
        """Play the hand out from ``phase``: the exchanges by the model, then the tricks."""
        q, r = self.q, self.q.rules
        while True:
            if phase == PROPOSE:
                idle = h.ndiscards >= 2 and h.last == 0 and h.before_last == 0
                allowed = not idle and len(h.stock) - h.top >= max(1, r.elder_min_discard)
                if not allowed or likely(r, h.held[0], q.trump) >= PLAY_THRESHOLD:
                    h.alone = int(h.exchanges == 0)
                    return self.start_play(h)
                phase = RESPOND
            elif phase == RESPOND:
                if likely(r, h.held[1], q.trump) >= REFUSE_THRESHOLD:
                    h.refusal = int(h.exchanges == 0 or r.penalty_every_refusal != 0)
                    return self.start_play(h)
                phase = ELDER_DISCARD
            elif phase == ELDER_DISCARD:
                least, most = h.limits(r.elder_min_discard)
                h.discard(0, model_discard(r, h.held[0], q.trump, least, most))
                phase = DEALER_DISCARD
            else:
                least, most = h.limits(r.dealer_min_discard)
                h.discard(1, model_discard(r, h.held[1], q.trump, least, most))
                h.exchanges += 1
                phase = PROPOSE

    def option(self, opp: int, stock: tuple[int, ...], option: int) -> int:
        """The utility of ``option`` in the world (``opp``, ``stock``)."""
        q = self.q
        if q.phase == PLAY:
            return self.play_card(opp, option)
        h = _Hand(q, opp, stock)
        if q.phase == PROPOSE:
            if option == PLAY_OPTION:
                h.alone = int(h.exchanges == 0)
                return self.start_play(h)
            return self.finish(h, RESPOND)
        if q.phase == RESPOND:
            if option == REFUSE_OPTION:
                h.refusal = int(h.exchanges == 0 or q.rules.penalty_every_refusal != 0)
                return self.start_play(h)
            return self.finish(h, ELDER_DISCARD)
        h.discard(q.me, option)
        if q.phase == ELDER_DISCARD:
            return self.finish(h, DEALER_DISCARD)
        h.exchanges += 1
        return self.finish(h, PROPOSE)

    def play_card(self, opp: int, card: int) -> int:
        q = self.q
        claims = [(1 - q.me, 1)] if q.opp_king and opp >> self.king & 1 else []
        hands = [0, 0]
        hands[q.me] = q.hand & ~(1 << card)
        hands[1 - q.me] = opp
        trick = (*q.trick, card)
        leader = q.leader
        won = list(q.won)
        if len(trick) == 2:
            leader ^= _core.trick_winner(self.ctx, list(trick))
            won[leader] += 1
            trick = ()
        elder = self.elder_tricks(hands, leader, trick, won)
        claims.append(self.tricks_claim(elder, q.alone, q.refusal))
        return self.utility(claims)


def check_options(q: Query, options: Sequence[int], env: _Env | None = None) -> None:
    """A ``ValueError`` unless every option is one of the phase's: a card of the hand that
    may be played (the play), a mask of cards of the hand no larger than the stock (a
    discard), else ``0`` or ``1``."""
    if not 1 <= len(options) <= MAX_OPTIONS:
        raise ValueError(f"options: 1 to {MAX_OPTIONS}, not {len(options)}")
    env = env or _Env(q)
    for o in options:
        if q.phase == PLAY:
            legal = _core.legal_plays(env.ctx, q.hand, list(q.trick), env.flags)
            ok = 0 <= o < 64 and bool(legal >> o & 1)
        elif q.phase in (PROPOSE, RESPOND):
            ok = o in (0, 1)
        else:
            ok = o >= 0 and not o & ~q.hand and o.bit_count() <= q.stock_size
        if not ok:
            raise ValueError(f"option {o} is not one of the decision's")


def values(q: Query, options: Sequence[int], seed: int, n: int, pool_factor: int = 4) -> list[int]:
    """The sum over ``n`` worlds (:func:`worlds`) of each option's utility: in the play
    phase an option is a card id, in a discard phase a mask of cards, else
    ``PROPOSE_OPTION``/``PLAY_OPTION`` or ``ACCEPT_OPTION``/``REFUSE_OPTION``."""
    env = _Env(q)
    check_options(q, options, env)
    totals = [0] * len(options)
    for opp, stock in worlds(q, seed, n, pool_factor):
        for k, option in enumerate(options):
            totals[k] += env.option(opp, stock, option)
    return totals
