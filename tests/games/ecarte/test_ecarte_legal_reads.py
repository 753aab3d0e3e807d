"""The machine's reads of what is legal and held: ``Game.legal_action_mask()``, the legal
ids as 96 bools (a tuple) or written as bytes into a buffer given as ``out``;
``Game.legal_action_bits()`` and ``Game.hand_mask(seat)``, the legal ids and a seat's hand
as ints (a server builds its seats' views from them). The same answers as
``legal_action_ids()`` and ``hand(seat).mask`` at every step, through the plugins when
one may veto, on each game backend; the last tests compare the backends."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import uniform_walk

from ecarte import ArgumentError, Discard, Game, IllegalActionError, Refuse, hookimpl
from ecarte._core import use_backend
from ecarte.engine import backend
from ecarte.games.ecarte.game import NUM_ACTION_IDS

np = pytest.importorskip("numpy")


def _walk(game: Game, seed: int) -> Iterator[Game]:
    """Each state of a random match (chance drawn by the game)."""
    return uniform_walk(game, seed, lambda g: g.legal_actions(), lambda g, a: g.apply(a))


def _ids_of(mask: Any) -> list[int]:
    return [i for i, b in enumerate(mask) if b]


def _reads(game: Game) -> tuple[int, tuple[int, ...]]:
    """The legal bits and the hands' masks, checked against the ids and the hands."""
    bits = game.legal_action_bits()
    assert type(bits) is int
    assert bits == sum(1 << i for i in game.legal_action_ids())
    hands = tuple(game.hand_mask(seat) for seat in range(game.players))
    assert all(type(h) is int for h in hands)
    assert hands == tuple(game.hand(seat).mask for seat in range(game.players))
    return bits, hands


@pytest.mark.parametrize("seed", range(3))
def test_the_mask_is_the_legal_ids(seed: int) -> None:
    for g in _walk(Game(seed=seed), seed):
        mask = g.legal_action_mask()
        assert type(mask) is tuple and len(mask) == NUM_ACTION_IDS
        assert all(b is True or b is False for b in mask)
        assert _ids_of(mask) == list(g.legal_action_ids())


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


def test_the_mask_at_chance_nodes_and_the_end_is_empty() -> None:
    g = Game(seed=2, auto_chance=False)
    assert g.to_act == -1 and not any(g.legal_action_mask())
    g.apply_chance()
    while not g.is_over:
        if g.to_act == -1:
            assert not any(g.legal_action_mask())
            g.apply_chance()
        else:
            g.apply(g.legal_actions()[0])
    assert not any(g.legal_action_mask())


@pytest.mark.parametrize("dtype", ["uint8", "int8", "bool"])
def test_the_mask_written_into_an_array(dtype: str) -> None:
    out = np.full(NUM_ACTION_IDS, 7 if dtype != "bool" else True, dtype=dtype)
    for g in _walk(Game(seed=4), 4):
        assert g.legal_action_mask(out) is out
        assert out.astype(np.uint8).tolist() == [int(b) for b in g.legal_action_mask()]


def test_the_mask_written_into_a_longer_bytearray() -> None:
    g = Game(seed=5)
    out = bytearray(b"\x09" * 100)
    assert g.legal_action_mask(out=out) is out
    assert list(out[:NUM_ACTION_IDS]) == [int(b) for b in g.legal_action_mask()]
    assert out[NUM_ACTION_IDS:] == b"\x09" * 4  # nothing written past the mask


@pytest.mark.parametrize(
    "out",
    [
        bytes(96),
        bytearray(95),
        "x" * 96,
        [0] * 96,
        np.zeros(96, dtype=np.int32),
        np.zeros((96, 2), dtype=np.uint8)[:, 0],  # not contiguous
    ],
    ids=["bytes", "short", "str", "list", "int32", "strided"],
)
def test_a_bad_buffer_is_refused(out: Any) -> None:
    g = Game(seed=1)
    with pytest.raises(ArgumentError, match="out must"):
        g.legal_action_mask(out)


class _NoRefusalsNoFive:
    """Vetoes refusing and discarding five cards."""

    NAME = "no-refusals-no-five"

    def __init__(self) -> None:
        self.inside: list[bool] = []

    @hookimpl
    def ecarte_validate_action(self, game: Game, action: Any) -> str | None:
        # mid-question: nothing legal
        self.inside.append(any(game.legal_action_mask()) or game.legal_action_bits() != 0)
        if isinstance(action, Refuse):
            return "never refuse"
        if isinstance(action, Discard) and len(action.cards) == 5:
            return "never five"
        return None


@pytest.mark.parametrize("seed", range(3))
def test_the_reads_leave_out_what_a_plugin_vetoes(seed: int) -> None:
    plugin = _NoRefusalsNoFive()
    g = Game(seed=seed, plugins=[plugin])
    for state in _walk(g, seed):
        mask = state.legal_action_mask()
        assert _ids_of(mask) == list(state.legal_action_ids())
        assert not mask[35] and not mask[64 + 31]  # refuse; all five discarded
        bits, _ = _reads(state)
        assert _ids_of(mask) == [i for i in range(NUM_ACTION_IDS) if bits >> i & 1]
        out = np.zeros(NUM_ACTION_IDS, dtype=np.uint8)
        assert _ids_of(state.legal_action_mask(out)) == _ids_of(mask)
    assert plugin.inside and not any(plugin.inside)


def _answers(name: str, seed: int) -> list[tuple[object, ...]]:
    previous = backend.live()
    use_backend(name)
    try:
        return [(g.legal_action_mask(), *_reads(g)) for g in _walk(Game(seed=seed), seed)]
    finally:
        use_backend(previous)


@pytest.mark.parametrize("seed", range(4))
def test_every_backend_gives_the_same_reads(seed: int) -> None:
    names = backend.available("ecarte.machine")
    answers = [_answers(name, seed) for name in names]
    assert all(a == answers[0] for a in answers[1:]), names


@pytest.mark.parametrize("read", ["legal_action_mask", "legal_action_bits", "hand_mask"])
@pytest.mark.parametrize("name", backend.available("ecarte.machine"))
def test_the_reads_are_the_machines_own(name: str, read: str) -> None:
    from ecarte.games.ecarte.game import _game_class

    cls = _game_class(name)
    machine = backend.module("ecarte.machine", name).Machine
    owner = next(k for k in cls.__mro__ if read in k.__dict__)
    assert owner is machine
