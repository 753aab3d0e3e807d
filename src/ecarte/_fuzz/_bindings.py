"""Trials on the bindings: the core and both game machines, against the pure twin."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from ._common import (
    VICTIM,
    Trials,
    hostile_int,
)

# ---------------------------------------------------------------------- bindings


def _core_call(m: Any, rng: random.Random) -> tuple[str, Callable[[], Any]]:
    """A random call to the core module ``m``, with hostile arguments (made afresh)."""
    from ecarte._core import ranked_context

    classic = [11, 10, 9, 12, 8, 7, 6, 5]
    deck = 0x1FE0_1FE0_1FE0_1FE0
    ctx = ranked_context(0, classic, deck, m)
    a, d = 0x3E0, 0x3E00000

    def h(v: int) -> Any:
        return hostile_int(rng, v)

    k = rng.randrange(8)
    if k == 0:
        VICTIM[:] = [h(21) for _ in range(rng.randrange(4))]
        return "legal_plays", lambda: m.legal_plays(ctx, h(d & ~(1 << 21)), VICTIM, h(3))
    if k == 1:
        VICTIM[:] = [h(5), h(21)]
        return "trick_winner", lambda: m.trick_winner(ctx, VICTIM)
    if k == 2:
        VICTIM[:] = [h(a), h(d)]
        return "perft", lambda: m.perft(ctx, VICTIM, h(0), [], h(3), rng.randrange(3))
    if k == 3:
        VICTIM[:] = [h(a), h(d)]
        return "PlayState", lambda: m.PlayState(ctx, VICTIM, h(0), h(3)).legal()
    if k == 4:
        state = m.PlayState(ctx, (a, d), 0, 3)
        return "PlayState.apply", lambda: (state.apply(h(5)), state.hand(h(0)))
    if k == 5:
        VICTIM[:] = [h(-1)] * 64
        return "make_context", lambda: m.make_context(VICTIM, [h(1)] * 64, h(0)).suit_of[:4]
    if k == 6:
        return "Rng", lambda: m.Rng(h(rng.getrandbits(64))).below(h(1 + rng.randrange(99)))
    cls = m.PlayState
    return "PlayState.__new__", lambda: cls.__new__(cls).legal()


def _euchre_call(mod: Any, rng: random.Random, saved: tuple[list[int], list[bool]]) -> Any:
    cls = mod.EuchreMachine

    def h(v: int) -> Any:
        return hostile_int(rng, v)

    k = rng.randrange(6)
    if k == 0:
        ids, autos = saved
        VICTIM[:] = [h(i) for i in ids]
        flags = [h(int(b)) if rng.random() < 0.2 else b for b in autos]
        return "restore_history", lambda: _restored(cls, VICTIM, flags, h(0))
    if k == 1:
        name = rng.choice(("apply_id", "legal_action_ids", "hand", "undo", "copy", "card_id"))
        args = () if name in ("legal_action_ids", "undo", "copy") else (h(0),)
        return f"__new__ {name}", lambda: getattr(cls.__new__(cls), name)(*args)
    if k == 2:
        VICTIM[:] = [h(7), h(8)]
        return "trick_winner", lambda: cls(seed=3).trick_winner(h(0), VICTIM)
    if k == 3:
        return "card_id", lambda: cls(seed=3).card_id(h(rng.randrange(-8, 70)))
    if k == 4:
        return "core_card", lambda: cls(seed=3).core_card(h(rng.randrange(-8, 30)))
    return "apply_id", lambda: _applied(cls(seed=3), h(rng.randrange(40)))


def _ecarte_new_call(cls: Any, rng: random.Random) -> Any:
    """A call to an Écarté game made by ``__new__`` alone, with a hostile argument."""
    from ecarte.games.ecarte.actions import ACTIONS

    x = hostile_int(rng, rng.randrange(40))
    calls: dict[str, Callable[[Any], Any]] = {
        "legal_actions": lambda g: g.legal_actions(),
        "apply": lambda g: g.apply(rng.choice((ACTIONS[rng.randrange(39)], x, "propose"))),
        "action_from_id": lambda g: g.action_from_id(x),
        "observation": lambda g: g.observation(x),
        "to_dict": lambda g: g.to_dict(),
        "clone": lambda g: g.clone(),
        "undo": lambda g: g.undo(),
    }
    name = rng.choice(sorted(calls))
    return f"Game.__new__ {name}", lambda: calls[name](cls.__new__(cls))


def _restored(cls: Any, ids: Any, autos: Any, sealed: Any) -> list[int]:
    m = cls(seed=3, auto_chance=False)
    m.restore_history(ids, autos, sealed)
    return list(m.history_ids())


def _applied(m: Any, action_id: object) -> list[int]:
    m.apply_id(action_id)
    return list(m.history_ids())


_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def _outcome(fn: Callable[[], Any]) -> tuple[str, str]:
    try:
        return ("ok", _ADDRESS.sub("", repr(fn())))
    except Exception as exc:
        return (type(exc).__name__, _ADDRESS.sub("", str(exc)))


def trials_bindings(t: Trials, rng: random.Random, n: int) -> None:
    import ecarte._core as core
    import ecarte.games.euchre  # noqa: F401 (registers Euchre's machines)
    from ecarte.engine import backend as _backend

    mine, pure = core.backend(t.backend), core.backend("pure")
    from ecarte.games.ecarte.game import _game_class

    e_mine = _backend.module("euchre.machine", t.backend)
    e_pure = _backend.module("euchre.machine", "pure")
    g_mine, g_pure = _game_class(t.backend), _game_class("pure")
    m = e_pure.EuchreMachine(seed=3)
    for _ in range(8):
        m.apply_id(m.legal_action_ids()[0])
    saved = (list(m.history_ids()), list(m.history_auto()))
    for _ in range(n):
        t.counts["trials"] += 1
        seed = rng.getrandbits(32)
        got = []
        for module, emod, gcls in ((mine, e_mine, g_mine), (pure, e_pure, g_pure)):
            r = random.Random(seed)
            pick = r.random()
            if pick < 0.55:
                name, fn = _core_call(module, r)
            elif pick < 0.7:
                name, fn = _ecarte_new_call(gcls, r)
            else:
                name, fn = _euchre_call(emod, r, saved)
                name = f"EuchreMachine.{name}"
            got.append(_outcome(fn))
        (kind, text), (pure_kind, pure_text) = got
        t.counts["refused" if kind != "ok" else "accepted"] += 1
        # the core's contract is a ValueError (docs/c-core.md); the machines raise the package's
        core_value_error = kind == "ValueError" and not name.startswith(("EuchreMachine", "Game"))
        if kind != "ok" and not core_value_error:
            from ecarte import _errors

            if not isinstance(getattr(_errors, kind, None), type):
                t.fail("wrong-error", f"{name} (seed {seed}) -> {kind}: {text}")
        if name == "PlayState.__new__" and t.backend == "cython":
            continue  # the Cython state made by __new__ alone is empty (docs/c-core.md)
        if (kind, text) != (pure_kind, pure_text):
            t.fail(
                "disagreement",
                f"{name} (seed {seed}): {kind} {text} / pure {pure_kind} {pure_text}",
            )
