"""Trials on plugin hooks, and the driver's own probes (a crash, a hang)."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

from ._common import Trials

# ------------------------------------------------------------------------- hooks

_NOTIFY = {
    "ecarte_game_started",
    "ecarte_hand_ended",
    "ecarte_game_ended",
    "ecarte_match_ended",
    "ecarte_restore_state",
}


def _hook_names() -> list[str]:
    from ecarte.games.ecarte import hookspecs

    return sorted(
        n
        for n in dir(hookspecs)
        if n.startswith("ecarte_")
        and callable(getattr(hookspecs, n))
        and n not in ("ecarte_configure_rules", "ecarte_table_size")
    )


def _hostile_plugin(rng: random.Random) -> Any:
    import inspect

    from ecarte import MatchStatus, hookimpl
    from ecarte.games.ecarte import hookspecs
    from ecarte.games.ecarte.actions import ACTIONS, Play

    class Hostile:
        NAME = "hostile"

        def __init__(self) -> None:
            self.nonsense = False  # a value hook answered with nonsense since the last reset

    plan = {}
    for name in _hook_names():
        if rng.random() < 0.7:
            continue
        plan[name] = rng.choice(("nonsense", "raise", "apply", "undo", "intern", "none"))
        if name == "ecarte_save_state" and plan[name] == "nonsense":
            plan[name] = "raise"  # any JSON value is a valid plugin state

    # never a valid answer of any hook (a small positive int is valid points, say)
    unchecked = object.__new__(MatchStatus)  # a status made past its checks, as a plugin could
    object.__setattr__(unchecked, "over", 2.5)
    object.__setattr__(unchecked, "winner", None)
    garbage = (-7, "x", 2.5, [1], object(), unchecked, (9, -3), {"a": 1})

    def make(name: str, how: str) -> Callable[..., Any]:
        params = list(inspect.signature(getattr(hookspecs, name)).parameters)

        def impl(self: Any, **kw: Any) -> Any:
            game = kw.get("game")
            if how == "raise":
                raise RuntimeError(f"{name} fails")
            if how == "apply" and game is not None:
                legal = game.legal_actions()
                if legal:
                    game.apply(legal[0])
            elif how == "undo" and game is not None:
                game.undo()
            elif how == "intern":
                object.__setattr__(ACTIONS[0], "card", Play("K♠").card)
            elif how == "nonsense":
                if name not in _NOTIFY:
                    self.nonsense = True
                return rng.choice(garbage)
            return None

        args = ", ".join(params)
        keywords = ", ".join(f"{p}={p}" for p in params)
        code = f"def {name}(self, {args}):\n    return impl(self, {keywords})\n"
        ns: dict[str, Any] = {"impl": impl}
        exec(code, ns)
        return hookimpl(ns[name])  # type: ignore[no-any-return]

    for name, how in plan.items():
        setattr(Hostile, name, make(name, how))
    return Hostile(), plan


def trials_hooks(t: Trials, rng: random.Random, n: int) -> None:
    from ecarte import Game
    from ecarte.games.ecarte.actions import ACTIONS

    texts = [str(a) for a in ACTIONS]
    game: Any = None
    plugin: Any = None
    plan: dict[str, str] = {}
    for _ in range(n):
        t.counts["trials"] += 1
        if game is None or game.is_over or rng.random() < 0.02:
            plugin, plan = _hostile_plugin(rng)
            game = t.result(
                f"Game(plugins) with {plan}", Game, seed=rng.getrandbits(40), plugins=[plugin]
            )
            if game is None:
                continue
        g = game

        def snap(g: Any = g) -> Any:
            return (tuple(map(str, g.history)), g.to_act, g.is_over)

        plugin.nonsense = False
        op = rng.randrange(4)
        if op <= 1:
            legal = t.result(f"legal_actions with {plan}", g.legal_actions)
            if not legal:  # (None: refused)
                game = None
                continue
            action = rng.choice(legal)
            ok = t.call(snap, f"apply({action}) with {plan}", g.apply, action)
        elif op == 2:
            ok = t.call(snap, f"describe() with {plan}", g.describe)
        else:
            ok = t.call(snap, f"to_dict() with {plan}", g.to_dict)
        if ok and plugin.nonsense:
            t.fail("silent-acceptance", f"a nonsense answer was taken, plan {plan}")
        if [str(a) for a in ACTIONS] != texts:
            t.fail("changed-after-error", "an interned action was changed")
            return


def _probe_crash(t: Trials, rng: random.Random, n: int) -> None:
    """Die as a segfault would (the driver's own check: a crash is counted)."""
    import signal

    os.kill(os.getpid(), signal.SIGSEGV)


def _probe_hang(t: Trials, rng: random.Random, n: int) -> None:
    """Never end (the driver's own check: a hang is counted)."""
    while True:
        time.sleep(1)
