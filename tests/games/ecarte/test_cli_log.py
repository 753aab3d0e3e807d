"""The ``ecarte`` command line: a match's log tells it in the game's words (tricks, the
point or the vole, penalties, stakes), against the same match played beside it."""

from __future__ import annotations

import io
import re

import pytest

from ecarte import Game, Rules, cli
from ecarte.games.ecarte import terminal
from ecarte.games.ecarte._render import Screen
from ecarte.players import HeuristicPlayer


def _bots_match(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main(["play", "--bots", *argv]) == 0
    return capsys.readouterr().out


def _hands_told(out: str) -> list[tuple[int, dict[int, int], dict[int, int]]]:
    """Each "hand N over" line: the number, the tricks and the scores by seat."""
    told = []
    for m in re.finditer(r"hand (\d+) over: tricks (.*); scores (.*)$", out, re.M):
        told.append(
            (
                int(m[1]),
                {int(s): int(n) for s, n in re.findall(r"seat (\d) (\d+)", m[2])},
                {int(s): int(n) for s, n in re.findall(r"seat (\d) (\d+)", m[3])},
            )
        )
    return told


@pytest.mark.parametrize("seed", [2, 3, 11])  # 2: a king turned up ends a game at once
def test_the_log_tells_tricks_points_and_voles_as_they_were(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every trick's winner, the point or the vole of every hand and the scores in seat
    order, against the same match played beside it."""
    out = _bots_match(["--seed", str(seed)], capsys)
    shadow = Game(seed=seed)
    bot = HeuristicPlayer()
    hands = []
    while not shadow.is_over:
        if shadow.to_act < 0:
            shadow.apply_chance()
            continue
        games, results = len(shadow.game_results), shadow.hand_results
        shadow.apply(bot.choose(shadow.observation(shadow.to_act), shadow.legal_actions()))
        if len(shadow.game_results) > games:
            hands.extend(shadow.game_results[-1].hands[len(results) :])
        elif len(shadow.hand_results) > len(results):
            hands.append(shadow.hand_results[-1])
    told = _hands_told(out)
    assert [n for n, _, _ in told] == [h.number for h in hands]
    for (_, tricks, scores), hand in zip(told, hands, strict=True):
        assert tricks == dict(hand.tricks) and list(tricks) == sorted(tricks)  # seat order
        assert list(scores) == sorted(scores)
    # the tricks one by one: each hand's trick lines count up to its tricks
    blocks = re.split(r"hand \d+ over", out)
    for block, hand in zip(blocks, hands, strict=False):
        won = re.findall(r"trick (\d) to seat (\d) \(tricks: seat 0 (\d), seat 1 (\d)\)", block)
        if hand.complete:
            assert [int(n) for n, *_ in won] == [1, 2, 3, 4, 5]
            assert (int(won[-1][2]), int(won[-1][3])) == (hand.tricks[0], hand.tricks[1])
        for seat in (0, 1):
            assert sum(1 for _, w, *_ in won if int(w) == seat) == hand.tricks[seat]
    for hand in hands:
        taker = max(hand.tricks, key=lambda s: hand.tricks[s])
        if hand.tricks[taker] == 5:
            assert re.search(rf"seat {taker} makes the vole \(all five tricks\): \+\d", out)
        elif hand.complete:
            assert f"seat {taker} wins the point ({hand.tricks[taker]} tricks): +" in out
    assert " scores the tricks" not in out
    for line in out.splitlines():
        if line.startswith("== game ") and " won by seat " in line:
            assert re.fullmatch(r"== game \d+ won by seat \d: seat 0 \d+, seat 1 \d+ ==", line)
    assert "worth" not in out  # no stakes in the classic rules


def test_a_hand_followed_at_once_by_a_game_won_on_a_king_is_told_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The last trick and the point of a hand whose end is followed, in the same step, by
    a deal whose turned-up king ends the game: told for that hand, not for the new one."""
    out = _bots_match(["--seed", "2"], capsys)
    told = (
        "   * trick 5 to seat 0 (tricks: seat 0 2, seat 1 3)\n"
        "   * seat 1 wins the point (3 tricks): +1 -> 4\n"
        "   * hand 5 over: tricks seat 0 2, seat 1 3; scores seat 0 1, seat 1 4\n"
        "   hand 6: seat 1 deals 3-2, turn-up K♣\n"
        "   * seat 1 turns up the king: +1 -> 5\n"
    )
    assert told in out
    assert "trick 0 " not in out and "(0 tricks)" not in out


def test_the_penalty_is_told_when_it_falls(capsys: pytest.CaptureFixture[str]) -> None:
    told = 0
    for seed in range(1, 12):
        out = _bots_match(["--seed", str(seed), "--opponent", "random"], capsys)
        for m in re.finditer(r"wins the point \((\d) tricks\): \+(\d+) -> \d+(.*)", out):
            penalty = m[3].startswith("; the penalty: ")
            assert penalty == (m[2] == "2"), m[0]  # a point scores 2 under a penalty only
            told += penalty
            assert re.fullmatch(
                r"(; the penalty: seat \d (played without proposing|refused a proposal) and "
                r"lost the point)?",
                m[3],
            )
    assert told
    out = _bots_match(["--seed", "5", "--opponent", "random", "--rules", "brazilian"], capsys)
    assert "penalty" not in out  # penalties off


def test_stakes_are_shown_only_when_games_have_values() -> None:
    for values in (False, True):
        out = io.StringIO()
        game = Game(Rules(game_values=values, target=2), seed=4)
        bots = {s: HeuristicPlayer() for s in range(2)}
        terminal._Match(game, Screen(out), bots, [], io.StringIO(), ()).run()
        won = re.findall(r"== game (\d+) won by .*?( \(worth (\d)\))? ==", out.getvalue())
        assert len(won) == len(game.game_results)
        for (number, worth, value), result in zip(won, game.game_results, strict=True):
            assert int(number) == result.number
            assert (worth != "") == values
            if values:
                assert int(value) == result.value


def test_a_king_announced_is_told_once(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 1: seat 1 announces the king of trumps three times in the match
    out = _bots_match(["--seed", "1"], capsys)
    announced = re.findall(r"^   \* seat 1 announces the king: \+1 -> \d+$", out, re.M)
    assert len(announced) == 3
    assert not re.search(r"^ .*seat \d: king$", out, re.M)  # not the action, then its score
