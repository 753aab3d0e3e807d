"""The Euchre rows of ``ecarte bench``: ``EuchreGame`` against OpenSpiel's ``euchre``,
random deals driven from Python, per action, each loop beside its Python loop floor;
and ``legal_action_mask()`` on fresh states.

Random deals of OpenSpiel's ``euchre`` driven from Python through each engine's public
API, two loops, each making the same calls on both engines; a new game per deal
(timed) and the same pick on both: ``r = random.Random(seed).random`` made per deal,
then ``ids[int(r() * len(ids))]``. Both engines have the same ids in the same order, so
with the same seeds they play the very same deals (the action counts are checked).
``loop``:

- ``"legal"``: the legal ids at every node (OpenSpiel's ``legal_actions()`` answers
  the chance outcomes at a chance node, as ``legal_action_ids()`` does), pick one,
  apply;
- ``"chance"``: ``chance_outcomes()`` at a chance node, pick one (the same pick over
  the outcomes, all equally likely) and apply its id; the legal ids elsewhere, pick one,
  apply. The picks are those of ``"legal"``: the same deals.

The loop floor is the same loop without an engine: the answers the game gave, read from
a list, the same ``r`` and pick, the chosen id handed to ``list.append`` (a C call). It is
the Python every driver of either engine pays; what an engine adds is its time beyond
the floor. The loops are shared with ``benches/euchre_game.py`` and
``benches/test_bench_euchre.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from .ecarte_rows import chunked_round, floor_row, fresh, idle_states, mask_loop, spiel_mask_loop
from .harness import (
    TARGET_ACTION,
    TARGET_MASK,
    Contender,
    Row,
    against_openspiel,
    interleave,
    none,
    ns,
)

EUCHRE_LOOPS = ("legal", "chance")
EUCHRE_PICK = "r = random.Random(seed).random per deal, ids[int(r() * len(ids))]"
"""The pick of both engines' loops (and of the floor)."""
EUCHRE_LOOP_TEXT = {
    "legal": "legal ids at every node",
    "chance": "chance_outcomes() at chance nodes (the picked outcome's id), legal ids elsewhere",
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
EUCHRE_MASK_ROW = "EuchreGame.legal_action_mask(), fresh state"
EUCHRE_MASK_FLOOR = "EuchreGame.legal_action_mask() loop floor"

Pick = Callable[[], float]


def _legal_deal(g: Any, r: Pick) -> None:
    """One deal of an ``EuchreGame``, the legal ids at every node."""
    while not g.is_over:
        ids = g.legal_action_ids()
        g.apply_id(ids[int(r() * len(ids))])


def _chance_deal(g: Any, r: Pick) -> None:
    """One deal, the chance outcomes at chance nodes (the id of the one picked), the legal
    ids elsewhere."""
    while not g.is_over:
        if g.to_act == -1:
            outcomes = g.chance_outcomes()
            g.apply_id(outcomes[int(r() * len(outcomes))][0])
        else:
            ids = g.legal_action_ids()
            g.apply_id(ids[int(r() * len(ids))])


def _spiel_legal_deal(s: Any, r: Pick) -> None:
    """:func:`_legal_deal` on an OpenSpiel state."""
    while not s.is_terminal():
        ids = s.legal_actions()
        s.apply_action(ids[int(r() * len(ids))])


def _spiel_chance_deal(s: Any, r: Pick) -> None:
    """:func:`_chance_deal` on an OpenSpiel state."""
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[int(r() * len(outcomes))][0])
        else:
            ids = s.legal_actions()
            s.apply_action(ids[int(r() * len(ids))])


Deal = Callable[[Any, Pick], None]
_DEALS: dict[str, Deal] = {"legal": _legal_deal, "chance": _chance_deal}
_SPIEL_DEALS: dict[str, Deal] = {"legal": _spiel_legal_deal, "chance": _spiel_chance_deal}


def euchre_deals(seeds: Iterable[int], loop: str = "legal") -> None:
    """Random deals through ``EuchreGame(EuchreRules.openspiel(), auto_chance=False,
    seed=s)``, one per seed."""
    from ..games.euchre import EuchreGame, EuchreRules

    deal = _DEALS[loop]
    for seed in seeds:
        r = random.Random(seed).random
        deal(EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed), r)


def spiel_euchre_deals(pyspiel: Any, seeds: Iterable[int], loop: str = "legal") -> None:
    """The same deals through ``pyspiel.load_game("euchre").new_initial_state()``."""
    deal = _SPIEL_DEALS[loop]
    for seed in seeds:
        r = random.Random(seed).random
        deal(pyspiel.load_game("euchre").new_initial_state(), r)


