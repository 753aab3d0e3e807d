"""Hostile-input fuzzing of the public API, the bindings, saves and plugin hooks.

    python -m ecarte._fuzz --trials 20000 --jobs 1

Trials run in batches, each batch in a subprocess on one backend (``cython``, ``cffi``,
``pure``), so that a crash is counted instead of ending the run and a batch that outlives
its deadline is counted as a hang. A trial is one hostile call with its checks:

- ``api`` and ``euchre``: a call to a game of Écarté or Euchre with an action, a seat,
  an id or a text drawn from a hostile pool (int subclasses that lie or empty lists,
  objects whose ``__index__`` raises, events, other games' actions, garbage text), at a
  random point of a random game. It must succeed only if legal, fail only with a package
  error, leave the state as it was after an error; each seat's observation is checked
  for hidden cards.
- ``bindings``: the core's functions and both game machines with hostile arguments
  (lists emptied while read, lying ints, objects made by ``__new__`` alone), compared
  with the pure twin: the same result or the same error on every backend.
- ``saves``: a save of either game, mutated (a key deleted, a value replaced, records
  swapped or stacked, text corrupted), then loaded: refused with a package error, or
  loaded as a game that saves and loads again to itself; a deleted key or a stacked deal
  is always refused.
- ``hooks``: a game whose plugin answers each hook with nonsense, raises, changes the
  game or writes the interned actions: each refusal is a package error naming the plugin,
  the state is unchanged, and no nonsense answer is silently taken.

The report counts trials, refusals and each kind of failure (the first few with a seed
to reproduce them). Private: a tool for the project's tests and docs, not an API.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import re
import reprlib
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

FAMILIES = ("api", "euchre", "bindings", "saves", "hooks")
KINDS = (
    "crash",
    "hang",
    "wrong-error",
    "changed-after-error",
    "silent-acceptance",
    "hidden-card",
    "disagreement",
    "uncaught",
)

# ------------------------------------------------------------------ hostile values

VICTIM: list[Any] = []
"""The list a hostile value empties when the binding reads it."""


class Lying(int):
    """An int whose comparisons lie (always true) and empty :data:`VICTIM`."""

    def _lie(self, other: object) -> bool:
        VICTIM.clear()
        return True

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _lie
    __hash__ = int.__hash__


class Clearing(int):
    """An int whose ``__index__`` and ``__bool__`` empty :data:`VICTIM`."""

    def __index__(self) -> int:
        VICTIM.clear()
        return int(self)

    def __bool__(self) -> bool:
        VICTIM.clear()
        return True


class RaisingIndex:
    def __index__(self) -> int:
        raise TypeError("no index")

    def __bool__(self) -> bool:
        raise TypeError("no truth")


class BadEq:
    """An object whose comparisons and hash raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")


def hostile_int(rng: random.Random, valid: int) -> object:
    """A value standing where ``valid`` (an int) is expected."""
    return rng.choice(
        (
            lambda: valid,
            lambda: Lying(valid),
            lambda: Clearing(valid),
            lambda: RaisingIndex(),
            lambda: BadEq(),
            lambda: bool(valid & 1),
            lambda: valid + rng.choice((-1, 1, 64, -(2**63), 2**64, 2**200)),
            lambda: float(valid),
            lambda: str(valid),
            lambda: None,
            lambda: [valid],
        )
    )()


def show(x: object) -> str:
    """``repr(x)``, naming an int subclass (whose repr is an int's)."""
    if isinstance(x, int) and type(x) not in (int, bool):
        return f"{type(x).__name__}({int.__repr__(x)})"
    return reprlib.repr(x)


def _nothing() -> None:
    return None


def _action_stands(exc: BaseException) -> bool:
    """A failed notification: the action stands, by the hook contract (docs/plugins.md)."""
    return "the action was applied, but plugin notifications failed" in str(exc)


def _is_package_error(exc: BaseException) -> bool:
    from ecarte import EcarteError

    return isinstance(exc, EcarteError)


