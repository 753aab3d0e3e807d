"""Players: the protocol bots implement, a random player, a heuristic player and a PIMC
player (:mod:`ecarte.games.ecarte.pimc`).

The public door to :mod:`ecarte.games.ecarte.players`."""

from .games.ecarte.pimc import PIMCPlayer
from .games.ecarte.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    play_match,
)

__all__ = [
    "HeuristicPlayer",
    "PIMCPlayer",
    "Player",
    "RandomPlayer",
    "play_match",
]