Script = list[tuple[int, list[int], list[tuple[int, float]]]]
"""What the game answered at each step of a deal: ``(to_act, legal ids, chance
outcomes)``."""


def euchre_scripts(seeds: Iterable[int]) -> list[Script]:
    """Per seed, what the game answered at each step of :func:`euchre_deals`; the input
    of :func:`floor_inputs`."""
    from ..games.euchre import EuchreGame, EuchreRules

    out = []
    for seed in seeds:
        r = random.Random(seed).random
        g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
        script: Script = []
        while not g.is_over:
            ids = g.legal_action_ids()
            script.append((g.to_act, ids, g.chance_outcomes()))
            g.apply_id(ids[int(r() * len(ids))])
        out.append(script)
    return out


def floor_inputs(scripts: Sequence[Script], loop: str = "legal") -> list[list[Any]]:
    """Per deal, what :func:`floor_deals` reads at each step: the legal ids (``"legal"``),
    or ``(to_act, answer)``, the answer the chance outcomes at a chance node and the legal
    ids elsewhere (``"chance"``)."""
    if loop == "legal":
        return [[ids for _, ids, _ in script] for script in scripts]
    return [[(a, c if a == -1 else ids) for a, ids, c in script] for script in scripts]


def floor_deals(inputs: Sequence[list[Any]], loop: str = "legal") -> None:
    """The loop of :func:`euchre_deals` (the same seeds, pick and answers) without an
    engine: each answer read from ``inputs`` (:func:`floor_inputs`), the chosen id handed
    to ``list.append``. The Python loop's own cost."""
    if loop == "legal":
        for seed, steps in enumerate(inputs):
            r = random.Random(seed).random
            chosen: list[int] = []  # a new one per deal, as the engines' new game
            apply = chosen.append
            for ids in steps:
                apply(ids[int(r() * len(ids))])
    else:
        for seed, steps in enumerate(inputs):
            r = random.Random(seed).random
            chosen = []
            apply = chosen.append
            for to_act, answer in steps:
                if to_act == -1:
                    apply(answer[int(r() * len(answer))][0])
                else:
                    apply(answer[int(r() * len(answer))])


def count_euchre_actions(seeds: Iterable[int]) -> int:
    """The applied actions of :func:`euchre_deals` (chance outcomes included)."""
    return sum(len(s) for s in euchre_scripts(seeds))


def count_spiel_euchre_actions(pyspiel: Any, seeds: Iterable[int], loop: str = "legal") -> int:
    """The applied actions of :func:`spiel_euchre_deals` (its history, chance included)."""
    n = 0
    for seed in seeds:
        s = pyspiel.load_game("euchre").new_initial_state()
        _SPIEL_DEALS[loop](s, random.Random(seed).random)
        n += len(s.history())
    return n


def euchre_contest(n: int, pyspiel: Any, loop: str) -> tuple[list[Contender], int]:
    """The contenders of one Euchre loop over seeds ``0..n-1`` (``"game"``, ``"floor"``
    and, when installed, ``"openspiel"``) and the actions of a round."""
    seeds = range(n)
    scripts = euchre_scripts(seeds)
    actions = sum(len(s) for s in scripts)
    inputs = floor_inputs(scripts, loop)
    out = [
        Contender("game", none, lambda _: euchre_deals(seeds, loop), actions),
        Contender("floor", none, lambda _: floor_deals(inputs, loop), actions),
    ]
    if pyspiel is not None:
        assert count_spiel_euchre_actions(pyspiel, seeds, loop) == actions, "not the same deals"
        out.append(
            Contender(
                "openspiel", none, lambda _: spiel_euchre_deals(pyspiel, seeds, loop), actions
            )
        )
    return out, actions


def euchre_decisions(n: int) -> list[tuple[Any, int]]:
    """``n`` (game, id) pairs of random deals (seeds 0, 1, ..., the pick of the loops):
    decisions of the bidding or the play whose chosen id leads to another decision. Each
    game is a copy kept at that decision."""
    from ..games.euchre import EuchreGame, EuchreRules

    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < n:
        r = random.Random(seed).random
        g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
        seed += 1
        while not g.is_over and len(out) < n:
            ids = g.legal_action_ids()
            i = ids[int(r() * len(ids))]
            base = g.copy() if g.to_act >= 0 else None
            g.apply_id(i)
            if base is not None and g.to_act >= 0:
                out.append((base, i))
    return out