class Trials:
    """The counts of one batch and the first failures, with what reproduces them."""

    def __init__(self, family: str, backend: str, seed: int) -> None:
        self.family, self.backend, self.seed = family, backend, seed
        self.counts: Counter[str] = Counter()
        self.examples: list[str] = []

    def fail(self, kind: str, what: str) -> None:
        self.counts[kind] += 1
        if len(self.examples) < 5:
            self.examples.append(
                f"{kind}: {self.family} on {self.backend}, batch seed {self.seed}: {what[:300]}"
            )

    def call(
        self, snapshot: Callable[[], Any], what: str, fn: Callable[..., Any], *args: Any, **kw: Any
    ) -> bool:
        """Run ``fn(*args, **kw)``; a package error must leave ``snapshot()`` as it was.
        True if it ran."""
        before = snapshot()
        try:
            fn(*args, **kw)
        except Exception as exc:
            self.counts["refused"] += 1
            if not _is_package_error(exc):
                where = traceback.extract_tb(exc.__traceback__)[-1]
                self.fail(
                    "wrong-error",
                    f"{what} -> {type(exc).__name__}: {exc} ({where.filename}:{where.lineno})",
                )
            elif snapshot() != before and not _action_stands(exc):
                self.fail("changed-after-error", f"{what} -> {type(exc).__name__}: {exc}")
            return False
        self.counts["accepted"] += 1
        return True


# ------------------------------------------------------------------- écarté's API


def _ecarte_pool(rng: random.Random, game: Any) -> tuple[object, str]:
    """An action argument and its description."""
    from ecarte import PIQUET_DECK, Card, CardSet, Cut, Deal, Discard, Play
    from ecarte.games.ecarte.actions import ACTIONS

    cards = list(PIQUET_DECK)
    legal = list(game.legal_actions())
    pick = rng.randrange(9)
    if pick == 0 and legal:
        a: object = rng.choice(legal)
    elif pick == 1:
        a = rng.choice(ACTIONS)
    elif pick == 2:
        a = Play(Card.from_id(rng.choice([c for c in range(64) if c & 15 <= 12])))
    elif pick == 3:
        a = Discard(CardSet.of(rng.sample(cards, rng.randrange(7))))
    elif pick == 4:
        a = rng.choice([str(x) for x in legal] or ["propose"]) if rng.random() < 0.5 else ""
        a = a + rng.choice(("", " ", "x", " K♠", "\x00", "♠" * 50))
    elif pick == 5:
        a = Cut((cards[0], cards[1])) if rng.random() < 0.5 else Deal(rng.sample(cards, 32))
    elif pick == 6:
        a = hostile_int(rng, rng.randrange(100))
    elif pick == 7:
        a = rng.choice((None, object(), BadEq(), b"propose", ["propose"], 3.5))
    else:
        a = rng.choice(("propose", "accept", "refuse", "king", "packets 3-2", "discard"))
    return a, show(a)


def _ecarte_legal(game: Any, action: object) -> bool:
    from ecarte import Action
    from ecarte.games.ecarte.actions import parse_record

    try:
        if isinstance(action, str):
            action = parse_record(action)
    except Exception:
        return False
    return isinstance(action, Action) and any(action == a for a in game.legal_actions())


def _seat_ok(seat: object, to_act: int) -> bool | None:
    """True: the seat's turn; False: must be refused; None: either (an int subclass)."""
    if seat is None or (type(seat) is int and seat == to_act):
        return True
    if isinstance(seat, int) and not isinstance(seat, bool) and type(seat) is not int:
        return None
    return False


_CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _ecarte_hidden(t: Trials, game: Any) -> None:
    """No seat's observation shows the other hand, the stock or the discards."""
    from ecarte import Card, CardSet
    from ecarte.games.ecarte.game import Phase

    if game.phase not in (
        Phase.PROPOSE,
        Phase.RESPOND,
        Phase.ELDER_DISCARD,
        Phase.DEALER_DISCARD,
        Phase.PLAY,
    ):
        return
    s = game._state
    stock = CardSet.of(Card.from_id(c) for c in s.stock)
    for seat in game.game_players:
        other = next(p for p in game.game_players if p != seat)
        hidden = game.hand(other) | stock | CardSet(s.discards)
        obs = game.observation(seat)
        text = str(obs) + json.dumps(game.observation(seat).to_dict(), ensure_ascii=False)
        shown = CardSet.of(Card.parse(x) for x in _CARD_TEXT.findall(text))
        t.counts["hidden-checks"] += 1
        if shown & hidden:
            t.fail("hidden-card", f"seat {seat} sees {shown & hidden} ({game!r})")


def _snapshot_ecarte(game: Any) -> Any:
    return (game.to_json(), tuple(map(str, game.legal_actions())), game.to_act)


