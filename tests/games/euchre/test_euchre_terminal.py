"""Euchre in the terminal (``ecarte play --game euchre``, ``ecarte.games.euchre.terminal``).

A shadow game, driven by the same seed, bots and choices, tells what the human must
see at each prompt and which moves are illegal there.
"""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
from collections.abc import Callable

import attrs
import pytest

from ecarte import CardSet, cli
from ecarte.games.euchre import EuchreAction, EuchreGame, EuchreRules, HeuristicBot
from ecarte.games.euchre.terminal import SEATS, main


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _play(argv: list[str], stdin: str = "", tty: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, _Tty(stdin) if tty else io.StringIO(stdin), out)
    return status, out.getvalue()


def _shadow(
    seed: int, pick: Callable[[EuchreGame], int] = lambda game: 0
) -> list[tuple[CardSet, tuple[EuchreAction, ...]]]:
    """North's hand and legal actions at each of its decisions in the game where the
    other seats are heuristic bots and North takes the choice numbered ``pick + 1``."""
    game = EuchreGame(EuchreRules.standard(), seed=seed)
    bots = {s: HeuristicBot() for s in (1, 2, 3)}
    decisions = []
    while not game.is_over:
        if game.to_act == 0:
            legal = game.legal_actions()
            decisions.append((game.hand(0), legal))
            game.apply(legal[pick(game)])
        else:
            game.apply(bots[game.to_act].choose(game))
    return decisions


def _ascii(action: EuchreAction) -> str:
    """A card's ASCII form (``Jh``, ``10s``), else the action's text."""
    text = str(action)
    for symbol, letter in zip("♣♦♥♠", "cdhs", strict=True):
        text = text.replace(symbol, letter)
    return text


def _words(action: EuchreAction) -> str:
    """A pattern of how the screen names ``action`` (a bid in the players' words)."""
    text = str(action)
    if text.startswith("call "):
        suit = text.split()[1]
        return rf"((order up|pick it up) \({suit} trumps\)|name {suit})"
    return re.escape({"alone": "go alone", "partner": "with partner"}.get(text, text))


# ------------------------------------------------------------------ bots only


def test_without_a_terminal_bots_play_and_the_log_is_printed() -> None:
    status, out = _play(["--seed", "3"])
    assert status == 0
    assert out.startswith(
        "Euchre, standard rules, game to 10\n"
        # nothing said that bots play every seat, nor how to play oneself
        "bots play every seat, the game log follows (stdin is not a terminal, or --bots; "
        "on a terminal you play North)\n"
    )
    assert "your choice" not in out and "your hand" not in out
    assert "== deal 1: dealer " in out and "trick 5 to " in out and "deal over: " in out
    last = re.findall(r"score: North-South (\d+), East-West (\d+)", out)[-1]
    assert max(map(int, last)) >= 10
    assert re.search(r"game over: (North-South|East-West) win 1\d-\d$", out.strip())


def test_the_log_names_each_trick_winner_who_then_leads() -> None:
    _, out = _play(["--seed", "8"])
    lines = out.splitlines()
    checked = 0
    for line, after in itertools.pairwise(lines):
        m = re.fullmatch(r"  trick [1-4] to (\w+) .*", line)
        if m:
            assert after.startswith(f"  {m[1]}: "), (line, after)
            checked += 1
    assert checked >= 12  # a game to 10 lasts three deals at least


def test_the_log_keeps_the_dealers_discard_secret() -> None:
    discards = []
    for seed in range(1, 6):
        _, out = _play(["--seed", str(seed)])
        discards += re.findall(r"takes \S+ and discards (.*)", out)
    assert discards and set(discards) == {"a card"}


def test_a_single_deal_under_the_openspiel_preset() -> None:
    status, out = _play(["--preset", "openspiel", "--seed", "4"])
    assert status == 0 and "a single deal" in out
    assert out.count("== deal ") == 1
    assert re.search(r"game over: returns North-South [+-]\d, East-West [+-]\d$", out.strip())


@pytest.mark.parametrize("deck", [25, 32])
def test_the_other_decks_play_to_the_end(deck: int) -> None:
    seen_joker = False
    for seed in range(1, 6):
        status, out = _play(["--deck", str(deck), "--seed", str(seed)])
        assert status == 0 and re.search(r"game over: .* win 1\d-\d+$", out.strip())
        seen_joker |= ": Joker" in out
        if deck == 32:
            assert re.search(r"\b[78][♣♦♥♠]", out)  # sevens and eights are played
    assert seen_joker == (deck == 25)


