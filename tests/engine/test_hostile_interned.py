"""Shared values cannot be changed through their slots: the interned cards and actions
every game hands out, the card sets they hold, Euchre's actions and action ids, the rules
presets."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from ecarte import PIQUET_DECK, Card, CardSet, Game, PluginError, Rules, hookimpl
from ecarte._seal import SEALED
from ecarte.games.ecarte.actions import ACTIONS, ChoosePackets, Discard, Play
from ecarte.games.ecarte.observation import discard_of
from ecarte.games.ecarte.rules import PRESETS
from ecarte.games.euchre import EuchreGame, EuchreRules

pytestmark = pytest.mark.skipif(
    not SEALED, reason="read-only slots are made with CPython's C API (PyDescr_NewMember)"
)


def _euchre() -> EuchreGame:
    return EuchreGame(EuchreRules.standard(), seed=3)


def _shared() -> list[Any]:
    """One of each kind of value the engine shares between games."""
    euchre = _euchre()
    return [
        Card.parse("K♠"),
        PIQUET_DECK,
        ACTIONS[0],  # Play
        ACTIONS[37],  # ChoosePackets
        discard_of(PIQUET_DECK.mask & 0b1110_0000),  # a cached Discard
        discard_of(PIQUET_DECK.mask & 0b1110_0000).cards,
        euchre.legal_actions()[0],
        euchre.ids,
        *(Rules.preset(name) for name in sorted(PRESETS)),
    ]


SHARED = len(_shared())


@pytest.mark.parametrize("index", range(SHARED))
def test_a_shared_value_refuses_writes_to_its_slots(index: int) -> None:
    value = _shared()[index]
    before = attrs.asdict(value, recurse=False)
    for field in attrs.fields(type(value)):
        with pytest.raises(AttributeError):
            object.__setattr__(value, field.name, None)
        with pytest.raises(AttributeError):
            type(value).__dict__[field.name].__set__(value, None)
        with pytest.raises(AttributeError):
            object.__delattr__(value, field.name)
    assert attrs.asdict(value, recurse=False) == before


@pytest.mark.parametrize("index", range(SHARED))
def test_a_sealed_value_still_copies_pickles_and_evolves(index: int) -> None:
    value = _shared()[index]
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert twin == value and type(twin) is type(value)
    assert attrs.evolve(value) == value


class Mask(int):
    """An int subclass: a card set keeps its plain value."""


def test_constructors_still_check_and_convert() -> None:
    assert Play("K♠") == Play(Card.parse("Ks"))
    assert Discard("Ks 7h").cards == CardSet.parse("Ks 7h")
    assert CardSet(Mask(1 << 5)).mask.__class__ is int
    for bad in (lambda: Card(99), lambda: CardSet(-1), lambda: ChoosePackets(4)):
        with pytest.raises(ValueError):
            bad()


class Rewriter:
    """A plugin that tries to turn every game's 7♣ into the K♠ while it is asked."""

    NAME = "rewriter"

    @hookimpl
    def ecarte_describe(self, game: Any, seat: Any) -> Any:
        object.__setattr__(ACTIONS[0], "card", Card.parse("K♠"))
        return []


def test_a_plugin_writing_an_interned_action_fails_and_changes_no_game() -> None:
    other = Game(seed=5)
    game = Game(seed=5, plugins=[Rewriter()])
    with pytest.raises(PluginError, match="rewriter") as e:
        game.describe()
    assert isinstance(e.value.__cause__, AttributeError)
    assert str(ACTIONS[0]) == "7♣" and ACTIONS[0].card is Card.parse("7♣")
    assert [str(a) for a in other.legal_actions()] == [str(a) for a in game.legal_actions()]