def trials_api(t: Trials, rng: random.Random, n: int) -> None:
    from ecarte import Game, Rules
    from ecarte.games.ecarte.rules import PRESETS

    game: Any = None
    for _ in range(n):
        if game is None or game.is_over or rng.random() < 0.01:
            game = Game(rules=Rules.preset(rng.choice(sorted(PRESETS))), seed=rng.getrandbits(40))
        legal = game.legal_actions()
        if rng.random() < 0.4 and legal:  # move on
            game.apply(rng.choice(legal))
            t.counts["moves"] += 1
            if rng.random() < 0.1:
                _ecarte_hidden(t, game)
            continue
        t.counts["trials"] += 1
        g = game

        def snap(g: Any = g) -> Any:
            return _snapshot_ecarte(g)

        op = rng.randrange(6)
        if op <= 2:
            action, what = _ecarte_pool(rng, g)
            seat = None if rng.random() < 0.6 else hostile_int(rng, g.to_act)
            legal_now = _ecarte_legal(g, action)
            seat_ok = _seat_ok(seat, g.to_act)
            ok = t.call(snap, f"apply({what}, seat={show(seat)})", g.apply, action, seat=seat)
            if ok and (not legal_now or seat_ok is False):
                t.fail("silent-acceptance", f"apply({what}, seat={show(seat)}) on {g!r}")
        elif op == 3:
            action, what = _ecarte_pool(rng, g)
            t.call(snap, f"action_id({what})", g.action_id, action)
        elif op == 4:
            x = hostile_int(rng, rng.randrange(100))
            name = rng.choice(("action_from_id", "observation", "hand", "describe"))
            ok = t.call(snap, f"{name}({show(x)})", getattr(g, name), x)
            wrong_type = type(x) is not int and name != "describe" and x is not None
            if ok and wrong_type and not (name == "action_from_id" and isinstance(x, int)):
                t.fail("silent-acceptance", f"{name}({show(x)})")
        else:
            twin = g.clone()
            before = snap()
            action, what = _ecarte_pool(rng, twin)
            t.call(_nothing, f"clone.apply({what})", twin.apply, action)
            if snap() != before:
                t.fail("changed-after-error", f"the clone's apply({what}) changed the game")


# ------------------------------------------------------------------- euchre's API


def _euchre_hidden(t: Trials, game: Any) -> None:
    for seat in range(4):
        o = game.observation(seat)
        visible = {str(c) for tr in o.tricks for _, c in tr} | {str(c) for _, c in o.trick}
        visible |= {str(c) for c in (o.upcard, o.discard) if c is not None}
        hidden: set[str] = set()
        for other in range(4):
            if other != seat:
                hidden |= {str(c) for c in game.hand(other)}
        hidden -= visible
        d = o.to_dict()
        shown = set(d["hand"]) | {x["card"] for tr in d["tricks"] for x in tr}
        shown |= {x["card"] for x in d["trick"]} | {d["upcard"], d["discard"]} - {None}
        t.counts["hidden-checks"] += 1
        if shown & hidden:
            t.fail("hidden-card", f"euchre seat {seat} sees {shown & hidden}")


