"""``chance_outcomes()`` on the compiled machine against the pure twin, its answers not
shared between calls, and the playing loop's calls resolving to the machine's own."""

from __future__ import annotations

import random

import pytest

import ecarte.games.euchre  # noqa: F401 - registers the Euchre machine
from ecarte.engine import backend
from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre._pure_machine import EuchreMachine as Pure
from ecarte.games.euchre.game import _game_class

COMPILED = [n for n in backend.available("euchre.machine") if n == "cython"]
DECKS = (24, 25, 32)
FLAGS = (
    0,
    Pure.ONE_BY_ONE | Pure.STICK | Pure.LONE_FOUR,
    127,
    Pure.ANYONE_ALONE | Pure.LONE_DEFENDER,
    255,
)
"""No option, some, every option but ``anyone_alone``, ``anyone_alone`` (which needs the
lone defenders), and every option."""
HOT = ("legal_action_ids", "apply_id", "chance_outcomes", "to_act", "is_over")


def compiled() -> type:
    if not COMPILED:
        pytest.skip("the Cython Euchre machine is not built")
    return backend.module("euchre.machine", "cython").EuchreMachine  # type: ignore[no-any-return]


def outcomes_of(m: object) -> list[tuple[int, float]]:
    return m.chance_outcomes()  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("flags", FLAGS)
def test_chance_outcomes_equal_the_twins(deck: int, flags: int) -> None:
    """Random games, every state: the same pairs (ids, probabilities, types, order)."""
    machine = compiled()
    rng = random.Random(deck * 1000 + flags)
    for game in range(20):
        c = machine(deck, flags, 10 if game % 2 else 0, game, False)
        p = Pure(deck, flags, 10 if game % 2 else 0, game, False)
        while not p.is_over:
            got, want = outcomes_of(c), outcomes_of(p)
            assert got == want, p.history_ids()
            assert [tuple(map(type, o)) for o in got] == [(int, float)] * len(want)
            assert type(got) is list and type(want) is list
            if p.to_act == -1:
                ids = p.legal_action_ids()
                assert [i for i, _ in want] == ids
                assert all(q == 1.0 / len(ids) for _, q in want)
            else:
                assert want == []
            i = rng.choice(p.legal_action_ids())
            c.apply_id(i)
            p.apply_id(i)
        assert outcomes_of(c) == outcomes_of(p) == []


@pytest.mark.parametrize("make", ["compiled", "pure"])
def test_answers_are_not_shared(make: str) -> None:
    """Mutating a returned list (or trying to change a pair) leaves the next answer as it was."""
    cls = compiled() if make == "compiled" else Pure
    m = cls(24, 0, 0, 5, False)
    first = outcomes_of(m)
    assert first == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    first.clear()
    first.append((9, 1.0))
    assert outcomes_of(m) == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert outcomes_of(m) is not outcomes_of(m)
    pair = outcomes_of(m)[0]
    with pytest.raises(TypeError):
        pair[1] = 0.5  # type: ignore[index]
    legal = m.legal_action_ids()
    legal.append(99)
    assert m.legal_action_ids() == [0, 1, 2, 3]
    m.apply_id(2)
    none = m.legal_action_ids()
    deal = outcomes_of(m)
    deal.pop()
    assert len(outcomes_of(m)) == len(none) == 24
    empty = cls(24, 0, 0, 5, True)
    assert empty.to_act != -1
    answer = outcomes_of(empty)
    answer.append((0, 1.0))
    assert outcomes_of(empty) == []


@pytest.mark.parametrize("name", backend.available("euchre.machine"))
def test_the_loop_calls_are_the_machines(name: str) -> None:
    """``EuchreGame`` adds nothing between the playing loop and the machine: those
    attributes resolve to the machine's own (no facade override)."""
    cls = _game_class(name)
    machine = backend.module("euchre.machine", name).EuchreMachine
    for attr in HOT:
        owner = next(k for k in cls.__mro__ if attr in k.__dict__)
        assert owner is machine, (attr, owner)


def test_game_chance_outcomes_match_the_twin_game() -> None:
    """Through the facade, on each backend: the same answers on the same deals."""
    answers = []
    for name in backend.available("euchre.machine"):
        previous = backend.live()
        backend.use_backend(name)
        try:
            g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=11)
            seen = []
            rng = random.Random(3)
            while not g.is_over:
                seen.append(g.chance_outcomes())
                ids = g.legal_action_ids()
                g.apply_id(ids[rng.randrange(len(ids))])
            answers.append(seen)
        finally:
            backend.use_backend(previous)
    assert all(a == answers[0] for a in answers)
