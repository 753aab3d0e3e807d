"""Écarté in the game registry (:mod:`ecarte.engine.registry`): the built-in game
``ecarte``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TextIO

from ecarte.engine.registry import GameSpec

from ._save import CODEC, NAME
from .game import Game
from .rules import Rules

__all__ = ["GAME", "load", "play"]


def load(
    *,
    rules: Rules | str | None = None,
    seed: int | None = None,
    variant: str | Sequence[str] | None = None,
    plugins: Iterable[object] = (),
    auto_chance: bool = True,
) -> Game:
    """A new match: ``Game(rules, seed=..., variant=..., plugins=..., auto_chance=...)``
    (``rules``: a :class:`Rules` or a preset's name)."""
    return Game(rules, seed=seed, variant=variant, plugins=plugins, auto_chance=auto_chance)


def play(argv: list[str], stdin: TextIO, stdout: TextIO) -> int:
    """``ecarte play ARGS``: a match in the terminal (see :func:`ecarte.cli.play`)."""
    from ecarte.cli import play as play_match

    return play_match(argv, stdin, stdout)


GAME = GameSpec(
    name=NAME,
    title="Écarté",
    load=load,
    play=play,
    codec=CODEC,
)
"""The registry's ``ecarte``."""
