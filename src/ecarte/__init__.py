"""ecarte: an embeddable engine for Écarté and its relatives.

>>> from ecarte import Game, Rules
>>> game = Game(Rules.classic(), seed=1)
>>> game.to_act in game.game_players
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import classic as classic  # the classic rules, callable
from . import hookspecs as hookspecs  # the hooks and the typed Plugin base
from ._cards import PIQUET_DECK, Card, CardSet, Rank, Suit
from ._errors import (
    AdviceError,
    ArgumentError,
    CardParseError,
    ConcurrentUseError,
    EcarteError,
    IllegalActionError,
    PluginError,
    RulesError,
    SaveFormatError,
    UninitialisedError,
)
from .engine.registry import GameSpec, available_games, from_json, get_game, load_game
from .games.ecarte._plugins import available_variants
from .games.ecarte.actions import (
    Accept,
    Action,
    AnnounceKing,
    ChoosePackets,
    Cut,
    Deal,
    Discard,
    Event,
    Play,
    PlayHand,
    Propose,
    Refuse,
    parse_record,
)
from .games.ecarte.feed import EventKind, FeedEvent, ScoreKind
from .games.ecarte.game import (
    CHANCE,
    NUM_ACTION_IDS,
    TERMINAL,
    DiscardChoices,
    Game,
    Observation,
    Phase,
)
from .games.ecarte.hookspecs import hookimpl
from .games.ecarte.observation import Advice
from .games.ecarte.results import (
    DealtHands,
    FrozenDict,
    GameResult,
    HandOutcome,
    HandResult,
    MatchStatus,
    Seats,
)
from .games.ecarte.rules import (
    PRESETS,
    DealPattern,
    FirstDealer,
    KingAnnouncement,
    PenaltyBeneficiary,
    RankOrder,
    Rules,
)


def _version() -> str:
    """The installed distribution's version (pyproject.toml is its one source)."""
    import importlib.metadata

    try:
        return importlib.metadata.version("ecarte")
    except importlib.metadata.PackageNotFoundError:  # a source tree that is not installed
        return "0+unknown"


__version__ = _version()
del _version

if TYPE_CHECKING:
    BACKEND: str
    """The live backend's name: ``"cython"``, ``"cffi"`` or ``"pure"``."""


def __getattr__(name: str) -> Any:
    if name == "BACKEND":  # looked up when read: use_backend() switches it
        from .engine import backend

        return backend.live()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with those looked up when used (tab completion, ``help()``)."""
    return sorted({*globals(), *__all__})


__all__ = [
    "BACKEND",
    "CHANCE",
    "NUM_ACTION_IDS",
    "PIQUET_DECK",
    "PRESETS",
    "TERMINAL",
    "Accept",
    "Action",
    "Advice",
    "AdviceError",
    "AnnounceKing",
    "ArgumentError",
    "Card",
    "CardParseError",
    "CardSet",
    "ChoosePackets",
    "ConcurrentUseError",
    "Cut",
    "Deal",
    "DealPattern",
    "DealtHands",
    "Discard",
    "DiscardChoices",
    "EcarteError",
    "Event",
    "EventKind",
    "FeedEvent",
    "FirstDealer",
    "FrozenDict",
    "Game",
    "GameResult",
    "GameSpec",
    "HandOutcome",
    "HandResult",
    "IllegalActionError",
    "KingAnnouncement",
    "MatchStatus",
    "Observation",
    "PenaltyBeneficiary",
    "Phase",
    "Play",
    "PlayHand",
    "PluginError",
    "Propose",
    "Rank",
    "RankOrder",
    "Refuse",
    "Rules",
    "RulesError",
    "SaveFormatError",
    "ScoreKind",
    "Seats",
    "Suit",
    "UninitialisedError",
    "available_games",
    "available_variants",
    "classic",
    "from_json",
    "get_game",
    "hookimpl",
    "hookspecs",
    "load_game",
    "parse_record",
]
