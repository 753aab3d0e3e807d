"""The machine contract: every backend's binding provides the protocols of its game,
and the constants the facades read equal the C headers'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ecarte.engine import backend
from ecarte.engine.protocol import Machine, members, problems
from ecarte.games.ecarte import _pure_machine as ecarte_twin
from ecarte.games.ecarte import protocol as ecarte_protocol
from ecarte.games.ecarte.game import Game, _game_class
from ecarte.games.euchre import _pure_machine as euchre_twin
from ecarte.games.euchre import protocol as euchre_protocol

_SRC = Path(ecarte_twin.__file__).parents[2]
_ECARTE = backend.available("ecarte.machine")
_EUCHRE = backend.available("euchre.machine")


def _defines(header: Path, prefix: str) -> dict[str, int]:
    """The integer ``#define``s of a C header whose names start with ``prefix``, by name
    less the prefix."""
    out = {}
    for name, value in re.findall(r"#define (\w+) \(?(-?\w+)\)?", header.read_text()):
        if name.startswith(prefix):
            try:
                out[name[len(prefix) :]] = int(value, 0)
            except ValueError:
                continue
    return out


_ECARTE_H = _defines(_SRC / "games/ecarte/c/ecarte_machine.h", "EC_")
_EUCHRE_H = _defines(_SRC / "games/euchre/c/ecarte_euchre.h", "EC_EU_")


def test_members_have_a_kind() -> None:
    kinds = members(ecarte_protocol.MatchMachine)
    assert kinds["to_act"] == kinds["_m_phase"] == "property"
    assert kinds["apply"] == kinds["_m_view"] == "method"
    assert kinds["_busy"] == "attribute"
    assert set(members(Machine)) <= set(kinds) & set(members(euchre_protocol.EuchreMachine))


def test_problems_name_missing_members_and_wrong_kinds() -> None:
    class Half:
        to_act = 1

    assert problems(Half, Machine) == [
        "to_act: a plain value where a property is due",
        "is_over: missing",
    ]


@pytest.mark.parametrize("name", _ECARTE)
def test_ecarte_bindings_provide_the_protocols(name: str) -> None:
    binding = backend.module("ecarte.machine", name)
    assert problems(binding, ecarte_protocol.MachineModule) == []
    assert problems(binding.Machine, ecarte_protocol.MatchMachine) == []
    assert problems(binding.MatchView, ecarte_protocol.MatchView) == []
    game = _game_class(name)
    assert problems(game, ecarte_protocol.MachineHost) == []
    assert game._binding is binding


@pytest.mark.parametrize("name", _EUCHRE)
def test_euchre_bindings_provide_the_protocols(name: str) -> None:
    binding = backend.module("euchre.machine", name)
    assert problems(binding, euchre_protocol.MachineModule) == []
    assert problems(binding.EuchreMachine, euchre_protocol.EuchreMachine) == []


def test_view_fields_are_the_protocols_properties() -> None:
    kinds = members(ecarte_protocol.MatchView)
    assert tuple(kinds) == ecarte_protocol.VIEW_FIELDS
    assert set(kinds.values()) == {"property"}
    assert len(set(ecarte_protocol.VIEW_FIELDS)) == len(ecarte_protocol.VIEW_FIELDS) == 40


def _constants(protocol: type) -> list[str]:
    return [n for n, k in members(protocol).items() if k == "attribute" and n.isupper()]


@pytest.mark.parametrize("name", _ECARTE)
def test_ecarte_constants_are_the_headers(name: str) -> None:
    binding = backend.module("ecarte.machine", name)
    tables = ("ANSWER_SIZES", "HOOK_NAMES")
    names = [n for n in _constants(ecarte_protocol.MachineModule) if n not in tables]
    assert names  # phases, statuses, hook points
    for constant in names:
        assert getattr(binding, constant) == getattr(ecarte_twin, constant), constant
        assert getattr(binding, constant) == _ECARTE_H[constant], constant


def test_ecarte_machine_error_codes_are_distinct_from_the_cores() -> None:
    # EC_ENOUNDOHERE (nothing to undo in the match) is not the play state's EC_ENOUNDO
    core = _defines(_SRC / "_core/ecarte_core.h", "EC_")
    assert _ECARTE_H["ENOUNDOHERE"] == -26 != core["ENOUNDO"]


@pytest.mark.parametrize("name", _ECARTE)
def test_hook_names_are_the_c_files(name: str) -> None:
    source = (_SRC / "games/ecarte/c/ec_machine.c").read_text()
    found = re.search(r"HOOK_NAME\[EC_NUM_HOOKS\] = \{([^}]*)\}", source)
    assert found is not None
    names = tuple(re.findall(r'"(\w+)"', found.group(1)))
    binding = backend.module("ecarte.machine", name)
    assert binding.HOOK_NAMES == ecarte_twin.HOOK_NAMES == names
    for h, hook in enumerate(names):  # the twin's hook point numbers are the header's
        constant = "H_" + {"exchange_allowed": "exchange"}.get(hook, hook).upper()
        assert getattr(ecarte_twin, constant) == _ECARTE_H[constant] == h


@pytest.mark.parametrize("name", _ECARTE)
def test_hook_answer_sizes_are_the_c_files(name: str) -> None:
    source = (_SRC / "games/ecarte/c/ec_machine.c").read_text()
    found = re.search(r"ANSWER_SIZE\[EC_NUM_HOOKS\] = \{([^}]*)\}", source)
    assert found is not None
    sizes = tuple(int(x) for x in found.group(1).split(","))
    binding = backend.module("ecarte.machine", name)
    assert binding.ANSWER_SIZES == ecarte_twin.ANSWER_SIZES == sizes
    assert len(sizes) == binding.NUM_HOOKS
    assert [binding.hook_answer_size(h) for h in range(-1, binding.NUM_HOOKS + 1)] == [
        -1,
        *sizes,
        -1,
    ]


@pytest.mark.parametrize("name", _EUCHRE)
def test_euchre_constants_are_the_headers(name: str) -> None:
    binding = backend.module("euchre.machine", name)
    for constant in _constants(euchre_protocol.MachineModule):
        header = "DEALER DEAL BID BID2 TAKE DISCARD ALONE PLAY OVER NAME CHANCE TERMINAL"
        c_name = constant.removeprefix("PH_")
        assert c_name in header.split()
        assert getattr(binding, constant) == getattr(euchre_twin, constant), constant
        assert getattr(binding, constant) == _EUCHRE_H[c_name], constant


def test_public_markers_are_the_bindings() -> None:
    from ecarte import CHANCE, TERMINAL

    for name in _ECARTE:
        binding = backend.module("ecarte.machine", name)
        assert (CHANCE, TERMINAL) == (binding.CHANCE, binding.TERMINAL)
    assert Game.__module__ == "ecarte.games.ecarte.game"
