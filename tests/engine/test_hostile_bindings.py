"""Hostile arguments to the Euchre machine on every backend: one error per input.

Each binding copies and converts its arguments once before running any C, so a caller's
object that mutates a list or lies in ``__ne__`` cannot reach the C core; an object made
by ``__new__`` alone raises :class:`ecarte.UninitialisedError`. The same cases run on the
Cython, cffi and pure machines (cffi's Euchre machine is the pure twin).
"""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import ArgumentError, EcarteError, IllegalActionError, UninitialisedError
from ecarte.engine import backend as _backend
from ecarte.games.euchre import game as _game

pytestmark = pytest.mark.own_backends

NAMES = _backend.available("euchre.machine")


@pytest.fixture(params=NAMES)
def machine(request: pytest.FixtureRequest) -> Any:
    return _backend.module("euchre.machine", request.param).EuchreMachine


@pytest.fixture(params=NAMES)
def game_class(request: pytest.FixtureRequest) -> Any:
    return _game._game_class(request.param)


class LyingInt(int):
    """An int whose ``!=`` always says equal."""

    def __ne__(self, other: object) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("card_id", (-5,)),
        ("card_id", (64,)),
        ("card_id", (True,)),
        ("card_id", ("7",)),
        ("core_card", (2**63,)),
        ("core_card", (-1,)),
        ("core_card", (24,)),
        ("core_card", (None,)),
        ("trick_winner", (0, [7, "x"])),
        ("trick_winner", (0, 7)),
        ("trick_winner", (4, [7])),
        ("trick_winner", (0, [])),
        ("trick_winner", (0, [7, 8, 9, 10, 11])),
        ("trick_winner", (0, [True])),
        ("hand", (True,)),
        ("hand", (4,)),
    ],
)
def test_bad_arguments_raise_argument_error_on_every_backend(
    machine: Any, method: str, args: tuple[object, ...]
) -> None:
    with pytest.raises(ArgumentError):
        getattr(machine(), method)(*args)


def test_the_same_message_on_every_backend() -> None:
    def messages(m: Any) -> list[str]:
        out = []
        for method, args in [
            ("card_id", (-5,)),
            ("core_card", (2**63,)),
            ("trick_winner", (0, [7, "x"])),
        ]:
            with pytest.raises(EcarteError) as e:
                getattr(m, method)(*args)
            out.append(str(e.value))
        return out

    got = {n: messages(_backend.module("euchre.machine", n).EuchreMachine()) for n in NAMES}
    assert len(set(map(tuple, got.values()))) == 1, got


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("legal_action_ids", ()),
        ("legal_mask", ()),
        ("apply_id", (0,)),
        ("trick_winner", (0, [7])),
        ("copy", ()),
        ("history_ids", ()),
        ("undo", ()),
        ("chance", ()),
        ("hand", (0,)),
        ("restore_history", ([], [], 0)),
        ("card_id", (7,)),
    ],
)
def test_an_object_made_by_new_alone_is_refused(
    game_class: Any, machine: Any, method: str, args: tuple[object, ...]
) -> None:
    for cls in (machine, game_class):
        m = cls.__new__(cls)
        with pytest.raises(UninitialisedError, match="never initialised"):
            getattr(m, method)(*args)
        with pytest.raises(UninitialisedError):
            m.to_act  # noqa: B018 - a property reads the state too
    assert issubclass(UninitialisedError, EcarteError)


def _saved(machine: Any) -> tuple[list[int], list[bool]]:
    m = machine(seed=3)
    for _ in range(6):
        m.apply_id(m.legal_action_ids()[0])
    return m.history_ids(), m.history_auto()


def test_restore_history_copies_the_lists_before_reading_them(machine: Any) -> None:
    ids, autos = _saved(machine)
    want = machine.replay(ids, seed=3).history_ids()

    class Clears:
        def __bool__(self) -> bool:
            ids.clear()
            autos.clear()
            return True

    hostile = [Clears(), *autos[1:]]
    m = machine(seed=3, auto_chance=False)
    m.restore_history(ids, hostile, 0)
    assert m.history_ids() == want


def test_restore_history_index_that_clears_the_list(machine: Any) -> None:
    ids, autos = _saved(machine)
    want = list(ids)

    class Clears(int):
        def __index__(self) -> int:
            ids.clear()
            return int(self)

    hostile: list[int] = [Clears(want[0]), *want[1:]]
    ids[:] = hostile
    m = machine(seed=3, auto_chance=False)
    m.restore_history(ids, autos, 0)
    assert m.history_ids() == want


def test_a_lying_int_does_not_pass_the_seed_check(machine: Any) -> None:
    ids, autos = _saved(machine)
    wrong = (ids[0] + 1) % 4
    m = machine(seed=3, auto_chance=False)
    with pytest.raises(IllegalActionError, match="record 0"):
        m.restore_history([LyingInt(wrong), *ids[1:]], autos, 0)
    assert m.history_ids() == []


@pytest.mark.parametrize(
    ("ids", "autos", "sealed", "error"),
    [
        (5, [], 0, ArgumentError),
        ([0], [True, True], 0, ArgumentError),
        (["x"], [True], 0, IllegalActionError),
        ([0], [True], 2, ArgumentError),
        ([0], [True], True, ArgumentError),
    ],
)
def test_restore_history_bad_arguments(
    machine: Any, ids: object, autos: object, sealed: object, error: type[Exception]
) -> None:
    m = machine(seed=3, auto_chance=False)
    with pytest.raises(error):
        m.restore_history(ids, autos, sealed)
    assert m.history_ids() == []


ECARTE_NAMES = _backend.available("ecarte.machine")


@pytest.mark.parametrize("name", ECARTE_NAMES)
@pytest.mark.parametrize(
    "call",
    [
        "legal_actions()",
        "legal_action_mask()",
        "to_act",
        "is_over",
        "apply(ACTIONS[32])",
        "apply('propose')",
        "apply_chance()",
        "clone()",
        "undo()",
        "history",
        "to_dict()",
        "describe()",
        "observation(0)",
    ],
)
def test_an_ecarte_game_made_by_new_alone_is_refused(name: str, call: str) -> None:
    from ecarte.games.ecarte import game as ecarte_game
    from ecarte.games.ecarte.actions import ACTIONS

    cls = ecarte_game._game_class(name)
    g = cls.__new__(cls)
    with pytest.raises(UninitialisedError, match="never initialised"):
        eval(f"g.{call}", {"g": g, "ACTIONS": ACTIONS})