# ------------------------------------------------------------------ a human


def test_a_scripted_human_game_shows_north_its_own_hand_only() -> None:
    decisions = _shadow(seed=5)
    status, out = _play(["--human", "0", "--seed", "5"], "1\n" * len(decisions))
    assert status == 0, out[-500:]
    assert "table: North (you), East bot, South (partner) bot, West bot" in out
    hands = re.findall(r"^your hand: (.*)$", out, re.MULTILINE)
    assert hands == [str(hand) for hand, _ in decisions]
    choices = re.findall(r"^choices: (.*)$", out, re.MULTILINE)
    assert len(choices) == len(decisions)
    for shown, (_, legal) in zip(choices, decisions, strict=True):
        expected = "  ".join(f"{k}\\) {_words(a)}" for k, a in enumerate(legal, 1))
        assert re.fullmatch(expected, shown), (shown, expected)
    assert out.count("your choice> 1\n") == len(decisions)
    assert "game over: " in out and ("you win" in out or "you lose" in out)


def test_north_deals_takes_the_turned_card_and_discards() -> None:
    for seed in range(60):
        decisions = _shadow(seed)
        k = next(
            (k for k, (_, legal) in enumerate(decisions) if str(legal[0]).startswith("discard ")),
            None,
        )
        if k is not None:
            break
    else:
        pytest.fail("North never discards in 60 games")
    status, out = _play(["--human", "0", "--seed", str(seed)], "1\n" * len(decisions))
    assert status == 0
    card = str(decisions[k][1][0]).split()[-1]
    assert re.search(r"^you take \S+ into your hand and discard one card$", out, re.MULTILINE)
    assert re.search(rf"^  North \(you\) takes \S+ and discards {card}$", out, re.MULTILINE)
    assert f"you discarded: {card}" in out


def test_moves_by_their_text_and_ascii_cards() -> None:
    decisions = _shadow(seed=6)
    answers = [_ascii(legal[0]) for _, legal in decisions]
    assert any(re.fullmatch(r"[0-9JQKA]+[cdhs]", a) for a in answers)  # cards as Jh, 10s
    status, out = _play(["--human", "0", "--seed", "6"], "".join(f"{a}\n" for a in answers))
    assert status == 0
    assert "not allowed" not in out and "game over: " in out
    assert re.findall(r"^your hand: (.*)$", out, re.MULTILINE) == [str(h) for h, _ in decisions]


def test_an_illegal_card_shows_the_engines_reason_and_asks_again() -> None:
    for seed in range(20):
        decisions = _shadow(seed)
        found = next(
            (
                (k, card)
                for k, (hand, legal) in enumerate(decisions)
                for card in hand
                if legal[0].card is not None and str(card) not in map(str, legal)
            ),
            None,
        )
        if found:
            break
    else:
        pytest.fail("no seed gives North a card it may not play")
    k, card = found
    answers = ["1"] * k + [str(card), "1"] + ["1"] * (len(decisions) - k - 1)
    status, out = _play(["--human", "0", "--seed", str(seed)], "\n".join(answers) + "\n")
    assert status == 0
    assert f"not allowed: {card}: must follow suit (legal: " in out
    # the same decision again, then the game as in the shadow (state unchanged)
    assert re.findall(r"^your hand: (.*)$", out, re.MULTILINE) == [str(h) for h, _ in decisions]


def test_bad_input_is_refused_and_the_prompt_repeats() -> None:
    status, out = _play(["--human", "0", "--seed", "5"], "name ♠\n9\n\nquit\n")
    assert status == 0
    assert "not allowed: 'name ♠' is not a choice now (choices: pass, order up (♥ trumps))" in out
    assert "no choice 9: choose 1-" in out
    assert "type a choice's number or text" in out
    assert out.count("your hand: ") == 1 and out.endswith("game abandoned: you quit\n")


