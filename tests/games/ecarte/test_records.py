"""The records read from a match's log (:class:`Records`: history, log lines, results,
notifications, the event feed) are the same whether the log is read in one go or as the
match goes, action by action, in random matches of classic rules, chance by hand, every
preset, every installed variant, a variant dealing the hands itself and a table of four;
and every value read equals, field by field and type by type, the value its constructor
makes from the same fields."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest
from helpers import Table, random_action

from ecarte import (
    PRESETS,
    Card,
    CardSet,
    DealtHands,
    Game,
    Rules,
    available_variants,
    hookimpl,
)
from ecarte.games.ecarte._records import Records
from ecarte.games.ecarte.feed import Feed

MATCHES = 12  # per case and backend


class DealsItself:
    """Deals five cards to the elder, five to the dealer, then the turn-up, from the top:
    the machine logs the hands this plugin deals."""

    @hookimpl
    def ecarte_deal(self, deck: Sequence[Card], dealer: int, elder: int) -> DealtHands:
        return DealtHands(
            hands={elder: CardSet.of(deck[:5]), dealer: CardSet.of(deck[5:10])},
            turnup=deck[10],
            stock=tuple(deck[11:]),
        )


CASES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}),
    ("classic, chance by hand", {"auto_chance": False}),
    *((f"preset {name}", {"rules": name}) for name in sorted(PRESETS)),
    *((f"variant {name}", {"variant": name}) for name in sorted(available_variants())),
    ("a variant dealing", {"plugins": [DealsItself()]}),
    ("a table of 4", {"plugins": [Table(4)], "rules": Rules(target=2, games_to_win=3)}),
]


def _records(game: Game, feed: bool) -> Records:
    """A reader of ``game``'s log, as the game makes one."""
    ranks = game.rules.rank_order.ranks
    return Records(game._config.players, game._binding.ANSWER_SIZES, Feed(ranks) if feed else None)


_FIELDS: dict[type, tuple[str, ...]] = {Card: ()}  # a card is its id: nothing to look into


def _fields(cls: type) -> tuple[str, ...]:
    """The fields of an attrs class, none for any other class."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(a.name for a in attrs.fields(cls)) if attrs.has(cls) else ()
    return names


def _typed(value: Any) -> Any:
    """``value`` with the type of every value in it, in order (two records equal but of
    other types, or with their mappings in another order, differ)."""
    cls = type(value)
    names = _fields(cls)
    if names:
        return cls, tuple((name, _typed(getattr(value, name))) for name in names)
    if cls is list or cls is tuple:
        return cls, tuple(map(_typed, value))
    if isinstance(value, Mapping):
        return cls, tuple((_typed(k), _typed(v)) for k, v in value.items())
    return cls, value


def _state(records: Records) -> Any:
    """Every attribute of ``records`` but its feed (its log lines and history texts
    formatted)."""
    records.text()
    records.history_text()
    return _typed({name: getattr(records, name) for name in Records.__slots__ if name != "feed"})


def _told(records: Records, players: int) -> str:
    """What the feed of ``records`` tells a spectator and each seat (its events are made
    of the records compared by :func:`_state`)."""
    assert records.feed is not None
    return repr([records.feed.seen_by(seat) for seat in (None, *range(players))])


def _built(value: Any) -> None:
    """``value`` (and every record in it) equals what its constructor makes of its fields:
    same fields, same types, same hash."""
    if attrs.has(type(value)):
        again = attrs.evolve(value)
        assert again == value and _typed(again) == _typed(value), value
        assert hash(again) == hash(value), value
        for a in attrs.fields(type(value)):
            _built(getattr(value, a.name))
    elif isinstance(value, (list, tuple)):
        for v in value:
            _built(v)
    elif isinstance(value, Mapping):
        for v in value.values():
            _built(v)


@pytest.mark.parametrize(("name", "kwargs"), CASES, ids=[name for name, _ in CASES])
def test_the_records_read_action_by_action_are_those_read_in_one_go(
    name: str, kwargs: dict[str, Any]
) -> None:
    rng = random.Random(name)
    for _ in range(MATCHES):
        game = Game(seed=rng.getrandbits(64), **kwargs)
        players = game._config.players
        step = _records(game, feed=True)
        while not game.is_over:
            if game.to_act >= 0:
                game.apply(random_action(game, rng))
            else:
                game.apply_chance()
            step.read(game._m_log(step.offset), step.offset)
            assert game.hand_results == tuple(step.game_hands)  # the game reads as it goes
        whole, plain = _records(game, feed=True), _records(game, feed=False)
        whole.read(game._m_log(0), 0)
        plain.read(game._m_log(0), 0)
        assert whole.offset == step.offset == game._m_nlog
        assert _state(step) == _state(whole) == _state(plain)
        assert _told(step, players) == _told(whole, players)
        assert list(game.log) == whole.text()
        assert game.game_results == tuple(whole.games)
        _built([whole.history, whole.games, whole.game_hands, whole.events])
