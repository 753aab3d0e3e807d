"""The Écarté rows of ``ecarte bench``: the ``Game`` through its public Python API against
OpenSpiel's ``euchre`` driven from Python the same way.

- random complete matches, per player decision and per action (OpenSpiel's chance
  actions counted), beside the Python loop floor, and with a plugin that answers a
  per-hand hook in Python;
- ``legal_actions()`` and ``legal_action_mask()`` on a fresh mid-play state, and
  ``clone()`` + ``apply(card)``;
- ``Game()`` with the classic rules and with each bundled variant (absolute targets);
- the memory of a live ``Game`` at its first decision and after a finished match.

The helpers that build the contenders are shared with the pytest-benchmark suite
(``benches/test_bench_game.py``), so both measure the same loops.
"""

from __future__ import annotations

import collections
import gc
import itertools
import operator
import random
import time
import tracemalloc
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from types import SimpleNamespace
from typing import Any

from ..games.ecarte._classic import ClassicRules
from ..games.ecarte.hookspecs import hookimpl
from .harness import (
    TARGET_ACTION,
    TARGET_CLASSIC_NEW_US,
    TARGET_CLONE_APPLY,
    TARGET_DECISION,
    TARGET_LEGAL,
    TARGET_MASK,
    TARGET_MEM_FINISHED,
    TARGET_MEM_FIRST,
    TARGET_PLUGIN_DECISION,
    TARGET_VARIANT_NEW_US,
    Contender,
    Row,
    against_openspiel,
    interleave,
    none,
    ns,
    verdict,
)

VARIANTS = ("quick", "napoleon", "poule", "regles", "cercle")
"""The bundled variants (plugins/), one construction row each."""


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
    from ..games.ecarte.game import Game

    for seed in seeds:
        rng = random.Random(seed)
        g = Game(seed=seed, plugins=plugins)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))


def count_our_decisions(seeds: Iterable[int], plugins: Sequence[object] = ()) -> int:
    """The player decisions (``apply`` calls) of :func:`our_matches`, counted apart so
    that the timed loop has no counter."""
    from ..games.ecarte.game import Game

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


_EIGHT = tuple(range(8))


class _NoGame(collections.deque[int]):
    """The driving loop's own cost: an engine whose calls are C functions that do nothing
    (as the engine's calls are C methods): the actions still to come, in the order they
    will be chosen; ``is_over`` is ``not`` them, ``legal_actions()`` always answers the
    same eight ids, ``apply(a)`` removes the first ``a`` (found within the first few)."""

    __slots__ = ()
    is_over = property(operator.not_)
    legal_actions = itertools.repeat(_EIGHT).__next__
    apply = collections.deque.remove


