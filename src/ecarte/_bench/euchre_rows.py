"""The Euchre rows of ``ecarte bench``: ``EuchreGame`` against OpenSpiel's ``euchre``,
random deals driven from Python, per action, each loop beside its Python loop floor.

Random deals of OpenSpiel's ``euchre`` driven from Python through each engine's public
API, two loops, each making the same calls on both engines; a new game per deal
(timed) and ``rng = random.Random(seed)`` picking ``ids[rng.randrange(len(ids))]``.
Both engines have the same ids in the same order, so with the same seeds they play the
very same deals. ``loop``:

- ``"legal"``: the legal ids at every node (OpenSpiel's ``legal_actions()`` answers
  the chance outcomes at a chance node, as ``legal_action_ids()`` does);
- ``"chance"``: ``[a for a, _ in chance_outcomes()]`` at a chance node, the legal
  ids elsewhere.

The loop floor plays each deal with the very same loop as ``EuchreGame`` around an
object that answers what the game answered and does nothing else. The loops are shared
with ``benches/euchre_game.py`` and ``benches/test_bench_euchre.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .harness import TARGET_ACTION, Contender, Row, against_openspiel, interleave, none, ns

EUCHRE_LOOPS = ("legal", "chance")
EUCHRE_LOOP_TEXT = {
    "legal": "legal ids at every node",
    "chance": "chance_outcomes() at chance nodes, legal ids elsewhere",
}
EUCHRE_ROWS = {
    "legal": (
        "Euchre Python loop floor, legal ids",
        "EuchreGame, legal ids at every node, per action",
    ),
    "chance": (
        "Euchre Python loop floor, chance_outcomes()",
        "EuchreGame, chance_outcomes() at chance nodes, per action",
    ),
}
"""Per loop, the names of its rows: the loop floor's, then EuchreGame's."""


def _legal_deal(g: Any, rng: random.Random) -> None:
    """One deal of an ``EuchreGame`` (or of the loop floor's object), the legal ids at
    every node."""
    while not g.is_over:
        ids = g.legal_action_ids()
        g.apply_id(ids[rng.randrange(len(ids))])


def _chance_deal(g: Any, rng: random.Random) -> None:
    """One deal, the chance outcomes at chance nodes, the legal ids elsewhere."""
    while not g.is_over:
        ids = [a for a, _ in g.chance_outcomes()] if g.to_act == -1 else g.legal_action_ids()
        g.apply_id(ids[rng.randrange(len(ids))])


def _spiel_legal_deal(s: Any, rng: random.Random) -> None:
    """:func:`_legal_deal` on an OpenSpiel state."""
    while not s.is_terminal():
        ids = s.legal_actions()
        s.apply_action(ids[rng.randrange(len(ids))])


def _spiel_chance_deal(s: Any, rng: random.Random) -> None:
    """:func:`_chance_deal` on an OpenSpiel state."""
    while not s.is_terminal():
        ids = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(ids[rng.randrange(len(ids))])


Deal = Callable[[Any, random.Random], None]
_DEALS: dict[str, Deal] = {"legal": _legal_deal, "chance": _chance_deal}
_SPIEL_DEALS: dict[str, Deal] = {"legal": _spiel_legal_deal, "chance": _spiel_chance_deal}


def euchre_deals(seeds: Iterable[int], loop: str = "legal") -> None:
    """Random deals through ``EuchreGame(EuchreRules.openspiel(), auto_chance=False,
    seed=s)``, one per seed."""
    from ..games.euchre import EuchreGame, EuchreRules

    deal = _DEALS[loop]
    for seed in seeds:
        rng = random.Random(seed)
        deal(EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed), rng)


def spiel_euchre_deals(pyspiel: Any, seeds: Iterable[int], loop: str = "legal") -> None:
    """The same deals through ``pyspiel.load_game("euchre").new_initial_state()``."""
    deal = _SPIEL_DEALS[loop]
    for seed in seeds:
        rng = random.Random(seed)
        deal(pyspiel.load_game("euchre").new_initial_state(), rng)


class _ScriptedDeal:
    """The loop floor's engine: a trivial Python object that answers, step by step, what
    the real game answered (the same lists, lengths and ids), and does nothing else."""

    __slots__ = ("k", "script", "to_act")

    def __init__(self, script: Sequence[tuple[int, list[int], tuple[tuple[int, float], ...]]]):
        self.script = script
        self.k = 0
        self.to_act = script[0][0] if script else -2

    @property
    def is_over(self) -> bool:
        return self.k >= len(self.script)

    def legal_action_ids(self) -> list[int]:
        return self.script[self.k][1]

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return self.script[self.k][2]

    def apply_id(self, action_id: int) -> None:
        self.k += 1
        if self.k < len(self.script):
            self.to_act = self.script[self.k][0]


Script = list[tuple[int, list[int], tuple[tuple[int, float], ...]]]


def euchre_scripts(seeds: Iterable[int]) -> list[Script]:
    """Per seed, what the game answered at each step of :func:`euchre_deals`: ``(to_act,
    legal ids, chance outcomes)``; the input of :func:`floor_deals`."""
    from ..games.euchre import EuchreGame, EuchreRules

    out = []
    for seed in seeds:
        rng = random.Random(seed)
        g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
        script: Script = []
        while not g.is_over:
            ids = g.legal_action_ids()
            script.append((g.to_act, ids, tuple(g.chance_outcomes())))
            g.apply_id(ids[rng.randrange(len(ids))])
        out.append(script)
    return out


def floor_deals(scripts: Sequence[Script], loop: str = "legal") -> None:
    """The loop of :func:`euchre_deals` (the same seeds, calls and answers) around an
    engine that does nothing: the Python loop's own cost."""
    deal = _DEALS[loop]
    for seed, script in enumerate(scripts):
        rng = random.Random(seed)
        deal(_ScriptedDeal(script), rng)


def count_euchre_actions(seeds: Iterable[int]) -> int:
    """The applied actions of :func:`euchre_deals` (chance outcomes included)."""
    return sum(len(s) for s in euchre_scripts(seeds))


def count_spiel_euchre_actions(pyspiel: Any, seeds: Iterable[int]) -> int:
    """The applied actions of :func:`spiel_euchre_deals` (its history, chance included)."""
    n = 0
    for seed in seeds:
        s = pyspiel.load_game("euchre").new_initial_state()
        _spiel_legal_deal(s, random.Random(seed))
        n += len(s.history())
    return n


def euchre_contest(n: int, pyspiel: Any, loop: str) -> tuple[list[Contender], int]:
    """The contenders of one Euchre loop over seeds ``0..n-1`` (``"game"``, ``"floor"``
    and, when installed, ``"openspiel"``) and the actions of a round."""
    seeds = range(n)
    scripts = euchre_scripts(seeds)
    actions = sum(len(s) for s in scripts)
    out = [
        Contender("game", none, lambda _: euchre_deals(seeds, loop), actions),
        Contender("floor", none, lambda _: floor_deals(scripts, loop), actions),
    ]
    if pyspiel is not None:
        assert count_spiel_euchre_actions(pyspiel, seeds) == actions, "not the same deals"
        out.append(
            Contender(
                "openspiel", none, lambda _: spiel_euchre_deals(pyspiel, seeds, loop), actions
            )
        )
    return out, actions


def euchre_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """Per loop of :data:`EUCHRE_LOOPS`: the loop floor's row, then EuchreGame's against
    OpenSpiel (same deals, interleaved rounds, ratio the median of the rounds' ratios)."""
    try:
        import ecarte.games.euchre  # noqa: F401
    except ImportError as e:
        return [
            Row(name, "not installed", note=str(e))
            for loop in EUCHRE_LOOPS
            for name in EUCHRE_ROWS[loop]
        ]
    deals, rounds = (20, 3) if quick else (150, 11)
    rows: list[Row] = []
    for loop in EUCHRE_LOOPS:
        floor_name, name = EUCHRE_ROWS[loop]
        contenders, actions = euchre_contest(deals, pyspiel, loop)
        t = interleave(contenders, rounds)
        floor_vs = f"; {t.ratio('floor', 'openspiel'):.2f}x OpenSpiel" if "openspiel" in t else ""
        rows.append(
            Row(
                floor_name,
                ns(t["floor"]) + "/action",
                note=f"the same loop, seeds and answers around a trivial Python object{floor_vs}",
            )
        )
        rows.append(
            against_openspiel(
                name,
                t,
                TARGET_ACTION,
                "/action",
                f"{EUCHRE_LOOP_TEXT[loop]} on both engines; {deals} deals, {actions:,} actions, "
                f"a new game per deal; {t.ratio('game', 'floor'):.2f}x the floor",
            )
        )
    return rows
