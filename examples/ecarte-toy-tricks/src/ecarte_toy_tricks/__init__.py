"""Toy tricks, a small trick-taking game added to the ecarte engine from outside it.

The game (:mod:`.game`) stands on the engine's game-free pieces only: cards and masks
(:mod:`ecarte`), a trick context and a play state (:mod:`ecarte.tricks`), the save
envelope (:mod:`ecarte.engine.save`, in :mod:`.save`) and the game registry
(:class:`ecarte.GameSpec`, in :mod:`.spec`), which finds it through this distribution's
entry point ``toy-tricks`` of the group ``ecarte.games``.
"""

from __future__ import annotations

from .game import (
    CARDS,
    NUM_ACTION_IDS,
    PRESETS,
    TERMINAL,
    ToyObservation,
    ToyRules,
    ToyTricks,
    Trick,
    deal,
)
from .save import NAME
from .spec import GAME, load
from .terminal import bot_choice

__all__ = [
    "CARDS",
    "GAME",
    "NAME",
    "NUM_ACTION_IDS",
    "PRESETS",
    "TERMINAL",
    "ToyObservation",
    "ToyRules",
    "ToyTricks",
    "Trick",
    "bot_choice",
    "deal",
    "load",
]
