"""``EuchreGame.legal_action_mask()``: the legal ids (chance outcomes at a chance node) as
``num_action_ids`` bools (a list: 31 under OpenSpiel's rules), or written as bytes into a
buffer given as ``out``. Runs on each game backend; the last test compares them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import uniform_walk

from ecarte import ArgumentError
from ecarte.engine import backend
from ecarte.games.euchre import EuchreGame, EuchreRules

np = pytest.importorskip("numpy")

PRESETS = {
    "openspiel": EuchreRules.openspiel,
    "standard": EuchreRules.standard,
    "seed": EuchreRules.seed,
}


def _walk(g: EuchreGame, seed: int) -> Iterator[EuchreGame]:
    """Each state of a random game, chance outcomes among the ids when it is not drawn."""
    return uniform_walk(g, seed, lambda s: s.legal_action_ids(), lambda s, i: s.apply_id(i))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_mask_is_the_legal_ids(preset: str) -> None:
    rules = PRESETS[preset]()
    for n in range(3):
        for g in _walk(EuchreGame(rules, seed=n, auto_chance=n != 0), n):
            mask = g.legal_action_mask()
            assert type(mask) is list and len(mask) == g.num_action_ids
            assert all(b is True or b is False for b in mask)
            assert [i for i, b in enumerate(mask) if b] == g.legal_action_ids()
    assert g.num_action_ids == (31 if preset == "openspiel" else rules.deck + 9)


def test_the_mask_length_survives_copies() -> None:
    g = EuchreGame(EuchreRules.openspiel(), seed=1)
    assert len(g.copy().legal_action_mask()) == 31
    assert len(EuchreGame.from_json(g.to_json()).legal_action_mask()) == 31
    assert len(EuchreGame(EuchreRules.standard(), seed=1).copy().legal_action_mask()) == 33


@pytest.mark.parametrize("dtype", ["uint8", "int8", "bool"])
def test_the_mask_written_into_an_array(dtype: str) -> None:
    g = EuchreGame(EuchreRules.openspiel(), seed=3, auto_chance=False)
    out = np.ones(31, dtype=dtype)
    for state in _walk(g, 3):
        assert state.legal_action_mask(out) is out
        assert out.astype(np.uint8).tolist() == [int(b) for b in state.legal_action_mask()]


def test_the_mask_written_into_a_longer_bytearray() -> None:
    g = EuchreGame(EuchreRules.standard(), seed=2)
    out = bytearray(b"\x05" * 40)
    assert g.legal_action_mask(out=out) is out
    assert list(out[:33]) == [int(b) for b in g.legal_action_mask()]
    assert out[33:] == b"\x05" * 7


@pytest.mark.parametrize(
    "out",
    [
        bytes(31),
        bytearray(30),
        [0] * 31,
        np.zeros(31, dtype=np.float32),
        np.zeros(62, np.uint8)[::2],
    ],
    ids=["bytes", "short", "list", "float32", "strided"],
)
def test_a_bad_buffer_is_refused(out: Any) -> None:
    g = EuchreGame(EuchreRules.openspiel(), seed=1)
    with pytest.raises(ArgumentError, match="out must"):
        g.legal_action_mask(out)


def _masks(name: str, preset: str, seed: int) -> list[list[bool]]:
    previous = backend.live()
    backend.use_backend(name)
    try:
        g = EuchreGame(PRESETS[preset](), seed=seed, auto_chance=False)
        return [s.legal_action_mask() for s in _walk(g, seed)]
    finally:
        backend.use_backend(previous)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_backend_gives_the_same_masks(preset: str) -> None:
    names = backend.available("euchre.machine")
    answers = [_masks(name, preset, 7) for name in names]
    assert all(a == answers[0] for a in answers[1:]), names


@pytest.mark.parametrize("name", backend.available("euchre.machine"))
def test_the_mask_is_the_machines_own(name: str) -> None:
    """No facade frame between the caller and the machine's mask; no instance dict."""
    from ecarte.games.euchre.game import _game_class

    cls = _game_class(name)
    machine = backend.module("euchre.machine", name).EuchreMachine
    for attr in ("legal_action_mask", "num_action_ids"):
        owner = next(k for k in cls.__mro__ if attr in k.__dict__)
        assert owner is machine, (attr, owner)
    assert not hasattr(cls(EuchreRules.openspiel(), seed=1), "__dict__")
