"""The match machine's named fields agree across backends, and the facade's helper
modules use only its documented internal interface."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ecarte import Game
from ecarte._core import use_backend
from ecarte.engine import backend
from ecarte.games.ecarte import _advice, _hooks, _save, hookspecs
from ecarte.games.ecarte import _pure_machine as pm
from ecarte.games.ecarte.observation import State
from ecarte.games.ecarte.protocol import VIEW_FIELDS

_BACKENDS = [name for name in backend.available("ecarte.machine") if name != "cffi"]


def _views(name: str, rules: str | None, seed: int, auto_chance: bool) -> Iterator[Any]:
    """Every view of a random match on backend ``name`` (decisions by the seed)."""
    previous = backend.live()
    use_backend(name)
    try:
        game = Game(rules, seed=seed, auto_chance=auto_chance)
        rng = random.Random(seed)
        yield game._m_view()
        while not game.is_over:
            if game.to_act < 0:
                game.apply_chance()
            else:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
            yield game._m_view()
    finally:
        use_backend(previous)


@pytest.mark.skipif(len(_BACKENDS) < 2, reason="one backend only")
@pytest.mark.parametrize("seed", range(6))
def test_named_fields_agree_across_backends(seed: int) -> None:
    rules = (None, "spanish", "swedish")[seed % 3]
    auto = seed % 2 == 0
    streams = [list(_views(name, rules, seed, auto)) for name in _BACKENDS]
    assert len({len(s) for s in streams}) == 1
    for step, views in enumerate(zip(*streams, strict=True)):
        for field in VIEW_FIELDS:
            values = {repr(getattr(v, field)) for v in views}
            assert len(values) == 1, (step, field, values)


def test_a_view_is_a_snapshot_equal_by_fields() -> None:
    game = Game(seed=3)
    before = game._m_view()
    again = game._m_view()
    assert before == again and hash(before) == hash(again)
    assert "phase=" in repr(before)
    game.apply(game.legal_actions()[0])
    assert game._m_view() != before
    assert before == again  # it did not follow the game
    state = game._state
    assert isinstance(state, State) and state.phase == game._m_view().phase
    assert state.hands[game.to_act] == game.hand(game.to_act).mask


_ALLOWED = {
    "_config",  # what the game and its clones share
    "_view",
    "_read",
    "_guard",
    "_resume_chance",
    "_asking",  # a question to the plugins, the game read-only meanwhile
    "_check_seat",
    "_m_hook",  # the machine's contract (protocol.MatchMachine)
    "_m_log",
    "_m_draw",
}


@pytest.mark.parametrize("module", [_hooks, _save, _advice])
def test_helpers_use_only_the_documented_interface(module: Any) -> None:
    source = Path(module.__file__).read_text()
    used = set(re.findall(r"\bgame\._(\w+)", source))
    assert {f"_{name}" for name in used} <= _ALLOWED
    assert "_m_hook" in _ALLOWED and Game._guard.__doc__ and Game._resume_chance.__doc__


def test_machine_hooks_are_in_the_bindings_order() -> None:
    """The C header names the hook points (``ec_hook_name``); every binding and the twin
    name the same, in the same order, each a hook of the specs."""
    binding = Game()._binding
    assert binding.HOOK_NAMES == pm.HOOK_NAMES and len(pm.HOOK_NAMES) == binding.NUM_HOOKS
    assert tuple(f"ecarte_{name}" for name in binding.HOOK_NAMES) == _hooks.MACHINE_HOOKS
    assert all(hasattr(hookspecs, name) for name in _hooks.MACHINE_HOOKS)
    for name, h in (("next_game", pm.H_NEXT_GAME), ("exchange_allowed", pm.H_EXCHANGE)):
        assert pm.HOOK_NAMES[h] == name