def test_a_card_in_the_bidding_is_refused_with_the_choices_in_the_players_words() -> None:
    status, out = _play(["--human", "0", "--seed", "5"], "K♠\nJh\nquit\n")
    assert status == 0
    for card in ("K♠", "Jh"):
        choices = "(choices: pass, order up (♥ trumps))"
        assert f"not allowed: {card!r} is not a choice now {choices}" in out
    assert "call ♥" not in out and "legal action" not in out
    assert out.count("your hand: ") == 1 and out.endswith("game abandoned: you quit\n")


def test_a_number_too_long_for_int_is_no_choice() -> None:
    # int() refuses a text of more than 4300 digits: the prompt repeats, nothing raises
    status, out = _play(
        ["--human", "0", "--seed", "5"], "9" * 5000 + "\n" + "0" * 5000 + "1\nquit\n"
    )
    assert status == 0
    assert out.count("no choice 999") == 1 and "Traceback" not in out
    assert out.endswith("game abandoned: you quit\n")


def test_help_rules_and_quit() -> None:
    status, out = _play(
        ["--human", "0", "--seed", "5", "--rules", "seed"], "help\n?\nrules\nquit\n"
    )
    assert status == 0
    assert out.count("help or ?   this help") == 2
    assert "rules (seed):" in out
    rules = out.split("rules (seed):\n")[1].split("your choice>")[0]
    assert re.search(r"^  the dealer may decline an ordered-up card +yes$", rules, re.M)
    assert re.search(r"^  the first lead +left of a lone player$", rules, re.M)
    assert re.search(r"^  points to win +10$", rules, re.M)
    assert len(rules.splitlines()) == len(attrs.fields(EuchreRules))  # every rule
    assert "_" not in rules and "True" not in rules  # no raw field names or values
    assert out.endswith("game abandoned: you quit\n")


def test_the_screen_speaks_as_players_do() -> None:
    """Ordering up and picking it up in the first round, naming a suit in the second,
    passing and going alone, and the phases as players name them."""
    status, out = _play(["--seed", "5", "--human", "0", "--rules", "seed"], "1\n" * 400)
    assert status == 0
    assert "-- North (you) to play: first round of bidding --" in out
    assert "choices: 1) pass  2) order up (♥ trumps)" in out
    assert "  North (you) passes" in out and "  South (partner) picks it up" in out
    assert "bids: West passes, North passes, East passes, South picks it up" in out
    assert "bid2" not in out and "call " not in out
    seen: set[str] = set()
    for seed in range(1, 40):
        _, human = _play(["--seed", str(seed), "--human", "0", "--rules", "seed"], "1\n" * 400)
        said = r"^  \w+(?: \(\w+\))? (orders up|picks it up|names|goes alone)"
        seen |= set(re.findall(said, human, re.M))
        seen |= set(re.findall(r"to play: (second round of bidding)", human))
        seen |= set(re.findall(r"\d\) (name) [♣♦♥♠]", human))
        seen |= set(re.findall(r"\d\) (go alone)", human))
        if len(seen) == 7:
            break
    assert seen == {
        "orders up",
        "picks it up",
        "names",
        "goes alone",
        "second round of bidding",
        "name",
        "go alone",
    }


@pytest.mark.parametrize(
    ("typed", "said"),
    [("order up", "orders up ♥"), ("ORDER", "orders up ♥"), ("call h", "orders up ♥")],
)
def test_the_players_words_are_understood(typed: str, said: str) -> None:
    _, out = _play(["--human", "0", "--seed", "5"], f"{typed}\nquit\n")
    assert f"  North (you) {said}" in out


def _second_round_for_north() -> tuple[int, int, str]:
    """A seed where North, passing in the first round, bids in the second: the seed, how
    many times North passes first and a suit North may name."""
    for seed in range(1, 60):
        game = EuchreGame(EuchreRules.standard(), seed=seed)
        bots = {s: HeuristicBot() for s in (1, 2, 3)}
        passes = 0
        while game.phase.value in ("bid", "bid2"):
            if game.to_act == 0:
                if game.phase.value == "bid2":
                    calls = [str(a) for a in game.legal_actions() if str(a).startswith("call")]
                    return seed, passes, calls[0].split()[1]
                game.apply("pass")
                passes += 1
            else:
                game.apply(bots[game.to_act].choose(game))
    pytest.fail("no second round for North")


