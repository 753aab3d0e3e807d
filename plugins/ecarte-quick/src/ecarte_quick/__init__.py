"""The quick game (docs/rules.md section 2, "Écarté rápido"): a game is won at 3 points, not 5.

>>> from ecarte import Game
>>> Game(plugins=[QuickGame()]).rules.target
3
"""

from __future__ import annotations

from ecarte import Rules, hookimpl

__all__ = ["TARGET", "QuickGame"]

TARGET = 3


class QuickGame:
    """The quick game: first to 3 points wins a game; rules otherwise classic."""

    NAME = "quick"
    DESCRIPTION = "Quick game: a game is won at 3 points instead of 5"

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules.evolve(target=TARGET)
