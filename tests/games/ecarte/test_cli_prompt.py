"""The ``ecarte`` command line: a human at the prompt (help, rules, discards, the
cards drawn and played for them) and at a table of variants (la poule, club écarté)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from helpers.cli import run_cli, run_ecarte

from ecarte import CardSet, Discard, Game, IllegalActionError, Phase, Play, Rules, Suit, cli
from ecarte.games.ecarte import terminal
from ecarte.games.ecarte._render import Screen, discard_rule, rules_table
from ecarte.players import HeuristicPlayer

# ------------------------------------------------------------------ a human at the prompt


def test_human_is_reprompted_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    # Answer the first prompts with nonsense, then always the first choice.
    answers = ["nonsense", "accept", "99", "²", "\u212a♠"] + ["1"] * 400
    status, text = run_cli(
        monkeypatch, ["play", "--seed", "3"], "\n".join(answers) + "\n", tty=True
    )
    assert "not understood: not an action: 'nonsense'" in text
    assert "type 'help' or '?' for help" in text
    assert (
        "not allowed: accept: seat 0, the dealer, chooses the packets now (3-2 or 2-3)" in text
    )  # the engine's
    assert "no choice 99: choose 1-2" in text
    assert "not understood: not an action: '²'" in text  # a digit int() rejects
    assert "not understood: not an action: '\u212a♠'" in text  # the Kelvin sign
    assert "your hand" in text
    # Either the match ended or the scripted answers ran out (EOF abandons cleanly).
    assert (status == 0 and "match over" in text) or (
        status == 1 and "match abandoned: end of input" in text
    )


def test_an_empty_line_asks_for_a_choice_and_plays_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seed 3: seat 0 deals and chooses the packets (two choices)
    status, text = run_cli(monkeypatch, ["play", "--human", "0", "--seed", "3"], "\n  \nquit\n")
    assert status == 0
    assert text.count("  nothing typed: choose 1-2, or type 'help' or '?' for help\n") == 2
    assert "not an action" not in text
    assert "seat 0: packets" not in text


def test_a_line_that_is_not_utf8_is_not_understood_and_the_input_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a terminal in another encoding; the stream decodes strictly (a UTF-8 locale)
    stdin = io.TextIOWrapper(io.BytesIO(b"caf\xe9\nquit\n"), encoding="utf-8", errors="strict")
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", stdin)
    monkeypatch.setattr(cli.sys, "stdout", out)
    assert cli.main(["play", "--human", "0", "--seed", "3"]) == 0
    text = out.getvalue()
    assert "  not understood: not an action: 'caf\ufffd'" in text
    assert text.rstrip().endswith("match abandoned: you quit")


def test_help_question_mark_rules_and_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run_cli(
        monkeypatch, ["play", "--human", "0", "--seed", "3"], "help\n?\nrules\nquit\n"
    )
    assert status == 0
    assert text.count("type one of:") == 2  # help and ?
    assert "not understood" not in text
    for command in ("rules", "help, ?", "quit", "discard 7♠ 8h"):
        assert f"  {command} " in text
    assert "rules in force:" in text
    for _, label, value in rules_table(Rules.classic()):
        assert re.search(rf"^  {re.escape(label)} +{re.escape(value)}$", text, re.M), label
    assert "variants: none (the classic game)" in text
    assert text.rstrip().endswith("match abandoned: you quit")


def test_help_lists_a_variants_words_once_in_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "3", "--variant", "cercle"]
    status, text = run_cli(monkeypatch, argv, "help\nquit\n")
    assert status == 0
    lines = text.split("type one of:\n", 1)[1].split("your choice>", 1)[0].splitlines()
    assert not [line for line in lines if re.match(r"  (bet  bet|close  close)\b", line)]
    bet = next(line for line in lines if line.startswith("  bet NAME AMOUNT [game N] "))
    assert bet.split("  ")[-1].startswith("stake on a seated player")
    width = lines[0].index("the choice with that number")
    assert bet.index("stake on a seated player") == width  # in the table's column
    assert lines[-1].startswith("  cards: ")  # the cards' line ends the help


def test_rules_lists_every_field_and_the_variants(
    monkeypatch: pytest.MonkeyPatch, teller: Path
) -> None:
    names = [name for name, _, _ in rules_table(Rules.classic())]
    assert names == [f.name for f in attrs.fields(Rules)]  # every field, in order
    assert dict((n, v) for n, _, v in rules_table(Rules.classic()))["rank_order"] == (
        "king-high: K Q J A 10 9 8 7"
    )
    argv = ["play", "--human", "0", "--seed", "3", "--variant", "quick"]
    status, text = run_cli(
        monkeypatch, [*argv, "--variant", "teller", "--option", "every=2"], "rules\nquit\n"
    )
    assert status == 0
    assert re.search(r"^  points to win a game +3$", text, re.M)  # as the variant set it
    assert "  quick: Quick game: a game is won at 3 points instead of 5" in text
    assert "  teller (every=2): Teller: says which game and hand it is" in text
    assert "   | hello seat 0: game 1 hand 1" in text


def test_end_of_input_exits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run_cli(monkeypatch, ["play", "--human", "1", "--seed", "3"], "")
    assert status == cli.EXIT_ABANDONED == 1
    assert "match abandoned: end of input while seat 1 was to play" in text
    proc = run_ecarte(["play", "--human", "0", "--seed", "3"], "1\n")
    assert proc.returncode == 1
    assert "match abandoned: end of input" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_end_of_input_at_a_variants_question_names_the_seat_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seed 3: seat 0 deals first; the book of game 1 asks seat 1 before the deal
    argv = ["play", "--human", "1", "--seed", "3", "--variant", "cercle"]
    status, text = run_cli(monkeypatch, argv, "")
    assert status == 1
    assert "cercle: bets on game 1 are open" in text
    assert text.rstrip().endswith("match abandoned: end of input while seat 1 was to play")


@pytest.mark.own_backends  # a child process on the default backend: once
def test_human_seat_scripted_from_a_pipe() -> None:
    proc = run_ecarte(["play", "--human", "0", "--seed", "3"], "1\n" * 1000)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    out = proc.stdout
    assert "table: seat 0 (you), seat 1 (bot)" in out
    assert "your choice> 1\n" in out  # the scripted answer is echoed
    assert "match over: seat" in out


def test_human_option_checks_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--human", "2", "--seed", "3"]) == 2
    assert "--human 2: the table has seats 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "--human", "0", "--bots"])
    assert exc.value.code == 2
    assert "argument --bots: not allowed with argument --human" in capsys.readouterr().err


def test_two_humans_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run_cli(
        monkeypatch, ["play", "--human", "0", "--human", "1", "--seed", "3"], "1\n1\n"
    )
    assert status == 1
    assert "table: seat 0 (human), seat 1 (human)" in text
    assert "seat 0> " in text and "seat 1> " in text


def test_two_humans_see_a_shared_variant_line_once(
    monkeypatch: pytest.MonkeyPatch, teller: Path
) -> None:
    # regles says the same to every seat; teller says a line of its own to each seat
    argv = ["play", "--human", "0", "--human", "1", "--seed", "3"]
    argv += ["--variant", "regles", "--variant", "teller"]
    status, text = run_cli(monkeypatch, argv, "quit\n")
    assert status == 0
    shared = [line for line in text.splitlines() if line.startswith("   | regles: ")]
    assert len(shared) == 1
    # a line for one of them only says whose it is
    assert text.count("   | seat 0: hello seat 0: game 1 hand 1\n") == 1
    assert text.count("   | seat 1: hello seat 1: game 1 hand 1\n") == 1


def test_two_humans_see_whose_a_variant_line_is(monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 3: seat 0 deals; then Jeux de Règles tells the elder, seat 1, about its hand
    argv = ["play", "--human", "0", "--human", "1", "--seed", "3", "--variant", "regles"]
    status, text = run_cli(monkeypatch, argv, "2\nquit\n")
    assert status == 0
    assert "   | seat 1: regles: your hand is not a jeu de règle\n" in text
    assert "   | regles: your hand" not in text


def test_human_discard_by_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: seat 0 deals; the bot proposes; accept and discard cards 1 and 2.
    _, text = run_cli(monkeypatch, ["play", "--seed", "3"], "1\n1\n1 2\n", tty=True)
    assert "discard which cards?" in text
    assert "seat 0: discards 2" in text


def _until(game: Game, done: Callable[[Game], bool]) -> None:
    bot = HeuristicPlayer()
    while not done(game):
        assert not game.is_over, "the match ended first"
        seat = game.to_act
        game.apply(bot.choose(game.observation(seat), game.legal_actions()))


def _human_turn(game: Game, answers: str) -> str:
    """One human decision of the seat to act, answered with ``answers``; the screen."""
    out = io.StringIO()
    seat = game.to_act
    bots = {s: HeuristicPlayer() for s in range(game.players) if s != seat}
    match = terminal._Match(game, Screen(out), bots, [seat], io.StringIO(answers), ())
    match._human_turn(seat)
    return out.getvalue()


def test_a_number_too_long_for_int_is_no_choice() -> None:
    # int() refuses a text of more than 4300 digits: the prompt repeats, nothing raises
    game = Game(seed=3)
    shown = _human_turn(game, "9" * 5000 + "\n" + "0" * 5000 + "1\n")
    assert "no choice 999" in shown
    assert game.action_from_id(37) in game.history  # choice 1: packets 3-2
    _until(game, lambda g: g.phase is Phase.ELDER_DISCARD or g.phase is Phase.DEALER_DISCARD)
    seat = game.to_act
    held = game.hand(seat)
    shown = _human_turn(game, "9" * 5000 + "\n" + "0" * 5000 + "1\n")
    assert "no card number 999" in shown
    assert game.hand(seat) != held  # the first card discarded


def test_an_illegal_card_shows_the_engines_reason() -> None:
    game = Game(seed=3)

    def must_follow(game: Game) -> bool:
        if game.phase is not Phase.PLAY or not game.trick:
            return False
        led = game.trick[0][1].suit
        held = game.hand(game.to_act)
        return any(c.suit == led for c in held) and any(c.suit != led for c in held)

    _until(game, must_follow)
    led = game.trick[0][1].suit
    bad = next(c for c in game.hand(game.to_act) if c.suit != led)
    good = next(a for a in game.legal_actions() if isinstance(a, Play))
    with pytest.raises(IllegalActionError) as why:
        game.clone().apply(Play(bad))
    assert f"must follow suit {led.symbol}" in str(why.value)
    text = _human_turn(game, f"{bad}\n{good}\n")
    assert f"  not allowed: {why.value}\n" in text
    assert "choose 1-" not in text
    assert game.history[-1] == good


def test_the_discard_prompt_says_how_many_cards() -> None:
    game = Game(seed=3)
    _until(game, lambda g: g.phase is Phase.ELDER_DISCARD)
    text = _human_turn(game, "\n1\n")  # nothing (refused: the elder must discard), then one
    assert "  discard 1 to 5 cards (at least 1); type their numbers or names" in text
    assert "empty for none" not in text
    assert f"  not allowed: discard: seat {game.elder} must discard at least 1" in text
    assert isinstance(game.history[-1], Discard) and len(game.history[-1].cards) == 1
    _until(game, lambda g: g.phase is Phase.DEALER_DISCARD)
    most = min(5, game.stock_size)
    text = _human_turn(game, "\n")
    assert f"  discard up to {most} cards (empty for none)" in text
    assert game.history[-1] == Discard(CardSet.of([]))

    spanish = Game("spanish", seed=3)  # the dealer must discard one too
    _until(spanish, lambda g: g.phase is Phase.DEALER_DISCARD)
    text = _human_turn(spanish, "discard 1\n")
    assert "  discard 1 to " in text and "(at least 1)" in text


@pytest.mark.parametrize(
    ("sizes", "rule"),
    [
        ([1, 2, 3, 4, 5], "discard 1 to 5 cards (at least 1)"),
        ([0, 1, 2, 3, 4, 5], "discard up to 5 cards (empty for none)"),
        ([0, 1], "discard up to 1 card (empty for none)"),
        ([2], "discard exactly 2 cards"),
        ([1], "discard exactly 1 card"),
        ([0], "nothing to discard: press Enter"),
        ([1, 3], "discard 1 or 3 cards"),
        ([0, 2, 3], "discard 0, 2 or 3 cards (empty for none)"),
    ],
)
def test_discard_rule(sizes: list[int], rule: str) -> None:
    assert discard_rule(sizes) == rule


# ------------------------------------------------------------------ variants at the table


def test_three_seats_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = run_cli(monkeypatch, argv, "quit\n")
    assert status == 0
    assert "table: seat 0 (you), seat 1 (bot), seat 2 (bot) (two play, the other waits)" in text
    rows = [line for line in text.splitlines() if line.startswith("  seat ")]
    assert len(rows) == 3
    assert [r.split()[3] for r in rows].count("waits") == 1
    assert not re.search(r"\b(you|bot) \d", text)  # no bare "you 0, bot 1" scores


def test_variant_lines_for_the_human(monkeypatch: pytest.MonkeyPatch, teller: Path) -> None:
    argv = ["play", "--human", "1", "--seed", "2", "--variant", "teller"]
    status, text = run_cli(monkeypatch, argv, "1\n" * 30 + "quit\n")
    assert status == 0
    assert "variants: teller; type 'help'" in text
    assert "   | hello seat 1: game 1 hand 1" in text  # the human's view, not a spectator's
    assert "seat None" not in text


def test_a_human_sees_the_cards_they_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run_cli(monkeypatch, ["play", "--human", "0", "--seed", "3"], "1\n" * 400)
    assert status == 0
    mine = re.findall(r"^   seat 0: discards (\d) \((.*)\), draws (.*)$", text, re.M)
    assert mine
    for count, gone, new in mine:
        assert len(gone.split()) == len(new.split()) == int(count)
    theirs = re.findall(r"^   seat 1: discards (\d+)(.*)$", text, re.M)
    assert theirs  # the count only
    assert all(rest == (f", draws {n}" if n != "0" else "") for n, rest in theirs)
    # the hand shown next holds the cards drawn, not those discarded
    after = text.split(f"draws {mine[0][2]}\n", 1)[1]
    hand = re.search(r"your hand \(\w+\): (.*)", after)
    if hand and "hand 2:" not in after[: hand.start()]:
        assert set(mine[0][2].split()) <= set(hand[1].split())
        assert not set(mine[0][1].split()) & set(hand[1].split())


def test_a_single_card_is_played_for_you(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run_cli(monkeypatch, ["play", "--human", "0", "--seed", "3"], "1\n" * 400)
    assert status == 0
    forced = re.findall(r"^   (\S+) is the only card you can play: played for you$", text, re.M)
    assert forced
    assert not re.search(r"^   1\) \S+[♠♥♦♣]\nyour choice> ", text, re.M)  # a card: not asked
    card = forced[0]
    assert f"played for you\n   seat 0: {card}\n" in text
    status, asked = run_cli(
        monkeypatch, ["play", "--human", "0", "--seed", "3", "--no-auto-play"], "1\n" * 400
    )
    assert status == 0
    assert "only card" not in asked
    assert re.search(r"^   1\) \S+[♠♥♦♣]\nyour choice> 1$", asked, re.M)  # one card, asked


def test_poule_a_waiting_human_sees_each_hand_by_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = run_cli(monkeypatch, argv, "1\n" * 2000)
    assert status == 0
    waits = text.split("   you wait: seats 1 and 2 play; each hand is told by its end\n")
    assert len(waits) == 2
    waiting = waits[1].split("== game 3:")[0]
    assert re.search(r"hand \d+ over: tricks seat 1 \d, seat 2 \d", waiting)
    assert not re.search(r"^   seat \d: ", waiting, re.M)  # no card, bid or discard
    assert "trick 1 to" not in waiting
    assert text.count("took the pool") == 1  # the end lines once
    assert text.count("poule: paid in:") == 1
    status, text = run_cli(monkeypatch, [*argv, "--option", "rotation=per-hand"], "1\n" * 3000)
    assert status == 0
    won = re.findall(r"^== game \d+ won by seat \d \(\w+\): (.*) ==$", text, re.M)
    assert won and all(re.fullmatch(r"seat 0 \d+, seat 1 \d+, seat 2 \d+", w) for w in won)
    assert text.count("   you wait: ") >= len(won)  # the human sits out a hand in three


def test_poule_the_wait_begins_after_the_game_the_human_lost_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game lost on a king turned up at the deal after the human's last card (one step):
    its last hand and its result are told before the human is told to wait."""
    argv = ["play", "--human", "0", "--seed", "2", "--variant", "poule"]
    status, text = run_cli(monkeypatch, argv, "1\n" * 2000)
    assert status == 0
    told = (
        "   * hand 3 over: tricks seat 0 0, seat 1 0; scores seat 0 0, seat 1 5\n"
        "== game 1 won by seat 1 (bot): seat 0 0, seat 1 5 ==\n"
        "== game 2: seats 1 and 2 ==\n"
    )
    assert told in text
    after = text.split(told, 1)[1]
    assert "   you wait: seats 1 and 2 play; each hand is told by its end\n" in after
    assert text.index("   you wait: ") > text.index(told)
    # a new player every hand: the wait names the two who play the hand waited for
    status, text = run_cli(monkeypatch, [*argv, "--option", "rotation=per-hand"], "1\n" * 2000)
    assert status == 0
    waits = re.findall(
        r"^   you wait: seats (\d) and (\d) play.*\n((?:.*\n)*?)"
        r".*hand \d+ over: tricks seat (\d) \d, seat (\d) ",
        text,
        re.M,
    )
    assert waits
    for a, b, between, c, d in waits:
        assert {a, b} == {c, d}
        assert not re.search(r"^   hand \d+: seat", between, re.M)  # no hand told whole
    assert "   hand 7: seat 2 deals" not in text  # (seats 1 and 2 play it, the human waits)


