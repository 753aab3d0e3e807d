"""The core's API, named once: the constants every backend shares, the names of what each
backend implements, and the text of a play state.

The constants are plain ints, the same on every backend (``__all__``, which every backend
module and both facades import). Each backend module (``_cycore``, ``_cffi``, ``_pure``)
implements the classes and functions of :data:`IMPLEMENTED`, which :mod:`ecarte._core`
and :mod:`ecarte.tricks` look up on the live backend when used.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._args import NO_TRUMP

MUST_OVERTAKE = 1
"""Flag: a player following suit must beat the best card of the led suit if able."""
MUST_TRUMP = 2
"""Flag: a player void in the led suit must play a trump if able."""
MUST_OVERTRUMP = 4
"""Flag: a player trumping a trick already trumped must beat that trump if able."""

PLAY_ON = 0
"""``PlayState.apply``: the trick goes on."""
PLAY_TRICK = 1
"""``PlayState.apply``: a trick was completed and more remain."""
PLAY_OVER = 2
"""``PlayState.apply``: the last trick was completed (the hands are empty)."""

__all__ = [
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
]

IMPLEMENTED = (
    "PlayState",
    "PlayStateN",
    "Rng",
    "legal_plays",
    "make_context",
    "perft",
    "solve",
    "solve_batch",
    "solve_n",
    "trick_winner",
)
"""What each backend module implements, beside the constants and its context type."""


def _play_repr(
    name: str,
    hands: Iterable[int],
    cards: tuple[int, ...],
    to_move: int,
    won: tuple[int, ...],
    active: int | None = None,
) -> str:
    """The repr of a play state on every backend (``active`` shown for ``PlayStateN``)."""
    shown = ", ".join(f"{h:#x}" for h in hands)
    act = "" if active is None else f"active={active:#x}, "
    return f"{name}(hands=({shown}), {act}cards={cards}, to_move={to_move}, won={won})"
