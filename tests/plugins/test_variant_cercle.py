"""Club écarté: the gallery's bets, matching, covers, settlement, the ledger."""

from __future__ import annotations

from typing import Any

import pytest
from ecarte_cercle import Bet, BetError, Cercle, Ledger
from ecarte_poule import Poule
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte import Game, PluginError, hookimpl
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match

PLAYERS = {"Ada": 100, "Blaise": 100}
GALLERY = {"Cleo": 50, "Dora": 50, "Eve": 50}


def _table(**kw: Any) -> tuple[Cercle, Game]:
    cercle = Cercle(players=PLAYERS, gallery=GALLERY, **kw)
    return cercle, Game(plugins=[cercle], seed=1)


def _finish_game(game: Game, seed: int = 0) -> None:
    """Play until the current game is over."""
    n = len(game.game_results)
    players = {0: HeuristicPlayer(), 1: RandomPlayer(seed=seed)}
    while len(game.game_results) == n:
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))


def _state(cercle: Cercle) -> tuple[Any, ...]:
    return (list(cercle.ledger.entries), cercle.ledger.balances, cercle.book())


@pytest.mark.parametrize(
    ("backer", "player", "amount", "match"),
    [
        ("Cleo", "Ada", -5, "positive"),
        ("Cleo", "Ada", 0, "positive"),
        ("Cleo", "Ada", 2.5, "whole number"),
        ("Cleo", "Ada", True, "whole number"),
        ("Cleo", "Zoe", 5, "unknown player 'Zoe'"),
        ("Zoe", "Ada", 5, "unknown backer 'Zoe'"),
        ("Ada", "Blaise", 5, "unknown backer 'Ada'.*cover"),
        ("Cleo", "Ada", 51, "Cleo holds 50, cannot stake 51"),
    ],
)
def test_bad_bets_are_refused_and_change_nothing(
    backer: str, player: str, amount: Any, match: str
) -> None:
    cercle, _game = _table()
    cercle.bet("Dora", "Blaise", 5)
    before = _state(cercle)
    with pytest.raises(BetError, match=match):
        cercle.bet(backer, player, amount)
    assert _state(cercle) == before


def test_stakes_add_up_against_the_balance() -> None:
    cercle, _ = _table()
    cercle.bet("Cleo", "Ada", 30)
    before = _state(cercle)
    with pytest.raises(BetError, match="Cleo holds 20, cannot stake 21"):
        cercle.bet("Cleo", "Blaise", 21)
    assert _state(cercle) == before


def test_no_bets_after_the_game_started() -> None:
    cercle, game = _table()
    cercle.bet("Cleo", "Ada", 5)
    game.apply(game.legal_actions()[0])
    before = _state(cercle)
    with pytest.raises(BetError, match="game 1 has started"):
        cercle.bet("Dora", "Blaise", 5)
    with pytest.raises(BetError, match="game 1 has started"):
        cercle.cover("Ada", 5)
    assert _state(cercle) == before
    _finish_game(game)
    cercle.bet("Dora", cercle.seated[0], 5)  # the book is open again for game 2
    assert cercle.book()[-1].game == 2


def test_no_bets_after_the_match() -> None:
    cercle, game = _table()
    play_match(game, {0: HeuristicPlayer(), 1: RandomPlayer(seed=1)})
    with pytest.raises(BetError, match="match is over"):
        cercle.bet("Cleo", cercle.seated[0], 5)


def test_no_bets_before_a_game_is_set_up() -> None:
    with pytest.raises(BetError, match="no game"):
        Cercle(players=PLAYERS, gallery=GALLERY).bet("Cleo", "Ada", 5)


