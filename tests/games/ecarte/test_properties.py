"""Properties of random legal play, for every preset.

Each example plays one whole match with random legal actions driven by a
drawn seed, checking a property at every step (or at randomly chosen steps
for the expensive ones).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers import (
    HAND_PHASES,
    NON_CARD_ACTIONS,
    in_play,
    public_view,
    random_action,
    snapshot,
    walk,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte import (
    NUM_ACTION_IDS,
    PIQUET_DECK,
    PRESETS,
    TERMINAL,
    Action,
    Card,
    CardSet,
    Cut,
    Deal,
    Discard,
    Game,
    IllegalActionError,
    Phase,
    Play,
)
from ecarte._fuzz._games import _CARD_TEXT, ecarte_hidden_cards

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
presets = pytest.mark.parametrize("preset", sorted(PRESETS))


def each_preset(speed: settings, **draws: st.SearchStrategy[Any]) -> Callable[[Any], Any]:
    """A property checked once per preset, on ``speed``'s examples of a drawn ``seed`` (and
    of ``draws``)."""

    def decorate(test: Callable[..., None]) -> Any:
        return presets(speed(given(seed=SEEDS, **draws)(test)))

    return decorate


def new(preset: str, seed: int) -> Game:
    return Game(preset, seed=seed)


@each_preset(FAST)
def test_the_32_cards_are_always_accounted_for(preset: str, seed: int) -> None:
    checked = 0
    for game in walk(new(preset, seed), seed):
        if game.phase in HAND_PHASES:
            assert in_play(game) == PIQUET_DECK
            s = game._state
            for p in game.game_players:
                assert len(game.hand(p)) == 5 - len(s.tricks) - any(q == p for q, _ in s.trick)
            assert len(CardSet(s.discards)) + game.stock_size <= 21
            checked += 1
    assert checked > 0


@each_preset(FAST)
def test_each_complete_hand_has_exactly_five_tricks(preset: str, seed: int) -> None:
    game = new(preset, seed)
    for _ in walk(game, seed):
        pass
    hands = [h for g in game.game_results for h in g.hands]
    assert hands
    for result in hands:
        assert set(result.tricks) == {result.dealer, result.elder}
        if result.complete:
            assert sum(result.tricks.values()) == 5
        else:
            assert sum(result.tricks.values()) < 5
    for g in game.game_results:
        assert all(h.complete for h in g.hands[:-1])  # only a game's last hand may stop
        assert sum(sum(h.points.values()) for h in g.hands) == sum(g.scores.values())


@each_preset(FAST)
def test_scores_never_decrease_within_a_game(preset: str, seed: int) -> None:
    last: tuple[int, tuple[int, ...]] | None = None
    for game in walk(new(preset, seed), seed):
        if last is not None and last[0] == game.game_number:
            assert all(a <= b for a, b in zip(last[1], game.scores, strict=True))
        last = (game.game_number, game.scores)


@each_preset(FAST)
def test_a_game_ends_exactly_when_a_target_is_reached(preset: str, seed: int) -> None:
    target = PRESETS[preset].target
    games_seen = 0
    game = new(preset, seed)
    for _ in walk(game, seed):
        if not game.is_over:
            assert max(game.scores) < target  # nobody at the target: still playing
        assert len(game.game_results) == game.game_number - 1 + game.is_over
        if len(game.game_results) > games_seen:
            games_seen = len(game.game_results)
            result = game.game_results[-1]
            assert result.scores[result.winner] >= target > result.scores[result.loser]
            # before its last hand the winner was below the target
            last_hand = result.hands[-1].points[result.winner]
            assert result.scores[result.winner] - last_hand < target
    wins = [g.winner for g in game.game_results]
    assert max(wins.count(0), wins.count(1)) == PRESETS[preset].games_to_win
    assert game.winner == max((0, 1), key=wins.count)


@each_preset(FAST, cut=st.floats(0, 1))
def test_replaying_history_gives_an_identical_state(preset: str, seed: int, cut: float) -> None:
    game = new(preset, seed)
    for _ in walk(game, seed):
        pass
    assert public_view(Game.replay(game.history, preset)) == public_view(game)
    # and from the middle of the match
    partial = Game(preset, auto_chance=False)
    n = int(cut * len(game.history))
    for record in game.history[:n]:
        partial.apply(record)
    prefix = Game.replay(game.history[:n], PRESETS[preset])
    assert public_view(prefix) == public_view(partial)
    assert prefix.history == game.history[:n]


def _illegal_candidates(game: Game, rng: random.Random) -> list[tuple[Any, int | None]]:
    """Actions (with an optional seat) that must all be rejected now."""
    legal = set(game.legal_actions())
    deck = list(PIQUET_DECK)
    hand = list(game.hand(game.to_act)) if game.to_act >= 0 else []
    out: list[tuple[Any, int | None]] = []
    actions: list[Action] = [
        *NON_CARD_ACTIONS,
        Discard(),
        Discard(CardSet.of(hand)),
        *(Play(c) for c in rng.sample(deck, 4)),
        *(Play(c) for c in hand),  # held cards breaking follow / overtake / trump
        Discard(CardSet.of(rng.sample(deck, rng.randint(1, 6)))),  # not held, too many
        Discard(CardSet.of(hand + rng.sample([c for c in deck if c not in hand], 1))),
    ]
    out += [(a, None) for a in actions if a not in legal]
    # chance events: never due when chance is automatic
    out.append((Cut(tuple(rng.sample(deck, 2))), None))  # type: ignore[arg-type]
    out.append((Deal(tuple(rng.sample(deck, 32))), None))
    # a legal action, but claimed by the wrong seat
    if legal:
        wrong = next(p for p in game.game_players if p != game.to_act)
        out.append((rng.choice(sorted(legal, key=game.action_id)), wrong))
    return out


@each_preset(SLOW)
def test_rejected_actions_raise_and_change_nothing(preset: str, seed: int) -> None:
    rng = random.Random(~seed)
    rejected = 0
    for game in walk(new(preset, seed), seed):
        if rng.random() > 0.25 and not game.is_over:
            continue
        before = snapshot(game)
        for action, seat in _illegal_candidates(game, rng):
            with pytest.raises(IllegalActionError):
                game.apply(action, seat=seat)
            rejected += 1
        assert snapshot(game) == before
    assert rejected > 0


def _cards_in(value: Any) -> CardSet:
    """Every card anywhere inside an observation (fields, tuples, dicts)."""
    if isinstance(value, Card):
        return CardSet.of([value])
    if isinstance(value, CardSet):
        return value
    if isinstance(value, dict):
        value = (*value.keys(), *value.values())
    elif attrs.has(type(value)):
        value = attrs.astuple(value, recurse=False)
    if isinstance(value, tuple | list):
        out = CardSet()
        for item in value:
            out |= _cards_in(item)
        return out
    return CardSet()


@each_preset(FAST)
def test_observations_never_show_hidden_cards(preset: str, seed: int) -> None:
    checked = 0
    for game in walk(new(preset, seed), seed):
        if game.phase not in HAND_PHASES:
            continue
        for seat in game.game_players:
            hidden = ecarte_hidden_cards(game, seat)
            obs = game.observation(seat)
            assert obs.hand == game.hand(seat) and obs.seat == seat
            assert obs.stock_size == len(game._state.stock)
            shown = _cards_in(obs)
            assert not game.hand(seat) - shown  # its own hand is shown
            assert not shown & hidden, f"seat {seat} sees {shown & hidden}"
            in_text = CardSet.of(Card.parse(t) for t in _CARD_TEXT.findall(str(obs)))
            assert not in_text & hidden, f"str(observation) shows {in_text & hidden}"
            checked += 1
    assert checked > 0


@each_preset(SLOW)
def test_undo_restores_the_previous_state(preset: str, seed: int) -> None:
    rng = random.Random(seed ^ 0x5A5A)
    game = new(preset, seed)
    undone = 0
    while not game.is_over:
        action = random_action(game, rng)
        if rng.random() < 0.3:
            before = snapshot(game)
            game.apply(action)
            after = snapshot(game)
            game.undo()
            assert snapshot(game) == before
            undone += 1
            game.apply(action)
            # chance is a function of the seed and the number of chance events:
            # re-applying deals the same cards
            assert snapshot(game) == after
        else:
            game.apply(action)
    assert undone > 0


@each_preset(SLOW)
def test_clone_is_independent(preset: str, seed: int) -> None:
    rng = random.Random(seed + 1)
    for game in walk(new(preset, seed), seed):
        if game.is_over or rng.random() > 0.15:
            continue
        copy = game.clone()
        assert snapshot(copy) == snapshot(game)
        before = snapshot(game)
        for _ in range(rng.randint(1, 6)):
            if copy.is_over:
                break
            copy.apply(random_action(copy, rng))
        if copy._m_last_input >= 0 and rng.random() < 0.5:
            copy.undo()
        assert snapshot(game) == before
        copy_before = snapshot(copy)
        game.apply(random_action(game, rng))
        game.undo()
        assert snapshot(copy) == copy_before


@each_preset(FAST)
def test_legal_actions_non_empty_until_over(preset: str, seed: int) -> None:
    for game in walk(new(preset, seed), seed):
        legal = game.legal_actions()
        if game.is_over:
            assert legal == () and game.to_act == TERMINAL and game.winner is not None
        else:
            assert legal and game.to_act in game.game_players
            assert game.phase is not Phase.OVER
            assert len(set(legal)) == len(legal)


@each_preset(FAST)
def test_action_ids_round_trip(preset: str, seed: int) -> None:
    for game in walk(new(preset, seed), seed):
        legal = game.legal_actions()
        ids = [game.action_id(a) for a in legal]
        assert ids == sorted(set(ids)), "legal actions sorted by id, ids unique"
        assert all(0 <= i < NUM_ACTION_IDS for i in ids)
        assert tuple(ids) == game.legal_action_ids()
        mask = game.legal_action_mask()
        assert [i for i in range(NUM_ACTION_IDS) if mask[i]] == ids
        for action, action_id in zip(legal, ids, strict=True):
            assert game.action_from_id(action_id) == action
            assert Action.parse(str(action)) == action