@pytest.mark.parametrize("how", ["name {}", "name {word}", "{word}", "call {}"])
def test_name_a_suit_in_the_second_round(how: str) -> None:
    seed, passes, suit = _second_round_for_north()
    word = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}[suit]
    typed = how.format(suit, word=word) if how != "{word}" else f"name {word[0]}"
    _, out = _play(["--human", "0", "--seed", str(seed)], "pass\n" * passes + typed + "\nquit\n")
    assert "-- North (you) to play: second round of bidding --" in out
    assert re.search(r"choices: 1\) pass  2\) name [♣♦♥♠]", out)
    assert f"North (you) names {suit}" in out


def test_colour_on_request() -> None:
    _, plain = _play(["--seed", "3"])
    assert "\x1b[" not in plain
    _, coloured = _play(["--seed", "3", "--color", "always"])
    assert re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?♥", coloured)
    _, never = _play(["--seed", "3", "--color", "never"], tty=True)
    assert "\x1b[" not in never


def test_on_a_terminal_the_human_is_north() -> None:
    status, out = _play(["--seed", "5"], "quit\n", tty=True)
    assert status == 0
    assert "table: North (you)" in out and "your choice> " in out
    assert "your choice> quit" not in out  # a terminal echoes for itself


def test_end_of_input_abandons_the_game() -> None:
    status, out = _play(["--human", "2", "--seed", "5"], "")
    assert status == 1
    assert out.rstrip().endswith("game abandoned: end of input while South was to play")


def test_ctrl_c_exits_130() -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["--human", "0", "--seed", "5"], Interrupted(), out) == 130
    assert out.getvalue().endswith("game abandoned (interrupted)\n")


def test_two_humans_are_named_at_the_prompt() -> None:
    status, out = _play(["--human", "0", "--human", "1", "--seed", "5"], "1\n" * 400)
    assert status in (0, 1)
    assert "North> " in out and "East> " in out and "your choice" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--human", "4"], "--human 4: the seats are 0 to 3"),
        (["--target", "-1"], "target must be an int 0..1000"),
        (["--rules", "classic"], "invalid choice: 'classic'"),
        (["--human", "0", "--bots"], "not allowed with argument"),
    ],
)
def test_usage_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv, io.StringIO(), io.StringIO())
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


# ------------------------------------------------------------------ through ecarte


def test_ecarte_play_game_euchre_finds_the_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", io.StringIO("1\n" * 200))
    monkeypatch.setattr(cli.sys, "stdout", out)
    assert cli.main(["play", "--game", "euchre", "--human", "0", "--seed", "5"]) == 0
    assert "your hand: " in out.getvalue() and "game over: " in out.getvalue()


@pytest.mark.own_backends  # child processes on the default backend: once
def test_the_console_script_plays_euchre() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ecarte.cli", "play", "--game", "euchre", "--seed", "1"],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "game over: " in proc.stdout
    games = subprocess.run(
        [sys.executable, "-m", "ecarte.cli", "games"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert re.search(r"^euchre +Euchre", games.stdout, re.MULTILINE)
    assert SEATS == ("North", "East", "South", "West")


def test_under_the_seed_rules_the_makers_partner_is_asked_to_go_alone() -> None:
    """The log asks the maker, then the maker's partner, then the defenders from the
    maker's left; at most one a side goes alone."""
    checked = 0
    for seed in range(1, 4):
        _, out = _play(["--preset", "seed", "--seed", str(seed)])
        for block in re.findall(r"made by (\w+)\n((?:  \w+ (?:plays with|goes alone).*\n)+)", out):
            maker = SEATS.index(block[0])
            asked = [SEATS.index(w) for w in re.findall(r"^  (\w+) ", block[1], re.M)]
            order = [maker, (maker + 2) % 4, (maker + 1) % 4, (maker + 3) % 4]
            if "goes alone" in block[1].splitlines()[0]:
                order.remove((maker + 2) % 4)  # a lone maker: its partner is not asked
            assert asked == order[: len(asked)], block
            checked += 1
    assert checked >= 5


def test_a_deal_whose_turned_card_is_the_joker_has_its_heading() -> None:
    # seed 46, 25 cards: the joker is turned up and the dealer (West) names trumps
    status, out = _play(["--deck", "25", "--target", "0", "--seed", "46"])
    assert status == 0
    heading = "== deal 1: dealer West, turned up Joker; score North-South 0, East-West 0 =="
    assert out.splitlines()[2:4] == ["", heading]
    assert out.index(heading) < out.index("West names ")
