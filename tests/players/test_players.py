"""The players' public doors refuse what they cannot take before anything is played:
``play_match`` without a player for every seat, search players with a seed or flags of
the wrong type, a decision without legal actions."""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import Game
from ecarte.games.ecarte.ismcts import ISMCTSPlayer
from ecarte.games.ecarte.pimc import PIMCPlayer
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match

pytestmark = pytest.mark.own_backends  # checks before any search, on the live backend


def _finished() -> Game:
    game = play_match(Game(seed=1), {0: RandomPlayer(1), 1: RandomPlayer(2)})
    assert game.is_over
    return game


@pytest.mark.parametrize(
    ("players", "named"),
    [
        ({0: RandomPlayer(1)}, "seat 1"),
        ({1: RandomPlayer(1)}, "seat 0"),
        ({0: RandomPlayer(1), 1: object()}, "seat 1"),
        ({0: RandomPlayer(1), 1: HeuristicPlayer, 2: RandomPlayer(2)}, "seat 1"),
    ],
)
def test_play_match_needs_a_player_at_every_seat(players: Any, named: str) -> None:
    game = Game(seed=1)
    before = game.to_json()
    with pytest.raises(ValueError, match=named):
        play_match(game, players)
    assert game.to_json() == before  # nothing was played


@pytest.mark.parametrize("make", [PIMCPlayer, ISMCTSPlayer])
@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"seed": 1.5}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"seed": None}, "seed"),
        ({"seed": True}, "seed"),
        ({"inference": "no"}, "inference"),
        ({"inference": 1}, "inference"),
    ],
)
def test_search_players_refuse_a_seed_or_flag_of_the_wrong_type(
    make: Any, kwargs: dict[str, Any], named: str
) -> None:
    with pytest.raises(ValueError, match=named):
        make(**kwargs)


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(1), HeuristicPlayer(), PIMCPlayer(10), ISMCTSPlayer(10)],
    ids=lambda p: type(p).__name__,
)
def test_a_decision_without_legal_actions_is_refused(player: Any) -> None:
    game = _finished()
    with pytest.raises(ValueError, match="no legal action"):
        player.choose(game.observation(0), game.legal_actions())


@pytest.mark.parametrize("kwargs", [{"ms": True}, {"c": True}, {"c": False}])
def test_a_budget_or_constant_that_is_a_bool_is_refused(kwargs: dict[str, Any]) -> None:
    from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer

    for make in (ISMCTSPlayer, EuchreISMCTSPlayer):
        with pytest.raises(ValueError, match=next(iter(kwargs))):
            make(**kwargs)


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(seed=0), HeuristicPlayer(), PIMCPlayer(10), ISMCTSPlayer(10)],
    ids=lambda p: type(p).__name__,
)
def test_the_observation_of_a_seat_not_to_act_is_refused(player: Any) -> None:
    """A player decides for the seat it sees: handed the other seat's observation it
    refuses, rather than deciding with that seat's hand."""
    game = Game(seed=1)
    heuristic = HeuristicPlayer()
    while game.to_act < 0 or game.observation(game.to_act).phase.name != "PROPOSE":
        if game.to_act < 0:
            game.apply_chance()
        else:
            game.apply(heuristic.choose(game.observation(game.to_act), game.legal_actions()))
    other = 1 - game.to_act
    with pytest.raises(ValueError, match=f"seat {other} is not to act"):
        player.choose(game.observation(other), game.legal_actions())
    if isinstance(player, PIMCPlayer):
        with pytest.raises(ValueError, match=f"seat {other} is not to act"):
            player.evaluate(game.observation(other), game.legal_actions())


@pytest.mark.parametrize("max_actions", [0, -5, 2.5, True])
def test_play_match_refuses_a_bad_max_actions(max_actions: Any) -> None:
    game = Game(seed=1)
    before = game.to_json()
    with pytest.raises(ValueError, match="max_actions"):
        play_match(game, {0: RandomPlayer(1), 1: RandomPlayer(2)}, max_actions=max_actions)
    assert game.to_json() == before


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(seed=0), HeuristicPlayer(), PIMCPlayer(10), ISMCTSPlayer(10)],
    ids=lambda p: type(p).__name__,
)
def test_an_observation_or_actions_of_another_game_are_refused(player: Any) -> None:
    """An Écarté player handed a Euchre observation, the game itself instead of its
    observation, or Euchre's legal actions refuses with a TypeError naming what it takes,
    not an AttributeError from inside (or, for the random player, a Euchre action)."""
    from ecarte.games.euchre import EuchreGame

    euchre, game = EuchreGame(seed=2), Game(seed=3)
    obs, legal = game.observation(game.to_act), game.legal_actions()
    for wrong_obs, wrong_legal in (
        (euchre.observation(euchre.to_act), euchre.legal_actions()),
        (euchre.observation(euchre.to_act), legal),
        (game, legal),
        (obs, euchre.legal_actions()),
    ):
        with pytest.raises(TypeError, match="Écarté"):
            player.choose(wrong_obs, wrong_legal)
    assert player.choose(obs, legal) in legal


def _every_seeded_player() -> list[Any]:
    from ecarte.games.euchre.bots import RandomBot
    from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer
    from ecarte.games.euchre.pimc import EuchrePIMCPlayer

    return [RandomPlayer, PIMCPlayer, ISMCTSPlayer, RandomBot, EuchrePIMCPlayer, EuchreISMCTSPlayer]


@pytest.mark.parametrize("make", _every_seeded_player(), ids=lambda m: m.__name__)
@pytest.mark.parametrize("seed", [2**64, 2**64 + 5, -(2**63) - 1, 1.5, "7", True])
def test_a_seed_a_game_would_refuse_is_refused(make: Any, seed: Any) -> None:
    """A player takes the seeds a game takes (an int in [-2**63, 2**64)): a larger one
    is refused, not folded onto another (``2**64`` played as ``0``), and a seed that is
    not an int is refused by every player alike."""
    with pytest.raises(ValueError, match="seed"):
        make(seed=seed)


def _state(player: Any) -> Any:
    """What a player's seed made of it: the random players' generator, the search
    players' seed (in their repr)."""
    rng = getattr(player, "_rng", None)
    return rng.getstate() if rng is not None else repr(player)


@pytest.mark.parametrize("make", _every_seeded_player(), ids=lambda m: m.__name__)
def test_seeds_are_the_games_seeds(make: Any) -> None:
    """A numpy integer seeds a player as the int it holds; ``-5`` and ``5`` are two seeds
    (``random.Random`` takes their absolute value), ``-1`` is ``2**64 - 1`` as for a game."""
    numpy = pytest.importorskip("numpy")
    assert _state(make(seed=numpy.uint64(2**64 - 1))) == _state(make(seed=2**64 - 1))
    assert _state(make(seed=numpy.int64(-5))) == _state(make(seed=-5))
    assert _state(make(seed=-5)) != _state(make(seed=5))
    assert _state(make(seed=-1)) == _state(make(seed=2**64 - 1))


@pytest.mark.parametrize("game", ["euchre", "text"])
def test_play_match_refuses_what_is_not_an_ecarte_game(game: str) -> None:
    """``play_match`` plays an ``ecarte.Game``: given a Euchre game (whose bots take the
    game, not an observation) or anything else it says so, not an AttributeError."""
    from ecarte.games.euchre import EuchreGame

    other: Any = EuchreGame(seed=1) if game == "euchre" else "Game(seed=1)"
    with pytest.raises(TypeError, match="an Écarté Game"):
        play_match(other, {s: RandomPlayer(seed=s) for s in range(4)})
