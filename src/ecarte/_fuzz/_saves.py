"""Trials on saves of both games, mutated."""

from __future__ import annotations

import copy
import random
import reprlib
import time
from functools import partial
from typing import Any

from ._common import (
    Trials,
    _is_package_error,
)

# ------------------------------------------------------------------------- saves


def value_paths(d: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every value in the JSON value ``d``, ``()`` first."""
    out = [path]
    if isinstance(d, dict):
        for k, v in d.items():
            out += value_paths(v, (*path, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += value_paths(v, (*path, i))
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
    paths = [p for p in value_paths(m) if p]
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
