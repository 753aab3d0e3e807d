"""Two players for :class:`EuchreGame`: uniform random, and a simple heuristic."""

from __future__ import annotations

import math
import random

from ecarte import Rank
from ecarte._core._args import _player_seed

from .actions import EuchreCard, Joker, Kind
from .game import EuchreGame, Phase

__all__ = ["HeuristicBot", "RandomBot"]

_JACK = Rank.JACK


def _strength(cards: list[EuchreCard], trump: int) -> float:
    """A rough value of a hand with ``trump``: the joker 3.5, bowers 3 and 2.5, other
    trumps 1 to 2, off-suit aces 1."""
    v = 0.0
    for c in cards:
        if isinstance(c, Joker):
            v += 3.5
        elif c.rank == _JACK and c.suit == trump:
            v += 3
        elif c.rank == _JACK and c.suit == 3 - trump:
            v += 2.5
        elif c.suit == trump:
            v += 1 + (c.rank - Rank.NINE) * 0.2
        elif c.rank == Rank.ACE:
            v += 1
    return v


def _suit(card: EuchreCard, trump: int) -> int:
    """The suit a card follows with ``trump`` (the joker and the left bower: trumps)."""
    if isinstance(card, Joker) or (card.rank == _JACK and card.suit == 3 - trump):
        return trump
    return int(card.suit)


def _power(card: EuchreCard, trump: int) -> int:
    """Rank within Euchre with ``trump`` (higher wins; trumps above the rest)."""
    if isinstance(card, Joker):
        return 101
    if card.rank == _JACK and card.suit == trump:
        return 100
    if card.rank == _JACK and card.suit == 3 - trump:
        return 99
    return (50 if card.suit == trump else 0) + int(card.rank)


def _winner(trick: list[EuchreCard], trump: int) -> int:
    """Index of the card winning ``trick``: the highest trump, else the highest card of
    the suit led."""
    led = _suit(trick[0], trump)
    return max(
        range(len(trick)),
        key=lambda i: (_suit(trick[i], trump) in (led, trump)) * _power(trick[i], trump),
    )


def _to_decide(game: object, *, chance: bool = False) -> None:
    """TypeError unless ``game`` is an :class:`EuchreGame`, ValueError once it is over
    or, unless ``chance``, when a chance outcome is due (no seat decides)."""
    if not isinstance(game, EuchreGame):
        raise TypeError(f"a Euchre player plays an EuchreGame, not {type(game).__name__}")
    if game.is_over:
        raise ValueError("no legal action to choose from: the game is over")
    if not chance and game.to_act < 0:
        raise ValueError(f"no decision to choose: {game._doing()}")


def _threshold(value: object, name: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, not {value!r}")
    return float(value)


class RandomBot:
    """Picks a uniform legal action id (a chance outcome too, when one is due)."""

    def __init__(self, seed: int | None = None) -> None:
        """``seed``: an int in [-2**63, 2**64) as a game's, or None for a fresh one."""
        self._rng = random.Random(None if seed is None else _player_seed(seed))

    def choose(self, game: EuchreGame) -> int:
        _to_decide(game, chance=True)
        ids = game.legal_action_ids()
        return ids[self._rng.randrange(len(ids))]


class HeuristicBot:
    """Bids on the count of trumps and aces, goes alone on a very strong hand, discards
    its weakest card, wins a trick as cheaply as it can unless its partner holds it, and
    otherwise throws its weakest card. Plays every deck (24, 25 and 32 cards)."""

    def __init__(self, *, order_at: float = 6.0, alone_at: float = 11.0) -> None:
        self.order_at = _threshold(order_at, "order_at")
        self.alone_at = _threshold(alone_at, "alone_at")

    def choose(self, game: EuchreGame) -> int:
        _to_decide(game)
        seat = game.to_act
        legal = game.legal_actions()
        by_kind = {a.kind: a for a in legal}
        ph = game.phase
        hand = list(game.cards(seat))
        if ph in (Phase.BID, Phase.BID2, Phase.NAME):
            best, best_v = None, -1.0
            for a in legal:
                if a.kind is not Kind.CALL:
                    continue
                v = _strength(hand, a.value)
                if ph is Phase.BID and seat == game.dealer and game.upcard is not None:
                    v += _strength([game.upcard], a.value)
                if v > best_v:
                    best, best_v = a, v
            assert best is not None
            if best_v >= self.order_at or Kind.PASS not in by_kind:
                return best.id
            return by_kind[Kind.PASS].id
        if ph is Phase.TAKE:
            return by_kind[Kind.TAKE].id
        trump = game.trump
        if ph is Phase.ALONE:
            assert trump is not None
            strong = _strength(hand, trump) >= self.alone_at
            return by_kind[Kind.ALONE if strong else Kind.PARTNER].id
        if ph is Phase.DISCARD or ph is Phase.PLAY:
            assert trump is not None
            cards = sorted(
                ((a.card, a.id) for a in legal if a.card is not None),
                key=lambda ci: _power(ci[0], trump),
            )
            if ph is Phase.DISCARD:
                return cards[0][1]
            return self._play(game, seat, trump, cards)
        return legal[0].id

    def _play(
        self, game: EuchreGame, seat: int, trump: int, cards: list[tuple[EuchreCard, int]]
    ) -> int:
        trick = game.observation(seat).trick
        if not trick:
            return cards[-1][1]
        played = [c for _, c in trick]
        holder = trick[_winner(played, trump)][0]
        if holder % 2 == seat % 2:
            return cards[0][1]
        for c, i in cards:  # the cheapest card that takes the trick
            if _winner([*played, c], trump) == len(played):
                return i
        return cards[0][1]
