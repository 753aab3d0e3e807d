"""What every family of trials shares: the hostile values, the trial counter."""

from __future__ import annotations

import random
import reprlib
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
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

    def result(self, what: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """``fn(*args, **kw)``, or None if it raised: counted as refused, and as
        ``wrong-error`` when the error is not the package's."""
        try:
            return fn(*args, **kw)
        except Exception as exc:
            self.counts["refused"] += 1
            if not _is_package_error(exc):
                self.fail("wrong-error", f"{what} -> {exc!r}")
            return None

    def moved(
        self,
        rng: random.Random,
        game: Any,
        choices: Sequence[Any],
        apply: Callable[[Any], Any],
        hidden: Callable[[Trials, Any], None],
    ) -> bool:
        """Now and then (when ``choices`` is not empty) apply a random one of them, and
        more rarely check with ``hidden`` that no seat sees a hidden card: True; else count
        a trial: False."""
        if rng.random() < 0.4 and choices:
            apply(rng.choice(choices))
            self.counts["moves"] += 1
            if rng.random() < 0.1:
                hidden(self, game)
            return True
        self.counts["trials"] += 1
        return False

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
