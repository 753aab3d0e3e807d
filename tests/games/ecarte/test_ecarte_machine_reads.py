"""``Game.legal_action_bits()`` and ``Game.hand_mask(seat)``: the legal ids and a seat's
hand as ints, read from the machine (a server builds its seats' views from them); the
same answers as ``legal_action_ids()`` and ``hand(seat).mask`` at every step, through
the plugins when one may veto, on each game backend."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import uniform_walk

from ecarte import Discard, Game, IllegalActionError, Refuse, hookimpl
from ecarte._core import use_backend
from ecarte.engine import backend


def _walk(game: Game, seed: int) -> Iterator[Game]:
    """Each state of a random match (chance drawn by the game)."""
    return uniform_walk(game, seed, lambda g: g.legal_actions(), lambda g, a: g.apply(a))


def _reads(game: Game) -> tuple[int, tuple[int, ...]]:
    bits = game.legal_action_bits()
    assert type(bits) is int
    assert bits == sum(1 << i for i in game.legal_action_ids())
    hands = tuple(game.hand_mask(seat) for seat in range(game.players))
    assert all(type(h) is int for h in hands)
    assert hands == tuple(game.hand(seat).mask for seat in range(game.players))
    return bits, hands


@pytest.mark.parametrize("variant", [None, "poule"])
@pytest.mark.parametrize("seed", range(3))
def test_the_reads_are_the_legal_ids_and_the_hands(seed: int, variant: str | None) -> None:
    states = [_reads(g) for g in _walk(Game(seed=seed, variant=variant), seed)]
    assert any(bits >> 64 for bits, _ in states)  # discards were legal
    assert states[-1][0] == 0  # nothing legal at the end


def test_the_reads_at_chance_nodes() -> None:
    g = Game(seed=2, auto_chance=False)
    assert g.to_act == -1 and g.legal_action_bits() == 0
    assert [g.hand_mask(s) for s in range(2)] == [0, 0]  # nothing dealt yet
    while not g.is_over:
        _reads(g)
        if g.to_act == -1:
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("seat", [-1, 2, "0", 0.0, None])
def test_a_bad_seat_is_refused(seat: Any) -> None:
    g = Game(seed=1)
    with pytest.raises(IllegalActionError, match="no seat"):
        g.hand_mask(seat)


class _NoRefusalsNoFive:
    """Vetoes refusing and discarding five cards."""

    NAME = "no-refusals-no-five"

    def __init__(self) -> None:
        self.inside: list[int] = []

    @hookimpl
    def ecarte_validate_action(self, game: Game, action: Any) -> str | None:
        self.inside.append(game.legal_action_bits())  # mid-question: nothing legal
        if isinstance(action, Refuse):
            return "never refuse"
        if isinstance(action, Discard) and len(action.cards) == 5:
            return "never five"
        return None


@pytest.mark.parametrize("seed", range(3))
def test_the_bits_leave_out_what_a_plugin_vetoes(seed: int) -> None:
    plugin = _NoRefusalsNoFive()
    for state in _walk(Game(seed=seed, plugins=[plugin]), seed):
        bits, _ = _reads(state)
        assert not bits >> 35 & 1 and not bits >> (64 + 31) & 1  # refuse; all five discarded
    assert plugin.inside and not any(plugin.inside)


def _answers(name: str, seed: int) -> list[tuple[int, tuple[int, ...]]]:
    previous = backend.live()
    use_backend(name)
    try:
        return [_reads(g) for g in _walk(Game(seed=seed), seed)]
    finally:
        use_backend(previous)


@pytest.mark.parametrize("seed", range(4))
def test_every_backend_gives_the_same_reads(seed: int) -> None:
    names = backend.available("ecarte.machine")
    answers = [_answers(name, seed) for name in names]
    assert all(a == answers[0] for a in answers[1:]), names


@pytest.mark.parametrize("read", ["legal_action_bits", "hand_mask"])
@pytest.mark.parametrize("name", backend.available("ecarte.machine"))
def test_the_reads_are_the_machines_own(name: str, read: str) -> None:
    from ecarte.games.ecarte.game import _game_class

    cls = _game_class(name)
    machine = backend.module("ecarte.machine", name).Machine
    owner = next(k for k in cls.__mro__ if read in k.__dict__)
    assert owner is machine
