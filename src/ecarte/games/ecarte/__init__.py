"""Écarté, the engine's first game: the whole match as a C machine (``c/``), its binding
(``_machine.pyx``) and pure twin (``_pure_machine.py``), the facade (:mod:`.game`), its
rules, actions, results, hooks and classic plugin, save codec, batches, bots and terminal
game. Its public API is re-exported by :mod:`ecarte`."""

from . import _backends  # noqa: F401 - registers this game's modules
