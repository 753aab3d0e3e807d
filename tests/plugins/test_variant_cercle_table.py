"""Club écarté is a table of people: games follow one another between the two people
seated until the table closes (a number of games, or on request), and its results are
per person, whoever held which seat."""

from __future__ import annotations

import copy
import gc
import io
import pickle
import re
import weakref
from typing import Any

import pytest
from ecarte_cercle import Cercle, Ledger

from ecarte import EcarteError, Game, SaveFormatError, cli
from ecarte.players import RandomPlayer, play_match


def _bets(cercle: Cercle, done: set[tuple[Any, ...]]) -> None:
    """Each backer stakes 1 on each seated player, once per game and seating."""
    books = cercle.open_books()
    if not books:
        return
    key = (books[0], *cercle.seated.values())
    if key in done:
        return
    done.add(key)
    for backer in list(cercle.gallery):
        for player in cercle.seated.values():
            if cercle.balance(backer) >= 1:
                cercle.bet(backer, player, 1, game=books[0])


def _play(game: Game, cercle: Cercle, seed: int, until_games: int | None = None) -> None:
    rng = RandomPlayer(seed=seed)
    done: set[tuple[Any, ...]] = set()
    while not game.is_over and (until_games is None or len(game.game_results) < until_games):
        _bets(cercle, done)
        game.apply(rng.choose(game.observation(game.to_act), game.legal_actions()))


def _three_winners() -> tuple[Cercle, Game]:
    """A table of three games at which three people each won one game."""
    for seed in range(300):
        cercle = Cercle(players={"Ada": 30, "Blaise": 30}, gallery={"Cleo": 30})
        game = Game(plugins=[cercle], seed=seed)
        _play(game, cercle, seed)
        if len({x.winner for x in cercle.settlements}) == 3:
            return cercle, game
    pytest.fail("no seed below 300 gives three winners")


def test_three_people_each_winning_one_game_are_three_results() -> None:
    """One seat won two of the three games, held by two people: the table did not stop
    there, and each person has their own game."""
    cercle, game = _three_winners()
    results = game.game_results
    assert len(results) == 3 and game.is_over and cercle.closed
    seat_wins = [sum(r.winner == seat for r in results) for seat in (0, 1)]
    assert max(seat_wins) == 2  # the seat that "won the match" by the count of seats
    twice = seat_wins.index(2)
    settled = zip(cercle.settlements, results, strict=True)
    people = {x.winner for x, r in settled if r.winner == twice}
    assert len(people) == 2  # held by two people
    rows = {r.name: r for r in cercle.standings()}
    assert {n: (r.won, r.lost) for n, r in rows.items()} == {
        n: (
            sum(x.winner == n for x in cercle.settlements),
            sum(x.loser == n for x in cercle.settlements),
        )
        for n in ("Ada", "Blaise", "Cleo")
    }
    assert all(r.won == 1 for r in rows.values())
    assert sum(r.net for r in rows.values()) + cercle.balance(Ledger.HOUSE) == 0
    assert "cercle: the table is closed after 3 games" in game.describe()
    shown = next(line for line in game.describe() if line.startswith("cercle: results: "))
    for name, row in rows.items():
        assert f"{name} won 1 lost {row.lost} ({row.net:+d})" in shown


@pytest.mark.parametrize("games", [1, 2, 4, 6])
def test_the_table_closes_after_its_number_of_games(games: int) -> None:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 50}, games=games)
    game = Game(plugins=[cercle], seed=games)
    assert cercle.games == games
    _play(game, cercle, games)
    assert len(game.game_results) == len(cercle.settlements) == games
    assert game.winner == game.game_results[-1].winner
    assert sum(r.won for r in cercle.standings()) == games
    assert cercle.ledger.balance(Ledger.STAKES) == 0  # books never played came back


def test_by_default_the_table_plays_the_longest_match_of_its_rules() -> None:
    cercle = Cercle()
    assert cercle.games is None  # the rules are not known yet
    game = Game(plugins=[cercle], seed=2, variant="quick")
    assert cercle.games == 2 * game.rules.games_to_win - 1 == 3
    play_match(game, {0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
    assert len(game.game_results) == 3


def test_the_table_closes_on_request_when_its_game_ends() -> None:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 50}, games=10)
    game = Game(plugins=[cercle], seed=5)
    _play(game, cercle, 5, until_games=1)
    assert cercle.current_game == 2 and not cercle.closed
    assert cercle.close() == 2
    assert cercle.games == 2 and "the table closes after game 2" in game.describe()[-2]
    _play(game, cercle, 5)
    assert len(game.game_results) == 2 and cercle.closed
    assert game.describe()[-2] == "cercle: the table is closed after 2 games"
    with pytest.raises(EcarteError, match="the table is closed"):
        cercle.close()
    with pytest.raises(EcarteError, match="no more bets"):
        cercle.bet("Cleo", cercle.seated[0], 1)


