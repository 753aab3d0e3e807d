"""Benchmarks of the engine, printed as one table: ``ecarte bench`` or ``python -m ecarte._bench``.

Every ratio compares two figures measured in the same run, in interleaved rounds (the
contenders of a row take turns, in alternating order, each round timed on its own; the
figures are the medians of the rounds). Rows (see ``docs/performance.md`` for how each
one counts):

- the core: random hands in the C batch and in the pure twin, perft, double-dummy solves,
  instructions per hand under callgrind (a small C driver from ``benches/c``);
- the ``Game`` through its public Python API against OpenSpiel's ``euchre`` driven from
  Python the same way: random complete matches (per player decision, and per action with
  OpenSpiel's chance actions counted), ``legal_actions()`` on a fresh state,
  ``clone()`` + ``apply(card)``, and random matches with a plugin that answers a per-hand
  hook in Python;
- ``EuchreGame`` against OpenSpiel's ``euchre``, random deals driven from Python, per
  action, in two loops that make the same calls on both engines (the legal ids at every
  node; ``chance_outcomes()`` at chance nodes), each beside its Python loop floor;
- ``Game()`` with the classic rules and with each bundled variant (absolute targets);
- the memory of a live ``Game`` at its first decision and after a finished match.

The helpers that build the contenders are shared with the pytest-benchmark suite
(``benches/``), so both measure the same loops.
"""

from __future__ import annotations

import gc
import os
import platform
import random
import shutil
import statistics
import subprocess
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _core
from .engine import backend as _backend
from .games.ecarte._classic import ClassicRules
from .games.ecarte.hookspecs import hookimpl

__all__ = ["ROW_NAMES", "run_bench"]

# ----------------------------------------------------------------- targets

TARGET_DECISION = 0.25
"""Random matches, per player decision: at most this times OpenSpiel's cost."""
TARGET_ACTION = 0.5
"""Random matches, per action (OpenSpiel's chance actions counted): at most this."""
TARGET_CLASSIC_NEW_US = 10.0
TARGET_VARIANT_NEW_US = 50.0
TARGET_LEGAL = 0.5
TARGET_CLONE_APPLY = 0.5
TARGET_MEM_FIRST = 1024
TARGET_MEM_FINISHED = 8 * 1024
TARGET_PLUGIN_DECISION = 1.0

VARIANTS = ("quick", "napoleon", "poule", "regles", "cercle")
"""The bundled variants (plugins/), one construction row each."""

ROW_NAMES = (
    "random hand, C batch",
    "random hand, pure twin",
    "random hand, callgrind",
    "perft nodes/s, C",
    "perft nodes/s, pure",
    "double-dummy solve, C batch",
    "double-dummy solve, pure",
    "Python loop floor (engine does nothing)",
    "random matches, per player decision",
    "random matches, per action",
    "per-hand hook in Python, per player decision",
    "legal_actions(), fresh state",
    "clone() + apply(card)",
    "Euchre Python loop floor, legal ids",
    "EuchreGame, legal ids at every node, per action",
    "Euchre Python loop floor, chance_outcomes()",
    "EuchreGame, chance_outcomes() at chance nodes, per action",
    "Game(), classic",
    *(f"Game(variant={v!r})" for v in VARIANTS),
    "Game(plugins=[Cercle(...)]), README's club",
    "memory per Game, first decision",
    "memory per Game, finished match",
)
"""Every row of the table, in order (the smoke test checks that each is printed)."""


# ------------------------------------------------------------------ timing


@dataclass
class Contender:
    """One side of an interleaved comparison. ``prepare`` (not timed) returns the input
    of a round, ``run`` (timed) does the round's work; ``units`` is how many units (e.g.
    player decisions) one round does: the same every round."""

    name: str
    prepare: Callable[[], Any]
    run: Callable[[Any], object]
    units: float


@dataclass
class Timing:
    """Seconds per unit of each contender, one figure per round."""

    rounds: dict[str, list[float]]

    def __contains__(self, name: str) -> bool:
        return name in self.rounds

    def get(self, name: str) -> float | None:
        return self[name] if name in self.rounds else None

    def __getitem__(self, name: str) -> float:
        """The median over the rounds."""
        return statistics.median(self.rounds[name])

    def ratio(self, ours: str, theirs: str, scale: float = 1.0) -> float:
        """The median over the rounds of ``ours / (theirs * scale)``, each pair from the
        same round (the load of the machine changes between rounds, less within one)."""
        pairs = zip(self.rounds[ours], self.rounds[theirs], strict=True)
        return statistics.median(a / (b * scale) for a, b in pairs)