def no_game(actions: int, seed: int = 0) -> _NoGame:
    """An engine for :func:`drive_no_game` that is over after ``actions`` calls of
    ``apply``: the actions its loop will choose, drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return _NoGame(rng.choice(_EIGHT) for _ in range(actions))


def drive_no_game(g: _NoGame, seed: int = 0) -> None:
    """The loop of :func:`our_matches` around ``g`` (:func:`no_game`), an engine that
    does nothing."""
    rng = random.Random(seed)
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
        Contender("floor", lambda: no_game(decisions), drive_no_game, decisions),
    ]
    sd = sc = 0
    if pyspiel is not None:
        theirs = range(spiel_n)
        sd, sc = count_spiel_actions(pyspiel, theirs)
        contenders.append(
            Contender("openspiel", lambda: None, lambda _: spiel_matches(pyspiel, theirs), sd)
        )
    return MatchContest(contenders, our_n, spiel_n, decisions, plugin_decisions, sd, sc)


# ------------------------------------------------------- mid-play states


def our_play_states(n: int, seed: int = 1) -> list[tuple[Any, Any]]:
    """``n`` (state, card) pairs from random matches: states in the play phase where the
    random choice was a card and the hand goes on after it (the state after the card is
    mid-play too). Each state is a clone kept at that decision, its legal actions asked
    (as a player's loop asks them before choosing)."""
    from ..games.ecarte.actions import Play
    from ..games.ecarte.game import Game, Phase

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


def chunks(pairs: Sequence[Any]) -> list[Sequence[Any]]:
    return [pairs[i : i + CHUNK] for i in range(0, len(pairs), CHUNK)]


def fresh(chunk: Sequence[tuple[Any, Any]], apply: str = "apply") -> list[Any]:
    """States just reached by their card, applied to a copy of the kept decision by the
    engine's method ``apply`` (OpenSpiel's is ``apply_action``): their legal actions were
    never asked."""
    states = []
    for base, card in chunk:
        s = base.clone()
        getattr(s, apply)(card)
        states.append(s)
    return states


def copies(chunk: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Fresh copies of kept decisions (for ``Game``, with the legal actions asked, which
    ``clone()`` copies: as in a player's loop, where the card came from them)."""
    return [(base.clone(), card) for base, card in chunk]


def legal_loop(states: Sequence[Any]) -> float:
    """Seconds of one ``legal_actions()`` on each state (of either engine)."""
    t0 = time.perf_counter()
    for s in states:
        s.legal_actions()
    return time.perf_counter() - t0


def mask_loop(states: Sequence[Any]) -> float:
    """Seconds of one ``legal_action_mask()`` on each state."""
    t0 = time.perf_counter()
    for s in states:
        s.legal_action_mask()
    return time.perf_counter() - t0


def spiel_mask_loop(states: Sequence[Any]) -> float:
    """:func:`mask_loop` on OpenSpiel's states: ``legal_actions_mask()``."""
    t0 = time.perf_counter()
    for s in states:
        s.legal_actions_mask()
    return time.perf_counter() - t0


def our_clone_apply(pairs: Sequence[tuple[Any, Any]]) -> float:
    """Seconds of ``s.clone().apply(card)`` on each pair; each new copy is freed in the
    loop."""
    t0 = time.perf_counter()
    for s, card in pairs:
        s.clone().apply(card)
    return time.perf_counter() - t0


def their_clone_apply(pairs: Sequence[tuple[Any, int]]) -> float:
    """:func:`our_clone_apply` on OpenSpiel's states: ``s.clone().apply_action(card)``."""
    t0 = time.perf_counter()
    for s, card in pairs:
        s.clone().apply_action(card)
    return time.perf_counter() - t0


Batch = Callable[[Sequence[Any]], Sequence[Any]]
Loop = Callable[[Sequence[Any]], float]


def _idle_state() -> SimpleNamespace:
    """A state whose calls do nothing, each one call of a C function: ``legal_actions()``,
    ``legal_action_mask()`` and ``legal_actions_mask()`` answer ``()``, ``clone()``
    answers the state itself, ``apply(card)`` and ``apply_action(card)`` drop the card."""
    s = SimpleNamespace()
    s.legal_actions = s.legal_action_mask = s.legal_actions_mask = tuple
    s.clone = itertools.repeat(s).__next__
    s.apply = s.apply_action = ().count  # (counts in an empty tuple: the card not hashed)
    return s


_IDLE = _idle_state()


def idle_states(chunk: Sequence[tuple[Any, Any]]) -> list[Any]:
    """The loop floor's batch of a per-call row on states: as many idle states."""
    return [_IDLE for _ in chunk]


def idle_pairs(chunk: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """The loop floor's batch of a per-call row on (state, card) pairs: the same cards
    with an idle state."""
    return [(_IDLE, card) for _, card in chunk]


def chunked_round(pairs: Sequence[Any], batch: Batch, loop: Loop) -> float:
    """Seconds of ``loop`` over all of ``pairs``, chunk by chunk, each chunk made into a
    batch by ``batch`` just before its loop (the making not timed)."""
    total = 0.0
    for chunk in chunks(pairs):
        states = batch(chunk)
        total += loop(states)
    return total


MASK_TABLE_BOUND = 4096
"""The most masks ``Game.legal_action_mask()`` keeps, one tuple per set of legal ids
(``_MASKS`` in the compiled machine): a mask is made anew each time its set is not
there."""


def fill_mask_table(seed: int = 900_000) -> int:
    """Fill the compiled machine's table of masks as a long-running process has it: random
    matches (seeds from ``seed``, none of the bench's) asking ``legal_action_mask()`` at
    every decision until :data:`MASK_TABLE_BOUND` different masks were seen, so that the
    table is full (about 100 matches, a few tens of milliseconds). The mask row's states,
    the same every round, then find their masks there as often as a player's would
    (about three in four in random play), not always (as from the second round on).
    Returns the number of different masks seen."""
    from ..games.ecarte.game import Game

    seen: set[tuple[bool, ...]] = set()
    while len(seen) < MASK_TABLE_BOUND:
        rng = random.Random(seed)
        g = Game(seed=seed)
        seed += 1
        while not g.is_over:
            seen.add(g.legal_action_mask())
            g.apply(rng.choice(g.legal_actions()))
    return len(seen)


@dataclass(frozen=True)
class PerCall:
    """A per-call row: its mid-play decisions (the seed of :func:`our_play_states` and
    :func:`spiel_play_states`) and, per engine, how a batch is made from them (not timed)
    and the timed loop over the batch."""

    name: str
    target: float
    what: str
    """The note after the number of decisions."""
    seed: int
    our_batch: Batch
    our_loop: Loop
    their_batch: Batch
    their_loop: Loop
    floor_batch: Batch
    """The loop floor's batch: the same loop (``our_loop``) around idle states."""
    fills_mask_table: bool = False
    """Whether the row first fills the table of shared masks (:func:`fill_mask_table`)."""

    @property
    def floor_name(self) -> str:
        """The name of the row's loop floor."""
        return f"{self.name.split(',')[0]} loop floor"


LEGAL = PerCall(
    name="legal_actions(), fresh state",
    target=TARGET_LEGAL,
    what="mid-play states, first call, each just reached by apply",
    seed=1,
    our_batch=fresh,
    our_loop=legal_loop,
    their_batch=partial(fresh, apply="apply_action"),
    their_loop=legal_loop,
    floor_batch=idle_states,
)
"""``legal_actions()`` on fresh mid-play states: the first call on each state just
reached by ``apply`` (a copy of a kept decision, its card applied)."""

MASK = PerCall(
    name="legal_action_mask(), fresh state",
    target=TARGET_MASK,
    what="mid-play states, each just reached by apply; a tuple of 96 bools, the table of "
    "shared masks filled first by other play; OpenSpiel's legal_actions_mask() on euchre (31)",
    seed=3,
    our_batch=fresh,
    our_loop=mask_loop,
    their_batch=partial(fresh, apply="apply_action"),
    their_loop=spiel_mask_loop,
    floor_batch=idle_states,
    fills_mask_table=True,
)
"""``legal_action_mask()`` on fresh mid-play states (OpenSpiel's euchre for reference:
another game, the same kind of call)."""

CLONE_APPLY = PerCall(
    name="clone() + apply(card)",
    target=TARGET_CLONE_APPLY,
    what="mid-play decisions; the copy made, written and freed",
    seed=2,
    our_batch=copies,
    our_loop=our_clone_apply,
    their_batch=copies,
    their_loop=their_clone_apply,
    floor_batch=idle_pairs,
)
"""``clone()`` then the chosen card applied to the copy, on mid-play decisions."""

PER_CALL = (LEGAL, MASK, CLONE_APPLY)
"""The per-call rows, in the order printed."""


def floor_row(name: str, t: Any) -> Row:
    """The loop floor's row of a per-call row (its figure goes to the row's floor column):
    the time of the same loop around idle states, per call."""
    return Row(name, ns(t["floor"]), note="the same loop around states whose calls do nothing")


def per_call_contest(row: PerCall, n: int, pyspiel: Any) -> list[Contender]:
    """The contenders of ``row`` on ``n`` decisions of each engine: ``"game"``,
    ``"floor"`` (the same loop around idle states) and, when installed, ``"openspiel"``;
    a round's figure is the time of its timed loops."""
    if row.fills_mask_table:
        fill_mask_table()
    ours = our_play_states(n, row.seed)
    out = [
        Contender("game", none, lambda _: chunked_round(ours, row.our_batch, row.our_loop), n),
        Contender("floor", none, lambda _: chunked_round(ours, row.floor_batch, row.our_loop), n),
    ]
    if pyspiel is not None:
        theirs = spiel_play_states(pyspiel, n, row.seed)
        out.append(
            Contender(
                "openspiel",
                none,
                lambda _: chunked_round(theirs, row.their_batch, row.their_loop),
                n,
            )
        )
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
    from ..games.ecarte._plugins import available_variants
    from ..games.ecarte.game import Game

    kv = max(k // 10, 1)

    def classic(_: Any) -> None:
        for _i in range(k):
            Game()

    def make(variant: str) -> Callable[[Any], None]:
        def run(_: Any) -> None:
            for _i in range(kv):
                Game(variant=variant)

        return run

    out = [Contender("classic", none, classic, k)]
    installed = available_variants()
    for v in VARIANTS:
        if v in installed:
            Game(variant=v)  # first use: the entry point is loaded, its hook table built
            out.append(Contender(v, none, make(v), kv))
    if "cercle" in installed:

        def club(_: Any) -> None:
            for _i in range(kv):
                Game(plugins=[cercle_club()])

        def club_object(_: Any) -> None:
            for _i in range(kv):
                cercle_club()

        club(None)
        out.append(Contender("cercle-club", none, club, kv))
        out.append(Contender("cercle-object", none, club_object, kv))
    if pyspiel is not None:

        def spiel(_: Any) -> None:
            for _i in range(k):
                pyspiel.load_game("euchre").new_initial_state()

        out.append(Contender("openspiel", none, spiel, k))
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
    from ..games.ecarte.game import Game

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


# --------------------------------------------------------------------- rows


def play_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """The random-match rows, then the per-call rows."""
    mc = match_contest(8 if quick else 30, 20 if quick else 80, pyspiel)
    t = interleave(mc.contenders, 3 if quick else 21)
    spiel_actions = mc.spiel_decisions + mc.spiel_chance
    spiel = "openspiel" in t
    rows = [
        Row(
            "Python loop floor (engine does nothing)",
            ns(t["floor"]) + "/decision",
            note="the same loop around an engine whose calls do nothing",
        ),
        against_openspiel(
            "random matches, per player decision",
            t,
            TARGET_DECISION,
            "/decision",
            f"{mc.decisions:,} decisions in {mc.matches} matches, Game() counted"
            + (f"; OpenSpiel {mc.spiel_decisions:,} in {mc.spiel_matches} deals" if spiel else ""),
        ),
        against_openspiel(
            "random matches, per action",
            t,
            TARGET_ACTION,
            "/action",
            "every Game action is a decision (chance drawn inside apply)"
            + (
                f"; OpenSpiel {spiel_actions:,} actions, {mc.spiel_chance:,} of them chance"
                if spiel
                else ""
            ),
            scale=mc.spiel_decisions / max(spiel_actions, 1),
        ),
        against_openspiel(
            "per-hand hook in Python, per player decision",
            t,
            TARGET_PLUGIN_DECISION,
            "/decision",
            f"ecarte_score_hand answered in Python (classic answer); "
            f"{t.ratio('plugin', 'game'):.2f}x classic Game",
            ours="plugin",
        ),
    ]
    n = 200 if quick else 2_000
    for row in PER_CALL:
        t = interleave(per_call_contest(row, n, pyspiel), 3 if quick else 11)
        rows.append(floor_row(row.floor_name, t))
        note = f"{n:,} {row.what}; {t.ratio('game', 'floor'):.2f}x the floor"
        rows.append(against_openspiel(row.name, t, row.target, "", note))
    return rows


def construction_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """``Game()``, each bundled variant, and the README's club, against their targets."""
    t = interleave(construct_contest(100 if quick else 300, pyspiel), 3 if quick else 41)

    def us_row(name: str, key: str, limit: float, note: str = "", baseline: str = "") -> Row:
        us = t[key] * 1e6
        return Row(
            name,
            f"{us:,.1f} µs",
            baseline,
            "",
            verdict(us, limit, f"{limit:.0f} µs"),
            f"{note}best round {min(t.rounds[key]) * 1e6:,.1f} µs",
        )

    spiel_new = ns(t["openspiel"]) + " (load + state)" if "openspiel" in t else "not installed"
    rows = [
        us_row(
            "Game(), classic",
            "classic",
            TARGET_CLASSIC_NEW_US,
            "no seed (drawn from SystemRandom), to the first decision, freed; ",
            spiel_new,
        )
    ]
    for v in VARIANTS:
        name = f"Game(variant={v!r})"
        if v not in t:
            rows.append(Row(name, "not installed", target=f"≤ {TARGET_VARIANT_NEW_US:.0f} µs"))
            continue
        note = "the entry point's defaults; " if v == "cercle" else ""
        rows.append(us_row(name, v, TARGET_VARIANT_NEW_US, note))
    name = "Game(plugins=[Cercle(...)]), README's club"
    if "cercle-club" in t:
        note = (
            f"a new Cercle(players=..., gallery=..., ...) per game, as its README shows "
            f"(the Cercle alone: {t['cercle-object'] * 1e6:,.1f} µs); "
        )
        rows.append(us_row(name, "cercle-club", TARGET_VARIANT_NEW_US, note))
    else:
        rows.append(Row(name, "not installed"))
    return rows


def memory_rows(quick: bool) -> list[Row]:
    """Bytes per live ``Game``, at its first decision and after a finished match."""

    def row(name: str, n: int, finished: bool, limit: int, text: str, note: str) -> Row:
        per_game = memory_per_game(n, finished)
        return Row(name, f"{per_game:,.0f} B", target=verdict(per_game, limit, text), note=note)

    live, done = (100, 20) if quick else (2_000, 400)
    return [
        row(
            "memory per Game, first decision",
            live,
            False,
            TARGET_MEM_FIRST,
            "1 KB",
            f"tracemalloc growth / {live:,} live games, after warm-up",
        ),
        row(
            "memory per Game, finished match",
            done,
            True,
            TARGET_MEM_FINISHED,
            "8 KB",
            f"{done:,} random matches kept, whole history, records never read",
        ),
    ]