def trials_euchre(t: Trials, rng: random.Random, n: int) -> None:
    from ecarte.games.euchre import EuchreAction, EuchreGame, EuchreRules
    from ecarte.games.euchre.game import Kind, _deck

    presets = ("standard", "openspiel", "joker")
    game: Any = None
    for _ in range(n):
        if game is None or game.is_over or rng.random() < 0.02:
            name = rng.choice(presets)
            rules = getattr(EuchreRules, name)() if hasattr(EuchreRules, name) else None
            game = EuchreGame(rules or EuchreRules.standard(), seed=rng.getrandbits(40))
        ids = game.legal_action_ids()
        if rng.random() < 0.4 and ids:
            game.apply_id(rng.choice(ids))
            t.counts["moves"] += 1
            if rng.random() < 0.1:
                _euchre_hidden(t, game)
            continue
        t.counts["trials"] += 1
        g = game

        def snap(g: Any = g) -> Any:
            return (g.to_json(), tuple(g.legal_action_ids()), g.to_act)

        deck = _deck(g.deck)
        op = rng.randrange(5)
        if op == 0:
            x = hostile_int(rng, rng.choice(ids) if ids else 0)
            ok = t.call(snap, f"apply_id({show(x)})", g.apply_id, x)
            an_id = isinstance(x, int) and not isinstance(x, bool) and int(x) in ids
            if ok and not an_id:
                t.fail("silent-acceptance", f"apply_id({show(x)}), legal {ids}")
        elif op == 1:
            pick = rng.randrange(4)
            if pick == 0:
                a: object = rng.choice(deck.plays + deck.deals + deck.discards + deck.dealers)
            elif pick == 1:
                a = rng.choice(list(deck.decisions.values()))
            elif pick == 2:
                try:
                    a = EuchreAction(
                        rng.choice(list(Kind)), rng.randrange(-2, 40), rng.randrange(40)
                    )
                except Exception as exc:
                    if not _is_package_error(exc):
                        t.fail("wrong-error", f"EuchreAction(...) -> {exc!r}")
                    continue
            else:
                a = rng.choice(("pass", "call ♠", "alone", "x", "", "joker", "9♣", "take"))
            seat = None if rng.random() < 0.6 else hostile_int(rng, g.to_act)
            seat_ok = _seat_ok(seat, g.to_act)
            legal = [g.action_from_id(i) for i in ids]
            legal_now = (
                a in legal if isinstance(a, EuchreAction) else isinstance(a, str) and bool(ids)
            )
            ok = t.call(snap, f"apply({a!r}, seat={show(seat)})", g.apply, a, seat=seat)
            if ok and (not legal_now or seat_ok is False):
                t.fail("silent-acceptance", f"apply({a!r}, seat={show(seat)})")
        elif op == 2:
            x = hostile_int(rng, rng.randrange(40))
            name = rng.choice(("action_from_id", "observation", "action_to_string"))
            t.call(snap, f"{name}({show(x)})", getattr(g, name), x)
        elif op == 3:
            c = rng.choice((*deck.cards, None, 5, "K♠", BadEq()))
            t.call(snap, f"card_action_id({c!r})", g.card_action_id, c)
        else:
            twin = g.clone()
            before = snap()
            if ids:
                twin.apply_id(rng.choice(ids))
            if snap() != before:
                t.fail("changed-after-error", "a clone's move changed the game")


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


# ------------------------------------------------------------------------- saves