def interleave(contenders: Sequence[Contender], rounds: int) -> Timing:
    """Time ``rounds`` rounds; in each round every contender runs once, the order
    reversed every other round. A full garbage collection precedes each timed run
    (left-overs of the previous one are not scanned at its expense); collections the
    run itself triggers are counted."""
    times: dict[str, list[float]] = {c.name: [] for c in contenders}
    for r in range(rounds):
        for c in contenders if r % 2 == 0 else reversed(contenders):
            arg = c.prepare()
            gc.collect()
            t0 = time.perf_counter()
            timed = c.run(arg)
            wall = time.perf_counter() - t0
            times[c.name].append((timed if isinstance(timed, float) else wall) / c.units)
            del arg
    return Timing(times)


def _best(fn: Callable[[], object], repeat: int) -> float:
    """Best wall time of ``repeat`` runs, in seconds (the core rows, which have no
    contender to interleave with)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _ns(seconds: float) -> str:
    ns = seconds * 1e9
    return f"{ns:,.0f} ns" if ns >= 100 else f"{ns:.1f} ns"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def pyspiel_module() -> Any:
    """``pyspiel``, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return pyspiel


def openspiel_version() -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


# ---------------------------------------------------------- random matches


class ScoreHandInPython:
    """A plugin that answers the per-hand hook ``ecarte_score_hand`` in Python with the
    classic answer: the game is the classic one, but the machine stops at every hand's
    end and asks Python."""

    @hookimpl
    def ecarte_score_hand(self, game: Any, outcome: Any) -> dict[int, int]:
        return _CLASSIC.ecarte_score_hand(game, outcome)


_CLASSIC = ClassicRules()


def our_matches(seeds: Iterable[int], plugins: Sequence[object] = ()) -> None:
    """Random complete matches through ``Game``: ``Game(seed=...)`` once per match (timed),
    then ``g.apply(rng.choice(g.legal_actions()))`` until the match is over. Chance (the
    cut and the deals) is drawn inside the ``apply`` that reaches it."""
    from .games.ecarte.game import Game

    for seed in seeds:
        rng = random.Random(seed)
        g = Game(seed=seed, plugins=plugins)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))


def count_our_decisions(seeds: Iterable[int], plugins: Sequence[object] = ()) -> int:
    """The player decisions (``apply`` calls) of :func:`our_matches`, counted apart so
    that the timed loop has no counter."""
    from .games.ecarte.game import Game

    n = 0
    for seed in seeds:
        rng = random.Random(seed)
        g = Game(seed=seed, plugins=plugins)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            n += 1
    return n


def spiel_matches(pyspiel: Any, seeds: Iterable[int]) -> None:
    """Random ``euchre`` deals driven from Python: ``load_game("euchre")`` and
    ``new_initial_state()`` once per deal (timed), then ``state.apply_action(
    rng.choice(...))``: of ``state.legal_actions()`` at a decision, of
    ``state.chance_outcomes()`` (outcome ``[0]``) at a chance node. Euchre's chance
    outcomes are equally likely, so the uniform pick is the probability-weighted one."""
    for seed in seeds:
        rng = random.Random(seed)
        state = pyspiel.load_game("euchre").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def count_spiel_actions(pyspiel: Any, seeds: Iterable[int]) -> tuple[int, int]:
    """(player decisions, chance actions) of :func:`spiel_matches`."""
    decisions = chance = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = pyspiel.load_game("euchre").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert len({p for _, p in outcomes}) == 1, "euchre's chance is uniform"
                state.apply_action(rng.choice(outcomes)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions, chance


class _NoGame:
    """The driving loop's own cost: an engine whose calls do nothing."""

    __slots__ = ("left",)
    _LEGAL = tuple(range(8))

    def __init__(self, actions: int) -> None:
        self.left = actions

    @property
    def is_over(self) -> bool:
        return self.left <= 0

    def legal_actions(self) -> tuple[int, ...]:
        return self._LEGAL

    def apply(self, action: int) -> None:
        self.left -= 1


def drive_no_game(actions: int) -> None:
    """The loop of :func:`our_matches` around an engine that does nothing."""
    rng = random.Random(0)
    g = _NoGame(actions)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))


@dataclass
class MatchContest:
    """The contenders of the random-match rows: classic ``Game``, ``Game`` with the
    Python per-hand hook, OpenSpiel (when installed), and the loop floor."""

    contenders: list[Contender]
    matches: int
    spiel_matches: int
    decisions: int
    plugin_decisions: int
    spiel_decisions: int
    spiel_chance: int


