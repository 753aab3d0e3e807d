"""Toy tricks in the game registry (:mod:`ecarte.engine.registry`): the ``GameSpec`` that
this distribution's entry point ``toy-tricks`` of the group ``ecarte.games`` names."""

from __future__ import annotations

import reprlib

from ecarte import ArgumentError, GameSpec

from .game import PRESETS, ToyRules, ToyTricks
from .save import CODEC, NAME
from .terminal import main

__all__ = ["GAME", "load"]


def load(*, rules: ToyRules | str | None = None, seed: int | None = None) -> ToyTricks:
    """A new game: ``ToyTricks(rules, seed=...)`` (``rules``: a :class:`ToyRules` or a
    preset's name, ``plain`` without one)."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ArgumentError(
                f"rules: no Toy tricks preset {rules!r} (presets: {', '.join(PRESETS)})"
            )
        rules = PRESETS[rules]
    elif rules is not None and not isinstance(rules, ToyRules):
        raise ArgumentError(f"rules must be ToyRules or a preset's name, not {reprlib.repr(rules)}")
    return ToyTricks(rules, seed=seed)


GAME = GameSpec(
    name=NAME,
    title="Toy tricks: two players, five cards each, the turned-up suit trumps",
    load=load,
    play=main,  # ecarte play --game toy-tricks ARGS
    codec=CODEC,
)
"""The registry's ``toy-tricks``."""