def _leaves(d: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _leaves(v, (*path, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _leaves(v, (*path, i))
    return out


def _get(d: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        d = d[p]
    return d


def _nonsense(rng: random.Random) -> object:
    deep: Any = 0
    for _ in range(rng.choice((2, 50, 5000))):
        deep = [deep]
    return rng.choice(
        (None, True, -1, 0, 2**70, 10**5000, "x", "", [], {}, deep, 1e308, "1e-10000000", 2.5)
    )


_REQUIRED: dict[str, tuple[str, ...]] = {}
"""Each game's rule options that every save holds (the others take their default)."""


def _mutate(d: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str, bool]:
    """A mutated copy, what was done, and whether it must be refused."""
    m = copy.deepcopy(d)
    paths = [p for p in _leaves(m) if p]
    k = rng.randrange(5)
    if k == 0:  # delete a key of the envelope or of the rules
        keys = [p for p in paths if len(p) <= 2 and isinstance(p[-1], str)]
        keys = [p for p in keys if len(p) == 1 or p[0] == "rules"]
        p = rng.choice(keys)
        del _get(m, p[:-1])[p[-1]]
        # a rule option newer than the format's first version takes its default
        required = _REQUIRED.get(str(d.get("game")), ())
        optional = p[:1] == ("rules",) and p[-1] not in required
        return m, f"deleted {p}", not optional
    if k == 1:
        p = rng.choice(paths)
        v = _nonsense(rng)
        _get(m, p[:-1])[p[-1]] = v
        shown = "an int of 5001 digits" if v == 10**5000 else reprlib.repr(v)
        return m, f"{p} = {shown}", False
    hist = m.get("history")
    if not isinstance(hist, list) or len(hist) < 2:
        return m, "unchanged", False
    if k == 2:
        i, j = rng.sample(range(len(hist)), 2)
        hist[i], hist[j] = hist[j], hist[i]
        return m, f"history {i} <-> {j}", False
    if k == 3:
        deals = [i for i, r in enumerate(hist) if isinstance(r, str) and r.startswith("deal ")]
        if deals and m.get("auto_chance") is True:
            i = rng.choice(deals)
            words = hist[i].split()
            cards = words[1:]
            a, b = rng.sample(range(len(cards)), 2)
            if rng.random() < 0.5 or a // 5 != b // 5:
                cards[a], cards[b] = cards[b], cards[a]
                hist[i] = " ".join([words[0], *cards])
                if hist[i] != d["history"][i]:
                    return m, f"stacked deal at history[{i}]", True
        return m, "unchanged", False
    del hist[rng.randrange(len(hist)) :]
    return m, "history cut short", False


def trials_saves(t: Trials, rng: random.Random, n: int) -> None:
    global _REQUIRED
    from ecarte import Game
    from ecarte.games.ecarte._save import REQUIRED_RULES
    from ecarte.games.euchre import EuchreGame, EuchreRules
    from ecarte.games.euchre.save import REQUIRED_RULES as EUCHRE_REQUIRED

    _REQUIRED = {"ecarte": tuple(REQUIRED_RULES), "euchre": tuple(EUCHRE_REQUIRED)}
    for _ in range(n):
        t.counts["trials"] += 1
        euchre = rng.random() < 0.4
        if euchre:
            g: Any = EuchreGame(EuchreRules.standard(), seed=rng.getrandbits(40))
            for _ in range(rng.randrange(40)):
                if g.is_over:
                    break
                g.apply_id(rng.choice(g.legal_action_ids()))
            cls: Any = EuchreGame
        else:
            g = Game(seed=rng.getrandbits(40))
            for _ in range(rng.randrange(40)):
                if g.is_over:
                    break
                g.apply(rng.choice(g.legal_actions()))
            cls = Game
        d = g.to_dict()
        if rng.random() < 0.15:  # the text: a corrupted byte or a huge number
            text = g.to_json()
            i = rng.randrange(len(text))
            text = (
                text[:i]
                + rng.choice(("9" * 5000, "1e-10000000", "[" * 3000, "\x00", "}"))
                + text[i + 1 :]
            )
            what, must_refuse, load = "corrupted text", False, partial(cls.from_json, text)
        else:
            m, what, must_refuse = _mutate(d, rng)
            load = partial(cls.from_dict, m)
        start = time.monotonic()
        try:
            loaded = load()
        except Exception as exc:
            t.counts["refused"] += 1
            if not _is_package_error(exc):
                t.fail("wrong-error", f"{cls.__name__} save, {what} -> {type(exc).__name__}: {exc}")
            if time.monotonic() - start > 2:
                t.fail(
                    "hang",
                    f"{cls.__name__} save, {what}: refused after {time.monotonic() - start:.1f} s",
                )
            continue
        t.counts["accepted"] += 1
        if must_refuse:
            t.fail("silent-acceptance", f"{cls.__name__} save loaded with {what}")
            continue
        try:
            again = loaded.to_dict()
            if cls.from_dict(again).to_dict() != again:
                t.fail(
                    "silent-acceptance", f"{cls.__name__} save, {what}: loads, saves differently"
                )
            loaded.to_json()
            if cls is Game:
                loaded.describe()
                loaded.legal_actions()
            else:
                loaded.legal_action_ids()
        except Exception as exc:
            t.fail("silent-acceptance", f"{cls.__name__} save, {what}: loaded, then {exc!r}")


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
    garbage = (-7, "x", 2.5, [1], object(), MatchStatus(over=2.5), (9, -3), {"a": 1})  # type: ignore[arg-type]

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
            try:
                game = Game(seed=rng.getrandbits(40), plugins=[plugin])
            except Exception as exc:
                t.counts["refused"] += 1
                if not _is_package_error(exc):
                    t.fail("wrong-error", f"Game(plugins) with {plan} -> {exc!r}")
                game = None
                continue
        g = game

        def snap(g: Any = g) -> Any:
            return (tuple(map(str, g.history)), g.to_act, g.is_over)

        plugin.nonsense = False
        op = rng.randrange(4)
        if op <= 1:
            try:
                legal = g.legal_actions()
            except Exception as exc:
                t.counts["refused"] += 1
                if not _is_package_error(exc):
                    t.fail("wrong-error", f"legal_actions with {plan} -> {exc!r}")
                game = None
                continue
            if not legal:
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


RUNNERS: dict[str, Callable[[Trials, random.Random, int], None]] = {
    "api": trials_api,
    "euchre": trials_euchre,
    "bindings": trials_bindings,
    "saves": trials_saves,
    "hooks": trials_hooks,
    "probe-crash": _probe_crash,
    "probe-hang": _probe_hang,
}


def run_batch(family: str, backend: str, seed: int, n: int) -> dict[str, Any]:
    """Run ``n`` trials of ``family`` on ``backend`` in this process."""
    from ecarte.engine import backend as _backend

    live = _backend.live()
    _backend.use_backend(backend)
    t = Trials(family, backend, seed)
    try:
        RUNNERS[family](t, random.Random(seed), n)
    except Exception as exc:  # outside any checked call: a legal move failed, or a bug here
        where = traceback.extract_tb(exc.__traceback__)[-1]
        t.fail("uncaught", f"{type(exc).__name__}: {exc} ({where.filename}:{where.lineno})")
    finally:
        _backend.use_backend(live)
    return {"counts": dict(t.counts), "examples": t.examples}


# ------------------------------------------------------------------------ driver


def _available_backends() -> list[str]:
    import ecarte._core as core

    return [b for b in ("cython", "cffi", "pure") if b in core.backends()]


def run(
    trials: int,
    *,
    families: tuple[str, ...] = FAMILIES,
    backends: tuple[str, ...] | None = None,
    seed: int = 0,
    batch: int = 2000,
    jobs: int = 1,
    timeout: float = 600.0,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run about ``trials`` trials spread over ``families`` and ``backends``, each batch in a
    subprocess; return the totals: counts of trials, refusals and every kind of failure,
    and the first examples."""
    backends = tuple(backends or _available_backends())
    cells = [(f, b) for f in families for b in backends]
    per_cell = max(1, trials // len(cells))
    todo: list[tuple[str, str, int, int]] = []
    for i, (f, b) in enumerate(cells):
        left, k = per_cell, 0
        while left > 0:
            n = min(batch, left)
            todo.append((f, b, seed * 1_000_003 + i * 10_007 + k, n))
            left -= n
            k += 1
    totals: Counter[str] = Counter()
    examples: list[str] = []
    running: list[tuple[subprocess.Popen[str], tuple[str, str, int, int], float]] = []
    env = dict(os.environ, PYTHONHASHSEED="0")
    start = time.monotonic()
    done = 0

    def finish(p: subprocess.Popen[str], job: tuple[str, str, int, int], began: float) -> None:
        nonlocal done
        f, b, s, n = job
        try:
            out, err = p.communicate(timeout=max(1.0, timeout - (time.monotonic() - began)))
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            totals["hang"] += 1
            examples.append(f"hang: {f} on {b}, batch seed {s} ({n} trials)")
            return
        lines = out.strip().splitlines()
        if p.returncode != 0 or not lines:
            totals["crash"] += 1
            examples.append(
                f"crash: {f} on {b}, batch seed {s}: exit {p.returncode} {err.strip()[-300:]}"
            )
            return
        result = json.loads(lines[-1])
        totals.update(result["counts"])
        examples.extend(result["examples"][: max(0, 20 - len(examples))])
        done += 1
        if progress:
            progress(
                f"{done}/{len(todo)} batches, {totals['trials']:,} trials, "
                f"{time.monotonic() - start:.0f} s"
            )

    for job in todo:
        while len(running) >= jobs:
            p, j, began = running.pop(0)
            finish(p, j, began)
        f, b, s, n = job
        cmd = [sys.executable, "-m", "ecarte._fuzz", "--worker", f, b, str(s), str(n)]
        p = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        running.append((p, job, time.monotonic()))
    for p, j, began in running:
        finish(p, j, began)
    totals["seconds"] = round(time.monotonic() - start)
    return {
        "backends": list(backends),
        "families": list(families),
        "counts": {k: totals[k] for k in sorted(totals)},
        "failures": sum(totals[k] for k in KINDS),
        "examples": examples,
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        family, backend, seed, n = argv[1], argv[2], int(argv[3]), int(argv[4])
        print(json.dumps(run_batch(family, backend, seed, n)))
        return 0
    ap = argparse.ArgumentParser(prog="python -m ecarte._fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=20_000)
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--backends", default=None, help="comma-separated; default: every one")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per batch")
    a = ap.parse_args(argv)
    result = run(
        a.trials,
        families=tuple(a.families.split(",")),
        backends=tuple(a.backends.split(",")) if a.backends else None,
        seed=a.seed,
        batch=a.batch,
        jobs=a.jobs,
        timeout=a.timeout,
        progress=lambda s: print(s, file=sys.stderr, flush=True),
    )
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