def match_contest(our_n: int, spiel_n: int, pyspiel: Any) -> MatchContest:
    ours = range(our_n)
    plugin = [ScoreHandInPython]
    decisions = count_our_decisions(ours)
    plugin_decisions = count_our_decisions(ours, plugin)
    contenders = [
        Contender("game", lambda: None, lambda _: our_matches(ours), decisions),
        Contender("plugin", lambda: None, lambda _: our_matches(ours, plugin), plugin_decisions),
        Contender("floor", lambda: None, lambda _: drive_no_game(decisions), decisions),
    ]
    sd = sc = 0
    if pyspiel is not None:
        theirs = range(spiel_n)
        sd, sc = count_spiel_actions(pyspiel, theirs)
        contenders.append(
            Contender("openspiel", lambda: None, lambda _: spiel_matches(pyspiel, theirs), sd)
        )
    return MatchContest(contenders, our_n, spiel_n, decisions, plugin_decisions, sd, sc)


# ------------------------------------------------------------ Euchre deals
#
# Random deals of OpenSpiel's ``euchre`` driven from Python through each engine's public
# API, two loops, each making the same calls on both engines; a new game per deal
# (timed) and ``rng = random.Random(seed)`` picking ``ids[rng.randrange(len(ids))]``.
# Both engines have the same ids in the same order, so with the same seeds they play the
# very same deals. ``loop``:
#
# - ``"legal"``: the legal ids at every node (OpenSpiel's ``legal_actions()`` answers
#   the chance outcomes at a chance node, as ``legal_action_ids()`` does);
# - ``"chance"``: ``[a for a, _ in chance_outcomes()]`` at a chance node, the legal
#   ids elsewhere.

EUCHRE_LOOPS = ("legal", "chance")
EUCHRE_LOOP_TEXT = {
    "legal": "legal ids at every node",
    "chance": "chance_outcomes() at chance nodes, legal ids elsewhere",
}


def euchre_deals(seeds: Iterable[int], loop: str = "legal") -> None:
    """Random deals through ``EuchreGame(EuchreRules.openspiel(), auto_chance=False,
    seed=s)``, one per seed."""
    from .games.euchre import EuchreGame, EuchreRules

    if loop == "legal":
        for seed in seeds:
            rng = random.Random(seed)
            g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
            while not g.is_over:
                ids = g.legal_action_ids()
                g.apply_id(ids[rng.randrange(len(ids))])
    else:
        for seed in seeds:
            rng = random.Random(seed)
            g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
            while not g.is_over:
                ids = (
                    [a for a, _ in g.chance_outcomes()] if g.to_act == -1 else g.legal_action_ids()
                )
                g.apply_id(ids[rng.randrange(len(ids))])


