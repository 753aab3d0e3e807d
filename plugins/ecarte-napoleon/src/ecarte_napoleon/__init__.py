"""Napoléon écarté (docs/rules.md section 2): rules identical to the classic game, target 11.

>>> from ecarte import Game
>>> Game(plugins=[Napoleon()]).rules.target
11
"""

from __future__ import annotations

from ecarte import Rules, hookimpl

__all__ = ["TARGET", "Napoleon"]

TARGET = 11


class Napoleon:
    """Napoléon: first to 11 points wins a game; rules otherwise classic."""

    NAME = "napoleon"
    DESCRIPTION = "Napoléon: a game is won at 11 points, rules otherwise identical"

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules.evolve(target=TARGET)
