"""What the games' search players share: the checks of a search's budget."""

from __future__ import annotations

from typing import TypeGuard

from .._errors import shown


def _number(x: object) -> TypeGuard[int | float]:
    """An int or a float, not a bool."""
    return isinstance(x, int | float) and not isinstance(x, bool)


def check_budget(iterations: object, ms: object, c: object, max_iterations: int) -> None:
    """Refuse (``ValueError`` naming the argument) a budget of ``iterations`` that is not
    an int 1..``max_iterations``, ``ms`` neither None nor a positive number of
    milliseconds, or an exploration constant ``c`` that is not a positive number."""
    if iterations.__class__ is not int or not 1 <= iterations <= max_iterations:
        raise ValueError(f"iterations must be an int 1..{max_iterations}, not {shown(iterations)}")
    if ms is not None and not (_number(ms) and 0 < ms < 1e7):
        raise ValueError(f"ms must be a positive number of milliseconds, not {shown(ms)}")
    if not (_number(c) and 0 < c < 1e9):
        raise ValueError(f"c must be a positive number, not {shown(c)}")