def spiel_euchre_deals(pyspiel: Any, seeds: Iterable[int], loop: str = "legal") -> None:
    """The same deals through ``pyspiel.load_game("euchre").new_initial_state()``."""
    if loop == "legal":
        for seed in seeds:
            rng = random.Random(seed)
            s = pyspiel.load_game("euchre").new_initial_state()
            while not s.is_terminal():
                ids = s.legal_actions()
                s.apply_action(ids[rng.randrange(len(ids))])
    else:
        for seed in seeds:
            rng = random.Random(seed)
            s = pyspiel.load_game("euchre").new_initial_state()
            while not s.is_terminal():
                ids = (
                    [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
                )
                s.apply_action(ids[rng.randrange(len(ids))])


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
    from .games.euchre import EuchreGame, EuchreRules

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
    if loop == "legal":
        for seed, script in enumerate(scripts):
            rng = random.Random(seed)
            g = _ScriptedDeal(script)
            while not g.is_over:
                ids = g.legal_action_ids()
                g.apply_id(ids[rng.randrange(len(ids))])
    else:
        for seed, script in enumerate(scripts):
            rng = random.Random(seed)
            g = _ScriptedDeal(script)
            while not g.is_over:
                ids = (
                    [a for a, _ in g.chance_outcomes()] if g.to_act == -1 else g.legal_action_ids()
                )
                g.apply_id(ids[rng.randrange(len(ids))])


def count_euchre_actions(seeds: Iterable[int]) -> int:
    """The applied actions of :func:`euchre_deals` (chance outcomes included)."""
    return sum(len(s) for s in euchre_scripts(seeds))


def count_spiel_euchre_actions(pyspiel: Any, seeds: Iterable[int]) -> int:
    """The applied actions of :func:`spiel_euchre_deals`."""
    n = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = pyspiel.load_game("euchre").new_initial_state()
        while not s.is_terminal():
            ids = s.legal_actions()
            s.apply_action(ids[rng.randrange(len(ids))])
            n += 1
    return n


def euchre_contest(n: int, pyspiel: Any, loop: str) -> tuple[list[Contender], int]:
    """The contenders of one Euchre loop over seeds ``0..n-1`` (``"game"``, ``"floor"``
    and, when installed, ``"openspiel"``) and the actions of a round."""
    seeds = range(n)
    scripts = euchre_scripts(seeds)
    actions = sum(len(s) for s in scripts)
    out = [
        Contender("game", _none, lambda _: euchre_deals(seeds, loop), actions),
        Contender("floor", _none, lambda _: floor_deals(scripts, loop), actions),
    ]
    if pyspiel is not None:
        assert count_spiel_euchre_actions(pyspiel, seeds) == actions, "not the same deals"
        out.append(
            Contender(
                "openspiel", _none, lambda _: spiel_euchre_deals(pyspiel, seeds, loop), actions
            )
        )
    return out, actions


# ------------------------------------------------------- mid-play states


def our_play_states(n: int, seed: int = 1) -> list[tuple[Any, Any]]:
    """``n`` (state, card) pairs from random matches: states in the play phase where the
    random choice was a card and the hand goes on after it (the state after the card is
    mid-play too). Each state is a clone kept at that decision, its legal actions asked
    (as a player's loop asks them before choosing)."""
    from .games.ecarte.actions import Play
    from .games.ecarte.game import Game, Phase

    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    match = 0
    while len(out) < n:
        g = Game(seed=10_000 + match)
        match += 1
        while not g.is_over and len(out) < n:
            legal = g.legal_actions()
            action = rng.choice(legal)
            keep = g.phase is Phase.PLAY and isinstance(action, Play) and rng.random() < 0.3
            base = g.clone() if keep else None
            hand = g.hand_number
            g.apply(action)
            if base is not None and g.phase is Phase.PLAY and g.hand_number == hand:
                out.append((base, action))
    return out


def spiel_play_states(pyspiel: Any, n: int, seed: int = 1) -> list[tuple[Any, int]]:
    """``n`` (state, card) pairs of ``euchre`` chosen as :func:`our_play_states` does:
    play-phase decisions whose card leaves the deal in its play phase."""
    play = pyspiel.euchre.Phase.PLAY
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < n:
        state = pyspiel.load_game("euchre").new_initial_state()
        while not state.is_terminal() and len(out) < n:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            action = rng.choice(state.legal_actions())
            keep = state.current_phase() == play and rng.random() < 0.3
            base = state.clone() if keep else None
            state.apply_action(action)
            if base is not None and not state.is_terminal():
                out.append((base, action))
    return out


CHUNK = 50
"""States per timed batch of the per-call rows: each batch is made (not timed) just
before its timed loop, so its states are as warm in the CPU caches as a state just
reached by ``apply`` is in a player's loop, and a batch fits in the L2 cache."""


def _chunks(pairs: Sequence[Any]) -> list[Sequence[Any]]:
    return [pairs[i : i + CHUNK] for i in range(0, len(pairs), CHUNK)]


def fresh_ours(chunk: Sequence[tuple[Any, Any]]) -> list[Any]:
    """States just reached by ``apply``: their legal actions were never asked."""
    states = []
    for base, card in chunk:
        s = base.clone()
        s.apply(card)
        states.append(s)
    return states


def fresh_theirs(chunk: Sequence[tuple[Any, int]]) -> list[Any]:
    states = []
    for base, card in chunk:
        s = base.clone()
        s.apply_action(card)
        states.append(s)
    return states


def copies(chunk: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Fresh copies of kept decisions (for ``Game``, with the legal actions asked, which
    ``clone()`` copies: as in a player's loop, where the card came from them)."""
    return [(base.clone(), card) for base, card in chunk]


def our_legal_round(pairs: Sequence[tuple[Any, Any]]) -> float:
    """Seconds of one ``legal_actions()`` on each of ``len(pairs)`` fresh states, made
    chunk by chunk (the making not timed)."""
    total = 0.0
    for chunk in _chunks(pairs):
        states = fresh_ours(chunk)
        t0 = time.perf_counter()
        for s in states:
            s.legal_actions()
        total += time.perf_counter() - t0
    return total


def their_legal_round(pairs: Sequence[tuple[Any, int]]) -> float:
    total = 0.0
    for chunk in _chunks(pairs):
        states = fresh_theirs(chunk)
        t0 = time.perf_counter()
        for s in states:
            s.legal_actions()
        total += time.perf_counter() - t0
    return total


def our_clone_apply_round(pairs: Sequence[tuple[Any, Any]]) -> float:
    """Seconds of ``s.clone().apply(card)`` on each of ``len(pairs)`` decisions (copies
    of the kept ones, made chunk by chunk, not timed); each new copy is freed in the
    loop."""
    total = 0.0
    for chunk in _chunks(pairs):
        bases = copies(chunk)
        t0 = time.perf_counter()
        for s, card in bases:
            s.clone().apply(card)
        total += time.perf_counter() - t0
    return total


def their_clone_apply_round(pairs: Sequence[tuple[Any, int]]) -> float:
    total = 0.0
    for chunk in _chunks(pairs):
        bases = copies(chunk)
        t0 = time.perf_counter()
        for s, card in bases:
            s.clone().apply_action(card)
        total += time.perf_counter() - t0
    return total


def _none() -> None:
    return None


def legal_contest(n: int, pyspiel: Any) -> list[Contender]:
    """``legal_actions()`` on fresh mid-play states: the first call on each of ``n``
    states just reached by ``apply`` (a copy of a kept decision, its card applied)."""
    ours = our_play_states(n)
    out = [Contender("game", _none, lambda _: our_legal_round(ours), n)]
    if pyspiel is not None:
        theirs = spiel_play_states(pyspiel, n)
        out.append(Contender("openspiel", _none, lambda _: their_legal_round(theirs), n))
    return out


def clone_apply_contest(n: int, pyspiel: Any) -> list[Contender]:
    """``clone()`` then the chosen card applied to the copy, on ``n`` mid-play decisions."""
    ours = our_play_states(n, seed=2)
    out = [Contender("game", _none, lambda _: our_clone_apply_round(ours), n)]
    if pyspiel is not None:
        theirs = spiel_play_states(pyspiel, n, seed=2)
        out.append(Contender("openspiel", _none, lambda _: their_clone_apply_round(theirs), n))
    return out


# ------------------------------------------------------------- construction


def cercle_club() -> object:
    """The README's club (plugins/ecarte-cercle): a ``Cercle`` with named players, a
    gallery and settlement options."""
    from ecarte_cercle import Cercle  # type: ignore[import-not-found,unused-ignore]

    club: object = Cercle(
        players={"Ada": 50, "Blaise": 50},
        gallery={"Cleo": 30},
        value_per_point=2,
        vole_multiplier=2,
        commission_percent=5,
    )
    return club


def construct_contest(k: int, pyspiel: Any) -> list[Contender]:
    """``Game()`` (classic, no seed: the seed is drawn from ``SystemRandom``, as a user's
    bare ``Game()`` does) and ``Game(variant=name)`` per bundled variant, each dropped at
    once (its deallocation counted); OpenSpiel's ``load_game`` + ``new_initial_state()``
    for reference. A round makes ``k`` classic games (or OpenSpiel states) and ``k // 10``
    of each variant, about a millisecond each: short rounds are seldom preempted on a
    busy machine, and the median drops those that are. Variants that are not installed
    are left out."""
    from .games.ecarte._plugins import available_variants
    from .games.ecarte.game import Game

    kv = max(k // 10, 1)

    def classic(_: Any) -> None:
        for _i in range(k):
            Game()

    def make(variant: str) -> Callable[[Any], None]:
        def run(_: Any) -> None:
            for _i in range(kv):
                Game(variant=variant)

        return run

    out = [Contender("classic", _none, classic, k)]
    installed = available_variants()
    for v in VARIANTS:
        if v in installed:
            Game(variant=v)  # first use: the entry point is loaded, its hook table built
            out.append(Contender(v, _none, make(v), kv))
    if "cercle" in installed:

        def club(_: Any) -> None:
            for _i in range(kv):
                Game(plugins=[cercle_club()])

        def club_object(_: Any) -> None:
            for _i in range(kv):
                cercle_club()

        club(None)
        out.append(Contender("cercle-club", _none, club, kv))
        out.append(Contender("cercle-object", _none, club_object, kv))
    if pyspiel is not None:

        def spiel(_: Any) -> None:
            for _i in range(k):
                pyspiel.load_game("euchre").new_initial_state()

        out.append(Contender("openspiel", _none, spiel, k))
    return out


# ------------------------------------------------------------------- memory


def _play_out(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


def memory_per_game(n: int, finished: bool) -> float:
    """Bytes of traced memory per live ``Game``: the growth of ``tracemalloc``'s current
    total for creating ``n`` games (seeds 0 to n-1) and keeping them in a list made
    beforehand, divided by ``n``; with ``finished``, each game also plays a random match
    to its end (history kept, records never read). The same games are first made (and
    played) once and dropped, untraced, so that module-level caches (legal-action
    tuples, discards, hook tables) are full before tracing starts."""
    from .games.ecarte.game import Game

    for seed in range(n):  # warm-up: the same games, dropped
        g = Game(seed=seed)
        if finished:
            _play_out(g, seed)
    del g
    games: list[Any] = [None] * n
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(n):
            g = Game(seed=seed)
            if finished:
                _play_out(g, seed)
            games[seed] = g
        del g
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        if not was_tracing:
            tracemalloc.stop()
    assert all(g.is_over for g in games) if finished else all(not g.is_over for g in games)
    return (after - before) / n


# ---------------------------------------------------------------- callgrind


DRIVERS = (
    Path(__file__).resolve().parents[2] / "benches" / "c" / "driver.c",  # an editable checkout
    Path("benches") / "c" / "driver.c",  # run from a checkout's root
)
"""Where the callgrind row looks for its C driver, in order."""


def _callgrind_per_hand(hands: int, drivers: Sequence[Path] = DRIVERS) -> tuple[str, str]:
    """Instructions per random hand of the C batch, measured by callgrind on the C driver
    ``benches/c/driver.c`` compiled with the core's ``ec_*.c``; or ``("n/a", "missing:
    ...")`` naming each thing that is missing."""
    cc, vg = shutil.which("gcc") or shutil.which("cc"), shutil.which("valgrind")
    core_dir = Path(__file__).parent / "_core"
    game_dir = Path(__file__).parent / "games" / "ecarte" / "c"
    sources = sorted(str(p) for d in (core_dir, game_dir) for p in d.glob("ec_*.c"))
    driver = next((p for p in drivers if p.exists()), None)
    missing = []
    if driver is None:
        missing.append("benches/c/driver.c (not in an installed wheel: run from a source checkout)")
    if not sources:
        missing.append(f"the core's C sources ec_*.c in {core_dir}")
    if cc is None:
        missing.append("a C compiler (gcc or cc)")
    if vg is None:
        missing.append("valgrind")
    if missing or driver is None or cc is None or vg is None:
        return "n/a", "missing: " + "; ".join(missing)
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver")
        subprocess.run(
            [cc, "-std=c99", "-O2", f"-I{core_dir}", f"-I{game_dir}", str(driver), *sources,
             "-o", exe],
            check=True,
        )  # fmt: skip
        counts = []
        for n in (hands, 0):
            out = os.path.join(tmp, f"cg.{n}")
            subprocess.run(
                [vg, "--tool=callgrind", f"--callgrind-out-file={out}", exe, "hands", str(n), "1"],
                check=True,
                capture_output=True,
            )
            summary = [ln for ln in Path(out).read_text().splitlines() if ln.startswith("summary:")]
            counts.append(int(summary[0].split()[1]))
    return f"{(counts[0] - counts[1]) / hands:,.0f} instr", f"C driver, -O2, {hands:,} hands"


# -------------------------------------------------------------------- table


@dataclass
class Row:
    name: str
    figure: str
    baseline: str = ""
    ratio: str = ""
    target: str = ""
    note: str = ""


def _verdict(value: float, limit: float, text: str) -> str:
    return f"≤ {text}: {'met' if value <= limit else '**missed**'}"


def _core_rows(quick: bool) -> list[Row]:
    pure = _core.backend("pure")
    live = _core.backends()
    fast = live.get("cython") or live.get("cffi") or pure
    name = next(k for k, v in live.items() if v is fast)
    hands_fast = _backend.module("ecarte.hands", name)
    hands_pure = _backend.module("ecarte.hands", "pure")
    rep = 2 if quick else 5
    rows: list[Row] = []

    n_c, n_p = (100_000, 1_000) if quick else (1_000_000, 10_000)
    t_c = _best(lambda: hands_fast.random_hands(n_c, 1), rep) / n_c
    t_p = _best(lambda: hands_pure.random_hands(n_p, 1), 1) / n_p
    per_action = n_c / hands_fast.random_hands(n_c, 1).actions
    rows.append(
        Row(f"random hand, C batch ({name})", _ns(t_c), note=f"{_ns(t_c * per_action)}/action")
    )
    rows.append(Row("random hand, pure twin", _ns(t_p), note=f"C is {t_p / t_c:,.0f}x faster"))

    if quick:
        figure, note = "skipped", "not with --quick (compiles the core, about 3 s)"
    else:
        figure, note = _callgrind_per_hand(20_000)
    rows.append(Row("random hand, callgrind", figure, note=note))

    order, deck = [11, 10, 9, 12, 8, 7, 6, 5], 0x1FE0_1FE0_1FE0_1FE0
    ctx_f = _core.ranked_context(1, order, deck, fast)
    ctx_p = _core.ranked_context(1, order, deck, pure)
    hands = [0x0800_0280_0480_0000, 0x0480_0000_0000_1840]  # two 5-card hands, no obligations
    depth = 8 if quick else 10
    nodes = sum(pure.perft(ctx_p, hands, 0, [], 0, d) for d in range(1, depth + 1))
    t_c = _best(lambda: [fast.perft(ctx_f, hands, 0, [], 0, d) for d in range(1, depth + 1)], rep)
    t_p = _best(lambda: [pure.perft(ctx_p, hands, 0, [], 0, d) for d in range(1, depth + 1)], 1)
    rows.append(
        Row("perft nodes/s, C", f"{nodes / t_c:,.0f}", note=f"{nodes} nodes, depths 1-{depth}")
    )
    rows.append(
        Row("perft nodes/s, pure", f"{nodes / t_p:,.0f}", note=f"C is {t_p / t_c:,.0f}x faster")
    )

    n_c, n_p = (10_000, 50) if quick else (100_000, 300)
    t_c = _best(lambda: hands_fast.random_solves(n_c, 1), rep) / n_c
    t_p = _best(lambda: hands_pure.random_solves(n_p, 1), 1) / n_p
    rows.append(Row("double-dummy solve, C batch", _ns(t_c), note=f"{1 / t_c:,.0f} solves/s"))
    rows.append(Row("double-dummy solve, pure", _ns(t_p), note=f"C is {t_p / t_c:,.0f}x faster"))
    return rows


def _game_rows(quick: bool, pyspiel: Any) -> list[Row]:
    rounds = 3 if quick else 11
    absent = "not installed" if pyspiel is None else ""
    rows: list[Row] = []

    def vs(t: Timing, limit: float, unit: str, scale: float = 1.0) -> tuple[str, str, str]:
        """Baseline, ratio (median of the rounds' ratios) and verdict for ``game``."""
        if "openspiel" not in t:
            return absent, "", f"≤ {limit}x"
        r = t.ratio("game", "openspiel", scale)
        return _ns(t["openspiel"] * scale) + unit, f"{r:.2f}x", _verdict(r, limit, f"{limit}x")

    mc = match_contest(8 if quick else 30, 20 if quick else 80, pyspiel)
    t = interleave(mc.contenders, 3 if quick else 21)
    rows.append(
        Row(
            "Python loop floor (engine does nothing)",
            _ns(t["floor"]) + "/decision",
            note="the same loop around an engine whose calls do nothing",
        )
    )
    b, r, g = vs(t, TARGET_DECISION, "/decision")
    rows.append(
        Row(
            "random matches, per player decision",
            _ns(t["game"]) + "/decision",
            b,
            r,
            g,
            f"{mc.decisions:,} decisions in {mc.matches} matches, Game() counted; "
            f"OpenSpiel {mc.spiel_decisions:,} in {mc.spiel_matches} deals",
        )
    )
    spiel_actions = mc.spiel_decisions + mc.spiel_chance
    b, r, g = vs(t, TARGET_ACTION, "/action", mc.spiel_decisions / max(spiel_actions, 1))
    rows.append(
        Row(
            "random matches, per action",
            _ns(t["game"]) + "/action",
            b,
            r,
            g,
            f"every Game action is a decision (chance drawn inside apply); OpenSpiel "
            f"{spiel_actions:,} actions, {mc.spiel_chance:,} of them chance",
        )
    )
    plugin = Timing(
        {"game": t.rounds["plugin"], **{k: v for k, v in t.rounds.items() if k == "openspiel"}}
    )
    b, r, g = vs(plugin, TARGET_PLUGIN_DECISION, "/decision")
    rows.append(
        Row(
            "per-hand hook in Python, per player decision",
            _ns(t["plugin"]) + "/decision",
            b,
            r,
            g,
            f"ecarte_score_hand answered in Python (classic answer); "
            f"{t.ratio('plugin', 'game'):.2f}x classic Game",
        )
    )

    n = 200 if quick else 2_000
    t = interleave(legal_contest(n, pyspiel), rounds)
    b, r, g = vs(t, TARGET_LEGAL, "")
    rows.append(
        Row(
            "legal_actions(), fresh state",
            _ns(t["game"]),
            b,
            r,
            g,
            f"{n:,} mid-play states, first call, each just reached by apply",
        )
    )
    t = interleave(clone_apply_contest(n, pyspiel), rounds)
    b, r, g = vs(t, TARGET_CLONE_APPLY, "")
    rows.append(
        Row(
            "clone() + apply(card)",
            _ns(t["game"]),
            b,
            r,
            g,
            f"{n:,} mid-play decisions; the copy made, written and freed",
        )
    )

    rows += _euchre_rows(quick, pyspiel)

    t = interleave(construct_contest(100 if quick else 300, pyspiel), 3 if quick else 41)
    spiel_new = _ns(t["openspiel"]) + " (load + state)" if "openspiel" in t else absent

    def best(name: str) -> str:
        return f"best round {min(t.rounds[name]) * 1e6:,.1f} µs"

    us = t["classic"] * 1e6
    rows.append(
        Row(
            "Game(), classic",
            f"{us:,.1f} µs",
            spiel_new,
            "",
            _verdict(us, TARGET_CLASSIC_NEW_US, f"{TARGET_CLASSIC_NEW_US:.0f} µs"),
            f"no seed (drawn from SystemRandom), to the first decision, freed; {best('classic')}",
        )
    )
    for v in VARIANTS:
        name = f"Game(variant={v!r})"
        if v not in t:
            rows.append(Row(name, "not installed", target=f"≤ {TARGET_VARIANT_NEW_US:.0f} µs"))
            continue
        us = t[v] * 1e6
        verdict = _verdict(us, TARGET_VARIANT_NEW_US, f"{TARGET_VARIANT_NEW_US:.0f} µs")
        note = "the entry point's defaults; " if v == "cercle" else ""
        rows.append(Row(name, f"{us:,.1f} µs", "", "", verdict, note + best(v)))
    name = "Game(plugins=[Cercle(...)]), README's club"
    if "cercle-club" in t:
        us = t["cercle-club"] * 1e6
        verdict = _verdict(us, TARGET_VARIANT_NEW_US, f"{TARGET_VARIANT_NEW_US:.0f} µs")
        note = (
            f"a new Cercle(players=..., gallery=..., ...) per game, as its README shows "
            f"(the Cercle alone: {t['cercle-object'] * 1e6:,.1f} µs); {best('cercle-club')}"
        )
        rows.append(Row(name, f"{us:,.1f} µs", "", "", verdict, note))
    else:
        rows.append(Row(name, "not installed"))

    m = 100 if quick else 2_000
    first = memory_per_game(m, finished=False)
    rows.append(
        Row(
            "memory per Game, first decision",
            f"{first:,.0f} B",
            target=_verdict(first, TARGET_MEM_FIRST, "1 KB"),
            note=f"tracemalloc growth / {m:,} live games, after warm-up",
        )
    )
    m = 20 if quick else 400
    done = memory_per_game(m, finished=True)
    rows.append(
        Row(
            "memory per Game, finished match",
            f"{done:,.0f} B",
            target=_verdict(done, TARGET_MEM_FINISHED, "8 KB"),
            note=f"{m:,} random matches kept, whole history, records never read",
        )
    )
    return rows


def _euchre_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """Per loop of :data:`EUCHRE_LOOPS`: the loop floor's row, then EuchreGame's against
    OpenSpiel (same deals, interleaved rounds, ratio the median of the rounds' ratios)."""
    try:
        import ecarte.games.euchre  # noqa: F401
    except ImportError as e:
        return [
            Row(name, "not installed", note=str(e))
            for name in ROW_NAMES
            if name.startswith(("Euchre Python", "EuchreGame,"))
        ]
    deals, rounds = (20, 3) if quick else (150, 11)
    rows: list[Row] = []
    floors = ("Euchre Python loop floor, legal ids", "Euchre Python loop floor, chance_outcomes()")
    names = (
        "EuchreGame, legal ids at every node, per action",
        "EuchreGame, chance_outcomes() at chance nodes, per action",
    )
    for loop, floor_name, name in zip(EUCHRE_LOOPS, floors, names, strict=True):
        contenders, actions = euchre_contest(deals, pyspiel, loop)
        t = interleave(contenders, rounds)
        spiel = "openspiel" in t
        floor_vs = f"; {t.ratio('floor', 'openspiel'):.2f}x OpenSpiel" if spiel else ""
        rows.append(
            Row(
                floor_name,
                _ns(t["floor"]) + "/action",
                note=f"the same loop, seeds and answers around a trivial Python object{floor_vs}",
            )
        )
        r = t.ratio("game", "openspiel") if spiel else 0.0
        rows.append(
            Row(
                name,
                _ns(t["game"]) + "/action",
                _ns(t["openspiel"]) + "/action" if spiel else "not installed",
                f"{r:.2f}x" if spiel else "",
                _verdict(r, TARGET_ACTION, f"{TARGET_ACTION}x") if spiel else f"≤ {TARGET_ACTION}x",
                f"{EUCHRE_LOOP_TEXT[loop]} on both engines; {deals} deals, {actions:,} actions, "
                f"a new game per deal; {t.ratio('game', 'floor'):.2f}x the floor",
            )
        )
    return rows


def run_bench(quick: bool = False) -> str:
    """Run the benchmarks and return the table (Markdown)."""
    t0 = time.perf_counter()
    pyspiel = pyspiel_module()
    rows = _core_rows(quick) + _game_rows(quick, pyspiel)
    fields = ("benchmark", "ecarte", "OpenSpiel, same run", "ratio", "target", "note")
    cells = [fields, *[(r.name, r.figure, r.baseline, r.ratio, r.target, r.note) for r in rows]]
    widths = [max(len(c[i]) for c in cells) for i in range(len(fields))]

    def line(c: Sequence[str]) -> str:
        return "| " + " | ".join(f"{x:<{w}}" for x, w in zip(c, widths, strict=True)) + " |"

    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    table = "\n".join([line(fields), sep, *(line(c) for c in cells[1:])])
    spiel = f"OpenSpiel {openspiel_version()}" if pyspiel else "OpenSpiel not installed"
    machine = (
        f"{_cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, backend {_backend.live()}, {spiel}"
    )
    took = time.perf_counter() - t0
    mode = " (--quick)" if quick else ""
    return f"{table}\n\nMachine: {machine}. Run{mode} took {took:.0f} s."


if __name__ == "__main__":
    import sys

    print(run_bench(quick="--quick" in sys.argv))
