"""The Euchre IS-MCTS player: the C search and its pure twin agree, every decision is
legal, its worlds are deals the seat cannot tell from the true one, and it reads no
hidden card."""

from __future__ import annotations

import pytest
from euchre_cases import positions

from ecarte._cards import CardSet
from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre import _pure_ismcts as pure
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer, load_kernel

pytestmark = pytest.mark.own_backends

RULES = {
    "standard": EuchreRules.standard(),
    "openspiel": EuchreRules.openspiel(),
    "lone defenders": EuchreRules.openspiel(allow_lone_defender=True),
    "dealer may decline": EuchreRules.seed(),
    "32 cards": EuchreRules(deck=32, stick_the_dealer=True),
}


def _positions(n: int, seed: int, rules: EuchreRules) -> list[EuchreGame]:
    return positions(n, seed, rules, first_deal=True)


def _world_game(game: EuchreGame, hands: tuple[int, ...], script: tuple[int, ...]) -> EuchreGame:
    """The world as a game: its deal, then the decisions of its script."""
    obs = game.observation(game.to_act)
    assert obs.dealer is not None and obs.upcard is not None
    world = EuchreGame.from_deal(
        game.rules, dealer=obs.dealer, hands=[CardSet(h) for h in hands], upcard=obs.upcard
    )
    for i in script[21:]:
        world.apply_id(i)
    return world


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_c_search_and_its_twin_grow_the_same_tree(name: str) -> None:
    c = load_kernel("c")
    checked = 0
    for k, game in enumerate(_positions(8, seed=len(name), rules=RULES[name])):
        worlds = EuchreISMCTSPlayer(worlds=5, seed=k).determinizations(game)
        if worlds is None:
            continue
        legal = game.legal_action_ids()
        args = (game.deck, game.flags, worlds.dealer, worlds.scripts, 1000 + k, 0.7, 2 + k % 2)
        a, b = c.Search(*args), pure.Search(*args)
        for n in (7, 33):
            a.run(n)
            b.run(n)
            assert a.root(legal) == b.root(legal) and a.count == b.count <= 1 + a.iterations
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_decision_is_legal_and_reproducible(name: str) -> None:
    phases = set()
    for k, game in enumerate(_positions(12, seed=7, rules=RULES[name])):
        a = EuchreISMCTSPlayer(iterations=60, worlds=8, seed=k)
        b = EuchreISMCTSPlayer(iterations=60, worlds=8, seed=k)
        choice = a.choose(game)
        assert choice in game.legal_action_ids()
        assert b.choose(game) == choice and a.visits == b.visits and a.last == b.last
        if a.visits:
            assert sum(a.visits.values()) == 60
        phases.add(game.phase)
    assert {Phase.BID, Phase.PLAY} <= phases


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_world_looks_to_the_seat_like_the_true_deal(name: str) -> None:
    """Each world, dealt and replayed as a game, shows the seat what the game shows it:
    its hand, the bids, the tricks, the trump, the maker, going alone."""
    checked = 0
    for game in _positions(15, seed=11, rules=RULES[name]):
        seat = game.to_act
        worlds = EuchreISMCTSPlayer(worlds=6, seed=3).determinizations(game)
        if worlds is None:
            continue
        assert 1 <= len(worlds.scripts) <= 6
        for hands, script in zip(worlds.hands, worlds.scripts, strict=True):
            world = _world_game(game, hands, script)
            assert world.observation(seat) == game.observation(seat)
            assert sorted(world.legal_action_ids()) == sorted(game.legal_action_ids())
            checked += 1
    assert checked >= 30


def test_a_deal_that_differs_only_in_hidden_cards_gets_the_same_decision() -> None:
    """Deal one of the player's own worlds for real: the seat sees the same, so the player
    draws the same worlds and takes the same decision with the same statistics."""
    checked = 0
    for k, game in enumerate(_positions(20, seed=5, rules=EuchreRules.openspiel())):
        player = EuchreISMCTSPlayer(iterations=80, worlds=6, seed=k)
        worlds = player.determinizations(game)
        if worlds is None:
            continue
        twin = _world_game(game, worlds.hands[-1], worlds.scripts[-1])
        seat = game.to_act
        if [twin.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]:
            continue
        assert player.determinizations(twin) == worlds
        other = EuchreISMCTSPlayer(iterations=80, worlds=6, seed=k)
        assert player.choose(game) == other.choose(twin) and player.visits == other.visits
        assert twin.observation(seat) == game.observation(seat)
        checked += 1
    assert checked >= 10


def test_a_time_budget_and_bad_arguments() -> None:
    game = _positions(1, seed=2, rules=EuchreRules.standard())[0]
    player = EuchreISMCTSPlayer(ms=5, seed=1)
    assert player.choose(game) in game.legal_action_ids()
    assert "ms=5.0" in repr(player)
    tiny = EuchreISMCTSPlayer(ms=0.001, iterations=500, seed=1)  # one round of iterations
    assert tiny.choose(game) in game.legal_action_ids() and sum(tiny.visits.values()) == 16
    for bad in ({"iterations": 0}, {"ms": -1}, {"c": 0}, {"solve": 6}, {"kernel": "x"}):
        with pytest.raises(ValueError):
            EuchreISMCTSPlayer(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        pure.Search(24, 0, 0, [], 1)
