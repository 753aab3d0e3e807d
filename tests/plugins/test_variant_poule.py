"""La poule: three players, the loser makes way, two wins in a row take the pool."""

from __future__ import annotations

import itertools
import re

import pytest
from ecarte_poule import Poule

from ecarte import EcarteError, Game
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match


def _play(game: Game, seed: int) -> Game:
    players = {0: HeuristicPlayer(), 1: RandomPlayer(seed=seed), 2: RandomPlayer(seed=seed + 9)}
    return play_match(game, players)


@pytest.mark.parametrize("seed", range(12))
def test_per_game_rotation(seed: int) -> None:
    game = _play(Game(variant="poule", seed=seed), seed)
    results = game.game_results
    assert game.players == 3 and set(results[0].players) == {0, 1}
    for before, after in itertools.pairwise(results):
        (waiting,) = {0, 1, 2} - set(before.players)
        assert set(after.players) == {before.winner, waiting}  # the loser made way
        assert before.loser not in after.players
        for hand in after.hands:
            assert {hand.dealer, hand.elder} == set(after.players)
    # the match ends at the first two wins in a row, and not before
    streaks = [a.winner == b.winner for a, b in itertools.pairwise(results)]
    assert streaks[-1] and not any(streaks[:-1])
    poule = game.plugin("poule")
    assert isinstance(poule, Poule)
    assert poule.pool_winner == game.winner == results[-1].winner
    assert poule.pool == 0 and sum(poule.net()) == 0
    assert sum(poule.paid) == 3 + (len(results) - 1)  # everyone antes, then each loser


@pytest.mark.parametrize("seed", range(8))
def test_per_hand_rotation_the_dealer_sits_out(seed: int) -> None:
    game = _play(Game(plugins=[Poule(rotation="per-hand", ante=2)], seed=seed), seed)
    hands = [h for g in game.game_results for h in g.hands]
    sitters = [3 - h.dealer - h.elder for h in hands]
    assert sitters[0] == 0
    for a, b in itertools.pairwise(sitters):
        assert b == (a + 1) % 3  # the deal passes to the left after every hand
    for hand, sitter in zip(hands, sitters, strict=False):
        assert hand.elder == (sitter + 1) % 3
        assert sitter not in hand.points
    results = game.game_results
    assert results[-1].winner == results[-2].winner == game.winner
    poule = game.plugin("poule")
    assert isinstance(poule, Poule) and sum(poule.net()) == 0


def _paid_after_each_game(poule: Poule, seed: int) -> tuple[Game, list[list[int]]]:
    game = Game(plugins=[poule], seed=seed)
    players = {s: RandomPlayer(seed=s) for s in range(3)}
    paid = [list(poule.paid)]
    while not game.is_over:
        n = len(game.game_results)
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()), seat=seat)
        if len(game.game_results) > n:
            paid.append(list(poule.paid))
    return game, paid


@pytest.mark.parametrize("rotation", ["per-game", "per-hand"])
@pytest.mark.parametrize("seed", range(10))
def test_the_pool_is_fed_by_the_losers(rotation: str, seed: int) -> None:
    poule = Poule(rotation=rotation, ante=2)  # type: ignore[arg-type]
    game, paid = _paid_after_each_game(poule, seed)
    results = game.game_results
    assert paid[0] == [2, 2, 2]  # everyone antes
    assert len(paid) == len(results) + 1
    for result, before, after in zip(results[:-1], paid, paid[1:], strict=False):
        # per-hand, all three played: both seats that did not win, the sitter included
        losers = {result.loser} if rotation == "per-game" else {0, 1, 2} - {result.winner}
        assert [a - b for a, b in zip(after, before, strict=True)] == [
            2 if s in losers else 0 for s in range(3)
        ]
    assert paid[-1] == paid[-2]  # the game that takes the pool adds nothing
    assert poule.pool == 0 and poule.winnings[game.winner] == sum(poule.paid)
    assert sum(poule.net()) == 0


def test_per_hand_the_seat_that_sat_out_the_deciding_hand_pays() -> None:
    # seed 11: seat 2 wins the first game in a hand against seat 0 while seat 1 waits
    poule = Poule(rotation="per-hand", ante=1)
    game, paid = _paid_after_each_game(poule, 11)
    first = game.game_results[0]
    deciding = first.hands[-1]
    sitter = 3 - deciding.dealer - deciding.elder
    assert (first.winner, sitter) == (2, 1)
    assert paid[1] == [2, 2, 1]


def test_per_player_scores() -> None:
    game = Game(plugins=[Poule(rotation="per-hand")], seed=3)
    play_match(game, {s: RandomPlayer(seed=s) for s in range(3)})
    last = game.game_results[-1]
    assert len(game.scores) == 3 and game.scores[last.winner] >= 5


@pytest.mark.parametrize(
    ("kwargs", "match"), [({"rotation": "sideways"}, "rotation"), ({"ante": -1}, "ante")]
)
def test_bad_options(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(EcarteError, match=match):
        Poule(**kwargs)  # type: ignore[arg-type]


def test_describe_per_game() -> None:
    game = Game(plugins=[Poule(ante=2)], seed=5)
    assert game.describe() == (
        "poule: seats 0 and 1 play game 1, seat 2 waits (the loser makes way)",
        "poule: the pool holds 6 (paid in: seat 0 2, seat 1 2, seat 2 2)",
    )
    players = {s: RandomPlayer(seed=s) for s in range(3)}
    while not game.is_over:
        lines = game.describe()
        assert {game.describe(s) for s in range(3)} == {lines}  # public: the same for all
        assert not any(re.search(r"(10|[2-9JQKA])[♠♥♦♣]", line) for line in lines)
        if game.game_results:
            last = game.game_results[-1]
            a, b = sorted(game.game_players)  # in seat order, whoever deals
            assert lines[0].startswith(f"poule: seats {a} and {b} play game {last.number + 1}")
            assert lines[-1].startswith(f"poule: seat {last.winner} won game {last.number}:")
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    poule = game.plugin("poule")
    assert isinstance(poule, Poule)
    assert game.describe()[0] == (
        f"poule: seat {game.winner} won two games in a row and took the pool ({sum(poule.paid)})"
    )


def test_describe_per_hand() -> None:
    game = Game(plugins=[Poule(rotation="per-hand")], seed=1)
    assert game.describe()[0] == (
        "poule: seats 1 and 2 play this hand, seat 0 deals and sits it out "
        "(the deal passes to the left after every hand)"
    )


def test_one_instance_serves_one_game() -> None:
    poule = Poule()
    Game(plugins=[poule], seed=1)
    with pytest.raises(EcarteError, match="one game"):
        Game(plugins=[poule], seed=2)


def test_a_game_result_keeps_every_seat_of_the_table() -> None:
    """issue 10: GameResult.scores dropped the seat that sat out."""
    game, _ = _paid_after_each_game(Poule(), 3)
    for result in game.game_results:
        assert set(result.scores) == {0, 1, 2}
        waiting = ({0, 1, 2} - set(result.players)).pop()
        assert result.scores[waiting] == 0  # scores are per game: the waiting seat has none