def test_poule_rules_say_the_variant_decides_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = run_cli(monkeypatch, argv, "rules\nquit\n")
    assert status == 0
    assert re.search(r"^  games to win the match +decided by poule \(below\)$", text, re.M)
    status, text = run_cli(monkeypatch, ["play", "--human", "0", "--seed", "5"], "rules\nquit\n")
    assert re.search(r"^  games to win the match +2$", text, re.M)


class _Answering(io.StringIO):
    """A human's input that reads the screen: ``answer(screen)`` gives each line."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str]) -> None:
        super().__init__()
        self.screen, self.answer = out, answer

    def readline(self, size: int | None = -1) -> str:
        return self.answer(self.screen.getvalue()) + "\n"


def _cercle_seed_4(monkeypatch: pytest.MonkeyPatch, answer: Callable[[str], str]) -> str:
    """The screen of a cercle match, seed 4, the gallery Cleo and Dora, the human at seat 0
    answering each question by ``answer(screen)``."""
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdout", out)
    monkeypatch.setattr(cli.sys, "stdin", _Answering(out, answer))
    gallery = 'gallery={"Cleo": 40, "Dora": 30}'
    argv = ["play", "--human", "0", "--seed", "4", "--variant", "cercle", "--option", gallery]
    assert cli.main(argv) == 0
    return out.getvalue()


def test_cercle_bets_from_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 4: the human covers in game 1, loses the seat to a backer, then bets from the
    gallery; the gallery's bots bet before each game."""
    placed: list[str] = []

    def answer(screen: str) -> str:
        question = screen.rsplit("cercle: bets on game ", 1)[-1]  # the last one asked
        if question.startswith("1 are open: bet AMOUNT") and "on themselves" not in question:
            placed.append("cover")
            return "bet 2"
        if "stakes on Cleo or Player 2" in question and "Player 1 stakes" not in question:
            placed.append("bet")
            return "bet player 2 5"  # the name in any case
        return "1"

    text = _cercle_seed_4(monkeypatch, answer)
    assert "   | cercle: Cleo stakes 4 on " in text and "   | cercle: Dora stakes 3 on " in text
    assert "cercle: bets on game 1 are open: bet AMOUNT stakes on yourself, Player 1" in text
    assert "   | cercle: Player 1 stakes 2 on themselves for game 1 (holds 98)" in text
    assert "cercle: at the table seat 0 Cleo" in text  # the backer took the seat
    assert "   you wait: seats 0 and 1 play" in text
    assert "   | cercle: Player 1 stakes 5 on Player 2 for game 2 (holds" in text
    assert placed[:2] == ["cover", "bet"]
    assert "seat 0 (bot)" in text  # the seat the human left is played by a bot


