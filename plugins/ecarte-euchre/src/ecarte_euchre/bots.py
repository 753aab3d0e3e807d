"""Two players for :class:`EuchreGame`: uniform random, and a simple heuristic."""

from __future__ import annotations

import random

from ecarte import Card, Rank
from ecarte.tricks import euchre_context, trick_winner

from .game import ALONE, CALL, DECLINE, PARTNER, PASS, TAKE, EuchreGame, Phase

__all__ = ["HeuristicBot", "RandomBot"]

_JACK = Rank.JACK


def _os_id(card: Card) -> int:
    return (card.rank - Rank.NINE) * 4 + card.suit


def _strength(cards: list[Card], trump: int) -> float:
    """A rough value of a hand with ``trump``: bowers 3 and 2.5, other trumps 1 to 2,
    off-suit aces 1."""
    v = 0.0
    for c in cards:
        if c.rank == _JACK and c.suit == trump:
            v += 3
        elif c.rank == _JACK and c.suit == 3 - trump:
            v += 2.5
        elif c.suit == trump:
            v += 1 + (c.rank - Rank.NINE) * 0.2
        elif c.rank == Rank.ACE:
            v += 1
    return v


def _power(card: Card, trump: int) -> int:
    """Rank within Euchre with ``trump`` (higher wins; trumps above the rest)."""
    if card.rank == _JACK and card.suit == trump:
        return 100
    if card.rank == _JACK and card.suit == 3 - trump:
        return 99
    return (50 if card.suit == trump else 0) + int(card.rank)


class RandomBot:
    """Picks a uniform legal action id."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: EuchreGame) -> int:
        ids = game.legal_action_ids()
        return ids[self._rng.randrange(len(ids))]


class HeuristicBot:
    """Bids on the count of trumps and aces, goes alone on a very strong hand, discards
    its weakest card, wins a trick as cheaply as it can unless its partner holds it, and
    otherwise throws its weakest card."""

    def __init__(self, *, order_at: float = 6.0, alone_at: float = 11.0) -> None:
        self.order_at = order_at
        self.alone_at = alone_at

    def choose(self, game: EuchreGame) -> int:
        seat = game.to_act
        ids = game.legal_action_ids()
        ph = game.phase
        hand = list(game.hand(seat))
        if ph in (Phase.BID, Phase.BID2):
            best, best_v = PASS, -1.0
            for i in ids:
                if i == PASS:
                    continue
                v = _strength(hand, i - CALL)
                if ph is Phase.BID and seat == game.dealer and game.upcard is not None:
                    v += _strength([game.upcard], i - CALL)
                if v > best_v:
                    best, best_v = i, v
            if best_v >= self.order_at or PASS not in ids:
                return best
            return PASS
        if ph is Phase.TAKE:
            return TAKE
        if ph is Phase.ALONE:
            trump = game.trump
            assert trump is not None
            return ALONE if _strength(hand, trump) >= self.alone_at else PARTNER
        if ph is Phase.DISCARD:
            trump = game.trump
            assert trump is not None
            cards = [c for c in (*hand, game.upcard) if c is not None and _os_id(c) in ids]
            return _os_id(min(cards, key=lambda c: _power(c, trump)))
        if ph is Phase.PLAY:
            return self._play(game, seat, ids)
        if DECLINE in ids:
            return TAKE
        return ids[0]

    def _play(self, game: EuchreGame, seat: int, ids: list[int]) -> int:
        trump = game.trump
        assert trump is not None
        cards = sorted(
            (c for c in game.hand(seat) if _os_id(c) in ids), key=lambda c: _power(c, trump)
        )
        trick = game.observation(seat).trick
        if not trick:
            return _os_id(cards[-1])
        ctx = euchre_context(trump)
        played = tuple(c.id for _, c in trick)
        holder = trick[trick_winner(ctx, played)][0]
        if holder % 2 == seat % 2:
            return _os_id(cards[0])
        for c in cards:  # the cheapest card that takes the trick
            if trick_winner(ctx, (*played, c.id)) == len(played):
                return _os_id(c)
        return _os_id(cards[0])
