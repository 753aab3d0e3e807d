"""The core's API, named once: the constants every backend shares, the names of what each
backend implements, and the text of a play state.

The constants are plain ints, the same on every backend (``__all__``, which every backend
module and both facades import). Each backend module (``_cycore``, ``_cffi``, ``_pure``)
implements the classes and functions of :data:`IMPLEMENTED`, which :mod:`ecarte._core`
and :mod:`ecarte.tricks` look up on the live backend when used.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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


def _play_reduce(state: object, restore: object) -> tuple[object, ...]:
    """``__reduce__`` of a play state on every backend: ``restore(kind, ctx, hands,
    leader, flags, active, cards)`` makes the state again from the hands before the first
    card and plays ``cards`` (``kind`` is ``"PlayState"`` or ``"PlayStateN"``; ``active``
    None for a ``PlayState``)."""
    s: Any = state
    active = getattr(s, "active", None) if type(s).__name__ == "PlayStateN" else None
    n = len(s.hands)
    order = [p for p in range(n) if active is None or active >> p & 1]
    hands = list(s.hands)
    tricks = [t[1:] for t in s.tricks]
    leaders = [t[0] for t in s.tricks]
    if s.trick:
        tricks.append(s.trick)
        leaders.append(s.leader)
    for lead, trick in zip(leaders, tricks, strict=True):
        i = order.index(lead)
        for k, card in enumerate(trick):
            hands[order[(i + k) % len(order)]] |= 1 << card
    first = leaders[0] if leaders else s.leader
    kind = "PlayStateN" if active is not None else "PlayState"
    return (restore, (kind, s.ctx, tuple(hands), first, s.flags, active, tuple(s.cards)))


def _play_restore(
    module: Any, kind: object, ctx: object, hands: object, leader: object, flags: object,
    active: object, cards: object,
) -> object:  # fmt: skip
    """The play state of ``module`` that ``_play_reduce`` describes; ValueError (from the
    play state's own checks) for one that cannot be."""
    if kind == "PlayState" and active is None:
        state = module.PlayState(ctx, hands, leader, flags)
    elif kind == "PlayStateN":
        state = module.PlayStateN(ctx, hands, leader, flags, active)
    else:
        raise ValueError("not a kind of play state (PlayState or PlayStateN)")
    for card in _tuple_of(cards):
        state.apply(card)
    return state


def _tuple_of(x: object) -> tuple[Any, ...]:
    if type(x) not in (tuple, list):
        raise ValueError(f"cards must be a list or a tuple, not {type(x).__name__}")
    return tuple(x)  # type: ignore[arg-type]