def test_a_variants_question_takes_its_choice_by_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "3", "--variant", "cercle"]
    status, text = run_cli(monkeypatch, argv, "Go on\nquit\n")
    assert status == 0
    assert "   1) go on" in text
    assert "not understood" not in text
    assert "game 1, hand 1: before the deal" in text  # the match went on


def test_cercle_bet_without_a_name_from_the_gallery_asks_for_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 4: the human loses the seat to a backer in game 1, then types bet AMOUNT."""
    asked: list[str] = []

    def answer(screen: str) -> str:
        question = screen.rsplit("cercle: bets on game ", 1)[-1]  # the last one asked
        if "stakes on Cleo or Player 2" in question:
            asked.append(question)
            return "bet 5" if len(asked) == 1 else "quit"
        return "1"

    text = _cercle_seed_4(monkeypatch, answer)
    assert "unknown player ''" not in text
    assert (
        "  not allowed: from the gallery, name the player you back: bet Cleo 5 or bet Player 2 5"
        in text
    )
    assert "Player 1 stakes" not in text.split("your choice> bet 5", 1)[1]


def test_cercle_bets_during_the_game_before_under_rules_that_deal_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gallery = 'gallery={"Cleo": 40}'
    argv = ["play", "--human", "0", "--seed", "4", "--rules", "brazilian", "--variant", "cercle"]
    status, text = run_cli(monkeypatch, [*argv, "--option", gallery], "bet 3\n" + "1\n" * 3000)
    assert status == 0
    first = text.index("cercle: bets on game 2 are open")
    assert first < text.index("== game 1 won by")  # game 1 was dealt with the table
    assert "bets on game 1 are open" not in text
    assert "   | cercle: Player 1 stakes 3 on themselves for game 2 (holds 97)" in text


def test_cercle_bet_refused_in_the_games_words(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "4", "--variant", "cercle"]
    status, text = run_cli(monkeypatch, argv, "bet 1000\nbet Player 2 5\nbet\nbet 5 game 9\nquit\n")
    assert status == 0
    assert "  not allowed: Player 1 holds 100, cannot stake 1000" in text
    assert "  not allowed: at the table you stake on yourself only: bet 5" in text
    assert "  not allowed: write bet NAME AMOUNT (or bet AMOUNT at the table) [game N]" in text
    assert "  not allowed: bets are taken on the current game (1) and the next one only" in text
    status, text = run_cli(monkeypatch, ["play", "--human", "0", "--seed", "4"], "help\nquit\n")
    assert "bet NAME AMOUNT" not in text  # a word of club écarté only


def test_a_terminal_without_the_suit_symbols_shows_their_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # an ASCII terminal (PYTHONIOENCODING=ascii, an old console): the cards as they are
    # typed (K♠ as Ks), the match played to its end, not a UnicodeEncodeError
    def run(encoding: str) -> tuple[int, str]:
        raw = io.BytesIO()
        out = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
        monkeypatch.setattr(cli.sys, "stdout", out)
        monkeypatch.setattr(cli.sys, "stdin", io.StringIO(""))
        status = cli.main(["play", "--bots", "--seed", "3"])
        out.flush()
        return status, raw.getvalue().decode(encoding)

    status, text = run("utf-8")
    assert status == 0 and "♦" in text
    status, ascii_text = run("ascii")
    assert status == 0
    letters = {s.symbol: s.letter for s in Suit}
    assert ascii_text == text.translate(str.maketrans(letters))
    assert cli.sys.stdout.errors == "strict"  # (a program that called main: as it was)


def test_an_error_on_a_terminal_without_the_suit_symbols_names_the_cards_in_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raw = io.BytesIO()
    err = io.TextIOWrapper(raw, encoding="ascii", errors="backslashreplace")
    monkeypatch.setattr(cli.sys, "stderr", err)
    monkeypatch.setattr(cli.sys, "stdout", io.StringIO())
    with pytest.raises(SystemExit):
        cli.main(["play", "--opponent", "K♠"])  # (argparse: invalid choice: 'K♠')
    err.flush()
    assert "Ks" in raw.getvalue().decode("ascii") and err.errors == "backslashreplace"


def test_a_move_word_while_discarding_is_told_a_discard_is_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # seed 74: the dealer (a bot) turns up a king, the elder (you) proposes, it accepts
    status, text = run_cli(
        monkeypatch, ["play", "--human", "1", "--seed", "74"], "propose\naccept\nquit\n"
    )
    assert status == 0
    assert "not a card" not in text
    assert (
        "  not understood: 'accept' is not a discard: discard 1 to 5 cards (at least 1) now, "
        "by their numbers or names; type 'help' or '?' for help\n"
    ) in text
