"""Decision points of random matches for the PIMC tests: the game at the decision (a
clone, the whole truth) with the deciding seat."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from ecarte import Card, Deal, Game, KingAnnouncement, Phase, Rules
from ecarte.games.ecarte.pimc import _PHASES
from ecarte.players import RandomPlayer

RULES = {
    "classic": Rules(),
    "spanish": Rules.preset("spanish"),
    "swedish": Rules.preset("swedish"),
    "brazilian": Rules.preset("brazilian"),
    "automatic": Rules(king_announcement=KingAnnouncement.AUTOMATIC),
}


def decision_points(
    n: int, seed: int, rules: Rules | None = None, every: float = 0.3
) -> Iterator[tuple[Game, int]]:
    """``n`` decisions with two or more options of random matches under ``rules``: the
    game there (a clone) and the seat to act."""
    rng = random.Random(seed)
    found = 0
    match = 0
    while found < n:
        game = Game(rules, seed=seed * 1000 + match)
        players = {s: RandomPlayer(seed=seed * 7 + match * 2 + s) for s in (0, 1)}
        match += 1
        while not game.is_over and found < n:
            seat = game.to_act
            legal = game.legal_actions()
            if game.phase in _PHASES and len(legal) > 1 and rng.random() < every:
                found += 1
                yield game.clone(), seat
            game.apply(players[seat].choose(game.observation(seat), legal), seat=seat)


def opponent(game: Game, seat: int) -> int:
    assert game.dealer is not None and game.elder is not None
    return game.dealer if seat == game.elder else game.elder


def true_stock(game: Game) -> tuple[int, ...]:
    """The stock, top first (the truth the seat does not see)."""
    return tuple(game._view().stock)


def with_opponent_hand(game: Game, seat: int, hand: int) -> Game | None:
    """The game replayed from a deal in which the opponent was dealt ``hand`` instead of
    its own cards, in a hand without exchanges (None when it had some): the cards of the
    world swapped with the ones it replaces, wherever they lay unseen."""
    history = list(game.history)
    at = max(i for i, r in enumerate(history) if isinstance(r, Deal))
    deal = history[at]
    assert isinstance(deal, Deal)
    if game.exchanges:
        return None
    opp = opponent(game, seat)
    truth = game.hand(opp).mask | sum(
        1 << c.id for t in (*game.observation(seat).tricks, game.trick) for s, c in t if s == opp
    )
    gone, new = truth & ~hand, hand & ~truth
    swap = dict(zip(_ids(gone), _ids(new), strict=True))
    swap |= {v: k for k, v in swap.items()}
    order = [Card.from_id(swap.get(c.id, c.id)) for c in deal.order]
    history[at] = Deal(order)
    return Game.replay(history, game.rules)


def _ids(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def hand_phases() -> tuple[Phase, ...]:
    return tuple(_PHASES)


def check_same_seed_same_decisions(make: Callable[[int], Any], seed: int) -> None:
    """Players made by ``make(seed)`` decide alike for the same seed, whatever decisions
    one of them took before, and differ somewhere for another seed (``last`` is what a
    player saw at its last decision)."""
    points = list(decision_points(12, seed=seed))
    a, b, other, used = make(1), make(1), make(2), make(1)
    for game, seat in reversed(points):  # a history of other decisions changes nothing
        used.choose(game.observation(seat), game.legal_actions())
    differ = 0
    for game, seat in points:
        obs, legal = game.observation(seat), game.legal_actions()
        assert a.choose(obs, legal) == b.choose(obs, legal) == used.choose(obs, legal)
        assert a.last == b.last
        other.choose(obs, legal)
        differ += a.last != other.last
    assert differ > 0