def test_a_table_closed_before_its_first_game_plays_one() -> None:
    cercle = Cercle()
    assert cercle.close() == 1
    game = Game(plugins=[cercle], seed=1)
    play_match(game, {0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
    assert len(game.game_results) == 1


@pytest.mark.parametrize("games", [0, -1, 2.0, True, "3"])
def test_a_bad_number_of_games_is_refused(games: Any) -> None:
    with pytest.raises(EcarteError, match="games must be an int >= 1"):
        Cercle(games=games)


def _mid_table(seed: int) -> tuple[Cercle, Game]:
    """A table of six games, in its third game, after a seat changed hands."""
    for s in range(seed, seed + 200):
        cercle = Cercle(players={"Ada": 40, "Blaise": 40}, gallery={"Cleo": 40}, games=6)
        game = Game(plugins=[cercle], seed=s)
        _play(game, cercle, s, until_games=2)
        if any(x.new_player for x in cercle.settlements):
            game.apply(game.legal_actions()[0])
            return cercle, game
    pytest.fail("no seat changed hands")


def test_a_table_saved_mid_way_goes_on_as_the_original() -> None:
    cercle, game = _mid_table(0)
    saved = game.to_dict()
    assert saved["state"]["cercle"]["games"] == 6
    back = Game.from_dict(saved)
    other = back.plugin("cercle")
    assert isinstance(other, Cercle) and other is not cercle
    assert other.standings() == cercle.standings() and other.seated == cercle.seated
    _play(game, cercle, 9)
    _play(back, other, 9)
    assert len(back.game_results) == 6 and back.is_over
    assert back.to_dict() == game.to_dict()
    assert other.standings() == cercle.standings()


def test_a_table_closed_on_request_is_saved_with_its_last_game() -> None:
    cercle, game = _mid_table(3)
    number = cercle.close()
    back = Game.from_dict(game.to_dict())
    assert back.plugin("cercle").games == number  # type: ignore[attr-defined]
    _play(game, cercle, 4)
    _play(back, back.plugin("cercle"), 4)  # type: ignore[arg-type]
    assert len(back.game_results) == number and back.is_over
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict() == back.to_dict()


def test_a_table_by_name_closed_on_request_cannot_be_restored() -> None:
    game = Game(variant="cercle", seed=4)
    cercle = game.plugin("cercle")
    assert isinstance(cercle, Cercle)
    _play(game, cercle, 1, until_games=1)
    cercle.close()
    _play(game, cercle, 1)
    with pytest.raises(SaveFormatError, match="closes after 2 games, but the plugin rebuilt"):
        Game.from_dict(game.to_dict())


def test_a_table_by_name_closed_after_its_first_game_says_one_game() -> None:
    game = Game(variant="cercle", seed=4)
    cercle = game.plugin("cercle")
    assert isinstance(cercle, Cercle)
    assert cercle.close() == 1
    _play(game, cercle, 1)
    with pytest.raises(SaveFormatError, match="closes after 1 game, but the plugin rebuilt"):
        Game.from_dict(game.to_dict())


def test_a_saved_number_of_games_is_checked() -> None:
    _, game = _mid_table(0)
    saved = game.to_dict()
    for bad in (5, 7, "6", None, True):
        saved["state"]["cercle"]["games"] = bad
        with pytest.raises(SaveFormatError, match="games: "):
            Game.from_dict(saved)


def _old_match_of_seats() -> dict[str, Any]:
    """A table saved by an older version (no number of games in its state), whose seat 0
    or 1 won the first two games."""
    for seed in range(100):
        game = Game(variant="cercle", seed=seed)
        rng = RandomPlayer(seed=seed)
        while len(game.game_results) < 2:
            game.apply(rng.choose(game.observation(game.to_act), game.legal_actions()))
        if max(game.games_won) == 2:
            saved = game.to_dict()
            del saved["state"]["cercle"]["games"]
            return saved
    pytest.fail("no seat won the first two games")


def test_an_older_match_of_seats_that_ended_cannot_go_on() -> None:
    with pytest.raises(SaveFormatError, match="older version as a match of seats"):
        Game.from_dict(_old_match_of_seats())


def test_an_older_match_of_seats_goes_on_as_it_did() -> None:
    game = Game(variant="cercle", seed=8)
    game.apply(game.legal_actions()[0])
    saved = game.to_dict()
    del saved["state"]["cercle"]["games"]
    back = Game.from_dict(saved)
    assert "a match of seats" in back.describe()[-1]
    assert back.to_dict() == saved  # saved again as the older version wrote it
    play_match(back, {0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
    assert max(back.games_won) == back.rules.games_to_win


def test_close_at_the_terminal() -> None:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30}, games=5)
    game = Game(plugins=[cercle], seed=1)
    talk = cercle.terminal_talk(game, [0], seed=1)
    assert "close" in talk.commands
    assert talk.command(game, 0, "close") == ["cercle: the table closes after game 1"]
    with pytest.raises(EcarteError, match="the table is closed"):
        play_match(game, {0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
        talk.command(game, 0, "close")
    assert len(game.game_results) == 1
    assert "cercle: the table is closed after 1 game" in game.describe()


@pytest.mark.parametrize(
    "text",
    ["bet ²", "bet 5 game ²", "bet Blaise ³", "bet " + "9" * 5000, "bet 5 game " + "9" * 5000],
)
def test_a_bet_with_a_number_that_is_not_one_is_refused_at_the_terminal(text: str) -> None:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30})
    game = Game(plugins=[cercle], seed=1)
    talk = cercle.terminal_talk(game, [0], seed=1)
    before = (cercle.balance("Ada"), game.describe())
    with pytest.raises(EcarteError):
        talk.command(game, 0, text)
    assert (cercle.balance("Ada"), game.describe()) == before


def test_close_with_more_words_is_refused_at_the_terminal() -> None:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30}, games=5)
    game = Game(plugins=[cercle], seed=1)
    talk = cercle.terminal_talk(game, [0], seed=1)
    before = game.describe()
    with pytest.raises(EcarteError, match="close takes no other word"):
        talk.command(game, 0, "close 3")  # not "after game 3": the table would close now
    assert game.describe() == before
    assert talk.command(game, 0, "CLOSE") == ["cercle: the table closes after game 1"]


