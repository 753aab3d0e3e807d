"""Toy tricks, a small trick-taking game added to the ecarte engine from outside it.

The game (:mod:`.game`) stands on the engine's game-free pieces only: cards and masks
(:mod:`ecarte`), a trick context and a play state (:mod:`ecarte.tricks`), the save
envelope (:mod:`ecarte.engine.save`, in :mod:`.save`) and the game registry
(:class:`ecarte.GameSpec`, in :mod:`.spec`), which finds it through this distribution's
entry point ``toy-tricks`` of the group ``ecarte.games``. The rest of the game's names
(action ids, tricks, observations) are in :mod:`.game`.
"""

from __future__ import annotations

from .game import PRESETS, ToyRules, ToyTricks
from .spec import GAME, load
from .terminal import bot_choice

__all__ = ["GAME", "PRESETS", "ToyRules", "ToyTricks", "bot_choice", "load"]
