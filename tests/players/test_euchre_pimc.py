"""The Euchre PIMC player: legal, reading only its seat's view, its worlds consistent."""

from __future__ import annotations

import random

import pytest

from ecarte import _core
from ecarte.games.euchre import EuchreGame, EuchreRules, euchre_context
from ecarte.games.euchre.bots import RandomBot
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.pimc import EuchrePIMCPlayer, _Seen

pytestmark = pytest.mark.own_backends


def _positions(n: int, seed: int) -> list[EuchreGame]:
    """Decisions with two options or more of random games (clones)."""
    rng = random.Random(seed)
    out: list[EuchreGame] = []
    k = 0
    while len(out) < n:
        game = EuchreGame(seed=seed * 100 + k)
        bots = [RandomBot(seed=k * 4 + s) for s in range(4)]
        k += 1
        while not game.is_over and len(out) < n:
            if len(game.legal_action_ids()) > 1 and rng.random() < 0.2:
                out.append(game.clone())
            game.apply_id(bots[game.to_act].choose(game))
    return out


def test_every_decision_is_legal_and_reproducible() -> None:
    phases = set()
    for game in _positions(25, seed=1):
        a, b = EuchrePIMCPlayer(worlds=3, seed=2), EuchrePIMCPlayer(worlds=3, seed=2)
        choice = a.choose(game)
        assert choice in game.legal_action_ids()
        assert b.choose(game) == choice and a.last == b.last
        phases.add(game.phase)
    assert {Phase.BID, Phase.PLAY} <= phases


def test_the_worlds_keep_what_the_seat_saw() -> None:
    checked = 0
    for game in _positions(40, seed=3):
        if game.phase is not Phase.PLAY:
            continue
        seat = game.to_act
        obs = game.observation(seat)
        ctxs = [euchre_context(t, game.deck) for t in range(4)]
        seen = _Seen(game, obs, ctxs)
        truth = [game.hand(s).mask for s in range(4)]
        for s in range(4):  # the truth is one of the worlds
            if s != seat:
                assert truth[s] & ~seen.pool == 0 and truth[s] & seen.forbid[s] == 0
        hands = seen.sample(random.Random(1), True)
        assert hands is not None and hands[seat] == obs.hand.mask
        for s in range(4):
            assert hands[s].bit_count() == truth[s].bit_count()
            if s != seat:
                assert hands[s] & ~seen.pool == 0 and hands[s] & seen.forbid[s] == 0
        ctx = ctxs[int(obs.trump)]
        tricks = (*obs.tricks, obs.trick)
        for i, t in enumerate(tricks):  # each card answered was legal in the world
            for k in range(1, len(t)):
                s, card = t[k]
                later = sum(1 << c.id for u in tricks[i:] for p, c in u if p == s)
                held = hands[s] | later
                led = [c.id for _, c in t[:k]]
                assert _core.legal_plays(ctx, held, led, 0) >> card.id & 1
        checked += 1
    assert checked > 5


def test_it_beats_a_random_bot_and_skips_the_joker() -> None:
    wins = 0
    for seed in range(4):
        game = EuchreGame(seed=seed)
        side = seed % 2
        players = [
            EuchrePIMCPlayer(worlds=4, seed=seed) if s % 2 == side else RandomBot(s)
            for s in range(4)
        ]
        while not game.is_over:
            game.apply_id(players[game.to_act].choose(game))
        wins += game.winner == side
    assert wins >= 3
    game = EuchreGame(EuchreRules(deck=25), seed=1)
    assert EuchrePIMCPlayer(worlds=2).choose(game) in game.legal_action_ids()
