"""Deals dealt class by class: the exact shares of the classes, the sampler within a class,
the tables and the game from them, with the model and with the PIMC player at both seats,
the same whatever the executor."""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Literal

import pytest
from helpers import dask_two_workers

import ecarte.analysis as analysis
from ecarte import EcarteError
from ecarte._cards import PIQUET_DECK, CardSet, Suit
from ecarte.analysis import (
    add_arguments,
    cell_weights,
    class_shares,
    command,
    decision_table,
    first_decision_game,
    solve,
)
from ecarte.analysis._classtable import class_table
from ecarte.analysis._game import class_values
from ecarte.analysis._strata import _Lines, deal_seeds

pytest.importorskip("numpy", reason="the deals by class seed from numpy's SeedSequence")

# The analysis is the same Python on both backends; they differ only in the PIMC kernel
# the deals are evaluated by, and test_backends.py shows the pure twin's kernel gives
# every number the compiled one gives: these run on the live backend.
pytestmark = pytest.mark.own_backends

DECK = [c.id for c in PIQUET_DECK]


def _random_hand(rng: random.Random) -> tuple[int, int]:
    cards = rng.sample(DECK, 6)
    return sum(1 << c for c in cards[:5]), cards[5] >> 4


def test_the_shares_are_exact() -> None:
    shares = class_shares("shape")
    assert sum(shares.values()) == 1
    # the hands of t trumps: the hypergeometric chance among the 31 cards beside the turn-up
    for t in range(6):
        got = sum(s for label, s in shares.items() if label.startswith(f"{t} trump"))
        assert got == Fraction(comb(7, t) * comb(24, 5 - t), comb(31, 5))
    # no trump and no king: five of the 21 plain cards below the king
    assert shares["0 trumps, 0 kings"] == Fraction(comb(21, 5), comb(31, 5))
    pytest.importorskip("ecarte_regles")
    for side in ("elder", "dealer"):
        assert sum(class_shares("classic", side).values()) == 1


def test_a_class_depends_on_the_trumps_and_the_plain_suits_as_a_set() -> None:
    """The key the table labels once: the label of a hand does not change when its plain
    suits are exchanged (checked with the label functions themselves)."""
    rng = random.Random(7)
    bys = ["shape"]
    try:
        import ecarte_regles  # noqa: F401

        bys.append("classic")
    except ImportError:
        pass
    for by in bys:
        for side in ("elder", "dealer"):
            label = analysis._classes(by, side)
            table = class_table(by, side)
            for _ in range(150):
                hand, trump = _random_hand(rng)
                plain = [s for s in range(4) if s != trump]
                moved = list(plain)
                rng.shuffle(moved)
                other = hand & 0xFFFF << (16 * trump)
                for a, b in zip(plain, moved, strict=True):
                    other |= (hand >> (16 * a) & 0xFFFF) << (16 * b)
                name = label(CardSet(hand), Suit(trump))
                assert label(CardSet(other), Suit(trump)) == name
                assert table.label(hand, trump) == name


def test_a_hand_dealt_in_a_class_falls_in_it() -> None:
    table = class_table("shape", "elder")
    label = analysis._classes("shape", "elder")
    rng = random.Random(3)
    for k, name in enumerate(table.labels):
        for _ in range(20):
            hand, turnup = table.deal(k, rng)
            assert hand.bit_count() == 5 and not hand >> turnup & 1
            assert hand | 1 << turnup == hand | 1 << turnup & PIQUET_DECK.mask
            assert label(CardSet(hand), Suit(turnup >> 4)) == name


def test_the_deals_of_a_class_are_random_deals_in_it() -> None:
    """One trump and one king: the chance the king is the king of trumps, by enumerating
    every hand and turn-up, against 4,000 hands dealt in the class."""
    table = class_table("shape", "elder")
    k = table.labels.index("1 trump, 1 king")
    trump, king = 3, 11
    both = total = 0
    for five in combinations(DECK, 5):
        hand = sum(1 << c for c in five)
        trumps = [c for c in five if c >> 4 == trump]
        kings = [c for c in five if c & 15 == king]
        if len(trumps) == 1 and len(kings) == 1:
            turnups = 8 - 1
            total += turnups
            both += turnups * (trumps[0] == kings[0])
    exact = both / total
    rng = random.Random(11)
    n = 4000
    hits = 0
    for _ in range(n):
        hand, turnup = table.deal(k, rng)
        hits += bool(hand >> (turnup & ~15 | king) & 1)
    sigma = (exact * (1 - exact) / n) ** 0.5
    assert abs(hits / n - exact) < 4 * sigma
    assert 0.05 < exact < 0.5  # the test can tell