def test_a_game_dropped_is_freed_at_once_and_its_table_closes() -> None:
    """The plugin holds its game weakly: a game and its cercle make no reference cycle,
    so a game that is dropped is freed without the garbage collector, and the table it
    served is closed (no bets on games nobody can play)."""
    cercle = Cercle(players={"Ada": 30, "Blaise": 30}, gallery={"Cleo": 30})
    game = Game(plugins=[cercle], seed=1)
    _play(game, cercle, seed=1, until_games=1)
    number, books = cercle.current_game, cercle.open_books()
    assert number == 2 and books and not cercle.closed
    gone = weakref.ref(game)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del game
        assert gone() is None  # freed by its reference count alone
    finally:
        if enabled:
            gc.enable()
    assert cercle.closed and cercle.open_books() == () and cercle.current_game == number
    with pytest.raises(EcarteError, match="no more bets"):
        cercle.bet("Ada" if "Ada" in cercle.gallery else "Cleo", cercle.seated[0], 1)
    with pytest.raises(EcarteError, match="serves one game"):
        Game(plugins=[cercle], seed=2)


def test_the_terminal_tells_the_end_of_the_table_in_the_clubs_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ecarte play --variant cercle`` ends with the club table's end (the games played,
    who is up, the books), never with a seat winning a match."""
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdout", out)
    monkeypatch.setattr(cli.sys, "stdin", io.StringIO(""))
    gallery = 'gallery={"Cleo": 40, "Dora": 30}'
    assert (
        cli.main(["play", "--bots", "--seed", "4", "--variant", "cercle", "--option", gallery]) == 0
    )
    text = out.getvalue()
    assert "match over" not in text and "match won by seat" not in text
    end = text[text.rindex("== game 3 won by") :].splitlines()
    heading = re.fullmatch(
        r"the table is closed after 3 games: (.+) is up (\d+), (.+) down (\d+)", end[2]
    )
    assert heading, end
    assert re.fullmatch(r"   the books: every stake settled.*; no debts", end[3]), end
    results = next(line for line in end if line.startswith("   | cercle: results: "))
    assert f"{heading[1]} won" in results and f"(+{heading[2]})" in results
    assert f"{heading[3]} won" in results and f"(-{heading[4]})" in results


def test_a_table_serving_a_game_is_copied_with_its_game_only() -> None:
    """A table holds its game weakly: copied alone it would serve that game without
    hearing from it, so it is refused; a table that serves no game yet is copied, and the
    game carries its table (``copy.deepcopy`` of the game rebuilds both)."""
    cercle = Cercle(players={"Ada": 30, "Blaise": 30}, gallery={"Cleo": 30})
    cercle.bet("Cleo", "Ada", 5)
    fresh = pickle.loads(pickle.dumps(cercle))
    assert fresh.book() == cercle.book() and fresh.ledger.balances == cercle.ledger.balances
    game = Game(plugins=[cercle], seed=1)
    for copy_it in (copy.deepcopy, lambda c: pickle.loads(pickle.dumps(c))):
        with pytest.raises(SaveFormatError, match="saved and copied with its game"):
            copy_it(cercle)
    twin = copy.deepcopy(game)
    copied = twin.plugin("cercle")
    assert isinstance(copied, Cercle) and copied is not cercle
    assert copied.book() == cercle.book() and copied.current_game == cercle.current_game
