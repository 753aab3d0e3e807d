"""Players: the protocol bots implement, a random player, a heuristic player, a PIMC
player (:mod:`ecarte.games.ecarte.pimc`) and an IS-MCTS player (:mod:`ecarte.games.ecarte.ismcts`).

The public door to :mod:`ecarte.games.ecarte.players`."""

from .games.ecarte.ismcts import ISMCTSPlayer
from .games.ecarte.pimc import PIMCPlayer
from .games.ecarte.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    play_match,
)

__all__ = [
    "HeuristicPlayer",
    "ISMCTSPlayer",
    "PIMCPlayer",
    "Player",
    "RandomPlayer",
    "play_match",
]
