"""Club écarté: the gallery's bets, matching, covers, settlement, the ledger."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from ecarte_cercle import Bet, BetError, Cercle, Ledger
from ecarte_poule import Poule
from helpers import cercle_units
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte import Deal, EcarteError, Game, Phase, PluginError, Rules, from_json, hookimpl
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


def test_no_bets_once_the_cards_are_dealt() -> None:
    cercle, game = _table()
    cercle.bet("Cleo", "Ada", 5)
    assert game.phase is Phase.PACKETS and cercle.open_books() == (1, 2)
    game.apply(game.legal_actions()[0])  # the dealer picks the packets: the cards are dealt
    assert game.turnup is not None and cercle.open_books() == (2,)
    before = _state(cercle)
    closed = "bets on game 1 are closed: its cards have been dealt"
    with pytest.raises(BetError, match=closed):
        cercle.bet("Dora", "Blaise", 5)
    with pytest.raises(BetError, match=closed):
        cercle.bet("Dora", "Blaise", 5, game=1)
    with pytest.raises(BetError, match=closed):
        cercle.cover("Ada", 5)
    assert _state(cercle) == before
    cercle.bet("Dora", "Blaise", 5, game=2)  # the next game's book is open
    assert cercle.book(2) == (Bet("Dora", "Blaise", 5, 2),) and cercle.book() == cercle.book(1)
    _finish_game(game)
    assert cercle.current_game == 2 and cercle.book() == (Bet("Dora", "Blaise", 5, 2),)
    cercle.bet("Eve", cercle.seated[0], 5)  # game 2's packets are not chosen yet
    assert cercle.book()[-1].game == 2


def test_brazilian_deals_at_once_so_game_1_takes_bets_before_the_game_exists() -> None:
    # issue 10: Game("brazilian", plugins=[c], seed=16) comes back dealt (turn-up K♦,
    # scores (0, 1)) and a bet on its dealer was still accepted
    cercle = Cercle(players=PLAYERS, gallery={"G": 100})
    cercle.bet("G", "Blaise", 20)  # before Game(): the book of game 1 is open
    game = Game("brazilian", plugins=[cercle], seed=16)
    assert game.turnup is not None  # dealt at once: no packets to choose
    dealer = cercle.seated[game.dealer]
    before = _state(cercle)
    with pytest.raises(BetError, match="game 1 are closed: its cards have been dealt"):
        cercle.bet("G", dealer, 50)
    assert _state(cercle) == before
    # the end of game 1 and the deal of game 2 are one apply(): bet on game 2 now
    cercle.bet("G", dealer, 30, game=2)
    with pytest.raises(BetError, match=r"current game \(1\) and the next one only"):
        cercle.bet("G", dealer, 1, game=3)
    _finish_game(game)
    assert game.game_number == 2 and game.turnup is not None  # dealt in the same apply
    assert cercle.open_books() == (3,)
    with pytest.raises(BetError, match="game 2 are closed"):
        cercle.bet("G", cercle.seated[0], 1)
    with pytest.raises(BetError, match="game 1 is over"):
        cercle.bet("G", cercle.seated[0], 1, game=1)


def test_every_accepted_bet_was_placed_before_its_games_deal() -> None:
    for preset in ("brazilian", "classic"):
        cercle = Cercle(players=PLAYERS, gallery={"G": 10_000})
        game = Game(preset, plugins=[cercle], seed=3)
        players = {0: HeuristicPlayer(), 1: RandomPlayer(seed=3)}
        deals_at: dict[int, int] = {}  # game -> number of Deal events when it was dealt
        while not game.is_over:
            deals = sum(isinstance(r, Deal) for r in game.history)
            finished = sum(len(r.hands) for r in game.game_results)
            if deals > finished:  # a card of the current game is out
                deals_at.setdefault(game.game_number, deals)
            for number in (game.game_number, game.game_number + 1):
                try:
                    cercle.bet("G", cercle.seated[0], 1, game=number)
                except BetError:
                    assert number in deals_at
                else:
                    assert number not in deals_at
            seat = game.to_act
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
        cercle.ledger.check()


def test_no_bets_after_the_match() -> None:
    cercle, game = _table()
    play_match(game, {0: HeuristicPlayer(), 1: RandomPlayer(seed=1)})
    assert cercle.open_books() == ()
    with pytest.raises(BetError, match="match is over"):
        cercle.bet("Cleo", cercle.seated[0], 5)
    with pytest.raises(BetError, match="match is over"):
        cercle.bet("Cleo", cercle.seated[0], 5, game=game.game_number + 1)


def test_bets_before_a_game_is_set_up_are_on_game_1_or_2() -> None:
    cercle = Cercle(players=PLAYERS, gallery=GALLERY)
    assert cercle.current_game == 1 and cercle.open_books() == (1, 2)
    cercle.bet("Cleo", "Ada", 5)
    cercle.bet("Dora", "Blaise", 5, game=2)
    assert cercle.book() == (Bet("Cleo", "Ada", 5, 1),)
    with pytest.raises(BetError, match="next one only"):
        cercle.bet("Cleo", "Ada", 5, game=3)


@pytest.mark.parametrize(
    ("game_number", "match"),
    [(0, "game 0 is over"), (3, "next one only"), ("1", "by its number"), (True, "by its number")],
)
def test_bets_on_a_game_that_takes_none_are_refused(game_number: Any, match: str) -> None:
    cercle, _game = _table()
    before = _state(cercle)
    with pytest.raises(BetError, match=match):
        cercle.bet("Cleo", "Ada", 5, game=game_number)
    assert _state(cercle) == before


def test_next_game_bets_on_the_player_who_leaves_are_void() -> None:
    cercle, game = _table(value_per_point=0)
    cercle.bet("Cleo", "Ada", 10)
    cercle.bet("Dora", "Blaise", 10)
    for name, player in (("Eve", "Ada"), ("Eve", "Blaise"), ("Cleo", "Blaise"), ("Dora", "Ada")):
        cercle.bet(name, player, 3, game=2)
    cercle.cover("Ada", 2, game=2)
    cercle.cover("Blaise", 2, game=2)
    _finish_game(game)
    settled = cercle.settlements[0]
    loser, new = settled.loser, settled.new_player
    assert new == {"Ada": "Cleo", "Blaise": "Dora"}[loser]
    kept = cercle.book(2)
    assert all(b.player != loser and b.backer != new for b in kept)
    assert len(kept) == 2  # Eve on the winner, the winner's cover
    # on the loser: Eve's 3, the new player's or the other's 3, the loser's cover 2;
    # by the new player on the winner: 3
    assert settled.void == {"Eve": 3, "Cleo": 3, "Dora": 3, loser: 2}
    cercle.ledger.check()
    assert cercle.ledger.balance(Ledger.STAKES) == sum(b.amount for b in kept)


def test_books_of_games_never_played_are_returned_at_the_end() -> None:
    cercle, game = _table(value_per_point=0)
    while not game.is_over:
        number = game.game_number
        if cercle.balance("Eve") >= 1 and number + 1 in cercle.open_books():
            cercle.bet("Eve", cercle.seated[0], 1, game=number + 1)
        _finish_game(game)
    assert cercle.ledger.balance(Ledger.STAKES) == 0 and not cercle.book(game.game_number + 1)
    assert cercle.ledger.entries[-1].memo.endswith("not played, returned")
    cercle.ledger.check()


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
    settled = cercle.settlements[0]
    winner = cercle_units(result, result.winner, vole=3, king=5)
    loser = cercle_units(result, result.loser, vole=3, king=5)
    assert settled.units == {settled.winner: winner, settled.loser: loser}
    # before issue 10 the due was max(winner - loser, 0) and a debt was cut to the purse
    assert settled.points_due == abs(winner - loser)
    assert settled.points_paid + settled.debt == settled.points_due
    payer = None if winner == loser else settled.winner if winner < loser else settled.loser
    assert settled.points_payer == payer


def test_the_loser_with_more_units_is_paid_by_the_winner() -> None:
    # issue 10: with vole_multiplier=3 a loser's vole can outweigh the winner's points;
    # the settlement paid nothing (118 of 6,927 simulated games). Seed 98: Ada wins 5-4,
    # 5 units to Blaise's 8 (Blaise's points include a vole counted 3 times)
    cercle = Cercle(players=PLAYERS, vole_multiplier=3)
    game = Game(plugins=[cercle], seed=98)
    _finish_game(game, 98)
    settled = cercle.settlements[0]
    assert (settled.winner, game.game_results[0].scores) == ("Ada", {0: 5, 1: 4})
    assert settled.units == {"Ada": 5, "Blaise": 8}
    assert (settled.points_payer, settled.points_due, settled.points_paid) == ("Ada", 3, 3)
    assert cercle.balance("Ada") == 97 and cercle.balance("Blaise") == 103
    assert settled.won == {"Blaise": 3} and settled.lost == {"Ada": 3}


def test_a_debt_the_purse_cannot_cover_stays_on_the_ledger() -> None:
    # before issue 10 the loser paid what the purse held and the rest was written off
    cercle = Cercle(players={"Ada": 1, "Blaise": 1}, value_per_point=2, commission_percent=10)
    game = Game(plugins=[cercle], seed=1)
    _finish_game(game, 1)
    settled = cercle.settlements[0]
    assert (settled.points_payer, settled.points_due) == ("Blaise", 10)
    assert (settled.points_paid, settled.debt) == (1, 9)
    assert cercle.balance("Blaise") == 0 and cercle.balance("Ada") == 2
    assert cercle.debts() == {("Blaise", "Ada"): 9}
    assert cercle.ledger.balance(Ledger.iou("Blaise", "Ada")) == 9
    assert cercle.ledger.balance(Ledger.DEBTS) == -9
    cercle.ledger.check()
    entry = cercle.ledger.entries[-1]
    assert (entry.source, entry.amount, entry.memo) == (
        Ledger.DEBTS,
        9,
        "game 1: points not paid",
    )
    # paying it back: refused beyond the purse or the debt, then in part
    before = _state(cercle)
    for args, match in (
        (("Ada", "Blaise"), "owes 'Blaise' nothing"),
        (("Blaise", "Ada", 10), "from 0 to 9"),
        (("Blaise", "Ada", 2), "holds 0, cannot pay 2"),
    ):
        with pytest.raises(BetError, match=match):
            cercle.repay(*args)
    assert _state(cercle) == before
    cercle.ledger.transfer(Ledger.CASHIER, "Blaise", 20, "purse topped up")
    assert cercle.repay("Blaise", "Ada", 5) == 5
    assert cercle.debts() == {("Blaise", "Ada"): 4} and cercle.balance("Ada") == 2 + 5
    assert cercle.repay("Blaise", "Ada") == 4  # the rest
    assert cercle.debts() == {} and cercle.ledger.balance(Ledger.DEBTS) == 0
    cercle.ledger.check()


def test_a_table_whose_debt_was_paid_off_is_saved_and_restored() -> None:
    # seed 6: after game 3 Blaise owes Ada 2 and holds 3; paid off in full, the IOU
    # account is left at 0 on the ledger, and the save must still load
    cercle = Cercle(players={"Ada": 2, "Blaise": 2}, games=5)
    game = Game(plugins=[cercle], seed=6)
    for _ in range(3):
        _finish_game(game, 6)
    assert cercle.debts() == {("Blaise", "Ada"): 2} and cercle.balance("Blaise") == 3
    assert cercle.repay("Blaise", "Ada") == 2
    restored = from_json(game.to_json())
    again = restored.plugin("cercle")
    assert again.debts() == {} and again.ledger.balances == cercle.ledger.balances
    assert restored.describe() == game.describe()
    _finish_game(game, 6)
    _finish_game(restored, 6)
    assert restored.to_json() == game.to_json()


@pytest.mark.parametrize("seed", range(8))
def test_the_games_value_multiplies_the_points(seed: int) -> None:
    plain = Cercle(players=PLAYERS)
    valued = Cercle(players=PLAYERS)
    results = []
    for cercle, rules in ((plain, Rules()), (valued, Rules(game_values=True))):
        game = Game(rules, plugins=[cercle], seed=seed)
        _finish_game(game, seed)
        results.append(game.game_results[0])
    result = results[1]
    loser_points = result.scores[result.loser]
    value = 3 if loser_points == 0 else 2 if loser_points <= 2 else 1
    assert results[0].value == 1 and result.value == value
    assert valued.settlements[0].value == value
    assert valued.settlements[0].points_due == value * plain.settlements[0].points_due


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
    assert cercle.current_game == 1 and not cercle.settlements
    cercle.bet("Cleo", "Ada", 5)  # the book of game 1 is still open
    game = Game(plugins=[cercle], seed=1)  # it still serves a two-seat game
    cercle.bet("Dora", "Blaise", 5)
    _finish_game(game)
    assert len(cercle.settlements) == 1 and cercle.settlements[0].matched == 5


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
    terms=st.fixed_dictionaries(
        {
            "value_per_point": st.integers(0, 3),
            "vole_multiplier": st.integers(1, 3),
            "king_multiplier": st.integers(1, 3),
            "commission_percent": st.integers(0, 20),
        }
    ),
)
def test_the_ledger_always_balances(rounds: list[Any], seed: int, terms: dict[str, int]) -> None:
    cercle = Cercle(players=PLAYERS, gallery=GALLERY, **terms)
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
        cash = {a: b for a, b in cercle.ledger.balances.items() if not a.startswith("(")}
        assert sum(cash.values()) + cercle.ledger.balance(Ledger.HOUSE) == money
        assert all(b >= 0 for b in cash.values())
        assert -cercle.ledger.balance(Ledger.DEBTS) == sum(cercle.debts().values())


CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")


def test_describe_shows_the_table_the_books_the_ledger_and_the_debts() -> None:
    cercle = Cercle(players={"Ada": 1, "Blaise": 1}, gallery={"Cleo": 30}, value_per_point=2)
    cercle.bet("Cleo", "Ada", 10)
    game = Game(plugins=[cercle], seed=0)
    cercle.bet("Cleo", "Blaise", 4, game=2)
    assert game.describe() == (
        "cercle: at the table seat 0 Ada (1), seat 1 Blaise (1)",
        "cercle: gallery Cleo (16)",
        "cercle: game 1 book open: Cleo 10 on Ada",
        "cercle: game 2 book open: Cleo 4 on Blaise",
        "cercle: house 0, stakes held 14",
        "cercle: game 1 of 3: the table closes after game 3",
    )
    game.apply(game.legal_actions()[0])  # dealt: game 1's book closes
    assert "cercle: game 1 book closed: Cleo 10 on Ada" in game.describe()
    _finish_game(game, 0)  # Blaise loses 6-2: owes 8, has 1
    assert game.describe() == (
        "cercle: at the table seat 0 Ada (2), seat 1 Blaise (0)",
        "cercle: gallery Cleo (26)",  # game 1 was not matched: Cleo's 10 came back
        "cercle: game 2 book open: Cleo 4 on Blaise",  # its packets are not chosen yet
        "cercle: game 3 book open: no bets",
        "cercle: house 0, stakes held 4",
        "cercle: debts: Blaise owes Ada 7",
        "cercle: game 2 of 3: the table closes after game 3",
        "cercle: results: Ada won 1 lost 0 (+8), Blaise won 0 lost 1 (-8)",
    )


def test_describe_is_public_and_changes_nothing() -> None:
    cercle, game = _table()
    cercle.bet("Cleo", "Ada", 10)
    players = {0: HeuristicPlayer(), 1: RandomPlayer(seed=4)}
    while not game.is_over:
        before = _state(cercle)
        seen = {game.describe(seat) for seat in (None, 0, 1)}
        assert len(seen) == 1  # the same for every seat and for a spectator
        assert not any(CARD.search(line) for line in seen.pop())  # no card of any hand
        assert _state(cercle) == before
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"commission_percent": "5"}, "must be a number"),
        ({"commission_percent": 100}, r"in \[0, 100\)"),
        ({"players": {"(house)": 5, "Ada": 5}}, "not a name"),
        ({"players": {"Ada": 5}}, "two players, not 1"),
        ({"vole_multiplier": -1}, "vole_multiplier must be an int >= 0"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(EcarteError, match=match):
        Cercle(**kwargs)
    assert Cercle(commission_percent=2.5).commission_percent == Fraction(5, 2)


def test_standings_are_per_person_when_a_seat_changes_hands() -> None:
    """Three people each win one game, seat 0 winning two of them held by two people:
    the standings credit each person with their own game, never a seat's."""
    for seed in range(200):
        cercle = Cercle(players={"Ada": 30, "Blaise": 30}, gallery={"Cleo": 30})
        game = Game(plugins=[cercle], seed=seed)
        rng = RandomPlayer(seed=seed)
        done: set[tuple[int, str, str]] = set()
        while not game.is_over:
            number = cercle.open_books()[0] if cercle.open_books() else 0
            key = (number, *cercle.seated.values())
            if number and key not in done:
                done.add(key)  # each backer stakes 1 on each player of that game
                for backer in list(cercle.gallery):
                    for player in cercle.seated.values():
                        if cercle.balance(backer) >= 1:
                            cercle.bet(backer, player, 1, game=number)
            game.apply(rng.choose(game.observation(game.to_act), game.legal_actions()))
        winners = [x.winner for x in cercle.settlements]
        if len(set(winners)) == 3:
            break
    else:
        pytest.fail("no seed below 200 gives three winners")
    rows = {r.name: r for r in cercle.standings()}
    assert {n: (r.won, r.lost) for n, r in rows.items()} == {
        n: (winners.count(n), [x.loser for x in cercle.settlements].count(n)) for n in rows
    }
    assert all(r.won == 1 for r in rows.values())
    assert sum(r.net for r in rows.values()) + cercle.balance(Ledger.HOUSE) == 0
