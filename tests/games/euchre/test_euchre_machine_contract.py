"""Euchre's machine: its named fields and answers agree across backends on random
games (the behavioural half of ``ecarte.games.euchre.protocol``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ecarte.engine import backend
from ecarte.games.euchre.protocol import FIELDS

_BACKENDS = [name for name in backend.available("euchre.machine") if name != "cffi"]


def _facts(machine: Any) -> tuple[Any, ...]:
    """Every named field and the answers of the read-only calls, by name."""
    fields = {name: getattr(machine, name) for name in (*FIELDS, "to_act", "is_over")}
    calls = {
        "legal_action_ids": machine.legal_action_ids(),
        "legal_mask": machine.legal_mask(),
        "hands": [machine.hand(s) for s in range(4)],
        "bids": machine.bids(),
        "played": machine.played(),
        "active": machine.active(),
        "history_ids": machine.history_ids(),
    }
    return tuple(sorted({**fields, **calls}.items()))


def _run(name: str, deck: int, flags: int, target: int, seed: int) -> list[tuple[Any, ...]]:
    machine = backend.module("euchre.machine", name).EuchreMachine(deck, flags, target, seed, True)
    rng = random.Random(seed)
    out = [_facts(machine)]
    while not machine.is_over and len(out) < 400:
        ids = machine.legal_action_ids()
        machine.apply_id(ids[rng.randrange(len(ids))])
        out.append(_facts(machine))
    return out


@pytest.mark.skipif(len(_BACKENDS) < 2, reason="one backend only")
@pytest.mark.parametrize(("deck", "flags", "target"), [(24, 0, 0), (25, 255, 10), (32, 5, 10)])
@pytest.mark.parametrize("seed", range(3))
def test_named_fields_agree_across_backends(deck: int, flags: int, target: int, seed: int) -> None:
    first, *others = (_run(name, deck, flags, target, seed) for name in _BACKENDS)
    for other in others:
        assert len(first) == len(other)
        for step, (a, b) in enumerate(zip(first, other, strict=True)):
            assert a == b, step
