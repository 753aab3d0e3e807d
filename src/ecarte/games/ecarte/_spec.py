"""Écarté in the game registry (:mod:`ecarte.engine.registry`): the built-in game
``ecarte``."""

from __future__ import annotations

from typing import TextIO

from ecarte.engine.registry import GameSpec

from ._save import CODEC, NAME
from .game import Game

__all__ = ["GAME", "play"]


def play(argv: list[str], stdin: TextIO, stdout: TextIO) -> int:
    """``ecarte play ARGS``: a match in the terminal (see :func:`ecarte.cli.play`)."""
    from ecarte.cli import play as play_match

    return play_match(argv, stdin, stdout)


GAME = GameSpec(
    name=NAME,
    title="Écarté",
    load=Game,
    play=play,
    codec=CODEC,
)
"""The registry's ``ecarte``."""
