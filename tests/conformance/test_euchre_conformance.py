"""The conformance suite on Euchre: every preset and deck, on every backend."""

from __future__ import annotations

import pytest
from _support import backend_params, check_on

from ecarte.engine import backend
from ecarte.games.euchre import PRESETS, EuchreGame

pytestmark = pytest.mark.own_backends  # the tests choose their backends themselves

BACKENDS = backend.available("euchre.machine")
DECKS = (24, 25, 32)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_preset_and_deck(name: str, preset: str, deck: int) -> None:
    rules = PRESETS[preset]().with_options(deck=deck)
    check_on(name, lambda seed: EuchreGame(rules, seed=seed), seed=600)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_chance_by_hand(name: str, preset: str) -> None:
    rules = PRESETS[preset]()
    check_on(name, lambda seed: EuchreGame(rules, seed=seed, auto_chance=False), seed=700)
