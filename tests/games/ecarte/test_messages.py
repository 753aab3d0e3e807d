"""Messages shown to users are in the game's words: illegal actions swept on random
states of every backend (Écarté) and of Euchre name no class, no status, no phase."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from helpers import random_action

import ecarte
import ecarte._core as core
from ecarte import PIQUET_DECK, Card, CardSet, EcarteError, Game, Phase
from ecarte.engine import backend as _backend
from ecarte.games.euchre import PRESETS as EUCHRE_PRESETS
from ecarte.games.euchre import EuchreGame

pytestmark = pytest.mark.own_backends  # each backend of the match machine, below

_INTERNAL = re.compile(
    r"\b(Propose|PlayHand|Accept|Refuse|Discard|AnnounceKing|ChoosePackets|Play|Cut|Deal|"
    r"Event|Action|Phase|Observation|EuchreAction|Kind|None|bid2)\b|status|phase |\(phase|PH_"
)
"""What a message in the game's words never holds: class and enum names, machine
statuses, phase names."""


def _attempts(game: Game, rng: random.Random) -> list[tuple[Any, Any]]:
    """Actions (with the seat they are applied for) that are illegal now, or may be."""
    legal = game.legal_actions()
    decisions: list[Any] = [
        ecarte.Propose(),
        ecarte.PlayHand(),
        ecarte.Accept(),
        ecarte.Refuse(),
        ecarte.AnnounceKing(),
    ]
    decisions += [ecarte.ChoosePackets(3), ecarte.ChoosePackets(2)]
    decisions += [ecarte.Play(c) for c in rng.sample(tuple(PIQUET_DECK), 6)]
    cards = tuple(PIQUET_DECK)
    decisions += [ecarte.Discard(CardSet.of(rng.sample(cards, k))) for k in (0, 1, 3, 5)]
    for seat in range(game.players):
        hand = tuple(game.hand(seat))
        if hand:
            decisions += [ecarte.Discard(CardSet.of(hand)), ecarte.Discard(CardSet.of(hand[:1]))]
    decisions += [
        ecarte.Cut((cards[0], cards[1])),
        ecarte.Cut((cards[0], cards[0])),
        ecarte.Deal(cards),
    ]
    decisions += [str(rng.choice(cards)), "discard", "packets 3-2"]
    out = [(a, None) for a in decisions if a not in legal]
    if legal:
        others = [s for s in range(game.players) if s != game.to_act]
        out += [(legal[0], s) for s in others]
    return out


@pytest.mark.parametrize("backend", _backend.available("ecarte.machine"))
def test_illegal_actions_are_refused_in_the_game_words(backend: str) -> None:
    previous = core.BACKEND
    core.use_backend(backend)
    try:
        messages = _sweep(random.Random(backend))
    finally:
        core.use_backend(previous)
    assert len(messages) > 200
    bad = sorted(m for m in messages if _INTERNAL.search(m))
    assert not bad, bad[:10]
    assert any("chooses the packets now (3-2 or 2-3)" in m for m in messages)
    assert any("the cards are dealt next" in m for m in messages)


def _sweep(rng: random.Random) -> set[str]:
    messages: set[str] = set()
    for i in range(6):
        game = Game(seed=rng.getrandbits(64), auto_chance=i % 2 == 0)
        while True:
            history = game.history
            for action, seat in _attempts(game, rng):
                try:
                    game.apply(action, seat=seat)
                except EcarteError as exc:
                    messages.add(str(exc))
                    assert game.history == history
                else:
                    game.undo()
            cut = ecarte.Cut((Card.parse("7♣"), Card.parse("8♣")))
            for call, arg in ((game.apply_chance, ()), (game.action_from_id, (200,))):
                try:
                    call(*arg)
                except EcarteError as exc:
                    messages.add(str(exc))
                else:
                    game.undo()
            with pytest.raises(EcarteError) as refused:
                game.action_id(cut)
            messages.add(str(refused.value))
            if game.is_over:
                break
            if game.to_act == -1:
                game.apply_chance()
            else:
                game.apply(random_action(game, rng))
    assert Phase.OVER is game.phase
    return messages


def test_euchre_illegal_actions_are_refused_in_the_game_words() -> None:
    rng = random.Random(5)
    messages: set[str] = set()
    for name in sorted(EUCHRE_PRESETS):
        game = EuchreGame(EUCHRE_PRESETS[name](), seed=rng.getrandbits(64))
        other = EuchreGame(EUCHRE_PRESETS[name](), seed=rng.getrandbits(64))
        while True:
            legal = set(game.legal_action_ids())
            history = game.history
            attempts: list[Any] = [i for i in range(game.num_action_ids) if i not in legal]
            attempts += [a for a in other.legal_actions() if a.id not in legal]
            attempts += ["order up", "call ♠", "nonsense"]
            for action in attempts:
                for seat in (None, (game.to_act + 1) % 4):
                    try:
                        game.apply(action, seat=seat)
                    except (EcarteError, ValueError) as exc:
                        messages.add(str(exc))
                        assert game.history == history
                    else:
                        game.undo()
            if game.is_over:
                break
            game.apply_id(rng.choice(sorted(legal)))
            if not other.is_over:
                other.apply_id(rng.choice(other.legal_action_ids()))
    assert len(messages) > 50
    bad = sorted(m for m in messages if _INTERNAL.search(m))
    assert not bad, bad[:10]