def spiel_euchre_decisions(pyspiel: Any, n: int) -> list[tuple[Any, int]]:
    """The same decisions as :func:`euchre_decisions` on OpenSpiel's ``euchre`` (the
    same seeds and pick: the very same states)."""
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < n:
        r = random.Random(seed).random
        s = pyspiel.load_game("euchre").new_initial_state()
        seed += 1
        while not s.is_terminal() and len(out) < n:
            ids = s.legal_actions()
            i = ids[int(r() * len(ids))]
            base = s.clone() if not s.is_chance_node() else None
            s.apply_action(i)
            if base is not None and not s.is_terminal() and not s.is_chance_node():
                out.append((base, i))
    return out


def euchre_mask_contest(n: int, pyspiel: Any) -> list[Contender]:
    """``legal_action_mask()`` on ``n`` fresh states (a kept decision's copy, its id
    applied, by chunks made just before their timed loop) against OpenSpiel's
    ``legal_actions_mask()`` on the same states: ``"game"``, ``"floor"`` (the same loop
    around idle states) and, when installed, ``"openspiel"`` (the two masks first checked
    equal on every state)."""
    ours = euchre_decisions(n)
    out = [
        Contender("game", none, lambda _: chunked_round(ours, _fresh_ids, mask_loop), n),
        Contender("floor", none, lambda _: chunked_round(ours, idle_states, mask_loop), n),
    ]
    if pyspiel is not None:
        theirs = spiel_euchre_decisions(pyspiel, n)
        assert [i for _, i in theirs] == [i for _, i in ours], "not the same states"
        mine = [list(map(bool, s.legal_action_mask())) for s in _fresh_ids(ours)]
        spiel = [list(map(bool, s.legal_actions_mask())) for s in _fresh_spiel(theirs)]
        if mine != spiel:
            raise AssertionError("legal_action_mask(): not OpenSpiel's legal_actions_mask()")
        out.append(
            Contender(
                "openspiel", none, lambda _: chunked_round(theirs, _fresh_spiel, spiel_mask_loop), n
            )
        )
    return out


_fresh_ids = partial(fresh, apply="apply_id")
_fresh_spiel = partial(fresh, apply="apply_action")


def euchre_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """Per loop of :data:`EUCHRE_LOOPS`: the loop floor's row, then EuchreGame's against
    OpenSpiel (same deals, interleaved rounds, ratio the median of the rounds' ratios)."""
    try:
        import ecarte.games.euchre  # noqa: F401
    except ImportError as e:
        names = [name for loop in EUCHRE_LOOPS for name in EUCHRE_ROWS[loop]]
        names += [EUCHRE_MASK_FLOOR, EUCHRE_MASK_ROW]
        return [Row(name, "not installed", note=str(e)) for name in names]
    deals, rounds = (20, 3) if quick else (150, 11)
    rows: list[Row] = []
    for loop in EUCHRE_LOOPS:
        floor_name, name = EUCHRE_ROWS[loop]
        contenders, actions = euchre_contest(deals, pyspiel, loop)
        t = interleave(contenders, rounds)
        floor_vs = f"; {t.ratio('floor', 'openspiel'):.2f}x OpenSpiel" if "openspiel" in t else ""
        both = " on both engines" if "openspiel" in t else ""
        rows.append(
            Row(
                floor_name,
                ns(t["floor"]) + "/action",
                note=f"the same loop, seeds, pick and answers without an engine{floor_vs}",
            )
        )
        rows.append(
            against_openspiel(
                name,
                t,
                TARGET_ACTION,
                "/action",
                f"{EUCHRE_LOOP_TEXT[loop]}{both}, pick {EUCHRE_PICK}; {deals} "
                f"deals, {actions:,} actions, a new game per deal; "
                f"{t.ratio('game', 'floor'):.2f}x the floor",
            )
        )
    n = 200 if quick else 2_000
    t = interleave(euchre_mask_contest(n, pyspiel), 3 if quick else 11)
    rows.append(floor_row(EUCHRE_MASK_FLOOR, t))
    rows.append(
        against_openspiel(
            EUCHRE_MASK_ROW,
            t,
            TARGET_MASK,
            "",
            f"{n:,} decisions, each just reached by apply_id"
            + (" (the same states on both)" if "openspiel" in t else "")
            + "; a list of 31 bools, OpenSpiel's legal_actions_mask(); "
            + f"{t.ratio('game', 'floor'):.2f}x the floor",
        )
    )
    return rows
