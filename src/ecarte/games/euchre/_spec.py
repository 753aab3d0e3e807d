"""Euchre in the game registry (:mod:`ecarte.engine.registry`): the built-in game
``euchre``."""

from __future__ import annotations

import reprlib
from typing import TextIO

from ecarte._errors import ArgumentError, shown
from ecarte.engine.registry import GameSpec

from .game import EuchreGame
from .rules import PRESETS, EuchreRules
from .save import CODEC, NAME

__all__ = ["GAME", "load", "play"]


def load(
    *, rules: EuchreRules | str | None = None, seed: int | None = None, auto_chance: bool = True
) -> EuchreGame:
    """A new game: ``EuchreGame(rules, seed=..., auto_chance=...)`` (``rules``: an
    :class:`EuchreRules` or a preset's name, ``standard`` without one)."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ArgumentError(
                f"rules: no Euchre preset {shown(rules)} (presets: {', '.join(PRESETS)})"
            )
        rules = PRESETS[rules]()
    elif rules is not None and not isinstance(rules, EuchreRules):
        raise ArgumentError(
            f"rules must be EuchreRules or a preset's name, not {reprlib.repr(rules)}"
        )
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64
    ):
        raise ArgumentError(f"seed must be an int in [0, 2**64) or None, not {reprlib.repr(seed)}")
    if auto_chance is not True and auto_chance is not False:
        raise ArgumentError(f"auto_chance must be a bool, not {reprlib.repr(auto_chance)}")
    return EuchreGame(rules, seed=seed, auto_chance=auto_chance)


def play(argv: list[str], stdin: TextIO, stdout: TextIO) -> int:
    """``ecarte play --game euchre ARGS``: the game in the terminal
    (:func:`ecarte.games.euchre.terminal.main`)."""
    from .terminal import main

    return main(argv, stdin, stdout)


GAME = GameSpec(
    name=NAME,
    title="Euchre: four players in two partnerships, tricks with a trump named in bidding",
    load=load,
    play=play,
    codec=CODEC,
)
"""The registry's ``euchre``."""
