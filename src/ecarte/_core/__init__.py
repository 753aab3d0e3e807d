"""The hot path: trick rules on card masks, with a compiled and a pure backend.

Three implementations of one API (functions of plain ints and masks):

- ``cython``: the C core through Cython, the default on CPython;
- ``cffi``: the same C core through cffi (PyPy, and a check of the C ABI);
- ``pure``: the pure-Python twin, the fallback and the oracle.

``ECARTE_PURE_PYTHON=1`` forces the pure twin; otherwise the first importable
compiled backend is used. :data:`BACKEND` says which one is live and
:func:`backends` returns every importable one (for tests and benchmarks).
Type checkers read the pure twin.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from . import _pure

__all__ = [
    "BACKEND",
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
    "EuchreOptions",
    "EuchreResult",
    "EuchreTotals",
    "HandOptions",
    "HandResult",
    "HandTotals",
    "PlayState",
    "PlayStateN",
    "Rng",
    "SolveResults",
    "backend",
    "backends",
    "euchre_context",
    "legal_plays",
    "make_context",
    "perft",
    "random_euchre_hand_results",
    "random_euchre_hands",
    "random_hand_results",
    "random_hands",
    "random_solves",
    "ranked_context",
    "solve",
    "solve_batch",
    "solve_n",
    "trick_winner",
    "use_backend",
]

MUST_OVERTAKE = _pure.MUST_OVERTAKE
MUST_TRUMP = _pure.MUST_TRUMP
MUST_OVERTRUMP = _pure.MUST_OVERTRUMP
NO_TRUMP = _pure.NO_TRUMP
PLAY_ON = _pure.PLAY_ON
PLAY_TRICK = _pure.PLAY_TRICK
PLAY_OVER = _pure.PLAY_OVER
HandOptions = _pure.HandOptions
HandResult = _pure.HandResult
HandTotals = _pure.HandTotals
SolveResults = _pure.SolveResults
EuchreOptions = _pure.EuchreOptions
EuchreResult = _pure.EuchreResult
EuchreTotals = _pure.EuchreTotals

_MODULES = {"cython": "._cycore", "cffi": "._cffi", "pure": "._pure"}


def backend(name: str) -> ModuleType:
    """The module of one backend (``"cython"``, ``"cffi"`` or ``"pure"``); ImportError if
    it is not built."""
    if name not in _MODULES:
        raise ValueError(f"unknown backend {name!r}; expected one of {sorted(_MODULES)}")
    return importlib.import_module(_MODULES[name], __name__)


def backends() -> dict[str, ModuleType]:
    """Every importable backend by name, compiled ones first."""
    out = {}
    for name in _MODULES:
        try:
            out[name] = backend(name)
        except ImportError:
            continue
    return out


def _select() -> tuple[str, ModuleType]:
    if os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0"):
        return "pure", _pure
    for name in ("cython", "cffi"):
        try:
            return name, backend(name)
        except ImportError:
            continue
    return "pure", _pure


if TYPE_CHECKING:
    BACKEND: str = "pure"
    from ._pure import (
        PlayState,
        PlayStateN,
        Rng,
        legal_plays,
        make_context,
        perft,
        random_euchre_hand_results,
        random_euchre_hands,
        random_hand_results,
        random_hands,
        random_solves,
        solve,
        solve_batch,
        solve_n,
        trick_winner,
    )
else:
    BACKEND, _live = _select()
    make_context = _live.make_context
    legal_plays = _live.legal_plays
    trick_winner = _live.trick_winner
    Rng = _live.Rng
    PlayState = _live.PlayState
    perft = _live.perft
    solve = _live.solve
    solve_batch = _live.solve_batch
    random_hands = _live.random_hands
    random_hand_results = _live.random_hand_results
    random_solves = _live.random_solves
    PlayStateN = _live.PlayStateN
    solve_n = _live.solve_n
    random_euchre_hands = _live.random_euchre_hands
    random_euchre_hand_results = _live.random_euchre_hand_results


_SWITCHED = (
    "make_context",
    "legal_plays",
    "trick_winner",
    "Rng",
    "PlayState",
    "perft",
    "solve",
    "solve_batch",
    "random_hands",
    "random_hand_results",
    "random_solves",
    "PlayStateN",
    "solve_n",
    "random_euchre_hands",
    "random_euchre_hand_results",
)


def use_backend(name: str) -> None:
    """Make backend ``name`` the live one for this process (tests, benchmarks).

    Games created or hands dealt afterwards use it; ``ecarte.BACKEND`` follows.
    """
    module = backend(name)
    names = globals()
    for attr in _SWITCHED:
        names[attr] = getattr(module, attr)
    names["BACKEND"] = name
    package = sys.modules.get(__name__.rpartition("._core")[0])
    if package is not None and hasattr(package, "BACKEND"):
        setattr(package, "BACKEND", name)  # noqa: B010 - the package re-exports it


def ranked_context(trump: int, order: Sequence[int], deck: int, backend: object = None) -> object:
    """Tables for a game where every suit ranks as ``order`` (rank ids, high to low).

    ``deck`` is the mask of the cards in play. ``backend`` is a module with
    ``make_context`` (default: the live backend). ``order`` is a list or tuple of distinct
    ranks 0..15 and ``deck`` an int 0..2**64-1, else ValueError (as every core function).
    """
    ranks = _pure._tuple(order, "order")  # a plain copy: plain ints only are read below
    order = tuple(_pure._check_int(r, 0, 15, "order: rank {} is not an int 0..15") for r in ranks)
    if len(set(order)) != len(order):
        raise ValueError(f"order: ranks {list(order)!r} are not distinct")
    deck = _pure._check_int(deck, 0, (1 << 64) - 1, "deck {} is not a 64-bit mask")
    suit_of = [-1] * 64
    power = [0] * 64
    n = len(order)
    for suit in range(4):
        for i, rank in enumerate(order):
            card = suit * 16 + rank
            if deck >> card & 1:
                suit_of[card] = suit
                power[card] = n - i
    maker = make_context if backend is None else backend.make_context  # type: ignore[attr-defined]
    return maker(suit_of, power, trump)


def euchre_context(trump: int, backend: object = None, deck: int = 24) -> object:
    """Tables for Euchre with ``trump`` (a suit 0..3: clubs, diamonds, hearts, spades):
    the right bower (jack of trumps) highest, the left bower (the jack of suit
    ``3 - trump``, the same colour) in the trump suit below it, then A K Q 10 9; plain
    suits A K Q J 10 9. ``deck``: the 24 cards 9..A (rank ids 7..12, as the C core's
    ``ec_euchre_context``), 32 (7..A) or 25 (the 24 and the joker, card id 15, the highest
    trump). ``backend`` is a module with ``make_context`` (default: live).
    """
    suit_of, power = _pure.euchre_tables(trump, deck)
    maker = make_context if backend is None else backend.make_context  # type: ignore[attr-defined]
    return maker(suit_of, power, trump)


# ------------------------------------------------------------ the match machine
# ecarte.Game runs on a machine class: the Cython binding of ec_machine.c, or its
# pure-Python twin (also under cffi: the cffi module exposes the machine's C ABI to
# C hosts, and Game uses the pure twin there).
_MACHINES = {"cython": "._machine", "cffi": "._pymachine", "pure": "._pymachine"}


def machine_module(name: str) -> ModuleType:
    """The module of the match machine that ``Game`` uses on backend ``name``."""
    if name not in _MACHINES:
        raise ValueError(f"unknown backend {name!r}; expected one of {sorted(_MACHINES)}")
    return importlib.import_module(_MACHINES[name], __name__)


def machine_backends() -> list[str]:
    """The backends whose match machine is importable."""
    out = []
    for name in _MACHINES:
        try:
            machine_module(name)
            backend(name)
        except ImportError:
            continue
        out.append(name)
    return out


# ------------------------------------------------------------ the Euchre machine
_EUCHRE_MACHINES = {"cython": "._euchre", "cffi": "._pure_euchre", "pure": "._pure_euchre"}


def euchre_machine_module(name: str) -> ModuleType:
    """The module of the Euchre machine (``EuchreMachine``) on backend ``name``: the
    Cython binding of ``ec_euchre_game.c``, or its pure twin (also under cffi)."""
    if name not in _EUCHRE_MACHINES:
        raise ValueError(f"unknown backend {name!r}; expected one of {sorted(_EUCHRE_MACHINES)}")
    return importlib.import_module(_EUCHRE_MACHINES[name], __name__)


def euchre_machine_backends() -> list[str]:
    """The backends whose Euchre machine is importable."""
    out = []
    for name in _EUCHRE_MACHINES:
        try:
            euchre_machine_module(name)
            backend(name)
        except ImportError:
            continue
        out.append(name)
    return out
