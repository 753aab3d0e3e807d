"""Euchre on the ecarte engine (RULES.md section 3).

Euchre is another game, not an Écarté variant: it is :class:`EuchreGame`, not
``ecarte.Game(variant=...)``, and this distribution registers no ``ecarte.variants``
entry point. It uses only ecarte's public API (``ecarte``, ``ecarte.tricks``).

>>> from ecarte_euchre import EuchreGame, EuchreRules
>>> g = EuchreGame(EuchreRules.openspiel(), auto_chance=False)
>>> g.to_act, g.legal_action_ids()
(-1, [0, 1, 2, 3])
"""

from __future__ import annotations

from .bots import HeuristicBot, RandomBot
from .game import (
    ALONE,
    CALL,
    CHANCE,
    DECLINE,
    JOKER,
    NUM_ACTION_IDS,
    PARTNER,
    PASS,
    TAKE,
    TERMINAL,
    ActionIds,
    EuchreAction,
    EuchreCard,
    EuchreGame,
    EuchreObservation,
    Joker,
    Kind,
    Phase,
    random_games,
)
from .rules import PRESETS, DealOrder, EuchreRules, Lead, LoneDefenderScoring

__all__ = [
    "ALONE",
    "CALL",
    "CHANCE",
    "DECLINE",
    "JOKER",
    "NUM_ACTION_IDS",
    "PARTNER",
    "PASS",
    "PRESETS",
    "TAKE",
    "TERMINAL",
    "ActionIds",
    "DealOrder",
    "EuchreAction",
    "EuchreCard",
    "EuchreGame",
    "EuchreObservation",
    "EuchreRules",
    "HeuristicBot",
    "Joker",
    "Kind",
    "Lead",
    "LoneDefenderScoring",
    "Phase",
    "RandomBot",
    "random_games",
]
