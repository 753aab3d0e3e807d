"""The conformance suite on Écarté: classic, the presets, every installed variant, some
with options, on every backend."""

from __future__ import annotations

import pytest
from _support import backend_params, check_on
from ecarte_cercle import Cercle
from ecarte_poule import Poule

import ecarte
from ecarte import PRESETS, Game, Rules
from ecarte.engine import backend

pytestmark = pytest.mark.own_backends  # the tests choose their backends themselves

BACKENDS = backend.available("ecarte.machine")
VARIANTS = sorted(ecarte.available_variants())


def test_every_backend_is_checked() -> None:
    assert "pure" in BACKENDS and [b for b in backend.BACKENDS if b in BACKENDS] == BACKENDS


@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_classic(name: str) -> None:
    check_on(name, lambda seed: Game(seed=seed), seed=100)


@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_classic_chance_by_hand(name: str) -> None:
    check_on(name, lambda seed: Game(Rules.classic(), seed=seed, auto_chance=False), seed=200)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_preset(name: str, preset: str) -> None:
    check_on(name, lambda seed: Game(preset, seed=seed), seed=300)


def test_every_variant_is_installed() -> None:
    assert {"cercle", "napoleon", "poule", "quick", "regles", "single-proposal"} <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_variant(name: str, variant: str) -> None:
    check_on(name, lambda seed: Game(seed=seed, variant=variant), seed=400)


OPTIONS = {
    "poule-per-hand": lambda seed: Game(seed=seed, plugins=[Poule(rotation="per-hand", ante=2)]),
    "cercle-purses": lambda seed: Game(
        seed=seed, plugins=[Cercle({"Ann": 40, "Bob": 90}, {"Cy": 30}, value_per_point=2)]
    ),
    "quick-single-proposal": lambda seed: Game(seed=seed, variant=["quick", "single-proposal"]),
    "regles-spanish": lambda seed: Game("spanish", seed=seed, variant="regles"),
    "napoleon-chance-by-hand": lambda seed: Game(seed=seed, variant="napoleon", auto_chance=False),
}


@pytest.mark.parametrize("config", sorted(OPTIONS))
@pytest.mark.parametrize("name", backend_params(BACKENDS))
def test_variant_with_options(name: str, config: str) -> None:
    check_on(name, OPTIONS[config], seed=500)
