"""Players: the protocol bots implement, a random player and a heuristic player.

The public door to :mod:`ecarte.games.ecarte.players`."""

from .games.ecarte.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    play_match,
)

__all__ = [
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "play_match",
]