def test_the_model_lines_add_up_to_the_decisions() -> None:
    """Proposing is worth, to the elder, the line of the dealer's answer: the kernel's
    value of proposing (one world: the true deal) is the refused or the accepted line."""
    from ecarte.games.ecarte import _pure_pimc as model

    lines = _Lines("model", 1, None)
    rng = random.Random(5)
    deck = list(DECK)
    for i in range(200):
        rng.shuffle(deck)
        elder, dealer = sum(1 << c for c in deck[:5]), sum(1 << c for c in deck[5:10])
        trump, stock = deck[10] >> 4, sum(1 << c for c in deck[11:])
        base, respond = lines._queries(elder, dealer, trump, stock)
        propose, play = lines.kernel.values(base, (model.PROPOSE_OPTION, model.PLAY_OPTION), i, 1)
        refuse, accept = lines.model_respond(respond, i)
        (alone,) = lines.kernel.values(base, (model.PLAY_OPTION,), i, 1)
        assert play == alone
        assert propose == (refuse if lines.model_dealer_refuses(dealer, trump) else accept)


def test_the_pimc_lines_start_from_the_deal() -> None:
    lines = _Lines("pimc", 5, None)
    rng = random.Random(2)
    deck = list(DECK)
    rng.shuffle(deck)
    elder, dealer = sum(1 << c for c in deck[:5]), sum(1 << c for c in deck[5:10])
    game = lines.start(elder, dealer, deck[10], deck[11:], 1)
    assert game.hand(game.elder).mask == elder and game.hand(game.dealer).mask == dealer
    assert game.turnup.id == deck[10] and game.stock_size == 21
    assert game.to_act == game.elder
    from ecarte.games.ecarte.actions import PlayHand

    value = lines.play_out(game, (PlayHand(),), 9)
    assert value == lines.play_out(game, (PlayHand(),), 9)  # seeded
    assert -4 <= value <= 4 and not game.hand_results  # the game itself is untouched


def test_deal_seeds_are_spawn_keys() -> None:
    from numpy.random import SeedSequence

    state = SeedSequence(4, spawn_key=(1, 2, 3)).generate_state(2, "uint64")
    assert deal_seeds(4, 1, 2, 3) == (int(state[0]), int(state[1]))
    assert deal_seeds(4, 1, 2, 3) != deal_seeds(4, 1, 2, 4)


