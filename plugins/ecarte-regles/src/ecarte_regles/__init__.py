"""Jeux de Règles: écarté played by the conventions (docs/rules.md section 2).

A *jeu de règle* is a hand that should win three tricks unless the dealer
holds two or more trumps. By convention the elder must play one without
proposing (unless it holds the king of trumps: then it proposes), and the
dealer refuses with the same hands. The convention binds the decision on which
the penalty is at stake: the elder's first decision of a hand (play as dealt,
or propose), and the dealer's response to a proposal whose refusal carries the
penalty (the first one, or every one under ``penalty_first_refusal_only=False``).
After an exchange the elder proposes or plays freely.

:data:`TABLE` lists the patterns as data,
:func:`match_hand` says which one (if any) a hand matches,
:func:`elder_convention` and :func:`dealer_convention` give the conventional
decision with its reason, :class:`JeuxDeRegles` is the plugin that enforces
it and :class:`RegleBot` a player that follows it.

>>> from ecarte import CardSet, Suit
>>> match_hand(CardSet.parse("7♠ 8♠ 9♠ K♥ 7♦"), Suit.SPADES).name
'three trumps'
>>> match_hand(CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣"), Suit.SPADES) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from attrs import frozen

from ecarte import (
    Accept,
    Action,
    ArgumentError,
    Card,
    CardSet,
    Game,
    Observation,
    Phase,
    PlayHand,
    PluginError,
    Propose,
    Rank,
    RankOrder,
    Refuse,
    Suit,
    hookimpl,
)
from ecarte.players import HeuristicPlayer, Player

__all__ = [
    "ADJUSTMENTS",
    "EVEN_CHANCE",
    "TABLE",
    "Adjustment",
    "Decision",
    "JeuxDeRegles",
    "Pattern",
    "RegleBot",
    "dealer_convention",
    "elder_convention",
    "is_guarded",
    "match_hand",
]

COURT = (Rank.KING, Rank.QUEEN, Rank.JACK)


@frozen
class _Shape:
    """A hand seen from the trump suit."""

    trumps: int
    plain: dict[Suit, frozenset[Rank]]
    """The ranks held in each plain suit (empty suits included)."""

    @staticmethod
    def of(hand: CardSet, trump: Suit) -> _Shape:
        return _shape(*_suit_masks(hand, trump))

    def suits_with(self, pred: Callable[[frozenset[Rank]], bool]) -> list[Suit]:
        return [s for s, ranks in self.plain.items() if pred(ranks)]


_RANKS = {  # a suit's rank mask (the piquet ranks, 7 to ace) -> its ranks
    m << Rank.SEVEN: frozenset(Rank(Rank.SEVEN + r) for r in range(8) if m >> r & 1)
    for m in range(256)
}


_PLAIN_SUITS = {t: tuple(s for s in Suit if s != t) for t in Suit}


def _suit_masks(hand: CardSet, trump: Suit) -> tuple[int, int, int, int, int]:
    """A cache key: the trump suit, the number of trumps and the rank mask of
    each plain suit (in suit order)."""
    mask = int(hand)
    a, b, c = _PLAIN_SUITS[trump]
    return (
        trump,
        (mask >> 16 * trump & 0xFFFF).bit_count(),
        mask >> 16 * a & 0xFFFF,
        mask >> 16 * b & 0xFFFF,
        mask >> 16 * c & 0xFFFF,
    )


@functools.lru_cache(maxsize=1 << 12)
def _shape(trump: int, trumps: int, *plain: int) -> _Shape:
    suits = _PLAIN_SUITS[Suit(trump)]
    return _Shape(trumps=trumps, plain={s: _RANKS[m] for s, m in zip(suits, plain, strict=True)})


@frozen
class Pattern:
    """One entry of the table of jeux de règle."""

    name: str
    trumps: str
    """How many trumps the hand holds: "3+", "2", "1" or "0"."""
    requirement: str
    """What the rest of the hand must hold, in words."""
    test: Callable[[_Shape], bool]

    def matches(self, hand: CardSet, trump: Suit) -> bool:
        return self.test(_Shape.of(hand, trump))


def _queen_and_guarded_jack(h: _Shape) -> bool:
    queens = h.suits_with(lambda r: Rank.QUEEN in r)
    jacks = h.suits_with(lambda r: Rank.JACK in r and len(r) >= 2)
    return any(q != j for q in queens for j in jacks)


def _lone_king_and_lone_queen(h: _Shape) -> bool:
    kings = h.suits_with(lambda r: r == {Rank.KING})
    queens = h.suits_with(lambda r: r == {Rank.QUEEN})
    return bool(kings) and bool(queens)


def _kings_or_trumps(h: _Shape) -> int:
    """Cards that are kings or trumps (the king of trumps counts once)."""
    return h.trumps + sum(Rank.KING in r for r in h.plain.values())


TABLE: tuple[Pattern, ...] = (
    Pattern(
        name="three trumps",
        trumps="3+",
        requirement="anything",
        test=lambda h: h.trumps >= 3,
    ),
    Pattern(
        name="two trumps and three of a plain suit",
        trumps="2",
        requirement="three cards of one plain suit",
        test=lambda h: h.trumps == 2 and bool(h.suits_with(lambda r: len(r) >= 3)),
    ),
    Pattern(
        name="one trump and king-queen-jack",
        trumps="1",
        requirement="K Q J of one plain suit",
        test=lambda h: h.trumps == 1 and bool(h.suits_with(lambda r: set(COURT) <= r)),
    ),
    Pattern(
        name="one trump and four of a plain suit",
        trumps="1",
        requirement="four cards of one plain suit",
        test=lambda h: h.trumps == 1 and bool(h.suits_with(lambda r: len(r) >= 4)),
    ),
    Pattern(
        name="one trump and two queens",
        trumps="1",
        requirement="two plain queens",
        test=lambda h: h.trumps == 1 and len(h.suits_with(lambda r: Rank.QUEEN in r)) >= 2,
    ),
    Pattern(
        name="one trump, a queen and a guarded jack",
        trumps="1",
        requirement="a queen, and a jack with another card of a different suit",
        test=lambda h: h.trumps == 1 and _queen_and_guarded_jack(h),
    ),
    Pattern(
        name="one trump, an unguarded king and an unguarded queen",
        trumps="1",
        requirement="a king alone in its suit and a queen alone in another",
        test=lambda h: h.trumps == 1 and _lone_king_and_lone_queen(h),
    ),
    Pattern(
        name="four court cards without a trump",
        trumps="0",
        requirement="four kings, queens or jacks",
        test=lambda h: h.trumps == 0 and sum(len(r & set(COURT)) for r in h.plain.values()) >= 4,
    ),
    Pattern(
        name="only two safe discards",
        trumps="any",
        requirement="at least three cards that are kings or trumps, so that at most two "
        "can be discarded without throwing a king or a trump",
        test=lambda h: _kings_or_trumps(h) >= 3,
    ),
)
"""The table of jeux de règle, in the order they are tried.

