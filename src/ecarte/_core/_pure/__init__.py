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

from .._args import NO_TRUMP
from .playn import PlayStateN
from .rng import Rng
from .solver import solve, solve_batch
from .solvern import solve_n
from .tricks import (
    MUST_OVERTAKE,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    PLAY_ON,
    PLAY_OVER,
    PLAY_TRICK,
    PlayState,
    Position,
    TrickContext,
    legal_plays,
    make_context,
    perft,
    trick_winner,
)

__all__ = [
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
    "PlayState",
    "PlayStateN",
    "Position",
    "Rng",
    "TrickContext",
    "legal_plays",
    "make_context",
    "perft",
    "solve",
    "solve_batch",
    "solve_n",
    "trick_winner",
]