def test_the_tables_by_class(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = decision_table(60, seed=1, side="elder", by="shape", per_class=True)
    assert [r.deals for r in rows] == [60] * len(class_table("shape", "elder").labels)
    assert sum(r.share for r in rows if r.share is not None) == pytest.approx(1)
    for r in rows:
        assert r.low <= r.advantage <= r.high
    # each deal seeds itself: tasks of any size, on any executor, the same rows
    monkeypatch.setattr(analysis, "TASK_DEALS", 25)
    with ThreadPoolExecutor(2) as pool:
        again = decision_table(60, seed=1, side="elder", by="shape", per_class=True, executor=pool)
    assert again == rows
    # the first deals of a longer run are the same deals
    longer = decision_table(90, seed=1, side="elder", by="shape", per_class=True)
    assert [r.label for r in longer] == [r.label for r in rows]
    dealer = decision_table(40, seed=2, side="dealer", by="shape", per_class=True)
    assert all(r.deals == 40 for r in dealer)


def test_the_game_by_class_weighs_each_cell_by_the_classes_shares() -> None:
    """Deals of every class of both seats: a cell's weight is ``1 / (n / s_e + n / s_d)``,
    and the weights of a class's deals, on both samples, sum to its exact share (on
    average: within a few per cent here); every class rests on at least ``n`` deals."""
    n = 300
    game = first_decision_game(n, seed=3, by="shape", per_class=True)
    assert game.weights is not None
    elder, dealer = class_shares("shape"), class_shares("shape", "dealer")
    assert game.elder_classes == tuple(elder) and game.dealer_classes == tuple(dealer)
    assert game.weights == cell_weights(tuple(elder.values()), tuple(dealer.values()), n, n)
    for e, se in enumerate(elder.values()):
        for d, sd in enumerate(dealer.values()):
            assert game.weights[e][d] * (n / se + n / sd) == pytest.approx(1)
    rows = [sum(k * w for k, w in zip(*cells, strict=True))
            for cells in zip(game.deals, game.weights, strict=True)]  # fmt: skip
    columns = [sum(game.deals[e][d] * game.weights[e][d] for e in range(len(elder)))
               for d in range(len(dealer))]  # fmt: skip
    assert sum(rows) == pytest.approx(1, abs=0.02)
    for got, shares in ((rows, elder), (columns, dealer)):
        for x, share in zip(got, shares.values(), strict=True):
            assert x == pytest.approx(float(share), rel=0.12)
    assert all(sum(row) >= n for row in game.deals)
    assert all(sum(col) >= n for col in zip(*game.deals, strict=True))
    eq = solve(game, iterations=3000)
    assert eq.exploitability < 0.005
    from test_first_decision_game import _lp_value

    assert eq.value == pytest.approx(_lp_value(game), abs=0.005)
    # the weights matter: the same cells unweighted are another game
    unweighted = solve(game._replace(weights=None), iterations=3000)
    assert unweighted.value != pytest.approx(eq.value, abs=0.01)


@pytest.mark.long(6)
def test_the_game_by_class_agrees_with_the_game_on_random_deals() -> None:
    """The same seeded game on 10,000 random deals and on 200 deals of every class of
    both seats: the value on random deals falls in the interval of the value by class,
    and wherever a class's gain at the equilibrium by class is clear of zero and the
    random deals give the class 300 deals or more, both equilibria take the same option."""
    by: Literal["shape"] = "shape"
    plain = first_decision_game(10_000, seed=7, by=by)
    plain_eq = solve(plain, iterations=3000)
    found = analysis._run_strata((200, 0, 200), 7, by, None, "model", 1, None)
    game, deals = analysis._class_game(by, found, 200)
    eq = solve(game, iterations=3000)
    elder_rows, dealer_rows, (value, low, high) = class_values(game, deals, eq)
    assert low <= plain_eq.value <= high and low < value < high
    compared = 0
    for rows, chances, labels, plain_chances, sizes in (
        (elder_rows, eq.play, plain.elder_classes, plain_eq.play, map(sum, plain.deals)),
        (dealer_rows, eq.refuse, plain.dealer_classes, plain_eq.refuse,
         map(sum, zip(*plain.deals, strict=True))),
    ):  # fmt: skip
        plain_by_label = dict(zip(labels, zip(plain_chances, sizes, strict=True), strict=True))
        for row, chance in zip(rows, chances, strict=True):
            assert row.low <= row.advantage <= row.high
            assert (chance > 0.5) == (row.advantage > 0) or row.low < 0 < row.high
            x, size = plain_by_label.get(row.label, (0.5, 0))
            if size >= 300 and not row.low < 0 < row.high:
                assert (x > 0.5) == (row.advantage > 0), row.label
                compared += 1
    assert compared >= 12  # the test can tell


def test_the_pimc_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small run with the PIMC player at both seats: seeded, the same in tasks of any
    size on any executor."""
    kw = {"by": "shape", "per_class": True, "players": "pimc", "worlds": 4}
    rows = decision_table(2, seed=5, side="elder", **kw)  # type: ignore[arg-type]
    assert all(r.deals == 2 for r in rows)
    monkeypatch.setattr(analysis, "PIMC_TASK_DEALS", 1)
    with ThreadPoolExecutor(2) as pool:
        assert decision_table(2, seed=5, side="elder", executor=pool, **kw) == rows  # type: ignore[arg-type]
    game = first_decision_game(1, seed=6, **kw)  # type: ignore[arg-type]
    assert sum(map(sum, game.deals)) == len(game.elder_classes) + len(game.dealer_classes)
    with pytest.raises(ValueError, match="per_class"):
        decision_table(10, seed=1, players="pimc")
    with pytest.raises(ValueError, match="players"):
        decision_table(10, seed=1, per_class=True, players="gib")  # type: ignore[arg-type]


def _run(*argv: str) -> str:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = io.StringIO()
    assert command(parser.parse_args(list(argv)), out) == 0
    return out.getvalue()


def test_the_command_by_class() -> None:
    text = _run("--deals", "30", "--game", "40", "--per-class", "--by", "shape", "--workers", "1")
    assert "30 deals of each class, played by the model" in text
    assert "40 deals of each class of each seat" in text and "share" in text
    assert "points per hand to the elder" in text and "its gain (refuse - accept)" in text
    pytest.importorskip("ecarte_regles")  # the classical table: 23 classes
    pimc = _run(
        "--deals", "1", "--per-class", "--players", "pimc", "--worlds", "2", "--workers", "1"
    )
    assert "the PIMC player at both seats (2 worlds a decision)" in pimc
    with pytest.raises(EcarteError, match="--players pimc needs --per-class"):
        _run("--deals", "10", "--players", "pimc")


@pytest.mark.long(10)
def test_the_command_by_class_gives_the_same_numbers_on_any_executor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers 1``, ``--workers 2`` and ``--dask local``, with the PIMC players: the
    same tables and game."""
    pytest.importorskip("dask.distributed")
    pytest.importorskip("ecarte_regles")
    monkeypatch.setattr(analysis, "PIMC_TASK_DEALS", 1)
    base = ["--deals", "1", "--game", "1", "--per-class", "--players", "pimc", "--worlds", "2",
            "--seed", "8"]  # fmt: skip
    texts = [
        _run(*base, *where)
        for where in (["--workers", "1"], ["--workers", "2"], ["--dask", "local", "--workers", "2"])
    ]
    assert "zero-sum game" in texts[0]
    assert texts[0] == texts[1] == texts[2]


@pytest.mark.long(8)
def test_a_two_worker_local_cluster_gives_the_serial_tables_by_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analysis, "TASK_DEALS", 100)  # two tasks a class
    kw = {"seed": 6, "side": "dealer", "by": "shape", "per_class": True}
    with dask_two_workers() as executor:
        on_dask = decision_table(200, executor=executor, **kw)  # type: ignore[arg-type]
    assert on_dask == decision_table(200, **kw)  # type: ignore[arg-type]