The last entry, "hands from which only two cards can be discarded without
throwing a king or a trump" (docs/rules.md section 2), is read as *at most* two: a hand with
at least three kings or trumps (the king of trumps counted once). Read as
*exactly* two, a hand would stop being a jeu de règle when one of its two
loose cards is replaced by a king or a trump (``7♥ K♠ K♣ 7♦ 8♦`` would be
one with hearts trumps, the stronger ``7♥ K♠ K♣ K♦ 8♦`` not), which
contradicts what a jeu de règle is: a hand strong enough to win three tricks.
With three trumps or more the first entry already matches."""


def match_hand(hand: CardSet, trump: Suit | Card) -> Pattern | None:
    """The first pattern of :data:`TABLE` that ``hand`` matches, or None."""
    suit = trump.suit if isinstance(trump, Card) else Suit(trump)
    return _match(*_suit_masks(hand, suit))


@functools.lru_cache(maxsize=1 << 18)  # every key of the four trump suits fits
def _match(trump: int, trumps: int, *plain: int) -> Pattern | None:
    shape = _shape(trump, trumps, *plain)
    for pattern in TABLE:
        if pattern.test(shape):
            return pattern
    return None


def is_guarded(hand: CardSet, trump: Suit) -> tuple[int, int]:
    """(plain suits guarded, trumps held): a plain suit is guarded by its
    king, or by its queen (a queen counts as a guard)."""
    shape = _Shape.of(hand, trump)
    guarded = len(shape.suits_with(lambda r: Rank.KING in r or Rank.QUEEN in r))
    return guarded, shape.trumps


EVEN_CHANCE = 2.4
"""The estimate (:meth:`ecarte.players.HeuristicPlayer.likely_tricks`, in the
game's rank order) from which a hand is taken to have an even chance of three
tricks."""


@frozen
class Adjustment:
    """A change of the convention by the score."""

    name: str
    applies_to: str
    """"elder" or "dealer"."""
    description: str


ADJUSTMENTS: tuple[Adjustment, ...] = (
    Adjustment(
        name="dealer at the point of game",
        applies_to="elder",
        description="with the dealer one point from the target (4 of 5), the elder plays any "
        "hand with an even chance of three tricks",
    ),
    Adjustment(
        name="elder at the point of game",
        applies_to="dealer",
        description="when the opponent (the elder) is one point from the target, the dealer "
        "refuses with any hand that holds a trump",
    ),
)


@frozen
class Decision:
    """What the convention says, and why."""

    play: bool
    """Elder: play the hand (do not propose). Dealer: refuse."""
    reason: str
    binding: bool = True
    """Whether the convention imposes the decision; when False (the elder
    without a jeu de règle) :attr:`play` is only a default and either is
    allowed."""


_ESTIMATOR = HeuristicPlayer()


def elder_convention(
    hand: CardSet,
    trump: Suit,
    *,
    elder_score: int = 0,
    dealer_score: int = 0,
    target: int = 5,
    rank_order: RankOrder = RankOrder.KING_HIGH,
) -> Decision:
    """The elder's first decision by the convention, for ``hand``:

    - with the dealer one point from the target, a hand with an even chance
      of three tricks is played (the score adjustment: it comes first, as it
      is about "any hand", and with the dealer at the point of game the
      penalty no longer matters, only the dealer's chance to improve does);
    - a jeu de règle is played without proposing, unless the elder holds the
      king of trumps: then it proposes (both binding);
    - any other hand: the elder is free (``binding=False``; ``play`` False).

    ``rank_order`` (the game's ``rules.rank_order``) is the order the
    even-chance estimate counts high cards by."""
    pattern = match_hand(hand, trump)
    king = Card.of(Rank.KING, trump) in hand
    if (
        dealer_score == target - 1
        and _ESTIMATOR.likely_tricks(hand, trump, rank_order) >= EVEN_CHANCE
    ):
        return Decision(True, f"{ADJUSTMENTS[0].name}: an even chance of three tricks")
    if pattern is not None:
        if king:
            return Decision(False, f"jeu de règle ({pattern.name}) with the king of trumps")
        return Decision(True, f"jeu de règle ({pattern.name})")
    return Decision(False, "no jeu de règle", binding=False)


def dealer_convention(
    hand: CardSet, trump: Suit, *, elder_score: int = 0, dealer_score: int = 0, target: int = 5
) -> Decision:
    """Whether the dealer must refuse a proposal with ``hand``."""
    pattern = match_hand(hand, trump)
    if pattern is not None:
        return Decision(True, f"jeu de règle ({pattern.name})")
    guarded, trumps = is_guarded(hand, trump)
    if guarded >= 3:
        return Decision(True, "guarded in three suits")
    if guarded >= 2 and trumps >= 1:
        return Decision(True, "guarded in two suits with a trump")
    if guarded >= 1 and trumps >= 2:
        return Decision(True, "guarded in one suit with two trumps")
    if elder_score == target - 1 and trumps >= 1:
        return Decision(True, f"{ADJUSTMENTS[1].name}: a trump")
    return Decision(False, "not guarded enough")


def _decide(game: Game, seat: int) -> Decision | None:
    trump = game.trump
    if trump is None or game.elder is None or game.dealer is None:
        return None
    kwargs = {
        "elder_score": game.scores[game.elder],
        "dealer_score": game.scores[game.dealer],
        "target": game.rules.target,
    }
    if seat == game.elder:
        order = game.rules.rank_order
        return elder_convention(game.hand(seat), trump, **kwargs, rank_order=order)
    return dealer_convention(game.hand(seat), trump, **kwargs)


def _saved_strict(state: object) -> bool:
    """``strict_dealer`` from the state a :class:`JeuxDeRegles` saved."""
    if not (isinstance(state, dict) and set(state) == {"strict_dealer"}):
        raise PluginError(f"not a Jeux de Règles state: {state!r}")
    strict = state["strict_dealer"]
    if not isinstance(strict, bool):
        raise PluginError(f"strict_dealer must be a bool, not {strict!r}")
    return strict


class JeuxDeRegles:
    """Enforces the convention (:func:`elder_convention`) on the elder's first
    decision of each hand, where the penalty for playing without proposing is
    at stake: the elder may not propose with a jeu de règle (nor, with the
    dealer at the point of game, with an even chance), and must propose with
    a jeu de règle that holds the king of trumps; the refusal names the
    pattern. After an exchange the elder is free. The dealer must also respond
    by :func:`dealer_convention` when a refusal carries the penalty (the first
    proposal; every proposal when the rules have
    ``penalty_first_refusal_only=False``); ``strict_dealer=False`` relaxes the
    dealer's half and leaves the dealer free.

    Its saves keep ``strict_dealer`` (:meth:`save_options`, and the state of
    a variant named by name); a save made before they did, when the dealer was
    free by default, restores with the dealer free (:meth:`restore_options`)."""

    NAME = "regles"
    DESCRIPTION = "Jeux de Règles: the elder must play a jeu de règle; the dealer's convention"

    def __init__(self, strict_dealer: bool = True) -> None:
        if not isinstance(strict_dealer, bool):
            raise ArgumentError(f"strict_dealer must be a bool, not {strict_dealer!r}")
        self.strict_dealer = strict_dealer

    def save_options(self) -> dict[str, object]:
        """The options that rebuild this plugin (``JeuxDeRegles(**options)``)."""
        return {"strict_dealer": self.strict_dealer}

    def restore_options(self, state: object) -> None:
        """Before a saved game of the variant named ``regles`` replays its history:
        ``state`` is what :meth:`ecarte_save_state` saved, or None for a save made
        before it saved anything, whose dealer was free by default."""
        if state is None:
            self.strict_dealer = False
            return
        self.strict_dealer = _saved_strict(state)

    @hookimpl
    def ecarte_save_state(self, game: Game) -> dict[str, object]:
        return {"strict_dealer": self.strict_dealer}

    @hookimpl
    def ecarte_restore_state(self, game: Game, state: object) -> None:
        if _saved_strict(state) != self.strict_dealer:
            raise PluginError(
                f"the saved game's dealer convention ({state!r}) is not this plugin's "
                f"(strict_dealer={self.strict_dealer})"
            )

    def _veto(self, game: Game, seat: int, action: Action) -> str | None:
        first = not game.exchanges  # no exchange yet in this hand
        if isinstance(action, Propose | PlayHand) and seat == game.elder and first:
            decision = _decide(game, seat)
            if decision is None or not decision.binding:
                return None
            if decision.play and isinstance(action, Propose):
                return f"the elder must play without proposing: {decision.reason}"
            # forbid playing only when a proposal is possible (a stock to serve it)
            can_propose = game.stock_size >= max(1, game.rules.elder_min_discard)
            if not decision.play and isinstance(action, PlayHand) and can_propose:
                return f"the elder must propose: {decision.reason}"
        elif self.strict_dealer and isinstance(action, Accept | Refuse) and seat == game.dealer:
            if not (first or not game.rules.penalty_first_refusal_only):
                return None  # no penalty at stake: the dealer is free
            decision = _decide(game, seat)
            if decision is not None and decision.play and isinstance(action, Accept):
                return f"the dealer must refuse with a {decision.reason}"
            if decision is not None and not decision.play and isinstance(action, Refuse):
                return f"the dealer must accept: {decision.reason}"
        return None

    @hookimpl
    def ecarte_describe(self, game: Game, seat: int | None) -> list[str]:
        # the convention and the adjustments in force are public (the scores are);
        # whether a hand is a jeu de règle is told to its holder only
        lines = [
            "regles: Jeux de Règles: the elder plays a jeu de règle without proposing "
            "(with the king of trumps, proposes)"
            + ("; the dealer refuses with one, or when guarded" if self.strict_dealer else "")
        ]
        elder, dealer = game.elder, game.dealer
        if elder is None or dealer is None or game.is_over:
            return lines
        target = game.rules.target
        if game.scores[dealer] == target - 1:
            lines.append(f"regles: {ADJUSTMENTS[0].description}")
        if self.strict_dealer and game.scores[elder] == target - 1:
            lines.append(f"regles: {ADJUSTMENTS[1].description}")
        trump = game.trump
        if seat not in (elder, dealer) or trump is None or game.phase is Phase.PLAY:
            return lines
        hand = game.hand(seat)  # the seat's own hand, never the opponent's
        pattern = match_hand(hand, trump)
        if pattern is None:
            lines.append("regles: your hand is not a jeu de règle")
        else:
            lines.append(f"regles: your hand is a jeu de règle: {pattern.name}")
        decision = _decide(game, seat)
        first = seat == elder and not game.exchanges and game.phase is Phase.PROPOSE
        if decision is not None and decision.binding and first:
            what = "play without proposing" if decision.play else "propose"
            lines.append(f"regles: by the convention you {what}: {decision.reason}")
        return lines

    @hookimpl
    def ecarte_exchange_allowed(self, game: Game, seat: int, action: Action) -> bool | None:
        # only ever forbid: permission is left to the rules below (the stock)
        return False if self._veto(game, seat, action) is not None else None

    @hookimpl
    def ecarte_validate_action(self, game: Game, seat: int, action: Action) -> str | None:
        return self._veto(game, seat, action)


class RegleBot:
    """A player that proposes, plays and responds by the convention, and
    otherwise plays like ``fallback`` (a heuristic player by default)."""

    def __init__(self, fallback: Player | None = None) -> None:
        self.fallback: Player = fallback or HeuristicPlayer()

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The convention's answer when it has one and it is legal, else ``fallback``'s.
        TypeError unless ``observation`` is an Écarté observation, ValueError unless its
        seat is the one to act, as the bundled players."""
        obs = observation
        if not isinstance(obs, Observation):
            raise TypeError(
                "an Écarté player decides from an Écarté Observation "
                f"(game.observation(seat)), not {type(obs).__name__}"
            )
        if obs.to_act != obs.seat:
            raise ValueError(
                f"seat {obs.seat} is not to act (seat {obs.to_act} is): a player decides "
                "from the observation of the seat to act"
            )
        if obs.phase in (Phase.PROPOSE, Phase.RESPOND) and obs.trump is not None:
            assert obs.elder is not None and obs.dealer is not None
            kwargs = {
                "elder_score": obs.scores[obs.elder],
                "dealer_score": obs.scores[obs.dealer],
                "target": obs.rules.target,
            }
            want: Action
            if obs.phase is Phase.PROPOSE:
                order = obs.rules.rank_order
                play = elder_convention(obs.hand, obs.trump, **kwargs, rank_order=order).play
                want = PlayHand() if play else Propose()
            else:
                refuse = dealer_convention(obs.hand, obs.trump, **kwargs).play
                want = Refuse() if refuse else Accept()
            if want in legal:
                return want
        return self.fallback.choose(observation, legal)
