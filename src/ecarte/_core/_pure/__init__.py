"""Pure-Python twin of the game-free C core: the reference implementation and fallback.

One module per C file (``tricks`` for ec_tricks.c, ``rng``, ``solver``, ``playn``,
``solvern``), on the argument layer of :mod:`ecarte._core._args`. Everything works on
plain ints so that a compiled backend can replace it function for function:

- a card is an id ``suit * 16 + rank`` (0..63) and a set of cards a 64-bit mask;
- a :class:`TrickContext` holds, per card id, its *effective* suit (a left bower
  belongs to the trump suit) and its power within that suit, plus the trump suit.
  Rank orders are data in these tables, never code branches;
- a trick is a sequence of the card ids played so far (1 to 4 players).

The twins follow the C step for step, so every backend gives identical numbers for
the same seed.
"""

from __future__ import annotations

from .. import _api
from .._api import *  # noqa: F403 - the constants
from .playn import PlayStateN as PlayStateN
from .rng import Rng as Rng
from .solver import solve as solve
from .solver import solve_batch as solve_batch
from .solvern import solve_n as solve_n
from .tricks import PlayState as PlayState
from .tricks import Position as Position
from .tricks import TrickContext as TrickContext
from .tricks import legal_plays as legal_plays
from .tricks import make_context as make_context
from .tricks import perft as perft
from .tricks import trick_winner as trick_winner

__all__ = [*_api.__all__, *_api.IMPLEMENTED, "Position", "TrickContext"]


def _play_state_at(*args: object) -> object:
    """A pickled play state made again (``_api._play_restore``)."""
    import sys

    return _api._play_restore(sys.modules[__name__], *args)