def test_an_interrupted_run_keeps_the_first_deals_of_every_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C (a KeyboardInterrupt) keeps the rounds done: the first deals of every class,
    the same records as a shorter run."""
    monkeypatch.setattr(analysis, "TASK_DEALS", 30)  # three rounds

    def stop_after(tasks: int) -> Callable[[int, int], None]:
        def progress(done: int, total: int) -> None:
            if done == tasks:
                raise KeyboardInterrupt

        return progress

    n = len(class_table("shape", "elder").labels) + 2 * len(class_table("shape", "dealer").labels)
    run = analysis._run_strata
    with ThreadPoolExecutor(2) as pool:
        part = run((90, 90, 90), 4, "shape", None, "model", 1, pool, stop_after(n + 3), True)
    assert all(len(r) == 30 for side in part for r in side.values())
    assert part == run((30, 30, 30), 4, "shape", None, "model", 1, None)
    with pytest.raises(KeyboardInterrupt):
        run((90, 90, 0), 4, "shape", None, "model", 1, None, stop_after(2))


def test_the_command_prints_the_rounds_done_when_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = analysis._map

    def interrupted(*args: object, **kw: object) -> list[object]:
        def progress(done: int, total: int) -> None:
            if done == total // 3:
                raise KeyboardInterrupt

        return real(*args[:3], progress, True)  # type: ignore[arg-type,call-arg]

    monkeypatch.setattr(analysis, "TASK_DEALS", 10)
    monkeypatch.setattr(analysis, "_map", interrupted)
    text = _run("--deals", "30", "--game", "30", "--per-class", "--by", "shape", "--workers", "1")
    assert "interrupted; the tables of the first deals of each class (as --deals 10 --game 10)" in (
        capsys.readouterr().err
    )
    monkeypatch.setattr(analysis, "_map", real)
    assert text == _run("--deals", "10", "--game", "10", "--per-class", "--by", "shape",
                        "--workers", "1")  # fmt: skip


def test_a_class_interval_on_its_own_sample_is_the_plain_one() -> None:
    """Dealt by the elder's classes alone, an elder's class's gain at the equilibrium is the
    plain mean of its deals' gains, and its interval the plain normal one."""
    from ecarte.arena import Interval

    found = analysis._run_strata((200, 0, 0), 9, "shape", None, "model", 1, None)
    game, deals = analysis._class_game("shape", found, 200)
    eq = solve(game, iterations=2000)
    refuse = dict(zip(game.dealer_classes, eq.refuse, strict=True))
    elder_rows, _, _ = class_values(game, deals, eq)
    for k, row in enumerate(elder_rows):
        gains = [play - (refuse[d] * r + (1 - refuse[d]) * a) for d, play, r, a, _ in found[0][k]]
        plain = Interval.of(gains)
        assert row.deals == 200
        assert row.advantage == pytest.approx(plain.mean)
        assert row.high - row.low == pytest.approx(plain.high - plain.low, rel=0.02)
