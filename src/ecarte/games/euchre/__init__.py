"""Euchre on the ecarte engine: the whole game as a C machine (``c/``), its binding
(``_machine.pyx``) and pure twin (``_pure_machine.py``), the facade (:class:`EuchreGame`),
rules, save codec, batches, bots and terminal game.

Euchre is another game, not an Écarté variant: it is :class:`EuchreGame`, not
``ecarte.Game(variant=...)``.

>>> from ecarte.games.euchre import EuchreGame, EuchreRules
>>> g = EuchreGame(EuchreRules.openspiel(), auto_chance=False)
>>> g.to_act, g.legal_action_ids()
(-1, [0, 1, 2, 3])
"""

from __future__ import annotations

from . import _backends  # noqa: F401 - registers this game's modules
from . import actions as _actions
from . import game as _game
from .actions import *  # noqa: F403 - the game's names are this package's
from .batch import random_euchre_games, random_euchre_hands
from .bots import HeuristicBot, RandomBot
from .game import *  # noqa: F403
from .rules import PRESETS, DealOrder, EuchreRules, Lead, LoneDefenderScoring
from .tables import JOKER_ID, euchre_context

__all__ = [
    "JOKER_ID",
    "PRESETS",
    "DealOrder",
    "EuchreRules",
    "HeuristicBot",
    "Lead",
    "LoneDefenderScoring",
    "RandomBot",
    "euchre_context",
    "random_euchre_games",
    "random_euchre_hands",
]
__all__ += _actions.__all__ + _game.__all__