def test_matching_returns_the_excess_to_the_last_bettors() -> None:
    cercle, game = _table()
    cercle.bet("Cleo", "Ada", 10)
    cercle.bet("Dora", "Ada", 5)
    cercle.bet("Eve", "Blaise", 8)
    assert cercle.balance("Cleo") == 40
    _finish_game(game)
    settled = cercle.settlements[0]
    assert settled.matched == 8
    assert settled.returned == {"Cleo": 2, "Dora": 5}
    result = game.game_results[0]
    assert settled.winner in ("Ada", "Blaise") and result.number == 1
    if settled.winner == "Ada":
        assert settled.won["Cleo"] == 8 and settled.lost["Eve"] == 8
        assert cercle.balance("Cleo") == 58 and cercle.balance("Eve") == 42
    else:
        assert settled.won["Eve"] == 8 and settled.lost["Cleo"] == 8
        assert cercle.balance("Cleo") == 42 and cercle.balance("Eve") == 58
    assert cercle.balance("Dora") == 50
    cercle.ledger.check()


def test_players_have_the_first_right_to_cover() -> None:
    cercle, game = _table()
    cercle.bet("Cleo", "Ada", 10)
    cercle.cover("Ada", 5)  # placed later, matched first
    cercle.bet("Eve", "Blaise", 8)
    assert cercle.book()[1] == Bet("Ada", "Ada", 5, 1, cover=True)
    _finish_game(game)
    settled = cercle.settlements[0]
    assert settled.matched == 8 and settled.returned == {"Cleo": 7}


def test_unmatched_book_is_returned_in_full() -> None:
    cercle, game = _table(value_per_point=0)
    cercle.bet("Cleo", "Ada", 10)
    _finish_game(game)
    assert cercle.settlements[0].returned == {"Cleo": 10}
    assert cercle.balance("Cleo") == 50 and cercle.balance("Ada") == 100


def test_commission_is_taken_from_every_win() -> None:
    cercle, game = _table(value_per_point=0, commission_percent=5)
    cercle.bet("Cleo", "Ada", 40)
    cercle.bet("Eve", "Blaise", 40)
    _finish_game(game)
    settled = cercle.settlements[0]
    assert settled.commission == 2 and cercle.ledger.balance(Ledger.HOUSE) == 2
    backer = "Cleo" if settled.winner == "Ada" else "Eve"
    assert cercle.balance(backer) == 50 + 40 - 2
    cercle.ledger.check()


@pytest.mark.parametrize("seed", range(6))
def test_points_between_the_players(seed: int) -> None:
    cercle = Cercle(players=PLAYERS, value_per_point=3)
    game = Game(plugins=[cercle], seed=seed)
    _finish_game(game, seed)
    result = game.game_results[0]
    diff = result.scores[result.winner] - result.scores[result.loser]
    settled = cercle.settlements[0]
    assert settled.points_paid == 3 * diff
    assert cercle.balance(settled.winner) == 100 + 3 * diff
    assert cercle.balance(settled.loser) == 100 - 3 * diff


@pytest.mark.parametrize("seed", range(10))
def test_vole_and_king_multipliers(seed: int) -> None:
    cercle = Cercle(players=PLAYERS, value_per_point=1, vole_multiplier=3, king_multiplier=5)
    game = Game(plugins=[cercle], seed=seed)
    _finish_game(game, seed)
    result = game.game_results[0]

    def units(seat: int) -> int:
        total = result.scores[seat]
        for hand in result.hands:
            kings = hand.kings.get(seat, 0)
            total += 4 * kings  # a king's point counts 5 times
            if hand.tricks.get(seat) == 5:
                total += 2 * (hand.points[seat] - kings)  # a vole's points 3 times
        return total

    expected = max(units(result.winner) - units(result.loser), 0)
    assert cercle.settlements[0].points_paid == min(expected, 100)


def test_the_loser_leaves_and_a_backer_takes_the_seat() -> None:
    cercle, game = _table(value_per_point=0)
    cercle.bet("Cleo", "Ada", 5)
    cercle.bet("Dora", "Ada", 9)
    cercle.bet("Eve", "Blaise", 5)
    cercle.bet("Dora", "Blaise", 4)
    _finish_game(game)
    settled = cercle.settlements[0]
    loser_seat = game.game_results[0].loser
    # Ada's side: Cleo 5 + Dora 4 of 9 matched; Blaise's side: Eve 5 + Dora 4
    expected = {"Ada": "Cleo", "Blaise": "Eve"}[settled.loser]
    assert settled.new_player == expected  # the loser's biggest matched backer
    assert cercle.seated[loser_seat] == settled.new_player
    assert settled.loser in cercle.gallery and settled.new_player not in cercle.gallery
    with pytest.raises(BetError, match="unknown player"):
        cercle.bet("Eve", settled.loser, 1)


