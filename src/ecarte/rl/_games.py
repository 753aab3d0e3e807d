"""The two games as the adapters see them: a :class:`Spec` names a game and its rules and
makes its states (the compiled ``_rl`` modules' ``MatchState`` and ``EuchreState``)."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from attrs import field, frozen, validators

import ecarte.games.ecarte._rl as _ecarte
import ecarte.games.euchre._rl as _euchre
from ecarte._core._args import _index
from ecarte._errors import ArgumentError
from ecarte.games.ecarte._hooks import machine_rules
from ecarte.games.ecarte.rules import Rules
from ecarte.games.euchre.game import _engine_options
from ecarte.games.euchre.rules import EuchreRules

__all__ = [
    "INFO_STATE",
    "OBSERVATION",
    "Batch",
    "EcarteSpec",
    "EuchreSpec",
    "Spec",
    "State",
    "check_seed",
    "check_spec",
    "missing_extra",
]


def missing_extra(module: str, exc: ImportError, extra: str) -> ImportError:
    """The error of an adapter imported without one of its libraries: which, and the
    extra that installs it."""
    library = (exc.name or "a library").partition(".")[0]
    return ImportError(f"{module} needs {library}: pip install 'ecarte[{extra}]' ({exc})")


OBSERVATION = 0
"""The observation tensor: what the seat sees now."""
INFO_STATE = 1
"""The information-state tensor: the observation and the order of what it saw."""


class State(Protocol):
    """What the adapters use of a game state (both compiled states have it)."""

    auto_chance: bool

    def reset(self, seed: int) -> None: ...
    def apply(self, action_id: int) -> None: ...
    def copy(self) -> Any: ...
    @property
    def to_act(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def returns(self) -> tuple[float, ...]: ...
    @property
    def legal_mask(self) -> int: ...
    def legal_ids(self) -> list[int]: ...
    def write(self, seat: int, which: int, out: Any) -> None: ...
    def write_mask(self, out: Any) -> None: ...


class Batch(Protocol):
    """What :mod:`ecarte.rl.vector` uses of a compiled batch (``MatchBatch``,
    ``EuchreBatch``)."""

    def episode(self, i: int) -> int: ...
    def state(self, i: int) -> Any: ...
    def reset(self, *outputs: Any) -> None: ...
    def step(self, actions: Any, *outputs: Any) -> None: ...


def check_seed(seed: object) -> int:
    """``seed`` as an int 0..2**64-1; ArgumentError otherwise."""
    s = _index(seed)
    if s is None or not 0 <= s < 1 << 64:
        raise ArgumentError(f"seed must be an int 0..2**64-1, not {seed!r}")
    return s


class Spec(Protocol):
    """A game and its rules, as the adapters need them."""

    @property
    def name(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def num_ids(self) -> int: ...
    @property
    def version(self) -> int: ...
    def tensor_size(self, which: int) -> int: ...
    def layout(self, which: int) -> list[tuple[str, int, int, int, str]]: ...
    def new_state(self, seed: int, *, auto_chance: bool = True) -> Any: ...
    def batch(self, n: int, seed: int, which: int) -> Batch: ...


@frozen
class EcarteSpec:
    """An Écarté match under ``rules`` (any :class:`ecarte.Rules`; two seats, no variant's
    Python hooks)."""

    rules: Rules = field(factory=Rules, validator=validators.instance_of(Rules))
    name = "ecarte"
    num_players = 2
    num_ids: ClassVar[int] = _ecarte.NUM_IDS
    version: ClassVar[int] = _ecarte.TENSOR_VERSION

    @property
    def _rules(self) -> Any:
        return _ecarte.Rules(machine_rules(self.rules, 2))

    def tensor_size(self, which: int) -> int:
        return int(_ecarte.tensor_size(which))

    def layout(self, which: int) -> list[tuple[str, int, int, int, str]]:
        return list(_ecarte.tensor_layout(which))

    def new_state(self, seed: int, *, auto_chance: bool = True) -> State:
        state: State = _ecarte.MatchState(self._rules, check_seed(seed), auto_chance)
        return state

    def batch(self, n: int, seed: int, which: int) -> Batch:
        batch: Batch = _ecarte.MatchBatch(n, self._rules, seed, which)
        return batch


@frozen
class EuchreSpec:
    """A game of Euchre under ``rules`` (any :class:`EuchreRules`; the standard game to
    10 by default). Action ids are the machine's: ``deck + 9`` of them."""

    rules: EuchreRules = field(
        factory=EuchreRules.standard, validator=validators.instance_of(EuchreRules)
    )
    name = "euchre"
    num_players = 4
    version: ClassVar[int] = _euchre.TENSOR_VERSION

    @property
    def num_ids(self) -> int:
        return self.rules.deck + 9

    def tensor_size(self, which: int) -> int:
        return int(_euchre.tensor_size(self.rules.deck, which))

    def layout(self, which: int) -> list[tuple[str, int, int, int, str]]:
        return list(_euchre.tensor_layout(self.rules.deck, which))

    def new_state(self, seed: int, *, auto_chance: bool = True) -> State:
        options = _engine_options(self.rules)
        state: State = _euchre.EuchreState(*options, check_seed(seed), auto_chance)
        return state

    def batch(self, n: int, seed: int, which: int) -> Batch:
        batch: Batch = _euchre.EuchreBatch(n, *_engine_options(self.rules), seed, which)
        return batch


def check_spec(spec: object) -> Spec:
    """``spec``, one of the games' specs; TypeError for anything else (rules, a name)."""
    if not isinstance(spec, EcarteSpec | EuchreSpec):
        raise TypeError(f"spec must be EcarteSpec(rules) or EuchreSpec(rules), not {spec!r}")
    return spec