def test_a_loser_without_backers_keeps_the_seat() -> None:
    cercle, game = _table()
    _finish_game(game)
    assert set(cercle.seated.values()) == {"Ada", "Blaise"}
    assert cercle.settlements[0].new_player is None


def test_variant_by_name_and_one_game_per_instance() -> None:
    game = Game(variant="cercle", seed=1)
    cercle = game.plugin("cercle")
    assert isinstance(cercle, Cercle)
    cercle.join("Cleo", 20)
    cercle.bet("Cleo", "Player 1", 20)
    with pytest.raises(BetError, match="already"):
        cercle.join("Cleo", 20)
    with pytest.raises((PluginError, Exception), match="one game"):
        Game(plugins=[cercle])


class ThreeSeats:
    NAME = "three-seats"

    @hookimpl
    def ecarte_table_size(self) -> int:
        return 3


@pytest.mark.parametrize("variants", [["poule", "cercle"], ["cercle", "poule"]])
def test_a_table_of_more_than_two_is_refused_when_the_game_is_created(
    variants: list[str],
) -> None:
    # before the fix this played until the first game ended, then failed in
    # ecarte_game_ended with KeyError(2) after the action had been applied
    with pytest.raises(PluginError, match=r"'cercle'.*two seats, not 3"):
        Game(variant=variants, seed=1)


def test_the_refused_instance_is_left_unused() -> None:
    cercle = Cercle(players=PLAYERS, gallery=GALLERY)
    for extra in (Poule(), ThreeSeats()):
        with pytest.raises(PluginError, match="two seats, not 3"):
            Game(plugins=[cercle, extra], seed=1)
    with pytest.raises(BetError, match="no game"):
        cercle.bet("Cleo", "Ada", 5)
    assert cercle.ledger.balance(Ledger.STAKES) == 0 and not cercle.settlements
    game = Game(plugins=[cercle], seed=1)  # it still serves a two-seat game
    cercle.bet("Cleo", "Ada", 5)
    _finish_game(game)
    assert len(cercle.settlements) == 1


BETS = st.lists(
    st.tuples(
        st.sampled_from(["Cleo", "Dora", "Eve", "Zoe", "Ada", "Blaise"]),
        st.sampled_from(["Ada", "Blaise", "Cleo", "Zoe"]),
        st.integers(min_value=-5, max_value=60),
        st.booleans(),
    ),
    max_size=8,
)


@settings(max_examples=40, deadline=None)
@given(
    rounds=st.lists(BETS, min_size=3, max_size=3),
    seed=st.integers(0, 1000),
    commission=st.integers(0, 20),
    multipliers=st.tuples(st.integers(0, 3), st.integers(1, 3), st.integers(1, 3)),
)
def test_the_ledger_always_balances(
    rounds: list[Any], seed: int, commission: int, multipliers: tuple[int, int, int]
) -> None:
    value, vole, king = multipliers
    cercle = Cercle(
        players=PLAYERS,
        gallery=GALLERY,
        value_per_point=value,
        vole_multiplier=vole,
        king_multiplier=king,
        commission_percent=commission,
    )
    money = sum(PLAYERS.values()) + sum(GALLERY.values())
    game = Game(plugins=[cercle], seed=seed)
    for bets in rounds:
        if game.is_over:
            break
        for backer, player, amount, cover in bets:
            before = _state(cercle)
            try:
                if cover:
                    cercle.cover(player, amount)
                else:
                    cercle.bet(backer, player, amount)
            except BetError:
                assert _state(cercle) == before
        _finish_game(game, seed)
        cercle.ledger.check()
        assert cercle.ledger.balance(Ledger.STAKES) == 0
        held = sum(b for a, b in cercle.ledger.balances.items() if a != Ledger.CASHIER)
        assert held == money
        assert all(b >= 0 for a, b in cercle.ledger.balances.items() if a != Ledger.CASHIER)
